//! The rules of a turn (RG-4 to RG-7) as the state's steps. Each runs only on a listed action
//! (see [`Game::apply`](crate::engine::Game::apply)), on a copy committed whole.

use super::battle::{BattleReport, Fighter, Outcome, fight};
use super::state::{PLUNDERED, Phase, Plunder};
use super::{
    Dice, Ending, Log, RaidData, Resource, RollFor, SiteId, State, Talent, Trade, WarStatus,
};

/// The war-status table (RG-6, ruling 17): the front fort's steps down the ladder for a 2d6
/// total; `None` for 2, which fells it at once.
///
/// ```
/// use darbar::raid::war_status_steps;
///
/// assert_eq!(war_status_steps(2), None);
/// assert_eq!(war_status_steps(5), Some(3));
/// assert_eq!(war_status_steps(6), Some(2));
/// assert_eq!(war_status_steps(11), Some(1));
/// assert_eq!(war_status_steps(12), Some(0));
/// ```
pub fn war_status_steps(total: u32) -> Option<usize> {
    match total {
        0..=2 => None,
        3..=5 => Some(3),
        6..=8 => Some(2),
        9..=11 => Some(1),
        _ => Some(0),
    }
}

/// Whether regulars arrive on continued-plunder step `step` (from 1) with this d6 `roll`: on
/// faces 1 to k, so always from step 6 on (RG-5.5, ruling 19); 略奪上手 lowers the threshold
/// by 1 (ruling 10).
///
/// ```
/// use darbar::raid::regulars_arrive;
///
/// assert!(regulars_arrive(1, 1, false));
/// assert!(!regulars_arrive(1, 2, false));
/// assert!(regulars_arrive(6, 6, false));
/// assert!(!regulars_arrive(1, 1, true));
/// ```
pub fn regulars_arrive(step: u32, roll: u32, pillager: bool) -> bool {
    roll <= step.saturating_sub(u32::from(pillager))
}

/// Soldiers gained by a recruitment with these dice: the 5s and 6s, plus 1, plus 1 more with
/// 鼓舞 (RG-7.2, ruling 10).
///
/// ```
/// use darbar::raid::recruits_gained;
///
/// assert_eq!(recruits_gained(&[5, 2, 6], false), 3); // RG-12.1
/// assert_eq!(recruits_gained(&[1], true), 2);
/// ```
pub fn recruits_gained(dice: &[u8], rally: bool) -> u32 {
    let hits = dice.iter().filter(|&&d| d >= 5).count();
    u32::try_from(hits).unwrap_or(u32::MAX) + 1 + u32::from(rally)
}

impl State {
    /// RG-4: reveal the site if needed and show its current values.
    pub(crate) fn scout(&mut self, site: SiteId, log: &mut Log) {
        self.reveal(site);
        self.observe(site);
        log.say(|| format!("the player scouts {site}: {}", self.site(site).resources));
        self.phase = Phase::Raid;
    }

    /// Fights one battle for the player against `defender`, recording every die (ruling 27).
    fn battle(&mut self, player: Fighter, defender: Fighter, site: Option<SiteId>) -> BattleReport {
        let table = &RaidData::standard().battle;
        let report = fight(player, defender, table, &mut || self.die(6));
        for (i, exchange) in report.exchanges.iter().enumerate() {
            let number = u32::try_from(i + 1).unwrap_or(u32::MAX);
            self.record(
                RollFor::Exchange {
                    number,
                    player: true,
                    site,
                },
                6,
                exchange.attacker_dice.clone(),
                2 * exchange.attacker_power,
            );
            self.record(
                RollFor::Exchange {
                    number,
                    player: false,
                    site,
                },
                6,
                exchange.defender_dice.clone(),
                2 * exchange.defender_power,
            );
        }
        report
    }

    /// The player's side in a battle under `fatigue`.
    fn player_fighter(&self, fatigue: u32) -> Fighter {
        Fighter {
            real: self.player_power(fatigue),
            wall: 0,
            elite: self.has_talent(Talent::Elite),
        }
    }

