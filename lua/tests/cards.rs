//! The default deck's cards 1–16 against the test scenarios of the deck file (§5, §5.1), played
//! through the real game flow (the rules playing the deck's [`Cards`]); the whole deck
//! (its 44 headers against the core's card data, every side of every card, random games that
//! always take the Event); and the card host's contract: a mid-effect choice, an effect the
//! core refuses, a malformed card file or deck.
//!
//! Each scenario builds its "Start" position (the §2.1 setup plus the listed changes, made with
//! the core's primitives), plays the side with the bracketed choices, and compares the whole
//! board with the start edited as the scenario lists: "everything not listed keeps its start
//! value".

mod support;

use darbar::engine::{Game, Rule, Snapshot};
use darbar::vijayanagara::{
    Action, CardSet, CommandKind, DecisionKind, Dynasty, Error, EventFailure, EventHost,
    EventProgress, EventRun, EventSide, Faction, Lasting, Log, Options, Piece, PieceKind, Player,
    SpaceId, State, Structure, TurnOption,
};
use darbar_lua::{CardHost, Cards, DeckError, STANDARD_DECK, ScriptError};
use support::{
    BK, Board, DS, VN, assert_board, game_on_card, in_event, play_event, rules, run_direct,
};

use EventSide::{Shaded, Unshaded};
use SpaceId::*;

fn host() -> Cards {
    Cards::standard()
}

fn select(space: SpaceId) -> Action {
    Action::Select(space)
}

// ----- the deck -----------------------------------------------------------------------------

#[test]
fn the_shipped_cards_match_the_core_card_data() {
    // Number, title, order, Stay Eligible and both texts, exactly as data/cards.json has them.
    let host = CardHost::standard();
    assert_eq!(
        host.numbers().collect::<Vec<_>>(),
        (1..=44).collect::<Vec<_>>()
    );
    for n in 1..=36 {
        assert_eq!(host.event(n), CardSet::standard().event(n), "card {n}");
        assert_eq!(host.file(n), Some(format!("{n:02}.lua").as_str()));
    }
    for n in 37..=44 {
        assert_eq!(
            host.invasion(n),
            CardSet::standard().invasion(n),
            "card {n}"
        );
        assert_eq!(host.file(n), Some(format!("{n}.lua").as_str()));
    }
    // The whole deck meets the balance targets of deck §1.1, so it loads without a warning,
    // and its play-order rules are the core's.
    assert_eq!(host.balance_warnings(), Vec::<String>::new());
    assert!(host.deck_rules().is_standard());
}

#[test]
fn the_card_directory_loads_as_the_embedded_deck() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/cards/vijayanagara");
    let from_dir = CardHost::from_dir(dir).unwrap();
    let embedded = CardHost::standard();
    assert!(from_dir.numbers().eq(embedded.numbers()));
    for n in embedded.numbers() {
        assert_eq!(from_dir.event(n), embedded.event(n));
    }
}

/// A copy of the default deck's files in a fresh directory, `edit` applied to (name, source).
fn deck_dir(tag: &str, edit: impl Fn(&str, String) -> Option<String>) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("darbar-deck-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (name, source) in STANDARD_DECK {
        if let Some(source) = edit(name, source.to_string()) {
            std::fs::write(dir.join(name), source).unwrap();
        }
    }
    dir
}

#[test]
fn deck_6_a_deck_directory_missing_a_card_is_refused() {
    let dir = deck_dir("missing", |name, source| {
        (name != "23.lua").then_some(source)
    });
    let error = CardHost::from_dir(&dir).unwrap_err();
    assert!(
        matches!(&error, DeckError::Missing { numbers, .. } if numbers == &[23]),
        "{error}"
    );
    assert!(
        error.to_string().ends_with("the deck has no card 23"),
        "{error}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn deck_6_mongol_invasion_cards_must_alternate_bk_and_vn() {
    let dir = deck_dir("operators", |name, source| {
        Some(if name == "38.lua" {
            source.replace("faction = \"VN\"", "faction = \"BK\"")
        } else {
            source
        })
    });
    let error = CardHost::from_dir(&dir).unwrap_err();
    assert_eq!(error.file(), "38.lua");
    assert!(error.to_string().contains("alternate"), "{error}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn deck_6_a_deck_of_other_orders_loads_with_warnings_and_plays_its_orders() {
    // Card 1 is "D V B" in the default deck; here it is "B D V". The counts of deck §1.1 are
    // the default deck's targets: another deck only gets warnings (deck §6).
    let dir = deck_dir("orders", |name, source| {
        Some(if name == "01.lua" {
            source.replace("order = \"DVB\"", "order = \"BDV\"")
        } else {
            source
        })
    });
    let host = CardHost::from_dir(&dir).unwrap();
    assert_eq!(
        host.balance_warnings().len(),
        2,
        "{:?}",
        host.balance_warnings()
    );
    let rules = host.deck_rules();
    assert_eq!(
        rules.order(1),
        [Player::Bahmani, Player::Sultanate, Player::Vijayanagara]
    );
    let seed = (0..100_000)
        .find(|&seed| State::new(seed).current_event() == Some(1))
        .unwrap();
    // §2.3.2: the first eligible faction of the card's order acts first.
    assert_eq!(State::new(seed).current_player(), Some(Player::Sultanate));
    let game = Cards::from_dir(&dir).unwrap().game(Options::default());
    assert_eq!(
        game.new_initial_state(seed).current_player(),
        Some(Player::Bahmani)
    );
    std::fs::remove_dir_all(dir).unwrap();
}

// ----- §5 scenarios, cards 1–8 ----------------------------------------------------------------

/// Card 1, start: setup + 3 Mongols in Punjab (MI box 9).
fn card_1_start() -> State {
    let mut state = game_on_card(1);
    state.place(Punjab, Piece::Mongol, 3).unwrap();
    assert_eq!(state.available().mongols, 9);
    state
}

#[test]
fn card_1_unshaded_places_2_mongols_in_delhi() {
    let mut state = card_1_start();
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[]);
    // Delhi 4 Troops + 2 Mongols; MI box 7.
    expected.at(Delhi).mongols = 2;
    expected.available.mongols = 7;
    assert_board(&state, &expected);
}

#[test]
fn card_1_shaded_removes_2_mongols_and_ds_places_2_troops_in_delhi() {
    let mut state = card_1_start();
    let mut expected = Board::of(&state);
    // [remove 2 from Punjab]: only Punjab holds Mongols, so the count is the only question.
    play_event(&mut state, &host(), Shaded, &[Action::Count(2)]);
    // Punjab 4 Troops + 1 Mongol; MI box 11; Delhi 6 Troops; DS avail Troops 8.
    expected.at(Punjab).mongols = 1;
    expected.available.mongols = 11;
    expected.at(Delhi).troops = 6;
    expected.available.troops = 8;
    assert_board(&state, &expected);
}

#[test]
fn card_2_unshaded_bk_places_2_amirs_in_maharashtra_and_gains_2() {
    let mut state = game_on_card(2);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[]);
    // Maharashtra 6 Obedient Amirs; BK avail Amirs 4; BK Res 8.
    expected.at(Maharashtra).amirs.obedient = 6;
    expected.available.amirs = 4;
    expected.resources[BK] = 8;
    assert_board(&state, &expected);
}

