//! TC-18.2: the scenarios of darbar's default cards (industries, policies, planning
//! commission, headlines, agendas, merit cards, conglomerate and favour tokens), one test each
//! named after its id, asserting every value of its Expected column.
//!
//! Where a row says "Red acquires" a policy in TP's Phase 4, Red takes it with the Lobby space
//! `SU-04` (TI-8.6), which the expected values leave out (its pool and share token).

use darbar::tycoon::{Action, ActionKind, DecisionKind, HeldMerit, Holding, Options, Sector};
use serde_json::json;

use crate::scenario::{
    BLUE, GREEN, PHASE_SERIAL, RED, Scenario, Table, YELLOW, act, city, conglomerate, content,
    industry, lv, merit, policy, used_token,
};
use crate::vectors::seed_refinery;

/// Red takes the policy `id` with the Lobby space `SU-04` (TI-8.6), `id` alone on display
/// beside `P1-01`.
fn lobby(mut scenario: Scenario, id: &str) -> (Table, Table) {
    scenario = scenario.policy_display(&[(id, 0), ("P1-01", 0)]);
    let mut t = scenario.table();
    let before = t.clone();
    let space = t.space("SU-04");
    t.play(&[act(ActionKind::Strategy), space, Action::Policy(0)]);
    (before, t)
}

/// Round 4's Income & dividends: the policy bid before it (TC-6) is answered with 0 by every
/// seat, Yellow (first in influence order) taking the harmless `P1-01`; the income follows and
/// Phase 3 begins.
fn round_4_income(scenario: Scenario) -> (Table, Table) {
    let mut t = scenario
        .round(4)
        .policy_display(&[("P1-01", 0), ("P1-03", 0)])
        .policy_bid()
        .table();
    let before = t.clone();
    for seat in [RED, BLUE, GREEN, YELLOW] {
        assert_eq!(t.decision(), Some((seat, DecisionKind::PolicyBid)));
        t.act(Action::PolicyBid(0));
    }
    assert_eq!(t.decision(), Some((YELLOW, DecisionKind::PolicyPick)));
    t.act(Action::Policy(0));
    assert_eq!(t.kind(), DecisionKind::IndustryBid, "the income is paid");
    (before, t)
}

/// **C-01** (`I1-09` Refinery = T-MAP-1, TI-19.6): Red pays Green 6 and Blue 2; Red 102 Cr,
/// INF 17; Green 106 Cr; Blue 102 Cr.
#[test]
fn c_01_refinery() {
    let (_, t) = seed_refinery();
    let money: Vec<u32> = (0..4).map(|s| t.seat(s).money).collect();
    assert_eq!(money, [102, 102, 106, 100]);
    assert_eq!(t.seat(RED).influence, 17);
    assert_eq!(t.seat(RED).level(Sector::Fue), 2);
    assert_eq!(t.seat(RED).level(Sector::Agr), 1);
}

/// **C-02** (`I2-17` Maruti; TI-8.3.2, TI-21.7): Green Minerals 4, Red Power 3; Red builds in
/// `poona`: pays Green 8 (Minerals), the supply 2 (Fuel, Government), nothing for Power (Red
/// leads). Transport 2 (passes 1: `PROM 1`; lands on 2: pass-only, nothing); card `INF 6`;
/// Poona Transport 3 (`INF 2`); West `Cr 5`: Red 95 Cr, INF 18, promoters 6. Green 108 Cr.
#[test]
fn c_02_maruti() {
    let mut t = Scenario::tp()
        .level(GREEN, Sector::Min, 4)
        .level(RED, Sector::Pow, 3)
        .holds(RED, "I2-17")
        .table();
    let before = t.clone();
    t.build("I2-17", "poona", &[]);
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Build);
        s.money = 95;
        s.influence = 18;
        s.promoters = 6;
        s.levels[lv(Sector::Tra)] = 3;
        s.industries[0].city = Some(city("poona"));
    });
    t.assert_seat(&before, GREEN, |s| s.money = 108);
    t.assert_unchanged(&before, &[BLUE, YELLOW]);
}

