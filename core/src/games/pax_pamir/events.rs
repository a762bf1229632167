//! The event cards (PP-14): upper halves when discarded from the market, lower halves when
//! purchased, and the lasting effects that end after the next Dominance Check (PP-14.2).

use super::frame::Frame;
use super::pieces::Ctx;
use super::words::card_name;
use super::{CardId, EventEffect, Suit};

impl Ctx<'_> {
    /// Sets the favored suit from an icon or an event, unless Pashtunwali Values is active
    /// (PP-3.5, PP-14.3).
    pub(crate) fn favor(&mut self, suit: Suit) {
        if self
            .s
            .global_effect(self.cards, EventEffect::PashtunwaliValues)
        {
            self.log.say(|| {
                format!(
                    "the favored suit stays {} (Pashtunwali Values)",
                    self.s.favored.title()
                )
            });
            return;
        }
        self.s.favored = suit;
        self.log
            .say(|| format!("the favored suit is now {}", suit.title()));
    }

    /// The upper half of an event discarded from column 0 (PP-12.3), for all players. The
    /// card is already in the discard pile; a lasting global effect keeps it by the map.
    pub(crate) fn event_discarded(&mut self, card: CardId) {
        let Some(event) = self.cards.event(card) else {
            return;
        };
        match event.discarded {
            EventEffect::DominanceCheck => self.dominance_check(),
            EventEffect::FavorSuit(suit) => self.favor(suit),
            EventEffect::EmbarrassmentOfRiches | EventEffect::DisregardForCustoms => {
                self.s.discard.remove(card);
                self.s.global_events.insert(card);
            }
            EventEffect::FailureToImpress => {
                for p in 0..self.s.players() {
                    let prizes = std::mem::take(&mut self.s.players[p].prizes);
                    for prize in prizes.iter() {
                        self.s.discard.insert(prize);
                    }
                }
                self.log.say(|| "every player discards their prizes".into());
            }
            EventEffect::Riots(region) => self.clear_region(region),
            EventEffect::ConfidenceFailure => {
                let order: Vec<usize> = self.s.order_from(self.s.active()).collect();
                for &p in order.iter().rev() {
                    self.s
                        .stack
                        .push(Frame::ConfidenceFailure { player: p as u8 });
                }
            }
            // Lower-half effects on an upper half, and #111's nothing.
            _ => {}
        }
    }

    /// The lower half of a purchased event (PP-7.1.5). Lasting effects keep the card with the
    /// buyer or by the map until the next DC; the others go to the discard pile.
    pub(crate) fn event_purchased(&mut self, player: u8, card: CardId) {
        let Some(event) = self.cards.event(card) else {
            return;
        };
        let p = player as usize;
        let name = card_name(self.cards, card);
        let who = self.s.name_of(player);
        match event.purchased {
            EventEffect::DominanceCheck => {
                self.s.discard.insert(card);
                self.dominance_check();
            }
            EventEffect::NewTactics
            | EventEffect::KohINoorRecovered
            | EventEffect::CourtlyManners
            | EventEffect::Nationalism
            | EventEffect::NationBuilding => {
                self.s.players[p].events.insert(card);
                self.log
                    .say(|| format!("{who} holds {name} until the next Dominance Check"));
            }
            EventEffect::Rumor => {
                self.s.players[p].events.insert(card);
                self.s.stack.push(Frame::RumorTarget { player });
            }
            EventEffect::ConflictFatigue => {
                self.s.global_events.insert(card);
                self.log
                    .say(|| "the next Dominance Check needs a margin of 2".into());
            }
            EventEffect::PashtunwaliValues => {
                self.s.global_events.insert(card);
                self.s.stack.push(Frame::Pashtunwali { player });
            }
            EventEffect::BackingOfPersianAristocracy => {
                self.s.players[p].rupees += 3;
                self.s.discard.insert(card);
                self.log.say(|| format!("{who} takes 3 rupees"));
            }
            EventEffect::OtherPersuasiveMethods => {
                self.s.discard.insert(card);
                self.s.stack.push(Frame::Persuade { player });
            }
            EventEffect::Rebuke => {
                self.s.discard.insert(card);
                self.s.stack.push(Frame::RebukeRegion { player });
            }
            // Upper-half effects on a lower half: nothing but the discard.
            _ => {
                self.s.discard.insert(card);
            }
        }
    }

    /// Ends every "until (after) the next DC" effect (PP-13.7 step 6, PP-14.2).
    pub(crate) fn end_lasting_effects(&mut self) {
        let mut ended = std::mem::take(&mut self.s.global_events);
        for p in 0..self.s.players() {
            for card in std::mem::take(&mut self.s.players[p].events).iter() {
                ended.insert(card);
            }
        }
        self.s.rumor = None;
        for card in ended.iter() {
            self.s.discard.insert(card);
        }
        if !ended.is_empty() {
            let names: Vec<String> = ended.iter().map(|c| card_name(self.cards, c)).collect();
            self.log
                .say(|| format!("lasting effects end: {}", names.join(", ")));
        }
    }

    /// Swaps two hands (Other Persuasive Methods, PP-14.3).
    pub(crate) fn swap_hands(&mut self, a: u8, b: u8) {
        let (a, b) = (a as usize, b as usize);
        let hand = self.s.players[a].hand;
        self.s.players[a].hand = self.s.players[b].hand;
        self.s.players[b].hand = hand;
        let (x, y) = (self.s.name_of(a as u8), self.s.name_of(b as u8));
        self.log.say(|| format!("{x} and {y} swap hands"));
    }
}
