//! Why an action or a game was refused: every error names the rule broken.

use thiserror::Error;

use crate::engine::{Cites, Rule};

use super::action::Action;
use super::frame::DecisionKind;

/// A refused action or set-up.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Error {
    /// The game is over (TI-16).
    #[error("the game is over (TI-16)")]
    GameOver,
    /// A seat number past the table.
    #[error("there is no seat {seat}: the game has {seats} seats")]
    NoSuchSeat {
        /// The seat named.
        seat: usize,
        /// The seats of the game.
        seats: usize,
    },
    /// Another seat must decide now.
    #[error("it is seat {expected}'s decision, not seat {seat}'s")]
    NotYourDecision {
        /// The seat that sent the action.
        seat: usize,
        /// The seat that decides.
        expected: usize,
    },
    /// The action does not answer the decision, or breaks the rule that governs it.
    #[error("{action} is not legal now ({kind}): {reason} ({rule})")]
    Illegal {
        /// The action refused.
        action: Action,
        /// The decision it was sent to.
        kind: DecisionKind,
        /// The rule broken.
        rule: Rule,
        /// Why, in words.
        reason: String,
    },
    /// A game needs 3 or 4 seats and at most 4 people (TC-16.1).
    #[error(
        "a game needs 3 or 4 seats with at most 4 people, not {players} people and {automas} automas (TC-16.1)"
    )]
    SeatCount {
        /// People's seats asked for.
        players: u8,
        /// Automa seats asked for.
        automas: u8,
    },
}

impl Cites for Error {
    fn rule(&self) -> Rule {
        match self {
            Error::GameOver => Rule("TI-16"),
            Error::NoSuchSeat { .. } | Error::NotYourDecision { .. } => Rule("TI-0.2"),
            Error::Illegal { rule, .. } => *rule,
            Error::SeatCount { .. } => Rule("TC-16.1"),
        }
    }
}
