//! Events (§2.3.4): carrying out the current card's text through an event host.
//!
//! Card effects are scripts, run by an [`EventHost`] (the Lua crate implements one); the state
//! itself holds no host. A game plays its Event cards only when created with events enabled
//! ([`Options::events`](super::Options::events), or [`State::enable_events`]) and
//! driven with [`State::apply_with`]; otherwise the Event option
//! is not offered and Event or Command means a full Command.
//!
//! An effect reads as straight-line code even when it asks a player to choose mid-effect
//! (architecture principle 8): the host runs the card from its start on a scratch copy of the
//! state with the choices made so far. When the effect needs another choice, the scratch copy
//! is thrown away and the game waits for that choice, serializable as any other decision. When
//! the effect finishes, the scratch copy becomes the state, and what the card grants (free
//! Commands and Decrees, §3.1.3) follows.

use serde::{Deserialize, Serialize};

use super::action::{CommandKind, DecreeKind, EventSide};
use super::command::CommandScope;
use super::decree::DecreeGrant;
use super::sequence::{Frame, Granted};
use super::{Action, DeckRules, Error, Lasting, Log, Player, SpaceSet, State};

/// A card side being carried out, with the choices made in it so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventRun {
    /// The Event card's number.
    pub card: u8,
    /// The side chosen.
    pub side: EventSide,
    /// The faction that chose the Event: it makes the choices unless the text names another.
    pub executor: Player,
    /// The answers given so far, in order.
    pub choices: Vec<Action>,
}

/// What a run of a card side came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventProgress {
    /// The effect needs `player` to choose one of `choices` before it can go on.
    Choice {
        /// Who chooses.
        player: Player,
        /// The legal answers; never empty.
        choices: Vec<Action>,
        /// The question, in the card's words, shown to whoever chooses.
        prompt: String,
    },
    /// The effect is complete.
    Done {
        /// What the card grants, carried out next, in order.
        grants: Vec<Grant>,
        /// What the card wrote to the game's log, in order.
        log: Vec<String>,
    },
}

impl EventProgress {
    /// The most Commands, Decrees and lasting effects one effect may grant (each becomes a
    /// frame of the state's stack): the default deck's cards grant at most three, and a host
    /// that returned more (900,000 free Commands, say) would grow the game without bound. A
    /// finished effect with more is refused with [`Error::TooManyGrants`], the state unchanged.
    pub const MAX_GRANTS: usize = 32;

    /// A finished effect that grants and logs nothing.
    pub fn done() -> Self {
        EventProgress::Done {
            grants: Vec::new(),
            log: Vec::new(),
        }
    }
}

/// Something an event grants beyond its direct effects (§3.1.3, §2.7.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Grant {
    /// A free Command (§3.1.3).
    Command {
        /// Who carries it out.
        player: Player,
        /// Which Command.
        kind: CommandKind,
        /// Exactly one space (a free Limited Command).
        limited: bool,
        /// The spaces it may select; `None` for any.
        only: Option<SpaceSet>,
        /// At most this many spaces; `None` for no limit beyond the rules.
        max_spaces: Option<u8>,
        /// Rebel is legal even under the Khalji dynasty (§2.7.1).
        rebel_under_khalji: bool,
        /// The faction may select no space at all, declining the Command (deck C6: "may",
        /// "in up to n spaces").
        optional: bool,
    },
    /// A free Decree (Decrees are always free; a Decree may end with no target, OQ-23).
    Decree {
        /// Who carries it out.
        player: Player,
        /// Which Decree.
        kind: DecreeKind,
        /// The spaces it may target; for Campaign, its destination. `None` for any.
        only: Option<SpaceSet>,
        /// At most this many target spaces; `None` for the rules' own limit.
        max_spaces: Option<u8>,
        /// Conspire reaches as with Influence ≥ 2 whatever BK's Influence (§4.3.3).
        influence_extension: bool,
    },
    /// A lasting effect, recorded when the event resolves, after the grants before it (deck
    /// C14): a free Command granted by the same card does not feel it.
    Lasting(Lasting),
}

/// Why a card's script failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventFailure {
    /// What the host reports.
    pub message: String,
    /// The script's line, if known.
    pub line: Option<u32>,
}

/// Runs the text of Event cards. Implemented by the Lua card host.
pub trait EventHost {
    /// Carries out `run` on `scratch`, a copy of the state that the host may change through
    /// the validated primitives of [`State`]. The choices in `run` must be replayed in order;
    /// when the effect needs one more, return [`EventProgress::Choice`] (the scratch copy is then
    /// discarded).
    fn run(&self, scratch: &mut State, run: &EventRun) -> Result<EventProgress, EventFailure>;
}

impl State {
    /// Plays Event cards in this game, with the deck the options name: the Event option is
    /// offered, and choosing it must then go through [`State::apply_with`] with an event host.
    /// A deck with other faction orders must be named before the first card is revealed, in
    /// [`Options::deck`](super::Options::deck) given to [`State::with_options`].
    pub fn enable_events(&mut self) {
        self.options.events = true;
    }

    /// The question of the event choice pending now, if the game waits for one.
    pub fn event_prompt(&self) -> Option<&str> {
        match self.stack.last()? {
            Frame::Event { prompt, .. } => Some(prompt),
            _ => None,
        }
    }

