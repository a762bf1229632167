//! The campaign (RG-11, ruling 12): what one game hands to the next.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{Ending, Error, RaidData, SITE_COUNT, SiteId, State, TalentSet, UnitId, UnitSet};

/// What persists between the games of a campaign (RG-11, ruling 12), as JSON.
///
/// ```
/// use darbar::raid::{Campaign, State};
///
/// let state = State::new(3);
/// let next = state.campaign_after();
/// assert_eq!(next.games, 1);
/// let text = next.to_json();
/// assert_eq!(Campaign::from_json(&text).unwrap(), next);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Campaign {
    /// Games finished so far.
    pub games: u32,
    /// The fixed site of every unique unit placed so far (RG-2.3): the first game to reveal a
    /// site fixes its units for every later game.
    pub placements: BTreeMap<UnitId, SiteId>,
    /// Units the player has captured in any game so far.
    pub captured: UnitSet,
    /// The player's talents (RG-7.2).
    pub talents: TalentSet,
    /// The cumulative total of recruited soldiers (RG-7.2).
    pub recruited: u32,
    /// The best score of an "Empire arrives" ending so far (ruling 26).
    pub best_score: Option<u32>,
}

impl Campaign {
    /// The campaign as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Reads and checks a campaign written by [`Campaign::to_json`]; text that does not parse
    /// and a campaign that could not arise from play are both [`Error::Campaign`].
    pub fn from_json(text: &str) -> Result<Campaign, Error> {
        let campaign: Campaign = serde_json::from_str(text).map_err(|e| Error::Campaign {
            reason: e.to_string(),
        })?;
        campaign
            .validate()
            .map_err(|reason| Error::Campaign { reason })?;
        Ok(campaign)
    }

    /// Checks that the campaign could arise from play.
    pub fn validate(&self) -> Result<(), String> {
        let mut per_site = [0usize; SITE_COUNT];
        for (&unit, &site) in &self.placements {
            if unit.table() != site.kind() {
                return Err(format!(
                    "unit {unit} is on the {} table but placed at {site}",
                    unit.table()
                ));
            }
            per_site[site.index()] += 1;
            if per_site[site.index()] > site.kind().unit_slots() {
                return Err(format!("{site} holds more units than it has places"));
            }
        }
        if let Some(unit) = self
            .captured
            .iter()
            .find(|u| !self.placements.contains_key(u))
        {
            return Err(format!("unit {unit} is captured but was never placed"));
        }
        if let Some(wall) = self.talents.iter().find(|t| t.is_wall()) {
            return Err(format!("the player cannot hold the site talent {wall}"));
        }
        let recruitable = RaidData::standard().recruitable_talents();
        if let Some(t) = self.talents.iter().find(|&t| !recruitable.contains(t)) {
            return Err(format!("talent {t} is not granted by recruitment"));
        }
        let earned = self.recruited / 5;
        if self.talents.len() as u32 > earned {
            return Err(format!(
                "{} talents, but {} recruits earn only {earned}",
                self.talents.len(),
                self.recruited
            ));
        }
        Ok(())
    }
}

impl State {
    /// The campaign to start the next game from (RG-11, ruling 12): this game's unit
    /// placements, every unit captured so far, the player's talents, the recruits total and the
    /// best score. Meant for a finished game; for one under way it records the game as if it
    /// ended now, with no score.
    pub fn campaign_after(&self) -> Campaign {
        let score = match self.ending {
            Some(Ending::EmpireArrives) => Some(self.score()),
            _ => None,
        };
        Campaign {
            games: self.campaign.games + 1,
            placements: self.placements.clone(),
            captured: self.campaign.captured.union(self.captured),
            talents: self.talents,
            recruited: self.recruited,
            best_score: self.campaign.best_score.max(score),
        }
    }
}
