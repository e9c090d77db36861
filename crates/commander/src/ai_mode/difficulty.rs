//! The AI difficulty levels and how each changes the AI Squad's activations per game round
//! (cmd.ai.difficulty), plus the table option that says what the `(3+)` / `(1-2)` split of an
//! AI card measures (cmd.gap.38).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How hard the rules AI plays: it changes the number of AI activations per game round.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Difficulty {
    /// Two activations fewer per game round.
    Easy,
    /// One activation fewer per game round.
    Normal,
    /// No change.
    #[default]
    Classic,
    /// One extra activation per game round.
    Impossible,
}

impl Difficulty {
    /// All four, easiest first.
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Normal,
        Difficulty::Classic,
        Difficulty::Impossible,
    ];

    /// Activations added to (or taken from) the AI Squad each game round. The dice bag is
    /// the engine's; this is the table it reads (cmd.gap.39).
    pub const fn activation_adjustment(self) -> i8 {
        match self {
            Difficulty::Easy => -2,      // cmd.ai.difficulty.easy
            Difficulty::Normal => -1,    // cmd.ai.difficulty.normal
            Difficulty::Classic => 0,    // cmd.ai.difficulty.classic
            Difficulty::Impossible => 1, // cmd.ai.difficulty.impossible
        }
    }

    /// How many dice the AI Squad puts in the bag for `models` models at this difficulty:
    /// the model count plus the adjustment, never below 1 while it has a model (cmd.gap.39).
    pub fn dice_for(self, models: u8) -> u8 {
        if models == 0 {
            return 0;
        }
        let n = i16::from(models) + i16::from(self.activation_adjustment());
        u8::try_from(n.max(1)).unwrap_or(u8::MAX)
    }

    /// The name used on the command line and in options.
    pub const fn as_str(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Classic => "classic",
            Difficulty::Impossible => "impossible",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Difficulty {
    type Err = String;

    /// Case-insensitive.
    fn from_str(s: &str) -> Result<Difficulty, String> {
        let wanted = s.trim();
        Difficulty::ALL
            .into_iter()
            .find(|d| d.as_str().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| {
                format!("`{s}` is not an AI difficulty (easy, normal, classic, impossible)")
            })
    }
}

/// What an AI card's `(3+)` / `(1-2)` split measures (option `ai_wounded`, cmd.gap.38).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum WoundedRule {
    /// Wounds left: 3 or more reads the `(3+)` entry, 1–2 the `(1-2)` entry (default).
    #[default]
    WoundsLeft,
    /// Any lost Wound reads the `(1-2)` entry; an unhurt model reads `(3+)`.
    Wounded,
}

impl WoundedRule {
    /// Both values, default first.
    pub const ALL: [WoundedRule; 2] = [WoundedRule::WoundsLeft, WoundedRule::Wounded];

    /// The option value.
    pub const fn as_str(self) -> &'static str {
        match self {
            WoundedRule::WoundsLeft => "wounds-left",
            WoundedRule::Wounded => "wounded",
        }
    }

    /// Whether a model with `wounds` left of `max` reads its card's wounded `(1-2)` entry
    /// (cmd.ai.wounded-behaviour).
    pub fn is_wounded(self, wounds: u8, max: u8) -> bool {
        match self {
            WoundedRule::WoundsLeft => wounds <= 2,
            WoundedRule::Wounded => wounds < max,
        }
    }
}

impl FromStr for WoundedRule {
    type Err = String;

    fn from_str(s: &str) -> Result<WoundedRule, String> {
        WoundedRule::ALL
            .into_iter()
            .find(|w| w.as_str() == s.trim())
            .ok_or_else(|| format!("`{s}` is not wounds-left or wounded"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difficulty_table() {
        // cmd.ai.difficulty, cmd.ai.difficulty.easy/.normal/.classic/.impossible
        let adj: Vec<i8> = Difficulty::ALL
            .iter()
            .map(|d| d.activation_adjustment())
            .collect();
        assert_eq!(adj, [-2, -1, 0, 1]);
        assert_eq!(Difficulty::Easy.dice_for(6), 4);
        assert_eq!(Difficulty::Easy.dice_for(2), 1, "never below one die");
        assert_eq!(Difficulty::Impossible.dice_for(4), 5);
        assert_eq!(Difficulty::Classic.dice_for(0), 0);
        for d in Difficulty::ALL {
            assert_eq!(d.as_str().parse::<Difficulty>(), Ok(d));
        }
        assert_eq!("Classic".parse::<Difficulty>(), Ok(Difficulty::Classic));
        assert!("hard".parse::<Difficulty>().is_err());
    }

    #[test]
    fn wounded_split() {
        // cmd.ai.wounded-behaviour, cmd.gap.38
        let w = WoundedRule::WoundsLeft;
        assert!(!w.is_wounded(3, 4));
        assert!(w.is_wounded(2, 4));
        assert!(
            w.is_wounded(2, 2),
            "a two-wound model is always on its (1-2) entry"
        );
        let any = WoundedRule::Wounded;
        assert!(!any.is_wounded(3, 3));
        assert!(any.is_wounded(6, 7));
        assert_eq!("wounded".parse::<WoundedRule>(), Ok(WoundedRule::Wounded));
        assert!("3+".parse::<WoundedRule>().is_err());
    }
}
