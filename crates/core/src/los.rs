//! What a line-of-sight query answers, shared by the hex and square grids.
//!
//! Both grids trace a straight line between cell centres and look at everything it crosses.
//! A line that grazes a corner or runs exactly along a cell boundary is ambiguous, so each
//! grid traces two copies of it, shifted an infinitesimal fixed amount to either side
//! ([`Nudge::Plus`] and [`Nudge::Minus`]), and the sight is clear when either copy is clear
//! (ties favour the one looking, Skirmish sk.gap.33). Because the shift is the same fixed
//! vector whichever end the line starts from, the line from `a` to `b` is the very same set of
//! points as the line from `b` to `a`, which is what makes sight symmetric.
//!
//! ```
//! use squadsight_core::los::{Los, Nudge};
//! let seen: Los<u8> = Los::Clear;
//! assert!(seen.is_clear());
//! let hidden = Los::Blocked { by: 7u8 };
//! assert_eq!(hidden.blocker(), Some(7));
//! assert_eq!(Nudge::BOTH, [Nudge::Plus, Nudge::Minus]);
//! ```

use serde::{Deserialize, Serialize};
use std::fmt::Debug;
use std::ops::{Add, Mul, Shr};

/// The answer to "can `a` see `b`?".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Los<B> {
    /// Nothing in the way.
    Clear,
    /// Sight is blocked; `by` is the first blocker met walking from the viewer along the
    /// [`Nudge::Plus`] line (the grids document exactly what a blocker is).
    Blocked {
        /// What stops the sight.
        by: B,
    },
}

impl<B: Copy> Los<B> {
    /// True when nothing blocks.
    pub fn is_clear(&self) -> bool {
        matches!(self, Los::Clear)
    }

    /// The reported blocker, if sight is blocked.
    pub fn blocker(&self) -> Option<B> {
        match self {
            Los::Clear => None,
            Los::Blocked { by } => Some(*by),
        }
    }
}

/// Which of the two shifted copies of a sight line to trace.
///
/// Each grid shifts the whole segment by `+e` or `-e` for a fixed infinitesimal vector `e`
/// (documented by the grid). Only lines through a corner or along a boundary differ between
/// the two; for every other line both give the same cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Nudge {
    /// Shifted by `+e`.
    Plus,
    /// Shifted by `-e`.
    Minus,
}

impl Nudge {
    /// Both sides, in the order LOS tries them.
    pub const BOTH: [Nudge; 2] = [Nudge::Plus, Nudge::Minus];

    /// `+1` or `-1`, the sign applied to the grid's nudge vector.
    pub(crate) fn sign(self) -> i64 {
        match self {
            Nudge::Plus => 1,
            Nudge::Minus => -1,
        }
    }
}

/// Two-line sight test shared by both grids.
///
/// `first_blocker(nudge)` traces the line shifted to that side and returns the first blocker
/// met walking from the viewer, together with whether any step up to that point was decided
/// only by the nudge. Until such a step the `Plus` and `Minus` lines are identical, so a
/// blocker met before it blocks both and the second line need not be traced. Sight is clear
/// if either line is clear (sk.gap.33: an exact tie favours the attacker); the reported
/// blocker is the first one on the `Plus` line.
pub(crate) fn two_line_los<B>(mut first_blocker: impl FnMut(Nudge) -> (Option<B>, bool)) -> Los<B> {
    let (plus, split) = first_blocker(Nudge::Plus);
    let Some(by) = plus else {
        return Los::Clear;
    };
    if !split {
        return Los::Blocked { by };
    }
    match first_blocker(Nudge::Minus).0 {
        None => Los::Clear,
        Some(_) => Los::Blocked { by },
    }
}

/// The integer type of a line walker's scaled crossing times: `i64` for every line that fits
/// on a map, `i128` for lines between far-apart coordinates, so that no input can overflow.
pub(crate) trait Key:
    Copy + Ord + Debug + From<i64> + Add<Output = Self> + Mul<Output = Self> + Shr<u32, Output = Self>
{
    /// Marks a slot that never comes next.
    const NEVER: Self;
}

impl Key for i64 {
    const NEVER: i64 = i64::MAX;
}

impl Key for i128 {
    const NEVER: i128 = i128::MAX;
}

/// The index of the smallest of three distinct keys.
#[inline]
pub(crate) fn argmin3<K: Key>(k: &[K; 3]) -> usize {
    match (k[0] < k[1], k[0] < k[2], k[1] < k[2]) {
        (true, true, _) => 0,
        (false, _, true) => 1,
        _ => 2,
    }
}
