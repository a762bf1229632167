//! Factions (§1.5) and the three player factions.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// One of the four factions, every one hostile to every other (§1.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Faction {
    /// The Delhi Sultanate (DS).
    Sultanate,
    /// The Bahmani Kingdom (BK).
    Bahmani,
    /// The Vijayanagara Empire (VN).
    Vijayanagara,
    /// The Mongol Invaders (MI), a non-player faction operated through Mongol Invasion cards.
    Mongols,
}

impl Faction {
    /// All four, in the order of §1.2.
    pub const ALL: [Faction; 4] = [
        Faction::Sultanate,
        Faction::Bahmani,
        Faction::Vijayanagara,
        Faction::Mongols,
    ];

    /// The player faction, or `None` for the Mongols (§1.5).
    pub fn player(self) -> Option<Player> {
        match self {
            Faction::Sultanate => Some(Player::Sultanate),
            Faction::Bahmani => Some(Player::Bahmani),
            Faction::Vijayanagara => Some(Player::Vijayanagara),
            Faction::Mongols => None,
        }
    }

    /// The usual abbreviation: DS, BK, VN or MI.
    pub fn abbreviation(self) -> &'static str {
        match self {
            Faction::Sultanate => "DS",
            Faction::Bahmani => "BK",
            Faction::Vijayanagara => "VN",
            Faction::Mongols => "MI",
        }
    }

    /// The faction's name in the rules.
    pub fn name(self) -> &'static str {
        match self {
            Faction::Sultanate => "Delhi Sultanate",
            Faction::Bahmani => "Bahmani Kingdom",
            Faction::Vijayanagara => "Vijayanagara Empire",
            Faction::Mongols => "Mongol Invaders",
        }
    }
}

impl fmt::Display for Faction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A player faction: DS, BK or VN (§1.5). Only these hold Resources, cavalry tokens and an
/// eligibility cylinder; the Mongols never do.
///
/// The discriminant is the seat number used by notebooks and bots (0 = DS, 1 = BK, 2 = VN).
///
/// ```
/// use darbar::vijayanagara::{Faction, Player};
///
/// assert_eq!("BK".parse::<Player>(), Ok(Player::Bahmani));
/// assert_eq!(Faction::from(Player::Bahmani), Faction::Bahmani);
/// assert_eq!(Player::Vijayanagara as usize, 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Player {
    /// The Delhi Sultanate (DS).
    Sultanate = 0,
    /// The Bahmani Kingdom (BK).
    Bahmani = 1,
    /// The Vijayanagara Empire (VN).
    Vijayanagara = 2,
}

impl Player {
    /// The three player factions in seat order.
    pub const ALL: [Player; 3] = [Player::Sultanate, Player::Bahmani, Player::Vijayanagara];

    /// The faction this player runs.
    pub fn faction(self) -> Faction {
        self.into()
    }

    /// The faction's abbreviation, DS, BK or VN: its one name in the log.
    ///
    /// ```
    /// use darbar::vijayanagara::Player;
    ///
    /// assert_eq!(Player::Vijayanagara.abbreviation(), "VN");
    /// ```
    pub fn abbreviation(self) -> &'static str {
        self.faction().abbreviation()
    }

    /// The two Deccan factions, which have Influence tracks (§1.9).
    pub fn has_influence_track(self) -> bool {
        self != Player::Sultanate
    }
}

impl From<Player> for Faction {
    fn from(player: Player) -> Faction {
        match player {
            Player::Sultanate => Faction::Sultanate,
            Player::Bahmani => Faction::Bahmani,
            Player::Vijayanagara => Faction::Vijayanagara,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.faction().name())
    }
}

impl FromStr for Player {
    type Err = String;

    /// Accepts the abbreviation (`DS`), the Rust name (`Sultanate`) or the full name, in any case.
    fn from_str(s: &str) -> Result<Self, String> {
        Player::ALL
            .into_iter()
            .find(|p| {
                let f = p.faction();
                [f.abbreviation(), f.name(), &format!("{p:?}")]
                    .iter()
                    .any(|n| n.eq_ignore_ascii_case(s.trim()))
            })
            .ok_or_else(|| format!("unknown player faction {s:?} (expected DS, BK or VN)"))
    }
}

/// One value per player faction, serialized with the factions' names as keys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerPlayer<T> {
    /// The Delhi Sultanate's value.
    pub sultanate: T,
    /// The Bahmani Kingdom's value.
    pub bahmani: T,
    /// The Vijayanagara Empire's value.
    pub vijayanagara: T,
}

impl<T> PerPlayer<T> {
    /// The three values, built from a function of the player.
    pub fn from_fn(mut f: impl FnMut(Player) -> T) -> Self {
        PerPlayer {
            sultanate: f(Player::Sultanate),
            bahmani: f(Player::Bahmani),
            vijayanagara: f(Player::Vijayanagara),
        }
    }

    /// `(player, value)` pairs in seat order.
    pub fn iter(&self) -> impl Iterator<Item = (Player, &T)> {
        Player::ALL.into_iter().map(move |p| (p, &self[p]))
    }
}

impl<T> Index<Player> for PerPlayer<T> {
    type Output = T;
    fn index(&self, player: Player) -> &T {
        match player {
            Player::Sultanate => &self.sultanate,
            Player::Bahmani => &self.bahmani,
            Player::Vijayanagara => &self.vijayanagara,
        }
    }
}

impl<T> IndexMut<Player> for PerPlayer<T> {
    fn index_mut(&mut self, player: Player) -> &mut T {
        match player {
            Player::Sultanate => &mut self.sultanate,
            Player::Bahmani => &mut self.bahmani,
            Player::Vijayanagara => &mut self.vijayanagara,
        }
    }
}
