//! WK-TV-5 (Ambition, WK-2.1) and WK-TV-6 (the action loop with a bonus action, WK-2.2).

use darbar::pax_pamir::{EndReason, GiftSlot, Region, Suit};

use super::positions::{closed, count, dump, find, line, rows};
use crate::scenario::{Scenario, Table};

const ALL_GIFTS: [GiftSlot; 3] = [GiftSlot::Gift2, GiftSlot::Gift4, GiftSlot::Gift6];

/// The position of WK-TV-5: one person H, the Dominance Check #101 at (Top, 2) (cost 2),
/// Wakhan with 3 rupees, no block on the map (no dominant coalition). Every other market card
/// has neither spy nor tribe icons nor a favored-suit icon, so nothing she buys in the turn
/// changes the cylinder counts the check is decided on. Cylinders in play: hers are 3 gifts
/// plus `her_tribes` tribes in Persia, H's 3 gifts plus `h_spies` spies on his own card.
///
/// AI8 (Tax / Betray / Radicalize): with an empty court the two card lines are skipped, so the
/// only thing she can do besides Ambition is a Radicalize, and no Radicalize buys a Dominance
/// Check (WK-4.1).
fn ambition(her_tribes: u8, h_spies: u8, vp: (u16, u16), final_check: bool) -> Table {
    let mut s = Scenario::wakhan(2)
        .ai_deck(&[8, 9])
        .rupees(0, 3)
        .vp(0, vp.0)
        .vp(1, vp.1)
        .gifts(0, &ALL_GIFTS)
        .tribes(0, Region::Persia, her_tribes)
        .gifts(1, &ALL_GIFTS)
        .court(1, &[67])
        .spies(67, 1, h_spies);
    s = rows(
        s,
        &[Some(9), Some(11), Some(101), Some(13), Some(15), Some(16)],
        &[Some(17), Some(29), Some(32), Some(33), Some(38), Some(59)],
    );
    if final_check {
        // No other Dominance Check in the deck or the market: this one is the final DC.
        s = s.deck(&[]);
    }
    s.table()
}

/// WK-TV-5 (WK-2.1): cylinders 5 (Wakhan) and 3 (H), VP 4 and 6, not the final DC. The
/// simulated unsuccessful check gives her 3 and H 1: strictly the most, so she buys the DC as
/// her action before any line of the AI card, and the VP become 7 and 7.
#[test]
fn wk_tv_5_ambition_buys_the_check_that_gives_her_strictly_the_most() {
    let mut t = ambition(2, 0, (4, 6), false);
    t.act("end");
    assert_eq!(t.vps(), vec![7, 7], "{}", dump(&t));
    assert!(t.discarded(101));
    let ambition = line(&t, &["Wakhan's Ambition", "strictly the most", "(WK-2.1)"]);
    let first_line = line(&t, &["Wakhan's top line"]);
    assert!(
        ambition < first_line,
        "Ambition comes before the AI card's lines"
    );
}

/// WK-TV-5 (WK-2.1: a tie for the most points does not qualify): with 5 cylinders each the
/// check gives 2 and 2, and she would not win: no Ambition, the DC stays in the market.
#[test]
fn wk_tv_5_no_ambition_when_the_check_gives_both_the_same() {
    let mut t = ambition(2, 2, (4, 6), false);
    t.act("end");
    assert_eq!(t.vps(), vec![4, 6], "{}", dump(&t));
    assert!(!t.discarded(101));
    assert!(find(&t, &["Ambition"]).is_none(), "{}", dump(&t));
    let market: Vec<Option<u8>> = ["top-0", "top-1", "top-2"]
        .iter()
        .map(|slot| t.slot(slot).0)
        .collect();
    assert!(market.contains(&Some(101)), "the DC waits in the market");
    // Her two actions were Radicalizes (WK-4.1), not the DC.
    assert_eq!(
        count(&t, &["Wakhan radicalizes", "(WK-4.1)"]),
        2,
        "{}",
        dump(&t)
    );
}

/// WK-TV-5 (WK-2.1, final DC): cylinders 5 and 5, VP 8 (Wakhan) and 6: the doubled points are
/// +4 each, 12 against 10, and the game ends with her the sole winner, so she buys it although
/// she does not score the most.
#[test]
fn wk_tv_5_ambition_buys_the_final_check_she_wins() {
    let mut t = ambition(2, 2, (8, 6), true);
    t.act("end");
    assert_eq!(t.vps(), vec![12, 10], "{}", dump(&t));
    let outcome = t.state.outcome().expect("the final DC ends the game");
    assert_eq!(outcome.reason, EndReason::FinalCheck);
    assert_eq!(outcome.winners().collect::<Vec<_>>(), vec![0]);
    line(
        &t,
        &["Wakhan's Ambition", "she would win the game", "(WK-2.1)"],
    );
}

