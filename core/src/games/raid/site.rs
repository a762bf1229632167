//! The map: fourteen sites of four kinds (RG-1.1), the five resources (RG-1.3) and the fort
//! war-status ladder (RG-2.2).

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The four kinds of site (RG-1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SiteKind {
    /// 村: six on the map, one unique unit each.
    Village,
    /// 街: three on the map, 《Rampart》, two unique units each.
    Town,
    /// 砦: three on the map, 《Castle Wall》 and 〈Elite〉, two unique units each, with a war
    /// status.
    Fort,
    /// 城: two on the map, reserved by default: never scouted nor raided (ruling 13), unless
    /// the castle variant is on ([`Options::castles_in_play`](super::Options)).
    Castle,
}

impl SiteKind {
    /// The four kinds, in the order of the generation table (RG-2.1).
    pub const ALL: [SiteKind; 4] = [
        SiteKind::Village,
        SiteKind::Town,
        SiteKind::Fort,
        SiteKind::Castle,
    ];

    /// The kind's name in lower case: "village".
    pub fn name(self) -> &'static str {
        match self {
            SiteKind::Village => "village",
            SiteKind::Town => "town",
            SiteKind::Fort => "fort",
            SiteKind::Castle => "castle",
        }
    }

    /// How many sites of this kind the map has (RG-1.1).
    pub fn count(self) -> usize {
        match self {
            SiteKind::Village => 6,
            SiteKind::Town | SiteKind::Fort => 3,
            SiteKind::Castle => 2,
        }
    }

    /// How many unique units a site of this kind holds (RG-2.3).
    pub fn unit_slots(self) -> usize {
        match self {
            SiteKind::Village => 1,
            SiteKind::Town | SiteKind::Fort => 2,
            SiteKind::Castle => 0,
        }
    }
}

impl fmt::Display for SiteKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The number of sites (RG-1.1).
pub const SITE_COUNT: usize = 14;

/// One of the fourteen sites. Forts come first, in their fixed front-line order (RG-6,
/// ruling 15), then towns, villages and castles. The text form is `fort-1`, `village-6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SiteId(u8);

impl SiteId {
    /// Every site, forts first.
    pub const ALL: [SiteId; SITE_COUNT] = {
        let mut all = [SiteId(0); SITE_COUNT];
        let mut i = 0;
        while i < SITE_COUNT {
            all[i] = SiteId(i as u8);
            i += 1;
        }
        all
    };

    /// The forts in front-line order, Fort 1 to Fort 3 (ruling 15).
    pub const FORTS: [SiteId; 3] = [SiteId(0), SiteId(1), SiteId(2)];

    /// The `number`-th site (1-based) of `kind`, if there is one.
    ///
    /// ```
    /// use darbar::raid::{SiteId, SiteKind};
    ///
    /// let site = SiteId::new(SiteKind::Village, 2).unwrap();
    /// assert_eq!(site.to_string(), "village-2");
    /// assert_eq!(site.kind(), SiteKind::Village);
    /// assert!(SiteId::new(SiteKind::Fort, 4).is_none());
    /// ```
    pub fn new(kind: SiteKind, number: usize) -> Option<SiteId> {
        if number == 0 || number > kind.count() {
            return None;
        }
        let base = match kind {
            SiteKind::Fort => 0,
            SiteKind::Town => 3,
            SiteKind::Village => 6,
            SiteKind::Castle => 12,
        };
        u8::try_from(base + number - 1).ok().map(SiteId)
    }

    /// The site's position in [`SiteId::ALL`].
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The site at `index` in [`SiteId::ALL`].
    pub fn from_index(index: usize) -> Option<SiteId> {
        SiteId::ALL.get(index).copied()
    }

    /// The site's kind.
    pub fn kind(self) -> SiteKind {
        match self.0 {
            0..=2 => SiteKind::Fort,
            3..=5 => SiteKind::Town,
            6..=11 => SiteKind::Village,
            _ => SiteKind::Castle,
        }
    }

    /// The site's number among the sites of its kind, from 1.
    pub fn number(self) -> usize {
        match self.kind() {
            SiteKind::Fort => self.index() + 1,
            SiteKind::Town => self.index() - 2,
            SiteKind::Village => self.index() - 5,
            SiteKind::Castle => self.index() - 11,
        }
    }

    /// For a fort, its position on the front (0 for Fort 1).
    pub fn fort_index(self) -> Option<usize> {
        (self.kind() == SiteKind::Fort).then(|| self.index())
    }
}

impl fmt::Display for SiteId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `pad` honours widths, so pictures can line sites up.
        f.pad(&format!("{}-{}", self.kind().name(), self.number()))
    }
}

impl FromStr for SiteId {
    type Err = String;

    fn from_str(text: &str) -> Result<SiteId, String> {
        let (kind, number) = text
            .split_once('-')
            .ok_or_else(|| format!("{text:?} is not a site such as \"village-2\""))?;
        let kind = SiteKind::ALL
            .into_iter()
            .find(|k| k.name() == kind)
            .ok_or_else(|| format!("{kind:?} is not a kind of site"))?;
        let number: usize = number
            .parse()
            .map_err(|_| format!("{number:?} is not a site number"))?;
        SiteId::new(kind, number).ok_or_else(|| format!("there is no {kind}-{number}"))
    }
}

