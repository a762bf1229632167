//! Wakhan's card actions (WK-6): the acting card (WK-2.6), what makes an action possible for
//! her, and how she carries out Tax, Gift, Build, Move, Betray and Battle.

use super::super::action::Action;
use super::super::frame::{BribeStage, Frame, Place, Purpose, Site};
use super::super::options::{BribeWaiver, MoveTargetCount};
use super::super::pieces::Ctx;
use super::super::words::{card_name, seat_name};
use super::super::{
    Ability, CardAction, CardData, CardId, EventEffect, GiftSlot, Region, Slot, State,
};
use super::WAKHAN_SEAT;
use super::turn::{Plan, why};

/// A step of her Move (WK-6.6): an army (or a Nationalism tribe) from one region to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MoveStep {
    pub from: Region,
    pub to: Region,
    pub tribe: bool,
}

impl State {
    fn rank(cards: &CardData, card: CardId) -> u8 {
        cards.court(card).map_or(0, |c| c.rank)
    }

    /// What she may spend on an action with `card` once its hostage bribe is paid in full.
    fn purse_after_bribe(&self, cards: &CardData, card: CardId) -> i16 {
        let courtly = self.has_effect(cards, WAKHAN_SEAT, EventEffect::CourtlyManners);
        let bribe = match self.hostage_bribe(cards, WAKHAN_SEAT, card) {
            Some((_, full)) if !courtly => i16::from(full),
            _ => 0,
        };
        self.players[WAKHAN_SEAT].rupees - bribe
    }

    /// Whether she can take `action` with `card` now (WK-2.6): in her court, printed on it,
    /// unused this turn, the full hostage bribe plus the action's minimum cost within her
    /// rupees, and a target for her default behaviour (WK-6).
    pub(crate) fn can_act(
        &self,
        cards: &CardData,
        card: CardId,
        action: CardAction,
        card_battle: bool,
    ) -> bool {
        let w = WAKHAN_SEAT;
        let Some(facts) = cards.court(card) else {
            return false;
        };
        if !self.players[w].court.contains(card)
            || !facts.actions.contains(&action)
            || self.turn.used.contains(card)
        {
            return false;
        }
        let purse = self.purse_after_bribe(cards, card);
        let minimum = self.minimum_cost(w, action).unwrap_or(u8::MAX);
        if purse < i16::from(minimum) {
            return false;
        }
        match action {
            CardAction::Tax => !self.tax_plan(cards, facts.rank).is_empty(),
            CardAction::Gift => self
                .cheapest_gift()
                .is_some_and(|g| i16::from(g.price()) <= purse),
            CardAction::Build => self.build_region(cards).is_some() && purse >= 2,
            CardAction::Move => self.wakhan_move_step(cards).is_some(),
            CardAction::Betray => purse >= 2 && self.betray_target(cards).is_some(),
            CardAction::Battle => {
                facts.rank > 0
                    && if card_battle {
                        self.card_battle_site(cards, true).is_some()
                    } else {
                        self.wakhan_battle_site(cards).is_some()
                    }
            }
        }
    }

    /// The plan for a card-action line (WK-2.6): the highest-priority card (WK-3.2) of her
    /// court that can take the action now.
    pub(crate) fn plan_act(
        &self,
        cards: &CardData,
        action: CardAction,
        card_battle: bool,
        explain: bool,
    ) -> Option<Plan> {
        let able: Vec<CardId> = self.players[WAKHAN_SEAT]
            .court
            .as_slice()
            .iter()
            .copied()
            .filter(|&c| self.can_act(cards, c, action, card_battle))
            .collect();
        let chosen = self.card_priority(cards, &able)?;
        let why = why!(
            explain,
            "Wakhan acts with {} ({}, WK-2.6)",
            card_name(cards, chosen.card),
            chosen.reason("WK-3.2")
        );
        Some(Plan::Act {
            card: chosen.card,
            action,
            card_battle,
            why,
        })
    }

    /// Her cheapest empty gift slot (WK-6.1).
    fn cheapest_gift(&self) -> Option<GiftSlot> {
        GiftSlot::ALL
            .into_iter()
            .find(|g| !self.players[WAKHAN_SEAT].gifts[g.index()])
    }

