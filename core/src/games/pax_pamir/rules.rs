//! The rules' engine room: what each frame of the stack asks (PP-16), how an answer is
//! applied, and the loop that runs step frames until a decision is waiting.

use super::action::Action;
use super::frame::{BribeStage, DecisionKind, Frame, Purpose, Site};
use super::options::RumorTarget;
use super::pieces::Ctx;
use super::{
    Ability, CardAction, CardData, CardId, CardSet, Coalition, EventEffect, Icon, Region, Row,
    Side, Slot, State, Suit,
};

/// A decision the rules wait for: who, what, and the legal answers in a stable order.
pub(crate) struct Pending {
    pub player: u8,
    pub kind: DecisionKind,
    pub choices: Vec<Action>,
}

impl State {
    /// The decision of the frame on top, if it has a choice; `None` for a step frame or a
    /// decision frame with nothing left to choose.
    pub(crate) fn pending(&self, cards: &CardData) -> Option<Pending> {
        if self.outcome.is_some() {
            return None;
        }
        let frame = *self.stack.last()?;
        let (player, kind, choices) = self.frame_choices(cards, frame)?;
        (!choices.is_empty()).then_some(Pending {
            player,
            kind,
            choices,
        })
    }

    /// The choices of a decision frame; `None` for a step frame.
    fn frame_choices(
        &self,
        cards: &CardData,
        frame: Frame,
    ) -> Option<(u8, DecisionKind, Vec<Action>)> {
        use DecisionKind as K;
        let active = self.active;
        Some(match frame {
            Frame::ChooseLoyalty { seat, .. } => (
                seat,
                K::Loyalty,
                Coalition::ALL.map(Action::Loyalty).to_vec(),
            ),
            Frame::Blackmail { used } => {
                (active, K::Blackmail, self.blackmail_choices(cards, used))
            }
            Frame::Actions => (active, K::Action, self.action_choices(cards)),
            Frame::Bribe {
                briber,
                receiver,
                full,
                stage,
                purpose,
            } => self.bribe_choices(cards, briber, receiver, full, stage, purpose),
            Frame::RoadBorder { player, region } => (
                player,
                K::RoadBorder,
                region.borders().map(Action::Road).collect(),
            ),
            Frame::SpyTarget { player, region } => (
                player,
                K::SpyTarget,
                self.court_cards()
                    .filter(|&(_, c)| cards.court(c).is_some_and(|c| c.region == region))
                    .map(|(_, c)| Action::SpyOn(c))
                    .collect(),
            ),
            Frame::Fallback { player, place } => (
                player,
                K::Fallback,
                self.fallback_pieces(player, place)
                    .into_iter()
                    .map(Action::Take)
                    .collect(),
            ),
            Frame::Tax {
                player,
                left,
                taken,
            } => {
                let mut choices = if left > 0 {
                    self.tax_sources(cards, player as usize)
                } else {
                    Vec::new()
                };
                if taken > 0 && !choices.is_empty() {
                    choices.push(Action::Stop);
                }
                (player, K::Tax, choices)
            }
            Frame::Gift { player } => (
                player,
                K::Gift,
                self.gift_slots(player as usize)
                    .into_iter()
                    .map(Action::GiftOn)
                    .collect(),
            ),
            Frame::BuildCount { player } => (
                player,
                K::BuildCount,
                self.build_counts(cards, player as usize)
                    .into_iter()
                    .map(Action::Blocks)
                    .collect(),
            ),
            Frame::BuildBlock { player, .. } => {
                (player, K::BuildBlock, self.build_spaces(player as usize))
            }
            Frame::Infrastructure { player } => {
                let mut choices = self.build_spaces(player as usize);
                if self.options.infrastructure_optional && !choices.is_empty() {
                    choices.push(Action::Skip);
                }
                (player, K::Infrastructure, choices)
            }
            Frame::Move {
                player,
                left,
                moved,
                spy,
            } => {
                let mut choices = if left > 0 || spy.is_some() {
                    self.move_choices(cards, player as usize, spy)
                } else {
                    Vec::new()
                };
                if spy.is_none() && moved > 0 && !choices.is_empty() {
                    choices.push(Action::Stop);
                }
                (player, K::Move, choices)
            }
            Frame::BetrayTarget { player } => (
                player,
                K::Betray,
                self.betray_targets(cards, player as usize)
                    .into_iter()
                    .map(Action::Betray)
                    .collect(),
            ),
            Frame::Prize { player, .. } => (
                player,
                K::Prize,
                vec![Action::TakePrize, Action::RefusePrize],
            ),
            Frame::BattleSite { player, .. } => (
                player,
                K::BattleSite,
                self.battle_sites(cards, player as usize),
            ),
            Frame::Battle {
                player,
                site,
                left,
                removed,
            } => {
                let mut choices = if left > 0 {
                    self.removable(cards, player as usize, site)
                } else {
                    Vec::new()
                };
                if removed > 0 && !choices.is_empty() {
                    choices.push(Action::Stop);
                }
                (player, K::Battle, choices)
            }
            Frame::SafeHouse { owner, from } => {
                let mut choices: Vec<Action> = self
                    .safe_house_cards(cards, owner as usize, from)
                    .into_iter()
                    .map(Action::SafeHouse)
                    .collect();
                if !choices.is_empty() {
                    choices.push(Action::ReturnSpy);
                }
                (owner, K::SafeHouse, choices)
            }
            Frame::Shortfall { player, left } => {
                let p = &self.players[player as usize];
                let choices = if left > 0 {
                    p.hand
                        .iter()
                        .chain(p.court.as_slice().iter().copied())
                        .map(Action::Discard)
                        .collect()
                } else {
                    Vec::new()
                };
                (player, K::Leverage, choices)
            }
            Frame::DiscardInOrder { player, batch } => {
                let court = &self.players[player as usize].court;
                let choices = court
                    .as_slice()
                    .iter()
                    .copied()
                    .filter(|&c| batch.contains(c))
                    .map(Action::Discard)
                    .collect();
                (player, K::DiscardOrder, choices)
            }
            Frame::CourtLimit => {
                let p = active as usize;
                let over = self.players[p].court.len() > self.court_limit(cards, p);
                let choices = if over {
                    self.players[p]
                        .court
                        .as_slice()
                        .iter()
                        .copied()
                        .map(Action::Discard)
                        .collect()
                } else {
                    Vec::new()
                };
                (active, K::CourtLimit, choices)
            }
            Frame::HandLimit => {
                let p = active as usize;
                let over = self.players[p].hand.len() > self.hand_limit(cards, p);
                let choices = if over {
                    self.players[p].hand.iter().map(Action::Discard).collect()
                } else {
                    Vec::new()
                };
                (active, K::HandLimit, choices)
            }
            Frame::RumorTarget { player } => {
                let targets = (0..self.players() as u8)
                    .filter(|&q| self.options.rumor_target == RumorTarget::AnyPlayer || q != player)
                    .map(Action::Player)
                    .collect();
                (player, K::Rumor, targets)
            }
            Frame::Persuade { player } => (
                player,
                K::Persuade,
                (0..self.players() as u8)
                    .filter(|&q| q != player)
                    .map(Action::Player)
                    .collect(),
            ),
            Frame::Pashtunwali { player } => {
                (player, K::Pashtunwali, Suit::ALL.map(Action::Suit).to_vec())
            }
            Frame::RebukeRegion { player } => {
                (player, K::Rebuke, Region::ALL.map(Action::Rebuke).to_vec())
            }
            Frame::ConfidenceFailure { player } => (
                player,
                K::ConfidenceFailure,
                self.players[player as usize]
                    .hand
                    .iter()
                    .map(Action::Discard)
                    .collect(),
            ),
            Frame::StartTurn
            | Frame::Icons { .. }
            | Frame::Place { .. }
            | Frame::Repay { .. }
            | Frame::Overthrow { .. }
            | Frame::MarketEvent { .. }
            | Frame::Refill
            | Frame::EndTurn
            | Frame::WakhanLoop { .. }
            | Frame::WakhanSweep { .. }
            | Frame::WakhanMove { .. } => return None,
        })
    }

