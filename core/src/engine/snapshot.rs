//! Versioned JSON snapshots of a game state.
//!
//! A snapshot is an envelope `{"format": "darbar-snapshot", "version", "game", "state"}`.
//! Loading one never panics and never yields a silently wrong state: malformed or truncated text,
//! another format, an unknown version, another game, a state that does not parse, and a state
//! that parses but breaks the game's invariants are each a distinct [`SnapshotError`].

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;

use super::{DeckId, Rule, Violation};

/// The `format` field of every snapshot.
pub const FORMAT: &str = "darbar-snapshot";

/// A game state that can be saved and restored.
pub trait Snapshot: Serialize + DeserializeOwned {
    /// The game's name in snapshots and replays, e.g. `"vijayanagara"`.
    const GAME: &'static str;
    /// The state layout's version. Bump it whenever the serialized form changes.
    const VERSION: u32;

    /// Checks every invariant of the game; a state that fails is impossible in play. A state
    /// that passes is one the rules can play on: its decision (who decides what, every rule
    /// frame behind it) is where and as the rules put one, there is a decision unless the game
    /// is over, and the listed actions apply to states that pass again (each game says how far
    /// it tries them). Pure: it reads the state and changes nothing.
    fn validate(&self) -> Result<(), Violation>;

    /// The snapshot as JSON text, indented for people to read and edit.
    fn to_snapshot(&self) -> String {
        // Serializing plain data with string keys into a String cannot fail.
        serde_json::to_string_pretty(&Envelope::of(self)).unwrap_or_default()
    }

    /// Restores a state from [`Snapshot::to_snapshot`] text, checking everything: the
    /// envelope, the state's shape, and [`Snapshot::validate`]. A state [`Snapshot::validate`]
    /// refuses is [`SnapshotError::Impossible`], with the rule and reason of its
    /// [`Violation`]; nothing is loaded.
    fn from_snapshot(text: &str) -> Result<Self, SnapshotError> {
        let state = parse_snapshot::<Self>(text)?;
        state
            .validate()
            .map_err(|Violation { rule, reason }| SnapshotError::Impossible { rule, reason })?;
        Ok(state)
    }
}

/// The envelope of a snapshot. `deck` names the deck or content of one's own that a game was
/// played with (its cards or tables are not in the state), so that it is restored with those,
/// never silently with the default ones.
#[derive(Serialize)]
struct Envelope<'a, S> {
    format: &'a str,
    version: u32,
    game: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    deck: Option<&'a DeckId>,
    state: &'a S,
}

impl<'a, S: Snapshot> Envelope<'a, S> {
    fn of(state: &'a S) -> Self {
        Envelope {
            format: FORMAT,
            version: S::VERSION,
            game: S::GAME,
            deck: None,
            state,
        }
    }
}

/// The snapshot of `state` played with `deck` ([`Game::deck`](super::Game::deck)), which the
/// envelope names unless it is the game's default deck.
pub(crate) fn snapshot_with_deck<S: Snapshot>(state: &S, deck: Option<&DeckId>) -> String {
    let envelope = Envelope {
        deck: deck.filter(|d| !d.is_default()),
        ..Envelope::of(state)
    };
    serde_json::to_string_pretty(&envelope).unwrap_or_default()
}

/// The deck or content of one's own a snapshot names, if any: `None` for one played with the
/// game's default deck (or a game without one), or for text that is no snapshot.
///
/// ```
/// use darbar::engine::{Game, Play, DynState, deck_of_snapshot};
/// use darbar::raid::Raid;
/// use std::sync::Arc;
///
/// let play = Play::new(Arc::new(Raid::default()), 1);
/// assert_eq!(deck_of_snapshot(&play.to_snapshot()), None);
/// ```
pub fn deck_of_snapshot(text: &str) -> Option<DeckId> {
    #[derive(Deserialize)]
    struct Only {
        deck: Option<DeckId>,
    }
    serde_json::from_str::<Only>(text).ok()?.deck
}