/// WK-TV-5 (WK-2.1, early end, WK-OQ-27): VP 10 (Wakhan) and 4, not the final DC, cylinders 3
/// and 5: H would score 3 and she 1, but 11 against 7 is a lead of 4, the game ends at once
/// (PP-13.8) and she wins, so she buys it.
#[test]
fn wk_tv_5_ambition_buys_a_check_that_ends_the_game_in_her_favour() {
    let mut t = ambition(0, 2, (10, 4), false);
    t.act("end");
    assert_eq!(t.vps(), vec![11, 7], "{}", dump(&t));
    let outcome = t.state.outcome().expect("the lead of 4 ends the game");
    assert_eq!(outcome.reason, EndReason::Lead);
    assert_eq!(outcome.winners().collect::<Vec<_>>(), vec![0]);
    line(
        &t,
        &["Wakhan's Ambition", "she would win the game", "(WK-2.1)"],
    );
}

/// WK-TV-6 (WK-2.2, WK-2.5, WK-2.6, WK-2.3): current AI8 (Tax / Betray / Radicalize), Economic
/// favored, her court #61 Karakul Sheep (Economic, Tax, rank 2) and #16 Bala Hissar (Military,
/// Tax and Betray, rank 1); rupees in the market, nobody taxable, no Betray target, no DC.
/// 1. Tax: by priority #61 (favored) acts: a bonus tax of 2, two actions still to do.
/// 2. Betray: no target, a miss.
/// 3. Radicalize: counted.
/// 4. Tax again after the wrap: #61 is used, #16 taxes 1: counted, the loop stops.
///
/// No bonus sweep: no favored card is left unused.
#[test]
fn wk_tv_6_a_favored_tax_is_a_bonus_and_the_loop_wraps_to_tax_again() {
    // AI8 is the vector's card. Next AI3 (back T,B / 2 3 4 5 0 1): AI8's lower red arrow reads
    // B, its black arrow (slot 4) column 0, so the Radicalize buys (Bottom, 0) for nothing:
    // #33 Zorawar Singh Kahluria (Military, Battle and Gift, no Tax), which adds no Tax card
    // and no favored card. B also makes her tax the bottom row of a column first; (Bottom, 0)
    // has no rupees, (Top, 0) has 3.
    let s = Scenario::wakhan(2)
        .ai_deck(&[8, 3])
        .favored(Suit::Economic)
        .court(0, &[61, 16]);
    let mut t = rows(
        s,
        &[Some(9), Some(11), Some(13), Some(15), Some(17), Some(29)],
        &[Some(33), Some(32), Some(38), Some(59), Some(63), Some(67)],
    )
    .market("top-0", Some(9), 3)
    .table();
    t.act("end");
    let bonus = line(
        &t,
        &[
            "Wakhan's top line: Tax",
            "a bonus action with a favored card (WK-2.2)",
        ],
    );
    let karakul = line(&t, &["Wakhan acts with", "Karakul Sheep", "WK-2.6"]);
    line(&t, &["Wakhan taxes 2 from the card on top-0", "WK-6.5"]);
    let betray = line(&t, &["Betray, cannot be done now: skipped (WK-2.2)"]);
    let radicalize = line(&t, &["Wakhan radicalizes", "Zorawar Singh Kahluria"]);
    let bala = line(&t, &["Wakhan acts with", "Bala Hissar", "WK-2.6"]);
    line(&t, &["Wakhan taxes 1 from the card on top-0", "WK-6.5"]);
    let ends = line(
        &t,
        &["Wakhan's action loop ends: two actions done (WK-2.2)"],
    );
    assert!(bonus < karakul && karakul < betray && betray < radicalize);
    assert!(radicalize < bala && bala < ends, "{}", dump(&t));
    assert_eq!(
        count(&t, &["Wakhan's top line: Tax"]),
        2,
        "Tax done twice, after the wrap"
    );
    assert!(
        find(&t, &["bonus sweep (WK-2.3)"]).is_none(),
        "{}",
        dump(&t)
    );
    // 4 + 2 (bonus tax) + 0 (the card bought at column 0) + 1 (the counted tax).
    assert_eq!(t.rupees(0), 7);
    assert_eq!(t.slot("top-0"), (Some(9), 0));
    let mut court = t.court(0);
    court.sort_unstable();
    assert_eq!(court, vec![16, 33, 61]);
}

/// WK-TV-6's counting (WK-2.2): without the bonus the favored tax would have counted and the
/// second Tax would never come. With Intelligence favored instead, #61's tax counts, Betray
/// misses, the Radicalize counts, and the loop stops before Tax comes round again.
#[test]
fn wk_tv_6_an_unfavored_tax_counts() {
    let s = Scenario::wakhan(2)
        .ai_deck(&[8, 3])
        .favored(Suit::Intelligence)
        .court(0, &[61, 16]);
    let mut t = closed(s, &[Some(9)], &[Some(33)])
        .market("top-0", Some(9), 3)
        .table();
    t.act("end");
    assert_eq!(count(&t, &["Wakhan's top line: Tax"]), 1, "{}", dump(&t));
    assert!(find(&t, &["a bonus action"]).is_none());
    line(
        &t,
        &["Wakhan's action loop ends: two actions done (WK-2.2)"],
    );
}
