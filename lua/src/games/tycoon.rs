//! Tycoon's `game` object: the generic methods of every game ([`crate::game`]) and the
//! read-only queries below, so that a script (a bot, a notebook's helper) reads the table as
//! the rules name it.
//!
//! `game` shows what is on the table. Each person's money, promoters, merit cards and agenda
//! are behind a screen (TI-2.6): `money`, `promoters`, `merits` and `agenda` answer for the
//! seat deciding now (a bot's own seat while it chooses) and for an automa, whose supply is
//! open (TC-16.2), and are `nil` for any other seat; `merit_count` counts anyone's cards
//! (TI-21.16). No method names a sealed bid before the reveal (TI-21.19) nor a deck's order.
//! The scores are `nil` until the game is over: before then they would show hidden merit
//! cards and agendas.
//!
//! Seats are numbered as in the core, from 0 (Red). Names are the codes of the action texts,
//! in any case: sectors `"FIN"`, regions `"W"`, cities `"nasik"`, cards `"I1-09"`. Lists are
//! Lua sequences from 1.
//!
//! | Method | Returns |
//! |---|---|
//! | `game:round()` | 0 during setup, 1 to 7, 8 at the end (TI-4.1) |
//! | `game:round_phase()` | `"setup"`, `"headline"`, `"region"`, `"events"`, `"auction"`, `"actions"`, `"round_end"` or `"game_end"` |
//! | `game:tycoon()` | the Tycoon's seat (TI-2.9) |
//! | `game:region()` | the active region's letter (TI-5), or `nil` |
//! | `game:content_label()` | the content's label (TC-19) |
//! | `game:money(seat)` | Cr, for the deciding seat or an automa; `nil` behind another person's screen |
//! | `game:promoters(seat)` | the personal supply, as `money` |
//! | `game:pool(seat)` | promoters in the strategy pool |
//! | `game:support(seat)` | the support tokens' worth |
//! | `game:influence(seat)` | the influence track position |
//! | `game:influence_order()` | the seats, highest influence first (TI-0.4) |
//! | `game:tracks(seat)` | `{FIN = 0, MIN = 2, ...}`: levels by sector code, 0 off the track |
//! | `game:leader(sector)` | the sector's leading seat, or `nil` where the Government leads (TI-2.3) |
//! | `game:cities()` | the city ids, in TC-2.2's order |
//! | `game:city(id)` | `{id, name, region, metro, distance, owner, industry}`: `owner` and `industry` `nil` for an empty city; an Office has an owner and no industry |
//! | `game:industries(seat)` | the seat's industry cards in the order acquired, each `{id, city}` (`city` `nil` while unbuilt) |
//! | `game:industry_card(id)` | `{id, name, era, sector, asset_value, income, cost_icons}` as the content prints it (TC-7), or `nil` |
//! | `game:reserve(seat)` | factories in reserve |
//! | `game:shares(seat)` | `{held, left, next_price}`: `held` by colour (`held.Blue`), `left` own tokens in the stack, `next_price` the top one's value or `nil` |
//! | `game:policies(seat)` | the seat's policies by id |
//! | `game:merit_count(seat)` | how many merit cards the seat holds |
//! | `game:merits(seat)` | their ids, for the deciding seat or an automa; else `nil` |
//! | `game:agenda(seat)` | the agenda's id (or the two drawn while it chooses), as `merits` |
//! | `game:notes(seat)` | promissory notes (TI-10) |
//! | `game:plus1(seat)` | +1 action tokens (TI-13) |
//! | `game:displays()` | `{industries, policies}`: each display front first, each card `{id, promoters}` |
//! | `game:headline()` | the headline of the round by id, or `nil` |
//! | `game:automa_seats()` | the automa seats (TC-16.1); no decision is ever theirs |
//! | `game:difficulty(seat)` | an automa's `"easy"`, `"normal"` or `"hard"`; `nil` for a person |
//! | `game:automa_card(seat)` | an automa's card of the round, face up (TC-16.3): `{id, difficulty, plan, strategy, bid_margin, policy_bid, np_units, focus_sector, focus_region, shares}`; `nil` for a person or before its first card |
//! | `game:scores()` | once over, by seat: `{asset_value, industry_av, share_av, track_av, merit_av, influence, support}` (TI-16); `nil` before |
//! | `game:winners()` | the winning seats once the game is over (two for a shared victory, TI-16.4), else `nil` |

use darbar::engine::{Game, Seat};
use darbar::tycoon::{
    CityId, Content, Difficulty, Phase, Region, SeatState, Sector, SlotView, State, Tycoon,
    content::SharesRule, seat_colour,
};
use mlua::{AnyUserData, Lua, Table, UserDataMethods, Value};

