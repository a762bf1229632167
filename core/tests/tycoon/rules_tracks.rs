//! Rule tests of the sector tracks (TI-2.3, TC-3.2), sector leaders (TI-2.4, TI-8.3.2) and
//! the conglomerate bonus (TI-11).

use darbar::tycoon::{Action, ActionKind, DecisionKind, Sector};

use crate::scenario::{BLUE, GREEN, RED, Scenario, Table, YELLOW, act, conglomerate};

/// Export for one step (`SU-12` or `SU-13`, `STEP any 1`) on `sector` (TI-8.6).
fn export(t: &mut Table, space: &str, sector: Sector) {
    let space = t.space(space);
    t.play(&[act(ActionKind::Strategy), space, Action::Sector(sector)]);
}

/// **TI-2.3 step 2, TC-3.2**: level 7 holds one disc, the first to reach it. Red at Power 6
/// reaches 7 and gains its bonus (`+1A 1 ; INF 4`); Blue at 6 then cannot move: its step is
/// lost and a move that changes no level triggers nothing.
#[test]
fn ti_2_3_level_7_belongs_to_the_first_to_reach_it() {
    let mut t = Scenario::tp()
        .level(RED, Sector::Pow, 6)
        .level(BLUE, Sector::Pow, 6)
        .table();
    export(&mut t, "SU-12", Sector::Pow);
    assert_eq!(t.seat(RED).level(Sector::Pow), 7);
    assert_eq!((t.seat(RED).plus1, t.seat(RED).influence), (1, 14));
    let before = t.clone();
    export(&mut t, "SU-13", Sector::Pow); // Blue
    t.assert_seat(&before, BLUE, |s| {
        s.tokens = 1;
        s.taken = ActionKind::Strategy.bit();
        s.pool = 1;
        s.shares_left = 8;
    });
    assert_eq!(t.seat(BLUE).level(Sector::Pow), 6);
    assert_eq!(t.state.leader(Sector::Pow), Some(RED as u8));
}

/// **TI-2.3 step 1 (TI-OQ-10)**: the first step puts a disc on level 1.
#[test]
fn ti_2_3_the_first_step_enters_level_1() {
    let mut t = Scenario::tp().table();
    assert_eq!(t.state.leader(Sector::Agr), None);
    export(&mut t, "SU-12", Sector::Agr);
    assert_eq!(t.seat(RED).level(Sector::Agr), 1);
    assert_eq!(t.seat(RED).money, 105, "level 1's `Cr 5`");
    assert_eq!(t.state.leader(Sector::Agr), Some(RED as u8));
}

/// **TI-2.4, TI-0.4**: the leader is the highest disc; on a tie, the disc on top (the later
/// arrival). With no disc the Government leads at level 1: a Minerals icon then costs 2 Cr to
/// the supply. Green reached Minerals 3 after Blue, so Green leads and is paid 2 × 3 for
/// `I1-09`'s Minerals icon; the Power icon goes to the supply (no Power disc).
#[test]
fn ti_2_4_sector_leaders_and_the_government() {
    let state = Scenario::tp().build();
    assert_eq!(state.leader(Sector::Min), None);
    assert_eq!(state.leader_level(Sector::Min), 1);

    let mut t = Scenario::tp()
        .level(BLUE, Sector::Min, 3)
        .level(GREEN, Sector::Min, 3)
        .holds(RED, "I1-09")
        .table();
    assert_eq!(t.state.leader(Sector::Min), Some(GREEN as u8));
    t.build("I1-09", "nasik", &[]);
    assert_eq!((t.seat(GREEN).money, t.seat(BLUE).money), (106, 100));
    // Red: −6 (Minerals) −2 (Power, distance 2) +5 (Agriculture 1) +5 (West).
    assert_eq!(t.seat(RED).money, 102);

    let mut t = Scenario::tp().holds(RED, "I1-03").table(); // MIN, cost icon POW
    t.build("I1-03", "ahmedabad", &[]);
    assert_eq!(
        t.seat(RED).money,
        100 - 4 + 5,
        "Power: distance 4, to the supply"
    );
    assert_eq!(t.state.leader(Sector::Min), Some(RED as u8));
}

