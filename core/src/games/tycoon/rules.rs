//! The rules at work: the loop that runs step frames and stops at the next decision, the legal
//! choices of every decision frame (TC-17), and the dispatch of an answer to the rule that
//! takes it. Automa seats never stop the loop: their answers come from TC-16.4 at once.

use crate::engine::Log;

use super::action::{Action, MAX_INDUSTRY_BID, MAX_POLICY_BID};
use super::content::{Content, MeritWindow};
use super::frame::{DecisionKind, Frame, Window};
use super::state::{MAX_NOTES, Phase, State};

/// The rules at work on a state: the state, the content and the log of the action.
pub(crate) struct Ctx<'a> {
    pub s: &'a mut State,
    pub c: &'a Content,
    pub log: &'a mut Log,
}

/// A decision the state waits for.
pub(crate) struct Pending {
    pub seat: u8,
    pub kind: DecisionKind,
    pub choices: Vec<Action>,
}

impl State {
    /// The decision now, with every legal answer; `None` once the game is over. A person's
    /// decision also offers a voluntary emergency loan first (TI-21.4).
    pub(crate) fn pending(&self, c: &Content) -> Option<Pending> {
        if self.outcome.is_some() {
            return None;
        }
        let frame = *self.stack.last()?;
        let (seat, kind, mut choices) = self.frame_choices(c, frame)?;
        if choices.is_empty() {
            return None;
        }
        if self.may_borrow(seat) && !matches!(frame, Frame::LoanAmount { .. }) {
            choices.insert(0, Action::EmergencyLoan);
        }
        Some(Pending {
            seat,
            kind,
            choices,
        })
    }

    /// Whether `seat` may take a voluntary emergency loan now (TI-9, TI-21.4, TC-16.2 item 4).
    pub(crate) fn may_borrow(&self, seat: u8) -> bool {
        let me = &self.seats[usize::from(seat)];
        // Not before round 1 (setup's choices spend nothing) nor during note repayment
        // (TI-OQ-40).
        !me.is_automa()
            && me.notes < MAX_NOTES
            && !matches!(self.phase, Phase::GameEnd | Phase::Setup)
    }