use crate::args::{Call, argument_error, seat_arg, string_arg};
use crate::{LuaGame, with_game};

impl LuaGame for Tycoon {
    const TITLE: &'static str = "Tycoon";

    fn add_methods<M: UserDataMethods<State>>(methods: &mut M) {
        add_table_methods(methods);
        add_seat_methods(methods);
        add_content_methods(methods);
    }
}

fn call(method: &'static str) -> Call {
    Call::game(method)
}

/// A seat of the state's game, with its holdings.
fn seat<'a>(
    state: &'a State,
    method: &'static str,
    value: &Value,
) -> mlua::Result<(Seat, &'a SeatState)> {
    let seat = seat_arg(call(method), value, 1, state.seat_count())?;
    let holdings = state
        .seat(seat)
        .ok_or_else(|| argument_error(call(method), 1, format!("no seat {seat}")))?;
    Ok((seat, holdings))
}

/// Whether `seat`'s screen is lifted for the script: the seat deciding now, or an automa.
fn open(game: &Tycoon, state: &State, seat: Seat, holdings: &SeatState) -> bool {
    holdings.is_automa() || game.current_player(state) == Some(seat)
}

/// A name read by its code (`"FIN"`, `"W"`), or an error listing what was expected.
fn named<T: std::str::FromStr<Err = String>>(
    method: &'static str,
    value: &Value,
    what: &str,
) -> mlua::Result<T> {
    let text = string_arg(call(method), value, 1, what)?;
    text.trim()
        .to_ascii_uppercase()
        .parse::<T>()
        .map_err(|message| argument_error(call(method), 1, message))
}

/// A phase of the round, as `game:round_phase()` returns it.
fn phase_code(phase: Phase) -> &'static str {
    match phase {
        Phase::Setup => "setup",
        Phase::Headline => "headline",
        Phase::Region => "region",
        Phase::Events => "events",
        Phase::Auction => "auction",
        Phase::Actions => "actions",
        Phase::RoundEnd => "round_end",
        Phase::GameEnd => "game_end",
    }
}

/// The ids of content items by their numbers, `?` for a number the content lacks.
fn ids<T>(items: &[T], id: impl Fn(&T) -> &str, numbers: &[u8]) -> Vec<String> {
    numbers
        .iter()
        .map(|&n| items.get(usize::from(n)).map_or("?", &id).to_owned())
        .collect()
}

/// A display as a sequence of `{id, promoters}`.
fn display(lua: &Lua, row: &[SlotView]) -> mlua::Result<Table> {
    let list = lua.create_table_with_capacity(row.len(), 0)?;
    for (i, slot) in row.iter().enumerate() {
        let table = lua.create_table_with_capacity(0, 2)?;
        table.raw_set("id", slot.id.as_str())?;
        table.raw_set("promoters", slot.promoters)?;
        list.raw_set(i + 1, table)?;
    }
    Ok(list)
}

/// The methods that read the state alone.
fn add_table_methods<M: UserDataMethods<State>>(methods: &mut M) {
    methods.add_method("round", |_, state, ()| Ok(state.round()));
    methods.add_method("round_phase", |_, state, ()| Ok(phase_code(state.phase())));
    methods.add_method("tycoon", |_, state, ()| Ok(state.tycoon()));
    methods.add_method("region", |_, state, ()| {
        Ok(state.active_region().map(Region::code))
    });
    methods.add_method("influence_order", |lua, state, ()| {
        lua.create_sequence_from(state.influence_order())
    });
    methods.add_method("leader", |_, state, sector: Value| {
        let sector = named::<Sector>("leader", &sector, "sector")?;
        Ok(state.leader(sector))
    });
    methods.add_method("automa_seats", |lua, state, ()| {
        lua.create_sequence_from(
            (0..state.seat_count()).filter(|&s| state.seat(s).is_some_and(SeatState::is_automa)),
        )
    });
    methods.add_method("winners", |lua, state, ()| {
        state
            .outcome()
            .map(|o| {
                let mut winners = o.winners.clone();
                winners.sort_unstable();
                lua.create_sequence_from(winners)
            })
            .transpose()
    });
}

