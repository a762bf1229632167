//! Pax Pamir's tests, one module per part of the rules (rule tests are named
//! `pp_<section>_…`, test vectors `pp_tv_<n>_…`).

mod random;
mod rules_abilities;
mod rules_card_actions;
mod rules_cleanup;
mod rules_court;
mod rules_decisions;
mod rules_dominance;
mod rules_events;
mod rules_market;
mod rules_refusals;
mod rules_setup;
mod rules_turn;
mod scenario;
mod snapshots;
mod vectors;
mod wakhan_random;
mod wakhan_rules;
mod wakhan_script;
mod wakhan_vectors;
