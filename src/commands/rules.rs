//! `squadsight rules RULESET [CLAUSE]`: our summary of the rules, or one clause of it.

use crate::error::CliError;
use crate::rulesets::{RulesetId, RulesetTask, with_ruleset};
use squadsight_core::Ruleset;
use std::io::Write;
use std::sync::Arc;

/// Prints the whole summary, or the bullet for one clause (exit 1 if there is none). A clause
/// that no bullet starts with (the second of a grouped bullet, one named in a bold title, or
/// one only mentioned in a bullet) is answered with the summary the ruleset gives it.
pub fn run(ruleset: RulesetId, clause: Option<&str>) -> Result<(), CliError> {
    let (text, summary) = with_ruleset(ruleset, Summary(clause.map(str::to_string)))?;
    let shown = match clause {
        None => text.to_string(),
        Some(id) => {
            let found = clause_text(text, id)
                .or_else(|| summary.map(|s| format!("`{id}` — {s}")))
                .ok_or_else(|| {
                CliError::invalid(format!(
                    "no clause `{id}` in the {} rules (run `squadsight rules {}` for all of them)",
                    ruleset.as_str(),
                    ruleset.as_str()
                ))
            })?;
            format!("{found}\n")
        }
    };
    crate::out::stdout().write_all(shown.as_bytes())?;
    Ok(())
}

/// The whole summary, and the ruleset's own summary of one clause if asked.
struct Summary(Option<String>);

impl RulesetTask for Summary {
    type Output = (&'static str, Option<String>);

    fn run<R: Ruleset>(self, ruleset: Arc<R>) -> Result<Self::Output, CliError> {
        let one = self
            .0
            .and_then(|id| ruleset.clause_summary(&id).map(str::to_string));
        Ok((ruleset.rules_summary(), one))
    }
}

/// The bullet for `id` (a line starting "- `id`"), with any indented lines that continue it,
/// without the leading "- ".
fn clause_text(summary: &str, id: &str) -> Option<String> {
    let marker = format!("- `{id}`");
    let mut lines = summary.lines();
    let first = lines.find(|l| {
        l.trim_start()
            .strip_prefix(&marker)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
    })?;
    let mut text = first.trim_start().trim_start_matches("- ").to_string();
    for more in lines.take_while(|l| l.starts_with("  ") && !l.trim_start().starts_with("- ")) {
        text.push('\n');
        text.push_str(more);
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::clause_text;

    #[test]
    fn finds_one_clause_and_its_continuation() {
        let md = "# R\n\n- `sk.a` — one\n- `sk.ab` — two\n  more of two\n- `sk.c` — three\n";
        assert_eq!(clause_text(md, "sk.a").as_deref(), Some("`sk.a` — one"));
        assert_eq!(
            clause_text(md, "sk.ab").as_deref(),
            Some("`sk.ab` — two\n  more of two")
        );
        assert_eq!(clause_text(md, "sk"), None);
        assert_eq!(clause_text(md, "sk.d"), None);
    }
}
