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
//! - [`fuzz_snapshots`]: the snapshot mutation fuzz, over the erased interface: damaged
//!   snapshots of states reached by random play are refused with a typed error or load as
//!   states the rules play on, checked for some steps, with no panic. Bounded by default; set
//!   [`FUZZ_CASES_VAR`] (`DARBAR_FUZZ_CASES`) and [`FUZZ_SEED_VAR`] (`DARBAR_FUZZ_SEED`) for
//!   longer runs ([`FuzzConfig::from_env`]).
//! - [`check_hidden_information`]: the hidden-information test: along a random game, nothing
//!   a seat may not see reaches its view, its observation, its board, the table's log or the
//!   table's picture ([`hidden`]).
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

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::{self, Write as _};
use std::ops::Range;

use serde::Serialize;
use serde_json::Value;

pub mod hidden;
pub use hidden::{HiddenReport, check_hidden_information};

use crate::bots::{Bot, RandomBot};
use crate::engine::snapshot::{compact_snapshot, parse_snapshot};
use crate::engine::{
    Cites, DynGame, DynState, Game, GameRng, Log, Play, Rules, SeatDecision, Snapshot,
    SnapshotError,
};

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

/// What one checked random game did, behind the erased interface
/// ([`crate::games::Registry::check_random_game`]).
pub struct CheckedGame {
    /// The game's seed.
    pub seed: u64,
    /// Actions applied.
    pub steps: usize,
    /// What each seat got.
    pub returns: Vec<f64>,
    /// The final position.
    pub state: Box<dyn DynState>,
}

impl fmt::Debug for CheckedGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CheckedGame")
            .field("seed", &self.seed)
            .field("steps", &self.steps)
            .field("returns", &self.returns)
            .finish_non_exhaustive()
    }
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
    play_checked_from(game, game.new_initial_state(seed), seed, checks)
}

