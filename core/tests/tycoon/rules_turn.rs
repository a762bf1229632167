//! Rule tests of Phase 4 (TI-8): the action tokens (TI-8.1, TI-13), the turn loop (TI-8.2),
//! Shares, Rally and Strategy limits (TI-8.4–8.6, TI-21.20), and illegal actions refused with
//! a typed error naming the rule, the state unchanged.

use darbar::engine::{Cites, Game, Log};
use darbar::tycoon::{Action, ActionKind, DecisionKind, Error, Region, Sector};

use crate::scenario::{BLUE, GREEN, RED, Scenario, YELLOW, act, city};

/// **TI-8.1 (TI-OQ-14)**: a regular or Tycoon token needs an action not yet taken this phase:
/// after Politics, Red is not offered Politics again, and asking for it is refused citing
/// TI-8.1 with nothing changed.
#[test]
fn ti_8_1_a_regular_token_cannot_repeat_an_action() {
    let mut t = Scenario::tp().table();
    t.act(act(ActionKind::Politics));
    t.play(&[
        act(ActionKind::Politics),
        act(ActionKind::Politics),
        act(ActionKind::Politics),
    ]); // Blue, Green, Yellow
    assert_eq!(t.decision(), Some((RED, DecisionKind::Turn)));
    assert!(!t.offers(act(ActionKind::Politics)));
    assert!(t.offers(act(ActionKind::Loan)));
    let err = t.refused(act(ActionKind::Politics));
    assert_eq!(err.rule().0, "TI-8.1", "{err}");
}

/// **TI-8.1, TI-13**: a +1 action token takes any action, one already taken too; it is spent.
/// And a regular token may not then repeat the action taken with the +1 token (TI-OQ-14).
#[test]
fn ti_8_1_a_plus1_token_can_repeat_an_action() {
    let mut t = Scenario::tp().plus1(RED, 1).plus1(BLUE, 1).table();
    t.act(act(ActionKind::Politics));
    t.act(Action::ActPlus1(ActionKind::Politics)); // Blue, first with its +1 token
    t.play(&[Action::Pass, Action::Pass]); // Green, Yellow
    assert!(t.offers(Action::ActPlus1(ActionKind::Politics)));
    t.act(Action::ActPlus1(ActionKind::Politics));
    assert_eq!((t.seat(RED).support, t.seat(RED).plus1), (2, 0));
    assert_eq!(t.seat(RED).tokens, 1, "the regular token is kept");
    assert_eq!(t.decider(), BLUE);
    assert!(
        !t.offers(act(ActionKind::Politics)),
        "Politics was taken with the +1 token"
    );
    assert_eq!(t.refused(act(ActionKind::Politics)).rule().0, "TI-8.1");
    assert_eq!(
        t.refused(Action::ActPlus1(ActionKind::Rally)).rule().0,
        "TI-13",
        "no +1 token is left"
    );
}

/// **TI-8.1, TI-8.2**: the Tycoon has three actions, the others two; a seat with no usable
/// token leaves the loop, one action per turn.
#[test]
fn ti_8_1_the_tycoon_token_is_a_third_action() {
    let mut t = Scenario::tp().table();
    let mut red_actions = 0;
    let mut turns = Vec::new();
    while let Some((seat, DecisionKind::Turn)) = t.decision() {
        turns.push(seat);
        let kind = [ActionKind::Politics, ActionKind::Loan, ActionKind::Rally]
            .into_iter()
            .find(|&k| t.offers(act(k)))
            .expect("an action not taken yet");
        if kind == ActionKind::Rally {
            t.play(&[act(kind), Action::Rally(1)]);
        } else {
            t.act(act(kind));
        }
        if seat == RED {
            red_actions += 1;
        }
    }
    assert_eq!(red_actions, 3);
    assert_eq!(
        turns,
        [RED, BLUE, GREEN, YELLOW, RED, BLUE, GREEN, YELLOW, RED],
        "one action per turn; each seat leaves once its tokens are spent"
    );
    assert_eq!(t.state.round(), 4, "Phase 4 ended with the last token");
    // TI-4.2 step 2: every seat takes its 2 tokens back; the Tycoon its Tycoon token.
    for seat in 0..4 {
        let me = t.seat(seat);
        assert_eq!((me.tokens, me.taken, me.out), (2, 0, false));
        assert_eq!(me.tycoon_token, seat == RED);
    }
}

