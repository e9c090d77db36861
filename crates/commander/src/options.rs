//! Table options: the rule variants and gap decisions a game was started with, recorded in every
//! save and set on the command line as `--option key=value`.
//!
//! | key | values (default first) | decides |
//! |---|---|---|
//! | `commanding_presence` | `rulebook`, `files` | cmd.gap.48 and data note D1 |
//! | `special_action_order` | `action`, `down` | cmd.gap.7 and data note D2 |
//! | `damage_sequence` | `armour-save`, `literal` | cmd.gap.3, cmd.gap.4, cmd.gap.54 |
//! | `sniper_modifiers` | `all`, `table` | cmd.sr.sniper, cmd.gap.46 |
//! | `high_explosive` | `damage`, `hit` | cmd.sr.high-explosive, cmd.gap.44 |
//! | `ai_wounded` | `wounds-left`, `wounded` | cmd.gap.38 |
//! | `grid` | `square`, `hex` | cmd.move.range-systems |
//! | `measure` | `tape`, `steps` | cmd.move.default-inches, cmd.gap.20 (squares only) |
//! | `mindspin_range` | `sight`, `amp-contact` | cmd.sr.mindspin, cmd.gap.42 |
//! | `table` | `48` (12–120) | table side for scenarios that do not fix one |
//! | `ai_seat1`, `ai_seat2` | `off`, `easy`, `normal`, `classic`, `impossible` | cmd.ai.difficulty |
//! | `round_limit` | `0` (= the scenario's), 1–99 | cmd.gap.27 |

use crate::ai_mode::difficulty::{Difficulty, WoundedRule};
use crate::board::{GridKind, Measure};
use serde::{Deserialize, Serialize};
use squadsight_core::Seat;
use squadsight_core::options::{choose, number, refuse};

/// Who Commanding Presence may command, how far, and how often (data note D1, cmd.gap.48).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PresenceMode {
    /// The rulebook: the ADVENT Officer commands an ADVENT Trooper within 24 Range.
    #[default]
    Rulebook,
    /// The data files: any same-faction model within 12 Range (two with Commanding Presence II).
    Files,
}

/// How [Interact], [Search] and [Computer Use] are used (cmd.gap.7, data note D2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SpecialOrder {
    /// Through the [Action] row of the action table (1 action at −1, or 2 actions).
    #[default]
    Action,
    /// Only as a 2-action Hunker Down "Down order".
    Down,
}

/// What happens between a landed hit and the damage (cmd.sr.armour, cmd.dmg.resistance-test,
/// cmd.gap.3, cmd.gap.4, cmd.gap.54). In both readings there is one test, the [Armour] test,
/// made on the stat the unit card tags `[Armour]`, and the typed Armour (the card's `T X`
/// field, the vest, and the typed bonuses of Faction – XCOM, Blast Padding and Cautious) is the
/// rulebook's Damage Resistance, which only changes the damage through the PEP-EP matrix.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DamageSequence {
    /// The default: at or under the [Armour] value the hit is saved and no damage is applied.
    #[default]
    ArmourSave,
    /// The texts as printed: at or under the value, the Damage is applied.
    Literal,
}

/// Which to-hit modifiers a Sniper weapon ignores (cmd.sr.sniper, cmd.gap.46).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SniperModifiers {
    /// The default, as printed: every to-hit modifier except Target is Down (the 1-action
    /// penalty, Deadeye, Laser Sight and Squad Tactics included).
    #[default]
    All,
    /// Only the shooting table's entries other than Target is Down.
    Table,
}

/// When High Explosive destroys terrain around its target (cmd.sr.high-explosive, cmd.gap.44).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HighExplosive {
    /// The default, as printed ("Damage destroys any terrain"): only when damage is applied.
    #[default]
    Damage,
    /// On every hit that lands, even one the Armour test keeps the damage off.
    Hit,
}

/// Whom a model may target with [Mindspin] (cmd.sr.mindspin, cmd.gap.42).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum MindspinRange {
    /// The default: any enemy in sight, not while engaged. Mindspin is "used [as] a shooting
    /// action" and has no Range of its own; the Psi Amp's printed `0` means "not a weapon".
    #[default]
    Sight,
    /// A model carrying a Psi Amp uses Mindspin through it, and the Amp's Range `0` makes it
    /// close combat: only an enemy in base contact, engaged or not. A model with the ability
    /// and no Psi Amp (the Sectoid) keeps [`MindspinRange::Sight`].
    AmpContact,
}

