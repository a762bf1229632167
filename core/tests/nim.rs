//! Nim, the test game of the game interface: its rules (N-1 to N-4) and the generic machinery
//! (checker, proptest driver, bots, registry, erased form) run on nothing but its rules.

#![cfg(feature = "test-games")]

use darbar::bots::{Bot, RandomBot, RandomRollout, RolloutBot};
use darbar::engine::{Cites, Game, Log, Snapshot};
use darbar::games::Registry;
use darbar::games::nim::{Nim, Options, State, Take};
use darbar::testing::{Checks, on_seeds, play_checked, play_indices};
use proptest::prelude::*;
use serde_json::json;

fn nim(players: u8) -> Nim {
    Nim::new(Options {
        players,
        ..Options::default()
    })
    .unwrap()
}

fn take(heap: u8, count: u8) -> Take {
    Take { heap, count }
}

#[test]
fn rule_n_1_seats_take_turns_from_seat_0() {
    let game = nim(3);
    let mut state = game.new_initial_state(4);
    assert_eq!(game.num_players(), 3);
    let mut seats = Vec::new();
    for _ in 0..3 {
        let decision = game.decision(&state).unwrap();
        seats.push(decision.player);
        let first = decision.choices[0];
        game.apply(&mut state, first, &mut Log::silent()).unwrap();
        if game.is_terminal(&state) {
            break;
        }
    }
    assert_eq!(seats[..2], [0, 1]);
}

#[test]
fn rule_n_1_the_wrong_seat_is_refused_and_nothing_changes() {
    let game = nim(2);
    let mut state = game.new_initial_state(1);
    let before = state.clone();
    let any = game.legal_actions(&state)[0];
    let error = game
        .apply_as(&mut state, 1, any, &mut Log::silent())
        .unwrap_err();
    assert_eq!(error.rule().section(), "N-1");
    assert_eq!(state, before);
}

#[test]
fn rule_n_2_heaps_start_between_1_and_max_heap() {
    let game = nim(2);
    for seed in 0..200 {
        let heaps = game.new_initial_state(seed).heaps();
        assert!(heaps.iter().all(|&h| (1..=7).contains(&h)), "{heaps:?}");
    }
}

#[test]
fn rule_n_3_a_take_is_1_to_3_from_one_heap_that_has_them() {
    let game = nim(2);
    let state = game.new_initial_state(9);
    let heaps = state.heaps();
    let legal = game.legal_actions(&state);
    for heap in 0..3u8 {
        for count in 1..=3u8 {
            let listed = legal.contains(&take(heap, count));
            assert_eq!(listed, heaps[usize::from(heap)] >= count, "{heap} {count}");
        }
    }
    assert!("take 4 from 0".parse::<Take>().is_err());
    assert!("take 0 from 0".parse::<Take>().is_err());
    assert!("take 1 from 3".parse::<Take>().is_err());
}

#[test]
fn rule_n_4_the_last_take_wins() {
    let game = nim(2);
    let state: State = serde_json::from_value(json!({
        "options": {"players": 2, "max_heap": 7},
        "seed": 0, "heaps": [0, 0, 2], "to_move": 1, "winner": null
    }))
    .unwrap();
    let mut state = state;
    game.apply(&mut state, take(2, 2), &mut Log::silent())
        .unwrap();
    assert!(game.is_terminal(&state));
    assert_eq!(game.returns(&state), vec![0.0, 1.0]);
    let error = game
        .apply(&mut state, take(0, 1), &mut Log::silent())
        .unwrap_err();
    assert_eq!(error.rule().section(), "N-4");
}

#[test]
fn a_thousand_random_games_pass_every_check_for_every_player_count() {
    for players in 2..=4 {
        let game = nim(players);
        let reports = on_seeds(2, 0..1000, |seed| play_checked(&game, seed, Checks::Full));
        for report in reports {
            let report = report.unwrap_or_else(|f| panic!("{f}"));
            assert_eq!(report.returns.iter().sum::<f64>(), 1.0);
        }
    }
}

#[test]
fn a_snapshot_that_breaks_a_rule_is_refused_naming_it() {
    let text = nim(2).new_initial_state(3).to_snapshot();
    let broken = text.replace("\"to_move\": 0", "\"to_move\": 5");
    let error = State::from_snapshot(&broken).unwrap_err();
    assert_eq!(error.rule().map(|r| r.section()), Some("N-1"));
}

#[test]
fn options_outside_the_rules_are_refused_at_load() {
    let registry = Registry::standard();
    assert!(registry.load("nim", &json!({"players": 5})).is_err());
    assert!(registry.load("nim", &json!({"player": 3})).is_err());
    assert_eq!(
        registry
            .load("nim", &json!({"players": 4}))
            .unwrap()
            .num_players(),
        4
    );
}

#[test]
fn the_rollout_bot_beats_the_random_bot() {
    // Two seats: the rollout bot plays seat 0 in half the games and seat 1 in the others.
    let game = nim(2);
    let mut wins = 0;
    let games = 200;
    for seed in 0..games {
        let mut rollout = RolloutBot::new(seed, 16, RandomRollout);
        let mut random = RandomBot::new(seed);
        let mine = (seed % 2) as usize;
        let mut state = game.new_initial_state(seed);
        while let Some(decision) = game.decision(&state) {
            let action = if decision.player == mine {
                rollout.choose(&game, &state, &decision)
            } else {
                random.choose(&game, &state, &decision)
            }
            .unwrap();
            game.apply(&mut state, action, &mut Log::silent()).unwrap();
        }
        wins += game.returns(&state)[mine] as u32;
    }
    assert!(wins > games as u32 * 3 / 4, "{wins} wins in {games}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any sequence of choices among the listed actions passes every check.
    #[test]
    fn any_choices_pass_every_check(seed in 0u64..1000, indices in proptest::collection::vec(0usize..64, 0..40)) {
        let game = nim(3);
        prop_assert!(play_indices(&game, seed, &indices).is_ok());
    }
}
