//! Benchmarks of the search bots on every game: one decision searched with a fixed number of
//! iterations by [`Mcts`] and [`IsMcts`] on one thread, from a position some way into a
//! random game, so that the figure is iterations per second as a game is played. Run with
//! `cargo bench -p darbar --bench search`; each result is the time of one decision of
//! `ITERATIONS` iterations (iterations per second = `ITERATIONS` / time).
//!
//! criterion does the timing and statistics, rather than a hand-written loop.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use darbar::bots::{Bot, Budget, GameBots, IsMcts, Mcts, SearchConfig};
use darbar::pax_pamir::PaxPamir;
use darbar::raid::Raid;
use darbar::testing::play_random_steps;
use darbar::tycoon::Tycoon;
use darbar::vijayanagara::Vijayanagara;

/// Iterations of each decision searched.
const ITERATIONS: u32 = 200;

/// Random actions played before the position searched (then on to the next decision with a
/// choice).
const STEPS_IN: usize = 20;

fn search_one<G: GameBots>(c: &mut Criterion, name: &str, game: &G) {
    let mut state = game.new_initial_state(3);
    play_random_steps(game, &mut state, STEPS_IN, 3);
    // On to a decision with a choice: a forced one is not searched.
    let decision = loop {
        let Some(decision) = game.decision(&state) else {
            return;
        };
        if decision.choices.len() > 1 {
            break decision;
        }
        let only = decision.choices[0];
        if game
            .apply(&mut state, only, &mut darbar::engine::Log::silent())
            .is_err()
        {
            return;
        }
    };
    let config = SearchConfig {
        budget: Budget::Iterations(ITERATIONS),
        keep_tree: false,
        ..SearchConfig::default()
    };
    let mut group = c.benchmark_group(format!("search: {name}"));
    group.sample_size(10);
    let mut seed = 0;
    group.bench_function(format!("mcts, {ITERATIONS} iterations"), |b| {
        b.iter(|| {
            seed += 1;
            let mut bot = Mcts::new(config.clone(), seed);
            bot.choose(game, black_box(&state), &decision)
        })
    });
    group.bench_function(format!("ismcts, {ITERATIONS} iterations"), |b| {
        b.iter(|| {
            seed += 1;
            let mut bot = IsMcts::new(config.clone(), seed);
            bot.choose(game, black_box(&state), &decision)
        })
    });
    group.finish();
}

fn searches(c: &mut Criterion) {
    search_one(
        c,
        "vijayanagara without Event cards",
        &Vijayanagara::without_events(Default::default()),
    );
    search_one(c, "raid", &Raid::default());
    search_one(c, "pax_pamir, 3 players", &PaxPamir::default());
    let solo = Tycoon::new(darbar::tycoon::Options {
        players: 1,
        ..Default::default()
    })
    .expect("the standard content loads");
    search_one(c, "tycoon, 1 person and 2 automas", &solo);
}

criterion_group!(benches, searches);
criterion_main!(benches);
