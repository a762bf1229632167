//! Rule tests for the card-based actions (PP-8): the legality conditions with their minimum
//! costs, hostage bribes that must leave the minimum, action costs paid to the market, and each
//! action's own rules (Tax, Gift, Build, Move, Betray, Battle) under every reading of their
//! open questions.

use std::collections::BTreeSet;

use darbar::pax_pamir::Coalition::{Afghan, British, Russian};
use darbar::pax_pamir::Region::{Herat, Kabul, Kandahar, Punjab, Transcaspia};
use darbar::pax_pamir::{
    Border, DecisionKind, Error, GiftOrder, GiftSlot, Options, SafeHouseSameCard, SpyRingOrder,
    WellConnectedWithBedfellows,
};

use crate::scenario::{Scenario, Table, card};

/// **PP-8.1.1** condition 4: Build and Betray need 2 rupees, Gift the price of the cheapest
/// empty slot; short of it the action is not offered and is refused with PP-8.1.1 (a full
/// dial with PP-8.4). Tax, Move and Battle need none.
#[test]
fn pp_8_1_1_minimum_own_costs() {
    let p = 0;
    let position = |rupees: i16, gifts: &[GiftSlot]| {
        Scenario::new(3)
            .rupees(p, rupees)
            .court(p, &[5, 10, 4])
            .tribes(p, Kabul, 1)
            .gifts(p, gifts)
            .court(1, &[13])
            .spies(13, p, 1)
            .table()
    };
    let mut t = position(1, &[]);
    for (text, cost) in [
        ("use #5 build", 2),
        ("use #10 betray", 2),
        ("use #4 gift", 2),
    ] {
        assert!(!t.offers(text), "{text}");
        assert_eq!(
            t.refused(text),
            Error::CannotAfford {
                cost,
                rupees: 1,
                rule: darbar::engine::Rule("PP-8.1.1")
            }
        );
    }
    assert!(t.offers("use #4 move"), "Move needs no rupee");
    let t = position(2, &[]);
    assert!(t.offers("use #5 build") && t.offers("use #10 betray") && t.offers("use #4 gift"));

    let mut t = position(3, &[GiftSlot::Gift2]);
    assert!(!t.offers("use #4 gift"), "the cheapest empty slot costs 4");
    assert_eq!(
        t.refused("use #4 gift"),
        Error::CannotAfford {
            cost: 4,
            rupees: 3,
            rule: darbar::engine::Rule("PP-8.1.1")
        }
    );
    let mut t = position(6, &GiftSlot::ALL);
    assert_eq!(
        t.refused("use #4 gift").rule().0,
        "PP-8.4",
        "every slot is taken"
    );
}

/// **PP-8.1.1** condition 5, **PP-OQ-4**: an action with no legal effect is not offered and is
/// refused (PP-8.1.1): Tax with no rupee to take, Build ruling nothing, Move with nothing to
/// move, Betray with no spy, Battle with no site.
#[test]
fn pp_8_1_1_an_action_needs_a_legal_effect() {
    let p = 0;
    let mut t = Scenario::new(3)
        .rupees(p, 4)
        .court(p, &[9, 10, 55])
        .court(1, &[13])
        .rupees(1, 4)
        .table();
    for text in [
        "use #9 tax",
        "use #9 move",
        "use #10 build",
        "use #10 betray",
        "use #55 battle",
    ] {
        assert!(!t.offers(text), "{text}");
        let err = t.refused(text);
        assert!(matches!(err, Error::NoEffect { .. }), "{text}: {err}");
        assert_eq!(err.rule().0, "PP-8.1.1");
    }
}

