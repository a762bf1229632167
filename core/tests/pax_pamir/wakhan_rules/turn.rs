//! Her AI deck and turn (WK-1.2, WK-1.5, WK-1.6, WK-2), and setup with her (WK-10).

use darbar::engine::{Game, Log};
use darbar::pax_pamir::Border::{
    HeratKabul, HeratKandahar, PersiaHerat, PersiaTranscaspia, TranscaspiaHerat,
};
use darbar::pax_pamir::Coalition::{Afghan, British, Russian};
use darbar::pax_pamir::Line::{
    Betray, Build, Move, Radicalize, RadicalizeMilitaryIfMilitaryFavored,
    RadicalizeMostSpiesAndTribesIfNoneDominant, Tax,
};
use darbar::pax_pamir::Region::{Herat, Kabul, Punjab};
use darbar::pax_pamir::{
    AmbitionCheck, CardAction, DecisionKind, GiftSlot, Icon, Label, Options, PaxPamir,
    RedArrowPlayers, Slot, Suit,
};

use super::{
    ai, bought, court_card, has_line, her_turn, icons, line_with, lines_of, log, reading, shows,
    skipped,
};
use crate::scenario::Scenario;

/// **WK-1.2** step 2: at the start of her turn the top AI card is turned face up onto the AI
/// discard pile and is her current card; the card now on top is the next card, whose back the
/// arrows read. (AI8 and AI1 are any two cards; AI1 is the next card.)
#[test]
fn wk_1_2_her_turn_draws_the_top_ai_card() {
    let t = her_turn(Scenario::wakhan(2).ai_deck(&[8, 1]));
    let deck = t.state.ai_deck().expect("an AI deck");
    assert_eq!(deck.current(), Some(8), "{}", log(&t));
    assert_eq!(deck.discard_pile(), vec![8]);
    assert_eq!(deck.cards().len(), 23);
    assert_eq!(deck.cards()[0], 1, "AI1 is the next card");
    assert_eq!(
        t.state.ai_deck().and_then(|d| d.cards().first().copied()),
        Some(1)
    );
    assert!(t.logged("Wakhan draws AI card 8"), "{}", log(&t));
    assert!(t.logged("(WK-1.2)"));
    assert!(!t.logged("the AI deck is empty"));
}

/// **WK-1.2** step 3: the 23rd draw leaves one card and no reshuffle; the 24th empties the
/// deck, so the whole discard pile (the card just drawn included) is shuffled into a new deck
/// and a card is drawn again: 23 cards in the deck, only the new current card face up.
#[test]
fn wk_1_2_the_24th_draw_reshuffles_the_whole_discard_pile() {
    // 22 cards drawn: AI3 and AI7 are left in the deck; AI5 is the current card.
    let mut t = her_turn(Scenario::wakhan(2).ai_remaining(5, &[3, 7]));
    let deck = t.state.ai_deck().expect("an AI deck");
    assert_eq!(deck.current(), Some(3), "{}", log(&t));
    assert_eq!(deck.cards(), &[7], "the 23rd draw leaves AI7");
    assert!(!t.logged("the AI deck is empty"), "{}", log(&t));
    assert_eq!(t.decider(), 1, "the person's turn");
    let start = t.log.len();
    t.act("end");
    let deck = t.state.ai_deck().expect("an AI deck");
    let current = deck.current().expect("a current card");
    assert_eq!(deck.cards().len(), 23, "{}", log(&t));
    assert_eq!(deck.discard_pile(), vec![current]);
    assert!(!deck.cards().contains(&current));
    let this_turn = &t.log[start..];
    let reshuffle = this_turn
        .iter()
        .position(|l| l.contains("the AI deck is empty") && l.contains("(WK-1.2)"))
        .unwrap_or_else(|| panic!("no reshuffle in\n{}", this_turn.join("\n")));
    let draw = this_turn
        .iter()
        .position(|l| l.starts_with(&format!("Wakhan draws AI card {current}:")))
        .expect("the draw after the reshuffle");
    assert!(
        reshuffle < draw,
        "the reshuffle comes before the card in force is drawn"
    );
    assert_eq!(
        this_turn
            .iter()
            .filter(|l| l.starts_with("Wakhan draws AI card"))
            .count(),
        1,
        "the card drawn on the 24th draw (AI7) is never used"
    );
}

