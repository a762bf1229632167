//! Players that choose among the legal actions of any [`Game`], written once over the game
//! interface; a game's own policies live in its folder and plug in as a [`Rollout`].
//!
//! - [`RandomBot`]: every legal action equally likely.
//! - [`RolloutBot`]: flat Monte Carlo. Each legal action is valued by playouts from states
//!   resampled from what the deciding seat knows ([`Game::resample`]), with common random
//!   numbers across actions, and the best is taken.
//! - [`Mcts`]: UCT over a determinization, for any number of seats, with chance drawn anew
//!   each iteration (open loop); [`IsMcts`]: information-set MCTS, a fresh determinization
//!   each iteration; [`CheatingMcts`]: UCT on the true state, a yardstick only.
//! - [`evaluate`]: the arena, bots against each other over many games, seats rotated, with
//!   win rates, mean returns, 95% intervals and ratings.
//! - [`DynBot`]: a bot behind the erased interface, for the command line and the bindings.
//! - [`GameBots`]: a game's own bots (the raid game's greedy bot), found by name beside those
//!   every game has ([`names`], [`by_spec`]), and its value of unfinished positions.
//!
//! Bots draw from their own seeded generators, never from the game's. They stand on the
//! engine: the engine knows no bot, and the registry ([`crate::games::Registry::bot`]) lends a
//! game loaded at run time the bots of its type.

mod arena;
mod random;
mod rollout;
mod search;
mod spec;
mod tree;

pub use arena::{ArenaConfig, Evaluation, Interval, MakeBot, Played, Standing, evaluate};
pub use random::RandomBot;
pub use rollout::{PLAYOUT_CAP, RandomRollout, Rollout, RolloutBot};
pub use search::{Budget, CheatingMcts, IsMcts, Mcts, Sampling, SearchConfig, Visits};
pub use spec::{
    BotRollout, BotSpec, GENERIC_BOTS, MAX_SEARCH_THREADS, ROLLOUT_PLAYOUTS, SpecError, by_spec,
    names,
};

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

    /// Tells the bot of an action taken at the table (its own included), as its seat saw it:
    /// the action, or `None` when the seat could not tell which it was (another's sealed bid;
    /// see [`Game::action_seen_by`]). A search keeps the part of its tree the game moved into. Ignored
    /// by default.
    fn inform(&mut self, _action: Option<G::Action>) {}

    /// Forgets the game in play: the next state it is asked about may be of another game.
    fn restart(&mut self) {}
}

/// A bot behind the erased interface: it picks an action number among the legal ones.
pub trait DynBot: Send {
    /// One of `state.legal_actions()`, or `None` once the game is over (or for a state of a
    /// game the bot does not play).
    fn choose(&mut self, state: &dyn DynState) -> Option<usize>;

    /// [`Bot::inform`], with the action by number.
    fn inform(&mut self, _action: Option<usize>) {}

    /// [`Bot::restart`].
    fn restart(&mut self) {}
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

    fn inform(&mut self, action: Option<usize>) {
        self.bot.inform(action.and_then(G::action_from_index));
    }

    fn restart(&mut self) {
        self.bot.restart();
    }
}

impl<G: Game> Bot<G> for Box<dyn Bot<G>> {
    fn choose(
        &mut self,
        game: &G,
        state: &G::State,
        decision: &SeatDecision<G>,
    ) -> Option<G::Action> {
        (**self).choose(game, state, decision)
    }

    fn inform(&mut self, action: Option<G::Action>) {
        (**self).inform(action);
    }

    fn restart(&mut self) {
        (**self).restart();
    }
}

/// One of a game's own bots: its name, a line about it, and how to make one from a seed.
pub struct GameBot<G: Game> {
    /// The bot's name, as the command line and Python take it.
    pub name: &'static str,
    /// What it does, in a line.
    pub about: &'static str,
    /// A bot seeded with the number given.
    pub make: fn(&G, u64) -> Box<dyn Bot<G>>,
}

/// What a game lends the bots beyond its rules: its own bots, beside those every game has
/// (`random`, `rollout`, `mcts`, `ismcts`), and a value of unfinished positions for searches
/// cut short. A game implements it with no body when it has neither.
pub trait GameBots: Game {
    /// The game's own bots.
    fn own_bots() -> &'static [GameBot<Self>] {
        &[]
    }

    /// What `state`, a position before the end, is worth to each seat, on the scale of
    /// [`Game::returns`], for a search that stops short of the end
    /// ([`SearchConfig::rollout_depth`]); `None` to take [`Game::returns`] of the position.
    fn heuristic(&self, _state: &Self::State) -> Option<Vec<f64>> {
        None
    }
}
