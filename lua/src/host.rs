//! [`Host`]: one sandboxed Lua 5.4 state that evaluates scripts against a state of any
//! [`LuaGame`].
//!
//! # How a call runs
//!
//! 1. The chunk is compiled once per host and name ([`Host::compile`]); a later call with the
//!    same name and source reuses the compiled function.
//! 2. Inside [`mlua::Lua::scope`], the call gets a **fresh global table**: copies of the allowed
//!    libraries, `print` writing to this call's log, `math.random` drawing from the generator
//!    the caller lends, and `game`, a read-only view borrowing the state and the rules
//!    ([`crate::game`]); its methods are registered the first time a state of that game is
//!    lent. Scoped values die with
//!    the scope, so nothing a script keeps can reach the state or the generator later, and
//!    nothing one call sets up is seen by the next.
//! 3. The call runs under an instruction hook, a memory limit and a wall-clock limit
//!    ([`Limits`]), with the collector stopped; library calls are charged for their work
//!    ([`crate::library`]). The script runs in a coroutine of its own: when a limit is exceeded
//!    the hook suspends it and the host abandons it, so nothing of the script runs after that.
//!    The hook and the limits are removed when the call returns, whatever happened, and the
//!    host stays usable.
//!
//! The card host ([`crate::cards`]) runs card effects the same way: the same sandbox, limits and
//! compiled chunks, with a `ctx` object lent `&mut` to a scratch copy of the state; a choice in
//! the middle of an effect re-runs the script from the start with the answers given so far
//! (architecture principle 8). That is why every call starts from a clean environment and
//! chunks are compiled once and reused.

use std::any::TypeId;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;
use std::time::{Duration, Instant};

use darbar::engine::GameRng;
use mlua::chunk::ChunkMode;
use mlua::{
    Function, HookTriggers, IntoLuaMulti, Lua, LuaOptions, LuaString, MultiValue, StdLib, Table,
    Value, Variadic, VmState,
};

use crate::error::Failure;
use crate::library::{self, lua_type_name};
use crate::meter::{Meter, Stop, stop_error};
use crate::{LuaGame, ScriptError, ScriptValue, game, random};

/// The trusted Lua code that builds the sandbox (see the file for what it allows and why).
const SANDBOX: &str = include_str!("sandbox.lua");

/// Put in front of every script, on its first line so line numbers do not move: the chunk's
/// globals are the table the host passes for this call. It also makes every script text (a
/// chunk that starts with Lua's binary signature cannot load as bytecode).
const ENV_PREFIX: &str = "local _ENV = ...; ";

/// The instruction hook fires every this many instructions (or every `instructions`
/// instructions when the budget is smaller).
const HOOK_INTERVAL: u32 = 1_000;

/// The most a call's `print` log keeps, in bytes; later lines are dropped and the log ends with
/// [`LOG_TRUNCATED`]. A line is measured before it is built, so a line too long for the log is
/// never assembled.
pub const MAX_LOG_BYTES: usize = 64 * 1024;

/// The last line of a log that reached [`MAX_LOG_BYTES`].
pub const LOG_TRUNCATED: &str = "[log truncated]";

/// The most of a script's error message a [`ScriptError`] keeps, in bytes (`error(s)` with a
/// string of megabytes would otherwise be copied into every error value).
pub const MAX_MESSAGE_BYTES: usize = 4 * 1024;

/// Between calls, the host collects garbage once the calls since the last collection have
/// allocated this much (the collector is stopped during calls; see [`Limits::memory_bytes`]).
const COLLECT_AFTER_BYTES: usize = 8 * 1024 * 1024;

/// What one script call may use.
///
/// ```
/// use darbar_lua::{Host, Limits};
///
/// let host = Host::with_limits(Limits { instructions: 50_000, ..Limits::default() });
/// assert_eq!(host.limits().instructions, 50_000);
/// assert_eq!(host.limits().memory_bytes, 16 * 1024 * 1024);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// Lua VM instructions a call may execute, library work included: a library call is
    /// charged for the work it does inside its one instruction (see [`crate::library`]: bytes
    /// copied or scanned, pattern steps, values produced). Counted by a hook every 1,000
    /// instructions, so a call stops within 1,000 instructions after the budget is spent.
    /// Deterministic: the same script on the same state always stops at the same point.
    /// Default 10 million (a few tenths of a second at most).
    pub instructions: u64,
    /// Bytes a call may allocate, in all. The collector does not run during a call, so this is
    /// every byte the call allocates (garbage included), not what it holds at the end: work
    /// that allocates as it goes (`s .. s` in a loop) is bounded by it. Default 16 MiB.
    pub memory_bytes: usize,
    /// Wall-clock time a call may take: a last resort for work that neither the budget nor the
    /// memory limit sees (comparing two strings of megabytes in a loop, passing a million
    /// values around as `...`). A script that stays within the budget by honest means ends in a
    /// small fraction of it; unlike the other limits it is not deterministic, so it is set far
    /// above what the budget allows. Default 5 seconds.
    pub wall_time: Duration,
}

