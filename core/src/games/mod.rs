//! The games, one module each.

pub mod vijayanagara;
