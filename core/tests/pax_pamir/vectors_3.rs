//! PP-17.2, second part: constructed vectors PP-TV-35 to PP-TV-50.

use darbar::pax_pamir::Coalition::{British, Russian};
use darbar::pax_pamir::Region::{Herat, Kabul};
use darbar::pax_pamir::{
    Border, DecisionKind, EndReason, Error, GiftSlot, Options, Piece, Slot, Suit,
};

use crate::scenario::{Scenario, Table, card, set, with_rank};

/// **PP-TV-35** (PP-9.2, PP-14.1, PP-OQ-8): P (British) with 2 patriots, 1 prize and 2 gifts
/// has influence 6; 8 holding Koh-i-noor Recovered; 4 under Embarrassment of Riches; 4 under
/// a Rumor, 6 with Koh-i-noor. (Embarrassment of Riches and Koh-i-noor Recovered are the two
/// halves of #106, so they are never active together.) Through play: a check scores the
/// influence with Koh-i-noor.
#[test]
fn pp_tv_35_influence_and_its_modifiers() {
    let p = 0;
    let base = || {
        Scenario::new(3)
            .loyalty(p, British)
            .court(p, &[19, 20])
            .prizes(p, &[34])
            .gifts(p, &[GiftSlot::Gift2, GiftSlot::Gift4])
    };
    let influence = |s: Scenario| s.table().influence(p);
    assert_eq!(influence(base()), 6);
    assert_eq!(
        influence(base().events(p, &[106])),
        8,
        "Koh-i-noor: gifts count 2"
    );
    assert_eq!(
        influence(base().global_event(106)),
        4,
        "Embarrassment of Riches: gifts count 0"
    );
    assert_eq!(
        influence(base().events(1, &[108]).rumor(p)),
        4,
        "Rumor: patriots count 0"
    );
    assert_eq!(
        influence(base().events(p, &[106, 108]).rumor(p)),
        6,
        "Rumor and Koh-i-noor"
    );
    assert_eq!(
        influence(base().events(1, &[108]).rumor(1)),
        6,
        "a Rumor on another player"
    );

    let mut t = base()
        .vp(1, 4)
        .vp(2, 4)
        .armies(British, Kabul, 4)
        .market("bottom-0", Some(106), 0)
        .market("top-0", Some(101), 0)
        .table();
    t.act("buy bottom-0");
    assert_eq!(t.influence(p), 8);
    t.act("buy top-0");
    assert!(t.logged("P1 scores 8 and gains 5 VP"));
    assert_eq!(t.influence(p), 6, "Koh-i-noor ends after the check");
}

/// **PP-TV-36** (PP-13.8): after a check, A 12, B 8, C 7: A leads every other player by 4 or
/// more and wins at once. A 11, B 8: the game goes on.
#[test]
fn pp_tv_36_a_lead_of_four_ends_the_game() {
    let check = |a_vp: u16| {
        let mut t = Scenario::new(3)
            .vp(0, a_vp)
            .vp(1, 7)
            .vp(2, 7)
            .tribes(0, Kabul, 2)
            .tribes(1, Herat, 1)
            .market("bottom-0", Some(101), 0)
            .table();
        t.act("buy bottom-0");
        t
    };
    let t = check(9);
    assert_eq!([0, 1, 2].map(|s| t.player(s).vp), [12, 8, 7]);
    let outcome = t.state.outcome().expect("the game is over");
    assert_eq!(outcome.reason, EndReason::Lead);
    assert_eq!(outcome.winners().collect::<Vec<_>>(), [0]);
    assert!(t.decision().is_none(), "the turn stops at once");
    let t = check(8);
    assert_eq!([0, 1, 2].map(|s| t.player(s).vp), [11, 8, 7]);
    assert_eq!(t.state.outcome(), None);
    assert_eq!((t.decider(), t.kind()), (0, DecisionKind::Action));
}

