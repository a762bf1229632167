//! The cards and the deck construction of §2.1.
//!
//! Until the event deck exists as scripts, Event cards are known by their number 1–36 and
//! Mongol Invasion cards by 37–44.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::engine::{GameRng, Rule};

/// The three Succession cards, always in this order (§2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum SuccessionCard {
    /// The 1st: turns the Dynasty to Tughlaq (§2.5.1).
    ZenithOfTheSultanate,
    /// The 2nd (§2.5.2).
    RiseOfTheRebelSultans,
    /// The 3rd (§2.5.3).
    LordsOfTheDeccan,
}

impl SuccessionCard {
    /// The three in deck order.
    pub const ALL: [SuccessionCard; 3] = [
        SuccessionCard::ZenithOfTheSultanate,
        SuccessionCard::RiseOfTheRebelSultans,
        SuccessionCard::LordsOfTheDeccan,
    ];

    /// The card's title.
    pub fn title(self) -> &'static str {
        match self {
            SuccessionCard::ZenithOfTheSultanate => "Zenith of the Delhi Sultanate",
            SuccessionCard::RiseOfTheRebelSultans => "Rise of the Rebel Sultans",
            SuccessionCard::LordsOfTheDeccan => "Lords of the Deccan",
        }
    }
}

/// A card of the deck (§1.2, §2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Card {
    /// Event card 1–36 (§2.3).
    Event(u8),
    /// Mongol Invasion card 37–44 (§2.4).
    MongolInvasion(u8),
    /// A Succession card (§2.5).
    Succession(SuccessionCard),
    /// Timurid card 1 or 2 (§2.6).
    Timurid(u8),
}

/// Event cards are numbered 1 to 36.
pub const EVENT_CARDS: std::ops::RangeInclusive<u8> = 1..=36;
/// Mongol Invasion cards are numbered 37 to 44.
pub const MONGOL_INVASION_CARDS: std::ops::RangeInclusive<u8> = 37..=44;
/// Cards in a built deck: 4 stacks of 8 and the 3 Succession cards (§2.1).
pub const DECK_SIZE: usize = 35;
/// Where the Succession cards lie, counted from the top (§2.1 step 8).
pub const SUCCESSION_POSITIONS: [usize; 3] = [8, 17, 26];

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Event(n) => write!(f, "Event {n}"),
            Card::MongolInvasion(n) => write!(f, "Mongol Invasion {n}"),
            Card::Succession(s) => f.write_str(s.title()),
            Card::Timurid(n) => write!(f, "Timurid {n}"),
        }
    }
}

/// The draw pile and the played cards: `cards[..drawn]` have been revealed (the most recent
/// last), `cards[drawn..]` are still to come, top first. Both are fixed at setup, so the played
/// piles are derived, never stored twice. A fixed array keeps the state free of heap
/// allocations, so cloning it is a plain copy (architecture principle 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deck {
    #[serde(with = "card_array")]
    cards: [Card; DECK_SIZE],
    drawn: usize,
}

/// Serde for the card array as a list (serde derives arrays only up to 32 elements).
mod card_array {
    use super::{Card, DECK_SIZE};
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(cards: &[Card; DECK_SIZE], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(cards.iter())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Card; DECK_SIZE], D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        let found = cards.len();
        cards.try_into().map_err(|_| {
            serde::de::Error::custom(format!(
                "the deck has {found} cards, not {DECK_SIZE} (§2.1)"
            ))
        })
    }
}

impl Deck {
    /// Builds the deck of §2.1 from the bottom up with `rng`:
    /// stack 1 (6 Events + 2 Mongol Invasion) · Zenith · stack 2 (same) · Rise · stack 3 (same) ·
    /// Lords · stack 4 (6 Events + both Timurid cards). The other 12 Events and 2 Mongol
    /// Invasion cards are out of the game, unseen (OQ-21).
    pub fn build(rng: &mut GameRng) -> Deck {
        let mut events: Vec<u8> = EVENT_CARDS.collect();
        rng.shuffle(&mut events);
        let mut invasions: Vec<u8> = MONGOL_INVASION_CARDS.collect();
        rng.shuffle(&mut invasions);
        let mut stacks: Vec<Vec<Card>> = events
            .chunks(6)
            .take(4)
            .map(|chunk| chunk.iter().map(|&n| Card::Event(n)).collect())
            .collect();
        for (stack, pair) in stacks.iter_mut().zip(invasions.chunks(2)).take(3) {
            stack.extend(pair.iter().map(|&n| Card::MongolInvasion(n)));
        }
        stacks[3].extend([Card::Timurid(1), Card::Timurid(2)]);
        for stack in &mut stacks {
            rng.shuffle(stack);
        }
        let mut cards = [Card::Timurid(1); DECK_SIZE];
        let order = stacks.into_iter().enumerate().flat_map(|(i, stack)| {
            let succession = SuccessionCard::ALL.get(i).map(|&s| Card::Succession(s));
            stack.into_iter().chain(succession)
        });
        for (slot, card) in cards.iter_mut().zip(order) {
            *slot = card;
        }
        Deck { cards, drawn: 0 }
    }

