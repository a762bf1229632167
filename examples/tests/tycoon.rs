//! Tycoon at the command line: bots play every seat count to its end with the TI-16 scores
//! and the winners; the automa seats play themselves and nobody may take one (TC-16.2); the
//! game's flags (`--headlines`, `--kickstarter`, `--automas`, `--automa-level`, `--content`)
//! reach the rules and are refused by the other games; a person at the terminal sees their own
//! money and promoters but never another person's (TI-2.6); and a sealed bid is never repeated
//! on the screen before the reveal (TI-21.19). Sections `TI-x.y` refer to the Tycoon rules
//! specification, `TC-x.y` to darbar's default content.

use std::path::{Path, PathBuf};

const LABEL: &str = "darbar default content (original, not the published components)";
const COLOURS: [&str; 4] = ["Red", "Blue", "Green", "Yellow"];

mod common;

use common::{Scratch, darbar, stderr, stdout};

/// The score rows of the final report, one per seat.
fn score_rows(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.contains(" AV ") && l.contains("; INF ") && l.contains("; SUP "))
        .collect()
}

/// The seat views printed before a person's decisions: from each board's first line to the
/// question after it.
fn views(text: &str) -> Vec<String> {
    let mut views = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if line.starts_with("Tycoon: India 1981: ") {
            current = Some(String::new());
        }
        if let Some(view) = current.as_mut() {
            view.push_str(line);
            view.push('\n');
            if line.contains(" to decide the ") {
                views.extend(current.take());
            }
        }
    }
    views
}

/// A seat's first line on a board: `  Red (you, the Tycoon): 120 Cr, ...`.
fn seat_line<'a>(view: &'a str, colour: &str) -> &'a str {
    view.lines()
        .find(|l| {
            l.strip_prefix("  ")
                .and_then(|rest| rest.strip_prefix(colour))
                .is_some_and(|rest| rest.starts_with(':') || rest.starts_with(" ("))
        })
        .unwrap_or_else(|| panic!("no line of {colour}: {view}"))
}

/// TI-16, TC-16.1: random bots play four, three, two people with an automa and one person with
/// two automas to the end; the header names the seats and the content's label (TC-19), and
/// the end gives every seat's AV, INF and SUP term by term and the winner (TI-16.4).
#[test]
fn ti_16_every_seat_count_plays_to_a_winner() {
    for (players, seats, header) in [
        ("4", 4, "Tycoon: India 1981, 4 people, seed 3; random bots"),
        ("3", 3, "Tycoon: India 1981, 3 people, seed 3; random bots"),
        (
            "2",
            3,
            "Tycoon: India 1981, 2 people and 1 automa (Green normal), seed 3; random bots; \
             the automas play themselves (TC-16.2)",
        ),
        (
            "1",
            3,
            "Tycoon: India 1981, 1 person and 2 automas (Blue normal, Green normal), seed 3; \
             random bots; the automas play themselves (TC-16.2)",
        ),
    ] {
        let output = darbar(&["play", "tycoon", "--players", players, "--seed", "3"]);
        assert!(output.status.success(), "{players}: {}", stderr(&output));
        let text = stdout(&output);
        assert!(text.starts_with(&format!("{header}; {LABEL}\n")), "{text}");
        assert!(
            text.contains("Scores (TI-16): asset value (AV, TI-16.2)"),
            "{text}"
        );
        let rows = score_rows(&text);
        assert_eq!(rows.len(), seats, "{text}");
        for (row, colour) in rows.iter().zip(COLOURS) {
            assert!(row.trim_start().starts_with(colour), "{row}");
            assert!(
                row.contains("(industries ") && row.contains("(tokens "),
                "{row}"
            );
        }
        assert!(text.contains("Asset winner (TI-16.2): "), "{text}");
        let winner = text
            .lines()
            .find_map(|l| l.strip_prefix("Winner: "))
            .or_else(|| {
                text.lines()
                    .find_map(|l| l.strip_prefix("Winners (a shared victory, "))
            })
            .unwrap_or_else(|| panic!("no winner: {text}"));
        assert!(winner.contains("TI-16.4"), "{winner}");
        assert!(text.contains("(wins)"), "{text}");
        // The log tells the automas' choices with their rule (TC-16.4).
        if seats > players.parse().unwrap() {
            assert!(text.contains("(automa) turns up its card A"), "{text}");
        }
    }
}

