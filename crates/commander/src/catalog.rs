//! Validated Commander data: units, weapons, items, vests, AI cards, ranks, the reward deck and
//! the selectable operations.
//!
//! The raw [`crate::data`] types are what the RON files in `rulesets/commander/` say; this
//! module checks them once, reporting every problem with its file, line and column, and turns
//! them into runtime types reached through small Copy ids ([`UnitId`], [`WeaponId`], …) so game
//! state stays cheap to clone and hash.
//!
//! Every catalog holds exactly the reference counts (14 units, 27 weapons, 2 items, 3 vests,
//! 7 AI cards, 6 ranks, 33 reward entries, 3 operations), and an id can only be made by the
//! catalog or by deserialising a number below those counts, so every id is valid for every
//! catalog and the accessors return plain references.
//!
//! ```
//! use squadsight_commander::catalog::Catalog;
//! let catalog = Catalog::builtin().unwrap();
//! let rookie = catalog.unit_id("Rookie").unwrap();
//! assert_eq!(catalog.unit(rookie).base_cost, 96);
//! assert_eq!(catalog.weapons().len(), 27);
//! ```

use crate::data::{
    AiCardDef, EquipmentDef, OperationDef, RewardGroupDef, UnitCountDef, UnitDef, WeaponDef,
};
pub use crate::pep::Resistance;
use crate::pep::{self, DamageType};
use serde::{Deserialize, Serialize};
use squadsight_core::data::{DataError, DataErrors, ParseAll, cached};
use squadsight_core::hash::StableHasher;
use squadsight_core::{DataCheck, article};
use std::fmt;
use std::hash::Hasher;
use std::sync::OnceLock;

/// Unit cards in the reference (data reference §1).
pub const UNIT_COUNT: usize = 14;
/// Weapon cards in the reference (§2).
pub const WEAPON_COUNT: usize = 27;
/// Item cards: Laser Sight and Scope (§3).
pub const ITEM_COUNT: usize = 2;
/// Armour cards (vests) (§3).
pub const VEST_COUNT: usize = 3;
/// AI cards (§4).
pub const AI_CARD_COUNT: usize = 7;
/// Rank entries (§5).
pub const RANK_COUNT: usize = 6;
/// Reward-deck entries (§6).
pub const REWARD_COUNT: usize = 33;
/// Selectable operations (§7a).
pub const OPERATION_COUNT: usize = 3;

macro_rules! catalog_id {
    ($(#[$doc:meta])* $name:ident, $count:expr, $what:literal) => {
        $(#[$doc])*
        ///
        /// Made by the catalog's lookups; deserialising checks the index against the reference
        /// count, so an id is always in range.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(try_from = "u8", into = "u8")]
        pub struct $name(u8);

        impl $name {
            /// The index into the catalog's list.
            pub fn index(self) -> usize {
                usize::from(self.0)
            }

            /// The id for list index `i`, if the reference has that many entries.
            pub fn from_index(i: usize) -> Option<$name> {
                u8::try_from(i).ok().and_then(|n| $name::try_from(n).ok())
            }

            /// Every id, in data order.
            pub fn all() -> impl Iterator<Item = $name> {
                (0..$count).filter_map($name::from_index)
            }
        }

        impl TryFrom<u8> for $name {
            type Error = String;
            fn try_from(n: u8) -> Result<Self, String> {
                if usize::from(n) < $count {
                    Ok($name(n))
                } else {
                    Err(format!(
                        "{} index {n} out of range (the reference has {})",
                        $what, $count
                    ))
                }
            }
        }

        impl From<$name> for u8 {
            fn from(id: $name) -> u8 {
                id.0
            }
        }
    };
}

catalog_id!(
    /// Index of a unit card in [`Catalog::units`].
    UnitId, UNIT_COUNT, "unit"
);
catalog_id!(
    /// Index of a weapon card in [`Catalog::weapons`].
    WeaponId, WEAPON_COUNT, "weapon"
);
catalog_id!(
    /// Index of an item card in [`Catalog::items`].
    ItemId, ITEM_COUNT, "item"
);
catalog_id!(
    /// Index of a vest in [`Catalog::vests`].
    VestId, VEST_COUNT, "vest"
);
catalog_id!(
    /// Index of an AI card in [`Catalog::ai_cards`].
    AiCardId, AI_CARD_COUNT, "AI card"
);
catalog_id!(
    /// Index of a rank in [`Catalog::ranks`].
    RankId, RANK_COUNT, "rank"
);
catalog_id!(
    /// Index of a selectable operation in [`Catalog::operations`].
    OperationId, OPERATION_COUNT, "operation"
);

/// A Squad's faction (cmd.prep.single-faction); every unit carries exactly one faction keyword
/// (cmd.gap.31).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Faction {
    /// XCOM, the Resistance (`XCOM (Resistance)`).
    Xcom,
    /// ADVENT, the Aliens (`ADVENT (Aliens)`).
    Advent,
}

impl Faction {
    /// Both factions.
    pub const ALL: [Faction; 2] = [Faction::Xcom, Faction::Advent];

    /// The faction keyword as the cards print it.
    pub fn name(self) -> &'static str {
        match self {
            Faction::Xcom => "XCOM",
            Faction::Advent => "ADVENT",
        }
    }

    /// The other faction (an AI opponent in a solo operation comes from it).
    pub fn other(self) -> Faction {
        match self {
            Faction::Xcom => Faction::Advent,
            Faction::Advent => Faction::Xcom,
        }
    }
}

impl fmt::Display for Faction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of a unit card's seven stats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Stat {
    /// AIM.
    Aim,
    /// HEALTH (also the Wounds pool).
    Health,
    /// MOBILITY.
    Mobility,
    /// HACK.
    Hack,
    /// WILL.
    Will,
    /// DODGE.
    Dodge,
    /// PSI.
    Psi,
}

impl Stat {
    /// The stat's name as printed on the card.
    pub fn name(self) -> &'static str {
        match self {
            Stat::Aim => "AIM",
            Stat::Health => "HEALTH",
            Stat::Mobility => "MOBILITY",
            Stat::Hack => "HACK",
            Stat::Will => "WILL",
            Stat::Dodge => "DODGE",
            Stat::Psi => "PSI",
        }
    }
}

/// A unit card's stats (data reference §1a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    /// AIM.
    pub aim: u8,
    /// HEALTH: the starting Wounds.
    pub health: u8,
    /// MOBILITY: Range moved by a 1-action Run.
    pub mobility: u8,
    /// HACK.
    pub hack: u8,
    /// WILL.
    pub will: u8,
    /// DODGE.
    pub dodge: u8,
    /// PSI.
    pub psi: u8,
}

impl Stats {
    /// One stat's value.
    pub fn get(&self, stat: Stat) -> u8 {
        match stat {
            Stat::Aim => self.aim,
            Stat::Health => self.health,
            Stat::Mobility => self.mobility,
            Stat::Hack => self.hack,
            Stat::Will => self.will,
            Stat::Dodge => self.dodge,
            Stat::Psi => self.psi,
        }
    }
}

/// A bracketed tag printed after a stat on a unit card: it names what the stat supplies the
/// skill value for (data reference §1b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum StatTag {
    /// `[Primary Weapon]`: hit tests with the primary weapon.
    PrimaryWeapon,
    /// `[Secondary Weapon]`: hit tests with the secondary weapon.
    SecondaryWeapon,
    /// `[Armour]`: the Armour test.
    Armour,
    /// `[Wounds]`: the Wounds pool.
    Wounds,
    /// `[Interact]`.
    Interact,
    /// `[Search]`.
    Search,
    /// `[Computer Use]`.
    ComputerUse,
    /// `[Mindspin]`.
    Mindspin,
}

impl StatTag {
    /// The tag as printed, with its brackets.
    pub fn label(self) -> &'static str {
        match self {
            StatTag::PrimaryWeapon => "[Primary Weapon]",
            StatTag::SecondaryWeapon => "[Secondary Weapon]",
            StatTag::Armour => "[Armour]",
            StatTag::Wounds => "[Wounds]",
            StatTag::Interact => "[Interact]",
            StatTag::Search => "[Search]",
            StatTag::ComputerUse => "[Computer Use]",
            StatTag::Mindspin => "[Mindspin]",
        }
    }

    /// Every tag.
    pub const ALL: [StatTag; 8] = [
        StatTag::PrimaryWeapon,
        StatTag::SecondaryWeapon,
        StatTag::Armour,
        StatTag::Wounds,
        StatTag::Interact,
        StatTag::Search,
        StatTag::ComputerUse,
        StatTag::Mindspin,
    ];

    /// The tag printed as `label`, brackets included.
    pub fn from_label(label: &str) -> Option<StatTag> {
        StatTag::ALL.into_iter().find(|t| t.label() == label)
    }
}

/// A unit's special rule (data reference §1a, §8a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum UnitRule {
    /// Squad Tactics: +1 to hit a target another friendly model already hit this round (files only).
    SquadTactics,
    /// Phantom: never triggers reaction fire (cmd.sr.phantom).
    Phantom,
    /// Blast Padding: +2 Armour, Explosive in the files (cmd.sr.blast-padding).
    BlastPadding,
    /// Weak Minded: completes only searchable Objectives (cmd.sr.weak-minded).
    WeakMinded,
    /// Commanding Presence: hands out one activation die a round (cmd.sr.commanding-presence).
    CommandingPresence,
    /// Commanding Presence II: as Commanding Presence, for two models (files only).
    CommandingPresenceII,
    /// Squadsight: Sniper weapons fire at any distance with a friend's sight (cmd.sr.squadsight).
    Squadsight,
    /// Hacker: [Computer Use] from 12 Range (cmd.sr.hacker).
    Hacker,
    /// Cautious: +1 Armour in cover (cmd.sr.cautious).
    Cautious,
    /// Infiltrator: hidden deployment behind civilian markers (cmd.sr.infiltrator).
    Infiltrator,
    /// Deadeye: +1 to hit when firing without having moved (cmd.sr.deadeye).
    Deadeye,
    /// Unstable: −2 to PSI tests (cmd.sr.unstable).
    Unstable,
    /// Unique: one model in the whole force (cmd.sr.unique).
    Unique,
}

