//! [`Meter`]: what a call has used of its [`Limits`](crate::Limits), shared by the instruction
//! hook, the priced library functions ([`crate::library`]) and the sandbox's `pcall`.
//!
//! One counter holds the call's instructions and the price of its library calls, so a script
//! pays for the work a library function does inside one VM instruction (matching a pattern,
//! copying a long string) exactly as for the instructions it runs. The first limit a call
//! exceeds is remembered ([`Stop`]) and raised again at every later hook and by the sandbox's
//! `pcall`, so a script cannot catch its way past a limit.

use std::cell::Cell;
use std::time::Instant;

use mlua::{Lua, Table, Value};

/// The limit a call ran into first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// [`Limits::instructions`](crate::Limits::instructions).
    Budget,
    /// [`Limits::memory_bytes`](crate::Limits::memory_bytes): the allocator refused memory, and
    /// Lua then ran an emergency collection (seen through the sentinel).
    Memory,
    /// [`Limits::wall_time`](crate::Limits::wall_time).
    Time,
}

/// The message of the error a spent budget raises (the host classifies it by [`Stop`]).
pub(crate) const BUDGET_MESSAGE: &str = "instruction budget exhausted";
const MEMORY_MESSAGE: &str = "not enough memory (the call's memory limit was reached)";
const TIME_MESSAGE: &str = "wall-clock limit exceeded";

/// The state of the running call's limits (see the module).
#[derive(Debug, Default)]
pub(crate) struct Meter {
    /// Instructions executed plus the price of library calls, in instructions.
    used: Cell<u64>,
    /// The budget of the call.
    limit: Cell<u64>,
    /// The first limit exceeded, if any.
    stop: Cell<Option<Stop>>,
    /// When the call must have ended.
    deadline: Cell<Option<Instant>>,
    /// The allocator limit of the call (the baseline plus the allowance), for the priced
    /// functions that refuse results which cannot fit.
    memory_ceiling: Cell<usize>,
    /// Whether a call is running: outside calls nothing is charged.
    active: Cell<bool>,
    /// Whether the hook has already yielded for the exceeded limit.
    yielded: Cell<bool>,
    /// A weak-valued table whose `[1]` is a table nothing else references, set at the start of
    /// each call while the collector is stopped: it disappears only if Lua runs an emergency
    /// collection because the allocator refused memory.
    sentinel: Option<Table>,
}

impl Meter {
    /// A meter whose memory sentinel is `sentinel` (a table with a `__mode = "v"` metatable).
    pub(crate) fn new(sentinel: Table) -> Meter {
        Meter {
            sentinel: Some(sentinel),
            ..Meter::default()
        }
    }

    /// Starts a call with `limit` instructions, ending at `deadline`, with the allocator
    /// limited to `memory_ceiling` bytes in all.
    pub(crate) fn start(&self, limit: u64, deadline: Option<Instant>, memory_ceiling: usize) {
        self.used.set(0);
        self.limit.set(limit);
        self.stop.set(None);
        self.deadline.set(deadline);
        self.memory_ceiling.set(memory_ceiling);
        self.yielded.set(false);
        self.active.set(true);
    }

    /// Whether the hook should yield now: the first time a limit stops the call (a coroutine
    /// that yielded never runs again, so a second time means the yield did not happen).
    pub(crate) fn yield_once(&self) -> bool {
        !self.yielded.replace(true)
    }

    /// Ends the call: later charges are free until the next [`Meter::start`].
    pub(crate) fn finish(&self) {
        self.active.set(false);
    }

    /// The first limit the call exceeded, checking the memory sentinel first.
    pub(crate) fn stop(&self) -> Option<Stop> {
        if self.stop.get().is_none() && self.active.get() && self.sentinel_gone() {
            self.stop.set(Some(Stop::Memory));
        }
        self.stop.get()
    }

    /// Whether the sentinel was collected (and so an emergency collection ran).
    fn sentinel_gone(&self) -> bool {
        self.sentinel
            .as_ref()
            .is_some_and(|t| matches!(t.raw_get::<Value>(1), Ok(Value::Nil) | Err(_)))
    }

    /// Records `stop` unless another limit was exceeded first, and returns the error to raise.
    fn exceed(&self, stop: Stop) -> mlua::Error {
        if self.stop.get().is_none() {
            self.stop.set(Some(stop));
        }
        stop_error(self.stop.get().unwrap_or(stop))
    }

    /// Counts `instructions` executed (the hook) and checks every limit.
    pub(crate) fn tick(&self, instructions: u64) -> mlua::Result<()> {
        if !self.active.get() {
            return Ok(());
        }
        let used = self.used.get().saturating_add(instructions);
        self.used.set(used);
        if let Some(stop) = self.stop() {
            return Err(stop_error(stop));
        }
        if used > self.limit.get() {
            return Err(self.exceed(Stop::Budget));
        }
        if self.deadline.get().is_some_and(|d| Instant::now() > d) {
            return Err(self.exceed(Stop::Time));
        }
        Ok(())
    }

    /// Charges `cost` instructions for work done inside a library call; an error once the
    /// budget is spent (or another limit was exceeded).
    pub(crate) fn charge(&self, cost: u64) -> mlua::Result<()> {
        if !self.active.get() {
            return Ok(());
        }
        if let Some(stop) = self.stop.get() {
            return Err(stop_error(stop));
        }
        let used = self.used.get().saturating_add(cost);
        self.used.set(used);
        if used > self.limit.get() {
            return Err(self.exceed(Stop::Budget));
        }
        Ok(())
    }

    /// What is left of the budget, in instructions (for the pattern matcher, which counts its
    /// steps itself and charges them when it is done).
    pub(crate) fn remaining(&self) -> u64 {
        if !self.active.get() {
            return u64::MAX;
        }
        self.limit.get().saturating_sub(self.used.get())
    }

    /// Whether `bytes` more could be allocated in this call (a library function checks before
    /// it builds a result, so that asking for too much is a refusal and not an allocation
    /// failure).
    pub(crate) fn fits(&self, lua: &Lua, bytes: usize) -> bool {
        bytes <= self.room(lua)
    }

    /// How many bytes the call may still allocate.
    pub(crate) fn room(&self, lua: &Lua) -> usize {
        let ceiling = self.memory_ceiling.get();
        if !self.active.get() || ceiling == 0 {
            return usize::MAX;
        }
        ceiling.saturating_sub(lua.used_memory())
    }
}

/// The error a limit raises.
pub(crate) fn stop_error(stop: Stop) -> mlua::Error {
    match stop {
        Stop::Budget => mlua::Error::RuntimeError(BUDGET_MESSAGE.into()),
        Stop::Memory => mlua::Error::MemoryError(MEMORY_MESSAGE.into()),
        Stop::Time => mlua::Error::RuntimeError(TIME_MESSAGE.into()),
    }
}
