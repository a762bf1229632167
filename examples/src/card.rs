//! `darbar card`: one Event card of a deck run on a chosen position, for card designers.
//!
//! The card's side runs on the card host ([`CardHost::run_logged`]) as it would when a
//! faction chooses the Event (§2.3.4): from its start, with the answers given so far, on a
//! scratch copy of the position. Each choice it asks is printed with its options and answered
//! (with the first option, or from `--choices`), until the effect finishes; then the card's
//! log, what it grants (carried out next in a game: free Commands and Decrees, §3.1.3, and
//! lasting effects, deck C14) and the board after it are printed. A deck that does not load or
//! a script that fails is an error naming the card file and line, and nothing else is printed.

use std::fmt::Write as _;
use std::path::Path;

use darbar::engine::Snapshot;
use darbar::vijayanagara::{
    EventFailure, EventProgress, EventRun, EventSide, Grant, Player, State,
};
use darbar_lua::CardHost;

/// The most choices one run of a card may ask before it is taken for a card that never ends.
const MAX_CHOICES: usize = 1_000;

/// What `darbar card` is asked to do.
pub struct CardCommand<'a> {
    /// The card's number.
    pub number: u8,
    /// The deck directory; `None` for the darbar default deck.
    pub deck: Option<&'a Path>,
    /// The position's snapshot file; `None` for a new game from `seed`.
    pub snapshot: Option<&'a Path>,
    /// The seed of the new game when no snapshot is given.
    pub seed: u64,
    /// The side to run.
    pub side: EventSide,
    /// The faction carrying the Event out; `None` for the one deciding in the position.
    pub executor: Option<&'a str>,
    /// The answers to the card's choices, each a 1-based option number; the first option
    /// answers every choice past them.
    pub choices: &'a [usize],
}

/// Runs the card and says what happened (see the module).
pub fn run(command: &CardCommand<'_>) -> Result<String, String> {
    let host = match command.deck {
        Some(dir) => CardHost::from_dir(dir).map_err(|e| e.to_string())?,
        None => CardHost::standard(),
    };
    let number = command.number;
    let file = host.file(number).map(str::to_owned);
    let Some(card) = host.card_text(number) else {
        return Err(format!(
            "the deck has no card {number} (the cards are numbered 1 to 44)"
        ));
    };
    let (state, from) = match command.snapshot {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let state =
                State::from_snapshot(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            (state, format!("the position of {}", path.display()))
        }
        None => (
            State::with_options(command.seed, host.rule_options()),
            format!("the start of a game with seed {}", command.seed),
        ),
    };
    let executor = match command.executor {
        Some(name) => name.parse::<Player>()?,
        None => state
            .decision()
            .map_or(Player::Sultanate, |decision| decision.player),
    };
    let mut out = card.to_string();
    if let Some(file) = &file {
        let _ = write!(out, "\n  (from {file})");
    }
    let _ = writeln!(
        out,
        "\n\nThe {} side, carried out by {}, on {from} (§2.3.4).",
        command.side,
        executor.faction().abbreviation()
    );
    let mut run = EventRun {
        card: number,
        side: command.side,
        executor,
        choices: Vec::new(),
    };
    let failed = |failure: EventFailure| {
        let place = match (&file, failure.line) {
            (Some(file), Some(line)) => format!("{file}:{line}"),
            (Some(file), None) => file.clone(),
            (None, Some(line)) => format!("card {number}, line {line}"),
            (None, None) => format!("card {number}"),
        };
        format!("{place}: {}", failure.message)
    };
    loop {
        let mut scratch = state.clone();
        let result = host.run_logged(&mut scratch, &run).map_err(failed)?;
        match result.progress {
            EventProgress::Choice {
                player,
                choices,
                prompt,
            } => {
                let asked = run.choices.len() + 1;
                if asked > MAX_CHOICES {
                    return Err(format!(
                        "card {number} asked more than {MAX_CHOICES} choices: it never ends"
                    ));
                }
                let answer = command.choices.get(run.choices.len()).copied().unwrap_or(1);
                let Some(&chosen) = answer.checked_sub(1).and_then(|i| choices.get(i)) else {
                    return Err(format!(
                        "choice {asked} ({prompt}): --choices answers {answer}, but there are \
                         {} options, numbered from 1",
                        choices.len()
                    ));
                };
                let _ = writeln!(
                    out,
                    "Choice {asked}, {}: {prompt}",
                    player.faction().abbreviation()
                );
                for (i, option) in choices.iter().enumerate() {
                    let mark = if *option == chosen { "  <- chosen" } else { "" };
                    let _ = writeln!(out, "  {}. {option}{mark}", i + 1);
                }
                run.choices.push(chosen);
            }
            EventProgress::Done { grants, log } => {
                if run.choices.len() < command.choices.len() {
                    let _ = writeln!(
                        out,
                        "(the card asked {} choices; the other answers of --choices are unused)",
                        run.choices.len()
                    );
                }
                out += "\nLog:\n";
                if log.is_empty() {
                    out += "  (the card logged nothing)\n";
                }
                for line in &log {
                    let _ = writeln!(out, "  {line}");
                }
                if !grants.is_empty() {
                    out += "\nGranted, carried out next in a game (§3.1.3):\n";
                    for grant in &grants {
                        let _ = writeln!(out, "  {}", grant_words(grant));
                    }
                }
                let _ = write!(out, "\nThe board after the card:\n{scratch}");
                return Ok(out);
            }
        }
    }
}

