//! The seeded random number generator that lives inside every game state.
//!
//! The algorithm is **xoshiro256++** (Blackman and Vigna) from the `rand_xoshiro` crate, seeded
//! from a `u64` through SplitMix64. It is named and portable: the same seed gives the same
//! numbers on every platform and in every release that keeps [`GameRng::ALGORITHM`], which is what
//! makes replays and snapshots reproducible. It is stored in the state (never a global), so a
//! cloned or restored state continues with exactly the same draws.

use std::convert::Infallible;
use std::fmt;

use rand_core::{Rng, SeedableRng, TryRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The game's random number generator (xoshiro256++), serialized as
/// `"xoshiro256++:<64 hex digits>"`.
///
/// ```
/// use darbar::engine::GameRng;
///
/// let mut a = GameRng::from_seed_u64(7);
/// let mut b = a.clone();
/// assert_eq!(a.die(), b.die());
/// assert!((1..=6).contains(&a.die()));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct GameRng(Xoshiro256PlusPlus);

impl GameRng {
    /// The algorithm's name, written into every serialized generator.
    pub const ALGORITHM: &'static str = "xoshiro256++";

    /// A generator seeded from `seed` (through SplitMix64, as `rand_xoshiro` defines it).
    pub fn from_seed_u64(seed: u64) -> Self {
        GameRng(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// A uniformly distributed integer in `0..n`, without modulo bias.
    ///
    /// Returns 0 when `n` is 0 or 1.
    pub fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        // Rejection sampling: draws in the incomplete top zone would favour small values.
        let zone = u32::MAX - (u32::MAX % n);
        loop {
            let x = self.0.next_u32();
            if x < zone {
                return x % n;
            }
        }
    }

    /// One roll of a six-sided die, `1..=6`.
    pub fn die(&mut self) -> u8 {
        // `below(6)` is in 0..6, so the cast cannot truncate.
        self.below(6) as u8 + 1
    }

    /// Shuffles `items` in place (Fisher–Yates), every order equally likely.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(u32::try_from(i + 1).unwrap_or(u32::MAX)) as usize;
            items.swap(i, j);
        }
    }

    fn to_text(&self) -> String {
        let mut text = String::with_capacity(Self::ALGORITHM.len() + 65);
        text.push_str(Self::ALGORITHM);
        text.push(':');
        for byte in self.0.state() {
            text.push_str(&format!("{byte:02x}"));
        }
        text
    }

    fn from_text(text: &str) -> Result<Self, String> {
        let hex = text
            .strip_prefix(Self::ALGORITHM)
            .and_then(|rest| rest.strip_prefix(':'))
            .ok_or_else(|| format!("generator must start with \"{}:\"", Self::ALGORITHM))?;
        if hex.len() != 64 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err("generator state must be 64 hexadecimal digits".into());
        }
        let mut state = [0u8; 32];
        for (i, byte) in state.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16)
                .map_err(|e| format!("generator state: {e}"))?;
        }
        if state.iter().all(|&b| b == 0) {
            // All zeros is a fixed point of xoshiro: it would only ever produce 0.
            return Err("generator state is all zeros, which no seed can reach".into());
        }
        Ok(GameRng(Xoshiro256PlusPlus::from_seed(state)))
    }
}

impl fmt::Debug for GameRng {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl TryRng for GameRng {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        self.0.try_next_u32()
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        self.0.try_next_u64()
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        self.0.try_fill_bytes(dst)
    }
}

impl Serialize for GameRng {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_text())
    }
}

impl<'de> Deserialize<'de> for GameRng {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        GameRng::from_text(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence() {
        let mut a = GameRng::from_seed_u64(42);
        let mut b = GameRng::from_seed_u64(42);
        for _ in 0..100 {
            assert_eq!(a.below(1000), b.below(1000));
        }
    }

    #[test]
    fn sequence_is_portable() {
        // Pinned outputs: a change of algorithm or seeding would silently break every stored
        // replay, so it must break this test first.
        let mut rng = GameRng::from_seed_u64(0);
        let dice: Vec<u8> = (0..12).map(|_| rng.die()).collect();
        assert_eq!(dice, [6, 2, 2, 5, 4, 6, 4, 5, 5, 3, 5, 4]);
        assert_eq!(
            GameRng::from_seed_u64(2024).next_u64(),
            9_674_054_429_496_410_833
        );
    }

    #[test]
    fn text_round_trip_continues_the_sequence() {
        let mut rng = GameRng::from_seed_u64(9);
        rng.below(10);
        let mut restored = GameRng::from_text(&rng.to_text()).unwrap();
        for _ in 0..50 {
            assert_eq!(rng.next_u64(), restored.next_u64());
        }
    }

    #[test]
    fn rejects_bad_text() {
        assert!(GameRng::from_text("pcg:00").is_err());
        assert!(GameRng::from_text("xoshiro256++:12").is_err());
        assert!(GameRng::from_text(&format!("xoshiro256++:{}", "0".repeat(64))).is_err());
        assert!(GameRng::from_text(&format!("xoshiro256++:{}", "g".repeat(64))).is_err());
    }

    #[test]
    fn dice_cover_all_faces_evenly() {
        let mut rng = GameRng::from_seed_u64(3);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[usize::from(rng.die() - 1)] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = GameRng::from_seed_u64(5);
        let mut items: Vec<u32> = (0..36).collect();
        rng.shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort();
        assert_eq!(sorted, (0..36).collect::<Vec<_>>());
        assert_ne!(items, sorted);
    }
}
