//! Card-based actions (PP-8): who may declare them, what each may do, and the spy ring.

use super::action::{Action, Piece};
use super::frame::{Frame, Site};
use super::options::{GiftOrder, WellConnectedWithBedfellows};
use super::pieces::Ctx;
use super::words::card_name;
use super::{
    Ability, Border, CardAction, CardData, CardId, Coalition, EventEffect, GiftSlot, Region, Slot,
    State, Suit,
};

impl State {
    /// The gift slots `player` may buy now (PP-8.4, PP-OQ-19): empty, affordable, and under
    /// `gift_order = CheapestFirst` only the cheapest empty one.
    pub(crate) fn gift_slots(&self, player: usize) -> Vec<GiftSlot> {
        let empty = GiftSlot::ALL
            .into_iter()
            .filter(|g| !self.players[player].gifts[g.index()]);
        let empty: Vec<GiftSlot> = match self.options.gift_order {
            GiftOrder::AnySlot => empty.collect(),
            GiftOrder::CheapestFirst => empty.take(1).collect(),
        };
        empty
            .into_iter()
            .filter(|g| i16::from(g.price()) <= self.players[player].rupees)
            .collect()
    }

    /// The least `player` must keep for the action (PP-8.1.1 condition 4): Gift its cheapest
    /// empty slot; Build and Betray 2; the others nothing. `None` when Gift has no empty slot.
    pub(crate) fn minimum_cost(&self, player: usize, action: CardAction) -> Option<u8> {
        match action {
            CardAction::Gift => GiftSlot::ALL
                .into_iter()
                .find(|g| !self.players[player].gifts[g.index()])
                .map(GiftSlot::price),
            other => Some(other.minimum_cost()),
        }
    }

    /// Whether `player` may declare `action` with `card` now (PP-8.1.1), the hostage bribe
    /// aside.
    pub(crate) fn can_use(
        &self,
        cards: &CardData,
        player: usize,
        card: CardId,
        action: CardAction,
    ) -> bool {
        let Some(facts) = cards.court(card) else {
            return false;
        };
        self.players[player].court.contains(card)
            && facts.actions.contains(&action)
            && !self.turn.used.contains(card)
            && (self.is_favored(cards, player, card) || self.turn.actions_left >= 1)
            && self
                .minimum_cost(player, action)
                .is_some_and(|m| i16::from(m) <= self.players[player].rupees)
            && self.has_effect_for(cards, player, card, action)
    }

    /// Whether the action has a legal effect (PP-8.1.1 condition 5, PP-OQ-4).
    fn has_effect_for(
        &self,
        cards: &CardData,
        player: usize,
        card: CardId,
        action: CardAction,
    ) -> bool {
        let rank = cards.court(card).map_or(0, |c| c.rank);
        match action {
            CardAction::Tax => {
                Slot::all().any(|s| self.market_card(s).is_some() && self.market_rupees(s) > 0)
                    || !self.taxable(cards, player).is_empty()
            }
            CardAction::Gift => !self.gift_slots(player).is_empty(),
            CardAction::Build => Region::ALL.into_iter().any(|r| self.rules(player, r)),
            CardAction::Move => self.can_move(cards, player),
            CardAction::Betray => !self.betray_targets(cards, player).is_empty(),
            CardAction::Battle => rank > 0 && self.can_battle(cards, player),
        }
    }

    /// Whether a Move has a step (PP-8.6): an army (or a Nationalism tribe) with an open
    /// border, or a spy of the player where the ring has another card (the ring's neighbours
    /// of a card are other cards, so a spy there always has a destination).
    fn can_move(&self, cards: &CardData, player: usize) -> bool {
        let no_roads = self.has_ability(cards, player, Ability::IndianSupplies);
        if let Some(loyalty) = self.players[player].loyalty {
            let nationalism = self.nationalism(cards, player);
            let open = |r: Region| r.borders().any(|b| no_roads || self.roads(loyalty, b) > 0);
            if Region::ALL.into_iter().any(|r| {
                (self.armies(loyalty, r) > 0 || (nationalism && self.tribes(player, r) > 0))
                    && open(r)
            }) {
                return true;
            }
        }
        let mut cards_in_courts = 0;
        let mut spy = false;
        for (_, card) in self.court_cards() {
            cards_in_courts += 1;
            spy |= self.spies(card, player) > 0;
        }
        spy && cards_in_courts >= 2
    }

