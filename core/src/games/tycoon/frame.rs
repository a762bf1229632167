//! The pending-rule stack: each compound rule (a round, an auction, an action with its
//! parameters, an effect bundle with its choices) is a sequence of frames. A *step* frame runs
//! by itself; a *decision* frame waits for one of the choices it lists (TC-17). The rules run
//! the top frame until a decision frame with choices is on top; a decision frame with nothing
//! left to choose is done and leaves (an optional atom with no legal target, TC-0.3 E3).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::engine::{Cites, Rule};

use super::content::BundleRef;
use super::ids::{ActionKind, CityId, Sector};
use super::state::Phase;

/// How a build was started: it decides whether it counts as the Build action (TI-21.14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BuildBy {
    /// The Build action, with a token.
    Action,
    /// A `BUILD` atom: optional, no token, not the action.
    Effect,
}

/// How an industry card is taken outside the auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IndustryBy {
    /// The managed `SM-2` space: 2 × AV, then a bonus (TI-8.6).
    Strategy,
    /// An `INDUSTRY ×k` atom: optional, k × AV (TC-1.1).
    Effect {
        /// The multiple of the AV paid.
        price_x_av: u8,
    },
}

/// How a policy is taken from the display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PolicyBy {
    /// The policy bid's winner (TI-6.2): the unchosen card gains a promoter.
    Bid,
    /// Lobby or `POLICY` (TI-8.6, TC-1.1).
    Lobby,
}

/// A merit window (TC-12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Window {
    /// The start of a Phase-4 turn.
    Act,
    /// The start of an NP turn.
    NationalProject,
}

/// A build being declared: the card, the city and the merit cards played into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BuildPlan {
    /// The builder.
    pub seat: u8,
    /// The industry card (content number).
    pub card: u8,
    /// The city.
    pub city: CityId,
    /// Action or effect.
    pub by: BuildBy,
    /// The merit cards played in its BUILD window, by content number (bit n = card n).
    pub merits: u64,
    /// The cost icons waived by `icon(one)` cards, by place on the card.
    pub waived: u8,
}

/// One frame of the stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Frame {
    // ----- setup (TI-3) -----
    /// D: `seat` chooses its starting influence space (step 13).
    StartInfluence { seat: u8 },
    /// D: `seat` takes a starting policy from the setup draw (step 16).
    StartPolicy { seat: u8 },
    /// D: `seat` keeps one of its two agendas (step 17), asked in secret.
    Agenda { seat: u8 },
    /// Step: reveal the displays and start round 1 (steps 18–19).
    FinishSetup,

    // ----- the round (TI-4) -----
    /// Step: the round begins: headline, automa cards, then the phases (TI-4.1).
    BeginRound,
    /// Step: a phase begins (TI-4.1; the merit rule counts phases, TC-12).
    EnterPhase { phase: Phase },
    /// D: the Tycoon activates a region (TI-5.1).
    Region,
    /// Step: Phase 2's events from `next` on (TI-6.1).
    Events { next: u8 },
    /// D: the sealed policy bid of the seat `asked` places after the Tycoon (TI-6.2, TI-21.19).
    PolicyBid { asked: u8 },
    /// D: `seat` takes a displayed policy.
    PolicyPick { seat: u8, by: PolicyBy },
    /// Step: after a policy is taken: the unchosen card's promoter, the refill (TI-6.2).
    PolicyRefill { by: PolicyBy },
    /// Step: Income & dividends, the seat `next` places after the Tycoon next (TI-6.3).
    Income { next: u8 },
    /// Step: the NP turn of the seat `asked` places after the Tycoon (TI-6.4): its NP merit
    /// window, then its purchases.
    NationalProject { asked: u8 },
    /// D: `seat` buys NP units one at a time, `bought` so far, or is done (TI-21.5).
    NpBuy { seat: u8, bought: u8 },
    /// D: a merit window: play a card or be done (TC-12).
    MeritWindow { seat: u8, window: Window },
    /// Step: Phase 3 begins (TI-7).
    Auction,
    /// D: auction turn `turn` of 2 × seats (TI-7.3).
    Bid { turn: u8 },
    /// D: an auction winner picks a card; `second` for Winner 2 (TI-7.5).
    IndustryPick { seat: u8, second: bool },
    /// Step: after lap 2: the winners pay and pick (TI-7.5 steps 1–3).
    AuctionEnd,
    /// Step: after the picks: promoters on untaken cards, refill, non-winners' pool (TI-7.5
    /// steps 4–7).
    AuctionFinish,
    /// Step: the Phase-4 loop (TI-8.2): the next seat still in it from `next` on takes a turn.
    Actions { next: u8 },
    /// D: the Phase-4 turn of `seat`: an action or a pass (TI-8.2).
    Turn { seat: u8 },
    /// Step: after Phase 4: the round-end headline (TI-17.2).
    RoundEnd,
    /// Step: ROUND_END housekeeping, then the next round or the game end (TI-4.2).
    Housekeeping,

    // ----- action parameters (TI-8) -----
    /// D: the industry card to build (TI-8.3.1).
    BuildCard { seat: u8, by: BuildBy },
    /// D: the city to build in.
    BuildCity { seat: u8, card: u8, by: BuildBy },
    /// D: the build's BUILD merit window, then the build (TC-12).
    BuildMerits { plan: BuildPlan },
    /// D: the icon an `icon(one)` card waives, on the build declared below it.
    WaiveIcon { seat: u8, card: u8 },
    /// Step: a build's bonuses in the order a–d of TI-8.3.4, then its merit cards' gains.
    BuildBonuses { plan: BuildPlan, stage: u8 },
    /// D: whose share to buy (TI-8.4).
    Share { seat: u8 },
    /// D: how many promoters to rally (TI-8.5).
    Rally { seat: u8 },
    /// D: the strategy space (TI-8.6).
    Space { seat: u8 },
    /// D: the industry card taken outside the auction.
    TakeIndustry { seat: u8, by: IndustryBy },
    /// D: the Buy industry bonus (TI-8.6).
    BuyBonus { seat: u8 },
    /// D: the city of an Office; `optional` for an `OFFICE` atom.
    Office { seat: u8, optional: bool },
    /// Step: an action is complete: its `ON action` hooks fire (TC-1.5).
    ActionDone { seat: u8, kind: ActionKind },

    // ----- effects (TC-1) -----
    /// Step: resolve the atoms of a bundle from `next` on, for `holder` (TC-0.3 E2).
    Bundle { holder: u8, at: BundleRef, next: u8 },
    /// Step: one step on `sector`, after what was pushed above it (`STEP any2`).
    StepLater { seat: u8, sector: Sector },
    /// D: `STEP any 1`.
    StepAny { seat: u8 },
    /// D: `STEP any2`.
    StepAny2 { seat: u8 },
    /// D: an `OFFER`: accept or decline.
    Offer { seat: u8, at: BundleRef, atom: u8 },
    /// D: a conglomerate token (TI-11).
    Conglomerate { seat: u8 },
    /// D: the amount of a voluntary emergency loan (TI-9).
    LoanAmount { seat: u8 },

    // ----- game end (TI-16) -----
    /// D: note repayment of the seat `asked` places after the Tycoon (TI-16.1).
    Repay { asked: u8 },
    /// Step: final scoring (TI-16.2–16.5).
    Score,
}

