//! Setup (§2.1): the map, the tracks, the holding boxes, Resources, cavalry and the deck.

use super::influence::{InfluenceTrack, InfluenceTracks};
use super::lasting::LastingEffects;
use super::state::{Available, Spaces};
use super::{
    Deck, Dynasty, Log, Options, PerPlayer, PlayOrderBox, Player, SPACE_COUNT, SpaceId,
    SpacePieces, SpaceSet, State, Structure,
};
use crate::engine::GameRng;

/// One row of the §2.1 step 2 table: Troops, Governors, Qasbahs, Amirs, Rajas.
type SetupRow = (SpaceId, u8, u8, u8, u8, u8);

/// §2.1 step 2. Every other space (Orissa included) starts empty.
const STARTING_PIECES: [SetupRow; 14] = [
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
];

impl State {
    /// A new game with the default rule options, set up as §2.1 says, the deck built with the
    /// generator seeded from `seed`.
    pub fn new(seed: u64) -> State {
        State::with_options(seed, Options::default())
    }

    /// A new game with the given rule options, waiting for its first decision: the
    /// first card is revealed (§2.2).
    pub fn with_options(seed: u64, options: Options) -> State {
        let mut state = State::before_first_card(seed, options);
        let started = state.advance(None, &mut Log::silent());
        // Revealing the first card only pushes the card's frame: nothing there can fail.
        debug_assert!(started.is_ok(), "{started:?}");
        state.first_card_unannounced = true;
        state
    }

    /// The position of §2.1, before the first card is revealed.
    pub(crate) fn before_first_card(seed: u64, options: Options) -> State {
        let mut rng = GameRng::from_seed_u64(seed);
        let deck = Deck::build(&mut rng);
        State {
            options,
            seed,
            rng,
            spaces: Spaces(starting_spaces()),
            // Step 1: a Tributary marker on every Province.
            tributary: SpaceId::ALL
                .into_iter()
                .filter(|s| s.is_province())
                .collect::<SpaceSet>(),
            // Step 4.
            available: Available {
                troops: 10,
                governors: 4,
                qasbahs: 4,
                amirs: 6,
                forts: 5,
                rajas: 8,
                temples: 5,
                mongols: 12,
            },
            // Step 3: 4 Amirs and 8 Rajas on the slots, both markers on 0.
            influence: InfluenceTracks {
                bahmani: InfluenceTrack::at_setup(Player::Bahmani),
                vijayanagara: InfluenceTrack::at_setup(Player::Vijayanagara),
            },
            // Step 5.
            resources: PerPlayer {
                sultanate: 12,
                bahmani: 6,
                vijayanagara: 7,
            },
            // Step 6: DS holds 2 tokens, the pool the other 8.
            cavalry: PerPlayer {
                sultanate: 2,
                bahmani: 0,
                vijayanagara: 0,
            },
            // Step 7.
            eligibility: PerPlayer::from_fn(|_| PlayOrderBox::Eligible),
            stay_eligible: PerPlayer::default(),
            dynasty: Dynasty::Khalji,
            deck,
            lasting: LastingEffects::default(),
            stack: Vec::new(),
            over: false,
            first_card_unannounced: false,
            forced_dice: Vec::new(),
        }
    }
}

fn starting_spaces() -> [SpacePieces; SPACE_COUNT] {
    let mut spaces = [SpacePieces::default(); SPACE_COUNT];
    for (space, troops, governors, qasbahs, amirs, rajas) in STARTING_PIECES {
        let pieces = &mut spaces[space.index()];
        pieces.troops = troops;
        pieces.governors = governors;
        pieces.structure = (qasbahs > 0).then_some(Structure::Qasbah);
        // Every Amir and Raja starts Obedient: every Province is Tributary (OQ-20).
        pieces.amirs.obedient = amirs;
        pieces.rajas.obedient = rajas;
    }
    spaces
}
