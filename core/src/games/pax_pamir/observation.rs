//! The observation tensor: a flat vector of numbers built only from what one seat may see
//! (the same facts as its [`View`](super::View)), in named blocks.

use super::state::MAX_PLAYERS;
use super::{Border, CardData, CardId, Coalition, Region, Slot, State, Suit};

const CARDS: usize = CardId::MAX as usize;
const COURT: usize = CardId::MAX_COURT as usize;
const EVENTS: usize = CARDS - COURT;
/// Numbers per seat: loyalty 3, rupees, VP, influence, hand size, court 100, hand 100,
/// prizes 100, gifts 3, events 16.
const PER_PLAYER: usize = 3 + 4 + 3 * COURT + 3 + EVENTS;

/// Wakhan's numbers (WK-1.2, zero without her): her seat, the current AI card, the next
/// card's back (its upper label T, the number at its top), the arrows' row and column, her
/// pragmatic loyalty, her influence per coalition, and the AI deck's size.
const WAKHAN: usize = MAX_PLAYERS + 24 + 1 + 6 + 2 + 6 + 3 + 3 + 1;

/// The blocks of every observation, `(name, length)` in order.
const BLOCKS: [(&str, usize); 16] = [
    ("viewer", MAX_PLAYERS),
    ("deciding", MAX_PLAYERS),
    ("active", MAX_PLAYERS),
    ("favored_suit", 4),
    ("actions_left", 1),
    ("market_cards", Slot::COUNT * CARDS),
    ("market_rupees", Slot::COUNT),
    ("players", MAX_PLAYERS * PER_PLAYER),
    ("tribes", MAX_PLAYERS * 6),
    ("armies", 3 * 6),
    ("roads", 3 * 9),
    ("spies", COURT * MAX_PLAYERS),
    ("deck_size", 1),
    ("discard_pile", CARDS),
    ("global_events", EVENTS + MAX_PLAYERS),
    ("wakhan", WAKHAN),
];

/// The length of every observation.
pub const OBSERVATION_SIZE: usize = {
    let mut total = 0;
    let mut i = 0;
    while i < BLOCKS.len() {
        total += BLOCKS[i].1;
        i += 1;
    }
    total
};

/// The blocks with their starts.
pub(crate) fn layout() -> Vec<(&'static str, usize, usize)> {
    let mut start = 0;
    BLOCKS
        .iter()
        .map(|&(name, len)| {
            let block = (name, start, len);
            start += len;
            block
        })
        .collect()
}

