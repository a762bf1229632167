//! Victory (§5.0–§5.3, R-0): Victory Points are derived from the pieces, never stored.

use serde::{Deserialize, Serialize};

use std::fmt;

use super::words::{count, pieces};
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

/// A player's Victory Points term by term (§5.1–§5.3 with R-0), as [`State::victory_point_terms`]
/// counts them: what the end of the game reports, and what every reading of the score adds up.
///
/// ```
/// use darbar::vijayanagara::{Player, State};
///
/// let state = State::new(3);
/// let ds = state.victory_point_terms(Player::Sultanate);
/// assert_eq!((ds.prosperity, ds.running()), (18, 18));
/// assert_eq!(ds.adjustment, 3); // no Mongols in Delhi: +3 were the game to end now (§5.1)
/// assert_eq!(
///     ds.to_string(),
///     "DS 21 VP: 18 for the Prosperity of Tributary Provinces, +3 for 0 Mongols in Delhi (§5.1)"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VictoryPointTerms {
    /// Whose points.
    pub player: Player,
    /// The Prosperity of every Tributary Province (DS, §5.1), or of the Provinces the player
    /// controls (BK §5.2, VN §5.3).
    pub prosperity: i32,
    /// BK's Forts or VN's Temples on the map (§5.2, §5.3); 0 for DS.
    pub structures: u8,
    /// The player's own Deccan Influence (R-0: 1 VP per level); 0 for DS, which has no track.
    pub influence: u8,
    /// The Mongols in Delhi, for DS's adjustment.
    pub mongols_in_delhi: u8,
    /// What final scoring adds: DS's max(3 − m, −3) (§5.1), 0 for the others. Counted in
    /// [`VictoryPointTerms::total`], the final score, not in the running count.
    pub adjustment: i32,
}

impl VictoryPointTerms {
    /// The running count during play: every term but the end-of-game adjustment.
    pub fn running(&self) -> i32 {
        self.prosperity + i32::from(self.structures) + i32::from(self.influence)
    }

    /// The final score: the running count plus the adjustment (§5.1).
    pub fn total(&self) -> i32 {
        self.running() + self.adjustment
    }
}

impl fmt::Display for VictoryPointTerms {
    /// "DS 9 VP: 12 for the Prosperity of Tributary Provinces, -3 for 6 Mongols in Delhi
    /// (§5.1)", "BK 6 VP: 2 for the Prosperity of controlled Provinces, 2 for 2 Forts on the
    /// map, 2 for Influence 2 (§5.2)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = self.player.abbreviation();
        let total = count(self.total(), "VP", "VP");
        match self.player {
            Player::Sultanate => write!(
                f,
                "{who} {total}: {} for the Prosperity of Tributary Provinces, {:+} for {} in \
                 Delhi (§5.1)",
                self.prosperity,
                self.adjustment,
                pieces(self.mongols_in_delhi, PieceKind::Mongol)
            ),
            Player::Bahmani | Player::Vijayanagara => {
                let (kind, rule) = if self.player == Player::Bahmani {
                    (PieceKind::Fort, "5.2")
                } else {
                    (PieceKind::Temple, "5.3")
                };
                write!(
                    f,
                    "{who} {total}: {} for the Prosperity of controlled Provinces, {} for {} on \
                     the map, {} for Influence {} (§{rule})",
                    self.prosperity,
                    self.structures,
                    pieces(self.structures, kind),
                    self.influence,
                    self.influence
                )
            }
        }
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
        self.victory_point_terms(player).running()
    }

    /// A player's Victory Points term by term (§5.1–§5.3, R-0), the end-of-game adjustment
    /// included as it would be were the game to end now.
    pub fn victory_point_terms(&self, player: Player) -> VictoryPointTerms {
        let map = self.map();
        let prosperity = |spaces: &mut dyn Iterator<Item = SpaceId>| -> i32 {
            spaces.map(|s| i32::from(map.prosperity(s))).sum()
        };
        let mongols_in_delhi = self.space(SpaceId::Delhi).mongols;
        let (prosperity, structures) = match player {
            Player::Sultanate => (prosperity(&mut self.tributary.iter()), 0),
            Player::Bahmani => (
                prosperity(&mut self.controlled_by(player)),
                self.on_map(PieceKind::Fort),
            ),
            Player::Vijayanagara => (
                prosperity(&mut self.controlled_by(player)),
                self.on_map(PieceKind::Temple),
            ),
        };
        VictoryPointTerms {
            player,
            prosperity,
            structures,
            influence: self.influence(player).unwrap_or(0),
            mongols_in_delhi,
            adjustment: match player {
                Player::Sultanate => mongols_in_delhi_adjustment(mongols_in_delhi),
                _ => 0,
            },
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
        self.victory_point_terms(player).adjustment
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

    /// The end section of the game, as the log and the board give it once the game is over
    /// (§2.6, §5): why it ended, each faction's final score with its terms
    /// ([`VictoryPointTerms`], the Mongols-in-Delhi adjustment included), and the winner with
    /// the tie-break that decided (§5.0, OQ-49). Every line is derived from the position, so
    /// it agrees with [`State::victory_points`] and [`State::outcome`].
    ///
    /// ```
    /// use darbar::vijayanagara::State;
    ///
    /// let lines = State::new(3).final_report();
    /// assert!(lines[0].contains("Timur's invasion of Delhi"));
    /// assert!(lines[1].starts_with("DS 21 VP: 18 for the Prosperity of Tributary Provinces"));
    /// assert!(lines[4].starts_with("Game over. Winner: DS"));
    /// ```
    pub fn final_report(&self) -> Vec<String> {
        let mut lines = vec![
            "— The game ends: Timur's invasion of Delhi is resolved (§2.6, §5.0) —".to_owned(),
        ];
        lines.extend(
            Player::ALL
                .into_iter()
                .map(|p| self.victory_point_terms(p).to_string()),
        );
        lines.push(self.outcome().to_string_with(self));
        lines
    }
}

impl Outcome {
    /// "Game over. Winner: DS, with the most VP (§5.0)", with the tie-break where one decided.
    fn to_string_with(&self, state: &State) -> String {
        let names = |players: &[Player]| -> String {
            let names: Vec<&str> = players.iter().map(|p| p.abbreviation()).collect();
            names.join(" and ")
        };
        let best = self
            .winners
            .first()
            .map_or(0, |&winner| self.victory_points[winner]);
        let tied: Vec<Player> = Player::ALL
            .into_iter()
            .filter(|&p| self.victory_points[p] == best)
            .collect();
        let vp = count(best, "VP", "VP");
        if self.is_shared() {
            format!(
                "Game over. A shared win: {}, tied on {vp} and on Resources ({}) (§5.0, OQ-49)",
                names(&self.winners),
                state.resources(self.winners[0])
            )
        } else if tied.len() > 1 {
            let resources: Vec<String> = tied
                .iter()
                .map(|&p| format!("{} {}", p.abbreviation(), state.resources(p)))
                .collect();
            format!(
                "Game over. Winner: {}, tied on {vp} with the most Resources ({}) (§5.0)",
                names(&self.winners),
                resources.join(", ")
            )
        } else {
            format!(
                "Game over. Winner: {}, with the most VP ({vp}) (§5.0)",
                names(&self.winners)
            )
        }
    }
}
