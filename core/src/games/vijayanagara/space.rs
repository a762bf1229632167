//! The pieces standing in one space.

use serde::{Deserialize, Serialize};

use super::{Faction, Loyalty, Piece, PieceKind, Structure};

/// Amirs or Rajas in one space, by state (§1.4(c)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoyaltyCounts {
    /// Obedient units.
    pub obedient: u8,
    /// Rebelling units.
    pub rebelling: u8,
}

impl LoyaltyCounts {
    /// Both states together.
    pub const fn total(self) -> u8 {
        self.obedient + self.rebelling
    }

    /// The units in `loyalty`.
    pub const fn get(self, loyalty: Loyalty) -> u8 {
        match loyalty {
            Loyalty::Obedient => self.obedient,
            Loyalty::Rebelling => self.rebelling,
        }
    }

    fn get_mut(&mut self, loyalty: Loyalty) -> &mut u8 {
        match loyalty {
            Loyalty::Obedient => &mut self.obedient,
            Loyalty::Rebelling => &mut self.rebelling,
        }
    }
}

/// Everything standing in one space: counts per piece kind, and at most one structure
/// (§1.4(e)). A plain value, cheap to copy (architecture principle 7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpacePieces {
    /// DS Troops.
    pub troops: u8,
    /// DS Governors.
    pub governors: u8,
    /// BK Amirs.
    pub amirs: LoyaltyCounts,
    /// VN Rajas.
    pub rajas: LoyaltyCounts,
    /// Mongol Invaders.
    pub mongols: u8,
    /// The one structure, if any.
    pub structure: Option<Structure>,
}

impl SpacePieces {
    /// How many pieces of `kind` stand here.
    pub fn count(&self, kind: PieceKind) -> u8 {
        match kind {
            PieceKind::Troop => self.troops,
            PieceKind::Governor => self.governors,
            PieceKind::Amir => self.amirs.total(),
            PieceKind::Raja => self.rajas.total(),
            PieceKind::Mongol => self.mongols,
            structure => u8::from(self.structure.map(Structure::kind) == Some(structure)),
        }
    }

    /// How many of exactly this piece (kind and, for Amirs and Rajas, state) stand here.
    pub fn count_piece(&self, piece: Piece) -> u8 {
        match piece {
            Piece::Amir(l) => self.amirs.get(l),
            Piece::Raja(l) => self.rajas.get(l),
            other => self.count(other.kind()),
        }
    }

    /// All of `faction`'s pieces here, units and structures, Obedient and Rebelling: the count
    /// the Control test compares (§1.7, OQ-12).
    pub fn pieces_of(&self, faction: Faction) -> u8 {
        let structure = u8::from(self.structure.map(Structure::owner) == Some(faction));
        self.units_of(faction) + structure
    }

    /// `faction`'s units here.
    pub fn units_of(&self, faction: Faction) -> u8 {
        match faction {
            Faction::Sultanate => self.troops + self.governors,
            Faction::Bahmani => self.amirs.total(),
            Faction::Vijayanagara => self.rajas.total(),
            Faction::Mongols => self.mongols,
        }
    }

    /// Every piece here, of every faction.
    pub fn total(&self) -> u8 {
        Faction::ALL.iter().map(|&f| self.pieces_of(f)).sum()
    }

    /// Whether nothing stands here.
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// Changes the count of `piece` by `delta`. Callers check bounds first; the counts stay
    /// small (at most the §1.2 totals), so the arithmetic cannot overflow.
    pub(crate) fn adjust(&mut self, piece: Piece, delta: i16) {
        let apply = |n: &mut u8| *n = (i16::from(*n) + delta).clamp(0, 255) as u8;
        match piece {
            Piece::Troop => apply(&mut self.troops),
            Piece::Governor => apply(&mut self.governors),
            Piece::Amir(l) => apply(self.amirs.get_mut(l)),
            Piece::Raja(l) => apply(self.rajas.get_mut(l)),
            Piece::Mongol => apply(&mut self.mongols),
            Piece::Qasbah | Piece::Fort | Piece::Temple => {
                let structure = piece.kind().structure();
                if delta > 0 {
                    self.structure = structure;
                } else if delta < 0 && self.structure == structure {
                    self.structure = None;
                }
            }
        }
    }

    /// Makes every Amir (or Raja) here Rebelling or Obedient.
    pub(crate) fn set_all_loyalty(&mut self, kind: PieceKind, loyalty: Loyalty) {
        let counts = match kind {
            PieceKind::Amir => &mut self.amirs,
            PieceKind::Raja => &mut self.rajas,
            _ => return,
        };
        let total = counts.total();
        *counts = match loyalty {
            Loyalty::Obedient => LoyaltyCounts {
                obedient: total,
                rebelling: 0,
            },
            Loyalty::Rebelling => LoyaltyCounts {
                obedient: 0,
                rebelling: total,
            },
        };
    }
}
