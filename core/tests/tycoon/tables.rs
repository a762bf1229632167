//! TC-18.1: the scenarios of darbar's default tables (map, regions, tracks, merit cards,
//! policy bids, influence, strategy board, round tracker), one test each named after its id,
//! asserting every value of its Expected column. A seat the row does not name is checked to be
//! unchanged where the row says "nobody else changes".

use std::collections::{BTreeMap, VecDeque};

use darbar::tycoon::{
    Action, ActionKind, DecisionKind, HeldMerit, Holding, Options, Region, Sector,
};

use crate::scenario::{
    BLUE, GREEN, PHASE_SERIAL, RED, Scenario, Table, YELLOW, act, city, content, industry, lv,
    merit, policy, used_token,
};
use crate::vectors::{play_seed_policy_bid, seed_auction, seed_np, seed_policy_bid, seed_refinery};

/// **T-MAP-1** (TC-2, TC-3, TI-19.6): Red builds `I1-09` in `nasik`: pays Green 6 and Blue 2;
/// Fuel 2 (`INF 1`, `INF 2`), card `INF 4`, Agriculture 1 (`Cr 5`), West `Cr 5`: Red 102 Cr,
/// INF 17; Green 106 Cr; Blue 102 Cr.
#[test]
fn t_map_1_refinery_in_nasik() {
    let (before, t) = seed_refinery();
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Build);
        s.money = 102;
        s.influence = 17;
        s.levels[lv(Sector::Fue)] = 2;
        s.levels[lv(Sector::Agr)] = 1;
        s.industries[0].city = Some(city("nasik"));
    });
    t.assert_seat(&before, GREEN, |s| s.money = 106);
    t.assert_seat(&before, BLUE, |s| s.money = 102);
}

/// **T-MAP-2** (TC-2.2, TI-8.3.2): `I1-22` in `gauhati`: its Power icon, Government leader,
/// distance 5: 5 Cr to the supply. Finance 1; card `INF 3`; Gauhati Fuel 1 (`INF 1`); East
/// `PROM 1`: Red 95 Cr, INF 14, promoters 6.
#[test]
fn t_map_2_far_city_pays_its_distance() {
    let mut t = Scenario::tp().holds(RED, "I1-22").table();
    let before = t.clone();
    t.build("I1-22", "gauhati", &[]);
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Build);
        s.money = 95;
        s.influence = 14;
        s.promoters = 6;
        s.levels[lv(Sector::Fin)] = 1;
        s.levels[lv(Sector::Fue)] = 1;
        s.industries[0].city = Some(city("gauhati"));
    });
    t.assert_unchanged(&before, &[BLUE, GREEN, YELLOW]);
}

/// **T-MAP-3** (TC-2.4, TI-OQ-5): `I1-21` in `bombay`: the metro is distance 1, so Power and
/// Transport cost 1 each, to the supply. Finance 1 (card), then 2 (Bombay); card `INF 2`;
/// West `Cr 5`: Red 103 Cr, INF 12, Finance 2.
#[test]
fn t_map_3_metro_is_distance_one() {
    let mut t = Scenario::tp().holds(RED, "I1-21").table();
    let before = t.clone();
    t.build("I1-21", "bombay", &[]);
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Build);
        s.money = 103;
        s.influence = 12;
        s.levels[lv(Sector::Fin)] = 2;
        s.industries[0].city = Some(city("bombay"));
    });
    t.assert_unchanged(&before, &[BLUE, GREEN, YELLOW]);
}

/// The road's distances from `from` by breadth-first search, counting both ends (TC-2.4).
fn distances(from: &str) -> BTreeMap<String, u32> {
    let map = &content().map;
    let mut seen = BTreeMap::from([(from.to_owned(), 1)]);
    let mut queue = VecDeque::from([from.to_owned()]);
    while let Some(at) = queue.pop_front() {
        let d = seen[&at];
        for [a, b] in &map.edges {
            let next = if *a == at {
                b
            } else if *b == at {
                a
            } else {
                continue;
            };
            if !seen.contains_key(next) {
                seen.insert(next.clone(), d + 1);
                queue.push_back(next.clone());
            }
        }
    }
    seen
}

