//! The pending-decision stack (architecture principle 2): each compound rule (an action, a
//! cascade of discards, cleanup) is a sequence of frames. A *step* frame runs by itself; a
//! *decision* frame waits for one of the choices it lists (PP-16). The rules run the top frame
//! until a decision frame with choices is on top; a decision frame with no choice left is done
//! and leaves (an icon with no target is skipped, PP-7.3; a court at its limit needs no more
//! discards, PP-12.1).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::engine::{Cites, Rule};

use super::action::Piece;
use super::{Border, CardAction, CardId, CardSet, Coalition, GiftSlot, Region, Row, Side};

/// Where a piece is to be placed (PP-1.6, PP-7.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// A tribe of the placing player in a region.
    Tribe(Region),
    /// A spy of the placing player on a court card.
    Spy(CardId),
    /// A gift of the placing player.
    Gift(GiftSlot),
    /// An army of a coalition in a region.
    Army(Coalition, Region),
    /// A road of a coalition on a border.
    Road(Coalition, Border),
}

impl Place {
    /// The coalition whose block is placed, or `None` for a cylinder.
    pub fn coalition(self) -> Option<Coalition> {
        match self {
            Place::Army(c, _) | Place::Road(c, _) => Some(c),
            Place::Tribe(_) | Place::Spy(_) | Place::Gift(_) => None,
        }
    }

    /// The piece the placement puts in play.
    pub fn piece(self) -> Piece {
        match self {
            Place::Tribe(r) => Piece::Tribe(r),
            Place::Spy(c) => Piece::Spy(c),
            Place::Gift(g) => Piece::Gift(g),
            Place::Army(_, r) => Piece::Army(r),
            Place::Road(_, b) => Piece::Road(b),
        }
    }
}

/// A battle site (PP-8.8.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Site {
    /// A region.
    Region(Region),
    /// A court card.
    Card(CardId),
}

/// What a bribe is paid for (PP-7.2.2, PP-8.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Purpose {
    /// Playing a card of the receiver's region.
    Play(CardId, Side),
    /// Using an action of a card the receiver holds hostage.
    Hostage(CardId, CardAction),
}

/// The step of a bribe negotiation (PP-7.2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BribeStage {
    /// Step 1, the briber: pay, ask, decline or withdraw. `retry` after a withdrawal this turn
    /// (no `Ask`, PP-OQ-10).
    Offer {
        /// Whether this is a renewed attempt.
        retry: bool,
    },
    /// Step 2, the receiver: grant the amount asked or counter.
    Answer {
        /// The amount asked.
        asked: u8,
    },
    /// Step 3, the briber: pay the amount countered or withdraw.
    Countered {
        /// The amount countered.
        amount: u8,
    },
}

