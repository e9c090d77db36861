//! Targeted weapons (tac.ranged.targeted): the Blaster Launcher's bomb and the Hovertank
//! Fusion's ball fly a path of waypoints, rolling once per waypoint.
//!
//! Our readings, as `docs/rules/tactical.md` says (tac.gap.47):
//! - A shot straight at a unit the firer sees is a path of one waypoint (an ordinary
//!   [`Action::Attack`], with no range penalty). A [`Action::Guided`] path has two: a square
//!   where a unit of the firer's team stands, then the target, a unit the seat sees; each leg
//!   needs a clear line.
//! - Each waypoint rolls ACC plus the shot's bonus, kneeling and night as for any shot, and the
//!   waypoint modifier: +0 for the first, -5 for the second (tac.ranged.mod.waypoint); never a
//!   range penalty.
//! - A failed roll is a missed shot fired from the last waypoint reached towards the next one
//!   (tac.ranged.targeted-fail, tac.miss.targeted), scattered as every missed shot is.

use crate::action::Action;
use crate::catalog::{Payload, WeaponId};
use crate::combat::{Modifier, ToHit};
use crate::data::Mode;
use crate::engine::Tactical;
use crate::legal::{attack_tu, loaded, ranged_payload, turn_now, weapons_of};
use crate::map::{Body, Facing};
use crate::rolls::percentile;
use crate::state::State;
use squadsight_core::journal::mention;
use squadsight_core::square::Pos;
use squadsight_core::{EventKind, GameRng, Journal, Seat};

impl Tactical {
    /// The to-hit target of waypoint number `n` (from 1) of a targeted shot by unit `i` with
    /// `w`, the path ending at unit `j` (tac.ranged.targeted, tac.ranged.mod.waypoint).
    pub fn waypoint_to_hit(&self, st: &State, i: usize, w: WeaponId, n: u8, j: usize) -> ToHit {
        let (u, o) = (&st.units[i], &st.units[j]);
        let r = self.catalog.rules();
        let m = r.modifiers;
        let base = (u.stat(2) - r.arm_penalty * i16::from(u.arms)).max(0);
        let shot = self
            .catalog
            .weapon(w)
            .shot(Mode::Aimed)
            .and_then(|s| s.accuracy)
            .unwrap_or(0);
        let mut mods = vec![
            Modifier {
                label: "shot",
                value: shot,
                clause: "tac.ranged.mod.weapon",
            },
            Modifier {
                label: "waypoint",
                value: m.waypoint * i16::from(n.saturating_sub(1)),
                clause: "tac.ranged.mod.waypoint",
            },
        ];
        let lit = o
            .cells(&st.bf)
            .into_iter()
            .any(|c| st.lit.binary_search(&c).is_ok());
        self.firer_mods(st, u, lit, &mut mods);
        ToHit::new(("ACC", base), mods, m.cap)
    }

    /// Whether a guided shot can fly straight from `a` to `b`.
    fn leg_clear(&self, st: &State, a: Pos, b: Pos) -> bool {
        st.bf
            .line_of_sight(Body::at(a), Body::at(b), &st.sight, |_| false)
            .clear
    }

    /// Appends unit `i`'s two-waypoint paths with each targeted weapon it can fire.
    pub(crate) fn guided_actions(&self, st: &State, seat: Seat, i: usize, out: &mut Vec<Action>) {
        let u = &st.units[i];
        for w in weapons_of(self, u) {
            if !self.catalog.weapon(w).guided
                || u.stats[2].is_none_or(|a| a <= 0)
                || !loaded(u, w)
                || !ranged_payload(self, u, w)
            {
                continue;
            }
            let Some(tu) = attack_tu(self, st, w, Mode::Aimed) else {
                continue;
            };
            for (k, f) in st.units.iter().enumerate() {
                if k == i || !f.active() || !st.allies(f.control, seat) {
                    continue;
                }
                let via = f.pos;
                let face = crate::damage::octant(u.pos, via)
                    .map_or(0, |d| turn_now(self, u, Facing::ALL[usize::from(d)]));
                if tu + face > u.tu || !self.leg_clear(st, u.pos, via) {
                    continue;
                }
                for (j, o) in st.units.iter().enumerate() {
                    if j == i
                        || !o.active()
                        || st.allies(o.control, seat)
                        || !st.seat_sees(seat, j)
                        || !self.leg_clear(st, via, o.square(&st.bf))
                    {
                        continue;
                    }
                    out.push(Action::Guided {
                        unit: i as u8,
                        weapon: w,
                        via,
                        target: j as u8,
                    });
                }
            }
        }
    }

