//! WK-7.5: who rules Persia, with and without Wakhan (WK-7.1 to WK-7.3, PP-10.2). Persia holds
//! Russian armies ×3, British ×2 and Afghan ×4; no person is Afghan.

use darbar::pax_pamir::{Coalition, Region, State};

use crate::scenario::Scenario;

use Coalition::{Afghan, British, Russian};
use Region::Persia;

/// Persia's armies of WK-7.5 on a position.
fn armies(s: Scenario) -> Scenario {
    s.armies(Russian, Persia, 3)
        .armies(British, Persia, 2)
        .armies(Afghan, Persia, 4)
}

/// Every seat's ruling pieces in Persia, and its ruler.
fn persia(state: &State) -> (Vec<u8>, Option<usize>) {
    let pieces = (0..state.players())
        .map(|s| state.ruling_pieces(s, Persia))
        .collect();
    (pieces, state.ruler(Persia))
}

/// No Wakhan: A (seat 0, Russian) with `a_tribes` tribes, B (seat 1, British) with 2, C
/// (seat 2, British) with none.
fn without_wakhan(a: Coalition, a_tribes: u8) -> State {
    armies(Scenario::new(3))
        .loyalty(0, a)
        .loyalty(1, British)
        .loyalty(2, British)
        .tribes(0, Persia, a_tribes)
        .tribes(1, Persia, 2)
        .build()
}

/// WK-7.5, without Wakhan (PP-10.2): A (Russian, 2 tribes) has 5 ruling pieces, B 4, C 2 (no
/// tribe); the largest single coalition has 4 (Afghan): A rules.
#[test]
fn wk_7_5_without_wakhan_a_rules_persia() {
    assert_eq!(
        persia(&without_wakhan(Russian, 2)),
        (vec![5, 4, 2], Some(0))
    );
}

/// WK-7.5, without Wakhan (PP-10.2 condition 3): A loses both tribes: A 3, B 4, C 2; B's 4 does
/// not beat the 4 Afghan armies: nobody rules.
#[test]
fn wk_7_5_without_wakhan_the_afghan_armies_stop_b() {
    assert_eq!(persia(&without_wakhan(Russian, 0)), (vec![3, 4, 2], None));
}

/// WK-7.5, without Wakhan (PP-10.2 condition 2): A switches to British: A 4, B 4: a tie,
/// nobody rules. (C stays at 2: a change of loyalty adds no British armies.)
#[test]
fn wk_7_5_without_wakhan_a_tie_means_no_ruler() {
    assert_eq!(persia(&without_wakhan(British, 2)), (vec![4, 4, 2], None));
}

/// With Wakhan (seat 0, one tribe in Persia): A (seat 1, `a`) with `a_tribes` tribes, B (seat
/// 2, British) with 2. A Wakhan game seats at most two people, so C is left out: with no tribe
/// C never rules, and C's 2 pieces beat no count that decides a case.
fn with_wakhan(a: Coalition, a_tribes: u8) -> State {
    armies(Scenario::wakhan(3))
        .loyalty(1, a)
        .loyalty(2, British)
        .tribes(0, Persia, 1)
        .tribes(1, Persia, a_tribes)
        .tribes(2, Persia, 2)
        .build()
}

/// WK-7.5, with Wakhan (WK-7.1): her 1 tribe and the 4 Afghan armies (the largest single
/// coalition) make 5, A has 5: a 5–5 tie, nobody rules, and A never gets the token.
#[test]
fn wk_7_5_wakhan_ties_a_and_nobody_rules() {
    assert_eq!(persia(&with_wakhan(Russian, 2)), (vec![5, 5, 4], None));
}

/// WK-7.5, with Wakhan (WK-7.1, WK-7.3): A loses both tribes: A 3, B 4, Wakhan 5, more than
/// every player and every single coalition's 4: Wakhan rules.
#[test]
fn wk_7_5_wakhan_rules_when_a_loses_his_tribes() {
    assert_eq!(persia(&with_wakhan(Russian, 0)), (vec![5, 3, 4], Some(0)));
}

/// WK-7.5, with Wakhan (WK-7.1, WK-7.3): A switches to British: A 4, B 4, Wakhan 5: Wakhan
/// rules.
#[test]
fn wk_7_5_wakhan_rules_when_a_turns_british() {
    assert_eq!(persia(&with_wakhan(British, 2)), (vec![5, 4, 4], Some(0)));
}
