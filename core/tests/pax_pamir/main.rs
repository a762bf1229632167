//! Pax Pamir's tests, one module per part of the rules (rule tests are named
//! `pp_<section>_…`, test vectors `pp_tv_<n>_…`).

mod random;
mod scenario;
mod vectors;
