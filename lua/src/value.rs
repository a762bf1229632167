//! [`ScriptValue`]: what a script returns, as a plain Rust value.

use std::collections::BTreeMap;
use std::fmt;

use mlua::Value;
use serde::{Deserialize, Serialize};

use crate::ScriptError;

/// How deeply tables may nest in a returned value; deeper means a cycle or a mistake.
pub const MAX_DEPTH: usize = 32;

/// How many values (table entries count one each) a returned value may hold. A script can
/// reference one table many times (`t = {} for i = 1, 30 do t = {t, t} end`), which would
/// expand to billions of values: the cap keeps conversion as bounded as the script was.
pub const MAX_VALUES: usize = 1_000_000;

/// A value returned by a script: nil, a boolean, a number, a string, or a table of these.
///
/// Lua tables become a [`List`](ScriptValue::List) when their keys are exactly `1..=n` (the
/// empty table included) and a [`Table`](ScriptValue::Table) when every key is a string. Any
/// other table, and functions and userdata, cannot be returned
/// ([`ScriptError::UnsupportedValue`]), nor can a value with more than [`MAX_VALUES`] values
/// or more text than the call's memory allowance. Integers and floats stay apart, as in Lua 5.4.
///
/// It serializes as plain JSON (`null`, `true`, `3`, `0.5`, `"x"`, `[...]`, `{...}`) and prints
/// as a Lua literal:
///
/// ```
/// use darbar::engine::{Game, GameRng};
/// use darbar::raid::Raid;
/// use darbar_lua::{Host, ScriptValue};
///
/// let (game, mut host) = (Raid::default(), Host::new());
/// let state = game.new_initial_state(1);
/// let script = "return {1, 2.5, {ok = true}}";
/// let value = host
///     .evaluate(&game, &state, &mut GameRng::from_seed_u64(1), script, "demo")
///     .unwrap();
/// assert_eq!(value.to_string(), "{1, 2.5, {ok = true}}");
/// assert_eq!(value[0], ScriptValue::Integer(1));
/// assert_eq!(value[2]["ok"], ScriptValue::Boolean(true));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ScriptValue {
    /// `nil` (also what a script that returns nothing gives).
    #[default]
    Nil,
    /// `true` or `false`.
    Boolean(bool),
    /// A Lua integer.
    Integer(i64),
    /// A Lua float.
    Number(f64),
    /// A string (Lua strings that are not UTF-8 cannot be returned).
    String(String),
    /// A sequence: a table with keys `1..=n`.
    List(Vec<ScriptValue>),
    /// A record: a table whose keys are all strings, in key order.
    Table(BTreeMap<String, ScriptValue>),
}

impl ScriptValue {
    /// Whether this is `nil`.
    pub fn is_nil(&self) -> bool {
        matches!(self, ScriptValue::Nil)
    }

    /// The boolean, if this is one.
    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            ScriptValue::Boolean(b) => Some(b),
            _ => None,
        }
    }

    /// The integer, if this is an integer or a float with an exact integer value.
    pub fn as_i64(&self) -> Option<i64> {
        match *self {
            ScriptValue::Integer(i) => Some(i),
            // The range check keeps the cast exact: every such float is an i64.
            ScriptValue::Number(n)
                if n.fract() == 0.0
                    && (-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&n) =>
            {
                Some(n as i64)
            }
            _ => None,
        }
    }

    /// The number as a float, if this is a number.
    pub fn as_f64(&self) -> Option<f64> {
        match *self {
            ScriptValue::Integer(i) => Some(i as f64),
            ScriptValue::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            ScriptValue::String(s) => Some(s),
            _ => None,
        }
    }

    /// The elements, if this is a list.
    pub fn as_list(&self) -> Option<&[ScriptValue]> {
        match self {
            ScriptValue::List(items) => Some(items),
            _ => None,
        }
    }

    /// The fields, if this is a record.
    pub fn as_table(&self) -> Option<&BTreeMap<String, ScriptValue>> {
        match self {
            ScriptValue::Table(fields) => Some(fields),
            _ => None,
        }
    }

    /// The `index`th element of a list (from 0), or `None`.
    pub fn get_index(&self, index: usize) -> Option<&ScriptValue> {
        self.as_list()?.get(index)
    }

    /// The field `key` of a record, or `None`.
    pub fn get(&self, key: &str) -> Option<&ScriptValue> {
        self.as_table()?.get(key)
    }

    /// Converts a Lua value, reading tables raw (no metamethod runs), with at most
    /// `max_bytes` of text in all.
    pub(crate) fn from_lua(value: &Value, max_bytes: usize) -> Result<ScriptValue, ScriptError> {
        let mut budget = Budget {
            values: MAX_VALUES,
            bytes: max_bytes,
        };
        convert(value, 0, &mut budget)
    }
}