/// Every option key [`Options::set`] takes, in the order of the table above: the one list
/// the unknown-key refusal, menus and their tests read.
pub const KEYS: &[&str] = &[
    "commanding_presence",
    "special_action_order",
    "damage_sequence",
    "sniper_modifiers",
    "high_explosive",
    "ai_wounded",
    "grid",
    "measure",
    "mindspin_range",
    "table",
    "ai_seat1",
    "ai_seat2",
    "round_limit",
];

impl MindspinRange {
    /// Whether this is the default reading (for leaving it out of saves).
    pub fn is_sight(&self) -> bool {
        *self == MindspinRange::Sight
    }
}

/// The default reading adds nothing to a hash, so the state hashes of games from before the
/// option (every one of them the default) stay as they were; the other reading adds a byte.
impl std::hash::Hash for MindspinRange {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        if !self.is_sight() {
            1u8.hash(state);
        }
    }
}

/// The options of one Commander game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Commanding Presence variant.
    pub commanding_presence: PresenceMode,
    /// How the [Action] abilities are ordered.
    pub special_action_order: SpecialOrder,
    /// The damage sequence after a landed hit.
    pub damage_sequence: DamageSequence,
    /// Which to-hit modifiers a Sniper weapon ignores.
    pub sniper_modifiers: SniperModifiers,
    /// When High Explosive blasts the terrain around its target.
    pub high_explosive: HighExplosive,
    /// The AI card's wounded split.
    pub ai_wounded: WoundedRule,
    /// Square or hex grid.
    pub grid: GridKind,
    /// How a square table measures distances and moves.
    pub measure: Measure,
    /// Whom Mindspin may target. Written to a save only when it is not the default, so the
    /// saves (and header hashes) of games from before the option stay as they were.
    #[serde(skip_serializing_if = "MindspinRange::is_sight")]
    pub mindspin_range: MindspinRange,
    /// Table side for scenarios that do not fix their table.
    pub table: u8,
    /// AI mode for seat 1 (index 0) and seat 2 (index 1); `None` when a player decides.
    pub ai_seats: [Option<Difficulty>; 2],
    /// Last game round; 0 keeps the scenario's.
    pub round_limit: u8,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            commanding_presence: PresenceMode::Rulebook,
            special_action_order: SpecialOrder::Action,
            damage_sequence: DamageSequence::ArmourSave,
            sniper_modifiers: SniperModifiers::All,
            high_explosive: HighExplosive::Damage,
            ai_wounded: WoundedRule::WoundsLeft,
            grid: GridKind::Square,
            measure: Measure::Tape,
            mindspin_range: MindspinRange::Sight,
            table: 48,
            ai_seats: [None; 2],
            round_limit: 0,
        }
    }
}

impl Options {
    /// The AI difficulty of a seat (off for seats beyond the second).
    pub fn ai(&self, seat: Seat) -> Option<Difficulty> {
        self.ai_seats.get(seat.index()).copied().flatten()
    }

