//! Disputes as tests: every `tests/disputes/<name>.dispute.ron` names an action of a save (of
//! any ruleset in this build; the save's header says which), an event of that action, what
//! the event must show (text, dice, target, exact chance, outcome, inputs, state changes) and
//! the clause it settles. The save must verify, the clause must exist, and every expectation
//! must hold. The file format is in `docs/FORMATS.md`.

use crate::error::CliError;
use crate::rulesets::{RulesetTask, named, with_ruleset};
use serde::Deserialize;
use squadsight_core::Ruleset;
use squadsight_core::data::parse_ron;
use squadsight_core::save::{self, read_header};
use squadsight_core::trace::{EntryTrace, trace_entry};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One dispute file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Dispute {
    /// The question, in a sentence (for people; not checked).
    question: String,
    /// The save, next to the dispute file.
    save: String,
    /// The disputed action: a log entry, counted from 1.
    action: usize,
    /// Which event of that action.
    event: EventRef,
    /// The clause the dispute settles.
    settles: String,
    /// What the event must show.
    expect: Expect,
}

/// The `occurrence`-th event (from 1) of the action with rule `rule`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EventRef {
    rule: String,
    #[serde(default = "first")]
    occurrence: usize,
}

fn first() -> usize {
    1
}

/// Expectations; each one left out is not checked.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct Expect {
    /// A part of the event's text.
    text: Option<String>,
    /// The dice faces.
    faces: Option<Vec<u8>>,
    /// The target, as the journal writes it (`>=4`, `<=8`).
    target: Option<String>,
    /// The exact chance of success, as a reduced fraction (`1/2`).
    chance: Option<String>,
    /// Whether the roll met its target.
    success: Option<bool>,
    /// Parts of inputs, each found in some input written as `label: value (source)`.
    inputs: Vec<String>,
    /// Parts of state changes, each found in some change as `explain` writes it.
    changes: Vec<String>,
}

fn disputes_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/disputes")
}

/// Checks one dispute; every failed expectation is listed.
fn check(path: &Path) -> Vec<String> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).unwrap_or_default();
    let dispute: Dispute = match parse_ron(&bytes, &name) {
        Ok(d) => d,
        Err(e) => return vec![e.to_string()],
    };
    let save_path = path.with_file_name(&dispute.save);
    let save_bytes = match std::fs::read(&save_path) {
        Ok(b) => b,
        Err(e) => return vec![format!("{name}: {}: {e}", save_path.display())],
    };
    let origin = save_path.display().to_string();
    let header = match read_header(&save_bytes, &origin) {
        Ok(h) => h,
        Err(e) => return vec![e.to_string()],
    };
    let task = CheckWith {
        dispute: &dispute,
        bytes: &save_bytes,
        name: &name,
        origin: &origin,
    };
    named(&header.ruleset)
        .and_then(|id| with_ruleset(id, task))
        .unwrap_or_else(|e| vec![format!("{name}: {e}")])
}

/// [`check_with`] the ruleset the save's header names.
struct CheckWith<'a> {
    dispute: &'a Dispute,
    bytes: &'a [u8],
    name: &'a str,
    origin: &'a str,
}

impl RulesetTask for CheckWith<'_> {
    type Output = Vec<String>;

    fn run<R: Ruleset>(self, ruleset: Arc<R>) -> Result<Vec<String>, CliError> {
        Ok(check_with(
            ruleset,
            self.dispute,
            self.bytes,
            self.name,
            self.origin,
        ))
    }
}

fn check_with<R: Ruleset>(
    ruleset: Arc<R>,
    d: &Dispute,
    bytes: &[u8],
    name: &str,
    origin: &str,
) -> Vec<String> {
    let mut problems = Vec::new();
    let file = match save::load(&*ruleset, bytes, origin) {
        Ok(f) => f,
        Err(e) => return vec![e.to_string()],
    };
    if let Err(e) = save::verify(Arc::clone(&ruleset), file.clone()) {
        problems.push(format!("{name}: the save does not verify: {e}"));
    }
    if ruleset.clause_summary(&d.settles).is_none() {
        problems.push(format!(
            "{name}: `{}` is not a clause of {}",
            d.settles,
            R::ID
        ));
    }
    if d.question.trim().is_empty() {
        problems.push(format!("{name}: the question is empty"));
    }
    let trace = match trace_entry(ruleset, file, d.action.saturating_sub(1), None) {
        Ok(t) => t,
        Err(e) => {
            problems.push(format!("{name}: action {}: {e}", d.action));
            return problems;
        }
    };
    problems.extend(
        expectations(&trace, d)
            .into_iter()
            .map(|p| format!("{name}: {p}")),
    );
    problems
}

