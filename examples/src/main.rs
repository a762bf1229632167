//! The `darbar` command-line program: every command works for every game of the registry.
//!
//! ```text
//! darbar new vijayanagara --seed 7          # the starting position, as a readable board
//! darbar new raid --seed 7 --json           # ... as a snapshot (--svg for a picture)
//! darbar show position.json [--svg]         # a saved snapshot or game of any game
//! darbar play vijayanagara --seed 7 --json-log game.json   # random bots play it through
//! darbar play vijayanagara --seed 7 --human DS --no-events # you play DS, no Event cards
//! darbar play raid --seed 7                 # the raid game, you at the terminal
//! darbar play raid --seed 7 --bots greedy   # ... or played by a bot
//! darbar play --resume darbar-raid-7.json    # a game saved by `quit`, `save`, Ctrl-D or Ctrl-C
//! darbar play tycoon --players 1 --human red --automa-level easy,hard   # you and 2 automas
//! darbar replay game.json                   # a recorded game again, checked
//! darbar fuzz raid --games 1000             # random games checked at every step
//! darbar bench vijayanagara --games 2000 --json   # random games, speed only
//! darbar stats raid --games 10000 --bots greedy   # many bot games, tabulated
//! darbar map vijayanagara [--file map.json] # the map, validated
//! darbar eval script.lua --seed 7           # a Lua script run against a position
//! darbar card 3 --deck mydeck --snapshot position.json --side shaded --choices 2,1
//!                                           # one Event card run on a position
//! ```

