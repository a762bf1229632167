//! Rule tests for loyalty and influence (PP-9), ruling (PP-10), and discards with the overthrow
//! rule and leverage (PP-11), under both readings of `batch_discard` and `leverage_timing`.

use darbar::pax_pamir::Coalition::{Afghan, British, Russian};
use darbar::pax_pamir::Region::{Herat, Kabul};
use darbar::pax_pamir::{BatchDiscard, Border, DecisionKind, GiftSlot, LeverageTiming, Options};

use crate::scenario::{Scenario, Table, card};

/// **PP-9.2**: influence is 1, plus each patriot in court, each prize and each gift; nothing
/// else (tribes, spies, other cards) counts.
#[test]
fn pp_9_2_influence_counts_patriots_prizes_and_gifts() {
    let t = Scenario::new(3)
        .loyalty(0, British)
        .court(0, &[19, 20, 61])
        .prizes(0, &[25])
        .gifts(0, &GiftSlot::ALL)
        .tribes(0, Kabul, 3)
        .spies(61, 0, 2)
        .table();
    assert_eq!(t.influence(0), 1 + 2 + 1 + 3);
    assert_eq!(t.influence(1), 1);
}

/// **PP-9.3**: a loyalty change returns the gifts, discards the prizes and, as one batch, the
/// patriots of the court (their spies go home) but not the patriot just played; the other
/// cards, tribes, armies and roads stay; rulers are recomputed under the new loyalty.
#[test]
fn pp_9_3_the_loyalty_change_procedure() {
    let (p, q) = (0, 1);
    let mut t = Scenario::new(3)
        .loyalty(p, Afghan)
        .court(p, &[6, 5, 11])
        .prizes(p, &[4])
        .gifts(p, &[GiftSlot::Gift2, GiftSlot::Gift4])
        .tribes(p, Kabul, 1)
        .armies(Afghan, Kabul, 1)
        .roads(Afghan, Border::HeratKabul, 2)
        .spies(6, q, 1)
        .hand(p, &[86])
        .table();
    assert_eq!(t.state.ruler(Kabul), Some(p));
    t.act("play #86 right");
    assert_eq!(t.player(p).loyalty, Some(Russian));
    assert_eq!(
        (
            t.state.gift(p, GiftSlot::Gift2),
            t.state.gift(p, GiftSlot::Gift4)
        ),
        (false, false)
    );
    assert!(t.discarded(4) && t.discarded(6) && t.discarded(11));
    assert_eq!(t.court(p), [5, 86]);
    assert_eq!(
        t.state.spies(card(6), q),
        0,
        "spies on the discarded patriots go home"
    );
    assert_eq!(t.state.tribes(p, Kabul), 1, "#5 still stands for Kabul");
    assert_eq!(
        (
            t.state.armies(Afghan, Kabul),
            t.state.roads(Afghan, Border::HeratKabul)
        ),
        (1, 2)
    );
    assert_eq!(
        t.state.ruler(Kabul),
        None,
        "1 tribe is not more than 1 Afghan army"
    );
    t.expect(p, DecisionKind::SpyTarget, &["spy #86"]);
}

/// **PP-10.2**: roads never count for ruling: a tie of tribes stays a tie with roads of the
/// player's coalition on every border of the region.
#[test]
fn pp_10_2_roads_never_count() {
    let mut s = Scenario::new(3)
        .loyalty(0, British)
        .loyalty(1, Russian)
        .tribes(0, Kabul, 1)
        .tribes(1, Kabul, 1);
    for b in Kabul.borders() {
        s = s.roads(British, b, 2);
    }
    let state = s.build();
    assert_eq!(state.ruling_pieces(0, Kabul), 1);
    assert_eq!(state.ruler(Kabul), None);
}

/// **PP-10.3, PP-7.2.2**: the ruler is whoever rules when a rule asks: a battle that removes
/// the ruler's last tribe ends the rule at once, so the next play of that region owes nothing.
#[test]
fn pp_10_3_a_ruler_lost_in_battle_is_owed_nothing() {
    let (p, q) = (0, 1);
    let mut t = Scenario::new(3)
        .loyalty(q, British)
        .rupees(p, 4)
        .court(p, &[43])
        .armies(Afghan, Kabul, 1)
        .court(q, &[5])
        .tribes(q, Kabul, 1)
        .armies(British, Kabul, 1)
        .hand(p, &[9])
        .table();
    assert_eq!(t.state.ruler(Kabul), Some(q));
    t.acts(&["use #43 battle", "battle kabul", "remove tribe p2"]);
    assert_eq!(t.state.ruler(Kabul), None);
    assert!(
        t.discarded(5),
        "Q lost the last Kabul tribe (PP-11.3 rule A)"
    );
    t.act("play #9 left");
    assert_eq!(t.kind(), DecisionKind::RoadBorder, "no bribe");
    assert_eq!((t.rupees(p), t.rupees(q)), (4, 4));
}

