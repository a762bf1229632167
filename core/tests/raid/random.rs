//! The random-simulation test of the raid game: 10,000 seeded games of random legal actions,
//! every step checked (see `darbar::testing`): no dead end, listed actions apply,
//! unlisted actions refused with the state unchanged, clone and snapshot round trips equal,
//! the invariants, resource bounds, and an ending within the step cap. Two threads share the
//! seeds.

use darbar::engine::Game;
use darbar::raid::{Campaign, Ending, Options, Raid};
use darbar::testing::{Checks, on_seeds, play_checked};

const GAMES: u64 = 10_000;
const THREADS: usize = 2;
/// No player resource may exceed this in a checked game: far above anything reachable.
const RESOURCE_BOUND: u32 = 10_000;

#[test]
fn ten_thousand_random_games_pass_every_check() {
    let game = Raid::default();
    let results = on_seeds(THREADS, 0..GAMES, |seed| {
        play_checked(&game, seed, Checks::Full)
    });
    // Steps, then deaths, rebellions and Empire arrivals.
    let mut total = [0usize; 4];
    for result in results {
        let report = result.unwrap_or_else(|failure| panic!("{failure}"));
        let p = report.state.player();
        assert!(
            [p.soldiers, p.funds, p.food, p.weapons, p.slaves]
                .iter()
                .all(|&r| r <= RESOURCE_BOUND),
            "seed {}: resources out of bounds: {p:?}",
            report.seed
        );
        total[0] += report.steps;
        let i = match report
            .state
            .ending()
            .expect("a finished game has an ending")
        {
            Ending::Death => 1,
            Ending::Rebellion { .. } => 2,
            Ending::EmpireArrives => 3,
        };
        total[i] += 1;
    }
    assert_eq!(total[1] + total[2] + total[3], GAMES as usize);
    // Random play reaches every ending (RG-10, ruling 26).
    assert!(total[1] > 0 && total[2] > 0 && total[3] > 0, "{total:?}");
    println!(
        "{GAMES} games, {} steps, endings {:?}",
        total[0],
        &total[1..]
    );
}

#[test]
fn two_hundred_campaign_games_with_every_variant_pass_every_check() {
    // The variants of rulings 13 and 16 and RG-OQ-5's alternative together, as one campaign of checked games.
    let options = Options {
        castles_in_play: true,
        captured_units_carry_over: true,
        crisis_halves_fort: true,
        ..Options::default()
    };
    let mut campaign = Campaign::default();
    for seed in 0..200 {
        let game = Raid::with_campaign(options, campaign).unwrap();
        let report = play_checked(&game, seed, Checks::Full).unwrap_or_else(|f| panic!("{f}"));
        assert!(game.is_terminal(&report.state));
        campaign = report.state.campaign_after();
    }
    assert_eq!(campaign.games, 200);
    assert_eq!(campaign.placements.len(), 18);
}

/// RG-9: what the player has not seen (a site never revealed, the drift since a site was last
/// seen, the GM's future dice) reaches neither the player's view, observation and board, the
/// log nor the picture (`darbar::testing::check_hidden_information`).
#[test]
fn rule_rg_9_nothing_hidden_reaches_what_the_player_is_shown() {
    let game = darbar::raid::Raid::default();
    let reports = darbar::testing::on_seeds(2, 0..40, |seed| {
        darbar::testing::check_hidden_information(&game, seed)
    });
    let mut total = darbar::testing::HiddenReport::default();
    for report in reports {
        let report = report.unwrap_or_else(|failure| panic!("{failure}"));
        total.add(&report);
    }
    let compared = total.actions;
    // What the seat cannot see varied, and the searches chose alike across twins.
    assert!(total.varied > 0 && total.searched > 0, "{total:?}");
    assert!(compared > 0, "nothing compared");
}
