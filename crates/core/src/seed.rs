//! Seed commitments: a short fingerprint of a game's seed, shown when the game starts and
//! checked against the seed when it ends, so a player can confirm afterwards that every die
//! came from the seed the game committed to before the first roll.
//!
//! The fingerprint is the first 64 bits of a ChaCha8 stream keyed by the seed, on a stream
//! number the game never draws from. Unlike the FNV hashes in saves it cannot be run
//! backwards: learning the seed from the commitment means trying seeds one by one, and a
//! seed has 2^64 values. (It does not hide the seed from anyone who reads the save file: the
//! seed is written there in plain; see `docs/FORMATS.md`.)
//!
//! ```
//! use squadsight_core::seed::{commitment, matches};
//! let c = commitment(2000);
//! assert!(matches(2000, c));
//! assert!(!matches(2001, c));
//! ```

use crate::save::Hash64;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// The ChaCha stream number of commitments: far from the game's streams (0–4).
const COMMIT_STREAM: u64 = 0x005e_edc0_6d17;

/// The clause ID of the journal event that shows the commitment when a game starts.
pub const COMMIT_RULE: &str = "core.seed.commit";

/// The clause ID of the journal event that reveals the seed when a game ends.
pub const REVEAL_RULE: &str = "core.seed.reveal";

/// The commitment to `seed`.
pub fn commitment(seed: u64) -> Hash64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(COMMIT_STREAM);
    Hash64(rng.next_u64())
}

/// Whether `seed` is the seed `commitment` was made from.
pub fn matches(seed: u64, commitment: Hash64) -> bool {
    self::commitment(seed) == commitment
}

/// The commitment as players see it: the first 8 of its 16 hex digits, in two groups
/// (`3f2a-91c0`), short enough to note down.
pub fn short(commitment: Hash64) -> String {
    let full = commitment.to_string();
    format!("{}-{}", &full[..4], &full[4..8])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{GameRng, Stream};

    #[test]
    fn commitments_differ_by_seed_and_from_game_draws() {
        let seeds = [0u64, 1, 2, 42, 2000, u64::MAX];
        let all: Vec<Hash64> = seeds.iter().map(|&s| commitment(s)).collect();
        for (i, a) in all.iter().enumerate() {
            assert!(all[i + 1..].iter().all(|b| a != b), "{all:?}");
        }
        // The commitment is not a value the game itself draws.
        let mut rng = GameRng::new(42);
        let first = u64::from(rng.next_u32(Stream::Setup));
        assert_ne!(commitment(42).0 >> 32, first);
    }

    /// Pins one commitment so that a dependency upgrade that changes it is caught (old saves
    /// record commitments).
    #[test]
    fn commitment_golden_value() {
        assert_eq!(commitment(5), Hash64(0x04c7_0c87_09f5_4d70));
        assert_eq!(short(Hash64(0x0123_4567_89ab_cdef)), "0123-4567");
    }
}
