//! The `darbar` program as a user runs it.

use std::process::{Command, Output};

mod common;

use common::{darbar, stderr, stdout};

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

/// The end of the input (Ctrl-D) stops the game with an error, and saves it first, in the
/// default file of the current directory, and to `--json-log`.
#[test]
fn a_human_whose_input_ends_stops_the_game_and_it_is_saved() {
    let dir = Scratch::new("eof");
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
            "--json-log",
            "log.json",
        ])
        .current_dir(&dir.0)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("input ended"), "{error}");
    assert!(
        error.contains("saved in darbar-vijayanagara-5.json; go on with: darbar play --resume darbar-vijayanagara-5.json"),
        "{error}"
    );
    for file in ["darbar-vijayanagara-5.json", "log.json"] {
        let saved: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.0.join(file)).unwrap()).unwrap();
        assert_eq!(saved["game"], "vijayanagara");
        assert_eq!(saved["seed"], 5);
        assert_eq!(saved["actions"], serde_json::json!([]));
    }
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

/// `darbar arena`: search against random play, seats rotated, a table per bot and per seat
/// with 95% intervals, ratings once three kinds of bot play, and the same games as JSON.
#[test]
fn the_arena_tables_bots_against_each_other() {
    let output = darbar(&[
        "arena",
        "pax_pamir",
        "--players",
        "3",
        "--bots",
        "ismcts:iterations=10,rollout,random",
        "--games",
        "3",
        "--threads",
        "2",
    ]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(text.starts_with("3 games of pax_pamir"), "{text}");
    assert!(text.contains("seats rotated"), "{text}");
    assert!(
        text.contains("win rate [95%]") && text.contains("mean return [95%]"),
        "{text}"
    );
    assert!(text.contains("By seat:"), "{text}");
    assert!(text.contains("Ratings (Bradley-Terry"), "{text}");
    let output = darbar(&[
        "arena",
        "raid",
        "--bots",
        "mcts:iterations=20",
        "--games",
        "2",
        "--json",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["played"].as_array().unwrap().len(), 2);
    assert_eq!(json["by_bot"][0]["bot"], "mcts:iterations=20");
    assert!(
        json["by_bot"][0]["win_rate"].is_null(),
        "one seat: nobody to beat"
    );
    // The automas' seats (TC-16) decide nothing and count for no bot: one person's seat a game.
    let output = darbar(&[
        "arena",
        "tycoon",
        "--players",
        "1",
        "--bots",
        "random",
        "--games",
        "2",
        "--json",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["by_bot"][0]["games"], 2);
    assert_eq!(
        json["played"][0]["decided"],
        serde_json::json!([true, false, false])
    );
    // A spec the bot does not take is refused, naming what is wrong.
    let output = darbar(&[
        "arena",
        "raid",
        "--bots",
        "mcts:iterations=many",
        "--games",
        "1",
    ]);
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("iterations takes a whole number"), "{error}");
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
    assert!(
        String::from_utf8_lossy(&refused.stderr)
            .contains("--players applies to Pax Pamir, Tycoon: India 1981 and nim only")
    );
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

/// A copy of the default deck in a fresh directory named `name`, with `edits` made to its
/// files (`(file, from, to)`); removed when dropped.
struct CardDir(std::path::PathBuf);

impl CardDir {
    fn new(name: &str, edits: &[(&str, &str, &str)]) -> CardDir {
        let dir = std::env::temp_dir()
            .join(format!("darbar-cards-{}-{name}", std::process::id()))
            .join(name);
        std::fs::create_dir_all(&dir).unwrap();
        for (file, source) in darbar_lua::STANDARD_DECK {
            let mut source = (*source).to_owned();
            for (edited, from, to) in edits {
                if edited == file {
                    assert!(source.contains(from), "{file} has no {from:?}");
                    source = source.replacen(from, to, 1);
                }
            }
            std::fs::write(dir.join(file), source).unwrap();
        }
        CardDir(dir)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for CardDir {
    fn drop(&mut self) {
        if let Some(parent) = self.0.parent() {
            let _ = std::fs::remove_dir_all(parent);
        }
    }
}

/// `darbar card N` runs one Event side (§2.3.4) on a position: the card's text, each choice it
/// asks with its options and the answer, its log and the board after it.
#[test]
fn rule_2_3_4_card_runs_one_event_on_a_snapshot_and_prints_choices_log_and_board() {
    let dir = std::env::temp_dir().join(format!("darbar-card-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let snapshot = dir.join("position.json");
    let new = darbar(&["new", "vijayanagara", "--seed", "7", "--json"]);
    assert!(new.status.success());
    std::fs::write(&snapshot, stdout(&new)).unwrap();

    let output = darbar(&["card", "3", "--snapshot", snapshot.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with("Event 3: Fall of Anhilwara (1299)"),
        "{text}"
    );
    assert!(text.contains("unshaded: BK gains 2 cavalry"), "{text}");
    assert!(text.contains("Choice 1, BK: Place 1 Amir in"), "{text}");
    assert!(text.contains("1. select Gujarat  <- chosen"), "{text}");
    assert!(text.contains("2. select Maharashtra\n"), "{text}");
    assert!(
        text.contains("Log:\n  BK gains 2 cavalry tokens\n  BK places 1 Amir in Gujarat\n"),
        "{text}"
    );
    // The board after the card: seed 7 starts with 1 Amir in Gujarat (§2.1), now 2.
    let board = text.split("The board after the card:").nth(1).unwrap();
    assert!(
        board
            .lines()
            .any(|l| l.starts_with("Gujarat") && l.contains("BK 2 Amirs")),
        "{board}"
    );

    // `--choices` answers the card's choices by number.
    let second = darbar(&[
        "card",
        "3",
        "--snapshot",
        snapshot.to_str().unwrap(),
        "--choices",
        "2",
    ]);
    assert!(second.status.success(), "{}", stderr(&second));
    let text = stdout(&second);
    assert!(text.contains("2. select Maharashtra  <- chosen"), "{text}");
    assert!(text.contains("BK places 1 Amir in Maharashtra"), "{text}");
    let refused = darbar(&["card", "3", "--seed", "7", "--choices", "5"]);
    assert!(!refused.status.success());
    assert!(
        stderr(&refused).contains("there are 2 options"),
        "{}",
        stderr(&refused)
    );

    // The shaded side.
    let shaded = darbar(&["card", "3", "--seed", "7", "--side", "shaded"]);
    assert!(shaded.status.success(), "{}", stderr(&shaded));
    assert!(stdout(&shaded).contains("The shaded side"));
    let bad_side = darbar(&["card", "3", "--side", "both"]);
    assert!(!bad_side.status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A card whose script fails names its file and line, and `darbar card` exits non-zero
/// without a panic; a deck that does not load names its file and line too.
#[test]
fn rule_2_3_4_a_broken_card_gives_its_file_and_line() {
    let deck = CardDir::new(
        "broken",
        &[(
            "03.lua",
            "ctx:place(space, \"Amir\", 1)",
            "ctx:place(space, \"Amir\", nil + 1)",
        )],
    );
    let output = darbar(&["card", "3", "--deck", deck.path(), "--seed", "7"]);
    assert!(!output.status.success());
    let error = stderr(&output);
    assert!(error.contains("03.lua:25: "), "{error}");
    assert!(error.contains("arithmetic"), "{error}");
    assert!(!error.contains("panicked"), "{error}");

    let unloadable = CardDir::new("unloadable", &[("05.lua", "order = ", "order = = ")]);
    let output = darbar(&["card", "5", "--deck", unloadable.path()]);
    assert!(!output.status.success());
    let error = stderr(&output);
    assert!(error.contains("05.lua: syntax error at line"), "{error}");
}

/// A game played with a deck of one's own names that deck (and a hash of its files) in its
/// replay record; `darbar replay` without it says which deck it needs, and with it replays.
#[test]
fn replay_without_the_deck_it_was_played_with_names_the_deck() {
    let deck = CardDir::new(
        "mydeck",
        &[("03.lua", "Fall of Anhilwara (1299)", "My Own Anhilwara")],
    );
    let dir = std::env::temp_dir().join(format!("darbar-replay-deck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.json");
    let played = darbar(&[
        "play",
        "vijayanagara",
        "--seed",
        "11",
        "--deck",
        deck.path(),
        "--json-log",
        record.to_str().unwrap(),
    ]);
    assert!(played.status.success(), "{}", stderr(&played));
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(value["deck"]["name"], "mydeck");
    let hash = value["deck"]["hash"].as_str().unwrap().to_owned();
    assert_eq!(hash.len(), 16);

    let missing = darbar(&["replay", record.to_str().unwrap()]);
    assert!(!missing.status.success());
    let error = stderr(&missing);
    assert!(
        error.contains(&format!("the deck \"mydeck\" (content hash {hash})")),
        "{error}"
    );
    assert!(error.contains("--deck DIR"), "{error}");

    let replayed = darbar(&["replay", record.to_str().unwrap(), "--deck", deck.path()]);
    assert!(replayed.status.success(), "{}", stderr(&replayed));
    assert!(stdout(&replayed).contains("Winner: "));

    // Another deck of one's own is not the one the record needs.
    let other = CardDir::new("other", &[("04.lua", "Hammira", "Not Hammira")]);
    let wrong = darbar(&["replay", record.to_str().unwrap(), "--deck", other.path()]);
    assert!(!wrong.status.success());
    let error = stderr(&wrong);
    assert!(
        error.contains("\"mydeck\"") && error.contains("\"other\""),
        "{error}"
    );

    // A record of the default deck names it as such, and a record written before records
    // named their deck still replays.
    let default = dir.join("default.json");
    let played = darbar(&[
        "play",
        "vijayanagara",
        "--seed",
        "3",
        "--json-log",
        default.to_str().unwrap(),
    ]);
    assert!(played.status.success());
    let mut value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&default).unwrap()).unwrap();
    assert_eq!(value["deck"]["name"], "default");
    value.as_object_mut().unwrap().remove("deck");
    std::fs::write(&default, value.to_string()).unwrap();
    assert!(
        darbar(&["replay", default.to_str().unwrap()])
            .status
            .success()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A fresh directory for one test, removed when dropped: the current directory of a game at
/// the terminal, where `quit` saves.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("darbar-term-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn file(&self, name: &str) -> String {
        self.0.join(name).to_str().unwrap().to_owned()
    }

    fn read(&self, name: &str) -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(self.0.join(name)).unwrap()).unwrap()
    }

    /// Runs `darbar` here with `args`, feeding `answers` on standard input.
    fn darbar(&self, args: &[&str], answers: &str) -> Output {
        use std::io::Write as _;
        let mut child = Command::new(env!("CARGO_BIN_EXE_darbar"))
            .args(args)
            .current_dir(&self.0)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // The game may end before every answer is read; a closed pipe then is expected.
        let _ = child.stdin.take().unwrap().write_all(answers.as_bytes());
        child.wait_with_output().unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The menus of a game's output: the numbered entries of each decision.
fn menus(text: &str) -> Vec<Vec<String>> {
    let mut menus = Vec::new();
    let mut menu: Vec<String> = Vec::new();
    for line in text.lines() {
        let entry = line.trim_start().split_once(". ").filter(|(n, _)| {
            line.starts_with("  ") && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())
        });
        match entry {
            Some((_, text)) => menu.push(text.to_owned()),
            None if !menu.is_empty() => menus.push(std::mem::take(&mut menu)),
            None => {}
        }
    }
    menus
}

/// A save to a file that cannot be written says why, and the game goes on: the person is
/// asked again, and `quit` then saves it where it can.
#[test]
fn terminal_a_failed_save_says_why_and_the_game_goes_on() {
    let dir = Scratch::new("failed-save");
    let output = dir.darbar(
        &["play", "raid", "--seed", "7"],
        "save /nonexistent/dir/x.json\nquit\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("Not saved: /nonexistent/dir/x.json: "),
        "{text}"
    );
    assert!(text.contains("The game goes on.\nYour choice"), "{text}");
    assert!(
        text.contains("The game so far is saved in darbar-raid-7.json"),
        "{text}"
    );
    assert_eq!(dir.read("darbar-raid-7.json")["game"], "raid");
}

/// A space's name alone answers a decision when it names exactly one choice (`select
/// Maharashtra`), and so does a unique beginning of a choice's text; an answer that could
/// mean several choices lists them and asks again.
#[test]
fn terminal_a_unique_name_or_prefix_answers() {
    let dir = Scratch::new("names");
    let output = dir.darbar(
        &["play", "vijayanagara", "--seed", "3", "--human", "DS"],
        "1\ncommand cons\nMa\nmaharashtra\nquit\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("DS commands Conscript"), "{text}");
    assert!(
        text.contains(
            "\"Ma\" could mean:\n   5. select Malwa\n   7. select Madhyadesh\n  10. select \
             Maharashtra\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("Delhi Sultanate to decide Conscript in Maharashtra (§3.2.1)"),
        "{text}"
    );
    assert!(!text.contains("\"maharashtra\" is not one of the choices"));
}

/// `--human` takes a seat's name or its number counted from 1, in every game: `--human 1` in
/// Pax Pamir is P1; 0 and a number past the seats are refused with the list of the seats.
#[test]
fn human_seats_are_numbered_from_1() {
    let dir = Scratch::new("human-numbers");
    let output = dir.darbar(
        &["play", "pax_pamir", "--seed", "3", "--human", "1"],
        "quit\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).starts_with("Pax Pamir, 3 players, seed 3; random bots and you as P1"),
        "{}",
        stdout(&output)
    );
    let output = dir.darbar(&["play", "vijayanagara", "--human", "3"], "quit\n");
    assert!(stdout(&output).contains("you as VN"), "{}", stdout(&output));
    for (game, seat, seats) in [
        ("pax_pamir", "0", "1 (P1), 2 (P2), 3 (P3)"),
        ("pax_pamir", "4", "1 (P1), 2 (P2), 3 (P3)"),
        ("vijayanagara", "4", "1 (DS), 2 (BK), 3 (VN)"),
    ] {
        let output = darbar(&["play", game, "--human", seat]);
        assert!(!output.status.success(), "{game} {seat}");
        let error = stderr(&output);
        assert!(
            error.contains(&format!("no seat \"{seat}\"; its seats are {seats}")),
            "{error}"
        );
    }
}

/// `show` of a saved game (its replay record, what `quit` writes) replays it and shows its
/// last position, the same as `show` of that position's snapshot.
#[test]
fn show_shows_a_saved_game_at_its_last_position() {
    let dir = Scratch::new("show-saved");
    let output = dir.darbar(&["play", "raid", "--seed", "7"], "1\n1\nquit\n");
    assert!(output.status.success(), "{}", stderr(&output));
    let saved = dir.file("darbar-raid-7.json");
    let shown = darbar(&["show", &saved]);
    assert!(shown.status.success(), "{}", stderr(&shown));
    let snapshot = darbar(&["replay", &saved, "--snapshot"]);
    let position = dir.file("position.json");
    std::fs::write(&position, &snapshot.stdout).unwrap();
    let expected = darbar(&["show", &position]);
    assert!(expected.status.success(), "{}", stderr(&expected));
    assert_eq!(stdout(&shown), stdout(&expected));
    assert_ne!(
        stdout(&shown),
        stdout(&darbar(&["new", "raid", "--seed", "7"]))
    );
    let refused = darbar(&["show", &saved, "--content", "x"]);
    assert!(stderr(&refused).contains("--content applies to Tycoon: India 1981 only"));
}

/// `help` lists the commands and says what the decision is (its kind and rule) and where the
/// rules are; `board` shows the board and asks again.
#[test]
fn terminal_help_names_the_commands_the_decision_and_the_rules() {
    let dir = Scratch::new("help");
    let output = dir.darbar(&["play", "raid", "--seed", "7"], "help\nboard\nquit\n");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    for command in ["board ", "undo ", "save FILE ", "quit ", "help "] {
        assert!(
            text.contains(&format!("\n  {command}")),
            "{command}: {text}"
        );
    }
    assert!(text.contains("quit                         saves the game in darbar-raid-7.json"));
    assert!(text.contains("Now: the raider decides a site to scout, or none (RG-4)."));
    assert!(text.contains("docs/rules/raid.md"));
    // The board again, then the same question again.
    assert_eq!(text.matches("Sites (as last seen):").count(), 2, "{text}");
    assert_eq!(
        text.matches("Decide a site to scout, or none (RG-4):")
            .count(),
        2
    );
}

/// `quit` saves the game so far to the default file of the current directory and says so;
/// `darbar play --resume` replays it and goes on where it stopped; a resumed game saves back
/// to its own file; `save FILE` saves elsewhere without stopping.
#[test]
fn terminal_quit_saves_and_resume_goes_on_to_the_end() {
    let dir = Scratch::new("resume");
    let output = dir.darbar(
        &["play", "raid", "--seed", "3"],
        "skip-scout\nsave early.json\nend-raids\nquit\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains(
        "The game so far is saved in early.json; go on with: darbar play --resume early.json"
    ));
    assert!(text.contains(
        "The game so far is saved in darbar-raid-3.json; go on with: darbar play --resume \
         darbar-raid-3.json"
    ));
    assert!(!text.contains("Ending: "));
    assert_eq!(
        dir.read("early.json")["actions"],
        serde_json::json!(["skip_scout"])
    );
    let saved = dir.read("darbar-raid-3.json");
    assert_eq!(saved["game"], "raid");
    assert_eq!(saved["seed"], 3);
    assert_eq!(
        saved["actions"],
        serde_json::json!(["skip_scout", "end_raids"])
    );

    let resumed = dir.darbar(
        &["play", "--resume", "darbar-raid-3.json"],
        &"1\n".repeat(20_000),
    );
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    let text = stdout(&resumed);
    assert!(text.contains("The kingdom raid game, seed 3; you play"));
    assert!(text.contains("Resumed from darbar-raid-3.json after 2 actions."));
    // Day 1 goes on in its settlement phase: the war of end-raids is not rolled again.
    assert!(text.contains("Day 1, settlement phase"));
    assert!(!text.contains("Day 1, scout phase"));
    assert!(text.contains("Ending: "));
    // The same game played straight through ends the same way.
    let straight = dir.darbar(
        &["play", "raid", "--seed", "3"],
        &(String::from("skip-scout\nend-raids\n") + &"1\n".repeat(20_000)),
    );
    let ending = |t: &str| t[t.find("Ending: ").unwrap()..].to_owned();
    assert_eq!(ending(&text), ending(&stdout(&straight)));

    // A resumed game quits into its own file.
    let again = dir.darbar(&["play", "--resume", "early.json"], "end-raids\nquit\n");
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(stdout(&again).contains("saved in early.json"));
    assert_eq!(
        dir.read("early.json")["actions"],
        serde_json::json!(["skip_scout", "end_raids"])
    );
}

/// A damaged save is refused with what is wrong, and nothing is played.
#[test]
fn terminal_resume_refuses_a_damaged_save() {
    let dir = Scratch::new("damaged");
    std::fs::write(
        dir.0.join("cut.json"),
        "{\"game\": \"raid\", \"seed\": 3, \"act",
    )
    .unwrap();
    let output = dir.darbar(&["play", "--resume", "cut.json"], "1\n");
    assert!(!output.status.success());
    let error = stderr(&output);
    assert!(error.contains("cut.json: cannot resume it"), "{error}");
    assert!(stdout(&output).is_empty());
    // An action the rules refuse at its place in the record (RG-4: one scout a day).
    std::fs::write(
        dir.0.join("bad.json"),
        r#"{"game": "raid", "seed": 3, "actions": ["skip_scout", "skip_scout"]}"#,
    )
    .unwrap();
    let output = dir.darbar(&["play", "--resume", "bad.json"], "1\n");
    assert!(!output.status.success());
    let error = stderr(&output);
    assert!(error.contains("bad.json: cannot resume it"), "{error}");
    assert!(
        error.contains("skip-scout") || error.contains("1"),
        "{error}"
    );
    // The options of a saved game are its own.
    let output = dir.darbar(&["play", "--resume", "bad.json", "--no-events"], "");
    assert!(!output.status.success());
}

/// Ctrl-C saves the game as it stood at the last question, to the default file.
#[cfg(unix)]
#[test]
fn terminal_ctrl_c_saves_the_game() {
    use std::io::Write as _;
    let dir = Scratch::new("interrupt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_darbar"))
        .args(["play", "raid", "--seed", "3"])
        .current_dir(&dir.0)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"skip-scout\n").unwrap();
    stdin.flush().unwrap();
    // The program waits for the next answer with its standard input still open.
    let saved = dir.0.join("darbar-raid-3.json");
    let mut tries = 0;
    loop {
        std::thread::sleep(std::time::Duration::from_millis(200));
        let status = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        std::thread::sleep(std::time::Duration::from_millis(200));
        if saved.exists() || tries == 20 {
            break;
        }
        tries += 1;
    }
    let output = child.wait_with_output().unwrap();
    drop(stdin);
    assert_eq!(output.status.code(), Some(130), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("Interrupted. The game so far is saved in darbar-raid-3.json")
    );
    let actions = dir.read("darbar-raid-3.json")["actions"].clone();
    assert!(
        actions == serde_json::json!(["skip_scout"]) || actions == serde_json::json!([]),
        "{actions}"
    );
}

/// `undo` takes back a person's choice and the bots' moves since when nothing was revealed,
/// and says when there is nothing of the person's to take back.
#[cfg(feature = "test-games")]
#[test]
fn terminal_undo_goes_back_over_the_bots_moves_since() {
    let dir = Scratch::new("undo-nim");
    let output = dir.darbar(
        &["play", "nim", "--seed", "1", "--human", "1"],
        "take 1 from 0\nundo\nundo\nquit\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("seat 0 takes 1 from heap 0\nseat 1 takes"),
        "{text}"
    );
    assert!(text.contains("Undone: take 1 from 0.\n(With the 1 move made since.)"));
    assert!(text.contains("Nothing to undo."));
    assert_eq!(
        dir.read("darbar-nim-1.json")["actions"],
        serde_json::json!([])
    );
}

/// In Vijayanagara `undo` takes back a choice that revealed nothing, and refuses to go back
/// over dice rolled since (§3.X), naming the move that rolled them.
#[test]
fn rule_3_x_undo_in_vijayanagara_stops_at_dice_rolled() {
    let dir = Scratch::new("undo-vj");
    let output = dir.darbar(
        &["play", "vijayanagara", "--seed", "5", "--human", "DS"],
        "option Command & Decree\nundo\noption Pass\nundo\nquit\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("Undone: option Command & Decree."), "{text}");
    assert!(text.contains("DS passes: +3 Resources"));
    assert!(
        text.contains(
            "Cannot undo option Pass: since then dice were rolled in the battle in Madhyadesh \
             (§3.X) (by Bahmani Kingdom's \"done\")."
        ),
        "{text}"
    );
    // The sentence that says where the game is saved repeats who plays.
    assert!(text.contains(
        "saved in darbar-vijayanagara-5.json; go on with: darbar play --resume \
         darbar-vijayanagara-5.json --human DS\n"
    ));
    let actions = dir.read("darbar-vijayanagara-5.json")["actions"].clone();
    assert_eq!(
        actions[0],
        serde_json::json!({"Option": "Pass"}),
        "{actions}"
    );
    // Resumed, the game is where it stopped: DS in the battle, with the same dice.
    let resumed = dir.darbar(
        &[
            "play",
            "--resume",
            "darbar-vijayanagara-5.json",
            "--human",
            "DS",
        ],
        "quit\n",
    );
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    let again = stdout(&resumed);
    assert!(again.contains(&format!(
        "Resumed from darbar-vijayanagara-5.json after {} actions.",
        actions.as_array().unwrap().len()
    )));
    let battle = |t: &str| {
        let at = t.rfind("Battle in Madhyadesh").unwrap();
        t[at..at + t[at..].find("Cavalry held").unwrap()].to_owned()
    };
    assert_eq!(battle(&again), battle(&text));
}

/// An Event decision shows the card in play with the full text of both sides (§2.3.3,
/// §2.3.4); a battle shows each side's dice, what hits and the cavalry held (§3.X, §1.10).
#[test]
fn rule_2_3_4_event_decisions_show_the_card_and_battles_their_dice() {
    let dir = Scratch::new("card");
    let output = dir.darbar(
        &["play", "vijayanagara", "--seed", "7", "--human", "DS"],
        &"1\n".repeat(20_000),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    // Card 34 of the default deck (lua/cards/vijayanagara/34.lua), at DS's option.
    assert!(
        text.contains(
            "Delhi Sultanate to decide an option on Event 34 (§2.3.3):\n\
             Event 34: Madhava Mantri Takes Goa (c. 1380)\n  \
             unshaded: VN gains 2 cavalry, first from BK. Then VN places 1 Raja in"
        ),
        "{text}"
    );
    assert!(text.contains("\n  shaded: DS gains 2 cavalry, first from VN.\n"));
    assert!(text.contains("Battle in Andhra: VN attacks DS (§3.X).\n  VN dice: #1 2, #2 2, #3 6, #4 6; hit on 2 or less, never a 6: 2 hits now\n"), "{text}");
    assert!(text.contains("  Cavalry held: VN 0, DS 2."));
    assert!(text.contains("charge die 1  (your die #1: 2 becomes 1)"));
    assert!(text.contains("Winner: "));
}

/// A counted choice says what it counts and what it costs (§3.2.1).
#[test]
fn rule_3_2_1_a_count_says_what_it_places_and_what_it_cost() {
    let dir = Scratch::new("count");
    let output = dir.darbar(
        &["play", "vijayanagara", "--seed", "7", "--human", "DS"],
        &"1\n".repeat(20_000),
    );
    let text = stdout(&output);
    assert!(
        text.contains(
            "Delhi Sultanate to decide Conscript in Delhi (§3.2.1):\nHow many Troops to place in \
             Delhi?\n  The space cost 1 Resource when it was selected"
        ),
        "{text}"
    );
}

/// Gifts are one menu entry that opens a decision of its own (§1.5.2): no menu of a human
/// game offers more than one, and the log merges a run of gifts into one line.
#[test]
fn rule_1_5_2_gifts_are_one_entry_of_a_menu() {
    let dir = Scratch::new("gifts");
    let output = dir.darbar(
        &["play", "vijayanagara", "--seed", "7", "--human", "DS"],
        &"1\n".repeat(20_000),
    );
    let text = stdout(&output);
    let all = menus(&text);
    assert!(all.len() > 50);
    assert!(
        all.iter()
            .all(|m| m.iter().filter(|e| e.starts_with("give")).count() <= 1)
    );
    assert!(all.iter().any(|m| m.iter().any(|e| e.starts_with("give"))));
    assert!(
        text.lines()
            .any(|l| l.contains(" gives ") && l.contains(" Resources to ")),
        "{text}"
    );
}

/// `--no-gifts` plays Vijayanagara without the `transfers` option (§1.5.2): nothing is ever
/// given, and the record says so; the raid game refuses the flag.
#[test]
fn rule_1_5_2_no_gifts_offers_and_logs_no_gift() {
    let dir = Scratch::new("no-gifts");
    let output = dir.darbar(
        &[
            "play",
            "vijayanagara",
            "--seed",
            "7",
            "--human",
            "DS",
            "--no-gifts",
            "--json-log",
            "log.json",
        ],
        &"1\n".repeat(20_000),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let all = menus(&text);
    assert!(all.len() > 50);
    assert!(
        all.iter().flatten().all(|e| !e.starts_with("give")),
        "{text}"
    );
    assert!(text.contains("Winner: "));
    // The same seed with gifts offers them.
    let with = dir.darbar(
        &["play", "vijayanagara", "--seed", "7", "--human", "DS"],
        &"1\n".repeat(20_000),
    );
    assert!(
        menus(&stdout(&with))
            .iter()
            .flatten()
            .any(|e| e.starts_with("give"))
    );
    assert_eq!(dir.read("log.json")["options"]["transfers"], false);
    let refused = darbar(&["play", "raid", "--no-gifts"]);
    assert!(!refused.status.success());
    assert!(stderr(&refused).contains("--no-gifts applies to Vijayanagara only"));
}

/// A long run of numbered choices is asked as a number (RG-7.2, ruling 22): one entry, a
/// question with what it costs and brings, a refused answer asked again.
#[test]
fn rule_rg_7_2_recruitment_is_asked_as_a_number() {
    let dir = Scratch::new("number");
    // A saved game (a replay record) of a camp with 40 funds, at its first settlement.
    std::fs::write(
        dir.0.join("rich.json"),
        r#"{"game": "raid", "options": {"start": {"soldiers": 6, "funds": 40, "food": 10,
            "weapons": 6, "slaves": 2}}, "seed": 7, "actions": ["skip_scout", "end_raids"]}"#,
    )
    .unwrap();
    let output = dir.darbar(&["play", "--resume", "rich.json"], "6\n99\n\n6\n12\nquit\n");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let settlement = menus(&text)[0].clone();
    assert_eq!(settlement.len(), 7, "{settlement:?}");
    assert_eq!(settlement[5], "recruit 1-40  (asks how many)");
    // Prices come before the choice (RG-7.1).
    assert_eq!(settlement[1], "trade buy-weapon  (2 funds for 1 weapon)");
    assert!(text.contains(
        "How many funds to spend on recruiting (1-40)? Each fund rolls a d6; you gain 1 soldier \
         per 5 or 6, and 1 more (RG-7.2, ruling 22)."
    ));
    assert!(text.contains("\"99\" is not a number from 1 to 40."));
    assert!(text.contains("> recruit 12\nGM rolls 12d6 for recruitment: "));
    assert_eq!(
        dir.read("rich.json")["actions"][2],
        serde_json::json!({"recruit": 12})
    );
}

/// The raid game tells a person the goal, the phases, the prices and the talents when the
/// game starts (RG-1.2, RG-3, RG-7.1, RG-8, ruling 26), and a talent's effect at its choice.
#[test]
fn rule_26_the_raid_game_states_its_goal_phases_and_talents() {
    let dir = Scratch::new("raid-intro");
    let output = dir.darbar(&["play", "raid", "--seed", "7"], "quit\n");
    let text = stdout(&output);
    assert!(text.contains("The goal (RG-1.2, ruling 26)"), "{text}");
    assert!(text.contains("3 per soldier"));
    assert!(text.contains("Each day has four phases (RG-3)"));
    assert!(text.contains("buy-food 1 funds for 1 food"));
    assert!(text.contains("elite: Rolls one extra d6 in every exchange"));
    // With the bot, no introduction.
    let bot = darbar(&["play", "raid", "--seed", "7", "--bots", "greedy"]);
    assert!(!stdout(&bot).contains("The goal"));
}

/// A card whose script fails never ends a game at the terminal (§2.3.4): a bot's choice is
/// replaced by another, with a line naming the card's file and line; a person chooses again
/// without it. The game still replays with its deck.
#[test]
fn rule_2_3_4_a_failing_card_is_skipped_and_the_game_goes_on() {
    let files: Vec<String> = (1..=36).map(|n| format!("{n:02}.lua")).collect();
    let mut broken = Vec::new();
    for file in &files {
        broken.push((
            file.as_str(),
            "    unshaded = function(ctx)\n",
            "    unshaded = function(ctx)\n        error(\"broken on purpose\")\n",
        ));
        broken.push((
            file.as_str(),
            "    shaded = function(ctx)\n",
            "    shaded = function(ctx)\n        error(\"broken on purpose\")\n",
        ));
    }
    let deck = CardDir::new("failing", &broken);
    let dir = Scratch::new("failing");
    let bots = dir.darbar(
        &[
            "play",
            "vijayanagara",
            "--seed",
            "11",
            "--deck",
            deck.path(),
            "--json-log",
            "log.json",
        ],
        "",
    );
    assert!(bots.status.success(), "{}", stderr(&bots));
    let text = stdout(&bots);
    assert!(
        text.contains(
            "Card 34 failed (34.lua, line 14): broken on purpose; the choice \"event unshaded\" \
             is skipped (§2.3.4). Delhi Sultanate chooses again without event unshaded."
        ),
        "{text}"
    );
    assert!(text.contains("Winner: "));
    assert!(!text.contains(" carries out Event "));
    let replayed = darbar(&["replay", &dir.file("log.json"), "--deck", deck.path()]);
    assert!(replayed.status.success(), "{}", stderr(&replayed));

    let person = dir.darbar(
        &[
            "play",
            "vijayanagara",
            "--seed",
            "11",
            "--deck",
            deck.path(),
            "--human",
            "DS",
        ],
        &"1\n".repeat(20_000),
    );
    assert!(person.status.success(), "{}", stderr(&person));
    let text = stdout(&person);
    let said = "broken on purpose; the choice \"event unshaded\" is skipped (§2.3.4). Choose \
                again without it, or \"quit\" to stop with the game saved.";
    let at = text.find(said).expect(&text);
    // The same decision again, without the failed choice.
    let next = &menus(&text[at..])[0];
    assert_eq!(next[0], "event shaded", "{next:?}");
    assert!(!next.iter().any(|e| e == "event unshaded"));
    assert!(text.contains("Winner: "));
}

/// The long runs draw no progress bar when their output is not a terminal.
#[test]
fn long_runs_draw_no_progress_bar_into_a_pipe() {
    for command in ["fuzz", "bench", "stats"] {
        let output = darbar(&[command, "raid", "--games", "5", "--threads", "1"]);
        assert!(output.status.success(), "{command}");
        assert_eq!(stderr(&output), "", "{command}");
        assert!(!stdout(&output).contains('\r'), "{command}");
    }
}
