//! The priced parts of the sandbox's libraries: Rust functions that the sandbox prelude
//! (`sandbox.lua`) installs or wraps, so that the work a library call does inside one VM
//! instruction is charged against the call's instruction budget ([`crate::Limits`]).
//!
//! - Patterns (`find`, `match`, `gmatch`, `gsub`) run on a port of Lua's matcher that counts
//!   its steps; [`PATTERN_STEPS_PER_INSTRUCTION`] steps cost one instruction.
//! - Functions that copy or scan bytes (`sub`, `rep`, `upper`, `lower`, `reverse`, `format`,
//!   `table.concat`, `tonumber`, the `utf8` functions, plain `find`) cost one instruction per
//!   [`BYTES_PER_INSTRUCTION`] bytes, plus one.
//! - Functions that produce or move values one by one (`byte`, `char`, `table.unpack`,
//!   `table.insert`, `table.remove`, `table.move`, `utf8.codepoint`) cost one instruction per
//!   value; ordering or gathering values (the key order of `next` and `pairs`,
//!   `table.concat`'s elements, `table.sort` without a comparator) costs
//!   [`VALUE_INSTRUCTIONS`] per value, plus n·log₂n to sort.
//! - Every call of a priced function costs [`CALL_INSTRUCTIONS`] more.
//!
//! A function whose result would not fit in the call's memory allowance refuses before it
//! allocates, with Lua's own `"not enough memory"` error (which `pcall` catches, as any refusal).
//!
//! Errors that Lua raises as strings (`bad argument #1 to 'find' (string expected, got nil)`)
//! stay strings: a primitive returns them as `(ERR, message)` and the prelude raises them.

pub(crate) mod pattern;
mod utf8;

use std::cmp::Ordering;
use std::rc::Rc;

use mlua::{Lua, LuaString, MultiValue, Table, Value};

use crate::meter::Meter;
use pattern::{Capture, Failure, Matcher};

/// How many bytes a library function may copy or scan for the price of one VM instruction.
/// A VM instruction takes a few nanoseconds; copying or scanning 16 bytes takes about as long.
pub const BYTES_PER_INSTRUCTION: u64 = 16;

/// How many steps of the pattern matcher (one attempt of a pattern item at one position) cost
/// one VM instruction.
pub const PATTERN_STEPS_PER_INSTRUCTION: u64 = 1;

/// What every call of a priced function costs on top of its work, in instructions: about the
/// time a call from Lua into the host takes.
pub const CALL_INSTRUCTIONS: u64 = 16;

/// What a value a priced function reads, produces or moves costs, in instructions (the key
/// order of `next` and `pairs`, `table.concat`'s elements, `table.sort` without a comparator).
pub const VALUE_INSTRUCTIONS: u64 = 8;

/// Bytes a plain search scans per matcher step.
const BYTES_PER_STEP: usize = (BYTES_PER_INSTRUCTION / PATTERN_STEPS_PER_INSTRUCTION) as usize;

/// The stack limit of Lua (`LUAI_MAXSTACK`): no call returns more values.
const MAX_RESULTS: u64 = 1_000_000;

/// What a primitive raises: a Lua error message (a string, as Lua's libraries raise) or an
/// error of the host (a spent budget), which stays an error object.
pub(crate) enum Raise {
    Lua(String),
    Host(mlua::Error),
}

impl From<mlua::Error> for Raise {
    fn from(error: mlua::Error) -> Raise {
        Raise::Host(error)
    }
}

type R<T> = Result<T, Raise>;

/// The shared state of the primitives: the meter and the marker of a Lua-style error.
pub(crate) struct Lib {
    pub(crate) meter: Rc<Meter>,
    err: Table,
}

impl Lib {
    /// Charges `cost` instructions.
    fn charge(&self, cost: u64) -> R<()> {
        Ok(self.meter.charge(cost)?)
    }

    /// Charges for `bytes` copied or scanned.
    fn charge_bytes(&self, bytes: usize) -> R<()> {
        self.charge(bytes as u64 / BYTES_PER_INSTRUCTION + 1)
    }

    /// Refuses a result of `bytes` that would not fit in the call's memory allowance.
    fn room(&self, lua: &Lua, bytes: usize) -> R<()> {
        if self.meter.fits(lua, bytes.saturating_add(64)) {
            Ok(())
        } else {
            Err(Raise::Lua("not enough memory".into()))
        }
    }

    /// A matcher of `pat` in `src` with the steps the budget still allows.
    fn matcher<'a>(&self, src: &'a [u8], pat: &'a [u8]) -> Matcher<'a> {
        let steps = self
            .meter
            .remaining()
            .saturating_mul(PATTERN_STEPS_PER_INSTRUCTION);
        Matcher::new(src, pat, steps)
    }

