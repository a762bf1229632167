//! The commands, written once over the erased game interface ([`DynGame`], [`DynState`]) and
//! the registry: any registered game can be set up, shown, played, replayed, fuzzed,
//! benchmarked and tabulated. What one game says or does beyond that is in [`crate::games`].

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use darbar::bots::{DynBot, SpecError};
use darbar::engine::log::SEALED_MARK;
use darbar::engine::{DynGame, DynState, Refusal, ScriptFailure, Seat};
use darbar::games::Registry;
use darbar::testing::{Checks, on_seeds};
use serde_json::{Map, Value};

use crate::games::{Extras, Flag, Tally, extras};
use crate::progress;
use crate::terminal::{self, Answer, Saves};

/// The flags that only some games take; each is refused, naming the games that take it, for
/// a game that does not.
#[derive(Clone, Debug, Default)]
pub struct GameFlags {
    /// Play without Event cards (Vijayanagara).
    pub no_events: bool,
    /// Play the Event cards of this deck directory (Vijayanagara).
    pub deck: Option<PathBuf>,
    /// Play without gifts of Resources and cavalry between factions (Vijayanagara's
    /// `transfers` option, §1.5.2).
    pub no_gifts: bool,
    /// The number of players, for games with a `players` option.
    pub players: Option<u8>,
    /// Wakhan, Pax Pamir's automated opponent, plays a seat.
    pub wakhan: bool,
    /// Tycoon's Headline expansion (TI-17).
    pub headlines: bool,
    /// Tycoon's Kickstarter extra cards (TC-7.3, TC-8.3).
    pub kickstarter: bool,
    /// Tycoon's automa seats (TC-16.1).
    pub automas: Option<u8>,
    /// Tycoon's automa difficulties, as typed: one for all, or one per automa seat.
    pub automa_levels: Vec<String>,
    /// Tycoon: a folder of one's own content files (TC-19).
    pub content: Option<PathBuf>,
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
        (Flag::NoGifts, flags.no_gifts),
        (Flag::Wakhan, flags.wakhan),
        (Flag::Headlines, flags.headlines),
        (Flag::Kickstarter, flags.kickstarter),
        (Flag::Automas, flags.automas.is_some()),
        (Flag::AutomaLevel, !flags.automa_levels.is_empty()),
        (Flag::Content, flags.content.is_some()),
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
    let game = entry.load(&options).map_err(|e| e.to_string())?;
    own.check_flags(&*game, flags)?;
    Ok(game)
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
    match titles.split_last() {
        None => "no game of this build".into(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
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

/// `darbar show`: a saved position of any game, checked, as the board or a picture: a
/// snapshot, or a saved game (its replay record, what `save` and `--json-log` write)
/// replayed to its last position. `deck` and `content` are the folder it was played with,
/// if not the default one.
pub fn show(
    file: &Path,
    deck: Option<&Path>,
    content: Option<&Path>,
    svg: bool,
) -> Result<String, String> {
    let registry = registry();
    let text = read(file)?;
    let state = if is_record(&text) {
        recorded(&registry, file, &text, deck, content)?
    } else {
        let extra = loader_options(&registry, &text, deck, content)?;
        registry
            .restore(&text, &extra)
            .map_err(|e| format!("{}: {e}", file.display()))?
    };
    picture(&*state, false, svg)
}

/// Whether `text` is a replay record (game, options, seed, actions) rather than a snapshot
/// (which has a format and a state instead).
fn is_record(text: &str) -> bool {
    serde_json::from_str::<Value>(text)
        .is_ok_and(|value| value.get("actions").is_some() && value.get("format").is_none())
}

/// The game of the replay record `text` (read from `file`) at its end, replayed and checked
/// with the deck directory `deck` or the content folder `content` if it was played with one.
fn recorded(
    registry: &Registry,
    file: &Path,
    text: &str,
    deck: Option<&Path>,
    content: Option<&Path>,
) -> Result<Box<dyn DynState>, String> {
    let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", file.display());
    let extra = loader_options(registry, text, deck, content)?;
    // A record that names its deck says which deck it needs, before anything else fails.
    darbar_lua::check_replay_deck(registry, text, &extra).map_err(|e| fail(&e))?;
    registry.replay(text, &extra).map_err(|e| fail(&e))
}

/// The seat that `text` names in `game`: its name, its title, or its number counted from 1,
/// as people number seats. Anything else (0, a number past the seats) is refused with the
/// list of the seats.
fn seat_of(registry: &Registry, game: &dyn DynGame, text: &str) -> Result<Seat, String> {
    let extras_of = extras;
    let extras = extras(game.name());
    let seats = 0..game.num_players();
    if let Some(seat) = seats.clone().find(|&s| {
        text.trim() == (s + 1).to_string()
            || text.eq_ignore_ascii_case(&game.seat_name(s))
            || text.eq_ignore_ascii_case(&extras.seat_short(game, s))
            || text.eq_ignore_ascii_case(&extras.seat_title(game, s))
    }) {
        return Ok(seat);
    }
    let list: Vec<String> = seats
        .map(|s| format!("{} ({})", s + 1, extras.seat_short(game, s)))
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
fn check_bot(registry: &Registry, game: &dyn DynGame, spec: &str) -> Result<(), String> {
    let name = match registry.bot(game, spec, 0) {
        Ok(_) => return Ok(()),
        Err(SpecError::UnknownBot { name, .. }) => name,
        Err(other) => return Err(other.to_string()),
    };
    let name = name.as_str();
    let here = format!(
        "{} has the bots {}",
        extras(game.name()).title(game.name()),
        registry.bot_names(game).join(", ")
    );
    let elsewhere = owners(registry, |other| {
        registry
            .entry(other)
            .is_ok_and(|entry| entry.bot_names().contains(&name))
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
    /// Tells every bot of action `id`, taken at `before`, as the seats it plays saw it
    /// ([`DynState::action_seen_by`]): a search keeps the part of its tree the game moved
    /// into.
    fn inform(&mut self, before: &dyn DynState, id: usize) {
        for (b, bot) in self.bots.iter_mut().enumerate() {
            let sees = self.seats.iter().enumerate().any(|(seat, plays)| {
                *plays == Some(b) && before.action_seen_by(id, seat).is_some()
            });
            bot.inform(sees.then_some(id));
        }
    }

    /// Tells every bot the game went back (an undo, a turn taken back): what it kept of the
    /// game is void.
    fn restart(&mut self) {
        for bot in &mut self.bots {
            bot.restart();
        }
    }

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
            if let Some(why) = extras.ruled_seat(game, seat) {
                return Err(why);
            }
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
            let bot = registry
                .bot(game, name, bot_seed)
                .map_err(|e| e.to_string())?;
            seating.seats[seat] = Some(seating.bots.len());
            seating.bots.push(bot);
            if !seating.bot_names.contains(name) {
                seating.bot_names.push(name.clone());
            }
        }
        Ok(seating)
    }
}

/// Where `darbar play` starts: a new game, or a saved one.
#[derive(Clone, Debug)]
pub enum Start {
    /// A new game of `name` from `seed`, with the options its flags ask for.
    New {
        /// The game.
        name: String,
        /// Its seed.
        seed: u64,
        /// Its flags.
        flags: GameFlags,
    },
    /// The game saved in `file` (its replay record), replayed and then continued; `deck` is
    /// the card directory it was played with, if not the default deck, and `content` the
    /// content folder (Tycoon), if not the default content.
    Resume {
        /// The saved game.
        file: PathBuf,
        /// Its deck directory.
        deck: Option<PathBuf>,
        /// Its content folder.
        content: Option<PathBuf>,
    },
}

/// `darbar play`: a whole game, bots and people at the terminal, its log written to `out` as
/// it happens, then the final board and scores; the replay record to `json_log`. A person
/// answers each decision with a choice or a command ([`terminal::ask`]); `quit`, the end of
/// the input and Ctrl-C save the game so far. A card that fails never ends the game: a
/// person chooses again without it, a bot is given another of its choices.
pub fn play(
    start: &Start,
    players: &Players,
    json_log: Option<&Path>,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    let registry = registry();
    let (mut state, default_file) = match start {
        Start::New { name, seed, flags } => {
            let game = load(&registry, name, flags)?;
            let file = Saves::default_file(game.name(), *seed);
            (game.new_initial_state(*seed), file)
        }
        Start::Resume {
            file,
            deck,
            content,
        } => (
            resume(&registry, file, deck.as_deref(), content.as_deref())?,
            file.clone(),
        ),
    };
    let extras = extras(state.game().name());
    let mut seating = Seating::new(&registry, state.game(), players, state.seed())?;
    let humans: Vec<Seat> = (0..state.game().num_players())
        .filter(|&s| seating.seats[s].is_none())
        .collect();
    let saves = Saves {
        default: default_file,
        json_log: json_log.map(Path::to_path_buf),
        again: resume_flags(start, players),
    };
    writeln!(
        out,
        "{}",
        extras.play_header(&*state, &seating.bot_names, &seating.human_titles)
    )
    .map_err(io)?;
    if let Start::Resume { file, .. } = start {
        writeln!(
            out,
            "Resumed from {} after {} actions.",
            file.display(),
            state.history().len()
        )
        .map_err(io)?;
    }
    if !humans.is_empty() {
        terminal::save_on_interrupt();
        for line in extras.introduction(&*state).lines() {
            writeln!(out, "{}", terminal::wrap(line, 100).join("\n")).map_err(io)?;
        }
    }
    let opening = if humans.is_empty() {
        state.to_string()
    } else {
        extras.board(&*state, None)
    };
    write!(out, "\n{opening}").map_err(io)?;
    match play_on(
        &mut state,
        extras,
        &mut seating,
        &humans,
        &saves,
        input,
        out,
    ) {
        Ok(Ended::Quit) => return Ok(()),
        Ok(Ended::Over) => {}
        Err(why) => return Err(stopped(&why, &saves, &*state)),
    }
    write!(
        out,
        "{}{}",
        extras.final_report(&*state, state.history().len()),
        hidden_during_play(&*state)
    )
    .map_err(io)?;
    if let Some(path) = json_log {
        let record = state.replay_record()?;
        std::fs::write(path, record).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// How a game at the table ended without an error.
enum Ended {
    /// It is over.
    Over,
    /// A person stopped it with `quit`, and it was saved.
    Quit,
}

/// `why` a game stopped before its end, and where it was saved first (or why it could not
/// be), so that it is never lost.
fn stopped(why: &str, saves: &Saves, state: &dyn DynState) -> String {
    match saves.save(state, &saves.default) {
        Ok(said) => format!("{why}. {said}"),
        Err(e) => format!("{why}; the game could not be saved: {e}"),
    }
}

/// Plays `state` on to its end, or until a person quits: the bots' moves and the people's
/// answers, the log of each action written to `out`. An error ends the game (the terminal
/// failed, the input ended, no choice of a bot is left); what a person typed never does:
/// a command that fails says why and the question is asked again.
fn play_on(
    state: &mut Box<dyn DynState>,
    extras: &dyn Extras,
    seating: &mut Seating,
    humans: &[Seat],
    saves: &Saves,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Ended, String> {
    let io = |e: std::io::Error| format!("the terminal failed: {e}");
    let seats = state.game().num_players();
    let mut boards = terminal::Boards::default();
    // The choices whose card failed (§2.3.4), by the number of actions before them: each
    // key is a position of the game as now played, since a game only ever goes back along
    // its own path (undo, a bot taking back its turn), dropping the later keys.
    let mut failed: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    while let Some(seat) = state.current_player() {
        let here = state.history().len();
        let excluded = failed.get(&here).cloned().unwrap_or_default();
        let id = match seating.seats.get(seat).copied().flatten() {
            Some(bot) => match bot_choice(&mut *seating.bots[bot], &**state, &excluded) {
                Some(id) => id,
                // Every choice left failed: the bot takes back its turn so far.
                None => match take_back(&**state, seat)? {
                    Some((earlier, first)) => {
                        writeln!(
                            out,
                            "No choice of {} is left: it takes back its turn from {}.",
                            extras.seat_title(state.game(), seat),
                            state.game().action_to_string(first).unwrap_or_default()
                        )
                        .map_err(io)?;
                        *state = earlier;
                        seating.restart();
                        boards.moved(seat, false, seats);
                        let back = state.history().len();
                        failed.split_off(&(back + 1));
                        failed.entry(back).or_default().push(first);
                        continue;
                    }
                    None => {
                        return Err(format!(
                            "every choice of {} failed",
                            extras.seat_title(state.game(), seat)
                        ));
                    }
                },
            },
            None => {
                terminal::keep_for_interrupt(&**state, saves);
                match terminal::ask(extras, &**state, &excluded, saves, &mut boards, input, out)
                    .map_err(|e| format!("the terminal failed: {e}"))?
                {
                    Answer::Action(id) => id,
                    Answer::Undo => {
                        let (earlier, said) = undo(extras, &**state, humans);
                        writeln!(out, "{said}").map_err(io)?;
                        if let Some(earlier) = earlier {
                            *state = earlier;
                            seating.restart();
                            boards.forget();
                            failed.split_off(&(state.history().len() + 1));
                        }
                        continue;
                    }
                    Answer::Quit => match saves.save(&**state, &saves.default) {
                        Ok(said) => {
                            writeln!(out, "\n{said}").map_err(io)?;
                            return Ok(Ended::Quit);
                        }
                        Err(why) => {
                            writeln!(
                                out,
                                "Not saved: {why}. The game goes on: \"save FILE\" saves it \
                                 elsewhere; the end of the input (Ctrl-D) stops it unsaved."
                            )
                            .map_err(io)?;
                            continue;
                        }
                    },
                    Answer::EndOfInput => {
                        writeln!(out).map_err(io)?;
                        return Err("the input ended before the game did".into());
                    }
                }
            }
        };
        let text = state.game().action_to_string(id).unwrap_or_default();
        let who = extras.seat_title(state.game(), seat);
        let revealed = state.revealed();
        let before = state.clone_box();
        match state.apply_logged(id) {
            Ok(log) => {
                seating.inform(&*before, id);
                boards.moved(seat, revealed != state.revealed(), seats);
                for line in extras.action_lines(&text, log) {
                    writeln!(out, "{line}").map_err(io)?;
                }
            }
            Err(Refusal::Script { failure, .. }) => {
                failed.entry(here).or_default().push(id);
                let next = if seating.seats[seat].is_some() {
                    format!("{who} chooses again without {text}.")
                } else {
                    "Choose again without it, or \"quit\" to stop with the game saved.".into()
                };
                writeln!(out, "{} {next}", failed_card(&failure, &text)).map_err(io)?;
            }
            Err(refusal) => return Err(refusal.to_string()),
        }
    }
    Ok(Ended::Over)
}

/// The flags `darbar play --resume` needs again to go on as the game was played: who plays,
/// and the deck directory or content folder (" --human DS --deck my-cards").
fn resume_flags(start: &Start, players: &Players) -> String {
    let mut flags: String = players
        .humans
        .iter()
        .map(|seat| format!(" --human {seat}"))
        .collect();
    if !players.bots.is_empty() {
        flags += &format!(" --bots {}", players.bots.join(","));
    }
    let (deck, content) = match start {
        Start::New { flags, .. } => (flags.deck.as_deref(), flags.content.as_deref()),
        Start::Resume { deck, content, .. } => (deck.as_deref(), content.as_deref()),
    };
    if let Some(deck) = deck {
        flags += &format!(" --deck {}", deck.display());
    }
    if let Some(content) = content {
        flags += &format!(" --content {}", content.display());
    }
    flags
}

/// The log line of a card that failed (§2.3.4): which card, its file and line, what went
/// wrong, and that the choice is skipped.
fn failed_card(failure: &ScriptFailure, choice: &str) -> String {
    let card = failure
        .card
        .map_or_else(|| "A card".to_owned(), |n| format!("Card {n}"));
    let mut place = Vec::new();
    if let Some(file) = &failure.file {
        place.push(file.clone());
    }
    if let Some(line) = failure.line {
        place.push(format!("line {line}"));
    }
    let place = if place.is_empty() {
        String::new()
    } else {
        format!(" ({})", place.join(", "))
    };
    format!(
        "{card} failed{place}: {}; the choice \"{choice}\" is skipped (§2.3.4).",
        failure.message
    )
}

/// The bot's choice, or another of its legal choices when it picks one whose card failed;
/// `None` when every choice failed.
fn bot_choice(bot: &mut dyn DynBot, state: &dyn DynState, failed: &[usize]) -> Option<usize> {
    // A random bot picks again; a bot that always picks the same gets the first other choice.
    for _ in 0..8 {
        match bot.choose(state) {
            Some(id) if !failed.contains(&id) => return Some(id),
            Some(_) => {}
            None => return None,
        }
    }
    state
        .legal_actions()
        .iter()
        .copied()
        .find(|id| !failed.contains(id))
}

/// Who decided each action of a game, and what was revealed before and after each.
struct Trail {
    /// The seat that decided each action.
    seats: Vec<Option<Seat>>,
    /// [`DynState::revealed`] before each action, then at the end: one more than `seats`.
    marks: Vec<Option<u64>>,
}

/// A position of a game, earlier than now, and the action taken there.
type Earlier = (Box<dyn DynState>, usize);

/// The [`Trail`] of `state`'s game, replayed from its start.
fn trail(state: &dyn DynState) -> Result<Trail, String> {
    let mut replay = state.game().new_initial_state(state.seed());
    let history = state.history();
    let mut seats = Vec::with_capacity(history.len());
    let mut marks = vec![replay.revealed()];
    for &id in &history {
        seats.push(replay.current_player());
        replay
            .apply(id)
            .map_err(|e| format!("replaying the game: {e}"))?;
        marks.push(replay.revealed());
    }
    Ok(Trail { seats, marks })
}

/// `state`'s game after its first `actions` actions, replayed from its start.
fn replayed(state: &dyn DynState, actions: usize) -> Result<Box<dyn DynState>, String> {
    let mut earlier = state.game().new_initial_state(state.seed());
    for &id in &state.history()[..actions] {
        earlier
            .apply(id)
            .map_err(|e| format!("replaying the game: {e}"))?;
    }
    Ok(earlier)
}

/// Where a bot left without a choice goes back to: the start of its run of actions up to
/// now, if every one of them was its own and none revealed anything, with the first of them.
fn take_back(state: &dyn DynState, seat: Seat) -> Result<Option<Earlier>, String> {
    let Trail { seats, marks } = trail(state)?;
    let now = seats.len();
    let mut start = now;
    while start > 0
        && seats[start - 1] == Some(seat)
        && marks[start - 1].is_some()
        && marks[start - 1] == marks[now]
    {
        start -= 1;
    }
    if start == now {
        return Ok(None);
    }
    Ok(Some((replayed(state, start)?, state.history()[start])))
}

/// The saved game in `file` (a replay record), replayed with the deck directory `deck` or the
/// content folder `content` if it was played with one; a damaged or foreign file is refused,
/// saying what is wrong.
fn resume(
    registry: &Registry,
    file: &Path,
    deck: Option<&Path>,
    content: Option<&Path>,
) -> Result<Box<dyn DynState>, String> {
    let text = read(file)?;
    let extra = loader_options(registry, &text, deck, content)?;
    registry.replay(&text, &extra).map_err(|e| {
        format!(
            "{}: cannot resume it (a saved game is the replay record that `quit` or `save` \
             writes): {e}",
            file.display()
        )
    })
}

/// The loader options a replay record does not carry: the deck directory and the content
/// folder, each for a game that takes one (refused, naming the games that do, for another).
fn loader_options(
    registry: &Registry,
    record: &str,
    deck: Option<&Path>,
    content: Option<&Path>,
) -> Result<Value, String> {
    if deck.is_none() && content.is_none() {
        return Ok(Value::Null);
    }
    let name = serde_json::from_str::<Value>(record)
        .ok()
        .and_then(|v| v.get("game").and_then(Value::as_str).map(str::to_owned))
        .unwrap_or_default();
    let mut options = Map::new();
    for (flag, key, path) in [
        (Flag::Deck, "deck", deck),
        (Flag::Content, "content", content),
    ] {
        let Some(path) = path else {
            continue;
        };
        if !extras(&name).takes(flag) {
            let owners = owners(registry, |game| extras(game).takes(flag));
            return Err(format!(
                "{} applies to {owners} only, not to a replay of {}",
                flag.name(),
                extras(&name).title(&name)
            ));
        }
        options.insert(key.into(), path.display().to_string().into());
    }
    Ok(Value::Object(options))
}

/// Takes back the last choice of a person (a seat of `humans`) and the bots' moves since, by
/// replaying the game from its start without them, if nothing was revealed since: no die
/// rolled, no card or hidden value shown ([`DynState::revealed`]). Gives the earlier position,
/// or none when nothing is taken back, and what to tell the person.
fn undo(
    extras: &dyn Extras,
    state: &dyn DynState,
    humans: &[Seat],
) -> (Option<Box<dyn DynState>>, String) {
    match undone(extras, state, humans) {
        Ok(undone) => undone,
        Err(why) => (None, format!("Cannot undo: {why}.")),
    }
}

/// [`undo`], with the error of a replay that fails.
fn undone(
    extras: &dyn Extras,
    state: &dyn DynState,
    humans: &[Seat],
) -> Result<(Option<Box<dyn DynState>>, String), String> {
    let history = state.history();
    let game = state.game();
    let Trail { seats, marks } = trail(state)?;
    let Some(mine) = seats
        .iter()
        .rposition(|s| s.is_some_and(|s| humans.contains(&s)))
    else {
        return Ok((None, "Nothing to undo.".into()));
    };
    // A sealed answer (a secret bid) is never printed, not even when taken back.
    let text = if extras.sealed(&*replayed(state, mine)?) {
        "your sealed answer".to_owned()
    } else {
        game.action_to_string(history[mine]).unwrap_or_default()
    };
    if marks[history.len()].is_none() {
        return Ok((
            None,
            format!(
                "Cannot undo {text}: {} does not say when chance decides, so no choice is \
                 taken back.",
                extras.title(game.name())
            ),
        ));
    }
    if let Some(step) = (mine..history.len()).find(|&k| marks[k] != marks[k + 1]) {
        let after = replayed(state, step + 1)?;
        let reason = extras
            .undo_refusal(&*after)
            .unwrap_or_else(|| "dice were rolled or something hidden was revealed".into());
        let reason = if step == mine {
            reason
        } else {
            let seat = seats[step].unwrap_or(0);
            format!(
                "since then {reason} (by {}'s \"{}\")",
                extras.seat_title(game, seat),
                game.action_to_string(history[step]).unwrap_or_default()
            )
        };
        return Ok((None, format!("Cannot undo {text}: {reason}.")));
    }
    let earlier = replayed(state, mine)?;
    let mut said = format!("Undone: {text}.");
    let since = history.len() - mine - 1;
    if since > 0 {
        said += &format!(
            "\n(With the {since} move{} made since.)",
            if since == 1 { "" } else { "s" }
        );
    }
    Ok((Some(earlier), said))
}

/// `darbar replay`: a recorded game of any game played again, checked, with its log and final
/// scores (or only its final snapshot).
pub fn replay(
    file: &Path,
    deck: Option<&Path>,
    content: Option<&Path>,
    snapshot: bool,
) -> Result<String, String> {
    let registry = registry();
    let text = read(file)?;
    let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", file.display());
    let end = recorded(&registry, file, &text, deck, content)?;
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
    text += &hidden_during_play(&*state);
    Ok(text)
}

/// Once a game is over, the lines of its log that the rules kept hidden while it was played (a
/// drift roll, an agenda kept face down), under a heading; nothing before the end, or when
/// nothing was hidden.
fn hidden_during_play(state: &dyn DynState) -> String {
    if !state.is_terminal() {
        return String::new();
    }
    let lines: Vec<String> = state
        .log()
        .into_iter()
        .filter(|line| line.ends_with(SEALED_MARK))
        .map(|line| format!("  {}\n", line.trim_end_matches(SEALED_MARK)))
        .collect();
    if lines.is_empty() {
        return String::new();
    }
    format!(
        "\nHidden during play, shown now that the game is over:\n{}",
        lines.concat()
    )
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

/// `darbar fuzz`: many random games checked at every step ([`Registry::check_random_game`]):
/// the figures, the returns and the game's own summary, and peak memory.
pub fn fuzz(name: &str, flags: &GameFlags, runs: Runs, play_only: bool) -> Result<String, String> {
    let registry = registry();
    let game = load(&registry, name, flags)?;
    let extras = extras(game.name());
    let checks = if play_only {
        Checks::PlayOnly
    } else {
        Checks::Full
    };
    let bar = progress::games(runs.games, &format!("fuzz {}", game.name()));
    let start = Instant::now();
    let results = on_seeds(runs.threads, runs.seeds(), |seed| {
        let played = registry
            .check_random_game(&*game, seed, checks)
            .map(|checked| Played {
                steps: checked.steps,
                tally: extras.tally(&*checked.state),
                returns: checked.returns,
            });
        bar.inc(1);
        played
    });
    let elapsed = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
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
    let registry = registry();
    let game = load(&registry, name, flags)?;
    let bar = progress::games(runs.games, &format!("bench {}", game.name()));
    let start = Instant::now();
    let results = on_seeds(runs.threads, runs.seeds(), |seed| {
        let steps = registry
            .check_random_game(&*game, seed, Checks::PlayOnly)
            .map(|checked| checked.steps)
            .map_err(|f| f.to_string());
        bar.inc(1);
        steps
    });
    let elapsed = start.elapsed().as_secs_f64().max(1e-9);
    bar.finish_and_clear();
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
    let bar = progress::games(runs.games, &format!("stats {}", game.name()));
    let start = Instant::now();
    let results = on_seeds(runs.threads, runs.seeds(), |seed| {
        let _tick = Tick(&bar);
        let mut seating = Seating::new(&registry, &*game, &players, seed)?;
        let mut state = game.new_initial_state(seed);
        while let Some(seat) = state.current_player() {
            let bot = seating.seats[seat].ok_or("a seat without a bot")?;
            let id = seating.bots[bot]
                .choose(&*state)
                .ok_or("the bot found no legal action")?;
            seating.inform(&*state, id);
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
    bar.finish_and_clear();
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

/// `darbar arena`: `bots` against each other over `runs.games` games of `name`, seats rotated
/// unless `rotate` is off ([`darbar::bots::evaluate`]): the tables, or with `json` one object
/// with the tables and every game.
pub fn arena(
    name: &str,
    flags: &GameFlags,
    runs: Runs,
    bots: &[String],
    rotate: bool,
    json: bool,
) -> Result<String, String> {
    let registry = registry();
    let game = load(&registry, name, flags)?;
    for spec in bots {
        check_bot(&registry, &*game, spec)?;
    }
    let make = |entrant: usize, seed: u64| {
        registry
            .bot(&*game, &bots[entrant], seed)
            .map_err(|e| e.to_string())
    };
    let config = darbar::bots::ArenaConfig {
        games: runs.games,
        seed: runs.first,
        threads: runs.threads,
        rotate_seats: rotate,
    };
    let bar = progress::games(runs.games, &format!("arena {}", game.name()));
    let start = Instant::now();
    let evaluation = darbar::bots::evaluate(&*game, bots, &make, &config, &|| bar.inc(1))?;
    let elapsed = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    if json {
        let value = serde_json::json!({
            "game": evaluation.game,
            "bots": evaluation.bots,
            "games": runs.games,
            "threads": runs.threads,
            "rotate_seats": rotate,
            "seconds": elapsed,
            "by_bot": evaluation.by_bot(),
            "by_seat": evaluation.by_seat(),
            "ratings": evaluation.ratings(),
            "mean_length": evaluation.mean_length(),
            "played": evaluation.played,
        });
        return serde_json::to_string_pretty(&value).map_err(|e| e.to_string());
    }
    let cheat = if bots.iter().any(|b| b.starts_with("cheat")) {
        " (cheat-mcts reads what its seat may not see: a yardstick, not a player)"
    } else {
        ""
    };
    Ok(format!(
        "{} games of {}{}, seeds from {}, seats {}, {} threads: {elapsed:.1} s{cheat}.\n\n{}",
        runs.games,
        game.name(),
        extras(game.name()).describe(&*game),
        runs.first,
        if rotate { "rotated" } else { "fixed" },
        runs.threads,
        evaluation.table()
    ))
}

/// Moves a progress bar on by one game when dropped, however the game's closure returns.
struct Tick<'a>(&'a indicatif::ProgressBar);

impl Drop for Tick<'_> {
    fn drop(&mut self) {
        self.0.inc(1);
    }
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
