//! Commander data as written in `rulesets/commander/*.ron` (raw `*Def` types).
//!
//! The files keep the reference's own notation wherever it carries meaning: damage as `X T`,
//! Armour as `T X`, ranges as `half / max`, `/-` for "none", AI entries such as `O!* (1-2)`,
//! reward entries such as `2/2 ♠ - Magnetic Rifle`, and names exactly as printed. The catalog
//! parses and checks all of it ([`crate::catalog`]).

use crate::catalog::{Faction, ItemKind, Slot, Stat, Stats};
use serde::{Deserialize, Serialize};

/// One unit card (`units.ron`, data reference §1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitDef {
    /// Name as printed.
    pub name: String,
    /// Faction keyword.
    pub faction: Faction,
    /// The seven stats.
    pub stats: Stats,
    /// Stat tags in card order: the stat, then the tag as printed, e.g. `(Aim, "[Primary Weapon]")`.
    pub tags: Vec<(Stat, String)>,
    /// The Armour field, `T X`, e.g. `⛨ 1`.
    pub armour: String,
    /// Special rules by printed name.
    pub special_rules: Vec<String>,
    /// Base cost (its `Command Options` entry) in spl.
    pub base_cost: u16,
    /// The AI loadout, weapon names.
    pub ai_loadout: Vec<String>,
    /// Weapon families (shared groups) offered in the Primary slot.
    pub primary: Vec<String>,
    /// Weapon families offered in the Secondary slot.
    pub secondary: Vec<String>,
    /// The slot the `Utility and Attachments` group sits under; `None` when it has none.
    pub attachments: Option<Slot>,
    /// Has the vest group.
    pub vest: bool,
    /// The AI card it links, by name.
    pub ai_card: String,
    /// It is listed in its faction's Leadership group.
    pub leader: bool,
}

/// One weapon card (`weapons.ron`, §2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponDef {
    /// Name as printed.
    pub name: String,
    /// The selectable entry's name, with its glyph suffix.
    pub entry: String,
    /// The profile's Type field as printed (typos kept, data I3).
    pub profile_type: String,
    /// The shared group it is bought through; its `Primary`/`Secondary` prefix is the slot.
    pub family: String,
    /// `half / max`, or `0` for close combat.
    pub range: String,
    /// `X T`, or `/-`.
    pub damage: String,
    /// `X T`, or `/-`.
    pub critical: String,
    /// The profile's Special Rules field: names separated by `, `, or `/-`.
    pub special_rules: String,
    /// Cost in spl.
    pub cost: u16,
    /// The reward-deck pattern, e.g. `2/2 ♠`; `None` when not in the deck.
    pub reward_card: Option<String>,
}

/// One item card (`equipment.ron`, §3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemDef {
    /// Name as printed.
    pub name: String,
    /// Which attachment.
    pub kind: ItemKind,
    /// Cost in spl.
    pub cost: u16,
    /// Reward-deck pattern.
    pub reward_card: String,
}

/// One armour card (`equipment.ron`, §3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VestDef {
    /// Name as printed.
    pub name: String,
    /// Armour added.
    pub armour_bonus: u8,
    /// Cost in spl.
    pub cost: u16,
    /// Reward-deck pattern.
    pub reward_card: String,
}

/// One rank entry (`equipment.ron`, §5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RankDef {
    /// Name as printed, e.g. `5) Captain`.
    pub name: String,
    /// Cost in spl, as the files give it (0 or negative).
    pub cost: i16,
}

/// `equipment.ron`: items, vests and ranks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EquipmentDef {
    /// Item cards.
    pub items: Vec<ItemDef>,
    /// Armour cards.
    pub vests: Vec<VestDef>,
    /// The RANK System entries, lowest first.
    pub ranks: Vec<RankDef>,
}

/// One AI card row (`ai_cards.ron`, §4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AiRowDef {
    /// The row label as printed, e.g. `2-3 - Delta`.
    pub row: String,
    /// The two entries as printed, `(3+)` first, e.g. `("O (3+)", "A! (1-2)")`.
    pub entries: (String, String),
}

/// One AI card (`ai_cards.ron`, §4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AiCardDef {
    /// Name as printed.
    pub name: String,
    /// Four rows, Omega to Alpha.
    pub rows: Vec<AiRowDef>,
    /// The Priorities field, lines separated by ` / `.
    pub priorities: String,
}

/// One reward-deck category with its entries (`rewards.ron`, §6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RewardGroupDef {
    /// The group name as printed, e.g. `WEAPONS (♠)`.
    pub category: String,
    /// Entry names as printed, `pattern - reward`.
    pub entries: Vec<String>,
}

/// A unit and a model count, by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitCountDef {
    /// Unit name.
    pub unit: String,
    /// Models.
    pub models: u8,
}

/// A preset Squad (`operations.ron`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PresetSquadDef {
    /// `Attacker` or `Defender`.
    pub side: crate::catalog::OperationSide,
    /// The faction.
    pub faction: Faction,
    /// The units.
    pub units: Vec<UnitCountDef>,
}

/// AI pods against a player of one faction (`operations.ron`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AiForceDef {
    /// The player's faction.
    pub player: Faction,
    /// Pods in order.
    pub pods: Vec<Vec<UnitCountDef>>,
}

/// Reward draws of an operation (`operations.ron`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OperationRewardsDef {
    /// Cards after a loss.
    pub loss: Option<u8>,
    /// Cards after a success: Easy, Normal, Classic, Impossible.
    pub success: (u8, u8, u8, u8),
    /// A success also grants a Tier I Outpost.
    pub outpost: bool,
    /// Extra cards for the Secondary Objective.
    pub secondary_bonus: u8,
}

/// One selectable operation (`operations.ron`, §7a).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OperationDef {
    /// Name as printed.
    pub name: String,
    /// The selection group.
    pub selectable_from: String,
    /// Player against player.
    pub versus: bool,
    /// Players, fewest and most.
    pub players: (u8, u8),
    /// Board width and height in Range.
    pub board: (u8, u8),
    /// Points limit per Squad.
    pub points_limit: u16,
    /// Objective markers.
    pub markers: u8,
    /// Least distance between markers and from the centre.
    pub marker_spacing: Option<u8>,
    /// Deployment distance from the middle line.
    pub deploy_from_middle: Option<u8>,
    /// Least deployment distance from the central objective.
    pub deploy_from_objective: Option<u8>,
    /// Least distance between pods.
    pub pod_spacing: Option<u8>,
    /// Range that makes a pod appear.
    pub pod_trigger_range: Option<u8>,
    /// Preset Squads.
    pub preset_squads: Vec<PresetSquadDef>,
    /// AI pods.
    pub ai_forces: Vec<AiForceDef>,
    /// Last game round.
    pub round_limit: Option<u8>,
    /// Secondary Objective turn limit.
    pub bonus_within_turns: Option<u8>,
    /// Setup, our summary.
    pub setup: String,
    /// Deployment, our summary.
    pub deployment: String,
    /// Brief and objectives, our summary.
    pub objectives: String,
    /// Reward draws.
    pub rewards: OperationRewardsDef,
}