#[test]
fn card_2_shaded_ds_removes_2_obedient_amirs_and_gains_4() {
    let mut state = game_on_card(2);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[Action::Count(2)]);
    // [2] Maharashtra 2 Amirs; BK avail Amirs 8; DS Res 16.
    expected.at(Maharashtra).amirs.obedient = 2;
    expected.available.amirs = 8;
    expected.resources[DS] = 16;
    assert_board(&state, &expected);
}

#[test]
fn card_3_unshaded_bk_gains_2_cavalry_and_places_an_amir_in_gujarat() {
    let mut state = game_on_card(3);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[select(Gujarat)]);
    // BK cavalry 2, pool 6; [Gujarat] Gujarat 1 Troop + 2 Amirs; BK avail Amirs 5.
    expected.cavalry[BK] = 2;
    expected.pool = 6;
    expected.at(Gujarat).amirs.obedient = 2;
    expected.available.amirs = 5;
    assert_board(&state, &expected);
}

#[test]
fn card_3_shaded_ds_places_a_governor_and_a_troop_in_gujarat_and_gains_cavalry() {
    let mut state = game_on_card(3);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[]);
    // Gujarat 2 Troops + 1 Governor + 1 Amir; DS avail Troops 9, Governors 3; DS cavalry 3,
    // pool 7.
    expected.at(Gujarat).troops = 2;
    expected.at(Gujarat).governors = 1;
    expected.available.troops = 9;
    expected.available.governors = 3;
    expected.cavalry[DS] = 3;
    expected.pool = 7;
    assert_board(&state, &expected);
}

#[test]
fn card_4_unshaded_rajput_kingdoms_becomes_independent_and_loses_its_troop() {
    let mut state = game_on_card(4);
    let mut expected = Board::of(&state);
    // 1 Troop only: removing "2 DS units" asks nothing (C2).
    play_event(&mut state, &host(), Unshaded, &[]);
    // Rajput Kingdoms Independent, empty, uncontrolled; DS avail Troops 11; DS VP 17.
    expected.tributary.remove(RajputKingdoms);
    expected.at(RajputKingdoms).troops = 0;
    expected.available.troops = 11;
    expected.vp[DS] = 17;
    assert_board(&state, &expected);
    assert_eq!(state.controller(RajputKingdoms), None);
}

#[test]
fn card_4_shaded_ds_places_2_troops_and_rajput_kingdoms_stays_tributary() {
    let mut state = game_on_card(4);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[]);
    // Rajput Kingdoms 3 Troops, still Tributary; DS avail Troops 8; DS VP 18.
    expected.at(RajputKingdoms).troops = 3;
    expected.available.troops = 8;
    assert_board(&state, &expected);
    assert_eq!(state.victory_points(Player::Sultanate), 18);
}

#[test]
fn card_4_shaded_after_unshaded_makes_rajput_kingdoms_tributary_again() {
    let mut state = game_on_card(4);
    let mut expected = Board::of(&state);
    let host = host();
    play_event(&mut state, &host, Unshaded, &[]);
    // The card is played once per game: S is applied directly to the position U left.
    let progress = run_direct(&mut state, &host, 4, Shaded, Player::Sultanate, &[]);
    assert!(matches!(progress, EventProgress::Done { grants, .. } if grants.is_empty()));
    // 2 Troops, Tributary again, DS VP 18.
    expected.at(RajputKingdoms).troops = 2;
    expected.available.troops = 9;
    assert_board(&state, &expected);
}

#[test]
fn card_5_unshaded_places_mongols_in_punjab_then_delhi() {
    let mut state = game_on_card(5);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[]);
    // Punjab 4 Troops + 2 Mongols; Delhi 4 Troops + 1 Mongol; MI box 9.
    expected.at(Punjab).mongols = 2;
    expected.at(Delhi).mongols = 1;
    expected.available.mongols = 9;
    assert_board(&state, &expected);
}

#[test]
fn card_5_shaded_places_a_qasbah_in_delhi_and_siri_fort_lasts() {
    let mut state = game_on_card(5);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[]);
    // Qasbah in Delhi; DS avail Qasbahs 3; `siri_fort` active.
    expected.at(Delhi).structure = Some(Structure::Qasbah);
    expected.available.qasbahs = 3;
    expected.lasting.insert(Lasting::SiriFort);
    assert_board(&state, &expected);
}

