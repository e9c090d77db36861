//! Attacks: ranged shots with percentile accuracy and every modifier (tac.ranged.*), melee
//! (tac.melee.*), damage to the target (tac.dmg.*), missed shots that fly on (tac.miss.*),
//! and reaction fire (tac.react.*).

use crate::akimbo::Hand;
use crate::catalog::{Damage, Payload, WeaponId};
use crate::damage::{Body, Condition, apply_hit, condition, struck_location};
use crate::data::{Location, Mode};
use crate::engine::Tactical;
use crate::legal::{attack_tu, snap_tu, turn_now};
use crate::map::{Body as SightBody, SightBlock};
use crate::options::Light;
use crate::rolls::{opposed, percentile, table_die};
use crate::state::{Reaction, State, Status, Unit};
use squadsight_core::dice::Dice;
use squadsight_core::journal::mention;
use squadsight_core::los::Nudge;
use squadsight_core::square::{Crossing, Pos, line};
use squadsight_core::{EventKind, GameRng, Input, Journal};

/// The highest d10 face on which a destroyed Cyberdisk does not explode
/// (tac.unit.cyberdisk-explode: 6–10 explodes).
const CYBERDISK_SAFE: u32 = 5;

/// Squares between two positions: Euclidean, a level counting one square, rounded to the
/// nearest whole number (tac.gap.6), in integers.
pub fn range(a: Pos, b: Pos) -> i16 {
    let (dx, dy, dz) = (
        i64::from(a.x - b.x),
        i64::from(a.y - b.y),
        i64::from(a.z - b.z),
    );
    let d2 = dx * dx + dy * dy + dz * dz;
    let mut n = d2.isqrt();
    // Round half up: n + 1/2 squared is n² + n + 1/4.
    if d2 - n * n > n {
        n += 1;
    }
    i16::try_from(n).unwrap_or(i16::MAX)
}

/// One modifier of a to-hit target and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modifier {
    /// What it is.
    pub label: &'static str,
    /// Its value.
    pub value: i16,
    /// The clause.
    pub clause: &'static str,
}

/// A to-hit target built from the base skill and its modifiers, capped (tac.ranged.cap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToHit {
    /// The base skill and its name.
    pub base: (&'static str, i16),
    /// Every modifier applied.
    pub modifiers: Vec<Modifier>,
    /// The target after the cap.
    pub target: i16,
    /// `Some(n)` when the line of fire is stopped by `n` squares of obstruction (four or
    /// more, `tac.los.obstruction`): the shot cannot reach its target, so the target is
    /// capped at 0 and the round flies as a missed shot (`tac.gap.7`, `tac.gap.61`).
    pub blocked: Option<u8>,
}

impl ToHit {
    pub(crate) fn new(base: (&'static str, i16), modifiers: Vec<Modifier>, cap: i16) -> ToHit {
        let sum = base.1 + modifiers.iter().map(|m| m.value).sum::<i16>();
        ToHit {
            base,
            modifiers,
            target: sum.min(cap),
            blocked: None,
        }
    }

    /// The same target on a line of fire stopped by `n` squares of obstruction: at most 0.
    fn blocked_by(mut self, n: u8) -> ToHit {
        self.blocked = Some(n);
        self.target = self.target.min(0);
        self
    }

    pub(crate) fn inputs(&self) -> Vec<Input> {
        let mut v = vec![Input::new(self.base.0, self.base.1, "unit")];
        v.extend(
            self.modifiers
                .iter()
                .map(|m| Input::new(m.label, format!("{:+}", m.value), m.clause)),
        );
        match self.blocked {
            Some(n) => {
                v.push(Input::new(
                    "line blocked",
                    format!("{n} squares of obstruction"),
                    "tac.los.obstruction",
                ));
                v.push(Input::new("target", self.target, "tac.gap.7"));
            }
            None => v.push(Input::new("target", self.target, "tac.ranged.cap")),
        }
        v
    }
}

/// Whose picture of the field a to-hit target is read from ("list by knowledge, resolve by
/// truth": `tac.gap.7`, docs/rules/tactical.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reading {
    /// What the firing unit's seat sees: the preview its seat is shown.
    Known,
    /// Every unit where it really stands: the roll.
    Truth,
}

