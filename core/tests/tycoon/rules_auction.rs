//! Rule tests of Phase 3, the industry auction (TI-7, TI-21.1, TI-21.8), and the Tycoon's
//! change at round end (TI-4.2), beyond the worked example TI-19.5.

use darbar::engine::Cites;
use darbar::tycoon::{Action, DecisionKind, Error};

use crate::scenario::{BLUE, GREEN, RED, Scenario, Table, YELLOW};

/// TP's auction in round 2: display `I1-03` (AV 30), `I1-09` (50), `I1-13` (60), deck top
/// `I1-11`, `I1-20`.
fn auction(scenario: Scenario) -> Table {
    scenario
        .round(2)
        .industry_display(&[("I1-03", 0), ("I1-09", 0), ("I1-13", 0)])
        .industry_deck_top(&["I1-11", "I1-20"])
        .auction()
}

/// Plays the auction turns, each by the seat named.
#[track_caller]
fn turns(t: &mut Table, turns: &[(usize, Action)]) {
    for &(seat, action) in turns {
        assert_eq!(t.decision(), Some((seat, DecisionKind::IndustryBid)));
        t.act(action);
    }
}

/// The display as (id, promoters) pairs.
fn display(t: &Table) -> Vec<(String, u32)> {
    t.industry_display()
}

fn slot(id: &str, promoters: u32) -> (String, u32) {
    (id.to_owned(), promoters)
}

/// **TI-7.3**: two laps from the Tycoon; a seat that passed in lap 1 takes no lap-2 turn.
/// Red and Green pass in lap 1, so lap 2 asks only Blue and Yellow; Blue's raise to 40 and
/// Yellow's pass leave Blue first (40) and Yellow second (its lap-1 35 stands).
#[test]
fn ti_7_3_lap_two_skips_lap_one_passers() {
    let mut t = auction(Scenario::tp());
    turns(
        &mut t,
        &[
            (RED, Action::Pass),
            (BLUE, Action::Bid(6)),
            (GREEN, Action::Pass),
            (YELLOW, Action::Bid(7)),
            (BLUE, Action::Bid(8)),
            (YELLOW, Action::Pass),
        ],
    );
    assert_eq!(t.decision(), Some((BLUE, DecisionKind::IndustryPick)));
    t.act(Action::Industry(0));
    assert_eq!(t.decision(), Some((YELLOW, DecisionKind::IndustryPick)));
    t.act(Action::Industry(0));
    assert_eq!((t.seat(BLUE).money, t.seat(YELLOW).money), (60, 65));
    assert_eq!((t.seat(RED).pool, t.seat(GREEN).pool), (8, 8));
    assert_eq!((t.seat(BLUE).pool, t.seat(YELLOW).pool), (5, 5));
}

/// **TI-7.2, TI-7.4**: the first bid is at least the opening minimum (the lowest displayed
/// AV, 30); every later bid raises the high bid by at least 5 in multiples of 5. A lower bid
/// is refused, citing TI-7.4, and changes nothing. The high bidder may still raise in lap 2
/// (TI-OQ-12).
#[test]
fn ti_7_4_opening_minimum_and_minimum_raise() {
    let mut t = auction(Scenario::tp());
    assert_eq!(t.view(RED).opening_bid, 30);
    assert_eq!(t.choices()[..2], [Action::EmergencyLoan, Action::Bid(6)]);
    let err = t.refused(Action::Bid(5));
    assert_eq!(err.rule().0, "TI-7.4", "{err}");
    t.act(Action::Bid(8)); // Red 40
    assert_eq!(t.choices()[1], Action::Bid(9), "at least 45");
    assert!(matches!(t.refused(Action::Bid(8)), Error::Illegal { .. }));
    turns(
        &mut t,
        &[
            (BLUE, Action::Pass),
            (GREEN, Action::Pass),
            (YELLOW, Action::Pass),
        ],
    );
    assert_eq!(t.decision(), Some((RED, DecisionKind::IndustryBid)));
    assert!(t.offers(Action::Bid(9)), "the high bidder may raise itself");
    assert!(t.offers(Action::Pass));
    t.act(Action::Pass);
    assert_eq!(
        t.seat(RED).money,
        60,
        "the winner pays, then picks (TI-7.5)"
    );
    assert_eq!(t.decision(), Some((RED, DecisionKind::IndustryPick)));
    assert_eq!(t.view(RED).seats[RED].standing_bid, Some(40));
}

