//! Players that choose among the legal actions of any [`Game`], written once over the game
//! interface; a game's own policies live in its folder and plug in as a [`Rollout`].
//!
//! - [`RandomBot`]: every legal action equally likely.
//! - [`RolloutBot`]: flat Monte Carlo. Each legal action is valued by playouts from states
//!   resampled from what the deciding seat knows ([`Game::resample`]), with common random
//!   numbers across actions, and the best is taken.
//! - [`DynBot`]: a bot behind the erased interface, for the command line and the bindings.
//!
//! Bots draw from their own seeded generators, never from the game's.

mod random;
mod rollout;

pub use random::RandomBot;
pub use rollout::{RandomRollout, Rollout, RolloutBot};

use crate::engine::{DynState, Game, Play, SeatDecision};

/// A player of the game `G`.
pub trait Bot<G: Game>: Send {
    /// One of `decision.choices`, the decision of `state` (`None` only for a decision built
    /// by hand with no choices).
    fn choose(
        &mut self,
        game: &G,
        state: &G::State,
        decision: &SeatDecision<G>,
    ) -> Option<G::Action>;
}

/// A bot behind the erased interface: it picks an action number among the legal ones.
pub trait DynBot: Send {
    /// One of `state.legal_actions()`, or `None` once the game is over (or for a state of a
    /// game the bot does not play).
    fn choose(&mut self, state: &dyn DynState) -> Option<usize>;
}

/// A typed bot of `G` behind [`DynBot`].
#[derive(Clone, Debug)]
pub struct Erased<G, B> {
    bot: B,
    game: std::marker::PhantomData<fn() -> G>,
}

impl<G: Game, B: Bot<G>> Erased<G, B> {
    /// The erased form of `bot`.
    pub fn new(bot: B) -> Self {
        Erased {
            bot,
            game: std::marker::PhantomData,
        }
    }
}

impl<G: Game, B: Bot<G>> DynBot for Erased<G, B> {
    fn choose(&mut self, state: &dyn DynState) -> Option<usize> {
        let play = state.as_any().downcast_ref::<Play<G>>()?;
        let decision = play.decision()?;
        let action = self.bot.choose(play.rules(), play.state(), decision)?;
        Some(G::action_index(action))
    }
}
