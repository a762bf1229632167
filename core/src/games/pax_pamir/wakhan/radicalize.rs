//! Radicalize (WK-4): which market card she buys for each line (WK-4.1, WK-4.2, WK-12), and
//! playing it at once (WK-4.3).

use super::super::frame::{BribeStage, Frame, Purpose};
use super::super::options::BribeWaiver;
use super::super::pieces::Ctx;
use super::super::state::is_public_withdrawal;
use super::super::words::{card_name, seat_name};
use super::super::{CardAction, CardData, CardId, EventEffect, Icon, Row, Side, Slot, State, Suit};
use super::turn::{Plan, why};
use super::{Label, Line, WAKHAN_SEAT};

/// What a candidate slot is compared by, best highest: a tuple compared in order.
type Key = (i32, i32, i32);

impl State {
    /// Whether Wakhan may buy the card in `slot` now (WK-0.3): not a Dominance Check (those
    /// only through Ambition), not Public Withdrawal, not paid onto this turn, affordable.
    pub(crate) fn purchasable(&self, cards: &CardData, slot: Slot) -> bool {
        let Some(card) = self.market_card(slot) else {
            return false;
        };
        !card.is_dominance_check()
            && !is_public_withdrawal(cards, card)
            && !self.turn.paid.contains(card)
            && i16::from(self.cost(cards, WAKHAN_SEAT, slot)) <= self.players[WAKHAN_SEAT].rupees
    }

    /// The purchasable slot with the best key among those `keep` accepts.
    fn best_slot(
        &self,
        cards: &CardData,
        keep: impl Fn(CardId) -> bool,
        key: impl Fn(Slot, CardId) -> Key,
    ) -> Option<(Slot, CardId)> {
        Slot::all()
            .filter(|&s| self.purchasable(cards, s))
            .filter_map(|s| self.market_card(s).map(|c| (s, c)))
            .filter(|&(_, c)| keep(c))
            .max_by_key(|&(s, c)| key(s, c))
    }

    fn cost_of(&self, cards: &CardData, slot: Slot) -> i32 {
        i32::from(self.cost(cards, WAKHAN_SEAT, slot))
    }

    /// Impact icons of `card` of the kinds `kinds`.
    fn icons(cards: &CardData, card: CardId, kinds: &[Icon]) -> i32 {
        cards.court(card).map_or(0, |c| {
            c.impact_icons.iter().filter(|i| kinds.contains(i)).count() as i32
        })
    }

    /// "Cheapest, then the highest card number".
    fn cheapest(&self, cards: &CardData, s: Slot, c: CardId) -> Key {
        (0, -self.cost_of(cards, s), i32::from(c.0))
    }

    /// "The highest rank, then cheapest, then the highest card number".
    fn top_rank(&self, cards: &CardData, s: Slot, c: CardId) -> Key {
        let rank = cards.court(c).map_or(0, |f| i32::from(f.rank));
        (rank, -self.cost_of(cards, s), i32::from(c.0))
    }

    fn suit_is(cards: &CardData, c: CardId, suit: Suit) -> bool {
        cards.court(c).is_some_and(|f| f.suit == suit)
    }

