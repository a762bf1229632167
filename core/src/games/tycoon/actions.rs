//! Phase 4's six actions (TI-8.3–8.8) with their parameters, the strategy board (TI-8.6,
//! TC-5), acquiring industries (TI-2.8) and National Project units (TI-6.4, TI-21.5).
//!
//! An action is offered only when it has at least one legal parameter set (TC-17), so a
//! listed action never leads to a decision with nothing to choose.

use super::action::Action;
use super::content::{Content, Effect, ModParam, Source};
use super::frame::{BuildBy, BuildPlan, Frame, IndustryBy};
use super::ids::{ActionKind, CityId, SpaceType};
use super::rules::Ctx;
use super::state::{MAX_NOTES, State};
use crate::engine::log::counted;

/// The managed spaces' numbers in [`Action::Space`] (TC-5).
const SM_PLUS1: u8 = 0;
const SM_BUY: u8 = 1;
/// Unmanaged spaces follow the managed ones.
const FIRST_UNMANAGED: u8 = 2;

impl State {
    /// Whether `seat` could take `kind` now, with some legal parameters (TC-17).
    pub(crate) fn can_take(&self, c: &Content, seat: u8, kind: ActionKind) -> bool {
        let me = &self.seats[usize::from(seat)];
        match kind {
            ActionKind::Build => !self.buildable_cards(c, seat).is_empty(),
            ActionKind::Shares => !self.share_choices(c, seat).is_empty(),
            ActionKind::Rally => me.promoters > 0,
            ActionKind::Strategy => !self.space_choices(c, seat).is_empty(),
            ActionKind::Politics => true,
            ActionKind::Loan => me.notes < MAX_NOTES,
        }
    }

    /// A Phase-4 turn's choices (TI-8.1, TI-8.2): each action a token may take, then Pass;
    /// empty when the seat has no usable token (it leaves the loop).
    pub(crate) fn turn_choices(&self, c: &Content, seat: u8) -> Vec<Action> {
        let me = &self.seats[usize::from(seat)];
        let mut choices = Vec::new();
        for kind in ActionKind::ALL {
            if !self.can_take(c, seat, kind) {
                continue;
            }
            if me.has_first_token() && me.taken & kind.bit() == 0 {
                choices.push(Action::Act(kind));
            }
            if me.plus1 > 0 {
                choices.push(Action::ActPlus1(kind));
            }
        }
        if !choices.is_empty() {
            choices.push(Action::Pass);
        }
        choices
    }

    /// The unbuilt cards of `seat` with an empty city it can afford to build in (TI-8.3.1).
    pub(crate) fn buildable_cards(&self, c: &Content, seat: u8) -> Vec<u8> {
        let mut cards: Vec<u8> = self
            .unbuilt(seat)
            .filter(|&card| !self.build_cities(c, seat, card).is_empty())
            .collect();
        cards.sort_unstable();
        cards.dedup();
        cards
    }

    /// The empty cities where `seat` can pay for building `card` (TI-8.3.1, TI-21.2).
    pub(crate) fn build_cities(&self, c: &Content, seat: u8, card: u8) -> Vec<CityId> {
        let (fixed, per_city) = self.build_cost_parts(c, seat, card);
        let power = self.borrowing_power(seat);
        self.empty_cities()
            .filter(|&city| fixed + per_city * c.map.cities[city.index()].distance <= power)
            .collect()
    }

    /// A build's cost without merit cards as `fixed + per_city × distance` (TI-8.3.2): the
    /// Minerals, Fuel and Agriculture icons cost the same in every city, each Power and
    /// Transport icon 1 Cr a city of distance. Only the distance differs between cities.
    fn build_cost_parts(&self, c: &Content, seat: u8, card: u8) -> (u32, u32) {
        let (mut fixed, mut per_city) = (0, 0);
        for &sector in &c.industries[usize::from(card)].cost_icons {
            if self.leader(sector) == Some(seat) {
                continue;
            }
            let factor = self.icon_factor(c, seat, sector);
            if sector.priced_by_level() {
                fixed += 2 * u32::from(self.leader_level(sector)) * factor;
            } else {
                per_city += factor;
            }
        }
        (fixed, per_city)
    }

