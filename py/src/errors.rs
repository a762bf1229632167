//! Raising the Python exceptions of `darbar._errors` from the engine's errors, in one place.
//!
//! The exception classes are plain Python (so their attributes and pickling are ordinary
//! Python behaviour); this module only imports them and fills in their attributes.

use darbar::engine::{LoadError, Refusal, ReplayError, Rule, SnapshotError};
use darbar::games::OpenError;
use darbar_lua::DeckError;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

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

/// `NotYourTurnError` for an action sent by the wrong seat, `ScriptError` for a card script
/// that failed, `IllegalActionError` for every other refusal; each carries the action as the
/// caller gave it (`given`).
pub(crate) fn refused(py: Python<'_>, given: &Bound<'_, PyAny>, refusal: Refusal) -> PyErr {
    let (reason, rule) = match refusal {
        Refusal::NotYourTurn {
            expected,
            actual,
            reason,
            rule,
        } => {
            return raise(py, "NotYourTurnError", reason, |kwargs| {
                kwargs.set_item("action", given)?;
                kwargs.set_item("expected", expected)?;
                kwargs.set_item("actual", actual)?;
                kwargs.set_item("rule", rule.section())
            });
        }
        Refusal::Script { failure, .. } => {
            return script(
                py,
                failure.card,
                failure.message,
                failure.line,
                failure.file.as_deref(),
            );
        }
        Refusal::Illegal { reason, rule } => (reason, Some(rule)),
        Refusal::Unreadable(reason) => (reason, None),
    };
    let shown = given
        .repr()
        .map_or_else(|_| "?".to_owned(), |r| r.to_string());
    let message = format!("illegal action {shown}: {reason}");
    raise(py, "IllegalActionError", message, |kwargs| {
        kwargs.set_item("action", given)?;
        kwargs.set_item("reason", reason)?;
        kwargs.set_item("rule", rule.map(Rule::section))
    })
}

/// `ScriptError` for a card script that failed (§2.3.4): the card, the host's message, and
/// the card file and line when known, which the message shows first (`03.lua:25: card 3:
/// attempt to ...`), as Lua shows the place of an error.
pub(crate) fn script(
    py: Python<'_>,
    card: Option<u32>,
    message: String,
    line: Option<u32>,
    file: Option<&str>,
) -> PyErr {
    let place = match (file, line) {
        (Some(file), Some(line)) => format!("{file}:{line}: "),
        (Some(file), None) => format!("{file}: "),
        (None, Some(line)) => format!("line {line}: "),
        (None, None) => String::new(),
    };
    let shown = match card {
        Some(card) => format!("{place}card {card}: {message}"),
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

/// The `kind` attribute of a `SnapshotError`.
fn snapshot_kind(error: &SnapshotError) -> &'static str {
    match error {
        SnapshotError::Truncated(_) => "truncated",
        SnapshotError::Malformed(_) => "malformed",
        SnapshotError::NotASnapshot(_) => "not_a_snapshot",
        SnapshotError::UnsupportedVersion { .. } => "unsupported_version",
        SnapshotError::WrongGame { .. } => "wrong_game",
        SnapshotError::OtherOptions { .. } => "other_options",
        SnapshotError::OtherDeck { .. } => "other_deck",
        SnapshotError::BadState(_) => "bad_state",
        SnapshotError::Impossible { .. } => "impossible",
    }
}

/// `SnapshotError`, with the kind of damage and, for an impossible state, the rule it breaks.
pub(crate) fn snapshot(py: Python<'_>, error: &SnapshotError) -> PyErr {
    snapshot_error(
        py,
        snapshot_kind(error),
        error.to_string(),
        error.rule().map(Rule::section),
    )
}

/// `SnapshotError` of a given kind.
pub(crate) fn snapshot_error(
    py: Python<'_>,
    kind: &str,
    message: String,
    rule: Option<&str>,
) -> PyErr {
    raise(py, "SnapshotError", message, |kwargs| {
        kwargs.set_item("kind", kind)?;
        kwargs.set_item("rule", rule)
    })
}

/// `ReplayError` of a given kind, with the step of a history that does not replay.
pub(crate) fn replay_error(
    py: Python<'_>,
    kind: &str,
    message: String,
    step: Option<usize>,
) -> PyErr {
    raise(py, "ReplayError", message, |kwargs| {
        kwargs.set_item("kind", kind)?;
        kwargs.set_item("step", step)
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

/// A game that does not load: `ValueError` for an unknown game or option (`TypeError` when an
/// option's value has the wrong type), `ScriptError` for content (card scripts) that does not
/// load, `ContentError` (a `ValueError`) for a folder of tables that breaks a check, whatever
/// the check: a wrong type in a file is the content's fault, not the caller's.
pub(crate) fn load(py: Python<'_>, error: &LoadError) -> PyErr {
    match error {
        LoadError::BadOptions { reason, .. } if reason.contains("invalid type") => {
            PyTypeError::new_err(error.to_string())
        }
        LoadError::Content(reason) => script(py, None, reason.clone(), None, None),
        LoadError::BadContent { game, .. } => {
            raise(py, "ContentError", error.to_string(), |kwargs| {
                kwargs.set_item("game", *game)
            })
        }
        _ => PyValueError::new_err(error.to_string()),
    }
}

/// A snapshot or replay record that does not open through the registry. A snapshot naming a
/// game nobody registered is of the wrong game.
pub(crate) fn open(py: Python<'_>, error: &OpenError) -> PyErr {
    match error {
        OpenError::Load(LoadError::UnknownGame { .. }) => {
            snapshot_error(py, "wrong_game", error.to_string(), None)
        }
        OpenError::Load(error) => load(py, error),
        OpenError::Snapshot(error) => snapshot(py, error),
        OpenError::Replay(error) => {
            let kind = match error {
                ReplayError::Malformed(_) => "malformed",
                ReplayError::WrongGame { .. } => "unknown_game",
                ReplayError::OtherOptions => "other_options",
                ReplayError::OtherDeck { .. } => "other_deck",
                ReplayError::IllegalAction { .. } => "illegal_action",
            };
            replay_error(py, kind, error.to_string(), None)
        }
    }
}
