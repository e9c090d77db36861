//! Squad building: what a Squad holds, what it costs in Supplies, and whether it is legal.
//!
//! A [`SquadSpec`] lists the units a player bought, each with its weapons, attachments, vest,
//! rank and model count. [`price`] adds up base cost, weapons, attachments, vest and rank for
//! every model (cmd.prep.points-supplies); [`validate`] checks every Squad-building rule and
//! reports each broken one with its clause.
//!
//! Every file that holds a Squad — scenarios, the squad builder's Squads, campaign files —
//! writes it in one form, [`SquadDef`] of [`UnitPickDef`]s, naming units, weapons, items,
//! vests and ranks by their printed names; [`SquadDef::resolve`] (or [`resolve_units`]) is the
//! one way back to a [`SquadSpec`], reporting every unknown name with the unit it belongs to.

use crate::catalog::{Catalog, Faction, ItemId, RankId, Slot, UnitId, VestId, WeaponId};
use serde::{Deserialize, Serialize};
use squadsight_core::data::DataError;
use squadsight_core::text;
use std::fmt;

/// The standard game size in spl (cmd.prep.size-standard).
pub const STANDARD_LIMIT: u32 = 500;

/// The smallest large-warzone game size in spl (cmd.prep.size-large).
pub const LARGE_LIMIT: u32 = 1000;

/// Attachments one unit may carry (data reference §1d).
pub const MAX_ATTACHMENTS: usize = 2;

/// One bought unit. Files write it by name ([`UnitPickDef`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnitPick {
    /// The unit card.
    pub unit: UnitId,
    /// The Primary slot's weapon; required when the unit has that slot.
    pub primary: Option<WeaponId>,
    /// The Secondary slot's weapon; required when the unit has that slot.
    pub secondary: Option<WeaponId>,
    /// Attachments: at most 2, one of each.
    pub attachments: Vec<ItemId>,
    /// A vest, at most one.
    pub vest: Option<VestId>,
    /// Its rank.
    pub rank: RankId,
    /// How many models the unit has (cmd.prep.unit-models); every model is paid for.
    pub models: u8,
}

impl UnitPick {
    /// The weapon in `slot`.
    pub fn weapon(&self, slot: Slot) -> Option<WeaponId> {
        match slot {
            Slot::Primary => self.primary,
            Slot::Secondary => self.secondary,
        }
    }

    /// Its weapons, primary first.
    pub fn weapons(&self) -> impl Iterator<Item = WeaponId> + '_ {
        self.primary.into_iter().chain(self.secondary)
    }
}

/// A player's Squad as built. Files write it by name ([`SquadDef`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SquadSpec {
    /// The Squad's one faction (cmd.prep.single-faction).
    pub faction: Faction,
    /// Index into `units` of the Leader's unit (cmd.prep.leader-choice).
    pub leader: usize,
    /// The bought units.
    pub units: Vec<UnitPick>,
    /// Field Faction – ADVENT's free ADVENT Trooper (cmd.sr.faction-advent): AI loadout, no
    /// upgrades, outside the points total (cmd.gap.30, cmd.gap.58).
    pub free_trooper: bool,
}

