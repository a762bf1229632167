//! The invariants of a raid game state, checked on every restored snapshot and after every step
//! of the random-simulation tests: the sites, units and rolls, and the turn state behind the
//! decision (the phase, the raids of the turn, a plunder under way, what settlement has done,
//! the ending). A restored snapshot is also checked to play on: unless the game is over there
//! is a decision, and its actions apply to states that pass these checks again.

use super::state::{PLUNDERED, Phase};
use super::{
    Action, Ending, Log, RaidData, Resource, Resources, SiteId, State, Talent, UnitSet, WarStatus,
};
use crate::engine::{Rule, Snapshot, Violation};

/// The largest count a state may hold: every resource, turn and total. An engine limit, not a
/// rule: ruling 30 sets no maximum, and a game of 5 to 8 turns (ruling 17) never comes near
/// it; it keeps every sum of the rules within `u32` and every roll of one die per soldier or
/// slave to a bounded number of dice.
pub const MAX_COUNT: u32 = 1_000_000;

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
        Ok(self.check_structure()?)
    }

    /// Every invariant but the lookahead of [`State::check_live`].
    fn check_structure(&self) -> Result<(), Broken> {
        // The limits first: the other checks add counts up.
        self.check_limits()?;
        self.check_turn()?;
        self.check_turn_state()?;
        self.check_sites()?;
        self.check_units()?;
        self.check_rolls()
    }

    /// The engine limit [`MAX_COUNT`] on every count of the state (ruling 30).
    fn check_limits(&self) -> Result<(), Broken> {
        let over = |what: &str, n: u32| -> Result<(), Broken> {
            if n > MAX_COUNT {
                return broken(
                    "ruling 30",
                    format!("{what} is {n}, beyond the engine's limit of {MAX_COUNT}"),
                );
            }
            Ok(())
        };
        let resources = |what: &dyn Fn() -> String, r: &Resources| -> Result<(), Broken> {
            match Resource::ALL
                .into_iter()
                .find(|&resource| r[resource] > MAX_COUNT)
            {
                Some(resource) => over(&format!("{}'s {resource}", what()), r[resource]),
                None => Ok(()),
            }
        };
        resources(&|| "the player".into(), &self.player)?;
        resources(&|| "the starting camp".into(), &self.options.start)?;
        for site in SiteId::ALL {
            resources(&|| site.to_string(), &self.site(site).resources)?;
            if let Some(seen) = self.known_site(site) {
                resources(&|| format!("the view of {site}"), &seen.resources)?;
                over("a turn seen", seen.turn)?;
            }
        }
        over("the turn", self.turn)?;
        over("the recruits", self.recruited)?;
        over("the campaign's recruits", self.campaign.recruited)?;
        over("the campaign's games", self.campaign.games)?;
        over(
            "the campaign's best score",
            self.campaign.best_score.unwrap_or(0),
        )?;
        over("the talents owed", self.talent_picks)?;
        if let Some(p) = self.plunder {
            over("the plunder's steps", p.steps)?;
            over("the plunder's fatigue", p.fatigue)?;
            for n in p.original.into_iter().chain(p.extra) {
                over("a plundered amount", n)?;
            }
        }
        if let Some(Ending::Rebellion { shortfall }) = self.ending {
            over("the food shortfall", shortfall)?;
        }
        for roll in &self.rolls {
            over("a roll's turn", roll.turn)?;
            over("a roll's constant", roll.plus)?;
            over(
                "a roll's dice",
                u32::try_from(roll.dice.len()).unwrap_or(u32::MAX),
            )?;
        }
        Ok(())
    }

    /// RG-3 to RG-7 and RG-10: what the phase of the turn says has happened so far, the plunder
    /// under way, and the ending.
    fn check_turn_state(&self) -> Result<(), Broken> {
        let before_settlement = matches!(self.phase, Phase::Scout | Phase::Raid | Phase::Plunder);
        if before_settlement && self.recruited_this_turn {
            return broken(
                "ruling 22",
                format!(
                    "recruitment is spent in the {} phase, before settlement",
                    self.phase
                ),
            );
        }
        if before_settlement && self.merchant_used {
            return broken(
                "ruling 10",
                format!(
                    "the merchant trade is spent in the {} phase, before settlement",
                    self.phase
                ),
            );
        }
        if self.merchant_used && !self.has_talent(Talent::Merchant) {
            return broken(
                "ruling 10",
                "the merchant trade is spent without the talent that grants it".into(),
            );
        }
        if self.recruited < self.campaign.recruited
            || (self.recruited_this_turn && self.recruited == self.campaign.recruited)
        {
            return broken(
                "RG-7.2",
                format!(
                    "{} soldiers recruited in the campaign, {} before this game",
                    self.recruited, self.campaign.recruited
                ),
            );
        }
        if self
            .campaign
            .talents
            .iter()
            .any(|t| !self.talents.contains(t))
        {
            return broken("RG-11", "a talent of earlier games was lost".into());
        }
        if let Some((unit, site)) = self
            .campaign
            .placements
            .iter()
            .find(|&(u, s)| self.placements.get(u) != Some(s))
        {
            return broken(
                "RG-2.3",
                format!("unit {unit} was fixed at {site} by an earlier game, and moved"),
            );
        }
        if let Some(p) = self.plunder {
            let site = self.site(p.site);
            let taken = [
                Resource::Funds,
                Resource::Food,
                Resource::Weapons,
                Resource::Slaves,
            ]
            .into_iter()
            .all(|r| site.resources[r] == 0);
            if self.is_raidable(p.site) || !taken {
                return broken(
                    "RG-5.3",
                    format!("{} is plundered on, but no raid took it", p.site),
                );
            }
            // The raid showed the player the site as it left it, and plundering changes
            // nothing there (RG-9, RG-5.5).
            let shown = self.known_site(p.site).is_some_and(|seen| {
                seen.turn == self.turn
                    && seen.resources == site.resources
                    && seen.units == site.units
            });
            if !shown {
                return broken(
                    "RG-9",
                    format!("the player saw {} otherwise than the raid left it", p.site),
                );
            }
            // Fatigue is fixed when the raid begins: a unit it captured may since have brought
            // 夜襲, which spares the second raid its fatigue (ruling 20, ruling 10).
            let n = self.raided.len();
            let fixed = u32::try_from(n.saturating_sub(1)).unwrap_or(u32::MAX);
            if p.fatigue != fixed && p.fatigue != self.fatigue(n) {
                return broken(
                    "ruling 20",
                    format!("the plunder of {} keeps fatigue {}", p.site, p.fatigue),
                );
            }
            // Each step that gains takes one more of each resource below its cap; a step
            // that does not gain ends the plunder (ruling 18, ruling 19).
            if (0..PLUNDERED.len()).any(|i| p.extra[i] != p.steps.min(p.original[i])) {
                return broken(
                    "ruling 18",
                    format!("{} plunder steps took other amounts", p.steps),
                );
            }
            // The camp holds what the raid took and what each step has brought since: the
            // raid phase spends none of it, and a fight with regulars costs only soldiers and
            // weapons (RG-5.3, RG-5.5).
            if let Some(r) = PLUNDERED
                .into_iter()
                .enumerate()
                .find(|&(i, r)| {
                    u64::from(self.player[r]) < u64::from(p.original[i]) + u64::from(p.extra[i])
                })
                .map(|(_, r)| r)
            {
                return broken(
                    "RG-5.5",
                    format!(
                        "the camp holds {} {r}, less than the plunder of {} took",
                        self.player[r], p.site
                    ),
                );
            }
        }
        match self.ending {
            Some(Ending::Death) if self.player.soldiers != 0 => {
                broken("RG-10", "the death ending with soldiers left".into())
            }
            Some(Ending::Rebellion { shortfall }) if shortfall == 0 || self.player.food != 0 => {
                broken(
                    "RG-7.3",
                    format!("a rebellion for a shortfall of {shortfall} with food left"),
                )
            }
            _ => Ok(()),
        }
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
            // A site is revealed only by a scout or a raid, and either shows it to the player
            // (RG-4, RG-5, RG-9).
            if s.revealed && self.known_site(site).is_none() {
                return broken(
                    "RG-9",
                    format!("{site} is revealed, but the player never saw it"),
                );
            }
            if let Some(seen) = self.known_site(site)
                && seen.turn > self.turn
            {
                return broken("RG-9", format!("{site} was seen on a later turn"));
            }
            // The player saw at a site only the unique units fixed there (RG-2.3, RG-9).
            if let Some(unit) = self.known_site(site).and_then(|seen| {
                seen.units
                    .iter()
                    .find(|u| self.placements.get(u) != Some(&site))
            }) {
                return broken(
                    "RG-2.3",
                    format!("the player saw unit {unit} at {site}, not its fixed site"),
                );
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
        // The rolls are those of the last action, which may have ended the turn before.
        if let Some(roll) = self.rolls.iter().find(|r| {
            r.faces == 0
                || r.dice.iter().any(|&d| d == 0 || d > r.faces)
                || r.turn > self.turn
                || r.turn + 1 < self.turn
        }) {
            return broken("ruling 27", format!("impossible roll: {roll}"));
        }
        Ok(())
    }
}

