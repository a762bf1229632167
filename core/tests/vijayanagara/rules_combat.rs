//! Rule tests for combat (§3.X, bringing together §1.10, §3.2.4, §3.3.4, §3.4.4 and §3.5.3),
//! written from the rules specification (`vijayanagara.md`) and its rulings, not from the
//! engine's code.
//!
//! Dice are fixed with the test hook `force_dice` (attacker's dice first, then the
//! defender's). How many dice a battle rolled is read from how many forced dice are left.

use super::common;

use common::*;
use darbar::vijayanagara::{DecisionKind, Piece, Player, SpaceId, State};

// ----- helpers ------------------------------------------------------------------------------

/// A game on the first Event card with `first` to decide, an empty map, and every cavalry
/// token in the pool.
fn battlefield(first: Player) -> State {
    let mut state = opening(first);
    clear_board(&mut state);
    pool_all_cavalry(&mut state);
    state
}

/// The shared [`common::invasion`] position (this local helper shadows it), with an empty map
/// and every cavalry token in the pool.
fn invasion() -> State {
    let mut state = common::invasion();
    clear_board(&mut state);
    pool_all_cavalry(&mut state);
    state
}

fn give_cavalry(state: &mut State, player: Player, n: u8) {
    assert_eq!(state.gain_cavalry_from_pool(player, n), n);
}

/// Makes `n` Obedient units of `piece` in `space` Rebelling, whatever the Province's status.
fn rebel(state: &mut State, space: SpaceId, piece: Piece, n: u8) {
    state.set_loyalty(space, piece, n).unwrap();
}

/// Starts a full DS Attack in `space` against `defender` (DS's option decision pending).
fn ds_attack(state: &mut State, space: &str, defender: &str) {
    acts(
        state,
        &[
            "option Event or Command",
            "command Attack",
            &format!("select {space}"),
            &format!("defender {defender}"),
        ],
    );
}

fn is_combat_decision(state: &State) -> bool {
    matches!(
        state.decision().map(|d| d.kind),
        Some(DecisionKind::Combat { .. })
    )
}

// ----- C-2 dice counts ------------------------------------------------------------------------

#[test]
fn rule_3_x_c2_ds_rolls_4_dice_and_the_defender_2() {
    // §3.2.4 step 3. The attacker's cavalry window lists a Charge for each own die and a
    // Screen for each opposing die.
    let mut state = battlefield(DS);
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Karnataka, Piece::Troop, 1).unwrap();
    give_cavalry(&mut state, DS, 1);
    ds_attack(&mut state, "Karnataka", "VN");
    state.force_dice(&[6; 10]);
    act(&mut state, "done");
    assert_eq!(state.forced_dice().len(), 4, "6 dice rolled");
    assert_eq!(player_to_decide(&state), DS);
    assert_eq!(
        legal(&state),
        [
            "charge die 1",
            "charge die 2",
            "charge die 3",
            "charge die 4",
            "screen die 1",
            "screen die 2",
            "done"
        ]
    );
}

#[test]
fn rule_3_x_c2_a_fort_costs_ds_a_die_against_bk() {
    // §3.2.4 step 3: DS rolls 3 if the defender is BK and a Fort stands in the space.
    let mut state = battlefield(DS);
    state.place(SpaceId::Gujarat, Piece::Fort, 1).unwrap();
    state.place(SpaceId::Gujarat, Piece::Troop, 1).unwrap();
    ds_attack(&mut state, "Gujarat", "BK");
    state.force_dice(&[6; 10]);
    act(&mut state, "done");
    assert_eq!(state.forced_dice().len(), 5, "3 + 2 dice");
}

#[test]
fn rule_3_x_c2_a_fort_costs_vn_a_die_against_bk_but_never_bk() {
    // §3.4.4 step 3: VN rolls 3 against BK where a Fort stands. §3.3.4 step 3: Forts only
    // protect BK; BK always rolls 4.
    let mut state = battlefield(VN);
    state.place(SpaceId::Gondwana, Piece::Fort, 1).unwrap();
    state.place(SpaceId::Gondwana, OBEDIENT_RAJA, 1).unwrap();
    acts(
        &mut state,
        &[
            "option Event or Command",
            "command Attack",
            "select Gondwana",
            "defender BK",
        ],
    );
    state.force_dice(&[6; 10]);
    act(&mut state, "done");
    assert_eq!(state.forced_dice().len(), 5, "VN: 3 + 2 dice");

    let mut state = battlefield(BK);
    state.place(SpaceId::Gondwana, Piece::Fort, 1).unwrap();
    state.place(SpaceId::Gondwana, OBEDIENT_AMIR, 1).unwrap();
    state.place(SpaceId::Gondwana, OBEDIENT_RAJA, 1).unwrap();
    state.place(SpaceId::Gondwana, Piece::Troop, 1).unwrap();
    for defender in ["VN", "DS"] {
        let mut state = state.clone();
        acts(
            &mut state,
            &[
                "option Event or Command",
                "command Attack",
                "select Gondwana",
                &format!("defender {defender}"),
            ],
        );
        state.force_dice(&[6; 10]);
        act(&mut state, "done");
        assert_eq!(state.forced_dice().len(), 4, "BK vs {defender}: 4 + 2 dice");
    }
}

