//! A fixed numbering of every action the game can ever offer, for learning agents and for the
//! Python layer's OpenSpiel-style integer actions and legal-action masks.
//!
//! The numbering is a bijection between `0..ACTION_COUNT` and the values of [`Action`]: one
//! block per variant, in the order the variants are declared, each block covering every value
//! of the variant's fields. Blocks whose field is a `u8` cover all 256 values, even where the
//! engine offers only a few (a Charge or Screen names one of at most 4 dice), so that
//! [`Action::index`] is total and never has to refuse a value.

use super::action::{CommandKind, DecreeKind, EventSide, TurnOption};
use super::influence::PieceSource;
use super::{Action, Faction, Loyalty, Piece, PieceKind, Player, SPACE_COUNT, SpaceId};

/// The 10 pieces, in the order of their numbers within the Move, Support, Remove and Drop
/// blocks: the §1.2 kinds, Amirs and Rajas Obedient then Rebelling.
const PIECES: [Piece; 10] = [
    Piece::Troop,
    Piece::Governor,
    Piece::Qasbah,
    Piece::Amir(Loyalty::Obedient),
    Piece::Amir(Loyalty::Rebelling),
    Piece::Fort,
    Piece::Raja(Loyalty::Obedient),
    Piece::Raja(Loyalty::Rebelling),
    Piece::Temple,
    Piece::Mongol,
];

/// The commands in declaration order.
const COMMANDS: [CommandKind; 10] = [
    CommandKind::Conscript,
    CommandKind::March,
    CommandKind::Govern,
    CommandKind::Attack,
    CommandKind::Rally,
    CommandKind::Migrate,
    CommandKind::Rebel,
    CommandKind::Amass,
    CommandKind::Advance,
    CommandKind::AttackAndPlunder,
];

/// The decrees in declaration order.
const DECREES: [DecreeKind; 8] = [
    DecreeKind::CollectTribute,
    DecreeKind::Campaign,
    DecreeKind::DemandObedience,
    DecreeKind::Trade,
    DecreeKind::Build,
    DecreeKind::Conspire,
    DecreeKind::Tax,
    DecreeKind::Compel,
];

const SIDES: [EventSide; 2] = [EventSide::Unshaded, EventSide::Shaded];
const LOYALTIES: [Loyalty; 2] = [Loyalty::Obedient, Loyalty::Rebelling];

/// Values of a `u8` field.
const BYTE: usize = 256;
/// A space and a piece.
const SPACE_PIECE: usize = SPACE_COUNT * PIECES.len();

// The size of each block, in the order of the blocks.
const OPTION_LEN: usize = TurnOption::ALL.len();
const EVENT_LEN: usize = SIDES.len();
const COMMAND_LEN: usize = COMMANDS.len();
const DECREE_LEN: usize = DECREES.len();
const SELECT_LEN: usize = SPACE_COUNT;
const COUNT_LEN: usize = BYTE;
const MOVE_LEN: usize = SPACE_PIECE;
const SUPPORT_LEN: usize = SPACE_PIECE;
const REMOVE_LEN: usize = SPACE_PIECE;
const PLACE_LEN: usize = PieceKind::ALL.len();
const DROP_LEN: usize = PIECES.len();
const DEFENDER_LEN: usize = Faction::ALL.len();
const CHARGE_LEN: usize = BYTE;
const SCREEN_LEN: usize = BYTE;
const SHIFT_LEN: usize = Player::ALL.len() * 2;
const TAKE_CAVALRY_LEN: usize = Player::ALL.len();
const LOYALTY_LEN: usize = LOYALTIES.len();
const REFILL_LEN: usize = 1 + SPACE_COUNT * LOYALTIES.len();
const GIVE_LEN: usize = 1;
const FACTION_LEN: usize = Player::ALL.len();
const CHOOSE_LEN: usize = BYTE;

