//! What the sequence of play needs to know about each card: an Event card's faction order and
//! Stay Eligible flag (§2.3.2, §2.3.4), a Mongol Invasion card's named faction (§2.4, OQ-9).
//!
//! The data is the darbar default deck (`data/cards.json`, our own design, not the published
//! cards, which are not available: ruling R-0), validated when it is loaded. The effects of the
//! events are card scripts run by an event host; see [`EventHost`](super::EventHost).

use std::sync::OnceLock;

use serde::Deserialize;
use thiserror::Error;

use super::{Card, EVENT_CARDS, MONGOL_INVASION_CARDS, Player, SuccessionCard};
use crate::engine::{CardSide, CardText};

/// The text every Mongol Invasion card of the default deck bears (deck §3): what the core
/// carries out for the named faction (§2.4.1, §2.4.2).
const MONGOL_INVASION_TEXT: &str = "Strategic Aid: the named faction carries out 2 Mongol \
    commands (§2.4.1, §3.5); the same command may be chosen twice. Gift of Compromise: that \
    faction may then shift its own Influence −1 to gain 2 Resources and 2 cavalry, if its \
    Influence is at least 1 (§2.4.2, OQ-25).";

/// The data of one Event card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventCard {
    /// 1–36.
    pub number: u8,
    /// The card's title.
    pub title: String,
    /// The faction symbols left to right: the order in which eligible factions act (§2.3.2).
    pub order: [Player; 3],
    /// Whether the faction that carries out the Event stays eligible (§2.3.4).
    pub stay_eligible: bool,
    /// The unshaded text.
    pub unshaded: String,
    /// The shaded text.
    pub shaded: String,
}

/// The data of one Mongol Invasion card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MongolInvasionCard {
    /// 37–44.
    pub number: u8,
    /// The card's title.
    pub title: String,
    /// The faction that operates the Mongols for this card (§2.4.1, OQ-9): BK or VN.
    pub faction: Player,
    /// The card's text, read by people only: the core carries out §2.4 whatever it says.
    pub text: String,
}

impl EventCard {
    /// The card's words: its title and both sides' texts (§2.3.4), with `file` the card file
    /// that defines it, if any.
    pub fn card_text(&self, file: Option<&str>) -> CardText {
        CardText {
            number: u32::from(self.number),
            kind: "Event".into(),
            title: self.title.clone(),
            sides: vec![
                CardSide {
                    name: "unshaded".into(),
                    text: self.unshaded.clone(),
                },
                CardSide {
                    name: "shaded".into(),
                    text: self.shaded.clone(),
                },
            ],
            file: file.map(str::to_owned),
        }
    }
}

impl MongolInvasionCard {
    /// The text every Mongol Invasion card of the default deck bears (deck §3), also that of a
    /// card file that gives none.
    pub const DEFAULT_TEXT: &str = MONGOL_INVASION_TEXT;

    /// The card's words: its title, and its text after the faction it names (§2.4.1), with
    /// `file` the card file that defines it, if any.
    pub fn card_text(&self, file: Option<&str>) -> CardText {
        CardText {
            number: u32::from(self.number),
            kind: "Mongol Invasion".into(),
            title: self.title.clone(),
            sides: vec![CardSide {
                name: "text".into(),
                text: format!(
                    "Named faction: {}. {}",
                    self.faction.faction().abbreviation(),
                    self.text
                ),
            }],
            file: file.map(str::to_owned),
        }
    }
}

impl Card {
    /// The words of a card that no deck file defines, the same in every deck: the Succession
    /// and Timurid cards, numbered 45–49 as deck §4 numbers them, whose text is the rule they
    /// cite (§2.5, §2.6). `None` for Event and Mongol Invasion cards, whose words are the
    /// deck's ([`CardSet::text`]).
    ///
    /// ```
    /// use darbar::vijayanagara::{Card, SuccessionCard};
    ///
    /// let zenith = Card::Succession(SuccessionCard::ZenithOfTheSultanate).rule_text().unwrap();
    /// assert_eq!(zenith.number, 45);
    /// assert!(zenith.sides[0].text.contains("§2.5.1"));
    /// assert!(Card::Event(3).rule_text().is_none());
    /// ```
    pub fn rule_text(self) -> Option<CardText> {
        rule_card_text(self)
    }
}

