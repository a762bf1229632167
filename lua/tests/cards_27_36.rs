//! The default deck's cards 27–36 against the test scenarios of the deck file (§5 rows 27–36),
//! played through the real game flow (the rules playing the deck's [`Cards`]), with the
//! choices the scenarios bracket, those of the granted Commands and Decrees included.
//!
//! Each scenario builds its "Start" position (the §2.1 setup plus the listed changes, made with
//! the core's primitives), plays the side, and compares the whole board with the start edited
//! as the scenario lists: "everything not listed keeps its start value". Victory Points follow
//! the pieces, the Tributary markers and the Influence (§5.1–§5.3); where a listed change moves
//! them, the expected board says so.

mod support;

use darbar::engine::Game;
use darbar::vijayanagara::{
    Action, CommandKind, DecisionKind, DecreeKind, EventProgress, EventSide, Faction, Log, Loyalty,
    Piece, PieceSource, Player, SpaceId, State, Structure, TurnOption,
};
use darbar_lua::Cards;
use support::{
    BK, Board, DS, VN, apply_all, assert_board, game_on_card, in_event, play_event, rules,
    run_direct,
};

use EventSide::{Shaded, Unshaded};
use SpaceId::*;

/// The index of each track in [`Board::influence`].
const BK_TRACK: usize = 0;
const VN_TRACK: usize = 1;

fn host() -> Cards {
    Cards::standard()
}

fn select(space: SpaceId) -> Action {
    Action::Select(space)
}

/// One piece of a refill taken from the holding box (C8, §1.9).
fn refill_from_box() -> Action {
    Action::Refill(PieceSource::Available)
}

/// The choices of the decision pending now, without the §1.5.2 gifts offered everywhere.
fn offered(state: &State) -> Vec<Action> {
    state
        .decision()
        .expect("a decision is pending")
        .choices
        .into_iter()
        .filter(|a| !matches!(a, Action::Give))
        .collect()
}

/// Takes Event or Command and starts `side` of the current card, answering nothing yet.
fn start_event(state: &mut State, host: &Cards, side: EventSide) {
    let mut log = Log::silent();
    rules(host)
        .apply(state, Action::Option(TurnOption::EventOrCommand), &mut log)
        .unwrap();
    rules(host)
        .apply(state, Action::Event(side), &mut log)
        .unwrap();
}

// ----- card 27 --------------------------------------------------------------------------------

#[test]
fn card_27_unshaded_orissa_becomes_independent_and_vn_places_a_raja() {
    // Deck §5 row 27 U, start: setup.
    let mut state = game_on_card(27);
    let mut expected = Board::of(&state);
    // [VN places]: "VN may" is VN's question (C1).
    play_event(&mut state, &host(), Unshaded, &[Action::Yes]);
    // Orissa Independent, 1 Rebelling Raja, VN-controlled; VN avail Rajas 7; DS VP 17;
    // VN VP 1.
    expected.tributary.remove(Orissa);
    expected.at(Orissa).rajas.rebelling = 1;
    expected.available.rajas = 7;
    expected.vp[DS] = 17;
    expected.vp[VN] = 1;
    assert_board(&state, &expected);
    assert_eq!(state.controller(Orissa), Some(Player::Vijayanagara));
}

#[test]
fn card_27_unshaded_vn_decides_and_may_decline_the_raja() {
    // C1: the text names VN, so VN is asked, whoever carries out the Event (DS here).
    let host = host();
    let mut state = game_on_card(27);
    let mut expected = Board::of(&state);
    start_event(&mut state, &host, Unshaded);
    let decision = state.decision().unwrap();
    assert_eq!(decision.player, Player::Vijayanagara);
    assert_eq!(decision.kind, DecisionKind::Event { card: 27 });
    assert_eq!(offered(&state), [Action::Yes, Action::No]);
    apply_all(&mut state, &host, &[Action::No]);
    assert!(!in_event(&state));
    // The marker still goes (C11): Orissa Independent, empty, uncontrolled; DS VP 17.
    expected.tributary.remove(Orissa);
    expected.vp[DS] = 17;
    assert_board(&state, &expected);
    assert_eq!(state.controller(Orissa), None);
}

