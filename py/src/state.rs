//! The `State` class: a position of any game, read through plain Python values and changed
//! only by legal actions.

use std::sync::Arc;

use darbar::engine::{DynState, Refusal, Seat};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple, PyType};
use serde_json::Value;

use crate::action::{self, Action, ActionForm};
use crate::card::Card;
use crate::game::{self, Loaded};
use crate::{convert, errors, games};

/// A position of a game (OpenSpiel's `State`), with the actions taken since it was created or
/// restored.
///
/// Seats are numbers `0 .. Game.num_players() - 1` or their names (`"DS"`); actions are
/// numbers, `Action`s or text. States compare equal when their positions are (how each was
/// reached does not count); they are mutable and so not hashable. Copies, pickles and
/// snapshots are exact. Each game's states are a subclass (`VijayanagaraState`, `RaidState`)
/// with that game's own queries.
#[pyclass(module = "darbar", name = "State", subclass)]
pub(crate) struct State {
    /// The position, its decision and history.
    pub(crate) inner: Box<dyn DynState>,
    /// The rules and the options that load them.
    pub(crate) loaded: Arc<Loaded>,
    /// The snapshot this state was restored from, where its history starts; `None` for the
    /// start of a game.
    pub(crate) origin: Option<Arc<str>>,
}

impl State {
    /// A copy as a new Python object of the same class.
    fn copy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        games::wrap_state(
            py,
            Arc::clone(&self.loaded),
            self.inner.clone_box(),
            self.origin.clone(),
        )
    }

    /// Applies an action as Python gives it, on behalf of `seat` if given.
    fn apply(&mut self, seat: Option<usize>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let result = match action::action_form(self.inner.game(), action)? {
            ActionForm::Id(id) => match seat {
                None => self.inner.apply(id),
                Some(seat) => self.inner.apply_as(seat, id),
            },
            ActionForm::Text(text) => self.inner.apply_text(seat, &text),
            ActionForm::NoSuchNumber(reason) => Err(Refusal::Unreadable(reason)),
        };
        result.map_err(|refusal| errors::refused(action.py(), action, refusal))
    }

    /// The state restored from `snapshot` by this state's rules.
    /// The seat given, or the only seat of a game of one; what `method` needs otherwise.
    fn seat_or_only(&self, seat: Option<&Bound<'_, PyAny>>, method: &str) -> PyResult<Seat> {
        let game = self.inner.game();
        match seat {
            Some(seat) => action::seat(game, seat),
            None if game.num_players() == 1 => Ok(0),
            None => Err(PyTypeError::new_err(format!(
                "{method}() needs a seat: {} has {} seats",
                game.name(),
                game.num_players()
            ))),
        }
    }

    fn restored(&self, py: Python<'_>, snapshot: &str) -> PyResult<Box<dyn DynState>> {
        self.loaded
            .rules
            .restore(snapshot)
            .map_err(|e| errors::snapshot(py, &e))
    }
}

/// A state rebuilt from a pickle, with the snapshot its history starts from.
type Rebuilt = (Box<dyn DynState>, Option<Arc<str>>);

/// Rebuilds a pickled state: `snapshot` and `origin` checked as any snapshot is, and the
/// history replayed from the origin (the start of the game when `origin` is `None`), so that
/// the history, the log and the replay record survive the pickle. A payload whose history does
/// not lead to its position was tampered with: `ReplayError`, not a state that half works.
fn rebuild(
    py: Python<'_>,
    loaded: &Arc<Loaded>,
    snapshot: &str,
    origin: Option<&str>,
    history: &[usize],
) -> PyResult<Rebuilt> {
    let rules = &loaded.rules;
    let now = rules
        .restore(snapshot)
        .map_err(|e| errors::snapshot(py, &e))?;
    let mut state = match origin {
        None => rules.new_initial_state(now.seed()),
        Some(origin) => rules
            .restore(origin)
            .map_err(|e| errors::snapshot(py, &e))?,
    };
    for (step, &id) in history.iter().enumerate() {
        state.apply(id).map_err(|refusal| {
            let message =
                format!("the pickled history does not replay: action {step} ({id}): {refusal}");
            errors::replay_error(py, "history", message, Some(step))
        })?;
    }
    if !state.eq_dyn(&*now) {
        let message = "the pickled history does not lead to the pickled position".to_owned();
        return Err(errors::replay_error(py, "history", message, None));
    }
    Ok((state, origin.map(Arc::from)))
}

