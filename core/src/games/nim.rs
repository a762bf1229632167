//! **Nim**, a test game: the proof that the game interface is generic. It is compiled only
//! with the `test-games` feature, and reaches the checker, the bots, Python, PettingZoo, Lua,
//! the command line and the golden playthroughs through nothing but these rules and its one
//! line in [`Registry::standard`](super::Registry::standard).
//!
//! N-1. `players` seats (2 to 4) take turns, seat 0 first.
//! N-2. The heaps start with sizes drawn from the seed, 1 to `max_heap` each.
//! N-3. A turn takes 1 to `max_take` objects from one heap that has that many.
//! N-4. Whoever takes the last object wins (return 1; the others 0).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::GameEntry;
use crate::engine::{Cites, Decision, Game, GameRng, Log, Rule, Seat, SeatDecision, Snapshot};

/// Heaps in a game.
pub const HEAPS: usize = 3;
/// The most objects one turn may take, and so the width of the action numbering.
pub const MAX_TAKE: u8 = 3;

/// Nim's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Seats, 2 to 4 (N-1).
    pub players: u8,
    /// The largest starting heap (N-2).
    pub max_heap: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            players: 2,
            max_heap: 7,
        }
    }
}

/// Take `count` objects from heap `heap` (N-3): `"take 2 from 1"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Take {
    /// The heap, from 0.
    pub heap: u8,
    /// How many, 1 to [`MAX_TAKE`].
    pub count: u8,
}

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {} from {}", self.count, self.heap)
    }
}

impl FromStr for Take {
    type Err = String;

    fn from_str(text: &str) -> Result<Take, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let ["take", count, "from", heap] = words[..] else {
            return Err(format!("{text:?} is not \"take N from H\""));
        };
        let heap: u8 = heap.parse().map_err(|_| format!("no heap {heap:?}"))?;
        let count: u8 = count.parse().map_err(|_| format!("no count {count:?}"))?;
        if usize::from(heap) >= HEAPS || !(1..=MAX_TAKE).contains(&count) {
            return Err(format!(
                "heaps are 0 to {} and a take 1 to {MAX_TAKE}",
                HEAPS - 1
            ));
        }
        Ok(Take { heap, count })
    }
}

/// A position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    options: Options,
    seed: u64,
    heaps: [u8; HEAPS],
    to_move: u8,
    winner: Option<u8>,
}

impl State {
    /// The heaps.
    pub fn heaps(&self) -> [u8; HEAPS] {
        self.heaps
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "heaps {:?}", self.heaps)?;
        match self.winner {
            Some(w) => write!(f, ", won by seat {w}"),
            None => write!(f, ", seat {} to move", self.to_move),
        }
    }
}

impl Snapshot for State {
    const GAME: &'static str = "nim";
    const VERSION: u32 = 1;

    fn validate(&self) -> Result<(), crate::engine::Violation> {
        if !(2..=4).contains(&self.options.players) || self.to_move >= self.options.players {
            return Err((Rule("N-1"), "no such seat".to_string()).into());
        }
        if self.options.max_heap == 0 {
            return Err((
                Rule("N-2"),
                "heaps start with at least 1 object".to_string(),
            )
                .into());
        }
        if self.heaps.iter().any(|&h| h > self.options.max_heap) {
            return Err((Rule("N-2"), "a heap above max_heap".to_string()).into());
        }
        if self.winner.is_some() != (self.heaps == [0; HEAPS]) {
            return Err((Rule("N-4"), "a winner while objects remain".to_string()).into());
        }
        // The seat that takes the last object wins, and the turn stays with it (N-4).
        if self.winner.is_some_and(|w| w != self.to_move) {
            return Err((
                Rule("N-4"),
                "the winner is not the seat that moved last".to_string(),
            )
                .into());
        }
        Ok(())
    }
}

/// What a turn decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn;

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("objects to take")
    }
}

impl Cites for Turn {
    fn rule(&self) -> Rule {
        Rule("N-3")
    }
}

/// A refused action.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Error {
    /// Not a legal take (N-3).
    #[error("{0} is not a legal take (N-3)")]
    Illegal(Take),
    /// The game is over (N-4).
    #[error("the game is over (N-4)")]
    GameOver,
    /// Another seat's turn (N-1).
    #[error("it is seat {expected}'s turn, not {actual}'s (N-1)")]
    NotYourTurn {
        /// Whose turn it is.
        expected: Seat,
        /// Who sent the action.
        actual: Seat,
    },
}

impl Cites for Error {
    fn rule(&self) -> Rule {
        match self {
            Error::Illegal(_) => Rule("N-3"),
            Error::GameOver => Rule("N-4"),
            Error::NotYourTurn { .. } => Rule("N-1"),
        }
    }
}

/// The rules of Nim with their options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Nim {
    options: Options,
}

