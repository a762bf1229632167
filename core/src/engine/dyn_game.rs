//! The erased form of the game interface, for everything that picks a game at run time: the
//! Python classes, the Lua host, the command line, the golden playthroughs.
//!
//! [`DynGame`] and [`DynState`] are object safe. They speak of actions by their fixed numbers
//! and their text, of seats by index, of views as JSON, so a binding needs one class per concept,
//! not one per game. Both are implemented once, for every [`Game`], by [`Rules`] and [`Play`];
//! the typed state stays reachable through [`DynState::as_any`] for a game's own extras.
//!
//! A [`Play`] also keeps the current decision, computed once after each action, so that asking
//! for the legal actions, the current player and then applying one builds the legal list once
//! per step; and the actions since its origin, for history, logs and replay records.
//!
//! ```
//! use darbar::games::Registry;
//!
//! let game = Registry::standard().load("raid", &serde_json::Value::Null).unwrap();
//! let mut state = game.new_initial_state(3);
//! while let Some(&last) = state.legal_actions().last() {
//!     state.apply(last).unwrap();
//! }
//! assert!(state.is_terminal());
//! let replayed = game.replay(&state.replay_record().unwrap()).unwrap();
//! assert!(replayed.eq_dyn(&*state));
//! ```

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use serde_json::Value;
use thiserror::Error;

use super::game::{Cites, Game, LastAction, Seat, SeatDecision};
use super::snapshot::parse_snapshot;
use super::{GameRng, Log, Replay, ReplayError, Rule, SnapshotError, Violation};

/// Why an action given by number or text was not applied.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Refusal {
    /// The number or text names no action of the game: no rule was consulted.
    #[error("{0}")]
    Unreadable(String),
    /// The decision is another seat's.
    #[error("{reason}")]
    NotYourTurn {
        /// The seat whose decision it is.
        expected: Seat,
        /// The seat that sent the action.
        actual: Seat,
        /// The game's error, as text.
        reason: String,
        /// The rule that says whose decision it is.
        rule: Rule,
    },
    /// The rules refused the action.
    #[error("{reason}")]
    Illegal {
        /// The game's error, as text.
        reason: String,
        /// The rule broken.
        rule: Rule,
    },
    /// A card script failed while carrying the action out (the state is unchanged).
    #[error("{reason}")]
    Script {
        /// The game's error, as text.
        reason: String,
        /// The rule under which the script ran.
        rule: Rule,
        /// What failed, where.
        failure: ScriptFailure,
    },
}

impl Refusal {
    /// The rule broken, if a rule was consulted.
    pub fn rule(&self) -> Option<Rule> {
        match self {
            Refusal::Unreadable(_) => None,
            Refusal::NotYourTurn { rule, .. }
            | Refusal::Illegal { rule, .. }
            | Refusal::Script { rule, .. } => Some(*rule),
        }
    }
}

/// A card script that failed inside the rules, as a game reports it through
/// [`Game::script_failure`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptFailure {
    /// The card whose script failed.
    pub card: Option<u32>,
    /// The card's file, if the deck is made of files.
    pub file: Option<String>,
    /// The script's line, if known.
    pub line: Option<u32>,
    /// What the script host reports.
    pub message: String,
}

/// Why a game could not be loaded by name and options.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LoadError {
    /// No registered game has the name.
    #[error("unknown game {name:?} (known games: {known})")]
    UnknownGame {
        /// The name asked for.
        name: String,
        /// The registered names, comma-separated.
        known: String,
    },
    /// The options do not fit the game (an unknown option, a value of the wrong type).
    #[error("bad options for {game}: {reason}")]
    BadOptions {
        /// The game.
        game: &'static str,
        /// What serde or the game says.
        reason: String,
    },
    /// The game's data or scripts could not be loaded (a deck directory, say).
    #[error("{0}")]
    Content(String),
    /// A folder of the game's own tables (map, tracks, cards) breaks a check of its schema;
    /// the reason names the file, the item, the field and the section.
    #[error("bad content for {game}: {reason}")]
    BadContent {
        /// The game.
        game: &'static str,
        /// The failed check.
        reason: String,
    },
}

