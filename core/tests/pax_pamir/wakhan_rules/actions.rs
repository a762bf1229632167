//! Her card actions (WK-6): Gift, Build, Betray, Battle, Tax and Move, and the people's
//! battles against her tribes (WK-7.6).

use darbar::pax_pamir::Border::{HeratKabul, KabulPunjab};
use darbar::pax_pamir::Coalition::{Afghan, British, Russian};
use darbar::pax_pamir::Line::{Battle, BattleCardMostSpies, Betray, Build, Move, Radicalize, Tax};
use darbar::pax_pamir::Region::{Herat, Kabul, Kandahar, Punjab, Transcaspia};
use darbar::pax_pamir::{
    CardAction, DecisionKind, GiftSlot, Label, MoveTargetCount, Options, Suit,
};

use super::{
    ai, bought, court_card, done, has_line, her_turn, line_with, lines_of, log, reading, shows,
    skipped,
};
use crate::scenario::{Scenario, Table, card};

/// Two free Radicalizes: AI8 (Tax / Betray / Radicalize) over AI14 (top-0, then bottom-0),
/// buying #39 William Moorcroft and #88 Arthur Conolly for 0 (Intelligence cards showing
/// neither Tax nor Betray).
fn two_free_buys(scenario: Scenario) -> Scenario {
    lines_of(8, [Tax, Betray, Radicalize]);
    assert_eq!(reading(8, 14), (Label::T, 0));
    for n in [39, 88] {
        assert_eq!(court_card(n).suit, Suit::Intelligence);
        assert!(!shows(n, CardAction::Tax) && !shows(n, CardAction::Betray));
    }
    scenario
        .ai_deck(&[8, 14])
        .market("top-0", Some(39), 0)
        .market("bottom-0", Some(88), 0)
}

/// **WK-6.1**, **WK-2.3**: no AI card has a Gift line; a favored Gift card gifts in the bonus
/// sweep, buying the cheapest empty gift slot she can pay. #12 City of Ghazni (Economic, Gift
/// only) with Economic favored and the 2-rupee slot taken: with 7 rupees she buys the 4-rupee
/// slot (not the 6); with 3 she cannot pay it and gifts nothing.
#[test]
fn wk_6_1_gift_buys_the_cheapest_empty_slot_she_can_pay() {
    assert_eq!(court_card(12).actions, vec![CardAction::Gift]);
    assert_eq!(court_card(12).suit, Suit::Economic);
    let position = |rupees: i16| {
        her_turn(two_free_buys(
            Scenario::wakhan(2)
                .favored(Suit::Economic)
                .rupees(0, rupees)
                .court(0, &[12])
                .gifts(0, &[GiftSlot::Gift2]),
        ))
    };
    let rich = position(7);
    assert_eq!(bought(&rich), vec![39, 88], "{}", log(&rich));
    assert!(rich.state.gift(0, GiftSlot::Gift4), "{}", log(&rich));
    assert!(!rich.state.gift(0, GiftSlot::Gift6));
    assert_eq!(rich.rupees(0), 7 - 4);
    assert!(rich.logged("Wakhan buys her cheapest empty gift slot, gift4 (WK-6.1)"));
    let poor = position(3);
    assert!(!poor.state.gift(0, GiftSlot::Gift4), "{}", log(&poor));
    assert!(!poor.logged("(WK-6.1)"));
    assert_eq!(poor.rupees(0), 3);
}

/// The Build position: AI19 (Build / Move / Radicalize; region order Kandahar, Herat, Punjab,
/// Transcaspia, Kabul, Persia; pragmatic Russian against an Afghan person), #17 Citadel of
/// Ghazni (Build) in her court, what she radicalizes after places no block.
fn build(rupees: i16, ruled: bool) -> Table {
    lines_of(19, [Build, Move, Radicalize]);
    assert_eq!(ai(19).region_order[..3], [Kandahar, Herat, Punjab]);
    assert_eq!(ai(19).pragmatic_loyalty[0], Russian);
    assert!(shows(17, CardAction::Build) && !shows(17, CardAction::Move));
    assert_eq!(reading(19, 5), (Label::T, 0));
    let mut s = Scenario::wakhan(2)
        .ai_deck(&[19, 5])
        .rupees(0, rupees)
        .court(0, &[17])
        .market("top-0", Some(1), 0)
        .market("bottom-0", Some(4), 0);
    if ruled {
        s = s.tribes(0, Kabul, 1).tribes(0, Punjab, 1);
    }
    her_turn(s)
}

