//! Arguments as Python passes them: factions, spaces and actions.
//!
//! Names are parsed by the `FromStr` implementations of the core crate, so Python accepts
//! exactly what Rust accepts. A name that does not parse raises `ValueError`; a value of the
//! wrong type raises `TypeError`.

use darbar::vijayanagara::{Player, SpaceId};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// A player faction: `"DS"`/`"BK"`/`"VN"`, a full or Rust name in any case, or a seat
/// number 0–2 (any integer, `numpy.int64` included) as `State.current_player()` returns it.
pub(crate) struct PlayerArg(pub(crate) Player);

impl<'a, 'py> FromPyObject<'a, 'py> for PlayerArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_instance_of::<PyString>() {
            let name: String = obj.extract()?;
            return name.parse().map(PlayerArg).map_err(PyValueError::new_err);
        }
        match obj.extract::<i64>() {
            Ok(seat) => usize::try_from(seat)
                .ok()
                .and_then(|seat| Player::ALL.get(seat).copied())
                .map(PlayerArg)
                .ok_or_else(|| {
                    PyValueError::new_err(format!("unknown seat {seat} (expected 0, 1 or 2)"))
                }),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => Err(PyValueError::new_err(
                format!("unknown seat {} (expected 0, 1 or 2)", obj.as_any()),
            )),
            Err(_) => Err(PyTypeError::new_err(format!(
                "a faction is a name such as \"DS\" or a seat number, not {}",
                obj.get_type().name()?
            ))),
        }
    }
}

/// A space, by its printed or Rust name (`"Rajput Kingdoms"`, `"RajputKingdoms"`).
pub(crate) struct SpaceArg(pub(crate) SpaceId);

impl<'a, 'py> FromPyObject<'a, 'py> for SpaceArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if !obj.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(format!(
                "a space is given by its name, not {}",
                obj.get_type().name()?
            )));
        }
        let name: String = obj.extract()?;
        name.parse().map(SpaceArg).map_err(PyValueError::new_err)
    }
}

/// An action as Python gives it: its fixed number (any integer, `numpy.int64` included), an
/// `Action`, or the action's string form. The object itself is kept, to be given back in
/// `IllegalActionError.action`.
pub(crate) struct ActionArg {
    /// What the caller passed.
    pub(crate) given: Py<PyAny>,
    /// How it names an action.
    pub(crate) form: ActionForm,
}

/// The two ways to name an action.
pub(crate) enum ActionForm {
    /// An action's fixed number (`Action.id`); possibly no action at all, even negative. An
    /// integer too large for `i64` is read as `i64::MAX`, which is no action either.
    Id(i64),
    /// An `Action` object.
    Action(darbar::vijayanagara::Action),
    /// The action's string form, not yet parsed.
    Text(String),
}

impl<'a, 'py> FromPyObject<'a, 'py> for ActionArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let form = if obj.is_instance_of::<PyString>() {
            ActionForm::Text(obj.extract()?)
        } else if let Ok(action) = obj.cast::<crate::action::Action>() {
            ActionForm::Action(action.get().0)
        } else {
            match obj.extract::<i64>() {
                Ok(id) => ActionForm::Id(id),
                Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => ActionForm::Id(i64::MAX),
                Err(_) => {
                    return Err(PyTypeError::new_err(format!(
                        "an action is an int (its number), an Action or a str, not {}",
                        obj.get_type().name()?
                    )));
                }
            }
        };
        Ok(ActionArg {
            given: obj.to_owned().unbind(),
            form,
        })
    }
}
