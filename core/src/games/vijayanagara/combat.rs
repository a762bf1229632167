//! Combat (§3.X, bringing together §1.10, §3.2.4, §3.3.4, §3.4.4, §3.5.3 and §2.6).
//!
//! C-1 participants, C-2 dice counts, C-3 the roll, C-4/C-5 one cavalry window per side
//! (attacker first), C-6 hits, C-7 simultaneous losses chosen by each side, C-8 the BK–VN
//! Influence shift. The Mongols decide nothing: their one Charge is automatic and their losses
//! can only be Mongols.

use serde::{Deserialize, Serialize};

use super::sequence::Frame;
use super::words;
use super::{
    Action, DecisionKind, Error, Faction, Log, Loyalty, Piece, PieceKind, SpaceId, State,
    Structure, VijayanagaraDecision,
};
use crate::engine::Decision;

/// An attack ready to be fought: who, where, and the attacker's participating units by the
/// space they stand in (supporters stay where they are, OQ-34).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct AttackPlan {
    pub space: SpaceId,
    pub attacker: Faction,
    pub defender: Faction,
    pub participants: Vec<(SpaceId, PieceKind, u8)>,
}

/// One die: its natural roll, its value after Charges, and whether a Screen removed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Die {
    /// The value rolled.
    pub natural: u8,
    /// The value after Charges.
    pub value: u8,
    /// Removed from this combat by a Screen.
    pub screened: bool,
}

/// Where a battle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum CombatStep {
    /// C-3: both sides roll.
    Roll,
    /// C-4: the attacker's cavalry window.
    AttackerCavalry,
    /// C-5: the defender's cavalry window.
    DefenderCavalry,
    /// C-6: hits are counted.
    Hits,
    /// C-7: the defender removes `remaining` pieces.
    DefenderLosses { remaining: u8 },
    /// C-7: the attacker removes `remaining` participating units.
    AttackerLosses { remaining: u8 },
    /// C-8 and the end.
    Influence,
}

/// A battle under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Combat {
    pub plan: AttackPlan,
    pub attacker_dice: Vec<Die>,
    pub defender_dice: Vec<Die>,
    /// Obedient defenders may be taken as losses (the §3.2.4 play note, OQ-36).
    pub obedient_allowed: bool,
    /// Attacker losses owed once the defender's are taken (C-7 is simultaneous).
    pub attacker_losses: u8,
    /// Pieces each side has removed: (attacker, defender), for C-8.
    pub removed: (u8, u8),
    pub step: CombatStep,
}

impl Combat {
    /// N_a: the attacker's participating units (C-1).
    fn attacker_units(&self) -> u8 {
        self.plan.participants.iter().map(|p| p.2).sum()
    }
}

/// C-6: hits of `dice` for a side with `units` participating units. The threshold is
/// min(units, 5); a die hits if its modified value is at or below it and not 6 (OQ-39), and
/// under the "natural 6 always misses" option if it did not roll a 6.
fn hits(dice: &[Die], units: u8, natural_six_misses: bool) -> u8 {
    let threshold = units.min(5);
    let hit = |d: &&Die| {
        !d.screened
            && d.value <= threshold
            && d.value != 6
            && !(natural_six_misses && d.natural == 6)
    };
    u8::try_from(dice.iter().filter(hit).count()).unwrap_or(u8::MAX)
}

/// The Mongols' automatic Charge (§1.10, §3.X, OQ-40): turn a miss into a hit if one die is
/// exactly one above the threshold, else protect a 2 from Screens by making it a 1.
fn mongol_charge(dice: &mut [Die], units: u8, natural_six_misses: bool) -> Option<u8> {
    let threshold = units.min(5);
    let natural_miss = |d: &Die| natural_six_misses && d.natural == 6;
    let qualifies = |d: &Die| !d.screened && !natural_miss(d);
    let index = dice
        .iter()
        .position(|d| qualifies(d) && d.value == threshold + 1)
        .or_else(|| dice.iter().position(|d| qualifies(d) && d.value == 2))?;
    dice[index].value -= 1;
    Some(dice[index].value)
}

