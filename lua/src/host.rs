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
//! 3. The call runs under an instruction hook and a memory limit ([`Limits`]); both are
//!    removed when it returns, whatever happened, and the host stays usable.
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

use darbar::engine::GameRng;
use mlua::chunk::ChunkMode;
use mlua::{Function, HookTriggers, Lua, LuaOptions, StdLib, Table, Value, Variadic, VmState};

use crate::error::Failure;
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
/// [`LOG_TRUNCATED`].
pub const MAX_LOG_BYTES: usize = 64 * 1024;

/// The last line of a log that reached [`MAX_LOG_BYTES`].
pub const LOG_TRUNCATED: &str = "[log truncated]";

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
    /// Lua VM instructions a call may execute. Counted by a hook every 1,000 instructions, so a
    /// call stops within 1,000 instructions after the budget is spent. Deterministic: the same
    /// script on the same state always stops at the same point. Default 10 million (a few
    /// tenths of a second at most).
    pub instructions: u64,
    /// Bytes a call may allocate beyond what the Lua state held when it started. Default 16 MiB.
    pub memory_bytes: usize,
}

impl Limits {
    /// 10 million instructions and 16 MiB: far more than any card needs, little enough that a
    /// runaway script fails fast.
    pub const DEFAULT: Limits = Limits {
        instructions: 10_000_000,
        memory_bytes: 16 * 1024 * 1024,
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
/// use darbar::vijayanagara::Vijayanagara;
/// use darbar_lua::{Host, ScriptValue};
///
/// let mut host = Host::new();
/// let game = Vijayanagara::default();
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
    /// The `_ENV` upvalue of every compiled chunk: empty, and shadowed by [`ENV_PREFIX`].
    chunk_env: Table,
    /// Set by the instruction hook when the budget runs out; read by the sandbox's `pcall`.
    budget_spent: Rc<Cell<bool>>,
    /// Set by a card's `ctx` when the script must stop for a choice ([`crate::cards`]); the
    /// sandbox's `pcall` re-raises while it is set, exactly as for a spent budget.
    halted: Rc<Cell<bool>>,
    chunks: HashMap<String, CompiledChunk>,
    /// The game whose `game` methods are registered for each state type.
    registered: HashMap<TypeId, TypeId>,
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
        let libraries = StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8;
        let lua = Lua::new_with(libraries, LuaOptions::new())?;
        let budget_spent = Rc::new(Cell::new(false));
        let halted = Rc::new(Cell::new(false));
        let flag = Rc::clone(&budget_spent);
        let halt = Rc::clone(&halted);
        let spent = lua.create_function(move |_, ()| Ok(flag.get() || halt.get()))?;
        let new_env: Function = lua
            .load(SANDBOX)
            .set_name("=darbar sandbox")
            .set_mode(ChunkMode::Text)
            .call(spent)?;
        let chunk_env = lua.create_table()?;
        Ok(Host {
            lua,
            limits,
            new_env,
            chunk_env,
            budget_spent,
            halted,
            chunks: HashMap::new(),
            registered: HashMap::new(),
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
    /// use darbar::vijayanagara::Vijayanagara;
    /// use darbar_lua::{Host, ScriptValue};
    ///
    /// let mut host = Host::new();
    /// let game = Vijayanagara::default();
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
        let outcome = self.lua.scope(|scope| {
            let env: Table = self.new_env.call(())?;
            let math: Table = env.raw_get("math")?;
            math.raw_set(
                "random",
                scope.create_function_mut(|lua, args: Variadic<Value>| {
                    random::draw(lua, rng, args)
                })?,
            )?;
            env.raw_set(
                "print",
                scope.create_function(|lua, args: Variadic<Value>| {
                    if log.borrow().truncated {
                        return Ok(());
                    }
                    let line = args
                        .iter()
                        .map(|value| print_form(lua, value))
                        .collect::<mlua::Result<Vec<_>>>()?
                        .join("\t");
                    log.borrow_mut().push(line);
                    Ok(())
                })?,
            )?;
            let lent = scope.create_any_userdata_ref(state)?;
            lent.set_user_value(scope.create_any_userdata_ref(game)?)?;
            env.raw_set("game", &lent)?;
            let value = self.limited(chunk_name, || match function.call::<Value>(env)? {
                Value::Function(chosen) if returned == Returned::CalledWithGame => {
                    chosen.call::<Value>(lent)
                }
                value => Ok(value),
            });
            Ok(value.and_then(|value| ScriptValue::from_lua(&value, self.limits.memory_bytes)))
        });
        let value = outcome.map_err(|e| self.failure(chunk_name, false).classify(&e))??;
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
            .map_err(|e| self.failure(chunk_name, false).classify(&e))?;
        self.chunks.insert(
            chunk_name.to_owned(),
            CompiledChunk {
                source: source.to_owned(),
                function: function.clone(),
            },
        );
        Ok(function)
    }

    /// Runs `call` under the instruction budget and the memory limit, and classifies what it
    /// raised as a [`ScriptError`] of the chunk `chunk_name`. The hook and the limit are removed
    /// afterwards, whatever happened, and the host stays usable.
    pub(crate) fn limited<T>(
        &self,
        chunk_name: &str,
        call: impl FnOnce() -> mlua::Result<T>,
    ) -> Result<T, ScriptError> {
        let limits = self.limits;
        self.budget_spent.set(false);
        let interval = u32::try_from(limits.instructions)
            .unwrap_or(u32::MAX)
            .clamp(1, HOOK_INTERVAL);
        let spent = Rc::clone(&self.budget_spent);
        let executed = Cell::new(0u64);
        let hook = self.lua.set_hook(
            HookTriggers::new().every_nth_instruction(interval),
            move |_, _| {
                let total = executed.get().saturating_add(u64::from(interval));
                executed.set(total);
                if total > limits.instructions {
                    // Raised again at every later hook, and re-raised by the sandbox's pcall.
                    spent.set(true);
                    Err(mlua::Error::RuntimeError(
                        "instruction budget exhausted".into(),
                    ))
                } else {
                    Ok(VmState::Continue)
                }
            },
        );
        let baseline = self.lua.used_memory();
        let result = hook
            .and_then(|()| {
                self.lua
                    .set_memory_limit(baseline.saturating_add(limits.memory_bytes))
            })
            .and_then(|_| call());
        // Whatever happened, the host leaves the call without a hook or a limit.
        self.lua.remove_hook();
        let _ = self.lua.set_memory_limit(0);

        let failure = self.failure(chunk_name, self.budget_spent.replace(false));
        let converted = match result {
            // Only a caught-and-ignored budget error could end here; the budget still counts.
            Ok(_) if failure.budget_spent => Err(ScriptError::InstructionBudget {
                limit: limits.instructions,
            }),
            Ok(value) => Ok(value),
            Err(error) => Err(failure.classify(&error)),
        };
        if matches!(
            converted,
            Err(ScriptError::MemoryLimit { .. } | ScriptError::InstructionBudget { .. })
        ) {
            // Give back what the failed script held; two cycles finish any cycle in progress.
            let _ = self.lua.gc_collect();
            let _ = self.lua.gc_collect();
        }
        converted
    }

    /// The Lua state (for the card host, which lends its own objects to a call).
    pub(crate) fn lua(&self) -> &Lua {
        &self.lua
    }

    /// A fresh global table for one call: the sandbox's allowed libraries and base functions,
    /// without `print`, `math.random` or `game`, which the caller adds.
    pub(crate) fn new_env(&self) -> mlua::Result<Table> {
        self.new_env.call(())
    }

    /// The flag a card's `ctx` sets to stop its script for a choice (see the field).
    pub(crate) fn halted(&self) -> &Cell<bool> {
        &self.halted
    }

    /// Classifies an error raised outside [`Host::limited`] (while setting a call up).
    pub(crate) fn classify(&self, chunk_name: &str, error: &mlua::Error) -> ScriptError {
        self.failure(chunk_name, false).classify(error)
    }

    fn failure<'a>(&self, chunk_name: &'a str, budget_spent: bool) -> Failure<'a> {
        Failure {
            chunk: chunk_name,
            budget_spent,
            instructions: self.limits.instructions,
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

/// What Lua's `tostring` gives for `value`: numbers formatted by Lua (`1.0`, `1e+100`),
/// `__tostring` honoured, and strings that are not UTF-8 printed lossily.
pub(crate) fn print_form(lua: &Lua, value: &Value) -> mlua::Result<String> {
    match value {
        Value::String(s) => Ok(s.to_string_lossy()),
        Value::Integer(_) | Value::Number(_) => Ok(lua
            .coerce_string(value.clone())?
            .map_or_else(String::new, |s| s.to_string_lossy())),
        other => other.to_string(),
    }
}

/// A call's `print` output, capped at [`MAX_LOG_BYTES`].
#[derive(Default)]
pub(crate) struct Log {
    pub(crate) lines: Vec<String>,
    bytes: usize,
    pub(crate) truncated: bool,
}

impl Log {
    /// Adds a line, or ends the log with [`LOG_TRUNCATED`] once it is full.
    pub(crate) fn push(&mut self, line: String) {
        if self.truncated {
            return;
        }
        if self.bytes + line.len() > MAX_LOG_BYTES {
            self.truncated = true;
            self.lines.push(LOG_TRUNCATED.to_owned());
            return;
        }
        self.bytes += line.len();
        self.lines.push(line);
    }
}