/// What `State._restore` takes: the game's name and options (JSON), the snapshot, the origin's
/// snapshot (`None` for the start of a game) and the history by number.
type Pickled = (&'static str, String, String, Option<String>, Vec<usize>);

#[pymethods]
impl State {
    // ----- snapshots, copies and pickling ---------------------------------------------------

    /// The state as snapshot text: versioned JSON that `State.from_json` restores exactly.
    fn to_json(&self) -> String {
        self.inner.to_snapshot()
    }

    /// Restores a state from `to_json` text, of whichever game it names, with the options it
    /// was played with. Raises `SnapshotError` if the text is damaged, of another game or
    /// version (or of another game than the class it is called on: `RaidState.from_json`), or
    /// describes a position that breaks the rules (then `.rule` names the rule).
    ///
    /// `extra` are loader options a snapshot does not carry: `deck="DIR"` for a Vijayanagara
    /// game that plays a deck directory of its own.
    #[classmethod]
    #[pyo3(signature = (text, **extra))]
    fn from_json<'py>(
        cls: &Bound<'py, PyType>,
        text: &str,
        extra: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = cls.py();
        let extra = convert::kwargs_json(extra)?;
        let inner = game::registry()
            .restore(text, &extra)
            .map_err(|e| errors::open(py, &e))?;
        let name = inner.game().name();
        let options = game::merged(inner.game().options_json(), &extra);
        let loaded = game::load(py, name, &options)?;
        let state = games::wrap_state(py, loaded, inner, Some(Arc::from(text)))?;
        if !state.is_instance(cls)? {
            return Err(errors::snapshot_error(
                py,
                "wrong_game",
                format!("a snapshot of {name}, not a {}", cls.name()?),
                None,
            ));
        }
        Ok(state)
    }

    /// An independent copy.
    fn clone<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.copy(py)
    }

    /// An independent copy (`copy.copy`).
    fn __copy__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.copy(py)
    }

    /// An independent copy (`copy.deepcopy`): a state holds no Python objects.
    fn __deepcopy__<'py>(
        &self,
        py: Python<'py>,
        _memo: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.copy(py)
    }

    /// The snapshot text.
    fn __getstate__(&self) -> String {
        self.to_json()
    }

    /// Replaces this position by the one in snapshot text, checked as `from_json` checks it
    /// (against this state's game and options); a refused text changes nothing.
    fn __setstate__(&mut self, py: Python<'_>, text: &str) -> PyResult<()> {
        self.inner = self.restored(py, text)?;
        self.origin = Some(Arc::from(text));
        Ok(())
    }

    /// Pickles as `State._restore(name, options, snapshot, origin, history)`: unpickling
    /// checks the snapshot like any other, and keeps the game's options and the history.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let restore = slf.get_type().getattr("_restore")?;
        let this = slf.borrow();
        let pickled: Pickled = (
            this.loaded.name(),
            this.loaded.options.to_string(),
            this.inner.to_snapshot(),
            this.origin.as_deref().map(str::to_owned),
            this.inner.history(),
        );
        Ok((restore, pickled.into_pyobject(slf.py())?))
    }

    /// Restores a pickled state.
    #[staticmethod]
    fn _restore<'py>(
        py: Python<'py>,
        name: &str,
        options: &str,
        snapshot: &str,
        origin: Option<String>,
        history: Vec<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let options: Value =
            serde_json::from_str(options).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let loaded = game::load(py, name, &options)?;
        let (inner, origin) = rebuild(py, &loaded, snapshot, origin.as_deref(), &history)?;
        games::wrap_state(py, loaded, inner, origin)
    }

    /// Checks every invariant of the rules; raises `InvariantError` naming the first one
    /// broken. States made by darbar always pass.
    fn check_invariants(&self, py: Python<'_>) -> PyResult<()> {
        self.inner
            .check_invariants()
            .map_err(|broken| errors::invariant(py, broken.rule, broken.reason))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<State>()
            .is_ok_and(|other| other.borrow().inner.eq_dyn(&*self.inner))
    }

    /// States are mutable, so not hashable.
    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    // ----- pictures -------------------------------------------------------------------------

    /// The position as readable text.
    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    /// One line: the game, its seed, who decides what.
    fn __repr__(&self) -> String {
        let inner = &*self.inner;
        let deciding = match (inner.current_player(), inner.decision_kind()) {
            (Some(seat), Some((kind, _))) => {
                format!("{} to decide {kind}", inner.game().seat_name(seat))
            }
            _ => format!("game over, returns {:?}", inner.returns()),
        };
        format!(
            "<darbar.State {} seed={} | {deciding}>",
            inner.game().name(),
            inner.seed()
        )
    }

    /// A picture of the position as SVG text, or `None` for a game that draws none. The
    /// spaces or sites the last action touched are outlined and a caption reads
    /// `Last: <action>`; a state with no action since its start (or since the snapshot it was
    /// restored from) has no highlight.
    fn to_svg(&self) -> Option<String> {
        self.inner.to_svg()
    }

    /// The picture Jupyter shows when a state is the last line of a cell.
    fn _repr_svg_(&self) -> Option<String> {
        self.inner.to_svg()
    }

    /// The colours of the game's pictures, `(name, "#rrggbb")` in order: what
    /// `darbar.palette(game)` returns as a dict.
    fn _palette(&self) -> Vec<(&'static str, &'static str)> {
        self.inner.game().palette()
    }

    // ----- OpenSpiel-style play -------------------------------------------------------------

    /// The seat that must decide now, or `None` once the game is over.
    fn current_player(&self) -> Option<usize> {
        self.inner.current_player()
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }

    /// What each seat gets from the game as it stands (0 for all before the end).
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// What is being decided now, in words, or `"GameOver"`.
    fn phase(&self) -> String {
        self.inner
            .decision_kind()
            .map_or_else(|| "GameOver".to_owned(), |(kind, _)| kind)
    }

    /// The question shown with the decision (a choice inside an Event card), or `None`.
    fn prompt(&self) -> Option<String> {
        self.inner.prompt()
    }

    /// The card in play, in the words of the deck the game loaded (a deck of one's own shows
    /// its own), as a `Card`: `number`, `title`, `unshaded`, `shaded`, ...; `None` for a game
    /// without cards, before the first card and once the game is over.
    fn current_card(&self) -> Option<Card> {
        self.inner.current_card().map(Card::new)
    }

    /// The legal actions now, by their fixed numbers (`Action.id`), in the order the rules
    /// list them; empty once the game is over.
    fn legal_actions(&self) -> Vec<usize> {
        self.inner.legal_actions().to_vec()
    }

    /// The legal actions now, as `Action` objects, in the order of `legal_actions()`.
    fn legal_actions_typed(&self) -> Vec<Action> {
        self.inner
            .legal_actions()
            .iter()
            .map(|&id| Action {
                game: Arc::clone(&self.loaded.rules),
                id,
            })
            .collect()
    }

    /// The legal actions as a mask: a numpy `bool` array of shape
    /// `(Game.num_distinct_actions(),)`, true at the number of each legal action.
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut mask = vec![false; self.loaded.rules.num_distinct_actions()];
        for &id in self.inner.legal_actions() {
            if let Some(legal) = mask.get_mut(id) {
                *legal = true;
            }
        }
        convert::numpy_array(py, mask.into_pyobject(py)?.into_any(), "bool_")
    }

    /// The readable form of an action given by number (or as an `Action` or text). Raises
    /// `IllegalActionError` if it names no action.
    fn action_to_string(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let game = self.inner.game();
        let text = match action::action_form(game, action)? {
            ActionForm::Id(id) => game
                .action_to_string(id)
                .ok_or_else(|| format!("no action is numbered {id}")),
            ActionForm::Text(text) => {
                action::number_of(game, &text).map(|id| game.action_to_string(id).unwrap_or(text))
            }
            ActionForm::NoSuchNumber(reason) => Err(reason),
        };
        text.map_err(|reason| errors::refused(py, action, Refusal::Unreadable(reason)))
    }

    /// The number of the action with this readable form (`"select Delhi"`). Raises
    /// `IllegalActionError` if the text names no action.
    fn string_to_action(&self, text: &Bound<'_, PyString>) -> PyResult<usize> {
        action::number_of(self.inner.game(), &text.extract::<String>()?).map_err(|reason| {
            errors::refused(text.py(), text.as_any(), Refusal::Unreadable(reason))
        })
    }

    /// Takes an action: its number, an `Action` or its string form.
    ///
    /// Raises `IllegalActionError` (naming the rule) if it is not legal now, `ScriptError` if
    /// a card script fails while carrying it out; the state is then left exactly as it was.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        self.apply(None, action)
    }

    /// Takes an action on behalf of `seat` (a number or a seat's name). Raises
    /// `NotYourTurnError` if the decision is another seat's, otherwise as `apply_action`.
    fn apply_action_as(
        &mut self,
        seat: &Bound<'_, PyAny>,
        action: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let seat = action::seat(self.inner.game(), seat)?;
        self.apply(Some(seat), action)
    }

    /// What `seat` observes, as a numpy `float32` array of shape
    /// `Game.observation_tensor_shape()`, built only from what the seat may see.
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = action::seat(self.inner.game(), seat)?;
        let values = self.inner.observation(seat);
        convert::numpy_array(py, values.into_pyobject(py)?.into_any(), "float32")
    }

    /// What `seat` may see, as a dict (the game's view). `seat` may be left out in a game of
    /// one seat.
    #[pyo3(signature = (seat = None))]
    fn view<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.seat_or_only(seat, "view")?;
        convert::to_py(py, &self.inner.view_json(seat))
    }

    /// A position consistent with everything `seat` (a number or a seat's name) knows here,
    /// with what it does not know (another's hand, the deck's order, a sealed bid, the future
    /// dice) drawn afresh from a generator seeded with `seed` (OpenSpiel's
    /// `resample_from_infostate`): the seat's view is the same, the rest may differ. The same
    /// seed gives the same position. The result is a state of the same class restored in
    /// mid-game, with no history.
    fn resample<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
        seed: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = action::seat(self.inner.game(), seat)?;
        let inner = self.inner.resample(seat, seed);
        let origin = Arc::from(inner.to_snapshot());
        games::wrap_state(py, Arc::clone(&self.loaded), inner, Some(origin))
    }

    /// The action `action` (a number, an `Action` or its text), taken now, as `seat` sees it:
    /// its number, or `None` when the seat cannot tell which action it was (another's sealed
    /// bid). What a bot of that seat is told (`Bot.inform`). Raises `IllegalActionError` if
    /// it names no action.
    fn action_seen_by(
        &self,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
        seat: &Bound<'_, PyAny>,
    ) -> PyResult<Option<usize>> {
        let game = self.inner.game();
        let seat = action::seat(game, seat)?;
        let id = match action::action_form(game, action)? {
            ActionForm::Id(id) => Ok(id),
            ActionForm::Text(text) => action::number_of(game, &text),
            ActionForm::NoSuchNumber(reason) => Err(reason),
        }
        .map_err(|reason| errors::refused(py, action, Refusal::Unreadable(reason)))?;
        Ok(self.inner.action_seen_by(id, seat))
    }

    /// The board in text as `seat` sees it: nothing of what the seat may not see (another's
    /// hand, a sealed bid, the deck's order), unlike `str(state)`, the whole position. `seat`
    /// may be left out in a game of one seat.
    #[pyo3(signature = (seat = None))]
    fn board(&self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let seat = self.seat_or_only(seat, "board")?;
        Ok(self.inner.board(seat))
    }

    /// The actions taken since this state was created (or restored from a snapshot), by their
    /// numbers, in order.
    fn history(&self) -> Vec<usize> {
        self.inner.history()
    }

    /// The actions taken since this state was created (or restored), as `Action` objects.
    fn history_typed(&self) -> Vec<Action> {
        self.inner
            .history()
            .into_iter()
            .map(|id| Action {
                game: Arc::clone(&self.loaded.rules),
                id,
            })
            .collect()
    }

    /// The game's log since this state was created or restored: one line per thing that
    /// happened, in the game's words.
    fn log(&self) -> Vec<String> {
        self.inner.log()
    }

    /// The replay record of the game (JSON text for `darbar.replay`): its seed, options and
    /// every action. Raises `ValueError` for a state restored in mid-game, whose earlier
    /// actions are unknown.
    fn replay_record(&self) -> PyResult<String> {
        self.inner.replay_record().map_err(PyValueError::new_err)
    }

    // ----- the game -------------------------------------------------------------------------

    /// The seed the game was created from.
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.seed()
    }

    /// The name of the game.
    #[getter]
    fn game_name(&self) -> &'static str {
        self.loaded.name()
    }

    /// The game, with its options.
    fn get_game<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        games::wrap_game(py, Arc::clone(&self.loaded))
    }

    /// The rule options of this game, as a new dict.
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        games::python_options(py, &self.loaded)
    }
}