    /// Charges the steps a matcher took, or the whole budget if it ran out.
    fn settle<T>(&self, m: &Matcher, outcome: Result<T, Failure>) -> R<T> {
        self.charge(m.steps / PATTERN_STEPS_PER_INSTRUCTION + 1)?;
        match outcome {
            Ok(value) => Ok(value),
            Err(Failure::Pattern(message)) => Err(Raise::Lua(message)),
            Err(Failure::Steps) => {
                self.charge(u64::MAX)?;
                Err(Raise::Lua("pattern too complex".into()))
            }
        }
    }
}

/// The arguments of a call, with Lua's distinction between `nil` and no value.
pub(crate) struct Args(Vec<Value>, Value);

impl Args {
    fn get(&self, i: usize) -> &Value {
        self.0.get(i - 1).unwrap_or(&self.1)
    }

    fn len(&self) -> usize {
        self.0.len()
    }

    fn type_name(&self, i: usize) -> &'static str {
        if i > self.0.len() {
            "no value"
        } else {
            lua_type_name(self.get(i))
        }
    }

    /// `luaL_checklstring`: a string, or a number made into one.
    fn string(&self, lua: &Lua, i: usize, f: &str) -> R<LuaString> {
        match self.get(i) {
            Value::String(s) => Ok(s.clone()),
            v @ (Value::Integer(_) | Value::Number(_)) => lua
                .coerce_string(v.clone())?
                .ok_or_else(|| bad_argument(i, f, "string expected, got number")),
            _ => Err(bad_argument(
                i,
                f,
                &format!("string expected, got {}", self.type_name(i)),
            )),
        }
    }

    /// `luaL_optinteger`.
    fn opt_integer(&self, lua: &Lua, i: usize, f: &str, default: i64) -> R<i64> {
        match self.get(i) {
            Value::Nil => Ok(default),
            _ => self.integer(lua, i, f),
        }
    }

    /// `luaL_checkinteger`.
    fn integer(&self, lua: &Lua, i: usize, f: &str) -> R<i64> {
        let value = self.get(i);
        match value {
            Value::Integer(n) => Ok(*n),
            Value::Number(x) => float_to_integer(*x)
                .ok_or_else(|| bad_argument(i, f, "number has no integer representation")),
            Value::String(_) => match lua.coerce_integer(value.clone())? {
                Some(n) => Ok(n),
                None if lua.coerce_number(value.clone())?.is_some() => {
                    Err(bad_argument(i, f, "number has no integer representation"))
                }
                None => Err(bad_argument(i, f, "number expected, got string")),
            },
            _ => Err(bad_argument(
                i,
                f,
                &format!("number expected, got {}", self.type_name(i)),
            )),
        }
    }

    fn truthy(&self, i: usize) -> bool {
        !matches!(self.get(i), Value::Nil | Value::Boolean(false))
    }
}

/// A float with an exact integer value, as Lua converts it.
fn float_to_integer(x: f64) -> Option<i64> {
    (x.fract() == 0.0 && (-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&x))
        .then_some(x as i64)
}

/// `luaL_typename`.
pub(crate) fn lua_type_name(value: &Value) -> &'static str {
    match value {
        Value::Nil => "nil",
        Value::Boolean(_) => "boolean",
        Value::Integer(_) | Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Table(_) => "table",
        Value::Function(_) => "function",
        Value::Thread(_) => "thread",
        _ => "userdata",
    }
}

fn bad_argument(i: usize, f: &str, message: &str) -> Raise {
    Raise::Lua(format!("bad argument #{i} to '{f}' ({message})"))
}

/// `posrelatI` of `lstrlib.c`: a start position, 1-based, clipped to 1.
fn start_position(pos: i64, len: usize) -> usize {
    if pos > 0 {
        usize::try_from(pos).unwrap_or(usize::MAX)
    } else if pos == 0 || pos.unsigned_abs() > len as u64 {
        1
    } else {
        len - pos.unsigned_abs() as usize + 1
    }
}

/// `getendpos` of `lstrlib.c`: an end position, clipped to `0..=len`.
fn end_position(pos: i64, len: usize) -> usize {
    if pos >= 0 {
        usize::try_from(pos).unwrap_or(usize::MAX).min(len)
    } else if pos.unsigned_abs() > len as u64 {
        0
    } else {
        len - pos.unsigned_abs() as usize + 1
    }
}

fn integer(n: usize) -> Value {
    Value::Integer(i64::try_from(n).unwrap_or(i64::MAX))
}

