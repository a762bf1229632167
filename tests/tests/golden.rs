//! Golden files: the starting positions of a few seeds, as text and as snapshots, checked in
//! under `tests/playthroughs/vijayanagara/`. Any change to setup, the deck shuffle, the
//! generator or the rendering shows up as a diff.
//!
//! Regenerate after an intended change with:
//! `DARBAR_BLESS=1 cargo test -p darbar-tests --test golden`

use std::path::PathBuf;

use darbar::engine::Snapshot;
use darbar::vijayanagara::State;

const SEEDS: [u64; 3] = [0, 7, 2024];

fn golden_path(seed: u64) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("playthroughs/vijayanagara")
        .join(format!("setup-{seed}.txt"))
}

fn render(seed: u64) -> String {
    let state = State::new(seed);
    let deck: Vec<String> = state.deck().cards().iter().map(|c| c.to_string()).collect();
    format!(
        "# Vijayanagara starting position, seed {seed} (rules 2.1)\n\n{state}\n# Deck, top first\n{}\n\n# Snapshot\n{}\n",
        deck.join("\n"),
        state.to_snapshot()
    )
}

#[test]
fn starting_positions_match_the_golden_files() {
    let bless = std::env::var_os("DARBAR_BLESS").is_some();
    for seed in SEEDS {
        let path = golden_path(seed);
        let actual = render(seed);
        if bless {
            std::fs::write(&path, &actual).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e}; run with DARBAR_BLESS=1 to create it",
                path.display()
            )
        });
        assert!(
            expected == actual,
            "{} differs from the engine's output; if the change is intended, regenerate with \
             DARBAR_BLESS=1 cargo test -p darbar-tests --test golden",
            path.display()
        );
    }
}

#[test]
fn golden_snapshots_load_back_to_the_same_state() {
    for seed in SEEDS {
        let text = std::fs::read_to_string(golden_path(seed)).unwrap();
        let snapshot = text.split("# Snapshot\n").nth(1).unwrap();
        assert_eq!(State::from_snapshot(snapshot), Ok(State::new(seed)));
    }
}