/// **PP-8.1.1** condition 4, **PP-8.2, PP-7.2.3**: a hostage bribe must leave the action's
/// minimum own cost. Build (minimum 2) with 3 rupees and a bribe of 2: only asks up to 1, and a
/// counter of 2 can only be withdrawn from. With 4 rupees the full bribe may be paid.
#[test]
fn pp_8_1_1_a_hostage_bribe_leaves_the_minimum_cost() {
    let (p, q) = (0, 1);
    let position = |rupees: i16| {
        let mut t = Scenario::new(3)
            .rupees(p, rupees)
            .court(p, &[10])
            .tribes(p, Kabul, 1)
            .spies(10, q, 2)
            .table();
        t.act("use #10 build");
        t
    };
    let mut t = position(3);
    t.expect(p, DecisionKind::Bribe, &["ask 0", "ask 1", "withdraw"]);
    t.act("ask 1");
    t.expect(q, DecisionKind::Bribe, &["grant", "counter 2"]);
    let mut granted = t.clone();
    t.act("counter 2");
    t.expect(p, DecisionKind::Bribe, &["withdraw"]);
    granted.act("grant");
    granted.expect(p, DecisionKind::BuildCount, &["blocks 1"]);
    assert_eq!(granted.rupees(p), 2);

    position(4).expect(
        p,
        DecisionKind::Bribe,
        &["pay", "ask 0", "ask 1", "withdraw"],
    );
    // A Gift (minimum: the 2-rupee slot) with 4 rupees and a bribe of 3: asks up to 2 only.
    let mut t = Scenario::new(3)
        .rupees(p, 4)
        .court(p, &[4])
        .spies(4, q, 3)
        .table();
    t.act("use #4 gift");
    t.expect(
        p,
        DecisionKind::Bribe,
        &["ask 0", "ask 1", "ask 2", "withdraw"],
    );
}

/// **PP-8.2**: hostage bribes apply to bonus actions too: a favored card held hostage still
/// needs its bribe, and the bonus action then costs no action.
#[test]
fn pp_8_2_a_bonus_action_pays_its_hostage_bribe() {
    let (p, q) = (0, 1);
    let mut t = Scenario::new(3)
        .court(p, &[25])
        .spies(25, q, 1)
        .market("top-3", Some(48), 1)
        .actions_left(0)
        .table();
    t.act("use #25 tax");
    t.expect(p, DecisionKind::Bribe, &["pay", "ask 0", "withdraw"]);
    t.acts(&["pay", "tax top-3"]);
    assert_eq!(
        (t.rupees(p), t.rupees(q), t.state.actions_left()),
        (4, 5, 0)
    );
}

/// **PP-8.1.3, PP-14.1**: an action cost puts one rupee per card from column 5 leftwards in each
/// row; a rupee placed on Public Withdrawal goes to the bank.
#[test]
fn pp_8_1_3_action_cost_rupees_on_public_withdrawal_are_lost() {
    let p = 0;
    let mut t = Scenario::new(3)
        .rupees(p, 4)
        .court(p, &[4])
        .market("top-5", Some(111), 0)
        .table();
    t.acts(&["use #4 gift", "gift gift4"]);
    assert_eq!(t.rupees(p), 0);
    let top: Vec<u16> = (0..6).map(|c| t.slot(&format!("top-{c}")).1).collect();
    let bottom: Vec<u16> = (0..6).map(|c| t.slot(&format!("bottom-{c}")).1).collect();
    assert_eq!(top, [0, 0, 0, 0, 1, 0], "#111's rupee went to the bank");
    assert_eq!(bottom, [0, 0, 0, 0, 1, 1]);
}

/// **PP-8.3.1**: market rupees may be taxed from any column of either row, whatever the card;
/// rupees lying on a slot without a card are no source.
#[test]
fn pp_8_3_1_market_sources_are_slots_with_a_card() {
    let mut t = Scenario::new(3)
        .court(0, &[8])
        .market("top-0", Some(61), 1)
        .market("bottom-5", Some(62), 2)
        .market("top-2", None, 3)
        .table();
    t.act("use #8 tax");
    t.expect(0, DecisionKind::Tax, &["tax top-0", "tax bottom-5"]);
    t.acts(&["tax bottom-5", "tax bottom-5"]);
    assert_eq!(t.kind(), DecisionKind::Action, "rank 2");
    assert_eq!(
        (t.rupees(0), t.slot("bottom-5").1, t.slot("top-2").1),
        (6, 0, 3)
    );
}

/// **PP-8.3.2**: a player with no card of a region the taxer rules is not taxable; a player with
/// one is; and the taxer, even with such cards and rupees, never taxes themself.
#[test]
fn pp_8_3_2_a_player_with_no_card_of_a_ruled_region_is_not_taxable() {
    let mut t = Scenario::new(3)
        .court(0, &[8, 6])
        .tribes(0, Kabul, 1)
        .court(1, &[61])
        .rupees(1, 5)
        .court(2, &[9])
        .rupees(2, 5)
        .table();
    t.act("use #8 tax");
    t.expect(0, DecisionKind::Tax, &["tax p3"]);
}

