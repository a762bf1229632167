//! Pax Pamir's `game` object: the generic methods of every game ([`crate::game`]) and the
//! read-only queries below, so that a script (a bot, a notebook's helper) reads the table as
//! the rules name it.
//!
//! `game` shows what is on the table. Hands are hidden (PP-0.4): `hand_size(seat)` counts a
//! hand, and `game:view(seat)` (generic) shows the viewing seat its own; no method here names
//! the cards of a hand, nor the deck's order.
//!
//! Seats are numbered as in the core, from 0 (`P1` is seat 0). Names are the codes of the
//! action texts, in any case: regions `"kabul"`, coalitions `"british"`, suits
//! `"military"`, market slots `"top-3"`. Lists are Lua sequences from 1.
//!
//! | Method | Returns |
//! |---|---|
//! | `game:market()` | the 12 slots in fill order (PP-4.4), each `{slot, row, column, card, name, rupees}`; `card` and `name` are `nil` for an empty slot |
//! | `game:cost(seat, slot)` | what the seat would pay for the card in the slot (PP-7.1.2) |
//! | `game:court(seat)` | the seat's court, left to right, each `{card, name, region, suit, rank, favored, spies}` (`spies`: a sequence by seat) |
//! | `game:regions()` | the six region codes, map order (PP-2.1) |
//! | `game:region(region)` | `{name, ruler, tribes, armies}`: `tribes` a sequence by seat, `armies` by coalition code |
//! | `game:ruler(region)` | the ruling seat (PP-10.2), or `nil` |
//! | `game:favored_suit()` | the favored suit's code (PP-4.2) |
//! | `game:vp(seat)` | victory points |
//! | `game:influence(seat)` | influence (PP-9.2) |
//! | `game:rupees(seat)` | rupees |
//! | `game:loyalty(seat)` | the coalition's code, or `nil` before the seat chose (PP-4.6) |
//! | `game:stars(seat, suit)` | the stars of a suit in the seat's court (PP-3.3) |
//! | `game:hand_size(seat)` | how many cards the seat holds in hand |
//! | `game:active()` | the seat whose turn it is |
//! | `game:actions_left()` | the active seat's actions left this turn (PP-6.2) |
//! | `game:turns()` | turns begun so far |
//! | `game:deck_size()` | cards left in the deck |
//! | `game:blocks(coalition)` | that coalition's blocks on the map (PP-13.2) |
//! | `game:ending()` | `"lead"` (PP-13.8), `"final_check"` (PP-13.9), or `nil` before the end |
//! | `game:winners()` | the winning seats once the game is over (several for a shared win), else `nil` |
//! | `game:wakhan_seat()` | Wakhan's seat (0, WK-10), or `nil` in a game without her; no decision is ever hers |
//! | `game:ai_card()` | her current AI card (WK-1.2), `{number, actions, words, pragmatic_loyalty, region_order, red_arrow, black_arrow}`: `actions` the three lines top to bottom by their data codes (`"tax"`), `words` the same in words, the orders left to right (WK-1.4, WK-1.5), `red_arrow` `"upper"` or `"lower"`, `black_arrow` 0 to 5; `nil` without her or before her first turn |
//! | `game:next_ai_back()` | the back of her next AI card, all the table sees of it (WK-1.2): `{labels, numbers}`, labels `"T"`/`"B"` upper first, six numbers top to bottom; `nil` without her |
//! | `game:arrows()` | what the arrows read on that back (WK-1.3): `{label, row, column, side}` (`"T"`, `"top"`, 0 to 5, `"left"`); `nil` without her or before her first turn |
//! | `game:pragmatic_loyalty()` | the coalition of her blocks now (WK-1.4), or `nil` without her |
//! | `game:wakhan_influence(coalition)` | her influence in that coalition (WK-11.5), or `nil` without her |
//!
//! Wakhan's seat is loyal to all: `game:loyalty(0)` is `nil` in a game with her (WK-11.5).