/// **TI-7.4 (TI-OQ-11), TI-9, TI-21.2**: a bid may not exceed cash + 25 × (10 − notes): Red
/// with 20 Cr and 6 notes bids at most 120. Winning with 120, it pays with 4 forced
/// emergency loans of 25 (as few as needed): 0 Cr and 10 notes.
#[test]
fn ti_7_4_bids_are_capped_by_what_emergency_loans_can_raise() {
    let mut t = auction(Scenario::tp().money(RED, 20).notes(RED, 6));
    let bids: Vec<Action> = t
        .choices()
        .into_iter()
        .filter(|a| matches!(a, Action::Bid(_)))
        .collect();
    assert_eq!(bids.last(), Some(&Action::Bid(24)));
    assert_eq!(t.refused(Action::Bid(25)).rule().0, "TI-7.4");
    turns(
        &mut t,
        &[
            (RED, Action::Bid(24)),
            (BLUE, Action::Pass),
            (GREEN, Action::Pass),
            (YELLOW, Action::Pass),
            (RED, Action::Pass),
        ],
    );
    assert_eq!((t.seat(RED).money, t.seat(RED).notes), (0, 10));
    assert_eq!(t.seat(RED).level(darbar::tycoon::Sector::Fin), 0, "TI-9");
}

/// **TI-21.1**: a seat with no reserve factory may only pass, in either lap: Blue is never
/// asked. It still takes the 3 pool promoters (TI-7.5 step 6).
#[test]
fn ti_21_1_no_reserve_factory_only_passes() {
    let mut t = auction(Scenario::tp().no_reserve(BLUE));
    turns(
        &mut t,
        &[
            (RED, Action::Bid(6)),
            (GREEN, Action::Pass),
            (YELLOW, Action::Pass),
            (RED, Action::Pass),
        ],
    );
    assert_eq!(t.decision(), Some((RED, DecisionKind::IndustryPick)));
    t.act(Action::Industry(0));
    assert_eq!(t.seat(BLUE).pool, 8);
    assert_eq!(t.view(RED).seats[BLUE].standing_bid, None);
}

/// **TI-7.6 (TI-OQ-11)**: only one seat bid: it is the only winner; the two untaken cards get
/// a promoter and one card is drawn; every other seat takes 3 pool promoters; it becomes the
/// Tycoon at round end (TI-4.2).
#[test]
fn ti_7_6_a_single_bidder_is_the_only_winner() {
    let mut t = auction(Scenario::tp());
    turns(
        &mut t,
        &[
            (RED, Action::Pass),
            (BLUE, Action::Pass),
            (GREEN, Action::Bid(6)),
            (YELLOW, Action::Pass),
            (GREEN, Action::Pass),
        ],
    );
    assert_eq!(t.decision(), Some((GREEN, DecisionKind::IndustryPick)));
    t.act(Action::Industry(1)); // I1-09
    assert_eq!(
        display(&t),
        [slot("I1-03", 1), slot("I1-13", 1), slot("I1-11", 0)]
    );
    let pools: Vec<u32> = (0..4).map(|s| t.seat(s).pool).collect();
    assert_eq!(pools, [8, 8, 5, 8]);
    assert_eq!(t.seat(GREEN).money, 70);
    t.defaults_until(|t| t.kind() == DecisionKind::Region);
    assert_eq!(t.state.tycoon(), GREEN);
    assert_eq!(t.decider(), GREEN);
}