/// **C-03** (`I2-01` NALCO; TI-8.3.2 two icons of a sector, TI-2.4): Blue Power 1; Red builds
/// in `cuttack`: the two Power icons cost 2 each (distance 2), Blue +4; Transport 2 to the
/// supply: Red 94 Cr. Minerals 2 (`PROM 1`, `PROM 1`); `INF 4`: 14; Cuttack Power 1 (`PROM 1`);
/// East `PROM 1`: promoters 9. Red's Power disc lands on top of Blue's: Red now leads Power.
#[test]
fn c_03_nalco() {
    let mut t = Scenario::tp()
        .level(BLUE, Sector::Pow, 1)
        .holds(RED, "I2-01")
        .table();
    let before = t.clone();
    assert_eq!(t.state.leader(Sector::Pow), Some(BLUE as u8));
    t.build("I2-01", "cuttack", &[]);
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Build);
        s.money = 94;
        s.influence = 14;
        s.promoters = 9;
        s.levels[lv(Sector::Min)] = 2;
        s.levels[lv(Sector::Pow)] = 1;
        s.industries[0].city = Some(city("cuttack"));
    });
    t.assert_seat(&before, BLUE, |s| s.money = 104);
    assert_eq!(t.state.leader(Sector::Pow), Some(RED as u8));
}

/// **C-04** (`P1-02`, TI-16.3): Red owns the Technology Institute Act: on all 6 tracks, `INF
/// 10` at scoring; on 5, nothing.
#[test]
fn c_04_technology_institute_act() {
    let on_tracks = |tracks: &[Sector]| {
        let mut scenario = Scenario::tp().policy(RED, "P1-02");
        for &sector in tracks {
            scenario = scenario.level(RED, sector, 1);
        }
        scenario.build().scores(content())[RED].policy_influence
    };
    assert_eq!(on_tracks(&Sector::ALL), 10);
    assert_eq!(on_tracks(&Sector::ALL[..5]), 0);
}

/// **C-05** (`P1-06` Bank Nationalisation, `MOD loan +10`): Red's Loan: +40 Cr (30 + 10):
/// 140 Cr, 1 note, Finance 1.
#[test]
fn c_05_bank_nationalisation() {
    let mut t = Scenario::tp().policy(RED, "P1-06").table();
    let before = t.clone();
    t.act(act(ActionKind::Loan));
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Loan);
        s.money = 140;
        s.notes = 1;
        s.levels[lv(Sector::Fin)] = 1;
    });
}

/// **C-06** (`P1-07` Green Revolution, `ON income`): round 4's Income event; Red owns it and
/// has built `I1-05` and `I1-08`: income 10 + 10, then `Cr 5 × built(AGR)` = 10: Red 130 Cr.
#[test]
fn c_06_green_revolution() {
    let (before, t) = round_4_income(
        Scenario::tp()
            .policy(RED, "P1-07")
            .built(RED, "I1-05", "jaipur")
            .built(RED, "I1-08", "agra"),
    );
    t.assert_seat(&before, RED, |s| s.money = 130);
}

/// **C-07** (`P1-08` FERA, `MOD share_price −5`): Blue's lowest share is 45; Red buys it for
/// 40: Red 60 Cr, Blue 140 Cr; Red `INF 2` (it holds 1 share).
#[test]
fn c_07_fera() {
    let mut t = Scenario::tp()
        .policy(RED, "P1-08")
        .shares(GREEN, BLUE, 2)
        .shares(YELLOW, BLUE, 1)
        .table();
    let before = t.clone();
    t.play(&[act(ActionKind::Shares), Action::Share(BLUE as u8)]);
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Shares);
        s.money = 60;
        s.influence = 12;
        s.held[BLUE] = 1;
    });
    t.assert_seat(&before, BLUE, |s| {
        s.money = 140;
        s.shares_left = 5;
    });
}