    /// The Blackmail spies the active player may place (PP-15, PP-OQ-20): on a court card of a
    /// Blackmail card's region with no spy of anyone, for each Blackmail card not used yet.
    fn blackmail_choices(&self, cards: &CardData, used: CardSet) -> Vec<Action> {
        let p = self.active();
        let regions: Vec<Region> = self
            .ability_cards(cards, p, Ability::Blackmail)
            .filter(|&c| !used.contains(c))
            .filter_map(|c| cards.court(c).map(|c| c.region))
            .collect();
        if regions.is_empty() {
            return Vec::new();
        }
        let mut choices: Vec<Action> = self
            .court_cards()
            .filter(|&(_, c)| {
                cards.court(c).is_some_and(|f| regions.contains(&f.region))
                    && (0..self.players()).all(|q| self.spies(c, q) == 0)
            })
            .map(|(_, c)| Action::SpyOn(c))
            .collect();
        if !choices.is_empty() {
            choices.push(Action::Skip);
        }
        choices
    }

    /// The action step's choices (PP-6.2): purchases, plays, card-based actions, the end.
    fn action_choices(&self, cards: &CardData) -> Vec<Action> {
        let p = self.active();
        let mut choices: Vec<Action> = Slot::all()
            .filter(|&s| self.can_purchase(cards, p, s))
            .map(Action::Purchase)
            .collect();
        if self.turn.actions_left >= 1 {
            let sides: &[Side] = if self.players[p].court.is_empty() {
                &[Side::Left]
            } else {
                &Side::ALL
            };
            let room = self.players[p].court.len() < super::state::COURT_CAPACITY;
            for card in self.players[p].hand.iter().filter(|_| room) {
                for &side in sides {
                    if self.play_bribe_affordable(cards, p, card) {
                        choices.push(Action::Play(card, side));
                    }
                }
            }
        }
        for &card in self.players[p].court.as_slice() {
            for action in CardAction::ALL {
                if self.can_use(cards, p, card, action)
                    && self.hostage_bribe_affordable(cards, p, card, action)
                {
                    choices.push(Action::Use(card, action));
                }
            }
        }
        choices.push(Action::EndActions);
        choices
    }