/// The methods that read one seat's holdings.
fn add_seat_methods<M: UserDataMethods<State>>(methods: &mut M) {
    macro_rules! public {
        ($name:literal, $field:ident) => {
            methods.add_method($name, |_, state, who: Value| {
                Ok(seat(state, $name, &who)?.1.$field)
            });
        };
    }
    public!("pool", pool);
    public!("support", support);
    public!("influence", influence);
    public!("reserve", reserve);
    public!("notes", notes);
    public!("plus1", plus1);
    methods.add_method("merit_count", |_, state, who: Value| {
        Ok(seat(state, "merit_count", &who)?.1.merits.len())
    });
    methods.add_method("difficulty", |_, state, who: Value| {
        Ok(seat(state, "difficulty", &who)?
            .1
            .automa
            .map(Difficulty::code))
    });
    methods.add_method("tracks", |lua, state, who: Value| {
        let (_, me) = seat(state, "tracks", &who)?;
        let table = lua.create_table_with_capacity(0, 6)?;
        for sector in Sector::ALL {
            table.raw_set(sector.code(), me.level(sector))?;
        }
        Ok(table)
    });
    methods.add_method("shares", |lua, state, who: Value| {
        let (k, me) = seat(state, "shares", &who)?;
        let held = lua.create_table_with_capacity(0, 3)?;
        for other in (0..state.seat_count()).filter(|&o| o != k) {
            held.raw_set(seat_colour(other), me.held.get(other).copied().unwrap_or(0))?;
        }
        let table = lua.create_table_with_capacity(0, 3)?;
        table.raw_set("held", held)?;
        table.raw_set("left", me.shares_left)?;
        table.raw_set("next_price", me.top_share())?;
        Ok(table)
    });
    methods.add_function("money", |_, (this, who): (AnyUserData, Value)| {
        with_game::<Tycoon, _>(&this, |game, state| {
            let (k, me) = seat(state, "money", &who)?;
            Ok(open(game, state, k, me).then_some(me.money))
        })
    });
    methods.add_function("promoters", |_, (this, who): (AnyUserData, Value)| {
        with_game::<Tycoon, _>(&this, |game, state| {
            let (k, me) = seat(state, "promoters", &who)?;
            Ok(open(game, state, k, me).then_some(me.promoters))
        })
    });
}