/// **WK-1.5**, **WK-5.2**: the border order of a region lists its borders toward the regions
/// of the region order, in that order; her roads follow it. AI7's region order is Punjab,
/// Transcaspia, Kabul, Persia, Kandahar, Herat, so Herat's border order is Transcaspia, Kabul,
/// Persia, Kandahar: #63 Farah Road (Herat, three roads) puts them on the first three, none on
/// Herat–Kandahar.
#[test]
fn wk_1_5_roads_follow_the_border_order_of_the_region_order() {
    lines_of(7, [Build, Move, Radicalize]);
    assert_eq!(
        ai(7).border_order(Herat),
        vec![TranscaspiaHerat, HeratKabul, PersiaHerat, HeratKandahar]
    );
    assert_eq!(court_card(63).region, Herat);
    assert_eq!(icons(63, &[Icon::Road]), 3);
    assert_eq!(icons(63, &[Icon::Army]), 0);
    // AI7 over AI14: the arrows read the top row, column 0.
    assert_eq!(reading(7, 14), (Label::T, 0));
    // Pragmatic loyalty: AI7 lists Afghan first, the person is Afghan: Russian.
    assert_eq!(ai(7).pragmatic_loyalty[..2], [Afghan, Russian]);
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[7, 14])
            .market("top-0", Some(63), 0)
            .market("bottom-0", Some(1), 0),
    );
    assert_eq!(bought(&t)[0], 63, "{}", log(&t));
    for border in [TranscaspiaHerat, HeratKabul, PersiaHerat] {
        assert_eq!(t.state.roads(Russian, border), 1, "{border:?}\n{}", log(&t));
    }
    assert_eq!(t.state.roads(Russian, HeratKandahar), 0);
    assert_eq!(t.state.roads(Russian, PersiaTranscaspia), 0);
    assert!(t.logged("border 1 of the border order (WK-5.2)"));
    assert!(t.logged("border 3 of the border order (WK-5.2)"));
    assert!(t.logged("(WK-1.5)"));
}

/// The position of the red-arrow tests: 3 seats, she rules Kabul, both people have a Kabul
/// card and 5 rupees, and her only Tax card is #9 Afghan Handicrafts (rank 1): she takes one
/// rupee, from the opponent the red arrow prefers (WK-6.5 tie).
fn red_arrow_tax(next: u8, options: Options) -> crate::scenario::Table {
    assert!(shows(9, CardAction::Tax));
    assert_eq!(court_card(9).rank, 1);
    assert_eq!(court_card(9).suit, Suit::Economic);
    lines_of(1, [Tax, RadicalizeMilitaryIfMilitaryFavored, Radicalize]);
    her_turn(
        Scenario::wakhan_with(Options {
            players: 3,
            ..options
        })
        .ai_deck(&[1, next])
        .court(0, &[9])
        .tribes(0, Kabul, 1)
        .court(1, &[2])
        .court(2, &[4])
        .rupees(1, 5)
        .rupees(2, 5),
    )
}

