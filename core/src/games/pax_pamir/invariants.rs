//! The invariants every reachable state keeps, checked by the simulation tests after every
//! step and by snapshot loading (a snapshot that breaks one is refused, naming the rule).

use crate::engine::{Rule, Snapshot, Violation};

use super::frame::Frame;
use super::state::{BLOCKS, CYLINDERS, MAX_PLAYERS};
use super::{CardData, CardId, CardSet, Coalition, Options, State};

fn broken(rule: &'static str, reason: String) -> Result<(), Violation> {
    Err(Violation { rule: Rule(rule), reason })
}

/// Every invariant of `state` under the card data `cards`.
pub(crate) fn check(state: &State, cards: &CardData) -> Result<(), Violation> {
    let n = state.players();
    if !state.options.valid_players() {
        return broken("PP-4.1", format!("{} players", state.options.players));
    }
    for p in n..MAX_PLAYERS {
        if state.players[p] != Default::default() || state.tribes[p] != [0; 6] || state.spies.iter().any(|s| s[p] > 0) {
            return broken("PP-4.1", format!("seat {p} is not at the table but holds something"));
        }
    }
    if state.active() >= n || state.start_seat as usize >= n {
        return broken("PP-4.6", "the active or starting seat is not at the table".into());
    }
    check_cards(state, cards)?;
    check_pieces(state)?;
    for p in 0..n {
        let player = &state.players[p];
        if player.rupees < 0 && state.options.leverage_timing == super::options::LeverageTiming::Immediate {
            return broken("PP-1.5", format!("seat {p} holds {} rupees", player.rupees));
        }
        for &card in player.court.as_slice() {
            if let Some(patriot) = cards.court(card).and_then(|c| c.patriot) {
                if player.loyalty.is_some() && player.loyalty != Some(patriot) && state.outcome.is_none() && !in_cascade(state) {
                    return broken("PP-3.7", format!("seat {p}'s court holds {card}, a patriot of another coalition"));
                }
            }
        }
        if let Some(loyalty) = player.loyalty {
            for prize in player.prizes.iter() {
                if cards.court(prize).and_then(|c| c.prize) != Some(loyalty) {
                    return broken("PP-8.7", format!("seat {p} keeps {prize}, not a prize of its loyalty"));
                }
            }
        } else if !player.prizes.is_empty() || !player.court.is_empty() {
            return broken("PP-4.6", format!("seat {p} has no loyalty but holds cards"));
        }
    }
    if let Some(target) = state.rumor {
        let held = (0..n).any(|p| state.players[p].events.iter().any(|c| {
            cards.event(c).is_some_and(|e| e.purchased == super::EventEffect::Rumor)
        }));
        if target as usize >= n || !held {
            return broken("PP-14.1", "Rumor targets a seat without a held Rumor card".into());
        }
    }
    for slot in super::Slot::all() {
        let card = state.market_card(slot);
        if card.is_some_and(|c| super::state::is_public_withdrawal(cards, c)) && state.market_rupees(slot) > 0 {
            return broken("PP-14.1", format!("rupees lie on Public Withdrawal at {slot}"));
        }
    }
    let total: usize = state.piles.iter().map(|&s| s as usize).sum();
    if state.deck.len() > total || total != 40 + 6 * n {
        return broken("PP-4.3", format!("piles of {total} cards for {n} players, deck {}", state.deck.len()));
    }
    for &(owner, piece) in &state.turn.placed {
        if state.placed_at(owner, piece) > state.count_at(owner, piece) {
            return broken("PP-1.6", format!("more pieces marked placed at {piece} than there are"));
        }
    }
    check_stack(state, cards)
}

/// Whether a cascade is under way (a loyalty change discards its patriots through frames
/// under `batch_discard = OneByOne`).
fn in_cascade(state: &State) -> bool {
    state.stack.iter().any(|f| matches!(f, Frame::DiscardInOrder { .. }))
}

