//! The map (§1.3): spaces, their kinds, Prosperity and adjacency, and the Cities.
//!
//! The printed board is not available, so the map is a **reconstruction** (ruling R-1) kept as a
//! data file, `data/map.json`, embedded in the crate and validated when it is loaded. A player
//! with the printed board can correct the file without touching code; [`Map::from_json`] says
//! exactly what is wrong with a file that breaks the rules.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::engine::Rule;

/// One of the 15 spaces of the map (R-1). Cities and the Vindhya Range are not spaces (§1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum SpaceId {
    /// Mongol Invasion Region (§1.3.2).
    MountainPasses,
    /// Mongol Invasion Region (§1.3.2).
    Punjab,
    /// The DS capital (§1.3.3).
    Delhi,
    /// Province.
    Sindh,
    /// Province.
    RajputKingdoms,
    /// Province.
    Gujarat,
    /// Province.
    Malwa,
    /// Province.
    Jaunpur,
    /// Province.
    Madhyadesh,
    /// Province.
    Gondwana,
    /// Province.
    Orissa,
    /// Province; BK Rally bonus (§3.3.1).
    Maharashtra,
    /// Province.
    Andhra,
    /// Province; VN Rally bonus (§3.4.1).
    Karnataka,
    /// Province.
    Tamilakam,
}

/// The number of spaces.
pub const SPACE_COUNT: usize = 15;

impl SpaceId {
    /// Every space, in the order of the R-1 table.
    pub const ALL: [SpaceId; SPACE_COUNT] = [
        SpaceId::MountainPasses,
        SpaceId::Punjab,
        SpaceId::Delhi,
        SpaceId::Sindh,
        SpaceId::RajputKingdoms,
        SpaceId::Gujarat,
        SpaceId::Malwa,
        SpaceId::Jaunpur,
        SpaceId::Madhyadesh,
        SpaceId::Gondwana,
        SpaceId::Orissa,
        SpaceId::Maharashtra,
        SpaceId::Andhra,
        SpaceId::Karnataka,
        SpaceId::Tamilakam,
    ];

    /// Position in [`SpaceId::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind the rules give this space: Delhi (§1.3.3), the two MIRs (§1.3.2), and every
    /// other named space a Province (§1.3 map table).
    pub const fn kind(self) -> SpaceKind {
        match self {
            SpaceId::Delhi => SpaceKind::Delhi,
            SpaceId::MountainPasses | SpaceId::Punjab => SpaceKind::MongolInvasionRegion,
            _ => SpaceKind::Province,
        }
    }

    /// Whether this is a Province (§1.3.1).
    pub const fn is_province(self) -> bool {
        matches!(self.kind(), SpaceKind::Province)
    }

    /// The space's name as printed: "Rajput Kingdoms", "Mountain Passes".
    pub fn name(self) -> &'static str {
        match self {
            SpaceId::MountainPasses => "Mountain Passes",
            SpaceId::Punjab => "Punjab",
            SpaceId::Delhi => "Delhi",
            SpaceId::Sindh => "Sindh",
            SpaceId::RajputKingdoms => "Rajput Kingdoms",
            SpaceId::Gujarat => "Gujarat",
            SpaceId::Malwa => "Malwa",
            SpaceId::Jaunpur => "Jaunpur",
            SpaceId::Madhyadesh => "Madhyadesh",
            SpaceId::Gondwana => "Gondwana",
            SpaceId::Orissa => "Orissa",
            SpaceId::Maharashtra => "Maharashtra",
            SpaceId::Andhra => "Andhra",
            SpaceId::Karnataka => "Karnataka",
            SpaceId::Tamilakam => "Tamilakam",
        }
    }
}

impl fmt::Display for SpaceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SpaceId {
    type Err = String;

    /// Accepts the printed name or the Rust name, ignoring case, spaces and hyphens.
    ///
    /// ```
    /// use darbar::vijayanagara::SpaceId;
    ///
    /// assert_eq!("rajput kingdoms".parse(), Ok(SpaceId::RajputKingdoms));
    /// assert_eq!("MountainPasses".parse(), Ok(SpaceId::MountainPasses));
    /// assert!("Bengal".parse::<SpaceId>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, String> {
        let squash = |t: &str| -> String {
            t.chars()
                .filter(|c| c.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .collect()
        };
        let wanted = squash(s);
        SpaceId::ALL
            .into_iter()
            .find(|id| squash(id.name()) == wanted)
            .ok_or_else(|| format!("unknown space {s:?}"))
    }
}