/// **PP-TV-37** (PP-13.9, PP-OQ-29): after the final check A 15, B 15, C 9; military stars
/// A 3 (#16 rank 1, #33 rank 2), B 3; rupees A 4, B 6: B wins. With equal rupees they share
/// the win.
#[test]
fn pp_tv_37_tie_breakers_military_stars_then_rupees() {
    let (a, b, c) = (0, 1, 2);
    let end = |b_rupees: i16| {
        let mut t = Scenario::new(3)
            .vp(a, 13)
            .vp(b, 13)
            .vp(c, 7)
            .court(a, &[16, 33])
            .court(b, &[31, 35])
            .rupees(a, 4)
            .rupees(b, b_rupees)
            .discarded(&[101, 102, 103])
            .market("bottom-0", Some(104), 0)
            .table();
        assert_eq!(
            [a, b].map(|s| t.state.stars(t.cards(), s, Suit::Military)),
            [3, 3]
        );
        t.act("buy bottom-0");
        assert_eq!(
            [a, b, c].map(|s| t.player(s).vp),
            [15, 15, 9],
            "all tie at 0 cylinders: 8 / 3"
        );
        let outcome = t.state.outcome().expect("the final check ends the game");
        assert_eq!(outcome.reason, EndReason::FinalCheck);
        outcome.winners().collect::<Vec<_>>()
    };
    assert_eq!(end(6), [b]);
    assert_eq!(end(4), [a, b]);
}

/// The position of PP-TV-38: the briber (seat 0) plays #9 of Kabul, which the receiver
/// (seat 1) rules with 3 tribes: a full bribe of 3.
fn tv38(rupees: i16, courtly_manners: bool) -> Table {
    let mut s = Scenario::new(3)
        .rupees(0, rupees)
        .hand(0, &[9])
        .court(1, &[7])
        .tribes(1, Kabul, 3);
    if courtly_manners {
        s = s.events(0, &[107]);
    }
    let mut t = s.table();
    t.act("play #9 left");
    t
}

/// **PP-TV-38** (PP-7.2.3, PP-6.5, PP-OQ-10, PP-OQ-27): full bribe 3, the briber with 5
/// rupees: (a) pay: 5 → 2, the receiver +3; (b) ask 0, grant: free; (c) ask 1, counter 2,
/// pay: 3, the receiver +2; (d) ask 1, counter 3, withdraw: nothing happens, no action spent,
/// and a new attempt at this card offers only pay and withdraw (and decline with Courtly
/// Manners). With 2 rupees pay is not offered and ask only up to 2. A counter never exceeds
/// the full bribe.
#[test]
fn pp_tv_38_bribe_negotiation() {
    let (briber, receiver) = (0, 1);
    let t = tv38(5, false);
    assert_eq!((t.decider(), t.kind()), (briber, DecisionKind::Bribe));
    assert_eq!(
        t.choices(),
        set(&["pay", "ask 0", "ask 1", "ask 2", "withdraw"])
    );

    let mut a = t.clone();
    a.act("pay");
    assert_eq!((a.rupees(briber), a.rupees(receiver)), (2, 7));
    assert_eq!(a.court(briber), [9]);

    let mut b = t.clone();
    b.act("ask 0");
    assert_eq!(b.decider(), receiver);
    assert_eq!(
        b.choices(),
        set(&["grant", "counter 1", "counter 2", "counter 3"])
    );
    b.act("grant");
    assert_eq!((b.rupees(briber), b.rupees(receiver)), (5, 4));
    assert_eq!(b.court(briber), [9]);

    let mut c = t.clone();
    c.acts(&["ask 1"]);
    assert_eq!(c.choices(), set(&["grant", "counter 2", "counter 3"]));
    c.act("counter 2");
    assert_eq!(
        (c.decider(), c.choices()),
        (briber, set(&["pay", "withdraw"]))
    );
    c.act("pay");
    assert_eq!((c.rupees(briber), c.rupees(receiver)), (3, 6));

    let mut d = t;
    d.acts(&["ask 1", "counter 3", "withdraw"]);
    assert_eq!((d.decider(), d.kind()), (briber, DecisionKind::Action));
    assert_eq!(d.state.actions_left(), 2);
    assert_eq!(d.hand(briber), [9]);
    assert_eq!((d.rupees(briber), d.rupees(receiver)), (5, 4));
    d.act("play #9 left");
    assert_eq!(
        d.choices(),
        set(&["pay", "withdraw"]),
        "no new asking (PP-OQ-10)"
    );

    let mut courtly = tv38(5, true);
    assert_eq!(
        courtly.choices(),
        set(&["pay", "ask 0", "ask 1", "ask 2", "decline", "withdraw"])
    );
    courtly.act("withdraw");
    courtly.act("play #9 left");
    assert_eq!(courtly.choices(), set(&["pay", "decline", "withdraw"]));
    courtly.act("decline");
    assert_eq!((courtly.rupees(briber), courtly.rupees(receiver)), (5, 4));
    assert_eq!(courtly.court(briber), [9]);

    let poor = tv38(2, false);
    assert_eq!(
        poor.choices(),
        set(&["ask 0", "ask 1", "ask 2", "withdraw"])
    );
}

