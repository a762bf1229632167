//! Rule tests of money: forced payments and their emergency loans (TI-21.2, TI-OQ-18),
//! voluntary emergency loans (TI-9, TI-21.4), the dividend settlement order (TI-6.3,
//! TI-21.23), and note repayment at the game's end (TI-16.1, TI-10).

use darbar::engine::{Cites, Game};
use darbar::tycoon::{Action, ActionKind, DecisionKind, Options, Region, Sector};

use crate::scenario::{BLUE, GREEN, RED, Scenario, Table, YELLOW, act, content};

/// Round 3's Income & dividends, played by the Tycoon's region choice (the North, where
/// nobody has a factory); the NP's first decision follows.
fn income(scenario: Scenario) -> (Table, Table) {
    let mut t = scenario.region_choice().table();
    let before = t.clone();
    t.act(Action::Region(Region::N));
    assert_eq!(
        t.kind(),
        DecisionKind::NationalProject,
        "the income is paid"
    );
    (before, t)
}

/// **TI-21.2, TI-6.3**: a forced payment short of cash is covered at once by emergency loans of
/// 25 Cr each, as few as needed: Red with 0 Cr owes 3 × 10 Cr of dividends and takes 2 loans
/// (50 Cr), pays 30 and keeps 20; each loan is logged, with no Finance step (TI-9).
#[test]
fn ti_21_2_a_forced_payment_takes_as_few_loans_as_needed() {
    let (before, t) = income(
        Scenario::tp()
            .money(RED, 0)
            .shares(BLUE, RED, 1)
            .shares(GREEN, RED, 1)
            .shares(YELLOW, RED, 1),
    );
    t.assert_seat(&before, RED, |s| {
        s.money = 20;
        s.notes = 2;
    });
    for seat in [BLUE, GREEN, YELLOW] {
        t.assert_seat(&before, seat, |s| s.money = 100 + 10 + 5);
    }
    let loans = t
        .log
        .iter()
        .filter(|l| l.contains("forced emergency loan of 25 Cr"))
        .count();
    assert_eq!(loans, 2);
}

/// **TI-21.2, TI-OQ-18**: at 10 notes a forced payment pays what it can and the rest is waived:
/// Red with 5 Cr and 10 notes owes 30 Cr and pays 5; no 11th note.
#[test]
fn ti_oq_18_at_10_notes_the_rest_is_waived() {
    let (before, t) = income(
        Scenario::tp()
            .money(RED, 5)
            .notes(RED, 10)
            .shares(BLUE, RED, 1)
            .shares(GREEN, RED, 1)
            .shares(YELLOW, RED, 1),
    );
    t.assert_seat(&before, RED, |s| s.money = 0);
    let received: u32 = [BLUE, GREEN, YELLOW]
        .iter()
        .map(|&s| t.seat(s).money - before.seat(s).money - 5)
        .sum();
    assert_eq!(received, 5, "the holders share Red's 5 Cr");
    assert!(t.logged("waived"));
}

/// **TI-21.2**: a voluntary payment is legal if cash + 25 × (10 − notes) covers it, and its
/// shortfall is borrowed at once: Red with 0 Cr buys a 30 Cr share with 2 loans (20 Cr left);
/// with 9 notes it can raise only 25 and Shares is not offered.
#[test]
fn ti_21_2_a_voluntary_payment_may_be_borrowed() {
    let mut t = Scenario::tp().money(RED, 0).table();
    t.play(&[act(ActionKind::Shares), Action::Share(BLUE as u8)]);
    assert_eq!((t.seat(RED).money, t.seat(RED).notes), (20, 2));
    assert_eq!(t.seat(BLUE).money, 130);

    let t = Scenario::tp().money(RED, 0).notes(RED, 9).table();
    assert!(!t.offers(act(ActionKind::Shares)));
    assert!(
        t.offers(Action::EmergencyLoan),
        "9 notes: one more loan is possible"
    );
}