/// **C-08** (`P1-09` Coal Mines Nationalisation, `MOD icon(FUE) ×0`): Green Fuel 3; Red builds
/// `I1-01` in `durgapur`: the Fuel icon costs 0 (Green gets nothing); Power 2 to the supply:
/// 98 Cr. Minerals 2 (`PROM 1`, `PROM 1`), `INF 2`; Durgapur Minerals 3 (`PROM 2`); East
/// `PROM 1`: promoters 10, INF 12.
#[test]
fn c_08_coal_mines_nationalisation() {
    let mut t = Scenario::tp()
        .policy(RED, "P1-09")
        .level(GREEN, Sector::Fue, 3)
        .holds(RED, "I1-01")
        .table();
    let before = t.clone();
    t.build("I1-01", "durgapur", &[]);
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Build);
        s.money = 98;
        s.promoters = 10;
        s.influence = 12;
        s.levels[lv(Sector::Min)] = 3;
        s.industries[0].city = Some(city("durgapur"));
    });
    t.assert_unchanged(&before, &[GREEN]);
}

/// **C-09** (`P1-10` Twenty Point Programme, `ON action(Politics)`): Red owns `P1-10`, `P1-06`
/// and `P2-05`; Politics: `INF 1 ; Cr 5 ; INF 1` from the three bonuses, `SUP 1` for the
/// action, `SUP 1` from `P1-10`: Red 105 Cr, INF 12, SUP 2.
#[test]
fn c_09_twenty_point_programme() {
    let mut t = Scenario::tp()
        .policy(RED, "P1-10")
        .policy(RED, "P1-06")
        .policy(RED, "P2-05")
        .table();
    let before = t.clone();
    t.act(act(ActionKind::Politics));
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Politics);
        s.money = 105;
        s.influence = 12;
        s.support = 2;
    });
}

/// **C-10** (`P2-06` Broadbanding, `NOW BUILD`; TI-21.14): Red holds `I1-22`, acquires `P2-06`
/// and builds at once in `new_delhi`: Power 1 to the supply: 99 Cr; Finance 1; `INF 3` + New
/// Delhi `INF 2`: 15; North `SUP 1`. No action token is used for the build: Red may still
/// take Build with a token.
#[test]
fn c_10_broadbanding_builds_without_a_token() {
    let (before, mut t) = lobby(Scenario::tp().holds(RED, "I1-22"), "P2-06");
    assert_eq!(t.decision(), Some((RED, DecisionKind::BuildCard)));
    assert!(t.offers(Action::Decline), "the BUILD atom is optional");
    t.play(&[
        Action::Card(industry("I1-22")),
        Action::City(city("new_delhi")),
        Action::Done,
    ]);
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Strategy);
        s.pool = 0;
        s.shares_left = 8;
        s.policies.push(policy("P2-06"));
        s.money = 99;
        s.levels[lv(Sector::Fin)] = 1;
        s.influence = 15;
        s.support = 1;
        s.industries[0].city = Some(city("new_delhi"));
    });
    assert_eq!(
        t.seat(RED).taken,
        ActionKind::Strategy.bit(),
        "Build not taken"
    );
}

/// **C-11** (`P2-09` SEBI, `NOW INF 2 × shares_held max 12`): Red holds 2 Blue and 1 Green
/// share and acquires `P2-09`: `INF 2 × 3`: INF 16.
#[test]
fn c_11_sebi() {
    let (_, t) = lobby(
        Scenario::tp().shares(RED, BLUE, 2).shares(RED, GREEN, 1),
        "P2-09",
    );
    assert_eq!(t.seat(RED).influence, 16);
}