/// **WK-1.6**, **WK-6.5**: between two people the red arrow decides. Label T prefers the one
/// who plays just before her (seat 2, the first chooser), label B the one just after (seat 1).
/// AI1's red arrow is low: over AI2 (back B,T) it reads T, over AI3 (back T,B) it reads B.
#[test]
fn wk_1_6_the_red_arrow_prefers_the_player_before_her_on_t_after_her_on_b() {
    assert_eq!(reading(1, 2).0, Label::T);
    assert_eq!(reading(1, 3).0, Label::B);
    let t = red_arrow_tax(2, Options::default());
    assert_eq!((t.rupees(1), t.rupees(2)), (5, 4), "T: seat 2\n{}", log(&t));
    assert!(t.logged("Wakhan taxes 1 from P3 (WK-6.5"), "{}", log(&t));
    let b = red_arrow_tax(3, Options::default());
    assert_eq!((b.rupees(1), b.rupees(2)), (4, 5), "B: seat 1\n{}", log(&b));
    assert!(b.logged("Wakhan taxes 1 from P2 (WK-6.5"), "{}", log(&b));
}

/// **WK-1.6** `config: wakhan_red_arrow_players = SeatReading`: "left" is the opponent on her
/// physical left, who plays just after her, so T prefers seat 1 and B seat 2.
#[test]
fn wk_1_6_seat_reading_swaps_the_red_arrows_players() {
    let seat = Options {
        wakhan_red_arrow_players: RedArrowPlayers::SeatReading,
        ..Options::default()
    };
    let t = red_arrow_tax(2, seat);
    assert_eq!((t.rupees(1), t.rupees(2)), (4, 5), "T: seat 1\n{}", log(&t));
    assert!(t.logged("Wakhan taxes 1 from P2 (WK-6.5"), "{}", log(&t));
    let b = red_arrow_tax(3, seat);
    assert_eq!((b.rupees(1), b.rupees(2)), (5, 4), "B: seat 2\n{}", log(&b));
    assert!(b.logged("Wakhan taxes 1 from P3 (WK-6.5"), "{}", log(&b));
}

/// The Ambition position with a tie: 3 seats, no block on the map (no dominant coalition),
/// a Dominance Check at top-2 (cost 2), she has 2 rupees; every other card she can afford has
/// no spy or tribe icon, so her radicalizes (WK-4.1, with the check in the market) add no
/// cylinder. Her cylinders: `mine` tribes in Herat; seat 1 two in Punjab, seat 2 none.
fn ambition(mine: u8) -> crate::scenario::Table {
    for n in [67, 16, 9, 17, 48] {
        assert_eq!(icons(n, &[Icon::Spy, Icon::Tribe]), 0, "#{n}");
    }
    her_turn(
        Scenario::wakhan(3)
            .ai_deck(&[8, 1])
            .rupees(0, 2)
            .market("top-0", Some(67), 0)
            .market("bottom-0", Some(16), 0)
            .market("top-1", Some(9), 0)
            .market("bottom-1", Some(17), 0)
            .market("top-2", Some(101), 0)
            .market("bottom-2", Some(48), 0)
            .tribes(0, Herat, mine)
            .tribes(1, Punjab, 2),
    )
}

/// **WK-2.1**: a tie for the most points does not qualify. With 2 cylinders to seat 1's 2 the
/// unsuccessful check would give her and seat 1 two VP each (PP-13.5): no Ambition, although
/// she would beat seat 2. With 3 cylinders she would gain 3 to seat 1's 1: she buys it.
#[test]
fn wk_2_1_a_tie_for_the_most_points_is_no_ambition() {
    let tie = ambition(2);
    assert!(!tie.logged("Ambition"), "{}", log(&tie));
    assert!(!bought(&tie).contains(&101), "{}", log(&tie));
    assert_eq!(tie.vps(), vec![0, 0, 0]);
    let most = ambition(3);
    assert!(
        most.logged("Wakhan's Ambition: she buys the Dominance Check"),
        "{}",
        log(&most)
    );
    assert!(most.logged("(WK-2.1)"));
    assert_eq!(bought(&most)[0], 101, "{}", log(&most));
    assert_eq!(most.vps(), vec![3, 1, 0]);
    // The Ambition purchase leaves the line pointer where it was: the top line comes next.
    let ambition = line_with(&most, &["Wakhan's Ambition"]);
    let next = most.log[ambition..]
        .iter()
        .find(|l| l.starts_with("Wakhan's ") && l.contains(" line"))
        .expect("a line after the Ambition");
    assert!(next.starts_with("Wakhan's top line"), "{}", log(&most));
}