/// Reads a game's options from JSON: `null` for the defaults, or an object of the options to
/// change, every other one keeping its default. The options types deny unknown fields, so a
/// misspelt option is an error, not a silent default.
///
/// ```
/// use darbar::engine::options_from_json;
/// use darbar::raid;
///
/// let options: raid::Options = options_from_json("raid", &serde_json::json!({"castles_in_play": true})).unwrap();
/// assert!(options.castles_in_play);
/// assert!(options_from_json::<raid::Options>("raid", &serde_json::json!({"castle": true})).is_err());
/// ```
pub fn options_from_json<O: serde::de::DeserializeOwned>(
    game: &'static str,
    options: &Value,
) -> Result<O, LoadError> {
    let options = match options {
        Value::Null => Value::Object(Default::default()),
        other => other.clone(),
    };
    serde_json::from_value(options).map_err(|e| LoadError::BadOptions {
        game,
        reason: e.to_string(),
    })
}

/// A game's rules behind the erased interface.
pub trait DynGame: Send + Sync {
    /// The game's name, as in snapshots and replays.
    fn name(&self) -> &'static str;
    /// The number of seats.
    fn num_players(&self) -> usize;
    /// A seat's name in the game's words.
    fn seat_name(&self, seat: Seat) -> String;
    /// How many distinct actions there are.
    fn num_distinct_actions(&self) -> usize;
    /// The length of an observation.
    fn observation_len(&self) -> usize;
    /// The observation's blocks, `(name, start, length)`.
    fn observation_layout(&self) -> Vec<(&'static str, usize, usize)>;
    /// The rule options as JSON, every option with its value.
    fn options_json(&self) -> Value;
    /// A new game from `seed`.
    fn new_initial_state(&self, seed: u64) -> Box<dyn DynState>;
    /// A state restored from snapshot text, checked; its options must be this game's.
    fn restore(&self, snapshot: &str) -> Result<Box<dyn DynState>, SnapshotError>;
    /// A game rebuilt from its replay record (JSON text).
    fn replay(&self, record: &str) -> Result<Box<dyn DynState>, ReplayError>;
    /// The text of the action numbered `id`.
    fn action_to_string(&self, id: usize) -> Option<String>;
    /// Card `number` of the deck these rules loaded ([`Game::card`]).
    fn card(&self, number: u32) -> Option<super::CardText>;
    /// The deck these rules play ([`Game::deck`]).
    fn deck(&self) -> Option<super::DeckId>;
    /// The loader option that names a folder of one's own for that deck
    /// ([`Game::deck_option`]).
    fn deck_option(&self) -> &'static str;
    /// The number of the action with this text.
    fn string_to_action(&self, text: &str) -> Result<usize, String>;
    /// The colours of the game's pictures by name ([`Game::palette`]).
    fn palette(&self) -> Vec<(&'static str, &'static str)>;
    /// The rules value itself, for a game's own extras.
    fn as_any(&self) -> &dyn Any;
}

/// A game in play behind the erased interface.
pub trait DynState: Send + Sync + fmt::Display {
    /// The rules.
    fn game(&self) -> &dyn DynGame;
    /// An independent copy.
    fn clone_box(&self) -> Box<dyn DynState>;
    /// Whether the positions are equal (how each was reached does not count).
    fn eq_dyn(&self, other: &dyn DynState) -> bool;
    /// The seed the game was created from.
    fn seed(&self) -> u64;
    /// The seat that must decide now.
    fn current_player(&self) -> Option<Seat>;
    /// The legal actions by number, in the rules' order (kept with the decision, so asking
    /// costs nothing).
    fn legal_actions(&self) -> &[usize];
    /// The legal actions as text, in the same order.
    fn legal_action_strings(&self) -> Vec<String>;
    /// What is being decided, in words, with the rule that governs it.
    fn decision_kind(&self) -> Option<(String, Rule)>;
    /// The question shown with the decision, if the game has one (an Event card's prompt).
    fn prompt(&self) -> Option<String>;
    /// The card in play, in the loaded deck's words ([`Game::current_card`]).
    fn current_card(&self) -> Option<super::CardText>;
    /// Whether the game is over.
    fn is_terminal(&self) -> bool;
    /// The action numbered `id`, taken now, as `seat` sees it ([`Game::action_seen_by`]): its
    /// number, or `None` when the seat cannot tell which action it was (or for a number that
    /// names no action).
    fn action_seen_by(&self, id: usize, seat: Seat) -> Option<usize>;
    /// A position consistent with everything `seat` knows here, what it does not know drawn
    /// afresh from a generator seeded with `seed` ([`Game::resample`]): a state restored in
    /// mid-game, with no history. The same seed gives the same position.
    fn resample(&self, seat: Seat, seed: u64) -> Box<dyn DynState>;
    /// Applies the action numbered `id`.
    fn apply(&mut self, id: usize) -> Result<(), Refusal>;
    /// Applies the action numbered `id` on behalf of `seat`.
    fn apply_as(&mut self, seat: Seat, id: usize) -> Result<(), Refusal>;
    /// Applies an action given as text (`"select Delhi"`); `seat`, if given, must be the one
    /// deciding.
    fn apply_text(&mut self, seat: Option<Seat>, text: &str) -> Result<(), Refusal>;
    /// Applies the action numbered `id`, and returns what happened, in the game's words.
    fn apply_logged(&mut self, id: usize) -> Result<Vec<String>, Refusal>;
    /// What each seat gets.
    fn returns(&self) -> Vec<f64>;
    /// What `seat` may see, as JSON.
    fn view_json(&self, seat: Seat) -> Value;
    /// The board in text as `seat` sees it ([`Game::board`]).
    fn board(&self, seat: Seat) -> String;
    /// The observation tensor of `seat`.
    fn observation(&self, seat: Seat) -> Vec<f32>;
    /// The snapshot text.
    fn to_snapshot(&self) -> String;
    /// A picture as SVG, for games that draw one, with the last action of the history
    /// highlighted ([`Game::to_svg`]); nothing is highlighted at the origin.
    fn to_svg(&self) -> Option<String>;
    /// Checks every invariant of the rules.
    fn check_invariants(&self) -> Result<(), Violation>;
    /// The actions since the origin, by number.
    fn history(&self) -> Vec<usize>;
    /// What chance has decided and what has come to light so far ([`Game::revealed`]).
    fn revealed(&self) -> Option<u64>;
    /// What happened since the origin, in the game's words (replayed, so no step pays for
    /// it), as the table may read it now: while the game is played, the lines every seat may
    /// read; once it is over, every line, those hidden during play marked
    /// ([`Log::say_sealed`]).
    fn log(&self) -> Vec<String>;
    /// The replay record (JSON), or an error for a state restored in mid-game.
    fn replay_record(&self) -> Result<String, String>;
    /// The typed [`Play`], for a game's own extras.
    fn as_any(&self) -> &dyn Any;
}

/// A [`Game`]'s rules behind [`DynGame`].
#[derive(Debug)]
pub struct Rules<G>(pub Arc<G>);

impl<G> Clone for Rules<G> {
    fn clone(&self) -> Self {
        Rules(Arc::clone(&self.0))
    }
}

impl<G: Game> Rules<G> {
    /// The erased form of `game`.
    pub fn new(game: G) -> Self {
        Rules(Arc::new(game))
    }
}

impl<G> std::ops::Deref for Rules<G> {
    type Target = G;

