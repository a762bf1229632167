//! Pax Pamir's own extras: `PaxPamirGame` (the cards' words, PP-3) and `PaxPamirState` (the
//! market, courts, hands, map, scores and the end of the game, PP-13).
//!
//! Every query is one of the core's public queries of `darbar::pax_pamir::State`, converted:
//! no rule is worked out here. Regions, borders, coalitions and suits are named by their codes,
//! the words of the action texts (`"kabul"`, `"herat-kabul"`, `"afghan"`, `"military"`);
//! market slots as in `buy top-3`; seats by number or name (`"P1"`, or `"Wakhan"` for the
//! automated opponent's seat in a game with her, WK-10); cards by number.

use darbar::engine::{DynState, Play};
use darbar::pax_pamir::{
    self as pp, AiCard, Border, CardData, CardId, Coalition, EndReason, Label, Line, PaxPamir,
    RedArrow, Region, Slot, Suit,
};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::Value;

use crate::card::Card;
use crate::game::Game;
use crate::state::State;

/// The game's name in the registry.
pub(crate) const NAME: &str = "pax_pamir";

/// The name of an ending, as `PaxPamirState.ending()` returns it: `"lead"` (a lead of 4 VP
/// after a Dominance Check, PP-13.8) or `"final_check"` (the final Dominance Check, PP-13.9).
fn ending_name(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Lead => "lead",
        EndReason::FinalCheck => "final_check",
    }
}

/// What `play_games` adds for one Pax Pamir game: `winners` (several for a shared win,
/// PP-OQ-29), `victory_points` by seat, `ending` (as `PaxPamirState.ending()`) and `turns`
/// (the turns begun).
pub(crate) fn game_extras(state: &dyn DynState) -> Vec<(&'static str, Value)> {
    let Some(play) = state.as_any().downcast_ref::<Play<PaxPamir>>() else {
        return Vec::new();
    };
    let position = play.state();
    let outcome = position.outcome();
    let winners: Vec<usize> = outcome.map(|o| o.winners().collect()).unwrap_or_default();
    vec![
        ("winners", winners.into()),
        ("victory_points", victory_points(position).into()),
        ("ending", outcome.map(|o| ending_name(o.reason)).into()),
        ("turns", position.turns().into()),
    ]
}

/// Victory points by seat (PP-1.2).
fn victory_points(state: &pp::State) -> Vec<u16> {
    (0..state.players())
        .map(|seat| state.player(seat).map_or(0, |p| p.vp))
        .collect()
}

/// Pax Pamir (2nd edition, Wehrlegig Games) with its rule options: makes `PaxPamirState`s.
/// Seats are 0 to `num_players() - 1`, named `"P1"` onwards; with the `wakhan` option seat 0
/// is the automated opponent's, named `"Wakhan"` (WK-10).
#[pyclass(module = "darbar", name = "PaxPamirGame", extends = Game, frozen)]
pub(crate) struct PaxPamirGame;

#[pymethods]
impl PaxPamirGame {
    /// Card `number` in words, from the card data the game plays (PP-3): a court card's region,
    /// suit, rank, icons, actions, patriot, prize and ability (sides `"card"` and `"ability"`),
    /// an event's two halves (sides `"discarded"` and `"purchased"`). `None` for a number that
    /// is no card (they run from 1 to 116).
    fn card(slf: &Bound<'_, Self>, number: i64) -> Option<Card> {
        let number = u32::try_from(number).ok()?;
        slf.as_super()
            .get()
            .loaded
            .rules
            .card(number)
            .map(Card::new)
    }
}

