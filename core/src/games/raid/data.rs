//! The game's tables, embedded as JSON files and validated at load (architecture principle 5):
//! site generation (RG-2.1), the battle result table (RG-5.2.3, ruling 2), talents (RG-8,
//! ruling 10), the default unique-unit tables (ruling 11) and the score rank bands
//! (ruling 26).
//!
//! The unique units shipped here are the engine's own defaults, not the source's: the source
//! announces unique units but never lists them.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{Resource, SiteKind, Talent, TalentSet};

/// Why a data file was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DataError {
    /// The file is not JSON of the expected shape.
    #[error("{file}: does not parse: {reason}")]
    Format {
        /// Which table.
        file: &'static str,
        /// What the parser said.
        reason: String,
    },
    /// The file parses but its content breaks a rule of the table.
    #[error("{file}: {reason}")]
    Invalid {
        /// Which table.
        file: &'static str,
        /// What is wrong.
        reason: String,
    },
}

/// A dice expression `NdM`: roll N dice of M faces and add them (RG-0.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dice {
    /// How many dice.
    pub count: u8,
    /// Faces per die.
    pub faces: u8,
}

impl Dice {
    /// `count` dice of `faces` faces.
    pub const fn new(count: u8, faces: u8) -> Dice {
        Dice { count, faces }
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.faces)
    }
}

impl FromStr for Dice {
    type Err = String;

    /// Parses `2d3`: 1 to 9 dice of 2, 3 or 6 faces, the dice of the rules.
    fn from_str(text: &str) -> Result<Dice, String> {
        let (count, faces) = text
            .split_once('d')
            .ok_or_else(|| format!("{text:?} is not dice such as \"2d3\""))?;
        let count: u8 = count
            .parse()
            .map_err(|_| format!("{text:?}: bad number of dice"))?;
        let faces: u8 = faces
            .parse()
            .map_err(|_| format!("{text:?}: bad number of faces"))?;
        if !(1..=9).contains(&count) || ![2, 3, 6].contains(&faces) {
            return Err(format!(
                "{text:?}: the rules roll 1 to 9 dice of 2, 3 or 6 faces"
            ));
        }
        Ok(Dice { count, faces })
    }
}

impl Serialize for Dice {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Dice {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// One row of the generation table (RG-2.1): the dice for each resource and the site's fixed
/// talents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiteTable {
    /// Dice for soldiers.
    pub soldiers: Dice,
    /// Dice for funds.
    pub funds: Dice,
    /// Dice for food.
    pub food: Dice,
    /// Dice for weapons.
    pub weapons: Dice,
    /// Dice for slaves.
    pub slaves: Dice,
    /// The site's fixed talents.
    pub talents: TalentSet,
}

impl SiteTable {
    /// The dice for `resource`.
    pub fn dice(&self, resource: Resource) -> Dice {
        match resource {
            Resource::Soldiers => self.soldiers,
            Resource::Funds => self.funds,
            Resource::Food => self.food,
            Resource::Weapons => self.weapons,
            Resource::Slaves => self.slaves,
        }
    }
}

/// The generation table (RG-2.1). The castle row is ruling 13's optional variant; the source
/// gives castles no row, and by default they are not in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenerationTable {
    /// Villages.
    pub village: SiteTable,
    /// Towns.
    pub town: SiteTable,
    /// Forts.
    pub fort: SiteTable,
    /// Castles, for ruling 13's variant only.
    pub castle_variant: SiteTable,
}

impl GenerationTable {
    /// The row of `kind`; for castles, the variant row of ruling 13.
    pub fn row(&self, kind: SiteKind) -> &SiteTable {
        match kind {
            SiteKind::Village => &self.village,
            SiteKind::Town => &self.town,
            SiteKind::Fort => &self.fort,
            SiteKind::Castle => &self.castle_variant,
        }
    }
}

/// The effect of one band of the result table (RG-5.2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BandEffect {
    /// Both sides lose 1 strength (ruling 4: nobody is the loser).
    BothLoseOne,
    /// The lower roll loses this much strength.
    LoserLoses(u32),
    /// The lower roll's strength becomes 0.
    LoserToZero,
}

/// A band of differences of the result table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Band {
    /// The smallest difference of the band.
    pub min_diff: u32,
    /// The largest, or `None` for the open last band.
    pub max_diff: Option<u32>,
    /// The result's name in English.
    pub name: String,
    /// The result's name in the source.
    pub source: String,
    /// What happens.
    pub effect: BandEffect,
}