impl Serialize for SiteId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for SiteId {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The five resources (RG-1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resource {
    /// 兵隊: attack power and hit points.
    Soldiers,
    /// 資金: money.
    Funds,
    /// 食料: provisions.
    Food,
    /// 武器: arms.
    Weapons,
    /// 奴隷: captive labour.
    Slaves,
}

impl Resource {
    /// The five, in the column order of the generation table (RG-2.1).
    pub const ALL: [Resource; 5] = [
        Resource::Soldiers,
        Resource::Funds,
        Resource::Food,
        Resource::Weapons,
        Resource::Slaves,
    ];

    /// The resource's name: "Food".
    pub fn name(self) -> &'static str {
        match self {
            Resource::Soldiers => "Soldiers",
            Resource::Funds => "Funds",
            Resource::Food => "Food",
            Resource::Weapons => "Weapons",
            Resource::Slaves => "Slaves",
        }
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An amount of each of the five resources, of the player's camp or of a site (RG-1.3). Never
/// negative (RG-0.2, ruling 30).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resources {
    /// Soldiers.
    pub soldiers: u32,
    /// Funds.
    pub funds: u32,
    /// Food.
    pub food: u32,
    /// Weapons.
    pub weapons: u32,
    /// Slaves.
    pub slaves: u32,
}

impl Resources {
    /// Strength `min(soldiers, weapons)` (RG-5.2.1).
    ///
    /// ```
    /// use darbar::raid::Resources;
    ///
    /// let camp = Resources { soldiers: 6, weapons: 4, ..Resources::default() };
    /// assert_eq!(camp.strength(), 4);
    /// ```
    pub fn strength(&self) -> u32 {
        self.soldiers.min(self.weapons)
    }
}

impl Index<Resource> for Resources {
    type Output = u32;

    fn index(&self, resource: Resource) -> &u32 {
        match resource {
            Resource::Soldiers => &self.soldiers,
            Resource::Funds => &self.funds,
            Resource::Food => &self.food,
            Resource::Weapons => &self.weapons,
            Resource::Slaves => &self.slaves,
        }
    }
}

impl IndexMut<Resource> for Resources {
    fn index_mut(&mut self, resource: Resource) -> &mut u32 {
        match resource {
            Resource::Soldiers => &mut self.soldiers,
            Resource::Funds => &mut self.funds,
            Resource::Food => &mut self.food,
            Resource::Weapons => &mut self.weapons,
            Resource::Slaves => &mut self.slaves,
        }
    }
}

impl fmt::Display for Resources {
    /// "soldiers 6, weapons 6, funds 4, food 10, slaves 2".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "soldiers {}, weapons {}, funds {}, food {}, slaves {}",
            self.soldiers, self.weapons, self.funds, self.food, self.slaves
        )
    }
}

/// A fort's war status (RG-2.2): it only ever moves down the ladder, toward Fallen.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum WarStatus {
    /// 堅固, index 0: every fort starts here (ruling 15).
    #[default]
    Solid,
    /// 善戦, index 1.
    FightingWell,
    /// 拮抗, index 2.
    Balanced,
    /// 劣勢, index 3.
    Disadvantaged,
    /// 危機, index 4.
    Crisis,
    /// 失陥, index 5: the fort cannot be raided.
    Fallen,
}

impl WarStatus {
    /// The ladder, from Solid to Fallen.
    pub const LADDER: [WarStatus; 6] = [
        WarStatus::Solid,
        WarStatus::FightingWell,
        WarStatus::Balanced,
        WarStatus::Disadvantaged,
        WarStatus::Crisis,
        WarStatus::Fallen,
    ];

    /// The index on the ladder, 0 (Solid) to 5 (Fallen).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The status `steps` further down the ladder; steps past Fallen are lost (ruling 15).
    ///
    /// ```
    /// use darbar::raid::WarStatus;
    ///
    /// assert_eq!(WarStatus::Balanced.worse_by(2), WarStatus::Crisis);
    /// assert_eq!(WarStatus::Crisis.worse_by(3), WarStatus::Fallen);
    /// ```
    pub fn worse_by(self, steps: usize) -> WarStatus {
        WarStatus::LADDER[(self.index() + steps).min(5)]
    }

    /// The status's name in words.
    pub fn name(self) -> &'static str {
        match self {
            WarStatus::Solid => "Solid",
            WarStatus::FightingWell => "Fighting well",
            WarStatus::Balanced => "Balanced",
            WarStatus::Disadvantaged => "Disadvantaged",
            WarStatus::Crisis => "Crisis",
            WarStatus::Fallen => "Fallen",
        }
    }
}

impl fmt::Display for WarStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn site_names_round_trip_and_counts_match_rg_1_1() {
        for site in SiteId::ALL {
            assert_eq!(site.to_string().parse::<SiteId>(), Ok(site));
            assert_eq!(SiteId::new(site.kind(), site.number()), Some(site));
        }
        for kind in SiteKind::ALL {
            let n = SiteId::ALL.iter().filter(|s| s.kind() == kind).count();
            assert_eq!(n, kind.count());
        }
        assert!("castle-3".parse::<SiteId>().is_err());
        assert!("keep-1".parse::<SiteId>().is_err());
    }
}
