//! Attacks aimed at a square rather than a unit (tac.ranged.targets): thrown attacks and shots
//! at an unconscious unit's square.
//!
//! Our readings, as `docs/rules/tactical.md` says (tac.gap.2):
//! - The Grenade Launcher and the Celatid's acid spit are resolved with the throwing rules
//!   (tac.throw.as-throw): TAC plus the shot's own accuracy bonus and the throwing modifiers
//!   (range, night, kneeling, spotter or no line of sight), capped; a miss scatters like a
//!   failed throw (tac.miss.*).
//! - The launcher has no maximum range; the spit reaches STR ÷ 5 squares, the acid counting as
//!   weight 5 (tac.unit.celatid-spit). Both need the thrower's arc (tac.gap.52).
//! - The launcher fires the grenades loaded in it, next first; a launched grenade goes off
//!   where it comes down, at once (smoke, light or a blast, by its type). An Auto shot is a
//!   volley of three grenades, each rolled on its own (`auto_rounds`, tac.gap.9). Loading up
//!   to six grenades from the unit's kit is one loading action (tac.equip.grenade-launcher).
//! - The spit strikes whatever unit lies or stands where it comes down.
//! - An unconscious unit cannot be targeted as a unit: a direct-fire weapon may fire at its
//!   square instead, with the odds of a shot at the unit lying there
//!   (tac.ranged.unconscious-target).

use crate::action::Action;
use crate::catalog::{Payload, WeaponId};
use crate::combat::{Modifier, ToHit, range};
use crate::data::{Mode, WeaponClass};
use crate::engine::Tactical;
use crate::legal::{attack_tu, loaded, ranged_payload, turn_now, weapons_of};
use crate::map::Facing;
use crate::rolls::percentile;
use crate::state::{State, Status};
use crate::throw::{arc_clear, scatter_landing};
use squadsight_core::journal::mention;
use squadsight_core::square::Pos;
use squadsight_core::{EventKind, GameRng, Journal, Seat};

impl Tactical {
    /// How far unit `i` reaches with thrown weapon `w`: `Some(STR ÷ weight)` for a biological
    /// attack (the Celatid's spit, tac.unit.celatid-spit), `None` for a weapon-based one (no
    /// maximum range, tac.throw.as-throw).
    pub fn thrown_reach(&self, st: &State, i: usize, w: WeaponId) -> Option<i16> {
        let wp = self.catalog.weapon(w);
        if wp.class != WeaponClass::Internal {
            return None;
        }
        let str = st.units[i].stat(5);
        Some(str / i16::from(wp.weight.max(1)))
    }

    /// The to-hit target of a thrown attack by unit `i` with `w` in `mode` at `to`: the
    /// throwing target (TAC and its modifiers, tac.throw.resolve) plus the shot's bonus
    /// (tac.throw.as-throw, tac.gap.2), capped (tac.ranged.cap).
    pub fn thrown_to_hit(&self, st: &State, i: usize, w: WeaponId, mode: Mode, to: Pos) -> ToHit {
        let throw = self.throw_to_hit(st, i, to);
        let bonus = self
            .catalog
            .weapon(w)
            .shot(mode)
            .and_then(|s| s.accuracy)
            .unwrap_or(0);
        let mut mods = vec![Modifier {
            label: "shot",
            value: bonus,
            clause: "tac.throw.as-throw",
        }];
        mods.extend(throw.modifiers);
        ToHit::new(throw.base, mods, self.catalog.rules().modifiers.cap)
    }

