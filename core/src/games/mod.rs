//! The games, one module each, and the [`Registry`] that finds them by name.
//!
//! Everything that picks a game at run time (Python's `load_game`, `darbar.replay`, the command
//! line, the golden playthroughs) goes through a registry, so adding a game to darbar is:
//!
//! 1. its rules folder, `core/src/games/<game>/`, with a rules value implementing
//!    [`Game`](crate::engine::Game) (state, actions, decision kinds, errors, options, view,
//!    invariants and snapshot, action numbering) and [`GameBots`] (its own bots, if any);
//! 2. one line in [`Registry::standard`];
//! 3. its own extras where it wants them: a picture (`Game::to_svg`), Python getters in
//!    `py/src/games/<game>.rs`, Lua `game` methods in `lua/src/games/<game>.rs`, command-line
//!    extras in `examples/src/games/<game>.rs`.
//!
//! The checker ([`crate::testing`]), the bots, replays, playthroughs, the Python classes,
//! PettingZoo, the Lua host and the command line then work for it unchanged. A game's own bots
//! are listed by its [`crate::bots::GameBots`]; the registry lends a game loaded from it the bots
//! and the checker of its type ([`Registry::bot`], [`Registry::check_random_game`]).
//!
//! ```
//! use darbar::games::Registry;
//!
//! let registry = Registry::standard();
//! assert!(registry.names().contains(&"raid"));
//! let game = registry.load("vijayanagara", &serde_json::json!({"transfers": false})).unwrap();
//! assert_eq!(game.num_players(), 3);
//! assert!(registry.load("chess", &serde_json::Value::Null).is_err());
//! ```

#[cfg(feature = "test-games")]
pub mod nim;
pub mod pax_pamir;
pub mod raid;
mod tools;
pub mod tycoon;
pub mod vijayanagara;

use std::sync::Arc;

use serde_json::Value;
use thiserror::Error;

use crate::testing::{CheckedGame, Checks, Failure};

use crate::bots::{DynBot, GameBots, SpecError};
use crate::engine::{
    DynGame, DynState, LoadError, ReplayError, Rules, SnapshotError, game_of_snapshot,
    options_from_json,
};

/// Loads a game's rules from its options as JSON.
type Loader = dyn Fn(&Value) -> Result<Arc<dyn DynGame>, LoadError> + Send + Sync;

/// One registered game: its name, a line about it, and how to load it.
#[derive(Clone)]
pub struct GameEntry {
    /// The game's name, as in snapshots and replays.
    pub name: &'static str,
    /// One line about the game, for listings.
    pub summary: &'static str,
    load: Arc<Loader>,
    /// The options a snapshot's state was played with, as JSON.
    snapshot_options: fn(&str) -> Result<Value, SnapshotError>,
    /// The bots and the checker of the game's type.
    tools: Arc<dyn tools::Tools>,
}

impl std::fmt::Debug for GameEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameEntry")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl GameEntry {
    /// An entry for `G`, whose options are read from JSON by [`options_from_json`] and made
    /// into rules by `make`.
    pub fn new<G: GameBots>(
        summary: &'static str,
        make: impl Fn(G::Options) -> Result<G, LoadError> + Send + Sync + 'static,
    ) -> Self {
        GameEntry::with_loader::<G>(summary, move |options| {
            make(options_from_json(G::NAME, options)?)
        })
    }

    /// An entry for `G` whose loader reads the options JSON itself, for rules that take more
    /// than `G::Options` (a deck directory of card scripts, say).
    pub fn with_loader<G: GameBots>(
        summary: &'static str,
        load: impl Fn(&Value) -> Result<G, LoadError> + Send + Sync + 'static,
    ) -> Self {
        GameEntry {
            name: G::NAME,
            summary,
            load: Arc::new(move |options| {
                load(options).map(|g| Arc::new(Rules::new(g)) as Arc<dyn DynGame>)
            }),
            snapshot_options: |text| {
                // Only the options are read here: the rules they load check the rest.
                let state = crate::engine::snapshot::parse_snapshot::<G::State>(text)?;
                Ok(serde_json::to_value(G::options_of(&state)).unwrap_or(Value::Null))
            },
            tools: tools::tools_of::<G>(),
        }
    }

    /// The game with these options (`null` for the defaults).
    pub fn load(&self, options: &Value) -> Result<Arc<dyn DynGame>, LoadError> {
        (self.load)(options)
    }
}

