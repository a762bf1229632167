//! Victory (§5.0–§5.3 with R-0: 1 VP per Influence level; OQ-49 for ties).

use super::common::game;
use super::common::{action, play_until};
use darbar::engine::{Game, Log};
use darbar::vijayanagara::{
    Loyalty, Piece, Player, SpaceId, State, VictoryPointTerms, mongols_in_delhi_adjustment,
};

#[test]
fn rule_5_1_sultanate_scores_tributary_prosperity() {
    let mut state = State::new(1);
    // Gujarat (Prosperity 2) and Sindh (1) lose their markers: 18 - 3.
    state.set_tributary(SpaceId::Gujarat, false).unwrap();
    state.set_tributary(SpaceId::Sindh, false).unwrap();
    assert_eq!(state.victory_points(Player::Sultanate), 15);
    // DS control of an Independent Province scores nothing for DS (Sindh: 1 Troop).
    assert_eq!(state.controller(SpaceId::Sindh), Some(Player::Sultanate));
    assert_eq!(state.victory_points(Player::Sultanate), 15);
}

#[test]
fn rule_5_1_mongols_in_delhi_adjust_the_final_score() {
    // max(3 - m, -3) for m = 0..=7.
    let table = [3, 2, 1, 0, -1, -2, -3, -3];
    for (m, bonus) in table.into_iter().enumerate() {
        assert_eq!(mongols_in_delhi_adjustment(m as u8), bonus, "m = {m}");
    }
    let mut state = State::new(1);
    assert_eq!(state.final_victory_points(Player::Sultanate), 21);
    state.place(SpaceId::Delhi, Piece::Mongol, 5).unwrap();
    assert_eq!(state.final_victory_points(Player::Sultanate), 16);
    assert_eq!(
        state.victory_points(Player::Sultanate),
        18,
        "only final scoring counts Mongols"
    );
}

#[test]
fn rule_5_2_bahmani_scores_control_forts_and_influence() {
    let mut state = State::new(1);
    // Maharashtra (Prosperity 2, 4 Amirs) Independent: BK controls.
    state.set_tributary(SpaceId::Maharashtra, false).unwrap();
    // A Fort in Tributary Gondwana still counts: Forts on the map, not in controlled Provinces.
    state.place(SpaceId::Gondwana, Piece::Fort, 1).unwrap();
    state.shift_influence(Player::Bahmani, 3).unwrap();
    assert_eq!(state.victory_points(Player::Bahmani), 2 + 1 + 3);
    assert_eq!(state.final_victory_points(Player::Bahmani), 6);
}

#[test]
fn rule_5_3_vijayanagara_scores_control_temples_and_influence() {
    let mut state = State::new(1);
    // Karnataka (2) and Tamilakam (2, after a Temple breaks the 1-1 tie).
    state.set_tributary(SpaceId::Karnataka, false).unwrap();
    state.set_tributary(SpaceId::Tamilakam, false).unwrap();
    state.place(SpaceId::Tamilakam, Piece::Temple, 1).unwrap();
    state.shift_influence(Player::Vijayanagara, 1).unwrap();
    assert_eq!(state.victory_points(Player::Vijayanagara), 2 + 2 + 1 + 1);
}

#[test]
fn rule_5_0_most_vp_wins() {
    let outcome = State::new(1).outcome();
    assert_eq!(outcome.victory_points.sultanate, 21);
    assert_eq!(outcome.winners, [Player::Sultanate]);
    assert!(!outcome.is_shared());
}

/// A state where BK and VN are tied on VP above DS (DS loses every Tributary marker).
fn deccan_tie() -> State {
    let mut state = State::new(1);
    for space in SpaceId::ALL.into_iter().filter(|s| s.is_province()) {
        state.set_tributary(space, false).unwrap();
    }
    state.place(SpaceId::Delhi, Piece::Mongol, 6).unwrap(); // DS: 0 - 3
    // BK controls Maharashtra (2) and Gondwana (1); VN Karnataka (2) and Orissa (1).
    state
        .place(SpaceId::Orissa, Piece::Raja(Loyalty::Obedient), 1)
        .unwrap();
    assert_eq!(state.final_victory_points(Player::Bahmani), 3);
    assert_eq!(state.final_victory_points(Player::Vijayanagara), 3);
    state
}

