//! A fixed-shape numeric observation of the state, for learning agents.
//!
//! Vijayanagara hides nothing but the order of the deck, so a player's observation is the
//! public state (pieces, tracks, cards played, the decision under way) and whose view it is.

use super::{
    Card, CommandKind, DecisionKind, DecreeKind, Dynasty, EVENT_CARDS, Lasting,
    MONGOL_INVASION_CARDS, PieceKind, PlayOrderBox, Player, SPACE_COUNT, SpaceId, State, Structure,
    SuccessionCard,
};

/// Numbers per space.
const SPACE_LEN: usize = 14;
/// Numbers per player faction.
const PLAYER_LEN: usize = 15;
/// One slot per card of the game: Events 1–36, Mongol Invasions 37–44, 3 Succession, 2 Timurid.
const CARD_SLOTS: usize = 49;
/// Variants of [`DecisionKind`].
const DECISION_KINDS: usize = 14;

// The first number of each block.
const SPACES: usize = 0;
const PLAYERS: usize = SPACES + SPACE_COUNT * SPACE_LEN;
const CAVALRY_POOL: usize = PLAYERS + 3 * PLAYER_LEN;
const AVAILABLE: usize = CAVALRY_POOL + 1;
const DYNASTY: usize = AVAILABLE + PieceKind::ALL.len();
const CURRENT_CARD: usize = DYNASTY + 2;
const PLAYED_CARDS: usize = CURRENT_CARD + CARD_SLOTS;
const CARDS_PLAYED: usize = PLAYED_CARDS + CARD_SLOTS;
const LASTING: usize = CARDS_PLAYED + 1;
const VIEWER: usize = LASTING + Lasting::ALL.len();
const DECIDER: usize = VIEWER + 3;
const DECISION_KIND: usize = DECIDER + 3;
const COMMAND_KIND: usize = DECISION_KIND + DECISION_KINDS;
const DECREE_KIND: usize = COMMAND_KIND + 10;
const DECISION_SPACE: usize = DECREE_KIND + 8;
const GAME_OVER: usize = DECISION_SPACE + SPACE_COUNT;

