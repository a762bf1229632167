//! Placing and removing pieces (PP-1.6, PP-7.3, PP-11.3): placement from supply or by the
//! component-limit fallback, removals with the overthrow rule, and the marks of pieces placed
//! this turn.
//!
//! Pieces are counts, so "the pieces placed this turn" are counts too (PP-1.6): a place holds
//! so many placed-this-turn pieces of an owner. A piece moved from a place that holds unplaced
//! ones is taken to be an unplaced one (so the mark stays), and a removal takes unplaced
//! pieces first: both keep the most pieces available to a later fallback, the reading that
//! excludes only what the rule excludes.

use crate::engine::Log;

use super::action::Piece;
use super::frame::{Frame, Place};
use super::words::card_name;
use super::{CardData, CardId, Coalition, GiftSlot, Region, State};

/// The rules at work on a state: the state, the card data and the log of the action.
pub(crate) struct Ctx<'a> {
    pub s: &'a mut State,
    pub cards: &'a CardData,
    pub log: &'a mut Log,
}

impl State {
    /// How many pieces are at a place for an owner (a seat for cylinders, a coalition index
    /// for blocks).
    pub(crate) fn count_at(&self, owner: u8, piece: Piece) -> u8 {
        let o = owner as usize;
        match piece {
            Piece::Tribe(r) => self.tribes[o][r.index()],
            Piece::Spy(c) => self.spies(c, o),
            Piece::Gift(g) => u8::from(self.players[o].gifts[g.index()]),
            Piece::Army(r) => self.armies[o][r.index()],
            Piece::Road(b) => self.roads[o][b.index()],
        }
    }

    /// How many of them were placed this turn.
    pub(crate) fn placed_at(&self, owner: u8, piece: Piece) -> u8 {
        self.turn
            .placed
            .iter()
            .filter(|&&(o, p)| o == owner && p == piece)
            .count() as u8
    }

    /// The pieces in play the fallback may take for `place` (PP-1.6): of the same kind (the
    /// player's cylinders, or blocks of the coalition), and not placed this turn.
    pub(crate) fn fallback_pieces(&self, player: u8, place: Place) -> Vec<Piece> {
        let (owner, candidates): (u8, Vec<Piece>) = match place.coalition() {
            Some(c) => (
                c.index() as u8,
                Region::ALL
                    .map(Piece::Army)
                    .into_iter()
                    .chain(super::Border::ALL.map(Piece::Road))
                    .collect(),
            ),
            None => (
                player,
                Region::ALL
                    .map(Piece::Tribe)
                    .into_iter()
                    .chain(self.court_cards().map(|(_, c)| Piece::Spy(c)))
                    .chain(GiftSlot::ALL.map(Piece::Gift))
                    .collect(),
            ),
        };
        candidates
            .into_iter()
            .filter(|&p| self.count_at(owner, p) > self.placed_at(owner, p))
            .collect()
    }

    /// Whether the supply has a piece for `place`.
    pub(crate) fn supply_has(&self, player: u8, place: Place) -> bool {
        match place.coalition() {
            Some(c) => self.blocks_in_supply(c) > 0,
            None => self.cylinders_in_supply(player as usize) > 0,
        }
    }

    /// Drops the placed-this-turn marks a place can no longer hold after a removal.
    fn clamp_marks(&mut self, owner: u8, piece: Piece) {
        while self.placed_at(owner, piece) > self.count_at(owner, piece) {
            if let Some(i) = self.turn.placed.iter().position(|&e| e == (owner, piece)) {
                self.turn.placed.remove(i);
            }
        }
    }

    /// Moves a placed-this-turn mark along with a piece about to move, when the piece can
    /// only be a placed one (every piece at `from` is marked). Called before the move.
    pub(crate) fn carry_mark(&mut self, owner: u8, from: Piece, to: Piece) {
        let placed = self.placed_at(owner, from);
        if placed > 0
            && placed >= self.count_at(owner, from)
            && let Some(i) = self.turn.placed.iter().position(|&e| e == (owner, from))
        {
            self.turn.placed[i] = (owner, to);
        }
    }
}

