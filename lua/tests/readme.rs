//! The example script of README.md runs and gives what the README says.

use darbar::engine::GameRng;
use darbar::vijayanagara::{Options, State, Vijayanagara};
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
            &Vijayanagara::without_events(Options::default()),
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

/// The ```lua block that starts with `first_line`.
fn lua_block(first_line: &str) -> &'static str {
    let marker = format!("```lua\n{first_line}");
    let start = README.find(&marker).expect("README has the block") + "```lua\n".len();
    let len = README[start..].find("```").expect("the block is closed");
    &README[start..start + len]
}

#[test]
fn the_readme_card_example_is_the_shipped_card_3_and_plays_as_described() {
    use darbar::engine::Game;
    use darbar::vijayanagara::{
        Action, DecisionKind, EventSide, Log, Options, Player, SpaceId, TurnOption,
    };
    use darbar_lua::Cards;

    let card = lua_block("-- Card 3 of the darbar default deck");
    assert_eq!(card, include_str!("../cards/vijayanagara/03.lua"));

    let game = Cards::from_sources(&[("03.lua", card)])
        .unwrap()
        .game(Options::default());
    let mut state = (0..)
        .map(|seed| game.new_initial_state(seed))
        .find(|s| s.current_event() == Some(3))
        .unwrap();
    let amirs = state.space(SpaceId::Maharashtra).amirs.obedient;
    let mut log = Log::silent();
    game.apply(
        &mut state,
        Action::Option(TurnOption::EventOrCommand),
        &mut log,
    )
    .unwrap();
    game.apply(&mut state, Action::Event(EventSide::Unshaded), &mut log)
        .unwrap();
    let decision = state.decision().unwrap();
    assert_eq!(decision.player, Player::Bahmani);
    assert_eq!(decision.kind, DecisionKind::Event { card: 3 });
    assert!(decision.allows(&"select Gujarat".parse().unwrap()));
    assert!(decision.allows(&"select Maharashtra".parse().unwrap()));
    assert_eq!(state.cavalry(Player::Bahmani), 0, "nothing committed yet");
    game.apply(&mut state, "select Maharashtra".parse().unwrap(), &mut log)
        .unwrap();
    assert_eq!(state.cavalry(Player::Bahmani), 2);
    assert_eq!(state.space(SpaceId::Maharashtra).amirs.obedient, amirs + 1);
}

#[test]
fn the_readme_quotes_real_deck_errors() {
    use darbar_lua::CardHost;

    let order = "return {\n  number = 7, title = 'x',\n  order = 'DDB', stay_eligible = false,\n  \
                 text = { unshaded = '', shaded = '' },\n  unshaded = function(ctx) end,\n  \
                 shaded = function(ctx) end }";
    let err = CardHost::from_sources(&[("07.lua", order)]).unwrap_err();
    assert!(README.contains(&format!("`{err}`")), "{err}");

    let broken = include_str!("../cards/vijayanagara/05.lua").replacen(
        "math.min(2, ctx:available(\"Mongol\")))",
        "math.min(2, ctx:available(\"Mongol\"))",
        1,
    );
    let err = CardHost::from_sources(&[("05.lua", broken)]).unwrap_err();
    assert!(README.contains(&format!("`{err}`")), "{err}");
}
