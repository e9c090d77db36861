//! Grenades: priming (tac.throw.prime), throwing (tac.throw.*), where a failed throw lands
//! (tac.miss.*), and grenades lying on the map until their fuse, motion or another blast sets
//! them off (tac.throw.proximity, tac.throw.premature).
//!
//! Our readings, as `docs/rules/tactical.md` says:
//! - Priming (12 TU) takes one grenade in hand with a delay of 0 to 5 (tac.gap.50). A held
//!   grenade does not count down. A unit holds one primed grenade at a time; if it drops (the
//!   holder is knocked out or killed) the countdown starts where it lies.
//! - Timing counts rounds (tac.gap.14): delay 0 goes off when the thrower's squad ends its
//!   turn; delay n goes off at the end of the n-th round end after it landed, counting the
//!   round it was thrown in, so delay 1 goes off at the end of this round, after every squad
//!   has moved, and never carries into the next round.
//! - Proximity grenades and flares take no delay: a proximity grenade arms when it lands and
//!   goes off when a unit steps, kneels or stands in the 3 × 3 × 3 block around it, another
//!   object lands there or a blast reaches it (tac.gap.51); a flare lights the area a 90 HE-2
//!   blast would reach for the rest of the battle (tac.gap.59).
//! - A throw aims at a square with a floor (tac.throw.target); the legal list offers the
//!   squares where enemy units the seat can see stand. Range is STR ÷ weight, rounded down
//!   (tac.gap.8). The arc (tac.gap.52) needs the target at most one level above the thrower;
//!   on one level it goes over walls, fences, doors and objects (all one level tall) where the
//!   squares above them are open sky, and to another level it needs a clear line.
//! - Grenades lying on the map are public: every seat sees where they are and their fuse.

use crate::action::Action;
use crate::catalog::{GrenadeId, Payload};
use crate::combat::{Modifier, ToHit, range};
use crate::data::GrenadeKind;
use crate::engine::Tactical;
use crate::explosion::blast_of;
use crate::legal::turn_now;
use crate::map::{Battlefield, Blast, BlastReport, Body, Facing, SightRules};
use crate::rolls::percentile;
use crate::state::State;
use serde::{Deserialize, Serialize};
use squadsight_core::journal::{article, mention};
use squadsight_core::los::Nudge;
use squadsight_core::square::{Crossing, Pos, line};
use squadsight_core::{EventKind, GameRng, Input, Journal, Seat};

/// Longest delay a grenade may be primed with (tac.throw.prime).
pub const MAX_DELAY: u8 = 5;

/// A grenade primed and held (tac.throw.prime).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Primed {
    /// Its type.
    pub grenade: GrenadeId,
    /// Rounds of delay (0 = the end of the thrower's squad turn).
    pub delay: u8,
}

/// What sets off a grenade lying on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Fuse {
    /// Delay 0: the end of this seat's squad turn.
    SquadEnd(Seat),
    /// Round ends left before it goes off (1 = the end of this round).
    Rounds(u8),
    /// Motion nearby (tac.throw.proximity).
    Proximity,
}

/// A primed grenade lying on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Live {
    /// Where it lies.
    pub pos: Pos,
    /// Its type.
    pub grenade: GrenadeId,
    /// What sets it off.
    pub fuse: Fuse,
}

/// Whether a thrown object can fly from `from` to `to` (tac.throw.over, tac.gap.52).
pub fn arc_clear(bf: &Battlefield, sight: &SightRules, from: Pos, to: Pos) -> bool {
    if !bf.contains(to) || to.z > from.z + 1 {
        return false;
    }
    if to.z != from.z {
        return bf
            .line_of_sight(Body::at(from), Body::at(to), sight, |_| false)
            .clear;
    }
    Nudge::BOTH.iter().any(|&n| over_one_level(bf, from, to, n))
}

