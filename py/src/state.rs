//! The `State` class: a game position, read through plain Python values and changed only by
//! legal actions.

use std::sync::Arc;

use darbar::engine::Snapshot;
use darbar::vijayanagara::{self as vj, Error, Log, Structure};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::action::Action;
use crate::args::{ActionArg, ActionForm, PlayerArg, SpaceArg};
use crate::cards;
use crate::errors::{self, Refusal};
use crate::options;

/// A position of Vijayanagara.
///
/// Factions are given as `"DS"`, `"BK"`, `"VN"`, full names (`"Bahmani Kingdom"`), Rust names
/// (`"Bahmani"`) or seat numbers 0–2; spaces by name (`"Rajput Kingdoms"`). Bad names raise
/// `ValueError`. States compare equal when every part of them is equal, generator included;
/// they are mutable and so not hashable. Copies, pickles and snapshots are exact.
#[pyclass(module = "darbar", name = "State", eq)]
#[derive(Clone)]
pub(crate) struct State {
    inner: vj::State,
    /// The deck directory whose cards this game plays; `None` for the default deck.
    deck: Option<Arc<str>>,
    /// The position the state was created or restored at: `history` starts there.
    origin: Arc<vj::State>,
    /// The actions taken since the state was created or restored, in order.
    history: Vec<vj::Action>,
}

/// States are equal when their positions are: how each was reached does not count.
impl PartialEq for State {
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

impl State {
    /// A state of a game that plays the cards of `deck` (the default deck for `None`).
    pub(crate) fn new(inner: vj::State, deck: Option<Arc<str>>) -> Self {
        State {
            origin: Arc::new(inner.clone()),
            inner,
            deck,
            history: Vec::new(),
        }
    }

    /// Applies an action given in its string form, raising as `apply_action` does.
    pub(crate) fn apply_text(&mut self, py: Python<'_>, text: &str) -> PyResult<()> {
        let given = text.into_pyobject(py)?.into_any().unbind();
        let action = ActionArg {
            given,
            form: ActionForm::Text(text.to_owned()),
        };
        self.resolve(&action)
            .and_then(|a| self.apply_checked(a, None, &mut Log::silent()))
            .map_err(|refusal| errors::refused(py, &action, refusal))
    }

    /// Applies a legal action, playing Event cards on this game's card host, and records it.
    fn apply_checked(
        &mut self,
        action: vj::Action,
        as_player: Option<vj::Player>,
        log: &mut Log,
    ) -> Result<(), Refusal> {
        if let Some(actual) = as_player
            && let Some(decision) = self.inner.decision()
            && decision.player != actual
        {
            return Err(Refusal::Engine(Error::NotYourDecision {
                expected: decision.player,
                actual,
                rule: decision.kind.rule(),
            }));
        }
        if self.inner.events_enabled() {
            let inner = &mut self.inner;
            cards::with_host(self.deck.as_deref(), |host| {
                inner.apply_with(action, host, log)
            })
            .map_err(Refusal::Deck)??;
        } else {
            self.inner.apply_logged(action, log)?;
        }
        self.history.push(action);
        Ok(())
    }
}

/// What stands in one space, as `State.pieces` returns it.
#[derive(IntoPyObject)]
struct Pieces {
    troops: u8,
    governors: u8,
    amirs_obedient: u8,
    amirs_rebelling: u8,
    rajas_obedient: u8,
    rajas_rebelling: u8,
    mongols: u8,
    structure: Option<&'static str>,
}

/// The holding boxes, as `State.available` returns them.
#[derive(IntoPyObject)]
struct Available {
    troops: u8,
    governors: u8,
    qasbahs: u8,
    amirs: u8,
    forts: u8,
    rajas: u8,
    temples: u8,
    mongols: u8,
}

impl State {
    /// The action an argument names, if it names one.
    fn resolve(&self, action: &ActionArg) -> Result<vj::Action, Refusal> {
        match &action.form {
            ActionForm::Text(text) => text.parse().map_err(Refusal::Unreadable),
            ActionForm::Action(action) => Ok(*action),
            ActionForm::Id(id) => usize::try_from(*id)
                .ok()
                .and_then(vj::Action::from_index)
                .ok_or_else(|| {
                    Refusal::Unreadable(format!(
                        "no action is numbered {id} (the numbers run from 0 to {})",
                        vj::ACTION_COUNT - 1
                    ))
                }),
        }
    }
}

#[pymethods]
impl State {
    // ----- snapshots, copies and pickling ---------------------------------------------------

