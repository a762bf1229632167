//! The kingdom raid dice game: `RaidGame`, `RaidState` and `RaidAction`, with the same
//! OpenSpiel-style API as Vijayanagara's `Game`, `State` and `Action`.
//!
//! Campaigns (RG-11) cross the boundary as JSON text, the form `darbar::raid::Campaign` reads
//! and writes: `RaidState.campaign_after()` returns it, `RaidGame.new_campaign_state` takes it
//! (or the same as a dict).

use std::sync::Arc;

use darbar::engine::Snapshot;
use darbar::raid::{self as rg, Campaign, DecisionKind, Ending, Log, Options, Resources};
use pyo3::exceptions::{PyOverflowError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString, PyTuple};

use crate::{action, errors};

/// The module that defines the exception classes.
const ERRORS_MODULE: &str = "darbar._errors";

/// The game's name, as in snapshots and replay records.
pub(crate) const GAME: &str = <rg::State as Snapshot>::GAME;

/// An instance of the exception class `class` of [`ERRORS_MODULE`], built with `message` as its
/// only positional argument and the keyword arguments `attributes` puts in a dict.
fn raise<'py>(
    py: Python<'py>,
    class: &str,
    message: String,
    attributes: impl FnOnce(&Bound<'py, PyDict>) -> PyResult<()>,
) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let kwargs = PyDict::new(py);
        attributes(&kwargs)?;
        let class = py.import(ERRORS_MODULE)?.getattr(class)?;
        Ok(PyErr::from_value(class.call((message,), Some(&kwargs))?))
    };
    // If building the exception fails, that failure is the one to report.
    build().unwrap_or_else(|failure| failure)
}

/// Text that is JSON itself, or a Python value turned into JSON text by `json.dumps`.
fn json_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = value.extract::<String>() {
        return Ok(text);
    }
    value
        .py()
        .import("json")?
        .call_method1("dumps", (value,))?
        .extract()
}

/// `json.loads(text)`.
fn json_value<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

// ----- actions ------------------------------------------------------------------------------

/// One action of the raid game: `str(action)` is its readable form (`"raid village-2"`,
/// `"recruit 3"`), `action.id` its fixed number, the same in every state
/// (`0 <= id < RaidGame.num_distinct_actions()`), which `RaidState.legal_actions()` lists.
///
/// ```python
/// a = darbar.RaidAction("scout village-2")
/// assert darbar.RaidAction.from_id(a.id) == a
/// ```
///
/// Actions are immutable and hashable. They compare by value, and equal their readable form
/// too (`RaidAction("end-raids") == "end-raids"`, with the same hash). A recruitment spends 1 to
/// 999 funds, an engine limit beside ruling 22: `RaidAction("recruit 1000")` is refused.
#[pyclass(module = "darbar", name = "RaidAction", frozen)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct RaidAction(pub(crate) rg::Action);

/// Why a number names no action.
fn no_such_number(id: impl std::fmt::Display) -> String {
    format!(
        "no raid action is numbered {id} (the numbers run from 0 to {})",
        rg::ACTION_COUNT - 1
    )
}

/// Why a recruitment has no number.
fn unnumbered(action: rg::Action) -> String {
    format!(
        "{action} has no number: one recruitment spends 1 to {} funds (an engine limit \
         beside ruling 22)",
        rg::Action::MAX_RECRUIT_FUNDS
    )
}

#[pymethods]
impl RaidAction {
    /// The action with this readable form. Raises `ValueError` if it names no action, or a
    /// recruitment beyond the engine limit.
    #[new]
    fn new(text: &str) -> PyResult<RaidAction> {
        let action: rg::Action = text.parse().map_err(PyValueError::new_err)?;
        if !action.is_numbered() {
            return Err(PyValueError::new_err(unnumbered(action)));
        }
        Ok(RaidAction(action))
    }

    /// The action numbered `id`. Raises `ValueError` for a number that is no action.
    #[staticmethod]
    fn from_id(id: usize) -> PyResult<RaidAction> {
        rg::Action::from_index(id)
            .map(RaidAction)
            .ok_or_else(|| PyValueError::new_err(no_such_number(id)))
    }

