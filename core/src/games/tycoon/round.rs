//! The round (TI-4): the headline, region activation (TI-5), the round events (TI-6), the
//! industry auction (TI-7), the Phase-4 loop (TI-8.2), the round's end (TI-4.2) and the game
//! end (TI-16.1).

use super::action::Action;
use super::content::{HeadlineTiming, PolicyWhen, RoundEvent, Source};
use super::frame::{Frame, PolicyBy, Window};
use super::ids::Region;
use super::rules::Ctx;
use super::state::{LAST_ROUND, NOTE_REPAYMENT, Phase, Slot, State};
use crate::engine::log::counted;

impl State {
    /// The regions the Tycoon may activate (TI-5.1): any in round 1, another one after.
    pub(crate) fn region_choices(&self) -> Vec<Action> {
        Region::ALL
            .into_iter()
            .filter(|&r| Some(r) != self.region)
            .map(Action::Region)
            .collect()
    }

    /// The headline in force for `seat` with this timing, if any (TI-17.4: never an automa's).
    pub(crate) fn headline_for(
        &self,
        c: &super::content::Content,
        seat: u8,
        timing: HeadlineTiming,
    ) -> Option<u8> {
        let h = self.headline?;
        (!self.seats[usize::from(seat)].is_automa()
            && c.headlines.get(usize::from(h))?.effect.when == timing)
            .then_some(h)
    }
}

