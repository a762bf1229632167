//! Determinism (architecture principle 4): the same seed and actions give byte-identical
//! states, and a replay record rebuilds the game.

use darbar::bots::RandomBot;
use darbar::engine::{Game, Log, Replay, ReplayError, ReplayOf, Snapshot};
use darbar::vijayanagara::{Action, Options, PieceSource, Player, State, Vijayanagara};

type VijayanagaraReplay = ReplayOf<Vijayanagara>;

#[test]
fn same_seed_gives_byte_identical_snapshots() {
    for seed in [0, 1, 99, u64::MAX] {
        assert_eq!(
            State::new(seed).to_snapshot(),
            State::new(seed).to_snapshot()
        );
    }
}

#[test]
fn options_are_part_of_the_state_and_the_record() {
    let options = Options {
        natural_six_always_misses: true,
        ..Options::default()
    };
    let game = Vijayanagara::without_events(options);
    let state = game.new_initial_state(5);
    assert_eq!(state.options(), &options);
    let restored = State::from_snapshot(&state.to_snapshot()).unwrap();
    assert_eq!(restored.options(), &options);
    let record = game.replay_record(5, vec![]);
    let text = record.to_json();
    let read = VijayanagaraReplay::from_json(&text).unwrap();
    assert_eq!(read, record);
    assert_eq!(game.replay(&read), Ok(state));
    assert_eq!(
        Vijayanagara::without_events(Options::default()).replay(&read),
        Err(ReplayError::OtherOptions)
    );
}

#[test]
fn replay_refuses_another_game_and_illegal_actions() {
    let game = Vijayanagara::without_events(Options::default());
    let mut record = game.replay_record(3, vec![]);
    record.game = "raid".into();
    assert!(matches!(
        game.replay(&record),
        Err(ReplayError::WrongGame { .. })
    ));
    // At the start of the game no refill is owed, so a refill action is illegal (§1.9).
    let record: VijayanagaraReplay = Replay {
        game: "vijayanagara".into(),
        options: Options::default(),
        seed: 3,
        actions: vec![Action::Refill(PieceSource::Available)],
        deck: None,
    };
    assert!(matches!(
        game.replay(&record),
        Err(ReplayError::IllegalAction { index: 0, .. })
    ));
    assert!(VijayanagaraReplay::from_json("{\"game\": 1}").is_err());
}

#[test]
fn a_restored_state_continues_identically() {
    let mut a = State::new(11);
    a.shift_influence(Player::Vijayanagara, 2).unwrap();
    a.shift_influence(Player::Vijayanagara, -1).unwrap();
    let mut b = State::from_snapshot(&a.to_snapshot()).unwrap();
    let game = Vijayanagara::without_events(Options::default());
    while let Some(action) = a.legal_actions().last().copied() {
        game.apply(&mut a, action, &mut Log::silent()).unwrap();
        game.apply(&mut b, action, &mut Log::silent()).unwrap();
        assert_eq!(a.to_snapshot(), b.to_snapshot());
    }
    assert_eq!(a, b);
}

/// Plays a random game with Event cards from the Lua deck; returns the final state and the
/// actions taken.
fn random_game_with_events(game: &Vijayanagara, seed: u64) -> (State, Vec<Action>) {
    let mut state = game.new_initial_state(seed);
    let mut bot = RandomBot::new(seed ^ 0x5eed);
    let mut actions = Vec::new();
    while let Some(action) = bot.choose_from(&game.legal_actions(&state)) {
        game.apply(&mut state, action, &mut Log::silent())
            .unwrap_or_else(|e| panic!("seed {seed}: {action}: {e}"));
        actions.push(action);
    }
    (state, actions)
}

#[test]
fn replays_with_events_are_identical_across_a_thousand_seeds() {
    let game = darbar_lua::vijayanagara(Options::default());
    let mut events = 0;
    for seed in 0..1000 {
        let (state, actions) = random_game_with_events(&game, seed);
        assert!(state.is_over(), "seed {seed}: the game ends");
        events += actions
            .iter()
            .filter(|a| matches!(a, Action::Event(_)))
            .count();
        let record = VijayanagaraReplay::from_json(&game.replay_record(seed, actions).to_json())
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let replayed = game.replay(&record).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(replayed.to_snapshot(), state.to_snapshot(), "seed {seed}");
    }
    assert!(events > 1000, "events were played: {events}");
}

/// Every registered game, through the erased interface: the same seed and choices give
/// byte-identical snapshots, and the replay record rebuilds the game exactly.
#[test]
fn every_registered_game_replays_identically() {
    let registry = darbar_lua::registry();
    for name in registry.names() {
        let game = registry.load(name, &serde_json::Value::Null).unwrap();
        for seed in 0..20 {
            let mut a = game.new_initial_state(seed);
            let mut b = game.new_initial_state(seed);
            let mut bot = RandomBot::new(seed);
            while let Some(id) = bot.choose_from(a.legal_actions()) {
                a.apply(id)
                    .unwrap_or_else(|e| panic!("{name} seed {seed}: {e}"));
                b.apply(id).unwrap();
            }
            assert_eq!(a.to_snapshot(), b.to_snapshot(), "{name} seed {seed}");
            let record = a.replay_record().unwrap();
            let replayed = registry
                .replay(&record, &serde_json::Value::Null)
                .unwrap_or_else(|e| panic!("{name} seed {seed}: {e}"));
            assert_eq!(
                replayed.to_snapshot(),
                a.to_snapshot(),
                "{name} seed {seed}"
            );
            assert_eq!(replayed.history(), a.history());
        }
    }
}