/// **WK-6.2**, **WK-5.3**: she builds in the leftmost region of the region order she rules
/// (Punjab before Kabul), armies only, of her pragmatic loyalty, as many as she can pay up to
/// three: 7 rupees buy 3 armies for 6.
#[test]
fn wk_6_2_build_spends_as_much_as_she_can_up_to_three_armies() {
    let t = build(7, true);
    assert!(done(&t, "top"), "{}", log(&t));
    assert_eq!(t.state.armies(Russian, Punjab), 3, "{}", log(&t));
    assert_eq!(t.state.armies(Russian, Kabul), 0);
    assert_eq!(t.state.roads(Russian, KabulPunjab), 0);
    assert_eq!(t.rupees(0), 1);
    assert!(
        t.logged("Wakhan builds 3 Russian armies in Punjab, the first region of the region order she rules, for 6 rupees (WK-6.2)"),
        "{}",
        log(&t)
    );
}

/// **WK-6.2**, **WK-12**: ruling no region, the Build line cannot be done: skipped.
#[test]
fn wk_6_2_build_needs_a_region_she_rules() {
    let t = build(7, false);
    assert!(skipped(&t, "top"), "{}", log(&t));
    assert_eq!(t.state.blocks_on_map(Russian), 0);
}

/// **WK-6.3**: a target may be in her own court. Her only card with a prize and her spy is
/// her own #4 Charles Stoddart (Afghan prize): AI22's Betray (with #16 Bala Hissar) pays 2,
/// discards it and takes it as a prize.
#[test]
fn wk_6_3_betray_may_target_her_own_card() {
    lines_of(22, [Betray, BattleCardMostSpies, Radicalize]);
    assert!(shows(16, CardAction::Betray));
    assert_eq!(court_card(4).prize, Some(Afghan));
    assert_eq!(court_card(16).prize, None);
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[22, 14])
            .rupees(0, 2)
            .court(0, &[16, 4])
            .spies(4, 0, 1),
    );
    assert!(
        t.logged("Wakhan betrays #4 Charles Stoddart"),
        "{}",
        log(&t)
    );
    assert!(t.logged("(WK-6.3)"));
    assert!(!t.court(0).contains(&4));
    assert!(t.player(0).prizes.contains(card(4)), "{}", log(&t));
}

/// **WK-6.3**, **WK-11.5**: she always takes the prize, of any coalition, and nothing else
/// changes: her Russian patriot, her British prize and her gift stay (a person would change
/// loyalty and lose them, PP-8.7). The target is the person's #26 Paolo Avitabile (Afghan
/// prize).
#[test]
fn wk_6_3_a_prize_of_any_coalition_is_kept_with_nothing_lost() {
    assert_eq!(court_card(26).prize, Some(Afghan));
    assert_eq!(court_card(69).patriot, Some(Russian));
    assert_eq!(court_card(57).prize, Some(British));
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[22, 14])
            .rupees(0, 2)
            .court(0, &[16, 69])
            .prizes(0, &[57])
            .gifts(0, &[GiftSlot::Gift2])
            .court(1, &[26])
            .spies(26, 0, 1),
    );
    assert!(
        t.logged("Wakhan betrays #26 Paolo Avitabile"),
        "{}",
        log(&t)
    );
    assert!(t.logged("whatever its coalition (WK-6.3, WK-11.5)"));
    assert!(t.court(0).contains(&69));
    let prizes = &t.player(0).prizes;
    assert!(
        prizes.contains(card(26)) && prizes.contains(card(57)),
        "{}",
        log(&t)
    );
    assert!(t.state.gift(0, GiftSlot::Gift2));
    assert_eq!(t.player(0).loyalty, None);
}