    fn deref(&self) -> &G {
        &self.0
    }
}

/// A game in play: the rules, the position, its current decision, where it started and the
/// actions since. The erased [`DynState`] of every [`Game`].
#[derive(Clone, Debug)]
pub struct Play<G: Game> {
    game: Rules<G>,
    origin: Arc<G::State>,
    /// Whether `origin` is the start of a game (not a position restored in mid-game).
    from_start: bool,
    state: G::State,
    decision: Option<SeatDecision<G>>,
    /// The numbers of the decision's choices, in order.
    legal: Vec<usize>,
    history: Vec<G::Action>,
}

impl<G: Game> Play<G> {
    /// A new game of `game` from `seed`.
    pub fn new(game: Arc<G>, seed: u64) -> Self {
        let state = game.new_initial_state(seed);
        Play::at(game, state, true)
    }

    /// A game in play at `state`; `from_start` says whether it is the start of a game.
    pub fn at(game: Arc<G>, state: G::State, from_start: bool) -> Self {
        let decision = game.decision(&state);
        Play {
            origin: Arc::new(state.clone()),
            from_start,
            game: Rules(game),
            state,
            legal: numbers::<G>(decision.as_ref()),
            decision,
            history: Vec::new(),
        }
    }

    /// The rules.
    pub fn rules(&self) -> &G {
        &self.game.0
    }