impl Tactical {
    /// The to-hit target of unit `i` attacking unit `j` with `w` in `mode`, from the
    /// engine's own rules, as the firing unit's seat can know it: only units that seat sees
    /// count as obstruction. The roll uses the same rules with every unit counted, so a
    /// unit hidden in the line of fire can lower it (`tac.gap.7`).
    pub fn to_hit(&self, st: &State, i: usize, w: WeaponId, mode: Mode, j: usize) -> ToHit {
        self.to_hit_with(st, i, w, mode, j, false, Reading::Known)
    }

    /// The to-hit target of one weapon's shot within an akimbo shot (tac.ranged.akimbo), as
    /// [`Tactical::to_hit`] previews it.
    pub fn akimbo_to_hit(&self, st: &State, i: usize, w: WeaponId, mode: Mode, j: usize) -> ToHit {
        self.to_hit_with(st, i, w, mode, j, true, Reading::Known)
    }

    /// The to-hit target the roll uses: every unit obstructs where it really stands.
    pub fn true_to_hit(&self, st: &State, i: usize, w: WeaponId, mode: Mode, j: usize) -> ToHit {
        self.to_hit_with(st, i, w, mode, j, false, Reading::Truth)
    }

    #[allow(clippy::too_many_arguments)]
    fn to_hit_with(
        &self,
        st: &State,
        i: usize,
        w: WeaponId,
        mode: Mode,
        j: usize,
        akimbo: bool,
        reading: Reading,
    ) -> ToHit {
        let (u, o) = (&st.units[i], &st.units[j]);
        let r = self.catalog.rules();
        let m = r.modifiers;
        let shot_acc = self
            .catalog
            .weapon(w)
            .shot(mode)
            .and_then(|s| s.accuracy)
            .unwrap_or(0);
        // tac.crit.arm: -10 per arm hit, not below 0 (tac.gap.54).
        let arm_loss = r.arm_penalty * i16::from(u.arms);
        if matches!(mode, Mode::Melee | Mode::Implant) {
            // tac.melee.resolve: MAC and the weapon's bonus only; capped (tac.gap.29).
            let base = (u.stat(3) - arm_loss).max(0);
            let mods = vec![Modifier {
                label: "weapon",
                value: shot_acc,
                clause: "tac.melee.resolve",
            }];
            return ToHit::new(("MAC", base), mods, m.cap);
        }
        // tac.stat.acc: ACC is the base of every ranged attack at a unit
        // (tac.ranged.targets; squares: launch.rs).
        let base = (u.stat(2) - arm_loss).max(0);
        let mut mods = vec![Modifier {
            label: "shot",
            value: shot_acc,
            clause: "tac.ranged.mod.weapon",
        }];
        if self.catalog.weapon(w).guided {
            // tac.ranged.targeted (tac.gap.47): no range penalty; a shot straight at the
            // target is a path of one waypoint.
            mods.push(Modifier {
                label: "waypoint 1",
                value: 0,
                clause: "tac.ranged.mod.waypoint",
            });
        } else {
            mods.push(Modifier {
                label: "range",
                value: m.range_per_square * range(u.pos, o.pos),
                clause: "tac.ranged.mod.range",
            });
        }
        // tac.los.obstruction: the seat's shots are listed and previewed by what it sees;
        // the roll counts every unit (tac.gap.7).
        let sight = match reading {
            Reading::Known => st.shot_sight_knowing(u.control, i, j),
            Reading::Truth => st.vision.shot_sight(&st.bf, &st.lookers, &st.sight, i, j),
        };
        let obstruction = sight.map_or(0, |s| s.obstruction);
        if obstruction > 0 {
            mods.push(Modifier {
                label: "obstruction",
                value: m.obstruction * i16::from(obstruction),
                clause: "tac.ranged.mod.obstruction",
            });
        }
        // tac.equip.flare: no night penalty against a target in a flare's light.
        let lit = o
            .cells(&st.bf)
            .into_iter()
            .any(|c| st.lit.binary_search(&c).is_ok());
        self.firer_mods(st, u, lit, &mut mods);
        if o.kneeling {
            mods.push(Modifier {
                label: "target kneeling",
                value: m.kneeling_defence,
                clause: "tac.ranged.mod.kneeling",
            });
        }
        if akimbo {
            // tac.ranged.akimbo: the pair's modifier, never the second-weapon penalty.
            mods.extend(self.akimbo_modifier(u));
        } else if u.fired.is_some_and(|f| f != w) {
            mods.push(Modifier {
                label: "second weapon",
                value: m.second_weapon,
                clause: "tac.ranged.mod.second-weapon",
            });
        }
        let hit = ToHit::new(("ACC", base), mods, m.cap);
        match sight {
            Some(s) if s.blocked_by == Some(SightBlock::Obstruction) => {
                hit.blocked_by(s.obstruction)
            }
            _ => hit,
        }
    }

