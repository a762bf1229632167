//! Rule tests for the Commands (§3.1–§3.5), written from the rules specification
//! (`vijayanagara.md`) and its rulings, not from the engine's code.
//!
//! Each test sets up a position with the validated board primitives (which never touch the
//! turn), then drives the Command one action at a time through the public decision API and
//! checks the actions offered and the resulting pieces, Resources and Influence.

use super::common;

use common::*;
use darbar::vijayanagara::{
    Action, Card, DecisionKind, Piece, Player, SpaceId, State, Structure, SuccessionCard,
};

// ----- helpers ------------------------------------------------------------------------------

/// Counts offered now, as numbers.
fn counts(state: &State) -> Vec<u8> {
    state
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Count(n) => Some(n),
            _ => None,
        })
        .collect()
}

/// A game on the first Event card after Zenith of the Delhi Sultanate (Tughlaq dynasty), with
/// `first` to decide and everyone eligible.
fn tughlaq(first: Player) -> State {
    let seed = (0..5000)
        .find(|&seed| {
            let state = State::new(seed);
            matches!(state.deck().cards()[9], Card::Event(n)
                if state.cards().event(n).unwrap().order[0] == first)
        })
        .expect("a seed fits");
    let mut state = State::new(seed);
    assert_eq!(
        state.deck().cards()[8],
        Card::Succession(SuccessionCard::ZenithOfTheSultanate)
    );
    play_to_card(&mut state, 9);
    assert_eq!(player_to_decide(&state), first);
    state
}

/// Starts a full Command (Event or Command option) for the faction whose option is pending.
fn full_command(state: &mut State, command: &str) {
    acts(
        state,
        &["option Event or Command", &format!("command {command}")],
    );
}

// ----- §3.1 General ---------------------------------------------------------------------------

#[test]
fn rule_3_1_each_selected_space_costs_one_resource_paid_on_selection() {
    // §3.1: "1 Resource per selected space ... Pay when the space is selected" (OQ-13).
    let mut state = opening(DS);
    full_command(&mut state, "Conscript");
    act(&mut state, "select Delhi");
    assert_eq!(state.resources(DS), 11);
    acts(&mut state, &["count 1", "select Sindh"]);
    assert_eq!(state.resources(DS), 10);
    acts(&mut state, &["count 1", "select Andhra"]);
    assert_eq!(state.resources(DS), 9);
    acts(&mut state, &["count 2", "done"]);
    assert_eq!(state.space(SpaceId::Delhi).troops, 5);
    assert_eq!(state.space(SpaceId::Sindh).troops, 2);
    assert_eq!(state.space(SpaceId::Andhra).troops, 3);
    assert_eq!(state.resources(DS), 9);
}

#[test]
fn rule_3_1_oq_13_a_space_that_cannot_be_paid_for_cannot_be_selected() {
    let mut state = opening(DS);
    set_resources(&mut state, DS, 1);
    full_command(&mut state, "Conscript");
    acts(&mut state, &["select Delhi", "count 1"]);
    assert_eq!(state.resources(DS), 0);
    assert_eq!(legal(&state), ["done"]);
    refused(&mut state, "select Sindh", "3.2.1");
}

#[test]
fn rule_3_1_1_a_space_is_selected_at_most_once_per_command() {
    let mut state = opening(DS);
    full_command(&mut state, "Conscript");
    acts(&mut state, &["select Delhi", "count 1"]);
    assert!(!offers(&state, "select Delhi"));
    assert!(offers(&state, "select Sindh"));
    refused(&mut state, "select Delhi", "3.2.1");
}

#[test]
fn rule_3_1_2_a_marched_piece_moves_only_once_per_command() {
    // §3.1.2: "a piece that moved into one destination cannot move on to another in the same
    // Command."
    let mut state = opening(DS);
    clear_board(&mut state);
    state.place(SpaceId::Delhi, Piece::Troop, 2).unwrap();
    state
        .place(SpaceId::RajputKingdoms, Piece::Troop, 1)
        .unwrap();
    full_command(&mut state, "March");
    acts(
        &mut state,
        &["select Rajput Kingdoms", "move Troop from Delhi", "done"],
    );
    assert_eq!(state.space(SpaceId::RajputKingdoms).troops, 2);
    act(&mut state, "select Gujarat");
    // Only the Troop that was already in Rajput Kingdoms may go on.
    assert!(offers(&state, "move Troop from Rajput Kingdoms"));
    act(&mut state, "move Troop from Rajput Kingdoms");
    assert!(!offers(&state, "move Troop from Rajput Kingdoms"));
    refused(&mut state, "move Troop from Rajput Kingdoms", "3.2.2");
    act(&mut state, "done");
    assert_eq!(state.space(SpaceId::Gujarat).troops, 1);
    assert_eq!(state.space(SpaceId::RajputKingdoms).troops, 1);
    assert_eq!(state.space(SpaceId::Delhi).troops, 1);
    assert_eq!(state.resources(DS), 10, "1 per destination");
}

#[test]
fn rule_3_1_2_a_unit_that_supported_an_attack_does_not_attack_again() {
    // §3.1.2: a piece may "take part in one attack (own space or as support)".
    let mut state = opening(DS);
    clear_board(&mut state);
    pool_all_cavalry(&mut state);
    // Andhra: Independent, a Qasbah, 1 Troop and 1 Rebelling Raja (DS controls, 2 to 1).
    state.set_tributary(SpaceId::Andhra, false).unwrap();
    state.place(SpaceId::Andhra, Piece::Qasbah, 1).unwrap();
    state.place(SpaceId::Andhra, Piece::Troop, 1).unwrap();
    state.place(SpaceId::Andhra, OBEDIENT_RAJA, 1).unwrap();
    state
        .set_loyalty(SpaceId::Andhra, OBEDIENT_RAJA, 1)
        .unwrap();
    // Karnataka (adjacent): a Temple.
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    full_command(&mut state, "Attack");
    assert!(offers(&state, "select Andhra"));
    assert!(offers(&state, "select Karnataka"));
    acts(
        &mut state,
        &[
            "select Karnataka",
            "defender VN",
            "support with Troop from Andhra",
        ],
    );
    state.force_dice(&[6; 6]);
    act(&mut state, "done");
    // Andhra's only Troop has attacked: Andhra has no participant left.
    assert_eq!(legal(&state), ["done"]);
    refused(&mut state, "select Andhra", "3.2.4");
}

// ----- §3.2.1 Conscript -----------------------------------------------------------------------

