//! Psi combat (tac.psi.*): who may attack and be attacked, the opposed roll of PSK against
//! PST, and what the three attacks do: the mind probe shows a character sheet, panic rolls a
//! d10 on the panic table, mind control hands the unit over.
//!
//! Decisions in our words (docs/rules/tactical.md): every psi attack costs the Psi Amp's
//! 10 TU, aliens included, and needs the target in sight of the attacker's seat
//! (tac.gap.30); panic plays out at the start of the victim's next round (tac.gap.32):
//! paralysed units get no TUs, fleeing units drop the weapon in their hands and run from the
//! attacker under their own seat's steering, berserk units spend their TUs on snap shots in
//! directions rolled on the d10 direction table; mind control lasts until the controller's
//! next squad turn in which the unit could play ends (tac.gap.33). Morale is not tracked.

use crate::civilians::{Flight, FlightCause};
use crate::data::{Group, Mode, PanicEffect};
use crate::engine::Tactical;
use crate::legal::{loaded, ranged_payload, weapons_of};
use crate::rolls::{opposed, table_die};
use crate::state::{State, Status, Unit};
use serde::{Deserialize, Serialize};
use squadsight_core::dice::Dice;
use squadsight_core::los::Nudge;
use squadsight_core::square::{Crossing, Pos, line};
use squadsight_core::{EventKind, GameRng, Input, Journal, Seat};

/// The three psi attacks (tac.psi.probe, tac.psi.panic, tac.psi.mind-control).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PsiKind {
    /// Mind probe, +10: the target's character sheet.
    Probe,
    /// Panic, +0: a d10 on the panic table.
    Panic,
    /// Mind control, -25: the unit changes hands.
    MindControl,
}

impl PsiKind {
    /// Every attack, in listing order.
    pub const ALL: [PsiKind; 3] = [PsiKind::Probe, PsiKind::Panic, PsiKind::MindControl];
}

impl Tactical {
    /// Whether a unit can launch psi attacks (tac.psi.who, tac.equip.psi-amp,
    /// tac.unit.hwp-rules, tac.unit.terror-rules): aliens with a PSK, humans with a PSK and
    /// a Psi Amp; never HWPs, zombies or civilians. A terror unit has a PSK only once boosted
    /// (tac.gap.22).
    pub(crate) fn psi_capable(&self, u: &Unit) -> bool {
        let t = self.catalog.unit(u.kind);
        if u.zombie.is_some() || u.stats[7].is_none() {
            return false;
        }
        match t.group {
            Group::Hwp | Group::Civilian => false,
            Group::XcomSoldier => u.psi_amp,
            Group::AlienSoldier | Group::Terror => true,
        }
    }

    /// Whether a unit can be psi-attacked: HWPs never (tac.unit.hwp-rules); terror units
    /// always (tac.unit.terror-rules).
    pub(crate) fn psi_target(&self, u: &Unit) -> bool {
        u.active() && self.catalog.unit(u.kind).group != Group::Hwp
    }

    /// TU of a psi attack: the Psi Amp's, for every attacker (tac.gap.30).
    pub(crate) fn psi_tu(&self) -> i16 {
        i16::from(self.catalog.psi_amp().tu)
    }

    /// The modifier of an attack (tac.psi.probe, tac.psi.panic, tac.psi.mind-control).
    pub(crate) fn psi_modifier(&self, kind: PsiKind) -> i16 {
        let r = self.catalog.rules();
        match kind {
            PsiKind::Probe => r.psi_probe,
            PsiKind::Panic => r.psi_panic,
            PsiKind::MindControl => r.psi_mind_control,
        }
    }

    /// Appends unit `i`'s psi attacks: every enemy its seat sees (tac.gap.30).
    pub(crate) fn psi_actions(
        &self,
        st: &State,
        seat: Seat,
        i: usize,
        out: &mut Vec<crate::action::Action>,
    ) {
        let u = &st.units[i];
        if !self.psi_capable(u) || u.tu < self.psi_tu() {
            return;
        }
        for (j, o) in st.units.iter().enumerate() {
            if j == i || !self.psi_target(o) || st.allies(o.control, seat) {
                continue;
            }
            if !st.seat_sees(seat, j) {
                continue;
            }
            for kind in PsiKind::ALL {
                out.push(crate::action::Action::Psi {
                    unit: i as u8,
                    target: j as u8,
                    kind,
                });
            }
        }
    }

