//! The observation tensor of the raid game: what the player knows (RG-9), as numbers for
//! learning agents. It is built from [`State::view`] alone, so no true value the player has not
//! seen can reach it.

use super::state::Phase;
use super::{SITE_COUNT, State, Talent, WarStatus};

/// The blocks of the observation, `(name, start, length)` in order:
///
/// | block | length | entries |
/// |---|---|---|
/// | `turn` | 1 | the turn |
/// | `phase` | 5 | one-hot: scout, raid, plunder, settlement, over |
/// | `camp` | 5 | soldiers, funds, food, weapons, slaves |
/// | `talents` | 8 | the army's talents (the player's and its units'), in `Talent::ALL` order |
/// | `army` | 1 | unique units with the player |
/// | `sites` | 14 × 13 | per site in `SiteId::ALL` order: revealed, sacked, raidable, raided this turn, war status one-hot (5, all 0 for a village or town), last seen soldiers, funds, food, weapons (0 if never seen) |
/// | `last_seen_age` | 14 | turns since each site was last seen (0 if never seen) |
pub const OBSERVATION_LAYOUT: [(&str, usize, usize); 7] = [
    ("turn", 0, 1),
    ("phase", 1, 5),
    ("camp", 6, 5),
    ("talents", 11, 8),
    ("army", 19, 1),
    ("sites", 20, SITE_COUNT * SITE_LEN),
    ("last_seen_age", 20 + SITE_COUNT * SITE_LEN, SITE_COUNT),
];

/// Numbers per site in the `sites` block.
const SITE_LEN: usize = 13;

/// The length of every observation.
pub const OBSERVATION_SIZE: usize = 20 + SITE_COUNT * SITE_LEN + SITE_COUNT;

impl State {
    /// The observation tensor (see [`OBSERVATION_LAYOUT`]).
    ///
    /// ```
    /// use darbar::raid::{OBSERVATION_SIZE, State};
    ///
    /// let state = State::new(3);
    /// let seen = state.observation();
    /// assert_eq!(seen.len(), OBSERVATION_SIZE);
    /// assert_eq!(seen[0], 1.0); // turn 1
    /// assert_eq!(seen[1], 1.0); // the scout phase
    /// ```
    pub fn observation(&self) -> Vec<f32> {
        let view = self.view();
        let mut seen = Vec::with_capacity(OBSERVATION_SIZE);
        let flag = |on: bool| if on { 1.0 } else { 0.0 };
        seen.push(view.turn as f32);
        let phases = [
            Phase::Scout,
            Phase::Raid,
            Phase::Plunder,
            Phase::Settlement,
            Phase::Over,
        ];
        seen.extend(phases.map(|p| flag(view.phase == p)));
        let p = view.player;
        seen.extend([p.soldiers, p.funds, p.food, p.weapons, p.slaves].map(|v| v as f32));
        seen.extend(Talent::ALL.map(|t| flag(view.army_talents.contains(t))));
        seen.push(view.army.len() as f32);
        let statuses = [
            WarStatus::Solid,
            WarStatus::FightingWell,
            WarStatus::Balanced,
            WarStatus::Disadvantaged,
            WarStatus::Crisis,
        ];
        for site in &view.sites {
            seen.push(flag(site.revealed));
            seen.push(flag(site.sacked));
            seen.push(flag(site.raidable));
            seen.push(flag(view.raided.contains(&site.site)));
            seen.extend(statuses.map(|s| flag(site.war_status == Some(s))));
            let r = site.last_seen.map(|o| o.resources).unwrap_or_default();
            seen.extend([r.soldiers, r.funds, r.food, r.weapons].map(|v| v as f32));
        }
        for site in &view.sites {
            let age = site
                .last_seen
                .map_or(0, |o| view.turn.saturating_sub(o.turn));
            seen.push(age as f32);
        }
        debug_assert_eq!(seen.len(), OBSERVATION_SIZE);
        seen
    }
}