/// The arc along one level: objects and edges on the way are passed over where the square
/// above is open sky (no floor, no object) and no wall stands a level up.
fn over_one_level(bf: &Battlefield, from: Pos, to: Pos, nudge: Nudge) -> bool {
    let open_above = |p: Pos| {
        let up = Pos::new(p.x, p.y, p.z + 1);
        if up.z >= bf.levels() as i32 {
            return true;
        }
        bf.square(up)
            .is_some_and(|s| s.floor.is_none() && s.object.is_none())
    };
    for c in line(from, to, nudge) {
        let ok = match c {
            Crossing::Cell(p) => bf.square(p).is_some_and(|s| s.object.is_none()) || open_above(p),
            Crossing::Edge(p, dir) => {
                !bf.edge_blocks_movement(p, dir)
                    || (open_above(p)
                        && open_above(p.step(dir))
                        && !bf.edge_blocks_movement(Pos::new(p.x, p.y, p.z + 1), dir))
            }
            Crossing::Floor(_) => false,
        };
        if !ok {
            return false;
        }
    }
    true
}

impl Tactical {
    /// How far unit `i` can throw a grenade of this type: STR ÷ weight, rounded down
    /// (tac.throw.range, tac.gap.8); `None` for a unit that cannot throw (tac.throw.incapable:
    /// TAC or STR "-").
    pub fn throw_range(&self, st: &State, i: usize, grenade: GrenadeId) -> Option<i16> {
        let u = &st.units[i];
        let (tac, str) = (u.stats[4]?, u.stats[5]?);
        if tac <= 0 || str <= 0 {
            return None;
        }
        let w = i16::from(self.catalog.grenade(grenade).weight.max(1));
        Some(str / w)
    }

    /// The to-hit target of unit `i` throwing at `to`: TAC and the modifiers of the ranged
    /// table that fit a throw (tac.throw.resolve), capped (tac.ranged.cap).
    pub fn throw_to_hit(&self, st: &State, i: usize, to: Pos) -> ToHit {
        let u = &st.units[i];
        let r = self.catalog.rules();
        let m = r.modifiers;
        // tac.stat.tac: TAC is the base of every throw.
        let base = (u.stat(4) - r.arm_penalty * i16::from(u.arms)).max(0);
        let mut mods = vec![Modifier {
            label: "range",
            value: m.range_per_square * range(u.pos, to),
            clause: "tac.ranged.mod.range",
        }];
        let there = st.standing_at(to);
        let lit = st.lit.binary_search(&to).is_ok();
        self.firer_mods(st, u, lit, &mut mods);
        // tac.gap.41: a square the thrower cannot see but a friend can is -10; one nobody
        // on its side sees is -20. They never stack.
        // Read from what the thrower's seat sees, for the odds shown and the roll alike: an
        // arc passes over units, so a hidden one changes nothing (tac.gap.7, our docs).
        let own = there.is_some_and(|j| st.sees_knowing(u.control, i, j));
        if !own {
            let friend = there.is_some_and(|j| st.seat_sees(u.control, j));
            mods.push(if friend {
                Modifier {
                    label: "spotter",
                    value: m.spotter,
                    clause: "tac.ranged.mod.spotter",
                }
            } else {
                Modifier {
                    label: "no line of sight",
                    value: m.no_los,
                    clause: "tac.ranged.mod.no-los",
                }
            });
        }
        ToHit::new(("TAC", base), mods, m.cap)
    }

    /// Appends unit `i`'s priming and throwing actions.
    pub(crate) fn throw_actions(&self, st: &State, seat: Seat, i: usize, out: &mut Vec<Action>) {
        let u = &st.units[i];
        let unit = i as u8;
        let special = self.catalog.rules().special;
        match u.primed {
            None => {
                // tac.move.special.prime: 12 TU; one grenade of each type is offered.
                if i16::from(special.prime) > u.tu {
                    return;
                }
                for (slot, &g) in u.grenades.iter().enumerate() {
                    if u.grenades[..slot].contains(&g) || self.throw_range(st, i, g).is_none() {
                        continue;
                    }
                    let delays = match self.catalog.grenade(g).kind {
                        GrenadeKind::Timed | GrenadeKind::Smoke => MAX_DELAY,
                        GrenadeKind::Proximity | GrenadeKind::Flare => 0,
                    };
                    for delay in 0..=delays {
                        out.push(Action::Prime {
                            unit,
                            slot: slot as u8,
                            delay,
                        });
                    }
                }
            }
            Some(p) => {
                let Some(reach) = self.throw_range(st, i, p.grenade) else {
                    return;
                };
                let start = out.len();
                for (j, o) in st.units.iter().enumerate() {
                    if j == i || !o.active() || st.allies(o.control, seat) || !st.seat_sees(seat, j)
                    {
                        continue;
                    }
                    let to = o.square(&st.bf);
                    // tac.throw.target: a square with a floor; flyers in the air are not.
                    if st.bf.square(to).is_none_or(|s| s.floor.is_none())
                        || range(u.pos, to) > reach
                        || out[start..].contains(&Action::Throw { unit, to })
                        || !arc_clear(&st.bf, &st.sight, u.pos, to)
                    {
                        continue;
                    }
                    let turn = crate::damage::octant(u.pos, to)
                        .map_or(0, |f| turn_now(self, u, Facing::ALL[usize::from(f)]));
                    if i16::from(special.throw) + turn <= u.tu {
                        out.push(Action::Throw { unit, to });
                    }
                }
            }
        }
    }

