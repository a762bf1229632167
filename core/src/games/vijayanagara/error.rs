//! The typed errors of Vijayanagara. Every variant names the rule it enforces ([`Error::rule`]),
//! and an operation that returns one has left the state exactly as it was.

use thiserror::Error;

use super::{EventSide, Piece, PieceKind, Player, SpaceId, Structure};
use crate::engine::Rule;

/// A refused operation or action, naming the rule broken.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// Pieces of this kind may not stand in this space (§1.3 entry table).
    #[error("a {piece} may not stand in {space} (§1.3)")]
    EntryForbidden {
        /// The piece.
        piece: PieceKind,
        /// The space.
        space: SpaceId,
    },
    /// The space already holds a structure (§1.4(e), OQ-8).
    #[error("{space} may hold at most one structure (already there: {existing:?}) (§1.4(e))")]
    StackingLimit {
        /// The space.
        space: SpaceId,
        /// The structure already there, if any.
        existing: Option<Structure>,
    },
    /// Too few pieces are available to place (§1.4(d)).
    #[error("only {available} {} available, {wanted} needed (§1.4(d))", piece.name(2))]
    NotAvailable {
        /// The piece kind.
        piece: PieceKind,
        /// How many were asked for.
        wanted: u8,
        /// How many are in the holding box.
        available: u8,
    },
    /// Too few such pieces stand in the space (§1.4(d)).
    #[error("{space} holds {present} × {piece}, {wanted} needed (§1.4(d))")]
    NotPresent {
        /// The piece.
        piece: Piece,
        /// The space.
        space: SpaceId,
        /// How many were asked for.
        wanted: u8,
        /// How many are there.
        present: u8,
    },
    /// Structures never move once placed (§1.4(b)).
    #[error("a {0} is a structure, and structures never move (§1.4(b))")]
    StructuresDoNotMove(PieceKind),
    /// Only Amirs and Rajas are Obedient or Rebelling (§1.4(c)).
    #[error("a {0} is neither Obedient nor Rebelling; only Amirs and Rajas are (§1.4(c))")]
    NoLoyalty(PieceKind),
    /// The operation needs a Province (§1.6).
    #[error("{0} is not a Province, so it is never Tributary or Independent (§1.6)")]
    NotAProvince(SpaceId),
    /// A cost that cannot be paid (§1.8, OQ-13).
    #[error("{player} has {has} Resources and cannot pay {cost} (§1.8)")]
    CannotAfford {
        /// Who pays.
        player: Player,
        /// The cost.
        cost: u8,
        /// What they hold.
        has: u8,
    },
    /// Too few cavalry tokens held (§1.10).
    #[error("{player} holds {has} cavalry tokens, {wanted} needed (§1.10)")]
    NotEnoughCavalry {
        /// The holder.
        player: Player,
        /// How many were asked for.
        wanted: u8,
        /// How many they hold.
        has: u8,
    },
    /// A gift of no Resource and no cavalry token is no gift (§1.5.2).
    #[error("{giver} must give at least 1 Resource or 1 cavalry token (§1.5.2)")]
    EmptyGift {
        /// Who gives.
        giver: Player,
    },
    /// A gift of more Resources or cavalry tokens than the giver holds (§1.5.2).
    #[error(
        "{giver} holds {has} {}, and cannot give {wanted} (§1.5.2)",
        if *cavalry { "cavalry tokens" } else { "Resources" }
    )]
    GiftBeyondHoldings {
        /// Who gives.
        giver: Player,
        /// How many were to be given.
        wanted: u8,
        /// How many it holds.
        has: u8,
        /// Cavalry tokens rather than Resources.
        cavalry: bool,
    },
    /// The Sultanate has no Deccan Influence track (§1.9).
    #[error("{0} has no Deccan Influence track; only BK and VN do (§1.9)")]
    NoInfluenceTrack(Player),
    /// The action is not among the legal choices of the pending decision.
    #[error("{action} is not a legal choice now ({rule})")]
    IllegalAction {
        /// The action, as text.
        action: String,
        /// The rule that decides what is legal here.
        rule: Rule,
    },
    /// An action arrived while no decision is pending.
    #[error("no decision is pending")]
    NothingToDecide,
    /// An Event needs an event host, and none was given (§2.3.4).
    #[error("carrying out an Event needs an event host (§2.3.4)")]
    NoEventHost,
    /// An event script failed (§2.3.4): the card, its file and line when the host knows them
    /// (`Event 7 failed at 07.lua:12: ...`).
    #[error("Event {card} failed{}: {message} (§2.3.4)", script_place(file.as_deref(), *line))]
    Event {
        /// The card.
        card: u8,
        /// What the host reports.
        message: String,
        /// The card's file, if the host's deck is made of files.
        file: Option<String>,
        /// The script's line, if known.
        line: Option<u32>,
    },
    /// With the `event_requires_effect` option, an Event side whose effect would change nothing
    /// (deck convention C15).
    #[error(
        "Event {card} {side} would change nothing, and the rule options require an effect (deck C15)"
    )]
    EventWithoutEffect {
        /// The card.
        card: u8,
        /// The side chosen.
        side: EventSide,
    },
    /// An event granted more Commands, Decrees and lasting effects than one effect may
    /// ([`EventProgress::MAX_GRANTS`](super::EventProgress::MAX_GRANTS), §2.3.4).
    #[error(
        "Event {card} grants {granted} Commands, Decrees and lasting effects; an effect may grant at most {limit} (EventProgress::MAX_GRANTS, §2.3.4)"
    )]
    TooManyGrants {
        /// The card.
        card: u8,
        /// How many its effect granted.
        granted: usize,
        /// The limit.
        limit: usize,
    },
    /// An action arrived after the game ended (§2.2).
    #[error("the game is over (§2.2)")]
    GameOver,
    /// A seat that is not at the table: Vijayanagara seats 0 = DS, 1 = BK, 2 = VN (§1.1).
    #[error("there is no seat {seat}: the seats are 0 (DS), 1 (BK) and 2 (VN) (§1.1)")]
    NoSuchSeat {
        /// The seat given.
        seat: usize,
    },
    /// An action from a player whose decision it is not.
    #[error("it is {expected}'s decision, not {actual}'s ({rule})")]
    NotYourDecision {
        /// Whose decision it is.
        expected: Player,
        /// Who tried to act.
        actual: Player,
        /// The rule that gives the decision to `expected`.
        rule: Rule,
    },
}