/// **T-MAP-4** (TC-2, TC-19 load-time check): 32 cities and 32 edges, connected; every metro
/// has distance 1; `gauhati` 5 (calcutta–durgapur–dhanbad–patna–gauhati); `ahmedabad`,
/// `cochin` and `amritsar` 4; `nasik` 2, in the West, bonus `STEP AGR 1`. The Distance column
/// is the breadth-first distance from the city's own metro.
#[test]
fn t_map_4_the_road_graph() {
    let map = &content().map;
    assert_eq!(map.cities.len(), 32);
    assert_eq!(map.edges.len(), 32);
    assert_eq!(distances("new_delhi").len(), 32, "the road is connected");
    for region in Region::ALL {
        let metro = content().metro(region).expect("a metro");
        assert_eq!(map.cities[metro.index()].distance, 1);
        assert!(map.cities[metro.index()].metro);
        let from = distances(&map.cities[metro.index()].id);
        for c in map.cities.iter().filter(|c| c.region == region) {
            assert_eq!(c.distance, from[&c.id], "{} from its metro", c.id);
        }
    }
    let distance = |id: &str| map.cities[city(id).index()].distance;
    assert_eq!(distance("gauhati"), 5);
    assert_eq!(distances("calcutta")["gauhati"], 5);
    for id in ["ahmedabad", "cochin", "amritsar"] {
        assert_eq!(distance(id), 4, "{id}");
    }
    let nasik = &map.cities[city("nasik").index()];
    assert_eq!((nasik.region, nasik.distance), (Region::W, 2));
    let bonus = serde_json::to_value(&nasik.bonus).expect("JSON");
    assert_eq!(
        bonus,
        serde_json::json!([{"kind": "step", "sector": "AGR", "n": 1}])
    );
}

/// T-REG-1's position: the start of round 4 (Phase 1), the West active; Yellow has built in
/// `jaipur` and `agra`, Blue has an Office in `lucknow`.
fn reg_position() -> Scenario {
    Scenario::tp()
        .round(4)
        .region(Region::W)
        .built(YELLOW, "I1-03", "jaipur")
        .built(YELLOW, "I1-04", "agra")
        .office(BLUE, "lucknow")
        .region_choice()
}

/// **T-REG-1** (TI-5.1, TI-5.2, TC-2.1): the pawn must move: N, E and S are legal, not W.
/// Red activates the North: Yellow `SUP 2`, Blue `SUP 1` (the Office counts); nobody else
/// changes.
#[test]
fn t_reg_1_region_choice_and_north_bonus() {
    let mut t = reg_position().table();
    assert_eq!(t.decision(), Some((RED, DecisionKind::Region)));
    assert_eq!(
        t.choices(),
        [
            Action::EmergencyLoan,
            Action::Region(Region::N),
            Action::Region(Region::E),
            Action::Region(Region::S)
        ]
    );
    let before = t.clone();
    t.act(Action::Region(Region::N));
    t.assert_seat(&before, YELLOW, |s| s.support = 2);
    t.assert_seat(&before, BLUE, |s| s.support = 1);
    t.assert_unchanged(&before, &[RED, GREEN]);
}

/// **T-REG-2** (TI-5.2, TI-21.3, TI-19.1): as T-REG-1 with Green's 3 factories in the East;
/// Red activates the East: Green `PROM 3`, into its personal supply.
#[test]
fn t_reg_2_east_bonus_to_the_personal_supply() {
    let mut t = reg_position()
        .built(GREEN, "I1-05", "calcutta")
        .office(GREEN, "patna")
        .office(GREEN, "gauhati")
        .table();
    let before = t.clone();
    t.act(Action::Region(Region::E));
    t.assert_seat(&before, GREEN, |s| s.promoters = 8);
    t.assert_unchanged(&before, &[RED, BLUE, YELLOW]);
}

/// Red's Export: `SU-12` (`STEP any 1`) for one step or `SU-14` (`STEP any2`, the same
/// sector twice) for two, on `sector` (TI-8.6, TC-5).
fn export(t: &mut Table, sector: Sector, steps: u8) {
    let space = if steps == 1 { "SU-12" } else { "SU-14" };
    let space = t.space(space);
    t.play(&[act(ActionKind::Strategy), space]);
    t.act(if steps == 1 {
        Action::Sector(sector)
    } else {
        Action::Steps(sector, sector)
    });
}

/// **T-TRK-1** (TC-3.1, TC-3.2): Minerals 1 +2 passes 2 (`PROM 1`) and lands on 3 (`PROM 2`):
/// Red's promoters 8.
#[test]
fn t_trk_1_minerals_pass_and_land() {
    let mut t = Scenario::tp()
        .pool(RED, 7)
        .level(RED, Sector::Min, 1)
        .table();
    export(&mut t, Sector::Min, 2);
    assert_eq!(t.seat(RED).level(Sector::Min), 3);
    assert_eq!(t.seat(RED).promoters, 8);
}