static NIL: ScriptValue = ScriptValue::Nil;

/// `value[i]`: the `i`th element of a list (from 0), or `Nil` when there is none.
impl std::ops::Index<usize> for ScriptValue {
    type Output = ScriptValue;
    fn index(&self, index: usize) -> &ScriptValue {
        self.get_index(index).unwrap_or(&NIL)
    }
}

/// `value["key"]`: a field of a record, or `Nil` when there is none.
impl std::ops::Index<&str> for ScriptValue {
    type Output = ScriptValue;
    fn index(&self, key: &str) -> &ScriptValue {
        self.get(key).unwrap_or(&NIL)
    }
}

impl From<bool> for ScriptValue {
    fn from(b: bool) -> Self {
        ScriptValue::Boolean(b)
    }
}

impl From<i64> for ScriptValue {
    fn from(i: i64) -> Self {
        ScriptValue::Integer(i)
    }
}

impl From<f64> for ScriptValue {
    fn from(n: f64) -> Self {
        ScriptValue::Number(n)
    }
}

impl From<&str> for ScriptValue {
    fn from(s: &str) -> Self {
        ScriptValue::String(s.to_owned())
    }
}

impl From<String> for ScriptValue {
    fn from(s: String) -> Self {
        ScriptValue::String(s)
    }
}

impl<T: Into<ScriptValue>> From<Vec<T>> for ScriptValue {
    fn from(items: Vec<T>) -> Self {
        ScriptValue::List(items.into_iter().map(Into::into).collect())
    }
}

fn unsupported(message: impl Into<String>) -> ScriptError {
    ScriptError::UnsupportedValue {
        message: message.into(),
    }
}

/// What a conversion may still produce.
struct Budget {
    values: usize,
    bytes: usize,
}

impl Budget {
    /// Counts one value.
    fn value(&mut self) -> Result<(), ScriptError> {
        self.values = self.values.checked_sub(1).ok_or_else(|| {
            unsupported(format!(
                "more than {MAX_VALUES} values (one table referenced many times?)"
            ))
        })?;
        Ok(())
    }

    /// Counts `bytes` of text.
    fn text(&mut self, bytes: usize) -> Result<(), ScriptError> {
        self.bytes = self.bytes.checked_sub(bytes).ok_or_else(|| {
            unsupported("more text than the memory limit (one string referenced many times?)")
        })?;
        Ok(())
    }
}

fn convert(value: &Value, depth: usize, budget: &mut Budget) -> Result<ScriptValue, ScriptError> {
    budget.value()?;
    if let Value::String(s) = value {
        budget.text(s.as_bytes().len())?;
    }
    Ok(match value {
        Value::Nil => ScriptValue::Nil,
        Value::Boolean(b) => ScriptValue::Boolean(*b),
        Value::Integer(i) => ScriptValue::Integer(*i),
        Value::Number(n) => ScriptValue::Number(*n),
        Value::String(s) => ScriptValue::String(
            s.to_str()
                .map_err(|_| unsupported("a string that is not UTF-8"))?
                .to_owned(),
        ),
        Value::Table(table) => {
            if depth >= MAX_DEPTH {
                return Err(unsupported(format!(
                    "tables nested more than {MAX_DEPTH} deep (a table that contains itself?)"
                )));
            }
            convert_table(table, depth + 1, budget)?
        }
        other => return Err(unsupported(format!("a {}", other.type_name()))),
    })
}

