//! Setup and deck construction (§2.1), starting Victory Points (§5.1–§5.3) and piece
//! conservation, written from the rules' tables.

use darbar::vijayanagara::{
    Card, DECK_SIZE, Dynasty, Loyalty, PieceKind, PlayOrderBox, Player, SpaceId, State, Structure,
    SuccessionCard,
};

/// §2.1 step 2, row by row: (space, Troops, Governors, Qasbahs, Amirs, Rajas).
const SETUP_TABLE: [(SpaceId, u8, u8, u8, u8, u8); 15] = [
    (SpaceId::Delhi, 4, 0, 0, 0, 0),
    (SpaceId::MountainPasses, 2, 0, 0, 0, 0),
    (SpaceId::Punjab, 4, 0, 0, 0, 0),
    (SpaceId::Malwa, 3, 1, 0, 0, 0),
    (SpaceId::Jaunpur, 2, 0, 0, 0, 0),
    (SpaceId::Madhyadesh, 2, 0, 0, 2, 0),
    (SpaceId::Sindh, 1, 0, 0, 0, 0),
    (SpaceId::RajputKingdoms, 1, 0, 0, 0, 0),
    (SpaceId::Gujarat, 1, 0, 0, 1, 0),
    (SpaceId::Maharashtra, 0, 0, 0, 4, 0),
    (SpaceId::Gondwana, 0, 0, 0, 1, 0),
    (SpaceId::Andhra, 1, 0, 1, 0, 2),
    (SpaceId::Karnataka, 0, 0, 0, 0, 3),
    (SpaceId::Tamilakam, 1, 0, 0, 0, 1),
    (SpaceId::Orissa, 0, 0, 0, 0, 0),
];

#[test]
fn rule_2_1_step_2_setup_table_piece_by_piece() {
    let state = State::new(11);
    for (space, troops, governors, qasbahs, amirs, rajas) in SETUP_TABLE {
        let pieces = state.space(space);
        assert_eq!(pieces.troops, troops, "Troops in {space}");
        assert_eq!(pieces.governors, governors, "Governors in {space}");
        assert_eq!(
            pieces.count(PieceKind::Qasbah),
            qasbahs,
            "Qasbahs in {space}"
        );
        // OQ-20: every Amir and Raja starts Obedient.
        assert_eq!(pieces.amirs.obedient, amirs, "Amirs in {space}");
        assert_eq!(pieces.amirs.rebelling, 0);
        assert_eq!(pieces.rajas.obedient, rajas, "Rajas in {space}");
        assert_eq!(pieces.rajas.rebelling, 0);
        assert_eq!(pieces.mongols, 0, "no Mongols on the map at setup");
        assert!(pieces.structure.is_none() || pieces.structure == Some(Structure::Qasbah));
    }
    // The table's totals row: 22 Troops, 1 Governor, 1 Qasbah, 8 Amirs, 6 Rajas.
    assert_eq!(state.on_map(PieceKind::Troop), 22);
    assert_eq!(state.on_map(PieceKind::Governor), 1);
    assert_eq!(state.on_map(PieceKind::Qasbah), 1);
    assert_eq!(state.on_map(PieceKind::Amir), 8);
    assert_eq!(state.on_map(PieceKind::Raja), 6);
}

#[test]
fn rule_2_1_step_1_every_province_is_tributary() {
    let state = State::new(1);
    for space in SpaceId::ALL {
        assert_eq!(state.is_tributary(space), space.is_province(), "{space}");
        assert_eq!(state.controller(space), None, "{space}");
    }
    assert_eq!(state.tributary_provinces().len(), 12);
}

#[test]
fn rule_2_1_steps_3_to_7_tracks_boxes_resources_cavalry_eligibility() {
    let state = State::new(5);
    // Step 3: 4 Amirs on BK's 2 slots, 8 Rajas on VN's 4 slots, both markers at 0.
    let bk = state.influence_track(Player::Bahmani).unwrap();
    let vn = state.influence_track(Player::Vijayanagara).unwrap();
    assert_eq!(
        (bk.level, bk.pieces_in_slots(), bk.slots),
        (0, 4, [0, 2, 0, 2])
    );
    assert_eq!(
        (vn.level, vn.pieces_in_slots(), vn.slots),
        (0, 8, [2, 2, 2, 2])
    );
    assert_eq!(state.influence(Player::Sultanate), None);
    // Step 4.
    let a = state.available();
    assert_eq!((a.troops, a.governors, a.qasbahs), (10, 4, 4));
    assert_eq!((a.amirs, a.forts), (6, 5));
    assert_eq!((a.rajas, a.temples), (8, 5));
    assert_eq!(a.mongols, 12);
    // Step 5.
    assert_eq!(state.resources(Player::Sultanate), 12);
    assert_eq!(state.resources(Player::Bahmani), 6);
    assert_eq!(state.resources(Player::Vijayanagara), 7);
    // Step 6.
    assert_eq!(state.cavalry(Player::Sultanate), 2);
    assert_eq!(state.cavalry(Player::Bahmani), 0);
    assert_eq!(state.cavalry(Player::Vijayanagara), 0);
    assert_eq!(state.cavalry_pool(), 8);
    // Step 7.
    for player in Player::ALL {
        assert_eq!(state.eligibility(player), PlayOrderBox::Eligible);
        assert!(!state.stays_eligible(player));
    }
    assert_eq!(state.dynasty(), Dynasty::Khalji);
    // §2.2: play starts with the top card revealed.
    assert_eq!(state.deck().played(), &state.deck().cards()[..1]);
}