/// **T-TRK-2** (TC-3.2, TI-21.6): Power 2 +2 passes 3, whose `+1A 1` is land-only and not
/// gained, and lands on 4 (`MERIT 1`): Red draws `M-01`.
#[test]
fn t_trk_2_land_only_bonus_is_not_gained_when_passed() {
    let mut t = Scenario::tp()
        .pool(RED, 7)
        .level(RED, Sector::Pow, 2)
        .table();
    export(&mut t, Sector::Pow, 2);
    assert_eq!(t.seat(RED).level(Sector::Pow), 4);
    assert_eq!(t.seat(RED).plus1, 0);
    assert_eq!(t.merits(RED), ["M-01"]);
}

/// **T-TRK-3** (TC-3.2): Transport 1: (a) +2 passes 2, whose `Cr 5` is pass-only and gained,
/// and lands on 3 (`INF 2`): Red 105 Cr, INF 12. (b) +1 lands on 2: pass-only, nothing.
#[test]
fn t_trk_3_pass_only_bonus() {
    let position = || Scenario::tp().pool(RED, 7).level(RED, Sector::Tra, 1);
    let mut a = position().table();
    export(&mut a, Sector::Tra, 2);
    assert_eq!(a.seat(RED).level(Sector::Tra), 3);
    assert_eq!((a.seat(RED).money, a.seat(RED).influence), (105, 12));
    let mut b = position().table();
    export(&mut b, Sector::Tra, 1);
    assert_eq!(b.seat(RED).level(Sector::Tra), 2);
    assert_eq!((b.seat(RED).money, b.seat(RED).influence), (100, 10));
}

/// **T-TRK-4** (TI-2.3 step 2): Blue holds Minerals 7, so Red's cap is 6: Red's Minerals 5 +2
/// lands on 6 (`PROM 3`) and 1 step is lost; Red's promoters 8; Blue stays the leader.
#[test]
fn t_trk_4_level_7_is_taken() {
    let mut t = Scenario::tp()
        .pool(RED, 7)
        .level(BLUE, Sector::Min, 7)
        .level(RED, Sector::Min, 5)
        .table();
    export(&mut t, Sector::Min, 2);
    assert_eq!(t.seat(RED).level(Sector::Min), 6);
    assert_eq!(t.seat(RED).promoters, 8);
    assert_eq!(t.state.leader(Sector::Min), Some(BLUE as u8));
}

/// **T-TRK-5** (TI-8.8, TC-3.3, TI-19.9): Green at Finance 2 takes a Loan: +40 Cr (140), 1
/// note, Finance 3 (land: `MERIT 1`, `M-01`); its next loan is 45. Red, with no Finance disc,
/// takes a Loan: +30 Cr (130), 1 note, Finance 1.
#[test]
fn t_trk_5_loans() {
    let mut t = Scenario::tp()
        .level(GREEN, Sector::Fin, 2)
        .acting(GREEN)
        .table();
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
    t.act(Action::Pass); // Yellow
    assert_eq!(t.decider(), RED);
    t.act(act(ActionKind::Loan));
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Loan);
        s.money = 130;
        s.notes = 1;
        s.levels[lv(Sector::Fin)] = 1;
    });
}

/// **T-TRK-6** (TI-16.2, TC-3.3, TI-19.10): final Finance 5 and Transport 4: TrackAV
/// 40 + 30 = 70; the other tracks carry no AV.
#[test]
fn t_trk_6_track_asset_value() {
    let state = Scenario::tp()
        .level(RED, Sector::Fin, 5)
        .level(RED, Sector::Tra, 4)
        .level(RED, Sector::Min, 6)
        .level(RED, Sector::Pow, 7)
        .build();
    assert_eq!(state.scores(content())[RED].track_av, 70);
}

/// **T-TRK-7** (TC-3.2): Agriculture 3: (a) +1 lands on 4: `SUP 1 ; Cr 5`: Red 105 Cr,
/// SUP 1. (b) +2 passes 4 (land-only: nothing) and lands on 5 (`Cr 10`): 110 Cr.
#[test]
fn t_trk_7_agriculture_land_bonus() {
    let position = || Scenario::tp().pool(RED, 7).level(RED, Sector::Agr, 3);
    let mut a = position().table();
    export(&mut a, Sector::Agr, 1);
    assert_eq!(a.seat(RED).level(Sector::Agr), 4);
    assert_eq!((a.seat(RED).money, a.seat(RED).support), (105, 1));
    let mut b = position().table();
    export(&mut b, Sector::Agr, 2);
    assert_eq!(b.seat(RED).level(Sector::Agr), 5);
    assert_eq!((b.seat(RED).money, b.seat(RED).support), (110, 0));
}

