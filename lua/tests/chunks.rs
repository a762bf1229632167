//! Compiled chunks are cached per host and name.

mod common;

use common::eval;
use darbar::engine::GameRng;
use darbar::vijayanagara::{Options, State, Vijayanagara};
use darbar_lua::{Host, ScriptError, ScriptValue};

fn run(host: &mut Host, source: &str, name: &str) -> Result<ScriptValue, ScriptError> {
    host.evaluate(
        &Vijayanagara::without_events(Options::default()),
        &State::new(1),
        &mut GameRng::from_seed_u64(1),
        source,
        name,
    )
}

#[test]
fn a_chunk_is_compiled_once_per_name() {
    let mut host = Host::new();
    assert_eq!(host.cached_chunks(), 0);
    for _ in 0..3 {
        assert_eq!(
            run(&mut host, "return 1", "one"),
            Ok(ScriptValue::Integer(1))
        );
    }
    assert_eq!(host.cached_chunks(), 1);
    assert_eq!(
        run(&mut host, "return 2", "two"),
        Ok(ScriptValue::Integer(2))
    );
    assert_eq!(host.cached_chunks(), 2);
}

#[test]
fn a_new_source_under_an_old_name_replaces_it() {
    let mut host = Host::new();
    assert_eq!(
        run(&mut host, "return 1", "card"),
        Ok(ScriptValue::Integer(1))
    );
    assert_eq!(
        run(&mut host, "return 2", "card"),
        Ok(ScriptValue::Integer(2))
    );
    assert_eq!(host.cached_chunks(), 1);
}

#[test]
fn a_cached_chunk_gets_a_fresh_environment_each_time() {
    let mut host = Host::new();
    let script = "counter = (counter or 0) + 1 return counter";
    for _ in 0..3 {
        assert_eq!(eval(&mut host, script), Ok(ScriptValue::Integer(1)));
    }
}

#[test]
fn compile_checks_without_running() {
    let mut host = Host::new();
    assert_eq!(host.compile("while true do end", "never run"), Ok(()));
    assert!(matches!(
        host.compile("return )", "broken"),
        Err(ScriptError::Syntax { line: Some(1), .. })
    ));
    assert_eq!(host.cached_chunks(), 1);
}

#[test]
fn a_syntax_error_after_an_exhausted_budget_is_still_a_syntax_error() {
    let mut host = Host::new();
    assert!(matches!(
        eval(&mut host, "while true do end"),
        Err(ScriptError::InstructionBudget { .. })
    ));
    assert!(matches!(
        host.compile("return )", "broken"),
        Err(ScriptError::Syntax { .. })
    ));
}
