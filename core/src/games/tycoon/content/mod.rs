//! The game's content: map, tracks, strategy board, round tracker and every card set, read from
//! JSON files and checked at load (TC-19). The rules know none of it: the default content ships
//! as [`Content::standard`] (darbar's own design, not the published components), and a user's
//! own files of the same schema load with [`Content::from_dir`].
//!
//! Every effect is data in the closed vocabulary of [`effect`] (TC-1), and the rules find a
//! bundle by a [`BundleRef`]: where it is printed and the path into nested bundles.

pub mod effect;
mod limits;
mod load;

use serde::{Deserialize, Serialize};

pub use effect::{Bundle, Counter, Effect, HookEvent, ModParam, ModScope, Op, PromoterPlace};
pub use load::ContentError;

use super::ids::{ActionKind, CityId, Difficulty, Era, Region, Sector, SpaceType};

/// The label every view of the default content shows (TC-19).
pub const DEFAULT_LABEL: &str = "darbar default content (original, not the published components)";

/// A region of the map (TC-2.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegionData {
    /// The compass letter.
    pub code: Region,
    /// The metro's city id (TC-2.2 snake case).
    pub metro: String,
    /// Gained per own factory when the region is activated (TI-5.2), and once on each build
    /// or Office there (TI-8.3.4 d).
    pub bonus: Bundle,
}

/// A city (TC-2.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct City {
    /// The snake-case id.
    pub id: String,
    /// The name in words.
    pub name: String,
    /// Its region.
    pub region: Region,
    /// Whether it is its region's metro.
    pub metro: bool,
    /// The build distance (TC-2.4): normative, and checked against the road graph at load.
    pub distance: u32,
    /// Gained once, by the seat that builds or places an Office there.
    pub bonus: Bundle,
}

/// The map: regions, cities in TC-2.2 order, and the road (TC-2.3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Map {
    /// N, E, S, W in that order.
    pub regions: Vec<RegionData>,
    /// The cities, numbered by their position ([`CityId`]).
    pub cities: Vec<City>,
    /// The road's edges, by city id.
    pub edges: Vec<[String; 2]>,
}

/// When a track level's bonus is gained (TC-3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// When the level is passed.
    Pass,
    /// When the level is landed on.
    Land,
    /// Either.
    Both,
}

/// The bonus of one level of a sector track.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelBonus {
    /// What is gained (empty for none).
    pub bonus: Bundle,
    /// When.
    pub trigger: Trigger,
}

/// The sector tracks, the loan table and the track asset values (TC-3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tracks {
    /// Levels 1–7 of each sector, by [`Sector::index`].
    pub levels: [[LevelBonus; 7]; 6],
    /// The Loan action's amount by Finance level 0–7 (TI-8.8).
    pub loan: [u32; 8],
    /// The end asset value by final level 0–7, by [`Sector::index`] (zero for most sectors).
    pub asset_value: [[u32; 8]; 6],
}

/// A managed strategy space (TC-5): `SM-1` gains a +1 action token, `SM-2` buys an industry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManagedSpace {
    /// `SM-n`.
    pub id: String,
    /// The name in words.
    pub name: String,
    /// Pool promoters paid.
    pub cost: u32,
}

/// An unmanaged strategy space (TC-5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnmanagedSpace {
    /// `SU-nn`.
    pub id: String,
    /// Its type.
    #[serde(rename = "type")]
    pub kind: SpaceType,
    /// Pool promoters paid.
    pub cost: u32,
    /// What the taker gains.
    pub reward: Bundle,
    /// The fewest seats it is in play with (3 or 4).
    pub min_seats: u8,
}

/// A round event (TI-6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundEvent {
    /// The sealed policy bid (TI-6.2).
    PolicyBid,
    /// Income & dividends (TI-6.3).
    Income,
    /// National Project investment (TI-6.4).
    NationalProject,
}

/// One round of the round tracker (TC-6).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundPlan {
    /// The events, in order.
    pub events: Vec<RoundEvent>,
    /// The NP price per unit in Cr, for a round with an NP event (a multiple of 5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub np_price: Option<u32>,
}

/// The strategy board, the round tracker and the National Project (TC-5, TC-6).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// `SM-1`, `SM-2`.
    pub managed: Vec<ManagedSpace>,
    /// `SU-01` … in TC-5 order.
    pub unmanaged: Vec<UnmanagedSpace>,
    /// Rounds 1–7.
    pub rounds: Vec<RoundPlan>,
    /// The NP reward per unit.
    pub np_reward: Bundle,
}

