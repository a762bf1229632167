//! Versioned snapshots: an exact round trip, and every kind of damage refused with a typed
//! error (never a panic, never a silently wrong state).

use darbar::engine::{Rule, Snapshot, SnapshotError};
use darbar::vijayanagara::{Player, SpaceId, State};
use serde_json::{Value, json};

fn snapshot_value(state: &State) -> Value {
    serde_json::from_str(&state.to_snapshot()).unwrap()
}

fn load(value: &Value) -> Result<State, SnapshotError> {
    State::from_snapshot(&value.to_string())
}

#[test]
fn snapshot_round_trip_is_identical() {
    let mut state = State::new(123);
    state.set_tributary(SpaceId::Maharashtra, false).unwrap();
    state.shift_influence(Player::Bahmani, 2).unwrap();
    state.shift_influence(Player::Bahmani, -1).unwrap(); // a refill is pending
    let text = state.to_snapshot();
    let restored = State::from_snapshot(&text).unwrap();
    assert_eq!(restored, state);
    assert_eq!(
        restored.to_snapshot(),
        text,
        "byte-identical on the second trip"
    );
    assert_eq!(restored.decision(), state.decision());
}

#[test]
fn snapshot_is_readable_json() {
    let value = snapshot_value(&State::new(1));
    assert_eq!(value["format"], "darbar-snapshot");
    assert_eq!(value["game"], "vijayanagara");
    assert_eq!(value["version"], 1);
    assert_eq!(value["state"]["spaces"]["Delhi"]["troops"], 4);
    assert_eq!(value["state"]["resources"]["vijayanagara"], 7);
}

/// One damaged snapshot: what was done to it, and the error it must give.
struct Case {
    what: &'static str,
    text: String,
    expect: fn(&SnapshotError) -> bool,
}

fn edited(
    what: &'static str,
    edit: impl FnOnce(&mut Value),
    expect: fn(&SnapshotError) -> bool,
) -> Case {
    let mut value = snapshot_value(&State::new(42));
    edit(&mut value);
    Case {
        what,
        text: value.to_string(),
        expect,
    }
}

fn impossible(rule: &'static str) -> impl Fn(&SnapshotError) -> bool {
    move |e| e.rule() == Some(Rule(rule))
}

