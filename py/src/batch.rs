//! Work that runs in Rust with the GIL released: many random games at once, and replays.

use darbar::bots::RandomBot;
use darbar::vijayanagara::{self as vj, Log, VijayanagaraReplay};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::cards;
use crate::game::Game;
use crate::raid;
use crate::state::State;

/// The result of one random game, as `play_random_games` returns it.
#[derive(IntoPyObject)]
struct GameResult {
    /// The game's seed.
    seed: u64,
    /// The winning seats (more than one for a shared win, OQ-49).
    winners: Vec<usize>,
    /// Final Victory Points by seat, the Mongol adjustment included (§5.1).
    victory_points: Vec<i32>,
    /// Actions taken.
    length: usize,
    /// Event card sides carried out.
    events: usize,
}

/// Plays one random game from `seed`: every legal action equally likely.
fn random_game(
    options: vj::Options,
    deck: Option<&str>,
    seed: u64,
) -> Result<GameResult, String> {
    let mut state = vj::State::with_options(seed, options);
    let mut bot = RandomBot::new(seed);
    let (mut length, mut events) = (0, 0);
    let mut log = Log::silent();
    cards::with_host(deck, |host| -> Result<(), String> {
        while let Some(action) = bot.choose(&state) {
            if options.events {
                state.apply_with(action, host, &mut log)
            } else {
                state.apply(action)
            }
            .map_err(|e| format!("seed {seed}: {action}: {e}"))?;
            length += 1;
            events += usize::from(matches!(action, vj::Action::Event(_)));
        }
        Ok(())
    })
    .map_err(|e| e.to_string())??;
    let outcome = state.outcome();
    Ok(GameResult {
        seed,
        winners: outcome.winners.iter().map(|&p| p as usize).collect(),
        victory_points: vj::Player::ALL
            .iter()
            .map(|&p| outcome.victory_points[p])
            .collect(),
        length,
        events,
    })
}

/// Plays `n` random games of `game` (seeds `seed` to `seed + n - 1`, every legal action
/// equally likely) on `threads` threads, in Rust with the GIL released, and returns one dict
/// per game, in seed order: `seed`, `winners` (seats), `victory_points` (by seat, final),
/// `length` (actions) and `events` (Event sides carried out).
///
/// Vijayanagara only: `game` is a `Game`, not a `RaidGame`.
///
/// ```python
/// results = darbar.play_random_games(darbar.load_game("vijayanagara"), 1000, seed=0, threads=2)
/// ```
#[pyfunction]
#[pyo3(signature = (game, n, seed = 0, threads = 1))]
pub(crate) fn play_random_games(
    py: Python<'_>,
    game: &Game,
    n: u64,
    seed: u64,
    threads: usize,
) -> PyResult<Vec<Py<PyAny>>> {
    if threads == 0 {
        return Err(PyValueError::new_err("threads must be at least 1"));
    }
    let options = game.rule_options();
    let deck = game.deck_dir().map(|d| d.to_string());
    let results: Result<Vec<GameResult>, String> = py.detach(|| {
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads as u64)
                .map(|t| {
                    let deck = deck.as_deref();
                    scope.spawn(move || {
                        (t..n)
                            .step_by(threads)
                            .map(|i| random_game(options, deck, seed.wrapping_add(i)))
                            .collect::<Result<Vec<_>, _>>()
                    })
                })
                .collect();
            let mut all = Vec::new();
            for worker in workers {
                all.extend(
                    worker
                        .join()
                        .unwrap_or_else(|_| Err("a worker thread panicked".into()))?,
                );
            }
            all.sort_by_key(|r| r.seed);
            Ok(all)
        })
    });
    let results = results.map_err(pyo3::exceptions::PyRuntimeError::new_err)?;
    results
        .into_iter()
        .map(|r| r.into_pyobject(py).map(|d| d.into_any().unbind()))
        .collect()
}

/// Rebuilds a game from its replay record (the JSON text `State.replay_record()` or
/// `darbar play --json-log` writes, or the same as a dict): set up from its seed and options,
/// then every action applied in order, Event cards played from the default deck (or `deck`).
/// Raises `IllegalActionError` naming the first action that is not legal.
///
/// A record of the raid game (`"game": "raid"`, from `RaidState.replay_record()`) rebuilds a
/// `RaidState`; a game of a campaign also needs the campaign it started from
/// (`campaign=state.campaign()`, JSON text or a dict). `deck` is for Vijayanagara only, and
/// `campaign` for the raid game only.
#[pyfunction]
#[pyo3(signature = (record, deck = None, campaign = None))]
pub(crate) fn replay(
    py: Python<'_>,
    record: &Bound<'_, PyAny>,
    deck: Option<String>,
    campaign: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let text: String = if let Ok(text) = record.extract::<String>() {
        text
    } else {
        py.import("json")?
            .call_method1("dumps", (record,))?
            .extract()?
    };
    let game = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .and_then(|v| v.get("game").and_then(|g| g.as_str()).map(str::to_owned));
    if game.as_deref() == Some(raid::GAME) {
        if deck.is_some() {
            return Err(PyValueError::new_err(
                "the raid game has no deck of Event cards",
            ));
        }
        return Ok(Py::new(py, raid::replay(py, &text, campaign)?)?.into_any());
    }
    if campaign.is_some() {
        return Err(PyValueError::new_err(
            "only raid games have a campaign; this is not a raid record",
        ));
    }
    let record: VijayanagaraReplay =
        VijayanagaraReplay::from_json(&text).map_err(|e| PyValueError::new_err(e.to_string()))?;
    if record.game != <vj::State as darbar::engine::Snapshot>::GAME {
        return Err(PyValueError::new_err(format!(
            "a replay of {:?}, not of vijayanagara or raid",
            record.game
        )));
    }
    let mut state = State::new(
        vj::State::with_options(record.seed, record.options),
        deck.map(Into::into),
    );
    for action in &record.actions {
        state.apply_text(py, &action.to_string())?;
    }
    Ok(Py::new(py, state)?.into_any())
}
