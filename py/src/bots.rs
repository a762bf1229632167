//! The bots as Python objects (`darbar.bots`) and the arena (`darbar.evaluate`).
//!
//! Every bot is made from its spec through the registry (`darbar::games::Registry::bot`), the
//! one path the command line takes too; the classes only write the spec. A search runs with
//! the GIL released, so bots in several Python threads search at once.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use darbar::bots::{ArenaConfig, DynBot, MAX_SEARCH_THREADS};
use darbar::engine::{DynGame, DynState};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pyclass_init::PyClassInitializer;
use pyo3::types::{PyDict, PyString};
use serde_json::Value;

use crate::action::{self, ActionForm};
use crate::game::{self, Game, Loaded};
use crate::state::State;
use crate::{convert, games};

/// A player of one game, made from its spec: `step(state)` is its choice, an action number.
///
/// Make one with a subclass (`RandomBot`, `RolloutBot`, `MctsBot`, `IsMctsBot`) or from any
/// spec the command line takes with `Bot.from_spec(game, "ismcts:iterations=500", seed)`,
/// the game's own bots included (the raid game's `"greedy"`). A bot draws from its own seeded
/// generator, so one seed makes the same choices again (unless its budget is a time). Its
/// search runs with the GIL released; a bot may be used from several threads (one search at a
/// time), and bots in different threads search at once. A bot is also a callable,
/// `bot(state)`, so it plays wherever a function of a state may.
#[pyclass(module = "darbar.bots", name = "Bot", subclass, frozen)]
pub(crate) struct Bot {
    /// The bot itself, one search at a time.
    bot: Mutex<Box<dyn DynBot>>,
    /// The spec it was made from.
    spec: String,
    /// The name of the game it plays.
    game: &'static str,
    /// Its seed.
    seed: u64,
}

impl Bot {
    /// The bot of `game` (a `Game` or a game's name) that `spec` names. `ValueError` for an
    /// unknown bot or parameter.
    fn made(game: &Bound<'_, PyAny>, spec: String, seed: u64) -> PyResult<Bot> {
        let rules = action::rules_of(game)?;
        let bot = game::registry()
            .bot(&*rules, &spec, seed)
            .map_err(|e| PyValueError::new_err(format!("{} bot {spec:?}: {e}", rules.name())))?;
        Ok(Bot {
            bot: Mutex::new(bot),
            spec,
            game: rules.name(),
            seed,
        })
    }

    /// The bot, locked (a search that panicked leaves it as it was, still usable).
    fn lock(&self) -> MutexGuard<'_, Box<dyn DynBot>> {
        self.bot.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The bot's choice at `state`, searched with the GIL released.
    fn choose(&self, py: Python<'_>, state: &State) -> PyResult<usize> {
        let name = state.loaded.name();
        if name != self.game {
            return Err(PyValueError::new_err(format!(
                "a bot of {} does not play {name}",
                self.game
            )));
        }
        if state.inner.is_terminal() {
            return Err(PyValueError::new_err(
                "the game is over: there is nothing to choose",
            ));
        }
        let inner: &dyn DynState = &*state.inner;
        py.detach(|| self.lock().choose(inner))
            .ok_or_else(|| PyRuntimeError::new_err(format!("the bot {} chose nothing", self.spec)))
    }
}

#[pymethods]
impl Bot {
    /// The bot of `game` (a `Game` or a game's name) that `spec` names, seeded with `seed`:
    /// `"random"`, `"rollout:playouts=32"`, `"mcts:iterations=1000:c=1.4"`,
    /// `"ismcts:time=500:threads=2"`, `"cheat-mcts"` or one of the game's own. Raises
    /// `ValueError` for an unknown bot or parameter.
    #[staticmethod]
    #[pyo3(signature = (game, spec, seed = 0))]
    fn from_spec(game: &Bound<'_, PyAny>, spec: String, seed: u64) -> PyResult<Bot> {
        Bot::made(game, spec, seed)
    }

    /// The bot's choice at `state`: one of `state.legal_actions()`, by number. The search
    /// runs with the GIL released. Raises `ValueError` for a state whose game is over or of
    /// another game.
    fn step(&self, py: Python<'_>, state: PyRef<'_, State>) -> PyResult<usize> {
        self.choose(py, &state)
    }