#[test]
fn rule_3_2_1_conscript_caps_delhi_5_qasbah_2_tributary_1() {
    let mut state = opening(DS);
    full_command(&mut state, "Conscript");
    act(&mut state, "select Delhi");
    assert_eq!(counts(&state), [1, 2, 3, 4, 5]);
    refused(&mut state, "count 6", "3.2.1");
    act(&mut state, "count 5");
    // Andhra holds a Qasbah at setup.
    act(&mut state, "select Andhra");
    assert_eq!(counts(&state), [1, 2]);
    refused(&mut state, "count 3", "3.2.1");
    act(&mut state, "count 2");
    act(&mut state, "select Sindh");
    assert_eq!(counts(&state), [1]);
    refused(&mut state, "count 2", "3.2.1");
    act(&mut state, "count 1");
    assert_eq!(state.space(SpaceId::Delhi).troops, 9);
    assert_eq!(state.space(SpaceId::Andhra).troops, 3);
    assert_eq!(state.space(SpaceId::Sindh).troops, 2);
    assert_eq!(state.available().troops, 2);
}

#[test]
fn rule_3_2_1_oq_31_delhi_with_a_qasbah_still_takes_five() {
    // OQ-31: Delhi always 5; the caps are not added together.
    let mut state = opening(DS);
    state.place(SpaceId::Delhi, Piece::Qasbah, 1).unwrap();
    state.place(SpaceId::Sindh, Piece::Qasbah, 1).unwrap();
    full_command(&mut state, "Conscript");
    act(&mut state, "select Delhi");
    assert_eq!(counts(&state), [1, 2, 3, 4, 5]);
    act(&mut state, "count 1");
    // A Tributary Province with a Qasbah: 2, not 1 + 2.
    act(&mut state, "select Sindh");
    assert_eq!(counts(&state), [1, 2]);
}

#[test]
fn rule_3_2_1_conscript_where_tributary_qasbah_or_delhi() {
    // §3.2.1 Where: Tributary Provinces; any space with a Qasbah (Independent Provinces,
    // Delhi and MIRs included); Delhi.
    let mut state = opening(DS);
    state.set_tributary(SpaceId::Jaunpur, false).unwrap();
    state.set_tributary(SpaceId::Gujarat, false).unwrap();
    state.place(SpaceId::Gujarat, Piece::Qasbah, 1).unwrap();
    state.place(SpaceId::Punjab, Piece::Qasbah, 1).unwrap();
    full_command(&mut state, "Conscript");
    assert!(offers(&state, "select Delhi"));
    assert!(offers(&state, "select Sindh"));
    assert!(offers(&state, "select Orissa"), "Tributary, even if empty");
    assert!(
        offers(&state, "select Gujarat"),
        "Independent with a Qasbah"
    );
    assert!(offers(&state, "select Punjab"), "MIR with a Qasbah");
    assert!(!offers(&state, "select Jaunpur"), "Independent, no Qasbah");
    assert!(!offers(&state, "select Mountain Passes"), "MIR, no Qasbah");
    act(&mut state, "select Punjab");
    assert_eq!(counts(&state), [1, 2]);
}

#[test]
fn rule_3_2_1_oq_7_conscript_places_at_most_the_available_troops() {
    // §1.4(d), OQ-7: place as many as are available, never from the map.
    let mut state = opening(DS);
    state.place(SpaceId::Punjab, Piece::Troop, 7).unwrap();
    assert_eq!(state.available().troops, 3);
    full_command(&mut state, "Conscript");
    act(&mut state, "select Delhi");
    assert_eq!(counts(&state), [1, 2, 3]);
    act(&mut state, "count 3");
    assert_eq!(state.available().troops, 0);
    assert_eq!(state.space(SpaceId::Delhi).troops, 7);
}

// ----- §3.2.2 March ---------------------------------------------------------------------------

#[test]
fn rule_3_2_2_march_moves_troops_and_governors_from_adjacent_spaces_only() {
    let mut state = opening(DS);
    state.place(SpaceId::Jaunpur, Piece::Governor, 1).unwrap();
    full_command(&mut state, "March");
    // DS may enter every space type.
    assert!(offers(&state, "select Punjab"));
    act(&mut state, "select Malwa");
    for text in [
        "move Troop from Delhi",
        "move Troop from Rajput Kingdoms",
        "move Troop from Gujarat",
        "move Troop from Jaunpur",
        "move Governor from Jaunpur",
        "move Troop from Madhyadesh",
    ] {
        assert!(offers(&state, text), "{text}");
    }
    // Sindh and Punjab are not adjacent to Malwa.
    assert!(!offers(&state, "move Troop from Sindh"));
    assert!(!offers(&state, "move Troop from Punjab"));
    refused(&mut state, "move Troop from Sindh", "3.2.2");
    acts(
        &mut state,
        &[
            "move Troop from Delhi",
            "move Troop from Delhi",
            "move Governor from Jaunpur",
            "move Troop from Gujarat",
            "done",
        ],
    );
    let malwa = *state.space(SpaceId::Malwa);
    assert_eq!((malwa.troops, malwa.governors), (6, 2));
    assert_eq!(state.space(SpaceId::Delhi).troops, 2);
    assert_eq!(state.resources(DS), 11);
}

// ----- §3.2.3 Govern --------------------------------------------------------------------------

#[test]
fn rule_3_2_3_govern_where_tributary_ds_controlled_mirs_and_delhi() {
    let mut state = opening(DS);
    state.set_tributary(SpaceId::Malwa, false).unwrap(); // 3 Troops, 1 Governor: DS controls
    state.set_tributary(SpaceId::Maharashtra, false).unwrap(); // 4 Amirs: BK controls
    state.set_tributary(SpaceId::Orissa, false).unwrap(); // empty: uncontrolled
    assert_eq!(state.controller(SpaceId::Malwa), Some(DS));
    full_command(&mut state, "Govern");
    for yes in [
        "select Malwa",
        "select Sindh",
        "select Mountain Passes",
        "select Punjab",
        "select Delhi",
    ] {
        assert!(offers(&state, yes), "{yes}");
    }
    assert!(!offers(&state, "select Maharashtra"));
    assert!(!offers(&state, "select Orissa"));
    refused(&mut state, "select Orissa", "3.2.3");
}

#[test]
fn rule_3_2_3_govern_a_places_one_governor() {
    let mut state = opening(DS);
    full_command(&mut state, "Govern");
    act(&mut state, "select Sindh");
    // No Governor in Sindh yet: only option (a).
    assert_eq!(legal(&state), ["place Governor"]);
    act(&mut state, "place Governor");
    assert_eq!(state.space(SpaceId::Sindh).governors, 1);
    assert_eq!(state.available().governors, 3);
    // The space is done; the Command goes on to the next space.
    assert!(offers(&state, "done"));
    assert!(!offers(&state, "place Governor"));
}

