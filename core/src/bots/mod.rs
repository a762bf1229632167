//! Bots that play any game through its list of legal actions.

pub mod random;

pub use random::RandomBot;
