//! The example script of README.md runs and gives what the README says.

use darbar::engine::GameRng;
use darbar::vijayanagara::State;
use darbar_lua::Host;

const README: &str = include_str!("../README.md");

/// The first ```lua block of the README.
fn example() -> &'static str {
    let start = README.find("```lua\n").expect("README has a Lua example") + "```lua\n".len();
    let len = README[start..]
        .find("```")
        .expect("the Lua example is closed");
    &README[start..start + len]
}

#[test]
fn the_readme_example_runs() {
    let mut host = Host::new();
    let state = State::new(2024);
    let run = host
        .run(
            &state,
            &mut GameRng::from_seed_u64(2024),
            example(),
            "readme",
        )
        .unwrap();
    let printed = run.value.to_string();
    assert_eq!(printed, r#"{rajas = 3, space = "Karnataka"}"#);
    assert!(README.contains(&format!("returns `{printed}`")));
    assert_eq!(run.log, ["VN eyes Karnataka"]);
}
