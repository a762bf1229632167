//! Reading and checking the content files (TC-19).
//!
//! One JSON file per table, each carrying `content` and `label`. A file is parsed into a
//! private file struct (so an unknown field or effect kind is a load error naming its path,
//! TC-19), converted to the runtime types, and then checked as a whole: references, the road
//! graph, the contexts each effect may appear in, and the card counts setup needs. The default
//! content must also match the counts and seed values of `tycoon_content.md`; a user's own
//! content only gets warnings for those.

use std::collections::{HashMap, HashSet, VecDeque};
use std::path::Path;
use std::sync::OnceLock;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use thiserror::Error;

use crate::engine::{Cites, ContentHash, DeckId, Rule};

use super::super::action::MAX_ITEMS;
use super::super::ids::{CityId, Difficulty, Era, Region, Sector, SpaceType};
use super::{
    Agenda, AutomaCard, Board, Bundle, BundleRef, City, Conglomerate, Content, Counter,
    DEFAULT_LABEL, Effect, Favour, Headline, HeadlineTiming, HookEvent, Industry, LevelBonus,
    ManagedSpace, Map, Merit, MeritWindow, ModParam, ModScope, Plan, PlanAward, PlanType, Policy,
    PolicyKind, PolicyWhen, RegionData, RoundEvent, RoundPlan, Tracks, UnmanagedSpace,
};

/// Why content could not be loaded: the file, the item and the field at fault.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ContentError {
    /// A file could not be read.
    #[error("{file}: {reason}")]
    Io {
        /// The file.
        file: String,
        /// What went wrong.
        reason: String,
    },
    /// The set of files is wrong: one is missing, unknown or given twice (TC-19).
    #[error("{file}: {reason}")]
    Files {
        /// The file.
        file: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A file is not valid JSON of its schema: bad syntax, an unknown field or effect kind, a
    /// value of the wrong type (TC-19).
    #[error("{file}{}: {reason}", place(item, field))]
    Parse {
        /// The file.
        file: String,
        /// The item's id (its `id` or `code`), or its position in its list when it has none;
        /// empty when the fault is outside every list.
        item: String,
        /// The path of the field inside the item (`cost_icons[1]`), empty if none.
        field: String,
        /// The parser's message.
        reason: String,
    },
    /// The files parse but break a rule of the content (TC-19).
    #[error("{file}{}: {reason} ({rule})", place(item, field))]
    Check {
        /// The file.
        file: String,
        /// The item's id, empty when the fault is not in one item.
        item: String,
        /// The field, empty when the fault is the item as a whole.
        field: String,
        /// What is wrong.
        reason: String,
        /// The section of the rules or of the content specification enforced.
        rule: &'static str,
    },
}

impl ContentError {
    /// The section a failure breaks: a check's own, else TC-19 (the file format).
    pub fn rule(&self) -> Rule {
        match self {
            ContentError::Check { rule, .. } => Rule(rule),
            ContentError::Io { .. } | ContentError::Files { .. } | ContentError::Parse { .. } => {
                Rule("TC-19")
            }
        }
    }
}

impl Cites for ContentError {
    fn rule(&self) -> Rule {
        ContentError::rule(self)
    }
}

/// `": item: field path"`, leaving out the empty parts.
fn place(item: &str, field: &str) -> String {
    let mut out = String::new();
    if !item.is_empty() {
        out.push_str(": ");
        out.push_str(item);
    }
    if !field.is_empty() {
        out.push_str(": field ");
        out.push_str(field);
    }
    out
}

/// A failed check.
pub(super) fn fail(
    file: &str,
    item: impl Into<String>,
    field: impl Into<String>,
    reason: impl Into<String>,
    rule: &'static str,
) -> ContentError {
    ContentError::Check {
        file: file.to_owned(),
        item: item.into(),
        field: field.into(),
        reason: reason.into(),
        rule,
    }
}

pub(super) const MAP: &str = "map.json";
pub(super) const TRACKS: &str = "tracks.json";
pub(super) const BOARD: &str = "board.json";
pub(super) const INDUSTRIES: &str = "industries.json";
pub(super) const POLICIES: &str = "policies.json";
pub(super) const PLANS: &str = "plans.json";
pub(super) const HEADLINES: &str = "headlines.json";
pub(super) const AGENDAS: &str = "agendas.json";
pub(super) const MERITS: &str = "merits.json";
pub(super) const CONGLOMERATES: &str = "conglomerates.json";
pub(super) const FAVOURS: &str = "favours.json";
pub(super) const AUTOMA: &str = "automa.json";

/// The default content's files, embedded in the library.
const STANDARD_FILES: [(&str, &str); 12] = [
    (MAP, include_str!("data/map.json")),
    (TRACKS, include_str!("data/tracks.json")),
    (BOARD, include_str!("data/board.json")),
    (INDUSTRIES, include_str!("data/industries.json")),
    (POLICIES, include_str!("data/policies.json")),
    (PLANS, include_str!("data/plans.json")),
    (HEADLINES, include_str!("data/headlines.json")),
    (AGENDAS, include_str!("data/agendas.json")),
    (MERITS, include_str!("data/merits.json")),
    (CONGLOMERATES, include_str!("data/conglomerates.json")),
    (FAVOURS, include_str!("data/favours.json")),
    (AUTOMA, include_str!("data/automa.json")),
];

impl Content {
    /// The content files' names, one per table (TC-19).
    pub const FILES: [&'static str; 12] = [
        MAP,
        TRACKS,
        BOARD,
        INDUSTRIES,
        POLICIES,
        PLANS,
        HEADLINES,
        AGENDAS,
        MERITS,
        CONGLOMERATES,
        FAVOURS,
        AUTOMA,
    ];

    /// The `content` value of every default file: with it, the TC-19 counts are errors.
    pub const DEFAULT_CONTENT: &'static str = "darbar-default";

    /// darbar's default content, loaded and checked once.
    pub fn standard() -> &'static Content {
        static STANDARD: OnceLock<Content> = OnceLock::new();
        STANDARD.get_or_init(|| {
            // The embedded files are checked by the test suite (`default_content_loads`): a
            // failure here is a defect of the shipped data, not of any input.
            Content::from_files(&STANDARD_FILES).expect("the embedded default content is valid")
        })
    }

    /// Loads the content files ([`Content::FILES`]) of a directory; other files are ignored.
    pub fn from_dir(dir: &Path) -> Result<Content, ContentError> {
        let mut texts = Vec::with_capacity(Content::FILES.len());
        for name in Content::FILES {
            let text = std::fs::read_to_string(dir.join(name)).map_err(|e| ContentError::Io {
                file: name.to_owned(),
                reason: e.to_string(),
            })?;
            texts.push((name, text));
        }
        let files: Vec<(&str, &str)> = texts.iter().map(|(n, t)| (*n, t.as_str())).collect();
        let mut content = Content::from_files(&files)?;
        if !content.deck.is_default()
            && let Some(name) = dir.file_name().and_then(|n| n.to_str())
        {
            content.deck.name = name.to_owned();
        }
        Ok(content)
    }

    /// Loads content from `(file name, text)` pairs: each of [`Content::FILES`] exactly once.
    pub fn from_files(files: &[(&str, &str)]) -> Result<Content, ContentError> {
        let mut texts: HashMap<&str, &str> = HashMap::new();
        for &(name, text) in files {
            if !Content::FILES.contains(&name) {
                return Err(ContentError::Files {
                    file: name.to_owned(),
                    reason: format!(
                        "not a content file (the files are {})",
                        Content::FILES.join(", ")
                    ),
                });
            }
            if texts.insert(name, text).is_some() {
                return Err(ContentError::Files {
                    file: name.to_owned(),
                    reason: "given twice".to_owned(),
                });
            }
        }
        let text = |name: &str| {
            texts.get(name).copied().ok_or_else(|| ContentError::Files {
                file: name.to_owned(),
                reason: "missing: every content file is needed".to_owned(),
            })
        };
        let map: MapFile = parse(MAP, text(MAP)?)?;
        let tracks: TracksFile = parse(TRACKS, text(TRACKS)?)?;
        let board: BoardFile = parse(BOARD, text(BOARD)?)?;
        let industries: IndustriesFile = parse(INDUSTRIES, text(INDUSTRIES)?)?;
        let policies: PoliciesFile = parse(POLICIES, text(POLICIES)?)?;
        let plans: PlansFile = parse(PLANS, text(PLANS)?)?;
        let headlines: HeadlinesFile = parse(HEADLINES, text(HEADLINES)?)?;
        let agendas: AgendasFile = parse(AGENDAS, text(AGENDAS)?)?;
        let merits: MeritsFile = parse(MERITS, text(MERITS)?)?;
        let conglomerates: ConglomeratesFile = parse(CONGLOMERATES, text(CONGLOMERATES)?)?;
        let favours: FavoursFile = parse(FAVOURS, text(FAVOURS)?)?;
        let automa: AutomaFile = parse(AUTOMA, text(AUTOMA)?)?;

        let headers = [
            (MAP, &map.content, &map.label),
            (TRACKS, &tracks.content, &tracks.label),
            (BOARD, &board.content, &board.label),
            (INDUSTRIES, &industries.content, &industries.label),
            (POLICIES, &policies.content, &policies.label),
            (PLANS, &plans.content, &plans.label),
            (HEADLINES, &headlines.content, &headlines.label),
            (AGENDAS, &agendas.content, &agendas.label),
            (MERITS, &merits.content, &merits.label),
            (CONGLOMERATES, &conglomerates.content, &conglomerates.label),
            (FAVOURS, &favours.content, &favours.label),
            (AUTOMA, &automa.content, &automa.label),
        ];
        let (is_default, label) = header(&headers)?;

        let mut content = Content {
            label,
            is_default,
            warnings: Vec::new(),
            map: Map {
                regions: map.regions,
                cities: map.cities,
                edges: map.edges,
            },
            tracks: tracks.into_tracks(),
            board: Board {
                managed: board.managed,
                unmanaged: board.unmanaged,
                rounds: board.rounds,
                np_reward: board.np_reward,
            },
            industries: industries.industries,
            policies: policies.policies,
            plans: plans.plans,
            headlines: headlines.headlines,
            agendas: agendas.agendas,
            merits: merits.merits,
            conglomerates: conglomerates.conglomerates,
            favours: favours.favours,
            automa: automa.automa,
            neighbours: Vec::new(),
            deck: deck_id(files),
        };
        let mut checker = Checker {
            is_default,
            warnings: Vec::new(),
        };
        content.neighbours = checker.check(&content)?;
        content.warnings = checker.warnings;
        Ok(content)
    }
}

/// Whether every file is the default content, and the label they agree on (TC-19).
fn header(headers: &[(&str, &String, &String)]) -> Result<(bool, String), ContentError> {
    let is_default = headers
        .iter()
        .all(|(_, content, _)| content.as_str() == Content::DEFAULT_CONTENT);
    let Some(&(_, _, label)) = headers.first() else {
        return Err(ContentError::Files {
            file: MAP.to_owned(),
            reason: "missing: every content file is needed".to_owned(),
        });
    };
    for &(file, _, other) in headers {
        if other != label {
            return Err(fail(
                file,
                "",
                "label",
                format!("{other:?} differs from {label:?} in {MAP}: every file carries one label"),
                "TC-19",
            ));
        }
    }
    if is_default && label.as_str() != DEFAULT_LABEL {
        return Err(fail(
            MAP,
            "",
            "label",
            format!("the default content must carry the label {DEFAULT_LABEL:?}"),
            "TC-19",
        ));
    }
    if !is_default && label.as_str() == DEFAULT_LABEL {
        return Err(fail(
            MAP,
            "",
            "label",
            "content that is not all darbar's default (every file's content \"darbar-default\") \
             must not carry the default content's label",
            "TC-19",
        ));
    }
    Ok((is_default, label.clone()))
}

// ---------------------------------------------------------------------------------------------
// Parsing

/// Parses one file, naming the item and field of a failure.
fn parse<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, ContentError> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value: T = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let (item, field) = locate(text, e.path());
        ContentError::Parse {
            file: file.to_owned(),
            item,
            field,
            reason: e.inner().to_string(),
        }
    })?;
    de.end().map_err(|e| ContentError::Parse {
        file: file.to_owned(),
        item: String::new(),
        field: String::new(),
        reason: e.to_string(),
    })?;
    Ok(value)
}

