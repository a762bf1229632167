//! Values across the boundary: JSON values to Python and back, and numpy arrays.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value;

/// A JSON value as plain Python values: dicts, lists, str, int, float, bool and `None`.
pub(crate) fn to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_pyobject(py)?.into_any(),
            (None, Some(i)) => i.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, to_py(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

/// A Python value as JSON, through `json.dumps`, so that it takes what `json` takes.
pub(crate) fn from_py(value: &Bound<'_, PyAny>) -> PyResult<Value> {
    let text: String = value
        .py()
        .import("json")?
        .call_method1("dumps", (value,))?
        .extract()?;
    serde_json::from_str(&text).map_err(|e| PyTypeError::new_err(e.to_string()))
}

/// JSON text itself, or a Python value (a dict) as JSON text.
pub(crate) fn json_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = value.extract::<String>() {
        return Ok(text);
    }
    Ok(from_py(value)?.to_string())
}

/// Keyword arguments as a JSON object (`null` for none).
pub(crate) fn kwargs_json(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Value> {
    match kwargs {
        Some(kwargs) if !kwargs.is_empty() => from_py(kwargs.as_any()),
        _ => Ok(Value::Null),
    }
}

/// `numpy.asarray(values, dtype=numpy.<dtype>)`: numpy is imported only when an array is asked
/// for, so the package works without it otherwise.
pub(crate) fn numpy_array<'py>(
    py: Python<'py>,
    values: Bound<'py, PyAny>,
    dtype: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let numpy = py.import("numpy")?;
    let dtype = numpy.getattr(dtype)?;
    let kwargs = PyDict::new(py);
    kwargs.set_item("dtype", dtype)?;
    numpy.call_method("asarray", (values,), Some(&kwargs))
}
