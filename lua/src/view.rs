//! The read-only view of a Vijayanagara state that scripts see as the global `game`.
//!
//! `game` is a userdata lent for one call through [`mlua::Scope`]: it borrows the [`State`]
//! immutably, has no fields and no way to change anything, and is dead once the call returns
//! (a reference kept anywhere gives an error if it is ever used again). Every method is
//! called with a colon, takes names as strings, and raises a Lua error that says what was
//! expected when an argument is wrong.
//!
//! | Method | Returns |
//! |---|---|
//! | `game:players()` | `{"DS", "BK", "VN"}`, seat order |
//! | `game:spaces()` | the 15 space names, map order (`"Mountain Passes"`, `"Punjab"`, `"Delhi"`, ...) |
//! | `game:provinces()` | the 12 Province names |
//! | `game:kind(space)` | `"Province"`, `"MongolInvasionRegion"` or `"Delhi"` |
//! | `game:prosperity(space)` | 1 or 2 for a Province, 0 otherwise |
//! | `game:adjacent(a, b)` | whether two spaces are adjacent |
//! | `game:neighbours(space)` | the adjacent spaces' names |
//! | `game:pieces(space)` | a table of counts (below) |
//! | `game:pieces_of(space, faction)` | a faction's pieces there, structures included (§1.7) |
//! | `game:control(space)` | `"DS"`, `"BK"`, `"VN"` or `nil` (§1.7) |
//! | `game:controlled_by(player)` | the Provinces a player controls |
//! | `game:is_tributary(space)` | whether a Province is Tributary (§1.6) |
//! | `game:resources(player)` | 0–24 (§1.8) |
//! | `game:influence(player)` | 0–4 for BK and VN, `nil` for DS (§1.9) |
//! | `game:cavalry(player)` | the tokens a player holds (§1.10) |
//! | `game:cavalry_pool()` | the tokens in the pool (§1.10) |
//! | `game:victory_points(player)` | the current Victory Points (§5) |
//! | `game:dynasty()` | `"Khalji"` or `"Tughlaq"` (§2.7) |
//! | `game:eligibility(player)` | `"Eligible"`, `"CommandAndDecree"`, `"EventOrCommand"`, `"LimitedCommand"`, `"Pass"` or `"Ineligible"` (§2.3) |
//! | `game:available(kind)` | pieces of a kind in the holding box (§1.4(d)) |
//! | `game:on_map(kind)` | pieces of a kind on the map |
//!
//! `game:pieces(space)` returns `troops`, `governors`, `amirs`, `amirs_obedient`,
//! `amirs_rebelling`, `rajas`, `rajas_obedient`, `rajas_rebelling`, `mongols`, `qasbahs`,
//! `forts`, `temples` (all numbers, 0 when absent) and `structure` (`"Qasbah"`, `"Fort"`,
//! `"Temple"`, or `nil`).
//!
//! Spaces are named as printed (`"Rajput Kingdoms"`); case, spaces and hyphens are ignored
//! (`"rajputkingdoms"` works). Players are `"DS"`, `"BK"`, `"VN"` or their names; factions also
//! `"MI"` for the Mongols. Piece kinds are `"Troop"`, `"Governor"`, `"Qasbah"`, `"Amir"`,
//! `"Fort"`, `"Raja"`, `"Temple"`, `"Mongol"`, singular or plural, in any case.

use darbar::vijayanagara::{Faction, PieceKind, Player, SpaceId, SpaceKind, State, Structure};
use mlua::{Lua, MetaMethod, Table, UserDataMethods, Value};

/// Registers the methods of `game` for userdata that borrow a [`State`], once per Lua state.
///
/// The methods are registered on the type, so lending the state for a call
/// ([`mlua::Scope::create_any_userdata_ref`]) builds no metatable.
pub(crate) fn register(lua: &Lua) -> mlua::Result<()> {
    lua.register_userdata_type::<State>(add_methods)
}

