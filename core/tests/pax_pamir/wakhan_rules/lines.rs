//! The 20 action-line types of the AI cards (WK-12): for each, a position where its condition
//! is false or no candidate exists (the line is skipped, WK-2.2) and one where it is true (its
//! candidates and selection). Each test uses an AI card that has the line on top, or under a
//! line that cannot be done in the position.
//!
//! Market costs: she pays the column (twice with Military favored, PP-7.1.2), so with `r`
//! rupees only columns 0 to `r` matter; the tests set every slot of those columns.

use darbar::pax_pamir::Coalition::{Afghan, British, Russian};
use darbar::pax_pamir::Line::{self, *};
use darbar::pax_pamir::Region::{Herat, Kabul, Punjab};
use darbar::pax_pamir::{CardAction, Icon, Suit};

use super::turn::nothing_to_buy;
use super::{ai, bought, court_card, done, her_turn, icons, lines_of, log, shows, skipped};
use crate::scenario::{Scenario, Table, card};

/// The market slots `(slot, card)`, no rupees on them.
fn market(mut scenario: Scenario, slots: &[(&str, u8)]) -> Scenario {
    for &(slot, n) in slots {
        scenario = scenario.market(slot, Some(n), 0);
    }
    scenario
}

/// Asserts that her first purchase was `n`, by an instruction line (WK-12).
#[track_caller]
fn radicalized(t: &Table, n: u8) {
    assert_eq!(bought(t).first(), Some(&n), "{}", log(t));
    let start = format!("Wakhan radicalizes: #{n} ");
    assert!(
        t.log
            .iter()
            .any(|l| l.starts_with(&start) && l.contains("(WK-12)")),
        "#{n} by WK-12\n{}",
        log(t)
    );
}

/// The suit of court card `n`.
fn suit(n: u8) -> Suit {
    court_card(n).suit
}

/// **WK-12** `Tax`: done when a Tax card can act. #61 Karakul Sheep with no rupee in the market
/// and nobody taxable: skipped; with a rupee on top-0: done.
#[test]
fn wk_12_tax_line() {
    lines_of(1, [Tax, RadicalizeMilitaryIfMilitaryFavored, Radicalize]);
    assert!(shows(61, CardAction::Tax));
    let no = her_turn(Scenario::wakhan(2).ai_deck(&[1, 2]).court(0, &[61]));
    assert!(skipped(&no, "top"), "{}", log(&no));
    let yes = her_turn(Scenario::wakhan(2).ai_deck(&[1, 2]).court(0, &[61]).market(
        "top-0",
        Some(63),
        1,
    ));
    assert!(done(&yes, "top"), "{}", log(&yes));
    assert!(yes.logged("Wakhan taxes 1 from the card on top-0 (WK-6.5"));
}

/// **WK-12** `Build`: done when a Build card can act: #17 Citadel of Ghazni, ruling nothing:
/// skipped; ruling Kabul: 2 armies for 4 rupees.
#[test]
fn wk_12_build_line() {
    lines_of(7, [Build, Move, Radicalize]);
    assert!(shows(17, CardAction::Build));
    let base = || Scenario::wakhan(2).ai_deck(&[7, 14]).court(0, &[17]);
    let no = her_turn(base());
    assert!(skipped(&no, "top"), "{}", log(&no));
    let yes = her_turn(base().tribes(0, Kabul, 1));
    assert!(done(&yes, "top"), "{}", log(&yes));
    assert!(
        yes.logged("Wakhan builds 2 Russian armies in Kabul"),
        "{}",
        log(&yes)
    );
}