/// Plays random legal actions from `state` to the end of its game, checking every step as
/// [`play_checked`] does; `seed` seeds the random bot and the checks' draws. For a position
/// that did not come from the start of a game, such as a restored snapshot: it must play on
/// as any position of play does.
pub fn play_checked_from<G: Game>(
    game: &G,
    state: G::State,
    seed: u64,
    checks: Checks,
) -> Result<Report<G>, Failure> {
    let mut bot = RandomBot::new(bot_seed(seed));
    play_with(game, state, seed, checks, |_, state, decision| {
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
        game.new_initial_state(seed),
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
    mut state: G::State,
    seed: u64,
    checks: Checks,
    mut choose: impl FnMut(usize, &G::State, &SeatDecision<G>) -> Option<G::Action>,
) -> Result<Report<G>, Failure> {
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
    game.validate_state(state)
        .map_err(|broken| format!("invariant broken: {broken}"))?;
    if state.clone() != *state {
        return Err("a clone differs from the state".into());
    }
    // The state was validated just above, and validation is a function of the state: a
    // restored state equal to it passes too, so the round trip need not validate again.
    let restored = parse_snapshot::<G::State>(&compact_snapshot(state))
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
    game.validate_state(&resampled)
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

/// The most worker threads [`on_seeds`] is asked for by the bindings and the command line:
/// far more than any machine's cores, and far fewer than would exhaust the process (a pool of
/// a million threads aborts it).
pub const MAX_THREADS: usize = 256;

/// The most games one call of the bindings or the command line plays: every game leaves a
/// record in memory until the call returns.
pub const MAX_GAMES: u64 = 100_000_000;

/// Checks a request for `games` games on `threads` threads against [`MAX_GAMES`] and
/// [`MAX_THREADS`], saying what is wrong in the caller's words.
///
/// ```
/// use darbar::testing::check_runs;
///
/// assert!(check_runs(1000, 2).is_ok());
/// assert_eq!(
///     check_runs(10, 0).unwrap_err(),
///     "threads must be from 1 to 256, not 0"
/// );
/// assert!(check_runs(10, 100_000).is_err());
/// ```
pub fn check_runs(games: u64, threads: usize) -> Result<(), String> {
    if !(1..=MAX_THREADS).contains(&threads) {
        return Err(format!(
            "threads must be from 1 to {MAX_THREADS}, not {threads}"
        ));
    }
    if games > MAX_GAMES {
        return Err(format!("at most {MAX_GAMES} games at once, not {games}"));
    }
    Ok(())
}

/// `f` for every seed of `seeds` on `threads` threads (at least 1, at most [`MAX_THREADS`]),
/// results in seed order.
pub fn on_seeds<T: Send>(threads: usize, seeds: Range<u64>, f: impl Fn(u64) -> T + Sync) -> Vec<T> {
    use rayon::prelude::*;
    let run = || seeds.clone().into_par_iter().map(&f).collect();
    match rayon::ThreadPoolBuilder::new()
        .num_threads(threads.clamp(1, MAX_THREADS))
        .build()
    {
        Ok(pool) => pool.install(run),
        // No threads to be had: the work is the same on this one.
        Err(_) => seeds.clone().map(&f).collect(),
    }
}

/// Plays up to `steps` random legal actions on `state`, drawn from a generator seeded with
/// `seed` (fewer if the game ends): a position some way into a game, for tests of pictures,
/// views and observations.
///
/// # Panics
///
/// If a listed action is refused: the rules broke their own list.
pub fn play_random_steps<G: Game>(game: &G, state: &mut G::State, steps: usize, seed: u64) {
    let mut rng = GameRng::from_seed_u64(seed);
    for _ in 0..steps {
        let Some(decision) = game.decision(state) else {
            return;
        };
        let choice = decision.choices[rng.below(decision.choices.len() as u32) as usize];
        if let Err(error) = game.apply(state, choice, &mut Log::silent()) {
            panic!("a listed action was refused: {error}");
        }
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

// ----- the snapshot mutation fuzz ------------------------------------------------------------

/// The environment variable that sets how many cases [`FuzzConfig::from_env`] runs per game:
/// `DARBAR_FUZZ_CASES=200000 cargo test -p darbar --features test-games --test mutated_snapshots`.
pub const FUZZ_CASES_VAR: &str = "DARBAR_FUZZ_CASES";
/// The environment variable that sets the seed of [`FuzzConfig::from_env`].
pub const FUZZ_SEED_VAR: &str = "DARBAR_FUZZ_SEED";
/// Cases per game when [`FUZZ_CASES_VAR`] is not set: some seconds per game in the test
/// profile, each accepted case playing its game to the end.
pub const DEFAULT_FUZZ_CASES: usize = 1_000;

/// How a [`fuzz_snapshots`] run goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FuzzConfig {
    /// The seed of everything: the games the snapshots come from and every mutation.
    pub seed: u64,
    /// Mutated snapshots to try.
    pub cases: usize,
    /// Steps played, each checked, from every mutated snapshot that loads.
    pub steps: usize,
    /// Threads sharing the cases (at least 1).
    pub threads: usize,
}

impl Default for FuzzConfig {
    fn default() -> Self {
        FuzzConfig {
            seed: 0,
            cases: DEFAULT_FUZZ_CASES,
            steps: 6,
            threads: 2,
        }
    }
}

impl FuzzConfig {
    /// The default configuration, with [`FuzzConfig::cases`] from [`FUZZ_CASES_VAR`] and
    /// [`FuzzConfig::seed`] from [`FUZZ_SEED_VAR`] when they are set (to a number).
    pub fn from_env() -> Self {
        let number = |var: &str| {
            std::env::var(var)
                .ok()
                .and_then(|v| v.trim().parse::<u64>().ok())
        };
        let default = FuzzConfig::default();
        FuzzConfig {
            seed: number(FUZZ_SEED_VAR).unwrap_or(default.seed),
            cases: number(FUZZ_CASES_VAR)
                .and_then(|n| usize::try_from(n).ok())
                .unwrap_or(default.cases),
            ..default
        }
    }
}

/// What a [`fuzz_snapshots`] run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FuzzReport {
    /// The game.
    pub game: String,
    /// Mutated snapshots tried.
    pub cases: usize,
    /// Refused, by the kind of [`SnapshotError`] (and the rule, for an impossible state).
    pub refused: BTreeMap<String, usize>,
    /// Mutated snapshots that loaded (many mutations change nothing the state keeps).
    pub accepted: usize,
    /// Actions applied, checked, from the snapshots that loaded.
    pub steps: usize,
}

impl fmt::Display for FuzzReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let refused: usize = self.refused.values().sum();
        write!(
            f,
            "{}: {} mutated snapshots, {refused} refused, {} loaded and played {} checked steps",
            self.game, self.cases, self.accepted, self.steps
        )
    }
}

/// A mutated snapshot that broke a check, with everything needed to reproduce it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FuzzFailure {
    /// The game.
    pub game: String,
    /// The run's seed ([`FuzzConfig::seed`]).
    pub seed: u64,
    /// The case, from 0: the same seed and case give the same mutation.
    pub case: usize,
    /// The mutations made, in order.
    pub mutations: Vec<String>,
    /// What went wrong: a check that failed, or a panic's message.
    pub what: String,
    /// The mutated snapshot text.
    pub text: String,
}

impl fmt::Display for FuzzFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} seed {} case {}: {}\nmutations: {}\nsnapshot:\n{}",
            self.game,
            self.seed,
            self.case,
            self.what,
            self.mutations.join("; "),
            self.text
        )
    }
}

impl std::error::Error for FuzzFailure {}

