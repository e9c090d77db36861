//! Items on the floor: what the dead drop (tac.dmg.drop-on-death), what a panicked unit lets
//! fall (tac.psi.panic-flee), and picking up and dropping (tac.dmg.pickup, tac.gap.55).
//!
//! Our reading (docs/rules/tactical.md, tac.gap.55): picking up and dropping cost no TUs; a
//! unit picks up only in a square it stands on and only what it can hold (one weapon in the
//! hands, one medikit, one Psi Amp, any number of grenades); only soldiers carry
//! equipment (tac.unit.hwp-rules, tac.unit.terror-rules), and medikits only X-Com soldiers
//! (tac.gap.58). An item dropped in a squad's turn cannot be picked up again in that turn, so
//! free actions never go round in circles. Weight follows what is carried
//! (tac.move.encumbrance).

use crate::action::Action;
use crate::catalog::{GrenadeId, WeaponId};
use crate::data::Group;
use crate::engine::Tactical;
use crate::state::{State, Unit};
use serde::{Deserialize, Serialize};
use squadsight_core::journal::mention;
use squadsight_core::square::Pos;
use squadsight_core::{EventKind, Journal};

/// One thing a unit can carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    /// A weapon with its loaded round, the rounds left in the clip, and spare clips.
    Weapon {
        /// The weapon.
        id: WeaponId,
        /// Which round is loaded.
        ammo: u8,
        /// Rounds left in the clip.
        rounds: Option<u16>,
        /// Spare clips.
        clips: u8,
    },
    /// A grenade.
    Grenade(GrenadeId),
    /// A medikit with its charges.
    Medikit(u8),
    /// A Psi Amp.
    PsiAmp,
}

/// An item lying on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FloorItem {
    /// The square.
    pub pos: Pos,
    /// The item.
    pub item: Item,
    /// Dropped during the squad turn now running: it cannot be picked up until it ends.
    pub fresh: bool,
}

/// Which of its things a unit drops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Carried {
    /// The weapon in its hands, with its clips.
    Weapon,
    /// The grenade at this place in its list.
    Grenade(u8),
    /// Its medikit.
    Medikit,
    /// Its Psi Amp.
    PsiAmp,
}

impl Tactical {
    /// What an item weighs (tac.move.encumbrance, tac.gap.45).
    pub(crate) fn item_weight(&self, item: &Item) -> u32 {
        match *item {
            Item::Weapon { id, clips, .. } => {
                let w = self.catalog.weapon(id);
                u32::from(w.weight) + u32::from(clips) * u32::from(w.clip_weight.unwrap_or(0))
            }
            Item::Grenade(g) => u32::from(self.catalog.grenade(g).weight),
            Item::Medikit(_) => u32::from(self.catalog.medikit().weight),
            Item::PsiAmp => u32::from(self.catalog.psi_amp().weight),
        }
    }

    /// Whether a unit carries equipment at all: soldiers of either side, not zombies; any of
    /// them may carry any weapon or equipment, its STR the only limit (tac.squad.carry-any,
    /// tac.stat.str through tac.move.encumbrance).
    pub(crate) fn carries(&self, u: &Unit) -> bool {
        u.zombie.is_none()
            && matches!(
                self.catalog.unit(u.kind).group,
                Group::XcomSoldier | Group::AlienSoldier
            )
    }

    /// Takes one thing off a unit, if it has it.
    fn take(&self, u: &mut Unit, what: Carried) -> Option<Item> {
        let item = match what {
            Carried::Weapon => {
                let id = u.weapon.take()?;
                // A Grenade Launcher is put down empty: its grenades go back into the kit
                // (tac.equip.grenade-launcher).
                if !u.launcher.is_empty() {
                    let loaded: Vec<_> = u.launcher.drain(..).collect();
                    u.grenades.extend(loaded);
                    u.rounds = Some(0);
                }
                let item = Item::Weapon {
                    id,
                    ammo: u.ammo,
                    rounds: u.rounds,
                    clips: u.clips,
                };
                u.ammo = 0;
                u.rounds = None;
                u.clips = 0;
                item
            }
            Carried::Grenade(k) => {
                let k = usize::from(k);
                if k >= u.grenades.len() {
                    return None;
                }
                Item::Grenade(u.grenades.remove(k))
            }
            Carried::Medikit => {
                if u.medikit == 0 {
                    return None;
                }
                let m = Item::Medikit(u.medikit);
                u.medikit = 0;
                m
            }
            Carried::PsiAmp => {
                if !u.psi_amp {
                    return None;
                }
                u.psi_amp = false;
                Item::PsiAmp
            }
        };
        u.weight = u.weight.saturating_sub(self.item_weight(&item));
        Some(item)
    }