#[test]
fn rule_3_x_c2_mongols_roll_3_dice_in_delhi_and_4_elsewhere() {
    // §3.5.3: MI rolls 4 dice (3 in Delhi); DS rolls 2.
    for (space, rolled) in [("Delhi", 5), ("Punjab", 6), ("Mountain Passes", 6)] {
        let mut state = invasion();
        let id: SpaceId = space.parse().unwrap();
        state.place(id, Piece::Mongol, 2).unwrap();
        state.place(id, Piece::Troop, 2).unwrap();
        state.force_dice(&[6; 10]);
        acts(
            &mut state,
            &["command Attack and Plunder", &format!("select {space}")],
        );
        assert_eq!(state.forced_dice().len(), 10 - rolled, "{space}");
    }
}

#[test]
fn rule_3_x_c2_ds_rolls_4_dice_against_mongols_in_delhi() {
    // C-2: only an MI attacker is cut to 3 dice in Delhi.
    let mut state = battlefield(DS);
    state.place(SpaceId::Delhi, Piece::Mongol, 2).unwrap();
    state.place(SpaceId::Delhi, Piece::Troop, 2).unwrap();
    ds_attack(&mut state, "Delhi", "MI");
    state.force_dice(&[6; 10]);
    act(&mut state, "done");
    assert_eq!(state.forced_dice().len(), 4);
}

// ----- C-4 / C-5 cavalry ----------------------------------------------------------------------

#[test]
fn rule_3_x_c4_oq_38_charge_lowers_an_own_die_by_one_never_below_one() {
    // §1.10: a Charge reduces one of the spender's own dice by 1, never below 1; several
    // Charges may go on the same die; a spent token goes back to the pool.
    let mut state = battlefield(DS);
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Karnataka, OBEDIENT_RAJA, 2).unwrap();
    rebel(&mut state, SpaceId::Karnataka, OBEDIENT_RAJA, 2);
    state.place(SpaceId::Karnataka, Piece::Troop, 1).unwrap();
    give_cavalry(&mut state, DS, 3);
    ds_attack(&mut state, "Karnataka", "VN");
    state.force_dice(&[1, 3, 6, 6, 6, 6]);
    act(&mut state, "done");
    assert!(!offers(&state, "charge die 1"), "it shows 1");
    refused(&mut state, "charge die 1", "3.X");
    acts(&mut state, &["charge die 2", "charge die 2"]);
    assert!(!offers(&state, "charge die 2"), "it now shows 1");
    assert_eq!(state.cavalry(DS), 1);
    assert_eq!(state.cavalry_pool(), 9);
    act(&mut state, "done");
    // 1 Troop: threshold 1. Dice 1, 1, 6, 6: two hits.
    assert_eq!(player_to_decide(&state), VN);
    acts(
        &mut state,
        &[
            "remove Rebelling Raja in Karnataka",
            "remove Rebelling Raja in Karnataka",
        ],
    );
    assert_eq!(state.space(SpaceId::Karnataka).rajas.total(), 0);
    assert_eq!(state.space(SpaceId::Karnataka).troops, 1, "VN rolled 6, 6");
}

#[test]
fn rule_3_x_c4_oq_38_screen_removes_an_opposing_die_unless_it_shows_1() {
    let mut state = battlefield(DS);
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Karnataka, OBEDIENT_RAJA, 4).unwrap();
    state.place(SpaceId::Karnataka, Piece::Troop, 2).unwrap();
    give_cavalry(&mut state, DS, 2);
    ds_attack(&mut state, "Karnataka", "VN");
    // VN (4 Rajas, threshold 4) rolls 1 and 4: two hits unless one die is screened.
    state.force_dice(&[6, 6, 6, 6, 1, 4]);
    act(&mut state, "done");
    assert!(!offers(&state, "screen die 1"), "it shows 1");
    refused(&mut state, "screen die 1", "3.X");
    act(&mut state, "screen die 2");
    assert!(!offers(&state, "screen die 2"), "already removed");
    act(&mut state, "done");
    assert_eq!(state.cavalry(DS), 1);
    // One hit: DS removes one of its participating Troops.
    assert_eq!(player_to_decide(&state), DS);
    act(&mut state, "remove Troop in Karnataka");
    assert_eq!(state.space(SpaceId::Karnataka).troops, 1);
    assert!(!is_combat_decision(&state));
}

#[test]
fn rule_3_x_c5_oq_38_one_window_per_side_attacker_first() {
    let mut state = battlefield(DS);
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Karnataka, OBEDIENT_RAJA, 2).unwrap();
    state.place(SpaceId::Karnataka, Piece::Troop, 1).unwrap();
    give_cavalry(&mut state, DS, 1);
    give_cavalry(&mut state, VN, 2);
    ds_attack(&mut state, "Karnataka", "VN");
    state.force_dice(&[2, 6, 6, 6, 2, 6]);
    act(&mut state, "done");
    assert_eq!(player_to_decide(&state), DS);
    act(&mut state, "done");
    // VN's window: Charge its own 2, Screen DS's 2.
    assert_eq!(player_to_decide(&state), VN);
    assert!(offers(&state, "charge die 1"));
    assert!(offers(&state, "screen die 1"));
    // Its last token spent, VN's window closes.
    acts(&mut state, &["screen die 1", "charge die 1"]);
    assert_eq!(state.cavalry(VN), 0);
    // No second DS window: VN's 1 (threshold 2) hits; DS's dice all miss.
    assert_eq!(player_to_decide(&state), DS);
    assert_eq!(legal(&state), ["remove Troop in Karnataka"]);
    act(&mut state, "remove Troop in Karnataka");
    assert_eq!(state.space(SpaceId::Karnataka).rajas.total(), 2);
    assert_eq!(state.cavalry(DS), 1, "DS never spent its token");
}

