//! Table options as typed on the command line (`--option key=value`): the value parsing every
//! ruleset's `Options::set` shares, so each ruleset only lists its keys, its words and its
//! ranges. Error texts name the key, the value and what to type instead.
//!
//! ```
//! use squadsight_core::options::{choose, number};
//! #[derive(Clone, Copy, Debug, PartialEq)]
//! enum Light { Day, Night }
//! let words = [("day", Light::Day), ("night", Light::Night)];
//! assert_eq!(choose("light", "night", &words, "day or night"), Ok(Light::Night));
//! assert_eq!(
//!     choose("light", "dusk", &words, "day or night").unwrap_err(),
//!     "option `light` cannot be `dusk`: use day or night"
//! );
//! assert_eq!(number::<u8>("rounds", "7", 1..=9, "1 to 9"), Ok(7));
//! assert!(number::<u8>("rounds", "10", 1..=9, "1 to 9").is_err());
//! ```

use std::ops::RangeInclusive;
use std::str::FromStr;

/// The refusal of `value` for `key`, ending with what to use instead (`hint`).
pub fn refuse(key: &str, value: &str, hint: &str) -> String {
    format!("option `{key}` cannot be `{value}`: use {hint}")
}

/// The value whose word is `value` among `choices`, or [`refuse`] with `hint`.
pub fn choose<T: Copy>(
    key: &str,
    value: &str,
    choices: &[(&str, T)],
    hint: &str,
) -> Result<T, String> {
    find(value, choices).ok_or_else(|| refuse(key, value, hint))
}

/// The value whose word is `value` among `choices`; the refusal lists every word
/// (`option `k` cannot be `v`; use one of: a, b`).
pub fn one_of<T: Copy>(key: &str, value: &str, choices: &[(&str, T)]) -> Result<T, String> {
    find(value, choices).ok_or_else(|| {
        let names: Vec<&str> = choices.iter().map(|(n, _)| *n).collect();
        format!(
            "option `{key}` cannot be `{value}`; use one of: {}",
            names.join(", ")
        )
    })
}

/// `value` as a number within `range`, or [`refuse`] with `hint`.
pub fn number<T: FromStr + PartialOrd>(
    key: &str,
    value: &str,
    range: RangeInclusive<T>,
    hint: &str,
) -> Result<T, String> {
    value
        .parse::<T>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| refuse(key, value, hint))
}

/// A ruleset's table options as the command line sets them: one `KEY=VALUE` at a time.
/// [`crate::Ruleset::set_option`] calls [`TableOptions::set`], so a ruleset's options type is
/// the one place that knows its keys.
pub trait TableOptions {
    /// Sets one option, or says why `value` is not a value of `key` (or `key` no option).
    fn set(&mut self, key: &str, value: &str) -> Result<(), String>;
}

/// Options set from `KEY=VALUE` pairs in order, starting from the defaults; the first refusal
/// is the error.
pub fn from_pairs<O: TableOptions + Default>(pairs: &[(&str, &str)]) -> Result<O, String> {
    let mut options = O::default();
    for (key, value) in pairs {
        options.set(key, value)?;
    }
    Ok(options)
}

fn find<T: Copy>(value: &str, choices: &[(&str, T)]) -> Option<T> {
    choices
        .iter()
        .find(|(name, _)| *name == value)
        .map(|(_, v)| *v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_numbers_are_read_or_refused_with_the_key() {
        let yes_no = [("yes", true), ("no", false)];
        assert_eq!(choose("k", "no", &yes_no, "yes or no"), Ok(false));
        assert_eq!(
            one_of("k", "maybe", &yes_no).unwrap_err(),
            "option `k` cannot be `maybe`; use one of: yes, no"
        );
        assert_eq!(number::<u8>("n", "0", 0..=4, "0 to 4"), Ok(0));
        assert_eq!(
            number::<u8>("n", "-1", 0..=4, "0 to 4").unwrap_err(),
            "option `n` cannot be `-1`: use 0 to 4"
        );
        assert!(number::<u8>("n", "300", 0..=255, "a byte").is_err());
    }

    #[derive(Debug, Default, PartialEq)]
    struct Lamp {
        on: bool,
        level: u8,
    }

    impl TableOptions for Lamp {
        fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
            match key {
                "on" => self.on = choose(key, value, &[("yes", true), ("no", false)], "yes or no")?,
                "level" => self.level = number(key, value, 1..=3, "1 to 3")?,
                _ => return Err(format!("unknown option `{key}`")),
            }
            Ok(())
        }
    }

    #[test]
    fn pairs_are_set_in_order_over_the_defaults_and_the_first_refusal_stops() {
        let lamp: Lamp = from_pairs(&[("level", "1"), ("on", "yes"), ("level", "3")]).unwrap();
        assert_eq!(lamp, Lamp { on: true, level: 3 });
        assert_eq!(from_pairs::<Lamp>(&[]), Ok(Lamp::default()));
        assert_eq!(
            from_pairs::<Lamp>(&[("level", "9"), ("colour", "red")]),
            Err("option `level` cannot be `9`: use 1 to 3".to_string())
        );
    }
}
