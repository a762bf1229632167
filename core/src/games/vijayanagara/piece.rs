//! The wooden pieces (§1.2), their owners and roles (§1.4), and the Obedient/Rebelling state.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Faction;

/// A kind of wooden piece (§1.2). Units move and fight; structures never move (§1.4(b)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PieceKind {
    /// DS unit, grey cube.
    Troop,
    /// DS unit, black hexagonal cylinder.
    Governor,
    /// DS structure, black disc.
    Qasbah,
    /// BK unit, turquoise hexagonal cylinder; Obedient or Rebelling.
    Amir,
    /// BK structure, turquoise disc.
    Fort,
    /// VN unit, yellow hexagonal cylinder; Obedient or Rebelling.
    Raja,
    /// VN structure, yellow disc.
    Temple,
    /// MI unit, red cube.
    Mongol,
}

impl PieceKind {
    /// Every kind, in the order of the §1.2 table.
    pub const ALL: [PieceKind; 8] = [
        PieceKind::Troop,
        PieceKind::Governor,
        PieceKind::Qasbah,
        PieceKind::Amir,
        PieceKind::Fort,
        PieceKind::Raja,
        PieceKind::Temple,
        PieceKind::Mongol,
    ];

    /// How many exist: the hard limits of §1.2 (spares are not part of the game, OQ-2).
    pub const fn total(self) -> u8 {
        match self {
            PieceKind::Troop => 32,
            PieceKind::Governor | PieceKind::Qasbah | PieceKind::Fort | PieceKind::Temple => 5,
            PieceKind::Amir => 18,
            PieceKind::Raja => 22,
            PieceKind::Mongol => 12,
        }
    }

    /// The owning faction (§1.2).
    pub const fn owner(self) -> Faction {
        match self {
            PieceKind::Troop | PieceKind::Governor | PieceKind::Qasbah => Faction::Sultanate,
            PieceKind::Amir | PieceKind::Fort => Faction::Bahmani,
            PieceKind::Raja | PieceKind::Temple => Faction::Vijayanagara,
            PieceKind::Mongol => Faction::Mongols,
        }
    }

    /// Qasbahs, Forts and Temples (§1.4(b)).
    pub const fn is_structure(self) -> bool {
        matches!(
            self,
            PieceKind::Qasbah | PieceKind::Fort | PieceKind::Temple
        )
    }

    /// Everything that is not a structure.
    pub const fn is_unit(self) -> bool {
        !self.is_structure()
    }

    /// Amirs and Rajas, the only pieces that are Obedient or Rebelling (§1.4(c)).
    pub const fn has_loyalty(self) -> bool {
        matches!(self, PieceKind::Amir | PieceKind::Raja)
    }

    /// The structure of this kind, if it is one.
    pub const fn structure(self) -> Option<Structure> {
        match self {
            PieceKind::Qasbah => Some(Structure::Qasbah),
            PieceKind::Fort => Some(Structure::Fort),
            PieceKind::Temple => Some(Structure::Temple),
            _ => None,
        }
    }

    /// The piece's name, plural when `n != 1`.
    pub fn name(self, n: u8) -> &'static str {
        let (one, many) = match self {
            PieceKind::Troop => ("Troop", "Troops"),
            PieceKind::Governor => ("Governor", "Governors"),
            PieceKind::Qasbah => ("Qasbah", "Qasbahs"),
            PieceKind::Amir => ("Amir", "Amirs"),
            PieceKind::Fort => ("Fort", "Forts"),
            PieceKind::Raja => ("Raja", "Rajas"),
            PieceKind::Temple => ("Temple", "Temples"),
            PieceKind::Mongol => ("Mongol", "Mongols"),
        };
        if n == 1 { one } else { many }
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name(1))
    }
}

/// The three structures. A space holds at most one (§1.4(e), OQ-8), which is why a space's
/// structure is an `Option<Structure>`: two structures in one space cannot even be written down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Structure {
    /// DS: Conscript 2 Troops, support for DS attacks (§1.4(b)).
    Qasbah,
    /// BK: defence, support for BK attacks (§1.4(b)).
    Fort,
    /// VN: economy, support for VN attacks (§1.4(b)).
    Temple,
}

impl Structure {
    /// The piece kind of this structure.
    pub const fn kind(self) -> PieceKind {
        match self {
            Structure::Qasbah => PieceKind::Qasbah,
            Structure::Fort => PieceKind::Fort,
            Structure::Temple => PieceKind::Temple,
        }
    }