    /// The plan for one line of the AI card, or `None` when it cannot be done now (WK-12).
    pub(crate) fn plan_line(&self, cards: &CardData, line: Line, explain: bool) -> Option<Plan> {
        use Line::*;
        let radicalize = |found: Option<(Slot, CardId)>, why: &dyn Fn(Slot, CardId) -> String| {
            found.map(|(slot, card)| Plan::Radicalize {
                slot,
                why: if explain {
                    why(slot, card)
                } else {
                    String::new()
                },
            })
        };
        let name = |c: CardId| card_name(cards, c);
        let court = |c: CardId| c.is_court();
        let rupees = self.players[WAKHAN_SEAT].rupees;
        let dominant = self.dominant_coalition(cards);
        match line {
            Tax => self.plan_act(cards, CardAction::Tax, false, explain),
            Build => self.plan_act(cards, CardAction::Build, false, explain),
            Move => self.plan_act(cards, CardAction::Move, false, explain),
            Betray => self.plan_act(cards, CardAction::Betray, false, explain),
            Battle => self.plan_act(cards, CardAction::Battle, false, explain),
            BattleCardMostSpies => self.plan_act(cards, CardAction::Battle, true, explain),
            Radicalize => self.plain_radicalize(cards, explain),
            RadicalizeMilitaryIfMilitaryFavored | RadicalizeEconomicIfPoliticalFavored => {
                let (favored, suit) = if line == RadicalizeMilitaryIfMilitaryFavored {
                    (Suit::Military, Suit::Military)
                } else {
                    (Suit::Political, Suit::Economic)
                };
                if self.favored != favored {
                    return None;
                }
                radicalize(
                    self.best_slot(
                        cards,
                        |c| State::suit_is(cards, c, suit),
                        |s, c| self.top_rank(cards, s, c),
                    ),
                    &|_, c| format!("{}: the top-rank {} card (WK-12)", name(c), suit.title()),
                )
            }
            RadicalizePolitical
            | RadicalizeIntelligence
            | RadicalizePoliticalIfCourtFull
            | RadicalizeIntelligenceIfFewerSpies => {
                let suit = if matches!(line, RadicalizePolitical | RadicalizePoliticalIfCourtFull) {
                    Suit::Political
                } else {
                    Suit::Intelligence
                };
                let condition = match line {
                    RadicalizePoliticalIfCourtFull => {
                        self.players[WAKHAN_SEAT].court.len()
                            >= self.court_limit(cards, WAKHAN_SEAT)
                    }
                    RadicalizeIntelligenceIfFewerSpies => {
                        let spies =
                            |p: usize| self.spies.iter().map(|s| u32::from(s[p])).sum::<u32>();
                        (1..self.players()).any(|p| spies(p) > spies(WAKHAN_SEAT))
                    }
                    _ => true,
                };
                if !condition {
                    return None;
                }
                radicalize(
                    self.best_slot(
                        cards,
                        |c| State::suit_is(cards, c, suit),
                        |s, c| self.top_rank(cards, s, c),
                    ),
                    &|_, c| format!("{}: the top-rank {} card (WK-12)", name(c), suit.title()),
                )
            }
            RadicalizeAnyIntelligence => radicalize(
                self.best_slot(
                    cards,
                    |c| State::suit_is(cards, c, Suit::Intelligence),
                    |s, c| self.cheapest(cards, s, c),
                ),
                &|_, c| format!("{}: the cheapest Intelligence card (WK-12)", name(c)),
            ),
            RadicalizeNetRupeesIfPoor => {
                if rupees >= 2 {
                    return None;
                }
                let net = |s: Slot, c: CardId| {
                    let leverage = if cards.court(c).is_some_and(|f| f.leveraged()) {
                        2
                    } else {
                        0
                    };
                    let backing = self.options.wakhan_net_rupees_counts_backing
                        && cards.event(c).is_some_and(|e| {
                            e.purchased == EventEffect::BackingOfPersianAristocracy
                        });
                    i32::from(self.market_rupees(s)) + leverage + if backing { 3 } else { 0 }
                        - self.cost_of(cards, s)
                };
                let slots: Vec<Slot> = Slot::all()
                    .filter(|&s| self.purchasable(cards, s))
                    .filter(|&s| self.market_card(s).is_some_and(|c| net(s, c) > 0))
                    .collect();
                radicalize(
                    self.best_slot(
                        cards,
                        |c| slots.iter().any(|&s| self.market_card(s) == Some(c)),
                        |s, c| (net(s, c), -self.cost_of(cards, s), i32::from(c.0)),
                    ),
                    &|s, c| {
                        format!(
                            "{}: it nets {} rupees, the most (WK-12)",
                            name(c),
                            net(s, c)
                        )
                    },
                )
            }
            RadicalizeToRule => radicalize(
                self.best_slot(
                    cards,
                    |c| court(c) && self.would_rule_with(cards, c),
                    |s, c| self.cheapest(cards, s, c),
                ),
                &|_, c| {
                    let region = cards.court(c).map_or(String::new(), |f| f.region.title());
                    format!(
                        "{}: its icons would make her ruler of {region}, the cheapest such card (WK-12)",
                        name(c)
                    )
                },
            ),
            RadicalizeMostArmiesAndRoads => radicalize(
                self.best_slot(
                    cards,
                    |c| State::icons(cards, c, &[Icon::Army, Icon::Road]) > 0,
                    |s, c| {
                        let (_, cost, n) = self.cheapest(cards, s, c);
                        (State::icons(cards, c, &[Icon::Army, Icon::Road]), cost, n)
                    },
                ),
                &|_, c| format!("{}: the most army and road icons (WK-12)", name(c)),
            ),
            RadicalizeMostSpiesAndTribesIfNoneDominant => {
                if dominant.is_some() {
                    return None;
                }
                radicalize(
                    self.best_slot(
                        cards,
                        |c| State::icons(cards, c, &[Icon::Spy, Icon::Tribe]) > 0,
                        |s, c| {
                            let (_, cost, n) = self.cheapest(cards, s, c);
                            (State::icons(cards, c, &[Icon::Spy, Icon::Tribe]), cost, n)
                        },
                    ),
                    &|_, c| {
                        format!(
                            "{}: no coalition is dominant, the most spy and tribe icons (WK-12)",
                            name(c)
                        )
                    },
                )
            }
            RadicalizeMoveCardIfNone => {
                let shows_move = |c: CardId| {
                    cards
                        .court(c)
                        .is_some_and(|f| f.actions.contains(&CardAction::Move))
                };
                if self.players[WAKHAN_SEAT]
                    .court
                    .as_slice()
                    .iter()
                    .any(|&c| shows_move(c))
                {
                    return None;
                }
                radicalize(
                    self.best_slot(cards, shows_move, |s, c| self.cheapest(cards, s, c)),
                    &|_, c| {
                        format!(
                            "{}: she has no Move card, the cheapest Move card (WK-12)",
                            name(c)
                        )
                    },
                )
            }
            RadicalizeDominantPatriot => {
                let d = dominant?;
                radicalize(
                    self.best_slot(
                        cards,
                        |c| cards.court(c).and_then(|f| f.patriot) == Some(d),
                        |s, c| self.cheapest(cards, s, c),
                    ),
                    &|_, c| {
                        format!(
                            "{}: the cheapest patriot of the dominant {} coalition (WK-12)",
                            name(c),
                            d.title()
                        )
                    },
                )
            }
        }
    }

