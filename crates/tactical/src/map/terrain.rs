//! What squares are made of: floor and object kinds, the structural classes of §7.6 and the
//! table that ties them together (`rulesets/tactical/terrain.ron`, the source's Map
//! Interpretation table, `tac.map.interpretation`).
//!
//! The kinds the table prints are enum variants; the kinds we added for our own tiles
//! (hedges, furniture, crates, machinery) are variants too, with their properties in the tile
//! legend (`rulesets/tactical/tiles/legend.ron`), so the transcribed table stays exactly as
//! printed.

use super::locate::Locator;
use serde::{Deserialize, Serialize};
use squadsight_core::data::{DataError, parse_ron};

/// The eight damage types (`tac.dmgtype.list`), in the susceptibility table's column order:
/// one type for the rules (weapons, susceptibility) and the map (structural strengths).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum DamageType {
    /// Close combat.
    CC,
    /// Acid.
    AC,
    /// Armour piercing.
    AP,
    /// Stun.
    ST,
    /// Incendiary.
    IN,
    /// High explosive.
    HE,
    /// Laser beam.
    LB,
    /// Plasma beam.
    PB,
}

impl DamageType {
    /// All eight, in column order.
    pub const ALL: [DamageType; 8] = [
        DamageType::CC,
        DamageType::AC,
        DamageType::AP,
        DamageType::ST,
        DamageType::IN,
        DamageType::HE,
        DamageType::LB,
        DamageType::PB,
    ];

    /// The column index.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The type for its printed abbreviation.
    pub fn from_name(name: &str) -> Option<DamageType> {
        DamageType::ALL.into_iter().find(|t| t.name() == name)
    }

    /// The printed abbreviation.
    pub fn name(self) -> &'static str {
        match self {
            DamageType::CC => "CC",
            DamageType::AC => "AC",
            DamageType::AP => "AP",
            DamageType::ST => "ST",
            DamageType::IN => "IN",
            DamageType::HE => "HE",
            DamageType::LB => "LB",
            DamageType::PB => "PB",
        }
    }
}

/// How hard an item is to destroy (`tac.map.strength-class`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum StrengthClass {
    /// The default: farm houses, urban buildings, fences (`tac.collat.normal`).
    #[default]
    Normal,
    /// Base walls, UFO interiors (`tac.collat.hardened`).
    Hardened,
    /// Craft and UFO hulls, reinforced UFO doors (`tac.collat.super-tough`).
    SuperTough,
    /// Never destroyed (`tac.collat.indestructible`).
    Indestructible,
}

impl StrengthClass {
    /// Every class, weakest first.
    pub const ALL: [StrengthClass; 4] = [
        StrengthClass::Normal,
        StrengthClass::Hardened,
        StrengthClass::SuperTough,
        StrengthClass::Indestructible,
    ];
}

/// A floor kind. The first ten are the rows of the Map Interpretation table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum FloorKind {
    /// Grass.
    Grass,
    /// Dirt, sand, gravel: what a destroyed ground floor becomes (`tac.collat.ground-floor`).
    Dirt,
    /// Pavement.
    Pavement,
    /// Tall grass, crops (uneven).
    TallGrass,
    /// Hay (uneven).
    Hay,
    /// Snow (uneven).
    Snow,
    /// A building's floor.
    BuildingFloor,
    /// X-Com or alien base floor.
    BaseFloor,
    /// An elevator platform: does not block sight between levels (`tac.map.floor-los`).
    Elevator,
    /// A craft's hull.
    CraftHull,
}

impl FloorKind {
    /// Every floor kind, in table order.
    pub const ALL: [FloorKind; 10] = [
        FloorKind::Grass,
        FloorKind::Dirt,
        FloorKind::Pavement,
        FloorKind::TallGrass,
        FloorKind::Hay,
        FloorKind::Snow,
        FloorKind::BuildingFloor,
        FloorKind::BaseFloor,
        FloorKind::Elevator,
        FloorKind::CraftHull,
    ];

    fn index(self) -> usize {
        self as usize
    }
}

