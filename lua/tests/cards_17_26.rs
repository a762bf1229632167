//! The default deck's cards 17–26 against the test scenarios of the deck file (§5 rows 17–26,
//! §5.1 for cards 17 and 19), played through the real game flow (the rules playing the deck's
//! [`Cards`]).
//!
//! Each scenario builds its "Start" position (the §2.1 setup plus the listed changes, made with
//! the core's primitives), plays the side with the bracketed choices, and compares the whole
//! board with the start edited as the scenario lists: "everything not listed keeps its start
//! value".

mod support;

use darbar::engine::{Game, Rule, Snapshot};
use darbar::vijayanagara::{
    Action, Card, CommandKind, DecisionKind, DecreeKind, Dynasty, EventProgress, EventSide,
    Lasting, Log, Loyalty, Options, Piece, PieceKind, PieceSource, PlayOrderBox, Player, SpaceId,
    State, Structure, SuccessionCard, TurnOption,
};
use darbar_lua::Cards;
use support::{
    BK, Board, DS, VN, apply_all, assert_board, game_on_card, in_event, play_event, rules,
    run_direct,
};

use EventSide::{Shaded, Unshaded};
use SpaceId::*;

/// Index of the VN track in [`Board::influence`] (BK is 0).
const VN_TRACK: usize = 1;

fn host() -> Cards {
    Cards::standard()
}

fn select(space: SpaceId) -> Action {
    Action::Select(space)
}

fn remove_troop(space: SpaceId) -> Action {
    Action::Remove {
        space,
        piece: Piece::Troop,
    }
}

/// The choices of the decision pending now, without the gifts of §1.5.2 (offered everywhere).
fn offered(state: &State) -> Vec<Action> {
    state
        .decision()
        .expect("a decision is pending")
        .choices
        .into_iter()
        .filter(|a| !matches!(a, Action::Give))
        .collect()
}

/// The same game, but with its current card moved to the last place of stack 1, just before
/// Zenith of the Delhi Sultanate (card 45), and the cards above it counted as revealed: when
/// this card is over, the next card revealed is the first Succession card (§2.1, §2.5).
fn just_before_zenith(state: &State) -> State {
    let card = state.current_event().expect("an Event card is current");
    let mut snapshot: serde_json::Value = serde_json::from_str(&state.to_snapshot()).unwrap();
    // The cards above it were revealed, the first of them announced long ago (§2.2).
    snapshot["state"]
        .as_object_mut()
        .unwrap()
        .remove("first_card_unannounced");
    let deck = &mut snapshot["state"]["deck"];
    let cards = deck["cards"].as_array_mut().unwrap();
    let zenith = cards
        .iter()
        .position(|c| c["Succession"] == "ZenithOfTheSultanate")
        .unwrap();
    let current = cards.iter().position(|c| c["Event"] == card).unwrap();
    cards.swap(current, zenith - 1);
    deck["drawn"] = zenith.into();
    let moved = State::from_snapshot(&snapshot.to_string()).unwrap();
    assert_eq!(moved.current_event(), Some(card));
    assert_eq!(moved.current_player(), state.current_player());
    assert_eq!(Board::of(&moved), Board::of(state));
    moved
}

// ----- card 17 ------------------------------------------------------------------------------

#[test]
fn card_17_unshaded_removes_2_troops_from_punjab_and_mongols_enter_the_passes() {
    // Deck §5 row 17 U.
    let mut state = game_on_card(17);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[]);
    // Punjab 2 Troops; DS avail Troops 12; Mountain Passes 2 Troops + 2 Mongols; MI box 10.
    expected.at(Punjab).troops = 2;
    expected.available.troops = 12;
    expected.at(MountainPasses).mongols = 2;
    expected.available.mongols = 10;
    assert_board(&state, &expected);
}

#[test]
fn card_17_shaded_ds_places_2_troops_in_punjab_and_finds_no_mongol() {
    // Deck §5 row 17 S: no Mongol on the map, so DS is asked nothing (C2).
    let mut state = game_on_card(17);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[]);
    // Punjab 6 Troops; DS avail Troops 8; no Mongol to remove.
    expected.at(Punjab).troops = 6;
    expected.available.troops = 8;
    assert_board(&state, &expected);
}

#[test]
fn card_17_shaded_ds_chooses_how_many_mongols_and_from_where() {
    // C1: DS is named, so DS answers, though the executor here is DS too; C2 "up to 2".
    // Punjab 1 Mongol, Mountain Passes 2: DS takes 2, one from each space (asked both times,
    // as 2 spaces still hold Mongols and not all of them go).
    let mut state = game_on_card(17);
    state.place(Punjab, Piece::Mongol, 1).unwrap();
    state.place(MountainPasses, Piece::Mongol, 2).unwrap();
    let mut expected = Board::of(&state);
    let mongol = |space| Action::Remove {
        space,
        piece: Piece::Mongol,
    };
    play_event(
        &mut state,
        &host(),
        Shaded,
        &[Action::Count(2), mongol(MountainPasses), mongol(Punjab)],
    );
    expected.at(Punjab).troops = 6;
    expected.available.troops = 8;
    expected.at(Punjab).mongols = 0;
    expected.at(MountainPasses).mongols = 1;
    expected.available.mongols = 11;
    assert_board(&state, &expected);
}

