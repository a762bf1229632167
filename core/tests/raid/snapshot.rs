//! Snapshots, replays and the player's view of the raid game: damaged snapshots give typed
//! errors naming the broken rule, replays rebuild games exactly, and the view shows the last
//! observed values rather than the true ones (RG-9).

use crate::game;
use darbar::engine::{Game, GameRng, Replay, ReplayError, Snapshot, SnapshotError};
use darbar::raid::{Action, Log, Raid, Resources, SiteId, State};
use serde_json::{Value, json};

fn site(name: &str) -> SiteId {
    name.parse().unwrap()
}

/// A game some way in, with a revealed site, a raid and GM rolls on record.
fn sample() -> State {
    let mut state = State::new(31);
    game()
        .apply(
            &mut state,
            Action::Scout(site("town-2")),
            &mut Log::silent(),
        )
        .unwrap();
    game()
        .apply(
            &mut state,
            Action::Raid(site("village-1")),
            &mut Log::silent(),
        )
        .unwrap();
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
        game()
            .apply(&mut state, action, &mut Log::silent())
            .unwrap();
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
    game()
        .apply(&mut state, Action::Scout(v), &mut Log::silent())
        .unwrap();
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
    game()
        .apply(&mut state, Action::Scout(site("village-5")), &mut log)
        .unwrap();
    let lines = log.take();
    // Ruling 27: the GM's generation rolls first, then what the action did.
    let (last, rolls) = lines.split_last().unwrap();
    assert_eq!(rolls.len(), state.rolls().len());
    assert!(rolls.iter().all(|l| l.starts_with("GM rolls")), "{rolls:?}");
    assert!(last.starts_with("the player scouts village-5"), "{last}");
    let mut silent = Log::silent();
    game()
        .apply(&mut state, Action::EndRaids, &mut silent)
        .unwrap();
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
    game()
        .apply(&mut a, Action::Scout(v), &mut Log::silent())
        .unwrap();
    game()
        .apply(&mut b, Action::Scout(v), &mut Log::silent())
        .unwrap();
    assert_ne!(a.observation(), b.observation());
}

// ----- the turn state behind the decision, checked on loading --------------------------------

/// The snapshot, as JSON, of the first position of seeded random games (played through the
/// [`Game`] interface) that `wanted` accepts; the game's last position counts too.
fn mid_game(wanted: impl Fn(&Value) -> bool) -> Value {
    let game = Raid::default();
    for seed in 0..400 {
        let mut state = game.new_initial_state(seed);
        let mut rng = GameRng::from_seed_u64(seed);
        loop {
            let value: Value = serde_json::from_str(&state.to_snapshot()).unwrap();
            if wanted(&value) {
                assert_eq!(
                    State::from_snapshot(&value.to_string()),
                    Ok(state),
                    "the unedited snapshot loads"
                );
                return value;
            }
            let Some(decision) = game.decision(&state) else {
                break;
            };
            let pick = rng.below(u32::try_from(decision.choices.len()).unwrap());
            let action = decision.choices[pick as usize];
            game.apply(&mut state, action, &mut Log::silent()).unwrap();
        }
    }
    panic!("no random game reaches the position wanted");
}

fn in_phase(phase: &'static str) -> impl Fn(&Value) -> bool {
    move |v| v["state"]["phase"] == phase
}

/// Loading the snapshot with its state edited is refused as impossible, naming `rule`.
#[track_caller]
fn refused_citing(mut value: Value, edit: impl FnOnce(&mut Value), rule: &str) {
    edit(&mut value["state"]);
    assert_eq!(impossible_rule(&value.to_string()), rule);
}

#[test]
fn rule_rg_5_5_the_plunder_under_way_is_of_the_site_just_raided() {
    refused_citing(
        mid_game(in_phase("plunder")),
        |s| {
            let site = s["plunder"]["site"].as_str().unwrap().to_owned();
            let other = if site == "village-1" {
                "village-2"
            } else {
                "village-1"
            };
            s["plunder"]["site"] = Value::from(other);
        },
        "RG-5.5",
    );
}

#[test]
fn rule_ruling_18_plunder_steps_count_what_they_took() {
    refused_citing(
        mid_game(in_phase("plunder")),
        |s| s["plunder"]["steps"] = Value::from(4_000_000_000u32),
        "ruling 30",
    );
    refused_citing(
        mid_game(in_phase("plunder")),
        |s| {
            let steps = s["plunder"]["steps"].as_u64().unwrap();
            s["plunder"]["steps"] = Value::from(steps + 7);
        },
        "ruling 18",
    );
}

/// The raid took the site's food, funds and slaves into the camp (RG-5.3), and each plunder
/// step brought one more of each below its cap (RG-5.5); nothing in the raid phase spends them,
/// so a camp holding less than that is refused.
#[test]
fn rule_rg_5_5_the_camp_holds_what_the_plunder_took() {
    for (resource, i) in [("food", 0), ("funds", 1), ("slaves", 2)] {
        refused_citing(
            mid_game(|v| {
                in_phase("plunder")(v) && v["state"]["plunder"]["original"][i].as_u64() > Some(0)
            }),
            |s| {
                let took = s["plunder"]["original"][i].as_u64().unwrap()
                    + s["plunder"]["extra"][i].as_u64().unwrap();
                s["player"][resource] = Value::from(took - 1);
            },
            "RG-5.5",
        );
    }
}

