//! Exact probabilities as reduced fractions: rules never use floating point.

use serde::{Serialize, Serializer};
use std::fmt;

/// A probability `num / den` in lowest terms, with `0 <= num <= den` and `den > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    num: u64,
    den: u64,
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ratio {
    /// Certain failure.
    pub const ZERO: Ratio = Ratio { num: 0, den: 1 };
    /// Certain success.
    pub const ONE: Ratio = Ratio { num: 1, den: 1 };

    /// `num / den` reduced; `den == 0` is treated as zero probability and `num > den` is clamped to 1.
    pub fn new(num: u64, den: u64) -> Ratio {
        if den == 0 || num == 0 {
            return Ratio::ZERO;
        }
        let num = num.min(den);
        let g = gcd(num, den);
        Ratio {
            num: num / g,
            den: den / g,
        }
    }

    /// A ratio already in lowest terms (for constant tables); the caller guarantees it.
    pub(crate) const fn reduced(num: u64, den: u64) -> Ratio {
        Ratio { num, den }
    }

    /// Numerator in lowest terms.
    pub fn num(self) -> u64 {
        self.num
    }

    /// Denominator in lowest terms.
    pub fn den(self) -> u64 {
        self.den
    }

    /// The complementary probability `1 - self`.
    pub fn complement(self) -> Ratio {
        Ratio::new(self.den - self.num, self.den)
    }

    /// The probability of both of two independent events. Saturates to a coarser
    /// fraction rather than overflowing.
    pub fn and(self, other: Ratio) -> Ratio {
        let num = u128::from(self.num) * u128::from(other.num);
        let den = u128::from(self.den) * u128::from(other.den);
        Ratio::from_u128(num, den)
    }

    fn from_u128(mut num: u128, mut den: u128) -> Ratio {
        let g = {
            let (mut a, mut b) = (num, den);
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a.max(1)
        };
        num /= g;
        den /= g;
        while den > u128::from(u64::MAX) {
            num >>= 1;
            den >>= 1;
        }
        Ratio::new(num as u64, den as u64)
    }

    /// Percentage in tenths of a percent, rounded half up (e.g. 7/12 → 583 for 58.3%).
    pub fn per_mille(self) -> u64 {
        let scaled = u128::from(self.num) * 2000 / u128::from(self.den);
        scaled.div_ceil(2) as u64
    }

    /// A float for presentation only (JSON output, bars); never for rules arithmetic.
    pub fn to_display_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl fmt::Display for Ratio {
    /// Shown as a percentage with one decimal and the exact fraction, e.g. `58.3% (7/12)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pm = self.per_mille();
        write!(f, "{}.{}% ({}/{})", pm / 10, pm % 10, self.num, self.den)
    }
}

impl Serialize for Ratio {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{}/{}", self.num, self.den))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reduces_and_formats() {
        let r = Ratio::new(21, 36);
        assert_eq!((r.num(), r.den()), (7, 12));
        assert_eq!(r.to_string(), "58.3% (7/12)");
        assert_eq!(Ratio::new(1, 2).complement(), Ratio::new(1, 2));
        assert_eq!(Ratio::new(1, 2).and(Ratio::new(1, 3)), Ratio::new(1, 6));
        assert_eq!(Ratio::new(5, 0), Ratio::ZERO);
    }
}
