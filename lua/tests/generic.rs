//! The generic `game` methods and the script bot, for every game of the core's registry: along
//! random games the methods agree with the Rust values (seed, seats, the decision, the legal
//! actions, returns, every seat's view), and a script bot plays whole games legally.

use darbar::bots::{Bot, RandomBot};
use darbar::engine::{Cites, Game, GameRng, Log};
use darbar::games::Registry;
use darbar::pax_pamir::{Options as PaxOptions, PaxPamir};
use darbar::raid::Raid;
use darbar::tycoon::{Options as TycoonOptions, Tycoon};
use darbar::vijayanagara::{Options, Vijayanagara};
use darbar_lua::{Host, LuaGame, ScriptBot, ScriptError, ScriptValue};
use serde_json::{Value as Json, json};

/// Everything the generic methods say about a state, in one call.
const READ_ALL: &str = r#"
    local views = {}
    for seat = 0, game:num_players() - 1 do
        views[seat + 1] = game:view(seat)
    end
    local names = {}
    for seat = 0, game:num_players() - 1 do
        names[seat + 1] = game:seat_name(seat)
    end
    local legal = game:legal_actions()
    local all_legal = true
    for _, action in ipairs(legal) do
        all_legal = all_legal and game:is_legal(action)
    end
    return {
        seed = game:seed(),
        num_players = game:num_players(),
        seat_names = names,
        current_player = game:current_player(),
        is_terminal = game:is_terminal(),
        decision = game:decision(),
        legal_actions = legal,
        all_legal = all_legal,
        returns = game:returns(),
        views = views,
        text = tostring(game),
    }
"#;

/// A JSON value as it comes back from Lua: object fields that are `null` are absent, and an
/// empty object is an empty table, which reads as an empty list.
fn as_from_lua(value: &Json) -> Json {
    match value {
        Json::Object(fields) if fields.values().all(Json::is_null) => json!([]),
        Json::Object(fields) => Json::Object(
            fields
                .iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k.clone(), as_from_lua(v)))
                .collect(),
        ),
        Json::Array(items) => Json::Array(items.iter().map(as_from_lua).collect()),
        other => other.clone(),
    }
}

fn texts<A: ToString>(actions: &[A]) -> Json {
    Json::Array(actions.iter().map(|a| Json::from(a.to_string())).collect())
}

/// What [`READ_ALL`] should return for `state`.
fn expected<G: LuaGame>(game: &G, state: &G::State) -> Json {
    let players = game.num_players();
    let decision = game.decision(state).map(|d| {
        let mut table = json!({
            "seat": d.player,
            "who": game.seat_name(d.player),
            "what": d.kind.to_string(),
            "rule": d.kind.rule().to_string(),
            "choices": texts(&d.choices),
        });
        if let Some(prompt) = game.prompt(state) {
            table["prompt"] = prompt.into();
        }
        table
    });
    let views: Vec<Json> = (0..players)
        .map(|seat| as_from_lua(&serde_json::to_value(game.view(state, seat)).unwrap()))
        .collect();
    let mut all = json!({
        "seed": game.seed(state),
        "num_players": players,
        "seat_names": (0..players).map(|s| game.seat_name(s)).collect::<Vec<_>>(),
        "is_terminal": game.is_terminal(state),
        "legal_actions": texts(&game.legal_actions(state)),
        "all_legal": true,
        "returns": game.returns(state),
        "views": views,
        "text": format!("{} game (seed {}, read-only)", G::TITLE, game.seed(state)),
    });
    if let Some(seat) = game.current_player(state) {
        all["current_player"] = seat.into();
    }
    if let Some(decision) = decision {
        all["decision"] = decision;
    }
    all
}

