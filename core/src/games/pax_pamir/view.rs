//! What one seat may see (architecture principle 9), and a state resampled from it.
//!
//! Hands are hidden (PP-0.4) unless the `open_hands` option is on: a seat sees its own hand
//! and the others' hand sizes. The deck's order and the cards out of the game are hidden from
//! everyone. Everything else of Pax Pamir is on the table.

use serde::Serialize;

use crate::engine::{GameRng, Seat};

use super::{CardData, CardId, CardList, CardSet, Coalition, Region, Slot, State, Suit};

/// One market slot as seen.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SlotView {
    /// The slot, like `top-3`.
    pub slot: String,
    /// The card in it.
    pub card: Option<u8>,
    /// The rupees on it.
    pub rupees: u16,
}

/// One seat as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerView {
    /// `P1`…
    pub name: String,
    /// The loyalty, once chosen.
    pub loyalty: Option<Coalition>,
    /// Rupees.
    pub rupees: i16,
    /// Victory points.
    pub vp: u16,
    /// Influence now (PP-9.2).
    pub influence: u16,
    /// The court, left to right, by card number.
    pub court: Vec<u8>,
    /// The hand, when the viewer may see it.
    pub hand: Option<Vec<u8>>,
    /// How many cards are in the hand.
    pub hand_size: usize,
    /// Prizes.
    pub prizes: Vec<u8>,
    /// Gifts on the 2, 4, 6 slots.
    pub gifts: [bool; 3],
    /// Purchased events with lasting effects held.
    pub events: Vec<u8>,
    /// Stars by suit, in suit order (PP-3.3).
    pub stars: [u8; 4],
    /// Cylinders in the supply.
    pub cylinders_in_supply: u8,
}

/// One region as seen.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RegionView {
    /// The region.
    pub region: Region,
    /// Tribes by seat.
    pub tribes: Vec<u8>,
    /// Armies by coalition.
    pub armies: [u8; 3],
    /// The ruler's seat (PP-10).
    pub ruler: Option<usize>,
}

/// Wakhan as the table sees her (WK-1.2): her current AI card face up, only the back of the
/// next, never the order of her deck.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WakhanView {
    /// Her seat.
    pub seat: usize,
    /// The current AI card's number (1-24), once she has drawn one.
    pub current: Option<u8>,
    /// The next AI card's back: its two labels, upper first (`T`, `B`), and six numbers.
    pub next_back: Option<([super::wakhan::Label; 2], [u8; 6])>,
    /// The arrows' reading (WK-1.3): the market row, the column, the court side.
    pub arrows: Option<(super::Row, u8, super::Side)>,
    /// Her pragmatic loyalty now (WK-1.4).
    pub pragmatic_loyalty: Coalition,
    /// Cards in the AI deck.
    pub deck_size: usize,
    /// The AI discard pile, by number.
    pub discard_pile: Vec<u8>,
    /// Her influence in each coalition, in coalition order (WK-11.5).
    pub influence: [u16; 3],
}

/// What one seat may see.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// The viewing seat.
    pub seat: Seat,
    /// The seat whose turn it is.
    pub active: usize,
    /// The seat that decides now, and what.
    pub deciding: Option<(Seat, String)>,
    /// Actions left this turn.
    pub actions_left: u8,
    /// The favored suit.
    pub favored_suit: Suit,
    /// The market.
    pub market: Vec<SlotView>,
    /// Cards left in the deck.
    pub deck_size: usize,
    /// The discard pile, by card number.
    pub discard_pile: Vec<u8>,
    /// Global lasting effects, by card number (PP-14.2).
    pub global_events: Vec<u8>,
    /// Rumor's target.
    pub rumor: Option<u8>,
    /// The seats.
    pub players: Vec<PlayerView>,
    /// The regions.
    pub regions: Vec<RegionView>,
    /// Roads by border (in border order), by coalition.
    pub roads: Vec<[u8; 3]>,
    /// Spies by court card in play: `(card, spies by seat)`.
    pub spies: Vec<(u8, Vec<u8>)>,
    /// The blocks of each coalition on the map (PP-13.2).
    pub blocks_on_map: [u8; 3],
    /// The winners, once the game is over.
    pub winners: Option<Vec<usize>>,
    /// Wakhan, in a game with her.
    pub wakhan: Option<WakhanView>,
}