/// **PP-TV-39** (PP-14.1, PP-14.3, PP-7.1.3): #111 Public Withdrawal at (Top, 2). Buying
/// (Top, 4) for 4: (Top, 0) +1, (Top, 1) +1, #111's rupee to the bank, (Top, 3) +1. #111
/// cannot be bought, not even in column 0; discarded from column 0 in cleanup, it does
/// nothing.
#[test]
fn pp_tv_39_public_withdrawal() {
    let mut t = Scenario::new(3)
        .rupees(0, 4)
        .market("top-0", Some(9), 0)
        .market("top-1", Some(29), 0)
        .market("top-2", Some(111), 0)
        .market("top-3", Some(13), 0)
        .market("top-4", Some(48), 0)
        .table();
    assert!(!t.offers("buy top-2"));
    assert_eq!(t.refusal("buy top-2"), Error::PublicWithdrawal);
    t.act("buy top-4");
    assert_eq!(t.rupees(0), 0);
    let rupees: Vec<u16> = (0..4).map(|c| t.slot(&format!("top-{c}")).1).collect();
    assert_eq!(rupees, [1, 1, 0, 1]);

    let mut t = Scenario::new(3).market("top-0", Some(111), 0).table();
    assert!(!t.offers("buy top-0"), "not even in column 0");
    let before = t.clone();
    t.act("end");
    assert!(t.discarded(111));
    assert!(t.logged("#111 Public Withdrawal leaves the market"));
    assert_eq!(t.state.favored_suit(), before.state.favored_suit());
    for s in 0..3 {
        assert_eq!(t.player(s), before.player(s), "nothing happens to seat {s}");
    }
}

/// The position of PP-TV-40: P (British) rules Kabul, holds #78 Civic Improvements
/// (Infrastructure) and, with `nation_building`, #112 Nation Building.
fn tv40(rupees: i16, nation_building: bool, options: Options) -> Table {
    let mut s = Scenario::with(options)
        .loyalty(0, British)
        .rupees(0, rupees)
        .court(0, &[7, 78])
        .tribes(0, Kabul, 1);
    if nation_building {
        s = s.events(0, &[112]);
    }
    let mut t = s.table();
    t.act("use #78 build");
    t
}

/// Builds `n` armies in Kabul, then Infrastructure's free one.
fn build_armies(t: &mut Table, n: u8) {
    t.act(&format!("blocks {n}"));
    for _ in 0..n {
        assert_eq!(t.kind(), DecisionKind::BuildBlock);
        t.act("army kabul");
    }
    assert_eq!(t.kind(), DecisionKind::Infrastructure);
    assert!(!t.offers("skip"), "the free block is mandatory (PP-OQ-13)");
    t.act("army kabul");
    assert_eq!(t.kind(), DecisionKind::Action);
}

