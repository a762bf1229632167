//! Versioned snapshots: an exact round trip, and every kind of damage refused with a typed
//! error (never a panic, never a silently wrong state).

use super::common::game;
use darbar::engine::{Game, GameRng, Log, Rule, Snapshot, SnapshotError};
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

// ----- the play stack: every frame checked on loading -----------------------------------------

/// The snapshot, as JSON, of the first position of seeded random games (played through the
/// [`Game`] interface) that `wanted` accepts.
fn mid_game(wanted: impl Fn(&Value) -> bool) -> Value {
    let game = game();
    for seed in 0..400 {
        let mut state = game.new_initial_state(seed);
        let mut rng = GameRng::from_seed_u64(seed);
        while let Some(decision) = game.decision(&state) {
            let value = snapshot_value(&state);
            if wanted(&value) {
                assert_eq!(load(&value), Ok(state), "the unedited snapshot loads");
                return value;
            }
            let pick = rng.below(u32::try_from(decision.choices.len()).unwrap());
            let action = decision.choices[pick as usize];
            game.apply(&mut state, action, &mut Log::silent()).unwrap();
        }
    }
    panic!("no random game reaches the position wanted");
}

/// The play stack of a snapshot.
fn stack(value: &mut Value) -> &mut Vec<Value> {
    value["state"]["stack"].as_array_mut().unwrap()
}

/// The position of the first frame of this kind (`"Command"`, `"Lords"`, …) in the stack.
fn find_frame(value: &Value, kind: &str) -> Option<usize> {
    value["state"]["stack"]
        .as_array()
        .unwrap()
        .iter()
        .position(|f| f.get(kind).is_some())
}

/// Whether the stack holds a frame of `kind` some way into the game.
fn has_frame(kind: &'static str) -> impl Fn(&Value) -> bool {
    move |v| find_frame(v, kind).is_some()
}

/// The fields of the first frame of `kind`.
fn frame<'v>(value: &'v mut Value, kind: &str) -> &'v mut Value {
    let i = find_frame(value, kind).unwrap();
    &mut stack(value)[i][kind]
}

/// Loading the edited snapshot is refused as impossible, naming `rule`.
#[track_caller]
fn refused_citing(value: &Value, rule: &'static str) {
    match load(value) {
        Err(SnapshotError::Impossible {
            rule: found,
            reason,
        }) => {
            assert_eq!(found, Rule(rule), "refused for another rule: {reason}")
        }
        other => panic!("expected an impossible state breaking {rule}, got {other:?}"),
    }
}

#[test]
fn rule_2_2_an_empty_play_stack_is_refused() {
    // A Mongol Invasion card with a Mongol command under way: with no card under way, no
    // one could act.
    let mut value = mid_game(|v| {
        v["state"]["deck"]["drawn"].as_u64() > Some(3)
            && find_frame(v, "MongolInvasion").is_some()
            && find_frame(v, "Command").is_some()
    });
    stack(&mut value).clear();
    refused_citing(&value, "2.2");
}

#[test]
fn rule_2_2_a_turn_with_nothing_left_to_do_is_no_decision() {
    // A Limited Command chosen but not begun, then marked done: the turn offers nothing, and
    // the game is not over.
    let mut value = mid_game(|v| {
        v["state"]["stack"]
            .as_array()
            .unwrap()
            .last()
            .is_some_and(|f| {
                f["FactionTurn"]["option"] == "LimitedCommand"
                    && f["FactionTurn"]["command_done"] == false
            })
    });
    let top = stack(&mut value).last_mut().unwrap();
    top["FactionTurn"]["command_done"] = json!(true);
    refused_citing(&value, "2.2");
}

#[test]
fn rule_2_3_3_a_turn_under_way_keeps_its_option() {
    // A Command stands above the turn that chose it; the option is nulled.
    let mut value = mid_game(|v| {
        find_frame(v, "Command").is_some_and(|i| {
            i > 0 && v["state"]["stack"][i - 1]["FactionTurn"]["option"].is_string()
        })
    });
    let i = find_frame(&value, "Command").unwrap();
    stack(&mut value)[i - 1]["FactionTurn"]["option"] = Value::Null;
    refused_citing(&value, "2.3.3");
}

#[test]
fn rule_2_3_the_event_card_frame_names_the_current_card() {
    let mut value = mid_game(has_frame("EventCard"));
    let card = frame(&mut value, "EventCard");
    let number = card["number"].as_u64().unwrap();
    card["number"] = json!(number % 36 + 1);
    refused_citing(&value, "2.3");
}

#[test]
fn rule_2_3_2_the_turn_under_way_is_the_next_eligible_factions() {
    // The first faction of the card's order is choosing its option; the turn is handed to
    // another eligible faction.
    let mut value = mid_game(|v| {
        let s = &v["state"];
        let everyone = ["sultanate", "bahmani", "vijayanagara"]
            .iter()
            .all(|p| s["eligibility"][p] == "Eligible");
        everyone && s["stack"].as_array().unwrap().len() == 2
    });
    let turn = frame(&mut value, "FactionTurn");
    let player = turn["player"].as_str().unwrap().to_owned();
    let other = if player == "Sultanate" {
        "Bahmani"
    } else {
        "Sultanate"
    };
    turn["player"] = json!(other);
    refused_citing(&value, "2.3.2");
}

#[test]
fn rule_2_4_1_two_mongol_commands_at_most() {
    let mut value = mid_game(has_frame("MongolInvasion"));
    frame(&mut value, "MongolInvasion")["commands_done"] = json!(3);
    refused_citing(&value, "2.4.1");
}

