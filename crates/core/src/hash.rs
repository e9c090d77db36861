//! Stable 64-bit hashes for state and chain hashes: the same value on every machine.
//!
//! `std`'s `DefaultHasher` may change between Rust releases and hashes `usize` at the
//! platform's width; these hashers widen every integer to 64 bits first.
//!
//! - [`StableHasher`] is FNV-1a over little-endian bytes: header and data hashes.
//! - [`WordHasher`] takes a whole integer (or eight bytes) per step: the state hashes and
//!   chain links of saves, where hashing after every action must be cheap.

use std::hash::{Hash, Hasher};

const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// `PRIME` to the powers 0 to 8. A zero byte only multiplies FNV-1a's state by `PRIME` (the
/// xor changes nothing), so the high zero bytes of a small integer, most of every integer a
/// map or state hashes, are one multiply by a power instead of one step each: the same
/// value, a fraction of the steps.
const PRIME_POW: [u64; 9] = {
    let mut t = [1u64; 9];
    let mut k = 1;
    while k < 9 {
        t[k] = t[k - 1].wrapping_mul(PRIME);
        k += 1;
    }
    t
};

/// FNV-1a over little-endian, width-normalised integers.
#[derive(Clone, Copy, Debug)]
pub struct StableHasher(u64);

impl Default for StableHasher {
    fn default() -> Self {
        StableHasher(OFFSET)
    }
}

impl StableHasher {
    /// The `width` little-endian bytes of `i`, exactly as [`Hasher::write`] would take them:
    /// the low bytes up to the highest non-zero one step by step, the zero bytes above in
    /// one multiply (see `PRIME_POW`).
    fn write_int(&mut self, i: u64, width: usize) {
        let used = (8 - (i.leading_zeros() / 8) as usize).min(width);
        for b in &i.to_le_bytes()[..used] {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(PRIME);
        }
        self.0 = self.0.wrapping_mul(PRIME_POW[width - used]);
    }
}

impl Hasher for StableHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(PRIME);
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.write(&[i]);
    }

    fn write_u16(&mut self, i: u16) {
        self.write_int(u64::from(i), 2);
    }

    fn write_u32(&mut self, i: u32) {
        self.write_int(u64::from(i), 4);
    }

    fn write_u64(&mut self, i: u64) {
        self.write_int(i, 8);
    }

    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }

    fn write_isize(&mut self, i: isize) {
        self.write_u64(i as i64 as u64);
    }
}

/// A stable word-at-a-time hash: every integer, and every eight bytes of a byte string, is
/// one multiply-and-rotate step; [`Hasher::finish`] ends with a full avalanche. Not
/// cryptographic (neither is FNV-1a): it catches edits and divergence, not forgery.
#[derive(Clone, Copy, Debug)]
pub struct WordHasher(u64);

/// The multiplier of [`WordHasher`]'s step (2^64 divided by the golden ratio, made odd).
const WORD_K: u64 = 0x9e37_79b9_7f4a_7c15;

impl Default for WordHasher {
    fn default() -> Self {
        WordHasher(OFFSET)
    }
}

impl WordHasher {
    fn mix(&mut self, word: u64) {
        self.0 = (self.0 ^ word).wrapping_mul(WORD_K).rotate_left(27);
    }
}

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        // The SplitMix64 finaliser: every input bit reaches every output bit.
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.mix(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            // Up to seven bytes in the low bits and their count in the top byte, so
            // "a" and "a\0" differ.
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            word[7] = rest.len() as u8;
            self.mix(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.mix(u64::from(i));
    }

    fn write_u16(&mut self, i: u16) {
        self.mix(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.mix(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.mix(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.mix(i as u64);
    }

    fn write_isize(&mut self, i: isize) {
        self.mix(i as i64 as u64);
    }
}

/// The state hash of `value` as saves record it (format 3 on): [`WordHasher`].
pub fn word_hash<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut h = WordHasher::default();
    value.hash(&mut h);
    h.finish()
}

/// The stable hash of any `Hash` value.
pub fn stable_hash<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut h = StableHasher::default();
    value.hash(&mut h);
    h.finish()
}

/// The stable hash of raw bytes.
pub fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut h = StableHasher::default();
    h.write(bytes);
    h.finish()
}

/// A hash as 16 lowercase hex digits, as saves store it.
pub fn hex(hash: u64) -> String {
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        // FNV-1a 64 of the empty input and of "a" (published test vectors).
        assert_eq!(hash_bytes(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(hash_bytes(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(stable_hash(&1usize), stable_hash(&1u64));
        assert_eq!(hex(255), "00000000000000ff");
    }

    #[test]
    fn integers_hash_as_their_little_endian_bytes() {
        // The shortcut for high zero bytes gives exactly the byte-by-byte FNV-1a.
        let bytes = |b: &[u8]| {
            let mut h = StableHasher::default();
            h.write(b"x");
            h.write(b);
            h.finish()
        };
        let int = |f: &dyn Fn(&mut StableHasher)| {
            let mut h = StableHasher::default();
            h.write(b"x");
            f(&mut h);
            h.finish()
        };
        for v in [
            0u64,
            1,
            7,
            255,
            256,
            0x1_0000,
            0xff_ff00,
            1 << 40,
            1 << 63,
            u64::MAX,
        ] {
            assert_eq!(int(&|h| h.write_u64(v)), bytes(&v.to_le_bytes()), "{v}");
            let w = v as u32;
            assert_eq!(int(&|h| h.write_u32(w)), bytes(&w.to_le_bytes()), "{w}");
            let w = v as u16;
            assert_eq!(int(&|h| h.write_u16(w)), bytes(&w.to_le_bytes()), "{w}");
            let w = v as i64 as isize;
            assert_eq!(
                int(&|h| h.write_isize(w)),
                bytes(&(w as i64).to_le_bytes()),
                "{w}"
            );
        }
    }

    #[test]
    fn word_hashes_are_pinned_and_tell_inputs_apart() {
        // Format 3 saves record these values: a change here breaks every such save.
        assert_eq!(word_hash(&(7u8, "squadsight")), 0x4de3_c4c9_271f_e80e);
        assert_eq!(word_hash(&1usize), word_hash(&1u64));
        let words = |bytes: &[u8]| {
            let mut h = WordHasher::default();
            h.write(bytes);
            h.finish()
        };
        // Trailing zero bytes, lengths past a word and single bits all change the hash.
        let inputs: [&[u8]; 6] = [b"", b"a", b"a\0", b"abcdefgh", b"abcdefgh\0", b"abcdefgi"];
        for (i, a) in inputs.iter().enumerate() {
            for b in &inputs[i + 1..] {
                assert_ne!(words(a), words(b), "{a:?} {b:?}");
            }
        }
    }
}
