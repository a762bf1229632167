-- The sandbox prelude of darbar-lua. Trusted code: it runs once per host, with the full globals,
-- before any script. It receives `spent`, a Rust function that says whether the current call must
-- stop (it has run out of instructions, or a card's script is waiting for a choice), and returns
-- `new_env`, which builds the fresh global table each script call gets.
--
-- What a script can reach is an allow-list: the functions of `base` below and copies of the
-- `string`, `table`, `math` and `utf8` libraries. Nothing else of the base library (load,
-- loadfile, dofile, collectgarbage, print, warn) is ever in a script's environment, and the host
-- adds `print`, `math.random` and `game` per call.

local spent = ...

local error, getmetatable, next, rawget, select, tostring, type =
    error, getmetatable, next, rawget, select, tostring, type
local raw_pcall, raw_xpcall, raw_setmetatable = pcall, xpcall, setmetatable
local sort = table.sort

-- pcall and xpcall may not swallow the end of the instruction budget: once it is spent, any error
-- they catch is raised again, so `while true do pcall(loop_forever) end` still stops. The same
-- holds for the stop of a card script that waits for a choice.
local function rethrow_if_spent(ok, ...)
    if not ok and spent() then
        error((...), 0)
    end
    return ok, ...
end

local function safe_pcall(f, ...)
    return rethrow_if_spent(raw_pcall(f, ...))
end

local function safe_xpcall(f, handler, ...)
    return rethrow_if_spent(raw_xpcall(f, handler, ...))
end

-- Finalizers would run at a time the script does not control (during a later call, or never),
-- outside its budget: refuse them. Lua 5.4 only marks an object for finalization when its
-- metatable already has __gc when set, so checking here is enough.
local function safe_setmetatable(t, mt)
    if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
        error("__gc metamethods are not allowed in card scripts", 2)
    end
    return raw_setmetatable(t, mt)
end

-- Lua seeds its string hash from the clock and from addresses, so the order in which `next`
-- visits a table's keys differs between runs. `pairs` visits numbers (ascending), then strings
-- (byte order), then false and true: the same order in every run.
local RANK = { number = 1, string = 2, boolean = 3 }

local function key_before(a, b)
    local ra, rb = RANK[type(a)], RANK[type(b)]
    if ra ~= rb then
        return ra < rb
    end
    if ra == 3 then
        return not a and b
    end
    return a < b
end

local function sorted_next(state, _)
    local i = state.i + 1
    state.i = i
    local key = state.keys[i]
    if key == nil then
        return nil
    end
    return key, rawget(state.t, key)
end

local function deterministic_pairs(t)
    local mt = getmetatable(t)
    if type(mt) == "table" then
        local custom = rawget(mt, "__pairs")
        if custom ~= nil then
            return custom(t)
        end
    end
    if type(t) ~= "table" then
        error("bad argument #1 to 'pairs' (table expected, got " .. type(t) .. ")", 2)
    end
    local keys, n = {}, 0
    for key in next, t do
        if RANK[type(key)] == nil then
            error("pairs: a key of type " .. type(key) .. " has no stable order; "
                .. "key tables by strings or numbers", 2)
        end
        n = n + 1
        keys[n] = key
    end
    sort(keys, key_before)
    return sorted_next, { t = t, keys = keys, i = 0 }, nil
end

-- The base functions a script may use.
local base = {
    assert = assert,
    error = error,
    getmetatable = getmetatable,
    ipairs = ipairs,
    next = next,
    pairs = deterministic_pairs,
    pcall = safe_pcall,
    rawequal = rawequal,
    rawget = rawget,
    rawlen = rawlen,
    rawset = rawset,
    select = select,
    setmetatable = safe_setmetatable,
    tonumber = tonumber,
    tostring = tostring,
    type = type,
    xpcall = safe_xpcall,
    _VERSION = _VERSION,
}

-- The libraries, cleaned once. `string.dump` exposes bytecode (and loading bytecode is how Lua
-- sandboxes are escaped); `math.random` and `math.randomseed` would use Lua's own generator.
string.dump = nil
math.random = nil
math.randomseed = nil
local libraries = { string = string, table = table, math = math, utf8 = utf8 }

-- Strings share one metatable whose __index is the pristine `string` table; hide it so that a
-- script cannot reach (and change) what other calls use.
getmetatable("").__metatable = false

-- Defence in depth: the host's own globals lose the escape hatches too.
load, loadfile, dofile, require, collectgarbage, print, warn = nil, nil, nil, nil, nil, nil, nil

-- A fresh environment per call: a script may change its globals and its copies of the
-- libraries as it likes, and nothing of it survives the call.
local function new_env()
    local env = {}
    for name, value in next, base do
        env[name] = value
    end
    for name, library in next, libraries do
        local copy = {}
        for key, value in next, library do
            copy[key] = value
        end
        env[name] = copy
    end
    env._G = env
    return env
end

return new_env
