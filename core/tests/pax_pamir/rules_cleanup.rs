//! Rule tests for cleanup (PP-12): the court limit before the hand limit, events in column 0
//! (top before bottom, column 0 only), sliding with rupees, refilling, Public Withdrawal's
//! rupees, instability, and the turn's records cleared.

use darbar::engine::Snapshot;
use darbar::pax_pamir::Region::Kabul;
use darbar::pax_pamir::{DecisionKind, Suit};
use serde_json::Value;

use crate::scenario::{Scenario, Table};

/// The cards of a market row, column 0 first.
fn row(t: &Table, row: &str) -> Vec<Option<u8>> {
    (0..6).map(|c| t.slot(&format!("{row}-{c}")).0).collect()
}

/// **PP-12.1, PP-12.2**: the court limit comes first and the hand limit is computed after it:
/// discarding the only Intelligence card at the court limit lowers the hand limit from 3 to 2,
/// so a hand card must go too; discarding another card leaves the hand as it is.
#[test]
fn pp_12_2_the_hand_limit_is_computed_after_the_court_limit() {
    let position = || {
        let mut t = Scenario::new(3)
            .court(0, &[9, 13, 29, 4])
            .hand(0, &[61, 62, 63])
            .table();
        assert_eq!(
            (
                t.state.court_limit(t.cards(), 0),
                t.state.hand_limit(t.cards(), 0)
            ),
            (3, 3)
        );
        t.act("end");
        t.expect(
            0,
            DecisionKind::CourtLimit,
            &["discard #9", "discard #13", "discard #29", "discard #4"],
        );
        t
    };
    let mut t = position();
    t.act("discard #4");
    t.expect(
        0,
        DecisionKind::HandLimit,
        &["discard #61", "discard #62", "discard #63"],
    );
    t.act("discard #62");
    assert_eq!((t.state.active(), t.hand(0)), (1, vec![61, 63]));

    let mut t = position();
    t.act("discard #9");
    assert_eq!(t.state.active(), 1, "hand of 3 within the limit of 3");
    assert_eq!(t.hand(0).len(), 3);
}

/// **PP-12.3**: the event at (Top, 0) is applied before the one at (Bottom, 0): with #116
/// (favored Political) on top and #115 (favored Intelligence) below, Intelligence ends up
/// favored; the other way round, Political.
#[test]
fn pp_12_3_top_event_then_bottom_event() {
    let favored = |top: u8, bottom: u8| {
        let mut t = Scenario::new(3)
            .favored(Suit::Economic)
            .market("top-0", Some(top), 0)
            .market("bottom-0", Some(bottom), 0)
            .table();
        t.act("end");
        assert!(t.discarded(top) && t.discarded(bottom));
        t.state.favored_suit()
    };
    assert_eq!(favored(116, 115), Suit::Intelligence);
    assert_eq!(favored(115, 116), Suit::Political);
}

/// **PP-12.3**: only column 0 is checked: an event in column 1 waits, even when the slide
/// brings it to column 0 in the same cleanup; it is discarded at the next cleanup.
#[test]
fn pp_12_3_only_column_zero_is_checked() {
    let mut t = Scenario::new(3)
        .favored(Suit::Economic)
        .market("top-0", Some(116), 0)
        .market("top-1", Some(105), 0)
        .table();
    t.act("end");
    assert_eq!(
        t.state.favored_suit(),
        Suit::Political,
        "only #116 left the market"
    );
    assert_eq!(t.slot("top-0").0, Some(105));
    assert!(!t.discarded(105));
    t.act("end");
    assert!(t.discarded(105));
    assert_eq!(t.state.favored_suit(), Suit::Military);
}

/// **PP-12.4** step 2: a drawn card takes the rupees lying on its empty slot.
#[test]
fn pp_12_4_a_drawn_card_takes_the_rupees_on_its_slot() {
    let mut t = Scenario::new(3)
        .market("top-5", None, 2)
        .deck(&[61, 62])
        .table();
    assert_eq!(t.deck(), [61, 62]);
    t.act("end");
    assert_eq!(t.slot("top-5"), (Some(61), 2));
}