fn add_methods<M: UserDataMethods<State>>(methods: &mut M) {
    methods.add_meta_method(MetaMethod::ToString, |_, state, ()| {
        Ok(format!(
            "Vijayanagara game (seed {}, read-only)",
            state.seed()
        ))
    });

    // ----- the map --------------------------------------------------------------------------
    methods.add_method("players", |lua, _, ()| {
        lua.create_sequence_from(Player::ALL.map(|p| p.faction().abbreviation()))
    });
    methods.add_method("spaces", |lua, _, ()| {
        lua.create_sequence_from(SpaceId::ALL.map(SpaceId::name))
    });
    methods.add_method("provinces", |lua, _, ()| {
        lua.create_sequence_from(
            SpaceId::ALL
                .into_iter()
                .filter(|s| s.is_province())
                .map(SpaceId::name),
        )
    });
    methods.add_method("kind", |_, _, space: Value| {
        Ok(match space_arg("kind", &space, 1)?.kind() {
            SpaceKind::Province => "Province",
            SpaceKind::MongolInvasionRegion => "MongolInvasionRegion",
            SpaceKind::Delhi => "Delhi",
        })
    });
    methods.add_method("prosperity", |_, state, space: Value| {
        let space = space_arg("prosperity", &space, 1)?;
        Ok(state.map().prosperity(space))
    });
    methods.add_method("adjacent", |_, state, (a, b): (Value, Value)| {
        let a = space_arg("adjacent", &a, 1)?;
        let b = space_arg("adjacent", &b, 2)?;
        Ok(state.map().adjacent(a, b))
    });
    methods.add_method("neighbours", |lua, state, space: Value| {
        let space = space_arg("neighbours", &space, 1)?;
        lua.create_sequence_from(state.map().neighbours(space).iter().map(SpaceId::name))
    });

    // ----- pieces and control ---------------------------------------------------------------
    methods.add_method("pieces", |lua, state, space: Value| {
        let space = space_arg("pieces", &space, 1)?;
        pieces_table(lua, state, space)
    });
    methods.add_method("pieces_of", |_, state, (space, faction): (Value, Value)| {
        let space = space_arg("pieces_of", &space, 1)?;
        let faction = faction_arg("pieces_of", &faction, 2)?;
        Ok(state.space(space).pieces_of(faction))
    });
    methods.add_method("control", |_, state, space: Value| {
        let space = space_arg("control", &space, 1)?;
        Ok(state.controller(space).map(|p| p.faction().abbreviation()))
    });
    methods.add_method("controlled_by", |lua, state, player: Value| {
        let player = player_arg("controlled_by", &player, 1)?;
        lua.create_sequence_from(state.controlled_by(player).map(SpaceId::name))
    });
    methods.add_method("is_tributary", |_, state, space: Value| {
        let space = space_arg("is_tributary", &space, 1)?;
        Ok(state.is_tributary(space))
    });

    // ----- the tracks -----------------------------------------------------------------------
    methods.add_method("resources", |_, state, player: Value| {
        Ok(state.resources(player_arg("resources", &player, 1)?))
    });
    methods.add_method("influence", |_, state, player: Value| {
        Ok(state.influence(player_arg("influence", &player, 1)?))
    });
    methods.add_method("cavalry", |_, state, player: Value| {
        Ok(state.cavalry(player_arg("cavalry", &player, 1)?))
    });
    methods.add_method("cavalry_pool", |_, state, ()| Ok(state.cavalry_pool()));
    methods.add_method("victory_points", |_, state, player: Value| {
        Ok(state.victory_points(player_arg("victory_points", &player, 1)?))
    });
    methods.add_method("dynasty", |_, state, ()| Ok(state.dynasty().to_string()));
    methods.add_method("eligibility", |_, state, player: Value| {
        let player = player_arg("eligibility", &player, 1)?;
        Ok(format!("{:?}", state.eligibility(player)))
    });
    methods.add_method("available", |_, state, kind: Value| {
        Ok(state.available().get(kind_arg("available", &kind, 1)?))
    });
    methods.add_method("on_map", |_, state, kind: Value| {
        Ok(state.on_map(kind_arg("on_map", &kind, 1)?))
    });
}

