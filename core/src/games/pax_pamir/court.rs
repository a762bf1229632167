//! Courts and loyalty: playing a card (PP-7.2.4–7.2.6), discards with their consequences
//! (PP-11.1), leverage (PP-11.2), the overthrow rule (PP-11.3), loyalty changes (PP-9.3) and
//! betrayal (PP-8.7).

use super::frame::Frame;
use super::options::{BatchDiscard, LeverageTiming};
use super::pieces::Ctx;
use super::words::card_name;
use super::{CardId, Coalition, Region, Side, Suit};

impl Ctx<'_> {
    /// Puts a played card into the court, changes loyalty for a patriot of another coalition,
    /// then resolves its impact icons (PP-7.2.4–7.2.6). The icons wait on the stack under the
    /// loyalty change's cascade, so they resolve after it, with the new loyalty.
    pub(crate) fn play(&mut self, player: u8, card: CardId, side: Side) {
        let p = player as usize;
        self.s.players[p].hand.remove(card);
        let court = &mut self.s.players[p].court;
        let at = match side {
            Side::Left => 0,
            Side::Right => court.len(),
        };
        court.insert(at, card);
        let (who, name) = (self.s.name_of(player), card_name(self.cards, card));
        self.log
            .say(|| format!("{who} plays {name} to the {side} of the court"));
        self.s.stack.push(Frame::Icons {
            player,
            card,
            next: 0,
        });
        let patriot = self.cards.court(card).and_then(|c| c.patriot);
        // Wakhan is loyal to all: a patriot changes nothing for her (WK-11.5).
        if let Some(coalition) = patriot
            && !self.s.loyal_to(p, coalition)
        {
            self.change_loyalty(player, coalition, Some(card));
        }
    }

    /// Changes a player's loyalty (PP-9.3): gifts home, prizes discarded, the patriots of the
    /// court (but `keep`, the patriot just played) discarded as one batch, the new loyalty.
    pub(crate) fn change_loyalty(
        &mut self,
        player: u8,
        coalition: Coalition,
        keep: Option<CardId>,
    ) {
        let p = player as usize;
        let who = self.s.name_of(player);
        self.log.say(|| {
            format!(
                "{who} changes loyalty to the {} coalition (PP-9.3)",
                coalition.title()
            )
        });
        for g in super::GiftSlot::ALL {
            if self.s.players[p].gifts[g.index()] {
                self.remove(player, super::action::Piece::Gift(g));
            }
        }
        let prizes = std::mem::take(&mut self.s.players[p].prizes);
        for prize in prizes.iter() {
            self.s.discard.insert(prize);
        }
        let patriots: Vec<CardId> = self.s.players[p]
            .court
            .as_slice()
            .iter()
            .copied()
            .filter(|&c| {
                Some(c) != keep && self.cards.court(c).is_some_and(|c| c.patriot.is_some())
            })
            .collect();
        self.s.players[p].loyalty = Some(coalition);
        self.discard_from_court(player, &patriots);
    }

    /// Discards a batch of court cards of one player (PP-11.1): out of the court to the
    /// discard pile, their spies home, the overthrow rule for the political cards, leverage
    /// for the leveraged ones. Under `batch_discard = OneByOne` a batch with a leveraged card
    /// is discarded one card at a time in the owner's order (PP-OQ-11).
    pub(crate) fn discard_from_court(&mut self, player: u8, batch: &[CardId]) {
        let p = player as usize;
        let mut batch: Vec<CardId> = batch
            .iter()
            .copied()
            .filter(|&c| self.s.players[p].court.contains(c))
            .collect();
        if batch.is_empty() {
            return;
        }
        let leveraged = |c: &CardId| self.cards.court(*c).is_some_and(|c| c.leveraged());
        if batch.len() > 1
            && self.s.options.batch_discard == BatchDiscard::OneByOne
            && batch.iter().any(leveraged)
        {
            let batch = batch.iter().copied().collect();
            self.s.stack.push(Frame::DiscardInOrder { player, batch });
            return;
        }
        let court = self.s.players[p].court;
        batch.sort_by_key(|&c| court.position(c));
        for &card in &batch {
            self.s.players[p].court.remove(card);
            self.s.discard.insert(card);
            self.spies_home(card);
        }
        let who = self.s.name_of(player);
        let names: Vec<String> = batch.iter().map(|&c| card_name(self.cards, c)).collect();
        self.log
            .say(|| format!("{who} discards {} from the court", names.join(", ")));
        for &card in &batch {
            let Some(facts) = self.cards.court(card) else {
                continue;
            };
            if facts.suit == Suit::Political {
                self.overthrow_by_card_loss(player, facts.region);
            }
        }
        let repayments = batch.iter().filter(|c| leveraged(c)).count();
        for _ in 0..repayments {
            match self.s.options.leverage_timing {
                LeverageTiming::Immediate => self.s.stack.push(Frame::Repay { player }),
                LeverageTiming::EndOfAction => {
                    self.s.players[p].rupees -= 2;
                    self.log
                        .say(|| format!("{who} repays 2 rupees of leverage (PP-11.2)"));
                }
            }
        }
    }

    /// Overthrow rule B (PP-11.3): the player's last political card of the region is gone, so
    /// their tribes there go home.
    fn overthrow_by_card_loss(&mut self, player: u8, region: Region) {
        let p = player as usize;
        let still = self.s.players[p].court.as_slice().iter().any(|&c| {
            self.cards
                .court(c)
                .is_some_and(|c| c.suit == Suit::Political && c.region == region)
        });
        let tribes = self.s.tribes[p][region.index()];
        if !still && tribes > 0 {
            for _ in 0..tribes {
                // Rule B never triggers rule A: the cards are already gone (PP-11.3).
                self.s.tribes[p][region.index()] -= 1;
            }
            self.s.turn.placed.retain(|&(o, piece)| {
                !(o == player && piece == super::action::Piece::Tribe(region))
            });
            let who = self.s.name_of(player);
            self.log.say(|| {
                format!(
                    "{who} has no political card of {} left: {} home (PP-11.3)",
                    region.title(),
                    crate::engine::log::counted(tribes, "tribe goes", "tribes go")
                )
            });
        }
    }

    /// Overthrow rule A (PP-11.3): the player's last tribe in the region is gone, so their
    /// political cards of the region are discarded as one batch.
    pub(crate) fn overthrow_by_tribe_loss(&mut self, player: u8, region: Region) {
        let p = player as usize;
        let batch: Vec<CardId> = self.s.players[p]
            .court
            .as_slice()
            .iter()
            .copied()
            .filter(|&c| {
                self.cards
                    .court(c)
                    .is_some_and(|c| c.suit == Suit::Political && c.region == region)
            })
            .collect();
        if !batch.is_empty() {
            let who = self.s.name_of(player);
            self.log
                .say(|| format!("{who} lost the last tribe in {} (PP-11.3)", region.title()));
            self.discard_from_court(player, &batch);
        }
    }

    /// One leveraged card's repayment (PP-11.2): up to 2 rupees, and a card for each rupee
    /// short.
    pub(crate) fn repay(&mut self, player: u8) {
        let p = player as usize;
        let paid = self.s.players[p].rupees.clamp(0, 2);
        self.s.players[p].rupees -= paid;
        // Wakhan pays what she has and never discards for the rest (WK-11.6).
        let short = if self.s.is_wakhan(p) {
            0
        } else {
            (2 - paid) as u8
        };
        let who = self.s.name_of(player);
        if self.s.is_wakhan(p) && paid < 2 {
            self.log.say(|| {
                format!("Wakhan repays {paid} of 2 rupees of leverage, all she has, and discards nothing (WK-11.6)")
            });
        } else {
            self.log
                .say(|| format!("{who} repays {paid} of 2 rupees of leverage (PP-11.2)"));
        }
        if short > 0 {
            self.s.stack.push(Frame::Shortfall {
                player,
                left: short,
            });
        }
    }

    /// Discards a card from hand or court for a shortfall or an event (PP-11.2, PP-11.5).
    pub(crate) fn discard_card(&mut self, player: u8, card: CardId) {
        let p = player as usize;
        if self.s.players[p].hand.remove(card) {
            self.s.discard.insert(card);
            let (who, name) = (self.s.name_of(player), card_name(self.cards, card));
            self.log
                .say(|| format!("{who} discards {name} from the hand"));
        } else {
            self.discard_from_court(player, &[card]);
        }
    }

    /// Settles every debt below zero (`leverage_timing = EndOfAction`, PP-OQ-3): the rupees
    /// go back to zero and the debtor discards a card for each rupee owed.
    pub(crate) fn settle_debts(&mut self) {
        let active = self.s.active();
        let debtors: Vec<usize> = self
            .s
            .order_from(active)
            .filter(|&p| self.s.players[p].rupees < 0)
            .collect();
        for &p in debtors.iter().rev() {
            let owed = (-self.s.players[p].rupees).min(i16::from(u8::MAX)) as u8;
            self.s.players[p].rupees = 0;
            if self.s.is_wakhan(p) {
                self.log
                    .say(|| "Wakhan pays what she has and discards nothing (WK-11.6)".into());
                continue;
            }
            let who = self.s.name_of(p as u8);
            self.log
                .say(|| format!("{who} is {owed} rupees short of leverage (PP-11.2)"));
            self.s.stack.push(Frame::Shortfall {
                player: p as u8,
                left: owed,
            });
        }
    }

    /// Betrays a court card (PP-8.7 steps 3–4): discarded from its owner's court; its prize
    /// offered to the betrayer after the discard's consequences.
    pub(crate) fn betray(&mut self, player: u8, card: CardId) {
        let Some(owner) = self.s.court_owner(card) else {
            return;
        };
        let (who, name) = (self.s.name_of(player), card_name(self.cards, card));
        self.log.say(|| format!("{who} betrays {name}"));
        if self.cards.court(card).is_some_and(|c| c.prize.is_some()) {
            self.s.stack.push(Frame::Prize { player, card });
        }
        self.discard_from_court(owner as u8, &[card]);
    }

    /// Takes a betrayed card as a prize (PP-8.7 step 4), changing loyalty first if it is of
    /// another coalition.
    pub(crate) fn take_prize(&mut self, player: u8, card: CardId) {
        let Some(coalition) = self.cards.court(card).and_then(|c| c.prize) else {
            return;
        };
        let p = player as usize;
        if !self.s.loyal_to(p, coalition) {
            self.change_loyalty(player, coalition, None);
        }
        self.s.discard.remove(card);
        self.s.players[p].prizes.insert(card);
        let (who, name) = (self.s.name_of(player), card_name(self.cards, card));
        self.log
            .say(|| format!("{who} takes {name} as a {} prize", coalition.title()));
    }
}
