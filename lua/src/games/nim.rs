//! Nim, the test game: only the generic `game` methods ([`crate::game`]), which is all a game
//! needs to reach scripts and play with a [`ScriptBot`](crate::ScriptBot).

use darbar::games::nim::Nim;

use crate::LuaGame;

impl LuaGame for Nim {
    const TITLE: &'static str = "Nim";
}