#[test]
fn corrupted_snapshots_are_each_rejected_with_a_typed_error() {
    let good = State::new(42).to_snapshot();
    let is_bad_state: fn(&SnapshotError) -> bool = |e| matches!(e, SnapshotError::BadState(_));
    let mut cases = vec![
        Case {
            what: "cut in half",
            text: good[..good.len() / 2].to_owned(),
            expect: |e| matches!(e, SnapshotError::Truncated(_)),
        },
        Case {
            what: "empty",
            text: String::new(),
            expect: |e| matches!(e, SnapshotError::Truncated(_)),
        },
        Case {
            what: "not JSON",
            text: "}{".into(),
            expect: |e| matches!(e, SnapshotError::Malformed(_)),
        },
        Case {
            what: "an array",
            text: "[1, 2]".into(),
            expect: |e| matches!(e, SnapshotError::NotASnapshot(_)),
        },
        edited(
            "another format",
            |v| v["format"] = json!("chess-fen"),
            |e| matches!(e, SnapshotError::NotASnapshot(_)),
        ),
        edited(
            "no version",
            |v| {
                v.as_object_mut().unwrap().remove("version");
            },
            |e| matches!(e, SnapshotError::NotASnapshot(_)),
        ),
        edited(
            "future version",
            |v| v["version"] = json!(2),
            |e| {
                matches!(
                    e,
                    SnapshotError::UnsupportedVersion {
                        found: 2,
                        supported: 1
                    }
                )
            },
        ),
        edited(
            "another game",
            |v| v["game"] = json!("raid"),
            |e| matches!(e, SnapshotError::WrongGame { .. }),
        ),
        edited(
            "no state",
            |v| {
                v.as_object_mut().unwrap().remove("state");
            },
            |e| matches!(e, SnapshotError::NotASnapshot(_)),
        ),
        edited(
            "missing field",
            |v| {
                v["state"].as_object_mut().unwrap().remove("resources");
            },
            is_bad_state,
        ),
        edited(
            "unknown field",
            |v| v["state"]["treasure"] = json!(1),
            is_bad_state,
        ),
        edited(
            "negative count",
            |v| v["state"]["spaces"]["Delhi"]["troops"] = json!(-1),
            is_bad_state,
        ),
        edited(
            "unknown space",
            |v| {
                let spaces = v["state"]["spaces"].as_object_mut().unwrap();
                let delhi = spaces.remove("Delhi").unwrap();
                spaces.insert("Bengal".into(), delhi);
            },
            is_bad_state,
        ),
        edited(
            "degenerate generator",
            |v| v["state"]["rng"] = json!(format!("xoshiro256++:{}", "0".repeat(64))),
            is_bad_state,
        ),
        edited(
            "Tributary listed twice",
            |v| {
                v["state"]["tributary"]
                    .as_array_mut()
                    .unwrap()
                    .push(json!("Sindh"))
            },
            is_bad_state,
        ),
    ];
    let rules: Vec<(&'static str, Box<dyn FnOnce(&mut Value)>, &'static str)> = vec![
        (
            "an extra Troop",
            Box::new(|v: &mut Value| v["state"]["spaces"]["Delhi"]["troops"] = json!(5)),
            "R-3",
        ),
        (
            "an Amir lost",
            Box::new(|v: &mut Value| v["state"]["available"]["amirs"] = json!(5)),
            "R-3",
        ),
        (
            "11 cavalry tokens",
            Box::new(|v: &mut Value| v["state"]["cavalry"]["sultanate"] = json!(11)),
            "1.10",
        ),
        (
            "an Amir in Delhi",
            Box::new(|v: &mut Value| {
                v["state"]["spaces"]["Maharashtra"]["amirs"]["obedient"] = json!(3);
                v["state"]["spaces"]["Delhi"]["amirs"]["obedient"] = json!(1);
            }),
            "1.3",
        ),
        (
            "Tributary Delhi",
            Box::new(|v: &mut Value| {
                v["state"]["tributary"]
                    .as_array_mut()
                    .unwrap()
                    .push(json!("Delhi"))
            }),
            "1.6",
        ),
        (
            "Obedient Amirs under BK control",
            Box::new(|v: &mut Value| {
                let list = v["state"]["tributary"].as_array_mut().unwrap();
                list.retain(|s| s != "Maharashtra");
            }),
            "1.4(c)",
        ),
        (
            "25 Resources",
            Box::new(|v: &mut Value| v["state"]["resources"]["bahmani"] = json!(25)),
            "1.8",
        ),
        (
            "Influence 5",
            Box::new(|v: &mut Value| v["state"]["influence"]["vijayanagara"]["level"] = json!(5)),
            "1.9",
        ),
        (
            "a full slot below the marker",
            Box::new(|v: &mut Value| v["state"]["influence"]["bahmani"]["level"] = json!(2)),
            "1.9",
        ),
        (
            "a card twice",
            Box::new(|v: &mut Value| {
                let cards = v["state"]["deck"]["cards"].as_array_mut().unwrap();
                cards[1] = cards[0].clone();
            }),
            "2.1",
        ),
        (
            "Tughlaq before Zenith",
            Box::new(|v: &mut Value| v["state"]["dynasty"] = json!("Tughlaq")),
            "2.7",
        ),
        (
            "two in one branch box",
            Box::new(|v: &mut Value| {
                v["state"]["eligibility"]["bahmani"] = json!("CommandAndDecree");
                v["state"]["eligibility"]["vijayanagara"] = json!("CommandAndDecree");
            }),
            "2.3.3",
        ),
    ];
    assert!(
        cases.len() + rules.len() >= 20,
        "at least 20 kinds of damage"
    );
    for (what, edit, rule) in rules {
        let mut value = snapshot_value(&State::new(42));
        edit(&mut value);
        let text = value.to_string();
        let err = State::from_snapshot(&text).expect_err(what);
        assert!(
            impossible(rule)(&err),
            "{what}: expected rule {rule}, got {err}"
        );
    }
    for case in cases.drain(..) {
        let err = State::from_snapshot(&case.text).expect_err(case.what);
        assert!((case.expect)(&err), "{}: unexpected error {err}", case.what);
    }
    // The undamaged snapshot still loads.
    assert_eq!(load(&snapshot_value(&State::new(42))), Ok(State::new(42)));
}