/// **PP-8.3.2**: only the ruler taxes through a region: tribes without rule (a tie) make nobody
/// taxable.
#[test]
fn pp_8_3_2_tribes_without_rule_give_no_tax() {
    let mut t = Scenario::new(3)
        .court(0, &[8, 6])
        .tribes(0, Kabul, 1)
        .court(1, &[9])
        .tribes(1, Kabul, 1)
        .rupees(1, 5)
        .table();
    assert_eq!(t.state.ruler(Kabul), None);
    assert!(!t.offers("use #8 tax"));
    assert!(matches!(t.refused("use #8 tax"), Error::NoEffect { .. }));
}

/// **PP-8.3.4, PP-OQ-4**: a Tax takes 1 to rank rupees: a rank-1 card ends after one; a rank-2
/// card may stop after one.
#[test]
fn pp_8_3_4_the_amount_is_one_to_rank() {
    let mut t = Scenario::new(3)
        .court(0, &[9, 8])
        .market("top-3", Some(48), 3)
        .table();
    t.acts(&["use #9 tax", "tax top-3"]);
    assert_eq!(t.kind(), DecisionKind::Action);
    t.act("use #8 tax");
    t.expect(0, DecisionKind::Tax, &["tax top-3"]);
    t.act("tax top-3");
    t.expect(0, DecisionKind::Tax, &["tax top-3", "stop"]);
    t.act("stop");
    assert_eq!((t.rupees(0), t.slot("top-3").1), (6, 1));
}

/// **PP-8.4, PP-OQ-19** both readings: under `gift_order = AnySlot` any empty slot the player
/// can pay; under `CheapestFirst` only the cheapest empty slot, and a Gift is not offered when
/// that one is out of reach.
#[test]
fn pp_8_4_gift_slots_under_both_gift_order_readings() {
    let gift = |order: GiftOrder, rupees: i16, gifts: &[GiftSlot]| {
        let options = Options {
            gift_order: order,
            ..Options::default()
        };
        Scenario::with(options)
            .rupees(0, rupees)
            .court(0, &[4])
            .gifts(0, gifts)
            .table()
    };
    let open = |mut t: Table| {
        t.act("use #4 gift");
        t.choices()
    };
    let any = GiftOrder::AnySlot;
    let cheapest = GiftOrder::CheapestFirst;
    let s = |v: &[&str]| {
        v.iter()
            .map(|x| x.to_string())
            .collect::<BTreeSet<String>>()
    };
    assert_eq!(
        open(gift(any, 6, &[])),
        s(&["gift gift2", "gift gift4", "gift gift6"])
    );
    assert_eq!(
        open(gift(any, 6, &[GiftSlot::Gift2])),
        s(&["gift gift4", "gift gift6"])
    );
    assert_eq!(open(gift(any, 4, &[GiftSlot::Gift4])), s(&["gift gift2"]));
    assert_eq!(open(gift(cheapest, 6, &[])), s(&["gift gift2"]));
    assert_eq!(
        open(gift(cheapest, 6, &[GiftSlot::Gift2])),
        s(&["gift gift4"])
    );
    assert_eq!(
        open(gift(cheapest, 6, &[GiftSlot::Gift4])),
        s(&["gift gift2"])
    );
    assert!(!gift(cheapest, 3, &[GiftSlot::Gift2]).offers("use #4 gift"));
}

/// **PP-8.4, PP-9.2**: a gift costs its price to the market, puts a cylinder on the dial and
/// adds 1 influence.
#[test]
fn pp_8_4_a_gift_is_one_influence() {
    let mut t = Scenario::new(3).rupees(0, 6).court(0, &[4]).table();
    assert_eq!(t.influence(0), 1);
    t.acts(&["use #4 gift", "gift gift6"]);
    assert_eq!(t.rupees(0), 0);
    assert_eq!(t.market_total(), 6);
    assert!(t.state.gift(0, GiftSlot::Gift6));
    assert_eq!((t.influence(0), t.state.cylinders_in_supply(0)), (2, 9));
}