#[test]
fn rule_convention_c15_card_17_shaded_with_nothing_to_do_is_a_legal_no_op() {
    // Deck §5.1 C15: card 17 S with 0 DS avail Troops and no Mongols on the map → nothing
    // changes; the executor's cylinder returns to Eligible (SE Yes).
    let host = host();
    let mut state = game_on_card(17);
    state.place(Delhi, Piece::Troop, 10).unwrap();
    assert_eq!(state.available().troops, 0);
    assert_eq!(state.on_map(PieceKind::Mongol), 0);
    let expected = Board::of(&state);
    assert_eq!(state.current_player(), Some(Player::Sultanate));
    play_event(&mut state, &host, Shaded, &[]);
    assert_board(&state, &expected);
    assert_eq!(
        state.eligibility(Player::Sultanate),
        PlayOrderBox::EventOrCommand
    );
    assert!(state.stays_eligible(Player::Sultanate));
    // BK and VN pass; eligibility is adjusted (§2.3.7) and DS is Eligible again.
    apply_all(
        &mut state,
        &host,
        &[
            Action::Option(TurnOption::Pass),
            Action::Option(TurnOption::Pass),
        ],
    );
    assert_ne!(state.current_event(), Some(17), "the next card is revealed");
    assert_eq!(state.eligibility(Player::Sultanate), PlayOrderBox::Eligible);
}

#[test]
fn rule_convention_c15_with_event_requires_effect_the_no_op_side_is_refused() {
    // C15's option `event_requires_effect`: the same card 17 S changes nothing, so choosing it
    // is refused with an error naming C15, and the state stays as it was; the unshaded side,
    // which does something, is still carried out.
    let host = host();
    let seed = (0..100_000)
        .find(|&seed| State::new(seed).current_event() == Some(17))
        .unwrap();
    let options = Options {
        event_requires_effect: true,
        ..host.rule_options()
    };
    let mut state = State::with_options(seed, options);
    state.place(Delhi, Piece::Troop, 10).unwrap();
    apply_all(
        &mut state,
        &host,
        &[Action::Option(TurnOption::EventOrCommand)],
    );
    let before = state.clone();
    let error = rules(&host)
        .apply(&mut state, Action::Event(Shaded), &mut Log::silent())
        .unwrap_err();
    assert_eq!(error.rule(), Rule("deck C15"));
    assert_eq!(state, before);
    apply_all(&mut state, &host, &[Action::Event(Unshaded)]);
    assert_eq!(state.space(MountainPasses).mongols, 2);
}

// ----- card 18 ------------------------------------------------------------------------------

#[test]
fn card_18_unshaded_token_currency_lasts() {
    // Deck §5 row 18 U: `token_currency` active; nothing else changes.
    let mut state = game_on_card(18);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[]);
    expected.lasting.insert(Lasting::TokenCurrency);
    assert_board(&state, &expected);
}

/// Card 18's game with DS on turn, after DS takes Command & Decree and decrees Collect
/// Tribute; `token_currency` is put in force first if asked.
fn ds_collects_tribute(token_currency: bool) -> (Board, State) {
    let host = host();
    let mut state = game_on_card(18);
    assert_eq!(state.current_player(), Some(Player::Sultanate));
    if token_currency {
        run_direct(&mut state, &host, 18, Unshaded, Player::Sultanate, &[]);
    }
    let before = Board::of(&state);
    apply_all(
        &mut state,
        &host,
        &[
            Action::Option(TurnOption::CommandAndDecree),
            Action::Decree(DecreeKind::CollectTribute),
        ],
    );
    (before, state)
}

#[test]
fn card_18_unshaded_follow_up_collect_tribute_gives_no_resources_but_the_cavalry() {
    // Deck §5 row 18 follow-up: DS Collect Tribute → DS Res stays 12; DS cavalry 4, pool 6.
    let (mut expected, state) = ds_collects_tribute(true);
    assert!(expected.lasting.contains(Lasting::TokenCurrency));
    expected.cavalry[DS] = 4;
    expected.pool = 6;
    assert_board(&state, &expected);
    assert_eq!(state.resources(Player::Sultanate), 12);

    // Without the effect the same Decree gains ⌊18 / 2⌋ = 9 Resources (§4.2.1).
    let (mut expected, state) = ds_collects_tribute(false);
    expected.resources[DS] = 21;
    expected.cavalry[DS] = 4;
    expected.pool = 6;
    assert_board(&state, &expected);
}

#[test]
fn card_18_shaded_ds_gains_5_bk_and_vn_lose_1() {
    // Deck §5 row 18 S.
    let mut state = game_on_card(18);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[]);
    // DS Res 17; BK Res 5; VN Res 6.
    expected.resources = [17, 5, 6];
    assert_board(&state, &expected);
}

// ----- card 19 ------------------------------------------------------------------------------

