//! The `game` object of every game: [`LuaGame`], which a game implements to reach scripts,
//! and the generic methods written once over [`Game`].
//!
//! A script sees the state as the global `game`, a userdata lent read-only for one call
//! ([`Host::evaluate`](crate::Host::evaluate)). Its methods are registered once per Lua state
//! and game, the first time a state of that game is lent, so the host knows no game. The rules
//! value travels with the lent state (it is the userdata's user value, also lent for the call
//! only), so generic methods can ask the rules (`decision`, `returns`, `view`) and not only the
//! state.
//!
//! | Method | Returns |
//! |---|---|
//! | `game:seed()` | the seed the game was created from |
//! | `game:num_players()` | the number of seats |
//! | `game:seat_name(seat)` | the seat's name as the game's text calls it (`"DS"`, `"the raider"`) |
//! | `game:current_player()` | the seat that decides now, or `nil` once the game is over |
//! | `game:is_terminal()` | whether the game is over |
//! | `game:decision()` | `{seat, who, what, rule, choices, prompt}` of the decision now, or `nil` once over |
//! | `game:legal_actions()` | the legal actions as text, in the core's order (empty once over) |
//! | `game:is_legal(action)` | whether that text is a legal action now |
//! | `game:returns()` | what each seat gets from the game as it stands (seat 0 first; all 0 before the end) |
//! | `game:view(seat)` | what that seat may see: the game's `View` as a table |
//! | `game:current_card()` | the card in play, in the loaded deck's words (below), or `nil` |
//!
//! Seats are numbered as in the core, from 0; lists are Lua sequences from 1, so seat `s`'s
//! return is `game:returns()[s + 1]`. In `decision`, `seat` is the deciding seat, `who` its
//! name, `what` the kind of decision as text, `rule` the rule that says what is legal in it
//! (`"§2.3"`, `"RG-4"`), `choices` the legal actions as text, and `prompt` the question shown
//! with it, if the game has one.
//!
//! `current_card()` is `{number, kind, title, sides, file}` with, beside `sides` (a sequence of
//! `{name, text}` in printed order), each side's text under its name: `card.unshaded` and
//! `card.shaded` for an Event card, `card.text` for a card with one text. The words are the
//! loaded deck's, so a deck of one's own shows its own; `file` is the card file, when the deck
//! is made of files. It is `nil` for a game without cards and once the game is over.
//!
//! `view(seat)` goes through the view's `Serialize` form: structs and maps become tables with
//! string keys, sequences become sequences, `None` and unit values become `nil` (so an absent
//! field reads as `nil`), numbers stay integers where they are whole and fit.
//!
//! A game's own methods ([`LuaGame::add_methods`]) are added after the generic ones; one with
//! the name of a generic method replaces it for that game (the raid game's `decision` is a
//! code such as `"scout"`).

use darbar::engine::{CardText, Cites, Game};
use mlua::{AnyUserData, Lua, MetaMethod, Table, UserDataMethods, Value};

use crate::args::{Call, seat_arg, string_arg};

/// A game whose states scripts can read: [`Game`] plus its own read-only `game` methods.
///
/// A game implements it in `lua/src/games/<game>.rs`; the generic methods (above) then work
/// for it unchanged, and so do [`Host::evaluate`](crate::Host::evaluate) and
/// [`ScriptBot`](crate::ScriptBot).
///
/// ```
/// use darbar::engine::{Game, GameRng};
/// use darbar::raid::Raid;
/// use darbar_lua::{Host, ScriptValue};
///
/// let game = Raid::default();
/// let state = game.new_initial_state(4);
/// let mut host = Host::new();
/// let mut rng = GameRng::from_seed_u64(4);
/// // A generic method and one of the raid game's own.
/// let script = "return #game:legal_actions() .. ' actions, ' .. game:camp().food .. ' food'";
/// let value = host.evaluate(&game, &state, &mut rng, script, "demo").unwrap();
/// let actions = game.legal_actions(&state).len();
/// assert_eq!(value, ScriptValue::String(format!("{actions} actions, 10 food")));
/// ```
pub trait LuaGame: Game {
    /// The game's name in `tostring(game)`: `"<TITLE> game (seed 7, read-only)"`.
    const TITLE: &'static str = Self::NAME;