/// One frame of the stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Frame {
    /// D1: `seat` chooses its loyalty; `position` counts the choices made before (PP-4.6).
    ChooseLoyalty { seat: u8, position: u8 },
    /// Step: the active player's turn begins (PP-6.1).
    StartTurn,
    /// D2: the active player's Blackmail abilities; `used` holds the Blackmail cards used.
    Blackmail { used: CardSet },
    /// D3: the action step (PP-6.2).
    Actions,
    /// D4: a bribe (PP-7.2.3).
    Bribe {
        briber: u8,
        receiver: u8,
        full: u8,
        stage: BribeStage,
        purpose: Purpose,
    },
    /// Step: resolve the impact icons of `card` from icon `next` on (PP-7.3).
    Icons { player: u8, card: CardId, next: u8 },
    /// D5: the border of a road icon (PP-7.3).
    RoadBorder { player: u8, region: Region },
    /// D5: the court card a spy icon's spy goes on (PP-7.3).
    SpyTarget { player: u8, region: Region },
    /// Step: place a piece of `player` (or of the coalition named) from supply, or fall back
    /// (PP-1.6).
    Place { player: u8, place: Place },
    /// D16: the piece in play `player` takes for a placement (PP-1.6).
    Fallback { player: u8, place: Place },
    /// D6: Tax, `left` rupees still allowed, `taken` so far (PP-8.3).
    Tax { player: u8, left: u8, taken: u8 },
    /// D7: Gift's slot (PP-8.4).
    Gift { player: u8 },
    /// D8: how many blocks to build (PP-8.5).
    BuildCount { player: u8 },
    /// D8: where the next of `left` blocks goes.
    BuildBlock { player: u8, left: u8 },
    /// D8: Infrastructure's free block (PP-15).
    Infrastructure { player: u8 },
    /// D9: Move, `left` steps allowed, `moved` so far; `spy` when a spy has been picked
    /// and its destination is asked (PP-8.6).
    Move {
        player: u8,
        left: u8,
        moved: u8,
        spy: Option<CardId>,
    },
    /// D10: the card to betray (PP-8.7).
    BetrayTarget { player: u8 },
    /// D10: whether to take the betrayed card as a prize.
    Prize { player: u8, card: CardId },
    /// D11: the battle site (PP-8.8.1); `rank` of the acting card.
    BattleSite { player: u8, rank: u8 },
    /// D11: the next piece to remove, `left` removals allowed, `removed` so far (PP-8.8.2).
    Battle {
        player: u8,
        site: Site,
        left: u8,
        removed: u8,
    },
    /// D12: the owner of a spy removed in battle keeps it on a Safe House card or not (PP-15).
    SafeHouse { owner: u8, from: CardId },
    /// Step: `player` repays one leveraged card's 2 rupees (PP-11.2).
    Repay { player: u8 },
    /// D13: `player` still owes `left` cards for a leverage shortfall (PP-11.2).
    Shortfall { player: u8, left: u8 },
    /// D13: `player` discards the cards of a batch one at a time (`batch_discard = OneByOne`,
    /// PP-OQ-11).
    DiscardInOrder { player: u8, batch: CardSet },
    /// Step: overthrow rule A for `player` in `region` after a riot or rebuke (PP-11.3, PP-11.4).
    Overthrow { player: u8, region: Region },
    /// D14: the active player discards down to the court limit (PP-12.1).
    CourtLimit,
    /// D14: the active player discards down to the hand limit (PP-12.2).
    HandLimit,
    /// Step: an event in column 0 of `row` is discarded and its upper half applied (PP-12.3).
    MarketEvent { row: Row },
    /// Step: slide and refill the market, with instability (PP-12.4, PP-12.5).
    Refill,
    /// Step: the turn passes (PP-12.6).
    EndTurn,
    /// D15: Rumor's target (PP-14.1).
    RumorTarget { player: u8 },
    /// D15: Other Persuasive Methods' partner.
    Persuade { player: u8 },
    /// D15: Pashtunwali Values' suit.
    Pashtunwali { player: u8 },
    /// D15: Rebuke's region.
    RebukeRegion { player: u8 },
    /// D15: Confidence Failure: `player` discards a hand card (PP-14.3).
    ConfidenceFailure { player: u8 },
    /// Step: one pass of Wakhan's action loop (WK-2.2): `remaining` counted actions left,
    /// `line` the AI card's line tried next, `misses` lines in a row not done; `first` before
    /// the first pass (for `wakhan_ambition_check = TurnStart`).
    WakhanLoop {
        remaining: u8,
        line: u8,
        misses: u8,
        first: bool,
    },
    /// Step: Wakhan's bonus sweep (WK-2.3) over the court cards still to look at.
    WakhanSweep { pending: CardSet },
    /// Step: Wakhan's Move (WK-6.6), `left` steps allowed, `moved` so far.
    WakhanMove { left: u8, moved: u8 },
}

/// The decisions of the game (PP-16), each citing the rule that says what is legal in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// D1.
    Loyalty,
    /// D2.
    Blackmail,
    /// D3.
    Action,
    /// D4.
    Bribe,
    /// D5: a road icon's border.
    RoadBorder,
    /// D5: a spy icon's card.
    SpyTarget,
    /// D16.
    Fallback,
    /// D6.
    Tax,
    /// D7.
    Gift,
    /// D8: how many blocks.
    BuildCount,
    /// D8: a block's place.
    BuildBlock,
    /// D8: Infrastructure's block.
    Infrastructure,
    /// D9.
    Move,
    /// D10: the target.
    Betray,
    /// D10: the prize.
    Prize,
    /// D11: the site.
    BattleSite,
    /// D11: a removal.
    Battle,
    /// D12.
    SafeHouse,
    /// D13.
    Leverage,
    /// D13 under `batch_discard = OneByOne`.
    DiscardOrder,
    /// D14: court.
    CourtLimit,
    /// D14: hand.
    HandLimit,
    /// D15: Rumor.
    Rumor,
    /// D15: Other Persuasive Methods.
    Persuade,
    /// D15: Pashtunwali Values.
    Pashtunwali,
    /// D15: Rebuke.
    Rebuke,
    /// D15: Confidence Failure.
    ConfidenceFailure,
}

