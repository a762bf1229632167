//! The commands, written once over the erased game interface ([`DynGame`], [`DynState`]) and
//! the registry: any registered game can be set up, shown, played, replayed, fuzzed,
//! benchmarked and tabulated. What one game says or does beyond that is in [`crate::games`].

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use darbar::bots::DynBot;
use darbar::engine::{DynGame, DynState, Seat};
use darbar::games::Registry;
use darbar::testing::{Checks, on_seeds};
use serde_json::{Map, Value};

use crate::games::{Extras, Flag, Tally, extras};

/// The flags that only some games take; each is refused, naming the games that take it, for
/// a game that does not.
#[derive(Clone, Debug, Default)]
pub struct GameFlags {
    /// Play without Event cards (Vijayanagara).
    pub no_events: bool,
    /// Play the Event cards of this deck directory (Vijayanagara).
    pub deck: Option<PathBuf>,
    /// The number of players, for games with a `players` option.
    pub players: Option<u8>,
}

/// Which seeds to play and on how many threads.
#[derive(Clone, Copy, Debug)]
pub struct Runs {
    /// How many games: seeds `first..first + games`.
    pub games: u64,
    /// The first seed.
    pub first: u64,
    /// Worker threads (at least 1).
    pub threads: usize,
}

impl Runs {
    fn seeds(self) -> std::ops::Range<u64> {
        self.first..self.first.saturating_add(self.games)
    }
}

/// Who plays a game, as given on the command line.
#[derive(Clone, Debug, Default)]
pub struct Players {
    /// Bot names: one for every seat not played by a person, or one per seat.
    pub bots: Vec<String>,
    /// Seats played at the terminal, by name or number.
    pub humans: Vec<String>,
}

/// The registry every command reads games from: Vijayanagara plays its Lua Event deck.
fn registry() -> Registry {
    darbar_lua::registry()
}

/// The game `name` with the options its flags ask for.
fn load(registry: &Registry, name: &str, flags: &GameFlags) -> Result<Arc<dyn DynGame>, String> {
    let entry = registry.entry(name).map_err(|e| e.to_string())?;
    let name = entry.name;
    let own = extras(name);
    for (flag, given) in [
        (Flag::NoEvents, flags.no_events),
        (Flag::Deck, flags.deck.is_some()),
    ] {
        if given && !own.takes(flag) {
            let owners = owners(registry, |game| extras(game).takes(flag));
            return Err(format!("{} applies to {owners} only", flag.name()));
        }
    }
    let mut options = Map::new();
    own.options(flags, &mut options);
    if let Some(players) = flags.players {
        if !has_players(registry, name) {
            let owners = owners(registry, |game| has_players(registry, game));
            return Err(format!("--players applies to {owners} only"));
        }
        options.insert("players".into(), players.into());
    }
    let options = if options.is_empty() {
        Value::Null
    } else {
        Value::Object(options)
    };
    entry.load(&options).map_err(|e| e.to_string())
}

/// Whether the game has a player count option.
fn has_players(registry: &Registry, name: &str) -> bool {
    registry
        .load(name, &Value::Null)
        .is_ok_and(|g| g.options_json().get("players").is_some())
}

