//! Validated Skirmish rules data and scenarios.
//!
//! The raw [`crate::data`] types are what the RON files say; this module checks them once,
//! reporting every problem, and turns them into runtime types indexed by small integer ids
//! ([`UnitTypeId`], [`TableId`], [`CardId`]) so the game state stays cheap to clone and hash.
//! Effects stay as [`EffectDef`]: after validation every range, count and type name in them is
//! known to be sound, and the rules engine interprets them.
//!
//! ```
//! use squadsight_skirmish::catalog::{Catalog, Scenario, builtin_scenarios, parse_scenario};
//! let catalog = Catalog::load().unwrap();
//! let squaddie = catalog.unit_id("squaddie").unwrap();
//! assert_eq!(catalog.unit(squaddie).unwrap().hits, 1);
//! assert_eq!(catalog.deck().len(), 51);
//! let info = &builtin_scenarios()[0];
//! let def = parse_scenario(info.source.as_bytes(), info.id).unwrap();
//! let scenario = Scenario::validate(&def, &catalog).unwrap();
//! assert_eq!(scenario.sides[0].units.len(), 4);
//! ```

use crate::data::{
    AttackDef, CostDef, DetectionRowDef, EffectDef, Faction, PanicRowDef, RangeDef, Rank,
    RankModifierDef, RulesDef, ScenarioDef,
};
use serde::{Deserialize, Serialize};
use squadsight_core::check::Texts;
use squadsight_core::data::{DataError, DataErrors, cached, parse_ron};
use squadsight_core::hash::hash_bytes;
use squadsight_core::text;
use squadsight_core::{DataCheck, ScenarioInfo};
use std::sync::OnceLock;

/// Where the embedded rules data comes from, as named in error messages.
pub const RULES_ORIGIN: &str = "rulesets/skirmish/rules.ron";

/// The embedded rules data text.
const RULES_SOURCE: &str = include_str!("../../../rulesets/skirmish/rules.ron");

/// Number of ability tables (sk.table.format).
pub const TABLE_COUNT: usize = 28;

/// Rows per ability table, matching Spec 1–6 (sk.table.format).
pub const TABLE_ROWS: usize = 6;

/// Cards in the action deck (sk.deck.list).
pub const DECK_SIZE: usize = 51;

/// The longest range or move any data may name; the printed maximum is 8, this only catches typos.
pub const MAX_RANGE: u8 = 20;

/// The largest map side a scenario may have; bounds memory for hand-written files.
pub const MAX_MAP_SIDE: u8 = 64;

/// Index of a unit type in [`Catalog::units`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct UnitTypeId(pub u8);

/// Index of an ability table in [`Catalog::tables`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TableId(pub u8);

/// Index of an action-deck card type in [`Catalog::cards`] (not of one physical copy).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CardId(pub u8);

impl UnitTypeId {
    /// The index into [`Catalog::units`].
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl TableId {
    /// The index into [`Catalog::tables`].
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl CardId {
    /// The index into [`Catalog::cards`].
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A unit type from the X-Com or alien unit table (or the Sectopod, sk.gap.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitType {
    /// Stable string id, e.g. `specialist-sniper`.
    pub key: String,
    /// Name as printed.
    pub name: String,
    /// Which unit table it comes from.
    pub faction: Faction,
    /// Starting Hits.
    pub hits: u8,
    /// Point cost as the data gives it; see [`Scenario::unit_cost`] for scenario overrides.
    pub cost: CostDef,
    /// Rank, for X-Com soldiers.
    pub rank: Option<Rank>,
    /// Ability tables the type may always use, in menu order (PSI comes from the scenario).
    pub tables: Vec<TableId>,
    /// Always at elevation 6 and may pass over units (sk.special.flyers).
    pub flyer: bool,
    /// Human for the Panic rules (sk.gap.74).
    pub human: bool,
    /// Mechanical: never becomes a Zombie (sk.gap.62).
    pub mechanical: bool,
    /// Plays deck Attack cards as Attack = 1 (sk.special.attack-as-one).
    pub attack_as_one: bool,
    /// Units it kills become Zombies (sk.special.zombify).
    pub zombifies: bool,
    /// May carry the PSI Soldier flag (sk.unit.psi).
    pub psi_capable: bool,
    /// Sniper soldier type (sk.gap.44, sk.gap.73).
    pub sniper: bool,
    /// Needs the scenario's armed flag to attack and may not move and attack in one turn
    /// (sk.unit.civilian-unarmed, sk.unit.civilian-move-or-attack).
    pub civilian: bool,
}

impl UnitType {
    /// The cost without any scenario override: `None` when only a scenario can set it.
    pub fn default_cost(&self) -> Option<u8> {
        match self.cost {
            CostDef::Fixed(n) | CostDef::DefaultOr(n) => Some(n),
            CostDef::Scenario => None,
        }
    }
}

/// One validated table row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// 1–6, the Spec number that activates it.
    pub n: u8,
    /// Name as printed.
    pub name: String,
    /// Notes as printed, for players.
    pub notes: String,
    /// A Psi effect (sk.gap.57).
    pub psi: bool,
    /// What it does.
    pub effect: EffectDef,
}

/// One validated ability table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// Stable string id matching the clause suffix, e.g. `adv-sniper`.
    pub key: String,
    /// Name as printed.
    pub name: String,
    /// Rows 1–6 at indexes 0–5.
    pub rows: [Row; TABLE_ROWS],
}

impl Table {
    /// Row `n` (1–6), as a Spec `n` card activates it.
    pub fn row(&self, n: u8) -> Option<&Row> {
        usize::from(n).checked_sub(1).and_then(|i| self.rows.get(i))
    }
}

/// One validated action-deck card type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// Stable string id, e.g. `point-blank`.
    pub key: String,
    /// Name as printed.
    pub name: String,
    /// Copies in the deck.
    pub count: u8,
    /// Notes as printed.
    pub notes: String,
    /// What it does.
    pub effect: EffectDef,
}

/// The validated rules data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalog {
    units: Vec<UnitType>,
    tables: Vec<Table>,
    cards: Vec<Card>,
    deck: Vec<CardId>,
    detection: [DetectionRowDef; 6],
    panic: [PanicRowDef; 5],
    panic_modifiers: Vec<RankModifierDef>,
    psi_table: TableId,
    data_hash: u64,
}