    /// Battle casualties of the player: `ceil(L/2)` soldiers and weapons (RG-5.2.5); the game
    /// ends at 0 soldiers (RG-10).
    fn player_casualties(&mut self, report: &BattleReport, log: &mut Log) -> bool {
        let lost = report.attacker_casualties();
        self.player.soldiers = self.player.soldiers.saturating_sub(lost);
        self.player.weapons = self.player.weapons.saturating_sub(lost);
        if lost > 0 {
            log.say(|| {
                format!(
                    "the player loses {} and {}",
                    plural(lost, "soldier", "soldiers"),
                    plural(lost, "weapon", "weapons")
                )
            });
        }
        if self.player.soldiers == 0 {
            self.end(Ending::Death, log);
            return true;
        }
        false
    }

    /// RG-5: one raid, with its spoils (RG-5.3) and the site's new status (RG-5.4).
    pub(crate) fn raid(&mut self, site: SiteId, log: &mut Log) {
        self.reveal(site);
        self.raided.push(site);
        let fatigue = self.fatigue(self.raided.len());
        let talents = self.site_talents(site);
        let before = self.site(site).resources;
        let wall = if talents.contains(Talent::CastleWall) {
            2
        } else {
            u32::from(talents.contains(Talent::Rampart))
        };
        // A site's own unique units do not fight for it (RG-OQ-17); they only matter once
        // captured (ruling 11).
        // Ruling 16's variant: a fort in Crisis fights with half its soldiers.
        let soldiers = if self.options.crisis_halves_fort
            && self.war_status(site) == Some(WarStatus::Crisis)
        {
            before.soldiers.div_ceil(2)
        } else {
            before.soldiers
        };
        let defender = Fighter {
            real: soldiers.min(before.weapons),
            wall,
            elite: talents.contains(Talent::Elite),
        };
        let player = self.player_fighter(fatigue);
        let report = self.battle(player, defender, Some(site));
        log.say(|| {
            format!(
                "raid {} on {site}: strength {} against {}, {} after {}",
                self.raided.len(),
                player.power(),
                defender.power(),
                report.outcome,
                plural(
                    u32::try_from(report.exchanges.len()).unwrap_or(u32::MAX),
                    "exchange",
                    "exchanges"
                )
            )
        });
        // RG-5.2.5: the site's casualties.
        let lost = report.defender_casualties();
        let s = &mut self.sites[site.index()];
        s.resources.soldiers = s.resources.soldiers.saturating_sub(lost);
        s.resources.weapons = s.resources.weapons.saturating_sub(lost);
        if self.player_casualties(&report, log) {
            self.observe(site);
            return;
        }
        let won = report.outcome == Outcome::AttackerWins;
        if won {
            // RG-5.3: everything but soldiers, and every unique unit present.
            let s = &mut self.sites[site.index()];
            for r in [
                Resource::Funds,
                Resource::Food,
                Resource::Weapons,
                Resource::Slaves,
            ] {
                self.player[r] += s.resources[r];
                s.resources[r] = 0;
            }
            let units = std::mem::take(&mut s.units);
            self.army = self.army.union(units);
            self.captured = self.captured.union(units);
            log.say(|| format!("the player takes everything from {site}"));
        }
        if won || self.options.sack_on_any_raid {
            // RG-5.4, ruling 6: a village or town is sacked, a fort falls (RG-2.4: `sacked`
            // is for villages and towns; a fort's status is its war status).
            match site.fort_index() {
                Some(i) => self.war[i] = WarStatus::Fallen,
                None => self.sites[site.index()].sacked = true,
            }
        }
        self.observe(site);
        let plunder = Plunder {
            site,
            steps: 0,
            fatigue,
            original: PLUNDERED.map(|r| before[r]),
            extra: [0; 3],
        };
        if won && plunder.can_continue() {
            self.plunder = Some(plunder);
            self.phase = Phase::Plunder;
        }
    }

