//! The closed effect vocabulary (TC-1): every card, space, city, track level and token says
//! what it does with these values, and the rules interpret them; no effect is code of its own.
//!
//! The JSON form is TC-1's: `{"kind":"money","n":10}`, `{"kind":"per","counter":{"name":
//! "built"},"each":{"kind":"money","n":5},"max":30}`, and so on.

use serde::{Deserialize, Serialize};

use super::super::ids::{ActionKind, Era, Region, Sector, SpaceType};

/// A bundle: atoms resolved left to right (TC-0.3 E2).
pub type Bundle = Vec<Effect>;

/// Where gained promoters go (TC-0.3 E6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PromoterPlace {
    /// The personal supply (`PROM n`).
    Supply,
    /// The strategy pool (`POOL n`).
    Pool,
}

/// A comparison of an `if` (TC-1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Op {
    /// At least.
    #[serde(rename = ">=")]
    AtLeast,
    /// Exactly.
    #[serde(rename = "==")]
    Equals,
}

/// A value the state already holds, counted for the holder (TC-1.3).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "name", rename_all = "snake_case", deny_unknown_fields)]
pub enum Counter {
    /// Own factories on the map, built industries and Offices, in `region` if given.
    Factories {
        /// Only this region.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        region: Option<Region>,
    },
    /// Own built industry cards, of the listed sectors (all if empty) and of `era` if given.
    Built {
        /// Only these sectors; every sector when empty.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        sectors: Vec<Sector>,
        /// Only this era.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        era: Option<Era>,
    },
    /// Own unbuilt industry cards.
    Unbuilt,
    /// Different sectors among own built industry cards.
    BuiltSectors,
    /// The printed income of own built industry cards.
    Income,
    /// Opponent share tokens held.
    SharesHeld,
    /// Policy cards owned.
    Policies,
    /// Sector tracks with an own disc.
    Tracks,
    /// The sum of own levels on the listed sectors (one or two).
    Level {
        /// The sectors added up.
        sectors: Vec<Sector>,
    },
    /// The sum of own levels on all six tracks.
    Levels,
    /// Sectors the holder leads (TI-2.4).
    Leads,
    /// Promissory notes held.
    Notes,
    /// Regions with an own factory.
    Regions,
    /// Metro cities with an own factory.
    Metros,
}

/// What a modifier changes (TC-1.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModParam {
    /// The Loan action's amount and `LOANCR` (`add`).
    Loan,
    /// The price of each share the holder buys (`add`).
    SharePrice,
    /// Cost icons of `sectors` (or `one` icon of the holder's choice) on the holder's builds
    /// (`mul`).
    IconCost,
    /// The income of the holder's built industries of `sector` (`mul` 0 or `add`).
    Income,
    /// The promoter cost of unmanaged spaces of type `space` (`add`, negative).
    StrategyCost,
}

/// How long a `THIS …` modifier of a merit card lasts (TC-1.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModScope {
    /// The one build in which the card is played.
    Build,
}

/// What a hook listens to (TC-1.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HookEvent {
    /// Every Income & dividends event, after the holder's income.
    Income,
    /// Each time the holder completes `action`.
    Action,
}

/// One effect of the closed vocabulary (TC-1.1 atoms, TC-1.2 forms, TC-1.5 modifiers).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    /// `Cr n`: gain money from the supply.
    Money {
        /// Crore.
        n: u32,
    },
    /// `PAY n`: pay to the supply (TC-0.3 E7).
    Pay {
        /// Crore.
        n: u32,
    },
    /// `PROM n` / `POOL n`.
    Promoters {
        /// How many.
        n: u32,
        /// Where they go.
        to: PromoterPlace,
    },
    /// `INF n`.
    Influence {
        /// Steps on the influence track.
        n: u32,
    },
    /// `SUP n`.
    Support {
        /// Support tokens' worth.
        n: u32,
    },
    /// `+1A n`.
    Plus1 {
        /// +1 action tokens.
        n: u32,
    },
    /// `MERIT n`: draw merit cards (an automa gains `INF 2` for each instead, TC-16.2).
    Merit {
        /// Cards.
        n: u32,
    },
    /// `NOTE n`: promissory notes and no money.
    Note {
        /// Notes.
        n: u32,
    },
    /// `LOANCR`: money equal to the holder's loan amount; no note, no Finance step.
    LoanMoney,
    /// `INCOME max m`: the printed income of the holder's built industries, at most `max`.
    Income {
        /// The most it gives.
        max: u32,
    },
    /// `STEP S n`.
    Step {
        /// The track.
        sector: Sector,
        /// 1 or 2 steps.
        n: u8,
    },
    /// `STEP any 1`: one sector of the holder's choice +1.
    StepAny,
    /// `STEP any2`: two different sectors +1 each, or one +2.
    StepAny2,
    /// `POLICY`: take a displayed policy as Lobby does.
    TakePolicy,
    /// `INDUSTRY ×k`: may take a displayed industry for k × its AV.
    TakeIndustry {
        /// The multiple of the card's asset value paid.
        price_x_av: u32,
    },
    /// `BUILD`: may build once now, without an action token.
    Build,
    /// `OFFICE`: may place a reserve factory in an empty city.
    Office,
    /// `<atom> × C … max m`: the atom's n times the counter, at most `max` in all.
    Per {
        /// The multiplier.
        counter: Counter,
        /// A numeric atom (money, pay, promoters, influence, support, +1, merit, note).
        each: Box<Effect>,
        /// The cap on the total.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<u32>,
    },
    /// `if C ≥ k: …` / `if C = k: …`.
    If {
        /// The counter read.
        counter: Counter,
        /// The comparison.
        op: Op,
        /// The value compared with.
        k: u32,
        /// The bundle applied when the condition holds.
        then: Bundle,
    },
    /// `MOD …` (TC-1.5): a lasting change, read where the rule it changes runs.
    Mod {
        /// What it changes.
        param: ModParam,
        /// Added (Cr or promoters; negative lowers).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        add: Option<i32>,
        /// Multiplied (0 or 2).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mul: Option<u32>,
        /// The sectors of an icon cost modifier.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        sectors: Vec<Sector>,
        /// The sector of an income modifier.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sector: Option<Sector>,
        /// The space type of a strategy cost modifier.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        space: Option<SpaceType>,
        /// One icon of the holder's choice (`THIS BUILD: icon(one) ×0`).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        one: bool,
        /// `THIS BUILD`: only the build in which the merit card is played.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scope: Option<ModScope>,
    },
    /// `ON income: …` / `ON action(A): …`.
    On {
        /// What it listens to.
        event: HookEvent,
        /// The action of an action hook.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        action: Option<ActionKind>,
        /// The bundle gained.
        #[serde(rename = "do")]
        effects: Bundle,
    },
    /// `THIS NP: free n`: NP units without paying, in the NP turn the card is played.
    NpFree {
        /// Units.
        n: u32,
    },
    /// `OFFER <pay> → <gain>`: each non-AI seat may once pay and then gain.
    Offer {
        /// What is paid.
        pay: Bundle,
        /// What is gained.
        gain: Bundle,
    },
}

impl Effect {
    /// The nested bundles of this effect, in a fixed order (`then`; `do`; `pay`, `gain`):
    /// what a [`BundleRef`](super::BundleRef) path steps into.
    pub fn children(&self) -> [Option<&Bundle>; 2] {
        match self {
            Effect::If { then, .. } => [Some(then), None],
            Effect::On { effects, .. } => [Some(effects), None],
            Effect::Offer { pay, gain } => [Some(pay), Some(gain)],
            _ => [None, None],
        }
    }
}