    /// An attack by unit `i` on unit `j` (tac.ranged.resolve, tac.melee.resolve); HWPs and
    /// terror units fire their built-in weapons through it like anyone else (tac.ranged.hwp). The
    /// attacker turns to face the target and pays the attack's TUs (a reaction shot pays
    /// from the reacting unit's pool, tac.gap.5).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn attack(
        &self,
        st: &mut State,
        i: usize,
        w: WeaponId,
        mode: Mode,
        j: usize,
        reaction: bool,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        if mode == Mode::Detonate {
            self.detonate_self(st, i, w, rng, journal);
            return;
        }
        let tu = attack_tu(self, st, w, mode).unwrap_or(0);
        if let Some(f) = self.face_towards(&st.units[i], &st.units[j]) {
            let turn = turn_now(self, &st.units[i], f);
            let u = &mut st.units[i];
            u.tu -= turn;
            u.facing = f;
            u.turn_from = None;
            st.resight(i);
        }
        st.units[i].tu -= tu;
        let wp = self.catalog.weapon(w);
        let melee = matches!(mode, Mode::Melee | Mode::Implant);
        let shots = self.shots(st, mode);
        let (attacker, defender) = (self.name(st, i), self.name(st, j));
        journal.note_with(
            if reaction {
                "tac.react.interrupt"
            } else if melee {
                "tac.melee.cost"
            } else {
                "tac.ranged.repeat"
            },
            EventKind::Attack,
            || {
                format!(
                    "{attacker} {} {defender} with its {} ({mode:?}, {tu} TU)",
                    if melee { "strikes at" } else { "fires at" },
                    mention(&wp.name)
                )
            },
            || vec![Input::new("shots", shots, "tac.gap.9")],
        );
        if !melee && st.units[i].fired.is_none() {
            st.units[i].fired = Some(w);
        }
        self.rounds(st, i, w, mode, j, Hand::Main, false, rng, journal);
    }

    /// Rounds one shot fires: `auto_rounds` for an auto shot, each rolled on its own
    /// (tac.gap.9), else one.
    fn shots(&self, st: &State, mode: Mode) -> u16 {
        if mode == Mode::Auto {
            u16::from(st.options.auto_rounds)
        } else {
            1
        }
    }

    /// The rounds of one weapon's shot at unit `j`, each rolled and resolved on its own; the
    /// TUs are paid already. `hand` says whose rounds are used; `akimbo` takes the akimbo
    /// modifiers (tac.ranged.akimbo).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn rounds(
        &self,
        st: &mut State,
        i: usize,
        w: WeaponId,
        mode: Mode,
        j: usize,
        hand: Hand,
        akimbo: bool,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let wp = self.catalog.weapon(w);
        let melee = matches!(mode, Mode::Melee | Mode::Implant);
        let shots = self.shots(st, mode);
        let ammo = if hand == Hand::Main && st.units[i].weapon == Some(w) {
            usize::from(st.units[i].ammo)
        } else {
            0
        };
        let payload = wp.ammo.get(ammo).map(|a| a.payload);
        let (attacker, defender) = (self.name(st, i), self.name(st, j));
        // A shot at an unconscious unit's square (tac.ranged.unconscious-target) goes on while
        // the body lies there; a shot at a unit stops when it falls.
        let start = st.units[j].status;
        for _ in 0..shots {
            if st.units[j].status != start || start == Status::Dead {
                break;
            }
            if !melee && (hand == Hand::Off || st.units[i].weapon == Some(w)) {
                let left = match hand {
                    Hand::Main => &mut st.units[i].rounds,
                    Hand::Off => &mut st.units[i].second_rounds,
                };
                match *left {
                    Some(0) => break,
                    Some(n) => *left = Some(n - 1),
                    None => {}
                }
            }
            let hit = self.to_hit_with(st, i, w, mode, j, akimbo, Reading::Truth);
            let rule = if melee {
                "tac.melee.resolve"
            } else {
                "tac.ranged.resolve"
            };
            let inputs = hit.inputs();
            let r = percentile(
                rng,
                journal,
                rule,
                hit.target,
                |r| match hit.blocked {
                    Some(n) => format!(
                        "{attacker}'s line to {defender} is blocked by {n} squares of \
                         obstruction, so the shot cannot hit: rolls {} for how far it strays",
                        r.total
                    ),
                    None => format!(
                        "{attacker} needs {} or less on d100 to hit {defender}: rolls {}",
                        hit.target.max(0),
                        r.total
                    ),
                },
                || inputs,
            );
            // tac.zombie.implant: a hit does no damage; the target turns zombie.
            if mode == Mode::Implant {
                if r.success == Some(true) {
                    self.implant(st, i, j, journal);
                } else {
                    journal.note("tac.melee.miss", EventKind::Attack, || {
                        format!("{attacker} misses {defender}")
                    });
                }
                break;
            }
            let Some(Payload::Damage(dmg)) = payload else {
                continue;
            };
            if r.success == Some(true) {
                let from = st.units[i].pos;
                self.shot_lands(st, j, dmg, from, rng, journal);
            } else if melee {
                // tac.melee.miss: nothing more happens.
                journal.note("tac.melee.miss", EventKind::Attack, || {
                    format!("{attacker} misses {defender}")
                });
            } else {
                let mof = i16::try_from(r.total).unwrap_or(100) - hit.target;
                let (from, aim) = (st.units[i].pos, st.units[j].pos);
                self.missed_shot(st, from, aim, [i, j], mof, dmg, rng, journal);
            }
        }
    }

    /// Damage to a unit (tac.dmg.*): location by facing (tac.dmg.armour-facing), then
    /// susceptibility, armour, wounds and criticals; knockout and death follow.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn damage_unit(
        &self,
        st: &mut State,
        j: usize,
        dmg: Damage,
        from: Pos,
        crits: bool,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let loc = struck_location(
            st.units[j].pos,
            crate::engine::facing_index(st.units[j].facing),
            from,
        );
        self.damage_unit_at(st, j, dmg, loc, crits, rng, journal);
    }

    /// Damage to a unit on a given armour location (splash, falls, collapse, fire: the
    /// location is the rule's, not the angle to a firer). The unit's own side and the seats
    /// that see it read what it suffers, on top of whoever reads the cause
    /// ([`Tactical::widen`]).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn damage_unit_at(
        &self,
        st: &mut State,
        j: usize,
        dmg: Damage,
        loc: crate::damage::Facing,
        crits: bool,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let prev = self.widen(st, journal, j);
        self.suffer(st, j, dmg, loc, crits, rng, journal);
        journal.set_audience(prev);
    }

    /// What [`Tactical::damage_unit_at`] does to the unit, in the scope it opened.
    #[allow(clippy::too_many_arguments)]
    fn suffer(
        &self,
        st: &mut State,
        j: usize,
        dmg: Damage,
        loc: crate::damage::Facing,
        crits: bool,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let name = self.name(st, j);
        let u = &st.units[j];
        let mut body = Body {
            hth: u.stat(1),
            damage: u.damage,
            stun: u.stun,
            arm: u.arm,
            susc: u.susc,
            can_crit: true,
        };
        let table = self.catalog.rules().criticals;
        let hit = apply_hit(&mut body, dmg, loc, crits, &table, rng, journal, &|| {
            name.clone()
        });
        let u = &mut st.units[j];
        u.damage = body.damage;
        u.stun = body.stun;
        u.arm = body.arm;
        match hit.critical {
            Some(Location::Legs) => {
                u.legs += 1;
                journal.note("tac.crit.leg", EventKind::Damage, || {
                    format!("{name}'s movement costs double again (tac.crit.cumulative)")
                });
            }
            Some(Location::Arms) => {
                u.arms += 1;
                journal.note("tac.crit.arm", EventKind::Damage, || {
                    format!("{name} loses 10 ACC, MAC and TAC")
                });
            }
            Some(Location::Head) => journal.note("tac.crit.head", EventKind::Damage, || {
                format!("{name} takes a head wound: the damage through counts double")
            }),
            Some(Location::Torso) => journal.note("tac.crit.torso", EventKind::Damage, || {
                format!("{name} takes a body wound")
            }),
            None => {}
        }
        if hit.wounds > 0 {
            journal.note("tac.dmg.armour-facing", EventKind::Damage, || {
                format!("{name} has taken {} of {} HTH", u.damage, u.stat(1))
            });
        }
        let was = u.status;
        let now = match condition(u.stat(1), u.damage, u.stun) {
            Condition::Dead => Status::Dead,
            Condition::Unconscious => Status::Unconscious,
            Condition::Fine => was,
        };
        // Once destroyed always destroyed.
        let now = if was == Status::Dead {
            Status::Dead
        } else {
            now
        };
        if now != was {
            u.status = now;
            u.kneeling = false;
            match now {
                Status::Dead => {
                    // tac.dmg.drop-on-death: its suit is destroyed with it.
                    journal.note("tac.dmg.death", EventKind::Damage, || {
                        format!("{name} is destroyed")
                    });
                }
                Status::Unconscious => {
                    let rule = if u.damage == u.stat(1) {
                        "tac.dmg.knockout"
                    } else {
                        "tac.dmg.stun-ko"
                    };
                    journal.note(rule, EventKind::Damage, || {
                        format!("{name} falls unconscious (tac.dmg.unconscious)")
                    });
                }
                Status::Active => {}
            }
            // tac.dmg.prone: a unit on the floor no longer blocks or obstructs.
            st.resight_all();
            // tac.gap.50: a primed grenade falls from the hand and starts its countdown.
            self.drop_primed(st, j, journal);
            if st.active == Some(j as u8) {
                st.units[j].done = true;
            }
        }
        // tac.dmg.drop-on-death and tac.zombie.hatch.
        if now == Status::Dead && was != Status::Dead {
            self.fallen(st, j, journal);
            self.cyberdisk_explodes(st, j, rng, journal);
        }
    }

    /// The Cyberdisk's own blast: its Detonate shot's damage (90 HE-2), centred on it.
    fn cyberdisk_blast(&self, w: crate::catalog::WeaponId) -> Option<Damage> {
        match self.catalog.weapon(w).shot(Mode::Detonate)?.payload? {
            Payload::Damage(d) => Some(d),
            _ => None,
        }
    }

    /// A destroyed Cyberdisk rolls d10: above 5 it explodes with the force of an alien
    /// grenade (90 HE-2) centred on itself (tac.unit.cyberdisk-explode).
    fn cyberdisk_explodes(
        &self,
        st: &mut State,
        j: usize,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let t = self.catalog.unit(st.units[j].kind);
        let Some(dmg) = t.attacks.iter().find_map(|&w| self.cyberdisk_blast(w)) else {
            return;
        };
        let name = self.name(st, j);
        let face = table_die(
            rng,
            journal,
            "tac.unit.cyberdisk-explode",
            Dice::D10,
            |f| {
                if f > CYBERDISK_SAFE {
                    (CYBERDISK_SAFE + 1, 10)
                } else {
                    (1, CYBERDISK_SAFE)
                }
            },
            |f| {
                format!(
                    "{name} is destroyed: d10 {f}, {}",
                    if f > CYBERDISK_SAFE {
                        "it explodes"
                    } else {
                        "no explosion"
                    }
                )
            },
        );
        if face > CYBERDISK_SAFE {
            let at = st.units[j].square(&st.bf);
            self.blast(st, at, crate::explosion::blast_of(dmg), rng, journal);
        }
    }

    /// The Cyberdisk's Detonate (tac.unit.cyberdisk-detonate, tac.gap.49): 0 TU and no roll;
    /// it destroys itself and its 90 HE-2 blast goes off centred on it.
    fn detonate_self(
        &self,
        st: &mut State,
        i: usize,
        w: crate::catalog::WeaponId,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let Some(dmg) = self.cyberdisk_blast(w) else {
            return;
        };
        let name = self.name(st, i);
        // An attack by unit `i`: read by its witnesses (the blast itself is heard by all).
        let prev = self.attack_scope(st, journal, i, None);
        journal.note("tac.unit.cyberdisk-detonate", EventKind::Attack, || {
            format!("{name} detonates itself ({dmg})")
        });
        let u = &mut st.units[i];
        u.status = Status::Dead;
        u.kneeling = false;
        u.done = true;
        journal.note("tac.dmg.death", EventKind::Damage, || {
            format!("{name} is destroyed")
        });
        st.resight_all();
        self.fallen(st, i, journal);
        let at = st.units[i].pos;
        self.blast(st, at, crate::explosion::blast_of(dmg), rng, journal);
        journal.set_audience(prev);
    }

    /// A missed shot flies on (tac.miss.scope: every missed ranged shot; missed throws go
    /// through [`Tactical::deviate`] too, in throw.rs): a d10 direction from our table (tac.gap.1), one
    /// square off per 10 of the margin of failure, rounded up, at least one (tac.miss.offset,
    /// tac.gap.61); it strikes the first unit on the line from the firer through that square
    /// that is not the target (tac.miss.path, tac.miss.not-target, tac.miss.always-hits).
    #[allow(clippy::too_many_arguments)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn missed_shot(
        &self,
        st: &mut State,
        from: Pos,
        aim: Pos,
        [i, j]: [usize; 2],
        mof: i16,
        dmg: Damage,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let dev = self.deviate(from, aim, mof, "the shot misses", rng, journal);
        // Follow the line well past the deviated square, as far as the map goes.
        let far = Pos::new(
            from.x + (dev.x - from.x) * 4,
            from.y + (dev.y - from.y) * 4,
            from.z + (dev.z - from.z) * 4,
        );
        let shooter = SightBody::at(from);
        let mut last = None;
        for c in line(from, far, Nudge::Plus) {
            let Crossing::Cell(cell) = c else { continue };
            if !st.bf.contains(cell) {
                break;
            }
            // The shot stops where sight from the firer ends (a wall, floor or object), and
            // strikes what stopped it (tac.collat.trigger).
            let sight = st
                .bf
                .line_of_sight(shooter, SightBody::at(cell), &st.sight, |_| false);
            if !sight.clear {
                let at = last.unwrap_or(from);
                // Where it strikes is seen by the seats that see the square; its words
                // name no firer.
                let prev = self.widen_square(st, journal, at);
                self.stray_strikes_map(st, at, sight.blocked_by, dmg, rng, journal);
                journal.set_audience(prev);
                return;
            }
            let victim = st
                .units
                .iter()
                .position(|u| u.active() && u.covers(&st.bf, cell));
            if let Some(k) = victim
                && k != i
                && k != j
            {
                // The unit struck and the seats that see it learn of the stray round.
                let prev = self.widen(st, journal, k);
                let name = self.name(st, k);
                journal.note("tac.miss.always-hits", EventKind::Attack, || {
                    format!("the stray shot strikes {name}")
                });
                self.shot_lands(st, k, dmg, from, rng, journal);
                journal.set_audience(prev);
                return;
            }
            last = Some(cell);
        }
        journal.note("tac.miss.path", EventKind::Attack, || {
            "the stray shot leaves the map and hits nothing".into()
        });
    }

    /// Where a missed shot or a failed throw deviates to (tac.miss.direction, tac.miss.mof,
    /// tac.miss.offset): a d10 on our direction table (tac.gap.1), relative to the line from
    /// `from` to `aim`, and one square off per 10 of the margin of failure, rounded up, at
    /// least one (tac.gap.61).
    pub(crate) fn deviate(
        &self,
        from: Pos,
        aim: Pos,
        mof: i16,
        what: &'static str,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> Pos {
        let table = self.catalog.rules().miss;
        let face = table_die(
            rng,
            journal,
            "tac.miss.direction",
            Dice::D10,
            |f| {
                let i = usize::try_from(f.clamp(1, 10) - 1).unwrap_or(0);
                let row = table[i];
                let lo = (0..=i)
                    .rev()
                    .take_while(|&k| table[k] == row)
                    .last()
                    .unwrap_or(i);
                let hi = (i..10).take_while(|&k| table[k] == row).last().unwrap_or(i);
                (lo as u32 + 1, hi as u32 + 1)
            },
            |f| format!("{what}: d10 {f} for its direction"),
        );
        let (turn, short) = table[usize::try_from(face.clamp(1, 10) - 1).unwrap_or(0)];
        let offset = i32::from(((mof.max(0) + 9) / 10).max(1));
        let fire = crate::damage::octant(from, aim).unwrap_or(0);
        let dir = if turn == 0 {
            if short { (fire + 4) % 8 } else { fire }
        } else {
            ((i16::from(fire) + i16::from(turn)).rem_euclid(8)) as u8
        };
        let (dx, dy) = crate::map::Facing::ALL[usize::from(dir)].offset();
        let dev = Pos::new(aim.x + dx * offset, aim.y + dy * offset, aim.z);
        journal.note_with(
            "tac.miss.offset",
            EventKind::Attack,
            || {
                format!(
                    "it flies past {offset} square(s) off, towards {},{}",
                    dev.x, dev.y
                )
            },
            || {
                vec![
                    Input::new("margin of failure", mof, "tac.miss.mof"),
                    Input::new("offset", offset, "tac.gap.61"),
                ]
            },
        );
        dev
    }

    /// After unit `i` stepped, turned or knelt: every enemy that now sees it and did not
    /// before, with TUs for a snap shot, rolls to react (tac.react.trigger, tac.react.repeat,
    /// tac.gap.5).
    pub(crate) fn check_reactions(
        &self,
        st: &mut State,
        i: usize,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        if !st.units[i].active() {
            return;
        }
        let mover = st.units[i].control;
        for e in 0..st.units.len() {
            let o = &st.units[e];
            if e == i || !o.active() || st.allies(o.control, mover) {
                continue;
            }
            let Some((_, tu)) = snap_tu(self, st, o) else {
                continue;
            };
            if o.tu < tu || !st.sees(e, i) || o.seen_before(i) {
                continue;
            }
            let (a, d) = (o.stat(6), st.units[i].stat(6));
            let (re, mv) = (self.name(st, e), self.name(st, i));
            journal.note("tac.react.trigger", EventKind::Effect, || {
                format!("{mv} comes into the sight of {re}")
            });
            let won = opposed(
                rng,
                journal,
                "tac.react.roll",
                a,
                d,
                &|| re.clone(),
                &|| mv.clone(),
            );
            if won {
                st.reactions.push(Reaction {
                    reactor: e as u8,
                    target: i as u8,
                });
            }
        }
        self.remember_sight(st);
        self.settle_reactions(st, rng, journal);
    }

    /// Answers the reactions of seats that react automatically (the `auto_react` option),
    /// until one waits for a seat's decision.
    pub(crate) fn settle_reactions(
        &self,
        st: &mut State,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        while let Some(r) = st.reactions.first().copied() {
            let (e, t) = (usize::from(r.reactor), usize::from(r.target));
            let still = st.units[e].active()
                && st.units[t].active()
                && st.sees(e, t)
                && snap_tu(self, st, &st.units[e]).is_some_and(|(_, tu)| st.units[e].tu >= tu);
            if !still {
                st.reactions.remove(0);
                continue;
            }
            if !st.options.reacts_automatically(st.units[e].control) {
                return;
            }
            st.reactions.remove(0);
            self.reaction_shot(st, e, t, rng, journal);
        }
        // A run waiting for its seat comes before the turn goes on (tac.civ.flee).
        self.settle_flights(st, journal);
        if !st.flights.is_empty() {
            return;
        }
        // Every decision answered: the moving unit's turn goes on, or ends.
        if let Some(a) = st.active {
            let a = usize::from(a);
            let u = &st.units[a];
            if !u.active() || u.tu <= 0 {
                st.units[a].done = true;
                st.units[a].turn_from = None;
                st.active = None;
            }
        }
        if st.outcome.is_none() && st.active.is_none() && !Self::can_move(st, st.turn_seat()) {
            self.check_victory(st, journal);
            if st.outcome.is_none() {
                self.end_squad_turn(st, rng, journal);
            }
        }
    }

    /// The reaction snap shot itself (tac.react.roll: one snap shot at the moving unit).
    pub(crate) fn reaction_shot(
        &self,
        st: &mut State,
        e: usize,
        t: usize,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let Some((w, tu)) = snap_tu(self, st, &st.units[e]) else {
            return;
        };
        if st.units[e].tu < tu || !st.units[t].active() {
            return;
        }
        let prev = self.attack_scope(st, journal, e, Some(t));
        self.attack(st, e, w, Mode::Snap, t, true, rng, journal);
        journal.set_audience(prev);
        self.remember_sight(st);
        self.check_victory(st, journal);
    }

    /// Records who sees whom now, so the next move triggers reactions only for new sight.
    pub(crate) fn remember_sight(&self, st: &mut State) {
        for k in 0..st.units.len() {
            let m = st.seen_mask(k);
            st.units[k].seen = m;
        }
    }
}

impl Tactical {
    /// The firer's own modifiers shared by every aimed attack: night without light on the
    /// target (tac.ranged.mod.night; humans only, not where a flare lights it, tac.equip.flare)
    /// and kneeling (tac.ranged.mod.kneeling).
    pub(crate) fn firer_mods(&self, st: &State, u: &Unit, lit: bool, mods: &mut Vec<Modifier>) {
        let m = &self.catalog.rules().modifiers;
        if st.options.light == Light::Night && self.human(st, u) && !lit {
            mods.push(Modifier {
                label: "night",
                value: m.night,
                clause: "tac.ranged.mod.night",
            });
        }
        if u.kneeling {
            mods.push(Modifier {
                label: "kneeling",
                value: m.kneeling_attack,
                clause: "tac.ranged.mod.kneeling",
            });
        }
    }
}
