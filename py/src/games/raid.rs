//! The kingdom raid game's own extras: `RaidGame` (campaigns, RG-11) and `RaidState` (score,
//! rank, ending, the day, the campaign carried on, and a log with the GM's rolls).
//!
//! Campaigns cross the boundary as JSON text, the form `darbar::raid::Campaign` reads and
//! writes: `RaidState.campaign_after()` returns it, `RaidGame.new_campaign_state` and
//! `darbar.replay(record, campaign=...)` take it (or the same as a dict).

use darbar::engine::{Game as _, Log, Play, Snapshot};
use darbar::raid::{self as rg, Campaign, DecisionKind, Ending, Raid};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use serde_json::Value;

use crate::game::{self, Game};
use crate::state::State;
use crate::{convert, errors, games};

/// The game's name in the registry.
pub(crate) const NAME: &str = "raid";

/// The options that are the loader's, not the rules': the campaign a game starts from.
pub(crate) const LOADER_KEYS: &[&str] = &["campaign"];

/// `SnapshotError` for campaign text that cannot be used: `"malformed"` text, or an
/// `"impossible"` campaign that breaks RG-11.
fn campaign_error(py: Python<'_>, kind: &str, reason: String) -> PyErr {
    let message = rg::Error::Campaign { reason }.to_string();
    let rule = (kind == "impossible").then_some("RG-11");
    errors::snapshot_error(py, kind, message, rule)
}

/// Reads and checks a campaign given as JSON text or as a dict of the same shape.
fn campaign_arg(value: &Bound<'_, PyAny>) -> PyResult<Campaign> {
    let py = value.py();
    let text = convert::json_text(value)?;
    let campaign: Campaign =
        serde_json::from_str(&text).map_err(|e| campaign_error(py, "malformed", e.to_string()))?;
    campaign
        .validate()
        .map_err(|reason| campaign_error(py, "impossible", reason))?;
    Ok(campaign)
}

/// Python's spelling of the options made into the JSON form: a campaign given as JSON text
/// becomes its object, and `start` names only the resources that differ from the defaults
/// (ruling 14).
pub(crate) fn options_from_python(py: Python<'_>, options: &mut Value) -> PyResult<()> {
    let Value::Object(map) = options else {
        return Ok(());
    };
    if let Some(Value::String(text)) = map.get("campaign") {
        let campaign: Value = serde_json::from_str(text)
            .map_err(|e| campaign_error(py, "malformed", e.to_string()))?;
        map.insert("campaign".into(), campaign);
    }
    if let Some(Value::Object(start)) = map.get_mut("start")
        && let Ok(Value::Object(defaults)) = serde_json::to_value(rg::Options::default().start)
    {
        for (resource, amount) in defaults {
            start.entry(resource).or_insert(amount);
        }
    }
    Ok(())
}

/// The snake-case name of an ending, as `RaidState.ending()` returns it.
fn ending_name(ending: Ending) -> &'static str {
    match ending {
        Ending::Death => "death",
        Ending::Rebellion { .. } => "rebellion",
        Ending::EmpireArrives => "empire_arrives",
    }
}

/// What `play_games` adds for one raid game: `ending` (as `RaidState.ending()`), `day` (the
/// day it ended on) and `rank` (ruling 26; `None` unless the Empire arrived).
pub(crate) fn game_extras(state: &dyn darbar::engine::DynState) -> Vec<(&'static str, Value)> {
    let Some(play) = state.as_any().downcast_ref::<Play<Raid>>() else {
        return Vec::new();
    };
    let position = play.state();
    vec![
        ("ending", position.ending().map(ending_name).into()),
        ("day", position.turn().into()),
        ("rank", position.final_score().map(|(_, rank)| rank).into()),
    ]
}

