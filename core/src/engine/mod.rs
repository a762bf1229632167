//! What every game shares: the [`Game`] interface and its erased form ([`DynGame`],
//! [`DynState`]), the random number generator kept in the state, the decision model,
//! rule-citing errors, the narrative log, versioned snapshots and replay records, and the
//! words of a game's cards ([`CardText`]).
//!
//! Games build on these pieces; none of them knows any game's rules.

pub mod card;
pub mod decision;
pub mod dyn_game;
pub mod error;
pub mod game;
pub mod log;
mod named;
pub mod replay;
pub mod rng;
pub mod snapshot;
pub(crate) use named::named_enum;
pub(crate) mod svg;
mod view_text;

pub use card::{CardSide, CardText, ContentHash, DeckId};
pub use decision::Decision;
pub use dyn_game::{
    DynGame, DynState, LoadError, Play, Refusal, Rules, ScriptFailure, options_from_json,
};
pub use error::{Rule, Violation};
pub use game::{Cites, Game, ReplayOf, Seat, SeatDecision};
pub use log::Log;
pub use replay::{Replay, ReplayError, deck_of_record};
pub use rng::GameRng;
pub use snapshot::{Snapshot, SnapshotError, deck_of_snapshot, game_of_snapshot};
pub use view_text::view_text;