/// Plays a random game of `game` from `seed` for at most `steps` actions, checking at every
/// state that the generic methods agree with the Rust values and that an unlisted action
/// reads as not legal. With `own_decision`, the game's `decision` method replaces the generic
/// one and is left out. Returns the number of actions played.
fn agree_along_a_random_game<G: LuaGame>(
    game: &G,
    seed: u64,
    steps: usize,
    own_decision: bool,
) -> usize {
    let mut host = Host::new();
    let mut state = game.new_initial_state(seed);
    let mut bot = RandomBot::new(seed);
    let mut rng = GameRng::from_seed_u64(seed);
    for step in 0..=steps {
        let before = state.clone();
        let value = host
            .evaluate(game, &state, &mut rng, READ_ALL, "read all")
            .unwrap_or_else(|e| panic!("{} seed {seed} step {step}: {e}", G::NAME));
        assert_eq!(state, before, "a script changed the state");
        let mut got = serde_json::to_value(&value).unwrap();
        let mut want = expected(game, &state);
        if own_decision {
            let own = got.as_object_mut().unwrap().remove("decision");
            want.as_object_mut().unwrap().remove("decision");
            assert_eq!(own.is_some(), !game.is_terminal(&state));
            assert!(
                own.is_none_or(|d| d.is_string()),
                "not the game's own decision"
            );
        }
        assert_eq!(got, want, "{} seed {seed} step {step}", G::NAME);
        let Some(decision) = game.decision(&state) else {
            return step;
        };
        if let Some(unlisted) = (0..G::ACTION_COUNT)
            .filter_map(G::action_from_index)
            .find(|a| !decision.allows(a))
        {
            let script = format!("return game:is_legal({:?})", unlisted.to_string());
            let legal = host.evaluate(game, &state, &mut rng, &script, "unlisted");
            assert_eq!(legal, Ok(ScriptValue::Boolean(false)), "{unlisted}");
        }
        let action = bot.choose(game, &state, &decision).unwrap();
        game.apply(&mut state, action, &mut Log::silent()).unwrap();
    }
    steps
}

