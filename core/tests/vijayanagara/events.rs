//! The event-host trait (§2.3.4) exercised by a test host: the Event option, a mid-effect
//! choice that survives a snapshot, a free Command granted by the card (§3.1.3), Stay Eligible
//! (§2.3.4, §2.3.7), and failures that change nothing.

use std::sync::Arc;

use super::common::game;
use darbar::engine::{Game, Rule, Snapshot};
use darbar::vijayanagara::{
    Action, CommandKind, DecisionKind, Error, EventFailure, EventHost, EventProgress, EventRun,
    EventSide, Grant, Log, Options, Piece, PlayOrderBox, Player, SpaceId, State, TurnOption,
    Vijayanagara,
};

/// A card host whose every card reads: "The executor gains 2 Resources, then places 1 of its
/// units in Maharashtra or Karnataka (executor chooses). It may then carry out a free Limited
/// Command." The shaded side fails, as a broken script would.
pub(crate) struct TestHost;

impl EventHost for TestHost {
    fn run(&self, scratch: &mut State, run: &EventRun) -> Result<EventProgress, EventFailure> {
        if run.side == EventSide::Shaded {
            return Err(EventFailure {
                message: "attempt to index a nil value".into(),
                line: Some(3),
            });
        }
        let me = run.executor;
        scratch.gain_resources(me, 2);
        let Some(&Action::Select(space)) = run.choices.first() else {
            return Ok(EventProgress::Choice {
                player: me,
                choices: vec![
                    Action::Select(SpaceId::Maharashtra),
                    Action::Select(SpaceId::Karnataka),
                ],
                prompt: "Where?".into(),
            });
        };
        let unit = match me {
            Player::Sultanate => Piece::Troop,
            Player::Bahmani => Piece::of_kind(darbar::vijayanagara::PieceKind::Amir),
            Player::Vijayanagara => Piece::of_kind(darbar::vijayanagara::PieceKind::Raja),
        };
        scratch.place(space, unit, 1).map_err(|e| EventFailure {
            message: e.to_string(),
            line: Some(7),
        })?;
        let kind = if me == Player::Sultanate {
            CommandKind::Conscript
        } else {
            CommandKind::Rally
        };
        Ok(EventProgress::Done {
            grants: vec![Grant::Command {
                player: me,
                kind,
                limited: true,
                only: None,
                max_spaces: None,
                rebel_under_khalji: false,
                optional: false,
            }],
            log: vec![format!("{me} gains 2 Resources")],
        })
    }
}

/// The rules with Event cards run on [`TestHost`].
pub(crate) fn with_test_host() -> Vijayanagara {
    Vijayanagara::with_cards(Options::default(), Arc::new(TestHost))
}

/// A game with events whose first card is an Event with Stay Eligible `stay`, the first
/// faction in its order about to choose; that faction and the state.
pub(crate) fn first_event(stay: bool) -> (Player, State) {
    for seed in 0..500 {
        let mut state = State::new(seed);
        state.enable_events();
        let Some(card) = state.current_event() else {
            continue;
        };
        if state
            .cards()
            .event(card)
            .is_some_and(|c| c.stay_eligible == stay)
        {
            return (state.current_player().unwrap(), state);
        }
    }
    panic!("no seed with such a first card");
}

/// Takes Event or Command and chooses the unshaded Event, through the host.
pub(crate) fn choose_event(state: &mut State) {
    let mut log = Log::silent();
    with_test_host()
        .apply(state, Action::Option(TurnOption::EventOrCommand), &mut log)
        .unwrap();
    assert!(
        state
            .legal_actions()
            .contains(&Action::Event(EventSide::Unshaded))
    );
    with_test_host()
        .apply(state, Action::Event(EventSide::Unshaded), &mut log)
        .unwrap();
}

#[test]
fn rule_2_3_4_without_events_the_event_option_is_not_offered() {
    for seed in 0..50 {
        let mut state = State::new(seed);
        let mut steps = 0;
        while steps < 30 && !state.is_over() {
            assert!(
                !state
                    .legal_actions()
                    .iter()
                    .any(|a| matches!(a, Action::Event(_)))
            );
            let action = state.legal_actions()[0];
            game()
                .apply(&mut state, action, &mut Log::silent())
                .unwrap();
            steps += 1;
        }
    }
}

