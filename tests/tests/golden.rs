//! Golden playthroughs (architecture, "Tests every game has") for every registered game: for
//! three seeds, a whole game played by the random bot (Vijayanagara with the Event cards of
//! the Lua deck), written step by step by `darbar::testing::playthrough` under
//! `tests/playthroughs/<game>/<seed>.txt` (Pax Pamir: one seed for each player count, in
//! `<N>p-<seed>.txt`; Tycoon: four people, and one person beside two automas): the starting
//! position and snapshot, then for every
//! step the decision (who, what), the legal actions, the action chosen and the log, with the
//! whole position at each of the game's milestones, and the final position and returns. Any
//! change of rules, setup, generator or rendering shows up as a diff.
//!
//! Regenerate after an intended change with:
//! `DARBAR_BLESS=1 cargo test -p darbar-tests --test golden`

use std::path::PathBuf;

use darbar::engine::DynGame;
use darbar::games::Registry;
use serde_json::Value;

const SEEDS: [u64; 3] = [0, 7, 2024];

/// Pax Pamir's goldens: one seed for each player count of PP-4.1, in `<N>p-<seed>.txt`.
const PAX_PAMIR: [(u8, u64); 4] = [(2, 0), (3, 7), (4, 2024), (5, 3)];

/// Pax Pamir against Wakhan (WK-10), one person and two, in `wakhan-<N>p-<seed>.txt`: every
/// decision of hers in the log with the rule that made it.
const WAKHAN: [(u8, u64); 2] = [(2, 5), (3, 11)];

/// Tycoon's goldens, in `<N>p-<seed>.txt`: four people (TI-3), and one person beside two
/// automas (TC-16.1), every choice of theirs in the log with the rule that made it.
const TYCOON: [(u8, u64); 2] = [(4, 7), (1, 11)];

/// The goldens of the game `name`: each file's name (without `.txt`), the options it is
/// played with and its seed.
fn goldens(name: &str) -> Vec<(String, Value, u64)> {
    if name == "tycoon" {
        return TYCOON
            .iter()
            .map(|&(n, seed)| {
                (
                    format!("{n}p-{seed}"),
                    serde_json::json!({ "players": n }),
                    seed,
                )
            })
            .collect();
    }
    if name == "pax_pamir" {
        let base = PAX_PAMIR.iter().map(|&(n, seed)| {
            (
                format!("{n}p-{seed}"),
                serde_json::json!({ "players": n }),
                seed,
            )
        });
        let wakhan = WAKHAN.iter().map(|&(n, seed)| {
            (
                format!("wakhan-{n}p-{seed}"),
                serde_json::json!({ "players": n, "wakhan": true }),
                seed,
            )
        });
        return base.chain(wakhan).collect();
    }
    SEEDS
        .iter()
        .map(|&seed| (seed.to_string(), Value::Null, seed))
        .collect()
}

fn golden_path(game: &str, file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("playthroughs")
        .join(game)
        .join(format!("{file}.txt"))
}

fn playthrough(registry: &Registry, game: &dyn DynGame, seed: u64) -> String {
    if game.name() == "tycoon" {
        let people = game
            .options_json()
            .get("players")
            .and_then(Value::as_u64)
            .unwrap_or(0);
        let automas = game.num_players() as u64 - people;
        let title = match (people, automas) {
            (n, 0) => format!("tycoon, {n} people"),
            (1, k) => format!("tycoon, 1 person and {k} automas"),
            (n, k) => format!("tycoon, {n} people and {k} automas"),
        };
        return registry
            .playthrough(game, seed, &title)
            .expect("a registered game");
    }
    let title = match game.options_json().get("players") {
        Some(players) if game.name() == "pax_pamir" => {
            let wakhan = game.options_json().get("wakhan") == Some(&Value::Bool(true));
            let against = if wakhan { ", one of them Wakhan" } else { "" };
            format!("{}, {players} players{against}", game.name())
        }
        _ => game.name().to_owned(),
    };
    registry
        .playthrough(game, seed, &title)
        .expect("a registered game")
}

#[test]
fn playthroughs_match_the_golden_files() {
    let bless = std::env::var_os("DARBAR_BLESS").is_some();
    let registry = darbar_lua::registry();
    for name in registry.names() {
        for (file, options, seed) in goldens(name) {
            let game = registry.load(name, &options).unwrap();
            let path = golden_path(name, &file);
            let actual = playthrough(&registry, &*game, seed);
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
        for (_, options, seed) in goldens(name) {
            let game = registry.load(name, &options).unwrap();
            let text = playthrough(&registry, &*game, seed);
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
