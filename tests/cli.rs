//! The `squadsight` binary end to end: exit codes (0 ok, 1 verification or validation
//! failure, 2 usage error or unreadable input), no panic on hostile files, tamper detection,
//! and the commands' output formats.

use crate::support::{plays, refused, run, run_words, succeeds, typed};
use std::fs;
use std::path::{Path, PathBuf};
use tempfile::TempDir;

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
fn rules_answers_every_clause_the_commander_journal_cites() {
    // Issue 12 item 16: `cmd.sr.phantom` is cited by the code and the journal but is only the
    // second clause of a grouped bullet or mentioned in one; `rules` must still answer it.
    let dir = TempDir::new().unwrap();
    for id in [
        "cmd.sr.phantom",
        "cmd.act.attack.two",
        "cmd.ai.difficulty.easy",
        "cmd.sr.sniper",
    ] {
        let r = run(&["rules", "commander", id], dir.path());
        assert_eq!(r.code, 0, "{id}: {}", r.stderr);
        assert!(
            r.stdout.starts_with(&format!("`{id}`")),
            "{id}: {}",
            r.stdout
        );
    }
    let r = run_words("rules commander cmd.sr.nonesuch", dir.path());
    assert_ne!(r.code, 0);
}

#[test]
fn every_ruleset_is_in_this_build() {
    let dir = TempDir::new().unwrap();
    for (id, clause) in [
        ("tactical", "tac.game.rounds"),
        ("boardgame", "bg.round.sequence"),
    ] {
        let r = run(&["rules", id, clause], dir.path());
        assert_eq!(r.code, 0, "{id}: {}", r.stderr);
        assert!(!r.stdout.trim().is_empty(), "{id}: no summary");
    }
}

#[test]
fn boardgame_plays_plain_with_the_time_left_and_the_save_verifies() {
    let dir = TempDir::new().unwrap();
    succeeds(
        &["rules", "boardgame", "bg.app.alien-expiry-hold"],
        dir.path(),
        &["EXPIRED"],
    );
    // Setup, briefing, then DONE on the first two actions (listed once, stamped when picked).
    plays(
        "play boardgame --plain --seed 5 --save bg.ron",
        dir.path(),
        "1\n1\n1\n1\nq\n",
        &[
            "Central Officer (seat 1): human",
            "Squad Leader (seat 4): human",
            "s left)",
            "bg.app.actions",
        ],
    );
    let r = run_words("verify bg.ron", dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
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
    let r = run_words("verify big.ron", dir.path());
    assert!(r.stderr.contains("16 MiB"), "{}", r.stderr);
    let r = run_words("verify truncated.ron", dir.path());
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
        let rule = v["rule"].as_str().unwrap();
        assert!(
            rule.starts_with("sk.") || rule.starts_with("core."),
            "{rule}"
        );
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
    let r = run_words("verify tampered.ron", dir.path());
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr.contains(&format!("action {entry} "))
            || r.stderr.contains(&format!("entry {entry}:")),
        "expected entry {entry} to be named: {}",
        r.stderr
    );
    let r = run_words("check tampered.ron", dir.path());
    assert_eq!(r.code, 1, "{}", r.stderr);
}

#[test]
fn a_changed_seed_is_named_by_verify() {
    let dir = TempDir::new().unwrap();
    let save = a_save(dir.path(), 31);
    let text = fs::read_to_string(&save).unwrap();
    fs::write(
        dir.path().join("reseeded.ron"),
        text.replacen("seed: 31,", "seed: 32,", 1),
    )
    .unwrap();
    refused(
        &["verify", "reseeded.ron"],
        dir.path(),
        1,
        &["header field `seed` (32) does not match"],
    );
}

#[test]
fn rules_prints_one_clause() {
    let dir = TempDir::new().unwrap();
    let r = run_words("rules skirmish sk.attack.range", dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("`sk.attack.range` — "), "{}", r.stdout);
    assert_eq!(r.stdout.lines().count(), 1, "{}", r.stdout);
    let r = run_words("rules skirmish sk.no.such-clause", dir.path());
    assert_eq!(r.code, 1);
    succeeds(&["rules", "skirmish"], dir.path(), &["`sk.attack.range`"]);
}

