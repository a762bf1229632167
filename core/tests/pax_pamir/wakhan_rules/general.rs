//! Her general rules (WK-11): "may" means always, suits, bribes, loyalty and scoring,
//! leverage, the events she buys and her hand.

use darbar::pax_pamir::Coalition::{British, Russian};
use darbar::pax_pamir::Line::{Betray, Radicalize, Tax};
use darbar::pax_pamir::Region::{Herat, Kandahar, Persia, Punjab, Transcaspia};
use darbar::pax_pamir::{Ability, CardAction, DecisionKind, EventEffect, GiftSlot, Label, Suit};

use super::turn::nothing_to_buy;
use super::{ai, bought, court_card, her_turn, line_with, lines_of, log, reading, shows};
use crate::scenario::{Scenario, Table, card};

/// Her turn with nothing to do, AI9 (three radicalize lines) current.
fn quiet(scenario: Scenario) -> Table {
    her_turn(nothing_to_buy(scenario.ai_deck(&[9, 1])))
}

/// **WK-11.2**: she always uses Blackmail, at the start of her turn, on the highest-priority
/// card of the region with no spy, Herat before Kandahar. Economic is favored, so the person's
/// #61 Karakul Sheep would come first in Herat, but it has a spy: #57 gets hers; in Kandahar
/// the person's #48.
#[test]
fn wk_11_2_blackmail_herat_before_kandahar_on_cards_with_no_spy() {
    for n in [54, 43] {
        assert_eq!(court_card(n).special_ability, Some(Ability::Blackmail));
    }
    assert_eq!(
        (court_card(54).region, court_card(43).region),
        (Herat, Kandahar)
    );
    assert_eq!(court_card(61).suit, Suit::Economic);
    assert_eq!(court_card(57).suit, Suit::Political);
    let t = quiet(
        Scenario::wakhan(2)
            .favored(Suit::Economic)
            .court(0, &[43, 54])
            .court(1, &[61, 57, 48])
            .spies(61, 1, 1),
    );
    let herat = line_with(&t, &["Wakhan uses Blackmail in Herat", "#57 ", "WK-11.2"]);
    let kandahar = line_with(
        &t,
        &["Wakhan uses Blackmail in Kandahar", "#48 ", "WK-11.2"],
    );
    assert!(herat < kandahar, "{}", log(&t));
    assert_eq!(t.state.spies(card(57), 0), 1);
    assert_eq!(t.state.spies(card(48), 0), 1);
    assert_eq!(t.state.spies(card(61), 0), 0);
}

/// **WK-11.2**, **PP-15**: Safe House is always used: when the person's battle removes her spy,
/// it goes on her highest-priority Safe House card — of #41 and #72 (both Intelligence, rank 2)
/// the higher number, #72 (WK-3.2#8).
#[test]
fn wk_11_2_safe_house_always_keeps_her_spy() {
    for n in [41, 72] {
        assert_eq!(court_card(n).special_ability, Some(Ability::SafeHouse));
        assert_eq!(
            (court_card(n).suit, court_card(n).rank),
            (Suit::Intelligence, 2)
        );
    }
    assert!(shows(39, CardAction::Battle));
    let mut t = Scenario::wakhan(2)
        .court(0, &[41, 72])
        .court(1, &[39])
        .spies(39, 0, 1)
        .spies(39, 1, 1)
        .table();
    t.act("use #39 battle");
    if t.offers("battle #39") {
        t.act("battle #39");
    }
    t.act("remove spy p1");
    assert_eq!(t.state.spies(card(39), 0), 0, "{}", log(&t));
    assert_eq!(t.state.spies(card(72), 0), 1, "{}", log(&t));
    assert!(
        t.logged("Wakhan always keeps her spy: on #72 Claude Wade (sieve WK-3.2 step 8"),
        "{}",
        log(&t)
    );
    assert!(t.logged("WK-11.2)"));
}

/// **WK-11.3**, **WK-11.8**: made to choose a suit (Pashtunwali Values) she names the favored
/// suit, so it does not change, and the "ignore suit changes" effect starts: the Military icon
/// of #10 Balkh Arsenic Mine, bought next, changes nothing. AI8 over AI15 reads top-1:
/// #115 (cost 1, its rupee locks top-0), then bottom-1 #10.
#[test]
fn wk_11_3_she_names_the_favored_suit() {
    lines_of(8, [Tax, Betray, Radicalize]);
    assert_eq!(reading(8, 15), (Label::T, 1));
    assert_eq!(
        super::cards().event(card(115)).map(|e| e.purchased),
        Some(EventEffect::PashtunwaliValues)
    );
    assert!(
        court_card(10)
            .impact_icons
            .contains(&darbar::pax_pamir::Icon::Favor(Suit::Military))
    );
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[8, 15])
            .favored(Suit::Economic)
            .market("top-1", Some(115), 0)
            .market("bottom-1", Some(10), 0),
    );
    assert_eq!(bought(&t), vec![115, 10], "{}", log(&t));
    assert!(
        t.logged("Wakhan names the favored suit, Economic (WK-11.3)"),
        "{}",
        log(&t)
    );
    assert_eq!(t.state.favored_suit(), Suit::Economic);
    assert!(t.global(EventEffect::PashtunwaliValues));
}

