//! PP-17.2, first part: constructed vectors PP-TV-19 to PP-TV-34.

use std::collections::BTreeSet;

use darbar::pax_pamir::Coalition::{Afghan, British, Russian};
use darbar::pax_pamir::Region::{Herat, Kabul, Kandahar, Persia, Punjab, Transcaspia};
use darbar::pax_pamir::{
    BatchDiscard, Coalition, DecisionKind, EndReason, LeverageTiming, Options, PurchaseEmptyColumn,
    Slot, award,
};

use crate::scenario::{Scenario, Table, card, set, with_rank};

/// **PP-TV-19** (PP-10.1, PP-10.2): Persia holds 3 Russian, 2 British and 4 Afghan armies;
/// A (Russian) and B (British) 2 tribes each, C (British) none; nobody is Afghan. A rules
/// (5 > 4 and 5 > 4 Afghan armies). Nobody rules if A loses both tribes (B's 4 is not more than
/// 4), if A turns British (a tie at 4), or with a fifth Afghan army (5 is not more than 5).
/// Through play: a ruler is owed a play bribe of their tribes; without one no bribe is owed.
#[test]
fn pp_tv_19_unallied_armies_can_keep_everyone_from_ruling() {
    let (a, b, c) = (0, 1, 2);
    let persia = |a_tribes: u8, a_loyalty: Coalition, afghan: u8| {
        Scenario::new(3)
            .loyalty(a, a_loyalty)
            .loyalty(b, British)
            .loyalty(c, British)
            .tribes(a, Persia, a_tribes)
            .tribes(b, Persia, 2)
            .armies(Russian, Persia, 3)
            .armies(British, Persia, 2)
            .armies(Afghan, Persia, afghan)
            .hand(b, &[75])
            .active(b)
            .table()
    };
    let pieces = |t: &Table| [a, b, c].map(|s| t.state.ruling_pieces(s, Persia));

    let mut t = persia(2, Russian, 4);
    assert_eq!(pieces(&t), [5, 4, 2]);
    assert_eq!(t.state.ruler(Persia), Some(a));
    t.act("play #75 left");
    assert_eq!((t.decider(), t.kind()), (b, DecisionKind::Bribe));
    assert_eq!(
        t.choices(),
        set(&["pay", "ask 0", "ask 1", "withdraw"]),
        "A's 2 tribes"
    );
    t.act("ask 0");
    assert_eq!(t.decider(), a, "A, the ruler, answers");

    for (t, expected) in [
        (persia(0, Russian, 4), [3, 4, 2]),
        (persia(2, British, 4), [4, 4, 2]),
        (persia(2, Russian, 5), [5, 4, 2]),
    ] {
        let mut t = t;
        assert_eq!(pieces(&t), expected);
        assert_eq!(t.state.ruler(Persia), None, "{expected:?}");
        t.act("play #75 left");
        assert_ne!(t.kind(), DecisionKind::Bribe, "no ruler, no bribe");
    }
}

/// **PP-TV-20** (PP-10.2): in Herat, D (Afghan) has 3 Afghan armies and no tribe, E (British)
/// 2 tribes: nobody rules (D has no tribe, E's 2 < 3). A third E tribe: 3 against 3, nobody. A
/// fourth: 4 > 3, E rules.
#[test]
fn pp_tv_20_a_ruler_needs_a_tribe_and_more_pieces_than_each_other() {
    let (d, e) = (0, 1);
    let herat = |tribes: u8| {
        Scenario::new(2)
            .loyalty(d, Afghan)
            .loyalty(e, British)
            .armies(Afghan, Herat, 3)
            .tribes(e, Herat, tribes)
            .build()
    };
    let state = herat(2);
    assert_eq!(
        (state.ruling_pieces(d, Herat), state.ruling_pieces(e, Herat)),
        (3, 2)
    );
    assert_eq!(state.ruler(Herat), None);
    assert_eq!(herat(3).ruler(Herat), None, "a tie");
    assert_eq!(herat(4).ruler(Herat), Some(e));
}

