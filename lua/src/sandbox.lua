-- The sandbox prelude of darbar-lua. Trusted code: it runs once per host, with the full globals,
-- before any script. It receives
--   spent  a Rust function: whether the running call must stop (a limit was exceeded, or a card's
--          script waits for a choice);
--   P      the priced library primitives (Rust, `src/library`);
--   ERR    the marker a primitive returns, followed by a message, for an error that Lua's own
--          library would raise as a string;
--   msgh   the host's message handler (Rust: it looks at the error and runs no script code).
-- It returns { new_env = ..., run = ... }: `new_env(sink)` builds the fresh global table of one
-- call, whose `print` hands its strings to `sink` (a Rust function of the call); the host runs
-- every script function as `run(f, ...)`, in a coroutine of its own.
--
-- What a script can reach is an allow-list: the functions of `base` below and copies of the
-- (wrapped) `string`, `table`, `math` and `utf8` libraries. Nothing else of the base library
-- (load, loadfile, dofile, collectgarbage, print, warn) is ever in a script's environment, and the
-- host adds `math.random` and `game` per call.
--
-- Every way this file calls script code (metamethods, handlers, comparators, replacement
-- functions) runs it as ordinary Lua code under the instruction hook: no script function is ever a
-- message handler (Lua runs those with the hook off once the budget is spent).

local spent, P, ERR, msgh = ...

local error, getmetatable, rawget, rawlen, select, type =
    error, getmetatable, rawget, rawlen, select, type
local raw_pcall, raw_xpcall, raw_setmetatable, raw_next, raw_tostring, raw_tonumber =
    pcall, xpcall, setmetatable, next, tostring, tonumber
local math_tointeger = math.tointeger
local co_create, co_resume, co_status = coroutine.create, coroutine.resume, coroutine.status
local s_byte, s_char, s_format, s_rep = string.byte, string.char, string.format, string.rep
local t_concat, t_insert, t_remove, t_move, t_unpack, t_sort =
    table.concat, table.insert, table.remove, table.move, table.unpack, table.sort
local metafield, is_failure, sorted_keys, first_key, charge, charge_len =
    P.metafield, P.is_failure, P.sorted_keys, P.first_key, P.charge, P.charge_len
local p_sub, p_scan, price_concat = P.sub, P.scan, P.price_concat

local NOMEM = "not enough memory"

-- A primitive's error as Lua's library raises it: the position of the script's call in front
-- (`check` is always tail-called by the wrapper the script called), except for memory refusals,
-- which, like Lua's, have none.
local function check(first, ...)
    if first == ERR then
        local message = ...
        error(message, message == NOMEM and 0 or 2)
    end
    return first, ...
end

-- The same, for a call that is not in tail position in the wrapper the script called.
local function check_inner(first, ...)
    if first == ERR then
        local message = ...
        error(message, message == NOMEM and 0 or 3)
    end
    return first, ...
end

local function type_name(v, present)
    if not present then
        return "no value"
    end
    return type(v)
end

-- `luaL_checkinteger` for the Lua implementations below; `level` as for `error`.
local function int_arg(v, i, f, level)
    local n = v
    if type(n) == "string" then
        n = raw_tonumber(n)
    end
    if type(n) ~= "number" then
        error(s_format("bad argument #%d to '%s' (number expected, got %s)", i, f,
            v == nil and "no value" or type(v)), level)
    end
    local k = math_tointeger(n)
    if not k then
        error(s_format("bad argument #%d to '%s' (number has no integer representation)", i, f), level)
    end
    return k
end

-- ----- the state of the running call ------------------------------------------------------------

-- Reset by new_env: the names tostring gave to tables and functions, and the key orders of next.
local call = { count = 0 }

-- ----- tostring: no addresses -------------------------------------------------------------------