impl Limits {
    /// 10 million instructions, 16 MiB and 5 seconds: far more than any card needs, little
    /// enough that a runaway script fails fast.
    pub const DEFAULT: Limits = Limits {
        instructions: 10_000_000,
        memory_bytes: 16 * 1024 * 1024,
        wall_time: Duration::from_secs(5),
    };
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// The result of [`Host::run`]: the script's return value and what it printed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Evaluation {
    /// The script's first return value (`Nil` if it returned nothing).
    pub value: ScriptValue,
    /// One entry per `print` call: the arguments through `tostring`, separated by tabs.
    pub log: Vec<String>,
}

/// A sandboxed Lua 5.4 state for card scripts.
///
/// Scripts get only the `table`, `string`, `math` and `utf8` libraries and a safe part of the
/// base library; `math.random` draws from a [`GameRng`] the caller lends; `game` is a read-only
/// view of the state (see [`crate::game`] and the game's module in [`crate::games`]). Each
/// call runs under [`Limits`].
///
/// ```
/// use darbar::engine::{Game, GameRng};
/// use darbar::vijayanagara::Options;
/// use darbar_lua::{Host, ScriptValue};
///
/// let mut host = Host::new();
/// let game = darbar_lua::vijayanagara(Options::default());
/// let state = game.new_initial_state(2024);
/// let mut rng = GameRng::from_seed_u64(2024);
/// let script = r#"
///     local amirs = 0
///     for _, space in ipairs(game:provinces()) do
///         amirs = amirs + game:pieces(space).amirs
///     end
///     return amirs
/// "#;
/// let amirs = host.evaluate(&game, &state, &mut rng, script, "count amirs");
/// assert_eq!(amirs, Ok(ScriptValue::Integer(8)));
/// ```
///
/// A `Host` is not `Send`: keep one per thread.
pub struct Host {
    lua: Lua,
    limits: Limits,
    /// Builds a call's global table (from the sandbox prelude).
    new_env: Function,
    /// Runs script functions (see [`Runner`]).
    runner: Runner,
    /// The `_ENV` upvalue of every compiled chunk: empty, and shadowed by [`ENV_PREFIX`].
    chunk_env: Table,
    /// What the running call has used of its limits.
    meter: Rc<Meter>,
    /// The memory sentinel of the meter (see [`Meter`]): armed at the start of each call.
    sentinel: Table,
    /// Set by a card's `ctx` when the script must stop for a choice ([`crate::cards`]); the
    /// sandbox's `pcall` re-raises while it is set, exactly as for a spent budget.
    halted: Rc<Cell<bool>>,
    chunks: HashMap<String, CompiledChunk>,
    /// The game whose `game` methods are registered for each state type.
    registered: HashMap<TypeId, TypeId>,
    /// Bytes the calls allocated since the last full collection.
    garbage: Cell<usize>,
}

/// What a call does with the value its chunk returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Returned {
    /// The value is the call's result.
    Value,
    /// A returned function is called with `game` (under the same limits) and its result is
    /// the call's; any other value is the result itself. Script bots work this way.
    CalledWithGame,
}

struct CompiledChunk {
    source: String,
    function: Function,
}

/// Runs script functions for the host.
///
/// Each call runs in a fresh coroutine, through Lua's `xpcall` with the host's message
/// handler. The handler is a Rust function that only looks at the error: Lua calls a message
/// handler inside the error, with the hook off, so no script function may ever be one (the
/// sandbox's `xpcall` runs the script's handler after the error instead). When a limit is
/// exceeded, the hook *yields* the coroutine and the host abandons it: nothing unwinds, so no
/// `__close` handler or error handler of the script runs after its budget is spent (an error
/// raised from the hook would run them inside the hook, where the hook is off). Errors come back
/// as values, without the addresses Lua would print for a table raised as an error.
#[derive(Clone)]
pub(crate) struct Runner {
    lua: Lua,
    /// The sandbox's `run(f, ...)`: `xpcall(f, handler, ...)` in a fresh coroutine, with an
    /// error object that is not a string described by its `__tostring`; `"stopped"` when the
    /// hook suspended it.
    run: Function,
    meter: Rc<Meter>,
    /// The traceback the handler took for the last error object that is not a string (the
    /// object itself is described after the call).
    traceback: Rc<RefCell<String>>,
}

