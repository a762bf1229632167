//! The market (PP-4.4, PP-7.1, PP-8.1.3, PP-12.3–12.5): costs, purchases and their payment,
//! action costs paid to the market, and cleanup's slide, refill and instability.

use super::frame::Frame;
use super::options::PurchaseEmptyColumn;
use super::pieces::Ctx;
use super::state::is_public_withdrawal;
use super::words::card_name;
use super::{Ability, CardData, CardId, Row, Slot, State, Suit};

impl State {
    /// What `player` pays for the card in `slot` (PP-7.1.2).
    pub fn cost(&self, cards: &CardData, player: usize, slot: Slot) -> u8 {
        let Some(card) = self.market_card(slot) else {
            return 0;
        };
        if slot.col == 0 {
            return 0;
        }
        if let Some(facts) = cards.court(card) {
            let free = |ability| self.has_ability(cards, player, ability);
            if (free(Ability::HeratInfluence) && facts.region == super::Region::Herat)
                || (free(Ability::PersianInfluence) && facts.region == super::Region::Persia)
                || (free(Ability::RussianInfluence)
                    && facts.patriot == Some(super::Coalition::Russian))
            {
                return 0;
            }
        }
        if self.favored == Suit::Military {
            2 * slot.col
        } else {
            slot.col
        }
    }

    /// Whether `player` may purchase the card in `slot` now (PP-7.1.1).
    pub(crate) fn can_purchase(&self, cards: &CardData, player: usize, slot: Slot) -> bool {
        let Some(card) = self.market_card(slot) else {
            return false;
        };
        self.turn.actions_left >= 1
            && !is_public_withdrawal(cards, card)
            && !self.turn.paid.contains(card)
            && i16::from(self.cost(cards, player, slot)) <= self.players[player].rupees
    }

    /// Whether a Dominance Check is left in the deck or the market (PP-13.6).
    pub(crate) fn dominance_checks_left(&self) -> bool {
        self.deck
            .as_slice()
            .iter()
            .chain(self.market.iter().flatten())
            .any(|c| c.is_dominance_check())
    }
}