-- Lua's tostring names a table or function by its address, which differs from run to run. Here it
-- is named by the order in which the call first converted it: "table: #1", "function: #2", ...
-- `__tostring` and `__name` are honoured as Lua does.
local function safe_tostring(...)
    if select("#", ...) == 0 then
        error("bad argument #1 to 'tostring' (value expected)", 2)
    end
    local v = ...
    local t = type(v)
    if t == "string" then
        return v
    end
    if t == "number" or t == "boolean" or t == "nil" or is_failure(v) then
        return raw_tostring(v)
    end
    local custom = metafield(v, "__tostring")
    if custom ~= nil then
        local s = custom(v)
        if type(s) ~= "string" then
            error("'__tostring' must return a string", 2)
        end
        return s
    end
    local name = metafield(v, "__name")
    if type(name) == "string" then
        t = name
    end
    local ids = call.ids
    if ids == nil then
        ids = {}
        call.ids = ids
    end
    local id = ids[v]
    if id == nil then
        id = call.count + 1
        call.count = id
        ids[v] = id
    end
    return t .. ": #" .. id
end

-- ----- next and pairs: an order that depends on the keys only -----------------------------------

-- Lua seeds its string hash per process and hashes tables and functions by address, so the order
-- in which the raw `next` visits keys differs from run to run. Here both visit numbers (ascending),
-- then strings (byte order), then false and true; a key of another type is an error.
local function det_next(t, k)
    if type(t) ~= "table" then
        error("bad argument #1 to 'next' (table expected, got " .. type_name(t, t ~= nil) .. ")", 2)
    end
    local cache = call.next
    if k == nil then
        if cache ~= nil then
            cache[t] = nil
        end
        local key = check_inner(first_key(t))
        if key == nil then
            return nil
        end
        return key, rawget(t, key)
    end
    local order = cache and cache[t]
    local i = order and order.pos[k]
    if i == nil then
        local keys = check_inner(sorted_keys(t))
        local pos = {}
        for j = 1, #keys do
            pos[keys[j]] = j
        end
        if cache == nil then
            cache = {}
            call.next = cache
        end
        order = { keys = keys, pos = pos }
        cache[t] = order
        i = pos[k]
        if i == nil then
            error("invalid key to 'next'", 2)
        end
    end
    local keys = order.keys
    i = i + 1
    local key = keys[i]
    while key ~= nil do
        local v = rawget(t, key)
        if v ~= nil then
            return key, v
        end
        i = i + 1
        key = keys[i]
    end
    return nil
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

local function det_pairs(...)
    if select("#", ...) == 0 then
        error("bad argument #1 to 'pairs' (table expected, got no value)", 2)
    end
    local t = ...
    local custom = metafield(t, "__pairs")
    if custom ~= nil then
        local f, s, c = custom(t)
        return f, s, c
    end
    if type(t) ~= "table" then
        error("bad argument #1 to 'pairs' (table expected, got " .. type(t) .. ")", 2)
    end
    local keys = check_inner(sorted_keys(t))
    return sorted_next, { t = t, keys = keys, i = 0 }, nil
end

-- ----- pcall and xpcall -------------------------------------------------------------------------

-- pcall and xpcall may not swallow the end of a limit: once the call must stop, any error they
-- catch is raised again, so `while true do pcall(loop_forever) end` still stops. The same holds for
-- the stop of a card script that waits for a choice.
local function rethrow_if_spent(ok, ...)
    if not ok and spent() then
        error((...), 0)
    end
    return ok, ...
end

local function safe_pcall(f, ...)
    return rethrow_if_spent(raw_pcall(f, ...))
end

-- The message handler runs after the failed call has unwound, as ordinary code under the budget
-- (Lua calls a handler inside the error, where the hook is off once the budget is spent, so a
-- handler that loops would never stop). An error in the handler is the result.
local function handled(handler, ok, ...)
    if ok then
        return true, ...
    end
    if spent() then
        error((...), 0)
    end
    local handler_ok, result = raw_pcall(handler, (...))
    if not handler_ok and spent() then
        error(result, 0)
    end
    return false, result
end

local function safe_xpcall(f, ...)
    local handler = ...
    if type(handler) ~= "function" then
        error("bad argument #2 to 'xpcall' (function expected, got "
            .. type_name(handler, select("#", ...) > 0) .. ")", 2)
    end
    return handled(handler, raw_pcall(f, select(2, ...)))
end

