//! Vijayanagara's `game` object: the generic methods of every game ([`crate::game`]) and the
//! read-only queries below. A card's `ctx` ([`crate::cards::ctx`]) offers the same queries
//! (`ctx:pieces(space)`, …).
//!
//! `game` is a userdata lent for one call through [`mlua::Scope`]: it borrows the [`State`]
//! immutably, has no fields and no way to change anything, and is dead once the call returns
//! (a reference kept anywhere gives an error if it is ever used again). Every method is
//! called with a colon, takes names as strings, and raises a Lua error that says what was
//! expected when an argument is wrong. Seats are numbered as in the core: 0 = DS, 1 = BK,
//! 2 = VN.
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
//! | `game:victory_points(player)` | the Victory Points: the running count, the final score (§5.1) once over |
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

use darbar::vijayanagara::{
    Faction, PieceKind, Player, SpaceId, SpaceKind, State, Structure, Vijayanagara,
};
use mlua::{Lua, Table, UserDataMethods, Value};

use crate::args::{Call, argument_error, string_arg};
use crate::{LuaGame, ScriptBot};

/// The example bot of `lua/examples/vijayanagara_bot.lua`: for any seat, never a gift, a Pass
/// only when short of Resources, acting before stopping, otherwise at random.
pub const VIJAYANAGARA_BOT_EXAMPLE: &str = include_str!("../../examples/vijayanagara_bot.lua");

impl LuaGame for Vijayanagara {
    const TITLE: &'static str = "Vijayanagara";

    fn add_methods<M: UserDataMethods<State>>(methods: &mut M) {
        add_view_methods(methods);
    }
}

impl ScriptBot<Vijayanagara> {
    /// The example bot ([`VIJAYANAGARA_BOT_EXAMPLE`]), seeded with `seed`; it plays any seat.
    ///
    /// ```
    /// use darbar::engine::Game;
    /// use darbar::vijayanagara::{Options, Vijayanagara};
    /// use darbar_lua::ScriptBot;
    ///
    /// let game = darbar_lua::vijayanagara(Options::default());
    /// let mut bot = ScriptBot::<Vijayanagara>::example(1);
    /// let mut state = game.new_initial_state(1);
    /// assert_eq!(bot.play(&game, &mut state, 50).unwrap(), 50);
    /// ```
    pub fn example(seed: u64) -> ScriptBot<Vijayanagara> {
        // The shipped script compiles: `tests/generic.rs` plays it.
        ScriptBot::with_seed(VIJAYANAGARA_BOT_EXAMPLE, seed)
            .expect("the example Vijayanagara bot compiles")
    }
}

/// A userdata that lends a state to the read-only methods: `game` itself, or a card's `ctx`
/// (see [`crate::cards`]), which offers the same queries.
pub(crate) trait Viewed {
    /// The object's name in error messages: `game` or `ctx`.
    const OBJECT: &'static str;

    /// The state the methods read.
    fn state(&self) -> &State;
}

impl Viewed for State {
    const OBJECT: &'static str = "game";

    fn state(&self) -> &State {
        self
    }
}

/// `object:method` for the object `T`.
fn call<T: Viewed>(method: &'static str) -> Call {
    Call::on(T::OBJECT, method)
}