#[test]
fn card_27_shaded_ds_campaigns_from_madhyadesh_into_orissa_and_gains_2() {
    // Deck §5 row 27 S, start: setup.
    let mut state = game_on_card(27);
    let mut expected = Board::of(&state);
    let troop = Action::Move {
        from: Madhyadesh,
        piece: Piece::Troop,
    };
    // [origin Madhyadesh → Orissa (adjacent, §1.3.5), both Troops]: the granted Campaign
    // (§4.2.2, OQ-45): the origin, the pieces picked up, the step, the end.
    play_event(
        &mut state,
        &host(),
        Shaded,
        &[
            select(Madhyadesh),
            troop,
            troop,
            select(Orissa),
            Action::Done,
        ],
    );
    // Madhyadesh 0 Troops + 2 Amirs; Orissa 2 Troops, Tributary; DS Res 14.
    expected.at(Madhyadesh).troops = 0;
    expected.at(Orissa).troops = 2;
    expected.resources[DS] = 14;
    assert_board(&state, &expected);
    assert_eq!(state.space(Madhyadesh).amirs.obedient, 2);
    assert!(state.is_tributary(Orissa));
}

#[test]
fn card_27_shaded_the_campaign_may_end_only_in_orissa_or_a_province_next_to_it() {
    // Deck §2 card 27 S: the destination is Orissa or a Province adjacent to Orissa (Jaunpur,
    // Gondwana, Madhyadesh, Andhra). A path may pass through Maharashtra, but not end there.
    let host = host();
    let mut state = game_on_card(27);
    let mut expected = Board::of(&state);
    start_event(&mut state, &host, Shaded);
    let decision = state.decision().unwrap();
    assert_eq!(decision.player, Player::Sultanate);
    assert_eq!(
        decision.kind,
        DecisionKind::Decree {
            kind: DecreeKind::Campaign
        }
    );
    let troop = Action::Move {
        from: Madhyadesh,
        piece: Piece::Troop,
    };
    apply_all(
        &mut state,
        &host,
        &[select(Madhyadesh), troop, select(Maharashtra)],
    );
    let here = offered(&state);
    assert!(
        !here.contains(&Action::Done),
        "Maharashtra is no destination: {here:?}"
    );
    assert!(here.contains(&select(Andhra)), "{here:?}");
    apply_all(&mut state, &host, &[select(Andhra), Action::Done]);
    assert!(!in_event(&state));
    // One Troop from Madhyadesh to Andhra; DS Res 14 (+2).
    expected.at(Madhyadesh).troops = 1;
    expected.at(Andhra).troops = 2;
    expected.resources[DS] = 14;
    assert_board(&state, &expected);
}

// ----- card 28 --------------------------------------------------------------------------------

/// Card 28, start: setup + VN Influence 1 (L1 slot empty; VN avail Rajas 10).
fn card_28_start() -> State {
    let mut state = game_on_card(28);
    state.shift_influence(Player::Vijayanagara, 1).unwrap();
    assert_eq!(state.available().rajas, 10);
    assert_eq!(
        state.influence_track(Player::Vijayanagara).unwrap().slots[0],
        0
    );
    state
}

#[test]
fn card_28_unshaded_bk_conspires_in_andhra_replacing_a_raja_at_influence_0() {
    // Deck §5 row 28 U. BK's Influence is 0: only the card's extension lets Conspire reach
    // Andhra (adjacent to Gondwana's Amir) and replace a Raja (§4.3.3).
    let host = host();
    let mut state = card_28_start();
    assert_eq!(state.influence(Player::Bahmani), Some(0));
    let mut expected = Board::of(&state);
    start_event(&mut state, &host, Unshaded);
    let decision = state.decision().unwrap();
    assert_eq!(decision.player, Player::Bahmani);
    assert_eq!(
        decision.kind,
        DecisionKind::Decree {
            kind: DecreeKind::Conspire
        }
    );
    assert!(offered(&state).contains(&select(Andhra)));
    // [Andhra, adjacent to Gondwana's Amir: 1 Obedient Raja replaced by 1 Obedient Amir]
    apply_all(
        &mut state,
        &host,
        &[
            select(Andhra),
            Action::Remove {
                space: Andhra,
                piece: Piece::Raja(Loyalty::Obedient),
            },
            Action::Loyalty(Loyalty::Obedient),
        ],
    );
    // "In 1 Province only": no second Province is offered, so the Decree is over without a
    // further question.
    assert!(matches!(
        state.decision().unwrap().kind,
        DecisionKind::TurnOption { .. }
    ));
    // Andhra 1 Troop + Qasbah + 1 Raja + 1 Amir; VN avail Rajas 11; BK avail Amirs 5; BK Res 6.
    expected.at(Andhra).rajas.obedient = 1;
    expected.at(Andhra).amirs.obedient = 1;
    expected.available.rajas = 11;
    expected.available.amirs = 5;
    assert_board(&state, &expected);
    assert_eq!(state.space(Andhra).troops, 1);
    assert_eq!(state.space(Andhra).structure, Some(Structure::Qasbah));
}