/// The kingdom raid dice game with its rule options: makes `RaidState`s. A solo game: one
/// seat, 0, the raider; the engine is the GM and rolls every die (ruling 27).
#[pyclass(module = "darbar", name = "RaidGame", extends = Game, frozen)]
pub(crate) struct RaidGame;

#[pymethods]
impl RaidGame {
    /// The most funds one recruitment may spend: 999, an engine limit beside ruling 22.
    #[getter]
    fn max_recruit_funds(&self) -> u32 {
        rg::Action::MAX_RECRUIT_FUNDS
    }

    /// A later game of a campaign (RG-11, ruling 12): `campaign` is the JSON text of
    /// `RaidState.campaign_after()` (or the same as a dict), which carries unit placements,
    /// talents, captured units and the recruits total into this game. Raises `SnapshotError`
    /// for text that does not parse (`kind == "malformed"`) or a campaign that could not arise
    /// from play (`kind == "impossible"`, `rule == "RG-11"`).
    #[pyo3(signature = (campaign, seed = 0))]
    fn new_campaign_state<'py>(
        slf: &Bound<'py, Self>,
        campaign: &Bound<'py, PyAny>,
        seed: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let campaign = campaign_arg(campaign)?;
        let mut options = slf.as_super().get().loaded.options.clone();
        if let Value::Object(map) = &mut options {
            let campaign = serde_json::to_value(&campaign)
                .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
            map.insert("campaign".into(), campaign);
        }
        let loaded = game::load(py, NAME, &options)?;
        let inner = loaded.rules.new_initial_state(seed);
        games::wrap_state(py, loaded, inner, None)
    }
}

/// A position of the kingdom raid dice game, with its score, ending and campaign.
///
/// What the raider knows is `view()` (RG-9): the true site values are in the snapshot only.
#[pyclass(module = "darbar", name = "RaidState", extends = State)]
pub(crate) struct RaidState;

/// The typed game in play behind a Python state.
fn play<'a>(slf: &'a PyRef<'_, RaidState>) -> PyResult<&'a Play<Raid>> {
    super::typed::<Raid>(slf.as_super())
}

/// The typed position behind a Python state.
fn position<'a>(slf: &'a PyRef<'_, RaidState>) -> PyResult<&'a rg::State> {
    play(slf).map(Play::state)
}

#[pymethods]
impl RaidState {
    /// One informative line: `<darbar.RaidState seed=7 day 3 | to decide: a site to scout,
    /// or none | camp soldiers 6, ... | score 42>`.
    fn __repr__(slf: PyRef<'_, Self>) -> PyResult<String> {
        let inner = position(&slf)?;
        let ending = || inner.ending().map_or_else(String::new, |e| e.to_string());
        let status = match inner.decision() {
            Some(d) => format!("to decide: {}", d.kind),
            None => match inner.final_score() {
                Some((score, rank)) => {
                    format!("game over: {}, score {score} ({rank})", ending())
                }
                None => format!("game over: {}", ending()),
            },
        };
        Ok(format!(
            "<darbar.RaidState seed={} day {} | {status} | camp {} | score {}>",
            inner.seed(),
            inner.turn(),
            inner.player(),
            inner.score()
        ))
    }