    /// Puts one thing down on the unit's square.
    fn put_down(&self, st: &mut State, i: usize, what: Carried, fresh: bool) -> Option<Item> {
        let item = self.take(&mut st.units[i], what)?;
        st.floor.push(FloorItem {
            pos: st.units[i].pos,
            item,
            fresh,
        });
        Some(item)
    }

    /// A panicked unit lets the weapon in its hands fall (tac.psi.panic-flee).
    pub(crate) fn drop_weapon(&self, st: &mut State, i: usize, journal: &mut Journal) {
        if let Some(item) = self.put_down(st, i, Carried::Weapon, false) {
            let (name, what) = (self.name(st, i), self.item_mention(&item));
            journal.note("tac.psi.panic-flee", EventKind::Effect, || {
                format!("{name} drops its {what}")
            });
        }
    }

    /// A destroyed unit leaves what it carried in its square; its suit is destroyed with it
    /// (tac.dmg.drop-on-death).
    pub(crate) fn drop_all(&self, st: &mut State, i: usize, journal: &mut Journal) {
        let mut dropped = Vec::new();
        // The second weapon (tac.ranged.akimbo) falls too; a launcher's grenades fall out of
        // it with the rest of the kit (`take`).
        let u = &mut st.units[i];
        if let Some(id) = u.second.take() {
            let item = Item::Weapon {
                id,
                ammo: 0,
                rounds: u.second_rounds.take(),
                clips: 0,
            };
            u.weight = u.weight.saturating_sub(self.item_weight(&item));
            st.floor.push(FloorItem {
                pos: st.units[i].pos,
                item,
                fresh: false,
            });
            dropped.push(self.item_mention(&item));
        }
        for what in [Carried::Weapon, Carried::Medikit, Carried::PsiAmp] {
            if let Some(item) = self.put_down(st, i, what, false) {
                dropped.push(self.item_mention(&item));
            }
        }
        while let Some(item) = self.put_down(st, i, Carried::Grenade(0), false) {
            dropped.push(self.item_mention(&item));
        }
        if !dropped.is_empty() {
            let name = self.name(st, i);
            journal.note("tac.dmg.drop-on-death", EventKind::Effect, || {
                format!("{name} leaves {} on the floor", dropped.join(", "))
            });
        }
    }

    /// An item's name.
    /// An item's name as a journal text mentions it (held once by the journal).
    fn item_mention(&self, item: &Item) -> String {
        mention(&self.item_name(item)).to_string()
    }

    pub(crate) fn item_name(&self, item: &Item) -> String {
        match *item {
            Item::Weapon { id, .. } => self.catalog.weapon(id).name.clone(),
            Item::Grenade(g) => self.catalog.grenade(g).name.clone(),
            Item::Medikit(n) => format!("Medikit ({n} uses)"),
            Item::PsiAmp => "Psi Amp".into(),
        }
    }

    /// Whether unit `u` could take `item` in hand.
    fn can_hold(&self, u: &Unit, item: &Item) -> bool {
        match item {
            Item::Weapon { .. } => u.weapon.is_none(),
            Item::Grenade(_) => true,
            Item::Medikit(_) => {
                u.medikit == 0 && self.catalog.unit(u.kind).group == Group::XcomSoldier
            }
            Item::PsiAmp => !u.psi_amp,
        }
    }

    /// Appends unit `i`'s pick-ups and drops (tac.dmg.pickup, tac.gap.55).
    pub(crate) fn item_actions(&self, st: &State, i: usize, out: &mut Vec<Action>) {
        let u = &st.units[i];
        if !self.carries(u) {
            return;
        }
        let unit = i as u8;
        for (k, f) in st.floor.iter().enumerate() {
            if !f.fresh && u.covers(&st.bf, f.pos) && self.can_hold(u, &f.item) {
                out.push(Action::PickUp {
                    unit,
                    item: k as u16,
                });
            }
        }
        if u.weapon.is_some() {
            out.push(Action::Drop {
                unit,
                item: Carried::Weapon,
            });
        }
        for k in 0..u.grenades.len().min(usize::from(u8::MAX)) {
            out.push(Action::Drop {
                unit,
                item: Carried::Grenade(k as u8),
            });
        }
        if u.medikit > 0 {
            out.push(Action::Drop {
                unit,
                item: Carried::Medikit,
            });
        }
        if u.psi_amp {
            out.push(Action::Drop {
                unit,
                item: Carried::PsiAmp,
            });
        }
        if self.unloads(u) {
            out.push(Action::Unload { unit });
        }
    }

