//! "What changed": a diff of two lists of state lines ([`crate::Ruleset::state_lines`]).
//!
//! State lines are `subject: facts`, one subject per line, in a stable order. Lines are paired
//! by subject (the text before the first `": "`, or the whole line), so a unit that moved shows
//! as one changed line rather than a removal and an addition.
//!
//! ```
//! use squadsight_core::diff::{Change, diff_lines};
//! let before = ["phase: Tactical".to_string(), "unit 1: hex 2,3".into()];
//! let after = ["phase: Move and Fire".to_string(), "unit 1: hex 2,3".into()];
//! let changes = diff_lines(&before, &after);
//! assert_eq!(changes.len(), 1);
//! assert_eq!(changes[0].to_string(), "~ phase: Move and Fire (was Tactical)");
//! ```

use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

/// One difference between two lists of state lines.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case", tag = "change")]
pub enum Change {
    /// A subject that is new.
    Added {
        /// The new line.
        line: String,
    },
    /// A subject that is gone.
    Removed {
        /// The old line.
        line: String,
    },
    /// A subject whose facts changed.
    Changed {
        /// The old line.
        before: String,
        /// The new line.
        after: String,
    },
}

impl fmt::Display for Change {
    /// `+ line`, `- line`, or `~ subject: new facts (was old facts)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Change::Added { line } => write!(f, "+ {line}"),
            Change::Removed { line } => write!(f, "- {line}"),
            Change::Changed { before, after } => {
                let (subject, old) = split(before);
                let (_, new) = split(after);
                match (old, new) {
                    (Some(old), Some(new)) => write!(f, "~ {subject}: {new} (was {old})"),
                    _ => write!(f, "~ {after} (was {before})"),
                }
            }
        }
    }
}

/// The subject of a line and its facts, if it has the `subject: facts` form.
fn split(line: &str) -> (&str, Option<&str>) {
    match line.split_once(": ") {
        Some((subject, facts)) => (subject, Some(facts)),
        None => (line, None),
    }
}

/// A line's key: its subject and how many earlier lines had the same subject (so that
/// repeated subjects still pair up in order).
type Key<'a> = (&'a str, usize);

fn keys(lines: &[String]) -> Vec<Key<'_>> {
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    lines
        .iter()
        .map(|line| {
            let subject = split(line).0;
            let n = seen.entry(subject).or_insert(0);
            *n += 1;
            (subject, *n - 1)
        })
        .collect()
}

/// The changes that turn `before` into `after`, in reading order: lines are paired by
/// subject; a subject in both with different text is [`Change::Changed`], one only in
/// `after` is [`Change::Added`], one only in `before` is [`Change::Removed`] (listed where it
/// used to be). Identical lines give nothing.
pub fn diff_lines(before: &[String], after: &[String]) -> Vec<Change> {
    let (kb, ka) = (keys(before), keys(after));
    let in_after: BTreeMap<Key<'_>, usize> = ka.iter().enumerate().map(|(i, k)| (*k, i)).collect();
    let in_before: BTreeMap<Key<'_>, usize> = kb.iter().enumerate().map(|(i, k)| (*k, i)).collect();
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < before.len() || j < after.len() {
        // Old subjects that are gone come out where they stood.
        if i < before.len() && !in_after.contains_key(&kb[i]) {
            out.push(Change::Removed {
                line: before[i].clone(),
            });
            i += 1;
            continue;
        }
        // Old subjects already paired with an earlier new line are done.
        if i < before.len() && in_after.get(&kb[i]).is_some_and(|&at| at < j) {
            i += 1;
            continue;
        }
        let Some(new) = after.get(j) else {
            i += 1;
            continue;
        };
        match in_before.get(&ka[j]) {
            None => out.push(Change::Added { line: new.clone() }),
            Some(&at) if before[at] != *new => out.push(Change::Changed {
                before: before[at].clone(),
                after: new.clone(),
            }),
            Some(_) => {}
        }
        if i < before.len() && kb[i] == ka[j] {
            i += 1;
        }
        j += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        text.lines().map(str::to_string).collect()
    }

    #[test]
    fn nothing_changes_nothing() {
        let a = lines("a: 1\nb: 2");
        assert!(diff_lines(&a, &a).is_empty());
        assert!(diff_lines(&[], &[]).is_empty());
    }

    #[test]
    fn pairs_by_subject_and_keeps_reading_order() {
        let before = lines("phase: Tactical\nunit 1: hex 1,1\nunit 2: hex 2,2\nhand 1: 3 cards");
        let after = lines("phase: End\nunit 1: hex 1,1\nhand 1: 4 cards\nhand 2: 1 card");
        let got: Vec<String> = diff_lines(&before, &after)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            got,
            [
                "~ phase: End (was Tactical)",
                "- unit 2: hex 2,2",
                "~ hand 1: 4 cards (was 3 cards)",
                "+ hand 2: 1 card",
            ]
        );
    }

    #[test]
    fn lines_without_a_subject_and_repeated_subjects() {
        let before = lines("game over\nnote: x\nnote: y");
        let after = lines("note: x\nnote: z\nnote: w");
        assert_eq!(
            diff_lines(&before, &after),
            [
                Change::Removed {
                    line: "game over".into()
                },
                Change::Changed {
                    before: "note: y".into(),
                    after: "note: z".into()
                },
                Change::Added {
                    line: "note: w".into()
                },
            ]
        );
    }

    #[test]
    fn every_line_is_accounted_for() {
        // Reordered subjects: each one is still reported once at most, and applying the
        // changes by subject gives `after`'s set of lines.
        let before = lines("a: 1\nb: 2\nc: 3\nd: 4");
        let after = lines("d: 4\nc: 30\ne: 5\na: 1");
        let changes = diff_lines(&before, &after);
        let mut set: BTreeMap<String, String> = before
            .iter()
            .map(|l| (split(l).0.to_string(), l.clone()))
            .collect();
        for c in &changes {
            match c {
                Change::Added { line } => {
                    set.insert(split(line).0.to_string(), line.clone());
                }
                Change::Removed { line } => {
                    set.remove(split(line).0);
                }
                Change::Changed { after, .. } => {
                    set.insert(split(after).0.to_string(), after.clone());
                }
            }
        }
        let mut want: Vec<String> = after.clone();
        want.sort();
        let got: Vec<String> = set.into_values().collect();
        assert_eq!(got, want);
        assert_eq!(changes.len(), 3, "{changes:?}");
    }
}