impl Runner {
    /// Calls `f` with `args`; the script's errors as mlua errors.
    pub(crate) fn call(&self, f: &Function, args: impl IntoLuaMulti) -> mlua::Result<MultiValue> {
        let mut all = args.into_lua_multi(&self.lua)?;
        all.push_front(Value::Function(f.clone()));
        let mut out: MultiValue = self.run.call(all)?;
        match out.pop_front() {
            Some(Value::String(s)) if s.as_bytes() == b"stopped" => {
                // The hook yielded: a limit was exceeded (the coroutine is never resumed).
                Err(stop_error(self.meter.stop().unwrap_or(Stop::Budget)))
            }
            Some(Value::Boolean(true)) => Ok(out),
            _ => {
                let error = out.pop_front().unwrap_or(Value::Nil);
                let described = out.pop_front();
                Err(self.error_of(error, described))
            }
        }
    }

    /// The first value `f` returns.
    pub(crate) fn call_one(&self, f: &Function, args: impl IntoLuaMulti) -> mlua::Result<Value> {
        Ok(self.call(f, args)?.pop_front().unwrap_or(Value::Nil))
    }

    /// The error a failed call returned, with the text the sandbox gave an error object.
    fn error_of(&self, value: Value, described: Option<Value>) -> mlua::Error {
        match (value, described) {
            (Value::Error(error), _) => *error,
            (_, Some(Value::String(text))) => {
                let traceback = self.traceback.take();
                mlua::Error::RuntimeError(format!("{}\n{traceback}", capped(&text)))
            }
            // Not seen by the handler: Lua raised it without one (out of memory, or an error
            // in the handler itself).
            (Value::String(s), _) if s.as_bytes() == b"not enough memory" => {
                mlua::Error::MemoryError("not enough memory".into())
            }
            (Value::String(s), _) => mlua::Error::RuntimeError(capped(&s)),
            (other, _) => mlua::Error::RuntimeError(format!(
                "(error object is a {} value)",
                lua_type_name(&other)
            )),
        }
    }
}

/// The line of a `print` or `ctx:log` call: `parts` tab-separated, if the line takes at most
/// `room` bytes. The length is known before the line is built.
pub(crate) fn line_of(parts: &[LuaString], room: usize) -> Option<String> {
    let mut total = parts.len().saturating_sub(1);
    for part in parts {
        total = total.saturating_add(part.as_bytes().len());
        if total > room {
            return None;
        }
    }
    Some(
        parts
            .iter()
            .map(|p| p.to_string_lossy())
            .collect::<Vec<_>>()
            .join("\t"),
    )
}

/// The strings the sandbox's `print` hands its sink, `parts[1..=n]`; `None` as soon as they
/// cannot fit in `room` bytes (so a line too long for the log is never read out, let alone
/// built).
pub(crate) fn print_parts(
    parts: &Table,
    n: usize,
    room: usize,
) -> mlua::Result<Option<Vec<LuaString>>> {
    if n.saturating_sub(1) > room {
        return Ok(None);
    }
    let mut total = n.saturating_sub(1);
    let mut out = Vec::with_capacity(n);
    for i in 1..=n {
        let part: LuaString = parts.raw_get(i)?;
        total = total.saturating_add(part.as_bytes().len());
        if total > room {
            return Ok(None);
        }
        out.push(part);
    }
    Ok(Some(out))
}

/// Adds what a `print` call printed to `log`.
fn print_to(log: &RefCell<Log>, parts: &Table, n: usize) -> mlua::Result<()> {
    let Some(room) = log.borrow().room() else {
        return Ok(());
    };
    match print_parts(parts, n, room)?.and_then(|parts| line_of(&parts, room)) {
        Some(line) => log.borrow_mut().push(line),
        None => log.borrow_mut().truncate(),
    }
    Ok(())
}

