//! The narrative log: one line per thing that happened, in the game's words.
//!
//! Formatting text costs time that bots and simulations do not want to pay, so a [`Log`] that
//! is not recording never formats anything: lines are given as closures.
//!
//! A log is read by the whole table, so its lines say only what every seat may see. What the
//! rules keep hidden while the game is played (a drift roll of the raid game's GM, RG-9; the
//! corporate agenda an automa keeps face down, TC-16.4) is said as a *sealed* line
//! ([`Log::say_sealed`]): the table's log ([`Log::recording`]) never formats it, and a log that
//! records everything ([`Log::recording_everything`], for a game that is over or for whoever
//! checks the rules) keeps it in its place, marked [`SEALED_MARK`].

/// What ends a sealed line in a log that records everything: it was hidden while the game was
/// played.
pub const SEALED_MARK: &str = " [hidden during play]";

/// Where the lines of an applied action go.
///
/// ```
/// use darbar::engine::{Game, Log};
/// use darbar::raid::Raid;
///
/// let game = Raid::default();
/// let mut state = game.new_initial_state(1);
/// let mut log = Log::recording();
/// let first = game.legal_actions(&state)[0];
/// game.apply(&mut state, first, &mut log).unwrap();
/// assert!(!log.take().is_empty());
/// ```
#[derive(Debug, Default)]
pub struct Log {
    lines: Option<Vec<String>>,
    /// Whether sealed lines are kept too.
    sealed: bool,
}

impl Log {
    /// A log that keeps nothing and formats nothing.
    pub fn silent() -> Log {
        Log {
            lines: None,
            sealed: false,
        }
    }

    /// The table's log: keeps every line that every seat may read, and no sealed line.
    pub fn recording() -> Log {
        Log {
            lines: Some(Vec::new()),
            sealed: false,
        }
    }

    /// A log that keeps every line, the sealed ones too (each ending in [`SEALED_MARK`]): the
    /// log of a game that is over, when nothing is hidden any more, or of a check of the rules.
    /// Never the log of a game in play shown to a seat.
    ///
    /// ```
    /// use darbar::engine::Log;
    /// use darbar::engine::log::SEALED_MARK;
    ///
    /// let (mut table, mut everything) = (Log::recording(), Log::recording_everything());
    /// for log in [&mut table, &mut everything] {
    ///     log.say_sealed(|| "the GM rolls 2 for drift".into());
    /// }
    /// assert!(table.take().is_empty());
    /// assert_eq!(everything.take(), [format!("the GM rolls 2 for drift{SEALED_MARK}")]);
    /// ```
    pub fn recording_everything() -> Log {
        Log {
            lines: Some(Vec::new()),
            sealed: true,
        }
    }

    /// Whether lines are kept.
    pub fn is_recording(&self) -> bool {
        self.lines.is_some()
    }

    /// Adds a line every seat may read, formatting it only if the log is recording.
    pub fn say(&mut self, line: impl FnOnce() -> String) {
        if let Some(lines) = &mut self.lines {
            lines.push(line());
        }
    }

    /// Adds a line the rules keep hidden from the table while the game is played: kept, and
    /// formatted, only by a log that records everything.
    pub fn say_sealed(&mut self, line: impl FnOnce() -> String) {
        if let (Some(lines), true) = (&mut self.lines, self.sealed) {
            let mut line = line();
            line.push_str(SEALED_MARK);
            lines.push(line);
        }
    }

    /// An empty log that records what this one records: for lines a game gathers apart and
    /// then [`Log::append`]s in another order.
    pub(crate) fn fresh(&self) -> Log {
        Log {
            lines: self.lines.as_ref().map(|_| Vec::new()),
            sealed: self.sealed,
        }
    }

    /// The lines of `other`, a [`Log::fresh`] log of this one, added after these.
    pub(crate) fn append(&mut self, mut other: Log) {
        if let (Some(lines), Some(more)) = (&mut self.lines, &mut other.lines) {
            lines.append(more);
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