/// **PP-TV-21** (PP-11.3 rule A, PP-11.1): P has 1 tribe in Herat and #55 Hazara Chiefs and
/// #57 Exiled Durrani Nobility (Herat, Political) and #61 Karakul Sheep (Herat, Economic). An
/// enemy battle removes the tribe: #55 and #57 are discarded as one batch, their spies go
/// home; #61 stays.
#[test]
fn pp_tv_21_losing_the_last_tribe_discards_the_political_cards_of_the_region() {
    let (enemy, p, other) = (0, 1, 2);
    let mut t = Scenario::new(3)
        .loyalty(enemy, Russian)
        .loyalty(p, British)
        .court(enemy, &[59])
        .armies(Russian, Herat, 1)
        .court(p, &[55, 57, 61])
        .tribes(p, Herat, 1)
        .spies(55, other, 1)
        .spies(55, p, 1)
        .spies(57, enemy, 1)
        .table();
    t.act("use #59 battle");
    assert_eq!(t.choices(), set(&["battle herat"]));
    t.act("battle herat");
    assert_eq!(t.choices(), set(&["remove tribe p2"]));
    t.act("remove tribe p2");
    assert_eq!(t.court(p), [61]);
    assert!(t.discarded(55) && t.discarded(57));
    for seat in [enemy, p, other] {
        assert_eq!(
            t.state.cylinders_in_supply(seat),
            10,
            "seat {seat}'s spies went home"
        );
    }
    assert!(t.logged("P2 discards #55 Hazara Chiefs, #57 Exiled Durrani Nobility from the court"));
    assert_eq!(t.kind(), DecisionKind::Action);
}

/// **PP-TV-22** (PP-11.3 rule B, PP-8.7): P has 2 Kabul tribes and one Kabul political card,
/// #5 Shah Shujah Durrani; Q, with a spy on it, betrays it. Both tribes go home. Had P also
/// held #6 (Kabul, Political), nothing would happen.
#[test]
fn pp_tv_22_losing_the_last_political_card_of_a_region_sends_the_tribes_home() {
    let (q, p) = (0, 1);
    let betrayal = |court: &[u8]| {
        let mut t = Scenario::new(3)
            .loyalty(q, British)
            .court(q, &[18])
            .rupees(q, 2)
            .court(p, court)
            .tribes(p, Kabul, 2)
            .spies(5, q, 1)
            .table();
        t.act("use #18 betray");
        assert_eq!(t.choices(), set(&["betray #5"]));
        t.act("betray #5");
        assert_eq!(
            t.choices(),
            set(&["take-prize", "refuse-prize"]),
            "#5 carries a prize"
        );
        t.act("refuse-prize");
        assert!(t.discarded(5));
        assert_eq!(t.rupees(q), 0);
        t
    };
    let t = betrayal(&[5]);
    assert_eq!(t.state.tribes(p, Kabul), 0);
    assert_eq!(t.state.cylinders_in_supply(p), 10);
    let t = betrayal(&[5, 6]);
    assert_eq!(t.state.tribes(p, Kabul), 2, "#6 still stands for Kabul");
    assert_eq!(t.court(p), [6]);
}

/// The position of PP-TV-23: P (Afghan, seat 1) with 1 rupee, hand [#9], court [#42, #44,
/// #27], a tribe each in Kandahar and Punjab; Q (British) battles in Kandahar and removes the
/// tribe.
fn tv23(options: Options) -> Table {
    let (q, p) = (0, 1);
    let mut t = Scenario::with(options)
        .loyalty(q, British)
        .court(q, &[50])
        .armies(British, Kandahar, 1)
        .loyalty(p, Afghan)
        .rupees(p, 1)
        .hand(p, &[9])
        .court(p, &[42, 44, 27])
        .tribes(p, Kandahar, 1)
        .tribes(p, Punjab, 1)
        .table();
    t.acts(&["use #50 battle", "battle kandahar", "remove tribe p2"]);
    t
}