#[test]
fn card_19_unshaded_ds_removes_4_troops_from_delhi_and_bk_then_vn_gain_cavalry() {
    // Deck §5 row 19 U: [4 from Delhi]. DS chooses each Troop (C1), as Troops stand in many
    // spaces.
    let mut state = game_on_card(19);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[remove_troop(Delhi); 4]);
    // Delhi 0 Troops; DS avail Troops 14; BK cavalry 1, VN cavalry 1, pool 6.
    expected.at(Delhi).troops = 0;
    expected.available.troops = 14;
    expected.cavalry[BK] = 1;
    expected.cavalry[VN] = 1;
    expected.pool = 6;
    assert_board(&state, &expected);
}

#[test]
fn card_19_unshaded_bk_then_vn_take_from_others_when_the_pool_is_empty() {
    // C10 and C12: BK gains first. Pool empty, DS holds 1 token and VN 9: BK takes DS's (its
    // choice between DS and VN); VN then finds only BK holding one and takes it.
    let mut state = game_on_card(19);
    state.gain_cavalry_from_pool(Player::Sultanate, 8);
    state.return_cavalry(Player::Sultanate, 9).unwrap();
    state.gain_cavalry_from_pool(Player::Vijayanagara, 9);
    assert_eq!(state.cavalry_pool(), 0);
    assert_eq!(state.cavalry(Player::Sultanate), 1);
    let mut expected = Board::of(&state);
    play_event(
        &mut state,
        &host(),
        Unshaded,
        &[
            remove_troop(Delhi),
            remove_troop(Delhi),
            remove_troop(Delhi),
            remove_troop(Delhi),
            Action::TakeCavalry(Player::Sultanate),
        ],
    );
    expected.at(Delhi).troops = 0;
    expected.available.troops = 14;
    expected.cavalry = [0, 0, 10];
    assert_board(&state, &expected);
}

#[test]
fn card_19_shaded_free_conscript_in_delhi_andhra_and_jaunpur() {
    // Deck §5 row 19 S: [Delhi, Andhra, Jaunpur], each to its cap (5 / 2 with the Qasbah /
    // 1); free (§3.1.3), and DS may not select a fourth space (C6 "up to 3").
    let mut state = game_on_card(19);
    let mut expected = Board::of(&state);
    let host = host();
    play_event(
        &mut state,
        &host,
        Shaded,
        &[
            select(Delhi),
            Action::Count(5),
            select(Andhra),
            Action::Count(2),
            select(Jaunpur),
            Action::Count(1),
            Action::Done, // 3 spaces selected: the Conscript is over
        ],
    );
    // Delhi 9, Andhra 3, Jaunpur 3 Troops; DS avail Troops 2; DS Res 12.
    expected.at(Delhi).troops = 9;
    expected.at(Andhra).troops = 3;
    expected.at(Jaunpur).troops = 3;
    expected.available.troops = 2;
    assert_board(&state, &expected);
}

#[test]
fn card_19_shaded_the_conscript_stops_at_3_spaces_and_may_be_declined() {
    // C6 "in up to 3 spaces": after 3 spaces only Done is offered; and DS may select none.
    let host = host();
    let mut state = game_on_card(19);
    let executor = state.current_player().unwrap();
    apply_all(
        &mut state,
        &host,
        &[
            Action::Option(TurnOption::EventOrCommand),
            Action::Event(Shaded),
        ],
    );
    let first = offered(&state);
    assert!(first.contains(&Action::Done), "0 spaces is allowed");
    assert!(first.contains(&select(Delhi)));
    apply_all(
        &mut state,
        &host,
        &[
            select(Sindh),
            Action::Count(1),
            select(Gujarat),
            Action::Count(1),
            select(Malwa),
            Action::Count(1),
        ],
    );
    assert_eq!(offered(&state), [Action::Done]);

    let mut state = game_on_card(19);
    let expected = Board::of(&state);
    play_event(&mut state, &host, Shaded, &[Action::Done]);
    assert_board(&state, &expected);
    assert_ne!(state.current_player(), Some(executor));
}

#[test]
fn rule_convention_c3_shortage_card_19_shaded_places_only_the_available_troops() {
    // Deck §5.1 C3: card 19 S with DS avail Troops 3, [Delhi first] → Delhi +3, other selected
    // spaces +0: once the box is empty, no other space can take a Troop.
    let host = host();
    let mut state = game_on_card(19);
    state.place(MountainPasses, Piece::Troop, 7).unwrap();
    assert_eq!(state.available().troops, 3);
    let mut expected = Board::of(&state);
    apply_all(
        &mut state,
        &host,
        &[
            Action::Option(TurnOption::EventOrCommand),
            Action::Event(Shaded),
            select(Delhi),
        ],
    );
    // Delhi's cap is 5, but only 3 are available.
    assert_eq!(
        offered(&state),
        [Action::Count(1), Action::Count(2), Action::Count(3)]
    );
    apply_all(&mut state, &host, &[Action::Count(3)]);
    assert_eq!(offered(&state), [Action::Done]);
    apply_all(&mut state, &host, &[Action::Done]);
    assert!(matches!(
        state.decision().unwrap().kind,
        DecisionKind::TurnOption { .. }
    ));
    expected.at(Delhi).troops = 7;
    expected.available.troops = 0;
    assert_board(&state, &expected);
}