/// **WK-12** `Move`: done when a Move card can act. #9 Afghan Handicrafts with a Russian army in
/// Kabul: no opponent tribe next to it, skipped; the person's tribe in Punjab: it moves there.
/// (AI12: pragmatic British first; the person is Afghan.)
#[test]
fn wk_12_move_line() {
    lines_of(12, [Move, Betray, Radicalize]);
    assert_eq!(ai(12).pragmatic_loyalty[0], British);
    assert!(shows(9, CardAction::Move));
    let base = || {
        Scenario::wakhan(2)
            .ai_deck(&[12, 2])
            .court(0, &[9])
            .armies(British, Kabul, 1)
    };
    let no = her_turn(base());
    assert!(skipped(&no, "top"), "{}", log(&no));
    let yes = her_turn(base().tribes(1, Punjab, 1));
    assert!(done(&yes, "top"), "{}", log(&yes));
    assert_eq!(yes.state.armies(British, Punjab), 1, "{}", log(&yes));
}

/// **WK-12** `Betray`: done when a Betray card can act: the person's #26 (a prize, her spy) is
/// a target, but with 1 rupee she cannot pay 2: skipped; with 2: done.
#[test]
fn wk_12_betray_line() {
    lines_of(22, [Betray, BattleCardMostSpies, Radicalize]);
    assert!(shows(16, CardAction::Betray));
    let base = |rupees| {
        Scenario::wakhan(2)
            .ai_deck(&[22, 14])
            .rupees(0, rupees)
            .court(0, &[16])
            .court(1, &[26])
            .spies(26, 0, 1)
    };
    let no = her_turn(base(1));
    assert!(skipped(&no, "top"), "{}", log(&no));
    assert!(no.court(1).contains(&26));
    let yes = her_turn(base(2));
    assert!(done(&yes, "top"), "{}", log(&yes));
    assert!(yes.player(0).prizes.contains(card(26)));
}

/// **WK-12** `Battle`: done when a Battle card can act: #59 Tajik Warband with her Russian army
/// alone in Kabul: no site, skipped; the person's tribe there: she battles.
#[test]
fn wk_12_battle_line() {
    lines_of(15, [Move, Battle, Radicalize]);
    assert!(shows(59, CardAction::Battle) && !shows(59, CardAction::Move));
    let base = || {
        Scenario::wakhan(2)
            .ai_deck(&[15, 2])
            .court(0, &[59])
            .armies(Russian, Kabul, 1)
    };
    let no = her_turn(base());
    assert!(skipped(&no, "middle"), "{}", log(&no));
    let yes = her_turn(base().tribes(1, Kabul, 1));
    assert!(done(&yes, "middle"), "{}", log(&yes));
    assert_eq!(yes.state.tribes(1, Kabul), 0, "{}", log(&yes));
}

/// **WK-12** `Radicalize`: no condition; skipped only when no card can be bought (nothing to
/// buy at 0 rupees), else the card the arrows name (WK-4.2).
#[test]
fn wk_12_radicalize_line() {
    lines_of(8, [Tax, Betray, Radicalize]);
    let no = her_turn(nothing_to_buy(Scenario::wakhan(2).ai_deck(&[8, 14])));
    assert!(skipped(&no, "bottom"), "{}", log(&no));
    let yes = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[8, 14])
            .market("top-0", Some(63), 0),
    );
    assert!(done(&yes, "bottom"), "{}", log(&yes));
    assert_eq!(bought(&yes)[0], 63);
    assert!(yes.logged("(WK-4.2)"));
}