impl State {
    /// Sets the next dice to roll, before the generator is used again: a test hook, so tests
    /// can fight a battle with known dice. Values outside 1..=6 are ignored.
    ///
    /// ```
    /// use darbar::vijayanagara::State;
    ///
    /// let mut state = State::new(1);
    /// state.force_dice(&[1, 3, 5, 6, 2, 4]);
    /// assert_eq!(state.forced_dice(), &[1, 3, 5, 6, 2, 4]);
    /// ```
    pub fn force_dice(&mut self, dice: &[u8]) {
        self.forced_dice
            .extend(dice.iter().copied().filter(|d| (1..=6).contains(d)));
    }

    /// The dice set by [`State::force_dice`] and not rolled yet.
    pub fn forced_dice(&self) -> &[u8] {
        &self.forced_dice
    }

    /// The battle under way, if the decision now is one of its steps (§3.X): the Combat frame
    /// on top of the stack.
    fn battle(&self) -> Option<&Combat> {
        match self.stack.last()? {
            Frame::Combat(combat) => Some(combat),
            _ => None,
        }
    }

    /// Where the battle under way is fought, its attacker and its defender (§3.X C-1).
    ///
    /// ```
    /// use darbar::vijayanagara::State;
    ///
    /// assert_eq!(State::new(1).battle_sides(), None);
    /// ```
    pub fn battle_sides(&self) -> Option<(SpaceId, Faction, Faction)> {
        self.battle()
            .map(|c| (c.plan.space, c.plan.attacker, c.plan.defender))
    }

    /// The dice of the battle under way as they show now (C-3 to C-5: rolled, then changed
    /// by Charges and Screens): the attacker's, then the defender's.
    pub fn battle_dice(&self) -> Option<(&[Die], &[Die])> {
        self.battle()
            .map(|c| (&c.attacker_dice[..], &c.defender_dice[..]))
    }

    /// The value at or below which each side's dice hit in the battle under way (C-6: the
    /// side's participating units, at most 5; a 6 never hits, OQ-39): the attacker's, then
    /// the defender's.
    pub fn battle_thresholds(&self) -> Option<(u8, u8)> {
        let combat = self.battle()?;
        let (attacker, defender) = self.battle_units(combat);
        Some((attacker.min(5), defender.min(5)))
    }

    /// The hits each side's dice score in the battle under way as they show now (C-6): the
    /// attacker's, then the defender's.
    pub fn battle_hits(&self) -> Option<(u8, u8)> {
        let combat = self.battle()?;
        let natural_six = self.options.natural_six_always_misses;
        let (attacker, defender) = self.battle_units(combat);
        Some((
            hits(&combat.attacker_dice, attacker, natural_six),
            hits(&combat.defender_dice, defender, natural_six),
        ))
    }

    /// The units each side counts for its hits (C-1, C-6): the attacker's participants, the
    /// defender's units in the space.
    fn battle_units(&self, combat: &Combat) -> (u8, u8) {
        let plan = &combat.plan;
        let defender = self.space(plan.space).units_of(plan.defender);
        (combat.attacker_units(), defender)
    }

    fn roll_die(&mut self) -> u8 {
        if self.forced_dice.is_empty() {
            self.rng.die()
        } else {
            self.forced_dice.remove(0)
        }
    }

    /// Starts a battle: it rolls at once (C-3) when the Combat frame takes its first step.
    pub(crate) fn begin_combat(&mut self, plan: AttackPlan, log: &mut Log) {
        log.say(|| attack_line(&plan));
        self.stack.push(Frame::Combat(Box::new(Combat {
            plan,
            attacker_dice: Vec::new(),
            defender_dice: Vec::new(),
            obedient_allowed: true,
            attacker_losses: 0,
            removed: (0, 0),
            step: CombatStep::Roll,
        })));
    }