/// The TurnStart position: she has 1 rupee, the Dominance Check at top-2 costs 2; her Tax line
/// (AI8 line 1, #61 Karakul Sheep, rank 2) takes the 2 rupees on the market's column 0, after
/// which she can afford it; her tribe is the only cylinder in play, so the check would give her
/// 3 VP and nobody else any.
fn ambition_after_tax(check: AmbitionCheck) -> crate::scenario::Table {
    lines_of(8, [Tax, Betray, Radicalize]);
    assert!(shows(61, CardAction::Tax));
    her_turn(
        Scenario::wakhan_with(Options {
            players: 2,
            wakhan_ambition_check: check,
            ..Options::default()
        })
        .ai_deck(&[8, 1])
        .rupees(0, 1)
        .court(0, &[61])
        .tribes(0, Kabul, 1)
        .market("top-0", Some(67), 2)
        .market("top-2", Some(101), 0),
    )
}

/// **WK-2.1**, **WK-2.2**: Ambition is checked at every pass of the loop (default), so once the
/// Tax has given her the rupees she buys the check with her second action.
/// `config: wakhan_ambition_check = TurnStart` checks it once, before the first line: then she
/// does not buy it.
#[test]
fn wk_2_1_ambition_every_pass_or_only_at_turn_start() {
    let every = ambition_after_tax(AmbitionCheck::EveryAction);
    let tax = line_with(&every, &["Wakhan's top line: Tax"]);
    let buy = line_with(&every, &["Wakhan's Ambition", "(WK-2.1)"]);
    assert!(tax < buy, "{}", log(&every));
    assert_eq!(bought(&every), vec![101], "{}", log(&every));
    // Unsuccessful: her 1 cylinder is first (3 VP), the person's 0 second (1 VP, PP-13.4).
    assert_eq!(every.vps(), vec![3, 1]);
    let start = ambition_after_tax(AmbitionCheck::TurnStart);
    assert!(start.logged("Wakhan's top line: Tax"), "{}", log(&start));
    assert!(!start.logged("Ambition"), "{}", log(&start));
    assert!(!bought(&start).contains(&101), "{}", log(&start));
    assert_eq!(start.vps(), vec![0, 0]);
}

/// **WK-2.2**: three lines in a row that cannot be done end the loop. With no rupee, no court
/// card and no card she may buy (the deck is empty, top-0 is #111 Public Withdrawal after the
/// slide, every other card costs at least 1), AI8's Tax, Betray and Radicalize all fail once.
#[test]
fn wk_2_2_three_misses_in_a_row_end_the_loop() {
    lines_of(8, [Tax, Betray, Radicalize]);
    let t = her_turn(nothing_to_buy(Scenario::wakhan(2).ai_deck(&[8, 1])));
    for place in ["top", "middle", "bottom"] {
        assert!(skipped(&t, place), "{place}\n{}", log(&t));
    }
    let misses = t
        .log
        .iter()
        .filter(|l| l.contains("cannot be done now: skipped (WK-2.2)"))
        .count();
    assert_eq!(misses, 3, "{}", log(&t));
    assert!(t.logged("three lines in a row could not be done (WK-2.2)"));
    assert!(bought(&t).is_empty());
    assert_eq!(t.decider(), 1, "her turn is over");
}

/// A market with nothing she may buy at 0 rupees once the person's cleanup has slid it: the
/// deck is empty (nothing refills), the bottom row is empty, the top row is #111 at column 1
/// (it slides to column 0) and court cards that cost 1 or more.
pub fn nothing_to_buy(scenario: Scenario) -> Scenario {
    scenario
        .rupees(0, 0)
        .deck(&[])
        .market("top-1", Some(111), 0)
        .market("top-2", Some(96), 0)
        .market("top-3", Some(98), 0)
        .exact_market()
}