impl Ctx<'_> {
    /// Places a piece (PP-1.6): from supply; with an empty supply, by taking a piece in play
    /// (a decision); with none to take, the placement is skipped (PP-OQ-9).
    pub(crate) fn place(&mut self, player: u8, place: Place) {
        if let Place::Spy(card) = place
            && self.s.court_owner(card).is_none()
        {
            // Taking a tribe for the fallback can discard the very card (PP-11.3).
            let (who, name) = (self.s.name_of(player), card_name(self.cards, card));
            self.log
                .say(|| format!("{name} has left the court: {who}'s spy is not placed (PP-7.3)"));
            return;
        }
        if self.s.supply_has(player, place) {
            self.put(player, place);
        } else if self.s.is_wakhan(usize::from(player)) {
            self.wakhan_take_for(place);
        } else if self.s.fallback_pieces(player, place).is_empty() {
            let who = self.s.name_of(player);
            self.log
                .say(|| format!("{who} has no piece to place: the placement is skipped (PP-1.6)"));
        } else {
            self.s.stack.push(Frame::Fallback { player, place });
        }
    }

    /// Puts a piece from supply at its place, marked as placed this turn.
    fn put(&mut self, player: u8, place: Place) {
        let s = &mut *self.s;
        let owner = match place {
            Place::Tribe(r) => {
                s.tribes[player as usize][r.index()] += 1;
                player
            }
            Place::Spy(c) => {
                s.spies[c.index()][player as usize] += 1;
                player
            }
            Place::Gift(g) => {
                s.players[player as usize].gifts[g.index()] = true;
                player
            }
            Place::Army(k, r) => {
                s.armies[k.index()][r.index()] += 1;
                k.index() as u8
            }
            Place::Road(k, b) => {
                s.roads[k.index()][b.index()] += 1;
                k.index() as u8
            }
        };
        s.turn.placed.push((owner, place.piece()));
        let cards = self.cards;
        self.log.say(|| {
            let who = self.s.name_of(player);
            match place {
                Place::Tribe(r) => format!("{who} places a tribe in {}", r.title()),
                Place::Spy(c) => format!("{who} places a spy on {}", card_name(cards, c)),
                Place::Gift(g) => format!("{who} places a gift on the {}-rupee slot", g.price()),
                Place::Army(k, r) => {
                    format!("{who} places {} army in {}", k.with_article(), r.title())
                }
                Place::Road(k, b) => {
                    format!("{who} places {} road on {}", k.with_article(), b.title())
                }
            }
        });
    }

    /// Takes a piece in play for a placement (PP-1.6 steps 2–3): the piece leaves with every
    /// consequence, then the placement is made again from the supply it went back to.
    pub(crate) fn take_for(&mut self, player: u8, place: Place, piece: Piece) {
        self.s.stack.push(Frame::Place { player, place });
        let owner = place.coalition().map_or(player, |c| c.index() as u8);
        let who = self.s.name_of(player);
        let cards = self.cards;
        let what = match (piece, place.coalition()) {
            (Piece::Army(r), Some(k)) => format!("{} army in {}", k.with_article(), r.title()),
            (Piece::Road(b), Some(k)) => format!("{} road on {}", k.with_article(), b.title()),
            (Piece::Tribe(r), _) => format!("a tribe in {}", r.title()),
            (Piece::Spy(c), _) => format!("a spy on {}", card_name(cards, c)),
            (Piece::Gift(g), _) => format!("the gift on the {}-rupee slot", g.price()),
            (other, _) => other.to_string(),
        };
        self.log.say(|| {
            format!("{who}'s supply is empty: {who} takes {what} to place it anew (PP-1.6)")
        });
        self.remove(owner, piece);
    }

    /// Removes a piece to its supply, with the overthrow rule for a tribe (PP-11.3 rule A).
    /// `owner` is a seat for a cylinder, a coalition index for a block.
    pub(crate) fn remove(&mut self, owner: u8, piece: Piece) {
        let o = owner as usize;
        let s = &mut *self.s;
        match piece {
            Piece::Tribe(r) => {
                let tribes = &mut s.tribes[o][r.index()];
                *tribes = tribes.saturating_sub(1);
                let last = *tribes == 0;
                s.clamp_marks(owner, piece);
                if last {
                    self.overthrow_by_tribe_loss(owner, r);
                }
            }
            Piece::Spy(c) => {
                let spies = &mut s.spies[c.index()][o];
                *spies = spies.saturating_sub(1);
                s.clamp_marks(owner, piece);
            }
            Piece::Gift(g) => {
                s.players[o].gifts[g.index()] = false;
                s.clamp_marks(owner, piece);
            }
            Piece::Army(r) => {
                let armies = &mut s.armies[o][r.index()];
                *armies = armies.saturating_sub(1);
                s.clamp_marks(owner, piece);
            }
            Piece::Road(b) => {
                let roads = &mut s.roads[o][b.index()];
                *roads = roads.saturating_sub(1);
                s.clamp_marks(owner, piece);
            }
        }
    }

    /// Removes every tribe and army in a region (Riots, Rebuke; PP-14.3), then the overthrow
    /// rule for each player who lost their last tribe there, in turn order from the active
    /// player (PP-11.4), each resolved fully before the next.
    pub(crate) fn clear_region(&mut self, region: Region) {
        let r = region.index();
        let mut lost = Vec::new();
        for p in self.s.order_from(self.s.active()) {
            if self.s.tribes[p][r] > 0 {
                self.s.tribes[p][r] = 0;
                self.s.clamp_marks(p as u8, Piece::Tribe(region));
                lost.push(p as u8);
            }
        }
        for k in Coalition::ALL {
            self.s.armies[k.index()][r] = 0;
            self.s.clamp_marks(k.index() as u8, Piece::Army(region));
        }
        let title = region.title();
        self.log
            .say(|| format!("every tribe and army in {title} is removed"));
        for &player in lost.iter().rev() {
            self.s.stack.push(Frame::Overthrow { player, region });
        }
    }

    /// Returns every spy on a card to its owner's supply (PP-11.1 step 2).
    pub(crate) fn spies_home(&mut self, card: CardId) {
        if card.is_court() {
            for p in 0..self.s.players() {
                if self.s.spies[card.index()][p] > 0 {
                    self.s.spies[card.index()][p] = 0;
                    self.s.clamp_marks(p as u8, Piece::Spy(card));
                }
            }
        }
    }
}