/// **PP-TV-23** (PP-11.1–11.4, PP-OQ-11): the lost Kandahar tribe discards the batch {#42,
/// #44} together (rule B finds no tribe left); #42's leverage takes P's rupee and leaves a
/// shortfall of 1: P discards #9 (hand) or #27 (court). #27 is P's last Punjab political card
/// (rule B: the Punjab tribe goes home) and is leveraged too: 0 rupees, only #9 left, then
/// nothing. Under `batch_discard = OneByOne` P may discard #42 first and pay its shortfall
/// with #44, keeping #27, #9 and the Punjab tribe.
#[test]
fn pp_tv_23_an_overthrow_cascades_through_leverage() {
    let p = 1;
    let t = tv23(Options {
        players: 3,
        ..Options::default()
    });
    assert_eq!(t.court(p), [27], "#42 and #44 left together");
    assert_eq!(t.rupees(p), 0);
    assert_eq!((t.decider(), t.kind()), (p, DecisionKind::Leverage));
    assert_eq!(t.choices(), set(&["discard #9", "discard #27"]));

    let mut lose_27 = t.clone();
    lose_27.act("discard #27");
    assert_eq!(lose_27.state.tribes(p, Punjab), 0, "rule B for Punjab");
    assert_eq!(
        lose_27.choices(),
        set(&["discard #9"]),
        "#27's own leverage"
    );
    lose_27.act("discard #9");
    assert_eq!(
        lose_27.kind(),
        DecisionKind::Action,
        "no card left: nothing more is owed"
    );
    assert!(lose_27.court(p).is_empty() && lose_27.hand(p).is_empty());
    assert_eq!(lose_27.rupees(p), 0);
    assert_eq!(lose_27.state.cylinders_in_supply(p), 10);

    let mut lose_9 = t;
    lose_9.act("discard #9");
    assert_eq!(lose_9.kind(), DecisionKind::Action);
    assert_eq!(lose_9.court(p), [27]);
    assert!(lose_9.hand(p).is_empty());
    assert_eq!(lose_9.rupees(p), 0);
    assert_eq!(lose_9.state.tribes(p, Punjab), 1);

    let mut one_by_one = tv23(Options {
        players: 3,
        batch_discard: BatchDiscard::OneByOne,
        ..Options::default()
    });
    assert_eq!(
        (one_by_one.decider(), one_by_one.kind()),
        (p, DecisionKind::DiscardOrder)
    );
    assert_eq!(one_by_one.choices(), set(&["discard #42", "discard #44"]));
    one_by_one.act("discard #42");
    assert_eq!(one_by_one.kind(), DecisionKind::Leverage);
    assert_eq!(
        one_by_one.choices(),
        set(&["discard #9", "discard #44", "discard #27"])
    );
    one_by_one.act("discard #44");
    assert_eq!(one_by_one.kind(), DecisionKind::Action);
    assert_eq!(one_by_one.court(p), [27]);
    assert_eq!(one_by_one.hand(p), [9]);
    assert_eq!(one_by_one.rupees(p), 0);
    assert_eq!(one_by_one.state.tribes(p, Punjab), 1);
}

/// The position of PP-TV-24 and PP-TV-32: P (Afghan) with no rupees, court [#42, #43], 2
/// tribes in Kandahar (P rules it), and `played` in hand.
fn tv24(options: Options, played: u8) -> Table {
    Scenario::with(options)
        .loyalty(0, Afghan)
        .rupees(0, 0)
        .court(0, &[42, 43])
        .tribes(0, Kandahar, 2)
        .hand(0, &[played])
        .table()
}

/// The end of PP-TV-24's cascade: P British, influence 1, court empty, no tribes, 1 British
/// army in Kandahar.
fn tv24_end(t: &Table) {
    assert_eq!(t.kind(), DecisionKind::Action);
    assert_eq!(t.player(0).loyalty, Some(British));
    assert_eq!(t.influence(0), 1);
    assert!(t.court(0).is_empty());
    assert_eq!(t.state.tribes(0, Kandahar), 0);
    assert_eq!(t.state.armies(British, Kandahar), 1);
    assert_eq!(t.rupees(0), 0);
    assert_eq!(t.state.actions_left(), 1);
}

/// **PP-TV-24** (PP-9.3, PP-11.2, PP-11.3, PP-7.3): P plays #51 Sir John Keane (British
/// patriot) without a bribe. The loyalty change discards #42 (rule B: #43 still stands); its
/// leverage, with 0 rupees, costs 2 cards of {#43, #51}: both. Losing #43 sends both Kandahar
/// tribes home (rule B); #51's army icon still resolves, for the British. The same end under
/// `leverage_timing = EndOfAction`, where the icon resolves before the debt is settled.
#[test]
fn pp_tv_24_a_loyalty_change_can_cost_the_card_just_played() {
    let t = tv24(Options::default(), 51);
    assert_eq!(t.state.ruler(Kandahar), Some(0));
    let mut t = t;
    t.act("play #51 right");
    assert!(t.discarded(42));
    assert_eq!((t.decider(), t.kind()), (0, DecisionKind::Leverage));
    assert_eq!(t.choices(), set(&["discard #43", "discard #51"]));
    assert_eq!(
        t.state.armies(British, Kandahar),
        0,
        "the icon waits for the cascade"
    );
    let mut other_order = t.clone();
    t.act("discard #43");
    assert_eq!(t.state.tribes(0, Kandahar), 0, "rule B");
    assert_eq!(t.choices(), set(&["discard #51"]));
    t.act("discard #51");
    tv24_end(&t);
    other_order.act("discard #51");
    assert_eq!(other_order.choices(), set(&["discard #43"]));
    other_order.act("discard #43");
    tv24_end(&other_order);

    let mut t = tv24(
        Options {
            leverage_timing: LeverageTiming::EndOfAction,
            ..Options::default()
        },
        51,
    );
    t.act("play #51 right");
    assert_eq!(
        t.state.armies(British, Kandahar),
        1,
        "the icon resolved; the debt is settled after"
    );
    assert_eq!(t.choices(), set(&["discard #43", "discard #51"]));
    t.acts(&["discard #43", "discard #51"]);
    tv24_end(&t);
}

