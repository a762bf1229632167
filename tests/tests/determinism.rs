//! Determinism (architecture principle 4): the same seed and actions give byte-identical
//! states, and a replay record rebuilds the game.

use darbar::bots::RandomBot;
use darbar::engine::{Replay, ReplayError, Snapshot};
use darbar::vijayanagara::{
    Action, Log, PieceSource, Player, Options, State, VijayanagaraReplay,
};
use darbar_lua::CardHost;

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
    let state = State::with_options(5, options);
    assert_eq!(state.options(), &options);
    let restored = State::from_snapshot(&state.to_snapshot()).unwrap();
    assert_eq!(restored.options(), &options);
    let record = state.replay_record(vec![]);
    let text = record.to_json();
    let read = VijayanagaraReplay::from_json(&text).unwrap();
    assert_eq!(read, record);
    assert_eq!(State::replay(&read), Ok(state));
}

#[test]
fn replay_refuses_another_game_and_illegal_actions() {
    let mut record = State::new(3).replay_record(vec![]);
    record.game = "raid".into();
    assert!(matches!(
        State::replay(&record),
        Err(ReplayError::WrongGame { .. })
    ));
    // At the start of the game no refill is owed, so a refill action is illegal (§1.9).
    let record: VijayanagaraReplay = Replay {
        game: "vijayanagara".into(),
        options: Options::default(),
        seed: 3,
        actions: vec![Action::Refill(PieceSource::Available)],
    };
    assert!(matches!(
        State::replay(&record),
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
    while let Some(action) = a.legal_actions().last().copied() {
        a.apply(action).unwrap();
        b.apply(action).unwrap();
        assert_eq!(a.to_snapshot(), b.to_snapshot());
    }
    assert_eq!(a, b);
}

/// Plays a random game with Event cards from the Lua deck; returns the final state and the
/// actions taken.
fn random_game_with_events(host: &CardHost, seed: u64) -> (State, Vec<Action>) {
    let mut state = host.new_game(seed);
    let mut bot = RandomBot::new(seed ^ 0x5eed);
    let mut actions = Vec::new();
    while let Some(action) = bot.choose(&state) {
        state
            .apply_with(action, host, &mut Log::silent())
            .unwrap_or_else(|e| panic!("seed {seed}: {action}: {e}"));
        actions.push(action);
    }
    (state, actions)
}

#[test]
fn replays_with_events_are_identical_across_a_thousand_seeds() {
    let host = CardHost::standard();
    let mut events = 0;
    for seed in 0..1000 {
        let (state, actions) = random_game_with_events(&host, seed);
        assert!(state.is_over(), "seed {seed}: the game ends");
        events += actions
            .iter()
            .filter(|a| matches!(a, Action::Event(_)))
            .count();
        let record = VijayanagaraReplay::from_json(&state.replay_record(actions).to_json())
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let replayed = State::replay_with(&record, &host).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(replayed.to_snapshot(), state.to_snapshot(), "seed {seed}");
    }
    assert!(events > 1000, "events were played: {events}");
}
