//! Our one-line summary of each Commander clause, read from `docs/rules/commander.md`, for
//! `explain`, the replay viewer and the rules browser.
//!
//! The page writes a rule as a bullet whose head names one or more clause IDs in backticks,
//! then ` — ` and our summary, often wrapped over several indented lines; a few bullets name
//! their clauses in a bold title instead (`- **Title (cmd.x, cmd.y).** text`). Every clause a
//! bullet's head names gets that bullet's text, with the line breaks folded into spaces.

use std::collections::BTreeMap;

/// The page the summaries come from.
pub(crate) const RULES_PAGE: &str = include_str!("../../../docs/rules/commander.md");

/// Clause ID → our summary.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Summaries(BTreeMap<String, String>);

impl Summaries {
    /// Reads every bullet of `page`: the first bullet whose head names a clause gives its
    /// summary; a clause no head names takes the text of the first bullet that mentions it.
    pub(crate) fn parse(page: &str) -> Summaries {
        let mut map = BTreeMap::new();
        let bullets = bullets(page);
        for bullet in &bullets {
            let Some((head, text)) = split(bullet) else {
                continue;
            };
            for id in clause_ids(head) {
                map.entry(id.to_string())
                    .or_insert_with(|| text.to_string());
            }
        }
        for bullet in &bullets {
            let Some((_, text)) = split(bullet) else {
                continue;
            };
            for id in clause_ids(bullet) {
                map.entry(id.to_string())
                    .or_insert_with(|| text.to_string());
            }
        }
        Summaries(map)
    }

    /// The summary of `clause`, if the page has one.
    pub(crate) fn get(&self, clause: &str) -> Option<&str> {
        self.0.get(clause).map(String::as_str)
    }
}

/// Each top-level bullet with its wrapped lines joined by single spaces.
fn bullets(page: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for line in page.lines() {
        if let Some(rest) = line.strip_prefix("- ") {
            out.push(rest.trim().to_string());
            open = true;
        } else if open && line.starts_with("  ") && !line.trim().is_empty() {
            if let Some(last) = out.last_mut() {
                last.push(' ');
                last.push_str(line.trim());
            }
        } else {
            open = false;
        }
    }
    out
}

/// A bullet's head (where its clause IDs are) and its summary text.
fn split(bullet: &str) -> Option<(&str, &str)> {
    if let Some(rest) = bullet.strip_prefix("**") {
        let end = rest.find("**")?;
        let text = rest[end + 2..].trim();
        return Some((&rest[..end], text)).filter(|(_, t)| !t.is_empty());
    }
    let (head, text) = bullet.split_once(" — ")?;
    Some((head, text.trim())).filter(|(_, t)| !t.is_empty())
}

/// The `cmd.*` IDs written in `text`: clauses, and gaps (whose text is our decision).
fn clause_ids(head: &str) -> impl Iterator<Item = &str> {
    head.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '-' || c == '_'))
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| w.starts_with("cmd.") && w.len() > 4)
}

#[cfg(test)]
mod tests {
    use super::{RULES_PAGE, Summaries};

    #[test]
    fn grouped_and_wrapped_bullets_give_every_named_clause_its_text() {
        let page = "# Rules\n\n- `cmd.a.one`, `cmd.a.two` — Both rules\n  wrap here.\n- **Title (cmd.b.three, cmd.gap.4).** Bold form.\n\nProse `cmd.c.four` — not a bullet.\n";
        let s = Summaries::parse(page);
        assert_eq!(s.get("cmd.a.one"), Some("Both rules wrap here."));
        assert_eq!(s.get("cmd.a.two"), Some("Both rules wrap here."));
        assert_eq!(s.get("cmd.b.three"), Some("Bold form."));
        assert_eq!(s.get("cmd.gap.4"), Some("Bold form."));
        assert_eq!(s.get("cmd.c.four"), None);
    }

    /// Every clause the program cites (in code and so in the journal) has our summary, so
    /// `squadsight rules commander <id>` answers it (issue 12 item 16; cmd.general.common-sense:
    /// the page is where players look a ruling up).
    #[test]
    fn every_clause_the_code_cites_is_summarised() {
        let s = Summaries::parse(RULES_PAGE);
        let mut missing = Vec::new();
        let mut stack = vec![std::path::PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src"
        ))];
        while let Some(dir) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in entries.flatten() {
                let path = e.path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                if path.ends_with("summary.rs") {
                    // This file's own tests use made-up ids.
                    continue;
                }
                let Ok(text) = std::fs::read_to_string(&path) else {
                    continue;
                };
                for piece in text.split('"').skip(1).step_by(2) {
                    let id = piece.trim();
                    let clause = id.starts_with("cmd.")
                        && id.len() > 4
                        && id
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-')
                        && !id.ends_with('.');
                    if clause && s.get(id).is_none() && !missing.contains(&id.to_string()) {
                        missing.push(id.to_string());
                    }
                }
            }
        }
        missing.sort();
        assert!(missing.is_empty(), "no summary for {missing:?}");
    }

    /// Every clause of the index has our summary on the rules page (cmd.general.common-sense:
    /// the page is where players look a ruling up).
    #[test]
    fn the_rules_page_summarises_the_journalled_clauses() {
        let s = Summaries::parse(RULES_PAGE);
        for id in [
            "cmd.prep.two-squads-equal-points",
            "cmd.round.draw-die",
            "cmd.test.roll",
            "cmd.ai.d6-action",
            "cmd.pep.matrix",
            "cmd.gap.26",
            "cmd.gap.36",
        ] {
            assert!(s.get(id).is_some_and(|t| !t.contains('\n')), "{id}");
        }
    }
}
