//! The `utf8` library of Lua 5.4.9 (`lutf8lib.c`), ported so that each call is charged for the
//! bytes it scans and the values it returns. Same results, same error messages.

use mlua::{Lua, MultiValue, Table, Value};

use super::{Args, BYTES_PER_INSTRUCTION, Lib, MAX_RESULTS, R, Raise, add, integer, one, values};

const MAXUNICODE: u32 = 0x10_FFFF;
const MAXUTF: u32 = 0x7FFF_FFFF;
const MSG_INVALID: &str = "invalid UTF-8 code";

fn is_cont(c: u8) -> bool {
    c & 0xC0 == 0x80
}

/// `u_posrelat`: a relative position, negative from the end, clipped at 0.
fn posrelat(pos: i64, len: usize) -> i64 {
    if pos >= 0 {
        pos
    } else if pos.unsigned_abs() > len as u64 {
        0
    } else {
        len as i64 + pos + 1
    }
}

fn byte(s: &[u8], i: usize) -> u8 {
    s.get(i).copied().unwrap_or(0)
}

/// `utf8_decode`: the code point at `i` and the index after it, or `None` if invalid.
fn decode(s: &[u8], i: usize, strict: bool) -> Option<(u32, usize)> {
    const LIMITS: [u32; 6] = [!0, 0x80, 0x800, 0x1_0000, 0x20_0000, 0x400_0000];
    let mut c = u32::from(byte(s, i));
    let mut res: u32 = 0;
    let mut next = i;
    if c < 0x80 {
        res = c;
    } else if c >= 0xfe {
        return None;
    } else {
        let mut count = 0;
        while c & 0x40 != 0 {
            count += 1;
            let cc = byte(s, i + count);
            if !is_cont(cc) {
                return None;
            }
            res = (res << 6) | u32::from(cc & 0x3F);
            c <<= 1;
        }
        res |= (c & 0x7F) << (count * 5);
        if res > MAXUTF || res < LIMITS[count] {
            return None;
        }
        next += count;
    }
    if strict && (res > MAXUNICODE || (0xD800..=0xDFFF).contains(&res)) {
        return None;
    }
    Some((res, next + 1))
}

/// `luaO_utf8esc`: the UTF-8 form of `x` (up to 6 bytes for 31 bits).
fn encode(mut x: u32, out: &mut Vec<u8>) {
    if x < 0x80 {
        out.push(x as u8);
        return;
    }
    let mut buf = [0u8; 8];
    let mut n = 1;
    let mut mfb: u32 = 0x3f;
    loop {
        buf[8 - n] = 0x80 | (x & 0x3f) as u8;
        n += 1;
        x >>= 6;
        mfb >>= 1;
        if x <= mfb {
            break;
        }
    }
    buf[8 - n] = ((!mfb << 1) | x) as u8;
    out.extend_from_slice(&buf[8 - n..]);
}

fn charge_bytes(lib: &Lib, bytes: usize) -> R<()> {
    lib.charge(bytes as u64 / BYTES_PER_INSTRUCTION + 1)
}

fn bad(i: usize, f: &str, message: &str) -> Raise {
    super::bad_argument(i, f, message)
}

pub(super) fn add_all(lua: &Lua, t: &Table, lib: &std::rc::Rc<Lib>) -> mlua::Result<()> {
    add(lua, t, lib, "utf8_len", len)?;
    add(lua, t, lib, "utf8_codepoint", codepoint)?;
    add(lua, t, lib, "utf8_char", char)?;
    add(lua, t, lib, "utf8_offset", offset)?;
    add(lua, t, lib, "utf8_codes", codes)?;
    add(lua, t, lib, "utf8_step", step)?;
    Ok(())
}

/// `utf8.len(s [, i [, j [, lax]]])`.
fn len(lua: &Lua, lib: &Lib, a: Args) -> R<MultiValue> {
    let s = a.string(lua, 1, "len")?;
    let s = s.as_bytes();
    let n = s.len() as i64;
    let posi = posrelat(a.opt_integer(lua, 2, "len", 1)?, s.len());
    let posj = posrelat(a.opt_integer(lua, 3, "len", -1)?, s.len());
    let lax = a.truthy(4);
    if !(1 <= posi && posi - 1 <= n) {
        return Err(bad(2, "len", "initial position out of bounds"));
    }
    if posj > n {
        return Err(bad(3, "len", "final position out of bounds"));
    }
    let (mut i, j) = ((posi - 1) as usize, posj - 1);
    let start = i;
    let mut count = 0i64;
    while (i as i64) <= j {
        match decode(&s, i, !lax) {
            Some((_, next)) => {
                i = next;
                count += 1;
            }
            None => {
                charge_bytes(lib, i - start)?;
                return values(vec![Value::Nil, integer(i + 1)]);
            }
        }
    }
    charge_bytes(lib, i - start)?;
    one(Value::Integer(count))
}