/// A game whose first card is a Mongol Invasion card, with Punjab holding 2 Mongols and no DS
/// piece; the operator carries out Attack and Plunder there. Returns the DS Resources lost and
/// whether DS then had to remove a Troop.
fn plunder_in_punjab(siri_fort: bool) -> (u8, bool) {
    let host = host();
    let mut state = (0..)
        .map(State::new)
        .find(|s| {
            matches!(
                s.deck().current(),
                Some(darbar::vijayanagara::Card::MongolInvasion(_))
            )
        })
        .unwrap();
    state.enable_events();
    state.remove(Punjab, Piece::Troop, 4).unwrap();
    state.place(Punjab, Piece::Mongol, 2).unwrap();
    if siri_fort {
        run_direct(&mut state, &host, 5, Shaded, Player::Sultanate, &[]);
        assert!(state.lasting_effects().contains(Lasting::SiriFort));
    }
    let before = state.resources(Player::Sultanate);
    let mut log = Log::silent();
    for action in [
        Action::Command(CommandKind::AttackAndPlunder),
        Action::Select(Punjab),
    ] {
        rules(&host).apply(&mut state, action, &mut log).unwrap();
    }
    let must_remove_troop = matches!(
        state.decision().map(|d| d.kind),
        Some(DecisionKind::Plunder)
    );
    (
        before - state.resources(Player::Sultanate),
        must_remove_troop,
    )
}

#[test]
fn card_5_shaded_follow_up_plunder_removes_no_troop_while_siri_fort_lasts() {
    // Attack and Plunder in a Punjab with 2 Mongols and no DS piece → DS Res −2 and no Troop
    // removed; without the effect the same Plunder removes 1 Troop.
    assert_eq!(plunder_in_punjab(true), (2, false));
    assert_eq!(plunder_in_punjab(false), (2, true));
}

#[test]
fn card_6_unshaded_ds_pays_bk_and_vn() {
    let mut state = game_on_card(6);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[]);
    // DS Res 10; BK Res 8; VN Res 9.
    expected.resources = [10, 8, 9];
    assert_board(&state, &expected);
}

#[test]
fn card_6_shaded_market_control_lasts() {
    let mut state = game_on_card(6);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[]);
    expected.lasting.insert(Lasting::MarketControl);
    assert_board(&state, &expected);
}

#[test]
fn card_6_shaded_follow_up_conscript_caps_are_one_higher() {
    // A game whose first faction on turn is DS; card 6 S is carried out directly, then DS
    // Conscripts in Delhi and Jaunpur: Delhi 10 Troops, Jaunpur 4 Troops, DS avail Troops 2,
    // DS Res 10.
    let host = host();
    let mut state = (0..)
        .map(State::new)
        .find(|s| s.current_event().is_some() && s.current_player() == Some(Player::Sultanate))
        .unwrap();
    state.enable_events();
    run_direct(&mut state, &host, 6, Shaded, Player::Bahmani, &[]);
    let mut expected = Board::of(&state);
    let mut log = Log::silent();
    for action in [
        Action::Option(TurnOption::CommandAndDecree),
        Action::Command(CommandKind::Conscript),
        select(Delhi),
        Action::Count(6),
        select(Jaunpur),
        Action::Count(2),
        Action::Done,
    ] {
        rules(&host).apply(&mut state, action, &mut log).unwrap();
    }
    expected.at(Delhi).troops = 10;
    expected.at(Jaunpur).troops = 4;
    expected.available.troops = 2;
    expected.resources[DS] = 10;
    assert_board(&state, &expected);
}

#[test]
fn card_7_unshaded_removes_the_governor_and_a_troop_from_malwa() {
    let mut state = game_on_card(7);
    let mut expected = Board::of(&state);
    // [the Governor and 1 Troop]: once the Governor is gone only Troops qualify, so the second
    // removal asks nothing.
    let governor = Action::Remove {
        space: Malwa,
        piece: Piece::Governor,
    };
    play_event(&mut state, &host(), Unshaded, &[governor]);
    // Malwa 2 Troops; DS avail Troops 11, Governors 5.
    expected.at(Malwa).troops = 2;
    expected.at(Malwa).governors = 0;
    expected.available.troops = 11;
    expected.available.governors = 5;
    assert_board(&state, &expected);
}

#[test]
fn card_7_shaded_qasbah_then_free_conscript_in_malwa() {
    let mut state = game_on_card(7);
    let mut expected = Board::of(&state);
    // The granted free Conscript: Malwa is the only space offered; the Qasbah cap is 2.
    play_event(
        &mut state,
        &host(),
        Shaded,
        &[select(Malwa), Action::Count(2)],
    );
    // Malwa 5 Troops + 1 Governor + Qasbah; DS avail Troops 8, Qasbahs 3; DS Res 12 (free).
    expected.at(Malwa).troops = 5;
    expected.at(Malwa).structure = Some(Structure::Qasbah);
    expected.available.troops = 8;
    expected.available.qasbahs = 3;
    assert_board(&state, &expected);
}

/// Card 8, start: setup + 2 Mongols in Punjab (MI box 10).
fn card_8_start() -> State {
    let mut state = game_on_card(8);
    state.place(Punjab, Piece::Mongol, 2).unwrap();
    assert_eq!(state.available().mongols, 10);
    state
}

#[test]
fn card_8_unshaded_ds_moves_3_troops_to_punjab() {
    let mut state = card_8_start();
    let mut expected = Board::of(&state);
    let from = |space| Action::Move {
        from: space,
        piece: Piece::Troop,
    };
    // [DS takes the Troops of Sindh, Rajput Kingdoms, Gujarat]
    play_event(
        &mut state,
        &host(),
        Unshaded,
        &[from(Sindh), from(RajputKingdoms), from(Gujarat)],
    );
    // Those three Provinces 0 Troops (Gujarat keeps its Amir); Punjab 7 Troops + 2 Mongols.
    expected.at(Sindh).troops = 0;
    expected.at(RajputKingdoms).troops = 0;
    expected.at(Gujarat).troops = 0;
    expected.at(Punjab).troops = 7;
    assert_board(&state, &expected);
    assert_eq!(state.space(Gujarat).amirs.obedient, 1);
}

