//! Checked random play: the random-simulation test of every game (architecture, "Tests every
//! game has"), shared by the test suite and `darbar fuzz`.
//!
//! At every step of a seeded random game it checks that a decision exists until the game ends
//! (no dead end), that the chosen listed action applies, that five random unlisted actions are
//! refused with a typed error and leave the state unchanged, that a clone and a snapshot round
//! trip are equal to the state, that the invariants of R-3 hold, and that the game reaches
//! final scoring within [`STEP_CAP`] steps.

use std::fmt;

use super::action::{CommandKind, DecreeKind, EventSide, TurnOption};
use super::influence::PieceSource;
use super::{
    Action, EventHost, Faction, Log, Loyalty, Piece, PieceKind, Player, Options, SpaceId, State,
};
use crate::bots::RandomBot;
use crate::engine::{GameRng, Snapshot};

/// No game may take more steps than this.
pub const STEP_CAP: usize = 50_000;
/// Unlisted actions tried at every step.
pub const UNLISTED_PER_STEP: usize = 5;

/// What one checked game did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// The game's seed.
    pub seed: u64,
    /// Actions applied.
    pub steps: usize,
    /// Event card sides carried out (§2.3.4).
    pub events: usize,
    /// The winners (more than one for a shared win).
    pub winners: Vec<Player>,
    /// Final Victory Points, DS, BK, VN.
    pub victory_points: [i32; 3],
}

/// A check that failed, with where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The game's seed.
    pub seed: u64,
    /// The step at which it failed.
    pub step: usize,
    /// What went wrong.
    pub what: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seed {} step {}: {}", self.seed, self.step, self.what)
    }
}

impl std::error::Error for Failure {}

/// How much checking each step gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checks {
    /// Everything listed in the module documentation, at every step.
    Full,
    /// Only that play never dead-ends and listed actions apply: for speed measurements.
    PlayOnly,
}

/// Plays one random game from `seed`, checking every step.
///
/// ```
/// use darbar::vijayanagara::simulation::{Checks, play_checked};
///
/// let report = play_checked(3, Checks::Full).unwrap();
/// assert!(report.steps > 0);
/// assert!(!report.winners.is_empty());
/// ```
pub fn play_checked(seed: u64, checks: Checks) -> Result<GameReport, Failure> {
    play(seed, checks, Options::default(), None)
}

/// Plays one random game from `seed` with these options and Event cards run on `host`,
/// checking every step as [`play_checked`] does. For the Event option to be offered,
/// `options.events` must be on (a card host gives the right options for its deck).
pub fn play_checked_with(
    seed: u64,
    checks: Checks,
    options: Options,
    host: &dyn EventHost,
) -> Result<GameReport, Failure> {
    play(seed, checks, options, Some(host))
}

fn play(
    seed: u64,
    checks: Checks,
    options: Options,
    host: Option<&dyn EventHost>,
) -> Result<GameReport, Failure> {
    let mut state = State::with_options(seed, options);
    let mut bot = RandomBot::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 1);
    let mut noise = GameRng::from_seed_u64(seed ^ 0xdead_beef);
    let mut step = 0;
    let mut events = 0;
    let fail = |step: usize, what: String| Failure { seed, step, what };
    while !state.is_over() {
        if step >= STEP_CAP {
            return Err(fail(
                step,
                format!("no final scoring after {STEP_CAP} steps"),
            ));
        }
        let legal = state.legal_actions();
        let Some(action) = bot.choose(&state) else {
            return Err(fail(
                step,
                "dead end: no legal action before the game is over".into(),
            ));
        };
        if checks == Checks::Full {
            check_step(&state, &legal, &mut noise).map_err(|what| fail(step, what))?;
        }
        state
            .apply_checked(action, host, &mut Log::silent())
            .map_err(|e| fail(step, format!("listed action {action} was refused: {e}")))?;
        events += usize::from(matches!(action, Action::Event(_)));
        step += 1;
    }
    if checks == Checks::Full {
        check_step(&state, &[], &mut noise).map_err(|what| fail(step, what))?;
    }
    let outcome = state.outcome();
    Ok(GameReport {
        seed,
        steps: step,
        events,
        winners: outcome.winners,
        victory_points: Player::ALL.map(|p| outcome.victory_points[p]),
    })
}

