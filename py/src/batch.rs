//! Work over whole games: many random games at once in Rust with the GIL released, and
//! replays.

use std::sync::Arc;

use darbar::bots::DynBot;
use darbar::engine::{Refusal, ReplayError};
use darbar::games::OpenError;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::Value;

use crate::game::{self, Game};
use crate::{convert, errors, games};

/// The actions a random game may take before it counts as stuck.
const STEP_CAP: usize = 1_000_000;

/// What one game did, as `play_games` returns it.
struct GameResult {
    seed: u64,
    returns: Vec<f64>,
    length: usize,
    extras: Vec<(&'static str, Value)>,
}

/// The bots of one game: one bot for every seat when one name is given (so one generator for
/// all of them), else one per seat, bot `i` seeded with `seed + i`.
fn seat_bots(
    rules: &dyn darbar::engine::DynGame,
    names: &[String],
    seed: u64,
) -> Result<Vec<Box<dyn DynBot>>, String> {
    let bot = |name: &str, seed: u64| {
        game::registry()
            .bot(rules, name, seed)
            .map_err(|e| e.to_string())
    };
    match names {
        [one] => Ok(vec![bot(one, seed)?]),
        many => many
            .iter()
            .enumerate()
            .map(|(i, name)| bot(name, seed.wrapping_add(i as u64)))
            .collect(),
    }
}

/// One game from `seed` played by `names`' bots, with its replay record if `record`.
fn bot_game(
    rules: &dyn darbar::engine::DynGame,
    names: &[String],
    seed: u64,
    record: bool,
) -> Result<GameResult, String> {
    let mut bots = seat_bots(rules, names, seed)?;
    let mut state = rules.new_initial_state(seed);
    let mut length = 0;
    while let Some(seat) = state.current_player() {
        let bot = if bots.len() == 1 { 0 } else { seat };
        let id = bots[bot]
            .choose(&*state)
            .ok_or_else(|| format!("seed {seed}: the bot found no legal action"))?;
        // Each bot is told the action as its seat saw it (one bot for every seat saw it all).
        let seen: Vec<Option<usize>> = (0..bots.len())
            .map(|b| {
                if bots.len() == 1 {
                    Some(id)
                } else {
                    state.action_seen_by(id, b)
                }
            })
            .collect();
        for (b, seen) in seen.into_iter().enumerate() {
            bots[b].inform(seen);
        }
        state
            .apply(id)
            .map_err(|e| format!("seed {seed}: action {id}: {e}"))?;
        length += 1;
        if length > STEP_CAP {
            return Err(format!("seed {seed}: no end after {STEP_CAP} actions"));
        }
    }
    let mut extras = games::game_extras(&*state);
    if record {
        extras.push(("record", state.replay_record()?.into()));
    }
    Ok(GameResult {
        seed,
        returns: state.returns(),
        length,
        extras,
    })
}

/// Plays `n` games of `game` with bots (seeds `seed` to `seed + n - 1`) on `threads` threads,
/// in Rust with the GIL released, and returns one dict per game, in seed order: `seed`,
/// `returns` (by seat), `length` (actions), and what the game adds (Vijayanagara: `winners`,
/// `victory_points` by seat, final, and `events`, the Event sides carried out).
///
/// `bots` is one bot spec for every seat (`"random"`, `"rollout"`, `"mcts:iterations=1000"`,
/// `"ismcts:iterations=2000"`, or the game's own, such as the raid game's `"greedy"`:
/// `darbar::bots::by_spec`) or a list of one per seat. Raises `ValueError` for an unknown bot
/// or parameter, a list of the wrong length, or unless `threads` is 1 to 256 and `n` at most
/// 100,000,000 (`darbar::testing::check_runs`). With `records=True` each dict also holds
/// `record`, the game's replay record for `darbar.replay`.
///
/// ```python
/// results = darbar.play_games(darbar.load_game("raid"), 100, bots="greedy", threads=2)
/// ```
#[pyfunction]
#[pyo3(signature = (game, n, bots = None, seed = 0, threads = 1, records = false))]
pub(crate) fn play_games<'py>(
    py: Python<'py>,
    game: &Bound<'py, Game>,
    n: u64,
    bots: Option<&Bound<'py, PyAny>>,
    seed: u64,
    threads: usize,
    records: bool,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    darbar::testing::check_runs(n, threads).map_err(PyValueError::new_err)?;
    let rules = Arc::clone(&game.get().loaded.rules);
    let names: Vec<String> = match bots {
        None => vec!["random".into()],
        Some(b) if b.is_instance_of::<pyo3::types::PyString>() => vec![b.extract()?],
        Some(b) => b.extract()?,
    };
    let seats = rules.num_players();
    if names.len() != 1 && names.len() != seats {
        return Err(PyValueError::new_err(format!(
            "bots takes one bot, or one per seat ({seats}), not {}",
            names.len()
        )));
    }
    seat_bots(&*rules, &names, seed).map_err(PyValueError::new_err)?;
    let end = seed
        .checked_add(n)
        .ok_or_else(|| PyValueError::new_err("seed + n overflows"))?;
    let results = py.detach(|| {
        darbar::testing::on_seeds(threads, seed..end, |s| {
            bot_game(&*rules, &names, s, records)
        })
    });
    results
        .into_iter()
        .map(|result| {
            let result = result.map_err(PyRuntimeError::new_err)?;
            let dict = PyDict::new(py);
            dict.set_item("seed", result.seed)?;
            dict.set_item("returns", result.returns)?;
            dict.set_item("length", result.length)?;
            for (key, value) in &result.extras {
                dict.set_item(key, convert::to_py(py, value)?)?;
            }
            Ok(dict)
        })
        .collect()
}