    /// The state as snapshot text: versioned JSON that `State.from_json` restores exactly.
    fn to_json(&self) -> String {
        self.inner.to_snapshot()
    }

    /// Restores a state from `to_json` text. Raises `SnapshotError` if the text is damaged,
    /// of another game or version, or describes a position that breaks the rules (then
    /// `.rule` names the rule).
    ///
    /// A game that plays the cards of a deck directory of its own needs `deck`, the directory.
    #[staticmethod]
    #[pyo3(signature = (text, deck = None))]
    fn from_json(py: Python<'_>, text: &str, deck: Option<String>) -> PyResult<State> {
        vj::State::from_snapshot(text)
            .map(|inner| State::new(inner, deck.map(Arc::from)))
            .map_err(|e| errors::snapshot(py, &e))
    }

    /// An independent copy.
    fn clone(&self) -> State {
        Clone::clone(self)
    }

    /// An independent copy (`copy.copy`).
    fn __copy__(&self) -> State {
        Clone::clone(self)
    }

    /// An independent copy (`copy.deepcopy`): a state holds no Python objects.
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        Clone::clone(self)
    }

    /// The snapshot text, for pickling.
    fn __getstate__(&self) -> String {
        self.to_json()
    }

    /// Replaces this state by the one in snapshot text, checked as `from_json` checks it.
    fn __setstate__(&mut self, py: Python<'_>, text: &str) -> PyResult<()> {
        let deck = self.deck.clone();
        *self = State::from_json(py, text, deck.map(|d| d.to_string()))?;
        Ok(())
    }