/// The snapshot mutation fuzz, for any game behind the erased interface: snapshots of states
/// reached by random play at several depths (the start, a few steps in, positions drawn all
/// through the game, the end) are damaged and loaded again through [`DynGame::restore`]. A
/// case picks the kind of decision first (by the rule it cites), then a snapshot waiting for
/// one, so that rare decisions are damaged as often as common ones.
///
/// Half the cases make one structural mutation, at a depth of the
/// state's JSON drawn first: an array element (a frame on a stack, a card in a hand)
/// duplicated, removed or swapped with another, or a number (a total, a counter) moved by 1
/// to 3, set to 0 or to an integer type's limit. The other half make one to three mutations
/// of one snapshot: byte flips, insertions and deletions
/// in the text; field and element deletions; type swaps (a number, string, `null`, array,
/// object or boolean for any value); numbers set to boundary values (0, ±1, one off, twice,
/// the `u8`/`u16`/`u32`/`u64` limits, huge, fractional); strings and enum tags swapped for
/// others of the same snapshot (another card, space, faction, variant); booleans flipped;
/// array elements duplicated, removed, reordered, cleared or taken from another snapshot; and
/// values spliced in from another state of the game.
///
/// A refused snapshot is always a typed [`SnapshotError`] (an impossible state names a rule).
/// A snapshot that loads must be a state play reaches, so the rules play on from it: for [`FuzzConfig::steps`]
/// steps of random play its invariants hold ([`DynState::check_invariants`], which each game
/// makes cover its decision, so a state with no decision must be over); a decision's seat is
/// at the table; every seat's view, observation and the returns, text, picture and legal
/// actions' text compute; every listed action (up to 16 of them, drawn at random) applies
/// and leads to a state whose invariants hold; and the snapshot after each step loads again,
/// equal; then from the loaded state random legal actions are played to the end of the game
/// under every check of [`play_checked`] ([`play_checked_from`]: the invariants at every
/// step, no dead end, no listed action refused, no unlisted one accepted, resampling and
/// round trips). Nothing may panic: every case runs under `catch_unwind`, and a panic is reported as
/// a failure with the seed, the case, the mutations and the mutated text. The failure
/// returned is the lowest failing case, whatever the threads.
///
/// Deterministic: the same game, seed and cases give the same mutations and the same result.
///
/// ```
/// use darbar::raid::Raid;
/// use darbar::testing::{FuzzConfig, fuzz_snapshots};
///
/// let config = FuzzConfig { cases: 60, threads: 1, ..FuzzConfig::default() };
/// let report = fuzz_snapshots(&Raid::default(), &config).unwrap_or_else(|failure| panic!("{failure}"));
/// assert_eq!(report.cases, 60);
/// assert!(report.refused.values().sum::<usize>() + report.accepted == 60);
/// ```
pub fn fuzz_snapshots<G: Game>(game: &G, config: &FuzzConfig) -> Result<FuzzReport, FuzzFailure> {
    // Snapshots are damaged and restored as text, through the erased game that loads them for
    // Python and the command line; a state that loads plays on under the typed checker.
    let rules = Rules::new(game.clone());
    let play_on = |loaded: &dyn DynState, seed: u64| -> Result<usize, String> {
        let Some(play) = loaded.as_any().downcast_ref::<Play<G>>() else {
            return Err(format!("restored as a state of {}", loaded.game().name()));
        };
        play_checked_from(game, play.state().clone(), seed, Checks::Full)
            .map(|report| report.steps)
            .map_err(|failure| failure.to_string())
    };
    let game: &dyn DynGame = &rules;
    let pool = snapshot_pool(game, config.seed);
    let outcomes = on_seeds(config.threads, 0..config.cases as u64, |case| {
        fuzz_case(game, &play_on, config, &pool, case)
    });
    let mut report = FuzzReport {
        game: game.name().to_owned(),
        cases: config.cases,
        ..FuzzReport::default()
    };
    for outcome in outcomes {
        match outcome? {
            CaseOutcome::Refused(kind) => *report.refused.entry(kind).or_default() += 1,
            CaseOutcome::Played(steps) => {
                report.accepted += 1;
                report.steps += steps;
            }
        }
    }
    Ok(report)
}

/// The depths, in actions from the start, at which the fuzz takes snapshots of a random game;
/// one position in [`FUZZ_SAMPLE_EVERY`] besides, at random, and the game's last position.
const FUZZ_DEPTHS: [usize; 8] = [0, 1, 2, 3, 5, 8, 13, 21];
/// Besides [`FUZZ_DEPTHS`], the fuzz keeps one position in this many of its random games, so
/// that the snapshots catch every kind of decision the game has, the rare ones too.
const FUZZ_SAMPLE_EVERY: usize = 8;
/// Random games the snapshots come from.
const FUZZ_GAMES: u64 = 8;
/// Listed actions tried at each step of a loaded snapshot.
const FUZZ_TRIES_PER_STEP: usize = 16;

/// Snapshots of random games of `game`: at [`FUZZ_DEPTHS`], one position in
/// [`FUZZ_SAMPLE_EVERY`] at random, and at their ends; grouped by the rule of the decision
/// they wait for (the end in a group of its own), so that a case picks a kind of decision
/// first and the rare kinds (a battle's losses, a purchase of shifts) are damaged as often as
/// the common ones.
fn snapshot_pool(game: &dyn DynGame, seed: u64) -> Vec<Vec<String>> {
    let mut groups: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for g in 0..FUZZ_GAMES {
        let game_seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(g);
        let mut state = game.new_initial_state(game_seed);
        let mut rng = GameRng::from_seed_u64(game_seed ^ 0x5eed);
        let mut step = 0;
        loop {
            let legal = state.legal_actions();
            let last = legal.is_empty() || step >= STEP_CAP;
            if last || FUZZ_DEPTHS.contains(&step) || pick(&mut rng, FUZZ_SAMPLE_EVERY) == 0 {
                let kind = state
                    .decision_kind()
                    .map_or_else(|| "over".to_owned(), |(_, rule)| rule.to_string());
                groups.entry(kind).or_default().push(state.to_snapshot());
            }
            if last {
                break;
            }
            let id = legal[pick(&mut rng, legal.len())];
            if state.apply(id).is_err() {
                break;
            }
            step += 1;
        }
    }
    groups.into_values().collect()
}

/// Plays a loaded state on to the end under every check, from a seed: the steps it took.
type PlayOn<'a> = dyn Fn(&dyn DynState, u64) -> Result<usize, String> + Sync + 'a;

/// What one case came to, when it broke no check.
enum CaseOutcome {
    /// The mutated snapshot was refused, with this kind of error.
    Refused(String),
    /// It loaded, and this many steps were played from it.
    Played(usize),
}