/// One way a Squad breaks the building rules; [`SquadError::clause`] names the rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SquadError {
    /// The Squad has no units.
    Empty,
    /// A unit of the other faction (cmd.prep.single-faction, cmd.sr.faction-advent,
    /// cmd.sr.faction-xcom).
    WrongFaction {
        /// Index into the Squad's units.
        index: usize,
        /// The unit's name.
        unit: String,
        /// The Squad's faction.
        squad: Faction,
    },
    /// The same named unit bought twice (cmd.prep.named-unit-once, cmd.prep.same-name-one-unit).
    NamedUnitTwice {
        /// The unit's name.
        unit: String,
    },
    /// A unit with no models (cmd.prep.unit-models).
    NoModels {
        /// Index into the Squad's units.
        index: usize,
    },
    /// The leader index points at no unit (cmd.prep.leader-choice).
    NoLeader {
        /// The bad index.
        index: usize,
    },
    /// The chosen Leader's unit may not lead (cmd.prep.leader-choice, cmd.gap.29).
    LeaderNotEligible {
        /// The unit's name.
        unit: String,
    },
    /// The Leader's unit has more than one model (cmd.prep.leader-single-model).
    LeaderNotSingle {
        /// Models in the Leader's unit.
        models: u8,
    },
    /// A Unique unit with more than one model (cmd.sr.unique, cmd.gap.30).
    UniqueNotSingle {
        /// The unit's name.
        unit: String,
        /// Models bought.
        models: u8,
    },
    /// A weapon slot the unit has was left empty (data reference §1d).
    MissingWeapon {
        /// The unit's name.
        unit: String,
        /// The slot.
        slot: Slot,
    },
    /// A weapon the slot does not offer, or a slot the unit does not have (§1d).
    WeaponNotAllowed {
        /// The unit's name.
        unit: String,
        /// The slot.
        slot: Slot,
        /// The weapon's name.
        weapon: String,
    },
    /// Attachments on a unit that may not take them (§1d).
    AttachmentsNotAllowed {
        /// The unit's name.
        unit: String,
    },
    /// More than two attachments (§1d).
    TooManyAttachments {
        /// The unit's name.
        unit: String,
        /// How many were bought.
        count: usize,
    },
    /// The same attachment twice (§3: each at most once per unit).
    DuplicateAttachment {
        /// The unit's name.
        unit: String,
        /// The item's name.
        item: String,
    },
    /// A vest on a unit that may not wear one (§1d).
    VestNotAllowed {
        /// The unit's name.
        unit: String,
    },
    /// The free ADVENT Trooper asked for by a non-ADVENT Squad (cmd.sr.faction-advent).
    FreeTrooperNotAdvent,
    /// The agreed limit is 0 spl, so no Squad could be built (cmd.prep.points-supplies).
    BadLimit {
        /// The limit given.
        limit: u32,
    },
    /// The Squad costs more than the agreed limit (cmd.prep.two-squads-equal-points,
    /// cmd.gap.58).
    OverLimit {
        /// The Squad's price.
        price: u32,
        /// The limit.
        limit: u32,
    },
}

impl SquadError {
    /// The clause the error enforces.
    pub fn clause(&self) -> &'static str {
        match self {
            SquadError::Empty | SquadError::NoModels { .. } => "cmd.prep.unit-models",
            SquadError::WrongFaction { squad, .. } => match squad {
                Faction::Advent => "cmd.sr.faction-advent",
                Faction::Xcom => "cmd.sr.faction-xcom",
            },
            SquadError::NamedUnitTwice { .. } => "cmd.prep.named-unit-once",
            SquadError::NoLeader { .. } | SquadError::LeaderNotEligible { .. } => {
                "cmd.prep.leader-choice"
            }
            SquadError::LeaderNotSingle { .. } => "cmd.prep.leader-single-model",
            SquadError::UniqueNotSingle { .. } => "cmd.sr.unique",
            SquadError::MissingWeapon { .. }
            | SquadError::WeaponNotAllowed { .. }
            | SquadError::AttachmentsNotAllowed { .. }
            | SquadError::TooManyAttachments { .. }
            | SquadError::DuplicateAttachment { .. }
            | SquadError::VestNotAllowed { .. } => "cmd.gap.35",
            SquadError::FreeTrooperNotAdvent => "cmd.sr.faction-advent",
            SquadError::BadLimit { .. } => "cmd.prep.points-supplies",
            SquadError::OverLimit { .. } => "cmd.gap.58",
        }
    }
}

impl fmt::Display for SquadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquadError::Empty => write!(f, "the Squad has no units"),
            SquadError::WrongFaction { unit, squad, .. } => {
                write!(
                    f,
                    "{unit} is not an {squad} unit; a Squad fields one faction only"
                )
            }
            SquadError::NamedUnitTwice { unit } => {
                write!(
                    f,
                    "{unit} is listed twice; add models to the one unit instead"
                )
            }
            SquadError::NoModels { index } => write!(f, "unit {} has no models", index + 1),
            SquadError::NoLeader { index } => {
                write!(
                    f,
                    "the Leader points at unit {}, which is not in the Squad",
                    index + 1
                )
            }
            SquadError::LeaderNotEligible { unit } => write!(f, "{unit} may not lead a Squad"),
            SquadError::LeaderNotSingle { models } => write!(
                f,
                "the Leader's unit has {models} models; a Leader is a single model"
            ),
            SquadError::UniqueNotSingle { unit, models } => {
                write!(f, "{unit} is Unique but has {models} models")
            }
            SquadError::MissingWeapon { unit, slot } => {
                write!(f, "{unit} needs a {} weapon", slot_name(*slot))
            }
            SquadError::WeaponNotAllowed { unit, slot, weapon } => write!(
                f,
                "{unit} cannot take {weapon} in its {} slot",
                slot_name(*slot)
            ),
            SquadError::AttachmentsNotAllowed { unit } => {
                write!(f, "{unit} cannot take attachments")
            }
            SquadError::TooManyAttachments { unit, count } => write!(
                f,
                "{unit} has {count} attachments; at most {MAX_ATTACHMENTS}"
            ),
            SquadError::DuplicateAttachment { unit, item } => {
                write!(f, "{unit} has {item} twice; each attachment once")
            }
            SquadError::VestNotAllowed { unit } => write!(f, "{unit} cannot wear a vest"),
            SquadError::FreeTrooperNotAdvent => {
                write!(f, "only an ADVENT Squad gets the free ADVENT Trooper")
            }
            SquadError::BadLimit { limit } => {
                write!(
                    f,
                    "a {limit} spl limit leaves nothing to build a Squad with"
                )
            }
            SquadError::OverLimit { price, limit } => {
                write!(f, "the Squad costs {price} spl, over the {limit} spl limit")
            }
        }
    }
}

