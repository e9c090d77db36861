//! Chrysalids and zombies (tac.zombie.*): the implant is a melee strike at -40 for 10 TU
//! (20 under the general melee cost, tac.gap.27) that does no damage; the victim becomes a
//! zombie at once, owned by the Chrysalid's seat and lost to its own (tac.zombie.convert,
//! tac.gap.34). A zombie keeps the victim's stats, damage and remaining TUs
//! (tac.zombie.stats, tac.zombie.tu) but never attacks. At the end of the second round after
//! the implant, or at once when it is killed, a fresh Chrysalid bursts out in its square
//! (tac.zombie.hatch).

use crate::action::Action;
use crate::catalog::WeaponId;
use crate::data::{Group, Mode};
use crate::engine::Tactical;
use crate::legal::adjacent;
use crate::squad::{UnitPickDef, price};
use crate::state::{State, Status, Unit};
use squadsight_core::{EventKind, Journal, Seat};

impl Tactical {
    /// Whether a unit can be implanted (tac.gap.34): a living unit that is not a Chrysalid
    /// or already a zombie; HWPs and the mechanical terror units (Sectopod, Cyberdisk) are
    /// not living.
    pub(crate) fn implantable(&self, u: &Unit) -> bool {
        let t = self.catalog.unit(u.kind);
        u.active()
            && u.zombie.is_none()
            && t.group != Group::Hwp
            && !matches!(t.name.as_str(), "Chrysalid" | "Sectopod" | "Cyberdisk")
    }

    /// Appends the implant strikes of unit `i` with weapon `w` (tac.zombie.implant): at an
    /// adjacent enemy its seat sees; the strike rolls on MAC (tac.stat.mac).
    pub(crate) fn implant_actions(
        &self,
        st: &State,
        seat: Seat,
        i: usize,
        w: WeaponId,
        out: &mut Vec<Action>,
    ) {
        let u = &st.units[i];
        for (j, o) in st.units.iter().enumerate() {
            if j != i
                && self.implantable(o)
                && !st.allies(o.control, seat)
                && adjacent(&st.bf, u, o)
                && st.seat_sees(seat, j)
            {
                out.push(Action::Attack {
                    unit: i as u8,
                    weapon: w,
                    mode: Mode::Implant,
                    target: j as u8,
                });
            }
        }
    }

    /// An implant that struck (tac.zombie.convert, tac.zombie.tu): the victim turns zombie
    /// on the Chrysalid's seat with the TUs it has left (tac.stat.tu).
    pub(crate) fn implant(&self, st: &mut State, i: usize, j: usize, journal: &mut Journal) {
        let seat = st.units[i].control;
        let round = st.round;
        let (chrysalid, victim) = (self.name(st, i), self.name(st, j));
        let u = &mut st.units[j];
        u.zombie = Some(round);
        u.seat = seat;
        u.control = seat;
        u.controlled = false;
        u.panic = None;
        u.panic_from = None;
        u.frozen = None;
        u.kneeling = false;
        let tu = u.tu;
        st.flights.retain(|f| usize::from(f.unit) != j);
        journal.note("tac.zombie.convert", EventKind::Effect, || {
            format!(
                "{chrysalid} impregnates {victim}: it is a zombie now, lost to its side and \
                 moved by the Chrysalid's"
            )
        });
        journal.note("tac.zombie.tu", EventKind::Effect, || {
            format!("the zombie keeps the {tu} TU its victim had left (tac.zombie.stats)")
        });
        st.resight_all();
        self.remember_sight(st);
    }

    /// A fresh Chrysalid bursts from zombie `j` (tac.zombie.hatch): base stats, full health
    /// (tac.stat.hth), its own susceptibility row (tac.stat.susc), no boosts, in the
    /// zombie's square, for the zombie's seat. What the victim carried is left on the floor.
    /// A Chrysalid born in the middle of a round waits for the next.
    pub(crate) fn hatch(&self, st: &mut State, j: usize, journal: &mut Journal) {
        let Some(kind) = self.catalog.unit_id("Chrysalid") else {
            return;
        };
        let pick = UnitPickDef {
            unit: "Chrysalid".into(),
            ..UnitPickDef::default()
        };
        let Ok(loadout) = price(self.catalog, &pick, 0) else {
            return;
        };
        // Read by the zombie's witnesses only (docs/rules/tactical.md, "The journal and fog
        // of war"): a seat that cannot see it learns nothing of the hatching.
        let prev = self.widen(st, journal, j);
        self.drop_all(st, j, journal);
        let old = st.units[j].clone();
        let mut fresh = self.unit(&loadout, old.seat, old.pos, old.facing);
        fresh.kind = kind;
        fresh.tu = 0;
        fresh.done = true;
        // Who cannot see it knows it still as the unit it was (crate::state::Origin).
        fresh.origin = old.origin.clone();
        st.units[j] = fresh;
        let name = self.name(st, j);
        journal.note("tac.zombie.hatch", EventKind::Effect, || {
            format!(
                "a new Chrysalid bursts from the zombie at {},{},{}: {name}",
                old.pos.x,
                old.pos.y,
                old.pos.z + 1
            )
        });
        st.resight_all();
        self.remember_sight(st);
        journal.set_audience(prev);
    }

    /// At the end of each round, zombies implanted two rounds before hatch (tac.gap.34).
    pub(crate) fn hatch_due(&self, st: &mut State, journal: &mut Journal) {
        for j in 0..st.units.len() {
            let u = &st.units[j];
            if u.status != Status::Dead && u.zombie.is_some_and(|r| st.round >= r + 2) {
                self.hatch(st, j, journal);
            }
        }
    }

    /// What follows a unit's destruction: it drops what it carried (tac.dmg.drop-on-death);
    /// a killed zombie hatches at once (tac.zombie.hatch).
    pub(crate) fn fallen(&self, st: &mut State, j: usize, journal: &mut Journal) {
        if st.units[j].zombie.is_some() {
            self.hatch(st, j, journal);
        } else {
            self.drop_all(st, j, journal);
        }
    }
}
