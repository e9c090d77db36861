//! Difficulty levels, as named on the command line and in saves.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How strong a computer player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Uniformly random legal actions: a baseline, not an opponent.
    Random,
    /// One-ply lookahead: the action whose immediate result evaluates best.
    Greedy,
    /// Tree search with a small budget.
    Easy,
    /// Tree search within about a second per decision.
    Normal,
    /// Tree search with the largest budget.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Random,
        Level::Greedy,
        Level::Easy,
        Level::Normal,
        Level::Hard,
    ];

    /// The level's command-line name.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A level name that is not one of `random`, `greedy`, `easy`, `normal`, `hard`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLevelError {
    /// The text that was given.
    pub given: String,
}

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown AI level {:?}; expected one of random, greedy, easy, normal, hard",
            self.given
        )
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;

    /// Case-insensitive, surrounding spaces ignored.
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        let wanted = s.trim();
        Level::ALL
            .into_iter()
            .find(|l| l.as_str().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| ParseLevelError {
                given: s.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for level in Level::ALL {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        }
        assert_eq!(" Normal ".parse::<Level>(), Ok(Level::Normal));
    }

    #[test]
    fn unknown_names_are_errors_that_list_the_choices() {
        let err = "expert".parse::<Level>().unwrap_err();
        assert_eq!(err.given, "expert");
        assert!(
            err.to_string()
                .contains("random, greedy, easy, normal, hard")
        );
        assert!("".parse::<Level>().is_err());
    }
}