impl std::error::Error for SquadError {}

fn slot_name(slot: Slot) -> &'static str {
    match slot {
        Slot::Primary => "Primary",
        Slot::Secondary => "Secondary",
    }
}

/// What one model of a unit costs: base cost, its weapons, attachments and vest, and its rank
/// (cmd.prep.points-supplies, data reference §9c). Ranks cost 0 or less, as in the files.
pub fn model_price(catalog: &Catalog, pick: &UnitPick) -> i64 {
    let unit = i64::from(catalog.unit(pick.unit).base_cost);
    let weapons: i64 = pick
        .weapons()
        .map(|w| i64::from(catalog.weapon(w).cost))
        .sum();
    let items: i64 = pick
        .attachments
        .iter()
        .map(|i| i64::from(catalog.item(*i).cost))
        .sum();
    let vest = pick.vest.map_or(0, |v| i64::from(catalog.vest(v).cost));
    let rank = i64::from(catalog.rank(pick.rank).cost);
    unit + weapons + items + vest + rank
}

/// What a whole unit costs: every model is paid for (cmd.prep.unit-models).
pub fn unit_price(catalog: &Catalog, pick: &UnitPick) -> i64 {
    model_price(catalog, pick) * i64::from(pick.models)
}

/// The Squad's total in spl. The free Faction – ADVENT Trooper is outside it (cmd.gap.30,
/// cmd.gap.58); a total below zero counts as 0.
pub fn price(catalog: &Catalog, spec: &SquadSpec) -> u32 {
    let total: i64 = spec.units.iter().map(|u| unit_price(catalog, u)).sum();
    u32::try_from(total.max(0)).unwrap_or(u32::MAX)
}

/// Supplies left under `limit`; negative when over it.
pub fn remaining(catalog: &Catalog, spec: &SquadSpec, limit: u32) -> i64 {
    i64::from(limit) - i64::from(price(catalog, spec))
}

/// What the rulebook calls a game of a given Supplies limit. It names two sizes, 500 spl as
/// the standard game (cmd.prep.size-standard) and 1000 spl and more as a large warzone
/// (cmd.prep.size-large), without forbidding any other; players may agree any limit above 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum GameSize {
    /// 500 spl, the standard game (cmd.prep.size-standard).
    Standard,
    /// 1000 spl or more, a large warzone (cmd.prep.size-large).
    LargeWarzone,
    /// Any other limit the players agreed (cmd.gap.58).
    Agreed,
}

impl GameSize {
    /// The size a limit falls under.
    pub fn of(limit: u32) -> GameSize {
        if limit == STANDARD_LIMIT {
            GameSize::Standard
        } else if limit >= LARGE_LIMIT {
            GameSize::LargeWarzone
        } else {
            GameSize::Agreed
        }
    }
}

impl fmt::Display for GameSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameSize::Standard => "standard game",
            GameSize::LargeWarzone => "large warzone",
            GameSize::Agreed => "agreed size",
        })
    }
}

/// Whether `limit` can be played: any limit above 0 spl (cmd.gap.58; the rulebook names 500
/// and 1000+ without forbidding others, see [`GameSize`]).
pub fn is_game_size(limit: u32) -> bool {
    limit > 0
}