    /// The position.
    pub fn state(&self) -> &G::State {
        &self.state
    }

    /// The current decision, computed once per action.
    pub fn decision(&self) -> Option<&SeatDecision<G>> {
        self.decision.as_ref()
    }

    /// The actions since the origin.
    pub fn actions(&self) -> &[G::Action] {
        &self.history
    }

    /// Applies a typed action, checked and atomic; `seat`, if given, must be the one deciding.
    pub fn apply_action(
        &mut self,
        seat: Option<Seat>,
        action: G::Action,
        log: &mut Log,
    ) -> Result<(), Refusal> {
        if let (Some(seat), Some(decision)) = (seat, &self.decision)
            && decision.player != seat
        {
            let error = self.game.0.wrong_seat(&self.state, seat, decision.player);
            return Err(Refusal::NotYourTurn {
                expected: decision.player,
                actual: seat,
                reason: error.to_string(),
                rule: error.rule(),
            });
        }
        let listed = self.decision.as_ref().is_some_and(|d| d.allows(&action));
        self.game
            .apply_listed(&mut self.state, listed, action, log)
            .map_err(|error| refusal_of::<G>(&error))?;
        self.history.push(action);
        self.decision = self.game.0.decision(&self.state);
        self.legal = numbers::<G>(self.decision.as_ref());
        Ok(())
    }

    /// The position before the last action of the history, and that action; `None` at the
    /// origin. Replayed from the origin when asked (as [`DynState::log`] is), so that no step
    /// of play pays for a copy it may never need.
    pub fn before_last(&self) -> Option<(G::State, G::Action)> {
        let (&last, earlier) = self.history.split_last()?;
        let mut state = (*self.origin).clone();
        for &action in earlier {
            // The same actions applied from the same position a moment ago.
            self.game
                .0
                .apply(&mut state, action, &mut Log::silent())
                .ok()?;
        }
        Some((state, last))
    }

    fn action_of(id: usize) -> Result<G::Action, Refusal> {
        G::action_from_index(id).ok_or_else(|| {
            Refusal::Unreadable(format!(
                "no action is numbered {id} (the numbers run from 0 to {})",
                G::ACTION_COUNT - 1
            ))
        })
    }
}

/// The options that differ between a snapshot's (`found`) and the rules' (`wanted`), in words:
/// `events: true in the snapshot, false in these rules`.
fn options_differ<O: serde::Serialize>(found: &O, wanted: &O) -> String {
    let json = |o: &O| serde_json::to_value(o).unwrap_or(Value::Null);
    let (found, wanted) = (json(found), json(wanted));
    let (Value::Object(f), Value::Object(w)) = (&found, &wanted) else {
        return format!("{found} in the snapshot, {wanted} in these rules");
    };
    let keys: std::collections::BTreeSet<&String> = f.keys().chain(w.keys()).collect();
    let absent = Value::String("(not set)".into());
    keys.into_iter()
        .filter(|k| f.get(*k) != w.get(*k))
        .map(|k| {
            let (a, b) = (f.get(k).unwrap_or(&absent), w.get(k).unwrap_or(&absent));
            format!("{k}: {a} in the snapshot, {b} in these rules")
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The numbers of a decision's choices.
fn numbers<G: Game>(decision: Option<&SeatDecision<G>>) -> Vec<usize> {
    decision.map_or_else(Vec::new, |d| {
        d.choices.iter().map(|&a| G::action_index(a)).collect()
    })
}

/// The erased refusal of a game's error.
fn refusal_of<G: Game>(error: &G::Error) -> Refusal {
    let reason = error.to_string();
    let rule = error.rule();
    match G::script_failure(error) {
        Some(failure) => Refusal::Script {
            reason,
            rule,
            failure,
        },
        None => Refusal::Illegal { reason, rule },
    }
}

impl<G: Game> PartialEq for Play<G> {
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state
    }
}

impl<G: Game> fmt::Display for Play<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.state.fmt(f)
    }
}

impl<G: Game> DynGame for Rules<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn num_players(&self) -> usize {
        self.0.num_players()
    }