/// An industry card (TC-7).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Industry {
    /// `I1-nn`, `I2-nn`, `I1-Kn`, ….
    pub id: String,
    /// The name.
    pub name: String,
    /// Its era.
    pub era: Era,
    /// Its own sector.
    pub sector: Sector,
    /// Asset value when built (Cr).
    pub asset_value: u32,
    /// Income when built (Cr).
    pub income: u32,
    /// The resources bought from sector leaders when building (TI-8.3.2).
    pub cost_icons: Vec<Sector>,
    /// Steps on its own sector when built (1 or 2).
    pub build_sector_steps: u8,
    /// Influence when built.
    pub build_influence: u32,
    /// A Kickstarter extra (TC-7.3).
    #[serde(default)]
    pub kickstarter: bool,
}

/// A policy's kind (TI-6.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PolicyKind {
    /// Era I: influence at scoring if a condition holds.
    Industrial,
    /// Era I: a lasting benefit.
    Economic,
    /// Era II: a one-time benefit when acquired.
    Liberal,
}

/// When a policy's own effect applies (TC-1.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PolicyWhen {
    /// Once, when acquired (Liberal).
    Now,
    /// At scoring (Industrial).
    End,
    /// From acquisition on (Economic).
    Passive,
}

/// A policy's own effect with its timing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PolicyEffect {
    /// When.
    pub when: PolicyWhen,
    /// What.
    #[serde(rename = "do")]
    pub effects: Bundle,
}

/// A policy card (TC-8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Policy {
    /// `P1-nn`, `P2-nn`, `P1-Kn`, ….
    pub id: String,
    /// The name.
    pub name: String,
    /// Its era.
    pub era: Era,
    /// Its kind.
    pub kind: PolicyKind,
    /// Gained by every Politics action (TI-8.7).
    pub politics_bonus: Bundle,
    /// Support at scoring (TI-16.5).
    pub end_support: u32,
    /// Its own effect.
    pub effect: PolicyEffect,
    /// A Kickstarter extra (TC-8.3).
    #[serde(default)]
    pub kickstarter: bool,
}

/// A planning commission card's type (TI-14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlanType {
    /// Type A: one in play.
    A,
    /// Type B: two in play (one with the Headline expansion).
    B,
}

/// How a planning commission card awards influence (TI-14, TC-9).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "snake_case", deny_unknown_fields)]
pub enum PlanAward {
    /// The best and second-best seats by `counter` (at least 1 to place) gain `awards[0]` and
    /// `awards[1]` influence; ties share the sum of their places, rounded down.
    Competitive {
        /// What is compared.
        counter: Counter,
        /// 1st and 2nd.
        awards: [u32; 2],
    },
    /// Every seat gains the bundle for itself (influence, written with `per` or `if`).
    Independent {
        /// What each seat gains.
        #[serde(rename = "do")]
        effects: Bundle,
    },
}

/// A planning commission card (TC-9).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Plan {
    /// `PA-n`, `PB-n`.
    pub id: String,
    /// The name.
    pub name: String,
    /// A or B.
    #[serde(rename = "type")]
    pub kind: PlanType,
    /// The award.
    pub award: PlanAward,
}

/// When a headline acts (TI-17.2, TC-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HeadlineTiming {
    /// Round start: resolved after the reveal, before Phase 1.
    #[serde(rename = "RS")]
    RoundStart,
    /// Round end: after Phase 4.
    #[serde(rename = "RE")]
    RoundEnd,
    /// Whole round: modifiers and hooks from the reveal to the end of the round.
    #[serde(rename = "WR")]
    WholeRound,
    /// Round event: modifiers of this round's Income & dividends event.
    #[serde(rename = "EV")]
    RoundEvent,
}

/// A headline's effect with its timing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeadlineEffect {
    /// When.
    pub when: HeadlineTiming,
    /// What, for each non-AI seat.
    #[serde(rename = "do")]
    pub effects: Bundle,
}

/// A headline card (TC-10).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Headline {
    /// `H1-n`, `H2-n`.
    pub id: String,
    /// The name.
    pub name: String,
    /// Its era.
    pub era: Era,
    /// Its effect.
    pub effect: HeadlineEffect,
}

