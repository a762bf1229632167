//! `ctx:count`: the words a card's log gives a count, singular for 1 and plural otherwise, as
//! the core's log writes them; and the shipped cards' log lines, which use it.

use darbar::vijayanagara::{
    Action, EventFailure, EventProgress, EventRun, EventSide, Player, State,
};
use darbar_lua::{CardHost, CardRun};

/// A deck of one Event card, number 1, whose unshaded side runs `body` (from line 5 of the
/// file).
fn card(body: &str) -> CardHost {
    let source = format!(
        "return {{\n  number = 1, title = 'Test', order = 'DVB', stay_eligible = true,\n  \
         text = {{ unshaded = 'u', shaded = 's' }},\n  unshaded = function(ctx)\n{body}\n  end,\n  \
         shaded = function(ctx) end,\n}}"
    );
    CardHost::from_sources(&[("test.lua", source)]).unwrap_or_else(|e| panic!("{e}"))
}

fn run(
    host: &CardHost,
    card: u8,
    side: EventSide,
    choices: &[Action],
) -> Result<CardRun, EventFailure> {
    let run = EventRun {
        card,
        side,
        executor: Player::Sultanate,
        choices: choices.to_vec(),
    };
    host.run_logged(&mut State::new(1), &run)
}

fn log(body: &str) -> Vec<String> {
    let run = run(&card(body), 1, EventSide::Unshaded, &[]).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(
        matches!(run.progress, EventProgress::Done { .. }),
        "{:?}",
        run.progress
    );
    run.log
}

#[test]
fn one_is_singular_and_every_other_count_plural() {
    let lines = log(r#"
        ctx:log(ctx:count(1, "Troop"))
        ctx:log(ctx:count(0, "Troop"))
        ctx:log(ctx:count(3, "Troop"))
        ctx:log(ctx:count(1, "cavalry token") .. ", " .. ctx:count(2, "cavalry token"))
        ctx:log(ctx:count(1, "Qasbah", "Qasbahs") .. ", " .. ctx:count(4, "Qasbah", "Qasbahs"))
        ctx:log(ctx:count(2.0, "Resource") .. ", " .. ctx:count(1.0, "Resource"))
        ctx:log(ctx:count(2, "VP", "VP"))
    "#);
    assert_eq!(
        lines,
        [
            "1 Troop",
            "0 Troops",
            "3 Troops",
            "1 cavalry token, 2 cavalry tokens",
            "1 Qasbah, 4 Qasbahs",
            "2 Resources, 1 Resource",
            "2 VP",
        ]
    );
}

#[test]
fn a_bad_argument_is_an_error_naming_ctx_count() {
    let long = "x".repeat(darbar_lua::args::MAX_ARG_BYTES + 1);
    let cases = [
        (
            r#"ctx:count(1.5, "Troop")"#.to_string(),
            "bad argument #1 to 'ctx:count' (an integer expected, got 1.5)",
        ),
        (
            r#"ctx:count("2", "Troop")"#.to_string(),
            "bad argument #1 to 'ctx:count' (an integer expected, got string)",
        ),
        (
            "ctx:count(nil, \"Troop\")".to_string(),
            "bad argument #1 to 'ctx:count' (an integer expected, got nil)",
        ),
        (
            "ctx:count(2)".to_string(),
            "bad argument #2 to 'ctx:count' (the singular word expected, got nil)",
        ),
        (
            r#"ctx:count(2, "Troop", 3)"#.to_string(),
            "bad argument #3 to 'ctx:count' (the plural word expected, got integer)",
        ),
        (
            format!("ctx:count(2, \"{long}\")"),
            "bad argument #2 to 'ctx:count' (the singular word expected, got a string of 1025 \
             bytes (at most 1024))",
        ),
    ];
    for (body, expected) in cases {
        let err = run(&card(&body), 1, EventSide::Unshaded, &[]).unwrap_err();
        assert!(err.message.contains(expected), "{body}: {}", err.message);
        assert_eq!(err.line, Some(5), "{body}");
    }
}

#[test]
fn a_shipped_card_logs_one_piece_in_the_singular() {
    // Card 3, shaded, on the setup: DS places 1 Governor and 1 Troop in Gujarat and gains
    // 1 cavalry token from the pool.
    let run = run(&CardHost::standard(), 3, EventSide::Shaded, &[]).unwrap();
    assert_eq!(
        run.log,
        ["DS places 1 Governor and 1 Troop in Gujarat and gains 1 cavalry token"]
    );
}

/// The count words of `line` that disagree with their number: "1 Troops", "2 Troop",
/// "2 cavalry" (the core's word is "cavalry token"). A number is followed by its noun, after
/// at most a faction, a state or "cavalry".
fn wrong_counts(line: &str) -> Vec<String> {
    const NOUNS: [&str; 13] = [
        "Troop", "Governor", "Qasbah", "Amir", "Fort", "Raja", "Temple", "Mongol", "Resource",
        "piece", "unit", "Province", "token",
    ];
    const BEFORE: [&str; 7] = ["DS", "BK", "VN", "MI", "Rebelling", "Obedient", "cavalry"];
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || ",;:()".contains(c))
        .filter(|w| !w.is_empty())
        .collect();
    let mut wrong = Vec::new();
    for (i, word) in words.iter().enumerate() {
        let Ok(n) = word.parse::<i64>() else { continue };
        let mut j = i + 1;
        let mut cavalry = false;
        while j < words.len() && BEFORE.contains(&words[j]) {
            cavalry |= words[j] == "cavalry";
            j += 1;
        }
        let Some(&noun) = words.get(j) else {
            if cavalry {
                wrong.push(words[i..].join(" "));
            }
            continue;
        };
        let singular = NOUNS.contains(&noun);
        let plural = noun
            .strip_suffix('s')
            .is_some_and(|one| NOUNS.contains(&one));
        let shown = words[i..=j].join(" ");
        if (singular && n != 1) || (plural && n == 1) || (cavalry && !singular && !plural) {
            wrong.push(shown);
        }
    }
    wrong
}