impl Catalog {
    /// Parses and validates the embedded `rulesets/skirmish/rules.ron`.
    pub fn load() -> Result<Catalog, DataErrors> {
        Catalog::parse(RULES_SOURCE.as_bytes(), RULES_ORIGIN)
    }

    /// The embedded catalog, loaded once per process and shared.
    pub fn builtin() -> Result<&'static Catalog, DataErrors> {
        static BUILTIN: OnceLock<Result<Catalog, DataErrors>> = OnceLock::new();
        cached(&BUILTIN, Catalog::load)
    }

    /// Parses and validates rules data text; the data hash is that of `bytes`.
    pub fn parse(bytes: &[u8], origin: &str) -> Result<Catalog, DataErrors> {
        let def: RulesDef = parse_ron(bytes, origin)?;
        let source = String::from_utf8_lossy(bytes);
        let mut catalog = Catalog::validate(def, origin, Some(&source))?;
        catalog.data_hash = hash_bytes(bytes);
        Ok(catalog)
    }

    /// Reads a file as Skirmish rules data (`rulesets/skirmish/rules.ron`) and validates it
    /// ([`squadsight_core::Ruleset::check_data`]).
    pub fn check_file(bytes: &[u8], origin: &str) -> DataCheck {
        let def: RulesDef = match parse_ron(bytes, origin) {
            Ok(def) => def,
            Err(e) => return DataCheck::NotThis(e),
        };
        match Catalog::from_def(def, origin) {
            Ok(_) => DataCheck::Valid("skirmish rules data".to_string()),
            Err(errors) => DataCheck::Invalid(errors),
        }
    }

    /// Validates parsed rules data, reporting every problem found. The data hash is that of
    /// the data's compact RON form, since there is no file text.
    pub fn from_def(def: RulesDef, origin: &str) -> Result<Catalog, DataErrors> {
        Catalog::validate(def, origin, None)
    }

    /// [`Catalog::from_def`], with the file's text when there is one, so that a bad name is
    /// reported at its `file:line:col`.
    fn validate(def: RulesDef, origin: &str, source: Option<&str>) -> Result<Catalog, DataErrors> {
        let mut v = Validator {
            origin,
            source,
            errors: Vec::new(),
        };
        let data_hash = match ron::to_string(&def) {
            Ok(text) => hash_bytes(text.as_bytes()),
            Err(e) => {
                v.err(format!("cannot serialise the data for its hash: {e}"));
                0
            }
        };
        let unit_keys: Vec<&str> = def.units.iter().map(|u| u.id.as_str()).collect();
        let table_keys: Vec<&str> = def.tables.iter().map(|t| t.id.as_str()).collect();
        let card_keys: Vec<&str> = def.deck.iter().map(|c| c.id.as_str()).collect();
        v.keys("unit", &unit_keys);
        v.keys("table", &table_keys);
        v.keys("card", &card_keys);

        for u in &def.units {
            let at = format!("unit `{}`", u.id);
            if u.name.trim().is_empty() {
                v.err(format!("{at}: empty name"));
            }
            v.name(&format!("{at} name"), &u.name, text::MAX_NAME_CHARS);
            if !(1..=MAX_RANGE).contains(&u.hits) {
                v.err(format!("{at}: hits {} outside 1–{MAX_RANGE}", u.hits));
            }
            match u.cost {
                CostDef::Fixed(0) | CostDef::DefaultOr(0) => {
                    v.err(format!("{at}: a printed cost must be at least 1"));
                }
                _ => {}
            }
            if u.rank.is_some() && u.faction != Faction::XCom {
                v.err(format!("{at}: only X-Com units have a rank"));
            }
            // sk.unit.psi: only Specialists, Officers and Heroes may become PSI soldiers.
            if u.psi_capable
                && !matches!(u.rank, Some(Rank::Specialist | Rank::Officer | Rank::Hero))
            {
                v.err(format!(
                    "{at}: psi_capable needs rank Specialist, Officer or Hero (sk.unit.psi)"
                ));
            }
            for (i, t) in u.tables.iter().enumerate() {
                if !table_keys.contains(&t.as_str()) {
                    v.err(format!("{at}: unknown table `{t}`"));
                }
                if u.tables[..i].contains(t) {
                    v.err(format!("{at}: table `{t}` listed twice"));
                }
            }
        }

        // sk.table.format: 28 tables of exactly six rows numbered 1–6.
        if def.tables.len() != TABLE_COUNT {
            v.err(format!(
                "{} tables; the rules have {TABLE_COUNT} (sk.table.format)",
                def.tables.len()
            ));
        }
        for t in &def.tables {
            let at = format!("table `{}`", t.id);
            if t.name.trim().is_empty() {
                v.err(format!("{at}: empty name"));
            }
            v.name(&format!("{at} name"), &t.name, text::MAX_NAME_CHARS);
            if t.rows.len() != TABLE_ROWS {
                v.err(format!(
                    "{at}: {} rows; every table has {TABLE_ROWS} (sk.table.format)",
                    t.rows.len()
                ));
            }
            for (i, r) in t.rows.iter().enumerate() {
                let at = format!("{at} row {}", i + 1);
                if usize::from(r.n) != i + 1 {
                    v.err(format!("{at}: numbered {}; rows run 1–6 in order", r.n));
                }
                if r.name.trim().is_empty() || r.notes.trim().is_empty() {
                    v.err(format!("{at}: empty name or notes"));
                }
                v.name(&format!("{at} name"), &r.name, text::MAX_NAME_CHARS);
                v.name(&format!("{at} notes"), &r.notes, text::MAX_TEXT_CHARS);
                v.effect(&r.effect, &at, &unit_keys);
            }
        }
        if !table_keys.contains(&"psi") {
            v.err("no `psi` table; PSI soldiers need it (sk.unit.psi)".to_string());
        }

        // sk.deck.list: 51 cards in all.
        let mut total = 0usize;
        for c in &def.deck {
            let at = format!("card `{}`", c.id);
            if c.name.trim().is_empty() || c.notes.trim().is_empty() {
                v.err(format!("{at}: empty name or notes"));
            }
            v.name(&format!("{at} name"), &c.name, text::MAX_NAME_CHARS);
            v.name(&format!("{at} notes"), &c.notes, text::MAX_TEXT_CHARS);
            if c.count == 0 {
                v.err(format!("{at}: count 0"));
            }
            total += usize::from(c.count);
            v.effect(&c.effect, &at, &unit_keys);
        }
        if total != DECK_SIZE {
            v.err(format!(
                "the deck has {total} cards; the rules have {DECK_SIZE} (sk.deck.list)"
            ));
        }

        // sk.detect.table: one row per die face, in order.
        if def.detection.len() != 6 {
            v.err(format!(
                "detection table has {} rows; it needs 6 (sk.detect.table)",
                def.detection.len()
            ));
        }
        for (i, r) in def.detection.iter().enumerate() {
            if usize::from(r.roll) != i + 1 {
                v.err(format!(
                    "detection row {} is for roll {}; rows run 1–6 in order",
                    i + 1,
                    r.roll
                ));
            }
        }

        // sk.panic.table: results for rolls 1, 2, 3, 4 and 5+.
        if def.panic.len() != 5 {
            v.err(format!(
                "panic table has {} rows; it needs 5 (sk.panic.table)",
                def.panic.len()
            ));
        }
        for (i, r) in def.panic.iter().enumerate() {
            if usize::from(r.roll) != i + 1 {
                v.err(format!(
                    "panic row {} is for roll {}; rows run 1–5 in order",
                    i + 1,
                    r.roll
                ));
            }
        }
        for (i, m) in def.panic_modifiers.iter().enumerate() {
            if def.panic_modifiers[..i].iter().any(|o| o.rank == m.rank) {
                v.err(format!("panic modifier for {:?} given twice", m.rank));
            }
        }

        for (what, n) in [
            ("unit types", def.units.len()),
            ("tables", def.tables.len()),
            ("card types", def.deck.len()),
        ] {
            if n > usize::from(u8::MAX) {
                v.err(format!("{n} {what}; at most 255 fit the ids"));
            }
        }

        if !v.errors.is_empty() {
            return Err(DataErrors(v.errors));
        }
        build(def, data_hash).map_err(|m| DataErrors(vec![DataError::general(origin, m)]))
    }

    /// The stable hash of the rules data, recorded in saves.
    pub fn data_hash(&self) -> u64 {
        self.data_hash
    }

    /// Every unit type, indexed by [`UnitTypeId`].
    pub fn units(&self) -> &[UnitType] {
        &self.units
    }

    /// One unit type; `None` for an id from another catalog.
    pub fn unit(&self, id: UnitTypeId) -> Option<&UnitType> {
        self.units.get(id.index())
    }

    /// The id of the unit type with this string id.
    pub fn unit_id(&self, key: &str) -> Option<UnitTypeId> {
        position(self.units.iter().map(|u| u.key.as_str()), key).map(UnitTypeId)
    }

    /// Every ability table, indexed by [`TableId`].
    pub fn tables(&self) -> &[Table] {
        &self.tables
    }

    /// One table; `None` for an id from another catalog.
    pub fn table(&self, id: TableId) -> Option<&Table> {
        self.tables.get(id.index())
    }

    /// The id of the table with this string id.
    pub fn table_id(&self, key: &str) -> Option<TableId> {
        position(self.tables.iter().map(|t| t.key.as_str()), key).map(TableId)
    }

    /// The PSI Soldier table, granted by a scenario's psi flag (sk.unit.psi).
    pub fn psi_table(&self) -> TableId {
        self.psi_table
    }

    /// Every table a unit of this type may pick a Spec row from: its own tables, then the PSI
    /// table when the unit is flagged psi and its type allows it (sk.unit.psi, sk.gap.23).
    /// Empty for an unknown id.
    pub fn usable_tables(&self, unit: UnitTypeId, psi: bool) -> impl Iterator<Item = TableId> + '_ {
        let own = self.unit(unit);
        let extra = own.filter(|u| psi && u.psi_capable).map(|_| self.psi_table);
        own.into_iter()
            .flat_map(|u| u.tables.iter().copied())
            .chain(extra)
    }

    /// Every card type, indexed by [`CardId`].
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// One card type; `None` for an id from another catalog.
    pub fn card(&self, id: CardId) -> Option<&Card> {
        self.cards.get(id.index())
    }

    /// The id of the card type with this string id.
    pub fn card_id(&self, key: &str) -> Option<CardId> {
        position(self.cards.iter().map(|c| c.key.as_str()), key).map(CardId)
    }

    /// The full deck before shuffling: every copy of every card, in data order (51 cards).
    pub fn deck(&self) -> &[CardId] {
        &self.deck
    }

    /// The six detection rows, for rolls 1–6 (sk.detect.table).
    pub fn detection(&self) -> &[DetectionRowDef; 6] {
        &self.detection
    }

    /// The detection row for a modified roll; above 6 counts as 6 (sk.detect.close-bonus).
    pub fn detection_row(&self, modified_roll: u8) -> &DetectionRowDef {
        let i = usize::from(modified_roll.clamp(1, 6)) - 1;
        &self.detection[i]
    }

    /// The panic rows for 1, 2, 3, 4 and 5+ (sk.panic.table).
    pub fn panic_rows(&self) -> &[PanicRowDef; 5] {
        &self.panic
    }

    /// The panic result for a modified roll: 1 or less is the first row, 5 or more the last
    /// (sk.panic.modifiers).
    pub fn panic_result(&self, modified_roll: i8) -> &PanicRowDef {
        let i = usize::try_from(modified_roll.clamp(1, 5)).unwrap_or(1) - 1;
        &self.panic[i]
    }

    /// The panic roll modifier for a rank; 0 for ranks without one and for aliens
    /// (sk.panic.modifiers).
    pub fn panic_modifier(&self, rank: Option<Rank>) -> i8 {
        self.panic_modifiers
            .iter()
            .filter(|m| Some(m.rank) == rank)
            .map(|m| m.modifier)
            .sum()
    }

    /// The raw panic modifiers as listed.
    pub fn panic_modifiers(&self) -> &[RankModifierDef] {
        &self.panic_modifiers
    }
}