    /// `step(state)`: a bot plays wherever a function of a state may.
    fn __call__(&self, py: Python<'_>, state: PyRef<'_, State>) -> PyResult<usize> {
        self.choose(py, &state)
    }

    /// Tells the bot of an action taken at the table (its own included), as its seat saw it
    /// (`state.action_seen_by(action, seat)`, before the action is applied): the action's
    /// number, or `None` when the seat could not tell which it was. A search told every action
    /// keeps the part of its tree the game moved into (`keep_tree`); a bot never told searches
    /// each decision afresh.
    #[pyo3(signature = (action))]
    fn inform(&self, py: Python<'_>, action: Option<usize>) {
        py.detach(|| self.lock().inform(action));
    }

    /// Forgets the game in play (a kept tree): the next state may be of another game.
    fn restart(&self, py: Python<'_>) {
        py.detach(|| self.lock().restart());
    }

    /// The spec the bot was made from (`"mcts:iterations=1000"`).
    #[getter]
    fn spec(&self) -> &str {
        &self.spec
    }

    /// The name of the game it plays.
    #[getter]
    fn game(&self) -> &'static str {
        self.game
    }

    /// The seed it was made with.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// `<darbar.bots.MctsBot nim 'mcts:iterations=1000' seed=0>`.
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let bot = slf.get();
        Ok(format!(
            "<darbar.bots.{} {} {} seed={}>",
            slf.get_type().name()?,
            bot.game,
            PyString::new(slf.py(), &bot.spec).repr()?,
            bot.seed
        ))
    }
}

/// A bot that picks among the legal actions with equal odds.
#[pyclass(module = "darbar.bots", extends = Bot, frozen)]
pub(crate) struct RandomBot;

#[pymethods]
impl RandomBot {
    /// A random bot of `game` (a `Game` or a game's name), seeded with `seed` (`"random"`).
    #[new]
    #[pyo3(signature = (game, seed = 0))]
    fn new(game: &Bound<'_, PyAny>, seed: u64) -> PyResult<PyClassInitializer<Self>> {
        Ok(
            PyClassInitializer::from(Bot::made(game, "random".into(), seed)?)
                .add_subclass(RandomBot),
        )
    }
}

/// Flat Monte Carlo: each legal action valued by `playouts` random playouts from states
/// resampled from what the deciding seat knows, and the best taken.
#[pyclass(module = "darbar.bots", extends = Bot, frozen)]
pub(crate) struct RolloutBot;

#[pymethods]
impl RolloutBot {
    /// A rollout bot of `game` (`"rollout:playouts=N"`). Raises `ValueError` for a bad number.
    #[new]
    #[pyo3(
        signature = (game, seed = 0, playouts = darbar::bots::ROLLOUT_PLAYOUTS as i64),
        text_signature = "(game, seed=0, playouts=16)"
    )]
    fn new(
        game: &Bound<'_, PyAny>,
        seed: u64,
        playouts: i64,
    ) -> PyResult<PyClassInitializer<Self>> {
        let spec = format!("rollout:playouts={playouts}");
        Ok(PyClassInitializer::from(Bot::made(game, spec, seed)?).add_subclass(RolloutBot))
    }
}

/// The spec of a search bot, its parameters written when they differ from the defaults (its
/// budget always).
#[allow(clippy::too_many_arguments)]
fn search_spec(
    name: &str,
    iterations: i64,
    c: f64,
    depth: Option<i64>,
    threads: i64,
    keep_tree: bool,
    time_ms: Option<i64>,
    rollout: &str,
) -> PyResult<String> {
    if !(1..=MAX_SEARCH_THREADS as i64).contains(&threads) {
        return Err(PyValueError::new_err(format!(
            "threads must be from 1 to {MAX_SEARCH_THREADS}, not {threads}"
        )));
    }
    if rollout.contains([':', '=']) {
        return Err(PyValueError::new_err(format!(
            "rollout is \"random\" or one of the game's own bots, not {rollout:?}"
        )));
    }
    let mut spec = match time_ms {
        Some(ms) => format!("{name}:time={ms}"),
        None => format!("{name}:iterations={iterations}"),
    };
    if c != std::f64::consts::SQRT_2 {
        spec += &format!(":c={c}");
    }
    if let Some(depth) = depth {
        spec += &format!(":depth={depth}");
    }
    if threads != 1 {
        spec += &format!(":threads={threads}");
    }
    if !keep_tree {
        spec += ":keep=false";
    }
    if rollout != "random" {
        spec += &format!(":rollout={rollout}");
    }
    Ok(spec)
}