    /// Pickles as `State._restore(snapshot, deck, history)`: unpickling checks the state like
    /// any snapshot and keeps the deck and the history.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let restore = slf.get_type().getattr("_restore")?;
        let this = slf.borrow();
        let history: Vec<String> = this.history.iter().map(ToString::to_string).collect();
        let deck = this.deck.as_deref().map(str::to_owned);
        let args = (this.to_json(), deck, history).into_pyobject(slf.py())?;
        Ok((restore, args))
    }

    /// Restores a pickled state: its snapshot, deck and history.
    #[staticmethod]
    fn _restore(
        py: Python<'_>,
        text: &str,
        deck: Option<String>,
        history: Vec<String>,
    ) -> PyResult<State> {
        let mut state = State::from_json(py, text, deck)?;
        state.history = history
            .iter()
            .map(|a| a.parse())
            .collect::<Result<_, String>>()
            .map_err(pyo3::exceptions::PyValueError::new_err)?;
        Ok(state)
    }

    /// Checks every invariant of the rules; raises `InvariantError` naming the first one
    /// broken. States made by darbar always pass.
    fn check_invariants(&self, py: Python<'_>) -> PyResult<()> {
        self.inner
            .check_invariants()
            .map_err(|(rule, reason)| errors::invariant(py, rule, reason))
    }

    /// The board as readable text.
    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    /// A picture of the board as SVG text: the map with every space's pieces by faction and
    /// type (Obedient filled, Rebelling hollow), structures, Tributary markers and control,
    /// and a panel with the Influence tracks, Resources, VP, cavalry and the current card.
    fn to_svg(&self) -> String {
        self.inner.to_svg()
    }

    /// The picture Jupyter shows when a state is the last line of a cell.
    fn _repr_svg_(&self) -> String {
        self.inner.to_svg()
    }

    /// One informative line, also for a notebook: `<darbar.State vijayanagara seed=7 card=12/42 DS to decide: an option on Event 12 | VP DS 18 BK 0 VN 0>`.
    fn __repr__(&self) -> String {
        let inner = &self.inner;
        let deck = inner.deck();
        let card = deck
            .current()
            .map_or_else(|| "none".to_owned(), |c| c.to_string());
        let deciding = match inner.decision() {
            Some(d) => format!("{} to decide {}", d.player.faction().abbreviation(), d.kind),
            None => {
                let winners: Vec<&str> = inner
                    .outcome()
                    .winners
                    .iter()
                    .map(|p| p.faction().abbreviation())
                    .collect();
                format!("game over, won by {}", winners.join(" and "))
            }
        };
        let vp: Vec<String> = vj::Player::ALL
            .iter()
            .zip(self.victory_points_all())
            .map(|(p, vp)| format!("{} {vp}", p.faction().abbreviation()))
            .collect();
        format!(
            "<darbar.State vijayanagara seed={} card {} ({} played) | {deciding} | VP {}>",
            inner.seed(),
            card,
            deck.played().len(),
            vp.join(" ")
        )
    }

    // ----- OpenSpiel-style play -------------------------------------------------------------

    /// Whether the game is over (final scoring done, §5).
    fn is_terminal(&self) -> bool {
        self.inner.is_over()
    }

    /// What each seat (0 = DS, 1 = BK, 2 = VN) gets: once the game is over, 1 for a winner
    /// (1/k each for a win shared by k factions) and 0 for the others; 0 for all before.
    fn returns(&self) -> Vec<f64> {
        let mut returns = vec![0.0; vj::Player::ALL.len()];
        if self.inner.is_over() {
            let winners = self.inner.outcome().winners;
            let share = 1.0 / winners.len().max(1) as f64;
            for winner in winners {
                returns[winner as usize] = share;
            }
        }
        returns
    }

    /// The Victory Points of each seat, final ones (with the Mongol adjustment, §5.1) once the
    /// game is over.
    fn victory_points_all(&self) -> Vec<i32> {
        vj::Player::ALL
            .iter()
            .map(|&p| {
                if self.inner.is_over() {
                    self.inner.final_victory_points(p)
                } else {
                    self.inner.victory_points(p)
                }
            })
            .collect()
    }

    /// What is being decided now, as a short name (`"TurnOption"`, `"Command"`, `"Event"`,
    /// `"Combat"`, ...), or `"GameOver"`.
    fn phase(&self) -> String {
        match self.inner.decision() {
            Some(decision) => {
                let debug = format!("{:?}", decision.kind);
                debug
                    .split([' ', '{', '('])
                    .next()
                    .unwrap_or_default()
                    .to_owned()
            }
            None => "GameOver".to_owned(),
        }
    }

    /// The question of a choice inside an Event card, in the card's words, or `None`.
    fn prompt(&self) -> Option<String> {
        self.inner.event_prompt().map(str::to_owned)
    }

    /// The actions taken since this state was created (or restored from a snapshot), as
    /// `Action` objects, in order.
    fn history_typed(&self) -> Vec<Action> {
        self.history.iter().copied().map(Action).collect()
    }

    /// The replay record of the game (JSON text for `darbar.replay` and `darbar replay`): its
    /// seed, options and every action. Raises `ValueError` for a state restored in mid-game,
    /// whose earlier actions are unknown.
    fn replay_record(&self) -> PyResult<String> {
        let start = vj::State::with_options(self.inner.seed(), *self.inner.options());
        if *self.origin != start {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "this state was restored in mid-game: the actions before it are unknown",
            ));
        }
        Ok(start.replay_record(self.history.clone()).to_json())
    }

    /// The game's log since this state was created or restored: one line per thing that
    /// happened, in the game's words.
    fn log(&self) -> PyResult<Vec<String>> {
        let mut replay = State {
            inner: (*self.origin).clone(),
            deck: self.deck.clone(),
            origin: Arc::clone(&self.origin),
            history: Vec::new(),
        };
        let mut log = Log::recording();
        for &action in &self.history {
            replay.apply_checked(action, None, &mut log).map_err(|_| {
                // The same actions were legal from the same position a moment ago.
                pyo3::exceptions::PyRuntimeError::new_err(format!(
                    "the history does not replay at {action}"
                ))
            })?;
        }
        Ok(log.take())
    }

    /// What `player` sees and may do, as a dict: the seat, whether it is that seat's decision,
    /// what is decided and its legal actions (in string form; empty if it is not that seat's
    /// turn), the question of an Event choice, and the seat's Resources, cavalry, Influence and
    /// Victory Points. Vijayanagara hides nothing but the order of the deck.
    fn view<'py>(&self, py: Python<'py>, player: PlayerArg) -> PyResult<Bound<'py, PyDict>> {
        let me = player.0;
        let decision = self.inner.decision();
        let mine = decision.as_ref().is_some_and(|d| d.player == me);
        let view = PyDict::new(py);
        view.set_item("player", me as usize)?;
        view.set_item("faction", me.faction().abbreviation())?;
        view.set_item("is_my_turn", mine)?;
        view.set_item("deciding", decision.as_ref().map(|d| d.kind.to_string()))?;
        view.set_item("prompt", self.inner.event_prompt())?;
        let legal: Vec<String> = match &decision {
            Some(d) if mine => d.choices.iter().map(ToString::to_string).collect(),
            _ => Vec::new(),
        };
        view.set_item("legal_actions", legal)?;
        view.set_item("resources", self.inner.resources(me))?;
        view.set_item("cavalry", self.inner.cavalry(me))?;
        view.set_item("influence", self.inner.influence(me))?;
        view.set_item("victory_points", self.inner.victory_points(me))?;
        view.set_item("current_card", self.current_card())?;
        Ok(view)
    }

    // ----- the game -------------------------------------------------------------------------

    /// The seed the game was created from.
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.seed()
    }

    /// The rule options of this game, as a new dict.
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        options::to_dict(py, self.inner.options())
    }

    /// The dynasty ruling in Delhi: `"Khalji"` or `"Tughlaq"`.
    fn dynasty(&self) -> String {
        self.inner.dynasty().to_string()
    }

    /// The card revealed last (`"Event 12"`, `"Zenith of the Delhi Sultanate"`), or `None`.
    fn current_card(&self) -> Option<String> {
        self.inner.deck().current().map(|c| c.to_string())
    }

    /// How many cards are left to draw.
    fn cards_remaining(&self) -> usize {
        self.inner.deck().remaining()
    }

    // ----- factions -------------------------------------------------------------------------

    /// A faction's Resources, 0–24.
    fn resources(&self, faction: PlayerArg) -> u8 {
        self.inner.resources(faction.0)
    }

    /// The cavalry tokens a faction holds.
    fn cavalry(&self, faction: PlayerArg) -> u8 {
        self.inner.cavalry(faction.0)
    }

    /// The cavalry tokens in the shared pool.
    fn cavalry_pool(&self) -> u8 {
        self.inner.cavalry_pool()
    }

    /// A faction's Victory Points as they stand now.
    fn victory_points(&self, faction: PlayerArg) -> i32 {
        self.inner.victory_points(faction.0)
    }

    /// A faction's Deccan Influence, 0–4, or `None` for the Sultanate, which has no track.
    fn influence(&self, faction: PlayerArg) -> Option<u8> {
        self.inner.influence(faction.0)
    }

    /// The pieces in the holding boxes, by kind: `{"troops": 10, "governors": 4, ...}`.
    fn available(&self) -> Available {
        let a = self.inner.available();
        Available {
            troops: a.troops,
            governors: a.governors,
            qasbahs: a.qasbahs,
            amirs: a.amirs,
            forts: a.forts,
            rajas: a.rajas,
            temples: a.temples,
            mongols: a.mongols,
        }
    }

    // ----- the map --------------------------------------------------------------------------

    /// The names of the spaces, in map order.
    fn spaces(&self) -> Vec<&'static str> {
        vj::SpaceId::ALL.iter().map(|s| s.name()).collect()
    }

    /// What stands in a space: `{"troops": 4, "governors": 0, "amirs_obedient": 0, ...,
    /// "structure": None}`; the structure is `"Qasbah"`, `"Fort"`, `"Temple"` or `None`.
    fn pieces(&self, space: SpaceArg) -> Pieces {
        let p = self.inner.space(space.0);
        Pieces {
            troops: p.troops,
            governors: p.governors,
            amirs_obedient: p.amirs.obedient,
            amirs_rebelling: p.amirs.rebelling,
            rajas_obedient: p.rajas.obedient,
            rajas_rebelling: p.rajas.rebelling,
            mongols: p.mongols,
            structure: p.structure.map(|s: Structure| s.kind().name(1)),
        }
    }

    /// Whether a space is a Tributary Province.
    fn is_tributary(&self, space: SpaceArg) -> bool {
        self.inner.is_tributary(space.0)
    }

    /// The faction controlling a space (`"DS"`, `"BK"` or `"VN"`), or `None`.
    fn control(&self, space: SpaceArg) -> Option<&'static str> {
        self.inner
            .controller(space.0)
            .map(|p| p.faction().abbreviation())
    }

    // ----- decisions ------------------------------------------------------------------------

    /// The seat (0 = DS, 1 = BK, 2 = VN) that must decide now, or `None`.
    fn current_player(&self) -> Option<usize> {
        self.inner.current_player().map(|p| p as usize)
    }

    /// The legal actions now, by their fixed numbers (`Action.id`), in the order the rules
    /// list them; empty once the game is over.
    fn legal_actions(&self) -> Vec<usize> {
        self.inner
            .legal_actions()
            .iter()
            .map(|a| a.index())
            .collect()
    }

    /// The legal actions now, as `Action` objects, in the order of `legal_actions()`.
    fn legal_actions_typed(&self) -> Vec<Action> {
        self.inner.legal_actions().into_iter().map(Action).collect()
    }

    /// The readable form of an action given by number (or as an `Action` or text). Raises
    /// `IllegalActionError` if it names no action.
    fn action_to_string(&self, py: Python<'_>, action: ActionArg) -> PyResult<String> {
        self.resolve(&action)
            .map(|a| a.to_string())
            .map_err(|refusal| errors::refused(py, &action, refusal))
    }

    /// The number of the action with this readable form (`"select Delhi"`). Raises
    /// `IllegalActionError` if the text names no action.
    fn string_to_action(&self, py: Python<'_>, text: &str) -> PyResult<usize> {
        let action = ActionArg {
            given: text.into_pyobject(py)?.into_any().unbind(),
            form: ActionForm::Text(text.to_owned()),
        };
        self.resolve(&action)
            .map(|a| a.index())
            .map_err(|refusal| errors::refused(py, &action, refusal))
    }

    /// The legal actions as a mask: a numpy `bool` array of shape
    /// `(Game.num_distinct_actions(),)`, true at the number of each legal action.
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut mask = vec![false; vj::ACTION_COUNT];
        for action in self.inner.legal_actions() {
            mask[action.index()] = true;
        }
        numpy_array(py, mask.into_pyobject(py)?.into_any(), "bool_")
    }

    /// What `player` observes, as a numpy `float32` array of shape
    /// `Game.observation_tensor_shape()`; its layout is documented with
    /// `darbar::vijayanagara::State::observation` (the Rust crate's docs).
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: PlayerArg,
    ) -> PyResult<Bound<'py, PyAny>> {
        let values = self.inner.observation(player.0);
        numpy_array(py, values.into_pyobject(py)?.into_any(), "float32")
    }

    /// The actions taken since this state was created (or restored from a snapshot), by their
    /// numbers, in order.
    fn history(&self) -> Vec<usize> {
        self.history.iter().map(|a| a.index()).collect()
    }

    /// Takes an action: an index into `legal_actions()` or the action's string form.
    ///
    /// Raises `IllegalActionError` (naming the rule) if it is not legal now; the state is then
    /// left exactly as it was.
    fn apply_action(&mut self, py: Python<'_>, action: ActionArg) -> PyResult<()> {
        self.resolve(&action)
            .and_then(|a| self.apply_checked(a, None, &mut Log::silent()))
            .map_err(|refusal| errors::refused(py, &action, refusal))
    }

    /// Takes an action on behalf of `faction`. Raises `NotYourTurnError` if the decision is
    /// another faction's, otherwise as `apply_action`.
    fn apply_action_as(
        &mut self,
        py: Python<'_>,
        faction: PlayerArg,
        action: ActionArg,
    ) -> PyResult<()> {
        self.resolve(&action)
            .and_then(|a| self.apply_checked(a, Some(faction.0), &mut Log::silent()))
            .map_err(|refusal| errors::refused(py, &action, refusal))
    }
}

/// `numpy.asarray(values, dtype=numpy.<dtype>)`: numpy is imported only when an array is asked
/// for, so the package works without it otherwise.
fn numpy_array<'py>(
    py: Python<'py>,
    values: Bound<'py, PyAny>,
    dtype: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let numpy = py.import("numpy")?;
    let dtype = numpy.getattr(dtype)?;
    let kwargs = PyDict::new(py);
    kwargs.set_item("dtype", dtype)?;
    numpy.call_method("asarray", (values,), Some(&kwargs))
}