#[test]
fn rule_3_2_3_govern_b_removes_up_to_two_obedient_units_and_builds_a_qasbah() {
    // §3.2.3 (b): with a Governor there, remove up to 2 Obedient units (Amirs and/or Rajas of
    // any owner) and/or place 1 Qasbah. Removed units go back to their owners' boxes.
    let mut state = opening(DS);
    // Madhyadesh: 2 Troops, 2 Obedient Amirs at setup; add a Governor, an Obedient Raja and a
    // Rebelling Amir.
    state
        .place(SpaceId::Madhyadesh, Piece::Governor, 1)
        .unwrap();
    state.place(SpaceId::Madhyadesh, OBEDIENT_RAJA, 1).unwrap();
    state.place(SpaceId::Madhyadesh, OBEDIENT_AMIR, 1).unwrap();
    state
        .set_loyalty(SpaceId::Madhyadesh, OBEDIENT_AMIR, 1)
        .unwrap();
    let (amirs, rajas) = (state.available().amirs, state.available().rajas);
    full_command(&mut state, "Govern");
    act(&mut state, "select Madhyadesh");
    assert!(offers(&state, "remove Obedient Amir in Madhyadesh"));
    assert!(offers(&state, "remove Obedient Raja in Madhyadesh"));
    assert!(offers(&state, "place Qasbah"));
    assert!(!offers(&state, "remove Rebelling Amir in Madhyadesh"));
    refused(&mut state, "remove Rebelling Amir in Madhyadesh", "3.2.3");
    acts(
        &mut state,
        &[
            "remove Obedient Amir in Madhyadesh",
            "remove Obedient Raja in Madhyadesh",
        ],
    );
    // Two removed: no third.
    assert!(!offers(&state, "remove Obedient Amir in Madhyadesh"));
    act(&mut state, "place Qasbah");
    assert_eq!(legal(&state), ["done"]);
    act(&mut state, "done");
    let m = *state.space(SpaceId::Madhyadesh);
    assert_eq!(
        (m.amirs.obedient, m.amirs.rebelling, m.rajas.total()),
        (1, 1, 0)
    );
    assert_eq!(m.structure, Some(Structure::Qasbah));
    assert_eq!(state.available().amirs, amirs + 1);
    assert_eq!(state.available().rajas, rajas + 1);
    assert_eq!(state.resources(DS), 11);
}

#[test]
fn rule_3_2_3_govern_b_may_build_only_and_respects_stacking() {
    // The play note: DS may do just one part of (b). §1.4(e): no Qasbah where a structure
    // stands.
    let mut state = opening(DS);
    state.place(SpaceId::Gujarat, Piece::Governor, 1).unwrap();
    state
        .place(SpaceId::Maharashtra, Piece::Governor, 1)
        .unwrap();
    state.place(SpaceId::Maharashtra, Piece::Fort, 1).unwrap();
    full_command(&mut state, "Govern");
    act(&mut state, "select Maharashtra");
    assert!(!offers(&state, "place Qasbah"));
    assert!(offers(&state, "remove Obedient Amir in Maharashtra"));
    acts(&mut state, &["remove Obedient Amir in Maharashtra", "done"]);
    assert_eq!(state.space(SpaceId::Maharashtra).amirs.total(), 3);
    act(&mut state, "select Gujarat");
    acts(&mut state, &["place Qasbah", "done"]);
    assert_eq!(
        state.space(SpaceId::Gujarat).structure,
        Some(Structure::Qasbah)
    );
    assert_eq!(state.space(SpaceId::Gujarat).amirs.total(), 1);
}

#[test]
fn rule_3_2_3_oq_32_option_a_where_a_governor_already_stands() {
    let mut state = opening(DS);
    full_command(&mut state, "Govern");
    act(&mut state, "select Malwa");
    assert!(offers(&state, "place Governor"));
    act(&mut state, "place Governor");
    assert_eq!(state.space(SpaceId::Malwa).governors, 2);
}

// ----- §3.2.4 Attack (DS) ---------------------------------------------------------------------

#[test]
fn rule_3_2_4_ds_attack_targets_rebelling_units_opposing_structures_and_mongols() {
    // §3.2.4 Where: a Rebelling unit or an opposing structure; OQ-33: also Mongols. The
    // defender owns a Rebelling unit or a structure there.
    let mut state = opening(DS);
    clear_board(&mut state);
    pool_all_cavalry(&mut state);
    for space in [
        SpaceId::Gujarat,
        SpaceId::Maharashtra,
        SpaceId::Karnataka,
        SpaceId::Andhra,
        SpaceId::Punjab,
    ] {
        state.place(space, Piece::Troop, 1).unwrap();
    }
    state.place(SpaceId::Gujarat, OBEDIENT_AMIR, 2).unwrap();
    state.place(SpaceId::Gujarat, OBEDIENT_RAJA, 1).unwrap();
    state.place(SpaceId::Maharashtra, OBEDIENT_AMIR, 2).unwrap();
    state
        .set_loyalty(SpaceId::Maharashtra, OBEDIENT_AMIR, 1)
        .unwrap();
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Karnataka, OBEDIENT_AMIR, 1).unwrap();
    state.place(SpaceId::Andhra, OBEDIENT_AMIR, 1).unwrap();
    state
        .set_loyalty(SpaceId::Andhra, OBEDIENT_AMIR, 1)
        .unwrap();
    state.place(SpaceId::Andhra, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Punjab, Piece::Mongol, 1).unwrap();
    full_command(&mut state, "Attack");
    assert!(!offers(&state, "select Gujarat"), "Obedient units only");
    for space in ["Maharashtra", "Karnataka", "Andhra", "Punjab"] {
        assert!(offers(&state, &format!("select {space}")), "{space}");
    }
    act(&mut state, "select Maharashtra");
    assert_eq!(legal(&state), ["defender BK"]);
    act(&mut state, "defender BK");
    state.force_dice(&[6; 6]);
    act(&mut state, "done");
    act(&mut state, "select Karnataka");
    // Only VN owns a Rebelling unit or a structure in Karnataka: BK's Amir is Obedient.
    assert_eq!(legal(&state), ["defender VN"]);
    acts(&mut state, &["defender VN"]);
    state.force_dice(&[6; 6]);
    act(&mut state, "done");
    act(&mut state, "select Andhra");
    assert_eq!(legal(&state), ["defender BK", "defender VN"]);
    acts(&mut state, &["defender VN"]);
    state.force_dice(&[6; 6]);
    act(&mut state, "done");
    act(&mut state, "select Punjab");
    assert_eq!(legal(&state), ["defender MI"]);
}

