//! Tactical data as written in `rulesets/tactical/*.ron`: raw `*Def` types that mirror the
//! files field for field. Unknown fields are refused; [`crate::catalog`] checks the values and
//! builds the runtime types.

use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// Which side an entry belongs to (tac.tech.table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The human side.
    Xcom,
    /// The alien side.
    Alien,
}

/// The roster group a unit belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Group {
    /// X-Com soldiers (tac.unit.data.xcom-soldiers).
    XcomSoldier,
    /// Heavy weapon platforms (tac.unit.data.hwp).
    Hwp,
    /// Alien soldiers (tac.unit.data.alien-soldiers).
    AlienSoldier,
    /// Alien terror units (tac.unit.data.terror).
    Terror,
    /// Civilians (tac.unit.data.civilian).
    Civilian,
}

/// A stat line as printed; `None` is a printed "-" (tac.stat.sheet).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatsDef {
    /// Time units.
    pub tu: i16,
    /// Health.
    pub hth: i16,
    /// Firing accuracy.
    pub acc: Option<i16>,
    /// Melee accuracy.
    pub mac: Option<i16>,
    /// Throwing accuracy.
    pub tac: Option<i16>,
    /// Strength.
    pub str: Option<i16>,
    /// Reaction bonus.
    pub ret: Option<i16>,
    /// Psi skill bonus.
    pub psk: Option<i16>,
    /// Psi strength bonus.
    pub pst: Option<i16>,
}

/// Armour by location: Front, Left, Right, Back, Under (tac.stat.arm).
pub type ArmDef = (i16, i16, i16, i16, i16);

/// One unit of `units.ron`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitDef {
    /// Name as printed.
    pub name: String,
    /// Roster group.
    pub group: Group,
    /// Price in points.
    pub points: u16,
    /// First technology level at which it may be fielded.
    pub tech: u8,
    /// Side of the square block it fills (1 or 2).
    pub size: u8,
    /// Whether it can fly.
    pub flies: bool,
    /// The stat line.
    pub stats: StatsDef,
    /// Natural armour.
    pub arm: ArmDef,
    /// The susceptibility row it uses, by name.
    pub susceptibility: String,
    /// Built-in weapons, by name.
    pub attacks: Vec<String>,
}

/// How a weapon is carried and fired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WeaponClass {
    /// A pistol (small arms).
    Pistol,
    /// A rifle or other small arm that is not a pistol.
    Rifle,
    /// A support weapon.
    Support,
    /// A close-combat weapon.
    Melee,
    /// A built-in attack of an HWP or terror unit.
    Internal,
}

/// A shot mode as printed in a weapon's Shot Type column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Mode {
    /// Auto shot.
    Auto,
    /// Snap shot.
    Snap,
    /// Aimed shot.
    Aimed,
    /// Close-combat strike.
    Melee,
    /// The Chrysalid's implant.
    Implant,
    /// The Cyberdisk's self-destruct.
    Detonate,
}

/// One shot row: mode, accuracy bonus (`None`: no roll), TU cost, and optionally its own
/// damage as printed. Written `(Snap, 0, 5)` or `(Detonate, None, 0, "90 HE-2")`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShotDef {
    /// The mode.
    pub mode: Mode,
    /// The accuracy bonus.
    pub accuracy: Option<i16>,
    /// TU cost.
    pub tu: u8,
    /// Damage of this shot alone, where the sheet prints one.
    pub damage: Option<String>,
}

impl<'de> Deserialize<'de> for ShotDef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ShotDef, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = ShotDef;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a shot `(mode, accuracy, TU)` or `(mode, accuracy, TU, \"damage\")`")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ShotDef, A::Error> {
                let mode = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(0, &self))?;
                let accuracy = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(1, &self))?;
                let tu = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(2, &self))?;
                let damage = seq.next_element()?;
                if seq.next_element::<de::IgnoredAny>()?.is_some() {
                    return Err(de::Error::invalid_length(5, &self));
                }
                Ok(ShotDef {
                    mode,
                    accuracy,
                    tu,
                    damage,
                })
            }
        }
        d.deserialize_tuple(4, V)
    }
}

/// One kind of round a weapon takes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AmmoDef {
    /// Damage as printed (`26 AP`, `52 HE-1`, `Zombify`, `*`).
    pub damage: String,
    /// Price of one clip; `None` for "(-)" or built-in weapons.
    pub clip_points: Option<u16>,
}