    /// The owning faction.
    pub const fn owner(self) -> Faction {
        self.kind().owner()
    }
}

/// The state of an Amir or Raja on the map (§1.4(c)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Loyalty {
    /// Still loyal to Delhi.
    Obedient,
    /// In revolt.
    Rebelling,
}

impl fmt::Display for Loyalty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Loyalty::Obedient => "Obedient",
            Loyalty::Rebelling => "Rebelling",
        })
    }
}

/// A particular piece on the map: its kind, and for Amirs and Rajas its state.
///
/// ```
/// use darbar::vijayanagara::{Loyalty, Piece, PieceKind};
///
/// assert_eq!(Piece::Amir(Loyalty::Rebelling).kind(), PieceKind::Amir);
/// assert_eq!(Piece::of_kind(PieceKind::Raja), Piece::Raja(Loyalty::Obedient));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Piece {
    /// A DS Troop.
    Troop,
    /// A DS Governor.
    Governor,
    /// A DS Qasbah.
    Qasbah,
    /// A BK Amir in the given state.
    Amir(Loyalty),
    /// A BK Fort.
    Fort,
    /// A VN Raja in the given state.
    Raja(Loyalty),
    /// A VN Temple.
    Temple,
    /// A Mongol Invader.
    Mongol,
}

impl Piece {
    /// The piece's kind.
    pub const fn kind(self) -> PieceKind {
        match self {
            Piece::Troop => PieceKind::Troop,
            Piece::Governor => PieceKind::Governor,
            Piece::Qasbah => PieceKind::Qasbah,
            Piece::Amir(_) => PieceKind::Amir,
            Piece::Fort => PieceKind::Fort,
            Piece::Raja(_) => PieceKind::Raja,
            Piece::Temple => PieceKind::Temple,
            Piece::Mongol => PieceKind::Mongol,
        }
    }

    /// The piece of `kind`; Amirs and Rajas are Obedient, as placed pieces are (§3.3.1, §3.4.1).
    pub const fn of_kind(kind: PieceKind) -> Piece {
        Piece::with_loyalty(kind, Loyalty::Obedient)
    }

    /// The piece of `kind`, in state `loyalty` if it is an Amir or Raja.
    pub const fn with_loyalty(kind: PieceKind, loyalty: Loyalty) -> Piece {
        match kind {
            PieceKind::Troop => Piece::Troop,
            PieceKind::Governor => Piece::Governor,
            PieceKind::Qasbah => Piece::Qasbah,
            PieceKind::Amir => Piece::Amir(loyalty),
            PieceKind::Fort => Piece::Fort,
            PieceKind::Raja => Piece::Raja(loyalty),
            PieceKind::Temple => Piece::Temple,
            PieceKind::Mongol => Piece::Mongol,
        }
    }

    /// The state of an Amir or Raja.
    pub const fn loyalty(self) -> Option<Loyalty> {
        match self {
            Piece::Amir(l) | Piece::Raja(l) => Some(l),
            _ => None,
        }
    }

    /// The owning faction.
    pub const fn owner(self) -> Faction {
        self.kind().owner()
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.loyalty() {
            Some(l) => write!(f, "{l} {}", self.kind()),
            None => write!(f, "{}", self.kind()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_1_2_component_counts() {
        let totals: Vec<u8> = PieceKind::ALL.iter().map(|k| k.total()).collect();
        assert_eq!(totals, [32, 5, 5, 18, 5, 22, 5, 12]);
        // The seed's own cross-checks: 44 cubes, 45 hexagonal cylinders, 15 discs.
        assert_eq!(PieceKind::Troop.total() + PieceKind::Mongol.total(), 44);
        let cylinders =
            PieceKind::Governor.total() + PieceKind::Amir.total() + PieceKind::Raja.total();
        assert_eq!(cylinders, 45);
        let discs: u8 = PieceKind::ALL
            .iter()
            .filter(|k| k.is_structure())
            .map(|k| k.total())
            .sum();
        assert_eq!(discs, 15);
    }

    #[test]
    fn rule_1_4_only_amirs_and_rajas_have_loyalty() {
        for kind in PieceKind::ALL {
            assert_eq!(
                kind.has_loyalty(),
                matches!(kind, PieceKind::Amir | PieceKind::Raja)
            );
            assert_eq!(Piece::of_kind(kind).kind(), kind);
        }
    }
}
