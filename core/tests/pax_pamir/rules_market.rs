//! Rule tests for the core actions (PP-7): purchase costs, payment along the row, the empty
//! column readings, taking the rupees, purchased events; playing a card, its placement, when a
//! bribe is owed, the bribe negotiation with its retry rule, and the impact icons.

use darbar::pax_pamir::Coalition::{Afghan, British, Russian};
use darbar::pax_pamir::Region::{Kabul, Punjab};
use darbar::pax_pamir::{DecisionKind, Options, PurchaseEmptyColumn, Slot, Suit};

use crate::scenario::{Scenario, Table};

fn cost(t: &Table, slot: &str) -> u8 {
    t.state.cost(t.cards(), 0, slot.parse().expect("a slot"))
}

/// **PP-7.1.2**: a card in column `c` costs `c` rupees, in either row; with Military favored
/// `2c`; column 0 is free either way.
#[test]
fn pp_7_1_2_the_cost_is_the_column() {
    for (favored, per) in [
        (Suit::Political, 1),
        (Suit::Economic, 1),
        (Suit::Military, 2),
    ] {
        let t = Scenario::new(3).favored(favored).table();
        for slot in Slot::all() {
            assert_eq!(
                t.state.cost(t.cards(), 0, slot),
                per * slot.col,
                "{slot} with {favored:?}"
            );
        }
    }
}

/// **PP-7.1.2, PP-15** Persian Influence (#68): Persia court cards cost the owner 0, even with
/// Military favored; other cards and events cost as usual (events have no region).
#[test]
fn pp_7_1_2_persian_influence() {
    let position = |favored: Suit| {
        Scenario::new(3)
            .favored(favored)
            .court(0, &[68])
            .market("top-3", Some(75), 0)
            .market("top-4", Some(61), 0)
            .market("bottom-3", Some(105), 0)
            .table()
    };
    let t = position(Suit::Political);
    assert_eq!(
        [cost(&t, "top-3"), cost(&t, "top-4"), cost(&t, "bottom-3")],
        [0, 4, 3]
    );
    let t = position(Suit::Military);
    assert_eq!(
        [cost(&t, "top-3"), cost(&t, "top-4"), cost(&t, "bottom-3")],
        [0, 8, 6]
    );
    let other = Scenario::new(3)
        .court(1, &[68])
        .market("top-3", Some(75), 0)
        .table();
    assert_eq!(cost(&other, "top-3"), 3, "only for the owner");
}

/// **PP-7.1.2, PP-15** Russian Influence (#70): Russian patriots cost the owner 0; a
/// Transcaspia card that is no patriot, or a British patriot, costs as usual.
#[test]
fn pp_7_1_2_russian_influence() {
    let mut t = Scenario::new(3)
        .loyalty(0, Russian)
        .court(0, &[70])
        .rupees(0, 0)
        .market("top-4", Some(86), 0)
        .market("top-3", Some(96), 0)
        .market("bottom-4", Some(88), 0)
        .table();
    assert_eq!(
        [cost(&t, "top-4"), cost(&t, "top-3"), cost(&t, "bottom-4")],
        [0, 3, 4]
    );
    t.act("buy top-4");
    assert_eq!(t.hand(0), [86]);
    assert!(t.paid().is_empty(), "a zero cost places no rupee");
}

/// **PP-7.1.3**: with Military favored each column to the left gets 2 rupees; a column whose
/// slot in the buyer's row is empty pays the card in the other row.
#[test]
fn pp_7_1_3_doubled_payment_goes_across_an_empty_slot() {
    let mut t = Scenario::new(3)
        .favored(Suit::Military)
        .rupees(0, 6)
        .market("top-0", Some(9), 0)
        .market("top-1", Some(29), 0)
        .market("top-2", None, 0)
        .market("bottom-2", Some(13), 0)
        .market("top-3", Some(48), 0)
        .table();
    t.act("buy top-3");
    assert_eq!(t.rupees(0), 0);
    assert_eq!(
        [t.slot("top-0").1, t.slot("top-1").1, t.slot("bottom-2").1],
        [2, 2, 2]
    );
    assert_eq!(t.paid(), std::collections::BTreeSet::from([9, 29, 13]));
}

/// The position of the empty-column tests: column 2 empty in both rows, the rest full; the
/// buyer buys (Top, 3) for 3 and ends the turn; the deck refills from `deck`.
fn empty_column(options: Options) -> Table {
    let mut t = Scenario::with(options)
        .rupees(0, 3)
        .market("top-0", Some(9), 0)
        .market("top-1", Some(29), 0)
        .market("top-2", None, 0)
        .market("bottom-2", None, 0)
        .market("top-3", Some(48), 0)
        .market("bottom-3", Some(13), 0)
        .deck(&[61, 62, 63, 64])
        .table();
    t.act("buy top-3");
    t
}

