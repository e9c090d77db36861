//! The optional Panic rules: three triggers, one roll per unit per turn, and the four bad
//! results (sk.panic.optional).

use crate::Skirmish;
use crate::data::PanicResultDef;
use crate::state::{Life, PanicEffect, State, Unit, UnitId};
use crate::view::View;
use squadsight_core::dice::{Dice, Target, roll};
use squadsight_core::journal::EventKind;
use squadsight_core::journal::mention;
use squadsight_core::{GameRng, Input, Journal};

impl Skirmish {
    /// Whether a unit can panic at all (sk.panic.human-only, sk.gap.74).
    fn may_panic(&self, st: &State, u: &Unit) -> bool {
        st.options.panic.on() && u.on_map() && self.info(u).human
    }

    /// An attack was declared against `id`: more attacks this turn than its Hits triggers a
    /// roll (sk.panic.trigger-attacks, sk.gap.75).
    pub(crate) fn note_attacked(&self, st: &mut State, id: UnitId) {
        let panic = st.unit(id).is_some_and(|u| self.may_panic(st, u));
        if let Some(u) = st.unit_mut(id) {
            u.attacked = u.attacked.saturating_add(1);
            if panic && u.attacked > u.hits {
                u.panic_due = true;
            }
        }
    }

    /// A unit died: Human friends with sight of it roll (sk.panic.trigger-friend-killed).
    pub(crate) fn note_friend_killed(&self, st: &mut State, victim: &Unit) {
        if !st.options.panic.on() {
            return;
        }
        let side = victim.controller;
        let v = View::new(self, st, side);
        let mut due = [false; crate::state::MAX_UNITS];
        for (i, w) in st.units.iter().enumerate() {
            if w.controller == side
                && w.pos != victim.pos
                && self.may_panic(st, w)
                && v.sight_from(w.pos, v.elevation(w), victim.pos, true)
            {
                due[i] = true;
            }
        }
        for (u, d) in st.units.iter_mut().zip(due) {
            u.panic_due |= d;
        }
    }

    /// New alien types in sight of Human units (sk.panic.trigger-new-alien, sk.gap.76):
    /// each Human unit remembers the types it has seen; Hidden aliens are not seen.
    pub(crate) fn check_sightings(&self, st: &mut State, rng: &mut GameRng, j: &mut Journal) {
        self.note_sightings(st);
        self.roll_due_panics(st, rng, j);
    }

    /// Marks the Human units that now see an alien type new to them (sk.gap.76) without
    /// rolling yet: an alien revealed in the middle of an attack, by its own reveal roll or by
    /// a Detection roll, is noticed at once and rolled for when the attack is over
    /// (sk.panic.trigger-new-alien, sk.gap.32 step 8).
    pub(crate) fn note_sightings(&self, st: &mut State) {
        if !st.options.panic.on() {
            return;
        }
        let mut updates = [0u64; crate::state::MAX_UNITS];
        for side in 0..2u8 {
            let v = View::new(self, st, side);
            for (i, w) in st.units.iter().enumerate() {
                if w.controller != side || !self.may_panic(st, w) {
                    continue;
                }
                let mut seen = w.seen_types;
                for a in st.units.iter() {
                    let bit = 1u64 << (a.kind.0 & 63);
                    if a.on_map()
                        && !a.hidden
                        && self.info(a).alien
                        && seen & bit == 0
                        && v.sight_from(w.pos, v.elevation(w), a.pos, true)
                    {
                        seen |= bit;
                    }
                }
                updates[i] = seen;
            }
        }
        for (u, seen) in st.units.iter_mut().zip(updates) {
            if seen & !u.seen_types != 0 {
                u.seen_types |= seen;
                u.panic_due = true;
            }
        }
    }

