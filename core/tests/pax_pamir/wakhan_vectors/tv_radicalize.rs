//! WK-TV-4 (roads, WK-5.2), WK-TV-7 (a DC in the market, WK-4.1), WK-TV-8 (the arrows'
//! fall-back, WK-4.2) and WK-TV-9 (spy placement, WK-5.1).

use darbar::pax_pamir::{AiCards, Border, Coalition, GiftSlot, Region, Suit};

use super::positions::{closed, dump, first_radicalize, line};
use crate::scenario::Scenario;

/// WK-TV-4 (WK-5.2, WK-1.5, WK-5.3): current AI9 (region order Kab, Pun, Kan, Per, Her, Tra),
/// pragmatic loyalty Russian; she plays #12 City of Ghazni (Kabul, `R R R A`). Kabul's border
/// order is Kabul–Punjab, Kabul–Kandahar, Herat–Kabul, Transcaspia–Kabul: the three roads go
/// on the first three, then a Russian army goes to Kabul.
#[test]
fn wk_tv_4_roads_follow_the_border_order_of_the_region_order() {
    use Border::*;
    // The border order comes from the card's region order (WK-1.5).
    let ai9 = AiCards::standard().card(9).expect("AI card 9");
    assert_eq!(
        ai9.border_order(Region::Kabul),
        vec![KabulPunjab, KabulKandahar, HeratKabul, TranscaspiaKabul]
    );
    // AI9's top line radicalizes the card with the most army and road icons: #12, alone in
    // the market (and free at column 0). AI9 (Rus > Bri > Afg) with the person Afghan makes
    // her Russian.
    let mut t = closed(Scenario::wakhan(2).ai_deck(&[9, 1]), &[Some(12)], &[]).table();
    t.act("end");
    assert!(
        first_radicalize(&t).contains("City of Ghazni"),
        "{}",
        dump(&t)
    );
    let russian = |b| t.state.roads(Coalition::Russian, b);
    assert_eq!(
        [
            russian(KabulPunjab),
            russian(KabulKandahar),
            russian(HeratKabul),
            russian(TranscaspiaKabul)
        ],
        [1, 1, 1, 0],
        "{}",
        dump(&t)
    );
    assert_eq!(t.state.armies(Coalition::Russian, Region::Kabul), 1);
    let first = line(
        &t,
        &["Wakhan's road 1", "border 1 of the border order (WK-5.2)"],
    );
    let second = line(
        &t,
        &["Wakhan's road 2", "border 2 of the border order (WK-5.2)"],
    );
    let third = line(
        &t,
        &["Wakhan's road 3", "border 3 of the border order (WK-5.2)"],
    );
    assert!(first < second && second < third);
}

/// WK-TV-4, second case (WK-5.2): with current AI1 (Tra, Kab, Kan, Per, Her, Pun), #81
/// Russo-Persian Trade (Persia, `R R L`) puts its roads on Persia–Transcaspia, then
/// Persia–Herat, and its leverage gives her 2 rupees (WK-5.4).
#[test]
fn wk_tv_4_roads_of_a_persian_card_under_ai1() {
    // AI1: Tax (she has no court card) and "if Military is favored" (Political is) are
    // skipped; the plain Radicalize reads the arrows and, leftwards, finds #81 alone at
    // column 0. AI1 (Rus > Afg > Bri) with the person Afghan makes her Russian.
    let mut t = closed(Scenario::wakhan(2).ai_deck(&[1, 2]), &[Some(81)], &[]).table();
    t.act("end");
    assert!(
        first_radicalize(&t).contains("Russo-Persian Trade"),
        "{}",
        dump(&t)
    );
    let russian = |b| t.state.roads(Coalition::Russian, b);
    assert_eq!(
        [
            russian(Border::PersiaTranscaspia),
            russian(Border::PersiaHerat)
        ],
        [1, 1]
    );
    line(&t, &["Wakhan's road 1", "Transcaspia", "(WK-5.2)"]);
    line(&t, &["Wakhan's road 2", "Herat", "(WK-5.2)"]);
    line(&t, &["Wakhan takes 2 rupees of leverage (WK-5.4)"]);
    assert_eq!(t.rupees(0), 6);
}