/// **WK-2.2**: a line done resets the misses, and after the bottom line the loop returns to the
/// top. AI8 with no Tax or Betray card: Tax and Betray fail, she radicalizes, Tax and Betray
/// fail again after the wrap (4 misses, never 3 in a row), she radicalizes again: two actions.
/// (#1 and #7, which she buys, show neither Tax nor Betray.)
#[test]
fn wk_2_2_a_line_done_resets_the_misses_and_the_loop_wraps() {
    lines_of(8, [Tax, Betray, Radicalize]);
    for n in [1, 7] {
        assert!(!shows(n, CardAction::Tax) && !shows(n, CardAction::Betray));
    }
    // AI8 over AI14 reads top-0; top-0 then empty, the other row's column 0 is next (WK-4.2).
    assert_eq!(reading(8, 14), (Label::T, 0));
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[8, 14])
            .market("top-0", Some(1), 0)
            .market("bottom-0", Some(7), 0),
    );
    let order: Vec<&str> = t
        .log
        .iter()
        .filter(|l| l.starts_with("Wakhan's ") && l.contains(" line"))
        .map(|l| l.as_str())
        .collect();
    assert_eq!(order.len(), 6, "{}", log(&t));
    for (line, (place, ok)) in order.iter().zip([
        ("top", false),
        ("middle", false),
        ("bottom", true),
        ("top", false),
        ("middle", false),
        ("bottom", true),
    ]) {
        let prefix = format!("Wakhan's {place} line");
        assert!(line.starts_with(&prefix), "{line} is not the {place} line");
        assert_eq!(!line.contains("cannot be done"), ok, "{line}");
    }
    assert_eq!(bought(&t), vec![1, 7]);
    assert!(t.logged("two actions done (WK-2.2)"), "{}", log(&t));
}

/// **WK-2.3**: when the loop ends, each unused favored card of her court, left to right, takes
/// its first printed action she can do. Favored suit Economic; her court: #16 Bala Hissar
/// (Military: not favored, never looked at), #67 Wheat Fields (Move, Gift: no Move target, so
/// it buys the 2-rupee gift), #61 Karakul Sheep (Tax: it taxes the rupees the gift put on the
/// market). The loop is AI13's two radicalize lines, buying #7 and #1 for 0 (no Economic card).
#[test]
fn wk_2_3_bonus_sweep_uses_each_unused_favored_card_left_to_right() {
    lines_of(
        13,
        [
            darbar::pax_pamir::Line::RadicalizeDominantPatriot,
            RadicalizeMostSpiesAndTribesIfNoneDominant,
            Radicalize,
        ],
    );
    assert_eq!(
        court_card(67).actions,
        vec![CardAction::Move, CardAction::Gift]
    );
    assert_eq!(court_card(61).actions, vec![CardAction::Tax]);
    assert_eq!(court_card(16).suit, Suit::Military);
    for n in [67, 61] {
        assert_eq!(court_card(n).suit, Suit::Economic);
    }
    // AI13 over AI2 reads the bottom row, column 0.
    assert_eq!(reading(13, 2), (Label::B, 0));
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[13, 2])
            .favored(Suit::Economic)
            .rupees(0, 2)
            .court(0, &[16, 67, 61])
            .market("top-0", Some(7), 0)
            .market("bottom-0", Some(1), 0),
    );
    assert_eq!(bought(&t), vec![7, 1], "{}", log(&t));
    // Label B: the cards she plays go to the right of her court (WK-4.3).
    assert_eq!(t.court(0), vec![16, 67, 61, 7, 1]);
    let gift = line_with(&t, &["bonus sweep (WK-2.3)", "#67", "gift"]);
    let tax = line_with(&t, &["bonus sweep (WK-2.3)", "#61", "tax"]);
    assert!(gift < tax, "left to right\n{}", log(&t));
    assert!(!has_line(&t, &["bonus sweep", "#16"]), "{}", log(&t));
    assert!(t.state.gift(0, GiftSlot::Gift2), "{}", log(&t));
    assert!(t.logged("(WK-6.1)"));
    // The gift paid its 2 rupees to the market (one a row, PP-8.1.3); the rank-2 Tax takes
    // them back.
    assert_eq!(t.rupees(0), 2, "{}", log(&t));
    assert!(has_line(&t, &["Wakhan taxes", "(WK-6.5"]), "{}", log(&t));
}

