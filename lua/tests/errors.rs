//! Errors report what went wrong and on which line, and a failed call leaves the host usable.

mod common;

use common::{assert_host_works, eval, eval_once};
use darbar_lua::{Host, ScriptError};

fn runtime(message: &str, line: u32) -> ScriptError {
    ScriptError::Runtime {
        message: message.to_owned(),
        line: Some(line),
    }
}

#[test]
fn error_reports_its_line() {
    assert_eq!(
        eval_once("local a = 1\nlocal b = 2\nerror('boom')"),
        Err(runtime("boom", 3))
    );
}

#[test]
fn a_lua_fault_reports_its_line() {
    assert_eq!(
        eval_once("local t = nil\n\nreturn t.x"),
        Err(runtime("attempt to index a nil value (local 't')", 3))
    );
    assert_eq!(
        eval_once("local n = 1\nreturn n + {}"),
        Err(runtime("attempt to perform arithmetic on a table value", 2))
    );
}

#[test]
fn an_error_in_a_function_reports_the_line_that_raised_it() {
    let script = "local function check(n)\n  if n > 2 then\n    error('too many: ' .. n)\n  end\nend\n\ncheck(1)\ncheck(3)";
    assert_eq!(eval_once(script), Err(runtime("too many: 3", 3)));
}

#[test]
fn an_error_without_position_still_finds_its_line() {
    // error(msg, 0) adds no position; the traceback still names the line.
    assert_eq!(
        eval_once("local x = 1\n\nerror('plain', 0)"),
        Err(runtime("plain", 3))
    );
}

#[test]
fn a_host_function_error_reports_the_calling_line() {
    let err = eval_once("local x = 1\nlocal y = 2\nlocal z = game:resources('XX')").unwrap_err();
    assert_eq!(err.line(), Some(3));
    assert!(
        err.to_string()
            .starts_with("line 3: bad argument #1 to 'game:resources'")
    );
}

#[test]
fn a_non_string_error_value_is_described() {
    let err = eval_once("\nerror({code = 7})").unwrap_err();
    assert!(matches!(err, ScriptError::Runtime { .. }), "{err:?}");
    assert_eq!(err.line(), Some(2));
}

#[test]
fn syntax_errors_report_their_line() {
    let err = eval_once("local a = 1\nlocal b = = 2").unwrap_err();
    assert_eq!(
        err,
        ScriptError::Syntax {
            message: "unexpected symbol near '='".into(),
            line: Some(2)
        }
    );
    let err = eval_once("if true then\n  return 1\n").unwrap_err();
    assert!(
        matches!(err, ScriptError::Syntax { line: Some(3), .. }),
        "{err:?}"
    );
}

#[test]
fn long_chunk_names_still_give_lines() {
    let mut host = Host::new();
    let name = "cards/vijayanagara/".to_owned() + &"very-long-card-name-".repeat(5);
    let err = host
        .evaluate(
            &darbar::vijayanagara::Vijayanagara::without_events(
                darbar::vijayanagara::Options::default(),
            ),
            &darbar::vijayanagara::State::new(1),
            &mut darbar::engine::GameRng::from_seed_u64(1),
            "\n\nerror('deep')",
            &name,
        )
        .unwrap_err();
    assert_eq!(err, runtime("deep", 3));
}

#[test]
fn the_host_works_after_every_kind_of_error() {
    let mut host = Host::new();
    for script in [
        "error('boom')",
        "return = 1",
        "return function() end",
        "return game:pieces('Atlantis')",
        "while true do end",
        "return string.rep('x', 1e9)",
    ] {
        assert!(eval(&mut host, script).is_err(), "{script}");
        assert_host_works(&mut host);
    }
}
