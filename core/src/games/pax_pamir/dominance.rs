//! Dominance Checks, scoring and the end of the game (PP-13).

use super::frame::{Frame, Place};
use super::pieces::Ctx;
use super::state::{EndReason, Outcome};
use super::{Ability, CardData, Coalition, EventEffect, Region, State, Suit};

/// What a Dominance Check found and awarded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckResult {
    /// The dominant coalition, if any (PP-13.2).
    pub dominant: Option<Coalition>,
    /// Whether it was the final check (PP-13.6).
    pub is_final: bool,
    /// Each participant's score and the VP it gained, by seat.
    pub awards: Vec<(usize, u16, u16)>,
}

impl State {
    /// The dominant coalition now (PP-13.2): at least `margin` more blocks on the map than
    /// each other coalition.
    pub fn dominant_coalition(&self, cards: &CardData) -> Option<Coalition> {
        let margin = if self.global_effect(cards, EventEffect::ConflictFatigue) {
            2
        } else {
            4
        };
        Coalition::ALL.into_iter().find(|&k| {
            let count = u16::from(self.blocks_on_map(k));
            Coalition::ALL
                .into_iter()
                .filter(|&l| l != k)
                .all(|l| count >= u16::from(self.blocks_on_map(l)) + margin)
        })
    }

    /// The winners by VP, then military stars, then rupees; a tie after both is shared
    /// (PP-13.9, PP-OQ-29).
    pub(crate) fn winners(&self, cards: &CardData) -> u8 {
        let key = |p: usize| {
            (
                self.players[p].vp,
                self.stars(cards, p, Suit::Military),
                self.players[p].rupees,
            )
        };
        let best = (0..self.players()).map(key).max();
        (0..self.players())
            .filter(|&p| Some(key(p)) == best)
            .fold(0, |bits, p| bits | (1 << p))
    }
}

/// Splits `points` by place among `scores` (PP-13.5): tied players share the points of the
/// places they take, rounded down. Returns each seat's gain.
pub fn award(points: &[u16], scores: &[(usize, u16)]) -> Vec<(usize, u16)> {
    let mut sorted: Vec<(usize, u16)> = scores.to_vec();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut gains = Vec::new();
    let mut place = 0;
    let mut i = 0;
    while i < sorted.len() {
        let score = sorted[i].1;
        let group: Vec<usize> = sorted[i..]
            .iter()
            .take_while(|e| e.1 == score)
            .map(|e| e.0)
            .collect();
        let pool: u16 = (place..place + group.len())
            .map(|k| points.get(k).copied().unwrap_or(0))
            .sum();
        let each = pool / group.len() as u16;
        for &seat in &group {
            gains.push((seat, each));
        }
        place += group.len();
        i += group.len();
    }
    gains
}

impl Ctx<'_> {
    /// Resolves a Dominance Check (PP-13.7). The card itself has already left the market.
    pub(crate) fn dominance_check(&mut self) {
        let dominant = self.s.dominant_coalition(self.cards);
        let is_final = !self.s.dominance_checks_left();
        let double = if is_final { 2 } else { 1 };
        let (points, scores): (Vec<u16>, Vec<(usize, u16)>) = match dominant {
            Some(k) => (
                vec![5 * double, 3 * double, double],
                (0..self.s.players())
                    .filter(|&p| self.s.loyal_to(p, k))
                    .map(|p| {
                        let influence = if self.s.is_wakhan(p) {
                            self.s.wakhan_influence(self.cards, k) // WK-11.5
                        } else {
                            self.s.influence(self.cards, p)
                        };
                        (p, influence)
                    })
                    .collect(),
            ),
            None => (
                vec![3 * double, double],
                (0..self.s.players())
                    .map(|p| (p, u16::from(self.s.cylinders_in_play(p))))
                    .collect(),
            ),
        };
        self.log.say(|| {
            let what = match dominant {
                Some(k) => format!("the {} coalition is dominant: influence scores", k.title()),
                None => "no coalition is dominant: cylinders in play score".into(),
            };
            let kind = if is_final {
                "final Dominance Check"
            } else {
                "Dominance Check"
            };
            format!("{kind} (PP-13): {what}")
        });
        for (seat, gain) in award(&points, &scores) {
            self.s.players[seat].vp += gain;
            let score = scores.iter().find(|s| s.0 == seat).map_or(0, |s| s.1);
            let who = self.s.name_of(seat as u8);
            self.log
                .say(|| format!("{who} scores {score} and gains {gain} VP"));
        }
        // PP-13.8: a lead of 4 VP over every other player ends the game.
        let vps: Vec<u16> = (0..self.s.players())
            .map(|p| self.s.players[p].vp)
            .collect();
        let leader =
            (0..vps.len()).find(|&p| (0..vps.len()).all(|q| q == p || vps[p] >= vps[q] + 4));
        if let Some(leader) = leader {
            self.end(Outcome {
                reason: EndReason::Lead,
                winners: 1 << leader,
            });
            return;
        }
        if is_final {
            let winners = self.s.winners(self.cards);
            self.end(Outcome {
                reason: EndReason::FinalCheck,
                winners,
            });
            return;
        }
        if dominant.is_some() {
            self.s.armies = [[0; 6]; 3];
            self.s.roads = [[0; 9]; 3];
            self.s.turn.placed.retain(|&(_, piece)| {
                !matches!(
                    piece,
                    super::action::Piece::Army(_) | super::action::Piece::Road(_)
                )
            });
            self.log.say(|| "every block leaves the map".into());
        }
        self.end_lasting_effects();
        // PP-13.7 step 7: Insurrection, in turn order from the active player.
        let active = self.s.active();
        let insurgents: Vec<usize> = self
            .s
            .order_from(active)
            .filter(|&p| self.s.has_ability(self.cards, p, Ability::Insurrection))
            .collect();
        for &p in insurgents.iter().rev() {
            let place = Place::Army(Coalition::Afghan, Region::Kabul);
            for _ in 0..2 {
                self.s.stack.push(Frame::Place {
                    player: p as u8,
                    place,
                });
            }
        }
    }

    /// Ends the game (PP-13.8, PP-13.9): the turn stops at once (PP-OQ-26).
    pub(crate) fn end(&mut self, outcome: Outcome) {
        self.s.outcome = Some(outcome);
        self.s.stack.clear();
        let names: Vec<String> = outcome.winners().map(|s| self.s.name_of(s as u8)).collect();
        self.log.say(|| {
            let why = match outcome.reason {
                EndReason::Lead => "a lead of 4 VP (PP-13.8)",
                EndReason::FinalCheck => "the final Dominance Check (PP-13.9)",
            };
            format!("the game ends after {why}: {} wins", names.join(" and "))
        });
    }
}