fn position<'a>(mut keys: impl Iterator<Item = &'a str>, key: &str) -> Option<u8> {
    keys.position(|k| k == key)
        .and_then(|i| u8::try_from(i).ok())
}

/// Turns checked data into the catalog. Every condition here was already checked, so the
/// errors only guard the conversions.
fn build(def: RulesDef, data_hash: u64) -> Result<Catalog, String> {
    let table_keys: Vec<String> = def.tables.iter().map(|t| t.id.clone()).collect();
    let table_index = |key: &str| -> Result<TableId, String> {
        position(table_keys.iter().map(String::as_str), key)
            .map(TableId)
            .ok_or_else(|| format!("unknown table `{key}`"))
    };
    let mut units = Vec::with_capacity(def.units.len());
    for u in def.units {
        let tables = u
            .tables
            .iter()
            .map(|t| table_index(t))
            .collect::<Result<Vec<_>, _>>()?;
        units.push(UnitType {
            key: u.id,
            name: u.name,
            faction: u.faction,
            hits: u.hits,
            cost: u.cost,
            rank: u.rank,
            tables,
            flyer: u.flyer,
            human: u.human,
            mechanical: u.mechanical,
            attack_as_one: u.attack_as_one,
            zombifies: u.zombifies,
            psi_capable: u.psi_capable,
            sniper: u.sniper,
            civilian: u.civilian,
        });
    }
    let psi_table = table_index("psi")?;
    let mut tables = Vec::with_capacity(def.tables.len());
    for t in def.tables {
        let rows: Vec<Row> = t
            .rows
            .into_iter()
            .map(|r| Row {
                n: r.n,
                name: r.name,
                notes: r.notes,
                psi: r.psi,
                effect: r.effect,
            })
            .collect();
        let rows: [Row; TABLE_ROWS] = rows
            .try_into()
            .map_err(|_| format!("table `{}` does not have {TABLE_ROWS} rows", t.id))?;
        tables.push(Table {
            key: t.id,
            name: t.name,
            rows,
        });
    }
    let mut cards = Vec::with_capacity(def.deck.len());
    let mut deck = Vec::with_capacity(DECK_SIZE);
    for (i, c) in def.deck.into_iter().enumerate() {
        let id = CardId(u8::try_from(i).map_err(|_| "too many card types".to_string())?);
        deck.extend(std::iter::repeat_n(id, usize::from(c.count)));
        cards.push(Card {
            key: c.id,
            name: c.name,
            count: c.count,
            notes: c.notes,
            effect: c.effect,
        });
    }
    let detection: [DetectionRowDef; 6] = def
        .detection
        .try_into()
        .map_err(|_| "the detection table needs 6 rows".to_string())?;
    let panic: [PanicRowDef; 5] = def
        .panic
        .try_into()
        .map_err(|_| "the panic table needs 5 rows".to_string())?;
    Ok(Catalog {
        units,
        tables,
        cards,
        deck,
        detection,
        panic,
        panic_modifiers: def.panic_modifiers,
        psi_table,
        data_hash,
    })
}