/// **PP-8.5**: blocks go as armies into any region the player rules or as roads on any border of
/// one; with two ruled regions, both and their borders are offered.
#[test]
fn pp_8_5_build_spaces_around_every_ruled_region() {
    let mut t = Scenario::new(3)
        .rupees(0, 2)
        .court(0, &[5, 24])
        .tribes(0, Kabul, 1)
        .tribes(0, Punjab, 1)
        .table();
    t.acts(&["use #5 build", "blocks 1"]);
    t.expect(
        0,
        DecisionKind::BuildBlock,
        &[
            "army kabul",
            "army punjab",
            "road transcaspia-kabul",
            "road herat-kabul",
            "road kabul-kandahar",
            "road kabul-punjab",
            "road kandahar-punjab",
        ],
    );
}

/// **PP-8.5**: rulership is checked as each block is placed. P (British) rules Kabul with a
/// tribe and a British army; the British supply is empty, so the first road takes that army
/// (PP-1.6): P no longer rules Kabul, and the second block paid for is lost.
#[test]
fn pp_8_5_rulership_is_checked_for_each_block() {
    let (p, q) = (0, 1);
    let mut t = Scenario::new(3)
        .loyalty(p, British)
        .rupees(p, 4)
        .court(p, &[5])
        .tribes(p, Kabul, 1)
        .armies(British, Kabul, 1)
        .roads(British, Border::PersiaHerat, 11)
        .tribes(q, Kabul, 1)
        .table();
    assert_eq!(t.state.ruler(Kabul), Some(p));
    t.acts(&["use #5 build", "blocks 2", "road kabul-punjab"]);
    t.expect(
        p,
        DecisionKind::Fallback,
        &["take army kabul", "take road persia-herat"],
    );
    t.act("take army kabul");
    assert_eq!(t.state.ruler(Kabul), None);
    assert_eq!(
        t.kind(),
        DecisionKind::Action,
        "no ruled region: the second block is lost"
    );
    assert_eq!(t.state.roads(British, Border::KabulPunjab), 1);
    assert_eq!(t.state.blocks_on_map(British), 12);
    assert_eq!(t.rupees(p), 0, "both blocks were paid for");
}

/// **PP-8.5, PP-15, PP-OQ-13** (`infrastructure_optional`): under the optional reading the
/// free block may be skipped, and then no block is placed.
#[test]
fn pp_8_5_infrastructure_may_be_skipped_when_optional() {
    let mut t = Scenario::with(Options {
        infrastructure_optional: true,
        ..Options::default()
    })
    .loyalty(0, British)
    .rupees(0, 2)
    .court(0, &[7, 78])
    .tribes(0, Kabul, 1)
    .table();
    t.acts(&["use #78 build", "blocks 1", "army kabul"]);
    assert_eq!(t.kind(), DecisionKind::Infrastructure);
    assert!(t.offers("skip") && t.offers("army kabul"));
    t.act("skip");
    assert_eq!(
        (t.kind(), t.state.armies(British, Kabul)),
        (DecisionKind::Action, 1)
    );
}

/// **PP-8.6.1**: an army crosses only a border holding a road of the mover's loyalty (another
/// coalition's road does not count), and only armies of the mover's loyalty move.
#[test]
fn pp_8_6_1_armies_need_a_road_of_their_own_coalition() {
    let position = |road: darbar::pax_pamir::Coalition| {
        Scenario::new(3)
            .loyalty(0, British)
            .court(0, &[50])
            .armies(British, Herat, 1)
            .armies(Russian, Herat, 1)
            .roads(road, Border::HeratKabul, 1)
            .roads(Russian, Border::PersiaHerat, 1)
            .table()
    };
    let mut t = position(British);
    t.act("use #50 move");
    t.expect(0, DecisionKind::Move, &["move army herat kabul"]);
    assert!(
        !position(Russian).offers("use #50 move"),
        "a Russian road carries no British army"
    );
}