    /// A psi attack (tac.psi.resolve): the attacker's d100 + PSK + modifier must beat the
    /// defender's d100 + PST; ties roll again.
    pub(crate) fn psi_attack(
        &self,
        st: &mut State,
        i: usize,
        j: usize,
        kind: PsiKind,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        // Fog of war (docs/rules/tactical.md, "The journal and fog of war"): the attack and
        // its dice are read by the seats that witness the attacker; the target's side (and
        // any seat that sees the target) always learns it was attacked and what came of
        // it, without the attacker's name.
        let prev = self.attack_scope(st, journal, i, None);
        let unseen = match journal.audience().filter(|_| journal.enabled()) {
            Some(scope) => crate::witness::minus(self.witnesses(st, j), scope),
            None => squadsight_core::SeatSet::NONE,
        };
        let defender = self.name(st, j);
        if !unseen.is_empty() {
            journal.private(
                "tac.psi.who",
                EventKind::Attack,
                unseen,
                || {
                    format!(
                        "{defender} is struck by a {kind:?} psi attack from a mind it cannot see"
                    )
                },
                || None,
            );
        }
        let outcome = self.psi_resolve(st, i, j, kind, rng, journal);
        if !unseen.is_empty() {
            journal.private(
                "tac.psi.resolve",
                EventKind::Effect,
                unseen,
                || format!("{defender} {outcome}"),
                || None,
            );
        }
        journal.set_audience(prev);
    }