    /// C-2: the attacker's dice. 4; 3 against BK where a Fort stands (DS and VN attackers);
    /// 3 for the Mongols in Delhi.
    fn attacker_dice_count(&self, plan: &AttackPlan) -> u8 {
        let fort = self.space(plan.space).structure == Some(Structure::Fort);
        let fort_defends = plan.defender == Faction::Bahmani
            && fort
            && matches!(plan.attacker, Faction::Sultanate | Faction::Vijayanagara);
        let mongols_in_delhi = plan.attacker == Faction::Mongols && plan.space == SpaceId::Delhi;
        if fort_defends || mongols_in_delhi {
            3
        } else {
            4
        }
    }

    /// The defender's pieces that may be taken as losses (C-7, OQ-35, OQ-36).
    fn defender_losses(&self, combat: &Combat) -> Vec<Piece> {
        let pieces = self.space(combat.plan.space);
        let defender = combat.plan.defender;
        let mut losses: Vec<Piece> = super::command::unit_pieces(defender)
            .filter(|&p| pieces.count_piece(p) > 0)
            .filter(|&p| combat.obedient_allowed || p.loyalty() != Some(Loyalty::Obedient))
            .collect();
        if let Some(structure) = pieces.structure.filter(|s| s.owner() == defender) {
            losses.push(Piece::of_kind(structure.kind()));
        }
        losses
    }

    /// The attacker's participating units that may be removed (C-7).
    fn attacker_losses(&self, combat: &Combat) -> Vec<(SpaceId, Piece)> {
        let mut losses = Vec::new();
        for &(space, kind, n) in &combat.plan.participants {
            if n == 0 {
                continue;
            }
            for loyalty in [Loyalty::Obedient, Loyalty::Rebelling] {
                let piece = Piece::with_loyalty(kind, loyalty);
                if self.space(space).count_piece(piece) > 0 && !losses.contains(&(space, piece)) {
                    losses.push((space, piece));
                }
                if !kind.has_loyalty() {
                    break;
                }
            }
        }
        losses
    }

    /// The decision of a battle, when a side has one to make.
    pub(crate) fn combat_decision(&self, combat: &Combat) -> Option<VijayanagaraDecision> {
        let plan = &combat.plan;
        let (player, choices) = match combat.step {
            CombatStep::AttackerCavalry | CombatStep::DefenderCavalry => {
                let attacking = combat.step == CombatStep::AttackerCavalry;
                let faction = if attacking {
                    plan.attacker
                } else {
                    plan.defender
                };
                let player = faction.player()?;
                if self.cavalry(player) == 0 {
                    return None;
                }
                let (own, theirs) = if attacking {
                    (&combat.attacker_dice, &combat.defender_dice)
                } else {
                    (&combat.defender_dice, &combat.attacker_dice)
                };
                let mut choices = Vec::new();
                // §1.10, OQ-38: Charge one's own die (never below 1); Screen an opposing die
                // that does not show 1.
                for (i, d) in own.iter().enumerate() {
                    if !d.screened && d.value >= 2 {
                        choices.push(Action::Charge(die_number(i)));
                    }
                }
                for (i, d) in theirs.iter().enumerate() {
                    if !d.screened && d.value != 1 {
                        choices.push(Action::Screen(die_number(i)));
                    }
                }
                choices.push(Action::Done);
                (player, choices)
            }
            CombatStep::DefenderLosses { remaining } if remaining > 0 => {
                let player = plan.defender.player()?;
                let choices = self
                    .defender_losses(combat)
                    .into_iter()
                    .map(|piece| Action::Remove {
                        space: plan.space,
                        piece,
                    })
                    .collect();
                (player, choices)
            }
            CombatStep::AttackerLosses { remaining } if remaining > 0 => {
                let player = plan.attacker.player()?;
                let choices = self
                    .attacker_losses(combat)
                    .into_iter()
                    .map(|(space, piece)| Action::Remove { space, piece })
                    .collect();
                (player, choices)
            }
            _ => return None,
        };
        Decision::new(player, DecisionKind::Combat { space: plan.space }, choices)
    }

