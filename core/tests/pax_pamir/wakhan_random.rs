//! The random-simulation test with Wakhan (WK-10): one or two people playing random legal
//! actions against her, every step checked as in `random.rs` (no dead end, listed actions
//! apply, unlisted ones refused with the state unchanged, round trips, invariants, resampling),
//! and never a decision asked of her seat (WK-8).

use darbar::engine::Game;
use darbar::pax_pamir::{Options, PaxPamir};
use darbar::testing::{Checks, on_seeds, play_checked};

fn games(default: u64) -> u64 {
    std::env::var("DARBAR_WAKHAN_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn wk_10_random_games_against_wakhan_pass_every_check() {
    let per_count = games(5_000);
    for players in 2..=3u8 {
        let game = PaxPamir::new(Options {
            players,
            wakhan: true,
            ..Options::default()
        })
        .unwrap();
        let results = on_seeds(2, 0..per_count, |seed| {
            play_checked(&game, seed, Checks::Full)
        });
        let mut wins = 0;
        for result in results {
            let report = result.unwrap_or_else(|failure| panic!("{players} seats: {failure}"));
            assert!(game.is_terminal(&report.state));
            wins += u64::from(game.returns(&report.state)[0] > 0.0);
        }
        println!("{players} seats: Wakhan won {wins} of {per_count}");
    }
}
