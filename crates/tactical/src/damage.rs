//! Damage to units (tac.dmg.*, tac.susc.*, tac.crit.*): which armour location a hit strikes,
//! susceptibility, ablative armour, lethal and stun totals, critical hits, knockout and death.
//!
//! The numbers follow `tac.gap.3`: susceptibility is added to the raw damage first; the rest
//! is taken off the struck location's remaining armour, which stays used up for the battle,
//! and what is left goes on to HTH. Stun skips armour and goes to the stun total.

use crate::catalog::{Damage, DamageType, Susc};
use crate::data::Location;
use crate::rolls::table_die;
use squadsight_core::dice::Dice;
use squadsight_core::square::Pos;
use squadsight_core::{EventKind, GameRng, Input, Journal};

/// An armour location, in the order of ARM lists (tac.stat.arm).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Facing {
    /// Front.
    Front = 0,
    /// Left side.
    Left = 1,
    /// Right side.
    Right = 2,
    /// Back.
    Back = 3,
    /// Under.
    Under = 4,
}

impl Facing {
    /// The location's name.
    pub fn name(self) -> &'static str {
        match self {
            Facing::Front => "front",
            Facing::Left => "left",
            Facing::Right => "right",
            Facing::Back => "back",
            Facing::Under => "under",
        }
    }
}

/// The eighth of the compass (0 = north, clockwise) that points from `from` to `to` on the
/// map (x east, y south). The sector borders sit at 22.5° either side of each axis, tested
/// with the exact fraction 12/29 (tan 22.5° ≈ 0.4142, 12/29 ≈ 0.4138) so the answer is the
/// same on every machine. `None` when both stand on the same column.
pub fn octant(from: Pos, to: Pos) -> Option<u8> {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    if dx == 0 && dy == 0 {
        return None;
    }
    let (ax, ay) = (i64::from(dx.abs()), i64::from(dy.abs()));
    let horizontal = ay * 29 < ax * 12;
    let vertical = ax * 29 < ay * 12;
    Some(match (horizontal, vertical) {
        (true, _) if dx > 0 => 2,
        (true, _) => 6,
        (_, true) if dy < 0 => 0,
        (_, true) => 4,
        _ => match (dx > 0, dy < 0) {
            (true, true) => 1,
            (true, false) => 3,
            (false, false) => 5,
            (false, true) => 7,
        },
    })
}

/// The armour location a hit from `source` strikes on a unit at `target` facing `facing`
/// (tac.dmg.armour-facing, tac.gap.4): Under when the source is below by at least its
/// horizontal distance or on the unit's own column; else by the angle between the unit's
/// facing and the source: within 45° the front, 90° a side, beyond that the back.
pub fn struck_location(target: Pos, facing: u8, source: Pos) -> Facing {
    let horizontal = (source.x - target.x).abs().max((source.y - target.y).abs());
    let below = target.z - source.z;
    if below > 0 && below >= horizontal {
        return Facing::Under;
    }
    let Some(dir) = octant(target, source) else {
        return Facing::Under;
    };
    match (i32::from(dir) - i32::from(facing)).rem_euclid(8) {
        0 | 1 | 7 => Facing::Front,
        2 => Facing::Right,
        6 => Facing::Left,
        _ => Facing::Back,
    }
}

/// What a unit can take: its HTH, lethal and stun totals, remaining armour, susceptibility.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Body {
    /// HTH attribute.
    pub hth: i16,
    /// Lethal damage taken.
    pub damage: i16,
    /// Stun damage taken.
    pub stun: i16,
    /// Remaining armour by location.
    pub arm: [i16; 5],
    /// Susceptibility row.
    pub susc: [Susc; 8],
    /// Whether critical hits apply (any lethal weapon hit, tac.gap.54).
    pub can_crit: bool,
}

/// What a hit did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hit {
    /// Damage after susceptibility.
    pub delivered: i16,
    /// Taken off the armour.
    pub absorbed: i16,
    /// Added to the lethal total (after a head hit's doubling).
    pub wounds: i16,
    /// Added to the stun total.
    pub stun: i16,
    /// The critical hit location, if one was rolled.
    pub critical: Option<Location>,
}

/// The state a unit is left in by its totals (tac.dmg.knockout, tac.dmg.death,
/// tac.dmg.stun-ko).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Condition {
    /// Still standing.
    Fine,
    /// Unconscious.
    Unconscious,
    /// Destroyed.
    Dead,
}

/// The condition of a body with these totals: dead when lethal damage exceeds HTH, out when
/// it equals it or when stun exceeds what HTH is left.
pub fn condition(hth: i16, damage: i16, stun: i16) -> Condition {
    if damage > hth {
        Condition::Dead
    } else if damage == hth || stun > hth - damage {
        Condition::Unconscious
    } else {
        Condition::Fine
    }
}