    /// Applies a side's choice in a battle.
    pub(crate) fn combat_apply(
        &mut self,
        mut combat: Combat,
        action: Action,
        log: &mut Log,
    ) -> Result<(), Error> {
        let attacking = combat.step == CombatStep::AttackerCavalry;
        let side = if attacking {
            combat.plan.attacker
        } else {
            combat.plan.defender
        };
        match (combat.step, action) {
            (CombatStep::AttackerCavalry | CombatStep::DefenderCavalry, Action::Charge(n)) => {
                let player = side.player().ok_or(Error::NothingToDecide)?;
                self.return_cavalry(player, 1)?;
                let dice = if attacking {
                    &mut combat.attacker_dice
                } else {
                    &mut combat.defender_dice
                };
                let die = dice.get_mut(die_index(n)).ok_or(Error::NothingToDecide)?;
                die.value -= 1;
                let value = die.value;
                log.say(|| {
                    format!(
                        "{} Charges: its die {n} now shows {value} (§1.10)",
                        side.abbreviation()
                    )
                });
            }
            (CombatStep::AttackerCavalry | CombatStep::DefenderCavalry, Action::Screen(n)) => {
                let player = side.player().ok_or(Error::NothingToDecide)?;
                self.return_cavalry(player, 1)?;
                let dice = if attacking {
                    &mut combat.defender_dice
                } else {
                    &mut combat.attacker_dice
                };
                let die = dice.get_mut(die_index(n)).ok_or(Error::NothingToDecide)?;
                die.screened = true;
                let value = die.value;
                log.say(|| {
                    format!(
                        "{} Screens the opposing die {n} (showing {value}) (§1.10)",
                        side.abbreviation()
                    )
                });
            }
            (CombatStep::AttackerCavalry, Action::Done) => {
                combat.step = CombatStep::DefenderCavalry
            }
            (CombatStep::DefenderCavalry, Action::Done) => combat.step = CombatStep::Hits,
            (CombatStep::DefenderLosses { remaining }, Action::Remove { space, piece }) => {
                self.remove(space, piece, 1)?;
                combat.removed.1 += 1;
                log.say(|| {
                    format!(
                        "{} loses 1 {piece} in {space}",
                        combat.plan.defender.abbreviation()
                    )
                });
                combat.step = CombatStep::DefenderLosses {
                    remaining: remaining - 1,
                };
            }
            (CombatStep::AttackerLosses { remaining }, Action::Remove { space, piece }) => {
                self.remove(space, piece, 1)?;
                combat.removed.0 += 1;
                // A battle of a Command sits right above the Command's frame.
                if let Some(Frame::Command(cmd)) = self.stack.last_mut() {
                    cmd.release_used(space, piece);
                }
                if let Some(entry) = combat
                    .plan
                    .participants
                    .iter_mut()
                    .find(|p| p.0 == space && p.1 == piece.kind())
                {
                    entry.2 -= 1;
                }
                log.say(|| {
                    format!(
                        "{} loses 1 {piece} in {space}",
                        combat.plan.attacker.abbreviation()
                    )
                });
                combat.step = CombatStep::AttackerLosses {
                    remaining: remaining - 1,
                };
            }
            (_, action) => {
                self.stack.push(Frame::Combat(Box::new(combat)));
                return Err(self.unexpected(action));
            }
        }
        self.stack.push(Frame::Combat(Box::new(combat)));
        Ok(())
    }

