//! Rule tests of final scoring (TI-16.2–16.5), the planning commission (TI-14, TI-21.9), the
//! agendas (TI-15) and the winners (TI-16.4): scores read with `State::scores` on a built
//! position, winners by playing round 7's last turn to the end.

use darbar::engine::Game;
use darbar::tycoon::{Action, Options, Sector, State};

use crate::scenario::{BLUE, GREEN, RED, Scenario, Table, YELLOW, content};

fn scores(state: &State) -> Vec<darbar::tycoon::Score> {
    state.scores(content())
}

/// Round 7's last Phase-4 turn with no planning card in play: Red's pass plays the final
/// Income, note repayment (nobody can repay) and scoring (TI-16.1).
fn play_to_the_end(scenario: Scenario) -> Table {
    let mut t = scenario.round(7).plans(&[]).last_to_act(RED).table();
    t.act(Action::Pass);
    assert!(t.decision().is_none(), "the game is over");
    t
}

/// **TI-16.2**: share unit values by IndustryAV rank, 60 / 40 / 20 / 20 (TI-OQ-19), ties by
/// influence order: Red and Blue both have IndustryAV 100 and Blue's disc is higher, so Blue's
/// colour is worth 60 and Red's 40; Green's 50 is 20, Yellow's 0 is 20. With Red higher on
/// the track the two swap. The 4th value is an option (`fourth_share_value`).
#[test]
fn ti_16_2_share_unit_values_by_industry_av_rank() {
    let position = |options: Options| {
        Scenario::with(options)
            .built(RED, "I2-09", "jaipur") // 100
            .built(BLUE, "I2-03", "agra") // 100
            .built(GREEN, "I1-02", "kanpur") // 50
            .shares(YELLOW, RED, 1)
            .shares(GREEN, BLUE, 1)
            .shares(BLUE, GREEN, 1)
            .shares(RED, YELLOW, 1)
    };
    let state = position(Options::default()).build();
    assert!(state.influence_above(BLUE as u8, RED as u8));
    let values: Vec<u32> = scores(&state).iter().map(|s| s.share_av).collect();
    // Red holds Yellow (4th), Blue holds Green (3rd), Green holds Blue (1st), Yellow Red (2nd).
    assert_eq!(values, [20, 20, 60, 40]);
    let state = position(Options::default()).influence(RED, 11).build();
    assert!(
        state.influence_above(RED as u8, BLUE as u8),
        "Red arrived later"
    );
    let values: Vec<u32> = scores(&state).iter().map(|s| s.share_av).collect();
    assert_eq!(values, [20, 20, 40, 60]);
    let state = position(Options {
        fourth_share_value: 30,
        ..Options::default()
    })
    .build();
    assert_eq!(scores(&state)[RED].share_av, 30, "the 4th rank's option");
}

/// **TI-16.2, TI-16.3, TI-10**: each note still held costs 50 AV and 7 influence; unbuilt
/// cards count nothing.
#[test]
fn ti_16_2_notes_and_unbuilt_cards() {
    let state = Scenario::tp()
        .built(RED, "I1-01", "jaipur")
        .holds(RED, "I2-09")
        .notes(RED, 2)
        .plans(&[])
        .build();
    let red = scores(&state)[RED];
    assert_eq!(red.industry_av, 60);
    assert_eq!(red.asset_value, 60 - 100);
    assert_eq!(red.influence, 10 - 14);
}

/// **TI-16.5, TI-12, TI-15**: SUP is the support tokens, the favoured sectors' levels, the
/// policies' end support and the agenda's award: 2 + 3 + (3 + 2) + 1 = 11.
#[test]
fn ti_16_5_support() {
    let state = Scenario::tp()
        .support(RED, 2)
        .favours(&["SF-POW", "SF-MIN"])
        .level(RED, Sector::Pow, 3)
        .policy(RED, "P2-01")
        .policy(RED, "P1-01")
        .agenda(RED, "CA-5")
        .build();
    let red = scores(&state)[RED];
    assert_eq!(
        (red.favour_support, red.policy_support, red.agenda_support),
        (3, 5, 1)
    );
    assert_eq!(red.support, 11);
}

/// **TI-15**: only the highest tier reached scores: `CA-2` with 5 shares held gives 4, not
/// 2 + 4; below the lowest tier it gives nothing.
#[test]
fn ti_15_the_highest_tier_only() {
    let agenda = |shares: u8| {
        let state = Scenario::tp()
            .agenda(RED, "CA-2")
            .shares(RED, BLUE, shares)
            .build();
        scores(&state)[RED].agenda_support
    };
    assert_eq!(agenda(5), 4);
    assert_eq!(agenda(7), 7);
    assert_eq!(agenda(2), 0);
}

