//! The raid game's bots: the greedy bot beats the random bot, plays only legal actions, and is
//! deterministic for a seed.

use crate::game;
use darbar::bots::RandomBot;
use darbar::engine::{Game, Log};
use darbar::raid::bots::{GreedyBot, turn_value};
use darbar::raid::{Action, State};

/// Plays a whole game with `choose`, checking every choice is listed; the end-of-game value
/// (score, or 0 after death or rebellion) and the actions.
fn play(seed: u64, mut choose: impl FnMut(&State) -> Option<Action>) -> (f64, Vec<Action>) {
    let mut state = State::new(seed);
    let mut actions = Vec::new();
    while let Some(action) = choose(&state) {
        assert!(
            state.legal_actions().contains(&action),
            "seed {seed}: {action} is not legal"
        );
        game()
            .apply(&mut state, action, &mut Log::silent())
            .unwrap();
        actions.push(action);
        assert!(actions.len() < 20_000, "seed {seed}: no end");
    }
    assert!(state.is_over());
    (turn_value(&state), actions)
}

#[test]
fn greedy_beats_random_on_average_score() {
    let seeds = 0..200u64;
    let games = seeds.end as f64;
    let mut greedy = 0.0;
    let mut random = 0.0;
    for seed in seeds {
        let mut bot = GreedyBot::new(seed);
        greedy += play(seed, |s| bot.choose(s)).0;
        let mut bot = RandomBot::new(seed);
        random += play(seed, |s| bot.choose_from(&s.legal_actions())).0;
    }
    let (greedy, random) = (greedy / games, random / games);
    assert!(
        greedy > random + 5.0,
        "greedy {greedy:.1} against random {random:.1}"
    );
}

#[test]
fn greedy_is_deterministic_for_a_seed() {
    for seed in [1, 2, 3] {
        let mut a = GreedyBot::new(seed);
        let mut b = GreedyBot::new(seed);
        assert_eq!(play(seed, |s| a.choose(s)), play(seed, |s| b.choose(s)));
    }
}

#[test]
fn greedy_leaves_the_game_state_alone_and_picks_legal_actions() {
    let mut state = State::new(9);
    let mut bot = GreedyBot::with_rollouts(9, 4);
    while !state.is_over() {
        let before = state.clone();
        let values = bot.evaluate(&state);
        assert_eq!(state, before, "evaluation changed the state");
        let legal = state.legal_actions();
        assert_eq!(
            values.iter().map(|&(a, _)| a).collect::<Vec<_>>(),
            legal,
            "values for the listed actions"
        );
        assert!(values.iter().all(|&(_, v)| v.is_finite() && v >= 0.0));
        let action = bot.choose(&state).unwrap();
        assert!(legal.contains(&action));
        game()
            .apply(&mut state, action, &mut Log::silent())
            .unwrap();
    }
    assert_eq!(bot.choose(&state), None);
}

/// Choosing changes nothing in the game, its generator included: the same actions replay to
/// the same game whatever the bot computed.
#[test]
fn greedy_never_draws_from_the_game_generator() {
    let (_, actions) = {
        let mut bot = GreedyBot::new(4);
        play(4, |s| bot.choose(s))
    };
    let mut state = State::new(4);
    let mut bot = GreedyBot::new(4);
    for &action in &actions {
        let before = state.clone();
        assert_eq!(bot.choose(&state), Some(action));
        assert_eq!(state, before);
        game()
            .apply(&mut state, action, &mut Log::silent())
            .unwrap();
    }
    assert!(state.is_over());
}

#[test]
fn random_bot_plays_raid_games_to_the_end() {
    for seed in 0..50 {
        let mut bot = RandomBot::new(seed);
        play(seed, |s| bot.choose_from(&s.legal_actions()));
    }
}

fn search(iterations: u32) -> darbar::bots::SearchConfig {
    darbar::bots::SearchConfig {
        budget: darbar::bots::Budget::Iterations(iterations),
        ..darbar::bots::SearchConfig::default()
    }
}

/// UCT over resampled states (the GM's future dice drawn anew each iteration, the sites the
/// player has not seen redealt: RG-9) scores far above random play.
#[test]
fn mcts_beats_random_on_average_score() {
    use darbar::bots::{Bot, Mcts};
    let seeds = 0..12u64;
    let games = seeds.end as f64;
    let (mut search_total, mut random_total) = (0.0, 0.0);
    for seed in seeds {
        let mut bot = Mcts::new(search(200), seed);
        search_total += play(seed, |s| {
            let decision = game().decision(s)?;
            let action = bot.choose(&game(), s, &decision)?;
            bot.inform(Some(action));
            Some(action)
        })
        .0;
        let mut bot = RandomBot::new(seed);
        random_total += play(seed, |s| bot.choose_from(&s.legal_actions())).0;
    }
    let (search_mean, random_mean) = (search_total / games, random_total / games);
    assert!(
        search_mean > 2.0 * random_mean + 50.0,
        "mcts {search_mean:.1} against random {random_mean:.1}"
    );
}

/// The future dice are hidden (ruling 27): two positions that differ only in the GM's
/// generator are one information set, and every search bot with one seed chooses alike in
/// both, along a whole game.
#[test]
fn search_bots_choose_alike_whatever_the_future_dice() {
    use darbar::bots::{Bot, IsMcts, Mcts};
    use darbar::engine::GameRng;
    let game = game();
    let mut state = State::new(21);
    let mut other_dice = GameRng::from_seed_u64(99);
    let mut step = 0;
    while let Some(decision) = game.decision(&state) {
        let mut twin = state.clone();
        game.reseed(&mut twin, &mut other_dice);
        let bots = |seed: u64| -> [Box<dyn Bot<darbar::raid::Raid>>; 2] {
            [
                Box::new(Mcts::new(search(40), seed)),
                Box::new(IsMcts::new(search(40), seed)),
            ]
        };
        for (mut a, mut b) in bots(step).into_iter().zip(bots(step)) {
            let twin_decision = game.decision(&twin).unwrap();
            assert_eq!(
                a.choose(&game, &state, &decision),
                b.choose(&game, &twin, &twin_decision),
                "step {step}"
            );
        }
        let first = decision.choices[0];
        game.apply(&mut state, first, &mut Log::silent()).unwrap();
        step += 1;
        if step > 60 {
            break;
        }
    }
}

/// A search cut short values the position at the score so far (RG-10, ruling 26): what
/// `turn_value` says, the score while the game goes on.
#[test]
fn a_playout_cut_short_is_valued_at_the_score_so_far() {
    use darbar::bots::GameBots;
    let game = game();
    let mut state = State::new(5);
    let mut bot = RandomBot::new(5);
    for _ in 0..40 {
        let Some(action) = bot.choose_from(&state.legal_actions()) else {
            break;
        };
        game.apply(&mut state, action, &mut Log::silent()).unwrap();
        assert_eq!(game.heuristic(&state), Some(vec![turn_value(&state)]));
    }
    assert_eq!(turn_value(&state), f64::from(state.score()));
}