#[test]
fn card_28_unshaded_through_play_event() {
    // Deck §5 row 28 U, the same answers through the shared helper.
    let mut state = card_28_start();
    let mut expected = Board::of(&state);
    play_event(
        &mut state,
        &host(),
        Unshaded,
        &[
            select(Andhra),
            Action::Remove {
                space: Andhra,
                piece: Piece::Raja(Loyalty::Obedient),
            },
            Action::Loyalty(Loyalty::Obedient),
        ],
    );
    expected.at(Andhra).rajas.obedient = 1;
    expected.at(Andhra).amirs.obedient = 1;
    expected.available.rajas = 11;
    expected.available.amirs = 5;
    assert_board(&state, &expected);
}

#[test]
fn card_28_shaded_vn_drops_to_0_and_refills_its_slot_both_lose_2() {
    // Deck §5 row 28 S.
    let mut state = card_28_start();
    let mut expected = Board::of(&state);
    // [VN refills L1 from avail]: C8, one piece at a time, VN choosing (the map holds Rajas
    // too, so there is a choice).
    play_event(
        &mut state,
        &host(),
        Shaded,
        &[refill_from_box(), refill_from_box()],
    );
    // BK shift ignored (at 0); VN Influence 0; VN avail Rajas 8; BK Res 4; VN Res 5.
    expected.influence[VN_TRACK].level = 0;
    expected.influence[VN_TRACK].slots[0] = 2;
    expected.available.rajas = 8;
    expected.resources[BK] = 4;
    expected.resources[VN] = 5;
    expected.vp[VN] = 0; // Influence 1 → 0 (§5.3)
    assert_board(&state, &expected);
}

#[test]
fn card_28_shaded_the_refill_is_vns_choice() {
    // C8: the Influence faction chooses each piece's source, here one from the map.
    let host = host();
    let mut state = card_28_start();
    let mut expected = Board::of(&state);
    start_event(&mut state, &host, Shaded);
    let decision = state.decision().unwrap();
    assert_eq!(decision.player, Player::Vijayanagara);
    let karnataka = Action::Refill(PieceSource::Map(Karnataka, Loyalty::Obedient));
    assert!(offered(&state).contains(&karnataka));
    apply_all(&mut state, &host, &[karnataka, refill_from_box()]);
    assert!(!in_event(&state));
    expected.influence[VN_TRACK].level = 0;
    expected.influence[VN_TRACK].slots[0] = 2;
    expected.at(Karnataka).rajas.obedient = 2;
    expected.available.rajas = 9;
    expected.resources[BK] = 4;
    expected.resources[VN] = 5;
    expected.vp[VN] = 0;
    assert_board(&state, &expected);
}

// ----- card 29 --------------------------------------------------------------------------------

/// Card 29, start: setup + 1 Obedient Amir in Karnataka (BK avail Amirs 5).
fn card_29_start() -> State {
    let mut state = game_on_card(29);
    state
        .place(Karnataka, Piece::Amir(Loyalty::Obedient), 1)
        .unwrap();
    assert_eq!(state.available().amirs, 5);
    state
}

#[test]
fn card_29_unshaded_vn_gains_influence_and_removes_the_amir_of_karnataka() {
    // Deck §5 row 29 U.
    let mut state = card_29_start();
    let mut expected = Board::of(&state);
    // [VN removes the Karnataka Amir]: Karnataka is the only Province with a Raja and an Amir.
    play_event(&mut state, &host(), Unshaded, &[select(Karnataka)]);
    // VN Influence 1, L1 released → VN avail Rajas 10; BK shift ignored; BK avail Amirs 6.
    expected.influence[VN_TRACK].level = 1;
    expected.influence[VN_TRACK].slots[0] = 0;
    expected.available.rajas = 10;
    expected.at(Karnataka).amirs.obedient = 0;
    expected.available.amirs = 6;
    expected.vp[VN] = 1; // Influence 1 (§5.3)
    assert_board(&state, &expected);
}

#[test]
fn card_29_unshaded_vn_may_remove_no_amir() {
    // C1 "VN may": VN is asked, with the Provinces that hold a Raja and an Amir, or done.
    let host = host();
    let mut state = card_29_start();
    let mut expected = Board::of(&state);
    start_event(&mut state, &host, Unshaded);
    assert_eq!(state.decision().unwrap().player, Player::Vijayanagara);
    assert_eq!(offered(&state), [select(Karnataka), Action::Done]);
    apply_all(&mut state, &host, &[Action::Done]);
    assert!(!in_event(&state));
    expected.influence[VN_TRACK].level = 1;
    expected.influence[VN_TRACK].slots[0] = 0;
    expected.available.rajas = 10;
    expected.vp[VN] = 1;
    assert_board(&state, &expected);
}

