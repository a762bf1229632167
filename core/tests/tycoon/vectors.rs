//! The worked examples of the source (TI-19.1 … TI-19.11), one test each, named after the
//! example and asserting the numbers it gives. Positions are TC-18's TP with what the example
//! names ([`crate::scenario`]), played through the `Game` interface; scoring is read from the
//! built state with `State::scores`.

use darbar::tycoon::{Action, ActionKind, DecisionKind, HeldMerit, Options, Region, Sector};

use crate::scenario::{
    BLUE, GREEN, PHASE_SERIAL, RED, Scenario, Table, YELLOW, act, city, content, industry, lv,
    merit, policy, used_token,
};

/// **TI-19.1** (TI-5.2, TI-5.3): the Tycoon activates the East, +1 promoter per factory there;
/// Green has 2 factories in the East and gains 2, Red has 3 and gains 3, nobody else gains.
/// Built industries and Offices both count (TI-5.2); factories elsewhere do not.
#[test]
fn ti_19_1_region_activation_pays_the_east_bonus_per_factory() {
    let mut t = Scenario::tp()
        .round(4)
        .region(Region::W)
        .office(RED, "durgapur")
        .office(RED, "cuttack")
        .built(RED, "I1-03", "jamshedpur")
        .built(GREEN, "I1-04", "dhanbad")
        .office(GREEN, "rourkela")
        .office(BLUE, "bombay")
        .built(YELLOW, "I1-15", "madras")
        .region_choice()
        .table();
    let before = t.clone();
    t.act(Action::Region(Region::E));
    assert_eq!(t.state.active_region(), Some(Region::E));
    t.assert_seat(&before, RED, |s| s.promoters += 3);
    t.assert_seat(&before, GREEN, |s| s.promoters += 2);
    t.assert_unchanged(&before, &[BLUE, YELLOW]);
}

/// The position of TI-19.2 and TC-18 T-POL-0: round 4's sealed policy bid, Green the Tycoon,
/// `P1-02` (the Technology Institute Act, 1 promoter on it) and `P1-05` on display, `P1-07`
/// on top of the deck.
pub fn seed_policy_bid() -> Table {
    Scenario::tp()
        .round(4)
        .tycoon(GREEN)
        .policy_display(&[("P1-02", 1), ("P1-05", 0)])
        .policy_deck_top(&["P1-07"])
        .policy_bid()
        .table()
}

/// Plays TI-19.2's bids (Yellow 0, Red 2, Green 1, Blue 2), asked in turn order from the
/// Tycoon Green (TI-21.19), and Blue's pick of `P1-02`.
pub fn play_seed_policy_bid(t: &mut Table) {
    for (seat, bid) in [(GREEN, 1), (YELLOW, 0), (RED, 2), (BLUE, 2)] {
        assert_eq!(t.decision(), Some((seat, DecisionKind::PolicyBid)));
        t.act(Action::PolicyBid(bid));
    }
    assert_eq!(
        t.decision(),
        Some((BLUE, DecisionKind::PolicyPick)),
        "Blue wins the tie with Red: its disc is higher in influence order (TI-0.4)"
    );
    t.act(Action::Policy(0));
}

/// **TI-19.2** (TI-6.2): bids Yellow 0, Red 2, Green 1, Blue 2 with Green the Tycoon. Red and
/// Blue tie; Blue is above Red in influence order and wins, pays its 2 promoters to Green and
/// takes the Technology Institute Act with the promoter on it; Red moves 2 and Green 1 to
/// their pools, Yellow nothing; the other policy gets 1 promoter and 1 policy is drawn.
#[test]
fn ti_19_2_policy_bid_tie_goes_by_influence_order() {
    let mut t = seed_policy_bid();
    let before = t.clone();
    play_seed_policy_bid(&mut t);
    t.assert_seat(&before, BLUE, |s| {
        s.promoters = 5 - 2 + 1;
        s.policies.push(policy("P1-02"));
    });
    t.assert_seat(&before, GREEN, |s| {
        s.promoters = 5 - 1 + 2;
        s.pool = 5 + 1;
    });
    t.assert_seat(&before, RED, |s| {
        s.promoters = 3;
        s.pool = 7;
    });
    t.assert_unchanged(&before, &[YELLOW]);
    assert_eq!(
        t.policy_display(),
        [("P1-05".to_owned(), 1), ("P1-07".to_owned(), 0)]
    );
}