/// An object kind. The first eleven are the rows of the Map Interpretation table; the rest
/// are ours, for our own tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ObjectKind {
    /// Trees, cacti.
    Trees,
    /// Rocks.
    Rocks,
    /// Soil column: the solid inside of a hill.
    SoilColumn,
    /// Rock column.
    RockColumn,
    /// Skyranger engines (explosive).
    SkyrangerEngines,
    /// Skyranger cockpit.
    SkyrangerCockpit,
    /// Skyranger stabiliser.
    SkyrangerStabiliser,
    /// UFO navigation (explosive).
    UfoNavigation,
    /// UFO chairs.
    UfoChairs,
    /// UFO power source (explosive).
    UfoPowerSource,
    /// Other alien equipment (explosive).
    AlienEquipment,
    /// Ours: a hedge.
    Hedge,
    /// Ours: furniture (tables, beds, shelves).
    Furniture,
    /// Ours: crates and barrels.
    Crates,
    /// Ours: X-Com base machinery (consoles, generators).
    Machinery,
}

impl ObjectKind {
    /// The kinds printed in the Map Interpretation table, in its order.
    pub const TABLE: [ObjectKind; 11] = [
        ObjectKind::Trees,
        ObjectKind::Rocks,
        ObjectKind::SoilColumn,
        ObjectKind::RockColumn,
        ObjectKind::SkyrangerEngines,
        ObjectKind::SkyrangerCockpit,
        ObjectKind::SkyrangerStabiliser,
        ObjectKind::UfoNavigation,
        ObjectKind::UfoChairs,
        ObjectKind::UfoPowerSource,
        ObjectKind::AlienEquipment,
    ];

    /// Our additions, not in the source's table.
    pub const OURS: [ObjectKind; 4] = [
        ObjectKind::Hedge,
        ObjectKind::Furniture,
        ObjectKind::Crates,
        ObjectKind::Machinery,
    ];

    /// How many kinds there are.
    pub const COUNT: usize = 15;

    fn index(self) -> usize {
        self as usize
    }
}

/// How much of a square's height an object fills, which decides what it does to sight
/// (`tac.los.blockers`, `tac.los.obstruction`, our reading of `tac.gap.7`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Height {
    /// Fills the square: blocks sight by itself.
    #[default]
    Full,
    /// Low or partial: one square of obstruction (-5; four block sight).
    Low,
}

/// What destroys an item: a threshold of one damage type (`tac.collat.*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Threshold {
    /// Any amount above zero.
    Any,
    /// At least this much.
    AtLeast(u32),
}

impl Threshold {
    /// Whether `amount` of damage meets it.
    pub fn met_by(self, amount: u32) -> bool {
        match self {
            Threshold::Any => amount > 0,
            Threshold::AtLeast(t) => amount >= t,
        }
    }
}

/// A floor or object row of the table, as written in `terrain.ron`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RowDef<K> {
    kind: K,
    printed: String,
    class: StrengthClass,
    explosive: bool,
    uneven: bool,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StrengthDef {
    class: StrengthClass,
    destroyed_by: Vec<(DamageType, Threshold)>,
    set_alight_by_incendiary: bool,
}

#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BlastDef {
    damage: u32,
    rating: u8,
}

#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SplashStepDef {
    rating: u8,
    step: u32,
}

/// `rulesets/tactical/terrain.ron` as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TerrainDef {
    floors: Vec<RowDef<FloorKind>>,
    objects: Vec<RowDef<ObjectKind>>,
    strengths: Vec<StrengthDef>,
    explosive_blast: BlastDef,
    splash_steps: Vec<SplashStepDef>,
    smoke_rounds: u8,
    grenade_smoke_rounds: u8,
    fire_rounds: u8,
    collapse_cc_per_level: u32,
    smoke_stun: u32,
    fire_damage: u32,
}

/// The properties of one floor or object kind.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KindInfo {
    /// The name as printed in the source (or ours, for our kinds).
    pub printed: String,
    /// Structural class.
    pub class: StrengthClass,
    /// Detonates when destroyed (`tac.explosive.detonate`).
    pub explosive: bool,
    /// Costs the uneven-terrain surcharge (`tac.map.uneven`).
    pub uneven: bool,
    /// What it does to sight (objects only; floors block between levels unless elevators).
    pub height: Height,
}

