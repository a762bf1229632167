//! The **kingdom raid dice game** ("Notes", a GM-run Japanese design note): a warband raids the
//! villages, towns and forts of a kingdom at war, and must rise in power before the Empire takes
//! the last fort.
//!
//! The engine is the GM (ruling 27): every roll comes from the seeded generator in the state and
//! is said to the action's log ([`State::rolls`] keeps those of the last action); a drift roll,
//! which the player does not see (RG-9), as a sealed line
//! ([`Log::say_sealed`](crate::engine::Log::say_sealed)) that only the log of a finished game
//! shows. The turn runs as decisions (RG-3): scout (RG-4), raid with
//! continued plunder and consecutive raids (RG-5), the war status (RG-6), settlement (RG-7).
//! [`State::decision`] lists the legal [`Action`]s; the rules, [`Raid`], take one through
//! [`Game::apply`](crate::engine::Game::apply) or refuse it with an [`Error`] naming the rule,
//! changing nothing. Section numbers `RG-x.y` refer to the
//! rules specification, `ruling N` to its default rulings, which fill every gap of the source
//! (talent effects, unique units, starting values, endings and score).
//!
//! The unique units of `data/units.json` are the engine's own defaults (ruling 11): the source
//! announces unique units but never lists them.
//!
//! - [`Options`]: the readings the source leaves open, defaulting to the rulings.
//! - [`State::view`] and [`State::known_site`]: what the player has seen (RG-9); the true
//!   values stay in [`State::site`], and a snapshot keeps both.
//! - [`Campaign`]: what one game hands to the next (RG-11, ruling 12).

//! - [`State::force_dice`], [`State::set_player`], [`State::set_site`]: test hooks outside the
//!   rules, for scripting scenarios.
//!
//! ```
//! use darbar::engine::{Game, Snapshot};
//! use darbar::raid::{Action, Log, Raid, State};
//!
//! let game = Raid::default();
//! let mut state = game.new_initial_state(2024);
//! println!("{state}"); // a readable picture: sites as the player knows them, forts, camp
//! game.apply(&mut state, Action::SkipScout, &mut Log::silent()).unwrap();
//! let mut log = Log::recording();
//! game.apply(&mut state, "raid village-1".parse().unwrap(), &mut log).unwrap();
//! for line in log.take() {
//!     println!("{line}"); // "GM rolls 2d3 for village-1's Food: 2, 3 = 5", ..., then the raid
//! }
//! let restored = State::from_snapshot(&state.to_snapshot()).unwrap();
//! assert_eq!(restored, state);
//! ```
//!
//! A campaign carries unit placements, talents and recruits from game to game:
//!
//! ```
//! use darbar::engine::{Game, Log};
//! use darbar::raid::{Campaign, Options, Raid, State};
//!
//! let game = Raid::default();
//! let mut state = game.new_initial_state(1);
//! while let Some(&action) = game.legal_actions(&state).last() {
//!     game.apply(&mut state, action, &mut Log::silent()).unwrap(); // end each phase at once
//! }
//! println!("{:?}", state.ending());
//! let campaign = Campaign::from_json(&state.campaign_after().to_json()).unwrap();
//! let next = State::new_campaign_game(2, Options::default(), &campaign).unwrap();
//! assert_eq!(next.campaign().games, 1);
//! ```

mod action;
mod action_index;
mod battle;
pub mod bots;
mod campaign;
mod data;
mod decision;
mod error;
mod game;
mod invariants;
mod log;
mod observation;
mod options;
mod render;
mod rules;
mod site;
mod state;
mod svg;
mod talent;
mod view;

pub use crate::engine::Log;
pub use action::{Action, Trade};
pub use action_index::ACTION_COUNT;
pub use battle::{BattleReport, Exchange, Fighter, Outcome, fight};
pub use campaign::Campaign;
pub use data::{
    Band, BandEffect, BattleTable, DataError, Dice, GenerationTable, RaidData, RankBand,
    STANDARD_FILES, SiteTable, TalentEntry, UnitEntry, UnitId, UnitSet,
};
pub use decision::{DecisionKind, RaidDecision, Raider};
pub use error::Error;
pub use game::Raid;
pub use log::{GmRoll, RollFor};
pub use observation::{OBSERVATION_LAYOUT, OBSERVATION_SIZE};
pub use options::Options;
pub use rules::{ScoreTerms, recruits_gained, regulars_arrive, war_status_steps};
pub use site::{Resource, Resources, SITE_COUNT, SiteId, SiteKind, WarStatus};
pub use state::{Ending, Observed, Phase, Plunder, Site, State};
pub use talent::{Talent, TalentSet};
pub use view::{SiteView, View};