/// Applies one hit of `dmg` to `body` at location `loc`, rolling a critical hit when lethal
/// damage gets through without killing (tac.crit.trigger). `crits` is false for falls, fire
/// and smoke (tac.gap.54). Updates the body and returns what happened.
#[allow(clippy::too_many_arguments)]
pub fn apply_hit(
    body: &mut Body,
    dmg: Damage,
    loc: Facing,
    crits: bool,
    table: &[Location; 10],
    rng: &mut GameRng,
    journal: &mut Journal,
    who: &dyn Fn() -> String,
) -> Hit {
    // tac.susc.apply, tac.susc.invulnerable
    let delivered = match body.susc[dmg.kind.index()] {
        Susc::Invulnerable => 0,
        Susc::Add(n) => (dmg.amount + n).max(0),
    };
    let mut hit = Hit {
        delivered,
        ..Hit::default()
    };
    if dmg.kind == DamageType::ST {
        // tac.dmg.stun-total: stun is its own total, untouched by armour (tac.gap.3); it can
        // knock out but never kill (tac.dmgtype.stun).
        body.stun += delivered;
        hit.stun = delivered;
        journal.note_with(
            "tac.dmg.stun-total",
            EventKind::Damage,
            || format!("{} takes {delivered} stun", who()),
            || {
                vec![
                    Input::new("damage", dmg, "weapon"),
                    Input::new("after susceptibility", delivered, "tac.susc.apply"),
                    Input::new("stun total", body.stun, ""),
                ]
            },
        );
        return hit;
    }
    // tac.dmg.armour-ablative
    let slot = &mut body.arm[loc as usize];
    let absorbed = delivered.min(*slot).max(0);
    *slot -= absorbed;
    let mut through = delivered - absorbed;
    hit.absorbed = absorbed;
    let left = body.arm[loc as usize];
    journal.note_with(
        "tac.dmg.armour-ablative",
        EventKind::Damage,
        || {
            format!(
                "{} is hit on the {} by {dmg}: {delivered} after susceptibility, armour \
                 takes {absorbed} ({left} left), {through} gets through",
                who(),
                loc.name()
            )
        },
        || {
            vec![
                Input::new("damage", dmg, "weapon"),
                Input::new("susceptibility", delivered - dmg.amount, "tac.susc.apply"),
                Input::new("armour location", loc.name(), "tac.dmg.armour-facing"),
                Input::new("armour before", left + absorbed, "tac.dmg.armour-ablative"),
            ]
        },
    );
    if through > 0 && crits && body.can_crit && body.damage + through <= body.hth {
        // tac.crit.trigger: got through and did not kill.
        let face = table_die(
            rng,
            journal,
            "tac.crit.trigger",
            Dice::D10,
            |f| row_of(table, f),
            |f| {
                let l = table[usize::try_from(f.clamp(1, 10) - 1).unwrap_or(0)];
                format!("critical hit on {}: d10 {f}, {l:?}", who())
            },
        );
        let location = table[usize::try_from(face.clamp(1, 10) - 1).unwrap_or(0)];
        hit.critical = Some(location);
        if location == Location::Head {
            // tac.crit.head: the damage that got through counts twice.
            through *= 2;
        }
    }
    body.damage += through;
    hit.wounds = through;
    hit
}