/// An explosion: damage in the centre square and HE rating (`tac.splash.rating`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Blast {
    /// Damage in the centre square.
    pub damage: u32,
    /// HE rating, 1 to 3.
    pub rating: u8,
}

/// The validated terrain table: kinds, classes, blast and duration numbers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Terrain {
    floors: Vec<KindInfo>,
    objects: Vec<KindInfo>,
    /// Per class (in [`StrengthClass::ALL`] order): the thresholds that destroy it.
    destroyed_by: [Vec<(DamageType, Threshold)>; 4],
    alight: [bool; 4],
    /// Detonation of an explosive object (`tac.explosive.detonate`).
    pub explosive_blast: Blast,
    /// Damage lost per square for HE-1, HE-2, HE-3 (`tac.splash.rating`).
    pub splash_steps: [u32; 3],
    /// Rounds that HE and IN smoke lasts (`tac.smoke.duration`).
    pub smoke_rounds: u8,
    /// Rounds that a smoke grenade's smoke lasts (`tac.smoke.grenade-duration`).
    pub grenade_smoke_rounds: u8,
    /// Rounds that a fire burns (`tac.fire.ignite`).
    pub fire_rounds: u8,
    /// CC damage per level that falls on a unit (`tac.collapse.crush`).
    pub collapse_cc_per_level: u32,
    /// ST damage each round to a unit in smoke (`tac.smoke.damage`).
    pub smoke_stun: u32,
    /// IN damage each round to a unit standing in fire (`tac.fire.damage`).
    pub fire_damage: u32,
}

/// Where the terrain table comes from in error messages.
pub const TERRAIN_ORIGIN: &str = "rulesets/tactical/terrain.ron";

/// The terrain table built into the program.
pub const TERRAIN_SOURCE: &str = include_str!("../../../../rulesets/tactical/terrain.ron");

impl Terrain {
    /// Parses and validates a terrain table. `ours` gives the properties of our own object
    /// kinds and the sight height of every object (from the tile legend).
    pub fn parse(
        text: &str,
        origin: &str,
        ours: &[(ObjectKind, KindInfo)],
        heights: &[(ObjectKind, Height)],
    ) -> Result<Terrain, Vec<DataError>> {
        let def: TerrainDef = parse_ron(text.as_bytes(), origin).map_err(|e| vec![e])?;
        let loc = Locator::new(text, origin);
        let mut errors = Vec::new();
        let floors = rows(&def.floors, &FloorKind::ALL, "floor", &loc, &mut errors);
        let mut objects = rows(
            &def.objects,
            &ObjectKind::TABLE,
            "object",
            &loc,
            &mut errors,
        );
        for kind in ObjectKind::OURS {
            match ours.iter().find(|(k, _)| *k == kind) {
                Some((_, info)) => objects.push(info.clone()),
                None => errors.push(DataError::general(
                    origin,
                    format!("no properties for our object kind {kind:?}"),
                )),
            }
        }
        for &(kind, height) in heights {
            if let Some(info) = objects.get_mut(kind.index()) {
                info.height = height;
            }
        }
        let mut destroyed_by: [Vec<(DamageType, Threshold)>; 4] = Default::default();
        let mut alight = [false; 4];
        let mut seen = [false; 4];
        for s in &def.strengths {
            let i = s.class as usize;
            if seen[i] {
                errors.push(loc.at(
                    &format!("class: {:?}", s.class),
                    format!("class {:?} is listed twice", s.class),
                ));
            }
            seen[i] = true;
            destroyed_by[i] = s.destroyed_by.clone();
            alight[i] = s.set_alight_by_incendiary;
        }
        for class in StrengthClass::ALL {
            if !seen[class as usize] {
                errors.push(loc.at(
                    "strengths",
                    format!("no strength entry for class {class:?}"),
                ));
            }
        }
        let mut splash_steps = [0u32; 3];
        for s in &def.splash_steps {
            match usize::from(s.rating).checked_sub(1).filter(|&i| i < 3) {
                Some(i) if s.step > 0 => splash_steps[i] = s.step,
                _ => errors.push(loc.at(
                    &format!("rating: {}", s.rating),
                    format!(
                        "a splash step needs rating 1 to 3 and a step above 0 (rating {}, step {})",
                        s.rating, s.step
                    ),
                )),
            }
        }
        if splash_steps.contains(&0) {
            errors.push(loc.at(
                "splash_steps",
                "splash steps must give HE-1, HE-2 and HE-3".to_string(),
            ));
        }
        if !(1..=3).contains(&def.explosive_blast.rating) {
            errors.push(loc.at(
                "explosive_blast",
                "the explosive blast's rating must be 1 to 3".to_string(),
            ));
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Terrain {
            floors,
            objects,
            destroyed_by,
            alight,
            explosive_blast: Blast {
                damage: def.explosive_blast.damage,
                rating: def.explosive_blast.rating,
            },
            splash_steps,
            smoke_rounds: def.smoke_rounds,
            grenade_smoke_rounds: def.grenade_smoke_rounds,
            fire_rounds: def.fire_rounds,
            collapse_cc_per_level: def.collapse_cc_per_level,
            smoke_stun: def.smoke_stun,
            fire_damage: def.fire_damage,
        })
    }

