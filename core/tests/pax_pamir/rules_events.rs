//! Rule tests for the event cards (PP-14): both halves of each of #105–#116 — the upper half
//! when the card leaves column 0 in cleanup, the lower half when purchased — and how long each
//! lasting effect lasts (PP-14.2).

use darbar::pax_pamir::Coalition::{Afghan, British, Russian};
use darbar::pax_pamir::Region::{Herat, Kabul, Persia, Punjab};
use darbar::pax_pamir::{
    Border, CardId, DecisionKind, EventEffect, GiftSlot, Options, Region, RumorTarget, Suit,
};

use crate::scenario::{Scenario, Table, card};

/// A table whose active seat 0 ends the action step with `event` at (Top, 0): the event
/// leaves the market and its upper half applies (PP-12.3).
fn discarded(s: Scenario, event: u8) -> Table {
    let mut t = s.market("top-0", Some(event), 0).table();
    t.act("end");
    assert!(
        darbar::pax_pamir::Slot::all().all(|slot| t.state.market_card(slot) != Some(CardId(event)))
    );
    t
}

/// **PP-14.1** #105, #115, #116 upper halves, **PP-14.3, PP-OQ-7**: discarded, they make
/// Military, Intelligence and Political favored; while Pashtunwali Values is active the changes
/// of #105 and #116 are ignored.
#[test]
fn pp_14_1_the_suit_halves_of_105_115_116() {
    for (event, suit) in [
        (105, Suit::Military),
        (115, Suit::Intelligence),
        (116, Suit::Political),
    ] {
        let t = discarded(Scenario::new(3).favored(Suit::Economic), event);
        assert_eq!(t.state.favored_suit(), suit, "#{event}");
    }
    for event in [105, 116] {
        let t = discarded(
            Scenario::new(3).favored(Suit::Economic).global_event(115),
            event,
        );
        assert_eq!(
            t.state.favored_suit(),
            Suit::Economic,
            "#{event} under Pashtunwali Values"
        );
    }
}

/// **PP-14.1** #105 lower half, New Tactics: the buyer holds it, and from then on the buyer's
/// Military cards are favored (a bonus action at once).
#[test]
fn pp_14_1_105_purchased_new_tactics() {
    let mut t = Scenario::new(3)
        .court(0, &[16])
        .market("bottom-0", Some(105), 0)
        .market("top-3", Some(48), 1)
        .table();
    assert!(!t.state.is_favored(t.cards(), 0, card(16)));
    t.act("buy bottom-0");
    assert!(t.holds(0, EventEffect::NewTactics));
    t.acts(&["use #16 tax", "tax top-3"]);
    assert_eq!(t.state.actions_left(), 1, "a bonus action");
}

/// **PP-14.1** #106 upper half, Embarrassment of Riches: discarded, it lies by the map and every
/// player's gifts are worth no influence until after the next DC.
#[test]
fn pp_14_1_106_discarded_embarrassment_of_riches() {
    let s = Scenario::new(3)
        .gifts(0, &[GiftSlot::Gift2])
        .gifts(1, &GiftSlot::ALL);
    let t = discarded(s, 106);
    assert!(t.global(EventEffect::EmbarrassmentOfRiches));
    assert!(!t.discarded(106), "kept by the map while it lasts");
    assert_eq!((t.influence(0), t.influence(1)), (1, 1));
}

/// **PP-14.1** #106 lower half, Koh-i-noor Recovered: the buyer holds it and the buyer's gifts
/// count 2 each; another player's count 1.
#[test]
fn pp_14_1_106_purchased_koh_i_noor_recovered() {
    let mut t = Scenario::new(3)
        .gifts(0, &[GiftSlot::Gift2, GiftSlot::Gift4])
        .gifts(1, &[GiftSlot::Gift2])
        .market("bottom-0", Some(106), 0)
        .table();
    t.act("buy bottom-0");
    assert!(t.holds(0, EventEffect::KohINoorRecovered));
    assert_eq!((t.influence(0), t.influence(1)), (5, 2));
}

