//! `load_game` and the `Game` class: a game's rules with their options, which makes states.

use darbar::engine::Snapshot;
use darbar::vijayanagara::{self as vj, Player, Options};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use std::sync::Arc;

use crate::raid::{self, RaidGame};
use crate::state::State;
use crate::{cards, errors, options};

/// The games this build knows, by the name snapshots and replays use.
const GAMES: [&str; 2] = [<vj::State as Snapshot>::GAME, raid::GAME];

/// Loads a game by name, with rule options as keyword arguments.
///
/// ```python
/// game = darbar.load_game("vijayanagara", natural_six_always_misses=True)
/// raid = darbar.load_game("raid", castles_in_play=True, start={"soldiers": 8})
/// ```
///
/// The options are the configurable rulings of the game (for Vijayanagara:
/// `decree_may_be_empty`, `succession_caps_resources`, `support_limit`,
/// `natural_six_always_misses`, `plunder_troops_per_mongol`, `transfers`,
/// `event_requires_effect`; for the raid game: `start`, `sack_on_any_raid`,
/// `captured_units_carry_over`, `castles_in_play`, `crisis_halves_fort`); any option not given
/// keeps its default. Raises `ValueError` naming an unknown game or option.
///
/// `"vijayanagara"` returns a `Game`. Event cards are played from the darbar default deck,
/// whose effects are Lua scripts; `deck="path/to/cards"` plays a directory of card files of
/// one's own instead (a whole deck, or `ScriptError` naming the file), and `events=False`
/// plays without Event cards.
///
/// `"raid"` returns a `RaidGame`; it has no Event cards, so `events=False` and `deck` raise
/// `ValueError`.
#[pyfunction]
#[pyo3(signature = (name, *, events = true, deck = None, **options))]
pub(crate) fn load_game(
    py: Python<'_>,
    name: &str,
    events: bool,
    deck: Option<String>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let Some(&game) = GAMES
        .iter()
        .find(|game| game.eq_ignore_ascii_case(name.trim()))
    else {
        return Err(PyValueError::new_err(format!(
            "unknown game {name:?} (known games: {})",
            GAMES.join(", ")
        )));
    };
    if game == raid::GAME {
        if !events || deck.is_some() {
            return Err(PyValueError::new_err(
                "the raid game has no Event cards: events and deck are Vijayanagara options",
            ));
        }
        let game = RaidGame::new(raid::options_from_kwargs(options)?);
        return Ok(Py::new(py, game)?.into_any());
    }
    let mut options = options::from_kwargs(options)?;
    options.events = events;
    if let Some(dir) = &deck {
        options.deck = cards::with_host(Some(dir), |host| host.deck_rules())
            .map_err(|e| errors::deck(py, &e))?;
    }
    let game = Game {
        options,
        deck: deck.map(Arc::from),
    };
    Ok(Py::new(py, game)?.into_any())
}

/// A game with its rule options: makes new states.
///
/// Get one from `darbar.load_game`. Games compare equal when their options are equal.
/// What `Game._restore` takes: the rule options as JSON, and the deck directory.
type RestoreArgs = (String, Option<String>);

#[pyclass(module = "darbar", name = "Game", frozen, eq)]
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Game {
    options: Options,
    /// The deck directory, if not the default deck.
    deck: Option<Arc<str>>,
}

impl Game {
    /// The rule options, Event cards and deck included.
    pub(crate) fn rule_options(&self) -> Options {
        self.options
    }

    /// The deck directory, if not the default deck.
    pub(crate) fn deck_dir(&self) -> Option<&Arc<str>> {
        self.deck.as_ref()
    }
}

#[pymethods]
impl Game {
    /// The game's name, as in snapshots: `"vijayanagara"`.
    #[getter]
    fn name(&self) -> &'static str {
        <vj::State as Snapshot>::GAME
    }

    /// The number of players (seats 0 to `num_players - 1`).
    #[getter]
    fn num_players(&self) -> usize {
        Player::ALL.len()
    }

    /// How many distinct actions there are: actions are numbered from 0 to this minus 1
    /// (`Action.id`), in every state (OpenSpiel's `num_distinct_actions`).
    fn num_distinct_actions(&self) -> usize {
        vj::ACTION_COUNT
    }

    /// The shape of `State.observation_tensor(player)`: one dimension, its length.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![vj::OBSERVATION_SIZE]
    }

    /// The blocks of `State.observation_tensor(player)` by name, as `{name: (start, length)}`
    /// in order: `"spaces"` (15 spaces in map order × 14: Troops, Governors, Obedient and
    /// Rebelling Amirs, Obedient and Rebelling Rajas, Mongols, Qasbah, Fort, Temple,
    /// Tributary, controller DS/BK/VN), `"players"` (3 × 15: Resources, cavalry, Influence,
    /// 4 slots, 6 play-order boxes, Stay Eligible, VP), `"cavalry_pool"`, `"available"`,
    /// `"dynasty"`, `"current_card"`, `"played_cards"`, `"cards_played"`, `"lasting"`,
    /// `"viewer"`, `"decider"`, `"decision_kind"`, `"command_kind"`, `"decree_kind"`,
    /// `"decision_space"`, `"game_over"`.
    fn observation_tensor_layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let layout = PyDict::new(py);
        for (name, start, len) in vj::OBSERVATION_LAYOUT {
            layout.set_item(name, (start, len))?;
        }
        Ok(layout)
    }

    /// Whether Event cards are played.
    #[getter]
    fn events(&self) -> bool {
        self.options.events
    }

    /// The deck directory whose cards are played, or `None` for the darbar default deck.
    #[getter]
    fn deck(&self) -> Option<&str> {
        self.deck.as_deref()
    }

    /// Every rule option with its value, as a new dict.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        options::to_dict(py, &self.options)
    }

    /// The position at the start of a game, set up as the rules say, with every random draw
    /// (the deck) made by the generator seeded from `seed`. The same seed always gives the same
    /// game.
    #[pyo3(signature = (seed = 0))]
    fn new_initial_state(&self, seed: u64) -> State {
        State::new(
            vj::State::with_options(seed, self.options),
            self.deck.clone(),
        )
    }

    /// Pickles as `Game._restore(options, deck)`: the rule options as JSON, and the deck.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, RestoreArgs)> {
        let restore = slf.get_type().getattr("_restore")?;
        let game = slf.get();
        let options = serde_json::to_string(&game.options)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok((restore, (options, game.deck.as_deref().map(str::to_owned))))
    }

    /// Restores a pickled game.
    #[staticmethod]
    fn _restore(options: &str, deck: Option<String>) -> PyResult<Game> {
        let options: Options =
            serde_json::from_str(options).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Game {
            options,
            deck: deck.map(Arc::from),
        })
    }

    /// `darbar.load_game('vijayanagara', ...)` with the options that differ from the defaults.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let defaults = options::to_dict(py, &Options::default())?;
        let mut text = format!("darbar.load_game('{}'", self.name());
        for (key, value) in options::to_dict(py, &self.options)?.iter() {
            if !defaults
                .get_item(&key)?
                .is_some_and(|d| d.eq(&value).unwrap_or(false))
            {
                text.push_str(&format!(", {key}={}", value.repr()?));
            }
        }
        if !self.options.events {
            text.push_str(", events=False");
        }
        if let Some(deck) = &self.deck {
            text.push_str(&format!(", deck={deck:?}"));
        }
        text.push(')');
        Ok(text)
    }
}
