//! The game's only source of randomness: ChaCha8 with one independent stream per purpose.
//!
//! Each [`Stream`] is the same seed on a different ChaCha stream number, so drawing from one
//! (say the AI thinking, or a UI preview) can never shift the values another (the dice) gives.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// What a random draw is for. Each purpose has its own stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Stream {
    /// Setup: deployment, first player, initial shuffles.
    Setup,
    /// Dice rolled during play.
    Dice,
    /// Deck shuffles and random card picks.
    Decks,
    /// Dice-bag draws (activation order).
    Bag,
    /// AI thinking. Never used by rules.
    Ai,
}

impl Stream {
    /// Every stream, in stream-number order.
    pub const ALL: [Stream; 5] = [
        Stream::Setup,
        Stream::Dice,
        Stream::Decks,
        Stream::Bag,
        Stream::Ai,
    ];

    fn index(self) -> usize {
        match self {
            Stream::Setup => 0,
            Stream::Dice => 1,
            Stream::Decks => 2,
            Stream::Bag => 3,
            Stream::Ai => 4,
        }
    }
}

/// Seeded, serialisable, cloneable randomness with named streams.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRng {
    streams: [ChaCha8Rng; 5],
}

impl GameRng {
    /// All streams seeded from the game seed.
    pub fn new(seed: u64) -> GameRng {
        let streams = Stream::ALL.map(|s| {
            let mut r = ChaCha8Rng::seed_from_u64(seed);
            r.set_stream(s.index() as u64);
            r
        });
        GameRng { streams }
    }

    /// The next raw 32-bit value of a stream.
    pub fn next_u32(&mut self, stream: Stream) -> u32 {
        self.streams[stream.index()].next_u32()
    }

    /// A uniform value in `0..n` (unbiased: Lemire's multiply-and-reject). `n == 0` gives 0.
    pub fn below(&mut self, stream: Stream, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        let rng = &mut self.streams[stream.index()];
        let mut m = u64::from(rng.next_u32()) * u64::from(n);
        let mut low = m as u32;
        if low < n {
            let threshold = n.wrapping_neg() % n;
            while low < threshold {
                m = u64::from(rng.next_u32()) * u64::from(n);
                low = m as u32;
            }
        }
        (m >> 32) as u32
    }

    /// One die with `sides` faces, 1..=sides.
    pub fn die(&mut self, stream: Stream, sides: u32) -> u32 {
        self.below(stream, sides) + 1
    }

    /// Shuffles a slice in place (Fisher–Yates, indices drawn with [`GameRng::below`]).
    pub fn shuffle<T>(&mut self, stream: Stream, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let bound = u32::try_from(i + 1).unwrap_or(u32::MAX);
            let j = self.below(stream, bound) as usize;
            items.swap(i, j);
        }
    }

    /// A stand-alone ChaCha8 generator derived from one stream, for AI search that must not
    /// touch the game's own streams.
    pub fn fork(&mut self, stream: Stream) -> ChaCha8Rng {
        let rng = &mut self.streams[stream.index()];
        let seed = (u64::from(rng.next_u32()) << 32) | u64::from(rng.next_u32());
        ChaCha8Rng::seed_from_u64(seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_independent() {
        let mut a = GameRng::new(7);
        let mut b = GameRng::new(7);
        for _ in 0..100 {
            a.next_u32(Stream::Ai);
        }
        let da: Vec<u32> = (0..20).map(|_| a.die(Stream::Dice, 6)).collect();
        let db: Vec<u32> = (0..20).map(|_| b.die(Stream::Dice, 6)).collect();
        assert_eq!(da, db);
    }

    #[test]
    fn below_is_in_range_and_covers_all_values() {
        let mut r = GameRng::new(1);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let v = r.below(Stream::Dice, 7) as usize;
            seen[v] = true;
        }
        assert!(seen.iter().all(|s| *s));
        assert_eq!(r.below(Stream::Dice, 0), 0);
    }

    #[test]
    fn state_round_trips_through_ron() {
        let mut r = GameRng::new(99);
        r.next_u32(Stream::Decks);
        let text = ron::to_string(&r).expect("serialise");
        let mut back: GameRng = ron::from_str(&text).expect("deserialise");
        assert_eq!(back.next_u32(Stream::Decks), r.next_u32(Stream::Decks));
    }
}