/// One case: mutate a snapshot of the pool, load it, and check what loads.
fn fuzz_case(
    game: &dyn DynGame,
    play_on: &PlayOn<'_>,
    config: &FuzzConfig,
    pool: &[Vec<String>],
    case: u64,
) -> Result<CaseOutcome, FuzzFailure> {
    let mut rng = GameRng::from_seed_u64(
        config.seed ^ case.wrapping_add(1).wrapping_mul(0xd1b5_4a32_d192_ed03),
    );
    let snapshot = |rng: &mut GameRng| {
        let group = &pool[pick(rng, pool.len())];
        &group[pick(rng, group.len())]
    };
    let base = snapshot(&mut rng);
    let donor = snapshot(&mut rng);
    // Half the cases make one structural mutation, which keeps the snapshot's shape so that
    // it reaches the rules' checks; the other half the whole mix.
    let (text, mutations) = if pick(&mut rng, 2) == 0 {
        mutate_structure(base, &mut rng)
    } else {
        mutate(base, donor, &mut rng)
    };
    let failure = |what: String| FuzzFailure {
        game: game.name().to_owned(),
        seed: config.seed,
        case: usize::try_from(case).unwrap_or(usize::MAX),
        mutations: mutations.clone(),
        what,
        text: text.clone(),
    };
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        check_mutated(game, play_on, &text, config.steps, &mut rng)
    }));
    match run {
        Ok(Ok(outcome)) => Ok(outcome),
        Ok(Err(what)) => Err(failure(what)),
        Err(panic) => {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic with no message".to_owned());
            Err(failure(format!("panicked: {message}")))
        }
    }
}

/// Loads `text` and, if it loads, plays and checks `steps` steps from it.
fn check_mutated(
    game: &dyn DynGame,
    play_on: &PlayOn<'_>,
    text: &str,
    steps: usize,
    rng: &mut GameRng,
) -> Result<CaseOutcome, String> {
    let mut state = match game.restore(text) {
        Ok(state) => state,
        Err(error) => {
            if let SnapshotError::Impossible { rule, reason } = &error
                && (rule.section().is_empty() || reason.is_empty())
            {
                return Err(format!(
                    "an impossible state refused without a rule: {error}"
                ));
            }
            return Ok(CaseOutcome::Refused(error_kind(&error)));
        }
    };
    let loaded = state.clone_box();
    let mut played = steps;
    for step in 0..=steps {
        let at = |what: String| format!("step {step} after loading: {what}");
        check_loaded(game, &*state).map_err(at)?;
        let legal = state.legal_actions().to_vec();
        if legal.is_empty() || step == steps {
            played = step;
            break;
        }
        for &id in sample(&legal, FUZZ_TRIES_PER_STEP, rng).iter() {
            let mut next = state.clone_box();
            let name = game.action_to_string(id).unwrap_or_else(|| id.to_string());
            next.apply(id)
                .map_err(|e| at(format!("the listed action {name} was refused: {e}")))?;
            next.check_invariants()
                .map_err(|broken| at(format!("after the listed action {name}: {broken}")))?;
        }
        let id = legal[pick(rng, legal.len())];
        state
            .apply(id)
            .map_err(|e| at(format!("the listed action {id} was refused: {e}")))?;
        let text = state.to_snapshot();
        let restored = game
            .restore(&text)
            .map_err(|e| at(format!("the snapshot after action {id} does not load: {e}")))?;
        if !restored.eq_dyn(&*state) {
            return Err(at(format!(
                "the snapshot after action {id} loads as another state"
            )));
        }
    }
    // A state that loads is one play reaches, so it plays on to the end as any state of play
    // does, under every check of the random-simulation test.
    let seed = u64::from(rng.below(u32::MAX));
    let game_on = play_on(&*loaded, seed)
        .map_err(|failure| format!("played on to the end from the loaded state: {failure}"))?;
    Ok(CaseOutcome::Played(played + game_on))
}

/// The checks of a loaded state that need no action.
fn check_loaded(game: &dyn DynGame, state: &dyn DynState) -> Result<(), String> {
    state
        .check_invariants()
        .map_err(|broken| format!("invariant broken: {broken}"))?;
    let players = game.num_players();
    match state.current_player() {
        Some(seat) if seat >= players => {
            return Err(format!("seat {seat} decides in a game of {players}"));
        }
        Some(_) if state.legal_actions().is_empty() => {
            return Err("a decision with no choice".into());
        }
        _ => {}
    }
    if state.returns().len() != players {
        return Err(format!("returns() does not have {players} entries"));
    }
    for seat in 0..players {
        let observation = state.observation(seat);
        if observation.len() != game.observation_len() {
            return Err(format!(
                "seat {seat}'s observation has {} numbers, not {}",
                observation.len(),
                game.observation_len()
            ));
        }
        let _ = state.view_json(seat);
    }
    let _ = state.to_string();
    let _ = state.to_svg();
    let _ = state.legal_action_strings();
    let _ = state.decision_kind();
    let _ = state.prompt();
    Ok(())
}

/// The kind of a refusal, for the report: the variant, and the rule of an impossible state.
fn error_kind(error: &SnapshotError) -> String {
    match error {
        SnapshotError::Truncated(_) => "truncated".into(),
        SnapshotError::Malformed(_) => "malformed".into(),
        SnapshotError::NotASnapshot(_) => "not a snapshot".into(),
        SnapshotError::UnsupportedVersion { .. } => "unsupported version".into(),
        SnapshotError::WrongGame { .. } => "wrong game".into(),
        SnapshotError::BadState(_) => "bad state".into(),
        SnapshotError::OtherOptions { .. } => "other options".into(),
        SnapshotError::OtherDeck { .. } => "other deck".into(),
        SnapshotError::Impossible { rule, .. } => format!("impossible ({rule})"),
    }
}