/// **TI-8.2 (TI-OQ-13)**: a pass is final: Red passes and the loop never comes back to it.
#[test]
fn ti_8_2_a_pass_is_final() {
    let mut t = Scenario::tp().plus1(RED, 2).table();
    t.act(Action::Pass);
    assert!(t.seat(RED).out);
    for seat in [BLUE, GREEN, YELLOW, BLUE, GREEN, YELLOW] {
        assert_eq!(t.decision(), Some((seat, DecisionKind::Turn)));
        t.act(act(if t.offers(act(ActionKind::Politics)) {
            ActionKind::Politics
        } else {
            ActionKind::Loan
        }));
    }
    assert_eq!(t.state.round(), 4, "Red never took another turn");
    assert_eq!(t.seat(RED).plus1, 2);
}

/// **TI-8.2**: one action per turn, even for a seat holding +1 tokens: after Red's action the
/// turn passes to Blue.
#[test]
fn ti_8_2_one_action_per_turn() {
    let mut t = Scenario::tp().plus1(RED, 2).table();
    t.act(act(ActionKind::Politics));
    assert_eq!(t.decision(), Some((BLUE, DecisionKind::Turn)));
}

/// **TI-8.4**: no seat buys its own shares; a seat whose stack is empty sells none; the price
/// is paid to the share's owner, who cannot refuse.
#[test]
fn ti_8_4_share_choices() {
    let mut t = Scenario::tp()
        .shares(GREEN, BLUE, 5)
        .shares(YELLOW, BLUE, 4)
        .table();
    t.act(act(ActionKind::Shares));
    assert_eq!(t.kind(), DecisionKind::Share);
    let offered: Vec<Action> = t
        .choices()
        .into_iter()
        .filter(|a| matches!(a, Action::Share(_)))
        .collect();
    assert_eq!(
        offered,
        [Action::Share(GREEN as u8), Action::Share(YELLOW as u8)],
        "not Red's own, not Blue's (none left)"
    );
}

/// **TI-8.5**: Rally moves 1 to 6 promoters from the personal supply to the pool; with none in
/// the supply it is not offered.
#[test]
fn ti_8_5_rally_limits() {
    let mut t = Scenario::tp().promoters(RED, 9).promoters(BLUE, 0).table();
    t.act(act(ActionKind::Rally));
    let counts: Vec<Action> = t
        .choices()
        .into_iter()
        .filter(|a| matches!(a, Action::Rally(_)))
        .collect();
    assert_eq!(counts, (1..=6).map(Action::Rally).collect::<Vec<_>>());
    t.act(Action::Rally(6));
    assert_eq!((t.seat(RED).promoters, t.seat(RED).pool), (3, 11));
    assert_eq!(t.decider(), BLUE);
    assert!(!t.offers(act(ActionKind::Rally)));
}

/// **TI-8.5 (TI-OQ-32)**: Rally with an empty merit deck moves the promoters and draws nothing.
#[test]
fn ti_8_5_rally_with_an_empty_merit_deck() {
    let mut t = Scenario::tp().merit_deck(&[]).table();
    t.play(&[act(ActionKind::Rally), Action::Rally(2)]);
    assert_eq!((t.seat(RED).promoters, t.seat(RED).pool), (3, 7));
    assert!(t.seat(RED).merits.is_empty());
}

/// **TI-8.6, TI-21.20**: `SM-1` is a Strategy action with a token for 2 pool promoters and
/// gives back exactly one token, a +1 token; managed spaces are never covered and stay open.
/// An unmanaged space needs a share token to cover it (TI-OQ-16) and enough pool promoters.
#[test]
fn ti_21_20_managed_spaces_are_strategy_actions() {
    let mut t = Scenario::tp().pool(RED, 4).table();
    t.play(&[act(ActionKind::Strategy), Action::Space(0)]);
    let red = t.seat(RED);
    assert_eq!((red.pool, red.plus1, red.tokens), (2, 1, 1));
    assert_eq!(red.taken, ActionKind::Strategy.bit());
    t.play(&[Action::Pass, Action::Pass, Action::Pass]);
    t.play(&[Action::ActPlus1(ActionKind::Strategy), Action::Space(0)]);
    assert_eq!((t.seat(RED).pool, t.seat(RED).plus1), (0, 1));

    let mut t = Scenario::tp()
        .pool(RED, 9)
        .covers(RED, "SU-01")
        .covers(RED, "SU-02")
        .covers(RED, "SU-03")
        .covers(RED, "SU-04")
        .covers(RED, "SU-05")
        .covers(RED, "SU-06")
        .covers(RED, "SU-07")
        .covers(RED, "SU-08")
        .covers(RED, "SU-09")
        .table();
    assert_eq!(t.seat(RED).shares_left, 0);
    t.act(act(ActionKind::Strategy));
    assert_eq!(
        t.choices(),
        [Action::EmergencyLoan, Action::Space(0), Action::Space(1)],
        "no share token: no unmanaged space"
    );
}

