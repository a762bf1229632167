//! The 24 AI cards (WK-1.1), read from the separately licensed data file `data/wakhan.json`
//! (CC BY-NC-SA 4.0, Wehrlegig Games; PP-0.2) and checked at load. No AI-card fact is in the
//! code.

use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::super::{Coalition, DataError, Region, Row, Side};

/// The number of AI cards (WK-1.1).
pub const AI_CARDS: usize = 24;

/// One of the 20 action-line types of the AI cards (WK-12), by its code in the data file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Line {
    /// A Tax card acts (WK-6.5).
    Tax,
    /// A Build card acts (WK-6.2).
    Build,
    /// A Move card acts (WK-6.6).
    Move,
    /// A Betray card acts (WK-6.3).
    Betray,
    /// A Battle card acts (WK-6.4).
    Battle,
    /// A plain Radicalize (WK-4.1, WK-4.2).
    Radicalize,
    /// `R:ifMilFav→top-rank Mil`.
    RadicalizeMilitaryIfMilitaryFavored,
    /// `R:ifPolFav→top-rank Eco`.
    RadicalizeEconomicIfPoliticalFavored,
    /// `R:top-rank Pol`.
    RadicalizePolitical,
    /// `R:top-rank Int`.
    RadicalizeIntelligence,
    /// `R:if<2 rupees→most net rupees`.
    RadicalizeNetRupeesIfPoor,
    /// `R:card that makes her ruler`.
    RadicalizeToRule,
    /// `R:any Int card`.
    RadicalizeAnyIntelligence,
    /// `R:most army+road icons`.
    RadicalizeMostArmiesAndRoads,
    /// `R:ifNoDominant→most spy+tribe icons`.
    RadicalizeMostSpiesAndTribesIfNoneDominant,
    /// `R:ifNoMoveCard→card with Move`.
    RadicalizeMoveCardIfNone,
    /// `R:ifDominant→matching patriot`.
    RadicalizeDominantPatriot,
    /// `R:ifCourtAtLimit→top-rank Pol`.
    RadicalizePoliticalIfCourtFull,
    /// `R:ifFewerSpies→top-rank Int`.
    RadicalizeIntelligenceIfFewerSpies,
    /// `Battle:top-prio card w/ most spies where she has a spy`.
    BattleCardMostSpies,
}

impl Line {
    /// The line as the AI card says it, in a few words.
    pub fn words(self) -> &'static str {
        use Line::*;
        match self {
            Tax => "Tax",
            Build => "Build",
            Move => "Move",
            Betray => "Betray",
            Battle => "Battle",
            Radicalize => "Radicalize",
            RadicalizeMilitaryIfMilitaryFavored => {
                "if Military is favored, radicalize the top-rank Military card"
            }
            RadicalizeEconomicIfPoliticalFavored => {
                "if Political is favored, radicalize the top-rank Economic card"
            }
            RadicalizePolitical => "radicalize the top-rank Political card",
            RadicalizeIntelligence => "radicalize the top-rank Intelligence card",
            RadicalizeNetRupeesIfPoor => {
                "with fewer than 2 rupees, radicalize the card that nets the most rupees"
            }
            RadicalizeToRule => "radicalize a card that makes her a ruler",
            RadicalizeAnyIntelligence => "radicalize any Intelligence card",
            RadicalizeMostArmiesAndRoads => "radicalize the card with the most army and road icons",
            RadicalizeMostSpiesAndTribesIfNoneDominant => {
                "if no coalition is dominant, radicalize the card with the most spy and tribe icons"
            }
            RadicalizeMoveCardIfNone => "with no Move card in her court, radicalize a Move card",
            RadicalizeDominantPatriot => {
                "if a coalition is dominant, radicalize a patriot of that coalition"
            }
            RadicalizePoliticalIfCourtFull => {
                "with her court at its limit, radicalize the top-rank Political card"
            }
            RadicalizeIntelligenceIfFewerSpies => {
                "with fewer spies than an opponent, radicalize the top-rank Intelligence card"
            }
            BattleCardMostSpies => "battle on the card with the most spies where she has a spy",
        }
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words())
    }
}

/// Where the red arrow sits on a card's front (WK-1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RedArrow {
    /// Points at the upper label of the next card's back.
    Upper,
    /// Points at the lower label.
    Lower,
}

/// A label on a card's back (WK-1.1): T, "Top (left)", or B, "Bottom (right)".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Label {
    /// Top row, left side of the court (WK-4.2, WK-4.3); the opponent before her (WK-1.6).
    T,
    /// Bottom row, right side; the opponent after her.
    B,
}

impl Label {
    /// The market row the label names (WK-1.3).
    pub fn row(self) -> Row {
        match self {
            Label::T => Row::Top,
            Label::B => Row::Bottom,
        }
    }

    /// The court side the label names (WK-4.3).
    pub fn side(self) -> Side {
        match self {
            Label::T => Side::Left,
            Label::B => Side::Right,
        }
    }
}