/// A position of Pax Pamir, with the table's queries.
///
/// A state is the whole position, every hand included (`hand(seat)`, `str(state)`): what one
/// seat may see, the other hands hidden (PP-0.4) unless the game has `open_hands`, is
/// `view(seat)`. Regions, borders, coalitions and suits are named by their codes, as in the
/// action texts (`"kabul"`, `"herat-kabul"`, `"afghan"`, `"military"`); the view spells the
/// same names capitalised (`"Kabul"`). Seats are numbers or names (`"P1"`; `"Wakhan"` for seat
/// 0 in a game with her, WK-10); a seat not at the table raises `ValueError`.
///
/// In a game with Wakhan her queries read what the table sees of her (WK-1): `wakhan_seat()`,
/// `current_ai_card()`, `next_ai_back()` (only the back of her next AI card), `arrows()`,
/// `pragmatic_loyalty()`, `wakhan_influence()`, `ai_deck_size()` and `ai_discard_pile()`;
/// none names the order of her AI deck.
#[pyclass(module = "darbar", name = "PaxPamirState", extends = State)]
pub(crate) struct PaxPamirState;

/// The typed game in play behind a Python state.
fn play<'a>(slf: &'a PyRef<'_, PaxPamirState>) -> PyResult<&'a Play<PaxPamir>> {
    super::typed::<PaxPamir>(slf.as_super())
}

/// The typed position and the card data it is played with.
fn position<'a>(slf: &'a PyRef<'_, PaxPamirState>) -> PyResult<(&'a pp::State, &'a CardData)> {
    play(slf).map(|play| (play.state(), play.rules().cards()))
}

/// A seat given as Python gives it, checked against the table.
fn seat(slf: &PyRef<'_, PaxPamirState>, seat: &Bound<'_, PyAny>) -> PyResult<usize> {
    crate::action::seat(slf.as_super().inner.game(), seat)
}

/// A seat's holdings; the seat has been checked against the table.
fn holdings(state: &pp::State, seat: usize) -> PyResult<&pp::Player> {
    state
        .player(seat)
        .ok_or_else(|| pyo3::exceptions::PyValueError::new_err(format!("no seat {seat}")))
}

/// A card's name as printed, from the card data.
fn card_title(cards: &CardData, card: CardId) -> Option<String> {
    cards
        .court(card)
        .map(|c| c.name.clone())
        .or_else(|| cards.event(card).map(|e| e.name.clone()))
}

/// Card numbers, as a list (a `Vec<u8>` would reach Python as `bytes`).
fn numbers(cards: impl IntoIterator<Item = CardId>) -> Vec<u32> {
    cards.into_iter().map(|c| u32::from(c.0)).collect()
}

/// A dict of counts by coalition code, in coalition order.
fn by_coalition<'py>(
    py: Python<'py>,
    count: impl Fn(Coalition) -> u8,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for coalition in Coalition::ALL {
        dict.set_item(coalition.code(), count(coalition))?;
    }
    Ok(dict)
}

#[pymethods]
impl PaxPamirState {
    /// One informative line: `<darbar.PaxPamirState seed=7 turn 3 | P2 to decide: take an
    /// action, or end the action step | VP P1 0 P2 1 P3 0>`.
    fn __repr__(slf: PyRef<'_, Self>) -> PyResult<String> {
        let play = play(&slf)?;
        let state = play.state();
        let status = match (play.decision(), state.outcome()) {
            (Some(decision), _) => format!(
                "{} to decide: {}",
                state.name_of(decision.player as u8),
                decision.kind
            ),
            (None, Some(outcome)) => {
                let winners: Vec<String> =
                    outcome.winners().map(|s| state.name_of(s as u8)).collect();
                format!(
                    "game over, won by {} ({})",
                    winners.join(" and "),
                    ending_name(outcome.reason)
                )
            }
            (None, None) => "game over".to_owned(),
        };
        let vp: Vec<String> = victory_points(state)
            .iter()
            .enumerate()
            .map(|(seat, vp)| format!("{} {vp}", state.name_of(seat as u8)))
            .collect();
        Ok(format!(
            "<darbar.PaxPamirState seed={} turn {} | {status} | VP {}>",
            state.seed(),
            state.turns(),
            vp.join(" ")
        ))
    }