/// Splits an error path into the item (the outermost list element, by its `id` or `code` when
/// the file is valid JSON, else by its position) and the field path inside it.
fn locate(text: &str, path: &serde_path_to_error::Path) -> (String, String) {
    use serde_path_to_error::Segment;
    let root: Option<Value> = serde_json::from_str(text).ok();
    let mut cursor = root.as_ref();
    let mut item: Option<String> = None;
    let mut field = String::new();
    for segment in path {
        match segment {
            Segment::Map { key } => {
                if !field.is_empty() {
                    field.push('.');
                }
                field.push_str(key);
                cursor = cursor.and_then(|v| v.get(key));
            }
            Segment::Seq { index } => {
                cursor = cursor.and_then(|v| v.get(index));
                if item.is_none() {
                    let id = cursor
                        .and_then(|v| v.get("id").or_else(|| v.get("code")))
                        .and_then(Value::as_str);
                    item = Some(match id {
                        Some(id) => id.to_owned(),
                        None => format!("{field}[{index}]"),
                    });
                    field.clear();
                } else {
                    field.push_str(&format!("[{index}]"));
                }
            }
            Segment::Enum { .. } => {}
            // Where the parser stopped inside a value (a syntax error): nothing to name.
            Segment::Unknown => cursor = None,
        }
    }
    (item.unwrap_or_default(), field)
}

/// `map.json`: the regions, cities and road of TC-2.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    content: String,
    label: String,
    regions: Vec<RegionData>,
    cities: Vec<City>,
    edges: Vec<[String; 2]>,
}

/// One value per sector, by TC-0.1 code: every sector must be given.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BySector<T> {
    #[serde(rename = "FIN")]
    fin: T,
    #[serde(rename = "MIN")]
    min: T,
    #[serde(rename = "AGR")]
    agr: T,
    #[serde(rename = "FUE")]
    fue: T,
    #[serde(rename = "POW")]
    pow: T,
    #[serde(rename = "TRA")]
    tra: T,
}

impl<T> BySector<T> {
    /// The values by [`Sector::index`].
    fn into_array(self) -> [T; 6] {
        [self.fin, self.min, self.agr, self.fue, self.pow, self.tra]
    }
}

/// The end asset value by final level 0–7, for the sectors that have one (TC-3.3).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AssetValues {
    #[serde(rename = "FIN", default)]
    fin: Option<[u32; 8]>,
    #[serde(rename = "MIN", default)]
    min: Option<[u32; 8]>,
    #[serde(rename = "AGR", default)]
    agr: Option<[u32; 8]>,
    #[serde(rename = "FUE", default)]
    fue: Option<[u32; 8]>,
    #[serde(rename = "POW", default)]
    pow: Option<[u32; 8]>,
    #[serde(rename = "TRA", default)]
    tra: Option<[u32; 8]>,
}

/// `tracks.json`: levels 1–7 by sector code, the loan table by Finance level 0–7, and the
/// track AV of the sectors that have one (TC-3).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TracksFile {
    content: String,
    label: String,
    levels: BySector<[LevelBonus; 7]>,
    loan: [u32; 8],
    asset_value: AssetValues,
}

impl TracksFile {
    fn into_tracks(self) -> Tracks {
        let av = self.asset_value;
        Tracks {
            levels: self.levels.into_array(),
            loan: self.loan,
            asset_value: [av.fin, av.min, av.agr, av.fue, av.pow, av.tra]
                .map(|levels| levels.unwrap_or([0; 8])),
        }
    }
}

/// `board.json`: the strategy spaces, the round tracker and the NP reward (TC-5, TC-6).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardFile {
    content: String,
    label: String,
    managed: Vec<ManagedSpace>,
    unmanaged: Vec<UnmanagedSpace>,
    rounds: Vec<RoundPlan>,
    np_reward: Bundle,
}

/// Declares the file struct of a file holding one list of items.
macro_rules! list_file {
    ($(#[$meta:meta])* $name:ident, $key:ident: $item:ty) => {
        $(#[$meta])*
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct $name {
            content: String,
            label: String,
            $key: Vec<$item>,
        }
    };
}

list_file!(
    /// `industries.json` (TC-7).
    IndustriesFile, industries: Industry
);
list_file!(
    /// `policies.json` (TC-8).
    PoliciesFile, policies: Policy
);
list_file!(
    /// `plans.json` (TC-9).
    PlansFile, plans: Plan
);
list_file!(
    /// `headlines.json` (TC-10).
    HeadlinesFile, headlines: Headline
);
list_file!(
    /// `agendas.json` (TC-11).
    AgendasFile, agendas: Agenda
);
list_file!(
    /// `merits.json` (TC-12): one item per copy.
    MeritsFile, merits: Merit
);
list_file!(
    /// `conglomerates.json` (TC-13).
    ConglomeratesFile, conglomerates: Conglomerate
);
list_file!(
    /// `favours.json` (TC-14).
    FavoursFile, favours: Favour
);
list_file!(
    /// `automa.json` (TC-16.6): the three decks.
    AutomaFile, automa: AutomaCard
);

// ---------------------------------------------------------------------------------------------
// Checks

/// Where a bundle is printed, which decides the atoms it may hold (TC-1.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Context {
    /// Resolved once when gained: atoms, `per` and `if`.
    Once,
    /// A round-start or round-end headline: also `offer`.
    HeadlineOnce,
    /// A passive policy, or a whole-round or round-event headline: only `mod` and `on`, read
    /// where the rule they change runs.
    Lasting,
    /// A merit card: atoms when played.
    Merit,
    /// A BUILD merit card: also `mod` with scope build.
    MeritBuild,
    /// An NP merit card: also `np_free`.
    MeritNp,
    /// Read at scoring (an Industrial policy's `end`, an independent planning card): only
    /// influence, `per` influence and `if` (TI-16.3).
    Scoring,
}

/// The checks of TC-19, with the warnings a user's own content collects.
struct Checker {
    is_default: bool,
    warnings: Vec<String>,
}

impl Checker {
    /// A check of the default content only: an error for it, a warning for a user's own.
    fn default_only(&mut self, error: ContentError) -> Result<(), ContentError> {
        if self.is_default {
            Err(error)
        } else {
            self.warnings.push(error.to_string());
            Ok(())
        }
    }

    /// Every check; returns each city's road neighbours.
    fn check(&mut self, content: &Content) -> Result<Vec<Vec<CityId>>, ContentError> {
        let neighbours = check_map(&content.map)?;
        check_tracks(&content.tracks)?;
        check_board(&content.board)?;
        check_industries(&content.industries)?;
        check_policies(&content.policies)?;
        check_plans(&content.plans)?;
        check_headlines(&content.headlines)?;
        check_agendas(&content.agendas)?;
        check_merits(&content.merits)?;
        check_tokens(&content.conglomerates, &content.favours)?;
        check_automa(&content.automa)?;
        check_setup_counts(content)?;
        super::limits::check_numbers(content)?;
        self.check_default(content)?;
        Ok(neighbours)
    }

    /// TC-19's checks of the default content: its counts and the seed's values.
    fn check_default(&mut self, content: &Content) -> Result<(), ContentError> {
        let base = |era: Era, kick: bool| {
            content
                .industries
                .iter()
                .filter(|c| c.era == era && c.kickstarter == kick)
                .count()
        };
        let policies = |era: Era, kick: bool| {
            content
                .policies
                .iter()
                .filter(|c| c.era == era && c.kickstarter == kick)
                .count()
        };
        let plans = |kind: PlanType| content.plans.iter().filter(|p| p.kind == kind).count();
        let headlines = |era: Era| content.headlines.iter().filter(|h| h.era == era).count();
        let deck = |d: Difficulty| content.automa.iter().filter(|a| a.difficulty == d).count();
        let counts = [
            (MAP, "cities", content.map.cities.len(), 32),
            (MAP, "regions", content.map.regions.len(), 4),
            (MAP, "road edges", content.map.edges.len(), 32),
            (INDUSTRIES, "Era I industries", base(Era::I, false), 23),
            (INDUSTRIES, "Era II industries", base(Era::II, false), 25),
            (
                INDUSTRIES,
                "Era I Kickstarter industries",
                base(Era::I, true),
                3,
            ),
            (
                INDUSTRIES,
                "Era II Kickstarter industries",
                base(Era::II, true),
                2,
            ),
            (POLICIES, "Era I policies", policies(Era::I, false), 10),
            (POLICIES, "Era II policies", policies(Era::II, false), 12),
            (
                POLICIES,
                "Era I Kickstarter policies",
                policies(Era::I, true),
                2,
            ),
            (
                POLICIES,
                "Era II Kickstarter policies",
                policies(Era::II, true),
                3,
            ),
            (PLANS, "type A plans", plans(PlanType::A), 5),
            (PLANS, "type B plans", plans(PlanType::B), 7),
            (HEADLINES, "Era I headlines", headlines(Era::I), 7),
            (HEADLINES, "Era II headlines", headlines(Era::II), 5),
            (AGENDAS, "agendas", content.agendas.len(), 8),
            (MERITS, "merit cards", content.merits.len(), 30),
            (
                CONGLOMERATES,
                "conglomerate tokens",
                content.conglomerates.len(),
                6,
            ),
            (FAVOURS, "favour tokens", content.favours.len(), 5),
            (AUTOMA, "Easy automa cards", deck(Difficulty::Easy), 18),
            (AUTOMA, "Normal automa cards", deck(Difficulty::Normal), 18),
            (AUTOMA, "Hard automa cards", deck(Difficulty::Hard), 16),
        ];
        for (file, what, found, expected) in counts {
            if found != expected {
                self.default_only(fail(
                    file,
                    "",
                    "",
                    format!("{found} {what}: the default content has {expected}"),
                    "TC-19",
                ))?;
            }
        }

        // T-MAP-4 / TI-8.3.2: Bombay → Nasik is the seed's distance example.
        match content.map.cities.iter().find(|c| c.id == "nasik") {
            None => self.default_only(fail(MAP, "nasik", "", "missing (TI-8.3.2)", "TC-19"))?,
            Some(nasik) => {
                let bonus = [Effect::Step {
                    sector: Sector::Agr,
                    n: 1,
                }];
                if nasik.region != Region::W || nasik.distance != 2 || nasik.bonus != bonus {
                    self.default_only(fail(
                        MAP,
                        "nasik",
                        "",
                        "must be in W with distance 2 and bonus STEP AGR 1 (TI-8.3.2)",
                        "TC-19",
                    ))?;
                }
            }
        }

        for card in &content.industries {
            if !card.asset_value.is_multiple_of(10) {
                self.default_only(fail(
                    INDUSTRIES,
                    &card.id,
                    "asset_value",
                    format!("{} is not a multiple of 10", card.asset_value),
                    "TC-19",
                ))?;
            }
        }

        // The seed's Refinery (TI-1.3, TC-7.1 note): Fuel, Minerals + Power, Fuel +2, INF 4.
        match content.industries.iter().find(|c| c.id == "I1-09") {
            None => self.default_only(fail(
                INDUSTRIES,
                "I1-09",
                "",
                "the seed's Refinery is missing (TC-7.1)",
                "TC-19",
            ))?,
            Some(card) => {
                if card.era != Era::I
                    || card.sector != Sector::Fue
                    || card.cost_icons != [Sector::Min, Sector::Pow]
                    || card.build_sector_steps != 2
                    || card.build_influence != 4
                {
                    self.default_only(fail(
                        INDUSTRIES,
                        "I1-09",
                        "",
                        "the seed's Refinery is Era I, FUE, cost MIN POW, Fuel +2, INF 4 (TC-7.1)",
                        "TC-19",
                    ))?;
                }
            }
        }
        // The seed's Technology Institute Act (TI-19.2, TC-8.1 note): an Era I policy.
        if !content
            .policies
            .iter()
            .any(|p| p.id == "P1-02" && p.era == Era::I)
        {
            self.default_only(fail(
                POLICIES,
                "P1-02",
                "",
                "the seed's Technology Institute Act must be an Era I policy (TC-8.1)",
                "TC-19",
            ))?;
        }
        // The seed's agenda example (TC-11): 8 own factories give 7 support.
        if !content
            .agendas
            .iter()
            .any(|a| a.id == "CA-1" && a.tiers.contains(&(8, 7)))
        {
            self.default_only(fail(
                AGENDAS,
                "CA-1",
                "tiers",
                "the seed's Industrial Empire has the tier 8 → 7 (TC-11)",
                "TC-19",
            ))?;
        }
        Ok(())
    }
}

/// Every id of a file appears once (TC-0.1).
fn unique<'a>(file: &str, ids: impl IntoIterator<Item = &'a str>) -> Result<(), ContentError> {
    let mut seen = HashSet::new();
    for id in ids {
        if !seen.insert(id) {
            return Err(fail(file, id, "id", "the id is used twice", "TC-0.1"));
        }
    }
    Ok(())
}