/// **TI-19.3** (TI-6.3): Red's built industries earn 20 + 15 = 35; Red holds a Blue and a
/// Green share and gets 10 from each and 2 × 5 from the supply (30); Yellow holds a Red
/// share, so Red pays Yellow 10. Round 3's Income & dividends follows the region choice.
#[test]
fn ti_19_3_income_and_dividends() {
    let mut t = Scenario::tp()
        .built(RED, "I2-02", "durgapur") // income 20
        .built(RED, "I1-01", "cuttack") // income 15
        .shares(RED, BLUE, 1)
        .shares(RED, GREEN, 1)
        .shares(YELLOW, RED, 1)
        .region_choice()
        .table();
    let before = t.clone();
    t.act(Action::Region(Region::N)); // no factory in the North: no bonus
    assert_eq!(
        t.kind(),
        DecisionKind::NationalProject,
        "the income is paid"
    );
    t.assert_seat(&before, RED, |s| s.money = 100 + 35 + 30 - 10);
    t.assert_seat(&before, BLUE, |s| s.money = 90);
    t.assert_seat(&before, GREEN, |s| s.money = 90);
    t.assert_seat(&before, YELLOW, |s| s.money = 100 + 10 + 5);
}

/// The NP event of TI-19.4 and TC-18 T-RND-1: round 3, Red's NP turn first; Green has 3
/// promoters. Red buys 3 units with 45 Cr, Blue skips, Green buys 2 units with 3 promoters
/// and 15 Cr, Yellow skips.
pub fn seed_np() -> (Table, Table) {
    let mut t = Scenario::tp().promoters(GREEN, 3).np_turn(RED).table();
    let before = t.clone();
    t.play(&[
        Action::NpUnit(0),
        Action::NpUnit(0),
        Action::NpUnit(0),
        Action::Done,
    ]);
    assert_eq!(t.decision(), Some((BLUE, DecisionKind::NationalProject)));
    t.act(Action::Done);
    assert_eq!(t.decision(), Some((GREEN, DecisionKind::NationalProject)));
    t.play(&[Action::NpUnit(3), Action::NpUnit(0), Action::Done]);
    assert_eq!(t.decision(), Some((YELLOW, DecisionKind::NationalProject)));
    t.act(Action::Done);
    assert_eq!(t.kind(), DecisionKind::IndustryBid, "Phase 3 follows");
    (before, t)
}

/// **TI-19.4** (TI-6.4, TI-21.5): round 3's NP at 15 Cr (or 3 promoters) per unit for
/// `INF 3 ; SUP 1`: Red pays 45 Cr for +9 influence and +3 support; Green pays 3 promoters and
/// 15 Cr for +6 influence and +2 support; Blue and Yellow skip.
#[test]
fn ti_19_4_national_project_in_round_3() {
    let (before, t) = seed_np();
    t.assert_seat(&before, RED, |s| {
        s.money = 55;
        s.influence = 19;
        s.support = 3;
    });
    t.assert_seat(&before, GREEN, |s| {
        s.money = 85;
        s.promoters = 0;
        s.influence = 18;
        s.support = 2;
    });
    t.assert_unchanged(&before, &[BLUE, YELLOW]);
}