/// The positions of WK-TV-7. AI8 (Tax / Betray / Radicalize): with an empty court her first
/// action is its plain Radicalize, and with the DC in the market that is WK-4.1.
///
/// British is dominant through 4 British armies in Transcaspia. The person is British with
/// two gifts (influence 3), so the DC would give H the first place and the win, never her:
/// no Ambition (WK-2.1) takes the DC first.
fn british_dominant() -> Scenario {
    Scenario::wakhan(2)
        .ai_deck(&[8, 9])
        .loyalty(1, Coalition::British)
        .gifts(1, &[GiftSlot::Gift2, GiftSlot::Gift4])
        .armies(Coalition::British, Region::Transcaspia, 4)
}

/// WK-TV-7 (WK-4.1, a dominant coalition): British dominant, 4 rupees; purchasable #50 British
/// Regulars (British patriot) at (Top, 1), #47 Bolan Pass at (Bottom, 0), #29 Khyber Pass at
/// (Top, 0): she buys the British patriot, #50.
#[test]
fn wk_tv_7_with_a_dc_coming_she_buys_the_dominant_patriot() {
    let mut t = closed(
        british_dominant(),
        &[Some(29), Some(50), Some(101)],
        &[Some(47)],
    )
    .table();
    t.act("end");
    let pick = first_radicalize(&t);
    assert!(
        pick.contains("British Regulars") && pick.contains("patriot") && pick.contains("(WK-4.1)"),
        "{}",
        dump(&t)
    );
    assert!(t.court(0).contains(&50));
}

/// WK-TV-7 (WK-4.1, the most army and road icons, then the cheapest): without #50 and with #12
/// City of Ghazni (`R R R A`, cost 4) purchasable she buys #12 (4 icons beat #47's 3); with
/// only 3 rupees #12 is not purchasable and she buys #47 (3 icons beat #29's 2).
///
/// Military is favored so that #12 costs 4 at column 2 (PP-7.1.2); #111 Public Withdrawal
/// (never purchasable) holds (Bottom, 1), so the candidates are exactly #29, #47 and #12.
#[test]
fn wk_tv_7_with_no_patriot_for_sale_the_most_army_and_road_icons() {
    for (rupees, card, name) in [(4, 12, "City of Ghazni"), (3, 47, "Bolan Pass")] {
        let mut t = closed(
            british_dominant().favored(Suit::Military).rupees(0, rupees),
            &[Some(29), Some(101)],
            &[Some(47), Some(111), Some(12)],
        )
        .table();
        assert_eq!(
            t.state
                .cost(t.cards(), 0, "bottom-2".parse().expect("a slot")),
            4
        );
        t.act("end");
        let pick = first_radicalize(&t);
        assert!(
            pick.contains(name)
                && pick.contains("army and road icons")
                && pick.contains("(WK-4.1)"),
            "{rupees} rupees: {}",
            dump(&t)
        );
        assert!(t.court(0).contains(&card));
    }
}

/// WK-TV-7 (WK-4.1, no dominant coalition): candidates #1 Mohan Lal (`S S S`, cost 3) and #7
/// Dost Mohammad (`T T A S`, 3 spy and tribe icons, cost 0): a tie on icons, the cheapest, #7.
///
/// The other cards, #29 Khyber Pass and #63 Farah Road, have no spy or tribe icon; #111 holds
/// (Top, 1) so that #1 stays at column 3; the DC at column 5 costs more than her 4 rupees
/// (no Ambition).
#[test]
fn wk_tv_7_with_no_dominant_coalition_the_most_spy_and_tribe_icons_then_the_cheapest() {
    let mut t = closed(
        Scenario::wakhan(2).ai_deck(&[8, 9]),
        &[Some(7), Some(111), Some(29), Some(1), Some(63), Some(101)],
        &[],
    )
    .table();
    t.act("end");
    let pick = first_radicalize(&t);
    assert!(
        pick.contains("Dost Mohammad")
            && pick.contains("no coalition is dominant")
            && pick.contains("(WK-4.1)"),
        "{}",
        dump(&t)
    );
    assert!(t.court(0).contains(&7));
}

