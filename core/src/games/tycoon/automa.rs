//! The automa (TC-16): darbar's own card-driven opponent. Its card of the round (TC-16.3)
//! and the fixed rules of TC-16.4 answer every decision of its seat, inside the rules, so
//! that `Game::decision` never names an automa seat. Each answer is logged with its rule.

use super::action::Action;
use super::content::{AutomaCard, Content, Effect, PolicyKind, SharesRule};
use super::frame::{BuildBy, BuildPlan, DecisionKind, Frame, IndustryBy};
use super::ids::{ActionKind, CityId, Region, Sector, SpaceType};
use super::rules::Ctx;
use super::state::State;

impl State {
    /// The automa's card of the round, if it has drawn one (TC-16.3).
    fn card<'c>(&self, c: &'c Content, seat: u8) -> Option<&'c AutomaCard> {
        let card = self.seats[usize::from(seat)].automa_card?;
        c.automa.get(usize::from(card))
    }

    /// TC-16.4 Phase 3: the target, the displayed card with the highest AV; tie: its focus
    /// sector; tie: the left slot. As a slot number.
    fn automa_target(&self, c: &Content, seat: u8) -> Option<u8> {
        let focus = self.card(c, seat).map(|k| k.focus_sector);
        self.industry_display
            .iter()
            .enumerate()
            .max_by_key(|&(i, slot)| {
                let card = &c.industries[usize::from(slot.card)];
                (
                    card.asset_value,
                    Some(card.sector) == focus,
                    std::cmp::Reverse(i),
                )
            })
            .map(|(i, _)| i as u8)
    }

    /// TC-16.4 `B`'s card and city: the highest-AV unbuilt card it can pay for in cash
    /// somewhere (tie: lowest id), in its city by [`State::automa_city`].
    fn automa_build(&self, c: &Content, seat: u8) -> Option<(u8, CityId)> {
        let mut cards: Vec<u8> = self.unbuilt(seat).collect();
        cards.sort_unstable_by_key(|&k| {
            (
                std::cmp::Reverse(c.industries[usize::from(k)].asset_value),
                k,
            )
        });
        cards
            .into_iter()
            .find_map(|card| Some((card, self.automa_city(c, seat, card)?)))
    }

    /// TC-16.4 `B`'s city for a card: among the empty cities where its cost is within the
    /// automa's money, the cheapest; ties: a step in its focus sector, its focus region, the
    /// lowest number.
    fn automa_city(&self, c: &Content, seat: u8, card: u8) -> Option<CityId> {
        let money = self.seats[usize::from(seat)].money;
        let focus = self.card(c, seat);
        let focus_sector = focus.map(|k| k.focus_sector);
        let focus_region = focus.map(|k| k.focus_region);
        self.empty_cities()
            .filter_map(|city| {
                let plan = BuildPlan {
                    seat,
                    card,
                    city,
                    by: BuildBy::Action,
                    merits: 0,
                    waived: 0,
                };
                let cost: u32 = self.icon_costs(c, &plan).iter().map(|x| x.2).sum();
                (cost <= money).then_some((city, cost))
            })
            .max_by_key(|&(city, cost)| {
                let data = &c.map.cities[city.index()];
                (
                    std::cmp::Reverse(cost),
                    steps_in(&data.bonus, focus_sector),
                    Some(data.region) == focus_region,
                    std::cmp::Reverse(city.0),
                )
            })
            .map(|(city, _)| city)
    }

    /// TC-16.4 `S`: the opponent whose share it buys, among those whose price is at most
    /// its money − 20.
    fn automa_share(&self, c: &Content, seat: u8) -> Option<u8> {
        let money = self.seats[usize::from(seat)].money;
        let rule = self.card(c, seat).map_or(SharesRule::Cheap, |k| k.shares);
        let n = self.seat_count();
        // "The first after it in turn order": the fewest places after the automa.
        let after = |o: u8| (usize::from(o) + n - usize::from(seat)) % n;
        let candidates = (0..n as u8)
            .filter(|&o| o != seat)
            .filter_map(|o| Some((o, self.share_price(c, seat, o)?)))
            .filter(|&(_, price)| price + 20 <= money);
        let av = |o: u8| std::cmp::Reverse(self.industry_av(c, o));
        match rule {
            SharesRule::Lead => candidates.min_by_key(|&(o, price)| (av(o), price, after(o))),
            SharesRule::Cheap => candidates.min_by_key(|&(o, price)| (price, av(o), after(o))),
        }
        .map(|(o, _)| o)
    }

    /// TC-16.4 `T`: the space it takes, as an [`Action::Space`] number, if any listed type
    /// is affordable: its pool, a share token for an unmanaged space; for `BUY` money ≥
    /// 2 × AV(T) + 20 and a reserve factory. Never `SM-1`.
    fn automa_space(&self, c: &Content, seat: u8, legal: &[Action]) -> Option<u8> {
        let card = self.card(c, seat)?;
        let me = &self.seats[usize::from(seat)];
        for &kind in &card.strategy {
            if kind == SpaceType::Buy {
                let target = self.automa_target(c, seat)?;
                let av = c.industries[usize::from(self.industry_display[usize::from(target)].card)]
                    .asset_value;
                if me.money >= 2 * av + 20 && me.reserve > 0 && legal.contains(&Action::Space(1)) {
                    return Some(1);
                }
                continue;
            }
            let best = self
                .spaces
                .iter()
                .enumerate()
                .filter(|(_, s)| c.board.unmanaged[usize::from(s.space)].kind == kind)
                .map(|(k, s)| (2 + k as u8, self.space_cost(c, seat, s.space)))
                .filter(|&(a, _)| legal.contains(&Action::Space(a)))
                .max_by_key(|&(a, cost)| (cost, std::cmp::Reverse(a)));
            if let Some((a, _)) = best {
                return Some(a);
            }
        }
        None
    }

    /// Whether an automa action's test passes (TC-16.4 table).
    fn automa_test(&self, c: &Content, seat: u8, kind: ActionKind, legal: &[Action]) -> bool {
        let me = &self.seats[usize::from(seat)];
        let passes = match kind {
            ActionKind::Build => self.automa_build(c, seat).is_some(),
            ActionKind::Shares => self.automa_share(c, seat).is_some(),
            ActionKind::Rally => me.promoters > 0,
            ActionKind::Strategy => self
                .automa_space(c, seat, &self.space_choices(c, seat))
                .is_some(),
            ActionKind::Politics => true,
            ActionKind::Loan => me.notes < super::state::MAX_NOTES && me.money < 60,
        };
        passes && (legal.contains(&Action::Act(kind)) || legal.contains(&Action::ActPlus1(kind)))
    }

    /// `STEP any 1` and `STEP any2` (TC-16.4): the focus sector; if capped, the track with
    /// its highest level where it can still move; ties in TC-0.1 order.
    fn automa_sector(&self, c: &Content, seat: u8) -> Sector {
        let me = &self.seats[usize::from(seat)];
        let can_move = |s: Sector| {
            let cap = if self
                .seats
                .iter()
                .enumerate()
                .any(|(k, x)| k != usize::from(seat) && x.level(s) == 7)
            {
                6
            } else {
                7
            };
            me.level(s) < cap
        };
        let focus = self.card(c, seat).map_or(Sector::Fin, |k| k.focus_sector);
        if can_move(focus) {
            return focus;
        }
        Sector::ALL
            .into_iter()
            .filter(|&s| can_move(s))
            .max_by_key(|&s| (me.level(s), std::cmp::Reverse(s.index())))
            .unwrap_or(focus)
    }
}