impl Ctx<'_> {
    /// Runs a step frame (the frame is on top of the stack).
    pub(crate) fn step(&mut self, frame: Frame) {
        self.s.stack.pop();
        match frame {
            Frame::FinishSetup => self.finish_setup(),
            Frame::BeginRound => self.begin_round(),
            Frame::EnterPhase { phase } => {
                self.s.phase = phase;
                self.s.phase_serial += 1;
            }
            Frame::Events { next } => self.events(next),
            Frame::PolicyRefill { by } => self.policy_refill(by),
            Frame::Income { next } => self.income(next),
            Frame::NationalProject { asked } => self.national_project(asked),
            Frame::Auction => self.auction(),
            Frame::AuctionEnd => self.auction_end(),
            Frame::AuctionFinish => self.auction_finish(),
            Frame::Actions { next } => self.actions(next),
            Frame::RoundEnd => self.round_end(),
            Frame::Housekeeping => self.housekeeping(),
            Frame::BuildBonuses { plan, stage } => self.build_bonuses(plan, stage),
            Frame::ActionDone { seat, kind } => self.action_done(seat, kind),
            Frame::Bundle { holder, at, next } => self.bundle_step(holder, at, next),
            Frame::StepLater { seat, sector } => self.advance(seat, sector, 1),
            Frame::Score => self.score(),
            other => {
                debug_assert!(false, "{other:?} is not a step");
            }
        }
    }

    /// TI-4.1, TI-17.2, TC-16.3: the round begins.
    fn begin_round(&mut self) {
        self.s.round += 1;
        self.s.record_figures(self.c);
        let round = self.s.round;
        self.log.say(|| format!("Round {round} begins (TI-4)"));
        self.s.stack.extend([
            Frame::Housekeeping,
            Frame::RoundEnd,
            Frame::Actions { next: 0 },
            Frame::EnterPhase {
                phase: Phase::Actions,
            },
            Frame::Auction,
            Frame::EnterPhase {
                phase: Phase::Auction,
            },
            Frame::Events { next: 0 },
            Frame::EnterPhase {
                phase: Phase::Events,
            },
            Frame::Region,
            Frame::EnterPhase {
                phase: Phase::Region,
            },
        ]);
        self.s.phase = Phase::Headline;
        self.s.phase_serial += 1;
        if let Some(h) = self.s.headline_deck.pop() {
            self.s.headline = Some(h);
            self.s.reveals += 1;
            let name = &self.c.headlines[usize::from(h)].name;
            self.log
                .say(|| format!("The headline of the round: {name} (TI-17.2)"));
            // Round start: each non-AI seat in turn order, the first on top (TC-10).
            let order: Vec<u8> = self.s.turn_order().collect();
            for &seat in order.iter().rev() {
                if self
                    .s
                    .headline_for(self.c, seat, HeadlineTiming::RoundStart)
                    .is_some()
                {
                    self.resolve(seat, Source::Headline(h));
                }
            }
        }
        // TC-16.3: after the headline, before Phase 1 (the round-start effects, pushed above,
        // touch no automa, TI-17.4).
        self.automa_draws();
    }

    /// TI-5.1–5.2: the region, and its bonus once per own factory there.
    pub(crate) fn activate(&mut self, region: Region) {
        self.s.region = Some(region);
        let (tycoon, name) = (self.s.name_of(self.s.tycoon), region.name());
        self.log
            .say(|| format!("{tycoon} activates the {name} (TI-5.1)"));
        let order: Vec<u8> = self.s.turn_order().collect();
        for &seat in order.iter().rev() {
            let here = self
                .s
                .factories_of(seat)
                .filter(|(city, _)| self.c.map.cities[city.index()].region == region)
                .count();
            for _ in 0..here {
                self.resolve(seat, Source::Region(region));
            }
        }
    }

    /// TI-6.1: the round's events from `next` on (TC-6).
    fn events(&mut self, next: u8) {
        let round = usize::from(self.s.round);
        let Some(event) = self
            .c
            .board
            .rounds
            .get(round.wrapping_sub(1))
            .and_then(|r| r.events.get(usize::from(next)))
            .copied()
        else {
            return;
        };
        self.s.stack.push(Frame::Events { next: next + 1 });
        match event {
            RoundEvent::PolicyBid => {
                if self.s.policy_display.is_empty() {
                    self.log.say(|| {
                        "No policy is on display: the policy bid is skipped (TI-21.11)".into()
                    });
                } else {
                    self.s.bids.iter_mut().for_each(|b| *b = None);
                    self.log.say(|| "The sealed policy bid (TI-6.2)".into());
                    self.s.stack.push(Frame::PolicyBid { asked: 0 });
                }
            }
            RoundEvent::Income => {
                self.log.say(|| "Income & dividends (TI-6.3)".into());
                self.s.stack.push(Frame::Income { next: 0 });
            }
            RoundEvent::NationalProject => {
                self.log
                    .say(|| "National Project investment (TI-6.4)".into());
                self.s.stack.push(Frame::NationalProject { asked: 0 });
            }
        }
    }

    /// TI-6.2, TI-21.19: a sealed bid is recorded unseen; after the last, all are revealed.
    pub(crate) fn policy_bid(&mut self, asked: u8, bid: u32) {
        let seat = self.s.in_turn(usize::from(asked));
        self.s.bids[usize::from(seat)] = Some(bid);
        let who = self.s.name_of(seat);
        self.log.say(|| format!("{who} has made a sealed bid"));
        if usize::from(asked) + 1 < self.s.seat_count() {
            self.s.stack.push(Frame::PolicyBid { asked: asked + 1 });
            return;
        }
        // Steps 2–5: the reveal, the winner by bid then influence order, the payments.
        let bids: Vec<u32> = self.s.bids.iter().map(|b| b.unwrap_or(0)).collect();
        let shown = bids
            .iter()
            .enumerate()
            .map(|(k, b)| format!("{} {b}", self.s.name_of(k as u8)))
            .collect::<Vec<_>>()
            .join(", ");
        self.log.say(|| format!("Bids revealed: {shown} (TI-6.2)"));
        self.s.reveals += 1;
        // The highest bid; a tie goes to the first of the tied in influence order (step 3).
        let top = bids.iter().copied().max().unwrap_or(0);
        let winner = self
            .s
            .influence_order()
            .into_iter()
            .find(|&s| bids[usize::from(s)] == top)
            .unwrap_or(self.s.tycoon);
        let tycoon = self.s.tycoon();
        for (seat, &bid) in bids.iter().enumerate() {
            let me = &mut self.s.seats[seat];
            me.promoters -= bid.min(me.promoters);
            if seat != usize::from(winner) {
                me.pool += bid;
            } else if seat != tycoon {
                self.s.seats[tycoon].promoters += bid;
            }
        }
        self.s.bids.iter_mut().for_each(|b| *b = None);
        let (who, tycoon) = (self.s.name_of(winner), self.s.name_of(self.s.tycoon));
        let to = if winner == self.s.tycoon {
            "the supply".to_owned()
        } else {
            tycoon.to_owned()
        };
        self.log.say(|| {
            format!("{who} wins the policy bid with {top} and pays them to {to}; the others' bids go to their pools (TI-6.2)")
        });
        self.s.stack.push(Frame::PolicyRefill { by: PolicyBy::Bid });
        self.s.stack.push(Frame::PolicyPick {
            seat: winner,
            by: PolicyBy::Bid,
        });
    }

    /// TI-6.2 step 6, Lobby, `POLICY`: the card with its promoters; a Liberal policy's `NOW`.
    pub(crate) fn take_policy(&mut self, seat: u8, slot: u8, by: PolicyBy) {
        if usize::from(slot) >= self.s.policy_display.len() {
            return;
        }
        if by == PolicyBy::Lobby {
            self.s.stack.push(Frame::PolicyRefill { by });
        }
        let Slot { card, promoters } = self.s.policy_display.remove(usize::from(slot));
        self.s.seats[usize::from(seat)].promoters += promoters;
        let (who, name) = (
            self.s.name_of(seat),
            &self.c.policies[usize::from(card)].name,
        );
        self.log.say(|| {
            format!(
                "{who} takes the policy {name} with the {} on it",
                counted(promoters, "promoter", "promoters")
            )
        });
        self.own_policy(seat, card);
    }

    /// A policy joins its owner's: a Liberal policy's `NOW` resolves (TI-6.5).
    pub(crate) fn own_policy(&mut self, seat: u8, card: u8) {
        self.s.seats[usize::from(seat)].policies.push(card);
        let policy = &self.c.policies[usize::from(card)];
        if policy.effect.when == PolicyWhen::Now {
            self.resolve(seat, Source::Policy(card));
        }
    }

    /// TI-6.2 steps 7–8: the unchosen policy's promoter (bids only), the refill.
    fn policy_refill(&mut self, by: PolicyBy) {
        if by == PolicyBy::Bid {
            for slot in &mut self.s.policy_display {
                slot.promoters += 1;
            }
        }
        self.refill_policies();
    }

    /// Fills the policy display to 2 from the deck (TI-2.7).
    pub(crate) fn refill_policies(&mut self) {
        while self.s.policy_display.len() < 2 {
            let Some(card) = self.s.policy_deck.pop() else {
                break;
            };
            self.s.reveals += 1;
            self.s.policy_display.push(Slot { card, promoters: 0 });
        }
    }

    /// Fills the industry display to 3 from the deck (TI-2.7).
    pub(crate) fn refill_industries(&mut self) {
        while self.s.industry_display.len() < 3 {
            let Some(card) = self.s.industry_deck.pop() else {
                break;
            };
            self.s.reveals += 1;
            self.s.industry_display.push(Slot { card, promoters: 0 });
        }
    }

    /// TI-6.3, TI-21.23: each seat's income and its income hooks in turn order, then the
    /// supply's dividends, then each payer's dividends to its holders.
    fn income(&mut self, next: u8) {
        let n = self.s.seat_count();
        if usize::from(next) < n {
            let seat = self.s.in_turn(usize::from(next));
            self.s.stack.push(Frame::Income { next: next + 1 });
            let income = self.s.income_of(self.c, seat);
            self.gain_money(seat, income);
            let who = self.s.name_of(seat);
            self.log
                .say(|| format!("{who} earns {income} Cr of income"));
            self.fire_income_hooks(seat);
            return;
        }
        for seat in 0..n as u8 {
            let held = self.s.seats[usize::from(seat)].shares_held();
            if held > 0 {
                self.gain_money(seat, 5 * held);
            }
        }
        let order: Vec<u8> = self.s.turn_order().collect();
        for payer in order {
            for holder in 0..n as u8 {
                let shares = u32::from(self.s.seats[usize::from(holder)].held[usize::from(payer)]);
                if holder != payer && shares > 0 {
                    let (p, h) = (self.s.name_of(payer), self.s.name_of(holder));
                    self.log.say(|| {
                        format!(
                            "{p} pays {h} {} Cr of dividends for {shares} shares",
                            10 * shares
                        )
                    });
                    self.pay(payer, 10 * shares, Some(holder), "dividends");
                }
            }
        }
    }

    /// TI-6.4: the NP turn of the seat `asked` places after the Tycoon: its NP merit window,
    /// then its purchases.
    fn national_project(&mut self, asked: u8) {
        if usize::from(asked) >= self.s.seat_count() {
            return;
        }
        let seat = self.s.in_turn(usize::from(asked));
        self.s
            .stack
            .push(Frame::NationalProject { asked: asked + 1 });
        self.s.stack.push(Frame::NpBuy { seat, bought: 0 });
        self.s.stack.push(Frame::MeritWindow {
            seat,
            window: Window::NationalProject,
        });
    }

    /// TI-7.1–7.3: the auction opens, or is skipped with an empty display (TI-21.8).
    fn auction(&mut self) {
        self.s.standing.iter_mut().for_each(|b| *b = None);
        self.s.lap_one_passes = 0;
        self.s.auction_takers = 0;
        self.s.top_bidder = None;
        if self.s.industry_display.is_empty() {
            self.log.say(|| {
                "No industry is on display: Phase 3 is skipped and every seat takes 3 promoters into its pool (TI-21.8)".into()
            });
            for seat in &mut self.s.seats {
                seat.pool += 3;
            }
            return;
        }
        let lowest = self
            .s
            .industry_display
            .iter()
            .map(|slot| self.c.industries[usize::from(slot.card)].asset_value)
            .min()
            .unwrap_or(0);
        self.s.opening = lowest.div_ceil(5) * 5;
        let opening = self.s.opening;
        self.log
            .say(|| format!("The industry auction opens at {opening} Cr (TI-7.2)"));
        self.s.stack.push(Frame::AuctionEnd);
        self.s.stack.push(Frame::Bid { turn: 0 });
    }

    /// TI-7.4: a bid stands; the next auction turn.
    pub(crate) fn auction_bid(&mut self, turn: u8, amount: u32) {
        let seat = self.s.in_turn(usize::from(turn) % self.s.seat_count());
        self.s.standing[usize::from(seat)] = Some(amount);
        let who = self.s.name_of(seat);
        self.log.say(|| format!("{who} bids {amount} Cr"));
        self.next_auction_turn(turn);
    }

    /// TI-7.4: a pass; in lap 1 it takes the seat out of lap 2.
    pub(crate) fn auction_pass(&mut self, turn: u8) {
        let n = self.s.seat_count();
        let seat = self.s.in_turn(usize::from(turn) % n);
        let lap_two = usize::from(turn) >= n;
        if !lap_two {
            self.s.lap_one_passes |= 1 << seat;
        }
        if !lap_two || self.s.lap_one_passes & (1 << seat) == 0 {
            let who = self.s.name_of(seat);
            self.log.say(|| format!("{who} passes"));
        }
        self.next_auction_turn(turn);
    }

    fn next_auction_turn(&mut self, turn: u8) {
        if usize::from(turn) + 1 < 2 * self.s.seat_count() {
            self.s.stack.push(Frame::Bid { turn: turn + 1 });
        }
    }

    /// TI-7.5 steps 1–3, TI-21.8: the winners pay, then pick.
    fn auction_end(&mut self) {
        let mut ranked: Vec<(u32, u8)> = self
            .s
            .standing
            .iter()
            .enumerate()
            .filter_map(|(seat, bid)| bid.map(|b| (b, seat as u8)))
            .collect();
        ranked.sort_unstable_by(|a, b| b.cmp(a));
        let places = ranked.len().min(2).min(self.s.industry_display.len());
        ranked.truncate(places);
        self.s.stack.push(Frame::AuctionFinish);
        if let Some(&(_, first)) = ranked.first() {
            self.s.top_bidder = Some(first);
        }
        for (place, &(bid, seat)) in ranked.iter().enumerate().rev() {
            let who = self.s.name_of(seat);
            self.log.say(|| {
                format!(
                    "{who} wins place {} with {bid} Cr and pays it (TI-7.5)",
                    place + 1
                )
            });
            self.pay(seat, bid, None, "the auction");
            self.s.stack.push(Frame::IndustryPick {
                seat,
                second: place == 1,
            });
        }
        if ranked.is_empty() {
            self.log.say(|| "Nobody bid (TI-7.6)".into());
        }
    }

    /// TI-7.5 steps 4–7: promoters on the untaken cards, the refill, the non-winners' pool.
    fn auction_finish(&mut self) {
        for slot in &mut self.s.industry_display {
            slot.promoters += 1;
        }
        self.refill_industries();
        for seat in 0..self.s.seat_count() as u8 {
            if self.s.auction_takers & (1 << seat) == 0 {
                self.s.seats[usize::from(seat)].pool += 3;
            }
        }
        self.log.say(|| {
            "The untaken cards gain a promoter; every seat that took no card takes 3 promoters into its pool (TI-7.5)".into()
        });
    }

    /// TI-8.2: the next seat still in the loop from `next` on takes a turn: its ACT merit
    /// window first (TI-21.21), then the action or pass; with nobody left, Phase 4 ends.
    fn actions(&mut self, next: u8) {
        let n = self.s.seat_count();
        let Some(k) = (0..n)
            .map(|k| (usize::from(next) + k) % n)
            .find(|&k| !self.s.seats[usize::from(self.s.in_turn(k))].out)
        else {
            return;
        };
        let seat = self.s.in_turn(k);
        self.s.stack.push(Frame::Actions {
            next: ((k + 1) % n) as u8,
        });
        self.s.stack.push(Frame::Turn { seat });
        self.s.stack.push(Frame::MeritWindow {
            seat,
            window: Window::Act,
        });
    }

    /// The tokens of the next Phase 4 (TI-4.2 step 2, TI-8.1).
    pub(crate) fn reset_tokens(&mut self) {
        let tycoon = self.s.tycoon;
        for (k, seat) in self.s.seats.iter_mut().enumerate() {
            seat.tokens = 2;
            seat.tycoon_token = k == usize::from(tycoon);
            seat.taken = 0;
            seat.out = false;
        }
    }

    /// TI-17.2: the round-end headline, then housekeeping.
    fn round_end(&mut self) {
        self.s.phase = Phase::RoundEnd;
        self.s.phase_serial += 1;
        if let Some(h) = self.s.headline {
            let order: Vec<u8> = self.s.turn_order().collect();
            for &seat in order.iter().rev() {
                if self
                    .s
                    .headline_for(self.c, seat, HeadlineTiming::RoundEnd)
                    .is_some()
                {
                    self.resolve(seat, Source::Headline(h));
                }
            }
        }
    }

    /// TI-4.2: the headline leaves, the tokens come back, the top bidder becomes Tycoon;
    /// after round 7 the game end (TI-16.1).
    fn housekeeping(&mut self) {
        if let Some(h) = self.s.headline.take() {
            self.s.headlines_past.push(h);
        }
        for seat in &mut self.s.seats {
            seat.taken = 0;
            seat.out = false;
            seat.automa_card = None;
        }
        if let Some(top) = self.s.top_bidder.take()
            && top != self.s.tycoon
        {
            self.s.tycoon = top;
            let who = self.s.name_of(top);
            self.log
                .say(|| format!("{who} becomes the Tycoon (TI-4.2)"));
        }
        self.reset_tokens();
        if self.s.round >= LAST_ROUND {
            self.s.round = LAST_ROUND + 1;
            self.s.phase = Phase::GameEnd;
            self.s.phase_serial += 1;
            self.log.say(|| {
                "The round marker reaches END: the final Income & dividends (TI-16.1)".into()
            });
            self.s.stack.extend([
                Frame::Score,
                Frame::Repay { asked: 0 },
                Frame::Income { next: 0 },
            ]);
        } else {
            self.s.stack.push(Frame::BeginRound);
        }
    }

    /// TI-16.1: repays notes at 50 Cr each.
    pub(crate) fn repay(&mut self, asked: u8, notes: u8) {
        let seat = self.s.in_turn(usize::from(asked));
        let me = &mut self.s.seats[usize::from(seat)];
        let notes = notes.min(me.notes);
        me.notes -= notes;
        me.money -= (u32::from(notes) * NOTE_REPAYMENT).min(me.money);
        let who = self.s.name_of(seat);
        self.log
            .say(|| format!("{who} repays {notes} notes (TI-16.1)"));
        self.next_repayment(asked);
    }

    pub(crate) fn next_repayment(&mut self, asked: u8) {
        if usize::from(asked) + 1 < self.s.seat_count() {
            self.s.stack.push(Frame::Repay { asked: asked + 1 });
        }
    }
}
