//! Validated Tactical data: the unit roster, weapons, armour, grenades, equipment and rule
//! tables, read from the raw [`crate::data`] types. Every problem in every file is reported with
//! its file, line and column; the runtime types are reached through small Copy ids so game
//! state stays cheap to copy and hash.
//!
//! ```
//! use squadsight_tactical::catalog::Catalog;
//! let catalog = Catalog::builtin().unwrap();
//! let troop = catalog.unit_id("Troop").unwrap();
//! assert_eq!(catalog.unit(troop).stats.tu, 27);
//! assert_eq!(catalog.rules().movement.walk_diagonal, 3);
//! ```

use crate::data::{
    ArmDef, ArmourDef, CriticalDef, EquipmentDef, GrenadeDef, GrenadeKind, Group, Location,
    MedikitDef, MissDef, Mode, ModifiersDef, MovementDef, PanicDef, PanicEffect, RulesDef, Side,
    SpecialDef, StatsDef, SuscDef, UnitDef, WeaponClass, WeaponDef,
};
use serde::{Deserialize, Serialize};
use squadsight_core::article;
use squadsight_core::data::{DataError, DataErrors, ParseAll, cached};
use squadsight_core::hash::stable_hash;
use std::fmt;
use std::sync::OnceLock;

pub use crate::map::DamageType;

/// An amount of damage of one type; HE carries its splash rating 1–3 (`52 HE-1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Damage {
    /// Points of damage.
    pub amount: i16,
    /// The type.
    pub kind: DamageType,
    /// HE rating (1–3), 0 for every other type.
    pub rating: u8,
}

impl fmt::Display for Damage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.rating > 0 {
            write!(f, "{} {}-{}", self.amount, self.kind.name(), self.rating)
        } else {
            write!(f, "{} {}", self.amount, self.kind.name())
        }
    }
}

/// What a hit does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Payload {
    /// Damage.
    Damage(Damage),
    /// The Chrysalid's implant (tac.zombie.implant).
    Zombify,
    /// The loaded grenade's own damage (Grenade Launcher).
    AsGrenade,
    /// Nothing (the Electro Flare's 0).
    Nothing,
}

/// Parses a damage cell as printed: `26 AP`, `52 HE-1`, `Zombify`, `*` or `0`.
pub fn parse_payload(text: &str) -> Result<Payload, String> {
    match text.trim() {
        "Zombify" => return Ok(Payload::Zombify),
        "*" => return Ok(Payload::AsGrenade),
        "0" => return Ok(Payload::Nothing),
        _ => {}
    }
    let (amount, kind) = text
        .trim()
        .split_once(' ')
        .ok_or_else(|| format!("damage `{text}` is not `AMOUNT TYPE`"))?;
    let amount: i16 = amount
        .parse()
        .map_err(|_| format!("damage `{text}`: `{amount}` is not a number"))?;
    if amount <= 0 {
        return Err(format!("damage `{text}` must be above 0"));
    }
    let (kind, rating) = match kind.split_once('-') {
        Some(("HE", r)) => {
            let r: u8 = r
                .parse()
                .map_err(|_| format!("damage `{text}`: HE rating `{r}` is not 1, 2 or 3"))?;
            if !(1..=3).contains(&r) {
                return Err(format!("damage `{text}`: HE rating must be 1, 2 or 3"));
            }
            (DamageType::HE, r)
        }
        Some(_) => return Err(format!("damage `{text}`: only HE has a rating")),
        None if kind == "HE" => return Err(format!("damage `{text}`: HE needs a rating (HE-1)")),
        None => (
            DamageType::from_name(kind)
                .ok_or_else(|| format!("damage `{text}`: unknown type `{kind}`"))?,
            0,
        ),
    };
    Ok(Payload::Damage(Damage {
        amount,
        kind,
        rating,
    }))
}

/// One susceptibility cell (tac.susc.apply, tac.susc.invulnerable).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Susc {
    /// Added to incoming damage.
    Add(i16),
    /// Takes no damage of the type.
    #[default]
    Invulnerable,
}

/// A full susceptibility row, by [`DamageType::index`].
pub type SuscRow = [Susc; 8];

/// Armour by location, Front, Left, Right, Back, Under.
pub type Arm = [i16; 5];

