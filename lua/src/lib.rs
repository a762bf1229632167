//! # darbar-lua
//!
//! A sandboxed Lua 5.4 host for darbar's card scripts (architecture principle 8).
//!
//! Vijayanagara's Event cards are Lua scripts, so this is the crate to play the published game
//! from Rust: [`vijayanagara`] gives its rules with the darbar default deck, as the command line
//! and Python play it ([`registry`] loads every game so). The core crate alone plays it only
//! without Event cards, when asked by name (`Vijayanagara::without_events`).
//!
//! ```
//! use darbar::bots::{Bot, RandomBot};
//! use darbar::engine::{Game, Log};
//! use darbar::vijayanagara::{Action, EventSide, Options, TurnOption};
//!
//! let game = darbar_lua::vijayanagara(Options::default());
//! let mut state = game.new_initial_state(7);
//! // The first faction takes the Event of the card in play (§2.3.4).
//! game.apply(&mut state, Action::Option(TurnOption::EventOrCommand), &mut Log::silent())?;
//! assert!(game.legal_actions(&state).contains(&Action::Event(EventSide::Unshaded)));
//!
//! // Every decision lists its legal choices; the rules check and apply the one chosen.
//! let mut bot = RandomBot::new(7);
//! for _ in 0..20 {
//!     let decision = game.decision(&state).unwrap();
//!     let action = bot.choose(&game, &state, &decision).unwrap();
//!     game.apply(&mut state, action, &mut Log::silent())?;
//! }
//! # Ok::<(), darbar::vijayanagara::Error>(())
//! ```
//!
//! A [`Host`] owns one Lua state with only the `table`, `string`, `math` and `utf8` libraries
//! and a safe part of the base library. It evaluates a script against a **read-only** view of
//! a state of any game that implements [`LuaGame`], the global `game`, lent for the length of
//! the call. `game` has the generic methods of every game ([`game`]: the decision, the legal
//! actions, the returns, a seat's view) and the game's own ([`games`]). `math.random` draws
//! from a [`GameRng`](darbar::engine::GameRng) that the caller supplies, so scripts are as
//! reproducible as the rest of the engine. Every call runs under an instruction budget (which
//! also prices the work library calls do, [`library`]), a memory limit and a wall-clock limit
//! ([`Limits`]); exceeding any is a typed [`ScriptError`] and the host remains usable. Nothing a
//! script sees depends on addresses or on Lua's per-process hash seed, so the same script on
//! the same state gives the same result in every process.
//!
//! ```
//! use darbar::engine::{Game, GameRng};
//! use darbar::vijayanagara::Options;
//! use darbar_lua::{Host, ScriptValue};
//!
//! let mut host = Host::new();
//! let game = darbar_lua::vijayanagara(Options::default());
//! let state = game.new_initial_state(42);
//! let mut rng = GameRng::from_seed_u64(42);
//!
//! let script = r#"
//!     -- Which Provinces next to Andhra hold Rajas?
//!     local found = {}
//!     for _, space in ipairs(game:neighbours("Andhra")) do
//!         if game:pieces(space).rajas > 0 then
//!             found[#found + 1] = space
//!         end
//!     end
//!     return found
//! "#;
//! let value = host.evaluate(&game, &state, &mut rng, script, "rajas near Andhra").unwrap();
//! assert_eq!(value.to_string(), r#"{"Karnataka", "Tamilakam"}"#);
//! ```
//!
//! A [`ScriptBot`] plays any such game from a script that picks one of `game:legal_actions()`.
//!
//! A [`CardHost`] runs Event cards written as Lua files: it implements the core's
//! [`EventHost`](darbar::vijayanagara::EventHost) on one thread, and [`Cards`] on every thread,
//! so that the rules of a game hold it ([`Cards::game`]) and play the cards. A card's side
//! function receives `ctx`, lent `&mut` to a scratch copy of the state for one run: the same
//! queries as `game`, the core's validated effects, grants of free Commands and Decrees, and
//! choices in the middle of an effect, replayed from the card's start with the answers given so
//! far. [`CardHost::standard`] is the darbar default deck shipped in `lua/cards/vijayanagara/`.
//!
//! - [`host`]: the sandbox, the limits and how a call runs; [`library`]: what library calls
//!   cost.
//! - [`game`]: [`LuaGame`] and the generic `game` methods; [`games`]: each game's own
//!   (Vijayanagara's map and tracks, the raid game's camp and sites).
//! - [`bot`]: [`ScriptBot`]; [`args`]: reading method arguments, for a game's own methods.
//! - [`cards`]: card files, loading a deck, how a card runs; [`cards::ctx`]: the `ctx` object.
//! - [`ScriptValue`]: what a script returns; [`ScriptError`]: why it failed;
//!   [`DeckError`]: why a deck was refused.
//!
//! `lua/README.md` describes the sandbox and the card API for card designers.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod args;
pub mod bot;
pub mod cards;
mod error;
pub mod game;
pub mod games;
pub mod host;
pub mod library;
mod meter;
mod random;
mod value;

pub use bot::ScriptBot;
pub use cards::{
    CardHost, CardRun, Cards, DeckError, MAX_CACHED_DECKS, MAX_CARD_TEXT_BYTES, STANDARD_DECK,
    check_replay_deck, registry,
};
pub use error::ScriptError;
pub use game::{LuaGame, with_game};
pub use games::raid::RAID_BOT_EXAMPLE;
pub use games::vijayanagara::VIJAYANAGARA_BOT_EXAMPLE;
pub use host::{Evaluation, Host, LOG_TRUNCATED, Limits, MAX_LOG_BYTES, MAX_MESSAGE_BYTES};
pub use library::{
    BYTES_PER_INSTRUCTION, CALL_INSTRUCTIONS, PATTERN_STEPS_PER_INSTRUCTION, VALUE_INSTRUCTIONS,
};
pub use value::{MAX_DEPTH, MAX_VALUES, ScriptValue};

use darbar::vijayanagara::{Options, Vijayanagara};

/// Vijayanagara as published, the way to play it from Rust: the rules with `options` and the
/// Event cards of the darbar default deck ([`Cards::standard`], §2.3.4), as the command line
/// and Python play it. Event cards are on, and the deck rules are the default deck's, whatever
/// `options` says of them; a deck of one's own is [`Cards::from_dir`] and [`Cards::game`], and
/// the game without Event cards is the core's `Vijayanagara::without_events`.
///
/// ```
/// use darbar::engine::Game;
/// use darbar::vijayanagara::Options;
///
/// let game = darbar_lua::vijayanagara(Options::default());
/// assert!(game.options().events);
/// assert!(game.cards().is_some());
/// ```
pub fn vijayanagara(options: Options) -> Vijayanagara {
    Cards::standard().game(options)
}

/// The README's Rust quick start, run as a doctest so that it stays true (it plays the game
/// with its Event cards, which need this crate).
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeQuickStart;