/// **PP-8.6.1, PP-8.6.3**: steps may repeat one piece and be split among pieces, up to the rank;
/// a moved army changes who rules.
#[test]
fn pp_8_6_1_steps_repeat_and_split_up_to_the_rank() {
    let p = 0;
    let mut t = Scenario::new(3)
        .loyalty(p, British)
        .court(p, &[63, 5])
        .court(1, &[13])
        .spies(13, p, 1)
        .armies(British, Herat, 1)
        .roads(British, Border::HeratKabul, 1)
        .roads(British, Border::KabulPunjab, 1)
        .tribes(p, Punjab, 1)
        .tribes(1, Punjab, 1)
        .table();
    assert_eq!(t.state.ruler(Punjab), None);
    t.acts(&[
        "use #63 move",
        "move army herat kabul",
        "move army kabul punjab",
    ]);
    assert_eq!(
        t.state.ruler(Punjab),
        Some(p),
        "the army makes P rule Punjab"
    );
    assert!(t.offers("spy-from #13") && t.offers("stop"));
    t.acts(&["spy-from #13", "spy-to #5"]);
    assert_eq!(t.kind(), DecisionKind::Action, "rank 3: three steps");
    assert_eq!(
        (t.state.armies(British, Punjab), t.state.spies(card(5), p)),
        (1, 1)
    );
}

/// The position for the spy-ring reading: courts P1 [#19, #61], P2 [#13], P3 [#48, #62]; a spy of
/// P1 on #13.
fn ring(order: SpyRingOrder) -> Table {
    let mut t = Scenario::with(Options {
        spy_ring_order: order,
        ..Options::default()
    })
    .loyalty(0, British)
    .court(0, &[19, 61])
    .court(1, &[13])
    .court(2, &[48, 62])
    .spies(13, 0, 1)
    .table();
    t.acts(&["use #19 move", "spy-from #13"]);
    t
}

/// **PP-8.6.2, PP-OQ-2** both readings: in turn order (each court left to right) the ring is
/// #19 #61 #13 #48 #62, so #13's neighbours are #61 and #48; under `spy_ring_order = Mirror`
/// each player's rightmost card meets the previous player's leftmost (#19 #61 #48 #62 #13 in
/// ring order), so #13's neighbours are #19 and #62.
#[test]
fn pp_8_6_2_the_spy_ring_under_both_orders() {
    ring(SpyRingOrder::TurnOrder).expect(0, DecisionKind::Move, &["spy-to #61", "spy-to #48"]);
    ring(SpyRingOrder::Mirror).expect(0, DecisionKind::Move, &["spy-to #19", "spy-to #62"]);
}

/// **PP-8.6.2, PP-15, PP-OQ-21** both readings of Well-Connected with Strange Bedfellows. Ring:
/// #21 (Punjab) #56 (Herat) | #13 (Kabul) #48 (Kandahar) #61 (Herat) #9 (Kabul) #29 (Punjab)
/// #8 (Kabul); a spy of P1 on #13. `RingOrRegion`: ring distance 1–2 or any Kabul card.
/// `Graph2`: distance ≤ 2 when same-region cards are adjacent too, which adds #29 (a Kabul hop
/// to #9 or #8, then a ring step).
#[test]
fn pp_8_6_2_well_connected_with_strange_bedfellows_both_readings() {
    let destinations = |reading: WellConnectedWithBedfellows| {
        let options = Options {
            well_connected_with_bedfellows: reading,
            ..Options::default()
        };
        let mut t = Scenario::with(options)
            .court(0, &[21, 56])
            .court(1, &[13, 48, 61, 9, 29, 8])
            .spies(13, 0, 1)
            .table();
        t.acts(&["use #21 move", "spy-from #13"]);
        assert_eq!(t.kind(), DecisionKind::Move);
        t.choices()
    };
    let base = [
        "spy-to #56",
        "spy-to #48",
        "spy-to #21",
        "spy-to #61",
        "spy-to #9",
        "spy-to #8",
    ];
    let ring_or_region = destinations(WellConnectedWithBedfellows::RingOrRegion);
    assert_eq!(ring_or_region, base.iter().map(|s| s.to_string()).collect());
    let graph = destinations(WellConnectedWithBedfellows::Graph2);
    let mut expected: BTreeSet<String> = base.iter().map(|s| s.to_string()).collect();
    expected.insert("spy-to #29".into());
    assert_eq!(graph, expected);
}

/// **PP-8.7, PP-OQ-22**: a player may betray a card of their own court; the discard has its
/// usual consequences (the last Kabul political card: the Kabul tribe goes home).
#[test]
fn pp_8_7_betraying_an_own_card() {
    let mut t = Scenario::new(3)
        .rupees(0, 2)
        .court(0, &[10, 5])
        .tribes(0, Kabul, 1)
        .spies(5, 0, 1)
        .table();
    t.act("use #10 betray");
    t.expect(0, DecisionKind::Betray, &["betray #5"]);
    t.acts(&["betray #5", "refuse-prize"]);
    assert_eq!(t.court(0), [10]);
    assert_eq!(t.state.tribes(0, Kabul), 0);
    assert_eq!(t.state.cylinders_in_supply(0), 10);
}