/// TC-16.2: an automa seat is the rules' own: `--human` refuses it by number or colour and
/// says which seats a person may play; the people's seats are Red onwards.
#[test]
fn tc_16_2_nobody_plays_an_automa_seat() {
    for seat in ["blue", "Green", "2", "3"] {
        let output = darbar(&["play", "tycoon", "--players", "1", "--human", seat]);
        assert!(!output.status.success(), "{seat}");
        let error = stderr(&output);
        assert!(error.contains("is an automa's (normal)"), "{seat}: {error}");
        assert!(error.contains("play seat 1 (Red)"), "{error}");
    }
    let output = darbar(&["play", "tycoon", "--players", "2", "--human", "3"]);
    assert!(stderr(&output).contains("play one of the seats 1 (Red), 2 (Blue)"));
    let output = darbar(&["play", "tycoon", "--human", "purple"]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("Tycoon: India 1981 has no seat \"purple\""));
}

/// TI-3, TC-16.1: 3 or 4 seats, at most 4 people; the refusal names the seat counts.
#[test]
fn tc_16_1_seat_counts_outside_3_or_4_are_refused() {
    for args in [
        &["--players", "5"][..],
        &["--players", "1", "--automas", "0"],
        &["--players", "4", "--automas", "1"],
    ] {
        for command in ["play", "new", "fuzz"] {
            let mut all = vec![command, "tycoon"];
            all.extend_from_slice(args);
            let output = darbar(&all);
            assert!(!output.status.success(), "{all:?}");
            assert!(
                stderr(&output).contains("seat"),
                "{all:?}: {}",
                stderr(&output)
            );
        }
    }
}