    /// Whether unit `u` may unload the weapon in its hands now (tac.move.special.unload): a
    /// soldier (only soldiers load, tac.move.special.load) with the TUs, holding a Grenade
    /// Launcher with grenades in it, or a clip weapon with rounds left in its clip and room for
    /// one more spare clip.
    pub(crate) fn unloads(&self, u: &Unit) -> bool {
        let Some(w) = u.weapon else {
            return false;
        };
        if !self.reloads(u) || i16::from(self.catalog.rules().special.unload) > u.tu {
            return false;
        }
        if self.is_launcher(w) {
            return !u.launcher.is_empty();
        }
        self.catalog.weapon(w).rounds.is_some()
            && u.rounds.is_some_and(|r| r > 0)
            && u.clips < u8::MAX
    }

    /// Unloads the weapon in unit `i`'s hands (tac.move.special.unload, 4 TU). A launcher's
    /// grenades go back into the soldier's kit, to be primed and thrown by hand or loaded
    /// again. A full clip goes back among the spare clips; a partly spent one is put aside
    /// for good, as reloading puts it aside, since squadsight counts spare clips only whole.
    pub(crate) fn unload(&self, st: &mut State, i: usize, journal: &mut Journal) {
        let cost = i16::from(self.catalog.rules().special.unload);
        let name = self.name(st, i);
        let Some(w) = st.units[i].weapon else {
            return;
        };
        let launcher = self.is_launcher(w);
        let full = self.catalog.weapon(w).rounds;
        let u = &mut st.units[i];
        u.tu -= cost;
        let what = if launcher {
            let n = u.launcher.len();
            let back: Vec<GrenadeId> = u.launcher.drain(..).collect();
            u.grenades.extend(back);
            format!("takes {n} grenade(s) out of its launcher")
        } else if u.rounds == full {
            u.clips += 1;
            "takes out its full clip and keeps it as a spare".to_string()
        } else {
            let left = u.rounds.unwrap_or(0);
            format!("takes out its clip and puts it aside with {left} round(s) left")
        };
        u.rounds = Some(0);
        let who = self.witnesses(st, i);
        self.note_seen(
            journal,
            "tac.move.special.unload",
            EventKind::Effect,
            who,
            || format!("{name} {what} ({cost} TU)"),
        );
    }

    /// Picks up floor item `k` (tac.dmg.pickup: no TU cost).
    pub(crate) fn pick_up(&self, st: &mut State, i: usize, k: usize, journal: &mut Journal) {
        if k >= st.floor.len() {
            return;
        }
        let f = st.floor.remove(k);
        let weight = self.item_weight(&f.item);
        let u = &mut st.units[i];
        match f.item {
            Item::Weapon {
                id,
                ammo,
                rounds,
                clips,
            } => {
                u.weapon = Some(id);
                u.ammo = ammo;
                u.rounds = rounds;
                u.clips = clips;
            }
            Item::Grenade(g) => u.grenades.push(g),
            Item::Medikit(n) => u.medikit = n,
            Item::PsiAmp => u.psi_amp = true,
        }
        u.weight += weight;
        let (name, what) = (self.name(st, i), self.item_mention(&f.item));
        let who = self.witnesses(st, i);
        self.note_seen(journal, "tac.dmg.pickup", EventKind::Effect, who, || {
            format!("{name} picks up the {what} (0 TU, tac.gap.55)")
        });
    }

    /// Drops one carried thing (tac.gap.55: no TU cost).
    pub(crate) fn drop_item(&self, st: &mut State, i: usize, what: Carried, journal: &mut Journal) {
        if let Some(item) = self.put_down(st, i, what, true) {
            let (name, what) = (self.name(st, i), self.item_mention(&item));
            let who = self.witnesses(st, i);
            self.note_seen(journal, "tac.gap.55", EventKind::Effect, who, || {
                format!("{name} puts down its {what} (0 TU)")
            });
        }
    }

    /// At the end of a squad's turn, what was dropped in it may be picked up again.
    pub(crate) fn settle_floor(&self, st: &mut State) {
        for f in st.floor.iter_mut() {
            f.fresh = false;
        }
    }
}
