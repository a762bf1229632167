//! Rule tests for the Decrees (§4.1–§4.4), written from the rules specification
//! (`vijayanagara.md`) and its rulings, not from the engine's code.
//!
//! Each test takes the Command & Decree option on the first card, carries out the Decree
//! first (§4.1 allows before or after) and checks its effect before the Command begins.

use super::common;

use common::*;
use darbar::vijayanagara::{
    Action, DecisionKind, DecreeKind, Piece, Player, SpaceId, State, Structure,
};

// ----- helpers ------------------------------------------------------------------------------

/// Takes Command & Decree and declares `decree` (the faction's option decision is pending).
fn decree(state: &mut State, decree: &str) {
    acts(
        state,
        &["option Command & Decree", &format!("decree {decree}")],
    );
}

/// Whether the Decree is over and the Command of the same turn is now awaited.
fn command_awaited(state: &State, player: Player) -> bool {
    let decision = state.decision().unwrap();
    decision.player == player
        && decision.kind == DecisionKind::TurnPart
        && state
            .legal_actions()
            .iter()
            .all(|a| matches!(a, Action::Command(_) | Action::Give))
}

// ----- §4.1 General ---------------------------------------------------------------------------

#[test]
fn rule_4_1_oq_23_a_decree_without_effect_may_be_declared() {
    // OQ-23: a Decree that has no legal effect may still be declared, as a no-op. DS controls
    // no Province, so Demand Obedience has no target.
    let mut state = opening(DS);
    let before = state.resources(DS);
    decree(&mut state, "Demand Obedience");
    assert_eq!(legal(&state), ["done"]);
    act(&mut state, "done");
    assert!(command_awaited(&state, DS));
    assert_eq!(state.resources(DS), before);
}

#[test]
fn rule_4_1_exactly_one_decree_per_command_and_decree() {
    let mut state = opening(BK);
    decree(&mut state, "Trade");
    assert!(command_awaited(&state, BK));
    assert!(!offers(&state, "decree Build"));
    refused(&mut state, "decree Build", "2.3.3");
}

// ----- §4.2.1 Collect Tribute -----------------------------------------------------------------

#[test]
fn rule_4_2_1_collect_tribute_half_the_tributary_prosperity_and_two_cavalry() {
    // ⌊(total prosperity of Tributary Provinces) / 2⌋ Resources; 2 cavalry tokens. Decrees
    // are free (§1.8).
    let mut state = opening(DS);
    state.set_tributary(SpaceId::Sindh, false).unwrap(); // prosperity 1
    state.set_tributary(SpaceId::Gujarat, false).unwrap(); // prosperity 2
    decree(&mut state, "Collect Tribute");
    assert_eq!(state.resources(DS), 12 + 15 / 2);
    assert_eq!(state.cavalry(DS), 4);
    assert_eq!(state.cavalry_pool(), 6);
    assert!(command_awaited(&state, DS));
}

#[test]
fn rule_4_2_1_oq_19_tribute_cavalry_comes_from_other_factions_when_the_pool_is_short() {
    // §1.10, OQ-19: the rest is taken from other factions, of the gainer's choice.
    let mut state = opening(DS);
    assert_eq!(state.gain_cavalry_from_pool(BK, 4), 4);
    assert_eq!(state.gain_cavalry_from_pool(VN, 3), 3);
    assert_eq!(state.cavalry_pool(), 1);
    decree(&mut state, "Collect Tribute");
    assert_eq!(state.cavalry(DS), 3);
    let decision = state.decision().unwrap();
    assert_eq!(decision.player, DS);
    assert_eq!(decision.kind, DecisionKind::TakeCavalry);
    assert_eq!(
        legal(&state),
        ["take cavalry from BK", "take cavalry from VN"]
    );
    act(&mut state, "take cavalry from VN");
    assert_eq!(state.cavalry(DS), 4);
    assert_eq!(state.cavalry(VN), 2);
    assert_eq!(state.cavalry_pool(), 0);
    assert!(command_awaited(&state, DS));
}

// ----- §4.2.2 Campaign ------------------------------------------------------------------------