#[test]
fn rule_3_2_4_oq_34_ds_support_is_two_per_attacked_space_from_qasbah_spaces() {
    // §3.2.4 step 2: up to 2 DS units from adjacent spaces with a Qasbah (OQ-34: in total per
    // attacked space); DS may attack with supporters only.
    let mut state = opening(DS);
    clear_board(&mut state);
    state.place(SpaceId::Gujarat, Piece::Fort, 1).unwrap();
    state.place(SpaceId::Sindh, Piece::Qasbah, 1).unwrap();
    state.place(SpaceId::Sindh, Piece::Troop, 2).unwrap();
    state.place(SpaceId::Malwa, Piece::Qasbah, 1).unwrap();
    state.place(SpaceId::Malwa, Piece::Troop, 2).unwrap();
    state.place(SpaceId::Malwa, Piece::Governor, 1).unwrap();
    state
        .place(SpaceId::RajputKingdoms, Piece::Troop, 3)
        .unwrap();
    full_command(&mut state, "Attack");
    act(&mut state, "select Gujarat");
    act(&mut state, "defender BK");
    assert!(offers(&state, "support with Troop from Sindh"));
    assert!(offers(&state, "support with Troop from Malwa"));
    assert!(offers(&state, "support with Governor from Malwa"));
    assert!(
        !offers(&state, "support with Troop from Rajput Kingdoms"),
        "no Qasbah"
    );
    assert!(!offers(&state, "done"), "no participant yet");
    acts(
        &mut state,
        &[
            "support with Troop from Sindh",
            "support with Governor from Malwa",
        ],
    );
    assert_eq!(legal(&state), ["done"]);
    refused(&mut state, "support with Troop from Malwa", "3.2.4");
    // Supporters do not move (OQ-34).
    assert_eq!(state.space(SpaceId::Gujarat).troops, 0);
    assert_eq!(state.space(SpaceId::Sindh).troops, 2);
}

// ----- §3.3.1 / §3.4.1 Rally ------------------------------------------------------------------

#[test]
fn rule_3_3_1_bk_rally_places_1_plus_maharashtra_plus_control_at_most_3() {
    let mut state = opening(BK);
    // Maharashtra BK-controlled (4 Amirs alone); Gujarat BK-controlled (1 Amir alone).
    state.set_tributary(SpaceId::Maharashtra, false).unwrap();
    state.set_tributary(SpaceId::Gujarat, false).unwrap();
    state.remove(SpaceId::Gujarat, Piece::Troop, 1).unwrap();
    assert_eq!(state.controller(SpaceId::Gujarat), Some(BK));
    // A Fort alone is a BK piece.
    state.place(SpaceId::Jaunpur, Piece::Fort, 1).unwrap();
    full_command(&mut state, "Rally");
    assert!(!offers(&state, "select Orissa"), "no BK piece");
    assert!(offers(&state, "select Jaunpur"), "a Fort is a BK piece");
    act(&mut state, "select Gondwana");
    assert_eq!(counts(&state), [1], "Tributary, not Maharashtra");
    act(&mut state, "count 1");
    act(&mut state, "select Gujarat");
    assert_eq!(counts(&state), [1, 2], "1 + controlled");
    act(&mut state, "count 2");
    act(&mut state, "select Maharashtra");
    assert_eq!(counts(&state), [1, 2, 3], "1 + Maharashtra + controlled");
    refused(&mut state, "count 4", "3.3.1");
    act(&mut state, "count 3");
    // Placed Amirs are Rebelling in a BK-controlled Province.
    let m = state.space(SpaceId::Maharashtra).amirs;
    assert_eq!((m.obedient, m.rebelling), (0, 7));
    assert_eq!(state.space(SpaceId::Gujarat).amirs.rebelling, 3);
    let g = state.space(SpaceId::Gondwana).amirs;
    assert_eq!((g.obedient, g.rebelling), (2, 0));
    assert_eq!(state.resources(BK), 3);
}

#[test]
fn rule_3_3_1_maharashtra_may_rally_without_bk_pieces() {
    let mut state = opening(BK);
    clear_space(&mut state, SpaceId::Maharashtra);
    full_command(&mut state, "Rally");
    act(&mut state, "select Maharashtra");
    assert_eq!(counts(&state), [1, 2], "1 + Maharashtra, Tributary");
    act(&mut state, "count 2");
    assert_eq!(state.space(SpaceId::Maharashtra).amirs.obedient, 2);
}

#[test]
fn rule_3_3_1_rally_is_limited_by_available_amirs() {
    // §1.4(d), OQ-7: place as many as available.
    let mut state = opening(BK);
    state.place(SpaceId::Orissa, OBEDIENT_AMIR, 5).unwrap();
    assert_eq!(state.available().amirs, 1);
    full_command(&mut state, "Rally");
    act(&mut state, "select Maharashtra");
    assert_eq!(counts(&state), [1]);
}

#[test]
fn rule_3_4_1_vn_rally_places_1_plus_karnataka_temple_and_control_at_most_4() {
    let mut state = opening(VN);
    // Karnataka: Temple, Independent, VN-controlled: 1 + 1 + 1 + 1 = 4.
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    state.set_tributary(SpaceId::Karnataka, false).unwrap();
    // Tamilakam: Temple, Tributary: 1 + 1 = 2.
    state.place(SpaceId::Tamilakam, Piece::Temple, 1).unwrap();
    full_command(&mut state, "Rally");
    assert!(!offers(&state, "select Orissa"), "no VN piece");
    act(&mut state, "select Andhra");
    assert_eq!(counts(&state), [1]);
    act(&mut state, "count 1");
    act(&mut state, "select Tamilakam");
    assert_eq!(counts(&state), [1, 2]);
    act(&mut state, "count 2");
    act(&mut state, "select Karnataka");
    assert_eq!(counts(&state), [1, 2, 3, 4]);
    refused(&mut state, "count 5", "3.4.1");
    act(&mut state, "count 4");
    let k = state.space(SpaceId::Karnataka).rajas;
    assert_eq!(
        (k.obedient, k.rebelling),
        (0, 7),
        "Rebelling when VN controls"
    );
    assert_eq!(state.space(SpaceId::Tamilakam).rajas.obedient, 3);
    assert_eq!(state.resources(VN), 4);
}

#[test]
fn rule_3_4_1_karnataka_may_rally_without_vn_pieces() {
    let mut state = opening(VN);
    clear_space(&mut state, SpaceId::Karnataka);
    full_command(&mut state, "Rally");
    act(&mut state, "select Karnataka");
    assert_eq!(counts(&state), [1, 2]);
}

// ----- §3.3.2 / §3.4.2 Migrate ----------------------------------------------------------------

