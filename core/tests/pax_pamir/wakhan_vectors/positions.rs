//! Small helpers for the vectors: markets that hold exactly what a vector names, and the log
//! lines that show which rule Wakhan followed.

use crate::scenario::{Scenario, Table};

/// The market holds exactly these cards, row by row from column 0 (`None` leaves a slot
/// empty), with no rupees on them; every other slot is empty.
pub fn rows(mut s: Scenario, top: &[Option<u8>], bottom: &[Option<u8>]) -> Scenario {
    for (row, cards) in [("top", top), ("bottom", bottom)] {
        for (col, &card) in cards.iter().enumerate() {
            s = s.market(&format!("{row}-{col}"), card, 0);
        }
    }
    s.exact_market()
}

/// [`rows`] with an empty deck: nothing refills the market, so the cards the vector names are
/// the only ones she can buy. (The person's cleanup before her turn still slides each row to
/// the left, PP-12.4.)
pub fn closed(s: Scenario, top: &[Option<u8>], bottom: &[Option<u8>]) -> Scenario {
    rows(s, top, bottom).deck(&[])
}

/// The whole log, for failure messages.
pub fn dump(t: &Table) -> String {
    t.log.join("\n")
}

/// The index of the first log line that contains every one of `parts`.
pub fn find(t: &Table, parts: &[&str]) -> Option<usize> {
    t.log
        .iter()
        .position(|line| parts.iter().all(|p| line.contains(p)))
}

/// The index of the first log line that contains every one of `parts`; fails with the log.
#[track_caller]
pub fn line(t: &Table, parts: &[&str]) -> usize {
    find(t, parts).unwrap_or_else(|| panic!("no log line with {parts:?} in:\n{}", dump(t)))
}

/// How many log lines contain every one of `parts`.
pub fn count(t: &Table, parts: &[&str]) -> usize {
    t.log
        .iter()
        .filter(|line| parts.iter().all(|p| line.contains(p)))
        .count()
}

/// The first log line of Wakhan's radicalizes (WK-4): which card and why.
#[track_caller]
pub fn first_radicalize(t: &Table) -> &str {
    &t.log[line(t, &["Wakhan radicalizes"])]
}