    /// The action's fixed number.
    #[getter]
    fn id(&self) -> usize {
        self.0.index()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        action::repr(py, "RaidAction", &self.0.to_string())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<RaidAction>() {
            Ok(other) => other.get().0 == self.0,
            Err(_) => action::equals_text(other, &self.0.to_string()),
        }
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        action::text_hash(py, &self.0.to_string())
    }

    fn __int__(&self) -> usize {
        self.0.index()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let text = slf.get().0.to_string();
        Ok((slf.get_type().into_any(), PyTuple::new(slf.py(), [text])?))
    }
}

/// An action as Python gives it: its number (any integer, `numpy.int64` included), a
/// `RaidAction`, or its string form. The object itself is kept, to be given back in
/// `IllegalActionError.action`.
pub(crate) struct RaidActionArg {
    /// What the caller passed.
    given: Py<PyAny>,
    /// How it names an action.
    form: Form,
}

/// The ways to name an action.
enum Form {
    /// A number, possibly of no action (an integer too large for `i64` reads as `i64::MAX`).
    Id(i64),
    /// A `RaidAction`.
    Action(rg::Action),
    /// The string form, not yet parsed.
    Text(String),
}

impl RaidActionArg {
    fn text(py: Python<'_>, text: &str) -> PyResult<RaidActionArg> {
        Ok(RaidActionArg {
            given: text.into_pyobject(py)?.into_any().unbind(),
            form: Form::Text(text.to_owned()),
        })
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for RaidActionArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let form = if obj.is_instance_of::<PyString>() {
            Form::Text(obj.extract()?)
        } else if let Ok(action) = obj.cast::<RaidAction>() {
            Form::Action(action.get().0)
        } else {
            match obj.extract::<i64>() {
                Ok(id) => Form::Id(id),
                Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => Form::Id(i64::MAX),
                Err(_) => {
                    return Err(PyTypeError::new_err(format!(
                        "a raid action is an int (its number), a RaidAction or a str, not {}",
                        obj.get_type().name()?
                    )));
                }
            }
        };
        Ok(RaidActionArg {
            given: obj.to_owned().unbind(),
            form,
        })
    }
}

/// Why an action was refused.
enum Refusal {
    /// The engine refused it; the error names the rule.
    Engine(rg::Error),
    /// The argument names no action, so no rule was consulted.
    Unreadable(String),
}

/// `IllegalActionError`, carrying the action as the caller gave it, the reason and the rule
/// (`"RG-5.4"`, `"ruling 13"`; `None` when the argument named no action).
fn refused(py: Python<'_>, action: &RaidActionArg, refusal: Refusal) -> PyErr {
    let (reason, rule) = match refusal {
        Refusal::Engine(error) => (error.to_string(), Some(error.rule().section())),
        Refusal::Unreadable(reason) => (reason, None),
    };
    let given = action.given.bind(py);
    let shown = given
        .repr()
        .map_or_else(|_| "?".to_owned(), |r| r.to_string());
    let message = format!("illegal action {shown}: {reason}");
    raise(py, "IllegalActionError", message, |kwargs| {
        kwargs.set_item("action", &action.given)?;
        kwargs.set_item("reason", reason)?;
        kwargs.set_item("rule", rule)
    })
}

/// `SnapshotError` for campaign text that cannot be used: `"malformed"` text, or an
/// `"impossible"` campaign that breaks RG-11.
fn campaign_error(py: Python<'_>, kind: &str, reason: String) -> PyErr {
    let message = rg::Error::Campaign {
        reason: reason.clone(),
    }
    .to_string();
    raise(py, "SnapshotError", message, |kwargs| {
        kwargs.set_item("kind", kind)?;
        kwargs.set_item("rule", (kind == "impossible").then_some("RG-11"))
    })
}

/// Reads and checks a campaign given as JSON text or as a dict of the same shape.
fn campaign_arg(value: &Bound<'_, PyAny>) -> PyResult<Campaign> {
    let py = value.py();
    let text = json_text(value)?;
    let campaign: Campaign =
        serde_json::from_str(&text).map_err(|e| campaign_error(py, "malformed", e.to_string()))?;
    campaign
        .validate()
        .map_err(|reason| campaign_error(py, "impossible", reason))?;
    Ok(campaign)
}

