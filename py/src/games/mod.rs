//! Each game's own extras, and the one place that picks them by the game's name: the Python
//! subclass of its games and states, how its options read in Python, how its seats are named.
//!
//! A game without a module here (Nim) is played through the generic classes alone.

pub(crate) mod pax_pamir;
pub(crate) mod raid;
pub(crate) mod tycoon;
pub(crate) mod vijayanagara;

use std::sync::Arc;

use darbar::engine::{DynGame, DynState, Game as Rules, LoadError, Play, Seat};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::pyclass_init::PyClassInitializer;
use serde_json::Value;

use crate::convert;
use crate::errors;
use crate::game::{Game, Loaded};
use crate::state::State;

/// The typed game in play behind a Python state of the game `G`.
pub(crate) fn typed<G: Rules>(base: &State) -> PyResult<&Play<G>> {
    base.inner
        .as_any()
        .downcast_ref::<Play<G>>()
        .ok_or_else(|| PyRuntimeError::new_err(format!("not a state of {}", G::NAME)))
}

/// The game as a Python object of its own class.
pub(crate) fn wrap_game(py: Python<'_>, loaded: Arc<Loaded>) -> PyResult<Bound<'_, PyAny>> {
    let name = loaded.name();
    let base = PyClassInitializer::from(Game { loaded });
    Ok(match name {
        vijayanagara::NAME => {
            Bound::new(py, base.add_subclass(vijayanagara::VijayanagaraGame))?.into_any()
        }
        raid::NAME => Bound::new(py, base.add_subclass(raid::RaidGame))?.into_any(),
        pax_pamir::NAME => Bound::new(py, base.add_subclass(pax_pamir::PaxPamirGame))?.into_any(),
        tycoon::NAME => Bound::new(py, base.add_subclass(tycoon::TycoonGame))?.into_any(),
        _ => Bound::new(py, base)?.into_any(),
    })
}

/// The state as a Python object of its game's class.
pub(crate) fn wrap_state(
    py: Python<'_>,
    loaded: Arc<Loaded>,
    inner: Box<dyn DynState>,
    origin: Option<Arc<str>>,
) -> PyResult<Bound<'_, PyAny>> {
    let name = loaded.name();
    let base = PyClassInitializer::from(State {
        inner,
        loaded,
        origin,
    });
    Ok(match name {
        vijayanagara::NAME => {
            Bound::new(py, base.add_subclass(vijayanagara::VijayanagaraState))?.into_any()
        }
        raid::NAME => Bound::new(py, base.add_subclass(raid::RaidState))?.into_any(),
        pax_pamir::NAME => Bound::new(py, base.add_subclass(pax_pamir::PaxPamirState))?.into_any(),
        tycoon::NAME => Bound::new(py, base.add_subclass(tycoon::TycoonState))?.into_any(),
        _ => Bound::new(py, base)?.into_any(),
    })
}

/// The options of a game as Python spells them (loader options such as a deck directory
/// included), from the JSON that loads it.
pub(crate) fn options_to_python(name: &str, options: &Value) -> Value {
    let mut options = options.clone();
    if name == vijayanagara::NAME {
        vijayanagara::options_to_python(&mut options);
    }
    options
}

/// The rule options of a game, as the dict `Game.options` returns: the loader's own keys (a
/// deck directory, a campaign) left out.
pub(crate) fn python_options<'py>(py: Python<'py>, loaded: &Loaded) -> PyResult<Bound<'py, PyAny>> {
    let name = loaded.name();
    let mut options = options_to_python(name, &loaded.options);
    let loader_keys: &[&str] = match name {
        vijayanagara::NAME => vijayanagara::LOADER_KEYS,
        raid::NAME => raid::LOADER_KEYS,
        tycoon::NAME => tycoon::LOADER_KEYS,
        _ => &[],
    };
    if let Value::Object(map) = &mut options {
        for key in loader_keys {
            map.remove(*key);
        }
    }
    convert::to_py(py, &options)
}

/// Options as Python gives them, made into the registry's JSON form.
pub(crate) fn options_from_python(py: Python<'_>, name: &str, options: &mut Value) -> PyResult<()> {
    match name {
        vijayanagara::NAME => vijayanagara::options_from_python(options),
        raid::NAME => raid::options_from_python(py, options)?,
        tycoon::NAME => tycoon::options_from_python(options)?,
        _ => {}
    }
    Ok(())
}

/// A game that does not load, with what its own loader can tell more precisely.
pub(crate) fn load_error(py: Python<'_>, options: &Value, error: &LoadError) -> PyErr {
    vijayanagara::deck_error(py, options, error).unwrap_or_else(|| errors::load(py, error))
}

/// The seat with this name: the game's own reading of names where it has one, else its seat
/// names in any case.
pub(crate) fn seat_by_name(game: &dyn DynGame, name: &str) -> Option<Seat> {
    if game.name() == vijayanagara::NAME {
        return vijayanagara::seat_by_name(name);
    }
    if game.name() == tycoon::NAME {
        return tycoon::seat_by_name(game.num_players(), |seat| game.seat_name(seat), name);
    }
    (0..game.num_players()).find(|&seat| game.seat_name(seat).eq_ignore_ascii_case(name.trim()))
}

/// What `play_games` reports of a finished game beside its seed, returns and length.
pub(crate) fn game_extras(state: &dyn DynState) -> Vec<(&'static str, Value)> {
    match state.game().name() {
        vijayanagara::NAME => vijayanagara::game_extras(state),
        raid::NAME => raid::game_extras(state),
        pax_pamir::NAME => pax_pamir::game_extras(state),
        tycoon::NAME => tycoon::game_extras(state),
        _ => Vec::new(),
    }
}