/// **PP-TV-40** (PP-8.5, PP-14.1, PP-15, PP-OQ-12, PP-OQ-13): with Nation Building and #78 and
/// 6 rupees, P builds 6 blocks for 6 and one more free (7); 5 blocks also cost 6 (+1 free).
/// With 3 rupees: 1 or 2 blocks for 2 (+1 free); 3 blocks (4 rupees) are out of reach.
/// Without Nation Building 3 blocks cost 6.
#[test]
fn pp_tv_40_nation_building_and_infrastructure() {
    let options = Options::default();
    let mut t = tv40(6, true, options);
    assert_eq!(
        t.choices(),
        set(&[
            "blocks 1", "blocks 2", "blocks 3", "blocks 4", "blocks 5", "blocks 6"
        ])
    );
    let mut five = t.clone();
    build_armies(&mut t, 6);
    assert_eq!(t.state.armies(British, Kabul), 7);
    assert_eq!(t.rupees(0), 0);
    build_armies(&mut five, 5);
    assert_eq!(five.state.armies(British, Kabul), 6);
    assert_eq!(five.rupees(0), 0);

    let mut t = tv40(3, true, options);
    assert_eq!(t.choices(), set(&["blocks 1", "blocks 2"]));
    build_armies(&mut t, 2);
    assert_eq!((t.state.armies(British, Kabul), t.rupees(0)), (3, 1));

    let mut t = tv40(6, false, options);
    assert_eq!(t.choices(), set(&["blocks 1", "blocks 2", "blocks 3"]));
    build_armies(&mut t, 3);
    assert_eq!((t.state.armies(British, Kabul), t.rupees(0)), (4, 0));

    let mut t = tv40(
        2,
        false,
        Options {
            infrastructure_optional: true,
            ..options
        },
    );
    t.acts(&["blocks 1", "army kabul"]);
    assert!(t.offers("skip"), "infrastructure_optional offers a skip");
}

/// The position of PP-TV-41: A (Russian, a rank-3 Battle card) battles in Kabul with 2
/// Russian armies, against B (British, 2 tribes), C (Russian, 1 tribe), a British and an
/// Afghan army, and roads around.
fn tv41(b_court: &[u8]) -> Table {
    // No printed rank-3 card has Battle: a fixture raises #33 Zorawar Singh Kahluria to rank 3.
    Scenario::with_cards(Options::default(), with_rank(33, 3))
        .loyalty(0, Russian)
        .loyalty(1, British)
        .loyalty(2, Russian)
        .court(0, &[33])
        .court(1, b_court)
        .armies(Russian, Kabul, 2)
        .tribes(1, Kabul, 2)
        .tribes(2, Kabul, 1)
        .armies(British, Kabul, 1)
        .armies(darbar::pax_pamir::Coalition::Afghan, Kabul, 1)
        .roads(British, Border::HeratKabul, 1)
        .roads(Russian, Border::KabulPunjab, 1)
        .roads(British, Border::PersiaHerat, 1)
        .table()
}

/// **PP-TV-41** (PP-8.8): removable for A in Kabul: B's tribes, the British army, the Afghan
/// army (nobody is Afghan), the British road on Herat–Kabul; not C's tribe (same loyalty), the
/// Russian road, nor the road on Persia–Herat. A removes up to min(3, 2) = 2. With #17
/// Citadel of Ghazni in B's court, B's Kabul tribes are not removable.
#[test]
fn pp_tv_41_what_a_battle_in_a_region_may_remove() {
    let mut t = tv41(&[]);
    t.act("use #33 battle");
    assert_eq!(t.choices(), set(&["battle kabul"]));
    t.act("battle kabul");
    let removable = [
        "remove tribe p2",
        "remove army afghan",
        "remove army british",
        "remove road british herat-kabul",
    ];
    assert_eq!(t.choices(), set(&removable));
    t.act("remove tribe p2");
    assert!(t.offers("stop"));
    t.act("remove army afghan");
    assert_eq!(
        t.kind(),
        DecisionKind::Action,
        "strength 2 limits the rank-3 battle"
    );
    assert_eq!(t.state.tribes(1, Kabul), 1);
    assert_eq!(t.state.tribes(2, Kabul), 1);

    let mut t = tv41(&[17]);
    t.acts(&["use #33 battle", "battle kabul"]);
    assert_eq!(t.choices(), set(&removable[1..]));
}

