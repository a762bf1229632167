//! Negotiation (§1.5.2, OQ-11): Resources and cavalry tokens may be given to another faction at
//! any decision point of the giver, one at a time; the receiver is capped at 24.

use darbar::vijayanagara::{Action, Options, Player, State};

fn gifts(state: &State) -> Vec<Action> {
    state
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Give { .. }))
        .collect()
}

#[test]
fn rule_1_5_2_the_decider_may_give_resources_and_cavalry_to_either_other_faction() {
    let mut state = State::new(4);
    let giver = state.current_player().unwrap();
    state.gain_cavalry_from_pool(giver, 1);
    let others: Vec<Player> = Player::ALL.into_iter().filter(|&p| p != giver).collect();
    let mut expected = Vec::new();
    for &to in &others {
        expected.push(Action::Give { to, cavalry: false });
        expected.push(Action::Give { to, cavalry: true });
    }
    assert_eq!(gifts(&state), expected);
    // A gift leaves the decision where it was.
    let decision = state.decision().unwrap();
    let (resources, cavalry) = (state.resources(others[0]), state.cavalry(others[0]));
    state
        .apply(Action::Give {
            to: others[0],
            cavalry: false,
        })
        .unwrap();
    state
        .apply(Action::Give {
            to: others[0],
            cavalry: true,
        })
        .unwrap();
    assert_eq!(state.resources(others[0]), resources + 1);
    assert_eq!(state.cavalry(others[0]), cavalry + 1);
    assert_eq!(state.decision().unwrap().kind, decision.kind);
    assert_eq!(state.current_player(), Some(giver));
    // Nothing left to give: no token gifts are offered.
    assert!(
        !gifts(&state)
            .iter()
            .any(|a| matches!(a, Action::Give { cavalry: true, .. }))
    );
}

#[test]
fn rule_1_5_2_oq_11_the_receiver_is_capped_at_24() {
    let mut state = State::new(4);
    let giver = state.current_player().unwrap();
    let to = Player::ALL.into_iter().find(|&p| p != giver).unwrap();
    state.gain_resources(to, 24);
    let before = state.resources(giver);
    state.apply(Action::Give { to, cavalry: false }).unwrap();
    assert_eq!(state.resources(to), 24, "the excess is lost");
    assert_eq!(state.resources(giver), before - 1);
}

#[test]
fn rule_1_5_2_only_the_deciding_faction_gives() {
    let mut state = State::new(4);
    let giver = state.current_player().unwrap();
    let other = Player::ALL.into_iter().find(|&p| p != giver).unwrap();
    let before = state.clone();
    let err = state
        .apply_as(
            other,
            Action::Give {
                to: giver,
                cavalry: false,
            },
        )
        .unwrap_err();
    // The refusal names the rule of the decision under way, which is the giver's.
    assert_eq!(err.rule(), state.decision().unwrap().kind.rule());
    assert_eq!(state, before);
}

#[test]
fn rule_1_5_2_transfers_can_be_switched_off() {
    let options = Options {
        transfers: false,
        ..Options::default()
    };
    let state = State::with_options(4, options);
    assert!(gifts(&state).is_empty());
}