/// **T-MER-1** (TI-8.5, TC-12, TI-21.21): Red rallies 5: pool 10, personal supply 0, draws
/// `M-01`. At the start of Red's next turn in this Phase 4 `M-01` cannot be played (drawn this
/// phase): no merit window opens. At the start of Red's first turn in round 4's Phase 4 it
/// can: `Cr 15`.
#[test]
fn t_mer_1_a_merit_card_waits_for_a_later_phase() {
    let mut t = Scenario::tp().table();
    let before = t.clone();
    t.play(&[act(ActionKind::Rally), Action::Rally(5)]);
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Rally);
        s.pool = 10;
        s.promoters = 0;
        s.merits.push(HeldMerit {
            card: merit("M-01"),
            drawn: PHASE_SERIAL,
        });
    });
    t.play(&[Action::Pass, Action::Pass, Action::Pass]); // Blue, Green, Yellow
    assert_eq!(
        t.decision(),
        Some((RED, DecisionKind::Turn)),
        "no ACT window: the card was drawn in this phase"
    );
    assert!(!t.offers(Action::Merit(merit("M-01"))));
    t.act(Action::Pass);
    t.defaults_until(|t| t.kind() == DecisionKind::MeritWindow);
    assert_eq!((t.state.round(), t.decider()), (4, RED));
    let money = t.seat(RED).money;
    t.act(Action::Merit(merit("M-01")));
    assert_eq!(t.seat(RED).money, money + 15);
    assert!(t.seat(RED).merits.is_empty());
    assert_eq!(t.merit_deck().last().map(String::as_str), Some("M-01"));
}

/// **T-MER-2** (TI-21.21, TI-8.2, TC-12 ACT): Red has spent both regular tokens and the Tycoon
/// token and holds `M-13`. Its ACT window opens before the usable-token check: Red plays `M-13`
/// (`+1A 1`) and takes Politics with the +1 token: SUP 1. Had Red not played it, Red would
/// have left the loop.
#[test]
fn t_mer_2_the_act_window_opens_before_the_token_check() {
    let position = || {
        Scenario::tp()
            .merit(RED, "M-13")
            .tokens(
                RED,
                0,
                false,
                &[ActionKind::Build, ActionKind::Shares, ActionKind::Rally],
            )
            .table()
    };
    let mut t = position();
    assert_eq!(t.decision(), Some((RED, DecisionKind::MeritWindow)));
    t.act(Action::Merit(merit("M-13")));
    assert_eq!(t.seat(RED).plus1, 1);
    assert_eq!(t.decision(), Some((RED, DecisionKind::Turn)));
    t.act(Action::ActPlus1(ActionKind::Politics));
    assert_eq!((t.seat(RED).support, t.seat(RED).plus1), (1, 0));

    let mut t = position();
    t.act(Action::Done);
    assert!(t.seat(RED).out, "no usable token: Red leaves the loop");
    assert_eq!(t.decision(), Some((BLUE, DecisionKind::Turn)));
}

/// The policy-bid position of T-POL-1: TP in round 4's policy bid, with harmless Industrial
/// cards on display.
fn pol_1_position() -> Table {
    Scenario::tp()
        .round(4)
        .policy_display(&[("P1-01", 0), ("P1-03", 0)])
        .policy_bid()
        .table()
}

/// The seats' views and choices while `seat` is asked for its sealed bid, after the seats
/// before it in turn order bid `earlier` (round 4's policy bid of TP, Red the Tycoon).
fn asked_with(seat: usize, earlier: &[u8]) -> (Table, darbar::tycoon::View, Vec<Action>) {
    let mut t = pol_1_position();
    for (k, &bid) in earlier.iter().enumerate() {
        assert_eq!(
            t.decision(),
            Some((k, DecisionKind::PolicyBid)),
            "turn order"
        );
        t.act(Action::PolicyBid(bid));
    }
    assert_eq!(t.decision(), Some((seat, DecisionKind::PolicyBid)));
    let (view, choices) = (t.view(seat), t.choices());
    (t, view, choices)
}