#[test]
fn rule_2_4_the_mongol_operator_is_the_one_the_card_names() {
    let mut value = mid_game(has_frame("MongolInvasion"));
    let invasion = frame(&mut value, "MongolInvasion");
    let operator = invasion["operator"].as_str().unwrap().to_owned();
    let other = if operator == "Bahmani" {
        "Vijayanagara"
    } else {
        "Bahmani"
    };
    invasion["operator"] = json!(other);
    refused_citing(&value, "2.4");
}

#[test]
fn rule_2_5_a_succession_frame_names_the_current_card() {
    let mut value = mid_game(has_frame("Succession"));
    let succession = frame(&mut value, "Succession");
    let card = succession["card"].as_str().unwrap().to_owned();
    let other = if card == "LordsOfTheDeccan" {
        "ZenithOfTheSultanate"
    } else {
        "LordsOfTheDeccan"
    };
    succession["card"] = json!(other);
    refused_citing(&value, "2.5");
}

#[test]
fn rule_2_5_3_at_most_3_influence_shifts_are_bought() {
    let mut value = mid_game(has_frame("Lords"));
    frame(&mut value, "Lords")["bought"] = json!(4);
    refused_citing(&value, "2.5.3");
}

#[test]
fn rule_2_6_the_game_ends_only_with_timurs_invasion() {
    let mut value = mid_game(|v| v["state"]["deck"]["drawn"].as_u64() > Some(5));
    value["state"]["over"] = json!(true);
    stack(&mut value).clear();
    refused_citing(&value, "2.6");
}

#[test]
fn rule_3_2_1_conscript_resolves_a_space_it_selected() {
    let mut value = mid_game(|v| {
        find_frame(v, "Command").is_some_and(|i| {
            v["state"]["stack"][i]["Command"]["step"]
                .get("Conscript")
                .is_some()
        })
    });
    let command = frame(&mut value, "Command");
    let space = command["step"]["Conscript"].as_str().unwrap().to_owned();
    let other = if space == "Delhi" { "Sindh" } else { "Delhi" };
    command["step"]["Conscript"] = json!(other);
    refused_citing(&value, "3.2.1");
}

#[test]
fn rule_3_x_a_battle_owes_no_more_losses_than_the_dice_hit() {
    let mut value = mid_game(|v| {
        find_frame(v, "Combat").is_some_and(|i| {
            v["state"]["stack"][i]["Combat"]["step"]
                .get("DefenderLosses")
                .is_some()
        })
    });
    frame(&mut value, "Combat")["step"]["DefenderLosses"]["remaining"] = json!(200);
    refused_citing(&value, "3.X");
}

#[test]
fn rule_3_x_a_battle_rolls_the_dice_of_the_rules() {
    let mut value = mid_game(has_frame("Combat"));
    frame(&mut value, "Combat")["attacker_dice"][0]["natural"] = json!(9);
    refused_citing(&value, "3.X");
}

#[test]
fn rule_oq_19_cavalry_taken_is_at_most_what_the_others_hold() {
    let mut value = mid_game(has_frame("TakeCavalry"));
    frame(&mut value, "TakeCavalry")["remaining"] = json!(11);
    refused_citing(&value, "OQ-19");
}

#[test]
fn rule_1_4_d_a_listed_action_that_cannot_apply_is_refused() {
    // Conspire has replaced a piece and asks the new Amir's state, but no Amir is left to
    // place: every listed answer would be refused. The Amirs are moved, not lost (R-3 holds),
    // to a Tributary Province where they stay Obedient (§1.4(c)).
    let mut value = mid_game(|v| {
        find_frame(v, "Decree").is_some_and(|i| {
            v["state"]["stack"][i]["Decree"]["step"]
                .get("ConspireState")
                .is_some()
        })
    });
    let state = &mut value["state"];
    let amirs = state["available"]["amirs"].as_u64().unwrap();
    let tributary = state["tributary"][0].as_str().unwrap().to_owned();
    state["available"]["amirs"] = json!(0);
    let obedient = &mut state["spaces"][&tributary]["amirs"]["obedient"];
    *obedient = json!(obedient.as_u64().unwrap() + amirs);
    refused_citing(&value, "1.4(d)");
}

#[test]
fn rule_4_2_2_a_campaign_group_stands_where_it_moved() {
    let mut value = mid_game(|v| {
        find_frame(v, "Decree").is_some_and(|i| {
            let step = &v["state"]["stack"][i]["Decree"]["step"];
            step["Campaign"]["path"]
                .as_array()
                .is_some_and(|p| !p.is_empty())
        })
    });
    frame(&mut value, "Decree")["step"]["Campaign"]["group"] = json!([30, 0]);
    refused_citing(&value, "4.2.2");
}

#[test]
fn rule_2_2_an_edited_stack_that_is_refused_leaves_nothing_loaded() {
    // Loading is pure: the refusal is an error value, the same for the same text.
    let mut value = mid_game(has_frame("EventCard"));
    stack(&mut value).clear();
    assert_eq!(load(&value), load(&value));
}

#[test]
fn rule_2_6_timur_invades_on_the_second_timurid_card_only() {
    // Timur's invasion under way, the deck put back to before the second Timurid card: the
    // first one only gathers the Mongols (§2.6).
    let mut value = mid_game(has_frame("Timur"));
    let cards = value["state"]["deck"]["cards"].as_array().unwrap().clone();
    let timurids: Vec<usize> = cards
        .iter()
        .enumerate()
        .filter(|(_, c)| c.get("Timurid").is_some())
        .map(|(i, _)| i)
        .collect();
    value["state"]["deck"]["drawn"] = json!(timurids[0] + 1);
    refused_citing(&value, "2.6");
}
