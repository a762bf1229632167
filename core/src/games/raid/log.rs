//! What happened: the record of every GM roll kept in the state (ruling 27). The narrative of
//! an applied action goes to the engine's [`Log`](crate::engine::Log).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Resource, SiteId};

/// What a GM roll was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RollFor {
    /// Generating a site's resource on its reveal (RG-2.1).
    Generate {
        /// The site.
        site: SiteId,
        /// The resource.
        resource: Resource,
    },
    /// Drawing a unique unit for a site among the table's unplaced units (RG-2.3).
    PlaceUnit {
        /// The site.
        site: SiteId,
    },
    /// One side's roll in an exchange (RG-5.2.2).
    Exchange {
        /// The exchange's number in its battle, from 1.
        number: u32,
        /// Whether it is the player's roll (else the defender's).
        player: bool,
        /// The site raided, or `None` against regulars.
        site: Option<SiteId>,
    },
    /// Whether regulars arrive on plunder step `step` (RG-5.5).
    RegularsArrive {
        /// The step, from 1.
        step: u32,
    },
    /// The regulars' soldiers (RG-5.7).
    Regulars,
    /// The day's war (RG-6).
    WarStatus,
    /// Recruitment (RG-7.2).
    Recruitment,
    /// Slave attrition (RG-7.5).
    SlaveAttrition,
    /// A site's drift (RG-7.6).
    Drift {
        /// The site.
        site: SiteId,
        /// The resource.
        resource: Resource,
    },
}

impl RollFor {
    /// Whether the player sees this roll happen (RG-9). A site's drift is made behind the
    /// player's back: its values are known again only when the site is next scouted or raided,
    /// so a drift roll reaches the log only once the game is over (a sealed line).
    ///
    /// ```
    /// use darbar::raid::{Resource, RollFor};
    ///
    /// assert!(RollFor::WarStatus.seen_by_player());
    /// let site = "village-1".parse().unwrap();
    /// assert!(!RollFor::Drift { site, resource: Resource::Food }.seen_by_player());
    /// ```
    pub fn seen_by_player(self) -> bool {
        !matches!(self, RollFor::Drift { .. })
    }
}

impl fmt::Display for RollFor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RollFor::Generate { site, resource } => write!(f, "{site}'s {resource}"),
            RollFor::PlaceUnit { site } => write!(f, "a unique unit at {site}"),
            RollFor::Exchange {
                number,
                player,
                site,
            } => {
                let enemy = site.map_or("the regulars".to_string(), |s| s.to_string());
                if player {
                    write!(f, "the player against {enemy} in exchange {number}")
                } else {
                    write!(f, "{enemy} in exchange {number}")
                }
            }
            RollFor::RegularsArrive { step } => write!(f, "regulars on plunder step {step}"),
            RollFor::Regulars => f.write_str("the regulars' soldiers"),
            RollFor::WarStatus => f.write_str("the day's war"),
            RollFor::Recruitment => f.write_str("recruitment"),
            RollFor::SlaveAttrition => f.write_str("slave attrition"),
            RollFor::Drift { site, resource } => write!(f, "{site}'s {resource} drift"),
        }
    }
}

/// One GM roll: dice of `faces` faces, plus a constant (ruling 27).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GmRoll {
    /// The turn it was rolled in.
    pub turn: u32,
    /// What it was for.
    pub what: RollFor,
    /// Faces of each die (a unit draw among n units is a roll of one n-sided die).
    pub faces: u8,
    /// The dice, in order.
    pub dice: Vec<u8>,
    /// A constant added to the dice (the `2 × S` of an exchange).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub plus: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl GmRoll {
    /// The dice plus the constant.
    pub fn total(&self) -> u32 {
        self.plus + self.dice.iter().map(|&d| u32::from(d)).sum::<u32>()
    }
}

impl fmt::Display for GmRoll {
    /// "GM rolls 2d3 for village-2's Food: 2, 3 = 5".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GM rolls {}d{}", self.dice.len(), self.faces)?;
        if self.plus > 0 {
            write!(f, "+{}", self.plus)?;
        }
        write!(f, " for {}: ", self.what)?;
        let dice: Vec<String> = self.dice.iter().map(u8::to_string).collect();
        if dice.is_empty() {
            f.write_str("no dice")?;
        } else {
            f.write_str(&dice.join(", "))?;
        }
        write!(f, " = {}", self.total())
    }
}
