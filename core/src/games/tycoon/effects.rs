//! The effect interpreter (TC-0.3, TC-1): bundles resolved atom by atom on the rule stack, so
//! that a choice inside one (a sector, an optional build, a conglomerate token) waits for its
//! answer and the rest resolves after it (E2). Also the sector tracks (TI-2.3, TC-3.2), the
//! conglomerate bonus (TI-11), influence (TI-2.2), merit cards (TI-8.5.1, TC-12) and the
//! lasting modifiers and hooks of policies and headlines (TC-1.5).

use super::content::{
    BundleRef, Content, Effect, HeadlineTiming, HookEvent, MeritWindow, ModParam, Op, PolicyWhen,
    PromoterPlace, Source,
};
use super::frame::{BuildBy, Frame, IndustryBy};
use super::ids::{ActionKind, Sector};
use super::rules::Ctx;
use super::state::{HeldMerit, MAX_NOTES, State};

/// The last level of a sector track.
const TOP_LEVEL: u8 = 7;

impl State {
    /// The lasting effects in force for `seat`: its Economic policies' and, for a non-AI seat,
    /// the headline's (whole round, and round event during an Income event) (TC-1.5). Each
    /// comes with the bundle it is printed in and its place there, for hooks.
    pub(crate) fn lasting<'c>(
        &'c self,
        c: &'c Content,
        seat: u8,
        during_income: bool,
    ) -> impl Iterator<Item = (BundleRef, u8, &'c Effect)> + 'c {
        let printed = |source: Source, bundle: &'c [Effect]| {
            bundle
                .iter()
                .enumerate()
                .map(move |(i, effect)| (BundleRef::of(source), i as u8, effect))
        };
        let policies = self.seats[usize::from(seat)]
            .policies
            .iter()
            .filter(move |&&p| c.policies[usize::from(p)].effect.when == PolicyWhen::Passive)
            .flat_map(move |&p| {
                printed(
                    Source::Policy(p),
                    &c.policies[usize::from(p)].effect.effects,
                )
            });
        let headlines = [HeadlineTiming::WholeRound, HeadlineTiming::RoundEvent]
            .into_iter()
            .filter(move |&t| t == HeadlineTiming::WholeRound || during_income)
            .filter_map(move |t| self.headline_for(c, seat, t))
            .flat_map(move |h| {
                printed(
                    Source::Headline(h),
                    &c.headlines[usize::from(h)].effect.effects,
                )
            });
        policies.chain(headlines)
    }

    /// The sum of the `add` of the modifiers of `param` in force for `seat`.
    pub(crate) fn mod_add(&self, c: &Content, seat: u8, param: ModParam) -> i64 {
        self.lasting(c, seat, false)
            .filter_map(|(_, _, e)| match e {
                Effect::Mod { param: p, add, .. } if *p == param => add.map(i64::from),
                _ => None,
            })
            .sum()
    }

    /// The factor on cost icons of `sector` on `seat`'s builds from lasting modifiers (TC-1.5).
    pub(crate) fn icon_factor(&self, c: &Content, seat: u8, sector: Sector) -> u32 {
        self.lasting(c, seat, false)
            .filter_map(|(_, _, e)| match e {
                Effect::Mod {
                    param: ModParam::IconCost,
                    mul: Some(f),
                    sectors,
                    scope: None,
                    ..
                } if sectors.contains(&sector) => Some(*f),
                _ => None,
            })
            .product()
    }

    /// The income of `seat`'s built industries at an Income event, with its modifiers (TI-6.3,
    /// TC-1.5 `MOD income`).
    pub(crate) fn income_of(&self, c: &Content, seat: u8) -> u32 {
        let mods: Vec<_> = self.lasting(c, seat, true).collect();
        self.built(seat)
            .map(|card| {
                let card = &c.industries[usize::from(card)];
                let mut income = i64::from(card.income);
                for (_, _, effect) in &mods {
                    if let Effect::Mod {
                        param: ModParam::Income,
                        sector: Some(s),
                        mul,
                        add,
                        ..
                    } = effect
                        && *s == card.sector
                    {
                        if let Some(m) = mul {
                            income *= i64::from(*m);
                        }
                        income += i64::from(add.unwrap_or(0));
                    }
                }
                income.max(0) as u32
            })
            .sum()
    }

    /// The promoter cost of unmanaged space `space` for `seat` (TC-1.5 `MOD strategy`, at
    /// least 1).
    pub(crate) fn space_cost(&self, c: &Content, seat: u8, space: u8) -> u32 {
        let data = &c.board.unmanaged[usize::from(space)];
        let change: i64 = self
            .lasting(c, seat, false)
            .filter_map(|(_, _, e)| match e {
                Effect::Mod {
                    param: ModParam::StrategyCost,
                    space: Some(t),
                    add,
                    ..
                } if *t == data.kind => add.map(i64::from),
                _ => None,
            })
            .sum();
        (i64::from(data.cost) + change).max(1) as u32
    }

    /// Whether `seat` holds a merit card drawn in an earlier phase: what the table knows of
    /// whether it may play one now (the draws are seen, the cards are not, TI-2.6).
    pub(crate) fn holds_merits_of_earlier_phases(&self, seat: u8) -> bool {
        self.seats[usize::from(seat)]
            .merits
            .iter()
            .any(|m| m.drawn < self.phase_serial)
    }

    /// The merit cards `seat` may play in `window` now: held since an earlier phase (TC-12),
    /// and not taking it past 10 notes (TC-1.1 `NOTE`).
    pub(crate) fn playable_merits<'a>(
        &'a self,
        c: &'a Content,
        seat: u8,
        window: MeritWindow,
    ) -> impl Iterator<Item = u8> + 'a {
        let me = &self.seats[usize::from(seat)];
        me.merits
            .iter()
            .filter(move |m| m.drawn < self.phase_serial)
            .map(|m| m.card)
            .filter(move |&m| {
                let card = &c.merits[usize::from(m)];
                let notes: u32 = card
                    .effects
                    .iter()
                    .map(|e| match e {
                        Effect::Note { n } => *n,
                        _ => 0,
                    })
                    .sum();
                card.window == window && u32::from(me.notes) + notes <= u32::from(MAX_NOTES)
            })
    }

    /// Whether `seat` can make an offer's payment (TI-21.2: a voluntary payment).
    pub(crate) fn offer_affordable(&self, c: &Content, seat: u8, at: BundleRef, atom: u8) -> bool {
        let Some(Some(pay)) = c
            .bundle(at)
            .and_then(|b| b.get(usize::from(atom)))
            .map(|e| e.children()[0])
        else {
            return false;
        };
        let cost: u32 = pay
            .iter()
            .map(|e| match e {
                Effect::Pay { n } => *n,
                Effect::Per { counter, each, max } => match each.as_ref() {
                    Effect::Pay { n } => {
                        let total = n * self.count(c, seat, counter);
                        max.map_or(total, |m| total.min(m))
                    }
                    _ => 0,
                },
                _ => 0,
            })
            .sum();
        self.can_pay(seat, cost)
    }
}