    /// Primes a grenade (tac.throw.prime): 12 TU, taken from the unit's kit into its hand.
    pub(crate) fn prime(
        &self,
        st: &mut State,
        i: usize,
        slot: u8,
        delay: u8,
        journal: &mut Journal,
    ) {
        let cost = i16::from(self.catalog.rules().special.prime);
        let name = self.name(st, i);
        let u = &mut st.units[i];
        let grenade = u.grenades.remove(usize::from(slot));
        u.tu -= cost;
        u.primed = Some(Primed { grenade, delay });
        let g = self.catalog.grenade(grenade);
        journal.note_with(
            "tac.move.special.prime",
            EventKind::Effect,
            || {
                format!(
                    "{name} primes {} {} ({cost} TU)",
                    article(&g.name),
                    mention(&g.name)
                )
            },
            || {
                vec![
                    Input::new("delay", delay, "tac.throw.prime"),
                    Input::new("countdown", "starts when it is thrown", "tac.gap.50"),
                ]
            },
        );
    }

    /// Throws the primed grenade at `to` (tac.throw.resolve): the thrower turns to face the
    /// square and pays 6 TU (tac.move.special.throw); a failed roll scatters it (tac.miss.*).
    pub(crate) fn throw(
        &self,
        st: &mut State,
        i: usize,
        to: Pos,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let Some(primed) = st.units[i].primed else {
            return;
        };
        if let Some(f) = crate::damage::octant(st.units[i].pos, to) {
            let f = Facing::ALL[usize::from(f)];
            let turn = turn_now(self, &st.units[i], f);
            let u = &mut st.units[i];
            u.tu -= turn;
            u.facing = f;
            u.turn_from = None;
            st.resight(i);
        }
        let cost = i16::from(self.catalog.rules().special.throw);
        let g = self.catalog.grenade(primed.grenade);
        {
            let u = &mut st.units[i];
            u.tu -= cost;
            u.primed = None;
            u.weight = u.weight.saturating_sub(u32::from(g.weight));
        }
        let name = self.name(st, i);
        let hit = self.throw_to_hit(st, i, to);
        let inputs = hit.inputs();
        let r = percentile(
            rng,
            journal,
            "tac.throw.resolve",
            hit.target,
            |r| {
                format!(
                    "{name} throws {} {} at {},{},{} ({cost} TU): needs {} or less on d100, rolls {}",
                    article(&g.name),
                    g.name,
                    to.x,
                    to.y,
                    to.z + 1,
                    hit.target.max(0),
                    r.total
                )
            },
            || inputs,
        );
        let from = st.units[i].pos;
        let lands = if r.success == Some(true) {
            to
        } else {
            let mof = i16::try_from(r.total).unwrap_or(100) - hit.target;
            let dev = self.deviate(from, to, mof, "the throw goes wide", rng, journal);
            scatter_landing(&st.bf, &st.sight, from, dev)
        };
        // Where it lands is seen by the seats that see the square; its words name no
        // thrower (docs/rules/tactical.md, "The journal and fog of war").
        let prev = self.widen_square(st, journal, lands);
        self.land(st, lands, primed, st.units[i].control, rng, journal);
        journal.set_audience(prev);
    }

