//! Replay records of raid games (architecture principle 4).

use super::{Action, Campaign, Log, Options, State};
use crate::engine::{Replay, ReplayError, Snapshot};

/// A replay record of a raid game.
pub type RaidReplay = Replay<Options, Action>;

impl State {
    /// The replay record of a game that started from this state's seed and options and took
    /// `actions`. A campaign game also needs its campaign to replay ([`State::campaign`]).
    pub fn replay_record(&self, actions: Vec<Action>) -> RaidReplay {
        Replay {
            game: Self::GAME.to_owned(),
            options: self.options,
            seed: self.seed,
            actions,
        }
    }

    /// Rebuilds a first game from its replay record.
    ///
    /// ```
    /// use darbar::raid::State;
    ///
    /// let mut state = State::new(9);
    /// let first = state.legal_actions()[0];
    /// state.apply(first).unwrap();
    /// let record = state.replay_record(vec![first]);
    /// assert_eq!(State::replay(&record), Ok(state));
    /// ```
    pub fn replay(record: &RaidReplay) -> Result<State, ReplayError> {
        State::replay_campaign(record, &Campaign::default())
    }

    /// Rebuilds a game of a campaign from its replay record and the campaign it started from.
    pub fn replay_campaign(record: &RaidReplay, campaign: &Campaign) -> Result<State, ReplayError> {
        if record.game != Self::GAME {
            return Err(ReplayError::WrongGame {
                expected: Self::GAME,
                found: record.game.clone(),
            });
        }
        let mut state = State::new_campaign_game(record.seed, record.options, campaign)
            .map_err(|e| ReplayError::Malformed(e.to_string()))?;
        for (index, &action) in record.actions.iter().enumerate() {
            state
                .apply_logged(action, &mut Log::silent())
                .map_err(|e| ReplayError::IllegalAction {
                    index,
                    action: action.to_string(),
                    reason: e.to_string(),
                })?;
        }
        Ok(state)
    }
}