impl Ctx<'_> {
    /// Resolves the bundle printed at `source` for `holder` (pushed: it runs next).
    pub(crate) fn resolve(&mut self, holder: u8, source: Source) {
        self.resolve_at(holder, BundleRef::of(source));
    }

    /// Resolves a bundle for `holder`.
    pub(crate) fn resolve_at(&mut self, holder: u8, at: BundleRef) {
        if self.c.bundle(at).is_some_and(|b| !b.is_empty()) {
            self.s.stack.push(Frame::Bundle {
                holder,
                at,
                next: 0,
            });
        }
    }

    /// TC-0.3 E2: the next atom of a bundle; the rest waits below it.
    pub(crate) fn bundle_step(&mut self, holder: u8, at: BundleRef, next: u8) {
        let c = self.c;
        let Some(bundle) = c.bundle(at) else {
            return;
        };
        let Some(effect) = bundle.get(usize::from(next)) else {
            return;
        };
        if usize::from(next) + 1 < bundle.len() {
            self.s.stack.push(Frame::Bundle {
                holder,
                at,
                next: next + 1,
            });
        }
        self.atom(holder, at, next, effect, 1);
    }

    /// One atom for `holder`, its n multiplied by `times` (TC-1.2 `per`).
    fn atom(&mut self, holder: u8, at: BundleRef, index: u8, effect: &Effect, times: u32) {
        let seat = holder;
        match effect {
            Effect::Money { n } => self.gain_money(seat, n * times),
            Effect::Pay { n } => self.pay(seat, n * times, None, "a card"),
            Effect::Promoters { n, to } => {
                let me = &mut self.s.seats[usize::from(seat)];
                match to {
                    PromoterPlace::Supply => me.promoters += n * times,
                    PromoterPlace::Pool => me.pool += n * times,
                }
            }
            Effect::Influence { n } => self.gain_influence(seat, n * times),
            Effect::Support { n } => self.s.seats[usize::from(seat)].support += n * times,
            Effect::Plus1 { n } => self.s.seats[usize::from(seat)].plus1 += n * times,
            Effect::Merit { n } => self.draw_merits(seat, n * times),
            Effect::Note { n } => {
                let me = &mut self.s.seats[usize::from(seat)];
                me.notes = (u32::from(me.notes) + n * times).min(u32::from(MAX_NOTES)) as u8;
            }
            Effect::LoanMoney => {
                let amount = self.s.loan_amount(self.c, seat);
                self.gain_money(seat, amount);
            }
            Effect::Income { max } => {
                let printed = self.s.count(self.c, seat, &super::content::Counter::Income);
                self.gain_money(seat, printed.min(*max));
            }
            Effect::Step { sector, n } => self.advance(seat, *sector, *n),
            Effect::StepAny => self.s.stack.push(Frame::StepAny { seat }),
            Effect::StepAny2 => self.s.stack.push(Frame::StepAny2 { seat }),
            Effect::TakePolicy => self.s.stack.push(Frame::PolicyPick {
                seat,
                by: super::frame::PolicyBy::Lobby,
            }),
            Effect::TakeIndustry { price_x_av } => self.s.stack.push(Frame::TakeIndustry {
                seat,
                by: IndustryBy::Effect {
                    price_x_av: (*price_x_av).min(255) as u8,
                },
            }),
            Effect::Build => self.s.stack.push(Frame::BuildCard {
                seat,
                by: BuildBy::Effect,
            }),
            // The Office space's own placement is the action taken, not an optional extra
            // (TI-8.6); an `OFFICE` printed elsewhere may be declined (E4).
            Effect::Office => self.s.stack.push(Frame::Office {
                seat,
                optional: !matches!(at.source, Source::Space(_)),
            }),
            Effect::Per { counter, each, max } => {
                let count = self.s.count(self.c, seat, counter);
                let unit = numeric(each).unwrap_or(0);
                let mut total = unit * count;
                if let Some(m) = max {
                    total = total.min(*m);
                }
                if unit > 0 && total > 0 {
                    // The capped total as one atom of the same kind.
                    self.atom_total(seat, each, total);
                }
            }
            Effect::If { counter, op, k, .. } => {
                let value = self.s.count(self.c, seat, counter);
                let holds = match op {
                    Op::AtLeast => value >= *k,
                    Op::Equals => value == *k,
                };
                if holds && let Some(then) = at.child(index, 0) {
                    self.resolve_at(seat, then);
                }
            }
            Effect::NpFree { n } => {
                for _ in 0..*n {
                    self.resolve(seat, Source::NationalProject);
                }
            }
            Effect::Offer { .. } => self.s.stack.push(Frame::Offer {
                seat,
                at,
                atom: index,
            }),
            // Lasting effects are read where their rule runs (TC-1.5).
            Effect::Mod { .. } | Effect::On { .. } => {}
        }
    }

    /// A numeric atom with its total already worked out (`per … max`).
    fn atom_total(&mut self, seat: u8, each: &Effect, total: u32) {
        let once = match each {
            Effect::Money { .. } => Effect::Money { n: total },
            Effect::Pay { .. } => Effect::Pay { n: total },
            Effect::Promoters { to, .. } => Effect::Promoters { n: total, to: *to },
            Effect::Influence { .. } => Effect::Influence { n: total },
            Effect::Support { .. } => Effect::Support { n: total },
            Effect::Plus1 { .. } => Effect::Plus1 { n: total },
            Effect::Merit { .. } => Effect::Merit { n: total },
            Effect::Note { .. } => Effect::Note { n: total },
            _ => return,
        };
        self.atom(seat, BundleRef::of(Source::NationalProject), 0, &once, 1);
    }

    /// Influence +n (TI-2.2): the disc moves and lands on top of its new space (TI-0.4).
    pub(crate) fn gain_influence(&mut self, seat: u8, n: u32) {
        if n == 0 {
            return;
        }
        let stamp = self.s.next_stamp();
        let me = &mut self.s.seats[usize::from(seat)];
        me.influence += n;
        me.influence_stamp = stamp;
    }

    /// TI-2.3, TC-3.2: `n` steps on a track, capped at 6 when another seat holds level 7;
    /// the disc lands on top, then the passed and landed levels' bonuses in order, then the
    /// conglomerate check (TI-11).
    pub(crate) fn advance(&mut self, seat: u8, sector: Sector, n: u8) {
        let i = sector.index();
        let from = self.s.seats[usize::from(seat)].levels[i];
        let top_taken = self
            .s
            .seats
            .iter()
            .enumerate()
            .any(|(k, x)| k != usize::from(seat) && x.levels[i] == TOP_LEVEL);
        let cap = if top_taken { TOP_LEVEL - 1 } else { TOP_LEVEL };
        let to = from.saturating_add(n).min(cap.max(from));
        let who = self.s.name_of(seat);
        if to == from {
            self.log.say(|| {
                format!(
                    "{who} cannot move up on {}: the steps are lost (TI-2.3)",
                    sector.name()
                )
            });
            return;
        }
        let stamp = self.s.next_stamp();
        let me = &mut self.s.seats[usize::from(seat)];
        me.levels[i] = to;
        me.level_stamps[i] = stamp;
        let all_six = me.levels.iter().all(|&l| l > 0);
        self.log
            .say(|| format!("{who} moves to {} {to}", sector.name()));
        if from == 0 && all_six {
            self.s.stack.push(Frame::Conglomerate { seat });
        }
        for level in (from + 1..=to).rev() {
            let data = &self.c.tracks.levels[i][usize::from(level - 1)];
            let gained = match data.trigger {
                super::content::Trigger::Both => true,
                super::content::Trigger::Pass => level < to,
                super::content::Trigger::Land => level == to,
            };
            if gained {
                self.resolve(seat, Source::Level(sector, level));
            }
        }
    }

    /// `STEP any2` (TC-1.1): two sectors +1 each, or one +2; the second sector moves after
    /// the first and all it triggers (E2).
    pub(crate) fn two_steps(&mut self, seat: u8, a: Sector, b: Sector) {
        if a == b {
            self.advance(seat, a, 2);
        } else {
            self.s.stack.push(Frame::StepLater { seat, sector: b });
            self.advance(seat, a, 1);
        }
    }

    /// TI-11: the conglomerate token taken, its bonus gained.
    pub(crate) fn take_conglomerate(&mut self, seat: u8, token: u8) {
        self.s.conglomerates.retain(|&t| t != token);
        let who = self.s.name_of(seat);
        let id = &self.c.conglomerates[usize::from(token)].id;
        self.log.say(|| {
            format!("{who} is on all six tracks and takes the conglomerate bonus {id} (TI-11)")
        });
        self.resolve(seat, Source::Conglomerate(token));
    }

    /// Draws merit cards (TI-8.5, E3); an automa gains `INF 2` for each instead (TC-16.2).
    pub(crate) fn draw_merits(&mut self, seat: u8, n: u32) {
        let who = self.s.name_of(seat);
        if self.s.seats[usize::from(seat)].is_automa() {
            self.gain_influence(seat, 2 * n);
            self.log.say(|| {
                format!(
                    "{who} holds no merit cards and gains {} influence instead (TC-16.2)",
                    2 * n
                )
            });
            return;
        }
        for _ in 0..n {
            if self.s.merit_deck.len() <= self.s.merit_known_tail {
                // The deck has come round to the cards played into it in view of all.
                self.s.merit_known_tail = self.s.merit_deck.len().saturating_sub(1);
            }
            let Some(card) = self.s.merit_deck.pop_front() else {
                self.log
                    .say(|| "The merit deck is empty: nothing is drawn (TI-OQ-32)".into());
                return;
            };
            let drawn = self.s.phase_serial;
            self.s.reveals += 1;
            self.s.seats[usize::from(seat)]
                .merits
                .push(HeldMerit { card, drawn });
            self.log.say(|| format!("{who} draws a merit card"));
        }
    }

    /// Plays a merit card: it leaves the hand for the bottom of the deck (TI-8.5.1), shown.
    fn discard_merit(&mut self, seat: u8, card: u8) {
        let me = &mut self.s.seats[usize::from(seat)];
        if let Some(i) = me.merits.iter().position(|m| m.card == card) {
            me.merits.remove(i);
        }
        self.s.merit_deck.push_back(card);
        self.s.merit_known_tail += 1;
        let (who, name) = (self.s.name_of(seat), &self.c.merits[usize::from(card)].name);
        self.log
            .say(|| format!("{who} plays the merit card {name} (TC-12)"));
    }

    /// An ACT or NP window's card: played for its effect.
    pub(crate) fn play_merit(&mut self, seat: u8, card: u8) {
        self.discard_merit(seat, card);
        self.resolve(seat, Source::Merit(card));
    }

    /// A BUILD window's card: played into the build declared (TC-12).
    pub(crate) fn build_merit(&mut self, mut plan: super::frame::BuildPlan, card: u8) {
        self.discard_merit(plan.seat, card);
        plan.merits |= 1 << card;
        let waives_one = self.c.merits[usize::from(card)].effects.iter().any(|e| {
            matches!(
                e,
                Effect::Mod {
                    param: ModParam::IconCost,
                    one: true,
                    ..
                }
            )
        });
        self.s.stack.push(Frame::BuildMerits { plan });
        if waives_one {
            self.s.stack.push(Frame::WaiveIcon {
                seat: plan.seat,
                card: plan.card,
            });
        }
    }

    /// An `icon(one)` card's icon, marked on the build below.
    pub(crate) fn waive_icon(&mut self, icon: u8) {
        if let Some(Frame::BuildMerits { plan }) = self.s.stack.last_mut() {
            plan.waived |= 1 << icon;
        }
    }

    /// An `OFFER` accepted: the payment, then the gain (TC-1.5).
    pub(crate) fn accept_offer(&mut self, seat: u8, at: BundleRef, atom: u8) {
        if let (Some(pay), Some(gain)) = (at.child(atom, 0), at.child(atom, 1)) {
            self.resolve_at(seat, gain);
            self.resolve_at(seat, pay);
        }
    }

    /// `ON income` hooks of `seat` (TC-1.5), after its income.
    pub(crate) fn fire_income_hooks(&mut self, seat: u8) {
        self.fire_hooks(seat, HookEvent::Income, None, true);
    }

    /// TI-8: an action is complete; its `ON action` hooks fire.
    pub(crate) fn action_done(&mut self, seat: u8, kind: ActionKind) {
        self.fire_hooks(seat, HookEvent::Action, Some(kind), false);
    }

    fn fire_hooks(
        &mut self,
        seat: u8,
        event: HookEvent,
        action: Option<ActionKind>,
        during_income: bool,
    ) {
        let hooks: Vec<BundleRef> = self
            .s
            .lasting(self.c, seat, during_income)
            .filter_map(|(at, index, e)| match e {
                Effect::On {
                    event: ev,
                    action: a,
                    ..
                } if *ev == event && *a == action => at.child(index, 0),
                _ => None,
            })
            .collect();
        for at in hooks.into_iter().rev() {
            self.resolve_at(seat, at);
        }
    }
}

/// The n of a numeric atom (TC-1.2: what `per` multiplies).
fn numeric(effect: &Effect) -> Option<u32> {
    match effect {
        Effect::Money { n }
        | Effect::Pay { n }
        | Effect::Promoters { n, .. }
        | Effect::Influence { n }
        | Effect::Support { n }
        | Effect::Plus1 { n }
        | Effect::Merit { n }
        | Effect::Note { n } => Some(*n),
        _ => None,
    }
}
