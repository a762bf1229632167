//! Final scoring (TI-16.2–16.5, TI-14, TI-15, TI-12) on the state after note repayment
//! (TI-21.12), and the winners (TI-16.4).

use super::content::{Content, Effect, Op, PlanAward, PolicyWhen};
use super::rules::Ctx;
use super::state::{NOTE_REPAYMENT, Outcome, Score, State};

/// Influence lost per note still held (TI-10).
const NOTE_INFLUENCE: i64 = 7;

impl State {
    /// The share unit value of each seat's colour by IndustryAV rank, ties by influence
    /// order (TI-16.2).
    pub(crate) fn share_values(&self, c: &Content) -> Vec<u32> {
        let mut ranked: Vec<u8> = self.influence_order();
        ranked.sort_by_key(|&s| std::cmp::Reverse(self.industry_av(c, s))); // stable: ties keep influence order
        let mut values = vec![0; self.seat_count()];
        for (rank, &seat) in ranked.iter().enumerate() {
            values[usize::from(seat)] = match rank {
                0 => 60,
                1 => 40,
                2 => 20,
                _ => self.options.fourth_share_value,
            };
        }
        values
    }

    /// The influence a bundle of an end condition gives (`INF`, `per` and `if` of TC-1.2).
    fn end_influence(&self, c: &Content, seat: u8, bundle: &[Effect]) -> u32 {
        bundle
            .iter()
            .map(|effect| match effect {
                Effect::Influence { n } => *n,
                Effect::Per { counter, each, max } => match each.as_ref() {
                    Effect::Influence { n } => {
                        let total = n * self.count(c, seat, counter);
                        max.map_or(total, |m| total.min(m))
                    }
                    _ => 0,
                },
                Effect::If {
                    counter,
                    op,
                    k,
                    then,
                } => {
                    let value = self.count(c, seat, counter);
                    let holds = match op {
                        Op::AtLeast => value >= *k,
                        Op::Equals => value == *k,
                    };
                    if holds {
                        self.end_influence(c, seat, then)
                    } else {
                        0
                    }
                }
                _ => 0,
            })
            .sum()
    }

    /// The planning commission awards of every seat (TI-14, TI-21.9, TC-9).
    pub(crate) fn plan_awards(&self, c: &Content) -> Vec<u32> {
        let n = self.seat_count();
        let mut awards = vec![0; n];
        for &p in &self.plans {
            let plan = &c.plans[usize::from(p)];
            match &plan.award {
                PlanAward::Independent { effects } => {
                    for seat in 0..n as u8 {
                        awards[usize::from(seat)] += self.end_influence(c, seat, effects);
                    }
                }
                PlanAward::Competitive {
                    counter,
                    awards: places,
                } => {
                    let values: Vec<u32> =
                        (0..n as u8).map(|s| self.count(c, s, counter)).collect();
                    let mut distinct: Vec<u32> =
                        values.iter().copied().filter(|&v| v >= 1).collect();
                    distinct.sort_unstable_by(|a, b| b.cmp(a));
                    distinct.dedup();
                    let mut place = 0;
                    for value in distinct {
                        if place >= 2 {
                            break;
                        }
                        let tied: Vec<usize> = (0..n).filter(|&s| values[s] == value).collect();
                        let sum: u32 = (place..place + tied.len())
                            .map(|k| places.get(k).copied().unwrap_or(0))
                            .sum();
                        for &s in &tied {
                            awards[s] += sum / tied.len() as u32;
                        }
                        place += tied.len();
                    }
                }
            }
        }
        awards
    }

    /// Every seat's score (TI-16.2, TI-16.3, TI-16.5).
    pub fn scores(&self, c: &Content) -> Vec<Score> {
        let values = self.share_values(c);
        let plans = self.plan_awards(c);
        (0..self.seat_count() as u8)
            .map(|seat| {
                let me = &self.seats[usize::from(seat)];
                let industry_av = self.industry_av(c, seat);
                let share_av: u32 = me
                    .held
                    .iter()
                    .enumerate()
                    .map(|(colour, &k)| u32::from(k) * values.get(colour).copied().unwrap_or(0))
                    .sum();
                let track_av: u32 = (0..6)
                    .map(|i| c.tracks.asset_value[i][usize::from(me.levels[i]).min(7)])
                    .sum();
                let merit_av: u32 = me
                    .merits
                    .iter()
                    .map(|m| c.merits[usize::from(m.card)].end_av)
                    .sum();
                let notes = i64::from(me.notes);
                let asset_value = i64::from(industry_av + share_av + track_av + merit_av)
                    - i64::from(NOTE_REPAYMENT) * notes;
                let policy_influence: u32 = me
                    .policies
                    .iter()
                    .map(|&p| &c.policies[usize::from(p)].effect)
                    .filter(|e| e.when == PolicyWhen::End)
                    .map(|e| self.end_influence(c, seat, &e.effects))
                    .sum();
                let plan_influence = plans[usize::from(seat)];
                let influence = i64::from(me.influence + plan_influence + policy_influence)
                    - NOTE_INFLUENCE * notes;
                let favour_support: u32 = self
                    .favours
                    .iter()
                    .map(|&f| u32::from(me.level(c.favours[usize::from(f)].sector)))
                    .sum();
                let policy_support: u32 = me
                    .policies
                    .iter()
                    .map(|&p| c.policies[usize::from(p)].end_support)
                    .sum();
                let agenda_support: u32 = me
                    .agenda
                    .first()
                    .map(|&a| {
                        let agenda = &c.agendas[usize::from(a)];
                        let value = self.count(c, seat, &agenda.counter);
                        agenda
                            .tiers
                            .iter()
                            .filter(|(threshold, _)| value >= *threshold)
                            .map(|&(_, support)| support)
                            .max()
                            .unwrap_or(0)
                    })
                    .unwrap_or(0);
                Score {
                    industry_av,
                    share_av,
                    track_av,
                    merit_av,
                    asset_value,
                    plan_influence,
                    policy_influence,
                    influence,
                    favour_support,
                    policy_support,
                    agenda_support,
                    support: me.support + favour_support + policy_support + agenda_support,
                }
            })
            .collect()
    }