mod card;
mod commands;
mod games;
mod progress;
mod terminal;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use commands::{GameFlags, Players, Runs, Start};

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
        /// The game (vijayanagara, raid, ...).
        game: String,
        /// Seed of the game's random number generator.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Print the snapshot as JSON instead of the readable board.
        #[arg(long, conflicts_with = "svg")]
        json: bool,
        /// Print the board as an SVG picture instead.
        #[arg(long)]
        svg: bool,
        #[command(flatten)]
        flags: Flags,
    },
    /// Print a saved position of any game as its board, after checking it: a snapshot, or a
    /// saved game (a replay record) at its last position.
    Show {
        /// A snapshot (`darbar new --json`, `replay --snapshot`) or a saved game (`save`,
        /// `quit`, `--json-log`).
        file: PathBuf,
        /// Vijayanagara: the card directory the game was played with, if not the default deck.
        #[arg(long)]
        deck: Option<PathBuf>,
        /// Tycoon: the content folder the game was played with, if not darbar's default.
        #[arg(long)]
        content: Option<PathBuf>,
        /// Print the board as an SVG picture instead of text.
        #[arg(long)]
        svg: bool,
    },
    /// Play a whole game and print its log, the final board and the scores. A person at the
    /// terminal answers with a choice or a command: help, board, undo, save FILE, quit.
    Play {
        /// The game to play.
        #[arg(required_unless_present = "resume")]
        game: Option<String>,
        /// Seed of the game's random number generator.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Go on with a game saved by `quit`, `save FILE`, the end of input or Ctrl-C (its
        /// replay record): the game, its options and seed come from the file; say again who
        /// plays (--human, --bots), and --deck if it was played with one.
        #[arg(long, conflicts_with_all = [
            "game", "seed", "no_events", "no_gifts", "players", "headlines",
            "kickstarter", "automas", "automa_levels",
        ])]
        resume: Option<PathBuf>,
        /// The bot for every seat no person plays (random, rollout, or the game's own, such as
        /// the raid game's greedy), or one per seat, comma-separated. Default: random; in the
        /// raid game, you play unless a bot is named.
        #[arg(long, value_delimiter = ',')]
        bots: Vec<String>,
        /// A seat played by a person at the terminal, by its name (Vijayanagara's DS, BK, VN;
        /// Pax Pamir's P1-P5; Tycoon's colours) or its number counted from 1; repeat for more.
        #[arg(long = "human")]
        humans: Vec<String>,
        /// Write the replay record (game, options, seed, actions) to this file.
        #[arg(long)]
        json_log: Option<PathBuf>,
        #[command(flatten)]
        flags: Flags,
    },
    /// Replay a recorded game of any game, printing its log and final scores.
    Replay {
        /// A replay record written by `darbar play --json-log`.
        file: PathBuf,
        /// Vijayanagara: the card directory the game was played with, if not the default deck.
        #[arg(long)]
        deck: Option<PathBuf>,
        /// Tycoon: the content folder the game was played with, if not darbar's default.
        #[arg(long)]
        content: Option<PathBuf>,
        /// Print only the final snapshot (JSON), not the log.
        #[arg(long)]
        snapshot: bool,
    },
    /// Play many random games, checking every step; print the figures and peak memory.
    Fuzz {
        /// The game to fuzz.
        game: String,
        #[command(flatten)]
        runs: RunArgs,
        /// Only check that play never dead-ends (no per-step round trips).
        #[arg(long)]
        play_only: bool,
        #[command(flatten)]
        flags: Flags,
    },
    /// Play many random games without checks; print games/s, actions/s and actions per game.
    Bench {
        /// The game to measure.
        game: String,
        #[command(flatten)]
        runs: RunArgs,
        /// Print one JSON object: games_per_s, actions_per_s, actions_per_game.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        flags: Flags,
    },
    /// Play many games with bots; print the figures, returns and the game's own tables.
    Stats {
        /// The game.
        game: String,
        #[command(flatten)]
        runs: RunArgs,
        /// The bot for every seat, or one per seat, comma-separated.
        #[arg(long, value_delimiter = ',', default_value = "random")]
        bots: Vec<String>,
        #[command(flatten)]
        flags: Flags,
    },
    /// Bots against each other over many games, seats rotated: win rate and mean return per
    /// bot and per seat with 95% intervals, and ratings when more than two bots play.
    Arena {
        /// The game.
        game: String,
        /// One bot for every seat or one per seat, comma-separated specs: random, rollout,
        /// mcts:iterations=1000, ismcts:iterations=2000:c=1.4, the game's own (greedy).
        #[arg(long, value_delimiter = ',', required = true)]
        bots: Vec<String>,
        #[command(flatten)]
        runs: RunArgs,
        /// Keep each bot in its seat instead of rotating the seats from game to game.
        #[arg(long)]
        fixed_seats: bool,
        /// Print one JSON object: the tables and every game.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        flags: Flags,
    },
    /// Run a Lua script against a Vijayanagara position (the sandbox of darbar-lua) and print
    /// its result.
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
        game: String,
        /// A corrected map file to validate instead of the built-in one.
        #[arg(long)]
        file: Option<PathBuf>,
    },
    /// Vijayanagara: run one Event card's side on a position (§2.3.4) and print each choice
    /// it asks, its log, what it grants and the board after it. A card that fails prints its
    /// file and line.
    Card {
        /// The card's number (1–36).
        number: u8,
        /// The deck directory of Lua card files (default: the darbar default deck).
        #[arg(long)]
        deck: Option<PathBuf>,
        /// A snapshot file of the position (default: the start of a game with --seed).
        #[arg(long)]
        snapshot: Option<PathBuf>,
        /// The seed of the new game when no snapshot is given.
        #[arg(long, default_value_t = 0, conflicts_with = "snapshot")]
        seed: u64,
        /// The side to run: unshaded or shaded.
        #[arg(long, default_value = "unshaded")]
        side: String,
        /// The faction carrying the Event out (DS, BK, VN; default: the one deciding now).
        #[arg(long)]
        executor: Option<String>,
        /// The answers to the card's choices, in order, each the number of an option as
        /// listed (from 1); every choice past them takes the first option.
        #[arg(long, value_delimiter = ',')]
        choices: Vec<usize>,
    },
}

/// Which seeds, on how many threads.
#[derive(Args)]
struct RunArgs {
    /// How many games (seeds `first..first + games`).
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// The first seed.
    #[arg(long, default_value_t = 0)]
    first: u64,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    threads: usize,
}

impl TryFrom<RunArgs> for Runs {
    type Error = String;

    /// Refuses counts that would exhaust the process (a pool of 100,000 threads aborts it).
    fn try_from(runs: RunArgs) -> Result<Runs, String> {
        darbar::testing::check_runs(runs.games, runs.threads)?;
        Ok(Runs {
            games: runs.games,
            first: runs.first,
            threads: runs.threads,
        })
    }
}