/// **WK-6.4** step 3: when no region qualifies (her 2 Russian armies in Kabul face nobody) she
/// battles on the highest-priority card where she has a spy and an opponent a removable one,
/// removing min(rank, her spies, theirs): #59 Tajik Warband (rank 2) removes both of the
/// person's spies on the person's #61. AI15 is Move / Battle / Radicalize, pragmatic Russian.
#[test]
fn wk_6_4_battle_on_a_card_when_no_region_qualifies() {
    lines_of(15, [Move, Battle, Radicalize]);
    assert_eq!(ai(15).pragmatic_loyalty[0], Russian);
    assert_eq!(court_card(59).rank, 2);
    assert!(shows(59, CardAction::Battle) && !shows(59, CardAction::Move));
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[15, 2])
            .court(0, &[59])
            .armies(Russian, Kabul, 2)
            .court(1, &[61])
            .spies(61, 0, 2)
            .spies(61, 1, 2)
            .market("top-0", Some(18), 0)
            .market("bottom-0", Some(4), 0),
    );
    assert!(
        t.logged("Wakhan battles in #61 Karakul Sheep with strength 2 (WK-6.4)"),
        "{}",
        log(&t)
    );
    assert_eq!(t.state.spies(card(61), 1), 0, "{}", log(&t));
    assert_eq!(t.state.spies(card(61), 0), 2);
    assert_eq!(t.state.armies(Russian, Kabul), 2);
}

/// **WK-6.4** steps 1–2: the first region of the order where she has strength and an opponent
/// a piece she takes. Transcaspia (1 Russian army, 1 British army, nobody British) has no such
/// piece; in Kabul she removes the person's tribe, then the Afghan road (the person's
/// coalition), min(rank 2, strength 2, 2 pieces): never the British army (no opponent is
/// British) nor her own Russian road.
#[test]
fn wk_6_4_battle_never_takes_her_pragmatic_blocks_or_unallied_ones() {
    assert_eq!(ai(15).region_order[..2], [Transcaspia, Kabul]);
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[15, 2])
            .court(0, &[59])
            .armies(Russian, Transcaspia, 1)
            .armies(British, Transcaspia, 1)
            .armies(Russian, Kabul, 2)
            .tribes(1, Kabul, 1)
            .armies(British, Kabul, 1)
            .roads(Russian, HeratKabul, 1)
            .roads(Afghan, KabulPunjab, 1)
            .market("top-0", Some(18), 0)
            .market("bottom-0", Some(4), 0),
    );
    assert!(
        t.logged("Wakhan battles in Kabul with strength 2 (WK-6.4)"),
        "{}",
        log(&t)
    );
    assert_eq!(t.state.tribes(1, Kabul), 0, "{}", log(&t));
    assert_eq!(t.state.roads(Afghan, KabulPunjab), 0, "{}", log(&t));
    assert_eq!(t.state.armies(British, Kabul), 1);
    assert_eq!(t.state.armies(British, Transcaspia), 1);
    assert_eq!(t.state.roads(Russian, HeratKabul), 1);
    assert_eq!(t.state.armies(Russian, Kabul), 2);
    let tribe = line_with(&t, &["removes a tribe"]);
    let road = line_with(&t, &["removes an Afghan road"]);
    assert!(tribe < road, "tribes before roads\n{}", log(&t));
}

/// The Tax position: AI8, #61 Karakul Sheep (Herat, rank 2) in her court, she rules Herat;
/// the person holds #57 (Herat) and `theirs` rupees; the market has rupees on column 0.
fn tax(theirs: i16, top_up: bool, next: u8) -> Table {
    lines_of(8, [Tax, Betray, Radicalize]);
    assert_eq!((court_card(61).region, court_card(61).rank), (Herat, 2));
    assert_eq!(court_card(57).region, Herat);
    assert_ne!(court_card(57).suit, Suit::Economic, "no tax shelter");
    her_turn(
        Scenario::wakhan_with(Options {
            players: 2,
            wakhan_tax_top_up: top_up,
            ..Options::default()
        })
        .ai_deck(&[8, next])
        .court(0, &[61])
        .tribes(0, Herat, 1)
        .court(1, &[57])
        .rupees(1, theirs)
        .market("top-0", Some(63), 3)
        .market("bottom-0", Some(64), 3),
    )
}