/// The length of [`State::observation`]: OpenSpiel's observation tensor shape, flat.
///
/// The observation is a list of plain numbers: counts are the counts themselves (not scaled),
/// flags and one-hot entries are 0 or 1; a one-hot block is all 0 when none of its cases holds
/// (no controller, no structure, no card yet, no decision). Players are in seat order (DS, BK,
/// VN), whoever is viewing; spaces follow [`SpaceId::ALL`], piece kinds [`PieceKind::ALL`].
///
/// | Offset | Length | Meaning |
/// |-------:|-------:|---------|
/// | 0      | 210    | 15 spaces × 14: the space record below, space `s` at `14 × s` |
/// | 210    | 45     | 3 players × 15: the player record below, player `p` at `210 + 15 × p` |
/// | 255    | 1      | cavalry tokens in the pool (§1.10) |
/// | 256    | 8      | available pieces by kind: Troops, Governors, Qasbahs, Amirs, Forts, Rajas, Temples, Mongols (the MI box) (§1.4(d)) |
/// | 264    | 2      | dynasty one-hot: Khalji, Tughlaq (§2.7) |
/// | 266    | 49     | current card one-hot, by card slot (below) |
/// | 315    | 49     | cards played so far, by card slot, the current one included |
/// | 364    | 1      | number of cards revealed so far (0–35) |
/// | 365    | 5      | lasting effects in force: Siri Fort, Market Control, Token Currency, Amiran-i-Sada, Four Tarafs |
/// | 370    | 3      | viewing player one-hot: DS, BK, VN |
/// | 373    | 3      | deciding player one-hot: who must decide now |
/// | 376    | 14     | decision kind one-hot, in [`DecisionKind`] declaration order: refill Influence slot, turn option, turn part, Command, Decree, combat, take cavalry, Mongol command, Gift of Compromise, Succession Campaign, Lords of the Deccan, Plunder, event, gift (§1.5.2) |
/// | 390    | 10     | the Command decided, one-hot: Conscript, March, Govern, Attack, Rally, Migrate, Rebel, Amass, Advance, Attack and Plunder |
/// | 400    | 8      | the Decree decided, one-hot: Collect Tribute, Campaign, Demand Obedience, Trade, Build, Conspire, Tax, Compel |
/// | 408    | 15     | the space of the Command step or battle being decided, one-hot |
/// | 423    | 1      | 1 once the game is over |
///
/// The space record (14 numbers):
///
/// | Offset | Meaning |
/// |-------:|---------|
/// | 0      | Troops |
/// | 1      | Governors |
/// | 2, 3   | Amirs: Obedient, Rebelling |
/// | 4, 5   | Rajas: Obedient, Rebelling |
/// | 6      | Mongols |
/// | 7–9    | structure one-hot: Qasbah, Fort, Temple |
/// | 10     | Tributary (§1.6) |
/// | 11–13  | controller one-hot: DS, BK, VN (§1.7) |
///
/// The player record (15 numbers):
///
/// | Offset | Meaning |
/// |-------:|---------|
/// | 0      | Resources (§1.8) |
/// | 1      | cavalry tokens held (§1.10) |
/// | 2      | Influence level, 0–4 (0 for DS, which has no track) (§1.9) |
/// | 3–6    | pieces in the Influence slots at levels 1–4 |
/// | 7–12   | eligibility box one-hot: Eligible, Command & Decree, Event or Command, Limited Command, Pass, Ineligible (§2.3) |
/// | 13     | cylinder flipped to Stay Eligible (§2.3.4) |
/// | 14     | Victory Points during play (§5) |
///
/// The card slots: Event card `n` (1–36) at `n − 1`, Mongol Invasion card `n` (37–44) at
/// `n − 1`, the Succession cards at 44, 45, 46 (Zenith, Rise, Lords), the Timurid cards at 47
/// and 48.
///
/// ```
/// use darbar::vijayanagara::{OBSERVATION_SIZE, Player, SpaceId, State};
///
/// let state = State::new(1);
/// let seen = state.observation(Player::Bahmani);
/// assert_eq!(seen.len(), OBSERVATION_SIZE);
/// assert_eq!(seen[14 * SpaceId::Delhi.index()], 4.0); // 4 Troops in Delhi (§2.1)
/// assert_eq!(seen[210], 12.0); // DS Resources
/// assert_eq!(seen[370..373], [0.0, 1.0, 0.0]); // seen by BK
/// ```
pub const OBSERVATION_SIZE: usize = GAME_OVER + 1;

/// The blocks of the observation as `(name, first index, length)`, in order (see
/// [`OBSERVATION_SIZE`] for what each holds), so that tools can slice it by name.
///
/// ```
/// use darbar::vijayanagara::{OBSERVATION_LAYOUT, OBSERVATION_SIZE};
///
/// let (name, start, len) = OBSERVATION_LAYOUT[0];
/// assert_eq!((name, start, len), ("spaces", 0, 15 * 14));
/// let last = OBSERVATION_LAYOUT[OBSERVATION_LAYOUT.len() - 1];
/// assert_eq!(last.1 + last.2, OBSERVATION_SIZE);
/// ```
pub const OBSERVATION_LAYOUT: [(&str, usize, usize); 16] = [
    ("spaces", SPACES, PLAYERS - SPACES),
    ("players", PLAYERS, CAVALRY_POOL - PLAYERS),
    ("cavalry_pool", CAVALRY_POOL, AVAILABLE - CAVALRY_POOL),
    ("available", AVAILABLE, DYNASTY - AVAILABLE),
    ("dynasty", DYNASTY, CURRENT_CARD - DYNASTY),
    ("current_card", CURRENT_CARD, PLAYED_CARDS - CURRENT_CARD),
    ("played_cards", PLAYED_CARDS, CARDS_PLAYED - PLAYED_CARDS),
    ("cards_played", CARDS_PLAYED, LASTING - CARDS_PLAYED),
    ("lasting", LASTING, VIEWER - LASTING),
    ("viewer", VIEWER, DECIDER - VIEWER),
    ("decider", DECIDER, DECISION_KIND - DECIDER),
    ("decision_kind", DECISION_KIND, COMMAND_KIND - DECISION_KIND),
    ("command_kind", COMMAND_KIND, DECREE_KIND - COMMAND_KIND),
    ("decree_kind", DECREE_KIND, DECISION_SPACE - DECREE_KIND),
    ("decision_space", DECISION_SPACE, GAME_OVER - DECISION_SPACE),
    ("game_over", GAME_OVER, OBSERVATION_SIZE - GAME_OVER),
];