    /// What is being decided now, by its short name (`"Loyalty"`, PP-4.6; `"Action"`, PP-6.2;
    /// `"Bribe"`, PP-7.2.3; `"Tax"`, `"Move"`, `"Battle"`, ...; `"CourtLimit"`, PP-12.1), or
    /// `"GameOver"`. The question in words is `view(seat)["deciding"]`.
    fn phase(slf: PyRef<'_, Self>) -> PyResult<String> {
        Ok(match play(&slf)?.decision() {
            Some(decision) => format!("{:?}", decision.kind),
            None => "GameOver".to_owned(),
        })
    }

    /// The market (PP-0.5), one dict per slot in the order the market fills (PP-4.4: `top-0`,
    /// `bottom-0`, `top-1`, ...): `slot`, `card` (its number, or `None` for an empty slot),
    /// `name` (the card's name), `rupees` (on the slot) and `cost` (what the seat whose turn
    /// it is would pay for the card, PP-7.1.2; `None` for an empty slot).
    fn market<'py>(slf: PyRef<'py, Self>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let py = slf.py();
        let (state, cards) = position(&slf)?;
        Slot::all()
            .map(|slot| {
                let card = state.market_card(slot);
                let dict = PyDict::new(py);
                dict.set_item("slot", slot.to_string())?;
                dict.set_item("card", card.map(|c| c.0))?;
                dict.set_item("name", card.and_then(|c| card_title(cards, c)))?;
                dict.set_item("rupees", state.market_rupees(slot))?;
                dict.set_item(
                    "cost",
                    card.map(|_| state.cost(cards, state.active(), slot)),
                )?;
                Ok(dict)
            })
            .collect()
    }

    /// A seat's court, left to right (PP-7.2.4), by card number.
    fn court(slf: PyRef<'_, Self>, seat: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let seat = self::seat(&slf, seat)?;
        let (state, _) = position(&slf)?;
        Ok(numbers(
            holdings(state, seat)?.court.as_slice().iter().copied(),
        ))
    }

    /// A seat's hand, by card number in number order. This is the whole position's knowledge:
    /// the other seats do not see it (PP-0.4); what a seat may see is `view(seat)`.
    fn hand(slf: PyRef<'_, Self>, seat: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let seat = self::seat(&slf, seat)?;
        let (state, _) = position(&slf)?;
        Ok(numbers(holdings(state, seat)?.hand.iter()))
    }

    /// A seat's prizes, kept with its loyalty dial (PP-3.8), by card number.
    fn prizes(slf: PyRef<'_, Self>, seat: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let seat = self::seat(&slf, seat)?;
        let (state, _) = position(&slf)?;
        Ok(numbers(holdings(state, seat)?.prizes.iter()))
    }

    /// The map by region, in map order (PP-2.1): `{"persia": {"tribes": [by seat],
    /// "armies": {"afghan": 0, "british": 0, "russian": 0}, "ruler": seat or None}, ...}`.
    fn regions<'py>(slf: PyRef<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        let (state, _) = position(&slf)?;
        let regions = PyDict::new(py);
        for region in Region::ALL {
            let dict = PyDict::new(py);
            let tribes: Vec<u32> = (0..state.players())
                .map(|s| u32::from(state.tribes(s, region)))
                .collect();
            dict.set_item("tribes", tribes)?;
            dict.set_item("armies", by_coalition(py, |k| state.armies(k, region))?)?;
            dict.set_item("ruler", state.ruler(region))?;
            regions.set_item(region.code(), dict)?;
        }
        Ok(regions)
    }

    /// Who rules each region (PP-10.2): `{"persia": seat or None, ...}`, in map order.
    fn rulers<'py>(slf: PyRef<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        let (state, _) = position(&slf)?;
        let rulers = PyDict::new(py);
        for region in Region::ALL {
            rulers.set_item(region.code(), state.ruler(region))?;
        }
        Ok(rulers)
    }

    /// The roads on each border (PP-2.2), in border order: `{"persia-transcaspia":
    /// {"afghan": 0, "british": 0, "russian": 0}, ...}`.
    fn roads<'py>(slf: PyRef<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        let (state, _) = position(&slf)?;
        let roads = PyDict::new(py);
        for border in Border::ALL {
            roads.set_item(border.code(), by_coalition(py, |k| state.roads(k, border))?)?;
        }
        Ok(roads)
    }

    /// The favored suit (PP-4.2): `"political"`, `"intelligence"`, `"economic"` or
    /// `"military"`.
    fn favored_suit(slf: PyRef<'_, Self>) -> PyResult<&'static str> {
        Ok(position(&slf)?.0.favored_suit().code())
    }

    /// Victory points by seat (PP-1.2), final once the game is over.
    fn vp(slf: PyRef<'_, Self>) -> PyResult<Vec<u16>> {
        Ok(victory_points(position(&slf)?.0))
    }

    /// What decides the winner, by seat (PP-13.9): `{"vp": ..., "military_stars": ...,
    /// "rupees": ...}`, compared in that order; a tie on all three is a shared win (PP-OQ-29).
    fn scores<'py>(slf: PyRef<'py, Self>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let py = slf.py();
        let (state, cards) = position(&slf)?;
        (0..state.players())
            .map(|seat| {
                let player = holdings(state, seat)?;
                let dict = PyDict::new(py);
                dict.set_item("vp", player.vp)?;
                dict.set_item("military_stars", state.stars(cards, seat, Suit::Military))?;
                dict.set_item("rupees", player.rupees)?;
                Ok(dict)
            })
            .collect()
    }

    /// A seat's influence (PP-9.2): 1, plus its patriots, prizes and gifts. Wakhan, loyal to
    /// all, has an influence in each coalition instead: `wakhan_influence()` (WK-11.5).
    fn influence(slf: PyRef<'_, Self>, seat: &Bound<'_, PyAny>) -> PyResult<u16> {
        let seat = self::seat(&slf, seat)?;
        let (state, cards) = position(&slf)?;
        Ok(state.influence(cards, seat))
    }

    /// The rupees a seat holds.
    fn rupees(slf: PyRef<'_, Self>, seat: &Bound<'_, PyAny>) -> PyResult<i16> {
        let seat = self::seat(&slf, seat)?;
        Ok(holdings(position(&slf)?.0, seat)?.rupees)
    }

    /// The coalition a seat is loyal to (`"afghan"`, `"british"` or `"russian"`), or `None`
    /// before it has chosen (PP-4.6). Wakhan's is always `None`: she is loyal to all
    /// (WK-11.5); the coalition of her blocks is `pragmatic_loyalty()` (WK-1.4).
    fn loyalty(slf: PyRef<'_, Self>, seat: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
        let seat = self::seat(&slf, seat)?;
        Ok(holdings(position(&slf)?.0, seat)?
            .loyalty
            .map(Coalition::code))
    }

    /// The stars of each suit in a seat's court (PP-3.3), in suit order:
    /// `{"political": 0, "intelligence": 0, "economic": 0, "military": 0}`.
    fn stars<'py>(slf: PyRef<'py, Self>, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        let seat = self::seat(&slf, seat)?;
        let (state, cards) = position(&slf)?;
        let stars = PyDict::new(py);
        for suit in Suit::ALL {
            stars.set_item(suit.code(), state.stars(cards, seat, suit))?;
        }
        Ok(stars)
    }

    /// The coalition that would be dominant in a Dominance Check now (PP-13.2), or `None`.
    fn dominant_coalition(slf: PyRef<'_, Self>) -> PyResult<Option<&'static str>> {
        let (state, cards) = position(&slf)?;
        Ok(state.dominant_coalition(cards).map(Coalition::code))
    }

    /// Cards left in the deck.
    fn deck_size(slf: PyRef<'_, Self>) -> PyResult<usize> {
        Ok(position(&slf)?.0.deck_len())
    }

    /// The discard pile, by card number.
    fn discard_pile(slf: PyRef<'_, Self>) -> PyResult<Vec<u32>> {
        Ok(numbers(position(&slf)?.0.discard_pile().iter()))
    }

    /// The winning seats once the game is over (several for a shared win, PP-OQ-29), in seat
    /// order; empty while it goes on.
    fn winners(slf: PyRef<'_, Self>) -> PyResult<Vec<usize>> {
        let outcome = position(&slf)?.0.outcome();
        Ok(outcome.map(|o| o.winners().collect()).unwrap_or_default())
    }

    /// How the game ended: `"lead"` (a player led every other by 4 VP or more after a
    /// Dominance Check, PP-13.8) or `"final_check"` (the final Dominance Check, PP-13.9);
    /// `None` while it goes on.
    fn ending(slf: PyRef<'_, Self>) -> PyResult<Option<&'static str>> {
        Ok(position(&slf)?.0.outcome().map(|o| ending_name(o.reason)))
    }

    /// The seat whose turn it is (PP-6); during a bribe negotiation another seat may be the
    /// one deciding (`current_player()`).
    fn active_player(slf: PyRef<'_, Self>) -> PyResult<usize> {
        Ok(position(&slf)?.0.active())
    }

    /// Actions left this turn (PP-6.2).
    fn actions_left(slf: PyRef<'_, Self>) -> PyResult<u8> {
        Ok(position(&slf)?.0.actions_left())
    }

    /// Turns begun so far.
    fn turns(slf: PyRef<'_, Self>) -> PyResult<u32> {
        Ok(position(&slf)?.0.turns())
    }

    /// Wakhan's seat (0: she takes the first turn, WK-10), or `None` in a game without her.
    /// The rules answer every decision of her seat: `current_player()` never names it.
    fn wakhan_seat(slf: PyRef<'_, Self>) -> PyResult<Option<usize>> {
        Ok(position(&slf)?.0.wakhan_seat())
    }

    /// Wakhan's current AI card (WK-1.2), face up, once she has drawn one: `{"number": 7,
    /// "actions": ["build", "move", "radicalize"], "words": [...], "pragmatic_loyalty":
    /// ["afghan", ...], "region_order": ["punjab", ...], "red_arrow": "upper" or "lower",
    /// "black_arrow": 0-5}` (`actions` top to bottom by their codes in the AI-card data,
    /// `words` the same in words; the orders left to right, WK-1.4, WK-1.5). `None` in a game
    /// without her or before her first turn.
    fn current_ai_card<'py>(slf: PyRef<'py, Self>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let py = slf.py();
        let (state, cards) = position(&slf)?;
        state
            .current_ai_card(cards)
            .map(|card| ai_card_front(py, card))
            .transpose()
    }

    /// The back of Wakhan's next AI card (WK-1.2), all the table sees of it: `{"labels":
    /// ["T", "B"], "numbers": [2, 3, 4, 5, 0, 1]}` (the labels upper first, the numbers top to
    /// bottom). Never its number nor the AI deck's order. `None` in a game without her.
    fn next_ai_back<'py>(slf: PyRef<'py, Self>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let py = slf.py();
        let (state, cards) = position(&slf)?;
        let Some(next) = state.next_ai_back(cards) else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item("labels", next.labels.map(label_code).to_vec())?;
        dict.set_item("numbers", next.numbers.map(u32::from).to_vec())?;
        Ok(Some(dict))
    }

    /// What the current AI card's arrows read on the next card's back (WK-1.3): `{"label":
    /// "T" or "B", "row": "top" or "bottom" (the market row of her Radicalize, WK-4.2),
    /// "column": 0-5, "side": "left" or "right" (the end of her court she plays to, WK-4.3)}`.
    /// `None` in a game without her or before her first turn.
    fn arrows<'py>(slf: PyRef<'py, Self>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let py = slf.py();
        let (state, cards) = position(&slf)?;
        let Some(arrows) = state.arrows(cards) else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item("label", label_code(arrows.label))?;
        dict.set_item("row", arrows.label.row().code())?;
        dict.set_item("column", arrows.column)?;
        dict.set_item("side", arrows.label.side().code())?;
        Ok(Some(dict))
    }

    /// Wakhan's pragmatic loyalty now (WK-1.4): the coalition of the blocks she places, moves
    /// and battles with, by its code; `None` in a game without her.
    fn pragmatic_loyalty(slf: PyRef<'_, Self>) -> PyResult<Option<&'static str>> {
        let (state, cards) = position(&slf)?;
        Ok(state
            .wakhan_seat()
            .map(|_| state.pragmatic_loyalty(cards).code()))
    }

    /// Wakhan's influence in each coalition (WK-11.5), in coalition order: `{"afghan": 1,
    /// "british": 2, "russian": 1}`; `None` in a game without her.
    fn wakhan_influence<'py>(slf: PyRef<'py, Self>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let py = slf.py();
        let (state, cards) = position(&slf)?;
        if state.wakhan_seat().is_none() {
            return Ok(None);
        }
        let dict = PyDict::new(py);
        for coalition in Coalition::ALL {
            dict.set_item(coalition.code(), state.wakhan_influence(cards, coalition))?;
        }
        Ok(Some(dict))
    }

    /// Cards in Wakhan's face-down AI deck (WK-1.2), or `None` in a game without her.
    fn ai_deck_size(slf: PyRef<'_, Self>) -> PyResult<Option<usize>> {
        Ok(position(&slf)?.0.ai_deck().map(|deck| deck.cards().len()))
    }

    /// Wakhan's face-up AI discard pile, the current card among them, by AI-card number in
    /// number order (WK-1.2); `None` in a game without her.
    fn ai_discard_pile(slf: PyRef<'_, Self>) -> PyResult<Option<Vec<u32>>> {
        Ok(position(&slf)?
            .0
            .ai_deck()
            .map(|deck| deck.discard_pile().into_iter().map(u32::from).collect()))
    }
}

