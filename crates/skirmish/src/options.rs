//! Table options: the rule variants and gap decisions a game is played with.
//!
//! Every option is recorded in saves; `--option key=value` sets one from the command line.
//!
//! ```
//! use squadsight_skirmish::options::{Options, RangeMode};
//! let mut o = Options::default();
//! o.set("range_mode", "max").unwrap();
//! assert_eq!(o.range_mode, RangeMode::Max);
//! assert!(o.set("sectopod_hits", "12").is_err());
//! ```

use serde::{Deserialize, Serialize};
use squadsight_core::options::one_of;

/// How "Attack = N" reads (sk.gap.25).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RangeMode {
    /// The target must be exactly N hexes away.
    #[default]
    Exact,
    /// The target may be at most N hexes away.
    Max,
}

/// How far a Move = N card takes a unit (sk.gap.13).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoveMode {
    /// Up to N hexes, one at a time.
    #[default]
    UpTo,
    /// Exactly N hexes: the destination's shortest legal path is N steps.
    Exact,
}

/// How many attack plays a unit may make in its own turn (sk.gap.16).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AttackLimit {
    /// No limit beyond the cards in hand.
    #[default]
    None,
    /// One attack play per unit per turn; a multi-attack row is one play.
    OnePerUnit,
}

/// How Rapid Reaction's draw groups with its two options (sk.gap.46).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RapidReaction {
    /// Draw 1 card whichever option is taken.
    #[default]
    DrawAlways,
    /// Draw 1 card only with the Move option.
    DrawWithMove,
}

/// Who takes the first turn (sk.gap.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstPlayer {
    /// Each side rolls 1D6, ties rerolled; the higher roller chooses.
    #[default]
    Roll,
    /// The X-Com side starts.
    Xcom,
    /// The alien side starts.
    Aliens,
}

/// An optional rule switched on or off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Switch {
    /// Not used.
    #[default]
    Off,
    /// Used.
    On,
}

impl Switch {
    /// Whether the rule is in play.
    pub fn on(self) -> bool {
        self == Switch::On
    }
}

/// What the opponent sees of a Hidden unit's position (sk.gap.69).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HiddenPositions {
    /// Hidden units stay visible on the map, as on the tabletop.
    #[default]
    Visible,
    /// The opponent only knows the hex where a Hidden unit was last seen.
    Hidden,
}

/// What happens when neither side can ever damage the other (our own end condition; the
/// source has none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stalemate {
    /// The game ends at once as a draw.
    #[default]
    Draw,
    /// Play goes on (only for puzzles and tests; such a game never ends by itself).
    PlayOn,
}

/// Which units an Area Affect attack is aimed at, for suppression and Detection (our
/// decision on issue 12; see `docs/rules/skirmish.md`, sk.gap.42).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AreaAim {
    /// The units in the target hex; when it holds no enemy, the enemies in the six hexes
    /// around it, which the blast is then thrown at.
    #[default]
    Blast,
    /// Only the units in the target hex: a blast on an empty hex rolls neither suppression
    /// nor Detection.
    HexOnly,
}

/// What a Detection result that forbids the attack leaves the attacker (sk.detect.card-fate).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DetectionRetry {
    /// The unit may not attack that target again this turn; the kept card stays usable for
    /// anything else.
    #[default]
    NextTurn,
    /// The unit may try again at once, with the kept card or another.
    AtOnce,
}

/// When a Hidden attacker makes its reveal roll (sk.detect.reveal-roll).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RevealRoll {
    /// Once the attack is made: after the Detection and suppression rolls, and only when
    /// neither stopped it.
    #[default]
    WhenMade,
    /// As soon as the attack is declared, before any other roll.
    OnDeclare,
}

