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
//! darbar play raid --seed 7                 # the kingdom raid game, you at the terminal
//! darbar play raid --seed 7 --bots greedy   # ... or played by a bot
//! darbar fuzz raid --games 1000             # checked random raid games
//! darbar stats raid --games 10000 --bots greedy   # endings, scores and ranks of many games
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use darbar::engine::Snapshot;
use std::io::{BufRead, Write};
use std::time::Instant;

use darbar::bots::RandomBot;
use darbar::raid;
use darbar::raid::bots::{GreedyBot, choose_random};
use darbar::vijayanagara::simulation::{Checks, GameReport, play_checked, play_checked_with};
use darbar::vijayanagara::{
    Action, Log, Map, Player, Options, SpaceId, State, VijayanagaraReplay,
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
    /// Play a whole game with bots and print its log and final scores. The raid game is played
    /// by you at the terminal, or by a bot with --bots.
    Play {
        /// The game to play.
        game: Game,
        /// Seed of the game's random number generator.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Who plays the factions not played by a human (Vijayanagara: random, the default).
        /// For the raid game: a bot plays the whole game instead of you.
        #[arg(long, value_enum)]
        bots: Option<Bots>,
        /// A faction played by a person at the terminal (DS, BK or VN); repeat for more.
        /// Vijayanagara only.
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
    /// Play many games of the raid game with a bot; print the endings, scores and ranks.
    Stats {
        /// The game (raid).
        game: Game,
        /// How many games (seeds `first..first + games`).
        #[arg(long, default_value_t = 10_000)]
        games: u64,
        /// The first seed.
        #[arg(long, default_value_t = 0)]
        first: u64,
        /// Worker threads.
        #[arg(long, default_value_t = 2)]
        threads: u64,
        /// The bot that plays.
        #[arg(long, value_enum, default_value_t = Bots::Greedy)]
        bots: Bots,
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
fn options_for(host: Option<&CardHost>) -> Options {
    host.map_or_else(Options::default, CardHost::rule_options)
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Bots {
    /// Every legal action equally likely.
    Random,
    /// The raid game only: the action with the best expected score at the end of the turn.
    Greedy,
}

impl Bots {
    fn name(self) -> &'static str {
        match self {
            Bots::Random => "random",
            Bots::Greedy => "greedy",
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum Game {
    /// Vijayanagara (GMT, 1290-1398).
    Vijayanagara,
    /// The kingdom raid dice game: one player against the GM.
    Raid,
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
        Command::New {
            game: Game::Raid,
            seed,
            json,
            svg,
        } => {
            let state = raid::State::new(seed);
            Ok(if json {
                state.to_snapshot() + "\n"
            } else if svg {
                state.to_svg()
            } else {
                state.to_string()
            })
        }
        Command::Play {
            game: Game::Raid,
            seed,
            bots,
            humans,
            json_log,
            cards,
        } => {
            refuse_vijayanagara_options(&humans, &cards)?;
            let mut out = std::io::stdout().lock();
            let mut input = std::io::stdin().lock();
            let actions = play_raid(seed, bots, &mut input, &mut out)?;
            if let Some(path) = json_log {
                let record = raid::State::new(seed).replay_record(actions);
                std::fs::write(&path, record.to_json())
                    .map_err(|e| format!("{}: {e}", path.display()))?;
            }
            Ok(String::new())
        }
        Command::Play {
            game: Game::Vijayanagara,
            bots: Some(Bots::Greedy),
            ..
        } => Err("the greedy bot plays the raid game only; Vijayanagara has --bots random".into()),
        Command::Play {
            game: Game::Vijayanagara,
            seed,
            bots: None | Some(Bots::Random),
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
            game: Game::Raid,
            games,
            first,
            threads,
            play_only,
            cards,
        } => {
            refuse_vijayanagara_options(&[], &cards)?;
            fuzz_raid(
                first,
                games,
                threads.max(1),
                if play_only {
                    raid::simulation::Checks::PlayOnly
                } else {
                    raid::simulation::Checks::Full
                },
            )
        }
        Command::Stats {
            game: Game::Raid,
            games,
            first,
            threads,
            bots,
        } => Ok(raid_stats(first, games, threads.max(1), bots)),
        Command::Stats {
            game: Game::Vijayanagara,
            ..
        } => Err("stats plays the raid game only; for Vijayanagara use fuzz".into()),
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
            let text = read(&file)?;
            if let Ok(record) = raid::RaidReplay::from_json(&text)
                && record.game == "raid"
            {
                if deck.is_some() {
                    return Err("--deck applies to Vijayanagara only, not to a raid replay".into());
                }
                return replay_raid(&file, &record, snapshot);
            }
            let record = VijayanagaraReplay::from_json(&text)
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
            let state = match State::from_snapshot(&text) {
                Err(darbar::engine::SnapshotError::WrongGame { found, .. }) if found == "raid" => {
                    let state = raid::State::from_snapshot(&text)
                        .map_err(|e| format!("{}: {e}", file.display()))?;
                    return Ok(if svg {
                        state.to_svg()
                    } else {
                        state.to_string()
                    });
                }
                result => result.map_err(|e| format!("{}: {e}", file.display()))?,
            };
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
            game: Game::Raid, ..
        } => Err("the raid game has no map; `darbar new raid` lists its sites".into()),
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

// ----- the kingdom raid game -------------------------------------------------------------------

/// Refuses the options that only Vijayanagara has.
fn refuse_vijayanagara_options(humans: &[Player], cards: &Cards) -> Result<(), String> {
    if !humans.is_empty() {
        return Err(
            "--human applies to Vijayanagara only: the raid game has one player, \
                    you at the terminal unless --bots is given"
                .into(),
        );
    }
    if cards.deck.is_some() || cards.no_events {
        return Err("--deck and --no-events apply to Vijayanagara only: \
                    the raid game has no Event cards"
            .into());
    }
    Ok(())
}

/// A raid-game bot.
enum RaidBot {
    Random(RandomBot),
    Greedy(GreedyBot),
}

impl RaidBot {
    fn new(bots: Bots, seed: u64) -> RaidBot {
        match bots {
            Bots::Random => RaidBot::Random(RandomBot::new(seed)),
            Bots::Greedy => RaidBot::Greedy(GreedyBot::new(seed)),
        }
    }

    fn choose(&mut self, state: &raid::State) -> Option<raid::Action> {
        match self {
            RaidBot::Random(bot) => choose_random(bot, state),
            RaidBot::Greedy(bot) => bot.choose(state),
        }
    }
}

/// What a person answered.
enum Answer {
    Action(raid::Action),
    Undo,
}

/// Plays a raid game from `seed`: a person at the terminal, or `bots` for the whole game. The
/// log, with every GM roll, goes to `out` as it happens. Returns the actions taken.
fn play_raid(
    seed: u64,
    bots: Option<Bots>,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Vec<raid::Action>, String> {
    let io = |e: std::io::Error| e.to_string();
    let mut state = raid::State::new(seed);
    let mut log = raid::Log::recording();
    let mut actions: Vec<raid::Action> = Vec::new();
    // The number of GM rolls before each action, to know whether an action rolled dice.
    let mut rolls_before: Vec<usize> = Vec::new();
    // A bot draws from its own generator, so the game's dice stay the game's.
    let mut bot = bots.map(|b| RaidBot::new(b, seed));
    match bots {
        Some(b) => writeln!(
            out,
            "The kingdom raid game, seed {seed}; the {} bot plays",
            b.name()
        ),
        None => writeln!(
            out,
            "The kingdom raid game, seed {seed}; you play. Answer with a number or the \
             action's text; \"board\" shows the camp and the sites as you know them, \
             \"undo\" takes back your last choice if no dice were rolled since."
        ),
    }
    .map_err(io)?;
    write!(out, "\n{state}").map_err(io)?;
    while let Some(decision) = state.decision() {
        let action = match &mut bot {
            Some(bot) => bot.choose(&state).ok_or("the bot found no legal action")?,
            None => match ask_raid(&state, &decision, input, out)? {
                Answer::Action(action) => action,
                Answer::Undo => {
                    match (actions.last(), rolls_before.last()) {
                        (None, _) | (_, None) => {
                            writeln!(out, "Nothing to undo.").map_err(io)?;
                        }
                        (Some(&last), Some(&before)) if state.rolls().len() != before => {
                            writeln!(
                                out,
                                "Cannot undo {last}: the GM rolled dice for it ({} rolls).",
                                state.rolls().len() - before
                            )
                            .map_err(io)?;
                        }
                        (Some(&last), Some(_)) => {
                            actions.pop();
                            rolls_before.pop();
                            // Replay the game from the start without the last action.
                            state = raid::State::new(seed);
                            for &action in &actions {
                                state
                                    .apply(action)
                                    .map_err(|e| format!("undo: replaying {action}: {e}"))?;
                            }
                            writeln!(out, "Undone: {last}.").map_err(io)?;
                        }
                    }
                    continue;
                }
            },
        };
        rolls_before.push(state.rolls().len());
        state
            .apply_logged(action, &mut log)
            .map_err(|e| e.to_string())?;
        actions.push(action);
        writeln!(out, "> {action}").map_err(io)?;
        let before = rolls_before.last().copied().unwrap_or(0);
        for roll in &state.rolls()[before..] {
            writeln!(out, "  {roll}").map_err(io)?;
        }
        for line in log.take() {
            writeln!(out, "{line}").map_err(io)?;
        }
    }
    write!(out, "{}", raid_final_report(&state, actions.len())).map_err(io)?;
    Ok(actions)
}

/// What a site choice means to the player: its last seen values, or that it is unknown.
fn site_note(state: &raid::State, action: raid::Action) -> String {
    let (raid::Action::Scout(site) | raid::Action::Raid(site)) = action else {
        return String::new();
    };
    match state.known_site(site) {
        None => "  (unknown)".to_owned(),
        Some(seen) => format!("  (seen day {}: {})", seen.turn, seen.resources),
    }
}

/// Asks a person for one of the decision's choices (or undo), until the answer is one.
fn ask_raid(
    state: &raid::State,
    decision: &raid::RaidDecision,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Answer, String> {
    let io = |e: std::io::Error| e.to_string();
    loop {
        writeln!(
            out,
            "\nDay {}, {} phase. Camp: {}",
            state.turn(),
            state.phase(),
            state.player()
        )
        .map_err(io)?;
        writeln!(out, "Decide {} ({}):", decision.kind, decision.kind.rule()).map_err(io)?;
        if decision.kind == raid::DecisionKind::Settlement {
            let soldiers = state.player().soldiers;
            let upkeep = if state.has_talent(raid::Talent::Logistics) {
                soldiers / 2
            } else {
                soldiers.div_ceil(2)
            };
            writeln!(
                out,
                "At the end of settlement {soldiers} soldiers eat {upkeep} food (RG-7.3): \
                 a rebellion if food falls short; then soldiers above food + 2 × slaves desert."
            )
            .map_err(io)?;
        }
        for (i, choice) in decision.choices.iter().enumerate() {
            writeln!(out, "  {:>2}. {choice}{}", i + 1, site_note(state, *choice)).map_err(io)?;
        }
        write!(out, "Your choice (number or text; \"board\", \"undo\"): ").map_err(io)?;
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
        if answer.eq_ignore_ascii_case("undo") {
            return Ok(Answer::Undo);
        }
        let chosen = match answer.parse::<usize>() {
            Ok(n) => decision.choices.get(n.wrapping_sub(1)).copied(),
            Err(_) => answer
                .parse::<raid::Action>()
                .ok()
                .filter(|a| decision.allows(a)),
        };
        match chosen {
            Some(action) => return Ok(Answer::Action(action)),
            None => writeln!(out, "{answer:?} is not one of the choices.").map_err(io)?,
        }
    }
}

/// The final picture, the ending, the score and the rank.
fn raid_final_report(state: &raid::State, actions: usize) -> String {
    let mut text = format!("\n{state}\n{actions} actions, {} days.\n", state.turn());
    match state.ending() {
        None => text += "The game is not over.\n",
        Some(ending) => {
            text += &format!("Ending: {ending}\n");
            match state.final_score() {
                Some((score, rank)) => text += &format!("Score: {score}\nRank: {rank}\n"),
                None => text += "Score: none (only the Empire's arrival is scored)\n",
            }
        }
    }
    text
}

/// Replays a raid record, printing its log with every GM roll.
fn replay_raid(
    file: &std::path::Path,
    record: &raid::RaidReplay,
    snapshot: bool,
) -> Result<String, String> {
    let mut state = raid::State::with_options(record.seed, record.options);
    let mut log = raid::Log::recording();
    let mut text = format!("Replay of {}, seed {}\n", record.game, record.seed);
    for (i, &action) in record.actions.iter().enumerate() {
        let before = state.rolls().len();
        state
            .apply_logged(action, &mut log)
            .map_err(|e| format!("{}: action {i} ({action}): {e}", file.display()))?;
        text += &format!("> {action}\n");
        for roll in &state.rolls()[before..] {
            text += &format!("  {roll}\n");
        }
        for line in log.take() {
            text += &line;
            text.push('\n');
        }
    }
    if snapshot {
        return Ok(state.to_snapshot() + "\n");
    }
    text += &raid_final_report(&state, record.actions.len());
    Ok(text)
}

/// Plays `games` checked random raid games on `threads` threads and reports the figures.
fn fuzz_raid(
    first: u64,
    games: u64,
    threads: u64,
    checks: raid::simulation::Checks,
) -> Result<String, String> {
    let start = Instant::now();
    let reports = on_threads(first, games, threads, |seed| {
        raid::simulation::play_checked(seed, checks).map_err(|f| f.to_string())
    });
    let elapsed = start.elapsed().as_secs_f64();
    let all = reports.into_iter().collect::<Result<Vec<_>, _>>()?;
    let steps: usize = all.iter().map(|r| r.steps).sum();
    let longest = all.iter().map(|r| r.steps).max().unwrap_or(0);
    let n = all.len().max(1) as f64;
    let mut text = format!(
        "{} raid games, {} checks, {threads} threads: no failure.\n{steps} actions ({:.1} per game, longest {longest}) in {elapsed:.2} s: {:.0} games/s, {:.0} actions/s.\n",
        all.len(),
        if checks == raid::simulation::Checks::Full {
            "full"
        } else {
            "play-only"
        },
        steps as f64 / n,
        all.len() as f64 / elapsed,
        steps as f64 / elapsed,
    );
    let count = |f: &dyn Fn(&raid::Ending) -> bool| all.iter().filter(|r| f(&r.ending)).count();
    text += &format!(
        "Endings: the Empire arrives {:.1}%, death {:.1}%, rebellion {:.1}%\n",
        100.0 * count(&|e| *e == raid::Ending::EmpireArrives) as f64 / n,
        100.0 * count(&|e| *e == raid::Ending::Death) as f64 / n,
        100.0 * count(&|e| matches!(e, raid::Ending::Rebellion { .. })) as f64 / n,
    );
    if let Some(peak) = peak_memory() {
        text += &format!("Peak memory (VmHWM): {peak}\n");
    }
    Ok(text)
}

/// Runs `game` for every seed of `first..first + games` on `threads` threads, in seed order.
fn on_threads<T: Send>(
    first: u64,
    games: u64,
    threads: u64,
    game: impl Fn(u64) -> T + Sync,
) -> Vec<T> {
    let game = &game;
    let mut results: Vec<(u64, T)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (first + t..first + games)
                        .step_by(usize::try_from(threads).unwrap_or(1))
                        .map(|seed| (seed, game(seed)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker panicked"))
            .collect()
    });
    results.sort_by_key(|(seed, _)| *seed);
    results.into_iter().map(|(_, r)| r).collect()
}

/// One bot game's result: its ending, score and rank (for the Empire's arrival) and days.
struct Played {
    ending: raid::Ending,
    score: Option<(u32, &'static str)>,
    days: u32,
    actions: usize,
}

/// Plays one raid game from `seed` with `bots`.
fn play_raid_quietly(seed: u64, bots: Bots) -> Played {
    let mut state = raid::State::new(seed);
    let mut bot = RaidBot::new(bots, seed);
    let mut log = raid::Log::silent();
    let mut actions = 0;
    while let Some(action) = bot.choose(&state) {
        state.apply_unchecked(action, &mut log);
        actions += 1;
    }
    Played {
        ending: state.ending().unwrap_or(raid::Ending::Death),
        score: state.final_score(),
        days: state.turn(),
        actions,
    }
}

/// The value at rank `p` (0 to 1) of sorted `values`, by the nearest-rank method.
fn quantile(values: &[u32], p: f64) -> u32 {
    if values.is_empty() {
        return 0;
    }
    let rank = (p * values.len() as f64).ceil() as usize;
    values[rank.clamp(1, values.len()) - 1]
}

/// Mean and quartiles of `values`, as a table row's cells.
fn summary(values: &mut [u32]) -> String {
    values.sort_unstable();
    let mean = values.iter().map(|&v| f64::from(v)).sum::<f64>() / values.len().max(1) as f64;
    format!(
        "{mean:.1} | {} | {} | {}",
        quantile(values, 0.25),
        quantile(values, 0.5),
        quantile(values, 0.75)
    )
}

/// Plays `games` raid games with `bots` and tabulates endings, scores and ranks (Markdown).
fn raid_stats(first: u64, games: u64, threads: u64, bots: Bots) -> String {
    let start = Instant::now();
    let all = on_threads(first, games, threads, |seed| play_raid_quietly(seed, bots));
    let elapsed = start.elapsed().as_secs_f64();
    let n = all.len().max(1) as f64;
    let share = |k: usize| format!("{k} | {:.1}%", 100.0 * k as f64 / n);
    let actions: usize = all.iter().map(|p| p.actions).sum();
    let mut text = format!(
        "{} raid games with the {} bot{}, seeds {first}..{}, {threads} threads: {elapsed:.1} s, {:.0} games/s, {:.1} actions and {:.1} days per game.\n\n",
        all.len(),
        bots.name(),
        match bots {
            Bots::Greedy => format!(" ({} rollouts per action)", GreedyBot::DEFAULT_ROLLOUTS),
            Bots::Random => String::new(),
        },
        first + games,
        all.len() as f64 / elapsed,
        actions as f64 / n,
        all.iter().map(|p| f64::from(p.days)).sum::<f64>() / n,
    );
    text += "| ending | games | share |\n|---|---:|---:|\n";
    let empire = all
        .iter()
        .filter(|p| p.ending == raid::Ending::EmpireArrives)
        .count();
    let death = all
        .iter()
        .filter(|p| p.ending == raid::Ending::Death)
        .count();
    let rebellion = all.len() - empire - death;
    text += &format!("| the Empire arrives (scored) | {} |\n", share(empire));
    text += &format!("| death | {} |\n", share(death));
    text += &format!("| rebellion | {} |\n\n", share(rebellion));
    let mut scored: Vec<u32> = all.iter().filter_map(|p| p.score.map(|s| s.0)).collect();
    let mut every: Vec<u32> = all.iter().map(|p| p.score.map_or(0, |s| s.0)).collect();
    text +=
        "| score | mean | lower quartile | median | upper quartile |\n|---|---:|---:|---:|---:|\n";
    text += &format!(
        "| every game (0 for death and rebellion) | {} |\n",
        summary(&mut every)
    );
    text += &format!(
        "| games where the Empire arrives | {} |\n\n",
        summary(&mut scored)
    );
    text += "| rank (the Empire arrives) | games | share of all games |\n|---|---:|---:|\n";
    for band in &raid::RaidData::standard().ranks {
        let k = all
            .iter()
            .filter(|p| p.score.is_some_and(|(_, rank)| rank == band.rank))
            .count();
        text += &format!(
            "| {} (score {}+) | {} |\n",
            band.rank,
            band.min_score,
            share(k)
        );
    }
    text
}
