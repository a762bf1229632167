//! Replay records: everything needed to rebuild a game, `{game, options, seed, actions}`.

use serde::{Deserialize, Serialize, de::DeserializeOwned};
use thiserror::Error;

/// A replay record. Options, seed and the actions in order determine the whole game, because the
/// only randomness is the generator seeded from `seed` (see [`super::GameRng`]).
///
/// ```
/// use darbar::engine::Replay;
///
/// let replay = Replay { game: "vijayanagara".into(), options: (), seed: 7, actions: vec!["pass".to_string()] };
/// let text = replay.to_json();
/// assert_eq!(Replay::<(), String>::from_json(&text).unwrap(), replay);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replay<O, A> {
    /// The game's name, as in snapshots.
    pub game: String,
    /// The rule options the game was created with.
    pub options: O,
    /// The seed of the game's random number generator.
    pub seed: u64,
    /// Every action taken, in order.
    pub actions: Vec<A>,
}

impl<O: Serialize + DeserializeOwned, A: Serialize + DeserializeOwned> Replay<O, A> {
    /// The record as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Reads a record written by [`Replay::to_json`].
    pub fn from_json(text: &str) -> Result<Self, ReplayError> {
        serde_json::from_str(text).map_err(|e| ReplayError::Malformed(e.to_string()))
    }
}

/// Why a replay could not be read or reproduced.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// The record is not valid JSON of the expected shape.
    #[error("replay record does not parse: {0}")]
    Malformed(String),
    /// The record is of another game.
    #[error("replay is of game {found:?}, expected {expected:?}")]
    WrongGame {
        /// The game replaying it.
        expected: &'static str,
        /// The game named in the record.
        found: String,
    },
    /// The record's options are not those of the rules replaying it.
    #[error("replay record was played with other rule options")]
    OtherOptions,
    /// An action of the record was refused by the rules.
    #[error("replay action {index} ({action}) is illegal: {reason}")]
    IllegalAction {
        /// Its position in `actions`.
        index: usize,
        /// The action as text.
        action: String,
        /// The error the game gave.
        reason: String,
        /// The rule it cites, if a rule was consulted (not for an action that names none).
        rule: Option<super::Rule>,
    },
}