/// A list whose items the state numbers by a byte ([`super::Source`], the decks): at most
/// 255 items.
fn fits_u8(file: &str, what: &str, len: usize) -> Result<(), ContentError> {
    within(
        file,
        what,
        len,
        usize::from(u8::MAX),
        "what a card number of the state (a byte) can hold",
    )
}

/// A list has at most `most` items: what the actions that name its items can number
/// ([`MAX_ITEMS`] cards or cities, 16 conglomerate tokens, 30 unmanaged spaces).
fn fits(file: &str, what: &str, len: usize, most: usize) -> Result<(), ContentError> {
    within(file, what, len, most, "what the actions can number")
}

/// A list has at most `most` items, for the reason `why`.
fn within(file: &str, what: &str, len: usize, most: usize, why: &str) -> Result<(), ContentError> {
    if len > most {
        return Err(fail(
            file,
            "",
            what,
            format!("{len} items: at most {most}, {why}"),
            "TC-0.1",
        ));
    }
    Ok(())
}

/// TC-2: regions, metros, the road's references and connectivity, and the distances; returns
/// each city's neighbours, sorted.
fn check_map(map: &Map) -> Result<Vec<Vec<CityId>>, ContentError> {
    fits(MAP, "cities", map.cities.len(), usize::from(MAX_ITEMS))?;
    unique(MAP, map.cities.iter().map(|c| c.id.as_str()))?;
    let codes: Vec<Region> = map.regions.iter().map(|r| r.code).collect();
    if codes != Region::ALL {
        return Err(fail(
            MAP,
            "",
            "regions",
            format!("the regions are {codes:?}: N, E, S, W in that order"),
            "TC-2.1",
        ));
    }
    let index: HashMap<&str, usize> = map
        .cities
        .iter()
        .enumerate()
        .map(|(i, c)| (c.id.as_str(), i))
        .collect();
    let mut metros = [0usize; 4];
    for region in &map.regions {
        let code = region.code.code();
        let Some(&m) = index.get(region.metro.as_str()) else {
            return Err(fail(
                MAP,
                code,
                "metro",
                format!("no city {:?}", region.metro),
                "TC-2.1",
            ));
        };
        let city = &map.cities[m];
        if city.region != region.code || !city.metro {
            return Err(fail(
                MAP,
                code,
                "metro",
                format!("{} must be a metro city of region {code}", city.id),
                "TC-2.1",
            ));
        }
        metros[region.code.index()] = m;
    }
    for (i, city) in map.cities.iter().enumerate() {
        if city.metro && metros[city.region.index()] != i {
            return Err(fail(
                MAP,
                &city.id,
                "metro",
                format!(
                    "region {} has exactly one metro, {}",
                    city.region,
                    map.cities[metros[city.region.index()]].id
                ),
                "TC-2.1",
            ));
        }
        if city.metro && city.distance != 1 {
            return Err(fail(
                MAP,
                &city.id,
                "distance",
                format!("{}: a metro has distance 1", city.distance),
                "TI-OQ-5",
            ));
        }
    }

    let mut neighbours: Vec<Vec<CityId>> = vec![Vec::new(); map.cities.len()];
    let mut seen = HashSet::new();
    for (e, edge) in map.edges.iter().enumerate() {
        let mut ends = [0usize; 2];
        for (k, id) in edge.iter().enumerate() {
            ends[k] = *index.get(id.as_str()).ok_or_else(|| {
                fail(
                    MAP,
                    format!("edges[{e}]"),
                    format!("[{k}]"),
                    format!("no city {id:?}"),
                    "TC-2.3",
                )
            })?;
        }
        let [a, b] = ends;
        if a == b || !seen.insert((a.min(b), a.max(b))) {
            return Err(fail(
                MAP,
                format!("edges[{e}]"),
                "",
                format!("{}–{}: a loop or an edge given twice", edge[0], edge[1]),
                "TC-2.3",
            ));
        }
        neighbours[a].push(city_id(b));
        neighbours[b].push(city_id(a));
    }
    for list in &mut neighbours {
        list.sort();
    }

    let from_first = bfs(&neighbours, 0);
    if let Some(lost) = from_first.iter().position(Option::is_none) {
        return Err(fail(
            MAP,
            &map.cities[lost].id,
            "",
            format!("not connected by road to {}", map.cities[0].id),
            "TC-2.3",
        ));
    }
    let by_region: Vec<Vec<Option<u32>>> = metros.iter().map(|&m| bfs(&neighbours, m)).collect();
    for (i, city) in map.cities.iter().enumerate() {
        let road = by_region[city.region.index()][i].map(|d| d + 1);
        if road != Some(city.distance) {
            return Err(fail(
                MAP,
                &city.id,
                "distance",
                format!(
                    "{}, but the road from {} gives {} (counting both ends)",
                    city.distance,
                    map.cities[metros[city.region.index()]].id,
                    road.map_or("none".to_owned(), |d| d.to_string()),
                ),
                "TC-2.4",
            ));
        }
    }

    for region in &map.regions {
        check_bundle(
            MAP,
            region.code.code(),
            "bonus",
            &region.bonus,
            Context::Once,
        )?;
    }
    for city in &map.cities {
        check_bundle(MAP, &city.id, "bonus", &city.bonus, Context::Once)?;
    }
    Ok(neighbours)
}

/// The id of a city index, which fits: `fits_u8` bounds the cities first.
fn city_id(i: usize) -> CityId {
    CityId(u8::try_from(i).unwrap_or(u8::MAX))
}

/// Road steps from `start` to every city, `None` where unreachable.
fn bfs(neighbours: &[Vec<CityId>], start: usize) -> Vec<Option<u32>> {
    let mut dist = vec![None; neighbours.len()];
    let mut queue = VecDeque::new();
    if start < dist.len() {
        dist[start] = Some(0);
        queue.push_back(start);
    }
    while let Some(c) = queue.pop_front() {
        let d = dist[c].unwrap_or(0);
        for n in &neighbours[c] {
            if dist[n.index()].is_none() {
                dist[n.index()] = Some(d + 1);
                queue.push_back(n.index());
            }
        }
    }
    dist
}

/// TC-3: the level bonuses are well-formed (the array types fix 7 levels and 8 loan values).
fn check_tracks(tracks: &Tracks) -> Result<(), ContentError> {
    for sector in Sector::ALL {
        for (i, level) in tracks.levels[sector.index()].iter().enumerate() {
            check_bundle(
                TRACKS,
                &format!("levels.{sector}[{i}]"),
                "bonus",
                &level.bonus,
                Context::Once,
            )?;
        }
    }
    Ok(())
}

/// TC-5, TC-6: the strategy spaces and the round tracker.
fn check_board(board: &Board) -> Result<(), ContentError> {
    unique(
        BOARD,
        board
            .managed
            .iter()
            .map(|s| s.id.as_str())
            .chain(board.unmanaged.iter().map(|s| s.id.as_str())),
    )?;
    fits(BOARD, "unmanaged", board.unmanaged.len(), 30)?;
    // The rules implement the managed spaces by id.
    let managed: Vec<&str> = board.managed.iter().map(|s| s.id.as_str()).collect();
    if managed != ["SM-1", "SM-2"] {
        return Err(fail(
            BOARD,
            "",
            "managed",
            format!("{managed:?}: the managed spaces are SM-1 and SM-2, which the rules run"),
            "TC-5",
        ));
    }
    for space in &board.unmanaged {
        if space.kind == SpaceType::Buy {
            return Err(fail(
                BOARD,
                &space.id,
                "type",
                "BUY is the managed space SM-2, not an unmanaged type",
                "TC-5",
            ));
        }
        if !matches!(space.min_seats, 3 | 4) {
            return Err(fail(
                BOARD,
                &space.id,
                "min_seats",
                format!("{}: a game has 3 or 4 seats", space.min_seats),
                "TC-5",
            ));
        }
        check_bundle(BOARD, &space.id, "reward", &space.reward, Context::Once)?;
    }
    if board.rounds.len() != 7 {
        return Err(fail(
            BOARD,
            "",
            "rounds",
            format!("{} rounds: the game has 7", board.rounds.len()),
            "TC-6",
        ));
    }
    for (i, round) in board.rounds.iter().enumerate() {
        let item = format!("rounds[{i}]");
        let mut events = HashSet::new();
        if let Some(e) = round.events.iter().find(|e| !events.insert(**e)) {
            return Err(fail(
                BOARD,
                item,
                "events",
                format!("{e:?} twice in one round"),
                "TC-6",
            ));
        }
        let np = round.events.contains(&RoundEvent::NationalProject);
        match (np, round.np_price) {
            (true, None) => {
                return Err(fail(
                    BOARD,
                    item,
                    "np_price",
                    "a round with an NP event needs its NP price",
                    "TC-6",
                ));
            }
            (false, Some(_)) => {
                return Err(fail(
                    BOARD,
                    item,
                    "np_price",
                    "an NP price on a round without an NP event",
                    "TC-6",
                ));
            }
            (true, Some(price)) if price == 0 || !price.is_multiple_of(5) => {
                return Err(fail(
                    BOARD,
                    item,
                    "np_price",
                    format!("{price}: a positive multiple of 5, payable in promoters at 5 Cr"),
                    "TI-21.5",
                ));
            }
            _ => {}
        }
    }
    check_bundle(BOARD, "", "np_reward", &board.np_reward, Context::Once)
}

/// TC-7: ids, steps, and no Finance cost icon.
fn check_industries(cards: &[Industry]) -> Result<(), ContentError> {
    fits(
        INDUSTRIES,
        "industries",
        cards.len(),
        usize::from(MAX_ITEMS),
    )?;
    unique(INDUSTRIES, cards.iter().map(|c| c.id.as_str()))?;
    for card in cards {
        if card.cost_icons.len() > 8 {
            return Err(fail(
                INDUSTRIES,
                &card.id,
                "cost_icons",
                format!(
                    "{} icons: at most 8, what the actions can number",
                    card.cost_icons.len()
                ),
                "TC-0.1",
            ));
        }
        if !matches!(card.build_sector_steps, 1 | 2) {
            return Err(fail(
                INDUSTRIES,
                &card.id,
                "build_sector_steps",
                format!("{}: a card gives 1 or 2 steps", card.build_sector_steps),
                "TC-7",
            ));
        }
        if let Some(k) = card.cost_icons.iter().position(|s| *s == Sector::Fin) {
            return Err(fail(
                INDUSTRIES,
                &card.id,
                format!("cost_icons[{k}]"),
                "no card has a Finance cost icon",
                "TI-OQ-7",
            ));
        }
    }
    Ok(())
}

/// TC-8: ids, kinds by era and timing, bundles.
fn check_policies(cards: &[Policy]) -> Result<(), ContentError> {
    fits_u8(POLICIES, "policies", cards.len())?;
    unique(POLICIES, cards.iter().map(|c| c.id.as_str()))?;
    for card in cards {
        let liberal = card.kind == PolicyKind::Liberal;
        if liberal != (card.era == Era::II) {
            return Err(fail(
                POLICIES,
                &card.id,
                "kind",
                "Industrial and Economic policies are Era I, Liberal policies Era II",
                "TI-6.5",
            ));
        }
        let when = match card.kind {
            PolicyKind::Liberal => PolicyWhen::Now,
            PolicyKind::Industrial => PolicyWhen::End,
            PolicyKind::Economic => PolicyWhen::Passive,
        };
        if card.effect.when != when {
            return Err(fail(
                POLICIES,
                &card.id,
                "effect.when",
                format!("a {:?} policy's effect is {:?}", card.kind, when_name(when)),
                "TC-1.5",
            ));
        }
        check_bundle(
            POLICIES,
            &card.id,
            "politics_bonus",
            &card.politics_bonus,
            Context::Once,
        )?;
        let context = match when {
            PolicyWhen::Passive => Context::Lasting,
            PolicyWhen::Now => Context::Once,
            PolicyWhen::End => Context::Scoring,
        };
        check_bundle(
            POLICIES,
            &card.id,
            "effect.do",
            &card.effect.effects,
            context,
        )?;
    }
    Ok(())
}

/// The JSON name of a policy timing.
fn when_name(when: PolicyWhen) -> &'static str {
    match when {
        PolicyWhen::Now => "now",
        PolicyWhen::End => "end",
        PolicyWhen::Passive => "passive",
    }
}