impl UnitRule {
    /// Every unit rule.
    pub const ALL: [UnitRule; 13] = [
        UnitRule::SquadTactics,
        UnitRule::Phantom,
        UnitRule::BlastPadding,
        UnitRule::WeakMinded,
        UnitRule::CommandingPresence,
        UnitRule::CommandingPresenceII,
        UnitRule::Squadsight,
        UnitRule::Hacker,
        UnitRule::Cautious,
        UnitRule::Infiltrator,
        UnitRule::Deadeye,
        UnitRule::Unstable,
        UnitRule::Unique,
    ];

    /// The rule's name as the cards print it.
    pub fn name(self) -> &'static str {
        match self {
            UnitRule::SquadTactics => "Squad Tactics",
            UnitRule::Phantom => "Phantom",
            UnitRule::BlastPadding => "Blast Padding",
            UnitRule::WeakMinded => "Weak Minded",
            UnitRule::CommandingPresence => "Commanding Presence",
            UnitRule::CommandingPresenceII => "Commanding Presence II",
            UnitRule::Squadsight => "Squadsight",
            UnitRule::Hacker => "Hacker",
            UnitRule::Cautious => "Cautious",
            UnitRule::Infiltrator => "Infiltrator",
            UnitRule::Deadeye => "Deadeye",
            UnitRule::Unstable => "Unstable",
            UnitRule::Unique => "Unique",
        }
    }

    /// The rule printed as `name`.
    pub fn from_name(name: &str) -> Option<UnitRule> {
        UnitRule::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// A weapon's special rule (data reference §2, §8a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum WeaponRule {
    /// Shredding: no Armour test, two hit tests instead (cmd.sr.shredding).
    Shredding,
    /// High Explosive: destroys terrain within 2 Range (cmd.sr.high-explosive).
    HighExplosive,
    /// Scatter: 4+ on a D6 after a hit sends the shot 3 Range away (cmd.sr.scatter).
    Scatter,
    /// Sniper: no firing after moving, no reaction fire, nothing within 12 (cmd.sr.sniper).
    Sniper,
    /// Zapper: damage sends the target Down and spends its activation (cmd.sr.zapper). The
    /// Shock Lance's profile says `Stun`, a name no rule has; its entry links Zapper.
    Zapper,
    /// Lasso: a hit drags the target into engagement (cmd.sr.lasso).
    Lasso,
}

impl WeaponRule {
    /// Every weapon rule.
    pub const ALL: [WeaponRule; 6] = [
        WeaponRule::Shredding,
        WeaponRule::HighExplosive,
        WeaponRule::Scatter,
        WeaponRule::Sniper,
        WeaponRule::Zapper,
        WeaponRule::Lasso,
    ];

    /// The rule's name.
    pub fn name(self) -> &'static str {
        match self {
            WeaponRule::Shredding => "Shredding",
            WeaponRule::HighExplosive => "High Explosive",
            WeaponRule::Scatter => "Scatter",
            WeaponRule::Sniper => "Sniper",
            WeaponRule::Zapper => "Zapper",
            WeaponRule::Lasso => "Lasso",
        }
    }

    /// The rule printed as `name` on a weapon profile; `Stun` reads as Zapper (data D10).
    pub fn from_name(name: &str) -> Option<WeaponRule> {
        if name == "Stun" {
            return Some(WeaponRule::Zapper);
        }
        WeaponRule::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// The weapon slot a weapon is bought in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Slot {
    /// The Primary Weapon slot.
    Primary,
    /// The Secondary Weapon slot.
    Secondary,
}

impl Slot {
    /// The tag that names the stat used for this slot's hit tests.
    pub fn tag(self) -> StatTag {
        match self {
            Slot::Primary => StatTag::PrimaryWeapon,
            Slot::Secondary => StatTag::SecondaryWeapon,
        }
    }
}

/// A validated unit card (data reference §1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitProfile {
    /// Name as printed, e.g. `ADVENT Stun Lancer`.
    pub name: String,
    /// Its faction keyword.
    pub faction: Faction,
    /// The seven stats.
    pub stats: Stats,
    /// The stat tags, in card order: which stat supplies which skill value.
    pub tags: Vec<(Stat, StatTag)>,
    /// The typed Armour field, e.g. `⛨ 1` (cmd.pep.resistance-notation).
    pub resistance: Resistance,
    /// Special rules, in card order.
    pub rules: Vec<UnitRule>,
    /// Base cost in spl (cmd.prep.points-supplies).
    pub base_cost: u16,
    /// The AI loadout: the weapons it carries under AI control, in a free Faction – ADVENT
    /// Trooper and in a campaign's starting Squad (cmd.campaign.base-loadout).
    pub ai_loadout: Vec<WeaponId>,
    /// Weapons allowed in the Primary slot, in upgrade order; empty when it has no such slot.
    pub primary_options: Vec<WeaponId>,
    /// Weapons allowed in the Secondary slot; empty when it has no such slot.
    pub secondary_options: Vec<WeaponId>,
    /// May buy attachments (at most 2, one of each).
    pub attachments: bool,
    /// The weapon slot its attachments sit under (meaningful when `attachments`).
    pub attachment_slot: Slot,
    /// May buy a vest (at most 1).
    pub vest: bool,
    /// Its AI card (cmd.ai.per-unit-behaviour).
    pub ai_card: AiCardId,
    /// May be chosen as Leader (cmd.prep.leader-choice, cmd.gap.29).
    pub leader_eligible: bool,
}

impl UnitProfile {
    /// Whether it has this special rule.
    pub fn has(&self, rule: UnitRule) -> bool {
        self.rules.contains(&rule)
    }

    /// The stat that carries `tag`, if any stat does.
    pub fn stat_for(&self, tag: StatTag) -> Option<Stat> {
        self.tags.iter().find(|(_, t)| *t == tag).map(|(s, _)| *s)
    }

    /// The stat used for hit tests with the weapon in `slot`: the stat tagged for that slot, or
    /// AIM when no stat carries the tag (The Commander's pistol sits in the Secondary slot but
    /// only AIM is tagged, data I5).
    pub fn weapon_stat(&self, slot: Slot) -> Stat {
        self.stat_for(slot.tag()).unwrap_or(Stat::Aim)
    }

    /// The options for one slot.
    pub fn options(&self, slot: Slot) -> &[WeaponId] {
        match slot {
            Slot::Primary => &self.primary_options,
            Slot::Secondary => &self.secondary_options,
        }
    }

    /// Whether it has a weapon slot of this kind (every slot it has must be filled).
    pub fn has_slot(&self, slot: Slot) -> bool {
        !self.options(slot).is_empty()
    }
}

/// A validated weapon card (data reference §2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeaponProfile {
    /// Name as printed, e.g. `Magnetic Rifle`.
    pub name: String,
    /// The shared selection group it belongs to, e.g. `Primary Weapons (Assault Rifles)`; one
    /// family is one upgrade line.
    pub family: String,
    /// The slot it is bought in.
    pub slot: Slot,
    /// The half value of `half / max`; `None` for close-combat weapons.
    pub half_range: Option<u8>,
    /// Maximum Range; 0 = a close-combat (charge) weapon (cmd.melee.charge).
    pub max_range: u8,
    /// Damage `X T`; `None` for `/-` (Psi Amp).
    pub damage: Option<(u8, DamageType)>,
    /// The Critical field; `None` for `/-` (every weapon in the files).
    pub critical: Option<(u8, DamageType)>,
    /// Special rules.
    pub rules: Vec<WeaponRule>,
    /// Cost in spl.
    pub cost: u16,
    /// Upgrade tier I–III from its reward-deck pattern; `None` when not in the deck.
    pub tier: Option<u8>,
    /// Reward-deck card pattern as printed, e.g. `2/2 ♠`; `None` when not in the deck.
    pub reward_card: Option<String>,
}

impl WeaponProfile {
    /// Whether it has this special rule.
    pub fn has(&self, rule: WeaponRule) -> bool {
        self.rules.contains(&rule)
    }

    /// A close-combat (Range 0) weapon, used by charging (cmd.melee.charge).
    pub fn is_close_combat(&self) -> bool {
        self.max_range == 0
    }
}

/// Which attachment an item card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ItemKind {
    /// Laser Sight: +1 to hit when shooting.
    LaserSight,
    /// Scope: roll one extra die on the skill check and drop the highest.
    Scope,
}

/// A validated item card (data reference §3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemProfile {
    /// Name as printed.
    pub name: String,
    /// Which attachment.
    pub kind: ItemKind,
    /// Cost in spl.
    pub cost: u16,
    /// Reward-deck card pattern as printed, e.g. `1-5 ♥`.
    pub reward_card: String,
}

/// A validated armour card (vest) (data reference §3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VestProfile {
    /// Name as printed.
    pub name: String,
    /// Armour added; the card names no damage type.
    pub armour_bonus: u8,
    /// Cost in spl.
    pub cost: u16,
    /// Reward-deck card pattern as printed, e.g. `1-7 ♣`.
    pub reward_card: String,
}