    /// The seat, kind and choices of a decision frame; `None` for a step frame. Empty
    /// choices mean the decision has nothing left to choose: the frame is skipped.
    pub(crate) fn frame_choices(
        &self,
        c: &Content,
        frame: Frame,
    ) -> Option<(u8, DecisionKind, Vec<Action>)> {
        use DecisionKind as K;
        Some(match frame {
            Frame::StartInfluence { seat } => (
                seat,
                K::StartInfluence,
                (1..=4u8)
                    .filter(|&n| self.seats.iter().all(|x| x.influence != u32::from(n)))
                    .map(Action::Influence)
                    .collect(),
            ),
            Frame::StartPolicy { seat } => (
                seat,
                K::StartPolicy,
                (0..self.setup_policies.len() as u8)
                    .map(Action::Policy)
                    .collect(),
            ),
            Frame::Agenda { seat } => (
                seat,
                K::Agenda,
                (0..self.seats[usize::from(seat)].agenda.len().min(2) as u8)
                    .map(Action::Agenda)
                    .collect(),
            ),
            Frame::Region => (self.tycoon, K::Region, self.region_choices()),
            Frame::PolicyBid { asked } => {
                let seat = self.in_turn(usize::from(asked));
                let most = self.seats[usize::from(seat)]
                    .promoters
                    .min(u32::from(MAX_POLICY_BID)) as u8;
                let choices = if most == 0 {
                    Vec::new() // a bid of 0 is the only one: given at once
                } else {
                    (0..=most).rev().map(Action::PolicyBid).collect()
                };
                (seat, K::PolicyBid, choices)
            }
            Frame::PolicyPick { seat, .. } => (
                seat,
                K::PolicyPick,
                (0..self.policy_display.len() as u8)
                    .map(Action::Policy)
                    .collect(),
            ),
            Frame::NpBuy { seat, .. } => (seat, K::NationalProject, self.np_choices(c, seat)),
            Frame::MeritWindow { seat, window } => {
                let window = match window {
                    Window::Act => MeritWindow::Act,
                    Window::NationalProject => MeritWindow::NationalProject,
                };
                let mut choices: Vec<Action> = self
                    .playable_merits(c, seat, window)
                    .map(Action::Merit)
                    .collect();
                // The window opens for every holder of a card held since an earlier phase, a
                // card of another window too: which cards a seat holds is behind its screen
                // (TI-2.6), so whether it is asked must not tell the table.
                if self.holds_merits_of_earlier_phases(seat) {
                    choices.push(Action::Done);
                }
                (seat, K::MeritWindow, choices)
            }
            Frame::Bid { turn } => {
                let seat = self.in_turn(usize::from(turn) % self.seat_count());
                (seat, K::IndustryBid, self.bid_choices(seat, turn))
            }
            Frame::IndustryPick { seat, .. } => (
                seat,
                K::IndustryPick,
                (0..self.industry_display.len() as u8)
                    .map(Action::Industry)
                    .collect(),
            ),
            Frame::Turn { seat } => (seat, K::Turn, self.turn_choices(c, seat)),
            Frame::BuildCard { seat, by } => {
                let mut choices: Vec<Action> = self
                    .buildable_cards(c, seat)
                    .into_iter()
                    .map(Action::Card)
                    .collect();
                if by == super::frame::BuildBy::Effect && !choices.is_empty() {
                    choices.push(Action::Decline);
                }
                (seat, K::BuildCard, choices)
            }
            Frame::BuildCity { seat, card, .. } => (
                seat,
                K::BuildCity,
                self.build_cities(c, seat, card)
                    .into_iter()
                    .map(Action::City)
                    .collect(),
            ),
            Frame::BuildMerits { plan } => {
                let mut choices: Vec<Action> = self
                    .playable_merits(c, plan.seat, MeritWindow::Build)
                    .map(Action::Merit)
                    .collect();
                choices.push(Action::Done);
                (plan.seat, K::BuildMerits, choices)
            }
            Frame::WaiveIcon { seat, card } => {
                let icons = &c.industries[usize::from(card)].cost_icons;
                let waived = match self.stack.iter().rev().nth(1) {
                    Some(Frame::BuildMerits { plan }) => plan.waived,
                    _ => 0,
                };
                (
                    seat,
                    K::WaiveIcon,
                    (0..icons.len() as u8)
                        .filter(|i| waived & (1 << i) == 0)
                        .map(Action::Icon)
                        .collect(),
                )
            }
            Frame::Share { seat } => (seat, K::Share, self.share_choices(c, seat)),
            Frame::Rally { seat } => {
                let most = self.seats[usize::from(seat)].promoters.min(6) as u8;
                (seat, K::Rally, (1..=most).map(Action::Rally).collect())
            }
            Frame::Space { seat } => (seat, K::Space, self.space_choices(c, seat)),
            Frame::TakeIndustry { seat, by } => (
                seat,
                K::TakeIndustry,
                self.take_industry_choices(c, seat, by),
            ),
            Frame::BuyBonus { seat } => (
                seat,
                K::BuyBonus,
                vec![Action::BonusMoney, Action::BonusInfluence],
            ),
            Frame::Office { seat, optional } => {
                let mut choices: Vec<Action> = if self.seats[usize::from(seat)].reserve > 0 {
                    self.empty_cities().map(Action::City).collect()
                } else {
                    Vec::new()
                };
                if optional && !choices.is_empty() {
                    choices.push(Action::Decline);
                }
                (seat, K::Office, choices)
            }
            Frame::StepAny { seat } => (
                seat,
                K::StepAny,
                super::ids::Sector::ALL.map(Action::Sector).to_vec(),
            ),
            Frame::StepAny2 { seat } => (seat, K::StepAny, two_step_choices()),
            Frame::Offer { seat, at, atom } => {
                let mut choices = Vec::new();
                if self.offer_affordable(c, seat, at, atom) {
                    choices.push(Action::Accept);
                }
                choices.push(Action::Decline);
                (seat, K::Offer, choices)
            }
            Frame::Conglomerate { seat } => (
                seat,
                K::Conglomerate,
                self.conglomerates
                    .iter()
                    .map(|&t| Action::Conglomerate(t))
                    .collect(),
            ),
            Frame::LoanAmount { seat } => (
                seat,
                K::LoanAmount,
                (1..=25).map(Action::LoanAmount).collect(),
            ),
            Frame::Repay { asked } => {
                let seat = self.in_turn(usize::from(asked));
                let me = &self.seats[usize::from(seat)];
                let most = u32::from(me.notes).min(me.money / super::state::NOTE_REPAYMENT) as u8;
                let choices = if most == 0 {
                    Vec::new()
                } else {
                    (0..=most).rev().map(Action::Repay).collect()
                };
                (seat, K::Repay, choices)
            }
            Frame::FinishSetup
            | Frame::BeginRound
            | Frame::EnterPhase { .. }
            | Frame::Events { .. }
            | Frame::PolicyRefill { .. }
            | Frame::Income { .. }
            | Frame::NationalProject { .. }
            | Frame::Auction
            | Frame::AuctionEnd
            | Frame::AuctionFinish
            | Frame::Actions { .. }
            | Frame::RoundEnd
            | Frame::Housekeeping
            | Frame::BuildBonuses { .. }
            | Frame::ActionDone { .. }
            | Frame::Bundle { .. }
            | Frame::StepLater { .. }
            | Frame::Score => return None,
        })
    }