// The first number of each block.
const OPTION: usize = 0;
const EVENT: usize = OPTION + OPTION_LEN;
const COMMAND: usize = EVENT + EVENT_LEN;
const DECREE: usize = COMMAND + COMMAND_LEN;
const SELECT: usize = DECREE + DECREE_LEN;
const COUNT: usize = SELECT + SELECT_LEN;
const MOVE: usize = COUNT + COUNT_LEN;
const SUPPORT: usize = MOVE + MOVE_LEN;
const REMOVE: usize = SUPPORT + SUPPORT_LEN;
const PLACE: usize = REMOVE + REMOVE_LEN;
const DROP: usize = PLACE + PLACE_LEN;
const DEFENDER: usize = DROP + DROP_LEN;
const CHARGE: usize = DEFENDER + DEFENDER_LEN;
const SCREEN: usize = CHARGE + CHARGE_LEN;
const SHIFT: usize = SCREEN + SCREEN_LEN;
const TAKE_CAVALRY: usize = SHIFT + SHIFT_LEN;
const LOYALTY: usize = TAKE_CAVALRY + TAKE_CAVALRY_LEN;
const REFILL: usize = LOYALTY + LOYALTY_LEN;
const GIVE: usize = REFILL + REFILL_LEN;
const FACTION: usize = GIVE + GIVE_LEN;
const CHOOSE: usize = FACTION + FACTION_LEN;
const YES: usize = CHOOSE + CHOOSE_LEN;
const NO: usize = YES + 1;
const DONE: usize = NO + 1;

/// The number of distinct actions: every [`Action`] has a number in `0..ACTION_COUNT`
/// ([`Action::index`]), and every number in that range is one action ([`Action::from_index`]).
/// This is OpenSpiel's `num_distinct_actions`, the length of a legal-action mask.
///
/// The numbers come in one block per variant of [`Action`], in declaration order. Within a
/// block the fields count in the order given, the last one fastest; spaces follow
/// [`SpaceId::ALL`], players seat order (DS, BK, VN), factions [`Faction::ALL`] (DS, BK, VN,
/// MI), piece kinds [`PieceKind::ALL`], and the 10 pieces are, in order: Troop, Governor,
/// Qasbah, Obedient Amir, Rebelling Amir, Fort, Obedient Raja, Rebelling Raja, Temple, Mongol.
///
/// | Offset | Length | Actions | Number within the block |
/// |-------:|-------:|---------|-------------------------|
/// | 0      | 4      | `Option(t)` | [`TurnOption::ALL`] order |
/// | 4      | 2      | `Event(side)` | unshaded, shaded |
/// | 6      | 10     | `Command(k)` | Conscript, March, Govern, Attack, Rally, Migrate, Rebel, Amass, Advance, Attack and Plunder |
/// | 16     | 8      | `Decree(k)` | Collect Tribute, Campaign, Demand Obedience, Trade, Build, Conspire, Tax, Compel |
/// | 24     | 15     | `Select(space)` | space |
/// | 39     | 256    | `Count(n)` | `n` (0–255) |
/// | 295    | 150    | `Move { from, piece }` | `10 × from + piece` |
/// | 445    | 150    | `Support { from, piece }` | `10 × from + piece` |
/// | 595    | 150    | `Remove { space, piece }` | `10 × space + piece` |
/// | 745    | 8      | `Place(kind)` | kind |
/// | 753    | 10     | `Drop(piece)` | piece |
/// | 763    | 4      | `Defender(faction)` | faction |
/// | 767    | 256    | `Charge(die)` | `die` (0–255; the engine offers 1–4) |
/// | 1023   | 256    | `Screen(die)` | `die` (0–255; the engine offers 1–4) |
/// | 1279   | 6      | `Shift { track, up }` | `2 × track + (0 for +1, 1 for −1)` |
/// | 1285   | 3      | `TakeCavalry(player)` | player |
/// | 1288   | 2      | `Loyalty(l)` | Obedient, Rebelling |
/// | 1290   | 31     | `Refill(source)` | 0 for `Available`; `1 + 2 × space + loyalty` for `Map(space, loyalty)` |
/// | 1321   | 1      | `Give` (`give…`, §1.5.2) | |
/// | 1322   | 3      | `Faction(player)` | player |
/// | 1325   | 256    | `Choose(n)` | `n` (0–255; the engine offers 1–255) |
/// | 1581   | 1      | `Yes` | |
/// | 1582   | 1      | `No` | |
/// | 1583   | 1      | `Done` | |
///
/// Some numbers name actions no decision lists (a Charge of die 9, a Shift of the DS track
/// that does not exist): they are in the numbering so that it covers every value, and a legal
/// action mask simply never sets them.
///
/// ```
/// use darbar::vijayanagara::{ACTION_COUNT, Action, SpaceId, State};
///
/// assert_eq!(ACTION_COUNT, 1584);
/// assert_eq!(Action::Select(SpaceId::MountainPasses).index(), 24);
/// assert_eq!(Action::Done.index(), ACTION_COUNT - 1);
///
/// // A legal-action mask for the current decision.
/// let state = State::new(5);
/// let mut mask = vec![false; ACTION_COUNT];
/// for action in state.legal_actions() {
///     mask[action.index()] = true;
/// }
/// assert_eq!(mask.iter().filter(|&&legal| legal).count(), state.legal_actions().len());
/// ```
pub const ACTION_COUNT: usize = DONE + 1;

