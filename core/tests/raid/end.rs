//! The end of a game (RG-10, ruling 26): the log says why the game ended and, for the Empire's
//! arrival, the score term by term; the board repeats it; every reading of the score agrees.

use darbar::bots::RandomBot;
use darbar::engine::{Game, Log};
use darbar::raid::{Ending, Phase, Raid, RaidData, ScoreTerms, State};

/// A random game played to its end: the state and the log of its last action.
fn finished(wanted: impl Fn(Ending) -> bool) -> (State, Vec<String>) {
    let game = Raid::default();
    for seed in 0..2000 {
        let mut state = game.new_initial_state(seed);
        let mut bot = RandomBot::new(seed);
        let mut last = Vec::new();
        while !state.is_over() {
            let action = bot.choose_from(&game.legal_actions(&state)).unwrap();
            let mut log = Log::recording();
            game.apply(&mut state, action, &mut log).unwrap();
            last = log.take();
        }
        if state.ending().is_some_and(&wanted) {
            return (state, last);
        }
    }
    panic!("no random game ends that way");
}

#[test]
fn rule_ruling_26_the_empire_arrives_with_the_score_term_by_term() {
    let (state, log) = finished(|e| e == Ending::EmpireArrives);
    let end = log
        .iter()
        .position(|l| l.starts_with("the game ends: "))
        .expect("the log says the game ended");
    assert_eq!(
        log[end],
        "the game ends: the Empire arrives: all three forts have fallen (RG-7.7, RG-10, ruling 26(c))"
    );
    let terms = state.score_terms();
    let score = state.score();
    assert_eq!(terms.total(), score);
    assert_eq!(log[end + 1], format!("score (ruling 26): {terms}"));
    assert!(
        log[end + 1].ends_with(&format!(": {score}")),
        "{}",
        log[end + 1]
    );
    let rank = RaidData::standard().rank(score);
    assert_eq!(log[end + 2], format!("final score {score}: {rank}"));
    assert_eq!(log.len(), end + 3, "the end section closes the log");
    // Every reading agrees: the returns, the final score, the board.
    assert_eq!(Raid::default().returns(&state), [f64::from(score)]);
    assert_eq!(state.final_score(), Some((score, rank)));
    let board = state.to_string();
    assert!(
        board.contains(&format!("score {score} ({rank})")),
        "{board}"
    );
    for line in &log[end..] {
        assert!(
            board.contains(line.as_str()),
            "{line} is not on the board:\n{board}"
        );
    }
}

#[test]
fn rule_ruling_26_other_endings_say_why_and_have_no_score() {
    let (state, log) = finished(|e| matches!(e, Ending::Rebellion { .. }));
    let Some(Ending::Rebellion { shortfall }) = state.ending() else {
        unreachable!()
    };
    let end = log.len() - 2;
    assert_eq!(
        log[end],
        format!(
            "the game ends: rebellion (food short by {shortfall}): food fell short by \
             {shortfall} at upkeep (RG-7.3, RG-10, ruling 26(b))"
        )
    );
    assert_eq!(
        log[end + 1],
        "no score: only the Empire's arrival is scored (ruling 26)"
    );
    assert_eq!(Raid::default().returns(&state), [0.0]);
    assert_eq!(state.end_report(), log[end..]);

    let state = State::new(3);
    assert_eq!(state.phase(), Phase::Scout);
    assert!(
        state.end_report().is_empty(),
        "no end section before the end"
    );
}

#[test]
fn rule_ruling_26_score_terms_read_with_their_plurals() {
    let terms = ScoreTerms {
        soldiers: 1,
        weapons: 1,
        funds: 4,
        food: 7,
        slaves: 0,
        units: 1,
        talents: 2,
        sacked: 1,
    };
    assert_eq!(terms.total(), 3 + 1 + 4 + 3 + 5 + 6 + 2);
    assert_eq!(
        terms.to_string(),
        "3 × 1 soldier = 3, 1 weapon, 4 funds, 7 food / 2 = 3, 0 slaves, 5 × 1 unique unit = 5, \
         3 × 2 talents = 6, 2 × 1 sacked site = 2: 24"
    );
}

/// RG-9 and ruling 27: every GM roll is logged, but a drift roll, which the player does not
/// see, stays out of the log while the game is played; the log of the finished game shows each
/// in its place, marked as hidden during play.
#[test]
fn rule_rg_9_drift_rolls_reach_the_log_only_once_the_game_is_over() {
    use darbar::engine::log::SEALED_MARK;
    use darbar::engine::{DynState, Play};
    use std::sync::Arc;

    let game = Arc::new(Raid::default());
    for seed in 0..50 {
        let mut play = Play::new(Arc::clone(&game), seed);
        let mut bot = RandomBot::new(seed);
        let mut drifted = false;
        while !play.is_terminal() {
            let action = bot.choose_from(play.legal_actions()).unwrap();
            let lines = play.apply_logged(action).unwrap();
            assert!(
                lines
                    .iter()
                    .all(|l| !l.contains("drift") || !l.starts_with("GM rolls"))
            );
            drifted |= play
                .state()
                .rolls()
                .iter()
                .any(|r| !r.what.seen_by_player());
            if !play.is_terminal() {
                assert!(
                    play.log().iter().all(|l| !l.ends_with(SEALED_MARK)),
                    "seed {seed}"
                );
            }
        }
        let sealed: Vec<String> = play
            .log()
            .into_iter()
            .filter(|l| l.ends_with(SEALED_MARK))
            .collect();
        assert_eq!(drifted, !sealed.is_empty(), "seed {seed}");
        if drifted {
            assert!(
                sealed.iter().all(|l| l.contains("drift")),
                "seed {seed}: {sealed:?}"
            );
            return;
        }
    }
    panic!("no game of 50 drifted a site");
}
