//! WK-TV-11 (Betray, WK-6.3), WK-TV-12 (Tax, WK-6.5), WK-TV-13 (Build, WK-6.2), WK-TV-14
//! (Move, WK-6.6) and WK-TV-15 (Battle, WK-6.4). Each market is empty and so is the deck, so
//! her Radicalize lines find nothing and only the card action of the vector happens.

use darbar::pax_pamir::{Border, Coalition, Region, Suit};

use super::positions::{closed, count, dump, line};
use crate::scenario::Scenario;

/// WK-TV-11 (WK-6.3, WK-3.2): targets with a prize and her spy: H's #19 Eldred Pottinger
/// (Intelligence, British patriot, Russian prize), H's #26 Paolo Avitabile (Political, Afghan
/// prize), her own #4 Charles Stoddart (Intelligence, Afghan prize). Intelligence is favored.
/// Criterion 1 (an opponent's card) keeps #19 and #26, criterion 2 (favored) #19: she betrays
/// it and takes its Russian prize, without changing anything for her loyalty (WK-11.5).
#[test]
fn wk_tv_11_betray_picks_the_opponents_favored_card() {
    // AI22's top line is Betray. Her Betray card is #16 Bala Hissar (Military, not favored,
    // so the Betray counts). H is British, as his British patriot #19 requires. She has 3
    // rupees: after the Betray's 2, the bonus sweep cannot Gift with the favored #4.
    let s = Scenario::wakhan(2)
        .ai_deck(&[22, 1])
        .favored(Suit::Intelligence)
        .loyalty(1, Coalition::British)
        .court(1, &[19, 26])
        .court(0, &[4, 16])
        .rupees(0, 3)
        .spies(19, 0, 1)
        .spies(26, 0, 1)
        .spies(4, 0, 1);
    let mut t = closed(s, &[], &[]).table();
    t.act("end");
    line(&t, &["Wakhan acts with", "Bala Hissar", "WK-2.6"]);
    line(&t, &["Wakhan betrays", "Eldred Pottinger", "(WK-6.3)"]);
    line(
        &t,
        &["Wakhan always takes", "Eldred Pottinger", "as a prize"],
    );
    assert_eq!(
        t.player(0).prizes.iter().map(|c| c.0).collect::<Vec<_>>(),
        vec![19]
    );
    assert_eq!(t.court(1), vec![26], "{}", dump(&t));
    assert_eq!(t.court(0), vec![4, 16]);
    assert_eq!(t.rupees(0), 1);
    assert_eq!(t.state.player(0).expect("her seat").loyalty, None);
}

/// The position of WK-TV-12: three seats; she rules Kabul (one tribe) and holds #29 Khyber
/// Pass (Tax, rank 2). A (seat 2): 5 rupees, shelter 0, the Kabul card #4; B (seat 1): 5
/// rupees, shelter 4 (#8 and #11, Kabul Economic cards of rank 2). Their 5 rupees tie, so the
/// red arrow decides.
///
/// AI3 (Tax / top-rank Intelligence / Radicalize) puts Tax on top; its lower red arrow reads
/// the lower label of the next card's back: over AI2 (B,T) that is T, which prefers the
/// opponent who plays just before her, seat 2 (A); over AI1 (T,B) it is B, seat 1 (B).
fn tax(next: u8) -> crate::scenario::Table {
    let s = Scenario::wakhan(3)
        .ai_deck(&[3, next])
        .court(0, &[29])
        .tribes(0, Region::Kabul, 1)
        .court(2, &[4])
        .rupees(2, 5)
        .court(1, &[8, 11])
        .rupees(1, 5);
    closed(s, &[], &[]).table()
}

/// WK-TV-12 (WK-6.5, WK-1.6): the red arrow prefers A: she takes 2 from A.
#[test]
fn wk_tv_12_tax_tie_to_the_red_arrow_opponent_a() {
    let mut t = tax(2);
    assert_eq!(t.state.tax_shelter(t.cards(), 1), 4);
    t.act("end");
    line(&t, &["Wakhan taxes 2 from P3", "WK-6.5"]);
    assert_eq!(count(&t, &["Wakhan taxes", "WK-6.5"]), 1, "{}", dump(&t));
    assert_eq!((t.rupees(2), t.rupees(1)), (3, 5));
    assert_eq!(t.rupees(0), 6);
}