/// Plays `n` random games of `game` (every legal action equally likely): `play_games` with
/// the random bot.
///
/// ```python
/// results = darbar.play_random_games(darbar.load_game("vijayanagara"), 1000, seed=0, threads=2)
/// ```
#[pyfunction]
#[pyo3(signature = (game, n, seed = 0, threads = 1))]
pub(crate) fn play_random_games<'py>(
    py: Python<'py>,
    game: &Bound<'py, Game>,
    n: u64,
    seed: u64,
    threads: usize,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    play_games(py, game, n, None, seed, threads, false)
}

/// Rebuilds a game from its replay record (the JSON text `State.replay_record()` or
/// `darbar play --json-log` writes, or the same as a dict): set up from its seed and options,
/// then every action applied in order. Raises `IllegalActionError` naming the first action
/// that is not legal, and its rule, and `ReplayError` for a record that is damaged (its `kind`:
/// malformed, unknown_game, bad_options, other_options) or that names a deck (by name and
/// hash) other than the one given (other_deck: pass `deck="DIR"` with the deck's directory).
///
/// `extra` are loader options a record does not carry: `deck="DIR"` for a Vijayanagara game
/// that played a deck directory of its own, `campaign=state.campaign()` for a raid game of a
/// campaign.
#[pyfunction]
#[pyo3(signature = (record, **extra))]
pub(crate) fn replay<'py>(
    py: Python<'py>,
    record: &Bound<'py, PyAny>,
    extra: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let malformed = |message: String| errors::replay_error(py, "malformed", message, None);
    let text = convert::json_text(record).map_err(|_| {
        let type_name = record
            .get_type()
            .name()
            .map_or_else(|_| "?".into(), |n| n.to_string());
        malformed(format!(
            "a replay record is JSON text or a dict, not {type_name}"
        ))
    })?;
    let mut extra = convert::kwargs_json(extra)?;
    let value: Value = serde_json::from_str(&text)
        .map_err(|e| malformed(format!("replay record does not parse: {e}")))?;
    let name = value
        .get("game")
        .and_then(Value::as_str)
        .ok_or_else(|| malformed("replay record names no \"game\"".into()))?;
    let entry = game::registry()
        .entry(name)
        .map_err(|e| errors::replay_error(py, "unknown_game", e.to_string(), None))?;
    games::options_from_python(py, entry.name, &mut extra)?;
    // A record that names its deck says which deck it needs, before anything else fails.
    darbar_lua::check_replay_deck(game::registry(), &text, &extra)
        .map_err(|e| errors::open(py, &e))?;
    let options = game::merged(value.get("options").cloned().unwrap_or(Value::Null), &extra);
    let loaded = game::load(py, entry.name, &options).map_err(|e| {
        if e.is_instance_of::<pyo3::exceptions::PyValueError>(py)
            || e.is_instance_of::<pyo3::exceptions::PyTypeError>(py)
        {
            errors::replay_error(py, "bad_options", e.value(py).to_string(), None)
        } else {
            e
        }
    })?;
    match game::registry().replay(&text, &extra) {
        Ok(inner) => games::wrap_state(py, loaded, inner, None),
        Err(OpenError::Replay(ReplayError::IllegalAction {
            action,
            reason,
            rule,
            ..
        })) => {
            let refusal = match rule {
                Some(rule) => Refusal::Illegal { reason, rule },
                None => Refusal::Unreadable(reason),
            };
            Err(errors::refused(
                py,
                action.into_pyobject(py)?.as_any(),
                refusal,
            ))
        }
        Err(error) => Err(errors::open(py, &error)),
    }
}
