//! Vijayanagara's own extras: `VijayanagaraGame` (its Event cards and deck) and
//! `VijayanagaraState` (the board: pieces, control, Influence, Resources, cards, ...).

use darbar::engine::{DynState, LoadError, Play, Rules, Seat};
use darbar::vijayanagara::{self as vj, Player, SpaceId, Structure, Vijayanagara};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};
use serde_json::Value;

use crate::errors;
use crate::game::Game;
use crate::state::State;

/// The game's name in the registry.
pub(crate) const NAME: &str = "vijayanagara";

/// The options that are the loader's, not the rules': whether Event cards are played, and the
/// deck directory.
pub(crate) const LOADER_KEYS: &[&str] = &["events", "deck"];

/// The values of `support_limit`, as Python and as the JSON options spell them.
const SUPPORT_LIMITS: [(&str, &str); 2] = [
    ("per_attacked_space", "PerAttackedSpace"),
    ("per_structure_space", "PerStructureSpace"),
];

/// The JSON options as Python spells them: `support_limit` in snake case, and no deck rules
/// (they are the deck's, which the deck directory names).
pub(crate) fn options_to_python(options: &mut Value) {
    let Value::Object(map) = options else { return };
    if let Some(Value::String(limit)) = map.get_mut("support_limit")
        && let Some((python, _)) = SUPPORT_LIMITS.iter().find(|(_, json)| json == limit)
    {
        *limit = (*python).to_owned();
    }
    if map.get("deck").is_some_and(|deck| !deck.is_string()) {
        map.remove("deck");
    }
}

/// Python's spelling of the options made into the JSON form.
pub(crate) fn options_from_python(options: &mut Value) {
    if let Some(Value::String(limit)) = options.get_mut("support_limit")
        && let Some((_, json)) = SUPPORT_LIMITS.iter().find(|(python, _)| python == limit)
    {
        *limit = (*json).to_owned();
    }
}

/// A deck directory that does not load, as `ScriptError` naming its file and line (the
/// registry's error says it only in words).
pub(crate) fn deck_error(py: Python<'_>, options: &Value, error: &LoadError) -> Option<PyErr> {
    let LoadError::Content(_) = error else {
        return None;
    };
    let dir = options.get("deck")?.as_str()?;
    darbar_lua::Cards::from_dir(dir)
        .err()
        .map(|e| errors::deck(py, &e))
}

/// A seat by faction name: `"DS"`, a full or Rust name in any case.
pub(crate) fn seat_by_name(name: &str) -> Option<Seat> {
    name.parse::<Player>().ok().map(|p| p as Seat)
}

/// Winners, final Victory Points and Event sides carried out, for `play_random_games`.
pub(crate) fn game_extras(state: &dyn DynState) -> Vec<(&'static str, Value)> {
    let Some(play) = state.as_any().downcast_ref::<Play<Vijayanagara>>() else {
        return Vec::new();
    };
    let outcome = play.state().outcome();
    let winners: Vec<usize> = outcome.winners.iter().map(|&p| p as usize).collect();
    let points: Vec<i32> = Player::ALL
        .iter()
        .map(|&p| outcome.victory_points[p])
        .collect();
    let events = play
        .actions()
        .iter()
        .filter(|a| matches!(a, vj::Action::Event(_)))
        .count();
    vec![
        ("winners", winners.into()),
        ("victory_points", points.into()),
        ("events", events.into()),
    ]
}

/// A faction: `"DS"`/`"BK"`/`"VN"`, a full or Rust name in any case, or a seat number 0–2
/// (any integer, `numpy.int64` included) as `State.current_player()` returns it.
pub(crate) struct PlayerArg(Player);

impl<'a, 'py> FromPyObject<'a, 'py> for PlayerArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let unknown = |shown: String| {
            PyValueError::new_err(format!("unknown seat {shown} (expected 0, 1 or 2)"))
        };
        if obj.is_instance_of::<PyString>() {
            let name: String = obj.extract()?;
            return name.parse().map(PlayerArg).map_err(PyValueError::new_err);
        }
        if obj.is_instance_of::<PyBool>() {
            return Err(PyTypeError::new_err(
                "a faction is a name such as \"DS\" or a seat number, not bool",
            ));
        }
        match obj.extract::<i64>() {
            Ok(seat) => usize::try_from(seat)
                .ok()
                .and_then(|seat| Player::ALL.get(seat).copied())
                .map(PlayerArg)
                .ok_or_else(|| unknown(seat.to_string())),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                Err(unknown(obj.as_any().to_string()))
            }
            Err(_) => Err(PyTypeError::new_err(format!(
                "a faction is a name such as \"DS\" or a seat number, not {}",
                obj.get_type().name()?
            ))),
        }
    }
}

/// A space, by its printed or Rust name (`"Rajput Kingdoms"`, `"RajputKingdoms"`).
pub(crate) struct SpaceArg(SpaceId);