    /// Each cost icon's leader and price for a build (TI-8.3.2, TI-21.7, TC-1.5): the leader
    /// as the tracks stand before the build, 0 when the builder leads, times every factor.
    pub(crate) fn icon_costs(
        &self,
        c: &Content,
        plan: &BuildPlan,
    ) -> Vec<(usize, Option<u8>, u32)> {
        let card = &c.industries[usize::from(plan.card)];
        let distance = c.map.cities[plan.city.index()].distance;
        let build_mods: Vec<&Effect> = (0..c.merits.len())
            .filter(|&m| plan.merits & (1 << m) != 0)
            .flat_map(|m| c.merits[m].effects.iter())
            .collect();
        card.cost_icons
            .iter()
            .enumerate()
            .map(|(i, &sector)| {
                let leader = self.leader(sector);
                if leader == Some(plan.seat) || plan.waived & (1 << i) != 0 {
                    return (i, leader, 0);
                }
                let base = if sector.priced_by_level() {
                    2 * u32::from(self.leader_level(sector))
                } else {
                    distance
                };
                let mut cost = base * self.icon_factor(c, plan.seat, sector);
                for effect in &build_mods {
                    if let Effect::Mod {
                        param: ModParam::IconCost,
                        mul: Some(f),
                        sectors,
                        one: false,
                        ..
                    } = effect
                        && sectors.contains(&sector)
                    {
                        cost *= f;
                    }
                }
                (i, leader, cost)
            })
            .collect()
    }

    /// What `seat` pays for building `card` in `city`, merit cards aside (TI-8.3.2, TC-1.5):
    /// the sum of the cost icons as a build pays them, the builder's own
    /// leads free, policies and the headline applied. `None` for a seat, card or city the
    /// game does not have.
    pub fn build_price(&self, c: &Content, seat: u8, card: u8, city: CityId) -> Option<u32> {
        self.seats.get(usize::from(seat))?;
        c.industries.get(usize::from(card))?;
        c.map.cities.get(city.index())?;
        let plan = BuildPlan {
            seat,
            card,
            city,
            by: BuildBy::Action,
            merits: 0,
            waived: 0,
        };
        Some(
            self.icon_costs(c, &plan)
                .iter()
                .map(|&(_, _, cost)| cost)
                .sum(),
        )
    }

    /// The seat and the industry card of a build whose city is being chosen now (TI-8.3.1).
    pub fn card_to_build(&self) -> Option<(u8, u8)> {
        match self.stack.last()? {
            Frame::BuildCity { seat, card, .. } if self.outcome.is_none() => Some((*seat, *card)),
            _ => None,
        }
    }

    /// The opponents whose share `seat` can buy, as [`Action::Share`] (TI-8.4).
    pub(crate) fn share_choices(&self, c: &Content, seat: u8) -> Vec<Action> {
        (0..self.seat_count() as u8)
            .filter(|&o| o != seat)
            .filter(|&o| {
                self.share_price(c, seat, o)
                    .is_some_and(|price| self.can_pay(seat, price))
            })
            .map(Action::Share)
            .collect()
    }

    /// The price `buyer` pays for `seller`'s lowest share (TI-8.4, TC-1.5 `MOD share_price`).
    pub fn share_price(&self, c: &Content, buyer: u8, seller: u8) -> Option<u32> {
        let top = self.seats.get(usize::from(seller))?.top_share()?;
        Some((i64::from(top) + self.mod_add(c, buyer, ModParam::SharePrice)).max(0) as u32)
    }

    /// The strategy spaces `seat` can take (TI-8.6, TC-5).
    pub(crate) fn space_choices(&self, c: &Content, seat: u8) -> Vec<Action> {
        let me = &self.seats[usize::from(seat)];
        let mut choices = Vec::new();
        let managed = |i: usize| c.board.managed.get(i).map_or(u32::MAX, |m| m.cost);
        if me.pool >= managed(0) {
            choices.push(Action::Space(SM_PLUS1));
        }
        if me.pool >= managed(1)
            && !self
                .take_industry_choices(c, seat, IndustryBy::Strategy)
                .is_empty()
        {
            choices.push(Action::Space(SM_BUY));
        }
        if me.shares_left > 0 {
            for (k, space) in self.spaces.iter().enumerate() {
                if space.cover.is_none()
                    && me.pool >= self.space_cost(c, seat, space.space)
                    && self.reward_possible(c, seat, space.space)
                {
                    choices.push(Action::Space(FIRST_UNMANAGED + k as u8));
                }
            }
        }
        choices
    }

    /// Whether an unmanaged space's reward has something to take (TI-21.11: no Lobby with
    /// an empty display; an Office needs a reserve factory and an empty city).
    fn reward_possible(&self, c: &Content, seat: u8, space: u8) -> bool {
        let data = &c.board.unmanaged[usize::from(space)];
        match data.kind {
            SpaceType::Lobby => !self.policy_display.is_empty(),
            SpaceType::Office => {
                self.seats[usize::from(seat)].reserve > 0 && self.empty_cities().next().is_some()
            }
            _ => true,
        }
    }

