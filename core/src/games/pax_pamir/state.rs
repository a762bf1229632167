//! The state (PP-5): a plain value of fixed arrays, counts and small card sets, cheap to clone.
//! Pieces are counts by place, not objects: a region holds so many tribes of each player and
//! armies of each coalition, a border so many roads, a court card so many spies of each player.
//! What the rules derive (rulers, stars, influence, the favored cards) is computed from these
//! and never stored (architecture principle 6).

use serde::{Deserialize, Serialize};

use crate::engine::GameRng;

use super::frame::{Frame, Turn};
use super::ids::fixed_array;
use super::{
    Ability, Border, CardData, CardId, CardList, CardSet, Coalition, EventEffect, GiftSlot,
    Options, Region, Slot, Suit,
};

/// The most seats (PP-4.1).
pub const MAX_PLAYERS: usize = 5;
/// Usable cylinders per player (PP-1.2).
pub const CYLINDERS: u8 = 10;
/// Blocks per coalition (PP-1.1).
pub const BLOCKS: u8 = 12;
/// The room a court has: a court never holds more than its limit (3 + political stars, at most
/// 3 + 28) plus the two cards one turn can play before cleanup (PP-12.1).
pub const COURT_CAPACITY: usize = 36;
/// The largest deck: 40 + 6 × 5 cards (PP-4.3).
pub const DECK_CAPACITY: usize = 70;

/// One seat's holdings (PP-5 `players[i]`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// The coalition the player is loyal to; `None` only before the player has chosen
    /// (PP-4.6).
    pub loyalty: Option<Coalition>,
    /// Rupees held. Below zero only under `leverage_timing = EndOfAction`, within an action
    /// (PP-OQ-3).
    pub rupees: i16,
    /// Victory points (PP-1.2).
    pub vp: u16,
    /// The hand (PP-0.4), hidden from the others.
    pub hand: CardSet,
    /// The court, leftmost first (PP-7.2.4).
    pub court: CardList<COURT_CAPACITY>,
    /// Prizes kept with the loyalty dial (PP-3.8).
    pub prizes: CardSet,
    /// The gift slots 2, 4, 6 holding a cylinder (PP-8.4).
    pub gifts: [bool; 3],
    /// Purchased events whose lasting effect the player holds until the next DC (PP-14.2).
    pub events: CardSet,
}

/// Why the game ended (PP-13.8, PP-13.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A player led every other by 4 VP or more after a Dominance Check (PP-13.8).
    Lead,
    /// The final Dominance Check was resolved (PP-13.9).
    FinalCheck,
}

/// How the game ended: why, and who won (several seats share a win they cannot break,
/// PP-OQ-29).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// Why it ended.
    pub reason: EndReason,
    /// The winning seats as a bit set (bit `s` for seat `s`).
    pub winners: u8,
}

impl Outcome {
    /// The winning seats, in seat order.
    pub fn winners(self) -> impl Iterator<Item = usize> {
        (0..MAX_PLAYERS).filter(move |s| self.winners & (1 << s) != 0)
    }
}

/// A position of Pax Pamir.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    pub(crate) options: Options,
    pub(crate) seed: u64,
    pub(crate) rng: GameRng,
    /// Seats `0..options.players`; the others stay empty.
    pub(crate) players: [Player; MAX_PLAYERS],
    /// The random seat that chose its loyalty first (PP-4.6).
    pub(crate) start_seat: u8,
    /// The seat whose turn it is.
    pub(crate) active: u8,
    pub(crate) favored: Suit,
    pub(crate) market: [Option<CardId>; Slot::COUNT],
    /// Rupees on each market slot; they stay when the slot's card leaves (PP-5).
    pub(crate) market_rupees: [u16; Slot::COUNT],
    /// Top first.
    pub(crate) deck: CardList<DECK_CAPACITY>,
    /// The sizes of the six piles the deck was stacked from, top pile first (PP-4.3).
    pub(crate) piles: [u8; 6],
    pub(crate) discard: CardSet,
    /// Cards out of the game since setup, never seen (PP-4.3).
    pub(crate) removed: CardSet,
    /// Discarded events whose global effect lasts until the next DC, and purchased ones with a
    /// global effect (Conflict Fatigue, Pashtunwali Values) (PP-14.2).
    pub(crate) global_events: CardSet,
    /// The seat Rumor targets while its card is held (PP-14.1).
    pub(crate) rumor: Option<u8>,
    /// Armies by coalition and region.
    pub(crate) armies: [[u8; 6]; 3],
    /// Roads by coalition and border.
    pub(crate) roads: [[u8; 9]; 3],
    /// Tribes by seat and region.
    pub(crate) tribes: [[u8; 6]; MAX_PLAYERS],
    /// Spies by court card number (index 0 unused) and seat.
    #[serde(with = "fixed_array")]
    pub(crate) spies: [[u8; MAX_PLAYERS]; 101],
    pub(crate) turn: Turn,
    /// Turns begun so far.
    pub(crate) turns: u32,
    /// The pending decisions and steps, the top last (architecture principle 2).
    pub(crate) stack: Vec<Frame>,
    pub(crate) outcome: Option<Outcome>,
    /// Wakhan's AI deck, in a game with her (WK-1.2); she sits at seat 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) ai: Option<super::wakhan::AiDeck>,
}

