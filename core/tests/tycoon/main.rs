//! Tycoon: India 1981 (TI, TC): the random-simulation checker, the worked examples of TI-19
//! and the scenarios of TC-18, and rule tests citing their sections.

mod automa;
mod cards;
mod content;
mod random;
mod rules_auction;
mod rules_build_price;
mod rules_events;
mod rules_money;
mod rules_scoring;
mod rules_setup;
mod rules_tracks;
mod rules_turn;
mod scenario;
mod snapshots;
mod tables;
mod vectors;