// ----- card 20 ------------------------------------------------------------------------------

#[test]
fn card_20_unshaded_removes_3_troops_and_ds_returns_a_cavalry_token() {
    // Deck §5 row 20 U: [2 from Jaunpur, 1 from Madhyadesh], chosen by the executor (BK).
    let mut state = game_on_card(20);
    assert_eq!(state.current_player(), Some(Player::Bahmani));
    let mut expected = Board::of(&state);
    play_event(
        &mut state,
        &host(),
        Unshaded,
        &[
            remove_troop(Jaunpur),
            remove_troop(Jaunpur),
            remove_troop(Madhyadesh),
        ],
    );
    // Jaunpur 0 Troops; Madhyadesh 1 Troop + 2 Amirs; DS avail Troops 13; DS cavalry 1,
    // pool 9.
    expected.at(Jaunpur).troops = 0;
    expected.at(Madhyadesh).troops = 1;
    expected.available.troops = 13;
    expected.cavalry[DS] = 1;
    expected.pool = 9;
    assert_board(&state, &expected);
    assert_eq!(state.space(Madhyadesh).amirs.obedient, 2);
}

#[test]
fn card_20_shaded_ds_places_a_troop_in_3_tributary_provinces_and_gains_1() {
    // Deck §5 row 20 S: [Malwa, Jaunpur, Gujarat]. DS chooses (C1), though BK executes.
    let mut state = game_on_card(20);
    let mut expected = Board::of(&state);
    play_event(
        &mut state,
        &host(),
        Shaded,
        &[select(Malwa), select(Jaunpur), select(Gujarat)],
    );
    // Malwa 4, Jaunpur 3, Gujarat 2 Troops; DS avail Troops 7; DS Res 13.
    expected.at(Malwa).troops = 4;
    expected.at(Jaunpur).troops = 3;
    expected.at(Gujarat).troops = 2;
    expected.available.troops = 7;
    expected.resources[DS] = 13;
    assert_board(&state, &expected);
}

#[test]
fn card_20_shaded_offers_only_tributary_provinces_with_a_troop_to_ds() {
    // C1, C13: DS is asked; Provinces only, Tributary, holding a DS Troop; DS may stop at once
    // (C2 "up to 3") and still gains the Resource.
    let host = host();
    let mut state = game_on_card(20);
    apply_all(
        &mut state,
        &host,
        &[
            Action::Option(TurnOption::EventOrCommand),
            Action::Event(Shaded),
        ],
    );
    let decision = state.decision().unwrap();
    assert_eq!(decision.player, Player::Sultanate);
    assert_eq!(decision.kind, DecisionKind::Event { card: 20 });
    assert_eq!(
        offered(&state),
        [
            select(Sindh),
            select(RajputKingdoms),
            select(Gujarat),
            select(Malwa),
            select(Jaunpur),
            select(Madhyadesh),
            select(Andhra),
            select(Tamilakam),
            Action::Done,
        ]
    );
    let mut expected = Board::of(&state);
    apply_all(&mut state, &host, &[Action::Done]);
    assert!(!in_event(&state));
    expected.resources[DS] = 13;
    assert_board(&state, &expected);
}

// ----- card 21 ------------------------------------------------------------------------------

#[test]
fn card_21_unshaded_tamilakam_breaks_away_under_vn_control() {
    // Deck §5 row 21 U.
    let mut state = game_on_card(21);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[]);
    // Tamilakam Independent, 0 Troops + 1 Rebelling Raja, VN-controlled; DS avail Troops 11;
    // DS VP 16; VN VP 2.
    expected.tributary.remove(Tamilakam);
    expected.at(Tamilakam).troops = 0;
    expected.at(Tamilakam).rajas.obedient = 0;
    expected.at(Tamilakam).rajas.rebelling = 1;
    expected.available.troops = 11;
    expected.vp[DS] = 16;
    expected.vp[VN] = 2;
    assert_board(&state, &expected);
    assert_eq!(state.controller(Tamilakam), Some(Player::Vijayanagara));
}

#[test]
fn card_21_shaded_ds_places_2_troops_and_tamilakam_stays_tributary() {
    // Deck §5 row 21 S.
    let mut state = game_on_card(21);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[]);
    // Tamilakam 3 Troops + 1 Raja, still Tributary; DS avail Troops 8.
    expected.at(Tamilakam).troops = 3;
    expected.available.troops = 8;
    assert_board(&state, &expected);
    assert!(state.is_tributary(Tamilakam));
}

#[test]
fn card_21_shaded_after_unshaded_makes_tamilakam_tributary_again() {
    // Deck §5 row 21, S applied after U: 2 Troops vs 1 Raja → Tributary again, Raja Obedient,
    // no control; DS VP 18; VN VP 0.
    let host = host();
    let mut state = game_on_card(21);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host, Unshaded, &[]);
    // The card is played once per game: S is applied directly to the position U left.
    let progress = run_direct(&mut state, &host, 21, Shaded, Player::Sultanate, &[]);
    assert!(matches!(progress, EventProgress::Done { grants, .. } if grants.is_empty()));
    expected.at(Tamilakam).troops = 2;
    expected.available.troops = 9;
    assert_board(&state, &expected);
    assert_eq!(state.controller(Tamilakam), None);
    assert_eq!(state.space(Tamilakam).rajas.obedient, 1);
    assert_eq!(state.victory_points(Player::Sultanate), 18);
    assert_eq!(state.victory_points(Player::Vijayanagara), 0);
}

