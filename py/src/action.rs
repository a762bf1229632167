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
        let text = self.0.to_string().into_pyobject(py)?.repr()?;
        Ok(format!("darbar.Action({text})"))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(other) = other.cast::<Action>() {
            return other.get().0 == self.0;
        }
        other
            .extract::<String>()
            .is_ok_and(|text| text == self.0.to_string())
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.0.to_string().into_pyobject(py)?.hash()
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
