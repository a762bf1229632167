//! The sieve (WK-0.2) and her priority lists: the court discard sieve (WK-3.1), the card
//! priority (WK-3.2) and her hand discards (WK-3.3). Each criterion decides once.
//!
//! The discard tests play a turn in which she can do nothing (no rupee, nothing to buy, no
//! court card that can act), so the cards she holds are the ones set; the card-priority tests
//! use her Blackmail (#43, Kandahar, WK-11.2), whose log names the criterion that decided.

use darbar::pax_pamir::Coalition::{Afghan, British, Russian};
use darbar::pax_pamir::Region::{Kandahar, Punjab};
use darbar::pax_pamir::{Ability, Coalition, Suit};

use super::turn::nothing_to_buy;
use super::{court_card, her_turn, log};
use crate::scenario::{Scenario, Table, card};

/// Her turn with nothing to do, AI9 (three radicalize lines) current.
fn quiet(scenario: Scenario) -> Table {
    her_turn(nothing_to_buy(scenario.ai_deck(&[9, 1])))
}

/// Asserts that she discarded `n` from her court by criterion `step` of WK-3.1.
#[track_caller]
fn discarded_by(t: &Table, n: u8, step: u8) {
    assert!(t.discarded(n), "#{n} is discarded\n{}", log(t));
    assert!(!t.court(0).contains(&n));
    let cite = format!("sieve WK-3.1 step {step}:");
    assert!(
        t.log
            .iter()
            .any(|l| l.starts_with(&format!("Wakhan discards #{n} ")) && l.contains(&cite)),
        "#{n} by {cite}\n{}",
        log(t)
    );
}

/// **WK-0.2**: a criterion that would keep no candidate is skipped, and the next one decides.
/// Her court #40, #80, #19, #81 (limit 3): all four are patriots, so WK-3.1#2 ("not a patriot")
/// would keep none and is skipped; #3 ("not leveraged") keeps #19 alone, which she discards.
#[test]
fn wk_0_2_a_criterion_that_would_keep_none_is_skipped() {
    for n in [40, 80, 19, 81] {
        assert_ne!(court_card(n).suit, Suit::Political, "#{n}");
        assert!(court_card(n).patriot.is_some(), "#{n}");
    }
    assert!(!court_card(19).leveraged());
    for n in [40, 80, 81] {
        assert!(court_card(n).leveraged(), "#{n}");
    }
    let t = quiet(Scenario::wakhan(2).court(0, &[40, 80, 19, 81]));
    discarded_by(&t, 19, 3);
    assert_eq!(t.court(0), vec![40, 80, 81]);
}

/// **WK-3.1#1**, **WK-3.3**: not political. Her hand (limit 2) holds two political cards and
/// #9 Afghan Handicrafts: #9 goes.
#[test]
fn wk_3_1_criterion_1_keeps_the_non_political_cards() {
    assert_eq!(court_card(5).suit, Suit::Political);
    assert_eq!(court_card(24).suit, Suit::Political);
    assert_eq!(court_card(9).suit, Suit::Economic);
    let t = quiet(Scenario::wakhan(2).hand(0, &[5, 9, 24]));
    assert_eq!(t.hand(0), vec![5, 24], "{}", log(&t));
    assert!(t.discarded(9));
    assert!(
        t.logged("Wakhan discards #9 Afghan Handicrafts from her hand (sieve WK-3.1 step 1"),
        "{}",
        log(&t)
    );
    assert!(t.logged("WK-3.3"));
}

/// **WK-3.1#2**: not a patriot. Three patriots and #61 Karakul Sheep: #61 goes.
#[test]
fn wk_3_1_criterion_2_keeps_the_non_patriots() {
    for n in [50, 84, 69] {
        assert!(court_card(n).patriot.is_some(), "#{n}");
    }
    assert_eq!(court_card(61).patriot, None);
    let t = quiet(Scenario::wakhan(2).court(0, &[50, 84, 69, 61]));
    discarded_by(&t, 61, 2);
}

/// **WK-3.1#3**: not leveraged. Three leveraged cards and #63 Farah Road: #63 goes.
#[test]
fn wk_3_1_criterion_3_keeps_the_cards_not_leveraged() {
    for n in [14, 30, 79] {
        assert!(court_card(n).leveraged(), "#{n}");
        assert_eq!(court_card(n).patriot, None);
    }
    assert!(!court_card(63).leveraged());
    let t = quiet(Scenario::wakhan(2).court(0, &[14, 30, 79, 63]));
    discarded_by(&t, 63, 3);
}