impl<'a, 'py> FromPyObject<'a, 'py> for SpaceArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if !obj.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(format!(
                "a space is given by its name, not {}",
                obj.get_type().name()?
            )));
        }
        let name: String = obj.extract()?;
        name.parse().map(SpaceArg).map_err(PyValueError::new_err)
    }
}

/// Vijayanagara with its rule options, Event cards and deck: makes `VijayanagaraState`s.
#[pyclass(module = "darbar", name = "VijayanagaraGame", extends = Game, frozen)]
pub(crate) struct VijayanagaraGame;

#[pymethods]
impl VijayanagaraGame {
    /// Whether Event cards are played.
    #[getter]
    fn events(slf: &Bound<'_, Self>) -> bool {
        let game = slf.as_super().get();
        game.loaded
            .rules
            .as_any()
            .downcast_ref::<Rules<Vijayanagara>>()
            .is_some_and(|rules| rules.cards().is_some())
    }

    /// The deck directory whose cards are played, or `None` for the darbar default deck.
    #[getter]
    fn deck(slf: &Bound<'_, Self>) -> Option<String> {
        let game = slf.as_super().get();
        game.loaded
            .options
            .get("deck")
            .and_then(Value::as_str)
            .map(str::to_owned)
    }
}

/// What stands in one space, as `VijayanagaraState.pieces` returns it.
#[derive(IntoPyObject)]
struct Pieces {
    troops: u8,
    governors: u8,
    amirs_obedient: u8,
    amirs_rebelling: u8,
    rajas_obedient: u8,
    rajas_rebelling: u8,
    mongols: u8,
    structure: Option<&'static str>,
}

/// The holding boxes, as `VijayanagaraState.available` returns them.
#[derive(IntoPyObject)]
struct Available {
    troops: u8,
    governors: u8,
    qasbahs: u8,
    amirs: u8,
    forts: u8,
    rajas: u8,
    temples: u8,
    mongols: u8,
}

/// A position of Vijayanagara, with the board's queries.
///
/// Factions are given as `"DS"`, `"BK"`, `"VN"`, full names (`"Bahmani Kingdom"`), Rust names
/// (`"Bahmani"`) or seat numbers 0–2; spaces by name (`"Rajput Kingdoms"`). Bad names raise
/// `ValueError`.
#[pyclass(module = "darbar", name = "VijayanagaraState", extends = State)]
pub(crate) struct VijayanagaraState;

/// The typed game in play behind a Python state.
fn play<'a>(slf: &'a PyRef<'_, VijayanagaraState>) -> PyResult<&'a Play<Vijayanagara>> {
    super::typed::<Vijayanagara>(slf.as_super())
}

/// The typed position behind a Python state.
fn position<'a>(slf: &'a PyRef<'_, VijayanagaraState>) -> PyResult<&'a vj::State> {
    play(slf).map(Play::state)
}

/// Victory Points by seat, final ones once the game is over.
fn victory_points_all(state: &vj::State) -> Vec<i32> {
    Player::ALL
        .iter()
        .map(|&p| state.victory_points(p))
        .collect()
}

#[pymethods]
impl VijayanagaraState {
    /// One informative line: `<darbar.VijayanagaraState seed=7 card Event 12 (1 played) | DS
    /// to decide an option on Event 12 | VP DS 18 BK 0 VN 0>`.
    fn __repr__(slf: PyRef<'_, Self>) -> PyResult<String> {
        let inner = position(&slf)?;
        let deck = inner.deck();
        let card = deck
            .current()
            .map_or_else(|| "none".to_owned(), |c| c.to_string());
        let deciding = match inner.decision() {
            Some(d) => format!("{} to decide {}", d.player.faction().abbreviation(), d.kind),
            None => {
                let winners: Vec<&str> = inner
                    .outcome()
                    .winners
                    .iter()
                    .map(|p| p.faction().abbreviation())
                    .collect();
                format!("game over, won by {}", winners.join(" and "))
            }
        };
        let vp: Vec<String> = Player::ALL
            .iter()
            .zip(victory_points_all(inner))
            .map(|(p, vp)| format!("{} {vp}", p.faction().abbreviation()))
            .collect();
        Ok(format!(
            "<darbar.VijayanagaraState seed={} card {card} ({} played) | {deciding} | VP {}>",
            inner.seed(),
            deck.played().len(),
            vp.join(" ")
        ))
    }

    /// What is being decided now, as a short name (`"TurnOption"`, `"Command"`, `"Event"`,
    /// `"Combat"`, ...), or `"GameOver"`.
    fn phase(slf: PyRef<'_, Self>) -> PyResult<String> {
        Ok(match play(&slf)?.decision() {
            Some(decision) => format!("{:?}", decision.kind)
                .split([' ', '{', '('])
                .next()
                .unwrap_or_default()
                .to_owned(),
            None => "GameOver".to_owned(),
        })
    }

