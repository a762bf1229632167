//! What the player must decide now, the legal answers, and applying one (architecture
//! principles 2 and 3).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::state::Phase;
use super::{Action, Error, Log, RaidData, SiteId, State, Talent, TalentSet, Trade};
use crate::engine::{Decision, Rule};

/// The one player of the raid game; the GM is the engine (RG-OQ-20, ruling 27).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Raider;

impl fmt::Display for Raider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the raider")
    }
}

/// What a pending decision is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// Which site to scout, if any (RG-4).
    Scout,
    /// Which site to raid next, or end the raids (RG-5.1, RG-5.6).
    Raid {
        /// The number the next raid of the turn would have, from 1.
        next: u32,
    },
    /// Whether to plunder on (RG-5.5).
    Plunder {
        /// The site being plundered.
        site: SiteId,
        /// The step that would come next, from 1.
        step: u32,
    },
    /// Which talent to take for a multiple of 5 recruits (RG-7.2, ruling 10).
    Talent,
    /// Trades, recruitment, or the end of settlement (RG-7.1, RG-7.2).
    Settlement,
}

impl DecisionKind {
    /// The rule that says what is legal in this decision.
    ///
    /// ```
    /// use darbar::engine::Rule;
    /// use darbar::raid::DecisionKind;
    ///
    /// assert_eq!(DecisionKind::Scout.rule(), Rule("RG-4"));
    /// assert_eq!(DecisionKind::Talent.rule(), Rule("ruling 10"));
    /// ```
    pub fn rule(self) -> Rule {
        match self {
            DecisionKind::Scout => Rule("RG-4"),
            DecisionKind::Raid { .. } => Rule("RG-5.1"),
            DecisionKind::Plunder { .. } => Rule("RG-5.5"),
            DecisionKind::Talent => Rule("ruling 10"),
            DecisionKind::Settlement => Rule("RG-7"),
        }
    }
}

impl fmt::Display for DecisionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DecisionKind::Scout => f.write_str("a site to scout, or none"),
            DecisionKind::Raid { next } => write!(f, "raid number {next} of the turn, or none"),
            DecisionKind::Plunder { site, step } => {
                write!(f, "whether to plunder {site} a step {step}")
            }
            DecisionKind::Talent => f.write_str("a talent earned by recruitment"),
            DecisionKind::Settlement => f.write_str("a trade, a recruitment, or the upkeep"),
        }
    }
}

/// The decisions of the raid game.
pub type RaidDecision = Decision<Raider, DecisionKind, Action>;

impl State {
    /// The decision the game is waiting for, or `None` once the game is over.
    ///
    /// ```
    /// use darbar::raid::{Action, DecisionKind, State};
    ///
    /// let state = State::new(1);
    /// let decision = state.decision().unwrap();
    /// assert_eq!(decision.kind, DecisionKind::Scout);
    /// // Twelve sites may be scouted (castles are reserved, ruling 13), or none.
    /// assert_eq!(decision.choices.len(), 13);
    /// assert!(decision.allows(&Action::SkipScout));
    /// ```
    pub fn decision(&self) -> Option<RaidDecision> {
        let (kind, choices) = match self.phase {
            Phase::Over => return None,
            Phase::Scout => {
                let mut choices: Vec<Action> = SiteId::ALL
                    .into_iter()
                    .filter(|&s| self.in_play(s))
                    .map(Action::Scout)
                    .collect();
                choices.push(Action::SkipScout);
                (DecisionKind::Scout, choices)
            }
            Phase::Raid => {
                let mut choices: Vec<Action> = if self.next_raid_power() >= 1 {
                    SiteId::ALL
                        .into_iter()
                        .filter(|&s| self.is_raidable(s) && !self.raided.contains(&s))
                        .map(Action::Raid)
                        .collect()
                } else {
                    Vec::new()
                };
                choices.push(Action::EndRaids);
                let next = u32::try_from(self.raided.len() + 1).unwrap_or(u32::MAX);
                (DecisionKind::Raid { next }, choices)
            }
            Phase::Plunder => {
                let plunder = self.plunder?;
                let kind = DecisionKind::Plunder {
                    site: plunder.site,
                    step: plunder.steps + 1,
                };
                (kind, vec![Action::Plunder, Action::StopPlunder])
            }
            Phase::Settlement if self.talent_picks > 0 => {
                let choices = self
                    .talent_choices()
                    .iter()
                    .map(Action::ChooseTalent)
                    .collect();
                (DecisionKind::Talent, choices)
            }
            Phase::Settlement => {
                let mut choices: Vec<Action> = Trade::ALL
                    .into_iter()
                    .filter(|&t| self.trade_allowed(t))
                    .map(Action::Trade)
                    .collect();
                if !self.recruited_this_turn {
                    // Ruling 22: any X >= 1 funds; ruling 30: no maximum. Engine limit: one
                    // recruitment spends at most `Action::MAX_RECRUIT_FUNDS` (999), so that
                    // every action has a fixed number (`ACTION_COUNT`).
                    let most = self.player.funds.min(Action::MAX_RECRUIT_FUNDS);
                    choices.extend((1..=most).map(Action::Recruit));
                }
                choices.push(Action::EndSettlement);
                (DecisionKind::Settlement, choices)
            }
        };
        Decision::new(Raider, kind, choices)
    }

