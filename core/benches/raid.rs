//! Benchmarks of the kingdom raid game: whole games played by the random bot and by the greedy
//! bot. Run with `cargo bench -p darbar --bench raid`.
//!
//! criterion does the timing and statistics, rather than a hand-written loop.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use darbar::bots::RandomBot;
use darbar::engine::Game;
use darbar::raid::bots::GreedyBot;
use darbar::raid::{Log, Raid, State};

fn games(c: &mut Criterion) {
    println!(
        "size of a raid State: {} bytes inline, plus its record of GM rolls",
        std::mem::size_of::<State>()
    );
    c.bench_function("raid: setup (State::new)", |b| {
        b.iter(|| State::new(black_box(7)))
    });
    let game = Raid::default();
    let mut seed = 0;
    let mut actions = 0u64;
    let mut games = 0u64;
    c.bench_function("raid: random game, checked apply", |b| {
        b.iter(|| {
            seed += 1;
            let mut state = State::new(seed);
            let mut bot = RandomBot::new(seed);
            while let Some(action) = bot.choose_from(&state.legal_actions()) {
                let _ = game.apply(&mut state, action, &mut Log::silent());
                actions += 1;
            }
            games += 1;
            state
        })
    });
    println!(
        "{:.1} actions per random game",
        actions as f64 / games.max(1) as f64
    );
    let mut group = c.benchmark_group("raid: greedy");
    group.sample_size(20);
    let (mut actions, mut games) = (0u64, 0u64);
    group.bench_function(
        format!(
            "greedy game ({} rollouts per action), unchecked apply",
            GreedyBot::DEFAULT_ROLLOUTS
        ),
        |b| {
            b.iter(|| {
                seed += 1;
                let mut state = State::new(seed);
                let mut bot = GreedyBot::new(seed);
                let mut log = Log::silent();
                while let Some(action) = bot.choose(&state) {
                    let _ = game.apply_unchecked(&mut state, action, &mut log);
                    actions += 1;
                }
                games += 1;
                state
            })
        },
    );
    group.finish();
    println!(
        "{:.1} actions per greedy game",
        actions as f64 / games.max(1) as f64
    );
}

criterion_group!(benches, games);
criterion_main!(benches);
