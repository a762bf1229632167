//! The snapshot mutation fuzz ([`darbar::testing::fuzz_snapshots`]) for every game of the
//! standard registry (with the `test-games` feature: Vijayanagara without Event cards, the
//! raid game, Pax Pamir, Tycoon and Nim): damaged snapshots of states reached by random play
//! (structural damage: array elements duplicated, removed or swapped and totals edited, at every
//! depth; and any damage to the text or the values) are refused with a typed error, or load as
//! states play reaches, which play on to the end under every check, with no panic.
//!
//! The default run is bounded for CI ([`darbar::testing::DEFAULT_FUZZ_CASES`] cases per game).
//! A longer run sets the cases per game, and another seed, in the environment:
//!
//! ```text
//! DARBAR_FUZZ_CASES=200000 DARBAR_FUZZ_SEED=7 \
//!     cargo test -p darbar --features test-games --test mutated_snapshots -- --nocapture
//! ```
//!
//! A failure prints the game, the seed, the case, the mutations and the mutated snapshot text.

#![cfg(feature = "test-games")]

use darbar::engine::{Game, Rules};
use darbar::games::Registry;
use darbar::pax_pamir::PaxPamir;
use darbar::raid::Raid;
use darbar::testing::{FuzzConfig, fuzz_snapshots};
use darbar::tycoon::Tycoon;
use darbar::vijayanagara::Vijayanagara;

fn fuzz<G: Game>(name: &str) {
    fuzz_with::<G>(name, &serde_json::Value::Null);
}

/// The game `name` as the registry loads it with `options` (as Python and the command line
/// load it), fuzzed.
fn fuzz_with<G: Game>(name: &str, options: &serde_json::Value) {
    let registry = Registry::standard();
    let loaded = registry
        .load(name, options)
        .unwrap_or_else(|e| panic!("{name} does not load: {e}"));
    let game = loaded
        .as_any()
        .downcast_ref::<Rules<G>>()
        .unwrap_or_else(|| panic!("{name} is not the type asked for"));
    let config = FuzzConfig::from_env();
    let report = fuzz_snapshots(&**game, &config).unwrap_or_else(|failure| panic!("{failure}"));
    eprintln!("{report}; refused: {:?}", report.refused);
    assert_eq!(report.cases, config.cases);
    // The mutations reach the rules' own checks, not only the parser: some damaged
    // snapshots parse and are refused as impossible, naming a rule, and some load and play.
    if config.cases >= 1_000 {
        let impossible: usize = report
            .refused
            .iter()
            .filter(|(kind, _)| kind.starts_with("impossible"))
            .map(|(_, n)| n)
            .sum();
        assert!(
            impossible > 0,
            "no mutation reached the invariants: {report}"
        );
        assert!(report.accepted > 0, "no mutated snapshot loaded: {report}");
    }
}

#[test]
fn every_registered_game_is_fuzzed() {
    let names = Registry::standard().names();
    for name in ["vijayanagara", "raid", "pax_pamir", "tycoon", "nim"] {
        assert!(names.contains(&name), "{name} is not registered");
    }
    assert_eq!(
        names.len(),
        5,
        "a new game needs its fuzz test here: {names:?}"
    );
}

#[test]
fn mutated_vijayanagara_snapshots_are_refused_or_play_on() {
    fuzz::<Vijayanagara>("vijayanagara");
}

#[test]
fn mutated_raid_snapshots_are_refused_or_play_on() {
    fuzz::<Raid>("raid");
}

#[test]
fn mutated_nim_snapshots_are_refused_or_play_on() {
    fuzz::<darbar::games::nim::Nim>("nim");
}

#[test]
fn mutated_pax_pamir_snapshots_are_refused_or_play_on() {
    fuzz::<PaxPamir>("pax_pamir");
}

/// With Wakhan (WK-10): her AI deck and her seat's holdings are mutated too.
#[test]
fn mutated_pax_pamir_snapshots_with_wakhan_are_refused_or_play_on() {
    fuzz_with::<PaxPamir>(
        "pax_pamir",
        &serde_json::json!({ "players": 3, "wakhan": true }),
    );
}

#[test]
fn mutated_tycoon_snapshots_are_refused_or_play_on() {
    fuzz::<Tycoon>("tycoon");
}

/// One person beside two automas with the Headline expansion and the Kickstarter cards: the
/// automa decks, the headline deck and the larger card sets are in the snapshot too.
#[test]
fn mutated_tycoon_snapshots_with_automas_and_headlines_are_refused_or_play_on() {
    fuzz_with::<Tycoon>(
        "tycoon",
        &serde_json::json!({ "players": 1, "headline_expansion": true, "include_kickstarter": true }),
    );
}