/// Every way a Tax now can end: the rupees taken from each seat and from the market.
fn tax_outcomes(t: &Table, out: &mut BTreeSet<Vec<i16>>) {
    if t.kind() != DecisionKind::Tax {
        let mut taken: Vec<i16> = (1..t.state.players()).map(|s| t.rupees(s)).collect();
        taken.push(Slot::all().map(|s| t.state.market_rupees(s) as i16).sum());
        out.insert(taken);
        return;
    }
    for choice in t.choices() {
        let mut next = t.clone();
        next.act(&choice);
        tax_outcomes(&next, out);
    }
}

/// The position of PP-TV-25: T rules Kabul with a rank-3 Tax card; A (5 rupees, #13, shelter
/// 2), B (3 rupees, #14 and #61, shelter 4), C (6 rupees, #68 of Persia); 1 rupee on (Top, 2).
fn tv25(t_court: &[u8]) -> Table {
    // No printed rank-3 card has Tax: a fixture raises #8 Kabul Bazaar (Tax) to rank 3.
    Scenario::with_cards(
        Options {
            players: 4,
            ..Options::default()
        },
        with_rank(8, 3),
    )
    .court(0, t_court)
    .tribes(0, Kabul, 1)
    .court(1, &[13])
    .rupees(1, 5)
    .court(2, &[14, 61])
    .rupees(2, 3)
    .court(3, &[68])
    .rupees(3, 6)
    .market("top-2", Some(9), 1)
    .table()
}

/// **PP-TV-25** (PP-8.3): the shelter is economic stars; only a seat with a card of a region T
/// rules is taxable (with Claim of Ancient Lineage, any seat with a court card). Legal totals:
/// 1 to 3 rupees from A (at most 3) and the market (at most 1); B and C are never offered.
/// With #5 in T's court, C is taxable too (shelter 0) and B still is not.
#[test]
fn pp_tv_25_tax_shelters_and_claim_of_ancient_lineage() {
    let mut t = tv25(&[7, 8]);
    let shelters = [1, 2, 3].map(|s| t.state.tax_shelter(t.cards(), s));
    assert_eq!(shelters, [2, 4, 0]);
    t.act("use #8 tax");
    assert_eq!(t.choices(), set(&["tax top-2", "tax p2"]));
    let mut outcomes = BTreeSet::new();
    tax_outcomes(&t, &mut outcomes);
    // (A's rupees, B's, C's, the market's) after each way the Tax can end.
    let expected: BTreeSet<Vec<i16>> = [(1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1)]
        .into_iter()
        .map(|(from_a, from_market)| vec![5 - from_a, 3, 6, 1 - from_market])
        .collect();
    assert_eq!(outcomes, expected);

    let mut t = tv25(&[5, 7, 8]);
    t.act("use #8 tax");
    assert_eq!(t.choices(), set(&["tax top-2", "tax p2", "tax p4"]));
    t.acts(&["tax p4", "tax p4"]);
    assert_eq!(t.choices(), set(&["tax top-2", "tax p2", "tax p4", "stop"]));
    t.act("tax p4");
    assert_eq!(t.rupees(3), 3);
    assert_eq!(t.kind(), DecisionKind::Action);
}

/// The position of PP-TV-26: seats in turn order P0, P1, P2; courts P0 [a, b], P1 [],
/// P2 [c, d, e]; a spy of P0 on b.
fn tv26(a: u8, b: u8) -> Table {
    Scenario::new(3)
        .loyalty(0, British)
        .court(0, &[a, b])
        .court(2, &[13, 48, 62])
        .spies(b, 0, 1)
        .table()
}

/// Where P0's one spy ends after every way the Move now can go on.
fn spy_ends(t: &Table, out: &mut BTreeSet<u8>) {
    if t.kind() != DecisionKind::Move {
        let at = (1..=100)
            .find(|&c| t.state.spies(card(c), 0) > 0)
            .expect("the spy");
        out.insert(at);
        return;
    }
    for choice in t.choices() {
        let mut next = t.clone();
        next.act(&choice);
        spy_ends(&next, out);
    }
}