/// At most [`MAX_MESSAGE_BYTES`] of a Lua string, as text.
fn capped(s: &LuaString) -> String {
    let bytes = s.as_bytes();
    if bytes.len() <= MAX_MESSAGE_BYTES {
        return String::from_utf8_lossy(&bytes).into_owned();
    }
    let mut text = String::from_utf8_lossy(&bytes[..MAX_MESSAGE_BYTES]).into_owned();
    text.push_str(&format!("… ({} bytes in all)", bytes.len()));
    text
}

/// The instruction hook: counts, and once a limit is exceeded yields the script's coroutine,
/// which the host then abandons (see [`Runner`]). If the yield did not happen (the script runs
/// where Lua cannot yield, which the sandbox leaves no way to do) the next hook raises the limit's
/// error instead.
fn hook(meter: &Meter, instructions: u64) -> mlua::Result<VmState> {
    match meter.tick(instructions) {
        Ok(()) => Ok(VmState::Continue),
        Err(error) if meter.yield_once() => {
            drop(error);
            Ok(VmState::Yield)
        }
        Err(error) => Err(error),
    }
}

/// The traceback of an error, which names the script's line.
fn traceback(lua: &Lua) -> String {
    lua.traceback(None, 1)
        .map(|t| t.to_string_lossy())
        .unwrap_or_default()
}

/// The message handler of every script call (see [`Runner`]): a string error gets the
/// traceback that names the script's line; an error object is left as it is, its traceback
/// kept in `kept`.
fn message_handler(lua: &Lua, value: Value, kept: &RefCell<String>) -> mlua::Result<Value> {
    let text = match &value {
        Value::Error(_) => return Ok(value),
        Value::Table(_)
        | Value::Function(_)
        | Value::UserData(_)
        | Value::Thread(_)
        | Value::LightUserData(_) => {
            *kept.borrow_mut() = traceback(lua);
            return Ok(value);
        }
        Value::String(s) => capped(s),
        Value::Nil => "nil".to_owned(),
        Value::Boolean(b) => b.to_string(),
        Value::Integer(_) | Value::Number(_) => lua
            .coerce_string(value.clone())?
            .map(|s| s.to_string_lossy())
            .unwrap_or_default(),
        _ => return Ok(value),
    };
    Ok(Value::Error(Box::new(mlua::Error::RuntimeError(format!(
        "{text}\n{}",
        traceback(lua)
    )))))
}

impl Host {
    /// A host with the default [`Limits`].
    ///
    /// # Panics
    ///
    /// Only if Lua cannot allocate its initial state, that is when the process is out of
    /// memory.
    pub fn new() -> Host {
        Host::with_limits(Limits::DEFAULT)
    }

    /// A host with the given limits.
    ///
    /// # Panics
    ///
    /// As [`Host::new`].
    pub fn with_limits(limits: Limits) -> Host {
        // Setting up runs only trusted code on a new state, so a failure is out of memory.
        Host::build(limits).expect("creating the Lua sandbox (out of memory?)")
    }

    fn build(limits: Limits) -> mlua::Result<Host> {
        // The coroutine library is for the prelude only (it runs each call in a coroutine);
        // scripts never see it.
        let libraries =
            StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8 | StdLib::COROUTINE;
        let lua = Lua::new_with(libraries, LuaOptions::new())?;
        let sentinel = lua.create_table()?;
        let weak = lua.create_table()?;
        weak.raw_set("__mode", "v")?;
        sentinel.set_metatable(Some(weak))?;
        let meter = Rc::new(Meter::new(sentinel.clone()));
        let halted = Rc::new(Cell::new(false));
        let spent = {
            let (meter, halted) = (Rc::clone(&meter), Rc::clone(&halted));
            lua.create_function(move |_, ()| Ok(meter.stop().is_some() || halted.get()))?
        };
        let err = lua.create_table()?;
        let primitives = library::primitives(&lua, &meter, &err)?;
        let kept = Rc::new(RefCell::new(String::new()));
        let handler = {
            let kept = Rc::clone(&kept);
            lua.create_function(move |lua, value: Value| message_handler(lua, value, &kept))?
        };
        let sandbox: Table = lua
            .load(SANDBOX)
            .set_name("=darbar sandbox")
            .set_mode(ChunkMode::Text)
            .call((spent, primitives, err, handler))?;
        let runner = Runner {
            lua: lua.clone(),
            run: sandbox.get("run")?,
            meter: Rc::clone(&meter),
            traceback: kept,
        };
        let chunk_env = lua.create_table()?;
        Ok(Host {
            new_env: sandbox.get("new_env")?,
            lua,
            limits,
            runner,
            chunk_env,
            meter,
            sentinel,
            halted,
            chunks: HashMap::new(),
            registered: HashMap::new(),
            garbage: Cell::new(0),
        })
    }

