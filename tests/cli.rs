//! The `squadsight` binary end to end: exit codes (0 ok, 1 verification or validation
//! failure, 2 usage error or unreadable input), no panic on hostile files, tamper detection,
//! and the commands' output formats.

use assert_cmd::Command;
use std::fs;
use std::path::{Path, PathBuf};
use tempfile::TempDir;

fn squadsight() -> Command {
    Command::cargo_bin("squadsight").unwrap()
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str], dir: &Path) -> Run {
    let out = squadsight().args(args).current_dir(dir).output().unwrap();
    let run = Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(
        !run.stderr.contains("panicked"),
        "squadsight {args:?} panicked:\n{}",
        run.stderr
    );
    run
}

/// One finished AI game's save, written by `sim --save-dir`.
fn a_save(dir: &Path, seed: u64) -> PathBuf {
    let out = dir.join(format!("saves-{seed}"));
    let seed = seed.to_string();
    let r = run(
        &[
            "sim",
            "skirmish",
            "--games",
            "1",
            "--seed",
            &seed,
            "--ai",
            "random",
            "--save-dir",
            out.to_str().unwrap(),
        ],
        dir,
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let file = fs::read_dir(&out).unwrap().next().unwrap().unwrap();
    file.path()
}

#[test]
fn no_arguments_prints_help() {
    let dir = TempDir::new().unwrap();
    let r = run(&[], dir.path());
    assert_eq!(r.code, 0);
    for command in [
        "play",
        "sim",
        "verify",
        "log",
        "scenarios",
        "check",
        "rules",
    ] {
        assert!(r.stdout.contains(command), "{}", r.stdout);
    }
}

#[test]
fn usage_errors_exit_2() {
    let dir = TempDir::new().unwrap();
    for args in [
        &["--bogus"][..],
        &["play"],
        &["play", "chess"],
        &["play", "skirmish", "--seed", "minus-one"],
        &["play", "skirmish", "--seat", "2=robot"],
        &["play", "skirmish", "--seat", "9=human"],
        &["play", "skirmish", "--option", "no-such-option=1"],
        &["play", "skirmish", "--option", "detection"],
        &["play", "skirmish", "--scenario", "no-such-scenario"],
        &["sim", "skirmish", "--games", "0"],
        &["sim", "skirmish", "--ai", "expert"],
        &["log", "x.ron", "--seat", "0"],
        &["rules"],
        &["verify"],
    ] {
        let r = run(args, dir.path());
        assert_eq!(r.code, 2, "squadsight {args:?}: {}", r.stderr);
        assert!(
            !r.stderr.trim().is_empty(),
            "squadsight {args:?} says nothing"
        );
    }
}

#[test]
fn rulesets_not_in_this_build_say_so() {
    let dir = TempDir::new().unwrap();
    for id in ["commander", "tactical", "boardgame"] {
        let r = run(&["rules", id], dir.path());
        assert_eq!(r.code, 2);
        assert!(r.stderr.contains("not in this build yet"), "{}", r.stderr);
    }
}

#[test]
fn hostile_files_exit_2_with_a_message() {
    let dir = TempDir::new().unwrap();
    let save = fs::read(a_save(dir.path(), 3)).unwrap();
    let files = [
        ("truncated.ron", save[..save.len() / 2].to_vec()),
        ("nested.ron", "[".repeat(10_000).into_bytes()),
        (
            "nested-in-a-save.ron",
            format!("(format: 1, log: {}", "[".repeat(10_000)).into_bytes(),
        ),
        (
            "junk.ron",
            (0..4096u32).map(|i| (i * 7919 % 251) as u8).collect(),
        ),
        ("empty.ron", Vec::new()),
    ];
    for (name, bytes) in &files {
        fs::write(dir.path().join(name), bytes).unwrap();
    }
    let big = fs::File::create(dir.path().join("big.ron")).unwrap();
    big.set_len(17 * 1024 * 1024).unwrap();
    let names: Vec<&str> = files
        .iter()
        .map(|(n, _)| *n)
        .chain(["big.ron", "missing.ron"])
        .collect();
    for command in ["check", "verify", "log"] {
        for name in &names {
            let r = run(&[command, name], dir.path());
            assert_eq!(r.code, 2, "{command} {name}: {}{}", r.stdout, r.stderr);
            assert!(
                r.stderr.starts_with("error: "),
                "{command} {name}: {}",
                r.stderr
            );
            assert!(r.stderr.contains(name), "{command} {name}: {}", r.stderr);
        }
    }
    let r = run(&["verify", "big.ron"], dir.path());
    assert!(r.stderr.contains("16 MiB"), "{}", r.stderr);
    let r = run(&["verify", "truncated.ron"], dir.path());
    let location = r.stderr.trim_start_matches("error: truncated.ron:");
    let mut parts = location.splitn(3, ':');
    let line: usize = parts.next().unwrap().parse().unwrap();
    let col: usize = parts.next().unwrap().parse().unwrap();
    assert!(line > 1 && col > 0, "{}", r.stderr);
}

#[test]
fn a_finished_game_verifies_checks_and_logs() {
    let dir = TempDir::new().unwrap();
    let save = a_save(dir.path(), 11);
    let path = save.to_str().unwrap();
    let r = run(&["verify", path], dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("ok: "), "{}", r.stdout);
    assert!(r.stdout.contains(" actions, final hash "), "{}", r.stdout);
    let r = run(&["check", path], dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("ok: skirmish save"), "{}", r.stdout);

    let r = run(&["log", path], dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.lines().count() > 5);

    let r = run(&["log", path, "--json"], dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mut rolls = 0;
    for (i, text) in r.stdout.lines().enumerate() {
        let v: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(v["seq"], i, "{text}");
        for key in ["round", "seat", "rule", "kind", "text"] {
            assert!(v.get(key).is_some(), "no {key} in {text}");
        }
        assert!(v["rule"].as_str().unwrap().starts_with("sk.") || v["rule"] == "core.undo");
        if v["kind"] == "roll" {
            rolls += 1;
            for key in [
                "dice", "faces", "total", "target", "p", "p_exact", "success",
            ] {
                assert!(v.get(key).is_some(), "no {key} in {text}");
            }
            if let Some(p) = v["p"].as_f64() {
                assert!((0.0..=1.0).contains(&p));
                let (n, d) = v["p_exact"].as_str().unwrap().split_once('/').unwrap();
                let (n, d): (f64, f64) = (n.parse().unwrap(), d.parse().unwrap());
                assert!((n / d - p).abs() < 1e-12);
            }
        }
        if v["kind"] == "draw" {
            assert!(v.get("deck").is_some() && v.get("card").is_some(), "{text}");
        }
    }
    assert!(rolls > 0, "a whole game without a die roll?");

    // A seat's view never shows more than the referee's, and hides some card.
    let referee = run(&["log", path, "--json"], dir.path()).stdout;
    let seat1 = run(&["log", path, "--json", "--seat", "1"], dir.path()).stdout;
    assert!(seat1.lines().count() <= referee.lines().count());
    assert_ne!(seat1, referee, "seat 1 sees exactly what the referee sees");
    let r = run(&["log", path, "--seat", "3"], dir.path());
    assert_eq!(r.code, 2);
}

/// The first log entry whose action holds a number, and a copy of the save with that
/// number's last digit changed by one (so it stays a valid number of the same type).
fn tamper_one_byte(text: &str) -> (usize, String) {
    let mut entry = 0;
    let mut at = 0;
    while let Some(found) = text[at..].find(['A', 'U']) {
        let start = at + found;
        let rest = &text[start..];
        if rest.starts_with("Undo(") {
            entry += 1;
        } else if rest.starts_with("Act(") {
            let action_start = start + rest.find("action: ").unwrap();
            let action_end = start + rest.find("state: \"").unwrap();
            let action = &text[action_start..action_end];
            if let Some(first_digit) = action.find(|c: char| c.is_ascii_digit()) {
                let digits = action[first_digit..]
                    .find(|c: char| !c.is_ascii_digit())
                    .unwrap_or(action.len() - first_digit);
                let last = action_start + first_digit + digits - 1;
                let mut bytes = text.as_bytes().to_vec();
                bytes[last] = b'0' + ((bytes[last] - b'0') ^ 1);
                return (entry + 1, String::from_utf8(bytes).unwrap());
            }
            entry += 1;
        }
        at = start + 1;
    }
    panic!("no action with a number in the save");
}

#[test]
fn one_changed_byte_in_an_action_is_named_by_verify() {
    let dir = TempDir::new().unwrap();
    let save = a_save(dir.path(), 21);
    let text = fs::read_to_string(&save).unwrap();
    let (entry, tampered) = tamper_one_byte(&text);
    assert_eq!(
        text.bytes()
            .zip(tampered.bytes())
            .filter(|(a, b)| a != b)
            .count(),
        1
    );
    fs::write(dir.path().join("tampered.ron"), tampered).unwrap();
    let r = run(&["verify", "tampered.ron"], dir.path());
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr.contains(&format!("action {entry} "))
            || r.stderr.contains(&format!("entry {entry}:")),
        "expected entry {entry} to be named: {}",
        r.stderr
    );
    let r = run(&["check", "tampered.ron"], dir.path());
    assert_eq!(r.code, 1, "{}", r.stderr);
}

#[test]
fn a_changed_seed_breaks_the_header() {
    let dir = TempDir::new().unwrap();
    let save = a_save(dir.path(), 31);
    let text = fs::read_to_string(&save).unwrap();
    fs::write(
        dir.path().join("reseeded.ron"),
        text.replacen("seed: 31,", "seed: 32,", 1),
    )
    .unwrap();
    let r = run(&["verify", "reseeded.ron"], dir.path());
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("header hash does not match"),
        "{}",
        r.stderr
    );
}