/// One weapon of `weapons.ron`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponDef {
    /// Name as printed.
    pub name: String,
    /// How it is carried and fired.
    pub class: WeaponClass,
    /// Price in points.
    pub points: u16,
    /// Side and first technology level.
    pub tech: (Side, u8),
    /// Shot rows.
    pub shots: Vec<ShotDef>,
    /// Rounds it takes.
    pub ammo: Vec<AmmoDef>,
    /// Rounds per clip; `None` is unlimited.
    pub rounds: Option<u16>,
    /// Weapon weight.
    pub weight: u8,
    /// Clip weight.
    pub clip_weight: Option<u8>,
    /// Fired with the throwing rules on TAC (the Grenade Launcher and the Celatid's spit:
    /// tac.throw.as-throw, tac.gap.2); absent is `false`.
    #[serde(default)]
    pub thrown: bool,
    /// A targeted weapon that flies a path of waypoints (the Blaster Launcher and the
    /// Hovertank Fusion: tac.ranged.targeted); absent is `false`.
    #[serde(default)]
    pub guided: bool,
}

/// One armour suit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmourDef {
    /// Name as printed.
    pub name: String,
    /// Price.
    pub points: u16,
    /// Side and level.
    pub tech: (Side, u8),
    /// Armour by location.
    pub arm: ArmDef,
    /// Strength bonus while worn.
    pub str_bonus: i16,
    /// Lets the wearer fly.
    pub flying: bool,
    /// Susceptibility row the wearer uses.
    pub susceptibility: String,
}

/// How a grenade goes off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GrenadeKind {
    /// On its timer (tac.throw.prime).
    Timed,
    /// On its timer, leaving smoke (tac.equip.smoke-grenade).
    Smoke,
    /// On motion nearby (tac.throw.proximity).
    Proximity,
    /// Lights an area (tac.equip.flare).
    Flare,
}

/// One grenade.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GrenadeDef {
    /// Name as printed.
    pub name: String,
    /// Price.
    pub points: u16,
    /// Side and level.
    pub tech: (Side, u8),
    /// Damage as printed.
    pub damage: String,
    /// Weight.
    pub weight: u8,
    /// How it goes off.
    pub kind: GrenadeKind,
}

/// The Psi Amp's entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PsiAmpDef {
    /// Name as printed.
    pub name: String,
    /// Price.
    pub points: u16,
    /// Side and level.
    pub tech: (Side, u8),
    /// TU per psi attack.
    pub tu: u8,
    /// The unexplained damage cell, kept as printed (tac.gap.30).
    pub damage: String,
    /// Weight.
    pub weight: u8,
}

/// The Medikit's entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MedikitDef {
    /// Name as printed.
    pub name: String,
    /// Price.
    pub points: u16,
    /// Side and level.
    pub tech: (Side, u8),
    /// Chance of success in percent.
    pub chance: u8,
    /// TU per use.
    pub tu: u8,
    /// HTH restored per use.
    pub heal: i16,
    /// Uses per kit.
    pub uses: u8,
    /// Weight.
    pub weight: u8,
    /// Critical hits removed per use.
    pub criticals_removed: u8,
}

/// `equipment.ron`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EquipmentDef {
    /// Armour suits.
    pub armour: Vec<ArmourDef>,
    /// Grenades.
    pub grenades: Vec<GrenadeDef>,
    /// The Psi Amp.
    pub psi_amp: PsiAmpDef,
    /// The Medikit.
    pub medikit: MedikitDef,
}

/// The Movement Cost Table, TU.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementDef {
    /// One square straight.
    pub walk_straight: u8,
    /// One square diagonally.
    pub walk_diagonal: u8,
    /// Surcharge to walk up a level.
    pub walk_up: u8,
    /// Surcharge to walk down a level.
    pub walk_down: u8,
    /// Surcharge for uneven ground.
    pub uneven: u8,
    /// Turning 45°.
    pub turn_45: u8,
    /// Turning 90°.
    pub turn_90: u8,
    /// Turning 180°.
    pub turn_180: u8,
    /// Kneeling down or standing up.
    pub kneel_stand: u8,
    /// Flying one square straight.
    pub fly_straight: u8,
    /// Flying one square diagonally.
    pub fly_diagonal: u8,
    /// Hovering up or down one level.
    pub hover_vertical: u8,
}

/// The Special Movement table, TU.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialDef {
    /// Loading a weapon.
    pub load: u8,
    /// Unloading a weapon.
    pub unload: u8,
    /// Opening a door.
    pub open_door: u8,
    /// Priming a grenade.
    pub prime: u8,
    /// Throwing an object.
    pub throw: u8,
}

/// The Ranged Attack/Throwing Modifiers table and the 95% cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModifiersDef {
    /// Per square of range.
    pub range_per_square: i16,
    /// Per square of obstruction.
    pub obstruction: i16,
    /// Obstructed squares that block sight.
    pub obstruction_blocks: u8,
    /// Night, humans only.
    pub night: i16,
    /// Attacker kneeling.
    pub kneeling_attack: i16,
    /// Defender kneeling.
    pub kneeling_defence: i16,
    /// Sight only from a spotter.
    pub spotter: i16,
    /// No sight at all (throws only).
    pub no_los: i16,
    /// Per additional waypoint.
    pub waypoint: i16,
    /// Akimbo with two pistols.
    pub akimbo_pistols: i16,
    /// Akimbo with rifles and above.
    pub akimbo_rifles: i16,
    /// A second weapon in one turn.
    pub second_weapon: i16,
    /// The cap on any attack's chance.
    pub cap: i16,
}