#[test]
fn the_checker_sees_wrong_plurals() {
    assert_eq!(wrong_counts("1 DS units removed"), ["1 DS units"]);
    assert_eq!(wrong_counts("VN places 2 Raja in Andhra"), ["2 Raja"]);
    assert_eq!(wrong_counts("BK gains 2 cavalry"), ["2 cavalry"]);
    assert_eq!(wrong_counts("gives 1 cavalry to BK"), ["1 cavalry to"]);
    assert!(wrong_counts("DS places 1 Troop and 0 Rebelling Amirs; 1 cavalry token").is_empty());
}

#[test]
fn every_shipped_card_side_logs_its_counts_in_the_right_number() {
    // Each side of cards 1–36, by each faction, on three setups, answering each question with
    // its first or its last option until the side finishes.
    let host = CardHost::standard();
    let mut lines = 0;
    for seed in 1..=3 {
        for card in 1..=36 {
            for side in [EventSide::Unshaded, EventSide::Shaded] {
                for executor in Player::ALL {
                    for last in [false, true] {
                        let mut choices = Vec::new();
                        let log = loop {
                            let run = EventRun {
                                card,
                                side,
                                executor,
                                choices: choices.clone(),
                            };
                            let result = host
                                .run_logged(&mut State::new(seed), &run)
                                .unwrap_or_else(|e| panic!("card {card} {side:?}: {e:?}"));
                            match result.progress {
                                EventProgress::Choice {
                                    choices: offered, ..
                                } => {
                                    let pick = if last {
                                        offered.last()
                                    } else {
                                        offered.first()
                                    };
                                    choices.push(*pick.unwrap());
                                    assert!(choices.len() < 64, "card {card} {side:?}");
                                }
                                _ => break result.log,
                            }
                        };
                        for line in &log {
                            lines += 1;
                            let wrong = wrong_counts(line);
                            assert!(
                                wrong.is_empty(),
                                "card {card} {side:?}: {line:?}: {wrong:?}"
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(lines > 400, "{lines} lines checked");
}