/// A card's slot (see [`OBSERVATION_SIZE`]).
fn card_slot(card: Card) -> Option<usize> {
    match card {
        Card::Event(n) if EVENT_CARDS.contains(&n) => Some(usize::from(n) - 1),
        Card::MongolInvasion(n) if MONGOL_INVASION_CARDS.contains(&n) => Some(usize::from(n) - 1),
        Card::Succession(card) => Some(
            44 + match card {
                SuccessionCard::ZenithOfTheSultanate => 0,
                SuccessionCard::RiseOfTheRebelSultans => 1,
                SuccessionCard::LordsOfTheDeccan => 2,
            },
        ),
        Card::Timurid(n @ 1..=2) => Some(46 + usize::from(n)),
        _ => None,
    }
}

fn box_number(place: PlayOrderBox) -> usize {
    match place {
        PlayOrderBox::Eligible => 0,
        PlayOrderBox::CommandAndDecree => 1,
        PlayOrderBox::EventOrCommand => 2,
        PlayOrderBox::LimitedCommand => 3,
        PlayOrderBox::Pass => 4,
        PlayOrderBox::Ineligible => 5,
    }
}

fn decision_number(kind: DecisionKind) -> usize {
    match kind {
        DecisionKind::RefillInfluenceSlot { .. } => 0,
        DecisionKind::TurnOption { .. } => 1,
        DecisionKind::TurnPart => 2,
        DecisionKind::Command { .. } => 3,
        DecisionKind::Decree { .. } => 4,
        DecisionKind::Combat { .. } => 5,
        DecisionKind::TakeCavalry => 6,
        DecisionKind::MongolCommand => 7,
        DecisionKind::GiftOfCompromise => 8,
        DecisionKind::SuccessionCampaign => 9,
        DecisionKind::LordsOfTheDeccan => 10,
        DecisionKind::Plunder => 11,
        DecisionKind::Event { .. } => 12,
        DecisionKind::Transfer { .. } => 13,
    }
}

fn command_number(kind: CommandKind) -> usize {
    match kind {
        CommandKind::Conscript => 0,
        CommandKind::March => 1,
        CommandKind::Govern => 2,
        CommandKind::Attack => 3,
        CommandKind::Rally => 4,
        CommandKind::Migrate => 5,
        CommandKind::Rebel => 6,
        CommandKind::Amass => 7,
        CommandKind::Advance => 8,
        CommandKind::AttackAndPlunder => 9,
    }
}

fn decree_number(kind: DecreeKind) -> usize {
    match kind {
        DecreeKind::CollectTribute => 0,
        DecreeKind::Campaign => 1,
        DecreeKind::DemandObedience => 2,
        DecreeKind::Trade => 3,
        DecreeKind::Build => 4,
        DecreeKind::Conspire => 5,
        DecreeKind::Tax => 6,
        DecreeKind::Compel => 7,
    }
}

fn structure_number(structure: Structure) -> usize {
    match structure {
        Structure::Qasbah => 0,
        Structure::Fort => 1,
        Structure::Temple => 2,
    }
}