    /// Whether a Battle has a site (PP-8.8.1).
    fn can_battle(&self, cards: &CardData, player: usize) -> bool {
        let regions = Region::ALL.into_iter().map(Site::Region);
        let courts = self.court_cards().map(|(_, c)| Site::Card(c));
        regions.chain(courts).any(|site| {
            self.strength(cards, player, site) >= 1
                && !self.removable(cards, player, site).is_empty()
        })
    }

    // ----- Tax (PP-8.3) ---------------------------------------------------------------------

    /// The seats `player` may tax now, with how much each still can give (PP-8.3.2).
    pub(crate) fn taxable(&self, cards: &CardData, player: usize) -> Vec<(usize, i16)> {
        let lineage = self.has_ability(cards, player, Ability::ClaimOfAncientLineage);
        (0..self.players())
            .filter(|&v| v != player)
            .filter_map(|v| {
                let court = self.players[v].court.as_slice();
                let reachable = if lineage {
                    !court.is_empty()
                } else {
                    court
                        .iter()
                        .any(|&c| cards.court(c).is_some_and(|c| self.rules(player, c.region)))
                };
                let room = self.players[v].rupees - self.tax_shelter(cards, v);
                (reachable && room > 0).then_some((v, room))
            })
            .collect()
    }

    /// Every rupee source of a Tax now: market slots with a card and rupees, and taxable seats.
    pub(crate) fn tax_sources(&self, cards: &CardData, player: usize) -> Vec<Action> {
        let market = Slot::all()
            .filter(|&s| self.market_card(s).is_some() && self.market_rupees(s) > 0)
            .map(Action::TaxMarket);
        let players = self
            .taxable(cards, player)
            .into_iter()
            .map(|(v, _)| Action::TaxPlayer(v as u8));
        market.chain(players).collect()
    }

    // ----- Build (PP-8.5) -------------------------------------------------------------------

    /// Where `player` may place a Build block now: an army in a region they rule, a road on
    /// a border of one.
    pub(crate) fn build_spaces(&self, player: usize) -> Vec<Action> {
        let ruled: Vec<Region> = Region::ALL
            .into_iter()
            .filter(|&r| self.rules(player, r))
            .collect();
        let armies = ruled.iter().map(|&r| Action::Army(r));
        let roads = Border::ALL
            .into_iter()
            .filter(|b| ruled.iter().any(|&r| b.touches(r)))
            .map(Action::Road);
        armies.chain(roads).collect()
    }

    /// The most blocks `player` can pay for (PP-8.5): 3, or 6 with Nation Building, paying 2
    /// per block or per started pair.
    pub(crate) fn build_counts(&self, cards: &CardData, player: usize) -> Vec<u8> {
        let doubled = self.has_effect(cards, player, EventEffect::NationBuilding);
        let rupees = self.players[player].rupees;
        (1..=if doubled { 6 } else { 3 })
            .filter(|&n| i16::from(build_cost(n, doubled)) <= rupees)
            .collect()
    }

    // ----- Move (PP-8.6) --------------------------------------------------------------------

    /// The court cards in ring order (PP-8.6.2, PP-OQ-2).
    pub(crate) fn ring(&self) -> Vec<CardId> {
        match self.options.spy_ring_order {
            super::options::SpyRingOrder::TurnOrder => self.court_cards().map(|(_, c)| c).collect(),
            super::options::SpyRingOrder::Mirror => {
                // Each court reversed, courts in turn order: a player's rightmost card then
                // meets the previous player's leftmost.
                self.turn_order()
                    .flat_map(|p| self.players[p].court.as_slice().iter().rev().copied())
                    .collect()
            }
        }
    }

