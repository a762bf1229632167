//! The invariants of a raid game state, checked on every restored snapshot and after every step
//! of the random-simulation tests.

use super::state::Phase;
use super::{Ending, RaidData, SiteId, State, UnitSet, WarStatus};
use crate::engine::{Rule, Snapshot, Violation};

/// A broken invariant inside the checks, before it becomes a [`Violation`].
type Broken = (Rule, String);

fn broken(rule: &'static str, reason: String) -> Result<(), Broken> {
    Err((Rule(rule), reason))
}

impl State {
    /// Checks every invariant; the first one broken is returned with its rule.
    ///
    /// ```
    /// use darbar::raid::State;
    ///
    /// assert_eq!(State::new(5).check_invariants(), Ok(()));
    /// ```
    pub fn check_invariants(&self) -> Result<(), Violation> {
        self.check_turn()?;
        self.check_sites()?;
        self.check_units()?;
        Ok(self.check_rolls()?)
    }

    /// RG-2.4, RG-9, ruling 13: site flags and the player's view.
    fn check_sites(&self) -> Result<(), Broken> {
        for site in SiteId::ALL {
            let s = self.site(site);
            if !self.in_play(site) && (s.revealed || s.sacked) {
                return broken("ruling 13", format!("{site} is a castle and takes no part"));
            }
            if !s.revealed && (s.sacked || s.resources != Default::default() || !s.units.is_empty())
            {
                return broken(
                    "RG-2.1",
                    format!("{site} has values but was never revealed"),
                );
            }
            if self.known_site(site).is_some() && !s.revealed {
                return broken("RG-9", format!("the player saw {site} before its reveal"));
            }
            if let Some(seen) = self.known_site(site)
                && seen.turn > self.turn
            {
                return broken("RG-9", format!("{site} was seen on a later turn"));
            }
            if s.sacked
                && self
                    .war_status(site)
                    .is_some_and(|w| w != WarStatus::Fallen)
            {
                return broken("RG-5.4", format!("{site} was taken but has not fallen"));
            }
        }
        Ok(())
    }

    /// RG-2.3, RG-5.3, ruling 11: every unit is in one place, on its own table's sites.
    fn check_units(&self) -> Result<(), Broken> {
        let mut seen = UnitSet::EMPTY;
        for site in SiteId::ALL {
            let units = self.site(site).units;
            if units.len() > site.kind().unit_slots() {
                return broken("RG-2.3", format!("{site} holds too many unique units"));
            }
            for unit in units.iter() {
                if seen.contains(unit) {
                    return broken("RG-2.3", format!("unit {unit} is in two places"));
                }
                seen.insert(unit);
                if self.placements.get(&unit) != Some(&site) {
                    return broken(
                        "RG-2.3",
                        format!("unit {unit} is at {site}, not its fixed site"),
                    );
                }
            }
        }
        if !self.army.intersection(seen).is_empty() {
            return broken("RG-5.3", "a unit is both at a site and in the army".into());
        }
        if let Some(unit) = self.army.iter().find(|u| !self.placements.contains_key(u)) {
            return broken(
                "RG-2.3",
                format!("unit {unit} is in the army but was never placed"),
            );
        }
        if !self.captured.intersection(self.army).eq(&self.captured) {
            return broken("RG-5.3", "a unit captured this game left the army".into());
        }
        let mut per_site = [0usize; super::SITE_COUNT];
        for (&unit, &site) in &self.placements {
            if unit.table() != site.kind() {
                return broken(
                    "ruling 11",
                    format!("unit {unit} is placed at {site}, off its table"),
                );
            }
            per_site[site.index()] += 1;
            if per_site[site.index()] > site.kind().unit_slots() {
                return broken("RG-2.3", format!("{site} has more fixed units than places"));
            }
        }
        if let Some(wall) = self.talents.iter().find(|t| t.is_wall()) {
            return broken(
                "ruling 9",
                format!("the player holds the site talent {wall}"),
            );
        }
        let recruitable = RaidData::standard().recruitable_talents();
        let owned = u32::try_from(self.talents.len()).unwrap_or(u32::MAX);
        if self.talents.iter().any(|t| !recruitable.contains(t))
            || owned + self.talent_picks > self.recruited / 5
        {
            return broken(
                "RG-7.2",
                format!(
                    "{owned} talents and {} owed, but {} recruits",
                    self.talent_picks, self.recruited
                ),
            );
        }
        Ok(())
    }

    /// RG-3, RG-5.5, RG-5.6, RG-10: the phase and what goes with it.
    fn check_turn(&self) -> Result<(), Broken> {
        if self.turn == 0 {
            return broken("RG-0.3", "turns count from 1".into());
        }
        if (self.phase == Phase::Over) != self.ending.is_some() {
            return broken(
                "RG-10",
                "the game is over exactly when it has an ending".into(),
            );
        }
        if (self.phase == Phase::Plunder) != self.plunder.is_some() {
            return broken(
                "RG-5.5",
                "a plunder is under way exactly in its phase".into(),
            );
        }
        if let Some(p) = self.plunder {
            if self.raided.last() != Some(&p.site) || !p.can_continue() {
                return broken(
                    "RG-5.5",
                    format!("the plunder of {} is not possible", p.site),
                );
            }
            if (0..3).any(|i| p.extra[i] > p.original[i]) {
                return broken(
                    "ruling 18",
                    "plunder beyond twice the site's holdings".into(),
                );
            }
        }
        for (i, site) in self.raided.iter().enumerate() {
            if self.raided[..i].contains(site) || !self.in_play(*site) {
                return broken("RG-5.6", format!("{site} raided twice in a turn"));
            }
        }
        if matches!(self.phase, Phase::Scout) && !self.raided.is_empty() {
            return broken("RG-3", "raids recorded before the raid phase".into());
        }
        if self.talent_picks as usize > self.talent_choices().len() {
            return broken(
                "ruling 10",
                "more talents owed than remain to choose".into(),
            );
        }
        if self.talent_picks > 0 && self.phase != Phase::Settlement {
            return broken("ruling 10", "a talent owed outside settlement".into());
        }
        if self.ending == Some(Ending::EmpireArrives) && !self.all_forts_fallen() {
            return broken("RG-7.7", "the Empire arrived with a fort standing".into());
        }
        if self.ending.is_none() && self.player.soldiers == 0 {
            return broken("RG-10", "no soldiers, but the game goes on".into());
        }
        Ok(())
    }

    /// Ruling 27: every recorded die shows one of its faces.
    fn check_rolls(&self) -> Result<(), Broken> {
        if let Some(roll) = self.rolls.iter().find(|r| {
            r.faces == 0 || r.dice.iter().any(|&d| d == 0 || d > r.faces) || r.turn > self.turn
        }) {
            return broken("ruling 27", format!("impossible roll: {roll}"));
        }
        Ok(())
    }
}

impl Snapshot for State {
    const GAME: &'static str = "raid";
    const VERSION: u32 = 1;

    fn validate(&self) -> Result<(), Violation> {
        self.campaign.validate().map_err(|reason| Violation {
            rule: Rule("RG-11"),
            reason,
        })?;
        self.check_invariants()
    }
}