macro_rules! id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        pub struct $name(pub u8);
        impl $name {
            /// The index into the catalog's list.
            pub fn index(self) -> usize {
                usize::from(self.0)
            }
        }
    };
}

id!(
    /// A unit type of the roster.
    UnitTypeId
);
id!(
    /// A weapon.
    WeaponId
);
id!(
    /// An armour suit.
    ArmourId
);
id!(
    /// A grenade type.
    GrenadeId
);

/// A validated stat line; `None` is "-", the unit lacks the ability.
pub type Stats = StatsDef;

/// One unit type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitType {
    /// Name.
    pub name: String,
    /// Roster group.
    pub group: Group,
    /// Points.
    pub points: u16,
    /// First technology level.
    pub tech: u8,
    /// 1 or 2 (a 2x2 block).
    pub size: u8,
    /// Whether it flies.
    pub flies: bool,
    /// Stat line.
    pub stats: Stats,
    /// Natural armour.
    pub arm: Arm,
    /// Susceptibility row.
    pub susc: SuscRow,
    /// The row's name.
    pub susc_name: String,
    /// Built-in weapons.
    pub attacks: Vec<WeaponId>,
}

impl UnitType {
    /// The side a unit of this type fights for (civilians count with neither).
    pub fn side(&self) -> Option<Side> {
        match self.group {
            Group::XcomSoldier | Group::Hwp => Some(Side::Xcom),
            Group::AlienSoldier | Group::Terror => Some(Side::Alien),
            Group::Civilian => None,
        }
    }

    /// HWPs and terror units pay double for boosts (tac.squad.boost-heavy).
    pub fn heavy(&self) -> bool {
        matches!(self.group, Group::Hwp | Group::Terror)
    }
}

/// One shot row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shot {
    /// Mode.
    pub mode: Mode,
    /// Accuracy bonus; `None` rolls nothing.
    pub accuracy: Option<i16>,
    /// TU.
    pub tu: u8,
    /// This shot's own payload, when printed.
    pub payload: Option<Payload>,
}

/// One round a weapon takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ammo {
    /// What it does.
    pub payload: Payload,
    /// Price per clip.
    pub clip_points: Option<u16>,
}

/// One weapon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weapon {
    /// Name.
    pub name: String,
    /// Class.
    pub class: WeaponClass,
    /// Price.
    pub points: u16,
    /// Side and level.
    pub tech: (Side, u8),
    /// Shots.
    pub shots: Vec<Shot>,
    /// Rounds it takes.
    pub ammo: Vec<Ammo>,
    /// Rounds per clip; `None` unlimited.
    pub rounds: Option<u16>,
    /// Weight.
    pub weight: u8,
    /// Clip weight.
    pub clip_weight: Option<u8>,
    /// Resolved with the throwing rules (tac.throw.as-throw).
    pub thrown: bool,
    /// Flies a path of waypoints (tac.ranged.targeted).
    pub guided: bool,
}

impl Weapon {
    /// The shot row of a mode.
    pub fn shot(&self, mode: Mode) -> Option<&Shot> {
        self.shots.iter().find(|s| s.mode == mode)
    }
}

/// One armour suit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Armour {
    /// Name.
    pub name: String,
    /// Price.
    pub points: u16,
    /// Side and level.
    pub tech: (Side, u8),
    /// Armour.
    pub arm: Arm,
    /// STR bonus.
    pub str_bonus: i16,
    /// Flight.
    pub flying: bool,
    /// Susceptibility row.
    pub susc: SuscRow,
}

/// One grenade type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grenade {
    /// Name.
    pub name: String,
    /// Price.
    pub points: u16,
    /// Side and level.
    pub tech: (Side, u8),
    /// What it does.
    pub payload: Payload,
    /// Weight.
    pub weight: u8,
    /// How it goes off.
    pub kind: GrenadeKind,
}