/// **PP-TV-26** (PP-8.6.2, PP-15, PP-OQ-2, PP-OQ-21): the ring is a–b–c–d–e–a (turn order,
/// each court left to right, empty courts skipped). A rank-2 Move of the spy on b ends on a or
/// c after one step, or on e, d or b itself after two. With Well-Connected one step reaches
/// a, c, e or d; with Strange Bedfellows, b and e (both Herat) are adjacent too. With a the
/// only court card, no spy can move.
#[test]
fn pp_tv_26_the_spy_ring() {
    // a = #19 (rank-2 Move), b = #61 (Herat), c = #13, d = #48, e = #62 (Herat).
    let mut t = tv26(19, 61);
    t.act("use #19 move");
    assert_eq!(t.choices(), set(&["spy-from #61"]));
    t.act("spy-from #61");
    assert_eq!(
        t.choices(),
        set(&["spy-to #19", "spy-to #13"]),
        "b's ring neighbours"
    );
    let mut ends = BTreeSet::new();
    spy_ends(&t, &mut ends);
    assert_eq!(ends, BTreeSet::from([19, 13, 62, 48, 61]));
    let mut one_step = BTreeSet::new();
    for first in ["spy-to #19", "spy-to #13"] {
        let mut next = t.clone();
        next.acts(&[first, "stop"]);
        spy_ends(&next, &mut one_step);
    }
    assert_eq!(one_step, BTreeSet::from([19, 13]));

    // Well-Connected: b = #56 Yar Mohammad Alikozai (Herat), in P0's court.
    let mut t = tv26(19, 56);
    t.acts(&["use #19 move", "spy-from #56"]);
    assert_eq!(
        t.choices(),
        set(&["spy-to #19", "spy-to #13", "spy-to #62", "spy-to #48"])
    );

    // Strange Bedfellows: a = #21 Alexander Burnes (rank-2 Move), in P0's court.
    let mut t = tv26(21, 61);
    t.acts(&["use #21 move", "spy-from #61"]);
    assert_eq!(
        t.choices(),
        set(&["spy-to #21", "spy-to #13", "spy-to #62"])
    );

    let alone = Scenario::new(3)
        .loyalty(0, British)
        .court(0, &[19])
        .spies(19, 0, 1)
        .table();
    assert!(
        !alone.offers("use #19 move"),
        "one court card in the game: no spy step"
    );
}

/// The position of PP-TV-27: DC #101 at (Top, 3), (Top, 5) and (Bottom, 5) empty, the deck
/// `deck`, the cards `used` discarded; seats 0 and 1 have 2 tribes, seat 2 one; seat 1 has
/// the most rupees.
fn tv27(deck: &[u8], used: &[u8]) -> Table {
    Scenario::new(3)
        .market("top-0", Some(9), 0)
        .market("top-1", Some(29), 0)
        .market("top-2", Some(13), 0)
        .market("top-3", Some(101), 0)
        .market("top-4", Some(48), 0)
        .market("top-5", None, 0)
        .market("bottom-0", Some(8), 0)
        .market("bottom-1", Some(10), 0)
        .market("bottom-2", Some(16), 0)
        .market("bottom-3", Some(18), 0)
        .market("bottom-4", Some(20), 0)
        .market("bottom-5", None, 0)
        .exact_market()
        .deck(deck)
        .discarded(used)
        .tribes(0, Kabul, 2)
        .tribes(1, Herat, 2)
        .tribes(2, Punjab, 1)
        .rupees(1, 5)
        .table()
}

/// **PP-TV-27** (PP-12.4, PP-12.5, PP-13.6): with DC #101 in the market, the refill puts #55
/// in (Top, 5) and DC #102 in (Bottom, 5): instability. One DC is resolved (not final:
/// #103 and #104 are in the deck), both DCs are discarded, the market slides and refills.
/// With #103 and #104 already used, that DC is final: doubled points, and the game ends.
#[test]
fn pp_tv_27_instability() {
    let mut t = tv27(&[55, 102, 22, 23, 103, 104, 31], &[]);
    t.act("end");
    assert!(t.logged("instability"));
    assert!(t.discarded(101) && t.discarded(102));
    assert_eq!(
        [0, 1, 2].map(|s| t.player(s).vp),
        [2, 2, 0],
        "floor((3 + 1) / 2) each"
    );
    let top: Vec<Option<u8>> = (0..6).map(|c| t.slot(&format!("top-{c}")).0).collect();
    let bottom: Vec<Option<u8>> = (0..6).map(|c| t.slot(&format!("bottom-{c}")).0).collect();
    assert_eq!(top, [9, 29, 13, 48, 55, 22].map(Some));
    assert_eq!(bottom, [8, 10, 16, 18, 20, 23].map(Some));
    assert_eq!(t.deck(), [103, 104, 31]);
    assert_eq!(t.state.outcome(), None);
    assert_eq!((t.state.active(), t.kind()), (1, DecisionKind::Action));

    let mut t = tv27(&[55, 102, 22, 23], &[103, 104]);
    t.act("end");
    assert!(t.logged("final Dominance Check"));
    assert_eq!(
        [0, 1, 2].map(|s| t.player(s).vp),
        [4, 4, 0],
        "floor((6 + 2) / 2) each"
    );
    let outcome = t.state.outcome().expect("the final DC ends the game");
    assert_eq!(outcome.reason, EndReason::FinalCheck);
    assert_eq!(
        outcome.winners().collect::<Vec<_>>(),
        [1],
        "more rupees breaks the tie"
    );
}