/// The three kinds of space (§1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SpaceKind {
    /// A Province: Tributary or Independent, Prosperity 1 or 2 (§1.3.1).
    Province,
    /// Mountain Passes or Punjab (§1.3.2).
    MongolInvasionRegion,
    /// Delhi (§1.3.3).
    Delhi,
}

impl SpaceKind {
    /// The entry table of §1.3: may pieces of `faction` stand in a space of this kind?
    /// DS may enter everything; BK and VN only Provinces; the Mongols never a Province.
    pub const fn admits(self, faction: super::Faction) -> bool {
        use super::Faction::*;
        match (self, faction) {
            (_, Sultanate) => true,
            (SpaceKind::Province, Bahmani | Vijayanagara) => true,
            (SpaceKind::Province, Mongols) => false,
            (_, Mongols) => true,
            (_, Bahmani | Vijayanagara) => false,
        }
    }
}

/// A set of spaces, as a bit set: cheap to copy and to test.
///
/// ```
/// use darbar::vijayanagara::{SpaceId, SpaceSet};
///
/// let set: SpaceSet = [SpaceId::Delhi, SpaceId::Malwa].into_iter().collect();
/// assert!(set.contains(SpaceId::Malwa));
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.iter().collect::<Vec<_>>(), [SpaceId::Delhi, SpaceId::Malwa]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SpaceSet(u16);

impl SpaceSet {
    /// No spaces.
    pub const EMPTY: SpaceSet = SpaceSet(0);

    /// Whether `space` is in the set.
    pub const fn contains(self, space: SpaceId) -> bool {
        self.0 & (1 << space as u16) != 0
    }

    /// Adds `space`.
    pub fn insert(&mut self, space: SpaceId) {
        self.0 |= 1 << space as u16;
    }

    /// Removes `space`.
    pub fn remove(&mut self, space: SpaceId) {
        self.0 &= !(1 << space as u16);
    }

    /// How many spaces are in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The spaces in [`SpaceId::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = SpaceId> {
        SpaceId::ALL.into_iter().filter(move |&s| self.contains(s))
    }
}

impl FromIterator<SpaceId> for SpaceSet {
    fn from_iter<I: IntoIterator<Item = SpaceId>>(iter: I) -> Self {
        let mut set = SpaceSet::EMPTY;
        for space in iter {
            set.insert(space);
        }
        set
    }
}

impl Serialize for SpaceSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SpaceSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let spaces = Vec::<SpaceId>::deserialize(deserializer)?;
        let set: SpaceSet = spaces.iter().copied().collect();
        if set.len() != spaces.len() {
            return Err(serde::de::Error::custom("a space is listed twice"));
        }
        Ok(set)
    }
}

/// A named City (§1.3.4): a point where Provinces meet, not a space. Only events refer to them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct City {
    /// The City's name.
    pub name: String,
    /// The spaces that meet at it.
    pub spaces: Vec<SpaceId>,
}

/// The map: each space's Prosperity and neighbours, and the Cities.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    name: String,
    prosperity: [u8; SPACE_COUNT],
    adjacent: [SpaceSet; SPACE_COUNT],
    cities: Vec<City>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    name: String,
    #[allow(dead_code)]
    note: String,
    spaces: Vec<SpaceFile>,
    cities: Vec<City>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpaceFile {
    id: SpaceId,
    name: String,
    kind: SpaceKind,
    prosperity: Option<u8>,
    adjacent: Vec<SpaceId>,
}

/// Adjacencies that the rules state outright, which any map must respect.
const STATED_ADJACENCIES: [(SpaceId, SpaceId, bool, &str); 5] = [
    (SpaceId::Gondwana, SpaceId::Andhra, true, "1.3.5"),
    (SpaceId::Madhyadesh, SpaceId::Orissa, true, "1.3.5"),
    (SpaceId::Jaunpur, SpaceId::Punjab, false, "1.3.5"),
    (SpaceId::Malwa, SpaceId::Gondwana, false, "1.3.6"),
    (SpaceId::Madhyadesh, SpaceId::Jaunpur, false, "1.3.6"),
];

/// The total Prosperity of all Provinces: DS starts at 18 VP with every Province Tributary
/// (§2.1, §5.1, check M2).
pub const TOTAL_PROSPERITY: u8 = 18;

