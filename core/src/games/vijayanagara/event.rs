//! Events (§2.3.4): the option of carrying out the current card's text.
//!
//! Card effects are scripts run by an event host (the Lua crate); the state itself holds no
//! host. Until a host is attached to a game, the Event option is not offered, and the Event or
//! Command option means a full Command.

use super::action::EventSide;
use super::{Action, Error, Log, Player, State};

impl State {
    /// Whether `player` could carry out the current card's Event: only with an event host.
    pub(crate) fn event_is_possible(&self, _player: Player) -> bool {
        false
    }

    /// The Event choices of the Event or Command option: none without an event host.
    pub(crate) fn event_choices(&self, _player: Player) -> Vec<Action> {
        Vec::new()
    }

    /// Starts the current card's Event; refused without an event host.
    pub(crate) fn begin_event(
        &mut self,
        _player: Player,
        side: EventSide,
        _log: &mut Log,
    ) -> Result<(), Error> {
        Err(Error::IllegalAction {
            action: Action::Event(side).to_string(),
            rule: crate::engine::Rule("2.3.4"),
        })
    }
}