#[test]
fn card_21_shaded_needs_ds_units_to_outnumber_the_rajas() {
    // C12: the condition is checked after the placement; 2 Troops vs 3 Rajas → still
    // Independent (and VN-controlled, 3 vs 2).
    let host = host();
    let mut state = game_on_card(21);
    play_event(&mut state, &host, Unshaded, &[]);
    state
        .place(Tamilakam, Piece::Raja(Loyalty::Obedient), 2)
        .unwrap();
    let mut expected = Board::of(&state);
    run_direct(&mut state, &host, 21, Shaded, Player::Sultanate, &[]);
    expected.at(Tamilakam).troops = 2;
    expected.available.troops -= 2;
    assert_board(&state, &expected);
    assert!(!state.is_tributary(Tamilakam));
}

// ----- card 22 ------------------------------------------------------------------------------

/// Card 22, start: setup + VN Influence 1 (L1 slot empty; VN avail Rajas 10) + Temple in
/// Tamilakam (VN avail Temples 4).
fn card_22_start() -> State {
    let mut state = game_on_card(22);
    state.shift_influence(Player::Vijayanagara, 1).unwrap();
    state.place(Tamilakam, Piece::Temple, 1).unwrap();
    assert_eq!(state.available().rajas, 10);
    assert_eq!(state.available().temples, 4);
    assert_eq!(state.victory_points(Player::Vijayanagara), 2);
    state
}

#[test]
fn card_22_unshaded_vn_builds_a_temple_in_karnataka_and_shifts_to_2() {
    // Deck §5 row 22 U: [Build in Karnataka], the free Build of §4.4.2.
    let mut state = card_22_start();
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[select(Karnataka)]);
    // Temple in Karnataka; VN avail Temples 3; VN Influence 2, L2 slot released → VN avail
    // Rajas 12; VN VP 4.
    expected.at(Karnataka).structure = Some(Structure::Temple);
    expected.available.temples = 3;
    expected.influence[VN_TRACK].level = 2;
    expected.influence[VN_TRACK].slots[1] = 0;
    expected.available.rajas = 12;
    expected.vp[VN] = 4;
    assert_board(&state, &expected);
}

#[test]
fn card_22_unshaded_the_build_follows_its_own_rule() {
    // §4.4.2: only Provinces with a Raja and no structure; the Decree may end with no target
    // (OQ-23), and the shift still applies.
    let host = host();
    let mut state = card_22_start();
    apply_all(
        &mut state,
        &host,
        &[
            Action::Option(TurnOption::EventOrCommand),
            Action::Event(Unshaded),
        ],
    );
    let decision = state.decision().unwrap();
    assert_eq!(decision.player, Player::Vijayanagara);
    assert_eq!(
        decision.kind,
        DecisionKind::Decree {
            kind: DecreeKind::Build
        }
    );
    // Andhra holds a Qasbah and Tamilakam a Temple: Karnataka only.
    assert_eq!(offered(&state), [select(Karnataka), Action::Done]);
    let mut expected = card_22_start();
    expected.shift_influence(Player::Vijayanagara, 1).unwrap();
    apply_all(&mut state, &host, &[Action::Done]);
    assert_board(&state, &Board::of(&expected));
}

#[test]
fn card_22_shaded_removes_the_temple_of_tamilakam_and_vn_refills_its_l1_slot() {
    // Deck §5 row 22 S: [Tamilakam's Temple]; [VN refills L1 from avail], one Raja at a time.
    let mut state = card_22_start();
    let mut expected = Board::of(&state);
    let from_box = Action::Refill(PieceSource::Available);
    play_event(
        &mut state,
        &host(),
        Shaded,
        &[select(Tamilakam), from_box, from_box],
    );
    // Temple removed, VN avail Temples 5; VN Influence 0; VN avail Rajas 8; VN VP 0.
    expected.at(Tamilakam).structure = None;
    expected.available.temples = 5;
    expected.influence[VN_TRACK].level = 0;
    expected.influence[VN_TRACK].slots[0] = 2;
    expected.available.rajas = 8;
    expected.vp[VN] = 0;
    assert_board(&state, &expected);
}

#[test]
fn card_22_shaded_vn_may_refill_from_the_map() {
    // C8: the refill is VN's choice, the holding box or the map (§1.9).
    let mut state = card_22_start();
    let mut expected = Board::of(&state);
    let karnataka = Action::Refill(PieceSource::Map(Karnataka, Loyalty::Obedient));
    play_event(
        &mut state,
        &host(),
        Shaded,
        &[
            select(Tamilakam),
            karnataka,
            Action::Refill(PieceSource::Available),
        ],
    );
    expected.at(Tamilakam).structure = None;
    expected.available.temples = 5;
    expected.influence[VN_TRACK].level = 0;
    expected.influence[VN_TRACK].slots[0] = 2;
    expected.at(Karnataka).rajas.obedient = 2;
    expected.available.rajas = 9;
    expected.vp[VN] = 0;
    assert_board(&state, &expected);
}