    /// Fires a targeted weapon along `via` to unit `j` (tac.ranged.targeted): it turns to its
    /// first waypoint and pays the shot's TUs, then rolls for each waypoint in turn; a failed
    /// roll flies on as a missed shot from the last waypoint reached
    /// (tac.ranged.targeted-fail, tac.miss.targeted).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn guided(
        &self,
        st: &mut State,
        i: usize,
        w: WeaponId,
        via: Pos,
        j: usize,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        if let Some(d) = crate::damage::octant(st.units[i].pos, via) {
            let f = Facing::ALL[usize::from(d)];
            let turn = turn_now(self, &st.units[i], f);
            let u = &mut st.units[i];
            u.tu -= turn;
            u.facing = f;
            u.turn_from = None;
            st.resight(i);
        }
        let tu = attack_tu(self, st, w, Mode::Aimed).unwrap_or(0);
        st.units[i].tu -= tu;
        if st.units[i].fired.is_none() {
            st.units[i].fired = Some(w);
        }
        let wp = self.catalog.weapon(w);
        let ammo = if st.units[i].weapon == Some(w) {
            usize::from(st.units[i].ammo)
        } else {
            0
        };
        let Some(Payload::Damage(dmg)) = wp.ammo.get(ammo).map(|a| a.payload) else {
            return;
        };
        if st.units[i].weapon == Some(w)
            && let Some(n) = st.units[i].rounds
        {
            st.units[i].rounds = Some(n.saturating_sub(1));
        }
        let (name, target) = (self.name(st, i), self.name(st, j));
        journal.note("tac.ranged.targeted", EventKind::Attack, || {
            format!(
                "{name} fires its {} at {target} by way of {},{},{} ({tu} TU)",
                mention(&wp.name),
                via.x,
                via.y,
                via.z + 1
            )
        });
        let from = st.units[i].pos;
        let path = [via, st.units[j].square(&st.bf)];
        let mut last = from;
        for (n, &next) in path.iter().enumerate() {
            let hit = self.waypoint_to_hit(st, i, w, n as u8 + 1, j);
            let inputs = hit.inputs();
            let r = percentile(
                rng,
                journal,
                "tac.ranged.targeted",
                hit.target,
                |r| {
                    format!(
                        "waypoint {} at {},{},{}: needs {} or less on d100, rolls {}",
                        n + 1,
                        next.x,
                        next.y,
                        next.z + 1,
                        hit.target.max(0),
                        r.total
                    )
                },
                || inputs,
            );
            if r.success != Some(true) {
                journal.note("tac.miss.targeted", EventKind::Attack, || {
                    format!(
                        "the missile goes astray between {},{},{} and {},{},{} \
                         (tac.ranged.targeted-fail)",
                        last.x,
                        last.y,
                        last.z + 1,
                        next.x,
                        next.y,
                        next.z + 1
                    )
                });
                let mof = i16::try_from(r.total).unwrap_or(100) - hit.target;
                self.missed_shot(st, last, next, [i, j], mof, dmg, rng, journal);
                return;
            }
            last = next;
        }
        self.shot_lands(st, j, dmg, from, rng, journal);
    }
}
