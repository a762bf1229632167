//! The read-only `game` view, checked against the starting position of §2.1 and against the
//! core's own answers.

mod common;

use common::{eval, eval_once, value};
use darbar::engine::GameRng;
use darbar::vijayanagara::{Options, Player, SpaceId, State, Vijayanagara};
use darbar_lua::{Host, ScriptError, ScriptValue};

/// Evaluates against a given state, checking that it is unchanged afterwards.
fn eval_on(state: &State, source: &str) -> Result<ScriptValue, ScriptError> {
    let before = state.clone();
    let result = Host::new().evaluate(
        &Vijayanagara::without_events(Options::default()),
        state,
        &mut GameRng::from_seed_u64(0),
        source,
        "view",
    );
    assert_eq!(*state, before, "a script changed the state");
    result
}

fn int(n: i64) -> ScriptValue {
    ScriptValue::Integer(n)
}

#[test]
fn the_examples_of_the_brief_hold() {
    let script = r#"
        return {
            game:pieces("Delhi").troops == 4,
            game:resources("VN") == 7,
            game:control("Maharashtra") == nil,
            game:victory_points("DS") == 18,
        }
    "#;
    assert_eq!(value(script).to_string(), "{true, true, true, true}");
}

#[test]
fn rule_2_1_step_2_pieces_on_the_map() {
    // §2.1 step 2: Troops, Governors, Qasbahs, Amirs, Rajas; every other space is empty.
    let table: [(&str, [i64; 5]); 14] = [
        ("Delhi", [4, 0, 0, 0, 0]),
        ("Mountain Passes", [2, 0, 0, 0, 0]),
        ("Punjab", [4, 0, 0, 0, 0]),
        ("Malwa", [3, 1, 0, 0, 0]),
        ("Jaunpur", [2, 0, 0, 0, 0]),
        ("Madhyadesh", [2, 0, 0, 2, 0]),
        ("Sindh", [1, 0, 0, 0, 0]),
        ("Rajput Kingdoms", [1, 0, 0, 0, 0]),
        ("Gujarat", [1, 0, 0, 1, 0]),
        ("Maharashtra", [0, 0, 0, 4, 0]),
        ("Gondwana", [0, 0, 0, 1, 0]),
        ("Andhra", [1, 0, 1, 0, 2]),
        ("Karnataka", [0, 0, 0, 0, 3]),
        ("Tamilakam", [1, 0, 0, 0, 1]),
    ];
    let rows = value(
        r#"
        local rows = {}
        for _, space in ipairs(game:spaces()) do
            local p = game:pieces(space)
            rows[space] = {p.troops, p.governors, p.qasbahs, p.amirs, p.rajas,
                           p.forts, p.temples, p.mongols, p.amirs_rebelling, p.rajas_rebelling}
        end
        return rows
    "#,
    );
    assert_eq!(rows.as_table().unwrap().len(), 15);
    for space in SpaceId::ALL {
        let expected = table
            .iter()
            .find(|(name, _)| *name == space.name())
            .map_or([0; 5], |(_, counts)| *counts);
        let mut expected: Vec<i64> = expected.to_vec();
        // No Forts, Temples or Mongols on the map, and nothing Rebelling (OQ-20).
        expected.extend([0, 0, 0, 0, 0]);
        assert_eq!(
            rows[space.name()],
            ScriptValue::from(expected),
            "{}",
            space.name()
        );
    }
    assert_eq!(rows["Orissa"], ScriptValue::from(vec![0i64; 10]));
}

#[test]
fn rule_2_1_totals_on_the_map_and_in_the_boxes() {
    let script = r#"
        local kinds = {"Troop", "Governor", "Qasbah", "Amir", "Fort", "Raja", "Temple", "Mongol"}
        local on_map, available = {}, {}
        for i, kind in ipairs(kinds) do
            on_map[i] = game:on_map(kind)
            available[i] = game:available(kind)
        end
        return {on_map, available}
    "#;
    let value = value(script);
    // Total on map (step 2) and holding boxes (step 4).
    assert_eq!(
        value[0],
        ScriptValue::from(vec![22i64, 1, 1, 8, 0, 6, 0, 0])
    );
    assert_eq!(
        value[1],
        ScriptValue::from(vec![10i64, 4, 4, 6, 5, 8, 5, 12])
    );
}

