//! `squadsight arena`: measures one AI level against another over many games and prints the
//! win rate with its 95% interval, game length and decision times — the figures the AI's
//! strength claims rest on.

use crate::cli::ArenaArgs;
use crate::error::CliError;
use crate::rulesets::{RulesetTask, with_ruleset};
use crate::setup;
use indicatif::{ProgressBar, ProgressStyle};
use squadsight_ai::arena::run_arena;
use squadsight_core::Ruleset;
use std::io::{IsTerminal, Write};
use std::sync::Arc;

/// Plays the games and prints the report.
pub fn run(args: ArenaArgs) -> Result<(), CliError> {
    with_ruleset(args.ruleset, Arena { args })
}

struct Arena {
    args: ArenaArgs,
}

impl RulesetTask for Arena {
    type Output = ();

    fn run<R: Ruleset>(self, ruleset: Arc<R>) -> Result<(), CliError> {
        let args = self.args;
        let (scenario, _) = setup::scenario(&*ruleset, args.scenario.as_deref())?;
        let options = setup::options(&*ruleset, &args.options)?;
        let seed = args.seed.unwrap_or_else(setup::random_seed);
        let bar = if std::io::stderr().is_terminal() {
            let bar = ProgressBar::new(u64::from(args.games));
            if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games {elapsed}")
            {
                bar.set_style(style);
            }
            bar
        } else {
            ProgressBar::hidden()
        };
        let report = run_arena(
            &*ruleset,
            &scenario,
            &options,
            args.a,
            args.b,
            args.games,
            seed,
            &mut |done| bar.set_position(u64::from(done)),
        );
        bar.finish_and_clear();
        let mut out = std::io::stdout().lock();
        write!(out, "{report}").map_err(CliError::from)?;
        if report.failed > 0 {
            return Err(CliError::invalid(format!(
                "{} games failed: {}",
                report.failed,
                report.first_failure.unwrap_or_default()
            )));
        }
        Ok(())
    }
}
