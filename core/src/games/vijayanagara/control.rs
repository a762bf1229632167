//! Control (§1.7) and the Rebelling invariants R1/R2 (§1.4(c), OQ-6).
//!
//! Control is never stored: it is computed from the pieces whenever it is asked for (R-0.3).

use super::{Loyalty, PieceKind, Player, SpaceId, State};

impl State {
    /// The faction controlling `space`, if any (§1.7, OQ-12).
    ///
    /// Only an Independent Province can be controlled. A faction controls it when its pieces
    /// (units and structures, Obedient and Rebelling) outnumber all other pieces there
    /// combined: a strict majority, so at most one faction controls. Delhi and the Mongol
    /// Invasion Regions are never controlled.
    ///
    /// ```
    /// use darbar::vijayanagara::{Loyalty, Piece, Player, SpaceId, State};
    ///
    /// let mut state = State::new(1);
    /// // Maharashtra starts Tributary with 4 Amirs: never controlled while Tributary.
    /// assert_eq!(state.controller(SpaceId::Maharashtra), None);
    /// state.set_tributary(SpaceId::Maharashtra, false).unwrap();
    /// assert_eq!(state.controller(SpaceId::Maharashtra), Some(Player::Bahmani));
    /// ```
    pub fn controller(&self, space: SpaceId) -> Option<Player> {
        if !space.is_province() || self.is_tributary(space) {
            return None;
        }
        let pieces = self.space(space);
        let total = pieces.total();
        Player::ALL
            .into_iter()
            .find(|&p| 2 * pieces.pieces_of(p.faction()) > total)
    }

    /// The Provinces `player` controls (§1.7).
    pub fn controlled_by(&self, player: Player) -> impl Iterator<Item = SpaceId> + '_ {
        SpaceId::ALL
            .into_iter()
            .filter(move |&s| self.controller(s) == Some(player))
    }

    /// Re-establishes R1 and R2 in `space` after any change there (§1.4(c), OQ-6): every Amir
    /// in a BK-controlled Province and every Raja in a VN-controlled Province is Rebelling.
    /// Losing control changes no unit's state, and other factions' units are untouched.
    pub(crate) fn settle(&mut self, space: SpaceId) {
        let kind = match self.controller(space) {
            Some(Player::Bahmani) => PieceKind::Amir,
            Some(Player::Vijayanagara) => PieceKind::Raja,
            _ => return,
        };
        self.spaces.0[space.index()].set_all_loyalty(kind, Loyalty::Rebelling);
    }

    /// Whether R1 and R2 hold in `space` (§1.4(c)).
    pub(crate) fn rebellion_invariants_hold(&self, space: SpaceId) -> bool {
        let pieces = self.space(space);
        match self.controller(space) {
            Some(Player::Bahmani) => pieces.amirs.obedient == 0,
            Some(Player::Vijayanagara) => pieces.rajas.obedient == 0,
            _ => true,
        }
    }
}