#[test]
fn rule_3_3_2_migrate_moves_at_most_three_amirs_from_adjacent_provinces() {
    let mut state = opening(BK);
    full_command(&mut state, "Migrate");
    act(&mut state, "select Gujarat");
    assert!(offers(&state, "move Obedient Amir from Maharashtra"));
    assert!(offers(&state, "move Obedient Amir from Madhyadesh"));
    // Gondwana is not adjacent to Gujarat.
    assert!(!offers(&state, "move Obedient Amir from Gondwana"));
    acts(
        &mut state,
        &[
            "move Obedient Amir from Maharashtra",
            "move Obedient Amir from Maharashtra",
            "move Obedient Amir from Madhyadesh",
        ],
    );
    assert_eq!(legal(&state), ["done"]);
    refused(&mut state, "move Obedient Amir from Maharashtra", "3.3.2");
    act(&mut state, "done");
    assert_eq!(state.space(SpaceId::Gujarat).amirs.obedient, 4);
    assert_eq!(state.resources(BK), 5);
}

#[test]
fn rule_3_3_2_migrate_state_table() {
    // §3.3.2: BK-controlled destination → Rebelling; Tributary → Obedient; otherwise
    // unchanged.
    let mut state = opening(BK);
    clear_board(&mut state);
    state.set_tributary(SpaceId::Maharashtra, false).unwrap();
    state.place(SpaceId::Maharashtra, OBEDIENT_AMIR, 3).unwrap();
    assert_eq!(state.space(SpaceId::Maharashtra).amirs.rebelling, 3);
    state.place(SpaceId::Madhyadesh, OBEDIENT_AMIR, 3).unwrap();
    state.set_tributary(SpaceId::Andhra, false).unwrap();
    state.place(SpaceId::Andhra, Piece::Troop, 1).unwrap();
    state.set_tributary(SpaceId::Orissa, false).unwrap();
    state.place(SpaceId::Orissa, Piece::Troop, 1).unwrap();
    full_command(&mut state, "Migrate");
    // Tributary Gujarat: a Rebelling Amir arrives Obedient.
    acts(
        &mut state,
        &[
            "select Gujarat",
            "move Rebelling Amir from Maharashtra",
            "done",
        ],
    );
    let g = state.space(SpaceId::Gujarat).amirs;
    assert_eq!((g.obedient, g.rebelling), (1, 0));
    // Independent, uncontrolled Andhra (1 Amir vs 1 Troop): unchanged.
    acts(
        &mut state,
        &[
            "select Andhra",
            "move Rebelling Amir from Maharashtra",
            "done",
        ],
    );
    assert_eq!(state.controller(SpaceId::Andhra), None);
    let a = state.space(SpaceId::Andhra).amirs;
    assert_eq!((a.obedient, a.rebelling), (0, 1));
    // Orissa becomes BK-controlled (2 Amirs vs 1 Troop): Rebelling.
    acts(
        &mut state,
        &[
            "select Orissa",
            "move Obedient Amir from Madhyadesh",
            "move Obedient Amir from Madhyadesh",
            "done",
        ],
    );
    assert_eq!(state.controller(SpaceId::Orissa), Some(BK));
    let o = state.space(SpaceId::Orissa).amirs;
    assert_eq!((o.obedient, o.rebelling), (0, 2));
    assert_eq!(state.resources(BK), 3);
}

#[test]
fn rule_3_3_2_oq_41_influence_shift_costs_one_more_resource_at_a_vn_destination() {
    // §3.3.2: at a destination with a VN piece, BK may pay 1 more Resource for BK +1, VN −1.
    let mut state = opening(BK);
    state.shift_influence(VN, 1).unwrap();
    full_command(&mut state, "Migrate");
    // Gujarat has no VN piece: no shift offered.
    acts(
        &mut state,
        &[
            "select Gujarat",
            "move Obedient Amir from Maharashtra",
            "done",
        ],
    );
    assert!(!offers(&state, "yes"));
    assert_eq!(state.resources(BK), 5);
    // Andhra (2 Rajas): the shift is offered once, after the moves.
    acts(
        &mut state,
        &[
            "select Andhra",
            "move Obedient Amir from Maharashtra",
            "done",
        ],
    );
    assert_eq!(legal(&state), ["yes", "no"]);
    act(&mut state, "yes");
    assert_eq!(state.resources(BK), 3);
    assert_eq!(state.influence(BK), Some(1));
    assert_eq!(state.influence(VN), Some(0));
}

#[test]
fn rule_3_3_2_influence_shift_may_be_declined() {
    let mut state = opening(BK);
    full_command(&mut state, "Migrate");
    acts(
        &mut state,
        &[
            "select Andhra",
            "move Obedient Amir from Maharashtra",
            "done",
            "no",
        ],
    );
    assert_eq!(state.resources(BK), 5);
    assert_eq!(state.influence(BK), Some(0));
}

#[test]
fn rule_3_4_2_vn_migrate_moves_rajas_and_shifts_influence_against_bk() {
    let mut state = opening(VN);
    state.shift_influence(BK, 1).unwrap();
    full_command(&mut state, "Migrate");
    // Madhyadesh (2 Troops, 2 Amirs, Tributary) from Andhra (2 Rajas).
    act(&mut state, "select Madhyadesh");
    assert!(
        !offers(&state, "move Obedient Raja from Karnataka"),
        "not adjacent"
    );
    acts(
        &mut state,
        &[
            "move Obedient Raja from Andhra",
            "move Obedient Raja from Andhra",
            "done",
        ],
    );
    assert_eq!(state.space(SpaceId::Madhyadesh).rajas.obedient, 2);
    assert_eq!(legal(&state), ["yes", "no"]);
    act(&mut state, "yes");
    assert_eq!(state.influence(VN), Some(1));
    assert_eq!(state.influence(BK), Some(0));
    assert_eq!(state.resources(VN), 5);
}

#[test]
fn rule_3_1_3_a_free_migrate_still_pays_one_resource_for_the_influence_shift() {
    // §3.1.3, §3.3.2, OQ-41: "The payment is due even when the Migrate is free." The Rise of
    // the Rebel Sultans grants BK a free Limited Command (§2.5.2).
    let mut state = State::new(11);
    play_to_card(&mut state, 17);
    assert_eq!(
        state.deck().current(),
        Some(Card::Succession(SuccessionCard::RiseOfTheRebelSultans))
    );
    for space in SpaceId::ALL.into_iter().filter(|s| s.is_province()) {
        state.set_tributary(space, true).unwrap();
    }
    clear_board(&mut state);
    state.place(SpaceId::Maharashtra, OBEDIENT_AMIR, 2).unwrap();
    state.place(SpaceId::Andhra, OBEDIENT_RAJA, 1).unwrap();
    set_resources(&mut state, BK, 4);
    act(&mut state, "no"); // no Campaign
    assert_eq!(player_to_decide(&state), BK);
    acts(
        &mut state,
        &[
            "command Migrate",
            "select Andhra",
            "move Obedient Amir from Maharashtra",
        ],
    );
    assert_eq!(state.resources(BK), 4, "the Migrate itself is free");
    acts(&mut state, &["done", "yes"]);
    assert_eq!(state.influence(BK), Some(1));
    // BK controls nothing, so Rise gives it nothing more (X = 0).
    assert_eq!(state.resources(BK), 3);
}

