//! The `Action` class, and actions and seats as Python passes them.

use std::sync::Arc;

use darbar::engine::{DynGame, Seat};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString, PyTuple};

use crate::game::{self, Game};
use crate::games;

/// An action of a game: `str(action)` is its readable form (`"select Delhi"`, `"raid
/// village-2"`), `action.id` its fixed number, the same in every state of the game
/// (`0 <= id < Game.num_distinct_actions()`), which `State.legal_actions()` lists.
///
/// ```python
/// a = darbar.Action("vijayanagara", "select Delhi")
/// assert darbar.Action.from_id("vijayanagara", a.id) == a
/// ```
///
/// Actions are immutable and hashable. They compare by game and number, and equal their
/// readable form too (`Action("vijayanagara", "yes") == "yes"`, with the same hash), so
/// `"option Pass" in state.legal_actions_typed()` reads as it should.
#[pyclass(module = "darbar", name = "Action", frozen)]
pub(crate) struct Action {
    /// The game whose action it is (any options: numbers and text do not depend on them).
    pub(crate) game: Arc<dyn DynGame>,
    /// The action's number.
    pub(crate) id: usize,
}

impl Action {
    /// The readable form.
    pub(crate) fn text(&self) -> String {
        self.game.action_to_string(self.id).unwrap_or_default()
    }
}

/// The rules of a game given as a `Game` or by name.
pub(crate) fn rules_of(game: &Bound<'_, PyAny>) -> PyResult<Arc<dyn DynGame>> {
    if let Ok(game) = game.cast::<Game>() {
        return Ok(Arc::clone(&game.get().loaded.rules));
    }
    let name: String = game.extract().map_err(|_| {
        PyTypeError::new_err("a game is a darbar.Game or a game's name (\"vijayanagara\")")
    })?;
    Ok(Arc::clone(&game::default_game(game.py(), &name)?.rules))
}

/// Why `id` names no action of `game`.
fn no_such_number(game: &dyn DynGame, id: impl std::fmt::Display) -> String {
    format!(
        "no {} action is numbered {id} (the numbers run from 0 to {})",
        game.name(),
        game.num_distinct_actions() - 1
    )
}

/// The number of the action with this text, or why there is none.
pub(crate) fn number_of(game: &dyn DynGame, text: &str) -> Result<usize, String> {
    game.string_to_action(text)
}

#[pymethods]
impl Action {
    /// The action of `game` (a `Game` or a game's name) with this readable form. Raises
    /// `ValueError` if it names no action.
    #[new]
    fn new(game: &Bound<'_, PyAny>, text: &str) -> PyResult<Action> {
        let game = rules_of(game)?;
        let id = number_of(&*game, text).map_err(PyValueError::new_err)?;
        Ok(Action { game, id })
    }

    /// The action of `game` numbered `id`. Raises `ValueError` for a number that is no action.
    #[staticmethod]
    fn from_id(game: &Bound<'_, PyAny>, id: usize) -> PyResult<Action> {
        let game = rules_of(game)?;
        if game.action_to_string(id).is_none() {
            return Err(PyValueError::new_err(no_such_number(&*game, id)));
        }
        Ok(Action { game, id })
    }

    /// The action's fixed number.
    #[getter]
    fn id(&self) -> usize {
        self.id
    }

    /// The name of the game whose action it is.
    #[getter]
    fn game(&self) -> &'static str {
        self.game.name()
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "darbar.Action('{}', {})",
            self.game.name(),
            self.text().into_pyobject(py)?.repr()?
        ))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Action>() {
            Ok(other) => {
                let other = other.get();
                other.id == self.id && other.game.name() == self.game.name()
            }
            Err(_) => other
                .extract::<String>()
                .is_ok_and(|other| other == self.text()),
        }
    }

    /// The hash of the readable form, so that an action and its text hash alike.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.text().into_pyobject(py)?.hash()
    }

    fn __int__(&self) -> usize {
        self.id
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let action = slf.get();
        let args = PyTuple::new(slf.py(), [action.game.name().to_owned(), action.text()])?;
        Ok((slf.get_type().into_any(), args))
    }
}

/// How an argument names an action of a state's game.
pub(crate) enum ActionForm {
    /// A number of an action.
    Id(usize),
    /// A number that names no action, with why.
    NoSuchNumber(String),
    /// The action's string form, not yet parsed.
    Text(String),
}

/// Reads an action argument: its fixed number (any integer, `numpy.int64` included), an
/// `Action` of the same game, or the action's string form.
pub(crate) fn action_form(game: &dyn DynGame, obj: &Bound<'_, PyAny>) -> PyResult<ActionForm> {
    if let Ok(text) = obj.cast::<PyString>() {
        return Ok(ActionForm::Text(text.extract::<String>()?));
    }
    if let Ok(action) = obj.cast::<Action>() {
        let action = action.get();
        if action.game.name() != game.name() {
            return Err(PyTypeError::new_err(format!(
                "an action of {}, not of {}",
                action.game.name(),
                game.name()
            )));
        }
        return Ok(ActionForm::Id(action.id));
    }
    // `True` is an int to Python, but not an action number to anyone who wrote it.
    let not_an_action = || -> PyResult<PyErr> {
        Ok(PyTypeError::new_err(format!(
            "an action is an int (its number), an Action or a str, not {}",
            obj.get_type().name()?
        )))
    };
    if obj.is_instance_of::<PyBool>() {
        return Err(not_an_action()?);
    }
    let id = match obj.extract::<i64>() {
        Ok(id) => id,
        // Beyond i64: refused with the number as given, not a clipped one.
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
            return Ok(ActionForm::NoSuchNumber(no_such_number(game, obj.str()?)));
        }
        Err(_) => return Err(not_an_action()?),
    };
    Ok(match usize::try_from(id) {
        Ok(id) if id < game.num_distinct_actions() => ActionForm::Id(id),
        _ => ActionForm::NoSuchNumber(no_such_number(game, id)),
    })
}

/// Reads a seat: its number (any integer, `numpy.int64` included) or its name in the game's
/// words (`"DS"`, or any name the game itself reads, such as `"Bahmani Kingdom"`).
pub(crate) fn seat(game: &dyn DynGame, obj: &Bound<'_, PyAny>) -> PyResult<Seat> {
    let n = game.num_players();
    let unknown = |shown: String| {
        PyValueError::new_err(format!(
            "unknown seat {shown} ({} has seats 0 to {})",
            game.name(),
            n - 1
        ))
    };
    if let Ok(name) = obj.cast::<PyString>() {
        let name: String = name.extract()?;
        return games::seat_by_name(game, &name).ok_or_else(|| unknown(format!("{name:?}")));
    }
    if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(
            "a seat is a number or a seat's name, not bool",
        ));
    }
    match obj.extract::<i64>() {
        Ok(seat) => usize::try_from(seat)
            .ok()
            .filter(|&s| s < n)
            .ok_or_else(|| unknown(seat.to_string())),
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => Err(unknown(obj.to_string())),
        Err(_) => Err(PyTypeError::new_err(format!(
            "a seat is a number or a seat's name, not {}",
            obj.get_type().name()?
        ))),
    }
}
