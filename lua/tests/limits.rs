//! The instruction budget and the memory limit: each stops a runaway script with a typed error,
//! and the host works normally afterwards.

mod common;

use common::{assert_host_works, eval};
use darbar_lua::{Host, Limits, ScriptError, ScriptValue};

const BUDGET: ScriptError = ScriptError::InstructionBudget {
    limit: Limits::DEFAULT.instructions,
};
const MEMORY: ScriptError = ScriptError::MemoryLimit {
    limit: Limits::DEFAULT.memory_bytes,
};

#[test]
fn defaults_are_sane() {
    assert_eq!(
        Limits::default(),
        Limits {
            instructions: 10_000_000,
            memory_bytes: 16 * 1024 * 1024,
            wall_time: std::time::Duration::from_secs(5),
        }
    );
    assert_eq!(Host::new().limits(), Limits::DEFAULT);
}

#[test]
fn an_endless_loop_runs_out_of_instructions() {
    let mut host = Host::new();
    assert_eq!(eval(&mut host, "while true do end"), Err(BUDGET));
    assert_host_works(&mut host);
}

#[test]
fn endless_recursion_through_calls_runs_out_too() {
    let mut host = Host::new();
    let script = "local function f(n) if n > 1e6 then n = 0 end return f(n + 1) end return f(0)";
    assert_eq!(eval(&mut host, script), Err(BUDGET));
    assert_host_works(&mut host);
}

#[test]
fn pcall_cannot_swallow_the_budget() {
    let mut host = Host::new();
    for script in [
        "while true do pcall(function() while true do end end) end",
        "while true do xpcall(function() while true do end end, function(e) return e end) end",
        "local ok = pcall(function() while true do end end) return ok",
        "for i = 1, 3 do pcall(pcall, pcall, function() while true do end end) end return 'escaped'",
    ] {
        assert_eq!(eval(&mut host, script), Err(BUDGET), "{script}");
        assert_host_works(&mut host);
    }
}

#[test]
fn pcall_still_catches_ordinary_errors() {
    let mut host = Host::new();
    let value = eval(
        &mut host,
        "local ok, err = pcall(error, 'boom', 0) return {ok, err}",
    );
    assert_eq!(value.unwrap().to_string(), r#"{false, "boom"}"#);
}

#[test]
fn the_budget_is_settable_and_exact_enough() {
    let mut host = Host::with_limits(Limits {
        instructions: 5_000,
        ..Limits::default()
    });
    assert_eq!(
        eval(
            &mut host,
            "local n = 0 for i = 1, 100 do n = n + i end return n"
        ),
        Ok(ScriptValue::Integer(5050))
    );
    assert_eq!(
        eval(
            &mut host,
            "local n = 0 for i = 1, 100000 do n = n + i end return n"
        ),
        Err(ScriptError::InstructionBudget { limit: 5_000 })
    );
    host.set_limits(Limits::default());
    assert_eq!(
        eval(
            &mut host,
            "local n = 0 for i = 1, 100000 do n = n + i end return n"
        ),
        Ok(ScriptValue::Integer(5_000_050_000))
    );
}

#[test]
fn a_zero_budget_refuses_any_work() {
    let mut host = Host::with_limits(Limits {
        instructions: 0,
        ..Limits::default()
    });
    assert_eq!(
        eval(&mut host, "return 1"),
        Err(ScriptError::InstructionBudget { limit: 0 })
    );
}

#[test]
fn each_call_gets_the_whole_budget() {
    // 100 calls of ~600k instructions each: far more than one budget in total.
    let mut host = Host::new();
    for _ in 0..100 {
        assert_eq!(
            eval(
                &mut host,
                "local n = 0 for i = 1, 200000 do n = n + 1 end return n"
            ),
            Ok(ScriptValue::Integer(200_000))
        );
    }
}

#[test]
fn a_huge_string_hits_the_memory_limit() {
    let mut host = Host::new();
    assert_eq!(
        eval(&mut host, r#"return #string.rep("x", 1e9)"#),
        Err(MEMORY)
    );
    assert_host_works(&mut host);
}

#[test]
fn a_growing_table_hits_the_memory_limit() {
    let mut host = Host::new();
    assert_eq!(
        eval(&mut host, "local t = {} while true do t[#t + 1] = {} end"),
        Err(MEMORY)
    );
    assert_host_works(&mut host);
    assert_eq!(
        eval(&mut host, "local s = 'x' while true do s = s .. s end"),
        Err(MEMORY)
    );
    assert_host_works(&mut host);
}

#[test]
fn the_memory_limit_is_per_call_and_recovers() {
    let mut host = Host::new();
    let before = eval(&mut host, "return 1");
    for _ in 0..5 {
        assert_eq!(
            eval(&mut host, "local t = {} while true do t[#t + 1] = {} end"),
            Err(MEMORY)
        );
        // 5 MiB (10 MiB at the peak: string.rep builds, then copies): fits every time, so
        // the failed calls left nothing behind.
        assert_eq!(
            eval(&mut host, "return #string.rep('y', 5 * 1024 * 1024)"),
            Ok(ScriptValue::Integer(5 * 1024 * 1024))
        );
    }
    assert_eq!(eval(&mut host, "return 1"), before);
}

#[test]
fn the_memory_limit_is_settable() {
    let mut host = Host::with_limits(Limits {
        memory_bytes: 64 * 1024,
        ..Limits::default()
    });
    assert_eq!(
        eval(&mut host, "return #string.rep('x', 1000)"),
        Ok(ScriptValue::Integer(1000))
    );
    assert_eq!(
        eval(&mut host, "return #string.rep('x', 100000)"),
        Err(ScriptError::MemoryLimit { limit: 64 * 1024 })
    );
    assert_host_works(&mut host);
}

#[test]
fn a_caught_allocation_failure_is_only_a_refusal() {
    // The allocation was refused, so the limit held; a script that handles that may go on.
    let mut host = Host::new();
    assert_eq!(
        eval(
            &mut host,
            "local ok, err = pcall(string.rep, 'x', 1e9) return {ok, err}"
        )
        .unwrap()
        .to_string(),
        r#"{false, "not enough memory"}"#
    );
    assert_host_works(&mut host);
}

#[test]
fn stack_overflow_is_an_error_not_a_crash() {
    let mut host = Host::new();
    let err = eval(
        &mut host,
        "local function f() return 1 + f() end return f()",
    )
    .unwrap_err();
    assert!(
        matches!(
            err,
            ScriptError::Runtime { .. } | ScriptError::MemoryLimit { .. }
        ),
        "{err:?}"
    );
    assert_host_works(&mut host);
}