    /// The Victory Points of each seat, final ones (with the Mongol adjustment, §5.1) once the
    /// game is over.
    fn victory_points_all(slf: PyRef<'_, Self>) -> PyResult<Vec<i32>> {
        Ok(victory_points_all(position(&slf)?))
    }

    /// The dynasty ruling in Delhi: `"Khalji"` or `"Tughlaq"`.
    fn dynasty(slf: PyRef<'_, Self>) -> PyResult<String> {
        Ok(position(&slf)?.dynasty().to_string())
    }

    /// The question shown with the decision: inside an Event card, the card's question; at an
    /// Event decision (an option on an Event card, §2.3.3, or the choice of its side,
    /// §2.3.4), the card with both sides' text, in the loaded deck's words; otherwise `None`.
    fn prompt(slf: PyRef<'_, Self>) -> PyResult<Option<String>> {
        let play = play(&slf)?;
        if let Some(prompt) = slf.as_super().inner.prompt() {
            return Ok(Some(prompt));
        }
        let about_the_card = play.decision().is_some_and(|d| {
            matches!(d.kind, vj::DecisionKind::TurnOption { .. })
                || d.choices.iter().any(|a| matches!(a, vj::Action::Event(_)))
        });
        Ok(about_the_card
            .then(|| slf.as_super().inner.current_card())
            .flatten()
            .map(|card| card.to_string()))
    }

    /// How many cards are left to draw.
    fn cards_remaining(slf: PyRef<'_, Self>) -> PyResult<usize> {
        Ok(position(&slf)?.deck().remaining())
    }

    /// A faction's Resources, 0–24.
    fn resources(slf: PyRef<'_, Self>, faction: PlayerArg) -> PyResult<u8> {
        Ok(position(&slf)?.resources(faction.0))
    }

    /// The cavalry tokens a faction holds.
    fn cavalry(slf: PyRef<'_, Self>, faction: PlayerArg) -> PyResult<u8> {
        Ok(position(&slf)?.cavalry(faction.0))
    }

    /// The cavalry tokens in the shared pool.
    fn cavalry_pool(slf: PyRef<'_, Self>) -> PyResult<u8> {
        Ok(position(&slf)?.cavalry_pool())
    }

    /// A faction's Victory Points: the running count during play, the final score (with the
    /// Sultanate's Mongol adjustment, §5.1) once the game is over.
    fn victory_points(slf: PyRef<'_, Self>, faction: PlayerArg) -> PyResult<i32> {
        Ok(position(&slf)?.victory_points(faction.0))
    }

    /// A faction's Deccan Influence, 0–4, or `None` for the Sultanate, which has no track.
    fn influence(slf: PyRef<'_, Self>, faction: PlayerArg) -> PyResult<Option<u8>> {
        Ok(position(&slf)?.influence(faction.0))
    }

    /// The pieces in the holding boxes, by kind: `{"troops": 10, "governors": 4, ...}`.
    fn available(slf: PyRef<'_, Self>) -> PyResult<Available> {
        let a = position(&slf)?.available();
        Ok(Available {
            troops: a.troops,
            governors: a.governors,
            qasbahs: a.qasbahs,
            amirs: a.amirs,
            forts: a.forts,
            rajas: a.rajas,
            temples: a.temples,
            mongols: a.mongols,
        })
    }

    /// The names of the spaces, in map order.
    fn spaces(&self) -> Vec<&'static str> {
        SpaceId::ALL.iter().map(|s| s.name()).collect()
    }

    /// What stands in a space: `{"troops": 4, "governors": 0, "amirs_obedient": 0, ...,
    /// "structure": None}`; the structure is `"Qasbah"`, `"Fort"`, `"Temple"` or `None`.
    fn pieces(slf: PyRef<'_, Self>, space: SpaceArg) -> PyResult<Pieces> {
        let p = position(&slf)?.space(space.0);
        Ok(Pieces {
            troops: p.troops,
            governors: p.governors,
            amirs_obedient: p.amirs.obedient,
            amirs_rebelling: p.amirs.rebelling,
            rajas_obedient: p.rajas.obedient,
            rajas_rebelling: p.rajas.rebelling,
            mongols: p.mongols,
            structure: p.structure.map(|s: Structure| s.kind().name(1)),
        })
    }

    /// Whether a space is a Tributary Province.
    fn is_tributary(slf: PyRef<'_, Self>, space: SpaceArg) -> PyResult<bool> {
        Ok(position(&slf)?.is_tributary(space.0))
    }

    /// The faction controlling a space (`"DS"`, `"BK"` or `"VN"`), or `None`.
    fn control(slf: PyRef<'_, Self>, space: SpaceArg) -> PyResult<Option<&'static str>> {
        Ok(position(&slf)?
            .controller(space.0)
            .map(|p| p.faction().abbreviation()))
    }
}
