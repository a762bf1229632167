//! The games, one module each.

pub mod raid;
pub mod vijayanagara;
