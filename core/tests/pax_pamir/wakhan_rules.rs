//! Wakhan's rules, a test per section (WK-0 to WK-12): `wk_<section>_…`. Each builds a
//! position with the scenario builder, lets the rules play her turn (the person before her
//! ends the action step), and checks what she did and that the log cites the rule.
//!
//! The card facts a test relies on are read from the data files and checked at the start of
//! the test, so a test says why it uses the cards it uses.

mod actions;
mod general;
mod icons;
mod lines;
mod priorities;
mod radicalize;
mod turn;

use darbar::pax_pamir::{AiCard, CardAction, CardData, CourtCard, Icon, Line};

use crate::scenario::{Scenario, Table, card};

/// The shipped card data.
pub fn cards() -> &'static CardData {
    CardData::standard()
}

/// AI card `n`, read from the data file.
pub fn ai(n: u8) -> &'static AiCard {
    cards().ai_cards().card(n).expect("an AI card 1-24")
}

/// Court card `n`, read from the data file.
pub fn court_card(n: u8) -> &'static CourtCard {
    cards().court(card(n)).expect("a court card")
}

/// Asserts AI card `n`'s three lines, top to bottom: the facts a test's choice of card rests on.
#[track_caller]
pub fn lines_of(n: u8, lines: [Line; 3]) {
    assert_eq!(ai(n).actions, lines, "the lines of AI card {n}");
}

/// Whether court card `n` shows `action`.
pub fn shows(n: u8, action: CardAction) -> bool {
    court_card(n).actions.contains(&action)
}

/// How many impact icons of these kinds court card `n` shows.
pub fn icons(n: u8, kinds: &[Icon]) -> usize {
    court_card(n)
        .impact_icons
        .iter()
        .filter(|i| kinds.contains(i))
        .count()
}

/// The position with the rules; the last seat ends its action step, so Wakhan plays her turn.
#[track_caller]
pub fn her_turn(scenario: Scenario) -> Table {
    let mut table = scenario.table();
    table.act("end");
    table
}

/// The whole log, for failure messages.
pub fn log(table: &Table) -> String {
    table.log.join("\n")
}

/// The cards Wakhan bought, in order, from the log's purchase lines.
pub fn bought(table: &Table) -> Vec<u8> {
    table
        .log
        .iter()
        .filter_map(|line| line.strip_prefix("Wakhan buys #"))
        .filter_map(|rest| {
            rest.split(|c: char| !c.is_ascii_digit())
                .next()
                .and_then(|n| n.parse().ok())
        })
        .collect()
}

/// Whether the line at `place` ("top", "middle", "bottom") was skipped at least once.
pub fn skipped(table: &Table, place: &str) -> bool {
    let start = format!("Wakhan's {place} line, ");
    table
        .log
        .iter()
        .any(|l| l.starts_with(&start) && l.contains("cannot be done now: skipped (WK-2.2)"))
}

/// Whether the line at `place` was carried out at least once.
pub fn done(table: &Table, place: &str) -> bool {
    let start = format!("Wakhan's {place} line: ");
    table.log.iter().any(|l| l.starts_with(&start))
}

/// The index of the first log line that contains every one of `parts`.
#[track_caller]
pub fn line_with(table: &Table, parts: &[&str]) -> usize {
    table
        .log
        .iter()
        .position(|l| parts.iter().all(|p| l.contains(p)))
        .unwrap_or_else(|| panic!("no log line with {parts:?} in\n{}", log(table)))
}

/// Whether some log line contains every one of `parts`.
pub fn has_line(table: &Table, parts: &[&str]) -> bool {
    table
        .log
        .iter()
        .any(|l| parts.iter().all(|p| l.contains(p)))
}

/// What the arrows of AI card `current` read on the back of `next` (WK-1.3), from the data:
/// the label and the column.
pub fn reading(current: u8, next: u8) -> (darbar::pax_pamir::Label, u8) {
    let (c, n) = (ai(current), ai(next));
    let label = n.back_labels[match c.red_arrow {
        darbar::pax_pamir::RedArrow::Upper => 0,
        darbar::pax_pamir::RedArrow::Lower => 1,
    }];
    (label, n.back_numbers[usize::from(c.black_arrow)])
}