/// **WK-12** `R:ifMilFav→top-rank Mil` (AI1 line 2, under a Tax line she cannot do): with
/// Political favored it is skipped; with Military favored (costs doubled) she buys the
/// highest-rank Military card, then the cheapest: #32 (rank 3, cost 2) over #33 (rank 2, cost
/// 0) and #98 (rank 3, cost 4).
#[test]
fn wk_12_if_military_is_favored_the_top_rank_military_card() {
    lines_of(1, [Tax, RadicalizeMilitaryIfMilitaryFavored, Radicalize]);
    let ranks = [33, 32, 98].map(|n| (suit(n), court_card(n).rank));
    assert_eq!(
        ranks,
        [
            (Suit::Military, 2),
            (Suit::Military, 3),
            (Suit::Military, 3)
        ]
    );
    let slots = [
        ("top-0", 33),
        ("bottom-0", 9),
        ("top-1", 32),
        ("bottom-1", 61),
        ("top-2", 98),
        ("bottom-2", 63),
    ];
    let no = her_turn(market(
        Scenario::wakhan(2).ai_deck(&[1, 2]).rupees(0, 4),
        &slots,
    ));
    assert!(skipped(&no, "middle"), "{}", log(&no));
    let yes = her_turn(market(
        Scenario::wakhan(2)
            .ai_deck(&[1, 2])
            .rupees(0, 4)
            .favored(Suit::Military),
        &slots,
    ));
    assert!(done(&yes, "middle"), "{}", log(&yes));
    radicalized(&yes, 32);
}

/// **WK-12** `R:ifPolFav→top-rank Eco` (AI2 line 1): skipped unless Political is favored; then
/// the top-rank Economic card, cheapest, highest number: #63 and #12 (rank 3, cost 1): #63.
#[test]
fn wk_12_if_political_is_favored_the_top_rank_economic_card() {
    lines_of(
        2,
        [
            RadicalizeEconomicIfPoliticalFavored,
            RadicalizePolitical,
            Radicalize,
        ],
    );
    assert_eq!((suit(63), court_card(63).rank), (Suit::Economic, 3));
    assert_eq!((suit(12), court_card(12).rank), (Suit::Economic, 3));
    let slots = [
        ("top-0", 9),
        ("bottom-0", 1),
        ("top-1", 63),
        ("bottom-1", 12),
        ("top-2", 61),
        ("bottom-2", 16),
    ];
    let base = || Scenario::wakhan(2).ai_deck(&[2, 3]).rupees(0, 2);
    let no = her_turn(market(base().favored(Suit::Intelligence), &slots));
    assert!(skipped(&no, "top"), "{}", log(&no));
    let yes = her_turn(market(base(), &slots));
    assert!(done(&yes, "top"), "{}", log(&yes));
    radicalized(&yes, 63);
}

/// **WK-12** `R:top-rank Pol` (AI23 line 1): no condition; skipped when no Political card can
/// be bought; else the highest rank, cheapest, highest number: of #24, #56 (rank 2, cost 1) and
/// #7 (rank 2, cost 2), #56.
#[test]
fn wk_12_the_top_rank_political_card() {
    lines_of(
        23,
        [
            RadicalizePolitical,
            RadicalizeMilitaryIfMilitaryFavored,
            Radicalize,
        ],
    );
    for n in [5, 24, 56, 7] {
        assert_eq!(suit(n), Suit::Political);
    }
    assert_eq!([5, 24, 56, 7].map(|n| court_card(n).rank), [1, 2, 2, 2]);
    let no = her_turn(market(
        Scenario::wakhan(2).ai_deck(&[23, 2]).rupees(0, 0),
        &[("top-0", 9), ("bottom-0", 61)],
    ));
    assert!(skipped(&no, "top"), "{}", log(&no));
    let yes = her_turn(market(
        Scenario::wakhan(2).ai_deck(&[23, 2]).rupees(0, 2),
        &[
            ("top-0", 5),
            ("bottom-0", 61),
            ("top-1", 24),
            ("bottom-1", 56),
            ("top-2", 7),
            ("bottom-2", 9),
        ],
    ));
    radicalized(&yes, 56);
}