// ----- options ------------------------------------------------------------------------------

/// The keys of `start`, in the order of [`Resources`]' fields.
const RESOURCES: [&str; 5] = ["soldiers", "funds", "food", "weapons", "slaves"];

fn resources_dict<'py>(py: Python<'py>, r: &Resources) -> PyResult<Bound<'py, PyDict>> {
    let Resources {
        soldiers,
        funds,
        food,
        weapons,
        slaves,
    } = *r;
    let dict = PyDict::new(py);
    for (key, value) in RESOURCES
        .into_iter()
        .zip([soldiers, funds, food, weapons, slaves])
    {
        dict.set_item(key, value)?;
    }
    Ok(dict)
}

/// Every raid option with its value, in the order of [`Options`]' fields; `start` is a
/// dict of the five resources.
///
/// The destructuring is exhaustive on purpose: a field added to [`Options`] stops this
/// crate from compiling until the binding knows it.
fn options_dict<'py>(py: Python<'py>, options: &Options) -> PyResult<Bound<'py, PyDict>> {
    let Options {
        start,
        sack_on_any_raid,
        captured_units_carry_over,
        castles_in_play,
        crisis_halves_fort,
    } = *options;
    let dict = PyDict::new(py);
    dict.set_item("start", resources_dict(py, &start)?)?;
    dict.set_item("sack_on_any_raid", sack_on_any_raid)?;
    dict.set_item("captured_units_carry_over", captured_units_carry_over)?;
    dict.set_item("castles_in_play", castles_in_play)?;
    dict.set_item("crisis_halves_fort", crisis_halves_fort)?;
    Ok(dict)
}

/// Reads keyword arguments into [`Options`]; options not given keep their defaults
/// (ruling by ruling, `raid_rulings.md`).
///
/// `start` takes a dict of resources (`{"soldiers": 8}`; resources not named keep their
/// default). An unknown option or resource raises `ValueError` naming the known ones; a value
/// of the wrong type raises `TypeError`.
pub(crate) fn options_from_kwargs(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Options> {
    let mut options = Options::default();
    let Some(kwargs) = kwargs else {
        return Ok(options);
    };
    for (key, value) in kwargs.iter() {
        let key: String = key.extract()?;
        let flag = |value: &Bound<'_, PyAny>| -> PyResult<bool> {
            value
                .cast::<PyBool>()
                .map(|b| b.is_true())
                .map_err(|_| PyTypeError::new_err(format!("option {key:?} takes True or False")))
        };
        match key.as_str() {
            "start" => options.start = start_resources(&value, options.start)?,
            "sack_on_any_raid" => options.sack_on_any_raid = flag(&value)?,
            "captured_units_carry_over" => options.captured_units_carry_over = flag(&value)?,
            "castles_in_play" => options.castles_in_play = flag(&value)?,
            "crisis_halves_fort" => options.crisis_halves_fort = flag(&value)?,
            _ => {
                let known: Vec<String> = options_dict(kwargs.py(), &Options::default())?
                    .keys()
                    .iter()
                    .map(|k| k.to_string())
                    .collect();
                return Err(PyValueError::new_err(format!(
                    "unknown option {key:?} for raid (known options: {})",
                    known.join(", ")
                )));
            }
        }
    }
    Ok(options)
}

/// The `start` option: a dict of resources over `defaults`.
fn start_resources(value: &Bound<'_, PyAny>, defaults: Resources) -> PyResult<Resources> {
    let dict = value.cast::<PyDict>().map_err(|_| {
        PyTypeError::new_err(format!(
            "option \"start\" takes a dict of resources ({})",
            RESOURCES.join(", ")
        ))
    })?;
    let mut start = defaults;
    for (key, amount) in dict.iter() {
        let key: String = key.extract()?;
        let amount: u32 = if amount.is_instance_of::<PyBool>() {
            None
        } else {
            amount.extract().ok()
        }
        .ok_or_else(|| {
            PyTypeError::new_err(format!(
                "start resource {key:?} takes a whole number from 0 (RG-0.2, ruling 30)"
            ))
        })?;
        let slot = match key.as_str() {
            "soldiers" => &mut start.soldiers,
            "funds" => &mut start.funds,
            "food" => &mut start.food,
            "weapons" => &mut start.weapons,
            "slaves" => &mut start.slaves,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "unknown start resource {key:?} (known resources: {})",
                    RESOURCES.join(", ")
                )));
            }
        };
        *slot = amount;
    }
    Ok(start)
}