/// The position of PP-TV-42: card #13 in B's court with 2 spies of A, 1 of B, 1 of C; C holds
/// #1 Mohan Lal (Indispensable Advisors); A battles on #13 with rank 2.
fn tv42(b_court: &[u8]) -> Table {
    let mut t = Scenario::new(3)
        .court(0, &[35])
        .court(1, b_court)
        .court(2, &[1])
        .spies(13, 0, 2)
        .spies(13, 1, 1)
        .spies(13, 2, 1)
        .table();
    t.act("use #35 battle");
    assert_eq!(t.choices(), set(&["battle #13"]));
    t.act("battle #13");
    assert_eq!(t.choices(), set(&["remove spy p2"]), "C's spy is protected");
    t.act("remove spy p2");
    t
}

/// **PP-TV-42** (PP-8.8.1, PP-15, PP-OQ-5): only B's spy is removable (C has Indispensable
/// Advisors); A removes it and has nothing more to remove. If B holds #41 Charles Masson
/// (Safe House), B may put the spy on #41 instead of the supply.
#[test]
fn pp_tv_42_indispensable_advisors_and_safe_house() {
    let t = tv42(&[13]);
    assert_eq!(t.kind(), DecisionKind::Action);
    assert_eq!(t.state.spies(card(13), 1), 0);
    assert_eq!(t.state.spies(card(13), 2), 1);
    assert_eq!(t.state.cylinders_in_supply(1), 10);

    let mut t = tv42(&[13, 41]);
    assert_eq!((t.decider(), t.kind()), (1, DecisionKind::SafeHouse));
    assert_eq!(t.choices(), set(&["safe-house #41", "return-spy"]));
    let mut home = t.clone();
    t.act("safe-house #41");
    assert_eq!(t.state.spies(card(41), 1), 1);
    assert_eq!(t.kind(), DecisionKind::Action);
    home.act("return-spy");
    assert_eq!(home.state.cylinders_in_supply(1), 10);
}

/// **PP-TV-43** (PP-8.2): spies on P's card: Q 2, R 2 — no hostage; Q 2, P 3 — none; Q 3,
/// R 1, P 2 — Q holds it, bribe 3 (counters up to 3). With Civil Service Reforms (#24) in P's
/// court, no bribe.
#[test]
fn pp_tv_43_hostage_edge_cases() {
    let (p, q, r) = (0, 1, 2);
    let position = |spies: [u8; 3], court: &[u8]| {
        Scenario::new(3)
            .court(p, court)
            .spies(29, p, spies[0])
            .spies(29, q, spies[1])
            .spies(29, r, spies[2])
            .market("top-1", Some(9), 1)
            .table()
    };
    for spies in [[0, 2, 2], [3, 2, 0]] {
        let mut t = position(spies, &[29]);
        assert_eq!(t.state.hostage_holder(p, card(29)), None, "{spies:?}");
        t.act("use #29 tax");
        assert_eq!(t.kind(), DecisionKind::Tax);
    }
    let mut t = position([2, 3, 1], &[29]);
    assert_eq!(t.state.hostage_holder(p, card(29)), Some(q));
    t.act("use #29 tax");
    assert_eq!(
        t.choices(),
        set(&["pay", "ask 0", "ask 1", "ask 2", "withdraw"])
    );
    t.act("ask 0");
    assert_eq!(t.decider(), q);
    assert_eq!(
        t.choices(),
        set(&["grant", "counter 1", "counter 2", "counter 3"])
    );

    let mut t = position([2, 3, 1], &[29, 24]);
    t.act("use #29 tax");
    assert_eq!(
        t.kind(),
        DecisionKind::Tax,
        "Civil Service Reforms: no bribe"
    );
}

