//! Table options: the named readings of disputed rules and the timer switch, recorded in every
//! save and set on the command line as `--option key=value`.
//!
//! | key | values (default first) | decides |
//! |---|---|---|
//! | `timer` | `on`, `off` | `off` gives an untimed learning game: no clocks, no pause |
//! | `red_budget` | `rule`, `chance` | bg.gap.15, bg.round.summary-red |
//! | `scramble` | `earlier`, `anywhere` | bg.gap.11's second reading |

use serde::{Deserialize, Serialize};
use squadsight_core::options::choose;

/// How a continent newly in red cuts the budget (bg.gap.15).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RedBudget {
    /// As BUDGET & CREDITS reads: a red continent gives the red amount from the next round.
    #[default]
    Rule,
    /// As ROUND OVERVIEW reads: a newly red continent cuts the budget only by chance; otherwise
    /// the cut waits a round.
    Chance,
}

/// Where a scrambled action may move (bg.gap.11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Scramble {
    /// Only earlier, as SCRAMBLED ACTIONS reads.
    #[default]
    Earlier,
    /// Earlier or later ("at a different time than normal").
    Anywhere,
}

/// The options of one board-game session.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Whether actions are timed.
    pub timer: bool,
    /// The budget-cut reading.
    pub red_budget: RedBudget,
    /// The scramble reading.
    pub scramble: Scramble,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            timer: true,
            red_budget: RedBudget::Rule,
            scramble: Scramble::Earlier,
        }
    }
}

impl Options {
    /// Sets one option from `key=value`.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "timer" => {
                self.timer = choose(key, value, &[("on", true), ("off", false)], "on or off")?;
            }
            "red_budget" => {
                self.red_budget = choose(
                    key,
                    value,
                    &[("rule", RedBudget::Rule), ("chance", RedBudget::Chance)],
                    "rule or chance",
                )?;
            }
            "scramble" => {
                self.scramble = choose(
                    key,
                    value,
                    &[
                        ("earlier", Scramble::Earlier),
                        ("anywhere", Scramble::Anywhere),
                    ],
                    "earlier or anywhere",
                )?;
            }
            _ => {
                return Err(format!(
                    "unknown option `{key}` (boardgame knows timer, red_budget and scramble)"
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_and_refuse() {
        let pairs = [
            ("timer", "off"),
            ("red_budget", "chance"),
            ("scramble", "anywhere"),
        ];
        let mut o: Options = squadsight_core::options::from_pairs(&pairs).unwrap();
        assert!(!o.timer);
        assert_eq!(o.red_budget, RedBudget::Chance);
        assert!(o.set("timer", "maybe").unwrap_err().contains("on or off"));
        assert!(o.set("speed", "1").unwrap_err().contains("unknown option"));
    }
}