/// **T-POL-1** (TI-21.19, TI-2.6): the engine asks Red, Blue, Green, Yellow in that order.
/// While Green decides, its view shows that Red and Blue have answered (`has_bid`) and nothing
/// about their amounts, and no log line before the reveal names an amount. Every seat's view
/// and choices while it is asked are the same whatever the seats before it bid, so no answer
/// can depend on an earlier one, and any asking order gives the same result: with Green the
/// Tycoon (asked order Green, Yellow, Red, Blue) the same bids give the same winner, card and
/// pools; only the Tycoon who receives the winner's promoters differs (TI-6.2 step 4).
#[test]
fn t_pol_1_sealed_bids_are_hidden_until_the_reveal() {
    let (mut t, view, _) = asked_with(GREEN, &[3, 1]);
    let flags: Vec<bool> = view.seats.iter().map(|s| s.has_bid).collect();
    assert_eq!(flags, [true, true, false, false]);
    assert_eq!(view.seats[RED].promoters, None, "behind Red's screen");
    assert_eq!(view.seats[BLUE].promoters, None, "behind Blue's screen");
    assert_eq!(
        (view.seats[RED].pool, view.seats[BLUE].pool),
        (5, 5),
        "no bid has moved yet"
    );
    for (seat, a, b) in [
        (BLUE, vec![3], vec![0]),
        (GREEN, vec![3, 1], vec![0, 5]),
        (YELLOW, vec![3, 1, 2], vec![5, 0, 4]),
    ] {
        let (_, view_a, choices_a) = asked_with(seat, &a);
        let (_, view_b, choices_b) = asked_with(seat, &b);
        assert_eq!(
            view_a, view_b,
            "seat {seat}'s view does not depend on earlier bids"
        );
        assert_eq!(choices_a, choices_b);
    }
    for line in &t.log {
        assert!(
            !line.chars().any(|c| c.is_ascii_digit()),
            "a log line before the reveal names no amount: {line:?}"
        );
    }
    t.play(&[Action::PolicyBid(2), Action::PolicyBid(0)]); // Green, Yellow
    assert!(t.logged("Bids revealed: Red 3, Blue 1, Green 2, Yellow 0"));
    assert_eq!(t.decision(), Some((RED, DecisionKind::PolicyPick)));
    t.act(Action::Policy(0));

    let mut u = Scenario::tp()
        .round(4)
        .policy_display(&[("P1-01", 0), ("P1-03", 0)])
        .tycoon(GREEN)
        .policy_bid()
        .table();
    for (seat, bid) in [(GREEN, 2), (YELLOW, 0), (RED, 3), (BLUE, 1)] {
        assert_eq!(u.decision(), Some((seat, DecisionKind::PolicyBid)));
        u.act(Action::PolicyBid(bid));
    }
    assert_eq!(
        u.decision(),
        Some((RED, DecisionKind::PolicyPick)),
        "the same winner"
    );
    u.act(Action::Policy(0));
    for seat in [RED, BLUE, GREEN, YELLOW] {
        assert_eq!(t.seat(seat).pool, u.seat(seat).pool, "seat {seat}'s pool");
        assert_eq!(t.seat(seat).policies, u.seat(seat).policies);
    }
    for seat in [RED, BLUE, YELLOW] {
        assert_eq!(t.seat(seat).promoters, u.seat(seat).promoters);
    }
    assert_eq!(
        u.seat(GREEN).promoters,
        t.seat(GREEN).promoters + 3,
        "Red pays its 3 promoters to the Tycoon Green, not to the supply"
    );
}

/// **T-INF-1** (TC-4, TI-0.4): Red at 97 gains `INF 6` (Advertise `SU-09`): influence 103,
/// its disc on space 3 with one +100 lap marker; Red is first in influence order.
#[test]
fn t_inf_1_the_influence_track_laps() {
    let mut t = Scenario::tp().influence(RED, 97).table();
    let space = t.space("SU-09");
    t.play(&[act(ActionKind::Strategy), space]);
    let influence = t.seat(RED).influence;
    assert_eq!(influence, 103);
    assert_eq!((influence / 100, influence % 100), (1, 3));
    assert_eq!(t.state.influence_order()[0], RED as u8);
}

/// **T-STR-1** (TI-8.6, TC-5): Red takes `SU-02` (Sell, 4 promoters): pool 1, 130 Cr; its
/// share 30 covers `SU-02`, so its next share sells for 35.
#[test]
fn t_str_1_sell_covers_the_space_with_the_lowest_share() {
    let mut t = Scenario::tp().table();
    let before = t.clone();
    let space = t.space("SU-02");
    t.play(&[act(ActionKind::Strategy), space]);
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Strategy);
        s.pool = 1;
        s.money = 130;
        s.shares_left = 8;
    });
    assert_eq!(t.covered_by("SU-02"), Some(RED));
    assert_eq!(t.seat(RED).top_share(), Some(35));
    assert_eq!(
        t.state.share_price(content(), BLUE as u8, RED as u8),
        Some(35)
    );
}

/// **T-STR-2** (TC-5): Red with pool 6 takes `SU-11` (Advertise, 6): pool 0, INF 20.
#[test]
fn t_str_2_advertise() {
    let mut t = Scenario::tp().pool(RED, 6).table();
    let space = t.space("SU-11");
    t.play(&[act(ActionKind::Strategy), space]);
    assert_eq!((t.seat(RED).pool, t.seat(RED).influence), (0, 20));
    assert_eq!(t.covered_by("SU-11"), Some(RED));
}