/// **WK-12** `R:top-rank Int` (AI3 line 2, under a Tax line she cannot do): skipped with no
/// Intelligence card to buy; else #1 Mohan Lal (rank 3, cost 1) over #2 (rank 2) and #4
/// (rank 1), both cost 0.
#[test]
fn wk_12_the_top_rank_intelligence_card() {
    lines_of(3, [Tax, RadicalizeIntelligence, Radicalize]);
    assert_eq!([1, 2, 4].map(|n| court_card(n).rank), [3, 2, 1]);
    for n in [1, 2, 4] {
        assert_eq!(suit(n), Suit::Intelligence);
    }
    let no = her_turn(market(
        Scenario::wakhan(2).ai_deck(&[3, 2]).rupees(0, 0),
        &[("top-0", 9), ("bottom-0", 61)],
    ));
    assert!(skipped(&no, "middle"), "{}", log(&no));
    let yes = her_turn(market(
        Scenario::wakhan(2).ai_deck(&[3, 2]).rupees(0, 1),
        &[("top-0", 4), ("bottom-0", 2), ("top-1", 1), ("bottom-1", 9)],
    ));
    radicalized(&yes, 1);
}

/// The net-rupees market: top-0 #61 with nothing on it (net 0: not a candidate), bottom-0 #14
/// Money Lenders (leveraged: net 2, cost 0), top-1 #63 with 3 rupees (net 2, cost 1), bottom-1
/// the event #105 with `on_event` rupees (net `on_event` − 1).
fn net_rupees(rupees: i16, on_event: u16) -> Table {
    assert!(court_card(14).leveraged() && !court_card(63).leveraged());
    her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[4, 3])
            .rupees(0, rupees)
            .market("top-0", Some(61), 0)
            .market("bottom-0", Some(14), 0)
            .market("top-1", Some(63), 3)
            .market("bottom-1", Some(105), on_event),
    )
}

/// **WK-12** `R:if<2 rupees→most net rupees` (AI4 line 1), **WK-OQ-30**: skipped with 2 rupees;
/// with 1, the card netting the most (rupees on it + 2 if leveraged − cost, > 0), events
/// included: the event with 4 rupees (net 3); with 3 rupees on it three cards net 2 and the
/// cheapest, #14, is bought.
#[test]
fn wk_12_with_fewer_than_2_rupees_the_card_that_nets_the_most() {
    lines_of(4, [RadicalizeNetRupeesIfPoor, Build, Radicalize]);
    let no = net_rupees(2, 4);
    assert!(skipped(&no, "top"), "{}", log(&no));
    let event = net_rupees(1, 4);
    radicalized(&event, 105);
    assert!(
        event.logged("it nets 3 rupees, the most (WK-12)"),
        "{}",
        log(&event)
    );
    let tie = net_rupees(1, 3);
    radicalized(&tie, 14);
}

/// **WK-12** `R:card that makes her ruler` (AI5 line 1), **WK-OQ-41**: the cheapest card whose
/// army icons (her pragmatic British) and tribe icons would make her ruler of its region,
/// which she does not rule. She rules Punjab (#25, #26: excluded); the person rules Herat with
/// 2 tribes (#57's tribe: 1 to 2; #55's tribe and army: 2 to 2, a tie: excluded); Kabul is
/// empty: #5 (cost 1) over #7 (cost 2). With no rupee only #25 and #57 are affordable:
/// skipped.
#[test]
fn wk_12_a_card_that_makes_her_ruler() {
    lines_of(5, [RadicalizeToRule, Battle, Radicalize]);
    assert_eq!(ai(5).pragmatic_loyalty[0], British);
    for (n, region) in [
        (25, Punjab),
        (26, Punjab),
        (57, Herat),
        (55, Herat),
        (5, Kabul),
        (7, Kabul),
    ] {
        assert_eq!(court_card(n).region, region, "#{n}");
    }
    assert_eq!(icons(55, &[Icon::Tribe]), 1);
    assert_eq!(icons(55, &[Icon::Army]), 1);
    let base = |rupees| {
        Scenario::wakhan(2)
            .ai_deck(&[5, 1])
            .rupees(0, rupees)
            .tribes(0, Punjab, 1)
            .tribes(1, Herat, 2)
    };
    let slots = [
        ("top-0", 25),
        ("bottom-0", 57),
        ("top-1", 5),
        ("bottom-1", 26),
        ("top-2", 7),
        ("bottom-2", 55),
    ];
    let no = her_turn(market(base(0), &slots));
    assert!(skipped(&no, "top"), "{}", log(&no));
    let yes = her_turn(market(base(2), &slots));
    radicalized(&yes, 5);
    assert!(
        yes.logged("its icons would make her ruler of Kabul"),
        "{}",
        log(&yes)
    );
}

