//! Rule options as keyword arguments: `load_game("vijayanagara", natural_six_always_misses=True)`.
//!
//! Each keyword is a field of [`Options`], spelled the same way. Flags take `True` or
//! `False`; `support_limit` takes `"per_attacked_space"` or `"per_structure_space"`.

use darbar::vijayanagara::{Options, SupportLimit};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};

/// The values of `support_limit`, as Python spells them.
const SUPPORT_LIMITS: [(&str, SupportLimit); 2] = [
    ("per_attacked_space", SupportLimit::PerAttackedSpace),
    ("per_structure_space", SupportLimit::PerStructureSpace),
];

/// Every option with its value, in the order of [`Options`]' fields.
///
/// The destructuring is exhaustive on purpose: a field added to [`Options`] stops this
/// crate from compiling until the binding knows it.
pub(crate) fn to_dict<'py>(py: Python<'py>, options: &Options) -> PyResult<Bound<'py, PyDict>> {
    let Options {
        decree_may_be_empty,
        succession_caps_resources,
        support_limit,
        natural_six_always_misses,
        plunder_troops_per_mongol,
        transfers,
        event_requires_effect,
        // Event cards and their deck come with a card host, not with a keyword.
        events: _,
        deck: _,
    } = *options;
    let support_limit = SUPPORT_LIMITS
        .iter()
        .find(|(_, limit)| *limit == support_limit)
        .map_or("", |(name, _)| name);
    let dict = PyDict::new(py);
    dict.set_item("decree_may_be_empty", decree_may_be_empty)?;
    dict.set_item("succession_caps_resources", succession_caps_resources)?;
    dict.set_item("support_limit", support_limit)?;
    dict.set_item("natural_six_always_misses", natural_six_always_misses)?;
    dict.set_item("plunder_troops_per_mongol", plunder_troops_per_mongol)?;
    dict.set_item("transfers", transfers)?;
    dict.set_item("event_requires_effect", event_requires_effect)?;
    Ok(dict)
}

/// Reads keyword arguments into [`Options`]; options not given keep their defaults.
///
/// An unknown keyword or `support_limit` value raises `ValueError` naming it; a flag that is
/// not a `bool` raises `TypeError`.
pub(crate) fn from_kwargs(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Options> {
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
            "decree_may_be_empty" => options.decree_may_be_empty = flag(&value)?,
            "succession_caps_resources" => options.succession_caps_resources = flag(&value)?,
            "support_limit" => options.support_limit = support_limit(&value)?,
            "natural_six_always_misses" => options.natural_six_always_misses = flag(&value)?,
            "plunder_troops_per_mongol" => options.plunder_troops_per_mongol = flag(&value)?,
            "transfers" => options.transfers = flag(&value)?,
            "event_requires_effect" => options.event_requires_effect = flag(&value)?,
            _ => {
                let known: Vec<String> = to_dict(kwargs.py(), &Options::default())?
                    .keys()
                    .iter()
                    .map(|k| k.to_string())
                    .collect();
                return Err(PyValueError::new_err(format!(
                    "unknown option {key:?} for vijayanagara (known options: {})",
                    known.join(", ")
                )));
            }
        }
    }
    Ok(options)
}

fn support_limit(value: &Bound<'_, PyAny>) -> PyResult<SupportLimit> {
    let names = || {
        SUPPORT_LIMITS
            .map(|(name, _)| format!("{name:?}"))
            .join(" or ")
    };
    let text: String = value
        .extract()
        .map_err(|_| PyTypeError::new_err(format!("option \"support_limit\" takes {}", names())))?;
    SUPPORT_LIMITS
        .iter()
        .find(|(name, _)| *name == text)
        .map(|&(_, limit)| limit)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown support_limit {text:?} (expected {})",
                names()
            ))
        })
}