#[test]
fn card_29_shaded_bk_and_vn_lose_2_and_ds_gains_1_per_shared_province() {
    // Deck §5 row 29 S.
    let mut state = card_29_start();
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[]);
    // BK Res 4; VN Res 5; DS Res 13 (only Karnataka holds both).
    expected.resources = [13, 4, 5];
    assert_board(&state, &expected);
}

// ----- card 30 --------------------------------------------------------------------------------

/// Card 30, start: setup + BK Influence 1; VN Influence 2 (VN avail Rajas 12); BK cavalry 1;
/// VN cavalry 1 (pool 6).
fn card_30_start() -> State {
    let mut state = game_on_card(30);
    state.shift_influence(Player::Bahmani, 1).unwrap();
    state.shift_influence(Player::Vijayanagara, 2).unwrap();
    state.gain_cavalry_from_pool(Player::Bahmani, 1);
    state.gain_cavalry_from_pool(Player::Vijayanagara, 1);
    assert_eq!(state.available().rajas, 12);
    assert_eq!(state.cavalry_pool(), 6);
    state
}

#[test]
fn card_30_unshaded_bk_up_vn_down_and_bk_takes_vns_cavalry() {
    // Deck §5 row 30 U.
    let mut state = card_30_start();
    let mut expected = Board::of(&state);
    // [VN refills L2 from avail]
    play_event(
        &mut state,
        &host(),
        Unshaded,
        &[refill_from_box(), refill_from_box()],
    );
    // BK Influence 2, L2 released → BK avail Amirs 8; VN Influence 1, VN avail Rajas 10;
    // BK cavalry 2, VN 0, pool 6.
    expected.influence[BK_TRACK].level = 2;
    expected.influence[BK_TRACK].slots[1] = 0;
    expected.available.amirs = 8;
    expected.influence[VN_TRACK].level = 1;
    expected.influence[VN_TRACK].slots[1] = 2;
    expected.available.rajas = 10;
    expected.cavalry[BK] = 2;
    expected.cavalry[VN] = 0;
    expected.pool = 6;
    expected.vp[BK] = 2; // Influence 2 (§5.2)
    expected.vp[VN] = 1; // Influence 1 (§5.3)
    assert_board(&state, &expected);
}

#[test]
fn card_30_unshaded_with_vn_holding_no_cavalry_bk_gains_from_the_pool() {
    // C10 "first from VN": VN holds none, so the token comes from the pool.
    let mut state = card_30_start();
    state.return_cavalry(Player::Vijayanagara, 1).unwrap();
    let mut expected = Board::of(&state);
    play_event(
        &mut state,
        &host(),
        Unshaded,
        &[refill_from_box(), refill_from_box()],
    );
    expected.influence[BK_TRACK].level = 2;
    expected.influence[BK_TRACK].slots[1] = 0;
    expected.available.amirs = 8;
    expected.influence[VN_TRACK].level = 1;
    expected.influence[VN_TRACK].slots[1] = 2;
    expected.available.rajas = 10;
    expected.cavalry[BK] = 2;
    expected.pool = 6;
    expected.vp[BK] = 2;
    expected.vp[VN] = 1;
    assert_board(&state, &expected);
}

#[test]
fn card_30_shaded_both_shift_down_return_cavalry_and_ds_gains_2() {
    // Deck §5 row 30 S.
    let mut state = card_30_start();
    let mut expected = Board::of(&state);
    // [refill L2 from avail]; BK has no slot at level 1, so its drop asks nothing.
    play_event(
        &mut state,
        &host(),
        Shaded,
        &[refill_from_box(), refill_from_box()],
    );
    // BK Influence 0; VN Influence 1, VN avail Rajas 10; BK cavalry 0, VN 0, pool 8; DS Res 14.
    expected.influence[BK_TRACK].level = 0;
    expected.influence[VN_TRACK].level = 1;
    expected.influence[VN_TRACK].slots[1] = 2;
    expected.available.rajas = 10;
    expected.cavalry[BK] = 0;
    expected.cavalry[VN] = 0;
    expected.pool = 8;
    expected.resources[DS] = 14;
    expected.vp[BK] = 0;
    expected.vp[VN] = 1;
    assert_board(&state, &expected);
}

