//! Pax Pamir at the command line: every player count plays to its end with the scores and
//! why it ended, a sixth player is refused, and a person at the terminal sees their own hand
//! and the market in full but never another seat's hand.

mod common;

use common::{Scratch, darbar, stderr, stdout};

/// The seat views printed before a person's decisions: from each "Turn N:" or "Setup:" line to
/// the question after it.
fn views(text: &str) -> Vec<String> {
    let mut views = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if line.starts_with("Turn ") || line.starts_with("Setup: ") {
            current = Some(String::new());
        }
        if let Some(view) = current.as_mut() {
            view.push_str(line);
            view.push('\n');
            if line.contains(" to decide ") {
                views.extend(current.take());
            }
        }
    }
    views
}

/// Bots play a whole game for every count of PP-4.1; the end says why it ended and who won,
/// and gives every seat's VP and tie-breakers (PP-13.8, PP-13.9).
#[test]
fn pp_4_1_every_player_count_plays_to_a_winner() {
    for players in 2..=5 {
        let n = players.to_string();
        let output = darbar(&["play", "pax_pamir", "--players", &n, "--seed", "3"]);
        assert!(output.status.success(), "{players}: {}", stderr(&output));
        let text = stdout(&output);
        assert!(
            text.starts_with(&format!(
                "Pax Pamir, {players} players, seed 3; random bots"
            )),
            "{text}"
        );
        assert!(text.contains("Scores (PP-13.9: most VP wins;"), "{text}");
        let rows = text
            .lines()
            .filter(|l| l.contains(" VP, influence ") && l.contains(", military stars "))
            .count();
        assert_eq!(rows, players, "{text}");
        assert!(
            text.contains("The game ended after a Dominance Check: ")
                || text.contains("The game ended with the final Dominance Check (PP-13.9)."),
            "{text}"
        );
        let winner = text
            .lines()
            .find_map(|l| l.strip_prefix("Winner: "))
            .or_else(|| {
                text.lines()
                    .find_map(|l| l.strip_prefix("Winners (a shared win): "))
            })
            .unwrap_or_else(|| panic!("no winner: {text}"));
        assert!(winner.starts_with('P'), "{winner}");
        assert!(text.contains("(wins)"));
    }
}

/// Six players are one too many (PP-4.1), and the refusal says so.
#[test]
fn pp_4_1_six_players_are_refused() {
    for command in ["play", "new", "fuzz", "bench", "stats"] {
        let output = darbar(&[command, "pax_pamir", "--players", "6"]);
        assert!(!output.status.success(), "{command}");
        let error = stderr(&output);
        assert!(error.contains("PP-4.1"), "{command}: {error}");
        assert!(error.contains("not 6"), "{command}: {error}");
    }
}