/// What a decision is about; each kind cites the rule that says what is legal in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// The starting influence space.
    StartInfluence,
    /// The starting policy.
    StartPolicy,
    /// The agenda kept.
    Agenda,
    /// The region activated.
    Region,
    /// A sealed policy bid.
    PolicyBid,
    /// The policy taken.
    PolicyPick,
    /// An NP turn.
    NationalProject,
    /// A merit window.
    MeritWindow,
    /// An industry auction turn.
    IndustryBid,
    /// The industry card an auction winner takes.
    IndustryPick,
    /// A Phase-4 turn.
    Turn,
    /// The card to build.
    BuildCard,
    /// The city to build in.
    BuildCity,
    /// The BUILD merit window.
    BuildMerits,
    /// The icon a merit card waives.
    WaiveIcon,
    /// The share bought.
    Share,
    /// The promoters rallied.
    Rally,
    /// The strategy space.
    Space,
    /// The industry card taken by a strategy or effect.
    TakeIndustry,
    /// The Buy industry bonus.
    BuyBonus,
    /// The Office city.
    Office,
    /// A `STEP any` choice.
    StepAny,
    /// An `OFFER`.
    Offer,
    /// The conglomerate token.
    Conglomerate,
    /// An emergency loan's amount.
    LoanAmount,
    /// Note repayment.
    Repay,
}

impl Cites for DecisionKind {
    fn rule(&self) -> Rule {
        use DecisionKind as K;
        Rule(match self {
            K::StartInfluence => "TI-3",
            K::StartPolicy => "TI-21.10",
            K::Agenda => "TI-21.19",
            K::Region => "TI-5.1",
            K::PolicyBid => "TI-6.2",
            K::PolicyPick => "TI-6.2",
            K::NationalProject => "TI-21.5",
            K::MeritWindow => "TC-12",
            K::IndustryBid => "TI-7.4",
            K::IndustryPick => "TI-7.5",
            K::Turn => "TI-8.2",
            K::BuildCard | K::BuildCity => "TI-8.3.1",
            K::BuildMerits | K::WaiveIcon => "TC-12",
            K::Share => "TI-8.4",
            K::Rally => "TI-8.5",
            K::Space | K::TakeIndustry | K::BuyBonus | K::Office => "TI-8.6",
            K::StepAny | K::Offer => "TC-1",
            K::Conglomerate => "TI-11",
            K::LoanAmount => "TI-9",
            K::Repay => "TI-16.1",
        })
    }
}

impl fmt::Display for DecisionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use DecisionKind as K;
        f.write_str(match self {
            K::StartInfluence => "starting influence",
            K::StartPolicy => "starting policy",
            K::Agenda => "corporate agenda",
            K::Region => "region activation",
            K::PolicyBid => "sealed policy bid",
            K::PolicyPick => "policy to take",
            K::NationalProject => "National Project",
            K::MeritWindow => "merit cards to play",
            K::IndustryBid => "industry bid",
            K::IndustryPick => "industry to take",
            K::Turn => "action",
            K::BuildCard => "industry to build",
            K::BuildCity => "city to build in",
            K::BuildMerits => "merit cards for the build",
            K::WaiveIcon => "cost icon to waive",
            K::Share => "share to buy",
            K::Rally => "promoters to rally",
            K::Space => "strategy space",
            K::TakeIndustry => "industry to buy",
            K::BuyBonus => "Buy industry bonus",
            K::Office => "Office city",
            K::StepAny => "sector steps",
            K::Offer => "offer",
            K::Conglomerate => "conglomerate token",
            K::LoanAmount => "emergency loan amount",
            K::Repay => "notes to repay",
        })
    }
}