/// **WK-12** `R:any Int card` (AI6 line 1): skipped with no Intelligence card to buy; else the
/// cheapest, highest number: #18 over #4 (both cost 0), not the rank-3 #1 (cost 1).
#[test]
fn wk_12_any_intelligence_card() {
    lines_of(6, [RadicalizeAnyIntelligence, Move, Radicalize]);
    for n in [1, 4, 18] {
        assert_eq!(suit(n), Suit::Intelligence);
    }
    let no = her_turn(market(
        Scenario::wakhan(2).ai_deck(&[6, 2]).rupees(0, 0),
        &[("top-0", 9), ("bottom-0", 61)],
    ));
    assert!(skipped(&no, "top"), "{}", log(&no));
    let yes = her_turn(market(
        Scenario::wakhan(2).ai_deck(&[6, 2]).rupees(0, 1),
        &[
            ("top-0", 4),
            ("bottom-0", 18),
            ("top-1", 1),
            ("bottom-1", 9),
        ],
    ));
    radicalized(&yes, 18);
}

/// **WK-12** `R:most army+road icons` (AI9 line 1): skipped with no army or road icon for
/// sale; else the most such icons: #12 City of Ghazni (4, cost 2) over #63 Farah Road (3,
/// cost 0).
#[test]
fn wk_12_the_most_army_and_road_icons() {
    lines_of(
        9,
        [
            RadicalizeMostArmiesAndRoads,
            RadicalizeMostSpiesAndTribesIfNoneDominant,
            Radicalize,
        ],
    );
    let ar = |n| icons(n, &[Icon::Army, Icon::Road]);
    assert_eq!([12, 63, 9, 1, 4, 18].map(ar), [4, 3, 1, 0, 0, 0]);
    let no = her_turn(market(
        Scenario::wakhan(2).ai_deck(&[9, 2]).rupees(0, 0),
        &[("top-0", 1), ("bottom-0", 4)],
    ));
    assert!(skipped(&no, "top"), "{}", log(&no));
    let yes = her_turn(market(
        Scenario::wakhan(2).ai_deck(&[9, 2]).rupees(0, 2),
        &[
            ("top-0", 63),
            ("bottom-0", 1),
            ("top-1", 4),
            ("bottom-1", 9),
            ("top-2", 12),
            ("bottom-2", 18),
        ],
    ));
    radicalized(&yes, 12);
}

/// **WK-12** `R:ifNoDominant→most spy+tribe icons` (AI11 line 1): skipped while a coalition is
/// dominant (4 British armies, or 2 under Conflict Fatigue); else the most spy and tribe icons:
/// #7 Dost Mohammad (3, cost 2) over #24 Ranjit Singh (2, cost 0).
#[test]
fn wk_12_if_none_is_dominant_the_most_spy_and_tribe_icons() {
    lines_of(
        11,
        [
            RadicalizeMostSpiesAndTribesIfNoneDominant,
            RadicalizeMilitaryIfMilitaryFavored,
            Radicalize,
        ],
    );
    let st = |n| icons(n, &[Icon::Spy, Icon::Tribe]);
    assert_eq!([7, 24, 61, 9, 63, 67].map(st), [3, 2, 0, 0, 0, 0]);
    let slots = [
        ("top-0", 24),
        ("bottom-0", 61),
        ("top-1", 9),
        ("bottom-1", 63),
        ("top-2", 7),
        ("bottom-2", 67),
    ];
    let base = || Scenario::wakhan(2).ai_deck(&[11, 2]).rupees(0, 2);
    let no = her_turn(market(base().armies(British, Herat, 4), &slots));
    assert!(skipped(&no, "top"), "{}", log(&no));
    // WK-0.3: Conflict Fatigue counts, a lead of 2 blocks is then dominance.
    let fatigue = her_turn(market(
        base().armies(British, Herat, 2).global_event(109),
        &slots,
    ));
    assert!(skipped(&fatigue, "top"), "{}", log(&fatigue));
    let yes = her_turn(market(base().armies(British, Herat, 2), &slots));
    radicalized(&yes, 7);
}