/// **PP-TV-28** (PP-12.3, PP-12.4, PP-14.3): #109 Riots in Punjab with 1 rupee at (Top, 0),
/// #20 at (Bottom, 0), #30 with 2 rupees at (Top, 1). In cleanup #109 is discarded: every
/// tribe and army in Punjab goes, and each player who lost their last Punjab tribe discards
/// their Punjab political cards (rule A); the rupee stays on (Top, 0). Then #30 slides to
/// (Top, 0) and carries 3 rupees, the top row slides one column left, (Top, 5) is refilled;
/// the bottom row does not move.
#[test]
fn pp_tv_28_an_event_leaves_column_zero_and_the_row_slides() {
    let mut t = Scenario::new(3)
        .loyalty(0, British)
        .court(0, &[26])
        .tribes(0, Punjab, 1)
        .court(1, &[25])
        .tribes(1, Punjab, 2)
        .tribes(1, Kabul, 1)
        .armies(British, Punjab, 2)
        .market("top-0", Some(109), 1)
        .market("bottom-0", Some(20), 0)
        .market("top-1", Some(30), 2)
        .table();
    let top: Vec<(Option<u8>, u16)> = (2..6).map(|c| t.slot(&format!("top-{c}"))).collect();
    let bottom: Vec<(Option<u8>, u16)> = (0..6).map(|c| t.slot(&format!("bottom-{c}"))).collect();
    let next = t.deck()[0];
    t.act("end");
    assert!(t.discarded(109));
    assert_eq!(
        (t.state.tribes(0, Punjab), t.state.tribes(1, Punjab)),
        (0, 0)
    );
    assert_eq!(t.state.armies(British, Punjab), 0);
    assert_eq!(t.state.tribes(1, Kabul), 1, "only Punjab");
    assert!(
        t.court(0).is_empty() && t.court(1).is_empty(),
        "rule A for both players"
    );
    assert!(t.discarded(26) && t.discarded(25));
    assert_eq!(t.slot("top-0"), (Some(30), 3));
    for (c, slot) in (1..5).zip(top) {
        assert_eq!(t.slot(&format!("top-{c}")), slot);
    }
    assert_eq!(t.slot("top-5").0, Some(next));
    let after: Vec<(Option<u8>, u16)> = (0..6).map(|c| t.slot(&format!("bottom-{c}"))).collect();
    assert_eq!(after, bottom);
}

/// **PP-TV-29** (PP-8.1.3, PP-8.4): the top row full, the bottom row only in columns 0–2: a
/// Gift of 6 puts a rupee on top columns 5, 4, 3 and bottom columns 2, 1, 0. With only a
/// bottom card in column 0, it gets 1 and 2 rupees go to the bank.
#[test]
fn pp_tv_29_an_action_cost_with_few_cards_in_a_row() {
    let gift = |bottom: &[u8]| {
        let mut s = Scenario::new(3).court(0, &[4]).rupees(0, 6);
        for (c, n) in [9, 29, 13, 48, 61, 62].into_iter().enumerate() {
            s = s.market(&format!("top-{c}"), Some(n), 0);
        }
        for (c, &n) in bottom.iter().enumerate() {
            s = s.market(&format!("bottom-{c}"), Some(n), 0);
        }
        let mut t = s.exact_market().table();
        t.act("use #4 gift");
        assert_eq!(
            t.choices(),
            set(&["gift gift2", "gift gift4", "gift gift6"])
        );
        t.act("gift gift6");
        assert_eq!(t.rupees(0), 0);
        let rupees =
            |row: &str| -> Vec<u16> { (0..6).map(|c| t.slot(&format!("{row}-{c}")).1).collect() };
        (rupees("top"), rupees("bottom"))
    };
    assert_eq!(
        gift(&[8, 10, 16]),
        (vec![0, 0, 0, 1, 1, 1], vec![1, 1, 1, 0, 0, 0])
    );
    assert_eq!(
        gift(&[8]),
        (vec![0, 0, 0, 1, 1, 1], vec![1, 0, 0, 0, 0, 0]),
        "2 to the bank"
    );
}