#[test]
fn card_8_shaded_free_attack_on_the_mongols_in_punjab() {
    let mut state = card_8_start();
    // Scripted dice: DS 1,3,5,6; MI 2,4. DS spends no cavalry and takes no support.
    state.force_dice(&[1, 3, 5, 6, 2, 4]);
    let mut expected = Board::of(&state);
    play_event(
        &mut state,
        &host(),
        Shaded,
        &[
            select(Punjab),                     // [Attack in Punjab only]
            Action::Defender(Faction::Mongols), // OQ-33: MI defends
            Action::Done,                       // no support
            Action::Done,                       // no cavalry spent
            Action::Remove {
                space: Punjab,
                piece: Piece::Troop,
            }, // the 1 hit MI scores
            Action::Done,                       // no second space
        ],
    );
    // DS hits 2 (1 and 3 ≤ 4); MI's Charge turns its 2 into a 1: 1 hit. Punjab 3 Troops,
    // 0 Mongols; MI box 12; DS avail Troops 11; DS Res 12.
    expected.at(Punjab).troops = 3;
    expected.at(Punjab).mongols = 0;
    expected.available.mongols = 12;
    expected.available.troops = 11;
    assert_board(&state, &expected);
}

#[test]
fn card_8_shaded_ds_may_decline_the_attack() {
    let mut state = card_8_start();
    let expected = Board::of(&state);
    // C6 "may … in up to 2 spaces": the Attack ends before its first space.
    play_event(&mut state, &host(), Shaded, &[Action::Done]);
    assert_board(&state, &expected);
}

// ----- §5 scenarios, cards 9–16 ---------------------------------------------------------------

/// Card 9, start: setup, except Gondwana Independent and uncontrolled, holding 1 Rebelling
/// Amir + 1 DS Troop (DS avail Troops 9; DS VP 17).
fn card_9_start() -> State {
    let mut state = game_on_card(9);
    state.set_tributary(Gondwana, false).unwrap();
    // Independent, Gondwana is BK-controlled and its Amir Rebelling (R1); the Troop then ties
    // control (1 vs 1) and the Amir stays Rebelling.
    state.place(Gondwana, Piece::Troop, 1).unwrap();
    assert_eq!(state.space(Gondwana).amirs.rebelling, 1);
    assert_eq!(state.space(Gondwana).troops, 1);
    assert_eq!(state.controller(Gondwana), None);
    assert_eq!(state.available().troops, 9);
    assert_eq!(state.victory_points(Player::Sultanate), 17);
    state
}

#[test]
fn card_9_unshaded_bk_places_2_amirs_and_shifts_its_influence() {
    let mut state = card_9_start();
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[]);
    // Maharashtra 6 Amirs; BK avail Amirs 4; BK Influence 1; BK VP 1.
    expected.at(Maharashtra).amirs.obedient = 6;
    expected.available.amirs = 4;
    expected.influence[0].level = 1;
    expected.vp[BK] = 1;
    assert_board(&state, &expected);
}

#[test]
fn card_9_shaded_places_a_tributary_marker_in_gondwana() {
    let mut state = card_9_start();
    let mut expected = Board::of(&state);
    // [Gondwana]: the only Independent Province.
    play_event(&mut state, &host(), Shaded, &[select(Gondwana)]);
    // Gondwana Tributary, its Amir Obedient; DS VP 18.
    expected.tributary.insert(Gondwana);
    expected.at(Gondwana).amirs.rebelling = 0;
    expected.at(Gondwana).amirs.obedient = 1;
    expected.vp[DS] = 18;
    assert_board(&state, &expected);
}

#[test]
fn card_9_shaded_with_no_independent_province_asks_nothing_and_does_nothing() {
    // C2: on the setup every Province is Tributary, so no Province qualifies.
    let mut state = game_on_card(9);
    let expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[]);
    assert_board(&state, &expected);
}

#[test]
fn card_10_unshaded_vn_places_a_raja_and_the_qasbah_of_andhra_goes() {
    let mut state = game_on_card(10);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[]);
    // Andhra 1 Troop + 3 Obedient Rajas, no Qasbah (3 > 1); VN avail Rajas 7; DS avail
    // Qasbahs 5; Andhra still Tributary.
    expected.at(Andhra).rajas.obedient = 3;
    expected.at(Andhra).structure = None;
    expected.available.rajas = 7;
    expected.available.qasbahs = 5;
    assert_board(&state, &expected);
    assert!(state.is_tributary(Andhra));
}

#[test]
fn card_10_shaded_ds_gains_2_per_raja_in_andhra_and_1_cavalry() {
    let mut state = game_on_card(10);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[]);
    // DS Res 16 (2 Rajas × 2); DS cavalry 3, pool 7.
    expected.resources[DS] = 16;
    expected.cavalry[DS] = 3;
    expected.pool = 7;
    assert_board(&state, &expected);
}

#[test]
fn card_11_unshaded_vn_places_2_rajas_in_karnataka_and_gains_cavalry() {
    let mut state = game_on_card(11);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[Action::Count(2)]);
    // [2] Karnataka 5 Rajas; VN avail Rajas 6; VN cavalry 1, pool 7.
    expected.at(Karnataka).rajas.obedient = 5;
    expected.available.rajas = 6;
    expected.cavalry[VN] = 1;
    expected.pool = 7;
    assert_board(&state, &expected);
}

#[test]
fn card_11_shaded_removes_2_rajas_and_ds_gains_cavalry_from_the_pool() {
    let mut state = game_on_card(11);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[Action::Count(2)]);
    // [2] Karnataka 1 Raja; VN avail Rajas 10; DS cavalry 3 (VN holds none, so from the
    // pool), pool 7; DS Res 12.
    expected.at(Karnataka).rajas.obedient = 1;
    expected.available.rajas = 10;
    expected.cavalry[DS] = 3;
    expected.pool = 7;
    assert_board(&state, &expected);
}

#[test]
fn card_11_shaded_takes_the_cavalry_first_from_vn() {
    // C10 "first from VN": VN holds 1, so it comes from VN and the pool is untouched.
    let mut state = game_on_card(11);
    state.gain_cavalry_from_pool(Player::Vijayanagara, 1);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[Action::Count(0)]);
    expected.cavalry[DS] = 3;
    expected.cavalry[VN] = 0;
    assert_board(&state, &expected);
}