/// A label of an AI card's back as printed (WK-1.1): `"T"` or `"B"`.
fn label_code(label: Label) -> &'static str {
    match label {
        Label::T => "T",
        Label::B => "B",
    }
}

/// An action line's code, as the AI-card data writes it (`"tax"`,
/// `"radicalize_political"`, WK-12).
fn line_code(line: Line) -> String {
    match serde_json::to_value(line) {
        Ok(Value::String(code)) => code,
        _ => format!("{line:?}"),
    }
}

/// The front of an AI card as a dict (`PaxPamirState.current_ai_card`).
fn ai_card_front<'py>(py: Python<'py>, card: &AiCard) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("number", card.number)?;
    dict.set_item(
        "actions",
        card.actions
            .iter()
            .map(|&l| line_code(l))
            .collect::<Vec<_>>(),
    )?;
    dict.set_item(
        "words",
        card.actions.iter().map(|l| l.words()).collect::<Vec<_>>(),
    )?;
    dict.set_item(
        "pragmatic_loyalty",
        card.pragmatic_loyalty.map(Coalition::code).to_vec(),
    )?;
    dict.set_item("region_order", card.region_order.map(Region::code).to_vec())?;
    dict.set_item(
        "red_arrow",
        match card.red_arrow {
            RedArrow::Upper => "upper",
            RedArrow::Lower => "lower",
        },
    )?;
    dict.set_item("black_arrow", card.black_arrow)?;
    Ok(dict)
}
