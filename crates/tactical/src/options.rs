//! Table options: the contested readings of the rules (named `tac.gap.N` decisions) a game is
//! played with. Every option is recorded in saves; `--option key=value` sets one.
//!
//! ```
//! use squadsight_tactical::options::{Options, MeleeCost};
//! let mut o = Options::default();
//! o.set("melee_tu", "table").unwrap();
//! assert_eq!(o.melee_tu, MeleeCost::Table);
//! o.set("auto_react", "2,3").unwrap();
//! assert!(o.reacts_automatically(squadsight_core::Seat(1)));
//! assert!(o.set("auto_rounds", "0").is_err());
//! ```

use serde::{Deserialize, Serialize};
use squadsight_core::options::{choose, number, refuse};
use squadsight_core::{Seat, SeatSet};

/// What a melee attack costs (tac.gap.27).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MeleeCost {
    /// 20 TU for every melee attack, the general rule of §6.3.
    #[default]
    Rule,
    /// The TU printed in each weapon's table (10).
    Table,
}

/// The initiative die (tac.gap.15).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum InitiativeDie {
    /// Percentile dice; ties reroll among the tied players.
    #[default]
    D100,
    /// One d10; ties reroll among the tied players.
    D10,
}

/// Day or night (tac.gap.40).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Light {
    /// Daylight: no night penalty.
    #[default]
    Day,
    /// Night: X-Com's attacks and throws take the night modifier.
    Night,
}

/// How big a crashed craft's engine blast is (tac.scen.crash.engine-blast, tac.gap.16).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CrashBlast {
    /// The literal reading: 100 × (the sum of 2d10) HE-3, 200 to 2000.
    #[default]
    Times,
    /// The milder reading: 100 + 2d10 HE-3, 102 to 120.
    Plus,
}

/// All Tactical table options with their defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// `melee_tu`: `rule` (20) or `table` (tac.gap.27).
    pub melee_tu: MeleeCost,
    /// `initiative`: `d100` or `d10` (tac.gap.15).
    pub initiative: InitiativeDie,
    /// `auto_rounds`: rounds fired by one auto shot, 1–6 (tac.gap.9; default 3).
    pub auto_rounds: u8,
    /// `light`: `day` or `night` (tac.gap.40).
    pub light: Light,
    /// `tech_level`: 0 (no restriction) or 1–4 (tac.tech.level).
    pub tech_level: u8,
    /// `auto_react`: seats (1-based, comma separated, or `none`/`all`) whose reaction
    /// decisions are answered automatically: take every shot won, at the unit that moved
    /// (tac.react.trigger, tac.gap.5).
    pub auto_react: SeatSet,
    /// `fire_spread`: the d100 chance (0 = off, the default) that fire spreads to each
    /// flammable neighbour at the end of a round (ours, `map/clouds.rs`).
    pub fire_spread: u8,
    /// `crash_blast`: `times` (100 × 2d10, the default) or `plus` (100 + 2d10) HE-3 for each
    /// engine that blew up in a crash (tac.gap.16).
    pub crash_blast: CrashBlast,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            melee_tu: MeleeCost::Rule,
            initiative: InitiativeDie::D100,
            auto_rounds: 3,
            light: Light::Day,
            tech_level: 0,
            auto_react: SeatSet::NONE,
            fire_spread: 0,
            crash_blast: CrashBlast::Times,
        }
    }
}

impl Options {
    /// Sets one option from `key=value` text.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "melee_tu" => {
                self.melee_tu = choose(
                    key,
                    value,
                    &[("rule", MeleeCost::Rule), ("table", MeleeCost::Table)],
                    "`rule` or `table`",
                )?;
            }
            "initiative" => {
                self.initiative = choose(
                    key,
                    value,
                    &[("d100", InitiativeDie::D100), ("d10", InitiativeDie::D10)],
                    "`d100` or `d10`",
                )?;
            }
            "auto_rounds" => self.auto_rounds = number(key, value, 1..=6, "1 to 6")?,
            "light" => {
                self.light = choose(
                    key,
                    value,
                    &[("day", Light::Day), ("night", Light::Night)],
                    "`day` or `night`",
                )?;
            }
            "tech_level" => self.tech_level = number(key, value, 0..=4, "0 (off) or 1 to 4")?,
            "auto_react" => {
                self.auto_react = match value {
                    "none" => SeatSet::NONE,
                    "all" => SeatSet::all(SeatSet::MAX),
                    list => {
                        let mut set = SeatSet::NONE;
                        for part in list.split(',') {
                            let n: u8 = part
                                .trim()
                                .parse()
                                .ok()
                                .filter(|n| (1..=SeatSet::MAX).contains(n))
                                .ok_or_else(|| {
                                    refuse(key, value, "seat numbers 1 to 10, `none` or `all`")
                                })?;
                            set = set.with(Seat(n - 1));
                        }
                        set
                    }
                }
            }
            "fire_spread" => self.fire_spread = number(key, value, 0..=100, "0 (off) to 100")?,
            "crash_blast" => {
                self.crash_blast = choose(
                    key,
                    value,
                    &[("times", CrashBlast::Times), ("plus", CrashBlast::Plus)],
                    "`times` or `plus`",
                )?;
            }
            _ => {
                return Err(format!(
                    "unknown option `{key}` (tactical has melee_tu, initiative, auto_rounds, \
                     light, tech_level, auto_react, fire_spread, crash_blast)"
                ));
            }
        }
        Ok(())
    }

    /// Whether `seat`'s reaction decisions are answered automatically.
    pub fn reacts_automatically(&self, seat: Seat) -> bool {
        self.auto_react.contains(seat)
    }

    /// Checks values that can arrive from a save file.
    pub fn validate(&self) -> Result<(), String> {
        if !(1..=6).contains(&self.auto_rounds) {
            return Err(format!("auto_rounds {} is not 1 to 6", self.auto_rounds));
        }
        if self.fire_spread > 100 {
            return Err(format!("fire_spread {} is not 0 to 100", self.fire_spread));
        }
        if self.tech_level > 4 {
            return Err(format!("tech_level {} is not 0 to 4", self.tech_level));
        }
        Ok(())
    }
}