fn pieces_table(lua: &Lua, state: &State, space: SpaceId) -> mlua::Result<Table> {
    let pieces = state.space(space);
    let table = lua.create_table_with_capacity(0, 13)?;
    table.raw_set("troops", pieces.troops)?;
    table.raw_set("governors", pieces.governors)?;
    table.raw_set("amirs", pieces.amirs.total())?;
    table.raw_set("amirs_obedient", pieces.amirs.obedient)?;
    table.raw_set("amirs_rebelling", pieces.amirs.rebelling)?;
    table.raw_set("rajas", pieces.rajas.total())?;
    table.raw_set("rajas_obedient", pieces.rajas.obedient)?;
    table.raw_set("rajas_rebelling", pieces.rajas.rebelling)?;
    table.raw_set("mongols", pieces.mongols)?;
    table.raw_set("qasbahs", pieces.count(PieceKind::Qasbah))?;
    table.raw_set("forts", pieces.count(PieceKind::Fort))?;
    table.raw_set("temples", pieces.count(PieceKind::Temple))?;
    let structure = pieces.structure.map(|s| match s {
        Structure::Qasbah => "Qasbah",
        Structure::Fort => "Fort",
        Structure::Temple => "Temple",
    });
    table.raw_set("structure", structure)?;
    Ok(table)
}

// ----- arguments ------------------------------------------------------------------------------

fn argument_error(method: &str, position: usize, message: String) -> mlua::Error {
    mlua::Error::RuntimeError(format!(
        "bad argument #{position} to 'game:{method}' ({message})"
    ))
}

/// The string an argument holds, or an error naming what was expected.
fn string_arg(
    method: &str,
    value: &Value,
    position: usize,
    expected: &str,
) -> mlua::Result<mlua::BorrowedStr> {
    match value {
        Value::String(s) => s.to_str().map_err(|_| {
            argument_error(method, position, format!("{expected} must be UTF-8 text"))
        }),
        other => Err(argument_error(
            method,
            position,
            format!("{expected} expected, got {}", other.type_name()),
        )),
    }
}

fn space_arg(method: &str, value: &Value, position: usize) -> mlua::Result<SpaceId> {
    let name = string_arg(method, value, position, "space name")?;
    name.parse::<SpaceId>().map_err(|_| {
        let names: Vec<&str> = SpaceId::ALL.iter().map(|s| s.name()).collect();
        argument_error(
            method,
            position,
            format!(
                "unknown space {:?}; the spaces are {}",
                &*name,
                names.join(", ")
            ),
        )
    })
}

fn player_arg(method: &str, value: &Value, position: usize) -> mlua::Result<Player> {
    let name = string_arg(method, value, position, "player (DS, BK or VN)")?;
    name.parse::<Player>()
        .map_err(|message| argument_error(method, position, message))
}

fn faction_arg(method: &str, value: &Value, position: usize) -> mlua::Result<Faction> {
    let name = string_arg(method, value, position, "faction (DS, BK, VN or MI)")?;
    Faction::ALL
        .into_iter()
        .find(|f| {
            [f.abbreviation(), f.name(), &format!("{f:?}")]
                .iter()
                .any(|n| n.eq_ignore_ascii_case(name.trim()))
        })
        .ok_or_else(|| {
            argument_error(
                method,
                position,
                format!("unknown faction {:?} (expected DS, BK, VN or MI)", &*name),
            )
        })
}

fn kind_arg(method: &str, value: &Value, position: usize) -> mlua::Result<PieceKind> {
    let name = string_arg(method, value, position, "piece kind")?;
    let name = name.trim();
    PieceKind::ALL
        .into_iter()
        .find(|k| k.name(1).eq_ignore_ascii_case(name) || k.name(2).eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            argument_error(
                method,
                position,
                format!(
                    "unknown piece kind {name:?} (expected Troop, Governor, Qasbah, Amir, Fort, \
                     Raja, Temple or Mongol)"
                ),
            )
        })
}
