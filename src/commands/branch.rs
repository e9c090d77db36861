//! `squadsight branch SAVE --at N [--save PATH]`: a new game that continues from just before
//! action N of a save ("what if I had done something else here"). Its header records the
//! parent save, the branch point and the parent's chain link there, and it verifies on its
//! own.

use super::load_save;
use crate::cli::BranchArgs;
use crate::error::CliError;
use crate::rulesets::{self, RulesetTask, with_ruleset};
use crate::store;
use squadsight_core::save::{self, read_header};
use squadsight_core::{Decision, Ruleset};
use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

/// Writes the branch and says where it is and who decides next.
pub fn run(args: &BranchArgs) -> Result<(), CliError> {
    let bytes = store::read_file(&args.save)?;
    let origin = args.save.display().to_string();
    let header = read_header(&bytes, &origin).map_err(|e| CliError::input(e.to_string()))?;
    let id = rulesets::named(&header.ruleset)?;
    let target = args.out.clone().unwrap_or_else(|| default_path(args));
    if !args.force && fs::symlink_metadata(&target).is_ok() {
        return Err(CliError::input(format!(
            "{} already exists; choose another --save PATH, or add --force to overwrite it",
            target.display()
        )));
    }
    let message = with_ruleset(
        id,
        Branch {
            bytes: &bytes,
            origin: &origin,
            at: args.at,
            target: &target,
        },
    )?;
    writeln!(crate::out::stdout(), "{message}")?;
    Ok(())
}

/// `NAME-branch-N.ron` in the data folder's `saves/`, where the menu's Load lists it.
fn default_path(args: &BranchArgs) -> PathBuf {
    let stem = args
        .save
        .file_stem()
        .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
    store::data_dir()
        .join("saves")
        .join(format!("{stem}-branch-{}.ron", args.at))
}

struct Branch<'a> {
    bytes: &'a [u8],
    origin: &'a str,
    at: u32,
    target: &'a std::path::Path,
}

impl RulesetTask for Branch<'_> {
    type Output = String;

    fn run<R: Ruleset>(self, ruleset: Arc<R>) -> Result<String, CliError> {
        let file = load_save(&*ruleset, self.bytes, self.origin)?;
        let len = file.log.len();
        let keep = usize::try_from(self.at)
            .unwrap_or(usize::MAX)
            .saturating_sub(1);
        if keep > len {
            return Err(CliError::input(format!(
                "--at {}: {} has {len} actions, so a branch can start at 1 to {}",
                self.at,
                self.origin,
                len + 1
            )));
        }
        let scenario = file.scenario.clone();
        let game = save::branch(ruleset, file, keep, self.origin)
            .map_err(|e| CliError::invalid(format!("{}: {e}", self.origin)))?;
        let text = save::to_ron(&game).map_err(|e| CliError::invalid(e.to_string()))?;
        if let Some(dir) = self.target.parent().filter(|d| !d.as_os_str().is_empty()) {
            fs::create_dir_all(dir)
                .map_err(|e| CliError::input(format!("{}: {e}", dir.display())))?;
        }
        store::write_atomic(self.target, text.as_bytes())?;
        let next = match game.to_act() {
            Decision::Act(seat) => format!(
                "{seat} ({}) decides next",
                game.ruleset().seat_name(&scenario, seat)
            ),
            Decision::Over(o) => format!("the game is already over: {}", o.reason),
        };
        Ok(format!(
            "wrote {}: a new game with the first {keep} of {len} actions of {}; {next}\n\
             (in the data folder's saves/ the menu's Load finds it to play on; \
             `squadsight replay` opens it anywhere, `squadsight verify` checks it)",
            self.target.display(),
            self.origin
        ))
    }
}