/// **PP-8.7** step 4: a prize of the player's loyalty is kept at once (+1 influence, no loyalty
/// change); refusing it leaves the card in the discard pile. The spies on the betrayed card go
/// home.
#[test]
fn pp_8_7_a_prize_of_the_own_coalition() {
    let (p, q) = (0, 1);
    let position = || {
        let mut t = Scenario::new(3)
            .rupees(p, 2)
            .court(p, &[10, 11])
            .court(q, &[4])
            .spies(4, p, 1)
            .spies(4, q, 2)
            .table();
        t.acts(&["use #10 betray", "betray #4"]);
        t.expect(p, DecisionKind::Prize, &["take-prize", "refuse-prize"]);
        assert_eq!(
            (
                t.state.cylinders_in_supply(p),
                t.state.cylinders_in_supply(q)
            ),
            (10, 10)
        );
        t
    };
    let mut t = position();
    assert_eq!(t.influence(p), 2);
    t.act("take-prize");
    assert_eq!(t.player(p).loyalty, Some(Afghan));
    assert!(t.player(p).prizes.contains(card(4)) && !t.discarded(4));
    assert_eq!((t.court(p), t.influence(p)), (vec![10, 11], 3));
    let mut t = position();
    t.act("refuse-prize");
    assert!(t.discarded(4) && t.player(p).prizes.is_empty());
}

/// **PP-8.7** step 4, **PP-9.3**: a prize of another coalition changes loyalty first: the gifts
/// go home, the old prizes and the patriots are discarded, then the new prize is kept.
#[test]
fn pp_8_7_a_prize_of_another_coalition_changes_loyalty_first() {
    let (p, q) = (0, 1);
    let mut t = Scenario::new(3)
        .rupees(p, 2)
        .court(p, &[10, 11])
        .prizes(p, &[4])
        .gifts(p, &[GiftSlot::Gift2])
        .court(q, &[13])
        .spies(13, p, 1)
        .table();
    assert_eq!(t.influence(p), 4);
    t.acts(&["use #10 betray", "betray #13", "take-prize"]);
    assert_eq!(t.player(p).loyalty, Some(Russian));
    assert!(!t.state.gift(p, GiftSlot::Gift2));
    assert!(t.discarded(4) && t.discarded(11));
    assert_eq!(t.court(p), [10]);
    assert_eq!(
        t.player(p).prizes.iter().map(|c| c.0).collect::<Vec<_>>(),
        [13]
    );
    assert_eq!(t.influence(p), 2);
}

/// **PP-8.7** step 2, **PP-15** Bodyguards (#15, #83): the owner's political cards cannot be
/// betrayed, by anyone, the owner too; their other cards can.
#[test]
fn pp_8_7_bodyguards_protect_political_cards() {
    for guard in [15u8, 83] {
        let (p, q) = (0, 1);
        let mut t = Scenario::new(3)
            .rupees(p, 2)
            .court(p, &[10])
            .court(q, &[guard, 5, 13])
            .spies(5, p, 1)
            .spies(13, p, 1)
            .table();
        t.act("use #10 betray");
        t.expect(p, DecisionKind::Betray, &["betray #13"]);

        let mut own = Scenario::new(3)
            .rupees(p, 2)
            .court(p, &[10, guard, 5])
            .spies(5, p, 1)
            .spies(10, p, 1)
            .table();
        own.act("use #10 betray");
        own.expect(p, DecisionKind::Betray, &["betray #10"]);
    }
}

/// **PP-8.8.1**: on a court card, the player's strength is their spies there and every other
/// player's spies are removable; a card with only the player's own spies is no site.
#[test]
fn pp_8_8_1_battle_on_a_court_card() {
    let (a, b, c) = (0, 1, 2);
    let mut t = Scenario::new(3)
        .court(a, &[35])
        .court(b, &[13, 29])
        .spies(13, a, 1)
        .spies(13, b, 1)
        .spies(13, c, 1)
        .spies(29, a, 2)
        .table();
    t.act("use #35 battle");
    t.expect(a, DecisionKind::BattleSite, &["battle #13"]);
    t.act("battle #13");
    t.expect(a, DecisionKind::Battle, &["remove spy p2", "remove spy p3"]);
    t.act("remove spy p3");
    assert_eq!(t.kind(), DecisionKind::Action, "strength 1: one removal");
    assert_eq!(
        (t.state.spies(card(13), b), t.state.spies(card(13), c)),
        (1, 0)
    );
}

