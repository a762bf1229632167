//! The Deccan Influence tracks (§1.9, R-2, OQ-14, OQ-15): levels 0–4, slot release on the way
//! up and refill, chosen by the faction, on the way down.

use super::common::game;
use darbar::engine::{Game, Log, Rule, Seat};
use darbar::vijayanagara::{
    Action, DecisionKind, Error, Loyalty, Piece, PieceSource, Player, SpaceId, State,
};

const FROM_BOX: Action = Action::Refill(PieceSource::Available);

#[test]
fn rule_1_9_bahmani_slots_release_at_levels_2_and_4() {
    let mut state = State::new(1);
    let amirs = |s: &State| s.available().amirs;
    let start = amirs(&state);
    let expected_release = [0, 2, 0, 2]; // reaching levels 1, 2, 3, 4
    let mut released = 0;
    for (level, gain) in (1..=4).zip(expected_release) {
        assert_eq!(state.shift_influence(Player::Bahmani, 1), Ok(level));
        released += gain;
        assert_eq!(amirs(&state), start + released, "at level {level}");
        assert_eq!(state.pending_refill(), None);
        assert_eq!(state.check_invariants(), Ok(()));
    }
    assert_eq!(
        state.influence_track(Player::Bahmani).unwrap().slots,
        [0, 0, 0, 0]
    );
}

#[test]
fn rule_1_9_vijayanagara_slots_release_at_every_level() {
    let mut state = State::new(1);
    let start = state.available().rajas;
    for level in 1..=4 {
        assert_eq!(state.shift_influence(Player::Vijayanagara, 1), Ok(level));
        assert_eq!(
            state.available().rajas,
            start + 2 * level,
            "at level {level}"
        );
        assert_eq!(state.check_invariants(), Ok(()));
    }
}

#[test]
fn rule_1_9_oq_14_shift_past_either_end_is_ignored() {
    let mut state = State::new(1);
    assert_eq!(state.shift_influence(Player::Bahmani, -1), Ok(0));
    assert_eq!(state.pending_refill(), None);
    for _ in 0..4 {
        state.shift_influence(Player::Vijayanagara, 1).unwrap();
    }
    let before = state.clone();
    assert_eq!(state.shift_influence(Player::Vijayanagara, 1), Ok(4));
    assert_eq!(state, before, "a shift past 4 has no effect");
}

#[test]
fn rule_1_9_the_sultanate_has_no_track() {
    let mut state = State::new(1);
    let err = state.shift_influence(Player::Sultanate, 1).unwrap_err();
    assert_eq!(err, Error::NoInfluenceTrack(Player::Sultanate));
    assert_eq!(err.rule(), Rule("1.9"));
    assert_eq!(state, State::new(1));
}

/// Raises `player`'s Influence to 4, then drops it one level at a time, refilling each owed
/// slot from the holding box; checks that exactly the slot levels of R-2 ask for a refill.
fn refill_every_level(player: Player, slot_levels: &[u8]) {
    let mut state = State::new(2);
    for _ in 0..4 {
        state.shift_influence(player, 1).unwrap();
    }
    for level in (0..4u8).rev() {
        state.shift_influence(player, -1).unwrap();
        let owed = level + 1;
        if slot_levels.contains(&owed) {
            let decision = state.decision().expect("a refill is owed");
            assert_eq!(decision.player, player);
            assert_eq!(
                decision.kind,
                DecisionKind::RefillInfluenceSlot { level: owed }
            );
            assert_eq!(state.current_player(), Some(player));
            let available = state
                .available()
                .get(darbar::vijayanagara::slot_piece(player).unwrap());
            game()
                .apply(&mut state, FROM_BOX, &mut Log::silent())
                .unwrap();
            assert!(
                state.pending_refill().is_some(),
                "a slot takes 2 pieces (OQ-15)"
            );
            game()
                .apply(&mut state, FROM_BOX, &mut Log::silent())
                .unwrap();
            let kind = darbar::vijayanagara::slot_piece(player).unwrap();
            assert_eq!(state.available().get(kind), available - 2);
            let track = state.influence_track(player).unwrap();
            assert_eq!(track.slots[usize::from(owed - 1)], 2);
        }
        assert_eq!(
            state.pending_refill(),
            None,
            "{player} at level {level}: nothing more owed"
        );
        assert_eq!(state.check_invariants(), Ok(()));
    }
    assert_eq!(
        state.influence_track(player),
        State::new(2).influence_track(player)
    );
}