    /// An automatic step of a battle.
    pub(crate) fn combat_step(&mut self, mut combat: Combat, log: &mut Log) -> Result<(), Error> {
        let natural_six = self.options.natural_six_always_misses;
        match combat.step {
            CombatStep::Roll => {
                let attacker_count = self.attacker_dice_count(&combat.plan);
                combat.attacker_dice = (0..attacker_count).map(|_| self.new_die()).collect();
                combat.defender_dice = (0..2).map(|_| self.new_die()).collect();
                log.say(|| {
                    format!(
                        "{} rolls {}; {} rolls {}",
                        combat.plan.attacker.abbreviation(),
                        dice_text(&combat.attacker_dice),
                        combat.plan.defender.abbreviation(),
                        dice_text(&combat.defender_dice)
                    )
                });
                combat.step = CombatStep::AttackerCavalry;
            }
            CombatStep::AttackerCavalry => {
                if combat.plan.attacker == Faction::Mongols {
                    let units = combat.attacker_units();
                    if let Some(v) = mongol_charge(&mut combat.attacker_dice, units, natural_six) {
                        log.say(|| format!("MI Charges: a die now shows {v} (§1.10)"));
                    }
                }
                combat.step = CombatStep::DefenderCavalry;
            }
            CombatStep::DefenderCavalry => {
                if combat.plan.defender == Faction::Mongols {
                    let units = self.space(combat.plan.space).mongols;
                    if let Some(v) = mongol_charge(&mut combat.defender_dice, units, natural_six) {
                        log.say(|| format!("MI Charges: a die now shows {v} (§1.10)"));
                    }
                }
                combat.step = CombatStep::Hits;
            }
            CombatStep::Hits => {
                let plan = &combat.plan;
                let defender_units = self.space(plan.space).units_of(plan.defender);
                let attacker_hits =
                    hits(&combat.attacker_dice, combat.attacker_units(), natural_six);
                let defender_hits = hits(&combat.defender_dice, defender_units, natural_six);
                // OQ-36: against DS, Obedient units fall only beside a Rebelling one of theirs.
                let pieces = self.space(plan.space);
                let rebels = match plan.defender {
                    Faction::Bahmani => pieces.amirs.rebelling,
                    Faction::Vijayanagara => pieces.rajas.rebelling,
                    _ => 0,
                };
                combat.obedient_allowed = plan.attacker != Faction::Sultanate || rebels > 0;
                let eligible: u8 = self
                    .defender_losses(&combat)
                    .iter()
                    .map(|&p| self.space(plan.space).count_piece(p))
                    .sum();
                let defender_losses = attacker_hits.min(eligible);
                combat.attacker_losses = defender_hits.min(combat.attacker_units());
                log.say(|| {
                    format!(
                        "{}; {} (C-6)",
                        hits_text(
                            plan.attacker,
                            &combat.attacker_dice,
                            combat.attacker_units(),
                            attacker_hits,
                            natural_six
                        ),
                        hits_text(
                            plan.defender,
                            &combat.defender_dice,
                            defender_units,
                            defender_hits,
                            natural_six
                        )
                    )
                });
                combat.step = CombatStep::DefenderLosses {
                    remaining: defender_losses,
                };
            }
            CombatStep::DefenderLosses { remaining } => {
                // Only the Mongols come here with losses owed: they have nothing to choose.
                if remaining > 0 && combat.plan.defender == Faction::Mongols {
                    let space = combat.plan.space;
                    let n = remaining.min(self.space(space).mongols);
                    self.remove(space, Piece::Mongol, n)?;
                    combat.removed.1 += n;
                    log.say(|| {
                        format!(
                            "MI loses {} in {space}",
                            words::pieces(n, PieceKind::Mongol)
                        )
                    });
                }
                combat.step = CombatStep::AttackerLosses {
                    remaining: combat.attacker_losses,
                };
            }
            CombatStep::AttackerLosses { remaining } => {
                if remaining > 0 && combat.plan.attacker == Faction::Mongols {
                    let space = combat.plan.space;
                    let n = remaining.min(self.space(space).mongols);
                    self.remove(space, Piece::Mongol, n)?;
                    combat.removed.0 += n;
                    log.say(|| {
                        format!(
                            "MI loses {} in {space}",
                            words::pieces(n, PieceKind::Mongol)
                        )
                    });
                }
                combat.step = CombatStep::Influence;
            }
            CombatStep::Influence => {
                self.influence_after_battle(&combat, log)?;
                return Ok(());
            }
        }
        self.stack.push(Frame::Combat(Box::new(combat)));
        Ok(())
    }