    /// The displayed cards `seat` can take outside the auction (TI-8.6 Buy industry, TC-1.1
    /// `INDUSTRY ×k`): a reserve factory (TI-21.1) and the price payable.
    pub(crate) fn take_industry_choices(
        &self,
        c: &Content,
        seat: u8,
        by: IndustryBy,
    ) -> Vec<Action> {
        if self.seats[usize::from(seat)].reserve == 0 {
            return Vec::new();
        }
        let times = match by {
            IndustryBy::Strategy => 2,
            IndustryBy::Effect { price_x_av } => u32::from(price_x_av),
        };
        let mut choices: Vec<Action> = self
            .industry_display
            .iter()
            .enumerate()
            .filter(|(_, slot)| {
                self.can_pay(
                    seat,
                    times * c.industries[usize::from(slot.card)].asset_value,
                )
            })
            .map(|(i, _)| Action::Industry(i as u8))
            .collect();
        if matches!(by, IndustryBy::Effect { .. }) && !choices.is_empty() {
            choices.push(Action::Decline);
        }
        choices
    }

    /// NP purchases open to `seat` now (TI-21.5): one unit paid with q promoters and the rest
    /// in Cr, for each q it can pay, then Done.
    pub(crate) fn np_choices(&self, c: &Content, seat: u8) -> Vec<Action> {
        let Some(price) = self.np_price(c) else {
            return Vec::new();
        };
        let me = &self.seats[usize::from(seat)];
        let mut choices: Vec<Action> = (0..=(price / 5).min(20))
            .filter(|&q| q <= me.promoters && self.can_pay(seat, price - 5 * q))
            .map(|q| Action::NpUnit(q as u8))
            .collect();
        choices.push(Action::Done);
        choices
    }

    /// The NP price per unit this round (TC-6).
    pub(crate) fn np_price(&self, c: &Content) -> Option<u32> {
        c.board
            .rounds
            .get(usize::from(self.round).checked_sub(1)?)?
            .np_price
    }
}