/// WK-TV-12 (WK-6.5, WK-1.6): the red arrow prefers B: 1 from B (5 − 4), then 1 from A.
#[test]
fn wk_tv_12_tax_tie_to_the_red_arrow_opponent_b_then_a() {
    let mut t = tax(1);
    t.act("end");
    let b = line(&t, &["Wakhan taxes 1 from P2", "WK-6.5"]);
    let a = line(&t, &["Wakhan taxes 1 from P3", "WK-6.5"]);
    assert!(b < a, "{}", dump(&t));
    assert_eq!((t.rupees(2), t.rupees(1)), (4, 4));
    assert_eq!(t.rupees(0), 6);
}

/// The position of WK-TV-13: current AI4 (Kan, Kab, Her, …; its top line is skipped with 5
/// rupees, its middle line is Build), she rules Herat and Kabul (a tribe each), has 5 rupees
/// and the Build card #17 Citadel of Ghazni (Military, not favored). AI4 (Rus > Afg > Bri)
/// with the person Afghan makes her Russian.
fn build() -> Scenario {
    Scenario::wakhan(2)
        .ai_deck(&[4, 1])
        .rupees(0, 5)
        .court(0, &[17])
        .tribes(0, Region::Herat, 1)
        .tribes(0, Region::Kabul, 1)
}

/// WK-TV-13 (WK-6.2): Kabul is the first region of the order she rules; u = min(3, ⌊5/2⌋) = 2:
/// 2 Russian armies in Kabul for 4 rupees.
#[test]
fn wk_tv_13_build_spends_what_she_can_in_her_first_ruled_region() {
    let mut t = closed(build(), &[], &[]).table();
    t.act("end");
    line(
        &t,
        &[
            "Wakhan builds 2 Russian armies in Kabul",
            "for 4 rupees (WK-6.2)",
        ],
    );
    assert_eq!(
        t.state.armies(Coalition::Russian, Region::Kabul),
        2,
        "{}",
        dump(&t)
    );
    assert_eq!(t.state.armies(Coalition::Russian, Region::Herat), 0);
    assert_eq!(t.rupees(0), 1);
}

/// WK-TV-13 (WK-6.2, PP-14 Nation Building): with Nation Building the same 4 rupees give 4
/// armies.
#[test]
fn wk_tv_13_build_with_nation_building_doubles_the_armies() {
    let mut t = closed(build().events(0, &[112]), &[], &[]).table();
    t.act("end");
    line(
        &t,
        &[
            "Wakhan builds 4 Russian armies in Kabul",
            "for 4 rupees (WK-6.2)",
        ],
    );
    assert_eq!(
        t.state.armies(Coalition::Russian, Region::Kabul),
        4,
        "{}",
        dump(&t)
    );
    assert_eq!(t.rupees(0), 1);
}

/// WK-TV-13 (WK-6.2, Infrastructure of #78): with Nation Building and #78 Civic Improvements
/// in her court as well, one more army: 5. (#78, leveraged, is also the Build card she acts
/// with, WK-3.2 criterion 6; the other Build card cannot act after.)
#[test]
fn wk_tv_13_build_with_nation_building_and_infrastructure() {
    let mut t = closed(build().events(0, &[112]).court(0, &[17, 78]), &[], &[]).table();
    t.act("end");
    line(&t, &["Wakhan builds 5 Russian armies in Kabul", "(WK-6.2)"]);
    assert_eq!(
        t.state.armies(Coalition::Russian, Region::Kabul),
        5,
        "{}",
        dump(&t)
    );
    assert_eq!(t.rupees(0), 1);
}

/// The position of WK-TV-14: current AI15 (Tra, Kab, Pun, Per, Her, Kan; Move on top),
/// pragmatic Russian (AI15: Rus > Bri > Afg, and the person is not Russian); her Move card
/// #13 Ghilzai Nomads (rank 2); 2 Russian armies in Kabul; H's 2 tribes in Punjab, no Russian
/// army there.
fn movement(h: Coalition) -> Scenario {
    Scenario::wakhan(2)
        .ai_deck(&[15, 1])
        .loyalty(1, h)
        .court(0, &[13])
        .armies(Coalition::Russian, Region::Kabul, 2)
        .tribes(1, Region::Punjab, 2)
}