/// **PP-TV-44** (PP-12.1, PP-11.3): six court cards whose only political card is #7 (rank 2):
/// limit 5, so one discard. Discarding #7 drops the limit to 3: two more (3 in all).
/// Discarding another card ends the step at 5.
#[test]
fn pp_tv_44_the_court_limit_follows_the_political_stars() {
    let mut t = Scenario::new(3).court(0, &[7, 8, 13, 16, 29, 33]).table();
    assert_eq!(t.state.court_limit(t.cards(), 0), 5);
    t.act("end");
    assert_eq!(t.kind(), DecisionKind::CourtLimit);
    assert_eq!(t.choices().len(), 6);
    let mut other = t.clone();
    t.act("discard #7");
    assert_eq!(t.state.court_limit(t.cards(), 0), 3);
    assert_eq!(t.kind(), DecisionKind::CourtLimit);
    t.act("discard #8");
    assert_eq!(t.kind(), DecisionKind::CourtLimit);
    t.act("discard #13");
    assert_eq!((t.state.active(), t.kind()), (1, DecisionKind::Action));
    assert_eq!(t.court(0), [16, 29, 33]);

    other.act("discard #8");
    assert_eq!(
        (other.state.active(), other.kind()),
        (1, DecisionKind::Action)
    );
    assert_eq!(other.court(0), [7, 13, 16, 29, 33]);
}

/// **PP-TV-45** (PP-6.3, PP-7.1.2, PP-3.5): favored Political; P has #5 (Political, Build)
/// and #16 Bala Hissar (Military, Tax). P plays #2 Jan-Fishan Khan (icon favored Military):
/// Military is favored, 1 action left. #16's Tax is now a bonus action; #5's Build costs the
/// last action; market cards cost double.
#[test]
fn pp_tv_45_bonus_actions_follow_the_suit_change() {
    let p = 0;
    let mut t = Scenario::new(3)
        .rupees(p, 6)
        .court(p, &[5, 16])
        .hand(p, &[2])
        .tribes(p, Kabul, 1)
        .market("top-1", Some(9), 1)
        .table();
    assert!(t.state.is_favored(t.cards(), p, card(5)));
    assert!(!t.state.is_favored(t.cards(), p, card(16)));
    assert_eq!(
        t.state.cost(t.cards(), p, "top-3".parse::<Slot>().unwrap()),
        3
    );
    t.act("play #2 right");
    assert_eq!(t.kind(), DecisionKind::SpyTarget);
    assert_eq!(t.choices(), set(&["spy #5", "spy #16", "spy #2"]));
    t.acts(&["spy #5", "spy #16"]);
    assert_eq!(t.kind(), DecisionKind::Action);
    assert_eq!(t.state.favored_suit(), Suit::Military);
    assert_eq!(t.state.actions_left(), 1);
    assert_eq!(
        t.state.cost(t.cards(), p, "top-3".parse::<Slot>().unwrap()),
        6
    );
    assert!(t.state.is_favored(t.cards(), p, card(16)));
    t.acts(&["use #16 tax", "tax top-1"]);
    assert_eq!(t.state.actions_left(), 1, "a bonus action");
    t.act("use #5 build");
    assert_eq!(
        t.state.actions_left(),
        0,
        "no longer favored: it costs the last action"
    );
}

/// The position of PP-TV-46 at the end of Q's turn: P (seat 1) holds #43 Giljee Nobles
/// (Blackmail, Kandahar) with `spies_on_43` spies of Q; Q holds #47 (no spy), R #50 (a spy of
/// R).
fn tv46(spies_on_43: u8) -> Table {
    let (q, p, r) = (0, 1, 2);
    let mut t = Scenario::new(3)
        .court(q, &[47])
        .court(p, &[43])
        .spies(43, q, spies_on_43)
        .loyalty(r, British)
        .court(r, &[50])
        .spies(50, r, 1)
        .table();
    t.act("end");
    t
}

