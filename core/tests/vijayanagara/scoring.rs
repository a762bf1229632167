//! Victory (§5.0–§5.3 with R-0: 1 VP per Influence level; OQ-49 for ties).

use super::common::play_until;
use darbar::vijayanagara::{Loyalty, Piece, Player, SpaceId, State, mongols_in_delhi_adjustment};

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

#[test]
fn rule_5_1_every_reading_of_a_score_after_the_end_is_the_final_score() {
    // §5.1: the Mongols in Delhi adjust the Sultanate's score "at the end of the game"; once
    // the game is over, the score read from the state, the board and the outcome must agree.
    let (state, mongols) = (1..)
        .map(|seed| {
            let mut state = State::new(seed);
            play_until(&mut state, State::is_over);
            let mongols = state.space(SpaceId::Delhi).mongols;
            (state, mongols)
        })
        .find(|&(_, mongols)| mongols_in_delhi_adjustment(mongols) != 0)
        .unwrap();
    let adjustment = mongols_in_delhi_adjustment(mongols);
    let outcome = state.outcome();
    for player in Player::ALL {
        assert_eq!(
            state.victory_points(player),
            outcome.victory_points[player],
            "{player}"
        );
    }
    let running = state.running_victory_points(Player::Sultanate);
    assert_eq!(
        state.victory_points(Player::Sultanate),
        running + adjustment
    );
    let line = format!(
        "Final score (§5.1): DS {running} VP running, {adjustment:+} for {mongols} Mongols in \
         Delhi: {} VP",
        running + adjustment
    );
    let board = state.to_string();
    assert!(board.contains(&line), "{board}");
}
