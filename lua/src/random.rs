//! `math.random` for scripts, drawing from the game's [`GameRng`] with the semantics of Lua 5.4.

use darbar::engine::GameRng;
use mlua::{Lua, Value, Variadic};
use rand_core::Rng;

/// `math.random()`, `math.random(m)`, `math.random(m, n)` as Lua 5.4 defines them:
///
/// - no argument: a float in `[0, 1)`, from the top 53 bits of one 64-bit draw (as Lua does);
/// - `m`: an integer in `1..=m`; `m = 0` gives an integer with all 64 bits random;
/// - `m, n`: an integer in `m..=n`.
///
/// An empty interval, a non-integral argument or more than two arguments is an error with
/// Lua's own wording. Intervals of at most 2³² values use [`GameRng::below`], so
/// `math.random(6)` draws exactly what [`GameRng::die`] would; wider ones reject masked 64-bit
/// draws, as Lua does. Either way the result is unbiased.
pub(crate) fn draw(lua: &Lua, rng: &mut GameRng, args: Variadic<Value>) -> mlua::Result<Value> {
    let (low, high) = match args.len() {
        0 => {
            let float = (rng.next_u64() >> 11) as f64 * (0.5f64).powi(53);
            return Ok(Value::Number(float));
        }
        1 => {
            let m = integer_arg(lua, &args[0], 1)?;
            if m == 0 {
                return Ok(Value::Integer(rng.next_u64() as i64));
            }
            if m < 1 {
                return Err(bad_argument(1, "interval is empty"));
            }
            (1, m)
        }
        2 => {
            let m = integer_arg(lua, &args[0], 1)?;
            let n = integer_arg(lua, &args[1], 2)?;
            if m > n {
                return Err(bad_argument(2, "interval is empty"));
            }
            (m, n)
        }
        _ => {
            return Err(mlua::Error::RuntimeError(
                "wrong number of arguments".into(),
            ));
        }
    };
    // The width less one, as an unsigned number: it fits even for the whole i64 range.
    let span = high.wrapping_sub(low) as u64;
    let offset = match u32::try_from(span) {
        Ok(span) if span < u32::MAX => u64::from(rng.below(span + 1)),
        _ => project(rng, span),
    };
    Ok(Value::Integer(low.wrapping_add(offset as i64)))
}

/// A uniform integer in `0..=limit`: masked draws, rejected while above the limit (Lua 5.4's
/// `project`).
fn project(rng: &mut GameRng, limit: u64) -> u64 {
    let mask = u64::MAX.checked_shr(limit.leading_zeros()).unwrap_or(0);
    loop {
        let candidate = rng.next_u64() & mask;
        if candidate <= limit {
            return candidate;
        }
    }
}

fn integer_arg(lua: &Lua, value: &Value, position: usize) -> mlua::Result<i64> {
    match value {
        Value::Integer(i) => Ok(*i),
        Value::Number(_) | Value::String(_) => {
            lua.coerce_integer(value.clone())?
                .ok_or_else(|| match value {
                    Value::Number(_) => {
                        bad_argument(position, "number has no integer representation")
                    }
                    _ => bad_argument(position, "number expected, got string"),
                })
        }
        other => Err(bad_argument(
            position,
            &format!("number expected, got {}", other.type_name()),
        )),
    }
}

fn bad_argument(position: usize, why: &str) -> mlua::Error {
    mlua::Error::RuntimeError(format!("bad argument #{position} to 'random' ({why})"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn project_stays_in_range() {
        let mut rng = GameRng::from_seed_u64(1);
        for limit in [0, 1, 2, 5, u64::from(u32::MAX), u64::MAX / 3, u64::MAX] {
            for _ in 0..100 {
                assert!(project(&mut rng, limit) <= limit);
            }
        }
    }
}
