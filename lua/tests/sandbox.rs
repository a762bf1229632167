//! The sandbox: which libraries and globals a script sees, and that no call can leave anything
//! behind for the next.

mod common;

use common::{eval, eval_once, value};
use darbar::engine::GameRng;
use darbar::vijayanagara::{Options, State, Vijayanagara};
use darbar_lua::{Host, LOG_TRUNCATED, MAX_LOG_BYTES, ScriptError, ScriptValue};

#[test]
fn escape_hatches_are_absent() {
    let absent = [
        "io",
        "os",
        "require",
        "load",
        "loadfile",
        "dofile",
        "loadstring",
        "debug",
        "package",
        "collectgarbage",
        "coroutine",
        "warn",
        "string.dump",
        "math.randomseed",
        "module",
        "setfenv",
        "getfenv",
        "newproxy",
        "jit",
        "ffi",
        "bit32",
    ];
    let mut host = Host::new();
    for name in absent {
        let script = format!("return {name} == nil");
        assert_eq!(
            eval(&mut host, &script),
            Ok(ScriptValue::Boolean(true)),
            "{name} must not be reachable"
        );
    }
}

#[test]
fn exactly_the_allowed_globals_exist() {
    let globals = value(
        "local names = {}
         for name in next, _G do names[#names + 1] = name end
         table.sort(names)
         return table.concat(names, ' ')",
    );
    assert_eq!(
        globals.as_str().unwrap(),
        "_G _VERSION assert error game getmetatable ipairs math next pairs pcall print rawequal \
         rawget rawlen rawset select setmetatable string table tonumber tostring type utf8 xpcall"
    );
}

#[test]
fn the_allowed_libraries_work() {
    let script = r##"
        local parts = {}
        for word in string.gmatch("Delhi Sultanate", "%a+") do parts[#parts + 1] = word:upper() end
        table.insert(parts, 1, string.format("%03d", 7))
        return {
            table.concat(parts, "-"),
            math.floor(7.9), math.max(3, 9), math.maxinteger,
            utf8.char(2357, 2367), utf8.len("विजयनगर"),
            ("ab"):rep(3, ","), select("#", 1, 2, 3),
            tostring(12), tonumber("0x10"), _VERSION,
        }
    "##;
    assert_eq!(
        value(script).to_string(),
        r#"{"007-DELHI-SULTANATE", 7, 9, 9223372036854775807, "वि", 7, "ab,ab,ab", 3, "12", 16, "Lua 5.4"}"#
    );
}

#[test]
fn the_string_metatable_is_hidden() {
    assert_eq!(
        value("return getmetatable('')"),
        ScriptValue::Boolean(false)
    );
    let err = eval_once("setmetatable('', {})").unwrap_err();
    assert!(matches!(err, ScriptError::Runtime { .. }), "{err:?}");
}

#[test]
fn the_game_metatable_is_hidden() {
    let mut host = Host::new();
    assert_eq!(
        eval(&mut host, "return getmetatable(game)"),
        Ok(ScriptValue::Boolean(false))
    );
    // The methods are shared by every call of the host: no call can change them.
    assert!(eval(&mut host, "getmetatable(game).__index = nil").is_err());
    assert!(eval(&mut host, "game.resources = function() return 0 end").is_err());
    assert_eq!(
        eval(&mut host, "return game:resources('DS')"),
        Ok(ScriptValue::Integer(12))
    );
}

#[test]
fn bytecode_cannot_be_loaded() {
    // A chunk that starts with Lua's binary signature is read as (bad) text, never as bytecode.
    let err = eval_once("\x1bLua\x54\x00").unwrap_err();
    assert!(matches!(err, ScriptError::Syntax { .. }), "{err:?}");
}

#[test]
fn finalizers_are_refused() {
    let err = eval_once("local x = 1\nsetmetatable({}, {__gc = function() end})").unwrap_err();
    assert_eq!(err.line(), Some(2));
    assert!(err.to_string().contains("__gc"), "{err}");
    // Other metatables are fine.
    assert_eq!(
        value(
            "local t = setmetatable({}, {__index = function(_, k) return k .. '!' end}) return t.x"
        ),
        ScriptValue::from("x!")
    );
}

#[test]
fn globals_do_not_survive_a_call() {
    let mut host = Host::new();
    let first = eval(
        &mut host,
        "leaked = 1; string.upper = nil; math.pi = 3; table.insert = print; _G.game = nil",
    );
    assert_eq!(first, Ok(ScriptValue::Nil));
    let second = eval(
        &mut host,
        "return {leaked == nil, string.upper('a'), math.pi > 3.14, table.insert ~= print, game ~= nil}",
    );
    assert_eq!(
        second.unwrap().to_string(),
        r#"{true, "A", true, true, true}"#
    );
}

#[test]
fn string_methods_use_the_pristine_library() {
    // Replacing the script's copy of `string` does not change what string methods call.
    assert_eq!(
        value("string.rep = nil; return ('x'):rep(2)"),
        ScriptValue::from("xx")
    );
}

#[test]
fn pairs_has_a_stable_order() {
    let script = r#"
        local seen = {}
        for k, v in pairs({zeta = 1, alpha = 2, [3] = 3, [1] = 4, [2.5] = 5, beta = 6, [true] = 7}) do
            seen[#seen + 1] = tostring(k) .. "=" .. v
        end
        return table.concat(seen, " ")
    "#;
    assert_eq!(
        value(script),
        ScriptValue::from("1=4 2.5=5 3=3 alpha=2 beta=6 zeta=1 true=7")
    );
    let err = eval_once("for k in pairs({[{}] = 1}) do end").unwrap_err();
    assert!(err.to_string().contains("no stable order"), "{err}");
    // __pairs is still honoured.
    assert_eq!(
        value(
            "local t = setmetatable({}, {__pairs = function(t) return function(_, k) if not k then return 1, 'one' end end, t, nil end})
             for k, v in pairs(t) do return v end"
        ),
        ScriptValue::from("one")
    );
}

#[test]
fn print_writes_to_the_log() {
    let mut host = Host::new();
    let run = host
        .run(
            &Vijayanagara::without_events(Options::default()),
            &State::new(1),
            &mut GameRng::from_seed_u64(1),
            "print('a', 1, nil, true) print() print(setmetatable({}, {__tostring = function() return 'T' end}))
             print(1.0, 0.1, 1e100, 2^63, -0.0, 1/0) print('\\255ok')",
            "log",
        )
        .unwrap();
    assert_eq!(run.value, ScriptValue::Nil);
    assert_eq!(
        run.log,
        [
            "a\t1\tnil\ttrue",
            "",
            "T",
            "1.0\t0.1\t1e+100\t9.2233720368548e+18\t-0.0\tinf",
            "\u{fffd}ok"
        ]
    );
}

#[test]
fn the_log_is_capped() {
    let mut host = Host::new();
    let run = host
        .run(
            &Vijayanagara::without_events(Options::default()),
            &State::new(1),
            &mut GameRng::from_seed_u64(1),
            "for i = 1, 10000 do print(string.rep('x', 100)) end return 'done'",
            "log",
        )
        .unwrap();
    assert_eq!(run.value, ScriptValue::from("done"));
    assert_eq!(run.log.last().map(String::as_str), Some(LOG_TRUNCATED));
    let bytes: usize = run.log.iter().map(String::len).sum();
    assert!(bytes <= MAX_LOG_BYTES + LOG_TRUNCATED.len());
    assert_eq!(run.log.len(), MAX_LOG_BYTES / 100 + 1);
}

#[test]
fn each_call_has_its_own_log() {
    let mut host = Host::new();
    let state = State::new(1);
    let mut rng = GameRng::from_seed_u64(1);
    host.run(
        &Vijayanagara::without_events(Options::default()),
        &state,
        &mut rng,
        "print('first')",
        "a",
    )
    .unwrap();
    let second = host
        .run(
            &Vijayanagara::without_events(Options::default()),
            &state,
            &mut rng,
            "print('second')",
            "b",
        )
        .unwrap();
    assert_eq!(second.log, ["second"]);
}