/// One AI card, front and back (WK-1.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AiCard {
    /// 1..=24; the printed card number is 116 + this.
    pub number: u8,
    /// The three action lines, top to bottom.
    pub actions: [Line; 3],
    /// The pragmatic-loyalty order, left to right (WK-1.4).
    pub pragmatic_loyalty: [Coalition; 3],
    /// The region order, left to right (WK-1.5).
    pub region_order: [Region; 6],
    /// The red arrow's position on the front.
    pub red_arrow: RedArrow,
    /// The black arrow's slot on the front, 0..=5 from the top.
    pub black_arrow: u8,
    /// The back's upper and lower labels.
    pub back_labels: [Label; 2],
    /// The back's six numbers, top to bottom.
    pub back_numbers: [u8; 6],
}

impl AiCard {
    /// Whether two cards show the same back (only the back of the next card is seen, WK-1.2).
    pub fn same_back(&self, other: &AiCard) -> bool {
        self.back_labels == other.back_labels && self.back_numbers == other.back_numbers
    }

    /// The border order of `region` (WK-1.5): its borders toward the regions of the region
    /// order, in that order.
    pub fn border_order(&self, region: Region) -> Vec<super::super::Border> {
        self.region_order
            .iter()
            .filter_map(|&q| super::super::Border::between(region, q))
            .collect()
    }

    fn check(&self) -> Result<(), DataError> {
        let card = Some(self.number);
        let invalid = |field: &'static str, reason: &str| DataError::Invalid {
            card,
            field,
            reason: reason.to_string(),
        };
        if self.actions[2] != Line::Radicalize {
            return Err(invalid(
                "actions",
                "the third line is a plain Radicalize (WK-1.1)",
            ));
        }
        if Coalition::ALL
            .iter()
            .any(|k| !self.pragmatic_loyalty.contains(k))
        {
            return Err(invalid(
                "pragmatic_loyalty",
                "not the three coalitions once each",
            ));
        }
        if Region::ALL.iter().any(|r| !self.region_order.contains(r)) {
            return Err(invalid("region_order", "not the six regions once each"));
        }
        if self.black_arrow > 5 {
            return Err(invalid("black_arrow", "a slot 0-5"));
        }
        if self.back_labels[0] == self.back_labels[1] {
            return Err(invalid("back_labels", "one T and one B"));
        }
        if (0..6).any(|n| !self.back_numbers.contains(&n)) {
            return Err(invalid("back_numbers", "not the numbers 0-5 once each"));
        }
        Ok(())
    }
}

/// The file as written: the licence travels inside it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AiCardFile {
    licence: String,
    attribution: String,
    ai_cards: Vec<AiCard>,
}

/// The AI deck's cards (WK-1.1), numbered 1 to 24.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiCards {
    cards: Vec<AiCard>,
    licence: String,
    attribution: String,
}

impl AiCards {
    /// The shipped data file.
    pub const STANDARD_JSON: &'static str = include_str!("../data/wakhan.json");

    /// The shipped AI cards, loaded once.
    ///
    /// ```
    /// use darbar::games::pax_pamir::wakhan::{AiCards, Line};
    ///
    /// let ai = AiCards::standard();
    /// assert_eq!(ai.card(8).unwrap().actions[1], Line::Betray);
    /// ```
    pub fn standard() -> &'static AiCards {
        static DATA: OnceLock<AiCards> = OnceLock::new();
        DATA.get_or_init(|| {
            // The tests load this very file, so a failure here is a defect of the shipped data.
            AiCards::from_json(AiCards::STANDARD_JSON).expect("the shipped AI-card data is valid")
        })
    }

    /// Loads and checks a data file: 24 cards numbered 1 to 24 in order, each with three lines
    /// the last a plain Radicalize, the three coalitions and six regions once each, arrows and
    /// back numbers in range.
    ///
    /// ```
    /// use darbar::games::pax_pamir::wakhan::AiCards;
    /// use darbar::games::pax_pamir::DataError;
    ///
    /// let bad = AiCards::STANDARD_JSON.replacen("\"black_arrow\": 2", "\"black_arrow\": 9", 1);
    /// assert!(matches!(
    ///     AiCards::from_json(&bad),
    ///     Err(DataError::Invalid { card: Some(1), field: "black_arrow", .. })
    /// ));
    /// ```
    pub fn from_json(text: &str) -> Result<AiCards, DataError> {
        let file: AiCardFile = serde_json::from_str(text).map_err(|e| DataError::Format {
            reason: e.to_string(),
        })?;
        if file.ai_cards.len() != AI_CARDS {
            return Err(DataError::Invalid {
                card: None,
                field: "ai_cards",
                reason: format!("{} cards, not {AI_CARDS}", file.ai_cards.len()),
            });
        }
        for (i, card) in file.ai_cards.iter().enumerate() {
            if card.number as usize != i + 1 {
                return Err(DataError::Invalid {
                    card: Some(card.number),
                    field: "number",
                    reason: format!("expected card {} here", i + 1),
                });
            }
            card.check()?;
        }
        Ok(AiCards {
            cards: file.ai_cards,
            licence: file.licence,
            attribution: file.attribution,
        })
    }

    /// The card numbered `number` (1..=24).
    pub fn card(&self, number: u8) -> Option<&AiCard> {
        self.cards.get(usize::from(number).checked_sub(1)?)
    }

    /// Every card, in number order.
    pub fn cards(&self) -> &[AiCard] {
        &self.cards
    }

    /// The licence of the data file.
    pub fn licence(&self) -> &str {
        &self.licence
    }

    /// The attribution of the data file.
    pub fn attribution(&self) -> &str {
        &self.attribution
    }
}