/// **PP-14.1** #107 upper half, Disregard for Customs: discarded, it lies by the map and nobody
/// pays a bribe: the next player uses a card held hostage without one.
#[test]
fn pp_14_1_107_discarded_disregard_for_customs() {
    let (q, p) = (0, 1);
    let s = Scenario::new(3)
        .court(p, &[29])
        .spies(29, q, 2)
        .market("top-3", Some(48), 1);
    let mut t = discarded(s, 107);
    assert!(t.global(EventEffect::DisregardForCustoms));
    assert_eq!(t.state.active(), p);
    t.act("use #29 tax");
    assert_eq!(t.kind(), DecisionKind::Tax, "no hostage bribe");
}

/// **PP-14.2**: Disregard for Customs lasts until the next DC: after a check, a play bribe is
/// owed again.
#[test]
fn pp_14_2_disregard_for_customs_ends_with_the_next_check() {
    let mut t = Scenario::new(3)
        .global_event(107)
        .hand(0, &[9])
        .court(1, &[5])
        .tribes(1, Kabul, 1)
        .market("bottom-0", Some(101), 0)
        .table();
    let mut before = t.clone();
    before.act("play #9 left");
    assert_eq!(
        before.kind(),
        DecisionKind::RoadBorder,
        "no bribe while it lasts"
    );
    t.act("buy bottom-0");
    assert!(!t.global(EventEffect::DisregardForCustoms) && t.discarded(107));
    t.act("play #9 left");
    assert_eq!((t.decider(), t.kind()), (0, DecisionKind::Bribe));
}

/// **PP-14.1** #107 lower half, Courtly Manners: the buyer may decline a hostage bribe too (the
/// play bribe: PP-TV-38), paying nothing.
#[test]
fn pp_14_1_107_purchased_courtly_manners_declines_a_hostage_bribe() {
    let (p, q) = (0, 1);
    let mut t = Scenario::new(3)
        .court(p, &[29])
        .spies(29, q, 2)
        .market("bottom-0", Some(107), 0)
        .market("top-3", Some(48), 1)
        .table();
    t.act("buy bottom-0");
    assert!(t.holds(p, EventEffect::CourtlyManners));
    t.act("use #29 tax");
    t.expect(
        p,
        DecisionKind::Bribe,
        &["pay", "ask 0", "ask 1", "decline", "withdraw"],
    );
    t.act("decline");
    assert_eq!(t.kind(), DecisionKind::Tax);
    assert_eq!((t.rupees(p), t.rupees(q)), (4, 4));
}

/// **PP-14.1** #108 upper half, Failure to Impress, **PP-14.3**: every player discards all their
/// prizes; nobody changes loyalty.
#[test]
fn pp_14_1_108_discarded_failure_to_impress() {
    let s = Scenario::new(3)
        .prizes(0, &[4, 10])
        .loyalty(1, British)
        .prizes(1, &[25]);
    let t = discarded(s, 108);
    assert!(t.discarded(4) && t.discarded(10) && t.discarded(25));
    assert!(t.player(0).prizes.is_empty() && t.player(1).prizes.is_empty());
    assert_eq!(
        (t.player(0).loyalty, t.player(1).loyalty),
        (Some(Afghan), Some(British))
    );
    assert_eq!((t.influence(0), t.influence(1)), (1, 1));
}

/// **PP-14.1** #108 lower half, Rumor, **PP-OQ-6** both readings: the buyer picks any player,
/// themself included (`rumor_target = AnyPlayer`), or another player (`OtherPlayer`); the
/// target's patriots then give no influence.
#[test]
fn pp_14_1_108_purchased_rumor() {
    let position = |target: RumorTarget| {
        let mut t = Scenario::with(Options {
            rumor_target: target,
            ..Options::default()
        })
        .loyalty(1, British)
        .court(1, &[19, 20])
        .market("bottom-0", Some(108), 0)
        .table();
        t.act("buy bottom-0");
        t
    };
    let mut t = position(RumorTarget::AnyPlayer);
    t.expect(
        0,
        DecisionKind::Rumor,
        &["player p1", "player p2", "player p3"],
    );
    assert_eq!(t.influence(1), 3);
    t.act("player p2");
    assert_eq!(t.influence(1), 1);
    assert!(
        t.player(0).events.contains(CardId(108)),
        "the buyer keeps the card"
    );
    position(RumorTarget::OtherPlayer).expect(0, DecisionKind::Rumor, &["player p2", "player p3"]);
}