    /// The play bribe owed for `card` (PP-7.2.2): the ruler of its region and their tribes
    /// there; `None` when none is owed.
    pub(crate) fn play_bribe(
        &self,
        cards: &CardData,
        player: usize,
        card: CardId,
    ) -> Option<(u8, u8)> {
        let region = cards.court(card)?.region;
        let ruler = self.ruler(region)?;
        if ruler == player
            || self.has_ability(cards, player, Ability::CharismaticCourtiers)
            || self.global_effect(cards, EventEffect::DisregardForCustoms)
        {
            return None;
        }
        Some((ruler as u8, self.tribes(ruler, region)))
    }

    /// The hostage bribe owed to use `card` (PP-8.2): the holder and their spies on it.
    pub(crate) fn hostage_bribe(
        &self,
        cards: &CardData,
        player: usize,
        card: CardId,
    ) -> Option<(u8, u8)> {
        let holder = self.hostage_holder(player, card)?;
        if self.has_ability(cards, player, Ability::CivilServiceReforms)
            || self.global_effect(cards, EventEffect::DisregardForCustoms)
        {
            return None;
        }
        Some((holder as u8, self.spies(card, holder)))
    }

    /// Whether some opening of the bribe negotiation is open to the briber (PP-7.2.3): a play
    /// whose every offer is out of reach is not offered.
    fn play_bribe_affordable(&self, cards: &CardData, player: usize, card: CardId) -> bool {
        match self.play_bribe(cards, player, card) {
            None => true,
            Some(_) if self.turn.closed_play.contains(card) => false,
            Some((receiver, full)) => {
                let stage = BribeStage::Offer {
                    retry: self.turn.withdrawn_play.contains(card),
                };
                let (_, _, choices) = self.bribe_choices(
                    cards,
                    player as u8,
                    receiver,
                    full,
                    stage,
                    Purpose::Play(card, Side::Left),
                );
                choices.iter().any(|&a| a != Action::Withdraw)
            }
        }
    }

    fn hostage_bribe_affordable(
        &self,
        cards: &CardData,
        player: usize,
        card: CardId,
        action: CardAction,
    ) -> bool {
        match self.hostage_bribe(cards, player, card) {
            None => true,
            Some(_) if self.turn.closed_hostage[action.index()].contains(card) => false,
            Some((receiver, full)) => {
                let stage = BribeStage::Offer {
                    retry: self.turn.withdrawn_hostage[action.index()].contains(card),
                };
                let purpose = Purpose::Hostage(card, action);
                let (_, _, choices) =
                    self.bribe_choices(cards, player as u8, receiver, full, stage, purpose);
                choices.iter().any(|&a| a != Action::Withdraw)
            }
        }
    }

