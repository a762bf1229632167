//! The random-simulation test without Event cards (the mode of a game played with no card
//! host; the workspace's `tests/` crate runs it with the Lua deck): 5,000 seeded games of random
//! legal actions, every step checked (see `darbar::testing`): no dead end,
//! listed actions apply, five unlisted actions refused with the state unchanged, clone and
//! snapshot round trips equal, the invariants of R-3, and final scoring within the step cap.
//! Two threads share the seeds.

use super::common::game;
use darbar::testing::{Checks, on_seeds, play_checked};

const GAMES: u64 = 5_000;
const THREADS: usize = 2;

#[test]
fn five_thousand_random_games_pass_every_check() {
    let game = game();
    let results = on_seeds(THREADS, 0..GAMES, |seed| {
        play_checked(&game, seed, Checks::Full)
    });
    let mut steps = 0;
    for result in results {
        steps += result.unwrap_or_else(|failure| panic!("{failure}")).steps;
    }
    assert!(
        steps > GAMES as usize * 50,
        "games are implausibly short: {steps} steps"
    );
}

/// §2.3: the order of the deck and the future dice reach nothing a faction is shown: its view,
/// observation and board, the log and the picture (`darbar::testing::check_hidden_information`).
#[test]
fn rule_2_3_nothing_hidden_reaches_what_a_faction_is_shown() {
    let game = game();
    let reports = on_seeds(THREADS, 0..6, |seed| {
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