#[test]
fn rule_2_3_4_mid_effect_choice_then_a_granted_free_command() {
    let (me, mut state) = first_event(true);
    let resources = state.resources(me);
    choose_event(&mut state);
    // The effect waits for the executor's choice, like any decision.
    let decision = state.decision().unwrap();
    assert_eq!(decision.player, me);
    assert!(matches!(decision.kind, DecisionKind::Event { .. }));
    let offered: Vec<Action> = decision
        .choices
        .iter()
        .copied()
        .filter(|a| !matches!(a, Action::Give))
        .collect();
    assert_eq!(
        offered,
        [
            Action::Select(SpaceId::Maharashtra),
            Action::Select(SpaceId::Karnataka)
        ]
    );
    assert_eq!(
        state.resources(me),
        resources,
        "nothing is committed until the effect ends"
    );
    // It survives a snapshot and resumes with an identical result.
    let mut restored = State::from_snapshot(&state.to_snapshot()).unwrap();
    assert_eq!(restored, state);
    with_test_host()
        .apply(
            &mut state,
            Action::Select(SpaceId::Karnataka),
            &mut Log::silent(),
        )
        .unwrap();
    with_test_host()
        .apply(
            &mut restored,
            Action::Select(SpaceId::Karnataka),
            &mut Log::silent(),
        )
        .unwrap();
    assert_eq!(restored, state);
    assert_eq!(state.resources(me), (resources + 2).min(24));
    // §3.1.3: the granted Limited Command is free.
    let decision = state.decision().unwrap();
    assert_eq!(decision.player, me);
    assert!(
        matches!(decision.kind, DecisionKind::Command { .. }),
        "{:?}",
        decision.kind
    );
    let before = state.resources(me);
    let select = *decision
        .choices
        .iter()
        .find(|a| matches!(a, Action::Select(_)))
        .unwrap();
    with_test_host()
        .apply(&mut state, select, &mut Log::silent())
        .unwrap();
    assert_eq!(state.resources(me), before);
}

/// Plays the rest of the card with the first legal action (never an Event).
fn finish_card(state: &mut State, card: u8) {
    while state.current_event() == Some(card) && !state.is_over() {
        let action = state
            .legal_actions()
            .into_iter()
            .find(|a| !matches!(a, Action::Event(_)))
            .unwrap();
        with_test_host()
            .apply(state, action, &mut Log::silent())
            .unwrap();
    }
}

fn play_event_and_finish(stay: bool) -> (Player, State) {
    let (me, mut state) = first_event(stay);
    let card = state.current_event().unwrap();
    choose_event(&mut state);
    with_test_host()
        .apply(
            &mut state,
            Action::Select(SpaceId::Maharashtra),
            &mut Log::silent(),
        )
        .unwrap();
    assert_eq!(state.stays_eligible(me), stay);
    finish_card(&mut state, card);
    (me, state)
}

#[test]
fn rule_2_3_4_stay_eligible_returns_the_executor_to_eligible() {
    let (me, state) = play_event_and_finish(true);
    assert_eq!(state.eligibility(me), PlayOrderBox::Eligible);
    assert!(
        !state.stays_eligible(me),
        "the flag is cleared by the adjustment (§2.3.7)"
    );
}

#[test]
fn rule_2_3_7_event_without_stay_eligible_makes_the_executor_ineligible() {
    let (me, state) = play_event_and_finish(false);
    assert_eq!(state.eligibility(me), PlayOrderBox::Ineligible);
}

#[test]
fn rule_2_3_4_an_event_needs_a_host() {
    let (_, mut state) = first_event(true);
    game()
        .apply(
            &mut state,
            Action::Option(TurnOption::EventOrCommand),
            &mut Log::silent(),
        )
        .unwrap();
    let before = state.clone();
    let err = game()
        .apply(
            &mut state,
            Action::Event(EventSide::Unshaded),
            &mut Log::silent(),
        )
        .unwrap_err();
    assert_eq!(err, Error::NoEventHost);
    assert_eq!(err.rule(), Rule("2.3.4"));
    assert_eq!(state, before);
}

#[test]
fn rule_2_3_4_a_failing_script_changes_nothing() {
    let (_, mut state) = first_event(true);
    with_test_host()
        .apply(
            &mut state,
            Action::Option(TurnOption::EventOrCommand),
            &mut Log::silent(),
        )
        .unwrap();
    let before = state.clone();
    let err = with_test_host()
        .apply(
            &mut state,
            Action::Event(EventSide::Shaded),
            &mut Log::silent(),
        )
        .unwrap_err();
    assert!(matches!(err, Error::Event { line: Some(3), .. }), "{err}");
    assert_eq!(state, before);
}