    /// The rupees a briber may pay out (PP-7.2.3): a hostage bribe must leave the action's
    /// minimum own cost (PP-8.1.1 condition 4).
    pub(crate) fn bribe_budget(&self, briber: usize, purpose: Purpose) -> i16 {
        let reserve = match purpose {
            Purpose::Play(..) => 0,
            Purpose::Hostage(_, action) => self.minimum_cost(briber, action).unwrap_or(0),
        };
        self.players[briber].rupees - i16::from(reserve)
    }

    fn bribe_choices(
        &self,
        cards: &CardData,
        briber: u8,
        receiver: u8,
        full: u8,
        stage: BribeStage,
        purpose: Purpose,
    ) -> (u8, DecisionKind, Vec<Action>) {
        let budget = self.bribe_budget(briber as usize, purpose);
        let courtly = self.has_effect(cards, briber as usize, EventEffect::CourtlyManners);
        match stage {
            BribeStage::Offer { retry } => {
                let mut choices = Vec::new();
                if i16::from(full) <= budget {
                    choices.push(Action::Pay);
                }
                if !retry {
                    choices.extend(
                        (0..full)
                            .filter(|&k| i16::from(k) <= budget)
                            .map(Action::Ask),
                    );
                }
                if courtly {
                    choices.push(Action::Decline);
                }
                choices.push(Action::Withdraw);
                (briber, DecisionKind::Bribe, choices)
            }
            BribeStage::Answer { asked } => {
                let mut choices = vec![Action::Grant];
                choices.extend((asked + 1..=full).map(Action::Counter));
                (receiver, DecisionKind::Bribe, choices)
            }
            BribeStage::Countered { amount } => {
                let mut choices = Vec::new();
                if i16::from(amount) <= budget {
                    choices.push(Action::Pay);
                }
                choices.push(Action::Withdraw);
                (briber, DecisionKind::Bribe, choices)
            }
        }
    }
}