/// Registers one primitive: its Lua errors become `(ERR, message)`.
fn add(
    lua: &Lua,
    table: &Table,
    lib: &Rc<Lib>,
    name: &str,
    f: impl Fn(&Lua, &Lib, Args) -> R<MultiValue> + 'static,
) -> mlua::Result<()> {
    let lib = Rc::clone(lib);
    let function = lua.create_function(move |lua, args: MultiValue| {
        lib.meter.charge(CALL_INSTRUCTIONS)?;
        match f(lua, &lib, Args(args.into_vec(), Value::Nil)) {
            Ok(values) => Ok(values),
            Err(Raise::Lua(message)) => Ok(MultiValue::from_vec(vec![
                Value::Table(lib.err.clone()),
                Value::String(lua.create_string(message)?),
            ])),
            Err(Raise::Host(error)) => Err(error),
        }
    })?;
    table.raw_set(name, function)
}

fn values(values: Vec<Value>) -> R<MultiValue> {
    Ok(MultiValue::from_vec(values))
}

fn one(value: Value) -> R<MultiValue> {
    values(vec![value])
}

/// The primitives, as a table for the sandbox prelude; `err` is the marker of a Lua error.
pub(crate) fn primitives(lua: &Lua, meter: &Rc<Meter>, err: &Table) -> mlua::Result<Table> {
    let lib = Rc::new(Lib {
        meter: Rc::clone(meter),
        err: err.clone(),
    });
    let t = lua.create_table()?;
    add(lua, &t, &lib, "find", |lua, lib, a| {
        find_aux(lua, lib, &a, true)
    })?;
    add(lua, &t, &lib, "match", |lua, lib, a| {
        find_aux(lua, lib, &a, false)
    })?;
    add(lua, &t, &lib, "gmatch_start", gmatch_start)?;
    add(lua, &t, &lib, "scan", scan)?;
    add(lua, &t, &lib, "gsub", gsub)?;
    add(lua, &t, &lib, "sub", sub)?;
    add(lua, &t, &lib, "upper", |lua, lib, a| {
        map_bytes(lua, lib, &a, "upper", |s| {
            s.iter().map(u8::to_ascii_uppercase).collect()
        })
    })?;
    add(lua, &t, &lib, "lower", |lua, lib, a| {
        map_bytes(lua, lib, &a, "lower", |s| {
            s.iter().map(u8::to_ascii_lowercase).collect()
        })
    })?;
    add(lua, &t, &lib, "reverse", |lua, lib, a| {
        map_bytes(lua, lib, &a, "reverse", |s| {
            s.iter().rev().copied().collect()
        })
    })?;
    add(lua, &t, &lib, "charge", |_, lib, a| {
        let n = match a.get(1) {
            Value::Integer(n) => n.unsigned_abs(),
            _ => 1,
        };
        lib.charge(n)?;
        values(vec![])
    })?;
    add(lua, &t, &lib, "charge_len", |_, lib, a| {
        if let Value::String(s) = a.get(1) {
            lib.charge_bytes(s.as_bytes().len())?;
        }
        values(vec![])
    })?;
    add(lua, &t, &lib, "price_byte", price_byte)?;
    add(lua, &t, &lib, "price_rep", price_rep)?;
    add(lua, &t, &lib, "price_format", price_format)?;
    add(lua, &t, &lib, "price_range", price_range)?;
    add(lua, &t, &lib, "price_concat", price_concat)?;
    add(lua, &t, &lib, "sorted_keys", sorted_keys)?;
    add(lua, &t, &lib, "sort_plain", sort_plain)?;
    add(lua, &t, &lib, "first_key", first_key)?;
    add(lua, &t, &lib, "metafield", |_, _, a| {
        let name = match a.get(2) {
            Value::String(s) => s.to_string_lossy(),
            _ => return one(Value::Nil),
        };
        one(metafield(a.get(1), &name)?)
    })?;
    add(lua, &t, &lib, "is_failure", |_, _, a| {
        one(Value::Boolean(matches!(a.get(1), Value::Error(_))))
    })?;
    utf8::add_all(lua, &t, &lib)?;
    Ok(t)
}

/// The raw metatable field `name` of `value` (`luaL_getmetafield`), or nil.
pub(crate) fn metafield(value: &Value, name: &str) -> mlua::Result<Value> {
    match value {
        Value::Table(t) => match t.metatable() {
            Some(mt) => mt.raw_get(name),
            None => Ok(Value::Nil),
        },
        Value::UserData(ud) => match ud.metatable() {
            Ok(mt) => Ok(mt.get::<Value>(name).unwrap_or(Value::Nil)),
            Err(_) => Ok(Value::Nil),
        },
        _ => Ok(Value::Nil),
    }
}

// ----- patterns ---------------------------------------------------------------------------------