#[test]
fn rule_2_1_tracks_resources_cavalry_and_dynasty() {
    let script = r#"
        local out = {}
        for _, p in ipairs(game:players()) do
            out[p] = {game:resources(p), game:victory_points(p), game:cavalry(p),
                      game:influence(p) or -1, game:eligibility(p)}
        end
        out.pool = game:cavalry_pool()
        out.dynasty = game:dynasty()
        return out
    "#;
    let value = value(script);
    // Step 5 (Resources, VP), step 6 (cavalry), step 3 (Influence 0; DS has no track), step 7.
    assert_eq!(value["DS"].to_string(), r#"{12, 18, 2, -1, "Eligible"}"#);
    assert_eq!(value["BK"].to_string(), r#"{6, 0, 0, 0, "Eligible"}"#);
    assert_eq!(value["VN"].to_string(), r#"{7, 0, 0, 0, "Eligible"}"#);
    assert_eq!(value["pool"], int(8));
    assert_eq!(value["dynasty"], ScriptValue::from("Khalji"));
}

#[test]
fn rule_2_1_step_1_every_province_is_tributary_and_uncontrolled() {
    let script = r#"
        local out = {}
        for _, space in ipairs(game:spaces()) do
            out[space] = {game:kind(space), game:is_tributary(space), game:control(space) or "none"}
        end
        return out
    "#;
    let kinds = value(script);
    for space in SpaceId::ALL {
        let expected = match space {
            SpaceId::Delhi => r#"{"Delhi", false, "none"}"#,
            SpaceId::MountainPasses | SpaceId::Punjab => {
                r#"{"MongolInvasionRegion", false, "none"}"#
            }
            _ => r#"{"Province", true, "none"}"#,
        };
        assert_eq!(kinds[space.name()].to_string(), expected, "{space}");
    }
    assert_eq!(
        value("return #game:controlled_by('BK') + #game:controlled_by('VN')"),
        int(0)
    );
}

#[test]
fn the_map_matches_the_core() {
    let state = State::new(1);
    let map = state.map();
    let names = value("return game:spaces()");
    let expected: Vec<&str> = SpaceId::ALL.iter().map(|s| s.name()).collect();
    assert_eq!(names, ScriptValue::from(expected));
    assert_eq!(value("return #game:provinces()"), int(12));

    let prosperity = value(
        "local out = {} for _, s in ipairs(game:spaces()) do out[s] = game:prosperity(s) end return out",
    );
    let neighbours = value(
        "local out = {} for _, s in ipairs(game:spaces()) do out[s] = game:neighbours(s) end return out",
    );
    let adjacency = value(
        "local out = {}
         for _, a in ipairs(game:spaces()) do
             out[a] = {}
             for _, b in ipairs(game:spaces()) do out[a][#out[a] + 1] = game:adjacent(a, b) end
         end
         return out",
    );
    let mut total = 0;
    for a in SpaceId::ALL {
        assert_eq!(prosperity[a.name()], int(i64::from(map.prosperity(a))));
        total += map.prosperity(a);
        let listed: Vec<&str> = map.neighbours(a).iter().map(|s| s.name()).collect();
        assert_eq!(neighbours[a.name()], ScriptValue::from(listed), "{a}");
        for (i, b) in SpaceId::ALL.into_iter().enumerate() {
            assert_eq!(
                adjacency[a.name()][i],
                ScriptValue::Boolean(map.adjacent(a, b)),
                "{a} - {b}"
            );
        }
    }
    assert_eq!(total, 18);
}

#[test]
fn pieces_of_counts_structures_too() {
    let value = value(
        r#"return {game:pieces_of("Andhra", "DS"), game:pieces_of("Andhra", "VN"),
                   game:pieces_of("Andhra", "BK"), game:pieces_of("Delhi", "MI"),
                   game:pieces("Andhra").structure, game:pieces("Delhi").structure}"#,
    );
    // Andhra: 1 Troop + the Qasbah for DS, 2 Rajas for VN (§2.1).
    assert_eq!(value.to_string(), r#"{2, 2, 0, 0, "Qasbah"}"#);
}

#[test]
fn the_view_follows_the_state() {
    let mut state = State::new(5);
    state.set_tributary(SpaceId::Maharashtra, false).unwrap();
    state.shift_influence(Player::Vijayanagara, 2).unwrap();
    let value = eval_on(
        &state,
        r#"
        local p = game:pieces("Maharashtra")
        return {game:control("Maharashtra"), game:is_tributary("Maharashtra"), p.amirs_obedient,
                p.amirs_rebelling, game:controlled_by("BK"), game:victory_points("BK"),
                game:victory_points("DS"), game:influence("VN"), game:available("Rajas")}
    "#,
    )
    .unwrap();
    // Independent with 4 Amirs: BK controls it (§1.7) and they rebel (R1, §1.4(c)).
    let prosperity = state.map().prosperity(SpaceId::Maharashtra);
    assert_eq!(
        value.to_string(),
        format!(
            r#"{{"BK", false, 0, 4, {{"Maharashtra"}}, {prosperity}, {}, 2, {}}}"#,
            18 - prosperity,
            state.available().rajas
        )
    );
    assert_eq!(state.victory_points(Player::Bahmani), i32::from(prosperity));
}

#[test]
fn names_are_read_flexibly() {
    let script = r#"
        return {
            game:pieces("rajput kingdoms").troops, game:pieces("RajputKingdoms").troops,
            game:pieces("MOUNTAIN-PASSES").troops, game:resources("bk"),
            game:resources("Bahmani Kingdom"), game:resources("Sultanate"),
            game:available("troops"), game:available("Amir"), game:pieces_of("Delhi", "Mongols"),
        }
    "#;
    assert_eq!(value(script).to_string(), "{1, 1, 2, 6, 6, 12, 10, 6, 0}");
}

fn runtime_message(err: ScriptError) -> (String, Option<u32>) {
    match err {
        ScriptError::Runtime { message, line } => (message, line),
        other => panic!("expected a runtime error, got {other:?}"),
    }
}

#[test]
fn bad_arguments_raise_clear_errors() {
    let cases = [
        (
            "local x = 1\nreturn game:pieces('Bengal')",
            "bad argument #1 to 'game:pieces' (unknown space \"Bengal\"; the spaces are Mountain Passes, Punjab, Delhi,",
        ),
        (
            "return game:resources('MI')",
            "bad argument #1 to 'game:resources' (unknown player faction \"MI\" (expected DS, BK or VN))",
        ),
        (
            "return game:pieces_of('Delhi', 'Portuguese')",
            "bad argument #2 to 'game:pieces_of' (unknown faction \"Portuguese\" (expected DS, BK, VN or MI))",
        ),
        (
            "return game:control()",
            "bad argument #1 to 'game:control' (space name expected, got nil)",
        ),
        (
            "return game:adjacent('Delhi', 3)",
            "bad argument #2 to 'game:adjacent' (space name expected, got integer)",
        ),
        (
            "return game:available('Elephant')",
            "bad argument #1 to 'game:available' (unknown piece kind \"Elephant\"",
        ),
    ];
    let mut host = Host::new();
    for (script, expected) in cases {
        let (message, line) = runtime_message(eval(&mut host, script).unwrap_err());
        assert!(
            message.starts_with(expected),
            "{script}\n  got: {message}\n want: {expected}"
        );
        assert_eq!(line, Some(script.lines().count() as u32), "{script}");
    }
}

#[test]
fn misuse_of_the_object_is_an_error() {
    let mut host = Host::new();
    for script in [
        "return game.pieces('Delhi')",
        "return game:teleport('Delhi')",
        "game.resources = function() return 24 end",
        "game.troops = 1",
        "rawset(game, 'x', 1)",
        "setmetatable(game, {})",
    ] {
        let err = eval(&mut host, script).unwrap_err();
        assert!(
            matches!(err, ScriptError::Runtime { .. }),
            "{script}: {err:?}"
        );
    }
}

#[test]
fn the_view_prints_and_cannot_be_returned() {
    assert_eq!(
        value("return tostring(game)"),
        ScriptValue::from("Vijayanagara game (seed 1, read-only)")
    );
    assert_eq!(value("return type(game)"), ScriptValue::from("userdata"));
    assert!(matches!(
        eval_once("return game"),
        Err(ScriptError::UnsupportedValue { .. })
    ));
}

#[test]
fn the_state_is_unchanged_by_any_script() {
    let mut state = State::new(77);
    state.set_tributary(SpaceId::Karnataka, false).unwrap();
    let before = state.clone();
    let snapshot = serde_json_state(&state);
    let mut host = Host::new();
    let mut rng = GameRng::from_seed_u64(77);
    for script in [
        "return game:pieces('Karnataka')",
        "local p = game:pieces('Delhi') p.troops = 0 return game:pieces('Delhi').troops",
        "game.x = 1",
        "while true do end",
        "local t = {} while true do t[#t + 1] = game:pieces('Delhi') end",
        "error('boom')",
        "return math.random(6)",
    ] {
        let _ = host.evaluate(
            &Vijayanagara::without_events(Options::default()),
            &state,
            &mut rng,
            script,
            "mutate?",
        );
        assert_eq!(state, before, "{script}");
        assert_eq!(serde_json_state(&state), snapshot, "{script}");
    }
    // The pieces table is a copy: changing it changes nothing.
    assert_eq!(
        host.evaluate(
            &Vijayanagara::without_events(Options::default()),
            &state,
            &mut rng,
            "local p = game:pieces('Delhi') p.troops = 0 return game:pieces('Delhi').troops",
            "copy"
        ),
        Ok(int(4))
    );
}

fn serde_json_state(state: &State) -> String {
    serde_json::to_string(state).unwrap()
}