/// TC-9: ids, counters and bundles.
fn check_plans(cards: &[Plan]) -> Result<(), ContentError> {
    fits_u8(PLANS, "plans", cards.len())?;
    unique(PLANS, cards.iter().map(|c| c.id.as_str()))?;
    for card in cards {
        match &card.award {
            PlanAward::Competitive { counter, .. } => {
                check_counter(PLANS, &card.id, "award.counter", counter)?
            }
            PlanAward::Independent { effects } => {
                check_bundle(PLANS, &card.id, "award.do", effects, Context::Scoring)?
            }
        }
    }
    Ok(())
}

/// TC-10: ids and bundles by timing.
fn check_headlines(cards: &[Headline]) -> Result<(), ContentError> {
    fits_u8(HEADLINES, "headlines", cards.len())?;
    unique(HEADLINES, cards.iter().map(|c| c.id.as_str()))?;
    for card in cards {
        let context = match card.effect.when {
            HeadlineTiming::RoundStart | HeadlineTiming::RoundEnd => Context::HeadlineOnce,
            HeadlineTiming::WholeRound | HeadlineTiming::RoundEvent => Context::Lasting,
        };
        check_bundle(
            HEADLINES,
            &card.id,
            "effect.do",
            &card.effect.effects,
            context,
        )?;
    }
    Ok(())
}

/// TC-11: ids, counters, tiers rising.
fn check_agendas(cards: &[Agenda]) -> Result<(), ContentError> {
    fits_u8(AGENDAS, "agendas", cards.len())?;
    unique(AGENDAS, cards.iter().map(|c| c.id.as_str()))?;
    for card in cards {
        check_counter(AGENDAS, &card.id, "counter", &card.counter)?;
        if card.tiers.is_empty() || card.tiers.windows(2).any(|w| w[0].0 >= w[1].0) {
            return Err(fail(
                AGENDAS,
                &card.id,
                "tiers",
                "at least one tier, thresholds strictly rising",
                "TC-11",
            ));
        }
    }
    Ok(())
}

/// TC-12: ids, windows and bundles.
fn check_merits(cards: &[Merit]) -> Result<(), ContentError> {
    fits(MERITS, "merits", cards.len(), usize::from(MAX_ITEMS))?;
    unique(MERITS, cards.iter().map(|c| c.id.as_str()))?;
    for card in cards {
        let context = match card.window {
            MeritWindow::Act => Context::Merit,
            MeritWindow::Build => Context::MeritBuild,
            MeritWindow::NationalProject => Context::MeritNp,
            MeritWindow::Keep => {
                if !card.effects.is_empty() {
                    return Err(fail(
                        MERITS,
                        &card.id,
                        "do",
                        "a KEEP card is never played: its do is empty",
                        "TC-12",
                    ));
                }
                Context::Merit
            }
        };
        check_bundle(MERITS, &card.id, "do", &card.effects, context)?;
    }
    Ok(())
}

/// TC-13, TC-14: ids and bonuses.
fn check_tokens(conglomerates: &[Conglomerate], favours: &[Favour]) -> Result<(), ContentError> {
    fits(CONGLOMERATES, "conglomerates", conglomerates.len(), 16)?;
    unique(CONGLOMERATES, conglomerates.iter().map(|c| c.id.as_str()))?;
    for token in conglomerates {
        check_bundle(
            CONGLOMERATES,
            &token.id,
            "bonus",
            &token.bonus,
            Context::Once,
        )?;
    }
    fits_u8(FAVOURS, "favours", favours.len())?;
    unique(FAVOURS, favours.iter().map(|c| c.id.as_str()))
}

/// TC-16.3, TC-16.1: each card's plan and strategy list, and the deck sizes.
fn check_automa(cards: &[AutomaCard]) -> Result<(), ContentError> {
    fits_u8(AUTOMA, "automa", cards.len())?;
    unique(AUTOMA, cards.iter().map(|c| c.id.as_str()))?;
    for card in cards {
        let distinct: HashSet<_> = card.plan.iter().collect();
        if card.plan.len() != 3 || distinct.len() != 3 {
            return Err(fail(
                AUTOMA,
                &card.id,
                "plan",
                "three different actions in priority order",
                "TC-16.3",
            ));
        }
        let distinct: HashSet<_> = card.strategy.iter().collect();
        if card.strategy.is_empty() || distinct.len() != card.strategy.len() {
            return Err(fail(
                AUTOMA,
                &card.id,
                "strategy",
                "at least one space type, none twice",
                "TC-16.3",
            ));
        }
    }
    for difficulty in Difficulty::ALL {
        let n = cards.iter().filter(|c| c.difficulty == difficulty).count();
        if n < 14 {
            return Err(fail(
                AUTOMA,
                difficulty.code(),
                "difficulty",
                format!("{n} cards: a deck needs at least 14, for 2 automas × 7 rounds"),
                "TC-16.1",
            ));
        }
    }
    Ok(())
}

/// TI-3 (and TI-17.1 for headlines): enough cards to set up a 4-seat game with every option.
fn check_setup_counts(content: &Content) -> Result<(), ContentError> {
    let base_industries = |era: Era| {
        content
            .industries
            .iter()
            .filter(|c| c.era == era && !c.kickstarter)
            .count()
    };
    let base_policies = |era: Era| {
        content
            .policies
            .iter()
            .filter(|c| c.era == era && !c.kickstarter)
            .count()
    };
    let plans = |kind: PlanType| content.plans.iter().filter(|p| p.kind == kind).count();
    let headlines = |era: Era| content.headlines.iter().filter(|h| h.era == era).count();
    let needs: [(&str, &str, usize, usize, &'static str); 12] = [
        (
            INDUSTRIES,
            "Era I base industries",
            base_industries(Era::I),
            9,
            "TI-3",
        ),
        (
            INDUSTRIES,
            "Era II base industries",
            base_industries(Era::II),
            18,
            "TI-3",
        ),
        (
            POLICIES,
            "Era I base policies",
            base_policies(Era::I),
            8,
            "TI-3",
        ),
        (
            POLICIES,
            "Era II base policies",
            base_policies(Era::II),
            12,
            "TI-3",
        ),
        (PLANS, "type A plans", plans(PlanType::A), 1, "TI-3"),
        (PLANS, "type B plans", plans(PlanType::B), 2, "TI-3"),
        (AGENDAS, "agendas", content.agendas.len(), 8, "TI-3"),
        (
            HEADLINES,
            "Era I headlines",
            headlines(Era::I),
            4,
            "TI-OQ-24",
        ),
        (
            HEADLINES,
            "Era II headlines",
            headlines(Era::II),
            3,
            "TI-OQ-24",
        ),
        (
            CONGLOMERATES,
            "conglomerate tokens",
            content.conglomerates.len(),
            3,
            "TI-3",
        ),
        (FAVOURS, "favour tokens", content.favours.len(), 2, "TI-3"),
        (MERITS, "merit cards", content.merits.len(), 1, "TI-3"),
    ];
    for (file, what, found, needed, rule) in needs {
        if found < needed {
            return Err(fail(
                file,
                "",
                "",
                format!("{found} {what}: setup with 4 seats needs at least {needed}"),
                rule,
            ));
        }
    }
    Ok(())
}

/// A counter is well-formed (TC-1.3): `level` adds one or two different sectors; no sector is
/// listed twice.
fn check_counter(
    file: &str,
    item: &str,
    field: &str,
    counter: &Counter,
) -> Result<(), ContentError> {
    let sectors = match counter {
        Counter::Level { sectors } => {
            if !matches!(sectors.len(), 1 | 2) {
                return Err(fail(
                    file,
                    item,
                    format!("{field}.sectors"),
                    "level adds one or two sectors",
                    "TC-1.3",
                ));
            }
            sectors
        }
        Counter::Built { sectors, .. } => sectors,
        _ => return Ok(()),
    };
    let distinct: HashSet<_> = sectors.iter().collect();
    if distinct.len() != sectors.len() {
        return Err(fail(
            file,
            item,
            format!("{field}.sectors"),
            "a sector listed twice",
            "TC-1.3",
        ));
    }
    Ok(())
}

/// A top-level bundle is well-formed where it is printed (TC-1).
fn check_bundle(
    file: &str,
    item: &str,
    field: &str,
    bundle: &Bundle,
    context: Context,
) -> Result<(), ContentError> {
    walk(file, item, field, bundle, context, 0)
}

/// A bundle at `depth` (0 at the top): each atom allowed in its context, nested bundles
/// within [`BundleRef::MAX_DEPTH`].
fn walk(
    file: &str,
    item: &str,
    field: &str,
    bundle: &Bundle,
    context: Context,
    depth: usize,
) -> Result<(), ContentError> {
    if depth > BundleRef::MAX_DEPTH {
        return Err(fail(
            file,
            item,
            field,
            format!("bundles nest at most {} deep", BundleRef::MAX_DEPTH),
            "TC-1.2",
        ));
    }
    let top = depth == 0;
    for (i, effect) in bundle.iter().enumerate() {
        let at = format!("{field}[{i}]");
        let err = |reason: &str, rule: &'static str| fail(file, item, at.as_str(), reason, rule);
        let lasting = matches!(effect, Effect::Mod { .. } | Effect::On { .. });
        let scored = match effect {
            Effect::Influence { .. } | Effect::If { .. } => true,
            Effect::Per { each, .. } => matches!(**each, Effect::Influence { .. }),
            _ => false,
        };
        if context == Context::Scoring && !scored {
            return Err(err(
                "read at scoring: only influence, per influence and if",
                "TI-16.3",
            ));
        }
        if context == Context::Lasting && top && !lasting {
            return Err(err(
                "a passive policy or whole-round/round-event headline holds only mod and on: \
                 another atom would never resolve",
                "TC-1.5",
            ));
        }
        match effect {
            Effect::Mod { .. } => {
                if !top || !matches!(context, Context::Lasting | Context::MeritBuild) {
                    return Err(err(
                        "mod only on passive policies, whole-round and round-event headlines \
                         and BUILD merit cards",
                        "TC-1.5",
                    ));
                }
                check_mod(file, item, &at, effect, context)?;
            }
            Effect::On {
                event,
                action,
                effects,
            } => {
                if !top || context != Context::Lasting {
                    return Err(err(
                        "on only on passive policies and whole-round and round-event headlines",
                        "TC-1.5",
                    ));
                }
                match (event, action) {
                    (HookEvent::Action, None) => {
                        return Err(err("an action hook names its action", "TC-1.5"));
                    }
                    (HookEvent::Income, Some(_)) => {
                        return Err(err("an income hook names no action", "TC-1.5"));
                    }
                    _ => {}
                }
                walk(
                    file,
                    item,
                    &format!("{at}.do"),
                    effects,
                    Context::Once,
                    depth + 1,
                )?;
            }
            Effect::Offer { pay, gain } => {
                if !top || context != Context::HeadlineOnce {
                    return Err(err(
                        "offer only on round-start and round-end headlines",
                        "TC-1.5",
                    ));
                }
                walk(
                    file,
                    item,
                    &format!("{at}.pay"),
                    pay,
                    Context::Once,
                    depth + 1,
                )?;
                walk(
                    file,
                    item,
                    &format!("{at}.gain"),
                    gain,
                    Context::Once,
                    depth + 1,
                )?;
            }
            Effect::NpFree { .. } => {
                if !top || context != Context::MeritNp {
                    return Err(err("np_free only on NP merit cards", "TC-1.5"));
                }
            }
            Effect::Per { counter, each, .. } => {
                check_counter(file, item, &format!("{at}.counter"), counter)?;
                let numeric = matches!(
                    **each,
                    Effect::Money { .. }
                        | Effect::Pay { .. }
                        | Effect::Promoters { .. }
                        | Effect::Influence { .. }
                        | Effect::Support { .. }
                        | Effect::Plus1 { .. }
                        | Effect::Merit { .. }
                        | Effect::Note { .. }
                );
                if !numeric {
                    return Err(fail(
                        file,
                        item,
                        format!("{at}.each"),
                        "a numeric atom (money, pay, promoters, influence, support, plus1, \
                         merit, note)",
                        "TC-1.2",
                    ));
                }
            }
            Effect::If { counter, then, .. } => {
                check_counter(file, item, &format!("{at}.counter"), counter)?;
                let inner = match context {
                    Context::HeadlineOnce | Context::Lasting => Context::Once,
                    other => other,
                };
                walk(file, item, &format!("{at}.then"), then, inner, depth + 1)?;
            }
            Effect::Step { n, .. } => {
                if !matches!(n, 1 | 2) {
                    return Err(err("a step atom moves 1 or 2", "TC-1.1"));
                }
            }
            Effect::Money { .. }
            | Effect::Pay { .. }
            | Effect::Promoters { .. }
            | Effect::Influence { .. }
            | Effect::Support { .. }
            | Effect::Plus1 { .. }
            | Effect::Merit { .. }
            | Effect::Note { .. }
            | Effect::LoanMoney
            | Effect::Income { .. }
            | Effect::StepAny
            | Effect::StepAny2
            | Effect::TakePolicy
            | Effect::TakeIndustry { .. }
            | Effect::Build
            | Effect::Office => {}
        }
    }
    Ok(())
}

/// A modifier has exactly the fields its param reads (TC-1.5).
fn check_mod(
    file: &str,
    item: &str,
    at: &str,
    effect: &Effect,
    context: Context,
) -> Result<(), ContentError> {
    let Effect::Mod {
        param,
        add,
        mul,
        sectors,
        sector,
        space,
        one,
        scope,
    } = effect
    else {
        return Ok(());
    };
    let err = |field: &str, reason: String| {
        let path = if field.is_empty() {
            at.to_owned()
        } else {
            format!("{at}.{field}")
        };
        fail(file, item, path, reason, "TC-1.5")
    };
    let name = param_name(*param);
    match (context, scope) {
        (Context::MeritBuild, None) => {
            return Err(err(
                "scope",
                "a merit card's modifier lasts THIS BUILD: scope build".to_owned(),
            ));
        }
        (Context::MeritBuild, Some(ModScope::Build)) if *param != ModParam::IconCost => {
            return Err(err(
                "param",
                format!("THIS BUILD changes the build's icon costs, not {name}"),
            ));
        }
        (Context::MeritBuild, Some(_)) => {}
        (_, Some(_)) => {
            return Err(err("scope", "scope only on merit cards".to_owned()));
        }
        (_, None) if *one => {
            return Err(err(
                "one",
                "one icon of the holder's choice is waived only THIS BUILD, on a merit card"
                    .to_owned(),
            ));
        }
        (_, None) => {}
    }
    let present = [
        ("add", add.is_some()),
        ("mul", mul.is_some()),
        ("sectors", !sectors.is_empty()),
        ("sector", sector.is_some()),
        ("space", space.is_some()),
        ("one", *one),
    ];
    let (needed, allowed): (&[&str], &[&str]) = match param {
        ModParam::Loan | ModParam::SharePrice => (&["add"], &["add"]),
        ModParam::IconCost => (&["mul"], &["mul", "sectors", "one"]),
        ModParam::Income => (&["sector"], &["sector", "mul", "add"]),
        ModParam::StrategyCost => (&["add", "space"], &["add", "space"]),
    };
    for (field, is) in present {
        if is && !allowed.contains(&field) {
            return Err(err(
                field,
                format!("a {name} modifier does not read {field}"),
            ));
        }
    }
    for field in needed {
        if !present.iter().any(|(f, is)| f == field && *is) {
            return Err(err(field, format!("a {name} modifier needs {field}")));
        }
    }
    match param {
        ModParam::IconCost => {
            if !matches!(mul, Some(0 | 2)) {
                return Err(err("mul", "an icon cost factor is 0 or 2".to_owned()));
            }
            // Neither or both: the icons are named, or one is chosen.
            if sectors.is_empty() != *one {
                return Err(err(
                    "sectors",
                    "either the sectors or one icon of the holder's choice".to_owned(),
                ));
            }
        }
        ModParam::Income => {
            if mul.is_some() == add.is_some() {
                return Err(err(
                    "",
                    "an income modifier has either mul 0 or add".to_owned(),
                ));
            }
            if matches!(mul, Some(m) if *m != 0) {
                return Err(err("mul", "an income factor is 0".to_owned()));
            }
        }
        ModParam::StrategyCost => {
            if *space == Some(SpaceType::Buy) {
                return Err(err(
                    "space",
                    "an unmanaged space type; BUY is the managed space SM-2".to_owned(),
                ));
            }
        }
        ModParam::Loan | ModParam::SharePrice => {}
    }
    Ok(())
}

/// The JSON name of a modifier's param.
fn param_name(param: ModParam) -> &'static str {
    match param {
        ModParam::Loan => "loan",
        ModParam::SharePrice => "share_price",
        ModParam::IconCost => "icon_cost",
        ModParam::Income => "income",
        ModParam::StrategyCost => "strategy_cost",
    }
}