    /// The limits every call runs under.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Changes the limits for later calls.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// How many compiled chunks the host keeps (one per chunk name).
    pub fn cached_chunks(&self) -> usize {
        self.chunks.len()
    }

    /// Compiles `source` under `chunk_name` and keeps it for later calls with that name, so a
    /// card's script can be checked when it is loaded. Calls compile on demand anyway; compiling
    /// a name again with a different source replaces the old chunk.
    ///
    /// ```
    /// use darbar_lua::{Host, ScriptError};
    ///
    /// let mut host = Host::new();
    /// assert_eq!(host.compile("return 1", "ok"), Ok(()));
    /// let err = host.compile("return = 1", "broken").unwrap_err();
    /// assert!(matches!(err, ScriptError::Syntax { line: Some(1), .. }));
    /// assert_eq!(host.cached_chunks(), 1);
    /// ```
    pub fn compile(&mut self, source: &str, chunk_name: &str) -> Result<(), ScriptError> {
        self.function(source, chunk_name).map(drop)
    }

    /// Runs `source` against a read-only view of `state`, a state of `game`, and returns its
    /// first return value.
    ///
    /// `math.random` draws from `rng` (usually a copy of the state's generator that the caller
    /// commits if the result is used). `chunk_name` names the chunk in error messages and keys
    /// the compiled-chunk cache. The state is never changed; `rng` advances by what the script
    /// drew, even when the call then fails.
    ///
    /// ```
    /// use darbar::engine::{Game, GameRng};
    /// use darbar::vijayanagara::Options;
    /// use darbar_lua::{Host, ScriptValue};
    ///
    /// let mut host = Host::new();
    /// let game = darbar_lua::vijayanagara(Options::default());
    /// let state = game.new_initial_state(1);
    /// let mut rng = GameRng::from_seed_u64(1);
    /// let script = r#"return game:control("Maharashtra")"#;
    /// let value = host.evaluate(&game, &state, &mut rng, script, "demo");
    /// assert_eq!(value, Ok(ScriptValue::Nil)); // Tributary (§1.7)
    /// ```
    pub fn evaluate<G: LuaGame>(
        &mut self,
        game: &G,
        state: &G::State,
        rng: &mut GameRng,
        source: &str,
        chunk_name: &str,
    ) -> Result<ScriptValue, ScriptError> {
        self.run(game, state, rng, source, chunk_name)
            .map(|evaluation| evaluation.value)
    }

    /// As [`Host::evaluate`], and also returns what the script printed.
    ///
    /// ```
    /// use darbar::engine::{Game, GameRng};
    /// use darbar::raid::Raid;
    /// use darbar_lua::Host;
    ///
    /// let mut host = Host::new();
    /// let game = Raid::default();
    /// let state = game.new_initial_state(1);
    /// let script = r#"print("day", game:turn(), game:phase()) return game:current_player()"#;
    /// let run = host
    ///     .run(&game, &state, &mut GameRng::from_seed_u64(1), script, "demo")
    ///     .unwrap();
    /// assert_eq!(run.log, ["day\t1\tscout"]);
    /// assert_eq!(run.value.to_string(), "0");
    /// ```
    pub fn run<G: LuaGame>(
        &mut self,
        game: &G,
        state: &G::State,
        rng: &mut GameRng,
        source: &str,
        chunk_name: &str,
    ) -> Result<Evaluation, ScriptError> {
        self.run_lent(game, state, rng, source, chunk_name, Returned::Value)
    }

    /// Registers `G`'s `game` methods with the Lua state unless they already are.
    fn register<G: LuaGame>(&mut self) -> mlua::Result<()> {
        let state = TypeId::of::<G::State>();
        match self.registered.get(&state) {
            Some(&rules) if rules == TypeId::of::<G>() => Ok(()),
            Some(_) => Err(mlua::Error::RuntimeError(format!(
                "the state type of {} is another game's: each game needs its own state type",
                G::NAME
            ))),
            None => {
                game::register::<G>(&self.lua)?;
                self.registered.insert(state, TypeId::of::<G>());
                Ok(())
            }
        }
    }

