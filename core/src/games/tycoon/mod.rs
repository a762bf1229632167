//! **Tycoon: India 1981** (Zenwood Games): 3 or 4 industrial houses build factories, bid for
//! industries and policies, and trade shares from 1981 to 1991, for asset value and influence.
//!
//! Section numbers `TI-x.y` refer to the rules specification, `TC-x.y` to darbar's default
//! content. The content (map, tracks, board, every card) is not the published components:
//! it is darbar's own design, labelled as such, read from JSON files ([`content`]); a user's
//! own files of the same schema load instead.

pub mod content;
pub mod ids;

pub use content::{Content, ContentError};
pub use ids::{ActionKind, CityId, Difficulty, Era, Region, Sector, SpaceType};