/// Checks every Squad-building rule against an agreed points `limit` and returns all the
/// broken ones.
pub fn validate(catalog: &Catalog, spec: &SquadSpec, limit: u32) -> Result<(), Vec<SquadError>> {
    let mut errors = Vec::new();
    if !is_game_size(limit) {
        errors.push(SquadError::BadLimit { limit });
    }
    errors.extend(structure_errors(catalog, spec));
    let total = price(catalog, spec);
    // cmd.prep.two-squads-equal-points, cmd.gap.58: "equal points" means each Squad spends up
    // to the one agreed limit; Battle mode buys anything listed within it (cmd.battle.free-build).
    if total > limit {
        errors.push(SquadError::OverLimit {
            price: total,
            limit,
        });
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Every rule except the points limit: faction, names, models, Leader, Unique and loadouts.
pub fn structure_errors(catalog: &Catalog, spec: &SquadSpec) -> Vec<SquadError> {
    let mut errors = Vec::new();
    if spec.units.is_empty() {
        errors.push(SquadError::Empty);
    }
    for (index, pick) in spec.units.iter().enumerate() {
        let unit = catalog.unit(pick.unit);
        // cmd.prep.single-faction, cmd.prep.faction-rule: each faction's rule
        // (cmd.sr.faction-advent / cmd.sr.faction-xcom) bars the other faction's units.
        if unit.faction != spec.faction {
            errors.push(SquadError::WrongFaction {
                index,
                unit: unit.name.clone(),
                squad: spec.faction,
            });
        }
        // cmd.prep.named-unit-once, cmd.prep.same-name-one-unit: more models of a name join
        // the one unit; a second unit of that name is refused. Reported once, at the repeat.
        if spec.units[..index]
            .iter()
            .filter(|p| p.unit == pick.unit)
            .count()
            == 1
        {
            errors.push(SquadError::NamedUnitTwice {
                unit: unit.name.clone(),
            });
        }
        // cmd.prep.unit-models: a unit is one or more models.
        if pick.models == 0 {
            errors.push(SquadError::NoModels { index });
        }
        // cmd.sr.unique, cmd.gap.30: a Unique unit is one model in the whole force.
        if unit.has(crate::catalog::UnitRule::Unique) && pick.models > 1 {
            errors.push(SquadError::UniqueNotSingle {
                unit: unit.name.clone(),
                models: pick.models,
            });
        }
        errors.extend(loadout_errors(catalog, pick));
    }
    // cmd.prep.leader-choice: exactly one Leader, from the Squad's own units. The Leader is an
    // index into the units, so it is its unit's one selection (cmd.prep.leader-uses-unit-choice);
    // a second copy of that unit is refused above as a repeated name.
    match spec.units.get(spec.leader) {
        None => {
            if !spec.units.is_empty() {
                errors.push(SquadError::NoLeader { index: spec.leader });
            }
        }
        Some(pick) => {
            let unit = catalog.unit(pick.unit);
            if !unit.leader_eligible {
                errors.push(SquadError::LeaderNotEligible {
                    unit: unit.name.clone(),
                });
            }
            // cmd.prep.leader-single-model: the Leader's unit is the Leader alone.
            if pick.models > 1 {
                errors.push(SquadError::LeaderNotSingle {
                    models: pick.models,
                });
            }
        }
    }
    // cmd.sr.faction-advent: only ADVENT Squads get the free Trooper.
    if spec.free_trooper && spec.faction != Faction::Advent {
        errors.push(SquadError::FreeTrooperNotAdvent);
    }
    errors
}

/// The loadout rules for one unit (cmd.gap.35: only what the data lists may be bought;
/// data reference §1d, §3): every slot it has filled from that
/// slot's options, no weapon in a slot it lacks, attachments only where allowed, at most two
/// and one of each, at most one vest and only where allowed.
pub fn loadout_errors(catalog: &Catalog, pick: &UnitPick) -> Vec<SquadError> {
    let mut errors = Vec::new();
    let unit = catalog.unit(pick.unit);
    for slot in [Slot::Primary, Slot::Secondary] {
        let options = unit.options(slot);
        match pick.weapon(slot) {
            None if !options.is_empty() => errors.push(SquadError::MissingWeapon {
                unit: unit.name.clone(),
                slot,
            }),
            Some(w) if !options.contains(&w) => errors.push(SquadError::WeaponNotAllowed {
                unit: unit.name.clone(),
                slot,
                weapon: catalog.weapon(w).name.clone(),
            }),
            _ => {}
        }
    }
    if !pick.attachments.is_empty() && !unit.attachments {
        errors.push(SquadError::AttachmentsNotAllowed {
            unit: unit.name.clone(),
        });
    }
    if pick.attachments.len() > MAX_ATTACHMENTS {
        errors.push(SquadError::TooManyAttachments {
            unit: unit.name.clone(),
            count: pick.attachments.len(),
        });
    }
    for (i, item) in pick.attachments.iter().enumerate() {
        if pick.attachments[..i].contains(item) {
            errors.push(SquadError::DuplicateAttachment {
                unit: unit.name.clone(),
                item: catalog.item(*item).name.clone(),
            });
        }
    }
    if pick.vest.is_some() && !unit.vest {
        errors.push(SquadError::VestNotAllowed {
            unit: unit.name.clone(),
        });
    }
    errors
}

/// A unit carrying its AI loadout: each AI-loadout weapon in its slot, no attachments, no vest,
/// the first rank (cmd.campaign.base-loadout; the free Trooper of cmd.sr.faction-advent).
pub fn ai_loadout_pick(catalog: &Catalog, unit: UnitId, models: u8) -> UnitPick {
    UnitPick {
        unit,
        primary: ai_loadout_weapon(catalog, unit, Slot::Primary),
        secondary: ai_loadout_weapon(catalog, unit, Slot::Secondary),
        attachments: Vec::new(),
        vest: None,
        rank: catalog.first_rank(),
        models,
    }
}

/// A campaign's starting Squad: every unit with its AI loadout and no upgrades
/// (cmd.campaign.base-loadout), `leader` indexing `units`; checked against every rule except
/// the points limit, which the campaign sets.
pub fn ai_loadout_squad(
    catalog: &Catalog,
    faction: Faction,
    units: &[(UnitId, u8)],
    leader: usize,
) -> Result<SquadSpec, Vec<SquadError>> {
    let spec = SquadSpec {
        faction,
        leader,
        units: units
            .iter()
            .map(|(u, models)| ai_loadout_pick(catalog, *u, *models))
            .collect(),
        free_trooper: faction == Faction::Advent,
    };
    let errors = structure_errors(catalog, &spec);
    if errors.is_empty() {
        Ok(spec)
    } else {
        Err(errors)
    }
}

/// The cheapest legal build of a unit: the cheapest option in each slot it has, nothing else,
/// the first rank, one model — what the squad builder adds before the player upgrades it.
pub fn cheapest_pick(catalog: &Catalog, unit: UnitId) -> UnitPick {
    let profile = catalog.unit(unit);
    let cheapest = |slot: Slot| {
        profile
            .options(slot)
            .iter()
            .copied()
            .min_by_key(|w| (catalog.weapon(*w).cost, w.index()))
    };
    UnitPick {
        unit,
        primary: cheapest(Slot::Primary),
        secondary: cheapest(Slot::Secondary),
        attachments: Vec::new(),
        vest: None,
        rank: catalog.first_rank(),
        models: 1,
    }
}

/// Units the builder may still add: the Squad's faction, not yet bought (cmd.prep.single-faction,
/// cmd.prep.named-unit-once).
pub fn addable_units(catalog: &Catalog, spec: &SquadSpec) -> Vec<UnitId> {
    UnitId::all()
        .filter(|u| catalog.unit(*u).faction == spec.faction)
        .filter(|u| !spec.units.iter().any(|p| p.unit == *u))
        .collect()
}

/// The addable units whose cheapest build still fits under `limit` (what a builder can offer
/// without going over, cmd.gap.58).
pub fn affordable_units(catalog: &Catalog, spec: &SquadSpec, limit: u32) -> Vec<UnitId> {
    let left = remaining(catalog, spec, limit);
    addable_units(catalog, spec)
        .into_iter()
        .filter(|u| model_price(catalog, &cheapest_pick(catalog, *u)) <= left)
        .collect()
}

/// Units in the Squad that could be made Leader: eligible and a single model
/// (cmd.prep.leader-choice, cmd.prep.leader-single-model).
pub fn leader_candidates(catalog: &Catalog, spec: &SquadSpec) -> Vec<usize> {
    spec.units
        .iter()
        .enumerate()
        .filter(|(_, p)| catalog.unit(p.unit).leader_eligible && p.models == 1)
        .map(|(i, _)| i)
        .collect()
}

/// Attachments the unit could still add (allowed, not yet carried, under the cap of two).
pub fn addable_attachments(catalog: &Catalog, pick: &UnitPick) -> Vec<ItemId> {
    if !catalog.unit(pick.unit).attachments || pick.attachments.len() >= MAX_ATTACHMENTS {
        return Vec::new();
    }
    ItemId::all()
        .filter(|i| !pick.attachments.contains(i))
        .collect()
}

/// Vests the unit may wear (all of them, or none for a unit without the vest slot).
pub fn allowed_vests(catalog: &Catalog, pick: &UnitPick) -> Vec<VestId> {
    if catalog.unit(pick.unit).vest {
        VestId::all().collect()
    } else {
        Vec::new()
    }
}

/// Most models a unit may have: 1 for the Leader's unit and Unique units, else 255.
pub fn max_models(catalog: &Catalog, spec: &SquadSpec, index: usize) -> u8 {
    match spec.units.get(index) {
        Some(p)
            if index == spec.leader
                || catalog.unit(p.unit).has(crate::catalog::UnitRule::Unique) =>
        {
            1
        }
        Some(_) => u8::MAX,
        None => 0,
    }
}

/// The unit's AI-loadout weapon for `slot` (cmd.campaign.base-loadout): the first AI-loadout
/// weapon the slot offers, else the first of that slot's kind; none when the unit has no such
/// slot.
pub fn ai_loadout_weapon(catalog: &Catalog, unit: UnitId, slot: Slot) -> Option<WeaponId> {
    let profile = catalog.unit(unit);
    if !profile.has_slot(slot) {
        return None;
    }
    let loadout = || profile.ai_loadout.iter().copied();
    loadout()
        .find(|w| profile.options(slot).contains(w))
        .or_else(|| loadout().find(|w| catalog.weapon(*w).slot == slot))
}

/// One unit of a Squad as every file writes it — scenarios, the squad builder's Squads and
/// campaign files — with each card named by its printed name. A weapon left out is the unit's
/// AI-loadout weapon for that slot ([`ai_loadout_weapon`]), a rank left out the first rank.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitPickDef {
    /// Unit card name, e.g. `ADVENT Trooper`.
    pub unit: String,
    /// Primary weapon name (omit for the AI loadout's).
    #[serde(default)]
    pub primary: Option<String>,
    /// Secondary weapon name (omit for the AI loadout's).
    #[serde(default)]
    pub secondary: Option<String>,
    /// Attachment names.
    #[serde(default)]
    pub attachments: Vec<String>,
    /// Vest name.
    #[serde(default)]
    pub vest: Option<String>,
    /// Rank name (omit for the first rank).
    #[serde(default)]
    pub rank: Option<String>,
    /// Models in the unit; 1 when left out.
    #[serde(default = "one")]
    pub models: u8,
}

fn one() -> u8 {
    1
}

/// A Squad as every file writes it: [`UnitPickDef`]s and the Leader by unit name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SquadDef {
    /// Its faction.
    pub faction: Faction,
    /// The Leader's unit name (cmd.prep.leader-choice).
    pub leader: String,
    /// The units.
    pub units: Vec<UnitPickDef>,
    /// Field Faction – ADVENT's free ADVENT Trooper (cmd.sr.faction-advent).
    #[serde(default)]
    pub free_trooper: bool,
}