    /// Rolls on the Panic Table for every unit with a trigger waiting, at most once per unit
    /// per turn (sk.gap.77).
    pub(crate) fn roll_due_panics(&self, st: &mut State, rng: &mut GameRng, j: &mut Journal) {
        if !st.options.panic.on() {
            for u in &mut st.units {
                u.panic_due = false;
            }
            return;
        }
        for i in 0..st.units.len() {
            let u = st.units[i];
            if !u.panic_due {
                continue;
            }
            st.units[i].panic_due = false;
            if !self.may_panic(st, &u) || u.panic_turn == st.turn {
                continue;
            }
            st.units[i].panic_turn = st.turn;
            self.panic_roll(st, UnitId(i as u8), rng, j);
        }
    }

    /// One roll on the Panic Table (sk.panic.table) with the rank modifier
    /// (sk.panic.modifiers); the journaled target is keeping cool.
    fn panic_roll(&self, st: &mut State, id: UnitId, rng: &mut GameRng, j: &mut Journal) {
        let Some(u) = st.unit(id).copied() else {
            return;
        };
        let m = self.catalog.panic_modifier(self.info(&u).rank);
        let need = (5 - i32::from(m)).clamp(1, 7) as u32;
        let r = roll(rng, Dice::D6, Some(Target::AtLeast(need)));
        let modified = (r.total as i32 + i32::from(m)).clamp(-10, 20) as i8;
        let row = self.catalog.panic_result(modified);
        let result = row.result;
        let inputs = || {
            let rank = match self.info(&u).rank {
                Some(r) => format!("{r:?}"),
                None => "no rank".to_string(),
            };
            vec![
                Input::new(
                    "unit",
                    self.unit_value(st, id),
                    "Human units panic (sk.panic.human-only, sk.gap.74)",
                ),
                Input::new(
                    "rank modifier",
                    format!("{m:+} ({rank})"),
                    "sk.panic.modifiers",
                ),
                Input::new(
                    "result",
                    format!("{} {m:+} = {modified}: {}", r.total, mention(&row.name)),
                    "sk.panic.table",
                ),
                Input::new(
                    "journaled target",
                    format!("{need} or more on the die keeps cool"),
                    "sk.panic.table",
                ),
                Input::new(
                    "one roll per turn",
                    format!("turn {}", st.turn),
                    "sk.gap.77",
                ),
            ]
        };
        j.roll_with(
            "sk.panic.table",
            &r,
            || {
                let sign = if m > 0 { "+" } else { "" };
                format!(
                    "{} rolls for Panic: {}{} = {}: {}",
                    self.unit_mention(st, id),
                    r.total,
                    if m == 0 {
                        String::new()
                    } else {
                        format!(" {sign}{m}")
                    },
                    modified,
                    mention(&row.name)
                )
            },
            inputs,
        );
        if m != 0 {
            j.note("sk.panic.modifiers", EventKind::Roll, || {
                format!("rank modifier {m:+}")
            });
        }
        let next = st.next_turn_of(u.owner);
        let effect = match result {
            PanicResultDef::Rout => {
                // sk.panic.rout, sk.gap.79: it leaves the map; not killed, so no Zombie, no
                // revival and no Panic for friends.
                if let Some(v) = st.unit_mut(id) {
                    v.life = Life::Routed;
                }
                j.note("sk.panic.rout", EventKind::Effect, || {
                    format!("{} runs off the map", self.unit_mention(st, id))
                });
                None
            }
            // sk.panic.cower, sk.gap.78: immobilised for its side's next turn.
            PanicResultDef::Cower => Some((PanicEffect::Cower, "sk.panic.cower", "cowers")),
            // sk.panic.pinned, sk.gap.80: may only defend on its next turn.
            PanicResultDef::Pinned => {
                Some((PanicEffect::Pinned, "sk.panic.pinned", "is pinned down"))
            }
            // sk.panic.berserk, sk.gap.80: must close in on the nearest foe next turn.
            PanicResultDef::Berserk => {
                Some((PanicEffect::Berserk, "sk.panic.berserk", "goes berserk"))
            }
            PanicResultDef::KeepCool => None,
        };
        if let Some((e, rule, words)) = effect {
            if let Some(v) = st.unit_mut(id) {
                v.panic_effect = Some((e, next));
            }
            j.note(rule, EventKind::Effect, || {
                format!("{} {words} on turn {next}", self.unit_mention(st, id))
            });
        }
    }
}