fn rule_card_text(card: Card) -> Option<CardText> {
    let (number, kind, title, text) = match card {
        Card::Event(_) | Card::MongolInvasion(_) => return None,
        Card::Succession(succession) => {
            let text = match succession {
                SuccessionCard::ZenithOfTheSultanate => {
                    "The Dynasty turns to Tughlaq; DS may Campaign using only Delhi and \
                     Provinces; BK gains cavalry equal to its Influence plus the Forts on the \
                     map; VN gains Resources equal to its Influence plus the Temples on the map \
                     (§2.5.1)."
                }
                SuccessionCard::RiseOfTheRebelSultans => {
                    "DS may Campaign using only Delhi and Provinces; BK, then VN, carries out a \
                     free Limited Command, then gains Resources equal to the prosperity of the \
                     Provinces it controls and as many cavalry, at most 3 (§2.5.2)."
                }
                SuccessionCard::LordsOfTheDeccan => {
                    "DS, then BK, then VN may each buy up to 3 Influence shifts of BK's or VN's \
                     track, +1 or −1, for 3 Resources each (§2.5.3)."
                }
            };
            let number = match succession {
                SuccessionCard::ZenithOfTheSultanate => 45,
                SuccessionCard::RiseOfTheRebelSultans => 46,
                SuccessionCard::LordsOfTheDeccan => 47,
            };
            (number, "Succession", succession.title(), text)
        }
        Card::Timurid(n) => {
            let title = if n == 1 {
                "Timur Crosses the Indus (1398)"
            } else {
                "Timur at the Gates of Delhi (1398)"
            };
            let text = "The first Timurid card drawn moves half the available Mongols (rounded \
                        down) to Mountain Passes; the second starts Timur's Invasion of Delhi, \
                        and then the game ends (§2.6).";
            (47 + u32::from(n), "Timurid", title, text)
        }
    };
    Some(CardText {
        number,
        kind: kind.into(),
        title: title.into(),
        sides: vec![CardSide {
            name: "text".into(),
            text: text.into(),
        }],
        file: None,
    })
}

/// The cards of a deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardSet {
    name: String,
    events: Vec<EventCard>,
    invasions: Vec<MongolInvasionCard>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardFile {
    name: String,
    #[allow(dead_code)]
    note: String,
    events: Vec<EventFile>,
    mongol_invasions: Vec<InvasionFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EventFile {
    number: u8,
    title: String,
    order: String,
    stay_eligible: bool,
    unshaded: String,
    shaded: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct InvasionFile {
    number: u8,
    title: String,
    faction: String,
    #[serde(default)]
    text: Option<String>,
}

/// Why a card file was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CardError {
    /// The file does not have the expected shape.
    #[error("card file does not parse: {0}")]
    Format(String),
    /// A card number is missing, repeated or out of range.
    #[error("card {0}: {1}")]
    Numbering(u8, String),
    /// A faction order that is not a permutation of D, B and V (§2.3.2).
    #[error("card {number}: faction order {order:?} is not an order of D, B and V (§2.3.2)")]
    BadOrder {
        /// The card.
        number: u8,
        /// The order given.
        order: String,
    },
    /// A Mongol Invasion card that names neither BK nor VN (§2.4.1).
    #[error("card {number}: {faction:?} cannot operate the Mongols; BK or VN must (§2.4.1)")]
    BadOperator {
        /// The card.
        number: u8,
        /// The faction given.
        faction: String,
    },
}

impl CardSet {
    /// The darbar default deck, loaded and validated once.
    pub fn standard() -> &'static CardSet {
        static CARDS: OnceLock<CardSet> = OnceLock::new();
        CARDS.get_or_init(|| {
            // Checked by the test suite (`standard_cards_are_valid`): a failure is a defect of
            // the shipped data, not of any input.
            CardSet::from_json(include_str!("data/cards.json"))
                .expect("the embedded cards are valid")
        })
    }

    /// Loads and validates a card file in the format of `data/cards.json`.
    pub fn from_json(text: &str) -> Result<CardSet, CardError> {
        let file: CardFile =
            serde_json::from_str(text).map_err(|e| CardError::Format(e.to_string()))?;
        let mut events: Vec<EventCard> = Vec::with_capacity(file.events.len());
        for (i, card) in file.events.into_iter().enumerate() {
            let expected = u8::try_from(i + 1).unwrap_or(u8::MAX);
            if card.number != expected || !EVENT_CARDS.contains(&card.number) {
                return Err(CardError::Numbering(
                    card.number,
                    format!("expected Event card {expected}"),
                ));
            }
            let order = parse_order(&card.order).ok_or_else(|| CardError::BadOrder {
                number: card.number,
                order: card.order.clone(),
            })?;
            events.push(EventCard {
                number: card.number,
                title: card.title,
                order,
                stay_eligible: card.stay_eligible,
                unshaded: card.unshaded,
                shaded: card.shaded,
            });
        }
        if events.len() != EVENT_CARDS.count() {
            return Err(CardError::Numbering(
                0,
                format!("{} Event cards, not 36", events.len()),
            ));
        }
        let mut invasions = Vec::with_capacity(file.mongol_invasions.len());
        for (card, expected) in file.mongol_invasions.into_iter().zip(MONGOL_INVASION_CARDS) {
            if card.number != expected {
                return Err(CardError::Numbering(
                    card.number,
                    format!("expected card {expected}"),
                ));
            }
            let faction = match card.faction.parse::<Player>() {
                Ok(p @ (Player::Bahmani | Player::Vijayanagara)) => p,
                _ => {
                    return Err(CardError::BadOperator {
                        number: card.number,
                        faction: card.faction,
                    });
                }
            };
            invasions.push(MongolInvasionCard {
                number: card.number,
                title: card.title,
                faction,
                text: card.text.unwrap_or_else(|| MONGOL_INVASION_TEXT.to_owned()),
            });
        }
        if invasions.len() != MONGOL_INVASION_CARDS.count() {
            return Err(CardError::Numbering(
                0,
                format!("{} Mongol Invasion cards, not 8", invasions.len()),
            ));
        }
        Ok(CardSet {
            name: file.name,
            events,
            invasions,
        })
    }

    /// The deck's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Event card `number` (1–36).
    pub fn event(&self, number: u8) -> Option<&EventCard> {
        self.events.get(usize::from(number.checked_sub(1)?))
    }

    /// Mongol Invasion card `number` (37–44).
    pub fn invasion(&self, number: u8) -> Option<&MongolInvasionCard> {
        self.invasions.get(usize::from(number.checked_sub(37)?))
    }

    /// The words of card `number` (an Event or Mongol Invasion card) in this deck.
    ///
    /// ```
    /// use darbar::vijayanagara::CardSet;
    ///
    /// let card = CardSet::standard().text(1).unwrap();
    /// assert_eq!(card.title, "The New Muslims of Mughalpura (1292)");
    /// assert_eq!(card.side("unshaded"), Some("Place 2 Mongols in Delhi."));
    /// assert!(CardSet::standard().text(37).unwrap().sides[0].text.starts_with("Named faction: BK. Strategic Aid"));
    /// ```
    pub fn text(&self, number: u8) -> Option<CardText> {
        match self.event(number) {
            Some(card) => Some(card.card_text(None)),
            None => self.invasion(number).map(|card| card.card_text(None)),
        }
    }
}

