//! The game's closed names (TC-0.1): sectors, regions, the six actions, the strategy space
//! types, the automa difficulties, and the numbers of cities and cards.
//!
//! Every name has a text form (its `code`) that parses back, used by action texts, the log and
//! the content files.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::engine::named_enum;

named_enum! {
    /// One of the six sector tracks (TI-2.3), by its TC-0.1 code.
    #[serde(rename_all = "UPPERCASE")]
    Sector {
        /// Finance: loans and asset value.
        Fin = "FIN",
        /// Minerals: promoters.
        Min = "MIN",
        /// Agriculture: money and support.
        Agr = "AGR",
        /// Fuel: influence.
        Fue = "FUE",
        /// Power: +1 action tokens and merit cards.
        Pow = "POW",
        /// Transport: asset value.
        Tra = "TRA",
    }
}

impl Sector {
    /// The sector's name in words.
    pub const fn name(self) -> &'static str {
        match self {
            Sector::Fin => "Finance",
            Sector::Min => "Minerals",
            Sector::Agr => "Agriculture",
            Sector::Fue => "Fuel",
            Sector::Pow => "Power",
            Sector::Tra => "Transport",
        }
    }

    /// Whether a cost icon of this sector costs 2 Cr per level of its leader (Minerals, Fuel,
    /// Agriculture) rather than 1 Cr per city of distance (Power, Transport) (TI-8.3.2).
    pub const fn priced_by_level(self) -> bool {
        matches!(self, Sector::Min | Sector::Fue | Sector::Agr)
    }
}

named_enum! {
    /// One of the four regions of the map (TC-2.1), by its compass letter.
    Region {
        /// North, metro New Delhi.
        N = "N",
        /// East, metro Calcutta.
        E = "E",
        /// South, metro Madras.
        S = "S",
        /// West, metro Bombay.
        W = "W",
    }
}

impl Region {
    /// The region's name in words.
    pub const fn name(self) -> &'static str {
        match self {
            Region::N => "North",
            Region::E => "East",
            Region::S => "South",
            Region::W => "West",
        }
    }
}

named_enum! {
    /// One of the six Phase-4 actions (TI-8.1).
    #[serde(rename_all = "lowercase")]
    ActionKind {
        /// Build an unbuilt industry (TI-8.3).
        Build = "build",
        /// Buy an opponent's share (TI-8.4).
        Shares = "shares",
        /// Move promoters to the pool and draw a merit card (TI-8.5).
        Rally = "rally",
        /// Take a strategy space (TI-8.6).
        Strategy = "strategy",
        /// Collect the politics bonuses of one's policies (TI-8.7).
        Politics = "politics",
        /// Borrow at the Finance level (TI-8.8).
        Loan = "loan",
    }
}

impl ActionKind {
    /// The bit of this action in a set of actions taken.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

named_enum! {
    /// The type of an unmanaged strategy space (TI-8.6), as the automa's strategy lists name
    /// them (TC-16.3); `Buy` is the managed Buy industry space.
    SpaceType {
        /// Sell: money.
        #[serde(rename = "SELL")]
        Sell = "SELL",
        /// Lobby: take a displayed policy.
        #[serde(rename = "LOB")]
        Lobby = "LOB",
        /// Office: a factory without a card.
        #[serde(rename = "OFF")]
        Office = "OFF",
        /// Advertise: influence.
        #[serde(rename = "ADV")]
        Advertise = "ADV",
        /// Export: sector steps.
        #[serde(rename = "EXP")]
        Export = "EXP",
        /// The managed Buy industry space (`SM-2`).
        #[serde(rename = "BUY")]
        Buy = "BUY",
    }
}

named_enum! {
    /// An automa's difficulty, which picks its deck (TC-16.6).
    #[serde(rename_all = "lowercase")]
    Difficulty {
        /// The `AE` deck.
        Easy = "easy",
        /// The `AN` deck.
        Normal = "normal",
        /// The `AH` deck.
        Hard = "hard",
    }
}

/// A card's era (TI-1.3), written `1` or `2` in the content files: Era I cards lie above Era
/// II cards in every deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum Era {
    /// Era I.
    I,
    /// Era II.
    II,
}

impl TryFrom<u8> for Era {
    type Error = String;
    fn try_from(n: u8) -> Result<Era, String> {
        match n {
            1 => Ok(Era::I),
            2 => Ok(Era::II),
            _ => Err(format!("not an era: {n} (1 or 2)")),
        }
    }
}

impl From<Era> for u8 {
    fn from(era: Era) -> u8 {
        match era {
            Era::I => 1,
            Era::II => 2,
        }
    }
}

impl fmt::Display for Era {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Era::I => "I",
            Era::II => "II",
        })
    }
}

/// A city, by its number in TC-2.2 less one (`0..32`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CityId(pub u8);

impl CityId {
    /// The position in the map's list of cities.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for CityId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}