/// **PP-TV-46** (PP-15, PP-6.1, PP-OQ-20): at the start of P's turn Blackmail may place a spy
/// on a Kandahar court card without any spy: #47, or skip; #43 (Q's spy) and #50 (R's spy)
/// are not targets. Without a spy on #43, P could pick its own #43.
#[test]
fn pp_tv_46_blackmail_at_the_start_of_the_turn() {
    let p = 1;
    let mut t = tv46(1);
    assert_eq!((t.decider(), t.kind()), (p, DecisionKind::Blackmail));
    assert_eq!(t.choices(), set(&["spy #47", "skip"]));
    let mut skip = t.clone();
    t.act("spy #47");
    assert_eq!(t.state.spies(card(47), p), 1);
    assert_eq!((t.decider(), t.kind()), (p, DecisionKind::Action));
    skip.act("skip");
    assert_eq!((skip.decider(), skip.kind()), (p, DecisionKind::Action));

    let t = tv46(0);
    assert_eq!(t.choices(), set(&["spy #43", "spy #47", "skip"]));
}

/// **PP-TV-47** (PP-8.6.1, PP-11.3, PP-14.1, PP-OQ-15): P (British) holds Nationalism, 1 tribe
/// in Herat and #55 in court, and moves the tribe to Kabul across a British road on
/// Herat–Kabul: its last Herat tribe is gone, so #55 is discarded (rule A). Without the road
/// the step is illegal; with #51 (Indian Supplies) no road is needed.
#[test]
fn pp_tv_47_a_nationalist_tribe_moves_and_overthrows() {
    let p = 0;
    let position = |road: u8, court: &[u8]| {
        Scenario::new(3)
            .loyalty(p, British)
            .events(p, &[110])
            .tribes(p, Herat, 1)
            .court(p, court)
            .roads(British, Border::HeratKabul, road)
            .table()
    };
    let mut t = position(1, &[55]);
    t.act("use #55 move");
    assert_eq!(t.choices(), set(&["move tribe herat kabul"]));
    t.act("move tribe herat kabul");
    assert_eq!((t.state.tribes(p, Herat), t.state.tribes(p, Kabul)), (0, 1));
    assert!(t.discarded(55), "rule A");
    assert_eq!(t.kind(), DecisionKind::Action);

    let t = position(0, &[55]);
    assert!(!t.offers("use #55 move"), "no road: no step");
    let mut t = position(0, &[55, 51]);
    t.act("use #55 move");
    assert_eq!(
        t.choices(),
        set(&[
            "move tribe herat persia",
            "move tribe herat transcaspia",
            "move tribe herat kabul",
            "move tribe herat kandahar"
        ])
    );
}

/// **PP-TV-48** (PP-14.3, PP-11.4, PP-12.3): active A has 1 tribe in Herat (and #55), B 2
/// tribes (and #56, #57), with 2 British armies and a British road on Herat–Kabul. #110
/// (Riots in Herat) leaves the market in A's cleanup: the 3 tribes and 2 armies go, the road
/// stays; rule A discards A's #55, then B's #56 and #57 as one batch.
#[test]
fn pp_tv_48_riots_overthrow_players_in_turn_order() {
    let (a, b) = (0, 1);
    let mut t = Scenario::new(3)
        .court(a, &[55])
        .tribes(a, Herat, 1)
        .court(b, &[56, 57])
        .tribes(b, Herat, 2)
        .armies(British, Herat, 2)
        .roads(British, Border::HeratKabul, 1)
        .market("top-0", Some(110), 0)
        .table();
    t.act("end");
    assert_eq!((t.state.tribes(a, Herat), t.state.tribes(b, Herat)), (0, 0));
    assert_eq!(t.state.armies(British, Herat), 0);
    assert_eq!(t.state.roads(British, Border::HeratKabul), 1, "roads stay");
    assert!(t.court(a).is_empty() && t.court(b).is_empty());
    let first = t.log_index("P1 discards #55 Hazara Chiefs from the court");
    let second = t.log_index(
        "P2 discards #56 Yar Mohammad Alikozai, #57 Exiled Durrani Nobility from the court",
    );
    assert!(first < second, "the active player first");
}