/// **PP-8.8.1, PP-15** Citadel (#97, Transcaspia): the owner's Transcaspia tribes cannot be
/// removed in battle; their tribes elsewhere can.
#[test]
fn pp_8_8_1_the_ark_of_bukhara_protects_transcaspia_tribes() {
    let (a, b) = (0, 1);
    let position = |region| {
        let mut t = Scenario::new(3)
            .loyalty(a, Russian)
            .loyalty(b, British)
            .court(a, &[100])
            .court(b, &[97])
            .armies(Russian, region, 1)
            .tribes(b, region, 1)
            .armies(British, region, 1)
            .table();
        t.act("use #100 battle");
        t
    };
    let mut t = position(Transcaspia);
    t.act("battle transcaspia");
    t.expect(a, DecisionKind::Battle, &["remove army british"]);
    let mut t = position(Herat);
    t.act("battle herat");
    t.expect(
        a,
        DecisionKind::Battle,
        &["remove tribe p2", "remove army british"],
    );
}

/// The Safe House position: A (seat 0) battles with #35 on #41 in B's court, where A and B
/// each have a spy; B's court is `court`.
fn safe_house(reading: SafeHouseSameCard, court: &[u8]) -> Table {
    let mut t = Scenario::with(Options {
        safe_house_same_card: reading,
        ..Options::default()
    })
    .court(0, &[35])
    .court(1, court)
    .spies(41, 0, 1)
    .spies(41, 1, 1)
    .table();
    t.acts(&["use #35 battle", "battle #41", "remove spy p2"]);
    t
}

/// **PP-8.8.2, PP-15, PP-OQ-5** both readings: a spy removed from a Safe House card may return to
/// that same card (`safe_house_same_card = Allowed`); under `Forbidden` only another Safe House
/// card is offered, and with none the spy goes home without a question.
#[test]
fn pp_8_8_2_safe_house_same_card_both_readings() {
    let mut t = safe_house(SafeHouseSameCard::Allowed, &[41]);
    t.expect(
        1,
        DecisionKind::SafeHouse,
        &["safe-house #41", "return-spy"],
    );
    t.act("safe-house #41");
    assert_eq!(t.state.spies(card(41), 1), 1, "back on the card it left");
    assert_eq!(t.kind(), DecisionKind::Action);

    let t = safe_house(SafeHouseSameCard::Forbidden, &[41]);
    assert_eq!((t.decider(), t.kind()), (0, DecisionKind::Action));
    assert_eq!(
        (t.state.spies(card(41), 1), t.state.cylinders_in_supply(1)),
        (0, 10)
    );

    let mut t = safe_house(SafeHouseSameCard::Forbidden, &[41, 72]);
    t.expect(
        1,
        DecisionKind::SafeHouse,
        &["safe-house #72", "return-spy"],
    );
    t.act("safe-house #72");
    assert_eq!(t.state.spies(card(72), 1), 1);

    let mut t = safe_house(SafeHouseSameCard::Allowed, &[41, 72]);
    t.expect(
        1,
        DecisionKind::SafeHouse,
        &["safe-house #41", "safe-house #72", "return-spy"],
    );
    t.act("return-spy");
    assert_eq!(t.state.cylinders_in_supply(1), 10);
}

/// **PP-8.8.1**: a region with the player's armies but only friendly pieces is no site; the
/// player's own tribes and blocks of their loyalty are never removable.
#[test]
fn pp_8_8_1_no_site_without_an_enemy_piece() {
    let mut t = Scenario::new(3)
        .loyalty(0, British)
        .loyalty(1, British)
        .court(0, &[50])
        .armies(British, Kandahar, 2)
        .tribes(0, Kandahar, 1)
        .tribes(1, Kandahar, 1)
        .roads(British, Border::KabulKandahar, 1)
        .table();
    assert!(!t.offers("use #50 battle"));
    assert!(matches!(
        t.refused("use #50 battle"),
        Error::NoEffect { .. }
    ));
}
