//! The `Game` class, the registry it loads from, and `load_game`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use darbar::engine::DynGame;
use darbar::games::Registry;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use serde_json::Value;

use crate::{convert, games};

/// The games Python knows: darbar-lua's registry, where Vijayanagara plays the Lua deck.
pub(crate) fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(darbar_lua::registry)
}

/// A game's rules, and the options that load them again (for pickles, equality and repr).
pub(crate) struct Loaded {
    /// The rules, erased.
    pub(crate) rules: Arc<dyn DynGame>,
    /// The rules' options as JSON, with the loader's own keys the caller gave (a deck
    /// directory, a campaign) added: loading these gives the same rules.
    pub(crate) options: Value,
}

impl Loaded {
    /// The game's name.
    pub(crate) fn name(&self) -> &'static str {
        self.rules.name()
    }
}

/// Loads `name` with options in the registry's JSON form.
pub(crate) fn load(py: Python<'_>, name: &str, options: &Value) -> PyResult<Arc<Loaded>> {
    let rules = registry()
        .load(name, options)
        .map_err(|e| games::load_error(py, options, &e))?;
    let options = reloadable(rules.options_json(), options);
    Ok(Arc::new(Loaded { rules, options }))
}

/// The rules' own options, with the keys of `given` they do not show (or show as something of
/// another kind, as a deck directory beside the deck's rules).
fn reloadable(own: Value, given: &Value) -> Value {
    let mut own = match own {
        Value::Object(map) => map,
        _ => serde_json::Map::new(),
    };
    if let Value::Object(given) = given {
        for (key, value) in given {
            let same_kind = own
                .get(key)
                .is_some_and(|o| std::mem::discriminant(o) == std::mem::discriminant(value));
            if !same_kind {
                own.insert(key.clone(), value.clone());
            }
        }
    }
    Value::Object(own)
}

/// `options` with the keys of `extra` set on it.
pub(crate) fn merged(options: Value, extra: &Value) -> Value {
    match (options, extra) {
        (options, Value::Null) => options,
        (Value::Object(mut options), Value::Object(extra)) => {
            options.extend(extra.clone());
            Value::Object(options)
        }
        (_, extra) => extra.clone(),
    }
}

/// The game `name` with its default options, loaded once per process.
pub(crate) fn default_game(py: Python<'_>, name: &str) -> PyResult<Arc<Loaded>> {
    static DEFAULTS: OnceLock<Mutex<HashMap<String, Arc<Loaded>>>> = OnceLock::new();
    let defaults = DEFAULTS.get_or_init(Default::default);
    let key = name.trim().to_ascii_lowercase();
    if let Some(loaded) = defaults.lock().ok().and_then(|d| d.get(&key).cloned()) {
        return Ok(loaded);
    }
    let loaded = load(py, name, &Value::Null)?;
    if let Ok(mut defaults) = defaults.lock() {
        defaults.insert(key, Arc::clone(&loaded));
    }
    Ok(loaded)
}

/// Loads a game by name, with its options as keyword arguments.
///
/// ```python
/// game = darbar.load_game("vijayanagara", natural_six_always_misses=True)
/// raid = darbar.load_game("raid", castles_in_play=True, start={"soldiers": 8})
/// ```
///
/// The options are the configurable rulings of the game; any option not given keeps its
/// default. Vijayanagara plays its Event cards from the darbar default deck of Lua scripts:
/// `deck="path/to/cards"` plays a directory of card files of one's own instead (a whole deck,
/// or `ScriptError` naming the file), and `events=False` plays without Event cards. Raises
/// `ValueError` naming an unknown game or option, `TypeError` for an option of the wrong type.
#[pyfunction]
#[pyo3(signature = (name, **options))]
pub(crate) fn load_game<'py>(
    py: Python<'py>,
    name: &str,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let mut options = convert::kwargs_json(options)?;
    let entry = registry()
        .entry(name)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    games::options_from_python(py, entry.name, &mut options)?;
    games::wrap_game(py, load(py, entry.name, &options)?)
}

/// The names of the games this build knows, in the order they were registered.
#[pyfunction]
pub(crate) fn registered_games() -> Vec<&'static str> {
    registry().names()
}