/// Why a snapshot or replay record could not be opened through the registry.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OpenError {
    /// The game could not be loaded.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// The snapshot is damaged or impossible.
    #[error(transparent)]
    Snapshot(#[from] SnapshotError),
    /// The replay record does not read or does not replay.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// The games darbar knows, by name.
#[derive(Clone, Debug, Default)]
pub struct Registry {
    entries: Vec<GameEntry>,
}

impl Registry {
    /// The games of this crate: Vijayanagara (Event cards need a card host, which the
    /// `darbar-lua` crate's registry attaches), the kingdom raid game, and with the
    /// `test-games` feature the small games the tests use.
    pub fn standard() -> Registry {
        let mut registry = Registry::default();
        registry.register(vijayanagara::Vijayanagara::entry());
        registry.register(raid::Raid::entry());
        registry.register(pax_pamir::PaxPamir::entry());
        registry.register(tycoon::Tycoon::entry());
        #[cfg(feature = "test-games")]
        registry.register(nim::Nim::entry());
        registry
    }

    /// Adds a game, replacing any entry of the same name.
    pub fn register(&mut self, entry: GameEntry) {
        match self.entries.iter_mut().find(|e| e.name == entry.name) {
            Some(old) => *old = entry,
            None => self.entries.push(entry),
        }
    }

    /// The registered games, in the order they were registered.
    pub fn entries(&self) -> &[GameEntry] {
        &self.entries
    }

    /// The names of the registered games.
    pub fn names(&self) -> Vec<&'static str> {
        self.entries.iter().map(|e| e.name).collect()
    }

    /// The entry of a game, by name in any case.
    pub fn entry(&self, name: &str) -> Result<&GameEntry, LoadError> {
        self.entries
            .iter()
            .find(|e| e.name.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| LoadError::UnknownGame {
                name: name.to_owned(),
                known: self.names().join(", "),
            })
    }

    /// The game `name` with these options (a JSON object of the options to change, or `null`).
    pub fn load(&self, name: &str, options: &Value) -> Result<Arc<dyn DynGame>, LoadError> {
        self.entry(name)?.load(options)
    }

    /// The entry `game` was loaded from: the one of its name.
    fn entry_of(&self, game: &dyn DynGame) -> Result<&GameEntry, LoadError> {
        self.entry(game.name())
    }

    /// The names of the bots that play `game`: those every game has, then the game's own
    /// ([`crate::bots::names`]); none for a game this registry does not know.
    pub fn bot_names(&self, game: &dyn DynGame) -> Vec<&'static str> {
        self.entry_of(game)
            .map(GameEntry::bot_names)
            .unwrap_or_default()
    }

    /// The bot of `game` that `spec` names (`greedy`, `mcts:iterations=500`:
    /// [`crate::bots::by_spec`]), seeded with `seed`, behind the erased interface.
    ///
    /// ```
    /// use darbar::games::Registry;
    ///
    /// let registry = Registry::standard();
    /// let game = registry.load("raid", &serde_json::Value::Null).unwrap();
    /// let mut state = game.new_initial_state(4);
    /// let mut bot = registry.bot(&*game, "greedy", 4).unwrap();
    /// while let Some(id) = bot.choose(&*state) {
    ///     state.apply(id).unwrap();
    /// }
    /// assert!(state.is_terminal());
    /// assert!(registry.bot(&*game, "oracle", 4).is_err());
    /// ```
    pub fn bot(
        &self,
        game: &dyn DynGame,
        spec: &str,
        seed: u64,
    ) -> Result<Box<dyn DynBot>, SpecError> {
        match self.entry_of(game) {
            Ok(entry) => entry.tools.bot(game, spec, seed),
            Err(error) => Err(SpecError::UnknownBot {
                name: spec.to_owned(),
                known: error.to_string(),
            }),
        }
    }

    /// One random game of `game` from `seed`, checked as [`crate::testing::play_checked`]
    /// checks it.
    pub fn check_random_game(
        &self,
        game: &dyn DynGame,
        seed: u64,
        checks: Checks,
    ) -> Result<CheckedGame, Failure> {
        let entry = self.entry_of(game).map_err(|e| unknown(seed, e))?;
        entry.tools.check_random_game(game, seed, checks)
    }

    /// Random legal actions from `state` to the end, checked as
    /// [`crate::testing::play_checked_from`] checks them.
    pub fn check_play_from(
        &self,
        state: &dyn DynState,
        seed: u64,
        checks: Checks,
    ) -> Result<CheckedGame, Failure> {
        let entry = self.entry_of(state.game()).map_err(|e| unknown(seed, e))?;
        entry.tools.check_play_from(state, seed, checks)
    }

    /// A whole random game of `game` written out step by step
    /// ([`crate::testing::playthrough`]); `None` for a game this registry does not know.
    pub fn playthrough(&self, game: &dyn DynGame, seed: u64, title: &str) -> Option<String> {
        self.entry_of(game)
            .ok()?
            .tools
            .playthrough(game, seed, title)
    }

    /// A state restored from snapshot text, of whichever game it names, with the options it
    /// was played with; `extra` adds loader options that a state does not carry (a deck
    /// directory).
    pub fn restore(&self, snapshot: &str, extra: &Value) -> Result<Box<dyn DynState>, OpenError> {
        let entry = self.entry(&game_of_snapshot(snapshot)?)?;
        let options = merged((entry.snapshot_options)(snapshot)?, extra);
        Ok(entry.load(&options)?.restore(snapshot)?)
    }

    /// A game rebuilt from its replay record (JSON text) with the options it names; `extra`
    /// adds loader options a record does not carry.
    pub fn replay(&self, record: &str, extra: &Value) -> Result<Box<dyn DynState>, OpenError> {
        let value: Value =
            serde_json::from_str(record).map_err(|e| ReplayError::Malformed(e.to_string()))?;
        let name = value
            .get("game")
            .and_then(Value::as_str)
            .ok_or_else(|| ReplayError::Malformed("no \"game\" field".into()))?;
        let entry = self.entry(name)?;
        let options = merged(value.get("options").cloned().unwrap_or(Value::Null), extra);
        Ok(entry.load(&options)?.replay(record)?)
    }
}

/// The failure of a check asked of a game the registry does not know.
fn unknown(seed: u64, error: LoadError) -> Failure {
    Failure {
        seed,
        step: 0,
        what: error.to_string(),
    }
}

/// `options` with the keys of `extra` set on it.
fn merged(options: Value, extra: &Value) -> Value {
    match (options, extra) {
        (options, Value::Null) => options,
        (Value::Object(mut options), Value::Object(extra)) => {
            options.extend(extra.clone());
            Value::Object(options)
        }
        (_, extra) => extra.clone(),
    }
}
