//! Replay records of Vijayanagara games (architecture principle 4).

use super::{Action, EventHost, Log, Options, State};
use crate::engine::{Replay, ReplayError, Snapshot};

/// A replay record of a Vijayanagara game.
pub type VijayanagaraReplay = Replay<Options, Action>;

impl State {
    /// The replay record of a game that started from this state's seed and options and took
    /// `actions`.
    pub fn replay_record(&self, actions: Vec<Action>) -> VijayanagaraReplay {
        Replay {
            game: Self::GAME.to_owned(),
            options: self.options,
            seed: self.seed,
            actions,
        }
    }

    /// Rebuilds a game from its replay record: set up with the record's options and seed, then
    /// every action applied in order.
    ///
    /// ```
    /// use darbar::vijayanagara::State;
    ///
    /// let mut state = State::new(9);
    /// let first = state.legal_actions()[0];
    /// state.apply(first).unwrap();
    /// let record = state.replay_record(vec![first]);
    /// assert_eq!(State::replay(&record), Ok(state));
    /// ```
    pub fn replay(record: &VijayanagaraReplay) -> Result<State, ReplayError> {
        State::replay_on(record, None)
    }

    /// Rebuilds a game played with Event cards: as [`State::replay`], with the card texts run
    /// on `host` (the same deck the game was played with, or the replay may diverge or fail).
    pub fn replay_with(
        record: &VijayanagaraReplay,
        host: &dyn EventHost,
    ) -> Result<State, ReplayError> {
        State::replay_on(record, Some(host))
    }

    fn replay_on(
        record: &VijayanagaraReplay,
        host: Option<&dyn EventHost>,
    ) -> Result<State, ReplayError> {
        if record.game != Self::GAME {
            return Err(ReplayError::WrongGame {
                expected: Self::GAME,
                found: record.game.clone(),
            });
        }
        let mut state = State::with_options(record.seed, record.options);
        for (index, &action) in record.actions.iter().enumerate() {
            state
                .apply_checked(action, host, &mut Log::silent())
                .map_err(|e| ReplayError::IllegalAction {
                    index,
                    action: action.to_string(),
                    reason: e.to_string(),
                })?;
        }
        Ok(state)
    }
}