fn push_captures(lua: &Lua, src: &[u8], captures: Vec<Capture>, out: &mut Vec<Value>) -> R<()> {
    for capture in captures {
        out.push(match capture {
            Capture::Text(a, b) => Value::String(lua.create_string(&src[a..b])?),
            Capture::Position(p) => integer(p),
        });
    }
    Ok(())
}

/// `str_find_aux` of `lstrlib.c`: `string.find` and `string.match`.
fn find_aux(lua: &Lua, lib: &Lib, a: &Args, find: bool) -> R<MultiValue> {
    let f = if find { "find" } else { "match" };
    let s = a.string(lua, 1, f)?;
    let p = a.string(lua, 2, f)?;
    let (src, pat) = (s.as_bytes(), p.as_bytes());
    let init = start_position(a.opt_integer(lua, 3, f, 1)?, src.len()) - 1;
    if init > src.len() {
        return one(Value::Nil);
    }
    if find && (a.truthy(4) || Matcher::no_specials(&pat)) {
        let mut m = lib.matcher(&src, &pat);
        let found = m.find_plain(init, &pat);
        return match lib.settle(&m, found)? {
            Some(at) => values(vec![integer(at + 1), integer(at + pat.len())]),
            None => one(Value::Nil),
        };
    }
    let (anchor, body) = match pat.first() {
        Some(b'^') => (true, &pat[1..]),
        _ => (false, &pat[..]),
    };
    let mut m = lib.matcher(&src, body);
    let mut start = init;
    let outcome = loop {
        match m.match_at(start) {
            Ok(Some(end)) => break Ok(Some(end)),
            Ok(None) if anchor || start >= src.len() => break Ok(None),
            Ok(None) => start += 1,
            Err(e) => break Err(e),
        }
    };
    let Some(end) = lib.settle(&m, outcome)? else {
        return one(Value::Nil);
    };
    let captures = m.captures(start, end, !find);
    let captures = lib.settle(&m, captures)?;
    let mut out = Vec::with_capacity(captures.len() + 2);
    if find {
        out.push(integer(start + 1));
        out.push(integer(end));
    }
    push_captures(lua, &src, captures, &mut out)?;
    values(out)
}

/// Checks `gmatch`'s arguments: the subject and pattern as strings and the 0-based start.
fn gmatch_start(lua: &Lua, _: &Lib, a: Args) -> R<MultiValue> {
    let s = a.string(lua, 1, "gmatch")?;
    let p = a.string(lua, 2, "gmatch")?;
    let len = s.as_bytes().len();
    let init = (start_position(a.opt_integer(lua, 3, "gmatch", 1)?, len) - 1).min(len + 1);
    values(vec![Value::String(s), Value::String(p), integer(init)])
}

/// The next match of `p` in `s` at or after `src` whose end is not `last` (-1 for none):
/// `(start, end, captures...)`, or nothing. With `gsub` set, a leading `^` anchors the pattern
/// at `src` (as `gsub` does; `gmatch` matches `^` literally).
fn scan(lua: &Lua, lib: &Lib, a: Args) -> R<MultiValue> {
    let (Value::String(s), Value::String(p), Value::Integer(from), Value::Integer(last)) =
        (a.get(1), a.get(2), a.get(3), a.get(4))
    else {
        return Err(Raise::Lua("scan: bad arguments".into()));
    };
    let gsub = a.truthy(5);
    let (src, pat) = (s.as_bytes(), p.as_bytes());
    let (anchor, body) = match pat.first() {
        Some(b'^') if gsub => (true, &pat[1..]),
        _ => (false, &pat[..]),
    };
    let last = usize::try_from(*last).ok();
    let mut start = usize::try_from(*from).unwrap_or(0);
    let mut m = lib.matcher(&src, body);
    let outcome = loop {
        if start > src.len() {
            break Ok(None);
        }
        match m.match_at(start) {
            Ok(Some(end)) if Some(end) != last => break Ok(Some(end)),
            Ok(_) if anchor => break Ok(None),
            Ok(_) => start += 1,
            Err(e) => break Err(e),
        }
    };
    let Some(end) = lib.settle(&m, outcome)? else {
        return values(vec![]);
    };
    let captures = m.captures(start, end, true);
    let captures = lib.settle(&m, captures)?;
    let mut out = vec![integer(start), integer(end)];
    push_captures(lua, &src, captures, &mut out)?;
    values(out)
}