#[test]
fn scenarios_are_listed_and_check_clean() {
    let dir = TempDir::new().unwrap();
    let r = run_words("scenarios", dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("commander:\n"), "{}", r.stdout);
    assert!(r.stdout.contains("\nskirmish:\n"), "{}", r.stdout);
    assert!(r.stdout.contains("(default)"));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for id in ["skirmish", "commander"] {
        let mut files: Vec<PathBuf> = fs::read_dir(root.join("scenarios").join(id))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert!(!files.is_empty());
        for file in &files {
            let r = run(&["check", file.to_str().unwrap()], dir.path());
            assert_eq!(r.code, 0, "{}: {}", file.display(), r.stderr);
            assert!(
                r.stdout.starts_with(&format!("ok: {id} scenario")),
                "{}",
                r.stdout
            );
        }
    }
    for file in [
        "units",
        "weapons",
        "equipment",
        "ai_cards",
        "rewards",
        "operations",
    ] {
        let path = root.join(format!("rulesets/commander/{file}.ron"));
        let r = run(&["check", path.to_str().unwrap()], dir.path());
        assert_eq!(r.code, 0, "{file}: {}", r.stderr);
        assert_eq!(r.stdout, format!("ok: commander rules data ({file}.ron)\n"));
    }
    // A broken Commander data file names itself, with line and column.
    let units = fs::read_to_string(root.join("rulesets/commander/units.ron")).unwrap();
    let broken = dir.path().join("units.ron");
    fs::write(&broken, units.replacen("Plasma Rifle", "Plasmx Rifle", 1)).unwrap();
    let r = refused(
        &["check", broken.to_str().unwrap()],
        dir.path(),
        1,
        &["units.ron:", "Plasmx Rifle"],
    );
    assert!(
        !r.stderr.contains("rulesets/commander/units.ron"),
        "{}",
        r.stderr
    );
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
    refused(&["check", "broken.ron"], dir.path(), 1, &["no-such-unit-"]);
}

