//! The uniform random bot: every legal action equally likely. [`RandomBot::choose`] plays
//! Vijayanagara; [`RandomBot::choose_from`] picks from any game's list of legal actions.

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

    /// One of `actions`, uniformly, or `None` if there are none: the bot for any game's list
    /// of legal actions.
    ///
    /// ```
    /// use darbar::bots::RandomBot;
    /// use darbar::raid::State;
    ///
    /// let mut state = State::new(5);
    /// let mut bot = RandomBot::new(5);
    /// while let Some(action) = bot.choose_from(&state.legal_actions()) {
    ///     state.apply(action).unwrap();
    /// }
    /// assert!(state.is_over());
    /// assert_eq!(bot.choose_from::<u8>(&[]), None);
    /// ```
    pub fn choose_from<A: Copy>(&mut self, actions: &[A]) -> Option<A> {
        if actions.is_empty() {
            return None;
        }
        let n = u32::try_from(actions.len()).ok()?;
        actions.get(self.rng.below(n) as usize).copied()
    }
}
