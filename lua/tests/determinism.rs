//! The same script, and the same game with the same deck and seed, give byte-identical results
//! in two processes: Lua's per-process string hash seed and its addresses never reach a result
//! (`tostring` of a table, `%p`, the order of `next` and `pairs`, `table.sort`'s random pivots,
//! weak tables and the collector). The test runs this test binary twice as a child (with
//! `DARBAR_LUA_DETERMINISM_CHILD` set) and compares what the children print.

use std::fs;
use std::path::PathBuf;
use std::process::Command;

use darbar::bots::RandomBot;
use darbar::engine::{Game, GameRng, Log};
use darbar::vijayanagara::{Options, State, Vijayanagara};
use darbar_lua::{Cards, Host, Limits, STANDARD_DECK};

const CHILD: &str = "DARBAR_LUA_DETERMINISM_CHILD";
const BEGIN: &str = "=====BEGIN=====";
const END: &str = "=====END=====";

/// Scripts whose results plain Lua would make differ from process to process.
const SCRIPTS: &[&str] = &[
    // Addresses.
    "return tostring({}) .. ' ' .. tostring(print) .. ' ' .. tostring({}) .. ' ' .. tostring(game)",
    "local t = {} return tostring(t) == tostring(t) and tostring(t) ~= tostring({})",
    "return string.format('%s|%s', {}, string.format)",
    "return select(2, pcall(string.format, '%p', {}))",
    "local ok, e = pcall(error, {}) return tostring(e)",
    "print({}, print, setmetatable({}, {__name = 'Thing'})) return 1",
    // Key order: strings (hash seed), mixed keys.
    "local t = {} for i = 1, 60 do t['key' .. i] = i end \
     local s = {} for k in next, t do s[#s + 1] = k end return table.concat(s, ' ')",
    "local t = {} for i = 1, 60 do t['k' .. i] = i end \
     local s = {} for k, v in pairs(t) do s[#s + 1] = k .. '=' .. v end return table.concat(s, ' ')",
    "local t = {x = 1, [2] = 2, [1.5] = 3, [true] = 4, [-7] = 5, y = 6} \
     local s = {} local k = next(t) while k ~= nil do s[#s + 1] = tostring(k) k = next(t, k) end \
     return table.concat(s, ' ')",
    "return select(2, pcall(next, {[{}] = 1}))",
    // table.sort picks random pivots in plain Lua when partitions go badly.
    "local items = {} for i = 1, 500 do items[i] = {rank = i % 3, id = i} end \
     table.sort(items, function(a, b) return a.rank < b.rank end) \
     local ids = {} for i = 1, 500, 25 do ids[#ids + 1] = items[i].id end return table.concat(ids, ',')",
    // Weak tables and the collector.
    "return select(2, pcall(setmetatable, {}, {__mode = 'k'}))",
    "local mt = {} local w = setmetatable({}, mt) mt.__mode = 'k' \
     for i = 1, 100 do w[{}] = i end local n = 0 for _ in pairs(w) do n = n + 1 end return n",
    "local mt = {} local w = setmetatable({}, mt) mt.__mode = 'k' w[{}] = 1 \
     local t = {} while true do t[#t + 1] = {} end",
    // Error objects.
    "error(setmetatable({}, {}))",
    "error(print)",
];

