//! What the command line says and does for one game beyond the generic commands: each game's
//! own words (titles, headers, final reports), its own flags, and its own summaries of many
//! games. A game without a file here gets [`Plain`], the generic defaults, so a new game of the
//! registry works at the command line unchanged.

pub mod pax_pamir;
pub mod raid;
pub mod tycoon;
pub mod vijayanagara;

use std::any::Any;
use std::path::Path;

use darbar::engine::{DynGame, DynState, Seat};
use serde_json::{Map, Value};

use crate::commands::GameFlags;

/// The facts a summary of many games needs from one final position, kept small so that the
/// positions themselves can be dropped as each game ends.
pub type Tally = Box<dyn Any + Send>;

/// A flag that only some games take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flag {
    /// `--no-events`.
    NoEvents,
    /// `--deck DIR`.
    Deck,
    /// `--no-gifts`.
    NoGifts,
    /// `--wakhan`.
    Wakhan,
    /// `--headlines`.
    Headlines,
    /// `--kickstarter`.
    Kickstarter,
    /// `--automas N`.
    Automas,
    /// `--automa-level LEVEL[,LEVEL...]`.
    AutomaLevel,
    /// `--content DIR`.
    Content,
}

impl Flag {
    /// The flag as typed.
    pub fn name(self) -> &'static str {
        match self {
            Flag::NoEvents => "--no-events",
            Flag::Deck => "--deck",
            Flag::NoGifts => "--no-gifts",
            Flag::Wakhan => "--wakhan",
            Flag::Headlines => "--headlines",
            Flag::Kickstarter => "--kickstarter",
            Flag::Automas => "--automas",
            Flag::AutomaLevel => "--automa-level",
            Flag::Content => "--content",
        }
    }
}

/// A game's command-line extras. Every method has the generic behaviour as its default.
pub trait Extras: Sync {
    /// The board a person at the terminal is shown (`board`, and the opening board when people
    /// play): by default the game's board as `seat` sees it
    /// ([`Game::board`](darbar::engine::Game::board)), and the whole position only when no
    /// seat is named. A game whose board is drawn here shows `seat`'s view, or the public
    /// table when no seat is deciding.
    fn board(&self, state: &dyn DynState, seat: Option<Seat>) -> String {
        match seat {
            Some(seat) => state.board(seat),
            None => state.to_string(),
        }
    }

    /// The game in a sentence ("Vijayanagara", "the raid game"); for refusals and headers.
    fn title(&self, name: &str) -> String {
        name.to_owned()
    }

    /// Whether the game takes `flag`.
    fn takes(&self, _flag: Flag) -> bool {
        false
    }

    /// Adds to the load options what the game's own flags ask for.
    fn options(&self, _flags: &GameFlags, _options: &mut Map<String, Value>) {}

    /// Refuses flags that load a game but do not fit it (more automa difficulties than
    /// automa seats, say), once the game is loaded.
    fn check_flags(&self, _game: &dyn DynGame, _flags: &GameFlags) -> Result<(), String> {
        Ok(())
    }

    /// Whether the answer to the decision now is sealed (a secret bid): then a person types
    /// it without it showing on the screen, and nothing printed repeats it before the rules
    /// reveal it. No decision is sealed by default.
    fn sealed(&self, _state: &dyn DynState) -> bool {
        false
    }

    /// A seat's short name, as typed after `--human` and shown in headers.
    fn seat_short(&self, game: &dyn DynGame, seat: Seat) -> String {
        game.seat_name(seat)
    }

    /// A seat as the game's sentences call it.
    fn seat_title(&self, game: &dyn DynGame, seat: Seat) -> String {
        game.seat_name(seat)
    }

    /// Whether, given neither `--bots` nor `--human`, a person plays every seat (a solo game).
    fn humans_by_default(&self) -> bool {
        false
    }

    /// Why nobody may play `seat`, when the rules play it themselves (Pax Pamir's Wakhan).
    fn ruled_seat(&self, _game: &dyn DynGame, _seat: Seat) -> Option<String> {
        None
    }

    /// What the games of a fuzz or bench run are played with, as a phrase after "N games".
    fn describe(&self, _game: &dyn DynGame) -> String {
        String::new()
    }

    /// The first line of a played game.
    fn play_header(&self, state: &dyn DynState, bots: &[String], humans: &[String]) -> String {
        format!(
            "{}, seed {}; {}",
            self.title(state.game().name()),
            state.seed(),
            who_plays(bots, humans)
        )
    }

    /// The lines printed for one action: the log, by default.
    fn action_lines(&self, _action: &str, log: Vec<String>) -> Vec<String> {
        log
    }

    /// What a person reads once, when a game with a person at the table starts or resumes:
    /// its goal and how a turn goes, where the game says so.
    fn introduction(&self, _state: &dyn DynState) -> String {
        String::new()
    }

    /// Why an action that rolled dice or revealed something cannot be taken back, in the
    /// game's words; `after` is the position right after it. `None` for the generic words.
    fn undo_refusal(&self, _after: &dyn DynState) -> Option<String> {
        None
    }

    /// What a person reads before the numbered choices.
    fn decision_header(&self, state: &dyn DynState) -> String {
        let seat = state.current_player().unwrap_or(0);
        let (kind, rule) = state
            .decision_kind()
            .map(|(kind, rule)| (kind, rule.to_string()))
            .unwrap_or_default();
        format!(
            "\n{} to decide {kind} ({rule}):\n",
            self.seat_title(state.game(), seat)
        )
    }

