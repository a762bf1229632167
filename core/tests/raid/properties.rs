//! Property tests over random sequences of answers (architecture principle 3): whatever is
//! asked, an action either applies and keeps every invariant, or is refused with a rule and
//! leaves the state exactly as it was; snapshots round-trip at every point.

use crate::game;
use darbar::engine::{Game, Log, Snapshot};
use darbar::raid::{Action, SiteId, State, Talent, Trade};
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Op {
    /// The i-th legal action (modulo their number).
    Legal(usize),
    /// Any action at all.
    Any(Action),
}

fn action() -> impl Strategy<Value = Action> {
    let site = (0..SiteId::ALL.len()).prop_map(|i| SiteId::ALL[i]);
    prop_oneof![
        site.clone().prop_map(Action::Scout),
        Just(Action::SkipScout),
        site.prop_map(Action::Raid),
        Just(Action::EndRaids),
        Just(Action::Plunder),
        Just(Action::StopPlunder),
        (0..Trade::ALL.len()).prop_map(|i| Action::Trade(Trade::ALL[i])),
        (0..30u32).prop_map(Action::Recruit),
        (0..Talent::ALL.len()).prop_map(|i| Action::ChooseTalent(Talent::ALL[i])),
        Just(Action::EndSettlement),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (0..64usize).prop_map(Op::Legal),
        1 => action().prop_map(Op::Any),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_answer_applies_cleanly_or_changes_nothing(seed in any::<u64>(), ops in prop::collection::vec(op(), 1..120)) {
        let mut state = State::new(seed);
        for op in ops {
            if state.is_over() {
                break;
            }
            let legal = state.legal_actions();
            prop_assert!(!legal.is_empty());
            let action = match op {
                Op::Legal(i) => legal[i % legal.len()],
                Op::Any(action) => action,
            };
            let before = state.clone();
            match game().apply(&mut state, action, &mut Log::silent()) {
                Ok(()) => prop_assert!(legal.contains(&action)),
                Err(e) => {
                    prop_assert!(!legal.contains(&action));
                    prop_assert!(!e.rule().section().is_empty());
                    prop_assert_eq!(&state, &before);
                }
            }
            prop_assert_eq!(state.check_invariants(), Ok(()));
            let restored = State::from_snapshot(&state.to_snapshot());
            prop_assert_eq!(restored.as_ref(), Ok(&state));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// A state machine over indices into the legal actions, through the simulation checker:
    /// every check holds at every step of any path, to the end of the game.
    #[test]
    fn any_path_through_the_legal_actions_stays_valid(
        seed in any::<u64>(),
        picks in prop::collection::vec(any::<u16>(), 1..200),
    ) {
        let indices: Vec<usize> = picks.iter().map(|&p| usize::from(p)).collect();
        let played = darbar::testing::play_indices(&darbar::raid::Raid::default(), seed, &indices);
        prop_assert!(played.is_ok(), "{}", played.unwrap_err());
    }
}