/// A corporate agenda (TC-11): the support of the highest tier reached.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Agenda {
    /// `CA-n`.
    pub id: String,
    /// The name.
    pub name: String,
    /// What is counted.
    pub counter: Counter,
    /// `(threshold, support)`, thresholds rising.
    pub tiers: Vec<(u32, u32)>,
}

/// When a merit card may be played (TC-12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MeritWindow {
    /// The start of each of the holder's Phase-4 turns.
    #[serde(rename = "ACT")]
    Act,
    /// While the holder declares a build, before paying.
    #[serde(rename = "BUILD")]
    Build,
    /// The start of the holder's NP turn.
    #[serde(rename = "NP")]
    NationalProject,
    /// Never: only its end asset value counts.
    #[serde(rename = "KEEP")]
    Keep,
}

/// A merit card (TC-12).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Merit {
    /// `M-nn`.
    pub id: String,
    /// The name.
    pub name: String,
    /// When it may be played.
    pub window: MeritWindow,
    /// What it does when played.
    #[serde(rename = "do")]
    pub effects: Bundle,
    /// Asset value at scoring if unplayed.
    #[serde(default)]
    pub end_av: u32,
}

/// A conglomerate bonus token (TC-13).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Conglomerate {
    /// `CG-n`.
    pub id: String,
    /// The bonus.
    pub bonus: Bundle,
}

/// An end-game sector favour token (TC-14).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Favour {
    /// `SF-<sector>`.
    pub id: String,
    /// The favoured sector.
    pub sector: Sector,
}

/// How an automa picks the opponent whose share it buys (TC-16.4 S).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SharesRule {
    /// The opponent with the highest IndustryAV.
    Lead,
    /// The cheapest share.
    Cheap,
}

/// An automa card (TC-16.3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AutomaCard {
    /// `AE-nn`, `AN-nn`, `AH-nn`.
    pub id: String,
    /// Its deck.
    pub difficulty: Difficulty,
    /// Three actions in priority order.
    pub plan: Vec<ActionKind>,
    /// Strategy space types in priority order.
    pub strategy: Vec<SpaceType>,
    /// Added to the target card's AV for the industry-bid ceiling.
    pub bid_margin: u32,
    /// Promoters bid in the policy bid.
    pub policy_bid: u32,
    /// The most NP units bought.
    pub np_units: u32,
    /// Tie-breaks and choices inside effects.
    pub focus_sector: Sector,
    /// Tie-breaks.
    pub focus_region: Region,
    /// How it picks a share to buy.
    pub shares: SharesRule,
}

/// Everything the rules read that is not a rule (TI-1.3, TI-1.4): the default content or a
/// user's own.
#[derive(Clone, Debug, PartialEq)]
pub struct Content {
    /// The label every view shows ([`DEFAULT_LABEL`] for the default content).
    pub label: String,
    /// Whether this is darbar's default content (then the TC-19 counts are errors, not
    /// warnings).
    pub is_default: bool,
    /// What loading found odd but allowed: count differences in a user's own content.
    pub warnings: Vec<String>,
    /// The map.
    pub map: Map,
    /// The sector tracks.
    pub tracks: Tracks,
    /// The strategy board and round tracker.
    pub board: Board,
    /// Industry cards, Era I then Era II, Kickstarter extras among them.
    pub industries: Vec<Industry>,
    /// Policy cards.
    pub policies: Vec<Policy>,
    /// Planning commission cards.
    pub plans: Vec<Plan>,
    /// Headlines.
    pub headlines: Vec<Headline>,
    /// Corporate agendas.
    pub agendas: Vec<Agenda>,
    /// Merit cards.
    pub merits: Vec<Merit>,
    /// Conglomerate bonus tokens.
    pub conglomerates: Vec<Conglomerate>,
    /// Sector favour tokens.
    pub favours: Vec<Favour>,
    /// Automa cards of the three decks.
    pub automa: Vec<AutomaCard>,
    /// Each city's neighbours on the road, by [`CityId`] (computed at load).
    pub neighbours: Vec<Vec<CityId>>,
    /// What replay records name the content by: `default`, or a folder's name, with the hash
    /// of the files.
    pub deck: crate::engine::DeckId,
}