/// The auction of TI-19.5 and TC-18 T-BID-0: 3 seats, Red the Tycoon, display `I1-03` (AV
/// 30), `I1-09` (50), `I1-13` (60), `I1-11` and `I1-20` on top of the deck.
pub fn seed_auction() -> Table {
    Scenario::with(Options {
        players: 3,
        ..Options::default()
    })
    .round(2)
    .industry_display(&[("I1-03", 0), ("I1-09", 0), ("I1-13", 0)])
    .industry_deck_top(&["I1-11", "I1-20"])
    .auction()
}

/// **TI-19.5** (TI-7.2–7.5, TI-4.2): opening minimum 30; Red 40, Blue 45, Green 55, Red
/// passes, Blue 65, Green passes. Blue is first with 65 and Green second with 55, both pay,
/// Blue picks first, then Green, each puts a factory on its card; Red pays nothing and takes
/// 3 promoters into its pool; Blue is the Tycoon of the next round.
#[test]
fn ti_19_5_industry_bidding_two_laps() {
    let mut t = seed_auction();
    assert_eq!(
        t.view(RED).opening_bid,
        30,
        "the lowest displayed AV (TI-7.2)"
    );
    let before = t.clone();
    for (seat, action) in [
        (RED, Action::Bid(8)),
        (BLUE, Action::Bid(9)),
        (GREEN, Action::Bid(11)),
        (RED, Action::Pass),
        (BLUE, Action::Bid(13)),
        (GREEN, Action::Pass),
    ] {
        assert_eq!(t.decision(), Some((seat, DecisionKind::IndustryBid)));
        t.act(action);
    }
    assert_eq!(t.decision(), Some((BLUE, DecisionKind::IndustryPick)));
    t.act(Action::Industry(2)); // I1-13
    assert_eq!(t.decision(), Some((GREEN, DecisionKind::IndustryPick)));
    t.act(Action::Industry(1)); // I1-09 of the two left
    assert_eq!(t.decision(), Some((RED, DecisionKind::Turn)), "Phase 4");
    t.assert_seat(&before, BLUE, |s| {
        s.money = 100 - 65;
        s.reserve = 8;
        s.industries.push(darbar::tycoon::Holding {
            card: industry("I1-13"),
            city: None,
        });
    });
    t.assert_seat(&before, GREEN, |s| {
        s.money = 100 - 55;
        s.reserve = 8;
        s.industries.push(darbar::tycoon::Holding {
            card: industry("I1-09"),
            city: None,
        });
    });
    t.assert_seat(&before, RED, |s| s.pool = 5 + 3);
    assert_eq!(
        t.industry_display(),
        [
            ("I1-03".to_owned(), 1),
            ("I1-11".to_owned(), 0),
            ("I1-20".to_owned(), 0)
        ],
        "the untaken card gains a promoter; two cards refill the display (TI-7.5)"
    );
    assert_eq!(
        t.state.tycoon(),
        RED,
        "the Tycoon changes only at round end"
    );
    t.defaults_until(|t| t.kind() == DecisionKind::Region);
    assert_eq!(t.state.round(), 3);
    assert_eq!(
        t.state.tycoon(),
        BLUE,
        "the highest bidder is the new Tycoon"
    );
    assert_eq!(t.decider(), BLUE, "the new Tycoon chooses the region");
}

/// The build of TI-19.6 and TC-18 T-MAP-1 / C-01: Green Minerals 3, Blue Power 2, Red holds
/// the Refinery `I1-09` (Fuel; cost icons Minerals and Power; Fuel +2; `INF 4`) and builds it
/// in Nasik (West, distance 2, `STEP AGR 1`).
pub fn seed_refinery() -> (Table, Table) {
    let mut t = Scenario::tp()
        .level(GREEN, Sector::Min, 3)
        .level(BLUE, Sector::Pow, 2)
        .holds(RED, "I1-09")
        .table();
    let before = t.clone();
    t.build("I1-09", "nasik", &[]);
    (before, t)
}