    /// A primed grenade comes to rest at `at` (thrown, or dropped by its holder).
    fn land(
        &self,
        st: &mut State,
        at: Pos,
        primed: Primed,
        seat: Seat,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let g = self.catalog.grenade(primed.grenade);
        journal.note("tac.throw.target", EventKind::Effect, || {
            format!(
                "the {} lands at {},{},{}",
                mention(&g.name),
                at.x,
                at.y,
                at.z + 1
            )
        });
        // tac.throw.proximity (tac.gap.51): an object landing by an armed one sets it off.
        self.proximity_near(st, at, rng, journal);
        let Some(fuse) = fuse_for(g.kind, primed.delay, seat) else {
            light_flare(st, at, journal);
            return;
        };
        st.live.push(Live {
            pos: at,
            grenade: primed.grenade,
            fuse,
        });
    }

    /// A unit knocked out or killed while holding a primed grenade drops it on its square,
    /// where its countdown starts (tac.gap.50).
    pub(crate) fn drop_primed(&self, st: &mut State, j: usize, journal: &mut Journal) {
        let Some(p) = st.units[j].primed.take() else {
            return;
        };
        let (at, seat) = (st.units[j].pos, st.units[j].control);
        let name = self.name(st, j);
        journal.note("tac.throw.prime", EventKind::Effect, || {
            format!("{name} drops its primed grenade")
        });
        if let Some(fuse) = fuse_for(self.catalog.grenade(p.grenade).kind, p.delay, seat) {
            st.live.push(Live {
                pos: at,
                grenade: p.grenade,
                fuse,
            });
        }
    }

    /// Sets off the grenade at index `k` of the live list.
    fn detonate(&self, st: &mut State, k: usize, rng: &mut GameRng, journal: &mut Journal) {
        let live = st.live.remove(k);
        let g = self.catalog.grenade(live.grenade);
        let at = live.pos;
        // Read by the seats that see where it lies; its blast is heard by all, what the
        // blast does is read by its witnesses (docs/rules/tactical.md, "The journal and fog
        // of war").
        let prev = self.widen_square(st, journal, at);
        journal.note("tac.throw.prime", EventKind::Effect, || {
            format!(
                "the {} at {},{},{} goes off",
                mention(&g.name),
                at.x,
                at.y,
                at.z + 1
            )
        });
        self.go_off(st, at, live.grenade, rng, journal);
        journal.set_audience(prev);
    }

    /// What a grenade does where it goes off: smoke, light (tac.equip.flare) or a blast.
    pub(crate) fn go_off(
        &self,
        st: &mut State,
        at: Pos,
        grenade: GrenadeId,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let g = self.catalog.grenade(grenade);
        match (g.kind, g.payload) {
            (GrenadeKind::Smoke, _) => {
                st.bf.smoke_grenade(at, journal);
                st.resight_all();
            }
            (GrenadeKind::Flare, _) => light_flare(st, at, journal),
            (_, Payload::Damage(d)) => self.blast(st, at, blast_of(d), rng, journal),
            _ => {}
        }
    }

    /// Grenades whose fuse runs out at the end of `seat`'s squad turn (delay 0).
    pub(crate) fn fuses_at_squad_end(
        &self,
        st: &mut State,
        seat: Seat,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        while let Some(k) = st.live.iter().position(|l| l.fuse == Fuse::SquadEnd(seat)) {
            self.detonate(st, k, rng, journal);
        }
    }

    /// The end of a round: every timed grenade counts down one; those at 0 go off, in the
    /// order they landed (tac.throw.prime, tac.gap.14).
    pub(crate) fn fuses_at_round_end(
        &self,
        st: &mut State,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        for l in st.live.iter_mut() {
            match l.fuse {
                Fuse::Rounds(n) => l.fuse = Fuse::Rounds(n.saturating_sub(1)),
                // A squad-turn fuse left over (its squad had no turn) goes off now.
                Fuse::SquadEnd(_) => l.fuse = Fuse::Rounds(0),
                Fuse::Proximity => {}
            }
        }
        while let Some(k) = st.live.iter().position(|l| l.fuse == Fuse::Rounds(0)) {
            self.detonate(st, k, rng, journal);
        }
    }