    /// Adds the game's own read-only methods to `game`. They receive the state only; one that
    /// also needs the rules value is added with `add_function` and reads both through
    /// [`with_game`]. The default adds none.
    fn add_methods<M: UserDataMethods<Self::State>>(methods: &mut M) {
        let _ = methods;
    }
}

/// Runs `f` on the rules and the state that the `game` userdata `this` lends: for methods that
/// need the rules value as well as the state.
///
/// ```
/// use darbar::engine::{Game, GameRng};
/// use darbar::raid::Raid;
/// use darbar_lua::{Host, ScriptValue};
///
/// let game = Raid::default();
/// let state = game.new_initial_state(1);
/// let script = "return game:num_players() .. ' seat, ' .. tostring(game)";
/// let value = Host::new()
///     .evaluate(&game, &state, &mut GameRng::from_seed_u64(1), script, "demo")
///     .unwrap();
/// assert_eq!(value, ScriptValue::from("1 seat, Kingdom raid game (seed 1, read-only)"));
/// ```
pub fn with_game<G: LuaGame, R>(
    this: &AnyUserData,
    f: impl FnOnce(&G, &G::State) -> mlua::Result<R>,
) -> mlua::Result<R> {
    let rules: AnyUserData = this.user_value()?;
    rules
        .borrow_scoped::<G, _>(|game| this.borrow_scoped::<G::State, _>(|state| f(game, state)))??
}

/// Registers `game`'s methods for the states of `G` in `lua`: the generic ones, then the
/// game's own.
pub(crate) fn register<G: LuaGame>(lua: &Lua) -> mlua::Result<()> {
    lua.register_userdata_type::<G::State>(|methods| {
        methods.add_meta_function(MetaMethod::ToString, |_, this: AnyUserData| {
            with_game::<G, _>(&this, |game, state| {
                Ok(format!(
                    "{} game (seed {}, read-only)",
                    G::TITLE,
                    game.seed(state)
                ))
            })
        });
        add_generic_methods::<G, _>(methods);
        G::add_methods(methods);
    })
}