fn convert_table(
    table: &mlua::Table,
    depth: usize,
    budget: &mut Budget,
) -> Result<ScriptValue, ScriptError> {
    let mut integers: Vec<(i64, ScriptValue)> = Vec::new();
    let mut strings: BTreeMap<String, ScriptValue> = BTreeMap::new();
    // `Table::pairs` walks with `lua_next`: raw, so no metamethod of the script runs here.
    for pair in table.pairs::<Value, Value>() {
        let (key, value) = pair.map_err(|e| unsupported(e.to_string()))?;
        let value = convert(&value, depth, budget)?;
        match key {
            Value::Integer(i) => integers.push((i, value)),
            Value::String(s) => {
                budget.text(s.as_bytes().len())?;
                let key = s
                    .to_str()
                    .map_err(|_| unsupported("a table key that is not UTF-8"))?
                    .to_owned();
                strings.insert(key, value);
            }
            other => {
                let kind = match other {
                    Value::Number(_) => "float",
                    other => other.type_name(),
                };
                return Err(unsupported(format!(
                    "a table with a {kind} key; keys must be strings or 1..n"
                )));
            }
        }
    }
    match (integers.is_empty(), strings.is_empty()) {
        (_, true) => {
            integers.sort_by_key(|&(i, _)| i);
            let is_sequence = integers
                .iter()
                .enumerate()
                .all(|(n, &(i, _))| usize::try_from(i).ok() == Some(n + 1));
            if !is_sequence {
                return Err(unsupported(
                    "a table with integer keys that are not 1..n (a list with holes?)",
                ));
            }
            Ok(ScriptValue::List(
                integers.into_iter().map(|(_, v)| v).collect(),
            ))
        }
        (true, false) => Ok(ScriptValue::Table(strings)),
        (false, false) => Err(unsupported("a table that mixes integer and string keys")),
    }
}

/// Prints as a Lua literal: `nil`, `true`, `3`, `0.5`, `"text"`, `{1, 2}`, `{name = "x"}`.
impl fmt::Display for ScriptValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScriptValue::Nil => f.write_str("nil"),
            ScriptValue::Boolean(b) => write!(f, "{b}"),
            ScriptValue::Integer(i) => write!(f, "{i}"),
            ScriptValue::Number(n) => write_float(f, *n),
            ScriptValue::String(s) => write_string(f, s),
            ScriptValue::List(items) => {
                f.write_str("{")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("}")
            }
            ScriptValue::Table(fields) => {
                f.write_str("{")?;
                for (i, (key, value)) in fields.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    if is_identifier(key) {
                        write!(f, "{key} = {value}")?;
                    } else {
                        f.write_str("[")?;
                        write_string(f, key)?;
                        write!(f, "] = {value}")?;
                    }
                }
                f.write_str("}")
            }
        }
    }
}

fn write_float(f: &mut fmt::Formatter<'_>, n: f64) -> fmt::Result {
    if n.is_nan() {
        f.write_str("0/0")
    } else if n.is_infinite() {
        f.write_str(if n > 0.0 { "1/0" } else { "-1/0" })
    } else {
        // `{:?}` keeps the `.0` of integral floats, as Lua 5.4 prints them.
        write!(f, "{n:?}")
    }
}

fn write_string(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_str("\"")?;
    for c in s.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            '\t' => f.write_str("\\t")?,
            c if c.is_control() => write!(f, "\\u{{{:x}}}", u32::from(c))?,
            c => write!(f, "{c}")?,
        }
    }
    f.write_str("\"")
}

const KEYWORDS: [&str; 22] = [
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
    "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
];

fn is_identifier(key: &str) -> bool {
    let mut chars = key.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !KEYWORDS.contains(&key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_as_lua() {
        let mut fields = BTreeMap::new();
        fields.insert("troops".to_owned(), ScriptValue::Integer(4));
        fields.insert("two words".to_owned(), ScriptValue::from("a\"b\n"));
        fields.insert("end".to_owned(), ScriptValue::Nil);
        let value = ScriptValue::List(vec![
            ScriptValue::Number(1.0),
            ScriptValue::Number(f64::INFINITY),
            ScriptValue::Table(fields),
        ]);
        assert_eq!(
            value.to_string(),
            r#"{1.0, 1/0, {["end"] = nil, troops = 4, ["two words"] = "a\"b\n"}}"#
        );
    }

    #[test]
    fn accessors() {
        assert_eq!(ScriptValue::Number(3.0).as_i64(), Some(3));
        assert_eq!(ScriptValue::Number(3.5).as_i64(), None);
        assert_eq!(ScriptValue::Number(1e300).as_i64(), None);
        assert_eq!(ScriptValue::Integer(2).as_f64(), Some(2.0));
        assert_eq!(ScriptValue::from(vec![1i64, 2])[1], ScriptValue::Integer(2));
        assert!(ScriptValue::from(vec![1i64])[5].is_nil());
        assert!(ScriptValue::Nil["x"].is_nil());
    }
}
