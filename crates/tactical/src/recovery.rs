//! Waking up under another unit (tac.dmg.wake-displace, tac.gap.56): a unit that comes round
//! on a square another unit now stands on moves, for free, to an empty square next to it;
//! with none, to the nearest empty square on its level, and then it loses its next turn. The
//! source lets the controller choose the square; squadsight takes the first free one
//! clockwise from the unit's facing, so waking never waits for a decision.

use crate::engine::Tactical;
use crate::map::Facing;
use crate::state::State;
use squadsight_core::square::Pos;
use squadsight_core::{EventKind, Journal};

impl Tactical {
    /// Whether unit `i` could stand with its north-west square on `p`.
    fn free_for(&self, st: &State, i: usize, p: Pos) -> bool {
        let u = &st.units[i];
        u.size.cells(p).all(|c| {
            st.bf.standable(c)
                && self.allowed_square(st, c)
                && !st
                    .units
                    .iter()
                    .enumerate()
                    .any(|(j, o)| j != i && o.active() && o.covers(&st.bf, c))
        })
    }

    /// Unit `i` has just come round: if another unit stands on it, it moves off
    /// (tac.dmg.wake-displace).
    pub(crate) fn wake_displace(&self, st: &mut State, i: usize, journal: &mut Journal) {
        let u = &st.units[i];
        let crowded = u.cells(&st.bf).into_iter().any(|c| {
            st.units
                .iter()
                .enumerate()
                .any(|(j, o)| j != i && o.active() && o.covers(&st.bf, c))
        });
        if !crowded {
            return;
        }
        let here = u.pos;
        let start = crate::engine::facing_index(u.facing);
        let next = (0..8u8)
            .map(|k| Facing::ALL[usize::from((start + k) % 8)].offset())
            .map(|(dx, dy)| Pos::new(here.x + dx, here.y + dy, here.z))
            .find(|p| self.free_for(st, i, *p));
        let name = self.name(st, i);
        let (to, lost) = match next {
            Some(p) => (p, false),
            None => {
                let mut best: Option<(i32, Pos)> = None;
                for p in st.bf.positions().filter(|p| p.z == here.z) {
                    let d = (p.x - here.x).pow(2) + (p.y - here.y).pow(2);
                    if best.is_none_or(|(b, _)| d < b) && self.free_for(st, i, p) {
                        best = Some((d, p));
                    }
                }
                match best {
                    Some((_, p)) => (p, true),
                    None => return,
                }
            }
        };
        let u = &mut st.units[i];
        u.pos = to;
        u.lose_turn = lost;
        journal.note("tac.dmg.wake-displace", EventKind::Move, || {
            format!(
                "{name} wakes under another unit and moves to {},{},{}{}",
                to.x,
                to.y,
                to.z + 1,
                if lost {
                    ": no free square next to it, so it loses its next turn (tac.gap.56)"
                } else {
                    " (tac.gap.56)"
                }
            )
        });
        st.resight_all();
    }

    /// At the start of a round, units that had to move far on waking lose that turn
    /// (tac.gap.56).
    pub(crate) fn lost_turns(&self, st: &mut State, journal: &mut Journal) {
        for i in 0..st.units.len() {
            if !st.units[i].lose_turn {
                continue;
            }
            let name = self.name(st, i);
            let u = &mut st.units[i];
            u.lose_turn = false;
            u.tu = 0;
            u.done = true;
            journal.note("tac.dmg.wake-displace", EventKind::Turn, || {
                format!("{name} loses this turn after waking (tac.gap.56)")
            });
        }
    }
}
