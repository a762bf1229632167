//! **Wakhan**, the automated opponent of Pax Pamir for one or two people (WK-0 to WK-14).
//!
//! She is part of the rules, not a bot beside them: her AI deck is game state, and the rules
//! answer every decision of her seat themselves, from her AI cards and priority lists, so that
//! [`Game::decision`](crate::engine::Game::decision) only ever asks a person (or a bot playing
//! a person's seat). She sits at seat 0 and plays first (WK-10); `players` counts her seat.
//! Every choice she makes is a log line naming the rule that made it.
//!
//! ```
//! use darbar::engine::{Game, Log};
//! use darbar::pax_pamir::{Options, PaxPamir};
//!
//! let game = PaxPamir::new(Options { players: 2, wakhan: true, ..Options::default() }).unwrap();
//! let mut state = game.new_initial_state(5);
//! assert_eq!(state.wakhan_seat(), Some(0));
//! let mut log = Log::recording();
//! let loyalty = game.decision(&state).unwrap(); // the person at seat 1 chooses (WK-10)
//! assert_eq!(loyalty.player, 1);
//! game.apply(&mut state, loyalty.choices[0], &mut log).unwrap();
//! // Wakhan's first turn has been played: the person decides again.
//! assert_eq!(game.decision(&state).unwrap().player, 1);
//! assert!(log.take().iter().any(|line| line.contains("(WK-1.2)")));
//! ```
//!
//! The AI-card facts are read from the separately licensed data file `data/wakhan.json`
//! (CC BY-NC-SA 4.0, Wehrlegig Games; Wakhan designed by Richard Wilkins).

mod actions;
mod ai_cards;
mod decisions;
mod icons;
mod radicalize;
mod sieve;
mod turn;

use serde::{Deserialize, Serialize};

pub use ai_cards::{AI_CARDS, AiCard, AiCards, Label, Line, RedArrow};

use super::{CardData, Coalition, State};

/// Wakhan's seat whenever she plays (WK-10: she takes the first turn).
pub const WAKHAN_SEAT: usize = 0;

/// The AI deck and what it shows (WK-1.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AiDeck {
    /// The face-down deck, top first; only `deck[..len]` is in it. Its order is hidden.
    pub(crate) deck: [u8; AI_CARDS],
    /// Cards in the deck.
    pub(crate) len: u8,
    /// The face-up discard pile, bit `n` for card `n`; the current card is among them.
    pub(crate) discard: u32,
    /// The current AI card (WK-1.2 step 2), 0 before her first turn.
    pub(crate) current: u8,
    /// Cards drawn since setup: what the undo mark counts (WK-1.2).
    pub(crate) draws: u32,
    /// Whether the Battle under way is the card-battle line's (WK-12), not a plain Battle.
    #[serde(default)]
    pub(crate) card_battle: bool,
}

impl AiDeck {
    /// The shuffled deck of setup (WK-1.2 step 1).
    pub(crate) fn shuffled(rng: &mut crate::engine::GameRng) -> AiDeck {
        let mut cards: Vec<u8> = (1..=AI_CARDS as u8).collect();
        rng.shuffle(&mut cards);
        let mut deck = [0; AI_CARDS];
        deck.copy_from_slice(&cards);
        AiDeck {
            deck,
            len: AI_CARDS as u8,
            discard: 0,
            current: 0,
            draws: 0,
            card_battle: false,
        }
    }

    /// The cards in the deck, top first.
    pub fn cards(&self) -> &[u8] {
        &self.deck[..usize::from(self.len).min(AI_CARDS)]
    }

    /// The current AI card's number, once she has drawn one.
    pub fn current(&self) -> Option<u8> {
        (self.current != 0).then_some(self.current)
    }

    /// The next AI card's number (the top of the deck; only its back is seen).
    pub(crate) fn next(&self) -> Option<u8> {
        self.cards().first().copied()
    }

    /// The face-up discard pile, in number order.
    pub fn discard_pile(&self) -> Vec<u8> {
        (1..=AI_CARDS as u8)
            .filter(|&n| self.discard & (1 << n) != 0)
            .collect()
    }
}

/// The back of an AI card (WK-1.1): all the table sees of the next card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiBack {
    /// The labels in the upper and lower position.
    pub labels: [Label; 2],
    /// The six numbers, top to bottom.
    pub numbers: [u8; 6],
}

/// What the arrows of the current card read on the back of the next (WK-1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrows {
    /// The label the red arrow points at: the market row, the court side and the tie-break
    /// between opponents.
    pub label: Label,
    /// The market column the black arrow points at.
    pub column: u8,
}

impl State {
    /// Wakhan's seat, or `None` in a game without her.
    pub fn wakhan_seat(&self) -> Option<usize> {
        self.ai.is_some().then_some(WAKHAN_SEAT)
    }