use darbar::engine::Seat;
use darbar::pax_pamir::{
    AiCard, Coalition, EndReason, Label, Line, PaxPamir, RedArrow, Region, Slot, State, Suit,
};
use mlua::{AnyUserData, Lua, Table, UserDataMethods, Value};

use crate::args::{Call, argument_error, seat_arg, string_arg};
use crate::{LuaGame, with_game};

impl LuaGame for PaxPamir {
    const TITLE: &'static str = "Pax Pamir";

    fn add_methods<M: UserDataMethods<State>>(methods: &mut M) {
        add_table_methods(methods);
        add_card_methods(methods);
        add_wakhan_methods(methods);
    }
}

fn call(method: &'static str) -> Call {
    Call::game(method)
}

/// A seat of the state's game.
fn seat(state: &State, method: &'static str, value: &Value, position: usize) -> mlua::Result<Seat> {
    seat_arg(call(method), value, position, state.players())
}

/// A name read by its code (`"kabul"`, `"british"`, `"top-3"`), or an error listing what
/// was expected.
fn named<T: std::str::FromStr<Err = String>>(
    method: &'static str,
    value: &Value,
    position: usize,
    what: &str,
) -> mlua::Result<T> {
    let text = string_arg(call(method), value, position, what)?;
    text.trim()
        .parse::<T>()
        .map_err(|message| argument_error(call(method), position, message))
}

fn region_table(lua: &Lua, state: &State, region: Region) -> mlua::Result<Table> {
    let table = lua.create_table_with_capacity(0, 4)?;
    table.raw_set("name", region.code())?;
    table.raw_set("ruler", state.ruler(region))?;
    table.raw_set(
        "tribes",
        lua.create_sequence_from((0..state.players()).map(|p| state.tribes(p, region)))?,
    )?;
    let armies = lua.create_table_with_capacity(0, 3)?;
    for coalition in Coalition::ALL {
        armies.raw_set(coalition.code(), state.armies(coalition, region))?;
    }
    table.raw_set("armies", armies)?;
    Ok(table)
}

/// The methods that read the state alone.
fn add_table_methods<M: UserDataMethods<State>>(methods: &mut M) {
    methods.add_method("regions", |lua, _, ()| {
        lua.create_sequence_from(Region::ALL.map(Region::code))
    });
    methods.add_method("region", |lua, state, region: Value| {
        let region = named::<Region>("region", &region, 1, "region")?;
        region_table(lua, state, region)
    });
    methods.add_method("ruler", |_, state, region: Value| {
        Ok(state.ruler(named::<Region>("ruler", &region, 1, "region")?))
    });
    methods.add_method("favored_suit", |_, state, ()| {
        Ok(state.favored_suit().code())
    });
    methods.add_method("vp", |_, state, who: Value| {
        let p = seat(state, "vp", &who, 1)?;
        Ok(state.player(p).map_or(0, |player| player.vp))
    });
    methods.add_method("rupees", |_, state, who: Value| {
        let p = seat(state, "rupees", &who, 1)?;
        Ok(state.player(p).map_or(0, |player| player.rupees))
    });
    methods.add_method("loyalty", |_, state, who: Value| {
        let p = seat(state, "loyalty", &who, 1)?;
        Ok(state
            .player(p)
            .and_then(|player| player.loyalty)
            .map(Coalition::code))
    });
    methods.add_method("hand_size", |_, state, who: Value| {
        let p = seat(state, "hand_size", &who, 1)?;
        Ok(state.player(p).map_or(0, |player| player.hand.len()))
    });
    methods.add_method("active", |_, state, ()| Ok(state.active()));
    methods.add_method("actions_left", |_, state, ()| Ok(state.actions_left()));
    methods.add_method("turns", |_, state, ()| Ok(state.turns()));
    methods.add_method("deck_size", |_, state, ()| Ok(state.deck_len()));
    methods.add_method("blocks", |_, state, coalition: Value| {
        let coalition = named::<Coalition>("blocks", &coalition, 1, "coalition")?;
        Ok(state.blocks_on_map(coalition))
    });
    methods.add_method("ending", |_, state, ()| {
        Ok(state.outcome().map(|o| match o.reason {
            EndReason::Lead => "lead",
            EndReason::FinalCheck => "final_check",
        }))
    });
    methods.add_method("winners", |lua, state, ()| {
        state
            .outcome()
            .map(|o| lua.create_sequence_from(o.winners()))
            .transpose()
    });
    methods.add_method("wakhan_seat", |_, state, ()| Ok(state.wakhan_seat()));
}