/// What restoring a snapshot that needs `needed` (`None`: the default deck) with rules that
/// play `loaded` should say: which deck or content to load, through the loader option
/// `option` ([`Game::deck_option`](super::Game::deck_option)).
fn other_deck(option: &str, needed: &Option<DeckId>, loaded: &Option<DeckId>) -> String {
    let name = |deck: &Option<DeckId>| match deck {
        Some(deck) => deck.to_string(),
        None => "the default deck".to_owned(),
    };
    let how = match needed {
        Some(needed) => format!(
            "restore it with those files (`--{option} DIR` on the command line,              `{option}=\"DIR\"` in Python), the folder named {:?} whose files have that hash",
            needed.name
        ),
        None => format!("restore it without `{option}`"),
    };
    format!(
        "the snapshot was played with {}, but these rules play {}: {how}",
        name(needed),
        name(loaded)
    )
}

/// The same snapshot on one line: what the checker round-trips at every step, where the
/// indentation would only cost time (the text is the same JSON value).
pub(crate) fn compact_snapshot<S: Snapshot>(state: &S) -> String {
    serde_json::to_string(&Envelope::of(state)).unwrap_or_default()
}

/// The state of snapshot text, its envelope and shape checked but not [`Snapshot::validate`]:
/// for the checker's round trip of a state it has just validated.
pub(crate) fn parse_snapshot<S: Snapshot>(text: &str) -> Result<S, SnapshotError> {
    // First the envelope alone (the state is skipped, not built), so that another format,
    // version or game is reported as such rather than as a state that does not parse.
    let header = Header::read(text)?;
    let version = header.version()?;
    if version != u64::from(S::VERSION) {
        return Err(SnapshotError::UnsupportedVersion {
            found: version,
            supported: S::VERSION,
        });
    }
    match header.game.as_ref().and_then(Value::as_str) {
        Some(game) if game == S::GAME => {}
        found => {
            return Err(SnapshotError::WrongGame {
                expected: S::GAME,
                found: found.unwrap_or("").to_owned(),
            });
        }
    }
    if header.state.is_none() {
        return Err(SnapshotError::NotASnapshot("no \"state\" field".into()));
    }
    // Then the state itself, typed, straight from the text.
    #[derive(Deserialize)]
    struct Body<S> {
        state: S,
    }
    let body: Body<S> =
        serde_json::from_str(text).map_err(|e| SnapshotError::BadState(e.to_string()))?;
    Ok(body.state)
}

/// The game a snapshot is of, read from its envelope without reading the state: the way to
/// pick the game that restores it.
///
/// ```
/// use darbar::engine::{Snapshot, game_of_snapshot};
///
/// let text = darbar::raid::State::new(1).to_snapshot();
/// assert_eq!(game_of_snapshot(&text).unwrap(), "raid");
/// assert!(game_of_snapshot("[1]").is_err());
/// ```
pub fn game_of_snapshot(text: &str) -> Result<String, SnapshotError> {
    let header = Header::read(text)?;
    header.version()?;
    header
        .game
        .as_ref()
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| SnapshotError::NotASnapshot("no \"game\" field".into()))
}

/// The envelope of a snapshot, its state skipped.
#[derive(Deserialize)]
struct Header {
    format: Option<Value>,
    version: Option<Value>,
    game: Option<Value>,
    state: Option<IgnoredAny>,
}

impl Header {
    /// Reads the envelope and checks its format and that it has a state.
    fn read(text: &str) -> Result<Header, SnapshotError> {
        let header: Header = match serde_json::from_str(text) {
            Ok(header) => header,
            Err(e) if e.classify() == serde_json::error::Category::Data => {
                return Err(SnapshotError::NotASnapshot(
                    "the top level is not an object".into(),
                ));
            }
            Err(e) => return Err(SnapshotError::from_json(e)),
        };
        match header.format.as_ref().and_then(Value::as_str) {
            Some(FORMAT) => {}
            Some(other) => return Err(SnapshotError::NotASnapshot(format!("format is {other:?}"))),
            None => return Err(SnapshotError::NotASnapshot("no \"format\" field".into())),
        }
        Ok(header)
    }

    /// The layout version.
    fn version(&self) -> Result<u64, SnapshotError> {
        self.version
            .as_ref()
            .and_then(Value::as_u64)
            .ok_or_else(|| SnapshotError::NotASnapshot("no numeric \"version\" field".into()))
    }
}