/// The per-step checks, before the bot's action is applied.
fn check_step(state: &State, legal: &[Action], noise: &mut GameRng) -> Result<(), String> {
    state
        .check_invariants()
        .map_err(|(rule, reason)| format!("invariant broken: {reason} ({rule})"))?;
    if state.clone() != *state {
        return Err("a clone differs from the state".into());
    }
    let restored = State::from_snapshot(&state.to_snapshot())
        .map_err(|e| format!("snapshot does not load: {e}"))?;
    if restored != *state {
        return Err("the snapshot round trip changed the state".into());
    }
    let mut tried = 0;
    while tried < UNLISTED_PER_STEP {
        let action = random_action(noise);
        if legal.contains(&action) {
            continue;
        }
        tried += 1;
        let mut copy = state.clone();
        match copy.apply(action) {
            Ok(()) => return Err(format!("unlisted action {action} was accepted")),
            Err(e) if e.rule().section().is_empty() => {
                return Err(format!("{action}: error names no rule"));
            }
            Err(_) if copy != *state => return Err(format!("refused {action} changed the state")),
            Err(_) => {}
        }
    }
    Ok(())
}

/// Any action at all, legal or not: the raw material of the unlisted-action check.
fn random_action(rng: &mut GameRng) -> Action {
    let pick =
        |rng: &mut GameRng, n: usize| rng.below(u32::try_from(n).unwrap_or(u32::MAX)) as usize;
    let space = |rng: &mut GameRng| SpaceId::ALL[pick(rng, SpaceId::ALL.len())];
    let piece = |rng: &mut GameRng| {
        let kind = PieceKind::ALL[pick(rng, PieceKind::ALL.len())];
        let loyalty = if rng.below(2) == 0 {
            Loyalty::Obedient
        } else {
            Loyalty::Rebelling
        };
        Piece::with_loyalty(kind, loyalty)
    };
    let player = |rng: &mut GameRng| Player::ALL[pick(rng, 3)];
    match rng.below(21) {
        0 => Action::Option(TurnOption::ALL[pick(rng, 4)]),
        1 => Action::Event(if rng.below(2) == 0 {
            EventSide::Unshaded
        } else {
            EventSide::Shaded
        }),
        2 => {
            let faction = Faction::ALL[pick(rng, 4)];
            let kinds = CommandKind::of(faction);
            Action::Command(kinds[pick(rng, kinds.len())])
        }
        3 => {
            let kinds = DecreeKind::of(player(rng));
            Action::Decree(kinds[pick(rng, kinds.len())])
        }
        4 => Action::Select(space(rng)),
        5 => Action::Count(u8::try_from(pick(rng, 8)).unwrap_or(0)),
        6 => Action::Move {
            from: space(rng),
            piece: piece(rng),
        },
        7 => Action::Support {
            from: space(rng),
            piece: piece(rng),
        },
        8 => Action::Remove {
            space: space(rng),
            piece: piece(rng),
        },
        9 => Action::Place(PieceKind::ALL[pick(rng, PieceKind::ALL.len())]),
        10 => Action::Drop(piece(rng)),
        11 => Action::Defender(Faction::ALL[pick(rng, 4)]),
        12 => Action::Charge(u8::try_from(pick(rng, 5)).unwrap_or(0)),
        13 => Action::Screen(u8::try_from(pick(rng, 5)).unwrap_or(0)),
        14 => Action::Shift {
            track: player(rng),
            up: rng.below(2) == 0,
        },
        15 => Action::TakeCavalry(player(rng)),
        16 => Action::Loyalty(if rng.below(2) == 0 {
            Loyalty::Obedient
        } else {
            Loyalty::Rebelling
        }),
        17 => Action::Refill(if rng.below(2) == 0 {
            PieceSource::Available
        } else {
            PieceSource::Map(space(rng), Loyalty::Obedient)
        }),
        18 => [Action::Yes, Action::No][pick(rng, 2)],
        19 => match rng.below(2) {
            0 => Action::Faction(player(rng)),
            _ => Action::Choose(u8::try_from(pick(rng, 4)).unwrap_or(0)),
        },
        _ => Action::Done,
    }
}