impl Nim {
    /// The rules with these options: 2 to 4 players (N-1) and heaps of at least 1 (N-2).
    pub fn new(options: Options) -> Result<Nim, crate::engine::LoadError> {
        if !(2..=4).contains(&options.players) || options.max_heap == 0 {
            return Err(crate::engine::LoadError::BadOptions {
                game: "nim",
                reason: "players is 2 to 4 and max_heap at least 1 (N-1, N-2)".into(),
            });
        }
        Ok(Nim { options })
    }

    /// The registry entry.
    pub(crate) fn entry() -> GameEntry {
        GameEntry::new::<Nim>("Nim, the test game of the game interface", Nim::new)
    }
}

/// No bots of its own.
impl crate::bots::GameBots for Nim {}

impl Game for Nim {
    type State = State;
    type Action = Take;
    type Kind = Turn;
    type Error = Error;
    type Options = Options;
    type View = State;

    /// Every listed action applies: the rules have no fallible step.
    const LISTED_ACTIONS_NEVER_FAIL: bool = true;
    const ACTION_COUNT: usize = HEAPS * MAX_TAKE as usize;

    fn options(&self) -> &Options {
        &self.options
    }

    fn num_players(&self) -> usize {
        usize::from(self.options.players)
    }

    fn seat_name(&self, seat: Seat) -> String {
        format!("seat {seat}")
    }

    fn new_initial_state(&self, seed: u64) -> State {
        let mut rng = GameRng::from_seed_u64(seed);
        let max = u32::from(self.options.max_heap);
        State {
            options: self.options,
            seed,
            heaps: [(); HEAPS].map(|()| u8::try_from(rng.below(max) + 1).unwrap_or(1)),
            to_move: 0,
            winner: None,
        }
    }

    fn seed(&self, state: &State) -> u64 {
        state.seed
    }

    fn options_of(state: &State) -> Options {
        state.options
    }

    fn decision(&self, state: &State) -> Option<SeatDecision<Self>> {
        let choices = (0..HEAPS as u8)
            .flat_map(|heap| (1..=MAX_TAKE).map(move |count| Take { heap, count }))
            .filter(|t| state.heaps[usize::from(t.heap)] >= t.count)
            .collect();
        Decision::new(usize::from(state.to_move), Turn, choices)
    }

    fn apply_unchecked(&self, state: &mut State, take: Take, log: &mut Log) -> Result<(), Error> {
        let heap = &mut state.heaps[usize::from(take.heap)];
        *heap = heap.saturating_sub(take.count);
        log.say(|| {
            format!(
                "seat {} takes {} from heap {}",
                state.to_move, take.count, take.heap
            )
        });
        if state.heaps == [0; HEAPS] {
            state.winner = Some(state.to_move);
            log.say(|| format!("seat {} takes the last object and wins", state.to_move));
        } else {
            state.to_move = (state.to_move + 1) % state.options.players;
        }
        Ok(())
    }

    fn refusal(&self, state: &State, take: Take) -> Error {
        if state.winner.is_some() {
            Error::GameOver
        } else {
            Error::Illegal(take)
        }
    }

    fn wrong_seat(&self, _state: &State, seat: Seat, expected: Seat) -> Error {
        Error::NotYourTurn {
            expected,
            actual: seat,
        }
    }

    fn returns(&self, state: &State) -> Vec<f64> {
        (0..self.options.players)
            .map(|seat| f64::from(u8::from(state.winner == Some(seat))))
            .collect()
    }

    /// Nim hides nothing.
    /// Nim hides nothing: the board is the whole state.
    fn board(&self, state: &State, _seat: Seat) -> String {
        state.to_string()
    }

    fn view(&self, state: &State, _seat: Seat) -> State {
        state.clone()
    }

    fn action_index(take: Take) -> usize {
        // Every `Take` that parses is in range; one built by hand out of range is clamped,
        // never a panic.
        let heap = usize::from(take.heap).min(HEAPS - 1);
        let count = usize::from(take.count.clamp(1, MAX_TAKE));
        heap * usize::from(MAX_TAKE) + count - 1
    }

    fn action_from_index(index: usize) -> Option<Take> {
        (index < Self::ACTION_COUNT).then(|| Take {
            heap: (index / usize::from(MAX_TAKE)) as u8,
            count: (index % usize::from(MAX_TAKE)) as u8 + 1,
        })
    }

    fn observation(&self, state: &State, seat: Seat) -> Vec<f32> {
        let mut seen: Vec<f32> = state.heaps.iter().map(|&h| f32::from(h)).collect();
        seen.push(f32::from(u8::from(usize::from(state.to_move) == seat)));
        seen
    }

    fn observation_layout(&self) -> Vec<(&'static str, usize, usize)> {
        vec![("heaps", 0, HEAPS), ("to_move", HEAPS, 1)]
    }

    /// Nim hides nothing and leaves nothing to chance after the heaps are set up: every
    /// move can be taken back.
    fn revealed(&self, _state: &State) -> Option<u64> {
        Some(0)
    }
}
