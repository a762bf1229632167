//! The most specific reason an action is refused (only on the refusal path).

use crate::engine::{Cites, Rule};

use super::action::Action;
use super::content::Content;
use super::error::Error;
use super::frame::Frame;
use super::state::{MAX_NOTES, State};

/// Why `action` is not legal in `state`.
pub(crate) fn refusal(state: &State, c: &Content, action: Action) -> Error {
    let Some(pending) = state.pending(c) else {
        return Error::GameOver;
    };
    let kind = pending.kind;
    let me = &state.seats[usize::from(pending.seat)];
    let (rule, reason) = match (state.stack.last(), action) {
        (_, Action::EmergencyLoan) if me.is_automa() => (
            "TC-16.2",
            "an automa takes no emergency loan by choice".to_owned(),
        ),
        (_, Action::EmergencyLoan) if me.notes >= MAX_NOTES => {
            ("TI-9", "no emergency loan at 10 notes".to_owned())
        }
        (_, Action::EmergencyLoan) => (
            "TI-OQ-40",
            "no emergency loan during note repayment".to_owned(),
        ),
        (Some(Frame::Turn { .. }), Action::Act(k)) if me.taken & k.bit() != 0 => (
            "TI-8.1",
            format!("{k} was taken this phase; a regular or Tycoon token needs another action"),
        ),
        (Some(Frame::Turn { .. }), Action::Act(_)) if !me.has_first_token() => {
            ("TI-8.1", "no regular or Tycoon token is left".to_owned())
        }
        (Some(Frame::Turn { .. }), Action::ActPlus1(_)) if me.plus1 == 0 => {
            ("TI-13", "no +1 action token is held".to_owned())
        }
        (Some(Frame::Turn { .. }), Action::Act(k) | Action::ActPlus1(k)) => (
            "TC-17",
            format!("{k} has no legal choice now (money, cards, cities, spaces or shares)"),
        ),
        (Some(Frame::Bid { .. }), Action::Bid(f)) => {
            let high = state.standing.iter().flatten().max().copied();
            let lowest = high.map_or(state.opening, |h| h + 5);
            (
                "TI-7.4",
                format!(
                    "a bid of {} Cr must be at least {lowest} Cr and within what the seat can raise",
                    u32::from(f) * 5
                ),
            )
        }
        (Some(Frame::PolicyBid { .. }), Action::PolicyBid(b)) => (
            "TI-6.2",
            format!("a bid of {b} promoters is more than the personal supply holds"),
        ),
        (Some(Frame::StartInfluence { .. }), Action::Influence(n)) => {
            ("TI-3", format!("space {n} is not a free space of 1-4"))
        }
        (Some(Frame::Region), Action::Region(r)) => (
            "TI-5.1",
            format!("the pawn must move: {} is active", r.name()),
        ),
        _ => (
            kind.rule().0,
            format!(
                "it is not one of the {} answers ({})",
                pending.choices.len(),
                pending
                    .choices
                    .iter()
                    .take(8)
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ),
    };
    Error::Illegal {
        action,
        kind,
        rule: Rule(rule),
        reason,
    }
}