    /// Sets one option from `key=value`.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "commanding_presence" => {
                self.commanding_presence = choose(
                    key,
                    value,
                    &[
                        ("rulebook", PresenceMode::Rulebook),
                        ("files", PresenceMode::Files),
                    ],
                    "rulebook or files",
                )?;
            }
            "special_action_order" => {
                self.special_action_order = choose(
                    key,
                    value,
                    &[
                        ("action", SpecialOrder::Action),
                        ("down", SpecialOrder::Down),
                    ],
                    "action or down",
                )?;
            }
            "damage_sequence" => {
                self.damage_sequence = choose(
                    key,
                    value,
                    &[
                        ("armour-save", DamageSequence::ArmourSave),
                        ("literal", DamageSequence::Literal),
                    ],
                    "armour-save or literal",
                )?;
            }
            "high_explosive" => {
                self.high_explosive = choose(
                    key,
                    value,
                    &[
                        ("damage", HighExplosive::Damage),
                        ("hit", HighExplosive::Hit),
                    ],
                    "damage or hit",
                )?;
            }
            "sniper_modifiers" => {
                self.sniper_modifiers = choose(
                    key,
                    value,
                    &[
                        ("all", SniperModifiers::All),
                        ("table", SniperModifiers::Table),
                    ],
                    "all or table",
                )?;
            }
            "ai_wounded" => {
                self.ai_wounded = value
                    .parse::<WoundedRule>()
                    .map_err(|_| refuse(key, value, "wounds-left or wounded"))?;
            }
            "grid" => {
                self.grid = choose(
                    key,
                    value,
                    &[("square", GridKind::Square), ("hex", GridKind::Hex)],
                    "square or hex",
                )?;
            }
            "measure" => {
                self.measure = choose(
                    key,
                    value,
                    &[("tape", Measure::Tape), ("steps", Measure::Steps)],
                    "tape or steps",
                )?;
            }
            "mindspin_range" => {
                self.mindspin_range = choose(
                    key,
                    value,
                    &[
                        ("sight", MindspinRange::Sight),
                        ("amp-contact", MindspinRange::AmpContact),
                    ],
                    "sight or amp-contact",
                )?;
            }
            "table" => {
                self.table = number(
                    key,
                    value,
                    12..=crate::board::MAX_SIDE,
                    "a side from 12 to 120",
                )?;
            }
            "round_limit" => {
                self.round_limit = number(key, value, 0..=99, "0 (the scenario's) to 99")?;
            }
            "ai_seat1" | "ai_seat2" => {
                let d = match value {
                    "off" => None,
                    _ => Some(value.parse::<Difficulty>().map_err(|_| {
                        refuse(key, value, "off, easy, normal, classic or impossible")
                    })?),
                };
                let i = usize::from(key == "ai_seat2");
                self.ai_seats[i] = d;
            }
            _ => {
                return Err(format!(
                    "unknown option `{key}` (commander knows {})",
                    KEYS.join(", ")
                ));
            }
        }
        Ok(())
    }

    /// Checks values a save file could have set out of range.
    pub fn validate(&self) -> Result<(), String> {
        if !(12..=crate::board::MAX_SIDE).contains(&self.table) {
            return Err(format!("table side {} is not 12 to 120", self.table));
        }
        if self.round_limit > 99 {
            return Err(format!("round limit {} is above 99", self.round_limit));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_and_refuse() {
        let mut o = Options::default();
        o.set("ai_seat2", "impossible").unwrap();
        assert_eq!(o.ai(Seat(1)), Some(Difficulty::Impossible));
        o.set("grid", "hex").unwrap();
        assert_eq!(o.grid, GridKind::Hex);
        assert!(o.set("grid", "octagon").is_err());
        assert_eq!(o.measure, Measure::Tape);
        o.set("measure", "steps").unwrap();
        assert_eq!(o.measure, Measure::Steps);
        assert!(o.set("measure", "yards").is_err());
        // cmd.move.default-inches: a game measures with a tape unless told otherwise.
        let unset: Options = ron::from_str("(grid: Square, table: 48)").unwrap();
        assert_eq!(unset.measure, Measure::Tape);
        // cmd.gap.42: Mindspin has no range unless the table reads the Psi Amp's 0 as contact.
        assert_eq!(unset.mindspin_range, MindspinRange::Sight);
        o.set("mindspin_range", "amp-contact").unwrap();
        assert_eq!(o.mindspin_range, MindspinRange::AmpContact);
        assert!(o.set("mindspin_range", "touch").is_err());
        // Recorded in the save when chosen, left out when it is the default.
        let text = ron::to_string(&o).unwrap();
        assert!(text.contains("mindspin_range:AmpContact"), "{text}");
        let back: Options = ron::from_str(&text).unwrap();
        assert_eq!(back, o);
        assert!(
            !ron::to_string(&Options::default())
                .unwrap()
                .contains("mindspin")
        );
        assert!(o.set("table", "7").is_err());
        assert!(o.set("nope", "1").is_err());
    }

    #[test]
    fn every_listed_key_is_taken_and_every_other_refused() {
        // KEYS is the one list: each key has a value `set` takes, and the refusal of an
        // unknown key names them all.
        let value = |key: &str| match key {
            "table" => "48",
            "round_limit" => "0",
            "ai_seat1" | "ai_seat2" => "off",
            _ => "",
        };
        for key in KEYS {
            let mut o = Options::default();
            let err = o.set(key, "no-such-value").err();
            if let Some(err) = &err {
                assert!(!err.contains("unknown option"), "{key}: {err}");
            }
            if !value(key).is_empty() {
                assert!(o.set(key, value(key)).is_ok(), "{key}");
            }
        }
        let err = Options::default().set("nope", "1").unwrap_err();
        for key in KEYS {
            assert!(err.contains(key), "{err}");
        }
    }
}