/// UCT over a determinization: for each decision one state resampled from what the deciding
/// seat knows, its chance drawn afresh for every iteration.
#[pyclass(module = "darbar.bots", extends = Bot, frozen)]
pub(crate) struct MctsBot;

#[pymethods]
impl MctsBot {
    /// A UCT bot of `game` (`"mcts:..."`): `iterations` per decision, or as many as fit in
    /// `time_ms` milliseconds (then its choices are not reproducible); `c` the exploration
    /// constant; `depth` the actions a playout takes before it is valued (`None`: to the end);
    /// `threads` independent searches whose visits are summed; `keep_tree` keeps the part of
    /// the tree the game moved into when the bot is told every action (`inform`); `rollout`
    /// `"random"` or one of the game's own bots for the playouts. Raises `ValueError` for a
    /// bad value.
    #[new]
    #[pyo3(
        signature = (
            game, seed = 0, iterations = 1000, c = std::f64::consts::SQRT_2, depth = None,
            threads = 1, keep_tree = true, time_ms = None, rollout = "random"
        ),
        text_signature = "(game, seed=0, iterations=1000, c=1.4142135623730951, depth=None, \
            threads=1, keep_tree=True, time_ms=None, rollout='random')"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &Bound<'_, PyAny>,
        seed: u64,
        iterations: i64,
        c: f64,
        depth: Option<i64>,
        threads: i64,
        keep_tree: bool,
        time_ms: Option<i64>,
        rollout: &str,
    ) -> PyResult<PyClassInitializer<Self>> {
        let spec = search_spec(
            "mcts", iterations, c, depth, threads, keep_tree, time_ms, rollout,
        )?;
        Ok(PyClassInitializer::from(Bot::made(game, spec, seed)?).add_subclass(MctsBot))
    }
}

/// Information-set MCTS: every iteration plays from a fresh state resampled from what the
/// deciding seat knows.
#[pyclass(module = "darbar.bots", extends = Bot, frozen)]
pub(crate) struct IsMctsBot;

#[pymethods]
impl IsMctsBot {
    /// An information-set MCTS bot of `game` (`"ismcts:..."`), with the parameters of
    /// `MctsBot`.
    #[new]
    #[pyo3(
        signature = (
            game, seed = 0, iterations = 1000, c = std::f64::consts::SQRT_2, depth = None,
            threads = 1, keep_tree = true, time_ms = None, rollout = "random"
        ),
        text_signature = "(game, seed=0, iterations=1000, c=1.4142135623730951, depth=None, \
            threads=1, keep_tree=True, time_ms=None, rollout='random')"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &Bound<'_, PyAny>,
        seed: u64,
        iterations: i64,
        c: f64,
        depth: Option<i64>,
        threads: i64,
        keep_tree: bool,
        time_ms: Option<i64>,
        rollout: &str,
    ) -> PyResult<PyClassInitializer<Self>> {
        let spec = search_spec(
            "ismcts", iterations, c, depth, threads, keep_tree, time_ms, rollout,
        )?;
        Ok(PyClassInitializer::from(Bot::made(game, spec, seed)?).add_subclass(IsMctsBot))
    }
}

// ----- the arena ---------------------------------------------------------------------------

/// An entrant of `evaluate`: a bot spec, or a Python function of a state.
enum Entrant {
    Spec(String),
    Callable(Arc<Py<PyAny>>),
}

/// The first failure of a Python bot in an evaluation: once there is one, no Python bot is
/// called again.
type Failure = Arc<Mutex<Option<PyErr>>>;

/// A Python callable as a bot: called with the GIL held, and only then.
struct CallableBot {
    function: Arc<Py<PyAny>>,
    name: String,
    loaded: Arc<Loaded>,
    failure: Failure,
}