/// A rank entry (data reference §5). Ranks change nothing but the cost, and the costs are
/// negative, as the files give them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rank {
    /// Name as printed, e.g. `3) Sergeant`.
    pub name: String,
    /// Cost in spl (0 or negative).
    pub cost: i16,
}

/// An AI action letter (cmd.ai.action.*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum AiAction {
    /// Attack, with a climb or move (cmd.ai.action.a).
    A,
    /// Protect a friendly target (cmd.ai.action.d).
    D,
    /// Climb or move away from the target (cmd.ai.action.f).
    F,
    /// Climb or move (cmd.ai.action.m).
    M,
    /// Whatever progresses the Objectives (cmd.ai.action.o).
    O,
}

impl AiAction {
    /// The letter.
    pub fn letter(self) -> char {
        match self {
            AiAction::A => 'A',
            AiAction::D => 'D',
            AiAction::F => 'F',
            AiAction::M => 'M',
            AiAction::O => 'O',
        }
    }
}

/// One entry of an AI card row, e.g. `O!*`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AiEntry {
    /// The action letter.
    pub action: AiAction,
    /// `*`: stay in an engagement (cmd.ai.flag.remain-engaged).
    pub remain_engaged: bool,
    /// `!`: ignore cover (cmd.ai.flag.ignore-cover).
    pub ignore_cover: bool,
}

impl fmt::Display for AiEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.action.letter())?;
        if self.ignore_cover {
            f.write_str("!")?;
        }
        if self.remain_engaged {
            f.write_str("*")?;
        }
        Ok(())
    }
}

/// The four rows of an AI card, picked by a D6 (cmd.ai.d6-action).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum AiRowName {
    /// Roll 1.
    Omega,
    /// Roll 2–3.
    Delta,
    /// Roll 4–5.
    Bravo,
    /// Roll 6.
    Alpha,
}

impl AiRowName {
    /// The rows in card order.
    pub const ALL: [AiRowName; 4] = [
        AiRowName::Omega,
        AiRowName::Delta,
        AiRowName::Bravo,
        AiRowName::Alpha,
    ];

    /// The row a D6 roll picks; `None` outside 1–6.
    pub fn for_roll(d6: u8) -> Option<AiRowName> {
        match d6 {
            1 => Some(AiRowName::Omega),
            2 | 3 => Some(AiRowName::Delta),
            4 | 5 => Some(AiRowName::Bravo),
            6 => Some(AiRowName::Alpha),
            _ => None,
        }
    }

    /// The row's label as printed, e.g. `2-3 - Delta`.
    pub fn label(self) -> &'static str {
        match self {
            AiRowName::Omega => "1 - Omega",
            AiRowName::Delta => "2-3 - Delta",
            AiRowName::Bravo => "4-5 - Bravo",
            AiRowName::Alpha => "6 - Alpha",
        }
    }

    /// Index into [`AiCard::rows`].
    pub fn index(self) -> usize {
        match self {
            AiRowName::Omega => 0,
            AiRowName::Delta => 1,
            AiRowName::Bravo => 2,
            AiRowName::Alpha => 3,
        }
    }
}

/// One AI card row: the `(3+)` and `(1-2)` entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AiRow {
    /// The entry marked `(3+)`.
    pub healthy: AiEntry,
    /// The entry marked `(1-2)`.
    pub wounded: AiEntry,
}

/// A target-selection priority on an AI card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Priority {
    /// `Closest`.
    Closest,
    /// `Weakest`.
    Weakest,
    /// `Wounded`.
    Wounded,
    /// `Strongest`.
    Strongest,
    /// `Healthiest`.
    Healthiest,
    /// `Furthest`.
    Furthest,
}

impl Priority {
    /// Every priority.
    pub const ALL: [Priority; 6] = [
        Priority::Closest,
        Priority::Weakest,
        Priority::Wounded,
        Priority::Strongest,
        Priority::Healthiest,
        Priority::Furthest,
    ];

    /// The word as printed.
    pub fn name(self) -> &'static str {
        match self {
            Priority::Closest => "Closest",
            Priority::Weakest => "Weakest",
            Priority::Wounded => "Wounded",
            Priority::Strongest => "Strongest",
            Priority::Healthiest => "Healthiest",
            Priority::Furthest => "Furthest",
        }
    }

    /// The priority printed as `name`.
    pub fn from_name(name: &str) -> Option<Priority> {
        Priority::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// The line above an AI card's priorities.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Preference {
    /// `[Secondary Weapon] preference.`: attack with the secondary weapon when it can.
    SecondaryWeapon,
    /// `Special Rules preference.`: use special rules when it can.
    SpecialRules,
    /// `[Mindspin] preference.`: use Mindspin when it can.
    Mindspin,
    /// `Will never take cover.`
    NeverTakeCover,
}

impl Preference {
    /// Every preference line.
    pub const ALL: [Preference; 4] = [
        Preference::SecondaryWeapon,
        Preference::SpecialRules,
        Preference::Mindspin,
        Preference::NeverTakeCover,
    ];

    /// The line as printed (without the stray quote of data I9).
    pub fn text(self) -> &'static str {
        match self {
            Preference::SecondaryWeapon => "[Secondary Weapon] preference.",
            Preference::SpecialRules => "Special Rules preference.",
            Preference::Mindspin => "[Mindspin] preference.",
            Preference::NeverTakeCover => "Will never take cover.",
        }
    }

    /// The preference printed as `text`; a leading `"` is ignored (data I9).
    pub fn from_text(text: &str) -> Option<Preference> {
        let t = text.trim_start_matches('"');
        Preference::ALL.into_iter().find(|p| p.text() == t)
    }
}

/// A validated AI card (data reference §4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiCard {
    /// Name as printed, e.g. `Sniper-Focused (AI)`.
    pub name: String,
    /// Omega, Delta, Bravo, Alpha (see [`AiRowName`]).
    pub rows: [AiRow; 4],
    /// Target priorities, first to last.
    pub priorities: Vec<Priority>,
    /// The preference line, if any.
    pub preference: Option<Preference>,
}

impl AiCard {
    /// The row a D6 roll picks (cmd.ai.d6-action); `None` outside 1–6.
    pub fn row_for_roll(&self, d6: u8) -> Option<(AiRowName, &AiRow)> {
        let name = AiRowName::for_roll(d6)?;
        self.rows.get(name.index()).map(|r| (name, r))
    }

    /// One row.
    pub fn row(&self, name: AiRowName) -> &AiRow {
        &self.rows[name.index()]
    }
}

/// A playing-card suit of the reward deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Suit {
    /// ♣: armour.
    Clubs,
    /// ♦: experience.
    Diamonds,
    /// ♠: weapons.
    Spades,
    /// ♥: items.
    Hearts,
}

impl Suit {
    /// Every suit.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Spades, Suit::Hearts];

    /// The suit's symbol.
    pub fn glyph(self) -> &'static str {
        match self {
            Suit::Clubs => "♣",
            Suit::Diamonds => "♦",
            Suit::Spades => "♠",
            Suit::Hearts => "♥",
        }
    }

    /// The suit a symbol stands for (a trailing U+FE0F is ignored).
    pub fn from_glyph(glyph: &str) -> Option<Suit> {
        let g = glyph.trim().trim_end_matches('\u{fe0f}');
        Suit::ALL.into_iter().find(|s| s.glyph() == g)
    }
}

/// A face card or joker named by a reward entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum FaceCard {
    /// J.
    Jack,
    /// Q.
    Queen,
    /// K.
    King,
    /// Jk, the joker.
    Joker,
}

/// The cards a reward entry asks for, parsed from its printed pattern.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardPattern {
    /// Number cards of one suit: any rank in `low..=high`, `count` of a kind (1 = `X`, Tier I;
    /// 2 = `X/X`, Tier II; 3 = `X/X/X`, Tier III) (cmd.campaign.tier-1/2/3).
    Number {
        /// Lowest rank (1 is the card the files write as `1`).
        low: u8,
        /// Highest rank.
        high: u8,
        /// Cards of that rank needed.
        count: u8,
        /// The suit.
        suit: Suit,
    },
    /// Any one of these face cards or the joker.
    Face(Vec<FaceCard>),
}

impl CardPattern {
    /// The tier this pattern gives: its card count for number cards; `None` for face cards.
    pub fn tier(&self) -> Option<u8> {
        match self {
            CardPattern::Number { count, .. } => Some(*count),
            CardPattern::Face(_) => None,
        }
    }

    /// Parses a printed pattern: `1-7 ♣`, `2/2 ♠`, `9-10 ♠`, `K`, `JQ`, `Jk`.
    pub fn parse(text: &str) -> Result<CardPattern, String> {
        let t = text.trim();
        match t {
            "K" => return Ok(CardPattern::Face(vec![FaceCard::King])),
            "JQ" => return Ok(CardPattern::Face(vec![FaceCard::Jack, FaceCard::Queen])),
            "Jk" => return Ok(CardPattern::Face(vec![FaceCard::Joker])),
            _ => {}
        }
        let bad =
            || format!("card pattern `{text}` is not `N ♠`, `N-M ♠`, `N/N ♠`, `K`, `JQ` or `Jk`");
        let mut parts = t.split_whitespace();
        let (Some(ranks), Some(suit), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(bad());
        };
        let suit = Suit::from_glyph(suit).ok_or_else(bad)?;
        let rank = |s: &str| -> Result<u8, String> {
            s.parse::<u8>()
                .ok()
                .filter(|n| (1..=10).contains(n))
                .ok_or_else(bad)
        };
        if let Some((lo, hi)) = ranks.split_once('-') {
            let (low, high) = (rank(lo)?, rank(hi)?);
            if low > high {
                return Err(bad());
            }
            return Ok(CardPattern::Number {
                low,
                high,
                count: 1,
                suit,
            });
        }
        let copies: Vec<&str> = ranks.split('/').collect();
        let first = rank(copies.first().copied().unwrap_or(""))?;
        if copies.len() > 3 || copies.iter().any(|c| rank(c) != Ok(first)) {
            return Err(bad());
        }
        Ok(CardPattern::Number {
            low: first,
            high: first,
            count: u8::try_from(copies.len()).map_err(|_| bad())?,
            suit,
        })
    }
}