/// Card 12 unshaded with [VN Rebels], on `state` (the setup, under either dynasty).
fn card_12_unshaded_vn_rebels(mut state: State) {
    let mut expected = Board::of(&state);
    // VN may: it does; the granted Rebel offers Tamilakam only.
    play_event(
        &mut state,
        &host(),
        Unshaded,
        &[Action::Yes, select(Tamilakam)],
    );
    // Tamilakam Independent, VN-controlled: 1 Troop + 3 Rebelling Rajas; VN avail Rajas 6;
    // VN Res 7 (free); DS VP 16; VN VP 2.
    expected.tributary.remove(Tamilakam);
    expected.at(Tamilakam).rajas.obedient = 0;
    expected.at(Tamilakam).rajas.rebelling = 3;
    expected.available.rajas = 6;
    expected.vp[DS] = 16;
    expected.vp[VN] = 2;
    assert_board(&state, &expected);
    assert_eq!(state.controller(Tamilakam), Some(Player::Vijayanagara));
}

#[test]
fn card_12_unshaded_vn_places_2_rajas_and_rebels_in_tamilakam_under_khalji() {
    let state = game_on_card(12);
    assert_eq!(state.dynasty(), Dynasty::Khalji);
    card_12_unshaded_vn_rebels(state);
}

#[test]
fn card_12_unshaded_vn_may_decline_the_rebel() {
    let mut state = game_on_card(12);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[Action::No]);
    expected.at(Tamilakam).rajas.obedient = 3;
    expected.available.rajas = 6;
    assert_board(&state, &expected);
}

#[test]
fn card_12_shaded_ds_places_2_troops_and_removes_the_raja_of_tamilakam() {
    let mut state = game_on_card(12);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[]);
    // Tamilakam 3 Troops, 0 Rajas; DS avail Troops 8; VN avail Rajas 9.
    expected.at(Tamilakam).troops = 3;
    expected.at(Tamilakam).rajas.obedient = 0;
    expected.available.troops = 8;
    expected.available.rajas = 9;
    assert_board(&state, &expected);
}

#[test]
fn card_13_unshaded_bk_rebels_in_maharashtra_then_places_an_amir() {
    let mut state = game_on_card(13);
    let mut expected = Board::of(&state);
    // [BK Rebels]: BK may: it does; the granted Rebel offers Maharashtra only.
    play_event(
        &mut state,
        &host(),
        Unshaded,
        &[Action::Yes, select(Maharashtra)],
    );
    // Maharashtra Independent, BK-controlled, 5 Rebelling Amirs; BK avail Amirs 5; BK Res 6
    // (free); DS VP 16; BK VP 2.
    expected.tributary.remove(Maharashtra);
    expected.at(Maharashtra).amirs.obedient = 0;
    expected.at(Maharashtra).amirs.rebelling = 5;
    expected.available.amirs = 5;
    expected.vp[DS] = 16;
    expected.vp[BK] = 2;
    assert_board(&state, &expected);
    assert_eq!(state.controller(Maharashtra), Some(Player::Bahmani));
}

#[test]
fn card_13_shaded_ds_places_a_governor_and_2_troops_and_removes_2_amirs() {
    let mut state = game_on_card(13);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[Action::Count(2)]);
    // [2] Maharashtra 2 Troops + 1 Governor + 2 Obedient Amirs; DS avail Troops 8,
    // Governors 3; BK avail Amirs 8.
    expected.at(Maharashtra).troops = 2;
    expected.at(Maharashtra).governors = 1;
    expected.at(Maharashtra).amirs.obedient = 2;
    expected.available.troops = 8;
    expected.available.governors = 3;
    expected.available.amirs = 8;
    assert_board(&state, &expected);
}

#[test]
fn card_14_unshaded_ds_loses_resources_and_cavalry_and_mongols_enter_the_passes() {
    let mut state = game_on_card(14);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[]);
    // DS Res 9; DS cavalry 0, BK 1, VN 1, pool 8; Mountain Passes 2 Troops + 2 Mongols;
    // MI box 10.
    expected.resources[DS] = 9;
    expected.cavalry = [0, 1, 1];
    expected.pool = 8;
    expected.at(MountainPasses).mongols = 2;
    expected.available.mongols = 10;
    assert_board(&state, &expected);
}

#[test]
fn card_14_unshaded_ds_gives_only_the_cavalry_it_holds() {
    // C10 "gives": DS holds 1 token, so BK gets it and VN nothing; the pool gives nothing.
    let mut state = game_on_card(14);
    state.return_cavalry(Player::Sultanate, 1).unwrap();
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[]);
    expected.resources[DS] = 9;
    expected.cavalry = [0, 1, 0];
    expected.at(MountainPasses).mongols = 2;
    expected.available.mongols = 10;
    assert_board(&state, &expected);
}

#[test]
fn card_14_shaded_ds_places_3_troops_in_delhi_and_gains_3() {
    let mut state = game_on_card(14);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[Action::Count(3)]);
    // [3] Delhi 7 Troops; DS avail Troops 7; DS Res 15.
    expected.at(Delhi).troops = 7;
    expected.available.troops = 7;
    expected.resources[DS] = 15;
    assert_board(&state, &expected);
}

#[test]
fn card_15_unshaded_andhra_becomes_independent_and_vn_controlled() {
    let mut state = game_on_card(15);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[select(Andhra)]);
    // [Andhra] Andhra Independent: 1 Troop + Qasbah + 3 Rebelling Rajas, VN-controlled
    // (3 vs 2); VN avail Rajas 7; DS VP 16; VN VP 2.
    expected.tributary.remove(Andhra);
    expected.at(Andhra).rajas.obedient = 0;
    expected.at(Andhra).rajas.rebelling = 3;
    expected.available.rajas = 7;
    expected.vp[DS] = 16;
    expected.vp[VN] = 2;
    assert_board(&state, &expected);
    assert_eq!(state.controller(Andhra), Some(Player::Vijayanagara));
}