impl CallableBot {
    fn call(&self, py: Python<'_>, state: &dyn DynState) -> PyResult<usize> {
        let given = games::wrap_state(py, Arc::clone(&self.loaded), state.clone_box(), None)?;
        let chosen = self.function.bind(py).call1((given,))?;
        let game = state.game();
        let id = match action::action_form(game, &chosen)? {
            ActionForm::Id(id) => Ok(id),
            ActionForm::Text(text) => action::number_of(game, &text),
            ActionForm::NoSuchNumber(reason) => Err(reason),
        }
        .map_err(|reason| PyValueError::new_err(format!("the bot {}: {reason}", self.name)))?;
        if !state.legal_actions().contains(&id) {
            return Err(PyValueError::new_err(format!(
                "the bot {} chose {id} ({}), which is not legal now; the legal actions are {:?}",
                self.name,
                game.action_to_string(id).unwrap_or_default(),
                state.legal_actions()
            )));
        }
        Ok(id)
    }

    fn failed(&self) -> bool {
        self.failure
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some()
    }
}

impl DynBot for CallableBot {
    fn choose(&mut self, state: &dyn DynState) -> Option<usize> {
        if self.failed() {
            return None;
        }
        Python::attach(|py| match self.call(py, state) {
            Ok(id) => Some(id),
            Err(error) => {
                let mut failure = self.failure.lock().unwrap_or_else(PoisonError::into_inner);
                failure.get_or_insert(error);
                None
            }
        })
    }
}

/// The name of a Python bot: its `__name__`, or its type's name.
fn callable_name(function: &Bound<'_, PyAny>) -> PyResult<String> {
    match function.getattr("__name__") {
        Ok(name) => Ok(name.str()?.to_string()),
        Err(_) => Ok(function.get_type().name()?.to_string()),
    }
}

/// The entrants of `bots`, with their names: a spec as written (a `Bot` stands for its spec),
/// a callable by its name, made unique unless it is the same callable again.
fn entrants(rules: &dyn DynGame, bots: &Bound<'_, PyAny>) -> PyResult<(Vec<Entrant>, Vec<String>)> {
    // One entrant for every seat: a spec, a bot or a callable given alone.
    let one =
        bots.is_instance_of::<PyString>() || bots.is_instance_of::<Bot>() || bots.is_callable();
    let items: Vec<Bound<'_, PyAny>> = if one {
        vec![bots.clone()]
    } else {
        bots.try_iter()
            .map_err(|_| PyTypeError::new_err("bots is a list of bot specs or callables"))?
            .collect::<PyResult<_>>()?
    };
    let mut entrants = Vec::with_capacity(items.len());
    let mut names: Vec<String> = Vec::with_capacity(items.len());
    // The callables seen so far, with the name each was given.
    let mut seen: Vec<(Bound<'_, PyAny>, String)> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let spec = if let Ok(spec) = item.cast::<PyString>() {
            Some(spec.to_string())
        } else if let Ok(bot) = item.cast::<Bot>() {
            let bot = bot.get();
            if bot.game != rules.name() {
                return Err(PyValueError::new_err(format!(
                    "bots[{i}] is a bot of {}, not of {}",
                    bot.game,
                    rules.name()
                )));
            }
            Some(bot.spec.clone())
        } else {
            None
        };
        if let Some(spec) = spec {
            game::registry()
                .bot(rules, &spec, 0)
                .map_err(|e| PyValueError::new_err(format!("bots[{i}] {spec:?}: {e}")))?;
            entrants.push(Entrant::Spec(spec.clone()));
            names.push(spec);
            continue;
        }
        if !item.is_callable() {
            return Err(PyTypeError::new_err(format!(
                "bots[{i}] is a bot spec (str), a darbar.bots.Bot or a function of a state, \
                 not {}",
                item.get_type().name()?
            )));
        }
        let name = match seen.iter().find(|(f, _)| f.is(item)) {
            Some((_, name)) => name.clone(),
            None => {
                let name = callable_name(item)?;
                let name = if names.contains(&name) {
                    format!("{name}#{i}")
                } else {
                    name
                };
                seen.push((item.clone(), name.clone()));
                name
            }
        };
        entrants.push(Entrant::Callable(Arc::new(item.clone().unbind())));
        names.push(name);
    }
    Ok((entrants, names))
}

