//! Control (§1.7, OQ-12), the Rebelling invariants R1–R3 (§1.4(c), §1.6, OQ-6), and the
//! validated board primitives (§1.3, §1.4, §1.8, §1.10): every refusal names its rule and
//! leaves the state unchanged.

use darbar::engine::Rule;
use darbar::vijayanagara::{Error, Loyalty, Piece, Player, SpaceId, State, Structure};

const OBEDIENT_AMIR: Piece = Piece::Amir(Loyalty::Obedient);
const OBEDIENT_RAJA: Piece = Piece::Raja(Loyalty::Obedient);

/// A new game with `space` made Independent.
fn independent(space: SpaceId) -> State {
    let mut state = State::new(1);
    state.set_tributary(space, false).unwrap();
    state
}

#[test]
fn rule_1_7_tributary_province_is_never_controlled() {
    let mut state = State::new(1);
    // Maharashtra: 4 Amirs and nothing else, but Tributary.
    state.place(SpaceId::Maharashtra, Piece::Fort, 1).unwrap();
    assert_eq!(state.controller(SpaceId::Maharashtra), None);
    state.set_tributary(SpaceId::Maharashtra, false).unwrap();
    assert_eq!(
        state.controller(SpaceId::Maharashtra),
        Some(Player::Bahmani)
    );
}

#[test]
fn rule_1_7_strict_majority_over_all_others_combined() {
    // Madhyadesh starts with 2 Troops and 2 Amirs: a tie, so nobody controls.
    let mut state = independent(SpaceId::Madhyadesh);
    assert_eq!(state.controller(SpaceId::Madhyadesh), None);
    // 3 Amirs against 2 Troops: BK controls.
    state.place(SpaceId::Madhyadesh, OBEDIENT_AMIR, 1).unwrap();
    assert_eq!(state.controller(SpaceId::Madhyadesh), Some(Player::Bahmani));
    // 3 Amirs against 2 Troops + 1 Raja: a tie with all others combined, no control.
    state.place(SpaceId::Madhyadesh, OBEDIENT_RAJA, 1).unwrap();
    assert_eq!(state.controller(SpaceId::Madhyadesh), None);
    // A plurality is not enough: 3 Amirs, 2 Troops, 2 Rajas.
    state.place(SpaceId::Madhyadesh, OBEDIENT_RAJA, 1).unwrap();
    assert_eq!(state.controller(SpaceId::Madhyadesh), None);
}

#[test]
fn rule_1_7_oq_12_structures_count_as_pieces() {
    // Gujarat starts with 1 Troop and 1 Amir. A Fort breaks the tie for BK.
    let mut state = independent(SpaceId::Gujarat);
    assert_eq!(state.controller(SpaceId::Gujarat), None);
    state.place(SpaceId::Gujarat, Piece::Fort, 1).unwrap();
    assert_eq!(state.controller(SpaceId::Gujarat), Some(Player::Bahmani));
    // A Qasbah does the same for DS in Sindh (1 Troop alone already controls; add a Raja).
    let mut state = independent(SpaceId::Sindh);
    state.place(SpaceId::Sindh, OBEDIENT_AMIR, 1).unwrap();
    assert_eq!(state.controller(SpaceId::Sindh), None);
    state.place(SpaceId::Sindh, Piece::Qasbah, 1).unwrap();
    assert_eq!(state.controller(SpaceId::Sindh), Some(Player::Sultanate));
}

#[test]
fn rule_1_7_ds_can_control_independent_provinces() {
    let state = independent(SpaceId::Malwa); // 3 Troops, 1 Governor
    assert_eq!(state.controller(SpaceId::Malwa), Some(Player::Sultanate));
    let state = independent(SpaceId::Orissa); // empty
    assert_eq!(state.controller(SpaceId::Orissa), None);
}

#[test]
fn rule_1_7_delhi_and_mongol_regions_are_never_controlled() {
    let mut state = State::new(1);
    state.place(SpaceId::Delhi, Piece::Qasbah, 1).unwrap();
    state.place(SpaceId::Punjab, Piece::Mongol, 3).unwrap();
    for space in [SpaceId::Delhi, SpaceId::Punjab, SpaceId::MountainPasses] {
        assert_eq!(state.controller(space), None, "{space}");
        assert!(!state.is_tributary(space));
        assert_eq!(
            state.set_tributary(space, false),
            Err(Error::NotAProvince(space))
        );
    }
}

#[test]
fn rule_1_4_c_r1_amirs_rebel_when_bk_gains_control() {
    // Madhyadesh: 2 Troops, 2 Obedient Amirs, Independent: no control yet.
    let mut state = independent(SpaceId::Madhyadesh);
    assert_eq!(state.space(SpaceId::Madhyadesh).amirs.obedient, 2);
    state.place(SpaceId::Madhyadesh, OBEDIENT_AMIR, 1).unwrap();
    // BK now controls, so all 3 Amirs, the placed one included, are Rebelling.
    let amirs = state.space(SpaceId::Madhyadesh).amirs;
    assert_eq!((amirs.obedient, amirs.rebelling), (0, 3));
}

