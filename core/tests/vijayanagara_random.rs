//! Random-simulation test (architecture: tests every game has): seeded games of random legal
//! actions, checked at every step.

use darbar::bots::RandomBot;
use darbar::engine::Snapshot;
use darbar::vijayanagara::{Log, State};

/// No game of Vijayanagara needs more steps than this.
const STEP_CAP: usize = 20_000;

fn play(seed: u64) -> (State, usize) {
    let mut state = State::new(seed);
    let mut bot = RandomBot::new(seed ^ 0x5eed);
    let mut steps = 0;
    while !state.is_over() {
        let action = bot
            .choose(&state)
            .unwrap_or_else(|| panic!("seed {seed}: dead end at step {steps}"));
        if let Err(e) = state.apply_logged(action, &mut Log::silent()) {
            panic!("seed {seed} step {steps}: listed {action} refused: {e}");
        }
        if let Err((rule, reason)) = state.check_invariants() {
            panic!("seed {seed} step {steps} after {action}: {reason} ({rule})");
        }
        steps += 1;
        assert!(
            steps < STEP_CAP,
            "seed {seed}: no end after {STEP_CAP} steps"
        );
    }
    (state, steps)
}

#[test]
fn random_games_reach_final_scoring() {
    for seed in 0..200 {
        let (state, _) = play(seed);
        assert!(state.legal_actions().is_empty());
        let restored = State::from_snapshot(&state.to_snapshot()).unwrap();
        assert_eq!(restored, state);
    }
}
