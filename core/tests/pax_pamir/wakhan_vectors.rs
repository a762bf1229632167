//! Wakhan's test vectors (WK-14, WK-7.5), by name: `wk_tv_<n>_…` and `wk_7_5_…`.

mod positions;
mod ruling;
mod tv;
mod tv_actions;
mod tv_court;
mod tv_deck;
mod tv_loop;
mod tv_radicalize;