    /// Whether `seat` is Wakhan's.
    pub fn is_wakhan(&self, seat: usize) -> bool {
        self.ai.is_some() && seat == WAKHAN_SEAT
    }

    /// The AI deck, in a game with Wakhan.
    pub fn ai_deck(&self) -> Option<&AiDeck> {
        self.ai.as_ref()
    }

    /// The current AI card (WK-1.2), once she has drawn one.
    pub fn current_ai_card<'a>(&self, cards: &'a CardData) -> Option<&'a AiCard> {
        cards.ai_cards().card(self.ai.as_ref()?.current()?)
    }

    /// The next AI card's back, as the table sees it (WK-1.2): its labels and numbers, never
    /// which card it is.
    pub fn next_ai_back(&self, cards: &CardData) -> Option<AiBack> {
        let next = cards.ai_cards().card(self.ai.as_ref()?.next()?)?;
        Some(AiBack {
            labels: next.back_labels,
            numbers: next.back_numbers,
        })
    }

    /// The arrows' reading (WK-1.3), once she has a current card and a next one.
    pub fn arrows(&self, cards: &CardData) -> Option<Arrows> {
        let current = self.current_ai_card(cards)?;
        let next = self.next_ai_back(cards)?;
        let label = next.labels[match current.red_arrow {
            RedArrow::Upper => 0,
            RedArrow::Lower => 1,
        }];
        let column = next.numbers[usize::from(current.black_arrow).min(5)];
        Some(Arrows { label, column })
    }

    /// Wakhan's pragmatic loyalty (WK-1.4): the first coalition of the current AI card's list
    /// that no opponent is loyal to (with `wakhan_variant_steadfast_loyalty`, the free one with
    /// the most blocks in play). Before her first card, the first free coalition.
    pub fn pragmatic_loyalty(&self, cards: &CardData) -> Coalition {
        let order = self
            .current_ai_card(cards)
            .map_or(Coalition::ALL, |c| c.pragmatic_loyalty);
        let taken = |k: Coalition| {
            (0..self.players()).any(|p| !self.is_wakhan(p) && self.players[p].loyalty == Some(k))
        };
        let mut free = order.into_iter().filter(|&k| !taken(k));
        let first = free.clone().next().unwrap_or(order[0]);
        if self.options.wakhan_variant_steadfast_loyalty {
            // The most blocks; the card's order breaks a tie (max_by_key keeps the last best).
            free.rev()
                .max_by_key(|&k| self.blocks_on_map(k))
                .unwrap_or(first)
        } else {
            free.next().unwrap_or(first)
        }
    }

    /// The coalition whose blocks `seat` places, moves and battles with: its loyalty, or
    /// Wakhan's pragmatic loyalty (WK-1.4).
    pub(crate) fn block_coalition(&self, cards: &CardData, seat: usize) -> Option<Coalition> {
        if self.is_wakhan(seat) {
            Some(self.pragmatic_loyalty(cards))
        } else {
            self.players[seat].loyalty
        }
    }

    /// Whether `seat` counts as loyal to `coalition` (Wakhan is loyal to all three, WK-11.5).
    pub fn loyal_to(&self, seat: usize, coalition: Coalition) -> bool {
        self.is_wakhan(seat) || self.players[seat].loyalty == Some(coalition)
    }

    /// Wakhan's influence in `coalition` (WK-11.5): 1, her patriots of it (none under a
    /// Rumor on her), her prizes of it, and her gifts at their value.
    pub fn wakhan_influence(&self, cards: &CardData, coalition: Coalition) -> u16 {
        let seat = WAKHAN_SEAT;
        let player = &self.players[seat];
        let patriots = self.patriots(cards, seat, |k| k == coalition);
        let prizes = player
            .prizes
            .iter()
            .filter(|&c| cards.court(c).and_then(|c| c.prize) == Some(coalition))
            .count() as u16;
        let gifts = player.gifts.iter().filter(|&&g| g).count() as u16;
        1 + patriots + prizes + self.gift_value(cards, seat) * gifts
    }

    /// The opponents in the red arrow's order (WK-1.6): for label T the one who plays just
    /// before her first, for B the one just after (`wakhan_red_arrow_players = SeatReading`
    /// swaps them).
    pub(crate) fn red_arrow_opponents(&self, cards: &CardData) -> Vec<usize> {
        let label = self.arrows(cards).map_or(Label::T, |a| a.label);
        let before_first = match self.options.wakhan_red_arrow_players {
            super::options::RedArrowPlayers::ImplReading => label == Label::T,
            super::options::RedArrowPlayers::SeatReading => label == Label::B,
        };
        // Turn order runs 0 (Wakhan), 1, 2: seat 1 plays just after her, the last seat just
        // before.
        let mut after: Vec<usize> = (1..self.players()).collect();
        if before_first {
            after.reverse();
        }
        after
    }
}
