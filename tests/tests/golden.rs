//! Golden playthroughs (architecture, "Tests every game has") for every registered game: for
//! three seeds, a whole game played by the random bot (Vijayanagara with the Event cards of
//! the Lua deck), written step by step by `darbar::testing::playthrough` under
//! `tests/playthroughs/<game>/<seed>.txt`: the starting position and snapshot, then for every
//! step the decision (who, what), the legal actions, the action chosen and the log, with the
//! whole position at each of the game's milestones, and the final position and returns. Any
//! change of rules, setup, generator or rendering shows up as a diff.
//!
//! Regenerate after an intended change with:
//! `DARBAR_BLESS=1 cargo test -p darbar-tests --test golden`

use std::path::PathBuf;

use darbar::engine::DynGame;
use serde_json::Value;

const SEEDS: [u64; 3] = [0, 7, 2024];

fn golden_path(game: &str, seed: u64) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("playthroughs")
        .join(game)
        .join(format!("{seed}.txt"))
}

fn playthrough(game: &dyn DynGame, seed: u64) -> String {
    game.playthrough(seed, game.name())
}

#[test]
fn playthroughs_match_the_golden_files() {
    let bless = std::env::var_os("DARBAR_BLESS").is_some();
    let registry = darbar_lua::registry();
    for name in registry.names() {
        let game = registry.load(name, &Value::Null).unwrap();
        for seed in SEEDS {
            let path = golden_path(name, seed);
            let actual = playthrough(&*game, seed);
            if bless {
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(&path, &actual).unwrap();
                continue;
            }
            let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
                panic!(
                    "{}: {e}; run with DARBAR_BLESS=1 to create it",
                    path.display()
                )
            });
            if expected != actual {
                let line = expected
                    .lines()
                    .zip(actual.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or(0);
                panic!(
                    "{} differs from the engine's output from line {} on; if the change is \
                     intended, regenerate with DARBAR_BLESS=1 cargo test -p darbar-tests --test \
                     golden",
                    path.display(),
                    line + 1
                );
            }
        }
    }
}

#[test]
fn golden_starting_snapshots_load_back_to_the_starting_state() {
    let registry = darbar_lua::registry();
    for name in registry.names() {
        let game = registry.load(name, &Value::Null).unwrap();
        for seed in SEEDS {
            let text = playthrough(&*game, seed);
            let snapshot = text
                .split("# Snapshot\n")
                .nth(1)
                .unwrap()
                .split("\n\n[0]")
                .next()
                .unwrap();
            let restored = registry.restore(snapshot.trim_end(), &Value::Null).unwrap();
            assert!(
                restored.eq_dyn(&*game.new_initial_state(seed)),
                "{name} seed {seed}"
            );
        }
    }
}