/// The rule tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Movement costs.
    pub movement: MovementDef,
    /// Special movement costs.
    pub special: SpecialDef,
    /// Modifiers.
    pub modifiers: ModifiersDef,
    /// TU per melee attack.
    pub melee_tu: u8,
    /// Critical location by d10 result (index 0 = result 1).
    pub criticals: [Location; 10],
    /// Accuracy lost per arm hit.
    pub arm_penalty: i16,
    /// Psi modifiers: probe, panic, mind control.
    pub psi_probe: i16,
    /// Panic modifier.
    pub psi_panic: i16,
    /// Mind control modifier.
    pub psi_mind_control: i16,
    /// Panic effect by d10 result (index 0 = result 1).
    pub panic: [PanicEffect; 10],
    /// Boost prices.
    pub boost: crate::data::BoostDef,
    /// Standard squad points.
    pub squad_points: u16,
    /// Stun recovery per round.
    pub stun_recovery: i16,
    /// Fall damage per level after the first.
    pub fall_per_level: i16,
    /// Highest technology level.
    pub tech_levels: u8,
    /// Craft capacities.
    pub craft: Vec<(String, u8)>,
    /// Missed-shot direction by d10 result: (turn in eighths, short).
    pub miss: [(i8, bool); 10],
    /// The numbers of a crash.
    pub crash: crate::data::CrashDef,
}

/// The validated catalog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalog {
    units: Vec<UnitType>,
    weapons: Vec<Weapon>,
    armour: Vec<Armour>,
    grenades: Vec<Grenade>,
    psi_amp: crate::data::PsiAmpDef,
    medikit: MedikitDef,
    rules: Rules,
    susc_rows: Vec<(String, SuscRow)>,
    data_hash: u64,
}

/// The texts of the four data files.
#[derive(Clone, Copy, Debug)]
pub struct DataFiles<'a> {
    /// `units.ron`.
    pub units: &'a str,
    /// `weapons.ron`.
    pub weapons: &'a str,
    /// `equipment.ron`.
    pub equipment: &'a str,
    /// `rules.ron`.
    pub rules: &'a str,
}

/// Where `units.ron` is reported from.
pub const UNITS_ORIGIN: &str = "rulesets/tactical/units.ron";
/// Where `weapons.ron` is reported from.
pub const WEAPONS_ORIGIN: &str = "rulesets/tactical/weapons.ron";
/// Where `equipment.ron` is reported from.
pub const EQUIPMENT_ORIGIN: &str = "rulesets/tactical/equipment.ron";
/// Where `rules.ron` is reported from.
pub const RULES_ORIGIN: &str = "rulesets/tactical/rules.ron";

impl DataFiles<'static> {
    /// The files embedded in the binary.
    pub fn builtin() -> DataFiles<'static> {
        DataFiles {
            units: include_str!("../../../rulesets/tactical/units.ron"),
            weapons: include_str!("../../../rulesets/tactical/weapons.ron"),
            equipment: include_str!("../../../rulesets/tactical/equipment.ron"),
            rules: include_str!("../../../rulesets/tactical/rules.ron"),
        }
    }
}

impl DataFiles<'_> {
    fn hash(&self) -> u64 {
        stable_hash(&(self.units, self.weapons, self.equipment, self.rules))
    }
}

