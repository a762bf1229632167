//! TC-18.3: the automa scenarios (TC-16.4), one test each named after its id, asserting every
//! value of its Expected column. The automa decides inside the rules, so each test plays the
//! people's moves and reads what the automa did from the state and the log.
//!
//! Seats: the engine seats people before automas (TC-16.1), so A-1's automa "Blue" is seat 2
//! of a game of 2 people and 1 automa, and its people "Red" and "Green" are seats 1 and 0.
//! Red, seat 1, is the Tycoon, which gives A-1's turn order Red, Blue, Green.

use darbar::tycoon::{Action, ActionKind, DecisionKind, Difficulty, Options, Region, Sector};

use crate::scenario::{Scenario, Table, act, city, content, industry, lv, policy};

/// A-1's "Red", a person and the Tycoon.
const RED: usize = 1;
/// A-1's "Blue", the automa.
const BLUE: usize = 2;
/// A-1's "Green", a person.
const GREEN: usize = 0;

/// A-1's table: 3 seats, Red (person), Blue (automa, card `AN-01`), Green (person) in turn
/// order; TP's values, influence Red 10, Blue 11, Green 12.
fn a_1() -> Scenario {
    Scenario::with(Options {
        players: 2,
        automas: Some(1),
        ..Options::default()
    })
    .tycoon(RED)
    .influence(RED, 10)
    .influence(BLUE, 11)
    .influence(GREEN, 12)
    .automa_card(BLUE, "AN-01")
}

/// A-1's Phase 3 in round 2: Blue 120 Cr with its reserve factories; display `I1-19` (AV 40),
/// `I1-01` (60), `I1-11` (30).
fn a_1_auction() -> Table {
    a_1()
        .round(2)
        .money(BLUE, 120)
        .industry_display(&[("I1-19", 0), ("I1-01", 0), ("I1-11", 0)])
        .auction()
}

/// Blue's standing bid (public, TI-7.4).
fn blue_bid(t: &Table) -> Option<u32> {
    t.view(RED).seats[BLUE].standing_bid
}

/// **A-1** (TC-16.4 Phase 3): Blue's target is `I1-01`, its ceiling 60 + 15 = 75. Over Red's
/// 30 it bids 35; over 70 it bids 75; over 75 it passes; holding the high bid in lap 2 it
/// passes (its bid stands).
#[test]
fn a_1_automa_industry_bids() {
    for (red, blue) in [(6, Some(35)), (14, Some(75)), (15, None)] {
        let mut t = a_1_auction();
        assert_eq!(t.decision(), Some((RED, DecisionKind::IndustryBid)));
        t.act(Action::Bid(red));
        assert_eq!(t.decision(), Some((GREEN, DecisionKind::IndustryBid)));
        assert_eq!(blue_bid(&t), blue, "over Red's {}", u32::from(red) * 5);
    }
    let mut t = a_1_auction();
    t.play(&[Action::Bid(6), Action::Pass, Action::Pass]); // Red 30; Green; Red in lap 2
    assert_eq!(
        t.decision(),
        Some((RED, DecisionKind::IndustryPick)),
        "Blue, first with 35, took its card; Red's lap-1 30 stands, second (TI-7.4)"
    );
    assert_eq!(
        t.seat(BLUE).money,
        120 - 35,
        "its lap-1 bid stood: it did not raise"
    );
    assert_eq!(
        t.seat(BLUE).industries[0].card,
        industry("I1-01"),
        "its target"
    );
}

/// A-1's Phase 4: Red (a person, the Tycoon) to act, then Blue, then Green.
fn a_1_actions() -> Scenario {
    a_1().money(BLUE, 120)
}

/// **A-2** (TC-16.4 Phase 4, `B` and `S`): Blue holds `I1-12` (cost icons Minerals, Transport);
/// no disc on any track; the map empty. 1st turn, plan `B`: the four metros tie on cost 3
/// (Minerals 2 + Transport 1), none has a Minerals step, focus region N: it builds in
/// `new_delhi` and pays 3: 117 Cr. 2nd turn, `S` with rule `lead`: Red and Green both have
/// IndustryAV 0 and share price 30, so the first after Blue in turn order, Green: Blue pays
/// Green 30.
#[test]
fn a_2_automa_builds_then_buys_a_share() {
    let mut t = a_1_actions().holds(BLUE, "I1-12").table();
    t.act(act(ActionKind::Politics)); // Red
    assert_eq!(t.decision(), Some((GREEN, DecisionKind::Turn)));
    assert_eq!(
        t.industries(BLUE),
        [("I1-12".to_owned(), Some("new_delhi".to_owned()))]
    );
    assert_eq!(t.seat(BLUE).money, 117);
    t.act(act(ActionKind::Politics)); // Green
    t.act(Action::Pass); // Red
    assert_eq!(t.decision(), Some((GREEN, DecisionKind::Turn)));
    assert_eq!(t.seat(BLUE).held[GREEN], 1);
    assert_eq!(t.seat(BLUE).money, 117 - 30);
    assert_eq!(t.seat(GREEN).money, 130);
}