/// A uniform index below `len` (0 for an empty range).
fn pick(rng: &mut GameRng, len: usize) -> usize {
    rng.below(u32::try_from(len).unwrap_or(u32::MAX)) as usize
}

/// Up to `n` of `items`, drawn without repeats, in their order; all of them if there are few.
fn sample(items: &[usize], n: usize, rng: &mut GameRng) -> Vec<usize> {
    if items.len() <= n {
        return items.to_vec();
    }
    let mut indices: Vec<usize> = (0..items.len()).collect();
    rng.shuffle(&mut indices);
    indices.truncate(n);
    indices.sort_unstable();
    indices.into_iter().map(|i| items[i]).collect()
}

/// One step of a path into a JSON value.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Seg {
    Key(String),
    Index(usize),
}

fn path_text(path: &[Seg]) -> String {
    let mut text = String::new();
    for seg in path {
        match seg {
            Seg::Key(key) => {
                if !text.is_empty() {
                    text.push('.');
                }
                text.push_str(key);
            }
            Seg::Index(i) => {
                let _ = write!(text, "[{i}]");
            }
        }
    }
    if text.is_empty() {
        "the snapshot".into()
    } else {
        text
    }
}

/// Every path in `value`, `value` itself first.
fn paths(value: &Value, prefix: &mut Vec<Seg>, out: &mut Vec<Vec<Seg>>) {
    out.push(prefix.clone());
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                prefix.push(Seg::Key(key.clone()));
                paths(child, prefix, out);
                prefix.pop();
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                prefix.push(Seg::Index(i));
                paths(child, prefix, out);
                prefix.pop();
            }
        }
        _ => {}
    }
}

fn at_path<'v>(value: &'v Value, path: &[Seg]) -> Option<&'v Value> {
    path.iter().try_fold(value, |v, seg| match seg {
        Seg::Key(key) => v.get(key.as_str()),
        Seg::Index(i) => v.get(*i),
    })
}

fn at_path_mut<'v>(value: &'v mut Value, path: &[Seg]) -> Option<&'v mut Value> {
    path.iter().try_fold(value, |v, seg| match seg {
        Seg::Key(key) => v.get_mut(key.as_str()),
        Seg::Index(i) => v.get_mut(*i),
    })
}

/// The JSON type of a value, for choosing nodes of one type.
fn json_type(value: &Value) -> u8 {
    match value {
        Value::Null => 0,
        Value::Bool(_) => 1,
        Value::Number(_) => 2,
        Value::String(_) => 3,
        Value::Array(_) => 4,
        Value::Object(_) => 5,
    }
}

/// Applies one to three mutations to `base`, with `donor` (another snapshot of the game) as a
/// source of values; returns the text and the mutations in words.
fn mutate(base: &str, donor: &str, rng: &mut GameRng) -> (String, Vec<String>) {
    let mut value: Value = serde_json::from_str(base).unwrap_or(Value::Null);
    let donor: Value = serde_json::from_str(donor).unwrap_or(Value::Null);
    // One mutation half the time, two or three otherwise.
    let count = [1, 1, 1, 2, 2, 3][pick(rng, 6)];
    let mut words = Vec::new();
    let mut text_edits = 0;
    for _ in 0..count {
        // One in ten mutations edits the text itself; they are made last, on the text.
        if pick(rng, 10) == 0 {
            text_edits += 1;
        } else {
            words.push(mutate_value(&mut value, &donor, rng));
        }
    }
    let mut text = if pick(rng, 2) == 0 {
        serde_json::to_string(&value).unwrap_or_default()
    } else {
        serde_json::to_string_pretty(&value).unwrap_or_default()
    };
    for _ in 0..text_edits {
        words.push(mutate_text(&mut text, rng));
    }
    (text, words)
}

/// One structural mutation of `base`'s state, at a depth of its JSON drawn first (so that a
/// frame deep in a stack is as likely a target as a top-level count): an element of an array
/// duplicated next to itself, removed, or swapped with another (a frame on a stack, a card in
/// a hand, a unit at a site); or a number moved by 1 to 3, set to 0, or set to the limit of
/// an integer type that holds it (a total, a counter, a stage). The snapshot keeps its shape,
/// so the mutation reaches the rules' checks rather than the parser's.
fn mutate_structure(base: &str, rng: &mut GameRng) -> (String, Vec<String>) {
    let mut value: Value = serde_json::from_str(base).unwrap_or(Value::Null);
    let root = vec![Seg::Key("state".into())];
    let mut all = Vec::new();
    if let Some(state) = at_path(&value, &root) {
        paths(state, &mut root.clone(), &mut all);
    }
    let targets: Vec<Vec<Seg>> = all
        .into_iter()
        .filter(|p| match at_path(&value, p) {
            Some(Value::Array(items)) => !items.is_empty(),
            Some(Value::Number(_)) => true,
            _ => false,
        })
        .collect();
    let depths: BTreeSet<usize> = targets.iter().map(Vec::len).collect();
    let depths: Vec<usize> = depths.into_iter().collect();
    let word = if depths.is_empty() {
        "nothing to mutate".to_owned()
    } else {
        let depth = depths[pick(rng, depths.len())];
        let at_depth: Vec<&Vec<Seg>> = targets.iter().filter(|p| p.len() == depth).collect();
        let path = at_depth[pick(rng, at_depth.len())].clone();
        let where_ = path_text(&path);
        match at_path_mut(&mut value, &path) {
            Some(Value::Array(items)) => restructure_array(items, &where_, rng),
            Some(node @ Value::Number(_)) => {
                let old = node.clone();
                *node = edit_total(&old, rng);
                format!("set {where_} from {old} to {node}")
            }
            _ => "nothing to mutate".to_owned(),
        }
    };
    let text = serde_json::to_string_pretty(&value).unwrap_or_default();
    (text, vec![word])
}