    /// The industry bids open to `seat` on auction turn `turn`, then Pass (TI-7.4): empty when
    /// the seat takes no turn (it passed in lap 1) or may only pass (no reserve factory,
    /// TI-21.1), so that the turn goes by at once.
    fn bid_choices(&self, seat: u8, turn: u8) -> Vec<Action> {
        let lap_two = usize::from(turn) >= self.seat_count();
        let me = &self.seats[usize::from(seat)];
        if (lap_two && self.lap_one_passes & (1 << seat) != 0) || me.reserve == 0 {
            return Vec::new();
        }
        let high = self.standing.iter().flatten().max().copied();
        let lowest = high.map_or(self.opening, |h| h + 5);
        let most = if me.is_automa() {
            me.money
        } else {
            self.borrowing_power(seat)
        }
        .min(u32::from(MAX_INDUSTRY_BID) * 5);
        let mut choices: Vec<Action> = (lowest.div_ceil(5)..=most / 5)
            .filter(|&f| f >= 1)
            .map(|f| Action::Bid(f as u8))
            .collect();
        choices.push(Action::Pass);
        choices
    }
}

/// Every `STEP any2` answer: two different sectors, or one sector twice (+2).
fn two_step_choices() -> Vec<Action> {
    use super::ids::Sector;
    let mut choices = Vec::new();
    for a in Sector::ALL {
        for b in Sector::ALL {
            if a.index() <= b.index() {
                choices.push(Action::Steps(a, b));
            }
        }
    }
    choices
}

