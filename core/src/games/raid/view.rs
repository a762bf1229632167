//! The player's view (RG-9): the last observed values of every site, never the true ones,
//! with everything public (sacked flags, fort war statuses, the player's own camp).

use serde::{Deserialize, Serialize};

use super::state::Phase;
use super::{Ending, Observed, Resources, SiteId, State, TalentSet, UnitSet, WarStatus};

/// What the player knows of one site.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiteView {
    /// The site.
    pub site: SiteId,
    /// Whether its values have been generated.
    pub revealed: bool,
    /// Whether the player has taken it.
    pub sacked: bool,
    /// For a fort, its war status.
    pub war_status: Option<WarStatus>,
    /// Whether it can still be raided this game.
    pub raidable: bool,
    /// The last observation, which may be out of date after drift (RG-7.6).
    pub last_seen: Option<Observed>,
}

/// Everything the player may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct View {
    /// The turn.
    pub turn: u32,
    /// The phase.
    pub phase: Phase,
    /// The player's camp.
    pub player: Resources,
    /// The player's own talents.
    pub talents: TalentSet,
    /// The talents of the whole army, units' included.
    pub army_talents: TalentSet,
    /// The unique units with the player.
    pub army: UnitSet,
    /// Every site, forts first.
    pub sites: Vec<SiteView>,
    /// The sites raided this turn.
    pub raided: Vec<SiteId>,
    /// How the game ended, if it has.
    pub ending: Option<Ending>,
}

impl State {
    /// The player's view of the game (RG-9).
    ///
    /// ```
    /// use darbar::engine::{Game, Log};
    /// use darbar::raid::{Action, Raid, SiteId};
    ///
    /// let game = Raid::default();
    /// let mut state = game.new_initial_state(4);
    /// let village: SiteId = "village-3".parse().unwrap();
    /// assert_eq!(state.view().sites[village.index()].last_seen, None);
    /// game.apply(&mut state, Action::Scout(village), &mut Log::silent()).unwrap();
    /// let seen = state.view().sites[village.index()].last_seen.unwrap();
    /// assert_eq!(seen.resources, state.site(village).resources);
    /// ```
    pub fn view(&self) -> View {
        View {
            turn: self.turn,
            phase: self.phase,
            player: self.player,
            talents: self.talents,
            army_talents: self.army_talents(),
            army: self.army,
            sites: SiteId::ALL
                .into_iter()
                .map(|site| SiteView {
                    site,
                    revealed: self.site(site).revealed,
                    sacked: self.site(site).sacked,
                    war_status: self.war_status(site),
                    raidable: self.is_raidable(site),
                    last_seen: self.known_site(site).copied(),
                })
                .collect(),
            raided: self.raided.clone(),
            ending: self.ending,
        }
    }
}
