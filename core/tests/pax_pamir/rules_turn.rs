//! Rule tests for the turn (PP-6): its steps, the action budget, bonus actions, one action per
//! card, and declaring and withdrawing actions.

use darbar::pax_pamir::Coalition::{British, Russian};
use darbar::pax_pamir::Region::{Herat, Kabul};
use darbar::pax_pamir::{Border, DecisionKind, Error, Suit};

use crate::scenario::{Scenario, card};

/// **PP-6.1** step 4, **PP-12.6**: after cleanup the next player clockwise is active, with a
/// fresh action step of 2 actions; the turn count goes up each time.
#[test]
fn pp_6_1_play_passes_clockwise() {
    let mut t = Scenario::new(3).table();
    let turns = t.state.turns();
    let mut active = Vec::new();
    for _ in 0..4 {
        t.act("end");
        active.push(t.state.active());
        assert_eq!(
            (t.kind(), t.state.actions_left()),
            (DecisionKind::Action, 2)
        );
    }
    assert_eq!(active, [1, 2, 0, 1]);
    assert_eq!(t.state.turns(), turns + 4);
}

/// **PP-6.1** step 1, **PP-15** Blackmail: a player with both Blackmail cards (#43 Kandahar,
/// #54 Herat) may use each once at the start of the turn, in either order, before any action:
/// after a Herat spy only Kandahar targets are left, and after both the action step begins.
#[test]
fn pp_6_1_both_blackmail_cards_each_once_in_either_order() {
    let (q, p) = (0, 1);
    let mut t = Scenario::new(3)
        .court(q, &[47, 61])
        .court(p, &[43, 54])
        .table();
    t.act("end");
    t.expect(
        p,
        DecisionKind::Blackmail,
        &["spy #47", "spy #61", "spy #43", "spy #54", "skip"],
    );
    let mut kandahar_first = t.clone();
    t.act("spy #61");
    t.expect(p, DecisionKind::Blackmail, &["spy #47", "spy #43", "skip"]);
    t.act("spy #47");
    assert_eq!((t.decider(), t.kind()), (p, DecisionKind::Action));
    assert_eq!(
        (t.state.spies(card(61), p), t.state.spies(card(47), p)),
        (1, 1)
    );
    assert_eq!(t.state.actions_left(), 2, "Blackmail is no action");

    kandahar_first.act("spy #43");
    kandahar_first.expect(p, DecisionKind::Blackmail, &["spy #61", "spy #54", "skip"]);
    kandahar_first.act("spy #54");
    assert_eq!(kandahar_first.kind(), DecisionKind::Action);
}

/// **PP-6.2**: the core actions cost 1 action each; after two, only bonus actions and the end
/// of the action step are offered, and any other action is refused with PP-6.2.
#[test]
fn pp_6_2_after_two_actions_only_bonus_actions_remain() {
    let p = 0;
    let mut t = Scenario::new(3)
        .rupees(p, 0)
        .court(p, &[25, 9])
        .market("top-0", Some(61), 0)
        .market("bottom-0", Some(62), 0)
        .market("top-3", Some(48), 1)
        .table();
    t.act("buy top-0");
    assert_eq!(t.state.actions_left(), 1);
    t.act("buy bottom-0");
    assert_eq!(t.state.actions_left(), 0);
    t.expect(p, DecisionKind::Action, &["use #25 tax", "end"]);
    for text in ["use #9 tax", "buy top-1", "play #61 left"] {
        let err = t.refused(text);
        assert_eq!(err, Error::NoActionsLeft, "{text}");
        assert_eq!(err.rule().0, "PP-6.2");
    }
    t.acts(&["use #25 tax", "tax top-3"]);
    assert_eq!((t.state.actions_left(), t.rupees(p)), (0, 1));
}

/// **PP-6.3, PP-15**: #91 Allah Quli Bahadur (Political) and #99 Cossacks (Military) are always
/// favored: with another suit favored and no action left, their actions are still bonus
/// actions.
#[test]
fn pp_6_3_savvy_operator_and_irregulars_are_always_favored() {
    let (p, q) = (0, 1);
    let mut t = Scenario::new(3)
        .favored(Suit::Economic)
        .rupees(p, 2)
        .court(p, &[91])
        .court(q, &[13])
        .spies(13, p, 1)
        .actions_left(0)
        .table();
    assert!(t.state.is_favored(t.cards(), p, card(91)));
    t.expect(p, DecisionKind::Action, &["use #91 betray", "end"]);
    t.acts(&["use #91 betray", "betray #13", "refuse-prize"]);
    assert_eq!(
        (t.kind(), t.state.actions_left()),
        (DecisionKind::Action, 0)
    );
    assert!(t.discarded(13));

    let mut t = Scenario::new(3)
        .favored(Suit::Political)
        .loyalty(p, Russian)
        .loyalty(q, British)
        .loyalty(2, British)
        .court(p, &[99])
        .armies(Russian, Herat, 1)
        .armies(darbar::pax_pamir::Coalition::Afghan, Herat, 1)
        .actions_left(0)
        .table();
    assert!(t.state.is_favored(t.cards(), p, card(99)));
    t.expect(p, DecisionKind::Action, &["use #99 battle", "end"]);
    t.acts(&["use #99 battle", "battle herat", "remove army afghan"]);
    assert_eq!(
        (t.kind(), t.state.actions_left()),
        (DecisionKind::Action, 0)
    );
}