/// **WK-6.5** step 2: while a player is taxable she takes only from players, even if they give
/// fewer than her rank: 1 rupee from the person, none from the market.
/// `config: wakhan_tax_top_up = true` tops the take up from the market (column 0, the red
/// arrow's row first: T, top-0).
#[test]
fn wk_6_5_the_market_only_when_no_player_is_taxable_or_with_top_up() {
    assert_eq!(reading(8, 14).0, Label::T);
    let t = tax(1, false, 14);
    assert_eq!(t.rupees(1), 0, "{}", log(&t));
    assert!(t.logged("Wakhan taxes 1 from P2 (WK-6.5"), "{}", log(&t));
    assert!(
        !has_line(&t, &["Wakhan taxes", "from the card on"]),
        "{}",
        log(&t)
    );
    let up = tax(1, true, 14);
    assert_eq!(up.rupees(1), 0, "{}", log(&up));
    let player = line_with(&up, &["Wakhan taxes 1 from P2 (WK-6.5"]);
    let market = line_with(&up, &["Wakhan taxes 1 from the card on top-0 (WK-6.5"]);
    assert!(player < market, "{}", log(&up));
}

/// **WK-6.5** step 2: with no player taxable she taxes the market from column 0, the red
/// arrow's row first, emptying a slot before going on. top-0 1 rupee, bottom-0 2, top-1 5:
/// label B takes both from bottom-0; label T takes top-0's 1, then 1 from bottom-0 — never
/// from top-1, which has the most.
#[test]
fn wk_6_5_the_market_from_column_0_the_red_arrows_row_first() {
    lines_of(8, [Tax, Betray, Radicalize]);
    assert_eq!(reading(8, 1).0, Label::B);
    assert_eq!(reading(8, 14).0, Label::T);
    let position = |next: u8| {
        her_turn(
            Scenario::wakhan(2)
                .ai_deck(&[8, next])
                .court(0, &[61])
                .market("top-0", Some(63), 1)
                .market("bottom-0", Some(64), 2)
                .market("top-1", Some(67), 5),
        )
    };
    let b = position(1);
    assert!(
        b.logged("Wakhan taxes 2 from the card on bottom-0 (WK-6.5"),
        "{}",
        log(&b)
    );
    assert!(
        !has_line(&b, &["Wakhan taxes", "from the card on top-"]),
        "{}",
        log(&b)
    );
    let t = position(14);
    let top = line_with(&t, &["Wakhan taxes 1 from the card on top-0 (WK-6.5"]);
    let bottom = line_with(&t, &["Wakhan taxes 1 from the card on bottom-0 (WK-6.5"]);
    assert!(top < bottom, "{}", log(&t));
    assert!(!has_line(&t, &["Wakhan taxes", "top-1"]), "{}", log(&t));
}

/// The Move position: AI12 (Move / Betray / Radicalize; order Kandahar, Herat, …; pragmatic
/// British against an Afghan person), #9 Afghan Handicrafts (Move, rank 1). A British army in
/// Herat; in Kandahar one tribe of hers, one of the person's and one British army.
fn move_position(count: MoveTargetCount) -> Table {
    lines_of(12, [Move, Betray, Radicalize]);
    assert_eq!(ai(12).region_order[..2], [Kandahar, Herat]);
    assert_eq!(ai(12).pragmatic_loyalty[0], British);
    assert_eq!(court_card(9).rank, 1);
    assert!(shows(9, CardAction::Move));
    her_turn(
        Scenario::wakhan_with(Options {
            players: 2,
            wakhan_move_target_count: count,
            ..Options::default()
        })
        .ai_deck(&[12, 2])
        .court(0, &[9])
        .armies(British, Herat, 1)
        .tribes(0, Kandahar, 1)
        .tribes(1, Kandahar, 1)
        .armies(British, Kandahar, 1),
    )
}