// ----- C-6 hits -------------------------------------------------------------------------------

#[test]
fn rule_3_x_c6_oq_39_threshold_is_min_of_units_and_5_and_a_6_misses() {
    // 7 Troops: threshold 5. Dice 5, 5, 6, 6: two hits.
    let mut state = battlefield(DS);
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Karnataka, OBEDIENT_RAJA, 3).unwrap();
    rebel(&mut state, SpaceId::Karnataka, OBEDIENT_RAJA, 3);
    state.place(SpaceId::Karnataka, Piece::Troop, 7).unwrap();
    ds_attack(&mut state, "Karnataka", "VN");
    state.force_dice(&[5, 5, 6, 6, 6, 6]);
    act(&mut state, "done");
    acts(
        &mut state,
        &[
            "remove Rebelling Raja in Karnataka",
            "remove Rebelling Raja in Karnataka",
        ],
    );
    assert!(!is_combat_decision(&state), "exactly 2 hits");
    assert_eq!(state.space(SpaceId::Karnataka).rajas.total(), 1);
}

#[test]
fn rule_3_x_c6_threshold_is_the_number_of_participating_units() {
    // 2 Troops: threshold 2. Dice 1, 2, 3, 4: two hits.
    let mut state = battlefield(DS);
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Karnataka, OBEDIENT_RAJA, 3).unwrap();
    rebel(&mut state, SpaceId::Karnataka, OBEDIENT_RAJA, 3);
    state.place(SpaceId::Karnataka, Piece::Troop, 2).unwrap();
    ds_attack(&mut state, "Karnataka", "VN");
    state.force_dice(&[1, 2, 3, 4, 6, 6]);
    act(&mut state, "done");
    acts(
        &mut state,
        &[
            "remove Temple in Karnataka",
            "remove Rebelling Raja in Karnataka",
        ],
    );
    assert!(!is_combat_decision(&state));
    assert_eq!(state.space(SpaceId::Karnataka).rajas.total(), 2);
    assert_eq!(state.space(SpaceId::Karnataka).structure, None);
}

#[test]
fn rule_3_x_c6_oq_39_supporters_count_towards_the_threshold() {
    // OQ-35: the attacker's count is all participants, supporters included. 1 Troop in the
    // space + 2 supporters: threshold 3; dice 3, 3, 4, 6: two hits.
    let mut state = battlefield(DS);
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Karnataka, OBEDIENT_RAJA, 3).unwrap();
    rebel(&mut state, SpaceId::Karnataka, OBEDIENT_RAJA, 3);
    state.place(SpaceId::Karnataka, Piece::Troop, 1).unwrap();
    state.place(SpaceId::Andhra, Piece::Qasbah, 1).unwrap();
    state.place(SpaceId::Andhra, Piece::Troop, 2).unwrap();
    ds_attack(&mut state, "Karnataka", "VN");
    acts(
        &mut state,
        &[
            "support with Troop from Andhra",
            "support with Troop from Andhra",
        ],
    );
    state.force_dice(&[3, 3, 4, 6, 6, 6]);
    act(&mut state, "done");
    acts(
        &mut state,
        &[
            "remove Rebelling Raja in Karnataka",
            "remove Rebelling Raja in Karnataka",
        ],
    );
    assert!(!is_combat_decision(&state));
}

#[test]
fn rule_3_x_c6_oq_39_a_charged_six_can_hit() {
    // OQ-39: the check uses the modified value, so a 6 charged to 5 hits (threshold 5).
    let mut state = battlefield(DS);
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Karnataka, Piece::Troop, 5).unwrap();
    give_cavalry(&mut state, DS, 1);
    ds_attack(&mut state, "Karnataka", "VN");
    state.force_dice(&[6, 6, 6, 6, 6, 6]);
    acts(&mut state, &["done", "charge die 1"]);
    assert_eq!(legal(&state), ["remove Temple in Karnataka"]);
    act(&mut state, "remove Temple in Karnataka");
    assert_eq!(state.space(SpaceId::Karnataka).structure, None);
}

#[test]
fn rule_3_x_c6_a_side_with_no_units_scores_no_hits() {
    // C-6: "A side with 0 participating units scores no hits" — a lone Temple rolls 1, 1.
    let mut state = battlefield(DS);
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Karnataka, Piece::Troop, 1).unwrap();
    ds_attack(&mut state, "Karnataka", "VN");
    state.force_dice(&[1, 6, 6, 6, 1, 1]);
    act(&mut state, "done");
    assert_eq!(legal(&state), ["remove Temple in Karnataka"]);
    act(&mut state, "remove Temple in Karnataka");
    assert!(!is_combat_decision(&state));
    assert_eq!(state.space(SpaceId::Karnataka).troops, 1);
}

// ----- C-7 losses -----------------------------------------------------------------------------