    /// Runs `source` with `state` and its rules `game` lent read-only as the global `game`,
    /// `math.random` drawing from `rng` and `print` writing to the call's log; `returned` says
    /// what becomes of the chunk's value.
    pub(crate) fn run_lent<G: LuaGame>(
        &mut self,
        game: &G,
        state: &G::State,
        rng: &mut GameRng,
        source: &str,
        chunk_name: &str,
        returned: Returned,
    ) -> Result<Evaluation, ScriptError> {
        self.register::<G>()
            .map_err(|e| self.classify(chunk_name, &e))?;
        let function = self.function(source, chunk_name)?;
        let log = RefCell::new(Log::default());
        let runner = &self.runner;
        let outcome = self.lua.scope(|scope| {
            let sink =
                scope.create_function(|_, (parts, n): (Table, usize)| print_to(&log, &parts, n))?;
            let env: Table = self.new_env.call(sink)?;
            let math: Table = env.raw_get("math")?;
            math.raw_set(
                "random",
                scope.create_function_mut(|lua, args: Variadic<Value>| {
                    random::draw(lua, rng, args)
                })?,
            )?;
            let lent = scope.create_any_userdata_ref(state)?;
            lent.set_user_value(scope.create_any_userdata_ref(game)?)?;
            env.raw_set("game", &lent)?;
            let value = self.limited(chunk_name, || match runner.call_one(&function, env)? {
                Value::Function(chosen) if returned == Returned::CalledWithGame => {
                    runner.call_one(&chosen, lent)
                }
                value => Ok(value),
            });
            Ok(value.and_then(|value| ScriptValue::from_lua(&value, self.limits.memory_bytes)))
        });
        let value = outcome.map_err(|e| self.failure(chunk_name).classify(&e))??;
        Ok(Evaluation {
            value,
            log: log.into_inner().lines,
        })
    }

    /// The compiled chunk for `chunk_name`, compiling it if the cache has no chunk of that name
    /// and source. Calling it with a global table (from [`Host::new_env`]) runs the script.
    pub(crate) fn function(
        &mut self,
        source: &str,
        chunk_name: &str,
    ) -> Result<Function, ScriptError> {
        if let Some(chunk) = self.chunks.get(chunk_name)
            && chunk.source == source
        {
            return Ok(chunk.function.clone());
        }
        let function = self
            .lua
            .load(format!("{ENV_PREFIX}{source}"))
            .set_name(format!("={chunk_name}"))
            .set_mode(ChunkMode::Text)
            .set_environment(self.chunk_env.clone())
            .into_function()
            .map_err(|e| self.failure(chunk_name).classify(&e))?;
        self.chunks.insert(
            chunk_name.to_owned(),
            CompiledChunk {
                source: source.to_owned(),
                function: function.clone(),
            },
        );
        Ok(function)
    }

    /// Runs `call` under the instruction budget, the memory limit and the wall-clock limit, and
    /// classifies what it raised as a [`ScriptError`] of the chunk `chunk_name`. The hook and
    /// the limits are removed afterwards, whatever happened, and the host stays usable.
    ///
    /// The collector is stopped for the call, so the memory limit counts every byte the call
    /// allocates. If the allocator refuses, Lua runs an emergency collection; the meter sees it
    /// (its sentinel is collected) and the call ends with [`ScriptError::MemoryLimit`], which
    /// `pcall` cannot catch: what such a collection frees depends on the host's history, so
    /// nothing after it may decide the call's result.
    pub(crate) fn limited<T>(
        &self,
        chunk_name: &str,
        call: impl FnOnce() -> mlua::Result<T>,
    ) -> Result<T, ScriptError> {
        let limits = self.limits;
        let interval = u32::try_from(limits.instructions)
            .unwrap_or(u32::MAX)
            .clamp(1, HOOK_INTERVAL);
        self.lua.gc_stop();
        let armed = self.arm_sentinel();
        let baseline = self.lua.used_memory();
        let ceiling = baseline.saturating_add(limits.memory_bytes);
        self.meter.start(
            limits.instructions,
            Instant::now().checked_add(limits.wall_time),
            ceiling,
        );
        let meter = Rc::clone(&self.meter);
        let result = armed
            .and_then(|()| {
                self.lua.set_global_hook(
                    HookTriggers::new().every_nth_instruction(interval),
                    move |_, _| hook(&meter, u64::from(interval)),
                )
            })
            .and_then(|()| self.lua.set_memory_limit(ceiling))
            .and_then(|_| call());
        // Whatever happened, the host leaves the call without a hook or a limit.
        self.lua.remove_global_hook();
        let _ = self.lua.set_memory_limit(0);
        let stop = self.meter.stop();
        self.meter.finish();
        self.lua.gc_restart();

        let converted = match (stop, result) {
            (Some(Stop::Budget), _) => Err(ScriptError::InstructionBudget {
                limit: limits.instructions,
            }),
            (Some(Stop::Memory), _) => Err(ScriptError::MemoryLimit {
                limit: limits.memory_bytes,
            }),
            (Some(Stop::Time), _) => Err(ScriptError::TimeLimit {
                limit: limits.wall_time,
            }),
            (None, Ok(value)) => Ok(value),
            (None, Err(error)) => Err(self.failure(chunk_name).classify(&error)),
        };
        let allocated = self.lua.used_memory().saturating_sub(baseline);
        let garbage = self.garbage.get().saturating_add(allocated);
        if stop.is_some() {
            // Give back what the failed call held; two cycles finish any cycle in progress.
            let _ = self.lua.gc_collect();
            let _ = self.lua.gc_collect();
            self.garbage.set(0);
        } else if garbage > COLLECT_AFTER_BYTES {
            let _ = self.lua.gc_collect();
            self.garbage.set(0);
        } else {
            self.garbage.set(garbage);
        }
        converted
    }