#[test]
fn card_15_shaded_ds_places_a_governor_in_andhra_and_removes_2_rajas() {
    let mut state = game_on_card(15);
    let mut expected = Board::of(&state);
    // [Andhra; remove 2]: the executor (VN) picks Andhra, DS the count.
    play_event(
        &mut state,
        &host(),
        Shaded,
        &[select(Andhra), Action::Count(2)],
    );
    // Andhra 1 Troop + 1 Governor + Qasbah, 0 Rajas, Tributary; DS avail Governors 3; VN avail
    // Rajas 10.
    expected.at(Andhra).governors = 1;
    expected.at(Andhra).rajas.obedient = 0;
    expected.available.governors = 3;
    expected.available.rajas = 10;
    assert_board(&state, &expected);
    assert!(state.is_tributary(Andhra));
}

#[test]
fn card_16_unshaded_vn_places_2_rajas_then_rallies_in_karnataka_and_tamilakam() {
    let mut state = game_on_card(16);
    let mut expected = Board::of(&state);
    // [Rally in Karnataka and Tamilakam]: Karnataka 1 + 1 (Karnataka) = 2, Tamilakam 1.
    play_event(
        &mut state,
        &host(),
        Unshaded,
        &[
            select(Karnataka),
            Action::Count(2),
            select(Tamilakam),
            Action::Count(1),
            Action::Done, // 2 Provinces selected: the Rally is over
        ],
    );
    // Karnataka 7 Rajas (3 + 2 + Rally 2); Tamilakam 1 Troop + 2 Rajas; VN avail Rajas 3;
    // VN Res 7.
    expected.at(Karnataka).rajas.obedient = 7;
    expected.at(Tamilakam).rajas.obedient = 2;
    expected.available.rajas = 3;
    assert_board(&state, &expected);
}

#[test]
fn card_16_unshaded_vn_may_select_no_province_for_the_rally() {
    // C6 "in up to 2 spaces": 0 is allowed, so the Rally may end before its first space.
    let mut state = game_on_card(16);
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[Action::Done]);
    expected.at(Karnataka).rajas.obedient = 5;
    expected.available.rajas = 6;
    assert_board(&state, &expected);
}

#[test]
fn card_16_shaded_removes_the_rajas_of_andhra_and_ds_gains_2() {
    let mut state = game_on_card(16);
    let mut expected = Board::of(&state);
    play_event(
        &mut state,
        &host(),
        Shaded,
        &[select(Andhra), Action::Count(2)],
    );
    // [Andhra] Andhra 0 Rajas; VN avail Rajas 10; DS Res 14.
    expected.at(Andhra).rajas.obedient = 0;
    expected.available.rajas = 10;
    expected.resources[DS] = 14;
    assert_board(&state, &expected);
}

// ----- §5.1 edge cases for cards 9–16 -----------------------------------------------------------

#[test]
fn rule_convention_c8_track_end_bk_influence_4_is_not_shifted() {
    // Card 9 U with BK Influence 4 → 2 Amirs placed; the shift is ignored; no slot change.
    let mut state = game_on_card(9);
    state.shift_influence(Player::Bahmani, 4).unwrap();
    assert_eq!(state.influence(Player::Bahmani), Some(4));
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Unshaded, &[]);
    expected.at(Maharashtra).amirs.obedient = 6;
    expected.available.amirs -= 2;
    assert_board(&state, &expected);
}

#[test]
fn rule_convention_c7_majority_no_bk_majority_no_rebel_but_the_amir_is_placed() {
    // Card 13 U with Maharashtra = 4 Amirs + 4 Troops → no BK majority, no Rebel; BK still
    // places 1 Amir (5 Obedient Amirs, Tributary).
    let mut state = game_on_card(13);
    state.place(Maharashtra, Piece::Troop, 4).unwrap();
    let mut expected = Board::of(&state);
    // Nothing to decide: the Rebel is not possible, so BK is not asked.
    play_event(&mut state, &host(), Unshaded, &[]);
    expected.at(Maharashtra).amirs.obedient = 5;
    expected.available.amirs = 5;
    assert_board(&state, &expected);
    assert!(state.is_tributary(Maharashtra));
}

/// The §2.1 setup with card 12 current and its first faction about to choose, but under the
/// Tughlaq dynasty: in the game's snapshot card 12 is moved to just after Zenith of the Delhi
/// Sultanate (swapped with the Event card there), the cards before it count as revealed, and
/// the dynasty is Tughlaq, as the core's invariants require once Zenith is resolved (§2.7).
fn card_12_under_tughlaq() -> State {
    let state = game_on_card(12);
    let mut snapshot: serde_json::Value = serde_json::from_str(&state.to_snapshot()).unwrap();
    let inner = &mut snapshot["state"];
    inner["dynasty"] = "Tughlaq".into();
    // The cards before it were revealed, the first of them announced long ago (§2.2).
    inner
        .as_object_mut()
        .unwrap()
        .remove("first_card_unannounced");
    let deck = &mut inner["deck"];
    let cards = deck["cards"].as_array_mut().unwrap();
    let zenith = cards
        .iter()
        .position(|c| c["Succession"] == "ZenithOfTheSultanate")
        .unwrap();
    assert!(cards[zenith + 1].get("Event").is_some());
    let current = cards.iter().position(|c| c["Event"] == 12).unwrap();
    cards.swap(current, zenith + 1);
    deck["drawn"] = (zenith + 2).into();
    let tughlaq = State::from_snapshot(&snapshot.to_string()).unwrap();
    assert_eq!(tughlaq.dynasty(), Dynasty::Tughlaq);
    assert_eq!(tughlaq.current_event(), Some(12));
    assert_eq!(Board::of(&tughlaq), Board::of(&state));
    tughlaq
}

#[test]
fn rule_convention_c7_tughlaq_card_12_gives_the_same_result() {
    // Card 12 U under Tughlaq → same result as the test in row 12.
    card_12_unshaded_vn_rebels(card_12_under_tughlaq());
}

// ----- §5.1 edge cases for cards 1–8 ------------------------------------------------------------