    /// Appends unit `i`'s attacks on squares: thrown attacks at squares where enemies the seat
    /// sees lie or stand, shots at unconscious enemies' squares, and loading its launcher.
    pub(crate) fn square_attacks(&self, st: &State, seat: Seat, i: usize, out: &mut Vec<Action>) {
        let u = &st.units[i];
        let unit = i as u8;
        for w in weapons_of(self, u) {
            let wp = self.catalog.weapon(w);
            for shot in &wp.shots {
                if !matches!(shot.mode, Mode::Auto | Mode::Snap | Mode::Aimed) {
                    continue;
                }
                let Some(tu) = attack_tu(self, st, w, shot.mode) else {
                    continue;
                };
                if tu > u.tu {
                    continue;
                }
                if wp.thrown {
                    // tac.throw.incapable: TAC "-" throws nothing; an empty launcher fires
                    // nothing (tac.ranged.ammo).
                    if u.stat(4) <= 0
                        || (wp.class != WeaponClass::Internal && u.launcher.is_empty())
                    {
                        continue;
                    }
                    let reach = self.thrown_reach(st, i, w);
                    let start = out.len();
                    for (j, o) in st.units.iter().enumerate() {
                        if j == i
                            || o.status == Status::Dead
                            || st.allies(o.control, seat)
                            || !st.seat_sees(seat, j)
                        {
                            continue;
                        }
                        let at = o.square(&st.bf);
                        let action = Action::FireAt {
                            unit,
                            weapon: w,
                            mode: shot.mode,
                            at,
                        };
                        if reach.is_some_and(|r| range(u.pos, at) > r)
                            || out[start..].contains(&action)
                            || !arc_clear(&st.bf, &st.sight, u.pos, at)
                            || tu + self.turn_to(st, i, at) > u.tu
                        {
                            continue;
                        }
                        out.push(action);
                    }
                } else {
                    // tac.ranged.unconscious-target: direct fire at the square where an
                    // unconscious enemy lies, if the firer itself sees it (tac.ranged.los).
                    if u.stats[2].is_none_or(|a| a <= 0)
                        || !loaded(u, w)
                        || !ranged_payload(self, u, w)
                    {
                        continue;
                    }
                    for (j, o) in st.units.iter().enumerate() {
                        if o.status != Status::Unconscious
                            || st.allies(o.control, seat)
                            || !st.sees_knowing(seat, i, j)
                            || tu + self.turn_to(st, i, o.pos) > u.tu
                        {
                            continue;
                        }
                        out.push(Action::FireAt {
                            unit,
                            weapon: w,
                            mode: shot.mode,
                            at: o.square(&st.bf),
                        });
                    }
                }
            }
        }
        // tac.equip.grenade-launcher: loading up to six grenades is one loading action
        // (tac.move.special.load).
        if let Some(w) = u.weapon
            && self.is_launcher(w)
            && self.reloads(u)
            && !u.grenades.is_empty()
            && u.launcher.len() < self.launcher_size(w)
            && i16::from(self.catalog.rules().special.load) <= u.tu
        {
            out.push(Action::Reload { unit });
        }
    }

    /// Whether `w` fires the grenades loaded in it (the Grenade Launcher).
    pub(crate) fn is_launcher(&self, w: WeaponId) -> bool {
        let wp = self.catalog.weapon(w);
        wp.thrown && wp.ammo.iter().any(|a| a.payload == Payload::AsGrenade)
    }

    /// How many grenades a launcher holds (its printed rounds: 6).
    pub(crate) fn launcher_size(&self, w: WeaponId) -> usize {
        usize::from(self.catalog.weapon(w).rounds.unwrap_or(0))
    }

    /// Loads the launcher from the unit's grenades, up to its size (tac.equip.grenade-launcher).
    pub(crate) fn load_launcher(&self, st: &mut State, i: usize) -> usize {
        let Some(w) = st.units[i].weapon else {
            return 0;
        };
        let size = self.launcher_size(w);
        let u = &mut st.units[i];
        let n = size.saturating_sub(u.launcher.len()).min(u.grenades.len());
        let moved: Vec<_> = u.grenades.drain(..n).collect();
        u.launcher.extend(moved);
        u.rounds = Some(u16::try_from(u.launcher.len()).unwrap_or(u16::MAX));
        n
    }

    /// What turning to face `at` costs unit `i` now (tac.gap.43).
    fn turn_to(&self, st: &State, i: usize, at: Pos) -> i16 {
        let u = &st.units[i];
        crate::damage::octant(u.pos, at)
            .map_or(0, |f| turn_now(self, u, Facing::ALL[usize::from(f)]))
    }