/// PP-0.4: a person is shown the board when the others changed it since they last saw it (a
/// new turn) or when they ask (`board`), not again before each step of their own turn, whose
/// changes the log has just told: the decision left with only `end` is its header and choice.
#[test]
fn pp_0_4_the_board_is_shown_when_others_changed_it_or_on_board() {
    let dir = Scratch::new("board-when-changed");
    let output = dir.darbar(
        &["play", "pax_pamir", "--seed", "3", "--human", "P2"],
        "loyalty afghan\n1\n1\nboard\nquit\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    const MARKET: &str = "Market (the cost to you, the rupees on the card):";
    let only_end = "P2 to decide take an action, or end the action step (PP-6.2):\n   1. end\n";
    let at = text.find(only_end).unwrap_or_else(|| panic!("{text}"));
    let before = &text[..at];
    let since_last_answer = &before[before.rfind("Your choice").unwrap()..];
    assert!(!since_last_answer.contains(MARKET), "{since_last_answer}");
    // The turn's first decision came after the others' turns: the board was shown then.
    let turn = before.rfind("Turn 3: P2's turn, 2 actions left").unwrap();
    assert!(before[turn..].contains(MARKET), "{before}");
    // `board` shows it again, with the two actions spent.
    let asked = &text[at..];
    assert!(
        asked.contains("Turn 3: P2's turn, 0 actions left"),
        "{asked}"
    );
    assert!(asked.contains(MARKET), "{asked}");
}

/// A person at the terminal (PP-0.4): on the board shown before their decisions, their own
/// hand and the market in full text, their rupees, loyalty and actions left; the other seats only by the size of
/// their hands; the card and price of each purchase; `quit` saves the game.
#[test]
fn pp_0_4_a_human_sees_their_hand_and_the_market_but_no_other_hand() {
    let dir = Scratch::new("human");
    let answers = "loyalty russian\n1\n1\nhelp\n1\n1\n1\n1\n1\n1\n1\n1\nquit\n";
    let output = dir.darbar(
        &[
            "play",
            "pax_pamir",
            "--players",
            "4",
            "--seed",
            "5",
            "--human",
            "p2",
        ],
        answers,
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("Pax Pamir, 4 players, seed 5; random bots and you as P2"));
    assert!(text.contains("The goal (PP-13): Victory Points"), "{text}");
    assert!(text.contains("P2 chooses the Russian coalition"), "{text}");
    let views = views(&text);
    assert!(views.len() >= 3, "{text}");
    for view in &views {
        assert!(
            view.contains("Market (the cost to you, the rupees on the card):"),
            "{view}"
        );
        assert!(view.contains("(Court card): "), "{view}");
        assert!(view.contains("P2 (you) "), "{view}");
        assert!(view.contains("P2 to decide "), "{view}");
        // Every other seat shows how many cards it holds, never which.
        for other in ["P1", "P3", "P4"] {
            let line = view
                .lines()
                .find(|l| l.starts_with(&format!("  {other} ")))
                .unwrap_or_else(|| panic!("{other}: {view}"));
            assert!(line.contains(" in hand, "), "{line}");
        }
        assert!(!view.contains("hand: #"), "{view}");
    }
    let later = views.last().unwrap();
    assert!(later.starts_with("Turn "), "{later}");
    assert!(later.contains("'s turn, "), "{later}");
    assert!(later.contains(" left; favored suit "), "{later}");
    assert!(
        later.contains("You are P2: loyal to the Russian, "),
        "{later}"
    );
    assert!(later.contains(" rupee"), "{later}");
    // A card in hand is shown in full: its region, suit, rank, icons and actions.
    let bought = views.iter().any(|v| {
        v.split("Your hand:\n")
            .nth(1)
            .and_then(|rest| rest.lines().next())
            .is_some_and(|card| card.contains(" · rank ") && card.contains("(Court card)"))
    });
    assert!(bought, "{text}");
    assert!(text.contains("1. buy top-0  ("), "{text}");
    assert!(text.contains(", costs 0 rupees"), "{text}");
    assert!(
        text.contains("Up to two actions, and any number of bonus actions"),
        "{text}"
    );
    assert!(text.contains("saved in darbar-pax_pamir-5.json"), "{text}");
    assert!(dir.0.join("darbar-pax_pamir-5.json").exists());
}

/// The seats are P1 to P5 after `--human`, in any case; a seat the game does not have is
/// refused with the seats it has.
#[test]
fn pp_4_1_seats_are_p1_to_the_player_count() {
    let dir = Scratch::new("seats");
    let output = dir.darbar(
        &[
            "play",
            "pax_pamir",
            "--players",
            "2",
            "--seed",
            "1",
            "--human",
            "P2",
        ],
        "quit\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("you as P2"));
    let refused = darbar(&["play", "pax_pamir", "--players", "2", "--human", "P3"]);
    assert!(!refused.status.success());
    let error = stderr(&refused);
    assert!(error.contains("Pax Pamir has no seat \"P3\""), "{error}");
    assert!(error.contains("1 (P1), 2 (P2)"), "{error}");
}

/// Many games: the winners by seat, the endings (PP-13.8 or PP-13.9) and the mean turns.
#[test]
fn pp_13_8_stats_and_fuzz_count_winners_endings_and_turns() {
    let output = darbar(&[
        "stats",
        "pax_pamir",
        "--players",
        "3",
        "--games",
        "6",
        "--threads",
        "2",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with("6 pax_pamir games with the random bot"),
        "{text}"
    );
    assert!(text.contains(" turns per game."), "{text}");
    assert!(text.contains("Wins by seat (a shared win counts for each sharer): P1 "));
    assert!(text.contains("| winner | games | share |"), "{text}");
    assert!(text.contains("| P3 | "), "{text}");
    assert!(text.contains("| a lead of 4 VP after a Dominance Check (PP-13.8) | "));
    assert!(text.contains("| the final Dominance Check (PP-13.9) | "));
    let wins: usize = text
        .lines()
        .filter(|l| l.starts_with("| P") || l.starts_with("| shared"))
        .filter_map(|l| l.split('|').nth(2)?.trim().parse::<usize>().ok())
        .sum();
    assert!(wins >= 6, "{text}");
    let fuzzed = darbar(&[
        "fuzz",
        "pax_pamir",
        "--players",
        "2",
        "--games",
        "2",
        "--threads",
        "2",
    ]);
    assert!(fuzzed.status.success(), "{}", stderr(&fuzzed));
    let text = stdout(&fuzzed);
    assert!(
        text.starts_with("2 pax_pamir games with 2 players, full checks"),
        "{text}"
    );
    assert!(
        text.contains("Endings: a lead of 4 VP after a Dominance Check "),
        "{text}"
    );
}

/// The scores table's rows: one per seat, each with its VP and tie-breakers (PP-13.9).
fn score_rows(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.contains(" VP, influence ") && l.contains(", military stars "))
        .collect()
}

/// WK-10, WK-2: bots play the people's seats against Wakhan to the end, with one person and
/// with two. The header says the game is against her; her turns are told as stories under
/// their own headers, citing her WK rules; she is named Wakhan everywhere (never P1), loyal
/// to all in the scores with her influence in each coalition (WK-11.5); the end names the
/// winner.
#[test]
fn wk_10_bots_play_against_wakhan_to_the_end_and_she_is_named_everywhere() {
    for (players, people) in [(2, "1 person"), (3, "2 people")] {
        for seed in ["3", "8"] {
            let n = players.to_string();
            let output = darbar(&[
                "play",
                "pax_pamir",
                "--players",
                &n,
                "--wakhan",
                "--seed",
                seed,
            ]);
            assert!(output.status.success(), "{players}: {}", stderr(&output));
            let text = stdout(&output);
            assert!(
                text.starts_with(&format!(
                    "Pax Pamir against Wakhan, {players} players (Wakhan and {people}), seed \
                     {seed}; random bots; Wakhan plays herself (WK-10)\n"
                )),
                "{text}"
            );
            assert!(
                text.contains(
                    "\nWakhan's turn 1 (the automated opponent, WK-2):\n  Wakhan draws AI card "
                ),
                "{text}"
            );
            for rule in ["(WK-1.2)", "(WK-1.3)", "(WK-1.4)", "(WK-2.2)"] {
                assert!(text.contains(rule), "{rule}: {text}");
            }
            // Every line of her turns is indented under its header, up to the next turn.
            let mut hers = false;
            for line in text.lines() {
                if line.starts_with("Wakhan's turn ") {
                    hers = true;
                } else if line.is_empty() || line.starts_with("turn ") {
                    hers = false;
                } else if hers {
                    assert!(line.starts_with("  "), "{line}");
                }
            }
            assert!(!text.contains("P1"), "{text}");
            assert!(
                !text
                    .lines()
                    .any(|l| l.starts_with("turn ") && l.ends_with(": Wakhan")),
                "her turn's header is told as a story: {text}"
            );
            let rows = score_rows(&text);
            assert_eq!(rows.len(), players, "{text}");
            assert!(
                rows[0].starts_with("  Wakhan loyal to all ")
                    && rows[0].contains(" VP, influence Afghan "),
                "{}",
                rows[0]
            );
            for (p, row) in rows.iter().enumerate().skip(1) {
                assert!(row.starts_with(&format!("  P{}  ", p + 1)), "{row}");
            }
            let winner = text
                .lines()
                .find_map(|l| l.strip_prefix("Winner: "))
                .or_else(|| {
                    text.lines()
                        .find_map(|l| l.strip_prefix("Winners (a shared win): "))
                })
                .unwrap_or_else(|| panic!("no winner: {text}"));
            assert!(winner == "Wakhan" || winner.starts_with('P'), "{winner}");
            if winner == "Wakhan" {
                assert!(rows[0].ends_with("(wins)"), "{}", rows[0]);
            }
            assert!(
                text.contains("  Wakhan loyal to all (pragmatic loyalty "),
                "{text}"
            );
        }
    }
}

/// WK-1.2, WK-1.3, WK-1.4: a person playing against Wakhan sees, before each of their
/// decisions, her row (loyal to all, her pragmatic loyalty, her influence per coalition),
/// her current AI card with its three lines and orders, the next card's back and what the
/// arrows read on it; the card shown is the one she drew last; no decision is ever hers.
#[test]
fn wk_1_2_a_person_sees_her_ai_card_and_the_next_back_before_each_decision() {
    let dir = Scratch::new("wakhan");
    let answers = "loyalty british\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\nquit\n";
    let output = dir.darbar(
        &[
            "play",
            "pax_pamir",
            "--players",
            "2",
            "--wakhan",
            "--human",
            "2",
            "--seed",
            "4",
        ],
        answers,
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with(
            "Pax Pamir against Wakhan, 2 players (Wakhan and 1 person), seed 4; you as P2; \
             Wakhan plays herself (WK-10)\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("Wakhan (WK): the automated opponent"),
        "{text}"
    );
    assert!(!text.contains("Wakhan to decide"), "{text}");
    assert!(!text.contains("P1"), "{text}");
    let views = views(&text);
    assert!(views.len() >= 4, "{text}");
    for view in &views {
        assert!(view.contains("P2 (you) "), "{view}");
        assert!(
            view.contains("  Wakhan loyal to all (pragmatic loyalty "),
            "{view}"
        );
        assert!(view.contains(", influence Afghan "), "{view}");
        assert!(view.contains("    next AI card's back: "), "{view}");
        assert!(view.contains("    AI deck "), "{view}");
    }
    let mut shown = 0;
    for view in views.iter().filter(|v| v.starts_with("Turn ")) {
        let card = view
            .lines()
            .find_map(|l| l.strip_prefix("    AI card "))
            .unwrap_or_else(|| panic!("no AI card: {view}"));
        assert!(card.contains(" (WK-1.2): top ") && card.contains("; bottom Radicalize"));
        assert!(view.contains("    pragmatic loyalty order "), "{view}");
        assert!(view.contains(" region order "), "{view}");
        assert!(view.contains("    the arrows read "), "{view}");
        // The card shown is the last she drew before this view.
        let number = card.split(' ').next().unwrap();
        let before = &text[..text.find(view.as_str()).unwrap()];
        let drawn = before
            .lines()
            .rev()
            .find_map(|l| l.trim().strip_prefix("Wakhan draws AI card "))
            .unwrap();
        assert!(
            drawn.starts_with(&format!("{number}: ")),
            "{drawn} / {card}"
        );
        shown += 1;
    }
    assert!(shown >= 2, "{text}");
}

/// Many games against Wakhan: the tables name her seat Wakhan (WK-10).
#[test]
fn wk_10_stats_name_her_seat() {
    let output = darbar(&[
        "stats",
        "pax_pamir",
        "--players",
        "3",
        "--wakhan",
        "--games",
        "4",
        "--threads",
        "2",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("Wins by seat (a shared win counts for each sharer): Wakhan "),
        "{text}"
    );
    assert!(text.contains("| Wakhan | "), "{text}");
    assert!(
        text.contains("| P3 | ") && !text.contains("| P1 | "),
        "{text}"
    );
}

/// WK-8, WK-10: her seat is the rules' own, so `--human 1` is refused with the rule; with her,
/// four seats are too many.
#[test]
fn wk_8_nobody_plays_her_seat_and_she_plays_with_one_or_two_people() {
    let output = darbar(&[
        "play",
        "pax_pamir",
        "--players",
        "2",
        "--wakhan",
        "--human",
        "1",
    ]);
    assert!(!output.status.success());
    let error = stderr(&output);
    assert!(
        error.contains("Wakhan") && error.contains("WK-8"),
        "{error}"
    );
    let output = darbar(&["play", "pax_pamir", "--players", "4", "--wakhan"]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("WK-10"), "{}", stderr(&output));
    let output = darbar(&["play", "vijayanagara", "--wakhan"]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("--wakhan"), "{}", stderr(&output));
}
