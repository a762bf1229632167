//! Benchmarks of the Vijayanagara board: the costs that search bots and notebooks pay most
//! often (architecture principle 7). Run with `cargo bench -p darbar`.
//!
//! criterion does the timing and statistics, rather than a hand-written loop.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use darbar::bots::RandomBot;
use darbar::engine::{Game, Snapshot};
use darbar::vijayanagara::{Log, Options, Player, SpaceId, State, Vijayanagara};

/// The rules benchmarked: the core's, without Event cards (their Lua scripts are benchmarked
/// in `darbar-lua`).
fn rules() -> Vijayanagara {
    Vijayanagara::without_events(Options::default())
}

fn board(c: &mut Criterion) {
    println!(
        "size of a Vijayanagara State: {} bytes inline, plus its short stack of play frames",
        std::mem::size_of::<State>()
    );
    let state = State::new(7);
    let snapshot = state.to_snapshot();
    c.bench_function("setup (State::new, deck shuffled)", |b| {
        b.iter(|| State::new(black_box(7)))
    });
    c.bench_function("clone", |b| b.iter(|| black_box(&state).clone()));
    c.bench_function("snapshot write", |b| {
        b.iter(|| black_box(&state).to_snapshot())
    });
    c.bench_function("snapshot read and validate", |b| {
        b.iter(|| State::from_snapshot(black_box(&snapshot)))
    });
    c.bench_function("control of all 15 spaces", |b| {
        b.iter(|| SpaceId::ALL.map(|s| black_box(&state).controller(s)))
    });
    c.bench_function("victory points of all players", |b| {
        b.iter(|| Player::ALL.map(|p| black_box(&state).victory_points(p)))
    });
    c.bench_function("check all invariants", |b| {
        b.iter(|| black_box(&state).check_invariants())
    });
}

/// A position in the middle of a game: after 150 random actions.
fn mid_game() -> State {
    let game = rules();
    let mut state = State::new(11);
    let mut bot = RandomBot::new(11);
    for _ in 0..150 {
        let action = bot
            .choose_from(&state.legal_actions())
            .expect("the game is not over yet");
        game.apply(&mut state, action, &mut Log::silent())
            .expect("listed actions apply");
    }
    state
}

fn play(c: &mut Criterion) {
    let mid = mid_game();
    let snapshot = mid.to_snapshot();
    c.bench_function("clone, mid-game", |b| b.iter(|| black_box(&mid).clone()));
    c.bench_function("snapshot round trip, mid-game", |b| {
        b.iter(|| State::from_snapshot(&black_box(&mid).to_snapshot()))
    });
    c.bench_function("snapshot read, mid-game", |b| {
        b.iter(|| State::from_snapshot(black_box(&snapshot)))
    });
    c.bench_function("legal actions, mid-game", |b| {
        b.iter(|| black_box(&mid).legal_actions())
    });
    // A whole random game, checked apply (one clone per action for atomicity).
    let game = rules();
    let mut seed = 0;
    let mut actions = 0u64;
    let mut games = 0u64;
    c.bench_function("random game, checked apply", |b| {
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
        "{:.1} actions per game",
        actions as f64 / games.max(1) as f64
    );
    c.bench_function("random game, unchecked apply", |b| {
        b.iter(|| {
            seed += 1;
            let mut state = State::new(seed);
            let mut bot = RandomBot::new(seed);
            let mut log = Log::silent();
            while let Some(action) = bot.choose_from(&state.legal_actions()) {
                let _ = game.apply_unchecked(&mut state, action, &mut log);
            }
            state
        })
    });
}

criterion_group!(benches, board, play);
criterion_main!(benches);
