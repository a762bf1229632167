//! Impact icons Wakhan resolves (WK-5): her spies where she does not lead, her roads in border
//! order, every block of her pragmatic loyalty, and her component-limit fallback.

use super::super::action::Piece;
use super::super::frame::Place;
use super::super::pieces::Ctx;
use super::super::words::card_name;
use super::super::{Border, CardId, Icon, Region, State};
use super::WAKHAN_SEAT;

impl State {
    /// The court card a spy icon of a card of `region` puts her spy on (WK-5.1): a card of the
    /// region where some opponent has at least as many spies as she (all, if none is), by
    /// priority.
    pub(crate) fn wakhan_spy_target(
        &self,
        cards: &super::super::CardData,
        region: Region,
    ) -> Option<super::sieve::Sifted> {
        let all: Vec<CardId> = self
            .court_cards()
            .map(|(_, c)| c)
            .filter(|&c| cards.court(c).is_some_and(|f| f.region == region))
            .collect();
        let mine = |c: CardId| self.spies(c, WAKHAN_SEAT);
        let contested: Vec<CardId> = all
            .iter()
            .copied()
            .filter(|&c| (1..self.players()).any(|q| self.spies(c, q) >= mine(c)))
            .collect();
        let candidates = if contested.is_empty() { all } else { contested };
        self.card_priority(cards, &candidates)
    }

    /// The piece in play she takes when the supply is empty (WK-5.5): for a block, an army of
    /// its coalition from the first region of the region order that has one not placed this
    /// turn, else such a road, region by region in border order; for a cylinder, one of her
    /// tribes the same way, else a spy of hers from the highest-priority card; never a gift.
    pub(crate) fn wakhan_fallback(
        &self,
        cards: &super::super::CardData,
        place: Place,
    ) -> Option<Piece> {
        let card = self.current_ai_card(cards)?;
        let order = card.region_order;
        let free =
            |owner: u8, piece: Piece| self.count_at(owner, piece) > self.placed_at(owner, piece);
        match place.coalition() {
            Some(k) => {
                let owner = k.index() as u8;
                let army = order
                    .iter()
                    .map(|&r| Piece::Army(r))
                    .find(|&p| free(owner, p));
                army.or_else(|| {
                    let borders: Vec<Border> =
                        order.iter().flat_map(|&r| card.border_order(r)).collect();
                    borders
                        .into_iter()
                        .map(Piece::Road)
                        .find(|&p| free(owner, p))
                })
            }
            None => {
                let owner = WAKHAN_SEAT as u8;
                let tribe = order
                    .iter()
                    .map(|&r| Piece::Tribe(r))
                    .find(|&p| free(owner, p));
                tribe.or_else(|| {
                    let spied: Vec<CardId> = self
                        .court_cards()
                        .map(|(_, c)| c)
                        .filter(|&c| free(owner, Piece::Spy(c)))
                        .collect();
                    self.card_priority(cards, &spied)
                        .map(|s| Piece::Spy(s.card))
                })
            }
        }
    }
}

impl Ctx<'_> {
    /// Resolves impact icon number `index` of `card`, played by Wakhan (WK-5).
    pub(crate) fn wakhan_icon(&mut self, card: CardId, index: usize, icon: Icon) {
        let w = WAKHAN_SEAT as u8;
        let Some(region) = self.cards.court(card).map(|c| c.region) else {
            return;
        };
        let k = self.s.pragmatic_loyalty(self.cards);
        match icon {
            Icon::Army => self.place(w, Place::Army(k, region)),
            Icon::Road => {
                // The k-th road goes on the k-th border of the border order, wrapping (WK-5.2).
                let nth = self.cards.court(card).map_or(0, |c| {
                    c.impact_icons[..index]
                        .iter()
                        .filter(|&&i| i == Icon::Road)
                        .count()
                });
                let order = self
                    .s
                    .current_ai_card(self.cards)
                    .map_or_else(|| region.borders().collect(), |c| c.border_order(region));
                if let Some(&border) = order.get(nth % order.len().max(1)) {
                    self.log.say(|| {
                        format!(
                            "Wakhan's road {} goes on {}, border {} of the border order (WK-5.2)",
                            nth + 1,
                            border.title(),
                            nth % order.len().max(1) + 1
                        )
                    });
                    self.place(w, Place::Road(k, border));
                }
            }
            Icon::Spy => match self.s.wakhan_spy_target(self.cards, region) {
                Some(target) => {
                    let name = card_name(self.cards, target.card);
                    let why = target.reason("WK-3.2");
                    self.log.say(|| {
                        format!("Wakhan's spy goes on {name}, a {} card where she does not lead in spies ({why}, WK-5.1)", region.title())
                    });
                    self.place(w, Place::Spy(target.card));
                }
                None => {
                    self.log.say(|| {
                        format!(
                            "Wakhan's spy icon has no {} card to go on: skipped (PP-7.3)",
                            region.title()
                        )
                    });
                }
            },
            Icon::Tribe => self.place(w, Place::Tribe(region)),
            Icon::Leverage => {
                self.s.players[WAKHAN_SEAT].rupees += 2;
                self.log
                    .say(|| "Wakhan takes 2 rupees of leverage (WK-5.4)".into());
            }
            Icon::Favor(suit) => self.favor(suit),
        }
    }

    /// The fallback for one of her placements (WK-5.5): the piece she takes, or nothing.
    pub(crate) fn wakhan_take_for(&mut self, place: Place) {
        match self.s.wakhan_fallback(self.cards, place) {
            Some(piece) => {
                self.log.say(|| {
                    format!("the supply is empty: Wakhan takes her {piece} (WK-5.5)")
                });
                self.take_for(WAKHAN_SEAT as u8, place, piece);
            }
            None => self.log.say(|| {
                "the supply is empty and Wakhan has no piece to take: the placement is skipped (WK-5.5)"
                    .into()
            }),
        }
    }
}