    /// The play-order rules of the deck in play (see [`Options::deck`](super::Options::deck)).
    pub fn deck_rules(&self) -> &DeckRules {
        &self.options.deck
    }

    /// Whether this game plays Event cards (see [`State::enable_events`]).
    pub fn events_enabled(&self) -> bool {
        self.options.events
    }

    /// Applies a legal action, running event texts on `host` (§2.3.4).
    pub fn apply_with(
        &mut self,
        action: Action,
        host: &dyn EventHost,
        log: &mut Log,
    ) -> Result<(), Error> {
        self.apply_checked(action, Some(host), log)
    }

    /// Whether `player` could carry out the current card's Event.
    pub(crate) fn event_is_possible(&self, _player: Player) -> bool {
        self.options.events && self.current_event().is_some()
    }

    /// The Event choices of the Event or Command option.
    pub(crate) fn event_choices(&self, player: Player) -> Vec<Action> {
        if !self.event_is_possible(player) {
            return Vec::new();
        }
        vec![
            Action::Event(EventSide::Unshaded),
            Action::Event(EventSide::Shaded),
        ]
    }

    /// Starts the current card's Event for `player` (§2.3.4).
    pub(crate) fn begin_event(
        &mut self,
        player: Player,
        side: EventSide,
        host: Option<&dyn EventHost>,
        log: &mut Log,
    ) -> Result<(), Error> {
        let host = host.ok_or(Error::NoEventHost)?;
        let card = self.current_event().ok_or(Error::NoEventHost)?;
        let info = self
            .options
            .deck
            .is_standard()
            .then(|| self.cards().event(card))
            .flatten();
        if self.options.deck.stay_eligible(card) {
            // §2.3.4, OQ-24: the faction that chose the Event stays eligible.
            self.stay_eligible[player] = true;
        }
        log.say(|| {
            let title = info.map_or(String::new(), |c| format!(" ({})", c.title));
            format!("{player} carries out Event {card}{title}, {side}")
        });
        let run = EventRun {
            card,
            side,
            executor: player,
            choices: Vec::new(),
        };
        self.run_event(run, host, log)
    }

    /// Runs an event from its start with the choices so far, on a scratch copy.
    fn run_event(
        &mut self,
        run: EventRun,
        host: &dyn EventHost,
        log: &mut Log,
    ) -> Result<(), Error> {
        let mut scratch = self.clone();
        let failure = |e: EventFailure| Error::Event {
            card: run.card,
            message: e.message,
            line: e.line,
        };
        match host.run(&mut scratch, &run).map_err(failure)? {
            EventProgress::Choice {
                player,
                choices,
                prompt,
            } if !choices.is_empty() => {
                self.stack.push(Frame::Event {
                    run,
                    chooser: player,
                    choices,
                    prompt,
                });
            }
            EventProgress::Choice { .. } => {
                return Err(Error::Event {
                    card: run.card,
                    message: "the script offered a choice with no options".into(),
                    line: None,
                });
            }
            EventProgress::Done { grants, .. } if grants.len() > EventProgress::MAX_GRANTS => {
                return Err(Error::TooManyGrants {
                    card: run.card,
                    granted: grants.len(),
                    limit: EventProgress::MAX_GRANTS,
                });
            }
            EventProgress::Done { grants, .. }
                if self.options.event_requires_effect
                    && run.choices.is_empty()
                    && grants.is_empty()
                    && scratch == *self =>
            {
                return Err(Error::EventWithoutEffect {
                    card: run.card,
                    side: run.side,
                });
            }
            EventProgress::Done { grants, log: lines } => {
                *self = scratch;
                for grant in grants.into_iter().rev() {
                    self.push_grant(grant);
                }
                for line in lines {
                    log.say(|| line);
                }
                log.say(|| format!("Event {} is carried out", run.card));
            }
        }
        Ok(())
    }

    /// Applies an answer to a pending event choice: the event runs again with it.
    pub(crate) fn event_apply(
        &mut self,
        mut run: EventRun,
        action: Action,
        host: Option<&dyn EventHost>,
        log: &mut Log,
    ) -> Result<(), Error> {
        let host = host.ok_or(Error::NoEventHost)?;
        run.choices.push(action);
        self.run_event(run, host, log)
    }

    /// Queues what an event grants, to be carried out next.
    fn push_grant(&mut self, grant: Grant) {
        match grant {
            Grant::Command {
                player,
                kind,
                limited,
                only,
                max_spaces,
                rebel_under_khalji,
                optional,
            } => {
                let scope = CommandScope {
                    limited,
                    free: true,
                    rebel_under_khalji,
                    only,
                    max_spaces,
                    optional,
                    ..CommandScope::full(player)
                };
                self.stack
                    .push(Frame::Granted(Granted::Command(kind, scope)));
            }
            Grant::Decree {
                player,
                kind,
                only,
                max_spaces,
                influence_extension,
            } => {
                let limits = DecreeGrant::Event {
                    only,
                    max_spaces,
                    influence_extension,
                };
                self.stack
                    .push(Frame::Granted(Granted::Decree(player, kind, limits)));
            }
            Grant::Lasting(effect) => self.stack.push(Frame::Granted(Granted::Lasting(effect))),
        }
    }
}
