//! Rule tests for Dominance Checks and the end of the game (PP-13): when a check is resolved,
//! the success test, who scores and with what, the order of the steps (the early end before the
//! final end, blocks removed only after a successful check that does not end the game, lasting
//! effects ended), and the tie-breakers.

use darbar::pax_pamir::Coalition::{Afghan, British, Russian};
use darbar::pax_pamir::Region::{Herat, Kabul, Punjab};
use darbar::pax_pamir::{Border, CardId, EndReason, EventEffect, GiftSlot, Suit};

use crate::scenario::Scenario;

/// **PP-13.1, PP-12.3**: a Dominance Check discarded from column 0 in cleanup is resolved (an
/// unsuccessful check here: 3 and 1 VP for the most and second most cylinders) and goes to the
/// discard pile.
#[test]
fn pp_13_1_a_check_leaving_column_zero_is_resolved() {
    let mut t = Scenario::new(3)
        .tribes(0, Kabul, 2)
        .tribes(1, Herat, 1)
        .market("top-0", Some(101), 0)
        .table();
    t.act("end");
    assert!(t.discarded(101));
    assert_eq!(t.vps(), [3, 1, 0]);
    assert_eq!(t.state.active(), 1);
}

/// **PP-13.2**: coalitions are never added together: British 7 against Russian 3 and Afghan 3
/// is dominant (7 ≥ 3 + 4 against each), though 7 < 3 + 3 + 4; British 6 is not.
#[test]
fn pp_13_2_other_coalitions_are_never_added_together() {
    let dominant = |british: u8| {
        let t = Scenario::new(3)
            .armies(British, Kabul, british)
            .armies(Russian, Herat, 2)
            .roads(Russian, Border::PersiaHerat, 1)
            .armies(Afghan, Punjab, 3)
            .table();
        t.state.dominant_coalition(t.cards())
    };
    assert_eq!(dominant(7), Some(British));
    assert_eq!(dominant(6), None);
}

/// **PP-13.3**: in a successful check only the players loyal to the dominant coalition score,
/// by influence, 5, 3 and 1 for the first three places and 0 for the fourth; a player of another
/// coalition scores nothing whatever their influence.
#[test]
fn pp_13_3_only_the_dominant_coalitions_players_score() {
    let mut t = Scenario::new(5)
        .loyalty(0, British)
        .loyalty(1, British)
        .loyalty(2, British)
        .loyalty(3, British)
        .loyalty(4, Russian)
        .court(0, &[19, 20, 22])
        .court(1, &[23, 32])
        .court(2, &[36])
        .court(4, &[86, 87, 89, 69])
        .armies(British, Kabul, 4)
        .market("bottom-0", Some(101), 0)
        .table();
    assert_eq!(
        (0..5).map(|s| t.influence(s)).collect::<Vec<_>>(),
        [4, 3, 2, 1, 5]
    );
    t.act("buy bottom-0");
    assert_eq!(t.vps(), [5, 3, 1, 0, 0]);
    assert_eq!(
        t.state.blocks_on_map(British),
        0,
        "all blocks leave the map"
    );
}

/// **PP-13.4**: in an unsuccessful check every player scores the cylinders they have in play —
/// tribes, spies and gifts — and a player with none takes part with 0; the blocks stay.
#[test]
fn pp_13_4_an_unsuccessful_check_counts_every_cylinder_in_play() {
    let mut t = Scenario::new(3)
        .tribes(0, Kabul, 1)
        .court(1, &[13])
        .spies(13, 0, 1)
        .gifts(0, &[GiftSlot::Gift2])
        .tribes(1, Herat, 2)
        .armies(British, Punjab, 3)
        .market("bottom-0", Some(101), 0)
        .table();
    assert_eq!([0, 1, 2].map(|s| t.state.cylinders_in_play(s)), [3, 2, 0]);
    t.act("buy bottom-0");
    assert_eq!(t.vps(), [3, 1, 0]);
    assert_eq!(t.state.armies(British, Punjab), 3);
}

/// **PP-13.7** steps 4–5: a final check that is successful ends the game before the blocks would
/// leave the map.
#[test]
fn pp_13_7_a_final_successful_check_ends_the_game_with_the_blocks_in_place() {
    let mut t = Scenario::new(3)
        .loyalty(0, British)
        .armies(British, Kabul, 4)
        .vp(1, 8)
        .vp(2, 8)
        .discarded(&[101, 102, 103])
        .market("bottom-0", Some(104), 0)
        .table();
    t.act("buy bottom-0");
    assert_eq!(
        t.vps(),
        [10, 8, 8],
        "doubled: 10 for the only British player"
    );
    let outcome = t.state.outcome().expect("the game is over");
    assert_eq!(outcome.reason, EndReason::FinalCheck);
    assert_eq!(outcome.winners().collect::<Vec<_>>(), [0]);
    assert_eq!(t.state.armies(British, Kabul), 4);
}