#[test]
fn rule_2_1_starting_victory_points() {
    let state = State::new(8);
    assert_eq!(state.victory_points(Player::Sultanate), 18);
    assert_eq!(state.victory_points(Player::Bahmani), 0);
    assert_eq!(state.victory_points(Player::Vijayanagara), 0);
}

#[test]
fn rule_r_3_piece_conservation_at_setup() {
    let state = State::new(3);
    let slots = |p: Player| state.influence_track(p).map_or(0, |t| t.pieces_in_slots());
    for kind in PieceKind::ALL {
        let on_tracks = match kind {
            PieceKind::Amir => slots(Player::Bahmani),
            PieceKind::Raja => slots(Player::Vijayanagara),
            _ => 0,
        };
        assert_eq!(
            state.on_map(kind) + state.available().get(kind) + on_tracks,
            kind.total(),
            "{kind}"
        );
    }
    assert_eq!(state.check_invariants(), Ok(()));
}

fn positions(cards: &[Card], pred: impl Fn(&Card) -> bool) -> Vec<usize> {
    cards
        .iter()
        .enumerate()
        .filter(|(_, c)| pred(c))
        .map(|(i, _)| i)
        .collect()
}

#[test]
fn rule_2_1_deck_order_invariants_over_1000_seeds() {
    let mut first_cards = std::collections::BTreeSet::new();
    let mut timurid_positions = std::collections::BTreeSet::new();
    for seed in 0..1000 {
        let state = State::new(seed);
        let cards = state.deck().cards();
        assert_eq!(cards.len(), DECK_SIZE);
        // Stack 1 · Zenith · stack 2 · Rise · stack 3 · Lords · stack 4, 8 cards per stack.
        assert_eq!(
            cards[8],
            Card::Succession(SuccessionCard::ZenithOfTheSultanate)
        );
        assert_eq!(
            cards[17],
            Card::Succession(SuccessionCard::RiseOfTheRebelSultans)
        );
        assert_eq!(
            cards[26],
            Card::Succession(SuccessionCard::LordsOfTheDeccan)
        );
        for (stack, range) in [(1, 0..8), (2, 9..17), (3, 18..26), (4, 27..35)] {
            let stack_cards = &cards[range];
            let events = positions(stack_cards, |c| matches!(c, Card::Event(1..=36)));
            let invasions = positions(stack_cards, |c| matches!(c, Card::MongolInvasion(37..=44)));
            let timurids = positions(stack_cards, |c| matches!(c, Card::Timurid(1..=2)));
            assert_eq!(events.len(), 6, "seed {seed} stack {stack}: 6 Events");
            if stack == 4 {
                assert_eq!(
                    (invasions.len(), timurids.len()),
                    (0, 2),
                    "seed {seed}: both Timurid in stack 4"
                );
                timurid_positions.extend(timurids.iter().map(|p| p + 27));
            } else {
                assert_eq!(
                    (invasions.len(), timurids.len()),
                    (2, 0),
                    "seed {seed} stack {stack}"
                );
            }
        }
        // 24 distinct Events and 6 distinct Mongol Invasion cards are used (§1.2).
        let distinct = |pred: fn(&&Card) -> bool| {
            cards
                .iter()
                .filter(pred)
                .collect::<std::collections::BTreeSet<_>>()
                .len()
        };
        assert_eq!(distinct(|c| matches!(c, Card::Event(_))), 24);
        assert_eq!(distinct(|c| matches!(c, Card::MongolInvasion(_))), 6);
        assert_eq!(state.deck().validate(), Ok(()));
        first_cards.insert(cards[0]);
    }
    // The shuffles really are shuffles: many different first cards, Timurids anywhere in stack 4.
    assert!(
        first_cards.len() > 30,
        "only {} distinct top cards",
        first_cards.len()
    );
    assert_eq!(timurid_positions.len(), 8);
}

#[test]
fn rule_2_1_same_seed_same_deck_other_seed_other_deck() {
    assert_eq!(State::new(77), State::new(77));
    assert_ne!(State::new(77).deck(), State::new(78).deck());
}

#[test]
fn rule_2_2_drawing_reveals_cards_in_order() {
    let state = State::new(4);
    let expected = state.deck().cards().to_vec();
    let mut deck = *state.deck();
    assert_eq!(
        deck.current(),
        Some(expected[0]),
        "the top card is revealed at the start"
    );
    for (i, card) in expected.iter().enumerate().skip(1) {
        assert_eq!(deck.draw(), Some(*card));
        assert_eq!(deck.played().len(), i + 1);
        assert_eq!(deck.current(), Some(*card));
        assert_eq!(deck.remaining(), DECK_SIZE - i - 1);
    }
    assert_eq!(deck.draw(), None);
    // The state's own deck is untouched by drawing from a copy.
    assert_eq!(state.deck().remaining(), DECK_SIZE - 1);
}

#[test]
fn rule_1_4_c_setup_units_are_obedient() {
    let state = State::new(9);
    for space in SpaceId::ALL {
        assert_eq!(state.space(space).amirs.get(Loyalty::Rebelling), 0);
        assert_eq!(state.space(space).rajas.get(Loyalty::Rebelling), 0);
    }
}