/// `string.gsub` with a string replacement; with a table or function, `(false, s, p, max)` so
/// that the prelude runs the loop (the replacement is script code, run under the hook).
fn gsub(lua: &Lua, lib: &Lib, a: Args) -> R<MultiValue> {
    let s = a.string(lua, 1, "gsub")?;
    let p = a.string(lua, 2, "gsub")?;
    let src = s.as_bytes();
    let repl = match a.get(3) {
        Value::String(_) | Value::Integer(_) | Value::Number(_) => a.string(lua, 3, "gsub")?,
        Value::Table(_) | Value::Function(_) => {
            let max = a.opt_integer(lua, 4, "gsub", src.len() as i64 + 1)?;
            return values(vec![
                Value::Boolean(false),
                Value::String(s.clone()),
                Value::String(p),
                Value::Integer(max),
            ]);
        }
        _ => {
            return Err(bad_argument(
                3,
                "gsub",
                &format!("string/function/table expected, got {}", a.type_name(3)),
            ));
        }
    };
    let max = a.opt_integer(lua, 4, "gsub", src.len() as i64 + 1)?;
    let pat = p.as_bytes();
    let repl = repl.as_bytes();
    let (anchor, body) = match pat.first() {
        Some(b'^') => (true, &pat[1..]),
        _ => (false, &pat[..]),
    };
    let mut m = lib.matcher(&src, body);
    let room = lib.meter.room(lua).saturating_sub(64);
    let mut out: Vec<u8> = Vec::new();
    let (mut at, mut last, mut n) = (0usize, None, 0i64);
    let outcome: Result<(), Failure> = (|| {
        while n < max {
            let end = m.match_at(at)?;
            match end {
                Some(e) if Some(e) != last => {
                    n += 1;
                    add_replacement(&m, &src, &repl, at, e, &mut out)?;
                    at = e;
                    last = Some(e);
                }
                _ if at < src.len() => {
                    out.push(src[at]);
                    at += 1;
                }
                _ => break,
            }
            if out.len() > room {
                return Err(Failure::Pattern("not enough memory".into()));
            }
            if anchor {
                break;
            }
        }
        Ok(())
    })();
    lib.settle(&m, outcome)?;
    if n == 0 {
        return values(vec![Value::String(s.clone()), Value::Integer(0)]);
    }
    out.extend_from_slice(&src[at..]);
    lib.charge_bytes(out.len())?;
    lib.room(lua, out.len())?;
    values(vec![
        Value::String(lua.create_string(&out)?),
        Value::Integer(n),
    ])
}

/// `add_s` of `lstrlib.c`: the replacement string with `%0`–`%9` and `%%`.
fn add_replacement(
    m: &Matcher,
    src: &[u8],
    repl: &[u8],
    s: usize,
    e: usize,
    out: &mut Vec<u8>,
) -> Result<(), Failure> {
    let mut i = 0;
    while i < repl.len() {
        let c = repl[i];
        i += 1;
        if c != b'%' {
            out.push(c);
            continue;
        }
        let d = repl.get(i).copied().unwrap_or(0);
        i += 1;
        if d == b'%' {
            out.push(b'%');
        } else if d == b'0' {
            out.extend_from_slice(&src[s..e]);
        } else if d.is_ascii_digit() {
            match m.capture(usize::from(d - b'1'), s, e)? {
                Capture::Text(a, b) => out.extend_from_slice(&src[a..b]),
                Capture::Position(p) => out.extend_from_slice(p.to_string().as_bytes()),
            }
        } else {
            return Err(Failure::Pattern(
                "invalid use of '%' in replacement string".into(),
            ));
        }
    }
    Ok(())
}

// ----- strings ----------------------------------------------------------------------------------

/// `string.sub` (`str_sub` of `lstrlib.c`).
fn sub(lua: &Lua, lib: &Lib, a: Args) -> R<MultiValue> {
    let s = a.string(lua, 1, "sub")?;
    let bytes = s.as_bytes();
    let len = bytes.len();
    let start = start_position(a.integer(lua, 2, "sub")?, len);
    let end = end_position(a.opt_integer(lua, 3, "sub", -1)?, len);
    if start > end {
        return one(Value::String(lua.create_string("")?));
    }
    let piece = &bytes[start - 1..end];
    lib.charge_bytes(piece.len())?;
    if piece.len() == len {
        return one(Value::String(s.clone()));
    }
    lib.room(lua, piece.len())?;
    one(Value::String(lua.create_string(piece)?))
}

/// `upper`, `lower`, `reverse`: one pass over the bytes (ASCII case, whatever the locale).
fn map_bytes(
    lua: &Lua,
    lib: &Lib,
    a: &Args,
    f: &str,
    map: impl Fn(&[u8]) -> Vec<u8>,
) -> R<MultiValue> {
    let s = a.string(lua, 1, f)?;
    let bytes = s.as_bytes();
    lib.charge_bytes(bytes.len())?;
    // The copy below and the new string: twice the length.
    lib.room(lua, bytes.len().saturating_mul(2))?;
    let mapped = map(&bytes);
    one(Value::String(lua.create_string(mapped)?))
}