impl Ctx<'_> {
    /// The automa draws its card of the round (TC-16.3), in turn order.
    pub(crate) fn automa_draws(&mut self) {
        let order: Vec<u8> = self.s.turn_order().collect();
        for seat in order {
            let Some(level) = self.s.seats[usize::from(seat)].automa else {
                continue;
            };
            let card = self.s.automa_decks[level.index()].pop();
            self.s.reveals += 1;
            self.s.seats[usize::from(seat)].automa_card = card;
            if let Some(card) = card {
                let (who, id) = (self.s.name_of(seat), &self.c.automa[usize::from(card)].id);
                self.log
                    .say(|| format!("{who} (automa) turns up its card {id} (TC-16.3)"));
            }
        }
    }

    /// The automa's answer to a decision of its seat (TC-16.4), one of `legal`; the last
    /// listed answer (the always-legal one, TC-17) where its rules name none.
    pub(crate) fn automa_answer(
        &mut self,
        frame: Frame,
        kind: DecisionKind,
        legal: &[Action],
    ) -> Action {
        let s = &*self.s;
        let c = self.c;
        let choice = match frame {
            Frame::StartInfluence { .. } => legal.iter().copied().max_by_key(|a| match a {
                Action::Influence(n) => *n,
                _ => 0,
            }),
            Frame::StartPolicy { .. } => s
                .setup_policies
                .iter()
                .enumerate()
                .max_by_key(|&(i, &p)| {
                    (c.policies[usize::from(p)].end_support, std::cmp::Reverse(i))
                })
                .map(|(i, _)| Action::Policy(i as u8)),
            Frame::Agenda { .. } => Some(Action::Agenda(0)),
            Frame::Region => {
                let seat = s.tycoon;
                let focus = s.card(c, seat).map(|k| k.focus_region);
                legal
                    .iter()
                    .copied()
                    .filter_map(|a| match a {
                        Action::Region(r) => Some(r),
                        _ => None,
                    })
                    .max_by_key(|&r: &Region| {
                        let here = s
                            .factories_of(seat)
                            .filter(|(city, _)| c.map.cities[city.index()].region == r)
                            .count();
                        (here, Some(r) == focus, std::cmp::Reverse(r.index()))
                    })
                    .map(Action::Region)
            }
            Frame::PolicyBid { asked } => {
                let seat = s.in_turn(usize::from(asked));
                let bid = s.card(c, seat).map_or(0, |k| k.policy_bid);
                let bid = bid.min(s.seats[usize::from(seat)].promoters);
                Some(Action::PolicyBid(bid.min(99) as u8))
            }
            Frame::PolicyPick { .. } => s
                .policy_display
                .iter()
                .enumerate()
                .max_by_key(|&(i, slot)| {
                    let p = &c.policies[usize::from(slot.card)];
                    let kind = match p.kind {
                        PolicyKind::Liberal => 2,
                        PolicyKind::Economic => 1,
                        PolicyKind::Industrial => 0,
                    };
                    (p.end_support, kind, std::cmp::Reverse(i))
                })
                .map(|(i, _)| Action::Policy(i as u8)),
            Frame::NpBuy { seat, bought } => {
                let me = &s.seats[usize::from(seat)];
                let units = s.card(c, seat).map_or(0, |k| k.np_units);
                let price = s.np_price(c).unwrap_or(0);
                if u32::from(bought) >= units || price == 0 {
                    Some(Action::Done)
                } else if me.promoters >= price / 5 {
                    Some(Action::NpUnit((price / 5) as u8))
                } else if me.money >= price + 30 {
                    Some(Action::NpUnit(0))
                } else {
                    Some(Action::Done)
                }
            }
            Frame::Bid { turn } => {
                let seat = s.in_turn(usize::from(turn) % s.seat_count());
                let high = s.standing.iter().flatten().max().copied();
                let mine = s.standing[usize::from(seat)];
                let target = s.automa_target(c, seat);
                let margin = s.card(c, seat).map_or(0, |k| k.bid_margin);
                let ceiling = target.map_or(0, |t| {
                    c.industries[usize::from(s.industry_display[usize::from(t)].card)].asset_value
                        + margin
                });
                let ceiling = ceiling.min(s.seats[usize::from(seat)].money);
                let x = high.map_or(s.opening, |h| h + 5);
                if high.is_some() && mine == high {
                    Some(Action::Pass)
                } else if x <= ceiling && x % 5 == 0 {
                    Some(Action::Bid((x / 5).min(255) as u8))
                } else {
                    Some(Action::Pass)
                }
            }
            Frame::IndustryPick { seat, .. } => s.automa_target(c, seat).map(Action::Industry),
            Frame::Turn { seat } => Some(self.automa_turn(seat, legal)),
            Frame::BuildCard { seat, .. } => s
                .automa_build(c, seat)
                .map(|(card, _)| Action::Card(card))
                .or(Some(Action::Decline)),
            Frame::BuildCity { seat, card, .. } => s.automa_city(c, seat, card).map(Action::City),
            Frame::BuildMerits { .. } => Some(Action::Done),
            Frame::Share { seat } => s.automa_share(c, seat).map(Action::Share),
            Frame::Rally { seat } => Some(Action::Rally(
                s.seats[usize::from(seat)].promoters.min(6) as u8,
            )),
            Frame::Space { seat } => s.automa_space(c, seat, legal).map(Action::Space),
            Frame::TakeIndustry { seat, by } => {
                let target = s.automa_target(c, seat);
                match by {
                    IndustryBy::Strategy => target.map(Action::Industry),
                    IndustryBy::Effect { .. } => target
                        .map(Action::Industry)
                        .filter(|a| legal.contains(a))
                        .or(Some(Action::Decline)),
                }
            }
            Frame::BuyBonus { .. } => Some(Action::BonusInfluence),
            Frame::Office { seat, .. } => {
                let card = s.card(c, seat);
                s.empty_cities()
                    .max_by_key(|&city| {
                        let data = &c.map.cities[city.index()];
                        (
                            steps_in(&data.bonus, card.map(|k| k.focus_sector)),
                            Some(data.region) == card.map(|k| k.focus_region),
                            std::cmp::Reverse(city.0),
                        )
                    })
                    .map(Action::City)
            }
            Frame::StepAny { seat } => Some(Action::Sector(s.automa_sector(c, seat))),
            Frame::StepAny2 { seat } => {
                let sector = s.automa_sector(c, seat);
                Some(Action::Steps(sector, sector))
            }
            Frame::Conglomerate { .. } => s
                .conglomerates
                .iter()
                .min()
                .map(|&t| Action::Conglomerate(t)),
            Frame::Repay { .. } => legal.first().copied(), // as many as its cash pays
            _ => None,
        };
        let action = choice
            .filter(|a| legal.contains(a))
            .or_else(|| legal.last().copied())
            .unwrap_or(Action::Pass);
        let who = self.s.name_of(match frame {
            Frame::Bid { turn } => self.s.in_turn(usize::from(turn) % self.s.seat_count()),
            _ => self.s.frame_choices(self.c, frame).map_or(0, |d| d.0),
        });
        // What the automa keeps behind its screen (TI-2.6) is said to the table in public
        // words, and in full as a sealed line that the log of the finished game shows. A sealed
        // bid stays sealed until every bid is in (TI-21.19): the bid's own line says only that
        // it was made.
        if kind != DecisionKind::PolicyBid {
            let (s, c) = (&*self.s, self.c);
            let line = |words: String| format!("{who} (automa), {kind}: {words} (TC-16.4)");
            self.log
                .say(|| line(super::words::describe_in_public(s, c, action)));
            if super::words::is_screened(action) {
                self.log
                    .say_sealed(|| line(super::words::describe(s, c, action)));
            }
        }
        action
    }

    /// TC-16.4 Phase 4: the plan from left to right with a regular or Tycoon token, else
    /// Politics; else a Build with a +1 token; else pass.
    fn automa_turn(&self, seat: u8, legal: &[Action]) -> Action {
        let s = &*self.s;
        let me = &s.seats[usize::from(seat)];
        if me.has_first_token() {
            let plan = s
                .card(self.c, seat)
                .map(|k| k.plan.clone())
                .unwrap_or_default();
            for kind in plan {
                if me.taken & kind.bit() == 0
                    && legal.contains(&Action::Act(kind))
                    && s.automa_test(self.c, seat, kind, legal)
                {
                    return Action::Act(kind);
                }
            }
            if legal.contains(&Action::Act(ActionKind::Politics)) {
                return Action::Act(ActionKind::Politics);
            }
        }
        if me.plus1 > 0
            && legal.contains(&Action::ActPlus1(ActionKind::Build))
            && s.automa_build(self.c, seat).is_some()
        {
            return Action::ActPlus1(ActionKind::Build);
        }
        Action::Pass
    }
}

/// Whether a city's bonus is a step in the sector (TC-16.4 city ties).
fn steps_in(bonus: &[Effect], sector: Option<Sector>) -> bool {
    bonus
        .iter()
        .any(|e| matches!(e, Effect::Step { sector: s, .. } if Some(*s) == sector))
}