/// **WK-11.4**: a bribe she receives she never lowers. She rules Kandahar (2 tribes); the
/// person plays #48 (Kandahar) and asks to pay 1: she counters the full 2. The same for a
/// hostage bribe: her 2 spies hold the person's #61, the person asks 0 for its Tax: 2.
#[test]
fn wk_11_4_she_never_lowers_a_bribe_she_receives() {
    let mut t = Scenario::wakhan(2)
        .tribes(0, Kandahar, 2)
        .hand(1, &[48])
        .table();
    t.act("play #48 left");
    assert_eq!(t.decision(), Some((1, DecisionKind::Bribe)));
    t.act("ask 1");
    assert!(
        t.logged("Wakhan never lowers a bribe: she asks for all 2 (WK-11.4)"),
        "{}",
        log(&t)
    );
    assert_eq!(t.decision(), Some((1, DecisionKind::Bribe)));
    assert!(t.offers("pay") && t.offers("withdraw"), "{:?}", t.choices());
    t.act("pay");
    assert_eq!((t.rupees(0), t.rupees(1)), (6, 2));
    assert!(t.court(1).contains(&48));

    let mut h = Scenario::wakhan(2)
        .court(1, &[61])
        .spies(61, 0, 2)
        .market("top-0", Some(63), 1)
        .table();
    h.act("use #61 tax");
    assert_eq!(h.decision(), Some((1, DecisionKind::Bribe)));
    h.act("ask 0");
    assert!(
        h.logged("Wakhan never lowers a bribe: she asks for all 2 (WK-11.4)"),
        "{}",
        log(&h)
    );
    assert!(h.offers("pay") && h.offers("withdraw"), "{:?}", h.choices());
}

/// **WK-11.5**: playing a patriot changes nothing for her: #50 British Regulars joins her
/// Russian patriot #69, her British prize and her gift stay.
#[test]
fn wk_11_5_a_patriot_changes_nothing_for_her() {
    assert_eq!(court_card(50).patriot, Some(British));
    assert_eq!(court_card(69).patriot, Some(Russian));
    assert_eq!(reading(8, 14), (Label::T, 0));
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[8, 14])
            .court(0, &[69])
            .prizes(0, &[57])
            .gifts(0, &[GiftSlot::Gift2])
            .market("top-0", Some(50), 0)
            .market("bottom-0", Some(4), 0),
    );
    assert_eq!(bought(&t)[0], 50, "{}", log(&t));
    assert!(t.logged("(WK-4.2)"));
    let court = t.court(0);
    assert!(court.contains(&50) && court.contains(&69), "{}", log(&t));
    assert!(t.player(0).prizes.contains(card(57)));
    assert!(t.state.gift(0, GiftSlot::Gift2));
    assert_eq!(t.player(0).loyalty, None);
}

/// **WK-11.5**, **PP-13.3**: in a successful check she always takes part, with her influence in
/// the dominant coalition. British is dominant (4 British armies); seat 2 is British
/// (influence 1), seat 1 Russian (no part); her British influence is 1 + her gift = 2: she is
/// first (5 VP), seat 2 second (3). The check is in column 0 at seat 2's cleanup.
#[test]
fn wk_11_5_she_takes_part_in_every_successful_check() {
    let t = her_turn(
        Scenario::wakhan(3)
            .loyalty(1, Russian)
            .loyalty(2, British)
            .armies(British, Punjab, 4)
            .gifts(0, &[GiftSlot::Gift2])
            .market("top-0", Some(101), 0),
    );
    assert!(
        t.logged("Dominance Check (PP-13): the British coalition is dominant"),
        "{}",
        log(&t)
    );
    assert!(t.logged("Wakhan scores 2 and gains 5 VP"), "{}", log(&t));
    assert!(t.logged("P3 scores 1 and gains 3 VP"));
    assert!(!t.logged("P2 scores"));
    assert_eq!(t.vps(), vec![5, 0, 3]);
}