impl Map {
    /// The map that ships with darbar (R-1), loaded and validated once.
    pub fn standard() -> &'static Map {
        static MAP: OnceLock<Map> = OnceLock::new();
        MAP.get_or_init(|| {
            // The embedded file is checked by the test suite (`standard_map_is_valid`), so a
            // failure here is a defect of the shipped data, not of any input.
            Map::from_json(include_str!("data/map.json")).expect("the embedded map is valid")
        })
    }

    /// Loads and validates a map file in the format of `data/map.json`.
    ///
    /// ```
    /// use darbar::vijayanagara::{Map, MapError};
    ///
    /// let text = include_str!("data/map.json");
    /// assert!(Map::from_json(text).is_ok());
    /// // Drop Orissa from Andhra's neighbours but not Andhra from Orissa's:
    /// let broken = text.replace(r#""Orissa", "Maharashtra", "Karnataka""#, r#""Maharashtra", "Karnataka""#);
    /// assert!(matches!(Map::from_json(&broken), Err(MapError::Asymmetric { .. })));
    /// ```
    pub fn from_json(text: &str) -> Result<Map, MapError> {
        let file: MapFile =
            serde_json::from_str(text).map_err(|e| MapError::Format(e.to_string()))?;
        let mut seen = [false; SPACE_COUNT];
        let mut prosperity = [0u8; SPACE_COUNT];
        let mut adjacent = [SpaceSet::EMPTY; SPACE_COUNT];
        for space in &file.spaces {
            let i = space.id.index();
            if std::mem::replace(&mut seen[i], true) {
                return Err(MapError::DuplicateSpace(space.id));
            }
            if space.name != space.id.name() {
                return Err(MapError::Format(format!(
                    "space {:?} must be named {:?}, not {:?}",
                    space.id,
                    space.id.name(),
                    space.name
                )));
            }
            if space.kind != space.id.kind() {
                return Err(MapError::WrongKind {
                    space: space.id,
                    expected: space.id.kind(),
                });
            }
            prosperity[i] = match (space.kind, space.prosperity) {
                (SpaceKind::Province, Some(p @ 1..=2)) => p,
                (SpaceKind::Province, found) => {
                    return Err(MapError::BadProsperity {
                        space: space.id,
                        found,
                    });
                }
                (_, None) => 0,
                (_, found @ Some(_)) => {
                    return Err(MapError::BadProsperity {
                        space: space.id,
                        found,
                    });
                }
            };
            for &other in &space.adjacent {
                if other == space.id {
                    return Err(MapError::SelfLoop(space.id));
                }
                if adjacent[i].contains(other) {
                    return Err(MapError::Format(format!(
                        "{} lists {} twice",
                        space.id, other
                    )));
                }
                adjacent[i].insert(other);
            }
        }
        if let Some(missing) = SpaceId::ALL.into_iter().find(|s| !seen[s.index()]) {
            return Err(MapError::MissingSpace(missing));
        }
        for a in SpaceId::ALL {
            for b in adjacent[a.index()].iter() {
                if !adjacent[b.index()].contains(a) {
                    return Err(MapError::Asymmetric { from: a, to: b });
                }
            }
        }
        for (a, b, should, rule) in STATED_ADJACENCIES {
            if adjacent[a.index()].contains(b) != should {
                return Err(MapError::ContradictsRules {
                    a,
                    b,
                    adjacent: should,
                    rule: Rule(rule),
                });
            }
        }
        let total: u8 = prosperity.iter().sum();
        if total != TOTAL_PROSPERITY {
            return Err(MapError::TotalProsperity(total));
        }
        let mut reached = SpaceSet::EMPTY;
        let mut frontier = vec![SpaceId::Delhi];
        while let Some(space) = frontier.pop() {
            if !reached.contains(space) {
                reached.insert(space);
                frontier.extend(adjacent[space.index()].iter());
            }
        }
        if let Some(cut_off) = SpaceId::ALL.into_iter().find(|&s| !reached.contains(s)) {
            return Err(MapError::Disconnected(cut_off));
        }
        if let Some(city) = file.cities.iter().find(|c| c.spaces.is_empty()) {
            return Err(MapError::Format(format!(
                "City {} touches no space",
                city.name
            )));
        }
        Ok(Map {
            name: file.name,
            prosperity,
            adjacent,
            cities: file.cities,
        })
    }

    /// The map's name, which says that it is a reconstruction.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// A Province's Prosperity, 1 or 2 (§1.3.1); 0 for Delhi and the MIRs, which have none.
    pub fn prosperity(&self, space: SpaceId) -> u8 {
        self.prosperity[space.index()]
    }

    /// The spaces adjacent to `space` (§1.3.5, §1.3.6).
    pub fn neighbours(&self, space: SpaceId) -> SpaceSet {
        self.adjacent[space.index()]
    }

    /// Whether `a` and `b` are adjacent (§1.3.5, §1.3.6). Symmetric.
    pub fn adjacent(&self, a: SpaceId, b: SpaceId) -> bool {
        self.adjacent[a.index()].contains(b)
    }

    /// The Cities (§1.3.4).
    pub fn cities(&self) -> &[City] {
        &self.cities
    }
}