impl State {
    /// The number of seats.
    pub fn players(&self) -> usize {
        self.options.players as usize
    }

    /// The rule options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The seed the game was set up from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// A seat's holdings; `None` for a seat not at the table.
    pub fn player(&self, seat: usize) -> Option<&Player> {
        (seat < self.players()).then(|| &self.players[seat])
    }

    /// The seat whose turn it is.
    pub fn active(&self) -> usize {
        self.active as usize
    }

    /// Actions left this turn (PP-6.2).
    pub fn actions_left(&self) -> u8 {
        self.turn.actions_left
    }

    /// Seats in turn order, starting with the seat that took the first turn (PP-4.6).
    pub fn seats_in_turn_order(&self) -> Vec<usize> {
        self.turn_order().collect()
    }

    /// The favored suit (PP-4.2).
    pub fn favored_suit(&self) -> Suit {
        self.favored
    }

    /// The card in a market slot.
    pub fn market_card(&self, slot: Slot) -> Option<CardId> {
        self.market[slot.index()]
    }

    /// The rupees on a market slot.
    pub fn market_rupees(&self, slot: Slot) -> u16 {
        self.market_rupees[slot.index()]
    }

    /// Cards left in the deck.
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    /// The discard pile.
    pub fn discard_pile(&self) -> CardSet {
        self.discard
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Turns begun so far.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Seats in turn order starting with `first` (PP-11.4).
    pub(crate) fn order_from(&self, first: usize) -> impl Iterator<Item = usize> + use<> {
        let n = self.players();
        (0..n).map(move |i| (first + i) % n)
    }

    /// Seats in turn order from the one who took the first turn (PP-4.6): the order of the
    /// spy ring (PP-8.6.2).
    pub(crate) fn turn_order(&self) -> impl Iterator<Item = usize> + use<> {
        let n = self.players();
        let first = if self.ai.is_some() {
            super::wakhan::WAKHAN_SEAT // she takes the first turn (WK-10)
        } else {
            (self.start_seat as usize + n - 1) % n
        };
        self.order_from(first)
    }

    // ----- pieces ---------------------------------------------------------------------------

    /// Tribes of `seat` in `region`.
    pub fn tribes(&self, seat: usize, region: Region) -> u8 {
        self.tribes[seat][region.index()]
    }

    /// Armies of `coalition` in `region`.
    pub fn armies(&self, coalition: Coalition, region: Region) -> u8 {
        self.armies[coalition.index()][region.index()]
    }

    /// Roads of `coalition` on `border`.
    pub fn roads(&self, coalition: Coalition, border: Border) -> u8 {
        self.roads[coalition.index()][border.index()]
    }

    /// Spies of `seat` on court card `card`.
    pub fn spies(&self, card: CardId, seat: usize) -> u8 {
        if card.is_court() {
            self.spies[card.index()][seat]
        } else {
            0
        }
    }

    /// Whether `seat` has a gift on `slot`.
    pub fn gift(&self, seat: usize, slot: GiftSlot) -> bool {
        self.players[seat].gifts[slot.index()]
    }

    /// Cylinders of `seat` in play: tribes, spies and gifts (PP-1.2, PP-13.4).
    pub fn cylinders_in_play(&self, seat: usize) -> u8 {
        // Summed wide, so that a damaged snapshot cannot wrap a count past its limit.
        let tribes: u32 = self.tribes[seat].iter().map(|&t| u32::from(t)).sum();
        let spies: u32 = self.spies.iter().map(|s| u32::from(s[seat])).sum();
        let gifts = self.players[seat].gifts.iter().filter(|&&g| g).count() as u32;
        (tribes + spies + gifts).min(u32::from(u8::MAX)) as u8
    }

    /// Cylinders of `seat` in its supply.
    pub fn cylinders_in_supply(&self, seat: usize) -> u8 {
        CYLINDERS.saturating_sub(self.cylinders_in_play(seat))
    }

    /// Blocks of `coalition` on the map: armies and roads (PP-13.2).
    pub fn blocks_on_map(&self, coalition: Coalition) -> u8 {
        let c = coalition.index();
        let count: u32 = self.armies[c]
            .iter()
            .chain(&self.roads[c])
            .map(|&b| u32::from(b))
            .sum();
        count.min(u32::from(u8::MAX)) as u8
    }

    /// Blocks of `coalition` in its supply.
    pub fn blocks_in_supply(&self, coalition: Coalition) -> u8 {
        BLOCKS.saturating_sub(self.blocks_on_map(coalition))
    }

    /// The ruling pieces of `seat` in `region` (PP-10.1): its tribes and the armies of its
    /// loyalty. Wakhan, loyal to all, counts the armies of the coalition with the most there
    /// (WK-7.1).
    pub fn ruling_pieces(&self, seat: usize, region: Region) -> u8 {
        let armies = if self.is_wakhan(seat) {
            Coalition::ALL
                .iter()
                .map(|&c| self.armies(c, region))
                .max()
                .unwrap_or(0)
        } else {
            self.players[seat]
                .loyalty
                .map_or(0, |c| self.armies(c, region))
        };
        self.tribes(seat, region).saturating_add(armies)
    }

    /// The ruler of `region` (PP-10.2): the player with a tribe there whose ruling pieces are
    /// strictly more than every other player's and than the armies of each single coalition.
    pub fn ruler(&self, region: Region) -> Option<usize> {
        let n = self.players();
        let mut pieces = [0u8; MAX_PLAYERS];
        for (p, count) in pieces.iter_mut().enumerate().take(n) {
            *count = self.ruling_pieces(p, region);
        }
        let most_armies = Coalition::ALL
            .iter()
            .map(|&c| self.armies(c, region))
            .max()
            .unwrap_or(0);
        (0..n).find(|&p| {
            self.tribes(p, region) >= 1
                && pieces[p] > most_armies
                && (0..n).all(|q| q == p || pieces[p] > pieces[q])
        })
    }

    /// Whether `seat` rules `region`.
    pub fn rules(&self, seat: usize, region: Region) -> bool {
        self.ruler(region) == Some(seat)
    }

    /// Who holds a court card hostage (PP-8.2): the player other than its owner with strictly
    /// more spies on it than every other player, the owner included.
    pub fn hostage_holder(&self, owner: usize, card: CardId) -> Option<usize> {
        let spies = |p: usize| self.spies(card, p);
        (0..self.players()).find(|&h| {
            h != owner && spies(h) > 0 && (0..self.players()).all(|q| q == h || spies(h) > spies(q))
        })
    }

    /// The seat whose court holds `card`.
    pub fn court_owner(&self, card: CardId) -> Option<usize> {
        (0..self.players()).find(|&p| self.players[p].court.contains(card))
    }

    /// Every court card of every court, in turn order, each court left to right.
    pub(crate) fn court_cards(&self) -> impl Iterator<Item = (usize, CardId)> + '_ {
        self.turn_order().flat_map(move |p| {
            self.players[p]
                .court
                .as_slice()
                .iter()
                .map(move |&c| (p, c))
        })
    }

