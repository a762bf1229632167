//! Snapshots of Vijayanagara with Event cards, restored on the rules' card host: an Event
//! waiting on a choice must be the question its text asks (§2.3.4); and the snapshot mutation
//! fuzz ([`darbar::testing::fuzz_snapshots`]) on Vijayanagara with the
//! Event cards of the Lua deck (`darbar_lua::registry`), whose snapshots hold the frames the
//! crate's own registry never reaches: an Event waiting for a choice, the grants it queued.
//! Damaged snapshots are refused with a typed error, or load as states the rules play on,
//! checked for some steps (Event choices run on the card host), with no panic.
//!
//! `DARBAR_FUZZ_CASES` and `DARBAR_FUZZ_SEED` set the cases and the seed, as for
//! `core/tests/mutated_snapshots.rs`.

use darbar::engine::{Game, GameRng, Rule, SnapshotError};
use darbar::testing::{FuzzConfig, fuzz_snapshots};
use serde_json::Value;

#[test]
fn mutated_snapshots_with_events_are_refused_or_play_on() {
    let game = darbar_lua::vijayanagara(Default::default());
    assert!(game.options().events);
    let config = FuzzConfig::from_env();
    let report = fuzz_snapshots(&game, &config).unwrap_or_else(|failure| panic!("{failure}"));
    eprintln!("{report}; refused: {:?}", report.refused);
    assert_eq!(report.cases, config.cases);
}

/// A position of a random game with Event cards, as snapshot JSON, whose play stack ends in
/// an Event waiting for a choice with more than one answer.
fn waiting_on_an_event() -> (std::sync::Arc<dyn darbar::engine::DynGame>, Value) {
    let game = darbar_lua::registry()
        .load("vijayanagara", &Value::Null)
        .unwrap();
    for seed in 0..200 {
        let mut state = game.new_initial_state(seed);
        let mut rng = GameRng::from_seed_u64(seed);
        while !state.is_terminal() {
            let value: Value = serde_json::from_str(&state.to_snapshot()).unwrap();
            let top = value["state"]["stack"].as_array().unwrap().last().cloned();
            if top.is_some_and(|f| {
                f["Event"]["choices"]
                    .as_array()
                    .is_some_and(|c| c.len() > 1)
            }) {
                assert!(
                    game.restore(&value.to_string()).is_ok(),
                    "the unedited snapshot loads"
                );
                return (game, value);
            }
            let legal = state.legal_actions();
            let id = legal[rng.below(u32::try_from(legal.len()).unwrap()) as usize];
            if state.apply(id).is_err() {
                break;
            }
        }
    }
    panic!("no random game waits on an Event's choice");
}

#[test]
fn rule_2_3_4_an_event_waits_on_the_question_its_text_asks() {
    // The answers offered are cut down to one: the card, replayed with the answers given so
    // far, asks another question, and the state is refused on the rules' card host.
    let (game, mut value) = waiting_on_an_event();
    let top = value["state"]["stack"]
        .as_array_mut()
        .unwrap()
        .last_mut()
        .unwrap();
    top["Event"]["choices"].as_array_mut().unwrap().truncate(1);
    match game.restore(&value.to_string()) {
        Err(SnapshotError::Impossible { rule, .. }) => assert_eq!(rule, Rule("2.3.4")),
        Err(other) => panic!("refused for another reason: {other}"),
        Ok(_) => panic!("an Event asking another question loaded"),
    }
}