/// **PP-14.1** #109, #110, #112, #113 upper halves, Riots, **PP-14.3, PP-OQ-14**: every tribe of
/// every player and every army of every coalition in the region goes; roads, spies and the
/// other regions stay; a Citadel does not protect against riots.
#[test]
fn pp_14_1_riots_clear_one_region() {
    for (event, region) in [(109, Punjab), (110, Herat), (112, Kabul), (113, Persia)] {
        let mut s =
            Scenario::new(3)
                .court(1, &[17])
                .spies(17, 2, 1)
                .roads(British, Border::KabulPunjab, 1);
        for r in Region::ALL {
            s = s
                .tribes(1, r, 1)
                .armies(Afghan, r, 1)
                .armies(British, r, 1)
                .armies(Russian, r, 1);
        }
        s = s.tribes(2, region, 2);
        let t = discarded(s, event);
        for r in Region::ALL {
            let left = if r == region { 0 } else { 1 };
            assert_eq!(t.state.tribes(1, r), left, "#{event}: tribes in {r}");
            for k in [Afghan, British, Russian] {
                assert_eq!(t.state.armies(k, r), left, "#{event}: {k} armies in {r}");
            }
        }
        assert_eq!(t.state.tribes(2, region), 0);
        assert_eq!(t.state.roads(British, Border::KabulPunjab), 1, "roads stay");
        assert_eq!(t.state.spies(card(17), 2), 1, "spies stay");
    }
}

/// **PP-14.1** #109 lower half, Conflict Fatigue, **PP-14.2**: it applies to the next DC by any
/// trigger, here an instability in the same cleanup (British 3 against 1: dominant with margin
/// 2), and ends with it.
#[test]
fn pp_14_1_109_purchased_conflict_fatigue_lasts_to_an_instability_check() {
    let mut t = Scenario::new(3)
        .loyalty(0, British)
        .armies(British, Kabul, 3)
        .armies(Russian, Herat, 1)
        .vp(1, 3)
        .vp(2, 3)
        .market("bottom-0", Some(109), 0)
        .market("top-3", Some(101), 0)
        .market("top-5", None, 0)
        .deck(&[61, 102, 62, 63, 64, 65, 103, 104])
        .table();
    assert_eq!(t.deck(), [61, 102, 62, 63, 64, 65, 103, 104]);
    t.act("buy bottom-0");
    assert!(t.global(EventEffect::ConflictFatigue));
    t.act("end");
    assert!(t.logged("instability"));
    assert_eq!(
        t.vps(),
        [5, 3, 3],
        "the British check succeeded with margin 2"
    );
    assert!(!t.global(EventEffect::ConflictFatigue) && t.discarded(109));
    assert_eq!(t.state.blocks_on_map(British), 0);
}

/// **PP-14.1** #110 lower half, Nationalism: the buyer's tribes also battle as armies (their
/// strength and their site), until the next DC.
#[test]
fn pp_14_1_110_purchased_nationalism_tribes_battle() {
    let position = |nationalism: bool| {
        let mut s = Scenario::new(3)
            .loyalty(0, British)
            .court(0, &[59])
            .tribes(0, Herat, 2)
            .armies(Russian, Herat, 2)
            .market("bottom-0", Some(110), 0);
        if !nationalism {
            s = s.market("bottom-0", Some(61), 0);
        }
        let mut t = s.table();
        t.act("buy bottom-0");
        t
    };
    assert!(
        !position(false).offers("use #59 battle"),
        "tribes alone are no strength"
    );
    let mut t = position(true);
    assert!(t.holds(0, EventEffect::Nationalism));
    t.acts(&[
        "use #59 battle",
        "battle herat",
        "remove army russian",
        "remove army russian",
    ]);
    assert_eq!(
        (t.state.armies(Russian, Herat), t.state.tribes(0, Herat)),
        (0, 2)
    );
}