// ----- card 31 --------------------------------------------------------------------------------

/// Card 31, start: setup + Fort in Madhyadesh (BK avail Forts 4).
fn card_31_start() -> State {
    let mut state = game_on_card(31);
    state.place(Madhyadesh, Piece::Fort, 1).unwrap();
    assert_eq!(state.available().forts, 4);
    state
}

#[test]
fn card_31_unshaded_bk_builds_a_fort_in_maharashtra_and_gains_1() {
    // Deck §5 row 31 U.
    let host = host();
    let mut state = card_31_start();
    let mut expected = Board::of(&state);
    start_event(&mut state, &host, Unshaded);
    let decision = state.decision().unwrap();
    assert_eq!(decision.player, Player::Bahmani);
    assert_eq!(
        decision.kind,
        DecisionKind::Decree {
            kind: DecreeKind::Build
        }
    );
    // §4.3.2: Provinces with an Amir and no structure (Madhyadesh has its Fort).
    assert_eq!(
        offered(&state),
        [
            select(Gujarat),
            select(Gondwana),
            select(Maharashtra),
            Action::Done
        ]
    );
    // [Build in Maharashtra]
    apply_all(&mut state, &host, &[select(Maharashtra)]);
    assert!(!in_event(&state));
    // Fort in Maharashtra; BK avail Forts 3; BK Res 7; BK VP 2.
    expected.at(Maharashtra).structure = Some(Structure::Fort);
    expected.available.forts = 3;
    expected.resources[BK] = 7;
    expected.vp[BK] = 2;
    assert_board(&state, &expected);
}

#[test]
fn card_31_unshaded_through_play_event() {
    // Deck §5 row 31 U, through the shared helper.
    let mut state = card_31_start();
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[select(Maharashtra)]);
    expected.at(Maharashtra).structure = Some(Structure::Fort);
    expected.available.forts = 3;
    expected.resources[BK] = 7;
    expected.vp[BK] = 2;
    assert_board(&state, &expected);
}

#[test]
fn card_31_shaded_removes_the_fort_of_madhyadesh_and_bk_loses_2() {
    // Deck §5 row 31 S.
    let mut state = card_31_start();
    let mut expected = Board::of(&state);
    // [Madhyadesh: 2 DS Troops]: the only Province with a Fort and a Governor or 2 Troops.
    play_event(&mut state, &host(), Shaded, &[select(Madhyadesh)]);
    // Fort removed; BK avail Forts 5; BK Res 4; BK VP 0.
    expected.at(Madhyadesh).structure = None;
    expected.available.forts = 5;
    expected.resources[BK] = 4;
    expected.vp[BK] = 0;
    assert_board(&state, &expected);
}

#[test]
fn card_31_shaded_a_fort_without_2_troops_or_a_governor_is_not_offered() {
    // Deck §2 card 31 S: a Fort in Gujarat (1 Troop, no Governor) does not qualify.
    let host = host();
    let mut state = card_31_start();
    state.place(Gujarat, Piece::Fort, 1).unwrap();
    start_event(&mut state, &host, Shaded);
    assert_eq!(offered(&state), [select(Madhyadesh)]);
}

// ----- card 32 --------------------------------------------------------------------------------

#[test]
fn card_32_unshaded_vn_moves_3_rajas_into_tamilakam_and_removes_the_troop() {
    // Deck §5 row 32 U, start: setup.
    let mut state = game_on_card(32);
    let mut expected = Board::of(&state);
    let from_karnataka = Action::Move {
        from: Karnataka,
        piece: Piece::Raja(Loyalty::Obedient),
    };
    // [3 from Karnataka; remove the 1 Troop]: VN says how many, then which, then how many
    // DS units (only the Troop qualifies, so which is not asked).
    play_event(
        &mut state,
        &host(),
        Unshaded,
        &[
            Action::Count(3),
            from_karnataka,
            from_karnataka,
            from_karnataka,
            Action::Count(1),
        ],
    );
    // Karnataka 0 Rajas; Tamilakam 4 Obedient Rajas, 0 Troops, Tributary; DS avail Troops 11.
    expected.at(Karnataka).rajas.obedient = 0;
    expected.at(Tamilakam).rajas.obedient = 4;
    expected.at(Tamilakam).troops = 0;
    expected.available.troops = 11;
    assert_board(&state, &expected);
    assert!(state.is_tributary(Tamilakam));
}