/// **PP-6.3, PP-14.1** New Tactics: while the buyer holds #105, the buyer's Military cards are
/// favored (bonus actions), but not another player's Military cards, nor the buyer's cards of
/// other unfavored suits.
#[test]
fn pp_6_3_new_tactics_favors_the_buyers_military_cards() {
    let (p, q) = (0, 1);
    let t = Scenario::new(3)
        .favored(Suit::Political)
        .events(p, &[105])
        .court(p, &[16, 9])
        .court(q, &[31])
        .market("top-3", Some(48), 1)
        .actions_left(0)
        .table();
    assert!(t.state.is_favored(t.cards(), p, card(16)));
    assert!(
        !t.state.is_favored(t.cards(), p, card(9)),
        "Economic is not favored"
    );
    assert!(
        !t.state.is_favored(t.cards(), q, card(31)),
        "another player's Military card"
    );
    t.expect(p, DecisionKind::Action, &["use #16 tax", "end"]);
}

/// **PP-6.4**: a card can be the acting card of one card-based action per turn, whatever
/// icons it shows: after #9's Tax its Move is neither offered nor accepted (PP-6.4).
#[test]
fn pp_6_4_one_action_per_card_per_turn() {
    let p = 0;
    let mut t = Scenario::new(3)
        .court(p, &[9])
        .armies(darbar::pax_pamir::Coalition::Afghan, Kabul, 1)
        .roads(darbar::pax_pamir::Coalition::Afghan, Border::HeratKabul, 1)
        .market("top-3", Some(48), 1)
        .table();
    assert!(t.offers("use #9 move"));
    t.acts(&["use #9 tax", "tax top-3"]);
    assert_eq!(t.state.actions_left(), 1);
    assert!(!t.offers("use #9 move") && !t.offers("use #9 tax"));
    let err = t.refused("use #9 move");
    assert_eq!(err, Error::CardUsed(card(9)));
    assert_eq!(err.rule().0, "PP-6.4");
}

/// **PP-6.4, PP-OQ-25**: a card played this turn may act this turn.
#[test]
fn pp_6_4_a_card_played_this_turn_may_act() {
    let mut t = Scenario::new(3)
        .hand(0, &[9])
        .market("top-3", Some(48), 1)
        .table();
    t.acts(&["play #9 left", "road kabul-punjab"]);
    assert!(t.offers("use #9 tax"));
    t.acts(&["use #9 tax", "tax top-3"]);
    assert_eq!(t.state.actions_left(), 0);
}

/// **PP-6.5**: a withdrawn hostage bribe leaves everything as if the action had never been
/// declared (no action spent, the card not used); once started, an action goes on to its end
/// (the Tax offers no way out before its first rupee).
#[test]
fn pp_6_5_a_withdrawn_action_spends_nothing() {
    let (p, q) = (0, 1);
    let mut t = Scenario::new(3)
        .rupees(p, 3)
        .court(p, &[29])
        .spies(29, q, 2)
        .market("top-3", Some(48), 1)
        .table();
    t.act("use #29 tax");
    t.expect(
        p,
        DecisionKind::Bribe,
        &["pay", "ask 0", "ask 1", "withdraw"],
    );
    t.act("withdraw");
    assert_eq!(
        (t.kind(), t.state.actions_left(), t.rupees(p)),
        (DecisionKind::Action, 2, 3)
    );
    assert!(t.offers("use #29 tax"), "the card was not used");
    t.act("use #29 tax");
    t.expect(p, DecisionKind::Bribe, &["pay", "withdraw"]);
    t.act("pay");
    t.expect(p, DecisionKind::Tax, &["tax top-3"]);
    assert_eq!(
        (t.rupees(p), t.rupees(q), t.state.actions_left()),
        (1, 6, 1)
    );
}