#[test]
fn rule_5_0_tie_goes_to_more_resources() {
    let state = deccan_tie(); // BK 6, VN 7 Resources
    assert_eq!(state.outcome().winners, [Player::Vijayanagara]);
}

#[test]
fn rule_5_0_oq_49_a_tie_that_survives_resources_is_shared() {
    let mut state = deccan_tie();
    state.gain_resources(Player::Bahmani, 1);
    let outcome = state.outcome();
    assert_eq!(outcome.winners, [Player::Bahmani, Player::Vijayanagara]);
    assert!(outcome.is_shared());
}

/// A game played to its end as `play_until` plays, the log of its last action kept: the state,
/// the Mongols in Delhi, and that log.
fn finished_game(wanted: impl Fn(&State) -> bool) -> (State, u8, Vec<String>) {
    (1..)
        .map(|seed| {
            let mut state = State::new(seed);
            play_until(&mut state, |s| {
                s.legal_actions().len() == 1 && {
                    let mut next = s.clone();
                    game()
                        .apply(&mut next, s.legal_actions()[0], &mut Log::silent())
                        .unwrap();
                    next.is_over()
                }
            });
            let last = state.legal_actions()[0];
            let mut log = Log::recording();
            game().apply(&mut state, last, &mut log).unwrap();
            assert!(state.is_over());
            let mongols = state.space(SpaceId::Delhi).mongols;
            (state, mongols, log.take())
        })
        .find(|(state, _, _)| wanted(state))
        .unwrap()
}

#[test]
fn rule_5_1_every_reading_of_a_score_after_the_end_is_the_final_score() {
    // §5.1: the Mongols in Delhi adjust the Sultanate's score "at the end of the game"; once
    // the game is over, the score read from the state, the board, the outcome, the returns,
    // the observation and the log's end section must agree.
    let (state, mongols, log) =
        finished_game(|s| mongols_in_delhi_adjustment(s.space(SpaceId::Delhi).mongols) != 0);
    let adjustment = mongols_in_delhi_adjustment(mongols);
    let outcome = state.outcome();
    let game = game();
    let returns = game.returns(&state);
    let board = state.to_string();
    let end = log
        .iter()
        .position(|l| l.starts_with("— The game ends"))
        .expect("the log has an end section");
    for player in Player::ALL {
        let vp = state.victory_points(player);
        assert_eq!(vp, outcome.victory_points[player], "{player}");
        let terms: VictoryPointTerms = state.victory_point_terms(player);
        assert_eq!(terms.total(), vp, "{player}");
        // The log and the board give the same line, with the final score first.
        let line = &log[end + 1 + player as usize];
        assert_eq!(*line, terms.to_string());
        assert!(
            line.starts_with(&format!("{} {vp} VP: ", player.abbreviation())),
            "{line}"
        );
        assert!(board.contains(line.as_str()), "{board}");
        // The board's VP column.
        let row = board
            .lines()
            .find(|l| l.starts_with(&format!("{:<8} ", player.abbreviation())))
            .unwrap();
        let column: i32 = row.split_whitespace().nth(3).unwrap().parse().unwrap();
        assert_eq!(column, vp, "{row}");
        // The observation's VP entry of the player record (offset 14).
        let seen = state.observation(Player::Sultanate);
        assert_eq!(seen[210 + 15 * player as usize + 14], vp as f32);
        let won = outcome.winners.contains(&player);
        assert_eq!(returns[player as usize] > 0.0, won, "{player}");
    }
    let running = state.running_victory_points(Player::Sultanate);
    assert_eq!(
        state.victory_points(Player::Sultanate),
        running + adjustment
    );
    assert_eq!(
        log[end + 1],
        format!(
            "DS {} VP: {running} for the Prosperity of Tributary Provinces, {adjustment:+} for \
             {mongols} Mongol{} in Delhi (§5.1)",
            running + adjustment,
            if mongols == 1 { "" } else { "s" }
        )
    );
    let winners: Vec<&str> = outcome.winners.iter().map(|p| p.abbreviation()).collect();
    assert!(
        log[end + 4].starts_with("Game over. ") && log[end + 4].contains(&winners.join(" and ")),
        "{}",
        log[end + 4]
    );
    assert_eq!(log.len(), end + 5, "the end section closes the log");
}