/// An element of a non-empty array duplicated next to itself, removed, or swapped with
/// another.
fn restructure_array(items: &mut Vec<Value>, where_: &str, rng: &mut GameRng) -> String {
    let len = items.len();
    let i = pick(rng, len);
    match pick(rng, 3) {
        0 => {
            let copy = items[i].clone();
            items.insert(i + 1, copy);
            format!("duplicated {where_}[{i}]")
        }
        1 => {
            items.remove(i);
            format!("removed {where_}[{i}]")
        }
        _ if len > 1 => {
            // Another element than `i`: one of the `len - 1` others.
            let j = (i + 1 + pick(rng, len - 1)) % len;
            items.swap(i, j);
            format!("swapped {where_}[{i}] and [{j}]")
        }
        _ => {
            items.remove(i);
            format!("removed {where_}[{i}]")
        }
    }
}

/// A total edited: moved by 1 to 3 (not below 0 if it was not), set to 0, or set to the
/// limit of an integer type that holds it (`u8` to `u64`, or `i8` to `i64` if negative).
fn edit_total(n: &Value, rng: &mut GameRng) -> Value {
    let n = n
        .as_i64()
        .map(i128::from)
        .or_else(|| n.as_u64().map(i128::from))
        .unwrap_or(0);
    let limits: [i128; 4] = if n < 0 {
        [
            i128::from(i8::MAX),
            i128::from(i16::MAX),
            i128::from(i32::MAX),
            i128::from(i64::MAX),
        ]
    } else {
        [
            i128::from(u8::MAX),
            i128::from(u16::MAX),
            i128::from(u32::MAX),
            i128::from(u64::MAX),
        ]
    };
    let new = match pick(rng, 4) {
        0 => 0,
        1 => {
            let holding: Vec<i128> = limits.into_iter().filter(|&m| m >= n).collect();
            holding[pick(rng, holding.len())]
        }
        _ => {
            let by = i128::try_from(1 + pick(rng, 3)).unwrap_or(1);
            let down = pick(rng, 2) == 0 && (n < 0 || n - by >= 0);
            if down { n - by } else { n + by }
        }
    };
    u64::try_from(new)
        .map(Value::from)
        .or_else(|_| i64::try_from(new).map(Value::from))
        .unwrap_or(Value::Null)
}

/// One byte of the text flipped, inserted or deleted (ASCII only, so the text stays UTF-8).
fn mutate_text(text: &mut String, rng: &mut GameRng) -> String {
    let mut bytes = std::mem::take(text).into_bytes();
    let at = pick(rng, bytes.len().max(1));
    let printable = b' ' + u8::try_from(pick(rng, 95)).unwrap_or(0);
    let word = match pick(rng, 4) {
        0 if at < bytes.len() && bytes[at].is_ascii() => {
            let bit = 1u8 << pick(rng, 7);
            bytes[at] ^= bit;
            format!("flipped bit {bit:#04x} of byte {at}")
        }
        1 if at < bytes.len() && bytes[at].is_ascii() => {
            bytes[at] = printable;
            format!("replaced byte {at} with {:?}", bytes[at] as char)
        }
        2 if at < bytes.len() && bytes[at].is_ascii() => {
            bytes.remove(at);
            format!("deleted byte {at}")
        }
        _ => {
            bytes.insert(at.min(bytes.len()), printable);
            format!("inserted {:?} at byte {at}", printable as char)
        }
    };
    *text = String::from_utf8(bytes).unwrap_or_default();
    word
}

