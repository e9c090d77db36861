//! Fog of war in the journal: what a unit does is written for the seats that may know it. A
//! seat reads about a unit of its own team (or one it controls) and about a unit one of its
//! team's units sees; every other seat's log leaves the event out, so `log --seat N` tells a
//! seat no more than its observation does (tac.los.required).

use crate::engine::Tactical;
use crate::state::State;
use squadsight_core::{EventKind, Journal, Seat, SeatSet};

impl Tactical {
    /// The seats that may read about unit `i` now.
    pub(crate) fn witnesses(&self, st: &State, i: usize) -> SeatSet {
        let Some(u) = st.units.get(i) else {
            return SeatSet::NONE;
        };
        let mut who = SeatSet::NONE;
        for s in 0..st.seats.len() {
            let seat = Seat(u8::try_from(s).unwrap_or(u8::MAX));
            if st.allies(u.seat, seat) || st.allies(u.control, seat) || st.seat_sees(seat, i) {
                who = who.with(seat);
            }
        }
        who
    }

    /// A note about unit `i` for the seats in `who` only (see [`Tactical::witnesses`]).
    pub(crate) fn note_seen(
        &self,
        journal: &mut Journal,
        rule: &'static str,
        kind: EventKind,
        who: SeatSet,
        text: impl FnOnce() -> String,
    ) {
        journal.private(rule, kind, who, text, || None);
    }
}

/// The seats in either set.
pub(crate) fn union(a: SeatSet, b: SeatSet) -> SeatSet {
    b.iter().fold(a, SeatSet::with)
}