/// `utf8.codepoint(s [, i [, j [, lax]]])`.
fn codepoint(lua: &Lua, lib: &Lib, a: Args) -> R<MultiValue> {
    let s = a.string(lua, 1, "codepoint")?;
    let s = s.as_bytes();
    let posi = posrelat(a.opt_integer(lua, 2, "codepoint", 1)?, s.len());
    let pose = posrelat(a.opt_integer(lua, 3, "codepoint", posi)?, s.len());
    let lax = a.truthy(4);
    if posi < 1 {
        return Err(bad(2, "codepoint", "out of bounds"));
    }
    if pose > s.len() as i64 {
        return Err(bad(3, "codepoint", "out of bounds"));
    }
    if posi > pose {
        return values(vec![]);
    }
    let n = (pose - posi) as u64 + 1;
    if n >= MAX_RESULTS {
        return Err(Raise::Lua("string slice too long".into()));
    }
    lib.charge(n)?;
    let mut out = Vec::new();
    let (mut i, end) = ((posi - 1) as usize, pose as usize);
    while i < end {
        let (code, next) = decode(&s, i, !lax).ok_or_else(|| Raise::Lua(MSG_INVALID.into()))?;
        out.push(Value::Integer(i64::from(code)));
        i = next;
    }
    values(out)
}

/// `utf8.char(...)`.
fn char(lua: &Lua, lib: &Lib, a: Args) -> R<MultiValue> {
    let n = a.len();
    lib.charge(n as u64 + 1)?;
    let mut out = Vec::new();
    for i in 1..=n {
        let code = a.integer(lua, i, "char")? as u64;
        if code > u64::from(MAXUTF) {
            return Err(bad(i, "char", "value out of range"));
        }
        encode(code as u32, &mut out);
    }
    one(Value::String(lua.create_string(out)?))
}

/// `utf8.offset(s, n [, i])`.
fn offset(lua: &Lua, lib: &Lib, a: Args) -> R<MultiValue> {
    let s = a.string(lua, 1, "offset")?;
    let s = s.as_bytes();
    let len = s.len() as i64;
    let mut n = a.integer(lua, 2, "offset")?;
    let default = if n >= 0 { 1 } else { len + 1 };
    let mut posi = posrelat(a.opt_integer(lua, 3, "offset", default)?, s.len());
    if !(1 <= posi && posi - 1 <= len) {
        return Err(bad(3, "offset", "position out of bounds"));
    }
    posi -= 1;
    let start = posi;
    let cont = |p: i64| is_cont(byte(&s, p as usize));
    if n == 0 {
        while posi > 0 && cont(posi) {
            posi -= 1;
        }
    } else {
        if cont(posi) {
            return Err(Raise::Lua("initial position is a continuation byte".into()));
        }
        if n < 0 {
            while n < 0 && posi > 0 {
                loop {
                    posi -= 1;
                    if !(posi > 0 && cont(posi)) {
                        break;
                    }
                }
                n += 1;
            }
        } else {
            n -= 1;
            while n > 0 && posi < len {
                loop {
                    posi += 1;
                    if !cont(posi) {
                        break;
                    }
                }
                n -= 1;
            }
        }
    }
    charge_bytes(lib, posi.abs_diff(start) as usize)?;
    if n == 0 {
        one(Value::Integer(posi + 1))
    } else {
        one(Value::Nil)
    }
}

/// `utf8.codes(s [, lax])`: checks the string; the prelude returns its iterator.
fn codes(lua: &Lua, _: &Lib, a: Args) -> R<MultiValue> {
    let s = a.string(lua, 1, "codes")?;
    if is_cont(byte(&s.as_bytes(), 0)) {
        return Err(bad(1, "codes", MSG_INVALID));
    }
    one(Value::String(s))
}

/// One step of the `utf8.codes` iterator (`iter_aux`): `(s, n, strict)`.
fn step(lua: &Lua, lib: &Lib, a: Args) -> R<MultiValue> {
    let s = a.string(lua, 1, "for iterator")?;
    let s = s.as_bytes();
    let mut n = match a.get(2) {
        Value::Integer(n) => *n as u64,
        Value::Number(x) => super::float_to_integer(*x).unwrap_or(0) as u64,
        _ => 0,
    };
    let strict = a.truthy(3);
    let len = s.len() as u64;
    let start = n;
    if n < len {
        while is_cont(byte(&s, n as usize)) {
            n += 1;
        }
    }
    charge_bytes(lib, n.saturating_sub(start) as usize)?;
    if n >= len {
        return values(vec![]);
    }
    match decode(&s, n as usize, strict) {
        Some((code, next)) if !is_cont(byte(&s, next)) => values(vec![
            Value::Integer(n as i64 + 1),
            Value::Integer(i64::from(code)),
        ]),
        _ => Err(Raise::Lua(MSG_INVALID.into())),
    }
}
