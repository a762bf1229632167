//! The tests every game has (architecture, "Tests every game has"), written once over the
//! [`Game`] interface and called by every game's test suite, by `darbar fuzz` and by the
//! golden playthroughs.
//!
//! - [`play_checked`]: the random-simulation test. At every step of a seeded random game it
//!   checks that a decision exists until the game ends (no dead end) and its seat is at the
//!   table; that the chosen listed action applies; that random unlisted action numbers are
//!   refused with an error naming a rule and leave the state byte-identical; that listed
//!   actions' text and number round-trip; that a clone and a snapshot round trip equal the
//!   state; that the invariants hold; that every seat's view serializes and its observation has
//!   the game's length; that a state resampled for the deciding seat is possible and looks the
//!   same to that seat; and that the game ends within [`STEP_CAP`] steps.
//! - [`play_indices`]: the same checks along a game whose choices are given as indices into
//!   the legal list: the driver of each game's proptest state machine.
//! - [`on_seeds`]: one seed fan-out over threads.
//! - [`playthrough`]: a whole game written out step by step, for golden files.
//!
//! ```
//! use darbar::engine::Game;
//! use darbar::raid::Raid;
//! use darbar::testing::{Checks, on_seeds, play_checked};
//!
//! let game = Raid::default();
//! let reports = on_seeds(2, 0..20, |seed| play_checked(&game, seed, Checks::Full));
//! assert!(reports.iter().all(|r| r.as_ref().is_ok_and(|r| game.is_terminal(&r.state))));
//! ```

use std::fmt::{self, Write as _};
use std::ops::Range;

use serde::Serialize;

use crate::bots::{Bot, RandomBot};
use crate::engine::{Cites, Game, GameRng, Log, SeatDecision, Snapshot};

/// No checked game may take more steps than this.
pub const STEP_CAP: usize = 50_000;
/// Unlisted action numbers tried at every step.
pub const UNLISTED_PER_STEP: usize = 5;
/// Listed actions whose text and number are round-tripped at every step.
pub const ROUND_TRIPS_PER_STEP: usize = 4;

/// How much checking each step gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checks {
    /// Everything listed in the module documentation, at every step.
    Full,
    /// Only that play never dead-ends and listed actions apply, by the unchecked fast path
    /// (no copy of the state per step): for speed measurements.
    PlayOnly,
}

