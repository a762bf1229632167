//! Why a script call failed: [`ScriptError`], and the translation of mlua's errors into it.

use std::fmt;
use std::time::Duration;

use thiserror::Error;

/// Why a script could not be compiled or did not finish.
///
/// Every variant leaves the host usable: the next call starts from a clean environment with the
/// full budget and memory allowance.
///
/// ```
/// use darbar::engine::{Game, GameRng};
/// use darbar::vijayanagara::Options;
/// use darbar_lua::{Host, ScriptError};
///
/// let mut host = Host::new();
/// let game = darbar_lua::vijayanagara(Options::default());
/// let state = game.new_initial_state(1);
/// let mut rng = GameRng::from_seed_u64(1);
/// let err = host
///     .evaluate(&game, &state, &mut rng, "local n = 1\nreturn n + nil", "card")
///     .unwrap_err();
/// assert_eq!(err.line(), Some(2));
/// assert!(matches!(err, ScriptError::Runtime { .. }));
/// assert!(err.to_string().starts_with("line 2: attempt to perform arithmetic"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ScriptError {
    /// The source does not parse.
    #[error("syntax error{}: {message}", at(*line))]
    Syntax {
        /// Lua's message, without the chunk name and line prefix.
        message: String,
        /// The line of the chunk where parsing failed.
        line: Option<u32>,
    },
    /// The script raised an error, or called a host function wrongly.
    #[error("{}{message}", at_prefix(*line))]
    Runtime {
        /// The message, without the chunk name and line prefix and without the traceback.
        message: String,
        /// The line of the chunk that raised the error, when the error comes from the chunk
        /// (an error raised with `error(msg, 0)` in a function of another chunk has none).
        line: Option<u32>,
    },
    /// The script executed more instructions than its budget allows
    /// ([`Limits::instructions`](crate::Limits::instructions)).
    #[error("the script ran out of its budget of {limit} instructions")]
    InstructionBudget {
        /// The budget that was exceeded.
        limit: u64,
    },
    /// The script tried to allocate more memory than it may
    /// ([`Limits::memory_bytes`](crate::Limits::memory_bytes)).
    #[error("the script exceeded its memory limit of {limit} bytes")]
    MemoryLimit {
        /// The allowance that was exceeded, in bytes.
        limit: usize,
    },
    /// The script ran longer than its wall-clock limit
    /// ([`Limits::wall_time`](crate::Limits::wall_time)): a last resort for work the budget does
    /// not see. Unlike the other limits, whether a script reaches it depends on the machine.
    #[error("the script ran longer than its wall-clock limit of {limit:?}")]
    TimeLimit {
        /// The limit that was exceeded.
        limit: Duration,
    },
    /// The script finished but returned a value that has no [`ScriptValue`](crate::ScriptValue)
    /// form: a function, a userdata, a table with keys of mixed kinds, or a table nested too
    /// deeply (or cyclic).
    #[error("the script returned a value darbar cannot convert: {message}")]
    UnsupportedValue {
        /// What was wrong with it.
        message: String,
    },
}

impl ScriptError {
    /// The line of the chunk the error refers to, if known.
    pub fn line(&self) -> Option<u32> {
        match self {
            ScriptError::Syntax { line, .. } | ScriptError::Runtime { line, .. } => *line,
            _ => None,
        }
    }
}

fn at(line: Option<u32>) -> impl fmt::Display {
    fmt::from_fn(move |f| match line {
        Some(line) => write!(f, " at line {line}"),
        None => Ok(()),
    })
}

fn at_prefix(line: Option<u32>) -> impl fmt::Display {
    fmt::from_fn(move |f| match line {
        Some(line) => write!(f, "line {line}: "),
        None => Ok(()),
    })
}

/// What the host knew when a call failed, to classify the error.
pub(crate) struct Failure<'a> {
    /// The chunk name as the script was loaded (without Lua's `=` prefix).
    pub chunk: &'a str,
    /// The memory allowance of the call.
    pub memory_bytes: usize,
}

/// The message of a refused allocation (Lua's, and the priced library functions' when a result
/// would not fit): as an uncaught error it is the memory limit.
const NO_MEMORY: &str = "not enough memory";

/// The chunk name of the sandbox prelude: its positions are stripped from messages (an error
/// that Lua raises inside a wrapper, such as a comparison in `table.sort`, is the script's).
const SANDBOX_SOURCE: &str = "darbar sandbox";

