//! Python bindings of darbar: the native module `darbar._darbar`.
//!
//! The binding is thin on purpose, and written once for every game over the erased game
//! interface (`darbar::engine::DynGame` and `DynState`): one `Game`, `State` and `Action`
//! class, with a small subclass per game for that game's own queries (`games/`). It converts
//! values between Python and Rust and maps the engine's refusals onto the Python exceptions
//! defined in `darbar/_errors.py`; every rule is checked by the `darbar` crate, never here.
//! Users import the `darbar` package, whose `__init__.py` re-exports what this module defines.

#![warn(missing_docs)]

mod action;
mod batch;
mod bots;
mod card;
mod convert;
mod errors;
mod game;
mod games;
mod state;

use pyo3::prelude::*;

/// The native module. Its classes say `module = "darbar"`, where the facade re-exports them,
/// so reprs and pickles name `darbar.State`, never the private module.
#[pymodule]
fn _darbar(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(game::load_game, m)?)?;
    m.add_function(wrap_pyfunction!(game::registered_games, m)?)?;
    m.add_function(wrap_pyfunction!(batch::play_games, m)?)?;
    m.add_function(wrap_pyfunction!(batch::play_random_games, m)?)?;
    m.add_function(wrap_pyfunction!(batch::replay, m)?)?;
    m.add_function(wrap_pyfunction!(bots::evaluate, m)?)?;
    m.add_class::<action::Action>()?;
    m.add_class::<card::Card>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<state::State>()?;
    m.add_class::<games::vijayanagara::VijayanagaraGame>()?;
    m.add_class::<games::vijayanagara::VijayanagaraState>()?;
    m.add_class::<games::raid::RaidGame>()?;
    m.add_class::<games::raid::RaidState>()?;
    m.add_class::<games::pax_pamir::PaxPamirGame>()?;
    m.add_class::<games::pax_pamir::PaxPamirState>()?;
    m.add_class::<games::tycoon::TycoonGame>()?;
    m.add_class::<games::tycoon::TycoonState>()?;
    m.add_class::<bots::Bot>()?;
    m.add_class::<bots::RandomBot>()?;
    m.add_class::<bots::RolloutBot>()?;
    m.add_class::<bots::MctsBot>()?;
    m.add_class::<bots::IsMctsBot>()?;
    Ok(())
}
