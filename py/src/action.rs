//! The `Action` class: one action of the game, readable and comparable, with its fixed number.

use darbar::vijayanagara::{self as vj};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// An action: `str(action)` is its readable form (`"select Delhi"`, `"count 2"`), `action.id`
/// its fixed number, the same in every state and game (`0 <= id < Game.num_distinct_actions()`),
/// which `State.legal_actions()` lists.
///
/// ```python
/// a = darbar.Action("select Delhi")
/// assert darbar.Action.from_id(a.id) == a
/// ```
///
/// Actions are immutable and hashable. They compare by value, and equal their readable form
/// too (`Action("yes") == "yes"`, with the same hash), so `"option Pass" in
/// state.legal_actions_typed()` reads as it should.
#[pyclass(module = "darbar", name = "Action", frozen)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Action(pub(crate) vj::Action);

#[pymethods]
impl Action {
    /// The action with this readable form. Raises `ValueError` if it names no action.
    #[new]
    fn new(text: &str) -> PyResult<Action> {
        text.parse().map(Action).map_err(PyValueError::new_err)
    }

    /// The action numbered `id`. Raises `ValueError` for a number that is no action.
    #[staticmethod]
    fn from_id(id: usize) -> PyResult<Action> {
        vj::Action::from_index(id).map(Action).ok_or_else(|| {
            PyValueError::new_err(format!(
                "no action is numbered {id} (the numbers run from 0 to {})",
                vj::ACTION_COUNT - 1
            ))
        })
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
        repr(py, "Action", &self.0.to_string())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Action>() {
            Ok(other) => other.get().0 == self.0,
            Err(_) => equals_text(other, &self.0.to_string()),
        }
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        text_hash(py, &self.0.to_string())
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

/// `darbar.<class>('<text>')`, with the text quoted as Python quotes it.
pub(crate) fn repr(py: Python<'_>, class: &str, text: &str) -> PyResult<String> {
    Ok(format!(
        "darbar.{class}({})",
        text.into_pyobject(py)?.repr()?
    ))
}

/// Whether `other` is the string `text`: actions equal their readable form.
pub(crate) fn equals_text(other: &Bound<'_, PyAny>, text: &str) -> bool {
    other.extract::<String>().is_ok_and(|other| other == text)
}

/// The hash of the readable form, so that an action and its text hash alike.
pub(crate) fn text_hash(py: Python<'_>, text: &str) -> PyResult<isize> {
    text.into_pyobject(py)?.hash()
}