/// **WK-2.4** step 1, **PP-12.1**: over her court limit she discards by WK-3.1 until she is at
/// it, the limit recomputed after each discard. Five non-political cards, limit 3: two
/// discards (the two lowest ranks, WK-3.1#6), then she stops.
#[test]
fn wk_2_4_court_limit_discards_until_she_is_at_the_limit() {
    for n in [63, 12, 61, 9, 16] {
        assert_ne!(court_card(n).suit, Suit::Political);
        assert_eq!(court_card(n).patriot, None);
        assert!(!court_card(n).leveraged());
    }
    assert_eq!((court_card(9).rank, court_card(16).rank), (1, 1));
    let t = her_turn(nothing_to_buy(
        Scenario::wakhan(2)
            .ai_deck(&[9, 1])
            .court(0, &[63, 12, 61, 9, 16]),
    ));
    assert_eq!(t.court(0), vec![63, 12, 61], "{}", log(&t));
    assert!(t.discarded(9) && t.discarded(16));
    let discards = t
        .log
        .iter()
        .filter(|l| l.starts_with("Wakhan discards") && l.contains("WK-3.1"))
        .count();
    assert_eq!(discards, 2, "{}", log(&t));
}

/// **WK-2.4** step 1, **WK-3.1#1**: a political card raises her limit and is never her discard
/// while a non-political one is left (so discarding one can never lower the limit mid-cleanup):
/// #24 Ranjit Singh (Political 2) and six others, limit 5: two discards, #24 stays.
#[test]
fn wk_2_4_political_cards_raise_the_limit_and_stay() {
    assert_eq!(
        (court_card(24).suit, court_card(24).rank),
        (Suit::Political, 2)
    );
    let t = her_turn(nothing_to_buy(
        Scenario::wakhan(2)
            .ai_deck(&[9, 1])
            .court(0, &[24, 63, 12, 61, 9, 16, 64]),
    ));
    assert_eq!(t.court(0), vec![24, 63, 12, 61, 64], "{}", log(&t));
    assert!(t.discarded(9) && t.discarded(16));
    assert!(t.logged("sieve WK-3.1 step 6"), "{}", log(&t));
}

/// **WK-2.4** step 2, **WK-3.3**, **PP-12.2**: the hand limit is computed after the court
/// discards. Her court #2 Jan-Fishan Khan (Intelligence 2, a person's spy on it), #61, #63,
/// #12: limit 3, so #2 goes (WK-3.1#4); her hand limit falls from 4 to 2 and she discards two
/// of her four hand cards by the same sieve.
#[test]
fn wk_2_4_hand_limit_counts_after_the_court_discards() {
    assert_eq!(
        (court_card(2).suit, court_card(2).rank),
        (Suit::Intelligence, 2)
    );
    let t = her_turn(nothing_to_buy(
        Scenario::wakhan(2)
            .ai_deck(&[9, 1])
            .court(0, &[2, 61, 63, 12])
            .spies(2, 1, 1)
            .hand(0, &[5, 24, 26, 28]),
    ));
    assert!(t.discarded(2), "{}", log(&t));
    assert!(t.logged("sieve WK-3.1 step 4"));
    assert_eq!(t.hand(0).len(), 2, "{}", log(&t));
    let hand_discards = t
        .log
        .iter()
        .filter(|l| l.contains("from her hand") && l.contains("WK-3.3"))
        .count();
    assert_eq!(hand_discards, 2, "{}", log(&t));
}

