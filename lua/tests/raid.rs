//! The raid game through the Lua host: the `game` object shows what the player knows (RG-9)
//! and nothing more, it is read-only, the sandbox and its limits apply, and the example bot
//! plays whole games.

use darbar::engine::{Game, GameRng, Log};
use darbar::raid::{Action, Raid, Resources, SiteId, State, WarStatus};
use darbar_lua::{Host, Limits, RAID_BOT_EXAMPLE, ScriptBot, ScriptError, ScriptValue};

fn site(name: &str) -> SiteId {
    name.parse().expect("a site")
}

/// Evaluates `source` against `state`, checking that the state is untouched afterwards.
fn eval(host: &mut Host, state: &State, source: &str) -> Result<ScriptValue, ScriptError> {
    let before = state.clone();
    let mut rng = GameRng::from_seed_u64(1);
    let result = host.evaluate(&Raid::default(), state, &mut rng, source, "test");
    assert_eq!(*state, before, "a script changed the state");
    result
}

fn value(state: &State, source: &str) -> ScriptValue {
    eval(&mut Host::new(), state, source).unwrap_or_else(|e| panic!("script failed: {e}\n{source}"))
}

fn int(n: u32) -> ScriptValue {
    ScriptValue::Integer(i64::from(n))
}

fn field<'a>(table: &'a ScriptValue, key: &str) -> Option<&'a ScriptValue> {
    match table {
        ScriptValue::Table(map) => map.get(key),
        other => panic!("not a table: {other}"),
    }
}

fn resources_value(r: &Resources) -> ScriptValue {
    ScriptValue::Table(
        [
            ("soldiers", r.soldiers),
            ("weapons", r.weapons),
            ("funds", r.funds),
            ("food", r.food),
            ("slaves", r.slaves),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), int(v)))
        .collect(),
    )
}

/// A game on day 2 or later with some sites seen: seed 6, the example bot's first turns.
fn mid_game() -> State {
    let mut state = State::new(6);
    let mut bot = ScriptBot::<Raid>::example(6);
    while state.turn() < 3 && !state.is_over() {
        let action = bot.choose(&Raid::default(), &state).unwrap();
        Raid::default()
            .apply(&mut state, action, &mut Log::silent())
            .unwrap();
    }
    state
}

