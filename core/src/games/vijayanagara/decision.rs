//! Who must decide now, what, and the legal answers; applying an answer (architecture
//! principle 2, 3).

use serde::{Deserialize, Serialize};

use super::event::EventHost;
use super::sequence::Frame;
use super::{Action, CommandKind, DecreeKind, Error, Faction, Log, Player, SpaceId, State};
use crate::engine::{Decision, Rule};

/// What a pending decision is about. [`DecisionKind::rule`] names the rule that says what is
/// legal in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DecisionKind {
    /// Choose the next piece for the Influence slot at `level` (§1.9, OQ-15).
    RefillInfluenceSlot {
        /// The slot's level.
        level: u8,
    },
    /// Choose an option on Event card `card` (§2.3.3).
    TurnOption {
        /// The Event card.
        card: u8,
    },
    /// Choose what to do next within the option taken: a Command, a Decree or the Event
    /// (§2.3.3, §4.1).
    TurnPart,
    /// A step of a Command (§3): which space, how many, which pieces.
    Command {
        /// Whose Command it is (the Mongols' is decided by their operator).
        faction: Faction,
        /// The command.
        kind: CommandKind,
        /// The space being resolved, once one is selected.
        space: Option<SpaceId>,
    },
    /// A step of a Decree (§4).
    Decree {
        /// The decree.
        kind: DecreeKind,
    },
    /// A step of combat (§3.X): a cavalry window or a loss.
    Combat {
        /// Where the battle is.
        space: SpaceId,
    },
    /// Where the rest of a cavalry gain comes from when the pool is empty (§1.10, OQ-19).
    TakeCavalry,
    /// The operator chooses a Mongol command (§2.4.1).
    MongolCommand,
    /// Whether to take the Gift of Compromise (§2.4.2).
    GiftOfCompromise,
    /// Whether DS carries out the Succession card's Campaign (§2.5.1, §2.5.2).
    SuccessionCampaign,
    /// An Influence shift bought on Lords of the Deccan (§2.5.3).
    LordsOfTheDeccan,
    /// Which Troops Plunder removes (§3.5.3).
    Plunder,
    /// A choice inside Event card `card`'s effect (§2.3.4).
    Event {
        /// The Event card.
        card: u8,
    },
    /// A gift opened by `give…` (§1.5.2, OQ-11): to whom, then how many Resources, then how
    /// many cavalry tokens.
    Transfer {
        /// The receiver, once chosen.
        to: Option<Player>,
        /// The Resources given, once chosen.
        resources: Option<u8>,
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
    /// assert_eq!(DecisionKind::TurnOption { card: 3 }.rule(), Rule("2.3.3"));
    /// ```
    pub fn rule(self) -> Rule {
        match self {
            DecisionKind::RefillInfluenceSlot { .. } => Rule("1.9"),
            DecisionKind::TurnOption { .. } | DecisionKind::TurnPart => Rule("2.3.3"),
            DecisionKind::Command { faction, kind, .. } => super::command::rule_of(faction, kind),
            DecisionKind::Decree { kind } => super::decree::rule_of(kind),
            DecisionKind::Combat { .. } => Rule("3.X"),
            DecisionKind::TakeCavalry => Rule("1.10"),
            DecisionKind::MongolCommand => Rule("2.4.1"),
            DecisionKind::GiftOfCompromise => Rule("2.4.2"),
            DecisionKind::SuccessionCampaign => Rule("2.5.1"),
            DecisionKind::LordsOfTheDeccan => Rule("2.5.3"),
            DecisionKind::Plunder => Rule("3.5.3"),
            DecisionKind::Event { .. } => Rule("2.3.4"),
            DecisionKind::Transfer { .. } => super::transfer::RULE,
        }
    }
}

