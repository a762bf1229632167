//! Snapshots of states play cannot reach are refused, naming the rule that makes them
//! unreachable (the snapshot contract: a state that loads is one play reaches).

use darbar::engine::{Game, GameRng, Log, Rule, Snapshot, SnapshotError};
use darbar::tycoon::{DecisionKind, State, Tycoon};
use serde_json::Value;

/// A position of a random game that waits for `kind`.
fn waiting_for(game: &Tycoon, kind: DecisionKind) -> State {
    for seed in 0..200 {
        let mut state = game.new_initial_state(seed);
        let mut rng = GameRng::from_seed_u64(seed);
        while let Some(decision) = game.decision(&state) {
            if decision.kind == kind {
                return state;
            }
            let len = u32::try_from(decision.choices.len()).expect("a short list");
            let choice = decision.choices[rng.below(len) as usize];
            game.apply(&mut state, choice, &mut Log::silent())
                .expect("a listed action");
        }
    }
    panic!("no random game waits for {kind:?}");
}

/// **TI-8.2, TI-8.3.1**: a seat's turn takes exactly one action, so a build's city is asked
/// once: the same question twice on the stack is refused.
#[test]
fn ti_8_2_a_build_city_stands_once_on_the_stack() {
    let state = waiting_for(&Tycoon::default(), DecisionKind::BuildCity);
    let mut snapshot: Value = serde_json::from_str(&state.to_snapshot()).expect("JSON");
    let stack = snapshot["state"]["stack"].as_array_mut().expect("a stack");
    let top = stack.last().expect("a pending frame").clone();
    assert!(top.get("build_city").is_some(), "{top}");
    stack.push(top);
    match State::from_snapshot(&snapshot.to_string()) {
        Err(SnapshotError::Impossible { rule, reason }) => {
            assert_eq!(rule, Rule("TI-8.2"), "{reason}");
            assert!(reason.contains("BuildCity"), "{reason}");
        }
        other => panic!("a doubled build city loads: {:?}", other.map(|_| ())),
    }
}