/// **PP-11.1** step 2: spies on a discarded card go home; that is no battle removal, so a Safe
/// House owner is not asked.
#[test]
fn pp_11_1_spies_on_a_discarded_card_go_home_without_safe_house() {
    let (p, q, r) = (0, 1, 2);
    let mut t = Scenario::new(3)
        .rupees(p, 2)
        .court(p, &[10])
        .court(q, &[13])
        .spies(13, p, 1)
        .court(r, &[41])
        .spies(13, r, 2)
        .table();
    t.acts(&["use #10 betray", "betray #13"]);
    t.expect(p, DecisionKind::Prize, &["take-prize", "refuse-prize"]);
    assert_eq!(t.state.cylinders_in_supply(r), 10);
    assert_eq!(t.state.spies(card(41), r), 0);
}

/// **PP-11.1** step 5, **PP-11.2**: every leveraged card of a batch is repaid: a loyalty change
/// that discards two leveraged patriots costs 4 rupees.
#[test]
fn pp_11_1_each_leveraged_card_of_a_batch_is_repaid() {
    let position = |options: Options| {
        Scenario::with(options)
            .loyalty(0, British)
            .rupees(0, 5)
            .court(0, &[40, 80])
            .hand(0, &[86])
            .table()
    };
    let mut t = position(Options::default());
    t.act("play #86 left");
    assert!(t.discarded(40) && t.discarded(80));
    assert_eq!(t.rupees(0), 1);
    assert_eq!(t.kind(), DecisionKind::SpyTarget);

    let mut t = position(Options {
        batch_discard: BatchDiscard::OneByOne,
        ..Options::default()
    });
    t.act("play #86 left");
    t.expect(
        0,
        DecisionKind::DiscardOrder,
        &["discard #40", "discard #80"],
    );
    t.act("discard #80");
    assert_eq!((t.court(0), t.rupees(0)), (vec![86, 40], 3));
    t.act("discard #40");
    assert_eq!((t.court(0), t.rupees(0)), (vec![86], 1));
    assert_eq!(t.kind(), DecisionKind::SpyTarget);
}

/// The position of the leverage-timing tests: Q (British) betrays P's leveraged #85 (a British
/// prize); P has no rupees and #9 in hand.
fn betrayed_leverage(timing: LeverageTiming) -> Table {
    let (q, p) = (0, 1);
    let mut t = Scenario::with(Options {
        leverage_timing: timing,
        ..Options::default()
    })
    .loyalty(q, British)
    .rupees(q, 2)
    .court(q, &[18])
    .court(p, &[85])
    .rupees(p, 0)
    .hand(p, &[9])
    .spies(85, q, 1)
    .table();
    t.acts(&["use #18 betray", "betray #85"]);
    t
}

/// **PP-11.2, PP-OQ-3** both readings: under `Immediate` P repays at once, in the middle of the
/// Betray: the shortfall discard comes before Q's prize decision, and with one card P owes
/// nothing more. Under `EndOfAction` P's rupees go below zero; Q decides on the prize first, and
/// the debt is settled when the action ends.
#[test]
fn pp_11_2_leverage_timing_both_readings() {
    let (q, p) = (0, 1);
    let mut t = betrayed_leverage(LeverageTiming::Immediate);
    t.expect(p, DecisionKind::Leverage, &["discard #9"]);
    t.act("discard #9");
    t.expect(q, DecisionKind::Prize, &["take-prize", "refuse-prize"]);
    t.act("take-prize");
    assert_eq!(
        (t.decider(), t.kind(), t.rupees(p)),
        (q, DecisionKind::Action, 0)
    );

    let mut t = betrayed_leverage(LeverageTiming::EndOfAction);
    t.expect(q, DecisionKind::Prize, &["take-prize", "refuse-prize"]);
    assert_eq!(t.rupees(p), -2);
    t.act("take-prize");
    t.expect(p, DecisionKind::Leverage, &["discard #9"]);
    t.act("discard #9");
    assert_eq!(
        (t.decider(), t.kind(), t.rupees(p)),
        (q, DecisionKind::Action, 0)
    );
    assert!(t.hand(p).is_empty());
    assert!(t.player(q).prizes.contains(card(85)));
}

