//! The impact icons she resolves (WK-5): spies where she does not lead (WK-5.1), blocks of
//! her pragmatic loyalty (WK-5.3) and the component-limit fallback (WK-5.5).

use darbar::pax_pamir::Border::{KabulKandahar, TranscaspiaKabul};
use darbar::pax_pamir::Coalition::{Afghan, British, Russian};
use darbar::pax_pamir::Line::{Betray, Radicalize, RadicalizeMilitaryIfMilitaryFavored, Tax};
use darbar::pax_pamir::Region::{Herat, Kabul, Kandahar, Punjab};
use darbar::pax_pamir::{Icon, Label};

use super::{ai, bought, court_card, her_turn, icons, lines_of, log, reading};
use crate::scenario::{Scenario, card};

/// **WK-5.1**: each spy icon separately goes on a card of the region where she does not have
/// the most spies (an opponent with as many qualifies), by priority; when she leads on every
/// card, all are candidates. She plays #1 Mohan Lal (Kabul, three spies). The person's #4 has
/// one spy of each (a tie: it qualifies), the person's #2 two of hers (she leads).
/// Spy 1: #4 or her new #1 qualify, #4 is an opponent's card. Spy 2: she now leads on #4, only
/// #1 is left. Spy 3: she leads everywhere, so all three are candidates: the person's #2 and
/// #4, and #2 is the higher rank.
#[test]
fn wk_5_1_spies_go_where_she_does_not_lead() {
    lines_of(8, [Tax, Betray, Radicalize]);
    assert_eq!(reading(8, 14), (Label::T, 0));
    assert_eq!(icons(1, &[Icon::Spy]), 3);
    for n in [1, 2, 4] {
        assert_eq!(court_card(n).region, Kabul);
    }
    assert_eq!((court_card(2).rank, court_card(4).rank), (2, 1));
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[8, 14])
            .court(1, &[2, 4])
            .spies(4, 0, 1)
            .spies(4, 1, 1)
            .spies(2, 0, 2)
            .market("top-0", Some(1), 0)
            .market("bottom-0", Some(67), 0),
    );
    assert_eq!(bought(&t)[0], 1, "{}", log(&t));
    let spies = |n: u8| t.state.spies(card(n), 0);
    assert_eq!((spies(4), spies(1), spies(2)), (2, 1, 3), "{}", log(&t));
    let on = |n: &str, why: &str| {
        t.log
            .iter()
            .position(|l| l.starts_with(&format!("Wakhan's spy goes on {n}")) && l.contains(why))
            .unwrap_or_else(|| panic!("{n} {why}\n{}", log(&t)))
    };
    let first = on("#4 ", "sieve WK-3.2 step 1");
    let second = on("#1 ", "the only candidate");
    let third = on("#2 ", "sieve WK-3.2 step 7");
    assert!(first < second && second < third);
    assert!(t.logged("WK-5.1)"));
}

/// **WK-5.3**, **WK-1.4**: every army and road she places is of her pragmatic loyalty, whatever
/// colour a patriot's icons show. AI1 lists Russian first and the person is Afghan: #50 British
/// Regulars (British patriot, two armies) puts 2 Russian armies in Kandahar; #11 Lapis Lazuli
/// Mine (Afghan patriot, two roads) 2 Russian roads on Kabul's first two borders of AI1's
/// border order.
#[test]
fn wk_5_3_a_patriots_blocks_take_her_pragmatic_colour() {
    lines_of(1, [Tax, RadicalizeMilitaryIfMilitaryFavored, Radicalize]);
    assert_eq!(ai(1).pragmatic_loyalty[0], Russian);
    assert_eq!(court_card(50).patriot, Some(British));
    assert_eq!(icons(50, &[Icon::Army]), 2);
    assert_eq!(court_card(11).patriot, Some(Afghan));
    assert_eq!(icons(11, &[Icon::Road]), 2);
    assert_eq!(
        ai(1).border_order(Kabul)[..2],
        [TranscaspiaKabul, KabulKandahar]
    );
    // AI1 over AI2 reads top-0; then bottom-0.
    assert_eq!(reading(1, 2), (Label::T, 0));
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[1, 2])
            .market("top-0", Some(50), 0)
            .market("bottom-0", Some(11), 0),
    );
    assert_eq!(bought(&t), vec![50, 11], "{}", log(&t));
    assert_eq!(t.state.armies(Russian, Kandahar), 2, "{}", log(&t));
    assert_eq!(t.state.armies(British, Kandahar), 0);
    assert_eq!(t.state.roads(Russian, TranscaspiaKabul), 1);
    assert_eq!(t.state.roads(Russian, KabulKandahar), 1);
    assert_eq!(
        t.state.blocks_on_map(Afghan) + t.state.blocks_on_map(British),
        0
    );
    assert!(t.logged("her pragmatic loyalty is Russian (WK-1.4)"));
}

