//! The `State` class: a game position, read through plain Python values and changed only by
//! legal actions.

use darbar::engine::Snapshot;
use darbar::vijayanagara::{self as vj, Error, Structure};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::args::{ActionArg, ActionForm, PlayerArg, SpaceArg};
use crate::errors::{self, Refusal};
use crate::options;

/// A position of Vijayanagara.
///
/// Factions are given as `"DS"`, `"BK"`, `"VN"`, full names (`"Bahmani Kingdom"`), Rust names
/// (`"Bahmani"`) or seat numbers 0–2; spaces by name (`"Rajput Kingdoms"`). Bad names raise
/// `ValueError`. States compare equal when every part of them is equal, generator included;
/// they are mutable and so not hashable. Copies, pickles and snapshots are exact.
#[pyclass(module = "darbar", name = "State", eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct State {
    inner: vj::State,
}

impl From<vj::State> for State {
    fn from(inner: vj::State) -> Self {
        State { inner }
    }
}

/// What stands in one space, as `State.pieces` returns it.
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

/// The holding boxes, as `State.available` returns them.
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

impl State {
    /// The action an argument names, if it names one.
    fn resolve(&self, action: &ActionArg) -> Result<vj::Action, Refusal> {
        match &action.form {
            ActionForm::Text(text) => text.parse().map_err(Refusal::Unreadable),
            ActionForm::Index(index) => {
                let Some(decision) = self.inner.decision() else {
                    return Err(Refusal::Engine(Error::NothingToDecide));
                };
                let rule = decision.kind.rule();
                usize::try_from(*index)
                    .ok()
                    .and_then(|i| decision.choices.get(i).copied())
                    .ok_or_else(|| {
                        Refusal::Engine(Error::IllegalAction {
                            action: format!(
                                "action index {index} (there are {} legal actions)",
                                decision.choices.len()
                            ),
                            rule,
                        })
                    })
            }
        }
    }
}

#[pymethods]
impl State {
    // ----- snapshots, copies and pickling ---------------------------------------------------

    /// The state as snapshot text: versioned JSON that `State.from_json` restores exactly.
    fn to_json(&self) -> String {
        self.inner.to_snapshot()
    }

