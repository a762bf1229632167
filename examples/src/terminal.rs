//! A person at the terminal, for every game: the menu of a decision (a long run of numbered
//! choices asked as a number), the commands a person may type instead of a choice (`help`,
//! `board`, `undo`, `save FILE`, `quit`), and saving the game so far, on `quit`, at the end of
//! the input and on Ctrl-C. A saved game is its replay record (game, options, seed, actions),
//! which `darbar play --resume FILE` replays and continues.
//!
//! A sealed decision ([`Extras::sealed`], a secret bid) is read without echo where the input
//! is a terminal with `stty` (so the others at the same screen do not see it typed), and no
//! line printed repeats the answer.

use std::collections::{HashMap, HashSet};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use darbar::engine::{DynState, Seat};

use crate::games::Extras;

/// A run of choices that differ only by a count (`recruit 1` ... `recruit 37`) longer than
/// this is asked as a number instead of listed.
pub const LONGEST_LISTED_RANGE: usize = 12;

/// One line of a menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// One choice: its action number and text.
    One {
        /// The action's number.
        id: usize,
        /// Its text.
        text: String,
    },
    /// The choices `verb low` to `verb high`, one per number, asked as a number.
    Range {
        /// The words before the number.
        verb: String,
        /// The smallest number.
        low: u32,
        /// The largest.
        high: u32,
        /// The actions of `low..=high`, in order.
        ids: Vec<usize>,
    },
}

/// `"recruit 12"` as `("recruit", 12)`.
fn split_number(text: &str) -> Option<(&str, u32)> {
    let (verb, number) = text.rsplit_once(' ')?;
    Some((verb, number.parse().ok()?))
}

/// The menu of the choices `ids` (with their `texts`), leaving out `excluded`: runs of more
/// than [`LONGEST_LISTED_RANGE`] choices that differ only by consecutive numbers that are
/// counts (`counts(verb)`: how many, how much) become one [`Entry::Range`]; every other
/// choice is an [`Entry::One`], in the rules' order. A number that names a thing (a city, a
/// card) never folds: the person must see which thing each choice is.
pub fn menu(
    ids: &[usize],
    texts: &[String],
    excluded: &[usize],
    counts: &dyn Fn(&str) -> bool,
) -> Vec<Entry> {
    let choices: Vec<(usize, &str)> = ids
        .iter()
        .zip(texts)
        .filter(|(id, _)| !excluded.contains(id))
        .map(|(&id, text)| (id, text.as_str()))
        .collect();
    let mut entries = Vec::new();
    let mut i = 0;
    while i < choices.len() {
        // The run of choices from i on with the same words and each number one more.
        let mut end = i + 1;
        if let Some((verb, first)) = split_number(choices[i].1).filter(|(verb, _)| counts(verb)) {
            while end < choices.len()
                && split_number(choices[end].1).is_some_and(|(v, n)| {
                    v == verb && Some(n) == first.checked_add((end - i) as u32)
                })
            {
                end += 1;
            }
            if end - i > LONGEST_LISTED_RANGE {
                entries.push(Entry::Range {
                    verb: verb.to_owned(),
                    low: first,
                    high: first + (end - i - 1) as u32,
                    ids: choices[i..end].iter().map(|c| c.0).collect(),
                });
                i = end;
                continue;
            }
        }
        for &(id, text) in &choices[i..end] {
            entries.push(Entry::One {
                id,
                text: text.to_owned(),
            });
        }
        i = end;
    }
    entries
}

/// A person's answer to a decision.
pub enum Answer {
    /// The action numbered so.
    Action(usize),
    /// Take back the last choice.
    Undo,
    /// Save and stop.
    Quit,
    /// The input ended (Ctrl-D): save and stop.
    EndOfInput,
}

/// Where a game at the terminal is saved: the file `quit`, the end of input and Ctrl-C write,
/// and the `--json-log` file, which gets the same record.
#[derive(Clone, Debug)]
pub struct Saves {
    /// The file `quit` saves to.
    pub default: PathBuf,
    /// The `--json-log` file, if one was asked for.
    pub json_log: Option<PathBuf>,
    /// The flags to give `darbar play --resume` again (who plays, the deck), as typed.
    pub again: String,
}

