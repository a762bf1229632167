//! The sieve (WK-0.2) and Wakhan's two priority lists: the court discard sieve (WK-3.1, also
//! her hand discards, WK-3.3) and the card priority (WK-3.2).
//!
//! A criterion keeps the candidates with its best value; one that would keep none keeps all.
//! With yes/no tests valued 1 and 0 that is the same as "best value", so every criterion is a
//! value to maximise and the sieve is a lexicographic maximum. The last criterion compares
//! card numbers, which are unique, so one card is always left.

use super::super::{CardData, CardId, State, Suit};
use super::WAKHAN_SEAT;

/// What a sieve chose and which criterion settled it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Sifted {
    /// The card left.
    pub card: CardId,
    /// The criterion (1-based) after which one card was left; 0 when there was one candidate.
    pub step: u8,
    /// The criterion's words.
    pub why: &'static str,
}

impl Sifted {
    /// `sieve WK-3.2 step 2: favored`, for the log.
    pub fn reason(&self, list: &str) -> String {
        if self.step == 0 {
            let _ = list;
            "the only candidate".to_string()
        } else {
            format!("sieve {list} step {}: {}", self.step, self.why)
        }
    }
}

/// Applies the criteria in order (WK-0.2); each maps a card to a value, higher kept.
fn sieve(
    candidates: &[CardId],
    criteria: &[(&'static str, &dyn Fn(CardId) -> i32)],
) -> Option<Sifted> {
    let mut left: Vec<CardId> = candidates.to_vec();
    left.sort_unstable();
    left.dedup();
    if left.len() <= 1 {
        return left.first().map(|&card| Sifted {
            card,
            step: 0,
            why: "",
        });
    }
    for (i, (why, value)) in criteria.iter().enumerate() {
        let best = left.iter().map(|&c| value(c)).max()?;
        left.retain(|&c| value(c) == best);
        if left.len() == 1 {
            return Some(Sifted {
                card: left[0],
                step: i as u8 + 1,
                why,
            });
        }
    }
    // Unique card numbers make the last criterion decide; keep the highest number otherwise.
    left.last().map(|&card| Sifted {
        card,
        step: criteria.len() as u8,
        why: criteria.last().map_or("", |c| c.0),
    })
}

impl State {
    /// The seat whose court holds `card`, or Wakhan's for a card in her hand.
    fn holder(&self, card: CardId) -> usize {
        self.court_owner(card).unwrap_or(WAKHAN_SEAT)
    }

    fn leveraged(cards: &CardData, card: CardId) -> bool {
        cards.court(card).is_some_and(|c| c.leveraged())
    }

    /// Spies of every opponent of Wakhan on `card`.
    pub(crate) fn opponent_spies(&self, card: CardId) -> i32 {
        (0..self.players())
            .filter(|&p| p != WAKHAN_SEAT)
            .map(|p| i32::from(self.spies(card, p)))
            .sum()
    }

    /// The card priority (WK-3.2): which of `candidates` (court cards of any court) she acts
    /// on.
    pub(crate) fn card_priority(&self, cards: &CardData, candidates: &[CardId]) -> Option<Sifted> {
        let dominant = self.dominant_coalition(cards);
        let facts = |c: CardId| cards.court(c);
        let yes = |b: bool| i32::from(b);
        sieve(
            candidates,
            &[
                ("an opponent's card", &|c| {
                    yes(self.court_owner(c).is_some_and(|o| o != WAKHAN_SEAT))
                }),
                ("favored", &|c| {
                    yes(self.is_favored(cards, self.holder(c), c))
                }),
                ("a patriot of the dominant coalition", &|c| {
                    yes(dominant.is_some() && facts(c).and_then(|f| f.patriot) == dominant)
                }),
                ("a prize of the dominant coalition", &|c| {
                    yes(dominant.is_some() && facts(c).and_then(|f| f.prize) == dominant)
                }),
                ("a patriot", &|c| {
                    yes(facts(c).is_some_and(|f| f.patriot.is_some()))
                }),
                ("leveraged", &|c| yes(State::leveraged(cards, c))),
                ("the highest rank", &|c| {
                    facts(c).map_or(0, |f| i32::from(f.rank))
                }),
                ("the highest card number", &|c| i32::from(c.0)),
            ],
        )
    }

    /// The court discard sieve (WK-3.1), also her hand discards (WK-3.3: spies count 0 on a
    /// hand card, as none can be there).
    pub(crate) fn discard_priority(
        &self,
        cards: &CardData,
        candidates: &[CardId],
    ) -> Option<Sifted> {
        let facts = |c: CardId| cards.court(c);
        let no = |b: bool| i32::from(!b);
        let all_spies = |c: CardId| {
            (0..self.players())
                .map(|p| i32::from(self.spies(c, p)))
                .sum::<i32>()
        };
        sieve(
            candidates,
            &[
                ("not political", &|c| {
                    no(facts(c).is_some_and(|f| f.suit == Suit::Political))
                }),
                ("not a patriot", &|c| {
                    no(facts(c).is_some_and(|f| f.patriot.is_some()))
                }),
                ("not leveraged", &|c| no(State::leveraged(cards, c))),
                ("the most opponent spies over hers", &|c| {
                    self.opponent_spies(c) - i32::from(self.spies(c, WAKHAN_SEAT))
                }),
                ("the fewest spies", &|c| -all_spies(c)),
                ("the lowest rank", &|c| {
                    -facts(c).map_or(0, |f| i32::from(f.rank))
                }),
                ("not favored", &|c| {
                    no(self.is_favored(cards, self.holder(c), c))
                }),
                ("the lowest card number", &|c| -i32::from(c.0)),
            ],
        )
    }
}