impl State {
    /// What `player` observes, as [`OBSERVATION_SIZE`] numbers laid out as the table there
    /// says: every space's pieces, Tributary marker and controller; every player's Resources,
    /// cavalry, Influence track, eligibility and Victory Points; the cavalry pool, the holding
    /// boxes, the dynasty, the cards revealed, the lasting effects, the viewer, and the decision
    /// under way. Only the order of the cards still to come is hidden, so the observations of
    /// the three players differ only in the viewer entry.
    ///
    /// ```
    /// use darbar::vijayanagara::{OBSERVATION_SIZE, Player, SpaceId, State};
    ///
    /// let state = State::new(9);
    /// let ds = state.observation(Player::Sultanate);
    /// let vn = state.observation(Player::Vijayanagara);
    /// assert_eq!(ds.len(), OBSERVATION_SIZE);
    /// assert_ne!(ds, vn);
    /// // Andhra starts with a Qasbah (§2.1): the first structure entry of its record.
    /// assert_eq!(ds[14 * SpaceId::Andhra.index() + 7], 1.0);
    /// ```
    pub fn observation(&self, player: Player) -> Vec<f32> {
        let mut seen = vec![0.0; OBSERVATION_SIZE];
        let flag = |on: bool| if on { 1.0 } else { 0.0 };

        for space in SpaceId::ALL {
            let at = SPACES + SPACE_LEN * space.index();
            let pieces = self.space(space);
            let counts = [
                pieces.troops,
                pieces.governors,
                pieces.amirs.obedient,
                pieces.amirs.rebelling,
                pieces.rajas.obedient,
                pieces.rajas.rebelling,
                pieces.mongols,
            ];
            for (i, n) in counts.into_iter().enumerate() {
                seen[at + i] = f32::from(n);
            }
            if let Some(structure) = pieces.structure {
                seen[at + 7 + structure_number(structure)] = 1.0;
            }
            seen[at + 10] = flag(self.is_tributary(space));
            if let Some(controller) = self.controller(space) {
                seen[at + 11 + controller as usize] = 1.0;
            }
        }

        for p in Player::ALL {
            let at = PLAYERS + PLAYER_LEN * p as usize;
            seen[at] = f32::from(self.resources(p));
            seen[at + 1] = f32::from(self.cavalry(p));
            if let Some(track) = self.influence_track(p) {
                seen[at + 2] = f32::from(track.level);
                for (i, &n) in track.slots.iter().enumerate() {
                    seen[at + 3 + i] = f32::from(n);
                }
            }
            seen[at + 7 + box_number(self.eligibility(p))] = 1.0;
            seen[at + 13] = flag(self.stays_eligible(p));
            // VP stay far below 2^24, so the conversion is exact.
            seen[at + 14] = self.victory_points(p) as f32;
        }

        seen[CAVALRY_POOL] = f32::from(self.cavalry_pool());
        for (i, kind) in PieceKind::ALL.into_iter().enumerate() {
            seen[AVAILABLE + i] = f32::from(self.available().get(kind));
        }
        seen[DYNASTY + usize::from(self.dynasty() == Dynasty::Tughlaq)] = 1.0;

        let deck = self.deck();
        if let Some(slot) = deck.current().and_then(card_slot) {
            seen[CURRENT_CARD + slot] = 1.0;
        }
        for slot in deck.played().iter().copied().filter_map(card_slot) {
            seen[PLAYED_CARDS + slot] = 1.0;
        }
        // At most 35 cards: exact.
        seen[CARDS_PLAYED] = deck.played().len() as f32;
        for (i, effect) in Lasting::ALL.into_iter().enumerate() {
            seen[LASTING + i] = flag(self.lasting_effects().contains(effect));
        }

        seen[VIEWER + player as usize] = 1.0;
        match self.decision() {
            Some(decision) => {
                seen[DECIDER + decision.player as usize] = 1.0;
                seen[DECISION_KIND + decision_number(decision.kind)] = 1.0;
                let space = match decision.kind {
                    DecisionKind::Command { kind, space, .. } => {
                        seen[COMMAND_KIND + command_number(kind)] = 1.0;
                        space
                    }
                    DecisionKind::Decree { kind } => {
                        seen[DECREE_KIND + decree_number(kind)] = 1.0;
                        None
                    }
                    DecisionKind::Combat { space } => Some(space),
                    _ => None,
                };
                if let Some(space) = space {
                    seen[DECISION_SPACE + space.index()] = 1.0;
                }
            }
            None => seen[GAME_OVER] = flag(self.is_over()),
        }
        seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::RandomBot;
    use crate::engine::{Game, Log};
    use crate::vijayanagara::game::game;
    use crate::vijayanagara::{Loyalty, Piece};

    #[test]
    fn the_documented_offsets_hold() {
        assert_eq!(
            [
                SPACES,
                PLAYERS,
                CAVALRY_POOL,
                AVAILABLE,
                DYNASTY,
                CURRENT_CARD,
                PLAYED_CARDS,
                CARDS_PLAYED,
                LASTING,
                VIEWER,
                DECIDER,
                DECISION_KIND,
                COMMAND_KIND,
                DECREE_KIND,
                DECISION_SPACE,
                GAME_OVER,
            ],
            [
                0, 210, 255, 256, 264, 266, 315, 364, 365, 370, 373, 376, 390, 400, 408, 423
            ]
        );
        assert_eq!(OBSERVATION_SIZE, 424);
    }

    #[test]
    fn every_card_has_its_own_slot() {
        let mut cards: Vec<Card> = EVENT_CARDS.map(Card::Event).collect();
        cards.extend(MONGOL_INVASION_CARDS.map(Card::MongolInvasion));
        cards.extend(SuccessionCard::ALL.map(Card::Succession));
        cards.extend([Card::Timurid(1), Card::Timurid(2)]);
        let slots: Vec<usize> = cards.into_iter().filter_map(card_slot).collect();
        assert_eq!(slots, (0..CARD_SLOTS).collect::<Vec<_>>());
        assert_eq!(card_slot(Card::Event(0)), None);
        assert_eq!(card_slot(Card::Timurid(3)), None);
    }

    #[test]
    fn rule_2_1_setup_values_at_their_offsets() {
        let state = State::new(2024);
        let seen = state.observation(Player::Sultanate);
        let space = |s: SpaceId| SPACES + SPACE_LEN * s.index();
        let player = |p: Player| PLAYERS + PLAYER_LEN * p as usize;
        // Pieces (§2.1 step 2).
        assert_eq!(seen[space(SpaceId::Delhi)], 4.0);
        assert_eq!(
            seen[space(SpaceId::Malwa)..space(SpaceId::Malwa) + 7],
            [3.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
        );
        assert_eq!(seen[space(SpaceId::Maharashtra) + 2], 4.0);
        assert_eq!(seen[space(SpaceId::Karnataka) + 4], 3.0);
        assert_eq!(
            seen[space(SpaceId::Andhra) + 7..space(SpaceId::Andhra) + 10],
            [1.0, 0.0, 0.0]
        );
        // Tributary markers on every Province (step 1), and so no controller.
        for s in SpaceId::ALL {
            assert_eq!(seen[space(s) + 10], if s.is_province() { 1.0 } else { 0.0 });
            assert_eq!(seen[space(s) + 11..space(s) + 14], [0.0; 3]);
        }
        // Resources, cavalry, Influence, eligibility and VP (steps 3, 5, 6, 7).
        assert_eq!(seen[player(Player::Sultanate)], 12.0);
        assert_eq!(seen[player(Player::Bahmani)], 6.0);
        assert_eq!(seen[player(Player::Vijayanagara)], 7.0);
        assert_eq!(seen[player(Player::Sultanate) + 1], 2.0);
        assert_eq!(
            seen[player(Player::Bahmani) + 2..player(Player::Bahmani) + 7],
            [0.0, 0.0, 2.0, 0.0, 2.0]
        );
        assert_eq!(
            seen[player(Player::Vijayanagara) + 3..player(Player::Vijayanagara) + 7],
            [2.0; 4]
        );
        for p in Player::ALL {
            assert_eq!(seen[player(p) + 7], 1.0, "{p} starts Eligible");
            assert_eq!(seen[player(p) + 14], state.victory_points(p) as f32);
        }
        assert_eq!(seen[player(Player::Sultanate) + 14], 18.0);
        // The pool holds the other 8 tokens; the holding boxes of step 4.
        assert_eq!(seen[CAVALRY_POOL], 8.0);
        assert_eq!(
            seen[AVAILABLE..AVAILABLE + 8],
            [10.0, 4.0, 4.0, 6.0, 5.0, 8.0, 5.0, 12.0]
        );
        assert_eq!(seen[DYNASTY..DYNASTY + 2], [1.0, 0.0]);
        // The first card is revealed (§2.2).
        assert_eq!(seen[CARDS_PLAYED], 1.0);
        let current = card_slot(state.deck().cards()[0]).unwrap();
        assert_eq!(seen[CURRENT_CARD + current], 1.0);
        assert_eq!(seen[CURRENT_CARD..PLAYED_CARDS].iter().sum::<f32>(), 1.0);
        assert_eq!(seen[PLAYED_CARDS + current], 1.0);
        assert_eq!(seen[LASTING..LASTING + 5], [0.0; 5]);
        // A decision is waiting, and the game is not over.
        let decider = state.current_player().unwrap();
        assert_eq!(seen[DECIDER + decider as usize], 1.0);
        assert_eq!(seen[DECISION_KIND..COMMAND_KIND].iter().sum::<f32>(), 1.0);
        assert_eq!(seen[GAME_OVER], 0.0);
    }

    #[test]
    fn the_viewer_is_the_only_difference_between_players() {
        let state = State::new(3);
        let views = Player::ALL.map(|p| state.observation(p));
        for (p, view) in Player::ALL.into_iter().zip(&views) {
            let mut viewer = [0.0; 3];
            viewer[p as usize] = 1.0;
            assert_eq!(view[VIEWER..VIEWER + 3], viewer);
            assert_eq!(view[..VIEWER], views[0][..VIEWER]);
            assert_eq!(view[DECIDER..], views[0][DECIDER..]);
        }
        assert_ne!(views[0], views[1]);
        assert_ne!(views[1], views[2]);
    }

    #[test]
    fn different_states_are_seen_differently() {
        let state = State::new(4);
        let mut moved = state.clone();
        moved
            .place(SpaceId::Orissa, Piece::Amir(Loyalty::Obedient), 1)
            .unwrap();
        let before = state.observation(Player::Bahmani);
        let after = moved.observation(Player::Bahmani);
        assert_ne!(before, after);
        let orissa = SPACES + SPACE_LEN * SpaceId::Orissa.index();
        assert_eq!(after[orissa + 2], 1.0);
        assert_eq!(after[AVAILABLE + 3], before[AVAILABLE + 3] - 1.0);

        let mut played = state.clone();
        let action = played.legal_actions()[0];
        game()
            .apply(&mut played, action, &mut Log::silent())
            .unwrap();
        assert_ne!(played.observation(Player::Bahmani), before);
    }

    #[test]
    fn random_positions_have_the_fixed_shape() {
        for seed in 0..40 {
            let mut state = State::new(seed);
            let mut bot = RandomBot::new(seed ^ 0x0b5e);
            let mut step = 0;
            loop {
                if step % 7 == 0 || state.is_over() {
                    for p in Player::ALL {
                        let seen = state.observation(p);
                        assert_eq!(seen.len(), OBSERVATION_SIZE);
                        assert!(seen.iter().all(|x| x.is_finite() && *x >= 0.0));
                        assert_eq!(seen[VIEWER + p as usize], 1.0);
                        let one_hot =
                            |range: std::ops::Range<usize>| -> f32 { seen[range].iter().sum() };
                        for q in Player::ALL {
                            let at = PLAYERS + PLAYER_LEN * q as usize;
                            assert_eq!(one_hot(at + 7..at + 13), 1.0);
                        }
                        assert_eq!(one_hot(DYNASTY..DYNASTY + 2), 1.0);
                        assert_eq!(one_hot(CURRENT_CARD..PLAYED_CARDS), 1.0);
                        assert_eq!(one_hot(PLAYED_CARDS..CARDS_PLAYED), seen[CARDS_PLAYED]);
                        let decided = one_hot(DECISION_KIND..COMMAND_KIND);
                        assert_eq!(decided + seen[GAME_OVER], 1.0);
                        assert_eq!(one_hot(DECIDER..DECISION_KIND), decided);
                    }
                }
                let Some(action) = bot.choose_from(&state.legal_actions()) else {
                    break;
                };
                game()
                    .apply(&mut state, action, &mut Log::silent())
                    .unwrap();
                step += 1;
            }
            assert!(state.is_over());
            assert_eq!(state.observation(Player::Sultanate)[GAME_OVER], 1.0);
        }
    }
}