    /// Where one spy step of `player` from `from` may end (PP-8.6.2, PP-15, PP-OQ-21).
    pub(crate) fn spy_destinations(
        &self,
        cards: &CardData,
        player: usize,
        from: CardId,
    ) -> Vec<CardId> {
        let ring = self.ring();
        let Some(at) = ring.iter().position(|&c| c == from) else {
            return Vec::new();
        };
        let n = ring.len();
        let bedfellows = self.has_ability(cards, player, Ability::StrangeBedfellows);
        let well_connected = self.has_ability(cards, player, Ability::WellConnected);
        let region = |c: CardId| cards.court(c).map(|c| c.region);
        let neighbours = |i: usize| -> Vec<usize> {
            let mut next = vec![(i + 1) % n, (i + n - 1) % n];
            if bedfellows {
                next.extend((0..n).filter(|&j| j != i && region(ring[j]) == region(ring[i])));
            }
            next
        };
        let mut reach = vec![false; n];
        for j in neighbours(at) {
            reach[j] = true;
        }
        if well_connected {
            match self.options.well_connected_with_bedfellows {
                WellConnectedWithBedfellows::Graph2 => {
                    for j in neighbours(at) {
                        for k in neighbours(j) {
                            reach[k] = true;
                        }
                    }
                }
                WellConnectedWithBedfellows::RingOrRegion => {
                    reach[(at + 2) % n] = true;
                    reach[(at + n - 2) % n] = true;
                }
            }
        }
        reach[at] = false;
        ring.iter()
            .enumerate()
            .filter(|&(j, _)| reach[j])
            .map(|(_, &c)| c)
            .collect()
    }

    /// Whether `player`'s tribes move and battle as armies (Nationalism, PP-14.1).
    fn nationalism(&self, cards: &CardData, player: usize) -> bool {
        self.has_effect(cards, player, EventEffect::Nationalism)
    }

    /// The move steps `player` may take now (PP-8.6.1); with `spy`, the destinations of that
    /// spy.
    pub(crate) fn move_choices(
        &self,
        cards: &CardData,
        player: usize,
        spy: Option<CardId>,
    ) -> Vec<Action> {
        if let Some(from) = spy {
            return self
                .spy_destinations(cards, player, from)
                .into_iter()
                .map(Action::SpyTo)
                .collect();
        }
        let mut choices = Vec::new();
        let no_roads = self.has_ability(cards, player, Ability::IndianSupplies);
        if let Some(loyalty) = self.players[player].loyalty {
            let open = |b: Border| no_roads || self.roads(loyalty, b) > 0;
            // Armies, then tribes under Nationalism (PP-8.6.1).
            let nationalism = self.nationalism(cards, player);
            let armies = |r: Region| self.armies(loyalty, r);
            let tribes = |r: Region| {
                if nationalism {
                    self.tribes(player, r)
                } else {
                    0
                }
            };
            push_steps(&mut choices, armies, open, Action::MoveArmy);
            push_steps(&mut choices, tribes, open, Action::MoveTribe);
        }
        for (_, card) in self.court_cards() {
            if self.spies(card, player) > 0
                && !self.spy_destinations(cards, player, card).is_empty()
            {
                choices.push(Action::SpyFrom(card));
            }
        }
        choices
    }

    // ----- Betray (PP-8.7) ------------------------------------------------------------------

    /// The cards `player` may betray: with a spy of theirs, not a political card of an owner
    /// with Bodyguards.
    pub(crate) fn betray_targets(&self, cards: &CardData, player: usize) -> Vec<CardId> {
        self.court_cards()
            .filter(|&(owner, card)| {
                self.spies(card, player) > 0
                    && !(cards.court(card).is_some_and(|c| c.suit == Suit::Political)
                        && self.has_ability(cards, owner, Ability::Bodyguards))
            })
            .map(|(_, c)| c)
            .collect()
    }

    // ----- Battle (PP-8.8) ------------------------------------------------------------------

    /// `player`'s strength at a site (PP-8.8.1).
    pub(crate) fn strength(&self, cards: &CardData, player: usize, site: Site) -> u8 {
        match site {
            Site::Region(r) => {
                let armies = self
                    .block_coalition(cards, player)
                    .map_or(0, |c| self.armies(c, r));
                let tribes = if self.nationalism(cards, player) {
                    self.tribes(player, r)
                } else {
                    0
                };
                armies + tribes
            }
            Site::Card(c) => self.spies(c, player),
        }
    }

