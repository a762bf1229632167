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
    /// A player's Victory Points as the game stands: during play the running count
    /// ([`State::running_victory_points`]), once the game is over the final score
    /// ([`State::final_victory_points`], with the Sultanate's Mongol adjustment, §5.1). So every
    /// reading after the end (this, the board, the view, the outcome, the log) agrees.
    ///
    /// ```
    /// use darbar::vijayanagara::{Player, State};
    ///
    /// let state = State::new(3);
    /// assert_eq!(state.victory_points(Player::Sultanate), 18);
    /// assert_eq!(state.victory_points(Player::Bahmani), 0);
    /// ```
    pub fn victory_points(&self, player: Player) -> i32 {
        if self.is_over() {
            self.final_victory_points(player)
        } else {
            self.running_victory_points(player)
        }
    }

    /// A player's Victory Points during play (§5.1–§5.3 with R-0), without the end-of-game
    /// adjustment:
    /// - DS: the Prosperity of every Tributary Province;
    /// - BK: the Prosperity of BK-controlled Provinces, plus Forts on the map, plus Influence;
    /// - VN: the Prosperity of VN-controlled Provinces, plus Temples on the map, plus Influence.
    pub fn running_victory_points(&self, player: Player) -> i32 {
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

    /// A player's Victory Points at the end of the game, or were it to end now: the running
    /// count plus [`State::final_adjustment`] (§5.1).
    pub fn final_victory_points(&self, player: Player) -> i32 {
        self.running_victory_points(player) + self.final_adjustment(player)
    }

    /// What final scoring adds to a player's running Victory Points: for DS, max(3 − m, −3)
    /// for the m Mongols in Delhi; 0 for the others (§5.1).
    pub fn final_adjustment(&self, player: Player) -> i32 {
        match player {
            Player::Sultanate => mongols_in_delhi_adjustment(self.space(SpaceId::Delhi).mongols),
            _ => 0,
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