/// A reward-deck category (data reference §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum RewardCategory {
    /// `ARMOUR (♣)`.
    Armour,
    /// `EXPERIENCE (♦)`.
    Experience,
    /// `WEAPONS (♠)`.
    Weapons,
    /// `ITEMS (♥)`.
    Items,
    /// `ADD UNITS (KQJ)`.
    AddUnits,
    /// `WILDCARD (Jk)`.
    Wildcard,
}

impl RewardCategory {
    /// The suit that unlocks the category (cmd.campaign.suit-gate); `None` for the face-card
    /// categories.
    pub fn suit(self) -> Option<Suit> {
        match self {
            RewardCategory::Armour => Some(Suit::Clubs),
            RewardCategory::Experience => Some(Suit::Diamonds),
            RewardCategory::Weapons => Some(Suit::Spades),
            RewardCategory::Items => Some(Suit::Hearts),
            RewardCategory::AddUnits | RewardCategory::Wildcard => None,
        }
    }

    /// The group name as printed.
    pub fn name(self) -> &'static str {
        match self {
            RewardCategory::Armour => "ARMOUR (♣)",
            RewardCategory::Experience => "EXPERIENCE (♦)",
            RewardCategory::Weapons => "WEAPONS (♠)",
            RewardCategory::Items => "ITEMS (♥)",
            RewardCategory::AddUnits => "ADD UNITS (KQJ)",
            RewardCategory::Wildcard => "WILDCARD (Jk)",
        }
    }
}

/// What a reward entry grants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Reward {
    /// A vest.
    Vest(VestId),
    /// One rank up.
    RankPromotion,
    /// A weapon.
    Weapon(WeaponId),
    /// An attachment.
    Item(ItemId),
    /// Add a Unique unit.
    UniqueUnit,
    /// Add a non-Unique unit.
    NonUniqueUnit,
    /// Redraw this many cards.
    Redraw(u8),
}

/// One reward-deck entry (data reference §6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RewardEntry {
    /// Its category.
    pub category: RewardCategory,
    /// The cards it asks for.
    pub pattern: CardPattern,
    /// What it grants.
    pub reward: Reward,
    /// The entry's full name as printed, e.g. `2/2 ♠ - Magnetic Rifle`.
    pub label: String,
}

/// Which side of a player-vs-player operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum OperationSide {
    /// The attacker.
    Attacker,
    /// The defender.
    Defender,
}

/// A unit and how many models of it, in an operation's preset Squad or AI pod.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitCount {
    /// The unit.
    pub unit: UnitId,
    /// Models.
    pub models: u8,
}

/// A preset Squad named by an operation's deployment (Gatecrasher).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PresetSquad {
    /// Which side fields it.
    pub side: OperationSide,
    /// Its faction.
    pub faction: Faction,
    /// Its units.
    pub units: Vec<UnitCount>,
}

/// The AI pods an operation fields against a player of one faction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiForce {
    /// The player's faction (the AI is the other one).
    pub player: Faction,
    /// Pods in order (Pod 1, Pod 2, …).
    pub pods: Vec<Vec<UnitCount>>,
}

/// How many Reward Cards an operation draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OperationRewards {
    /// Cards drawn after a loss; `None` when the card names no loss reward.
    pub loss: Option<u8>,
    /// Cards drawn after a success, by AI difficulty in the order Easy, Normal, Classic,
    /// Impossible; a player-vs-player operation repeats its one number.
    pub success: [u8; 4],
    /// A success also grants a Tier I Outpost.
    pub outpost: bool,
    /// Extra cards for meeting the Secondary Objective.
    pub secondary_bonus: u8,
}

/// A validated selectable operation (data reference §7a).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operation {
    /// Name as printed, e.g. `SE1.2 - The Supply Raid`.
    pub name: String,
    /// The selection group it is offered from.
    pub selectable_from: String,
    /// Player-vs-player (true) or solo/co-op against AI pods (false).
    pub versus: bool,
    /// Fewest players.
    pub min_players: u8,
    /// Most players.
    pub max_players: u8,
    /// Board width in Range.
    pub board_width: u8,
    /// Board height in Range.
    pub board_height: u8,
    /// Points limit per Squad in spl.
    pub points_limit: u16,
    /// Objective markers placed at setup.
    pub markers: u8,
    /// Least distance between markers, and from markers to the board centre; `None` when
    /// unrestricted.
    pub marker_spacing: Option<u8>,
    /// Deployment distance from the board's middle line; `None` when not used.
    pub deploy_from_middle: Option<u8>,
    /// Least distance of deployed models from the central objective; `None` when not used.
    pub deploy_from_objective: Option<u8>,
    /// Least distance between AI pods; `None` when no pods.
    pub pod_spacing: Option<u8>,
    /// Range at which a player model makes a pod appear; `None` when pods appear on sight.
    pub pod_trigger_range: Option<u8>,
    /// Preset Squads (Gatecrasher).
    pub preset_squads: Vec<PresetSquad>,
    /// AI pods by player faction (solo operations).
    pub ai_forces: Vec<AiForce>,
    /// The game ends after this game round; `None` when the card sets no limit.
    pub round_limit: Option<u8>,
    /// Secondary Objective: win within this many turns; `None` when there is none.
    pub bonus_within_turns: Option<u8>,
    /// Our summary of the setup.
    pub setup: String,
    /// Our summary of the deployment.
    pub deployment: String,
    /// Our summary of the brief and objectives.
    pub objectives: String,
    /// Reward draws.
    pub rewards: OperationRewards,
}

impl Operation {
    /// The AI pods against a player of `player`'s faction; empty for versus operations.
    pub fn ai_pods(&self, player: Faction) -> &[Vec<UnitCount>] {
        self.ai_forces
            .iter()
            .find(|f| f.player == player)
            .map(|f| f.pods.as_slice())
            .unwrap_or(&[])
    }
}

/// The validated Commander data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalog {
    units: Vec<UnitProfile>,
    weapons: Vec<WeaponProfile>,
    items: Vec<ItemProfile>,
    vests: Vec<VestProfile>,
    ai_cards: Vec<AiCard>,
    ranks: Vec<Rank>,
    rewards: Vec<RewardEntry>,
    operations: Vec<Operation>,
    data_hash: u64,
}

impl Catalog {
    /// The stable hash of the data files, recorded in saves.
    pub fn data_hash(&self) -> u64 {
        self.data_hash
    }

    /// Every unit card, indexed by [`UnitId`].
    pub fn units(&self) -> &[UnitProfile] {
        &self.units
    }

    /// One unit card.
    pub fn unit(&self, id: UnitId) -> &UnitProfile {
        &self.units[id.index()]
    }

    /// The unit printed as `name`.
    pub fn unit_id(&self, name: &str) -> Option<UnitId> {
        position(self.units.iter().map(|u| u.name.as_str()), name).and_then(UnitId::from_index)
    }

    /// Every weapon card, indexed by [`WeaponId`].
    pub fn weapons(&self) -> &[WeaponProfile] {
        &self.weapons
    }

    /// One weapon card.
    pub fn weapon(&self, id: WeaponId) -> &WeaponProfile {
        &self.weapons[id.index()]
    }

    /// The weapon printed as `name`.
    pub fn weapon_id(&self, name: &str) -> Option<WeaponId> {
        position(self.weapons.iter().map(|w| w.name.as_str()), name).and_then(WeaponId::from_index)
    }

    /// Every item card, indexed by [`ItemId`].
    pub fn items(&self) -> &[ItemProfile] {
        &self.items
    }

    /// One item card.
    pub fn item(&self, id: ItemId) -> &ItemProfile {
        &self.items[id.index()]
    }

    /// The item printed as `name`.
    pub fn item_id(&self, name: &str) -> Option<ItemId> {
        position(self.items.iter().map(|i| i.name.as_str()), name).and_then(ItemId::from_index)
    }

    /// Every vest, indexed by [`VestId`].
    pub fn vests(&self) -> &[VestProfile] {
        &self.vests
    }

    /// One vest.
    pub fn vest(&self, id: VestId) -> &VestProfile {
        &self.vests[id.index()]
    }

    /// The vest printed as `name`.
    pub fn vest_id(&self, name: &str) -> Option<VestId> {
        position(self.vests.iter().map(|v| v.name.as_str()), name).and_then(VestId::from_index)
    }

    /// Every AI card, indexed by [`AiCardId`].
    pub fn ai_cards(&self) -> &[AiCard] {
        &self.ai_cards
    }

    /// One AI card.
    pub fn ai_card(&self, id: AiCardId) -> &AiCard {
        &self.ai_cards[id.index()]
    }

    /// The AI card printed as `name`.
    pub fn ai_card_id(&self, name: &str) -> Option<AiCardId> {
        position(self.ai_cards.iter().map(|c| c.name.as_str()), name).and_then(AiCardId::from_index)
    }

    /// Every rank, lowest first, indexed by [`RankId`].
    pub fn ranks(&self) -> &[Rank] {
        &self.ranks
    }