-- ----- setmetatable -----------------------------------------------------------------------------

-- Finalizers would run at a time the script does not control (during a later call, or never),
-- outside its budget; weak tables lose entries when the collector runs, at times that depend on
-- everything the host did before. Lua 5.4 marks an object for finalization only when its
-- metatable has __gc when set, so checking here is enough for __gc; a __mode added afterwards has
-- no effect within a call, because the collector does not run during calls (see host.rs).
local function safe_setmetatable(t, mt)
    if type(mt) == "table" then
        if rawget(mt, "__gc") ~= nil then
            error("__gc metamethods are not allowed in card scripts", 2)
        end
        if rawget(mt, "__mode") ~= nil then
            error("__mode (weak tables) is not allowed in card scripts: which entries a weak "
                .. "table loses depends on when the collector runs", 2)
        end
    end
    return raw_setmetatable(t, mt)
end

-- Lua's ipairs reads `t[i]` from C, where the hook cannot yield (see entry below); this one reads
-- it as ordinary code.
local function ipairs_next(t, i)
    i = i + 1
    local v = t[i]
    if v ~= nil then
        return i, v
    end
end

local function safe_ipairs(...)
    if select("#", ...) == 0 then
        error("bad argument #1 to 'ipairs' (table expected, got no value)", 2)
    end
    return ipairs_next, (...), 0
end

local function safe_tonumber(v, base)
    if type(v) == "string" then
        charge_len(v)
    end
    return raw_tonumber(v, base)
end

-- The base functions a script may use.
local base = {
    assert = assert,
    error = error,
    getmetatable = getmetatable,
    ipairs = safe_ipairs,
    next = det_next,
    pairs = det_pairs,
    pcall = safe_pcall,
    rawequal = rawequal,
    rawget = rawget,
    rawlen = rawlen,
    rawset = rawset,
    select = select,
    setmetatable = safe_setmetatable,
    tonumber = safe_tonumber,
    tostring = safe_tostring,
    type = type,
    xpcall = safe_xpcall,
    _VERSION = _VERSION,
}

-- ----- string -----------------------------------------------------------------------------------

local function copy(library)
    local t = {}
    for k, v in raw_next, library do
        t[k] = v
    end
    return t
end

-- The wrapped library. Lua's own `string` table keeps the C functions, so that their argument
-- errors still name them ('string.rep'); the script's copies and the string metatable use these.
local S = copy(string)
-- Bytecode (the way Lua sandboxes are escaped) and binary packing (sizes only a full format
-- parser could price) are not offered.
S.dump, S.pack, S.packsize, S.unpack = nil, nil, nil, nil

S.find = function(...) return check(P.find(...)) end
S.match = function(...) return check(P.match(...)) end
S.sub = function(...) return check(P.sub(...)) end
S.upper = function(...) return check(P.upper(...)) end
S.lower = function(...) return check(P.lower(...)) end
S.reverse = function(...) return check(P.reverse(...)) end

S.byte = function(s, i, j)
    P.price_byte(s, i, j)
    return s_byte(s, i, j)
end

S.char = function(...)
    charge(select("#", ...))
    return s_char(...)
end

S.rep = function(s, n, sep)
    if not P.price_rep(s, n, sep) then
        error(NOMEM, 0)
    end
    return s_rep(s, n, sep)
end

local function format_converted(fmt, ...)
    local n = select("#", ...)
    local args = { ... }
    for i = 1, n do
        local t = type(args[i])
        if t == "table" or t == "function" or t == "userdata" or t == "thread" then
            args[i] = safe_tostring(args[i])
        end
    end
    check_inner(P.price_format(fmt, t_unpack(args, 1, n)))
    return s_format(fmt, t_unpack(args, 1, n))
end

S.format = function(fmt, ...)
    if check_inner(P.price_format(fmt, ...)) then
        return s_format(fmt, ...)
    end
    return format_converted(fmt, ...)
end

