//! Squads bought with points (tac.squad.*): each unit's type, stat boosts, armour suit, weapon
//! with its rounds, grenades and kit, priced and checked against the boost caps and the
//! technology restriction.
//!
//! ```
//! use squadsight_tactical::catalog::Catalog;
//! use squadsight_tactical::squad::{UnitPickDef, price};
//! let c = Catalog::builtin().unwrap();
//! let pick = UnitPickDef { unit: "Troop".into(), weapon: Some("Rifle".into()), ..UnitPickDef::default() };
//! // Troop 100 + Rifle 10 (one clip included, tac.squad.ammo).
//! assert_eq!(price(c, &pick, 0).unwrap().points, 110);
//! ```

use crate::catalog::{ArmourId, Catalog, GrenadeId, Payload, UnitType, UnitTypeId, WeaponId};
use crate::data::{Group, Side, WeaponClass};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One unit as a scenario or squad file lists it. Names and boosts are checked as the file is
/// read, so a misspelt name or a boost above the cap is reported at its `file:line:col`;
/// what depends on the whole pick (which side may wear what, the price) is checked at setup.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct UnitPickDef {
    /// Unit type by name.
    #[serde(deserialize_with = "read::unit")]
    pub unit: String,
    /// Stat boosts: `TU`, `HTH`, `ACC`, `MAC`, `TAC`, `STR`, `RET`, `PSK`, `PST`, or an armour
    /// location `ARM-F`, `ARM-L`, `ARM-R`, `ARM-B`, `ARM-U` (aliens only).
    #[serde(deserialize_with = "read::boosts")]
    pub boosts: BTreeMap<String, i16>,
    /// Armour suit by name.
    #[serde(deserialize_with = "read::armour")]
    pub armour: Option<String>,
    /// The weapon carried, by name.
    #[serde(deserialize_with = "read::weapon")]
    pub weapon: Option<String>,
    /// Which of the weapon's rounds it is loaded with (index into its ammo list).
    pub ammo: u8,
    /// Spare clips of that round carried.
    pub clips: u8,
    /// Grenades carried, by name.
    #[serde(deserialize_with = "read::grenades")]
    pub grenades: Vec<String>,
    /// Carries a medikit.
    pub medikit: bool,
    /// Carries a psi amp.
    pub psi_amp: bool,
    /// Carried over from an earlier mission (tac.squad.campaign): its first 20 points of
    /// boosts are free.
    pub veteran: bool,
    /// A second pistol or rifle for akimbo shots (tac.ranged.akimbo), with one clip.
    #[serde(deserialize_with = "read::weapon")]
    pub second: Option<String>,
}

/// Reading a [`UnitPickDef`]: every name must be in the built-in catalog and every boost a
/// known stat within the cap (tac.squad.boost-cap), refused where it is written.
mod read {
    use super::{ARM_NAMES, STAT_NAMES};
    use crate::catalog::Catalog;
    use serde::de::Error;
    use serde::{Deserialize, Deserializer};
    use std::collections::BTreeMap;

    /// Refuses `name` unless `known` finds it (an unreadable catalog refuses nothing here:
    /// setup reports that).
    fn check<E: Error>(name: &str, what: &str, known: impl Fn(&Catalog) -> bool) -> Result<(), E> {
        match Catalog::builtin() {
            Ok(c) if !known(c) => Err(E::custom(format!("no {what} `{name}`"))),
            _ => Ok(()),
        }
    }

    pub(super) fn unit<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        let name = String::deserialize(d)?;
        check(&name, "unit type", |c| c.unit_id(&name).is_some())?;
        Ok(name)
    }

    pub(super) fn armour<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        let name = Option::<String>::deserialize(d)?;
        if let Some(n) = &name {
            check(n, "armour suit", |c| c.armour_id(n).is_some())?;
        }
        Ok(name)
    }

    pub(super) fn weapon<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        let name = Option::<String>::deserialize(d)?;
        if let Some(n) = &name {
            check(n, "weapon", |c| c.weapon_id(n).is_some())?;
        }
        Ok(name)
    }

    pub(super) fn grenades<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        for n in &names {
            check(n, "grenade", |c| c.grenade_id(n).is_some())?;
        }
        Ok(names)
    }

    pub(super) fn boosts<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<BTreeMap<String, i16>, D::Error> {
        let boosts = BTreeMap::<String, i16>::deserialize(d)?;
        let cap = Catalog::builtin().map_or(i16::MAX, |c| c.rules().boost.cap);
        for (key, &plus) in &boosts {
            if !STAT_NAMES.contains(&key.as_str()) && !ARM_NAMES.contains(&key.as_str()) {
                return Err(D::Error::custom(format!("unknown stat `{key}` to boost")));
            }
            if plus <= 0 || plus > cap {
                return Err(D::Error::custom(format!(
                    "{key} +{plus}: a boost is +1 to +{cap} (tac.squad.boost-cap)"
                )));
            }
        }
        Ok(boosts)
    }
}