/// **TI-14, TI-21.9, TI-OQ-21**: competitive cards give 1st and 2nd; tied seats share the sum
/// of the places they occupy, rounded down; only a counter of at least 1 places. `PB-4`
/// (shares held, 10 / 5): Red 2 is 1st (10); Blue and Green tie for 2nd with 1: (5 + 0) ÷ 2 =
/// 2 each. `PA-1` (built Agriculture/Power, 12 / 6): only Red has one: 12, and nobody with 0
/// is 2nd. `PA-4` (factories): three seats tie with 1: (12 + 6 + 0) ÷ 3 = 6 each.
#[test]
fn ti_14_competitive_ties_and_zero() {
    let plans = |scenario: Scenario, plan: &str| -> Vec<u32> {
        scores(&scenario.plans(&[plan]).build())
            .iter()
            .map(|s| s.plan_influence)
            .collect()
    };
    let shares = Scenario::tp()
        .shares(RED, BLUE, 2)
        .shares(BLUE, GREEN, 1)
        .shares(GREEN, YELLOW, 1);
    assert_eq!(plans(shares, "PB-4"), [10, 2, 2, 0]);
    let agriculture = Scenario::tp().built(RED, "I1-05", "surat");
    assert_eq!(plans(agriculture, "PA-1"), [12, 0, 0, 0]);
    let factories = Scenario::tp()
        .office(RED, "surat")
        .office(BLUE, "poona")
        .office(GREEN, "panjim");
    assert_eq!(plans(factories, "PA-4"), [6, 6, 6, 0]);
}

/// **TI-16.4**: a seat that is both the asset and the influence winner wins outright; the
/// returns give it 1 and the others 0.
#[test]
fn ti_16_4_one_seat_wins_outright() {
    let t = play_to_the_end(
        Scenario::tp()
            .built(RED, "I2-09", "surat")
            .influence(RED, 50),
    );
    let outcome = t.state.outcome().expect("scored");
    assert_eq!((outcome.asset_winner, outcome.influence_winner), (0, 0));
    assert_eq!(outcome.winners, [0]);
    assert_eq!(t.game.returns(&t.state), [1.0, 0.0, 0.0, 0.0]);
}

/// **TI-16.4**: otherwise the asset winner (Red) and the influence winner (Blue) are the only
/// candidates: the higher SUP wins; equal SUP shares the victory.
#[test]
fn ti_16_4_the_support_duel_and_a_shared_victory() {
    let duel = |red: u32, blue: u32| {
        play_to_the_end(
            Scenario::tp()
                .built(RED, "I2-09", "surat")
                .influence(BLUE, 50)
                .support(RED, red)
                .support(BLUE, blue)
                .support(GREEN, 9),
        )
    };
    let t = duel(3, 5);
    let outcome = t.state.outcome().expect("scored");
    assert_eq!(
        (outcome.asset_winner, outcome.influence_winner),
        (RED as u8, BLUE as u8)
    );
    assert_eq!(
        outcome.winners,
        [BLUE as u8],
        "Green's SUP 9 does not count"
    );
    assert_eq!(
        duel(5, 3).state.outcome().expect("scored").winners,
        [RED as u8]
    );
    let t = duel(4, 4);
    assert_eq!(
        t.state.outcome().expect("scored").winners,
        [RED as u8, BLUE as u8]
    );
    assert_eq!(t.game.returns(&t.state), [1.0, 1.0, 0.0, 0.0]);
}

/// **TI-16.2, TI-16.3 (TI-OQ-20)**: an AV tie goes to the higher IndustryAV; an INF tie to
/// the seat higher in influence order on the track as it stands, before the end bonuses.
/// Red (IndustryAV 100) and Blue (merit and Finance AV 100) tie on AV 100: Red is the asset
/// winner. Green (track 40) and Yellow (track 36 + `PB-5` 4) tie on INF 40: Green is the
/// influence winner. Red's SUP 1 beats Green's 0.
#[test]
fn ti_16_4_winner_ties() {
    let mut t = Scenario::tp()
        .round(7)
        .built(RED, "I2-09", "surat")
        .merit(BLUE, "M-25")
        .merit(BLUE, "M-26")
        .merit(BLUE, "M-27")
        .level(BLUE, Sector::Fin, 5)
        .influence(YELLOW, 36)
        .influence(GREEN, 40)
        .office(YELLOW, "madras")
        .plans(&["PB-5"])
        .support(RED, 1)
        .last_to_act(RED)
        .table();
    t.act(Action::Pass);
    let outcome = t.state.outcome().expect("scored");
    let av: Vec<i64> = outcome.scores.iter().map(|s| s.asset_value).collect();
    assert_eq!(av[..2], [100, 100]);
    let inf: Vec<i64> = outcome.scores.iter().map(|s| s.influence).collect();
    assert_eq!(inf[2..], [40, 40]);
    assert_eq!(
        (outcome.asset_winner, outcome.influence_winner),
        (RED as u8, GREEN as u8)
    );
    assert_eq!(outcome.winners, [RED as u8]);
}