    /// A unit stepped, knelt or stood: armed proximity grenades whose 3 × 3 × 3 block holds
    /// any of its squares go off (tac.throw.proximity, tac.gap.51).
    pub(crate) fn proximity_motion(
        &self,
        st: &mut State,
        i: usize,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let cells = st.units[i].cells(&st.bf);
        while let Some(k) = st
            .live
            .iter()
            .position(|l| l.fuse == Fuse::Proximity && cells.into_iter().any(|c| near(l.pos, c)))
        {
            let name = self.name(st, i);
            journal.note("tac.throw.proximity", EventKind::Effect, || {
                format!("{name} moves by a proximity grenade")
            });
            self.detonate(st, k, rng, journal);
        }
    }

    /// An object landed at `at`: armed proximity grenades around it go off.
    fn proximity_near(&self, st: &mut State, at: Pos, rng: &mut GameRng, journal: &mut Journal) {
        while let Some(k) = st
            .live
            .iter()
            .position(|l| l.fuse == Fuse::Proximity && near(l.pos, at))
        {
            journal.note("tac.throw.proximity", EventKind::Effect, || {
                "something lands by a proximity grenade".into()
            });
            self.detonate(st, k, rng, journal);
        }
    }

    /// After a blast: grenades in a square it damaged go off early (tac.throw.premature);
    /// proximity grenades go off when it reaches their block (tac.gap.51).
    pub(crate) fn grenades_in_blast(
        &self,
        st: &mut State,
        report: &BlastReport,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        while let Some(k) = st.live.iter().position(|l| {
            report.areas.iter().any(|a| {
                a.damage_at(l.pos) > 0
                    || (l.fuse == Fuse::Proximity && a.hits.iter().any(|h| near(l.pos, h.pos)))
            })
        }) {
            journal.note("tac.throw.premature", EventKind::Effect, || {
                "the blast sets off a grenade lying in its path".into()
            });
            self.detonate(st, k, rng, journal);
        }
    }
}

/// A flare lights the area a 90 HE-2 blast would reach, for the rest of the battle
/// (tac.equip.flare, tac.gap.59).
fn light_flare(st: &mut State, at: Pos, journal: &mut Journal) {
    let lit = st.bf.reach(
        at,
        Blast {
            damage: 90,
            rating: 2,
        },
    );
    for p in lit {
        if let Err(k) = st.lit.binary_search(&p) {
            st.lit.insert(k, p);
        }
    }
    journal.note("tac.equip.flare", EventKind::Effect, || {
        "the flare lights the squares around it for the rest of the battle".into()
    });
}

/// The fuse of a grenade primed with `delay` that comes to rest (`None`: a flare, which
/// lights up instead of going off).
fn fuse_for(kind: GrenadeKind, delay: u8, seat: Seat) -> Option<Fuse> {
    match kind {
        GrenadeKind::Flare => None,
        GrenadeKind::Proximity => Some(Fuse::Proximity),
        GrenadeKind::Timed | GrenadeKind::Smoke if delay == 0 => Some(Fuse::SquadEnd(seat)),
        GrenadeKind::Timed | GrenadeKind::Smoke => Some(Fuse::Rounds(delay)),
    }
}

/// Whether `b` lies in the 3 × 3 × 3 block around `a`.
fn near(a: Pos, b: Pos) -> bool {
    (a.x - b.x).abs() <= 1 && (a.y - b.y).abs() <= 1 && (a.z - b.z).abs() <= 1
}

/// Where a scattered throw comes down (tac.miss.throw-elevation, tac.gap.61): along the line
/// from the thrower towards the deviated square, the last square the arc reaches before it
/// meets an obstruction, an object (it drops at the foot of it) or the map's edge; then down
/// to the highest floor beneath.
pub fn scatter_landing(bf: &Battlefield, sight: &SightRules, from: Pos, dev: Pos) -> Pos {
    let mut last = from;
    let path = line(from, dev, Nudge::Plus)
        .filter_map(|c| match c {
            Crossing::Cell(p) => Some(p),
            _ => None,
        })
        .chain(std::iter::once(dev));
    for p in path {
        if p.x == last.x && p.y == last.y {
            continue;
        }
        let p = Pos::new(p.x, p.y, dev.z);
        if !bf.contains(p)
            || bf.square(p).is_some_and(|s| s.object.is_some())
            || !arc_clear(bf, sight, from, p)
        {
            break;
        }
        last = p;
    }
    bf.fall(last, crate::map::Size::One)
        .map_or(last, |(down, _)| down)
}