/// A unit's bought loadout, resolved to catalog ids.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Loadout {
    /// Unit type.
    pub unit: UnitTypeId,
    /// Boosted stats (TU HTH ACC MAC TAC STR RET PSK PST; `None` = "-").
    pub stats: [Option<i16>; 9],
    /// Armour by location after the suit (which replaces natural armour, tac.gap.26) and
    /// boosts.
    pub arm: [i16; 5],
    /// Armour suit.
    pub armour: Option<ArmourId>,
    /// Weapon carried.
    pub weapon: Option<WeaponId>,
    /// Second weapon for akimbo shots (tac.ranged.akimbo).
    pub second: Option<WeaponId>,
    /// Loaded round.
    pub ammo: u8,
    /// Spare clips.
    pub clips: u8,
    /// Grenades.
    pub grenades: Vec<GrenadeId>,
    /// Medikit.
    pub medikit: bool,
    /// Psi amp.
    pub psi_amp: bool,
    /// What it all cost.
    pub points: u32,
    /// Total weight carried (tac.move.encumbrance).
    pub weight: u32,
}

/// Stat names in [`Loadout::stats`] order.
pub const STAT_NAMES: [&str; 9] = ["TU", "HTH", "ACC", "MAC", "TAC", "STR", "RET", "PSK", "PST"];
/// Armour location names for boosts, Front, Left, Right, Back, Under.
pub const ARM_NAMES: [&str; 5] = ["ARM-F", "ARM-L", "ARM-R", "ARM-B", "ARM-U"];

pub(crate) fn stat_array(u: &UnitType) -> [Option<i16>; 9] {
    let s = u.stats;
    [
        Some(s.tu),
        Some(s.hth),
        s.acc,
        s.mac,
        s.tac,
        s.str,
        s.ret,
        s.psk,
        s.pst,
    ]
}

/// Whether `side` may take an entry of `entry_side` at `level` when the game is restricted to
/// `tech` (0 = no restriction): its own side's entries up to the level, the other side's
/// below it, everything at the top level (tac.tech.level, tac.tech.inheritance).
pub fn tech_allows(tech: u8, side: Side, entry_side: Side, level: u8) -> bool {
    tech == 0 || tech >= 4 || (entry_side == side && level <= tech) || level < tech
}

