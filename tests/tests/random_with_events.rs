//! The random-simulation test of Vijayanagara with its Event cards played from the Lua deck
//! (architecture, "Tests every game has"): 2,000 seeded games of random legal actions, every
//! step checked by `darbar::testing::play_checked` (no dead end, listed actions apply,
//! unlisted ones are refused with the state unchanged, text and number round trips, clone and
//! snapshot round trips, the invariants of R-3, resampling, final scoring within the step cap).
//! The card deck is shared by the two threads; each runs the cards on a Lua host of its own.
//! Larger runs belong to `darbar fuzz vijayanagara --games N`, which checks the same things.

use darbar::testing::{Checks, on_seeds, play_checked};
use darbar::vijayanagara::{Action, Options};

const GAMES: u64 = 2_000;
const THREADS: usize = 2;

#[test]
fn two_thousand_random_games_with_events_pass_every_check() {
    let game = darbar_lua::vijayanagara(Options::default());
    let results = on_seeds(THREADS, 0..GAMES, |seed| {
        play_checked(&game, seed, Checks::Full)
    });
    let (mut steps, mut events) = (0, 0);
    for result in results {
        let report = result.unwrap_or_else(|failure| panic!("{failure}"));
        steps += report.steps;
        events += report
            .actions
            .iter()
            .filter(|a| matches!(a, Action::Event(_)))
            .count();
    }
    assert!(
        steps > GAMES as usize * 50,
        "games are implausibly short: {steps} steps"
    );
    // Random players take the Event option often: every game plays several.
    assert!(
        events > GAMES as usize * 3,
        "too few events were played: {events} in {GAMES} games"
    );
}

/// §2.3 with the Event cards: the order of the deck, the future dice and what a card's script
/// will draw reach nothing a faction is shown, its view, observation and board, the log of the
/// cards' effects and the picture (`darbar::testing::check_hidden_information`).
#[test]
fn with_events_nothing_hidden_reaches_what_a_faction_is_shown() {
    let game = darbar_lua::vijayanagara(Options::default());
    let reports = on_seeds(THREADS, 0..4, |seed| {
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
