//! Rule tests for the special abilities (PP-15) not settled elsewhere: Indispensable Advisors,
//! Insurrection, the limits of Claim of Ancient Lineage, Civil Service Reforms and Charismatic
//! Courtiers, Blackmail through the component-limit fallback, and that an ability lasts only
//! while its card is in the court. (Bodyguards, Citadels, Safe House, Well-Connected, Strange
//! Bedfellows, the Influence cards, Infrastructure, Savvy Operator and Irregulars are tested
//! with the rules they change: `rules_card_actions`, `rules_market`, `rules_turn`.)

use darbar::pax_pamir::Coalition::{Afghan, British, Russian};
use darbar::pax_pamir::Region::{Herat, Kabul, Punjab};
use darbar::pax_pamir::{Ability, Border, CardData, DecisionKind, Error};

use crate::scenario::{Scenario, card};

/// **PP-15**: the 22 ability cards of the data file, each with the ability its rules read.
#[test]
fn pp_15_the_twenty_two_special_abilities() {
    use Ability::*;
    let expected = [
        (1, IndispensableAdvisors),
        (3, Insurrection),
        (5, ClaimOfAncientLineage),
        (15, Bodyguards),
        (17, Citadel),
        (21, StrangeBedfellows),
        (24, CivilServiceReforms),
        (41, SafeHouse),
        (42, CharismaticCourtiers),
        (43, Blackmail),
        (51, IndianSupplies),
        (54, Blackmail),
        (56, WellConnected),
        (66, HeratInfluence),
        (68, PersianInfluence),
        (70, RussianInfluence),
        (72, SafeHouse),
        (78, Infrastructure),
        (83, Bodyguards),
        (91, SavvyOperator),
        (97, Citadel),
        (99, Irregulars),
    ];
    let cards = CardData::standard();
    let with: Vec<(u8, Ability)> = cards
        .court_cards()
        .iter()
        .filter_map(|c| c.special_ability.map(|a| (c.number, a)))
        .collect();
    assert_eq!(with, expected);
}

/// **PP-15** Indispensable Advisors (#1): another player cannot remove the owner's spies in a
/// battle on a card, so a card with only such enemy spies is no battle site; a discard still
/// sends them home.
#[test]
fn pp_15_indispensable_advisors() {
    let (a, b, c) = (0, 1, 2);
    let mut t = Scenario::new(3)
        .rupees(a, 2)
        .court(a, &[35, 10])
        .court(b, &[13])
        .court(c, &[1])
        .spies(13, a, 1)
        .spies(13, c, 2)
        .table();
    assert!(!t.offers("use #35 battle"));
    assert!(matches!(
        t.refused("use #35 battle"),
        Error::NoEffect { .. }
    ));
    t.acts(&["use #10 betray", "betray #13", "refuse-prize"]);
    assert_eq!(
        t.state.cylinders_in_supply(c),
        10,
        "a discard sends them home"
    );
}

/// **PP-15** Insurrection (#3), **PP-13.7** step 7: after a check that does not end the game the
/// owner places 2 Afghan armies in Kabul; after a successful check they come after the blocks
/// have left the map.
#[test]
fn pp_15_insurrection_after_a_check() {
    let check = |british: u8| {
        let mut t = Scenario::new(3)
            .loyalty(0, British)
            .court(1, &[3])
            .armies(British, Punjab, british)
            .armies(Afghan, Herat, 1)
            .vp(2, 3)
            .vp(1, 3)
            .market("bottom-0", Some(101), 0)
            .table();
        t.act("buy bottom-0");
        t
    };
    let t = check(5);
    assert_eq!(t.vps(), [5, 3, 3], "British dominant");
    assert_eq!(t.state.armies(Afghan, Kabul), 2);
    assert_eq!(
        t.state.blocks_on_map(Afghan),
        2,
        "the Herat army left with every block"
    );
    assert_eq!(t.state.blocks_on_map(British), 0);
    let t = check(1);
    assert_eq!(
        (t.state.armies(Afghan, Kabul), t.state.armies(Afghan, Herat)),
        (2, 1)
    );
    assert_eq!(
        t.state.armies(British, Punjab),
        1,
        "an unsuccessful check leaves the blocks"
    );
}