    /// One rank.
    pub fn rank(&self, id: RankId) -> &Rank {
        &self.ranks[id.index()]
    }

    /// The rank printed as `name`, e.g. `1) Squaddie`.
    pub fn rank_id(&self, name: &str) -> Option<RankId> {
        position(self.ranks.iter().map(|r| r.name.as_str()), name).and_then(RankId::from_index)
    }

    /// The starting rank, `1) Squaddie`.
    pub fn first_rank(&self) -> RankId {
        RankId(0)
    }

    /// The rank after `rank`, if any (a Rank Promotion reward).
    pub fn next_rank(&self, rank: RankId) -> Option<RankId> {
        RankId::from_index(rank.index() + 1)
    }

    /// The reward deck's entries, in data order.
    pub fn rewards(&self) -> &[RewardEntry] {
        &self.rewards
    }

    /// Every selectable operation, in play order, indexed by [`OperationId`].
    pub fn operations(&self) -> &[Operation] {
        &self.operations
    }

    /// One operation.
    pub fn operation(&self, id: OperationId) -> &Operation {
        &self.operations[id.index()]
    }

    /// The operation printed as `name`, or by its code before ` - ` (e.g. `SE1.2`).
    pub fn operation_id(&self, name: &str) -> Option<OperationId> {
        self.operations
            .iter()
            .position(|o| o.name == name || o.name.split(" - ").next().map(str::trim) == Some(name))
            .and_then(OperationId::from_index)
    }

    /// The weapons of one family (upgrade line), lowest tier first.
    pub fn family(&self, family: &str) -> Vec<WeaponId> {
        WeaponId::all()
            .filter(|w| self.weapon(*w).family == family)
            .collect()
    }
}

fn position<'a>(mut names: impl Iterator<Item = &'a str>, name: &str) -> Option<usize> {
    names.position(|n| n == name)
}

/// Where each data file comes from, as named in error messages.
pub const UNITS_ORIGIN: &str = "rulesets/commander/units.ron";
/// See [`UNITS_ORIGIN`].
pub const WEAPONS_ORIGIN: &str = "rulesets/commander/weapons.ron";
/// See [`UNITS_ORIGIN`].
pub const EQUIPMENT_ORIGIN: &str = "rulesets/commander/equipment.ron";
/// See [`UNITS_ORIGIN`].
pub const AI_CARDS_ORIGIN: &str = "rulesets/commander/ai_cards.ron";
/// See [`UNITS_ORIGIN`].
pub const REWARDS_ORIGIN: &str = "rulesets/commander/rewards.ron";
/// See [`UNITS_ORIGIN`].
pub const OPERATIONS_ORIGIN: &str = "rulesets/commander/operations.ron";

/// The text of the six data files, so tests and tools can swap one out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataFiles<'a> {
    /// `units.ron`.
    pub units: &'a str,
    /// `weapons.ron`.
    pub weapons: &'a str,
    /// `equipment.ron`.
    pub equipment: &'a str,
    /// `ai_cards.ron`.
    pub ai_cards: &'a str,
    /// `rewards.ron`.
    pub rewards: &'a str,
    /// `operations.ron`.
    pub operations: &'a str,
}

impl DataFiles<'static> {
    /// The files embedded in the binary.
    pub fn builtin() -> DataFiles<'static> {
        DataFiles {
            units: include_str!("../../../rulesets/commander/units.ron"),
            weapons: include_str!("../../../rulesets/commander/weapons.ron"),
            equipment: include_str!("../../../rulesets/commander/equipment.ron"),
            ai_cards: include_str!("../../../rulesets/commander/ai_cards.ron"),
            rewards: include_str!("../../../rulesets/commander/rewards.ron"),
            operations: include_str!("../../../rulesets/commander/operations.ron"),
        }
    }
}

impl DataFiles<'_> {
    fn hash(&self) -> u64 {
        let mut h = StableHasher::default();
        for text in [
            self.units,
            self.weapons,
            self.equipment,
            self.ai_cards,
            self.rewards,
            self.operations,
        ] {
            h.write(text.as_bytes());
            h.write_u8(0);
        }
        h.finish()
    }
}

impl Catalog {
    /// Parses and validates the embedded data files.
    pub fn load() -> Result<Catalog, DataErrors> {
        Catalog::parse(&DataFiles::builtin())
    }

    /// The embedded catalog, loaded once per process and shared.
    pub fn builtin() -> Result<&'static Catalog, DataErrors> {
        static BUILTIN: OnceLock<Result<Catalog, DataErrors>> = OnceLock::new();
        cached(&BUILTIN, Catalog::load)
    }

    /// Reads a file as one of the six rules data files, chosen by its file name (`units.ron`,
    /// `weapons.ron`, …), and validates it together with the other five built-in files
    /// ([`squadsight_core::Ruleset::check_data`]). Problems name `origin`, which stands in for
    /// the built-in file.
    pub fn check_file(bytes: &[u8], origin: &str) -> DataCheck {
        let name = std::path::Path::new(origin)
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let Ok(text) = std::str::from_utf8(bytes) else {
            return DataCheck::NotThis(DataError::general(origin, "not UTF-8 text"));
        };
        let mut files = DataFiles::builtin();
        let (slot, builtin_origin) = match name {
            "units.ron" => (&mut files.units, UNITS_ORIGIN),
            "weapons.ron" => (&mut files.weapons, WEAPONS_ORIGIN),
            "equipment.ron" => (&mut files.equipment, EQUIPMENT_ORIGIN),
            "ai_cards.ron" => (&mut files.ai_cards, AI_CARDS_ORIGIN),
            "rewards.ron" => (&mut files.rewards, REWARDS_ORIGIN),
            "operations.ron" => (&mut files.operations, OPERATIONS_ORIGIN),
            _ => {
                return DataCheck::NotThis(DataError::general(
                    origin,
                    "not named like a commander rules data file",
                ));
            }
        };
        *slot = text;
        match Catalog::parse(&files) {
            Ok(_) => DataCheck::Valid(format!("commander rules data ({name})")),
            Err(DataErrors(errors)) => DataCheck::Invalid(DataErrors(
                errors
                    .into_iter()
                    .map(|mut e| {
                        e.origin = e.origin.replace(builtin_origin, origin);
                        e.message = e.message.replace(builtin_origin, origin);
                        e
                    })
                    .collect(),
            )),
        }
    }

    /// Parses and validates data file texts, reporting every problem in every file with its
    /// file, line and column.
    pub fn parse(files: &DataFiles<'_>) -> Result<Catalog, DataErrors> {
        let mut read = ParseAll::default();
        let units: Option<Vec<UnitDef>> = read.ron(files.units, UNITS_ORIGIN);
        let weapons: Option<Vec<WeaponDef>> = read.ron(files.weapons, WEAPONS_ORIGIN);
        let equipment: Option<EquipmentDef> = read.ron(files.equipment, EQUIPMENT_ORIGIN);
        let ai_cards: Option<Vec<AiCardDef>> = read.ron(files.ai_cards, AI_CARDS_ORIGIN);
        let rewards: Option<Vec<RewardGroupDef>> = read.ron(files.rewards, REWARDS_ORIGIN);
        let operations: Option<Vec<OperationDef>> = read.ron(files.operations, OPERATIONS_ORIGIN);
        let (
            Some(units),
            Some(weapons),
            Some(equipment),
            Some(ai_cards),
            Some(rewards),
            Some(operations),
        ) = (units, weapons, equipment, ai_cards, rewards, operations)
        else {
            return Err(read.into_errors());
        };
        let mut b = Builder {
            files,
            errors: Vec::new(),
        };
        let weapons = b.weapons(weapons);
        let (items, vests, ranks) = b.equipment(equipment);
        let ai_cards = b.ai_cards(ai_cards);
        let units = b.units(units, &weapons, &ai_cards);
        let rewards = b.rewards(rewards, &weapons, &items, &vests);
        let operations = b.operations(operations, &units);
        b.count(UNITS_ORIGIN, "unit cards", units.len(), UNIT_COUNT);
        b.count(WEAPONS_ORIGIN, "weapon cards", weapons.len(), WEAPON_COUNT);
        b.count(EQUIPMENT_ORIGIN, "item cards", items.len(), ITEM_COUNT);
        b.count(EQUIPMENT_ORIGIN, "vests", vests.len(), VEST_COUNT);
        b.count(EQUIPMENT_ORIGIN, "ranks", ranks.len(), RANK_COUNT);
        b.count(AI_CARDS_ORIGIN, "AI cards", ai_cards.len(), AI_CARD_COUNT);
        b.count(
            REWARDS_ORIGIN,
            "reward entries",
            rewards.len(),
            REWARD_COUNT,
        );
        b.count(
            OPERATIONS_ORIGIN,
            "operations",
            operations.len(),
            OPERATION_COUNT,
        );
        if !b.errors.is_empty() {
            return Err(DataErrors(b.errors));
        }
        Ok(Catalog {
            units,
            weapons,
            items,
            vests,
            ai_cards,
            ranks,
            rewards,
            operations,
            data_hash: files.hash(),
        })
    }
}

/// Validates the raw definitions file by file, collecting every error with a location found by
/// looking up the offending text in the file.
struct Builder<'f, 'a> {
    files: &'f DataFiles<'a>,
    errors: Vec<DataError>,
}

impl Builder<'_, '_> {
    fn text(&self, origin: &str) -> &str {
        match origin {
            UNITS_ORIGIN => self.files.units,
            WEAPONS_ORIGIN => self.files.weapons,
            EQUIPMENT_ORIGIN => self.files.equipment,
            AI_CARDS_ORIGIN => self.files.ai_cards,
            REWARDS_ORIGIN => self.files.rewards,
            _ => self.files.operations,
        }
    }