    /// RG-5.5: one step of continued plunder.
    pub(crate) fn plunder_step(&mut self, log: &mut Log) {
        let Some(mut plunder) = self.plunder.take() else {
            self.phase = Phase::Raid;
            return;
        };
        plunder.steps += 1;
        let step = plunder.steps;
        let roll = self.roll(Dice::new(1, 6), RollFor::RegularsArrive { step });
        let mut gain = true;
        if regulars_arrive(step, roll, self.has_talent(Talent::Pillager)) {
            let soldiers = self.roll(Dice::new(2, 3), RollFor::Regulars);
            let regulars = Fighter {
                real: soldiers,
                wall: 0,
                elite: true,
            };
            let player = self.player_fighter(plunder.fatigue);
            let report = self.battle(player, regulars, None);
            log.say(|| {
                format!(
                    "{} on step {step}: {}",
                    plural(soldiers, "regular arrives", "regulars arrive"),
                    report.outcome
                )
            });
            if self.player_casualties(&report, log) {
                return;
            }
            gain = report.outcome == Outcome::AttackerWins;
        }
        if gain {
            // Each resource below its cap brings 1; one at its cap brings nothing (RG-5.5).
            let mut brought = Vec::new();
            let mut capped = Vec::new();
            for (i, r) in PLUNDERED.into_iter().enumerate() {
                if plunder.extra[i] < plunder.original[i] {
                    plunder.extra[i] += 1;
                    self.player[r] += 1;
                    brought.push(format!("{} +1", r.name().to_lowercase()));
                } else {
                    capped.push(r.name().to_lowercase());
                }
            }
            log.say(|| {
                let mut text = format!("plunder step {step} brings {}", brought.join(", "));
                if !capped.is_empty() {
                    text += &format!(" ({} at the cap)", capped.join(", "));
                }
                text
            });
        }
        if gain && plunder.can_continue() {
            self.plunder = Some(plunder);
        } else {
            self.phase = Phase::Raid;
        }
    }

    /// End of the raid phase; RG-6, the war status, follows at once.
    pub(crate) fn end_raids(&mut self, log: &mut Log) {
        let total = self.roll(Dice::new(2, 6), RollFor::WarStatus);
        if let Some(front) = self.front_fort() {
            let i = front.index();
            let before = self.war[i];
            self.war[i] = match war_status_steps(total) {
                None => WarStatus::Fallen,
                Some(steps) => before.worse_by(steps),
            };
            let after = self.war[i];
            log.say(|| format!("war status {total}: {front} goes from {before} to {after}"));
        }
        self.phase = Phase::Settlement;
    }

    /// RG-7.1: one trade.
    pub(crate) fn trade(&mut self, trade: Trade, log: &mut Log) {
        // Listed trades are affordable; the saturating arithmetic only keeps an unlisted one
        // given to `apply_unchecked` from panicking.
        let (give, pay, get) = match trade {
            Trade::BuyFood => (Resource::Funds, 1, Resource::Food),
            Trade::BuyWeapon => (Resource::Funds, 2, Resource::Weapons),
            Trade::BuySlave => (Resource::Funds, 2, Resource::Slaves),
            Trade::SellWeapons => (Resource::Weapons, 2, Resource::Funds),
            Trade::SellSlave => (Resource::Slaves, 1, Resource::Funds),
            Trade::MerchantWeapon => (Resource::Funds, 1, Resource::Weapons),
        };
        self.player[give] = self.player[give].saturating_sub(pay);
        self.player[get] += 1;
        if trade == Trade::MerchantWeapon {
            self.merchant_used = true;
        }
        log.say(|| format!("trade {trade}: {pay} {give} for 1 {get}"));
    }

    /// RG-7.2: recruitment, and the talents it earns.
    pub(crate) fn recruit(&mut self, funds: u32, log: &mut Log) {
        let funds = funds.min(self.player.funds);
        self.player.funds -= funds;
        let dice: Vec<u8> = (0..funds).map(|_| self.die(6)).collect();
        let gained = recruits_gained(&dice, self.has_talent(Talent::Rally));
        self.record(RollFor::Recruitment, 6, dice, 0);
        self.player.soldiers += gained;
        let before = self.recruited;
        self.recruited += gained;
        let earned = self.recruited / 5 - before / 5;
        let open = u32::try_from(self.talent_choices().len()).unwrap_or(0);
        self.talent_picks = (self.talent_picks + earned).min(open);
        self.recruited_this_turn = true;
        log.say(|| {
            format!(
                "{funds} funds recruit {}; {} earned",
                plural(gained, "soldier", "soldiers"),
                plural(earned, "talent", "talents")
            )
        });
    }