    /// The rupees a Tax of `rank` takes, source by source, in her order (WK-6.5): taxable
    /// opponents, most rupees first, the red arrow breaking ties; the market only when no
    /// player can be taxed (or, with `wakhan_tax_top_up`, for what the players did not give),
    /// column 0 first, the red arrow's row first.
    pub(crate) fn tax_plan(&self, cards: &CardData, rank: u8) -> Vec<(Action, u8)> {
        let mut left = rank;
        let mut plan = Vec::new();
        let order = self.red_arrow_opponents(cards);
        let mut players = self.taxable(cards, WAKHAN_SEAT);
        players.sort_by_key(|&(v, _)| {
            let tie = order.iter().position(|&o| o == v).unwrap_or(usize::MAX);
            (-self.players[v].rupees, tie)
        });
        for &(v, room) in &players {
            let take = left.min(room.clamp(0, 255) as u8);
            if take > 0 {
                plan.push((Action::TaxPlayer(v as u8), take));
                left -= take;
            }
        }
        if players.is_empty() || self.options.wakhan_tax_top_up {
            let first_row = self
                .arrows(cards)
                .map_or(super::super::Row::Top, |a| a.label.row());
            for col in 0..Slot::COLUMNS {
                for row in [first_row, first_row.other()] {
                    let slot = Slot { row, col };
                    if self.market_card(slot).is_none() {
                        continue;
                    }
                    let take = left.min(self.market_rupees(slot).min(255) as u8);
                    if take > 0 {
                        plan.push((Action::TaxMarket(slot), take));
                        left -= take;
                    }
                }
            }
        }
        plan
    }

    /// Where she builds (WK-6.2): the leftmost region of the region order she rules.
    pub(crate) fn build_region(&self, cards: &CardData) -> Option<Region> {
        let card = self.current_ai_card(cards)?;
        card.region_order
            .into_iter()
            .find(|&r| self.rules(WAKHAN_SEAT, r))
    }

    /// The card she betrays (WK-6.3): the highest-priority card with a prize and a spy of hers
    /// that Bodyguards do not protect.
    pub(crate) fn betray_target(&self, cards: &CardData) -> Option<CardId> {
        let targets: Vec<CardId> = self
            .betray_targets(cards, WAKHAN_SEAT)
            .into_iter()
            .filter(|&c| cards.court(c).is_some_and(|f| f.prize.is_some()))
            .collect();
        self.card_priority(cards, &targets).map(|s| s.card)
    }

    /// Pieces she may take in a regional battle in `region` (WK-6.4): opponents' tribes not
    /// under a Citadel, and blocks of coalitions an opponent is loyal to, in removal order.
    pub(crate) fn region_targets(&self, cards: &CardData, region: Region) -> Vec<Action> {
        let listed = self.removable(cards, WAKHAN_SEAT, Site::Region(region));
        let order = self.red_arrow_opponents(cards);
        let mut out = Vec::new();
        for &q in &order {
            if listed.contains(&Action::RemoveTribe(q as u8)) {
                out.push(Action::RemoveTribe(q as u8));
            }
        }
        let loyalties: Vec<_> = order
            .iter()
            .filter_map(|&q| self.players[q].loyalty)
            .collect();
        let mut coalitions = Vec::new();
        for k in loyalties {
            if !coalitions.contains(&k) {
                coalitions.push(k);
            }
        }
        for &k in &coalitions {
            if listed.contains(&Action::RemoveArmy(k)) {
                out.push(Action::RemoveArmy(k));
            }
        }
        let borders = self
            .current_ai_card(cards)
            .map_or_else(|| region.borders().collect(), |c| c.border_order(region));
        for &k in &coalitions {
            for &b in &borders {
                if listed.contains(&Action::RemoveRoad(k, b)) {
                    out.push(Action::RemoveRoad(k, b));
                }
            }
        }
        out
    }

    /// Her battle site (WK-6.4): the leftmost region of the region order where she has
    /// strength and an opponent has a piece she takes, else a court card.
    pub(crate) fn wakhan_battle_site(&self, cards: &CardData) -> Option<Site> {
        let card = self.current_ai_card(cards)?;
        card.region_order
            .into_iter()
            .find(|&r| {
                self.strength(cards, WAKHAN_SEAT, Site::Region(r)) >= 1
                    && !self.region_targets(cards, r).is_empty()
            })
            .map(Site::Region)
            .or_else(|| self.card_battle_site(cards, false))
    }