/// WK-TV-8 (WK-4.2): the arrows give (Top, 3); (Top, 3) is in `paid_cards`, (Top, 2) costs 2
/// and she has 1 rupee, (Top, 1) costs 1: she buys (Top, 1).
///
/// AI4 (if < 2 rupees… / Build / Radicalize) gives the situation: with 3 rupees the top line
/// is skipped, her Build (she rules Kandahar, first in AI4's region order) of one army costs
/// 2, paid as one rupee on the rightmost card of each row (PP-8.1.3), which puts (Top, 3) in
/// `paid_cards` and leaves her 1 rupee; then the plain Radicalize. Next AI6 (back T,B /
/// 5 0 1 2 3 4): AI4's upper red arrow reads T, its black arrow (slot 4) column 3.
#[test]
fn wk_tv_8_the_arrows_fall_back_leftwards_past_paid_and_dear_cards() {
    let s = Scenario::wakhan(2)
        .ai_deck(&[4, 6])
        .rupees(0, 3)
        .court(0, &[17])
        .tribes(0, Region::Kandahar, 1);
    let mut t = closed(s, &[Some(11), Some(9), Some(13), Some(29)], &[Some(63)]).table();
    t.act("end");
    let build = line(
        &t,
        &["Wakhan builds 1 Russian army in Kandahar", "(WK-6.2)"],
    );
    let buy = line(
        &t,
        &[
            "Wakhan radicalizes",
            "column 1",
            "Afghan Handicrafts",
            "(WK-4.2)",
        ],
    );
    assert!(build < buy, "{}", dump(&t));
    // Label T: the card goes to the left of her court (WK-4.3).
    assert_eq!(t.court(0), vec![9, 17]);
    assert_eq!(t.rupees(0), 0);
}

/// WK-TV-8, second case (WK-4.2): (Top, 1) too dear as well and (Top, 0) #111: she scans the
/// other row from the same column, (Bottom, 3), (Bottom, 2), …, and buys the first card she
/// can: with no rupee left, past the paid (Bottom, 3), that is (Bottom, 0).
///
/// As above, but she starts with 2 rupees, so the Build leaves her none; #111 sits at (Top, 1)
/// and slides to (Top, 0) in the person's cleanup (an event already in column 0 would be
/// discarded there, PP-12.3).
#[test]
fn wk_tv_8_the_arrows_fall_back_to_the_other_row() {
    let s = Scenario::wakhan(2)
        .ai_deck(&[4, 6])
        .rupees(0, 2)
        .court(0, &[17])
        .tribes(0, Region::Kandahar, 1);
    let mut t = closed(
        s,
        &[None, Some(111), Some(11), Some(9), Some(13)],
        &[Some(63), Some(29), Some(32), Some(33)],
    )
    .table();
    t.act("end");
    line(
        &t,
        &["Wakhan builds 1 Russian army in Kandahar", "(WK-6.2)"],
    );
    line(
        &t,
        &[
            "Wakhan radicalizes",
            "other row",
            "bottom row column 0",
            "Farah Road",
            "(WK-4.2)",
        ],
    );
    assert_eq!(t.court(0), vec![63, 17], "{}", dump(&t));
}

/// WK-TV-9 (WK-5.1, WK-3.2, WK-5.4): she plays #54 Herati Bandits (Herat, `S L`). Herat cards
/// in play: H's #57 (one spy of hers, none of others: she leads, so it is left out), H's #55,
/// her #61 and #54 itself (no spies). Of #55, #61 and #54, criterion 1 (an opponent's card)
/// keeps H's #55: her spy goes there. Then the leverage gives her 2 rupees.
#[test]
fn wk_tv_9_her_spy_goes_where_she_does_not_lead_on_an_opponents_card() {
    // AI6's top line radicalizes the cheapest Intelligence card: #54, alone in the market.
    let s = Scenario::wakhan(2)
        .ai_deck(&[6, 1])
        .court(1, &[57, 55])
        .court(0, &[61])
        .spies(57, 0, 1);
    let mut t = closed(s, &[Some(54)], &[]).table();
    t.act("end");
    assert!(
        first_radicalize(&t).contains("Herati Bandits"),
        "{}",
        dump(&t)
    );
    assert_eq!(
        t.state.spies(crate::scenario::card(55), 0),
        1,
        "{}",
        dump(&t)
    );
    assert_eq!(t.state.spies(crate::scenario::card(57), 0), 1);
    assert_eq!(t.state.spies(crate::scenario::card(61), 0), 0);
    assert_eq!(t.state.spies(crate::scenario::card(54), 0), 0);
    line(
        &t,
        &[
            "Wakhan's spy goes on",
            "Hazara Chiefs",
            "sieve WK-3.2 step 1: an opponent's card",
            "WK-5.1",
        ],
    );
    line(&t, &["Wakhan takes 2 rupees of leverage (WK-5.4)"]);
    assert_eq!(t.rupees(0), 6);
}