/// Why a map file was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MapError {
    /// The file does not have the expected shape.
    #[error("map file does not parse: {0}")]
    Format(String),
    /// A space is missing (R-1).
    #[error("map lacks the space {0} (R-1)")]
    MissingSpace(SpaceId),
    /// A space is listed twice.
    #[error("map lists {0} twice (R-1)")]
    DuplicateSpace(SpaceId),
    /// A space has the wrong kind (§1.3.2, §1.3.3).
    #[error("{space} must be a {expected:?} (§1.3)")]
    WrongKind {
        /// The space.
        space: SpaceId,
        /// Its kind under the rules.
        expected: SpaceKind,
    },
    /// A Province without Prosperity 1 or 2, or another space with one (§1.3.1, check M1).
    #[error(
        "{space} has Prosperity {found:?}; Provinces have 1 or 2 and other spaces none (§1.3.1)"
    )]
    BadProsperity {
        /// The space.
        space: SpaceId,
        /// What the file gives.
        found: Option<u8>,
    },
    /// The Provinces' Prosperity does not total 18 (§2.1, §5.1, check M2).
    #[error("total Prosperity is {0}, but the rules need 18 (§2.1, §5.1)")]
    TotalProsperity(u8),
    /// A space is adjacent to itself (§1.3.5).
    #[error("{0} is listed as adjacent to itself (§1.3.5)")]
    SelfLoop(SpaceId),
    /// `from` lists `to` as a neighbour but not the other way round (§1.3.5).
    #[error("{from} is adjacent to {to} but not {to} to {from}: adjacency is symmetric (§1.3.5)")]
    Asymmetric {
        /// The space that lists the neighbour.
        from: SpaceId,
        /// The neighbour that does not list it back.
        to: SpaceId,
    },
    /// An adjacency contradicts one the rules state (§1.3.5, §1.3.6, checks M3, M4).
    #[error("the rules say {a} and {b} are {}adjacent ({rule})", if *adjacent { "" } else { "not " })]
    ContradictsRules {
        /// One space.
        a: SpaceId,
        /// The other.
        b: SpaceId,
        /// What the rules say.
        adjacent: bool,
        /// Where they say it.
        rule: Rule,
    },
    /// A space cannot be reached from Delhi (R-1).
    #[error("{0} cannot be reached from Delhi (R-1)")]
    Disconnected(SpaceId),
}