/// The identity of content made of these files in replay records: the hash of the files in
/// [`Content::FILES`] order, named `default` when they are the embedded default content's.
fn deck_id(files: &[(&str, &str)]) -> DeckId {
    fn hash(files: &[(&str, &str)]) -> u64 {
        let mut hash = ContentHash::new();
        for name in Content::FILES {
            if let Some((_, text)) = files.iter().find(|(n, _)| *n == name) {
                hash.add(name, text);
            }
        }
        hash.finish()
    }
    static STANDARD: OnceLock<u64> = OnceLock::new();
    let value = hash(files);
    let name = if value == *STANDARD.get_or_init(|| hash(&STANDARD_FILES)) {
        DeckId::DEFAULT
    } else {
        "unnamed"
    };
    DeckId {
        name: name.to_owned(),
        hash: format!("{value:016x}"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{PromoterPlace, SharesRule, Source, Trigger};
    use super::*;
    use crate::games::tycoon::ids::ActionKind;

    /// The default files as owned texts, to edit.
    fn standard_texts() -> Vec<(&'static str, String)> {
        STANDARD_FILES
            .iter()
            .map(|(name, text)| (*name, (*text).to_owned()))
            .collect()
    }

    fn load(files: &[(&'static str, String)]) -> Result<Content, ContentError> {
        let files: Vec<(&str, &str)> = files.iter().map(|(n, t)| (*n, t.as_str())).collect();
        Content::from_files(&files)
    }

    /// The default files with `file` edited as JSON.
    fn edit(file: &str, change: impl FnOnce(&mut Value)) -> Vec<(&'static str, String)> {
        let mut files = standard_texts();
        let (_, text) = files
            .iter_mut()
            .find(|(name, _)| *name == file)
            .expect("a content file");
        let mut value: Value = serde_json::from_str(text).expect("the default file is JSON");
        change(&mut value);
        *text = serde_json::to_string_pretty(&value).expect("JSON serialises");
        files
    }

    /// The list item of `key` in a file's JSON with this id.
    fn item<'a>(value: &'a mut Value, key: &str, id: &str) -> &'a mut Value {
        value[key]
            .as_array_mut()
            .expect("a list")
            .iter_mut()
            .find(|v| v["id"] == id)
            .expect("the item")
    }

    /// The file, item, field and rule of a failed check.
    fn check_error(
        result: Result<Content, ContentError>,
    ) -> (String, String, String, &'static str) {
        match result {
            Err(ContentError::Check {
                file,
                item,
                field,
                rule,
                ..
            }) => (file, item, field, rule),
            other => panic!("expected a failed check, got {other:?}"),
        }
    }

    /// The file, item and field of a parse error, with its message.
    fn parse_error(result: Result<Content, ContentError>) -> (String, String, String, String) {
        match result {
            Err(error @ ContentError::Parse { .. }) => {
                let message = error.to_string();
                let ContentError::Parse {
                    file, item, field, ..
                } = error
                else {
                    unreachable!()
                };
                (file, item, field, message)
            }
            other => panic!("expected a parse error, got {other:?}"),
        }
    }

    fn c(content: &Content, id: &str) -> CityId {
        content.city(id).expect("a city of the default map")
    }

    fn industry<'a>(content: &'a Content, id: &str) -> &'a Industry {
        content
            .industries
            .iter()
            .find(|c| c.id == id)
            .expect("an industry")
    }

    fn policy<'a>(content: &'a Content, id: &str) -> &'a Policy {
        content
            .policies
            .iter()
            .find(|c| c.id == id)
            .expect("a policy")
    }

    fn headline<'a>(content: &'a Content, id: &str) -> &'a Headline {
        content
            .headlines
            .iter()
            .find(|c| c.id == id)
            .expect("a headline")
    }

    #[test]
    fn default_content_loads() {
        // TC-19: the embedded default never fails and says what it is.
        let content = Content::from_files(&STANDARD_FILES).expect("the default content loads");
        assert!(content.is_default);
        assert_eq!(content.label, DEFAULT_LABEL);
        assert!(content.warnings.is_empty(), "{:?}", content.warnings);
        assert_eq!(&content, Content::standard());
        // The counts of the table at the top of tycoon_content.md.
        assert_eq!(content.map.cities.len(), 32);
        assert_eq!(content.map.regions.len(), 4);
        assert_eq!(content.industries.len(), 23 + 25 + 3 + 2);
        assert_eq!(content.policies.len(), 10 + 12 + 2 + 3);
        assert_eq!(content.plans.len(), 12);
        assert_eq!(content.headlines.len(), 12);
        assert_eq!(content.agendas.len(), 8);
        assert_eq!(content.merits.len(), 30);
        assert_eq!(content.conglomerates.len(), 6);
        assert_eq!(content.favours.len(), 5);
        assert_eq!(content.automa.len(), 52);
        // Era I then Era II (TI-1.3): Kickstarter extras after their era's base cards.
        let eras: Vec<Era> = content.industries.iter().map(|c| c.era).collect();
        assert!(eras.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn content_error_cites_its_rule() {
        let error = fail(MAP, "nasik", "distance", "wrong", "TC-2.4");
        assert_eq!(Cites::rule(&error), Rule("TC-2.4"));
        assert_eq!(
            error.to_string(),
            "map.json: nasik: field distance: wrong (TC-2.4)"
        );
        let error = ContentError::Io {
            file: MAP.to_owned(),
            reason: "gone".to_owned(),
        };
        assert_eq!(Cites::rule(&error), Rule("TC-19"));
    }

    #[test]
    fn t_map_4_road_graph() {
        // TC-18.1 T-MAP-4: 32 cities, 32 edges, connected; metros 1; the named distances.
        let content = Content::standard();
        let map = &content.map;
        assert_eq!(map.cities.len(), 32);
        assert_eq!(map.edges.len(), 32);
        assert_eq!(bfs(&content.neighbours, 0).iter().flatten().count(), 32);
        for region in Region::ALL {
            let metro = content.metro(region).expect("a metro");
            let city = &map.cities[metro.index()];
            assert!(city.metro && city.region == region && city.distance == 1);
        }
        let distance = |id: &str| map.cities[c(content, id).index()].distance;
        assert_eq!(distance("gauhati"), 5);
        assert_eq!(distance("ahmedabad"), 4);
        assert_eq!(distance("cochin"), 4);
        assert_eq!(distance("amritsar"), 4);
        assert_eq!(distance("nasik"), 2);
        // Gauhati's route: calcutta–durgapur–dhanbad–patna–gauhati.
        let route = ["calcutta", "durgapur", "dhanbad", "patna", "gauhati"];
        for pair in route.windows(2) {
            assert!(content.neighbours[c(content, pair[0]).index()].contains(&c(content, pair[1])));
        }
        let nasik = &map.cities[c(content, "nasik").index()];
        assert_eq!(nasik.region, Region::W);
        assert_eq!(
            nasik.bonus,
            [Effect::Step {
                sector: Sector::Agr,
                n: 1
            }]
        );
        // The TC-2.3 adjacency of two junctions, sorted by city number.
        assert_eq!(
            content.neighbours[c(content, "new_delhi").index()],
            [
                c(content, "jaipur"),
                c(content, "agra"),
                c(content, "chandigarh")
            ]
        );
        assert_eq!(
            content.neighbours[c(content, "bombay").index()],
            [
                c(content, "poona"),
                c(content, "surat"),
                c(content, "nasik")
            ]
        );
        assert_eq!(
            content.neighbours[c(content, "amritsar").index()],
            [c(content, "ludhiana")]
        );
    }

    #[test]
    fn tc_2_regions_and_cities() {
        let content = Content::standard();
        let bonuses: Vec<&Bundle> = content.map.regions.iter().map(|r| &r.bonus).collect();
        assert_eq!(
            bonuses,
            [
                &vec![Effect::Support { n: 1 }],
                &vec![Effect::Promoters {
                    n: 1,
                    to: PromoterPlace::Supply
                }],
                &vec![Effect::Influence { n: 1 }],
                &vec![Effect::Money { n: 5 }],
            ]
        );
        assert_eq!(content.metro(Region::E), Some(c(content, "calcutta")));
        // TC-2.2 row 20 and row 1.
        assert_eq!(c(content, "bangalore"), CityId(19));
        assert_eq!(content.map.cities[19].bonus, [Effect::Plus1 { n: 1 }]);
        assert_eq!(content.map.cities[0].id, "new_delhi");
        // TC-2.4 rationale: 19 city bonuses are steps, MIN 3, AGR 4, FUE 4, POW 3, TRA 3, FIN 2.
        let steps = |sector: Sector| {
            let is_step =
                |e: &Effect| matches!(e, Effect::Step { sector: s, n: 1 } if *s == sector);
            content
                .map
                .cities
                .iter()
                .filter(|city| city.bonus.iter().any(is_step))
                .count()
        };
        assert_eq!(Sector::ALL.map(steps), [2, 3, 4, 4, 3, 3]);
    }

    #[test]
    fn tc_3_1_level_bonuses() {
        let tracks = &Content::standard().tracks;
        let level = |s: Sector, l: usize| &tracks.levels[s.index()][l - 1];
        // Minerals level 7: PROM 3 ; INF 3 (both).
        assert_eq!(
            level(Sector::Min, 7),
            &LevelBonus {
                bonus: vec![
                    Effect::Promoters {
                        n: 3,
                        to: PromoterPlace::Supply
                    },
                    Effect::Influence { n: 3 }
                ],
                trigger: Trigger::Both,
            }
        );
        // A `—` cell is an empty bundle.
        assert!(level(Sector::Fin, 1).bonus.is_empty());
        assert!(level(Sector::Tra, 6).bonus.is_empty());
        // T-TRK-3: Transport 2 is pass-only Cr 5; T-TRK-2: Power 3 is land-only +1A 1.
        assert_eq!(level(Sector::Tra, 2).trigger, Trigger::Pass);
        assert_eq!(level(Sector::Tra, 2).bonus, [Effect::Money { n: 5 }]);
        assert_eq!(level(Sector::Pow, 3).trigger, Trigger::Land);
        assert_eq!(level(Sector::Pow, 3).bonus, [Effect::Plus1 { n: 1 }]);
        // T-TRK-7: Agriculture 4 is SUP 1 ; Cr 5 on landing.
        assert_eq!(level(Sector::Agr, 4).trigger, Trigger::Land);
        assert_eq!(
            level(Sector::Agr, 4).bonus,
            [Effect::Support { n: 1 }, Effect::Money { n: 5 }]
        );
    }

    #[test]
    fn tc_3_3_loan_table_and_track_av() {
        let tracks = &Content::standard().tracks;
        assert_eq!(tracks.loan, [30, 35, 40, 45, 50, 55, 60, 65]);
        assert_eq!(
            tracks.asset_value[Sector::Fin.index()],
            [0, 0, 10, 20, 30, 40, 50, 70]
        );
        assert_eq!(
            tracks.asset_value[Sector::Tra.index()],
            [0, 0, 10, 20, 30, 45, 60, 80]
        );
        // T-TRK-6: final Finance 5 and Transport 4 give 40 + 30.
        assert_eq!(
            tracks.asset_value[Sector::Fin.index()][5] + tracks.asset_value[Sector::Tra.index()][4],
            70
        );
        for sector in [Sector::Min, Sector::Agr, Sector::Fue, Sector::Pow] {
            assert_eq!(tracks.asset_value[sector.index()], [0; 8]);
        }
    }

    #[test]
    fn t_str_6_three_seat_spaces() {
        // TC-18.1 T-STR-6: the unmanaged spaces in play with 3 seats.
        let board = &Content::standard().board;
        let three: Vec<&str> = board
            .unmanaged
            .iter()
            .filter(|s| s.min_seats <= 3)
            .map(|s| s.id.as_str())
            .collect();
        assert_eq!(
            three,
            [
                "SU-01", "SU-02", "SU-04", "SU-06", "SU-07", "SU-09", "SU-11", "SU-12", "SU-14"
            ]
        );
        assert_eq!(board.unmanaged.len(), 14);
        let su14 = &board.unmanaged[13];
        assert_eq!((su14.kind, su14.cost), (SpaceType::Export, 7));
        assert_eq!(su14.reward, [Effect::StepAny2]);
        let managed: Vec<(&str, u32)> = board
            .managed
            .iter()
            .map(|s| (s.id.as_str(), s.cost))
            .collect();
        assert_eq!(managed, [("SM-1", 2), ("SM-2", 2)]);
    }

    #[test]
    fn tc_6_round_tracker() {
        // T-RND-3 and the TC-6 price tiers.
        let board = &Content::standard().board;
        use RoundEvent::{Income, NationalProject, PolicyBid};
        let events: Vec<&[RoundEvent]> = board.rounds.iter().map(|r| r.events.as_slice()).collect();
        assert_eq!(
            events,
            [
                &[PolicyBid][..],
                &[PolicyBid, Income, NationalProject],
                &[Income, NationalProject],
                &[PolicyBid, Income],
                &[Income, NationalProject],
                &[PolicyBid, Income, NationalProject],
                &[Income, NationalProject],
            ]
        );
        let prices: Vec<Option<u32>> = board.rounds.iter().map(|r| r.np_price).collect();
        assert_eq!(
            prices,
            [None, Some(10), Some(15), None, Some(15), Some(20), Some(20)]
        );
        assert_eq!(
            board.np_reward,
            [Effect::Influence { n: 3 }, Effect::Support { n: 1 }]
        );
    }

    #[test]
    fn tc_7_industries() {
        let content = Content::standard();
        // TC-7.1 note: the seed's Refinery.
        let refinery = industry(content, "I1-09");
        assert_eq!(
            (
                refinery.sector,
                refinery.cost_icons.as_slice(),
                refinery.build_sector_steps
            ),
            (Sector::Fue, &[Sector::Min, Sector::Pow][..], 2)
        );
        assert_eq!(refinery.build_influence, 4);
        // TC-7.2 I2-09 Bombay High.
        let bombay_high = industry(content, "I2-09");
        assert_eq!(
            bombay_high,
            &Industry {
                id: "I2-09".to_owned(),
                name: "Bombay High Offshore Field (1976)".to_owned(),
                era: Era::II,
                sector: Sector::Fue,
                asset_value: 100,
                income: 25,
                cost_icons: vec![Sector::Min, Sector::Pow, Sector::Tra],
                build_sector_steps: 2,
                build_influence: 4,
                kickstarter: false,
            }
        );
        // A repeated icon is paid twice (C-03).
        assert_eq!(
            industry(content, "I2-01").cost_icons,
            [Sector::Pow, Sector::Pow, Sector::Tra]
        );
        // TC-7.3.
        let k2 = industry(content, "I2-K2");
        assert!(k2.kickstarter && k2.era == Era::II && k2.asset_value == 60);
        // TC-7: cost icons across the 48 base cards.
        let icons = |s: Sector| {
            content
                .industries
                .iter()
                .filter(|c| !c.kickstarter)
                .flat_map(|c| &c.cost_icons)
                .filter(|i| **i == s)
                .count()
        };
        assert_eq!(
            [
                Sector::Min,
                Sector::Fue,
                Sector::Pow,
                Sector::Tra,
                Sector::Agr
            ]
            .map(icons),
            [20, 18, 20, 25, 6]
        );
    }

    #[test]
    fn tc_8_policies() {
        let content = Content::standard();
        // TC-8.2 P2-09: INF 2 × shares_held max 12.
        let sebi = policy(content, "P2-09");
        assert_eq!(sebi.effect.when, PolicyWhen::Now);
        assert_eq!(
            sebi.effect.effects,
            [Effect::Per {
                counter: Counter::SharesHeld,
                each: Box::new(Effect::Influence { n: 2 }),
                max: Some(12),
            }]
        );
        // TC-8.1 P1-01: END if built(MIN,POW) ≥ 2: INF 8.
        let p1_01 = policy(content, "P1-01");
        assert_eq!(p1_01.effect.when, PolicyWhen::End);
        assert_eq!(
            p1_01.effect.effects,
            [Effect::If {
                counter: Counter::Built {
                    sectors: vec![Sector::Min, Sector::Pow],
                    era: None
                },
                op: super::super::Op::AtLeast,
                k: 2,
                then: vec![Effect::Influence { n: 8 }],
            }]
        );
        // TC-8.1 P1-08 and P1-10.
        assert_eq!(
            policy(content, "P1-08").effect.effects,
            [Effect::Mod {
                param: ModParam::SharePrice,
                add: Some(-5),
                mul: None,
                sectors: vec![],
                sector: None,
                space: None,
                one: false,
                scope: None,
            }]
        );
        assert_eq!(
            policy(content, "P1-10").effect.effects,
            [Effect::On {
                event: HookEvent::Action,
                action: Some(ActionKind::Politics),
                effects: vec![Effect::Support { n: 1 }],
            }]
        );
        // TC-8.3 P1-K1: MOD strategy(Office) −1.
        let k1 = policy(content, "P1-K1");
        assert!(k1.kickstarter);
        assert!(matches!(
            k1.effect.effects.as_slice(),
            [Effect::Mod {
                param: ModParam::StrategyCost,
                add: Some(-1),
                space: Some(SpaceType::Office),
                ..
            }]
        ));
        // The seed's Technology Institute Act.
        let p1_02 = policy(content, "P1-02");
        assert_eq!(
            (p1_02.era, p1_02.kind, p1_02.end_support),
            (Era::I, PolicyKind::Industrial, 1)
        );
    }

    #[test]
    fn tc_9_plans() {
        let content = Content::standard();
        let plan = |id: &str| content.plans.iter().find(|p| p.id == id).expect("a plan");
        assert_eq!(
            plan("PB-7").award,
            PlanAward::Competitive {
                counter: Counter::Level {
                    sectors: vec![Sector::Tra, Sector::Fin]
                },
                awards: [10, 5],
            }
        );
        assert_eq!(
            plan("PB-2").award,
            PlanAward::Independent {
                effects: vec![Effect::If {
                    counter: Counter::Notes,
                    op: super::super::Op::Equals,
                    k: 0,
                    then: vec![Effect::Influence { n: 6 }],
                }]
            }
        );
        assert_eq!(plan("PA-4").kind, PlanType::A);
        assert!(matches!(
            &plan("PB-1").award,
            PlanAward::Independent { effects } if matches!(
                effects.as_slice(),
                [Effect::Per { counter: Counter::Regions, max: None, .. }]
            )
        ));
    }

    #[test]
    fn tc_10_headlines() {
        let content = Content::standard();
        // H1-3: OFFER PAY 10 → SUP 1 ; INF 2, at round start.
        let war_bonds = headline(content, "H1-3");
        assert_eq!(war_bonds.effect.when, HeadlineTiming::RoundStart);
        assert_eq!(
            war_bonds.effect.effects,
            [Effect::Offer {
                pay: vec![Effect::Pay { n: 10 }],
                gain: vec![Effect::Support { n: 1 }, Effect::Influence { n: 2 }],
            }]
        );
        // H1-4: two mods for the whole round.
        let oil = headline(content, "H1-4");
        assert_eq!(oil.effect.when, HeadlineTiming::WholeRound);
        assert!(matches!(
            oil.effect.effects.as_slice(),
            [
                Effect::Mod {
                    param: ModParam::IconCost,
                    mul: Some(2),
                    ..
                },
                Effect::Mod {
                    param: ModParam::Income,
                    sector: Some(Sector::Fue),
                    add: Some(5),
                    ..
                }
            ]
        ));
        // H1-7: PAY 5 × unbuilt at round end; H2-1: INF 1 × factories(N).
        assert_eq!(
            headline(content, "H1-7").effect.effects,
            [Effect::Per {
                counter: Counter::Unbuilt,
                each: Box::new(Effect::Pay { n: 5 }),
                max: None,
            }]
        );
        assert!(matches!(
            headline(content, "H2-1").effect.effects.as_slice(),
            [Effect::Per {
                counter: Counter::Factories {
                    region: Some(Region::N)
                },
                ..
            }]
        ));
        assert_eq!(
            headline(content, "H1-2").effect.when,
            HeadlineTiming::RoundEvent
        );
    }

    #[test]
    fn tc_11_agendas() {
        let content = Content::standard();
        let agenda = |id: &str| {
            content
                .agendas
                .iter()
                .find(|a| a.id == id)
                .expect("an agenda")
        };
        assert_eq!(agenda("CA-1").tiers, [(4, 2), (6, 4), (8, 7)]);
        assert_eq!(
            agenda("CA-8").counter,
            Counter::Built {
                sectors: vec![],
                era: Some(Era::II)
            }
        );
    }

    #[test]
    fn tc_12_merit_cards() {
        let content = Content::standard();
        let ids: Vec<String> = content.merits.iter().map(|m| m.id.clone()).collect();
        let expected: Vec<String> = (1..=30).map(|n| format!("M-{n:02}")).collect();
        assert_eq!(ids, expected);
        let merit = |id: &str| &content.merits[usize::from(content.merit(id).expect("a merit"))];
        // M-20: THIS BUILD: icon(one) ×0.
        let m20 = merit("M-20");
        assert_eq!(m20.window, MeritWindow::Build);
        assert_eq!(
            m20.effects,
            [Effect::Mod {
                param: ModParam::IconCost,
                add: None,
                mul: Some(0),
                sectors: vec![],
                sector: None,
                space: None,
                one: true,
                scope: Some(ModScope::Build),
            }]
        );
        // M-18: THIS BUILD: icon(POW,TRA) ×0.
        assert!(matches!(
            merit("M-18").effects.as_slice(),
            [Effect::Mod { sectors, mul: Some(0), scope: Some(ModScope::Build), one: false, .. }]
                if sectors == &[Sector::Pow, Sector::Tra]
        ));
        assert_eq!(merit("M-23").effects, [Effect::NpFree { n: 1 }]);
        assert_eq!(merit("M-23").window, MeritWindow::NationalProject);
        assert_eq!(
            merit("M-16").effects,
            [Effect::LoanMoney, Effect::Note { n: 1 }]
        );
        let m25 = merit("M-25");
        assert_eq!(
            (m25.window, m25.effects.is_empty(), m25.end_av),
            (MeritWindow::Keep, true, 20)
        );
        assert_eq!(
            (
                merit("M-29").end_av,
                merit("M-30").end_av,
                merit("M-01").end_av
            ),
            (20, 10, 0)
        );
    }

    #[test]
    fn tc_13_14_tokens() {
        let content = Content::standard();
        assert_eq!(content.conglomerates[5].id, "CG-6");
        assert_eq!(content.conglomerates[5].bonus, [Effect::LoanMoney]);
        assert_eq!(content.conglomerates[0].bonus, [Effect::Money { n: 40 }]);
        // TI-OQ-31: no Finance favour.
        let sectors: Vec<Sector> = content.favours.iter().map(|f| f.sector).collect();
        assert_eq!(
            sectors,
            [
                Sector::Min,
                Sector::Agr,
                Sector::Fue,
                Sector::Pow,
                Sector::Tra
            ]
        );
    }

    #[test]
    fn tc_16_6_automa_decks() {
        let content = Content::standard();
        let card = |id: &str| content.automa.iter().find(|a| a.id == id).expect("a card");
        assert_eq!(
            card("AH-16"),
            &AutomaCard {
                id: "AH-16".to_owned(),
                difficulty: Difficulty::Hard,
                plan: vec![ActionKind::Shares, ActionKind::Build, ActionKind::Strategy],
                strategy: vec![SpaceType::Export, SpaceType::Advertise, SpaceType::Office],
                bid_margin: 25,
                policy_bid: 3,
                np_units: 3,
                focus_sector: Sector::Tra,
                focus_region: Region::W,
                shares: SharesRule::Lead,
            }
        );
        // A-1 uses AN-01's margin 15; AN-12 lists the managed Buy space.
        assert_eq!(card("AN-01").bid_margin, 15);
        assert_eq!(card("AN-12").strategy[0], SpaceType::Buy);
        assert_eq!(card("AE-05").plan[0], ActionKind::Loan);
        let deck = |d: Difficulty| content.automa.iter().filter(|a| a.difficulty == d).count();
        assert_eq!(Difficulty::ALL.map(deck), [18, 18, 16]);
    }

    #[test]
    fn bundle_refs_find_nested_bundles() {
        let content = Content::standard();
        let p1_01 = content.policy("P1-01").expect("P1-01");
        let top = BundleRef::of(Source::Policy(p1_01));
        // The `if`'s then.
        let then = top.child(0, 0).expect("within the depth limit");
        assert_eq!(
            content.bundle(then),
            Some(&vec![Effect::Influence { n: 8 }])
        );
        // An `if` has one child only; the atom index must exist.
        assert_eq!(content.bundle(top.child(0, 1).expect("a ref")), None);
        assert_eq!(content.bundle(top.child(1, 0).expect("a ref")), None);
        // A hook's do (P1-07) and an offer's gain (H1-3).
        let p1_07 = content.policy("P1-07").expect("P1-07");
        let hook = BundleRef::of(Source::Policy(p1_07))
            .child(0, 0)
            .expect("a ref");
        assert!(matches!(
            content.bundle(hook).map(Vec::as_slice),
            Some([Effect::Per { .. }])
        ));
        let h1_3 = content
            .headlines
            .iter()
            .position(|h| h.id == "H1-3")
            .expect("H1-3");
        let gain = BundleRef::of(Source::Headline(u8::try_from(h1_3).expect("small")))
            .child(0, 1)
            .expect("a ref");
        assert_eq!(
            content.bundle(gain),
            Some(&vec![Effect::Support { n: 1 }, Effect::Influence { n: 2 }])
        );
        // Top-level sources.
        let nasik = c(content, "nasik");
        assert_eq!(
            content.bundle(BundleRef::of(Source::City(nasik))),
            Some(&content.map.cities[nasik.index()].bonus)
        );
        assert_eq!(
            content.bundle(BundleRef::of(Source::Level(Sector::Fin, 7))),
            Some(&vec![Effect::Influence { n: 5 }])
        );
        assert_eq!(
            content.bundle(BundleRef::of(Source::Level(Sector::Fin, 0))),
            None
        );
    }

    #[test]
    fn bad_json_names_the_file() {
        let mut files = standard_texts();
        files[3].1.truncate(200);
        let (file, _, _, message) = parse_error(load(&files));
        assert_eq!(file, INDUSTRIES);
        assert!(message.starts_with("industries.json"), "{message}");
    }

    #[test]
    fn unknown_variant_names_item_and_field() {
        let files = edit(INDUSTRIES, |v| {
            item(v, "industries", "I1-09")["cost_icons"][1] = "XYZ".into();
        });
        let (file, item, field, message) = parse_error(load(&files));
        assert_eq!(
            (file.as_str(), item.as_str(), field.as_str()),
            (INDUSTRIES, "I1-09", "cost_icons[1]")
        );
        assert!(
            message
                .starts_with("industries.json: I1-09: field cost_icons[1]: unknown variant `XYZ`"),
            "{message}"
        );
    }

    #[test]
    fn unknown_field_names_item_and_field() {
        let files = edit(MERITS, |v| {
            item(v, "merits", "M-07")["colour"] = "red".into();
        });
        let (file, item, field, message) = parse_error(load(&files));
        assert_eq!((file.as_str(), item.as_str()), (MERITS, "M-07"));
        assert!(
            message.contains("unknown field `colour`"),
            "{message} / {field}"
        );
    }

    #[test]
    fn unknown_effect_kind_names_item_and_field() {
        // TC-19: an unknown kind is a load error.
        let files = edit(POLICIES, |v| {
            item(v, "policies", "P1-06")["effect"]["do"][0]["kind"] = "teleport".into();
        });
        let (file, item, field, message) = parse_error(load(&files));
        assert_eq!(
            (file.as_str(), item.as_str(), field.as_str()),
            (POLICIES, "P1-06", "effect.do[0].kind")
        );
        assert!(message.contains("unknown variant `teleport`"), "{message}");
    }

    #[test]
    fn an_item_without_id_is_named_by_position() {
        let files = edit(TRACKS, |v| {
            v["levels"]["MIN"][6]["trigger"] = "sometimes".into();
        });
        let (file, item, field, _) = parse_error(load(&files));
        assert_eq!(
            (file.as_str(), item.as_str(), field.as_str()),
            (TRACKS, "levels.MIN[6]", "trigger")
        );
        // The loan table has 8 values.
        let files = edit(TRACKS, |v| {
            v["loan"].as_array_mut().expect("a list").pop();
        });
        let (_, item, field, _) = parse_error(load(&files));
        assert_eq!((item.as_str(), field.as_str()), ("", "loan"));
    }

    #[test]
    fn finance_cost_icon_fails() {
        // TI-OQ-7.
        let files = edit(INDUSTRIES, |v| {
            item(v, "industries", "I1-09")["cost_icons"][1] = "FIN".into();
        });
        assert_eq!(
            check_error(load(&files)),
            (
                INDUSTRIES.to_owned(),
                "I1-09".to_owned(),
                "cost_icons[1]".to_owned(),
                "TI-OQ-7"
            )
        );
    }

    #[test]
    fn wrong_distance_fails() {
        // TC-2.4: Bombay → Nasik counts 2 cities.
        let files = edit(MAP, |v| {
            item(v, "cities", "nasik")["distance"] = 3.into();
        });
        let result = load(&files);
        let message = result
            .as_ref()
            .map(|_| String::new())
            .unwrap_or_else(|e| e.to_string());
        assert_eq!(
            check_error(result),
            (
                MAP.to_owned(),
                "nasik".to_owned(),
                "distance".to_owned(),
                "TC-2.4"
            )
        );
        assert!(
            message.contains("the road from bombay gives 2"),
            "{message}"
        );
        // A metro's distance is 1 (TI-OQ-5).
        let files = edit(MAP, |v| {
            item(v, "cities", "madras")["distance"] = 2.into();
        });
        assert_eq!(check_error(load(&files)).1, "madras");
    }

    #[test]
    fn broken_road_fails() {
        // TC-2.3: an edge to no city, and a graph cut in two.
        let files = edit(MAP, |v| {
            v["edges"][3][1] = "lahore".into();
        });
        assert_eq!(
            check_error(load(&files)),
            (
                MAP.to_owned(),
                "edges[3]".to_owned(),
                "[1]".to_owned(),
                "TC-2.3"
            )
        );
        let files = edit(MAP, |v| {
            let edges = v["edges"].as_array_mut().expect("a list");
            edges.retain(|e| e[0] != "patna" || e[1] != "gauhati");
        });
        assert_eq!(check_error(load(&files)).1, "gauhati");
    }

    #[test]
    fn region_metro_must_match() {
        // TC-2.1: a region's metro is a metro city of that region.
        let files = edit(MAP, |v| {
            v["regions"][0]["metro"] = "calcutta".into();
        });
        assert_eq!(
            check_error(load(&files)),
            (MAP.to_owned(), "N".to_owned(), "metro".to_owned(), "TC-2.1")
        );
    }

    #[test]
    fn duplicate_id_fails() {
        let files = edit(INDUSTRIES, |v| {
            item(v, "industries", "I1-02")["id"] = "I1-01".into();
        });
        assert_eq!(
            check_error(load(&files)),
            (
                INDUSTRIES.to_owned(),
                "I1-01".to_owned(),
                "id".to_owned(),
                "TC-0.1"
            )
        );
    }

    #[test]
    fn bad_per_each_fails() {
        // TC-1.2: `per` multiplies a numeric atom.
        let files = edit(POLICIES, |v| {
            item(v, "policies", "P2-09")["effect"]["do"][0]["each"] =
                serde_json::json!({"kind": "step_any"});
        });
        assert_eq!(
            check_error(load(&files)),
            (
                POLICIES.to_owned(),
                "P2-09".to_owned(),
                "effect.do[0].each".to_owned(),
                "TC-1.2"
            )
        );
    }

    #[test]
    fn too_small_deck_fails() {
        // TC-16.1: a deck serves 2 automas for 7 rounds.
        let files = edit(AUTOMA, |v| {
            let cards = v["automa"].as_array_mut().expect("a list");
            cards.retain(|c| !matches!(c["id"].as_str(), Some("AH-14" | "AH-15" | "AH-16")));
        });
        assert_eq!(
            check_error(load(&files)),
            (
                AUTOMA.to_owned(),
                "hard".to_owned(),
                "difficulty".to_owned(),
                "TC-16.1"
            )
        );
    }

    #[test]
    fn automa_plan_must_be_three_actions() {
        let files = edit(AUTOMA, |v| {
            item(v, "automa", "AN-03")["plan"] = serde_json::json!(["build", "build", "loan"]);
        });
        assert_eq!(
            check_error(load(&files)),
            (
                AUTOMA.to_owned(),
                "AN-03".to_owned(),
                "plan".to_owned(),
                "TC-16.3"
            )
        );
    }

    #[test]
    fn effects_only_where_they_can_act() {
        // TC-1.5: a mod on a Liberal (now) policy is never read.
        let files = edit(POLICIES, |v| {
            item(v, "policies", "P2-02")["effect"]["do"] =
                serde_json::json!([{"kind": "mod", "param": "loan", "add": 10}]);
        });
        assert_eq!(check_error(load(&files)).2, "effect.do[0]");
        // An offer only on a headline.
        let files = edit(MERITS, |v| {
            item(v, "merits", "M-01")["do"] = serde_json::json!([
                {"kind": "offer", "pay": [{"kind": "pay", "n": 5}], "gain": []}
            ]);
        });
        assert_eq!(check_error(load(&files)).1, "M-01");
        // np_free only on an NP merit card.
        let files = edit(MERITS, |v| {
            item(v, "merits", "M-02")["do"] = serde_json::json!([{"kind": "np_free", "n": 1}]);
        });
        assert_eq!(check_error(load(&files)).1, "M-02");
        // A passive policy holds only mod and on.
        let files = edit(POLICIES, |v| {
            item(v, "policies", "P1-06")["effect"]["do"] =
                serde_json::json!([{"kind": "money", "n": 10}]);
        });
        assert_eq!(check_error(load(&files)).1, "P1-06");
        // scope only on merit cards; a BUILD merit's mod needs it.
        let files = edit(POLICIES, |v| {
            item(v, "policies", "P1-09")["effect"]["do"][0]["scope"] = "build".into();
        });
        assert_eq!(check_error(load(&files)).2, "effect.do[0].scope");
        let files = edit(MERITS, |v| {
            item(v, "merits", "M-18")["do"][0]
                .as_object_mut()
                .expect("an object")
                .remove("scope");
        });
        assert_eq!(check_error(load(&files)).2, "do[0].scope");
    }

    #[test]
    fn mod_fields_follow_the_param() {
        // TC-1.5: icon_cost multiplies by 0 or 2.
        let files = edit(POLICIES, |v| {
            item(v, "policies", "P1-09")["effect"]["do"][0]["mul"] = 3.into();
        });
        assert_eq!(check_error(load(&files)).2, "effect.do[0].mul");
        // loan reads add only.
        let files = edit(POLICIES, |v| {
            item(v, "policies", "P1-06")["effect"]["do"][0]["sector"] = "FIN".into();
        });
        assert_eq!(check_error(load(&files)).2, "effect.do[0].sector");
        // income: mul 0 or add, not both.
        let files = edit(HEADLINES, |v| {
            item(v, "headlines", "H2-2")["effect"]["do"][0]["mul"] = 0.into();
        });
        assert_eq!(check_error(load(&files)).2, "effect.do[0]");
        // strategy_cost names an unmanaged type.
        let files = edit(POLICIES, |v| {
            item(v, "policies", "P1-K1")["effect"]["do"][0]["space"] = "BUY".into();
        });
        assert_eq!(check_error(load(&files)).2, "effect.do[0].space");
    }

    #[test]
    fn nesting_deeper_than_the_limit_fails() {
        // BundleRef::MAX_DEPTH levels of `if` resolve; one more does not.
        let nest = |depth: usize| {
            let mut bundle = serde_json::json!([{"kind": "influence", "n": 1}]);
            for _ in 0..depth {
                bundle = serde_json::json!([
                    {"kind": "if", "counter": {"name": "notes"}, "op": "==", "k": 0, "then": bundle}
                ]);
            }
            bundle
        };
        let files = edit(CONGLOMERATES, |v| {
            item(v, "conglomerates", "CG-2")["bonus"] = nest(BundleRef::MAX_DEPTH);
        });
        assert!(load(&files).is_ok());
        let files = edit(CONGLOMERATES, |v| {
            item(v, "conglomerates", "CG-2")["bonus"] = nest(BundleRef::MAX_DEPTH + 1);
        });
        assert_eq!(
            check_error(load(&files)),
            (
                CONGLOMERATES.to_owned(),
                "CG-2".to_owned(),
                "bonus[0].then[0].then[0].then[0].then".to_owned(),
                "TC-1.2"
            )
        );
    }

    #[test]
    fn policy_kinds_follow_era_and_timing() {
        // TI-6.5: Era I policies are not Liberal.
        let files = edit(POLICIES, |v| {
            item(v, "policies", "P1-03")["kind"] = "liberal".into();
        });
        assert_eq!(check_error(load(&files)).2, "kind");
        // TC-1.5: an Industrial policy acts at the end.
        let files = edit(POLICIES, |v| {
            item(v, "policies", "P1-03")["effect"]["when"] = "now".into();
        });
        assert_eq!(check_error(load(&files)).2, "effect.when");
    }

    #[test]
    fn rounds_and_steps_are_checked() {
        // TC-6: an NP price exactly on NP rounds, a multiple of 5.
        let files = edit(BOARD, |v| {
            v["rounds"][3]["np_price"] = 15.into();
        });
        assert_eq!(
            check_error(load(&files)),
            (
                BOARD.to_owned(),
                "rounds[3]".to_owned(),
                "np_price".to_owned(),
                "TC-6"
            )
        );
        let files = edit(BOARD, |v| {
            v["rounds"][1]["np_price"] = 12.into();
        });
        assert_eq!(check_error(load(&files)).3, "TI-21.5");
        // TC-1.1: a step atom moves 1 or 2; TC-7: so does a card.
        let files = edit(MAP, |v| {
            item(v, "cities", "jaipur")["bonus"][0]["n"] = 3.into();
        });
        assert_eq!(check_error(load(&files)).2, "bonus[0]");
        let files = edit(INDUSTRIES, |v| {
            item(v, "industries", "I2-03")["build_sector_steps"] = 0.into();
        });
        assert_eq!(check_error(load(&files)).2, "build_sector_steps");
        // TC-11: tiers rise.
        let files = edit(AGENDAS, |v| {
            item(v, "agendas", "CA-2")["tiers"] = serde_json::json!([[3, 2], [3, 4]]);
        });
        assert_eq!(check_error(load(&files)).1, "CA-2");
    }

    #[test]
    fn the_file_set_is_checked() {
        let mut files = standard_texts();
        files.pop();
        assert!(matches!(
            load(&files),
            Err(ContentError::Files { file, .. }) if file == AUTOMA
        ));
        let mut files = standard_texts();
        files.push(("cards.json", "{}".to_owned()));
        assert!(matches!(
            load(&files),
            Err(ContentError::Files { file, .. }) if file == "cards.json"
        ));
        let mut files = standard_texts();
        files.push((MAP, STANDARD_FILES[0].1.to_owned()));
        assert!(matches!(
            load(&files),
            Err(ContentError::Files { file, .. }) if file == MAP
        ));
    }

    #[test]
    fn files_must_share_one_label() {
        let files = edit(PLANS, |v| {
            v["label"] = "something else".into();
        });
        assert_eq!(
            check_error(load(&files)),
            (PLANS.to_owned(), String::new(), "label".to_owned(), "TC-19")
        );
    }

    /// The default files relabelled as a user's own content.
    fn own_content(change: impl Fn(&str, &mut Value)) -> Vec<(&'static str, String)> {
        standard_texts()
            .into_iter()
            .map(|(name, text)| {
                let mut value: Value = serde_json::from_str(&text).expect("JSON");
                value["content"] = "my-table".into();
                value["label"] = "My own Tycoon table".into();
                change(name, &mut value);
                (
                    name,
                    serde_json::to_string(&value).expect("JSON serialises"),
                )
            })
            .collect()
    }

    #[test]
    fn own_content_with_other_counts_loads_with_warnings() {
        // TC-19: for user content the count checks only warn.
        let files = own_content(|name, v| {
            if name == MERITS {
                v["merits"].as_array_mut().expect("a list").truncate(20);
            }
            if name == INDUSTRIES {
                item(v, "industries", "I1-04")["asset_value"] = 45.into();
            }
        });
        let content = load(&files).expect("own content loads");
        assert!(!content.is_default);
        assert_eq!(content.label, "My own Tycoon table");
        assert_eq!(content.merits.len(), 20);
        assert_eq!(content.warnings.len(), 2, "{:?}", content.warnings);
        assert!(
            content.warnings[0].contains("20 merit cards"),
            "{:?}",
            content.warnings
        );
        assert!(
            content.warnings[1].contains("I1-04"),
            "{:?}",
            content.warnings
        );
        // The same differences in the default content are errors.
        let files = edit(MERITS, |v| {
            v["merits"].as_array_mut().expect("a list").truncate(20);
        });
        assert_eq!(check_error(load(&files)).0, MERITS);
        let files = edit(MAP, |v| {
            item(v, "cities", "nasik")["bonus"] = serde_json::json!([{"kind": "money", "n": 10}]);
        });
        assert_eq!(check_error(load(&files)).1, "nasik");
        let files = edit(AGENDAS, |v| {
            item(v, "agendas", "CA-1")["tiers"] = serde_json::json!([[4, 2], [6, 4], [8, 6]]);
        });
        assert_eq!(check_error(load(&files)).1, "CA-1");
    }

    #[test]
    fn own_content_still_needs_enough_cards_and_an_own_label() {
        // TI-3: setup needs 8 agendas with 4 seats, whatever the content.
        let files = own_content(|name, v| {
            if name == AGENDAS {
                v["agendas"].as_array_mut().expect("a list").pop();
            }
        });
        assert_eq!(check_error(load(&files)).3, "TI-3");
        // Own content does not show the default label.
        let files = own_content(|_, v| {
            v["label"] = DEFAULT_LABEL.into();
        });
        assert_eq!(check_error(load(&files)).2, "label");
    }

    #[test]
    fn from_dir_loads_the_default_files() {
        let dir =
            std::env::temp_dir().join(format!("darbar-tycoon-content-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temp dir");
        for (name, text) in STANDARD_FILES {
            std::fs::write(dir.join(name), text).expect("written");
        }
        let loaded = Content::from_dir(&dir);
        std::fs::remove_file(dir.join(AUTOMA)).expect("removed");
        let missing = Content::from_dir(&dir);
        std::fs::remove_dir_all(&dir).expect("cleaned up");
        assert_eq!(&loaded.expect("loads"), Content::standard());
        assert!(matches!(missing, Err(ContentError::Io { file, .. }) if file == AUTOMA));
    }

    #[test]
    fn replay_records_name_the_default_content_and_tell_other_content_apart() {
        let standard = Content::standard();
        assert!(standard.deck.is_default());
        let files = own_content(|name, v| {
            if name == AGENDAS {
                v["agendas"][0]["name"] = "Another name".into();
            }
        });
        let own = load(&files).expect("own content loads");
        assert_eq!(own.deck.name, "unnamed");
        assert_ne!(own.deck.hash, standard.deck.hash);
    }

    #[test]
    fn lists_and_icons_stay_within_what_the_actions_can_number() {
        // TC-0.1: Merit(n) numbers 64 cards; a 65th could not be played.
        let files = edit(MERITS, |v| {
            let first = v["merits"][0].clone();
            let list = v["merits"].as_array_mut().expect("a list");
            for k in 0..35 {
                let mut card = first.clone();
                card["id"] = format!("M-X{k}").into();
                list.push(card);
            }
        });
        let (file, _, field, rule) = check_error(load(&files));
        assert_eq!(
            (file.as_str(), field.as_str(), rule),
            (MERITS, "merits", "TC-0.1")
        );
        let files = edit(INDUSTRIES, |v| {
            item(v, "industries", "I2-09")["cost_icons"] = serde_json::json!([
                "MIN", "MIN", "MIN", "MIN", "POW", "POW", "POW", "TRA", "TRA"
            ]);
        });
        let (_, at, field, _) = check_error(load(&files));
        assert_eq!((at.as_str(), field.as_str()), ("I2-09", "cost_icons"));
    }

    #[test]
    fn what_scoring_reads_is_influence_and_a_chosen_icon_is_only_this_build() {
        // TI-16.3: an Industrial policy's end bundle is read for influence only.
        let files = edit(POLICIES, |v| {
            item(v, "policies", "P1-01")["effect"]["do"][0]["then"][0] =
                serde_json::json!({"kind": "money", "n": 8});
        });
        let (_, at, field, rule) = check_error(load(&files));
        assert_eq!(
            (at.as_str(), field.as_str(), rule),
            ("P1-01", "effect.do[0].then[0]", "TI-16.3")
        );
        // TC-1.5: icon(one) is a THIS BUILD modifier of merit cards, not a lasting one.
        let files = edit(POLICIES, |v| {
            item(v, "policies", "P1-09")["effect"]["do"][0] =
                serde_json::json!({"kind": "mod", "param": "icon_cost", "one": true, "mul": 0});
        });
        let (_, at, field, _) = check_error(load(&files));
        assert_eq!((at.as_str(), field.as_str()), ("P1-09", "effect.do[0].one"));
    }
}