    /// The pieces `player` may remove at a site (PP-8.8.1).
    pub(crate) fn removable(&self, cards: &CardData, player: usize, site: Site) -> Vec<Action> {
        let loyalty = self.block_coalition(cards, player);
        let mut out = Vec::new();
        match site {
            Site::Region(r) => {
                for q in 0..self.players() {
                    let protected = self
                        .ability_cards(cards, q, Ability::Citadel)
                        .any(|c| cards.court(c).is_some_and(|c| c.region == r));
                    if q != player
                        && self.tribes(q, r) > 0
                        && self.players[q].loyalty != loyalty
                        && !protected
                    {
                        out.push(Action::RemoveTribe(q as u8));
                    }
                }
                for k in Coalition::ALL.into_iter().filter(|&k| Some(k) != loyalty) {
                    if self.armies(k, r) > 0 {
                        out.push(Action::RemoveArmy(k));
                    }
                }
                for k in Coalition::ALL.into_iter().filter(|&k| Some(k) != loyalty) {
                    for b in r.borders() {
                        if self.roads(k, b) > 0 {
                            out.push(Action::RemoveRoad(k, b));
                        }
                    }
                }
            }
            Site::Card(c) => {
                for q in 0..self.players() {
                    if q != player
                        && self.spies(c, q) > 0
                        && !self.has_ability(cards, q, Ability::IndispensableAdvisors)
                    {
                        out.push(Action::RemoveSpy(q as u8));
                    }
                }
            }
        }
        out
    }

    /// The sites where `player` may battle (PP-8.8.1): strength at least 1 and a removable
    /// piece.
    pub(crate) fn battle_sites(&self, cards: &CardData, player: usize) -> Vec<Action> {
        let regions = Region::ALL.into_iter().map(Site::Region);
        let courts = self.court_cards().map(|(_, c)| Site::Card(c));
        regions
            .chain(courts)
            .filter(|&site| {
                self.strength(cards, player, site) >= 1
                    && !self.removable(cards, player, site).is_empty()
            })
            .map(|site| match site {
                Site::Region(r) => Action::BattleIn(r),
                Site::Card(c) => Action::BattleOn(c),
            })
            .collect()
    }
}

/// Every step across an open border of the pieces that `count` finds in each region
/// (PP-8.6.1).
fn push_steps(
    choices: &mut Vec<Action>,
    count: impl Fn(Region) -> u8,
    open: impl Fn(Border) -> bool,
    step: fn(Region, Region) -> Action,
) {
    for from in Region::ALL.into_iter().filter(|&r| count(r) > 0) {
        for b in from.borders().filter(|&b| open(b)) {
            choices.extend(b.other(from).map(|to| step(from, to)));
        }
    }
}

/// The cost of building `n` blocks (PP-8.5): 2 each, or 2 per started pair with Nation
/// Building.
pub(crate) const fn build_cost(n: u8, doubled: bool) -> u8 {
    if doubled { 2 * n.div_ceil(2) } else { 2 * n }
}