/// **PP-13.7** step 3, **PP-13.8, PP-13.9**: the early end is tested before the final end: after
/// the final check a lead of 4 ends the game by lead; without it, by the final check.
#[test]
fn pp_13_8_the_lead_is_tested_before_the_final_end() {
    let end = |vp: u16| {
        let mut t = Scenario::new(3)
            .vp(0, vp)
            .vp(1, 6)
            .tribes(0, Kabul, 1)
            .discarded(&[101, 102, 103])
            .market("bottom-0", Some(104), 0)
            .table();
        t.act("buy bottom-0");
        t.state.outcome().expect("the final check ends the game")
    };
    let lead = end(5);
    assert_eq!(
        (lead.reason, lead.winners().collect::<Vec<_>>()),
        (EndReason::Lead, vec![0])
    );
    let final_check = end(2);
    assert_eq!(final_check.reason, EndReason::FinalCheck);
    assert_eq!(
        final_check.winners().collect::<Vec<_>>(),
        [0],
        "8 VP against 7 and 1"
    );
}

/// **PP-13.8, PP-6.1, PP-OQ-26**: a check that ends the game in cleanup stops the turn at once:
/// no refill, no next turn.
#[test]
fn pp_13_8_a_check_in_cleanup_that_ends_the_game_stops_the_turn() {
    let mut t = Scenario::new(3)
        .vp(0, 20)
        .tribes(0, Kabul, 1)
        .market("top-0", Some(101), 0)
        .table();
    let turns = t.state.turns();
    t.act("end");
    let outcome = t.state.outcome().expect("the lead ends the game");
    assert_eq!((outcome.reason, t.vps()), (EndReason::Lead, vec![23, 0, 0]));
    assert!(t.decision().is_none());
    assert_eq!((t.state.active(), t.state.turns()), (0, turns));
    assert_eq!(t.slot("top-0").0, None, "the market is not refilled");
}

/// **PP-13.9**: military stars break a tie at the top before rupees: A (4 rupees, 3 military
/// stars) wins against B (9 rupees, 2 stars).
#[test]
fn pp_13_9_military_stars_before_rupees() {
    let mut t = Scenario::new(3)
        .vp(0, 10)
        .vp(1, 10)
        .court(0, &[16, 33])
        .court(1, &[38])
        .rupees(0, 4)
        .rupees(1, 9)
        .discarded(&[101, 102, 103])
        .market("bottom-0", Some(104), 0)
        .table();
    assert_eq!(
        [0, 1].map(|s| t.state.stars(t.cards(), s, Suit::Military)),
        [3, 2]
    );
    t.act("buy bottom-0");
    let outcome = t.state.outcome().expect("over");
    assert_eq!(outcome.reason, EndReason::FinalCheck);
    assert_eq!(outcome.winners().collect::<Vec<_>>(), [0]);
}

/// **PP-13.7** step 6, **PP-14.2**: after a check every "until (after) the next DC" effect ends
/// and its card goes to the discard pile — the held New Tactics, Courtly Manners, Rumor,
/// Nationalism and Nation Building, and by the map Embarrassment of Riches, Conflict Fatigue and
/// Pashtunwali Values — while the "until after" effects still applied to the scoring
/// (Embarrassment of Riches: the gifts counted 0; the Rumor: the patriot counted 0; Conflict
/// Fatigue: margin 2).
#[test]
fn pp_13_7_lasting_effects_end_after_the_check() {
    let mut t = Scenario::new(3)
        .loyalty(0, British)
        .loyalty(1, British)
        .events(0, &[105, 107])
        .events(1, &[110, 112])
        .events(2, &[108])
        .rumor(0)
        .global_event(106)
        .global_event(109)
        .global_event(115)
        .court(0, &[19])
        .gifts(1, &[GiftSlot::Gift2, GiftSlot::Gift4])
        .armies(British, Kabul, 3)
        .armies(Russian, Herat, 1)
        .vp(2, 3)
        .market("bottom-0", Some(101), 0)
        .table();
    assert_eq!(
        (t.influence(0), t.influence(1)),
        (1, 1),
        "the Rumor and Embarrassment of Riches"
    );
    t.act("buy bottom-0");
    assert_eq!(
        t.vps(),
        [4, 4, 3],
        "British dominant by 2 (Conflict Fatigue); a tie at 1 splits 5 + 3"
    );
    for n in [105, 106, 107, 108, 109, 110, 112, 115] {
        assert!(t.discarded(n), "#{n}");
    }
    for s in 0..3 {
        assert!(t.player(s).events.is_empty());
    }
    for effect in [
        EventEffect::EmbarrassmentOfRiches,
        EventEffect::ConflictFatigue,
        EventEffect::PashtunwaliValues,
    ] {
        assert!(!t.global(effect), "{effect:?}");
    }
    assert_eq!(t.influence(1), 1 + 2, "gifts count again");
    assert_eq!(t.influence(0), 2, "the patriot counts again");
    assert!(!t.player(0).events.contains(CardId(105)));
}
