//! The kingdom raid game's `game` object: the generic methods of every game
//! ([`crate::game`]) and the raid queries below, and [`RAID_BOT_EXAMPLE`], a
//! [`ScriptBot`] for it.
//!
//! `game` shows what the **player** knows (RG-9): a site's values are its last observed ones,
//! and `nil` until it has been seen; the true values never reach a script. Sites are named as
//! in actions (`"village-2"`, `"fort-1"`), talents by their codes (`"night-raid"`). The one
//! seat is 0, the raider.
//!
//! `game:seed()`, `game:legal_actions()` and `game:is_legal(action)` are the generic ones;
//! `game:decision()` is the raid game's own (a code, below) and replaces the generic table.
//!
//! | Method | Returns |
//! |---|---|
//! | `game:turn()` | the turn (day), from 1 |
//! | `game:phase()` | `"scout"`, `"raid"`, `"plunder"`, `"settlement"` or `"over"` |
//! | `game:decision()` | `"scout"`, `"raid"`, `"plunder"`, `"talent"`, `"settlement"`, or `nil` once over |
//! | `game:camp()` | `{soldiers, weapons, funds, food, slaves}` of the camp |
//! | `game:strength()` | `min(soldiers, weapons)` (RG-5.2.1) |
//! | `game:unit_power()` | the strength the unique units with the camp add (ruling 11) |
//! | `game:fatigue()` | the fatigue of the next raid today, or of the raid being plundered (ruling 20) |
//! | `game:power()` | the strength of the next raid: strength + unit power − fatigue |
//! | `game:talents()` | the camp's own talents; `game:army_talents()`: its units' too |
//! | `game:has_talent(code)` | whether the army has the talent |
//! | `game:pending_talents()` | talents earned by recruitment and not chosen yet |
//! | `game:units()` | ids of the unique units with the camp |
//! | `game:recruited()` | soldiers recruited in the campaign so far |
//! | `game:sites([kind])` | site names, forts first; only `"fort"`, `"town"`, `"village"` or `"castle"` with a kind |
//! | `game:site(name)` | what the player knows of a site (below) |
//! | `game:known(name)` | the site's last seen `{soldiers, weapons, funds, food, slaves}`, or `nil` |
//! | `game:war_status(fort)` | the fort's status (`"solid"` … `"fallen"`), `nil` for other sites |
//! | `game:ladder()` | `{"solid", "fighting_well", "balanced", "disadvantaged", "crisis", "fallen"}` (RG-2.2) |
//! | `game:front_fort()` | the fort the war-status roll moves (ruling 15), or `nil` |
//! | `game:raided()` | the sites raided today, in order |
//! | `game:plunder()` | `{site, step, fatigue}` of the continued plunder under way (`step`: the next), or `nil` |
//! | `game:score()` | the score of ruling 26 if the game ended now |
//! | `game:final_score()` | the final score and its rank, or `nil` before an "Empire arrives" ending |
//! | `game:ending()` | `"death"`, `"rebellion"`, `"empire_arrives"`, or `nil` |
//!
//! `game:site(name)` returns `name`, `kind`, `number`, `in_play` (castles are reserved unless
//! the variant is on), `revealed`, `seen` (whether the player has seen it), `seen_turn`,
//! `soldiers`, `weapons`, `funds`, `food`, `slaves` and `units` (the unique units seen there),
//! each `nil` until seen, `talents` (the site's fixed talents, RG-2.1), `sacked`, `raidable`,
//! `raided_today`, and for forts `war_status` and `war_index` (0 to 5).

use darbar::raid::{
    DecisionKind, Ending, Phase, Raid, Resources, SiteId, SiteKind, State, Talent, TalentSet,
    UnitSet, WarStatus,
};
use mlua::{Lua, Table, UserDataMethods, Value};

use crate::args::{Call, argument_error, string_arg};
use crate::{LuaGame, ScriptBot};

/// The example bot of `lua/examples/raid_bot.lua`: raid the weakest known site when strong
/// enough, otherwise scout; buy food when short.
pub const RAID_BOT_EXAMPLE: &str = include_str!("../../examples/raid_bot.lua");

impl LuaGame for Raid {
    const TITLE: &'static str = "Kingdom raid";

    fn add_methods<M: UserDataMethods<State>>(methods: &mut M) {
        add_raid_methods(methods);
    }
}