/// **PP-7.1.3, PP-OQ-1** both readings: the rupee for a column empty in both rows goes to the
/// bank (`purchase_empty_column = Bank`), or stays on the other row's empty slot
/// (`LeaveOnSlot`), where the next card to land there takes it: in cleanup the bottom row
/// slides and the card that lands on (Bottom, 2) carries the rupee.
#[test]
fn pp_7_1_3_a_fully_empty_column_both_readings() {
    let mut t = empty_column(Options::default());
    assert_eq!(
        (t.slot("top-0").1, t.slot("top-1").1, t.market_total()),
        (1, 1, 2)
    );
    t.act("end");
    assert_eq!(t.market_total(), 2, "the third rupee went to the bank");

    let mut t = empty_column(Options {
        purchase_empty_column: PurchaseEmptyColumn::LeaveOnSlot,
        ..Options::default()
    });
    assert_eq!(t.slot("bottom-2"), (None, 1));
    assert_eq!(t.market_total(), 3);
    t.act("end");
    assert_eq!(t.slot("bottom-2"), (Some(13), 1), "#13 slid onto the rupee");
    assert_eq!(t.market_total(), 3);
}

/// **PP-7.1.4, PP-7.1.5**: buying an event takes the rupees on its slot and costs an action;
/// the event never enters the hand (a lasting one stays with the buyer).
#[test]
fn pp_7_1_5_a_purchased_event_never_enters_the_hand() {
    let mut t = Scenario::new(3)
        .rupees(0, 1)
        .market("top-1", Some(105), 2)
        .table();
    t.act("buy top-1");
    assert_eq!(t.rupees(0), 2, "1 paid, 2 taken");
    assert!(t.hand(0).is_empty());
    assert!(t.player(0).events.contains(darbar::pax_pamir::CardId(105)));
    assert_eq!(t.state.actions_left(), 1);
    assert_eq!(t.slot("top-1"), (None, 0));
}

/// **PP-7.2.1, PP-7.2.4**: a played card goes to the chosen end of the court and the others
/// keep their order; into an empty court it is played to the left only.
#[test]
fn pp_7_2_4_placement_at_either_end() {
    let mut t = Scenario::new(3).hand(0, &[9, 29, 13]).table();
    assert!(
        t.offers("play #9 left") && !t.offers("play #9 right"),
        "an empty court"
    );
    t.acts(&["play #9 left", "road kabul-punjab"]);
    assert!(t.offers("play #29 right"));
    t.acts(&["play #29 right", "road kabul-punjab", "road kabul-punjab"]);
    assert_eq!(t.court(0), [9, 29]);
    let mut t2 = Scenario::new(3).court(0, &[9, 29]).hand(0, &[13]).table();
    t2.acts(&["play #13 left", "road kabul-punjab", "road kabul-punjab"]);
    assert_eq!(t2.court(0), [13, 9, 29]);
    let mut t3 = Scenario::new(3).court(0, &[9, 29]).hand(0, &[13]).table();
    t3.acts(&["play #13 right", "road kabul-punjab", "road kabul-punjab"]);
    assert_eq!(t3.court(0), [9, 29, 13]);
}

/// **PP-7.2.2**: no bribe is owed for a region without a ruler or ruled by the player; the
/// full bribe is the ruler's tribes in the region, whoever else has tribes there.
#[test]
fn pp_7_2_2_when_a_bribe_is_owed() {
    let play = |ruler_tribes: u8, own_tribes: u8| {
        let mut t = Scenario::new(3)
            .rupees(0, 5)
            .hand(0, &[9])
            .court(0, &[5])
            .tribes(0, Kabul, own_tribes)
            .court(1, &[6])
            .tribes(1, Kabul, ruler_tribes)
            .table();
        t.act("play #9 left");
        t
    };
    assert_eq!(play(0, 0).kind(), DecisionKind::RoadBorder, "no ruler");
    assert_eq!(
        play(1, 2).kind(),
        DecisionKind::RoadBorder,
        "the player rules"
    );
    assert_eq!(
        play(1, 1).kind(),
        DecisionKind::RoadBorder,
        "a tie: nobody rules"
    );
    let t = play(3, 1);
    t.expect(
        0,
        DecisionKind::Bribe,
        &["pay", "ask 0", "ask 1", "ask 2", "withdraw"],
    );
}

/// **PP-7.2.2, PP-15** Charismatic Courtiers (#42): its owner never pays a play bribe.
/// **PP-14.1** Disregard for Customs (#107 discarded): nobody does.
#[test]
fn pp_7_2_2_charismatic_courtiers_and_disregard_for_customs() {
    let position = |s: Scenario| {
        let mut t = s.hand(0, &[9]).court(1, &[5]).tribes(1, Kabul, 2).table();
        t.act("play #9 left");
        t
    };
    assert_eq!(position(Scenario::new(3)).kind(), DecisionKind::Bribe);
    assert_eq!(
        position(Scenario::new(3).court(0, &[42])).kind(),
        DecisionKind::RoadBorder
    );
    assert_eq!(
        position(Scenario::new(3).global_event(107)).kind(),
        DecisionKind::RoadBorder
    );
}