// ----- §3.3.3 / §3.4.3 Rebel ------------------------------------------------------------------

#[test]
fn rule_3_3_3_rebel_is_forbidden_under_the_khalji_dynasty() {
    // §2.7.1: under Khalji the Rebel command cannot be used.
    let mut state = opening(BK);
    act(&mut state, "option Event or Command");
    assert!(!offers(&state, "command Rebel"));
    refused(&mut state, "command Rebel", "2.3.3");
}

#[test]
fn rule_3_3_3_rebel_needs_a_strict_bk_majority_in_a_tributary_province() {
    // §3.3.3, OQ-42: BK pieces must outnumber all other pieces combined; Tughlaq only.
    let mut state = tughlaq(BK);
    for space in [
        SpaceId::Maharashtra,
        SpaceId::Madhyadesh,
        SpaceId::Gujarat,
        SpaceId::Gondwana,
        SpaceId::Orissa,
    ] {
        state.set_tributary(space, true).unwrap();
        clear_space(&mut state, space);
    }
    set_resources(&mut state, BK, 6);
    state.place(SpaceId::Maharashtra, OBEDIENT_AMIR, 2).unwrap();
    // Madhyadesh: 2 Amirs vs 2 Troops — a tie.
    state.place(SpaceId::Madhyadesh, OBEDIENT_AMIR, 2).unwrap();
    state.place(SpaceId::Madhyadesh, Piece::Troop, 2).unwrap();
    // Gujarat: 1 Amir + 1 Fort vs 1 Troop — a majority, structures count.
    state.place(SpaceId::Gujarat, OBEDIENT_AMIR, 1).unwrap();
    state.place(SpaceId::Gujarat, Piece::Fort, 1).unwrap();
    state.place(SpaceId::Gujarat, Piece::Troop, 1).unwrap();
    // Gondwana: 2 Amirs vs 1 Troop + 1 Raja — a plurality only.
    state.place(SpaceId::Gondwana, OBEDIENT_AMIR, 2).unwrap();
    state.place(SpaceId::Gondwana, Piece::Troop, 1).unwrap();
    state.place(SpaceId::Gondwana, OBEDIENT_RAJA, 1).unwrap();
    // Orissa: Independent, 1 Amir alone — not Tributary.
    state.set_tributary(SpaceId::Orissa, false).unwrap();
    state.place(SpaceId::Orissa, OBEDIENT_AMIR, 1).unwrap();
    full_command(&mut state, "Rebel");
    assert!(offers(&state, "select Maharashtra"));
    assert!(offers(&state, "select Gujarat"));
    assert!(!offers(&state, "select Madhyadesh"));
    assert!(!offers(&state, "select Gondwana"));
    assert!(!offers(&state, "select Orissa"));
    act(&mut state, "select Gujarat");
    assert_eq!(state.resources(BK), 5);
    assert!(!state.is_tributary(SpaceId::Gujarat));
    assert_eq!(state.controller(SpaceId::Gujarat), Some(BK));
    assert_eq!(state.space(SpaceId::Gujarat).amirs.rebelling, 1);
    assert_eq!(state.space(SpaceId::Gujarat).amirs.obedient, 0);
}

#[test]
fn rule_3_4_3_vn_rebel_makes_the_province_independent_and_vn_controlled() {
    let mut state = tughlaq(VN);
    for space in [SpaceId::Karnataka, SpaceId::Tamilakam, SpaceId::Andhra] {
        state.set_tributary(space, true).unwrap();
        clear_space(&mut state, space);
    }
    set_resources(&mut state, VN, 5);
    state.place(SpaceId::Karnataka, OBEDIENT_RAJA, 3).unwrap();
    state.place(SpaceId::Tamilakam, OBEDIENT_RAJA, 1).unwrap();
    state.place(SpaceId::Tamilakam, Piece::Troop, 1).unwrap();
    state.place(SpaceId::Andhra, OBEDIENT_RAJA, 2).unwrap();
    state.place(SpaceId::Andhra, Piece::Qasbah, 1).unwrap();
    full_command(&mut state, "Rebel");
    assert!(offers(&state, "select Karnataka"));
    assert!(!offers(&state, "select Tamilakam"));
    assert!(offers(&state, "select Andhra"), "2 Rajas vs 1 Qasbah");
    act(&mut state, "select Karnataka");
    assert_eq!(state.resources(VN), 4);
    assert!(!state.is_tributary(SpaceId::Karnataka));
    assert_eq!(state.controller(SpaceId::Karnataka), Some(VN));
    assert_eq!(state.space(SpaceId::Karnataka).rajas.rebelling, 3);
}

// ----- §3.3.4 / §3.4.4 Attack (BK, VN) --------------------------------------------------------

#[test]
fn rule_3_3_4_bk_attack_targets_provinces_with_opposing_pieces_and_fort_support() {
    // §3.3.4: Provinces holding a DS or VN piece; Amirs need not be present; up to 2 Amirs
    // from adjacent Provinces with a Fort (OQ-34). Never Delhi or an MIR (§3.1.1).
    let mut state = opening(BK);
    clear_board(&mut state);
    state.place(SpaceId::Gujarat, Piece::Troop, 1).unwrap();
    state.place(SpaceId::Gujarat, OBEDIENT_AMIR, 1).unwrap();
    state.place(SpaceId::Orissa, OBEDIENT_RAJA, 1).unwrap();
    state.place(SpaceId::Orissa, Piece::Troop, 1).unwrap();
    state.place(SpaceId::Gondwana, Piece::Fort, 1).unwrap();
    state.place(SpaceId::Gondwana, OBEDIENT_AMIR, 3).unwrap();
    state.place(SpaceId::Malwa, Piece::Fort, 1).unwrap();
    state.place(SpaceId::Malwa, OBEDIENT_AMIR, 2).unwrap();
    state.place(SpaceId::Delhi, Piece::Troop, 1).unwrap();
    state.place(SpaceId::Sindh, Piece::Troop, 1).unwrap();
    state.place(SpaceId::Maharashtra, OBEDIENT_AMIR, 2).unwrap();
    full_command(&mut state, "Attack");
    assert!(offers(&state, "select Gujarat"));
    assert!(offers(&state, "select Orissa"), "supporters only");
    assert!(!offers(&state, "select Delhi"), "not a Province");
    assert!(!offers(&state, "select Sindh"), "no Amir can take part");
    assert!(!offers(&state, "select Maharashtra"), "no opposing piece");
    act(&mut state, "select Orissa");
    assert_eq!(legal(&state), ["defender DS", "defender VN"]);
    act(&mut state, "defender VN");
    assert!(!offers(&state, "done"));
    acts(
        &mut state,
        &[
            "support with Obedient Amir from Gondwana",
            "support with Obedient Amir from Gondwana",
        ],
    );
    assert_eq!(legal(&state), ["done"]);
    assert_eq!(state.resources(BK), 5);
}