// ----- card 23 ------------------------------------------------------------------------------

#[test]
fn card_23_unshaded_vn_rises_and_places_rajas_in_karnataka_and_tamilakam() {
    // Deck §5 row 23 U.
    let mut state = game_on_card(23);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[]);
    // VN Influence 1, L1 released; BK shift ignored (at 0); Karnataka 4 Rajas; Tamilakam
    // 1 Troop + 2 Rajas; VN avail Rajas 8; VN VP 1.
    expected.influence[VN_TRACK].level = 1;
    expected.influence[VN_TRACK].slots[0] = 0;
    expected.at(Karnataka).rajas.obedient = 4;
    expected.at(Tamilakam).rajas.obedient = 2;
    expected.available.rajas = 8;
    expected.vp[VN] = 1;
    assert_board(&state, &expected);
}

#[test]
fn card_23_shaded_removes_2_rajas_from_karnataka() {
    // Deck §5 row 23 S: [Karnataka, 2].
    let mut state = game_on_card(23);
    let mut expected = Board::of(&state);
    play_event(
        &mut state,
        &host(),
        Shaded,
        &[select(Karnataka), Action::Count(2)],
    );
    // Karnataka 1 Raja; VN avail Rajas 10; VN shift ignored (at 0).
    expected.at(Karnataka).rajas.obedient = 1;
    expected.available.rajas = 10;
    assert_board(&state, &expected);
}

// ----- card 24 ------------------------------------------------------------------------------

/// Card 24, start: setup, except Maharashtra Independent and BK-controlled with 4 Rebelling
/// Amirs (DS VP 16; BK VP 2).
fn card_24_start(state: &mut State) {
    state.set_tributary(Maharashtra, false).unwrap();
    assert_eq!(state.controller(Maharashtra), Some(Player::Bahmani));
    assert_eq!(state.space(Maharashtra).amirs.rebelling, 4);
    assert_eq!(state.victory_points(Player::Sultanate), 16);
    assert_eq!(state.victory_points(Player::Bahmani), 2);
}

#[test]
fn card_24_unshaded_bk_gains_2_and_amiran_i_sada_lasts() {
    // Deck §5 row 24 U: BK Res 8; `amiran_i_sada` active.
    let mut state = game_on_card(24);
    card_24_start(&mut state);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[]);
    expected.resources[BK] = 8;
    expected.lasting.insert(Lasting::AmiranISada);
    assert_board(&state, &expected);
}

#[test]
fn card_24_unshaded_follow_up_vn_rebels_in_karnataka_under_khalji() {
    // Deck §5 row 24 follow-up under Khalji: VN Rebels in Karnataka → VN Res 6; Karnataka
    // VN-controlled, 3 Rebelling Rajas; DS VP 14; VN VP 2. Played on the same card: BK takes
    // the Event, DS passes, VN takes a Limited Command.
    let host = host();
    let mut state = game_on_card(24);
    card_24_start(&mut state);
    assert_eq!(state.dynasty(), Dynasty::Khalji);
    play_event(&mut state, &host, Unshaded, &[]);
    apply_all(
        &mut state,
        &host,
        &[
            Action::Option(TurnOption::Pass),
            Action::Option(TurnOption::LimitedCommand),
        ],
    );
    assert!(offered(&state).contains(&Action::Command(CommandKind::Rebel)));
    let mut expected = Board::of(&state);
    apply_all(
        &mut state,
        &host,
        &[Action::Command(CommandKind::Rebel), select(Karnataka)],
    );
    expected.resources[VN] = 6;
    expected.tributary.remove(Karnataka);
    expected.at(Karnataka).rajas.obedient = 0;
    expected.at(Karnataka).rajas.rebelling = 3;
    expected.vp[DS] = 14;
    expected.vp[VN] = 2;
    assert_board(&state, &expected);
    assert_eq!(state.controller(Karnataka), Some(Player::Vijayanagara));
    assert_eq!(state.dynasty(), Dynasty::Khalji);
}

#[test]
fn card_24_without_the_effect_vn_may_not_rebel_under_khalji() {
    // §2.7.1: the same Limited Command offers no Rebel when the effect is not in force.
    let host = host();
    let mut state = game_on_card(24);
    card_24_start(&mut state);
    apply_all(
        &mut state,
        &host,
        &[
            Action::Option(TurnOption::Pass),
            Action::Option(TurnOption::Pass),
            Action::Option(TurnOption::LimitedCommand),
        ],
    );
    assert_eq!(state.current_player(), Some(Player::Vijayanagara));
    let choices = offered(&state);
    assert!(choices.contains(&Action::Command(CommandKind::Rally)));
    assert!(!choices.contains(&Action::Command(CommandKind::Rebel)));
}