    /// The properties of a floor kind.
    pub fn floor(&self, kind: FloorKind) -> &KindInfo {
        &self.floors[kind.index()]
    }

    /// The properties of an object kind.
    pub fn object(&self, kind: ObjectKind) -> &KindInfo {
        &self.objects[kind.index()]
    }

    /// Whether one hit of `amount` damage of type `kind` destroys an item of `class`
    /// (`tac.collat.normal`, `tac.collat.hardened`, `tac.collat.super-tough`,
    /// `tac.collat.indestructible`; per hit, never added up: `tac.gap.62`).
    pub fn destroys(&self, class: StrengthClass, kind: DamageType, amount: u32) -> bool {
        self.destroyed_by[class as usize]
            .iter()
            .any(|&(k, t)| k == kind && t.met_by(amount))
    }

    /// Whether any amount of IN damage sets an item of this class alight (`tac.fire.objects`).
    pub fn set_alight(&self, class: StrengthClass) -> bool {
        self.alight[class as usize]
    }

    /// Damage lost per square for an HE rating (1 to 3; others are clamped into range).
    pub fn splash_step(&self, rating: u8) -> u32 {
        self.splash_steps[usize::from(rating.clamp(1, 3)) - 1]
    }
}

fn rows<K: Copy + PartialEq + std::fmt::Debug>(
    defs: &[RowDef<K>],
    all: &[K],
    what: &str,
    loc: &Locator<'_>,
    errors: &mut Vec<DataError>,
) -> Vec<KindInfo> {
    let mut out = Vec::with_capacity(all.len());
    for (i, &kind) in all.iter().enumerate() {
        let found: Vec<&RowDef<K>> = defs.iter().filter(|d| d.kind == kind).collect();
        match found.as_slice() {
            [one] => {
                if defs.get(i).is_none_or(|d| d.kind != kind) {
                    errors.push(loc.at(
                        &format!("kind: {kind:?},"),
                        format!("{what} {kind:?} is out of the table's order"),
                    ));
                }
                out.push(KindInfo {
                    printed: one.printed.clone(),
                    class: one.class,
                    explosive: one.explosive,
                    uneven: one.uneven,
                    height: Height::Full,
                });
            }
            [] => errors.push(loc.at(
                &format!("{what}s"),
                format!("the {what} row {kind:?} is missing"),
            )),
            _ => errors.push(loc.at(
                &format!("kind: {kind:?},"),
                format!("the {what} row {kind:?} is listed more than once"),
            )),
        }
    }
    if defs.len() > all.len() {
        errors.push(loc.at(
            &format!("{what}s"),
            format!("{} {what} rows; the table has {}", defs.len(), all.len()),
        ));
    }
    out
}
