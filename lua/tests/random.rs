//! `math.random`: Lua 5.4's semantics, drawing from the game's generator.

mod common;

use darbar::engine::GameRng;
use darbar::vijayanagara::{Options, State, Vijayanagara};
use darbar_lua::{Host, ScriptError, ScriptValue};

const DRAWS: &str = r#"
    local out = {}
    for i = 1, 20 do out[#out + 1] = math.random(1000) end
    out[#out + 1] = math.random()
    out[#out + 1] = math.random(-5, 5)
    out[#out + 1] = math.random(0)
    return out
"#;

fn draws(host: &mut Host, seed: u64) -> ScriptValue {
    host.evaluate(
        &Vijayanagara::without_events(Options::default()),
        &State::new(1),
        &mut GameRng::from_seed_u64(seed),
        DRAWS,
        "draws",
    )
    .unwrap()
}

#[test]
fn the_same_seed_gives_the_same_numbers() {
    let mut host = Host::new();
    let first = draws(&mut host, 2024);
    assert_eq!(draws(&mut host, 2024), first);
    assert_eq!(draws(&mut Host::new(), 2024), first);
    assert_ne!(draws(&mut host, 2025), first);
}

#[test]
fn the_callers_generator_advances() {
    let mut host = Host::new();
    let state = State::new(1);
    let mut rng = GameRng::from_seed_u64(9);
    let first = host
        .evaluate(
            &Vijayanagara::without_events(Options::default()),
            &state,
            &mut rng,
            DRAWS,
            "draws",
        )
        .unwrap();
    let second = host
        .evaluate(
            &Vijayanagara::without_events(Options::default()),
            &state,
            &mut rng,
            DRAWS,
            "draws",
        )
        .unwrap();
    assert_ne!(first, second);
    assert_ne!(rng, GameRng::from_seed_u64(9));
    // The state's own generator is not the one drawn from.
    assert_eq!(state.rng(), State::new(1).rng());
}

#[test]
fn small_ranges_draw_like_the_core() {
    // math.random(6) is GameRng::die, and math.random(m, n) is m + GameRng::below(n - m + 1).
    let mut host = Host::new();
    let mut rng = GameRng::from_seed_u64(31);
    let value = host
        .evaluate(
            &Vijayanagara::without_events(Options::default()),
            &State::new(1),
            &mut rng,
            "local out = {} for i = 1, 50 do out[i] = math.random(6) end
             for i = 51, 100 do out[i] = math.random(10, 19) end return out",
            "dice",
        )
        .unwrap();
    let mut core = GameRng::from_seed_u64(31);
    let mut expected: Vec<i64> = (0..50).map(|_| i64::from(core.die())).collect();
    expected.extend((0..50).map(|_| 10 + i64::from(core.below(10))));
    assert_eq!(value, ScriptValue::from(expected));
    assert_eq!(rng, core);
}

#[test]
fn results_stay_in_their_ranges() {
    let script = r#"
        for i = 1, 2000 do
            local f = math.random()
            assert(math.type(f) == "float" and f >= 0 and f < 1, "float " .. f)
            local m = math.random(3)
            assert(math.type(m) == "integer" and m >= 1 and m <= 3, "m " .. m)
            local r = math.random(-2, 2)
            assert(r >= -2 and r <= 2, "r " .. r)
            assert(math.random(7, 7) == 7)
            local big = math.random(math.mininteger, math.maxinteger)
            assert(math.type(big) == "integer")
            local wide = math.random(0, 1 << 40)
            assert(wide >= 0 and wide <= 1 << 40, "wide " .. wide)
            assert(math.type(math.random(0)) == "integer")
        end
        local seen = {}
        for i = 1, 600 do seen[math.random(6)] = true end
        return #seen
    "#;
    assert_eq!(common::value(script), ScriptValue::Integer(6));
}

#[test]
fn integral_floats_and_numeric_strings_are_accepted() {
    assert_eq!(
        common::value("local x = math.random(3.0, '3') return x"),
        ScriptValue::Integer(3)
    );
}

#[test]
fn bad_calls_fail_as_in_lua() {
    let cases = [
        (
            "return math.random(0.5)",
            "bad argument #1 to 'random' (number has no integer representation)",
        ),
        (
            "return math.random(-1)",
            "bad argument #1 to 'random' (interval is empty)",
        ),
        (
            "return math.random(5, 1)",
            "bad argument #2 to 'random' (interval is empty)",
        ),
        ("return math.random(1, 2, 3)", "wrong number of arguments"),
        (
            "return math.random({})",
            "bad argument #1 to 'random' (number expected, got table)",
        ),
        (
            "return math.random('x')",
            "bad argument #1 to 'random' (number expected, got string)",
        ),
    ];
    let mut host = Host::new();
    for (script, expected) in cases {
        assert_eq!(
            common::eval(&mut host, script),
            Err(ScriptError::Runtime {
                message: expected.to_owned(),
                line: Some(1)
            }),
            "{script}"
        );
    }
}

#[test]
fn randomseed_is_gone() {
    assert_eq!(common::value("return math.randomseed"), ScriptValue::Nil);
}
