//! The `darbar` program as a user runs it.

use std::process::{Command, Output};

fn darbar(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_darbar"))
        .args(args)
        .output()
        .expect("the darbar binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn new_prints_the_starting_position_of_2_1() {
    let output = darbar(&["new", "vijayanagara", "--seed", "7"]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.contains("seed 7"));
    assert!(text.contains("Khalji dynasty"));
    let line = |name: &str| {
        text.lines()
            .find(|l| l.starts_with(name))
            .unwrap()
            .to_owned()
    };
    assert!(line("Maharashtra").contains("Tributary"));
    assert!(line("Maharashtra").contains("BK 4 Amirs"));
    assert!(line("Andhra").contains("DS 1 Troop, Qasbah | VN 2 Rajas"));
    assert!(line("Orissa").contains("empty"));
    let ds = line("DS ");
    assert_eq!(
        ds.split_whitespace().take(4).collect::<Vec<_>>(),
        ["DS", "12", "2", "18"]
    );
    assert!(text.contains("Cavalry pool: 8"));
}

#[test]
fn new_json_round_trips_through_show() {
    let output = darbar(&["new", "vijayanagara", "--seed", "3", "--json"]);
    assert!(output.status.success());
    let snapshot = stdout(&output);
    let value: serde_json::Value = serde_json::from_str(&snapshot).unwrap();
    assert_eq!(value["game"], "vijayanagara");
    let dir = std::env::temp_dir().join(format!("darbar-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("start.json");
    std::fs::write(&path, &snapshot).unwrap();
    let shown = darbar(&["show", path.to_str().unwrap()]);
    assert!(shown.status.success());
    assert_eq!(
        stdout(&shown),
        stdout(&darbar(&["new", "vijayanagara", "--seed", "3"]))
    );
    // A damaged snapshot is refused with the rule it breaks, and a failing exit code.
    std::fs::write(
        &path,
        snapshot.replacen("\"troops\": 4", "\"troops\": 9", 1),
    )
    .unwrap();
    let refused = darbar(&["show", path.to_str().unwrap()]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("R-3"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn map_prints_the_reconstructed_map() {
    let output = darbar(&["map", "vijayanagara"]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.contains("reconstructed"));
    assert!(text.contains("Vijayanagara (Hampi)"));
}

#[test]
fn unknown_game_is_refused() {
    let output = darbar(&["new", "chess"]);
    assert!(!output.status.success());
}

/// The README's Lua quick start: the script, run as the README says, prints what it shows.
#[test]
fn readme_lua_quick_start_runs_as_shown() {
    let readme = include_str!("../../README.md");
    let block = |fence: &str| -> String {
        let start = readme.find(fence).expect("the README has the block") + fence.len();
        let end = start + readme[start..].find("```").unwrap();
        readme[start..end].to_owned()
    };
    let script = block("```lua\n");
    let shell = block("```sh\ncargo run -p darbar-cli -- eval");
    let expected: String = shell
        .lines()
        .filter_map(|l| l.strip_prefix("# "))
        .map(|l| format!("{l}\n"))
        .collect();
    let path = std::env::temp_dir().join(format!("darbar-ready-{}.lua", std::process::id()));
    std::fs::write(&path, script).unwrap();
    let output = darbar(&["eval", path.to_str().unwrap(), "--seed", "7"]);
    std::fs::remove_file(&path).unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(stdout(&output), expected);
}

#[test]
fn eval_stops_a_runaway_script_with_its_limit() {
    let path = std::env::temp_dir().join(format!("darbar-loop-{}.lua", std::process::id()));
    std::fs::write(&path, "while true do end").unwrap();
    let output = darbar(&["eval", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("budget"));
}

/// `darbar play` plays a whole game to final scoring (§5.0), and `darbar replay` reproduces it.
#[test]
fn play_then_replay_gives_the_same_game() {
    let dir = std::env::temp_dir().join(format!("darbar-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.json");
    let played = darbar(&[
        "play",
        "vijayanagara",
        "--seed",
        "11",
        "--json-log",
        record.to_str().unwrap(),
    ]);
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    let text = stdout(&played);
    assert!(text.contains("Timur invades Delhi"));
    assert!(text.contains("Game over."));
    assert!(text.contains("Winner: "));
    // The Event cards of the default deck are played (§2.3.4).
    assert!(text.contains("the darbar default deck (original, not the published cards)"));
    assert!(text.contains(" carries out Event "), "{text}");
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(value["game"], "vijayanagara");
    assert_eq!(value["options"]["events"], true);
    assert_eq!(value["seed"], 11);
    assert!(value["actions"].as_array().unwrap().len() > 50);
    let replayed = darbar(&["replay", record.to_str().unwrap()]);
    assert!(replayed.status.success());
    let body = |t: &str| t.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&stdout(&replayed)), body(&text));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--no-events` plays without Event cards: Event or Command always means a Command.
#[test]
fn play_without_events_never_carries_out_an_event() {
    let played = darbar(&["play", "vijayanagara", "--seed", "11", "--no-events"]);
    assert!(played.status.success());
    let text = stdout(&played);
    assert!(text.contains("no Event cards"));
    assert!(!text.contains(" carries out Event "));
    assert!(text.contains("Winner: "));
}

/// `--deck DIR` refuses a directory that is not a whole deck, naming what is missing.
#[test]
fn play_with_a_deck_that_lacks_cards_is_refused() {
    let dir = std::env::temp_dir().join(format!("darbar-deck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let played = darbar(&["play", "vijayanagara", "--deck", dir.to_str().unwrap()]);
    assert!(!played.status.success());
    assert!(String::from_utf8_lossy(&played.stderr).contains("the deck has no card 1, 2, 3"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A person plays a faction at the terminal: numbered choices, a refused answer asked again,
/// the board on request, and the game to its end.
#[test]
fn a_human_plays_the_sultanate_through_stdin() {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_darbar"))
        .args(["play", "vijayanagara", "--seed", "5", "--human", "DS"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut answers = String::from("board\nconquer Bengal\n99\n");
    answers += &"1\n".repeat(20_000);
    // The game may end before every answer is read; a closed pipe then is expected.
    let _ = child.stdin.take().unwrap().write_all(answers.as_bytes());
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = stdout(&output);
    assert!(text.contains("and you as DS"));
    assert!(text.contains("Delhi Sultanate to decide"));
    assert!(text.contains("\"conquer Bengal\" is not one of the choices."));
    assert!(text.contains("\"99\" is not one of the choices."));
    assert!(text.contains("Winner: "));
}

#[test]
fn a_human_whose_input_ends_stops_the_game_with_an_error() {
    let output = Command::new(env!("CARGO_BIN_EXE_darbar"))
        .args([
            "play",
            "vijayanagara",
            "--seed",
            "5",
            "--human",
            "DS",
            "--human",
            "BK",
            "--human",
            "VN",
        ])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("input ended"));
}

/// Runs `darbar` with `args`, feeding `answers` on standard input.
fn darbar_with_input(args: &[&str], answers: &str) -> Output {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_darbar"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The game may end before every answer is read; a closed pipe then is expected.
    let _ = child.stdin.take().unwrap().write_all(answers.as_bytes());
    child.wait_with_output().unwrap()
}

/// A person plays the raid game at the terminal to its end: numbered choices, the board on
/// request, a refused answer asked again, every GM roll in the log, the ending and score.
#[test]
fn a_human_plays_the_raid_game_through_stdin() {
    let answers = String::from("board\nraid castle-1\n0\n") + &"1\n".repeat(20_000);
    let output = darbar_with_input(&["play", "raid", "--seed", "7"], &answers);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = stdout(&output);
    assert!(text.contains("The kingdom raid game, seed 7; you play"));
    assert!(text.contains("Decide a site to scout, or none (RG-4):"));
    assert!(text.contains("   1. scout fort-1  (unknown)"));
    assert!(text.contains("Sites (as last seen):"));
    assert!(text.contains("\"raid castle-1\" is not one of the choices."));
    assert!(text.contains("\"0\" is not one of the choices."));
    assert!(text.contains("> scout fort-1"));
    assert!(text.contains("GM rolls 3d3 for fort-1's Soldiers: "));
    assert!(text.contains("GM rolls 2d6 for the day's war: "));
    assert!(text.contains("Ending: "));
    assert!(text.contains("Score: "));
}

/// `undo` takes back a choice that rolled no dice, and refuses one that did.
#[test]
fn undo_takes_back_a_choice_without_dice() {
    let answers = String::from("undo\nskip-scout\nundo\nscout village-1\nundo\nend-raids\n")
        + &"1\n".repeat(20_000);
    let output = darbar_with_input(&["play", "raid", "--seed", "3"], &answers);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = stdout(&output);
    assert!(text.contains("Nothing to undo."));
    assert!(text.contains("> skip-scout\nno scouting today\n"));
    assert!(text.contains("Undone: skip-scout."));
    assert!(text.contains("> scout village-1"));
    assert!(text.contains("Cannot undo scout village-1: the GM rolled dice for it (6 rolls)."));
    assert!(text.contains("> end-raids"));
    assert!(text.contains("Ending: "));
}

/// The greedy bot plays a raid game to its end; its replay record replays to the same end.
#[test]
fn the_greedy_bot_finishes_a_raid_game_and_it_replays() {
    let dir = std::env::temp_dir().join(format!("darbar-raid-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("raid.json");
    let played = darbar(&[
        "play",
        "raid",
        "--seed",
        "5",
        "--bots",
        "greedy",
        "--json-log",
        record.to_str().unwrap(),
    ]);
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    let text = stdout(&played);
    assert!(text.contains("the greedy bot plays"));
    assert!(text.contains("Ending: "));
    assert!(text.contains("Rank: ") || text.contains("Score: none"));
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(value["game"], "raid");
    let replayed = darbar(&["replay", record.to_str().unwrap()]);
    assert!(replayed.status.success());
    let body = |t: &str| t.lines().skip(1).collect::<Vec<_>>().join("\n");
    let replayed = stdout(&replayed);
    let from = |t: &str| body(&t[t.find("\n> ").unwrap()..]);
    assert_eq!(from(&replayed), from(&text));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The options of Vijayanagara alone are refused for the raid game, and the other way round.
#[test]
fn options_of_the_other_game_are_refused() {
    for args in [
        &["play", "raid", "--human", "DS"][..],
        &["play", "raid", "--no-events", "--bots", "random"],
        &["fuzz", "raid", "--games", "1", "--deck", "cards"],
        &["play", "vijayanagara", "--bots", "greedy"],
    ] {
        let output = darbar(args);
        assert!(!output.status.success(), "{args:?}");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(
            error.contains("Vijayanagara only") || error.contains("raid game only"),
            "{args:?}: {error}"
        );
    }
}

/// `fuzz raid` plays checked random games; `stats raid` tabulates a bot's games.
#[test]
fn fuzz_and_stats_of_the_raid_game() {
    let fuzzed = darbar(&["fuzz", "raid", "--games", "20", "--threads", "2"]);
    assert!(fuzzed.status.success());
    assert!(stdout(&fuzzed).contains("20 raid games, full checks, 2 threads: no failure."));
    let stats = darbar(&["stats", "raid", "--games", "20", "--bots", "random"]);
    assert!(stats.status.success());
    let text = stdout(&stats);
    assert!(text.contains("20 raid games with the random bot"));
    assert!(text.contains("| the Empire arrives (scored) |"));
    assert!(text.contains("| rebellion |"));
    assert!(text.contains("| Brigand (score 0+) |"));
}

/// `new raid --json` writes a raid snapshot that `show` prints as `new raid` does.
#[test]
fn a_raid_snapshot_shows_as_its_picture() {
    let output = darbar(&["new", "raid", "--seed", "4", "--json"]);
    assert!(output.status.success());
    let path = std::env::temp_dir().join(format!("darbar-raid-{}.json", std::process::id()));
    std::fs::write(&path, stdout(&output)).unwrap();
    let shown = darbar(&["show", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert!(shown.status.success());
    let text = stdout(&shown);
    assert_eq!(text, stdout(&darbar(&["new", "raid", "--seed", "4"])));
    assert!(text.contains("Day 1, scout phase"));
    let picture = darbar(&["new", "raid", "--seed", "4", "--svg"]);
    assert!(picture.status.success());
    assert!(stdout(&picture).starts_with("<svg"));
}

/// `bench --json` prints exactly one JSON object with the three figures.
#[test]
fn bench_json_gives_the_three_figures() {
    let output = darbar(&["bench", "raid", "--games", "20", "--threads", "1", "--json"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let object = value.as_object().unwrap();
    let mut keys: Vec<&str> = object.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["actions_per_game", "actions_per_s", "games_per_s"]);
    assert!(object.values().all(|v| v.as_f64().is_some_and(|x| x > 0.0)));
}

/// Every registered game (the test games too, with the feature) goes through every generic
/// command: new and show, play with bots and its replay, fuzz and bench.
#[test]
fn every_registered_game_runs_every_command() {
    let dir = std::env::temp_dir().join(format!("darbar-every-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ok = |args: &[&str]| {
        let output = darbar(args);
        assert!(
            output.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        stdout(&output)
    };
    for name in darbar_lua::registry().names() {
        let board = ok(&["new", name, "--seed", "2"]);
        let snapshot = dir.join(format!("{name}-start.json"));
        std::fs::write(&snapshot, ok(&["new", name, "--seed", "2", "--json"])).unwrap();
        assert_eq!(ok(&["show", snapshot.to_str().unwrap()]), board, "{name}");

        let record = dir.join(format!("{name}-game.json"));
        let played = ok(&[
            "play",
            name,
            "--seed",
            "2",
            "--bots",
            "random",
            "--json-log",
            record.to_str().unwrap(),
        ]);
        assert!(played.contains(&board), "{name}: the start is shown");
        let replayed = ok(&["replay", record.to_str().unwrap()]);
        assert!(replayed.starts_with(&format!("Replay of {name}, seed 2\n")));
        let body = |t: &str| t.lines().skip(1).collect::<Vec<_>>().join("\n");
        assert_eq!(body(&replayed), body(&played), "{name}");
        let end = ok(&["replay", record.to_str().unwrap(), "--snapshot"]);
        let end: serde_json::Value = serde_json::from_str(&end).unwrap();
        assert_eq!(end["game"], name);

        let fuzzed = ok(&["fuzz", name, "--games", "3", "--threads", "2"]);
        assert!(
            fuzzed.starts_with(&format!("3 {name} games")),
            "{name}: {fuzzed}"
        );
        assert!(fuzzed.contains("full checks, 2 threads: no failure."));
        let bench = ok(&["bench", name, "--games", "3", "--threads", "1", "--json"]);
        let bench: serde_json::Value = serde_json::from_str(&bench).unwrap();
        assert!(bench["actions_per_game"].as_f64().unwrap() > 0.0, "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `bench` without `--json` prints the figures in words; Vijayanagara says which cards it plays.
#[test]
fn bench_prints_its_figures() {
    let text = stdout(&darbar(&[
        "bench",
        "vijayanagara",
        "--games",
        "2",
        "--threads",
        "1",
        "--no-events",
    ]));
    assert!(text.starts_with("2 vijayanagara games without Event cards, 1 threads: "));
    assert!(text.contains(" games/s, "));
    assert!(text.contains(" actions/s, "));
    assert!(text.contains(" actions per game."));
}

/// An unknown bot is refused, naming the bots the game has.
#[test]
fn an_unknown_bot_is_refused_with_the_game_s_bots() {
    let output = darbar(&["play", "vijayanagara", "--bots", "alphazero"]);
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(
        error.contains("unknown bot \"alphazero\": Vijayanagara has the bots random, rollout"),
        "{error}"
    );
}

/// `--players` goes to games with a player count option, and is refused by the others.
#[cfg(feature = "test-games")]
#[test]
fn players_is_an_option_of_games_with_a_player_count() {
    let output = darbar(&["play", "nim", "--seed", "1", "--players", "3"]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.contains("seat 2 takes"), "{text}");
    assert!(text.contains("Returns: seat 0 "));
    let refused = darbar(&["new", "raid", "--players", "3"]);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--players applies to nim only"));
}

#[test]
fn run_counts_that_would_exhaust_the_process_are_refused() {
    // A pool of 100,000 threads aborts the process: refused before any thread starts.
    for command in ["fuzz", "bench", "stats"] {
        for threads in ["0", "100000"] {
            let output = darbar(&[command, "raid", "--games", "3", "--threads", threads]);
            assert!(!output.status.success(), "{command} --threads {threads}");
            let error = String::from_utf8_lossy(&output.stderr);
            assert!(
                error.contains(&format!("threads must be from 1 to 256, not {threads}")),
                "{error}"
            );
        }
    }
    let output = darbar(&["bench", "nim", "--games", "1000000000000"]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("games at once"));
}