/// **C-12** (`P2-10` Sick Industrial Companies Act, `NOW Cr 5 × built max 30`): Red has 7
/// built industries: 35, capped at 30: 130 Cr.
#[test]
fn c_12_sick_industrial_companies_act() {
    let mut scenario = Scenario::tp();
    for (card, at) in [
        ("I1-01", "new_delhi"),
        ("I1-02", "jaipur"),
        ("I1-03", "agra"),
        ("I1-04", "chandigarh"),
        ("I1-05", "kanpur"),
        ("I1-06", "ludhiana"),
        ("I1-07", "lucknow"),
    ] {
        scenario = scenario.built(RED, card, at);
    }
    let (_, t) = lobby(scenario, "P2-10");
    assert_eq!(t.seat(RED).money, 130);
}

/// **C-13** (`P2-12` FIPB, `NOW INDUSTRY ×1`; TI-2.8, TI-2.7): display `I1-19`, `I2-02` (1
/// promoter), `I1-03`; deck top `I2-08`. Red acquires `P2-12` and takes `I2-02`: pays 60: 40
/// Cr; promoters 6; reserve 8; display `I1-19`, `I1-03`, `I2-08`.
#[test]
fn c_13_fipb() {
    let (before, mut t) = lobby(
        Scenario::tp()
            .industry_display(&[("I1-19", 0), ("I2-02", 1), ("I1-03", 0)])
            .industry_deck_top(&["I2-08"]),
        "P2-12",
    );
    assert_eq!(t.decision(), Some((RED, DecisionKind::TakeIndustry)));
    assert!(t.offers(Action::Decline), "INDUSTRY ×1 is optional");
    t.act(Action::Industry(1));
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Strategy);
        s.pool = 0;
        s.shares_left = 8;
        s.policies.push(policy("P2-12"));
        s.money = 40;
        s.promoters = 6;
        s.reserve = 8;
        s.industries.push(Holding {
            card: industry("I2-02"),
            city: None,
        });
    });
    let display: Vec<String> = t.industry_display().into_iter().map(|s| s.0).collect();
    assert_eq!(display, ["I1-19", "I1-03", "I2-08"]);
}

/// **C-14** (`PA-4`, `PB-1`, `PB-2`; TI-14, TI-21.9): factories Red 6 (all North), Blue 6 (2
/// North, 4 East), Green 4 (all East), Yellow 0; Green holds 1 unpaid note. `PA-4`: Red and
/// Blue tie for 1st: (12 + 6) ÷ 2 = 9 each; Green 0. `PB-1`: Red 3, Blue 6, Green 3. `PB-2`:
/// Red, Blue, Yellow 6. Totals: Red 18, Blue 21, Green 3, Yellow 6.
#[test]
fn c_14_planning_commission() {
    let north = [
        "new_delhi",
        "jaipur",
        "agra",
        "chandigarh",
        "kanpur",
        "ludhiana",
        "lucknow",
        "amritsar",
    ];
    let east = [
        "calcutta",
        "durgapur",
        "cuttack",
        "jamshedpur",
        "dhanbad",
        "rourkela",
        "patna",
        "gauhati",
    ];
    let mut scenario = Scenario::tp()
        .plans(&["PA-4", "PB-1", "PB-2"])
        .notes(GREEN, 1);
    for at in &north[..6] {
        scenario = scenario.office(RED, at);
    }
    for at in &north[6..] {
        scenario = scenario.office(BLUE, at);
    }
    for at in &east[..4] {
        scenario = scenario.office(BLUE, at);
    }
    for at in &east[4..] {
        scenario = scenario.office(GREEN, at);
    }
    let scores = scenario.build().scores(content());
    let plans: Vec<u32> = scores.iter().map(|s| s.plan_influence).collect();
    assert_eq!(plans, [9 + 3 + 6, 9 + 6 + 6, 3, 6]);
    assert_eq!(plans, [18, 21, 3, 6]);
}