#[test]
fn the_turn_and_the_camp_are_the_views() {
    let state = mid_game();
    let view = state.view();
    assert_eq!(value(&state, "return game:turn()"), int(view.turn));
    assert_eq!(value(&state, "return game:seed()"), ScriptValue::Integer(6));
    assert_eq!(
        value(&state, "return game:phase()"),
        ScriptValue::String(
            match view.phase {
                darbar::raid::Phase::Scout => "scout",
                darbar::raid::Phase::Raid => "raid",
                darbar::raid::Phase::Plunder => "plunder",
                darbar::raid::Phase::Settlement => "settlement",
                darbar::raid::Phase::Over => "over",
            }
            .into()
        )
    );
    assert_eq!(
        value(&state, "return game:camp()"),
        resources_value(&view.player)
    );
    assert_eq!(
        value(&state, "return game:strength()"),
        int(view.player.strength())
    );
    assert_eq!(value(&state, "return game:score()"), int(state.score()));
    assert_eq!(
        value(&state, "return game:recruited()"),
        int(state.recruited_total())
    );
    let talents: Vec<ScriptValue> = view
        .army_talents
        .iter()
        .map(|t| ScriptValue::String(t.code().into()))
        .collect();
    assert_eq!(
        value(&state, "return game:army_talents()"),
        ScriptValue::List(talents)
    );
    let legal: Vec<ScriptValue> = state
        .legal_actions()
        .iter()
        .map(|a| ScriptValue::String(a.to_string()))
        .collect();
    assert_eq!(
        value(&state, "return game:legal_actions()"),
        ScriptValue::List(legal)
    );
    let first = state.legal_actions()[0].to_string();
    assert_eq!(
        value(&state, &format!("return game:is_legal({first:?})")),
        ScriptValue::Boolean(true)
    );
    assert_eq!(
        value(&state, r#"return game:is_legal("raid castle-1")"#),
        ScriptValue::Boolean(false)
    );
    assert_eq!(
        value(&state, r#"return game:is_legal("not an action")"#),
        ScriptValue::Boolean(false)
    );
}

#[test]
fn a_seen_site_gives_its_last_seen_values_and_an_unseen_one_nil() {
    let mut state = State::new(11);
    Raid::default()
        .apply(
            &mut state,
            Action::Scout(site("village-2")),
            &mut Log::silent(),
        )
        .unwrap();
    // village-4 is revealed behind the player's back: true values, never seen.
    let hidden = Resources {
        soldiers: 97,
        weapons: 96,
        food: 95,
        funds: 94,
        slaves: 93,
    };
    state.set_site(site("village-4"), hidden);
    // village-2 changes unseen too: the script must see what was observed.
    let seen = *state.known_site(site("village-2")).unwrap();
    state.set_site(
        site("village-2"),
        Resources {
            soldiers: 88,
            ..seen.resources
        },
    );

    let v2 = value(&state, r#"return game:site("village-2")"#);
    assert_eq!(field(&v2, "seen"), Some(&ScriptValue::Boolean(true)));
    assert_eq!(field(&v2, "seen_turn"), Some(&int(seen.turn)));
    for (key, amount) in [
        ("soldiers", seen.resources.soldiers),
        ("weapons", seen.resources.weapons),
        ("funds", seen.resources.funds),
        ("food", seen.resources.food),
        ("slaves", seen.resources.slaves),
    ] {
        assert_eq!(field(&v2, key), Some(&int(amount)), "{key}");
    }
    let units: Vec<ScriptValue> = seen
        .units
        .iter()
        .map(|u| ScriptValue::String(u.entry().id.clone()))
        .collect();
    assert_eq!(field(&v2, "units"), Some(&ScriptValue::List(units)));
    assert_eq!(
        value(&state, r#"return game:known("village-2")"#),
        resources_value(&seen.resources)
    );

    let v4 = value(&state, r#"return game:site("village-4")"#);
    assert_eq!(field(&v4, "seen"), Some(&ScriptValue::Boolean(false)));
    assert_eq!(field(&v4, "revealed"), Some(&ScriptValue::Boolean(true)));
    for key in [
        "seen_turn",
        "soldiers",
        "weapons",
        "funds",
        "food",
        "slaves",
        "units",
    ] {
        assert_eq!(field(&v4, key), None, "{key} of an unseen site");
    }
    assert_eq!(
        value(&state, r#"return game:known("village-4")"#),
        ScriptValue::Nil
    );
    // Nothing a script can reach holds the true values.
    let everything = value(
        &state,
        r#"
        local all = {}
        for _, name in ipairs(game:sites()) do all[#all + 1] = game:site(name) end
        return all
        "#,
    )
    .to_string();
    for hidden in ["97", "96", "95", "94", "93", "88"] {
        assert!(!everything.contains(hidden), "{hidden} reached the script");
    }

    let never = value(&state, r#"return game:site("town-1")"#);
    assert_eq!(
        field(&never, "revealed"),
        Some(&ScriptValue::Boolean(false))
    );
    assert_eq!(field(&never, "soldiers"), None);
    assert_eq!(
        field(&never, "talents"),
        Some(&ScriptValue::List(vec![ScriptValue::String(
            "rampart".into()
        )]))
    );
    let castle = value(&state, r#"return game:site("castle-1")"#);
    assert_eq!(
        field(&castle, "in_play"),
        Some(&ScriptValue::Boolean(false))
    );
    assert_eq!(
        field(&castle, "raidable"),
        Some(&ScriptValue::Boolean(false))
    );
}

#[test]
fn the_forts_and_their_ladders() {
    let mut state = State::new(2);
    state.set_war_status(site("fort-1"), WarStatus::Fallen);
    state.set_war_status(site("fort-2"), WarStatus::Balanced);
    assert_eq!(
        value(&state, "return game:ladder()").to_string(),
        r#"{"solid", "fighting_well", "balanced", "disadvantaged", "crisis", "fallen"}"#
    );
    assert_eq!(
        value(
            &state,
            r#"return { game:war_status("fort-1"), game:war_status("fort-2"), game:war_status("fort-3") }"#
        )
        .to_string(),
        r#"{"fallen", "balanced", "solid"}"#
    );
    assert_eq!(
        value(&state, r#"return game:war_status("town-1")"#),
        ScriptValue::Nil
    );
    assert_eq!(
        value(&state, "return game:front_fort()"),
        ScriptValue::String("fort-2".into())
    );
    let fort2 = value(&state, r#"return game:site("fort-2")"#);
    assert_eq!(field(&fort2, "war_index"), Some(&ScriptValue::Integer(2)));
    let fort1 = value(&state, r#"return game:site("fort-1")"#);
    assert_eq!(
        field(&fort1, "raidable"),
        Some(&ScriptValue::Boolean(false))
    );
    assert_eq!(
        value(&state, r#"return game:sites("fort")"#).to_string(),
        r#"{"fort-1", "fort-2", "fort-3"}"#
    );
    assert_eq!(
        value(&state, "return #game:sites()"),
        ScriptValue::Integer(14)
    );
}

#[test]
fn the_decision_plunder_and_ending_are_shown() {
    let state = State::new(1);
    assert_eq!(
        value(&state, "return game:decision()"),
        ScriptValue::String("scout".into())
    );
    assert_eq!(value(&state, "return game:plunder()"), ScriptValue::Nil);
    assert_eq!(value(&state, "return game:ending()"), ScriptValue::Nil);
    assert_eq!(value(&state, "return game:final_score()"), ScriptValue::Nil);

    // A game played to its end by the example bot.
    let mut over = State::new(3);
    ScriptBot::<Raid>::example(3)
        .play(&Raid::default(), &mut over, 10_000)
        .unwrap();
    assert!(over.is_over());
    assert_eq!(value(&over, "return game:decision()"), ScriptValue::Nil);
    assert_eq!(
        value(&over, "return #game:legal_actions()"),
        ScriptValue::Integer(0)
    );
    let ending = value(&over, "return game:ending()");
    assert!(
        matches!(&ending, ScriptValue::String(s) if ["death", "rebellion", "empire_arrives"].contains(&s.as_str())),
        "{ending}"
    );
    let final_score = value(&over, "local s, r = game:final_score() return { s, r }");
    match over.final_score() {
        Some((score, rank)) => assert_eq!(
            final_score,
            ScriptValue::List(vec![int(score), ScriptValue::String(rank.into())])
        ),
        None => assert_eq!(final_score, ScriptValue::List(vec![])),
    }
}

#[test]
fn the_game_object_cannot_change_the_state() {
    let state = mid_game();
    let mut host = Host::new();
    for attempt in [
        "game.turn = 5",
        "game.camp = function() return {} end",
        "rawset(game, 'turn', 5)",
        "getmetatable(game).__index = nil",
        "game:apply('end-raids')",
        "game:set_player()",
    ] {
        let result = eval(&mut host, &state, attempt);
        assert!(
            matches!(result, Err(ScriptError::Runtime { .. })),
            "{attempt}: {result:?}"
        );
    }
    assert_eq!(
        eval(&mut host, &state, "return getmetatable(game)"),
        Ok(ScriptValue::Boolean(false))
    );
    // Tables handed out are copies.
    let food = state.player().food;
    assert_eq!(
        eval(
            &mut host,
            &state,
            "local c = game:camp() c.food = 999 return game:camp().food"
        ),
        Ok(int(food))
    );
    // A reference kept past the call is dead.
    let mut rng = GameRng::from_seed_u64(1);
    host.evaluate(
        &Raid::default(),
        &state,
        &mut rng,
        "kept = game return true",
        "keep",
    )
    .unwrap();
    assert!(
        eval(&mut host, &state, "return kept == nil")
            .is_ok_and(|v| v == ScriptValue::Boolean(true))
    );
    assert_eq!(
        eval(&mut host, &state, "return tostring(game)"),
        Ok(ScriptValue::String(
            "Kingdom raid game (seed 6, read-only)".into()
        ))
    );
}

#[test]
fn wrong_arguments_name_the_method_and_what_was_expected() {
    let state = State::new(1);
    let mut host = Host::new();
    let err = eval(&mut host, &state, "return game:site('keep-9')").unwrap_err();
    let message = err.to_string();
    assert!(
        message.contains("bad argument #1 to 'game:site'") && message.contains("keep"),
        "{message}"
    );
    let err = eval(&mut host, &state, "return game:known(3)").unwrap_err();
    assert!(
        err.to_string().contains("site name expected, got integer"),
        "{err}"
    );
    let err = eval(&mut host, &state, "return game:has_talent('flight')").unwrap_err();
    assert!(err.to_string().contains("the talents are"), "{err}");
    let err = eval(&mut host, &state, "return game:sites('keep')").unwrap_err();
    assert!(
        err.to_string().contains("fort, town, village or castle"),
        "{err}"
    );
    assert_eq!(
        eval(&mut host, &state, "return game:has_talent('night-raid')"),
        Ok(ScriptValue::Boolean(false))
    );
}

#[test]
fn the_sandbox_and_its_limits_apply() {
    let state = State::new(1);
    let mut host = Host::with_limits(Limits {
        instructions: 100_000,
        ..Limits::default()
    });
    assert_eq!(
        eval(&mut host, &state, "while true do end"),
        Err(ScriptError::InstructionBudget { limit: 100_000 })
    );
    assert_eq!(
        eval(
            &mut host,
            &state,
            "while true do pcall(function() while true do end end) end"
        ),
        Err(ScriptError::InstructionBudget { limit: 100_000 })
    );
    let mut host = Host::new();
    assert_eq!(
        eval(
            &mut host,
            &state,
            "local t = {} for i = 1, 1e9 do t[i] = string.rep('x', 1024) .. i end"
        ),
        Err(ScriptError::MemoryLimit {
            limit: Limits::DEFAULT.memory_bytes
        })
    );
    for global in ["io", "os", "debug", "require", "load", "dofile", "package"] {
        assert_eq!(
            eval(&mut host, &state, &format!("return {global} == nil")),
            Ok(ScriptValue::Boolean(true)),
            "{global}"
        );
    }
    // Nothing survives a call, and the host still works.
    eval(&mut host, &state, "leftover = 1").unwrap();
    assert_eq!(
        eval(&mut host, &state, "return leftover"),
        Ok(ScriptValue::Nil)
    );
    assert_eq!(
        eval(&mut host, &state, "return game:camp().food"),
        Ok(ScriptValue::Integer(10))
    );
}

#[test]
fn math_random_draws_from_the_lent_generator() {
    let state = State::new(1);
    let mut host = Host::new();
    let script = "return { math.random(6), math.random(6), math.random(100) }";
    let mut a = GameRng::from_seed_u64(42);
    let mut b = GameRng::from_seed_u64(42);
    let first = host
        .evaluate(&Raid::default(), &state, &mut a, script, "dice")
        .unwrap();
    let second = host
        .evaluate(&Raid::default(), &state, &mut b, script, "dice")
        .unwrap();
    assert_eq!(first, second);
    assert_eq!(a, b);
    let mut expected = GameRng::from_seed_u64(42);
    let die = i64::from(expected.die());
    match first {
        ScriptValue::List(values) => assert_eq!(values[0], ScriptValue::Integer(die)),
        other => panic!("{other}"),
    }
    assert_ne!(a, GameRng::from_seed_u64(42), "the generator advanced");
    let run = host
        .run(
            &Raid::default(),
            &state,
            &mut a,
            "print('turn', game:turn())",
            "log",
        )
        .unwrap();
    assert_eq!(run.log, ["turn\t1"]);
}

#[test]
fn the_example_bot_plays_whole_games_to_an_ending() {
    assert_eq!(RAID_BOT_EXAMPLE, include_str!("../examples/raid_bot.lua"));
    let mut sacked = 0;
    let mut endings = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let mut state = State::new(seed);
        let mut bot = ScriptBot::<Raid>::example(seed);
        let mut actions = 0;
        while !state.is_over() {
            let before = state.clone();
            let action = bot
                .choose(&Raid::default(), &state)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            assert_eq!(state, before, "choosing changed the state");
            assert!(state.legal_actions().contains(&action));
            Raid::default()
                .apply(&mut state, action, &mut Log::silent())
                .unwrap();
            actions += 1;
            assert!(
                actions < 5_000,
                "seed {seed}: no ending after {actions} actions"
            );
        }
        sacked += SiteId::ALL
            .iter()
            .filter(|&&s| state.site(s).sacked)
            .count();
        endings.insert(state.ending().unwrap().to_string());
    }
    println!("sites taken in 12 games: {sacked}; endings: {endings:?}");
    assert!(sacked > 0, "the bot never took a site");
    assert!(!endings.is_empty());
}

#[test]
fn the_bot_is_reproducible_and_play_stops_at_the_end() {
    let play = |seed: u64| {
        let mut state = State::new(seed);
        let n = ScriptBot::<Raid>::example(seed)
            .play(&Raid::default(), &mut state, 10_000)
            .unwrap();
        (n, state)
    };
    let (n, a) = play(9);
    let (m, b) = play(9);
    assert_eq!((n, &a), (m, &b));
    assert!(a.is_over());
    let err = ScriptBot::<Raid>::example(9)
        .choose(&Raid::default(), &a)
        .unwrap_err();
    assert!(err.to_string().contains("the game is over"), "{err}");
}

#[test]
fn a_bot_that_answers_wrongly_is_refused() {
    let state = State::new(1);
    let err = ScriptBot::<Raid>::new("return function(game) return 'raid castle-1' end")
        .unwrap()
        .choose(&Raid::default(), &state)
        .unwrap_err();
    assert!(err.to_string().contains("not legal now"), "{err}");
    assert!(err.to_string().contains("skip-scout"), "{err}");
    let err = ScriptBot::<Raid>::new("return function(game) return 7 end")
        .unwrap()
        .choose(&Raid::default(), &state)
        .unwrap_err();
    assert!(
        err.to_string().contains("not the text of an action"),
        "{err}"
    );
    let err = ScriptBot::<Raid>::new("return function(game) return 'fly away' end")
        .unwrap()
        .choose(&Raid::default(), &state)
        .unwrap_err();
    assert!(err.to_string().contains("not an action"), "{err}");
    let err = ScriptBot::<Raid>::new("return function(game) error('no idea') end")
        .unwrap()
        .choose(&Raid::default(), &state)
        .unwrap_err();
    assert!(
        matches!(err, ScriptError::Runtime { line: Some(1), .. }),
        "{err:?}"
    );
    assert!(matches!(
        ScriptBot::<Raid>::new("return function(game"),
        Err(ScriptError::Syntax { .. })
    ));
    // A script may return the text directly.
    assert_eq!(
        ScriptBot::<Raid>::new("return 'skip-scout'")
            .unwrap()
            .choose(&Raid::default(), &state),
        Ok(Action::SkipScout)
    );
    // The limits apply to the bot's function.
    let mut bot = ScriptBot::<Raid>::new("return function(game) while true do end end").unwrap();
    bot.set_limits(Limits {
        instructions: 50_000,
        ..Limits::default()
    });
    assert_eq!(
        bot.choose(&Raid::default(), &state),
        Err(ScriptError::InstructionBudget { limit: 50_000 })
    );
    // The bot's print output is kept for the last choice.
    let mut bot = ScriptBot::<Raid>::new(
        "return function(game) print('hello', game:turn()) return 'skip-scout' end",
    )
    .unwrap();
    bot.choose(&Raid::default(), &state).unwrap();
    assert_eq!(bot.last_log(), ["hello\t1"]);
}