    // ----- card facts in a court ------------------------------------------------------------

    /// The stars of `suit` in `seat`'s court (PP-0.4).
    pub fn stars(&self, cards: &CardData, seat: usize, suit: Suit) -> u8 {
        self.players[seat]
            .court
            .as_slice()
            .iter()
            .filter_map(|&c| cards.court(c))
            .filter(|c| c.suit == suit)
            .map(|c| c.rank)
            .sum()
    }

    /// The court limit (PP-12.1).
    pub fn court_limit(&self, cards: &CardData, seat: usize) -> usize {
        3 + self.stars(cards, seat, Suit::Political) as usize
    }

    /// The hand limit (PP-12.2).
    pub fn hand_limit(&self, cards: &CardData, seat: usize) -> usize {
        2 + self.stars(cards, seat, Suit::Intelligence) as usize
    }

    /// The tax shelter (PP-8.3.3).
    pub fn tax_shelter(&self, cards: &CardData, seat: usize) -> i16 {
        i16::from(self.stars(cards, seat, Suit::Economic))
    }

    /// Whether a card of `seat`'s court with this ability is there (PP-15).
    pub fn has_ability(&self, cards: &CardData, seat: usize, ability: Ability) -> bool {
        self.ability_cards(cards, seat, ability).next().is_some()
    }