/// **WK-2.6**, **WK-11.4**: the acting card is the highest-priority card that can take the
/// action now, counting the full hostage bribe plus the action's minimum cost. AI7's Build:
/// #6 Aminullah Khan Logari (Political, favored: first by WK-3.2#2) is held hostage by seat 1
/// (2 spies). With 3 rupees she cannot pay 2 + 2, so #10 Balkh Arsenic Mine builds; with 4
/// rupees #6 acts, the holder is asked (Ask), and she pays what is asked.
#[test]
fn wk_2_6_the_acting_card_must_afford_the_hostage_bribe() {
    lines_of(7, [Build, Move, Radicalize]);
    for n in [6, 10] {
        assert!(shows(n, CardAction::Build));
    }
    assert_eq!(court_card(6).suit, Suit::Political);
    assert_eq!(court_card(10).suit, Suit::Economic);
    let position = |rupees: i16| {
        Scenario::wakhan(2)
            .ai_deck(&[7, 14])
            .rupees(0, rupees)
            .court(0, &[6, 10])
            .spies(6, 1, 2)
            .tribes(0, Kabul, 1)
            // What she radicalizes afterwards places no army (spies only).
            .market("top-0", Some(1), 0)
            .market("bottom-0", Some(39), 0)
    };
    let poor = her_turn(position(3));
    assert!(
        poor.logged("Wakhan acts with #10 Balkh Arsenic Mine"),
        "{}",
        log(&poor)
    );
    assert!(poor.logged("WK-2.6"));
    assert!(!poor.logged("Wakhan acts with #6 "), "{}", log(&poor));
    // AI7 lists Afghan first; the person is Afghan: Russian blocks.
    assert_eq!(poor.state.armies(Russian, Kabul), 1, "{}", log(&poor));
    let mut rich = her_turn(position(4));
    assert!(rich.logged("Wakhan acts with #6 "), "{}", log(&rich));
    assert!(rich.logged("(WK-11.4)"), "{}", log(&rich));
    assert_eq!(rich.decision(), Some((1, DecisionKind::Bribe)));
    rich.act("counter 1");
    assert_eq!(rich.rupees(1), 4 + 1, "{}", log(&rich));
    assert_eq!(rich.state.armies(Russian, Kabul), 1, "{}", log(&rich));
}

/// **WK-10**, **PP-4.3**, **PP-4.5**: with two people and her (N = 3) the people choose from
/// the last seat down, she sits at seat 0 with no loyalty and 4 rupees, the deck has
/// 40 + 6N = 58 cards (46 after the market), turn order is Wakhan, the last chooser (seat 1),
/// the first chooser (seat 2), and she plays the first turn right after the last choice.
#[test]
fn wk_10_setup_with_two_people() {
    let game = PaxPamir::new(Options {
        players: 3,
        wakhan: true,
        ..Options::default()
    })
    .expect("3 seats with Wakhan");
    let mut state = game.new_initial_state(7);
    assert_eq!(state.wakhan_seat(), Some(0));
    assert_eq!(state.player(0).map(|p| p.rupees), Some(4));
    assert_eq!(state.player(0).and_then(|p| p.loyalty), None);
    assert_eq!(state.cylinders_in_supply(0), 10);
    assert_eq!(state.deck_len() + Slot::COUNT, 40 + 6 * 3);
    assert_eq!(state.seats_in_turn_order(), vec![0, 1, 2]);
    let first = game.decision(&state).expect("a loyalty choice");
    assert_eq!((first.player, first.kind), (2, DecisionKind::Loyalty));
    let mut log = Log::recording();
    game.apply(&mut state, "loyalty british".parse().unwrap(), &mut log)
        .unwrap();
    let second = game.decision(&state).expect("a loyalty choice");
    assert_eq!((second.player, second.kind), (1, DecisionKind::Loyalty));
    assert!(state.ai_deck().and_then(|d| d.current()).is_none());
    game.apply(&mut state, "loyalty russian".parse().unwrap(), &mut log)
        .unwrap();
    assert!(
        state.ai_deck().and_then(|d| d.current()).is_some(),
        "her first turn is played"
    );
    let next = game.decision(&state).expect("the person after her");
    assert_eq!((next.player, next.kind), (1, DecisionKind::Action));
    assert_eq!(state.player(1).and_then(|p| p.loyalty), Some(Russian));
    assert_eq!(state.player(2).and_then(|p| p.loyalty), Some(British));
    assert!(log.take().iter().any(|l| l.contains("(WK-1.2)")));
}

