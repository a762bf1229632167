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

/// The same with every other reading of her open questions and variants (WK-13, WK-8).
#[test]
fn wk_13_random_games_with_every_other_reading_pass_every_check() {
    use darbar::pax_pamir::{
        AmbitionCheck, BatchDiscard, BribeWaiver, HandCards, LeverageTiming, MoveTargetCount,
        RedArrowPlayers,
    };
    let per_count = games(5_000) / 5;
    for players in 2..=3u8 {
        let game = PaxPamir::new(Options {
            players,
            wakhan: true,
            open_hands: true,
            leverage_timing: LeverageTiming::EndOfAction,
            batch_discard: BatchDiscard::OneByOne,
            wakhan_red_arrow_players: RedArrowPlayers::SeatReading,
            wakhan_bribe_waiver: BribeWaiver::Never,
            wakhan_tax_top_up: true,
            wakhan_move_target_count: MoveTargetCount::OpponentTribes,
            wakhan_ambition_check: AmbitionCheck::TurnStart,
            wakhan_net_rupees_counts_backing: true,
            wakhan_variant_steadfast_loyalty: true,
            wakhan_hand_cards: HandCards::PlayImmediately,
            ..Options::default()
        })
        .unwrap();
        let results = on_seeds(2, 0..per_count, |seed| {
            play_checked(&game, seed, Checks::Full)
        });
        for result in results {
            let report = result
                .unwrap_or_else(|failure| panic!("{players} seats, other readings: {failure}"));
            assert!(game.is_terminal(&report.state));
        }
    }
}
