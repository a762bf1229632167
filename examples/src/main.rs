//! The `darbar` command-line program.
//!
//! ```text
//! darbar new vijayanagara --seed 7          # the starting position, as a readable board
//! darbar new vijayanagara --seed 7 --json   # the same position as a snapshot
//! darbar show position.json                 # a saved snapshot, as a readable board
//! darbar show position.json --svg > board.svg   # ... or as a picture
//! darbar map vijayanagara [--file map.json] # the map, validated
//! darbar eval script.lua --seed 7           # a Lua script run against a starting position
//! darbar play vijayanagara --seed 7 --bots random --json-log game.json
//! darbar play vijayanagara --seed 7 --deck my-cards/   # Event cards from a deck of one's own
//! darbar play vijayanagara --seed 7 --human DS   # you play the Sultanate at the terminal
//! darbar replay game.json                   # the same game again, checked
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use darbar::engine::Snapshot;
use std::io::{BufRead, Write};
use std::time::Instant;

use darbar::bots::RandomBot;
use darbar::vijayanagara::simulation::{Checks, GameReport, play_checked, play_checked_with};
use darbar::vijayanagara::{
    Action, Log, Map, Player, RuleOptions, SpaceId, State, VijayanagaraReplay,
};
use darbar_lua::CardHost;

/// Rules engine for historical strategy board games of the Indian subcontinent.
#[derive(Parser)]
#[command(name = "darbar", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Set up a new game and print its starting position.
    New {
        /// The game to set up.
        game: Game,
        /// Seed of the game's random number generator (it shuffles the deck).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Print the snapshot as JSON instead of the readable board.
        #[arg(long, conflicts_with = "svg")]
        json: bool,
        /// Print the board as an SVG picture instead.
        #[arg(long)]
        svg: bool,
    },
    /// Play a whole game with bots and print its log and final scores.
    Play {
        /// The game to play.
        game: Game,
        /// Seed of the game's random number generator.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Who plays the factions not played by a human.
        #[arg(long, value_enum, default_value_t = Bots::Random)]
        bots: Bots,
        /// A faction played by a person at the terminal (DS, BK or VN); repeat for more.
        #[arg(long = "human", value_parser = parse_player)]
        humans: Vec<Player>,
        /// Write the replay record (game, options, seed, actions) to this file.
        #[arg(long)]
        json_log: Option<PathBuf>,
        #[command(flatten)]
        cards: Cards,
    },
    /// Play many random games, checking every step; print the figures.
    Fuzz {
        /// The game to fuzz.
        game: Game,
        /// How many games (seeds `first..first + games`).
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// The first seed.
        #[arg(long, default_value_t = 0)]
        first: u64,
        /// Worker threads.
        #[arg(long, default_value_t = 2)]
        threads: u64,
        /// Only check that play never dead-ends (no per-step round trips): a speed measure.
        #[arg(long)]
        play_only: bool,
        #[command(flatten)]
        cards: Cards,
    },
    /// Replay a recorded game, printing its log and final scores.
    Replay {
        /// A replay record written by `darbar play --json-log`.
        file: PathBuf,
        /// The card directory the game was played with, if not the default deck.
        #[arg(long)]
        deck: Option<PathBuf>,
        /// Print only the final snapshot (JSON), not the log.
        #[arg(long)]
        snapshot: bool,
    },
    /// Print a saved snapshot as a readable board, after checking it.
    Show {
        /// A snapshot file written by `darbar new --json`.
        file: PathBuf,
        /// Print the board as an SVG picture instead of text.
        #[arg(long)]
        svg: bool,
    },
    /// Run a Lua script against a position (the sandbox of darbar-lua) and print its result.
    Eval {
        /// The Lua script.
        script: PathBuf,
        /// Run it against the starting position of this seed.
        #[arg(long, default_value_t = 0, conflicts_with = "snapshot")]
        seed: u64,
        /// Run it against a saved snapshot instead.
        #[arg(long)]
        snapshot: Option<PathBuf>,
    },
    /// Print a game's map, validating it first.
    Map {
        /// The game whose map to print.
        game: Game,
        /// A corrected map file to validate instead of the built-in one.
        #[arg(long)]
        file: Option<PathBuf>,
    },
}