#[test]
fn rule_1_9_oq_15_bahmani_refills_at_levels_4_and_2() {
    refill_every_level(Player::Bahmani, &[2, 4]);
}

#[test]
fn rule_1_9_oq_15_vijayanagara_refills_at_every_level() {
    refill_every_level(Player::Vijayanagara, &[1, 2, 3, 4]);
}

#[test]
fn rule_1_9_refill_may_take_units_from_the_map_and_control_follows() {
    let mut state = State::new(3);
    // Tamilakam: 1 Troop, 1 Raja. Make it Independent and add a Raja: VN controls (R2).
    state.set_tributary(SpaceId::Tamilakam, false).unwrap();
    state
        .place(SpaceId::Tamilakam, Piece::Raja(Loyalty::Obedient), 1)
        .unwrap();
    assert_eq!(
        state.controller(SpaceId::Tamilakam),
        Some(Player::Vijayanagara)
    );
    state.shift_influence(Player::Vijayanagara, 1).unwrap();
    state.shift_influence(Player::Vijayanagara, -1).unwrap();
    let choices = state.legal_actions();
    let from_tamilakam = Action::Refill(PieceSource::Map(SpaceId::Tamilakam, Loyalty::Rebelling));
    assert!(choices.contains(&FROM_BOX));
    assert!(choices.contains(&from_tamilakam));
    assert!(choices.contains(&Action::Refill(PieceSource::Map(
        SpaceId::Karnataka,
        Loyalty::Obedient
    ))));
    assert!(
        !choices
            .iter()
            .any(|a| matches!(a, Action::Refill(PieceSource::Map(SpaceId::Maharashtra, _))))
    );
    game()
        .apply(&mut state, from_tamilakam, &mut Log::silent())
        .unwrap();
    // 1 Troop against 1 Raja: VN loses control; the Raja left stays Rebelling (OQ-6).
    assert_eq!(state.controller(SpaceId::Tamilakam), None);
    assert_eq!(state.space(SpaceId::Tamilakam).rajas.rebelling, 1);
    game()
        .apply(&mut state, FROM_BOX, &mut Log::silent())
        .unwrap();
    assert_eq!(
        state.influence_track(Player::Vijayanagara).unwrap().slots[0],
        2
    );
    assert_eq!(state.check_invariants(), Ok(()));
}

#[test]
fn rule_1_9_refill_refuses_other_choices_and_players() {
    let mut state = State::new(4);
    state.shift_influence(Player::Bahmani, 2).unwrap();
    state.shift_influence(Player::Bahmani, -1).unwrap();
    let before = state.clone();
    // No Amirs stand in Karnataka, and Rajas do not refill BK's slots.
    let err = game()
        .apply(
            &mut state,
            Action::Refill(PieceSource::Map(SpaceId::Karnataka, Loyalty::Obedient)),
            &mut Log::silent(),
        )
        .unwrap_err();
    assert_eq!(err.rule(), Rule("1.9"));
    assert_eq!(state, before);
    let err = game()
        .apply_as(
            &mut state,
            Player::Vijayanagara as Seat,
            FROM_BOX,
            &mut Log::silent(),
        )
        .unwrap_err();
    assert!(matches!(
        err,
        Error::NotYourDecision {
            expected: Player::Bahmani,
            ..
        }
    ));
    assert_eq!(state, before);
    game()
        .apply_as(
            &mut state,
            Player::Bahmani as Seat,
            FROM_BOX,
            &mut Log::silent(),
        )
        .unwrap();
}

#[test]
fn rule_1_9_refill_is_refused_when_no_slot_is_owed() {
    let mut state = State::new(1);
    let before = state.clone();
    let err = game()
        .apply(&mut state, FROM_BOX, &mut Log::silent())
        .unwrap_err();
    // The game waits for the first faction's option instead (§2.3.3).
    assert_eq!(err.rule(), Rule("2.3.3"));
    assert!(!state.legal_actions().contains(&FROM_BOX));
    assert_eq!(state, before);
}

#[test]
fn every_legal_action_string_parses_back() {
    let mut state = State::new(6);
    state.shift_influence(Player::Vijayanagara, 1).unwrap();
    state.shift_influence(Player::Vijayanagara, -1).unwrap();
    for action in state.legal_actions() {
        assert_eq!(action.to_string().parse::<Action>(), Ok(action));
    }
    assert!("refill from Atlantis (Obedient)".parse::<Action>().is_err());
    assert!("conquer Delhi".parse::<Action>().is_err());
}