#[test]
fn sim_reports_results_as_json() {
    let dir = TempDir::new().unwrap();
    let r = run_words(
        "sim skirmish --games 3 --seed 5 --ai random --json",
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
    let again = run_words(
        "sim skirmish --games 3 --seed 5 --ai random --json",
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
    let played = plays(
        "play skirmish --seed 9 --seat 1=human --seat 2=ai:random --save end.ron",
        dir.path(),
        "1\nnonsense\n1\nq\n",
        // The seed stays hidden behind its commitment until the game ends.
        &["seed commitment", "Not understood"],
    );
    let stdout = &played.stdout;
    assert!(!stdout.contains("seed 9"), "{stdout}");
    let r = run_words("verify end.ron", dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
    // Autosaves go to the full-screen UI's folder, one set per game, and the player is told.
    assert!(
        stdout.contains("Autosaved after every action to "),
        "{stdout}"
    );
    let autosaves: Vec<PathBuf> = fs::read_dir(dir.path().join("home/autosaves"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with("-1.ron"))
        .collect();
    assert_eq!(autosaves.len(), 1, "{autosaves:?}");
    let r = run(&["verify", autosaves[0].to_str().unwrap()], dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
}

#[test]
fn plain_play_shows_the_board_the_hand_the_rules_and_what_is_asked() {
    let dir = TempDir::new().unwrap();
    let played = plays(
        "play skirmish --seed 9 --seat 1=human --seat 2=ai:random --plain",
        dir.path(),
        "map\nhand\nrules\nhelp\nq\n",
        &[],
    );
    let stdout = &played.stdout;
    // The prompt says what is asked (a discard says how many cards).
    let asked = stdout
        .lines()
        .find(|l| l.contains("(seat 1) to act: "))
        .unwrap_or_else(|| panic!("no prompt with its question: {stdout}"));
    assert!(asked.len() > "X-Com (seat 1) to act: ".len(), "{asked}");
    // map: units, deck and tokens, one fact a line, no hand.
    assert!(stdout.contains("\n  unit "), "{stdout}");
    assert!(stdout.contains("\n  deck: "), "{stdout}");
    // hand: the player's own cards by name, and only a count of the other hand.
    let hands: Vec<&str> = stdout
        .lines()
        .filter(|l| l.trim_start_matches("> ").starts_with("  hand "))
        .collect();
    assert_eq!(hands.len(), 2, "{stdout}");
    assert!(hands.iter().any(|l| l.contains(" — ")), "{hands:?}");
    // rules and help.
    assert!(stdout.contains("map (or m) shows the board"), "{stdout}");
    assert!(stdout.lines().count() > 30, "{stdout}");
}

#[test]
fn log_numbers_each_event_with_the_action_verify_and_explain_count() {
    let dir = TempDir::new().unwrap();
    let save = a_save(dir.path(), 11);
    let path = save.to_str().unwrap();
    let r = run(&["verify", path], dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
    let actions: usize = r
        .stdout
        .strip_prefix("ok: ")
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{}", r.stdout));
    let r = run(&["log", path], dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mut lines = r.stdout.lines();
    let header = lines.next().unwrap();
    assert!(header.trim_start().starts_with("action event"), "{header}");
    let numbers: Vec<usize> = lines
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(numbers.first(), Some(&0), "the setup is action 0");
    assert!(numbers.windows(2).all(|w| w[0] <= w[1]), "in order");
    assert_eq!(numbers.last(), Some(&actions), "{}", r.stdout);
    // explain counts the same actions: the last exists, the one after does not.
    let last = actions.to_string();
    let r = run(&["explain", path, "--at", &last], dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
    let after = (actions + 1).to_string();
    let r = run(&["explain", path, "--at", &after], dir.path());
    assert_eq!(r.code, 2, "{}", r.stdout);
    // JSON lines carry the same number.
    let r = run(&["log", path, "--json"], dir.path());
    let last: serde_json::Value = serde_json::from_str(r.stdout.lines().last().unwrap()).unwrap();
    assert_eq!(last["action"], actions);
}

#[test]
fn bare_command_without_a_terminal_prints_help() {
    let dir = TempDir::new().unwrap();
    succeeds(&[], dir.path(), &["Usage: squadsight"]);
}

#[test]
fn arena_reports_a_win_rate_with_its_interval() {
    let dir = TempDir::new().unwrap();
    let r = run_words(
        "arena skirmish --games 2 --a greedy --b random --seed 1",
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

// ---- Replays that settle disputes: explain, branch, per-seat logs, tamper evidence. ----

/// A golden replay (see `tests/golden.rs`), copied into `dir`.
fn golden(dir: &Path, name: &str) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    let dst = dir.join(name);
    fs::copy(src, &dst).unwrap();
    dst
}

const SEED_7: &str = "skirmish-learning-seed-7.ron";

#[test]
fn explain_traces_one_action_as_text_and_json() {
    let dir = TempDir::new().unwrap();
    golden(dir.path(), SEED_7);
    // Action 74: a Thin Man's shot stopped by X-Com's suppression roll.
    let r = run(&["explain", SEED_7, "--at", "74"], dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
    insta::assert_snapshot!("explain_suppression_text", r.stdout);
    let r = run(&["explain", SEED_7, "--at", "74", "--json"], dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
    insta::assert_snapshot!("explain_suppression_json", r.stdout);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let roll = v["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["rule"] == "sk.suppression.roll")
        .unwrap();
    assert_eq!(roll["p_exact"], "1/2");
    assert!(roll["summary"].as_str().unwrap().contains("4, 5 or 6"));
    assert!(!roll["inputs"].as_array().unwrap().is_empty());
    // A finished game's last action reveals the seed.
    succeeds(
        &["explain", SEED_7, "--at", "117"],
        dir.path(),
        &["core.seed.reveal"],
    );
}

#[test]
fn explain_refuses_actions_that_do_not_exist() {
    let dir = TempDir::new().unwrap();
    golden(dir.path(), SEED_7);
    for (at, code) in [("0", 2), ("118", 2), ("x", 2)] {
        let r = run(&["explain", SEED_7, "--at", at], dir.path());
        assert_eq!(r.code, code, "--at {at}: {}", r.stderr);
    }
    let r = run(&["explain", SEED_7, "--at", "118"], dir.path());
    assert!(r.stderr.contains("there is no action 118"), "{}", r.stderr);
}

#[test]
fn explain_as_a_seat_hides_the_other_hand() {
    let dir = TempDir::new().unwrap();
    golden(dir.path(), SEED_7);
    // Action 1 of this game is a Tactical draw for X-Com (seat 1).
    let referee = run(&["explain", SEED_7, "--at", "2", "--json"], dir.path()).stdout;
    let aliens = run(
        &["explain", SEED_7, "--at", "2", "--json", "--seat", "2"],
        dir.path(),
    )
    .stdout;
    let referee: serde_json::Value = serde_json::from_str(&referee).unwrap();
    let aliens: serde_json::Value = serde_json::from_str(&aliens).unwrap();
    let hand = |v: &serde_json::Value| -> Vec<String> {
        v["changes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.to_string())
            .filter(|c| c.contains("hand X-Com"))
            .collect()
    };
    assert_eq!(aliens["viewer"], 2);
    // The referee sees X-Com's cards by name; the Aliens' view only the count.
    for c in hand(&referee) {
        assert!(c.contains('—'), "{c}");
    }
    for c in hand(&aliens) {
        assert!(!c.contains('—'), "{c}");
    }
}

#[test]
fn log_seat_shows_exactly_what_that_seat_may_see() {
    use squadsight_core::journal::Visibility;
    use squadsight_core::{Journal, Seat};
    let dir = TempDir::new().unwrap();
    let path = golden(dir.path(), SEED_7);
    let sk = squadsight_skirmish::Skirmish::new().unwrap();
    let file = squadsight_core::save::load(&sk, &fs::read(&path).unwrap(), "g").unwrap();
    let game =
        squadsight_core::save::replay(std::sync::Arc::new(sk), file, Journal::recording()).unwrap();
    for seat in [0u8, 1] {
        let out = run(
            &["log", SEED_7, "--json", "--seat", &(seat + 1).to_string()],
            dir.path(),
        );
        assert_eq!(out.code, 0, "{}", out.stderr);
        let shown: Vec<serde_json::Value> = out
            .stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let expected: Vec<_> = game
            .journal()
            .events()
            .iter()
            .filter_map(|e| e.view(Some(Seat(seat))).map(|v| (e, v)))
            .collect();
        assert_eq!(shown.len(), expected.len(), "seat {}", seat + 1);
        let mut hidden_cards = 0;
        for (line, (full, seen)) in shown.iter().zip(&expected) {
            assert_eq!(line["seq"], full.seq);
            assert_eq!(line["text"], seen.text.to_string());
            let hidden = matches!(full.visibility, Visibility::Seats(s) if !s.contains(Seat(seat)));
            if hidden && let Some(card) = &full.card {
                // A card this seat may not see never appears, by name or in inputs.
                hidden_cards += 1;
                assert_eq!(line["card"], "hidden", "{line}");
                assert!(
                    !line.to_string().contains(&format!("\"{}\"", card.card)),
                    "{line}"
                );
                assert!(line.get("inputs").is_none(), "{line}");
            }
        }
        assert!(
            hidden_cards > 0,
            "seat {} never had a card hidden",
            seat + 1
        );
    }
}

#[test]
fn branch_writes_a_new_game_that_records_its_parent_and_verifies() {
    let dir = TempDir::new().unwrap();
    golden(dir.path(), SEED_7);
    let r = run(
        &["branch", SEED_7, "--at", "74", "--save", "what-if.ron"],
        dir.path(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("the first 73 of 117 actions"),
        "{}",
        r.stdout
    );
    let text = fs::read_to_string(dir.path().join("what-if.ron")).unwrap();
    assert!(
        text.contains(&format!("file: \"{SEED_7}\",\n    action: 73,")),
        "{text}"
    );
    let r = succeeds(&["verify", "what-if.ron"], dir.path(), &["ok: 73 actions"]);
    assert!(
        r.stdout
            .contains(&format!("branched from {SEED_7} after its entry 73"))
    );
    // The branch point is part of the header: moving it is caught.
    fs::write(
        dir.path().join("moved.ron"),
        text.replacen("action: 73,", "action: 72,", 1),
    )
    .unwrap();
    refused(
        &["verify", "moved.ron"],
        dir.path(),
        1,
        &["header hash does not match"],
    );
    // By default the branch goes where the menu's Load finds it; a branch past the end is
    // refused.
    let r = run(&["branch", SEED_7, "--at", "1"], dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        dir.path()
            .join("home/saves/skirmish-learning-seed-7-branch-1.ron")
            .exists(),
        "{}",
        r.stdout
    );
    let r = run(&["branch", SEED_7, "--at", "119"], dir.path());
    assert_eq!(r.code, 2, "{}", r.stderr);
}

/// `text` with the `n`-th (from 0) occurrence of `field: "<16 hex>"` changed in one digit.
fn change_hash(text: &str, field: &str, n: usize) -> String {
    let key = format!("{field}: \"");
    let at = text.match_indices(&key).nth(n).unwrap().0 + key.len();
    let mut bytes = text.as_bytes().to_vec();
    bytes[at] = if bytes[at] == b'0' { b'1' } else { b'0' };
    String::from_utf8(bytes).unwrap()
}

#[test]
fn verify_names_where_each_kind_of_edit_is() {
    let dir = TempDir::new().unwrap();
    let path = golden(dir.path(), SEED_7);
    let text = fs::read_to_string(&path).unwrap();
    succeeds(
        &["verify", SEED_7],
        dir.path(),
        &["seed 7 matches its commitment"],
    );
    let cases: Vec<(&str, String, &str)> = vec![
        ("state", change_hash(&text, "state", 4), "action 5 ("),
        (
            "link",
            change_hash(&text, "link", 9),
            "the hash chain breaks at entry 10:",
        ),
        (
            "header",
            change_hash(&text, "header_hash", 0),
            "the header hash does not match",
        ),
        (
            "commitment",
            change_hash(&text, "seed_commitment", 0),
            "header field `seed_commitment`",
        ),
        (
            "seed",
            text.replacen("seed: 7,", "seed: 8,", 1),
            "header field `seed` (8)",
        ),
        ("data", change_hash(&text, "data_hash", 0), "rules data"),
        (
            "engine",
            text.replacen("engine: \"0.1.0\"", "engine: \"7.0.0\"", 1),
            "engine 7.0.0, which this build (engine 0.1.0)",
        ),
        (
            "format",
            text.replacen("format: 3,", "format: 9,", 1),
            "format version 9, but this build reads only format versions 3 to 4",
        ),
    ];
    for (what, tampered, named) in cases {
        assert_ne!(tampered, text, "{what}");
        fs::write(dir.path().join("t.ron"), tampered).unwrap();
        refused(&["verify", "t.ron"], dir.path(), 1, &[named]);
    }
    // A changed link alone breaks the chain there and nowhere else; the game still replays.
    fs::write(dir.path().join("t.ron"), change_hash(&text, "link", 9)).unwrap();
    let r = run_words("verify t.ron", dir.path());
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
}

#[test]
fn a_changed_action_is_named_as_both_divergence_and_broken_link() {
    let dir = TempDir::new().unwrap();
    let path = golden(dir.path(), SEED_7);
    let text = fs::read_to_string(&path).unwrap();
    let (entry, tampered) = tamper_one_byte(&text);
    fs::write(dir.path().join("t.ron"), tampered).unwrap();
    let r = run_words("verify t.ron", dir.path());
    assert_eq!(r.code, 1, "{}", r.stderr);
    let named = r.stderr.contains(&format!("action {entry} ("));
    let illegal = r.stderr.contains("is illegal");
    assert!(named, "{}", r.stderr);
    if !illegal {
        // A legal but different action: its state and its link both differ.
        assert!(
            r.stderr
                .contains(&format!("the hash chain breaks at entry {entry}:")),
            "{}",
            r.stderr
        );
    }
}

#[test]
fn an_old_format_save_still_verifies() {
    let dir = TempDir::new().unwrap();
    let name = "skirmish-learning-format3-seed-9.ron";
    golden(dir.path(), name);
    succeeds(&["verify", name], dir.path(), &["matches its commitment"]);
}

/// cmd.ai.difficulty, cmd.ai.availability: `--seat 2=ai:impossible` hands Commander's seat 2
/// to the rulebook's AI mode at that difficulty, and the game says so.
#[test]
fn commander_seat_in_ai_mode_is_named_with_its_difficulty() {
    let dir = TempDir::new().unwrap();
    let played = plays(
        "play commander --plain --seed 4 --seat 2=ai:impossible",
        dir.path(),
        "q\n",
        &["ADVENT (seat 2): the rulebook's AI mode (impossible)"],
    );
    let stdout = &played.stdout;
    assert!(!stdout.contains("AI (random)"), "{stdout}");
}

/// Issue 17: a timed input is listed with the time left as the list is printed (the timer's
/// full reading when it is just shown), not "0 s left", and the journal records the seconds
/// left when it was picked.
#[test]
fn boardgame_plain_lists_timed_inputs_with_the_time_actually_left() {
    let dir = TempDir::new().unwrap();
    let played = plays(
        "play boardgame --plain --seed 5",
        dir.path(),
        "1\n1\n1\n1\nq\n",
        &[],
    );
    let stdout = &played.stdout;
    assert!(!stdout.contains("with 0 s left"), "{stdout}");
    // Each listing of DONE carries the seconds the prompt offers.
    let mut listed = 0;
    let lines: Vec<&str> = stdout.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let Some(secs) = line
            .trim()
            .strip_prefix("(you have ")
            .and_then(|t| t.strip_suffix(" seconds)"))
        else {
            continue;
        };
        let done = lines[..i]
            .iter()
            .rev()
            .take_while(|l| !l.contains("to act"))
            .find(|l| l.contains("DONE"))
            .unwrap_or_else(|| panic!("no DONE listed before line {i}:\n{stdout}"));
        assert!(
            done.contains(&format!("{secs} s left")),
            "{done} / {secs}:\n{stdout}"
        );
        listed += 1;
    }
    assert!(listed >= 2, "{stdout}");
}

/// Issue 12 item 3, from `check`: a scenario with a field the program does not know is named
/// as a scenario of its own ruleset with that field at its line and column, not as a save
/// lacking `format`, nor as the other ruleset's scenario.
#[test]
fn check_names_an_unknown_scenario_field_not_a_missing_save_header() {
    let dir = TempDir::new().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (id, file) in [("commander", "battle"), ("skirmish", "basic")] {
        let text = fs::read_to_string(root.join(format!("scenarios/{id}/{file}.ron"))).unwrap();
        let open = text.find("\n(\n").expect("a struct opens the file") + 3;
        let bad = format!("{}    bribe: 1,\n{}", &text[..open], &text[open..]);
        let path = dir.path().join(format!("{id}.ron"));
        fs::write(&path, bad).unwrap();
        // Both rulesets' scenario readings stop at the same field; the ruleset whose scenario
        // format knows the file's other top-level fields is the one named.
        let named = format!("(read as a {id} scenario;");
        let args = ["check", path.to_str().unwrap()];
        let r = refused(&args, dir.path(), 2, &["bribe", &named]);
        assert!(!r.stderr.contains("missing field `format`"), "{}", r.stderr);
    }
}

/// The board game is cooperative (bg.role.set): its `--plain` prompt names the one shared view,
/// not a map and a hand, and never asks to hand the keyboard between its human seats.
#[test]
fn boardgame_plain_prompt_is_for_one_shared_table() {
    let dir = TempDir::new().unwrap();
    let played = plays(
        "play boardgame --plain --seed 5",
        dir.path(),
        "help\nview\n1\n1\nq\n",
        &["Squad Leader (seat 4): human"],
    );
    let stdout = &played.stdout;
    assert!(!stdout.contains("Hand the keyboard"), "{stdout}");
    assert!(!stdout.contains("map, hand"), "{stdout}");
    assert!(
        stdout.contains("view (or m) shows the game's state"),
        "{stdout}"
    );
}

// ---- The line-by-line replay (`replay --plain`, and `replay` without a terminal). ----

const TACTICAL: &str = "tactical-assault-format4-seed-9.ron";

/// How often `needle` occurs in `text`.
fn count(text: &str, needle: &str) -> usize {
    text.matches(needle).count()
}

/// The line `log` prints for event `seq`, without its action column: the replay prints
/// events exactly as `log` does.
fn log_line(dir: &Path, save: &str, seq: u32) -> String {
    let log = run(&["log", save], dir);
    assert_eq!(log.code, 0, "{}", log.stderr);
    let line = log
        .stdout
        .lines()
        .find(|l| {
            l.get(7..)
                .is_some_and(|e| e.trim_start().starts_with(&format!("{seq} ")))
        })
        .unwrap_or_else(|| panic!("no event {seq} in the log"));
    line[7..].to_string()
}

#[test]
fn plain_replay_of_a_tactical_game_steps_jumps_shows_the_state_and_quits() {
    let dir = TempDir::new().unwrap();
    golden(dir.path(), TACTICAL);
    // Enter twice, back one, jump to 49 (round 2's initiative rolls), the state there, an
    // action that does not exist, quit; what follows `q` is never read.
    let r = typed(
        &["replay", "--plain", TACTICAL],
        dir.path(),
        "\n\nb\n49\nv\n9999\nq\n\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let out = &r.stdout;
    assert!(
        out.contains(&format!(
            "Replay of {TACTICAL} - tactical, seed 9, 318 actions."
        )),
        "{out}"
    );
    // The replay's own lines (help, headings) are plain ASCII for screen readers and pipes.
    for l in out
        .lines()
        .filter(|l| l.contains("action ") || l.contains("Enter: "))
    {
        assert!(l.is_ascii(), "not ASCII: {l}");
    }
    assert!(out.contains("Enter: next action; b: back one;"), "{out}");
    // The setup first, with its rolls (tac.game.initiative, d100 with its exact odds).
    assert!(out.contains("action 0 of 318 - the setup"), "{out}");
    assert!(
        out.contains("needs >=18 (83.0% (83/100)): failure"),
        "{out}"
    );
    // Action 1, then 2, then 1 again (b): who acted and what they did (tac.move.turn-90).
    assert_eq!(
        count(out, "action 1 of 318 - round 1 - seat 1 (X-Com)"),
        2,
        "{out}"
    );
    assert_eq!(
        count(out, "action 2 of 318 - round 1 - seat 1 (X-Com)"),
        1,
        "{out}"
    );
    assert_eq!(count(out, "  X-Com Troop #4 turns W (1 TU)\n"), 2, "{out}");
    assert!(out.contains("tac.move.turn-90"), "{out}");
    // The jump: action 49 is the Aliens' last of round 1 and round 2's initiative is rolled; each roll line
    // is the one `log` prints, with rule, dice, target and exact p.
    assert!(
        out.contains("action 49 of 318 - round 1 - seat 2 (Aliens)"),
        "{out}"
    );
    let roll = log_line(dir.path(), TACTICAL, 103);
    assert!(roll.contains("tac.game.initiative"), "{roll}");
    assert!(
        roll.contains("[d100: 69 = 69, needs >=72 (29.0% (29/100)): failure]"),
        "{roll}"
    );
    assert!(out.contains(&format!("  {roll}\n")), "{out}");
    // The state after action 49 (the ruleset's state lines).
    let state = out
        .split("the state after action 49:\n")
        .nth(1)
        .unwrap_or_else(|| panic!("{out}"));
    assert!(state.contains("  round: 2 of at most 12"), "{state}");
    assert!(state.contains("  unit 1 X-Com Troop #1: "), "{state}");
    assert!(
        out.contains("There is no action 9999; this save has actions 0 (the setup) to 318."),
        "{out}"
    );
    // Nothing after `q`: no action 50.
    assert!(!out.contains("action 50 of"), "{out}");
}

#[test]
fn plain_replay_of_a_skirmish_game_shows_rolls_state_and_the_end() {
    let dir = TempDir::new().unwrap();
    golden(dir.path(), SEED_7);
    let r = typed(
        &["replay", "--plain", SEED_7],
        dir.path(),
        "b\n74\nv\nb\n117\n\nq\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let out = &r.stdout;
    assert!(
        out.contains("This is the setup; there is nothing before it."),
        "{out}"
    );
    // Action 74: a Thin Man's attack stopped by the suppression roll (sk.suppression.roll).
    assert!(
        out.contains("action 74 of 117 - round 7 - seat 2 (Aliens)"),
        "{out}"
    );
    assert!(out.contains("\n  attack Squaddie #0 (X-Com)\n"), "{out}");
    let roll = log_line(dir.path(), SEED_7, 170);
    assert!(roll.contains("sk.suppression.roll"), "{roll}");
    assert!(roll.contains("needs >=4 (50.0% (1/2))"), "{roll}");
    assert!(out.contains(&format!("  {roll}\n")), "{out}");
    let state = out
        .split("the state after action 74:\n")
        .nth(1)
        .unwrap_or_else(|| panic!("{out}"));
    assert!(state.contains("  active side: Aliens"), "{state}");
    // Back one, then the last action (the seed revealed), then past the end.
    assert!(out.contains("action 73 of 117"), "{out}");
    assert!(out.contains("action 117 of 117"), "{out}");
    assert!(out.contains("core.seed.reveal"), "{out}");
    assert!(
        out.contains("That was the last action; the game ended: "),
        "{out}"
    );
}

#[test]
fn replay_without_a_terminal_is_the_plain_replay_for_every_ruleset() {
    let dir = TempDir::new().unwrap();
    for save in [
        TACTICAL,
        SEED_7,
        "commander-battle-ai-mode-seed-21.ron",
        "boardgame-easy-untimed-random-seed-5.ron",
    ] {
        golden(dir.path(), save);
        // No terminal: the replay reads its keys from standard input; the end of input ends it.
        let r = typed(&["replay", save], dir.path(), "1\n");
        assert_eq!(r.code, 0, "{save}: {}", r.stderr);
        assert!(
            r.stdout.contains(&format!("Replay of {save} - ")),
            "{}",
            r.stdout
        );
        assert!(r.stdout.contains("action 1 of "), "{save}: {}", r.stdout);
        assert!(!r.stdout.contains("unknown ruleset"), "{}", r.stdout);
    }
    // A save that is not there, or not a save, is a usage error.
    refused(&["replay", "missing.ron"], dir.path(), 2, &["missing.ron"]);
}

#[test]
fn plain_replay_never_prints_hostile_text_raw() {
    let dir = TempDir::new().unwrap();
    golden(dir.path(), SEED_7);
    let evil_name = "evil\u{1b}]0;PWNED\u{7}.ron";
    fs::copy(dir.path().join(SEED_7), dir.path().join(evil_name)).unwrap();
    let raw = |text: &str| {
        text.chars()
            .find(|&c| c.is_control() && c != '\n' && c != '\t')
    };
    // A hostile file name, and a hostile key typed at the prompt, are shown escaped.
    let r = typed(
        &["replay", "--plain", evil_name],
        dir.path(),
        "\u{1b}[2J\nq\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(raw(&r.stdout), None, "{}", r.stdout);
    assert!(
        r.stdout.contains("Replay of evil\\u{1b}]0;PWNED\\u{7}.ron"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("Unknown key `\\u{1b}[2J`."),
        "{}",
        r.stdout
    );
    // A hostile side name in a save is refused where it stands, and not echoed raw.
    let text = fs::read_to_string(dir.path().join(SEED_7)).unwrap();
    let evil = text.replacen("name: \"X-Com\"", "name: \"X\\u{1b}]0;PWNED\\u{7}\"", 1);
    assert_ne!(evil, text);
    fs::write(dir.path().join("side.ron"), evil).unwrap();
    let r = typed(&["replay", "--plain", "side.ron"], dir.path(), "\n");
    assert_ne!(r.code, 0, "{}", r.stdout);
    assert_eq!(raw(&r.stdout), None, "{}", r.stdout);
    assert_eq!(raw(&r.stderr), None, "{}", r.stderr);
}

/// In a terminal (a pseudo-terminal made by util-linux `script`), a ruleset with no
/// full-screen view is replayed and played line by line, each saying so in one line first.
#[cfg(target_os = "linux")]
#[test]
fn in_a_terminal_a_ruleset_without_a_view_is_replayed_and_played_line_by_line() {
    let dir = TempDir::new().unwrap();
    golden(dir.path(), TACTICAL);
    let bin = assert_cmd::cargo::cargo_bin("squadsight");
    let in_terminal = |args: &str, input: &str| {
        let out = assert_cmd::Command::new("script")
            .args(["-qec", &format!("{} {args}", bin.display()), "/dev/null"])
            .current_dir(dir.path())
            .env("SQUADSIGHT_HOME", dir.path().join("home"))
            .timeout(std::time::Duration::from_secs(120))
            .write_stdin(input)
            .output()
            .expect("util-linux `script` runs the binary in a pseudo-terminal");
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert_eq!(out.status.code(), Some(0), "{args}: {text}");
        text
    };
    let replay = in_terminal(&format!("replay {TACTICAL}"), "1\nq\n");
    assert!(
        replay.contains(
            "The full-screen replay viewer has no tactical view in this build yet; replaying line by line."
        ),
        "{replay}"
    );
    assert!(replay.contains("action 1 of 318 - round 1"), "{replay}");
    let play = in_terminal("play tactical --seed 3 --seat 2=human", "q\n");
    assert!(
        play.contains(
            "The full-screen UI has no tactical view in this build yet; playing line by line."
        ),
        "{play}"
    );
    assert!(
        play.contains("squadsight tactical - scenario assault"),
        "{play}"
    );
}