/// Where a critical hit lands (tac.crit.*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Location {
    /// Head: doubles the damage that got through.
    Head,
    /// Torso: no extra effect.
    Torso,
    /// Arms: -10 ACC, MAC, TAC.
    Arms,
    /// Legs: doubles movement costs.
    Legs,
}

/// One row of the critical-hit table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CriticalDef {
    /// Lowest d10 result.
    pub from: u8,
    /// Highest d10 result.
    pub to: u8,
    /// Location hit.
    pub location: Location,
}

/// What a successful panic attack does (tac.psi.panic-*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PanicEffect {
    /// No TUs next turn.
    Paralysed,
    /// Drops its weapons and runs.
    Flee,
    /// Fires snap shots in random directions.
    Berserk,
}

/// One row of the panic table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PanicDef {
    /// Lowest d10 result.
    pub from: u8,
    /// Highest d10 result.
    pub to: u8,
    /// The effect.
    pub effect: PanicEffect,
}

/// Psi attack modifiers and the panic table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PsiDef {
    /// Mind probe modifier.
    pub probe: i16,
    /// Panic modifier.
    pub panic: i16,
    /// Mind control modifier.
    pub mind_control: i16,
    /// The d10 panic table.
    pub panic_table: Vec<PanicDef>,
}

/// Boost prices and cap (tac.squad.boost-*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoostDef {
    /// Points per +1 to TU, HTH, ACC, MAC, TAC or STR for a soldier.
    pub basic: u16,
    /// Points per +1 to RET, PSK or PST for a soldier.
    pub bonus: u16,
    /// Multiplier for HWPs and terror units.
    pub heavy_factor: u16,
    /// Points per +1 of alien armour on one location.
    pub alien_armour: u16,
    /// Most a stat may rise above its base.
    pub cap: i16,
    /// Free boost points of a unit carried over from an earlier mission
    /// (tac.squad.campaign).
    pub veteran: u16,
}

/// One susceptibility cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SuscDef {
    /// Added to incoming damage of the type.
    Add(i16),
    /// No damage of the type.
    Invulnerable,
}

/// One row of our missed-shot direction table (tac.gap.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissDef {
    /// Lowest d10 result.
    pub from: u8,
    /// Highest d10 result.
    pub to: u8,
    /// Eighths of a turn from the line of fire, clockwise positive.
    pub turn: i8,
    /// Whether the miss falls short of the target rather than beyond it.
    pub short: bool,
}

/// `rules.ron`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesDef {
    /// Movement costs.
    pub movement: MovementDef,
    /// Special movement costs.
    pub special: SpecialDef,
    /// Ranged and throwing modifiers.
    pub modifiers: ModifiersDef,
    /// TU per melee attack.
    pub melee_tu: u8,
    /// The critical-hit table.
    pub criticals: Vec<CriticalDef>,
    /// Accuracy lost per arm hit.
    pub arm_penalty: i16,
    /// Psi rules.
    pub psi: PsiDef,
    /// Boost prices.
    pub boost: BoostDef,
    /// A standard squad's points.
    pub squad_points: u16,
    /// Stun lost per round while unconscious.
    pub stun_recovery: i16,
    /// Fall damage per level after the first.
    pub fall_per_level: i16,
    /// Highest technology level.
    pub tech_levels: u8,
    /// X-Com craft capacities.
    pub craft: Vec<(String, u8)>,
    /// Susceptibility rows by name.
    pub susceptibility: Vec<(String, BTreeMap<String, SuscDef>)>,
    /// Missed-shot directions.
    pub miss_directions: Vec<MissDef>,
    /// The Crashed UFO/Skyranger scenario's numbers (tac.scen.crash.*).
    pub crash: CrashDef,
}

/// The numbers of a crash (tac.scen.crash.setup, tac.scen.crash.head-start,
/// tac.scen.crash.engine-roll, tac.scen.crash.engine-blast).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrashDef {
    /// The crashed side's budget, in percent of the scenario's.
    pub budget_percent: u8,
    /// Extra turns (rounds) the crashed side gets to start with.
    pub head_start: u8,
    /// Percent chance that each power source exploded on impact.
    pub engine_chance: u8,
    /// The blast's base: 100 in "100 x 2d10".
    pub blast_base: u32,
    /// The blast's HE rating.
    pub blast_rating: u8,
}