impl Ctx<'_> {
    /// Puts rupees on a market slot's card (PP-7.1.3, PP-8.1.3): the card joins the paid cards,
    /// and rupees put on Public Withdrawal go to the bank (PP-14).
    fn pay_onto(&mut self, slot: Slot, rupees: u16) {
        let Some(card) = self.s.market_card(slot) else {
            return;
        };
        self.s.turn.paid.insert(card);
        if !is_public_withdrawal(self.cards, card) {
            self.s.market_rupees[slot.index()] += rupees;
        }
    }

    /// Purchases the card in `slot` (PP-7.1): the cost paid along the row, the rupees on the
    /// card taken, the card to the hand, or its event resolved.
    pub(crate) fn purchase(&mut self, player: u8, slot: Slot) {
        let p = player as usize;
        let Some(card) = self.s.market_card(slot) else {
            return;
        };
        let cost = self.s.cost(self.cards, p, slot);
        self.s.turn.actions_left = self.s.turn.actions_left.saturating_sub(1);
        self.s.players[p].rupees -= i16::from(cost);
        if cost > 0 {
            let per = u16::from(cost / slot.col);
            for col in 0..slot.col {
                let here = Slot { row: slot.row, col };
                let payee = if self.s.market_card(here).is_some() {
                    Some(here)
                } else {
                    Some(here.across()).filter(|s| self.s.market_card(*s).is_some())
                };
                match payee {
                    Some(payee) => self.pay_onto(payee, per),
                    None => match self.s.options.purchase_empty_column {
                        PurchaseEmptyColumn::Bank => {}
                        PurchaseEmptyColumn::LeaveOnSlot => {
                            self.s.market_rupees[here.across().index()] += per;
                        }
                    },
                }
            }
        }
        let taken = std::mem::take(&mut self.s.market_rupees[slot.index()]);
        self.s.players[p].rupees += taken as i16;
        self.s.market[slot.index()] = None;
        let (who, name) = (self.s.name_of(player), card_name(self.cards, card));
        self.log.say(|| {
            let gain = if taken > 0 {
                format!(
                    " and takes the {} on it",
                    crate::engine::log::counted(taken, "rupee", "rupees")
                )
            } else {
                String::new()
            };
            format!("{who} buys {name} from {slot} for {cost}{gain}")
        });
        if card.is_court() {
            self.s.players[p].hand.insert(card);
        } else {
            self.event_purchased(player, card);
        }
    }

    /// Pays an action's cost to the market (PP-8.1.3): half to each row, one rupee a card
    /// from column 5 leftwards, the rest of a row's share to the bank.
    pub(crate) fn pay_cost(&mut self, player: u8, cost: u8) {
        self.s.players[player as usize].rupees -= i16::from(cost);
        let share = cost / 2;
        for row in Row::ALL {
            let mut left = share;
            for col in (0..Slot::COLUMNS).rev() {
                if left == 0 {
                    break;
                }
                let slot = Slot { row, col };
                if self.s.market_card(slot).is_some() {
                    self.pay_onto(slot, 1);
                    left -= 1;
                }
            }
        }
    }

    /// Cleanup step 3 for one row (PP-12.3): an event in column 0 is discarded and its upper
    /// half applied; its rupees stay on the slot.
    pub(crate) fn market_event(&mut self, row: Row) {
        let slot = Slot { row, col: 0 };
        let Some(card) = self.s.market_card(slot) else {
            return;
        };
        if !card.is_event() {
            return;
        }
        self.s.market[slot.index()] = None;
        self.s.discard.insert(card);
        let name = card_name(self.cards, card);
        self.log.say(|| format!("{name} leaves the market"));
        self.event_discarded(card);
    }

    /// Cleanup step 4 (PP-12.4) with instability (PP-12.5): slide each row left, refill from
    /// the deck; a second Dominance Check drawn stops the refill, both leave, one check is
    /// resolved, and the step starts again (the frame stays under the check's cascade).
    pub(crate) fn refill(&mut self) {
        self.slide();
        self.lose_withdrawn_rupees();
        for index in 0..Slot::COUNT {
            if self.s.market[index].is_some() {
                continue;
            }
            let Some(card) = self.s.deck.pop_front() else {
                break;
            };
            self.s.market[index] = Some(card);
            // Rupees left on the slot come to the drawn card, unless it is Public Withdrawal.
            self.lose_withdrawn_rupees();
            let name = card_name(self.cards, card);
            self.log.say(|| {
                format!(
                    "{name} comes into the market at {}",
                    Slot::from_index(index)
                )
            });
            if card.is_dominance_check()
                && self
                    .s
                    .market
                    .iter()
                    .enumerate()
                    .any(|(i, c)| i != index && c.is_some_and(CardId::is_dominance_check))
            {
                let mut both = Vec::new();
                for i in 0..Slot::COUNT {
                    if self.s.market[i].is_some_and(CardId::is_dominance_check)
                        && let Some(dc) = self.s.market[i].take()
                    {
                        self.s.discard.insert(dc);
                        both.push(dc.to_string());
                    }
                }
                let both = both.join(" and ");
                self.log.say(|| format!("instability: a second Dominance Check is in the market; {both} are discarded and one check is resolved (PP-12.5)"));
                self.s.stack.push(Frame::Refill);
                self.dominance_check();
                return;
            }
        }
    }

    /// Slides each row's cards left, keeping their order; each card carries its rupees and
    /// takes the rupees left on the slot it lands on (PP-12.4 step 1).
    fn slide(&mut self) {
        for row in Row::ALL {
            let mut cards = Vec::new();
            for col in 0..Slot::COLUMNS {
                let slot = Slot { row, col };
                if let Some(card) = self.s.market[slot.index()].take() {
                    let rupees = std::mem::take(&mut self.s.market_rupees[slot.index()]);
                    cards.push((card, rupees));
                }
            }
            for (col, (card, rupees)) in cards.into_iter().enumerate() {
                let slot = Slot {
                    row,
                    col: col as u8,
                };
                self.s.market[slot.index()] = Some(card);
                self.s.market_rupees[slot.index()] += rupees;
            }
        }
    }

    /// Rupees that come to lie on Public Withdrawal go to the bank (PP-12.4 step 3).
    fn lose_withdrawn_rupees(&mut self) {
        for index in 0..Slot::COUNT {
            if self.s.market[index].is_some_and(|c| is_public_withdrawal(self.cards, c)) {
                self.s.market_rupees[index] = 0;
            }
        }
    }
}
