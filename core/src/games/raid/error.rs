//! The typed errors of the raid game. Every variant names the rule it enforces
//! ([`Error::rule`]), and an operation that returns one has left the state exactly as it was.

use thiserror::Error;

use super::{Phase, SiteId};
use crate::engine::Rule;

/// A refused action or operation, naming the rule broken.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// The action belongs to another phase of the turn (RG-3).
    #[error("{action} is not an action of the {phase:?} phase (RG-3)")]
    WrongPhase {
        /// The action, as text.
        action: String,
        /// The phase the game is in.
        phase: Phase,
    },
    /// Castles have no table and take no part in play (ruling 13).
    #[error("{0} is a castle, reserved in this ruleset (ruling 13)")]
    Castle(SiteId),
    /// A sacked village or town, or a fallen fort, cannot be raided (RG-5.1, RG-5.4).
    #[error("{0} has been sacked or has fallen and cannot be raided (RG-5.4)")]
    NotRaidable(SiteId),
    /// A consecutive raid must take a site not raided this turn (RG-5.6).
    #[error("{0} was already raided this turn (RG-5.6)")]
    RaidedThisTurn(SiteId),
    /// A raid needs an effective strength of at least 1 after fatigue (RG-5.1, ruling 20).
    #[error("a raid needs strength at least 1 after fatigue; it would be {power} (ruling 20)")]
    TooWeak {
        /// The strength the raid would have.
        power: u32,
    },
    /// Continued plunder is over, or all three resources are at their cap (RG-5.5).
    #[error("nothing more can be plundered (RG-5.5)")]
    PlunderCapped,
    /// The player cannot pay for this trade or recruitment (RG-7.1).
    #[error("{action} costs more than the player has (RG-7.1)")]
    CannotAfford {
        /// The action, as text.
        action: String,
    },
    /// One recruitment spends at most
    /// [`Action::MAX_RECRUIT_FUNDS`](super::Action::MAX_RECRUIT_FUNDS) funds: an engine
    /// limit beside rulings 22 and 30, so that every action has a number.
    #[error("one recruitment spends at most {max} funds (an engine limit beside ruling 22)")]
    RecruitTooLarge {
        /// The limit.
        max: u32,
    },
    /// Recruitment is allowed once per turn, for at least 1 funds (RG-7.2, ruling 22).
    #[error("recruitment is allowed once per turn, for at least 1 funds (RG-7.2)")]
    RecruitmentSpent,
    /// The 商才 trade needs the talent and is allowed once per turn (ruling 10).
    #[error("the merchant trade needs the Merchant talent, once per turn (ruling 10)")]
    MerchantTrade,
    /// The talent is not on offer: none is owed, or it is owned or not recruitable
    /// (ruling 10).
    #[error("that talent cannot be chosen now (ruling 10)")]
    TalentNotOffered,
    /// A talent earned by recruitment must be chosen first (ruling 10).
    #[error("choose the talent earned by recruitment first (ruling 10)")]
    TalentOwed,
    /// An action arrived after the game ended (RG-10).
    #[error("the game is over (RG-10)")]
    GameOver,
    /// The raid game has one seat, the raider; the GM is the engine (ruling 27).
    #[error("seat {seat} does not play: the raid game has one seat, 0 (ruling 27)")]
    NoSuchSeat {
        /// The seat that sent the action.
        seat: usize,
    },
    /// A campaign that could not arise from play (RG-11).
    #[error("campaign refused: {reason} (RG-11)")]
    Campaign {
        /// What is wrong.
        reason: String,
    },
    /// Any other action not among the legal choices of the pending decision.
    #[error("{action} is not a legal choice now ({rule})")]
    IllegalAction {
        /// The action, as text.
        action: String,
        /// The rule that decides what is legal here.
        rule: Rule,
    },
}

impl Error {
    /// The rule this error enforces: `"RG-x.y"` or `"ruling N"`.
    ///
    /// ```
    /// use darbar::engine::Rule;
    /// use darbar::raid::Error;
    ///
    /// assert_eq!(Error::GameOver.rule(), Rule("RG-10"));
    /// assert_eq!(Error::TooWeak { power: 0 }.rule(), Rule("ruling 20"));
    /// ```
    pub fn rule(&self) -> Rule {
        match self {
            Error::WrongPhase { .. } => Rule("RG-3"),
            Error::Castle(_) => Rule("ruling 13"),
            Error::NotRaidable(_) => Rule("RG-5.4"),
            Error::RaidedThisTurn(_) => Rule("RG-5.6"),
            Error::TooWeak { .. } => Rule("ruling 20"),
            Error::PlunderCapped => Rule("RG-5.5"),
            Error::CannotAfford { .. } => Rule("RG-7.1"),
            Error::RecruitTooLarge { .. } => Rule("ruling 22"),
            Error::RecruitmentSpent => Rule("RG-7.2"),
            Error::MerchantTrade | Error::TalentNotOffered | Error::TalentOwed => Rule("ruling 10"),
            Error::GameOver => Rule("RG-10"),
            Error::NoSuchSeat { .. } => Rule("ruling 27"),
            Error::Campaign { .. } => Rule("RG-11"),
            Error::IllegalAction { rule, .. } => *rule,
        }
    }
}
