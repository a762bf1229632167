//! The battle procedure (RG-5.2), used for raids and for fights against regulars (RG-5.5),
//! with the talents of ruling 9 as power and dice modifiers.
//!
//! [`fight`] is a pure function of the two sides, the result table and a source of d6 rolls,
//! so that tests can script every die.

use serde::{Deserialize, Serialize};

use super::{BandEffect, BattleTable};

/// One side of a battle at its start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fighter {
    /// Real strength: `min(soldiers, weapons)`, plus the player's unit bonuses, minus fatigue
    /// (RG-5.2.1, ruling 7). Only real points lost become casualties.
    pub real: u32,
    /// Wall points (《Rampart》 +1, 《Castle Wall》 +2, ruling 9): lost first, never
    /// casualties.
    pub wall: u32,
    /// 〈Elite〉: one extra d6 in every exchange (ruling 9).
    pub elite: bool,
}

impl Fighter {
    /// The side's power: real and wall points.
    pub fn power(&self) -> u32 {
        self.real + self.wall
    }

    /// Loses `n` power, wall points first (ruling 9), never below 0.
    fn lose(&mut self, n: u32) {
        let from_wall = n.min(self.wall);
        self.wall -= from_wall;
        self.real = self.real.saturating_sub(n - from_wall);
    }

    fn roll(&self, roll_d6: &mut dyn FnMut() -> u8) -> (u32, Vec<u8>) {
        let power = self.power();
        // Ruling 1: a side at power 0 rolls nothing; 〈Elite〉 adds one die (ruling 9).
        let count = if power == 0 {
            0
        } else {
            power + u32::from(self.elite)
        };
        let dice: Vec<u8> = (0..count).map(|_| roll_d6()).collect();
        let total = 2 * power + dice.iter().map(|&d| u32::from(d)).sum::<u32>();
        (total, dice)
    }
}

/// Who won a battle (RG-5.2.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The defender is at 0 and the attacker is not.
    AttackerWins,
    /// The attacker is at 0 and the defender is not.
    AttackerLoses,
    /// Both at 0 (ruling 3), or neither after the last exchange (ruling 5).
    Draw,
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Outcome::AttackerWins => "the raider wins",
            Outcome::AttackerLoses => "the raider loses",
            Outcome::Draw => "a draw",
        })
    }
}

/// One exchange (RG-5.2.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exchange {
    /// The attacker's power when rolling.
    pub attacker_power: u32,
    /// The defender's power when rolling.
    pub defender_power: u32,
    /// The attacker's dice.
    pub attacker_dice: Vec<u8>,
    /// The defender's dice.
    pub defender_dice: Vec<u8>,
    /// The attacker's total, `2P + dice`.
    pub attacker_roll: u32,
    /// The defender's total.
    pub defender_roll: u32,
    /// The result's name from the table.
    pub result: String,
}

impl Exchange {
    /// `|attacker − defender|`.
    pub fn diff(&self) -> u32 {
        self.attacker_roll.abs_diff(self.defender_roll)
    }
}

/// Everything a battle did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleReport {
    /// The attacker at the start.
    pub attacker_start: Fighter,
    /// The defender at the start.
    pub defender_start: Fighter,
    /// The attacker at the end.
    pub attacker_end: Fighter,
    /// The defender at the end.
    pub defender_end: Fighter,
    /// The exchanges, in order.
    pub exchanges: Vec<Exchange>,
    /// Who won.
    pub outcome: Outcome,
}

impl BattleReport {
    /// The attacker's real strength lost, `L` (ruling 7).
    pub fn attacker_lost(&self) -> u32 {
        self.attacker_start.real - self.attacker_end.real
    }

    /// The defender's real strength lost, wall points not counted (ruling 7).
    pub fn defender_lost(&self) -> u32 {
        self.defender_start.real - self.defender_end.real
    }

    /// Soldiers, and weapons, the attacker loses: `ceil(L / 2)` (RG-5.2.5).
    pub fn attacker_casualties(&self) -> u32 {
        self.attacker_lost().div_ceil(2)
    }

    /// Soldiers, and weapons, the defender loses: `ceil(L / 2)` (RG-5.2.5).
    pub fn defender_casualties(&self) -> u32 {
        self.defender_lost().div_ceil(2)
    }
}

/// Fights a battle (RG-5.2): exchanges until a side is at 0 or the table's exchange limit is
/// reached. `roll_d6` gives each die, attacker's dice first in every exchange.
///
/// The worked example RG-12.4 (player S = 4 against a village at S = 2, dice totalling 14
/// and 7, a difference of 11):
///
/// ```
/// use darbar::raid::{Fighter, Outcome, RaidData, fight};
///
/// let mut dice = [3, 3, 4, 4, 3, 4].into_iter();
/// let report = fight(
///     Fighter { real: 4, wall: 0, elite: false },
///     Fighter { real: 2, wall: 0, elite: false },
///     &RaidData::standard().battle,
///     &mut || dice.next().unwrap(),
/// );
/// assert_eq!(report.exchanges[0].attacker_roll, 22);
/// assert_eq!(report.exchanges[0].defender_roll, 11);
/// assert_eq!(report.outcome, Outcome::AttackerWins);
/// assert_eq!((report.attacker_casualties(), report.defender_casualties()), (0, 1));
/// ```
pub fn fight(
    attacker: Fighter,
    defender: Fighter,
    table: &BattleTable,
    roll_d6: &mut dyn FnMut() -> u8,
) -> BattleReport {
    let mut a = attacker;
    let mut d = defender;
    let mut exchanges = Vec::new();
    while a.power() > 0 && d.power() > 0 && exchanges.len() < table.max_exchanges as usize {
        let (attacker_power, defender_power) = (a.power(), d.power());
        let (attacker_roll, attacker_dice) = a.roll(roll_d6);
        let (defender_roll, defender_dice) = d.roll(roll_d6);
        let band = table.band(attacker_roll.abs_diff(defender_roll));
        let loser = if attacker_roll < defender_roll {
            &mut a
        } else {
            &mut d
        };
        match band.effect {
            // Ruling 4: 0–2 is symmetric, whoever rolled lower.
            BandEffect::BothLoseOne => {
                a.lose(1);
                d.lose(1);
            }
            // A tie falls in the stalemate band of the standard table; a table whose first
            // band is not symmetric makes the defender the loser of a tie.
            BandEffect::LoserLoses(n) => loser.lose(n),
            BandEffect::LoserToZero => {
                let all = loser.power();
                loser.lose(all);
            }
        }
        exchanges.push(Exchange {
            attacker_power,
            defender_power,
            attacker_dice,
            defender_dice,
            attacker_roll,
            defender_roll,
            result: band.name.clone(),
        });
    }
    let outcome = match (a.power(), d.power()) {
        (1.., 0) => Outcome::AttackerWins,
        (0, 1..) => Outcome::AttackerLoses,
        _ => Outcome::Draw,
    };
    BattleReport {
        attacker_start: attacker,
        defender_start: defender,
        attacker_end: a,
        defender_end: d,
        exchanges,
        outcome,
    }
}