    /// A court card to battle on (WK-6.4 step 3, WK-12): one with a spy of hers and a spy of
    /// an opponent she can remove; the highest priority, or with `most_spies` first the most
    /// spies of all players.
    pub(crate) fn card_battle_site(&self, cards: &CardData, most_spies: bool) -> Option<Site> {
        let sites: Vec<CardId> = self
            .court_cards()
            .map(|(_, c)| c)
            .filter(|&c| {
                self.spies(c, WAKHAN_SEAT) >= 1
                    && !self.removable(cards, WAKHAN_SEAT, Site::Card(c)).is_empty()
            })
            .collect();
        let sites = if most_spies {
            let all = |c: CardId| {
                (0..self.players())
                    .map(|p| self.spies(c, p) as u32)
                    .sum::<u32>()
            };
            let most = sites.iter().map(|&c| all(c)).max()?;
            sites.into_iter().filter(|&c| all(c) == most).collect()
        } else {
            sites
        };
        self.card_priority(cards, &sites)
            .map(|s| Site::Card(s.card))
    }

    /// The next step of her Move (WK-6.6), or `None`.
    pub(crate) fn wakhan_move_step(&self, cards: &CardData) -> Option<MoveStep> {
        let card = self.current_ai_card(cards)?;
        let k = self.pragmatic_loyalty(cards);
        let w = WAKHAN_SEAT;
        let nationalism = self.has_effect(cards, w, EventEffect::Nationalism);
        let all_tribes = self.options.wakhan_move_target_count == MoveTargetCount::AllTribes;
        for from in card.region_order {
            // An army before a tribe from the same origin [Impl].
            let pieces = [
                (false, self.armies(k, from) > 0),
                (true, nationalism && self.tribes(w, from) > 0),
            ];
            for (tribe, present) in pieces {
                if !present || self.loses_rule_without(from, k, tribe) {
                    continue;
                }
                for to in card.region_order {
                    if super::super::Border::between(from, to).is_none() {
                        continue;
                    }
                    let theirs: u8 = (1..self.players()).map(|p| self.tribes(p, to)).sum();
                    let counted = if all_tribes {
                        theirs + self.tribes(w, to)
                    } else {
                        theirs
                    };
                    if theirs >= 1 && counted > self.armies(k, to) {
                        return Some(MoveStep { from, to, tribe });
                    }
                }
            }
        }
        None
    }

    /// Whether she rules `region` and would not without one army of `k` (or one tribe).
    fn loses_rule_without(&self, region: Region, k: super::super::Coalition, tribe: bool) -> bool {
        if !self.rules(WAKHAN_SEAT, region) {
            return false;
        }
        let mut after = self.clone();
        if tribe {
            after.tribes[WAKHAN_SEAT][region.index()] -= 1;
        } else {
            after.armies[k.index()][region.index()] -= 1;
        }
        !after.rules(WAKHAN_SEAT, region)
    }
}

