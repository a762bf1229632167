//! Benchmarks of the Vijayanagara board: the costs that search bots and notebooks pay most
//! often (architecture principle 7). Run with `cargo bench -p darbar`.
//!
//! criterion does the timing and statistics, rather than a hand-written loop.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use darbar::engine::Snapshot;
use darbar::vijayanagara::{Player, SpaceId, State};

fn board(c: &mut Criterion) {
    println!(
        "size of a Vijayanagara State: {} bytes, no heap",
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

criterion_group!(benches, board);
criterion_main!(benches);