impl Ctx<'_> {
    /// Runs step frames, and leaves finished decision frames, until a decision with choices is
    /// on top or the game is over.
    pub(crate) fn run(&mut self) {
        while self.s.outcome.is_none() {
            let Some(&frame) = self.s.stack.last() else {
                return;
            };
            if self.owes_debts_at(frame) {
                self.settle_debts();
                continue;
            }
            // The action step always offers its end: no need to list its choices here.
            if frame == Frame::Actions {
                return;
            }
            match self.s.frame_choices(self.cards, frame) {
                // Wakhan's decisions are the rules' own (WK-8): answered here, never asked.
                Some((player, _, choices))
                    if !choices.is_empty() && self.s.is_wakhan(usize::from(player)) =>
                {
                    let action = self.wakhan_decide(frame, &choices);
                    self.answer(action);
                }
                Some((_, _, choices)) if !choices.is_empty() => return,
                Some(_) => {
                    self.s.stack.pop();
                    self.decision_done(frame);
                }
                None => {
                    self.s.stack.pop();
                    self.step(frame);
                }
            }
        }
    }

    /// A decision frame with nothing left to choose leaves; some say why, or pass control on.
    fn decision_done(&mut self, frame: Frame) {
        match frame {
            Frame::SpyTarget { player, region } => {
                let who = self.s.name_of(player);
                self.log.say(|| {
                    format!(
                        "{who}'s spy icon has no {} card to go on: skipped (PP-7.3)",
                        region.title()
                    )
                });
            }
            Frame::Blackmail { .. } => self.push_action_step(),
            Frame::BuildBlock { player, left } if left > 0 => {
                let who = self.s.name_of(player);
                self.log.say(|| {
                    format!(
                        "{who} rules no region any more: the remaining blocks are lost (PP-8.5)"
                    )
                });
            }
            _ => {}
        }
    }

    /// Runs one step frame.
    fn step(&mut self, frame: Frame) {
        match frame {
            Frame::StartTurn => self.start_turn(),
            Frame::Icons { player, card, next } => self.next_icon(player, card, next),
            Frame::Place { player, place } => self.place(player, place),
            Frame::Repay { player } => self.repay(player),
            Frame::Overthrow { player, region } => self.overthrow_by_tribe_loss(player, region),
            Frame::MarketEvent { row } => self.market_event(row),
            Frame::Refill => self.refill(),
            Frame::EndTurn => {
                let next = (self.s.active() + 1) % self.s.players();
                self.s.active = next as u8;
                self.s.stack.push(Frame::StartTurn);
            }
            Frame::WakhanLoop {
                remaining,
                line,
                misses,
                first,
            } => self.wakhan_pass(remaining, line, misses, first),
            Frame::WakhanSweep { pending } => self.wakhan_sweep(pending),
            Frame::WakhanMove { left, moved } => self.wakhan_move(left, moved),
            _ => {}
        }
    }

    /// A turn begins (PP-6.1): the turn's records clear, Blackmail may be used, then actions.
    fn start_turn(&mut self) {
        self.s.turn = super::frame::Turn {
            actions_left: 2,
            ..Default::default()
        };
        self.s.turns += 1;
        let who = self.s.name_of(self.s.active);
        let turn = self.s.turns;
        self.log.say(|| format!("turn {turn}: {who}"));
        if self.s.is_wakhan(self.s.active()) {
            self.draw_ai_card();
        }
        if self
            .s
            .has_ability(self.cards, self.s.active(), Ability::Blackmail)
        {
            self.s.stack.push(Frame::Blackmail {
                used: CardSet::EMPTY,
            });
        } else {
            self.push_action_step();
        }
    }

    /// Cleanup (PP-12), its steps in order: court limit, hand limit, the events of column 0,
    /// the refill, the turn's end.
    pub(crate) fn push_cleanup(&mut self) {
        for frame in [
            Frame::EndTurn,
            Frame::Refill,
            Frame::MarketEvent { row: Row::Bottom },
            Frame::MarketEvent { row: Row::Top },
            Frame::HandLimit,
            Frame::CourtLimit,
        ] {
            self.s.stack.push(frame);
        }
    }

    /// The action step of the active player: Wakhan's action loop for her (WK-2.2).
    fn push_action_step(&mut self) {
        let frame = if self.s.is_wakhan(self.s.active()) {
            Frame::WakhanLoop {
                remaining: 2,
                line: 0,
                misses: 0,
                first: true,
            }
        } else {
            Frame::Actions
        };
        self.s.stack.push(frame);
    }

    /// Resolves icon `next` of a played card, leaving the rest for later (PP-7.3).
    fn next_icon(&mut self, player: u8, card: CardId, next: u8) {
        let Some(facts) = self.cards.court(card) else {
            return;
        };
        let Some(&icon) = facts.impact_icons.get(next as usize) else {
            return;
        };
        self.s.stack.push(Frame::Icons {
            player,
            card,
            next: next + 1,
        });
        if self.s.is_wakhan(usize::from(player)) {
            self.wakhan_icon(card, usize::from(next), icon);
            return;
        }
        let region = facts.region;
        let loyalty = self.s.players[player as usize].loyalty;
        match icon {
            Icon::Army => {
                if let Some(k) = loyalty {
                    self.place(player, super::frame::Place::Army(k, region));
                }
            }
            Icon::Road => self.s.stack.push(Frame::RoadBorder { player, region }),
            Icon::Tribe => self.place(player, super::frame::Place::Tribe(region)),
            Icon::Spy => self.s.stack.push(Frame::SpyTarget { player, region }),
            Icon::Leverage => {
                self.s.players[player as usize].rupees += 2;
                let who = self.s.name_of(player);
                self.log.say(|| format!("{who} takes 2 rupees of leverage"));
            }
            Icon::Favor(suit) => self.favor(suit),
        }
    }

    /// Applies a listed answer to the decision on top.
    pub(crate) fn answer(&mut self, action: Action) {
        let Some(frame) = self.s.stack.pop() else {
            return;
        };
        match (frame, action) {
            (Frame::ChooseLoyalty { seat, position }, Action::Loyalty(k)) => {
                self.s.players[seat as usize].loyalty = Some(k);
                let who = self.s.name_of(seat);
                self.log
                    .say(|| format!("{who} chooses the {} coalition", k.title()));
                let n = self.s.players() as u8;
                let choosers = n - u8::from(self.s.ai.is_some());
                if position + 1 < choosers {
                    let mut next = (seat + 1) % n;
                    if self.s.is_wakhan(usize::from(next)) {
                        next = (next + 1) % n;
                    }
                    self.s.stack.push(Frame::ChooseLoyalty {
                        seat: next,
                        position: position + 1,
                    });
                } else {
                    // The last to choose takes the first turn (PP-4.6); with Wakhan, she does,
                    // seated just before the last chooser (WK-10).
                    self.s.active = if self.s.ai.is_some() {
                        super::wakhan::WAKHAN_SEAT as u8
                    } else {
                        seat
                    };
                    self.s.stack.push(Frame::StartTurn);
                }
            }
            (Frame::Blackmail { mut used }, Action::SpyOn(target)) => {
                let p = self.s.active();
                let region = self.cards.court(target).map(|c| c.region);
                let source = self
                    .s
                    .ability_cards(self.cards, p, Ability::Blackmail)
                    .find(|&c| {
                        !used.contains(c) && self.cards.court(c).map(|c| c.region) == region
                    });
                if let Some(source) = source {
                    used.insert(source);
                }
                self.s.stack.push(Frame::Blackmail { used });
                self.place(p as u8, super::frame::Place::Spy(target));
            }
            (Frame::Blackmail { .. }, Action::Skip) => self.push_action_step(),
            (Frame::Actions, Action::EndActions) => {
                let who = self.s.name_of(self.s.active);
                self.log.say(|| format!("{who} ends the action step"));
                self.push_cleanup();
            }
            (Frame::Actions, action) => {
                self.s.stack.push(Frame::Actions);
                self.declare(action);
            }
            (
                Frame::Bribe {
                    briber,
                    receiver,
                    full,
                    stage,
                    purpose,
                },
                action,
            ) => self.bribe_answer(briber, receiver, full, stage, purpose, action),
            (Frame::RoadBorder { player, .. }, Action::Road(b)) => {
                if let Some(k) = self.s.players[player as usize].loyalty {
                    self.place(player, super::frame::Place::Road(k, b));
                }
            }
            (Frame::SpyTarget { player, .. }, Action::SpyOn(c)) => {
                self.place(player, super::frame::Place::Spy(c))
            }
            (Frame::Fallback { player, place }, Action::Take(piece)) => {
                self.take_for(player, place, piece)
            }
            (
                Frame::Tax {
                    player,
                    left,
                    taken,
                },
                Action::Stop,
            ) => {
                let _ = (player, left, taken);
            }
            (
                Frame::Tax {
                    player,
                    left,
                    taken,
                },
                source,
            ) => {
                self.s.stack.push(Frame::Tax {
                    player,
                    left: left.saturating_sub(1),
                    taken: taken + 1,
                });
                self.tax_one(player, source);
            }
            (Frame::Gift { player }, Action::GiftOn(g)) => {
                self.pay_cost(player, g.price());
                self.place(player, super::frame::Place::Gift(g));
            }
            (Frame::BuildCount { player }, Action::Blocks(n)) => {
                let doubled =
                    self.s
                        .has_effect(self.cards, player as usize, EventEffect::NationBuilding);
                let cost = super::card_actions::build_cost(n, doubled);
                self.pay_cost(player, cost);
                if self
                    .s
                    .has_ability(self.cards, player as usize, Ability::Infrastructure)
                {
                    self.s.stack.push(Frame::Infrastructure { player });
                }
                self.s.stack.push(Frame::BuildBlock { player, left: n });
                let who = self.s.name_of(player);
                self.log.say(|| {
                    format!(
                        "{who} builds {} for {cost} rupees",
                        crate::engine::log::counted(n, "block", "blocks")
                    )
                });
            }
            (Frame::BuildBlock { player, left }, space) => {
                if left > 1 {
                    self.s.stack.push(Frame::BuildBlock {
                        player,
                        left: left.saturating_sub(1),
                    });
                }
                self.build_block(player, space);
            }
            (Frame::Infrastructure { .. }, Action::Skip) => {}
            (Frame::Infrastructure { player }, space) => self.build_block(player, space),
            (Frame::Move { .. }, Action::Stop) => {}
            (
                Frame::Move {
                    player,
                    left,
                    moved,
                    spy: None,
                },
                Action::SpyFrom(card),
            ) => {
                self.s.stack.push(Frame::Move {
                    player,
                    left,
                    moved,
                    spy: Some(card),
                });
            }
            (
                Frame::Move {
                    player,
                    left,
                    moved,
                    spy,
                },
                step,
            ) => {
                self.s.stack.push(Frame::Move {
                    player,
                    left: left.saturating_sub(1),
                    moved: moved + 1,
                    spy: None,
                });
                self.move_step(player, step, spy);
            }
            (Frame::BetrayTarget { player }, Action::Betray(card)) => self.betray(player, card),
            (Frame::Prize { player, card }, Action::TakePrize) => self.take_prize(player, card),
            (Frame::Prize { .. }, _) => {}
            (Frame::BattleSite { player, rank }, site) => {
                let site = match site {
                    Action::BattleIn(r) => Site::Region(r),
                    Action::BattleOn(c) => Site::Card(c),
                    _ => return,
                };
                let strength = self.s.strength(self.cards, player as usize, site);
                let who = self.s.name_of(player);
                self.log
                    .say(|| format!("{who} battles with strength {strength}"));
                self.s.stack.push(Frame::Battle {
                    player,
                    site,
                    left: rank.min(strength),
                    removed: 0,
                });
            }
            (Frame::Battle { .. }, Action::Stop) => {}
            (
                Frame::Battle {
                    player,
                    site,
                    left,
                    removed,
                },
                removal,
            ) => {
                self.s.stack.push(Frame::Battle {
                    player,
                    site,
                    left: left.saturating_sub(1),
                    removed: removed + 1,
                });
                self.battle_remove(player, site, removal);
            }
            (Frame::SafeHouse { owner, .. }, Action::SafeHouse(card)) => {
                self.s.spies[card.index()][owner as usize] += 1;
                let (who, name) = (
                    self.s.name_of(owner),
                    super::words::card_name(self.cards, card),
                );
                self.log
                    .say(|| format!("{who}'s spy escapes to {name} (Safe House)"));
            }
            (Frame::SafeHouse { .. }, _) => {}
            (Frame::Shortfall { player, left }, Action::Discard(card)) => {
                if left > 1 {
                    self.s.stack.push(Frame::Shortfall {
                        player,
                        left: left.saturating_sub(1),
                    });
                }
                self.discard_card(player, card);
            }
            (Frame::DiscardInOrder { player, mut batch }, Action::Discard(card)) => {
                batch.remove(card);
                if !batch.is_empty() {
                    self.s.stack.push(Frame::DiscardInOrder { player, batch });
                }
                self.discard_from_court(player, &[card]);
            }
            (Frame::CourtLimit, Action::Discard(card))
            | (Frame::HandLimit, Action::Discard(card)) => {
                self.s.stack.push(frame);
                self.discard_card(self.s.active, card);
            }
            (Frame::RumorTarget { player }, Action::Player(q)) => {
                self.s.rumor = Some(q);
                let (who, target) = (self.s.name_of(player), self.s.name_of(q));
                self.log.say(|| {
                    format!("{who} spreads a Rumor: {target}'s patriots give no influence")
                });
            }
            (Frame::Persuade { player }, Action::Player(q)) => self.swap_hands(player, q),
            (Frame::Pashtunwali { player }, Action::Suit(suit)) => {
                self.s.favored = suit;
                let who = self.s.name_of(player);
                self.log.say(|| format!("{who} names {}: it is favored, and stays so until the next Dominance Check", suit.title()));
            }
            (Frame::RebukeRegion { .. }, Action::Rebuke(region)) => self.clear_region(region),
            (Frame::ConfidenceFailure { player }, Action::Discard(card)) => {
                self.discard_card(player, card)
            }
            _ => {}
        }
    }

    /// Whether debts below zero are to be settled before `frame` (`leverage_timing =
    /// EndOfAction`, PP-OQ-3): when an action has ended (the action step is back on top) and
    /// between the steps of cleanup.
    fn owes_debts_at(&self, frame: Frame) -> bool {
        self.s.options.leverage_timing == super::options::LeverageTiming::EndOfAction
            && matches!(
                frame,
                Frame::Actions
                    | Frame::CourtLimit
                    | Frame::HandLimit
                    | Frame::MarketEvent { .. }
                    | Frame::Refill
                    | Frame::EndTurn
            )
            && (0..self.s.players()).any(|p| self.s.players[p].rupees < 0)
    }

    /// Declares an action of the action step (PP-6.5): a bribe first if one is owed.
    fn declare(&mut self, action: Action) {
        let p = self.s.active();
        let player = self.s.active;
        match action {
            Action::Purchase(slot) => self.purchase(player, slot),
            Action::Play(card, side) => match self.s.play_bribe(self.cards, p, card) {
                Some((receiver, full)) => {
                    let retry = self.s.turn.withdrawn_play.contains(card);
                    self.s.stack.push(Frame::Bribe {
                        briber: player,
                        receiver,
                        full,
                        stage: BribeStage::Offer { retry },
                        purpose: Purpose::Play(card, side),
                    });
                }
                None => self.begin_play(player, card, side),
            },
            Action::Use(card, kind) => match self.s.hostage_bribe(self.cards, p, card) {
                Some((receiver, full)) => {
                    let retry = self.s.turn.withdrawn_hostage[kind.index()].contains(card);
                    self.s.stack.push(Frame::Bribe {
                        briber: player,
                        receiver,
                        full,
                        stage: BribeStage::Offer { retry },
                        purpose: Purpose::Hostage(card, kind),
                    });
                }
                None => self.begin_card_action(player, card, kind),
            },
            _ => {}
        }
    }

    /// A play goes ahead (PP-7.2): it costs an action.
    pub(crate) fn begin_play(&mut self, player: u8, card: CardId, side: Side) {
        self.s.turn.actions_left = self.s.turn.actions_left.saturating_sub(1);
        self.play(player, card, side);
    }

    #[allow(clippy::too_many_arguments)]
    fn bribe_answer(
        &mut self,
        briber: u8,
        receiver: u8,
        full: u8,
        stage: BribeStage,
        purpose: Purpose,
        action: Action,
    ) {
        let (b, r) = (self.s.name_of(briber), self.s.name_of(receiver));
        let settle = |ctx: &mut Self, amount: u8| {
            ctx.s.players[briber as usize].rupees -= i16::from(amount);
            ctx.s.players[receiver as usize].rupees += i16::from(amount);
            let (b, r) = (ctx.s.name_of(briber), ctx.s.name_of(receiver));
            ctx.log.say(|| match amount {
                0 => format!("{b} pays {r} no bribe (PP-7.2.3)"),
                _ => format!(
                    "{b} pays {r} a bribe of {} (PP-7.2.3)",
                    crate::engine::log::counted(amount, "rupee", "rupees")
                ),
            });
            match purpose {
                Purpose::Play(card, side) => ctx.begin_play(briber, card, side),
                Purpose::Hostage(card, kind) => ctx.begin_card_action(briber, card, kind),
            }
        };
        match (stage, action) {
            (BribeStage::Offer { .. }, Action::Pay) => settle(self, full),
            (BribeStage::Countered { amount }, Action::Pay) => settle(self, amount),
            (_, Action::Decline) => {
                self.log
                    .say(|| format!("{b} declines to pay {r} (Courtly Manners)"));
                settle(self, 0);
            }
            (BribeStage::Answer { asked }, Action::Grant) => settle(self, asked),
            (BribeStage::Offer { .. }, Action::Ask(k)) => {
                self.log
                    .say(|| format!("{b} asks {r} to accept {k} of {full}"));
                self.s.stack.push(Frame::Bribe {
                    briber,
                    receiver,
                    full,
                    stage: BribeStage::Answer { asked: k },
                    purpose,
                });
            }
            (BribeStage::Answer { .. }, Action::Counter(m)) => {
                self.log.say(|| format!("{r} asks for {m}"));
                self.s.stack.push(Frame::Bribe {
                    briber,
                    receiver,
                    full,
                    stage: BribeStage::Countered { amount: m },
                    purpose,
                });
            }
            (_, Action::Withdraw) if self.s.is_wakhan(usize::from(briber)) => {
                if let Purpose::Play(card, _) = purpose {
                    self.discard_unplayed(card);
                }
            }
            (_, Action::Withdraw) => {
                self.log
                    .say(|| format!("{b} withdraws the action (PP-6.5)"));
                let turn = &mut self.s.turn;
                let (card, withdrawn, closed) = match purpose {
                    Purpose::Play(card, _) => {
                        (card, &mut turn.withdrawn_play, &mut turn.closed_play)
                    }
                    Purpose::Hostage(card, kind) => (
                        card,
                        &mut turn.withdrawn_hostage[kind.index()],
                        &mut turn.closed_hostage[kind.index()],
                    ),
                };
                if withdrawn.contains(card) {
                    closed.insert(card);
                }
                withdrawn.insert(card);
            }
            _ => {}
        }
    }

    /// Places one Build block (PP-8.5).
    fn build_block(&mut self, player: u8, space: Action) {
        let Some(k) = self.s.players[player as usize].loyalty else {
            return;
        };
        match space {
            Action::Army(r) => self.place(player, super::frame::Place::Army(k, r)),
            Action::Road(b) => self.place(player, super::frame::Place::Road(k, b)),
            _ => {}
        }
    }
}
