//! `squadsight scenarios [RULESET]`: the built-in scenarios.

use crate::error::CliError;
use crate::rulesets::{RulesetId, RulesetTask, with_ruleset};
use squadsight_core::Ruleset;
use std::io::Write;
use std::sync::Arc;

/// Lists one ruleset's scenarios, or every built ruleset's.
pub fn run(ruleset: Option<RulesetId>) -> Result<(), CliError> {
    let ids: Vec<RulesetId> = match ruleset {
        Some(id) => vec![id],
        None => RulesetId::ALL.to_vec(),
    };
    let mut text = String::new();
    for id in ids {
        text.push_str(&with_ruleset(id, List)?);
    }
    crate::out::stdout().write_all(text.as_bytes())?;
    Ok(())
}

struct List;

impl RulesetTask for List {
    type Output = String;

    fn run<R: Ruleset>(self, ruleset: Arc<R>) -> Result<String, CliError> {
        let mut text = format!("{}:\n", R::ID);
        let width = ruleset
            .scenarios()
            .iter()
            .map(|s| s.id.len())
            .max()
            .unwrap_or(0);
        for (i, s) in ruleset.scenarios().iter().enumerate() {
            let default = if i == 0 { "  (default)" } else { "" };
            text.push_str(&format!("  {:<width$}  {}{default}\n", s.id, s.title));
        }
        Ok(text)
    }
}
