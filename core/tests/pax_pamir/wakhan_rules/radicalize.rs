//! Radicalize (WK-4): the plain Radicalize with a Dominance Check in the market (WK-4.1) and
//! playing the card she bought, with the bribe she owes (WK-4.3).

use darbar::pax_pamir::Coalition::British;
use darbar::pax_pamir::Line::{Betray, Radicalize, Tax};
use darbar::pax_pamir::Region::{Kandahar, Punjab};
use darbar::pax_pamir::{BribeWaiver, DecisionKind, Icon, Label, Options};

use super::{bought, court_card, her_turn, icons, lines_of, log, reading};
use crate::scenario::{Scenario, Table};

/// **WK-4.1**, **WK-0.3**: with a Dominance Check in the market and no dominant coalition she
/// buys the card with the most spy and tribe icons; when the best count is 0 she still buys
/// the cheapest, the highest number first. She has 1 rupee; top-1 is the check (never bought
/// by Radicalize); every card she can afford has no spy or tribe icon: #61 and #16 (column 0)
/// are the cheapest, #61 the higher number, then #16.
#[test]
fn wk_4_1_a_best_icon_count_of_zero_still_buys_the_cheapest_highest_number() {
    lines_of(8, [Tax, Betray, Radicalize]);
    for n in [16, 61, 67] {
        assert_eq!(icons(n, &[Icon::Spy, Icon::Tribe]), 0, "#{n}");
    }
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[8, 14])
            .rupees(0, 1)
            .market("top-0", Some(16), 0)
            .market("bottom-0", Some(61), 0)
            .market("top-1", Some(101), 0)
            .market("bottom-1", Some(67), 0),
    );
    assert_eq!(bought(&t), vec![61, 16], "{}", log(&t));
    assert!(
        t.logged("#61 Karakul Sheep: a Dominance Check is in the market and no coalition is dominant: the most spy and tribe icons (0), then the cheapest (WK-4.1)"),
        "{}",
        log(&t)
    );
    let market: Vec<Option<u8>> = darbar::pax_pamir::Slot::all()
        .map(|s| t.state.market_card(s).map(|c| c.0))
        .collect();
    assert!(market.contains(&Some(101)), "the check stays in the market");
}

/// **WK-4.1**: with a dominant coalition and no patriot of it for sale she buys the most army
/// and road icons, and with a best count of 0 the cheapest, highest number. British is
/// dominant (4 British armies); she has no rupee (the check at top-1 costs 1); #1 and #4 in
/// column 0 have no army or road icon: #4.
#[test]
fn wk_4_1_dominant_coalition_with_no_army_or_road_icon_for_sale() {
    for n in [1, 4] {
        assert_eq!(icons(n, &[Icon::Army, Icon::Road]), 0, "#{n}");
        assert_ne!(court_card(n).patriot, Some(British));
    }
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[8, 14])
            .rupees(0, 0)
            .armies(British, Punjab, 4)
            .market("top-0", Some(1), 0)
            .market("bottom-0", Some(4), 0)
            .market("top-1", Some(101), 0),
    );
    assert_eq!(bought(&t), vec![4, 1], "{}", log(&t));
    assert!(
        t.logged("British is dominant and no British patriot is for sale: the most army and road icons (0), then the cheapest (WK-4.1)"),
        "{}",
        log(&t)
    );
}

/// The bribe position: seat 1 rules Kandahar with 2 tribes; AI8 (over AI14: top-0) makes her
/// buy #48 Fruit Markets (Kandahar) for 0 at her first Radicalize, so she owes a bribe of 2;
/// her second Radicalize buys #1 Mohan Lal (Kabul: no bribe) from bottom-0.
fn bribe(rupees: i16, waiver: BribeWaiver) -> Table {
    lines_of(8, [Tax, Betray, Radicalize]);
    assert_eq!(reading(8, 14), (Label::T, 0));
    assert_eq!(court_card(48).region, Kandahar);
    her_turn(
        Scenario::wakhan_with(Options {
            players: 2,
            wakhan_bribe_waiver: waiver,
            ..Options::default()
        })
        .ai_deck(&[8, 14])
        .rupees(0, rupees)
        .tribes(1, Kandahar, 2)
        .market("top-0", Some(48), 0)
        .market("bottom-0", Some(1), 0),
    )
}

