//! The kingdom raid game's tests, one module per part of the rules (rule tests are named `rule_rg_<section>_…` or `rule_ruling_<n>_…`).

use darbar::raid::Raid;

/// The rules the tests play. Every rule reads the options and the campaign a state was
/// created with, so these serve a state of any options.
pub(crate) fn game() -> Raid {
    Raid::default()
}

mod bots;
mod campaign;
mod data;
mod end;
mod properties;
mod random;
mod rules_battle;
mod rules_turn;
mod snapshot;
mod svg;
#[path = "../xml/mod.rs"]
mod xml;
