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

/// What loading a damaged snapshot must report.
enum Expect {
    /// An error of this shape.
    Error(fn(&SnapshotError) -> bool),
    /// An impossible state that breaks this rule.
    Breaks(&'static str),
}

/// One damaged snapshot: what was done to it, and what loading it must report.
struct Case {
    what: &'static str,
    text: String,
    expect: Expect,
}

/// The snapshot of a new game, edited.
fn edited(what: &'static str, expect: Expect, edit: impl FnOnce(&mut Value)) -> Case {
    let mut value = snapshot_value(&State::new(42));
    edit(&mut value);
    Case {
        what,
        text: value.to_string(),
        expect,
    }
}

fn text(what: &'static str, expect: Expect, text: &str) -> Case {
    Case {
        what,
        text: text.to_owned(),
        expect,
    }
}

#[test]
fn corrupted_snapshots_are_each_rejected_with_a_typed_error() {
    use Expect::{Breaks, Error};
    let good = State::new(42).to_snapshot();
    let truncated = Error(|e| matches!(e, SnapshotError::Truncated(_)));
    let not_a_snapshot = || Error(|e| matches!(e, SnapshotError::NotASnapshot(_)));
    let bad_state = || Error(|e| matches!(e, SnapshotError::BadState(_)));
    let cases = vec![
        text("cut in half", truncated, &good[..good.len() / 2]),
        text(
            "empty",
            Error(|e| matches!(e, SnapshotError::Truncated(_))),
            "",
        ),
        text(
            "not JSON",
            Error(|e| matches!(e, SnapshotError::Malformed(_))),
            "}{",
        ),
        text("an array", not_a_snapshot(), "[1, 2]"),
        edited("another format", not_a_snapshot(), |v| {
            v["format"] = json!("chess-fen")
        }),
        edited("no version", not_a_snapshot(), |v| {
            v.as_object_mut().unwrap().remove("version");
        }),
        edited(
            "future version",
            Error(|e| {
                matches!(
                    e,
                    SnapshotError::UnsupportedVersion {
                        found: 2,
                        supported: 1
                    }
                )
            }),
            |v| v["version"] = json!(2),
        ),
        edited(
            "another game",
            Error(|e| matches!(e, SnapshotError::WrongGame { .. })),
            |v| v["game"] = json!("raid"),
        ),
        edited("no state", not_a_snapshot(), |v| {
            v.as_object_mut().unwrap().remove("state");
        }),
        edited("missing field", bad_state(), |v| {
            v["state"].as_object_mut().unwrap().remove("resources");
        }),
        edited("unknown field", bad_state(), |v| {
            v["state"]["treasure"] = json!(1)
        }),
        edited("negative count", bad_state(), |v| {
            v["state"]["spaces"]["Delhi"]["troops"] = json!(-1)
        }),
        edited("unknown space", bad_state(), |v| {
            let spaces = v["state"]["spaces"].as_object_mut().unwrap();
            let delhi = spaces.remove("Delhi").unwrap();
            spaces.insert("Bengal".into(), delhi);
        }),
        edited("degenerate generator", bad_state(), |v| {
            v["state"]["rng"] = json!(format!("xoshiro256++:{}", "0".repeat(64)))
        }),
        edited("Tributary listed twice", bad_state(), |v| {
            v["state"]["tributary"]
                .as_array_mut()
                .unwrap()
                .push(json!("Sindh"))
        }),
        text(
            "a space twice",
            bad_state(),
            &good.replacen("\"Punjab\": {", "\"Delhi\": {", 1),
        ),
        edited("a short deck", bad_state(), |v| {
            v["state"]["deck"]["cards"].as_array_mut().unwrap().pop();
        }),
        edited("an extra Troop", Breaks("R-3"), |v| {
            v["state"]["spaces"]["Delhi"]["troops"] = json!(5)
        }),
        edited("an Amir lost", Breaks("R-3"), |v| {
            v["state"]["available"]["amirs"] = json!(5)
        }),
        edited("11 cavalry tokens", Breaks("1.10"), |v| {
            v["state"]["cavalry"]["sultanate"] = json!(11)
        }),
        edited("an Amir in Delhi", Breaks("1.3"), |v| {
            v["state"]["spaces"]["Maharashtra"]["amirs"]["obedient"] = json!(3);
            v["state"]["spaces"]["Delhi"]["amirs"]["obedient"] = json!(1);
        }),
        edited("Tributary Delhi", Breaks("1.6"), |v| {
            v["state"]["tributary"]
                .as_array_mut()
                .unwrap()
                .push(json!("Delhi"))
        }),
        edited("Obedient Amirs under BK control", Breaks("1.4(c)"), |v| {
            v["state"]["tributary"]
                .as_array_mut()
                .unwrap()
                .retain(|s| s != "Maharashtra");
        }),
        edited("25 Resources", Breaks("1.8"), |v| {
            v["state"]["resources"]["bahmani"] = json!(25)
        }),
        edited("Influence 5", Breaks("1.9"), |v| {
            v["state"]["influence"]["vijayanagara"]["level"] = json!(5)
        }),
        edited("a full slot below the marker", Breaks("1.9"), |v| {
            v["state"]["influence"]["bahmani"]["level"] = json!(2)
        }),
        edited("a card twice", Breaks("2.1"), |v| {
            let cards = v["state"]["deck"]["cards"].as_array_mut().unwrap();
            cards[1] = cards[0].clone();
        }),
        edited("Tughlaq before Zenith", Breaks("2.7"), |v| {
            v["state"]["dynasty"] = json!("Tughlaq")
        }),
        edited("two in one branch box", Breaks("2.3.3"), |v| {
            v["state"]["eligibility"]["bahmani"] = json!("CommandAndDecree");
            v["state"]["eligibility"]["vijayanagara"] = json!("CommandAndDecree");
        }),
    ];
    assert!(cases.len() >= 20, "at least 20 kinds of damage");
    for case in cases {
        let err = State::from_snapshot(&case.text).expect_err(case.what);
        match case.expect {
            Error(matches) => assert!(matches(&err), "{}: unexpected error {err}", case.what),
            Breaks(rule) => assert_eq!(err.rule(), Some(Rule(rule)), "{}: {err}", case.what),
        }
    }
    // The undamaged snapshot still loads.
    assert_eq!(load(&snapshot_value(&State::new(42))), Ok(State::new(42)));
}