    /// The psi attack itself, in the scope [`Tactical::psi_attack`] opened; returns what came
    /// of it in words that name no attacker.
    fn psi_resolve(
        &self,
        st: &mut State,
        i: usize,
        j: usize,
        kind: PsiKind,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> String {
        let tu = self.psi_tu();
        st.units[i].tu -= tu;
        let (attacker, defender) = (self.name(st, i), self.name(st, j));
        let modifier = self.psi_modifier(kind);
        let (psk, pst) = (st.units[i].stat(7), st.units[j].stat(8));
        let clause = match kind {
            PsiKind::Probe => "tac.psi.probe",
            PsiKind::Panic => "tac.psi.panic",
            PsiKind::MindControl => "tac.psi.mind-control",
        };
        journal.note_with(
            "tac.psi.who",
            EventKind::Attack,
            || format!("{attacker} makes a {kind:?} psi attack on {defender} ({tu} TU)"),
            || {
                vec![
                    Input::new("PSK", psk, "tac.stat.psk"),
                    Input::new("modifier", modifier, clause),
                    Input::new("PST", pst, "tac.stat.pst"),
                    Input::new("TU", tu, "tac.gap.30"),
                ]
            },
        );
        let won = opposed(
            rng,
            journal,
            "tac.psi.resolve",
            psk + modifier,
            pst,
            &|| attacker.clone(),
            &|| defender.clone(),
        );
        if !won {
            journal.note("tac.psi.resolve", EventKind::Effect, || {
                format!("{defender} resists: nothing happens")
            });
            return "resists: nothing happens".into();
        }
        match kind {
            PsiKind::Probe => {
                let sheet = self.sheet(&st.units[j]);
                journal.note("tac.psi.probe", EventKind::Effect, || {
                    format!("{attacker} reads {defender}'s mind: {sheet}")
                });
                "has its mind read".into()
            }
            PsiKind::Panic => {
                let table = self.catalog.rules().panic;
                let face = table_die(
                    rng,
                    journal,
                    "tac.psi.panic",
                    Dice::D10,
                    |f| {
                        let k = usize::try_from(f.clamp(1, 10) - 1).unwrap_or(0);
                        let row = table[k];
                        let lo = (0..=k).rev().take_while(|&n| table[n] == row).last();
                        let hi = (k..10).take_while(|&n| table[n] == row).last();
                        (lo.unwrap_or(k) as u32 + 1, hi.unwrap_or(k) as u32 + 1)
                    },
                    |f| format!("{defender} panics: d10 {f} on the panic table"),
                );
                let effect = table[usize::try_from(face.clamp(1, 10) - 1).unwrap_or(0)];
                let clause = panic_clause(effect);
                let u = &mut st.units[j];
                u.panic = Some(effect);
                u.panic_from = Some(i as u8);
                let how = match effect {
                    PanicEffect::Paralysed => "paralysed with fear",
                    PanicEffect::Flee => "running away",
                    PanicEffect::Berserk => "berserk",
                };
                journal.note(clause, EventKind::Effect, || {
                    format!("{defender} will be {how} on its next turn (tac.gap.32)")
                });
                format!("panics: it will be {how} on its next turn")
            }
            PsiKind::MindControl => {
                // tac.gap.33: control passes at once; a unit that has had its turn this
                // round plays for the controller in the next one.
                let seat = st.units[i].control;
                let round = st.round;
                let u = &mut st.units[j];
                u.control = seat;
                u.controlled = true;
                u.control_until = if u.done { round + 1 } else { round };
                let until = u.control_until;
                journal.note("tac.psi.mind-control", EventKind::Effect, || {
                    format!("{defender} is under {attacker}'s control until the end of its squad turn in round {until}")
                });
                st.resight_all();
                self.remember_sight(st);
                format!(
                    "falls under an enemy's control until the end of its squad turn in round {until}"
                )
            }
        }
    }

    /// A unit's character sheet as the mind probe shows it (tac.psi.probe): every stat, a
    /// missing one as "-" (tac.stat.sheet), and the armour left by location (tac.stat.arm).
    fn sheet(&self, u: &Unit) -> String {
        let mut parts = Vec::new();
        for (k, name) in crate::squad::STAT_NAMES.iter().enumerate() {
            match u.stats[k] {
                Some(v) => parts.push(format!("{name} {v}")),
                None => parts.push(format!("{name} -")),
            }
        }
        format!(
            "{}; ARM {:?}; {} of {} HTH lost; {} TU left",
            parts.join(" "),
            u.arm,
            u.damage,
            u.stat(1),
            u.tu
        )
    }

    /// Panic results come due at the start of a round, after TUs are regained
    /// (tac.gap.32): paralysis takes every TU (tac.psi.panic-paralysed); a fleeing unit
    /// drops the weapon in its hands and runs from its attacker (tac.psi.panic-flee); a
    /// berserk one fires snap shots in rolled directions (tac.psi.panic-berserk).
    pub(crate) fn panic_effects(&self, st: &mut State, rng: &mut GameRng, journal: &mut Journal) {
        for i in 0..st.units.len() {
            let Some(effect) = st.units[i].panic.take() else {
                continue;
            };
            let from = st.units[i].panic_from.take();
            if !st.units[i].active() {
                continue;
            }
            let name = self.name(st, i);
            // Read by the unit's own side and the seats that see it (docs/rules/tactical.md,
            // "The journal and fog of war").
            let prev = self.attack_scope(st, journal, i, None);
            match effect {
                PanicEffect::Paralysed => {
                    st.units[i].tu = 0;
                    st.units[i].done = true;
                    journal.note("tac.psi.panic-paralysed", EventKind::Effect, || {
                        format!("{name} is frozen with fear: no TUs this turn")
                    });
                }
                PanicEffect::Flee => {
                    self.drop_weapon(st, i, journal);
                    let from = from.unwrap_or(i as u8);
                    journal.note("tac.psi.panic-flee", EventKind::Effect, || {
                        format!("{name} drops its weapon and runs")
                    });
                    st.flights.push(Flight {
                        unit: i as u8,
                        from,
                        seat: st.units[i].control,
                        cause: FlightCause::Panic,
                    });
                }
                PanicEffect::Berserk => {
                    // A berserk unit's shots are scoped like any attack.
                    self.berserk(st, i, rng, journal);
                }
            }
            journal.set_audience(prev);
        }
    }

    /// tac.psi.panic-berserk: snap shots with the first weapon held while TUs last, each in
    /// a direction read from the d10 direction table against the unit's facing; a shot
    /// flies straight and strikes the first unit in its way. A unit with no usable weapon
    /// stands still. Its turn is spent either way.
    fn berserk(&self, st: &mut State, i: usize, rng: &mut GameRng, journal: &mut Journal) {
        let name = self.name(st, i);
        journal.note("tac.psi.panic-berserk", EventKind::Effect, || {
            format!("{name} goes berserk")
        });
        let u = &st.units[i];
        let weapon = weapons_of(self, u).into_iter().find(|&w| {
            ranged_payload(self, u, w) && self.catalog.weapon(w).shot(Mode::Snap).is_some()
        });
        if let Some(w) = weapon {
            let tu = i16::from(self.catalog.weapon(w).shot(Mode::Snap).map_or(0, |s| s.tu)).max(1);
            let table = self.catalog.rules().miss;
            while st.units[i].active() && st.units[i].tu >= tu && loaded(&st.units[i], w) {
                st.units[i].tu -= tu;
                if st.units[i].weapon == Some(w)
                    && let Some(n) = st.units[i].rounds
                {
                    st.units[i].rounds = Some(n.saturating_sub(1));
                }
                let face = table_die(
                    rng,
                    journal,
                    "tac.psi.panic-berserk",
                    Dice::D10,
                    |f| {
                        let k = usize::try_from(f.clamp(1, 10) - 1).unwrap_or(0);
                        let row = table[k];
                        let lo = (0..=k).rev().take_while(|&n| table[n] == row).last();
                        let hi = (k..10).take_while(|&n| table[n] == row).last();
                        (lo.unwrap_or(k) as u32 + 1, hi.unwrap_or(k) as u32 + 1)
                    },
                    |f| format!("{name} fires wildly: d10 {f} for the direction (tac.gap.1)"),
                );
                let (turn, short) = table[usize::try_from(face.clamp(1, 10) - 1).unwrap_or(0)];
                let facing = crate::engine::facing_index(st.units[i].facing);
                let dir = if turn == 0 && short {
                    (facing + 4) % 8
                } else {
                    ((i16::from(facing) + i16::from(turn)).rem_euclid(8)) as u8
                };
                self.wild_shot(st, i, w, dir, rng, journal);
            }
        }
        let u = &mut st.units[i];
        u.tu = 0;
        u.done = true;
    }

    /// One berserk shot in direction `dir` (an eighth of a turn from north): the first
    /// standing unit on the straight line, until sight from the firer ends, takes the
    /// weapon's damage.
    fn wild_shot(
        &self,
        st: &mut State,
        i: usize,
        w: crate::catalog::WeaponId,
        dir: u8,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let u = &st.units[i];
        let ammo = if u.weapon == Some(w) {
            usize::from(u.ammo)
        } else {
            0
        };
        let Some(crate::catalog::Payload::Damage(dmg)) =
            self.catalog.weapon(w).ammo.get(ammo).map(|a| a.payload)
        else {
            return;
        };
        let from = u.pos;
        let (dx, dy) = crate::map::Facing::ALL[usize::from(dir % 8)].offset();
        let far = Pos::new(from.x + dx * 60, from.y + dy * 60, from.z);
        let shooter = crate::map::Body::at(from);
        for c in line(from, far, Nudge::Plus) {
            let Crossing::Cell(cell) = c else { continue };
            if cell == from {
                continue;
            }
            if !st.bf.contains(cell)
                || !st
                    .bf
                    .line_of_sight(shooter, crate::map::Body::at(cell), &st.sight, |_| false)
                    .clear
            {
                break;
            }
            if let Some(k) = st
                .units
                .iter()
                .position(|o| o.status == Status::Active && o.covers(&st.bf, cell))
                && k != i
            {
                let victim = self.name(st, k);
                journal.note("tac.psi.panic-berserk", EventKind::Attack, || {
                    format!("the wild shot strikes {victim}")
                });
                self.damage_unit(st, k, dmg, from, true, rng, journal);
                return;
            }
        }
        journal.note("tac.psi.panic-berserk", EventKind::Attack, || {
            "the wild shot hits nobody".into()
        });
    }

    /// Mind control ends with the controller's squad turn once its round has come
    /// (tac.psi.mind-control, tac.gap.33).
    pub(crate) fn release_control(&self, st: &mut State, seat: Seat, journal: &mut Journal) {
        let round = st.round;
        for i in 0..st.units.len() {
            let u = &st.units[i];
            if u.controlled && u.control == seat && round >= u.control_until {
                let name = self.name(st, i);
                let u = &mut st.units[i];
                u.controlled = false;
                u.control = u.seat;
                journal.note("tac.psi.mind-control", EventKind::Effect, || {
                    format!("{name} shakes off the mind control")
                });
            }
        }
    }
}

/// The clause of a panic effect.
fn panic_clause(effect: PanicEffect) -> &'static str {
    match effect {
        PanicEffect::Paralysed => "tac.psi.panic-paralysed",
        PanicEffect::Flee => "tac.psi.panic-flee",
        PanicEffect::Berserk => "tac.psi.panic-berserk",
    }
}