/// `seat`'s observation of `state`. Counts are scaled: rupees and VP by 1/20, pieces by 1/10.
pub(crate) fn observation(state: &State, cards: &CardData, seat: usize) -> Vec<f32> {
    let mut out = Vec::with_capacity(OBSERVATION_SIZE);
    let one_hot = |out: &mut Vec<f32>, len: usize, at: Option<usize>| {
        let start = out.len();
        out.resize(start + len, 0.0);
        if let Some(i) = at.filter(|&i| i < len) {
            out[start + i] = 1.0;
        }
    };
    let bits =
        |out: &mut Vec<f32>, len: usize, offset: usize, set: &mut dyn Iterator<Item = CardId>| {
            let start = out.len();
            out.resize(start + len, 0.0);
            for card in set {
                if let Some(i) = card.index().checked_sub(offset).filter(|&i| i < len) {
                    out[start + i] = 1.0;
                }
            }
        };
    one_hot(&mut out, MAX_PLAYERS, Some(seat));
    one_hot(
        &mut out,
        MAX_PLAYERS,
        state.pending(cards).map(|p| p.player as usize),
    );
    one_hot(&mut out, MAX_PLAYERS, Some(state.active()));
    one_hot(&mut out, 4, Some(state.favored.index()));
    out.push(f32::from(state.turn.actions_left) / 2.0);
    for slot in Slot::all() {
        one_hot(
            &mut out,
            CARDS,
            state.market_card(slot).map(|c| c.index() - 1),
        );
    }
    for slot in Slot::all() {
        out.push(f32::from(state.market_rupees(slot)) / 20.0);
    }
    for p in 0..MAX_PLAYERS {
        if p >= state.players() {
            out.resize(out.len() + PER_PLAYER, 0.0);
            continue;
        }
        let player = &state.players[p];
        one_hot(&mut out, 3, player.loyalty.map(Coalition::index));
        out.push(f32::from(player.rupees) / 20.0);
        out.push(f32::from(player.vp) / 20.0);
        out.push(f32::from(state.influence(cards, p)) / 10.0);
        out.push(player.hand.len() as f32 / 10.0);
        bits(
            &mut out,
            COURT,
            1,
            &mut player.court.as_slice().iter().copied(),
        );
        let open = p == seat || state.options.open_hands;
        let hand = if open {
            player.hand
        } else {
            super::CardSet::EMPTY
        };
        bits(&mut out, COURT, 1, &mut hand.iter());
        bits(&mut out, COURT, 1, &mut player.prizes.iter());
        out.extend(player.gifts.map(|g| if g { 1.0 } else { 0.0 }));
        bits(&mut out, EVENTS, COURT + 1, &mut player.events.iter());
    }
    for p in 0..MAX_PLAYERS {
        for r in Region::ALL {
            let tribes = if p < state.players() {
                state.tribes(p, r)
            } else {
                0
            };
            out.push(f32::from(tribes) / 10.0);
        }
    }
    for k in Coalition::ALL {
        out.extend(Region::ALL.map(|r| f32::from(state.armies(k, r)) / 10.0));
    }
    for k in Coalition::ALL {
        out.extend(Border::ALL.map(|b| f32::from(state.roads(k, b)) / 10.0));
    }
    for c in 1..=CardId::MAX_COURT {
        for p in 0..MAX_PLAYERS {
            let spies = if p < state.players() {
                state.spies(CardId(c), p)
            } else {
                0
            };
            out.push(f32::from(spies) / 10.0);
        }
    }
    out.push(state.deck.len() as f32 / 70.0);
    bits(&mut out, CARDS, 1, &mut state.discard.iter());
    bits(&mut out, EVENTS, COURT + 1, &mut state.global_events.iter());
    one_hot(&mut out, MAX_PLAYERS, state.rumor.map(usize::from));
    wakhan(&mut out, state, cards);
    let _ = Suit::ALL;
    out
}

/// The `wakhan` block: only what the table sees of her deck (the current card's face, the
/// next card's back), never its order.
fn wakhan(out: &mut Vec<f32>, state: &State, cards: &CardData) {
    let start = out.len();
    out.resize(start + WAKHAN, 0.0);
    let Some(ai) = state.ai_deck() else {
        return;
    };
    let block = &mut out[start..];
    let mut at = 0;
    let mut set = |block: &mut [f32], len: usize, i: Option<usize>, value: f32| {
        if let Some(i) = i.filter(|&i| i < len) {
            block[at + i] = value;
        }
        at += len;
    };
    set(block, MAX_PLAYERS, state.wakhan_seat(), 1.0);
    set(block, 24, ai.current().map(|c| usize::from(c) - 1), 1.0);
    let back = state.next_ai_back(cards);
    set(
        block,
        1,
        back.filter(|c| c.labels[0] == super::Label::T).map(|_| 0),
        1.0,
    );
    set(block, 6, back.map(|c| usize::from(c.numbers[0])), 1.0);
    let arrows = state.arrows(cards);
    set(block, 2, arrows.map(|a| a.label.row().index()), 1.0);
    set(block, 6, arrows.map(|a| usize::from(a.column)), 1.0);
    set(block, 3, Some(state.pragmatic_loyalty(cards).index()), 1.0);
    for k in Coalition::ALL {
        set(
            block,
            1,
            Some(0),
            f32::from(state.wakhan_influence(cards, k)) / 10.0,
        );
    }
    set(block, 1, Some(0), ai.cards().len() as f32 / 24.0);
}