/// **TI-9, TI-21.4**: a voluntary emergency loan is offered first at a person's every decision;
/// it gives 1–25 Cr (the seat's choice) and a note, moves no track and uses no token, and the
/// decision it interrupted comes back unchanged.
#[test]
fn ti_9_a_voluntary_emergency_loan() {
    let mut t = Scenario::tp().table();
    let choices = t.choices();
    assert_eq!(choices[0], Action::EmergencyLoan);
    t.act(Action::EmergencyLoan);
    assert_eq!(t.decision(), Some((RED, DecisionKind::LoanAmount)));
    assert_eq!(
        t.choices(),
        (1..=25).map(Action::LoanAmount).collect::<Vec<_>>()
    );
    let before = t.clone();
    t.act(Action::LoanAmount(7));
    t.assert_seat(&before, RED, |s| {
        s.money = 107;
        s.notes = 1;
    });
    assert_eq!(t.seat(RED).level(Sector::Fin), 0);
    assert_eq!(t.decision(), Some((RED, DecisionKind::Turn)));
    assert_eq!(t.choices(), choices, "the turn as it was");
    // Every decision offers it: a sealed bid, a region, an NP turn.
    for mut u in [
        Scenario::tp().round(4).policy_bid().table(),
        Scenario::tp().region_choice().table(),
        Scenario::tp().np_turn(RED).table(),
    ] {
        assert_eq!(u.choices()[0], Action::EmergencyLoan, "{:?}", u.kind());
        u.act(Action::EmergencyLoan);
        assert_eq!(u.kind(), DecisionKind::LoanAmount);
    }
}

/// **TI-9, TC-16.2 item 4**: an automa takes no voluntary emergency loan (it never decides
/// through the interface), but its forced payments borrow like anyone's: the automa with 0 Cr
/// pays 10 Cr of dividends with one forced loan.
#[test]
fn ti_9_automas_borrow_only_when_forced() {
    let mut t = Scenario::with(Options {
        players: 3,
        automas: Some(1),
        ..Options::default()
    })
    .automa_card(YELLOW, "AN-01")
    .money(YELLOW, 0)
    .shares(RED, YELLOW, 1)
    .region_choice()
    .table();
    t.act(Action::Region(Region::N));
    assert_eq!((t.seat(YELLOW).money, t.seat(YELLOW).notes), (15, 1));
    assert!(t.decision().is_some_and(|(seat, _)| seat != YELLOW));
}

/// **TC-16.2 item 4, TC-16.4 Phase 3**: an automa's voluntary payments come from its cash
/// only: with 40 Cr its bid ceiling is 40 even though its card allows 60 + 15 for `I1-01`.
/// Over Red's 35 it bids 40; over 45 it passes.
#[test]
fn tc_16_2_an_automa_bids_only_its_cash() {
    let auction = || {
        Scenario::with(Options {
            players: 3,
            automas: Some(1),
            ..Options::default()
        })
        .automa_card(YELLOW, "AN-01")
        .money(YELLOW, 40)
        .round(2)
        .industry_display(&[("I1-19", 0), ("I1-01", 0), ("I1-11", 0)])
        .auction()
    };
    let mut t = auction();
    t.play(&[Action::Bid(7), Action::Pass, Action::Pass]); // Red 35, Blue, Green
    assert_eq!(t.view(RED).seats[YELLOW].standing_bid, Some(40));
    let mut t = auction();
    t.play(&[Action::Bid(9), Action::Pass, Action::Pass]); // Red 45, Blue, Green
    assert_eq!(t.view(RED).seats[YELLOW].standing_bid, None);
}

/// **TC-1.1 `NOTE`**: a merit card whose `NOTE` would take its holder past 10 notes cannot be
/// played: `M-16` (`LOANCR ; NOTE 1`) opens no window at 10 notes; at 9 it gives the loan
/// amount and the 10th note.
#[test]
fn tc_1_1_a_note_card_stops_at_10_notes() {
    let t = Scenario::tp().notes(RED, 10).merit(RED, "M-16").table();
    assert_eq!(
        t.decision(),
        Some((RED, DecisionKind::Turn)),
        "no ACT window"
    );
    let mut t = Scenario::tp().notes(RED, 9).merit(RED, "M-16").table();
    assert_eq!(t.decision(), Some((RED, DecisionKind::MeritWindow)));
    t.act(Action::Merit(crate::scenario::merit("M-16")));
    assert_eq!((t.seat(RED).money, t.seat(RED).notes), (130, 10));
    assert_eq!(t.seat(RED).level(Sector::Fin), 0, "no Finance step");
}