    /// The result (TI-16.2–16.4): the asset winner (AV, then IndustryAV, then influence
    /// order), the influence winner (INF, then influence order on the track), and the
    /// winners: one seat that is both, else the higher SUP of the two, else both.
    pub(crate) fn outcome_of(&self, c: &Content) -> Outcome {
        let scores = self.scores(c);
        let order = self.influence_order();
        let rank = |s: u8| order.iter().position(|&x| x == s).unwrap_or(usize::MAX);
        let best = |key: &dyn Fn(u8) -> (i64, i64)| {
            (0..self.seat_count() as u8)
                .max_by(|&a, &b| key(a).cmp(&key(b)).then_with(|| rank(b).cmp(&rank(a))))
                .unwrap_or(0)
        };
        let asset_winner = best(&|s| {
            let x = &scores[usize::from(s)];
            (x.asset_value, i64::from(x.industry_av))
        });
        let influence_winner = best(&|s| (scores[usize::from(s)].influence, 0));
        let winners = if asset_winner == influence_winner {
            vec![asset_winner]
        } else {
            let (a, b) = (
                scores[usize::from(asset_winner)].support,
                scores[usize::from(influence_winner)].support,
            );
            match a.cmp(&b) {
                std::cmp::Ordering::Greater => vec![asset_winner],
                std::cmp::Ordering::Less => vec![influence_winner],
                std::cmp::Ordering::Equal => {
                    let mut both = vec![asset_winner, influence_winner];
                    both.sort_unstable();
                    both
                }
            }
        };
        Outcome {
            scores,
            asset_winner,
            influence_winner,
            winners,
        }
    }
}

impl State {
    /// Notes every seat's figures at the start of the round (for plots).
    pub(crate) fn record_figures(&mut self, c: &Content) {
        let scores = self.scores(c);
        self.history.push(super::state::RoundFigures {
            round: self.round,
            money: self.seats.iter().map(|x| x.money).collect(),
            asset_value: scores.iter().map(|x| x.asset_value).collect(),
            influence: self.seats.iter().map(|x| x.influence).collect(),
        });
    }
}

impl Ctx<'_> {
    /// TI-16: the game is scored and over.
    pub(crate) fn score(&mut self) {
        let outcome = self.s.outcome_of(self.c);
        self.s.history.push(super::state::RoundFigures {
            round: self.s.round,
            money: self.s.seats.iter().map(|x| x.money).collect(),
            asset_value: outcome.scores.iter().map(|x| x.asset_value).collect(),
            influence: self.s.seats.iter().map(|x| x.influence).collect(),
        });
        for (seat, score) in outcome.scores.iter().enumerate() {
            let who = self.s.name_of(seat as u8);
            self.log.say(|| {
                format!(
                    "{who}: asset value {} (industries {}, shares {}, tracks {}, merit {}), influence {}, support {}",
                    score.asset_value, score.industry_av, score.share_av, score.track_av,
                    score.merit_av, score.influence, score.support
                )
            });
        }
        let names: Vec<&str> = outcome.winners.iter().map(|&w| self.s.name_of(w)).collect();
        let (asset, influence) = (
            self.s.name_of(outcome.asset_winner),
            self.s.name_of(outcome.influence_winner),
        );
        self.log.say(|| {
            format!(
                "Asset winner {asset}, influence winner {influence}: {} (TI-16.4)",
                if names.len() == 1 {
                    format!("{} wins", names[0])
                } else {
                    format!("{} share the victory", names.join(" and "))
                }
            )
        });
        self.s.outcome = Some(outcome);
        self.s.stack.clear();
    }
}