/// **TI-19.6** (TI-8.3.2, TI-8.3.4): the Minerals icon costs 2 × 3 = 6, paid to its leader
/// Green; the Power icon costs the distance Bombay–Nasik, 2, paid to its leader Blue. Red
/// gains Fuel +2, influence +4, Agriculture +1 (Nasik) and +5 Cr (West); with TC-3's track
/// bonuses (Fuel 1 `INF 1`, Fuel 2 `INF 2`, Agriculture 1 `Cr 5`) Red ends with 102 Cr and
/// influence 17, Green 106 Cr and Blue 102 Cr (TC-18 T-MAP-1).
#[test]
fn ti_19_6_build_the_refinery_in_nasik() {
    let (before, t) = seed_refinery();
    assert_eq!(content().map.cities[city("nasik").index()].distance, 2);
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Build);
        s.money = 100 - 6 - 2 + 5 + 5;
        s.influence = 10 + 1 + 2 + 4;
        s.levels[lv(Sector::Fue)] = 2;
        s.levels[lv(Sector::Agr)] = 1;
        s.industries[0].city = Some(city("nasik"));
    });
    assert_eq!(t.seat(RED).money, 102);
    assert_eq!(t.seat(RED).influence, 17);
    t.assert_seat(&before, GREEN, |s| s.money = 106);
    t.assert_seat(&before, BLUE, |s| s.money = 102);
    t.assert_unchanged(&before, &[YELLOW]);
    let factory = t.state.factory(city("nasik")).expect("a factory");
    assert_eq!(
        (usize::from(factory.owner), factory.card),
        (RED, Some(industry("I1-09")))
    );
}

/// **TI-19.7** (TI-8.4): Red, holding a Blue and a Green share, buys Blue's lowest share, 45
/// (Blue's 30, 35 and 40 are gone), pays Blue 45, and now holds 3 opponent shares, 2 of them
/// Blue's: +6 influence.
#[test]
fn ti_19_7_shares() {
    let mut t = Scenario::tp()
        .shares(RED, BLUE, 1)
        .shares(RED, GREEN, 1)
        .shares(YELLOW, BLUE, 2)
        .table();
    assert_eq!(
        t.state.share_price(content(), RED as u8, BLUE as u8),
        Some(45)
    );
    let before = t.clone();
    t.play(&[act(ActionKind::Shares), Action::Share(BLUE as u8)]);
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Shares);
        s.money = 55;
        s.held[BLUE] = 2;
        s.influence = 16;
    });
    t.assert_seat(&before, BLUE, |s| {
        s.money = 145;
        s.shares_left = 5;
    });
    assert_eq!(
        t.state.share_price(content(), RED as u8, BLUE as u8),
        Some(50)
    );
}

/// **TI-19.8** (TI-8.7): policies whose politics bonuses sum to +2 influence, +2 promoters and
/// +5 Cr give all of that, plus 1 support token. The default content has no single bonus of
/// 2 promoters, so the sum takes four policies: `P2-01` (`INF 2`), `P1-02` and `P1-05`
/// (`PROM 1` each), `P1-03` (`Cr 5`); the promoters go to the personal supply (TI-21.3).
#[test]
fn ti_19_8_politics_collects_every_bonus_and_one_support() {
    let mut t = Scenario::tp()
        .policy(RED, "P2-01")
        .policy(RED, "P1-02")
        .policy(RED, "P1-05")
        .policy(RED, "P1-03")
        .table();
    let before = t.clone();
    t.act(act(ActionKind::Politics));
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Politics);
        s.influence += 2;
        s.promoters += 2;
        s.money += 5;
        s.support += 1;
    });
}