/// Every card is in exactly one place.
fn check_cards(state: &State, cards: &CardData) -> Result<(), Violation> {
    let mut seen = CardSet::EMPTY;
    let mut place = |card: CardId, what: &str| -> Result<(), Violation> {
        if card.index() == 0 || card.0 > CardId::MAX {
            return broken("PP-3.1", format!("no card {card} ({what})"));
        }
        if seen.contains(card) {
            return broken("PP-3.1", format!("{card} is in two places (one is {what})"));
        }
        seen.insert(card);
        Ok(())
    };
    for &c in state.deck.as_slice() {
        place(c, "the deck")?;
    }
    for c in state.market.iter().flatten() {
        place(*c, "the market")?;
    }
    for c in state.discard.iter() {
        place(c, "the discard pile")?;
    }
    for c in state.removed.iter() {
        place(c, "out of the game")?;
    }
    for c in state.global_events.iter() {
        if !c.is_event() {
            return broken("PP-14.2", format!("{c} by the map is not an event"));
        }
        place(c, "by the map")?;
    }
    for player in &state.players {
        for c in player.hand.iter() {
            if !c.is_court() {
                return broken("PP-3.1", format!("{c} is an event in a hand"));
            }
            place(c, "a hand")?;
        }
        for &c in player.court.as_slice() {
            if !c.is_court() {
                return broken("PP-3.1", format!("{c} is an event in a court"));
            }
            place(c, "a court")?;
        }
        for c in player.prizes.iter() {
            if !c.is_court() || cards.court(c).is_some_and(|f| f.prize.is_none()) {
                return broken("PP-3.8", format!("{c} kept as a prize has no prize strip"));
            }
            place(c, "the prizes")?;
        }
        for c in player.events.iter() {
            if !c.is_event() {
                return broken("PP-14.2", format!("{c} held as an event is not one"));
            }
            place(c, "a player's events")?;
        }
    }
    let all = cards.court_cards().len() + cards.event_cards().len();
    if seen.len() != all {
        return broken("PP-3.1", format!("{} of the {all} cards are somewhere", seen.len()));
    }
    Ok(())
}

/// Piece limits, and spies only on cards in courts.
fn check_pieces(state: &State) -> Result<(), Violation> {
    for p in 0..state.players() {
        if state.cylinders_in_play(p) > CYLINDERS {
            return broken("PP-1.2", format!("seat {p} has {} cylinders in play", state.cylinders_in_play(p)));
        }
    }
    for k in Coalition::ALL {
        if state.blocks_on_map(k) > BLOCKS {
            return broken("PP-1.1", format!("{} {k} blocks on the map", state.blocks_on_map(k)));
        }
    }
    for (c, spies) in state.spies.iter().enumerate() {
        let card = CardId(c as u8);
        if spies.iter().any(|&s| s > 0) && (c == 0 || state.court_owner(card).is_none()) {
            return broken("PP-1.2", format!("spies on {card}, which is in no court"));
        }
    }
    Ok(())
}

/// The stack is one the rules build: a decision waits unless the game is over.
fn check_stack(state: &State, cards: &CardData) -> Result<(), Violation> {
    let n = state.players() as u8;
    if state.outcome.is_some() {
        if !state.stack.is_empty() {
            return broken("PP-13.9", "the game is over but decisions are pending".into());
        }
        return Ok(());
    }
    for frame in &state.stack {
        let seats: &[u8] = match frame {
            Frame::ChooseLoyalty { seat, .. } => &[*seat],
            Frame::Bribe { briber, receiver, .. } => &[*briber, *receiver],
            Frame::SafeHouse { owner, .. } => &[*owner],
            Frame::Icons { player, .. }
            | Frame::RoadBorder { player, .. }
            | Frame::SpyTarget { player, .. }
            | Frame::Place { player, .. }
            | Frame::Fallback { player, .. }
            | Frame::Tax { player, .. }
            | Frame::Gift { player }
            | Frame::BuildCount { player }
            | Frame::BuildBlock { player, .. }
            | Frame::Infrastructure { player }
            | Frame::Move { player, .. }
            | Frame::BetrayTarget { player }
            | Frame::Prize { player, .. }
            | Frame::BattleSite { player, .. }
            | Frame::Battle { player, .. }
            | Frame::Repay { player }
            | Frame::Shortfall { player, .. }
            | Frame::DiscardInOrder { player, .. }
            | Frame::Overthrow { player, .. }
            | Frame::RumorTarget { player }
            | Frame::Persuade { player }
            | Frame::Pashtunwali { player }
            | Frame::RebukeRegion { player }
            | Frame::ConfidenceFailure { player } => std::slice::from_ref(player),
            _ => &[],
        };
        if seats.iter().any(|&s| s >= n) {
            return broken("PP-16", format!("a pending {frame:?} names a seat not at the table"));
        }
    }
    let setup = matches!(state.stack.first(), Some(Frame::ChooseLoyalty { .. }));
    let in_turn = matches!(state.stack.first(), Some(Frame::Actions | Frame::Blackmail { .. } | Frame::EndTurn));
    if !setup && !in_turn {
        return broken("PP-6.1", format!("the pending decisions do not start from a turn: {:?}", state.stack.first()));
    }
    if state.pending(cards).is_none() {
        return broken("PP-16", "no decision is waiting and the game is not over".into());
    }
    let _ = Options::default();
    Ok(())
}

impl Snapshot for State {
    const GAME: &'static str = "pax_pamir";
    const VERSION: u32 = 1;

    /// Every invariant under the shipped card data. A game on other card data checks its
    /// states with its own (`Game::validate_with_rules`).
    fn validate(&self) -> Result<(), Violation> {
        check(self, CardData::standard())
    }
}