/// The game's flags reach the rules: the Headline expansion and the Kickstarter cards
/// (TI-17, TC-7.3), the automa count and each automa's difficulty (TC-16.1).
#[test]
fn the_flags_reach_the_rules() {
    let output = darbar(&[
        "play",
        "tycoon",
        "--seed",
        "5",
        "--players",
        "2",
        "--automas",
        "2",
        "--automa-level",
        "easy,hard",
        "--headlines",
        "--kickstarter",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with(
            "Tycoon: India 1981, 2 people and 2 automas (Green easy, Yellow hard), with the \
             Headline expansion (TI-17) and the Kickstarter cards, seed 5;"
        ),
        "{text}"
    );
    assert!(text.contains("The headline of the round: "), "{text}");
    assert!(
        text.contains("Green (automa) turns up its card AE-"),
        "{text}"
    );
    assert!(
        text.contains("Yellow (automa) turns up its card AH-"),
        "{text}"
    );
    assert_eq!(score_rows(&text).len(), 4);

    // One difficulty for every automa.
    let text = stdout(&darbar(&[
        "play",
        "tycoon",
        "--players",
        "1",
        "--automa-level",
        "hard",
    ]));
    assert!(text.contains("(Blue hard, Green hard)"), "{text}");

    // More difficulties than automas, an unknown one, or automas where there are none.
    let too_many = darbar(&[
        "play",
        "tycoon",
        "--players",
        "1",
        "--automa-level",
        "easy,easy,easy",
    ]);
    assert!(stderr(&too_many).contains("gives 3 difficulties, but the game has 2 automa seats"));
    let unknown = darbar(&[
        "play",
        "tycoon",
        "--players",
        "1",
        "--automa-level",
        "brutal",
    ]);
    assert!(!unknown.status.success());
    assert!(stderr(&unknown).contains("brutal"), "{}", stderr(&unknown));
    let none = darbar(&["play", "tycoon", "--automa-level", "easy"]);
    assert!(stderr(&none).contains("the game has no automa seat"));
}

/// The other games refuse Tycoon's flags, naming the game that takes them.
#[test]
fn other_games_refuse_tycoons_flags() {
    for flag in [
        &["--headlines"][..],
        &["--kickstarter"],
        &["--automas", "1"],
        &["--automa-level", "easy"],
        &["--content", "somewhere"],
    ] {
        let mut args = vec!["play", "vijayanagara"];
        args.extend_from_slice(flag);
        let output = darbar(&args);
        assert!(!output.status.success(), "{flag:?}");
        assert!(
            stderr(&output).contains(&format!("{} applies to Tycoon: India 1981 only", flag[0])),
            "{flag:?}: {}",
            stderr(&output)
        );
    }
}

/// A copy of the default content under `dir`, with another label on every file.
fn own_content(dir: &Path, label: &str) -> PathBuf {
    let source =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../core/src/games/tycoon/content/data");
    let folder = dir.join("content");
    std::fs::create_dir_all(&folder).unwrap();
    for entry in std::fs::read_dir(&source).unwrap() {
        let path = entry.unwrap().path();
        let mut data: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        data["content"] = "house".into();
        data["label"] = label.into();
        std::fs::write(folder.join(path.file_name().unwrap()), data.to_string()).unwrap();
    }
    folder
}

/// TC-19: `--content DIR` plays a folder of one's own content, its label in the header and on
/// every board; a broken folder is refused naming the file; a saved game goes on with it.
#[test]
fn tc_19_a_content_folder_of_ones_own() {
    let scratch = Scratch::new("content");
    let folder = own_content(&scratch.0, "House rules content");
    let dir = folder.to_str().unwrap();
    let output = darbar(&["play", "tycoon", "--seed", "2", "--content", dir]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.lines()
            .next()
            .unwrap()
            .ends_with("; House rules content"),
        "{text}"
    );
    assert!(text.contains("\nContent: House rules content\n"), "{text}");
    assert!(!text.contains(LABEL));

    std::fs::write(folder.join("merits.json"), "[1, 2").unwrap();
    let broken = darbar(&["play", "tycoon", "--content", dir]);
    assert!(!broken.status.success());
    assert!(
        stderr(&broken).contains("merits.json"),
        "{}",
        stderr(&broken)
    );

    // A person who quits is told to go on with the same folder.
    let folder = own_content(&scratch.0, "House rules content");
    let dir = folder.to_str().unwrap();
    let output = scratch.darbar(
        &[
            "play",
            "tycoon",
            "--seed",
            "2",
            "--players",
            "1",
            "--human",
            "red",
            "--content",
            dir,
        ],
        "quit\n",
    );
    let text = stdout(&output);
    assert!(
        text.contains(&format!(
            "go on with: darbar play --resume darbar-tycoon-2.json --human red --content {dir}"
        )),
        "{text}"
    );
    let resumed = scratch.darbar(
        &[
            "play",
            "--resume",
            "darbar-tycoon-2.json",
            "--bots",
            "random",
            "--content",
            dir,
        ],
        "",
    );
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert!(stdout(&resumed).contains("Content: House rules content"));

    // `show` shows the saved game with its folder.
    let saved = scratch.0.join("darbar-tycoon-2.json");
    let shown = darbar(&["show", saved.to_str().unwrap(), "--content", dir]);
    assert!(shown.status.success(), "{}", stderr(&shown));
    assert!(
        stdout(&shown).starts_with("Round 0 (Setup)"),
        "{}",
        stdout(&shown)
    );

    // Without its folder, the record's refusal names the flag Tycoon takes, never `--deck`.
    for args in [
        vec!["show", saved.to_str().unwrap()],
        vec!["replay", saved.to_str().unwrap()],
        vec![
            "play",
            "--resume",
            saved.to_str().unwrap(),
            "--bots",
            "random",
        ],
    ] {
        let refused = darbar(&args);
        assert!(!refused.status.success(), "{args:?}");
        let error = stderr(&refused);
        assert!(
            error.contains("`--content DIR` on the command line, `content=\"DIR\"` in Python"),
            "{error}"
        );
        assert!(
            !error.contains("--deck") && !error.contains("deck="),
            "{error}"
        );
    }
}

/// Answers that make progress through any decision: a sealed bid too large to be legal, then
/// the smallest bid, a pass, done, the first real choice, and back to the menu from a number
/// question.
const WANDER: [&str; 6] = ["policy-bid 42", "policy-bid 0", "pass", "done", "2", ""];

fn wander(rounds: usize) -> String {
    let mut answers = String::new();
    for _ in 0..rounds {
        for answer in WANDER {
            answers.push_str(answer);
            answers.push('\n');
        }
    }
    answers
}

/// TI-2.6, TC-16.2: before each decision a person sees their own money and promoters, an
/// automa's too, but never another person's.
#[test]
fn ti_2_6_a_person_sees_their_own_money_but_no_other_persons() {
    let scratch = Scratch::new("screens");
    let output = scratch.darbar(
        &[
            "play",
            "tycoon",
            "--seed",
            "4",
            "--players",
            "2",
            "--human",
            "red",
            "--human",
            "blue",
        ],
        &wander(400),
    );
    let text = stdout(&output);
    let views = views(&text);
    assert!(views.len() > 20, "{text}");
    let mut seen = [false; 2];
    for view in &views {
        let me = if seat_line(view, "Red").contains("(you") {
            0
        } else {
            1
        };
        assert!(seat_line(view, COLOURS[me]).contains("(you"), "{view}");
        seen[me] = true;
        let mine = seat_line(view, COLOURS[me]);
        assert!(
            !mine.contains("Cr hidden") && mine.contains(" Cr, "),
            "{mine}"
        );
        let theirs = seat_line(view, COLOURS[1 - me]);
        assert!(theirs.contains("Cr hidden, promoters hidden"), "{theirs}");
        assert!(
            view.lines().any(|l| l.contains("agenda hidden")) || !view.contains("agenda"),
            "{view}"
        );
        let automa = seat_line(view, "Green");
        assert!(
            automa.contains("(automa, normal") && !automa.contains("hidden"),
            "{automa}"
        );
    }
    assert_eq!(seen, [true, true]);
}

/// TI-21.19: a sealed policy bid is asked as sealed; a mistyped sealed answer is not repeated,
/// the bid itself never shows before the reveal, and taking it back names no amount.
#[test]
fn ti_21_19_a_sealed_bid_is_never_repeated_before_the_reveal() {
    let scratch = Scratch::new("sealed");
    let output = scratch.darbar(
        &[
            "play",
            "tycoon",
            "--seed",
            "6",
            "--players",
            "1",
            "--human",
            "red",
        ],
        &wander(300),
    );
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    let asked: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("Red to decide the sealed policy bid (TI-6.2), sealed"))
        .collect();
    assert!(!asked.is_empty(), "{text}");
    for &start in &asked {
        let end = (start..lines.len())
            .find(|&i| lines[i].contains("Red has made a sealed bid"))
            .unwrap_or(lines.len());
        let between = &lines[start..end];
        assert!(
            between
                .iter()
                .any(|l| l.starts_with("  Sealed: what you type does not show")),
            "{between:?}"
        );
        // WANDER types "policy-bid 42" first: refused without repeating it.
        assert!(
            between
                .iter()
                .any(|l| l.ends_with("That is not one of the choices.")),
            "{between:?}"
        );
        assert!(
            !between.iter().any(|l| l.contains("\"policy-bid")),
            "{between:?}"
        );
        // After the answer and before the reveal, nothing names Red's bid.
        let reveal = (end..lines.len())
            .find(|&i| lines[i].starts_with("Bids revealed: "))
            .unwrap_or(lines.len());
        for line in &lines[end..reveal] {
            assert!(
                !line.contains("policy-bid") && !line.contains("Red bids"),
                "{line}"
            );
        }
    }

    // Undo right after the first sealed bid: whether it is taken back or refused, no amount
    // shows. The game is the same up to there, so the answers read before the bid are the
    // prompts printed before it.
    let bid = text.find("Red has made a sealed bid").unwrap();
    let read = text[..bid].matches("Your choice (number or text").count()
        + text[..bid].matches("(empty: back to the choices)").count();
    let mut answers: Vec<String> = wander(300).lines().map(str::to_owned).collect();
    answers.insert(read, "undo".into());
    let output = scratch.darbar(
        &[
            "play",
            "tycoon",
            "--seed",
            "6",
            "--players",
            "1",
            "--human",
            "red",
        ],
        &(answers.join("\n") + "\n"),
    );
    let text = stdout(&output);
    assert!(
        text.contains("Undone: your sealed answer.")
            || text.contains("Cannot undo your sealed answer: "),
        "{text}"
    );
    assert!(!text.contains("undo policy-bid") && !text.contains("Undone: policy-bid"));
}