    /// C-8 (§3.3.4, §3.4.4): between BK and VN, the side that lost fewer pieces gains 1
    /// Influence and the other loses 1; equal losses change nothing.
    fn influence_after_battle(&mut self, combat: &Combat, log: &mut Log) -> Result<(), Error> {
        let (attacker, defender) = (combat.plan.attacker.player(), combat.plan.defender.player());
        let (Some(a), Some(d)) = (attacker, defender) else {
            return Ok(());
        };
        if !(a.has_influence_track() && d.has_influence_track()) {
            return Ok(());
        }
        let (winner, loser) = match combat.removed.0.cmp(&combat.removed.1) {
            std::cmp::Ordering::Less => (a, d),
            std::cmp::Ordering::Greater => (d, a),
            std::cmp::Ordering::Equal => return Ok(()),
        };
        let up = self.shift_influence(winner, 1)?;
        let down = self.shift_influence(loser, -1)?;
        log.say(|| {
            let (winner, loser) = (winner.abbreviation(), loser.abbreviation());
            format!("{winner} lost fewer pieces: Influence {winner} {up}, {loser} {down} (C-8)")
        });
        Ok(())
    }

    fn new_die(&mut self) -> Die {
        let value = self.roll_die();
        Die {
            natural: value,
            value,
            screened: false,
        }
    }
}

/// Dice are numbered from 1 in actions.
fn die_number(index: usize) -> u8 {
    u8::try_from(index + 1).unwrap_or(u8::MAX)
}

fn die_index(number: u8) -> usize {
    usize::from(number.saturating_sub(1))
}

fn dice_text(dice: &[Die]) -> String {
    let values: Vec<String> = dice.iter().map(|d| d.value.to_string()).collect();
    values.join(", ")
}

/// "BK attacks DS in Madhyadesh with 3 Amirs: 2 there, 1 supporting from Maharashtra (§3.X)":
/// the attacker's participants by the space they stand in (supporters stay where they are).
fn attack_line(plan: &AttackPlan) -> String {
    let mut kinds: Vec<PieceKind> = Vec::new();
    for &(_, kind, _) in &plan.participants {
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    let total = |kind: PieceKind| -> u8 {
        plan.participants
            .iter()
            .filter(|p| p.1 == kind)
            .map(|p| p.2)
            .sum()
    };
    let army: Vec<String> = kinds
        .iter()
        .map(|&kind| words::pieces(total(kind), kind))
        .collect();
    let army = if army.is_empty() {
        "no units".to_owned()
    } else {
        army.join(" and ")
    };
    let mut line = format!(
        "{} attacks {} in {} with {army}",
        plan.attacker.abbreviation(),
        plan.defender.abbreviation(),
        plan.space
    );
    let supporting = plan.participants.iter().any(|p| p.0 != plan.space);
    if supporting {
        let parts: Vec<String> = plan
            .participants
            .iter()
            .map(|&(space, kind, n)| {
                if space == plan.space {
                    format!("{} there", words::pieces(n, kind))
                } else {
                    format!("{} supporting from {space}", words::pieces(n, kind))
                }
            })
            .collect();
        line += &format!(": {}", parts.join(", "));
    }
    line
}

/// One side's dice after Charges and Screens, what hits and how many did (C-6): "BK dice 5,
/// 6, 6, 6 (3 units: a hit on 3 or less): 0 hits".
fn hits_text(side: Faction, dice: &[Die], units: u8, hits: u8, natural_six_misses: bool) -> String {
    let faces: Vec<String> = dice
        .iter()
        .map(|d| {
            if d.screened {
                format!("{} screened", d.value)
            } else {
                d.value.to_string()
            }
        })
        .collect();
    let threshold = units.min(5);
    let rule = if threshold == 0 {
        "no hit".to_owned()
    } else if natural_six_misses {
        format!("a hit on {threshold} or less, never a natural 6")
    } else {
        format!("a hit on {threshold} or less")
    };
    format!(
        "{} dice {} ({}: {rule}): {}",
        side.abbreviation(),
        faces.join(", "),
        words::count(units, "unit", "units"),
        words::count(hits, "hit", "hits")
    )
}