/// **PP-TV-30** (PP-7.1.3, PP-OQ-1): the bottom row holds only columns 0–1 and the deck is
/// empty. Buying (Top, 3) for 3, then (Top, 4) for 4: (Top, 0), (Top, 1), (Top, 2) get 1 each
/// time, and column 3, empty in both rows, sends its rupee to the bank (or, under
/// `purchase_empty_column = LeaveOnSlot`, leaves it on the empty (Bottom, 3)).
#[test]
fn pp_tv_30_a_purchase_over_an_empty_column() {
    let buy = |options: Options| {
        let mut s = Scenario::with(options).rupees(0, 10).deck(&[]);
        for (c, n) in [9, 29, 13, 48, 61, 62].into_iter().enumerate() {
            s = s.market(&format!("top-{c}"), Some(n), 0);
        }
        s = s
            .market("bottom-0", Some(8), 0)
            .market("bottom-1", Some(10), 0);
        let mut t = s.exact_market().table();
        t.acts(&["buy top-3", "buy top-4"]);
        assert_eq!(t.rupees(0), 3);
        assert_eq!(t.hand(0), [48, 61]);
        for c in 0..3 {
            assert_eq!(t.slot(&format!("top-{c}")).1, 2);
        }
        t
    };
    let t = buy(Options::default());
    let total: u16 = Slot::all().map(|s| t.state.market_rupees(s)).sum();
    assert_eq!(total, 6, "the seventh rupee went to the bank");
    let t = buy(Options {
        purchase_empty_column: PurchaseEmptyColumn::LeaveOnSlot,
        ..Options::default()
    });
    assert_eq!(t.slot("bottom-3"), (None, 1));
}

/// **PP-TV-31** (PP-11.2, PP-12.1): P with 1 rupee discards leveraged #14 at cleanup: P pays 1
/// and discards one card of their choice, from hand or court (the court is over its limit of
/// 3, the only way cleanup discards a court card; the shortfall discard counts towards it).
/// With 0 rupees and no other card, P pays 0 and owes nothing more.
#[test]
fn pp_tv_31_a_leverage_shortfall_costs_cards() {
    let mut t = Scenario::new(3)
        .rupees(0, 1)
        .hand(0, &[9])
        .court(0, &[14, 8, 13, 29])
        .table();
    t.act("end");
    assert_eq!(t.kind(), DecisionKind::CourtLimit);
    t.act("discard #14");
    assert_eq!(t.rupees(0), 0);
    assert_eq!((t.decider(), t.kind()), (0, DecisionKind::Leverage));
    assert_eq!(
        t.choices(),
        set(&["discard #9", "discard #8", "discard #13", "discard #29"])
    );
    let mut from_court = t.clone();
    t.act("discard #9");
    assert_eq!(
        (t.state.active(), t.kind()),
        (1, DecisionKind::Action),
        "court at its limit"
    );
    assert_eq!(t.court(0), [8, 13, 29]);
    assert!(t.hand(0).is_empty());
    from_court.act("discard #8");
    assert_eq!(from_court.state.active(), 1);
    assert_eq!(from_court.court(0), [13, 29]);
    assert_eq!(from_court.hand(0), [9]);

    let (q, p) = (0, 1);
    let mut t = Scenario::new(3)
        .court(q, &[18])
        .rupees(q, 2)
        .court(p, &[14])
        .rupees(p, 0)
        .spies(14, q, 1)
        .table();
    t.acts(&["use #18 betray", "betray #14"]);
    assert_eq!(
        (t.decider(), t.kind()),
        (q, DecisionKind::Action),
        "nothing more is owed"
    );
    assert_eq!(t.rupees(p), 0);
    assert!(t.court(p).is_empty() && t.hand(p).is_empty());
}

/// **PP-TV-32** (PP-7.3, PP-OQ-3): in PP-TV-24's cascade with a card whose icons include a spy
/// (#40 William Hay Macnaghten: British patriot of Kandahar, spy, spy, leverage), once #43 and
/// #40 are discarded no Kandahar card is in any court: both spies are skipped, the leverage
/// still pays. (Under `leverage_timing = EndOfAction` the cards stay until the action ends,
/// the spies go on them, and the leverage pays the debt.)
#[test]
fn pp_tv_32_an_icon_without_a_target_is_skipped() {
    let mut t = tv24(Options::default(), 40);
    t.act("play #40 right");
    assert_eq!(t.choices(), set(&["discard #43", "discard #40"]));
    t.acts(&["discard #43", "discard #40"]);
    assert_eq!(t.kind(), DecisionKind::Action);
    assert!(t.logged("spy icon has no Kandahar card to go on: skipped"));
    assert_eq!(t.state.cylinders_in_play(0), 0);
    assert!(t.court(0).is_empty());
    assert_eq!(t.rupees(0), 2, "the leverage icon still resolves");
    assert_eq!(t.player(0).loyalty, Some(British));

    let mut t = tv24(
        Options {
            leverage_timing: LeverageTiming::EndOfAction,
            ..Options::default()
        },
        40,
    );
    t.act("play #40 right");
    assert_eq!(t.choices(), set(&["spy #43", "spy #40"]));
    t.acts(&["spy #43", "spy #40"]);
    assert_eq!(t.kind(), DecisionKind::Action, "the leverage paid the debt");
    assert_eq!(t.rupees(0), 0);
    assert_eq!(t.court(0), [43, 40]);
    assert_eq!(t.state.tribes(0, Kandahar), 2);
}