/// Adds the read-only methods of the table above to any userdata that lends a state.
pub(crate) fn add_view_methods<T: Viewed, M: UserDataMethods<T>>(methods: &mut M) {
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
        Ok(match space_arg(call::<T>("kind"), &space, 1)?.kind() {
            SpaceKind::Province => "Province",
            SpaceKind::MongolInvasionRegion => "MongolInvasionRegion",
            SpaceKind::Delhi => "Delhi",
        })
    });
    methods.add_method("prosperity", |_, this, space: Value| {
        let state = this.state();
        let space = space_arg(call::<T>("prosperity"), &space, 1)?;
        Ok(state.map().prosperity(space))
    });
    methods.add_method("adjacent", |_, this, (a, b): (Value, Value)| {
        let state = this.state();
        let a = space_arg(call::<T>("adjacent"), &a, 1)?;
        let b = space_arg(call::<T>("adjacent"), &b, 2)?;
        Ok(state.map().adjacent(a, b))
    });
    methods.add_method("neighbours", |lua, this, space: Value| {
        let state = this.state();
        let space = space_arg(call::<T>("neighbours"), &space, 1)?;
        lua.create_sequence_from(state.map().neighbours(space).iter().map(SpaceId::name))
    });

    // ----- pieces and control ---------------------------------------------------------------
    methods.add_method("pieces", |lua, this, space: Value| {
        let state = this.state();
        let space = space_arg(call::<T>("pieces"), &space, 1)?;
        pieces_table(lua, state, space)
    });
    methods.add_method("pieces_of", |_, this, (space, faction): (Value, Value)| {
        let state = this.state();
        let space = space_arg(call::<T>("pieces_of"), &space, 1)?;
        let faction = faction_arg(call::<T>("pieces_of"), &faction, 2)?;
        Ok(state.space(space).pieces_of(faction))
    });
    methods.add_method("control", |_, this, space: Value| {
        let state = this.state();
        let space = space_arg(call::<T>("control"), &space, 1)?;
        Ok(state.controller(space).map(|p| p.faction().abbreviation()))
    });
    methods.add_method("controlled_by", |lua, this, player: Value| {
        let state = this.state();
        let player = player_arg(call::<T>("controlled_by"), &player, 1)?;
        lua.create_sequence_from(state.controlled_by(player).map(SpaceId::name))
    });
    methods.add_method("is_tributary", |_, this, space: Value| {
        let state = this.state();
        let space = space_arg(call::<T>("is_tributary"), &space, 1)?;
        Ok(state.is_tributary(space))
    });

    // ----- the tracks -----------------------------------------------------------------------
    methods.add_method("resources", |_, this, player: Value| {
        let state = this.state();
        Ok(state.resources(player_arg(call::<T>("resources"), &player, 1)?))
    });
    methods.add_method("influence", |_, this, player: Value| {
        let state = this.state();
        Ok(state.influence(player_arg(call::<T>("influence"), &player, 1)?))
    });
    methods.add_method("cavalry", |_, this, player: Value| {
        let state = this.state();
        Ok(state.cavalry(player_arg(call::<T>("cavalry"), &player, 1)?))
    });
    methods.add_method("cavalry_pool", |_, this, ()| {
        Ok(this.state().cavalry_pool())
    });
    methods.add_method("victory_points", |_, this, player: Value| {
        let state = this.state();
        Ok(state.victory_points(player_arg(call::<T>("victory_points"), &player, 1)?))
    });
    methods.add_method("dynasty", |_, this, ()| {
        Ok(this.state().dynasty().to_string())
    });
    methods.add_method("eligibility", |_, this, player: Value| {
        let state = this.state();
        let player = player_arg(call::<T>("eligibility"), &player, 1)?;
        Ok(format!("{:?}", state.eligibility(player)))
    });
    methods.add_method("available", |_, this, kind: Value| {
        let state = this.state();
        Ok(state
            .available()
            .get(kind_arg(call::<T>("available"), &kind, 1)?))
    });
    methods.add_method("on_map", |_, this, kind: Value| {
        let state = this.state();
        Ok(state.on_map(kind_arg(call::<T>("on_map"), &kind, 1)?))
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

/// A space named by its printed name (case, spaces and hyphens ignored).
pub(crate) fn space_arg(call: Call, value: &Value, position: usize) -> mlua::Result<SpaceId> {
    let name = string_arg(call, value, position, "space name")?;
    name.parse::<SpaceId>().map_err(|_| {
        let names: Vec<&str> = SpaceId::ALL.iter().map(|s| s.name()).collect();
        argument_error(
            call,
            position,
            format!(
                "unknown space {:?}; the spaces are {}",
                &*name,
                names.join(", ")
            ),
        )
    })
}

/// A player faction: DS, BK, VN or a name.
pub(crate) fn player_arg(call: Call, value: &Value, position: usize) -> mlua::Result<Player> {
    let name = string_arg(call, value, position, "player (DS, BK or VN)")?;
    name.parse::<Player>()
        .map_err(|message| argument_error(call, position, message))
}

/// A faction, the Mongols (MI) included.
pub(crate) fn faction_arg(call: Call, value: &Value, position: usize) -> mlua::Result<Faction> {
    let name = string_arg(call, value, position, "faction (DS, BK, VN or MI)")?;
    Faction::ALL
        .into_iter()
        .find(|f| {
            [f.abbreviation(), f.name(), &format!("{f:?}")]
                .iter()
                .any(|n| n.eq_ignore_ascii_case(name.trim()))
        })
        .ok_or_else(|| {
            argument_error(
                call,
                position,
                format!("unknown faction {:?} (expected DS, BK, VN or MI)", &*name),
            )
        })
}

/// A piece kind, singular or plural, in any case.
pub(crate) fn kind_arg(call: Call, value: &Value, position: usize) -> mlua::Result<PieceKind> {
    let name = string_arg(call, value, position, "piece kind")?;
    let name = name.trim();
    PieceKind::ALL
        .into_iter()
        .find(|k| k.name(1).eq_ignore_ascii_case(name) || k.name(2).eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            argument_error(
                call,
                position,
                format!(
                    "unknown piece kind {name:?} (expected Troop, Governor, Qasbah, Amir, Fort, \
                     Raja, Temple or Mongol)"
                ),
            )
        })
}