/// A label of an AI card's back as printed (WK-1.1): `"T"` or `"B"`.
fn label_code(label: Label) -> &'static str {
    match label {
        Label::T => "T",
        Label::B => "B",
    }
}

/// An action line's code, as the AI-card data writes it (`"tax"`, WK-12).
fn line_code(line: Line) -> String {
    match serde_json::to_value(line) {
        Ok(serde_json::Value::String(code)) => code,
        _ => format!("{line:?}"),
    }
}

/// The front of an AI card as a table (`game:ai_card()`).
fn ai_card_table(lua: &Lua, card: &AiCard) -> mlua::Result<Table> {
    let table = lua.create_table_with_capacity(0, 7)?;
    table.raw_set("number", card.number)?;
    table.raw_set(
        "actions",
        lua.create_sequence_from(card.actions.map(line_code))?,
    )?;
    table.raw_set(
        "words",
        lua.create_sequence_from(card.actions.map(Line::words))?,
    )?;
    table.raw_set(
        "pragmatic_loyalty",
        lua.create_sequence_from(card.pragmatic_loyalty.map(Coalition::code))?,
    )?;
    table.raw_set(
        "region_order",
        lua.create_sequence_from(card.region_order.map(Region::code))?,
    )?;
    table.raw_set(
        "red_arrow",
        match card.red_arrow {
            RedArrow::Upper => "upper",
            RedArrow::Lower => "lower",
        },
    )?;
    table.raw_set("black_arrow", card.black_arrow)?;
    Ok(table)
}

/// Wakhan's methods that read her AI cards (WK-1): the current card face up, the next only
/// by its back, never the AI deck's order.
fn add_wakhan_methods<M: UserDataMethods<State>>(methods: &mut M) {
    methods.add_function("ai_card", |lua, this: AnyUserData| {
        with_game::<PaxPamir, _>(&this, |game, state| {
            state
                .current_ai_card(game.cards())
                .map(|card| ai_card_table(lua, card))
                .transpose()
        })
    });
    methods.add_function("next_ai_back", |lua, this: AnyUserData| {
        with_game::<PaxPamir, _>(&this, |game, state| {
            let Some(next) = state.next_ai_back(game.cards()) else {
                return Ok(None);
            };
            let table = lua.create_table_with_capacity(0, 2)?;
            table.raw_set(
                "labels",
                lua.create_sequence_from(next.labels.map(label_code))?,
            )?;
            table.raw_set("numbers", lua.create_sequence_from(next.numbers)?)?;
            Ok(Some(table))
        })
    });
    methods.add_function("arrows", |lua, this: AnyUserData| {
        with_game::<PaxPamir, _>(&this, |game, state| {
            let Some(arrows) = state.arrows(game.cards()) else {
                return Ok(None);
            };
            let table = lua.create_table_with_capacity(0, 4)?;
            table.raw_set("label", label_code(arrows.label))?;
            table.raw_set("row", arrows.label.row().code())?;
            table.raw_set("column", arrows.column)?;
            table.raw_set("side", arrows.label.side().code())?;
            Ok(Some(table))
        })
    });
    methods.add_function("pragmatic_loyalty", |_, this: AnyUserData| {
        with_game::<PaxPamir, _>(&this, |game, state| {
            Ok(state
                .wakhan_seat()
                .map(|_| state.pragmatic_loyalty(game.cards()).code()))
        })
    });
    methods.add_function(
        "wakhan_influence",
        |_, (this, coalition): (AnyUserData, Value)| {
            with_game::<PaxPamir, _>(&this, |game, state| {
                let coalition = named::<Coalition>("wakhan_influence", &coalition, 1, "coalition")?;
                Ok(state
                    .wakhan_seat()
                    .map(|_| state.wakhan_influence(game.cards(), coalition)))
            })
        },
    );
}