/// **PP-TV-33** (PP-13.5, PP-13.6): the tie table, checked on [`award`]; the successful final
/// row with scores 3, 2, 2 also through play (10, then floor((6 + 2) / 2) = 4 each).
#[test]
fn pp_tv_33_ties_and_doubled_points() {
    let scores = |s: &[u16]| -> Vec<(usize, u16)> { s.iter().copied().enumerate().collect() };
    let gains = |points: &[u16], s: &[u16]| -> Vec<u16> {
        let mut gains = award(points, &scores(s));
        gains.sort();
        gains.into_iter().map(|(_, g)| g).collect()
    };
    let (unsuccessful, unsuccessful_final) = ([3, 1], [6, 2]);
    let (successful, successful_final) = ([5, 3, 1], [10, 6, 2]);
    assert_eq!(gains(&unsuccessful, &[6, 6, 6]), [1, 1, 1]);
    assert_eq!(gains(&unsuccessful_final, &[6, 6, 6]), [2, 2, 2]);
    assert_eq!(gains(&successful, &[4, 4, 4, 2]), [3, 3, 3, 0]);
    assert_eq!(gains(&successful_final, &[4, 4, 4, 2]), [6, 6, 6, 0]);
    assert_eq!(gains(&successful, &[3, 2, 2]), [5, 2, 2]);
    assert_eq!(gains(&successful_final, &[3, 2, 2]), [10, 4, 4]);
    assert_eq!(gains(&unsuccessful, &[5, 3, 3, 0]), [3, 0, 0, 0]);

    let mut t = Scenario::new(3)
        .loyalty(0, British)
        .loyalty(1, British)
        .loyalty(2, British)
        .court(0, &[19, 20])
        .court(1, &[22])
        .court(2, &[23])
        .armies(British, Transcaspia, 4)
        .discarded(&[101, 102, 103])
        .market("bottom-0", Some(104), 0)
        .table();
    assert_eq!([0, 1, 2].map(|s| t.influence(s)), [3, 2, 2]);
    t.act("buy bottom-0");
    assert_eq!([0, 1, 2].map(|s| t.player(s).vp), [10, 4, 4]);
    assert!(t.state.outcome().is_some());
}

/// **PP-TV-34** (PP-13.2, PP-14.1): British 6, Russian 4, Afghan 3 blocks: with margin 4 nobody
/// is dominant; with Conflict Fatigue (margin 2) the British are. British 6, Russian 5:
/// nobody either way. Through play: buying #109 (Conflict Fatigue), then a Dominance Check.
#[test]
fn pp_tv_34_conflict_fatigue_lowers_the_margin() {
    let blocks = |russian: u8| {
        Scenario::new(3)
            .loyalty(0, British)
            .armies(British, Kabul, 6)
            .armies(Russian, Herat, russian)
            .armies(Afghan, Punjab, 3)
    };
    let dominant = |s: Scenario| {
        let t = s.table();
        t.state.dominant_coalition(t.cards())
    };
    assert_eq!(dominant(blocks(4)), None);
    assert_eq!(dominant(blocks(4).global_event(109)), Some(British));
    assert_eq!(dominant(blocks(5)), None);
    assert_eq!(dominant(blocks(5).global_event(109)), None);

    let mut t = blocks(4)
        .vp(1, 4)
        .vp(2, 4)
        .market("bottom-0", Some(109), 0)
        .market("top-0", Some(101), 0)
        .table();
    t.act("buy bottom-0");
    assert_eq!(t.state.dominant_coalition(t.cards()), Some(British));
    t.act("buy top-0");
    assert!(t.logged("the British coalition is dominant"));
    assert_eq!(t.player(0).vp, 5);
    assert!(t.discarded(109), "the effect ends with the check");
    assert_eq!(t.state.dominant_coalition(t.cards()), None);
}