/// A card effect that logs and acts on everything plain Lua would make differ between runs.
const ADVERSARY: &str = r#"
local real_unshaded, real_shaded = card.unshaded, card.shaded
local function adversary(ctx)
    local t = {}
    for i = 1, 40 do t["key" .. i] = i end
    local order, k = {}, next(t)
    while k ~= nil do
        order[#order + 1] = k
        k = next(t, k)
    end
    ctx:log("next: " .. table.concat(order, ","))
    local keys = {}
    for key in pairs({ DS = 1, BK = 2, VN = 3, MI = 4 }) do keys[#keys + 1] = key end
    ctx:log("pairs: " .. table.concat(keys, ","))
    ctx:log("tostring: " .. tostring({}) .. " " .. tostring(print) .. " " .. tostring(ctx.log))
    print("printed", {}, print)
    ctx:log("%p: " .. tostring(select(2, pcall(string.format, "%p", {}))))
    local items = {}
    for i = 1, 300 do items[i] = { rank = i % 3, id = i } end
    table.sort(items, function(a, b) return a.rank < b.rank end)
    ctx:log("sort: " .. items[1].id .. "," .. items[100].id .. "," .. items[200].id)
    -- An effect that depends on the order.
    local first = next({ BK = 1, VN = 1, DS = 1 })
    if ctx:resources(first) < 24 then
        ctx:gain_resources(first, 1)
    end
end
card.unshaded = function(ctx) adversary(ctx) return real_unshaded(ctx) end
card.shaded = function(ctx) adversary(ctx) return real_shaded(ctx) end
return card
"#;

/// The default deck with every Event card wrapped in [`ADVERSARY`], in a fresh directory.
fn adversarial_deck() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("darbar-lua-determinism-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    for (name, source) in STANDARD_DECK {
        let number: u8 = name.trim_end_matches(".lua").parse().unwrap();
        let source = if number <= 36 {
            assert!(source.contains("\nreturn {"), "{name}");
            format!(
                "{}{ADVERSARY}",
                source.replacen("\nreturn {", "\nlocal card = {", 1)
            )
        } else {
            (*source).to_owned()
        };
        fs::write(dir.join(name), source).unwrap();
    }
    dir
}

/// What a child prints: the scripts' results and logs, then whole games with the deck.
fn outputs() -> Vec<String> {
    let mut out = Vec::new();
    let game = Vijayanagara::without_events(Options::default());
    let state = game.new_initial_state(3);
    let mut host = Host::with_limits(Limits {
        memory_bytes: 4 * 1024 * 1024,
        ..Limits::default()
    });
    for script in SCRIPTS {
        let mut rng = GameRng::from_seed_u64(3);
        let result = host.run(&game, &state, &mut rng, script, "determinism");
        out.push(format!("{script}\n  => {result:?}"));
    }
    let dir = adversarial_deck();
    let game = Cards::from_dir(&dir).unwrap().game(Options::default());
    for seed in 0..3 {
        let mut state = game.new_initial_state(seed);
        let mut bot = RandomBot::new(seed);
        let mut log = Log::recording();
        let mut actions = Vec::new();
        for _ in 0..3_000 {
            let Some(decision) = game.decision(&state) else {
                break;
            };
            let action = bot.choose_from(&decision.choices).unwrap();
            actions.push(action.to_string());
            game.apply(&mut state, action, &mut log).unwrap();
        }
        out.push(format!("game {seed}: {}", actions.join(" | ")));
        out.extend(log.take());
        let state: &State = &state;
        out.push(serde_json::to_string(state).unwrap());
    }
    let _ = fs::remove_dir_all(&dir);
    out
}

#[test]
fn child_output() {
    if std::env::var_os(CHILD).is_none() {
        return;
    }
    println!("{BEGIN}");
    for line in outputs() {
        println!("{line}");
    }
    println!("{END}");
}

fn run_child() -> String {
    let output = Command::new(std::env::current_exe().unwrap())
        .args(["child_output", "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    let start = stdout.find(BEGIN).expect("the child printed its outputs") + BEGIN.len();
    let end = stdout.find(END).expect("the child finished");
    stdout[start..end].to_owned()
}

#[test]
fn rule_two_processes_give_identical_results() {
    let first = run_child();
    let second = run_child();
    for (a, b) in first.lines().zip(second.lines()) {
        assert_eq!(a, b, "the two processes differ");
    }
    assert_eq!(first, second);
    // The outputs are the deterministic ones, not merely equal.
    assert!(
        first.contains("table: #1 function: #2 table: #3 Vijayanagara game"),
        "{first}"
    );
    assert!(first.contains("key1 key10 key11"), "{first}");
    assert!(first.contains("invalid conversion '%p'"), "{first}");
    assert!(first.contains("(error object is a table value)"), "{first}");
    assert!(first.contains("MemoryLimit"), "{first}");
    assert!(first.contains("next: key1,key10,key11"), "{first}");
}