/// **T-STR-3** (TC-5, TC-1.1 `STEP any2`): Red with pool 7 and Transport 1 takes `SU-14` and
/// picks Transport +2: Transport 3 (passes 2: `Cr 5`; lands on 3: `INF 2`): 105 Cr, INF 12,
/// pool 0.
#[test]
fn t_str_3_export_two_steps_on_one_track() {
    let mut t = Scenario::tp()
        .pool(RED, 7)
        .level(RED, Sector::Tra, 1)
        .table();
    export(&mut t, Sector::Tra, 2);
    let red = t.seat(RED);
    assert_eq!(
        (red.level(Sector::Tra), red.money, red.influence, red.pool),
        (3, 105, 12, 0)
    );
}

/// **T-STR-4** (TI-8.6 Lobby, TI-2.7): policy display `P2-02` (2 promoters on it), `P1-06`;
/// deck top `P1-07`. Red takes `SU-04` and picks `P2-02`: pool 0, promoters 7, `NOW Cr 30`:
/// 130 Cr. The display is `P1-06`, `P1-07`, and `P1-06` gets no promoter (not a policy bid).
#[test]
fn t_str_4_lobby_takes_a_policy_with_its_promoters() {
    let mut t = Scenario::tp()
        .policy_display(&[("P2-02", 2), ("P1-06", 0)])
        .policy_deck_top(&["P1-07"])
        .table();
    let before = t.clone();
    let space = t.space("SU-04");
    t.play(&[act(ActionKind::Strategy), space]);
    assert_eq!(t.decision(), Some((RED, DecisionKind::PolicyPick)));
    t.act(Action::Policy(0));
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Strategy);
        s.pool = 0;
        s.promoters = 7;
        s.money = 130;
        s.shares_left = 8;
        s.policies.push(policy("P2-02"));
    });
    assert_eq!(
        t.policy_display(),
        [("P1-06".to_owned(), 0), ("P1-07".to_owned(), 0)]
    );
}

/// **T-STR-5** (TI-8.6 Office, TC-1.3): Red takes `SU-06` (Office) into `bangalore`: pool 0,
/// reserve 8, `+1A 1` (city), `INF 1` (South): INF 11; its share 30 covers `SU-06`; the
/// factory counts for `factories(S)` and for activating the South.
#[test]
fn t_str_5_office() {
    let mut t = Scenario::tp().table();
    let before = t.clone();
    let space = t.space("SU-06");
    t.play(&[act(ActionKind::Strategy), space]);
    assert_eq!(t.decision(), Some((RED, DecisionKind::Office)));
    assert!(
        !t.offers(Action::Decline),
        "the space places its factory (TI-8.6)"
    );
    t.act(Action::City(city("bangalore")));
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Strategy);
        s.pool = 0;
        s.reserve = 8;
        s.plus1 = 1;
        s.influence = 11;
        s.shares_left = 8;
    });
    assert_eq!(t.covered_by("SU-06"), Some(RED));
    let office = t.state.factory(city("bangalore")).expect("the Office");
    assert_eq!((usize::from(office.owner), office.card), (RED, None));

    // The Office counts for activating the South (TI-5.2): `INF 1` for it at round 5.
    let mut t = Scenario::tp()
        .round(5)
        .region(Region::W)
        .office(RED, "bangalore")
        .region_choice()
        .table();
    let before = t.clone();
    t.act(Action::Region(Region::S));
    t.assert_seat(&before, RED, |s| s.influence = 11);
    // And for `factories(S)` (TC-1.3): PA-4 counts factories at scoring.
    let state = Scenario::tp()
        .office(RED, "bangalore")
        .plans(&["PA-4"])
        .build();
    assert_eq!(state.scores(content())[RED].plan_influence, 12);
}

/// **T-STR-6** (TC-5, TI-3): with 3 seats the unmanaged spaces in play are `SU-01`, `SU-02`,
/// `SU-04`, `SU-06`, `SU-07`, `SU-09`, `SU-11`, `SU-12`, `SU-14` (9); with 4, all 14.
#[test]
fn t_str_6_three_seat_strategy_board() {
    use darbar::engine::Game;
    let ids = |players: u8| {
        let game = darbar::tycoon::Tycoon::new(Options {
            players,
            ..Options::default()
        })
        .expect("a seat layout");
        let state = game.new_initial_state(3);
        game.view(&state, 0)
            .spaces
            .into_iter()
            .map(|s| s.id)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        ids(3),
        [
            "SU-01", "SU-02", "SU-04", "SU-06", "SU-07", "SU-09", "SU-11", "SU-12", "SU-14"
        ]
    );
    assert_eq!(ids(4).len(), 14);
}