/// **C-15** (`H1-2` Drought, round event `MOD income(AGR) ×0`): round 4's Income event; Red
/// has built `I1-05` (Agriculture, 10) and `I1-10` (Fuel, 15): Red +15 only: 115 Cr.
#[test]
fn c_15_drought() {
    let (before, t) = round_4_income(
        Scenario::tp()
            .headline("H1-2")
            .built(RED, "I1-05", "jaipur")
            .built(RED, "I1-10", "agra"),
    );
    t.assert_seat(&before, RED, |s| s.money = 115);
}

/// The position of C-16 and A-8: round 3's Phase 4 under `H1-7` (Dutt Committee, round end
/// `PAY 5 × unbuilt`), every seat out but Red, whose pass ends the round.
fn dutt_committee(options: Options) -> Scenario {
    Scenario::with(options).headline("H1-7").last_to_act(RED)
}

/// **C-16** (`H1-7` Dutt Committee; TI-17.2, TI-17.4): Red holds 2 unbuilt cards, Blue (an
/// automa) 1: at round end Red pays 10: 90 Cr. Blue pays nothing.
#[test]
fn c_16_dutt_committee() {
    let mut t = dutt_committee(Options {
        players: 1,
        automas: Some(3),
        ..Options::default()
    })
    .holds(RED, "I1-01")
    .holds(RED, "I1-02")
    .holds(BLUE, "I1-03")
    .table();
    assert!(t.seat(BLUE).is_automa());
    t.act(Action::Pass);
    assert_eq!((t.state.round(), t.kind()), (4, DecisionKind::Region));
    assert_eq!(t.seat(RED).money, 90);
    assert_eq!(t.seat(BLUE).money, 100);
}

/// **C-17** (`H2-3` Bhopal, round start `PAY 5 × built(FUE)`; TI-21.2): Red has built `I1-10`
/// and has 3 Cr: it must pay 5: a forced emergency loan of 25 (28), pays 5: 23 Cr, 1 note.
#[test]
fn c_17_bhopal_forces_an_emergency_loan() {
    let mut t = Scenario::tp()
        .next_headline("H2-3")
        .built(RED, "I1-10", "jaipur")
        .money(RED, 3)
        .last_to_act(RED)
        .table();
    t.act(Action::Pass);
    assert_eq!((t.state.round(), t.kind()), (4, DecisionKind::Region));
    assert_eq!((t.seat(RED).money, t.seat(RED).notes), (23, 1));
    assert!(t.logged("forced emergency loan of 25 Cr"));
}

/// **C-18** (`H1-4` Oil Shock, `MOD icon(FUE) ×2`): Green Fuel 2; Red builds `I1-02` in
/// `surat`: the Fuel icon 2 × 2 × 2 = 8 to Green; Transport 2 to the supply; Minerals 1
/// (`PROM 1`); `INF 2`; Surat `Cr 10`; West `Cr 5`: Red 105 Cr.
#[test]
fn c_18_oil_shock() {
    let mut t = Scenario::tp()
        .headline("H1-4")
        .level(GREEN, Sector::Fue, 2)
        .holds(RED, "I1-02")
        .table();
    let before = t.clone();
    t.build("I1-02", "surat", &[]);
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Build);
        s.money = 105;
        s.promoters = 6;
        s.influence = 12;
        s.levels[lv(Sector::Min)] = 1;
        s.industries[0].city = Some(city("surat"));
    });
    t.assert_seat(&before, GREEN, |s| s.money = 108);
}

/// **C-19** (`CA-1` Industrial Empire; TI-15, TI-21.13): 5 built industries and 3 Offices:
/// `factories` 8: `SUP 7` (the seed's example). With 2 Offices: 7: `SUP 4`.
#[test]
fn c_19_industrial_empire_counts_offices() {
    let support = |offices: usize| {
        let mut scenario = Scenario::tp().agenda(RED, "CA-1");
        for (card, at) in [
            ("I1-01", "new_delhi"),
            ("I1-02", "jaipur"),
            ("I1-03", "agra"),
            ("I1-04", "chandigarh"),
            ("I1-05", "kanpur"),
        ] {
            scenario = scenario.built(RED, card, at);
        }
        for at in &["ludhiana", "lucknow", "amritsar"][..offices] {
            scenario = scenario.office(RED, at);
        }
        scenario.build().scores(content())[RED].agenda_support
    };
    assert_eq!(support(3), 7);
    assert_eq!(support(2), 4);
}

