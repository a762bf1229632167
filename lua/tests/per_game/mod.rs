//! What the tests of each game's `game` methods share: a position some way into a random
//! game, and a script evaluated on it that must leave it untouched.

#![allow(dead_code)] // each test binary uses its own part of this module

use darbar::bots::{Bot, RandomBot};
use darbar::engine::{GameRng, Log};
use darbar_lua::{Host, LuaGame, ScriptError, ScriptValue};
use serde_json::{Map, Value as Json, json};

/// A game from `seed` after `steps` random actions (or at its end).
pub fn after<G: LuaGame>(game: &G, seed: u64, steps: usize) -> G::State {
    let mut state = game.new_initial_state(seed);
    let mut bot = RandomBot::new(seed);
    for _ in 0..steps {
        let Some(decision) = game.decision(&state) else {
            break;
        };
        let action = bot.choose(game, &state, &decision).unwrap();
        game.apply(&mut state, action, &mut Log::silent()).unwrap();
    }
    state
}

/// Evaluates `source` against `state`, checking that the state is untouched afterwards.
pub fn eval<G: LuaGame>(
    game: &G,
    state: &G::State,
    source: &str,
) -> Result<ScriptValue, ScriptError> {
    let before = state.clone();
    let mut rng = GameRng::from_seed_u64(1);
    let result = Host::new().evaluate(game, state, &mut rng, source, "test");
    assert!(*state == before, "a script changed the state");
    result
}

/// What `source` returns on `state`, as JSON; a script error fails the test.
pub fn value<G: LuaGame>(game: &G, state: &G::State, source: &str) -> Json {
    let value = eval(game, state, source).unwrap_or_else(|e| panic!("{e}\n{source}"));
    serde_json::to_value(value).unwrap()
}

/// An object without its `null` fields, as a Lua table has no `nil` values; an empty
/// object or list reads back from Lua as an empty list.
pub fn object(fields: Vec<(&str, Json)>) -> Json {
    let map: Map<String, Json> = fields
        .into_iter()
        .filter(|(_, v)| !v.is_null())
        .map(|(k, v)| (k.to_owned(), v))
        .collect();
    if map.is_empty() {
        json!([])
    } else {
        Json::Object(map)
    }
}
