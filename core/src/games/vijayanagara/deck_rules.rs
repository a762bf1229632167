//! What the sequence of play reads from the deck in use (§2.3.2, §2.3.4, §2.4): each Event
//! card's faction order and Stay Eligible flag, and each Mongol Invasion card's operator.
//!
//! The state keeps these rules itself, so a game played with a user's deck is replayed,
//! snapshotted and restored with that deck's orders, not the default deck's.

use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::cards::{CardSet, parse_order};
use super::{EVENT_CARDS, MONGOL_INVASION_CARDS, Player};

/// The order and Stay Eligible flag of one Event card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct EventRule {
    order: [Player; 3],
    stay_eligible: bool,
}

/// The play-order rules of a whole deck: 36 Event cards and 8 Mongol Invasion cards.
///
/// ```
/// use darbar::vijayanagara::{DeckRules, Player};
///
/// let mut rules = DeckRules::standard();
/// assert_eq!(rules.order(1), [Player::Sultanate, Player::Vijayanagara, Player::Bahmani]);
/// rules.set_event(1, [Player::Bahmani, Player::Sultanate, Player::Vijayanagara], false);
/// assert!(!rules.stay_eligible(1));
/// assert_eq!(rules.operator(37), Player::Bahmani);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DeckRules {
    events: [EventRule; 36],
    operators: [Player; 8],
}

impl DeckRules {
    /// The rules of a card set.
    pub fn of(cards: &CardSet) -> DeckRules {
        let event = |n: u8| {
            cards.event(n).map_or(
                EventRule {
                    order: Player::ALL,
                    stay_eligible: false,
                },
                |c| EventRule {
                    order: c.order,
                    stay_eligible: c.stay_eligible,
                },
            )
        };
        let operator = |n: u8| cards.invasion(n).map_or(Player::Bahmani, |c| c.faction);
        DeckRules {
            events: std::array::from_fn(|i| event(EVENT_CARDS.start() + i as u8)),
            operators: std::array::from_fn(|i| operator(MONGOL_INVASION_CARDS.start() + i as u8)),
        }
    }

    /// The rules of the darbar default deck.
    pub fn standard() -> DeckRules {
        static STANDARD: OnceLock<DeckRules> = OnceLock::new();
        *STANDARD.get_or_init(|| DeckRules::of(CardSet::standard()))
    }

    /// Whether these are the default deck's rules.
    pub fn is_standard(&self) -> bool {
        *self == DeckRules::standard()
    }

    fn event(&self, card: u8) -> Option<&EventRule> {
        self.events.get(usize::from(card.checked_sub(1)?))
    }

    /// Event card `card`'s faction order (§2.3.2); the order D, B, V for a number that is
    /// not an Event card.
    pub fn order(&self, card: u8) -> [Player; 3] {
        self.event(card).map_or(Player::ALL, |e| e.order)
    }

    /// Whether the faction that carries out Event card `card` stays eligible (§2.3.4).
    pub fn stay_eligible(&self, card: u8) -> bool {
        self.event(card).is_some_and(|e| e.stay_eligible)
    }

    /// The faction that operates the Mongols for Mongol Invasion card `card` (§2.4.1).
    pub fn operator(&self, card: u8) -> Player {
        card.checked_sub(*MONGOL_INVASION_CARDS.start())
            .and_then(|i| self.operators.get(usize::from(i)))
            .copied()
            .unwrap_or(Player::Bahmani)
    }

    /// Sets Event card `card`'s order and Stay Eligible flag; other numbers are ignored.
    pub fn set_event(&mut self, card: u8, order: [Player; 3], stay_eligible: bool) {
        if let Some(rule) = card
            .checked_sub(1)
            .and_then(|i| self.events.get_mut(usize::from(i)))
        {
            *rule = EventRule {
                order,
                stay_eligible,
            };
        }
    }

    /// Sets Mongol Invasion card `card`'s operator; other numbers are ignored.
    pub fn set_operator(&mut self, card: u8, operator: Player) {
        if let Some(slot) = card
            .checked_sub(*MONGOL_INVASION_CARDS.start())
            .and_then(|i| self.operators.get_mut(usize::from(i)))
        {
            *slot = operator;
        }
    }
}

impl Default for DeckRules {
    fn default() -> Self {
        DeckRules::standard()
    }
}

fn letter(player: Player) -> char {
    player
        .faction()
        .abbreviation()
        .chars()
        .next()
        .unwrap_or('?')
}

/// The snapshot form: `events` as `"DVB+"` (order, `+` when Stay Eligible), `operators` as
/// `"BVBVBVBV"`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckRulesForm {
    events: Vec<String>,
    operators: String,
}

impl Serialize for DeckRules {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        DeckRulesForm {
            events: self
                .events
                .iter()
                .map(|e| {
                    let mut text: String = e.order.into_iter().map(letter).collect();
                    if e.stay_eligible {
                        text.push('+');
                    }
                    text
                })
                .collect(),
            operators: self.operators.into_iter().map(letter).collect(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for DeckRules {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let form = DeckRulesForm::deserialize(deserializer)?;
        let invalid = |what: &dyn fmt::Display| D::Error::custom(format!("deck rules: {what}"));
        if form.events.len() != 36 {
            return Err(invalid(&"36 Event cards expected (§2.1)"));
        }
        let mut rules = DeckRules::standard();
        for (card, text) in EVENT_CARDS.zip(&form.events) {
            let (order, stay_eligible) = match text.strip_suffix('+') {
                Some(order) => (order, true),
                None => (text.as_str(), false),
            };
            let order = parse_order(order).ok_or_else(|| {
                invalid(&format_args!(
                    "card {card}: {text:?} is not an order of D, B and V (§2.3.2)"
                ))
            })?;
            rules.set_event(card, order, stay_eligible);
        }
        let operators: Vec<char> = form.operators.chars().collect();
        if operators.len() != 8 {
            return Err(invalid(&"8 Mongol Invasion operators expected (§2.4)"));
        }
        for (card, c) in MONGOL_INVASION_CARDS.zip(operators) {
            let operator = match c {
                'B' => Player::Bahmani,
                'V' => Player::Vijayanagara,
                _ => {
                    return Err(invalid(&format_args!(
                        "card {card}: {c:?} cannot operate the Mongols; B or V must (§2.4.1)"
                    )));
                }
            };
            rules.set_operator(card, operator);
        }
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_rules_are_the_card_files() {
        let rules = DeckRules::standard();
        let cards = CardSet::standard();
        for n in EVENT_CARDS {
            assert_eq!(rules.order(n), cards.event(n).unwrap().order);
            assert_eq!(
                rules.stay_eligible(n),
                cards.event(n).unwrap().stay_eligible
            );
        }
        for n in MONGOL_INVASION_CARDS {
            assert_eq!(rules.operator(n), cards.invasion(n).unwrap().faction);
        }
    }

    #[test]
    fn rules_round_trip_through_their_snapshot_form() {
        let mut rules = DeckRules::standard();
        rules.set_event(
            17,
            [Player::Vijayanagara, Player::Bahmani, Player::Sultanate],
            false,
        );
        rules.set_operator(44, Player::Bahmani);
        let json = serde_json::to_string(&rules).unwrap();
        assert!(json.contains("\"VBD\""), "{json}");
        assert_eq!(serde_json::from_str::<DeckRules>(&json).unwrap(), rules);
        let bad = json.replace("\"VBD\"", "\"VVD\"");
        let error = serde_json::from_str::<DeckRules>(&bad).unwrap_err();
        assert!(error.to_string().contains("2.3.2"), "{error}");
    }
}
