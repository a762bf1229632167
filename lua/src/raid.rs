//! Scripts for the kingdom raid dice game: the read-only `game` object of a
//! [`darbar::raid::State`], [`Host::run_raid`] and [`Host::evaluate_raid`] to run a script
//! against one, and [`RaidScriptBot`], a bot whose choices a Lua script makes.
//!
//! The raid game has no cards, but its state reaches scripts through the same [`Host`]: the
//! same sandbox, the same [`Limits`], `math.random` drawing from the generator
//! the caller lends, and `game` lent read-only for the length of the call.
//!
//! `game` shows what the **player** knows (RG-9): a site's values are its last observed ones,
//! and `nil` until it has been seen; the true values never reach a script. Sites are named as
//! in actions (`"village-2"`, `"fort-1"`), talents by their codes (`"night-raid"`).
//!
//! | Method | Returns |
//! |---|---|
//! | `game:seed()`, `game:turn()` | the game's seed; the turn (day), from 1 |
//! | `game:phase()` | `"scout"`, `"raid"`, `"plunder"`, `"settlement"` or `"over"` |
//! | `game:decision()` | `"scout"`, `"raid"`, `"plunder"`, `"talent"`, `"settlement"`, or `nil` once over |
//! | `game:legal_actions()` | the legal actions as text (`"raid village-2"`, `"trade buy-food"`, `"end-raids"`) |
//! | `game:is_legal(action)` | whether that text is a legal action now |
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

use darbar::engine::GameRng;
use darbar::raid::{
    Action, DecisionKind, Ending, Phase, Resources, SiteId, SiteKind, State, Talent, TalentSet,
    UnitSet, WarStatus,
};
use mlua::{Lua, MetaMethod, Table, UserDataMethods, Value};

use crate::host::Evaluation;
use crate::view::{Call, argument_error, string_arg};
use crate::{Host, Limits, ScriptError, ScriptValue};

/// The example bot of `lua/examples/raid_bot.lua`: raid the weakest known site when strong
/// enough, otherwise scout; buy food when short.
pub const RAID_BOT_EXAMPLE: &str = include_str!("../examples/raid_bot.lua");

/// The chunk name of a bot's script, in its error messages.
const BOT_CHUNK: &str = "raid bot";

/// Registers the methods of `game` for userdata that borrow a raid [`State`], once per Lua
/// state.
pub(crate) fn register(lua: &Lua) -> mlua::Result<()> {
    lua.register_userdata_type::<State>(|methods| {
        methods.add_meta_method(MetaMethod::ToString, |_, state, ()| {
            Ok(format!(
                "Kingdom raid game (seed {}, read-only)",
                state.seed()
            ))
        });
        add_methods(methods);
    })
}