/// **TI-19.9** (TI-8.8, TC-3.3): Green at Finance 2 borrows 40, takes a note and moves
/// Finance +1 (level 3's `MERIT 1` draws `M-01`); its next loan would be 45. A seat with no
/// Finance disc borrows 30.
#[test]
fn ti_19_9_loan_by_the_finance_level() {
    let mut t = Scenario::tp()
        .level(GREEN, Sector::Fin, 2)
        .acting(GREEN)
        .table();
    assert_eq!(t.state.loan_amount(content(), GREEN as u8), 40);
    assert_eq!(t.state.loan_amount(content(), RED as u8), 30);
    let before = t.clone();
    t.act(act(ActionKind::Loan));
    t.assert_seat(&before, GREEN, |s| {
        used_token(s, ActionKind::Loan);
        s.money = 140;
        s.notes = 1;
        s.levels[lv(Sector::Fin)] = 3;
        s.merits.push(HeldMerit {
            card: merit("M-01"),
            drawn: PHASE_SERIAL,
        });
    });
    assert_eq!(t.state.loan_amount(content(), GREEN as u8), 45);
}

/// **TI-19.10** (TI-16.2): Red's industries are worth 60 + 40 + 30 + 100 + 40 = 270; the
/// IndustryAV ranking Blue 400, Red 270, Green 250 makes the unit values Blue 60, Red 40,
/// Green 20; Red's 2 Blue shares are 120 and its Green share 20; Finance 5 (40) and Transport
/// 4 (30) make 70 (TC-3.3); two unplayed `M-25`/`M-26` make 40 (TC-12): AV 520.
#[test]
fn ti_19_10_asset_value() {
    let state = Scenario::with(Options {
        players: 3,
        ..Options::default()
    })
    .built(RED, "I1-01", "new_delhi") // 60
    .built(RED, "I1-04", "jaipur") // 40
    .built(RED, "I1-03", "agra") // 30
    .built(RED, "I2-03", "chandigarh") // 100
    .built(RED, "I1-05", "kanpur") // 40
    .built(BLUE, "I2-09", "calcutta") // 100
    .built(BLUE, "I2-14", "durgapur") // 90
    .built(BLUE, "I2-17", "cuttack") // 90
    .built(BLUE, "I2-13", "jamshedpur") // 80
    .built(BLUE, "I1-22", "dhanbad") // 40
    .built(GREEN, "I2-11", "madras") // 80
    .built(GREEN, "I2-10", "madurai") // 70
    .built(GREEN, "I2-02", "bangalore") // 60
    .built(GREEN, "I1-19", "cochin") // 40
    .shares(RED, BLUE, 2)
    .shares(RED, GREEN, 1)
    .level(RED, Sector::Fin, 5)
    .level(RED, Sector::Tra, 4)
    .merit(RED, "M-25")
    .merit(RED, "M-26")
    .build();
    let scores = state.scores(content());
    let red = scores[RED];
    assert_eq!(
        [
            scores[BLUE].industry_av,
            red.industry_av,
            scores[GREEN].industry_av
        ],
        [400, 270, 250]
    );
    assert_eq!(red.share_av, 120 + 20);
    assert_eq!(red.track_av, 40 + 30);
    assert_eq!(red.merit_av, 40);
    assert_eq!(red.asset_value, 520);
}

/// **TI-19.11** (TI-15, TC-11 `CA-1`): 8 own factories on the map give the tier "8 → 7
/// support"; only the highest tier reached counts, not 2 + 4 + 7.
#[test]
fn ti_19_11_agenda_scores_its_highest_tier_only() {
    let mut scenario = Scenario::tp().agenda(RED, "CA-1");
    for (card, city) in [
        ("I1-01", "new_delhi"),
        ("I1-02", "jaipur"),
        ("I1-03", "agra"),
        ("I1-04", "chandigarh"),
        ("I1-05", "kanpur"),
        ("I1-06", "ludhiana"),
        ("I1-07", "lucknow"),
        ("I1-08", "amritsar"),
    ] {
        scenario = scenario.built(RED, card, city);
    }
    let state = scenario.build();
    assert_eq!(state.scores(content())[RED].agenda_support, 7);
}