/// **PP-14.1** #112 lower half, Nation Building: bought and used in the same turn, 2 rupees build
/// 2 blocks.
#[test]
fn pp_14_1_112_purchased_nation_building() {
    let mut t = Scenario::new(3)
        .loyalty(0, British)
        .rupees(0, 2)
        .court(0, &[5])
        .tribes(0, Kabul, 1)
        .market("bottom-0", Some(112), 0)
        .table();
    t.act("buy bottom-0");
    assert!(t.holds(0, EventEffect::NationBuilding));
    t.act("use #5 build");
    t.expect(0, DecisionKind::BuildCount, &["blocks 1", "blocks 2"]);
    t.acts(&["blocks 2", "army kabul", "army kabul"]);
    assert_eq!((t.state.armies(British, Kabul), t.rupees(0)), (2, 0));
}

/// **PP-14.1** #113 lower half, Backing of Persian Aristocracy, **PP-14.3**: the buyer takes 3
/// rupees and the card goes to the discard pile at once.
#[test]
fn pp_14_1_113_purchased_backing_of_persian_aristocracy() {
    let mut t = Scenario::new(3)
        .rupees(0, 1)
        .market("bottom-0", Some(113), 0)
        .table();
    t.act("buy bottom-0");
    assert_eq!(t.rupees(0), 4);
    assert!(t.discarded(113));
    assert!(t.player(0).events.is_empty());
}

/// **PP-14.1** #114 upper half, Confidence Failure, **PP-14.3, PP-OQ-17**: every player with a
/// hand card discards one of their choice, one at a time in turn order from the active player;
/// a player with an empty hand is skipped.
#[test]
fn pp_14_1_114_discarded_confidence_failure() {
    let s = Scenario::new(3)
        .active(1)
        .hand(0, &[9])
        .hand(1, &[13, 29])
        .hand(2, &[]);
    let mut t = s.market("top-0", Some(114), 0).table();
    t.act("end");
    t.expect(
        1,
        DecisionKind::ConfidenceFailure,
        &["discard #13", "discard #29"],
    );
    t.act("discard #29");
    t.expect(0, DecisionKind::ConfidenceFailure, &["discard #9"]);
    t.act("discard #9");
    assert_eq!((t.state.active(), t.kind()), (2, DecisionKind::Action));
    assert_eq!((t.hand(0), t.hand(1)), (vec![], vec![13]));
    assert!(t.discarded(114) && t.discarded(29) && t.discarded(9));
}

/// **PP-14.1** #114 lower half, Other Persuasive Methods, **PP-14.3**: the buyer swaps hands
/// with another player (not themself); either hand may be empty. Hand limits are checked only
/// at each player's own cleanup: the buyer's this turn, the partner's (3 cards, limit 2) not
/// before their own turn ends.
#[test]
fn pp_14_1_114_purchased_other_persuasive_methods() {
    let position = || {
        let mut t = Scenario::new(3)
            .hand(0, &[9, 13, 30])
            .hand(1, &[29, 61, 62])
            .market("bottom-0", Some(114), 0)
            .table();
        t.act("buy bottom-0");
        t.expect(0, DecisionKind::Persuade, &["player p2", "player p3"]);
        t
    };
    let mut t = position();
    t.act("player p2");
    assert_eq!((t.hand(0), t.hand(1)), (vec![29, 61, 62], vec![9, 13, 30]));
    assert!(t.discarded(114));
    t.act("end");
    t.expect(
        0,
        DecisionKind::HandLimit,
        &["discard #29", "discard #61", "discard #62"],
    );
    t.act("discard #61");
    assert_eq!(
        (t.state.active(), t.kind(), t.hand(1).len()),
        (1, DecisionKind::Action, 3)
    );
    t.act("end");
    t.expect(
        1,
        DecisionKind::HandLimit,
        &["discard #9", "discard #13", "discard #30"],
    );
    let mut t = position();
    t.act("player p3");
    assert_eq!((t.hand(0), t.hand(2)), (vec![], vec![9, 13, 30]));
}

