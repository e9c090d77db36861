//! The legal actions of a seat, in a fixed order, and the TU prices they are checked against.
//! A list depends only on what the seat can see: units it cannot see neither block a step,
//! nor can be targeted, nor count as obstruction on a line of fire (`tac.gap.7`: a shot is
//! listed by what the seat knows and resolved against every unit, combat.rs).

use crate::action::Action;
use crate::catalog::{Payload, WeaponId};
use crate::data::{Mode, WeaponClass};
use crate::engine::{Tactical, facing_index};
use crate::map::{Battlefield, Climb, Facing, Locomotion, StepKind};
use crate::options::MeleeCost;
use crate::state::{MAX_UNITS, State, Status, Unit};
use squadsight_core::Seat;
use squadsight_core::square::Pos;

/// TU to turn from one facing to another (tac.move.turn-45, tac.move.turn-90,
/// tac.move.turn-180; 135° costs as 180°, tac.gap.43).
pub(crate) fn turn_cost(t: &Tactical, from: Facing, to: Facing) -> i16 {
    let m = t.catalog.rules().movement;
    let d = (i16::from(facing_index(to)) - i16::from(facing_index(from))).rem_euclid(8);
    let steps = d.min(8 - d);
    i16::from(match steps {
        0 => 0,
        1 => m.turn_45,
        2 => m.turn_90,
        _ => m.turn_180,
    })
}

/// What turning to `to` costs now: a run of turns with no step between is priced as one
/// turn from where the run began, and only the first turn of a run can be free, so two 45°
/// turns never make a free 90° and turning to and fro always costs (tac.move.turn-45,
/// tac.gap.43).
pub(crate) fn turn_now(t: &Tactical, u: &Unit, to: Facing) -> i16 {
    if to == u.facing {
        return 0;
    }
    let from = u.turn_from.unwrap_or(u.facing);
    let extra = (turn_cost(t, from, to) - turn_cost(t, from, u.facing)).max(0);
    if u.turn_from.is_some() {
        extra.max(1)
    } else {
        extra
    }
}

/// The movement multiplier: x2 per leg hit (tac.crit.leg, tac.crit.cumulative) and x2 when
/// encumbered (tac.move.encumbrance; stacked by multiplication, tac.gap.45).
pub(crate) fn move_factor(u: &Unit) -> i16 {
    let encumbered = i64::from(u.weight) > i64::from(u.stat(5));
    let doublings = u32::from(u.legs) + u32::from(encumbered);
    1i16 << doublings.min(6)
}

/// TU of a step of `kind` (tac.move.walk-straight … tac.move.hover-vertical), before the
/// multiplier.
pub(crate) fn step_base(t: &Tactical, kind: StepKind) -> i16 {
    let m = t.catalog.rules().movement;
    i16::from(match kind {
        StepKind::Walk {
            diagonal,
            uneven,
            climb,
        } => {
            let base = if diagonal {
                m.walk_diagonal
            } else {
                m.walk_straight
            };
            let climb = match climb {
                Climb::Up => m.walk_up,
                Climb::Down => m.walk_down,
                Climb::Level | Climb::Slope => 0,
            };
            base + climb + if uneven { m.uneven } else { 0 }
        }
        // tac.gap.44: an elevator costs the level surcharge alone.
        StepKind::Elevator { up } => {
            if up {
                m.walk_up
            } else {
                m.walk_down
            }
        }
        // tac.move.terrain-walk-only: flying pays no uneven-ground surcharge.
        StepKind::Fly { diagonal } => {
            if diagonal {
                m.fly_diagonal
            } else {
                m.fly_straight
            }
        }
        StepKind::Hover { .. } => m.hover_vertical,
    })
}

/// The facing of a horizontal step, if it is one.
pub(crate) fn step_facing(from: Pos, to: Pos) -> Option<Facing> {
    Facing::of_step(to.x - from.x, to.y - from.y)
}