/// A card's faction order as printed, "DBV" → [DS, BK, VN] (spaces ignored); `None` unless it
/// is an order of D, B and V (§2.3.2). Card hosts read their own card headers with it.
///
/// ```
/// use darbar::vijayanagara::{Player, parse_order};
///
/// assert_eq!(parse_order("V D B"), Some([Player::Vijayanagara, Player::Sultanate, Player::Bahmani]));
/// assert_eq!(parse_order("DDB"), None);
/// ```
pub fn parse_order(text: &str) -> Option<[Player; 3]> {
    let players: Vec<Player> = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            'D' => Some(Player::Sultanate),
            'B' => Some(Player::Bahmani),
            'V' => Some(Player::Vijayanagara),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let order: [Player; 3] = players.try_into().ok()?;
    let distinct = order[0] != order[1] && order[1] != order[2] && order[0] != order[2];
    distinct.then_some(order)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_cards_are_valid() {
        let cards = CardSet::standard();
        assert!(cards.name().contains("not the published cards"));
        assert_eq!(
            cards.event(1).unwrap().order,
            [Player::Sultanate, Player::Vijayanagara, Player::Bahmani]
        );
        assert!(cards.event(36).is_some());
        assert!(cards.event(37).is_none() && cards.event(0).is_none());
        assert_eq!(cards.invasion(37).unwrap().faction, Player::Bahmani);
        assert_eq!(cards.invasion(44).unwrap().faction, Player::Vijayanagara);
    }

    #[test]
    fn default_deck_balance_of_the_deck_file_1_1() {
        // Each of the 6 orders exactly 6 times; 18 Stay Eligible, 3 in every order; the
        // Mongol Invasion cards alternate BK and VN (vijayanagara_deck.md §1.1, §3).
        let cards = CardSet::standard();
        let mut by_order = std::collections::BTreeMap::new();
        for n in EVENT_CARDS {
            let card = cards.event(n).unwrap();
            let entry = by_order.entry(card.order).or_insert((0, 0));
            entry.0 += 1;
            entry.1 += usize::from(card.stay_eligible);
        }
        assert_eq!(by_order.len(), 6);
        assert!(by_order.values().all(|&v| v == (6, 3)), "{by_order:?}");
        for n in MONGOL_INVASION_CARDS {
            let expected = if n % 2 == 1 {
                Player::Bahmani
            } else {
                Player::Vijayanagara
            };
            assert_eq!(cards.invasion(n).unwrap().faction, expected);
        }
    }

    #[test]
    fn malformed_card_files_are_refused() {
        let text = include_str!("data/cards.json");
        let bad_order = text.replacen("\"order\": \"DVB\"", "\"order\": \"DDB\"", 1);
        assert!(matches!(
            CardSet::from_json(&bad_order),
            Err(CardError::BadOrder { number: 1, .. })
        ));
        let bad_operator =
            text.replacen("\"faction\": \"Bahmani\"", "\"faction\": \"Sultanate\"", 1);
        assert!(matches!(
            CardSet::from_json(&bad_operator),
            Err(CardError::BadOperator { number: 37, .. })
        ));
        let renumbered = text.replacen("\"number\": 2,", "\"number\": 3,", 1);
        assert!(matches!(
            CardSet::from_json(&renumbered),
            Err(CardError::Numbering(3, _))
        ));
    }
}