/// Collects rules-data problems with their origin.
struct Validator<'a> {
    origin: &'a str,
    /// The file's text, to place a bad name at its line and column.
    source: Option<&'a str>,
    errors: Vec<DataError>,
}

impl Validator<'_> {
    fn err(&mut self, message: String) {
        self.errors.push(DataError::general(self.origin, message));
    }

    /// A name or text shown to players: no control characters, at most `max` characters
    /// (core::text), reported at its `file:line:col` when the file's text is known.
    fn name(&mut self, what: &str, value: &str, max: usize) {
        let checked = match self.source {
            Some(source) => text::check_name(self.origin, source, what, value, max),
            None => match text::name_problem(value, max) {
                Some(p) => Err(DataError::general(self.origin, format!("{what}: {p}"))),
                None => Ok(()),
            },
        };
        if let Err(e) = checked {
            self.errors.push(e);
        }
    }

    /// Ids must be non-empty kebab-case and unique.
    fn keys(&mut self, what: &str, keys: &[&str]) {
        for (i, k) in keys.iter().enumerate() {
            let kebab = !k.is_empty()
                && !k.starts_with('-')
                && !k.ends_with('-')
                && k.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
            if !kebab {
                self.err(format!("{what} id `{k}` is not kebab-case"));
            }
            if keys[..i].contains(k) {
                self.err(format!("{what} id `{k}` is used twice"));
            }
        }
    }

    fn range(&mut self, r: &RangeDef, at: &str) {
        let ok = |n: u8| (1..=MAX_RANGE).contains(&n);
        match r {
            RangeDef::Exactly(n) => {
                if !ok(*n) {
                    self.err(format!("{at}: range {n} outside 1–{MAX_RANGE}"));
                }
            }
            RangeDef::OneOf(list) => {
                if list.len() < 2 {
                    self.err(format!("{at}: a choice of ranges needs at least two"));
                }
                for (i, n) in list.iter().enumerate() {
                    if !ok(*n) {
                        self.err(format!("{at}: range {n} outside 1–{MAX_RANGE}"));
                    }
                    if list[..i].contains(n) {
                        self.err(format!("{at}: range {n} listed twice"));
                    }
                }
            }
            RangeDef::Span(a, b) => {
                if !ok(*a) || !ok(*b) || a >= b {
                    self.err(format!(
                        "{at}: span {a} to {b} must rise within 1–{MAX_RANGE}"
                    ));
                }
            }
        }
    }

    fn attack(&mut self, a: &AttackDef, at: &str) {
        self.range(&a.range, at);
        if a.damage > MAX_RANGE {
            self.err(format!("{at}: damage bonus {} is too large", a.damage));
        }
    }

    fn count(&mut self, n: u8, what: &str, at: &str) {
        if !(1..=MAX_RANGE).contains(&n) {
            self.err(format!("{at}: {what} {n} outside 1–{MAX_RANGE}"));
        }
    }

    fn unit_ref(&mut self, key: &str, units: &[&str], at: &str) {
        if !units.contains(&key) {
            self.err(format!("{at}: unknown unit type `{key}`"));
        }
    }

    fn effect(&mut self, e: &EffectDef, at: &str, units: &[&str]) {
        match e {
            EffectDef::Attack(a) => self.attack(a, at),
            EffectDef::Attacks(list) => {
                if list.len() < 2 {
                    self.err(format!("{at}: a multi-attack needs at least two attacks"));
                }
                for a in list {
                    self.attack(a, at);
                }
            }
            EffectDef::Move { hexes, .. } => self.count(*hexes, "move", at),
            EffectDef::Defense { times, .. } => self.count(*times, "defense", at),
            EffectDef::Draw(n) => self.count(*n, "draw", at),
            EffectDef::Discard(n) => self.count(*n, "discard", at),
            EffectDef::GainSt(n) => self.count(*n, "tokens", at),
            EffectDef::LookAtDeck(n) => self.count(*n, "cards to look at", at),
            EffectDef::DrawPenalty(n) => self.count(*n, "draw penalty", at),
            EffectDef::Immobilize { range, .. }
            | EffectDef::MindControl { range }
            | EffectDef::DestroyArmor { range } => self.range(range, at),
            EffectDef::Boost {
                unit,
                within,
                hexes,
                attack,
            } => {
                self.unit_ref(unit, units, at);
                self.count(*within, "distance", at);
                self.count(*hexes, "move", at);
                self.count(*attack, "range", at);
            }
            EffectDef::Spawn(unit) | EffectDef::Transform(unit) => {
                self.unit_ref(unit, units, at);
            }
            EffectDef::Spec(n) => {
                if !(1..=6).contains(n) {
                    self.err(format!("{at}: Spec {n} outside 1–6"));
                }
            }
            EffectDef::Then(parts) | EffectDef::And(parts) | EffectDef::Or(parts) => {
                if parts.len() < 2 {
                    self.err(format!("{at}: a combined effect needs at least two parts"));
                }
                for p in parts {
                    self.effect(p, at, units);
                }
            }
            EffectDef::OpponentDiscards { .. }
            | EffectDef::LookAtHand
            | EffectDef::Heal(_)
            | EffectDef::Revive
            | EffectDef::NegateDefense
            | EffectDef::NegateAttack
            | EffectDef::NegatePsi
            | EffectDef::Reflect
            | EffectDef::DoubleTap => {}
        }
    }
}

