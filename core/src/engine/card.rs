//! A card's words, for people: [`CardText`], what a game with cards shows of the card in play
//! ([`Game::current_card`](super::Game::current_card)) and of any card of the deck it loaded
//! ([`Game::card`](super::Game::card)).
//!
//! The words come from the deck the game plays, so a deck of one's own shows its own titles
//! and texts. The type knows no game: a card has a number, a kind, a title and one or more
//! sides, each a name and a text (an Event card's `unshaded` and `shaded`, a single `text`
//! for a card with one).
//!
//! ```
//! use darbar::engine::{CardSide, CardText};
//!
//! let card = CardText {
//!     number: 3,
//!     kind: "Event".into(),
//!     title: "Fall of Anhilwara (1299)".into(),
//!     sides: vec![
//!         CardSide { name: "unshaded".into(), text: "BK gains 2 cavalry.".into() },
//!         CardSide { name: "shaded".into(), text: "DS gains 1 cavalry.".into() },
//!     ],
//!     file: Some("03.lua".into()),
//! };
//! assert_eq!(card.side("shaded"), Some("DS gains 1 cavalry."));
//! assert_eq!(card.heading(), "Event 3: Fall of Anhilwara (1299)");
//! assert_eq!(
//!     card.to_string(),
//!     "Event 3: Fall of Anhilwara (1299)\n  unshaded: BK gains 2 cavalry.\n  shaded: DS gains 1 cavalry."
//! );
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

/// One side of a card: its name (`"unshaded"`, `"shaded"`, `"text"`) and its words.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardSide {
    /// The side's name, as the game's actions call it.
    pub name: String,
    /// What the side says.
    pub text: String,
}

/// A card as the loaded deck words it: number, kind, title and sides.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardText {
    /// The card's number in its deck.
    pub number: u32,
    /// What kind of card it is, in the game's words (`"Event"`, `"Mongol Invasion"`).
    pub kind: String,
    /// The card's title.
    pub title: String,
    /// Its sides in printed order; empty when the deck gives no text for the card.
    pub sides: Vec<CardSide>,
    /// The file of the deck that defines the card, when it comes from one (a card script).
    pub file: Option<String>,
}

impl CardText {
    /// The text of the side named `name`, if the card has one.
    pub fn side(&self, name: &str) -> Option<&str> {
        self.sides
            .iter()
            .find(|s| s.name == name)
            .map(|s| s.text.as_str())
    }

    /// The one line that names the card: `"Event 3: Fall of Anhilwara (1299)"`.
    pub fn heading(&self) -> String {
        format!("{} {}: {}", self.kind, self.number, self.title)
    }
}

/// The heading, then each side on its own line, indented.
impl fmt::Display for CardText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.heading())?;
        for side in &self.sides {
            write!(f, "\n  {}: {}", side.name, side.text)?;
        }
        Ok(())
    }
}

/// Which deck a game's cards come from: its name and a hash of its contents, so that a replay
/// record ([`Replay::deck`](super::Replay::deck)) says which deck it needs. The darbar default
/// deck of a game is named [`DeckId::DEFAULT`].
///
/// ```
/// use darbar::engine::DeckId;
///
/// let mine = DeckId { name: "mydeck".into(), hash: "0123456789abcdef".into() };
/// assert_eq!(mine.to_string(), "the deck \"mydeck\" (content hash 0123456789abcdef)");
/// assert!(!mine.is_default());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckId {
    /// The deck's name: [`DeckId::DEFAULT`] for the default deck, a directory's name for a deck
    /// read from one.
    pub name: String,
    /// A hash of the deck's files (their names and contents), as hexadecimal digits.
    pub hash: String,
}

impl DeckId {
    /// The name of a game's default deck.
    pub const DEFAULT: &'static str = "default";

    /// Whether this is a game's default deck.
    pub fn is_default(&self) -> bool {
        self.name == DeckId::DEFAULT
    }

    /// Whether a game that plays `self` replays a record played with `needed`: the same
    /// contents; or both the default deck (a record of the default deck replays with the
    /// default deck as it is now: a revised card would then make an action illegal, a
    /// [`ReplayError::IllegalAction`](super::ReplayError::IllegalAction) of its own).
    pub fn replays(&self, needed: &DeckId) -> bool {
        self.hash == needed.hash || (self.is_default() && needed.is_default())
    }
}

impl fmt::Display for DeckId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_default() {
            write!(f, "the default deck (content hash {})", self.hash)
        } else {
            write!(f, "the deck {:?} (content hash {})", self.name, self.hash)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_round_trips_through_json() {
        let card = CardText {
            number: 37,
            kind: "Mongol Invasion".into(),
            title: "Abdullah Crosses the Indus (1292)".into(),
            sides: vec![CardSide {
                name: "text".into(),
                text: "Strategic Aid.".into(),
            }],
            file: None,
        };
        let json = serde_json::to_string(&card).unwrap();
        assert_eq!(serde_json::from_str::<CardText>(&json).unwrap(), card);
        assert_eq!(card.side("unshaded"), None);
    }
}

/// A hash of a deck's or a content's files, the same in every process, build and version:
/// 64-bit FNV-1a over each file's name and text, each preceded by its length, in the order
/// given. It names a deck in replay records ([`DeckId::hash`]); it tells decks apart, it is
/// no signature.
///
/// ```
/// use darbar::engine::ContentHash;
///
/// let mut a = ContentHash::new();
/// a.add("cards.json", "[]");
/// let mut b = ContentHash::new();
/// b.add("cards.json", "[ ]");
/// assert_ne!(a.finish(), b.finish());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ContentHash(u64);

impl Default for ContentHash {
    fn default() -> Self {
        ContentHash::new()
    }
}

impl ContentHash {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0100_0000_01b3;

    /// The hash of nothing.
    pub fn new() -> ContentHash {
        ContentHash(Self::OFFSET)
    }

    fn bytes(&mut self, bytes: &[u8]) {
        for &b in (bytes.len() as u64).to_le_bytes().iter().chain(bytes) {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(Self::PRIME);
        }
    }

    /// Adds one file.
    pub fn add(&mut self, file: &str, source: &str) {
        self.bytes(file.as_bytes());
        self.bytes(source.as_bytes());
    }

    /// The hash of the files added.
    pub fn finish(&self) -> u64 {
        self.0
    }
}