/// Which Event cards a game plays.
#[derive(clap::Args)]
struct Cards {
    /// Play the Event cards from this directory of Lua card files (a whole deck, 1–44)
    /// instead of the darbar default deck.
    #[arg(long, conflicts_with = "no_events")]
    deck: Option<PathBuf>,
    /// Play without Event cards: Event or Command then always means a Command.
    #[arg(long)]
    no_events: bool,
}

impl Cards {
    /// The card host, unless the game is played without events.
    fn host(&self) -> Result<Option<CardHost>, String> {
        if self.no_events {
            return Ok(None);
        }
        load_deck(self.deck.as_ref()).map(Some)
    }
}

/// The default deck, or the whole deck in `dir`.
fn load_deck(dir: Option<&PathBuf>) -> Result<CardHost, String> {
    match dir {
        None => Ok(CardHost::standard()),
        Some(dir) => CardHost::from_dir(dir).map_err(|e| e.to_string()),
    }
}

/// The rule options of a game played with `host` (or without events).
fn options_for(host: Option<&CardHost>) -> RuleOptions {
    host.map_or_else(RuleOptions::default, CardHost::rule_options)
}

#[derive(Clone, Copy, ValueEnum)]
enum Bots {
    /// Every legal action equally likely.
    Random,
}

#[derive(Clone, Copy, ValueEnum)]
enum Game {
    /// Vijayanagara (GMT, 1290-1398).
    Vijayanagara,
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("darbar: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<String, String> {
    match cli.command {
        Command::New {
            game: Game::Vijayanagara,
            seed,
            json,
            svg,
        } => {
            let state = State::new(seed);
            Ok(if json {
                state.to_snapshot() + "\n"
            } else if svg {
                state.to_svg()
            } else {
                state.to_string()
            })
        }
        Command::Play {
            game: Game::Vijayanagara,
            seed,
            bots: Bots::Random,
            humans,
            json_log,
            cards,
        } => {
            let host = cards.host()?;
            let mut out = std::io::stdout().lock();
            let mut input = std::io::stdin().lock();
            let actions = play(seed, host.as_ref(), &humans, &mut input, &mut out)?;
            if let Some(path) = json_log {
                let state = State::with_options(seed, options_for(host.as_ref()));
                std::fs::write(&path, state.replay_record(actions).to_json())
                    .map_err(|e| format!("{}: {e}", path.display()))?;
            }
            Ok(String::new())
        }
        Command::Fuzz {
            game: Game::Vijayanagara,
            games,
            first,
            threads,
            play_only,
            cards,
        } => fuzz(
            first,
            games,
            threads.max(1),
            if play_only {
                Checks::PlayOnly
            } else {
                Checks::Full
            },
            &cards,
        ),
        Command::Replay {
            file,
            deck,
            snapshot,
        } => {
            let record = VijayanagaraReplay::from_json(&read(&file)?)
                .map_err(|e| format!("{}: {e}", file.display()))?;
            let host = load_deck(deck.as_ref())?;
            let mut state = State::with_options(record.seed, record.options);
            let mut log = Log::recording();
            let mut text = format!("Replay of {}, seed {}\n", record.game, record.seed);
            for (i, &action) in record.actions.iter().enumerate() {
                state
                    .apply_with(action, &host, &mut log)
                    .map_err(|e| format!("{}: action {i} ({action}): {e}", file.display()))?;
                for line in log.take() {
                    text += &line;
                    text.push('\n');
                }
            }
            if snapshot {
                return Ok(state.to_snapshot() + "\n");
            }
            text += &final_report(&state, record.actions.len());
            Ok(text)
        }
        Command::Show { file, svg } => {
            let text = read(&file)?;
            let state =
                State::from_snapshot(&text).map_err(|e| format!("{}: {e}", file.display()))?;
            Ok(if svg {
                state.to_svg()
            } else {
                state.to_string()
            })
        }
        Command::Eval {
            script,
            seed,
            snapshot,
        } => {
            let state = match snapshot {
                Some(path) => State::from_snapshot(&read(&path)?)
                    .map_err(|e| format!("{}: {e}", path.display()))?,
                None => State::new(seed),
            };
            let source = read(&script)?;
            let name = script.display().to_string();
            // The script's draws continue from the position's own generator.
            let mut rng = state.rng().clone();
            let evaluation = darbar_lua::Host::new()
                .run(&state, &mut rng, &source, &name)
                .map_err(|e| format!("{name}: {e}"))?;
            let mut text: String = evaluation
                .log
                .iter()
                .map(|line| format!("{line}\n"))
                .collect();
            text += &format!("{}\n", evaluation.value);
            Ok(text)
        }
        Command::Map {
            game: Game::Vijayanagara,
            file,
        } => {
            let Some(path) = file else {
                return Ok(describe_map(Map::standard()));
            };
            let map =
                Map::from_json(&read(&path)?).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(describe_map(&map))
        }
    }
}

fn parse_player(text: &str) -> Result<Player, String> {
    text.parse()
}

/// Plays a game from `seed`: `humans` choose at the terminal (a number from the list, or the
/// action's text), the random bot plays everyone else. The log goes to `out` as it happens.
/// Returns the actions taken.
fn play(
    seed: u64,
    host: Option<&CardHost>,
    humans: &[Player],
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Vec<Action>, String> {
    let io = |e: std::io::Error| e.to_string();
    let mut state = State::with_options(seed, options_for(host));
    let mut log = Log::recording();
    let mut actions = Vec::new();
    // The bot draws from its own generator, so the game's dice stay the game's.
    let mut bot = RandomBot::new(seed);
    writeln!(
        out,
        "Vijayanagara, seed {seed}; {}; random bots{}",
        match host {
            None => "no Event cards".to_owned(),
            Some(_) if state.deck_rules().is_standard() => {
                "the darbar default deck (original, not the published cards)".to_owned()
            }
            Some(_) => "a deck of its own".to_owned(),
        },
        if humans.is_empty() {
            String::new()
        } else {
            let names: Vec<&str> = humans.iter().map(|p| p.faction().abbreviation()).collect();
            format!(" and you as {}", names.join(", "))
        }
    )
    .map_err(io)?;
    if !humans.is_empty() {
        write!(out, "\n{state}").map_err(io)?;
    }
    while let Some(decision) = state.decision() {
        let action = if humans.contains(&decision.player) {
            ask(&state, &decision, input, out)?
        } else {
            bot.choose(&state).ok_or("the bot found no legal action")?
        };
        match host {
            Some(host) => state.apply_with(action, host, &mut log),
            None => state.apply_logged(action, &mut log),
        }
        .map_err(|e| e.to_string())?;
        actions.push(action);
        for line in log.take() {
            writeln!(out, "{line}").map_err(io)?;
        }
    }
    write!(out, "{}", final_report(&state, actions.len())).map_err(io)?;
    Ok(actions)
}

/// Asks a person for one of the decision's choices, until the answer is one.
fn ask(
    state: &State,
    decision: &darbar::vijayanagara::VijayanagaraDecision,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Action, String> {
    let io = |e: std::io::Error| e.to_string();
    loop {
        writeln!(
            out,
            "\n{} to decide {} ({}):",
            decision.player,
            decision.kind,
            decision.kind.rule()
        )
        .map_err(io)?;
        if let Some(prompt) = state.event_prompt() {
            writeln!(out, "  {prompt}").map_err(io)?;
        }
        for (i, choice) in decision.choices.iter().enumerate() {
            writeln!(out, "  {:>2}. {choice}", i + 1).map_err(io)?;
        }
        write!(
            out,
            "Your choice (number or text; \"board\" shows the board): "
        )
        .map_err(io)?;
        out.flush().map_err(io)?;
        let mut line = String::new();
        if input.read_line(&mut line).map_err(io)? == 0 {
            return Err("the input ended before the game did".into());
        }
        let answer = line.trim();
        if answer.eq_ignore_ascii_case("board") {
            write!(out, "\n{state}").map_err(io)?;
            continue;
        }
        let chosen = match answer.parse::<usize>() {
            Ok(n) => decision.choices.get(n.wrapping_sub(1)).copied(),
            Err(_) => answer.parse::<Action>().ok().filter(|a| decision.allows(a)),
        };
        match chosen {
            Some(action) => return Ok(action),
            None => writeln!(out, "{answer:?} is not one of the choices.").map_err(io)?,
        }
    }
}

/// Plays `games` checked random games on `threads` threads and reports the figures.
fn fuzz(
    first: u64,
    games: u64,
    threads: u64,
    checks: Checks,
    cards: &Cards,
) -> Result<String, String> {
    // Lua states stay on their thread: each worker loads its own host; the load is timed.
    let loading = Instant::now();
    let probe = cards.host()?;
    let load_time = loading.elapsed();
    let options = options_for(probe.as_ref());
    let start = Instant::now();
    let reports: Vec<Result<Vec<GameReport>, String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let host = cards.host()?;
                    (first + t..first + games)
                        .step_by(usize::try_from(threads).unwrap_or(1))
                        .map(|seed| {
                            match &host {
                                Some(host) => play_checked_with(seed, checks, options, host),
                                None => play_checked(seed, checks),
                            }
                            .map_err(|f| f.to_string())
                        })
                        .collect::<Result<Vec<_>, _>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|_| Err("a worker panicked".into())))
            .collect()
    });
    let elapsed = start.elapsed().as_secs_f64();
    let mut all = Vec::new();
    for report in reports {
        all.extend(report?);
    }
    let steps: usize = all.iter().map(|r| r.steps).sum();
    let longest = all.iter().map(|r| r.steps).max().unwrap_or(0);
    let mut wins = [0.0f64; 3];
    for report in &all {
        for winner in &report.winners {
            wins[*winner as usize] += 1.0 / report.winners.len() as f64;
        }
    }
    let mut text = format!(
        "{} games{}, {} checks, {threads} threads: no failure.\n{steps} actions ({:.1} per game, longest {longest}) in {elapsed:.2} s: {:.0} games/s, {:.0} actions/s.\n",
        all.len(),
        if probe.is_some() {
            format!(
                " with Event cards (deck loaded in {:.1} ms)",
                load_time.as_secs_f64() * 1e3
            )
        } else {
            " without Event cards".to_owned()
        },
        if checks == Checks::Full {
            "full"
        } else {
            "play-only"
        },
        steps as f64 / all.len().max(1) as f64,
        all.len() as f64 / elapsed,
        steps as f64 / elapsed,
    );
    for player in darbar::vijayanagara::Player::ALL {
        text += &format!(
            "{player} wins {:.1}%\n",
            100.0 * wins[player as usize] / all.len().max(1) as f64
        );
    }
    if let Some(peak) = peak_memory() {
        text += &format!("Peak memory (VmHWM): {peak}\n");
    }
    Ok(text)
}