#[test]
fn rules_prints_one_clause() {
    let dir = TempDir::new().unwrap();
    let r = run(&["rules", "skirmish", "sk.attack.range"], dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("`sk.attack.range` — "), "{}", r.stdout);
    assert_eq!(r.stdout.lines().count(), 1, "{}", r.stdout);
    let r = run(&["rules", "skirmish", "sk.no.such-clause"], dir.path());
    assert_eq!(r.code, 1);
    let r = run(&["rules", "skirmish"], dir.path());
    assert_eq!(r.code, 0);
    assert!(r.stdout.contains("`sk.attack.range`"));
}

#[test]
fn scenarios_are_listed_and_check_clean() {
    let dir = TempDir::new().unwrap();
    let r = run(&["scenarios"], dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("skirmish:\n"), "{}", r.stdout);
    assert!(r.stdout.contains("(default)"));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = fs::read_dir(root.join("scenarios/skirmish"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for file in &files {
        let r = run(&["check", file.to_str().unwrap()], dir.path());
        assert_eq!(r.code, 0, "{}: {}", file.display(), r.stderr);
        assert!(
            r.stdout.starts_with("ok: skirmish scenario"),
            "{}",
            r.stdout
        );
    }
    let rules = root.join("rulesets/skirmish/rules.ron");
    let r = run(&["check", rules.to_str().unwrap()], dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "ok: skirmish rules data\n");
}

#[test]
fn an_invalid_scenario_lists_its_problems() {
    let dir = TempDir::new().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let learning = fs::read_to_string(root.join("scenarios/skirmish/learning.ron")).unwrap();
    let first_unit = learning.find("unit: \"").unwrap() + "unit: \"".len();
    let broken = format!(
        "{}no-such-unit-{}",
        &learning[..first_unit],
        &learning[first_unit..]
    );
    fs::write(dir.path().join("broken.ron"), broken).unwrap();
    let r = run(&["check", "broken.ron"], dir.path());
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("no-such-unit-"), "{}", r.stderr);
}

#[test]
fn sim_reports_results_as_json() {
    let dir = TempDir::new().unwrap();
    let r = run(
        &[
            "sim", "skirmish", "--games", "3", "--seed", "5", "--ai", "random", "--json",
        ],
        dir.path(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["games"], 3);
    assert_eq!(v["first_seed"], 5);
    let wins: u64 = v["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .sum();
    assert_eq!(
        wins + v["draws"].as_u64().unwrap() + v["unfinished"].as_u64().unwrap(),
        3
    );
    assert!(v["mean_actions"].as_f64().unwrap() > 0.0);
    let again = run(
        &[
            "sim", "skirmish", "--games", "3", "--seed", "5", "--ai", "random", "--json",
        ],
        dir.path(),
    );
    let w: serde_json::Value = serde_json::from_str(again.stdout.trim()).unwrap();
    assert_eq!(
        (&v["wins"], &v["mean_actions"]),
        (&w["wins"], &w["mean_actions"]),
        "same seeds, same games"
    );
}

#[test]
fn play_reads_choices_saves_and_autosaves() {
    let dir = TempDir::new().unwrap();
    let out = squadsight()
        .args([
            "play",
            "skirmish",
            "--seed",
            "9",
            "--seat",
            "1=human",
            "--seat",
            "2=ai:random",
            "--save",
            "end.ron",
        ])
        .current_dir(dir.path())
        .env("SQUADSIGHT_HOME", dir.path().join("home"))
        .write_stdin("1\nnonsense\n1\nq\n")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("seed 9"), "{stdout}");
    assert!(stdout.contains("Not understood"), "{stdout}");
    let r = run(&["verify", "end.ron"], dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(dir.path().join("home/autosave-1.ron").exists());
    let r = run(&["verify", "home/autosave-1.ron"], dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
}

#[test]
fn bare_command_without_a_terminal_prints_help() {
    let dir = TempDir::new().unwrap();
    let r = run(&[], dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("Usage: squadsight"), "{}", r.stdout);
}

#[test]
fn replay_needs_a_terminal_and_says_so() {
    let dir = TempDir::new().unwrap();
    let r = run(&["replay", "missing.ron"], dir.path());
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("needs a terminal"), "{}", r.stderr);
}

#[test]
fn arena_reports_a_win_rate_with_its_interval() {
    let dir = TempDir::new().unwrap();
    let r = run(
        &[
            "arena", "skirmish", "--games", "2", "--a", "greedy", "--b", "random", "--seed", "1",
        ],
        dir.path(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("greedy vs random, 2 games"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("95% Wilson interval"), "{}", r.stdout);
}