#[test]
fn rule_convention_c10_empty_pool_bk_takes_its_cavalry_from_ds_and_vn() {
    // Card 3 U with pool 0, DS 5 and VN 5 cavalry → BK takes 2 from DS and/or VN [BK's
    // choice].
    let mut state = game_on_card(3);
    state.gain_cavalry_from_pool(Player::Sultanate, 3);
    state.gain_cavalry_from_pool(Player::Vijayanagara, 5);
    assert_eq!(state.cavalry_pool(), 0);
    let mut expected = Board::of(&state);
    play_event(
        &mut state,
        &host(),
        Unshaded,
        &[
            Action::TakeCavalry(Player::Sultanate),
            Action::TakeCavalry(Player::Vijayanagara),
            select(Maharashtra),
        ],
    );
    expected.cavalry = [4, 2, 4];
    expected.at(Maharashtra).amirs.obedient = 5;
    expected.available.amirs = 5;
    assert_board(&state, &expected);
}

#[test]
fn rule_convention_c3_stacking_no_second_structure_in_delhi() {
    // Card 5 S with a Qasbah already in Delhi → no placement; `siri_fort` still active.
    let mut state = game_on_card(5);
    state.place(Delhi, Piece::Qasbah, 1).unwrap();
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[]);
    expected.lasting.insert(Lasting::SiriFort);
    assert_board(&state, &expected);
    assert_eq!(state.available().qasbahs, 3);
}

#[test]
fn rule_convention_c3_shortage_places_as_many_as_are_available() {
    // Card 1 S with only 1 DS Troop available: 2 Mongols removed, 1 Troop placed.
    let mut state = card_1_start();
    state.place(Malwa, Piece::Troop, 9).unwrap();
    let mut expected = Board::of(&state);
    play_event(&mut state, &host(), Shaded, &[Action::Count(2)]);
    expected.at(Punjab).mongols = 1;
    expected.available.mongols = 11;
    expected.at(Delhi).troops = 5;
    expected.available.troops = 0;
    assert_board(&state, &expected);
}

// ----- the host's contract ------------------------------------------------------------------------

#[test]
fn a_mid_effect_choice_waits_and_resumes_identically() {
    let host = host();
    let mut state = game_on_card(3);
    let before = Board::of(&state);
    let mut log = Log::silent();
    rules(&host)
        .apply(
            &mut state,
            Action::Option(TurnOption::EventOrCommand),
            &mut log,
        )
        .unwrap();
    rules(&host)
        .apply(&mut state, Action::Event(Unshaded), &mut log)
        .unwrap();
    // BK must choose, as the text names it (C1), though DS carries the Event out.
    let decision = state.decision().unwrap();
    assert_eq!(decision.player, Player::Bahmani);
    assert_eq!(decision.kind, DecisionKind::Event { card: 3 });
    let offered: Vec<Action> = decision
        .choices
        .into_iter()
        .filter(|a| !matches!(a, Action::Give)) // §1.5.2 gifts, offered everywhere
        .collect();
    assert_eq!(offered, [select(Gujarat), select(Maharashtra)]);
    // The cavalry gain before the choice is not committed: the scratch copy was thrown away.
    assert_board(&state, &before);

    // The waiting game survives a snapshot, and both copies finish identically.
    let mut restored = State::from_snapshot(&state.to_snapshot()).unwrap();
    assert_eq!(restored, state);
    rules(&host)
        .apply(&mut state, select(Gujarat), &mut log)
        .unwrap();
    rules(&host)
        .apply(&mut restored, select(Gujarat), &mut Log::silent())
        .unwrap();
    assert_eq!(restored, state);
    assert!(!in_event(&state));
    assert_eq!(state.cavalry(Player::Bahmani), 2);
    assert_eq!(state.space(Gujarat).amirs.obedient, 2);

    // Directly: the same run with the same answers always gives the same state.
    let run = EventRun {
        card: 3,
        side: Unshaded,
        executor: Player::Sultanate,
        choices: vec![],
    };
    let start = game_on_card(3);
    let mut scratch = start.clone();
    assert_eq!(
        host.run(&mut scratch, &run),
        Ok(EventProgress::Choice {
            player: Player::Bahmani,
            choices: vec![select(Gujarat), select(Maharashtra)],
            prompt: "Place 1 Amir in".into(),
        })
    );
    let answered = EventRun {
        choices: vec![select(Maharashtra)],
        ..run
    };
    let (mut a, mut b) = (start.clone(), start.clone());
    let (first, second) = (host.run(&mut a, &answered), host.run(&mut b, &answered));
    assert!(matches!(&first, Ok(EventProgress::Done { grants, .. }) if grants.is_empty()));
    assert_eq!(first, second);
    assert_eq!(a, b);
    assert_eq!(a.space(Maharashtra).amirs.obedient, 5);
}

/// A one-card deck whose card `number` gains DS 3 Resources, then places a Fort in Delhi
/// (§1.3 forbids it) on line 8 of the file.
fn illegal_card(number: u8) -> Cards {
    let source = format!(
        r#"return {{
    number = {number}, title = "Illegal", order = "DBV", stay_eligible = false,
    text = {{ unshaded = "DS gains 3 Resources, then BK places a Fort in Delhi.", shaded = "" }},
    unshaded = function(ctx)
        ctx:gain_resources("DS", 3)
        -- BK structures may not stand in Delhi:
        local where = "Delhi"
        ctx:place(where, "Fort", 1)
    end,
    shaded = function(ctx) end,
}}"#
    );
    Cards::from_sources(&[("illegal.lua", source)]).unwrap()
}