/// The two ratings of one hex (sk.map.ratings).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HexRating {
    /// Terrain, 1–5: the highest Spec card usable as cover here (sk.defense.terrain-spec).
    pub terrain: u8,
    /// Elevation, 1–5 (sk.los.elevation-block).
    pub elevation: u8,
}

/// One unit placed at the start of a validated scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Its type.
    pub unit: UnitTypeId,
    /// Column, 0-based.
    pub col: u8,
    /// Row, 0-based.
    pub row: u8,
    /// PSI Soldier flag (sk.unit.psi), only on psi-capable types.
    pub psi: bool,
    /// Armed flag, only on Civilians (sk.unit.civilian-unarmed).
    pub armed: bool,
}

/// One side of a validated scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    /// Name shown to players.
    pub name: String,
    /// Its starting units.
    pub units: Vec<Placement>,
}

/// A scenario checked against the catalog: map ratings decoded, unit types resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// Short id.
    pub id: String,
    /// Title.
    pub title: String,
    /// Menu description.
    pub description: String,
    /// Map columns.
    pub width: u8,
    /// Map rows.
    pub height: u8,
    /// Ratings row by row: hex (col, row) is at `row * width + col`.
    pub hexes: Vec<HexRating>,
    /// Side 0 (seat 1) and side 1 (seat 2) (sk.setup.players).
    pub sides: [Side; 2],
    /// Costs the scenario sets, by unit type (sk.unit.cost).
    pub costs: Vec<(UnitTypeId, u8)>,
    /// The points budget neither side may exceed, if the scenario names one (sk.gap.6).
    pub budget: Option<u16>,
}

