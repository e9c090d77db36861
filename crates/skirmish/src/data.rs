//! Skirmish rules data as written in `rulesets/skirmish/*.ron` (raw `*Def` types), and the
//! scenario file format (`scenarios/skirmish/*.ron`).
//!
//! The numbers live only in the RON files; these types say what shape they have. A field
//! these types do not name is an error, reported with its line and column and the fields
//! that are accepted there, so a misspelt or invented setting is never silently ignored.
//!
//! The tables' short notes are spelt out here as named fields (sk.setup.terminology): "Adj"
//! is [`HealTargetDef::Adjacent`] (and the adjacent targets of other effects), "Rnd" the
//! `random` flag of a discard, "Dsc" the discard effects, "Opp" an effect on the opposing
//! player, "Foe" an enemy target, "Dam" damage, "LOS" line of sight and "ST" a Suppression
//! Token.

use serde::{Deserialize, Serialize};
use squadsight_core::{ScenarioFile, Seat};

/// The whole rules data set (`rulesets/skirmish/rules.ron`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesDef {
    /// Every unit type of both unit tables (X-Com and alien), plus the Sectopod (sk.gap.1).
    pub units: Vec<UnitDef>,
    /// The 28 ability tables, six rows each (sk.table.format).
    pub tables: Vec<TableDef>,
    /// The action deck card list (sk.deck.list).
    pub deck: Vec<CardDef>,
    /// The detection table (sk.detect.table).
    pub detection: Vec<DetectionRowDef>,
    /// The panic table (sk.panic.table).
    pub panic: Vec<PanicRowDef>,
    /// Panic roll modifiers by rank (sk.panic.modifiers).
    pub panic_modifiers: Vec<RankModifierDef>,
}

/// Which unit table a type comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Faction {
    /// The X-COM UNIT TABLE.
    XCom,
    /// The ALIEN UNIT TABLE.
    Alien,
}

/// X-Com soldier ranks (tables granted and panic modifiers depend on it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Rank {
    /// Squaddie.
    Squaddie,
    /// Specialist.
    Specialist,
    /// Officer.
    Officer,
    /// Hero.
    Hero,
}

/// A unit's point cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CostDef {
    /// A fixed cost.
    Fixed(u8),
    /// Set by the scenario (Civilian, Military).
    Scenario,
    /// This default unless the scenario sets another (Hatchling, Zombie: "1 or Scenario Dependent").
    DefaultOr(u8),
}

/// One row of a unit table (sk.unit.xcom-roster, sk.unit.alien-roster).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitDef {
    /// Stable ID, kebab-case: `squaddie`, `specialist-assault`, `thin-man`, `sectopod`.
    pub id: String,
    /// Name as printed.
    pub name: String,
    /// Which unit table.
    pub faction: Faction,
    /// Starting Hits.
    pub hits: u8,
    /// Point cost.
    pub cost: CostDef,
    /// The rank, for X-Com soldiers.
    #[serde(default)]
    pub rank: Option<Rank>,
    /// Ability tables this type may use, by table ID, in the order a menu lists them.
    pub tables: Vec<String>,
    /// Flyer: always at elevation 6 and may pass over units (sk.special.flyers).
    #[serde(default)]
    pub flyer: bool,
    /// Human for the Panic rules (sk.gap.74).
    #[serde(default)]
    pub human: bool,
    /// Mechanical: cannot become a Zombie (sk.gap.62).
    #[serde(default)]
    pub mechanical: bool,
    /// Plays every deck Attack card as Attack = 1 (sk.special.attack-as-one).
    #[serde(default)]
    pub attack_as_one: bool,
    /// Units it kills become Zombies (sk.special.zombify).
    #[serde(default)]
    pub zombifies: bool,
    /// May carry the PSI Soldier flag (sk.unit.psi).
    #[serde(default)]
    pub psi_capable: bool,
    /// Sniper type: hiding needs range 6 from it (sk.gap.73), Double Tap applies (sk.gap.44).
    #[serde(default)]
    pub sniper: bool,
    /// A Civilian: attacks only when the scenario arms it (sk.unit.civilian-unarmed) and never
    /// both moves and attacks in one turn (sk.unit.civilian-move-or-attack).
    #[serde(default)]
    pub civilian: bool,
}

/// One ability table (sk.table.format).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableDef {
    /// Stable ID matching the clause suffix: `squaddie`, `spec-assault`, `adv-heavy`, `thin-man`.
    pub id: String,
    /// Name as printed, e.g. `SQUADDIE TABLE`.
    pub name: String,
    /// Exactly six rows, numbered 1–6 in order.
    pub rows: Vec<RowDef>,
}

