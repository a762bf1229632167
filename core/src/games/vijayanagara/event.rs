//! Events (§2.3.4): carrying out the current card's text through an event host.
//!
//! Card effects are scripts, run by an [`EventHost`] (the Lua crate implements one); the state
//! itself holds no host: the rules do
//! ([`Vijayanagara::with_cards`](super::Vijayanagara::with_cards)). A game plays its Event
//! cards only when its state has events enabled ([`Options::events`](super::Options::events),
//! or [`State::enable_events`]) and its rules hold a host; otherwise the Event option is not
//! offered and Event or Command means a full Command.
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
use super::{Action, Card, CardSet, DeckRules, Error, Lasting, Log, Player, SpaceSet, State};
use crate::engine::{CardText, DeckId};

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

    /// Card `number`'s words as this host's deck gives them, for people: its title, its
    /// texts and the file that defines it (an Event card's two sides, §2.3.4; a Mongol
    /// Invasion card's text, §2.4). `None`, the default, for a host that keeps no words or
    /// has no such card: the default deck's words are then shown if the game plays the
    /// default deck's rules ([`State::card_text`]).
    fn card_text(&self, _number: u8) -> Option<CardText> {
        None
    }

    /// Which deck this host plays, named in replay records so that a record says which deck
    /// it needs ([`Replay::deck`](crate::engine::Replay::deck)); `None`, the default, for a
    /// host that does not say.
    fn deck(&self) -> Option<DeckId> {
        None
    }
}

/// Card `number`'s words in a game played with the deck rules `deck` and the card host
/// `host` (see [`State::card_text`]).
pub(crate) fn deck_card_text(
    deck: &DeckRules,
    number: u8,
    host: Option<&dyn EventHost>,
) -> Option<CardText> {
    host.and_then(|h| h.card_text(number)).or_else(|| {
        deck.is_standard()
            .then(|| CardSet::standard().text(number))
            .flatten()
    })
}

impl State {
    /// Plays Event cards in this game, with the deck the options name: the Event option is
    /// offered, and choosing it then needs rules that hold an event host
    /// ([`Vijayanagara::with_cards`](super::Vijayanagara::with_cards)).
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

    /// Card `number`'s words (an Event or Mongol Invasion card): `host`'s, if it has them
    /// ([`EventHost::card_text`]), otherwise the default deck's when this game plays the
    /// default deck's rules, otherwise `None`.
    ///
    /// ```
    /// use darbar::vijayanagara::State;
    ///
    /// let state = State::new(7);
    /// assert_eq!(state.card_text(2, None).unwrap().title, "Raid on Devagiri (1296)");
    /// ```
    pub fn card_text(&self, number: u8, host: Option<&dyn EventHost>) -> Option<CardText> {
        deck_card_text(&self.options.deck, number, host)
    }

    /// The card revealed last, in words (§2.2): an Event or Mongol Invasion card as
    /// [`State::card_text`] gives it (its number and kind alone when no words are known), a
    /// Succession or Timurid card with the rule it cites; `None` before the first card and
    /// once the game is over.
    pub fn current_card_text(&self, host: Option<&dyn EventHost>) -> Option<CardText> {
        if self.is_over() {
            return None;
        }
        let card = self.deck().current()?;
        if let Some(text) = card.rule_text() {
            return Some(text);
        }
        let (number, kind) = match card {
            Card::Event(n) => (n, "Event"),
            Card::MongolInvasion(n) => (n, "Mongol Invasion"),
            Card::Succession(_) | Card::Timurid(_) => return None,
        };
        Some(self.card_text(number, host).unwrap_or_else(|| CardText {
            number: u32::from(number),
            kind: kind.into(),
            title: card.to_string(),
            sides: Vec::new(),
            file: None,
        }))
    }

    /// The play-order rules of the deck in play (see [`Options::deck`](super::Options::deck)).
    pub fn deck_rules(&self) -> &DeckRules {
        &self.options.deck
    }