impl std::fmt::Display for DecisionKind {
    /// What is being decided, in words: "Rally in Maharashtra", "an option on Event 12".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            DecisionKind::RefillInfluenceSlot { level } => {
                write!(f, "a piece for the Influence slot at level {level}")
            }
            DecisionKind::TurnOption { card } => write!(f, "an option on Event {card}"),
            DecisionKind::TurnPart => f.write_str("what to do next this turn"),
            DecisionKind::Command {
                kind,
                space: Some(space),
                ..
            } => write!(f, "{} in {space}", kind.name()),
            DecisionKind::Command {
                kind, space: None, ..
            } => write!(f, "{}: a space, or done", kind.name()),
            DecisionKind::Decree { kind } => write!(f, "the {} Decree", kind.name()),
            DecisionKind::Combat { space } => write!(f, "the battle in {space}"),
            DecisionKind::TakeCavalry => f.write_str("whom to take a cavalry token from"),
            DecisionKind::MongolCommand => f.write_str("a Mongol command"),
            DecisionKind::GiftOfCompromise => f.write_str("whether to take the Gift of Compromise"),
            DecisionKind::SuccessionCampaign => {
                f.write_str("whether to make the Succession Campaign")
            }
            DecisionKind::LordsOfTheDeccan => f.write_str("an Influence shift to buy"),
            DecisionKind::Plunder => f.write_str("a Troop to lose to Plunder"),
            DecisionKind::Event { card } => write!(f, "a choice in Event {card}"),
            DecisionKind::Transfer { to: None, .. } => f.write_str("whom to give to"),
            DecisionKind::Transfer {
                to: Some(to),
                resources: None,
            } => write!(f, "how many Resources to give {}", to.abbreviation()),
            DecisionKind::Transfer {
                to: Some(to),
                resources: Some(n),
            } => write!(
                f,
                "how many cavalry tokens to give {} with {}",
                to.abbreviation(),
                super::words::resources(n)
            ),
        }
    }
}

/// The decisions of Vijayanagara.
pub type VijayanagaraDecision = Decision<Player, DecisionKind, Action>;

impl State {
    /// The decision the game is waiting for, or `None` once the game is over.
    ///
    /// A gift under way (§1.5.2) comes first: it was opened at a decision point that waits
    /// beneath it. Then an owed Influence refill (§1.9); otherwise the innermost step of the
    /// sequence of play decides. Where the giver may make a gift, one more entry, `give…`
    /// ([`Action::Give`]), ends the list: see `gift_offered` in the transfer module for the
    /// decision points that offer it (§1.5.2, OQ-11).
    ///
    /// ```
    /// use darbar::engine::{Game, Log};
    /// use darbar::vijayanagara::{Action, DecisionKind, Options, Vijayanagara};
    ///
    /// let game = Vijayanagara::without_events(Options::default());
    /// let mut state = game.new_initial_state(4);
    /// let first = state.decision().unwrap();
    /// assert_eq!(first.choices.last(), Some(&Action::Give));
    /// game.apply(&mut state, Action::Give, &mut Log::silent()).unwrap();
    /// assert_eq!(
    ///     state.decision().unwrap().kind,
    ///     DecisionKind::Transfer { to: None, resources: None }
    /// );
    /// ```
    pub fn decision(&self) -> Option<VijayanagaraDecision> {
        if let Some(Frame::Transfer { .. }) = self.stack.last() {
            return self.frame_decision();
        }
        let mut decision = match self.pending_refill() {
            Some((player, level)) => {
                let choices = self
                    .refill_sources()
                    .into_iter()
                    .map(Action::Refill)
                    .collect();
                Decision::new(player, DecisionKind::RefillInfluenceSlot { level }, choices)
            }
            None => self.frame_decision(),
        }?;
        if self.gift_offered(&decision) {
            decision.choices.push(Action::Give);
        }
        Some(decision)
    }

    /// The legal actions now, in a stable order (empty once the game is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        self.decision().map(|d| d.choices).unwrap_or_default()
    }

    /// The player who must decide now; `None` once the game is over.
    pub fn current_player(&self) -> Option<Player> {
        self.decision().map(|d| d.player)
    }

    /// Whether the game has ended: Timur's invasion of Delhi has been resolved (§2.2, §2.6).
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Plays an action that must be one of the listed choices, running Event texts on `host`
    /// (§2.3.4): the body of [`Vijayanagara`](super::Vijayanagara)'s
    /// [`Game::apply_unchecked`](crate::engine::Game::apply_unchecked), the one route by which
    /// every action is applied ([`Game::apply`](crate::engine::Game::apply) checks it and keeps
    /// the state whole on a refusal).
    pub(crate) fn play_listed(
        &mut self,
        action: Action,
        host: Option<&dyn EventHost>,
        log: &mut Log,
    ) -> Result<(), Error> {
        if std::mem::take(&mut self.first_card_unannounced) {
            self.announce_card(host, log);
        }
        if action == Action::Give {
            // A gift is made at a decision point, not instead of the decision: it stays
            // beneath the gift's own decision (§1.5.2).
            return self.begin_transfer();
        }
        let transferring = matches!(self.stack.last(), Some(Frame::Transfer { .. }));
        if self.pending_refill().is_some() && !transferring {
            self.refill_from(match action {
                Action::Refill(source) => source,
                other => return Err(self.unexpected(other)),
            })?;
        } else {
            self.frame_apply(action, host, log)?;
        }
        self.advance(host, log)
    }
}
