//! Fog of war in the journal: what a unit does is written for the seats that may know it. A
//! seat reads about a unit of its own team (or one it controls) and about a unit one of its
//! team's units sees; every other seat's log leaves the event out, so `log --seat N` tells a
//! seat no more than its observation does (tac.los.required).
//!
//! Combat is scoped the same way (docs/rules/tactical.md, "The journal and fog of war"): an
//! attack and everything that follows from it is read in full by the seats that witness the
//! attacker or the target ([`Tactical::attack_scope`]); a unit hurt on the way widens that to
//! its own witnesses ([`Tactical::widen`]); a seat that sees only where a round or grenade
//! lands reads that landing, in words that name no firer ([`Tactical::widen_square`]); an
//! explosion is heard by all ([`heard`]).

use crate::engine::Tactical;
use crate::map::Body;
use crate::state::State;
use squadsight_core::square::Pos;
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

    /// The seats one of whose own or allied units sees square `p` (or stands on it):
    /// a unit's field of view, range and line of sight, as for a unit there
    /// (tac.los.required).
    pub(crate) fn square_seers(&self, st: &State, p: Pos) -> SeatSet {
        let mut who = SeatSet::NONE;
        for u in st.units.iter().filter(|u| u.active()) {
            let sees = u.covers(&st.bf, p)
                || st
                    .bf
                    .sees(u.body(), u.facing, Body::at(p), &st.sight, |_| false)
                    .clear;
            if sees {
                for s in 0..st.seats.len() {
                    let seat = Seat(u8::try_from(s).unwrap_or(u8::MAX));
                    if st.allies(u.control, seat) {
                        who = who.with(seat);
                    }
                }
            }
        }
        who
    }

    /// Opens the journal scope of an attack by unit `i` (on unit `j`, if it has one): what
    /// follows is read in full by the seats that witness either, besides the referee. Returns
    /// the scope to restore when the attack is over (`journal.set_audience(prev)`).
    pub(crate) fn attack_scope(
        &self,
        st: &State,
        journal: &mut Journal,
        i: usize,
        j: Option<usize>,
    ) -> Option<SeatSet> {
        if !journal.enabled() {
            return journal.audience();
        }
        let mut who = self.witnesses(st, i);
        if let Some(j) = j {
            who = union(who, self.witnesses(st, j));
        }
        widen(journal, who)
    }

    /// Widens the current scope by the witnesses of unit `j` (a unit hurt by an attack or
    /// caught in a blast: its own side always learns it). Returns the scope to restore.
    pub(crate) fn widen(&self, st: &State, journal: &mut Journal, j: usize) -> Option<SeatSet> {
        if !journal.enabled() {
            return journal.audience();
        }
        let who = self.witnesses(st, j);
        widen(journal, who)
    }

    /// Widens the current scope by the seats that see square `p` (the heart of a blast).
    pub(crate) fn widen_square(
        &self,
        st: &State,
        journal: &mut Journal,
        p: Pos,
    ) -> Option<SeatSet> {
        if !journal.enabled() {
            return journal.audience();
        }
        let who = self.square_seers(st, p);
        widen(journal, who)
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

/// Sets the journal's scope to the current one plus `who` (just `who` outside any scope);
/// returns the scope it replaced.
fn widen(journal: &mut Journal, who: SeatSet) -> Option<SeatSet> {
    let prev = journal.audience();
    let next = prev.map_or(who, |p| union(p, who));
    journal.set_audience(Some(next))
}

/// A note every seat reads whatever the current scope: a sound the whole table hears.
pub(crate) fn heard(journal: &mut Journal, rule: &'static str, text: impl FnOnce() -> String) {
    let prev = journal.set_audience(None);
    journal.note(rule, EventKind::Effect, text);
    journal.set_audience(prev);
}

/// The seats in either set.
pub(crate) fn union(a: SeatSet, b: SeatSet) -> SeatSet {
    b.iter().fold(a, SeatSet::with)
}

/// The seats in `a` but not in `b`.
pub(crate) fn minus(a: SeatSet, b: SeatSet) -> SeatSet {
    a.iter()
        .filter(|s| !b.contains(*s))
        .fold(SeatSet::NONE, SeatSet::with)
}
