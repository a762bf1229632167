//! Benchmarks of Pax Pamir: whole random 3-player games (the speed figure), a clone of
//! a mid-game state, and a snapshot round trip. Run with `cargo bench -p darbar --bench
//! pax_pamir`; `darbar bench pax_pamir --players 3 --threads 1` gives games/s from the command
//! line.
//!
//! criterion does the timing and statistics, rather than a hand-written loop.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use darbar::bots::{Bot, RandomBot};
use darbar::engine::{Game, Log, Snapshot};
use darbar::pax_pamir::{Options, PaxPamir, State};

/// A random game from `seed`, by the unchecked fast path; returns the final state and the
/// number of actions.
fn random_game(game: &PaxPamir, seed: u64, stop_after: usize) -> (State, usize) {
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
    let game = PaxPamir::new(Options {
        players: 3,
        ..Options::default()
    })
    .unwrap();
    println!(
        "size of a Pax Pamir State: {} bytes inline, plus its stack of frames",
        std::mem::size_of::<State>()
    );
    c.bench_function("pax_pamir: setup, 3 players", |b| {
        b.iter(|| game.new_initial_state(black_box(7)))
    });
    let (mut seed, mut actions, mut played) = (0u64, 0usize, 0usize);
    c.bench_function("pax_pamir: random 3-player game, unchecked apply", |b| {
        b.iter(|| {
            seed += 1;
            let (state, n) = random_game(&game, seed, usize::MAX);
            actions += n;
            played += 1;
            state
        })
    });
    println!(
        "{:.1} actions per random game",
        actions as f64 / played.max(1) as f64
    );
    let (middle, _) = random_game(&game, 11, 120);
    c.bench_function("pax_pamir: clone a mid-game state", |b| {
        b.iter(|| black_box(&middle).clone())
    });
    c.bench_function("pax_pamir: snapshot round trip of a mid-game state", |b| {
        b.iter(|| State::from_snapshot(&black_box(&middle).to_snapshot()).unwrap())
    });
    c.bench_function("pax_pamir: legal actions of a mid-game state", |b| {
        b.iter(|| game.legal_actions(black_box(&middle)))
    });
}

criterion_group!(benches, games);
criterion_main!(benches);
