//! The narrative log: one line per thing that happened, in the game's words.
//!
//! Formatting text costs time that bots and simulations do not want to pay, so a [`Log`] that
//! is not recording never formats anything: lines are given as closures.

/// Where the lines of an applied action go.
///
/// ```
/// use darbar::engine::Log;
/// use darbar::vijayanagara::{Action, State, TurnOption};
///
/// let mut state = State::new(1);
/// let mut log = Log::recording();
/// state.apply_logged(Action::Option(TurnOption::Pass), &mut log).unwrap();
/// assert!(!log.take().is_empty());
/// ```
#[derive(Debug, Default)]
pub struct Log {
    lines: Option<Vec<String>>,
}

impl Log {
    /// A log that keeps nothing and formats nothing.
    pub fn silent() -> Log {
        Log { lines: None }
    }

    /// A log that keeps every line.
    pub fn recording() -> Log {
        Log {
            lines: Some(Vec::new()),
        }
    }

    /// Whether lines are kept.
    pub fn is_recording(&self) -> bool {
        self.lines.is_some()
    }

    /// Adds a line, formatting it only if the log is recording.
    pub(crate) fn say(&mut self, line: impl FnOnce() -> String) {
        if let Some(lines) = &mut self.lines {
            lines.push(line());
        }
    }

    /// The lines kept so far, leaving the log empty.
    pub fn take(&mut self) -> Vec<String> {
        self.lines.as_mut().map(std::mem::take).unwrap_or_default()
    }
}

/// `n` things in words, as every log line writes a count: `one` for 1, `many` otherwise.
///
/// ```
/// use darbar::engine::log::counted;
///
/// assert_eq!(counted(1, "Troop", "Troops"), "1 Troop");
/// assert_eq!(counted(0, "cavalry token", "cavalry tokens"), "0 cavalry tokens");
/// ```
pub fn counted(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}