impl DecisionKind {
    /// The rule that says what is legal in the decision.
    pub fn rule(self) -> Rule {
        use DecisionKind::*;
        Rule(match self {
            Loyalty => "PP-4.6",
            Blackmail => "PP-15",
            Action => "PP-6.2",
            Bribe => "PP-7.2.3",
            RoadBorder | SpyTarget => "PP-7.3",
            Fallback => "PP-1.6",
            Tax => "PP-8.3",
            Gift => "PP-8.4",
            BuildCount | BuildBlock => "PP-8.5",
            Infrastructure => "PP-15",
            Move => "PP-8.6",
            Betray | Prize => "PP-8.7",
            BattleSite | Battle => "PP-8.8",
            SafeHouse => "PP-15",
            Leverage => "PP-11.2",
            DiscardOrder => "PP-11.1",
            CourtLimit => "PP-12.1",
            HandLimit => "PP-12.2",
            Rumor | Persuade | Pashtunwali | Rebuke => "PP-14.1",
            ConfidenceFailure => "PP-14.3",
        })
    }

    /// The question in words.
    pub fn question(self) -> &'static str {
        use DecisionKind::*;
        match self {
            Loyalty => "choose a loyalty",
            Blackmail => "place a Blackmail spy, or skip",
            Action => "take an action, or end the action step",
            Bribe => "negotiate the bribe",
            RoadBorder => "choose the road's border",
            SpyTarget => "choose the court card for the spy",
            Fallback => "the supply is empty: choose a piece in play to take",
            Tax => "take a rupee, or stop",
            Gift => "choose a gift slot",
            BuildCount => "choose how many blocks to build",
            BuildBlock => "choose where the block goes",
            Infrastructure => "place Infrastructure's free block",
            Move => "move a piece, or stop",
            Betray => "choose the card to betray",
            Prize => "take the betrayed card as a prize?",
            BattleSite => "choose the battle site",
            Battle => "remove a piece, or stop",
            SafeHouse => "keep the spy on a Safe House card?",
            Leverage => "leverage shortfall: discard a card",
            DiscardOrder => "discard the next card of the batch",
            CourtLimit => "over the court limit: discard a court card",
            HandLimit => "over the hand limit: discard a hand card",
            Rumor => "choose Rumor's target",
            Persuade => "choose the player to swap hands with",
            Pashtunwali => "name the favored suit",
            Rebuke => "choose the region to rebuke",
            ConfidenceFailure => "Confidence Failure: discard a hand card",
        }
    }
}

impl fmt::Display for DecisionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.question())
    }
}

impl Cites for DecisionKind {
    fn rule(&self) -> Rule {
        DecisionKind::rule(*self)
    }
}

/// What the turn remembers (PP-5 `turn`), cleared when the next turn begins (PP-12.6).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    /// Actions left (PP-6.2).
    pub actions_left: u8,
    /// Court cards used for an action this turn (PP-6.4).
    pub used: CardSet,
    /// Market cards that received a rupee this turn (PP-7.1.1).
    pub paid: CardSet,
    /// Pieces placed this turn, each with its owner (a seat for a cylinder, a coalition index
    /// for a block), for the fallback's exclusion (PP-1.6).
    pub placed: Vec<(u8, Piece)>,
    /// Cards whose play bribe was withdrawn this turn (PP-OQ-10).
    pub withdrawn_play: CardSet,
    /// Cards whose hostage bribe was withdrawn this turn, by the action declared (PP-OQ-10:
    /// "the same card and action").
    pub withdrawn_hostage: [CardSet; 6],
    /// Plays whose renewed negotiation was withdrawn too: not declared again this turn, so
    /// that declaring and withdrawing cannot repeat without end (PP-OQ-10: "keeps every turn
    /// finite").
    pub closed_play: CardSet,
    /// The same for card-based actions, by action.
    pub closed_hostage: [CardSet; 6],
}
