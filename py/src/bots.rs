//! The bots as Python objects (`darbar.bots`).
//!
//! Every bot is made from its spec through the registry (`darbar::games::Registry::bot`), the
//! one path the command line takes too; the classes only write the spec. A search runs with
//! the GIL released, so bots in several Python threads search at once.

use std::sync::{Mutex, MutexGuard, PoisonError};

use darbar::bots::{DynBot, MAX_SEARCH_THREADS};
use darbar::engine::DynState;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pyclass_init::PyClassInitializer;
use pyo3::types::PyString;

use crate::action;
use crate::game;
use crate::state::State;

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