/// **WK-3.1#4**: the most opponents' spies minus hers, a value that can be negative. Her spies
/// 2, 1, 3 on #61, #63, #64 (values −2, −1, −3); one each on #67 (value 0): #67 goes.
#[test]
fn wk_3_1_criterion_4_counts_opponent_spies_minus_hers() {
    let t = quiet(
        Scenario::wakhan(2)
            .court(0, &[61, 63, 67, 64])
            .spies(61, 0, 2)
            .spies(63, 0, 1)
            .spies(67, 0, 1)
            .spies(67, 1, 1)
            .spies(64, 0, 3),
    );
    discarded_by(&t, 67, 4);
}

/// **WK-3.1#5**: the fewest spies of all players. Each card has as many of her spies as of the
/// person's (criterion 4 is 0 for all); #63 has none at all: it goes.
#[test]
fn wk_3_1_criterion_5_keeps_the_fewest_spies() {
    let t = quiet(
        Scenario::wakhan(2)
            .court(0, &[61, 63, 67, 64])
            .spies(61, 0, 1)
            .spies(61, 1, 1)
            .spies(67, 0, 1)
            .spies(67, 1, 1)
            .spies(64, 0, 2)
            .spies(64, 1, 2),
    );
    discarded_by(&t, 63, 5);
}

/// **WK-3.1#6**: the lowest rank. Ranks 2, 3, 1, 2: #9 (rank 1) goes.
#[test]
fn wk_3_1_criterion_6_keeps_the_lowest_rank() {
    let ranks: Vec<u8> = [61, 63, 9, 64].map(|n| court_card(n).rank).to_vec();
    assert_eq!(ranks, vec![2, 3, 1, 2]);
    let t = quiet(Scenario::wakhan(2).court(0, &[61, 63, 9, 64]));
    discarded_by(&t, 9, 6);
}

/// **WK-3.1#7**: not favored. Four rank-1 cards with Economic favored: #16 Bala Hissar, the
/// only Military one, goes.
#[test]
fn wk_3_1_criterion_7_keeps_the_cards_not_favored() {
    for n in [9, 48, 49] {
        assert_eq!(
            (court_card(n).suit, court_card(n).rank),
            (Suit::Economic, 1)
        );
    }
    assert_eq!(
        (court_card(16).suit, court_card(16).rank),
        (Suit::Military, 1)
    );
    let t = quiet(
        Scenario::wakhan(2)
            .favored(Suit::Economic)
            .court(0, &[9, 16, 48, 49]),
    );
    discarded_by(&t, 16, 7);
}

/// **WK-3.1#8**: the lowest card number. Four rank-1 Economic cards, none favored: #9 goes.
#[test]
fn wk_3_1_criterion_8_keeps_the_lowest_number() {
    for n in [9, 48, 49, 62] {
        assert_eq!(
            (court_card(n).suit, court_card(n).rank),
            (Suit::Economic, 1)
        );
        assert_eq!(court_card(n).patriot, None);
        assert!(!court_card(n).leveraged());
    }
    let t = quiet(Scenario::wakhan(2).court(0, &[62, 49, 48, 9]));
    discarded_by(&t, 9, 8);
}

/// Her turn with #43 Giljee Nobles (Blackmail in Kandahar) in her court, the person (seat 1)
/// loyal to `loyalty` with `theirs` in court, and `blocks` armies of `dominant` in Punjab.
fn blackmail(loyalty: Coalition, theirs: &[u8], dominant: Option<Coalition>) -> Table {
    assert_eq!(court_card(43).special_ability, Some(Ability::Blackmail));
    assert_eq!(court_card(43).region, Kandahar);
    for &n in theirs {
        assert_eq!(court_card(n).region, Kandahar, "#{n}");
    }
    let mut s = Scenario::wakhan(2)
        .loyalty(1, loyalty)
        .court(0, &[43])
        .court(1, theirs);
    if let Some(k) = dominant {
        s = s.armies(k, Punjab, 4);
    }
    quiet(s)
}

/// Asserts that Blackmail put her spy on `n` by criterion `step` of WK-3.2.
#[track_caller]
fn blackmailed(t: &Table, n: u8, step: u8) {
    assert_eq!(t.state.spies(card(n), 0), 1, "her spy on #{n}\n{}", log(t));
    let cite = format!("sieve WK-3.2 step {step}:");
    assert!(
        t.log
            .iter()
            .any(|l| l.starts_with("Wakhan uses Blackmail in Kandahar")
                && l.contains(&format!("her spy goes on #{n} "))
                && l.contains(&cite)
                && l.contains("WK-11.2")),
        "#{n} by {cite}\n{}",
        log(t)
    );
}

/// **WK-3.2#1**: an opponent's card. Her own #43 has no spy either, but the person's #48 is
/// preferred.
#[test]
fn wk_3_2_criterion_1_prefers_an_opponents_card() {
    let t = blackmail(Afghan, &[48], None);
    blackmailed(&t, 48, 1);
    assert_eq!(t.state.spies(card(43), 0), 0);
}