/// All Skirmish table options with their defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// `range_mode`: `exact` or `max` (sk.gap.25).
    pub range_mode: RangeMode,
    /// `move_mode`: `up-to` or `exact` (sk.gap.13).
    pub move_mode: MoveMode,
    /// `attack_limit`: `none` or `one-per-unit` (sk.gap.16).
    pub attack_limit: AttackLimit,
    /// `rapid_reaction`: `draw-always` or `draw-with-move` (sk.gap.46).
    pub rapid_reaction: RapidReaction,
    /// `sectopod_hits`: 1–9, default 5 (sk.gap.1).
    pub sectopod_hits: u8,
    /// `sectopod_cost`: 1–9, default 5 (sk.gap.1).
    pub sectopod_cost: u8,
    /// `first_player`: `roll`, `xcom` or `aliens` (sk.gap.3).
    pub first_player: FirstPlayer,
    /// `detection`: `off` or `on` (sk.detect.optional).
    pub detection: Switch,
    /// `hidden_positions`: `visible` or `hidden` (sk.gap.69).
    pub hidden_positions: HiddenPositions,
    /// `panic`: `off` or `on` (sk.panic.optional).
    pub panic: Switch,
    /// `stalemate`: `draw` or `play-on`, for when neither side can ever deal damage again.
    pub stalemate: Stalemate,
    /// `area_aim`: `blast` or `hex-only` (sk.gap.42, sk.detect.flush).
    pub area_aim: AreaAim,
    /// `detection_retry`: `next-turn` or `at-once` (sk.detect.card-fate).
    pub detection_retry: DetectionRetry,
    /// `reveal_roll`: `when-made` or `on-declare` (sk.detect.reveal-roll, sk.gap.70).
    pub reveal_roll: RevealRoll,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            range_mode: RangeMode::Exact,
            move_mode: MoveMode::UpTo,
            attack_limit: AttackLimit::None,
            rapid_reaction: RapidReaction::DrawAlways,
            sectopod_hits: 5,
            sectopod_cost: 5,
            first_player: FirstPlayer::Roll,
            detection: Switch::Off,
            hidden_positions: HiddenPositions::Visible,
            panic: Switch::Off,
            stalemate: Stalemate::Draw,
            area_aim: AreaAim::Blast,
            detection_retry: DetectionRetry::NextTurn,
            reveal_roll: RevealRoll::WhenMade,
        }
    }
}

/// Every option key with its values, default first, for help texts.
pub const OPTION_KEYS: &[(&str, &str)] = &[
    ("range_mode", "exact | max"),
    ("move_mode", "up-to | exact"),
    ("attack_limit", "none | one-per-unit"),
    ("rapid_reaction", "draw-always | draw-with-move"),
    ("sectopod_hits", "5 (1-9)"),
    ("sectopod_cost", "5 (1-9)"),
    ("first_player", "roll | xcom | aliens"),
    ("detection", "off | on"),
    ("hidden_positions", "visible | hidden"),
    ("panic", "off | on"),
    ("stalemate", "draw | play-on"),
    ("area_aim", "blast | hex-only"),
    ("detection_retry", "next-turn | at-once"),
    ("reveal_roll", "when-made | on-declare"),
];

fn digit(key: &str, value: &str) -> Result<u8, String> {
    match value.parse::<u8>() {
        Ok(n) if (1..=9).contains(&n) => Ok(n),
        _ => Err(format!(
            "option `{key}` needs a whole number from 1 to 9, not `{value}`"
        )),
    }
}