/// The position of PP-TV-49: P with no cylinder in supply: 3 tribes in Kabul (one placed
/// earlier this turn), 4 spies (2 of them on Q's #13, which P holds hostage), 3 gifts; P
/// plays #7 Dost Mohammad (tribe, tribe, army, spy).
fn tv49() -> Table {
    let (p, q) = (0, 1);
    let mut t = Scenario::new(3)
        .tribes(p, Kabul, 3)
        .placed(p, Piece::Tribe(Kabul))
        .actions_left(1)
        .court(q, &[13, 29, 8])
        .spies(13, p, 2)
        .spies(13, q, 1)
        .spies(29, p, 1)
        .spies(8, p, 1)
        .gifts(p, &GiftSlot::ALL)
        .hand(p, &[7])
        .table();
    assert_eq!(t.state.cylinders_in_supply(p), 0);
    t.act("play #7 left");
    t
}

/// **PP-TV-49** (PP-1.6, PP-OQ-9): P may take any cylinder in play except one placed this
/// turn. Taking a gift lowers P's influence by 1; taking a spy may end a hostage. Once every
/// Kabul tribe has been placed this turn, none of them is offered.
#[test]
fn pp_tv_49_the_fallback_excludes_pieces_placed_this_turn() {
    let (p, q) = (0, 1);
    let t = tv49();
    assert_eq!((t.decider(), t.kind()), (p, DecisionKind::Fallback));
    let all = [
        "take tribe kabul",
        "take spy #13",
        "take spy #29",
        "take spy #8",
        "take gift gift2",
        "take gift gift4",
        "take gift gift6",
    ];
    assert_eq!(t.choices(), set(&all));

    let mut gift = t.clone();
    assert_eq!(gift.influence(p), 4);
    gift.act("take gift gift2");
    assert_eq!(gift.influence(p), 3);
    assert_eq!(gift.state.tribes(p, Kabul), 4);

    let mut spy = t.clone();
    assert_eq!(spy.state.hostage_holder(q, card(13)), Some(p));
    spy.act("take spy #13");
    assert_eq!(spy.state.hostage_holder(q, card(13)), None);

    let mut t = t;
    t.act("take tribe kabul");
    assert_eq!(
        t.choices(),
        set(&all),
        "two Kabul tribes were placed before this turn"
    );
    t.act("take tribe kabul");
    assert_eq!(t.state.tribes(p, Kabul), 3);
    assert_eq!(t.kind(), DecisionKind::SpyTarget);
    t.act("spy #7");
    assert_eq!(t.kind(), DecisionKind::Fallback);
    assert_eq!(
        t.choices(),
        set(&all[1..]),
        "every Kabul tribe was placed this turn"
    );
}

/// **PP-TV-50** (PP-7.1.2, PP-15): with #66 Baluchi Smugglers (Herat Influence), a Herat court
/// card at (Bottom, 4) costs 0, even with Military favored: no rupee is placed and no card is
/// locked. A Kabul card there costs 4 (8 with Military favored).
#[test]
fn pp_tv_50_influence_cards_make_purchases_free() {
    let p = 0;
    let bottom_4: Slot = "bottom-4".parse().unwrap();
    let position = |card: u8, favored: Suit| {
        Scenario::new(3)
            .court(p, &[66])
            .rupees(p, 0)
            .favored(favored)
            .market("bottom-4", Some(card), 0)
            .table()
    };
    let cost = |t: &Table| t.state.cost(t.cards(), p, bottom_4);
    assert_eq!(cost(&position(67, Suit::Political)), 0);
    assert_eq!(cost(&position(67, Suit::Military)), 0);
    assert_eq!(cost(&position(9, Suit::Political)), 4);
    assert_eq!(cost(&position(9, Suit::Military)), 8);

    let mut t = position(67, Suit::Military);
    t.act("buy bottom-4");
    assert_eq!(t.hand(p), [67]);
    assert_eq!(t.rupees(p), 0);
    assert!(t.paid().is_empty(), "no card is locked");
    assert_eq!(
        Slot::all().map(|s| t.state.market_rupees(s)).sum::<u16>(),
        0
    );
    assert!(t.offers("buy bottom-0") && t.offers("buy top-0"));
}