/// **WK-3.2#2**: favored. #44 Baluchi Chiefs (Political, favored) over #49 (Economic).
#[test]
fn wk_3_2_criterion_2_prefers_a_favored_card() {
    assert_eq!(court_card(44).suit, Suit::Political);
    assert_eq!(court_card(49).suit, Suit::Economic);
    let t = blackmail(Afghan, &[49, 44], None);
    blackmailed(&t, 44, 2);
}

/// **WK-3.2#3**: a patriot of the dominant coalition. British is dominant (4 British armies,
/// nothing else on the map): #50 British Regulars over #53 (both Military, rank 2).
#[test]
fn wk_3_2_criterion_3_prefers_a_patriot_of_the_dominant_coalition() {
    assert_eq!(court_card(50).patriot, Some(British));
    assert_eq!(court_card(53).patriot, None);
    assert_eq!(court_card(50).suit, court_card(53).suit);
    let t = blackmail(British, &[53, 50], Some(British));
    blackmailed(&t, 50, 3);
}

/// **WK-3.2#4**: a prize of the dominant coalition. Russian is dominant; no patriot among the
/// candidates (criterion 3 skipped): #47 Bolan Pass (Russian prize) over #46 Bank.
#[test]
fn wk_3_2_criterion_4_prefers_a_prize_of_the_dominant_coalition() {
    assert_eq!(court_card(47).prize, Some(Russian));
    assert_eq!(court_card(46).prize, None);
    let t = blackmail(Afghan, &[46, 47], Some(Russian));
    blackmailed(&t, 47, 4);
}

/// **WK-3.2#5**: any patriot. No coalition is dominant (criteria 3 and 4 keep none and are
/// skipped): #51 Sir John Keane (British patriot) over #52 (both Military, rank 1).
#[test]
fn wk_3_2_criterion_5_prefers_a_patriot() {
    assert_eq!(court_card(51).patriot, Some(British));
    assert_eq!(court_card(52).patriot, None);
    assert_eq!(
        (court_card(51).suit, court_card(51).rank),
        (court_card(52).suit, court_card(52).rank)
    );
    let t = blackmail(British, &[52, 51], None);
    blackmailed(&t, 51, 5);
}

/// **WK-3.2#6**: leveraged. #46 Bank (leveraged) over #47 Bolan Pass (both Economic, rank 2;
/// no dominant coalition, no patriot).
#[test]
fn wk_3_2_criterion_6_prefers_a_leveraged_card() {
    assert!(court_card(46).leveraged() && !court_card(47).leveraged());
    assert_eq!(court_card(46).rank, court_card(47).rank);
    let t = blackmail(Afghan, &[47, 46], None);
    blackmailed(&t, 46, 6);
}

/// **WK-3.2#7**: the highest rank. #47 (rank 2) over #48 (rank 1).
#[test]
fn wk_3_2_criterion_7_prefers_the_highest_rank() {
    assert_eq!((court_card(47).rank, court_card(48).rank), (2, 1));
    let t = blackmail(Afghan, &[48, 47], None);
    blackmailed(&t, 47, 7);
}

/// **WK-3.2#8**: the highest card number. #49 over #48 (alike in every other criterion).
#[test]
fn wk_3_2_criterion_8_prefers_the_highest_number() {
    let (a, b) = (court_card(48), court_card(49));
    assert_eq!(
        (a.suit, a.rank, a.patriot, a.prize),
        (b.suit, b.rank, b.patriot, b.prize)
    );
    let t = blackmail(Afghan, &[49, 48], None);
    blackmailed(&t, 49, 8);
}

/// **WK-3.2#2**, **WK-2.6**, **WK-0.3** [Proposal]: #99 Cossacks (Irregulars: always favored)
/// counts as favored, so it battles before the higher-rank #100 Count Perovsky, and the Battle
/// is a bonus action (WK-2.2).
#[test]
fn wk_3_2_criterion_2_counts_an_always_favored_card() {
    assert_eq!(court_card(99).special_ability, Some(Ability::Irregulars));
    assert_eq!((court_card(99).rank, court_card(100).rank), (1, 2));
    for n in [99, 100] {
        assert_eq!(court_card(n).suit, Suit::Military);
        assert!(
            court_card(n)
                .actions
                .contains(&darbar::pax_pamir::CardAction::Battle)
        );
    }
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[15, 2])
            .court(0, &[100, 99])
            .armies(Russian, darbar::pax_pamir::Region::Kabul, 2)
            .tribes(1, darbar::pax_pamir::Region::Kabul, 1),
    );
    assert!(
        t.logged("Wakhan acts with #99 Cossacks (sieve WK-3.2 step 2: favored, WK-2.6)"),
        "{}",
        log(&t)
    );
    assert!(t.logged("a bonus action with a favored card (WK-2.2)"));
}