    fn seat_name(&self, seat: Seat) -> String {
        self.0.seat_name(seat)
    }

    fn num_distinct_actions(&self) -> usize {
        G::ACTION_COUNT
    }

    fn observation_len(&self) -> usize {
        self.0.observation_len()
    }

    fn observation_layout(&self) -> Vec<(&'static str, usize, usize)> {
        self.0.observation_layout()
    }

    fn options_json(&self) -> Value {
        serde_json::to_value(self.0.options()).unwrap_or(Value::Null)
    }

    fn new_initial_state(&self, seed: u64) -> Box<dyn DynState> {
        Box::new(Play::new(Arc::clone(&self.0), seed))
    }

    fn restore(&self, snapshot: &str) -> Result<Box<dyn DynState>, SnapshotError> {
        // The deck first: a state of other cards or tables may not even read as one of these.
        let needed = super::deck_of_snapshot(snapshot);
        let loaded = self.0.deck().filter(|d| !d.is_default());
        let same = match (&needed, &loaded) {
            (None, None) => true,
            (Some(needed), Some(loaded)) => loaded.replays(needed),
            _ => false,
        };
        if !same && super::game_of_snapshot(snapshot).is_ok_and(|g| g == G::NAME) {
            return Err(SnapshotError::OtherDeck {
                option: self.0.deck_option(),
                needed,
                loaded,
            });
        }
        let state = parse_snapshot::<G::State>(snapshot)?;
        let options = G::options_of(&state);
        if options != *self.0.options() {
            return Err(SnapshotError::OtherOptions {
                differ: options_differ(&options, self.0.options()),
            });
        }
        self.0
            .validate_state(&state)
            .map_err(|Violation { rule, reason }| SnapshotError::Impossible { rule, reason })?;
        Ok(Box::new(Play::at(Arc::clone(&self.0), state, false)))
    }

    fn replay(&self, record: &str) -> Result<Box<dyn DynState>, ReplayError> {
        let record: Replay<G::Options, G::Action> = Replay::from_json(record)?;
        let end = self.0.replay(&record)?;
        let mut play = Play::new(Arc::clone(&self.0), record.seed);
        play.state = end;
        play.decision = self.0.decision(&play.state);
        play.legal = numbers::<G>(play.decision.as_ref());
        play.history = record.actions;
        Ok(Box::new(play))
    }

    fn action_to_string(&self, id: usize) -> Option<String> {
        G::action_from_index(id).map(|a| a.to_string())
    }

    fn card(&self, number: u32) -> Option<super::CardText> {
        self.0.card(number)
    }

    fn deck(&self) -> Option<super::DeckId> {
        self.0.deck()
    }

