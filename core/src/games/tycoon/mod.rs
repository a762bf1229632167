//! **Tycoon: India 1981** (Zenwood Games): 3 or 4 industrial houses build factories, bid for
//! industries and policies, and trade shares through the 1980s, for asset value and influence.
//!
//! Section numbers `TI-x.y` refer to the rules specification, `TC-x.y` to darbar's default
//! content. The content (map, tracks, board, every card) is not the published components:
//! it is darbar's own design, labelled as such, read from JSON files ([`content`]); a user's
//! own files of the same schema load instead ([`Tycoon::with_content`]).
//!
//! One or two people play with automa seats (TC-16), which decide inside the rules: the
//! game's decisions only ever name a person's seat. Sealed bids are asked one seat at a time
//! and stay hidden until all are in (TI-21.19).
//!
//! ```
//! use darbar::engine::{Game, Log};
//! use darbar::tycoon::Tycoon;
//!
//! let game = Tycoon::default(); // 4 people, default content
//! let mut state = game.new_initial_state(1);
//! let decision = game.decision(&state).unwrap(); // the first starting influence (TI-3)
//! game.apply(&mut state, decision.choices[0], &mut Log::silent()).unwrap();
//! println!("{state}"); // a readable table
//! ```

mod action;
mod actions;
mod automa;
pub mod content;
pub mod effect_words;
mod effects;
mod error;
mod frame;
mod game;
pub mod ids;
mod invariants;
mod money;
mod observation;
mod options;
mod refusal;
mod round;
mod rules;
mod scoring;
mod setup;
mod state;
mod svg;
mod view;
mod words;

pub use action::{ACTION_COUNT, Action, MAX_INDUSTRY_BID, MAX_POLICY_BID};
pub use content::{Content, ContentError};
pub use error::Error;
pub use frame::DecisionKind;
pub use game::Tycoon;
pub use ids::{ActionKind, CityId, Difficulty, Era, Region, Sector, SpaceType};
pub use observation::OBSERVATION_SIZE;
pub use options::Options;
pub use state::{
    Factory, HeldMerit, Holding, Outcome, Phase, RoundFigures, Score, SeatState, Slot, SpaceState,
    State, seat_colour,
};
pub use view::{CityView, IndustryView, SeatView, SlotView, SpaceView, View};
