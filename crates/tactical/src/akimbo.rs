//! Firing two weapons at once, "akimbo" (tac.ranged.akimbo, tac.react.akimbo).
//!
//! Our readings, as `docs/rules/tactical.md` says (tac.gap.46):
//! - A soldier may carry a second small arm (a pistol or rifle) in its other hand, bought with
//!   one clip and never reloaded in battle; it fires only in akimbo shots.
//! - An akimbo shot fires the weapon in hand and the second one at the same target, both in
//!   the same mode, Snap or Auto (never Aimed), each weapon listing that mode and loaded; it
//!   costs the higher of the two TU costs. Support weapons never fire akimbo.
//! - Each weapon's shot is resolved on its own with -5 per shot for two pistols
//!   (tac.ranged.mod.akimbo-pistols) or -15 when either is a rifle
//!   (tac.ranged.mod.akimbo-rifles), and without the second-weapon penalty.
//! - A reaction shot may be taken akimbo only with two pistols (tac.react.akimbo), in Snap
//!   mode, for the higher of the two snap costs.

use crate::action::Action;
use crate::catalog::WeaponId;
use crate::combat::Modifier;
use crate::data::{Mode, WeaponClass};
use crate::engine::Tactical;
use crate::legal::{attack_tu, loaded, ranged_payload, turn_now};
use crate::state::{State, Unit};
use squadsight_core::journal::mention;
use squadsight_core::{EventKind, GameRng, Input, Journal, Seat};

/// Which hand's weapon a shot comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Hand {
    /// The weapon in hand ([`Unit::weapon`]).
    Main,
    /// The second weapon ([`Unit::second`]).
    Off,
}

impl Tactical {
    /// The two weapons of an akimbo shot, if the unit carries two small arms.
    pub(crate) fn pair(&self, u: &Unit) -> Option<(WeaponId, WeaponId)> {
        let (a, b) = (u.weapon?, u.second?);
        let small = |w: WeaponId| {
            matches!(
                self.catalog.weapon(w).class,
                WeaponClass::Pistol | WeaponClass::Rifle
            )
        };
        (small(a) && small(b)).then_some((a, b))
    }

    /// The akimbo modifier for a unit's pair: -5 for two pistols, -15 with a rifle
    /// (tac.ranged.mod.akimbo-pistols, tac.ranged.mod.akimbo-rifles).
    pub(crate) fn akimbo_modifier(&self, u: &Unit) -> Option<Modifier> {
        let (a, b) = self.pair(u)?;
        let m = self.catalog.rules().modifiers;
        let pistols = [a, b]
            .iter()
            .all(|&w| self.catalog.weapon(w).class == WeaponClass::Pistol);
        Some(if pistols {
            Modifier {
                label: "akimbo, two pistols",
                value: m.akimbo_pistols,
                clause: "tac.ranged.mod.akimbo-pistols",
            }
        } else {
            Modifier {
                label: "akimbo, rifle",
                value: m.akimbo_rifles,
                clause: "tac.ranged.mod.akimbo-rifles",
            }
        })
    }

    /// TU of an akimbo shot in `mode`: the higher of the two weapons' costs, if both list the
    /// mode and can fire (tac.ranged.akimbo).
    pub(crate) fn akimbo_tu(&self, st: &State, u: &Unit, mode: Mode) -> Option<i16> {
        if !matches!(mode, Mode::Snap | Mode::Auto) || u.stats[2].is_none_or(|a| a <= 0) {
            return None;
        }
        let (a, b) = self.pair(u)?;
        if !loaded(u, a) || !ranged_payload(self, u, a) || u.second_rounds == Some(0) {
            return None;
        }
        Some(attack_tu(self, st, a, mode)?.max(attack_tu(self, st, b, mode)?))
    }

    /// Appends unit `i`'s akimbo shots at the enemies it sees.
    pub(crate) fn akimbo_actions(&self, st: &State, seat: Seat, i: usize, out: &mut Vec<Action>) {
        let u = &st.units[i];
        for mode in [Mode::Auto, Mode::Snap] {
            let Some(tu) = self.akimbo_tu(st, u, mode) else {
                continue;
            };
            for (j, o) in st.units.iter().enumerate() {
                if j == i
                    || !o.active()
                    || st.allies(o.control, seat)
                    || !st.sees_knowing(seat, i, j)
                {
                    continue;
                }
                let face = self.face_towards(u, o).map_or(0, |f| turn_now(self, u, f));
                if tu + face <= u.tu {
                    out.push(Action::Akimbo {
                        unit: i as u8,
                        mode,
                        target: j as u8,
                    });
                }
            }
        }
    }

    /// Whether reactor `e` may take its reaction shot akimbo: two pistols and the TUs of
    /// both snap shots' higher cost (tac.react.akimbo).
    pub(crate) fn reacts_akimbo(&self, st: &State, e: usize) -> bool {
        let u = &st.units[e];
        self.pair(u).is_some_and(|(a, b)| {
            self.catalog.weapon(a).class == WeaponClass::Pistol
                && self.catalog.weapon(b).class == WeaponClass::Pistol
        }) && self
            .akimbo_tu(st, u, Mode::Snap)
            .is_some_and(|tu| tu <= u.tu)
    }

    /// Fires both weapons of unit `i` at unit `j` in `mode` (tac.ranged.akimbo): it turns to
    /// face the target, pays the higher TU cost once, then each weapon's shot is resolved on
    /// its own.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn akimbo(
        &self,
        st: &mut State,
        i: usize,
        mode: Mode,
        j: usize,
        reaction: bool,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let Some((a, b)) = self.pair(&st.units[i]) else {
            return;
        };
        let tu = self.akimbo_tu(st, &st.units[i], mode).unwrap_or(0);
        if let Some(f) = self.face_towards(&st.units[i], &st.units[j]) {
            let turn = turn_now(self, &st.units[i], f);
            let u = &mut st.units[i];
            u.tu -= turn;
            u.facing = f;
            u.turn_from = None;
            st.resight(i);
        }
        st.units[i].tu -= tu;
        let (attacker, defender) = (self.name(st, i), self.name(st, j));
        let (na, nb) = (
            mention(&self.catalog.weapon(a).name),
            mention(&self.catalog.weapon(b).name),
        );
        journal.note_with(
            if reaction {
                "tac.react.akimbo"
            } else {
                "tac.ranged.akimbo"
            },
            EventKind::Attack,
            || {
                format!(
                    "{attacker} fires its {na} and {nb} akimbo at {defender} ({mode:?}, {tu} TU)"
                )
            },
            || vec![Input::new("TU", tu, "tac.ranged.akimbo")],
        );
        if st.units[i].fired.is_none() {
            st.units[i].fired = Some(a);
        }
        self.rounds(st, i, a, mode, j, Hand::Main, true, rng, journal);
        self.rounds(st, i, b, mode, j, Hand::Off, true, rng, journal);
    }
}
