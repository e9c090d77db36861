//! Golden replays: recorded games under `tests/golden/` that must still verify exactly, state
//! hash by state hash. A change to the rules (or rules data, or the engine's randomness) that
//! would play a past game differently fails here, so it can only happen deliberately: see
//! "Golden replays" in `docs/FORMATS.md` for how to re-record one.

use crate::error::CliError;
use crate::rulesets::{RulesetTask, named, with_ruleset};
use squadsight_core::Ruleset;
use squadsight_core::game::LogEntry;
use squadsight_core::save::{self, read_header};
use squadsight_core::{Decision, Journal};
use squadsight_skirmish::Skirmish;
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn golden_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("tests/golden exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
}

/// Replays one golden save of ruleset `R` with a recording journal and checks it: every
/// state hash and link, a finished game, the seed reveal, and a byte-identical re-save.
fn check<R: Ruleset>(ruleset: Arc<R>, path: &Path, bytes: &[u8]) -> Result<usize, String> {
    let origin = path.display().to_string();
    let file = save::load(&*ruleset, bytes, &origin).map_err(|e| e.to_string())?;
    let text = file.to_ron().map_err(|e| e.to_string())?;
    if text.as_bytes() != bytes {
        return Err(format!(
            "{origin}: loading and saving again changes the file"
        ));
    }
    let entries = file.log.len();
    let game =
        save::replay(ruleset, file, Journal::recording()).map_err(|e| format!("{origin}: {e}"))?;
    if !matches!(game.to_act(), Decision::Over(_)) {
        return Err(format!(
            "{origin}: a golden replay should be a finished game"
        ));
    }
    // Every clause the journal cites has our one-line summary (what `explain` shows).
    let game_ruleset = game.ruleset();
    for e in game.journal().events() {
        if squadsight_core::trace::summary_for(game_ruleset, e.rule).is_none() {
            return Err(format!(
                "{origin}: event {} cites `{}`, which has no summary",
                e.seq, e.rule
            ));
        }
    }
    let last = game.journal().events().last().map(|e| e.rule);
    if last != Some(squadsight_core::seed::REVEAL_RULE) {
        return Err(format!(
            "{origin}: the journal does not end with the seed reveal"
        ));
    }
    let acts = game
        .log()
        .iter()
        .filter(|e| matches!(e, LogEntry::Act { .. }))
        .count();
    if acts == 0 || game.log().len() != entries {
        return Err(format!(
            "{origin}: the replay kept {} of {entries} entries",
            game.log().len()
        ));
    }
    Ok(entries)
}

/// [`check`] of one golden save, for whichever ruleset its header names.
struct Check<'a> {
    path: &'a Path,
    bytes: &'a [u8],
}

impl RulesetTask for Check<'_> {
    type Output = Result<usize, String>;

    fn run<R: Ruleset>(self, ruleset: Arc<R>) -> Result<Self::Output, CliError> {
        Ok(check(ruleset, self.path, self.bytes))
    }
}

#[test]
fn every_golden_replay_still_verifies() {
    let files = golden_files();
    let mut per_ruleset = std::collections::BTreeMap::new();
    let mut problems = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let origin = path.display().to_string();
        let header = match read_header(&bytes, &origin) {
            Ok(h) => h,
            Err(e) => {
                problems.push(e.to_string());
                continue;
            }
        };
        let result = named(&header.ruleset)
            .and_then(|id| {
                with_ruleset(
                    id,
                    Check {
                        path,
                        bytes: &bytes,
                    },
                )
            })
            .unwrap_or_else(|e| Err(format!("{origin}: {e}")));
        match result {
            Ok(_) => *per_ruleset.entry(header.ruleset.clone()).or_insert(0) += 1,
            Err(e) => problems.push(e),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(
        per_ruleset.get("skirmish").is_some_and(|n| *n >= 1),
        "no Skirmish golden replay in {files:?}"
    );
    assert!(
        per_ruleset.get("commander").is_some_and(|n| *n >= 2),
        "Commander needs a battle in AI mode and one between players in {files:?}"
    );
    assert!(
        per_ruleset.get("tactical").is_some_and(|n| *n >= 3),
        "Tactical needs its 2-, 3- and 4-seat games in {files:?}"
    );
}

/// Every save format this build reads is covered: the format 1 and 2 goldens prove that old
/// saves still replay unchanged.
#[test]
fn golden_replays_cover_every_readable_format() {
    let formats: std::collections::BTreeSet<u32> = golden_files()
        .iter()
        .map(|p| read_header(&std::fs::read(p).unwrap(), "g").unwrap().format)
        .collect();
    let want: std::collections::BTreeSet<u32> =
        (save::OLDEST_FORMAT..=save::FORMAT_VERSION).collect();
    assert_eq!(formats, want);
}

/// A one-digit change in a golden action is caught. Both Skirmish goldens used here are format
/// 3 (word hash) since their re-recording for issue 12; the FNV-1a (format 2) case is left to
/// the Commander format 2 goldens' replays.
#[test]
fn a_golden_replay_catches_a_changed_action() {
    for name in ["learning-seed-7", "learning-format3-seed-9"] {
        let path = golden_files()
            .into_iter()
            .find(|p| p.to_string_lossy().contains(name))
            .expect("the golden");
        let text = std::fs::read_to_string(&path).unwrap();
        let from = "action: FreeMove(";
        let at = text.find(from).expect("a free move") + from.len();
        let digit = text[at..].find(|c: char| c.is_ascii_digit()).unwrap() + at;
        let mut bytes = text.into_bytes();
        bytes[digit] = if bytes[digit] == b'9' {
            b'8'
        } else {
            bytes[digit] + 1
        };
        let sk = Skirmish::new().unwrap();
        let file = save::load(&sk, &bytes, "g.ron").unwrap();
        assert!(save::verify(Arc::new(sk), file).is_err(), "{name}");
    }
}

/// A format 4 golden cut short (its last entry, its last five, or its whole log deleted from
/// the file) fails to verify: the trailer records the length and the final link.
#[test]
fn a_golden_cut_short_fails_to_verify() {
    let path = golden_files()
        .into_iter()
        .find(|p| p.to_string_lossy().contains("learning-format4"))
        .expect("the format 4 golden");
    let text = std::fs::read_to_string(&path).unwrap();
    let sk = Arc::new(Skirmish::new().unwrap());
    let whole = save::load(&*sk, text.as_bytes(), "g.ron").unwrap();
    for cut in [1, 5, whole.log.len()] {
        let mut file = whole.clone();
        file.log.truncate(whole.log.len() - cut);
        // Written out and read back, as an edited file would be.
        let edited = file.to_ron().unwrap();
        let file = save::load(&*sk, edited.as_bytes(), "g.ron").unwrap();
        let err = save::verify(Arc::clone(&sk), file).unwrap_err();
        assert!(err.to_string().contains("trailer"), "cut {cut}: {err}");
    }
}