fn numbers(cards: impl IntoIterator<Item = CardId>) -> Vec<u8> {
    cards.into_iter().map(|c| c.0).collect()
}

impl View {
    /// `seat`'s view of `state`.
    pub(crate) fn of(state: &State, cards: &CardData, seat: Seat) -> View {
        let n = state.players();
        let deciding = state
            .pending(cards)
            .map(|p| (p.player as usize, p.kind.to_string()));
        let players = (0..n)
            .map(|p| {
                let player = &state.players[p];
                let open = p == seat || state.options.open_hands;
                PlayerView {
                    name: state.name_of(p as u8),
                    loyalty: player.loyalty,
                    rupees: player.rupees,
                    vp: player.vp,
                    influence: state.influence(cards, p),
                    court: numbers(player.court.as_slice().iter().copied()),
                    hand: open.then(|| numbers(player.hand.iter())),
                    hand_size: player.hand.len(),
                    prizes: numbers(player.prizes.iter()),
                    gifts: player.gifts,
                    events: numbers(player.events.iter()),
                    stars: Suit::ALL.map(|s| state.stars(cards, p, s)),
                    cylinders_in_supply: state.cylinders_in_supply(p),
                }
            })
            .collect();
        View {
            seat,
            active: state.active(),
            deciding,
            actions_left: state.turn.actions_left,
            favored_suit: state.favored,
            market: Slot::all()
                .map(|s| SlotView {
                    slot: s.to_string(),
                    card: state.market_card(s).map(|c| c.0),
                    rupees: state.market_rupees(s),
                })
                .collect(),
            deck_size: state.deck.len(),
            discard_pile: numbers(state.discard.iter()),
            global_events: numbers(state.global_events.iter()),
            rumor: state.rumor,
            players,
            regions: Region::ALL
                .map(|r| RegionView {
                    region: r,
                    tribes: (0..n).map(|p| state.tribes(p, r)).collect(),
                    armies: Coalition::ALL.map(|k| state.armies(k, r)),
                    ruler: state.ruler(r),
                })
                .to_vec(),
            roads: super::Border::ALL
                .map(|b| Coalition::ALL.map(|k| state.roads(k, b)))
                .to_vec(),
            spies: state
                .court_cards()
                .map(|(_, c)| (c.0, (0..n).map(|p| state.spies(c, p)).collect::<Vec<u8>>()))
                .filter(|(_, s)| s.iter().any(|&k| k > 0))
                .collect(),
            blocks_on_map: Coalition::ALL.map(|k| state.blocks_on_map(k)),
            winners: state.outcome.map(|o| o.winners().collect()),
            wakhan: state.ai.as_ref().map(|ai| WakhanView {
                seat: super::wakhan::WAKHAN_SEAT,
                current: ai.current(),
                next_back: state.next_ai_back(cards).map(|c| (c.labels, c.numbers)),
                arrows: state
                    .arrows(cards)
                    .map(|a| (a.label.row(), a.column, a.label.side())),
                pragmatic_loyalty: state.pragmatic_loyalty(cards),
                deck_size: ai.cards().len(),
                discard_pile: ai.discard_pile(),
                influence: Coalition::ALL.map(|k| state.wakhan_influence(cards, k)),
            }),
        }
    }
}

/// What a deck card is, as a seat can count it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Court,
    Check,
    Other,
}

fn kind(card: CardId) -> Kind {
    if card.is_court() {
        Kind::Court
    } else if card.is_dominance_check() {
        Kind::Check
    } else {
        Kind::Other
    }
}