/// **WK-11.5**, **PP-13.4**: in an unsuccessful check she counts her cylinders in play:
/// a tribe, a spy and a gift make 3, against the person's 2 tribes: 3 VP to 1.
#[test]
fn wk_11_5_an_unsuccessful_check_counts_all_her_cylinders() {
    let t = her_turn(
        Scenario::wakhan(2)
            .tribes(0, Herat, 1)
            .court(1, &[4])
            .spies(4, 0, 1)
            .gifts(0, &[GiftSlot::Gift2])
            .tribes(1, Persia, 2)
            .market("top-0", Some(101), 0),
    );
    assert!(
        t.logged("no coalition is dominant: cylinders in play score"),
        "{}",
        log(&t)
    );
    assert!(t.logged("Wakhan scores 3 and gains 3 VP"), "{}", log(&t));
    assert_eq!(t.vps(), vec![3, 1]);
}

/// **WK-11.6**, **PP-11.2**: when a leveraged card of hers is discarded she pays what she has
/// of the 2 rupees and discards nothing more. Four leveraged cards, limit 3, no rupee: the
/// court-limit discard takes #30 (lowest rank, lowest number) and she stays at 3 cards.
#[test]
fn wk_11_6_leverage_with_no_rupee_discards_nothing_more() {
    for n in [14, 30, 46, 79] {
        assert!(court_card(n).leveraged(), "#{n}");
    }
    let t = quiet(Scenario::wakhan(2).court(0, &[14, 30, 46, 79]));
    assert!(t.discarded(30), "{}", log(&t));
    assert_eq!(t.court(0), vec![14, 46, 79], "{}", log(&t));
    assert!(
        t.logged("of 2 rupees of leverage, all she has, and discards nothing (WK-11.6)"),
        "{}",
        log(&t)
    );
    assert_eq!(t.rupees(0), 0);
}

/// An event bought with her first Radicalize: AI8 over AI15 reads top-1 (label T: the red
/// arrow prefers seat 2, who plays just before her).
fn event(scenario: Scenario, number: u8) -> Table {
    assert_eq!(reading(8, 15), (Label::T, 1));
    her_turn(scenario.ai_deck(&[8, 15]).market("top-1", Some(number), 0))
}

/// **WK-11.8**, **WK-1.6**: Rumor targets the red arrow's opponent: seat 2, whose British
/// patriot then gives no influence.
#[test]
fn wk_11_8_rumor_targets_the_red_arrows_opponent() {
    assert_eq!(
        super::cards().event(card(108)).map(|e| e.purchased),
        Some(EventEffect::Rumor)
    );
    let t = event(
        Scenario::wakhan(3)
            .loyalty(1, British)
            .court(1, &[51])
            .loyalty(2, British)
            .court(2, &[50]),
        108,
    );
    assert_eq!(bought(&t)[0], 108, "{}", log(&t));
    assert!(
        t.logged("Wakhan chooses P3 for Rumor: the red arrow's opponent (WK-11.8)"),
        "{}",
        log(&t)
    );
    assert_eq!((t.influence(1), t.influence(2)), (2, 1));
}

/// **WK-11.8**, **WK-11.9**: Other Persuasive Methods swaps hands with the red arrow's
/// opponent (seat 2); she never plays the cards she gets and keeps them within her limit.
#[test]
fn wk_11_8_other_persuasive_methods_swaps_with_the_red_arrows_opponent() {
    assert_eq!(
        super::cards().event(card(114)).map(|e| e.purchased),
        Some(EventEffect::OtherPersuasiveMethods)
    );
    let t = event(Scenario::wakhan(3).hand(2, &[5, 24]).hand(1, &[25]), 114);
    assert_eq!(bought(&t)[0], 114, "{}", log(&t));
    assert!(
        t.logged("Wakhan chooses P3 for swapping hands: the red arrow's opponent (WK-11.8)"),
        "{}",
        log(&t)
    );
    let mut hand = t.hand(0);
    hand.sort_unstable();
    assert_eq!(hand, vec![5, 24], "{}", log(&t));
    assert!(t.hand(2).is_empty());
    assert_eq!(t.hand(1), vec![25]);
    assert!(!t.court(0).contains(&5) && !t.court(0).contains(&24));
}

/// **WK-11.8**: Rebuke strikes the first region of her region order: AI8's is Transcaspia,
/// whose tribes and armies go; Persia (second) keeps its own.
#[test]
fn wk_11_8_rebuke_strikes_the_first_region_of_her_order() {
    assert_eq!(ai(8).region_order[..2], [Transcaspia, Persia]);
    let t = event(
        Scenario::wakhan(3)
            .tribes(1, Transcaspia, 1)
            .armies(Russian, Transcaspia, 2)
            .tribes(2, Persia, 1)
            .armies(Russian, Persia, 1),
        116,
    );
    assert_eq!(bought(&t)[0], 116, "{}", log(&t));
    assert!(
        t.logged("Wakhan rebukes Transcaspia, the first region of her region order (WK-11.8)"),
        "{}",
        log(&t)
    );
    assert_eq!(t.state.tribes(1, Transcaspia), 0);
    assert_eq!(t.state.armies(Russian, Transcaspia), 0);
    assert_eq!(t.state.tribes(2, Persia), 1);
    assert_eq!(t.state.armies(Russian, Persia), 1);
}