#[test]
fn card_32_unshaded_vn_chooses_the_counts() {
    // C1, C2: VN (named) answers "how many", 0 to 3 Rajas and 0 to 1 DS unit here.
    let host = host();
    let mut state = game_on_card(32);
    let expected = Board::of(&state);
    start_event(&mut state, &host, Unshaded);
    assert_eq!(state.decision().unwrap().player, Player::Vijayanagara);
    assert_eq!(
        offered(&state),
        (0..=3).map(Action::Count).collect::<Vec<_>>()
    );
    apply_all(&mut state, &host, &[Action::Count(0)]);
    assert_eq!(offered(&state), [Action::Count(0), Action::Count(1)]);
    apply_all(&mut state, &host, &[Action::Count(0)]);
    assert!(!in_event(&state));
    assert_board(&state, &expected);
}

#[test]
fn card_32_shaded_ds_places_2_troops_in_tamilakam_and_the_vn_shift_is_ignored() {
    // Deck §5 row 32 S, start: setup.
    let mut state = game_on_card(32);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[]);
    // Tamilakam 3 Troops + 1 Raja; DS avail Troops 8; VN shift ignored (at 0).
    expected.at(Tamilakam).troops = 3;
    expected.available.troops = 8;
    assert_board(&state, &expected);
}

// ----- card 33 --------------------------------------------------------------------------------

#[test]
fn card_33_unshaded_bk_migrates_into_andhra_pays_for_the_shift_and_gains_cavalry() {
    // Deck §5 row 33 U, start: setup.
    let mut state = game_on_card(33);
    let mut expected = Board::of(&state);
    // [destination Andhra; Gondwana's Amir moves in (adjacent, §1.3.5); BK pays 1 for the
    // shift]: the granted Migrate's own decisions.
    play_event(
        &mut state,
        &host(),
        Unshaded,
        &[
            select(Andhra),
            Action::Move {
                from: Gondwana,
                piece: Piece::Amir(Loyalty::Obedient),
            },
            Action::Done,
            Action::Yes,
        ],
    );
    // Gondwana empty; Andhra 1 Troop + Qasbah + 2 Rajas + 1 Obedient Amir; BK Res 5; BK
    // Influence 1 (VN shift ignored); BK cavalry 1, pool 7.
    expected.at(Gondwana).amirs.obedient = 0;
    expected.at(Andhra).amirs.obedient = 1;
    expected.resources[BK] = 5;
    expected.influence[BK_TRACK].level = 1;
    expected.cavalry[BK] = 1;
    expected.pool = 7;
    expected.vp[BK] = 1; // Influence 1 (§5.2)
    assert_board(&state, &expected);
}

#[test]
fn card_33_unshaded_the_migrate_has_one_destination_that_holds_a_raja() {
    // Deck §2 card 33 U: the destinations offered are the Provinces holding a Raja that BK's
    // Amirs can reach (§3.3.2): Andhra and Karnataka, not Tamilakam (no Amir next to it).
    // The Migrate is not optional ("carries out"), so there is no Done before a destination.
    let host = host();
    let mut state = game_on_card(33);
    start_event(&mut state, &host, Unshaded);
    let decision = state.decision().unwrap();
    assert_eq!(decision.player, Player::Bahmani);
    assert_eq!(
        decision.kind,
        DecisionKind::Command {
            faction: Faction::Bahmani,
            kind: CommandKind::Migrate,
            space: None
        }
    );
    assert_eq!(offered(&state), [select(Andhra), select(Karnataka)]);
    // One destination only: once the Amir is in and the shift declined, the Migrate is over.
    apply_all(
        &mut state,
        &host,
        &[
            select(Karnataka),
            Action::Move {
                from: Maharashtra,
                piece: Piece::Amir(Loyalty::Obedient),
            },
            Action::Done,
            Action::No,
        ],
    );
    assert!(!in_event(&state));
    assert!(matches!(
        state.decision().map(|d| d.kind),
        Some(DecisionKind::TurnOption { .. })
    ));
    assert_eq!(state.space(Karnataka).amirs.obedient, 1);
    assert_eq!(state.resources(Player::Bahmani), 6, "free, shift declined");
    assert_eq!(state.cavalry(Player::Bahmani), 1);
}

#[test]
fn card_33_shaded_bk_loses_2_and_ds_gains_a_cavalry_token() {
    // Deck §5 row 33 S, start: setup.
    let mut state = game_on_card(33);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[]);
    // BK shift ignored (at 0); BK Res 4; DS cavalry 3, pool 7.
    expected.resources[BK] = 4;
    expected.cavalry[DS] = 3;
    expected.pool = 7;
    assert_board(&state, &expected);
}

// ----- card 34 --------------------------------------------------------------------------------