    /// RG-7.3 to RG-7.7: upkeep, desertion, slave attrition, drift and the end check.
    pub(crate) fn end_settlement(&mut self, log: &mut Log) {
        // RG-7.3 upkeep; 兵站 rounds down (ruling 10).
        let s = self.player.soldiers;
        let upkeep = if self.has_talent(Talent::Logistics) {
            s / 2
        } else {
            s.div_ceil(2)
        };
        if upkeep > self.player.food {
            let shortfall = upkeep - self.player.food;
            self.player.food = 0;
            log.say(|| format!("upkeep {upkeep}: food runs out by {shortfall}"));
            self.end(Ending::Rebellion { shortfall }, log);
            return;
        }
        self.player.food -= upkeep;
        // RG-7.4 desertion, ruling 21.
        let cap = self.player.food + 2 * self.player.slaves;
        if self.player.soldiers > cap {
            let gone = self.player.soldiers - cap;
            self.player.soldiers = cap;
            self.player.weapons -= gone.min(self.player.weapons);
            log.say(|| {
                format!(
                    "{} with their weapons",
                    plural(gone, "soldier deserts", "soldiers desert")
                )
            });
            if self.player.soldiers == 0 {
                self.end(Ending::Death, log);
                return;
            }
        }
        // RG-7.5 slave attrition, ruling 23.
        if self.player.slaves > 0 {
            let dice: Vec<u8> = (0..self.player.slaves).map(|_| self.die(6)).collect();
            let ones = dice.iter().filter(|&&d| d == 1).count();
            self.record(RollFor::SlaveAttrition, 6, dice, 0);
            self.player.slaves -= u32::try_from(ones).unwrap_or(0);
        }
        // RG-7.6 drift, ruling 24: revealed sites not sacked or fallen; slaves unchanged.
        for site in SiteId::ALL {
            let s = self.site(site);
            if !s.revealed || !self.is_raidable(site) {
                continue;
            }
            for r in [
                Resource::Soldiers,
                Resource::Funds,
                Resource::Food,
                Resource::Weapons,
            ] {
                let d = self.roll(Dice::new(1, 3), RollFor::Drift { site, resource: r });
                let value = &mut self.sites[site.index()].resources[r];
                *value = (*value + d).saturating_sub(2).max(1);
            }
        }
        // RG-7.7 end check.
        if self.all_forts_fallen() {
            self.end(Ending::EmpireArrives, log);
            return;
        }
        self.turn += 1;
        self.phase = Phase::Scout;
        self.raided.clear();
        self.recruited_this_turn = false;
        self.merchant_used = false;
        log.say(|| format!("day {} begins", self.turn));
    }

    pub(crate) fn end(&mut self, ending: Ending, log: &mut Log) {
        self.ending = Some(ending);
        self.phase = Phase::Over;
        self.plunder = None;
        self.talent_picks = 0;
        if log.is_recording() {
            for line in self.end_report() {
                log.say(|| line);
            }
        }
    }

    /// The end section of a finished game (RG-10, ruling 26): why it ended, then for the
    /// Empire's arrival the score term by term ([`ScoreTerms`]) and its rank. What the log says
    /// when the game ends, and what the board repeats.
    ///
    /// ```
    /// use darbar::raid::State;
    ///
    /// assert!(State::new(7).end_report().is_empty()); // not over
    /// ```
    pub fn end_report(&self) -> Vec<String> {
        let Some(ending) = self.ending else {
            return Vec::new();
        };
        let why = match ending {
            Ending::Death => "the player's soldiers are gone (RG-10, ruling 26(a))".to_owned(),
            Ending::Rebellion { shortfall } => {
                format!("food fell short by {shortfall} at upkeep (RG-7.3, RG-10, ruling 26(b))")
            }
            Ending::EmpireArrives => {
                "all three forts have fallen (RG-7.7, RG-10, ruling 26(c))".to_owned()
            }
        };
        let mut lines = vec![format!("the game ends: {ending}: {why}")];
        match self.final_score() {
            Some((score, rank)) => {
                lines.push(format!("score (ruling 26): {}", self.score_terms()));
                lines.push(format!("final score {score}: {rank}"));
            }
            None => lines.push("no score: only the Empire's arrival is scored (ruling 26)".into()),
        }
        lines
    }