/// Where a bundle is printed: a content item, or a rule's fixed bundle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// A city's bonus.
    City(CityId),
    /// A region's bonus.
    Region(Region),
    /// A sector track level's bonus (level 1–7).
    Level(Sector, u8),
    /// A policy's politics bonus.
    Politics(u8),
    /// A policy's own effect.
    Policy(u8),
    /// A headline's effect.
    Headline(u8),
    /// A merit card's effect.
    Merit(u8),
    /// A conglomerate token's bonus.
    Conglomerate(u8),
    /// An unmanaged strategy space's reward.
    Space(u8),
    /// The National Project reward per unit.
    NationalProject,
    /// An independent planning commission card's award.
    Plan(u8),
}

/// A bundle of the content: its [`Source`], then a path of `(atom, child)` steps into nested
/// bundles (an `if`'s `then`, a hook's `do`, an offer's `pay` or `gain`; [`Effect::children`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BundleRef {
    /// Where it is printed.
    pub source: Source,
    /// The steps into nested bundles, `depth` of them used.
    pub path: [(u8, u8); BundleRef::MAX_DEPTH],
    /// How many steps of `path` are used.
    pub depth: u8,
}

impl BundleRef {
    /// How deep bundles may nest (checked at load).
    pub const MAX_DEPTH: usize = 3;

    /// The top-level bundle of a source.
    pub const fn of(source: Source) -> BundleRef {
        BundleRef {
            source,
            path: [(0, 0); BundleRef::MAX_DEPTH],
            depth: 0,
        }
    }

    /// The nested bundle `child` of atom `atom` of this bundle; `None` past the depth limit.
    pub fn child(self, atom: u8, child: u8) -> Option<BundleRef> {
        let mut next = self;
        *next.path.get_mut(usize::from(self.depth))? = (atom, child);
        next.depth += 1;
        Some(next)
    }
}

impl Content {
    /// The top-level bundle printed at `source`, if the content has it.
    pub fn source(&self, source: Source) -> Option<&Bundle> {
        Some(match source {
            Source::City(c) => &self.map.cities.get(c.index())?.bonus,
            Source::Region(r) => &self.map.regions.get(r.index())?.bonus,
            Source::Level(s, level) => {
                &self.tracks.levels[s.index()]
                    .get(usize::from(level).checked_sub(1)?)?
                    .bonus
            }
            Source::Politics(p) => &self.policies.get(usize::from(p))?.politics_bonus,
            Source::Policy(p) => &self.policies.get(usize::from(p))?.effect.effects,
            Source::Headline(h) => &self.headlines.get(usize::from(h))?.effect.effects,
            Source::Merit(m) => &self.merits.get(usize::from(m))?.effects,
            Source::Conglomerate(c) => &self.conglomerates.get(usize::from(c))?.bonus,
            Source::Space(s) => &self.board.unmanaged.get(usize::from(s))?.reward,
            Source::NationalProject => &self.board.np_reward,
            Source::Plan(p) => match &self.plans.get(usize::from(p))?.award {
                PlanAward::Independent { effects } => effects,
                PlanAward::Competitive { .. } => return None,
            },
        })
    }

    /// The bundle a reference names, if the content has it.
    pub fn bundle(&self, at: BundleRef) -> Option<&Bundle> {
        let mut bundle = self.source(at.source)?;
        for &(atom, child) in at.path.get(..usize::from(at.depth))? {
            bundle = (*bundle
                .get(usize::from(atom))?
                .children()
                .get(usize::from(child))?)?;
        }
        Some(bundle)
    }

    /// A city's id by its snake-case name.
    pub fn city(&self, id: &str) -> Option<CityId> {
        let index = self.map.cities.iter().position(|c| c.id == id)?;
        Some(CityId(index as u8))
    }

    /// A region's metro.
    pub fn metro(&self, region: Region) -> Option<CityId> {
        self.city(&self.map.regions.get(region.index())?.metro)
    }

    /// The number of an industry card by its id.
    pub fn industry(&self, id: &str) -> Option<u8> {
        Some(self.industries.iter().position(|c| c.id == id)? as u8)
    }

    /// The number of a policy card by its id.
    pub fn policy(&self, id: &str) -> Option<u8> {
        Some(self.policies.iter().position(|c| c.id == id)? as u8)
    }

    /// The number of a merit card by its id.
    pub fn merit(&self, id: &str) -> Option<u8> {
        Some(self.merits.iter().position(|c| c.id == id)? as u8)
    }
}