/// The process's peak resident memory, where the system reports it (Linux).
fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    Some(line.trim_start_matches("VmHWM:").trim().to_owned())
}

/// The final board and scores, or where an unfinished game stopped.
fn final_report(state: &State, actions: usize) -> String {
    let mut text = format!("\n{state}\n{actions} actions.\n");
    if state.is_over() {
        let outcome = state.outcome();
        for (player, vp) in outcome.victory_points.iter() {
            text += &format!("{player}: {vp} VP, {} Resources\n", state.resources(player));
        }
        let winners: Vec<String> = outcome.winners.iter().map(|p| p.to_string()).collect();
        text += &format!("Winner: {}\n", winners.join(" and "));
    } else {
        text += "The game is not over.\n";
    }
    text
}

fn read(path: &PathBuf) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn describe_map(map: &Map) -> String {
    let mut text = format!("{}\n\n", map.name());
    for space in SpaceId::ALL {
        let prosperity = match map.prosperity(space) {
            0 => String::from("-"),
            p => p.to_string(),
        };
        let neighbours: Vec<&str> = map.neighbours(space).iter().map(|s| s.name()).collect();
        text += &format!(
            "{:<16} {:<2} {}\n",
            space.name(),
            prosperity,
            neighbours.join(", ")
        );
    }
    text += "\nCities:\n";
    for city in map.cities() {
        let spaces: Vec<&str> = city.spaces.iter().map(|s| s.name()).collect();
        text += &format!("  {:<22} {}\n", city.name, spaces.join(", "));
    }
    text
}