/// A script that plays any game: a random one of the decision's choices.
const RANDOM_SCRIPT: &str = r#"
    return function(game)
        local choices = game:legal_actions()
        return choices[math.random(#choices)]
    end
"#;

/// Plays whole games of `game` with `bot` through the [`Bot`] interface, checking that every
/// choice is legal and that the state is untouched by choosing.
fn plays_whole_games<G: LuaGame>(game: &G, bot: &mut ScriptBot<G>, seeds: u64, cap: usize) {
    for seed in 0..seeds {
        let mut state = game.new_initial_state(seed);
        let mut actions = 0;
        while let Some(decision) = game.decision(&state) {
            let before = state.clone();
            let action = Bot::choose(bot, game, &state, &decision)
                .unwrap_or_else(|| panic!("{} seed {seed}: {:?}", G::NAME, bot.last_error()));
            assert_eq!(state, before, "choosing changed the state");
            assert!(decision.allows(&action), "{action} is not legal");
            game.apply(&mut state, action, &mut Log::silent())
                .unwrap_or_else(|e| panic!("{} seed {seed}: {e}", G::NAME));
            actions += 1;
            assert!(
                actions < cap,
                "{} seed {seed}: no end after {cap} actions",
                G::NAME
            );
        }
        assert!(game.is_terminal(&state));
        assert_eq!(game.returns(&state).len(), game.num_players());
    }
}

/// Runs `check` on every game of the core's registry, typed, and fails for a game it does not
/// know: a game added to the registry must be added here too.
fn for_every_game(mut check: impl FnMut(&str)) {
    let names = Registry::standard().names();
    assert!(names.contains(&"vijayanagara") && names.contains(&"raid"));
    #[cfg(feature = "test-games")]
    assert!(names.contains(&"nim"));
    for name in names {
        check(name);
    }
}

#[test]
fn the_generic_methods_agree_with_the_rules_along_random_games() {
    for_every_game(|name| match name {
        "vijayanagara" => {
            // One whole game, and the start of another.
            let steps = agree_along_a_random_game(
                &Vijayanagara::without_events(Options::default()),
                0,
                20_000,
                false,
            );
            assert!(steps < 20_000, "vijayanagara seed 0 did not end");
            agree_along_a_random_game(
                &Vijayanagara::without_events(Options::default()),
                1,
                300,
                false,
            );
        }
        "raid" => {
            for seed in 0..4 {
                let steps = agree_along_a_random_game(&Raid::default(), seed, 2_000, true);
                assert!(steps < 2_000, "raid seed {seed} did not end");
            }
        }
        "pax_pamir" => {
            for players in 2..=5 {
                let game = PaxPamir::new(PaxOptions {
                    players,
                    ..PaxOptions::default()
                })
                .unwrap();
                let steps = agree_along_a_random_game(&game, u64::from(players), 5_000, false);
                assert!(
                    steps < 5_000,
                    "pax_pamir with {players} players did not end"
                );
            }
        }
        "tycoon" => {
            // One whole game for each count of people, automas at the other seats (TC-16.1).
            for players in 1..=4 {
                let game = Tycoon::new(TycoonOptions {
                    players,
                    ..TycoonOptions::default()
                })
                .unwrap();
                let steps = agree_along_a_random_game(&game, u64::from(players), 5_000, false);
                assert!(steps < 5_000, "tycoon with {players} people did not end");
            }
        }
        #[cfg(feature = "test-games")]
        "nim" => {
            for seed in 0..8 {
                agree_along_a_random_game(&darbar::games::nim::Nim::default(), seed, 100, false);
            }
        }
        other => panic!("no Lua check for the game {other:?}"),
    });
}

#[test]
fn the_generic_methods_agree_with_event_cards() {
    let game = darbar_lua::vijayanagara(Options::default());
    agree_along_a_random_game(&game, 5, 300, false);
}

#[test]
fn a_script_bot_plays_whole_games_of_every_game() {
    for_every_game(|name| match name {
        "vijayanagara" => {
            let game = Vijayanagara::without_events(Options::default());
            plays_whole_games(
                &game,
                &mut ScriptBot::with_seed(RANDOM_SCRIPT, 1).unwrap(),
                1,
                20_000,
            );
            assert_eq!(
                darbar_lua::VIJAYANAGARA_BOT_EXAMPLE,
                include_str!("../examples/vijayanagara_bot.lua")
            );
            plays_whole_games(&game, &mut ScriptBot::<Vijayanagara>::example(2), 3, 20_000);
        }
        "raid" => {
            let game = Raid::default();
            plays_whole_games(
                &game,
                &mut ScriptBot::with_seed(RANDOM_SCRIPT, 1).unwrap(),
                4,
                5_000,
            );
            plays_whole_games(&game, &mut ScriptBot::<Raid>::example(2), 4, 5_000);
        }
        "pax_pamir" => {
            let game = PaxPamir::default();
            plays_whole_games(
                &game,
                &mut ScriptBot::with_seed(RANDOM_SCRIPT, 1).unwrap(),
                2,
                5_000,
            );
        }
        "tycoon" => {
            for players in [1, 4] {
                let game = Tycoon::new(TycoonOptions {
                    players,
                    ..TycoonOptions::default()
                })
                .unwrap();
                plays_whole_games(
                    &game,
                    &mut ScriptBot::with_seed(RANDOM_SCRIPT, 1).unwrap(),
                    2,
                    5_000,
                );
            }
        }
        #[cfg(feature = "test-games")]
        "nim" => {
            let game = darbar::games::nim::Nim::default();
            plays_whole_games(
                &game,
                &mut ScriptBot::with_seed(RANDOM_SCRIPT, 1).unwrap(),
                8,
                100,
            );
        }
        other => panic!("no Lua check for the game {other:?}"),
    });
}

/// Runs `source` against the start of a game of `game` in a new host.
fn eval<G: LuaGame>(game: &G, source: &str) -> Result<ScriptValue, ScriptError> {
    let state = game.new_initial_state(1);
    Host::new().evaluate(
        game,
        &state,
        &mut GameRng::from_seed_u64(1),
        source,
        "misuse",
    )
}

fn runtime_message(result: Result<ScriptValue, ScriptError>) -> String {
    match result {
        Err(ScriptError::Runtime { message, .. }) => message,
        other => panic!("not a runtime error: {other:?}"),
    }
}

#[test]
fn wrong_arguments_to_the_generic_methods_are_typed_errors() {
    let game = Vijayanagara::without_events(Options::default());
    for (script, message) in [
        (
            "return game:view(3)",
            "bad argument #1 to 'game:view' (seat 0 to 2 expected, got 3)",
        ),
        (
            "return game:view()",
            "bad argument #1 to 'game:view' (seat 0 to 2 expected, got nil)",
        ),
        (
            "return game:view(0.5)",
            "bad argument #1 to 'game:view' (seat 0 to 2 expected, got 0.5)",
        ),
        (
            "return game:seat_name(-1)",
            "bad argument #1 to 'game:seat_name' (seat 0 to 2 expected, got -1)",
        ),
        (
            "return game:is_legal(7)",
            "bad argument #1 to 'game:is_legal' (action text expected, got integer)",
        ),
    ] {
        assert_eq!(runtime_message(eval(&game, script)), message, "{script}");
    }
    // Text that is no action is simply not legal.
    assert_eq!(
        eval(&game, "return game:is_legal('fly away')"),
        Ok(ScriptValue::Boolean(false))
    );
    // Without the colon, or on another object, a method refuses to run.
    for script in [
        "return game.seed()",
        "return game.seed({})",
        "return game.returns(1)",
    ] {
        assert!(
            matches!(eval(&game, script), Err(ScriptError::Runtime { .. })),
            "{script}"
        );
    }
    // pcall catches them like any other error, and the host goes on.
    assert_eq!(
        eval(&game, "return (pcall(game.view, game, 9))"),
        Ok(ScriptValue::Boolean(false))
    );
}

#[test]
fn a_game_cannot_be_kept_or_opened() {
    let game = Raid::default();
    let state = game.new_initial_state(2);
    let mut host = Host::new();
    let mut rng = GameRng::from_seed_u64(2);
    // A table a script returns keeps nothing: the next call's globals are fresh, so the only
    // way to keep `game` is inside a value, and userdata values are refused.
    let kept = host.evaluate(&game, &state, &mut rng, "return {game}", "keep");
    assert!(
        matches!(kept, Err(ScriptError::UnsupportedValue { .. })),
        "{kept:?}"
    );
    let kept = host.evaluate(
        &game,
        &state,
        &mut rng,
        "return function() return game:seed() end",
        "keep",
    );
    assert!(
        matches!(kept, Err(ScriptError::UnsupportedValue { .. })),
        "{kept:?}"
    );
    // The game object's metatable and user value are out of reach.
    assert_eq!(
        host.evaluate(&game, &state, &mut rng, "return getmetatable(game)", "meta"),
        Ok(ScriptValue::Boolean(false))
    );
    assert_eq!(
        host.evaluate(&game, &state, &mut rng, "return debug", "debug"),
        Ok(ScriptValue::Nil)
    );
}

#[test]
fn a_game_method_of_a_generic_name_replaces_the_generic_one() {
    // The raid game's decision is its own code; Vijayanagara's is the generic table.
    assert_eq!(
        eval(&Raid::default(), "return game:decision()"),
        Ok(ScriptValue::from("scout"))
    );
    let game = Vijayanagara::without_events(Options::default());
    let state = game.new_initial_state(1);
    let decision = game.decision(&state).unwrap();
    let value = eval(
        &game,
        "local d = game:decision() return {d.seat, d.who, d.rule}",
    )
    .unwrap();
    assert_eq!(
        value.to_string(),
        format!(
            "{{{}, {:?}, {:?}}}",
            decision.player,
            game.seat_name(decision.player),
            decision.kind.rule().to_string()
        )
    );
}

#[test]
fn a_view_counts_against_the_memory_limit() {
    let game = Vijayanagara::without_events(Options::default());
    let state = game.new_initial_state(1);
    let mut host = Host::with_limits(darbar_lua::Limits {
        memory_bytes: 64 * 1024,
        ..darbar_lua::Limits::default()
    });
    let script = "local all = {} for i = 1, 100000 do all[i] = game:view(0) end return #all";
    let result = host.evaluate(&game, &state, &mut GameRng::from_seed_u64(1), script, "hog");
    assert!(
        matches!(result, Err(ScriptError::MemoryLimit { .. })),
        "{result:?}"
    );
    assert!(
        host.evaluate(
            &game,
            &state,
            &mut GameRng::from_seed_u64(1),
            "return game:view(0).faction",
            "ok"
        )
        .is_ok()
    );
}
