//! Checked random play: the random-simulation test of the raid game (architecture, "Tests
//! every game has").
//!
//! At every step of a seeded random game it checks that a decision exists until the game ends
//! (no dead end), that the chosen listed action applies, that random unlisted actions are
//! refused with an error naming a rule and leave the state unchanged, that a clone and a
//! snapshot round trip equal the state, that the invariants hold, that the player's resources
//! stay within bounds, and that the game ends within [`STEP_CAP`] steps.

use std::fmt;

use super::{Action, Campaign, Log, Options, SiteId, State, Talent, Trade};
use crate::engine::{GameRng, Snapshot};

/// No game may take more steps than this.
pub const STEP_CAP: usize = 20_000;
/// Unlisted actions tried at every step.
pub const UNLISTED_PER_STEP: usize = 5;
/// No player resource may exceed this in a checked game: far above anything reachable.
pub const RESOURCE_BOUND: u32 = 10_000;

/// What one checked game did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// The game's seed.
    pub seed: u64,
    /// Actions applied.
    pub steps: usize,
    /// Turns played.
    pub turns: u32,
    /// How the game ended.
    pub ending: super::Ending,
    /// The final score, for the "Empire arrives" ending.
    pub score: Option<u32>,
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
/// use darbar::raid::simulation::{Checks, play_checked};
///
/// let report = play_checked(3, Checks::Full).unwrap();
/// assert!(report.steps > 0);
/// assert!(report.turns >= 1);
/// ```
pub fn play_checked(seed: u64, checks: Checks) -> Result<GameReport, Failure> {
    play_checked_campaign(seed, checks, Options::default(), &Campaign::default())
        .map(|(report, _)| report)
}

/// Plays one random game of a campaign from `seed`, checking every step as [`play_checked`]
/// does, and returns the campaign for the next game (RG-11).
///
/// ```
/// use darbar::raid::simulation::{Checks, play_checked_campaign};
/// use darbar::raid::{Campaign, Options};
///
/// let (_, next) = play_checked_campaign(1, Checks::Full, Options::default(), &Campaign::default()).unwrap();
/// let (_, after) = play_checked_campaign(2, Checks::Full, Options::default(), &next).unwrap();
/// assert_eq!(after.games, 2);
/// ```
pub fn play_checked_campaign(
    seed: u64,
    checks: Checks,
    options: Options,
    campaign: &Campaign,
) -> Result<(GameReport, Campaign), Failure> {
    let mut state = State::new_campaign_game(seed, options, campaign).map_err(|e| Failure {
        seed,
        step: 0,
        what: e.to_string(),
    })?;
    let mut bot = GameRng::from_seed_u64(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 1);
    let mut noise = GameRng::from_seed_u64(seed ^ 0xdead_beef);
    let mut step = 0;
    let fail = |step: usize, what: String| Failure { seed, step, what };
    while !state.is_over() {
        if step >= STEP_CAP {
            return Err(fail(step, format!("no ending after {STEP_CAP} steps")));
        }
        let legal = state.legal_actions();
        if legal.is_empty() {
            return Err(fail(
                step,
                "dead end: no legal action before the end".into(),
            ));
        }
        if checks == Checks::Full {
            check_step(&state, &legal, &mut noise).map_err(|what| fail(step, what))?;
        }
        let action = choose(&legal, &mut bot);
        state
            .apply_logged(action, &mut Log::silent())
            .map_err(|e| fail(step, format!("listed action {action} was refused: {e}")))?;
        step += 1;
    }
    if checks == Checks::Full {
        check_step(&state, &[], &mut noise).map_err(|what| fail(step, what))?;
        if !state.legal_actions().is_empty() {
            return Err(fail(step, "actions listed after the end".into()));
        }
    }
    let report = GameReport {
        seed,
        steps: step,
        turns: state.turn(),
        ending: state
            .ending()
            .ok_or_else(|| fail(step, "no ending".into()))?,
        score: state.final_score().map(|(s, _)| s),
    };
    let next = state.campaign_after();
    if checks == Checks::Full {
        next.validate()
            .map_err(|e| fail(step, format!("the next campaign is impossible: {e}")))?;
    }
    Ok((report, next))
}

/// A random listed action. Recruitment amounts are many, so all of them together get the weight
/// of one action; otherwise every action is equally likely.
fn choose(legal: &[Action], rng: &mut GameRng) -> Action {
    let pick =
        |rng: &mut GameRng, n: usize| rng.below(u32::try_from(n).unwrap_or(u32::MAX)) as usize;
    let recruits: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Recruit(_)))
        .collect();
    let others: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| !matches!(a, Action::Recruit(_)))
        .collect();
    let n = others.len() + usize::from(!recruits.is_empty());
    let i = pick(rng, n);
    match others.get(i) {
        Some(&action) => action,
        None => recruits[pick(rng, recruits.len())],
    }
}

fn check_step(state: &State, legal: &[Action], noise: &mut GameRng) -> Result<(), String> {
    state
        .check_invariants()
        .map_err(|(rule, reason)| format!("invariant broken: {reason} ({rule})"))?;
    let p = state.player();
    if [p.soldiers, p.funds, p.food, p.weapons, p.slaves]
        .iter()
        .any(|&r| r > RESOURCE_BOUND)
    {
        return Err(format!("a resource is out of bounds: {p}"));
    }
    if state.clone() != *state {
        return Err("a clone differs from the state".into());
    }
    let restored = State::from_snapshot(&state.to_snapshot())
        .map_err(|e| format!("snapshot does not load: {e}"))?;
    if restored != *state {
        return Err("the snapshot round trip changed the state".into());
    }
    for &action in legal {
        if action.to_string().parse::<Action>() != Ok(action) {
            return Err(format!("{action} does not parse back"));
        }
    }
    let mut tried = 0;
    let mut attempts = 0;
    while tried < UNLISTED_PER_STEP && attempts < 1_000 {
        attempts += 1;
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
    let site = |rng: &mut GameRng| SiteId::ALL[rng.below(SiteId::ALL.len() as u32) as usize];
    match rng.below(10) {
        0 => Action::Scout(site(rng)),
        1 => Action::SkipScout,
        2 => Action::Raid(site(rng)),
        3 => Action::EndRaids,
        4 => [Action::Plunder, Action::StopPlunder][rng.below(2) as usize],
        5 => Action::Trade(Trade::ALL[rng.below(6) as usize]),
        6 => Action::Recruit(rng.below(40)),
        7 => Action::ChooseTalent(Talent::ALL[rng.below(8) as usize]),
        _ => Action::EndSettlement,
    }
}