    /// Puts a fresh table, referenced by nothing else, in the sentinel (the collector is
    /// stopped, so only an emergency collection can take it away).
    fn arm_sentinel(&self) -> mlua::Result<()> {
        self.sentinel.raw_set(1, self.lua.create_table()?)
    }

    /// The Lua state (for the card host, which lends its own objects to a call).
    pub(crate) fn lua(&self) -> &Lua {
        &self.lua
    }

    /// Runs script functions (for the card host).
    pub(crate) fn runner(&self) -> &Runner {
        &self.runner
    }

    /// A fresh global table for one call: the sandbox's allowed libraries and base functions,
    /// with a `print` that hands its strings to `sink(parts, n)` (nil: print discards them), and
    /// without `math.random` or `game`, which the caller adds.
    pub(crate) fn new_env(&self, sink: Option<&Function>) -> mlua::Result<Table> {
        self.new_env.call(sink)
    }

    /// The flag a card's `ctx` sets to stop its script for a choice (see the field).
    pub(crate) fn halted(&self) -> &Cell<bool> {
        &self.halted
    }

    /// Classifies an error raised outside [`Host::limited`] (while setting a call up).
    pub(crate) fn classify(&self, chunk_name: &str, error: &mlua::Error) -> ScriptError {
        self.failure(chunk_name).classify(error)
    }

    fn failure<'a>(&self, chunk_name: &'a str) -> Failure<'a> {
        Failure {
            chunk: chunk_name,
            memory_bytes: self.limits.memory_bytes,
        }
    }
}

impl Default for Host {
    fn default() -> Self {
        Host::new()
    }
}

impl fmt::Debug for Host {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Host")
            .field("limits", &self.limits)
            .field("cached_chunks", &self.chunks.len())
            .finish_non_exhaustive()
    }
}

/// A call's `print` output, capped at [`MAX_LOG_BYTES`].
#[derive(Default)]
pub(crate) struct Log {
    pub(crate) lines: Vec<String>,
    pub(crate) bytes: usize,
    pub(crate) truncated: bool,
}

impl Log {
    /// Adds a line, or ends the log with [`LOG_TRUNCATED`] once it is full.
    pub(crate) fn push(&mut self, line: String) {
        if self.truncated {
            return;
        }
        if self.bytes + line.len() > MAX_LOG_BYTES {
            self.truncate();
            return;
        }
        self.bytes += line.len();
        self.lines.push(line);
    }

    /// The bytes a line may still take, or `None` once the log is full.
    pub(crate) fn room(&self) -> Option<usize> {
        (!self.truncated).then(|| MAX_LOG_BYTES.saturating_sub(self.bytes))
    }

    /// Ends the log with [`LOG_TRUNCATED`].
    pub(crate) fn truncate(&mut self) {
        if !self.truncated {
            self.truncated = true;
            self.lines.push(LOG_TRUNCATED.to_owned());
        }
    }
}
