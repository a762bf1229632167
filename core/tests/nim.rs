//! Nim, the test game of the game interface: its rules (N-1 to N-4) and the generic machinery
//! (checker, proptest driver, bots, registry, erased form) run on nothing but its rules.

#![cfg(feature = "test-games")]

use darbar::bots::{
    ArenaConfig, Bot, Budget, IsMcts, Mcts, RandomBot, RandomRollout, RolloutBot, SearchConfig,
    SpecError, by_spec, evaluate,
};
use darbar::engine::{Cites, Game, Log, Snapshot};
use darbar::games::Registry;
use darbar::games::nim::{MAX_TAKE, Nim, Options, State, Take};
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

/// Whether a two-seat position is lost for the seat to move (N-3, N-4): with takes of 1 to 3,
/// a heap of `h` is worth `h mod 4` (Sprague-Grundy), and the position is lost when the
/// heaps' worths XOR to 0.
fn lost_for_the_mover(state: &State) -> bool {
    state
        .heaps()
        .iter()
        .fold(0, |x, &h| x ^ (h % MAX_TAKE.wrapping_add(1)))
        == 0
}

/// The starting positions of two-seat games that the seat to move can win.
fn winnable_starts(game: &Nim, seeds: std::ops::Range<u64>) -> Vec<State> {
    seeds
        .map(|seed| game.new_initial_state(seed))
        .filter(|s| !lost_for_the_mover(s))
        .collect()
}

fn search_config(iterations: u32) -> SearchConfig {
    SearchConfig {
        budget: Budget::Iterations(iterations),
        ..SearchConfig::default()
    }
}

/// N-4: UCT finds the take that leaves the other seat lost, in every winnable start of
/// heaps up to 4 (up to 12 turns deep).
#[test]
fn mcts_and_ismcts_find_the_winning_take() {
    let game = Nim::new(Options {
        players: 2,
        max_heap: 4,
    })
    .unwrap();
    let starts = winnable_starts(&game, 0..40);
    assert!(starts.len() > 20);
    for (i, state) in starts.iter().enumerate() {
        let decision = game.decision(state).unwrap();
        let bots: [Box<dyn Bot<Nim>>; 2] = [
            Box::new(Mcts::new(search_config(20_000), i as u64)),
            Box::new(IsMcts::new(search_config(20_000), i as u64)),
        ];
        for mut bot in bots {
            let take = bot.choose(&game, state, &decision).unwrap();
            let mut after = state.clone();
            game.apply(&mut after, take, &mut Log::silent()).unwrap();
            assert!(
                game.is_terminal(&after) || lost_for_the_mover(&after),
                "{state}: {take} leaves a position the other seat wins"
            );
        }
    }
}

/// The same seed makes the same choices, on one thread or with root parallelism.
#[test]
fn a_search_with_one_seed_chooses_alike() {
    let game = nim(3);
    for threads in [1, 2] {
        let config = SearchConfig {
            threads,
            ..search_config(300)
        };
        let play = |seed: u64| {
            let mut bot = Mcts::new(config.clone(), seed);
            let mut state = game.new_initial_state(9);
            let mut taken = Vec::new();
            while let Some(decision) = game.decision(&state) {
                let take = bot.choose(&game, &state, &decision).unwrap();
                bot.inform(Some(take));
                game.apply(&mut state, take, &mut Log::silent()).unwrap();
                taken.push(take);
            }
            (taken, bot.visits().to_vec())
        };
        assert_eq!(play(5), play(5), "{threads} threads");
    }
}

/// With the tree kept between moves and every action told, the search still plays only
/// legal actions and plays as well: it wins every winnable start against random play.
#[test]
fn a_kept_tree_plays_on_from_where_the_game_went() {
    let game = nim(2);
    for (i, start) in winnable_starts(&game, 0..12).into_iter().enumerate() {
        let mut bot = Mcts::new(search_config(2_000), i as u64);
        let mut random = RandomBot::new(i as u64);
        let mut state = start;
        while let Some(decision) = game.decision(&state) {
            let take = if decision.player == 0 {
                bot.choose(&game, &state, &decision)
            } else {
                random.choose(&game, &state, &decision)
            }
            .unwrap();
            bot.inform(game.action_seen_by(&state, take, 0));
            game.apply(&mut state, take, &mut Log::silent()).unwrap();
        }
        assert_eq!(game.returns(&state), [1.0, 0.0], "start {i}");
    }
}

/// The arena rotates the seats over each deal and tallies wins per bot: search beats random
/// play in at least 90% of games.
#[test]
fn the_arena_rates_search_above_random_play() {
    let registry = Registry::standard();
    let game = registry.load("nim", &json!({ "players": 2 })).unwrap();
    let bots = ["mcts:iterations=300".to_owned(), "random".to_owned()];
    let make = |i: usize, seed: u64| {
        registry
            .bot(&*game, &bots[i], seed)
            .map_err(|e| e.to_string())
    };
    let config = ArenaConfig {
        games: 60,
        seed: 1,
        threads: 2,
        rotate_seats: true,
    };
    let evaluation = evaluate(&*game, &bots, &make, &config, &|| ()).unwrap();
    // Each deal is played twice, once with each bot first.
    assert_eq!(evaluation.played[0].seed, evaluation.played[1].seed);
    assert_eq!(evaluation.played[0].seating, [0, 1]);
    assert_eq!(evaluation.played[1].seating, [1, 0]);
    let standings = evaluation.by_bot();
    let search = standings[0].win_rate.unwrap();
    assert!(search.mean >= 0.9, "{}", evaluation.table());
    assert!(search.low <= search.mean && search.mean <= search.high);
    assert!((standings[0].wins + standings[1].wins - 60.0).abs() < 1e-9);
    assert_eq!(evaluation.ratings(), None, "two kinds of bot: no ratings");
    // Identical for the same seeds on one thread.
    let one = evaluate(
        &*game,
        &bots,
        &make,
        &ArenaConfig {
            threads: 1,
            ..config
        },
        &|| (),
    )
    .unwrap();
    assert_eq!(one.played, evaluation.played);
}

/// A spec that names no bot, no parameter of it, or a value it does not take is refused,
/// saying which.
#[test]
fn a_bad_bot_spec_is_refused_naming_what_is_wrong() {
    let game = nim(2);
    let error = |spec: &str| by_spec(&game, spec, 0).err().unwrap();
    assert!(matches!(error("alphazero"), SpecError::UnknownBot { .. }));
    assert!(error("alphazero").to_string().contains("ismcts"));
    assert!(matches!(error("mcts:depth=-1"), SpecError::BadValue { .. }));
    assert!(matches!(
        error("mcts:temperature=1"),
        SpecError::UnknownParameter { .. }
    ));
    assert!(matches!(
        error("random:iterations=5"),
        SpecError::UnknownParameter { .. }
    ));
    assert!(matches!(
        error("mcts:rollout=greedy"),
        SpecError::BadValue { .. }
    ));
    assert!(
        by_spec(
            &game,
            "ismcts:iterations=10:c=0.5:depth=4:threads=2:keep=false",
            0
        )
        .is_ok()
    );
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
