//! Golden playthroughs (architecture, "Tests every game has"): for three seeds, a whole game of
//! Vijayanagara played by the random bot with the Event cards of the Lua deck, written step by
//! step under
//! `tests/playthroughs/vijayanagara/`: the starting position and snapshot, then for every step
//! the decision (who, what), the legal actions, the action chosen and the log, with the board
//! at every card, and the final board and scores. Any change of rules, setup, generator or
//! rendering shows up as a diff.
//!
//! Regenerate after an intended change with:
//! `DARBAR_BLESS=1 cargo test -p darbar-tests --test golden`

use std::fmt::Write as _;
use std::path::PathBuf;

use darbar::bots::RandomBot;
use darbar::engine::Snapshot;
use darbar::vijayanagara::{Log, State};
use darbar_lua::CardHost;

const SEEDS: [u64; 3] = [0, 7, 2024];

fn golden_path(seed: u64) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("playthroughs/vijayanagara")
        .join(format!("game-{seed}.txt"))
}

fn playthrough(host: &CardHost, seed: u64) -> String {
    let mut state = host.new_game(seed);
    let mut text = format!(
        "# Vijayanagara, seed {seed}, random bot (seed {seed}), the darbar default deck\n\n{state}\n# Snapshot\n{}\n",
        state.to_snapshot()
    );
    let mut bot = RandomBot::new(seed);
    let mut log = Log::recording();
    let mut cards = state.deck().played().len();
    let mut step = 0;
    while let Some(decision) = state.decision() {
        let action = bot.choose(&state).expect("a decision has choices");
        let legal: Vec<String> = decision.choices.iter().map(|a| a.to_string()).collect();
        let _ = writeln!(
            text,
            "\n[{step}] {} decides {:?}",
            decision.player, decision.kind
        );
        let _ = writeln!(text, "  legal: {}", legal.join(" | "));
        let _ = writeln!(text, "  chosen: {action}");
        if let Some(prompt) = state.event_prompt() {
            let _ = writeln!(text, "  prompt: {prompt}");
        }
        state
            .apply_with(action, host, &mut log)
            .expect("listed actions apply");
        for line in log.take() {
            let _ = writeln!(text, "  > {line}");
        }
        if state.deck().played().len() != cards {
            cards = state.deck().played().len();
            let _ = write!(text, "\n{state}");
        }
        step += 1;
    }
    let outcome = state.outcome();
    let _ = write!(
        text,
        "\n# Final position after {step} actions\n{state}\n# Outcome\n{outcome:?}\n"
    );
    text
}

#[test]
fn playthroughs_match_the_golden_files() {
    let bless = std::env::var_os("DARBAR_BLESS").is_some();
    let host = CardHost::standard();
    for seed in SEEDS {
        let path = golden_path(seed);
        let actual = playthrough(&host, seed);
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
                "{} differs from the engine's output from line {} on; if the change is intended, \
                 regenerate with DARBAR_BLESS=1 cargo test -p darbar-tests --test golden",
                path.display(),
                line + 1
            );
        }
    }
}

#[test]
fn golden_starting_snapshots_load_back_to_the_starting_state() {
    let host = CardHost::standard();
    for seed in SEEDS {
        let text = playthrough(&host, seed);
        let snapshot = text
            .split("# Snapshot\n")
            .nth(1)
            .unwrap()
            .split("\n\n[0]")
            .next()
            .unwrap();
        assert_eq!(
            State::from_snapshot(snapshot.trim_end()),
            Ok(host.new_game(seed))
        );
    }
}