/// The battle result table and the exchange limit (RG-5.2.3, RG-5.2.4, ruling 2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleTable {
    /// After this many exchanges without a side at 0, the battle is a draw.
    pub max_exchanges: u32,
    /// The bands, from difference 0 upward, contiguous, the last one open.
    pub bands: Vec<Band>,
}

impl BattleTable {
    /// The band of a difference.
    ///
    /// ```
    /// use darbar::raid::{BandEffect, RaidData};
    ///
    /// let table = &RaidData::standard().battle;
    /// assert_eq!(table.band(12).effect, BandEffect::LoserLoses(2));
    /// assert_eq!(table.band(13).effect, BandEffect::LoserToZero);
    /// ```
    pub fn band(&self, diff: u32) -> &Band {
        // Validation guarantees a contiguous cover of 0.., so some band always matches.
        self.bands
            .iter()
            .find(|b| diff >= b.min_diff && b.max_diff.is_none_or(|m| diff <= m))
            .unwrap_or(&self.bands[self.bands.len() - 1])
    }

    fn validate(&self) -> Result<(), String> {
        if !(1..=20).contains(&self.max_exchanges) {
            return Err(format!(
                "max_exchanges {} is outside 1..=20",
                self.max_exchanges
            ));
        }
        let mut next = 0;
        for (i, band) in self.bands.iter().enumerate() {
            if band.min_diff != next {
                return Err(format!(
                    "band {i} starts at {}, expected {next}",
                    band.min_diff
                ));
            }
            if band.effect == BandEffect::LoserLoses(0) {
                return Err(format!("band {i} changes nothing"));
            }
            match band.max_diff {
                Some(max) if max < band.min_diff => {
                    return Err(format!("band {i} ends before it starts"));
                }
                Some(max) => next = max + 1,
                None if i + 1 == self.bands.len() => return Ok(()),
                None => return Err(format!("band {i} is open but not last")),
            }
        }
        Err("the last band must be open (max_diff null)".into())
    }
}

/// A talent's entry in the talent table (RG-8, ruling 10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TalentEntry {
    /// The talent.
    pub talent: Talent,
    /// Its name in English.
    pub name: String,
    /// Its mark in the source or the ruling.
    pub mark: String,
    /// Whether recruitment may grant it (RG-7.2, ruling 10).
    pub recruitable: bool,
    /// Its effect, in words.
    pub effect: String,
}

/// A unique unit (RG-2.3, ruling 11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitEntry {
    /// Its identifier, unique over all tables.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The talents it gives the player's army once captured.
    pub talents: TalentSet,
    /// Strength it adds to the player's side in every battle once captured.
    pub power_bonus: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitFile {
    #[allow(dead_code)]
    note: String,
    village: Vec<UnitEntry>,
    town: Vec<UnitEntry>,
    fort: Vec<UnitEntry>,
}

/// A rank band of the final score (ruling 26).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RankBand {
    /// The lowest score of the band.
    pub min_score: u32,
    /// The rank's name.
    pub rank: String,
}

/// A unique unit: its position in [`RaidData::units`]. Serialized as the unit's `id`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UnitId(u8);

impl UnitId {
    /// The unit's position in [`RaidData::units`].
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The unit's entry in the standard data.
    pub fn entry(self) -> &'static UnitEntry {
        &RaidData::standard().units[self.index()].1
    }

    /// The kind of site whose table holds the unit.
    pub fn table(self) -> SiteKind {
        RaidData::standard().units[self.index()].0
    }

    /// The unit with this `id` in the standard data.
    pub fn from_id(id: &str) -> Option<UnitId> {
        RaidData::standard()
            .units
            .iter()
            .position(|(_, u)| u.id == id)
            .and_then(|i| u8::try_from(i).ok())
            .map(UnitId)
    }

    /// Every unit of the standard data.
    pub fn all() -> impl Iterator<Item = UnitId> {
        (0..RaidData::standard().units.len()).filter_map(|i| u8::try_from(i).ok().map(UnitId))
    }

    fn bit(self) -> u32 {
        1 << self.0
    }
}

impl fmt::Display for UnitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.entry().id)
    }
}

impl Serialize for UnitId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.entry().id)
    }
}