/// The weapons a unit can use: the one in its hands, then its built-in ones (an iterator,
/// so that the reaction checks after every step allocate nothing).
pub(crate) fn weapons_of<'a>(t: &'a Tactical, u: &'a Unit) -> impl Iterator<Item = WeaponId> + 'a {
    // tac.zombie.stats: a zombie never attacks.
    let armed = u.zombie.is_none();
    u.weapon
        .into_iter()
        .chain(t.catalog.unit(u.kind).attacks.iter().copied())
        .filter(move |_| armed)
}

/// TU of an attack in `mode` with weapon `w`: the shot's TU, or the melee cost
/// (tac.melee.cost, tac.gap.27).
pub(crate) fn attack_tu(t: &Tactical, st: &State, w: WeaponId, mode: Mode) -> Option<i16> {
    let shot = t.catalog.weapon(w).shot(mode)?;
    Some(match (mode, st.options.melee_tu) {
        (Mode::Melee | Mode::Implant, MeleeCost::Rule) => i16::from(t.catalog.rules().melee_tu),
        _ => i16::from(shot.tu),
    })
}

/// Whether two units stand next to each other on one level (tac.gap.28): some square of one
/// beside some square of the other, on the same level. A 2 × 2 unit across the break of a
/// ramp is next to units on the upper floor by its squares there and to units on the ramp by
/// its squares on the ramp's top (tac.unit.size, tac.map.slope).
pub(crate) fn adjacent(bf: &Battlefield, a: &Unit, b: &Unit) -> bool {
    let theirs = b.cells(bf);
    a.cells(bf).into_iter().any(|c| {
        theirs
            .into_iter()
            .any(|d| c.z == d.z && (c.x - d.x).abs() <= 1 && (c.y - d.y).abs() <= 1 && c != d)
    })
}

/// Whether a weapon can fire its loaded round (tac.ranged.ammo).
pub(crate) fn loaded(u: &Unit, w: WeaponId) -> bool {
    u.weapon != Some(w) || u.rounds != Some(0)
}

/// The lowest TU of a snap shot a unit could react with (tac.react.trigger, tac.gap.5).
pub(crate) fn snap_tu(t: &Tactical, st: &State, u: &Unit) -> Option<(WeaponId, i16)> {
    if u.stats[2].is_none_or(|a| a <= 0) {
        return None;
    }
    weapons_of(t, u)
        .filter(|&w| loaded(u, w) && ranged_payload(t, u, w))
        .filter_map(|w| attack_tu(t, st, w, Mode::Snap).map(|tu| (w, tu)))
        .min_by_key(|&(w, tu)| (tu, w))
}

/// Whether the weapon's loaded round is fired as a shot at a unit: damage of any type (HE
/// rounds burst and IN rounds set fire where they land: explosion.rs).
pub(crate) fn ranged_payload(t: &Tactical, u: &Unit, w: WeaponId) -> bool {
    let wp = t.catalog.weapon(w);
    let ammo = if u.weapon == Some(w) {
        usize::from(u.ammo)
    } else {
        0
    };
    matches!(
        wp.ammo.get(ammo).map(|a| a.payload),
        Some(Payload::Damage(_))
    )
}

impl Tactical {
    /// Appends the seat's legal actions to `out` (cleared first).
    pub(crate) fn legal(&self, st: &State, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if st.outcome.is_some() {
            return;
        }
        if let Some(r) = st.reactions.first() {
            let owner = st.units.get(usize::from(r.reactor)).map(|u| u.control);
            if owner == Some(seat) {
                out.push(Action::React { reactor: r.reactor });
                // tac.react.akimbo
                if self.reacts_akimbo(st, usize::from(r.reactor)) {
                    out.push(Action::ReactAkimbo { reactor: r.reactor });
                }
                out.push(Action::Hold);
            }
            return;
        }
        // Runs (tac.civ.flee, tac.psi.panic-flee) and secret targets come next.
        if let Some(f) = st.flights.first() {
            if f.seat == seat {
                self.flight_steps(st, f, out);
            }
            return;
        }
        if let Some(s) = self.target_seat(st) {
            if s == seat {
                self.target_actions(st, seat, out);
            }
            return;
        }
        if seat != st.turn_seat() {
            return;
        }
        for (i, u) in st.units.iter().enumerate() {
            if u.control != seat || !u.active() || u.done {
                continue;
            }
            if st.active.is_some_and(|a| usize::from(a) != i) {
                continue;
            }
            self.unit_actions(st, seat, i, out);
        }
        out.push(Action::EndTurn);
    }