    /// Whether the court card `card`'s army icons (her pragmatic armies) and tribe icons (her
    /// tribes) would make her ruler of its region, which she does not rule now (WK-12,
    /// WK-OQ-41: nothing else changes, bribes aside).
    fn would_rule_with(&self, cards: &CardData, card: CardId) -> bool {
        let Some(facts) = cards.court(card) else {
            return false;
        };
        let region = facts.region;
        if self.rules(WAKHAN_SEAT, region) {
            return false;
        }
        let armies = State::icons(cards, card, &[Icon::Army]) as u8;
        let tribes = State::icons(cards, card, &[Icon::Tribe]) as u8;
        let mut after = self.clone();
        let k = self.pragmatic_loyalty(cards).index();
        after.armies[k][region.index()] = after.armies[k][region.index()].saturating_add(armies);
        after.tribes[WAKHAN_SEAT][region.index()] =
            after.tribes[WAKHAN_SEAT][region.index()].saturating_add(tribes);
        after.rules(WAKHAN_SEAT, region)
    }

    /// A plain Radicalize (WK-4.1 with a Dominance Check in the market, WK-4.2 without).
    fn plain_radicalize(&self, cards: &CardData, explain: bool) -> Option<Plan> {
        let dc_in_market = self.market.iter().flatten().any(|c| c.is_dominance_check());
        let (slot, why) = if dc_in_market {
            self.radicalize_before_check(cards, explain)?
        } else {
            self.radicalize_by_arrows(cards, explain)?
        };
        Some(Plan::Radicalize { slot, why })
    }

    /// Among every purchasable card (events too: they have no icons), the most icons of these
    /// kinds, then the cheapest, then the highest number (WK-4.1, WK-OQ-11, WK-OQ-23).
    fn most_icons(&self, cards: &CardData, kinds: &[Icon]) -> Option<(Slot, CardId, i32)> {
        let key = |s: Slot, c: CardId| {
            let (_, cost, n) = self.cheapest(cards, s, c);
            (State::icons(cards, c, kinds), cost, n)
        };
        let (slot, card) = self.best_slot(cards, |_| true, key)?;
        Some((slot, card, State::icons(cards, card, kinds)))
    }

    /// WK-4.1: with a Dominance Check coming, feed the dominant coalition, or spread her
    /// cylinders when none is.
    fn radicalize_before_check(&self, cards: &CardData, explain: bool) -> Option<(Slot, String)> {
        if let Some(d) = self.dominant_coalition(cards) {
            let patriot = |c: CardId| cards.court(c).and_then(|f| f.patriot) == Some(d);
            if let Some((slot, card)) =
                self.best_slot(cards, patriot, |s, c| self.cheapest(cards, s, c))
            {
                let why = why!(
                    explain,
                    "{}: a Dominance Check is in the market and {} is dominant: the cheapest {} patriot (WK-4.1)",
                    card_name(cards, card),
                    d.title(),
                    d.title()
                );
                return Some((slot, why));
            }
            let (slot, card, count) = self.most_icons(cards, &[Icon::Army, Icon::Road])?;
            let why = why!(
                explain,
                "{}: a Dominance Check is in the market, {} is dominant and no {} patriot is for sale: the most army and road icons ({count}), then the cheapest (WK-4.1)",
                card_name(cards, card),
                d.title(),
                d.title(),
            );
            return Some((slot, why));
        }
        let (slot, card, count) = self.most_icons(cards, &[Icon::Spy, Icon::Tribe])?;
        let why = why!(
            explain,
            "{}: a Dominance Check is in the market and no coalition is dominant: the most spy and tribe icons ({count}), then the cheapest (WK-4.1)",
            card_name(cards, card),
        );
        Some((slot, why))
    }