// ----- the game -----------------------------------------------------------------------------

/// The kingdom raid dice game with its rule options: makes new states.
///
/// Get one from `darbar.load_game("raid", ...)`. Games compare equal when their options are
/// equal. A solo game: one player, seat 0; the engine is the GM and rolls every die
/// (ruling 27).
#[pyclass(module = "darbar", name = "RaidGame", frozen, eq)]
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct RaidGame {
    options: Options,
}

impl RaidGame {
    /// A game with these options.
    pub(crate) fn new(options: Options) -> RaidGame {
        RaidGame { options }
    }
}

#[pymethods]
impl RaidGame {
    /// The game's name, as in snapshots: `"raid"`.
    #[getter]
    fn name(&self) -> &'static str {
        GAME
    }

    /// The number of players: 1, the raider (seat 0).
    #[getter]
    fn num_players(&self) -> usize {
        1
    }

    /// How many distinct actions there are: actions are numbered from 0 to this minus 1
    /// (`RaidAction.id`), in every state (OpenSpiel's `num_distinct_actions`).
    fn num_distinct_actions(&self) -> usize {
        rg::ACTION_COUNT
    }

    /// The most funds one recruitment may spend: 999, an engine limit beside ruling 22.
    #[getter]
    fn max_recruit_funds(&self) -> u32 {
        rg::Action::MAX_RECRUIT_FUNDS
    }

    /// Every rule option with its value, as a new dict (`start` as a dict of resources).
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        options_dict(py, &self.options)
    }

    /// The first game of a campaign, with every die rolled by the generator seeded from
    /// `seed`. The same seed always gives the same game.
    #[pyo3(signature = (seed = 0))]
    fn new_initial_state(&self, seed: u64) -> RaidState {
        RaidState::new(rg::State::with_options(seed, self.options))
    }

    /// A later game of a campaign (RG-11, ruling 12): `campaign` is the JSON text of
    /// `RaidState.campaign_after()` (or the same as a dict), which carries unit placements,
    /// talents, captured units and the recruits total into this game. Raises `SnapshotError`
    /// for text that does not parse (`kind == "malformed"`) or a campaign that could not arise
    /// from play (`kind == "impossible"`, `rule == "RG-11"`).
    #[pyo3(signature = (campaign, seed = 0))]
    fn new_campaign_state(&self, campaign: &Bound<'_, PyAny>, seed: u64) -> PyResult<RaidState> {
        let py = campaign.py();
        let campaign = campaign_arg(campaign)?;
        rg::State::new_campaign_game(seed, self.options, &campaign)
            .map(RaidState::new)
            .map_err(|e| campaign_error(py, "impossible", e.to_string()))
    }

    /// Pickles as `RaidGame._restore(options)`, the rule options as JSON.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let restore = slf.get_type().getattr("_restore")?;
        let options = serde_json::to_string(&slf.get().options)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok((restore, (options,)))
    }

    /// Restores a pickled game.
    #[staticmethod]
    fn _restore(options: &str) -> PyResult<RaidGame> {
        serde_json::from_str(options)
            .map(RaidGame::new)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// `darbar.load_game('raid', ...)` with the options that differ from the defaults.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let defaults = options_dict(py, &Options::default())?;
        let mut text = format!("darbar.load_game('{GAME}'");
        for (key, value) in options_dict(py, &self.options)?.iter() {
            if !defaults
                .get_item(&key)?
                .is_some_and(|d| d.eq(&value).unwrap_or(false))
            {
                text.push_str(&format!(", {key}={}", value.repr()?));
            }
        }
        text.push(')');
        Ok(text)
    }
}

