//! WK-TV-10 (her court discards, WK-3.1), WK-TV-16 (her influence per coalition, WK-11.5) and
//! WK-TV-17 (leverage, WK-11.6).

use darbar::pax_pamir::{CardData, Coalition, DecisionKind, GiftSlot, LeverageTiming, Options};

use super::positions::{closed, count, dump, find, line};
use crate::scenario::{Scenario, Table, card};

/// The position of WK-TV-10: her court `court` (left to right), one spy of H on #16. AI8
/// (Tax / Betray / Radicalize) and an empty market and deck: nothing she can tax, no Betray
/// target, nothing to buy, so her court is what it was when the cleanup comes.
fn cleanup(court: &[u8]) -> Table {
    let s = Scenario::wakhan(2)
        .ai_deck(&[8, 1])
        .court(0, court)
        .spies(16, 1, 1);
    closed(s, &[], &[]).table()
}

/// WK-TV-10 (WK-2.4, WK-3.1, WK-0.2): her court #16 (Military 1, one H spy), #61 (Economic 2),
/// #5 (Political 1), #40 (Intelligence 2, British patriot, leveraged), #9 (Economic 1); limit
/// 3 + 1 = 4, five cards: one discard. 1 (not political) keeps #16, #61, #40, #9; 2 (not a
/// patriot) #16, #61, #9; 3 (not leveraged) all three; 4 (opponents' spies over hers): #16
/// has 1, the others 0: #16 goes. Four cards are the limit: she stops.
#[test]
fn wk_tv_10_the_discard_sieve_drops_the_card_with_an_opponents_spy() {
    let mut t = cleanup(&[16, 61, 5, 40, 9]);
    assert_eq!(t.state.court_limit(t.cards(), 0), 4);
    t.act("end");
    line(
        &t,
        &[
            "Wakhan discards",
            "Bala Hissar",
            "sieve WK-3.1 step 4: the most opponent spies over hers",
        ],
    );
    assert_eq!(t.court(0), vec![61, 5, 40, 9], "{}", dump(&t));
    assert!(t.discarded(16));
    assert_eq!(t.state.spies(card(16), 1), 0, "the spy went home");
}

/// WK-TV-10 (WK-2.4, PP-12.1): without #9 the court is at its limit and nothing is discarded.
#[test]
fn wk_tv_10_a_court_at_its_limit_keeps_every_card() {
    let mut t = cleanup(&[16, 61, 5, 40]);
    t.act("end");
    assert_eq!(t.court(0), vec![16, 61, 5, 40], "{}", dump(&t));
    assert!(find(&t, &["Wakhan discards"]).is_none());
}

/// WK-TV-16 (WK-11.5): her court #36 Bengal Native Infantry (British patriot) and #69 Count
/// Ivan Simonich (Russian patriot); prizes #4 (Afghan) and #57 (British); 2 gifts. British
/// 1 + 1 + 1 + 2 = 5; Russian 1 + 1 + 0 + 2 = 4; Afghan 1 + 0 + 1 + 2 = 4.
#[test]
fn wk_tv_16_her_influence_in_each_coalition() {
    let cards = CardData::standard();
    let state = Scenario::wakhan(2)
        .court(0, &[36, 69])
        .prizes(0, &[4, 57])
        .gifts(0, &[GiftSlot::Gift2, GiftSlot::Gift4])
        .build();
    assert_eq!(
        [
            state.wakhan_influence(cards, Coalition::British),
            state.wakhan_influence(cards, Coalition::Russian),
            state.wakhan_influence(cards, Coalition::Afghan),
        ],
        [5, 4, 4]
    );
}

/// The position of WK-TV-17: she has 1 rupee and her leveraged #40 William Hay Macnaghten
/// among three court cards; H (seat 1, active) has a spy on #40 and the Betray card #16 Bala
/// Hissar, and betrays #40, which discards it from her court. Her last AI card is AI1 (any
/// card would do: she decides nothing here).
fn leverage(options: Options) -> Table {
    let mut t = Scenario::wakhan_with(options)
        .ai_current(1, 2)
        .court(1, &[16])
        .court(0, &[40, 61, 9])
        .rupees(0, 1)
        .spies(40, 1, 1)
        .table();
    t.acts(&["use #16 betray", "betray #40"]);
    t
}

/// WK-TV-17 (WK-11.6, PP-11.2): she has 1 rupee and #40 (leveraged) is discarded: she pays the
/// 1 rupee and discards nothing for the rest (a person would discard a card for the rupee
/// short).
#[test]
fn wk_tv_17_leverage_takes_what_she_has_and_no_card() {
    let t = leverage(Options {
        players: 2,
        ..Options::default()
    });
    line(&t, &["Wakhan repays 1 of 2 rupees of leverage"]);
    assert_eq!(t.rupees(0), 0, "{}", dump(&t));
    assert_eq!(t.court(0), vec![61, 9]);
    assert!(t.player(0).hand.is_empty());
    assert_eq!(
        t.decider(),
        1,
        "H goes on with his turn; nothing is asked of her"
    );
    // The only card that leaves her court is the betrayed one.
    assert_eq!(count(&t, &["Wakhan discards"]), 1, "{}", dump(&t));
    line(&t, &["Wakhan discards", "William Hay Macnaghten"]);
}

/// WK-TV-17 with `leverage_timing = EndOfAction` (PP-OQ-3): the debt is settled after H's
/// action, and she still pays what she has and discards nothing (WK-11.6).
#[test]
fn wk_tv_17_leverage_settled_at_the_end_of_the_action() {
    let mut t = leverage(Options {
        players: 2,
        leverage_timing: LeverageTiming::EndOfAction,
        ..Options::default()
    });
    if t.decision()
        .is_some_and(|(_, kind)| kind == DecisionKind::Prize)
    {
        t.act("take-prize");
    }
    line(
        &t,
        &["Wakhan pays what she has and discards nothing (WK-11.6)"],
    );
    assert_eq!(t.rupees(0), 0, "{}", dump(&t));
    assert_eq!(t.court(0), vec![61, 9]);
    assert_eq!(t.decider(), 1);
}

/// WK-TV-17, the log (WK-8: every choice names its rule): under the default immediate
/// repayment the log should say that WK-11.6 spares her the discard.
#[test]
fn wk_tv_17_the_log_names_wk_11_6() {
    let t = leverage(Options {
        players: 2,
        ..Options::default()
    });
    line(&t, &["Wakhan", "discards nothing", "(WK-11.6)"]);
}