impl Failure<'_> {
    /// Translates an mlua error raised while compiling or running the chunk (the limits the
    /// call exceeded are the caller's to check first).
    pub(crate) fn classify(&self, error: &mlua::Error) -> ScriptError {
        let memory = ScriptError::MemoryLimit {
            limit: self.memory_bytes,
        };
        if is_memory_error(error) {
            return memory;
        }
        let source = short_src(self.chunk);
        match error {
            mlua::Error::SyntaxError { message, .. } => {
                let (line, message) = split_position(message, &source);
                ScriptError::Syntax {
                    message: message.to_owned(),
                    line,
                }
            }
            _ => {
                let (message, line) = runtime_message(error, &source);
                let message = match split_position(&message, SANDBOX_SOURCE) {
                    (Some(_), rest) => rest.to_owned(),
                    (None, _) => message,
                };
                if message == NO_MEMORY {
                    return memory;
                }
                ScriptError::Runtime { message, line }
            }
        }
    }
}

/// Whether the allocator refused memory somewhere in the error's chain.
fn is_memory_error(error: &mlua::Error) -> bool {
    match error {
        mlua::Error::MemoryError(_) => true,
        mlua::Error::CallbackError { cause, .. }
        | mlua::Error::WithContext { cause, .. }
        | mlua::Error::BadArgument { cause, .. } => is_memory_error(cause),
        _ => false,
    }
}

/// The message and line of a runtime error.
///
/// Errors raised by Lua code carry `chunk:line:` in front of the message and a traceback after
/// it; errors raised by Rust callbacks (`game:pieces("Bengal")`, `math.random(0.5)`) come as
/// `CallbackError`s whose traceback names the calling line.
fn runtime_message(error: &mlua::Error, source: &str) -> (String, Option<u32>) {
    match error {
        mlua::Error::RuntimeError(text) => {
            let (body, traceback) = match text.split_once("\nstack traceback:") {
                Some((body, traceback)) => (body, Some(traceback)),
                None => (text.as_str(), None),
            };
            let (line, message) = split_position(body, source);
            let line = line.or_else(|| traceback.and_then(|t| traceback_line(t, source)));
            (message.to_owned(), line)
        }
        mlua::Error::CallbackError { traceback, cause } => {
            let (message, line) = runtime_message(cause, source);
            (message, line.or_else(|| traceback_line(traceback, source)))
        }
        mlua::Error::WithContext { context, cause } => {
            let (message, line) = runtime_message(cause, source);
            (format!("{context}: {message}"), line)
        }
        other => (other.to_string(), None),
    }
}

/// Lua's `short_src` for a chunk named `=name`: the name, cut to `LUA_IDSIZE - 1` bytes.
fn short_src(chunk: &str) -> String {
    const LUA_IDSIZE: usize = 60;
    let mut end = chunk.len().min(LUA_IDSIZE - 1);
    while !chunk.is_char_boundary(end) {
        end -= 1;
    }
    chunk[..end].to_owned()
}

/// Splits `source:LINE: message` into the line and the message.
fn split_position<'m>(text: &'m str, source: &str) -> (Option<u32>, &'m str) {
    let parsed = text
        .strip_prefix(source)
        .and_then(|rest| rest.strip_prefix(':'))
        .and_then(|rest| {
            let (digits, message) = rest.split_once(':')?;
            let line = digits.parse::<u32>().ok()?;
            Some((line, message.strip_prefix(' ').unwrap_or(message)))
        });
    match parsed {
        Some((line, message)) => (Some(line), message),
        None => (None, text),
    }
}

/// The line of the innermost traceback frame that belongs to the chunk.
fn traceback_line(traceback: &str, source: &str) -> Option<u32> {
    traceback.lines().find_map(|frame| {
        let rest = frame.trim_start().strip_prefix(source)?.strip_prefix(':')?;
        let (digits, _) = rest.split_once(':')?;
        digits.parse().ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_split_off() {
        assert_eq!(
            split_position("card:12: boom: again", "card"),
            (Some(12), "boom: again")
        );
        assert_eq!(split_position("boom", "card"), (None, "boom"));
        assert_eq!(
            split_position("cardx:1: boom", "card"),
            (None, "cardx:1: boom")
        );
    }

    #[test]
    fn traceback_names_the_calling_line() {
        let traceback = "stack traceback:\n\t[C]: in method 'pieces'\n\tcard:3: in main chunk";
        assert_eq!(traceback_line(traceback, "card"), Some(3));
        assert_eq!(traceback_line(traceback, "other"), None);
    }

    #[test]
    fn long_chunk_names_are_cut_like_lua_does() {
        let long = "x".repeat(100);
        assert_eq!(short_src(&long).len(), 59);
        assert_eq!(short_src("card"), "card");
    }

    #[test]
    fn displays_read_well() {
        let err = ScriptError::Runtime {
            message: "boom".into(),
            line: Some(4),
        };
        assert_eq!(err.to_string(), "line 4: boom");
        let err = ScriptError::Syntax {
            message: "unexpected symbol near '='".into(),
            line: Some(2),
        };
        assert_eq!(
            err.to_string(),
            "syntax error at line 2: unexpected symbol near '='"
        );
    }
}