#[test]
fn card_24_unshaded_revealing_card_45_removes_the_effect() {
    // Deck §5 row 24 and C14: the effect ends when the next Succession card is revealed.
    let host = host();
    let mut state = game_on_card(24);
    card_24_start(&mut state);
    let mut state = just_before_zenith(&state);
    play_event(&mut state, &host, Unshaded, &[]);
    assert!(state.lasting_effects().contains(Lasting::AmiranISada));
    apply_all(
        &mut state,
        &host,
        &[
            Action::Option(TurnOption::Pass),
            Action::Option(TurnOption::Pass),
        ],
    );
    assert_eq!(
        state.deck().current(),
        Some(Card::Succession(SuccessionCard::ZenithOfTheSultanate))
    );
    assert_eq!(state.lasting_effects().iter().count(), 0);
}

#[test]
fn card_24_shaded_ds_removes_2_rebelling_amirs_and_gains_2() {
    // Deck §5 row 24 S: [2], DS's choice (C1) though BK executes.
    let mut state = game_on_card(24);
    card_24_start(&mut state);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[Action::Count(2)]);
    // Maharashtra 2 Rebelling Amirs, still BK-controlled; BK avail Amirs 8; DS Res 14.
    expected.at(Maharashtra).amirs.rebelling = 2;
    expected.available.amirs = 8;
    expected.resources[DS] = 14;
    assert_board(&state, &expected);
    assert_eq!(state.controller(Maharashtra), Some(Player::Bahmani));
}

#[test]
fn card_24_shaded_asks_ds_how_many() {
    // C1: DS is named, so DS answers the "up to" (C2); BK is on turn.
    let host = host();
    let mut state = game_on_card(24);
    card_24_start(&mut state);
    assert_eq!(state.current_player(), Some(Player::Bahmani));
    apply_all(
        &mut state,
        &host,
        &[
            Action::Option(TurnOption::EventOrCommand),
            Action::Event(Shaded),
        ],
    );
    assert_eq!(state.decision().unwrap().player, Player::Sultanate);
    assert_eq!(
        offered(&state),
        [Action::Count(0), Action::Count(1), Action::Count(2)]
    );
}

// ----- card 25 ------------------------------------------------------------------------------

#[test]
fn card_25_unshaded_bk_rallies_in_maharashtra_and_gujarat_and_four_tarafs_lasts() {
    // Deck §5 row 25 U: [Rally in Maharashtra and Gujarat], free (§3.1.3).
    let mut state = game_on_card(25);
    let mut expected = Board::of(&state);
    play_event(
        &mut state,
        &host(),
        Unshaded,
        &[
            select(Maharashtra),
            Action::Count(2),
            select(Gujarat),
            Action::Count(1),
            Action::Done, // 2 Provinces selected: the Rally is over
        ],
    );
    // Maharashtra 6 Amirs; Gujarat 1 Troop + 2 Amirs; BK avail Amirs 3; BK Res 6;
    // `four_tarafs` active.
    expected.at(Maharashtra).amirs.obedient = 6;
    expected.at(Gujarat).amirs.obedient = 2;
    expected.available.amirs = 3;
    expected.lasting.insert(Lasting::FourTarafs);
    assert_board(&state, &expected);
}

#[test]
fn card_25_unshaded_bk_may_select_no_province() {
    // C6 "in up to 2 Provinces": 0 is allowed; the lasting effect still comes.
    let mut state = game_on_card(25);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[Action::Done]);
    expected.lasting.insert(Lasting::FourTarafs);
    assert_board(&state, &expected);
}

/// The counts a BK Limited Rally in Maharashtra offers, with a Fort there, on card 25's game
/// (BK on turn), with `four_tarafs` in force or not.
fn bk_rally_counts_with_a_fort_in_maharashtra(four_tarafs: bool) -> (Vec<Action>, State) {
    let host = host();
    let mut state = game_on_card(25);
    assert_eq!(state.current_player(), Some(Player::Bahmani));
    if four_tarafs {
        // The free Rally it grants is not carried out here: only the lasting effect matters.
        run_direct(&mut state, &host, 25, Unshaded, Player::Bahmani, &[]);
        assert!(state.lasting_effects().contains(Lasting::FourTarafs));
    }
    state.place(Maharashtra, Piece::Fort, 1).unwrap();
    apply_all(
        &mut state,
        &host,
        &[
            Action::Option(TurnOption::LimitedCommand),
            Action::Command(CommandKind::Rally),
            select(Maharashtra),
        ],
    );
    (offered(&state), state)
}

#[test]
fn card_25_unshaded_follow_up_a_rally_where_a_fort_stands_places_one_more() {
    // Deck §5 row 25 follow-up: with a Fort in Maharashtra, a BK Rally there places 3
    // (1 + Maharashtra 1 + Fort 1).
    let (counts, mut state) = bk_rally_counts_with_a_fort_in_maharashtra(true);
    assert_eq!(
        counts,
        [Action::Count(1), Action::Count(2), Action::Count(3)]
    );
    let mut expected = Board::of(&state);
    apply_all(&mut state, &host(), &[Action::Count(3)]);
    expected.at(Maharashtra).amirs.obedient = 7;
    expected.available.amirs = 3;
    assert_board(&state, &expected);
    // The Limited Command paid its 1 Resource when Maharashtra was selected (OQ-13).
    assert_eq!(state.resources(Player::Bahmani), 5);

    // Without the effect the same Rally places at most 2 (§3.3.1).
    let (counts, _) = bk_rally_counts_with_a_fort_in_maharashtra(false);
    assert_eq!(counts, [Action::Count(1), Action::Count(2)]);
}