fn expectations(trace: &EntryTrace, d: &Dispute) -> Vec<String> {
    let mut problems = Vec::new();
    let Some(traced) = trace
        .events
        .iter()
        .filter(|e| e.event.rule == d.event.rule)
        .nth(d.event.occurrence.saturating_sub(1))
    else {
        let rules: Vec<&str> = trace.events.iter().map(|e| e.event.rule).collect();
        return vec![format!(
            "action {} has no event #{} with rule {} (its rules: {rules:?})",
            d.action, d.event.occurrence, d.event.rule
        )];
    };
    let e = &traced.event;
    let x = &d.expect;
    if let Some(text) = &x.text
        && !e.text.contains(text.as_str())
    {
        problems.push(format!("text `{}` does not contain `{text}`", e.text));
    }
    let roll = e.roll;
    let want_roll =
        x.faces.is_some() || x.target.is_some() || x.chance.is_some() || x.success.is_some();
    match roll {
        None if want_roll => problems.push(format!("`{}` has no roll", e.text)),
        None => {}
        Some(r) => {
            if let Some(faces) = &x.faces
                && r.faces.as_slice() != faces.as_slice()
            {
                problems.push(format!(
                    "faces {:?}, expected {faces:?}",
                    r.faces.as_slice()
                ));
            }
            let target = r.target.map(|t| t.to_string());
            if x.target.is_some() && target != x.target {
                problems.push(format!("target {target:?}, expected {:?}", x.target));
            }
            let chance = r.p.map(|p| format!("{}/{}", p.num(), p.den()));
            if x.chance.is_some() && chance != x.chance {
                problems.push(format!("chance {chance:?}, expected {:?}", x.chance));
            }
            if x.success.is_some() && r.success != x.success {
                problems.push(format!("success {:?}, expected {:?}", r.success, x.success));
            }
        }
    }
    let inputs: Vec<String> = e.inputs.iter().map(ToString::to_string).collect();
    for want in &x.inputs {
        if !inputs.iter().any(|i| i.contains(want.as_str())) {
            problems.push(format!("no input contains `{want}`; inputs: {inputs:#?}"));
        }
    }
    let changes: Vec<String> = trace.changes.iter().map(ToString::to_string).collect();
    for want in &x.changes {
        if !changes.iter().any(|c| c.contains(want.as_str())) {
            problems.push(format!(
                "no change contains `{want}`; changes: {changes:#?}"
            ));
        }
    }
    problems
}

#[test]
fn every_dispute_is_settled_as_recorded() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(disputes_dir())
        .expect("tests/disputes exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".dispute.ron"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 3,
        "expected at least 3 disputes, found {files:?}"
    );
    let problems: Vec<String> = files.iter().flat_map(|f| check(f)).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // Each ruleset keeps at least five real arguments on file.
    for ruleset in ["skirmish", "commander"] {
        let n = files
            .iter()
            .filter(|f| {
                let bytes = std::fs::read(f.with_file_name(save_of(f))).unwrap_or_default();
                read_header(&bytes, "d").is_ok_and(|h| h.ruleset == ruleset)
            })
            .count();
        assert!(n >= 5, "{ruleset} has {n} disputes, expected at least 5");
    }
}

/// The save a dispute file names (empty if it cannot be read).
fn save_of(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap_or_default();
    parse_ron::<Dispute>(&bytes, "d").map_or_else(|_| String::new(), |d| d.save)
}

/// The runner must be able to fail: a dispute with a wrong expectation is reported. A
/// Skirmish dispute and a Commander one: their dice, success, odds, clause, action and inputs
/// are checked (Commander state changes are checked by the Commander disputes that expect
/// some).
#[test]
fn a_wrong_expectation_is_reported() {
    let disputes: [(&str, &[Edit]); 2] = [
        (
            "suppression-stops-an-attack",
            &[
                ("success: Some(true)", "success: Some(false)", "success"),
                ("faces: Some([6])", "faces: Some([5])", "faces"),
                ("chance: Some(\"1/2\")", "chance: Some(\"1/3\")", "chance"),
                (
                    "settles: \"sk.suppression.roll\"",
                    "settles: \"sk.suppression.nope\"",
                    "not a clause",
                ),
                ("action: 74", "action: 73", "has no event"),
                (
                    "2 before the roll",
                    "3 before the roll",
                    "no input contains",
                ),
            ],
        ),
        (
            "commander-armour-stops-a-sniper-hit",
            &[
                ("faces: Some([2, 1])", "faces: Some([1, 2])", "faces"),
                ("chance: Some(\"1/6\")", "chance: Some(\"1/12\")", "chance"),
                ("success: Some(true)", "success: Some(false)", "success"),
                (
                    "settles: \"cmd.sr.armour\"",
                    "settles: \"cmd.sr.armor\"",
                    "not a clause",
                ),
                ("value tested: 4", "value tested: 3", "no input contains"),
                (
                    "damage sequence: armour-save",
                    "damage sequence: literal",
                    "no input contains",
                ),
            ],
        ),
    ];
    for (name, cases) in disputes {
        each_wrong_expectation_is_reported(name, cases);
    }
}

/// An edit of a dispute's expectation `(from, to)` and the complaint it must draw.
type Edit = (&'static str, &'static str, &'static str);

/// Copies dispute `name` and its save to a scratch folder, and for each `(from, to,
/// complaint)` edits the expectation `from` into `to` and checks the runner complains about
/// `complaint`.
fn each_wrong_expectation_is_reported(name: &str, cases: &[Edit]) {
    let dir = tempfile::TempDir::new().unwrap();
    let src = disputes_dir();
    let save = format!("{name}.save.ron");
    std::fs::copy(src.join(&save), dir.path().join(&save)).unwrap();
    let text = std::fs::read_to_string(src.join(format!("{name}.dispute.ron"))).unwrap();
    for &(from, to, complaint) in cases {
        assert!(text.contains(from), "{name}: {from}");
        let path = dir.path().join("wrong.dispute.ron");
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
        let problems = check(&path);
        assert!(
            problems.iter().any(|p| p.contains(complaint)),
            "{name}, {to}: expected a complaint about {complaint}, got {problems:#?}"
        );
    }
}