/// Flags of some games only; a game that does not take one refuses it.
#[derive(Args)]
struct Flags {
    /// Vijayanagara: play the Event cards from this directory of Lua card files (a whole
    /// deck, 1–44) instead of the darbar default deck.
    #[arg(long, conflicts_with = "no_events")]
    deck: Option<PathBuf>,
    /// Vijayanagara: play without Event cards (Event or Command then always means a Command).
    #[arg(long)]
    no_events: bool,
    /// Vijayanagara: play without gifts of Resources and cavalry between factions (the
    /// `transfers` option, §1.5.2).
    #[arg(long)]
    no_gifts: bool,
    /// Games with a player count option (Pax Pamir: 2-5; nim): the number of players.
    #[arg(long)]
    players: Option<u8>,
    /// Pax Pamir: Wakhan, the automated opponent, plays seat 0 and takes the first turn;
    /// --players counts her seat (2 or 3).
    #[arg(long)]
    wakhan: bool,
    /// Tycoon: play with the Headline expansion (TI-17).
    #[arg(long)]
    headlines: bool,
    /// Tycoon: add the Kickstarter extra cards (TC-7.3, TC-8.3).
    #[arg(long)]
    kickstarter: bool,
    /// Tycoon: the automa seats beside the --players people (default: 2 beside one person,
    /// 1 beside two, none beside three or four; TC-16.1); 3 or 4 seats in all.
    #[arg(long)]
    automas: Option<u8>,
    /// Tycoon: each automa's difficulty, easy, normal or hard (TC-16.1): one for all, or one
    /// per automa seat, comma-separated, the first automa seat first.
    #[arg(long = "automa-level", value_delimiter = ',')]
    automa_levels: Vec<String>,
    /// Tycoon: play a folder of one's own content files instead of darbar's default content
    /// (TC-19).
    #[arg(long)]
    content: Option<PathBuf>,
}

impl From<Flags> for GameFlags {
    fn from(flags: Flags) -> GameFlags {
        GameFlags {
            no_events: flags.no_events,
            no_gifts: flags.no_gifts,
            deck: flags.deck,
            players: flags.players,
            wakhan: flags.wakhan,
            headlines: flags.headlines,
            kickstarter: flags.kickstarter,
            automas: flags.automas,
            automa_levels: flags.automa_levels,
            content: flags.content,
        }
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(text) => {
            let mut out = std::io::stdout().lock();
            // A closed pipe (`darbar ... | head`) is not an error of the program.
            let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
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
            game,
            seed,
            json,
            svg,
            flags,
        } => commands::new(&game, seed, &flags.into(), json, svg),
        Command::Show {
            file,
            deck,
            content,
            svg,
        } => commands::show(&file, deck.as_deref(), content.as_deref(), svg),
        Command::Play {
            game,
            seed,
            resume,
            bots,
            humans,
            json_log,
            flags,
        } => {
            let players = Players { bots, humans };
            let flags: GameFlags = flags.into();
            let start = match resume {
                Some(file) => Start::Resume {
                    file,
                    deck: flags.deck,
                    content: flags.content,
                },
                None => Start::New {
                    name: game.unwrap_or_default(),
                    seed,
                    flags,
                },
            };
            let mut input = std::io::stdin().lock();
            let mut out = std::io::stdout().lock();
            commands::play(&start, &players, json_log.as_deref(), &mut input, &mut out)
                .map(|()| String::new())
        }
        Command::Replay {
            file,
            deck,
            content,
            snapshot,
        } => commands::replay(&file, deck.as_deref(), content.as_deref(), snapshot),
        Command::Fuzz {
            game,
            runs,
            play_only,
            flags,
        } => commands::fuzz(&game, &flags.into(), runs.try_into()?, play_only),
        Command::Bench {
            game,
            runs,
            json,
            flags,
        } => commands::bench(&game, &flags.into(), runs.try_into()?, json),
        Command::Stats {
            game,
            runs,
            bots,
            flags,
        } => commands::stats(&game, &flags.into(), runs.try_into()?, &bots),
        Command::Arena {
            game,
            bots,
            runs,
            fixed_seats,
            json,
            flags,
        } => commands::arena(
            &game,
            &flags.into(),
            runs.try_into()?,
            &bots,
            !fixed_seats,
            json,
        ),
        Command::Eval {
            script,
            seed,
            snapshot,
        } => games::vijayanagara::eval(&script, seed, snapshot.as_deref()),
        Command::Map { game, file } => commands::map(&game, file.as_deref()),
        Command::Card {
            number,
            deck,
            snapshot,
            seed,
            side,
            executor,
            choices,
        } => card::run(&card::CardCommand {
            number,
            deck: deck.as_deref(),
            snapshot: snapshot.as_deref(),
            seed,
            side: card::side(&side)?,
            executor: executor.as_deref(),
            choices: &choices,
        }),
    }
}