/// **PP-14.1** #115 lower half, Pashtunwali Values, **PP-14.3**: the buyer names any suit (the
/// current one too) and it becomes favored; until the next DC every suit-change icon is ignored
/// and so is a discarded #116; the effect ends with the next DC.
#[test]
fn pp_14_1_115_purchased_pashtunwali_values() {
    let mut t = Scenario::new(3)
        .hand(0, &[10])
        .market("bottom-0", Some(115), 0)
        .market("top-0", Some(116), 0)
        .table();
    t.act("buy bottom-0");
    t.expect(
        0,
        DecisionKind::Pashtunwali,
        &[
            "suit political",
            "suit intelligence",
            "suit economic",
            "suit military",
        ],
    );
    t.act("suit economic");
    assert_eq!(t.state.favored_suit(), Suit::Economic);
    assert!(t.global(EventEffect::PashtunwaliValues));
    t.acts(&["play #10 left", "road kabul-punjab"]);
    assert_eq!(
        t.state.favored_suit(),
        Suit::Economic,
        "#10's favored-Military icon is ignored"
    );
    t.act("end");
    assert!(t.discarded(116));
    assert_eq!(
        t.state.favored_suit(),
        Suit::Economic,
        "#116's upper half is ignored"
    );

    let mut t = Scenario::new(3)
        .global_event(115)
        .tribes(0, Kabul, 1)
        .market("bottom-0", Some(101), 0)
        .hand(0, &[10])
        .table();
    t.act("buy bottom-0");
    assert!(!t.global(EventEffect::PashtunwaliValues) && t.discarded(115));
    t.acts(&["play #10 left", "road kabul-punjab"]);
    assert_eq!(
        t.state.favored_suit(),
        Suit::Military,
        "after the DC the icons work again"
    );
}

/// **PP-14.1** #116 lower half, Rebuke, **PP-14.3, PP-OQ-23**: the buyer picks any region, even
/// an empty one; every tribe and army there goes, roads stay, and a player who lost their last
/// tribe there discards their political cards of the region (rule A).
#[test]
fn pp_14_1_116_purchased_rebuke() {
    let mut t = Scenario::new(3)
        .court(1, &[55])
        .tribes(1, Herat, 1)
        .tribes(2, Herat, 2)
        .armies(British, Herat, 2)
        .roads(British, Border::HeratKabul, 1)
        .tribes(2, Kabul, 1)
        .market("bottom-0", Some(116), 0)
        .table();
    t.act("buy bottom-0");
    t.expect(
        0,
        DecisionKind::Rebuke,
        &[
            "rebuke persia",
            "rebuke transcaspia",
            "rebuke herat",
            "rebuke kabul",
            "rebuke kandahar",
            "rebuke punjab",
        ],
    );
    let mut empty = t.clone();
    t.act("rebuke herat");
    assert_eq!(
        (
            t.state.tribes(1, Herat),
            t.state.tribes(2, Herat),
            t.state.armies(British, Herat)
        ),
        (0, 0, 0)
    );
    assert_eq!(t.state.roads(British, Border::HeratKabul), 1);
    assert_eq!(t.state.tribes(2, Kabul), 1);
    assert!(t.discarded(55) && t.discarded(116));
    assert_eq!(t.kind(), DecisionKind::Action);
    empty.act("rebuke transcaspia");
    assert_eq!(
        empty.state.tribes(2, Herat),
        2,
        "an empty region: nothing happens"
    );
}