/// **TI-21.7**: a build's costs are paid to the leaders as they stand before the build; the
/// build's own steps refund nothing. Red builds `I1-15` (Power; Minerals icon) while Blue
/// leads Minerals at 1; Red's Power steps do not matter, and the city's Minerals step after
/// the payment makes Red the Minerals leader without a refund.
#[test]
fn ti_21_7_costs_are_paid_before_the_bonuses() {
    let mut t = Scenario::tp()
        .level(BLUE, Sector::Min, 1)
        .holds(RED, "I1-15")
        .table();
    t.build("I1-15", "jaipur", &[]); // Jaipur: STEP MIN 1
    assert_eq!(t.seat(BLUE).money, 102, "2 × Blue's level 1");
    assert_eq!(t.state.leader(Sector::Min), Some(RED as u8));
    assert_eq!(t.seat(RED).money, 98);
}

/// **TI-11**: the 6th disc triggers the conglomerate bonus: the seat picks one of the tokens
/// left, which is then gone and never replenished; once none is left a 6th disc gains
/// nothing; and a seat's later steps never trigger it again (the 6th disc is placed once).
#[test]
fn ti_11_the_conglomerate_bonus_once() {
    let mut scenario = Scenario::tp()
        .conglomerates(&["CG-2", "CG-3"])
        .pool(GREEN, 7);
    for seat in [RED, BLUE, GREEN] {
        for sector in &Sector::ALL[..5] {
            scenario = scenario.level(seat, *sector, 1);
        }
    }
    let mut t = scenario.table();
    export(&mut t, "SU-12", Sector::Tra);
    assert_eq!(t.decision(), Some((RED, DecisionKind::Conglomerate)));
    let tokens = [
        Action::Conglomerate(conglomerate("CG-2")),
        Action::Conglomerate(conglomerate("CG-3")),
    ];
    assert_eq!(t.choices()[1..], tokens);
    t.act(tokens[0]);
    assert_eq!(t.seat(RED).influence, 10 + 6, "CG-2: INF 6");
    export(&mut t, "SU-13", Sector::Tra); // Blue
    assert_eq!(t.decision(), Some((BLUE, DecisionKind::Conglomerate)));
    assert_eq!(t.choices()[1..], tokens[1..], "CG-2 is gone");
    t.act(tokens[1]);
    assert_eq!(t.seat(BLUE).support, 3, "CG-3: SUP 3");
    assert!(t.view(RED).conglomerates.is_empty());
    let before = t.clone();
    let space = t.space("SU-14");
    t.play(&[
        act(ActionKind::Strategy),
        space,
        Action::Steps(Sector::Tra, Sector::Tra),
    ]);
    assert_eq!(
        t.decision(),
        Some((YELLOW, DecisionKind::Turn)),
        "Green's 6th disc finds no token"
    );
    t.assert_seat(&before, GREEN, |s| {
        s.tokens = 1;
        s.taken = ActionKind::Strategy.bit();
        s.pool = 0;
        s.shares_left = 8;
        s.levels[5] = 2;
        s.promoters = 6; // Transport 1 `PROM 1`; Transport 2 is pass-only
    });
    t.act(Action::Pass); // Yellow
    t.act(act(ActionKind::Loan)); // Red: Finance 1 → 2
    assert_eq!(t.seat(RED).level(Sector::Fin), 2);
    assert_eq!(
        t.decision(),
        Some((BLUE, DecisionKind::Turn)),
        "no second bonus"
    );
}

/// **TI-11, TI-2.3 step 5**: a conglomerate token's bonus is gained at once: `CG-5`
/// (`STEP any2`) moves two tracks on the same turn.
#[test]
fn ti_11_a_conglomerate_bonus_with_a_choice() {
    let mut scenario = Scenario::tp().conglomerates(&["CG-5"]);
    for sector in &Sector::ALL[..5] {
        scenario = scenario.level(RED, *sector, 1);
    }
    let mut t = scenario.table();
    export(&mut t, "SU-12", Sector::Tra);
    t.act(Action::Conglomerate(conglomerate("CG-5")));
    assert_eq!(t.kind(), DecisionKind::StepAny);
    t.act(Action::Steps(Sector::Fin, Sector::Fin));
    assert_eq!(t.seat(RED).level(Sector::Fin), 3);
    assert_eq!(t.merits(RED), ["M-01"], "Finance 3 lands: `MERIT 1`");
}