/// The d10 range of the table row holding `face`.
fn row_of(table: &[Location; 10], face: u32) -> (u32, u32) {
    let i = usize::try_from(face.clamp(1, 10) - 1).unwrap_or(0);
    let l = table[i];
    let lo = (0..=i)
        .rev()
        .take_while(|&k| table[k] == l)
        .last()
        .unwrap_or(i);
    let hi = (i..10).take_while(|&k| table[k] == l).last().unwrap_or(i);
    (lo as u32 + 1, hi as u32 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    fn table() -> [Location; 10] {
        Catalog::builtin()
            .unwrap_or_else(|e| panic!("{e}"))
            .rules()
            .criticals
    }

    /// tac.dmg.armour-facing, tac.gap.4: only the location facing the attack protects.
    #[test]
    fn tac_gap_4_armour_location_by_angle_and_height() {
        let t = Pos::new(5, 5, 0);
        // Facing north (0): a source due north hits the front, east the right, west the left,
        // south the back, north-east still the front.
        assert_eq!(struck_location(t, 0, Pos::new(5, 0, 0)), Facing::Front);
        assert_eq!(struck_location(t, 0, Pos::new(9, 1, 0)), Facing::Front);
        assert_eq!(struck_location(t, 0, Pos::new(9, 5, 0)), Facing::Right);
        assert_eq!(struck_location(t, 0, Pos::new(0, 5, 0)), Facing::Left);
        assert_eq!(struck_location(t, 0, Pos::new(5, 9, 0)), Facing::Back);
        assert_eq!(struck_location(t, 0, Pos::new(9, 9, 0)), Facing::Back);
        // Facing east (2): north is now its left.
        assert_eq!(struck_location(t, 2, Pos::new(5, 0, 0)), Facing::Left);
        // From below, steeply: Under. From above: the angle decides.
        let up = Pos::new(5, 5, 2);
        assert_eq!(struck_location(up, 0, Pos::new(6, 5, 0)), Facing::Under);
        assert_eq!(struck_location(up, 0, Pos::new(9, 5, 0)), Facing::Right);
        assert_eq!(struck_location(t, 0, Pos::new(5, 5, 3)), Facing::Under);
    }

    #[test]
    fn tac_dmg_knockout_death_and_stun_thresholds() {
        // tac.dmg.knockout: exactly HTH knocks out; tac.dmg.death: above HTH kills.
        assert_eq!(condition(35, 34, 0), Condition::Fine);
        assert_eq!(condition(35, 35, 0), Condition::Unconscious);
        assert_eq!(condition(35, 36, 0), Condition::Dead);
        // tac.dmg.stun-ko: stun above the current HTH (35 - 10 = 25).
        assert_eq!(condition(35, 10, 25), Condition::Fine);
        assert_eq!(condition(35, 10, 26), Condition::Unconscious);
    }

    fn troop() -> Body {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let row = *c
            .susceptibility("Unarmoured Human")
            .unwrap_or_else(|| panic!("row"));
        Body {
            hth: 35,
            damage: 0,
            stun: 0,
            arm: [50, 40, 40, 30, 30],
            susc: row,
            can_crit: true,
        }
    }

    /// tac.dmg.armour-ablative, tac.susc.apply: the location hit loses what it absorbs; only
    /// the rest reaches HTH.
    #[test]
    fn tac_dmg_armour_ablative_and_susceptibility() {
        let mut b = troop();
        let mut rng = GameRng::new(3);
        let mut j = Journal::recording();
        // 26 AP + 10 (tac.susc.apply) = 36 against front armour 50: all absorbed.
        let dmg = Damage {
            amount: 26,
            kind: DamageType::AP,
            rating: 0,
        };
        let h = apply_hit(
            &mut b,
            dmg,
            Facing::Front,
            true,
            &table(),
            &mut rng,
            &mut j,
            &|| "x".into(),
        );
        assert_eq!(
            (h.delivered, h.absorbed, h.wounds, b.arm[0]),
            (36, 36, 0, 14)
        );
        // The next 36 meets only 14 armour: 22 get through and a critical is rolled.
        let h = apply_hit(
            &mut b,
            dmg,
            Facing::Front,
            true,
            &table(),
            &mut rng,
            &mut j,
            &|| "x".into(),
        );
        assert_eq!((h.absorbed, b.arm[0]), (14, 0));
        assert!(h.critical.is_some());
        let want = if h.critical == Some(Location::Head) {
            44
        } else {
            22
        };
        assert_eq!(h.wounds, want);
        assert!(j.events().iter().any(|e| e.rule == "tac.crit.trigger"));
    }

    /// tac.susc.invulnerable, tac.dmg.stun-total: a suit invulnerable to IN takes nothing of it.
    #[test]
    fn tac_susc_invulnerable_and_stun_skips_armour() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let mut b = troop();
        b.susc = *c
            .susceptibility("Power/Flying Suit")
            .unwrap_or_else(|| panic!("row"));
        let mut rng = GameRng::new(3);
        let mut j = Journal::off();
        let fire = Damage {
            amount: 60,
            kind: DamageType::IN,
            rating: 0,
        };
        let h = apply_hit(
            &mut b,
            fire,
            Facing::Front,
            true,
            &table(),
            &mut rng,
            &mut j,
            &|| "x".into(),
        );
        assert_eq!((h.delivered, b.arm[0]), (0, 50));
        // tac.dmg.stun-total: 90 ST - 10 = 80 stun, armour untouched, no critical.
        let stun = Damage {
            amount: 90,
            kind: DamageType::ST,
            rating: 0,
        };
        let h = apply_hit(
            &mut b,
            stun,
            Facing::Front,
            true,
            &table(),
            &mut rng,
            &mut j,
            &|| "x".into(),
        );
        assert_eq!((h.stun, b.stun, b.arm[0], h.critical), (80, 80, 50, None));
        assert_eq!(condition(b.hth, b.damage, b.stun), Condition::Unconscious);
    }

    /// tac.crit.leg (1–3), tac.crit.arm (4–5), tac.crit.torso (6–9), tac.crit.head (10).
    #[test]
    fn tac_crit_table_rows_carry_exact_odds() {
        assert_eq!(row_of(&table(), 2), (1, 3));
        assert_eq!(row_of(&table(), 5), (4, 5));
        assert_eq!(row_of(&table(), 7), (6, 9));
        assert_eq!(row_of(&table(), 10), (10, 10));
    }
}