/// **WK-10**: with one person (N = 2) the deck has 40 + 6 × 2 = 52 cards (40 after the market),
/// and the person plays right after her.
#[test]
fn wk_10_setup_with_one_person() {
    let game = PaxPamir::new(Options {
        players: 2,
        wakhan: true,
        ..Options::default()
    })
    .expect("2 seats with Wakhan");
    let mut state = game.new_initial_state(3);
    assert_eq!(state.deck_len() + Slot::COUNT, 52);
    assert_eq!(state.player(0).map(|p| p.rupees), Some(4));
    let choice = game.decision(&state).expect("a loyalty choice");
    assert_eq!((choice.player, choice.kind), (1, DecisionKind::Loyalty));
    game.apply(
        &mut state,
        "loyalty afghan".parse().unwrap(),
        &mut Log::silent(),
    )
    .unwrap();
    let next = game.decision(&state).expect("the person's turn");
    assert_eq!((next.player, next.kind), (1, DecisionKind::Action));
}

/// The paid-check position: she has 3 rupees, one tribe to the person's one (a tie: no
/// Ambition at first); the check is at top-1 (cost 1). Her first Radicalize (WK-4.1: the most
/// spy and tribe icons) buys #7 Dost Mohammad (3 such icons, cost 2) from `slot`, after which
/// the check would give her strictly the most.
fn paid_check(slot: &str) -> crate::scenario::Table {
    assert_eq!(icons(7, &[Icon::Spy, Icon::Tribe]), 3);
    for n in [61, 16, 9, 67] {
        assert_eq!(icons(n, &[Icon::Spy, Icon::Tribe]), 0, "#{n}");
    }
    let other = if slot == "top-2" { "bottom-2" } else { "top-2" };
    her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[8, 1])
            .rupees(0, 3)
            .tribes(0, Herat, 1)
            .tribes(1, Punjab, 1)
            .market("top-0", Some(61), 0)
            .market("bottom-0", Some(16), 0)
            .market("top-1", Some(101), 0)
            .market("bottom-1", Some(9), 0)
            .market(slot, Some(7), 0)
            .market(other, Some(67), 0)
            .market("top-3", Some(63), 0)
            .market("bottom-3", Some(12), 0),
    )
}

/// **WK-2.1**, **WK-0.3**: a Dominance Check in `paid_cards` is no Ambition. Buying #7 from
/// top-2 pays a rupee onto the check (PP-7.1.3): although it would now give her the most, she
/// does not buy it. Bought from bottom-2 (the rupees go on the bottom row) she does.
#[test]
fn wk_2_1_no_ambition_for_a_check_paid_onto_this_turn() {
    let paid = paid_check("top-2");
    assert_eq!(bought(&paid)[0], 7, "{}", log(&paid));
    assert!(!paid.logged("Ambition"), "{}", log(&paid));
    assert!(!bought(&paid).contains(&101));
    let free = paid_check("bottom-2");
    assert_eq!(bought(&free), vec![7, 101], "{}", log(&free));
    assert!(free.logged("(WK-2.1)"));
}