/// What a card grants, in words.
fn grant_words(grant: &Grant) -> String {
    let spaces = |only: Option<darbar::vijayanagara::SpaceSet>| {
        only.map_or(String::new(), |set| {
            let names: Vec<&str> = set.iter().map(|s| s.name()).collect();
            format!(" in {}", names.join(", "))
        })
    };
    let most = |n: Option<u8>| n.map_or(String::new(), |n| format!(", at most {n} spaces"));
    match *grant {
        Grant::Command {
            player,
            kind,
            limited,
            only,
            max_spaces,
            rebel_under_khalji,
            optional,
        } => format!(
            "a free {}{} for {}{}{}{}{}",
            if limited { "Limited " } else { "" },
            kind.name(),
            player.faction().abbreviation(),
            spaces(only),
            most(max_spaces),
            if rebel_under_khalji {
                ", Rebel allowed under Khalji (§2.7.1)"
            } else {
                ""
            },
            if optional {
                ", which it may decline"
            } else {
                ""
            },
        ),
        Grant::Decree {
            player,
            kind,
            only,
            max_spaces,
            influence_extension,
        } => format!(
            "a free {} Decree for {}{}{}{}",
            kind.name(),
            player.faction().abbreviation(),
            spaces(only),
            most(max_spaces),
            if influence_extension {
                ", reaching as with Influence 2 (§4.3.3)"
            } else {
                ""
            },
        ),
        Grant::Lasting(effect) => format!("the lasting effect {effect:?} (deck C14)"),
    }
}

/// The side named on the command line.
pub fn side(name: &str) -> Result<EventSide, String> {
    match name.trim().to_ascii_lowercase().as_str() {
        "unshaded" => Ok(EventSide::Unshaded),
        "shaded" => Ok(EventSide::Shaded),
        other => Err(format!(
            "--side is unshaded or shaded, not {other:?} (§2.3.4)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_are_read_in_any_case() {
        assert_eq!(side("Shaded"), Ok(EventSide::Shaded));
        assert_eq!(side("unshaded"), Ok(EventSide::Unshaded));
        assert!(side("both").unwrap_err().contains("2.3.4"));
    }

    #[test]
    fn grants_are_said_in_words() {
        let grant = Grant::Command {
            player: Player::Bahmani,
            kind: darbar::vijayanagara::CommandKind::Rally,
            limited: true,
            only: None,
            max_spaces: None,
            rebel_under_khalji: false,
            optional: false,
        };
        assert_eq!(grant_words(&grant), "a free Limited Rally for BK");
    }
}
