//! Hostile scripts: every way a script's code runs is counted against the budget (message
//! handlers, metamethods, callbacks of library functions), and the work a library call does
//! inside one instruction is priced, so each of these ends with a typed error in well under a
//! second instead of running for hours. Every script runs on a guarded thread: a regression
//! fails the test after 10 seconds instead of hanging it.

mod common;

use std::time::{Duration, Instant};

use common::{eval, eval_guarded, guarded};
use darbar::engine::Game;
use darbar::vijayanagara::{Action, Error as CoreError, EventSide, Log, Options, TurnOption};
use darbar_lua::{Cards, Host, Limits, STANDARD_DECK, ScriptError, ScriptValue};

const BUDGET: ScriptError = ScriptError::InstructionBudget {
    limit: Limits::DEFAULT.instructions,
};
const MEMORY: ScriptError = ScriptError::MemoryLimit {
    limit: Limits::DEFAULT.memory_bytes,
};

/// Runs each script and expects `expected`, quickly.
fn all_stop_with(expected: &ScriptError, scripts: &[&str]) {
    for script in scripts {
        let started = Instant::now();
        assert_eq!(eval_guarded(script).as_ref(), Err(expected), "{script}");
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "{script} took {:?}",
            started.elapsed()
        );
    }
}

// ----- 1. every way a script's code runs is counted ---------------------------------------------

#[test]
fn rule_a_message_handler_cannot_escape_the_budget() {
    all_stop_with(
        &BUDGET,
        &[
            // The audit's case: Lua runs a message handler with the hook off.
            "xpcall(error, function() while true do end end)",
            "xpcall(function() while true do end end, function() while true do end end)",
            "xpcall(error, function(e) local n = 0 while true do n = n + 1 end end)",
            // A handler that errors is called again, by Lua, from inside the error.
            "xpcall(error, function(e) error(e) end) while true do end",
            "xpcall(function() xpcall(error, function() while true do end end) end, \
             function() while true do end end)",
            "xpcall(error, function() while true do pcall(function() while true do end end) end end)",
            "xpcall(error, function() return xpcall(error, function() while true do end end) end)",
            "local ok = xpcall(function() while true do end end, function(e) return e end) \
             while true do end",
        ],
    );
}

#[test]
fn rule_error_objects_metamethods_and_callbacks_are_counted() {
    all_stop_with(
        &BUDGET,
        &[
            // The host describes an uncaught error object with its __tostring.
            "error(setmetatable({}, {__tostring = function() while true do end end}))",
            "local t <close> = setmetatable({}, {__close = function() while true do end end}) \
             error('x')",
            // Lua runs the to-be-closed variables of the running function when an error is
            // raised from the hook, inside the hook: the budget now yields instead.
            "local t <close> = setmetatable({}, {__close = function() while true do end end}) \
             while true do end",
            "for x in function() while true do end end, nil, nil, \
             setmetatable({}, {__close = function() while true do end end}) do end",
            "local inner = setmetatable({}, {__close = function() while true do end end}) \
             local outer = setmetatable({}, {__close = function() \
               for y in function() while true do end end, nil, nil, inner do end end}) \
             do local t <close> = outer error('x') end",
            "pcall(function() local t <close> = setmetatable({}, {__close = function() \
               while true do end end}) error('x') end)",
            "return setmetatable({}, {__index = function() while true do end end}).x",
            "local a = setmetatable({}, {__eq = function() while true do end end}) \
             return a == setmetatable({}, getmetatable(a))",
            "local mt = {__lt = function() while true do end end} \
             table.sort({setmetatable({}, mt), setmetatable({}, mt)})",
            "table.sort({3, 2, 1}, function(a, b) while true do end end)",
            "string.gsub('abc', '.', function() while true do end end)",
            "string.gsub('abc', '.', setmetatable({}, {__index = function() while true do end end}))",
            "for w in string.gmatch(('a '):rep(100), '%a') do while true do end end",
            "return tostring(setmetatable({}, {__tostring = function() while true do end end}))",
            "print(setmetatable({}, {__tostring = function() while true do end end}))",
            "return string.format('%s', setmetatable({}, {__tostring = function() while true do end end}))",
            "for k in pairs(setmetatable({}, {__pairs = function() while true do end end})) do end",
            "return #setmetatable({}, {__len = function() while true do end end})",
            "return setmetatable({}, {__call = function() while true do end end})()",
            "return setmetatable({}, {__concat = function() while true do end end}) .. 'x'",
            "table.insert(setmetatable({}, {__len = function() while true do end end}), 1)",
            "return table.concat(setmetatable({}, {__index = function() while true do end end}), '', 1, 3)",
            "return table.unpack(setmetatable({}, {__index = function() while true do end end}), 1, 3)",
        ],
    );
}