/// One mutation of the parsed snapshot, described.
fn mutate_value(value: &mut Value, donor: &Value, rng: &mut GameRng) -> String {
    let mut all = Vec::new();
    // Mostly inside the state; now and then anywhere in the envelope.
    let (root, whole) = if value.get("state").is_some() && pick(rng, 20) != 0 {
        (vec![Seg::Key("state".into())], false)
    } else {
        (Vec::new(), true)
    };
    let Some(scope) = at_path(value, &root) else {
        return "nothing to mutate".into();
    };
    let mut prefix = root.clone();
    paths(scope, &mut prefix, &mut all);
    if !whole {
        all.remove(0);
    }
    // A third of the time any node; a third, a top-level field of the state first; a third,
    // a key first (`remaining`, `player`, `troops`…), whatever its depth: so that every part
    // of the state, and every kind of field, is mutated often, however small or deep.
    let mut candidates: Vec<Vec<Seg>> = all.clone();
    match pick(rng, 3) {
        1 if !whole => {
            let fields: Vec<&Vec<Seg>> = all.iter().filter(|p| p.len() == root.len() + 1).collect();
            if !fields.is_empty() {
                let field = fields[pick(rng, fields.len())].clone();
                candidates.retain(|p| p.starts_with(&field));
            }
        }
        2 => {
            let keys: BTreeSet<&str> = all.iter().filter_map(|p| key_of(p)).collect();
            let keys: Vec<&str> = keys.into_iter().collect();
            if !keys.is_empty() {
                let key = keys[pick(rng, keys.len())].to_owned();
                candidates.retain(|p| key_of(p) == Some(key.as_str()));
            }
        }
        _ => {}
    }
    // 0, 8 delete; 1 type swap; 2 number; 3 string; 4 array; 5 enum tag; 6 boolean; 7 splice;
    // 9 a value found under the same key elsewhere (another card, space, step, option). Most
    // of the weight goes to the mutations that keep the snapshot's shape, so that they reach
    // the rules' checks rather than the parser's.
    const WEIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (8, 1),
        (1, 1),
        (2, 3),
        (3, 1),
        (4, 3),
        (5, 1),
        (6, 1),
        (7, 2),
        (9, 5),
    ];
    let total: usize = WEIGHTS.iter().map(|w| w.1).sum();
    let mut roll = pick(rng, total);
    let op = WEIGHTS
        .iter()
        .find(|&&(_, w)| {
            let hit = roll < w;
            roll = roll.saturating_sub(w);
            hit
        })
        .map_or(0, |w| w.0);
    // Numbers, strings, arrays and booleans have operations of their own: choose among those.
    let wanted = match op {
        2 => Some(2),
        3 => Some(3),
        4 => Some(4),
        6 => Some(1),
        _ => None,
    };
    if let Some(t) = wanted {
        let typed: Vec<Vec<Seg>> = candidates
            .iter()
            .filter(|p| at_path(value, p).is_some_and(|v| json_type(v) == t))
            .cloned()
            .collect();
        if !typed.is_empty() {
            candidates = typed;
        }
    }
    if candidates.is_empty() {
        return "nothing to mutate".into();
    }
    let path = candidates[pick(rng, candidates.len())].clone();
    let where_ = path_text(&path);
    let same_key = same_key_values(value, donor, &path);
    let strings = collect_strings(value, donor);
    let tags = collect_tags(value, donor);
    let donor_nodes = {
        let mut out = Vec::new();
        paths(donor, &mut Vec::new(), &mut out);
        out
    };
    let Some(node) = at_path_mut(value, &path) else {
        return "nothing to mutate".into();
    };
    match (op, &mut *node) {
        (2, Value::Number(n)) => {
            let new = boundary_number(n, rng);
            let word = format!("set {where_} from {n} to {new}");
            *node = new;
            word
        }
        (3, Value::String(s)) => {
            let new = match pick(rng, 4) {
                0 => String::new(),
                1 => format!("{s}x"),
                _ => strings[pick(rng, strings.len())].clone(),
            };
            let word = format!("set {where_} from {s:?} to {new:?}");
            *s = new;
            word
        }
        (4, Value::Array(items)) => mutate_array(items, &where_, donor, &donor_nodes, rng),
        (9, _) if !same_key.is_empty() => {
            let new = same_key[pick(rng, same_key.len())].clone();
            let word = format!("set {where_} from {node} to {new}");
            *node = new;
            word
        }
        (6, Value::Bool(b)) => {
            *b = !*b;
            format!("flipped {where_} to {b}")
        }
        (5, Value::Object(map)) if map.len() == 1 && !tags.is_empty() => {
            // An externally tagged enum: another variant's name, the same content.
            let (old, content) = map
                .iter()
                .next()
                .map(|(k, v)| (k.clone(), v.clone()))
                .unwrap_or_default();
            let tag = tags[pick(rng, tags.len())].clone();
            map.clear();
            map.insert(tag.clone(), content);
            format!("renamed the variant {old} at {where_} to {tag}")
        }
        (7, _) => {
            // A value of the same place in another state, or else one of the same type.
            let same_place = at_path(donor, &path).filter(|d| *d != &*node).cloned();
            let new = same_place.unwrap_or_else(|| {
                let typed: Vec<&Vec<Seg>> = donor_nodes
                    .iter()
                    .filter(|p| at_path(donor, p).is_some_and(|v| json_type(v) == json_type(node)))
                    .collect();
                let from = if typed.is_empty() {
                    Vec::new()
                } else {
                    typed[pick(rng, typed.len())].clone()
                };
                at_path(donor, &from).cloned().unwrap_or(Value::Null)
            });
            *node = new;
            format!("spliced another state's value into {where_}")
        }
        (0, _) | (8, _) => {
            // Delete the node from its parent.
            let Some((last, parent_path)) = path.split_last() else {
                *node = Value::Null;
                return "replaced the snapshot with null".into();
            };
            match (at_path_mut(value, parent_path), last) {
                (Some(Value::Object(map)), Seg::Key(key)) => {
                    map.remove(key);
                }
                (Some(Value::Array(items)), Seg::Index(i)) if *i < items.len() => {
                    items.remove(*i);
                }
                _ => {}
            }
            format!("deleted {where_}")
        }
        _ => {
            // A type swap.
            let new = match pick(rng, 7) {
                0 => Value::Null,
                1 => Value::Bool(pick(rng, 2) == 0),
                2 => Value::from(pick(rng, 3)),
                3 => Value::String(strings[pick(rng, strings.len())].clone()),
                4 => Value::Array(Vec::new()),
                5 => Value::Array(vec![node.clone()]),
                _ => Value::Object(Default::default()),
            };
            let word = format!("swapped {where_} for {new}");
            *node = new;
            word
        }
    }
}