    /// What is being decided now: `"Scout"` (RG-4), `"Raid"` (RG-5.1), `"Plunder"` (RG-5.5),
    /// `"Talent"` (ruling 10), `"Settlement"` (RG-7), or `"GameOver"`.
    fn phase(slf: PyRef<'_, Self>) -> PyResult<&'static str> {
        Ok(match play(&slf)?.decision().map(|d| d.kind) {
            Some(DecisionKind::Scout) => "Scout",
            Some(DecisionKind::Raid { .. }) => "Raid",
            Some(DecisionKind::Plunder { .. }) => "Plunder",
            Some(DecisionKind::Talent) => "Talent",
            Some(DecisionKind::Settlement) => "Settlement",
            None => "GameOver",
        })
    }

    /// What the raider knows (RG-9), as a dict: the `turn`, the `phase`, the camp (`player`),
    /// `talents`, `army_talents`, `army`, `sites` (one dict per site, forts first, with the
    /// last observation in `last_seen`), `raided`, `ending` (as `ending()`), `deciding` (what
    /// is decided, in words) and `legal_actions` (in string form). Site values are the last
    /// ones observed, never the true ones, which may have drifted since (RG-7.6).
    #[pyo3(signature = (seat = None))]
    fn view<'py>(
        slf: PyRef<'py, Self>,
        seat: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        if let Some(seat) = seat {
            crate::action::seat(slf.as_super().inner.game(), seat)?;
        }
        let base: &State = slf.as_super();
        let view = convert::to_py(py, &base.inner.view_json(0))?;
        view.set_item("ending", position(&slf)?.ending().map(ending_name))?;
        view.set_item("deciding", base.inner.decision_kind().map(|(kind, _)| kind))?;
        view.set_item("legal_actions", base.inner.legal_action_strings())?;
        Ok(view)
    }

    /// The game's log since this state was created or restored. For each action: a line
    /// `"day 1: raid village-2"`, then what happened, in the game's words, every GM roll
    /// included (ruling 27: `"GM rolls 2d3 for village-2's Food: 2, 3 = 5"`).
    fn log(slf: PyRef<'_, Self>) -> PyResult<Vec<String>> {
        let play = play(&slf)?;
        let rules = play.rules();
        let mut state = match &slf.as_super().origin {
            Some(origin) => rg::State::from_snapshot(origin)
                .map_err(|e| PyRuntimeError::new_err(e.to_string()))?,
            None => rules.new_initial_state(play.state().seed()),
        };
        let mut lines = Vec::new();
        for &action in play.actions() {
            let turn = state.turn();
            let mut log = Log::recording();
            rules.apply(&mut state, action, &mut log).map_err(|_| {
                PyRuntimeError::new_err(format!("the history does not replay at {action}"))
            })?;
            lines.push(format!("day {turn}: {action}"));
            lines.extend(log.take());
        }
        Ok(lines)
    }

    /// The score of ruling 26 for the camp as it stands (3 × soldiers + weapons + funds +
    /// food / 2 + slaves, 5 per unique unit, 3 per talent, 2 per site taken). It counts as the
    /// game's result only when the Empire arrives (`returns()`).
    fn score(slf: PyRef<'_, Self>) -> PyResult<u32> {
        Ok(position(&slf)?.score())
    }

    /// The rank of the final score (ruling 26), once the Empire has arrived; otherwise `None`.
    fn rank(slf: PyRef<'_, Self>) -> PyResult<Option<&'static str>> {
        Ok(position(&slf)?.final_score().map(|(_, rank)| rank))
    }

    /// How the game ended (RG-10, ruling 26): `"death"`, `"rebellion"` or
    /// `"empire_arrives"`; `None` while it goes on.
    fn ending(slf: PyRef<'_, Self>) -> PyResult<Option<&'static str>> {
        Ok(position(&slf)?.ending().map(ending_name))
    }

    /// The day, from 1 (RG-0.3).
    fn turn(slf: PyRef<'_, Self>) -> PyResult<u32> {
        Ok(position(&slf)?.turn())
    }

    /// The campaign this game started from (RG-11), as JSON text.
    fn campaign(slf: PyRef<'_, Self>) -> PyResult<String> {
        Ok(position(&slf)?.campaign().to_json())
    }

    /// The campaign to start the next game from (RG-11, ruling 12), as JSON text for
    /// `RaidGame.new_campaign_state`: unit placements, captured units, talents, the recruits
    /// total and the best score. Meant for a finished game; for one under way it records the
    /// game as if it ended now, with no score.
    fn campaign_after(slf: PyRef<'_, Self>) -> PyResult<String> {
        Ok(position(&slf)?.campaign_after().to_json())
    }
}
