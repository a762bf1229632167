//! # darbar-lua
//!
//! A sandboxed Lua 5.4 host for darbar's card scripts (architecture principle 8).
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
//! use darbar::vijayanagara::Vijayanagara;
//! use darbar_lua::{Host, ScriptValue};
//!
//! let mut host = Host::new();
//! let game = Vijayanagara::default();
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
//! [`EventHost`](darbar::vijayanagara::EventHost), so a game created with events enabled plays
//! them through [`State::apply_with`](darbar::vijayanagara::State::apply_with). A card's side
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