/// **C-20** (`M-18` Local Partner, BUILD `THIS BUILD: icon(POW,TRA) ×0`): Red builds `I1-10`
/// in `ahmedabad`, playing `M-18`: the Power and Transport icons cost 0. Fuel 1 (`INF 1`),
/// `INF 2` card, `INF 2` city: INF 15; West `Cr 5`: 105 Cr. `M-18` goes to the bottom of the
/// merit deck.
#[test]
fn c_20_local_partner() {
    let mut t = Scenario::tp()
        .holds(RED, "I1-10")
        .merit(RED, "M-18")
        .table();
    let before = t.clone();
    t.build("I1-10", "ahmedabad", &["M-18"]);
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Build);
        s.money = 105;
        s.influence = 15;
        s.levels[lv(Sector::Fue)] = 1;
        s.merits.clear();
        s.industries[0].city = Some(city("ahmedabad"));
    });
    let deck = t.merit_deck();
    assert_eq!(
        (deck.len(), deck.last().map(String::as_str)),
        (30, Some("M-18"))
    );
}

/// **C-21** (`M-20` Captive Supply, BUILD `THIS BUILD: icon(one) ×0`): Green Minerals 4; Red
/// builds `I1-13` in `lucknow`, waiving the Minerals icon: pays only Transport 4: 96 Cr. Power
/// 2 (`PROM 1`; `MERIT 1`: draws `M-01`); `INF 5`: 15; Lucknow `SUP 2`; North `SUP 1`: SUP 3.
#[test]
fn c_21_captive_supply() {
    let mut t = Scenario::tp()
        .level(GREEN, Sector::Min, 4)
        .holds(RED, "I1-13")
        .merit(RED, "M-20")
        .table();
    let before = t.clone();
    t.play(&[
        act(ActionKind::Build),
        Action::Card(industry("I1-13")),
        Action::City(city("lucknow")),
        Action::Merit(merit("M-20")),
    ]);
    assert_eq!(t.decision(), Some((RED, DecisionKind::WaiveIcon)));
    t.play(&[Action::Icon(0), Action::Done]); // I1-13's icons: MIN TRA
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Build);
        s.money = 96;
        s.promoters = 6;
        s.influence = 15;
        s.support = 3;
        s.levels[lv(Sector::Pow)] = 2;
        s.merits = vec![HeldMerit {
            card: merit("M-01"),
            drawn: PHASE_SERIAL,
        }];
        s.industries[0].city = Some(city("lucknow"));
    });
    t.assert_unchanged(&before, &[GREEN]);
}

/// **C-22** (`M-23` Public Trust, NP `THIS NP: free 1`): round 6's NP; Red holds `M-23` and 0
/// promoters, plays it and buys 1 unit for 20 Cr: 2 units: Red 80 Cr, INF 16, SUP 2.
#[test]
fn c_22_public_trust() {
    let mut t = Scenario::tp()
        .round(6)
        .promoters(RED, 0)
        .merit(RED, "M-23")
        .np_turn(RED)
        .table();
    assert_eq!(t.decision(), Some((RED, DecisionKind::MeritWindow)));
    t.act(Action::Merit(merit("M-23")));
    assert_eq!(t.decision(), Some((RED, DecisionKind::NationalProject)));
    t.play(&[Action::NpUnit(0), Action::Done]);
    let red = t.seat(RED);
    assert_eq!((red.money, red.influence, red.support), (80, 16, 2));
    assert_eq!(t.decider(), BLUE);
}

