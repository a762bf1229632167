//! Decisions and actions: who must choose now, what, and the legal answers (architecture
//! principle 2).
//!
//! The board itself owes a decision only when an Influence slot must be refilled (§1.9). The
//! sequence of play (§2.2–§2.7) adds its decisions on top of these.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::influence::PieceSource;
use super::{Error, Loyalty, Player, RuleOptions, SpaceId, State};
use crate::engine::{Decision, Replay, ReplayError, Rule, Snapshot};

/// What a pending decision is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DecisionKind {
    /// Choose the next piece for the Influence slot at `level` (§1.9, OQ-15).
    RefillInfluenceSlot {
        /// The slot's level.
        level: u8,
    },
}

impl DecisionKind {
    /// The rule that says what is legal in this decision, cited when an action is refused.
    ///
    /// ```
    /// use darbar::engine::Rule;
    /// use darbar::vijayanagara::DecisionKind;
    ///
    /// assert_eq!(DecisionKind::RefillInfluenceSlot { level: 2 }.rule(), Rule("1.9"));
    /// ```
    pub fn rule(self) -> Rule {
        match self {
            DecisionKind::RefillInfluenceSlot { .. } => Rule("1.9"),
        }
    }
}

/// A legal answer to a decision. Every action has a string form that parses back.
///
/// ```
/// use darbar::vijayanagara::{Action, PieceSource, Loyalty, SpaceId};
///
/// let action = Action::Refill(PieceSource::Map(SpaceId::Karnataka, Loyalty::Obedient));
/// assert_eq!(action.to_string(), "refill from Karnataka (Obedient)");
/// assert_eq!("refill from Karnataka (Obedient)".parse(), Ok(action));
/// assert_eq!("refill from available".parse(), Ok(Action::Refill(PieceSource::Available)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Put one piece from this source into the slot being refilled (§1.9).
    Refill(PieceSource),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Refill(PieceSource::Available) => f.write_str("refill from available"),
            Action::Refill(PieceSource::Map(space, loyalty)) => {
                write!(f, "refill from {space} ({loyalty})")
            }
        }
    }
}

impl FromStr for Action {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let rest = s
            .trim()
            .strip_prefix("refill from ")
            .ok_or_else(|| format!("unknown action {s:?}"))?;
        if rest.eq_ignore_ascii_case("available") {
            return Ok(Action::Refill(PieceSource::Available));
        }
        let (space, loyalty) = rest
            .strip_suffix(')')
            .and_then(|r| r.rsplit_once(" ("))
            .ok_or_else(|| format!("expected \"refill from <space> (<state>)\", got {s:?}"))?;
        let loyalty = match loyalty {
            "Obedient" => Loyalty::Obedient,
            "Rebelling" => Loyalty::Rebelling,
            other => return Err(format!("unknown state {other:?}")),
        };
        Ok(Action::Refill(PieceSource::Map(
            space.parse::<SpaceId>()?,
            loyalty,
        )))
    }
}

/// The decisions of Vijayanagara.
pub type VijayanagaraDecision = Decision<Player, DecisionKind, Action>;

/// A replay record of a Vijayanagara game.
pub type VijayanagaraReplay = Replay<RuleOptions, Action>;

impl State {
    /// The decision the game is waiting for, if the board owes one.
    ///
    /// ```
    /// use darbar::vijayanagara::{Action, DecisionKind, PieceSource, Player, State};
    ///
    /// let mut state = State::new(1);
    /// assert!(state.decision().is_none());
    /// state.shift_influence(Player::Bahmani, 2).unwrap(); // releases the level-2 slot
    /// state.shift_influence(Player::Bahmani, -1).unwrap(); // and now it must be refilled
    /// let decision = state.decision().unwrap();
    /// assert_eq!(decision.player, Player::Bahmani);
    /// assert_eq!(decision.kind, DecisionKind::RefillInfluenceSlot { level: 2 });
    /// state.apply(Action::Refill(PieceSource::Available)).unwrap();
    /// state.apply(Action::Refill(PieceSource::Available)).unwrap();
    /// assert!(state.decision().is_none());
    /// ```
    pub fn decision(&self) -> Option<VijayanagaraDecision> {
        let (player, level) = self.pending_refill()?;
        let choices = self
            .refill_sources()
            .into_iter()
            .map(Action::Refill)
            .collect();
        Decision::new(player, DecisionKind::RefillInfluenceSlot { level }, choices)
    }

    /// The legal actions now, in a stable order (empty when no decision is pending).
    pub fn legal_actions(&self) -> Vec<Action> {
        self.decision().map(|d| d.choices).unwrap_or_default()
    }

    /// The player who must decide now, if anyone.
    pub fn current_player(&self) -> Option<Player> {
        self.decision().map(|d| d.player)
    }

    /// Applies a legal action; anything else is refused with an error naming the rule, and the
    /// state is left unchanged.
    pub fn apply(&mut self, action: Action) -> Result<(), Error> {
        let decision = self.decision().ok_or(Error::NothingToDecide)?;
        if !decision.allows(&action) {
            return Err(Error::IllegalAction {
                action: action.to_string(),
                rule: decision.kind.rule(),
            });
        }
        match action {
            Action::Refill(source) => self.refill_from(source),
        }
    }

    /// Applies an action on behalf of `player`, refusing it if the decision is someone else's.
    pub fn apply_as(&mut self, player: Player, action: Action) -> Result<(), Error> {
        match self.decision() {
            Some(d) if d.player != player => Err(Error::NotYourDecision {
                expected: d.player,
                actual: player,
                rule: d.kind.rule(),
            }),
            _ => self.apply(action),
        }
    }

    /// The replay record of a game that started from this state's seed and options and took
    /// `actions`.
    pub fn replay_record(&self, actions: Vec<Action>) -> VijayanagaraReplay {
        Replay {
            game: Self::GAME.to_owned(),
            options: self.options,
            seed: self.seed,
            actions,
        }
    }

    /// Rebuilds a game from its replay record: set up with the record's options and seed, then
    /// every action applied in order (architecture principle 4).
    ///
    /// ```
    /// use darbar::vijayanagara::State;
    ///
    /// let record = State::new(9).replay_record(vec![]);
    /// assert_eq!(State::replay(&record), Ok(State::new(9)));
    /// ```
    pub fn replay(record: &VijayanagaraReplay) -> Result<State, ReplayError> {
        if record.game != Self::GAME {
            return Err(ReplayError::WrongGame {
                expected: Self::GAME,
                found: record.game.clone(),
            });
        }
        let mut state = State::with_options(record.seed, record.options);
        for (index, &action) in record.actions.iter().enumerate() {
            state
                .apply(action)
                .map_err(|e| ReplayError::IllegalAction {
                    index,
                    action: action.to_string(),
                    reason: e.to_string(),
                })?;
        }
        Ok(state)
    }
}