impl Catalog {
    /// The embedded catalog, loaded once per process.
    pub fn builtin() -> Result<&'static Catalog, DataErrors> {
        static BUILTIN: OnceLock<Result<Catalog, DataErrors>> = OnceLock::new();
        cached(&BUILTIN, || Catalog::parse(&DataFiles::builtin()))
    }

    /// Parses and validates the four files, reporting every problem.
    pub fn parse(files: &DataFiles<'_>) -> Result<Catalog, DataErrors> {
        let mut read = ParseAll::default();
        let units: Option<Vec<UnitDef>> = read.ron(files.units, UNITS_ORIGIN);
        let weapons: Option<Vec<WeaponDef>> = read.ron(files.weapons, WEAPONS_ORIGIN);
        let equipment: Option<EquipmentDef> = read.ron(files.equipment, EQUIPMENT_ORIGIN);
        let rules: Option<RulesDef> = read.ron(files.rules, RULES_ORIGIN);
        let (Some(units), Some(weapons), Some(equipment), Some(rules)) =
            (units, weapons, equipment, rules)
        else {
            return Err(read.into_errors());
        };
        let mut b = Builder {
            files,
            errors: Vec::new(),
        };
        let susc_rows = b.susc_rows(&rules);
        let rules_rt = b.rules(&rules);
        let weapons = b.weapons(weapons);
        let units = b.units(units, &weapons, &susc_rows, rules.tech_levels);
        let armour = b.armour(&equipment.armour, &susc_rows, rules.tech_levels);
        let grenades = b.grenades(&equipment.grenades, rules.tech_levels);
        if !b.errors.is_empty() {
            return Err(DataErrors(b.errors));
        }
        Ok(Catalog {
            units,
            weapons,
            armour,
            grenades,
            psi_amp: equipment.psi_amp,
            medikit: equipment.medikit,
            rules: rules_rt,
            susc_rows,
            data_hash: files.hash(),
        })
    }

    /// A stable hash of the data files.
    pub fn data_hash(&self) -> u64 {
        self.data_hash
    }

    /// The unit roster.
    pub fn units(&self) -> &[UnitType] {
        &self.units
    }

    /// One unit type.
    pub fn unit(&self, id: UnitTypeId) -> &UnitType {
        &self.units[id.index().min(self.units.len() - 1)]
    }

    /// A unit type by name.
    pub fn unit_id(&self, name: &str) -> Option<UnitTypeId> {
        self.units
            .iter()
            .position(|u| u.name == name)
            .and_then(|i| u8::try_from(i).ok())
            .map(UnitTypeId)
    }

    /// The weapons.
    pub fn weapons(&self) -> &[Weapon] {
        &self.weapons
    }

    /// One weapon.
    pub fn weapon(&self, id: WeaponId) -> &Weapon {
        &self.weapons[id.index().min(self.weapons.len() - 1)]
    }

    /// A weapon by name.
    pub fn weapon_id(&self, name: &str) -> Option<WeaponId> {
        self.weapons
            .iter()
            .position(|w| w.name == name)
            .and_then(|i| u8::try_from(i).ok())
            .map(WeaponId)
    }

    /// The armour suits.
    pub fn armours(&self) -> &[Armour] {
        &self.armour
    }

    /// One armour suit.
    pub fn armour(&self, id: ArmourId) -> &Armour {
        &self.armour[id.index().min(self.armour.len() - 1)]
    }

    /// An armour suit by name.
    pub fn armour_id(&self, name: &str) -> Option<ArmourId> {
        self.armour
            .iter()
            .position(|a| a.name == name)
            .and_then(|i| u8::try_from(i).ok())
            .map(ArmourId)
    }

    /// The grenades.
    pub fn grenades(&self) -> &[Grenade] {
        &self.grenades
    }

    /// One grenade type.
    pub fn grenade(&self, id: GrenadeId) -> &Grenade {
        &self.grenades[id.index().min(self.grenades.len() - 1)]
    }

    /// A grenade by name.
    pub fn grenade_id(&self, name: &str) -> Option<GrenadeId> {
        self.grenades
            .iter()
            .position(|g| g.name == name)
            .and_then(|i| u8::try_from(i).ok())
            .map(GrenadeId)
    }

    /// The Psi Amp.
    pub fn psi_amp(&self) -> &crate::data::PsiAmpDef {
        &self.psi_amp
    }

    /// The Medikit.
    pub fn medikit(&self) -> &MedikitDef {
        &self.medikit
    }

    /// The rule tables.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// A susceptibility row by name.
    pub fn susceptibility(&self, name: &str) -> Option<&SuscRow> {
        self.susc_rows
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, r)| r)
    }
}

struct Builder<'f, 'a> {
    files: &'f DataFiles<'a>,
    errors: Vec<DataError>,
}

impl Builder<'_, '_> {
    fn err(&mut self, origin: &str, anchor: &str, needle: &str, message: String) {
        let text = match origin {
            UNITS_ORIGIN => self.files.units,
            WEAPONS_ORIGIN => self.files.weapons,
            EQUIPMENT_ORIGIN => self.files.equipment,
            _ => self.files.rules,
        };
        self.errors
            .push(DataError::near(origin, text, anchor, needle, message));
    }

