//! The game's words in the log and the pictures: seat names, card names, place names.

use super::{Border, CardData, CardId, Coalition, Region, Suit};

/// A seat's name: `P1` for seat 0.
pub fn seat_name(seat: u8) -> String {
    format!("P{}", seat + 1)
}

/// A card's number and name: `#12 City of Ghazni`.
pub fn card_name(cards: &CardData, card: CardId) -> String {
    let name = cards
        .court(card)
        .map(|c| c.name.as_str())
        .or_else(|| cards.event(card).map(|e| e.name.as_str()));
    match name {
        Some(name) => format!("{card} {name}"),
        None => card.to_string(),
    }
}

fn title(code: &str) -> String {
    let mut chars = code.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

impl Region {
    /// The region's name as written: `Kabul`.
    pub fn title(self) -> String {
        title(self.code())
    }
}

impl Coalition {
    /// The coalition's name as written: `British`.
    pub fn title(self) -> String {
        title(self.code())
    }
}

impl Suit {
    /// The suit's name as written: `Military`.
    pub fn title(self) -> String {
        title(self.code())
    }
}

impl Border {
    /// The border's name as written: `Herat–Kabul`.
    pub fn title(self) -> String {
        let (a, b) = self.regions();
        format!("{}–{}", a.title(), b.title())
    }
}