impl<'de> Deserialize<'de> for UnitId {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let id = String::deserialize(deserializer)?;
        UnitId::from_id(&id)
            .ok_or_else(|| serde::de::Error::custom(format!("{id:?} is not a unique unit")))
    }
}

/// A set of unique units, serialized as a list of ids.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UnitSet(u32);

impl UnitSet {
    /// No unit.
    pub const EMPTY: UnitSet = UnitSet(0);

    /// Whether `unit` is in the set.
    pub fn contains(self, unit: UnitId) -> bool {
        self.0 & unit.bit() != 0
    }

    /// Adds `unit`.
    pub fn insert(&mut self, unit: UnitId) {
        self.0 |= unit.bit();
    }

    /// Removes `unit`.
    pub fn remove(&mut self, unit: UnitId) {
        self.0 &= !unit.bit();
    }

    /// The units of both sets.
    pub fn union(self, other: UnitSet) -> UnitSet {
        UnitSet(self.0 | other.0)
    }

    /// The units of both sets at once.
    pub fn intersection(self, other: UnitSet) -> UnitSet {
        UnitSet(self.0 & other.0)
    }

    /// How many units.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The units, in table order.
    pub fn iter(self) -> impl Iterator<Item = UnitId> {
        UnitId::all().filter(move |&u| self.contains(u))
    }
}

impl FromIterator<UnitId> for UnitSet {
    fn from_iter<I: IntoIterator<Item = UnitId>>(iter: I) -> Self {
        let mut set = UnitSet::EMPTY;
        for unit in iter {
            set.insert(unit);
        }
        set
    }
}

impl Serialize for UnitSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for UnitSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let list = Vec::<UnitId>::deserialize(deserializer)?;
        let mut set = UnitSet::EMPTY;
        for unit in list {
            if set.contains(unit) {
                return Err(serde::de::Error::custom(format!(
                    "unit {unit} is listed twice"
                )));
            }
            set.insert(unit);
        }
        Ok(set)
    }
}

/// Every table of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaidData {
    /// Site generation (RG-2.1).
    pub sites: GenerationTable,
    /// The battle result table (RG-5.2.3).
    pub battle: BattleTable,
    /// The talents (RG-8).
    pub talents: Vec<TalentEntry>,
    /// The unique units, each with the kind of site whose table holds it: villages', then
    /// towns', then forts' (ruling 11).
    pub units: Vec<(SiteKind, UnitEntry)>,
    /// The rank bands, lowest first (ruling 26).
    pub ranks: Vec<RankBand>,
}

/// The JSON texts of the shipped tables, in the order [`RaidData::from_json`] takes them.
pub const STANDARD_FILES: [&str; 5] = [
    include_str!("data/sites.json"),
    include_str!("data/battle.json"),
    include_str!("data/talents.json"),
    include_str!("data/units.json"),
    include_str!("data/ranks.json"),
];

fn parse<T: serde::de::DeserializeOwned>(file: &'static str, text: &str) -> Result<T, DataError> {
    serde_json::from_str(text).map_err(|e| DataError::Format {
        file,
        reason: e.to_string(),
    })
}