/// A site is revealed only by a scout or a raid, and both show it to the player (RG-4, RG-5):
/// a revealed site the player never saw is refused.
#[test]
fn rule_rg_9_a_revealed_site_was_seen() {
    refused_citing(
        mid_game(in_phase("raid")),
        |s| {
            let i = (0..s["sites"].as_array().unwrap().len())
                .find(|&i| s["known"][i].is_null() && s["sites"][i]["revealed"] == false)
                .unwrap();
            s["sites"][i]["revealed"] = Value::from(true);
        },
        "RG-9",
    );
}

/// The raid showed the player the site as it left it, and a plunder changes nothing there
/// (RG-9, RG-5.5): during the plunder, the player's record of the site is the site.
#[test]
fn rule_rg_9_the_plundered_site_is_seen_as_the_raid_left_it() {
    refused_citing(
        mid_game(in_phase("plunder")),
        |s| {
            let site = s["plunder"]["site"].as_str().unwrap().to_owned();
            let i = SiteId::ALL
                .iter()
                .position(|x| x.to_string() == site)
                .unwrap();
            let weapons = s["known"][i]["resources"]["weapons"].as_u64().unwrap();
            s["known"][i]["resources"]["weapons"] = Value::from(weapons + 3);
        },
        "RG-9",
    );
}

/// The player saw at a site only the unique units fixed there (RG-2.3, RG-9).
#[test]
fn rule_rg_2_3_the_units_seen_at_a_site_are_fixed_there() {
    refused_citing(
        mid_game(|v| {
            let placed = v["state"]["placements"].as_object().unwrap();
            let sites: std::collections::BTreeSet<_> =
                placed.values().filter_map(Value::as_str).collect();
            sites.len() > 1
                && v["state"]["phase"] != "plunder"
                && v["state"]["known"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|k| !k.is_null())
        }),
        |s| {
            let i = (0..SiteId::ALL.len())
                .find(|&i| !s["known"][i].is_null())
                .unwrap();
            let here = SiteId::ALL[i].to_string();
            let elsewhere = s["placements"]
                .as_object()
                .unwrap()
                .iter()
                .find(|(_, site)| site.as_str() != Some(here.as_str()))
                .map(|(unit, _)| unit.clone())
                .unwrap();
            s["known"][i]["units"] = json!([elsewhere]);
        },
        "RG-2.3",
    );
}

#[test]
fn rule_ruling_20_the_plunder_keeps_the_fatigue_of_its_raid() {
    refused_citing(
        mid_game(in_phase("plunder")),
        |s| s["plunder"]["fatigue"] = Value::from(7),
        "ruling 20",
    );
}

#[test]
fn rule_rg_5_3_a_plunder_follows_a_raid_that_took_everything() {
    refused_citing(
        mid_game(in_phase("plunder")),
        |s| {
            let site = s["plunder"]["site"].as_str().unwrap().to_owned();
            let i = SiteId::ALL
                .iter()
                .position(|x| x.to_string() == site)
                .unwrap();
            s["sites"][i]["resources"]["food"] = Value::from(3);
        },
        "RG-5.3",
    );
}

#[test]
fn rule_ruling_22_recruitment_is_spent_only_in_settlement() {
    refused_citing(
        mid_game(in_phase("raid")),
        |s| s["recruited_this_turn"] = Value::from(true),
        "ruling 22",
    );
}

#[test]
fn rule_ruling_10_the_merchant_trade_needs_its_talent() {
    refused_citing(
        mid_game(|v| {
            v["state"]["phase"] == "settlement"
                && v["state"]["talents"] == json!([])
                && v["state"]["army"] == json!([])
        }),
        |s| s["merchant_used"] = Value::from(true),
        "ruling 10",
    );
}

#[test]
fn rule_rg_7_2_the_campaigns_recruits_are_never_lost() {
    refused_citing(
        mid_game(in_phase("settlement")),
        |s| s["campaign"]["recruited"] = Value::from(s["recruited"].as_u64().unwrap() + 5),
        "RG-7.2",
    );
}

#[test]
fn rule_rg_10_the_death_ending_leaves_no_soldiers() {
    refused_citing(
        mid_game(|v| v["state"]["ending"] == "death"),
        |s| s["player"]["soldiers"] = Value::from(5),
        "RG-10",
    );
}

#[test]
fn rule_rg_7_3_a_rebellion_eats_the_last_food() {
    refused_citing(
        mid_game(|v| v["state"]["ending"].get("rebellion").is_some()),
        |s| s["player"]["food"] = Value::from(3),
        "RG-7.3",
    );
}

#[test]
fn rule_ruling_30_counts_stay_within_the_engine_limit() {
    // A camp beyond any game (ruling 30 sets no maximum; the engine counts to a million, so
    // that no sum of the rules overflows): refused rather than overflowing mid-raid.
    refused_citing(
        mid_game(in_phase("raid")),
        |s| s["player"]["funds"] = Value::from(u32::MAX),
        "ruling 30",
    );
    refused_citing(
        mid_game(in_phase("scout")),
        |s| s["sites"][0]["resources"]["slaves"] = Value::from(2_000_000),
        "ruling 30",
    );
}
