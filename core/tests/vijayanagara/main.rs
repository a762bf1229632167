//! Vijayanagara's tests, one module per part of the rules (rule tests are named `rule_<section>_…`).

mod common;
mod control;
mod events;
mod grants;
mod influence;
mod negotiation;
mod properties;
mod random;
mod rules_combat;
mod rules_commands;
mod rules_decrees;
mod rules_sequence;
mod scoring;
mod setup;
mod snapshot;
mod svg;
#[path = "../xml/mod.rs"]
mod xml;
