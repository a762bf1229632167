//! Snapshots of states play cannot reach are refused, naming the rule that makes them
//! unreachable (the snapshot contract: a state that loads is one play reaches).

use darbar::engine::{Rule, Snapshot, SnapshotError};
use darbar::pax_pamir::Region::Kabul;
use darbar::pax_pamir::State;
use serde_json::Value;

use crate::scenario::Scenario;

/// The snapshot of `state` with the top frame of its stack stood on the stack twice.
fn top_frame_twice(state: &State) -> String {
    let mut snapshot: Value = serde_json::from_str(&state.to_snapshot()).expect("JSON");
    let stack = snapshot["state"]["stack"].as_array_mut().expect("a stack");
    let top = stack.last().expect("a pending frame").clone();
    stack.push(top);
    snapshot.to_string()
}

/// **PP-6.5, PP-7.2.3**: one action is declared and carried out at a time, so a bribe waits
/// once: the same bribe twice on the stack is refused (play would otherwise lose track of
/// the bribed card, which would end in two places).
#[test]
fn pp_6_5_a_bribe_stands_once_on_the_stack() {
    let mut t = Scenario::new(3)
        .rupees(0, 4)
        .hand(0, &[9])
        .court(1, &[5])
        .tribes(1, Kabul, 3)
        .table();
    t.act("play #9 left");
    let text = top_frame_twice(&t.state);
    match State::from_snapshot(&text) {
        Err(SnapshotError::Impossible { rule, reason }) => {
            assert_eq!(rule, Rule("PP-6.5"), "{reason}");
            assert!(reason.contains("Bribe"), "{reason}");
        }
        other => panic!("a doubled bribe loads: {:?}", other.map(|_| ())),
    }
}

/// **PP-13.3, PP-13.6**: VP come only from the 4 Dominance Checks, at most 5 from each of the
/// first three and 10 from the final one, so no player holds more than 25.
#[test]
fn pp_13_3_no_player_holds_more_vp_than_the_dominance_checks_award() {
    let at_most = Scenario::new(3).vp(1, 25).build().to_snapshot();
    assert!(State::from_snapshot(&at_most).is_ok());
    let text = at_most.replace("\"vp\": 25", "\"vp\": 26");
    assert_ne!(text, at_most);
    match State::from_snapshot(&text) {
        Err(SnapshotError::Impossible { rule, reason }) => {
            assert_eq!(rule, Rule("PP-13.3"), "{reason}");
        }
        other => panic!("26 VP load: {:?}", other.map(|_| ())),
    }
}

/// **PP-7.2.3**: a briber asks only for what it can pay, since a grant settles the amount asked
/// at once: a pending answer to an ask the briber cannot pay is refused (play would leave it
/// below zero rupees, PP-1.5).
#[test]
fn pp_7_2_3_a_bribe_asks_only_what_the_briber_can_pay() {
    let mut t = Scenario::new(3)
        .rupees(0, 4)
        .hand(0, &[9])
        .court(1, &[5])
        .tribes(1, Kabul, 3)
        .table();
    t.act("play #9 left");
    t.act("ask 2");
    let mut snapshot: Value = serde_json::from_str(&t.state.to_snapshot()).expect("JSON");
    assert!(State::from_snapshot(&snapshot.to_string()).is_ok());
    snapshot["state"]["players"][0]["rupees"] = Value::from(1);
    match State::from_snapshot(&snapshot.to_string()) {
        Err(SnapshotError::Impossible { rule, reason }) => {
            assert_eq!(rule, Rule("PP-7.2.3"), "{reason}");
        }
        other => panic!(
            "an ask the briber cannot pay loads: {:?}",
            other.map(|_| ())
        ),
    }
}

/// **WK-1.2**: Wakhan draws one AI card a turn, and once more after a reshuffle, so a
/// count of draws past twice the engine's limit of 1,000,000 turns (PP-6.1) is refused, and
/// the count never overflows in play.
#[test]
fn wk_1_2_at_most_two_ai_draws_a_turn() {
    use darbar::engine::Game;
    use darbar::pax_pamir::{Options, PaxPamir};

    let game = PaxPamir::new(Options {
        players: 2,
        wakhan: true,
        ..Options::default()
    })
    .unwrap();
    let mut state = game.new_initial_state(5);
    darbar::testing::play_random_steps(&game, &mut state, 40, 5);
    let mut snapshot: Value = serde_json::from_str(&state.to_snapshot()).expect("JSON");
    let turns = snapshot["state"]["turns"].as_u64().expect("turns");
    let draws = snapshot["state"]["ai"]["draws"].as_u64().expect("draws");
    assert!(
        draws > 0 && draws <= 2 * turns,
        "{draws} draws in {turns} turns"
    );
    for (value, loads) in [
        (2_000_000, true),
        (2_000_001, false),
        (u64::from(u32::MAX), false),
    ] {
        snapshot["state"]["ai"]["draws"] = Value::from(value);
        match State::from_snapshot(&snapshot.to_string()) {
            Ok(_) => assert!(loads, "{value} draws load"),
            Err(SnapshotError::Impossible { rule, .. }) if !loads => {
                assert_eq!(rule, Rule("WK-1.2"));
            }
            Err(e) => panic!("{value} draws: {e}"),
        }
    }
}