impl Saves {
    /// `darbar-GAME-SEED.json` in the current directory.
    pub fn default_file(game: &str, seed: u64) -> PathBuf {
        PathBuf::from(format!("darbar-{game}-{seed}.json"))
    }

    /// Writes the game so far to `path` and, for the default file, to the `--json-log` file
    /// too; returns the sentence that says where and how to go on.
    pub fn save(&self, state: &dyn DynState, path: &Path) -> Result<String, String> {
        self.write(&state.replay_record()?, path)
    }

    /// Writes `record` to `path` (and, for the default file, to the `--json-log` file); the
    /// sentence that says so.
    fn write(&self, record: &str, path: &Path) -> Result<String, String> {
        let write = |path: &Path| {
            std::fs::write(path, record).map_err(|e| format!("{}: {e}", path.display()))
        };
        write(path)?;
        if let Some(log) = self
            .json_log
            .as_deref()
            .filter(|log| path == self.default && *log != path)
        {
            write(log)?;
        }
        Ok(format!(
            "The game so far is saved in {0}; go on with: darbar play --resume {0}{1}",
            path.display(),
            self.again
        ))
    }
}

/// What Ctrl-C saves: the record of the game at the last decision put to a person, and where.
struct Pending {
    record: String,
    saves: Saves,
}

static PENDING: Mutex<Option<Pending>> = Mutex::new(None);

/// From now on, Ctrl-C saves the game as it stood at the last decision put to a person
/// ([`keep_for_interrupt`]) before the program stops. The handler runs on its own thread, so
/// it works while the program waits for input.
pub fn save_on_interrupt() {
    // A second call in one process cannot install another handler: the first one stays.
    let _ = ctrlc::set_handler(|| {
        if ECHO_OFF.load(Ordering::SeqCst) {
            stty("echo");
        }
        let pending = PENDING.lock().map(|mut p| p.take()).unwrap_or(None);
        if let Some(Pending { record, saves }) = pending {
            match saves.write(&record, &saves.default) {
                Ok(said) => eprintln!("\nInterrupted. {said}"),
                Err(e) => eprintln!("\nInterrupted; the game could not be saved: {e}"),
            }
        }
        std::process::exit(130);
    });
}

/// Keeps `state` as what Ctrl-C saves.
pub fn keep_for_interrupt(state: &dyn DynState, saves: &Saves) {
    if let (Ok(record), Ok(mut pending)) = (state.replay_record(), PENDING.lock()) {
        *pending = Some(Pending {
            record,
            saves: saves.clone(),
        });
    }
}

/// The board each person was last shown, so that it is printed before their decision only
/// when it changed by more than their own choices since: what those did, the log has just
/// told them, and sixty lines again before each step of one turn bury the question.
#[derive(Debug, Default)]
pub struct Boards {
    /// The board last printed to each seat.
    shown: HashMap<Seat, String>,
    /// The seats for which something else than their own choices changed the board since.
    stale: HashSet<Seat>,
}

impl Boards {
    /// After an action of `by`: every other seat has missed a change, and every seat has when
    /// the action `revealed` something (a die, a card drawn).
    pub fn moved(&mut self, by: Seat, revealed: bool, seats: usize) {
        self.stale
            .extend((0..seats).filter(|&seat| revealed || seat != by));
    }

    /// After the game went back (undo): every board is printed again.
    pub fn forget(&mut self) {
        self.shown.clear();
    }

    /// `board` for `seat`, if it is due before its decision: never shown to it, or changed
    /// since by more than its own choices. Kept as shown when due.
    pub fn due(&mut self, seat: Seat, board: String) -> Option<String> {
        let changed = self.shown.get(&seat) != Some(&board);
        let due = match self.shown.get(&seat) {
            None => true,
            Some(_) => changed && self.stale.contains(&seat),
        };
        if !due {
            return None;
        }
        self.shown(seat, board.clone());
        Some(board)
    }

    /// Records `board` as printed to `seat`.
    pub fn shown(&mut self, seat: Seat, board: String) {
        self.stale.remove(&seat);
        self.shown.insert(seat, board);
    }
}