#[test]
fn rule_3_x_c7_losses_are_simultaneous_and_each_side_chooses_its_own() {
    // C-7: the defender removes its own pieces (units or structures), the attacker its own
    // participating units, each choosing; hits are counted before any loss.
    let mut state = battlefield(BK);
    state.place(SpaceId::Gujarat, OBEDIENT_AMIR, 2).unwrap();
    rebel(&mut state, SpaceId::Gujarat, OBEDIENT_AMIR, 1);
    state.place(SpaceId::Gujarat, Piece::Troop, 1).unwrap();
    state.place(SpaceId::Gujarat, Piece::Governor, 1).unwrap();
    state.place(SpaceId::Gujarat, Piece::Qasbah, 1).unwrap();
    acts(
        &mut state,
        &[
            "option Event or Command",
            "command Attack",
            "select Gujarat",
            "defender DS",
        ],
    );
    // BK (2 Amirs, threshold 2) rolls 1, 1, 6, 6: 2 hits. DS (2 units) rolls 1, 6: 1 hit.
    state.force_dice(&[1, 1, 6, 6, 1, 6]);
    act(&mut state, "done");
    assert_eq!(player_to_decide(&state), DS);
    assert_eq!(
        legal(&state),
        [
            "remove Troop in Gujarat",
            "remove Governor in Gujarat",
            "remove Qasbah in Gujarat"
        ]
    );
    // DS loses both its units; its hit still counts.
    acts(
        &mut state,
        &["remove Troop in Gujarat", "remove Governor in Gujarat"],
    );
    assert_eq!(player_to_decide(&state), BK);
    assert!(offers(&state, "remove Obedient Amir in Gujarat"));
    assert!(offers(&state, "remove Rebelling Amir in Gujarat"));
    act(&mut state, "remove Rebelling Amir in Gujarat");
    assert!(!is_combat_decision(&state));
    let g = *state.space(SpaceId::Gujarat);
    assert_eq!(
        (g.troops, g.governors, g.amirs.obedient, g.amirs.rebelling),
        (0, 0, 1, 0)
    );
    assert_eq!(g.structure, Some(darbar::vijayanagara::Structure::Qasbah));
}

#[test]
fn rule_3_x_c7_extra_hits_are_lost_and_the_attacker_loses_only_participants() {
    // C-7: the attacker removes min(hits, N_a) of its participating units; extra hits are
    // lost. A supporter stays in its own space and is lost there.
    let mut state = battlefield(DS);
    state.place(SpaceId::Gujarat, Piece::Fort, 1).unwrap();
    state.place(SpaceId::Gujarat, OBEDIENT_AMIR, 2).unwrap();
    state.place(SpaceId::Sindh, Piece::Qasbah, 1).unwrap();
    state.place(SpaceId::Sindh, Piece::Troop, 3).unwrap();
    state.place(SpaceId::Malwa, Piece::Troop, 2).unwrap();
    ds_attack(&mut state, "Gujarat", "BK");
    act(&mut state, "support with Troop from Sindh");
    // DS (3 dice: a Fort) misses; BK (2 Amirs) rolls 1, 1: two hits on one participant.
    state.force_dice(&[6, 6, 6, 1, 1]);
    act(&mut state, "done");
    assert_eq!(player_to_decide(&state), DS);
    assert_eq!(legal(&state), ["remove Troop in Sindh"]);
    act(&mut state, "remove Troop in Sindh");
    assert!(!is_combat_decision(&state));
    assert_eq!(state.space(SpaceId::Sindh).troops, 2);
    assert_eq!(state.space(SpaceId::Malwa).troops, 2);
}

#[test]
fn rule_3_1_2_c7_a_ds_supporter_lost_in_battle_leaves_the_qasbah_space_its_unused_troop() {
    // §3.1.2: a piece takes part in one attack per Command. C-7: a supporter that dies is
    // removed; the Troop of the Qasbah space that did not take part is still unused, so it
    // can support another attack and attack in its own space.
    let mut state = battlefield(DS);
    state.place(SpaceId::Andhra, Piece::Qasbah, 1).unwrap();
    state.place(SpaceId::Andhra, Piece::Troop, 3).unwrap();
    state.place(SpaceId::Andhra, OBEDIENT_RAJA, 1).unwrap();
    rebel(&mut state, SpaceId::Andhra, OBEDIENT_RAJA, 1);
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Karnataka, OBEDIENT_RAJA, 1).unwrap();
    state.place(SpaceId::Tamilakam, Piece::Temple, 1).unwrap();
    ds_attack(&mut state, "Karnataka", "VN");
    acts(
        &mut state,
        &[
            "support with Troop from Andhra",
            "support with Troop from Andhra",
        ],
    );
    // DS misses; VN (1 Raja, threshold 1) rolls 1, 6: one hit on a supporter.
    state.force_dice(&[6, 6, 6, 6, 1, 6]);
    act(&mut state, "done");
    act(&mut state, "remove Troop in Andhra");
    assert!(!is_combat_decision(&state));
    assert_eq!(state.space(SpaceId::Andhra).troops, 2, "1 used, 1 unused");
    // The unused Troop supports an attack on Tamilakam...
    acts(&mut state, &["select Tamilakam", "defender VN"]);
    assert!(offers(&state, "support with Troop from Andhra"));
    act(&mut state, "support with Troop from Andhra");
    assert!(
        !offers(&state, "support with Troop from Andhra"),
        "the other Troop was used against Karnataka"
    );
}