#[test]
fn rule_3_4_4_vn_attack_support_is_one_raja_from_a_temple_province() {
    let mut state = opening(VN);
    clear_board(&mut state);
    state.place(SpaceId::Andhra, OBEDIENT_AMIR, 1).unwrap();
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Karnataka, OBEDIENT_RAJA, 2).unwrap();
    state.place(SpaceId::Tamilakam, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Tamilakam, OBEDIENT_RAJA, 1).unwrap();
    state.place(SpaceId::Maharashtra, OBEDIENT_RAJA, 2).unwrap();
    full_command(&mut state, "Attack");
    acts(&mut state, &["select Andhra", "defender BK"]);
    assert!(offers(&state, "support with Obedient Raja from Karnataka"));
    assert!(offers(&state, "support with Obedient Raja from Tamilakam"));
    assert!(
        !offers(&state, "support with Obedient Raja from Maharashtra"),
        "no Temple"
    );
    act(&mut state, "support with Obedient Raja from Karnataka");
    assert_eq!(legal(&state), ["done"]);
}

// ----- §3.5 Mongol commands -------------------------------------------------------------------

#[test]
fn rule_3_5_1_amass_places_three_in_mountain_passes() {
    let mut state = invasion();
    act(&mut state, "command Amass");
    assert_eq!(state.space(SpaceId::MountainPasses).mongols, 3);
    assert_eq!(state.available().mongols, 9);
}

#[test]
fn rule_3_5_1_oq_43_amass_cascades_only_the_excess_over_four() {
    // MP 3 + 3 = 6: 2 go on to Punjab; Punjab 4 + 2 = 6: 2 go on to Delhi.
    let mut state = invasion();
    state
        .place(SpaceId::MountainPasses, Piece::Mongol, 3)
        .unwrap();
    state.place(SpaceId::Punjab, Piece::Mongol, 4).unwrap();
    act(&mut state, "command Amass");
    assert_eq!(state.space(SpaceId::MountainPasses).mongols, 4);
    assert_eq!(state.space(SpaceId::Punjab).mongols, 4);
    assert_eq!(state.space(SpaceId::Delhi).mongols, 2);
}

#[test]
fn rule_3_5_1_amass_places_what_is_available_and_needs_one() {
    let mut state = invasion();
    state.place(SpaceId::Delhi, Piece::Mongol, 11).unwrap();
    act(&mut state, "command Amass");
    assert_eq!(state.space(SpaceId::MountainPasses).mongols, 1);
    // None left: Amass is no longer legal.
    assert_eq!(state.decision().unwrap().kind, DecisionKind::MongolCommand);
    assert!(!offers(&state, "command Amass"));
    refused(&mut state, "command Amass", "2.4.1");
}

#[test]
fn rule_3_5_2_advance_moves_k_mongols_along_one_leg() {
    let mut state = invasion();
    state
        .place(SpaceId::MountainPasses, Piece::Mongol, 3)
        .unwrap();
    state.place(SpaceId::Punjab, Piece::Mongol, 2).unwrap();
    act(&mut state, "command Advance");
    assert_eq!(legal(&state), ["select Mountain Passes", "select Punjab"]);
    act(&mut state, "select Punjab");
    assert_eq!(counts(&state), [1, 2]);
    refused(&mut state, "count 3", "3.5.2");
    act(&mut state, "count 2");
    assert_eq!(state.space(SpaceId::Punjab).mongols, 0);
    assert_eq!(state.space(SpaceId::Delhi).mongols, 2);
    assert_eq!(state.space(SpaceId::MountainPasses).mongols, 3);
    // One leg only: the second Mongol command is next.
    assert_eq!(state.decision().unwrap().kind, DecisionKind::MongolCommand);
}

#[test]
fn rule_3_5_2_advance_needs_a_mongol_in_mountain_passes_or_punjab() {
    let mut state = invasion();
    state.place(SpaceId::Delhi, Piece::Mongol, 2).unwrap();
    assert!(!offers(&state, "command Advance"));
    assert!(offers(&state, "command Attack and Plunder"));
    assert!(offers(&state, "command Amass"));
}

#[test]
fn rule_3_5_3_plunder_in_mountain_passes_cannot_take_ds_below_3() {
    // OQ-44(a): DS loses n Resources, but not below 3; with 3 or fewer nothing changes.
    let mut state = invasion();
    clear_space(&mut state, SpaceId::MountainPasses);
    state
        .place(SpaceId::MountainPasses, Piece::Mongol, 2)
        .unwrap();
    set_resources(&mut state, DS, 2);
    acts(
        &mut state,
        &["command Attack and Plunder", "select Mountain Passes"],
    );
    assert_eq!(state.resources(DS), 2);
    set_resources(&mut state, DS, 4);
    acts(
        &mut state,
        &["command Attack and Plunder", "select Mountain Passes"],
    );
    assert_eq!(state.resources(DS), 3);
    let mut state = invasion();
    clear_space(&mut state, SpaceId::MountainPasses);
    state
        .place(SpaceId::MountainPasses, Piece::Mongol, 2)
        .unwrap();
    set_resources(&mut state, DS, 10);
    acts(
        &mut state,
        &["command Attack and Plunder", "select Mountain Passes"],
    );
    assert_eq!(state.resources(DS), 8);
}

#[test]
fn rule_3_5_3_plunder_in_punjab_takes_n_resources_and_one_troop_from_a_province() {
    // §3.5.3 Plunder table, OQ-44(b): once, not per Mongol; DS chooses which Troop, from any
    // Province.
    let mut state = invasion();
    clear_space(&mut state, SpaceId::Punjab);
    state.place(SpaceId::Punjab, Piece::Mongol, 3).unwrap();
    set_resources(&mut state, DS, 10);
    acts(&mut state, &["command Attack and Plunder", "select Punjab"]);
    assert_eq!(state.resources(DS), 7);
    let decision = state.decision().unwrap();
    assert_eq!(decision.player, DS);
    assert!(offers(&state, "remove Troop in Sindh"));
    assert!(offers(&state, "remove Troop in Malwa"));
    assert!(!offers(&state, "remove Troop in Delhi"), "not a Province");
    assert!(!offers(&state, "remove Troop in Mountain Passes"));
    let troops = state.available().troops;
    act(&mut state, "remove Troop in Sindh");
    assert_eq!(state.space(SpaceId::Sindh).troops, 0);
    assert_eq!(state.available().troops, troops + 1);
    // Only one Troop: the operator's second command is next; 3 Mongols stay.
    assert_eq!(state.decision().unwrap().kind, DecisionKind::MongolCommand);
    assert_eq!(state.space(SpaceId::Punjab).mongols, 3);
}