/// **PP-15** Insurrection, **PP-1.6, PP-16 D16**: with the Afghan supply empty the owner — not the
/// active player — chooses the Afghan blocks in play to take; and a check that ends the game
/// places nothing.
#[test]
fn pp_15_insurrection_through_the_fallback_and_not_after_the_end() {
    let mut t = Scenario::new(3)
        .court(1, &[3])
        .roads(Afghan, Border::PersiaHerat, 6)
        .armies(Afghan, Herat, 6)
        .armies(British, Punjab, 9)
        .market("bottom-0", Some(101), 0)
        .table();
    assert_eq!(t.state.dominant_coalition(t.cards()), None);
    t.act("buy bottom-0");
    t.expect(
        1,
        DecisionKind::Fallback,
        &["take army herat", "take road persia-herat"],
    );
    t.act("take road persia-herat");
    t.expect(
        1,
        DecisionKind::Fallback,
        &["take army herat", "take road persia-herat"],
    );
    t.act("take army herat");
    assert_eq!(t.state.armies(Afghan, Kabul), 2);
    assert_eq!((t.decider(), t.kind()), (0, DecisionKind::Action));

    let mut t = Scenario::new(3)
        .court(1, &[3])
        .discarded(&[101, 102, 103])
        .market("bottom-0", Some(104), 0)
        .table();
    t.act("buy bottom-0");
    assert!(t.state.outcome().is_some());
    assert_eq!(t.state.armies(Afghan, Kabul), 0);
}

/// **PP-15** Claim of Ancient Lineage (#5): only taxing changes; the owner still may not Build
/// without ruling a region.
#[test]
fn pp_15_claim_of_ancient_lineage_changes_only_tax() {
    let mut t = Scenario::new(3)
        .rupees(0, 4)
        .court(0, &[5])
        .court(1, &[61])
        .table();
    assert!(!t.offers("use #5 build"));
    assert!(matches!(t.refused("use #5 build"), Error::NoEffect { .. }));
}

/// **PP-15** Civil Service Reforms (#24) frees only hostage bribes: its owner still pays a play
/// bribe. Charismatic Courtiers (#42) frees only play bribes: its owner still pays a hostage
/// bribe.
#[test]
fn pp_15_each_bribe_ability_frees_one_kind_of_bribe() {
    let (p, q) = (0, 1);
    let mut t = Scenario::new(3)
        .court(p, &[24])
        .hand(p, &[9])
        .court(q, &[5])
        .tribes(q, Kabul, 1)
        .table();
    t.act("play #9 left");
    assert_eq!((t.decider(), t.kind()), (p, DecisionKind::Bribe));

    let mut t = Scenario::new(3)
        .court(p, &[42, 29])
        .spies(29, q, 1)
        .market("top-3", Some(48), 1)
        .table();
    t.act("use #29 tax");
    assert_eq!((t.decider(), t.kind()), (p, DecisionKind::Bribe));
}

/// **PP-15**: an ability works only while its card is in its owner's court: once #42 is
/// betrayed, its former owner pays play bribes again.
#[test]
fn pp_15_an_ability_ends_when_its_card_leaves_the_court() {
    let (q, p) = (0, 1);
    let mut t = Scenario::new(3)
        .rupees(q, 2)
        .court(q, &[10, 5])
        .tribes(q, Kabul, 1)
        .court(p, &[42])
        .hand(p, &[9])
        .spies(42, q, 1)
        .table();
    let mut before = t.clone();
    before.acts(&["end"]);
    before.act("play #9 left");
    assert_eq!(
        before.kind(),
        DecisionKind::RoadBorder,
        "with #42: no bribe"
    );

    t.acts(&["use #10 betray", "betray #42", "refuse-prize", "end"]);
    assert_eq!(t.state.active(), p);
    t.act("play #9 left");
    assert_eq!((t.decider(), t.kind()), (p, DecisionKind::Bribe));
}

/// **PP-15** Blackmail, **PP-1.6**: the Blackmail spy is a placement: with an empty supply the
/// owner takes a cylinder in play for it.
#[test]
fn pp_15_blackmail_through_the_fallback() {
    let (q, p) = (0, 1);
    let mut t = Scenario::new(3)
        .court(q, &[61])
        .loyalty(p, Russian)
        .court(p, &[54])
        .spies(54, q, 1)
        .tribes(p, Punjab, 10)
        .table();
    t.act("end");
    t.expect(p, DecisionKind::Blackmail, &["spy #61", "skip"]);
    t.act("spy #61");
    t.expect(p, DecisionKind::Fallback, &["take tribe punjab"]);
    t.act("take tribe punjab");
    assert_eq!(
        (t.state.spies(card(61), p), t.state.tribes(p, Punjab)),
        (1, 9)
    );
    assert_eq!(t.kind(), DecisionKind::Action);
}