/// A state consistent with what `seat` knows (see [`PaxPamir::resample`](super::PaxPamir)):
/// the unseen court cards and events redealt over the deck and the cards out of the game,
/// every pile keeping how many cards of each kind it still holds, each pile's order drawn
/// anew.
pub(crate) fn resample(state: &State, _seat: Seat, rng: &mut GameRng) -> State {
    let mut copy = state.clone();
    let deck = state.deck.as_slice();
    let unseen_court: Vec<CardId> = deck
        .iter()
        .copied()
        .filter(|c| c.is_court())
        .chain(state.removed.iter().filter(|c| c.is_court()))
        .collect();
    let unseen_other: Vec<CardId> = deck
        .iter()
        .copied()
        .filter(|&c| kind(c) == Kind::Other)
        .chain(state.removed.iter().filter(|&c| kind(c) == Kind::Other))
        .collect();
    let mut checks: Vec<CardId> = deck
        .iter()
        .copied()
        .filter(|c| c.is_dominance_check())
        .collect();
    // Every pile is sorted before it is shuffled, so that the new deal depends on which cards
    // are unseen, which the seat knows, and not on the order they are in, which it does not.
    let (mut court, mut other) = (unseen_court, unseen_other);
    court.sort();
    other.sort();
    checks.sort();
    rng.shuffle(&mut court);
    rng.shuffle(&mut other);
    rng.shuffle(&mut checks);
    // The piles' remaining parts: the deck's cards from the top, each with its pile.
    let total: usize = state.piles.iter().map(|&s| s as usize).sum();
    let drawn = total.saturating_sub(deck.len());
    let mut bounds = Vec::new();
    let mut end = 0;
    for &size in &state.piles {
        end += size as usize;
        bounds.push(end);
    }
    let pile_of = |position: usize| bounds.iter().position(|&b| position < b).unwrap_or(5);
    let mut new_deck: Vec<CardId> = Vec::with_capacity(deck.len());
    let mut start = 0;
    while start < deck.len() {
        let pile = pile_of(drawn + start);
        let mut stop = start;
        while stop < deck.len() && pile_of(drawn + stop) == pile {
            stop += 1;
        }
        let mut kinds: Vec<Kind> = deck[start..stop].iter().map(|&c| kind(c)).collect();
        kinds.sort();
        let mut part: Vec<CardId> = kinds
            .into_iter()
            .zip(&deck[start..stop])
            .map(|(k, &c)| match k {
                Kind::Court => court.pop().unwrap_or(c),
                Kind::Check => checks.pop().unwrap_or(c),
                Kind::Other => other.pop().unwrap_or(c),
            })
            .collect();
        rng.shuffle(&mut part);
        new_deck.extend(part);
        start = stop;
    }
    copy.deck = CardList::from_slice(&new_deck).unwrap_or(state.deck);
    let mut removed: CardSet = court.into_iter().collect();
    for card in other {
        removed.insert(card);
    }
    copy.removed = removed;
    if let Some(ai) = copy.ai.as_mut() {
        resample_ai_deck(ai, super::wakhan::AiCards::standard(), rng);
    }
    copy
}

/// The AI deck redealt (WK-1.2): its top card one of those with the back the table sees, the
/// rest in a new order.
fn resample_ai_deck(
    ai: &mut super::wakhan::AiDeck,
    data: &super::wakhan::AiCards,
    rng: &mut GameRng,
) {
    let mut cards: Vec<u8> = ai.cards().to_vec();
    let Some(&top) = cards.first() else {
        return;
    };
    // Sorted, so that the new order depends on the cards left, not on their hidden order.
    cards.sort_unstable();
    let back = data.card(top);
    let same: Vec<usize> = (0..cards.len())
        .filter(|&i| match (back, data.card(cards[i])) {
            (Some(a), Some(b)) => a.same_back(b),
            _ => cards[i] == top,
        })
        .collect();
    let pick = same[rng.below(same.len() as u32) as usize];
    let chosen = cards.remove(pick);
    cards.insert(0, chosen);
    rng.shuffle(&mut cards[1..]);
    ai.deck[..cards.len()].copy_from_slice(&cards);
}