impl Scenario {
    /// Checks a scenario against the catalog and lists every problem found.
    pub fn validate(def: &ScenarioDef, catalog: &Catalog) -> Result<Scenario, Vec<String>> {
        let mut errors = Vec::new();
        if def.id.trim().is_empty() || def.title.trim().is_empty() {
            errors.push("the scenario needs an id and a title".to_string());
        }
        // Names and texts from a file: no control characters, sane lengths (core::text).
        errors.extend(
            Texts::default()
                .name("id", &def.id)
                .name("title", &def.title)
                .text("description", &def.description)
                .names(
                    |i| format!("side {} name", i + 1),
                    def.sides.iter().map(|s| s.name.as_str()),
                )
                .problems(),
        );
        let (width, height) = (def.map.width, def.map.height);
        // sk.gap.2: the map size comes from the scenario.
        for (what, n) in [("width", width), ("height", height)] {
            if !(2..=MAX_MAP_SIDE).contains(&n) {
                errors.push(format!("map {what} {n} outside 2–{MAX_MAP_SIDE}"));
            }
        }
        if def.map.rows.len() != usize::from(height) {
            errors.push(format!(
                "the map has {} rows; its height is {height}",
                def.map.rows.len()
            ));
        }
        let mut hexes = Vec::with_capacity(usize::from(width) * usize::from(height));
        for (r, line) in def.map.rows.iter().enumerate() {
            let cells: Vec<&str> = line.split_whitespace().collect();
            if cells.len() != usize::from(width) {
                errors.push(format!(
                    "map row {r} has {} cells; the width is {width}",
                    cells.len()
                ));
            }
            for (c, cell) in cells.iter().enumerate() {
                match decode_cell(cell) {
                    Ok(h) => hexes.push(h),
                    Err(why) => errors.push(format!("map row {r} col {c}: `{cell}` {why}")),
                }
            }
        }

        // sk.setup.players: exactly two sides.
        if def.sides.len() != 2 {
            errors.push(format!(
                "the scenario has {} sides; Skirmish needs exactly 2",
                def.sides.len()
            ));
        }
        let mut sides = Vec::with_capacity(2);
        let mut occupied: Vec<(u8, u8, usize, usize)> = Vec::new();
        for (s, side) in def.sides.iter().enumerate() {
            if side.name.trim().is_empty() {
                errors.push(format!("side {s} has no name"));
            }
            if side.units.is_empty() {
                errors.push(format!("side {s} has no units"));
            }
            let mut units = Vec::with_capacity(side.units.len());
            for (i, p) in side.units.iter().enumerate() {
                let at = format!("side {s} unit {i} (`{}` at {},{})", p.unit, p.col, p.row);
                if p.col >= width || p.row >= height {
                    errors.push(format!("{at}: off the {width}×{height} map"));
                }
                // sk.map.stack-limit: one unit per hex at the start.
                if let Some((_, _, s2, i2)) = occupied
                    .iter()
                    .find(|(c, r, _, _)| (*c, *r) == (p.col, p.row))
                {
                    errors.push(format!(
                        "{at}: hex already holds side {s2} unit {i2} (sk.map.stack-limit)"
                    ));
                }
                occupied.push((p.col, p.row, s, i));
                let Some(id) = catalog.unit_id(&p.unit) else {
                    errors.push(format!("{at}: unknown unit type"));
                    continue;
                };
                let Some(ty) = catalog.unit(id) else {
                    continue;
                };
                // sk.unit.psi: the flag only on Specialists, Officers and Heroes.
                if p.psi && !ty.psi_capable {
                    errors.push(format!(
                        "{at}: this type cannot be a PSI soldier (sk.unit.psi)"
                    ));
                }
                // sk.unit.civilian-unarmed, sk.gap.4: only Civilians are armed by the scenario.
                if p.armed && !ty.civilian {
                    errors.push(format!(
                        "{at}: only Civilians take the armed flag (sk.gap.4)"
                    ));
                }
                units.push(Placement {
                    unit: id,
                    col: p.col,
                    row: p.row,
                    psi: p.psi,
                    armed: p.armed,
                });
            }
            sides.push(Side {
                name: side.name.clone(),
                units,
            });
        }

        // sk.unit.cost: scenario costs for scenario-dependent types.
        let mut costs: Vec<(UnitTypeId, u8)> = Vec::new();
        for (key, cost) in &def.costs {
            let Some(id) = catalog.unit_id(key) else {
                errors.push(format!("cost for unknown unit type `{key}`"));
                continue;
            };
            if costs.iter().any(|(u, _)| *u == id) {
                errors.push(format!("cost for `{key}` given twice"));
            }
            if matches!(catalog.unit(id).map(|u| u.cost), Some(CostDef::Fixed(_))) {
                errors.push(format!(
                    "`{key}` has a printed cost; a scenario may not change it (sk.unit.cost)"
                ));
            }
            if *cost > MAX_RANGE {
                errors.push(format!("cost {cost} for `{key}` is too large"));
            }
            costs.push((id, *cost));
        }
        let mut uncosted: Vec<UnitTypeId> = Vec::new();
        for p in sides.iter().flat_map(|s| &s.units) {
            let needs_cost = catalog
                .unit(p.unit)
                .is_some_and(|u| u.cost == CostDef::Scenario);
            if needs_cost && !costs.iter().any(|(u, _)| *u == p.unit) && !uncosted.contains(&p.unit)
            {
                uncosted.push(p.unit);
            }
        }
        for id in uncosted {
            let key = catalog.unit(id).map_or("?", |u| u.key.as_str());
            errors.push(format!(
                "`{key}` appears but the scenario gives no cost for it (sk.unit.cost)"
            ));
        }

        if !errors.is_empty() {
            return Err(errors);
        }
        let sides: [Side; 2] = sides
            .try_into()
            .map_err(|_| vec!["Skirmish needs exactly 2 sides".to_string()])?;
        Ok(Scenario {
            id: def.id.clone(),
            title: def.title.clone(),
            description: def.description.clone(),
            width,
            height,
            hexes,
            sides,
            costs,
            budget: def.budget,
        })
    }