/// **T-STR-7** (TI-8.6 Buy industry, TI-2.8, TI-2.7): Red with pool 2; display `I1-19` (1
/// promoter), `I1-03`, `I2-05`; deck top `I1-11`. Red takes `SM-2` for `I1-19` with the bonus
/// `Cr 10`: pays 80, gains 10: 30 Cr; promoters 6; `I1-19` unbuilt with a factory (reserve 8);
/// display `I1-03`, `I2-05`, `I1-11`.
#[test]
fn t_str_7_buy_industry() {
    let mut t = Scenario::tp()
        .pool(RED, 2)
        .industry_display(&[("I1-19", 1), ("I1-03", 0), ("I2-05", 0)])
        .industry_deck_top(&["I1-11"])
        .table();
    let before = t.clone();
    t.play(&[
        act(ActionKind::Strategy),
        Action::Space(1),
        Action::Industry(0),
        Action::BonusMoney,
    ]);
    t.assert_seat(&before, RED, |s| {
        used_token(s, ActionKind::Strategy);
        s.pool = 0;
        s.money = 30;
        s.promoters = 6;
        s.reserve = 8;
        s.industries.push(Holding {
            card: industry("I1-19"),
            city: None,
        });
    });
    assert_eq!(
        t.industry_display(),
        [
            ("I1-03".to_owned(), 0),
            ("I2-05".to_owned(), 0),
            ("I1-11".to_owned(), 0)
        ]
    );
}

/// **T-RND-1** (TI-6.4, TC-6, TI-19.4): round 3's NP: Red 55 Cr, INF 19, SUP 3; Green 85 Cr,
/// promoters 0, INF 18, SUP 2.
#[test]
fn t_rnd_1_national_project_round_3() {
    let (before, t) = seed_np();
    let (red, green) = (t.seat(RED), t.seat(GREEN));
    assert_eq!((red.money, red.influence, red.support), (55, 19, 3));
    assert_eq!(
        (green.money, green.promoters, green.influence, green.support),
        (85, 0, 18, 2)
    );
    t.assert_unchanged(&before, &[BLUE, YELLOW]);
}

/// **T-RND-2** (TI-21.5, TC-6): round 6's NP at 20 Cr a unit. One unit can be paid 20 Cr;
/// 4 promoters; 15 Cr + 1; 10 Cr + 2; 5 Cr + 3. Two units can be paid 25 Cr + 3 promoters.
/// 18 Cr + 2 promoters is not a payment at all (28 is not a multiple of 20): no choice pays
/// Cr other than a multiple of 5.
#[test]
fn t_rnd_2_np_payments_mix_money_and_promoters() {
    let mut t = Scenario::tp()
        .round(6)
        .promoters(RED, 5)
        .np_turn(RED)
        .table();
    assert_eq!(
        t.choices(),
        [
            Action::EmergencyLoan,
            Action::NpUnit(0),
            Action::NpUnit(1),
            Action::NpUnit(2),
            Action::NpUnit(3),
            Action::NpUnit(4),
            Action::Done
        ]
    );
    t.act(Action::NpUnit(3)); // 5 Cr + 3 promoters
    assert_eq!((t.seat(RED).money, t.seat(RED).promoters), (95, 2));
    t.act(Action::NpUnit(0)); // 20 Cr
    assert_eq!(
        (t.seat(RED).money, t.seat(RED).promoters),
        (75, 2),
        "two units for 25 Cr and 3 promoters"
    );
    assert_eq!((t.seat(RED).influence, t.seat(RED).support), (16, 2));
    assert!(!t.offers(Action::NpUnit(3)), "only 2 promoters are left");
    let text = darbar::engine::Game::legal_actions(&t.game, &t.state)
        .iter()
        .map(|&a| t.game.describe(&t.state, a))
        .collect::<Vec<_>>();
    assert!(text.iter().any(|d| d.contains("10 Cr and 2 promoters")));
    assert!(!text.iter().any(|d| d.contains("18 Cr")));
}

