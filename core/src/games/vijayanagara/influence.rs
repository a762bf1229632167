//! The Deccan Influence tracks (§1.9, R-2): levels 0–4, the unit slots, their release and refill.
//!
//! A slot at level L holds 2 of the faction's units while Influence is below L and is empty
//! once Influence reaches L (OQ-15). Release happens at once and needs no choice. A refill is
//! the faction's choice of pieces, one at a time ([`Action::Refill`](super::Action::Refill)),
//! so it is not stored as "pending": a slot below the marker that holds fewer than 2 pieces
//! *is* the pending refill ([`State::pending_refill`]).

use serde::{Deserialize, Serialize};

use super::{Error, Loyalty, Piece, PieceKind, Player, SpaceId, State};

/// The highest Influence level (§1.9, OQ-14).
pub const MAX_INFLUENCE: u8 = 4;
/// Pieces in a full slot (OQ-15).
pub const SLOT_SIZE: u8 = 2;

/// The levels at which a faction's track has unit slots (R-2): BK at 2 and 4, VN at 1 to 4.
pub fn slot_levels(player: Player) -> &'static [u8] {
    match player {
        Player::Sultanate => &[],
        Player::Bahmani => &[2, 4],
        Player::Vijayanagara => &[1, 2, 3, 4],
    }
}

/// The unit that fills a faction's slots: Amirs for BK, Rajas for VN.
pub fn slot_piece(player: Player) -> Option<PieceKind> {
    match player {
        Player::Sultanate => None,
        Player::Bahmani => Some(PieceKind::Amir),
        Player::Vijayanagara => Some(PieceKind::Raja),
    }
}

/// One faction's Deccan Influence track.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InfluenceTrack {
    /// The marker's level, 0..=4.
    pub level: u8,
    /// Pieces in the slot at each level: `slots[L - 1]` for level L. Levels without a slot
    /// (BK's 1 and 3) always hold 0.
    pub slots: [u8; 4],
}

impl InfluenceTrack {
    /// A track at 0 with every slot full (§2.1 step 3).
    pub fn at_setup(player: Player) -> Self {
        let mut track = InfluenceTrack::default();
        for &level in slot_levels(player) {
            track.slots[usize::from(level - 1)] = SLOT_SIZE;
        }
        track
    }

    /// Pieces held in all slots (not available, not on the map).
    pub fn pieces_in_slots(&self) -> u8 {
        self.slots.iter().sum()
    }
}

/// The BK and VN tracks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InfluenceTracks {
    /// The Bahmani Kingdom's track.
    pub bahmani: InfluenceTrack,
    /// The Vijayanagara Empire's track.
    pub vijayanagara: InfluenceTrack,
}

impl InfluenceTracks {
    pub(crate) fn get(&self, player: Player) -> Option<&InfluenceTrack> {
        match player {
            Player::Sultanate => None,
            Player::Bahmani => Some(&self.bahmani),
            Player::Vijayanagara => Some(&self.vijayanagara),
        }
    }

    fn get_mut(&mut self, player: Player) -> Option<&mut InfluenceTrack> {
        match player {
            Player::Sultanate => None,
            Player::Bahmani => Some(&mut self.bahmani),
            Player::Vijayanagara => Some(&mut self.vijayanagara),
        }
    }
}

/// Where a piece that refills a slot comes from (§1.9): the holding box, or the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PieceSource {
    /// The faction's holding box.
    Available,
    /// A space on the map, taking a unit in the given state.
    Map(SpaceId, Loyalty),
}

impl State {
    /// A faction's Deccan Influence, 0..=4, or `None` for the Sultanate, which has no track (§1.9).
    pub fn influence(&self, player: Player) -> Option<u8> {
        self.influence.get(player).map(|t| t.level)
    }

    /// A faction's track, slots included.
    pub fn influence_track(&self, player: Player) -> Option<&InfluenceTrack> {
        self.influence.get(player)
    }

