//! Talents (RG-8): the three site talents of the source, given effects by ruling 9, and the
//! player talents of ruling 10. Effects are code; names, marks, descriptions and which talents
//! recruitment may grant are data (`data/talents.json`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A talent and its effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Talent {
    /// 《防壁》: the defending site has +1 wall point of power (ruling 9).
    Rampart,
    /// 《城壁》: the defending site has +2 wall points of power; does not stack with
    /// Rampart (ruling 9).
    CastleWall,
    /// 〈精兵〉: that side rolls one extra d6 each exchange (ruling 9).
    Elite,
    /// 略奪上手: the regulars' trigger threshold in continued plunder is 1 lower (ruling 10).
    Pillager,
    /// 兵站: upkeep is `floor(soldiers / 2)` instead of rounding up (ruling 10).
    Logistics,
    /// 商才: once per turn, 1 funds buys 1 weapon (ruling 10).
    Merchant,
    /// 夜襲: the second raid of a turn has no fatigue (ruling 10).
    NightRaid,
    /// 鼓舞: recruitment gains one more soldier (ruling 10).
    Rally,
}

impl Talent {
    /// Every talent.
    pub const ALL: [Talent; 8] = [
        Talent::Rampart,
        Talent::CastleWall,
        Talent::Elite,
        Talent::Pillager,
        Talent::Logistics,
        Talent::Merchant,
        Talent::NightRaid,
        Talent::Rally,
    ];

    /// The talent's text form: `castle-wall`.
    pub fn code(self) -> &'static str {
        match self {
            Talent::Rampart => "rampart",
            Talent::CastleWall => "castle-wall",
            Talent::Elite => "elite",
            Talent::Pillager => "pillager",
            Talent::Logistics => "logistics",
            Talent::Merchant => "merchant",
            Talent::NightRaid => "night-raid",
            Talent::Rally => "rally",
        }
    }

    /// Whether the talent only ever helps a defending site (the walls of ruling 9).
    pub fn is_wall(self) -> bool {
        matches!(self, Talent::Rampart | Talent::CastleWall)
    }

    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

impl fmt::Display for Talent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Talent {
    type Err = String;

    fn from_str(text: &str) -> Result<Talent, String> {
        Talent::ALL
            .into_iter()
            .find(|t| t.code() == text)
            .ok_or_else(|| format!("{text:?} is not a talent"))
    }
}

/// A set of talents, serialized as a list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TalentSet(u16);

impl TalentSet {
    /// No talent.
    pub const EMPTY: TalentSet = TalentSet(0);

    /// Whether `talent` is in the set.
    pub fn contains(self, talent: Talent) -> bool {
        self.0 & talent.bit() != 0
    }

    /// Adds `talent`; returns whether it was new.
    pub fn insert(&mut self, talent: Talent) -> bool {
        let new = !self.contains(talent);
        self.0 |= talent.bit();
        new
    }

    /// The union of two sets.
    pub fn union(self, other: TalentSet) -> TalentSet {
        TalentSet(self.0 | other.0)
    }

    /// How many talents are in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The talents, in the order of [`Talent::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Talent> {
        Talent::ALL.into_iter().filter(move |&t| self.contains(t))
    }
}

impl FromIterator<Talent> for TalentSet {
    fn from_iter<I: IntoIterator<Item = Talent>>(iter: I) -> Self {
        let mut set = TalentSet::EMPTY;
        for talent in iter {
            set.insert(talent);
        }
        set
    }
}

impl Serialize for TalentSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for TalentSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let list = Vec::<Talent>::deserialize(deserializer)?;
        let mut set = TalentSet::EMPTY;
        for talent in list {
            if !set.insert(talent) {
                return Err(serde::de::Error::custom(format!(
                    "talent {talent} is listed twice"
                )));
            }
        }
        Ok(set)
    }
}