impl Ctx<'_> {
    /// TI-8.1: an action with a token; the turn moves on once it is complete.
    pub(crate) fn act(&mut self, seat: u8, kind: ActionKind, plus1: bool) {
        let me = &mut self.s.seats[usize::from(seat)];
        let token = if plus1 {
            me.plus1 -= 1;
            "a +1 action token"
        } else if me.tokens > 0 {
            me.tokens -= 1;
            "an action token"
        } else {
            me.tycoon_token = false;
            "the Tycoon token"
        };
        me.taken |= kind.bit();
        let who = self.s.name_of(seat);
        self.log
            .say(|| format!("{who} takes {kind} with {token} (TI-8.1)"));
        self.s.stack.push(Frame::ActionDone { seat, kind });
        match kind {
            ActionKind::Build => self.s.stack.push(Frame::BuildCard {
                seat,
                by: BuildBy::Action,
            }),
            ActionKind::Shares => self.s.stack.push(Frame::Share { seat }),
            ActionKind::Rally => self.s.stack.push(Frame::Rally { seat }),
            ActionKind::Strategy => self.s.stack.push(Frame::Space { seat }),
            ActionKind::Politics => self.politics(seat),
            ActionKind::Loan => self.loan(seat),
        }
    }

    /// TI-8.2: a pass is final (TI-OQ-13).
    pub(crate) fn pass(&mut self, seat: u8) {
        self.s.seats[usize::from(seat)].out = true;
        let who = self.s.name_of(seat);
        self.log
            .say(|| format!("{who} passes for the rest of Phase 4 (TI-8.2)"));
    }

    /// TI-8.3.1: the card and city declared; the BUILD merit window opens (TC-12).
    pub(crate) fn declare_build(&mut self, seat: u8, card: u8, city: CityId, by: BuildBy) {
        self.s.stack.push(Frame::BuildMerits {
            plan: BuildPlan {
                seat,
                card,
                city,
                by,
                merits: 0,
                waived: 0,
            },
        });
    }

    /// TI-8.3.2–8.3.3: the costs paid to the leaders as they stand, the factory placed; then
    /// the bonuses (TI-21.7).
    pub(crate) fn build(&mut self, plan: BuildPlan) {
        let costs = self.s.icon_costs(self.c, &plan);
        let card = &self.c.industries[usize::from(plan.card)];
        for (i, leader, cost) in costs {
            if cost > 0 {
                let to = leader.map_or("the supply", |l| self.s.name_of(l));
                let sector = card.cost_icons[i].name();
                self.log
                    .say(|| format!("{sector} costs {cost} Cr, paid to {to}"));
                self.pay(plan.seat, cost, leader, "a build");
            }
        }
        let me = &mut self.s.seats[usize::from(plan.seat)];
        if let Some(h) = me
            .industries
            .iter_mut()
            .find(|h| h.card == plan.card && h.city.is_none())
        {
            h.city = Some(plan.city);
        }
        self.s.cities[plan.city.index()] = Some(super::state::Factory {
            owner: plan.seat,
            card: Some(plan.card),
        });
        let (who, city) = (
            self.s.name_of(plan.seat),
            &self.c.map.cities[plan.city.index()].name,
        );
        self.log
            .say(|| format!("{who} builds {} in {city} (TI-8.3)", card.name));
        self.s.stack.push(Frame::BuildBonuses { plan, stage: 0 });
    }

    /// TI-8.3.4 a–d, then the gains of the build's merit cards (TC-12).
    pub(crate) fn build_bonuses(&mut self, plan: BuildPlan, stage: u8) {
        let card = &self.c.industries[usize::from(plan.card)];
        if stage < 4 {
            self.s.stack.push(Frame::BuildBonuses {
                plan,
                stage: stage + 1,
            });
        }
        match stage {
            0 => self.advance(plan.seat, card.sector, card.build_sector_steps),
            1 => self.gain_influence(plan.seat, card.build_influence),
            2 => self.resolve(plan.seat, Source::City(plan.city)),
            3 => {
                let region = self.c.map.cities[plan.city.index()].region;
                self.resolve(plan.seat, Source::Region(region));
            }
            _ => {
                for m in (0..self.c.merits.len()).rev() {
                    if plan.merits & (1 << m) != 0 {
                        self.resolve(plan.seat, Source::Merit(m as u8));
                    }
                }
            }
        }
    }

    /// TI-8.4: the share bought from its owner, and 2 influence per share held.
    pub(crate) fn buy_share(&mut self, seat: u8, seller: u8) {
        let Some(price) = self.s.share_price(self.c, seat, seller) else {
            return;
        };
        self.pay(seat, price, Some(seller), "a share");
        self.s.seats[usize::from(seller)].shares_left -= 1;
        self.s.seats[usize::from(seat)].held[usize::from(seller)] += 1;
        let held = self.s.seats[usize::from(seat)].shares_held();
        self.gain_influence(seat, 2 * held);
        let (who, whose) = (self.s.name_of(seat), self.s.name_of(seller));
        self.log.say(|| {
            format!(
                "{who} buys a {whose} share for {price} Cr and gains {} influence (TI-8.4)",
                2 * held
            )
        });
    }

    /// TI-8.5: promoters to the pool, and a merit card.
    pub(crate) fn rally(&mut self, seat: u8, n: u8) {
        let me = &mut self.s.seats[usize::from(seat)];
        let n = u32::from(n).min(me.promoters);
        me.promoters -= n;
        me.pool += n;
        let who = self.s.name_of(seat);
        self.log.say(|| {
            format!(
                "{who} rallies {} to the pool (TI-8.5)",
                counted(n, "promoter", "promoters")
            )
        });
        self.draw_merits(seat, 1);
    }

    /// TI-8.6: a strategy space, paid from the pool.
    pub(crate) fn take_space(&mut self, seat: u8, space: u8) {
        let who = self.s.name_of(seat);
        match space {
            SM_PLUS1 | SM_BUY => {
                let data = &self.c.board.managed[usize::from(space)];
                let me = &mut self.s.seats[usize::from(seat)];
                me.pool -= data.cost.min(me.pool);
                self.log
                    .say(|| format!("{who} takes {} {} (TI-8.6)", data.id, data.name));
                if space == SM_PLUS1 {
                    me.plus1 += 1;
                } else {
                    self.s.stack.push(Frame::TakeIndustry {
                        seat,
                        by: IndustryBy::Strategy,
                    });
                }
            }
            _ => {
                let k = usize::from(space - FIRST_UNMANAGED);
                let Some(state) = self.s.spaces.get(k).copied() else {
                    return;
                };
                let cost = self.s.space_cost(self.c, seat, state.space);
                let me = &mut self.s.seats[usize::from(seat)];
                me.pool -= cost.min(me.pool);
                let value = me.top_share().unwrap_or(0);
                me.shares_left -= 1;
                self.s.spaces[k].cover = Some((seat, value));
                let data = &self.c.board.unmanaged[usize::from(state.space)];
                self.log.say(|| {
                    let cost = counted(cost, "promoter", "promoters");
                    format!("{who} takes {} ({}) for {cost} and covers it with its {value} share (TI-8.6)", data.id, data.kind)
                });
                self.resolve(seat, Source::Space(state.space));
            }
        }
    }

    /// Buy industry (TI-8.6) or `INDUSTRY ×k` (TC-1.1): the price to the supply, TI-2.8,
    /// the refill; Buy industry's bonus follows.
    pub(crate) fn buy_industry(&mut self, seat: u8, slot: u8, by: IndustryBy) {
        let Some(&card) = self.s.industry_display.get(usize::from(slot)) else {
            return;
        };
        let times = match by {
            IndustryBy::Strategy => 2,
            IndustryBy::Effect { price_x_av } => u32::from(price_x_av),
        };
        let price = times * self.c.industries[usize::from(card.card)].asset_value;
        self.pay(seat, price, None, "an industry");
        if by == IndustryBy::Strategy {
            self.s.stack.push(Frame::BuyBonus { seat });
        }
        self.acquire_from_display(seat, slot);
        self.refill_industries();
    }

    /// TI-2.8: a displayed card with a reserve factory on it, the promoters on it to the
    /// personal supply.
    pub(crate) fn acquire_from_display(&mut self, seat: u8, slot: u8) {
        if usize::from(slot) >= self.s.industry_display.len() {
            return;
        }
        let taken = self.s.industry_display.remove(usize::from(slot));
        let me = &mut self.s.seats[usize::from(seat)];
        me.reserve = me.reserve.saturating_sub(1);
        me.promoters += taken.promoters;
        me.industries.push(super::state::Holding {
            card: taken.card,
            city: None,
        });
        let (who, name) = (
            self.s.name_of(seat),
            &self.c.industries[usize::from(taken.card)].name,
        );
        self.log
            .say(|| format!("{who} takes {name} and puts a factory on it (TI-2.8)"));
    }

    /// Office (TI-8.6): a reserve factory in an empty city, the city's bonus, the region's.
    pub(crate) fn place_office(&mut self, seat: u8, city: CityId) {
        let me = &mut self.s.seats[usize::from(seat)];
        me.reserve = me.reserve.saturating_sub(1);
        self.s.cities[city.index()] = Some(super::state::Factory {
            owner: seat,
            card: None,
        });
        let data = &self.c.map.cities[city.index()];
        let who = self.s.name_of(seat);
        self.log
            .say(|| format!("{who} opens an Office in {} (TI-8.6)", data.name));
        self.resolve(seat, Source::Region(data.region));
        self.resolve(seat, Source::City(city));
    }

    /// TI-8.7: every owned policy's politics bonus, then 1 support.
    pub(crate) fn politics(&mut self, seat: u8) {
        self.s.seats[usize::from(seat)].support += 1;
        let policies = self.s.seats[usize::from(seat)].policies.clone();
        for &p in policies.iter().rev() {
            self.resolve(seat, Source::Politics(p));
        }
    }

    /// TI-8.8: the loan amount read before Finance moves, a note, Finance +1.
    pub(crate) fn loan(&mut self, seat: u8) {
        let amount = self.s.loan_amount(self.c, seat);
        self.gain_money(seat, amount);
        self.s.seats[usize::from(seat)].notes += 1;
        let who = self.s.name_of(seat);
        self.log
            .say(|| format!("{who} borrows {amount} Cr and takes a note (TI-8.8)"));
        self.advance(seat, super::ids::Sector::Fin, 1);
    }

    /// TI-21.5: one NP unit paid with `q` promoters and the rest in Cr; its reward.
    pub(crate) fn np_unit(&mut self, seat: u8, q: u8, bought: u8) {
        let Some(price) = self.s.np_price(self.c) else {
            return;
        };
        let q = u32::from(q);
        self.s.seats[usize::from(seat)].promoters -= q;
        self.pay(seat, price - 5 * q, None, "the National Project");
        let who = self.s.name_of(seat);
        self.log.say(|| {
            format!(
                "{who} buys an NP unit for {} Cr and {} (TI-6.4)",
                price - 5 * q,
                counted(q, "promoter", "promoters")
            )
        });
        self.s.stack.push(Frame::NpBuy {
            seat,
            bought: bought.saturating_add(1),
        });
        self.resolve(seat, Source::NationalProject);
    }
}