impl Ctx<'_> {
    /// Declares a card action (WK-6): the hostage bribe first, if one is owed. The holder may
    /// ask for less (WK-11.4); she pays what is asked.
    pub(crate) fn wakhan_declare(&mut self, card: CardId, action: CardAction) {
        let w = WAKHAN_SEAT as u8;
        let courtly = self
            .s
            .has_effect(self.cards, WAKHAN_SEAT, EventEffect::CourtlyManners);
        match self.s.hostage_bribe(self.cards, WAKHAN_SEAT, card) {
            Some((holder, full)) if !courtly => {
                let stage = match self.s.options.wakhan_bribe_waiver {
                    BribeWaiver::Ask => {
                        let (h, name) = (seat_name(holder), card_name(self.cards, card));
                        self.log.say(|| format!("Wakhan owes {h} a hostage bribe of {full} to use {name}: {h} may ask for less (WK-11.4)"));
                        BribeStage::Answer { asked: 0 }
                    }
                    BribeWaiver::Never => BribeStage::Countered { amount: full },
                };
                self.s.stack.push(Frame::Bribe {
                    briber: w,
                    receiver: holder,
                    full,
                    stage,
                    purpose: Purpose::Hostage(card, action),
                });
            }
            _ => self.begin_card_action(w, card, action),
        }
    }

    /// Her card action itself (WK-6), once the card is marked used.
    pub(crate) fn wakhan_action(&mut self, card: CardId, action: CardAction) {
        let w = WAKHAN_SEAT as u8;
        let rank = State::rank(self.cards, card);
        match action {
            CardAction::Tax => {
                for (source, take) in self.s.tax_plan(self.cards, rank) {
                    match source {
                        Action::TaxPlayer(v) => {
                            self.s.players[usize::from(v)].rupees -= i16::from(take);
                            let from = seat_name(v);
                            self.log.say(|| {
                                format!("Wakhan taxes {take} from {from} (WK-6.5: opponents first, the most rupees first, as many as the shelter allows)")
                            });
                        }
                        Action::TaxMarket(slot) => {
                            let rupees = &mut self.s.market_rupees[slot.index()];
                            *rupees = rupees.saturating_sub(u16::from(take));
                            self.log.say(|| {
                                format!("Wakhan taxes {take} from the card on {slot} (WK-6.5: the market, column 0 first, the red arrow's row first)")
                            });
                        }
                        _ => continue,
                    }
                    self.s.players[WAKHAN_SEAT].rupees += i16::from(take);
                }
            }
            CardAction::Gift => {
                if let Some(g) = self.s.cheapest_gift() {
                    self.log
                        .say(|| format!("Wakhan buys her cheapest empty gift slot, {g} (WK-6.1)"));
                    self.pay_cost(w, g.price());
                    self.place(w, Place::Gift(g));
                }
            }
            CardAction::Build => self.wakhan_build(),
            CardAction::Move => self.s.stack.push(Frame::WakhanMove {
                left: rank,
                moved: 0,
            }),
            CardAction::Betray => {
                self.pay_cost(w, 2);
                if let Some(target) = self.s.betray_target(self.cards) {
                    let name = card_name(self.cards, target);
                    self.log.say(|| {
                        format!("Wakhan betrays {name}: a card with a prize and her spy, by priority (WK-6.3)")
                    });
                    self.betray(w, target);
                }
            }
            CardAction::Battle => {
                let card_battle = self.s.ai.as_ref().is_some_and(|a| a.card_battle);
                let site = if card_battle {
                    self.s.card_battle_site(self.cards, true)
                } else {
                    self.s.wakhan_battle_site(self.cards)
                };
                let Some(site) = site else { return };
                let strength = self.s.strength(self.cards, WAKHAN_SEAT, site);
                let where_ = match site {
                    Site::Region(r) => r.title(),
                    Site::Card(c) => card_name(self.cards, c),
                };
                let rule = if card_battle { "WK-12" } else { "WK-6.4" };
                self.log.say(|| {
                    format!("Wakhan battles in {where_} with strength {strength} ({rule})")
                });
                self.s.stack.push(Frame::Battle {
                    player: w,
                    site,
                    left: rank.min(strength),
                    removed: 0,
                });
            }
        }
    }

    /// WK-6.2: as many armies as she can pay for, up to 3 units, in the leftmost region she
    /// rules; twice as many with Nation Building, one more with Infrastructure.
    fn wakhan_build(&mut self) {
        let w = WAKHAN_SEAT;
        let Some(region) = self.s.build_region(self.cards) else {
            return;
        };
        let units = (self.s.players[w].rupees / 2).clamp(0, 3) as u8;
        if units == 0 {
            return;
        }
        let doubled = self
            .s
            .has_effect(self.cards, w, EventEffect::NationBuilding);
        let mut armies = if doubled { 2 * units } else { units };
        let cost = 2 * units;
        self.pay_cost(w as u8, cost);
        if self.s.has_ability(self.cards, w, Ability::Infrastructure) {
            armies += 1;
        }
        let k = self.s.pragmatic_loyalty(self.cards);
        self.log.say(|| {
            format!(
                "Wakhan builds {} in {}, the first region of the region order she rules, for {cost} rupees (WK-6.2)",
                crate::engine::log::counted(armies, &format!("{} army", k.title()), &format!("{} armies", k.title())),
                region.title()
            )
        });
        for _ in 0..armies {
            self.s.stack.push(Frame::Place {
                player: w as u8,
                place: Place::Army(k, region),
            });
        }
    }

    /// One step of her Move (WK-6.6); the frame stays for the next step.
    pub(crate) fn wakhan_move(&mut self, left: u8, moved: u8) {
        if left == 0 {
            return;
        }
        let Some(step) = self.s.wakhan_move_step(self.cards) else {
            if moved > 0 {
                self.log
                    .say(|| "Wakhan has no further move step (WK-6.6)".into());
            }
            return;
        };
        self.s.stack.push(Frame::WakhanMove {
            left: left - 1,
            moved: moved + 1,
        });
        let (from, to) = (step.from.title(), step.to.title());
        self.log.say(|| {
            format!("Wakhan moves toward the opponents' tribes in {to}, which outnumber her armies there: from {from}, by the region order (WK-6.6)")
        });
        let action = if step.tribe {
            Action::MoveTribe(step.from, step.to)
        } else {
            Action::MoveArmy(step.from, step.to)
        };
        self.move_step(WAKHAN_SEAT as u8, action, None);
    }
}