/// **WK-12** `R:ifNoMoveCard→card with Move` (AI10 line 1): skipped while a card of her court
/// shows Move (#1); else the cheapest Move card, highest number: #67 over #63 (both cost 0).
#[test]
fn wk_12_with_no_move_card_a_card_with_move() {
    lines_of(10, [RadicalizeMoveCardIfNone, Move, Radicalize]);
    for n in [1, 63, 67, 9] {
        assert!(shows(n, CardAction::Move), "#{n}");
    }
    assert!(!shows(61, CardAction::Move));
    let slots = [
        ("top-0", 67),
        ("bottom-0", 63),
        ("top-1", 9),
        ("bottom-1", 61),
    ];
    let base = || Scenario::wakhan(2).ai_deck(&[10, 2]).rupees(0, 1);
    let no = her_turn(market(base().court(0, &[1]), &slots));
    assert!(skipped(&no, "top"), "{}", log(&no));
    let yes = her_turn(market(base(), &slots));
    radicalized(&yes, 67);
}

/// **WK-12** `R:ifDominant→matching patriot` (AI13 line 1): skipped with no dominant coalition;
/// with British dominant, the cheapest British patriot, highest number: #51 over #50 (both
/// cost 1), not the cheaper Russian patriot #69 nor #32 (cost 2).
#[test]
fn wk_12_if_dominant_a_patriot_of_that_coalition() {
    lines_of(
        13,
        [
            RadicalizeDominantPatriot,
            RadicalizeMostSpiesAndTribesIfNoneDominant,
            Radicalize,
        ],
    );
    for n in [50, 51, 32] {
        assert_eq!(court_card(n).patriot, Some(British), "#{n}");
    }
    assert_eq!(court_card(69).patriot, Some(Russian));
    let slots = [
        ("top-0", 69),
        ("bottom-0", 61),
        ("top-1", 50),
        ("bottom-1", 51),
        ("top-2", 32),
        ("bottom-2", 9),
    ];
    let base = || Scenario::wakhan(2).ai_deck(&[13, 2]).rupees(0, 2);
    let no = her_turn(market(base(), &slots));
    assert!(skipped(&no, "top"), "{}", log(&no));
    let yes = her_turn(market(base().armies(British, Herat, 4), &slots));
    radicalized(&yes, 51);
}

/// **WK-12** `R:ifCourtAtLimit→top-rank Pol` (AI17 line 1), **WK-OQ-43**: skipped with 2 court
/// cards (limit 3); with 3 non-political cards (at the limit) the top-rank Political card,
/// cheapest: #24 (rank 2, cost 0) over #7 (rank 2, cost 1) and #5 (rank 1).
#[test]
fn wk_12_with_her_court_at_its_limit_the_top_rank_political_card() {
    lines_of(17, [RadicalizePoliticalIfCourtFull, Tax, Radicalize]);
    for n in [1, 4, 39] {
        assert_ne!(suit(n), Suit::Political);
        assert!(!shows(n, CardAction::Tax));
    }
    let slots = [
        ("top-0", 5),
        ("bottom-0", 24),
        ("top-1", 7),
        ("bottom-1", 61),
    ];
    let base = || Scenario::wakhan(2).ai_deck(&[17, 2]).rupees(0, 1);
    let no = her_turn(market(base().court(0, &[1, 4]), &slots));
    assert!(skipped(&no, "top"), "{}", log(&no));
    let yes = her_turn(market(base().court(0, &[1, 4, 39]), &slots));
    radicalized(&yes, 24);
}