    /// The cards of `seat`'s court with this ability, left to right.
    pub(crate) fn ability_cards<'a>(
        &'a self,
        cards: &'a CardData,
        seat: usize,
        ability: Ability,
    ) -> impl Iterator<Item = CardId> + 'a {
        self.players[seat]
            .court
            .as_slice()
            .iter()
            .copied()
            .filter(move |&c| {
                cards
                    .court(c)
                    .is_some_and(|c| c.special_ability == Some(ability))
            })
    }

    /// Whether `seat` holds a purchased event with this lasting effect (PP-14.2).
    pub fn has_effect(&self, cards: &CardData, seat: usize, effect: EventEffect) -> bool {
        self.players[seat]
            .events
            .iter()
            .any(|c| cards.event(c).is_some_and(|e| e.purchased == effect))
    }

    /// Whether a global lasting effect is active (PP-14.2): a held discarded half, a held
    /// global purchased half, or #111's while it is in the market.
    pub fn global_effect(&self, cards: &CardData, effect: EventEffect) -> bool {
        if effect == EventEffect::PublicWithdrawal {
            return self
                .market
                .iter()
                .flatten()
                .any(|&c| is_public_withdrawal(cards, c));
        }
        self.global_events.iter().any(|c| {
            cards
                .event(c)
                .is_some_and(|e| e.discarded == effect || e.purchased == effect)
        })
    }

    /// Whether a court card of `seat` is favored (PP-6.3).
    pub fn is_favored(&self, cards: &CardData, seat: usize, card: CardId) -> bool {
        let Some(facts) = cards.court(card) else {
            return false;
        };
        facts.suit == self.favored
            || matches!(
                facts.special_ability,
                Some(Ability::SavvyOperator | Ability::Irregulars)
            )
            || (facts.suit == Suit::Military
                && self.has_effect(cards, seat, EventEffect::NewTactics))
    }

    /// Influence of `seat` (PP-9.2).
    pub fn influence(&self, cards: &CardData, seat: usize) -> u16 {
        let player = &self.players[seat];
        let patriots = self.patriots(cards, seat, |_| true);
        let gifts = player.gifts.iter().filter(|&&g| g).count() as u16;
        1 + patriots + player.prizes.len() as u16 + self.gift_value(cards, seat) * gifts
    }

    /// The patriots in `seat`'s court whose coalition `counts`, for influence: none while a
    /// Rumor targets the seat (PP-9.2, PP-14.1).
    pub(crate) fn patriots(
        &self,
        cards: &CardData,
        seat: usize,
        counts: impl Fn(Coalition) -> bool,
    ) -> u16 {
        if self.rumor == Some(seat as u8) {
            return 0;
        }
        self.players[seat]
            .court
            .as_slice()
            .iter()
            .filter(|&&c| cards.court(c).and_then(|c| c.patriot).is_some_and(&counts))
            .count() as u16
    }

    /// What one gift of `seat` is worth in influence (PP-9.2): 1, 0 under Embarrassment of
    /// Riches, 2 with Koh-i-noor Recovered.
    pub(crate) fn gift_value(&self, cards: &CardData, seat: usize) -> u16 {
        if self.global_effect(cards, EventEffect::EmbarrassmentOfRiches) {
            0
        } else if self.has_effect(cards, seat, EventEffect::KohINoorRecovered) {
            2
        } else {
            1
        }
    }
}

/// Whether `card` is the event whose lower half is Public Withdrawal (PP-14).
pub(crate) fn is_public_withdrawal(cards: &CardData, card: CardId) -> bool {
    cards
        .event(card)
        .is_some_and(|e| e.purchased == EventEffect::PublicWithdrawal)
}
