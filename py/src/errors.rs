//! Raising the Python exceptions of `darbar._errors` from Rust errors.
//!
//! The exception classes are plain Python (so their attributes and pickling are ordinary
//! Python behaviour); this module only imports them and fills in their attributes.

use darbar::engine::{Rule, SnapshotError};
use darbar::vijayanagara::Error;
use darbar_lua::DeckError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::args::ActionArg;

/// The module that defines the exception classes.
const ERRORS_MODULE: &str = "darbar._errors";

/// An instance of the exception class `class` of [`ERRORS_MODULE`], built with `message` as its
/// only positional argument and the keyword arguments `attributes` puts in a dict.
fn raise<'py>(
    py: Python<'py>,
    class: &str,
    message: String,
    attributes: impl FnOnce(&Bound<'py, PyDict>) -> PyResult<()>,
) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let kwargs = PyDict::new(py);
        attributes(&kwargs)?;
        let class = py.import(ERRORS_MODULE)?.getattr(class)?;
        Ok(PyErr::from_value(class.call((message,), Some(&kwargs))?))
    };
    // If building the exception fails, that failure is the one to report.
    build().unwrap_or_else(|failure| failure)
}

/// A rule's section as Python sees it: `"1.9"`, or `None`.
fn section(rule: Option<Rule>) -> Option<&'static str> {
    rule.map(Rule::section)
}

/// Why an action was refused, by the engine or before it.
pub(crate) enum Refusal {
    /// The engine refused it; the error names the rule.
    Engine(Error),
    /// The argument names no action (an index out of range, text that does not parse), so no
    /// rule was consulted.
    Unreadable(String),
    /// The game's deck directory could not be loaded.
    Deck(DeckError),
}

impl From<Error> for Refusal {
    fn from(error: Error) -> Self {
        Refusal::Engine(error)
    }
}

/// `NotYourTurnError` for an action sent by the wrong player, `IllegalActionError` for every
/// other refusal. Both carry the action as the caller gave it.
pub(crate) fn refused(py: Python<'_>, action: &ActionArg, refusal: Refusal) -> PyErr {
    let (reason, rule) = match refusal {
        Refusal::Engine(
            error @ Error::NotYourDecision {
                expected,
                actual,
                rule,
            },
        ) => {
            return raise(py, "NotYourTurnError", error.to_string(), |kwargs| {
                kwargs.set_item("action", &action.given)?;
                kwargs.set_item("expected", expected as usize)?;
                kwargs.set_item("actual", actual as usize)?;
                kwargs.set_item("rule", rule.section())
            });
        }
        Refusal::Engine(Error::Event {
            card,
            message,
            line,
        }) => return script(py, Some(card), message, line, None),
        Refusal::Deck(error) => return deck(py, &error),
        Refusal::Engine(error) => (error.to_string(), Some(error.rule())),
        Refusal::Unreadable(reason) => (reason, None),
    };
    let given = action.given.bind(py);
    let shown = given
        .repr()
        .map_or_else(|_| "?".to_owned(), |r| r.to_string());
    let message = format!("illegal action {shown}: {reason}");
    raise(py, "IllegalActionError", message, |kwargs| {
        kwargs.set_item("action", &action.given)?;
        kwargs.set_item("reason", reason)?;
        kwargs.set_item("rule", section(rule))
    })
}

/// `ScriptError` for a card script that failed (§2.3.4): the card, Lua's message and line, and
/// the file when known.
pub(crate) fn script(
    py: Python<'_>,
    card: Option<u8>,
    message: String,
    line: Option<u32>,
    file: Option<&str>,
) -> PyErr {
    let shown = match card {
        Some(card) => format!("card {card}: {message}"),
        None => message.clone(),
    };
    raise(py, "ScriptError", shown, |kwargs| {
        kwargs.set_item("card", card)?;
        kwargs.set_item("line", line)?;
        kwargs.set_item("file", file)?;
        kwargs.set_item("reason", message)
    })
}

/// `ScriptError` for a deck directory that does not load: the file and line it names.
pub(crate) fn deck(py: Python<'_>, error: &DeckError) -> PyErr {
    script(
        py,
        None,
        error.to_string(),
        error.line(),
        Some(error.file()),
    )
}

/// `SnapshotError`, with the kind of damage and, for an impossible state, the rule it breaks.
pub(crate) fn snapshot(py: Python<'_>, error: &SnapshotError) -> PyErr {
    let kind = match error {
        SnapshotError::Truncated(_) => "truncated",
        SnapshotError::Malformed(_) => "malformed",
        SnapshotError::NotASnapshot(_) => "not_a_snapshot",
        SnapshotError::UnsupportedVersion { .. } => "unsupported_version",
        SnapshotError::WrongGame { .. } => "wrong_game",
        SnapshotError::OtherOptions => "other_options",
        SnapshotError::BadState(_) => "bad_state",
        SnapshotError::Impossible { .. } => "impossible",
    };
    raise(py, "SnapshotError", error.to_string(), |kwargs| {
        kwargs.set_item("kind", kind)?;
        kwargs.set_item("rule", section(error.rule()))
    })
}

/// `InvariantError` for a broken invariant, naming its rule.
pub(crate) fn invariant(py: Python<'_>, rule: Rule, reason: String) -> PyErr {
    let message = format!("{reason} ({rule})");
    raise(py, "InvariantError", message, |kwargs| {
        kwargs.set_item("reason", reason)?;
        kwargs.set_item("rule", rule.section())
    })
}