/// Prices and checks one unit for a squad of `side`'s technology level `tech` (0 = off).
pub fn price(c: &Catalog, p: &UnitPickDef, tech: u8) -> Result<Loadout, String> {
    let id = c
        .unit_id(&p.unit)
        .ok_or_else(|| format!("no unit type `{}`", p.unit))?;
    let u = c.unit(id);
    let n = &p.unit;
    let side = u.side().ok_or_else(|| format!("`{n}` cannot be bought"))?;
    // tac.gap.19: units always come from their own side's roster; tac.tech.table levels.
    if tech != 0 && tech < 4 && u.tech > tech {
        return Err(format!("`{n}` needs technology level {}", u.tech));
    }
    let r = c.rules();
    let heavy = u.heavy();
    let factor = if heavy {
        u32::from(r.boost.heavy_factor)
    } else {
        1
    };
    let mut stats = stat_array(u);
    let mut arm = u.arm;
    let mut points = u32::from(u.points);
    let armour = match &p.armour {
        None => None,
        Some(a) => {
            let aid = c
                .armour_id(a)
                .ok_or_else(|| format!("`{n}`: no armour suit `{a}`"))?;
            let suit = c.armour(aid);
            if u.group != Group::XcomSoldier {
                return Err(format!("`{n}`: only X-Com soldiers wear armour suits"));
            }
            if !tech_allows(tech, side, suit.tech.0, suit.tech.1) {
                return Err(format!("`{n}`: `{a}` is above the technology level"));
            }
            // tac.gap.26: a suit replaces natural armour; tac.equip.armour-effects: STR bonus.
            arm = suit.arm;
            if let Some(s) = stats[5].as_mut() {
                *s += suit.str_bonus;
            }
            points += u32::from(suit.points);
            Some(aid)
        }
    };
    let before_boosts = points;
    for (key, &plus) in &p.boosts {
        if plus <= 0 {
            return Err(format!("`{n}`: boost {key} +{plus} must be above 0"));
        }
        // tac.squad.boost-cap
        if plus > r.boost.cap {
            return Err(format!(
                "`{n}`: {key} +{plus} is above the boost cap of +{}",
                r.boost.cap
            ));
        }
        let plus_u = u32::try_from(plus).unwrap_or(0);
        if let Some(i) = STAT_NAMES.iter().position(|s| s == key) {
            let psi = i >= 7;
            // tac.gap.22: "-" cannot be bought up, except a terror unit's psi stats from 0;
            // HWP psi never.
            let slot = &mut stats[i];
            match slot {
                Some(v) => *v += plus,
                None if psi && u.group == Group::Terror => *slot = Some(plus),
                None => return Err(format!("`{n}` has no {key} to boost")),
            }
            // tac.squad.boost-soldier, tac.squad.boost-heavy (tac.gap.20)
            let rate = if i >= 6 {
                u32::from(r.boost.bonus)
            } else {
                u32::from(r.boost.basic)
            };
            points += plus_u * rate * factor;
        } else if let Some(i) = ARM_NAMES.iter().position(|s| s == key) {
            // tac.squad.boost-armour: human armour never; alien armour 2 per point per
            // location (tac.gap.20).
            if side != Side::Alien {
                return Err(format!("`{n}`: human armour may not be boosted"));
            }
            arm[i] += plus;
            points += plus_u * u32::from(r.boost.alien_armour);
        } else {
            return Err(format!("`{n}`: unknown stat `{key}` to boost"));
        }
    }
    // tac.squad.campaign (tac.gap.21): a veteran's first boost points are free.
    if p.veteran {
        let boosts = points - before_boosts;
        points -= boosts.min(u32::from(r.boost.veteran));
    }
    let mut weight = 0u32;
    let weapon = match &p.weapon {
        None => None,
        Some(w) => {
            let wid = c
                .weapon_id(w)
                .ok_or_else(|| format!("`{n}`: no weapon `{w}`"))?;
            let wp = c.weapon(wid);
            // tac.unit.hwp-rules, tac.unit.terror-rules: no equipment.
            if matches!(u.group, Group::Hwp | Group::Terror) {
                return Err(format!("`{n}` carries no equipment"));
            }
            if wp.class == WeaponClass::Internal {
                return Err(format!("`{n}`: `{w}` is a built-in weapon"));
            }
            // tac.equip.grenade-launcher: it takes the grenades the unit buys, never clips.
            if wp.ammo.iter().any(|a| a.payload == Payload::AsGrenade) && p.clips > 0 {
                return Err(format!("`{n}`: `{w}` is loaded with grenades, not clips"));
            }
            if !tech_allows(tech, side, wp.tech.0, wp.tech.1) {
                return Err(format!("`{n}`: `{w}` is above the technology level"));
            }
            let ammo = wp
                .ammo
                .get(usize::from(p.ammo))
                .ok_or_else(|| format!("`{n}`: `{w}` has no round number {}", p.ammo))?;
            points += u32::from(wp.points);
            // tac.squad.ammo: small arms include one clip; support weapons buy every clip
            // (tac.gap.48), so the loaded one is paid for too.
            let paid = u32::from(p.clips)
                + u32::from(wp.class == WeaponClass::Support && ammo.clip_points.is_some());
            points += paid * u32::from(ammo.clip_points.unwrap_or(0));
            weight +=
                u32::from(wp.weight) + u32::from(p.clips) * u32::from(wp.clip_weight.unwrap_or(0));
            if p.clips > 0 && wp.rounds.is_none() {
                return Err(format!("`{n}`: `{w}` takes no clips"));
            }
            Some(wid)
        }
    };
    // tac.ranged.akimbo (tac.gap.46): soldiers only; a pistol or rifle, never a support weapon.
    let second = match &p.second {
        None => None,
        Some(w) => {
            let wid = c
                .weapon_id(w)
                .ok_or_else(|| format!("`{n}`: no weapon `{w}`"))?;
            let wp = c.weapon(wid);
            if !matches!(u.group, Group::XcomSoldier | Group::AlienSoldier) {
                return Err(format!("`{n}` carries no second weapon"));
            }
            if !matches!(wp.class, WeaponClass::Pistol | WeaponClass::Rifle) {
                return Err(format!("`{n}`: `{w}` cannot be fired akimbo"));
            }
            if !tech_allows(tech, side, wp.tech.0, wp.tech.1) {
                return Err(format!("`{n}`: `{w}` is above the technology level"));
            }
            points += u32::from(wp.points);
            weight += u32::from(wp.weight);
            Some(wid)
        }
    };
    let mut grenades = Vec::new();
    for g in &p.grenades {
        let gid = c
            .grenade_id(g)
            .ok_or_else(|| format!("`{n}`: no grenade `{g}`"))?;
        if matches!(u.group, Group::Hwp | Group::Terror) {
            return Err(format!("`{n}` carries no equipment"));
        }
        let gr = c.grenade(gid);
        if !tech_allows(tech, side, gr.tech.0, gr.tech.1) {
            return Err(format!("`{n}`: `{g}` is above the technology level"));
        }
        points += u32::from(gr.points);
        weight += u32::from(gr.weight);
        grenades.push(gid);
    }
    if p.medikit {
        // tac.medikit.use (tac.gap.58): X-Com soldiers only.
        if u.group != Group::XcomSoldier {
            return Err(format!("`{n}`: only X-Com soldiers use medikits"));
        }
        let m = c.medikit();
        points += u32::from(m.points);
        weight += u32::from(m.weight);
    }
    if p.psi_amp {
        // tac.equip.psi-amp, tac.gap.30: any human whose PSK is not "-".
        if u.group != Group::XcomSoldier {
            return Err(format!("`{n}`: only X-Com soldiers use psi amps"));
        }
        let a = c.psi_amp();
        if !tech_allows(tech, side, a.tech.0, a.tech.1) {
            return Err(format!("`{n}`: the psi amp is above the technology level"));
        }
        points += u32::from(a.points);
        weight += u32::from(a.weight);
    }
    Ok(Loadout {
        unit: id,
        stats,
        arm,
        armour,
        weapon,
        second,
        ammo: p.ammo,
        clips: p.clips,
        grenades,
        medikit: p.medikit,
        psi_amp: p.psi_amp,
        points,
        weight,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c() -> &'static Catalog {
        Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
    }

    fn pick(unit: &str) -> UnitPickDef {
        UnitPickDef {
            unit: unit.into(),
            ..UnitPickDef::default()
        }
    }

    #[test]
    fn tac_squad_boost_soldier_and_heavy_prices() {
        let mut p = pick("Troop");
        p.boosts.insert("ACC".into(), 20);
        p.boosts.insert("RET".into(), 5);
        // 100 + 20 x 1 + 5 x 2
        assert_eq!(price(c(), &p, 0).map(|l| l.points), Ok(130));
        let mut p = pick("Reaper");
        p.boosts.insert("TU".into(), 10);
        p.boosts.insert("PSK".into(), 5);
        // 110 + 10 x 2 + 5 x 4 (tac.squad.boost-heavy, tac.gap.20, tac.gap.22)
        assert_eq!(price(c(), &p, 0).map(|l| l.points), Ok(150));
    }

    #[test]
    fn tac_squad_boost_cap_and_armour() {
        let mut p = pick("Troop");
        p.boosts.insert("TU".into(), 21);
        assert!(price(c(), &p, 0).unwrap_err().contains("cap"));
        let mut p = pick("Troop");
        p.boosts.insert("ARM-F".into(), 5);
        assert!(price(c(), &p, 0).unwrap_err().contains("human armour"));
        let mut p = pick("Muton");
        p.boosts.insert("ARM-F".into(), 5);
        let l = price(c(), &p, 0).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((l.points, l.arm[0]), (120, 15));
        let mut p = pick("Tank Cannon");
        p.boosts.insert("PSK".into(), 1);
        assert!(price(c(), &p, 0).is_err());
    }

    #[test]
    fn tac_squad_ammo_clip_prices_and_weights() {
        let mut p = pick("Troop");
        p.weapon = Some("Heavy Cannon".into());
        p.ammo = 1;
        p.clips = 1;
        // 100 + 25 + 2 clips x 3 (support weapons include no clip, tac.gap.48)
        let l = price(c(), &p, 0).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((l.points, l.weight), (131, 24));
        p.armour = Some("Power Suit".into());
        let l = price(c(), &p, 0).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((l.stats[5], l.arm), (Some(45), [100, 80, 80, 70, 60]));
    }

    #[test]
    fn tac_tech_inheritance() {
        // A level-2 X-Com side: L2 X-Com, L1 X-Com, L1 Alien; not L2 Alien (tac.tech.inheritance).
        assert!(tech_allows(2, Side::Xcom, Side::Xcom, 2));
        assert!(tech_allows(2, Side::Xcom, Side::Alien, 1));
        assert!(!tech_allows(2, Side::Xcom, Side::Alien, 2));
        assert!(tech_allows(4, Side::Xcom, Side::Alien, 3));
        let mut p = pick("Troop");
        p.weapon = Some("Plasma Rifle".into());
        assert!(price(c(), &p, 2).is_err());
        assert!(price(c(), &p, 3).is_ok());
        assert!(price(c(), &pick("Chrysalid"), 2).is_err());
        assert!(price(c(), &pick("Chrysalid"), 3).is_ok());
    }
}