/// One table row, used by a Spec card of the same number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RowDef {
    /// 1–6.
    pub n: u8,
    /// Name as printed ("Light Machine Gun").
    pub name: String,
    /// The notes as printed ("Attack = 3 and Attack = 4"), shown to players.
    pub notes: String,
    /// A Psi effect, for Iron Will (sk.gap.57); false unless stated.
    #[serde(default)]
    pub psi: bool,
    /// What it does.
    pub effect: EffectDef,
}

/// The range written on an attack or ranged effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RangeDef {
    /// `Attack = N`.
    Exactly(u8),
    /// `Attack = A or B` (sk.effect.attack-choice).
    OneOf(Vec<u8>),
    /// `Attack = A to B`, inclusive (sk.effect.attack-span).
    Span(u8, u8),
}

/// When an effect may be used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TimingDef {
    /// During its controller's own Move and Fire phase.
    #[default]
    OwnTurn,
    /// During the opponent's turn, as a reaction (sk.effect.reaction).
    OpponentTurn,
    /// During the opponent's turn, only in answer to an enemy move (sectopod#4).
    OpponentMove,
    /// During the opponent's turn, right after this unit took damage (muton-berserker#6).
    AfterHit,
}

/// How long an immobilisation lasts (sk.gap.52).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DurationDef {
    /// The rest of this turn and the whole next turn.
    ThisAndNext,
    /// Only the next turn.
    NextTurn,
}

/// Who a heal targets (sk.effect.heal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HealTargetDef {
    /// An adjacent unit.
    Adjacent,
    /// The acting unit itself.
    SelfUnit,
}

/// One attack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackDef {
    /// The range (sk.attack.range).
    pub range: RangeDef,
    /// `Damage +N` (sk.effect.damage-bonus); 0 when none.
    #[serde(default)]
    pub damage: u8,
    /// Area Affect (sk.effect.area).
    #[serde(default)]
    pub area: bool,
    /// With Auto-Kill (sk.effect.auto-kill).
    #[serde(default)]
    pub auto_kill: bool,
    /// A grenade or indirect attack: may pass over units (sk.gap.36).
    #[serde(default)]
    pub grenade: bool,
    /// When it may be used; own turn unless stated.
    #[serde(default)]
    pub timing: TimingDef,
    /// The target is also immobilised if the attack reaches it (ethereal#5).
    #[serde(default)]
    pub immobilize: Option<DurationDef>,
}

/// What a table row or a card does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum EffectDef {
    /// One attack.
    Attack(AttackDef),
    /// Several separate attacks from one play (sk.effect.multi-attack).
    Attacks(Vec<AttackDef>),
    /// Move up to N hexes (sk.move.card-distance); `timing` AfterHit for Rush.
    Move {
        /// Hexes.
        hexes: u8,
        /// When it may be used; own turn unless stated.
        #[serde(default)]
        timing: TimingDef,
        /// A jump: may pass through occupied hexes but must end in a legal one (thin-man#4,
        /// sk.gap.10).
        #[serde(default)]
        jump: bool,
    },
    /// Negate N Hits (sk.defense.value, sk.effect.defense-multi); `armor` for sk.gap.54.
    Defense {
        /// Hits negated.
        times: u8,
        /// Counts as an Armor defense for Destroy Armor.
        #[serde(default)]
        armor: bool,
    },
    /// The acting player draws N cards.
    Draw(u8),
    /// The acting player discards N cards of their choice (sk.effect.draw-discard).
    Discard(u8),
    /// The acting player gains N suppression tokens (sk.effect.gain-st).
    GainSt(u8),
    /// The opponent discards one card (sk.effect.opp-discard).
    OpponentDiscards {
        /// Picked at random rather than by the opponent.
        random: bool,
    },
    /// Look at the opponent's hand (sk.effect.look-hand).
    LookAtHand,
    /// Look at the next N cards of the deck (deck:Strategy).
    LookAtDeck(u8),
    /// The opponent draws N fewer cards next turn (sk.effect.draw-penalty).
    DrawPenalty(u8),
    /// Heal 1 Hit (sk.effect.heal).
    Heal(HealTargetDef),
    /// Return an adjacent unit killed last turn with 1 Hit (sk.effect.revive).
    Revive,
    /// Immobilise a foe at range (sk.special.immobilize-sources).
    Immobilize {
        /// Range to the foe.
        range: RangeDef,
        /// How long.
        duration: DurationDef,
    },
    /// Take control of a foe at range (sk.special.mind-control).
    MindControl {
        /// Range to the foe.
        range: RangeDef,
    },
    /// A foe at range may not use Armor defenses (sk.effect.destroy-armor).
    DestroyArmor {
        /// Range to the foe.
        range: RangeDef,
    },
    /// Cancel one Defense card the opponent played (sk.effect.negate-defense).
    NegateDefense,
    /// Cancel one attack against your unit (sk.effect.negate-attack).
    NegateAttack,
    /// Cancel a Psi attack on this unit (sk.effect.negate-psi).
    NegatePsi,
    /// Turn an attack on this unit back on the attacker (sk.special.reflect).
    Reflect,
    /// A unit of type `unit` within `within` hexes gets a move and an attack (sk.effect.boost).
    Boost {
        /// Unit type ID that may be boosted.
        unit: String,
        /// Distance limit.
        within: u8,
        /// The granted move.
        hexes: u8,
        /// The granted attack's range.
        attack: u8,
    },
    /// Add a new unit of this type in an adjacent hex (sk.special.spawn).
    Spawn(String),
    /// The acting unit becomes this type (sk.special.transform).
    Transform(String),
    /// Add Auto-Kill to a Sniper attack (sk.effect.double-tap).
    DoubleTap,
    /// Use row N of a table the unit may use (deck Spec cards, sk.spec.activate).
    Spec(u8),
    /// Each part in order, the first finished before the next (sk.effect.sequence).
    Then(Vec<EffectDef>),
    /// Every part from one play (sk.effect.combined).
    And(Vec<EffectDef>),
    /// Exactly one part, chosen by the player (sk.effect.either).
    Or(Vec<EffectDef>),
}