/// The methods every game's `game` has (the table of the module).
fn add_generic_methods<G: LuaGame, M: UserDataMethods<G::State>>(methods: &mut M) {
    methods.add_function("seed", |_, this: AnyUserData| {
        with_game::<G, _>(&this, |game, state| Ok(game.seed(state)))
    });
    methods.add_function("num_players", |_, this: AnyUserData| {
        with_game::<G, _>(&this, |game, _| Ok(game.num_players()))
    });
    methods.add_function("seat_name", |_, (this, seat): (AnyUserData, Value)| {
        with_game::<G, _>(&this, |game, _| {
            let seat = seat_arg(Call::game("seat_name"), &seat, 1, game.num_players())?;
            Ok(game.seat_name(seat))
        })
    });
    methods.add_function("current_player", |_, this: AnyUserData| {
        with_game::<G, _>(&this, |game, state| Ok(game.current_player(state)))
    });
    methods.add_function("is_terminal", |_, this: AnyUserData| {
        with_game::<G, _>(&this, |game, state| Ok(game.is_terminal(state)))
    });
    methods.add_function("decision", |lua, this: AnyUserData| {
        with_game::<G, _>(&this, |game, state| {
            let Some(decision) = game.decision(state) else {
                return Ok(None);
            };
            let table = lua.create_table_with_capacity(0, 6)?;
            table.raw_set("seat", decision.player)?;
            table.raw_set("who", game.seat_name(decision.player))?;
            table.raw_set("what", decision.kind.to_string())?;
            table.raw_set("rule", decision.kind.rule().to_string())?;
            table.raw_set("choices", action_texts(lua, &decision.choices)?)?;
            table.raw_set("prompt", game.prompt(state))?;
            Ok(Some(table))
        })
    });
    methods.add_function("legal_actions", |lua, this: AnyUserData| {
        with_game::<G, _>(&this, |game, state| {
            action_texts(lua, &game.legal_actions(state))
        })
    });
    methods.add_function("is_legal", |_, (this, action): (AnyUserData, Value)| {
        let text = string_arg(Call::game("is_legal"), &action, 1, "action text")?;
        with_game::<G, _>(&this, |game, state| {
            Ok(text
                .parse::<G::Action>()
                .is_ok_and(|a| game.decision(state).is_some_and(|d| d.allows(&a))))
        })
    });
    methods.add_function("returns", |lua, this: AnyUserData| {
        with_game::<G, _>(&this, |game, state| {
            lua.create_sequence_from(game.returns(state))
        })
    });
    methods.add_function("current_card", |lua, this: AnyUserData| {
        with_game::<G, _>(&this, |game, state| {
            game.current_card(state)
                .map(|card| card_table(lua, &card))
                .transpose()
        })
    });
    methods.add_function("view", |lua, (this, seat): (AnyUserData, Value)| {
        with_game::<G, _>(&this, |game, state| {
            let seat = seat_arg(Call::game("view"), &seat, 1, game.num_players())?;
            let json = serde_json::to_value(game.view(state, seat))
                .map_err(|e| mlua::Error::RuntimeError(format!("game:view: {e}")))?;
            json_to_lua(lua, &json)
        })
    });
}

/// A card's words as a table: its fields, and each side's text under the side's name.
fn card_table(lua: &Lua, card: &CardText) -> mlua::Result<Value> {
    let json = serde_json::to_value(card)
        .map_err(|e| mlua::Error::RuntimeError(format!("game:current_card: {e}")))?;
    let value = json_to_lua(lua, &json)?;
    if let Value::Table(table) = &value {
        for side in &card.sides {
            if table.raw_get::<Value>(side.name.as_str())?.is_nil() {
                table.raw_set(side.name.as_str(), side.text.as_str())?;
            }
        }
    }
    Ok(value)
}

/// The actions as a sequence of their texts.
fn action_texts<A: std::fmt::Display>(lua: &Lua, actions: &[A]) -> mlua::Result<Table> {
    lua.create_sequence_from(actions.iter().map(A::to_string))
}

/// A JSON value as Lua data: `null` is `nil`, arrays are sequences, objects are tables with
/// string keys, integers that fit are integers and other numbers floats.
///
/// The view goes through JSON rather than straight from `Serialize` so that no other
/// serializer is needed; the tables it makes count against the call's memory limit.
pub(crate) fn json_to_lua(lua: &Lua, value: &serde_json::Value) -> mlua::Result<Value> {
    use serde_json::Value as Json;
    Ok(match value {
        Json::Null => Value::Nil,
        Json::Bool(b) => Value::Boolean(*b),
        Json::Number(n) => match n.as_i64() {
            Some(i) => Value::Integer(i),
            None => Value::Number(n.as_f64().unwrap_or(f64::NAN)),
        },
        Json::String(s) => Value::String(lua.create_string(s)?),
        Json::Array(items) => {
            let table = lua.create_table_with_capacity(items.len(), 0)?;
            for (i, item) in items.iter().enumerate() {
                table.raw_set(i + 1, json_to_lua(lua, item)?)?;
            }
            Value::Table(table)
        }
        Json::Object(fields) => {
            let table = lua.create_table_with_capacity(0, fields.len())?;
            for (key, item) in fields {
                table.raw_set(key.as_str(), json_to_lua(lua, item)?)?;
            }
            Value::Table(table)
        }
    })
}