/// **PP-11.2, PP-OQ-3** (`EndOfAction`): rupees the debtor gains later in the same action pay
/// the debt: P's loyalty change costs a leveraged patriot (2 rupees owed, P has none), and the
/// leverage icon of the card just played pays it, so no card is discarded.
#[test]
fn pp_11_2_end_of_action_lets_later_rupees_pay() {
    let position = |timing: LeverageTiming| {
        let mut t = Scenario::with(Options {
            leverage_timing: timing,
            ..Options::default()
        })
        .loyalty(0, British)
        .rupees(0, 0)
        .court(0, &[40])
        .hand(0, &[81, 9])
        .table();
        t.act("play #81 left");
        t
    };
    let mut t = position(LeverageTiming::EndOfAction);
    t.acts(&["road persia-transcaspia", "road persia-transcaspia"]);
    assert_eq!((t.kind(), t.rupees(0)), (DecisionKind::Action, 0));
    assert_eq!(t.hand(0), [9]);
    let t = position(LeverageTiming::Immediate);
    t.expect(0, DecisionKind::Leverage, &["discard #81", "discard #9"]);
}

/// **PP-11.3**: the overthrow rules fire only on a drop: losing one of two Herat tribes
/// discards nothing; a discarded card that is not political sends no tribe home; losing the
/// last tribe of a region where the player has no political card discards nothing.
#[test]
fn pp_11_3_only_a_drop_triggers_the_overthrow_rules() {
    let (a, p) = (0, 1);
    let mut t = Scenario::new(3)
        .loyalty(a, British)
        .court(a, &[59, 10])
        .rupees(a, 2)
        .armies(British, Herat, 3)
        .loyalty(p, Russian)
        .court(p, &[55, 61])
        .tribes(p, Herat, 2)
        .spies(61, a, 1)
        .table();
    t.acts(&["use #59 battle", "battle herat", "remove tribe p2", "stop"]);
    assert_eq!(t.state.tribes(p, Herat), 1);
    assert_eq!(t.court(p), [55, 61], "one of two tribes: no overthrow");
    t.acts(&["use #10 betray", "betray #61"]);
    assert_eq!(
        t.state.tribes(p, Herat),
        1,
        "#61 is not political: rule B does not fire"
    );
    assert_eq!(t.court(p), [55]);

    let mut t = Scenario::new(3)
        .loyalty(a, British)
        .court(a, &[59])
        .armies(British, Kabul, 1)
        .loyalty(p, Russian)
        .court(p, &[55])
        .tribes(p, Kabul, 1)
        .table();
    t.acts(&["use #59 battle", "battle kabul", "remove tribe p2"]);
    assert_eq!(t.state.tribes(p, Kabul), 0);
    assert_eq!(
        t.court(p),
        [55],
        "no Kabul political card: nothing to discard"
    );
}

/// **PP-11.3** rule B in cleanup (**PP-12.1**):
/// the court-limit discard of the last Kabul political card sends the Kabul tribes home.
#[test]
fn pp_11_3_rule_b_at_the_court_limit() {
    let mut t = Scenario::new(3)
        .court(0, &[5, 9, 13, 29, 61])
        .tribes(0, Kabul, 2)
        .tribes(0, Herat, 1)
        .table();
    assert_eq!(t.state.court_limit(t.cards(), 0), 4);
    t.act("end");
    t.expect(
        0,
        DecisionKind::CourtLimit,
        &[
            "discard #5",
            "discard #9",
            "discard #13",
            "discard #29",
            "discard #61",
        ],
    );
    t.act("discard #5");
    assert_eq!(t.state.tribes(0, Kabul), 0, "rule B");
    assert_eq!(
        t.state.tribes(0, Herat),
        1,
        "a tribe without a political card stays (no drop)"
    );
    t.expect(
        0,
        DecisionKind::CourtLimit,
        &["discard #9", "discard #13", "discard #29", "discard #61"],
    );
}

/// **PP-11.5**: a card discarded from a hand has no further consequence, even a leveraged one.
#[test]
fn pp_11_5_hand_discards_have_no_consequence() {
    let mut t = Scenario::new(3).rupees(0, 3).hand(0, &[14, 9, 13]).table();
    t.act("end");
    t.expect(
        0,
        DecisionKind::HandLimit,
        &["discard #14", "discard #9", "discard #13"],
    );
    t.act("discard #14");
    assert_eq!((t.state.active(), t.rupees(0)), (1, 3));
    assert!(t.discarded(14));
}
