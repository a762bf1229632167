//! Players that choose among the legal actions of any [`Game`], written once over the game
//! interface; a game's own policies live in its folder and plug in as a [`Rollout`].
//!
//! - [`RandomBot`]: every legal action equally likely.
//! - [`RolloutBot`]: flat Monte Carlo. Each legal action is valued by playouts from states
//!   resampled from what the deciding seat knows ([`Game::resample`]), with common random
//!   numbers across actions, and the best is taken.
//! - [`DynBot`]: a bot behind the erased interface, for the command line and the bindings.
//! - [`OwnBots`]: a game's own bots (the raid game's greedy bot), found by name beside those
//!   every game has ([`names`], [`by_name`]).
//!
//! Bots draw from their own seeded generators, never from the game's. They stand on the
//! engine: the engine knows no bot, and the registry ([`crate::games::Registry::bot`]) lends a
//! game loaded at run time the bots of its type.

mod random;
mod rollout;

pub use random::RandomBot;
pub use rollout::{RandomRollout, Rollout, RolloutBot};

use crate::engine::{DynState, Game, Play, SeatDecision};

/// Playouts per action of the `rollout` bot found by name.
pub const ROLLOUT_PLAYOUTS: u32 = 16;

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

impl<G: Game> Bot<G> for Box<dyn Bot<G>> {
    fn choose(
        &mut self,
        game: &G,
        state: &G::State,
        decision: &SeatDecision<G>,
    ) -> Option<G::Action> {
        (**self).choose(game, state, decision)
    }
}

/// One of a game's own bots: its name, a line about it, and how to make one from a seed.
pub struct OwnBot<G: Game> {
    /// The bot's name, as the command line and Python take it.
    pub name: &'static str,
    /// What it does, in a line.
    pub about: &'static str,
    /// A bot seeded with the number given.
    pub make: fn(&G, u64) -> Box<dyn Bot<G>>,
}

/// A game's own bots, beside those every game has (`random`, `rollout`): a game implements it
/// with no body when it has none.
pub trait OwnBots: Game {
    /// The game's own bots.
    fn own_bots() -> &'static [OwnBot<Self>] {
        &[]
    }
}

/// The names of the bots of `G`: `random`, `rollout`, then the game's own.
///
/// ```
/// use darbar::raid::Raid;
///
/// assert_eq!(darbar::bots::names::<Raid>(), ["random", "rollout", "greedy"]);
/// ```
pub fn names<G: OwnBots>() -> Vec<&'static str> {
    let mut names = vec!["random", "rollout"];
    names.extend(G::own_bots().iter().map(|b| b.name));
    names
}

/// The bot of `G` named `name`, seeded with `seed`, or `None` for a name [`names`] does not
/// list.
///
/// ```
/// use darbar::bots::{Bot, by_name};
/// use darbar::engine::Game;
/// use darbar::raid::Raid;
///
/// let game = Raid::default();
/// let state = game.new_initial_state(1);
/// let mut bot = by_name(&game, "greedy", 1).unwrap();
/// let decision = game.decision(&state).unwrap();
/// assert!(decision.allows(&bot.choose(&game, &state, &decision).unwrap()));
/// assert!(by_name(&game, "oracle", 1).is_none());
/// ```
pub fn by_name<G: OwnBots>(game: &G, name: &str, seed: u64) -> Option<Box<dyn Bot<G>>> {
    match name {
        "random" => Some(Box::new(RandomBot::new(seed))),
        "rollout" => Some(Box::new(RolloutBot::new(
            seed,
            ROLLOUT_PLAYOUTS,
            RandomRollout,
        ))),
        other => G::own_bots()
            .iter()
            .find(|b| b.name == other)
            .map(|b| (b.make)(game, seed)),
    }
}