#[test]
fn rule_4_2_2_oq_45_campaign_path_of_at_most_three_steps() {
    let mut state = opening(DS);
    decree(&mut state, "Campaign");
    acts(
        &mut state,
        &[
            "select Delhi",
            "move Troop from Delhi",
            "move Troop from Delhi",
        ],
    );
    // X ≠ O: the group cannot stop at its origin.
    assert!(!offers(&state, "done"));
    acts(
        &mut state,
        &["select Malwa", "select Madhyadesh", "select Andhra"],
    );
    // Three steps taken: the group must stop here.
    assert_eq!(legal(&state), ["done"]);
    refused(&mut state, "select Karnataka", "4.2.2");
    act(&mut state, "done");
    assert_eq!(state.space(SpaceId::Delhi).troops, 2);
    assert_eq!(state.space(SpaceId::Malwa).troops, 3);
    assert_eq!(state.space(SpaceId::Madhyadesh).troops, 2);
    assert_eq!(state.space(SpaceId::Andhra).troops, 3);
    assert_eq!(state.resources(DS), 12, "decrees are free");
    assert!(command_awaited(&state, DS));
}

#[test]
fn rule_4_2_2_oq_45_campaign_picks_up_and_drops_off_on_the_way() {
    // The group may drop off pieces and pick up DS units that have not moved yet; a dropped
    // piece cannot be picked up again; each step is between adjacent spaces.
    let mut state = opening(DS);
    decree(&mut state, "Campaign");
    acts(
        &mut state,
        &[
            "select Delhi",
            "move Troop from Delhi",
            "move Troop from Delhi",
        ],
    );
    assert!(!offers(&state, "select Gujarat"), "not adjacent to Delhi");
    acts(&mut state, &["select Malwa", "drop Troop"]);
    // Malwa's own 3 Troops and Governor may join; the dropped Troop may not rejoin.
    acts(
        &mut state,
        &[
            "move Troop from Malwa",
            "move Troop from Malwa",
            "move Troop from Malwa",
        ],
    );
    assert!(!offers(&state, "move Troop from Malwa"));
    acts(
        &mut state,
        &["move Governor from Malwa", "select Gujarat", "done"],
    );
    let malwa = *state.space(SpaceId::Malwa);
    assert_eq!((malwa.troops, malwa.governors), (1, 0));
    let gujarat = *state.space(SpaceId::Gujarat);
    assert_eq!((gujarat.troops, gujarat.governors), (1 + 4, 1));
    assert_eq!(state.space(SpaceId::Delhi).troops, 2);
}

#[test]
fn rule_4_2_2_campaign_may_enter_mongol_regions_outside_succession_cards() {
    // §4.2.2: "DS may enter every space type"; only Succession Campaigns are restricted.
    let mut state = opening(DS);
    decree(&mut state, "Campaign");
    assert!(offers(&state, "select Punjab"));
    acts(&mut state, &["select Delhi", "move Troop from Delhi"]);
    assert!(offers(&state, "select Punjab"));
    acts(
        &mut state,
        &["select Punjab", "select Mountain Passes", "done"],
    );
    assert_eq!(state.space(SpaceId::MountainPasses).troops, 3);
}

// ----- §4.2.3 Demand Obedience ----------------------------------------------------------------

