//! Helpers shared by the integration tests.

#![allow(dead_code)]

use darbar::engine::GameRng;
use darbar::vijayanagara::{State, Vijayanagara};
use darbar_lua::{Host, ScriptError, ScriptValue};

/// Evaluates `source` against the starting position of seed 1, checking that the state is
/// untouched afterwards.
pub fn eval(host: &mut Host, source: &str) -> Result<ScriptValue, ScriptError> {
    let state = State::new(1);
    let before = state.clone();
    let mut rng = GameRng::from_seed_u64(1);
    let result = host.evaluate(&Vijayanagara::default(), &state, &mut rng, source, "test");
    assert_eq!(state, before, "a script changed the state");
    result
}

/// Evaluates `source` in a new host.
pub fn eval_once(source: &str) -> Result<ScriptValue, ScriptError> {
    eval(&mut Host::new(), source)
}

/// Evaluates `source` in a new host and expects success.
pub fn value(source: &str) -> ScriptValue {
    eval_once(source).unwrap_or_else(|e| panic!("script failed: {e}\n{source}"))
}

/// Asserts that the host still evaluates an ordinary script correctly.
pub fn assert_host_works(host: &mut Host) {
    let value = eval(
        host,
        "local t = {} for i = 1, 100 do t[i] = i * i end return t[10] + game:resources('DS')",
    );
    assert_eq!(value, Ok(ScriptValue::Integer(112)));
}
