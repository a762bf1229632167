//! The `darbar` command-line program.
//!
//! ```text
//! darbar new vijayanagara --seed 7          # the starting position, as a readable board
//! darbar new vijayanagara --seed 7 --json   # the same position as a snapshot
//! darbar show position.json                 # a saved snapshot, as a readable board
//! darbar map vijayanagara [--file map.json] # the map, validated
//! darbar eval script.lua --seed 7           # a Lua script run against a starting position
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use darbar::engine::Snapshot;
use darbar::vijayanagara::{Map, SpaceId, State};

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
        #[arg(long)]
        json: bool,
    },
    /// Print a saved snapshot as a readable board, after checking it.
    Show {
        /// A snapshot file written by `darbar new --json`.
        file: PathBuf,
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
        } => {
            let state = State::new(seed);
            Ok(if json {
                state.to_snapshot() + "\n"
            } else {
                state.to_string()
            })
        }
        Command::Show { file } => {
            let text = read(&file)?;
            let state =
                State::from_snapshot(&text).map_err(|e| format!("{}: {e}", file.display()))?;
            Ok(state.to_string())
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