impl MapError {
    /// The rule the map breaks.
    pub fn rule(&self) -> Rule {
        match self {
            MapError::Format(_)
            | MapError::MissingSpace(_)
            | MapError::DuplicateSpace(_)
            | MapError::Disconnected(_) => Rule("R-1"),
            MapError::WrongKind { .. } => Rule("1.3"),
            MapError::BadProsperity { .. } => Rule("1.3.1"),
            MapError::TotalProsperity(_) => Rule("2.1"),
            MapError::SelfLoop(_) | MapError::Asymmetric { .. } => Rule("1.3.5"),
            MapError::ContradictsRules { rule, .. } => *rule,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAP: &str = include_str!("data/map.json");

    #[test]
    fn standard_map_is_valid() {
        let map = Map::from_json(MAP).unwrap();
        assert!(map.name().contains("reconstructed"));
        assert_eq!(map.cities().len(), 13);
    }

    #[test]
    fn rule_1_3_5_map_checks_m3_m4() {
        let map = Map::standard();
        assert!(map.adjacent(SpaceId::Gondwana, SpaceId::Andhra));
        assert!(map.adjacent(SpaceId::Madhyadesh, SpaceId::Orissa));
        assert!(!map.adjacent(SpaceId::Jaunpur, SpaceId::Punjab));
        assert!(!map.adjacent(SpaceId::Malwa, SpaceId::Gondwana));
        assert!(!map.adjacent(SpaceId::Madhyadesh, SpaceId::Jaunpur));
    }

    #[test]
    fn rule_1_3_1_prosperity_m1_m2() {
        let map = Map::standard();
        let provinces: Vec<_> = SpaceId::ALL
            .into_iter()
            .filter(|s| s.is_province())
            .collect();
        assert_eq!(provinces.len(), 12);
        assert_eq!(
            provinces
                .iter()
                .filter(|&&s| map.prosperity(s) == 2)
                .count(),
            6
        );
        assert_eq!(
            provinces
                .iter()
                .filter(|&&s| map.prosperity(s) == 1)
                .count(),
            6
        );
        assert_eq!(provinces.iter().map(|&s| map.prosperity(s)).sum::<u8>(), 18);
    }

    #[test]
    fn rule_r_1_adjacency_matches_the_ruling_table() {
        let map = Map::standard();
        let degree = |s| map.neighbours(s).len();
        assert_eq!(degree(SpaceId::MountainPasses), 2);
        assert_eq!(degree(SpaceId::Madhyadesh), 6);
        assert_eq!(degree(SpaceId::Andhra), 6);
        assert_eq!(degree(SpaceId::Tamilakam), 2);
        let edges: usize = SpaceId::ALL.iter().map(|&s| degree(s)).sum();
        assert_eq!(edges / 2, 31);
    }

    #[test]
    fn rule_1_3_5_validator_rejects_an_asymmetric_map() {
        let broken = MAP.replace(
            r#""adjacent": ["Karnataka", "Andhra"]"#,
            r#""adjacent": ["Karnataka"]"#,
        );
        let err = Map::from_json(&broken).unwrap_err();
        assert_eq!(
            err,
            MapError::Asymmetric {
                from: SpaceId::Andhra,
                to: SpaceId::Tamilakam
            }
        );
        assert_eq!(err.rule(), Rule("1.3.5"));
    }

    #[test]
    fn validator_rejects_each_kind_of_bad_map() {
        let cases: Vec<(String, Rule)> = vec![
            (
                MAP.replace(
                    r#""Sindh", "kind": "Province", "prosperity": 1"#,
                    r#""Sindh", "kind": "Province", "prosperity": 3"#,
                ),
                Rule("1.3.1"),
            ),
            (
                MAP.replace(
                    r#""Sindh", "kind": "Province", "prosperity": 1"#,
                    r#""Sindh", "kind": "Province", "prosperity": 2"#,
                ),
                Rule("2.1"),
            ),
            (
                MAP.replace(
                    r#""Punjab", "kind": "MongolInvasionRegion""#,
                    r#""Punjab", "kind": "Province""#,
                ),
                Rule("1.3"),
            ),
            (
                MAP.replace(
                    r#""adjacent": ["Karnataka", "Andhra"]"#,
                    r#""adjacent": ["Karnataka", "Andhra", "Tamilakam"]"#,
                ),
                Rule("1.3.5"),
            ),
            (
                MAP.replace(
                    r#""Delhi", "Malwa", "Gondwana", "Orissa""#,
                    r#""Delhi", "Malwa", "Gondwana", "Orissa", "Punjab""#,
                ),
                Rule("1.3.5"),
            ),
            (
                MAP.replace("\"id\": \"Orissa\"", "\"id\": \"Bengal\""),
                Rule("R-1"),
            ),
            (
                MAP.replace("{ \"id\": \"MountainPasses\"", "{ \"id\": \"Punjab\""),
                Rule("R-1"),
            ),
        ];
        for (text, rule) in cases {
            assert_ne!(text, MAP, "the test edit must change the file");
            let err = Map::from_json(&text).unwrap_err();
            assert_eq!(err.rule(), rule, "{err}");
        }
    }

    #[test]
    fn rule_r_1_validator_rejects_a_disconnected_map() {
        // Cut Tamilakam off: remove it from both of its neighbours and them from it.
        let cut = MAP
            .replace(
                r#""adjacent": ["Karnataka", "Andhra"]"#,
                r#""adjacent": []"#,
            )
            .replace(r#""Karnataka", "Tamilakam"] }"#, r#""Karnataka"] }"#)
            .replace(r#""Andhra", "Tamilakam"] }"#, r#""Andhra"] }"#);
        assert_eq!(
            Map::from_json(&cut),
            Err(MapError::Disconnected(SpaceId::Tamilakam))
        );
    }

    #[test]
    fn rule_1_3_entry_table() {
        use super::super::Faction::*;
        assert!(SpaceKind::Province.admits(Bahmani));
        assert!(!SpaceKind::Province.admits(Mongols));
        assert!(!SpaceKind::Delhi.admits(Vijayanagara));
        assert!(SpaceKind::Delhi.admits(Mongols));
        assert!(!SpaceKind::MongolInvasionRegion.admits(Bahmani));
        for kind in [
            SpaceKind::Province,
            SpaceKind::Delhi,
            SpaceKind::MongolInvasionRegion,
        ] {
            assert!(kind.admits(Sultanate));
        }
    }
}
