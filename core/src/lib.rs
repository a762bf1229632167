//! # darbar
//!
//! A rules engine for historical strategy board games of the Indian subcontinent. Games are
//! plain values with typed actions and errors under strict validation: every refused operation
//! names the section of the rules it enforces and leaves the state exactly as it was.
//!
//! - [`engine`]: what every game shares (the seeded generator, decisions, snapshots, replays).
//! - [`vijayanagara`]: Vijayanagara (GMT, 1290–1398), playable end to end.
//! - [`raid`]: the kingdom raid dice game, a GM-run solo game with campaigns, playable end to end.
//! - [`bots`]: players that choose among the legal actions.
//!
//! ```
//! use darbar::vijayanagara::{Player, State};
//!
//! let mut state = State::new(42);
//! println!("{state}"); // a readable picture of the board
//! assert_eq!(state.resources(Player::Bahmani), 6);
//!
//! // Every decision lists its legal choices; apply one of them.
//! let first = state.legal_actions()[0];
//! state.apply(first).unwrap();
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bots;
pub mod engine;
pub mod games;
pub mod testing;

pub use games::raid;
pub use games::vijayanagara;

/// The README's Rust quick start, run as a doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeQuickStart;