#[test]
fn rule_3_1_2_c7_a_ds_supporter_lost_in_battle_leaves_its_space_a_unit_to_attack_with() {
    // As above, the unused Troop attacks in its own space instead.
    let mut state = battlefield(DS);
    state.place(SpaceId::Andhra, Piece::Qasbah, 1).unwrap();
    state.place(SpaceId::Andhra, Piece::Troop, 3).unwrap();
    state.place(SpaceId::Andhra, OBEDIENT_RAJA, 1).unwrap();
    rebel(&mut state, SpaceId::Andhra, OBEDIENT_RAJA, 1);
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Karnataka, OBEDIENT_RAJA, 1).unwrap();
    ds_attack(&mut state, "Karnataka", "VN");
    acts(
        &mut state,
        &[
            "support with Troop from Andhra",
            "support with Troop from Andhra",
        ],
    );
    state.force_dice(&[6, 6, 6, 6, 1, 6]);
    act(&mut state, "done");
    act(&mut state, "remove Troop in Andhra");
    assert!(
        offers(&state, "select Andhra"),
        "Andhra has an unused Troop"
    );
    acts(&mut state, &["select Andhra", "defender VN"]);
    // The one unused Troop takes part (threshold 1): 1, 6, 6, 6 is one hit. Had none been
    // left, Andhra could not have been selected (C-6: no participant, no hits).
    state.force_dice(&[1, 6, 6, 6, 6, 6]);
    act(&mut state, "done");
    assert_eq!(player_to_decide(&state), VN);
    act(&mut state, "remove Rebelling Raja in Andhra");
    assert_eq!(state.space(SpaceId::Andhra).rajas.total(), 0);
}

#[test]
fn rule_3_1_2_c7_a_bk_supporter_lost_in_battle_leaves_the_fort_space_its_unused_amir() {
    // §3.3.4: up to 2 Amirs from adjacent Provinces with a Fort; §3.1.2 and C-7 as above.
    let mut state = battlefield(BK);
    state.place(SpaceId::Gondwana, Piece::Fort, 1).unwrap();
    state.place(SpaceId::Gondwana, OBEDIENT_AMIR, 3).unwrap();
    state.place(SpaceId::Orissa, OBEDIENT_RAJA, 1).unwrap();
    state.place(SpaceId::Andhra, OBEDIENT_RAJA, 1).unwrap();
    acts(
        &mut state,
        &[
            "option Event or Command",
            "command Attack",
            "select Orissa",
            "defender VN",
            "support with Obedient Amir from Gondwana",
            "support with Obedient Amir from Gondwana",
        ],
    );
    // BK misses; VN (1 Raja) rolls 1, 6: one hit on a supporter.
    state.force_dice(&[6, 6, 6, 6, 1, 6]);
    act(&mut state, "done");
    act(&mut state, "remove Obedient Amir in Gondwana");
    assert!(!is_combat_decision(&state));
    assert_eq!(state.space(SpaceId::Gondwana).amirs.total(), 2);
    acts(&mut state, &["select Andhra", "defender VN"]);
    assert!(offers(&state, "support with Obedient Amir from Gondwana"));
    act(&mut state, "support with Obedient Amir from Gondwana");
    assert!(!offers(&state, "support with Obedient Amir from Gondwana"));
}

#[test]
fn rule_3_1_2_c7_a_vn_supporter_lost_in_battle_leaves_the_temple_space_its_unused_raja() {
    // §3.4.4: 1 Raja from an adjacent Province with a Temple; §3.1.2 and C-7 as above.
    let mut state = battlefield(VN);
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Karnataka, OBEDIENT_RAJA, 2).unwrap();
    state.place(SpaceId::Andhra, OBEDIENT_AMIR, 1).unwrap();
    state.place(SpaceId::Maharashtra, OBEDIENT_AMIR, 1).unwrap();
    acts(
        &mut state,
        &[
            "option Event or Command",
            "command Attack",
            "select Andhra",
            "defender BK",
            "support with Obedient Raja from Karnataka",
        ],
    );
    // VN misses; BK (1 Amir) rolls 1, 6: the supporter dies.
    state.force_dice(&[6, 6, 6, 6, 1, 6]);
    act(&mut state, "done");
    act(&mut state, "remove Obedient Raja in Karnataka");
    assert!(!is_combat_decision(&state));
    assert_eq!(state.space(SpaceId::Karnataka).rajas.total(), 1);
    acts(&mut state, &["select Maharashtra", "defender BK"]);
    assert!(offers(&state, "support with Obedient Raja from Karnataka"));
}

// ----- §3.2.4 play note, OQ-36 ----------------------------------------------------------------