/// **WK-12** `R:ifFewerSpies→top-rank Int` (AI24 line 1), **WK-OQ-44**: skipped when no
/// opponent has more spies in play than she (1 each); with the person at 2, the top-rank
/// Intelligence card: #1 (rank 3).
#[test]
fn wk_12_with_fewer_spies_than_an_opponent_the_top_rank_intelligence_card() {
    lines_of(
        24,
        [
            RadicalizeIntelligenceIfFewerSpies,
            BattleCardMostSpies,
            Radicalize,
        ],
    );
    let slots = [("top-0", 4), ("bottom-0", 2), ("top-1", 1), ("bottom-1", 9)];
    let base = || {
        Scenario::wakhan(2)
            .ai_deck(&[24, 2])
            .rupees(0, 1)
            .court(1, &[61])
            .spies(61, 0, 1)
    };
    let no = her_turn(market(base().spies(61, 1, 1), &slots));
    assert!(skipped(&no, "top"), "{}", log(&no));
    let yes = her_turn(market(base().spies(61, 1, 2), &slots));
    radicalized(&yes, 1);
}

/// **WK-12** `Battle:top-prio card w/ most spies where she has a spy` (AI14 line 1): never a
/// region battle — with only a region site (her Russian army and the person's tribe in Kabul)
/// it is skipped and the plain Battle line below takes the region. With two card sites it
/// takes the one with the most spies of all players: the person's #61 (2 and 2) over #57 (1 and
/// 1), which the card priority would prefer (Political, favored); #59 (rank 2) removes both of
/// the person's spies there.
#[test]
fn wk_12_card_battle_on_the_card_with_the_most_spies() {
    lines_of(14, [BattleCardMostSpies, Battle, Radicalize]);
    assert_eq!(ai(14).pragmatic_loyalty[..2], [Afghan, Russian]);
    assert_eq!(court_card(59).rank, 2);
    assert_eq!((suit(57), suit(61)), (Suit::Political, Suit::Economic));
    let no = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[14, 2])
            .court(0, &[59])
            .armies(Russian, Kabul, 1)
            .tribes(1, Kabul, 1),
    );
    assert!(skipped(&no, "top"), "{}", log(&no));
    assert!(done(&no, "middle"), "{}", log(&no));
    assert!(no.logged("Wakhan battles in Kabul with strength 1 (WK-6.4)"));
    let yes = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[14, 2])
            .court(0, &[59])
            .court(1, &[57, 61])
            .spies(61, 0, 2)
            .spies(61, 1, 2)
            .spies(57, 0, 1)
            .spies(57, 1, 1),
    );
    assert!(done(&yes, "top"), "{}", log(&yes));
    assert!(
        yes.logged("Wakhan battles in #61 Karakul Sheep with strength 2 (WK-12)"),
        "{}",
        log(&yes)
    );
    assert_eq!(yes.state.spies(card(61), 1), 0, "{}", log(&yes));
    assert_eq!(yes.state.spies(card(57), 1), 1);
}

/// The 20 line types each have a test here: the catalogue's count (WK-12 totals).
#[test]
fn wk_12_every_line_type_is_on_some_card() {
    let all: Vec<Line> = (1..=24).flat_map(|n| ai(n).actions).collect();
    assert_eq!(all.len(), 72);
    let mut kinds: Vec<Line> = Vec::new();
    for line in all {
        if !kinds.contains(&line) {
            kinds.push(line);
        }
    }
    assert_eq!(kinds.len(), 20);
}