// ----- the state ----------------------------------------------------------------------------

/// A position of the kingdom raid dice game.
///
/// A solo game: seat 0 decides until the game ends. Actions are given by number, as
/// `RaidAction`s or as text (`"raid village-2"`). States compare equal when every part of them
/// is equal, generator and GM rolls included; they are mutable and so not hashable. Copies,
/// pickles and snapshots are exact.
#[pyclass(module = "darbar", name = "RaidState", eq)]
#[derive(Clone)]
pub(crate) struct RaidState {
    inner: rg::State,
    /// The position the state was created or restored at: `history` starts there.
    origin: Arc<rg::State>,
    /// The actions taken since the state was created or restored, in order.
    history: Vec<rg::Action>,
}

/// States are equal when their positions are: how each was reached does not count.
impl PartialEq for RaidState {
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

/// The snake-case name of an ending, as `RaidState.ending()` returns it.
fn ending_name(ending: Ending) -> &'static str {
    match ending {
        Ending::Death => "death",
        Ending::Rebellion { .. } => "rebellion",
        Ending::EmpireArrives => "empire_arrives",
    }
}

impl RaidState {
    fn new(inner: rg::State) -> RaidState {
        RaidState {
            origin: Arc::new(inner.clone()),
            inner,
            history: Vec::new(),
        }
    }

    /// The action an argument names, if it names one.
    fn resolve(&self, action: &RaidActionArg) -> Result<rg::Action, Refusal> {
        match &action.form {
            Form::Text(text) => text.parse().map_err(Refusal::Unreadable),
            Form::Action(action) => Ok(*action),
            Form::Id(id) => usize::try_from(*id)
                .ok()
                .and_then(rg::Action::from_index)
                .ok_or_else(|| Refusal::Unreadable(no_such_number(*id))),
        }
    }

    /// Applies a legal action and records it; anything else changes nothing.
    fn apply_checked(&mut self, action: rg::Action, log: &mut Log) -> Result<(), Refusal> {
        self.inner
            .apply_logged(action, log)
            .map_err(Refusal::Engine)?;
        self.history.push(action);
        Ok(())
    }

    /// Applies an action given as text, raising as `apply_action` does.
    fn apply_text(&mut self, py: Python<'_>, text: &str) -> PyResult<()> {
        let action = RaidActionArg::text(py, text)?;
        self.resolve(&action)
            .and_then(|a| self.apply_checked(a, &mut Log::silent()))
            .map_err(|refusal| refused(py, &action, refusal))
    }

    /// A snapshot restored, or `SnapshotError`.
    fn restore(py: Python<'_>, text: &str) -> PyResult<rg::State> {
        rg::State::from_snapshot(text).map_err(|e| errors::snapshot(py, &e))
    }
}

/// Rebuilds a raid game from its replay record (JSON text) and the campaign it started from,
/// raising `IllegalActionError` for the first action that is not legal.
pub(crate) fn replay(
    py: Python<'_>,
    text: &str,
    campaign: Option<&Bound<'_, PyAny>>,
) -> PyResult<RaidState> {
    let record =
        rg::RaidReplay::from_json(text).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let campaign = campaign.map(campaign_arg).transpose()?.unwrap_or_default();
    let start = rg::State::new_campaign_game(record.seed, record.options, &campaign)
        .map_err(|e| campaign_error(py, "impossible", e.to_string()))?;
    let mut state = RaidState::new(start);
    for action in &record.actions {
        state.apply_text(py, &action.to_string())?;
    }
    Ok(state)
}

#[pymethods]
impl RaidState {
    // ----- snapshots, copies and pickling ---------------------------------------------------

    /// The state as snapshot text: versioned JSON that `RaidState.from_json` restores exactly,
    /// the true site values and the player's observations both included.
    fn to_json(&self) -> String {
        self.inner.to_snapshot()
    }