impl Ctx<'_> {
    /// Runs the rules on to the next decision of a person (or the end of the game).
    pub(crate) fn run(&mut self) {
        // Every frame either leaves, waits for a person, or is answered by an automa; each
        // step makes progress, so the loop ends (TC-17).
        while let Some(&frame) = self.s.stack.last() {
            if self.s.outcome.is_some() {
                return;
            }
            match self.s.frame_choices(self.c, frame) {
                None => self.step(frame),
                Some((_, _, choices)) if choices.is_empty() => self.skip(frame),
                Some((seat, kind, choices)) => {
                    if self.s.seats[usize::from(seat)].is_automa() {
                        let action = self.automa_answer(frame, kind, &choices);
                        self.answer(action);
                    } else {
                        return;
                    }
                }
            }
        }
    }

    /// A decision with nothing to choose goes by: most frames just leave; a turn, a bid or a
    /// repayment that the seat cannot make moves on to the next seat.
    fn skip(&mut self, frame: Frame) {
        self.s.stack.pop();
        match frame {
            Frame::Turn { seat } => {
                let who = self.s.name_of(seat);
                self.log.say(|| {
                    format!("{who} has no usable action token and leaves Phase 4 (TI-8.2)")
                });
                self.s.seats[usize::from(seat)].out = true;
            }
            Frame::PolicyBid { asked } => self.policy_bid(asked, 0),
            Frame::Bid { turn } => self.auction_pass(turn),
            Frame::Repay { asked } => self.next_repayment(asked),
            _ => {}
        }
    }

    /// Applies an answer to the decision on top of the stack. The caller has checked that it
    /// is one of the listed choices.
    pub(crate) fn answer(&mut self, action: Action) {
        let Some(&frame) = self.s.stack.last() else {
            return;
        };
        if action == Action::EmergencyLoan {
            if let Some((seat, _, _)) = self.s.frame_choices(self.c, frame) {
                self.s.stack.push(Frame::LoanAmount { seat });
            }
            return;
        }
        self.s.stack.pop();
        match (frame, action) {
            (Frame::StartInfluence { seat }, Action::Influence(n)) => self.start_influence(seat, n),
            (Frame::StartPolicy { seat }, Action::Policy(i)) => self.start_policy(seat, i),
            (Frame::Agenda { seat }, Action::Agenda(i)) => self.keep_agenda(seat, i),
            (Frame::Region, Action::Region(r)) => self.activate(r),
            (Frame::PolicyBid { asked }, Action::PolicyBid(b)) => {
                self.policy_bid(asked, u32::from(b))
            }
            (Frame::PolicyPick { seat, by }, Action::Policy(i)) => self.take_policy(seat, i, by),
            (Frame::NpBuy { seat, bought }, Action::NpUnit(q)) => self.np_unit(seat, q, bought),
            (Frame::NpBuy { .. }, Action::Done) => {}
            (Frame::MeritWindow { seat, .. }, Action::Merit(m)) => {
                self.s.stack.push(frame); // the window stays open for more cards
                self.play_merit(seat, m);
            }
            (Frame::MeritWindow { .. }, Action::Done) => {}
            (Frame::Bid { turn }, Action::Bid(f)) => self.auction_bid(turn, u32::from(f) * 5),
            (Frame::Bid { turn }, Action::Pass) => self.auction_pass(turn),
            (Frame::IndustryPick { seat, .. }, Action::Industry(i)) => {
                self.s.auction_takers |= 1 << seat;
                self.acquire_from_display(seat, i);
            }
            (Frame::Turn { seat }, Action::Pass) => self.pass(seat),
            (Frame::Turn { seat }, Action::Act(kind)) => self.act(seat, kind, false),
            (Frame::Turn { seat }, Action::ActPlus1(kind)) => self.act(seat, kind, true),
            (Frame::BuildCard { seat, by }, Action::Card(card)) => {
                self.s.stack.push(Frame::BuildCity { seat, card, by })
            }
            (Frame::BuildCity { seat, card, by }, Action::City(city)) => {
                self.declare_build(seat, card, city, by)
            }
            (Frame::BuildMerits { plan }, Action::Merit(m)) => self.build_merit(plan, m),
            (Frame::BuildMerits { plan }, Action::Done) => self.build(plan),
            (Frame::WaiveIcon { .. }, Action::Icon(i)) => self.waive_icon(i),
            (Frame::Share { seat }, Action::Share(o)) => self.buy_share(seat, o),
            (Frame::Rally { seat }, Action::Rally(n)) => self.rally(seat, n),
            (Frame::Space { seat }, Action::Space(i)) => self.take_space(seat, i),
            (Frame::TakeIndustry { seat, by }, Action::Industry(i)) => {
                self.buy_industry(seat, i, by)
            }
            (Frame::BuyBonus { seat }, Action::BonusMoney) => self.gain_money(seat, 10),
            (Frame::BuyBonus { seat }, Action::BonusInfluence) => self.gain_influence(seat, 2),
            (Frame::Office { seat, .. }, Action::City(city)) => self.place_office(seat, city),
            (Frame::StepAny { seat }, Action::Sector(s)) => self.advance(seat, s, 1),
            (Frame::StepAny2 { seat }, Action::Steps(a, b)) => self.two_steps(seat, a, b),
            (Frame::Offer { seat, at, atom }, Action::Accept) => self.accept_offer(seat, at, atom),
            (Frame::Conglomerate { seat }, Action::Conglomerate(t)) => {
                self.take_conglomerate(seat, t)
            }
            (Frame::LoanAmount { seat }, Action::LoanAmount(n)) => {
                self.emergency_loan(seat, u32::from(n), false)
            }
            (Frame::Repay { asked }, Action::Repay(n)) => self.repay(asked, n),
            (frame, Action::Decline) => {
                let who = self
                    .s
                    .frame_choices(self.c, frame)
                    .map_or("", |d| self.s.name_of(d.0));
                self.log.say(|| format!("{who} declines (TC-0.3 E4)"));
            }
            (frame, action) => {
                // Unreachable for a listed action: put the frame back untouched.
                debug_assert!(false, "{action} does not answer {frame:?}");
                self.s.stack.push(frame);
            }
        }
    }
}