    /// Records an error at the first `needle` after the first `"anchor"` in the file (or at the
    /// anchor when the needle is not found there, or with no position).
    fn err(&mut self, origin: &str, anchor: &str, needle: &str, message: String) {
        let error = DataError::near(origin, self.text(origin), anchor, needle, message);
        self.errors.push(error);
    }

    fn count(&mut self, origin: &str, what: &str, n: usize, want: usize) {
        if n != want {
            self.errors.push(DataError::general(
                origin,
                format!("{n} {what}; the reference has {want}"),
            ));
        }
    }

    fn duplicates<'n>(&mut self, origin: &str, what: &str, names: impl Iterator<Item = &'n str>) {
        let mut seen: Vec<&str> = Vec::new();
        for name in names {
            if name.trim().is_empty() {
                self.err(
                    origin,
                    "name: \"\"",
                    "",
                    format!("{} {what} has an empty name", article(what)),
                );
            } else if seen.contains(&name) {
                let message = format!("{what} `{name}` is listed twice");
                // Point at the second listing.
                let text = self.text(origin);
                let quoted = format!("\"{name}\"");
                let second = text.find(&quoted).and_then(|i| {
                    text.get(i + 1..)
                        .and_then(|r| r.find(&quoted))
                        .map(|j| i + 1 + j)
                });
                self.errors
                    .push(DataError::at_offset(origin, text, second, message));
            } else {
                seen.push(name);
            }
        }
    }

    fn weapons(&mut self, defs: Vec<WeaponDef>) -> Vec<WeaponProfile> {
        const O: &str = WEAPONS_ORIGIN;
        self.duplicates(O, "weapon", defs.iter().map(|w| w.name.as_str()));
        let mut out = Vec::with_capacity(defs.len());
        for w in defs {
            let n = w.name.clone();
            // The shared group's prefix is the slot the weapon is bought in.
            let slot = if w.family.starts_with("Primary Weapons (") {
                Slot::Primary
            } else if w.family.starts_with("Secondary Weapons (") {
                Slot::Secondary
            } else {
                self.err(
                    O,
                    &n,
                    &w.family,
                    format!(
                        "weapon `{n}`: family `{}` starts with neither `Primary Weapons (` nor `Secondary Weapons (`",
                        w.family
                    ),
                );
                Slot::Primary
            };
            if !w.entry.starts_with(w.name.as_str()) {
                self.err(
                    O,
                    &n,
                    "entry",
                    format!(
                        "weapon `{n}`: entry `{}` does not start with its name",
                        w.entry
                    ),
                );
            } else if let Some(glyph) = w.entry.get(w.name.len()..).map(str::trim)
                && !glyph.is_empty()
                && DamageType::from_glyph(glyph).is_none()
            {
                self.err(
                    O,
                    &n,
                    &w.entry,
                    format!("weapon `{n}`: entry suffix `{glyph}` is not a damage-type glyph"),
                );
            }
            let (half_range, max_range) = match parse_range(&w.range) {
                Ok(r) => r,
                Err(m) => {
                    self.err(O, &n, &w.range, format!("weapon `{n}`: {m}"));
                    (None, 0)
                }
            };
            let mut typed = |field: &str, text: &str| -> Option<(u8, DamageType)> {
                if text == "/-" {
                    return None;
                }
                match pep::parse_damage(text) {
                    Ok(d) => Some(d),
                    Err(m) => {
                        self.err(O, &n, text, format!("weapon `{n}` {field}: {m}"));
                        None
                    }
                }
            };
            let damage = typed("damage", &w.damage);
            let critical = typed("critical", &w.critical);
            let mut rules = Vec::new();
            if w.special_rules != "/-" {
                for r in w.special_rules.split(',').map(str::trim) {
                    match WeaponRule::from_name(r) {
                        Some(rule) if !rules.contains(&rule) => rules.push(rule),
                        Some(_) => {
                            self.err(O, &n, r, format!("weapon `{n}`: rule `{r}` listed twice"))
                        }
                        None => self.err(
                            O,
                            &n,
                            r,
                            format!("weapon `{n}`: unknown special rule `{r}`"),
                        ),
                    }
                }
            }
            if w.cost == 0 {
                self.err(O, &n, "cost", format!("weapon `{n}`: cost 0"));
            }
            let tier = match &w.reward_card {
                None => None,
                Some(card) => match CardPattern::parse(card) {
                    Ok(CardPattern::Number {
                        suit: Suit::Spades,
                        count,
                        ..
                    }) => Some(count),
                    Ok(_) => {
                        self.err(
                            O,
                            &n,
                            card,
                            format!("weapon `{n}`: reward card `{card}` is not a ♠ number pattern"),
                        );
                        None
                    }
                    Err(m) => {
                        self.err(O, &n, card, format!("weapon `{n}`: {m}"));
                        None
                    }
                },
            };
            out.push(WeaponProfile {
                name: w.name,
                family: w.family,
                slot,
                half_range,
                max_range,
                damage,
                critical,
                rules,
                cost: w.cost,
                tier,
                reward_card: w.reward_card,
            });
        }
        out
    }

    fn equipment(&mut self, def: EquipmentDef) -> (Vec<ItemProfile>, Vec<VestProfile>, Vec<Rank>) {
        const O: &str = EQUIPMENT_ORIGIN;
        self.duplicates(O, "item", def.items.iter().map(|i| i.name.as_str()));
        self.duplicates(O, "vest", def.vests.iter().map(|v| v.name.as_str()));
        self.duplicates(O, "rank", def.ranks.iter().map(|r| r.name.as_str()));
        for (i, item) in def.items.iter().enumerate() {
            if def.items[..i].iter().any(|o| o.kind == item.kind) {
                self.err(
                    O,
                    &item.name,
                    "kind",
                    format!("item `{}`: a second {:?}", item.name, item.kind),
                );
            }
        }
        let suit_check =
            |this: &mut Self, name: &str, card: &str, want: Suit| match CardPattern::parse(card) {
                Ok(CardPattern::Number { suit, count: 1, .. }) if suit == want => {}
                Ok(_) => this.err(
                    O,
                    name,
                    card,
                    format!(
                        "`{name}`: reward card `{card}` is not a single {} pattern",
                        want.glyph()
                    ),
                ),
                Err(m) => this.err(O, name, card, format!("`{name}`: {m}")),
            };
        for item in &def.items {
            suit_check(self, &item.name, &item.reward_card, Suit::Hearts);
            if item.cost == 0 {
                self.err(
                    O,
                    &item.name,
                    "cost",
                    format!("item `{}`: cost 0", item.name),
                );
            }
        }
        for vest in &def.vests {
            suit_check(self, &vest.name, &vest.reward_card, Suit::Clubs);
            if vest.armour_bonus == 0 || vest.cost == 0 {
                self.err(
                    O,
                    &vest.name,
                    "armour_bonus",
                    format!(
                        "vest `{}`: armour bonus and cost must be at least 1",
                        vest.name
                    ),
                );
            }
        }
        // Ranks start at 0 and each costs less than the one before (negative, as in the files).
        for (i, r) in def.ranks.iter().enumerate() {
            let ok = match i.checked_sub(1).and_then(|p| def.ranks.get(p)) {
                None => r.cost == 0,
                Some(prev) => r.cost < prev.cost,
            };
            if !ok {
                self.err(O, &r.name, "cost", format!("rank `{}`: cost {} out of order (the first rank costs 0, each later one less)", r.name, r.cost));
            }
        }
        let items = def
            .items
            .into_iter()
            .map(|i| ItemProfile {
                name: i.name,
                kind: i.kind,
                cost: i.cost,
                reward_card: i.reward_card,
            })
            .collect();
        let vests = def
            .vests
            .into_iter()
            .map(|v| VestProfile {
                name: v.name,
                armour_bonus: v.armour_bonus,
                cost: v.cost,
                reward_card: v.reward_card,
            })
            .collect();
        let ranks = def
            .ranks
            .into_iter()
            .map(|r| Rank {
                name: r.name,
                cost: r.cost,
            })
            .collect();
        (items, vests, ranks)
    }

    fn ai_cards(&mut self, defs: Vec<AiCardDef>) -> Vec<AiCard> {
        const O: &str = AI_CARDS_ORIGIN;
        self.duplicates(O, "AI card", defs.iter().map(|c| c.name.as_str()));
        let mut out = Vec::with_capacity(defs.len());
        for c in defs {
            let n = c.name.clone();
            if c.rows.len() != 4 {
                self.err(
                    O,
                    &n,
                    "rows",
                    format!(
                        "AI card `{n}`: {} rows; a card has 4 (Omega, Delta, Bravo, Alpha)",
                        c.rows.len()
                    ),
                );
            }
            let mut rows = Vec::with_capacity(4);
            for (i, r) in c.rows.iter().enumerate() {
                if let Some(name) = AiRowName::ALL.get(i)
                    && r.row != name.label()
                {
                    self.err(
                        O,
                        &n,
                        &r.row,
                        format!(
                            "AI card `{n}`: row {} is labelled `{}`, expected `{}`",
                            i + 1,
                            r.row,
                            name.label()
                        ),
                    );
                }
                let healthy = parse_ai_entry(&r.entries.0, "(3+)");
                let wounded = parse_ai_entry(&r.entries.1, "(1-2)");
                match (healthy, wounded) {
                    (Ok(healthy), Ok(wounded)) => rows.push(AiRow { healthy, wounded }),
                    (h, w) => {
                        for (e, text) in [(h.err(), &r.entries.0), (w.err(), &r.entries.1)] {
                            if let Some(m) = e {
                                self.err(O, &n, text, format!("AI card `{n}`: {m}"));
                            }
                        }
                    }
                }
            }
            let (priorities, preference) = match parse_priorities(&c.priorities) {
                Ok(p) => p,
                Err(m) => {
                    self.err(O, &n, "priorities", format!("AI card `{n}`: {m}"));
                    (Vec::new(), None)
                }
            };
            if let Ok(rows) = <[AiRow; 4]>::try_from(rows) {
                out.push(AiCard {
                    name: c.name,
                    rows,
                    priorities,
                    preference,
                });
            }
        }
        out
    }

    fn units(
        &mut self,
        defs: Vec<UnitDef>,
        weapons: &[WeaponProfile],
        cards: &[AiCard],
    ) -> Vec<UnitProfile> {
        const O: &str = UNITS_ORIGIN;
        self.duplicates(O, "unit", defs.iter().map(|u| u.name.as_str()));
        let mut out = Vec::with_capacity(defs.len());
        for u in defs {
            let n = u.name.clone();
            let s = u.stats;
            // Stats are 2D6 skill values (at most 12); HEALTH (Wounds) and MOBILITY at least 1.
            for stat in [
                Stat::Aim,
                Stat::Health,
                Stat::Mobility,
                Stat::Hack,
                Stat::Will,
                Stat::Dodge,
                Stat::Psi,
            ] {
                let v = s.get(stat);
                let low = u8::from(matches!(stat, Stat::Health | Stat::Mobility));
                if !(low..=12).contains(&v) {
                    self.err(
                        O,
                        &n,
                        "stats",
                        format!("unit `{n}`: {} {v} outside {low}–12", stat.name()),
                    );
                }
            }
            let mut tags = Vec::with_capacity(u.tags.len());
            for (stat, label) in &u.tags {
                match StatTag::from_label(label) {
                    Some(t) if !tags.iter().any(|(_, o)| *o == t) => tags.push((*stat, t)),
                    Some(_) => self.err(
                        O,
                        &n,
                        label,
                        format!("unit `{n}`: tag `{label}` given twice"),
                    ),
                    None => self.err(
                        O,
                        &n,
                        label,
                        format!("unit `{n}`: unknown stat tag `{label}`"),
                    ),
                }
            }
            let resistance = match pep::parse_resistance(&u.armour) {
                Ok(r) => r,
                Err(m) => {
                    self.err(O, &n, &u.armour, format!("unit `{n}` armour: {m}"));
                    Resistance {
                        kind: DamageType::Physical,
                        value: 0,
                    }
                }
            };
            let mut rules = Vec::new();
            for r in &u.special_rules {
                match UnitRule::from_name(r) {
                    Some(rule) if !rules.contains(&rule) => rules.push(rule),
                    Some(_) => self.err(O, &n, r, format!("unit `{n}`: rule `{r}` listed twice")),
                    None => self.err(O, &n, r, format!("unit `{n}`: unknown special rule `{r}`")),
                }
            }
            if u.base_cost == 0 {
                self.err(O, &n, "base_cost", format!("unit `{n}`: base cost 0"));
            }
            let options = |this: &mut Self, families: &[String], slot: Slot| -> Vec<WeaponId> {
                let mut ids = Vec::new();
                for f in families {
                    let members: Vec<usize> = weapons
                        .iter()
                        .enumerate()
                        .filter(|(_, w)| &w.family == f)
                        .map(|(i, _)| i)
                        .collect();
                    if members.is_empty() {
                        this.err(O, &n, f, format!("unit `{n}`: unknown weapon family `{f}`"));
                    }
                    for i in members {
                        if weapons.get(i).is_some_and(|w| w.slot != slot) {
                            this.err(
                                O,
                                &n,
                                f,
                                format!("unit `{n}`: family `{f}` is not a {slot:?} weapon family"),
                            );
                            break;
                        }
                        if let Some(id) = WeaponId::from_index(i)
                            && !ids.contains(&id)
                        {
                            ids.push(id);
                        }
                    }
                }
                ids
            };
            let primary_options = options(self, &u.primary, Slot::Primary);
            let secondary_options = options(self, &u.secondary, Slot::Secondary);
            let mut ai_loadout = Vec::new();
            for w in &u.ai_loadout {
                let Some(id) = weapons
                    .iter()
                    .position(|p| &p.name == w)
                    .and_then(WeaponId::from_index)
                else {
                    self.err(
                        O,
                        &n,
                        w,
                        format!("unit `{n}`: unknown weapon `{w}` in its AI loadout"),
                    );
                    continue;
                };
                if !primary_options.contains(&id) && !secondary_options.contains(&id) {
                    self.err(
                        O,
                        &n,
                        w,
                        format!(
                            "unit `{n}`: AI-loadout weapon `{w}` is not one of its slot options"
                        ),
                    );
                }
                ai_loadout.push(id);
            }
            // cmd.campaign.base-loadout: the AI loadout fills each slot the unit has, once.
            for (slot, opts) in [
                (Slot::Primary, &primary_options),
                (Slot::Secondary, &secondary_options),
            ] {
                let filled = ai_loadout
                    .iter()
                    .filter(|w| weapons.get(w.index()).is_some_and(|p| p.slot == slot))
                    .count();
                if filled != usize::from(!opts.is_empty()) {
                    self.err(
                        O,
                        &n,
                        "ai_loadout",
                        format!(
                            "unit `{n}`: its AI loadout puts {filled} weapons in the {slot:?} slot"
                        ),
                    );
                }
            }
            let attachment_slot = u.attachments.unwrap_or(Slot::Primary);
            let slot_empty = match attachment_slot {
                Slot::Primary => primary_options.is_empty(),
                Slot::Secondary => secondary_options.is_empty(),
            };
            if u.attachments.is_some() && slot_empty {
                self.err(O, &n, "attachments", format!("unit `{n}`: attachments sit under a {attachment_slot:?} slot it does not have"));
            }
            let ai_card = match cards
                .iter()
                .position(|c| c.name == u.ai_card)
                .and_then(AiCardId::from_index)
            {
                Some(id) => id,
                None => {
                    self.err(
                        O,
                        &n,
                        &u.ai_card,
                        format!("unit `{n}`: unknown AI card `{}`", u.ai_card),
                    );
                    continue;
                }
            };
            out.push(UnitProfile {
                name: u.name,
                faction: u.faction,
                stats: u.stats,
                tags,
                resistance,
                rules,
                base_cost: u.base_cost,
                ai_loadout,
                primary_options,
                secondary_options,
                attachments: u.attachments.is_some(),
                attachment_slot,
                vest: u.vest,
                ai_card,
                leader_eligible: u.leader,
            });
        }
        out
    }

    fn rewards(
        &mut self,
        groups: Vec<RewardGroupDef>,
        weapons: &[WeaponProfile],
        items: &[ItemProfile],
        vests: &[VestProfile],
    ) -> Vec<RewardEntry> {
        const O: &str = REWARDS_ORIGIN;
        const CATEGORIES: [RewardCategory; 6] = [
            RewardCategory::Armour,
            RewardCategory::Experience,
            RewardCategory::Weapons,
            RewardCategory::Items,
            RewardCategory::AddUnits,
            RewardCategory::Wildcard,
        ];
        self.duplicates(
            O,
            "reward category",
            groups.iter().map(|g| g.category.as_str()),
        );
        let mut out = Vec::new();
        for g in groups {
            let Some(category) = CATEGORIES.into_iter().find(|c| c.name() == g.category) else {
                self.err(
                    O,
                    &g.category,
                    "",
                    format!("unknown reward category `{}`", g.category),
                );
                continue;
            };
            for label in g.entries {
                let Some((pattern_text, reward_text)) = label.split_once(" -") else {
                    self.err(
                        O,
                        &label,
                        "",
                        format!("reward `{label}` is not written `pattern - reward`"),
                    );
                    continue;
                };
                let (pattern_text, reward_text) = (pattern_text.trim(), reward_text.trim());
                let pattern = match CardPattern::parse(pattern_text) {
                    Ok(p) => p,
                    Err(m) => {
                        self.err(O, &label, "", m);
                        continue;
                    }
                };
                // cmd.campaign.suit-gate: a category's entries use its own suit (or face cards).
                let suit_ok = match (&pattern, category.suit()) {
                    (CardPattern::Number { suit, .. }, Some(want)) => *suit == want,
                    (CardPattern::Face(f), None) => match category {
                        RewardCategory::Wildcard => f.iter().all(|c| *c == FaceCard::Joker),
                        _ => f.iter().all(|c| *c != FaceCard::Joker),
                    },
                    _ => false,
                };
                if !suit_ok {
                    self.err(
                        O,
                        &label,
                        "",
                        format!(
                            "reward `{label}`: pattern does not fit category `{}`",
                            category.name()
                        ),
                    );
                }
                let find = |names: &mut dyn Iterator<Item = (&str, Option<&str>)>| {
                    names
                        .enumerate()
                        .find(|(_, (name, _))| *name == reward_text)
                        .map(|(i, (_, card))| (i, card.map(str::to_string)))
                };
                let (reward, card) = match category {
                    RewardCategory::Armour => {
                        let hit = find(
                            &mut vests
                                .iter()
                                .map(|v| (v.name.as_str(), Some(v.reward_card.as_str()))),
                        );
                        (
                            hit.as_ref()
                                .and_then(|(i, _)| VestId::from_index(*i))
                                .map(Reward::Vest),
                            hit.and_then(|h| h.1),
                        )
                    }
                    RewardCategory::Items => {
                        let hit = find(
                            &mut items
                                .iter()
                                .map(|v| (v.name.as_str(), Some(v.reward_card.as_str()))),
                        );
                        (
                            hit.as_ref()
                                .and_then(|(i, _)| ItemId::from_index(*i))
                                .map(Reward::Item),
                            hit.and_then(|h| h.1),
                        )
                    }
                    RewardCategory::Weapons => {
                        let hit = find(
                            &mut weapons
                                .iter()
                                .map(|v| (v.name.as_str(), v.reward_card.as_deref())),
                        );
                        (
                            hit.as_ref()
                                .and_then(|(i, _)| WeaponId::from_index(*i))
                                .map(Reward::Weapon),
                            hit.and_then(|h| h.1),
                        )
                    }
                    RewardCategory::Experience => (
                        (reward_text == "Rank Promotion").then_some(Reward::RankPromotion),
                        None,
                    ),
                    RewardCategory::AddUnits => (
                        match reward_text {
                            "Unique Unit" => Some(Reward::UniqueUnit),
                            "Non-Unique Unit" => Some(Reward::NonUniqueUnit),
                            _ => None,
                        },
                        None,
                    ),
                    RewardCategory::Wildcard => (
                        reward_text
                            .strip_prefix("Redraw ")
                            .and_then(|r| {
                                r.strip_suffix(" Card").or_else(|| r.strip_suffix(" Cards"))
                            })
                            .and_then(|k| k.parse::<u8>().ok())
                            .map(Reward::Redraw),
                        None,
                    ),
                };
                let Some(reward) = reward else {
                    self.err(
                        O,
                        &label,
                        "",
                        format!(
                            "reward `{label}`: `{reward_text}` is not a reward of category `{}`",
                            category.name()
                        ),
                    );
                    continue;
                };
                // The card's own reward pattern must be this entry's pattern.
                if let Some(card) = card
                    && card != pattern_text
                {
                    self.err(
                        O,
                        &label,
                        "",
                        format!(
                            "reward `{label}`: `{reward_text}` gives its reward card as `{card}`"
                        ),
                    );
                }
                out.push(RewardEntry {
                    category,
                    pattern,
                    reward,
                    label,
                });
            }
        }
        // Every weapon, item and vest with a reward card is in the deck.
        for (i, w) in weapons.iter().enumerate() {
            if w.reward_card.is_some()
                && !out.iter().any(|e| {
                    WeaponId::from_index(i).is_some_and(|id| e.reward == Reward::Weapon(id))
                })
            {
                self.errors.push(DataError::general(
                    O,
                    format!("weapon `{}` has a reward card but no deck entry", w.name),
                ));
            }
        }
        out
    }

    fn operations(&mut self, defs: Vec<OperationDef>, units: &[UnitProfile]) -> Vec<Operation> {
        const O: &str = OPERATIONS_ORIGIN;
        self.duplicates(O, "operation", defs.iter().map(|o| o.name.as_str()));
        let mut out = Vec::with_capacity(defs.len());
        for o in defs {
            let n = o.name.clone();
            if o.players.0 == 0 || o.players.0 > o.players.1 {
                self.err(
                    O,
                    &n,
                    "players",
                    format!(
                        "operation `{n}`: players {:?} is not a range of at least 1",
                        o.players
                    ),
                );
            }
            if o.board.0 == 0 || o.board.1 == 0 || o.points_limit == 0 {
                self.err(
                    O,
                    &n,
                    "board",
                    format!("operation `{n}`: board and points limit must be at least 1"),
                );
            }
            let resolve =
                |this: &mut Self, list: &[UnitCountDef], faction: Faction| -> Vec<UnitCount> {
                    let mut v = Vec::new();
                    for c in list {
                        match units
                            .iter()
                            .position(|u| u.name == c.unit)
                            .and_then(UnitId::from_index)
                        {
                            None => this.err(
                                O,
                                &n,
                                &c.unit,
                                format!("operation `{n}`: unknown unit `{}`", c.unit),
                            ),
                            Some(id) => {
                                if units.get(id.index()).is_some_and(|u| u.faction != faction) {
                                    this.err(
                                        O,
                                        &n,
                                        &c.unit,
                                        format!("operation `{n}`: `{}` is not {faction}", c.unit),
                                    );
                                }
                                if c.models == 0 {
                                    this.err(
                                        O,
                                        &n,
                                        &c.unit,
                                        format!("operation `{n}`: `{}` with 0 models", c.unit),
                                    );
                                }
                                v.push(UnitCount {
                                    unit: id,
                                    models: c.models,
                                });
                            }
                        }
                    }
                    v
                };
            let preset_squads = o
                .preset_squads
                .iter()
                .map(|s| PresetSquad {
                    side: s.side,
                    faction: s.faction,
                    units: resolve(self, &s.units, s.faction),
                })
                .collect();
            let ai_forces = o
                .ai_forces
                .iter()
                .map(|f| AiForce {
                    player: f.player,
                    pods: f
                        .pods
                        .iter()
                        .map(|p| resolve(self, p, f.player.other()))
                        .collect(),
                })
                .collect();
            if o.versus != o.ai_forces.is_empty() {
                self.err(
                    O,
                    &n,
                    "versus",
                    format!(
                        "operation `{n}`: a versus operation has no AI pods and a solo one has some"
                    ),
                );
            }
            let r = &o.rewards;
            out.push(Operation {
                name: o.name,
                selectable_from: o.selectable_from,
                versus: o.versus,
                min_players: o.players.0,
                max_players: o.players.1,
                board_width: o.board.0,
                board_height: o.board.1,
                points_limit: o.points_limit,
                markers: o.markers,
                marker_spacing: o.marker_spacing,
                deploy_from_middle: o.deploy_from_middle,
                deploy_from_objective: o.deploy_from_objective,
                pod_spacing: o.pod_spacing,
                pod_trigger_range: o.pod_trigger_range,
                preset_squads,
                ai_forces,
                round_limit: o.round_limit,
                bonus_within_turns: o.bonus_within_turns,
                setup: o.setup,
                deployment: o.deployment,
                objectives: o.objectives,
                rewards: OperationRewards {
                    loss: r.loss,
                    success: [r.success.0, r.success.1, r.success.2, r.success.3],
                    outpost: r.outpost,
                    secondary_bonus: r.secondary_bonus,
                },
            });
        }
        out
    }
}

