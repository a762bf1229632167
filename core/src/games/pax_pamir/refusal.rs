//! The most specific reason an action is refused: for the action step, the condition of
//! PP-7.1.1, PP-7.2.1 or PP-8.1.1 it breaks; for other decisions, that it does not answer
//! them, or which of their rules it breaks.

use super::action::Action;
use super::error::Error;
use super::frame::DecisionKind;
use super::state::is_public_withdrawal;
use super::{CardData, State};
use crate::engine::Rule;

/// Why `action` is not legal in `state`.
pub(crate) fn refusal(state: &State, cards: &CardData, action: Action) -> Error {
    let Some(pending) = state.pending(cards) else {
        return Error::GameOver;
    };
    let text = action.to_string();
    let p = state.active();
    let not_legal = |why: &str, rule: &'static str| Error::NotLegal {
        action: text.clone(),
        why: why.to_owned(),
        rule: Rule(rule),
    };
    match (pending.kind, action) {
        (DecisionKind::Action, Action::Purchase(slot)) => {
            let Some(card) = state.market_card(slot) else {
                return Error::EmptySlot(slot);
            };
            if state.turn.actions_left == 0 {
                Error::NoActionsLeft
            } else if is_public_withdrawal(cards, card) {
                Error::PublicWithdrawal
            } else if state.turn.paid.contains(card) {
                Error::PaidThisTurn(card)
            } else {
                Error::CannotAfford {
                    cost: i16::from(state.cost(cards, p, slot)),
                    rupees: state.players[p].rupees,
                    rule: Rule("PP-7.1.1"),
                }
            }
        }
        (DecisionKind::Action, Action::Play(card, side)) => {
            if !state.players[p].hand.contains(card) {
                Error::NotInHand(card)
            } else if state.turn.actions_left == 0 {
                Error::NoActionsLeft
            } else if state.players[p].court.is_empty() && side == super::Side::Right {
                not_legal(
                    "with an empty court a card is played to the left",
                    "PP-7.2.4",
                )
            } else if state.turn.closed_play.contains(card) {
                not_legal("its bribe was withdrawn twice this turn", "PP-OQ-10")
            } else {
                not_legal("the bribe it needs cannot be paid", "PP-7.2.3")
            }
        }
        (DecisionKind::Action, Action::Use(card, kind)) => {
            let Some(facts) = cards.court(card) else {
                return Error::NotInCourt(card);
            };
            if !state.players[p].court.contains(card) {
                Error::NotInCourt(card)
            } else if !facts.actions.contains(&kind) {
                Error::NoSuchAction { card, action: kind }
            } else if state.turn.used.contains(card) {
                Error::CardUsed(card)
            } else if state.turn.actions_left == 0 && !state.is_favored(cards, p, card) {
                Error::NoActionsLeft
            } else if state
                .minimum_cost(p, kind)
                .is_none_or(|m| i16::from(m) > state.players[p].rupees)
            {
                match state.minimum_cost(p, kind) {
                    None => not_legal("every gift slot is taken", "PP-8.4"),
                    Some(m) => Error::CannotAfford {
                        cost: i16::from(m),
                        rupees: state.players[p].rupees,
                        rule: Rule("PP-8.1.1"),
                    },
                }
            } else if !state.can_use(cards, p, card, kind) {
                Error::NoEffect { card, action: kind }
            } else if state.turn.closed_hostage[kind.index()].contains(card) {
                not_legal(
                    "its hostage bribe for this action was withdrawn twice this turn",
                    "PP-OQ-10",
                )
            } else {
                not_legal("the hostage bribe it needs cannot be paid", "PP-8.2")
            }
        }
        (kind, action) if answers(kind, action) => not_legal(
            &format!("it is not among the choices of the decision to {kind}"),
            kind.rule().0,
        ),
        (kind, _) => Error::WrongDecision { action: text, kind },
    }
}

/// Whether `action` is of a kind that answers decisions of `kind`.
fn answers(kind: DecisionKind, action: Action) -> bool {
    use Action as A;
    use DecisionKind as K;
    match kind {
        K::Loyalty => matches!(action, A::Loyalty(_)),
        K::Blackmail => matches!(action, A::SpyOn(_) | A::Skip),
        K::Action => matches!(
            action,
            A::Purchase(_) | A::Play(..) | A::Use(..) | A::EndActions
        ),
        K::Bribe => matches!(
            action,
            A::Pay | A::Ask(_) | A::Decline | A::Withdraw | A::Grant | A::Counter(_)
        ),
        K::RoadBorder => matches!(action, A::Road(_)),
        K::SpyTarget => matches!(action, A::SpyOn(_)),
        K::Fallback => matches!(action, A::Take(_)),
        K::Tax => matches!(action, A::TaxMarket(_) | A::TaxPlayer(_) | A::Stop),
        K::Gift => matches!(action, A::GiftOn(_)),
        K::BuildCount => matches!(action, A::Blocks(_)),
        K::BuildBlock => matches!(action, A::Army(_) | A::Road(_)),
        K::Infrastructure => matches!(action, A::Army(_) | A::Road(_) | A::Skip),
        K::Move => matches!(
            action,
            A::MoveArmy(..) | A::MoveTribe(..) | A::SpyFrom(_) | A::SpyTo(_) | A::Stop
        ),
        K::Betray => matches!(action, A::Betray(_)),
        K::Prize => matches!(action, A::TakePrize | A::RefusePrize),
        K::BattleSite => matches!(action, A::BattleIn(_) | A::BattleOn(_)),
        K::Battle => matches!(
            action,
            A::RemoveTribe(_) | A::RemoveArmy(_) | A::RemoveRoad(..) | A::RemoveSpy(_) | A::Stop
        ),
        K::SafeHouse => matches!(action, A::SafeHouse(_) | A::ReturnSpy),
        K::Leverage | K::DiscardOrder | K::CourtLimit | K::HandLimit | K::ConfidenceFailure => {
            matches!(action, A::Discard(_))
        }
        K::Rumor | K::Persuade => matches!(action, A::Player(_)),
        K::Pashtunwali => matches!(action, A::Suit(_)),
        K::Rebuke => matches!(action, A::Rebuke(_)),
    }
}