#[test]
fn rule_4_2_3_oq_46_demand_obedience_gains_the_prosperity_of_every_affected_province() {
    let mut state = opening(DS);
    // Malwa (1): 3 Troops, 1 Governor. Jaunpur (2): 2 Troops + a Governor + a Rebelling Amir.
    state.set_tributary(SpaceId::Malwa, false).unwrap();
    state.set_tributary(SpaceId::Jaunpur, false).unwrap();
    state.place(SpaceId::Jaunpur, Piece::Governor, 1).unwrap();
    state.place(SpaceId::Jaunpur, OBEDIENT_AMIR, 1).unwrap();
    state
        .set_loyalty(SpaceId::Jaunpur, OBEDIENT_AMIR, 1)
        .unwrap();
    // Sindh: DS-controlled, no Governor. Maharashtra: BK-controlled.
    state.set_tributary(SpaceId::Sindh, false).unwrap();
    state.set_tributary(SpaceId::Maharashtra, false).unwrap();
    state
        .place(SpaceId::Maharashtra, Piece::Governor, 1)
        .unwrap();
    assert_eq!(state.victory_points(DS), 18 - 1 - 2 - 1 - 2);
    decree(&mut state, "Demand Obedience");
    assert!(offers(&state, "select Malwa"));
    assert!(offers(&state, "select Jaunpur"));
    assert!(!offers(&state, "select Sindh"), "no Governor");
    assert!(!offers(&state, "select Maharashtra"), "not DS-controlled");
    acts(&mut state, &["select Malwa", "select Jaunpur"]);
    assert_eq!(legal(&state), ["done"]);
    act(&mut state, "done");
    assert_eq!(state.resources(DS), 12 + 1 + 2);
    assert!(state.is_tributary(SpaceId::Malwa));
    assert!(state.is_tributary(SpaceId::Jaunpur));
    assert_eq!(state.controller(SpaceId::Jaunpur), None);
    let amirs = state.space(SpaceId::Jaunpur).amirs;
    assert_eq!((amirs.obedient, amirs.rebelling), (1, 0), "R3");
    // §5.1: Tributary prosperity counts for DS again.
    assert_eq!(state.victory_points(DS), 18 - 1 - 2);
}

// ----- §4.3 Bahmani decrees -------------------------------------------------------------------

#[test]
fn rule_4_3_1_trade_resources_per_province_with_a_bk_piece_and_cavalry_by_influence() {
    // Resources = Provinces holding a BK piece; cavalry 1 / 2 / 2 / 3 / 3 at Influence 0–4.
    for (influence, cavalry) in [(0, 1), (1, 2), (2, 2), (3, 3), (4, 3)] {
        let mut state = opening(BK);
        pool_all_cavalry(&mut state);
        for _ in 0..influence {
            state.shift_influence(BK, 1).unwrap();
        }
        // Madhyadesh, Gujarat, Maharashtra, Gondwana at setup, plus a lone Fort in Orissa.
        state.place(SpaceId::Orissa, Piece::Fort, 1).unwrap();
        decree(&mut state, "Trade");
        assert_eq!(state.resources(BK), 6 + 5, "Influence {influence}");
        assert_eq!(state.cavalry(BK), cavalry, "Influence {influence}");
    }
}

#[test]
fn rule_4_3_2_bk_build_places_one_fort_where_an_amir_stands_and_no_structure() {
    let mut state = opening(BK);
    state.place(SpaceId::Andhra, OBEDIENT_AMIR, 1).unwrap(); // Andhra holds a Qasbah
    state.place(SpaceId::Orissa, Piece::Temple, 1).unwrap(); // a structure, no Amir
    decree(&mut state, "Build");
    for yes in ["Madhyadesh", "Gujarat", "Maharashtra", "Gondwana"] {
        assert!(offers(&state, &format!("select {yes}")), "{yes}");
    }
    assert!(!offers(&state, "select Andhra"), "a structure stands there");
    assert!(!offers(&state, "select Orissa"), "no Amir");
    assert!(!offers(&state, "select Sindh"), "no Amir");
    act(&mut state, "select Gondwana");
    assert_eq!(
        state.space(SpaceId::Gondwana).structure,
        Some(Structure::Fort)
    );
    assert_eq!(state.available().forts, 4);
    // One Fort only: the Decree is over. §5.2: a Fort on the map is 1 BK VP.
    assert!(command_awaited(&state, BK));
    assert_eq!(state.victory_points(BK), 1);
}