impl Error {
    /// The rule this error enforces.
    ///
    /// ```
    /// use darbar::engine::Rule;
    /// use darbar::vijayanagara::{Error, SpaceId};
    ///
    /// assert_eq!(Error::NotAProvince(SpaceId::Delhi).rule(), Rule("1.6"));
    /// ```
    pub fn rule(&self) -> Rule {
        match self {
            Error::EntryForbidden { .. } => Rule("1.3"),
            Error::StackingLimit { .. } => Rule("1.4(e)"),
            Error::NotAvailable { .. } | Error::NotPresent { .. } => Rule("1.4(d)"),
            Error::StructuresDoNotMove(_) => Rule("1.4(b)"),
            Error::NoLoyalty(_) => Rule("1.4(c)"),
            Error::NotAProvince(_) => Rule("1.6"),
            Error::CannotAfford { .. } => Rule("1.8"),
            Error::NotEnoughCavalry { .. } => Rule("1.10"),
            Error::NoInfluenceTrack(_) => Rule("1.9"),
            Error::EmptyGift { .. } | Error::GiftBeyondHoldings { .. } => Rule("1.5.2"),
            Error::IllegalAction { rule, .. } | Error::NotYourDecision { rule, .. } => *rule,
            Error::NothingToDecide | Error::GameOver => Rule("2.2"),
            Error::NoSuchSeat { .. } => Rule("1.1"),
            Error::NoEventHost | Error::Event { .. } | Error::TooManyGrants { .. } => Rule("2.3.4"),
            Error::EventWithoutEffect { .. } => Rule("deck C15"),
        }
    }
}

/// Where a card script failed, as a message shows it: ` at 07.lua:12`, ` in 07.lua`,
/// ` at line 12`, or nothing.
fn script_place(file: Option<&str>, line: Option<u32>) -> String {
    match (file, line) {
        (Some(file), Some(line)) => format!(" at {file}:{line}"),
        (Some(file), None) => format!(" in {file}"),
        (None, Some(line)) => format!(" at line {line}"),
        (None, None) => String::new(),
    }
}