    /// The ratings of hex (col, row), if it is on the map.
    pub fn hex(&self, col: u8, row: u8) -> Option<HexRating> {
        if col >= self.width || row >= self.height {
            return None;
        }
        self.hexes
            .get(usize::from(row) * usize::from(self.width) + usize::from(col))
            .copied()
    }

    /// A unit type's cost in this scenario: the scenario's own value where it sets one, else
    /// the printed cost (sk.unit.cost). The Sectopod's cost is an option (sk.gap.1) that the
    /// engine applies on top.
    pub fn unit_cost(&self, catalog: &Catalog, unit: UnitTypeId) -> Option<u8> {
        self.costs
            .iter()
            .find(|(u, _)| *u == unit)
            .map(|(_, c)| *c)
            .or_else(|| catalog.unit(unit).and_then(UnitType::default_cost))
    }

    /// Every way the sides break the scenario's points budget (sk.gap.6): each side's
    /// units, at their costs in this scenario (`sectopod_cost` for a Sectopod, sk.gap.1),
    /// may total at most the budget. Empty when there is no budget or both sides keep it.
    pub fn budget_problems(&self, catalog: &Catalog, sectopod_cost: u8) -> Vec<String> {
        let Some(budget) = self.budget else {
            return Vec::new();
        };
        let sectopod = catalog.unit_id("sectopod");
        let mut problems = Vec::new();
        for (s, side) in self.sides.iter().enumerate() {
            let total = side.units.iter().try_fold(0u32, |sum, p| {
                let cost = if Some(p.unit) == sectopod {
                    Some(sectopod_cost)
                } else {
                    self.unit_cost(catalog, p.unit)
                };
                cost.map(|c| sum + u32::from(c))
            });
            match total {
                Some(t) if t > u32::from(budget) => problems.push(format!(
                    "side {s} ({}) costs {t} points; the scenario's budget is {budget} (sk.gap.6)",
                    side.name
                )),
                Some(_) => {}
                None => problems.push(format!(
                    "side {s} ({}) has a unit without a cost, so the budget cannot be checked \
                     (sk.gap.6)",
                    side.name
                )),
            }
        }
        problems
    }