/// Card 34, start: setup + BK cavalry 1 (pool 7).
fn card_34_start() -> State {
    let mut state = game_on_card(34);
    state.gain_cavalry_from_pool(Player::Bahmani, 1);
    assert_eq!(state.cavalry_pool(), 7);
    state
}

#[test]
fn card_34_unshaded_vn_takes_bks_cavalry_then_one_from_the_pool_and_places_a_raja() {
    // Deck §5 row 34 U.
    let mut state = card_34_start();
    let mut expected = Board::of(&state);
    // [Karnataka]
    play_event(&mut state, &host(), Unshaded, &[select(Karnataka)]);
    // VN cavalry 2 (1 from BK, 1 from the pool); BK cavalry 0; pool 6; Karnataka 4 Rajas;
    // VN avail Rajas 7.
    expected.cavalry[VN] = 2;
    expected.cavalry[BK] = 0;
    expected.pool = 6;
    expected.at(Karnataka).rajas.obedient = 4;
    expected.available.rajas = 7;
    assert_board(&state, &expected);
}

#[test]
fn card_34_shaded_ds_gains_2_cavalry_from_the_pool_when_vn_holds_none() {
    // Deck §5 row 34 S.
    let mut state = card_34_start();
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[]);
    // DS cavalry 4 (VN holds none: both from the pool); pool 5; BK keeps 1.
    expected.cavalry[DS] = 4;
    expected.pool = 5;
    assert_board(&state, &expected);
    assert_eq!(state.cavalry(Player::Bahmani), 1);
}

#[test]
fn card_34_shaded_takes_first_from_vn() {
    // C10 "first from VN": VN holds 1, so 1 from VN and 1 from the pool.
    let mut state = card_34_start();
    state.gain_cavalry_from_pool(Player::Vijayanagara, 1);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[]);
    expected.cavalry[DS] = 4;
    expected.cavalry[VN] = 0;
    expected.pool -= 1;
    assert_board(&state, &expected);
}

// ----- card 35 --------------------------------------------------------------------------------

#[test]
fn card_35_unshaded_jaunpur_becomes_independent_and_ds_controlled() {
    // Deck §5 row 35 U, start: setup.
    let mut state = game_on_card(35);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[]);
    // Jaunpur Independent, 1 Troop, DS-controlled; DS avail Troops 11; DS VP 16.
    expected.tributary.remove(Jaunpur);
    expected.at(Jaunpur).troops = 1;
    expected.available.troops = 11;
    expected.vp[DS] = 16;
    assert_board(&state, &expected);
    assert_eq!(state.controller(Jaunpur), Some(Player::Sultanate));
}

#[test]
fn card_35_shaded_ds_places_a_governor_and_no_demand_obedience_is_possible() {
    // Deck §5 row 35 S, start: setup. Jaunpur is Tributary, so not DS-controlled (§4.2.3):
    // the granted Decree has no target, so it ends at once without a question (OQ-23).
    let host = host();
    let mut state = game_on_card(35);
    let mut expected = Board::of(&state);
    start_event(&mut state, &host, Shaded);
    assert!(matches!(
        state.decision().unwrap().kind,
        DecisionKind::TurnOption { .. }
    ));
    // Jaunpur 2 Troops + 1 Governor, Tributary; DS avail Governors 3; DS Res 12.
    expected.at(Jaunpur).governors = 1;
    expected.available.governors = 3;
    assert_board(&state, &expected);
    assert!(state.is_tributary(Jaunpur));
}

#[test]
fn card_35_shaded_after_unshaded_demand_obedience_makes_jaunpur_tributary() {
    // Deck §5 row 35, "S applied after U". The card is played once per game: U is carried out
    // directly on the setup, then S is played through the game flow so that its granted
    // Demand Obedience is carried out by the core.
    let host = host();
    let mut state = game_on_card(35);
    let mut expected = Board::of(&state);
    let progress = run_direct(&mut state, &host, 35, Unshaded, Player::Bahmani, &[]);
    assert!(matches!(progress, EventProgress::Done { grants, .. } if grants.is_empty()));
    assert_eq!(state.controller(Jaunpur), Some(Player::Sultanate));
    start_event(&mut state, &host, Shaded);
    // DS may: Jaunpur (DS-controlled, with the Governor just placed) is the only target.
    assert_eq!(offered(&state), [select(Jaunpur), Action::Done]);
    apply_all(&mut state, &host, &[select(Jaunpur)]);
    // In Jaunpur only: nothing else to target, so the Decree is over.
    assert!(matches!(
        state.decision().unwrap().kind,
        DecisionKind::TurnOption { .. }
    ));
    // Jaunpur 1 Troop + 1 Governor, Tributary; DS Res 14; DS VP 18.
    expected.at(Jaunpur).troops = 1;
    expected.at(Jaunpur).governors = 1;
    expected.available.troops = 11;
    expected.available.governors = 3;
    expected.resources[DS] = 14;
    expected.vp[DS] = 18;
    assert_board(&state, &expected);
    assert!(state.is_tributary(Jaunpur));
}