    /// Whether this game plays Event cards (see [`State::enable_events`]).
    pub fn events_enabled(&self) -> bool {
        self.options.events
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
        if self.options.deck.stay_eligible(card) {
            // §2.3.4, OQ-24: the faction that chose the Event stays eligible.
            self.stay_eligible[player] = true;
        }
        log.say(|| {
            let title = self
                .card_text(card, Some(host))
                .map_or(String::new(), |c| format!(" ({})", c.title));
            format!(
                "{} carries out Event {card}{title}, {side}",
                player.abbreviation()
            )
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
        let file = || host.card_text(run.card).and_then(|c| c.file);
        let failure = |e: EventFailure| Error::Event {
            card: run.card,
            message: e.message,
            file: file(),
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
                    file: file(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, GameRng};
    use crate::vijayanagara::game::game;
    use crate::vijayanagara::{EventSide, MongolInvasionCard, Options, TurnOption, Vijayanagara};
    use std::sync::Arc;

    /// A host whose every card does nothing, with words of its own and a file per card.
    struct WordyHost;

    impl EventHost for WordyHost {
        fn run(&self, _: &mut State, _: &EventRun) -> Result<EventProgress, EventFailure> {
            Err(EventFailure {
                message: "attempt to call a nil value".into(),
                line: Some(12),
            })
        }

        fn card_text(&self, number: u8) -> Option<CardText> {
            Some(CardText {
                number: u32::from(number),
                kind: "Event".into(),
                title: format!("My card {number}"),
                sides: vec![
                    crate::engine::CardSide {
                        name: "unshaded".into(),
                        text: "Mine, unshaded.".into(),
                    },
                    crate::engine::CardSide {
                        name: "shaded".into(),
                        text: "Mine, shaded.".into(),
                    },
                ],
                file: Some(format!("{number:02}.lua")),
            })
        }
    }

    /// Plays random legal actions from `seed` until `stop` holds or the game ends.
    fn play_until(state: &mut State, seed: u64, stop: impl Fn(&State) -> bool) {
        let mut rng = GameRng::from_seed_u64(seed);
        for _ in 0..20_000 {
            if stop(state) {
                return;
            }
            let legal = state.legal_actions();
            if legal.is_empty() {
                return;
            }
            let pick = legal[rng.below(legal.len() as u32) as usize];
            game().apply(state, pick, &mut Log::silent()).unwrap();
        }
    }

    #[test]
    fn rule_2_3_4_current_card_is_the_default_decks_event_with_both_sides() {
        let game = game();
        let state = game.new_initial_state(7);
        let Some(Card::Event(n)) = state.deck().current() else {
            panic!("the first card of seed 7 is an Event card");
        };
        let card = game.current_card(&state).unwrap();
        let expected = CardSet::standard().event(n).unwrap();
        assert_eq!(card.number, u32::from(n));
        assert_eq!(card.kind, "Event");
        assert_eq!(card.title, expected.title);
        assert_eq!(card.side("unshaded"), Some(expected.unshaded.as_str()));
        assert_eq!(card.side("shaded"), Some(expected.shaded.as_str()));
    }

    #[test]
    fn rule_2_4_current_card_of_a_mongol_invasion_names_its_operator_and_text() {
        let game = game();
        let mut state = game.new_initial_state(3);
        play_until(&mut state, 3, |s| {
            matches!(s.deck().current(), Some(Card::MongolInvasion(_)))
        });
        let Some(Card::MongolInvasion(n)) = state.deck().current() else {
            panic!("no Mongol Invasion card came up");
        };
        let card = game.current_card(&state).unwrap();
        let expected = CardSet::standard().invasion(n).unwrap();
        assert_eq!(card.kind, "Mongol Invasion");
        assert_eq!(card.title, expected.title);
        let text = format!(
            "Named faction: {}. {}",
            expected.faction.faction().abbreviation(),
            MongolInvasionCard::DEFAULT_TEXT
        );
        assert_eq!(card.side("text"), Some(text.as_str()));
    }

    #[test]
    fn rule_2_2_no_current_card_once_the_game_is_over() {
        let game = game();
        let mut state = game.new_initial_state(5);
        play_until(&mut state, 5, State::is_over);
        assert!(state.is_over());
        assert!(state.deck().current().is_some());
        assert_eq!(game.current_card(&state), None);
    }

    #[test]
    fn rule_2_3_4_a_host_with_its_own_deck_shows_its_own_words_and_file() {
        let mut options = Options::default();
        // A deck of one's own: other faction orders than the default deck's.
        options.deck.set_event(
            1,
            [Player::Bahmani, Player::Sultanate, Player::Vijayanagara],
            false,
        );
        let game = Vijayanagara::with_cards(options, Arc::new(WordyHost));
        let mut state = game.new_initial_state(7);
        let card = game.current_card(&state).unwrap();
        assert!(card.title.starts_with("My card "), "{}", card.title);
        assert_eq!(card.side("shaded"), Some("Mine, shaded."));
        assert!(game.to_svg(&state, None).unwrap().contains(&card.title));
        // Without the host's words, a deck of one's own shows no default deck title.
        let n = card.number as u8;
        assert_eq!(state.card_text(n, None), None);

        // The title goes into the log, and a failing script names its file and line.
        let choose = Action::Option(TurnOption::EventOrCommand);
        game.apply(&mut state, choose, &mut Log::silent()).unwrap();
        let before = state.clone();
        let err = game
            .apply(
                &mut state,
                Action::Event(EventSide::Unshaded),
                &mut Log::silent(),
            )
            .unwrap_err();
        assert_eq!(state, before);
        let file = format!("{n:02}.lua");
        assert!(
            matches!(&err, Error::Event { file: Some(f), line: Some(12), .. } if *f == file),
            "{err:?}"
        );
        assert!(err.to_string().contains(&format!("at {file}:12")), "{err}");
        let failure = Vijayanagara::script_failure(&err).unwrap();
        assert_eq!(failure.file.as_deref(), Some(file.as_str()));
        assert_eq!(failure.line, Some(12));
    }
}