impl RaidData {
    /// The tables that ship with darbar, loaded and validated once.
    pub fn standard() -> &'static RaidData {
        static DATA: OnceLock<RaidData> = OnceLock::new();
        DATA.get_or_init(|| {
            // The test suite proves the embedded files valid (`standard_data_is_valid`), so a
            // failure here is a defect of the shipped data, not of any input.
            let [sites, battle, talents, units, ranks] = STANDARD_FILES;
            RaidData::from_json(sites, battle, talents, units, ranks)
                .expect("the embedded raid data is valid")
        })
    }

    /// Loads and validates the five tables from JSON texts in the format of the shipped files.
    ///
    /// ```
    /// use darbar::raid::{DataError, RaidData, STANDARD_FILES};
    ///
    /// let [sites, battle, talents, units, ranks] = STANDARD_FILES;
    /// assert!(RaidData::from_json(sites, battle, talents, units, ranks).is_ok());
    /// let gap = battle.replace("\"min_diff\": 7", "\"min_diff\": 8");
    /// assert!(matches!(
    ///     RaidData::from_json(sites, &gap, talents, units, ranks),
    ///     Err(DataError::Invalid { file: "battle.json", .. })
    /// ));
    /// ```
    pub fn from_json(
        sites: &str,
        battle: &str,
        talents: &str,
        units: &str,
        ranks: &str,
    ) -> Result<RaidData, DataError> {
        let sites: GenerationTable = parse("sites.json", sites)?;
        let battle: BattleTable = parse("battle.json", battle)?;
        let talents: Vec<TalentEntry> = parse("talents.json", talents)?;
        let unit_file: UnitFile = parse("units.json", units)?;
        let ranks: Vec<RankBand> = parse("ranks.json", ranks)?;
        let invalid =
            |file: &'static str| move |reason: String| DataError::Invalid { file, reason };

        battle.validate().map_err(invalid("battle.json"))?;

        for talent in Talent::ALL {
            let n = talents.iter().filter(|e| e.talent == talent).count();
            if n != 1 {
                return Err(invalid("talents.json")(format!(
                    "talent {talent} is listed {n} times, not once"
                )));
            }
        }
        if let Some(wall) = talents.iter().find(|e| e.recruitable && e.talent.is_wall()) {
            return Err(invalid("talents.json")(format!(
                "{} only helps a defending site and cannot be recruited",
                wall.talent
            )));
        }

        let mut units = Vec::new();
        for (kind, table) in [
            (SiteKind::Village, unit_file.village),
            (SiteKind::Town, unit_file.town),
            (SiteKind::Fort, unit_file.fort),
        ] {
            let needed = kind.count() * kind.unit_slots();
            if table.len() < needed {
                return Err(invalid("units.json")(format!(
                    "the {kind} table has {} units; its sites hold {needed}",
                    table.len()
                )));
            }
            for entry in table {
                if let Some(wall) = entry.talents.iter().find(|t| t.is_wall()) {
                    return Err(invalid("units.json")(format!(
                        "unit {} has {wall}, which only helps a defending site",
                        entry.id
                    )));
                }
                if entry.power_bonus > 3 {
                    return Err(invalid("units.json")(format!(
                        "unit {} has a power bonus above 3",
                        entry.id
                    )));
                }
                if entry.id.is_empty()
                    || units.iter().any(|(_, u): &(_, UnitEntry)| u.id == entry.id)
                {
                    return Err(invalid("units.json")(format!(
                        "unit id {:?} is empty or not unique",
                        entry.id
                    )));
                }
                units.push((kind, entry));
            }
        }
        if units.len() > 32 {
            return Err(invalid("units.json")(format!(
                "{} units; at most 32 are supported",
                units.len()
            )));
        }

        if ranks.first().map(|r| r.min_score) != Some(0) {
            return Err(invalid("ranks.json")(
                "the first rank band must start at score 0".into(),
            ));
        }
        if ranks.windows(2).any(|w| w[0].min_score >= w[1].min_score) {
            return Err(invalid("ranks.json")(
                "rank bands must rise strictly".into(),
            ));
        }
        Ok(RaidData {
            sites,
            battle,
            talents,
            units,
            ranks,
        })
    }

    /// The talents recruitment may grant (ruling 10).
    pub fn recruitable_talents(&self) -> TalentSet {
        self.talents
            .iter()
            .filter(|e| e.recruitable)
            .map(|e| e.talent)
            .collect()
    }

    /// The entry of `talent`.
    pub fn talent(&self, talent: Talent) -> &TalentEntry {
        // Validation guarantees one entry per talent.
        self.talents
            .iter()
            .find(|e| e.talent == talent)
            .unwrap_or(&self.talents[0])
    }

    /// The units of `kind`'s table.
    pub fn table(&self, kind: SiteKind) -> UnitSet {
        (0..self.units.len())
            .filter(|&i| self.units[i].0 == kind)
            .filter_map(|i| u8::try_from(i).ok().map(UnitId))
            .collect()
    }

    /// The rank of a final score.
    ///
    /// ```
    /// use darbar::raid::RaidData;
    ///
    /// assert_eq!(RaidData::standard().rank(0), "Brigand");
    /// assert_eq!(RaidData::standard().rank(60), "Warlord");
    /// ```
    pub fn rank(&self, score: u32) -> &str {
        self.ranks
            .iter()
            .rev()
            .find(|r| score >= r.min_score)
            .map_or("", |r| r.rank.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_data_is_valid() {
        let [sites, battle, talents, units, ranks] = STANDARD_FILES;
        let data = RaidData::from_json(sites, battle, talents, units, ranks).unwrap();
        assert_eq!(data.units.len(), 18);
        assert_eq!(data.battle.max_exchanges, 5);
    }
}