/// **WK-6.6**: she moves a pragmatic army, without a road, toward a region where an opponent
/// has a tribe and the tribes outnumber her armies. Every tribe counts (default): 2 tribes > 1
/// army, so the Herat army moves to Kandahar (the Kandahar army may not leave: she would lose
/// the rule there). `config: wakhan_move_target_count = OpponentTribes` counts the person's
/// tribe only: 1 is not more than 1, the Move cannot be done.
#[test]
fn wk_6_6_move_counts_all_tribes_or_only_the_opponents() {
    let all = move_position(MoveTargetCount::AllTribes);
    assert!(done(&all, "top"), "{}", log(&all));
    assert_eq!(
        (
            all.state.armies(British, Kandahar),
            all.state.armies(British, Herat)
        ),
        (2, 0),
        "{}",
        log(&all)
    );
    assert!(all.logged("(WK-6.6)"));
    let theirs = move_position(MoveTargetCount::OpponentTribes);
    assert!(skipped(&theirs, "top"), "{}", log(&theirs));
    assert_eq!(
        (
            theirs.state.armies(British, Kandahar),
            theirs.state.armies(British, Herat)
        ),
        (1, 1)
    );
}

/// **WK-7.6**, **PP-8.8**: she shares no loyalty for battle: an Afghan person battling in
/// Kabul may remove her tribe, although she is loyal to all coalitions for scoring.
#[test]
fn wk_7_6_a_person_removes_her_tribes_in_battle() {
    assert!(shows(6, CardAction::Battle));
    assert_eq!(court_card(6).patriot, Some(Afghan));
    let mut t = Scenario::wakhan(2)
        .court(1, &[6])
        .armies(Afghan, Kabul, 1)
        .tribes(0, Kabul, 1)
        .table();
    assert_eq!(t.decision(), Some((1, DecisionKind::Action)));
    t.act("use #6 battle");
    if t.offers("battle kabul") {
        t.act("battle kabul");
    }
    assert!(t.offers("remove tribe p1"), "{:?}", t.choices());
    t.act("remove tribe p1");
    assert_eq!(t.state.tribes(0, Kabul), 0, "{}", log(&t));
}

/// **WK-6.3**, **PP-15**: a political card whose owner has Bodyguards is no target. The
/// person's #26 (political, a prize, her spy) is protected by their #15 Durrani Royal Guard:
/// no target, the Betray line is skipped.
#[test]
fn wk_6_3_bodyguards_protect_political_cards() {
    lines_of(22, [Betray, BattleCardMostSpies, Radicalize]);
    assert_eq!(
        court_card(15).special_ability,
        Some(darbar::pax_pamir::Ability::Bodyguards)
    );
    assert_eq!(court_card(26).suit, Suit::Political);
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[22, 14])
            .rupees(0, 2)
            .court(0, &[16])
            .court(1, &[15, 26])
            .spies(26, 0, 1),
    );
    assert!(skipped(&t, "top"), "{}", log(&t));
    assert!(t.court(1).contains(&26));
}

/// **WK-6.4** step 1, **PP-15**: tribes under a Citadel are not removable, so a region where
/// they are the only opponent pieces is no battle site: the person's tribe in Kabul with their
/// #17 Citadel of Ghazni, her Russian army there: the Battle line is skipped.
#[test]
fn wk_6_4_a_citadel_keeps_the_region_out_of_her_battles() {
    lines_of(15, [Move, Battle, Radicalize]);
    assert_eq!(
        court_card(17).special_ability,
        Some(darbar::pax_pamir::Ability::Citadel)
    );
    assert_eq!(court_card(17).region, Kabul);
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[15, 2])
            .court(0, &[59])
            .armies(Russian, Kabul, 1)
            .court(1, &[17])
            .tribes(1, Kabul, 1),
    );
    assert!(skipped(&t, "middle"), "{}", log(&t));
    assert_eq!(t.state.tribes(1, Kabul), 1);
}