/// TI-7.4, TI-8.3.1: an industry bid is offered and typed in Cr, as the table speaks of it,
/// in steps of 5; the cities of a build are listed by name, never folded into a range of
/// numbers.
#[test]
fn ti_7_4_bids_are_typed_in_cr_and_cities_are_named() {
    let scratch = Scratch::new("bids-in-cr");
    let mut answers: Vec<&str> = vec!["1", "1", "1", "policy-bid 0"];
    for _ in 0..13 {
        answers.extend(["done", "policy-bid 0"]);
    }
    answers.extend(["bid", "57", "140"]);
    for _ in 0..6 {
        answers.extend(["industry 0", "act build", "card", "bid", "", "pass"]);
    }
    answers.push("quit");
    let output = scratch.darbar(
        &[
            "play",
            "tycoon",
            "--seed",
            "3",
            "--players",
            "1",
            "--human",
            "red",
        ],
        &(answers.join("\n") + "\n"),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("bid 55-400 Cr  (in steps of 5 Cr, paid if you win a card"),
        "{text}"
    );
    assert!(!text.contains("fives of Cr"), "{text}");
    assert!(
        text.contains("\"57\" is not a number from 55 to 400 in steps of 5."),
        "{text}"
    );
    assert!(text.contains("Red bids 140 Cr"), "{text}");
    assert!(
        text.contains("Red to decide the city to build in (TI-8.3.1):"),
        "{text}"
    );
    assert!(!text.contains(". city 0-"), "{text}");
    // A Phase-4 action says what it does and costs before one takes it (TI-8.3, TI-8.8).
    assert!(
        text.contains(". act build  (build an industry card of yours in an empty city"),
        "{text}"
    );
    assert!(
        text.contains(". act loan  (borrow 40 Cr for a promissory note"),
        "{text}"
    );
}