#[test]
fn rule_2_6_the_end_section_says_why_the_game_ended_and_every_term() {
    let (state, _, log) = finished_game(|_| true);
    let end = log
        .iter()
        .position(|l| l.starts_with("— The game ends"))
        .unwrap();
    assert_eq!(
        log[end],
        "— The game ends: Timur's invasion of Delhi is resolved (§2.6, §5.0) —"
    );
    // The Mongols' Resource loss comes just before (§2.6).
    assert!(
        log[end - 1].contains(" in Delhi: DS loses "),
        "{}",
        log[end - 1]
    );
    assert_eq!(state.final_report(), log[end..]);
}

#[test]
fn rule_5_the_terms_read_with_their_plurals() {
    let mut state = State::new(1);
    state.set_tributary(SpaceId::Maharashtra, false).unwrap();
    state.place(SpaceId::Gondwana, Piece::Fort, 1).unwrap();
    state.shift_influence(Player::Bahmani, 1).unwrap();
    state.place(SpaceId::Delhi, Piece::Mongol, 1).unwrap();
    assert_eq!(
        state.victory_point_terms(Player::Bahmani).to_string(),
        "BK 4 VP: 2 for the Prosperity of controlled Provinces, 1 for 1 Fort on the map, 1 for \
         Influence 1 (§5.2)"
    );
    assert_eq!(
        state.victory_point_terms(Player::Sultanate).to_string(),
        "DS 18 VP: 16 for the Prosperity of Tributary Provinces, +2 for 1 Mongol in Delhi (§5.1)"
    );
    assert_eq!(
        state.victory_point_terms(Player::Vijayanagara).to_string(),
        "VN 0 VP: 0 for the Prosperity of controlled Provinces, 0 for 0 Temples on the map, 0 \
         for Influence 0 (§5.3)"
    );
}

#[test]
fn rule_5_0_the_winner_line_names_the_tie_break() {
    let state = deccan_tie(); // BK 6, VN 7 Resources, both 3 VP
    let report = state.final_report();
    assert_eq!(
        report.last().unwrap(),
        "Game over. Winner: VN, tied on 3 VP with the most Resources (BK 6, VN 7) (§5.0)"
    );
    let mut shared = deccan_tie();
    shared.gain_resources(Player::Bahmani, 1);
    assert_eq!(
        shared.final_report().last().unwrap(),
        "Game over. A shared win: BK and VN, tied on 3 VP and on Resources (7) (§5.0, OQ-49)"
    );
    assert_eq!(
        State::new(1).final_report().last().unwrap(),
        "Game over. Winner: DS, with the most VP (21 VP) (§5.0)"
    );
}

#[test]
fn rule_2_2_the_first_card_is_announced_like_every_other() {
    let mut state = State::new(7);
    let card = state.deck().current().unwrap();
    let mut log = Log::recording();
    game()
        .apply(&mut state, action("option Pass"), &mut log)
        .unwrap();
    let lines = log.take();
    assert_eq!(lines[0], format!("— Card 1: {card} —"));
    let n = state.current_event().unwrap();
    let order: Vec<&str> = state
        .options()
        .deck
        .order(n)
        .iter()
        .map(|p| &p.abbreviation()[..1])
        .collect();
    assert_eq!(
        lines[1],
        format!(
            "{} (order {})",
            state.cards().event(n).unwrap().title,
            order.join(" ")
        )
    );
    assert!(
        lines[2].ends_with(" passes: +3 Resources") || lines[2].ends_with(" passes: +1 Resource"),
        "{}",
        lines[2]
    );
    // Only once.
    let mut next = Log::recording();
    let act = state.legal_actions()[0];
    game().apply(&mut state, act, &mut next).unwrap();
    assert!(!next.take().iter().any(|l| l.starts_with("— Card 1")));
}
