//! The game's words in the log and the pictures: seat names, card names, place names.

use super::{Border, CardData, CardId, Coalition, Region, Suit};

/// A seat's name: `P1` for seat 0.
pub fn seat_name(seat: u8) -> String {
    format!("P{}", seat + 1)
}

impl super::State {
    /// A seat's name in this game: `Wakhan` for hers, else `P1` for seat 0 (WK-10).
    pub fn name_of(&self, seat: u8) -> String {
        if self.is_wakhan(usize::from(seat)) {
            "Wakhan".into()
        } else {
            seat_name(seat)
        }
    }
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
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
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

    /// The name with its indefinite article: `an Afghan`, `a British`.
    pub fn with_article(self) -> String {
        let article = if self == Coalition::Afghan { "an" } else { "a" };
        format!("{article} {}", self.title())
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

impl super::Icon {
    /// The icon in words: `army`, `favored Military`.
    pub fn words(self) -> String {
        match self {
            super::Icon::Army => "army".into(),
            super::Icon::Road => "road".into(),
            super::Icon::Tribe => "tribe".into(),
            super::Icon::Spy => "spy".into(),
            super::Icon::Leverage => "leverage".into(),
            super::Icon::Favor(s) => format!("favored {}", s.title()),
        }
    }
}

impl super::Ability {
    /// The ability's name as printed, and what it does in the engine's words (PP-15).
    pub fn words(self) -> (&'static str, &'static str) {
        use super::Ability::*;
        match self {
            IndispensableAdvisors => (
                "Indispensable Advisors",
                "your spies cannot be removed by another player's battle on a card",
            ),
            Insurrection => (
                "Insurrection",
                "after each Dominance Check that does not end the game, place 2 Afghan armies in Kabul",
            ),
            ClaimOfAncientLineage => (
                "Claim of Ancient Lineage",
                "when you tax, every player with a court card may be taxed, as if you ruled every region",
            ),
            Bodyguards => ("Bodyguards", "your political cards cannot be betrayed"),
            Citadel => (
                "Citadel",
                "your tribes in this card's region cannot be removed in battle",
            ),
            StrangeBedfellows => (
                "Strange Bedfellows",
                "for your spy moves, court cards of the same region are adjacent",
            ),
            CivilServiceReforms => ("Civil Service Reforms", "you never pay hostage bribes"),
            SafeHouse => (
                "Safe House",
                "a spy of yours removed in battle may go onto a Safe House card of yours",
            ),
            CharismaticCourtiers => (
                "Charismatic Courtiers",
                "you never pay bribes to play cards",
            ),
            Blackmail => (
                "Blackmail",
                "at the start of your turn you may place a spy on a court card of this card's region that has no spy",
            ),
            IndianSupplies => ("Indian Supplies", "your armies move without roads"),
            WellConnected => (
                "Well-Connected",
                "each spy step of your moves may go 1 or 2 cards",
            ),
            HeratInfluence => (
                "Herat Influence",
                "Herat court cards cost you nothing in the market",
            ),
            PersianInfluence => (
                "Persian Influence",
                "Persia court cards cost you nothing in the market",
            ),
            RussianInfluence => (
                "Russian Influence",
                "Russian patriots cost you nothing in the market",
            ),
            Infrastructure => (
                "Infrastructure",
                "after each Build, place one more block free",
            ),
            SavvyOperator => ("Savvy Operator", "this card is always favored"),
            Irregulars => ("Irregulars", "this card is always favored"),
        }
    }
}

/// A card in words for people (the terminal, notebooks): a court card's region, suit, rank,
/// icons, actions, patriot, prize and ability; an event's two halves.
pub fn card_text(cards: &CardData, card: CardId) -> Option<crate::engine::CardText> {
    use crate::engine::{CardSide, CardText};
    if let Some(c) = cards.court(card) {
        let mut text = format!(
            "{} · {} · rank {}",
            c.region.title(),
            c.suit.title(),
            c.rank
        );
        let icons: Vec<String> = c.impact_icons.iter().map(|i| i.words()).collect();
        text += &format!(
            " · impact: {}",
            if icons.is_empty() {
                "none".into()
            } else {
                icons.join(", ")
            }
        );
        let actions: Vec<&str> = c.actions.iter().map(|a| a.code()).collect();
        text += &format!(
            " · actions: {}",
            if actions.is_empty() {
                "none".into()
            } else {
                actions.join(", ")
            }
        );
        if let Some(k) = c.patriot {
            text += &format!(" · {} patriot", k.title());
        }
        if let Some(k) = c.prize {
            text += &format!(" · {} prize", k.title());
        }
        let mut sides = vec![CardSide {
            name: "card".into(),
            text,
        }];
        if let Some(ability) = c.special_ability {
            let (name, what) = ability.words();
            sides.push(CardSide {
                name: "ability".into(),
                text: format!("{name}: {what}"),
            });
        }
        return Some(CardText {
            number: u32::from(card.0),
            kind: "Court card".into(),
            title: c.name.clone(),
            sides,
            file: None,
        });
    }
    let e = cards.event(card)?;
    Some(CardText {
        number: u32::from(card.0),
        kind: if card.is_dominance_check() {
            "Dominance Check".into()
        } else {
            "Event".into()
        },
        title: e.name.clone(),
        sides: vec![
            CardSide {
                name: "discarded".into(),
                text: e.discarded_text.clone(),
            },
            CardSide {
                name: "purchased".into(),
                text: e.purchased_text.clone(),
            },
        ],
        file: None,
    })
}