#[test]
fn rule_3_5_3_plunder_in_delhi_two_troops_then_mongols_over_three_return_to_the_box() {
    let mut state = invasion();
    clear_space(&mut state, SpaceId::Delhi);
    state.place(SpaceId::Delhi, Piece::Mongol, 5).unwrap();
    set_resources(&mut state, DS, 10);
    acts(&mut state, &["command Attack and Plunder", "select Delhi"]);
    assert_eq!(state.resources(DS), 5);
    acts(
        &mut state,
        &["remove Troop in Malwa", "remove Troop in Jaunpur"],
    );
    assert_eq!(state.space(SpaceId::Malwa).troops, 2);
    assert_eq!(state.space(SpaceId::Jaunpur).troops, 1);
    // §3.5.3 step 3: the cap.
    assert_eq!(state.space(SpaceId::Delhi).mongols, 3);
    assert_eq!(state.available().mongols, 9);
    assert_eq!(state.decision().unwrap().kind, DecisionKind::MongolCommand);
}

#[test]
fn rule_3_5_3_plunder_counts_the_mongols_left_after_the_attack() {
    // §3.5.3: attack only where DS pieces are; then Plunder with n = Mongols left (OQ-44(c)).
    let mut state = invasion();
    pool_all_cavalry(&mut state);
    clear_space(&mut state, SpaceId::MountainPasses);
    state
        .place(SpaceId::MountainPasses, Piece::Mongol, 3)
        .unwrap();
    state
        .place(SpaceId::MountainPasses, Piece::Troop, 2)
        .unwrap();
    set_resources(&mut state, DS, 10);
    // MI (3 Mongols, threshold 3) rolls 1, 1, 6, 6: 2 hits. DS (2 Troops) rolls 1, 6: 1 hit.
    state.force_dice(&[1, 1, 6, 6, 1, 6]);
    acts(
        &mut state,
        &["command Attack and Plunder", "select Mountain Passes"],
    );
    acts(
        &mut state,
        &[
            "remove Troop in Mountain Passes",
            "remove Troop in Mountain Passes",
        ],
    );
    assert_eq!(state.space(SpaceId::MountainPasses).mongols, 2);
    assert_eq!(state.resources(DS), 8, "2 Mongols plunder, not 3");
}

#[test]
fn rule_3_5_mongol_commands_cost_the_operator_nothing() {
    // §3.1: MI commands cost nothing (MI has no Resources).
    let mut state = invasion();
    clear_space(&mut state, SpaceId::MountainPasses);
    state
        .place(SpaceId::MountainPasses, Piece::Mongol, 1)
        .unwrap();
    let operator = player_to_decide(&state);
    let before = [(BK, state.resources(BK)), (VN, state.resources(VN))];
    acts(
        &mut state,
        &[
            "command Advance",
            "select Mountain Passes",
            "count 1",
            "command Amass",
        ],
    );
    for (p, resources) in before {
        assert_eq!(state.resources(p), resources, "{p} ({operator} operated)");
    }
}

#[test]
fn rule_3_4_1_a_temple_alone_is_a_vn_piece_for_rally() {
    // §3.4.1 Where: Provinces with at least one VN piece; a Temple gives +1.
    let mut state = opening(VN);
    state.place(SpaceId::Orissa, Piece::Temple, 1).unwrap();
    full_command(&mut state, "Rally");
    act(&mut state, "select Orissa");
    assert_eq!(counts(&state), [1, 2]);
}

#[test]
fn rule_3_2_3_oq_8_govern_may_build_a_qasbah_in_a_mongol_region() {
    // §3.2.3 Where includes Mountain Passes and Punjab; OQ-8: only a Qasbah can stand there.
    let mut state = opening(DS);
    state.place(SpaceId::Punjab, Piece::Governor, 1).unwrap();
    full_command(&mut state, "Govern");
    act(&mut state, "select Punjab");
    assert!(offers(&state, "place Governor"));
    acts(&mut state, &["place Qasbah", "done"]);
    assert_eq!(
        state.space(SpaceId::Punjab).structure,
        Some(Structure::Qasbah)
    );
}

#[test]
fn rule_3_1_2_a_migrating_amir_moves_only_once_and_only_into_provinces() {
    // §3.3.2: "Each Amir moves at most once per Migrate"; §3.1.1: BK never selects Delhi or a
    // Mongol Invasion Region.
    let mut state = opening(BK);
    clear_board(&mut state);
    state.place(SpaceId::Maharashtra, OBEDIENT_AMIR, 1).unwrap();
    state.place(SpaceId::Malwa, OBEDIENT_AMIR, 1).unwrap();
    full_command(&mut state, "Migrate");
    assert!(
        !offers(&state, "select Delhi"),
        "next to Malwa, but not a Province"
    );
    acts(
        &mut state,
        &[
            "select Gujarat",
            "move Obedient Amir from Maharashtra",
            "done",
        ],
    );
    // The Amir that arrived in Gujarat cannot go on: Sindh (next to Gujarat only) has no
    // Amir that could still move into it, so it cannot be selected.
    assert!(!offers(&state, "select Sindh"));
    refused(&mut state, "select Sindh", "3.3.2");
    // Malwa's Amir can still move, e.g. into Madhyadesh.
    assert!(offers(&state, "select Madhyadesh"));
    assert_eq!(state.space(SpaceId::Gujarat).amirs.total(), 1);
}

#[test]
fn rule_3_5_3_plunder_removes_only_the_troops_ds_has_in_provinces() {
    // §3.5.3: "If it has fewer Troops in Provinces than required, it removes all of them."
    let mut state = invasion();
    for space in SpaceId::ALL.into_iter().filter(|s| s.is_province()) {
        clear_space(&mut state, space);
    }
    clear_space(&mut state, SpaceId::Delhi);
    state.place(SpaceId::Delhi, Piece::Mongol, 2).unwrap();
    state.place(SpaceId::Gujarat, Piece::Troop, 1).unwrap();
    acts(&mut state, &["command Attack and Plunder", "select Delhi"]);
    assert_eq!(legal(&state), ["remove Troop in Gujarat"]);
    act(&mut state, "remove Troop in Gujarat");
    assert_eq!(state.decision().unwrap().kind, DecisionKind::MongolCommand);
    assert_eq!(state.space(SpaceId::Punjab).troops, 4, "not a Province");
}
