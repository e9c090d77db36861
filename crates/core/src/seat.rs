//! Seats: who sits at the table, and sets of seats for visibility and outcomes.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One place at the table (0-based). Rulesets support up to [`SeatSet::MAX`] seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index as a `usize`, for indexing per-seat vectors.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Seat {
    /// Seats are shown 1-based to players ("seat 1", "seat 2").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", u16::from(self.0) + 1)
    }
}

/// A set of seats as a bit mask (seat 0 is bit 0).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct SeatSet(pub u16);

impl SeatSet {
    /// The largest number of seats any ruleset may use.
    pub const MAX: u8 = 10;
    /// No seat.
    pub const NONE: SeatSet = SeatSet(0);

    /// A set holding exactly one seat.
    pub fn only(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// Every seat from 0 to `count - 1`.
    pub fn all(count: u8) -> SeatSet {
        SeatSet(((1u32 << count.min(16)) - 1) as u16)
    }

    /// Whether `seat` is in the set.
    pub fn contains(self, seat: Seat) -> bool {
        seat.0 < 16 && self.0 & (1 << seat.0) != 0
    }

    /// The set with `seat` added.
    pub fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | (1 << seat.0))
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0u8..16).filter(move |i| self.0 & (1 << i) != 0).map(Seat)
    }
}
