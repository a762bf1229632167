//! The typed errors of Pax Pamir. Every variant names the rule it enforces ([`Error::rule`]),
//! and an operation that returns one has left the state exactly as it was.

use thiserror::Error;

use super::frame::DecisionKind;
use super::{CardAction, CardId, Slot};
use crate::engine::{Cites, Rule};

/// A refused action or operation, naming the rule broken.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// The game is over (PP-13.8, PP-13.9).
    #[error("the game is over (PP-13.9)")]
    GameOver,
    /// The decision is another seat's (PP-16).
    #[error("seat {seat} cannot act now: the decision is seat {expected}'s (PP-16)")]
    NotYourDecision {
        /// The seat that sent the action.
        seat: usize,
        /// The seat that decides.
        expected: usize,
    },
    /// The action is not an answer to this kind of decision (PP-16).
    #[error("{action} does not answer the decision now, which is to {kind} ({})", kind.rule())]
    WrongDecision {
        /// The action, as text.
        action: String,
        /// The decision waiting.
        kind: DecisionKind,
    },
    /// The action answers this kind of decision but is not one of its legal answers.
    #[error("{action} is not legal now: {why} ({rule})")]
    NotLegal {
        /// The action, as text.
        action: String,
        /// Why not.
        why: String,
        /// The rule.
        rule: Rule,
    },
    /// No action is left this turn (PP-6.2).
    #[error("no action is left this turn (PP-6.2)")]
    NoActionsLeft,
    /// The slot holds no card (PP-7.1.1).
    #[error("market slot {0} holds no card (PP-7.1.1)")]
    EmptySlot(Slot),
    /// Public Withdrawal cannot be purchased (PP-14.1).
    #[error("Public Withdrawal cannot be purchased (PP-14.1)")]
    PublicWithdrawal,
    /// A card that received a rupee this turn cannot be purchased (PP-7.1.1).
    #[error("{0} received a rupee this turn and cannot be purchased (PP-7.1.1)")]
    PaidThisTurn(CardId),
    /// The player cannot pay (PP-7.1.1, PP-8.1.1).
    #[error("it costs {cost} rupees and the player has {rupees} ({rule})")]
    CannotAfford {
        /// The cost.
        cost: i16,
        /// The rupees held.
        rupees: i16,
        /// The rule.
        rule: Rule,
    },
    /// The card is not in the player's hand (PP-7.2.1).
    #[error("{0} is not in the player's hand (PP-7.2.1)")]
    NotInHand(CardId),
    /// The card is not in the player's court (PP-8.1.1).
    #[error("{0} is not in the player's court (PP-8.1.1)")]
    NotInCourt(CardId),
    /// The card does not show the action (PP-8.1.1).
    #[error("{card} does not show the {action} action (PP-8.1.1)")]
    NoSuchAction {
        /// The card.
        card: CardId,
        /// The action.
        action: CardAction,
    },
    /// The card has already acted this turn (PP-6.4).
    #[error("{0} has already been used for an action this turn (PP-6.4)")]
    CardUsed(CardId),
    /// The action would have no effect (PP-8.1.1 condition 5, PP-OQ-4).
    #[error("{action} with {card} would have no legal effect (PP-8.1.1)")]
    NoEffect {
        /// The card.
        card: CardId,
        /// The action.
        action: CardAction,
    },
    /// A seat not at the table.
    #[error("there is no seat {seat} at this table of {players} (PP-4.1)")]
    NoSuchSeat {
        /// The seat.
        seat: usize,
        /// The seats at the table.
        players: usize,
    },
    /// The rules were asked for a player count the game is not for (PP-4.1).
    #[error("Pax Pamir seats 2 to 5 players, not {0} (PP-4.1)")]
    PlayerCount(u8),
    /// Wakhan plays with one or two people, so 2 or 3 seats with hers (WK-10).
    #[error("Pax Pamir against Wakhan seats 2 or 3 players, her seat included, not {0} (WK-10)")]
    WakhanPlayerCount(u8),
}

impl Error {
    /// The rule the error enforces.
    ///
    /// ```
    /// use darbar::engine::Rule;
    /// use darbar::pax_pamir::Error;
    ///
    /// assert_eq!(Error::NoActionsLeft.rule(), Rule("PP-6.2"));
    /// ```
    pub fn rule(&self) -> Rule {
        match self {
            Error::GameOver => Rule("PP-13.9"),
            Error::NotYourDecision { .. } => Rule("PP-16"),
            Error::WrongDecision { kind, .. } => kind.rule(),
            Error::NotLegal { rule, .. } | Error::CannotAfford { rule, .. } => *rule,
            Error::NoActionsLeft => Rule("PP-6.2"),
            Error::EmptySlot(_) | Error::PaidThisTurn(_) => Rule("PP-7.1.1"),
            Error::PublicWithdrawal => Rule("PP-14.1"),
            Error::NotInHand(_) => Rule("PP-7.2.1"),
            Error::NotInCourt(_) | Error::NoSuchAction { .. } | Error::NoEffect { .. } => {
                Rule("PP-8.1.1")
            }
            Error::CardUsed(_) => Rule("PP-6.4"),
            Error::NoSuchSeat { .. } | Error::PlayerCount(_) => Rule("PP-4.1"),
            Error::WakhanPlayerCount(_) => Rule("WK-10"),
        }
    }
}

impl Cites for Error {
    fn rule(&self) -> Rule {
        Error::rule(self)
    }
}