    /// The legal actions now, in a stable order (empty once the game is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        self.decision().map(|d| d.choices).unwrap_or_default()
    }

    /// The talents recruitment may grant now: recruitable and not yet owned (ruling 10).
    pub fn talent_choices(&self) -> TalentSet {
        RaidData::standard()
            .recruitable_talents()
            .iter()
            .filter(|&t| !self.talents.contains(t))
            .collect()
    }

    /// Whether `trade` can be made now: the player can pay, and 商才 is held and unused.
    pub(crate) fn trade_allowed(&self, trade: Trade) -> bool {
        let p = &self.player;
        match trade {
            Trade::BuyFood => p.funds >= 1,
            Trade::BuyWeapon | Trade::BuySlave => p.funds >= 2,
            Trade::SellWeapons => p.weapons >= 2,
            Trade::SellSlave => p.slaves >= 1,
            Trade::MerchantWeapon => {
                p.funds >= 1 && !self.merchant_used && self.has_talent(Talent::Merchant)
            }
        }
    }

    /// Plays an action that must be one of [`State::legal_actions`]: the body of
    /// [`Raid`](super::Raid)'s [`Game::apply_unchecked`](crate::engine::Game::apply_unchecked),
    /// the one route by which every action is applied
    /// ([`Game::apply`](crate::engine::Game::apply) checks it first). An unlisted action may
    /// leave the state inconsistent.
    ///
    /// Every GM roll of the action (ruling 27) is said to `log` before what the action did:
    /// those the player sees as lines of the table's log, the drift rolls (RG-9: sites change
    /// unseen) as sealed lines, which a log of the finished game shows in their place. All of
    /// them are kept in [`State::rolls`] until the next action: the state holds one action's
    /// rolls, never the game's.
    pub(crate) fn play_listed(&mut self, action: Action, log: &mut Log) {
        self.rolls.clear();
        if !log.is_recording() {
            return self.carry_out(action, log);
        }
        let mut narrative = log.fresh();
        self.carry_out(action, &mut narrative);
        for roll in &self.rolls {
            if roll.what.seen_by_player() {
                log.say(|| roll.to_string());
            } else {
                log.say_sealed(|| roll.to_string());
            }
        }
        log.append(narrative);
    }

    /// What `action` does, by the rules of its phase.
    fn carry_out(&mut self, action: Action, log: &mut Log) {
        match action {
            Action::Scout(site) => self.scout(site, log),
            Action::SkipScout => {
                log.say(|| "no scouting today".into());
                self.phase = Phase::Raid;
            }
            Action::Raid(site) => self.raid(site, log),
            Action::EndRaids => self.end_raids(log),
            Action::Plunder => self.plunder_step(log),
            Action::StopPlunder => {
                log.say(|| "the plunder stops".into());
                self.plunder = None;
                self.phase = Phase::Raid;
            }
            Action::Trade(trade) => self.trade(trade, log),
            Action::Recruit(funds) => self.recruit(funds, log),
            Action::ChooseTalent(talent) => {
                self.talents.insert(talent);
                self.talent_picks = self.talent_picks.saturating_sub(1);
                if self.talent_choices().is_empty() {
                    self.talent_picks = 0;
                }
                log.say(|| format!("the player gains the talent {talent}"));
            }
            Action::EndSettlement => self.end_settlement(log),
        }
    }

    /// The most specific error for an action that is not a legal choice.
    pub(crate) fn refusal(&self, action: Action, kind: DecisionKind) -> Error {
        let phase_of = |action: Action| match action {
            Action::Scout(_) | Action::SkipScout => Phase::Scout,
            Action::Raid(_) | Action::EndRaids => Phase::Raid,
            Action::Plunder | Action::StopPlunder => Phase::Plunder,
            Action::Trade(_)
            | Action::Recruit(_)
            | Action::ChooseTalent(_)
            | Action::EndSettlement => Phase::Settlement,
        };
        if phase_of(action) != self.phase {
            return Error::WrongPhase {
                action: action.to_string(),
                phase: self.phase,
            };
        }
        if kind == DecisionKind::Talent {
            return match action {
                Action::ChooseTalent(_) => Error::TalentNotOffered,
                _ => Error::TalentOwed,
            };
        }
        match action {
            Action::Scout(site) | Action::Raid(site) if !self.in_play(site) => Error::Castle(site),
            Action::Raid(site) if !self.is_raidable(site) => Error::NotRaidable(site),
            Action::Raid(site) if self.raided.contains(&site) => Error::RaidedThisTurn(site),
            Action::Raid(_) => Error::TooWeak {
                power: self.next_raid_power(),
            },
            Action::Trade(Trade::MerchantWeapon) if self.player.funds >= 1 => Error::MerchantTrade,
            Action::Trade(_) => Error::CannotAfford {
                action: action.to_string(),
            },
            Action::Recruit(_) if self.recruited_this_turn => Error::RecruitmentSpent,
            Action::Recruit(0) => Error::RecruitmentSpent,
            Action::Recruit(funds) if funds > Action::MAX_RECRUIT_FUNDS => Error::RecruitTooLarge {
                max: Action::MAX_RECRUIT_FUNDS,
            },
            Action::Recruit(_) => Error::CannotAfford {
                action: action.to_string(),
            },
            Action::ChooseTalent(_) => Error::TalentNotOffered,
            _ => Error::IllegalAction {
                action: action.to_string(),
                rule: kind.rule(),
            },
        }
    }
}