/// The methods that also read the content of the rules (ids, names, card numbers).
fn add_content_methods<M: UserDataMethods<State>>(methods: &mut M) {
    methods.add_function("content_label", |_, this: AnyUserData| {
        with_game::<Tycoon, _>(&this, |game, _| Ok(game.content().label.clone()))
    });
    methods.add_function("cities", |lua, this: AnyUserData| {
        with_game::<Tycoon, _>(&this, |game, _| {
            lua.create_sequence_from(game.content().map.cities.iter().map(|c| c.id.as_str()))
        })
    });
    methods.add_function("city", |lua, (this, id): (AnyUserData, Value)| {
        with_game::<Tycoon, _>(&this, |game, state| {
            let content = game.content();
            let text = string_arg(call("city"), &id, 1, "city id")?;
            let key = text.trim().to_ascii_lowercase();
            let Some(city) = content.city(&key) else {
                return Err(argument_error(
                    call("city"),
                    1,
                    format!("not a city: {:?}", &*text),
                ));
            };
            city_table(lua, content, state, city)
        })
    });
    methods.add_function("industries", |lua, (this, who): (AnyUserData, Value)| {
        with_game::<Tycoon, _>(&this, |game, state| {
            let content = game.content();
            let (_, me) = seat(state, "industries", &who)?;
            let list = lua.create_table_with_capacity(me.industries.len(), 0)?;
            for (i, h) in me.industries.iter().enumerate() {
                let table = lua.create_table_with_capacity(0, 2)?;
                table.raw_set(
                    "id",
                    content
                        .industries
                        .get(usize::from(h.card))
                        .map_or("?", |c| c.id.as_str()),
                )?;
                table.raw_set(
                    "city",
                    h.city
                        .and_then(|c| content.map.cities.get(c.index()))
                        .map(|c| c.id.as_str()),
                )?;
                list.raw_set(i + 1, table)?;
            }
            Ok(list)
        })
    });
    methods.add_function("industry_card", |lua, (this, id): (AnyUserData, Value)| {
        with_game::<Tycoon, _>(&this, |game, _| {
            let content = game.content();
            let text = string_arg(call("industry_card"), &id, 1, "industry card id")?;
            let Some(card) = content.industry(&text.trim().to_ascii_uppercase()) else {
                return Ok(None);
            };
            let card = &content.industries[usize::from(card)];
            let table = lua.create_table_with_capacity(0, 7)?;
            table.raw_set("id", card.id.as_str())?;
            table.raw_set("name", card.name.as_str())?;
            table.raw_set("era", u8::from(card.era))?;
            table.raw_set("sector", card.sector.code())?;
            table.raw_set("asset_value", card.asset_value)?;
            table.raw_set("income", card.income)?;
            table.raw_set(
                "cost_icons",
                lua.create_sequence_from(card.cost_icons.iter().map(|s| s.code()))?,
            )?;
            Ok(Some(table))
        })
    });
    methods.add_function("policies", |lua, (this, who): (AnyUserData, Value)| {
        with_game::<Tycoon, _>(&this, |game, state| {
            let (_, me) = seat(state, "policies", &who)?;
            lua.create_sequence_from(ids(&game.content().policies, |p| &p.id, &me.policies))
        })
    });
    methods.add_function("merits", |lua, (this, who): (AnyUserData, Value)| {
        with_game::<Tycoon, _>(&this, |game, state| {
            let (k, me) = seat(state, "merits", &who)?;
            if !open(game, state, k, me) {
                return Ok(None);
            }
            let cards: Vec<u8> = me.merits.iter().map(|m| m.card).collect();
            lua.create_sequence_from(ids(&game.content().merits, |m| &m.id, &cards))
                .map(Some)
        })
    });
    methods.add_function("agenda", |lua, (this, who): (AnyUserData, Value)| {
        with_game::<Tycoon, _>(&this, |game, state| {
            let (k, me) = seat(state, "agenda", &who)?;
            if !open(game, state, k, me) {
                return Ok(None);
            }
            lua.create_sequence_from(ids(&game.content().agendas, |a| &a.id, &me.agenda))
                .map(Some)
        })
    });
    methods.add_function("displays", |lua, this: AnyUserData| {
        with_game::<Tycoon, _>(&this, |game, state| {
            let view = game.view(state, 0);
            let table = lua.create_table_with_capacity(0, 2)?;
            table.raw_set("industries", display(lua, &view.industry_display)?)?;
            table.raw_set("policies", display(lua, &view.policy_display)?)?;
            Ok(table)
        })
    });
    methods.add_function("headline", |_, this: AnyUserData| {
        with_game::<Tycoon, _>(&this, |game, state| Ok(game.view(state, 0).headline))
    });
    methods.add_function("automa_card", |lua, (this, who): (AnyUserData, Value)| {
        with_game::<Tycoon, _>(&this, |game, state| {
            let (_, me) = seat(state, "automa_card", &who)?;
            let Some(card) = me
                .automa_card
                .and_then(|a| game.content().automa.get(usize::from(a)))
            else {
                return Ok(None);
            };
            let table = lua.create_table_with_capacity(0, 10)?;
            table.raw_set("id", card.id.as_str())?;
            table.raw_set("difficulty", card.difficulty.code())?;
            table.raw_set(
                "plan",
                lua.create_sequence_from(card.plan.iter().map(|k| k.code()))?,
            )?;
            table.raw_set(
                "strategy",
                lua.create_sequence_from(card.strategy.iter().map(|t| t.code()))?,
            )?;
            table.raw_set("bid_margin", card.bid_margin)?;
            table.raw_set("policy_bid", card.policy_bid)?;
            table.raw_set("np_units", card.np_units)?;
            table.raw_set("focus_sector", card.focus_sector.code())?;
            table.raw_set("focus_region", card.focus_region.code())?;
            table.raw_set(
                "shares",
                match card.shares {
                    SharesRule::Lead => "lead",
                    SharesRule::Cheap => "cheap",
                },
            )?;
            Ok(Some(table))
        })
    });
    methods.add_function("scores", |lua, this: AnyUserData| {
        with_game::<Tycoon, _>(&this, |_, state| {
            let Some(outcome) = state.outcome() else {
                return Ok(None);
            };
            let list = lua.create_table_with_capacity(outcome.scores.len(), 0)?;
            for (i, score) in outcome.scores.iter().enumerate() {
                let table = lua.create_table_with_capacity(0, 7)?;
                table.raw_set("asset_value", score.asset_value)?;
                table.raw_set("industry_av", score.industry_av)?;
                table.raw_set("share_av", score.share_av)?;
                table.raw_set("track_av", score.track_av)?;
                table.raw_set("merit_av", score.merit_av)?;
                table.raw_set("influence", score.influence)?;
                table.raw_set("support", score.support)?;
                list.raw_set(i + 1, table)?;
            }
            Ok(Some(list))
        })
    });
}

/// A city as a table (`game:city`).
fn city_table(lua: &Lua, content: &Content, state: &State, city: CityId) -> mlua::Result<Table> {
    let data = &content.map.cities[city.index()];
    let factory = state.factory(city);
    let table = lua.create_table_with_capacity(0, 7)?;
    table.raw_set("id", data.id.as_str())?;
    table.raw_set("name", data.name.as_str())?;
    table.raw_set("region", data.region.code())?;
    table.raw_set("metro", data.metro)?;
    table.raw_set("distance", data.distance)?;
    table.raw_set("owner", factory.map(|f| f.owner))?;
    table.raw_set(
        "industry",
        factory
            .and_then(|f| f.card)
            .and_then(|c| content.industries.get(usize::from(c)))
            .map(|c| c.id.as_str()),
    )?;
    Ok(table)
}
