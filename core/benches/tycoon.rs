//! Benchmarks of Tycoon: whole random 4-person games (the speed figure, with actions
//! per second), a game of four automas, a clone of a mid-game state, a snapshot round trip and
//! the legal actions of a Phase-4 turn. Run with `cargo bench -p darbar --bench tycoon`;
//! `darbar bench tycoon --players 4 --threads 1` gives games/s from the command line.
//!
//! criterion does the timing and statistics, rather than a hand-written loop.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use darbar::bots::{Bot, RandomBot};
use darbar::engine::{Game, Log, Snapshot};
use darbar::tycoon::{Options, State, Tycoon};

/// A random game from `seed`, by the unchecked fast path; returns the final state and the
/// number of actions.
fn random_game(game: &Tycoon, seed: u64, stop_after: usize) -> (State, usize) {
    let mut state = game.new_initial_state(seed);
    let mut bot = RandomBot::new(seed);
    let mut log = Log::silent();
    let mut actions = 0;
    while let Some(decision) = game.decision(&state) {
        if actions == stop_after {
            break;
        }
        let Some(action) = bot.choose(game, &state, &decision) else {
            break;
        };
        let _ = game.apply_unchecked(&mut state, action, &mut log);
        actions += 1;
    }
    (state, actions)
}

fn games(c: &mut Criterion) {
    let game = Tycoon::default();
    println!(
        "size of a Tycoon State: {} bytes inline, plus its seats, decks and stack",
        std::mem::size_of::<State>()
    );
    // Games and actions per second over a fixed run, one thread: the figures of the note.
    let start = Instant::now();
    let (mut total, runs) = (0usize, 2_000u64);
    for seed in 0..runs {
        total += random_game(&game, seed, usize::MAX).1;
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{runs} random 4-person games in {seconds:.2} s: {:.0} games/s, {:.0} actions/s, {:.1} actions a game",
        runs as f64 / seconds,
        total as f64 / seconds,
        total as f64 / runs as f64
    );
    c.bench_function("tycoon: setup, 4 people", |b| {
        b.iter(|| game.new_initial_state(black_box(7)))
    });
    let mut seed = 0u64;
    c.bench_function("tycoon: random 4-person game, unchecked apply", |b| {
        b.iter(|| {
            seed += 1;
            random_game(&game, seed, usize::MAX).0
        })
    });
    let automas = Tycoon::new(Options {
        players: 0,
        automas: Some(4),
        ..Options::default()
    })
    .expect("four automa seats");
    c.bench_function("tycoon: a game of four automas (Normal)", |b| {
        b.iter(|| {
            seed += 1;
            automas.new_initial_state(seed)
        })
    });
    let (middle, _) = random_game(&game, 11, 150);
    c.bench_function("tycoon: clone a mid-game state", |b| {
        b.iter(|| black_box(&middle).clone())
    });
    c.bench_function("tycoon: snapshot round trip of a mid-game state", |b| {
        b.iter(|| State::from_snapshot(&black_box(&middle).to_snapshot()).unwrap())
    });
    c.bench_function("tycoon: legal actions of a mid-game state", |b| {
        b.iter(|| game.legal_actions(black_box(&middle)))
    });
}

criterion_group!(benches, games);
criterion_main!(benches);