/// The titles of the registered games for which `takes` holds ("Vijayanagara and nim"), for a
/// refusal; only called on the way to an error, so loading games here costs nothing that
/// matters.
fn owners(registry: &Registry, takes: impl Fn(&str) -> bool) -> String {
    let titles: Vec<String> = registry
        .names()
        .into_iter()
        .filter(|name| takes(name))
        .map(|name| extras(name).title(name))
        .collect();
    if titles.is_empty() {
        "no game of this build".into()
    } else {
        titles.join(" and ")
    }
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// `darbar new`: the starting position of `seed`, as the board, its snapshot or a picture.
pub fn new(
    name: &str,
    seed: u64,
    flags: &GameFlags,
    json: bool,
    svg: bool,
) -> Result<String, String> {
    let game = load(&registry(), name, flags)?;
    let state = game.new_initial_state(seed);
    picture(&*state, json, svg)
}

fn picture(state: &dyn DynState, json: bool, svg: bool) -> Result<String, String> {
    if json {
        Ok(state.to_snapshot() + "\n")
    } else if svg {
        state
            .to_svg()
            .ok_or_else(|| format!("{} draws no picture", state.game().name()))
    } else {
        Ok(state.to_string())
    }
}

/// `darbar show`: a saved snapshot of any game, checked, as the board or a picture.
pub fn show(file: &Path, svg: bool) -> Result<String, String> {
    let state = registry()
        .restore(&read(file)?, &Value::Null)
        .map_err(|e| format!("{}: {e}", file.display()))?;
    picture(&*state, false, svg)
}

/// The seat that `text` names in `game`: its name, its title, or its number.
fn seat_of(registry: &Registry, game: &dyn DynGame, text: &str) -> Result<Seat, String> {
    let extras_of = extras;
    let extras = extras(game.name());
    let seats = 0..game.num_players();
    if let Some(seat) = seats.clone().find(|&s| {
        text.trim() == s.to_string()
            || text.eq_ignore_ascii_case(&game.seat_name(s))
            || text.eq_ignore_ascii_case(&extras.seat_short(game, s))
            || text.eq_ignore_ascii_case(&extras.seat_title(game, s))
    }) {
        return Ok(seat);
    }
    let list: Vec<String> = seats
        .map(|s| format!("{s} ({})", game.seat_name(s)))
        .collect();
    let elsewhere = owners(registry, |other| {
        other != game.name()
            && registry.load(other, &Value::Null).is_ok_and(|g| {
                (0..g.num_players()).any(|s| {
                    text.eq_ignore_ascii_case(&g.seat_name(s))
                        || text.eq_ignore_ascii_case(&extras_of(other).seat_short(&*g, s))
                })
            })
    });
    let mut message = format!(
        "{} has no seat {text:?}; its seats are {}",
        extras.title(game.name()),
        list.join(", ")
    );
    if !elsewhere.starts_with("no game") {
        message = format!("{text} is a seat of {elsewhere} only: {message}");
    }
    Err(message)
}

/// Refuses a bot the game does not have, naming the games that have it.
fn check_bot(registry: &Registry, game: &dyn DynGame, name: &str) -> Result<(), String> {
    if game.bot(name, 0).is_some() {
        return Ok(());
    }
    let here = format!(
        "{} has the bots {}",
        extras(game.name()).title(game.name()),
        game.bot_names().join(", ")
    );
    let elsewhere = owners(registry, |other| {
        registry
            .load(other, &Value::Null)
            .is_ok_and(|g| g.bot(name, 0).is_some())
    });
    Err(if elsewhere.starts_with("no game") {
        format!("unknown bot {name:?}: {here}")
    } else {
        format!("the {name} bot plays {elsewhere} only; {here}")
    })
}

/// Who plays each seat: a person, or the bot at an index of `bots`.
struct Seating {
    seats: Vec<Option<usize>>,
    bots: Vec<Box<dyn DynBot>>,
    /// The bot names in seat order, each once.
    bot_names: Vec<String>,
    /// The seats played by people, by title.
    human_titles: Vec<String>,
}

impl Seating {
    /// The seating `players` asks for; bots are seeded from `seed`. One bot name plays every
    /// seat that no person plays, with one bot (so one generator) for all of them.
    fn new(
        registry: &Registry,
        game: &dyn DynGame,
        players: &Players,
        seed: u64,
    ) -> Result<Seating, String> {
        let extras = extras(game.name());
        let n = game.num_players();
        let mut humans = Vec::new();
        for text in &players.humans {
            let seat = seat_of(registry, game, text)?;
            if !humans.contains(&seat) {
                humans.push(seat);
            }
        }
        if players.bots.is_empty() && humans.is_empty() && extras.humans_by_default() {
            humans = (0..n).collect();
        }
        let names: Vec<String> = match players.bots.len() {
            0 => vec!["random".into()],
            1 => players.bots.clone(),
            k if k == n => players.bots.clone(),
            k => {
                return Err(format!(
                    "--bots takes one bot, or one per seat ({n}), not {k}"
                ));
            }
        };
        for name in &names {
            check_bot(registry, game, name)?;
        }
        let mut seating = Seating {
            seats: vec![None; n],
            bots: Vec::new(),
            bot_names: Vec::new(),
            human_titles: humans.iter().map(|&s| extras.seat_short(game, s)).collect(),
        };
        for seat in (0..n).filter(|s| !humans.contains(s)) {
            let name = &names[if names.len() == 1 { 0 } else { seat }];
            if names.len() == 1 && !seating.bots.is_empty() {
                seating.seats[seat] = Some(0);
                continue;
            }
            let bot_seed = if names.len() == 1 {
                seed
            } else {
                seed.wrapping_add(seat as u64)
            };
            let bot = game
                .bot(name, bot_seed)
                .ok_or_else(|| format!("unknown bot {name:?}"))?;
            seating.seats[seat] = Some(seating.bots.len());
            seating.bots.push(bot);
            if !seating.bot_names.contains(name) {
                seating.bot_names.push(name.clone());
            }
        }
        Ok(seating)
    }
}

/// A person's answer.
enum Answer {
    Action(usize),
    Undo,
}

/// `darbar play`: a whole game, bots and people at the terminal, its log written to `out` as
/// it happens, then the final board and scores; the replay record to `json_log`.
pub fn play(
    name: &str,
    seed: u64,
    flags: &GameFlags,
    players: &Players,
    json_log: Option<&Path>,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    let registry = registry();
    let game = load(&registry, name, flags)?;
    let extras = extras(game.name());
    let mut seating = Seating::new(&registry, &*game, players, seed)?;
    let mut state = game.new_initial_state(seed);
    writeln!(
        out,
        "{}",
        extras.play_header(&*state, &seating.bot_names, &seating.human_titles)
    )
    .map_err(io)?;
    write!(out, "\n{state}").map_err(io)?;
    while let Some(seat) = state.current_player() {
        let id = match seating.seats.get(seat).copied().flatten() {
            Some(bot) => seating.bots[bot]
                .choose(&*state)
                .ok_or("the bot found no legal action")?,
            None => match ask(extras, &*state, input, out)? {
                Answer::Action(id) => id,
                Answer::Undo => {
                    state = undo(extras, state, out)?;
                    continue;
                }
            },
        };
        let text = game.action_to_string(id).unwrap_or_default();
        let log = state.apply_logged(id).map_err(|e| e.to_string())?;
        for line in extras.action_lines(&text, log) {
            writeln!(out, "{line}").map_err(io)?;
        }
    }
    write!(
        out,
        "{}",
        extras.final_report(&*state, state.history().len())
    )
    .map_err(io)?;
    if let Some(path) = json_log {
        let record = state.replay_record()?;
        std::fs::write(path, record).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// Takes back the last action if the game allows it, replaying the game from its start
/// without it.
fn undo(
    extras: &dyn Extras,
    state: Box<dyn DynState>,
    out: &mut impl Write,
) -> Result<Box<dyn DynState>, String> {
    let io = |e: std::io::Error| e.to_string();
    let history = state.history();
    let Some(&last) = history.last() else {
        writeln!(out, "Nothing to undo.").map_err(io)?;
        return Ok(state);
    };
    let game = state.game();
    let text = game.action_to_string(last).unwrap_or_default();
    if let Some(reason) = extras.undo_refusal(&*state) {
        writeln!(out, "Cannot undo {text}: {reason}.").map_err(io)?;
        return Ok(state);
    }
    let mut earlier = game.new_initial_state(state.seed());
    for &id in &history[..history.len() - 1] {
        earlier
            .apply(id)
            .map_err(|e| format!("undo: replaying: {e}"))?;
    }
    writeln!(out, "Undone: {text}.").map_err(io)?;
    Ok(earlier)
}

/// Asks a person for one of the choices (or `board`, or `undo` where the game allows it),
/// until the answer is one.
fn ask(
    extras: &dyn Extras,
    state: &dyn DynState,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Answer, String> {
    let io = |e: std::io::Error| e.to_string();
    let ids = state.legal_actions();
    let texts = state.legal_action_strings();
    loop {
        write!(out, "{}", extras.decision_header(state)).map_err(io)?;
        if let Some(prompt) = state.prompt() {
            writeln!(out, "  {prompt}").map_err(io)?;
        }
        for (i, (&id, text)) in ids.iter().zip(&texts).enumerate() {
            let note = extras.choice_note(state, id);
            writeln!(out, "  {:>2}. {text}{note}", i + 1).map_err(io)?;
        }
        if extras.undoes() {
            write!(out, "Your choice (number or text; \"board\", \"undo\"): ")
        } else {
            write!(
                out,
                "Your choice (number or text; \"board\" shows the board): "
            )
        }
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
        if extras.undoes() && answer.eq_ignore_ascii_case("undo") {
            return Ok(Answer::Undo);
        }
        let chosen = match answer.parse::<usize>() {
            Ok(n) => ids.get(n.wrapping_sub(1)).copied(),
            Err(_) => state
                .game()
                .string_to_action(answer)
                .ok()
                .filter(|id| ids.contains(id)),
        };
        match chosen {
            Some(id) => return Ok(Answer::Action(id)),
            None => writeln!(out, "{answer:?} is not one of the choices.").map_err(io)?,
        }
    }
}

/// `darbar replay`: a recorded game of any game played again, checked, with its log and final
/// scores (or only its final snapshot).
pub fn replay(file: &Path, deck: Option<&Path>, snapshot: bool) -> Result<String, String> {
    let registry = registry();
    let text = read(file)?;
    let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", file.display());
    let mut extra = Value::Null;
    if let Some(deck) = deck {
        let name = serde_json::from_str::<Value>(&text)
            .ok()
            .and_then(|v| v.get("game").and_then(Value::as_str).map(str::to_owned))
            .unwrap_or_default();
        if !extras(&name).takes(Flag::Deck) {
            let owners = owners(&registry, |game| extras(game).takes(Flag::Deck));
            return Err(format!(
                "--deck applies to {owners} only, not to a replay of {}",
                extras(&name).title(&name)
            ));
        }
        extra = serde_json::json!({ "deck": deck.display().to_string() });
    }
    let end = registry.replay(&text, &extra).map_err(|e| fail(&e))?;
    if snapshot {
        return Ok(end.to_snapshot() + "\n");
    }
    let game = end.game();
    let extras = extras(game.name());
    let mut state = game.new_initial_state(end.seed());
    let mut text = format!("Replay of {}, seed {}\n\n{state}", game.name(), end.seed());
    for (i, id) in end.history().into_iter().enumerate() {
        let action = game.action_to_string(id).unwrap_or_default();
        let log = state
            .apply_logged(id)
            .map_err(|e| fail(&format!("action {i} ({action}): {e}")))?;
        for line in extras.action_lines(&action, log) {
            text += &line;
            text.push('\n');
        }
    }
    text += &extras.final_report(&*state, state.history().len());
    Ok(text)
}

/// What one game of many did, kept small.
struct Played {
    steps: usize,
    returns: Vec<f64>,
    tally: Tally,
}

/// Sums of many games.
fn totals(game: &dyn DynGame, all: &[Played]) -> (usize, usize, Vec<f64>) {
    let steps = all.iter().map(|p| p.steps).sum();
    let longest = all.iter().map(|p| p.steps).max().unwrap_or(0);
    let mut mean = vec![0.0; game.num_players()];
    for played in all {
        for (m, r) in mean.iter_mut().zip(&played.returns) {
            *m += r / all.len() as f64;
        }
    }
    (steps, longest, mean)
}

/// `darbar fuzz`: many random games checked at every step ([`DynGame::check_random_game`]):
/// the figures, the returns and the game's own summary, and peak memory.
pub fn fuzz(name: &str, flags: &GameFlags, runs: Runs, play_only: bool) -> Result<String, String> {
    let game = load(&registry(), name, flags)?;
    let extras = extras(game.name());
    let checks = if play_only {
        Checks::PlayOnly
    } else {
        Checks::Full
    };
    let start = Instant::now();
    let results = on_seeds(runs.threads, runs.seeds(), |seed| {
        game.check_random_game(seed, checks).map(|checked| Played {
            steps: checked.steps,
            tally: extras.tally(&*checked.state),
            returns: checked.returns,
        })
    });
    let elapsed = start.elapsed().as_secs_f64();
    let all = results
        .into_iter()
        .collect::<Result<Vec<_>, _>>()
        .map_err(|f| f.to_string())?;
    let (steps, longest, mean) = totals(&*game, &all);
    let n = all.len();
    let mut text = format!(
        "{n} {} games{}, {} checks, {} threads: no failure.\n\
         {steps} actions ({:.1} per game, longest {longest}) in {elapsed:.2} s: \
         {:.0} games/s, {:.0} actions/s.\n",
        game.name(),
        extras.describe(&*game),
        if play_only { "play-only" } else { "full" },
        runs.threads,
        steps as f64 / n.max(1) as f64,
        n as f64 / elapsed,
        steps as f64 / elapsed,
    );
    text += &extras.returns_summary(&*game, &mean);
    let tallies: Vec<Tally> = all.into_iter().map(|p| p.tally).collect();
    text += &extras.fuzz_report(&tallies);
    if let Some(peak) = peak_memory() {
        text += &format!("Peak memory (VmHWM): {peak}\n");
    }
    Ok(text)
}

/// `darbar bench`: many random games without the per-step checks, for speed only (the
/// unchecked fast path of `Checks::PlayOnly`).
pub fn bench(name: &str, flags: &GameFlags, runs: Runs, json: bool) -> Result<String, String> {
    let game = load(&registry(), name, flags)?;
    let start = Instant::now();
    let results = on_seeds(runs.threads, runs.seeds(), |seed| {
        game.check_random_game(seed, Checks::PlayOnly)
            .map(|checked| checked.steps)
            .map_err(|f| f.to_string())
    });
    let elapsed = start.elapsed().as_secs_f64().max(1e-9);
    let steps = results.into_iter().collect::<Result<Vec<_>, _>>()?;
    let n = steps.len();
    let actions: usize = steps.iter().sum();
    let games_per_s = n as f64 / elapsed;
    let actions_per_s = actions as f64 / elapsed;
    let actions_per_game = actions as f64 / n.max(1) as f64;
    if json {
        let value = serde_json::json!({
            "games_per_s": games_per_s,
            "actions_per_s": actions_per_s,
            "actions_per_game": actions_per_game,
        });
        return Ok(value.to_string() + "\n");
    }
    Ok(format!(
        "{n} {} games{}, {} threads: {elapsed:.2} s, {games_per_s:.0} games/s, \
         {actions_per_s:.0} actions/s, {actions_per_game:.1} actions per game.\n",
        game.name(),
        extras(game.name()).describe(&*game),
        runs.threads,
    ))
}

/// `darbar stats`: many games played by bots; the figures, the returns and the game's own
/// tables (Markdown).
pub fn stats(name: &str, flags: &GameFlags, runs: Runs, bots: &[String]) -> Result<String, String> {
    let registry = registry();
    let game = load(&registry, name, flags)?;
    let extras = extras(game.name());
    let players = Players {
        bots: bots.to_vec(),
        humans: Vec::new(),
    };
    // Checks the bot names once, before the threads start.
    let names = Seating::new(&registry, &*game, &players, 0)?.bot_names;
    let start = Instant::now();
    let results = on_seeds(runs.threads, runs.seeds(), |seed| {
        let mut seating = Seating::new(&registry, &*game, &players, seed)?;
        let mut state = game.new_initial_state(seed);
        while let Some(seat) = state.current_player() {
            let bot = seating.seats[seat].ok_or("a seat without a bot")?;
            let id = seating.bots[bot]
                .choose(&*state)
                .ok_or("the bot found no legal action")?;
            state
                .apply(id)
                .map_err(|e| format!("seed {seed}: the bot's action was refused: {e}"))?;
        }
        Ok::<_, String>(Played {
            steps: state.history().len(),
            returns: state.returns(),
            tally: extras.tally(&*state),
        })
    });
    let elapsed = start.elapsed().as_secs_f64();
    let all = results.into_iter().collect::<Result<Vec<_>, _>>()?;
    let (steps, _, mean) = totals(&*game, &all);
    let n = all.len();
    let tallies: Vec<Tally> = all.into_iter().map(|p| p.tally).collect();
    let per_game = match extras.stats_per_game(&tallies) {
        Some(more) => format!("{:.1} actions and {more}", steps as f64 / n.max(1) as f64),
        None => format!("{:.1} actions", steps as f64 / n.max(1) as f64),
    };
    let bot = names.join(", ");
    let mut text = format!(
        "{n} {} games with the {bot} bot{}{}, seeds {}..{}, {} threads: {elapsed:.1} s, \
         {:.0} games/s, {per_game} per game.\n\n",
        game.name(),
        if names.len() > 1 { "s" } else { "" },
        extras.bot_note(&bot),
        runs.first,
        runs.seeds().end,
        runs.threads,
        n as f64 / elapsed,
    );
    text += &extras.returns_summary(&*game, &mean);
    text += &extras.stats_tables(&tallies);
    Ok(text)
}

/// `darbar map`: a game's map, validated.
pub fn map(name: &str, file: Option<&Path>) -> Result<String, String> {
    let registry = registry();
    let name = registry.entry(name).map_err(|e| e.to_string())?.name;
    extras(name).map(name, file)
}

/// The process's peak resident memory, where the system reports it (Linux).
fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    Some(line.trim_start_matches("VmHWM:").trim().to_owned())
}
