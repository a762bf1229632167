//! Snapshots, replays and the player's view of the raid game: damaged snapshots give typed
//! errors naming the broken rule, replays rebuild games exactly, and the view shows the last
//! observed values rather than the true ones (RG-9).

use darbar::engine::{Game, GameRng, Replay, ReplayError, Snapshot, SnapshotError};
use darbar::raid::{Action, Log, Raid, Resources, SiteId, State};
use serde_json::Value;

fn site(name: &str) -> SiteId {
    name.parse().unwrap()
}

/// A game some way in, with a revealed site, a raid and GM rolls on record.
fn sample() -> State {
    let mut state = State::new(31);
    state.apply(Action::Scout(site("town-2"))).unwrap();
    state.apply(Action::Raid(site("village-1"))).unwrap();
    state
}

/// The snapshot with its state changed by `edit`.
fn damaged(edit: impl FnOnce(&mut Value)) -> String {
    let mut value: Value = serde_json::from_str(&sample().to_snapshot()).unwrap();
    edit(&mut value["state"]);
    value.to_string()
}

fn impossible_rule(text: &str) -> String {
    match State::from_snapshot(text) {
        Err(SnapshotError::Impossible { rule, .. }) => rule.section().to_string(),
        other => panic!("expected an impossible state, got {other:?}"),
    }
}

#[test]
fn snapshot_round_trip_keeps_true_and_known_values() {
    let state = sample();
    let text = state.to_snapshot();
    let restored = State::from_snapshot(&text).unwrap();
    assert_eq!(restored, state);
    assert!(text.contains("\"known\""));
    assert!(text.contains("\"rolls\""));
    assert_eq!(
        restored.known_site(site("town-2")),
        state.known_site(site("town-2"))
    );
}

#[test]
fn snapshot_damage_gives_typed_errors() {
    let good = sample().to_snapshot();
    assert!(matches!(
        State::from_snapshot(&good[..good.len() / 2]),
        Err(SnapshotError::Truncated(_))
    ));
    assert!(matches!(
        State::from_snapshot("{]"),
        Err(SnapshotError::Malformed(_))
    ));
    assert!(matches!(
        State::from_snapshot("[1, 2]"),
        Err(SnapshotError::NotASnapshot(_))
    ));
    let v2 = good.replacen("\"version\": 1", "\"version\": 2", 1);
    assert!(matches!(
        State::from_snapshot(&v2),
        Err(SnapshotError::UnsupportedVersion { found: 2, .. })
    ));
    let other = good.replacen("\"game\": \"raid\"", "\"game\": \"vijayanagara\"", 1);
    assert!(matches!(
        State::from_snapshot(&other),
        Err(SnapshotError::WrongGame { .. })
    ));
    let bad_phase = damaged(|s| s["phase"] = Value::from("siesta"));
    assert!(matches!(
        State::from_snapshot(&bad_phase),
        Err(SnapshotError::BadState(_))
    ));
    let bad_unit = damaged(|s| s["army"] = serde_json::json!(["no-such-unit"]));
    assert!(matches!(
        State::from_snapshot(&bad_unit),
        Err(SnapshotError::BadState(_))
    ));
    let bad_rng = damaged(|s| s["rng"] = Value::from("xoshiro256++:00"));
    assert!(matches!(
        State::from_snapshot(&bad_rng),
        Err(SnapshotError::BadState(_))
    ));
}

#[test]
fn snapshot_impossible_states_name_the_rule() {
    // A castle revealed (ruling 13).
    let text = damaged(|s| s["sites"][12]["revealed"] = Value::from(true));
    assert_eq!(impossible_rule(&text), "ruling 13");
    // Values on a site never revealed (RG-2.1).
    let text = damaged(|s| s["sites"][11]["resources"]["food"] = Value::from(4));
    assert_eq!(impossible_rule(&text), "RG-2.1");
    // A known site that was never revealed (RG-9).
    let text = damaged(|s| {
        s["known"][10] =
            serde_json::json!({"turn": 1, "resources": Resources::default(), "units": []})
    });
    assert_eq!(impossible_rule(&text), "RG-9");
    // Turn 0 (RG-0.3).
    let text = damaged(|s| s["turn"] = Value::from(0));
    assert_eq!(impossible_rule(&text), "RG-0.3");
    // No soldiers but no ending (RG-10).
    let text = damaged(|s| s["player"]["soldiers"] = Value::from(0));
    assert_eq!(impossible_rule(&text), "RG-10");
    // The game over without an ending (RG-10).
    let text = damaged(|s| s["phase"] = Value::from("over"));
    assert_eq!(impossible_rule(&text), "RG-10");
    // Talents the recruits did not earn (RG-7.2).
    let text = damaged(|s| s["talents"] = serde_json::json!(["elite"]));
    assert_eq!(impossible_rule(&text), "RG-7.2");
    // A die showing a face it does not have (ruling 27).
    let text = damaged(|s| s["rolls"][0]["dice"][0] = Value::from(9));
    assert_eq!(impossible_rule(&text), "ruling 27");
    // A unit both at a site and in the army (RG-5.3).
    let text = damaged(|s| {
        let unit = s["sites"][4]["units"][0].clone();
        s["army"] = serde_json::json!([unit]);
    });
    assert_eq!(impossible_rule(&text), "RG-5.3");
}