#[test]
fn rule_3_2_4_oq_36_obedient_units_are_safe_without_a_rebel_of_the_defender() {
    // A DS attack may take the defender's Obedient Amirs/Rajas only if the defender has a
    // Rebelling unit there; otherwise only its Rebelling units and structures.
    let mut state = battlefield(DS);
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Karnataka, OBEDIENT_RAJA, 2).unwrap();
    state.place(SpaceId::Karnataka, Piece::Troop, 3).unwrap();
    ds_attack(&mut state, "Karnataka", "VN");
    state.force_dice(&[1, 1, 1, 6, 6, 6]);
    act(&mut state, "done");
    assert_eq!(player_to_decide(&state), VN);
    assert_eq!(legal(&state), ["remove Temple in Karnataka"]);
    refused(&mut state, "remove Obedient Raja in Karnataka", "3.X");
    act(&mut state, "remove Temple in Karnataka");
    assert!(!is_combat_decision(&state), "the other 2 hits are lost");
    assert_eq!(state.space(SpaceId::Karnataka).rajas.obedient, 2);
}

#[test]
fn rule_3_2_4_oq_36_a_rebel_of_another_faction_does_not_expose_obedient_units() {
    // OQ-36: "That means a Rebelling unit of the defending faction."
    let mut state = battlefield(DS);
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Karnataka, OBEDIENT_RAJA, 2).unwrap();
    state.place(SpaceId::Karnataka, OBEDIENT_AMIR, 1).unwrap();
    rebel(&mut state, SpaceId::Karnataka, OBEDIENT_AMIR, 1);
    state.place(SpaceId::Karnataka, Piece::Troop, 3).unwrap();
    ds_attack(&mut state, "Karnataka", "VN");
    state.force_dice(&[1, 1, 1, 6, 6, 6]);
    act(&mut state, "done");
    assert_eq!(player_to_decide(&state), VN);
    assert_eq!(legal(&state), ["remove Temple in Karnataka"]);
    act(&mut state, "remove Temple in Karnataka");
    assert!(!is_combat_decision(&state));
    assert_eq!(state.space(SpaceId::Karnataka).rajas.obedient, 2);
}

#[test]
fn rule_3_2_4_oq_36_obedient_units_fall_beside_a_rebel_of_their_own() {
    let mut state = battlefield(DS);
    state.place(SpaceId::Karnataka, Piece::Temple, 1).unwrap();
    state.place(SpaceId::Karnataka, OBEDIENT_RAJA, 4).unwrap();
    rebel(&mut state, SpaceId::Karnataka, OBEDIENT_RAJA, 1);
    state.place(SpaceId::Karnataka, Piece::Troop, 3).unwrap();
    ds_attack(&mut state, "Karnataka", "VN");
    state.force_dice(&[1, 1, 1, 6, 6, 6]);
    act(&mut state, "done");
    assert!(offers(&state, "remove Obedient Raja in Karnataka"));
    assert!(offers(&state, "remove Rebelling Raja in Karnataka"));
    assert!(offers(&state, "remove Temple in Karnataka"));
    acts(
        &mut state,
        &[
            "remove Obedient Raja in Karnataka",
            "remove Obedient Raja in Karnataka",
            "remove Obedient Raja in Karnataka",
        ],
    );
    assert!(!is_combat_decision(&state));
    let k = *state.space(SpaceId::Karnataka);
    assert_eq!((k.rajas.obedient, k.rajas.rebelling), (0, 1));
}

#[test]
fn rule_3_x_bk_and_vn_attacks_may_take_obedient_units() {
    // The §3.2.4 play note restricts DS attacks only; a BK attack takes any VN piece.
    let mut state = battlefield(BK);
    state.place(SpaceId::Gondwana, OBEDIENT_AMIR, 2).unwrap();
    state.place(SpaceId::Gondwana, OBEDIENT_RAJA, 2).unwrap();
    acts(
        &mut state,
        &[
            "option Event or Command",
            "command Attack",
            "select Gondwana",
            "defender VN",
        ],
    );
    state.force_dice(&[1, 6, 6, 6, 6, 6]);
    act(&mut state, "done");
    assert_eq!(legal(&state), ["remove Obedient Raja in Gondwana"]);
}

// ----- MI automatic Charge --------------------------------------------------------------------

#[test]
fn rule_3_x_mongol_charge_turns_a_miss_into_a_hit() {
    // mongol_charge: a die showing threshold + 1 is reduced by 1. 2 Mongols: a 3 becomes 2.
    let mut state = invasion();
    state
        .place(SpaceId::MountainPasses, Piece::Mongol, 2)
        .unwrap();
    state
        .place(SpaceId::MountainPasses, Piece::Troop, 2)
        .unwrap();
    state.force_dice(&[3, 6, 6, 6, 6, 6]);
    acts(
        &mut state,
        &["command Attack and Plunder", "select Mountain Passes"],
    );
    assert_eq!(player_to_decide(&state), DS);
    act(&mut state, "remove Troop in Mountain Passes");
    assert_eq!(state.space(SpaceId::MountainPasses).troops, 1);
    assert_eq!(state.space(SpaceId::MountainPasses).mongols, 2);
}

#[test]
fn rule_3_x_mongol_charge_with_five_mongols_turns_a_six_into_a_hit() {
    let mut state = invasion();
    state.place(SpaceId::Punjab, Piece::Mongol, 5).unwrap();
    state.place(SpaceId::Punjab, Piece::Troop, 2).unwrap();
    state.place(SpaceId::Sindh, Piece::Troop, 1).unwrap();
    state.force_dice(&[6, 6, 6, 6, 6, 6]);
    acts(&mut state, &["command Attack and Plunder", "select Punjab"]);
    act(&mut state, "remove Troop in Punjab");
    assert_eq!(state.space(SpaceId::Punjab).troops, 1);
}