#[test]
fn card_25_unshaded_its_own_free_rally_comes_before_four_tarafs() {
    // C12 and C14: the text's Rally comes first and the lasting effect is recorded when the
    // event resolves, so the free Rally in Maharashtra with a Fort offers at most 2 (§3.3.1).
    let host = host();
    let mut state = game_on_card(25);
    state.place(Maharashtra, Piece::Fort, 1).unwrap();
    apply_all(
        &mut state,
        &host,
        &[
            Action::Option(TurnOption::EventOrCommand),
            Action::Event(Unshaded),
            select(Maharashtra),
        ],
    );
    assert!(!state.lasting_effects().contains(Lasting::FourTarafs));
    let counts: Vec<Action> = offered(&state);
    assert_eq!(counts, [Action::Count(1), Action::Count(2)]);
    apply_all(&mut state, &host, &[Action::Count(2), Action::Done]);
    assert!(state.lasting_effects().contains(Lasting::FourTarafs));
}

#[test]
fn card_25_shaded_removes_an_amir_from_3_provinces_without_a_fort() {
    // Deck §5 row 25 S: [Madhyadesh, Gujarat, Gondwana].
    let mut state = game_on_card(25);
    let mut expected = Board::of(&state);
    play_event(
        &mut state,
        &host(),
        Shaded,
        &[select(Madhyadesh), select(Gujarat), select(Gondwana)],
    );
    // Madhyadesh 2 Troops + 1 Amir; Gujarat 1 Troop; Gondwana empty; BK avail Amirs 9.
    expected.at(Madhyadesh).amirs.obedient = 1;
    expected.at(Gujarat).amirs.obedient = 0;
    expected.at(Gondwana).amirs.obedient = 0;
    expected.available.amirs = 9;
    assert_board(&state, &expected);
}

#[test]
fn card_25_shaded_skips_provinces_with_a_fort_and_each_province_once() {
    // Only Provinces with an Amir and no Fort are offered, each at most once; the executor
    // may stop (C2 "up to 3").
    let host = host();
    let mut state = game_on_card(25);
    state.place(Maharashtra, Piece::Fort, 1).unwrap();
    apply_all(
        &mut state,
        &host,
        &[
            Action::Option(TurnOption::EventOrCommand),
            Action::Event(Shaded),
        ],
    );
    assert_eq!(
        offered(&state),
        [
            select(Gujarat),
            select(Madhyadesh),
            select(Gondwana),
            Action::Done
        ]
    );
    apply_all(&mut state, &host, &[select(Madhyadesh)]);
    assert_eq!(
        offered(&state),
        [
            select(Gujarat),
            select(Madhyadesh),
            select(Gondwana),
            Action::Done
        ]
        .into_iter()
        .filter(|&a| a != select(Madhyadesh))
        .collect::<Vec<_>>()
    );
    let mut expected = Board::of(&state);
    apply_all(&mut state, &host, &[Action::Done]);
    assert!(!in_event(&state));
    expected.at(Madhyadesh).amirs.obedient = 1;
    expected.available.amirs += 1;
    assert_board(&state, &expected);
}

// ----- card 26 ------------------------------------------------------------------------------

#[test]
fn card_26_unshaded_bk_and_vn_gain_at_least_2() {
    // Deck §5 row 26 U: BK Res 8; VN Res 9 (no structures, so 2 each).
    let mut state = game_on_card(26);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[]);
    expected.resources[BK] = 8;
    expected.resources[VN] = 9;
    assert_board(&state, &expected);
}

#[test]
fn card_26_unshaded_counts_the_structures_on_the_map() {
    // max(2, Forts) and max(2, Temples), counted now (C2): 3 Forts, 1 Temple → BK +3, VN +2.
    let mut state = game_on_card(26);
    for space in [Maharashtra, Gujarat, Gondwana] {
        state.place(space, Piece::Fort, 1).unwrap();
    }
    state.place(Karnataka, Piece::Temple, 1).unwrap();
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[]);
    expected.resources[BK] = 9;
    expected.resources[VN] = 9;
    assert_board(&state, &expected);
}

#[test]
fn card_26_shaded_free_collect_tribute() {
    // Deck §5 row 26 S: DS Res 21 (12 + ⌊18/2⌋); DS cavalry 4, pool 6.
    let mut state = game_on_card(26);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[]);
    expected.resources[DS] = 21;
    expected.cavalry[DS] = 4;
    expected.pool = 6;
    assert_board(&state, &expected);
}

#[test]
fn card_26_shaded_collect_tribute_gives_no_resources_under_token_currency() {
    // Deck §2 note on card 18: while `token_currency` lasts, card 26's free Collect Tribute
    // gains the cavalry only.
    let host = host();
    let mut state = game_on_card(26);
    run_direct(&mut state, &host, 18, Unshaded, Player::Sultanate, &[]);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host, Shaded, &[]);
    expected.cavalry[DS] = 4;
    expected.pool = 6;
    assert_board(&state, &expected);
}