#[test]
fn rule_1_4_c_r2_rajas_rebel_when_vn_gains_control_by_a_move() {
    // Karnataka (3 Rajas) made Independent: VN controls at once, so the Rajas rebel (R2).
    let mut state = independent(SpaceId::Karnataka);
    assert_eq!(
        state.controller(SpaceId::Karnataka),
        Some(Player::Vijayanagara)
    );
    assert_eq!(state.space(SpaceId::Karnataka).rajas.rebelling, 3);
    // Tamilakam (1 Troop, 1 Raja), Independent: tied. A Raja moving in gives VN control.
    state.set_tributary(SpaceId::Tamilakam, false).unwrap();
    assert_eq!(state.controller(SpaceId::Tamilakam), None);
    assert_eq!(state.space(SpaceId::Tamilakam).rajas.obedient, 1);
    state
        .move_units(
            SpaceId::Karnataka,
            SpaceId::Tamilakam,
            Piece::Raja(Loyalty::Rebelling),
            1,
        )
        .unwrap();
    assert_eq!(
        state.controller(SpaceId::Tamilakam),
        Some(Player::Vijayanagara)
    );
    assert_eq!(state.space(SpaceId::Tamilakam).rajas.rebelling, 2);
}

#[test]
fn rule_1_4_c_oq_6_r1_touches_only_the_controllers_units_and_loss_changes_nothing() {
    // Andhra: 1 Troop, Qasbah, 2 Rajas. Make it Independent and give BK control with 5 Amirs.
    let mut state = independent(SpaceId::Andhra);
    state.place(SpaceId::Andhra, OBEDIENT_AMIR, 5).unwrap();
    assert_eq!(state.controller(SpaceId::Andhra), Some(Player::Bahmani));
    let pieces = state.space(SpaceId::Andhra);
    assert_eq!(pieces.amirs.rebelling, 5);
    assert_eq!(pieces.rajas.obedient, 2, "VN's Rajas are not BK's to turn");
    // BK loses control: its Amirs stay Rebelling.
    state.place(SpaceId::Andhra, Piece::Troop, 6).unwrap(); // DS 7 Troops + Qasbah against 7
    assert_eq!(state.controller(SpaceId::Andhra), Some(Player::Sultanate));
    assert_eq!(state.space(SpaceId::Andhra).amirs.rebelling, 5);
}

#[test]
fn rule_1_4_c_r1_unit_made_obedient_in_own_controlled_province_rebels_again() {
    let mut state = independent(SpaceId::Maharashtra);
    state
        .set_loyalty(SpaceId::Maharashtra, Piece::Amir(Loyalty::Rebelling), 2)
        .unwrap();
    assert_eq!(state.space(SpaceId::Maharashtra).amirs.rebelling, 4);
}

#[test]
fn rule_1_6_r3_tributary_marker_makes_rebels_obedient() {
    let mut state = independent(SpaceId::Maharashtra);
    assert_eq!(state.space(SpaceId::Maharashtra).amirs.rebelling, 4);
    state.set_tributary(SpaceId::Maharashtra, true).unwrap();
    let amirs = state.space(SpaceId::Maharashtra).amirs;
    assert_eq!((amirs.obedient, amirs.rebelling), (4, 0));
    assert_eq!(state.controller(SpaceId::Maharashtra), None);
}

#[test]
fn rule_1_4_c_oq_6_rebels_may_stand_in_tributary_provinces() {
    // Conspire or an event can leave a Rebelling unit in a Tributary Province.
    let mut state = State::new(1);
    state
        .set_loyalty(SpaceId::Gujarat, OBEDIENT_AMIR, 1)
        .unwrap();
    assert_eq!(state.space(SpaceId::Gujarat).amirs.rebelling, 1);
    assert_eq!(state.check_invariants(), Ok(()));
}

/// Runs `op` on a clone and checks that it failed with `rule` and changed nothing.
fn refused(state: &State, rule: &'static str, op: impl FnOnce(&mut State) -> Result<(), Error>) {
    let mut copy = state.clone();
    let err = op(&mut copy).expect_err("the operation must be refused");
    assert_eq!(err.rule(), Rule(rule), "{err}");
    assert_eq!(&copy, state, "a refused operation changed the state: {err}");
}