#[test]
fn rule_3_x_mongol_charge_protects_a_two_from_screens() {
    // mongol_charge: with no die at threshold + 1, a 2 becomes 1, which cannot be screened.
    let mut state = invasion();
    state
        .place(SpaceId::MountainPasses, Piece::Mongol, 3)
        .unwrap();
    state
        .place(SpaceId::MountainPasses, Piece::Troop, 2)
        .unwrap();
    give_cavalry(&mut state, DS, 1);
    state.force_dice(&[2, 6, 6, 6, 6, 6]);
    acts(
        &mut state,
        &["command Attack and Plunder", "select Mountain Passes"],
    );
    // DS's window comes after the Mongols' Charge (they attack, C-4 before C-5).
    assert_eq!(player_to_decide(&state), DS);
    assert!(!offers(&state, "screen die 1"));
    assert!(offers(&state, "screen die 2"));
    act(&mut state, "done");
    assert_eq!(legal(&state), ["remove Troop in Mountain Passes"]);
}

#[test]
fn rule_3_x_mongol_charge_without_a_useful_die_changes_nothing() {
    // 3 Mongols (threshold 3), dice 5, 6, 6, 6: no 4 and no 2, so no effect and no hit.
    let mut state = invasion();
    state
        .place(SpaceId::MountainPasses, Piece::Mongol, 3)
        .unwrap();
    state
        .place(SpaceId::MountainPasses, Piece::Troop, 2)
        .unwrap();
    give_cavalry(&mut state, DS, 1);
    state.force_dice(&[5, 6, 6, 6, 6, 6]);
    acts(
        &mut state,
        &["command Attack and Plunder", "select Mountain Passes"],
    );
    // Every Mongol die still shows its roll: all four may be screened.
    for die in 1..=4 {
        assert!(offers(&state, &format!("screen die {die}")), "die {die}");
    }
    act(&mut state, "done");
    assert!(!is_combat_decision(&state));
    assert_eq!(state.space(SpaceId::MountainPasses).troops, 2);
}

#[test]
fn rule_3_x_oq_33_oq_40_mongols_defending_charge_after_the_ds_window() {
    // OQ-33: DS may attack Mongols; MI defends with 2 dice and its automatic Charge, which
    // comes in its own window, after DS's (OQ-40). Mongol losses go back to the MI box.
    let mut state = battlefield(DS);
    state.place(SpaceId::Punjab, Piece::Mongol, 3).unwrap();
    state.place(SpaceId::Punjab, Piece::Troop, 2).unwrap();
    give_cavalry(&mut state, DS, 1);
    let available = state.available().mongols;
    ds_attack(&mut state, "Punjab", "MI");
    // DS (2 Troops) rolls 1, 2, 6, 6: 2 hits. MI (3 Mongols) rolls 4, 6: the 4 is charged to 3.
    state.force_dice(&[1, 2, 6, 6, 4, 6]);
    act(&mut state, "done");
    // In DS's window the Mongol die still shows 4.
    assert!(offers(&state, "screen die 1"));
    act(&mut state, "done");
    assert_eq!(player_to_decide(&state), DS);
    assert_eq!(legal(&state), ["remove Troop in Punjab"]);
    act(&mut state, "remove Troop in Punjab");
    assert_eq!(state.space(SpaceId::Punjab).mongols, 1);
    assert_eq!(state.available().mongols, available + 2);
}

#[test]
fn rule_3_x_ds_may_screen_the_mongol_die_before_it_is_charged() {
    // The same battle, but DS screens the 4 in its window: the Mongols score nothing.
    let mut state = battlefield(DS);
    state.place(SpaceId::Punjab, Piece::Mongol, 3).unwrap();
    state.place(SpaceId::Punjab, Piece::Troop, 2).unwrap();
    give_cavalry(&mut state, DS, 1);
    ds_attack(&mut state, "Punjab", "MI");
    state.force_dice(&[6, 6, 6, 6, 4, 6]);
    acts(&mut state, &["done", "screen die 1", "done"]);
    assert!(!is_combat_decision(&state));
    assert_eq!(state.space(SpaceId::Punjab).troops, 2);
}

// ----- C-8 BK–VN Influence --------------------------------------------------------------------

#[test]
fn rule_3_x_c8_the_side_that_lost_fewer_pieces_shifts_influence() {
    // §3.4.4, C-8: the side that lost fewer gains 1 Influence, the other loses 1. Structures
    // count as removed pieces.
    let mut state = battlefield(VN);
    state.shift_influence(BK, 1).unwrap();
    state.place(SpaceId::Gondwana, Piece::Fort, 1).unwrap();
    state.place(SpaceId::Gondwana, OBEDIENT_AMIR, 1).unwrap();
    state.place(SpaceId::Gondwana, OBEDIENT_RAJA, 2).unwrap();
    acts(
        &mut state,
        &[
            "option Event or Command",
            "command Attack",
            "select Gondwana",
            "defender BK",
        ],
    );
    // VN (3 dice: a Fort) rolls 1, 1, 6: 2 hits. BK rolls 6, 6.
    state.force_dice(&[1, 1, 6, 6, 6]);
    act(&mut state, "done");
    assert_eq!(player_to_decide(&state), BK);
    acts(
        &mut state,
        &[
            "remove Fort in Gondwana",
            "remove Obedient Amir in Gondwana",
        ],
    );
    assert_eq!(state.influence(VN), Some(1));
    assert_eq!(state.influence(BK), Some(0));
}