/// **TI-8.6**: an unmanaged space covered by another seat is gone; one the pool cannot pay is
/// not offered.
#[test]
fn ti_8_6_covered_and_unaffordable_spaces() {
    let mut t = Scenario::tp().pool(RED, 4).covers(BLUE, "SU-02").table();
    t.act(act(ActionKind::Strategy));
    let ids: Vec<String> = t
        .choices()
        .into_iter()
        .filter_map(|a| match a {
            Action::Space(k) if k >= 2 => Some(t.view(RED).spaces[usize::from(k) - 2].id.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        ids,
        ["SU-01", "SU-03", "SU-09", "SU-10", "SU-12", "SU-13"],
        "cost 4 or less, SU-02 covered"
    );
}

/// **TI-8.3.1**: a build needs an own unbuilt card and an empty city; a city holds one
/// factory of any colour.
#[test]
fn ti_8_3_1_a_city_holds_one_factory() {
    let mut t = Scenario::tp()
        .holds(RED, "I1-09")
        .office(BLUE, "nasik")
        .table();
    t.play(&[
        act(ActionKind::Build),
        Action::Card(crate::scenario::industry("I1-09")),
    ]);
    assert!(!t.offers(Action::City(city("nasik"))));
    assert!(t.offers(Action::City(city("bombay"))));
    assert_eq!(
        t.choices().len(),
        1 + 31,
        "the emergency loan and every empty city"
    );
}

/// Refusals: every illegal action is refused with a typed error naming the rule it breaks,
/// and the state is left exactly as it was (byte for byte in its snapshot).
#[test]
fn illegal_actions_are_refused_with_the_rule_and_change_nothing() {
    let mut t = Scenario::tp().table();
    let err = t.refused(act(ActionKind::Build));
    assert_eq!(err.rule().0, "TC-17", "no card to build: {err}");
    assert!(matches!(
        err,
        Error::Illegal {
            kind: DecisionKind::Turn,
            ..
        }
    ));
    assert_eq!(
        t.refused(Action::ActPlus1(ActionKind::Politics)).rule().0,
        "TI-13"
    );
    assert_eq!(
        t.refused(Action::Done).rule().0,
        "TI-8.2",
        "not an answer to a turn"
    );
    let wrong = t
        .game
        .apply_as(&mut t.state, BLUE, Action::Pass, &mut Log::silent())
        .expect_err("Red decides");
    assert_eq!(
        wrong,
        Error::NotYourDecision {
            seat: BLUE,
            expected: RED
        }
    );
    assert_eq!(wrong.rule().0, "TI-0.2");

    let mut t = Scenario::tp()
        .round(4)
        .region(Region::W)
        .region_choice()
        .table();
    let err = t.refused(Action::Region(Region::W));
    assert_eq!(err.rule().0, "TI-5.1", "the pawn must move: {err}");

    let mut t = Scenario::tp().round(4).policy_bid().table();
    assert_eq!(t.refused(Action::PolicyBid(6)).rule().0, "TI-6.2");

    let mut t = Scenario::tp().notes(RED, 10).table();
    assert!(!t.offers(Action::EmergencyLoan));
    assert_eq!(t.refused(Action::EmergencyLoan).rule().0, "TI-9");
    assert!(
        !t.offers(act(ActionKind::Loan)),
        "TI-8.8: no Loan at 10 notes"
    );

    let mut t = Scenario::tp().pool(RED, 7).table();
    let space = t.space("SU-14");
    t.play(&[act(ActionKind::Strategy), space]);
    assert_eq!(t.kind(), DecisionKind::StepAny);
    let err = t.refused(Action::Sector(Sector::Fin));
    assert_eq!(err.rule().0, "TC-1", "STEP any2 asks for two steps: {err}");
}