    /// Every card of the deck, top first, revealed ones included.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// The cards revealed so far, in the order they were revealed (§2.3: public).
    pub fn played(&self) -> &[Card] {
        &self.cards[..self.drawn]
    }

    /// The card revealed last, if any.
    pub fn current(&self) -> Option<Card> {
        self.played().last().copied()
    }

    /// How many cards are left to draw (§2.3: public).
    pub fn remaining(&self) -> usize {
        self.cards.len() - self.drawn
    }

    /// Reveals the top card (§2.2), or `None` if the deck is exhausted.
    pub fn draw(&mut self) -> Option<Card> {
        let card = self.cards.get(self.drawn).copied()?;
        self.drawn += 1;
        Some(card)
    }

    /// A deck that a player could not tell from this one: the revealed cards as they are, and
    /// the cards still to come drawn afresh from every card not yet seen, within the stack
    /// structure of §2.1 (each stack keeps how many Events, Mongol Invasion and Timurid cards
    /// are left in it; the Succession cards keep their places). What is still to come, and
    /// which 12 Events and 2 Mongol Invasion cards are out of the game, is hidden (OQ-21).
    pub fn resample(&self, rng: &mut GameRng) -> Deck {
        let played = self.played();
        let mut events: Vec<u8> = EVENT_CARDS
            .filter(|&n| !played.contains(&Card::Event(n)))
            .collect();
        let mut invasions: Vec<u8> = MONGOL_INVASION_CARDS
            .filter(|&n| !played.contains(&Card::MongolInvasion(n)))
            .collect();
        rng.shuffle(&mut events);
        rng.shuffle(&mut invasions);
        let mut cards = self.cards;
        let mut start = self.drawn;
        while start < DECK_SIZE {
            let end = (start..DECK_SIZE)
                .find(|&i| matches!(cards[i], Card::Succession(_)))
                .unwrap_or(DECK_SIZE);
            let stack = &mut cards[start..end];
            // Sorted first, so that the new stack depends on how many cards of each kind it
            // holds, which the players know, and not on the order they are in, which they do
            // not: a search with one seed then plays alike in both.
            stack.sort();
            for card in stack.iter_mut() {
                *card = match *card {
                    Card::Event(_) => Card::Event(events.pop().unwrap_or(0)),
                    Card::MongolInvasion(_) => Card::MongolInvasion(invasions.pop().unwrap_or(0)),
                    other => other,
                };
            }
            rng.shuffle(stack);
            start = end + 1;
        }
        Deck {
            cards,
            drawn: self.drawn,
        }
    }

    /// Checks the structure of §2.1 (the order of stacks and Succession cards).
    pub fn validate(&self) -> Result<(), (Rule, String)> {
        let bad = |reason: String| Err((Rule("2.1"), reason));
        if self.cards.len() != DECK_SIZE {
            return bad(format!(
                "deck has {} cards, not {DECK_SIZE}",
                self.cards.len()
            ));
        }
        if self.drawn > DECK_SIZE {
            return bad(format!(
                "{} cards drawn from a deck of {DECK_SIZE}",
                self.drawn
            ));
        }
        let mut seen_events = [false; 37];
        let mut seen_invasions = [false; 45];
        for (stack_index, stack) in self
            .cards
            .split(|c| matches!(c, Card::Succession(_)))
            .enumerate()
        {
            if stack.len() != 8 {
                return bad(format!(
                    "stack {} has {} cards, not 8",
                    stack_index + 1,
                    stack.len()
                ));
            }
            let (mut events, mut invasions, mut timurids) = (0, 0, 0);
            for card in stack {
                match *card {
                    Card::Event(n) if EVENT_CARDS.contains(&n) => {
                        if std::mem::replace(&mut seen_events[usize::from(n)], true) {
                            return bad(format!("Event {n} appears twice"));
                        }
                        events += 1;
                    }
                    Card::MongolInvasion(n) if MONGOL_INVASION_CARDS.contains(&n) => {
                        if std::mem::replace(&mut seen_invasions[usize::from(n)], true) {
                            return bad(format!("Mongol Invasion {n} appears twice"));
                        }
                        invasions += 1;
                    }
                    Card::Timurid(n @ 1..=2) => {
                        if stack[..].iter().filter(|&&c| c == Card::Timurid(n)).count() > 1 {
                            return bad(format!("Timurid {n} appears twice"));
                        }
                        timurids += 1;
                    }
                    other => return bad(format!("{other:?} is not a card of the game")),
                }
            }
            let expected = if stack_index == 3 {
                (6, 0, 2)
            } else {
                (6, 2, 0)
            };
            if (events, invasions, timurids) != expected {
                return bad(format!(
                    "stack {} holds {events} Events, {invasions} Mongol Invasion and {timurids} \
                     Timurid cards, not {expected:?}",
                    stack_index + 1
                ));
            }
        }
        for (position, succession) in SUCCESSION_POSITIONS.into_iter().zip(SuccessionCard::ALL) {
            if self.cards[position] != Card::Succession(succession) {
                return bad(format!(
                    "{} is not at position {}",
                    succession.title(),
                    position + 1
                ));
            }
        }
        Ok(())
    }
}