/// Charges `string.byte(s, i, j)` for the values it returns; `true` (the C function then runs).
fn price_byte(lua: &Lua, lib: &Lib, a: Args) -> R<MultiValue> {
    let len = match a.get(1) {
        Value::String(s) => s.as_bytes().len(),
        _ => 32,
    };
    let Ok(i) = a.opt_integer(lua, 2, "byte", 1) else {
        return one(Value::Boolean(true));
    };
    let Ok(j) = a.opt_integer(lua, 3, "byte", i) else {
        return one(Value::Boolean(true));
    };
    let (start, end) = (start_position(i, len), end_position(j, len));
    let n = if start > end { 0 } else { end - start + 1 };
    lib.charge((n as u64).min(MAX_RESULTS) + 1)?;
    one(Value::Boolean(true))
}

/// Prices `string.rep(s, n, sep)`: `true` if the C function may build it, `false` if the result
/// would not fit (the prelude then raises "not enough memory").
fn price_rep(lua: &Lua, lib: &Lib, a: Args) -> R<MultiValue> {
    let len = |v: &Value| match v {
        Value::String(s) => Some(s.as_bytes().len()),
        Value::Integer(_) | Value::Number(_) => Some(32),
        Value::Nil => Some(0),
        _ => None,
    };
    let (Some(l), Ok(n), Some(lsep)) = (len(a.get(1)), a.integer(lua, 2, "rep"), len(a.get(3)))
    else {
        return one(Value::Boolean(true));
    };
    if n <= 0 {
        lib.charge(1)?;
        return one(Value::Boolean(true));
    }
    let n = n.unsigned_abs();
    let total = (l as u64)
        .checked_add(lsep as u64)
        .and_then(|piece| piece.checked_mul(n));
    // The buffer and the string made from it.
    let fits = total
        .and_then(|t| usize::try_from(t).ok())
        .filter(|&t| lib.meter.fits(lua, t.saturating_mul(2).saturating_add(64)));
    let Some(total) = fits else {
        return one(Value::Boolean(false));
    };
    // The C function copies `n` times, even when the pieces are empty.
    lib.charge(n / 4)?;
    lib.charge_bytes(total)?;
    one(Value::Boolean(true))
}

/// Prices `string.format(fmt, ...)` and refuses `%p` (an address: not the same in every run).
/// Returns `true` when the C function may run, `false` when an argument for `%s` is a table,
/// function, userdata or thread (the prelude then converts it with its deterministic
/// `tostring` and asks again), or "not enough memory" when the result would not fit.
fn price_format(lua: &Lua, lib: &Lib, a: Args) -> R<MultiValue> {
    let Value::String(fmt) = a.get(1) else {
        return one(Value::Boolean(true));
    };
    let fmt = fmt.as_bytes();
    let mut total = fmt.len();
    let mut arg = 1;
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' {
            i += 1;
            continue;
        }
        i += 1;
        if fmt.get(i) == Some(&b'%') {
            i += 1;
            continue;
        }
        while i < fmt.len() && b"-+ #0".contains(&fmt[i]) {
            i += 1;
        }
        while i < fmt.len() && (fmt[i].is_ascii_digit() || fmt[i] == b'.') {
            i += 1;
        }
        let conversion = fmt.get(i).copied().unwrap_or(0);
        i += 1;
        arg += 1;
        let value = a.get(arg);
        total = total.saturating_add(match conversion {
            b'p' => {
                return Err(Raise::Lua(
                    "invalid conversion '%p' to 'format' (an address differs from run to \
                     run, so the darbar sandbox refuses it)"
                        .into(),
                ));
            }
            b's' => match value {
                Value::String(s) => s.as_bytes().len() + 100,
                Value::Table(_)
                | Value::Function(_)
                | Value::UserData(_)
                | Value::Thread(_)
                | Value::LightUserData(_) => return one(Value::Boolean(false)),
                _ => 128,
            },
            b'q' => match value {
                Value::String(s) => s.as_bytes().len().saturating_mul(4) + 2,
                _ => 128,
            },
            _ => 512,
        });
    }
    lib.charge_bytes(total)?;
    lib.room(lua, total.saturating_mul(2))?;
    one(Value::Boolean(true))
}

