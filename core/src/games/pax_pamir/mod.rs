//! **Pax Pamir** (second edition, Wehrlegig Games): 2 to 5 players intrigue in Afghanistan
//! between the Afghan, British and Russian coalitions, 1823–1842.
//!
//! Section numbers `PP-x.y` refer to the rules specification. The card facts are not in this
//! code: they are read from the separately licensed data file `data/cards.json`
//! (CC BY-NC-SA 4.0, Wehrlegig Games; PP-0.2), and the rules work with any data file of the
//! same fields ([`PaxPamir::with_cards`]).
//!
//! Every decision of PP-16 is a finite list of [`Action`]s; compound actions (a Tax, a Move,
//! a Battle, a bribe negotiation, a cascade of discards) are sequences of small decisions.
//!
//! ```
//! use darbar::engine::{Game, Log};
//! use darbar::pax_pamir::PaxPamir;
//!
//! let game = PaxPamir::default(); // 3 players
//! let mut state = game.new_initial_state(1);
//! while let Some(decision) = game.decision(&state) {
//!     let action = *decision.choices.last().unwrap(); // ends every action step at once
//!     game.apply(&mut state, action, &mut Log::silent()).unwrap();
//!     if state.turns() > 3 { break; }
//! }
//! println!("{state}"); // a readable board
//! ```

mod action;
mod card_actions;
mod court;
mod data;
mod dominance;
mod error;
mod events;
mod frame;
mod game;
mod ids;
mod invariants;
mod market;
mod observation;
mod options;
mod pieces;
mod refusal;
mod render;
mod rules;
mod setup;
mod state;
mod svg;
mod view;
pub mod wakhan;
mod words;

pub use action::{ACTION_COUNT, Action, MAX_BRIBE, Piece, SeatId};
pub use data::{Ability, CardData, CourtCard, DataError, EventCard, EventEffect, Icon};
pub use dominance::{CheckResult, award};
pub use error::Error;
pub use frame::{DecisionKind, Place, Site};
pub use game::PaxPamir;
pub use ids::{
    Border, CardAction, CardId, CardList, CardSet, Coalition, GiftSlot, Region, Row, Side, Slot,
    Suit,
};
pub use observation::OBSERVATION_SIZE;
pub use options::{
    AmbitionCheck, BatchDiscard, BribeWaiver, GiftOrder, HandCards, LeverageTiming,
    MoveTargetCount, Options, PurchaseEmptyColumn, RedArrowPlayers, RumorTarget, SafeHouseSameCard,
    SpyRingOrder, WellConnectedWithBedfellows,
};
pub use state::{EndReason, Outcome, Player, State};
pub use view::{PlayerView, RegionView, SlotView, View, WakhanView};
pub use wakhan::{AiBack, AiCard, AiCards, AiDeck, Arrows, Label, Line, RedArrow, WAKHAN_SEAT};
pub use words::{card_name, card_text, seat_name};