    /// The total cost of one side's starting units (sk.gap.6); `None` if a cost is unknown.
    pub fn side_cost(&self, catalog: &Catalog, side: usize) -> Option<u32> {
        self.sides.get(side)?.units.iter().try_fold(0u32, |sum, p| {
            self.unit_cost(catalog, p.unit).map(|c| sum + u32::from(c))
        })
    }
}

/// Decodes one map cell: two digits, Terrain then Elevation, each 1–5 (sk.map.ratings).
fn decode_cell(cell: &str) -> Result<HexRating, String> {
    let b = cell.as_bytes();
    if b.len() != 2 || !b.iter().all(u8::is_ascii_digit) {
        return Err("is not two digits (terrain, elevation)".to_string());
    }
    let (terrain, elevation) = (b[0] - b'0', b[1] - b'0');
    let mut bad = Vec::new();
    if !(1..=5).contains(&terrain) {
        bad.push(format!("terrain {terrain}"));
    }
    if !(1..=5).contains(&elevation) {
        bad.push(format!("elevation {elevation}"));
    }
    if bad.is_empty() {
        Ok(HexRating { terrain, elevation })
    } else {
        Err(format!(
            "has {} outside 1–5 (sk.map.ratings)",
            bad.join(" and ")
        ))
    }
}

/// Parses a scenario file; the error names the line and column.
pub fn parse_scenario(bytes: &[u8], origin: &str) -> Result<ScenarioDef, DataError> {
    parse_ron(bytes, origin)
}

/// The scenarios shipped in the binary, the Learning scenario first.
pub fn builtin_scenarios() -> &'static [ScenarioInfo] {
    const BUILTIN: &[ScenarioInfo] = &[
        // sk.setup.learning: 4 Squaddies against 4 Thin Men.
        ScenarioInfo {
            id: "learning",
            title: "Learning Scenario",
            source: include_str!("../../../scenarios/skirmish/learning.ron"),
        },
        // sk.setup.basic: one Specialist of each type against 6 Sectoids and a Commander.
        ScenarioInfo {
            id: "basic",
            title: "Basic Scenario",
            source: include_str!("../../../scenarios/skirmish/basic.ron"),
        },
        ScenarioInfo {
            id: "terror-site",
            title: "Terror Site",
            source: include_str!("../../../scenarios/skirmish/terror-site.ron"),
        },
        ScenarioInfo {
            id: "floater-ridge",
            title: "Floater Ridge",
            source: include_str!("../../../scenarios/skirmish/floater-ridge.ron"),
        },
        ScenarioInfo {
            id: "points-battle",
            title: "Points Battle",
            source: include_str!("../../../scenarios/skirmish/points-battle.ron"),
        },
    ];
    BUILTIN
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules data with one unit's name replaced.
    fn with_squaddie_named(name: &str) -> String {
        let text = RULES_SOURCE.replacen("name: \"Squaddie\"", &format!("name: \"{name}\""), 1);
        assert_ne!(text, RULES_SOURCE, "the rules data names a Squaddie");
        text
    }

    /// Rules-data names reach the screen: a control character or an over-long name is
    /// refused at its file:line:col, like a scenario's names (core::text::check_name).
    #[test]
    fn rules_data_names_with_control_characters_or_too_long_are_refused_at_their_place() {
        let line = RULES_SOURCE
            .lines()
            .position(|l| l.contains("name: \"Squaddie\""))
            .unwrap()
            + 1;
        let hostile = with_squaddie_named("Squad\u{1b}]0;PWNED\u{7}die");
        let err = Catalog::parse(hostile.as_bytes(), "rules.ron").unwrap_err();
        let shown = err.to_string();
        assert_eq!(err.0.len(), 1, "{shown}");
        assert_eq!(err.0[0].line, line, "{shown}");
        assert!(shown.contains("unit `squaddie` name"), "{shown}");
        assert!(shown.contains("control character U+001B"), "{shown}");
        assert!(
            !shown.contains('\u{1b}'),
            "the error quotes the name escaped"
        );

        let long = "S".repeat(text::MAX_NAME_CHARS + 1);
        let err = Catalog::parse(with_squaddie_named(&long).as_bytes(), "rules.ron").unwrap_err();
        let shown = err.to_string();
        assert_eq!(err.0[0].line, line, "{shown}");
        assert!(shown.contains("81 characters, the limit is 80"), "{shown}");
        // The built-in data passes.
        assert!(Catalog::parse(RULES_SOURCE.as_bytes(), RULES_ORIGIN).is_ok());
    }
}