/// Charges for the values `i..=j` of `table.unpack`, `table.move` and the like (integers only;
/// anything else makes the C function raise its own error).
fn price_range(_: &Lua, lib: &Lib, a: Args) -> R<MultiValue> {
    let i = match a.get(1) {
        Value::Nil => 1,
        Value::Integer(i) => *i,
        Value::Number(x) => float_to_integer(*x).unwrap_or(0),
        _ => 0,
    };
    let j = match a.get(2) {
        Value::Integer(j) => *j,
        Value::Number(x) => float_to_integer(*x).unwrap_or(i),
        _ => i,
    };
    let n = if j >= i {
        (j as i128 - i as i128 + 1) as u64
    } else {
        0
    };
    lib.charge(n.saturating_add(1))?;
    values(vec![])
}

/// Prices `table.concat(t, sep, i, j)` for a table without a metatable: the values it would
/// join (up to the first that is not a string or number, where the C function stops with an
/// error) and the bytes; "not enough memory" if the result would not fit.
fn price_concat(lua: &Lua, lib: &Lib, a: Args) -> R<MultiValue> {
    let Value::Table(t) = a.get(1) else {
        return values(vec![]);
    };
    let sep = match a.get(2) {
        Value::String(s) => s.as_bytes().len(),
        _ => 0,
    };
    let (Ok(i), Ok(j)) = (
        a.opt_integer(lua, 3, "concat", 1),
        a.integer(lua, 4, "concat"),
    ) else {
        return values(vec![]);
    };
    let (i, j) = (&i, &j);
    let (mut bytes, mut count) = (0usize, 0u64);
    let mut k = *i;
    while k <= *j {
        let size = match t.raw_get::<Value>(k)? {
            Value::String(s) => s.as_bytes().len(),
            Value::Integer(_) | Value::Number(_) => 32,
            _ => break,
        };
        bytes = bytes.saturating_add(size + sep);
        count += 1;
        if count % 4096 == 0 {
            lib.charge(4096 * VALUE_INSTRUCTIONS)?;
        }
        k = match k.checked_add(1) {
            Some(k) => k,
            None => break,
        };
    }
    lib.charge((count % 4096) * VALUE_INSTRUCTIONS + 1)?;
    lib.charge_bytes(bytes)?;
    lib.room(lua, bytes.saturating_mul(2))?;
    values(vec![])
}

// ----- key order --------------------------------------------------------------------------------

/// The rank of a key type in the order of `next` and `pairs`: numbers, strings, booleans.
fn rank(key: &Value) -> Option<u8> {
    match key {
        Value::Integer(_) | Value::Number(_) => Some(0),
        Value::String(_) => Some(1),
        Value::Boolean(_) => Some(2),
        _ => None,
    }
}

/// An integer against a float, exactly (as Lua compares them), the float not NaN.
fn int_float_order(i: i64, f: f64) -> Ordering {
    // ±2⁶³, exact as floats.
    if f >= 9.223_372_036_854_776e18 {
        return Ordering::Less;
    }
    if f < -9.223_372_036_854_776e18 {
        return Ordering::Greater;
    }
    let floor = f.floor();
    match i.cmp(&(floor as i64)) {
        Ordering::Equal if f > floor => Ordering::Less,
        other => other,
    }
}

/// The total order of keys: numbers ascending, strings in byte order, `false`, `true`.
fn key_order(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Integer(x), Value::Integer(y)) => x.cmp(y),
        (Value::Integer(x), Value::Number(y)) => int_float_order(*x, *y),
        (Value::Number(x), Value::Integer(y)) => int_float_order(*y, *x).reverse(),
        (Value::Number(x), Value::Number(y)) => x.partial_cmp(y).unwrap_or(Ordering::Equal),
        (Value::String(x), Value::String(y)) => x.as_bytes().cmp(&y.as_bytes()),
        (Value::Boolean(x), Value::Boolean(y)) => x.cmp(y),
        _ => rank(a).cmp(&rank(b)),
    }
}

/// A key or element with what it sorts by taken out of Lua once (reading a string's bytes from
/// Rust is not free, and a sort compares each element many times).
struct Sortable {
    by: SortBy,
    value: Value,
}

#[derive(PartialEq)]
enum SortBy {
    Integer(i64),
    Float(f64),
    Bytes(Vec<u8>),
    Boolean(bool),
}

impl Sortable {
    fn of(value: Value) -> Option<Sortable> {
        let by = match &value {
            Value::Integer(i) => SortBy::Integer(*i),
            Value::Number(x) => SortBy::Float(*x),
            Value::String(s) => SortBy::Bytes(s.as_bytes().to_vec()),
            Value::Boolean(b) => SortBy::Boolean(*b),
            _ => return None,
        };
        Some(Sortable { by, value })
    }

    fn rank(&self) -> u8 {
        match self.by {
            SortBy::Integer(_) | SortBy::Float(_) => 0,
            SortBy::Bytes(_) => 1,
            SortBy::Boolean(_) => 2,
        }
    }

