//! The uniform random bot: every legal action equally likely.

use crate::engine::GameRng;
use crate::vijayanagara::{Action, State};

/// Picks uniformly among the legal actions, from its own seeded generator (so a bot's choices
/// never disturb the game's dice).
///
/// ```
/// use darbar::bots::RandomBot;
/// use darbar::vijayanagara::State;
///
/// let mut state = State::new(1);
/// let mut bot = RandomBot::new(1);
/// let action = bot.choose(&state).unwrap();
/// state.apply(action).unwrap();
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

    /// One of the legal actions, or `None` once the game is over.
    pub fn choose(&mut self, state: &State) -> Option<Action> {
        let actions = state.legal_actions();
        let n = u32::try_from(actions.len()).ok()?;
        actions.get(self.rng.below(n) as usize).copied()
    }
}
