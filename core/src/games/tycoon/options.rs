//! The rule options (TI-3, TC-16.1, TC-19), each with its default.

use serde::{Deserialize, Serialize};

use super::ids::Difficulty;

/// The options of a game of Tycoon.
///
/// ```
/// use darbar::tycoon::Options;
///
/// let solo = Options { players: 1, ..Options::default() };
/// assert_eq!(solo.automa_seats(), 2); // TC-16.1: 1 human and 2 automas
/// assert_eq!(solo.seats(), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Seats played by people or bots (the seats the game asks), 0–4.
    pub players: u8,
    /// Automa seats (TC-16); `None` takes TC-16.1's count: 2 beside one human, 1 beside two,
    /// none beside three or four. A game always has 3 or 4 seats in all.
    pub automas: Option<u8>,
    /// Each automa's difficulty, the first automa seat first (TC-16.1).
    pub automa_levels: [Difficulty; 4],
    /// The Headline expansion (TI-17).
    pub headline_expansion: bool,
    /// The Kickstarter extra cards (TI-OQ-25, TC-7.3, TC-8.3).
    pub include_kickstarter: bool,
    /// The share unit value of the 4th IndustryAV rank (TI-OQ-19: the source's 20).
    pub fourth_share_value: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            players: 4,
            automas: None,
            automa_levels: [Difficulty::Normal; 4],
            headline_expansion: false,
            include_kickstarter: false,
            fourth_share_value: 20,
        }
    }
}

impl Options {
    /// How many automa seats the game has (TC-16.1).
    pub fn automa_seats(&self) -> u8 {
        self.automas.unwrap_or(match self.players {
            1 => 2,
            2 => 1,
            _ => 0,
        })
    }

    /// How many seats the game has in all.
    pub fn seats(&self) -> u8 {
        self.players.saturating_add(self.automa_seats())
    }

    /// Whether the seat counts make a game: 3 or 4 seats (TC-16.1), at most 4 people.
    pub fn valid_seats(&self) -> bool {
        self.players <= 4 && (3..=4).contains(&self.seats())
    }

    /// The difficulty of seat `seat`, if it is an automa: automa seats follow the players'.
    pub fn automa_of(&self, seat: usize) -> Option<Difficulty> {
        let first = usize::from(self.players);
        (seat >= first && seat < usize::from(self.seats()))
            .then(|| self.automa_levels[(seat - first).min(3)])
    }
}