/// Looks a name up, or records a problem naming the unit it belongs to.
fn named<T>(
    found: Option<T>,
    what: &str,
    name: &str,
    unit: &str,
    index: usize,
    problems: &mut Vec<String>,
) -> Option<T> {
    if found.is_none() {
        problems.push(format!(
            "unit {} (`{}`): no {what} named `{}`",
            index + 1,
            text::quote(unit),
            text::quote(name)
        ));
    }
    found
}

impl UnitPickDef {
    /// The unit with every name resolved through `catalog`, or `None` after adding each name
    /// that does not resolve to `problems`, saying which unit (`index` counts from 0) and
    /// which name. Whether the choices are allowed is [`validate`]'s question.
    pub fn resolve(
        &self,
        catalog: &Catalog,
        index: usize,
        problems: &mut Vec<String>,
    ) -> Option<UnitPick> {
        // Names from a file: no control characters and no longer than a card's name may be
        // (core::text), before they are looked up or quoted.
        let before = problems.len();
        for (what, name) in self.names() {
            if let Some(p) = text::name_problem(name, text::MAX_NAME_CHARS) {
                problems.push(format!("unit {} {what}: {p}", index + 1));
            }
        }
        if problems.len() > before {
            return None;
        }
        let Some(unit) = catalog.unit_id(&self.unit) else {
            problems.push(format!(
                "unit {}: no unit card named `{}`",
                index + 1,
                text::quote(&self.unit)
            ));
            return None;
        };
        let before = problems.len();
        let name = self.unit.as_str();
        let weapon = |given: &Option<String>, slot: Slot, problems: &mut Vec<String>| match given {
            Some(n) => named(
                catalog.weapon_id(n),
                "weapon card",
                n,
                name,
                index,
                problems,
            ),
            None => ai_loadout_weapon(catalog, unit, slot),
        };
        let primary = weapon(&self.primary, Slot::Primary, problems);
        let secondary = weapon(&self.secondary, Slot::Secondary, problems);
        let attachments: Vec<ItemId> = self
            .attachments
            .iter()
            .filter_map(|a| named(catalog.item_id(a), "item card", a, name, index, problems))
            .collect();
        let vest = self
            .vest
            .as_deref()
            .and_then(|v| named(catalog.vest_id(v), "vest", v, name, index, problems));
        let rank = match self.rank.as_deref() {
            None => Some(catalog.first_rank()),
            Some(r) => named(catalog.rank_id(r), "rank", r, name, index, problems),
        };
        if problems.len() > before {
            return None;
        }
        Some(UnitPick {
            unit,
            primary,
            secondary,
            attachments,
            vest,
            rank: rank?,
            models: self.models,
        })
    }