/// Keeps a parsed file, or records why it did not parse.
/// Parses a weapon range: `0` (close combat) or `half / max` with max twice half.
fn parse_range(text: &str) -> Result<(Option<u8>, u8), String> {
    if text.trim() == "0" {
        return Ok((None, 0));
    }
    let bad = || format!("range `{text}` is not `0` or `half / max` with max = 2 × half");
    let (h, m) = text.split_once('/').ok_or_else(bad)?;
    let half = h.trim().parse::<u8>().map_err(|_| bad())?;
    let max = m.trim().parse::<u8>().map_err(|_| bad())?;
    if half == 0 || u16::from(half) * 2 != u16::from(max) {
        return Err(bad());
    }
    Ok((Some(half), max))
}

/// Parses an AI entry such as `O!* (1-2)`: a letter, `!` and `*` at most once each, then the
/// expected wound marker.
fn parse_ai_entry(text: &str, marker: &str) -> Result<AiEntry, String> {
    let code = text
        .trim()
        .strip_suffix(marker)
        .map(str::trim)
        .ok_or_else(|| format!("entry `{text}` does not end in `{marker}`"))?;
    let mut chars = code.chars();
    let action = match chars.next() {
        Some('A') => AiAction::A,
        Some('D') => AiAction::D,
        Some('F') => AiAction::F,
        Some('M') => AiAction::M,
        Some('O') => AiAction::O,
        _ => {
            return Err(format!(
                "entry `{text}` does not start with A, D, F, M or O"
            ));
        }
    };
    let mut entry = AiEntry {
        action,
        remain_engaged: false,
        ignore_cover: false,
    };
    for c in chars {
        let flag = match c {
            '!' => &mut entry.ignore_cover,
            '*' => &mut entry.remain_engaged,
            _ => return Err(format!("entry `{text}`: `{c}` is not a `!` or `*` mark")),
        };
        if *flag {
            return Err(format!("entry `{text}`: `{c}` given twice"));
        }
        *flag = true;
    }
    Ok(entry)
}

/// Parses a Priorities field: an optional preference line, then `1. X / 2. Y / …`.
fn parse_priorities(text: &str) -> Result<(Vec<Priority>, Option<Preference>), String> {
    let mut lines = text.split(" / ").map(str::trim).peekable();
    let mut preference = None;
    if let Some(first) = lines.peek()
        && !first.starts_with(|c: char| c.is_ascii_digit())
    {
        preference = Some(
            Preference::from_text(first)
                .ok_or_else(|| format!("unknown preference line `{first}`"))?,
        );
        lines.next();
    }
    let mut priorities = Vec::new();
    for (i, line) in lines.enumerate() {
        let (num, word) = line
            .split_once(". ")
            .ok_or_else(|| format!("priority `{line}` is not `N. Word`"))?;
        if num.parse::<usize>().ok() != Some(i + 1) {
            return Err(format!("priority `{line}` is out of order"));
        }
        let p = Priority::from_name(word).ok_or_else(|| format!("unknown priority `{word}`"))?;
        if priorities.contains(&p) {
            return Err(format!("priority `{word}` given twice"));
        }
        priorities.push(p);
    }
    if priorities.is_empty() {
        return Err(format!("no priorities in `{text}`"));
    }
    Ok((priorities, preference))
}
