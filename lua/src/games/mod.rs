//! Each game's own `game` methods, one module per game: the [`LuaGame`](crate::LuaGame)
//! implementations. The generic methods ([`crate::game`]) need nothing here.
//!
//! A game reaches scripts by implementing [`LuaGame`](crate::LuaGame) in a module of its own
//! here (its `TITLE`, and `add_methods` for queries beyond the generic ones); the host, the
//! generic methods and [`ScriptBot`](crate::ScriptBot) then work for it unchanged.

#[cfg(feature = "test-games")]
pub mod nim;
pub mod pax_pamir;
pub mod raid;
pub mod tycoon;
pub mod vijayanagara;