/// **A-3** (TC-16.4 Phase 4 steps 1–3): Blue's card `AN-04` (plan B T P); no unbuilt card;
/// pool 1: `B` and `T` fail their tests, so `P` Politics. Next turn: no plan action left and
/// Politics taken: it passes.
#[test]
fn a_3_automa_falls_back_to_politics_then_passes() {
    let mut t = a_1_actions()
        .automa_card(BLUE, "AN-04")
        .pool(BLUE, 1)
        .table();
    t.act(act(ActionKind::Rally)); // Red
    t.act(Action::Rally(1));
    assert_eq!(t.decider(), GREEN);
    assert_eq!(t.seat(BLUE).taken, ActionKind::Politics.bit());
    assert_eq!(t.seat(BLUE).support, 1);
    t.act(act(ActionKind::Politics)); // Green
    t.act(Action::Pass); // Red
    assert!(t.seat(BLUE).out, "Blue passed");
    assert_eq!(t.seat(BLUE).taken, ActionKind::Politics.bit());
    assert_eq!(t.decision(), Some((GREEN, DecisionKind::Turn)));
}

/// **A-4** (TC-16.4 Phase 2 policy pick): Blue wins a policy bid; display `P1-07` (SUP 2,
/// Economic), `P2-07` (SUP 3, Liberal): it takes `P2-07`, the higher end support.
#[test]
fn a_4_automa_takes_the_highest_end_support() {
    let mut t = a_1()
        .round(4)
        .policy_display(&[("P1-07", 0), ("P2-07", 0)])
        .policy_bid()
        .table();
    assert_eq!(t.decision(), Some((RED, DecisionKind::PolicyBid)));
    t.act(Action::PolicyBid(0));
    assert_eq!(t.decision(), Some((GREEN, DecisionKind::PolicyBid)));
    t.act(Action::PolicyBid(0));
    assert_eq!(t.policies(BLUE), ["P2-07"], "AN-01 bids 1 and wins");
    assert_eq!(t.policy_display()[0].0, "P1-07");
    assert_eq!(
        content().policies[usize::from(policy("P2-07"))].end_support,
        3
    );
}

/// **A-5** (TC-16.4 Phase 2 NP): round 3; Blue's card buys at most 1 unit; Blue holds 2
/// promoters and 100 Cr: short of 3 promoters, and 100 − 15 ≥ 30: 1 unit for 15 Cr.
#[test]
fn a_5_automa_np_unit() {
    let mut t = a_1().promoters(BLUE, 2).np_turn(RED).table();
    let before = t.clone();
    t.act(Action::Done); // Red
    assert_eq!(t.decision(), Some((GREEN, DecisionKind::NationalProject)));
    t.assert_seat(&before, BLUE, |s| {
        s.money = 85;
        s.influence += 3;
        s.support += 1;
    });
}

/// **A-6** (TC-16.4 Phase 1): Blue becomes the Tycoon at the start of round 3, the East active;
/// its only factory is in `new_delhi`: it activates N (most own factories), not its focus
/// region S (card `AN-03`).
#[test]
fn a_6_automa_tycoon_chooses_the_region_of_its_factories() {
    let mut t = a_1()
        .round(2)
        .region(Region::E)
        .office(BLUE, "new_delhi")
        .top_bidder(BLUE)
        .automa_deck_top(Difficulty::Normal, "AN-03")
        .last_to_act(RED)
        .table();
    t.act(Action::Pass);
    assert_eq!((t.state.round(), t.state.tycoon()), (3, BLUE));
    assert_eq!(t.state.active_region(), Some(Region::N));
    assert_eq!(
        t.view(RED).seats[BLUE].automa_card.as_deref(),
        Some("AN-03")
    );
}