    fn unique<'n>(&mut self, origin: &str, what: &str, names: impl Iterator<Item = &'n str>) {
        let mut seen: Vec<&str> = Vec::new();
        for n in names {
            if n.trim().is_empty() {
                self.err(
                    origin,
                    "name: \"\"",
                    "",
                    format!("{} {what} has an empty name", article(what)),
                );
            } else if seen.contains(&n) {
                self.err(origin, n, n, format!("{what} `{n}` is listed twice"));
            }
            seen.push(n);
        }
    }

    fn tech(&mut self, origin: &str, name: &str, level: u8, max: u8) {
        if level == 0 || level > max {
            self.err(
                origin,
                name,
                "tech",
                format!("`{name}`: technology level {level} is not 1 to {max}"),
            );
        }
    }

    /// Checks a d10 table covers 1..=10 exactly once.
    fn d10<T: Copy>(&mut self, what: &str, rows: &[(u8, u8, T)]) -> Option<[T; 10]> {
        let mut out: [Option<T>; 10] = [None; 10];
        for &(from, to, v) in rows {
            if from == 0 || to > 10 || from > to {
                self.err(
                    RULES_ORIGIN,
                    what,
                    &format!("from: {from}"),
                    format!("{what}: range {from}-{to} is not within 1-10"),
                );
                continue;
            }
            for r in from..=to {
                let slot = &mut out[usize::from(r - 1)];
                if slot.is_some() {
                    self.err(
                        RULES_ORIGIN,
                        what,
                        &format!("from: {from}"),
                        format!("{what}: result {r} is listed twice"),
                    );
                }
                *slot = Some(v);
            }
        }
        let mut full = [rows.first()?.2; 10];
        for (i, v) in out.iter().enumerate() {
            match v {
                Some(v) => full[i] = *v,
                None => {
                    self.err(
                        RULES_ORIGIN,
                        what,
                        "",
                        format!("{what}: d10 result {} is missing", i + 1),
                    );
                    return None;
                }
            }
        }
        Some(full)
    }

    fn susc_rows(&mut self, rules: &RulesDef) -> Vec<(String, SuscRow)> {
        self.unique(
            RULES_ORIGIN,
            "susceptibility row",
            rules.susceptibility.iter().map(|(n, _)| n.as_str()),
        );
        let mut rows = Vec::new();
        for (name, cells) in &rules.susceptibility {
            let mut row = [Susc::Add(0); 8];
            for (col, v) in cells {
                match DamageType::from_name(col) {
                    Some(t) => {
                        row[t.index()] = match *v {
                            SuscDef::Add(n) => Susc::Add(n),
                            SuscDef::Invulnerable => Susc::Invulnerable,
                        }
                    }
                    None => self.err(
                        RULES_ORIGIN,
                        name,
                        col,
                        format!("susceptibility row `{name}`: unknown damage type `{col}`"),
                    ),
                }
            }
            rows.push((name.clone(), row));
        }
        rows
    }

    fn rules(&mut self, r: &RulesDef) -> Rules {
        let crit: Vec<(u8, u8, Location)> = r
            .criticals
            .iter()
            .map(|c: &CriticalDef| (c.from, c.to, c.location))
            .collect();
        let panic: Vec<(u8, u8, PanicEffect)> = r
            .psi
            .panic_table
            .iter()
            .map(|p: &PanicDef| (p.from, p.to, p.effect))
            .collect();
        let miss: Vec<(u8, u8, (i8, bool))> = r
            .miss_directions
            .iter()
            .map(|m: &MissDef| (m.from, m.to, (m.turn, m.short)))
            .collect();
        let criticals = self
            .d10("criticals", &crit)
            .unwrap_or([Location::Torso; 10]);
        let panic = self
            .d10("panic_table", &panic)
            .unwrap_or([PanicEffect::Paralysed; 10]);
        let miss = self
            .d10("miss_directions", &miss)
            .unwrap_or([(0, false); 10]);
        for (t, _) in &miss {
            if !(-4..=4).contains(t) {
                self.err(
                    RULES_ORIGIN,
                    "miss_directions",
                    "turn",
                    format!("miss_directions: turn {t} is not -4 to 4 eighths"),
                );
            }
        }
        if r.modifiers.cap <= 0 || r.modifiers.cap > 100 {
            self.err(
                RULES_ORIGIN,
                "cap",
                "cap",
                format!("modifiers: cap {} is not 1 to 100", r.modifiers.cap),
            );
        }
        if r.tech_levels == 0 {
            self.err(
                RULES_ORIGIN,
                "tech_levels",
                "tech_levels",
                "tech_levels must be at least 1".into(),
            );
        }
        Rules {
            movement: r.movement,
            special: r.special,
            modifiers: r.modifiers,
            melee_tu: r.melee_tu,
            criticals,
            arm_penalty: r.arm_penalty,
            psi_probe: r.psi.probe,
            psi_panic: r.psi.panic,
            psi_mind_control: r.psi.mind_control,
            panic,
            boost: r.boost,
            squad_points: r.squad_points,
            stun_recovery: r.stun_recovery,
            fall_per_level: r.fall_per_level,
            tech_levels: r.tech_levels,
            craft: r.craft.clone(),
            miss,
            crash: r.crash,
        }
    }

    fn row(
        &mut self,
        origin: &str,
        owner: &str,
        name: &str,
        rows: &[(String, SuscRow)],
    ) -> SuscRow {
        match rows.iter().find(|(n, _)| n == name) {
            Some((_, r)) => *r,
            None => {
                self.err(
                    origin,
                    owner,
                    "susceptibility",
                    format!("`{owner}`: no susceptibility row `{name}` in rules.ron"),
                );
                [Susc::Add(0); 8]
            }
        }
    }

    fn arm(&mut self, origin: &str, owner: &str, arm: ArmDef) -> Arm {
        let a = [arm.0, arm.1, arm.2, arm.3, arm.4];
        if a.iter().any(|v| *v < 0) {
            self.err(
                origin,
                owner,
                "arm",
                format!("`{owner}`: armour values may not be negative"),
            );
        }
        a
    }

    fn units(
        &mut self,
        defs: Vec<UnitDef>,
        weapons: &[Weapon],
        rows: &[(String, SuscRow)],
        max_tech: u8,
    ) -> Vec<UnitType> {
        const O: &str = UNITS_ORIGIN;
        self.unique(O, "unit", defs.iter().map(|u| u.name.as_str()));
        let mut out = Vec::new();
        for u in defs {
            let n = u.name.as_str();
            self.tech(O, n, u.tech, max_tech);
            if !(1..=2).contains(&u.size) {
                self.err(
                    O,
                    n,
                    "size",
                    format!("`{n}`: size {} is not 1 or 2", u.size),
                );
            }
            if u.stats.tu <= 0 || u.stats.hth <= 0 {
                self.err(O, n, "tu", format!("`{n}`: TU and HTH must be above 0"));
            }
            let arm = self.arm(O, n, u.arm);
            let susc = self.row(O, n, &u.susceptibility, rows);
            let mut attacks = Vec::new();
            for a in &u.attacks {
                match weapons.iter().position(|w| &w.name == a) {
                    Some(i) if weapons[i].class == WeaponClass::Internal => {
                        attacks.push(WeaponId(i as u8));
                    }
                    Some(_) => self.err(
                        O,
                        n,
                        a,
                        format!("`{n}`: `{a}` is not a built-in (Internal) weapon"),
                    ),
                    None => self.err(O, n, a, format!("`{n}`: no weapon `{a}` in weapons.ron")),
                }
            }
            out.push(UnitType {
                name: u.name.clone(),
                group: u.group,
                points: u.points,
                tech: u.tech,
                size: u.size,
                flies: u.flies,
                stats: u.stats,
                arm,
                susc,
                susc_name: u.susceptibility.clone(),
                attacks,
            });
        }
        if out.len() > usize::from(u8::MAX) {
            self.errors
                .push(DataError::general(O, "more than 255 unit types"));
        }
        out
    }

    fn weapons(&mut self, defs: Vec<WeaponDef>) -> Vec<Weapon> {
        const O: &str = WEAPONS_ORIGIN;
        self.unique(O, "weapon", defs.iter().map(|w| w.name.as_str()));
        let mut out = Vec::new();
        for w in defs {
            let n = w.name.as_str();
            if w.shots.is_empty() {
                self.err(O, n, "shots", format!("`{n}` has no shots"));
            }
            let mut shots: Vec<Shot> = Vec::new();
            for s in &w.shots {
                if shots.iter().any(|t| t.mode == s.mode) {
                    self.err(
                        O,
                        n,
                        "shots",
                        format!("`{n}`: shot mode {:?} is listed twice", s.mode),
                    );
                }
                if s.accuracy.is_none() && s.mode != Mode::Detonate {
                    self.err(
                        O,
                        n,
                        "None",
                        format!("`{n}`: only Detonate may have no accuracy"),
                    );
                }
                let payload = match &s.damage {
                    Some(d) => match parse_payload(d) {
                        Ok(p) => Some(p),
                        Err(e) => {
                            self.err(O, n, d, format!("`{n}`: {e}"));
                            None
                        }
                    },
                    None => None,
                };
                shots.push(Shot {
                    mode: s.mode,
                    accuracy: s.accuracy,
                    tu: s.tu,
                    payload,
                });
            }
            if w.ammo.is_empty() {
                self.err(O, n, "ammo", format!("`{n}` takes no ammunition"));
            }
            let mut ammo = Vec::new();
            for a in &w.ammo {
                match parse_payload(&a.damage) {
                    Ok(p) => ammo.push(Ammo {
                        payload: p,
                        clip_points: a.clip_points,
                    }),
                    Err(e) => self.err(O, n, &a.damage, format!("`{n}`: {e}")),
                }
            }
            if w.tech.1 == 0 || w.tech.1 > 4 {
                self.err(
                    O,
                    n,
                    "tech",
                    format!("`{n}`: technology level {} is not 1 to 4", w.tech.1),
                );
            }
            if w.rounds == Some(0) {
                self.err(O, n, "rounds", format!("`{n}`: a clip of 0 rounds"));
            }
            out.push(Weapon {
                name: w.name.clone(),
                class: w.class,
                points: w.points,
                tech: w.tech,
                shots,
                ammo,
                rounds: w.rounds,
                weight: w.weight,
                clip_weight: w.clip_weight,
                thrown: w.thrown,
                guided: w.guided,
            });
        }
        out
    }

    fn armour(
        &mut self,
        defs: &[ArmourDef],
        rows: &[(String, SuscRow)],
        max_tech: u8,
    ) -> Vec<Armour> {
        const O: &str = EQUIPMENT_ORIGIN;
        self.unique(O, "armour suit", defs.iter().map(|a| a.name.as_str()));
        defs.iter()
            .map(|a| {
                self.tech(O, &a.name, a.tech.1, max_tech);
                Armour {
                    name: a.name.clone(),
                    points: a.points,
                    tech: a.tech,
                    arm: self.arm(O, &a.name, a.arm),
                    str_bonus: a.str_bonus,
                    flying: a.flying,
                    susc: self.row(O, &a.name, &a.susceptibility, rows),
                }
            })
            .collect()
    }

    fn grenades(&mut self, defs: &[GrenadeDef], max_tech: u8) -> Vec<Grenade> {
        const O: &str = EQUIPMENT_ORIGIN;
        self.unique(O, "grenade", defs.iter().map(|g| g.name.as_str()));
        let mut out = Vec::new();
        for g in defs {
            self.tech(O, &g.name, g.tech.1, max_tech);
            if g.weight == 0 {
                self.err(O, &g.name, "weight", format!("`{}`: weight 0", g.name));
            }
            match parse_payload(&g.damage) {
                Ok(p) => out.push(Grenade {
                    name: g.name.clone(),
                    points: g.points,
                    tech: g.tech,
                    payload: p,
                    weight: g.weight,
                    kind: g.kind,
                }),
                Err(e) => self.err(O, &g.name, &g.damage, format!("`{}`: {e}", g.name)),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damage_cells_parse_in_the_printed_notation() {
        // tac.equip.fields, tac.dmgtype.list
        assert_eq!(
            parse_payload("52 HE-1"),
            Ok(Payload::Damage(Damage {
                amount: 52,
                kind: DamageType::HE,
                rating: 1
            }))
        );
        assert_eq!(parse_payload("Zombify"), Ok(Payload::Zombify));
        assert!(parse_payload("52 HE").is_err());
        assert!(parse_payload("52 AP-2").is_err());
        assert!(parse_payload("x AP").is_err());
        assert!(parse_payload("10 XX").is_err());
    }

    #[test]
    fn builtin_data_loads() {
        if let Err(e) = Catalog::builtin() {
            panic!("{e}");
        }
    }
}