/// **WK-4.3** `wakhan_bribe_waiver = Ask`: the receiver may lower the bribe; she pays what is
/// asked and plays the card (to the left: label T).
#[test]
fn wk_4_3_the_receiver_lowers_the_bribe_and_she_plays_the_card() {
    let mut t = bribe(1, BribeWaiver::Ask);
    assert_eq!(t.decision(), Some((1, DecisionKind::Bribe)), "{}", log(&t));
    assert!(t.offers("grant") && t.offers("counter 1") && t.offers("counter 2"));
    assert!(
        t.logged("Wakhan owes P2 a bribe of 2 to play #48"),
        "{}",
        log(&t)
    );
    assert!(t.logged("may ask for less (WK-4.3)"));
    t.act("counter 1");
    // Label T: both cards she plays go to the left of her court (WK-4.3).
    assert_eq!(t.court(0), vec![1, 48], "{}", log(&t));
    assert_eq!((t.rupees(0), t.rupees(1)), (0, 5));
    assert_eq!(bought(&t), vec![48, 1]);
}

/// **WK-4.3**, **WK-OQ-25**: asked the full 2 with 1 rupee, she cannot pay: the card is
/// discarded with no effect, the purchase stays spent and the Radicalize still counts (she
/// takes one more action only).
#[test]
fn wk_4_3_a_bribe_she_cannot_pay_discards_the_card_and_the_action_counts() {
    let mut t = bribe(1, BribeWaiver::Ask);
    t.act("counter 2");
    assert!(t.discarded(48), "{}", log(&t));
    assert!(!t.court(0).contains(&48));
    assert!(
        t.logged("Wakhan cannot pay the bribe for #48 Fruit Markets: it is discarded (WK-4.3)")
    );
    assert_eq!((t.rupees(0), t.rupees(1)), (1, 4));
    assert_eq!(bought(&t), vec![48, 1], "{}", log(&t));
    assert!(t.logged("two actions done (WK-2.2)"));
    assert_eq!(t.decision(), Some((1, DecisionKind::Action)));
}

/// **WK-4.3** `config: wakhan_bribe_waiver = Never`: nobody is asked; she pays the full bribe
/// if she can, else the card is discarded.
#[test]
fn wk_4_3_never_pays_the_full_bribe_without_asking() {
    let t = bribe(2, BribeWaiver::Never);
    assert_eq!(t.decision(), Some((1, DecisionKind::Action)), "{}", log(&t));
    assert!(!t.logged("may ask for less"));
    assert!(t.court(0).contains(&48), "{}", log(&t));
    assert_eq!((t.rupees(0), t.rupees(1)), (0, 6));
    assert!(t.logged("(WK-11.4)"));
    let poor = bribe(1, BribeWaiver::Never);
    assert_eq!(poor.decision(), Some((1, DecisionKind::Action)));
    assert!(poor.discarded(48), "{}", log(&poor));
    assert!(poor.logged("it is discarded (WK-4.3)"));
    assert_eq!((poor.rupees(0), poor.rupees(1)), (1, 4));
}

/// **WK-4.3**, **PP-7.2.2**: no bribe is owed when she has Charismatic Courtiers (#42 in her
/// court) or while Disregard for Customs lasts: #48 is played into the person's Kandahar and
/// nobody is asked.
#[test]
fn wk_4_3_no_bribe_under_charismatic_courtiers_or_disregard_for_customs() {
    assert_eq!(
        court_card(42).special_ability,
        Some(darbar::pax_pamir::Ability::CharismaticCourtiers)
    );
    assert_eq!(
        super::cards()
            .event(darbar::pax_pamir::CardId(107))
            .map(|e| e.discarded),
        Some(darbar::pax_pamir::EventEffect::DisregardForCustoms)
    );
    let base = || {
        Scenario::wakhan(2)
            .ai_deck(&[8, 14])
            .tribes(1, Kandahar, 2)
            .market("top-0", Some(48), 0)
            .market("bottom-0", Some(1), 0)
    };
    for t in [
        her_turn(base().court(0, &[42])),
        her_turn(base().global_event(107)),
    ] {
        assert_eq!(t.decision(), Some((1, DecisionKind::Action)), "{}", log(&t));
        assert!(t.court(0).contains(&48), "{}", log(&t));
        assert!(!t.logged("bribe of 2"), "{}", log(&t));
        assert_eq!(t.rupees(1), 4);
    }
}