impl Ctx<'_> {
    /// Starts a card-based action once any hostage bribe is settled (PP-8.1.1): the card is
    /// used, an action is spent unless it is a bonus action (PP-6.3), and the action's first
    /// decision follows.
    pub(crate) fn begin_card_action(&mut self, player: u8, card: CardId, action: CardAction) {
        let p = player as usize;
        let bonus = self.s.is_favored(self.cards, p, card);
        self.s.turn.used.insert(card);
        if !bonus {
            self.s.turn.actions_left = self.s.turn.actions_left.saturating_sub(1);
        }
        let rank = self.cards.court(card).map_or(0, |c| c.rank);
        let (who, name) = (self.s.name_of(player), card_name(self.cards, card));
        self.log.say(|| {
            let bonus = if bonus { " (bonus action, PP-6.3)" } else { "" };
            format!("{who} uses {name} to {action}{bonus}")
        });
        if self.s.is_wakhan(p) {
            // Her default behaviour decides the action whole (WK-6).
            self.wakhan_action(card, action);
            return;
        }
        let frame = match action {
            CardAction::Tax => Frame::Tax {
                player,
                left: rank,
                taken: 0,
            },
            CardAction::Gift => Frame::Gift { player },
            CardAction::Build => Frame::BuildCount { player },
            CardAction::Move => Frame::Move {
                player,
                left: rank,
                moved: 0,
                spy: None,
            },
            CardAction::Betray => {
                self.pay_cost(player, 2);
                Frame::BetrayTarget { player }
            }
            CardAction::Battle => Frame::BattleSite { player, rank },
        };
        self.s.stack.push(frame);
    }

    /// Takes one rupee for a Tax (PP-8.3).
    pub(crate) fn tax_one(&mut self, player: u8, source: Action) {
        let p = player as usize;
        let who = self.s.name_of(player);
        match source {
            Action::TaxMarket(slot) => {
                let rupees = &mut self.s.market_rupees[slot.index()];
                *rupees = rupees.saturating_sub(1);
                self.log.say(|| format!("{who} takes a rupee from {slot}"));
            }
            Action::TaxPlayer(v) => {
                self.s.players[v as usize].rupees -= 1;
                let from = self.s.name_of(v);
                self.log.say(|| format!("{who} taxes a rupee from {from}"));
            }
            _ => return,
        }
        self.s.players[p].rupees += 1;
    }

    /// Moves one piece one step (PP-8.6): a tribe that leaves its region may be its owner's
    /// last there (PP-11.3 rule A).
    pub(crate) fn move_step(&mut self, player: u8, step: Action, spy_from: Option<CardId>) {
        let p = player as usize;
        let who = self.s.name_of(player);
        match step {
            Action::MoveArmy(from, to) => {
                let Some(k) = self.s.block_coalition(self.cards, p) else {
                    return;
                };
                let owner = k.index() as u8;
                self.s.carry_mark(owner, Piece::Army(from), Piece::Army(to));
                self.s.armies[k.index()][from.index()] -= 1;
                self.s.armies[k.index()][to.index()] += 1;
                self.log.say(|| {
                    format!(
                        "{who} moves {} army from {} to {}",
                        k.with_article(),
                        from.title(),
                        to.title()
                    )
                });
            }
            Action::MoveTribe(from, to) => {
                self.s
                    .carry_mark(player, Piece::Tribe(from), Piece::Tribe(to));
                self.s.tribes[p][to.index()] += 1;
                self.log.say(|| {
                    format!(
                        "{who} moves a tribe from {} to {}",
                        from.title(),
                        to.title()
                    )
                });
                // The tribe leaves after it has arrived, so rule A sees the move complete.
                self.s.tribes[p][from.index()] -= 1;
                if self.s.tribes[p][from.index()] == 0 {
                    self.overthrow_by_tribe_loss(player, from);
                }
            }
            Action::SpyTo(to) => {
                let Some(from) = spy_from else { return };
                self.s.carry_mark(player, Piece::Spy(from), Piece::Spy(to));
                self.s.spies[from.index()][p] -= 1;
                self.s.spies[to.index()][p] += 1;
                let (a, b) = (card_name(self.cards, from), card_name(self.cards, to));
                self.log
                    .say(|| format!("{who} moves a spy from {a} to {b}"));
            }
            _ => {}
        }
    }

    /// Removes one piece in battle (PP-8.8.2); a spy of a Safe House owner may be kept.
    pub(crate) fn battle_remove(&mut self, player: u8, site: Site, removal: Action) {
        let who = self.s.name_of(player);
        match (site, removal) {
            (Site::Region(r), Action::RemoveTribe(q)) => {
                let whose = self.s.name_of(q);
                self.log
                    .say(|| format!("{who} removes a tribe of {whose} in {}", r.title()));
                self.remove(q, Piece::Tribe(r));
            }
            (Site::Region(r), Action::RemoveArmy(k)) => {
                self.log
                    .say(|| format!("{who} removes {} army in {}", k.with_article(), r.title()));
                self.remove(k.index() as u8, Piece::Army(r));
            }
            (Site::Region(_), Action::RemoveRoad(k, b)) => {
                self.log
                    .say(|| format!("{who} removes {} road on {}", k.with_article(), b.title()));
                self.remove(k.index() as u8, Piece::Road(b));
            }
            (Site::Card(c), Action::RemoveSpy(q)) => {
                let (whose, name) = (self.s.name_of(q), card_name(self.cards, c));
                self.log
                    .say(|| format!("{who} removes a spy of {whose} from {name}"));
                self.remove(q, Piece::Spy(c));
                if self
                    .s
                    .has_ability(self.cards, q as usize, super::Ability::SafeHouse)
                    && !self
                        .s
                        .safe_house_cards(self.cards, q as usize, c)
                        .is_empty()
                {
                    self.s.stack.push(Frame::SafeHouse { owner: q, from: c });
                }
            }
            _ => {}
        }
    }
}

impl State {
    /// The Safe House cards a spy removed from `from` may go to (PP-15, PP-OQ-5).
    pub(crate) fn safe_house_cards(
        &self,
        cards: &CardData,
        owner: usize,
        from: CardId,
    ) -> Vec<CardId> {
        self.ability_cards(cards, owner, Ability::SafeHouse)
            .filter(|&c| {
                c != from
                    || self.options.safe_house_same_card
                        == super::options::SafeHouseSameCard::Allowed
            })
            .collect()
    }
}