/// **PP-7.2.3, PP-OQ-27**: the receiver answers an ask of k with a grant or a counter of
/// k + 1 up to the full bribe, never more; a grant settles the amount asked.
#[test]
fn pp_7_2_3_the_receiver_grants_or_counters_up_to_the_full_bribe() {
    let mut t = Scenario::new(3)
        .rupees(0, 5)
        .hand(0, &[9])
        .court(1, &[5])
        .tribes(1, Kabul, 4)
        .table();
    t.acts(&["play #9 left", "ask 2"]);
    t.expect(1, DecisionKind::Bribe, &["grant", "counter 3", "counter 4"]);
    t.act("grant");
    assert_eq!((t.rupees(0), t.rupees(1)), (3, 6));
    assert_eq!(t.court(0), [9]);
}

/// The position of the withdrawal tests: seat 0 with `rupees` plays #9, owing a bribe of 3.
fn bribe_of_three(rupees: i16) -> Table {
    Scenario::new(3)
        .rupees(0, rupees)
        .hand(0, &[9, 13])
        .court(1, &[5])
        .tribes(1, Kabul, 3)
        .table()
}

/// **PP-7.2.3, PP-OQ-10**: a withdrawn play may be declared again, with only pay and withdraw;
/// a second withdrawal closes the card for the turn: it is no longer offered and is refused
/// (PP-OQ-10), while another card of the region may still be played. The next turn it opens
/// again.
#[test]
fn pp_7_2_3_a_second_withdrawal_closes_the_card_for_the_turn() {
    let mut t = bribe_of_three(5);
    t.acts(&["play #9 left", "withdraw", "play #9 left"]);
    t.expect(0, DecisionKind::Bribe, &["pay", "withdraw"]);
    t.act("withdraw");
    assert_eq!(t.kind(), DecisionKind::Action);
    assert!(!t.offers("play #9 left") && !t.offers("play #9 right"));
    assert!(t.offers("play #13 left"), "only that card is closed");
    let err = t.refused("play #9 left");
    assert_eq!(err.rule().0, "PP-OQ-10");
    assert_eq!((t.state.actions_left(), t.rupees(0)), (2, 5));
    // Around the table: the card opens again on the player's next turn.
    t.acts(&["end", "end", "end"]);
    assert_eq!(t.state.active(), 0);
    t.act("play #9 left");
    assert!(t.offers("ask 0"), "a fresh negotiation");
}

/// **PP-7.2.3**: a renewed negotiation offers no ask, so a briber who cannot pay the full bribe
/// has no opening left after one withdrawal: the play is not offered (PP-7.2.3).
#[test]
fn pp_7_2_3_a_retry_needs_the_full_bribe() {
    let mut t = bribe_of_three(1);
    t.act("play #9 left");
    t.expect(0, DecisionKind::Bribe, &["ask 0", "ask 1", "withdraw"]);
    t.act("withdraw");
    assert!(!t.offers("play #9 left"));
    assert_eq!(t.refused("play #9 left").rule().0, "PP-7.2.3");
}

/// **PP-7.2.5, PP-9.3**: a patriot of the player's own loyalty changes nothing: the other
/// patriots, gifts and prizes stay.
#[test]
fn pp_7_2_5_a_patriot_of_the_own_coalition() {
    let mut t = Scenario::new(3)
        .loyalty(0, British)
        .court(0, &[19])
        .prizes(0, &[25])
        .gifts(0, &[darbar::pax_pamir::GiftSlot::Gift2])
        .hand(0, &[20])
        .table();
    assert_eq!(t.influence(0), 4);
    t.acts(&["play #20 right", "spy #19"]);
    assert_eq!(t.player(0).loyalty, Some(British));
    assert_eq!(t.court(0), [19, 20]);
    assert_eq!(t.influence(0), 5);
}

/// **PP-7.3**: rulers are recomputed after every placement: a tribe icon that ties the ruler
/// ends the rule, so the next play of a card of that region owes no bribe.
#[test]
fn pp_7_3_rulers_are_recomputed_after_each_icon() {
    let mut t = Scenario::new(3)
        .rupees(0, 4)
        .hand(0, &[5, 9])
        .court(1, &[6])
        .tribes(1, Kabul, 1)
        .table();
    assert_eq!(t.state.ruler(Kabul), Some(1));
    t.acts(&["play #5 left", "pay"]);
    assert_eq!(t.state.tribes(0, Kabul), 1);
    assert_eq!(t.state.ruler(Kabul), None);
    t.act("play #9 left");
    assert_eq!(t.kind(), DecisionKind::RoadBorder, "no ruler: no bribe");
    assert_eq!((t.rupees(0), t.rupees(1)), (3, 5));
}

/// **PP-7.3, PP-3.5**: an army or road icon places a block of the player's loyalty, whatever
/// the coalition of the card or its prize.
#[test]
fn pp_7_3_blocks_are_of_the_players_loyalty() {
    let mut t = Scenario::new(3).loyalty(0, Russian).hand(0, &[34]).table();
    t.act("play #34 left");
    assert_eq!(t.state.armies(Russian, Punjab), 1);
    assert_eq!(
        t.state.armies(British, Punjab) + t.state.armies(Afghan, Punjab),
        0
    );
}