    /// WK-4.2: the slot the arrows name, else leftwards in that row, else leftwards in the other
    /// row from the same column.
    fn radicalize_by_arrows(&self, cards: &CardData, explain: bool) -> Option<(Slot, String)> {
        let arrows = self.arrows(cards)?;
        let row = arrows.label.row();
        for r in [row, row.other()] {
            for col in (0..=arrows.column.min(5)).rev() {
                let slot = Slot { row: r, col };
                if self.purchasable(cards, slot) {
                    let card = self.market_card(slot)?;
                    let named = Slot {
                        row,
                        col: arrows.column,
                    };
                    let how = if slot == named {
                        String::new()
                    } else {
                        let other = if r == row { "" } else { " of the other row" };
                        why!(
                            explain,
                            "; the first card she can buy from there leftwards{other} is at {r} row column {col}"
                        )
                    };
                    let why = why!(
                        explain,
                        "red arrow {}, black arrow {} → market {row} row column {}{how}: {} (WK-4.2)",
                        row_word(arrows.label),
                        arrows.column,
                        arrows.column,
                        card_name(cards, card)
                    );
                    return Some((slot, why));
                }
            }
        }
        None
    }
}

fn row_word(label: Label) -> &'static str {
    match label.row() {
        Row::Top => "Top",
        Row::Bottom => "Bottom",
    }
}

impl Ctx<'_> {
    /// Buys the card (PP-7.1) and, for a court card, plays it at once (WK-4.3).
    pub(crate) fn radicalize(&mut self, slot: Slot, why: String) {
        self.log.say(|| format!("Wakhan radicalizes: {why}"));
        let Some(card) = self.s.market_card(slot) else {
            return;
        };
        self.purchase(WAKHAN_SEAT as u8, slot);
        if card.is_court() {
            self.wakhan_play(card);
        }
    }

    /// Plays a card just bought (WK-4.3): to the side the red arrow names, paying the bribe the
    /// receiver asks, or discarding the card when she cannot.
    pub(crate) fn wakhan_play(&mut self, card: CardId) {
        let w = WAKHAN_SEAT as u8;
        let side = self
            .s
            .arrows(self.cards)
            .map_or(Side::Left, |a| a.label.side());
        let courtly = self
            .s
            .has_effect(self.cards, WAKHAN_SEAT, EventEffect::CourtlyManners);
        let bribe = self.s.play_bribe(self.cards, WAKHAN_SEAT, card);
        match bribe {
            Some((receiver, full)) if !courtly => {
                let (r, name) = (seat_name(receiver), card_name(self.cards, card));
                let stage = match self.s.options.wakhan_bribe_waiver {
                    BribeWaiver::Ask => {
                        self.log.say(|| format!("Wakhan owes {r} a bribe of {full} to play {name}: {r} may ask for less (WK-4.3)"));
                        BribeStage::Answer { asked: 0 }
                    }
                    BribeWaiver::Never => BribeStage::Countered { amount: full },
                };
                self.s.stack.push(Frame::Bribe {
                    briber: w,
                    receiver,
                    full,
                    stage,
                    purpose: Purpose::Play(card, side),
                });
            }
            Some(_) => {
                self.log
                    .say(|| "Wakhan pays no bribe under Courtly Manners (WK-11.2)".into());
                self.begin_play(w, card, side);
            }
            None => self.begin_play(w, card, side),
        }
    }

    /// She cannot pay the bribe asked for a card she bought: it is discarded without effect
    /// and the Radicalize still counts (WK-4.3, WK-OQ-25).
    pub(crate) fn discard_unplayed(&mut self, card: CardId) {
        let w = WAKHAN_SEAT;
        if self.s.players[w].hand.remove(card) {
            self.s.discard.insert(card);
            let name = card_name(self.cards, card);
            self.log.say(|| {
                format!("Wakhan cannot pay the bribe for {name}: it is discarded (WK-4.3)")
            });
        }
    }
}