#[test]
fn rule_coroutines_are_not_offered() {
    // Hooks are per thread in Lua: a coroutine made by the script would run without the budget
    // unless its thread got the hook too. The sandbox offers none (and the host's hook is the
    // global one, which Lua threads inherit).
    assert_eq!(
        eval_guarded("return coroutine == nil and string.dump == nil"),
        Ok(ScriptValue::Boolean(true))
    );
}

#[test]
fn rule_a_card_whose_handler_loops_is_refused_and_changes_nothing() {
    let outcome = guarded("a card looping in xpcall's handler", || {
        let source = STANDARD_DECK
            .iter()
            .find(|(name, _)| *name == "03.lua")
            .map(|(_, s)| *s)
            .unwrap()
            .replacen(
                "unshaded = function(ctx)",
                "unshaded = function(ctx) xpcall(error, function() while true do end end)",
                1,
            );
        let cards = Cards::from_sources(&[("03.lua", source.as_str())]).unwrap();
        let game = cards.game(Options::default());
        let mut state = (0..10_000)
            .map(|seed| game.new_initial_state(seed))
            .find(|s| s.current_event() == Some(3))
            .expect("a game that starts with card 3");
        let option = Action::Option(TurnOption::EventOrCommand);
        game.apply(&mut state, option, &mut Log::silent()).unwrap();
        let before = state.clone();
        let unshaded = Action::Event(EventSide::Unshaded);
        let result = game.apply(&mut state, unshaded, &mut Log::silent());
        (result, state == before)
    });
    let (result, unchanged) = outcome;
    match result {
        Err(CoreError::Event {
            card: 3, message, ..
        }) => {
            assert!(message.contains("budget"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    assert!(unchanged, "a refused event changed the state");
}

// ----- 2. the work inside a library call is priced ----------------------------------------------

#[test]
fn rule_pattern_backtracking_is_charged() {
    all_stop_with(
        &BUDGET,
        &[
            // The audit's case: hours of backtracking inside one `find`.
            "return ('a'):rep(60):find(('.-'):rep(12) .. 'b')",
            "return ('a'):rep(60):match(('.*'):rep(10) .. 'b')",
            "return string.gsub(('a'):rep(60), ('a-'):rep(12) .. 'b', '')",
            "for m in ('a'):rep(60):gmatch(('a*'):rep(12) .. 'b') do end",
            // Quadratic patterns on long strings, in a loop.
            "local s = ('a'):rep(100000) while true do s:find('a-b') end",
            "local s = ('x'):rep(1000000) while true do s:find('y', 1, true) end",
        ],
    );
}

#[test]
fn rule_copying_library_calls_are_bounded() {
    // A loop of `upper` on a 4 MiB string: within the instruction budget, about an hour of
    // copying before; now each call is charged and counted against the memory limit.
    for script in [
        "local s = ('a'):rep(4 * 2^20) for i = 1, 1e6 do local t = s:upper() end",
        "local s = ('a'):rep(4 * 2^20) for i = 1, 1e6 do local t = s:lower():reverse() end",
        "local s = ('a'):rep(4 * 2^20) for i = 1, 1e6 do local t = s:sub(2) end",
        "local s = ('a'):rep(2^20) for i = 1, 1e6 do local t = s:rep(3) end",
        "local s = ('a'):rep(2^20) for i = 1, 1e6 do local t = string.format('%s%s', s, s) end",
        "local t = {} for i = 1, 1e5 do t[i] = 'abcdefgh' end for i = 1, 1e6 do local s = table.concat(t) end",
        // The `..` operator is no library call, but every byte it allocates counts.
        "local s = ('a'):rep(2^20) while true do local t = s .. 'x' end",
    ] {
        let started = Instant::now();
        let result = eval_guarded(script);
        assert!(
            result == Err(BUDGET) || result == Err(MEMORY),
            "{script}: {result:?}"
        );
        assert!(started.elapsed() < Duration::from_secs(3), "{script}");
    }
}

#[test]
fn rule_loops_inside_library_calls_are_charged() {
    all_stop_with(
        &BUDGET,
        &[
            // Lua's rep copies `n` times even when every piece is empty.
            "return #string.rep('', 1e15)",
            "return #string.rep('', 1e15, '')",
            "table.move({}, 1, 1e15, 2)",
            "table.insert(setmetatable({}, {__len = function() return 1e15 end}), 1, 'x')",
            "table.remove(setmetatable({}, {__len = function() return 1e15 end}), 1)",
            "local t = {} for i = 1, 2e5 do t[i] = i end while true do select('#', table.unpack(t)) end",
            "local s = ('1'):rep(2^20) while true do tonumber(s) end",
            "local s = ('a'):rep(2^19) while true do s:byte(1, -1) end",
            "local s = ('a'):rep(2^20) while true do utf8.len(s) end",
            "local s = 'a' .. ('\\x80'):rep(2^22) local f = utf8.codes('a') while true do pcall(f, s, 1) end",
            "local s = ('\\x80'):rep(2^22) .. 'a' while true do utf8.offset(s, 0, #s - 1) end",
            "local t = {} for i = 1, 1e4 do t['k' .. i] = i end while true do for k in pairs(t) do end end",
            "local t = {} for i = 1, 1e4 do t[i] = -i end while true do table.sort(t) end",
        ],
    );
}

#[test]
fn rule_work_the_budget_cannot_see_hits_the_wall_clock_limit() {
    // Comparing two equal strings of 4 MiB is one instruction; a loop of them is all the
    // wall-clock limit is there for.
    let outcome = guarded("comparing long strings", || {
        let limits = Limits {
            wall_time: Duration::from_millis(300),
            ..Limits::default()
        };
        let mut host = Host::with_limits(limits);
        let started = Instant::now();
        let result = eval(
            &mut host,
            "local a = ('a'):rep(2^21) local b = ('a'):rep(2^21 - 1) .. 'a' \
             while a == b do end",
        );
        common::assert_host_works(&mut host);
        (result, started.elapsed())
    });
    assert_eq!(
        outcome.0,
        Err(ScriptError::TimeLimit {
            limit: Duration::from_millis(300)
        })
    );
    assert!(outcome.1 < Duration::from_secs(3), "{:?}", outcome.1);
}

#[test]
fn rule_a_refused_allocation_ends_the_call() {
    // Once the allocator refuses, Lua collects in an emergency; what that frees depends on
    // what the host did before, so the call may not go on: pcall cannot catch it.
    all_stop_with(
        &MEMORY,
        &[
            "local s = 'x' while true do pcall(function() s = s .. s end) end",
            "local t = {} while true do pcall(function() t[#t + 1] = {} end) end",
            "local ok = pcall(function() local t = {} while true do t[#t + 1] = {} end end) \
             return ok",
        ],
    );
    // A library call asked for more than the allowance refuses before it allocates, as Lua's
    // own "not enough memory" error, which a script may catch.
    assert_eq!(
        eval_guarded(
            "local ok, e = pcall(string.format, '%s%s', ('x'):rep(5e6), ('x'):rep(5e6)) return e"
        )
        .map(|v| v.to_string()),
        Ok(r#""not enough memory""#.to_owned())
    );
}

// ----- the priced library keeps Lua's semantics -------------------------------------------------

#[test]
fn the_priced_string_library_matches_lua() {
    let cases: &[(&str, &str)] = &[
        ("return {('hello world'):find('o w')}", "{5, 7}"),
        ("return {('hello world'):find('o', 6)}", "{8, 8}"),
        ("return {('hello'):find('l+')}", "{3, 4}"),
        ("return {('a.b'):find('.', 1, true)}", "{2, 2}"),
        ("return {('abc'):find('b', -1)}", "{}"),
        ("return {('abc'):find('')}", "{1, 0}"),
        ("return {('abc'):find('', 10)}", "{}"),
        (
            "return {('key = value'):match('(%w+)%s*=%s*(%w+)')}",
            r#"{"key", "value"}"#,
        ),
        ("return {('hello'):match('()ll()')}", "{3, 5}"),
        ("return {('  trim  '):match('^%s*(.-)%s*$')}", r#"{"trim"}"#),
        (
            "return {string.match('2024-01-05', '(%d+)-(%d+)-(%d+)')}",
            r#"{"2024", "01", "05"}"#,
        ),
        ("return {('f(a(b)c)d'):match('%b()')}", r#"{"(a(b)c)"}"#),
        (
            "return {('THE (quick) fox'):find('%f[%a]%a+', 5)}",
            "{6, 10}",
        ),
        ("return {('abcabc'):match('(abc)%1')}", r#"{"abc"}"#),
        (
            "return {string.gsub('hello world', 'o', '0')}",
            r#"{"hell0 w0rld", 2}"#,
        ),
        (
            "return {string.gsub('hello world', '(%w+)', '<%1>')}",
            r#"{"<hello> <world>", 2}"#,
        ),
        (
            "return {string.gsub('abc', '%w', '%0%0')}",
            r#"{"aabbcc", 3}"#,
        ),
        ("return {string.gsub('abc', '', '-')}", r#"{"-a-b-c-", 4}"#),
        (
            "return {string.gsub('hello world', '%w+', '%0 %0', 1)}",
            r#"{"hello hello world", 1}"#,
        ),
        ("return {string.gsub('abc', '^a', 'x')}", r#"{"xbc", 1}"#),
        (
            "return {string.gsub('hello', 'l', {l = 'L'})}",
            r#"{"heLLo", 2}"#,
        ),
        (
            "return {string.gsub('$name is $age', '%$(%w+)', {name = 'Ana', age = 7})}",
            r#"{"Ana is 7", 2}"#,
        ),
        (
            "return {string.gsub('abc', '%w', function(c) return c:upper() .. '.' end)}",
            r#"{"A.B.C.", 3}"#,
        ),
        (
            "return {string.gsub('abc', '%w', function(c) if c == 'b' then return false end return 'x' end)}",
            r#"{"xbx", 3}"#,
        ),
        (
            "return {string.gsub('a b', '()', '%1')}",
            r#"{"1a2 3b4", 4}"#,
        ),
        (
            "local t = {} for k, v in string.gmatch('a=1, b=2', '(%w+)=(%w+)') do t[#t + 1] = k .. v end return t",
            r#"{"a1", "b2"}"#,
        ),
        (
            "local t = {} for w in ('one two'):gmatch('%a+') do t[#t + 1] = w end return t",
            r#"{"one", "two"}"#,
        ),
        (
            "local t = {} for w in ('abc'):gmatch('') do t[#t + 1] = 1 end return #t",
            "4",
        ),
        (
            "local t = {} for w in ('^a^'):gmatch('^a') do t[#t + 1] = w end return t",
            r#"{"^a"}"#,
        ),
        (
            "return {('abc'):sub(2), ('abc'):sub(-2, -2), ('abc'):sub(5), ('abc'):sub(0)}",
            r#"{"bc", "b", "", "abc"}"#,
        ),
        (
            "return {('Hello'):upper(), ('Hello'):lower(), ('abc'):reverse(), ('é'):upper()}",
            r#"{"HELLO", "hello", "cba", "é"}"#,
        ),
        ("return {('abc'):byte(1, -1)}", "{97, 98, 99}"),
        (
            "return {('ab'):rep(3, ','), ('x'):rep(0), string.char(72, 105)}",
            r#"{"ab,ab,ab", "", "Hi"}"#,
        ),
        (
            "return string.format('%5.2f|%d|%s|%q', 3.14159, 42, 'x', 'a\\n')",
            r#"" 3.14|42|x|\"a\\\n\"""#,
        ),
        (
            "return {utf8.len('विजय'), utf8.char(2357, 2367), utf8.codepoint('é'), utf8.offset('aé', 3)}",
            r#"{4, "वि", 233, 4}"#,
        ),
        (
            "local t = {} for p, c in utf8.codes('aé') do t[#t + 1] = p .. ':' .. c end return t",
            r#"{"1:97", "2:233"}"#,
        ),
        (
            "local a, b = utf8.len('\\xff') return {tostring(a), b}",
            r#"{"nil", 1}"#,
        ),
        (
            "return {tostring(12), tonumber('0x10'), tonumber('z', 36), tonumber(' 5 ')}",
            r#"{"12", 16, 35, 5}"#,
        ),
        (
            "local t = {5, 2, 8, 1} table.sort(t) return t",
            "{1, 2, 5, 8}",
        ),
        (
            "local t = {'b', 'c', 'a'} table.sort(t, function(x, y) return x > y end) return t",
            r#"{"c", "b", "a"}"#,
        ),
        (
            "local t = {1, 2, 3} table.insert(t, 2, 9) table.insert(t, 7) return {table.remove(t, 1), table.concat(t, ',')}",
            r#"{1, "9,2,3,7"}"#,
        ),
        ("return {table.unpack({1, 2, 3}, 2)}", "{2, 3}"),
        ("return table.move({1, 2, 3}, 1, 3, 2)", "{1, 1, 2, 3}"),
    ];
    let mut host = Host::new();
    for (script, expected) in cases {
        let value = eval(&mut host, script).unwrap_or_else(|e| panic!("{script}: {e}"));
        assert_eq!(value.to_string(), *expected, "{script}");
    }
}

#[test]
fn priced_functions_raise_lua_errors_as_strings() {
    let mut host = Host::new();
    for (script, expected) in [
        (
            "return select(2, pcall(string.find, nil, 'x'))",
            "bad argument #1 to 'find' (string expected, got nil)",
        ),
        (
            "return select(2, pcall(string.find, 'x', '%'))",
            "malformed pattern (ends with '%')",
        ),
        (
            "return select(2, pcall(string.match, 'x', '[a'))",
            "malformed pattern (missing ']')",
        ),
        (
            "return select(2, pcall(string.gsub, 'x', '(x)', '%2'))",
            "invalid capture index %2",
        ),
        (
            "return select(2, pcall(string.gsub, 'x', 'x', true))",
            "bad argument #3 to 'gsub' (string/function/table expected, got boolean)",
        ),
        (
            "return select(2, pcall(string.gsub, 'x', 'x', {x = {}}))",
            "invalid replacement value (a table)",
        ),
        (
            "return select(2, pcall(string.format, '%p', {}))",
            "invalid conversion '%p' to 'format' (an address differs from run to run, so the darbar sandbox refuses it)",
        ),
    ] {
        match eval(&mut host, script) {
            Ok(ScriptValue::String(message)) => assert_eq!(message, expected, "{script}"),
            other => panic!("{script}: {other:?}"),
        }
    }
    // Uncaught, the error names the script's line.
    let err = eval(
        &mut host,
        "local x = 1\nlocal r = ('x'):find('%')\nreturn r",
    )
    .unwrap_err();
    assert_eq!(
        err,
        ScriptError::Runtime {
            message: "malformed pattern (ends with '%')".into(),
            line: Some(2)
        }
    );
}
