//! **Vijayanagara** (GMT Games, 1290–1398): the Delhi Sultanate, the Bahmani Kingdom and the
//! Vijayanagara Empire contend for the Deccan while Mongols press on Delhi.
//!
//! The board and its derived rules: the map (§1.3, reconstructed as ruling R-1 says), the
//! pieces (§1.2, §1.4), Tributary and Independent Provinces (§1.6), Control (§1.7), Resources
//! (§1.8), the Deccan Influence tracks (§1.9), cavalry (§1.10), setup and the deck (§2.1), and
//! Victory Points (§5). The sequence of play (§2.2–§2.7), Commands (§3), combat (§3.X) and
//! Decrees (§4) run as a series of decisions: [`State::decision`] says who must choose and
//! lists the legal [`Action`]s; the rules, [`Vijayanagara`], take one through
//! [`Game::apply`](crate::engine::Game::apply), or refuse it with an [`Error`] naming the rule
//! and change nothing. Section numbers refer to the rules specification; every rule's code
//! cites its section.
//!
//! The Event cards (§2.3.4) are scripts run by an [`EventHost`] that the rules hold. The
//! published game, with the darbar default deck, is `darbar_lua::vijayanagara(options)` in the
//! `darbar-lua` crate, as the command line and Python play it; [`Vijayanagara::with_cards`]
//! takes any other host. This crate alone plays without Event cards, and only when asked by
//! name: [`Vijayanagara::without_events`] (the rules have no `Default`).
//!
//! ```
//! use darbar::engine::Snapshot;
//! use darbar::vijayanagara::{Player, SpaceId, State};
//!
//! let state = State::new(2024);
//! assert_eq!(state.victory_points(Player::Sultanate), 18);
//! assert_eq!(state.controller(SpaceId::Maharashtra), None); // Tributary (§1.7)
//! let restored = State::from_snapshot(&state.to_snapshot()).unwrap();
//! assert_eq!(restored, state);
//! ```

mod action;
mod action_index;
mod cards;
mod combat;
mod command;
mod control;
mod decision;
mod deck;
mod deck_rules;
mod decree;
mod error;
mod event;
mod faction;
mod game;
mod influence;
mod invariants;
mod lasting;
mod map;
mod mongol;
mod observation;
mod options;
mod piece;
mod play_order;
mod render;
mod scoring;
mod sequence;
mod setup;
mod space;
mod state;
mod svg;
mod transfer;
mod words;

pub use crate::engine::Log;
pub use action::{Action, CommandKind, DecreeKind, EventSide, TurnOption};
pub use action_index::ACTION_COUNT;
pub use cards::{CardError, CardSet, EventCard, MongolInvasionCard, parse_order};
pub use combat::Die;
pub use decision::{DecisionKind, VijayanagaraDecision};
pub use deck::{
    Card, DECK_SIZE, Deck, EVENT_CARDS, MONGOL_INVASION_CARDS, SUCCESSION_POSITIONS, SuccessionCard,
};
pub use deck_rules::DeckRules;
pub use error::Error;
pub use event::{EventFailure, EventHost, EventProgress, EventRun, Grant};
pub use faction::{Faction, PerPlayer, Player};
pub use game::{View, Vijayanagara};
pub use influence::{
    InfluenceTrack, InfluenceTracks, MAX_INFLUENCE, PieceSource, SLOT_SIZE, slot_levels, slot_piece,
};
pub use lasting::{Lasting, LastingEffects};
pub use map::{City, Map, MapError, SPACE_COUNT, SpaceId, SpaceKind, SpaceSet, TOTAL_PROSPERITY};
pub use observation::{OBSERVATION_LAYOUT, OBSERVATION_SIZE};
pub use options::{Options, SupportLimit};
pub use piece::{Loyalty, Piece, PieceKind, Structure};
pub use play_order::{Dynasty, PlayOrderBox};
pub use scoring::{Outcome, VictoryPointTerms, mongols_in_delhi_adjustment};
pub use space::{LoyaltyCounts, SpacePieces};
pub use state::{Available, CAVALRY_TOKENS, MAX_RESOURCES, MONGOL_CHARGES, State};