    /// Restores a state from `to_json` text. Raises `SnapshotError` if the text is damaged,
    /// of another game or version, or describes a position that breaks the rules (then
    /// `.rule` names the rule).
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &str) -> PyResult<State> {
        vj::State::from_snapshot(text)
            .map(State::from)
            .map_err(|e| errors::snapshot(py, &e))
    }

    /// An independent copy.
    fn clone(&self) -> State {
        Clone::clone(self)
    }

    /// An independent copy (`copy.copy`).
    fn __copy__(&self) -> State {
        Clone::clone(self)
    }

    /// An independent copy (`copy.deepcopy`): a state holds no Python objects.
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        Clone::clone(self)
    }

    /// The snapshot text, for pickling.
    fn __getstate__(&self) -> String {
        self.to_json()
    }

    /// Replaces this state by the one in snapshot text, checked as `from_json` checks it.
    fn __setstate__(&mut self, py: Python<'_>, text: &str) -> PyResult<()> {
        *self = State::from_json(py, text)?;
        Ok(())
    }

    /// Pickles as `State.from_json(snapshot)`, so unpickling checks the state like any
    /// snapshot.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let from_json = slf.get_type().getattr("from_json")?;
        let text = slf.borrow().to_json();
        Ok((from_json, PyTuple::new(slf.py(), [text])?))
    }

    /// Checks every invariant of the rules; raises `InvariantError` naming the first one
    /// broken. States made by darbar always pass.
    fn check_invariants(&self, py: Python<'_>) -> PyResult<()> {
        self.inner
            .check_invariants()
            .map_err(|(rule, reason)| errors::invariant(py, rule, reason))
    }

    /// The board as readable text.
    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        let deck = self.inner.deck();
        let player = self
            .inner
            .current_player()
            .map_or_else(|| "None".to_owned(), |p| (p as usize).to_string());
        format!(
            "<darbar.State vijayanagara seed={} cards_played={} current_player={player}>",
            self.inner.seed(),
            deck.played().len(),
        )
    }

    // ----- the game -------------------------------------------------------------------------

    /// The seed the game was created from.
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.seed()
    }

    /// The rule options of this game, as a new dict.
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        options::to_dict(py, self.inner.options())
    }

    /// The dynasty ruling in Delhi: `"Khalji"` or `"Tughlaq"`.
    fn dynasty(&self) -> String {
        self.inner.dynasty().to_string()
    }

    /// The card revealed last (`"Event 12"`, `"Zenith of the Delhi Sultanate"`), or `None`.
    fn current_card(&self) -> Option<String> {
        self.inner.deck().current().map(|c| c.to_string())
    }

    /// How many cards are left to draw.
    fn cards_remaining(&self) -> usize {
        self.inner.deck().remaining()
    }

    // ----- factions -------------------------------------------------------------------------

    /// A faction's Resources, 0–24.
    fn resources(&self, faction: PlayerArg) -> u8 {
        self.inner.resources(faction.0)
    }

    /// The cavalry tokens a faction holds.
    fn cavalry(&self, faction: PlayerArg) -> u8 {
        self.inner.cavalry(faction.0)
    }

    /// The cavalry tokens in the shared pool.
    fn cavalry_pool(&self) -> u8 {
        self.inner.cavalry_pool()
    }

    /// A faction's Victory Points as they stand now.
    fn victory_points(&self, faction: PlayerArg) -> i32 {
        self.inner.victory_points(faction.0)
    }

    /// A faction's Deccan Influence, 0–4, or `None` for the Sultanate, which has no track.
    fn influence(&self, faction: PlayerArg) -> Option<u8> {
        self.inner.influence(faction.0)
    }

    /// The pieces in the holding boxes, by kind: `{"troops": 10, "governors": 4, ...}`.
    fn available(&self) -> Available {
        let a = self.inner.available();
        Available {
            troops: a.troops,
            governors: a.governors,
            qasbahs: a.qasbahs,
            amirs: a.amirs,
            forts: a.forts,
            rajas: a.rajas,
            temples: a.temples,
            mongols: a.mongols,
        }
    }

    // ----- the map --------------------------------------------------------------------------

    /// The names of the spaces, in map order.
    fn spaces(&self) -> Vec<&'static str> {
        vj::SpaceId::ALL.iter().map(|s| s.name()).collect()
    }

    /// What stands in a space: `{"troops": 4, "governors": 0, "amirs_obedient": 0, ...,
    /// "structure": None}`; the structure is `"Qasbah"`, `"Fort"`, `"Temple"` or `None`.
    fn pieces(&self, space: SpaceArg) -> Pieces {
        let p = self.inner.space(space.0);
        Pieces {
            troops: p.troops,
            governors: p.governors,
            amirs_obedient: p.amirs.obedient,
            amirs_rebelling: p.amirs.rebelling,
            rajas_obedient: p.rajas.obedient,
            rajas_rebelling: p.rajas.rebelling,
            mongols: p.mongols,
            structure: p.structure.map(|s: Structure| s.kind().name(1)),
        }
    }

    /// Whether a space is a Tributary Province.
    fn is_tributary(&self, space: SpaceArg) -> bool {
        self.inner.is_tributary(space.0)
    }

    /// The faction controlling a space (`"DS"`, `"BK"` or `"VN"`), or `None`.
    fn control(&self, space: SpaceArg) -> Option<&'static str> {
        self.inner
            .controller(space.0)
            .map(|p| p.faction().abbreviation())
    }

    // ----- decisions ------------------------------------------------------------------------

    /// The seat (0 = DS, 1 = BK, 2 = VN) that must decide now, or `None`.
    fn current_player(&self) -> Option<usize> {
        self.inner.current_player().map(|p| p as usize)
    }

    /// The legal actions now, as indices into the current decision's choices (empty when no
    /// decision is pending).
    fn legal_actions(&self) -> Vec<usize> {
        (0..self.inner.legal_actions().len()).collect()
    }

    /// The legal actions now, in their string form, in the order of `legal_actions()`.
    fn legal_actions_typed(&self) -> Vec<String> {
        self.inner
            .legal_actions()
            .iter()
            .map(|a| a.to_string())
            .collect()
    }

    /// The string form of an action given by index (or by string form). Raises
    /// `IllegalActionError` if it names no legal action.
    fn action_to_string(&self, py: Python<'_>, action: ActionArg) -> PyResult<String> {
        self.resolve(&action)
            .map(|a| a.to_string())
            .map_err(|refusal| errors::refused(py, &action, refusal))
    }

    /// Takes an action: an index into `legal_actions()` or the action's string form.
    ///
    /// Raises `IllegalActionError` (naming the rule) if it is not legal now; the state is then
    /// left exactly as it was.
    fn apply_action(&mut self, py: Python<'_>, action: ActionArg) -> PyResult<()> {
        self.resolve(&action)
            .and_then(|a| Ok(self.inner.apply(a)?))
            .map_err(|refusal| errors::refused(py, &action, refusal))
    }

    /// Takes an action on behalf of `faction`. Raises `NotYourTurnError` if the decision is
    /// another faction's, otherwise as `apply_action`.
    fn apply_action_as(
        &mut self,
        py: Python<'_>,
        faction: PlayerArg,
        action: ActionArg,
    ) -> PyResult<()> {
        self.resolve(&action)
            .and_then(|a| Ok(self.inner.apply_as(faction.0, a)?))
            .map_err(|refusal| errors::refused(py, &action, refusal))
    }
}