/// **WK-11.8**, **WK-3.3**: Confidence Failure (discarded from column 0 at the person's
/// cleanup): with a hand she discards one card by the WK-3.1 sieve: #9, the non-political one.
#[test]
fn wk_11_8_confidence_failure_discards_from_her_hand_by_the_sieve() {
    assert_eq!(
        super::cards().event(card(114)).map(|e| e.discarded),
        Some(EventEffect::ConfidenceFailure)
    );
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[9, 1])
            .hand(0, &[5, 9])
            .market("top-0", Some(114), 0),
    );
    assert!(
        t.logged("Wakhan discards #9 Afghan Handicrafts from her hand (sieve WK-3.1 step 1"),
        "{}",
        log(&t)
    );
    assert!(t.discarded(9));
    assert_eq!(t.hand(0), vec![5]);
}

/// **WK-11.9**: she never plays from her hand; within her hand limit she keeps it. Hand #5 and
/// #24 (limit 2) after a turn of two Radicalizes.
#[test]
fn wk_11_9_she_never_plays_her_hand() {
    let t = her_turn(Scenario::wakhan(2).ai_deck(&[8, 14]).hand(0, &[5, 24]));
    assert_eq!(bought(&t).len(), 2, "{}", log(&t));
    assert_eq!(t.hand(0), vec![5, 24], "{}", log(&t));
    assert!(!t.court(0).contains(&5) && !t.court(0).contains(&24));
    assert!(!t.logged("plays #5 ") && !t.logged("plays #24 "));
}

/// **WK-11.2**, **PP-7.2.2**: holding Courtly Manners she never pays a bribe: #48 goes into
/// Kandahar, ruled by the person, with nobody asked.
#[test]
fn wk_11_2_under_courtly_manners_she_pays_no_bribe() {
    assert_eq!(
        super::cards().event(card(107)).map(|e| e.purchased),
        Some(EventEffect::CourtlyManners)
    );
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[8, 14])
            .events(0, &[107])
            .tribes(1, Kandahar, 2)
            .market("top-0", Some(48), 0)
            .market("bottom-0", Some(1), 0),
    );
    assert_eq!(t.decision(), Some((1, DecisionKind::Action)), "{}", log(&t));
    assert!(t.court(0).contains(&48), "{}", log(&t));
    assert!(t.logged("Wakhan pays no bribe under Courtly Manners (WK-11.2)"));
    assert_eq!(t.rupees(1), 4);
}

/// **WK-11.5**, **PP-14.1**: Failure to Impress makes her discard all her prizes, whatever
/// their coalitions (the event leaves column 0 at the person's cleanup).
#[test]
fn wk_11_5_failure_to_impress_takes_all_her_prizes() {
    assert_eq!(
        super::cards().event(card(108)).map(|e| e.discarded),
        Some(EventEffect::FailureToImpress)
    );
    assert_ne!(court_card(57).prize, court_card(26).prize);
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[9, 1])
            .prizes(0, &[57, 26])
            .market("top-0", Some(108), 0),
    );
    assert!(t.player(0).prizes.is_empty(), "{}", log(&t));
    assert!(t.discarded(57) && t.discarded(26));
}

/// **WK-11.5**: under a Rumor on her, her patriots give no influence. Her British patriot #50
/// and the British person (influence 1) in a successful British check: 1 against 1, a tie
/// (4 VP each, PP-13.5); without the Rumor her 2 would be first (5 and 3).
#[test]
fn wk_11_5_a_rumor_on_her_cancels_her_patriots() {
    assert_eq!(court_card(50).patriot, Some(British));
    let position = |rumor: bool| {
        let mut s = Scenario::wakhan(2)
            .loyalty(1, British)
            .court(0, &[50])
            .armies(British, Punjab, 4)
            .market("top-0", Some(101), 0);
        if rumor {
            s = s.events(1, &[108]).rumor(0);
        }
        her_turn(s)
    };
    let rumored = position(true);
    assert!(
        rumored.logged("Wakhan scores 1 and gains 4 VP"),
        "{}",
        log(&rumored)
    );
    assert_eq!(rumored.vps()[..2], [4, 4]);
    let plain = position(false);
    assert!(
        plain.logged("Wakhan scores 2 and gains 5 VP"),
        "{}",
        log(&plain)
    );
}