#[test]
fn rule_1_3_entry_table_is_enforced() {
    let state = State::new(1);
    refused(&state, "1.3", |s| s.place(SpaceId::Delhi, OBEDIENT_AMIR, 1));
    refused(&state, "1.3", |s| {
        s.place(SpaceId::Punjab, OBEDIENT_RAJA, 1)
    });
    refused(&state, "1.3", |s| s.place(SpaceId::Delhi, Piece::Temple, 1));
    refused(&state, "1.3", |s| s.place(SpaceId::Malwa, Piece::Mongol, 1));
    refused(&state, "1.3", |s| {
        s.move_units(SpaceId::Maharashtra, SpaceId::Delhi, OBEDIENT_AMIR, 1)
    });
    let mut ok = state.clone();
    ok.place(SpaceId::MountainPasses, Piece::Mongol, 3).unwrap();
    ok.place(SpaceId::Punjab, Piece::Governor, 1).unwrap();
    ok.place(SpaceId::Delhi, Piece::Qasbah, 1).unwrap();
}

#[test]
fn rule_1_4_e_one_structure_per_space_everywhere() {
    let state = State::new(1);
    // Andhra starts with a Qasbah.
    refused(&state, "1.4(e)", |s| {
        s.place(SpaceId::Andhra, Piece::Temple, 1)
    });
    refused(&state, "1.4(e)", |s| {
        s.place(SpaceId::Karnataka, Piece::Temple, 2)
    });
    let mut delhi = state.clone();
    delhi.place(SpaceId::Delhi, Piece::Qasbah, 1).unwrap();
    refused(&delhi, "1.4(e)", |s| {
        s.place(SpaceId::Delhi, Piece::Qasbah, 1)
    });
    assert_eq!(
        delhi.space(SpaceId::Delhi).structure,
        Some(Structure::Qasbah)
    );
}

#[test]
fn rule_1_4_d_placement_needs_available_pieces_and_removal_present_ones() {
    let state = State::new(1);
    refused(&state, "1.4(d)", |s| {
        s.place(SpaceId::Orissa, OBEDIENT_AMIR, 7)
    }); // 6 available
    refused(&state, "1.4(d)", |s| {
        s.remove(SpaceId::Delhi, Piece::Troop, 5)
    }); // 4 there
    refused(&state, "1.4(d)", |s| {
        s.remove(SpaceId::Gujarat, Piece::Amir(Loyalty::Rebelling), 1)
    });
    refused(&state, "1.4(d)", |s| {
        s.move_units(SpaceId::Karnataka, SpaceId::Tamilakam, OBEDIENT_RAJA, 4)
    });
    // A removed piece goes back to its owner's box (OQ-7).
    let mut s = state.clone();
    s.remove(SpaceId::Delhi, Piece::Troop, 4).unwrap();
    assert_eq!(s.available().troops, 14);
    assert_eq!(s.check_invariants(), Ok(()));
}

#[test]
fn rule_1_4_b_structures_never_move() {
    let state = State::new(1);
    refused(&state, "1.4(b)", |s| {
        s.move_units(SpaceId::Andhra, SpaceId::Karnataka, Piece::Qasbah, 1)
    });
}

#[test]
fn rule_1_4_c_only_amirs_and_rajas_change_state() {
    let state = State::new(1);
    refused(&state, "1.4(c)", |s| {
        s.set_loyalty(SpaceId::Delhi, Piece::Troop, 1)
    });
}

#[test]
fn rule_1_8_resources_stay_in_0_to_24_and_costs_must_be_affordable() {
    let mut state = State::new(1);
    assert_eq!(state.gain_resources(Player::Sultanate, 20), 12);
    assert_eq!(state.resources(Player::Sultanate), 24);
    assert_eq!(state.lose_resources(Player::Bahmani, 10), 6);
    assert_eq!(state.resources(Player::Bahmani), 0);
    refused(&state, "1.8", |s| s.pay(Player::Bahmani, 1));
    state.pay(Player::Vijayanagara, 7).unwrap();
    assert_eq!(state.resources(Player::Vijayanagara), 0);
}

#[test]
fn rule_1_10_cavalry_pool_and_holdings_total_ten() {
    let mut state = State::new(1);
    assert_eq!(state.gain_cavalry_from_pool(Player::Bahmani, 3), 3);
    assert_eq!(state.cavalry_pool(), 5);
    // The pool runs short: only 5 can be taken; OQ-19 leaves the rest to other holders.
    assert_eq!(state.gain_cavalry_from_pool(Player::Vijayanagara, 7), 5);
    assert_eq!(state.cavalry_pool(), 0);
    state
        .take_cavalry(Player::Sultanate, Player::Vijayanagara, 2)
        .unwrap();
    assert_eq!(state.cavalry(Player::Vijayanagara), 7);
    refused(&state, "1.10", |s| {
        s.take_cavalry(Player::Sultanate, Player::Bahmani, 1)
    });
    state.return_cavalry(Player::Vijayanagara, 7).unwrap();
    assert_eq!(state.cavalry_pool(), 7);
    refused(&state, "1.10", |s| {
        s.return_cavalry(Player::Vijayanagara, 1)
    });
    assert_eq!(state.check_invariants(), Ok(()));
}
