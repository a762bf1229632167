//! A bounded fuzz test: scripts built from hostile fragments (loops, recursion, string and
//! pattern operations on big strings, coroutines, pcall/xpcall nesting, metatables, huge
//! tables), some of them mutated byte by byte, thrown at `Host::evaluate`. Every call returns
//! (a value or a typed error) within a wall-clock bound, nothing panics, and the host works
//! afterwards. The cases are fixed (a fixed seed), so the test takes the same bounded time in
//! every run.

mod common;

use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use common::{assert_host_works, eval};
use darbar_lua::{Host, Limits};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};

/// Statements with holes: `B` is a nested body, `N` a number, `P` a pattern, `S` a string
/// expression, `V` a value.
const FRAGMENTS: &[&str] = &[
    "while true do B end",
    "for i = 1, N do B end",
    "local function f(n) if n > 0 then return f(n - 1) end return 0 end f(N)",
    "local function g(n) return 1 + g(n + 1) end pcall(g, 1)",
    "local s = S",
    "s = s .. s",
    "local r = (S):rep(N)",
    "local r = string.rep(S, N, S)",
    "local a = (S):find(P)",
    "local a = (S):match(P)",
    "local a = string.gsub(S, P, S)",
    "local a = string.gsub(S, P, function(x) B return x end)",
    "for w in (S):gmatch(P) do B end",
    "local a = (S):upper():lower():reverse()",
    "local a = (S):byte(1, -1)",
    "local a = utf8.len(S)",
    "local a = string.format('%s %d %q', S, N, S)",
    "local a = tonumber(S)",
    "pcall(function() B end)",
    "xpcall(function() B end, function(e) B return e end)",
    "xpcall(error, function() B end)",
    "error(V)",
    "pcall(error, V)",
    "local t = setmetatable({}, {__index = function(t, k) B return k end}) local a = t.x",
    "local t <close> = setmetatable({}, {__close = function() B end})",
    "local a = tostring(setmetatable({}, {__tostring = function() B return 'x' end}))",
    "table.sort({3, 1, 2, 5, 4}, function(a, b) B return a < b end)",
    "local t = {} for i = 1, N do t[i] = {i} end",
    "local t = {} for i = 1, N do t['k' .. i] = i end for k, v in pairs(t) do B end",
    "local a = table.concat({S, S, S}, S)",
    "local a = select('#', table.unpack({1, 2, 3}, 1, N))",
    "table.insert(setmetatable({}, {__len = function() return N end}), 1, 1)",
    "local co = coroutine.create(function() B end)",
    "local a = next({a = 1, b = 2, [1] = 3})",
    "print(S, V, N)",
    "local a = game:pieces(S)",
    "local a = game:legal_actions()",
    "setmetatable({}, {__gc = function() B end})",
    "local a = string.format('%p', {})",
    "local a = {} a[a] = a local b = a[a][a]",
];

const NUMBERS: &[&str] = &[
    "0", "1", "7", "100", "1e5", "1e9", "-1", "2^31", "1e15", "0.5",
];
const PATTERNS: &[&str] = &[
    "'a'",
    "'.-b'",
    "('.-'):rep(8) .. 'b'",
    "'(a*)*b'",
    "'%b()'",
    "'%f[%a]%a+'",
    "'[^x]*y'",
    "'(%w+)=(%w+)'",
    "'%'",
    "'[a'",
    "'()'",
    "'^a'",
    "'(a)%1'",
];
const STRINGS: &[&str] = &[
    "'abc'",
    "('a'):rep(2^20)",
    "('ab '):rep(1e4)",
    "'\\xff\\x80'",
    "''",
    "'Delhi'",
    "('x'):rep(100)",
    "'%d'",
    "s",
];
const VALUES: &[&str] = &[
    "{}",
    "nil",
    "'boom'",
    "1",
    "print",
    "setmetatable({}, {__tostring = function() return 'e' end})",
];

/// One of `options`, by the next choice.
fn pick(picks: &mut impl Iterator<Item = u32>, options: &[&str]) -> String {
    options[picks.next().unwrap_or(0) as usize % options.len()].to_owned()
}

/// Builds a script from the choices `picks`, consuming them as it goes.
fn build(picks: &mut impl Iterator<Item = u32>, depth: u32) -> String {
    let fragment = pick(picks, FRAGMENTS);
    let mut out = String::new();
    for c in fragment.chars() {
        match c {
            'B' if depth < 3 => out.push_str(&build(picks, depth + 1)),
            'B' => out.push_str("local z = 1"),
            'N' => out.push_str(&pick(picks, NUMBERS)),
            'P' => out.push_str(&pick(picks, PATTERNS)),
            'S' => out.push_str(&pick(picks, STRINGS)),
            'V' => out.push_str(&pick(picks, VALUES)),
            c => out.push(c),
        }
    }
    out
}

fn script(picks: &[u32], mutations: &[(usize, u8)]) -> String {
    let mut iter = picks.iter().copied();
    let mut source = String::from("local s = 'seed'\n");
    while iter.len() > 0 {
        source.push_str(&build(&mut iter, 0));
        source.push('\n');
    }
    source.push_str("return s\n");
    let mut bytes = source.into_bytes();
    // One script in four is mutated (most mutations make syntax errors).
    let mutations = if picks.first().is_some_and(|p| p % 4 == 0) {
        mutations
    } else {
        &[]
    };
    for &(at, byte) in mutations {
        if !bytes.is_empty() {
            let at = at % bytes.len();
            bytes[at] = b" ()[]{}=.,;:'\"\\-+*/#<>~ab1end"[byte as usize % 29];
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn hostile_scripts_always_return_a_value_or_a_typed_error() {
    let (sender, receiver) = channel();
    std::thread::spawn(move || {
        let limits = Limits {
            instructions: 300_000,
            memory_bytes: 4 * 1024 * 1024,
            wall_time: Duration::from_secs(2),
        };
        let host = std::cell::RefCell::new(Host::with_limits(limits));
        let config = Config {
            cases: 160,
            rng_seed: RngSeed::Fixed(0x0da2_ba12),
            failure_persistence: None,
            max_shrink_iters: 16,
            ..Config::default()
        };
        let strategy = (
            prop::collection::vec(any::<u32>(), 1..24),
            prop::collection::vec((any::<usize>(), any::<u8>()), 0..3),
        );
        let mut runner = TestRunner::new(config);
        let outcome = runner.run(&strategy, |(picks, mutations)| {
            let source = script(&picks, &mutations);
            let started = Instant::now();
            let result = eval(&mut host.borrow_mut(), &source);
            let took = started.elapsed();
            prop_assert!(
                took < Duration::from_secs(5),
                "{took:?} for\n{source}\n{result:?}"
            );
            // Whatever the script did, the host works as before.
            assert_host_works(&mut host.borrow_mut());
            Ok(())
        });
        let _ = sender.send(outcome.map_err(|e| e.to_string()));
    });
    match receiver.recv_timeout(Duration::from_secs(120)) {
        Ok(Ok(())) => {}
        Ok(Err(failure)) => panic!("{failure}"),
        Err(RecvTimeoutError::Timeout) => panic!("the fuzz cases did not finish within 120 s"),
        Err(RecvTimeoutError::Disconnected) => panic!("a fuzz case panicked"),
    }
}