S.gmatch = function(s, p, init)
    local subject, pattern, src = check_inner(P.gmatch_start(s, p, init))
    local last = -1
    local function after(start, e, ...)
        if start == nil then
            return
        end
        if start == ERR then
            error(e, 2)
        end
        src, last = e, e
        return ...
    end
    return function()
        return after(p_scan(subject, pattern, src, last, false))
    end
end

-- gsub with a function or table: the loop of Lua's str_gsub, the replacement called here as
-- ordinary code (Lua's C loop would call it from inside the library call).
local function gsub_with(s, p, repl, max)
    local by_function = type(repl) == "function"
    local pieces, np = {}, 0
    local src, last, n, changed = 0, -1, 0, false
    local anchored = s_byte(p, 1) == 94
    local function one(start, e, ...)
        if start == nil then
            return false
        end
        if start == ERR then
            error(e, 3)
        end
        n = n + 1
        if start > src then
            np = np + 1
            pieces[np] = p_sub(s, src + 1, start)
        end
        local v
        if by_function then
            v = repl(...)
        else
            v = repl[(...)]
        end
        if not v then
            np = np + 1
            pieces[np] = p_sub(s, start + 1, e)
        elseif type(v) == "string" or type(v) == "number" then
            np = np + 1
            pieces[np] = v
            changed = true
        else
            error("invalid replacement value (a " .. type(v) .. ")", 3)
        end
        src, last = e, e
        return true
    end
    while n < max and one(p_scan(s, p, src, last, true)) do
        if anchored then
            break
        end
    end
    if not changed then
        return s, n
    end
    np = np + 1
    pieces[np] = p_sub(s, src + 1)
    check_inner(price_concat(pieces, "", 1, np))
    return t_concat(pieces, "", 1, np), n
end

S.gsub = function(s, p, repl, max)
    local result, count, pattern, limit = check_inner(P.gsub(s, p, repl, max))
    if result ~= false then
        return result, count
    end
    return gsub_with(count, pattern, repl, limit)
end

-- ----- table ------------------------------------------------------------------------------------

-- A table without a metatable: the C function reads and writes it raw, so its work is known
-- before it starts and is charged; a table with metamethods goes through the Lua versions below,
-- whose every step is counted (its __len could answer differently when the C function asks).
local function plain(t)
    return type(t) == "table" and getmetatable(t) == nil
end

local T = copy(table)

local function lua_insert(t, ...)
    local n = select("#", ...)
    local e = #t + 1
    if n == 1 then
        t[e] = (...)
        return
    end
    if n ~= 2 then
        error("wrong number of arguments to 'insert'", 3)
    end
    local pos, v = ...
    pos = int_arg(pos, 2, "insert", 4)
    if pos < 1 or pos > e then
        error("bad argument #2 to 'insert' (position out of bounds)", 3)
    end
    for i = e, pos + 1, -1 do
        t[i] = t[i - 1]
    end
    t[pos] = v
end

T.insert = function(t, ...)
    if plain(t) then
        charge(rawlen(t) + 1)
        return t_insert(t, ...)
    end
    if type(t) ~= "table" then
        return t_insert(t, ...)
    end
    lua_insert(t, ...)
end

local function lua_remove(t, ...)
    local size = #t
    local pos = size
    if (...) ~= nil then
        pos = int_arg((...), 2, "remove", 4)
    end
    if pos ~= size and (pos < 1 or pos > size + 1) then
        error("bad argument #2 to 'remove' (position out of bounds)", 3)
    end
    local result = t[pos]
    while pos < size do
        t[pos] = t[pos + 1]
        pos = pos + 1
    end
    t[pos] = nil
    return result
end

T.remove = function(t, ...)
    if plain(t) then
        charge(rawlen(t) + 1)
        return t_remove(t, ...)
    end
    if type(t) ~= "table" then
        return t_remove(t, ...)
    end
    local result = lua_remove(t, ...)
    return result
end

local function lua_move(a1, f, e, t, a2)
    f = int_arg(f, 2, "move", 4)
    e = int_arg(e, 3, "move", 4)
    t = int_arg(t, 4, "move", 4)
    local tt = a2
    if tt == nil then
        tt = a1
    end
    if e >= f then
        if not (f > 0 or e < math.maxinteger + f) then
            error("bad argument #3 to 'move' (too many elements to move)", 3)
        end
        local n = e - f + 1
        if t > math.maxinteger - n + 1 then
            error("bad argument #4 to 'move' (destination wrap around)", 3)
        end
        if t > e or t > f or (a2 ~= nil and a1 ~= tt) then
            for i = 0, n - 1 do
                tt[t + i] = a1[f + i]
            end
        else
            for i = n - 1, 0, -1 do
                tt[t + i] = a1[f + i]
            end
        end
    end
    return tt
end

T.move = function(a1, f, e, t, a2)
    if type(a1) == "table" and getmetatable(a1) ~= nil
        or type(a2) == "table" and getmetatable(a2) ~= nil then
        local result = lua_move(a1, f, e, t, a2)
        return result
    end
    P.price_range(f, e)
    return t_move(a1, f, e, t, a2)
end

T.unpack = function(t, i, j)
    if type(t) == "table" and getmetatable(t) ~= nil then
        -- Read as ordinary code into a plain table, then unpack that.
        i = i == nil and 1 or int_arg(i, 2, "unpack", 3)
        j = j == nil and #t or int_arg(j, 3, "unpack", 3)
        if i > j then
            return
        end
        if j - i >= 1000000 then
            error("too many results to unpack", 2)
        end
        local values = {}
        for k = i, j do
            values[k - i + 1] = t[k]
        end
        P.price_range(1, j - i + 1)
        return t_unpack(values, 1, j - i + 1)
    end
    if type(t) == "table" and j == nil then
        j = rawlen(t)
    end
    P.price_range(i, j)
    return t_unpack(t, i, j)
end

local function lua_concat(t, sep, i, j)
    i = i == nil and 1 or int_arg(i, 3, "concat", 4)
    j = j == nil and #t or int_arg(j, 4, "concat", 4)
    local parts, n = {}, 0
    for k = i, j do
        local v = t[k]
        local tv = type(v)
        if tv ~= "string" and tv ~= "number" then
            error(s_format("invalid value (%s) at index %d in table for 'concat'", tv, k), 3)
        end
        n = n + 1
        parts[n] = v
    end
    check_inner(price_concat(parts, sep, 1, n))
    return t_concat(parts, sep, 1, n)
end

T.concat = function(t, sep, i, j)
    if plain(t) then
        if j == nil then
            j = rawlen(t)
        end
        check_inner(price_concat(t, sep, i, j))
        return t_concat(t, sep, i, j)
    end
    if type(t) ~= "table" then
        return t_concat(t, sep, i, j)
    end
    local result = lua_concat(t, sep, i, j)
    return result
end

-- Lua 5.4's sort picks random pivots (from the clock) when a partition goes badly, so equal
-- elements could end in a different order in each run; this is a stable merge sort, the same in
-- every run. It reads the elements, sorts them, and writes them back.
local function merge_sort(t, n, comp)
    local a, b = {}, {}
    for i = 1, n do
        a[i] = t[i]
    end
    local width = 1
    while width < n do
        local lo = 1
        while lo <= n do
            local mid = lo + width
            local hi = lo + 2 * width - 1
            if hi > n then
                hi = n
            end
            local i, j, k = lo, mid, lo
            while i < mid and i <= hi and j <= hi do
                local x, y = a[i], a[j]
                local before
                if comp then
                    before = comp(y, x)
                else
                    before = y < x
                end
                if before then
                    b[k] = y
                    j = j + 1
                else
                    b[k] = x
                    i = i + 1
                end
                k = k + 1
            end
            while i < mid and i <= hi do
                b[k] = a[i]
                i = i + 1
                k = k + 1
            end
            while j <= hi do
                b[k] = a[j]
                j = j + 1
                k = k + 1
            end
            lo = lo + 2 * width
        end
        a, b = b, a
        width = width * 2
    end
    for i = 1, n do
        t[i] = a[i]
    end
end

T.sort = function(t, comp)
    if type(t) ~= "table" then
        return t_sort(t, comp)
    end
    local n
    if getmetatable(t) == nil then
        n = rawlen(t)
    else
        n = #t
    end
    if n > 1 then
        if n >= 2147483647 then
            error("bad argument #1 to 'sort' (array too big)", 2)
        end
        if comp ~= nil and type(comp) ~= "function" then
            error("bad argument #2 to 'sort' (function expected, got " .. type(comp) .. ")", 2)
        end
        if comp == nil and P.sort_plain(t, n) then
            return
        end
        merge_sort(t, n, comp)
    end
end

-- ----- utf8 -------------------------------------------------------------------------------------

local U = { charpattern = utf8.charpattern }
U.len = function(...) return check(P.utf8_len(...)) end
U.codepoint = function(...) return check(P.utf8_codepoint(...)) end
U.char = function(...) return check(P.utf8_char(...)) end
U.offset = function(...) return check(P.utf8_offset(...)) end
local function codes_strict(s, i) return check(P.utf8_step(s, i, true)) end
local function codes_lax(s, i) return check(P.utf8_step(s, i, false)) end
U.codes = function(s, lax)
    local subject = check_inner(P.utf8_codes(s, lax))
    return lax and codes_lax or codes_strict, subject, 0
end

-- ----- the environment --------------------------------------------------------------------------

-- `math.random` and `math.randomseed` would use Lua's own generator; the host adds its own.
local M = copy(math)
M.random, M.randomseed = nil, nil

local libraries = { string = S, table = T, math = M, utf8 = U }

-- Strings share one metatable; its __index becomes the wrapped library (so `s:rep(n)` is priced)
-- and it is hidden, so that a script cannot reach (and change) what other calls use.
local string_meta = getmetatable("")
string_meta.__index = S
string_meta.__metatable = false

-- Defence in depth: the host's own globals lose the escape hatches too.
load, loadfile, dofile, require, collectgarbage, print, warn = nil, nil, nil, nil, nil, nil, nil
coroutine = nil

-- A call's `print`: the values through tostring (as Lua's print does), handed to the host's
-- `sink(parts, n)` of the call, which measures them before it joins them.
local function safe_print(...)
    local n = select("#", ...)
    local parts = { ... }
    for i = 1, n do
        parts[i] = safe_tostring(parts[i])
    end
    local sink = call.sink
    if sink ~= nil then
        sink(parts, n)
    end