#[test]
fn rule_4_3_3_conspire_replaces_a_governor_in_up_to_two_provinces_with_bk_pieces() {
    // Base: in up to 2 different Provinces, each with a BK piece, replace 1 DS Governor with
    // 1 available Amir, Obedient or Rebelling as BK chooses (OQ-47).
    let mut state = opening(BK);
    state
        .place(SpaceId::Madhyadesh, Piece::Governor, 2)
        .unwrap();
    state.place(SpaceId::Gujarat, Piece::Governor, 1).unwrap();
    state.place(SpaceId::Orissa, Piece::Governor, 1).unwrap();
    let (governors, amirs) = (state.available().governors, state.available().amirs);
    decree(&mut state, "Conspire");
    assert!(!offers(&state, "select Malwa"), "no BK piece in Malwa");
    assert!(
        !offers(&state, "select Orissa"),
        "adjacent only counts at Influence 2"
    );
    assert!(
        !offers(&state, "select Karnataka"),
        "Rajas only at Influence 2"
    );
    act(&mut state, "select Madhyadesh");
    assert_eq!(legal(&state), ["remove Governor in Madhyadesh"]);
    act(&mut state, "remove Governor in Madhyadesh");
    assert_eq!(legal(&state), ["make it Obedient", "make it Rebelling"]);
    act(&mut state, "make it Rebelling");
    // One replacement per Province: Madhyadesh is not offered again.
    assert!(!offers(&state, "select Madhyadesh"));
    acts(
        &mut state,
        &[
            "select Gujarat",
            "remove Governor in Gujarat",
            "make it Obedient",
        ],
    );
    // Two Provinces: no third.
    assert_eq!(legal(&state), ["done"]);
    act(&mut state, "done");
    let m = *state.space(SpaceId::Madhyadesh);
    assert_eq!(
        (m.governors, m.amirs.obedient, m.amirs.rebelling),
        (1, 2, 1)
    );
    let g = *state.space(SpaceId::Gujarat);
    assert_eq!(
        (g.governors, g.amirs.obedient, g.amirs.rebelling),
        (0, 2, 0)
    );
    assert_eq!(state.available().governors, governors + 2);
    assert_eq!(state.available().amirs, amirs - 2);
}

#[test]
fn rule_4_3_3_conspire_at_influence_2_reaches_adjacent_provinces_and_rajas() {
    // Influence ≥ 2: the Province may hold or be adjacent to a BK piece, and the replaced
    // piece may be a Raja; a Rebelling Raja must become a Rebelling Amir.
    let mut state = opening(BK);
    state.shift_influence(BK, 2).unwrap();
    state.place(SpaceId::Orissa, Piece::Governor, 1).unwrap();
    state
        .set_loyalty(SpaceId::Karnataka, OBEDIENT_RAJA, 1)
        .unwrap();
    let rajas = state.available().rajas;
    decree(&mut state, "Conspire");
    assert!(
        offers(&state, "select Orissa"),
        "adjacent to Gondwana's Amir"
    );
    assert!(
        offers(&state, "select Karnataka"),
        "adjacent to Maharashtra"
    );
    assert!(
        !offers(&state, "select Tamilakam"),
        "no BK piece in or next to it"
    );
    act(&mut state, "select Karnataka");
    assert_eq!(
        legal(&state),
        [
            "remove Obedient Raja in Karnataka",
            "remove Rebelling Raja in Karnataka"
        ]
    );
    act(&mut state, "remove Rebelling Raja in Karnataka");
    assert_eq!(legal(&state), ["make it Rebelling"]);
    act(&mut state, "make it Rebelling");
    acts(
        &mut state,
        &[
            "select Orissa",
            "remove Governor in Orissa",
            "make it Obedient",
        ],
    );
    let k = *state.space(SpaceId::Karnataka);
    assert_eq!((k.rajas.total(), k.amirs.rebelling), (2, 1));
    assert_eq!(
        state.available().rajas,
        rajas + 1,
        "a replaced Raja goes to the VN box"
    );
    assert_eq!(state.space(SpaceId::Orissa).amirs.obedient, 1);
}

#[test]
fn rule_4_3_3_conspire_r1_overrides_the_chosen_state() {
    // In a BK-controlled Province the new Amir is Rebelling whatever BK chose (R1).
    let mut state = opening(BK);
    state.set_tributary(SpaceId::Maharashtra, false).unwrap();
    state
        .place(SpaceId::Maharashtra, Piece::Governor, 1)
        .unwrap();
    assert_eq!(state.controller(SpaceId::Maharashtra), Some(BK));
    decree(&mut state, "Conspire");
    acts(
        &mut state,
        &[
            "select Maharashtra",
            "remove Governor in Maharashtra",
            "make it Obedient",
        ],
    );
    let m = state.space(SpaceId::Maharashtra).amirs;
    assert_eq!((m.obedient, m.rebelling), (0, 5));
}