#[test]
fn an_effect_the_core_refuses_names_the_rule_and_changes_nothing() {
    let mut state = game_on_card(7);
    let host = illegal_card(7);
    let mut log = Log::silent();
    rules(&host)
        .apply(
            &mut state,
            Action::Option(TurnOption::EventOrCommand),
            &mut log,
        )
        .unwrap();
    let before = state.clone();
    let err = rules(&host)
        .apply(&mut state, Action::Event(Unshaded), &mut log)
        .unwrap_err();
    assert_eq!(
        err,
        Error::Event {
            card: 7,
            message: "ctx:place: a Fort may not stand in Delhi (§1.3)".into(),
            file: Some("illegal.lua".into()),
            line: Some(8),
        }
    );
    // The error names the card file and the line, as a deck error does.
    assert_eq!(
        err.to_string(),
        "Event 7 failed at illegal.lua:8: ctx:place: a Fort may not stand in Delhi (§1.3) (§2.3.4)"
    );
    assert_eq!(err.rule(), Rule("2.3.4"));
    assert_eq!(state, before, "the game is exactly as it was");

    // It is the scratch copy that took the first effect, and it is what gets thrown away.
    let run = EventRun {
        card: 7,
        side: Unshaded,
        executor: Player::Sultanate,
        choices: vec![],
    };
    let mut scratch = before.clone();
    let failure = host.run(&mut scratch, &run).unwrap_err();
    assert_eq!(
        failure,
        EventFailure {
            message: "ctx:place: a Fort may not stand in Delhi (§1.3)".into(),
            line: Some(8),
        }
    );
    assert_eq!(
        scratch.resources(Player::Sultanate),
        before.resources(Player::Sultanate) + 3
    );
    assert_eq!(state, before);
}

#[test]
fn a_syntax_error_in_a_card_file_is_refused_at_load_with_file_and_line() {
    let mut sources: Vec<(String, String)> = STANDARD_DECK
        .iter()
        .map(|&(n, s)| (n.to_owned(), s.to_owned()))
        .collect();
    // Break a line of card 5: `ctx:place("Punjab", ...` loses its closing parenthesis.
    let file = sources[4].0.clone();
    let source = &mut sources[4].1;
    let line = source
        .lines()
        .position(|l| l.contains("local punjab"))
        .unwrap();
    let broken: Vec<String> = source
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == line {
                l.replacen("))", ")", 1)
            } else {
                l.to_owned()
            }
        })
        .collect();
    *source = broken.join("\n");
    let err = CardHost::from_sources(&sources).unwrap_err();
    assert_eq!(err.file(), file);
    let Some(reported) = err.line() else {
        panic!("no line in {err}")
    };
    // Lua reports the line where it noticed the missing parenthesis: that line or the next.
    assert!(
        (line + 1..=line + 2).contains(&(reported as usize)),
        "line {reported}, broken line {}",
        line + 1
    );
    assert!(matches!(
        err,
        DeckError::Script {
            error: ScriptError::Syntax { .. },
            ..
        }
    ));
    assert!(
        err.to_string().starts_with("05.lua: syntax error at line"),
        "{err}"
    );

    // The same from a directory.
    let dir = std::env::temp_dir().join(format!("darbar-lua-cards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, source) in &sources {
        std::fs::write(dir.join(name), source).unwrap();
    }
    std::fs::write(dir.join("notes.txt"), "not a card").unwrap();
    let from_dir = CardHost::from_dir(&dir).unwrap_err();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(from_dir, err);
}

#[test]
fn a_missing_directory_is_a_read_error() {
    let err = CardHost::from_dir("/nonexistent/darbar/cards").unwrap_err();
    assert!(matches!(err, DeckError::Read { .. }), "{err}");
    assert_eq!(err.file(), "/nonexistent/darbar/cards");
}

#[test]
fn every_card_side_of_the_deck_runs_on_the_setup() {
    // Each side of each of the 36 cards either finishes or asks a legal question, whoever
    // carries it out.
    let host = host();
    for card in 1..=36 {
        for side in [Unshaded, Shaded] {
            for executor in Player::ALL {
                let run = EventRun {
                    card,
                    side,
                    executor,
                    choices: vec![],
                };
                let result = host.run(&mut State::new(1), &run);
                match result {
                    Ok(EventProgress::Done { .. }) => {}
                    Ok(EventProgress::Choice { choices, .. }) => assert!(!choices.is_empty()),
                    Err(e) => panic!("card {card} {side:?} by {executor:?}: {e:?}"),
                }
            }
        }
    }
}

#[test]
fn random_games_that_always_take_the_event_play_every_card_without_failing() {
    // Random play where the Event is always taken when offered: every offered action applies,
    // changes the state and keeps the core's invariants, and every card side is played.
    let game = rules(&host());
    let mut played = std::collections::BTreeSet::new();
    for seed in 0..100u64 {
        let mut state = game.new_initial_state(seed);
        let mut rng = darbar::engine::GameRng::from_seed_u64(seed);
        while !state.is_over() {
            let legal = state.legal_actions();
            let eager = [
                Action::Option(TurnOption::EventOrCommand),
                Action::Event(Unshaded),
                Action::Event(Shaded),
            ];
            let mut actions: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| eager.contains(a))
                .collect();
            if actions.is_empty() {
                actions = legal
                    .into_iter()
                    .filter(|a| !matches!(a, Action::Give))
                    .collect();
            }
            let action = actions[rng.below(actions.len() as u32) as usize];
            if let (Action::Event(side), Some(card)) = (action, state.current_event()) {
                played.insert((card, side));
            }
            let before = state.clone();
            game.apply(&mut state, action, &mut Log::silent())
                .unwrap_or_else(|e| panic!("seed {seed}, {action}: {e}"));
            assert_ne!(state, before);
            state.check_invariants().unwrap();
        }
    }
    assert_eq!(played.len(), 72, "every side of the 36 cards: {played:?}");
}

#[test]
fn card_7_unshaded_may_remove_the_qasbah() {
    // C13: a DS piece includes the Qasbah; here the executor takes it and the Governor.
    let mut state = game_on_card(7);
    state.place(Malwa, Piece::Qasbah, 1).unwrap();
    let qasbah = Action::Remove {
        space: Malwa,
        piece: Piece::Qasbah,
    };
    let governor = Action::Remove {
        space: Malwa,
        piece: Piece::Governor,
    };
    play_event(&mut state, &host(), Unshaded, &[qasbah, governor]);
    assert_eq!(state.space(Malwa).structure, None);
    assert_eq!(state.space(Malwa).governors, 0);
    assert_eq!(state.space(Malwa).troops, 3);
    assert_eq!(state.available().get(PieceKind::Qasbah), 4);
    assert_eq!(state.available().get(PieceKind::Governor), 5);
}