/// **PP-12.4** step 4, **PP-OQ-18**: when the deck runs out the empty slots stay empty and play
/// goes on.
#[test]
fn pp_12_4_an_empty_deck_leaves_slots_empty() {
    let mut t = Scenario::new(3).rupees(0, 10).deck(&[]).table();
    t.acts(&["buy top-3", "buy bottom-5"]);
    t.act("end");
    assert_eq!(row(&t, "top")[5], None);
    assert_eq!(row(&t, "bottom")[5], None);
    assert!(row(&t, "top")[..5].iter().all(Option::is_some));
    assert_eq!((t.state.active(), t.kind()), (1, DecisionKind::Action));
}

/// **PP-12.4** step 3, **PP-14.1**: rupees that come to lie on Public Withdrawal by the slide go
/// to the bank: #105 leaves (Top, 0) with 2 rupees, which stay on the slot; #111 slides onto
/// it and the rupees are lost.
#[test]
fn pp_12_4_rupees_sliding_onto_public_withdrawal_are_lost() {
    let mut t = Scenario::new(3)
        .market("top-0", Some(105), 2)
        .market("top-1", Some(111), 0)
        .table();
    let before = t.market_total();
    t.act("end");
    assert_eq!(t.state.favored_suit(), Suit::Military);
    assert_eq!(t.slot("top-0"), (Some(111), 0));
    assert_eq!(t.market_total(), before - 2);
}

/// **PP-12.5, PP-OQ-16**: in instability the rupees on the two Dominance Checks stay on their
/// slots, and the card that slides onto such a slot takes them. A Dominance Check drawn with
/// no other one in the market is simply placed.
#[test]
fn pp_12_5_instability_leaves_the_rupees_of_the_checks() {
    let mut t = Scenario::new(3)
        .market("top-2", Some(101), 2)
        .market("top-5", None, 0)
        .market("bottom-5", None, 0)
        .deck(&[55, 102, 56, 57, 103, 104])
        .table();
    assert_eq!(t.deck(), [55, 102, 56, 57, 103, 104]);
    let third = t.slot("top-3").0;
    t.act("end");
    assert!(t.discarded(101) && t.discarded(102));
    assert_eq!(
        t.slot("top-2"),
        (third, 2),
        "the card from (Top, 3) took the check's 2 rupees"
    );

    let mut t = Scenario::new(3)
        .market("bottom-5", None, 0)
        .deck(&[102, 56])
        .table();
    assert_eq!(t.deck(), [102, 56]);
    t.act("end");
    assert_eq!(
        t.slot("bottom-5").0,
        Some(102),
        "no other check in the market: no instability"
    );
    assert!(!t.discarded(102));
}

/// The turn records of the snapshot.
fn turn(t: &Table) -> Value {
    let snapshot: Value = serde_json::from_str(&t.state.to_snapshot()).expect("JSON");
    snapshot["state"]["turn"].clone()
}

/// Whether a record holds nothing: a list (or a list of lists) without any entry.
fn cleared(v: &Value) -> bool {
    v.as_array().is_some_and(|items| items.iter().all(cleared))
}

/// **PP-12.6**: the next turn starts with the turn's records cleared: cards paid this turn may
/// be bought by the next player, and no card is used, placed or withdrawn.
#[test]
fn pp_12_6_the_turn_records_clear() {
    let mut t = Scenario::new(3)
        .rupees(0, 4)
        .court(0, &[4])
        .hand(0, &[9])
        .court(1, &[5])
        .tribes(1, Kabul, 1)
        .rupees(1, 6)
        .table();
    t.acts(&["use #4 gift", "gift gift4", "play #9 left", "withdraw"]);
    let paid_top_5 = t.slot("top-5").0.expect("a card");
    assert!(t.paid().contains(&paid_top_5));
    assert!(!turn(&t)["used"].as_array().expect("used").is_empty());
    t.act("end");
    assert_eq!(t.state.active(), 1);
    let records = turn(&t);
    let records = records.as_object().expect("the turn's records");
    assert!(records.len() > 4, "used, paid, placed, withdrawn, …");
    for (record, value) in records.iter().filter(|(k, _)| *k != "actions_left") {
        assert!(cleared(value), "{record}: {value}");
    }
    assert!(t.offers("buy top-5"), "a card paid last turn may be bought");
}