    /// [`key_order`] on the extracted values.
    fn order(&self, other: &Sortable) -> Ordering {
        match (&self.by, &other.by) {
            (SortBy::Integer(x), SortBy::Integer(y)) => x.cmp(y),
            (SortBy::Integer(x), SortBy::Float(y)) => int_float_order(*x, *y),
            (SortBy::Float(x), SortBy::Integer(y)) => int_float_order(*y, *x).reverse(),
            (SortBy::Float(x), SortBy::Float(y)) => x.partial_cmp(y).unwrap_or(Ordering::Equal),
            (SortBy::Bytes(x), SortBy::Bytes(y)) => x.cmp(y),
            (SortBy::Boolean(x), SortBy::Boolean(y)) => x.cmp(y),
            _ => self.rank().cmp(&other.rank()),
        }
    }
}

fn unordered(key: &Value) -> Raise {
    Raise::Lua(format!(
        "a key of type {} has no stable order (it would differ from run to run); key tables by \
         numbers, strings or booleans (darbar sandbox)",
        lua_type_name(key)
    ))
}

/// The keys of a table in the order of [`key_order`], as a sequence (for `next` and `pairs`).
fn sorted_keys(lua: &Lua, lib: &Lib, a: Args) -> R<MultiValue> {
    let Value::Table(t) = a.get(1) else {
        return Err(bad_argument(1, "pairs", "table expected"));
    };
    let mut keys = Vec::new();
    for pair in t.pairs::<Value, Value>() {
        let (key, _) = pair?;
        if rank(&key).is_none() {
            return Err(unordered(&key));
        }
        keys.extend(Sortable::of(key));
        if keys.len() % 4096 == 0 {
            lib.charge(4096 * VALUE_INSTRUCTIONS)?;
        }
    }
    let n = keys.len() as u64;
    lib.charge((n % 4096) * VALUE_INSTRUCTIONS + n * u64::from(64 - n.leading_zeros()) + 1)?;
    keys.sort_by(Sortable::order);
    one(Value::Table(
        lua.create_sequence_from(keys.into_iter().map(|k| k.value))?,
    ))
}

/// Sorts a table without a metatable whose elements `1..=n` are all numbers (none NaN) or all
/// strings, in place, with Lua's `<` (strings in byte order), stably; `true` if it did, `false`
/// for any other table (the prelude's merge sort then does it with Lua's own comparisons).
fn sort_plain(lua: &Lua, lib: &Lib, a: Args) -> R<MultiValue> {
    let (Value::Table(t), Value::Integer(n)) = (a.get(1), a.get(2)) else {
        return one(Value::Boolean(false));
    };
    let n = usize::try_from(*n).unwrap_or(0);
    if t.metatable().is_some() || n > 1 << 24 {
        return one(Value::Boolean(false));
    }
    lib.charge(n as u64 * VALUE_INSTRUCTIONS)?;
    let mut items = Vec::with_capacity(n);
    for i in 1..=n {
        let value: Value = t.raw_get(i)?;
        let same_kind = match (items.first(), &value) {
            (_, Value::Number(x)) if x.is_nan() => false,
            (None, Value::Integer(_) | Value::Number(_) | Value::String(_)) => true,
            (Some(Value::String(_)), Value::String(_)) => true,
            (Some(Value::Integer(_) | Value::Number(_)), Value::Integer(_) | Value::Number(_)) => {
                true
            }
            _ => false,
        };
        if !same_kind {
            return one(Value::Boolean(false));
        }
        items.push(value);
    }
    let n64 = n as u64;
    lib.charge(n64 * u64::from(64 - n64.leading_zeros()) + 1)?;
    let mut items: Vec<Sortable> = items.into_iter().filter_map(Sortable::of).collect();
    items.sort_by(Sortable::order);
    for (i, item) in items.into_iter().enumerate() {
        t.raw_set(i + 1, item.value)?;
    }
    let _ = lua;
    one(Value::Boolean(true))
}

/// The first key of a table in the order of [`key_order`], or nil for an empty table.
fn first_key(_: &Lua, lib: &Lib, a: Args) -> R<MultiValue> {
    let Value::Table(t) = a.get(1) else {
        return Err(bad_argument(1, "next", "table expected"));
    };
    let mut best: Option<Value> = None;
    let mut n = 0u64;
    for pair in t.pairs::<Value, Value>() {
        let (key, _) = pair?;
        if rank(&key).is_none() {
            return Err(unordered(&key));
        }
        n += 1;
        if best
            .as_ref()
            .is_none_or(|b| key_order(&key, b) == Ordering::Less)
        {
            best = Some(key);
        }
    }
    lib.charge(n * VALUE_INSTRUCTIONS / 2 + 1)?;
    one(best.unwrap_or(Value::Nil))
}