fn call(method: &'static str) -> Call {
    Call {
        object: "game",
        method,
        field: None,
    }
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

fn add_methods<M: UserDataMethods<State>>(methods: &mut M) {
    // ----- the turn -------------------------------------------------------------------------
    methods.add_method("seed", |_, state, ()| Ok(state.seed()));
    methods.add_method("turn", |_, state, ()| Ok(state.turn()));
    methods.add_method("phase", |_, state, ()| Ok(phase_code(state.phase())));
    methods.add_method("decision", |_, state, ()| {
        Ok(state.decision().map(|d| decision_code(d.kind)))
    });
    methods.add_method("legal_actions", |lua, state, ()| {
        lua.create_sequence_from(state.legal_actions().iter().map(Action::to_string))
    });
    methods.add_method("is_legal", |_, state, action: Value| {
        let text = string_arg(call("is_legal"), &action, 1, "action text")?;
        Ok(text
            .parse::<Action>()
            .is_ok_and(|a| state.legal_actions().contains(&a)))
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

impl Host {
    /// Runs `source` against a read-only view of a raid game's `state` (the `game` object of
    /// [`crate::raid`]) and returns its first return value: [`Host::evaluate`] for the raid
    /// game, with the same sandbox, limits and compiled-chunk cache.
    ///
    /// `math.random` draws from `rng`. The state is never changed; `rng` advances by what the
    /// script drew, even when the call then fails.
    ///
    /// ```
    /// use darbar::engine::GameRng;
    /// use darbar::raid::{Action, State};
    /// use darbar_lua::{Host, ScriptValue};
    ///
    /// let mut host = Host::new();
    /// let mut state = State::new(3);
    /// state.apply("scout village-1".parse::<Action>().unwrap()).unwrap();
    /// let mut rng = GameRng::from_seed_u64(3);
    /// let script = r#"
    ///     -- Villages seen so far, and the soldiers seen there.
    ///     local seen = {}
    ///     for _, name in ipairs(game:sites("village")) do
    ///         local site = game:site(name)
    ///         if site.seen then seen[#seen + 1] = name .. ": " .. site.soldiers end
    ///     end
    ///     return seen
    /// "#;
    /// let soldiers = state.known_site("village-1".parse().unwrap()).unwrap().resources.soldiers;
    /// let value = host.evaluate_raid(&state, &mut rng, script, "seen villages").unwrap();
    /// assert_eq!(value.to_string(), format!(r#"{{"village-1: {soldiers}"}}"#));
    /// ```
    pub fn evaluate_raid(
        &mut self,
        state: &State,
        rng: &mut GameRng,
        source: &str,
        chunk_name: &str,
    ) -> Result<ScriptValue, ScriptError> {
        self.run_raid(state, rng, source, chunk_name)
            .map(|evaluation| evaluation.value)
    }

    /// As [`Host::evaluate_raid`], and also returns what the script printed.
    ///
    /// ```
    /// use darbar::engine::GameRng;
    /// use darbar::raid::State;
    /// use darbar_lua::Host;
    ///
    /// let mut host = Host::new();
    /// let script = r#"print("day", game:turn(), game:phase()) return game:camp().food"#;
    /// let run = host
    ///     .run_raid(&State::new(1), &mut GameRng::from_seed_u64(1), script, "demo")
    ///     .unwrap();
    /// assert_eq!(run.log, ["day\t1\tscout"]);
    /// assert_eq!(run.value.to_string(), "10");
    /// ```
    pub fn run_raid(
        &mut self,
        state: &State,
        rng: &mut GameRng,
        source: &str,
        chunk_name: &str,
    ) -> Result<Evaluation, ScriptError> {
        self.run_lent(state, rng, source, chunk_name, false)
    }
}

/// A raid-game bot whose choices a Lua script makes.
///
/// The script returns a function; each [`RaidScriptBot::choose`] runs the script in a fresh
/// sandbox and calls that function with `game` (see [`crate::raid`]). The function returns
/// the text of one of `game:legal_actions()`. (A script may also return the text directly.)
/// `math.random` draws from the bot's own generator, seeded by [`RaidScriptBot::with_seed`]:
/// a copy of the game's generator would let a script foresee the GM's dice.
///
/// ```
/// use darbar::raid::State;
/// use darbar_lua::RaidScriptBot;
///
/// let mut bot = RaidScriptBot::new(r#"
///     return function(game)
///         local legal = game:legal_actions()
///         return legal[#legal]  -- always the last choice: end each phase
///     end
/// "#)?;
/// let mut state = State::new(5);
/// while !state.is_over() {
///     let action = bot.choose(&state)?;
///     state.apply(action).unwrap();
/// }
/// # Ok::<(), darbar_lua::ScriptError>(())
/// ```
#[derive(Debug)]
pub struct RaidScriptBot {
    host: Host,
    source: String,
    rng: GameRng,
    log: Vec<String>,
}

impl RaidScriptBot {
    /// A bot running `source`, its generator seeded with 0. A syntax error is refused here.
    pub fn new(source: &str) -> Result<RaidScriptBot, ScriptError> {
        RaidScriptBot::with_seed(source, 0)
    }

    /// A bot running `source`, with `math.random` drawing from a generator seeded with `seed`.
    pub fn with_seed(source: &str, seed: u64) -> Result<RaidScriptBot, ScriptError> {
        let mut host = Host::new();
        host.compile(source, BOT_CHUNK)?;
        Ok(RaidScriptBot {
            host,
            source: source.to_owned(),
            rng: GameRng::from_seed_u64(seed),
            log: Vec::new(),
        })
    }

    /// The example bot ([`RAID_BOT_EXAMPLE`]), seeded with `seed`.
    ///
    /// ```
    /// use darbar::raid::State;
    /// use darbar_lua::RaidScriptBot;
    ///
    /// let mut bot = RaidScriptBot::example(1);
    /// let mut state = State::new(1);
    /// let actions = bot.play(&mut state, 10_000).unwrap();
    /// assert!(state.is_over() && actions > 0);
    /// ```
    pub fn example(seed: u64) -> RaidScriptBot {
        // The shipped script compiles: `tests/raid.rs` checks it.
        RaidScriptBot::with_seed(RAID_BOT_EXAMPLE, seed).expect("the example raid bot compiles")
    }

    /// The limits each choice runs under.
    pub fn limits(&self) -> Limits {
        self.host.limits()
    }

    /// Changes the limits for later choices.
    pub fn set_limits(&mut self, limits: Limits) {
        self.host.set_limits(limits);
    }

    /// What the script printed during the last choice.
    pub fn last_log(&self) -> &[String] {
        &self.log
    }

    /// The script's choice for `state`: one of [`State::legal_actions`]. A script that fails,
    /// returns something other than a string, or names an action that is not legal now gives
    /// a [`ScriptError`]; so does a game that is over. The state is never changed.
    pub fn choose(&mut self, state: &State) -> Result<Action, ScriptError> {
        let refuse = |message: String| ScriptError::Runtime {
            message,
            line: None,
        };
        let legal = state.legal_actions();
        if legal.is_empty() {
            return Err(refuse(
                "the game is over: there is nothing to choose".into(),
            ));
        }
        self.log.clear();
        let run = self
            .host
            .run_lent(state, &mut self.rng, &self.source, BOT_CHUNK, true)?;
        self.log = run.log;
        let ScriptValue::String(text) = &run.value else {
            return Err(refuse(format!(
                "the bot returned {}, not the text of an action",
                run.value
            )));
        };
        let action: Action = text
            .parse()
            .map_err(|e| refuse(format!("the bot returned {text:?}: {e}")))?;
        if !legal.contains(&action) {
            let listed: Vec<String> = legal.iter().map(Action::to_string).collect();
            return Err(refuse(format!(
                "the bot chose {text:?}, which is not legal now (the legal actions: {})",
                listed.join(", ")
            )));
        }
        Ok(action)
    }

    /// Plays `state` with the bot's choices until the game ends or `max_actions` actions have
    /// been applied, and returns how many were applied.
    pub fn play(&mut self, state: &mut State, max_actions: usize) -> Result<usize, ScriptError> {
        for applied in 0..max_actions {
            if state.is_over() {
                return Ok(applied);
            }
            let action = self.choose(state)?;
            // A legal action always applies.
            state.apply(action).map_err(|e| ScriptError::Runtime {
                message: e.to_string(),
                line: None,
            })?;
        }
        Ok(max_actions)
    }
}