    /// Every name the unit gives, with what it names: the unit card, the weapons, the
    /// attachments, the vest and the rank.
    pub fn names(&self) -> impl Iterator<Item = (&'static str, &str)> + '_ {
        [
            ("unit card", Some(&self.unit)),
            ("primary weapon", self.primary.as_ref()),
            ("secondary weapon", self.secondary.as_ref()),
            ("vest", self.vest.as_ref()),
            ("rank", self.rank.as_ref()),
        ]
        .into_iter()
        .filter_map(|(what, name)| name.map(|n| (what, n.as_str())))
        .chain(self.attachments.iter().map(|a| ("attachment", a.as_str())))
    }

    /// A pick as files write it, every choice spelled out with `catalog`'s names.
    pub fn from_pick(catalog: &Catalog, pick: &UnitPick) -> UnitPickDef {
        UnitPickDef {
            unit: catalog.unit(pick.unit).name.clone(),
            primary: pick.primary.map(|w| catalog.weapon(w).name.clone()),
            secondary: pick.secondary.map(|w| catalog.weapon(w).name.clone()),
            attachments: pick
                .attachments
                .iter()
                .map(|i| catalog.item(*i).name.clone())
                .collect(),
            vest: pick.vest.map(|v| catalog.vest(v).name.clone()),
            rank: Some(catalog.rank(pick.rank).name.clone()),
            models: pick.models,
        }
    }
}

/// Resolves a Squad's units in order, listing every name that does not resolve.
pub fn resolve_units(
    catalog: &Catalog,
    units: &[UnitPickDef],
) -> Result<Vec<UnitPick>, Vec<String>> {
    let mut problems = Vec::new();
    let picks: Vec<UnitPick> = units
        .iter()
        .enumerate()
        .filter_map(|(i, u)| u.resolve(catalog, i, &mut problems))
        .collect();
    if problems.is_empty() {
        Ok(picks)
    } else {
        Err(problems)
    }
}

/// Where the Leader's unit `leader` stands among `units` (cmd.prep.leader-choice): the first
/// unit of that name.
fn leader_index(units: &[UnitPickDef], leader: &str) -> Result<usize, String> {
    if let Some(p) = text::name_problem(leader, text::MAX_NAME_CHARS) {
        return Err(format!("the Leader: {p}"));
    }
    units.iter().position(|u| u.unit == leader).ok_or_else(|| {
        format!(
            "the Leader `{}` is not one of the Squad's units (cmd.prep.leader-choice)",
            text::quote(leader)
        )
    })
}

/// Checks every name a Squad file gives (the Leader's and each unit's, see
/// [`UnitPickDef::names`]) for control characters and length, reporting the first bad one at
/// its `origin:line:col` in `source`, the file's text: the check a Squad gets where it is read
/// from a file, before its names are resolved.
pub fn check_names(
    origin: &str,
    source: &str,
    leader: Option<&str>,
    units: &[UnitPickDef],
) -> Result<(), DataError> {
    if let Some(leader) = leader {
        text::check_name(origin, source, "the Leader", leader, text::MAX_NAME_CHARS)?;
    }
    for (i, u) in units.iter().enumerate() {
        for (what, name) in u.names() {
            let what = format!("unit {} {what}", i + 1);
            text::check_name(origin, source, &what, name, text::MAX_NAME_CHARS)?;
        }
    }
    Ok(())
}

/// A Squad from its parts as files write them, every problem listed. With no Leader (a
/// campaign Squad whose Leader fell with no one to take over, cmd.gap.29) the Leader index
/// points past the units.
pub(crate) fn resolve_squad(
    catalog: &Catalog,
    faction: Faction,
    leader: Option<&str>,
    units: &[UnitPickDef],
    free_trooper: bool,
) -> Result<SquadSpec, Vec<String>> {
    let leader = leader.map_or(Ok(usize::MAX), |name| leader_index(units, name));
    match (resolve_units(catalog, units), leader) {
        (Ok(units), Ok(leader)) => Ok(SquadSpec {
            faction,
            leader,
            units,
            free_trooper,
        }),
        (units, leader) => {
            let mut problems = units.err().unwrap_or_default();
            problems.extend(leader.err());
            Err(problems)
        }
    }
}

impl SquadDef {
    /// The Squad with every name resolved, or every name that does not resolve and a Leader
    /// who is not among the units. The building rules are checked by [`validate`].
    pub fn resolve(&self, catalog: &Catalog) -> Result<SquadSpec, Vec<String>> {
        resolve_squad(
            catalog,
            self.faction,
            Some(&self.leader),
            &self.units,
            self.free_trooper,
        )
    }