impl ScriptBot<Raid> {
    /// The example bot ([`RAID_BOT_EXAMPLE`]), seeded with `seed`.
    ///
    /// ```
    /// use darbar::engine::Game;
    /// use darbar::raid::Raid;
    /// use darbar_lua::ScriptBot;
    ///
    /// let game = Raid::default();
    /// let mut bot = ScriptBot::<Raid>::example(1);
    /// let mut state = game.new_initial_state(1);
    /// let actions = bot.play(&game, &mut state, 10_000).unwrap();
    /// assert!(game.is_terminal(&state) && actions > 0);
    /// ```
    pub fn example(seed: u64) -> ScriptBot<Raid> {
        // The shipped script compiles: `tests/raid.rs` checks it.
        ScriptBot::with_seed(RAID_BOT_EXAMPLE, seed).expect("the example raid bot compiles")
    }
}

fn call(method: &'static str) -> Call {
    Call::game(method)
}

fn phase_code(phase: Phase) -> &'static str {
    match phase {
        Phase::Scout => "scout",
        Phase::Raid => "raid",
        Phase::Plunder => "plunder",
        Phase::Settlement => "settlement",
        Phase::Over => "over",
    }
}

fn decision_code(kind: DecisionKind) -> &'static str {
    match kind {
        DecisionKind::Scout => "scout",
        DecisionKind::Raid { .. } => "raid",
        DecisionKind::Plunder { .. } => "plunder",
        DecisionKind::Talent => "talent",
        DecisionKind::Settlement => "settlement",
    }
}

fn war_code(status: WarStatus) -> &'static str {
    match status {
        WarStatus::Solid => "solid",
        WarStatus::FightingWell => "fighting_well",
        WarStatus::Balanced => "balanced",
        WarStatus::Disadvantaged => "disadvantaged",
        WarStatus::Crisis => "crisis",
        WarStatus::Fallen => "fallen",
    }
}

fn ending_code(ending: Ending) -> &'static str {
    match ending {
        Ending::Death => "death",
        Ending::Rebellion { .. } => "rebellion",
        Ending::EmpireArrives => "empire_arrives",
    }
}

fn site_names(lua: &Lua, sites: impl IntoIterator<Item = SiteId>) -> mlua::Result<Table> {
    lua.create_sequence_from(sites.into_iter().map(|s| s.to_string()))
}

fn talent_codes(lua: &Lua, talents: TalentSet) -> mlua::Result<Table> {
    lua.create_sequence_from(talents.iter().map(Talent::code))
}

fn unit_ids(lua: &Lua, units: UnitSet) -> mlua::Result<Table> {
    lua.create_sequence_from(units.iter().map(|u| u.entry().id.clone()))
}

fn resources_table(lua: &Lua, resources: &Resources) -> mlua::Result<Table> {
    let table = lua.create_table_with_capacity(0, 5)?;
    table.raw_set("soldiers", resources.soldiers)?;
    table.raw_set("weapons", resources.weapons)?;
    table.raw_set("funds", resources.funds)?;
    table.raw_set("food", resources.food)?;
    table.raw_set("slaves", resources.slaves)?;
    Ok(table)
}

/// A site named as in actions: `"village-2"`.
fn site_arg(call: Call, value: &Value, position: usize) -> mlua::Result<SiteId> {
    let name = string_arg(call, value, position, "site name")?;
    name.trim().parse::<SiteId>().map_err(|message| {
        argument_error(
            call,
            position,
            format!("{message}; the sites are fort-1 to fort-3, town-1 to town-3, village-1 to village-6, castle-1 and castle-2"),
        )
    })
}

/// What the player knows of `site` (RG-9): never its true values.
fn site_table(lua: &Lua, state: &State, site: SiteId) -> mlua::Result<Table> {
    let view = state
        .view()
        .sites
        .into_iter()
        .find(|v| v.site == site)
        .ok_or_else(|| mlua::Error::RuntimeError(format!("no view of {site}")))?;
    let table = lua.create_table_with_capacity(0, 20)?;
    table.raw_set("name", site.to_string())?;
    table.raw_set("kind", site.kind().name())?;
    table.raw_set("number", site.number())?;
    table.raw_set("in_play", state.in_play(site))?;
    table.raw_set("revealed", view.revealed)?;
    table.raw_set("sacked", view.sacked)?;
    table.raw_set("raidable", view.raidable)?;
    table.raw_set("raided_today", state.raided_this_turn().contains(&site))?;
    table.raw_set("talents", talent_codes(lua, state.site_talents(site))?)?;
    if let Some(status) = view.war_status {
        table.raw_set("war_status", war_code(status))?;
        table.raw_set("war_index", status.index())?;
    }
    table.raw_set("seen", view.last_seen.is_some())?;
    if let Some(seen) = view.last_seen {
        table.raw_set("seen_turn", seen.turn)?;
        table.raw_set("soldiers", seen.resources.soldiers)?;
        table.raw_set("weapons", seen.resources.weapons)?;
        table.raw_set("funds", seen.resources.funds)?;
        table.raw_set("food", seen.resources.food)?;
        table.raw_set("slaves", seen.resources.slaves)?;
        table.raw_set("units", unit_ids(lua, seen.units)?)?;
    }
    Ok(table)
}