/// What one checked game did.
#[derive(Clone, Debug)]
pub struct Report<G: Game> {
    /// The game's seed.
    pub seed: u64,
    /// Actions applied.
    pub steps: usize,
    /// The actions, in order.
    pub actions: Vec<G::Action>,
    /// What each seat got.
    pub returns: Vec<f64>,
    /// The final position.
    pub state: G::State,
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

/// The seed of the random bot of a checked game of `seed`.
fn bot_seed(seed: u64) -> u64 {
    seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 1
}

/// Plays one random game of `game` from `seed`, checking every step (see the module
/// documentation).
pub fn play_checked<G: Game>(game: &G, seed: u64, checks: Checks) -> Result<Report<G>, Failure> {
    let mut bot = RandomBot::new(bot_seed(seed));
    play_with(game, seed, checks, |_, state, decision| {
        bot.choose(game, state, decision)
    })
}

/// Plays one game of `game` from `seed` with full checks, choosing at step `i` the legal action
/// at `indices[i] % len` (random choices once the indices run out): the body of a proptest
/// state machine over indices into the legal list.
pub fn play_indices<G: Game>(game: &G, seed: u64, indices: &[usize]) -> Result<Report<G>, Failure> {
    let mut bot = RandomBot::new(bot_seed(seed));
    play_with(
        game,
        seed,
        Checks::Full,
        |step, state, decision| match indices.get(step) {
            Some(&i) => decision
                .choices
                .get(i % decision.choices.len().max(1))
                .copied(),
            None => bot.choose(game, state, decision),
        },
    )
}

fn play_with<G: Game>(
    game: &G,
    seed: u64,
    checks: Checks,
    mut choose: impl FnMut(usize, &G::State, &SeatDecision<G>) -> Option<G::Action>,
) -> Result<Report<G>, Failure> {
    let mut state = game.new_initial_state(seed);
    let mut noise = GameRng::from_seed_u64(seed ^ 0xdead_beef);
    let mut step = 0;
    let mut actions = Vec::new();
    let fail = |step: usize, what: String| Failure { seed, step, what };
    while let Some(decision) = game.decision(&state) {
        if step >= STEP_CAP {
            return Err(fail(
                step,
                format!("the game does not end within {STEP_CAP} steps"),
            ));
        }
        if checks == Checks::Full {
            check_step(game, &state, Some(&decision), &mut noise).map_err(|w| fail(step, w))?;
        }
        let Some(action) = choose(step, &state, &decision) else {
            return Err(fail(step, "the chooser found no action".into()));
        };
        let mut log = Log::silent();
        let applied = match checks {
            Checks::Full => {
                game.apply_listed(&mut state, decision.allows(&action), action, &mut log)
            }
            // Speed runs take the bots' fast path; a refusal is still a failure.
            Checks::PlayOnly => game.apply_unchecked(&mut state, action, &mut log),
        };
        applied.map_err(|e| fail(step, format!("listed action {action} was refused: {e}")))?;
        actions.push(action);
        step += 1;
    }
    if checks == Checks::Full {
        check_step(game, &state, None, &mut noise).map_err(|w| fail(step, w))?;
    }
    Ok(Report {
        seed,
        steps: step,
        actions,
        returns: game.returns(&state),
        state,
    })
}

/// The checks of one step, before the chosen action is applied.
fn check_step<G: Game>(
    game: &G,
    state: &G::State,
    decision: Option<&SeatDecision<G>>,
    noise: &mut GameRng,
) -> Result<(), String> {
    state
        .validate()
        .map_err(|broken| format!("invariant broken: {broken}"))?;
    if state.clone() != *state {
        return Err("a clone differs from the state".into());
    }
    let restored = G::State::from_snapshot(&state.to_snapshot())
        .map_err(|e| format!("the snapshot does not load: {e}"))?;
    if restored != *state {
        return Err("the snapshot round trip changed the state".into());
    }
    let players = game.num_players();
    if game.returns(state).len() != players {
        return Err(format!("returns() does not have {players} entries"));
    }
    for seat in 0..players {
        let observation = game.observation(state, seat);
        if observation.len() != game.observation_len() {
            return Err(format!(
                "seat {seat}'s observation has {} numbers, not {}",
                observation.len(),
                game.observation_len()
            ));
        }
        serde_json::to_writer(std::io::sink(), &game.view(state, seat))
            .map_err(|e| format!("seat {seat}'s view does not serialize: {e}"))?;
    }
    let listed: &[G::Action] = decision.map_or(&[], |d| &d.choices);
    if let Some(decision) = decision {
        if decision.player >= players {
            return Err(format!(
                "seat {} decides in a game of {players}",
                decision.player
            ));
        }
        check_resample(game, state, decision, noise)?;
    } else if !game.is_terminal(state) {
        return Err("no decision, but the game is not over".into());
    }
    // A few listed actions per step, drawn at random: over a game every kind of action is
    // drawn many times, and a step of hundreds of listed actions stays cheap.
    for _ in 0..ROUND_TRIPS_PER_STEP.min(listed.len()) {
        let action = listed[noise.below(u32::try_from(listed.len()).unwrap_or(u32::MAX)) as usize];
        let index = G::action_index(action);
        if index >= G::ACTION_COUNT || G::action_from_index(index) != Some(action) {
            return Err(format!(
                "{action} does not round-trip through its number {index}"
            ));
        }
        if action.to_string().parse::<G::Action>() != Ok(action) {
            return Err(format!("{action} does not round-trip through its text"));
        }
    }
    if G::action_from_index(G::ACTION_COUNT).is_some() {
        return Err(format!(
            "an action is numbered {}, past ACTION_COUNT",
            G::ACTION_COUNT
        ));
    }
    let count = u32::try_from(G::ACTION_COUNT).unwrap_or(u32::MAX);
    let mut tried = 0;
    // Draws are bounded: a game whose every action is listed has nothing unlisted to try.
    for _ in 0..UNLISTED_PER_STEP * 20 {
        if tried == UNLISTED_PER_STEP {
            break;
        }
        let Some(action) = G::action_from_index(noise.below(count) as usize) else {
            continue;
        };
        if listed.contains(&action) {
            continue;
        }
        tried += 1;
        let mut copy = state.clone();
        match game.apply(&mut copy, action, &mut Log::silent()) {
            Ok(()) => return Err(format!("unlisted action {action} was accepted")),
            Err(e) if e.rule().section().is_empty() => {
                return Err(format!("refused {action}: the error names no rule"));
            }
            Err(_) if copy != *state => return Err(format!("refused {action} changed the state")),
            Err(_) => {}
        }
    }
    Ok(())
}

/// A state resampled for the deciding seat must be possible, and must look to that seat just
/// like the real one: the same view and the same legal actions.
fn check_resample<G: Game>(
    game: &G,
    state: &G::State,
    decision: &SeatDecision<G>,
    noise: &mut GameRng,
) -> Result<(), String>
where
    G::View: Serialize,
{
    let seat = decision.player;
    let resampled = game.resample(state, seat, noise);
    resampled
        .validate()
        .map_err(|broken| format!("a resampled state is impossible: {broken}"))?;
    let view = |s: &G::State| serde_json::to_vec(&game.view(s, seat)).unwrap_or_default();
    if view(&resampled) != view(state) {
        return Err(format!(
            "a state resampled for seat {seat} looks different to it"
        ));
    }
    if game.legal_actions(&resampled) != decision.choices {
        return Err(format!(
            "a state resampled for seat {seat} offers other actions"
        ));
    }
    Ok(())
}

/// `f` for every seed of `seeds` on `threads` threads (at least 1), results in seed order.
pub fn on_seeds<T: Send>(threads: usize, seeds: Range<u64>, f: impl Fn(u64) -> T + Sync) -> Vec<T> {
    use rayon::prelude::*;
    let run = || seeds.clone().into_par_iter().map(&f).collect();
    match rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
    {
        Ok(pool) => pool.install(run),
        // No threads to be had: the work is the same on this one.
        Err(_) => seeds.clone().map(&f).collect(),
    }
}

/// A whole game of `game` from `seed` played by the random bot seeded with `seed`, written out
/// step by step: the starting position and its snapshot, then for every step who decides what,
/// the legal actions, the action chosen, the question asked if any and the log, with the whole
/// position again at each of the game's milestones ([`Game::milestone`]), and the final
/// position and returns. Any change of rules, setup, generator or rendering shows as a diff of
/// the golden files.
pub fn playthrough<G: Game>(game: &G, seed: u64, title: &str) -> String {
    let mut state = game.new_initial_state(seed);
    let mut text = format!(
        "# {title}, seed {seed}, random bot (seed {seed})\n\n{state}\n# Snapshot\n{}\n",
        state.to_snapshot()
    );
    let mut bot = RandomBot::new(seed);
    let mut log = Log::recording();
    let mut milestone = game.milestone(&state);
    let mut step = 0;
    while let Some(decision) = game.decision(&state) {
        let Some(action) = bot.choose(game, &state, &decision) else {
            break;
        };
        let legal: Vec<String> = decision.choices.iter().map(ToString::to_string).collect();
        let _ = writeln!(
            text,
            "\n[{step}] {} decides {:?}",
            game.seat_name(decision.player),
            decision.kind
        );
        let _ = writeln!(text, "  legal: {}", legal.join(" | "));
        let _ = writeln!(text, "  chosen: {action}");
        if let Some(prompt) = game.prompt(&state) {
            let _ = writeln!(text, "  prompt: {prompt}");
        }
        if let Err(e) = game.apply_listed(&mut state, true, action, &mut log) {
            let _ = writeln!(text, "  refused: {e}");
            break;
        }
        for line in log.take() {
            let _ = writeln!(text, "  > {line}");
        }
        if game.milestone(&state) != milestone {
            milestone = game.milestone(&state);
            let _ = write!(text, "\n{state}");
        }
        step += 1;
    }
    let _ = write!(
        text,
        "\n# Final position after {step} actions\n{state}\n# Returns\n{:?}\n",
        game.returns(&state)
    );
    text
}