/// **TI-6.3, TI-21.23**: players pay their dividends one payer at a time in turn order from
/// the Tycoon, each payment credited at once. Blue (0 Cr) holds a Red share and owes Green 10.
/// With Red the Tycoon, Red pays Blue first, so Blue pays from the 5 + 10 it has: no loan. With
/// Blue the Tycoon, Blue pays first from its 5 Cr: one forced loan.
#[test]
fn ti_21_23_dividends_settle_payer_by_payer_in_turn_order() {
    let position = |tycoon: usize| {
        Scenario::tp()
            .tycoon(tycoon)
            .money(BLUE, 0)
            .shares(BLUE, RED, 1)
            .shares(GREEN, BLUE, 1)
    };
    let (_, t) = income(position(RED));
    assert_eq!((t.seat(BLUE).money, t.seat(BLUE).notes), (5, 0));
    assert_eq!((t.seat(RED).money, t.seat(GREEN).money), (90, 115));
    let (_, t) = income(position(BLUE));
    assert_eq!((t.seat(BLUE).money, t.seat(BLUE).notes), (30, 1));
    assert_eq!((t.seat(RED).money, t.seat(GREEN).money), (90, 115));
}

/// **TI-6.3**: income first, then the supply's 5 Cr per share held, then the payers; nobody is
/// paid for its own colour. Red's built `I1-01` earns 15 and its `MOD income` hooks (none)
/// run; Red's dividends come on top.
#[test]
fn ti_6_3_income_and_supply_dividends() {
    let (before, t) = income(
        Scenario::tp()
            .built(RED, "I1-01", "surat")
            .built(BLUE, "I1-03", "madras")
            .shares(RED, BLUE, 2),
    );
    t.assert_seat(&before, RED, |s| s.money = 100 + 15 + 2 * 15);
    t.assert_seat(&before, BLUE, |s| s.money = 100 + 10 - 20);
    t.assert_unchanged(&before, &[GREEN, YELLOW]);
}

/// Round 7's last Phase-4 turn: Red's pass ends the game (TI-16.1).
fn game_end(scenario: Scenario) -> Table {
    scenario.round(7).last_to_act(RED).table()
}

/// **TI-16.1, TI-10**: at the end, in turn order from the Tycoon, each seat repays any number
/// of notes it can pay for at 50 Cr each; no emergency loan is offered then (TI-OQ-40). Each
/// note kept costs 50 AV and 7 influence at scoring.
#[test]
fn ti_16_1_note_repayment() {
    let mut t = game_end(
        Scenario::tp()
            .money(RED, 120)
            .notes(RED, 3)
            .money(BLUE, 60)
            .notes(BLUE, 1),
    );
    t.act(Action::Pass);
    assert_eq!(t.decision(), Some((RED, DecisionKind::Repay)));
    assert_eq!(
        t.choices(),
        [Action::Repay(2), Action::Repay(1), Action::Repay(0)],
        "at most min(3 notes, 120 ÷ 50); no emergency loan"
    );
    let err = t.refused(Action::EmergencyLoan);
    assert_eq!(err.rule().0, "TI-OQ-40", "{err}");
    t.act(Action::Repay(2));
    assert_eq!((t.seat(RED).money, t.seat(RED).notes), (20, 1));
    assert_eq!(t.decision(), Some((BLUE, DecisionKind::Repay)));
    t.act(Action::Repay(0));
    let outcome = t.state.outcome().expect("scored");
    assert_eq!(outcome.scores[RED].asset_value, -50);
    assert_eq!(outcome.scores[RED].influence, 10 - 7);
    assert_eq!(outcome.scores[BLUE].asset_value, -50);
    assert_eq!(outcome.scores[BLUE].influence, 11 - 7);
    assert!(t.game.is_terminal(&t.state));

    // The new Tycoon of round 7 (its top bidder, TI-4.2) repays first.
    let mut t = game_end(
        Scenario::tp()
            .money(RED, 120)
            .notes(RED, 3)
            .money(BLUE, 60)
            .notes(BLUE, 1)
            .top_bidder(BLUE),
    );
    t.act(Action::Pass);
    assert_eq!(t.state.tycoon(), BLUE);
    assert_eq!(t.decision(), Some((BLUE, DecisionKind::Repay)));
    t.act(Action::Repay(1));
    assert_eq!(t.decision(), Some((RED, DecisionKind::Repay)));
}

/// **TI-21.12**: end conditions are read after note repayment: Red repays its only note, so
/// `PB-2` (`if notes = 0: INF 6`) scores for it.
#[test]
fn ti_21_12_conditions_are_read_after_repayment() {
    let mut t = game_end(Scenario::tp().plans(&["PB-2"]).money(RED, 50).notes(RED, 1));
    t.act(Action::Pass);
    t.act(Action::Repay(1));
    let scores = &t.state.outcome().expect("scored").scores;
    assert_eq!(scores[RED].plan_influence, 6);
    assert_eq!(scores[RED].influence, 16);
    assert_eq!(t.state.scores(content())[RED].plan_influence, 6);
}