/// The price of a build in each city listed: `city 1  (Jaipur (North, distance 2): 4 Cr)`.
fn city_prices(text: &str) -> Vec<(String, u32)> {
    text.lines()
        .filter_map(|l| {
            let (_, note) = l.split_once(". city ")?;
            let (_, words) = note.split_once("  (")?;
            let (city, price) = words.strip_suffix(" Cr)")?.rsplit_once("): ")?;
            Some((format!("{city})"), price.parse().ok()?))
        })
        .collect()
}

/// TI-8.3.1, TI-8.3.2: each city of a build is listed with its name, distance and price; a
/// Power icon costs 1 Cr a city of distance, so a city at distance 2 costs 1 Cr more than a
/// metro at distance 1 for a card with one Power icon and no Transport icon.
#[test]
fn ti_8_3_a_city_choice_shows_the_price_of_the_build() {
    let scratch = Scratch::new("city-prices");
    let mut answers: Vec<&str> = vec!["1", "1", "1", "policy-bid 0"];
    for _ in 0..13 {
        answers.extend(["done", "policy-bid 0"]);
    }
    answers.extend([
        "bid",
        "140",
        "pass",
        "industry 0",
        "act build",
        "card",
        "quit",
    ]);
    let output = scratch.darbar(
        &[
            "play",
            "tycoon",
            "--seed",
            "3",
            "--players",
            "1",
            "--human",
            "red",
        ],
        &(answers.join("\n") + "\n"),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("Red to decide the city to build in (TI-8.3.1):"),
        "{text}"
    );
    // Red's card is I1-01 (Fuel and Power icons, TC-7).
    assert!(
        text.contains("card 0  (build I1-01 Bhilai Steel Plant (1959))"),
        "{text}"
    );
    let prices = city_prices(&text);
    assert_eq!(prices.len(), 31, "{text}");
    let price = |city: &str| {
        prices
            .iter()
            .find(|(c, _)| c == city)
            .map(|&(_, p)| p)
            .unwrap_or_else(|| panic!("no price for {city}: {text}"))
    };
    let metro = price("New Delhi (North, distance 1)");
    assert_eq!(price("Jaipur (North, distance 2)"), metro + 1);
    assert_eq!(price("Gauhati (East, distance 5)"), metro + 4);
    assert_eq!(price("Bombay (West, distance 1)"), metro);
}