/// **WK-6.4** step 2, **WK-1.6**: within a kind she takes the red arrow's opponent's pieces
/// first. Both people have a tribe in Kabul; her strength is 1: label T (AI15 over AI2) takes
/// seat 2's (who plays just before her), label B (over AI3) seat 1's.
#[test]
fn wk_6_4_the_red_arrows_opponent_loses_pieces_first() {
    assert_eq!(reading(15, 2).0, Label::T);
    assert_eq!(reading(15, 3).0, Label::B);
    let position = |next: u8| {
        her_turn(
            Scenario::wakhan(3)
                .ai_deck(&[15, next])
                .court(0, &[59])
                .armies(Russian, Kabul, 1)
                .tribes(1, Kabul, 1)
                .tribes(2, Kabul, 1),
        )
    };
    let t = position(2);
    assert!(
        t.logged("Wakhan battles in Kabul with strength 1 (WK-6.4)"),
        "{}",
        log(&t)
    );
    assert_eq!(
        (t.state.tribes(1, Kabul), t.state.tribes(2, Kabul)),
        (1, 0),
        "{}",
        log(&t)
    );
    let b = position(3);
    assert_eq!(
        (b.state.tribes(1, Kabul), b.state.tribes(2, Kabul)),
        (0, 1),
        "{}",
        log(&b)
    );
}

/// **WK-6.5** step 1: taxable opponents go by their rupees, not by what can be taxed. Seat 1
/// has 5 rupees and a shelter of 4 (#63, #9: 4 economic stars), seat 2 3 rupees and none:
/// the rank-2 Tax takes 1 from seat 1, then 1 from seat 2.
#[test]
fn wk_6_5_players_by_most_rupees_not_most_taxable() {
    assert_eq!(court_card(63).rank + court_card(9).rank, 4);
    for n in [63, 9] {
        assert_eq!(court_card(n).suit, Suit::Economic);
    }
    for n in [57, 56, 63] {
        assert_eq!(court_card(n).region, Herat);
    }
    let t = her_turn(
        Scenario::wakhan(3)
            .ai_deck(&[8, 14])
            .court(0, &[61])
            .tribes(0, Herat, 1)
            .court(1, &[57, 63, 9])
            .rupees(1, 5)
            .court(2, &[56])
            .rupees(2, 3),
    );
    assert_eq!((t.rupees(1), t.rupees(2)), (4, 2), "{}", log(&t));
    let first = line_with(&t, &["Wakhan taxes 1 from P2 (WK-6.5"]);
    let second = line_with(&t, &["Wakhan taxes 1 from P3 (WK-6.5"]);
    assert!(first < second);
}

/// **WK-6.4** step 1, **PP-14.1**: with Nationalism her tribes count in her strength: two
/// tribes of hers and none of her armies in Kabul, the person's tribe there — she battles with
/// strength 2; without Nationalism she has no strength and the Battle line is skipped.
#[test]
fn wk_6_4_nationalism_adds_her_tribes_to_her_strength() {
    assert_eq!(
        super::cards().event(card(110)).map(|e| e.purchased),
        Some(darbar::pax_pamir::EventEffect::Nationalism)
    );
    let base = || {
        Scenario::wakhan(2)
            .ai_deck(&[15, 2])
            .court(0, &[59])
            .tribes(0, Kabul, 2)
            .tribes(1, Kabul, 1)
            .market("top-0", Some(18), 0)
            .market("bottom-0", Some(4), 0)
    };
    let with = her_turn(base().events(0, &[110]));
    assert!(
        with.logged("Wakhan battles in Kabul with strength 2 (WK-6.4)"),
        "{}",
        log(&with)
    );
    assert_eq!(with.state.tribes(1, Kabul), 0);
    let without = her_turn(base());
    assert!(skipped(&without, "middle"), "{}", log(&without));
    assert_eq!(without.state.tribes(1, Kabul), 1);
}