    /// Resolves a [`Action::FireAt`]: the attacker turns to the square and pays the shot's
    /// TUs; then each round is thrown or fired.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn fire_at(
        &self,
        st: &mut State,
        i: usize,
        w: WeaponId,
        mode: Mode,
        at: Pos,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let wp = self.catalog.weapon(w);
        if !wp.thrown {
            // tac.ranged.unconscious-target: the shot at the square is resolved as a shot at
            // the body lying there.
            let lying = st
                .units
                .iter()
                .position(|o| o.status == Status::Unconscious && o.covers(&st.bf, at));
            if let Some(j) = lying {
                self.attack(st, i, w, mode, j, false, rng, journal);
            }
            return;
        }
        let turn = self.turn_to(st, i, at);
        if let Some(f) = crate::damage::octant(st.units[i].pos, at) {
            let u = &mut st.units[i];
            u.tu -= turn;
            u.facing = Facing::ALL[usize::from(f)];
            u.turn_from = None;
            st.resight(i);
        }
        let tu = attack_tu(self, st, w, mode).unwrap_or(0);
        st.units[i].tu -= tu;
        if st.units[i].fired.is_none() {
            st.units[i].fired = Some(w);
        }
        let shots = if mode == Mode::Auto {
            st.options.auto_rounds
        } else {
            1
        };
        let name = self.name(st, i);
        journal.note("tac.throw.as-throw", EventKind::Attack, || {
            format!(
                "{name} fires its {} at {},{},{} ({mode:?}, {tu} TU)",
                mention(&wp.name),
                at.x,
                at.y,
                at.z + 1
            )
        });
        let launcher = self.is_launcher(w);
        for _ in 0..shots {
            if launcher && st.units[i].launcher.is_empty() {
                break;
            }
            let hit = self.thrown_to_hit(st, i, w, mode, at);
            let inputs = hit.inputs();
            let rule = if launcher {
                "tac.equip.grenade-launcher"
            } else {
                "tac.unit.celatid-spit"
            };
            let r = percentile(
                rng,
                journal,
                rule,
                hit.target,
                |r| {
                    format!(
                        "{name} needs {} or less on d100 (throwing rules): rolls {}",
                        hit.target.max(0),
                        r.total
                    )
                },
                || inputs,
            );
            let from = st.units[i].pos;
            let lands = if r.success == Some(true) {
                at
            } else {
                let mof = i16::try_from(r.total).unwrap_or(100) - hit.target;
                let dev = self.deviate(from, at, mof, "the shot goes wide", rng, journal);
                scatter_landing(&st.bf, &st.sight, from, dev)
            };
            // The seats that see where it comes down read the landing (its words name no
            // firer: docs/rules/tactical.md, "The journal and fog of war").
            let prev = self.widen_square(st, journal, lands);
            if launcher {
                let g = st.units[i].launcher.remove(0);
                let u = &mut st.units[i];
                u.rounds = Some(u16::try_from(u.launcher.len()).unwrap_or(0));
                u.weight = u
                    .weight
                    .saturating_sub(u32::from(self.catalog.grenade(g).weight));
                let gname = mention(&self.catalog.grenade(g).name);
                journal.note("tac.equip.grenade-launcher", EventKind::Attack, || {
                    format!(
                        "the launched {gname} comes down at {},{},{} and goes off",
                        lands.x,
                        lands.y,
                        lands.z + 1
                    )
                });
                self.go_off(st, lands, g, rng, journal);
            } else {
                self.spit_lands(st, i, w, lands, rng, journal);
            }
            journal.set_audience(prev);
        }
    }

    /// The Celatid's acid comes down on `at`: whatever unit lies or stands there takes the
    /// spit's damage (tac.unit.celatid-spit).
    fn spit_lands(
        &self,
        st: &mut State,
        i: usize,
        w: WeaponId,
        at: Pos,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let Some(Payload::Damage(dmg)) = self.catalog.weapon(w).ammo.first().map(|a| a.payload)
        else {
            return;
        };
        let victim = st.standing_at(at).or_else(|| {
            st.units
                .iter()
                .position(|o| o.status == Status::Unconscious && o.covers(&st.bf, at))
        });
        match victim {
            Some(j) if j != i => {
                let who = self.name(st, j);
                journal.note("tac.unit.celatid-spit", EventKind::Attack, || {
                    format!("the {dmg} acid strikes {who}")
                });
                let from = st.units[i].pos;
                self.shot_lands(st, j, dmg, from, rng, journal);
            }
            _ => journal.note("tac.unit.celatid-spit", EventKind::Attack, || {
                format!(
                    "the acid splashes on {},{},{} and hits nobody",
                    at.x,
                    at.y,
                    at.z + 1
                )
            }),
        }
    }
}