    fn deck_option(&self) -> &'static str {
        self.0.deck_option()
    }

    fn palette(&self) -> Vec<(&'static str, &'static str)> {
        self.0.palette()
    }

    fn string_to_action(&self, text: &str) -> Result<usize, String> {
        let action = text.parse::<G::Action>()?;
        let id = G::action_index(action);
        // An action that parses but has no number of its own (beyond an engine limit) is
        // refused here, rather than named by another action's number.
        match G::action_from_index(id) {
            Some(numbered) if numbered == action => Ok(id),
            _ => Err(format!(
                "{action} has no action number: it is past an engine limit of {} (see its \
                 action numbering)",
                G::NAME
            )),
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl<G: Game> DynState for Play<G> {
    fn game(&self) -> &dyn DynGame {
        &self.game
    }

    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(self.clone())
    }

    fn eq_dyn(&self, other: &dyn DynState) -> bool {
        other
            .as_any()
            .downcast_ref::<Play<G>>()
            .is_some_and(|other| other.state == self.state)
    }

    fn seed(&self) -> u64 {
        self.game.0.seed(&self.state)
    }

    fn current_player(&self) -> Option<Seat> {
        self.decision.as_ref().map(|d| d.player)
    }

    fn legal_actions(&self) -> &[usize] {
        &self.legal
    }

    fn legal_action_strings(&self) -> Vec<String> {
        self.decision.as_ref().map_or_else(Vec::new, |d| {
            d.choices.iter().map(ToString::to_string).collect()
        })
    }

    fn decision_kind(&self) -> Option<(String, Rule)> {
        self.decision
            .as_ref()
            .map(|d| (d.kind.to_string(), d.kind.rule()))
    }

    fn prompt(&self) -> Option<String> {
        self.game.0.prompt(&self.state).map(str::to_owned)
    }

    fn current_card(&self) -> Option<super::CardText> {
        self.game.0.current_card(&self.state)
    }

    fn is_terminal(&self) -> bool {
        self.decision.is_none()
    }

    fn action_seen_by(&self, id: usize, seat: Seat) -> Option<usize> {
        let action = G::action_from_index(id)?;
        self.game
            .action_seen_by(&self.state, action, seat)
            .map(G::action_index)
    }

    fn resample(&self, seat: Seat, seed: u64) -> Box<dyn DynState> {
        let mut rng = GameRng::from_seed_u64(seed);
        let state = self.game.0.resample(&self.state, seat, &mut rng);
        Box::new(Play::at(Arc::clone(&self.game.0), state, false))
    }

    fn apply(&mut self, id: usize) -> Result<(), Refusal> {
        let action = Self::action_of(id)?;
        self.apply_action(None, action, &mut Log::silent())
    }

    fn apply_as(&mut self, seat: Seat, id: usize) -> Result<(), Refusal> {
        let action = Self::action_of(id)?;
        self.apply_action(Some(seat), action, &mut Log::silent())
    }

    fn apply_text(&mut self, seat: Option<Seat>, text: &str) -> Result<(), Refusal> {
        let action = text.parse::<G::Action>().map_err(Refusal::Unreadable)?;
        self.apply_action(seat, action, &mut Log::silent())
    }

    fn apply_logged(&mut self, id: usize) -> Result<Vec<String>, Refusal> {
        let action = Self::action_of(id)?;
        let mut log = Log::recording();
        self.apply_action(None, action, &mut log)?;
        Ok(log.take())
    }

    fn returns(&self) -> Vec<f64> {
        self.game.0.returns(&self.state)
    }

    fn view_json(&self, seat: Seat) -> Value {
        serde_json::to_value(self.game.0.view(&self.state, seat)).unwrap_or(Value::Null)
    }

    fn board(&self, seat: Seat) -> String {
        self.game.0.board(&self.state, seat)
    }

    fn observation(&self, seat: Seat) -> Vec<f32> {
        self.game.0.observation(&self.state, seat)
    }

    fn to_snapshot(&self) -> String {
        super::snapshot::snapshot_with_deck(&self.state, self.game.0.deck().as_ref())
    }

    fn to_svg(&self) -> Option<String> {
        let before = self.before_last();
        let last = before.as_ref().map(|(before, action)| LastAction {
            before,
            action: *action,
        });
        self.game.0.to_svg(&self.state, last)
    }

    fn check_invariants(&self) -> Result<(), Violation> {
        self.game.0.validate_state(&self.state)
    }

    fn revealed(&self) -> Option<u64> {
        self.game.0.revealed(&self.state)
    }

    fn history(&self) -> Vec<usize> {
        self.history.iter().map(|&a| G::action_index(a)).collect()
    }

    fn log(&self) -> Vec<String> {
        let mut state = (*self.origin).clone();
        let mut log = if self.decision.is_none() {
            Log::recording_everything()
        } else {
            Log::recording()
        };
        for &action in &self.history {
            // The same actions applied from the same position a moment ago.
            if self.game.0.apply(&mut state, action, &mut log).is_err() {
                break;
            }
        }
        log.take()
    }

    fn replay_record(&self) -> Result<String, String> {
        if !self.from_start {
            return Err(
                "this state was restored in mid-game: the actions before it are unknown".into(),
            );
        }
        let seed = self.game.0.seed(&self.origin);
        Ok(self
            .game
            .0
            .replay_record(seed, self.history.clone())
            .to_json())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