/// **C-23** (`M-25`, `M-26` Prime Real Estate, KEEP, end AV 20): unplayed at scoring: MeritAV
/// 40 (TI-19.10).
#[test]
fn c_23_prime_real_estate() {
    let state = Scenario::tp().merit(RED, "M-25").merit(RED, "M-26").build();
    assert_eq!(state.scores(content())[RED].merit_av, 40);
}

/// **C-24** (`CG-6`, `LOANCR`): Red at Finance 3 takes `CG-6`: `LOANCR` = 45: 145 Cr; no note,
/// no Finance step.
#[test]
fn c_24_cg_6_loan_money() {
    let mut scenario = Scenario::tp()
        .conglomerates(&["CG-1", "CG-6"])
        .level(RED, Sector::Fin, 3);
    for sector in &Sector::ALL[1..] {
        scenario = scenario.level(RED, *sector, 1);
    }
    let mut t = scenario
        .pending(json!({"conglomerate": {"seat": RED}}))
        .table();
    assert_eq!(t.decision(), Some((RED, DecisionKind::Conglomerate)));
    let before = t.clone();
    t.act(Action::Conglomerate(conglomerate("CG-6")));
    t.assert_seat(&before, RED, |s| s.money = 145);
    assert_eq!(t.view(RED).conglomerates, ["CG-1"]);
}

/// **C-25** (conglomerate trigger; TI-11, TI-21.6): Red level 1 on Finance, Minerals, Fuel,
/// Power, Transport; `CG-2` and `CG-1` available; Red builds `I1-05` in `calcutta` and takes
/// `CG-2`: the Agriculture icon 2 to the supply, the Transport icon 0 (Red leads it).
/// Agriculture 2 (`Cr 5`, `SUP 1`); the 6th disc: `CG-2` `INF 6`; card `INF 3`; Calcutta
/// Finance 2; East `PROM 1`: Red 103 Cr, INF 19, SUP 1, promoters 6. `CG-1` remains.
#[test]
fn c_25_conglomerate_trigger() {
    let mut scenario = Scenario::tp()
        .conglomerates(&["CG-1", "CG-2"])
        .holds(RED, "I1-05");
    for sector in [
        Sector::Fin,
        Sector::Min,
        Sector::Fue,
        Sector::Pow,
        Sector::Tra,
    ] {
        scenario = scenario.level(RED, sector, 1);
    }
    let mut t = scenario.table();
    let before = t.clone();
    t.play(&[
        act(ActionKind::Build),
        Action::Card(industry("I1-05")),
        Action::City(city("calcutta")),
        Action::Done,
    ]);
    assert_eq!(t.decision(), Some((RED, DecisionKind::Conglomerate)));
    assert_eq!(
        (t.seat(RED).money, t.seat(RED).support),
        (103, 1),
        "the Agriculture levels resolve before the conglomerate bonus (TI-21.6)"
    );
    t.act(Action::Conglomerate(conglomerate("CG-2")));
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Build);
        s.money = 103;
        s.influence = 19;
        s.support = 1;
        s.promoters = 6;
        s.levels[lv(Sector::Agr)] = 2;
        s.levels[lv(Sector::Fin)] = 2;
        s.industries[0].city = Some(city("calcutta"));
    });
    assert_eq!(t.view(RED).conglomerates, ["CG-1"]);
}

/// **C-26** (`SF-POW`, `SF-AGR`; TI-12): Red Power 4, Agriculture 2: favour support 4 + 2 = 6.
#[test]
fn c_26_sector_favours() {
    let state = Scenario::tp()
        .favours(&["SF-POW", "SF-AGR"])
        .level(RED, Sector::Pow, 4)
        .level(RED, Sector::Agr, 2)
        .level(RED, Sector::Fin, 5)
        .build();
    assert_eq!(state.scores(content())[RED].favour_support, 6);
}
