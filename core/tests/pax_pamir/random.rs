//! The random-simulation test of Pax Pamir: 10,000 seeded games of random legal actions,
//! 2,500 for each player count from 2 to 5 (and 2,000 more with every alternative reading of
//! the open questions), every step checked (see `darbar::testing`): no dead end, listed actions apply,
//! unlisted actions refused with the state unchanged, clone and snapshot round trips equal,
//! the invariants, a resampled state that looks the same to the deciding seat, and an end
//! within the step cap.

use darbar::engine::Game;
use darbar::pax_pamir::{Options, PaxPamir};
use darbar::testing::{Checks, on_seeds, play_checked};

/// Games per player count: `DARBAR_PAX_GAMES`, or the default.
fn games(env: &str, default: u64) -> u64 {
    std::env::var(env)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn random_games_of_two_to_five_players_pass_every_check() {
    let per_count = games("DARBAR_PAX_GAMES", 2_500);
    for players in 2..=5u8 {
        let game = PaxPamir::new(Options {
            players,
            ..Options::default()
        })
        .unwrap();
        let results = on_seeds(2, 0..per_count, |seed| {
            play_checked(&game, seed, Checks::Full)
        });
        let mut steps = 0;
        for result in results {
            let report = result.unwrap_or_else(|failure| panic!("{players} players: {failure}"));
            assert!(game.is_terminal(&report.state));
            steps += report.steps;
        }
        println!("{players} players: {per_count} games, {steps} steps");
    }
}

#[test]
fn random_games_with_every_alternative_reading_pass_every_check() {
    use darbar::pax_pamir::{
        BatchDiscard, GiftOrder, LeverageTiming, PurchaseEmptyColumn, RumorTarget,
        SafeHouseSameCard, SpyRingOrder, WellConnectedWithBedfellows,
    };
    let per_count = games("DARBAR_PAX_GAMES", 2_500) / 5;
    for players in 2..=5u8 {
        let options = Options {
            players,
            open_hands: true,
            purchase_empty_column: PurchaseEmptyColumn::LeaveOnSlot,
            spy_ring_order: SpyRingOrder::Mirror,
            leverage_timing: LeverageTiming::EndOfAction,
            safe_house_same_card: SafeHouseSameCard::Forbidden,
            rumor_target: RumorTarget::OtherPlayer,
            batch_discard: BatchDiscard::OneByOne,
            infrastructure_optional: true,
            gift_order: GiftOrder::CheapestFirst,
            well_connected_with_bedfellows: WellConnectedWithBedfellows::RingOrRegion,
            ..Options::default()
        };
        let game = PaxPamir::new(options).unwrap();
        let results = on_seeds(2, 0..per_count, |seed| {
            play_checked(&game, seed, Checks::Full)
        });
        for result in results {
            let report = result
                .unwrap_or_else(|failure| panic!("{players} players, alternatives: {failure}"));
            assert!(game.is_terminal(&report.state));
        }
    }
}

/// PP-15, PP-1.6, PP-11.3: a Blackmail spy placed by the fallback can take its owner's last
/// tribe of the Blackmail card's own region, and so discard the Blackmail card in the middle of
/// the Blackmail step. Found by `darbar fuzz pax_pamir --players 3` at this seed.
#[test]
fn pp_15_a_blackmail_card_discarded_by_its_own_spy_leaves_a_playable_position() {
    let game = PaxPamir::new(Options {
        players: 3,
        ..Options::default()
    })
    .unwrap();
    let report = play_checked(&game, 1_002_555, Checks::Full).unwrap_or_else(|f| panic!("{f}"));
    assert!(game.is_terminal(&report.state));
}

/// PP-0.4: nothing of another's hand or of the deck's order reaches what a seat is shown: its
/// view, observation and board, the table's log and the picture
/// (`darbar::testing::check_hidden_information`), for 3 players and against Wakhan, whose AI
/// deck is face down but for the next card's back (WK-1.2).
#[test]
fn pp_0_4_nothing_hidden_reaches_what_a_seat_is_shown() {
    for (players, wakhan) in [(3u8, false), (2, true)] {
        let game = PaxPamir::new(Options {
            players,
            wakhan,
            ..Options::default()
        })
        .unwrap();
        let reports = on_seeds(2, 0..games("DARBAR_PAX_HIDDEN_GAMES", 8), |seed| {
            darbar::testing::check_hidden_information(&game, seed)
        });
        let mut total = darbar::testing::HiddenReport::default();
        for report in reports {
            let report = report.unwrap_or_else(|failure| panic!("{players} seats: {failure}"));
            total.add(&report);
        }
        let compared = total.actions;
        // What the seat cannot see varied, and the searches chose alike across twins.
        assert!(total.varied > 0 && total.searched > 0, "{total:?}");
        assert!(compared > 0, "{players} seats: nothing compared");
    }
}