/// The entries of `entries` (their choice notes in `notes`, one per entry) that `answer`
/// names: the entries with a name equal to it, or else those with a name it begins, ignoring
/// case. An entry's names are its text, its text after the first word (`Maharashtra` of
/// `select Maharashtra`), its note's words and, for a range, its words before the number.
pub fn named(entries: &[Entry], notes: &[String], answer: &str) -> Vec<usize> {
    let answer = answer.trim().to_lowercase();
    if answer.is_empty() {
        return Vec::new();
    }
    let names: Vec<Vec<String>> = entries
        .iter()
        .zip(notes)
        .map(|(entry, note)| {
            let mut names = match entry {
                Entry::One { text, .. } => {
                    let mut names = vec![text.clone()];
                    names.extend(text.split_once(' ').map(|(_, rest)| rest.to_owned()));
                    names
                }
                Entry::Range { verb, .. } => vec![verb.clone()],
            };
            let note = note.trim();
            let note = note
                .strip_prefix('(')
                .and_then(|n| n.strip_suffix(')'))
                .unwrap_or(note);
            if !note.is_empty() {
                names.push(note.to_owned());
            }
            names.into_iter().map(|n| n.to_lowercase()).collect()
        })
        .collect();
    let matching = |fits: &dyn Fn(&str) -> bool| -> Vec<usize> {
        (0..entries.len())
            .filter(|&i| names[i].iter().any(|n| fits(n)))
            .collect()
    };
    let exact = matching(&|name| name == answer);
    if exact.is_empty() {
        matching(&|name| name.starts_with(&answer))
    } else {
        exact
    }
}

/// The line of an entry of the menu: a choice's text and note, or a range as the game words
/// it.
fn entry_line(extras: &dyn Extras, state: &dyn DynState, entry: &Entry) -> String {
    match entry {
        Entry::One { id, text } => format!("{text}{}", extras.choice_note(state, *id)),
        Entry::Range {
            verb, low, high, ..
        } => extras.range_entry(state, verb, *low, *high),
    }
}

