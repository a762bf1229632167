//! What a registered game's entry lends the game loaded from it beyond its rules: the bots
//! that play it and the random-simulation checker.
//!
//! Both stand on the engine, so the erased game ([`DynGame`]) cannot offer them itself; the
//! registry can, because each entry was made for one type of game ([`GameEntry::with_loader`])
//! and so knows the type an erased game of that name has.

use std::marker::PhantomData;
use std::sync::Arc;

use super::GameEntry;
use crate::bots::{DynBot, Erased, GameBots, SpecError, by_spec, names};
use crate::engine::{DynGame, DynState, Play, Rules};
use crate::testing::{self, CheckedGame, Checks, Failure};

/// The tools of one type of game, behind an erased interface.
pub(super) trait Tools: Send + Sync {
    fn bot_names(&self) -> Vec<&'static str>;
    fn bot(&self, game: &dyn DynGame, spec: &str, seed: u64) -> Result<Box<dyn DynBot>, SpecError>;
    fn check_random_game(
        &self,
        game: &dyn DynGame,
        seed: u64,
        checks: Checks,
    ) -> Result<CheckedGame, Failure>;
    fn check_play_from(
        &self,
        state: &dyn DynState,
        seed: u64,
        checks: Checks,
    ) -> Result<CheckedGame, Failure>;
    fn playthrough(&self, game: &dyn DynGame, seed: u64, title: &str) -> Option<String>;
}

/// The tools of `G`.
pub(super) fn tools_of<G: GameBots>() -> Arc<dyn Tools> {
    Arc::new(ToolsOf::<G>(PhantomData))
}

struct ToolsOf<G>(PhantomData<fn() -> G>);

impl<G: GameBots> ToolsOf<G> {
    /// The typed rules of an erased game, if it is one of `G`.
    fn rules(game: &dyn DynGame) -> Option<&Rules<G>> {
        game.as_any().downcast_ref::<Rules<G>>()
    }

    /// The failure for a game or state of another type than the entry's.
    fn other(seed: u64, name: &str) -> Failure {
        Failure {
            seed,
            step: 0,
            what: format!("a game of {name}, not of {}", G::NAME),
        }
    }

    fn checked(rules: &Rules<G>, seed: u64, report: testing::Report<G>) -> CheckedGame {
        CheckedGame {
            seed,
            steps: report.steps,
            returns: report.returns,
            state: Box::new(Play::at(Arc::clone(&rules.0), report.state, false)),
        }
    }
}

impl<G: GameBots> Tools for ToolsOf<G> {
    fn bot_names(&self) -> Vec<&'static str> {
        names::<G>()
    }

    fn bot(&self, game: &dyn DynGame, spec: &str, seed: u64) -> Result<Box<dyn DynBot>, SpecError> {
        let Some(rules) = Self::rules(game) else {
            return Err(SpecError::UnknownBot {
                name: spec.to_owned(),
                known: format!("those of {}, not of {}", G::NAME, game.name()),
            });
        };
        let bot = by_spec(&**rules, spec, seed)?;
        Ok(Box::new(Erased::<G, _>::new(bot)))
    }

    fn check_random_game(
        &self,
        game: &dyn DynGame,
        seed: u64,
        checks: Checks,
    ) -> Result<CheckedGame, Failure> {
        let rules = Self::rules(game).ok_or_else(|| Self::other(seed, game.name()))?;
        let report = testing::play_checked(&**rules, seed, checks)?;
        Ok(Self::checked(rules, seed, report))
    }

    fn check_play_from(
        &self,
        state: &dyn DynState,
        seed: u64,
        checks: Checks,
    ) -> Result<CheckedGame, Failure> {
        let play = state
            .as_any()
            .downcast_ref::<Play<G>>()
            .ok_or_else(|| Self::other(seed, state.game().name()))?;
        let rules = Self::rules(state.game()).ok_or_else(|| Self::other(seed, G::NAME))?;
        let report = testing::play_checked_from(play.rules(), play.state().clone(), seed, checks)?;
        Ok(Self::checked(rules, seed, report))
    }

    fn playthrough(&self, game: &dyn DynGame, seed: u64, title: &str) -> Option<String> {
        Some(testing::playthrough(&**Self::rules(game)?, seed, title))
    }
}

impl GameEntry {
    /// The names of the bots of this game: `random`, `rollout`, then the game's own
    /// ([`crate::bots::names`]).
    pub fn bot_names(&self) -> Vec<&'static str> {
        self.tools.bot_names()
    }
}