/// **A-7** (TC-16.2 item 2, TC-16.4 `R`): Blue (card `AN-11`, plan B R T; no unbuilt card)
/// rallies with 4 promoters in its supply: pool +4, `INF 2`, no merit card drawn.
#[test]
fn a_7_automa_rally_gains_influence_not_a_merit_card() {
    let mut t = a_1_actions()
        .automa_card(BLUE, "AN-11")
        .promoters(BLUE, 4)
        .table();
    let before = t.clone();
    t.act(act(ActionKind::Politics)); // Red
    t.assert_seat(&before, BLUE, |s| {
        s.tokens = 1;
        s.taken = ActionKind::Rally.bit();
        s.promoters = 0;
        s.pool += 4;
        s.influence += 2;
    });
    assert_eq!(t.merit_deck().len(), 30, "nothing drawn");
}

/// **A-8** (TC-16.2 item 3, TI-17.4, `H1-7`): under the Dutt Committee Blue holds unbuilt cards
/// and pays nothing at round end; Green, a person with one, pays 5.
#[test]
fn a_8_headlines_never_touch_an_automa() {
    let mut t = a_1()
        .headline("H1-7")
        .holds(BLUE, "I1-01")
        .holds(BLUE, "I1-02")
        .holds(GREEN, "I1-03")
        .last_to_act(RED)
        .table();
    t.act(Action::Pass);
    assert_eq!(t.state.round(), 4);
    assert_eq!(t.seat(BLUE).money, 100);
    assert_eq!(t.seat(GREEN).money, 95);
}

/// **A-9** (TC-16.4 `B` targets and ties): Blue 12 Cr holds `I2-09` (AV 100; Minerals, Power,
/// Transport) and `I1-16` (AV 30; Fuel); Green Minerals 7; no other disc; the map empty.
/// `I2-09` costs at least 14 + 1 + 1 = 16 > 12, so only `I1-16` passes. Every city costs 2
/// (Fuel, Government); the Minerals-step cities are `jaipur`, `durgapur`, `panjim`; focus
/// region N: `jaipur`. Blue pays 2: 10 Cr; Power 1 (`PROM 1`), `INF 2`, Jaipur Minerals 1
/// (`PROM 1`), North `SUP 1`.
#[test]
fn a_9_automa_build_city_ties() {
    let mut t = a_1_actions()
        .money(BLUE, 12)
        .holds(BLUE, "I2-09")
        .holds(BLUE, "I1-16")
        .level(GREEN, Sector::Min, 7)
        .table();
    let before = t.clone();
    t.act(act(ActionKind::Politics)); // Red
    t.assert_seat(&before, BLUE, |s| {
        s.tokens = 1;
        s.taken = ActionKind::Build.bit();
        s.money = 10;
        s.promoters += 2;
        s.influence += 2;
        s.support += 1;
        s.levels[lv(Sector::Pow)] = 1;
        s.levels[lv(Sector::Min)] = 1;
        s.industries[1].city = Some(city("jaipur"));
    });
}

/// **A-10** (TC-16.4 `S`): Blue 60 Cr, no unbuilt card, no shares held; Red IndustryAV 200 with
/// lowest share 50, Green IndustryAV 100 with lowest share 30. `B` fails; `S`: Red's 50 > 60 −
/// 20 fails, Green's 30 passes; `lead` chooses among passing opponents only: Blue pays Green
/// 30: 30 Cr, `INF 2`.
#[test]
fn a_10_automa_shares_among_affordable_opponents() {
    let mut t = a_1_actions()
        .money(BLUE, 60)
        .built(RED, "I2-09", "bombay")
        .built(RED, "I2-03", "poona")
        .built(GREEN, "I1-01", "madras")
        .built(GREEN, "I1-04", "madurai")
        .covers(RED, "SU-01")
        .covers(RED, "SU-02")
        .covers(RED, "SU-04")
        .covers(RED, "SU-06")
        .table();
    assert_eq!(t.seat(RED).top_share(), Some(50));
    assert_eq!(t.state.industry_av(content(), RED as u8), 200);
    assert_eq!(t.state.industry_av(content(), GREEN as u8), 100);
    let before = t.clone();
    t.act(act(ActionKind::Politics)); // Red
    t.assert_seat(&before, BLUE, |s| {
        s.tokens = 1;
        s.taken = ActionKind::Shares.bit();
        s.money = 30;
        s.influence += 2;
        s.held[GREEN] = 1;
    });
    t.assert_seat(&before, GREEN, |s| {
        s.money = 130;
        s.shares_left = 8;
    });
}