/// One card type of the action deck with its number of copies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    /// Stable ID, kebab-case: `point-blank`, `spec-1`.
    pub id: String,
    /// Name as printed ("Point Blank").
    pub name: String,
    /// Copies in the deck (the # column).
    pub count: u8,
    /// The notes as printed.
    pub notes: String,
    /// What it does.
    pub effect: EffectDef,
}

/// What a Detection Table row does to the attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DetectionOutcomeDef {
    /// The attack may not be made; the card goes back to hand.
    NotAllowed,
    /// The attack misses; the card is discarded.
    Miss,
    /// The attack proceeds.
    Attack,
}

/// One Detection Table row (sk.detect.table).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DetectionRowDef {
    /// 1–6.
    pub roll: u8,
    /// Name as printed.
    pub name: String,
    /// Whether the target loses its Hidden Token.
    pub reveal: bool,
    /// What happens to the attack.
    pub outcome: DetectionOutcomeDef,
}

/// What a Panic Table result does (sk.panic.table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PanicResultDef {
    /// Runs off the map.
    Rout,
    /// Immobilised on its next turn.
    Cower,
    /// May only defend on its next turn.
    Pinned,
    /// Must move towards the nearest foe on its next turn.
    Berserk,
    /// No effect.
    KeepCool,
}

/// One Panic Table row; `roll` is the lowest modified roll that gives it (5 means 5+).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PanicRowDef {
    /// The roll.
    pub roll: u8,
    /// Name as printed.
    pub name: String,
    /// The effect.
    pub result: PanicResultDef,
}

/// A roll modifier for units of one rank (sk.panic.modifiers).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RankModifierDef {
    /// The rank.
    pub rank: Rank,
    /// Added to the roll.
    pub modifier: i8,
}

/// A scenario file (`scenarios/skirmish/*.ron`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioDef {
    /// Short ID, e.g. `learning`.
    pub id: String,
    /// Title for menus.
    pub title: String,
    /// A few sentences for the menu, in our own words.
    pub description: String,
    /// The map.
    pub map: MapDef,
    /// Exactly two sides; side 0 is seat 1.
    pub sides: Vec<SideDef>,
    /// Point costs for units whose cost the scenario sets (sk.unit.cost), by unit ID.
    pub costs: Vec<(String, u8)>,
    /// A points budget (sk.gap.6): neither side's units may cost more in total. Written
    /// `budget: Some(12)`; no budget when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget: Option<u16>,
}

impl ScenarioFile for ScenarioDef {
    /// A side's name (sk.setup.players: two sides, two seats).
    fn seat_label(&self, seat: Seat) -> Option<&str> {
        self.sides.get(seat.index()).map(|s| s.name.as_str())
    }
}

/// A rectangular hex map in "odd-r" offset layout (pointy-top hexes, odd rows pushed right).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapDef {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// One string per row, `width` cells separated by spaces; each cell is two digits,
    /// Terrain then Elevation, each 1–5 (sk.map.ratings), e.g. `"11 11 32 11"`.
    pub rows: Vec<String>,
}

/// One side of a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    /// Name shown to players ("X-Com", "Aliens").
    pub name: String,
    /// Its units at their starting hexes.
    pub units: Vec<PlacementDef>,
}

/// One unit placed at the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacementDef {
    /// Unit type ID.
    pub unit: String,
    /// Column (0-based).
    pub col: u8,
    /// Row (0-based).
    pub row: u8,
    /// PSI Soldier flag (sk.unit.psi).
    #[serde(default)]
    pub psi: bool,
    /// Armed flag for Civilians (sk.unit.civilian-unarmed).
    #[serde(default)]
    pub armed: bool,
}
