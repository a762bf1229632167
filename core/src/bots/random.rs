//! The uniform random bot.

use super::{Bot, DynBot};
use crate::engine::{DynState, Game, GameRng, SeatDecision};

/// Picks uniformly among the legal actions, from its own seeded generator (so a bot's choices
/// never disturb the game's dice).
///
/// ```
/// use darbar::bots::{Bot, RandomBot};
/// use darbar::engine::{Game, Log};
/// use darbar::raid::Raid;
///
/// let game = Raid::default();
/// let mut state = game.new_initial_state(5);
/// let mut bot = RandomBot::new(5);
/// while let Some(decision) = game.decision(&state) {
///     let action = bot.choose(&game, &state, &decision).unwrap();
///     game.apply(&mut state, action, &mut Log::silent()).unwrap();
/// }
/// assert!(state.is_over());
/// assert_eq!(bot.choose_from::<u8>(&[]), None);
/// ```
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    /// A bot seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: GameRng::from_seed_u64(seed),
        }
    }

    /// One of `actions`, uniformly, or `None` if there are none.
    pub fn choose_from<A: Copy>(&mut self, actions: &[A]) -> Option<A> {
        let n = u32::try_from(actions.len()).ok()?;
        if n == 0 {
            return None;
        }
        actions.get(self.rng.below(n) as usize).copied()
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn choose(
        &mut self,
        _game: &G,
        _state: &G::State,
        decision: &SeatDecision<G>,
    ) -> Option<G::Action> {
        self.choose_from(&decision.choices)
    }
}

impl DynBot for RandomBot {
    fn choose(&mut self, state: &dyn DynState) -> Option<usize> {
        self.choose_from(state.legal_actions())
    }
}