    /// Shifts a faction's Influence by `steps` (usually ±1) and releases the slots it passes
    /// (§1.9). The level stays in 0..=4: the part of a shift past either end is ignored (OQ-14).
    /// Slots the marker drops below must then be refilled ([`State::pending_refill`]).
    /// Returns the new level.
    ///
    /// ```
    /// use darbar::vijayanagara::{Player, State};
    ///
    /// let mut state = State::new(1);
    /// let before = state.available().rajas;
    /// assert_eq!(state.shift_influence(Player::Vijayanagara, 1), Ok(1));
    /// assert_eq!(state.available().rajas, before + 2); // the level-1 slot is released
    /// assert_eq!(state.shift_influence(Player::Vijayanagara, -3), Ok(0)); // stops at 0
    /// assert_eq!(state.pending_refill(), Some((Player::Vijayanagara, 1)));
    /// ```
    pub fn shift_influence(&mut self, player: Player, steps: i8) -> Result<u8, Error> {
        let track = self
            .influence
            .get_mut(player)
            .ok_or(Error::NoInfluenceTrack(player))?;
        let old = track.level;
        let new = (i16::from(old) + i16::from(steps)).clamp(0, i16::from(MAX_INFLUENCE)) as u8;
        track.level = new;
        let mut released = 0;
        for &level in slot_levels(player) {
            if old < level && level <= new {
                released += std::mem::take(&mut track.slots[usize::from(level - 1)]);
            }
        }
        if let Some(kind) = slot_piece(player) {
            *self.available.get_mut(kind) += released;
        }
        Ok(new)
    }

    /// The slot that must be refilled before play goes on, as `(faction, level)` (§1.9):
    /// one below the marker that holds fewer than 2 pieces. The highest such slot comes first.
    pub fn pending_refill(&self) -> Option<(Player, u8)> {
        [Player::Bahmani, Player::Vijayanagara]
            .into_iter()
            .find_map(|player| {
                let track = self.influence.get(player)?;
                slot_levels(player)
                    .iter()
                    .rev()
                    .find(|&&level| {
                        track.level < level && track.slots[usize::from(level - 1)] < SLOT_SIZE
                    })
                    .map(|&level| (player, level))
            })
    }

    /// Where the pending refill may take its next piece from: the holding box if it has one,
    /// and every space holding the faction's units, by state (§1.9).
    pub fn refill_sources(&self) -> Vec<PieceSource> {
        let Some((player, _)) = self.pending_refill() else {
            return Vec::new();
        };
        let Some(kind) = slot_piece(player) else {
            return Vec::new();
        };
        let mut sources = Vec::new();
        if self.available.get(kind) > 0 {
            sources.push(PieceSource::Available);
        }
        for space in SpaceId::ALL {
            for loyalty in [Loyalty::Obedient, Loyalty::Rebelling] {
                if self
                    .space(space)
                    .count_piece(Piece::with_loyalty(kind, loyalty))
                    > 0
                {
                    sources.push(PieceSource::Map(space, loyalty));
                }
            }
        }
        sources
    }

    /// Puts one piece from `source` into the pending slot (§1.9). Play refills through the
    /// [`Action::Refill`](super::Action::Refill) decision; an event host calls this to refill
    /// at once, inside the effect (deck C8).
    ///
    /// ```
    /// use darbar::vijayanagara::{PieceSource, Player, State};
    ///
    /// let mut state = State::new(1);
    /// state.shift_influence(Player::Vijayanagara, 1).unwrap();
    /// state.shift_influence(Player::Vijayanagara, -1).unwrap();
    /// assert_eq!(state.pending_refill(), Some((Player::Vijayanagara, 1)));
    /// state.refill_from(PieceSource::Available).unwrap();
    /// state.refill_from(PieceSource::Available).unwrap();
    /// assert_eq!(state.pending_refill(), None);
    /// ```
    pub fn refill_from(&mut self, source: PieceSource) -> Result<(), Error> {
        let Some((player, level)) = self.pending_refill() else {
            return Err(Error::NothingToDecide);
        };
        let kind = slot_piece(player).ok_or(Error::NoInfluenceTrack(player))?;
        match source {
            PieceSource::Available => {
                let available = self.available.get(kind);
                if available == 0 {
                    return Err(Error::NotAvailable {
                        piece: kind,
                        wanted: 1,
                        available,
                    });
                }
                *self.available.get_mut(kind) -= 1;
            }
            PieceSource::Map(space, loyalty) => {
                // Removing to the box and taking from the box is one atomic step here.
                let piece = Piece::with_loyalty(kind, loyalty);
                self.remove(space, piece, 1)?;
                *self.available.get_mut(kind) -= 1;
            }
        }
        if let Some(track) = self.influence.get_mut(player) {
            track.slots[usize::from(level - 1)] += 1;
        }
        Ok(())
    }
}