    /// A Squad as files write it, with `catalog`'s names; an empty Squad has no Leader name.
    pub fn from_spec(catalog: &Catalog, spec: &SquadSpec) -> SquadDef {
        SquadDef {
            faction: spec.faction,
            leader: spec
                .units
                .get(spec.leader)
                .map_or_else(String::new, |p| catalog.unit(p.unit).name.clone()),
            units: spec
                .units
                .iter()
                .map(|p| UnitPickDef::from_pick(catalog, p))
                .collect(),
            free_trooper: spec.free_trooper,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trooper(name: &str) -> UnitPickDef {
        UnitPickDef {
            unit: name.to_string(),
            primary: None,
            secondary: None,
            attachments: Vec::new(),
            vest: None,
            rank: None,
            models: 1,
        }
    }

    /// Squad names come from files and reach the screen: control characters and over-long
    /// names are refused before any lookup, and messages quote them escaped and short.
    #[test]
    fn squad_names_with_control_characters_or_too_long_are_refused() {
        let catalog = Catalog::builtin().unwrap();
        let hostile = "Trooper\u{1b}]0;PWNED\u{7}";
        let long = "W".repeat(text::MAX_NAME_CHARS + 1);
        let mut with_bad_rank = trooper("ADVENT Trooper");
        with_bad_rank.rank = Some(long.clone());
        let squad = SquadDef {
            faction: Faction::Advent,
            leader: "ADVENT Trooper".into(),
            units: vec![trooper(hostile), with_bad_rank, trooper(&"Z".repeat(5000))],
            free_trooper: false,
        };
        let problems = squad.resolve(catalog).unwrap_err();
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].starts_with("unit 1 unit card: `Trooper\\u{1b}]0;PWNED\\u{7}`"));
        assert!(
            problems[0].contains("control character U+001B"),
            "{problems:?}"
        );
        assert!(problems[1].starts_with("unit 2 rank: "), "{problems:?}");
        assert!(problems[1].contains("81 characters, the limit is 80"));
        assert!(problems[2].contains("5000 characters"), "{problems:?}");
        assert!(
            problems
                .iter()
                .all(|p| !p.contains('\u{1b}') && p.len() < 200)
        );
        // An unknown name is quoted short too.
        let unknown = SquadDef {
            units: vec![trooper(&"Q".repeat(80))],
            leader: "Q".repeat(80),
            ..squad
        };
        let problems = unknown.resolve(catalog).unwrap_err();
        assert!(problems[0].contains("(80 characters)"), "{problems:?}");
    }

    /// In a file, the first bad name is reported at its line and column.
    #[test]
    fn squad_names_are_checked_at_their_place_in_a_file() {
        let source = "(\n  leader: \"ADVENT Trooper\",\n  units: [(unit: \"ADVENT Trooper\", vest: \"Ve\u{7}st\")],\n)";
        let mut unit = trooper("ADVENT Trooper");
        unit.vest = Some("Ve\u{7}st".into());
        let err = check_names("squad.ron", source, Some("ADVENT Trooper"), &[unit]).unwrap_err();
        let col = source.lines().nth(2).unwrap().find("Ve").unwrap() + 1;
        assert_eq!((err.line, err.col), (3, col), "{err}");
        assert!(
            err.to_string()
                .starts_with(&format!("squad.ron:3:{col}: unit 1 vest: ")),
            "{err}"
        );
        assert!(check_names("squad.ron", source, Some("ADVENT Trooper"), &[]).is_ok());
    }
}