/// A game with its rule options: makes new states (OpenSpiel's `Game`).
///
/// Get one from `darbar.load_game`. Games compare equal when they are the same game with the
/// same options. A game's own extras are in its subclass (`RaidGame.new_campaign_state`).
#[pyclass(module = "darbar", name = "Game", subclass, frozen)]
pub(crate) struct Game {
    pub(crate) loaded: Arc<Loaded>,
}

#[pymethods]
impl Game {
    /// The game's name, as in snapshots and replays: `"vijayanagara"`, `"raid"`.
    #[getter]
    fn name(&self) -> &'static str {
        self.loaded.name()
    }

    /// Every rule option with its value, as a new dict.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        games::python_options(py, &self.loaded)
    }

    /// The number of players (seats 0 to `num_players() - 1`).
    fn num_players(&self) -> usize {
        self.loaded.rules.num_players()
    }

    /// A seat's name in the game's words (`"DS"`, `"the raider"`).
    fn seat_name(&self, seat: usize) -> PyResult<String> {
        if seat >= self.loaded.rules.num_players() {
            return Err(PyValueError::new_err(format!("no seat {seat}")));
        }
        Ok(self.loaded.rules.seat_name(seat))
    }

    /// How many distinct actions there are: actions are numbered from 0 to this minus 1
    /// (`Action.id`), in every state (OpenSpiel's `num_distinct_actions`).
    fn num_distinct_actions(&self) -> usize {
        self.loaded.rules.num_distinct_actions()
    }

    /// The shape of `State.observation_tensor(seat)`: one dimension, its length (0 for a game
    /// without an observation tensor).
    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![self.loaded.rules.observation_len()]
    }

    /// The blocks of `State.observation_tensor(seat)` by name, as `{name: (start, length)}`
    /// in order.
    fn observation_tensor_layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let layout = PyDict::new(py);
        for (name, start, len) in self.loaded.rules.observation_layout() {
            layout.set_item(name, (start, len))?;
        }
        Ok(layout)
    }

    /// The position at the start of a game, with every random draw made by the generator
    /// seeded from `seed`. The same seed always gives the same game.
    #[pyo3(signature = (seed = 0))]
    fn new_initial_state<'py>(&self, py: Python<'py>, seed: u64) -> PyResult<Bound<'py, PyAny>> {
        let inner = self.loaded.rules.new_initial_state(seed);
        games::wrap_state(py, Arc::clone(&self.loaded), inner, None)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Game>().is_ok_and(|other| {
            let other = &other.get().loaded;
            other.name() == self.loaded.name() && other.options == self.loaded.options
        })
    }

    /// Games are not hashable: they compare by options, which are not.
    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    /// Pickles as `Game._restore(name, options)`, the options as JSON.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let restore = slf.get_type().getattr("_restore")?;
        let loaded = &slf.get().loaded;
        let args = (loaded.name(), loaded.options.to_string()).into_pyobject(slf.py())?;
        Ok((restore, args))
    }

    /// Restores a pickled game.
    #[staticmethod]
    fn _restore<'py>(py: Python<'py>, name: &str, options: &str) -> PyResult<Bound<'py, PyAny>> {
        let options: Value =
            serde_json::from_str(options).map_err(|e| PyValueError::new_err(e.to_string()))?;
        games::wrap_game(py, load(py, name, &options)?)
    }

    /// `darbar.load_game('<name>', ...)` with the options that differ from the defaults.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let name = self.loaded.name();
        let defaults = default_game(py, name)?;
        let mut text = format!("darbar.load_game('{name}'");
        let mine = convert::to_py(py, &games::options_to_python(name, &self.loaded.options))?;
        let theirs = convert::to_py(py, &games::options_to_python(name, &defaults.options))?;
        if let Ok(mine) = mine.cast::<PyDict>() {
            for (key, value) in mine.iter() {
                let same = theirs
                    .get_item(&key)
                    .ok()
                    .is_some_and(|d| d.eq(&value).unwrap_or(false));
                if !same {
                    text.push_str(&format!(", {key}={}", value.repr()?));
                }
            }
        }
        text.push(')');
        Ok(text)
    }
}