impl Options {
    /// Sets one option from `key` and `value` as typed on the command line.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let value = value.trim();
        match key.trim() {
            "range_mode" => {
                self.range_mode = one_of(
                    key,
                    value,
                    &[("exact", RangeMode::Exact), ("max", RangeMode::Max)],
                )?;
            }
            "move_mode" => {
                self.move_mode = one_of(
                    key,
                    value,
                    &[("up-to", MoveMode::UpTo), ("exact", MoveMode::Exact)],
                )?;
            }
            "attack_limit" => {
                self.attack_limit = one_of(
                    key,
                    value,
                    &[
                        ("none", AttackLimit::None),
                        ("one-per-unit", AttackLimit::OnePerUnit),
                    ],
                )?;
            }
            "rapid_reaction" => {
                self.rapid_reaction = one_of(
                    key,
                    value,
                    &[
                        ("draw-always", RapidReaction::DrawAlways),
                        ("draw-with-move", RapidReaction::DrawWithMove),
                    ],
                )?;
            }
            "sectopod_hits" => self.sectopod_hits = digit(key, value)?,
            "sectopod_cost" => self.sectopod_cost = digit(key, value)?,
            "first_player" => {
                self.first_player = one_of(
                    key,
                    value,
                    &[
                        ("roll", FirstPlayer::Roll),
                        ("xcom", FirstPlayer::Xcom),
                        ("aliens", FirstPlayer::Aliens),
                    ],
                )?;
            }
            "detection" => {
                self.detection = one_of(key, value, &[("off", Switch::Off), ("on", Switch::On)])?;
            }
            "hidden_positions" => {
                self.hidden_positions = one_of(
                    key,
                    value,
                    &[
                        ("visible", HiddenPositions::Visible),
                        ("hidden", HiddenPositions::Hidden),
                    ],
                )?;
            }
            "panic" => {
                self.panic = one_of(key, value, &[("off", Switch::Off), ("on", Switch::On)])?;
            }
            "stalemate" => {
                self.stalemate = one_of(
                    key,
                    value,
                    &[("draw", Stalemate::Draw), ("play-on", Stalemate::PlayOn)],
                )?;
            }
            "area_aim" => {
                self.area_aim = one_of(
                    key,
                    value,
                    &[("blast", AreaAim::Blast), ("hex-only", AreaAim::HexOnly)],
                )?;
            }
            "detection_retry" => {
                self.detection_retry = one_of(
                    key,
                    value,
                    &[
                        ("next-turn", DetectionRetry::NextTurn),
                        ("at-once", DetectionRetry::AtOnce),
                    ],
                )?;
            }
            "reveal_roll" => {
                self.reveal_roll = one_of(
                    key,
                    value,
                    &[
                        ("when-made", RevealRoll::WhenMade),
                        ("on-declare", RevealRoll::OnDeclare),
                    ],
                )?;
            }
            other => {
                let keys: Vec<&str> = OPTION_KEYS.iter().map(|(k, _)| *k).collect();
                return Err(format!(
                    "Skirmish has no option `{other}`; the options are: {}",
                    keys.join(", ")
                ));
            }
        }
        Ok(())
    }

    /// Checks values that serde alone cannot (numbers read from a save file).
    pub fn validate(&self) -> Result<(), String> {
        for (key, n) in [
            ("sectopod_hits", self.sectopod_hits),
            ("sectopod_cost", self.sectopod_cost),
        ] {
            if !(1..=9).contains(&n) {
                return Err(format!("option `{key}` is {n}; it must be 1 to 9"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_parses_its_listed_values() {
        for (key, values) in OPTION_KEYS {
            let first = values.split(' ').next().unwrap_or_default();
            let mut o = Options::default();
            o.set(key, first).expect("default value parses");
            assert_eq!(
                o,
                Options::default(),
                "{key}: first listed value is the default"
            );
        }
    }

    #[test]
    fn errors_name_the_choices() {
        let mut o = Options::default();
        let e = o.set("move_mode", "far").unwrap_err();
        assert!(e.contains("up-to, exact"), "{e}");
        let e = o.set("colour", "red").unwrap_err();
        assert!(e.contains("range_mode"), "{e}");
        assert!(o.set("sectopod_cost", "0").is_err());
        o.set("sectopod_cost", "7").unwrap();
        assert_eq!(o.sectopod_cost, 7);
        assert!(o.validate().is_ok());
    }
}