/// TC-1, TC-8, TC-11: the corporate agendas to keep at setup and the starting policies say
/// what they do, and so does the policy display on the board.
#[test]
fn tc_1_agendas_and_policies_are_offered_with_their_effects() {
    let scratch = Scratch::new("effects");
    let output = scratch.darbar(
        &[
            "play",
            "tycoon",
            "--seed",
            "3",
            "--players",
            "1",
            "--human",
            "red",
        ],
        "1\n1\n1\nquit\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    // P1-06 Bank Nationalisation: Economic, MOD loan +10; politics Cr 5; 1 support (TC-8).
    assert!(
        text.contains(
            ". policy 0  (take P1-06 Bank Nationalisation (1969): Economic: for the rest of the \
             game, your Loan action gives 10 Cr more; politics: gain 5 Cr; 1 support at the end)"
        ),
        "{text}"
    );
    // CA-8 Liberaliser counts built Era II industries, tiers 1 → 1, 2 → 3, 3 → 6 (TC-11);
    // CA-4 Pan-Indian House regions, 2 → 1, 3 → 3, 4 → 6.
    assert!(
        text.contains(
            ". agenda 0  (keep CA-8 Liberaliser: at the end, 1 support with 1 or more of your \
             built Era II industries, 3 with 2 or more, 6 with 3 or more)"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            ". agenda 1  (keep CA-4 Pan-Indian House: at the end, 1 support with 2 or more of \
             the regions with a factory of yours, 3 with 3 or more, 6 with 4 or more)"
        ),
        "{text}"
    );
    // The kept agenda on one's own board, and the policy display's P1-07 Green Revolution:
    // ON income: Cr 5 × built(AGR) (TC-8).
    assert!(
        text.contains("    agenda CA-8 Liberaliser: at the end, 1 support with 1 or more"),
        "{text}"
    );
    assert!(
        text.contains(
            "  P1-07 Green Revolution (1966): Economic: for the rest of the game, at each \
             Income & dividends: gain 5 Cr for each of your built Agriculture industries"
        ),
        "{text}"
    );
}

/// `help` at a sealed bid says what the bid is and that nobody sees it (TI-6.2, TI-21.19);
/// the goal and the round are told once, at the start (TI-4.1, TI-16).
#[test]
fn help_and_the_introduction_explain_the_game() {
    let scratch = Scratch::new("help");
    let output = scratch.darbar(
        &[
            "play",
            "tycoon",
            "--seed",
            "3",
            "--players",
            "1",
            "--human",
            "red",
        ],
        "help\nquit\n",
    );
    let text = stdout(&output);
    assert!(text.contains("The goal (TI-16): after 7 rounds"), "{text}");
    assert!(text.contains("A round (TI-4.1): the Tycoon activates a region"));
    assert!(text.contains("Automas (TC-16): each draws a card every round"));
    assert!(
        text.contains("Now: Red decides starting influence (TI-3)."),
        "{text}"
    );
    assert!(text.contains("Your starting space on the influence track (TI-3 step 13)"));
    assert!(text.contains("docs/rules/tycoon.md"));
}

/// `stats` and `fuzz` count wins by seat and the category winners (TI-16.4).
#[test]
fn stats_and_fuzz_count_the_winners() {
    let output = darbar(&[
        "stats",
        "tycoon",
        "--games",
        "6",
        "--threads",
        "2",
        "--players",
        "1",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("6 tycoon games with the random bot, seeds 0..6, 2 threads"),
        "{text}"
    );
    assert!(text.contains("Wins by seat (a shared victory counts for each sharer): Red "));
    assert!(
        text.contains("| seat | wins | asset winner | influence winner |"),
        "{text}"
    );
    assert!(text.contains("| Blue | "));
    let output = darbar(&["fuzz", "tycoon", "--games", "4", "--threads", "2"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with("4 tycoon games with 4 people, full checks"),
        "{text}"
    );
    assert!(
        text.contains("Asset and influence won by one seat in "),
        "{text}"
    );
}