/// WK-TV-14 (WK-6.6): step 1: origin Kabul (Transcaspia has no Russian army), destinations in
/// the region order: Transcaspia has no opponent tribe, Punjab has 2 tribes against 0 armies:
/// move. Step 2: 2 tribes against 1 army: move again. Both Russian armies end in Punjab.
#[test]
fn wk_tv_14_move_toward_the_opponents_tribes() {
    let mut t = closed(movement(Coalition::Afghan), &[], &[]).table();
    t.act("end");
    assert_eq!(
        count(
            &t,
            &[
                "Wakhan moves toward the opponents' tribes in Punjab",
                "from Kabul",
                "(WK-6.6)"
            ]
        ),
        2,
        "{}",
        dump(&t)
    );
    assert_eq!(t.state.armies(Coalition::Russian, Region::Punjab), 2);
    assert_eq!(t.state.armies(Coalition::Russian, Region::Kabul), 0);
}

/// WK-TV-14, variant (WK-6.6: she never loses a ruler token by moving): Kabul also holds one
/// tribe of hers, one of H's and a British army (H is British): she rules Kabul, 1 + 2 = 3
/// against H's 2. Moving either Russian army would make it 2–2; no other region has a Russian
/// army, so the Move is not executable and the line is skipped.
#[test]
fn wk_tv_14_move_never_costs_her_a_ruler_token() {
    let s = movement(Coalition::British)
        .tribes(0, Region::Kabul, 1)
        .tribes(1, Region::Kabul, 1)
        .armies(Coalition::British, Region::Kabul, 1);
    let mut t = closed(s, &[], &[]).table();
    assert_eq!(t.state.ruler(Region::Kabul), Some(0));
    assert_eq!(
        (
            t.state.ruling_pieces(0, Region::Kabul),
            t.state.ruling_pieces(1, Region::Kabul)
        ),
        (3, 2)
    );
    t.act("end");
    line(
        &t,
        &["Wakhan's top line, Move, cannot be done now: skipped (WK-2.2)"],
    );
    assert_eq!(
        t.state.armies(Coalition::Russian, Region::Kabul),
        2,
        "{}",
        dump(&t)
    );
    assert_eq!(t.state.armies(Coalition::Russian, Region::Punjab), 0);
    assert_eq!(t.state.ruler(Region::Kabul), Some(0));
}

/// WK-TV-15 (WK-6.4): current AI14 (Kab, Tra, Per, …), pragmatic Afghan (AI14: Afg > Rus >
/// Bri; H is Russian). Kabul: 2 Afghan armies, and a British road on a Kabul border, but
/// nobody is British, so there is nothing she battles there: skipped. Transcaspia: 1 Afghan
/// army and H's tribe: she battles there and removes the tribe.
#[test]
fn wk_tv_15_battle_in_the_first_region_with_an_opponents_piece() {
    // AI14's top line (battle on a card with the most spies) finds no card with spies; its
    // middle line is the plain Battle. Her Battle card is #38 Akali Sikhs (rank 2): the
    // strength of 1 limits the removal to one piece.
    let s = Scenario::wakhan(2)
        .ai_deck(&[14, 1])
        .loyalty(1, Coalition::Russian)
        .court(0, &[38])
        .armies(Coalition::Afghan, Region::Kabul, 2)
        .roads(Coalition::British, Border::KabulPunjab, 1)
        .armies(Coalition::Afghan, Region::Transcaspia, 1)
        .tribes(1, Region::Transcaspia, 1);
    let mut t = closed(s, &[], &[]).table();
    t.act("end");
    line(
        &t,
        &["Wakhan battles in Transcaspia with strength 1 (WK-6.4)"],
    );
    assert_eq!(t.state.tribes(1, Region::Transcaspia), 0, "{}", dump(&t));
    assert_eq!(t.state.roads(Coalition::British, Border::KabulPunjab), 1);
    assert_eq!(t.state.armies(Coalition::Afghan, Region::Kabul), 2);
    assert_eq!(t.state.armies(Coalition::Afghan, Region::Transcaspia), 1);
}
