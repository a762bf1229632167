//! Victory (§5.0–§5.3, R-0): Victory Points are derived from the pieces, never stored.

use serde::{Deserialize, Serialize};

use super::{PerPlayer, PieceKind, Player, SpaceId, State};

/// The final result of a game (§5.0, OQ-49).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Final Victory Points, the DS Mongol adjustment included (§5.1).
    pub victory_points: PerPlayer<i32>,
    /// The winners: the most VP, then the most Resources among those tied (§5.0). More than one
    /// only if the tie survives Resources: a shared win, left to an external tie-break such as
    /// the Goat–Tiger game, whose rules (§5.5) are missing (OQ-49).
    pub winners: Vec<Player>,
}

impl Outcome {
    /// Whether the win is shared (OQ-49).
    pub fn is_shared(&self) -> bool {
        self.winners.len() > 1
    }
}

/// The Sultanate's end-of-game adjustment for `mongols` in Delhi: max(3 − m, −3) (§5.1).
pub fn mongols_in_delhi_adjustment(mongols: u8) -> i32 {
    (3 - i32::from(mongols)).max(-3)
}

impl State {
    /// A player's Victory Points during play (§5.1–§5.3 with R-0):
    /// - DS: the Prosperity of every Tributary Province;
    /// - BK: the Prosperity of BK-controlled Provinces, plus Forts on the map, plus Influence;
    /// - VN: the Prosperity of VN-controlled Provinces, plus Temples on the map, plus Influence.
    ///
    /// ```
    /// use darbar::vijayanagara::{Player, State};
    ///
    /// let state = State::new(3);
    /// assert_eq!(state.victory_points(Player::Sultanate), 18);
    /// assert_eq!(state.victory_points(Player::Bahmani), 0);
    /// ```
    pub fn victory_points(&self, player: Player) -> i32 {
        let map = self.map();
        let prosperity = |spaces: &mut dyn Iterator<Item = SpaceId>| -> i32 {
            spaces.map(|s| i32::from(map.prosperity(s))).sum()
        };
        let influence = i32::from(self.influence(player).unwrap_or(0));
        match player {
            Player::Sultanate => prosperity(&mut self.tributary.iter()),
            Player::Bahmani => {
                prosperity(&mut self.controlled_by(player))
                    + i32::from(self.on_map(PieceKind::Fort))
                    + influence
            }
            Player::Vijayanagara => {
                prosperity(&mut self.controlled_by(player))
                    + i32::from(self.on_map(PieceKind::Temple))
                    + influence
            }
        }
    }

    /// A player's Victory Points at the end of the game: for DS, the Mongols in Delhi adjust
    /// the score by max(3 − m, −3) (§5.1).
    pub fn final_victory_points(&self, player: Player) -> i32 {
        let vp = self.victory_points(player);
        match player {
            Player::Sultanate => {
                vp + mongols_in_delhi_adjustment(self.space(SpaceId::Delhi).mongols)
            }
            _ => vp,
        }
    }

    /// Scores the game as it stands, as final scoring would (§5.0): most VP wins; ties go to
    /// the most Resources; a tie that survives is a shared win (OQ-49).
    pub fn outcome(&self) -> Outcome {
        let victory_points = PerPlayer::from_fn(|p| self.final_victory_points(p));
        let key = |p: Player| (victory_points[p], self.resources(p));
        let best = Player::ALL.into_iter().map(key).max().unwrap_or_default();
        let winners = Player::ALL
            .into_iter()
            .filter(|&p| key(p) == best)
            .collect();
        Outcome {
            victory_points,
            winners,
        }
    }
}