#[test]
fn rule_3_x_c8_the_attacker_can_lose_influence_too() {
    // BK attacks VN and loses more: BK −1, VN +1.
    let mut state = battlefield(BK);
    state.shift_influence(BK, 3).unwrap();
    state.place(SpaceId::Gondwana, OBEDIENT_AMIR, 2).unwrap();
    state.place(SpaceId::Gondwana, OBEDIENT_RAJA, 2).unwrap();
    acts(
        &mut state,
        &[
            "option Event or Command",
            "command Attack",
            "select Gondwana",
            "defender VN",
        ],
    );
    // BK rolls all 6s; VN (2 Rajas) rolls 1, 2: 2 hits.
    state.force_dice(&[6, 6, 6, 6, 1, 2]);
    act(&mut state, "done");
    assert_eq!(player_to_decide(&state), BK);
    acts(
        &mut state,
        &[
            "remove Obedient Amir in Gondwana",
            "remove Obedient Amir in Gondwana",
        ],
    );
    assert_eq!(state.influence(BK), Some(2));
    assert_eq!(state.influence(VN), Some(1));
}

#[test]
fn rule_3_x_c8_equal_losses_change_no_influence() {
    let mut state = battlefield(BK);
    state.shift_influence(BK, 1).unwrap();
    state.shift_influence(VN, 1).unwrap();
    state.place(SpaceId::Gondwana, OBEDIENT_AMIR, 2).unwrap();
    state.place(SpaceId::Gondwana, OBEDIENT_RAJA, 2).unwrap();
    acts(
        &mut state,
        &[
            "option Event or Command",
            "command Attack",
            "select Gondwana",
            "defender VN",
        ],
    );
    state.force_dice(&[1, 6, 6, 6, 1, 6]);
    act(&mut state, "done");
    acts(
        &mut state,
        &[
            "remove Obedient Raja in Gondwana",
            "remove Obedient Amir in Gondwana",
        ],
    );
    assert!(!is_combat_decision(&state));
    assert_eq!(state.influence(BK), Some(1));
    assert_eq!(state.influence(VN), Some(1));
}

#[test]
fn rule_3_x_c8_no_influence_change_in_a_battle_with_ds() {
    let mut state = battlefield(BK);
    state.shift_influence(BK, 1).unwrap();
    state.place(SpaceId::Gujarat, OBEDIENT_AMIR, 2).unwrap();
    state.place(SpaceId::Gujarat, Piece::Troop, 1).unwrap();
    acts(
        &mut state,
        &[
            "option Event or Command",
            "command Attack",
            "select Gujarat",
            "defender DS",
        ],
    );
    state.force_dice(&[1, 6, 6, 6, 6, 6]);
    act(&mut state, "done");
    act(&mut state, "remove Troop in Gujarat");
    assert_eq!(state.influence(BK), Some(1));
    assert_eq!(state.influence(VN), Some(0));
}

#[test]
fn rule_3_x_c9_control_is_recomputed_after_losses() {
    // C-9: after the battle, recompute control and apply R1/R2. Orissa: Independent, 2 Rajas
    // vs 2 Troops, uncontrolled; DS attacks the Rebelling Rajas and loses both Troops while VN
    // loses nothing: VN controls.
    let mut state = battlefield(DS);
    state.set_tributary(SpaceId::Orissa, false).unwrap();
    state.place(SpaceId::Orissa, Piece::Troop, 2).unwrap();
    state.place(SpaceId::Orissa, OBEDIENT_RAJA, 2).unwrap();
    rebel(&mut state, SpaceId::Orissa, OBEDIENT_RAJA, 1);
    assert_eq!(state.controller(SpaceId::Orissa), None);
    ds_attack(&mut state, "Orissa", "VN");
    state.force_dice(&[6, 6, 6, 6, 1, 2]);
    act(&mut state, "done");
    acts(
        &mut state,
        &["remove Troop in Orissa", "remove Troop in Orissa"],
    );
    assert_eq!(state.controller(SpaceId::Orissa), Some(VN));
    assert_eq!(state.space(SpaceId::Orissa).rajas.rebelling, 2);
}

#[test]
fn rule_3_x_c1_oq_35_structures_are_not_units_for_the_threshold() {
    // C-1: D_units = the defender's units in the space; structures are not units. DS (1 Troop
    // and a Qasbah) defends against 2 Mongols: threshold 1, so its 2 misses.
    let mut state = invasion();
    state
        .place(SpaceId::MountainPasses, Piece::Mongol, 2)
        .unwrap();
    state
        .place(SpaceId::MountainPasses, Piece::Troop, 1)
        .unwrap();
    state
        .place(SpaceId::MountainPasses, Piece::Qasbah, 1)
        .unwrap();
    state.force_dice(&[6, 6, 6, 6, 2, 6]);
    acts(
        &mut state,
        &["command Attack and Plunder", "select Mountain Passes"],
    );
    assert!(!is_combat_decision(&state));
    assert_eq!(state.space(SpaceId::MountainPasses).mongols, 2);
}