/// One of the array operations: duplicate, remove, swap, reverse, rotate, clear, or take an
/// element from another state.
fn mutate_array(
    items: &mut Vec<Value>,
    where_: &str,
    donor: &Value,
    donor_nodes: &[Vec<Seg>],
    rng: &mut GameRng,
) -> String {
    let len = items.len();
    let i = pick(rng, len.max(1));
    let j = pick(rng, len.max(1));
    match pick(rng, 7) {
        0 if len > 0 => {
            let copy = items[i].clone();
            items.insert(i + 1, copy);
            format!("duplicated {where_}[{i}]")
        }
        1 if len > 0 => {
            items.remove(i);
            format!("removed {where_}[{i}]")
        }
        2 if len > 1 => {
            items.swap(i, j);
            format!("swapped {where_}[{i}] and [{j}]")
        }
        3 if len > 1 => {
            items.reverse();
            format!("reversed {where_}")
        }
        4 if len > 1 => {
            items.rotate_left(1);
            format!("rotated {where_}")
        }
        5 => {
            items.clear();
            format!("emptied {where_}")
        }
        _ => {
            // An element of an array of the other state.
            let arrays: Vec<&Vec<Value>> = donor_nodes
                .iter()
                .filter_map(|p| at_path(donor, p).and_then(Value::as_array))
                .filter(|a| !a.is_empty())
                .collect();
            if arrays.is_empty() {
                items.clear();
                return format!("emptied {where_}");
            }
            let from = arrays[pick(rng, arrays.len())];
            let element = from[pick(rng, from.len())].clone();
            let at = pick(rng, len + 1);
            items.insert(at, element);
            format!("inserted another state's element into {where_} at {at}")
        }
    }
}

/// A boundary value for a number: 0, ±1, one off, twice, a type's limit, huge, a fraction.
fn boundary_number(n: &serde_json::Number, rng: &mut GameRng) -> Value {
    let as_i = n
        .as_i64()
        .map(i128::from)
        .or_else(|| n.as_u64().map(i128::from))
        .unwrap_or(0);
    let integer = |x: i128| {
        u64::try_from(x)
            .map(Value::from)
            .or_else(|_| i64::try_from(x).map(Value::from))
            .unwrap_or(Value::Null)
    };
    match pick(rng, 24) {
        16..=19 => Value::from(pick(rng, 8)),
        // The limit of the type a small count most likely has.
        20..=23 if as_i.unsigned_abs() < 256 => Value::from(u8::MAX),
        20..=23 => Value::from(u32::MAX),
        0 => Value::from(0),
        1 => Value::from(1),
        2 => Value::from(-1),
        3 => integer(as_i + 1),
        4 => integer(as_i - 1),
        5 => integer(as_i * 2),
        6 => Value::from(u8::MAX),
        7 => Value::from(u16::from(u8::MAX) + 1),
        8 => Value::from(u16::MAX),
        9 => Value::from(u32::from(u16::MAX) + 1),
        10 => Value::from(u32::MAX),
        11 => Value::from(u64::from(u32::MAX) + 1),
        12 => Value::from(u64::MAX),
        13 => Value::from(i64::MIN),
        14 => serde_json::Number::from_f64(1e30).map_or(Value::Null, Value::Number),
        _ => serde_json::Number::from_f64(0.5).map_or(Value::Null, Value::Number),
    }
}

/// The key a value is found under: the last key of its path (an element of an array counts
/// as under the array's key).
fn key_of(path: &[Seg]) -> Option<&str> {
    path.iter().rev().find_map(|seg| match seg {
        Seg::Key(key) => Some(key.as_str()),
        Seg::Index(_) => None,
    })
}

/// The values found under the same key as `path` anywhere in both snapshots, other than the
/// one there now: values of the right type, and often of the right range, for the field.
fn same_key_values(value: &Value, donor: &Value, path: &[Seg]) -> Vec<Value> {
    let Some(key) = key_of(path) else {
        return Vec::new();
    };
    let element = matches!(path.last(), Some(Seg::Index(_)));
    let current = at_path(value, path);
    let mut out: Vec<Value> = Vec::new();
    for doc in [value, donor] {
        let mut all = Vec::new();
        paths(doc, &mut Vec::new(), &mut all);
        for p in all {
            let same =
                key_of(&p) == Some(key) && matches!(p.last(), Some(Seg::Index(_))) == element;
            if let Some(v) = at_path(doc, &p).filter(|v| same && Some(*v) != current)
                && !out.contains(v)
            {
                out.push(v.clone());
            }
        }
    }
    out
}

/// Every string value of both snapshots, and an empty one.
fn collect_strings(a: &Value, b: &Value) -> Vec<String> {
    fn walk(v: &Value, out: &mut BTreeSet<String>) {
        match v {
            Value::String(s) => {
                out.insert(s.clone());
            }
            Value::Array(items) => items.iter().for_each(|i| walk(i, out)),
            Value::Object(map) => map.values().for_each(|i| walk(i, out)),
            _ => {}
        }
    }
    let mut out = BTreeSet::new();
    out.insert(String::new());
    walk(a, &mut out);
    walk(b, &mut out);
    out.into_iter().collect()
}

/// The keys of every one-key object of both snapshots: the variant names of tagged enums.
fn collect_tags(a: &Value, b: &Value) -> Vec<String> {
    fn walk(v: &Value, out: &mut BTreeSet<String>) {
        match v {
            Value::Array(items) => items.iter().for_each(|i| walk(i, out)),
            Value::Object(map) => {
                if map.len() == 1 {
                    out.extend(map.keys().cloned());
                }
                map.values().for_each(|i| walk(i, out));
            }
            _ => {}
        }
    }
    let mut out = BTreeSet::new();
    walk(a, &mut out);
    walk(b, &mut out);
    out.into_iter().collect()
}