    /// What a person should know about the decision before its choices: the card in play,
    /// a battle's dice, what a count counts and what it costs. The default names the card in
    /// play, for a game with cards.
    fn decision_context(&self, state: &dyn DynState) -> String {
        state
            .current_card()
            .map(|card| format!("Card in play: {}\n", card.heading()))
            .unwrap_or_default()
    }

    /// Whether a person is shown the board before a decision when it changed by more than
    /// their own choices ([`crate::terminal::Boards`]): for games whose board is the deciding
    /// seat's own view (its hand, its money), which the log does not tell. Elsewhere the
    /// board is printed at the start and on `board`.
    fn board_at_decisions(&self) -> bool {
        false
    }

    /// Whether the number after `verb` in a choice's text is a count (how many, how much),
    /// so that a long run of them is asked as a number; a number that names a thing (a city,
    /// a card) is not, and its choices are always listed.
    fn counts(&self, _verb: &str) -> bool {
        true
    }

    /// The menu line of the run of choices `verb low` to `verb high` asked as a number: what
    /// is counted, in the unit the person types ([`Extras::count_unit`]).
    fn range_entry(&self, _state: &dyn DynState, verb: &str, low: u32, high: u32) -> String {
        format!("{verb} {low}-{high}  (asks how many)")
    }

    /// How much one step of the number after `verb` is in what a person types: a bid counted
    /// in fives of Cr is typed in Cr (5). 1 by default.
    fn count_unit(&self, _verb: &str) -> u32 {
        1
    }

    /// What a person should know about one choice, after its text.
    fn choice_note(&self, _state: &dyn DynState, _action: usize) -> String {
        String::new()
    }

    /// The question that asks for a number from `low` to `high` instead of listing a long
    /// run of choices (`verb 1`, `verb 2`, ... `verb 37`): what is counted, what it costs.
    fn count_question(&self, _state: &dyn DynState, verb: &str, low: u32, high: u32) -> String {
        format!("How many ({verb} {low}-{high})?")
    }

    /// What the decision now means, for `help`, beyond its kind and rule (which the caller
    /// gives): empty by default.
    fn decision_help(&self, _state: &dyn DynState) -> String {
        String::new()
    }

    /// The final board and the scores, or where an unfinished game stopped.
    fn final_report(&self, state: &dyn DynState, actions: usize) -> String {
        let mut text = format!("\n{state}\n{actions} actions.\n");
        if state.is_terminal() {
            text += &format!(
                "Returns: {}\n",
                returns_line(state.game(), &state.returns())
            );
        } else {
            text += "The game is not over.\n";
        }
        text
    }

    /// The facts a summary of many games needs from one final position.
    fn tally(&self, _state: &dyn DynState) -> Tally {
        Box::new(())
    }

    /// The mean returns of many games, one line.
    fn returns_summary(&self, game: &dyn DynGame, mean: &[f64]) -> String {
        format!("Mean returns: {}\n", returns_line(game, mean))
    }

    /// Lines about many fuzzed games beyond their returns.
    fn fuzz_report(&self, _tallies: &[Tally]) -> String {
        String::new()
    }

    /// What a bot's name leaves out (its parameters), after "the NAME bot".
    fn bot_note(&self, _bot: &str) -> String {
        String::new()
    }

    /// What else a game averages, after "N actions" in the stats headline.
    fn stats_per_game(&self, _tallies: &[Tally]) -> Option<String> {
        None
    }

    /// Tables about many bot games beyond their returns.
    fn stats_tables(&self, _tallies: &[Tally]) -> String {
        String::new()
    }

    /// The game's map, validated (from `file` instead of the built-in one, if given).
    fn map(&self, name: &str, _file: Option<&Path>) -> Result<String, String> {
        Err(format!("{} has no map", self.title(name)))
    }
}

/// The extras of a game without any.
pub struct Plain;

impl Extras for Plain {}

/// The extras of the game `name`.
pub fn extras(name: &str) -> &'static dyn Extras {
    match name {
        "vijayanagara" => &vijayanagara::Vijayanagara,
        "raid" => &raid::Raid,
        "pax_pamir" => &pax_pamir::PaxPamirExtras,
        "tycoon" => &tycoon::TycoonExtras,
        _ => &Plain,
    }
}

/// "random bots and you as DS", "you as seat 0 and seat 1".
pub fn who_plays(bots: &[String], humans: &[String]) -> String {
    let you = format!("you as {}", humans.join(", "));
    match (bots.is_empty(), humans.is_empty()) {
        (true, _) => you,
        (false, true) => format!("{} bots", bots.join(", ")),
        (false, false) => format!("{} bots and {you}", bots.join(", ")),
    }
}

/// "DS 1, BK 0, VN 0".
pub fn returns_line(game: &dyn DynGame, returns: &[f64]) -> String {
    let parts: Vec<String> = returns
        .iter()
        .enumerate()
        .map(|(seat, r)| format!("{} {}", game.seat_name(seat), round(*r)))
        .collect();
    parts.join(", ")
}

/// A number with at most three decimals and no trailing zeros.
fn round(x: f64) -> String {
    let text = format!("{x:.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    text.to_owned()
}

/// The facts of `tallies` of type `T` (a game's own tallies).
pub fn tallies_of<T: 'static>(tallies: &[Tally]) -> Vec<&T> {
    tallies
        .iter()
        .filter_map(|t| t.downcast_ref::<T>())
        .collect()
}