#[test]
fn card_35_shaded_demand_obedience_is_in_jaunpur_only() {
    // Deck §2 card 35 S: with Malwa also Independent and DS-controlled with a Governor (a
    // legal Demand Obedience target, §4.2.3), only Jaunpur is offered.
    let host = host();
    let mut state = game_on_card(35);
    state.set_tributary(Malwa, false).unwrap();
    assert_eq!(state.controller(Malwa), Some(Player::Sultanate));
    run_direct(&mut state, &host, 35, Unshaded, Player::Bahmani, &[]);
    start_event(&mut state, &host, Shaded);
    assert_eq!(offered(&state), [select(Jaunpur), Action::Done]);
    apply_all(&mut state, &host, &[select(Jaunpur)]);
    assert!(!in_event(&state));
    assert!(state.is_tributary(Jaunpur));
    assert!(!state.is_tributary(Malwa));
    assert_eq!(state.resources(Player::Sultanate), 14);
}

#[test]
fn card_35_shaded_after_unshaded_ds_may_decline() {
    // C1 "DS may": the Decree ends with no target; Jaunpur stays Independent, DS-controlled.
    let host = host();
    let mut state = game_on_card(35);
    run_direct(&mut state, &host, 35, Unshaded, Player::Bahmani, &[]);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host, Shaded, &[Action::Done]);
    expected.at(Jaunpur).governors = 1;
    expected.available.governors = 3;
    assert_board(&state, &expected);
    assert_eq!(state.controller(Jaunpur), Some(Player::Sultanate));
}

// ----- card 36 --------------------------------------------------------------------------------

/// Card 36, start: setup + BK Influence 2 (BK avail Amirs 8) + BK cavalry 1 (pool 7).
fn card_36_start() -> State {
    let mut state = game_on_card(36);
    state.shift_influence(Player::Bahmani, 2).unwrap();
    state.gain_cavalry_from_pool(Player::Bahmani, 1);
    assert_eq!(state.available().amirs, 8);
    assert_eq!(state.cavalry_pool(), 7);
    state
}

#[test]
fn card_36_unshaded_bk_gains_influence_and_resources_and_no_fort_means_no_amir() {
    // Deck §5 row 36 U.
    let mut state = card_36_start();
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[]);
    // BK Influence 3; BK Res 8; no Fort, so no Amir placed; BK VP 3.
    expected.influence[BK_TRACK].level = 3;
    expected.resources[BK] = 8;
    expected.vp[BK] = 3;
    assert_board(&state, &expected);
}

#[test]
fn card_36_unshaded_with_a_fort_bk_places_an_amir_there() {
    // Deck §2 card 36 U: BK chooses among the Provinces holding a Fort.
    let mut state = card_36_start();
    state.place(Maharashtra, Piece::Fort, 1).unwrap();
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[select(Maharashtra)]);
    expected.influence[BK_TRACK].level = 3;
    expected.resources[BK] = 8;
    expected.at(Maharashtra).amirs.obedient = 5;
    expected.available.amirs = 7;
    expected.vp[BK] = 4; // Influence 3 + 1 Fort (§5.2)
    assert_board(&state, &expected);
}

#[test]
fn card_36_shaded_bk_drops_refills_and_gives_its_cavalry_to_ds() {
    // Deck §5 row 36 S.
    let mut state = card_36_start();
    let mut expected = Board::of(&state);
    // [BK refills L2 from avail]
    play_event(
        &mut state,
        &host(),
        Shaded,
        &[refill_from_box(), refill_from_box()],
    );
    // BK Influence 1; BK avail Amirs 6; BK cavalry 0, DS cavalry 3; DS Res 14.
    expected.influence[BK_TRACK].level = 1;
    expected.influence[BK_TRACK].slots[1] = 2;
    expected.available.amirs = 6;
    expected.cavalry[BK] = 0;
    expected.cavalry[DS] = 3;
    expected.resources[DS] = 14;
    expected.vp[BK] = 1; // Influence 1 (§5.2)
    assert_board(&state, &expected);
}