impl State {
    /// Unless the game is over, a decision; and every listed action applies to a state that
    /// passes [`State::check_invariants`] and again has a decision unless the game is over.
    /// Recruitment is tried with the fewest and the most funds it lists: the amounts between
    /// take the same steps.
    fn check_live(&self) -> Result<(), Broken> {
        let Some(decision) = self.decision() else {
            return self.not_stuck();
        };
        let recruits: Vec<u32> = decision
            .choices
            .iter()
            .filter_map(|a| match a {
                Action::Recruit(funds) => Some(*funds),
                _ => None,
            })
            .collect();
        let (fewest, most) = (recruits.iter().min(), recruits.iter().max());
        for &action in &decision.choices {
            if let Action::Recruit(funds) = action
                && Some(&funds) != fewest
                && Some(&funds) != most
            {
                continue;
            }
            let mut next = self.clone();
            next.play_listed(action, &mut Log::silent());
            next.check_structure()
                .and_then(|()| match next.decision() {
                    Some(_) => Ok(()),
                    None => next.not_stuck(),
                })
                .map_err(|(rule, reason)| {
                    (rule, format!("after the listed action {action}: {reason}"))
                })?;
        }
        Ok(())
    }

    /// No decision: only once the game is over (RG-10).
    fn not_stuck(&self) -> Result<(), Broken> {
        if self.is_over() {
            return Ok(());
        }
        broken(
            "RG-3",
            format!(
                "no decision in the {} phase, but the game is not over",
                self.phase
            ),
        )
    }
}

impl Snapshot for State {
    const GAME: &'static str = "raid";
    const VERSION: u32 = 1;

    /// The campaign (RG-11), every invariant ([`State::check_invariants`]), and that play goes
    /// on: unless the game is over the player has a decision, and every listed action applies
    /// to a state that passes the same checks and again has a decision unless the game is over.
    ///
    /// ```
    /// use darbar::engine::{Rule, Snapshot};
    /// use darbar::raid::State;
    ///
    /// let state = State::new(5);
    /// assert_eq!(state.validate(), Ok(()));
    /// // A plunder under way, but in the scout phase: refused, naming the rule.
    /// let mut value: serde_json::Value = serde_json::from_str(&state.to_snapshot()).unwrap();
    /// value["state"]["phase"] = serde_json::json!("plunder");
    /// let err = State::from_snapshot(&value.to_string()).unwrap_err();
    /// assert_eq!(err.rule(), Some(Rule("RG-5.5")));
    /// ```
    fn validate(&self) -> Result<(), Violation> {
        self.campaign.validate().map_err(|reason| Violation {
            rule: Rule("RG-11"),
            reason,
        })?;
        self.check_invariants()?;
        Ok(self.check_live()?)
    }
}