/// Asks a person for one of the choices of `state` (leaving out `excluded`), answering the
/// commands (`help`, `board`, `save`) on the way, until the answer is a choice, `undo` or
/// `quit`, or the input ends. The board is printed first when it is due ([`Boards`]). A
/// command that fails (a file that cannot be written) says why and the question is asked
/// again; an error is returned only when the terminal itself fails (reading or writing).
pub fn ask(
    extras: &dyn Extras,
    state: &dyn DynState,
    excluded: &[usize],
    saves: &Saves,
    boards: &mut Boards,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Answer, String> {
    let io = |e: std::io::Error| e.to_string();
    let sealed = extras.sealed(state);
    let seat = state.current_player();
    let ids = state.legal_actions();
    let entries = menu(ids, &state.legal_action_strings(), excluded, &|verb| {
        extras.counts(verb)
    });
    let notes: Vec<String> = entries
        .iter()
        .map(|entry| match entry {
            Entry::One { id, .. } => extras.choice_note(state, *id),
            Entry::Range { .. } => String::new(),
        })
        .collect();
    let allowed: Vec<usize> = ids
        .iter()
        .copied()
        .filter(|id| !excluded.contains(id))
        .collect();
    if let (Some(seat), true) = (seat, extras.board_at_decisions())
        && let Some(board) = boards.due(seat, extras.board(state, Some(seat)))
    {
        write!(out, "\n{board}").map_err(io)?;
    }
    let mut show_menu = true;
    loop {
        if show_menu {
            write!(
                out,
                "{}{}",
                extras.decision_header(state),
                extras.decision_context(state)
            )
            .map_err(io)?;
            if let Some(prompt) = state.prompt() {
                writeln!(out, "  {prompt}").map_err(io)?;
            }
            for (i, entry) in entries.iter().enumerate() {
                writeln!(out, "  {:>2}. {}", i + 1, entry_line(extras, state, entry))
                    .map_err(io)?;
            }
            if entries.is_empty() {
                writeln!(
                    out,
                    "  No choice is left: \"quit\" saves the game and stops, \"undo\" goes back."
                )
                .map_err(io)?;
            }
            if sealed {
                writeln!(
                    out,
                    "  Sealed: what you type does not show on the screen, and nothing repeats \
                     it before the reveal."
                )
                .map_err(io)?;
            }
            show_menu = false;
        }
        write!(
            out,
            "Your choice (number or text; \"help\" lists the commands): "
        )
        .map_err(io)?;
        out.flush().map_err(io)?;
        let Some(line) = read_answer(input, out, sealed)? else {
            return Ok(Answer::EndOfInput);
        };
        let answer = line.trim();
        let (command, argument) = answer.split_once(' ').unwrap_or((answer, ""));
        match command.to_ascii_lowercase().as_str() {
            "help" | "?" => {
                write!(out, "{}", help(extras, state, saves)).map_err(io)?;
                continue;
            }
            "board" => {
                let board = extras.board(state, seat);
                write!(out, "\n{board}").map_err(io)?;
                if let Some(seat) = seat {
                    boards.shown(seat, board);
                }
                show_menu = true;
                continue;
            }
            "undo" => return Ok(Answer::Undo),
            "quit" | "exit" => return Ok(Answer::Quit),
            "save" => {
                let path = match argument.trim() {
                    "" => saves.default.clone(),
                    file => PathBuf::from(file),
                };
                match saves.save(state, &path) {
                    Ok(said) => writeln!(out, "{said}"),
                    Err(why) => writeln!(out, "Not saved: {why}. The game goes on."),
                }
                .map_err(io)?;
                continue;
            }
            _ => {}
        }
        let entry = match answer.parse::<usize>() {
            Ok(n) => n.checked_sub(1).filter(|&i| i < entries.len()),
            Err(_) => match state
                .game()
                .string_to_action(answer)
                .ok()
                .filter(|id| allowed.contains(id))
            {
                Some(id) => return Ok(Answer::Action(id)),
                None => match named(&entries, &notes, answer)[..] {
                    [one] => Some(one),
                    [] => None,
                    ref several if sealed => {
                        let _ = several;
                        writeln!(out, "That could mean several choices.").map_err(io)?;
                        continue;
                    }
                    ref several => {
                        let lines: Vec<String> = several
                            .iter()
                            .map(|&i| {
                                format!(
                                    "  {:>2}. {}",
                                    i + 1,
                                    entry_line(extras, state, &entries[i])
                                )
                            })
                            .collect();
                        writeln!(out, "{answer:?} could mean:\n{}", lines.join("\n"))
                            .map_err(io)?;
                        continue;
                    }
                },
            },
        };
        let chosen = match entry.map(|i| &entries[i]) {
            Some(Entry::One { id, .. }) => Some(*id),
            Some(Entry::Range {
                verb,
                low,
                high,
                ids,
            }) => match ask_number(extras, state, verb, (*low, *high), sealed, input, out)? {
                Number::Chosen(n) => Some(ids[(n - low) as usize]),
                Number::Back => {
                    show_menu = true;
                    continue;
                }
                Number::EndOfInput => return Ok(Answer::EndOfInput),
            },
            None => None,
        };
        match chosen {
            Some(id) => return Ok(Answer::Action(id)),
            // A sealed answer is not repeated, not even a mistyped one.
            None if sealed => writeln!(out, "That is not one of the choices.").map_err(io)?,
            None => writeln!(out, "{answer:?} is not one of the choices.").map_err(io)?,
        }
    }
}

/// A line of input, or `None` once it has ended.
fn read_line(input: &mut impl BufRead) -> Result<Option<String>, String> {
    let mut line = String::new();
    match input.read_line(&mut line).map_err(|e| e.to_string())? {
        0 => Ok(None),
        _ => Ok(Some(line)),
    }
}

/// A line of input as [`read_line`]; a `sealed` one without echo where the input is a
/// terminal, then a line break written to `out` in place of the one not echoed.
fn read_answer(
    input: &mut impl BufRead,
    out: &mut impl Write,
    sealed: bool,
) -> Result<Option<String>, String> {
    if !sealed {
        return read_line(input);
    }
    let hidden = Hidden::new();
    let line = read_line(input);
    if hidden.active {
        drop(hidden);
        writeln!(out).map_err(|e| e.to_string())?;
    }
    line
}

/// Whether the terminal's echo is off now, so that Ctrl-C turns it back on before the program
/// stops.
static ECHO_OFF: AtomicBool = AtomicBool::new(false);

/// The terminal's echo turned off while it lives, where the standard input is a terminal and
/// `stty` can do it (elsewhere nothing changes: `active` is false).
struct Hidden {
    active: bool,
}

impl Hidden {
    fn new() -> Hidden {
        let active = std::io::stdin().is_terminal() && stty("-echo");
        if active {
            ECHO_OFF.store(true, Ordering::SeqCst);
        }
        Hidden { active }
    }
}

impl Drop for Hidden {
    fn drop(&mut self) {
        if self.active {
            stty("echo");
            ECHO_OFF.store(false, Ordering::SeqCst);
        }
    }
}

/// Runs `stty SETTING` on the terminal of the standard input; whether it did.
fn stty(setting: &str) -> bool {
    Command::new("stty")
        .arg(setting)
        .stdin(Stdio::inherit())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// The answer to a question for a number.
enum Number {
    Chosen(u32),
    Back,
    EndOfInput,
}

/// Asks for a number of `range` until the answer is one (or empty, to go back to the menu);
/// a `sealed` one without echo, never repeated. The person types the amount in the game's
/// unit ([`Extras::count_unit`]: Cr for a bid counted in fives), a multiple of it.
fn ask_number(
    extras: &dyn Extras,
    state: &dyn DynState,
    verb: &str,
    (low, high): (u32, u32),
    sealed: bool,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Number, String> {
    let io = |e: std::io::Error| e.to_string();
    let question = extras.count_question(state, verb, low, high);
    let unit = extras.count_unit(verb).max(1);
    let expected = match unit {
        1 => format!("a number from {low} to {high}"),
        _ => format!(
            "a number from {} to {} in steps of {unit}",
            low.saturating_mul(unit),
            high.saturating_mul(unit)
        ),
    };
    loop {
        write!(out, "{question} (empty: back to the choices) ").map_err(io)?;
        out.flush().map_err(io)?;
        let Some(line) = read_answer(input, out, sealed)? else {
            return Ok(Number::EndOfInput);
        };
        let answer = line.trim();
        if answer.is_empty() {
            return Ok(Number::Back);
        }
        match answer.parse::<u32>() {
            Ok(n) if n % unit == 0 && (low..=high).contains(&(n / unit)) => {
                return Ok(Number::Chosen(n / unit));
            }
            _ if sealed => writeln!(out, "That is not {expected}.").map_err(io)?,
            _ => writeln!(out, "{answer:?} is not {expected}.").map_err(io)?,
        }
    }
}

/// What `help` prints: the commands, then what the decision now is and where its rules are.
fn help(extras: &dyn Extras, state: &dyn DynState, saves: &Saves) -> String {
    let name = state.game().name();
    let mut text = format!(
        "\nCommands:\n\
         \x20 a number or a choice's text  answers the question\n\
         \x20 board                        shows the board\n\
         \x20 undo                         takes back your last choice, unless a die was rolled or\n\
         \x20                              something hidden was revealed since\n\
         \x20 save FILE                    saves the game so far (go on later with\n\
         \x20                              darbar play --resume FILE)\n\
         \x20 quit                         saves the game in {} and stops\n\
         \x20 help                         shows this\n\
         The end of the input (Ctrl-D) and Ctrl-C save the game too.\n",
        saves.default.display()
    );
    if let (Some(seat), Some((kind, rule))) = (state.current_player(), state.decision_kind()) {
        text += &format!(
            "Now: {} decides {kind} ({rule}).\n",
            extras.seat_title(state.game(), seat)
        );
    }
    for line in extras.decision_help(state).lines() {
        text += &wrap(line, 100).join("\n");
        text.push('\n');
    }
    text += &format!(
        "The rules, by the section numbers shown: docs/rules/{name}.md in the darbar repository.\n"
    );
    text
}

/// `text` in lines of at most `width` characters, broken at spaces (a longer word has a line
/// of its own).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(list: &[&str]) -> Vec<String> {
        list.iter().map(|t| (*t).to_owned()).collect()
    }

    #[test]
    fn a_long_run_of_numbers_is_one_entry_and_a_short_one_is_listed() {
        let mut list: Vec<String> = vec!["trade buy-food".into()];
        list.extend((1..=37).map(|n| format!("recruit {n}")));
        list.push("end-settlement".into());
        let ids: Vec<usize> = (0..list.len()).collect();
        let entries = menu(&ids, &list, &[], &|_| true);
        assert_eq!(entries.len(), 3);
        assert_eq!(
            entries[1],
            Entry::Range {
                verb: "recruit".into(),
                low: 1,
                high: 37,
                ids: (1..=37).collect(),
            }
        );
        let short = texts(&["count 1", "count 2", "count 3", "done"]);
        assert_eq!(menu(&[0, 1, 2, 3], &short, &[], &|_| true).len(), 4);
    }

    #[test]
    fn wrapped_lines_keep_every_word_within_the_width() {
        let text = "Remove up to 2 Mongols from Mountain Passes and/or Punjab (executor chooses).";
        let lines = wrap(text, 20);
        assert!(lines.iter().all(|l| l.chars().count() <= 20), "{lines:?}");
        assert_eq!(lines.join(" "), text);
        assert_eq!(
            wrap("averyveryverylongword x", 5),
            ["averyveryverylongword", "x"]
        );
    }

    #[test]
    fn excluded_choices_are_left_out() {
        let list = texts(&["event unshaded", "event shaded", "command Rally"]);
        let entries = menu(&[5, 6, 7], &list, &[6], &|_| true);
        assert_eq!(entries.len(), 2);
        assert!(matches!(&entries[1], Entry::One { id: 7, .. }));
    }

    #[test]
    fn numbers_that_are_not_consecutive_stay_listed() {
        let list: Vec<String> = (1..=20).map(|n| format!("charge die {}", 2 * n)).collect();
        let ids: Vec<usize> = (0..20).collect();
        assert_eq!(menu(&ids, &list, &[], &|_| true).len(), 20);
    }

    #[test]
    fn numbers_that_name_things_never_fold() {
        let list: Vec<String> = (4..=29).map(|n| format!("city {n}")).collect();
        let ids: Vec<usize> = (0..list.len()).collect();
        let entries = menu(&ids, &list, &[], &|verb| verb != "city");
        assert_eq!(entries.len(), list.len());
        assert!(entries.iter().all(|e| matches!(e, Entry::One { .. })));
    }

    #[test]
    fn a_name_or_a_prefix_picks_the_one_choice_it_names() {
        let list = texts(&[
            "select Malwa",
            "select Maharashtra",
            "select Andhra",
            "done",
        ]);
        let entries = menu(&[0, 1, 2, 3], &list, &[], &|_| true);
        let notes = vec![String::new(); 4];
        assert_eq!(named(&entries, &notes, "maharashtra"), [1]);
        assert_eq!(named(&entries, &notes, "Andh"), [2]);
        assert_eq!(named(&entries, &notes, "Ma"), [0, 1]);
        assert_eq!(named(&entries, &notes, "Orissa"), Vec::<usize>::new());
        let notes = vec![
            "  (Indore, West)".to_owned(),
            String::new(),
            String::new(),
            String::new(),
        ];
        assert_eq!(named(&entries, &notes, "indore"), [0]);
    }

    #[test]
    fn a_board_is_due_when_others_changed_it() {
        let mut boards = Boards::default();
        assert_eq!(boards.due(1, "a".into()).as_deref(), Some("a"));
        assert_eq!(boards.due(1, "a".into()), None);
        // The person's own move changed it: the log told them.
        boards.moved(1, false, 2);
        assert_eq!(boards.due(1, "b".into()), None);
        // Another seat moved.
        boards.moved(0, false, 2);
        assert_eq!(boards.due(1, "c".into()).as_deref(), Some("c"));
        // Their own move revealed something (a card drawn).
        boards.moved(1, true, 2);
        assert_eq!(boards.due(1, "d".into()).as_deref(), Some("d"));
    }
}