/// The fatigue of the next raid today, or of the raid being plundered (ruling 20).
fn fatigue(state: &State) -> u32 {
    match state.plunder() {
        Some(plunder) => plunder.fatigue,
        None => state.fatigue(state.raided_this_turn().len() + 1),
    }
}

fn add_raid_methods<M: UserDataMethods<State>>(methods: &mut M) {
    // ----- the turn -------------------------------------------------------------------------
    methods.add_method("turn", |_, state, ()| Ok(state.turn()));
    methods.add_method("phase", |_, state, ()| Ok(phase_code(state.phase())));
    methods.add_method("decision", |_, state, ()| {
        Ok(state.decision().map(|d| decision_code(d.kind)))
    });

    // ----- the camp -------------------------------------------------------------------------
    methods.add_method("camp", |lua, state, ()| {
        resources_table(lua, state.player())
    });
    methods.add_method("strength", |_, state, ()| Ok(state.player().strength()));
    methods.add_method("unit_power", |_, state, ()| Ok(state.unit_power()));
    methods.add_method("fatigue", |_, state, ()| Ok(fatigue(state)));
    methods.add_method("power", |_, state, ()| {
        Ok(state.player_power(fatigue(state)))
    });
    methods.add_method("talents", |lua, state, ()| {
        talent_codes(lua, state.talents())
    });
    methods.add_method("army_talents", |lua, state, ()| {
        talent_codes(lua, state.army_talents())
    });
    methods.add_method("has_talent", |_, state, talent: Value| {
        let code = string_arg(call("has_talent"), &talent, 1, "talent code")?;
        let talent = code.trim().parse::<Talent>().map_err(|message| {
            let codes: Vec<&str> = Talent::ALL.iter().map(|t| t.code()).collect();
            argument_error(
                call("has_talent"),
                1,
                format!("{message}; the talents are {}", codes.join(", ")),
            )
        })?;
        Ok(state.has_talent(talent))
    });
    methods.add_method(
        "pending_talents",
        |_, state, ()| Ok(state.pending_talents()),
    );
    methods.add_method("units", |lua, state, ()| unit_ids(lua, state.army()));
    methods.add_method("recruited", |_, state, ()| Ok(state.recruited_total()));

    // ----- the sites ------------------------------------------------------------------------
    methods.add_method("sites", |lua, _, kind: Option<Value>| {
        let Some(kind) = kind else {
            return site_names(lua, SiteId::ALL);
        };
        let name = string_arg(call("sites"), &kind, 1, "site kind")?;
        let kind = SiteKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| {
                argument_error(
                    call("sites"),
                    1,
                    format!(
                        "unknown site kind {:?} (expected fort, town, village or castle)",
                        &*name
                    ),
                )
            })?;
        site_names(lua, SiteId::ALL.into_iter().filter(|s| s.kind() == kind))
    });
    methods.add_method("site", |lua, state, site: Value| {
        site_table(lua, state, site_arg(call("site"), &site, 1)?)
    });
    methods.add_method("known", |lua, state, site: Value| {
        let site = site_arg(call("known"), &site, 1)?;
        state
            .known_site(site)
            .map(|seen| resources_table(lua, &seen.resources))
            .transpose()
    });
    methods.add_method("war_status", |_, state, site: Value| {
        let site = site_arg(call("war_status"), &site, 1)?;
        Ok(state.war_status(site).map(war_code))
    });
    methods.add_method("ladder", |lua, _, ()| {
        lua.create_sequence_from(WarStatus::LADDER.map(war_code))
    });
    methods.add_method("front_fort", |_, state, ()| {
        Ok(state.front_fort().map(|f| f.to_string()))
    });
    methods.add_method("raided", |lua, state, ()| {
        site_names(lua, state.raided_this_turn().iter().copied())
    });
    methods.add_method("plunder", |lua, state, ()| {
        let Some(plunder) = state.plunder() else {
            return Ok(None);
        };
        let table = lua.create_table_with_capacity(0, 3)?;
        table.raw_set("site", plunder.site.to_string())?;
        table.raw_set("step", plunder.steps + 1)?;
        table.raw_set("fatigue", plunder.fatigue)?;
        Ok(Some(table))
    });

    // ----- the end --------------------------------------------------------------------------
    methods.add_method("score", |_, state, ()| Ok(state.score()));
    methods.add_method("final_score", |_, state, ()| {
        Ok(match state.final_score() {
            Some((score, rank)) => (Some(score), Some(rank)),
            None => (None, None),
        })
    });
    methods.add_method("ending", |_, state, ()| Ok(state.ending().map(ending_code)));
}