    /// The terms of ruling 26's score as they stand.
    pub fn score_terms(&self) -> ScoreTerms {
        let p = &self.player;
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        ScoreTerms {
            soldiers: p.soldiers,
            weapons: p.weapons,
            funds: p.funds,
            food: p.food,
            slaves: p.slaves,
            units: count(self.army.len()),
            talents: count(self.talents.len()),
            sacked: count(self.sites.iter().filter(|s| s.sacked).count()),
        }
    }

    /// The score of ruling 26: 3 × soldiers + weapons + funds + floor(food / 2) + slaves, plus
    /// 5 per unique unit in the army, 3 per talent of the player's own and 2 per sacked site.
    /// Only villages and towns are sacked; a fort that falls is not (RG-2.4, RG-5.4, ruling 6),
    /// and every fort has fallen when the score counts anyway.
    /// It is the result of the "Empire arrives" ending; the other endings have none.
    pub fn score(&self) -> u32 {
        self.score_terms().total()
    }

    /// The final score and its rank, once the game has ended with the Empire's arrival
    /// (ruling 26).
    pub fn final_score(&self) -> Option<(u32, &'static str)> {
        (self.ending == Some(Ending::EmpireArrives)).then(|| {
            let score = self.score();
            (score, RaidData::standard().rank(score))
        })
    }
}

/// `n` of `one`, with the plural `many` unless `n` is 1: "1 soldier", "3 soldiers".
fn plural(n: impl Into<i64>, one: &str, many: &str) -> String {
    crate::engine::log::counted(n, one, many)
}

/// The terms of ruling 26's score: what the player holds at the end, and the 5 per unique unit,
/// 3 per talent and 2 per sacked site.
///
/// ```
/// use darbar::raid::State;
///
/// let state = State::new(7);
/// let terms = state.score_terms();
/// assert_eq!(terms.total(), state.score());
/// assert!(terms.to_string().starts_with("3 × "));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreTerms {
    /// Soldiers, 3 points each.
    pub soldiers: u32,
    /// Weapons, 1 each.
    pub weapons: u32,
    /// Funds, 1 each.
    pub funds: u32,
    /// Food, 1 per 2.
    pub food: u32,
    /// Slaves, 1 each.
    pub slaves: u32,
    /// Unique units in the army, 5 each.
    pub units: u32,
    /// Talents of the player's own, 3 each.
    pub talents: u32,
    /// Sacked sites, 2 each.
    pub sacked: u32,
}

impl ScoreTerms {
    /// The score: the sum of the terms (ruling 26).
    pub fn total(&self) -> u32 {
        3 * self.soldiers
            + self.weapons
            + self.funds
            + self.food / 2
            + self.slaves
            + 5 * self.units
            + 3 * self.talents
            + 2 * self.sacked
    }
}

impl std::fmt::Display for ScoreTerms {
    /// "3 × 17 soldiers = 51, 18 weapons, 4 funds, 60 food / 2 = 30, 38 slaves, 5 × 16 unique
    /// units = 80, 3 × 6 talents = 18, 2 × 9 sacked sites = 18: 248".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "3 × {} = {}, {}, {}, {} food / 2 = {}, {}, 5 × {} = {}, 3 × {} = {}, 2 × {} = {}: {}",
            plural(self.soldiers, "soldier", "soldiers"),
            3 * self.soldiers,
            plural(self.weapons, "weapon", "weapons"),
            plural(self.funds, "funds", "funds"),
            self.food,
            self.food / 2,
            plural(self.slaves, "slave", "slaves"),
            plural(self.units, "unique unit", "unique units"),
            5 * self.units,
            plural(self.talents, "talent", "talents"),
            3 * self.talents,
            plural(self.sacked, "sacked site", "sacked sites"),
            2 * self.sacked,
            self.total()
        )
    }
}