#[test]
fn rule_4_3_3_no_conspiracy_without_an_available_amir() {
    let mut state = opening(BK);
    state
        .place(SpaceId::Madhyadesh, Piece::Governor, 1)
        .unwrap();
    let amirs = state.available().amirs;
    state.place(SpaceId::Orissa, OBEDIENT_AMIR, amirs).unwrap();
    decree(&mut state, "Conspire");
    assert_eq!(legal(&state), ["done"]);
}

// ----- §4.4 Vijayanagara decrees --------------------------------------------------------------

#[test]
fn rule_4_4_1_tax_is_controlled_prosperity_plus_temples_on_the_map() {
    let mut state = opening(VN);
    // VN controls Karnataka (2); Temples in Karnataka and in Tributary Tamilakam.
    state.set_tributary(SpaceId::Karnataka, false).unwrap();
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Tamilakam, Piece::Temple, 1).unwrap();
    assert_eq!(state.controller(SpaceId::Karnataka), Some(VN));
    decree(&mut state, "Tax");
    assert_eq!(state.resources(VN), 7 + 2 + 2);
    assert!(command_awaited(&state, VN));
    // §5.3: the same Provinces and Temples are VN's VP.
    assert_eq!(state.victory_points(VN), 2 + 2);
}

#[test]
fn rule_4_4_2_vn_build_places_one_temple_where_a_raja_stands_and_no_structure() {
    let mut state = opening(VN);
    decree(&mut state, "Build");
    assert!(offers(&state, "select Karnataka"));
    assert!(offers(&state, "select Tamilakam"));
    assert!(!offers(&state, "select Andhra"), "a Qasbah stands there");
    assert!(!offers(&state, "select Maharashtra"), "no Raja");
    act(&mut state, "select Karnataka");
    assert_eq!(
        state.space(SpaceId::Karnataka).structure,
        Some(Structure::Temple)
    );
    assert_eq!(state.available().temples, 4);
    assert!(command_awaited(&state, VN));
}

#[test]
fn rule_4_4_3_oq_48_compel_one_province_holding_or_next_to_a_vn_piece() {
    let mut state = opening(VN);
    state.place(SpaceId::Malwa, OBEDIENT_RAJA, 1).unwrap();
    decree(&mut state, "Compel");
    assert!(offers(&state, "select Karnataka"), "holds Rajas");
    assert!(offers(&state, "select Orissa"), "next to Andhra");
    assert!(offers(&state, "select Gujarat"), "next to Malwa");
    assert!(!offers(&state, "select Sindh"));
    assert!(!offers(&state, "select Delhi"), "never Delhi (§3.1.1)");
    acts(&mut state, &["select Orissa", "place Raja", "place Raja"]);
    // At most 2 Rajas.
    assert_eq!(legal(&state), ["done"]);
    act(&mut state, "done");
    assert_eq!(state.space(SpaceId::Orissa).rajas.obedient, 2);
    // Influence 0: no cavalry, no removal; exactly one Province.
    assert_eq!(state.cavalry(VN), 0);
    assert!(command_awaited(&state, VN));
}

#[test]
fn rule_4_4_3_compel_moves_rajas_from_one_adjacent_province_only() {
    let mut state = opening(VN);
    decree(&mut state, "Compel");
    act(&mut state, "select Andhra");
    assert!(offers(&state, "move Obedient Raja from Karnataka"));
    assert!(offers(&state, "move Obedient Raja from Tamilakam"));
    act(&mut state, "move Obedient Raja from Karnataka");
    assert!(!offers(&state, "move Obedient Raja from Tamilakam"));
    assert!(offers(&state, "move Obedient Raja from Karnataka"));
    assert!(offers(&state, "place Raja"), "place 1 and move 1");
    act(&mut state, "place Raja");
    assert_eq!(legal(&state), ["done"]);
    act(&mut state, "done");
    assert_eq!(state.space(SpaceId::Andhra).rajas.total(), 4);
    assert_eq!(state.space(SpaceId::Karnataka).rajas.total(), 2);
}