fn piece_number(piece: Piece) -> usize {
    match piece {
        Piece::Troop => 0,
        Piece::Governor => 1,
        Piece::Qasbah => 2,
        Piece::Amir(Loyalty::Obedient) => 3,
        Piece::Amir(Loyalty::Rebelling) => 4,
        Piece::Fort => 5,
        Piece::Raja(Loyalty::Obedient) => 6,
        Piece::Raja(Loyalty::Rebelling) => 7,
        Piece::Temple => 8,
        Piece::Mongol => 9,
    }
}

fn space_piece(space: SpaceId, piece: Piece) -> usize {
    space.index() * PIECES.len() + piece_number(piece)
}

fn from_space_piece(n: usize) -> (SpaceId, Piece) {
    (SpaceId::ALL[n / PIECES.len()], PIECES[n % PIECES.len()])
}

/// A value of a `u8` block: `n` is below 256 there.
fn byte(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

impl Action {
    /// The action's number in `0..`[`ACTION_COUNT`], fixed and documented there: OpenSpiel's
    /// integer action. Distinct actions have distinct numbers, and
    /// [`Action::from_index`] turns the number back into the action.
    ///
    /// ```
    /// use darbar::vijayanagara::{ACTION_COUNT, Action, Loyalty, Piece, SpaceId};
    ///
    /// let action = Action::Move { from: SpaceId::Gujarat, piece: Piece::Amir(Loyalty::Obedient) };
    /// let n = action.index();
    /// assert!(n < ACTION_COUNT);
    /// assert_eq!(n, 295 + 10 * 5 + 3);
    /// assert_eq!(Action::from_index(n), Some(action));
    /// ```
    pub fn index(self) -> usize {
        match self {
            Action::Option(option) => OPTION + option as usize,
            Action::Event(side) => EVENT + side as usize,
            Action::Command(kind) => COMMAND + kind as usize,
            Action::Decree(kind) => DECREE + kind as usize,
            Action::Select(space) => SELECT + space.index(),
            Action::Count(n) => COUNT + usize::from(n),
            Action::Move { from, piece } => MOVE + space_piece(from, piece),
            Action::Support { from, piece } => SUPPORT + space_piece(from, piece),
            Action::Remove { space, piece } => REMOVE + space_piece(space, piece),
            Action::Place(kind) => PLACE + kind as usize,
            Action::Drop(piece) => DROP + piece_number(piece),
            Action::Defender(faction) => DEFENDER + faction as usize,
            Action::Charge(die) => CHARGE + usize::from(die),
            Action::Screen(die) => SCREEN + usize::from(die),
            Action::Shift { track, up } => SHIFT + 2 * track as usize + usize::from(!up),
            Action::TakeCavalry(player) => TAKE_CAVALRY + player as usize,
            Action::Loyalty(loyalty) => LOYALTY + loyalty as usize,
            Action::Refill(PieceSource::Available) => REFILL,
            Action::Refill(PieceSource::Map(space, loyalty)) => {
                REFILL + 1 + 2 * space.index() + loyalty as usize
            }
            Action::Give => GIVE,
            Action::Faction(player) => FACTION + player as usize,
            Action::Choose(n) => CHOOSE + usize::from(n),
            Action::Yes => YES,
            Action::No => NO,
            Action::Done => DONE,
        }
    }

    /// The action numbered `index` (see [`ACTION_COUNT`] for the numbering), or `None` if
    /// `index` is not below [`ACTION_COUNT`].
    ///
    /// ```
    /// use darbar::vijayanagara::{ACTION_COUNT, Action, CommandKind};
    ///
    /// assert_eq!(Action::from_index(6), Some(Action::Command(CommandKind::Conscript)));
    /// assert_eq!(Action::from_index(ACTION_COUNT - 1), Some(Action::Done));
    /// assert_eq!(Action::from_index(ACTION_COUNT), None);
    /// ```
    pub fn from_index(index: usize) -> Option<Action> {
        let action = match index {
            i if i < EVENT => Action::Option(TurnOption::ALL[i - OPTION]),
            i if i < COMMAND => Action::Event(SIDES[i - EVENT]),
            i if i < DECREE => Action::Command(COMMANDS[i - COMMAND]),
            i if i < SELECT => Action::Decree(DECREES[i - DECREE]),
            i if i < COUNT => Action::Select(SpaceId::ALL[i - SELECT]),
            i if i < MOVE => Action::Count(byte(i - COUNT)),
            i if i < SUPPORT => {
                let (from, piece) = from_space_piece(i - MOVE);
                Action::Move { from, piece }
            }
            i if i < REMOVE => {
                let (from, piece) = from_space_piece(i - SUPPORT);
                Action::Support { from, piece }
            }
            i if i < PLACE => {
                let (space, piece) = from_space_piece(i - REMOVE);
                Action::Remove { space, piece }
            }
            i if i < DROP => Action::Place(PieceKind::ALL[i - PLACE]),
            i if i < DEFENDER => Action::Drop(PIECES[i - DROP]),
            i if i < CHARGE => Action::Defender(Faction::ALL[i - DEFENDER]),
            i if i < SCREEN => Action::Charge(byte(i - CHARGE)),
            i if i < SHIFT => Action::Screen(byte(i - SCREEN)),
            i if i < TAKE_CAVALRY => Action::Shift {
                track: Player::ALL[(i - SHIFT) / 2],
                up: (i - SHIFT).is_multiple_of(2),
            },
            i if i < LOYALTY => Action::TakeCavalry(Player::ALL[i - TAKE_CAVALRY]),
            i if i < REFILL => Action::Loyalty(LOYALTIES[i - LOYALTY]),
            i if i == REFILL => Action::Refill(PieceSource::Available),
            i if i < GIVE => {
                let n = i - REFILL - 1;
                Action::Refill(PieceSource::Map(SpaceId::ALL[n / 2], LOYALTIES[n % 2]))
            }
            GIVE => Action::Give,
            i if i < CHOOSE => Action::Faction(Player::ALL[i - FACTION]),
            i if i < YES => Action::Choose(byte(i - CHOOSE)),
            YES => Action::Yes,
            NO => Action::No,
            DONE => Action::Done,
            _ => return None,
        };
        Some(action)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::bots::RandomBot;
    use crate::engine::{Game, Log};
    use crate::vijayanagara::State;
    use crate::vijayanagara::game::game;

    #[test]
    fn the_lists_follow_declaration_order() {
        for (i, option) in TurnOption::ALL.into_iter().enumerate() {
            assert_eq!(option as usize, i);
        }
        for (i, side) in SIDES.into_iter().enumerate() {
            assert_eq!(side as usize, i);
        }
        for (i, kind) in COMMANDS.into_iter().enumerate() {
            assert_eq!(kind as usize, i);
        }
        for (i, kind) in DECREES.into_iter().enumerate() {
            assert_eq!(kind as usize, i);
        }
        for (i, kind) in PieceKind::ALL.into_iter().enumerate() {
            assert_eq!(kind as usize, i);
        }
        for (i, faction) in Faction::ALL.into_iter().enumerate() {
            assert_eq!(faction as usize, i);
        }
        for (i, player) in Player::ALL.into_iter().enumerate() {
            assert_eq!(player as usize, i);
        }
        for (i, loyalty) in LOYALTIES.into_iter().enumerate() {
            assert_eq!(loyalty as usize, i);
        }
        for (i, piece) in PIECES.into_iter().enumerate() {
            assert_eq!(piece_number(piece), i);
        }
    }

    #[test]
    fn the_documented_offsets_hold() {
        let offsets = [
            OPTION,
            EVENT,
            COMMAND,
            DECREE,
            SELECT,
            COUNT,
            MOVE,
            SUPPORT,
            REMOVE,
            PLACE,
            DROP,
            DEFENDER,
            CHARGE,
            SCREEN,
            SHIFT,
            TAKE_CAVALRY,
            LOYALTY,
            REFILL,
            GIVE,
            FACTION,
            CHOOSE,
            YES,
            NO,
            DONE,
        ];
        assert_eq!(
            offsets,
            [
                0, 4, 6, 16, 24, 39, 295, 445, 595, 745, 753, 763, 767, 1023, 1279, 1285, 1288,
                1290, 1321, 1322, 1325, 1581, 1582, 1583
            ]
        );
        assert_eq!(ACTION_COUNT, 1584);
    }

    #[test]
    fn every_index_round_trips() {
        let mut seen = HashSet::new();
        for index in 0..ACTION_COUNT {
            let action =
                Action::from_index(index).unwrap_or_else(|| panic!("no action numbered {index}"));
            assert_eq!(action.index(), index, "{action:?}");
            assert!(seen.insert(action), "{action:?} numbered twice");
        }
        for index in [ACTION_COUNT, ACTION_COUNT + 1, usize::MAX] {
            assert_eq!(Action::from_index(index), None);
        }
    }

    #[test]
    fn every_value_of_every_field_has_a_number() {
        let mut actions: Vec<Action> = Vec::new();
        actions.extend(TurnOption::ALL.map(Action::Option));
        actions.extend(SIDES.map(Action::Event));
        actions.extend(COMMANDS.map(Action::Command));
        actions.extend(DECREES.map(Action::Decree));
        actions.extend(SpaceId::ALL.map(Action::Select));
        for n in 0..=u8::MAX {
            actions.extend([
                Action::Count(n),
                Action::Charge(n),
                Action::Screen(n),
                Action::Choose(n),
            ]);
        }
        for space in SpaceId::ALL {
            for piece in PIECES {
                actions.extend([
                    Action::Move { from: space, piece },
                    Action::Support { from: space, piece },
                    Action::Remove { space, piece },
                ]);
            }
            for loyalty in LOYALTIES {
                actions.push(Action::Refill(PieceSource::Map(space, loyalty)));
            }
        }
        actions.extend(PieceKind::ALL.map(Action::Place));
        actions.extend(PIECES.map(Action::Drop));
        actions.extend(Faction::ALL.map(Action::Defender));
        for player in Player::ALL {
            for flag in [false, true] {
                actions.push(Action::Shift {
                    track: player,
                    up: flag,
                });
            }
            actions.push(Action::TakeCavalry(player));
            actions.push(Action::Faction(player));
        }
        actions.extend(LOYALTIES.map(Action::Loyalty));
        actions.extend([
            Action::Refill(PieceSource::Available),
            Action::Give,
            Action::Yes,
            Action::No,
            Action::Done,
        ]);
        assert_eq!(actions.len(), ACTION_COUNT);
        let numbers: HashSet<usize> = actions.iter().map(|a| a.index()).collect();
        assert_eq!(numbers.len(), ACTION_COUNT);
        for action in actions {
            assert!(action.index() < ACTION_COUNT);
            assert_eq!(Action::from_index(action.index()), Some(action));
        }
    }

    #[test]
    fn every_numbered_action_prints_and_parses_back() {
        for index in 0..ACTION_COUNT {
            let action = Action::from_index(index).unwrap();
            let text = action.to_string();
            assert_eq!(text.parse::<Action>(), Ok(action), "{index}: {text:?}");
        }
    }

    #[test]
    fn every_action_listed_in_random_games_round_trips() {
        let mut distinct = HashSet::new();
        let mut steps = 0;
        for seed in 0..300 {
            let mut state = State::new(seed);
            let mut bot = RandomBot::new(seed ^ 0x5eed);
            while !state.is_over() {
                let legal = state.legal_actions();
                let mut numbers = HashSet::new();
                for &action in &legal {
                    let index = action.index();
                    assert!(index < ACTION_COUNT, "{action:?}");
                    assert_eq!(Action::from_index(index), Some(action));
                    assert!(numbers.insert(index), "{action} listed twice");
                    distinct.insert(index);
                }
                let action = bot
                    .choose_from(&state.legal_actions())
                    .expect("a decision before the game is over");
                game()
                    .apply(&mut state, action, &mut Log::silent())
                    .unwrap();
                steps += 1;
            }
        }
        assert!(
            steps > 300 * 50,
            "games are implausibly short: {steps} steps"
        );
        // The games reach a good part of the numbering.
        assert!(
            distinct.len() > 300,
            "only {} distinct actions",
            distinct.len()
        );
    }
}
