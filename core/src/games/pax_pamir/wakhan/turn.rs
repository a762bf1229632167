//! Wakhan's turn (WK-2): the AI card drawn, the action loop with Ambition and bonus actions,
//! the bonus sweep, then the base cleanup.

use crate::engine::Log;

use super::super::frame::Frame;
use super::super::pieces::Ctx;
use super::super::{CardAction, CardId, CardSet, Slot};
use super::{AI_CARDS, WAKHAN_SEAT};

/// A line of the AI card that can be done now, and how (WK-2.2).
#[derive(Clone, Debug)]
pub(crate) enum Plan {
    /// Radicalize the card in this slot (WK-4); `why` says how it was chosen.
    Radicalize { slot: Slot, why: String },
    /// Act with this court card (WK-2.6, WK-6); `card_battle` for the card-battle line (WK-12).
    Act {
        card: CardId,
        action: CardAction,
        card_battle: bool,
        why: String,
    },
}

/// Formats only when the log records: Wakhan explains every choice, but simulations do not
/// pay for the words.
macro_rules! why {
    ($explain:expr, $($arg:tt)*) => {
        if $explain { format!($($arg)*) } else { String::new() }
    };
}
pub(crate) use why;

impl Ctx<'_> {
    /// WK-1.2: the top AI card is drawn face up; an empty deck is reshuffled from the whole
    /// discard pile and drawn again.
    pub(crate) fn draw_ai_card(&mut self) {
        let Some(ai) = self.s.ai.as_mut() else {
            return;
        };
        let draw = |ai: &mut super::AiDeck| {
            let card = ai.deck[0];
            ai.deck.copy_within(1.., 0);
            ai.len = ai.len.saturating_sub(1);
            ai.deck[usize::from(ai.len)] = 0;
            ai.discard |= 1 << card;
            ai.current = card;
            ai.draws += 1;
        };
        if ai.len == 0 {
            return;
        }
        draw(ai);
        let mut reshuffled = false;
        if ai.len == 0 {
            let mut cards: Vec<u8> = ai.discard_pile();
            self.s.rng.shuffle(&mut cards);
            let ai = self.s.ai.as_mut().expect("checked above");
            ai.deck[..AI_CARDS].copy_from_slice(&cards);
            ai.len = AI_CARDS as u8;
            ai.discard = 0;
            draw(ai);
            reshuffled = true;
        }
        if !self.log.is_recording() {
            return;
        }
        let Some(card) = self.s.current_ai_card(self.cards) else {
            return;
        };
        let pragmatic = self.s.pragmatic_loyalty(self.cards);
        let arrows = self.s.arrows(self.cards);
        let number = card.number;
        let lines: Vec<&str> = card.actions.iter().map(|l| l.words()).collect();
        let order: Vec<String> = card.region_order.iter().map(|r| r.title()).collect();
        if reshuffled {
            self.log.say(|| {
                "the AI deck is empty: the whole AI discard pile is shuffled into a new deck (WK-1.2)"
                    .into()
            });
        }
        self.log.say(|| {
            format!(
                "Wakhan draws AI card {number}: {} (WK-1.2); region order {} (WK-1.5)",
                lines.join(" / "),
                order.join(", ")
            )
        });
        self.log.say(|| {
            let arrows = arrows.map_or(String::new(), |a| {
                format!(
                    "; the arrows read {} row, column {}, {} of her court (WK-1.3)",
                    a.label.row(),
                    a.column,
                    a.label.side()
                )
            });
            format!(
                "her pragmatic loyalty is {} (WK-1.4){arrows}",
                pragmatic.title()
            )
        });
    }

    /// One pass of the action loop (WK-2.2): Ambition first, then the line under the pointer.
    pub(crate) fn wakhan_pass(&mut self, remaining: u8, line: u8, misses: u8, first: bool) {
        if remaining == 0 || misses >= 3 {
            let why = if remaining == 0 {
                "two actions done"
            } else {
                "three lines in a row could not be done"
            };
            self.log
                .say(|| format!("Wakhan's action loop ends: {why} (WK-2.2)"));
            self.push_cleanup();
            let pending: CardSet = self.s.players[WAKHAN_SEAT]
                .court
                .as_slice()
                .iter()
                .copied()
                .collect();
            if !pending.is_empty() {
                self.s.stack.push(Frame::WakhanSweep { pending });
            }
            return;
        }
        if first && let Some(card) = self.hand_card_to_play() {
            self.s.stack.push(Frame::WakhanLoop {
                remaining,
                line,
                misses,
                first: true,
            });
            self.wakhan_play(card);
            return;
        }
        let every = self.s.options.wakhan_ambition_check
            == super::super::options::AmbitionCheck::EveryAction;
        if (every || first)
            && let Some((slot, why)) = self.ambition()
        {
            self.log
                .say(|| format!("Wakhan's Ambition: she buys the Dominance Check, {why} (WK-2.1)"));
            self.s.stack.push(Frame::WakhanLoop {
                remaining: remaining - 1,
                line,
                misses: 0,
                first: false,
            });
            self.purchase(WAKHAN_SEAT as u8, slot);
            return;
        }
        let Some(code) = self
            .s
            .current_ai_card(self.cards)
            .map(|c| c.actions[usize::from(line % 3)])
        else {
            return;
        };
        let next = (line + 1) % 3;
        let explain = self.log.is_recording();
        let place = ["top", "middle", "bottom"][usize::from(line % 3)];
        match self.s.plan_line(self.cards, code, explain) {
            None => {
                self.log.say(|| {
                    format!("Wakhan's {place} line, {code}, cannot be done now: skipped (WK-2.2)")
                });
                self.s.stack.push(Frame::WakhanLoop {
                    remaining,
                    line: next,
                    misses: misses + 1,
                    first: false,
                });
            }
            Some(plan) => {
                let counted = match &plan {
                    Plan::Radicalize { .. } => true,
                    Plan::Act { card, .. } => !self.s.is_favored(self.cards, WAKHAN_SEAT, *card),
                };
                self.log.say(|| {
                    let bonus = if counted {
                        ""
                    } else {
                        ", a bonus action with a favored card (WK-2.2)"
                    };
                    format!("Wakhan's {place} line: {code}{bonus}")
                });
                self.s.stack.push(Frame::WakhanLoop {
                    remaining: remaining - u8::from(counted),
                    line: next,
                    misses: 0,
                    first: false,
                });
                self.carry_out(plan);
            }
        }
    }

    /// Carries out a plan: a Radicalize, or a card action with its hostage bribe first.
    pub(crate) fn carry_out(&mut self, plan: Plan) {
        match plan {
            Plan::Radicalize { slot, why } => self.radicalize(slot, why),
            Plan::Act {
                card,
                action,
                card_battle,
                why,
            } => {
                self.log.say(|| why);
                if let Some(ai) = self.s.ai.as_mut() {
                    ai.card_battle = card_battle;
                }
                self.wakhan_declare(card, action);
            }
        }
    }

    /// One card of the bonus sweep (WK-2.3): the leftmost card still to look at; if it is in
    /// her court, unused and favored, its first action she can take.
    pub(crate) fn wakhan_sweep(&mut self, mut pending: CardSet) {
        let court = self.s.players[WAKHAN_SEAT].court;
        let Some(card) = court
            .as_slice()
            .iter()
            .copied()
            .find(|&c| pending.contains(c))
        else {
            return;
        };
        pending.remove(card);
        if !pending.is_empty() {
            self.s.stack.push(Frame::WakhanSweep { pending });
        }
        if self.s.turn.used.contains(card) || !self.s.is_favored(self.cards, WAKHAN_SEAT, card) {
            return;
        }
        let Some(actions) = self.cards.court(card).map(|c| c.actions.clone()) else {
            return;
        };
        if let Some(action) = actions
            .into_iter()
            .find(|&a| self.s.can_act(self.cards, card, a, false))
        {
            let name = super::super::words::card_name(self.cards, card);
            self.log.say(|| {
                format!("bonus sweep (WK-2.3): {name} is favored and unused, its first possible action is {action}")
            });
            self.wakhan_declare(card, action);
        }
    }

    /// Under `wakhan_hand_cards = PlayImmediately` (WK-OQ-31): her highest-priority hand card,
    /// if she can pay its full bribe; `None` stops the playing.
    fn hand_card_to_play(&mut self) -> Option<CardId> {
        if self.s.options.wakhan_hand_cards != super::super::options::HandCards::PlayImmediately
            || self.s.players[WAKHAN_SEAT].court.len() >= super::super::state::COURT_CAPACITY
        {
            return None;
        }
        let hand: Vec<CardId> = self.s.players[WAKHAN_SEAT].hand.iter().collect();
        let pick = self.s.card_priority(self.cards, &hand)?;
        let courtly = self.s.has_effect(
            self.cards,
            WAKHAN_SEAT,
            super::super::EventEffect::CourtlyManners,
        );
        let bribe = match self.s.play_bribe(self.cards, WAKHAN_SEAT, pick.card) {
            Some((_, full)) if !courtly => i16::from(full),
            _ => 0,
        };
        let name = super::super::words::card_name(self.cards, pick.card);
        if bribe > self.s.players[WAKHAN_SEAT].rupees {
            self.log.say(|| {
                format!("Wakhan cannot pay the bribe for {name} from her hand: she plays no more hand cards (WK-OQ-31)")
            });
            return None;
        }
        let why = pick.reason("WK-3.2");
        self.log.say(|| {
            format!("Wakhan plays {name} from her hand at once, outside her action count ({why}, WK-OQ-31)")
        });
        Some(pick.card)
    }

    /// WK-2.1: whether buying the Dominance Check now pays off; the slot and why.
    fn ambition(&self) -> Option<(Slot, String)> {
        let s = &*self.s;
        let slot = Slot::all()
            .find(|&slot| s.market_card(slot).is_some_and(|c| c.is_dominance_check()))?;
        let card = s.market_card(slot)?;
        let w = WAKHAN_SEAT;
        if s.turn.paid.contains(card)
            || i16::from(s.cost(self.cards, w, slot)) > s.players[w].rupees
        {
            return None;
        }
        let mut copy = s.clone();
        let mut log = Log::silent();
        Ctx {
            s: &mut copy,
            cards: self.cards,
            log: &mut log,
        }
        .purchase(w as u8, slot);
        let gain = |p: usize| copy.players[p].vp.saturating_sub(s.players[p].vp);
        let opponents = (0..s.players()).filter(|&p| p != w);
        let explain = self.log.is_recording();
        if opponents.clone().all(|p| gain(w) > gain(p)) {
            return Some((
                slot,
                why!(
                    explain,
                    "as it would give her {} VP, strictly the most",
                    gain(w)
                ),
            ));
        }
        if copy.outcome.is_some_and(|o| o.winners == 1 << w) {
            return Some((slot, why!(explain, "as she would win the game")));
        }
        None
    }
}
