//! # darbar
//!
//! A rules engine for historical strategy board games of the Indian subcontinent. Games are
//! plain values with typed actions and errors under strict validation: every refused operation
//! names the section of the rules it enforces and leaves the state exactly as it was.
//!
//! - [`engine`]: what every game shares: the [`Game`](engine::Game) interface (a game's rules
//!   with their options; states are plain values), its erased form for the bindings
//!   ([`DynGame`](engine::DynGame), [`DynState`](engine::DynState)), the seeded generator,
//!   decisions, snapshots, replays and the log.
//! - [`games`]: the games and the [`Registry`](games::Registry) that finds them by name, with
//!   the steps to add a game.
//! - [`vijayanagara`]: Vijayanagara (GMT, 1290–1398), playable end to end.
//! - [`raid`]: the kingdom raid dice game, a GM-run solo game with campaigns.
//! - [`pax_pamir`]: Pax Pamir (2nd edition) for 2 to 5 players.
//! - [`bots`]: players written once over the interface: random and flat Monte Carlo.
//! - [`testing`]: the random-simulation checker, the proptest driver, the seed fan-out and the
//!   playthroughs every game's tests use.
//!
//! A game is played through its rules value, the one route by which actions are checked and
//! applied ([`Game::apply`](engine::Game::apply)). Vijayanagara's Event cards are Lua scripts
//! that this crate cannot run: the published game, with its cards, is
//! `darbar_lua::vijayanagara(Options::default())` from the `darbar-lua` crate. This crate
//! alone plays it without them, and says so:
//!
//! ```
//! use darbar::bots::{Bot, RandomBot};
//! use darbar::engine::{Game, Log};
//! use darbar::vijayanagara::{Options, Player, Vijayanagara};
//!
//! let game = Vijayanagara::without_events(Options::default());
//! let mut state = game.new_initial_state(42);
//! println!("{state}"); // a readable picture of the board
//! assert_eq!(state.resources(Player::Bahmani), 6);
//!
//! // Every decision lists its legal choices; apply one of them.
//! let decision = game.decision(&state).unwrap();
//! let action = RandomBot::new(1).choose(&game, &state, &decision).unwrap();
//! game.apply(&mut state, action, &mut Log::silent()).unwrap();
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bots;
pub mod engine;
pub mod games;
pub mod testing;

pub use games::pax_pamir;
pub use games::raid;
pub use games::tycoon;
pub use games::vijayanagara;