/// Plays `games` games of `game` among `bots` and tallies them (OpenSpiel's `evaluate_bots`,
/// with the tables a comparison needs): the arena of `darbar arena`, the same games from the
/// same seeds.
///
/// `bots` gives one entrant per seat, or one (alone or in a list) for every seat: a bot spec
/// (`"random"`, `"mcts:iterations=200"`, the game's own `"greedy"`), a `darbar.bots.Bot`
/// (which stands for its spec: a fresh bot is made from it for every seat of every game), or
/// any Python callable `f(state) -> action` (a number, an `Action` or its text), given a copy
/// of the state. With `rotate_seats` each deal (seed `seed + g // seats`) is played once in
/// every rotation of the seats. Spec bots are made and run in Rust on `threads` threads with
/// the GIL released; a callable is called with the GIL held (so callables take turns), the
/// searches of the other seats and games still in parallel.
///
/// Returns a dict: `game`, `seats` (their names), `bots` (each entrant's name: its spec, or
/// a callable's `__name__`), `by_bot` (one standing per kind of bot: `bot`, `games`, `wins`,
/// `win_rate` and `mean_return`, each `{"mean", "low", "high"}` with its 95% interval,
/// `win_rate` `None` in a game of one seat), `by_seat` (per seat, the standings of the kinds
/// that sat there), `ratings` (Bradley-Terry, Elo scale, with more than two kinds, else
/// `None`), `mean_length`, `games` (each game's `seed`, `seating`, `returns` and `length`)
/// and `table`, the tables as text. Raises `ValueError` for the wrong number of bots, an
/// unknown bot or parameter, or unless `threads` is 1 to 256 and `games` at most 100,000,000;
/// a callable's own exception (or `ValueError` for an action that is not legal) is raised
/// as it is.
#[pyfunction]
#[pyo3(signature = (game, bots, games = 100, seed = 0, threads = 1, rotate_seats = true))]
pub(crate) fn evaluate<'py>(
    py: Python<'py>,
    game: &Bound<'py, Game>,
    bots: &Bound<'py, PyAny>,
    games: u64,
    seed: u64,
    threads: usize,
    rotate_seats: bool,
) -> PyResult<Bound<'py, PyAny>> {
    darbar::testing::check_runs(games, threads).map_err(PyValueError::new_err)?;
    let loaded = Arc::clone(&game.get().loaded);
    let rules = Arc::clone(&loaded.rules);
    let (entrants, names) = entrants(&*rules, bots)?;
    let failure: Failure = Arc::default();
    let make = |i: usize, bot_seed: u64| -> Result<Box<dyn DynBot>, String> {
        match entrants.get(i) {
            Some(Entrant::Spec(spec)) => game::registry()
                .bot(&*rules, spec, bot_seed)
                .map_err(|e| e.to_string()),
            Some(Entrant::Callable(function)) => Ok(Box::new(CallableBot {
                function: Arc::clone(function),
                name: names[i].clone(),
                loaded: Arc::clone(&loaded),
                failure: Arc::clone(&failure),
            })),
            None => Err(format!("no bot {i}")),
        }
    };
    // No game played: the arena's own check of the number of bots.
    let none = ArenaConfig {
        games: 0,
        ..ArenaConfig::default()
    };
    darbar::bots::evaluate(&*rules, &names, &make, &none, &|| ()).map_err(PyValueError::new_err)?;
    let config = ArenaConfig {
        games,
        seed,
        threads,
        rotate_seats,
    };
    let result = py.detach(|| darbar::bots::evaluate(&*rules, &names, &make, &config, &|| ()));
    let failed = failure
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take();
    if let Some(error) = failed {
        return Err(error);
    }
    let evaluation = result.map_err(PyRuntimeError::new_err)?;
    let json = |value: serde_json::Result<Value>| {
        value.map_err(|e| PyRuntimeError::new_err(e.to_string()))
    };
    let dict = PyDict::new(py);
    dict.set_item("game", &evaluation.game)?;
    dict.set_item("seats", &evaluation.seats)?;
    dict.set_item("bots", &evaluation.bots)?;
    let by_bot = json(serde_json::to_value(evaluation.by_bot()))?;
    dict.set_item("by_bot", convert::to_py(py, &by_bot)?)?;
    let by_seat = json(serde_json::to_value(evaluation.by_seat()))?;
    dict.set_item("by_seat", convert::to_py(py, &by_seat)?)?;
    dict.set_item("ratings", evaluation.ratings())?;
    dict.set_item("mean_length", evaluation.mean_length())?;
    let played = json(serde_json::to_value(&evaluation.played))?;
    dict.set_item("games", convert::to_py(py, &played)?)?;
    dict.set_item("table", evaluation.table())?;
    Ok(dict.into_any())
}
