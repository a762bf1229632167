//! Rule tests of Phase 2's policy bid beyond TI-19.2 (TI-6.2, TI-21.11, TI-21.19) and of a
//! Liberal policy's immediate effect (TI-6.5).

use darbar::tycoon::{Action, DecisionKind, Options, Region};

use crate::scenario::{BLUE, GREEN, RED, Scenario, Table, YELLOW, policy};

/// Round 4's policy bid of TP with these cards on display.
fn bid(display: &[(&str, u32)]) -> Table {
    Scenario::tp()
        .round(4)
        .policy_display(display)
        .policy_bid()
        .table()
}

/// A log line with its rule citations in parentheses taken out.
fn without_citations(line: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in line.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// **TI-6.2 step 3 (TI-OQ-27)**: when every bid is 0 all are tied and the influence-order
/// leader, Yellow (13), wins for nothing; nothing moves to any pool; the card left gets its
/// promoter.
#[test]
fn ti_6_2_all_zero_bids_go_to_the_influence_leader() {
    let mut t = bid(&[("P1-01", 0), ("P1-03", 0)]);
    let before = t.clone();
    t.play(&[Action::PolicyBid(0); 4]);
    assert_eq!(t.decision(), Some((YELLOW, DecisionKind::PolicyPick)));
    t.act(Action::Policy(1));
    t.assert_seat(&before, YELLOW, |s| s.policies.push(policy("P1-03")));
    t.assert_unchanged(&before, &[RED, BLUE, GREEN]);
    assert_eq!(t.policy_display()[0], ("P1-01".to_owned(), 1));
}

/// **TI-0.4, TI-6.2 step 3**: on one influence space the disc that arrived later is higher:
/// Red and Blue both at 11, Red's disc placed after Blue's, so Red wins their tie.
#[test]
fn ti_0_4_the_later_disc_is_higher_in_a_stack() {
    let mut t = Scenario::tp()
        .influence(BLUE, 11)
        .influence(RED, 11)
        .round(4)
        .policy_display(&[("P1-01", 0), ("P1-03", 0)])
        .policy_bid()
        .table();
    assert_eq!(t.state.influence_order()[2..], [RED as u8, BLUE as u8]);
    t.play(&[
        Action::PolicyBid(2),
        Action::PolicyBid(2),
        Action::PolicyBid(0),
        Action::PolicyBid(0),
    ]);
    assert_eq!(t.decision(), Some((RED, DecisionKind::PolicyPick)));
}

/// **TI-6.2 steps 4–5**: the Tycoon winning pays its bid to the general supply; the losers'
/// bids go to their own pools.
#[test]
fn ti_6_2_the_tycoon_pays_the_supply() {
    let mut t = bid(&[("P1-01", 0), ("P1-03", 0)]);
    t.play(&[
        Action::PolicyBid(3),
        Action::PolicyBid(2),
        Action::PolicyBid(0),
        Action::PolicyBid(1),
    ]);
    assert_eq!(t.decision(), Some((RED, DecisionKind::PolicyPick)));
    let promoters: Vec<u32> = (0..4).map(|s| t.seat(s).promoters).collect();
    assert_eq!(promoters, [2, 3, 5, 4]);
    let pools: Vec<u32> = (0..4).map(|s| t.seat(s).pool).collect();
    assert_eq!(pools, [5, 7, 5, 6]);
}

/// **TI-21.11**: with 1 policy on display the winner takes it and no card receives the
/// unchosen-policy promoter; with the deck empty the display stays empty.
#[test]
fn ti_21_11_one_policy_on_display() {
    let mut t = Scenario::tp()
        .round(4)
        .policy_display(&[("P1-01", 0)])
        .policy_deck(&[])
        .policy_bid()
        .table();
    t.play(&[
        Action::PolicyBid(0),
        Action::PolicyBid(1),
        Action::PolicyBid(0),
        Action::PolicyBid(0),
    ]);
    assert_eq!(t.decision(), Some((BLUE, DecisionKind::PolicyPick)));
    assert_eq!(t.choices(), [Action::EmergencyLoan, Action::Policy(0)]);
    t.act(Action::Policy(0));
    assert_eq!(t.policies(BLUE), ["P1-01"]);
    assert!(t.policy_display().is_empty());
    assert_eq!(t.view(RED).policy_deck, 0);
}

/// **TI-21.11**: with no policy on display the policy bid is skipped (nobody bids), and
/// Lobby is not offered.
#[test]
fn ti_21_11_no_policy_skips_the_bid_and_lobby() {
    let mut t = Scenario::tp()
        .round(4)
        .region(Region::W)
        .policy_display(&[])
        .policy_deck(&[])
        .region_choice()
        .table();
    t.act(Action::Region(Region::N));
    assert_eq!(
        t.decision(),
        Some((RED, DecisionKind::IndustryBid)),
        "no sealed bid: Phase 3"
    );
    t.defaults_until(|t| t.kind() == DecisionKind::Turn);
    t.act(Action::Act(darbar::tycoon::ActionKind::Strategy));
    let lobby = t.space("SU-04");
    assert!(!t.offers(lobby));
    assert!(t.offers(t.space("SU-01")));
}

/// **TI-21.19, TC-16.4**: an automa's sealed bid is as hidden as a person's: no log line
/// before the reveal names its amount, and no person's view shows it; the reveal shows all.
#[test]
fn ti_21_19_an_automa_bid_stays_sealed() {
    let mut t = Scenario::with(Options {
        players: 3,
        automas: Some(1),
        ..Options::default()
    })
    .automa_card(YELLOW, "AN-02") // policy bid 2
    .round(4)
    .policy_display(&[("P1-01", 0), ("P1-03", 0)])
    .policy_bid()
    .table();
    t.play(&[Action::PolicyBid(0), Action::PolicyBid(0)]); // Red, Blue
    assert_eq!(t.decision(), Some((GREEN, DecisionKind::PolicyBid)));
    t.act(Action::PolicyBid(0)); // Green; then the automa Yellow, then the reveal
    let reveal = t
        .log
        .iter()
        .position(|l| l.contains("Bids revealed"))
        .expect("the reveal");
    for line in &t.log[..reveal] {
        let text = without_citations(line);
        assert!(
            !text.chars().any(|c| c.is_ascii_digit()),
            "no amount before the reveal: {line:?}"
        );
    }
    assert!(t.log[reveal].contains("Yellow 2"), "{}", t.log[reveal]);
    assert_eq!(
        t.policies(YELLOW).len(),
        1,
        "the automa won and took a card"
    );
    assert_eq!(
        t.seat(YELLOW).promoters,
        5 - 2,
        "its bid paid to the Tycoon"
    );
    assert_eq!(t.seat(RED).promoters, 5 + 2);
}

/// **TC-16.3, TI-17.2 step 1**: at the start of a round the Tycoon turns over the headline
/// first; after it, and before Phase 1, each automa turns up its card of the round.
#[test]
fn tc_16_3_automa_cards_come_after_the_headline() {
    let mut t = Scenario::with(Options {
        players: 3,
        automas: Some(1),
        ..Options::default()
    })
    .next_headline("H1-1")
    .last_to_act(RED)
    .table();
    t.act(Action::Pass);
    assert_eq!((t.state.round(), t.kind()), (4, DecisionKind::Region));
    let headline = t
        .log
        .iter()
        .position(|l| l.contains("headline of the round"))
        .expect("the headline's reveal");
    let card = t
        .log
        .iter()
        .position(|l| l.contains("turns up its card"))
        .expect("the automa's card");
    assert!(headline < card, "{:#?}", t.log);
    assert!(t.seat(YELLOW).automa_card.is_some());
}