/// **WK-5.5**: with no Russian block in supply (12 on the map) her army icons take a Russian
/// army not placed this turn from the first region of the region order that has one. AI1's
/// order is Transcaspia, Kabul, Kandahar, Persia, Herat, Punjab: both armies of #50 (Kandahar)
/// come from Herat, not Punjab, and the second not from Kandahar, where the first was placed.
#[test]
fn wk_5_5_a_block_comes_from_the_first_region_of_the_region_order() {
    assert_eq!(
        ai(1).region_order,
        [
            darbar::pax_pamir::Region::Transcaspia,
            Kabul,
            Kandahar,
            darbar::pax_pamir::Region::Persia,
            Herat,
            Punjab
        ]
    );
    assert_eq!(icons(18, &[Icon::Army, Icon::Road]), 0);
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[1, 2])
            .armies(Russian, Herat, 6)
            .armies(Russian, Punjab, 6)
            .market("top-0", Some(50), 0)
            .market("bottom-0", Some(18), 0),
    );
    assert_eq!(bought(&t)[0], 50, "{}", log(&t));
    let armies = |r| t.state.armies(Russian, r);
    assert_eq!(
        (armies(Kandahar), armies(Herat), armies(Punjab)),
        (2, 4, 6),
        "{}",
        log(&t)
    );
    assert!(
        t.logged("the supply is empty: Wakhan takes her"),
        "{}",
        log(&t)
    );
    assert!(t.logged("(WK-5.5)"));
}

/// **WK-5.5**: with all 10 of her cylinders in play, a tribe icon takes one of her tribes from
/// the first region of the region order that has one: #44 Baluchi Chiefs (Kandahar, tribe)
/// takes it from Herat, before Punjab. The spy of #18 Harry Flashman, next, takes another from
/// Herat: the tribe just placed in Kandahar (earlier in the order) was placed this turn.
#[test]
fn wk_5_5_a_cylinder_comes_from_her_first_tribe_in_region_order() {
    assert_eq!(court_card(44).region, Kandahar);
    assert_eq!(court_card(44).impact_icons[0], Icon::Tribe);
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[1, 2])
            .tribes(0, Herat, 5)
            .tribes(0, Punjab, 5)
            .market("top-0", Some(44), 0)
            .market("bottom-0", Some(18), 0),
    );
    assert_eq!(bought(&t), vec![44, 18], "{}", log(&t));
    assert_eq!(t.state.spies(card(18), 0), 1);
    let tribes = |r| t.state.tribes(0, r);
    assert_eq!(
        (tribes(Kandahar), tribes(Herat), tribes(Punjab)),
        (1, 3, 5),
        "{}",
        log(&t)
    );
    assert!(t.logged("(WK-5.5)"));
}

/// **WK-5.5**: with no tribe of hers on the map, the cylinder comes from one of her spies, on
/// the highest-priority card that carries one (the person's #61 before her own #63, WK-3.2#1),
/// never from a gift: her 10 cylinders are 3 gifts and 7 spies.
#[test]
fn wk_5_5_then_a_spy_by_card_priority_never_a_gift() {
    use darbar::pax_pamir::GiftSlot;
    let t = her_turn(
        Scenario::wakhan(2)
            .ai_deck(&[1, 2])
            .gifts(0, &GiftSlot::ALL)
            .court(0, &[63])
            .spies(63, 0, 3)
            .court(1, &[61])
            .spies(61, 0, 4)
            .market("top-0", Some(44), 0)
            .market("bottom-0", Some(16), 0),
    );
    assert_eq!(bought(&t)[0], 44, "{}", log(&t));
    assert_eq!(t.state.tribes(0, Kandahar), 1, "{}", log(&t));
    assert_eq!(
        (t.state.spies(card(61), 0), t.state.spies(card(63), 0)),
        (3, 3),
        "{}",
        log(&t)
    );
    assert!(GiftSlot::ALL.iter().all(|&g| t.state.gift(0, g)));
    assert!(t.logged("(WK-5.5)"));
}