/// **T-RND-3** (TC-6, TI-6.1, TI-16.1): the round tracker's events: round 1 a policy bid
/// only (no income); round 4 no NP; round 2 policy bid, then income, then NP; END the final
/// income only (played by the rules at the game's end).
#[test]
fn t_rnd_3_round_tracker() {
    use darbar::tycoon::content::RoundEvent::{Income, NationalProject, PolicyBid};
    let rounds = &content().board.rounds;
    assert_eq!(rounds.len(), 7);
    assert_eq!(rounds[0].events, [PolicyBid]);
    assert_eq!(rounds[1].events, [PolicyBid, Income, NationalProject]);
    assert_eq!(rounds[3].events, [PolicyBid, Income]);
    let np_rounds: Vec<usize> = (0..7)
        .filter(|&r| rounds[r].events.contains(&NationalProject))
        .map(|r| r + 1)
        .collect();
    assert_eq!(np_rounds, [2, 3, 5, 6, 7]);
    let prices: Vec<Option<u32>> = rounds.iter().map(|r| r.np_price).collect();
    assert_eq!(
        prices,
        [None, Some(10), Some(15), None, Some(15), Some(20), Some(20)]
    );
    // END: the final Income & dividends pays after round 7 (TI-16.1).
    let mut t = Scenario::tp()
        .round(7)
        .built(RED, "I1-01", "jaipur")
        .last_to_act(RED)
        .table();
    t.act(Action::Pass);
    assert!(t.state.outcome().is_some(), "nobody has notes to repay");
    assert_eq!(t.seat(RED).money, 115, "the final income of I1-01");
}

/// **T-RND-4** (TI-6.1, TC-6, TC-8.2 `P2-10`): round 2; Red has 2 built industries, wins the
/// policy bid and takes `P2-10`: `NOW Cr 5 × built` gives 10 before the income is paid; then
/// round 2's income adds both cards' income.
#[test]
fn t_rnd_4_a_policy_bid_resolves_before_the_income() {
    let mut t = Scenario::tp()
        .round(2)
        .built(RED, "I1-01", "jaipur") // income 15
        .built(RED, "I1-03", "agra") // income 10
        .policy_display(&[("P2-10", 0), ("P1-01", 0)])
        .policy_bid()
        .table();
    t.play(&[
        Action::PolicyBid(1),
        Action::PolicyBid(0),
        Action::PolicyBid(0),
        Action::PolicyBid(0),
    ]);
    assert_eq!(t.decision(), Some((RED, DecisionKind::PolicyPick)));
    t.act(Action::Policy(0));
    assert_eq!(t.seat(RED).money, 100 + 10 + 15 + 10);
    let first_income = t
        .log
        .iter()
        .position(|l| l.contains("earns"))
        .expect("the income");
    let policy_at = t
        .log
        .iter()
        .position(|l| l.contains("takes the policy"))
        .expect("the pick");
    assert!(
        policy_at < first_income,
        "the policy comes first: {:#?}",
        t.log
    );
    assert_eq!(t.kind(), DecisionKind::NationalProject);
}

/// **T-POL-0** (TI-6.2, TI-19.2): the seed's policy bid with `P1-02` on display: Blue takes
/// `P1-02`, the Technology Institute Act, with its promoter; the other card gets 1 promoter.
#[test]
fn t_pol_0_the_seed_policy_bid() {
    let mut t = seed_policy_bid();
    let before = t.clone();
    play_seed_policy_bid(&mut t);
    assert_eq!(t.policies(BLUE), ["P1-02"]);
    assert_eq!(
        content().policies[usize::from(policy("P1-02"))].name,
        "Institutes of Technology Act (1961)"
    );
    assert_eq!(t.seat(BLUE).promoters, before.seat(BLUE).promoters - 2 + 1);
    assert_eq!(t.policy_display()[0], ("P1-05".to_owned(), 1));
}

/// **T-BID-0** (TI-7, TI-19.5): the seed's 3-seat auction over `I1-03` (AV 30), `I1-09` (50)
/// and `I1-13` (60): the opening minimum is 30, the lowest bid offered is 30, and the rest is
/// as TI-19.5.
#[test]
fn t_bid_0_the_seed_auction() {
    let mut t = seed_auction();
    assert_eq!(t.view(RED).opening_bid, 30);
    assert_eq!(t.choices()[1], Action::Bid(6), "30 Cr is the lowest bid");
    assert!(!t.offers(Action::Bid(5)));
    t.play(&[
        Action::Bid(8),
        Action::Bid(9),
        Action::Bid(11),
        Action::Pass,
        Action::Bid(13),
        Action::Pass,
        Action::Industry(0),
        Action::Industry(0),
    ]);
    let money: Vec<u32> = (0..3).map(|s| t.seat(s).money).collect();
    assert_eq!(money, [100, 35, 45]);
    assert_eq!(t.seat(RED).pool, 8);
    assert_eq!(
        (
            t.seat(BLUE).industries.len(),
            t.seat(GREEN).industries.len()
        ),
        (1, 1)
    );
}
