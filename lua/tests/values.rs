//! What a script returns, converted to `ScriptValue`.

mod common;

use std::collections::BTreeMap;

use common::{eval_once, value};
use darbar::engine::GameRng;
use darbar::vijayanagara::{Options, State, Vijayanagara};
use darbar_lua::{Host, MAX_DEPTH, MAX_VALUES, ScriptError, ScriptValue};

#[test]
fn scalars() {
    assert_eq!(value("return nil"), ScriptValue::Nil);
    assert_eq!(value("local x = 1"), ScriptValue::Nil);
    assert_eq!(value("return true"), ScriptValue::Boolean(true));
    assert_eq!(value("return 7 // 2"), ScriptValue::Integer(3));
    assert_eq!(value("return 7 / 2"), ScriptValue::Number(3.5));
    assert_eq!(value("return 2.0"), ScriptValue::Number(2.0));
    assert_eq!(
        value("return 'Vijayanagara'"),
        ScriptValue::from("Vijayanagara")
    );
    assert_eq!(value("return 'विजयनगर'"), ScriptValue::from("विजयनगर"));
}

#[test]
fn only_the_first_return_value_counts() {
    assert_eq!(value("return 1, 2, 3"), ScriptValue::Integer(1));
}

#[test]
fn sequences_become_lists_and_records_tables() {
    assert_eq!(
        value("return {10, 20, 30}"),
        ScriptValue::from(vec![10i64, 20, 30])
    );
    assert_eq!(value("return {}"), ScriptValue::List(vec![]));
    let mut fields = BTreeMap::new();
    fields.insert("name".to_owned(), ScriptValue::from("Delhi"));
    fields.insert("troops".to_owned(), ScriptValue::Integer(4));
    assert_eq!(
        value("return {name = 'Delhi', troops = 4}"),
        ScriptValue::Table(fields)
    );
    let nested = value("return {spaces = {'Delhi', 'Punjab'}, counts = {{1}, {2, 3}}}");
    assert_eq!(nested["spaces"][1], ScriptValue::from("Punjab"));
    assert_eq!(nested["counts"][1][1], ScriptValue::Integer(3));
    assert_eq!(
        nested.to_string(),
        r#"{counts = {{1}, {2, 3}}, spaces = {"Delhi", "Punjab"}}"#
    );
}

#[test]
fn metamethods_do_not_run_during_conversion() {
    let script = "return setmetatable({1, 2}, {__index = function() error('ran') end, \
                  __pairs = function() error('ran') end, __len = function() error('ran') end})";
    assert_eq!(value(script), ScriptValue::from(vec![1i64, 2]));
}

fn unsupported(source: &str) -> String {
    match eval_once(source) {
        Err(ScriptError::UnsupportedValue { message }) => message,
        other => panic!("expected an unsupported value from {source}, got {other:?}"),
    }
}

#[test]
fn values_without_a_plain_form_are_refused() {
    assert!(unsupported("return print").contains("function"));
    assert!(unsupported("return {1, nil, 3}").contains("not 1..n"));
    assert!(unsupported("return {[0] = 'zero'}").contains("not 1..n"));
    assert!(unsupported("return {1, 2, x = 3}").contains("mixes"));
    assert!(unsupported("return {[1.5] = 1}").contains("float key"));
    assert!(unsupported("return {[true] = 1}").contains("boolean key"));
    assert!(unsupported("return '\\255'").contains("UTF-8"));
    assert!(unsupported("local t = {} t[1] = t return t").contains(&MAX_DEPTH.to_string()));
    assert!(unsupported("return {f = function() end}").contains("function"));
}

#[test]
fn shared_references_cannot_blow_up_the_conversion() {
    // 2^30 leaves once expanded, from 30 small tables.
    let message = unsupported("local t = {} for i = 1, 30 do t = {t, t} end return t");
    assert!(message.contains(&MAX_VALUES.to_string()), "{message}");
    // One 1 MiB string referenced 100 times: more text than the 16 MiB allowance.
    let message = unsupported(
        "local s = string.rep('x', 1 << 20) local t = {} for i = 1, 100 do t[i] = s end return t",
    );
    assert!(message.contains("more text"), "{message}");
    // Sharing within the limits is fine.
    assert_eq!(
        value("local p = {1, 2} return {p, p}").to_string(),
        "{{1, 2}, {1, 2}}"
    );
}

#[test]
fn json_round_trip() {
    let value =
        value("return {name = 'Malwa', pieces = {3, 1}, tributary = true, ratio = 0.5, none = {}}");
    let json = serde_json::to_string(&value).unwrap();
    assert_eq!(
        json,
        r#"{"name":"Malwa","none":[],"pieces":[3,1],"ratio":0.5,"tributary":true}"#
    );
    let back: ScriptValue = serde_json::from_str(&json).unwrap();
    assert_eq!(back, value);
    assert_eq!(
        serde_json::from_str::<ScriptValue>("null").unwrap(),
        ScriptValue::Nil
    );
}

#[test]
fn run_returns_value_and_log() {
    let mut host = Host::new();
    let run = host
        .run(
            &Vijayanagara::without_events(Options::default()),
            &State::new(1),
            &mut GameRng::from_seed_u64(1),
            "print(game:dynasty()) return game:cavalry_pool()",
            "run",
        )
        .unwrap();
    assert_eq!(run.value, ScriptValue::Integer(8));
    assert_eq!(run.log, ["Khalji"]);
}