/// Why a snapshot could not be restored.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SnapshotError {
    /// The text ends before the JSON value does.
    #[error("snapshot is truncated: {0}")]
    Truncated(String),
    /// The text is not valid JSON.
    #[error("snapshot is not valid JSON: {0}")]
    Malformed(String),
    /// Valid JSON, but not a darbar snapshot envelope.
    #[error("not a darbar snapshot: {0}")]
    NotASnapshot(String),
    /// A snapshot of a layout version this build cannot read.
    #[error("snapshot version {found} is not supported; this build reads version {supported}")]
    UnsupportedVersion {
        /// The version in the file.
        found: u64,
        /// The version this build writes and reads.
        supported: u32,
    },
    /// A snapshot of another game.
    #[error("snapshot is of game {found:?}, expected {expected:?}")]
    WrongGame {
        /// The game being restored.
        expected: &'static str,
        /// The game named in the file.
        found: String,
    },
    /// The state does not have the expected shape (a missing field, a wrong type, a bad name).
    #[error("snapshot state does not parse: {0}")]
    BadState(String),
    /// The state was played with other rule options than the rules restoring it.
    #[error("snapshot state was played with other rule options: {differ}")]
    OtherOptions {
        /// Each option that differs, with the snapshot's value and the rules' value.
        differ: String,
    },
    /// The snapshot names a deck or content of one's own that the rules restoring it do not
    /// play, or the rules play one and the snapshot does not name it.
    #[error("{}", other_deck(option, needed, loaded))]
    OtherDeck {
        /// The loader option that names a deck or content folder (`deck`, `content`:
        /// [`Game::deck_option`](super::Game::deck_option)).
        option: &'static str,
        /// The deck the snapshot was played with; `None` for the game's default.
        needed: Option<DeckId>,
        /// The deck of the rules restoring it; `None` for the default or none.
        loaded: Option<DeckId>,
    },
    /// The state parses but could not arise in play: it breaks an invariant of the rules.
    #[error("snapshot state is impossible: {reason} ({rule})")]
    Impossible {
        /// The rule the state breaks.
        rule: Rule,
        /// What exactly is wrong.
        reason: String,
    },
}

impl SnapshotError {
    fn from_json(error: serde_json::Error) -> Self {
        match error.classify() {
            serde_json::error::Category::Eof => SnapshotError::Truncated(error.to_string()),
            _ => SnapshotError::Malformed(error.to_string()),
        }
    }

    /// The rule broken, for an impossible state.
    pub fn rule(&self) -> Option<Rule> {
        match self {
            SnapshotError::Impossible { rule, .. } => Some(*rule),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Counter {
        count: u8,
    }

    impl Snapshot for Counter {
        const GAME: &'static str = "counter";
        const VERSION: u32 = 3;
        fn validate(&self) -> Result<(), Violation> {
            if self.count > 10 {
                return Err((Rule("1.1"), "count above 10".to_string()).into());
            }
            Ok(())
        }
    }

    #[test]
    fn round_trip() {
        let c = Counter { count: 4 };
        assert_eq!(Counter::from_snapshot(&c.to_snapshot()), Ok(c));
    }

    #[test]
    fn each_kind_of_damage_has_its_own_error() {
        let good = Counter { count: 4 }.to_snapshot();
        let cut = &good[..good.len() / 2];
        assert!(matches!(
            Counter::from_snapshot(cut),
            Err(SnapshotError::Truncated(_))
        ));
        assert!(matches!(
            Counter::from_snapshot("{]"),
            Err(SnapshotError::Malformed(_))
        ));
        assert!(matches!(
            Counter::from_snapshot("[1]"),
            Err(SnapshotError::NotASnapshot(_))
        ));
        let v9 = good.replace("\"version\": 3", "\"version\": 9");
        assert!(matches!(
            Counter::from_snapshot(&v9),
            Err(SnapshotError::UnsupportedVersion {
                found: 9,
                supported: 3
            })
        ));
        let other = good.replace("\"counter\"", "\"chess\"");
        assert!(matches!(
            Counter::from_snapshot(&other),
            Err(SnapshotError::WrongGame { .. })
        ));
        let bad = good.replace("\"count\": 4", "\"count\": -4");
        assert!(matches!(
            Counter::from_snapshot(&bad),
            Err(SnapshotError::BadState(_))
        ));
        let impossible = good.replace("\"count\": 4", "\"count\": 11");
        let err = Counter::from_snapshot(&impossible).unwrap_err();
        assert_eq!(err.rule(), Some(Rule("1.1")));
    }
}