/// The methods that also read the card data of the rules (names, suits, abilities).
fn add_card_methods<M: UserDataMethods<State>>(methods: &mut M) {
    methods.add_function("market", |lua, this: AnyUserData| {
        with_game::<PaxPamir, _>(&this, |game, state| {
            let cards = game.cards();
            let slots = lua.create_table_with_capacity(Slot::COUNT, 0)?;
            for (i, slot) in Slot::all().enumerate() {
                let table = lua.create_table_with_capacity(0, 6)?;
                table.raw_set("slot", slot.to_string())?;
                table.raw_set("row", slot.row.code())?;
                table.raw_set("column", slot.col)?;
                let card = state.market_card(slot);
                table.raw_set("card", card.map(|c| c.0))?;
                let name = card.and_then(|c| {
                    cards
                        .court(c)
                        .map(|facts| facts.name.clone())
                        .or_else(|| cards.event(c).map(|e| e.name.clone()))
                });
                table.raw_set("name", name)?;
                table.raw_set("rupees", state.market_rupees(slot))?;
                slots.raw_set(i + 1, table)?;
            }
            Ok(slots)
        })
    });
    methods.add_function(
        "cost",
        |_, (this, who, slot): (AnyUserData, Value, Value)| {
            with_game::<PaxPamir, _>(&this, |game, state| {
                let p = seat(state, "cost", &who, 1)?;
                let slot = named::<Slot>("cost", &slot, 2, "market slot")?;
                Ok(state.cost(game.cards(), p, slot))
            })
        },
    );
    methods.add_function("court", |lua, (this, who): (AnyUserData, Value)| {
        with_game::<PaxPamir, _>(&this, |game, state| {
            let p = seat(state, "court", &who, 1)?;
            let cards = game.cards();
            let court = state
                .player(p)
                .map(|player| player.court.as_slice().to_vec())
                .unwrap_or_default();
            let list = lua.create_table_with_capacity(court.len(), 0)?;
            for (i, card) in court.into_iter().enumerate() {
                let table = lua.create_table_with_capacity(0, 7)?;
                table.raw_set("card", card.0)?;
                if let Some(facts) = cards.court(card) {
                    table.raw_set("name", facts.name.as_str())?;
                    table.raw_set("region", facts.region.code())?;
                    table.raw_set("suit", facts.suit.code())?;
                    table.raw_set("rank", facts.rank)?;
                }
                table.raw_set("favored", state.is_favored(cards, p, card))?;
                table.raw_set(
                    "spies",
                    lua.create_sequence_from((0..state.players()).map(|q| state.spies(card, q)))?,
                )?;
                list.raw_set(i + 1, table)?;
            }
            Ok(list)
        })
    });
    methods.add_function("influence", |_, (this, who): (AnyUserData, Value)| {
        with_game::<PaxPamir, _>(&this, |game, state| {
            let p = seat(state, "influence", &who, 1)?;
            Ok(state.influence(game.cards(), p))
        })
    });
    methods.add_function(
        "stars",
        |_, (this, who, suit): (AnyUserData, Value, Value)| {
            with_game::<PaxPamir, _>(&this, |game, state| {
                let p = seat(state, "stars", &who, 1)?;
                let suit = named::<Suit>("stars", &suit, 2, "suit")?;
                Ok(state.stars(game.cards(), p, suit))
            })
        },
    );
}
