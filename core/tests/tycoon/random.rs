//! The random-simulation test of Tycoon: seeded games of random legal actions over every
//! seat layout (1–4 people with the automas of TC-16.1, and with the options), every step
//! checked (see `darbar::testing`): no dead end, listed actions apply, unlisted actions refused
//! with the state unchanged, clone and snapshot round trips equal, the invariants, a resampled
//! state that looks the same to the deciding seat, and an end within the step cap.

use darbar::engine::Game;
use darbar::testing::{Checks, on_seeds, play_checked};
use darbar::tycoon::{Options, Tycoon};

/// Games per layout: `DARBAR_TYCOON_GAMES`, or the default.
fn games(default: u64) -> u64 {
    std::env::var("DARBAR_TYCOON_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn check(game: &Tycoon, count: u64, what: &str) {
    let results = on_seeds(2, 0..count, |seed| play_checked(game, seed, Checks::Full));
    let mut steps = 0;
    for result in results {
        let report = result.unwrap_or_else(|failure| panic!("{what}: {failure}"));
        assert!(game.is_terminal(&report.state), "{what}");
        steps += report.steps;
    }
    println!("{what}: {count} games, {steps} steps");
}

#[test]
fn random_games_of_one_to_four_people_pass_every_check() {
    for players in 1..=4u8 {
        let game = Tycoon::new(Options {
            players,
            ..Options::default()
        })
        .unwrap();
        check(&game, games(2_000), &format!("{players} people"));
    }
}

#[test]
fn random_games_with_the_headlines_kickstarter_and_other_layouts_pass_every_check() {
    use darbar::tycoon::Difficulty;
    let layouts = [
        (4, None, [Difficulty::Normal; 4], true, true),
        (3, Some(1), [Difficulty::Hard; 4], true, false),
        (
            2,
            Some(2),
            [
                Difficulty::Easy,
                Difficulty::Hard,
                Difficulty::Normal,
                Difficulty::Normal,
            ],
            true,
            true,
        ),
        (
            1,
            None,
            [
                Difficulty::Easy,
                Difficulty::Hard,
                Difficulty::Normal,
                Difficulty::Normal,
            ],
            true,
            false,
        ),
        (0, Some(4), [Difficulty::Normal; 4], false, false),
        (
            0,
            Some(3),
            [
                Difficulty::Easy,
                Difficulty::Normal,
                Difficulty::Hard,
                Difficulty::Normal,
            ],
            true,
            true,
        ),
    ];
    for (players, automas, automa_levels, headline_expansion, include_kickstarter) in layouts {
        let options = Options {
            players,
            automas,
            automa_levels,
            headline_expansion,
            include_kickstarter,
            ..Options::default()
        };
        let game = Tycoon::new(options).unwrap();
        check(&game, games(2_000) / 4, &format!("{options:?}"));
    }
}

/// TI-2.6, TI-21.19: nothing behind a seat's screen (money, promoters, merit cards, an agenda,
/// a sealed bid before the reveal) reaches what another seat is shown: its view, observation
/// and board, the table's log and the picture (`darbar::testing::check_hidden_information`),
/// for four people and for one person beside two automas (TC-16.2).
#[test]
fn ti_2_6_nothing_hidden_reaches_what_a_seat_is_shown() {
    for players in [4u8, 1] {
        let game = Tycoon::new(Options {
            players,
            ..Options::default()
        })
        .unwrap();
        let reports = on_seeds(2, 0..games(6), |seed| {
            darbar::testing::check_hidden_information(&game, seed)
        });
        let mut total = darbar::testing::HiddenReport::default();
        for report in reports {
            let report = report.unwrap_or_else(|failure| panic!("{players} people: {failure}"));
            total.add(&report);
        }
        let compared = total.actions;
        // What the seat cannot see varied, and the searches chose alike across twins.
        assert!(total.varied > 0 && total.searched > 0, "{total:?}");
        assert!(compared > 0, "{players} people: nothing compared");
    }
}