    /// Restores a state from `to_json` text. Raises `SnapshotError` if the text is damaged,
    /// of another game or version, or describes a position that breaks the rules (then
    /// `.rule` names the rule).
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &str) -> PyResult<RaidState> {
        RaidState::restore(py, text).map(RaidState::new)
    }

    /// An independent copy, history included.
    fn clone(&self) -> RaidState {
        Clone::clone(self)
    }

    /// An independent copy (`copy.copy`).
    fn __copy__(&self) -> RaidState {
        Clone::clone(self)
    }

    /// An independent copy (`copy.deepcopy`): a state holds no Python objects.
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> RaidState {
        Clone::clone(self)
    }

    /// Pickles as `RaidState._restore(snapshot, origin, history)`: unpickling checks both
    /// snapshots like any snapshot and keeps the history, so `log()` and `replay_record()`
    /// still work.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let restore = slf.get_type().getattr("_restore")?;
        let this = slf.borrow();
        let history: Vec<String> = this.history.iter().map(ToString::to_string).collect();
        let args = (this.to_json(), this.origin.to_snapshot(), history).into_pyobject(slf.py())?;
        Ok((restore, args))
    }

    /// Restores a pickled state: its snapshot, the snapshot it started from, and the actions
    /// between them.
    #[staticmethod]
    fn _restore(
        py: Python<'_>,
        text: &str,
        origin: &str,
        history: Vec<String>,
    ) -> PyResult<RaidState> {
        let inner = RaidState::restore(py, text)?;
        let origin = RaidState::restore(py, origin)?;
        let history = history
            .iter()
            .map(|a| a.parse())
            .collect::<Result<_, String>>()
            .map_err(PyValueError::new_err)?;
        Ok(RaidState {
            inner,
            origin: Arc::new(origin),
            history,
        })
    }

    /// Checks every invariant of the rules; raises `InvariantError` naming the first one
    /// broken. States made by darbar always pass.
    fn check_invariants(&self, py: Python<'_>) -> PyResult<()> {
        self.inner
            .check_invariants()
            .map_err(|(rule, reason)| errors::invariant(py, rule, reason))
    }

    /// The kingdom as readable text, as the player knows it: the camp, the fort ladders and
    /// every site with its last seen values (RG-9).
    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    /// One informative line: `<darbar.RaidState raid seed=7 day 3 | to decide: a site to
    /// scout, or none | camp soldiers 6, weapons 6, funds 4, food 10, slaves 2 | score 42>`.
    fn __repr__(&self) -> String {
        let inner = &self.inner;
        let status = match inner.decision() {
            Some(d) => format!("to decide: {}", d.kind),
            None => match inner.final_score() {
                Some((score, rank)) => format!(
                    "game over: {}, score {score} ({rank})",
                    inner.ending().map_or_else(String::new, |e| e.to_string())
                ),
                None => format!(
                    "game over: {}",
                    inner.ending().map_or_else(String::new, |e| e.to_string())
                ),
            },
        };
        format!(
            "<darbar.RaidState raid seed={} day {} | {status} | camp {} | score {}>",
            inner.seed(),
            inner.turn(),
            inner.player(),
            inner.score()
        )
    }

    /// A picture of the kingdom as SVG text: the sites with what the player knows of them
    /// (RG-9), the fort ladders and the camp.
    fn to_svg(&self) -> String {
        self.inner.to_svg()
    }

    /// The picture Jupyter shows when a state is the last line of a cell.
    fn _repr_svg_(&self) -> String {
        self.inner.to_svg()
    }

    // ----- OpenSpiel-style play -------------------------------------------------------------

    /// The seat that must decide now: 0, the raider, until the game is over, then `None`.
    fn current_player(&self) -> Option<usize> {
        self.inner.decision().map(|_| 0)
    }

    /// Whether the game is over (RG-10).
    fn is_terminal(&self) -> bool {
        self.inner.is_over()
    }

    /// What the raider gets, as a one-element list: once the Empire has arrived, the final
    /// score of ruling 26 (not normalised); 0 for the other endings, which have no score, and
    /// before the end.
    fn returns(&self) -> Vec<f64> {
        vec![self.inner.final_score().map_or(0.0, |(s, _)| f64::from(s))]
    }

    /// The score of ruling 26 for the camp as it stands (3 × soldiers + weapons + funds +
    /// food / 2 + slaves, 5 per unique unit, 3 per talent, 2 per site taken). It counts as the
    /// game's result only when the Empire arrives (`returns()`).
    fn score(&self) -> u32 {
        self.inner.score()
    }

    /// The rank of the final score (ruling 26), once the Empire has arrived; otherwise `None`.
    fn rank(&self) -> Option<&'static str> {
        self.inner.final_score().map(|(_, rank)| rank)
    }

    /// How the game ended (RG-10, ruling 26): `"death"`, `"rebellion"` or
    /// `"empire_arrives"`; `None` while it goes on.
    fn ending(&self) -> Option<&'static str> {
        self.inner.ending().map(ending_name)
    }

    /// What is being decided now: `"Scout"` (RG-4), `"Raid"` (RG-5.1), `"Plunder"` (RG-5.5),
    /// `"Talent"` (ruling 10), `"Settlement"` (RG-7), or `"GameOver"`.
    fn phase(&self) -> &'static str {
        match self.inner.decision().map(|d| d.kind) {
            Some(DecisionKind::Scout) => "Scout",
            Some(DecisionKind::Raid { .. }) => "Raid",
            Some(DecisionKind::Plunder { .. }) => "Plunder",
            Some(DecisionKind::Talent) => "Talent",
            Some(DecisionKind::Settlement) => "Settlement",
            None => "GameOver",
        }
    }

    /// The legal actions now, by their fixed numbers (`RaidAction.id`), in the order the rules
    /// list them; empty once the game is over.
    fn legal_actions(&self) -> Vec<usize> {
        self.inner
            .legal_actions()
            .iter()
            .map(|a| a.index())
            .collect()
    }

    /// The legal actions now, as `RaidAction` objects, in the order of `legal_actions()`.
    fn legal_actions_typed(&self) -> Vec<RaidAction> {
        self.inner
            .legal_actions()
            .into_iter()
            .map(RaidAction)
            .collect()
    }

    /// The legal actions as a mask: a numpy `bool` array of shape
    /// `(RaidGame.num_distinct_actions(),)`, true at the number of each legal action.
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut mask = vec![false; rg::ACTION_COUNT];
        for action in self.inner.legal_actions() {
            mask[action.index()] = true;
        }
        let numpy = py.import("numpy")?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("dtype", numpy.getattr("bool_")?)?;
        numpy.call_method("asarray", (mask,), Some(&kwargs))
    }

    /// The readable form of an action given by number (or as a `RaidAction` or text). Raises
    /// `IllegalActionError` if it names no action.
    fn action_to_string(&self, py: Python<'_>, action: RaidActionArg) -> PyResult<String> {
        self.resolve(&action)
            .map(|a| a.to_string())
            .map_err(|refusal| refused(py, &action, refusal))
    }

    /// The number of the action with this readable form (`"raid village-2"`). Raises
    /// `IllegalActionError` if the text names no action, or a recruitment beyond the engine
    /// limit of 999 funds.
    fn string_to_action(&self, py: Python<'_>, text: &str) -> PyResult<usize> {
        let action = RaidActionArg::text(py, text)?;
        self.resolve(&action)
            .and_then(|a| {
                if a.is_numbered() {
                    Ok(a.index())
                } else {
                    Err(Refusal::Unreadable(unnumbered(a)))
                }
            })
            .map_err(|refusal| refused(py, &action, refusal))
    }

    /// Takes an action: its number, a `RaidAction` or its string form.
    ///
    /// Raises `IllegalActionError` if it is not legal now, with `.rule` naming the rule
    /// (`"RG-5.4"`, `"ruling 20"`); the state is then left exactly as it was.
    fn apply_action(&mut self, py: Python<'_>, action: RaidActionArg) -> PyResult<()> {
        self.resolve(&action)
            .and_then(|a| self.apply_checked(a, &mut Log::silent()))
            .map_err(|refusal| refused(py, &action, refusal))
    }

    /// The actions taken since this state was created (or restored from a snapshot), by their
    /// numbers, in order.
    fn history(&self) -> Vec<usize> {
        self.history.iter().map(|a| a.index()).collect()
    }

    /// The actions taken since this state was created (or restored from a snapshot), as
    /// `RaidAction` objects, in order.
    fn history_typed(&self) -> Vec<RaidAction> {
        self.history.iter().copied().map(RaidAction).collect()
    }

    /// The game's log since this state was created or restored. For each action: a line
    /// `"day 1: raid village-2"`, then every GM roll it caused (ruling 27), as
    /// `"GM rolls 2d3 for village-2's Food: 2, 3 = 5"`, then what happened, in the game's
    /// words.
    fn log(&self) -> PyResult<Vec<String>> {
        let mut state = (*self.origin).clone();
        let mut lines = Vec::new();
        for &action in &self.history {
            let turn = state.turn();
            let before = state.rolls().len();
            let mut log = Log::recording();
            state.apply_logged(action, &mut log).map_err(|_| {
                // The same actions were legal from the same position before.
                PyRuntimeError::new_err(format!("the history does not replay at {action}"))
            })?;
            lines.push(format!("day {turn}: {action}"));
            lines.extend(state.rolls()[before..].iter().map(ToString::to_string));
            lines.extend(log.take());
        }
        Ok(lines)
    }

    /// What the raider knows (RG-9), as a dict: the `turn`, the `phase` (`"scout"`, `"raid"`,
    /// `"plunder"`, `"settlement"`, `"over"`), the camp (`player`: soldiers, funds, food,
    /// weapons, slaves), `talents` (the player's own), `army_talents` (units' included),
    /// `army` (unique unit ids), `sites` (one dict per site, forts first: `site`, `revealed`,
    /// `sacked`, `war_status` for a fort, `raidable`, and `last_seen`, the last observation
    /// with its `turn`, `resources` and `units`, or `None`), `raided` (this turn's sites),
    /// `ending` (as `ending()`), `deciding` (what is decided, in words) and `legal_actions`
    /// (in string form). Site values are the last ones observed, never the true ones, which
    /// may have drifted since (RG-7.6).
    fn view<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = serde_json::to_string(&self.inner.view())
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        let view = json_value(py, &text)?;
        view.set_item("ending", self.ending())?;
        let decision = self.inner.decision();
        view.set_item("deciding", decision.as_ref().map(|d| d.kind.to_string()))?;
        let legal: Vec<String> = decision
            .map(|d| d.choices.iter().map(ToString::to_string).collect())
            .unwrap_or_default();
        view.set_item("legal_actions", legal)?;
        Ok(view)
    }

    /// The replay record of the game (JSON text for `darbar.replay`): its seed, options and
    /// every action. A game of a campaign also needs its campaign to replay:
    /// `darbar.replay(record, campaign=state.campaign())`. Raises `ValueError` for a state
    /// restored in mid-game, whose earlier actions are unknown.
    fn replay_record(&self) -> PyResult<String> {
        let inner = &self.inner;
        let start = rg::State::new_campaign_game(inner.seed(), *inner.options(), inner.campaign())
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        if *self.origin != start {
            return Err(PyValueError::new_err(
                "this state was restored in mid-game: the actions before it are unknown",
            ));
        }
        Ok(start.replay_record(self.history.clone()).to_json())
    }

    // ----- the game and the campaign --------------------------------------------------------

    /// The seed the game was created from.
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.seed()
    }

    /// The rule options of this game, as a new dict.
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        options_dict(py, self.inner.options())
    }

    /// The day, from 1 (RG-0.3).
    fn turn(&self) -> u32 {
        self.inner.turn()
    }

    /// The campaign this game started from (RG-11), as JSON text.
    fn campaign(&self) -> String {
        self.inner.campaign().to_json()
    }

    /// The campaign to start the next game from (RG-11, ruling 12), as JSON text for
    /// `RaidGame.new_campaign_state`: unit placements, captured units, talents, the recruits
    /// total and the best score. Meant for a finished game; for one under way it records the
    /// game as if it ended now, with no score.
    fn campaign_after(&self) -> String {
        self.inner.campaign_after().to_json()
    }
}
