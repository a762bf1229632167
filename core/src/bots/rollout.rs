//! Flat Monte Carlo over resampled states.

use rand_core::Rng;

use super::Bot;
use crate::engine::{Game, GameRng, Log, Seat, SeatDecision};

/// How a [`RolloutBot`] plays out and scores a line: the playout policy, where a playout stops,
/// and what it is worth to the deciding seat. The default plays uniformly at random to the end
/// of the game and scores the seat's return.
pub trait Rollout<G: Game>: Send {
    /// The action a playout takes among `decision.choices`.
    fn policy(
        &mut self,
        game: &G,
        state: &G::State,
        decision: &SeatDecision<G>,
        rng: &mut GameRng,
    ) -> Option<G::Action> {
        let _ = (game, state);
        let n = u32::try_from(decision.choices.len()).ok()?;
        decision.choices.get(rng.below(n.max(1)) as usize).copied()
    }

    /// Whether the playout ends at `state`, begun at `start` (the game's end always ends it).
    fn stop(&self, _game: &G, _start: &G::State, _state: &G::State) -> bool {
        false
    }

    /// What the line is worth to `seat`.
    fn value(&self, game: &G, state: &G::State, seat: Seat) -> f64 {
        game.returns(state).get(seat).copied().unwrap_or(0.0)
    }

    /// Plays `line`, begun at `start`, on by [`Rollout::policy`] until [`Rollout::stop`],
    /// the end of the game, or `most` actions (capped at [`PLAYOUT_CAP`]).
    fn play_on(
        &mut self,
        game: &G,
        start: &G::State,
        line: &mut G::State,
        rng: &mut GameRng,
        most: usize,
    ) {
        let mut log = Log::silent();
        for _ in 0..most.min(PLAYOUT_CAP) {
            if self.stop(game, start, line) {
                break;
            }
            let Some(decision) = game.decision(line) else {
                break;
            };
            let Some(next) = self.policy(game, line, &decision, rng) else {
                break;
            };
            if game.apply_unchecked(line, next, &mut log).is_err() {
                break;
            }
        }
    }
}

/// Plays out uniformly at random to the end of the game.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomRollout;

impl<G: Game> Rollout<G> for RandomRollout {}

/// Flat Monte Carlo: each legal action is valued by `rollouts` playouts, each from a state
/// resampled from what the deciding seat knows ([`Game::resample`]: never from the true hidden
/// values), and the best action is taken (the first of equals). Every action is played out from
/// the same resampled states, with the same dice, so they are compared on common random numbers.
///
/// ```
/// use darbar::bots::{Bot, RandomRollout, RolloutBot};
/// use darbar::engine::{Game, Log};
/// use darbar::raid::Raid;
///
/// let game = Raid::default();
/// let mut state = game.new_initial_state(2);
/// let mut bot = RolloutBot::new(2, 4, RandomRollout);
/// let decision = game.decision(&state).unwrap();
/// let action = bot.choose(&game, &state, &decision).unwrap();
/// assert!(decision.allows(&action));
/// ```
#[derive(Clone, Debug)]
pub struct RolloutBot<R> {
    rng: GameRng,
    rollouts: u32,
    rollout: R,
}

/// No playout takes more actions than this.
pub const PLAYOUT_CAP: usize = 100_000;

impl<R> RolloutBot<R> {
    /// A bot seeded with `seed` that plays `rollouts` playouts per action (at least 1).
    pub fn new(seed: u64, rollouts: u32, rollout: R) -> Self {
        RolloutBot {
            rng: GameRng::from_seed_u64(seed),
            rollouts: rollouts.max(1),
            rollout,
        }
    }

    /// Playouts per action.
    pub fn rollouts(&self) -> u32 {
        self.rollouts
    }

    /// The rollout, to read or adjust.
    pub fn rollout_mut(&mut self) -> &mut R {
        &mut self.rollout
    }

    /// The mean value of each of `choices` for `seat` at `state`, in order.
    pub fn evaluate<G: Game>(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        choices: &[G::Action],
    ) -> Vec<f64>
    where
        R: Rollout<G>,
    {
        let mut totals = vec![0.0; choices.len()];
        for _ in 0..self.rollouts {
            let mut sampler = GameRng::from_seed_u64(self.rng.next_u64());
            let known = game.resample(state, seat, &mut sampler);
            let policy_seed = sampler.next_u64();
            for (total, &action) in totals.iter_mut().zip(choices) {
                let mut line = known.clone();
                let mut policy_rng = GameRng::from_seed_u64(policy_seed);
                *total += self.play_out(game, &known, &mut line, action, seat, &mut policy_rng);
            }
        }
        let n = f64::from(self.rollouts);
        totals.iter().map(|t| t / n).collect()
    }

    fn play_out<G: Game>(
        &mut self,
        game: &G,
        start: &G::State,
        line: &mut G::State,
        action: G::Action,
        seat: Seat,
        rng: &mut GameRng,
    ) -> f64
    where
        R: Rollout<G>,
    {
        if game
            .apply_unchecked(line, action, &mut Log::silent())
            .is_err()
        {
            // A listed action the rules refuse after all (a card that fails): never chosen.
            return f64::NEG_INFINITY;
        }
        self.rollout.play_on(game, start, line, rng, PLAYOUT_CAP);
        self.rollout.value(game, line, seat)
    }
}

impl<G: Game, R: Rollout<G>> Bot<G> for RolloutBot<R> {
    fn choose(
        &mut self,
        game: &G,
        state: &G::State,
        decision: &SeatDecision<G>,
    ) -> Option<G::Action> {
        if decision.choices.len() <= 1 {
            return decision.choices.first().copied();
        }
        let values = self.evaluate(game, state, decision.player, &decision.choices);
        let mut best = 0;
        for (i, &value) in values.iter().enumerate() {
            if value > values[best] {
                best = i;
            }
        }
        decision.choices.get(best).copied()
    }
}
