//! Celatid cloning (tac.unit.celatid-clone).
//!
//! Our reading (tac.gap.37): a game turn is a round (tac.gap.14). At the start of every
//! fourth round after a Celatid came into play (it came in round 1: rounds 5, 9, 13, …), while
//! it is up and fighting, a new Celatid (printed stats, no boosts, nothing carried) joins its
//! seat on the first free square around it, in step order, and acts in that round. The
//! "may" of the sheet is always taken; a Celatid with no free square around it, or a game at
//! its unit limit, clones nothing that round.

use crate::engine::Tactical;
use crate::map::{Locomotion, Size, Vision};
use crate::squad::{UnitPickDef, price};
use crate::state::{MAX_UNITS, State, Unit};
use squadsight_core::{EventKind, Journal};

/// Rounds a Celatid must survive for each clone (tac.unit.celatid-clone).
const CLONE_ROUNDS: u32 = 4;

impl Tactical {
    /// At the start of a round: every Celatid that has survived another four rounds brings a
    /// new one into play (tac.unit.celatid-clone).
    pub(crate) fn celatid_clones(&self, st: &mut State, journal: &mut Journal) {
        let Some(kind) = self.catalog.unit_id("Celatid") else {
            return;
        };
        let pick = UnitPickDef {
            unit: "Celatid".into(),
            ..UnitPickDef::default()
        };
        let Ok(loadout) = price(self.catalog, &pick, 0) else {
            return;
        };
        let parents: Vec<usize> = (0..st.units.len())
            .filter(|&i| {
                let u = &st.units[i];
                let age = st.round.saturating_sub(u.born);
                u.kind == kind
                    && u.active()
                    && u.zombie.is_none()
                    && age > 0
                    && age % CLONE_ROUNDS == 0
            })
            .collect();
        let mut added = false;
        for i in parents {
            if st.units.len() >= MAX_UNITS {
                break;
            }
            let parent = &st.units[i];
            let free = st
                .bf
                .steps(parent.pos, Size::One, Locomotion::Fly)
                .into_iter()
                .map(|(to, _)| to)
                .find(|&to| {
                    !st.units
                        .iter()
                        .any(|o| o.status != crate::state::Status::Dead && o.covers(&st.bf, to))
                });
            let Some(at) = free else {
                continue;
            };
            let mut fresh: Unit = self.unit(&loadout, parent.seat, at, parent.facing);
            fresh.control = parent.control;
            fresh.born = st.round;
            fresh.origin = std::sync::Arc::new(crate::state::Origin::of(&fresh));
            st.units.push(fresh);
            added = true;
            let (mother, child) = (self.name(st, i), self.name(st, st.units.len() - 1));
            journal.note("tac.unit.celatid-clone", EventKind::Effect, || {
                format!(
                    "{mother} has survived another {CLONE_ROUNDS} rounds: {child} joins at {},{},{}",
                    at.x,
                    at.y,
                    at.z + 1
                )
            });
        }
        if added {
            st.lookers = st.units.iter().map(Unit::looker).collect();
            st.vision = Vision::new(&st.bf, &st.lookers, &st.sight);
            self.remember_sight(st);
        }
    }
}