#[test]
fn rule_4_4_3_compel_at_influence_2_gains_a_token_and_removing_ds_rebels_the_placed_rajas() {
    // Influence ≥ 2: +1 cavalry; remove a DS Troop or Governor or a BK Amir; if a DS unit
    // was removed, the Rajas placed by this Compel become Rebelling (OQ-48).
    let mut state = opening(VN);
    state.shift_influence(VN, 2).unwrap();
    decree(&mut state, "Compel");
    acts(
        &mut state,
        &["select Tamilakam", "place Raja", "place Raja", "done"],
    );
    assert_eq!(state.cavalry(VN), 1);
    assert_eq!(legal(&state), ["remove Troop in Tamilakam", "no"]);
    act(&mut state, "remove Troop in Tamilakam");
    let t = *state.space(SpaceId::Tamilakam);
    assert_eq!(t.troops, 0);
    assert_eq!((t.rajas.obedient, t.rajas.rebelling), (1, 2));
    assert!(command_awaited(&state, VN));
}

#[test]
fn rule_4_4_3_compel_removing_an_amir_leaves_the_rajas_obedient() {
    let mut state = opening(VN);
    state.shift_influence(VN, 3).unwrap();
    decree(&mut state, "Compel");
    acts(&mut state, &["select Madhyadesh", "place Raja", "done"]);
    assert!(offers(&state, "remove Troop in Madhyadesh"));
    assert!(offers(&state, "remove Obedient Amir in Madhyadesh"));
    act(&mut state, "remove Obedient Amir in Madhyadesh");
    let m = *state.space(SpaceId::Madhyadesh);
    assert_eq!(
        (m.amirs.total(), m.rajas.obedient, m.rajas.rebelling),
        (1, 1, 0)
    );
}

#[test]
fn rule_4_4_3_oq_48_the_removal_is_optional_and_the_token_is_gained_anyway() {
    let mut state = opening(VN);
    state.shift_influence(VN, 2).unwrap();
    decree(&mut state, "Compel");
    acts(
        &mut state,
        &["select Tamilakam", "place Raja", "done", "no"],
    );
    assert_eq!(state.cavalry(VN), 1);
    let t = *state.space(SpaceId::Tamilakam);
    assert_eq!((t.troops, t.rajas.obedient), (1, 2));
}

#[test]
fn rule_4_4_3_oq_48_moved_rajas_keep_their_state() {
    // Moved Rajas keep their state, even when a DS unit is removed.
    let mut state = opening(VN);
    state.shift_influence(VN, 2).unwrap();
    state
        .set_loyalty(SpaceId::Karnataka, OBEDIENT_RAJA, 1)
        .unwrap();
    decree(&mut state, "Compel");
    acts(
        &mut state,
        &[
            "select Tamilakam",
            "move Obedient Raja from Karnataka",
            "move Rebelling Raja from Karnataka",
            "done",
            "remove Troop in Tamilakam",
        ],
    );
    let t = *state.space(SpaceId::Tamilakam);
    assert_eq!((t.rajas.obedient, t.rajas.rebelling), (2, 1));
}

#[test]
fn rule_4_2_decrees_are_listed_per_faction() {
    // §4.2–§4.4: each faction has its own three Decrees.
    let expected = [
        (
            DS,
            [
                "decree Collect Tribute",
                "decree Campaign",
                "decree Demand Obedience",
            ],
        ),
        (BK, ["decree Trade", "decree Build", "decree Conspire"]),
        (VN, ["decree Tax", "decree Build", "decree Compel"]),
    ];
    for (player, decrees) in expected {
        let mut state = opening(player);
        act(&mut state, "option Command & Decree");
        let offered: Vec<String> = legal(&state)
            .into_iter()
            .filter(|a| a.starts_with("decree"))
            .collect();
        assert_eq!(offered, decrees, "{player}");
        assert_eq!(DecreeKind::of(player).len(), 3);
    }
}

#[test]
fn rule_4_4_3_rajas_placed_in_a_vn_controlled_province_are_rebelling() {
    // §4.4.3 step 3: placed Rajas are Rebelling if the Province is VN-controlled (R2).
    let mut state = opening(VN);
    state.set_tributary(SpaceId::Karnataka, false).unwrap();
    decree(&mut state, "Compel");
    acts(&mut state, &["select Karnataka", "place Raja", "done"]);
    let k = state.space(SpaceId::Karnataka).rajas;
    assert_eq!((k.obedient, k.rebelling), (0, 4));
}