end

-- A fresh environment per call: a script may change its globals and its copies of the
-- libraries as it likes, and nothing of it survives the call.
local function new_env(sink)
    call = { count = 0, sink = sink }
    local env = {}
    for name, value in raw_next, base do
        env[name] = value
    end
    for name, library in raw_next, libraries do
        env[name] = copy(library)
    end
    env.print = safe_print
    env._G = env
    return env
end

-- How the host runs a script function, in a coroutine of its own: `true, results...`, or
-- `false, error` and, for an error object that is not a string, its text (its __tostring, run
-- here as ordinary code, or a description: Lua would print its address).
local function finish(ok, ...)
    if ok then
        return true, ...
    end
    local e = ...
    local t = type(e)
    if t == "table" or t == "function" or t == "thread" or (t == "userdata" and not is_failure(e)) then
        local text
        if not spent() and metafield(e, "__tostring") ~= nil then
            local described, s = raw_pcall(safe_tostring, e)
            if described and type(s) == "string" then
                text = s
            end
        end
        return false, e, text or ("(error object is a " .. t .. " value)")
    end
    return false, e
end

local function entry(f, ...)
    return finish(raw_xpcall(f, msgh, ...))
end

-- The coroutine of a call: when a limit is exceeded the hook yields it, and it is abandoned
-- (never resumed, never closed), so nothing of the script runs after that point. Lua would
-- otherwise unwind the error the hook raises from inside the hook, running the script's
-- __close handlers there with the hook off. Lua's threads inherit the host's hook.
local function after(co, resumed, ...)
    if co_status(co) ~= "dead" then
        return "stopped"
    end
    if not resumed then
        return false, (...)
    end
    return ...
end

local function run(f, ...)
    local co = co_create(entry)
    return after(co, co_resume(co, f, ...))
end

return { new_env = new_env, run = run }