#[test]
fn replay_rebuilds_a_random_game_exactly() {
    let mut state = State::new(2026);
    let mut rng = GameRng::from_seed_u64(5);
    let mut actions = Vec::new();
    while !state.is_over() {
        let legal = state.legal_actions();
        let action = legal[rng.below(legal.len() as u32) as usize];
        state.apply(action).unwrap();
        actions.push(action);
    }
    let game = Raid::default();
    let record = game.replay_record(2026, actions);
    let text = record.to_json();
    let record: Replay<_, Action> = Replay::from_json(&text).unwrap();
    assert_eq!(game.replay(&record), Ok(state));
    let mut wrong = record.clone();
    wrong.game = "pax".into();
    assert!(matches!(
        game.replay(&wrong),
        Err(ReplayError::WrongGame { .. })
    ));
    let mut other = record.clone();
    other.options.castles_in_play = true;
    assert_eq!(game.replay(&other), Err(ReplayError::OtherOptions));
    let mut illegal = record;
    illegal.actions.insert(0, Action::EndSettlement);
    assert!(matches!(
        game.replay(&illegal),
        Err(ReplayError::IllegalAction { index: 0, .. })
    ));
}

#[test]
fn rule_rg_9_the_view_shows_last_observed_values_not_true_ones() {
    let mut state = State::new(12);
    let v = site("village-2");
    state.apply(Action::Scout(v)).unwrap();
    let seen = state.site(v).resources;
    // The true values change unseen (as drift would change them).
    let changed = Resources {
        food: seen.food + 5,
        ..seen
    };
    state.set_site(v, changed);
    let view = state.view();
    assert_eq!(view.sites[v.index()].last_seen.unwrap().resources, seen);
    assert_eq!(state.site(v).resources, changed);
    // Unrevealed sites show nothing, units included.
    assert_eq!(view.sites[site("fort-1").index()].last_seen, None);
    let picture = state.to_string();
    assert!(picture.contains("fort-1"), "{picture}");
    assert!(picture.contains("unknown"), "{picture}");
    assert!(
        picture.contains(&format!("food {}", seen.food)),
        "{picture}"
    );
    // The view is serializable.
    assert!(serde_json::to_string(&view).unwrap().contains("last_seen"));
}

#[test]
fn the_log_records_lines_only_when_asked() {
    let mut state = State::new(3);
    let mut log = Log::recording();
    state
        .apply_logged(Action::Scout(site("village-5")), &mut log)
        .unwrap();
    let lines = log.take();
    // Ruling 27: the GM's generation rolls first, then what the action did.
    let (last, rolls) = lines.split_last().unwrap();
    assert_eq!(rolls.len(), state.rolls().len());
    assert!(rolls.iter().all(|l| l.starts_with("GM rolls")), "{rolls:?}");
    assert!(last.starts_with("the player scouts village-5"), "{last}");
    let mut silent = Log::silent();
    state.apply_logged(Action::EndRaids, &mut silent).unwrap();
    assert!(silent.take().is_empty());
}

/// RG-9: the observation tensor holds what the player knows and nothing else: two games that
/// differ only in a site's unseen true values look the same.
#[test]
fn rule_rg_9_the_observation_hides_unseen_values() {
    let v = site("village-6");
    let mut a = State::new(21);
    let mut b = State::new(21);
    a.set_site(
        v,
        Resources {
            soldiers: 1,
            funds: 1,
            food: 1,
            weapons: 1,
            slaves: 0,
        },
    );
    b.set_site(
        v,
        Resources {
            soldiers: 3,
            funds: 9,
            food: 6,
            weapons: 3,
            slaves: 2,
        },
    );
    assert_ne!(a, b);
    assert_eq!(a.observation(), b.observation());
    assert_eq!(a.observation().len(), darbar::raid::OBSERVATION_SIZE);
    // Once scouted, the values seen are in it.
    a.apply(Action::Scout(v)).unwrap();
    b.apply(Action::Scout(v)).unwrap();
    assert_ne!(a.observation(), b.observation());
}