    fn unit_actions(&self, st: &State, seat: Seat, i: usize, out: &mut Vec<Action>) {
        let u = &st.units[i];
        let unit = i as u8;
        let rules = self.catalog.rules();
        let factor = move_factor(u);
        // Steps (tac.move.*). A kneeling unit must stand first (tac.move.kneel-immobile).
        if !u.kneeling {
            let modes: &[(Locomotion, bool)] = if u.flies {
                // tac.move.flyer-walk: a flyer may walk or fly.
                &[(Locomotion::Walk, false), (Locomotion::Fly, true)]
            } else {
                &[(Locomotion::Walk, false)]
            };
            for &(how, fly) in modes {
                for (to, kind) in st.bf.steps(u.pos, u.size, how) {
                    let turn = step_facing(u.pos, to).map_or(0, |f| turn_now(self, u, f));
                    let cost = step_base(self, kind) * factor + turn;
                    if cost > u.tu {
                        continue;
                    }
                    let blocked = st.bf.footprint(to, u.size).into_iter().any(|c| {
                        st.units.iter().enumerate().any(|(j, o)| {
                            j != i && o.active() && o.covers(&st.bf, c) && st.seat_sees(seat, j)
                        })
                    });
                    // tac.scen.boarding: nobody leaves the two craft.
                    if !blocked
                        && st
                            .bf
                            .footprint(to, u.size)
                            .into_iter()
                            .all(|c| self.allowed_square(st, c))
                    {
                        out.push(Action::Step { unit, to, fly });
                    }
                }
            }
        }
        // Turning.
        for f in Facing::ALL {
            if f != u.facing && turn_now(self, u, f) <= u.tu {
                out.push(Action::Turn { unit, facing: f });
            }
        }
        // Kneeling (tac.move.kneel-who with tac.gap.42: soldiers of both sides, not in the air).
        let kneel_tu = i16::from(rules.movement.kneel_stand) * factor;
        let soldier = self.reloads(u);
        if soldier && kneel_tu <= u.tu {
            if u.kneeling {
                out.push(Action::Stand { unit });
            } else if st.bf.square(u.pos).is_some_and(|s| s.floor.is_some()) {
                out.push(Action::Kneel { unit });
            }
        }
        // Doors on the unit's edges (tac.move.special.open-door).
        if i16::from(rules.special.open_door) <= u.tu {
            let mut doors: Vec<u16> = Vec::new();
            for c in u.cells(&st.bf) {
                for d in squadsight_core::square::Dir::ALL {
                    if let Some(door) = st.bf.door_at(c, d)
                        && !st.bf.door_open(door)
                        && !doors.contains(&door.0)
                    {
                        doors.push(door.0);
                    }
                }
            }
            doors.sort_unstable();
            out.extend(
                doors
                    .into_iter()
                    .map(|door| Action::OpenDoor { unit, door }),
            );
        }
        // Attacks. The enemies the unit itself sees (tac.ranged.los), found once for every
        // weapon and mode.
        let mut seen: Option<u64> = None;
        for w in weapons_of(self, u) {
            let wp = self.catalog.weapon(w);
            // tac.ranged.shot-types: only the shot rows the weapon lists, each at its own TU.
            for shot in &wp.shots {
                let Some(tu) = attack_tu(self, st, w, shot.mode) else {
                    continue;
                };
                match shot.mode {
                    Mode::Auto | Mode::Snap | Mode::Aimed => {
                        // tac.ranged.incapable, tac.ranged.ammo.
                        if u.stats[2].is_none_or(|a| a <= 0)
                            || !loaded(u, w)
                            || !ranged_payload(self, u, w)
                            || tu > u.tu
                        {
                            continue;
                        }
                        let targets = *seen.get_or_insert_with(|| {
                            st.units.iter().enumerate().fold(0u64, |m, (j, o)| {
                                if j == i
                                    || j >= MAX_UNITS
                                    || !o.active()
                                    || st.allies(o.control, seat)
                                    || !st.sees_knowing(seat, i, j)
                                {
                                    m
                                } else {
                                    m | 1 << j
                                }
                            })
                        });
                        for (j, o) in st.units.iter().enumerate() {
                            if j >= MAX_UNITS || targets & 1 << j == 0 {
                                continue;
                            }
                            let face = self.face_towards(u, o);
                            // The attacker turns to face its target first (tac.gap.43).
                            if tu + face.map_or(0, |f| turn_now(self, u, f)) <= u.tu {
                                out.push(Action::Attack {
                                    unit,
                                    weapon: w,
                                    mode: shot.mode,
                                    target: j as u8,
                                });
                            }
                        }
                    }
                    Mode::Melee => {
                        // tac.melee.incapable
                        if u.stats[3].is_none_or(|m| m <= 0) || tu > u.tu {
                            continue;
                        }
                        // tac.equip.melee-only: knives and stun rods list only a Melee row.
                        if wp.class != WeaponClass::Melee && wp.class != WeaponClass::Internal {
                            continue;
                        }
                        for (j, o) in st.units.iter().enumerate() {
                            if j != i
                                && o.active()
                                && !st.allies(o.control, seat)
                                && adjacent(&st.bf, u, o)
                                && st.seat_sees(seat, j)
                            {
                                out.push(Action::Attack {
                                    unit,
                                    weapon: w,
                                    mode: Mode::Melee,
                                    target: j as u8,
                                });
                            }
                        }
                    }
                    Mode::Implant => {
                        // tac.zombie.implant: a melee strike, so MAC and TUs are needed.
                        if u.stats[3].is_some_and(|m| m > 0) && tu <= u.tu {
                            self.implant_actions(st, seat, i, w, out);
                        }
                    }
                    // tac.unit.cyberdisk-detonate: 0 TU, no roll, on itself.
                    Mode::Detonate => {
                        if tu <= u.tu {
                            out.push(Action::Attack {
                                unit,
                                weapon: w,
                                mode: Mode::Detonate,
                                target: unit,
                            });
                        }
                    }
                }
            }
        }
        // Attacks on squares (launch.rs: tac.ranged.targets), akimbo shots (akimbo.rs) and
        // guided paths (guided.rs).
        self.square_attacks(st, seat, i, out);
        self.akimbo_actions(st, seat, i, out);
        self.guided_actions(st, seat, i, out);
        // Reloading (tac.move.special.load): soldiers, a spare clip, a clip not full.
        if let Some(w) = u.weapon {
            let cap = self.catalog.weapon(w).rounds;
            if soldier
                && u.clips > 0
                && cap.is_some()
                && u.rounds != cap
                && i16::from(rules.special.load) <= u.tu
            {
                out.push(Action::Reload { unit });
            }
        }
        // Medikit (tac.medikit.use with tac.gap.58): itself or an adjacent unit of its team
        // with wounds.
        let m = self.catalog.medikit();
        if u.medikit > 0 && i16::from(m.tu) <= u.tu {
            for (j, o) in st.units.iter().enumerate() {
                let near = j == i || adjacent(&st.bf, u, o);
                if near
                    && o.status != Status::Dead
                    && st.allies(o.seat, seat)
                    && (o.damage > 0 || o.legs + o.arms > 0)
                {
                    out.push(Action::Heal {
                        unit,
                        target: j as u8,
                    });
                }
            }
        }
        // Priming and throwing grenades (throw.rs).
        self.throw_actions(st, seat, i, out);
        // Psi (tac.psi.*), then items (tac.dmg.pickup, tac.gap.55).
        self.psi_actions(st, seat, i, out);
        self.item_actions(st, i, out);
        out.push(Action::EndUnit { unit });
    }

    /// The facing that looks from `u` towards `o`, if they are on different columns.
    pub(crate) fn face_towards(&self, u: &Unit, o: &Unit) -> Option<Facing> {
        crate::damage::octant(u.pos, o.pos).map(|f| Facing::ALL[usize::from(f)])
    }
}
