//! Reading the arguments of a host method, with errors worded as Lua words its own:
//! `bad argument #1 to 'game:pieces' (space name expected, got nil)`. Shared by the generic
//! `game` methods, every game's own methods and a card's `ctx`.

use darbar::engine::Seat;
use mlua::{BorrowedStr, LuaString, Value};

/// The longest name a method takes, in bytes (a space, a faction, a piece kind, an action's
/// text). A longer string is refused before anything is copied or parsed, so a script cannot
/// make a host method copy megabytes.
pub const MAX_ARG_BYTES: usize = 1024;

/// The method being called, for argument errors (`bad argument #1 to 'game:pieces'`).
#[derive(Clone, Copy, Debug)]
pub struct Call {
    /// The object: `game` or `ctx`.
    pub object: &'static str,
    /// The method's name.
    pub method: &'static str,
    /// The field of the method's options table the error is about, if any.
    pub field: Option<&'static str>,
}

impl Call {
    /// `object:method`.
    pub fn on(object: &'static str, method: &'static str) -> Call {
        Call {
            object,
            method,
            field: None,
        }
    }

    /// `game:method`.
    pub fn game(method: &'static str) -> Call {
        Call::on("game", method)
    }

    /// The same call, reporting errors in one field of its options table.
    pub fn field(self, field: &'static str) -> Call {
        Call {
            field: Some(field),
            ..self
        }
    }
}

/// `bad argument #position to 'object:method' (message)`, as Lua words its own.
/// With a field: `bad argument #1 to 'ctx:choose_space' (field 'among': message)`.
///
/// ```
/// use darbar_lua::args::{Call, argument_error};
///
/// let error = argument_error(Call::game("site"), 1, "site name expected, got nil".into());
/// assert_eq!(
///     error.to_string(),
///     "runtime error: bad argument #1 to 'game:site' (site name expected, got nil)"
/// );
/// ```
pub fn argument_error(call: Call, position: usize, message: String) -> mlua::Error {
    let Call {
        object,
        method,
        field,
    } = call;
    let field = field.map_or(String::new(), |f| format!("field '{f}': "));
    mlua::Error::RuntimeError(format!(
        "bad argument #{position} to '{object}:{method}' ({field}{message})"
    ))
}

/// The string an argument holds, or an error naming what was expected; at most
/// [`MAX_ARG_BYTES`] long.
pub fn string_arg(
    call: Call,
    value: &Value,
    position: usize,
    expected: &str,
) -> mlua::Result<BorrowedStr> {
    text_arg(call, value, position, expected, MAX_ARG_BYTES)
}

/// As [`string_arg`], for a text of at most `max` bytes.
pub fn text_arg(
    call: Call,
    value: &Value,
    position: usize,
    expected: &str,
    max: usize,
) -> mlua::Result<BorrowedStr> {
    match value {
        Value::String(s) if s.as_bytes().len() > max => Err(argument_error(
            call,
            position,
            format!(
                "{expected} expected, got a string of {} bytes (at most {max})",
                s.as_bytes().len()
            ),
        )),
        Value::String(s) => s
            .to_str()
            .map_err(|_| argument_error(call, position, format!("{expected} must be UTF-8 text"))),
        other => Err(argument_error(
            call,
            position,
            format!("{expected} expected, got {}", other.type_name()),
        )),
    }
}

/// At most the first 64 bytes of a string, as text, for error messages.
pub fn shown(s: &LuaString) -> String {
    let bytes = s.as_bytes();
    let cut = bytes.len().min(64);
    let mut text = String::from_utf8_lossy(&bytes[..cut]).into_owned();
    if cut < bytes.len() {
        text.push('…');
    }
    text
}

/// An integer argument (an integral float is accepted, as Lua's own functions do).
pub fn integer(value: &Value) -> Option<i64> {
    match *value {
        Value::Integer(i) => Some(i),
        Value::Number(f) if f.is_finite() && f.fract() == 0.0 => Some(f as i64),
        _ => None,
    }
}

/// A seat of the game, `0` to `players - 1` as the core numbers them.
pub fn seat_arg(call: Call, value: &Value, position: usize, players: usize) -> mlua::Result<Seat> {
    let expected = || format!("seat 0 to {} expected", players.saturating_sub(1));
    match integer(value) {
        Some(n) => usize::try_from(n)
            .ok()
            .filter(|&seat| seat < players)
            .ok_or_else(|| argument_error(call, position, format!("{}, got {n}", expected()))),
        None => Err(argument_error(
            call,
            position,
            format!("{}, got {}", expected(), value_text(value)),
        )),
    }
}

/// A number as Lua prints it, or the type of anything else, for error messages.
pub fn value_text(value: &Value) -> String {
    match *value {
        Value::Integer(i) => i.to_string(),
        Value::Number(f) => f.to_string(),
        _ => value.type_name().to_owned(),
    }
}