/// **TI-7.6, TI-4.2 (TI-OQ-11)**: nobody bid: no winner; all 3 cards get a promoter and none
/// is drawn; every seat takes 3 pool promoters; the Tycoon does not change.
#[test]
fn ti_7_6_nobody_bids() {
    let mut t = auction(Scenario::tp());
    turns(
        &mut t,
        &[
            (RED, Action::Pass),
            (BLUE, Action::Pass),
            (GREEN, Action::Pass),
            (YELLOW, Action::Pass),
        ],
    );
    assert_eq!(t.decision(), Some((RED, DecisionKind::Turn)), "no lap 2");
    assert_eq!(
        display(&t),
        [slot("I1-03", 1), slot("I1-09", 1), slot("I1-13", 1)]
    );
    let pools: Vec<u32> = (0..4).map(|s| t.seat(s).pool).collect();
    assert_eq!(pools, [8, 8, 8, 8]);
    t.defaults_until(|t| t.kind() == DecisionKind::Region);
    assert_eq!((t.state.round(), t.state.tycoon()), (3, RED));
}

/// **TI-7.5 step 6 (TI-OQ-11)**: every seat that took no card takes 3 promoters into its
/// pool, whether or not it bid; the two winners take none.
#[test]
fn ti_7_5_non_winners_take_3_pool_promoters() {
    let mut t = auction(Scenario::tp());
    turns(
        &mut t,
        &[
            (RED, Action::Bid(6)),
            (BLUE, Action::Bid(7)),
            (GREEN, Action::Bid(8)),
            (YELLOW, Action::Pass),
            (RED, Action::Pass),
            (BLUE, Action::Pass),
            (GREEN, Action::Pass),
        ],
    );
    t.play(&[Action::Industry(0), Action::Industry(0)]);
    let pools: Vec<u32> = (0..4).map(|s| t.seat(s).pool).collect();
    assert_eq!(pools, [8, 5, 5, 8], "Red bid and lost, Yellow never bid");
    let money: Vec<u32> = (0..4).map(|s| t.seat(s).money).collect();
    assert_eq!(
        money,
        [100, 65, 60, 100],
        "only the winners pay (TI-7.5 step 2)"
    );
}

/// **TI-21.8**: with 1 card on display (the deck empty), only the first winner pays and takes
/// it; the second bidder pays nothing, is no winner, and takes the 3 pool promoters.
#[test]
fn ti_21_8_one_card_on_display() {
    let mut t = Scenario::tp()
        .round(2)
        .industry_display(&[("I1-09", 0)])
        .industry_deck(&[])
        .auction();
    turns(
        &mut t,
        &[
            (RED, Action::Bid(10)),
            (BLUE, Action::Bid(11)),
            (GREEN, Action::Pass),
            (YELLOW, Action::Pass),
            (RED, Action::Pass),
            (BLUE, Action::Pass),
        ],
    );
    assert_eq!(t.decision(), Some((BLUE, DecisionKind::IndustryPick)));
    t.act(Action::Industry(0));
    assert_eq!(
        t.decision(),
        Some((RED, DecisionKind::Turn)),
        "no second pick"
    );
    assert_eq!((t.seat(BLUE).money, t.seat(BLUE).pool), (45, 5));
    assert_eq!((t.seat(RED).money, t.seat(RED).pool), (100, 8));
    assert!(display(&t).is_empty());
}

/// **TI-21.8**: with no card on display, Phase 3 is skipped: every seat takes 3 pool
/// promoters and the Tycoon does not change.
#[test]
fn ti_21_8_an_empty_display_skips_phase_3() {
    let mut t = Scenario::tp()
        .round(2)
        .industry_display(&[])
        .industry_deck(&[])
        .np_turn(YELLOW)
        .table();
    t.act(Action::Done);
    assert_eq!(
        t.decision(),
        Some((RED, DecisionKind::Turn)),
        "straight to Phase 4"
    );
    let pools: Vec<u32> = (0..4).map(|s| t.seat(s).pool).collect();
    assert_eq!(pools, [8, 8, 8, 8]);
    t.defaults_until(|t| t.kind() == DecisionKind::Region);
    assert_eq!(t.state.tycoon(), RED);
}
