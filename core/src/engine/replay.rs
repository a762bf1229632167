//! Replay records: everything needed to rebuild a game, `{game, options, seed, actions}`, and
//! for a game whose cards come from a deck, which deck (`deck`).

use serde::{Deserialize, Serialize, de::DeserializeOwned};
use thiserror::Error;

use super::DeckId;

/// A replay record. Options, seed and the actions in order determine the whole game, because the
/// only randomness is the generator seeded from `seed` (see [`super::GameRng`]).
///
/// ```
/// use darbar::engine::Replay;
///
/// let replay = Replay {
///     game: "vijayanagara".into(),
///     options: (),
///     seed: 7,
///     actions: vec!["pass".to_string()],
///     deck: None,
/// };
/// let text = replay.to_json();
/// assert_eq!(Replay::<(), String>::from_json(&text).unwrap(), replay);
/// // A record written before records named their deck reads as one without a deck.
/// let old = r#"{"game": "vijayanagara", "options": null, "seed": 7, "actions": ["pass"]}"#;
/// assert_eq!(Replay::<(), String>::from_json(old).unwrap(), replay);
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
    /// The deck the game's cards came from, for a game that plays one
    /// ([`Game::deck`](super::Game::deck)); absent in records of games without a deck and in
    /// records written before records named their deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<DeckId>,
}

impl<O, A> Replay<O, A> {
    /// Checks that rules playing `loaded` may replay this record: a record that names its deck
    /// needs that deck ([`DeckId::replays`]); a record that names none replays with any.
    /// `option` is the loader option that gives the rules a folder of one's own
    /// ([`Game::deck_option`](super::Game::deck_option)), which the refusal advises.
    ///
    /// ```
    /// use darbar::engine::{DeckId, Replay, ReplayError};
    ///
    /// let mine = DeckId { name: "mydeck".into(), hash: "00ff".into() };
    /// let record = Replay { game: "g".into(), options: (), seed: 1, actions: Vec::<u8>::new(), deck: Some(mine.clone()) };
    /// assert!(record.check_deck(Some(&mine), "deck").is_ok());
    /// let err = record.check_deck(None, "content").unwrap_err();
    /// assert!(matches!(err, ReplayError::OtherDeck { .. }));
    /// assert!(err.to_string().contains("\"mydeck\" (content hash 00ff)"), "{err}");
    /// assert!(err.to_string().contains("`--content DIR`"), "{err}");
    /// ```
    pub fn check_deck(
        &self,
        loaded: Option<&DeckId>,
        option: &'static str,
    ) -> Result<(), ReplayError> {
        match (&self.deck, loaded) {
            (None, _) => Ok(()),
            (Some(needed), Some(loaded)) if loaded.replays(needed) => Ok(()),
            (Some(needed), loaded) => Err(ReplayError::OtherDeck {
                needed: needed.clone(),
                loaded: loaded.cloned(),
                option,
            }),
        }
    }
}

/// The deck a replay record (JSON text) names, if it names one and parses that far: for a
/// program that must say which deck to load before it can load the game.
///
/// ```
/// use darbar::engine::deck_of_record;
///
/// let text = r#"{"game": "vijayanagara", "options": {}, "seed": 1, "actions": [],
///               "deck": {"name": "mydeck", "hash": "00ff"}}"#;
/// assert_eq!(deck_of_record(text).unwrap().name, "mydeck");
/// assert_eq!(deck_of_record(r#"{"game": "raid"}"#), None);
/// ```
pub fn deck_of_record(text: &str) -> Option<DeckId> {
    #[derive(Deserialize)]
    struct Only {
        deck: Option<DeckId>,
    }
    serde_json::from_str::<Only>(text).ok()?.deck
}

/// What a game that needs `needed` but plays `loaded` should say: which deck to load.
fn other_deck(needed: &DeckId, loaded: &Option<DeckId>, option: &str) -> String {
    let loaded = match loaded {
        Some(loaded) => loaded.to_string(),
        None => "no deck".to_owned(),
    };
    let how = if needed.is_default() {
        "replay it without a deck of one's own".to_owned()
    } else {
        format!(
            "replay it with that deck (`--{option} DIR` on the command line, `{option}=\"DIR\"` \
             in Python), the directory named {:?} whose files have that hash",
            needed.name
        )
    };
    format!("the record was played with {needed}, but these rules play {loaded}: {how}")
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
    /// The record names a deck that is not the one the rules replaying it play.
    #[error("{}", other_deck(needed, loaded, option))]
    OtherDeck {
        /// The deck the record was played with.
        needed: DeckId,
        /// The deck of the rules replaying it, if they play one.
        loaded: Option<DeckId>,
        /// The loader option that gives the rules a folder of one's own, as the game names it
        /// ([`Game::deck_option`](super::Game::deck_option)): `deck`, or Tycoon's `content`.
        option: &'static str,
    },
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
