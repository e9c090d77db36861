//! Nothing lost, nothing injected: hostile strings, unknown fields, nonsense values, FIFOs,
//! saves written after every action, failing autosaves, two games in one data folder, and
//! branches that would overwrite a file.

use crate::support::{Run, refused, run, run_words, squadsight, typed_words};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};
use tempfile::TempDir;

/// Neither output holds a raw control character other than a line break.
fn assert_no_raw_controls(r: &Run, what: &str) {
    for (name, text) in [("stdout", &r.stdout), ("stderr", &r.stderr)] {
        let bad = text
            .chars()
            .find(|&c| c.is_control() && c != '\n' && c != '\t');
        assert!(
            bad.is_none(),
            "{what}: raw {bad:?} on {name}: {:?}",
            &text[..text.len().min(400)]
        );
    }
}

fn golden(dir: &Path, name: &str) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    let dst = dir.join(name);
    fs::copy(src, &dst).unwrap();
    dst
}

const SEED_7: &str = "skirmish-learning-seed-7.ron";
const HOSTILE: &str = "X\\u{1b}]0;PWNED\\u{7}\\u{1b}[2J";

fn learning() -> String {
    fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/skirmish/learning.ron"),
    )
    .unwrap()
}

#[test]
fn control_characters_in_a_scenario_are_refused_at_their_place() {
    let dir = TempDir::new().unwrap();
    let text = learning().replacen("name: \"X-Com\"", &format!("name: \"{HOSTILE}\""), 1);
    fs::write(dir.path().join("evil.ron"), &text).unwrap();
    let r = refused(
        &["check", "evil.ron"],
        dir.path(),
        1,
        &["evil.ron:27:", "control character U+001B"],
    );
    assert_no_raw_controls(&r, "check");
    // Played or simulated, the scenario is refused too, and nothing raw reaches the terminal.
    for args in [
        &["sim", "skirmish", "--scenario", "evil.ron", "--games", "1"][..],
        &["play", "skirmish", "--scenario", "evil.ron", "--plain"],
    ] {
        let r = run(args, dir.path());
        assert_ne!(r.code, 0, "{args:?}");
        assert!(r.stderr.contains("evil.ron:27:"), "{args:?}: {}", r.stderr);
        assert_no_raw_controls(&r, "sim/play");
    }
}

/// The same holds for every ruleset's scenario files: a Tactical squad name and a board-game
/// session name with control characters are refused where they stand.
#[test]
fn control_characters_in_any_rulesets_scenario_are_refused() {
    let dir = TempDir::new().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (ruleset, file, name) in [
        (
            "tactical",
            "scenarios/tactical/assault.ron",
            "name: \"X-Com\"",
        ),
        (
            "boardgame",
            "scenarios/boardgame/normal.ron",
            "name: \"Normal\"",
        ),
    ] {
        let text = fs::read_to_string(root.join(file)).unwrap();
        let evil = text.replacen(name, &format!("name: \"{HOSTILE}\""), 1);
        assert_ne!(evil, text, "{file}");
        let path = format!("evil-{ruleset}.ron");
        fs::write(dir.path().join(&path), evil).unwrap();
        let r = run(
            &["sim", ruleset, "--scenario", &path, "--games", "1"],
            dir.path(),
        );
        assert_eq!(r.code, 2, "{ruleset}: {}{}", r.stdout, r.stderr);
        assert!(r.stderr.contains(&format!("{path}:")), "{}", r.stderr);
        assert!(
            r.stderr.contains("control character U+001B"),
            "{}",
            r.stderr
        );
        assert_no_raw_controls(&r, ruleset);
    }
}

#[test]
fn a_hostile_name_in_a_save_is_never_printed_raw() {
    let dir = TempDir::new().unwrap();
    golden(dir.path(), SEED_7);
    let text = fs::read_to_string(dir.path().join(SEED_7)).unwrap();
    let evil = text.replacen("name: \"X-Com\"", &format!("name: \"{HOSTILE}\""), 1);
    assert_ne!(evil, text);
    fs::write(dir.path().join("evil.ron"), evil).unwrap();
    for args in [
        &["verify", "evil.ron"][..],
        &["log", "evil.ron"],
        &["log", "evil.ron", "--json"],
        &["explain", "evil.ron", "--at", "3"],
        &["check", "evil.ron"],
    ] {
        let r = run(args, dir.path());
        assert_ne!(r.code, 0, "{args:?}: {}", r.stdout);
        assert_no_raw_controls(&r, &format!("{args:?}"));
    }
}

#[test]
fn a_huge_name_is_refused_and_quoted_short() {
    let dir = TempDir::new().unwrap();
    let huge = "A".repeat(2_000_000);
    let text = learning().replacen("name: \"X-Com\"", &format!("name: \"{huge}\""), 1);
    fs::write(dir.path().join("huge.ron"), text).unwrap();
    let r = refused(&["check", "huge.ron"], dir.path(), 1, &["too long"]);
    assert!(
        r.stderr.len() < 2_000,
        "the error quotes {} bytes",
        r.stderr.len()
    );
    let r = run_words("sim skirmish --scenario huge.ron", dir.path());
    assert_ne!(r.code, 0);
    assert!(
        r.stderr.len() < 2_000,
        "the error quotes {} bytes",
        r.stderr.len()
    );
}

#[test]
fn unknown_fields_in_a_save_are_refused() {
    let dir = TempDir::new().unwrap();
    golden(dir.path(), SEED_7);
    let text = fs::read_to_string(dir.path().join(SEED_7)).unwrap();
    let top = text.replacen("\n  seed: ", "\n  note: \"I won, honest\",\n  seed: ", 1);
    let entry = text.replacen("    Act(\n", "    Act(\n      note: \"x\",\n", 1);
    assert!(top != text && entry != text);
    fs::write(dir.path().join("top.ron"), top).unwrap();
    fs::write(dir.path().join("entry.ron"), entry).unwrap();
    for name in ["top.ron", "entry.ron"] {
        let r = run(&["verify", name], dir.path());
        assert_ne!(r.code, 0, "{name} verified: {}", r.stdout);
        assert!(r.stderr.contains("note"), "{name}: {}", r.stderr);
    }
}

#[test]
fn a_format_out_of_range_is_named_as_a_format() {
    let dir = TempDir::new().unwrap();
    golden(dir.path(), SEED_7);
    let text = fs::read_to_string(dir.path().join(SEED_7)).unwrap();
    for (name, format) in [
        ("big.ron", "99999999999"),
        ("neg.ron", "-1"),
        ("nine.ron", "9"),
    ] {
        let edited = text.replacen("format: 3,", &format!("format: {format},"), 1);
        assert_ne!(edited, text);
        fs::write(dir.path().join(name), edited).unwrap();
        for command in ["verify", "check"] {
            let r = run(&[command, name], dir.path());
            assert_ne!(r.code, 0);
            assert!(
                r.stderr.contains(&format!("format version {format}")),
                "{command} {name}: {}",
                r.stderr
            );
            assert!(!r.stderr.contains("scenario"), "{}", r.stderr);
        }
    }
}

#[test]
fn fifos_and_devices_are_refused_without_waiting() {
    let dir = TempDir::new().unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(dir.path().join("fifo.ron"))
        .status()
        .unwrap();
    assert!(made.success());
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("zero.ron")).unwrap();
    for name in ["fifo.ron", "zero.ron"] {
        for command in ["verify", "check", "log", "replay"] {
            let started = Instant::now();
            let r = run(&[command, name], dir.path());
            assert_eq!(r.code, 2, "{command} {name}");
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "{command} {name} waited"
            );
            if command != "replay" {
                assert!(r.stderr.contains("not a regular file"), "{}", r.stderr);
            }
        }
    }
}

/// The arguments of a `--plain` Skirmish game with `seed`: seat 1 a person, seat 2 the
/// random AI.
fn plain_game(seed: &str) -> Vec<&str> {
    let mut args = vec!["play", "skirmish", "--plain", "--seed", seed];
    args.extend(["--seat", "1=human", "--seat", "2=ai:random"]);
    args
}

/// Starts `play --plain` with its input kept open.
fn start_play(dir: &Path, extra: &[&str]) -> std::process::Child {
    let exe = assert_cmd::cargo::cargo_bin("squadsight");
    std::process::Command::new(exe)
        .args(plain_game("9"))
        .args(extra)
        .current_dir(dir)
        .env("SQUADSIGHT_HOME", dir.join("home"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

#[test]
fn play_plain_save_is_written_after_every_action() {
    let dir = TempDir::new().unwrap();
    let mut child = start_play(dir.path(), &["--save", "live.ron"]);
    let stdin = child.stdin.as_mut().unwrap();
    stdin.write_all(b"1\n").unwrap();
    stdin.flush().unwrap();
    // Without quitting: the save is there while the game runs (a SIGTERM would lose nothing).
    let path = dir.path().join("live.ron");
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut verified = false;
    while Instant::now() < deadline && !verified {
        if path.exists() {
            let r = run_words("verify live.ron", dir.path());
            verified = r.code == 0 && !r.stdout.starts_with("ok: 0 actions");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    child.kill().unwrap();
    let _ = child.wait();
    assert!(verified, "--save was not written after the first action");
}

#[test]
fn a_failing_autosave_is_reported_every_time() {
    let dir = TempDir::new().unwrap();
    // The data folder cannot be created: every autosave fails.
    fs::write(dir.path().join("home"), "a file, not a folder").unwrap();
    let played = typed_words(
        "play skirmish --plain --seed 9 --seat 1=human --seat 2=ai:random",
        dir.path(),
        "1\n1\n1\nq\n",
    );
    let stdout = &played.stdout;
    let told = stdout.matches("NOT SAVED").count();
    assert!(told >= 3, "told {told} times:\n{stdout}");
    // The game is on no disk, so the run does not end as a success.
    assert_eq!(played.code, 2, "{stdout}\n{}", played.stderr);
    assert!(played.stderr.contains("not saved"), "{}", played.stderr);
}

#[test]
fn two_games_in_one_data_folder_keep_their_own_autosaves() {
    let dir = TempDir::new().unwrap();
    for seed in ["9", "10"] {
        let out = squadsight()
            .args(plain_game(seed))
            .current_dir(dir.path())
            .env("SQUADSIGHT_HOME", dir.path().join("home"))
            .write_stdin("1\n1\n1\n1\nq\n")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
    }
    let newest: Vec<PathBuf> = fs::read_dir(dir.path().join("home/autosaves"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with("-1.ron"))
        .collect();
    assert_eq!(newest.len(), 2, "{newest:?}");
    for p in &newest {
        let r = run(&["verify", p.to_str().unwrap()], dir.path());
        assert_eq!(r.code, 0, "{}", r.stderr);
    }
}

#[test]
fn branch_does_not_overwrite_without_force() {
    let dir = TempDir::new().unwrap();
    golden(dir.path(), SEED_7);
    let before = fs::read(dir.path().join(SEED_7)).unwrap();
    // Onto its own parent: refused, the parent untouched.
    let r = run(
        &["branch", SEED_7, "--at", "5", "--save", SEED_7],
        dir.path(),
    );
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(r.stderr.contains("--force"), "{}", r.stderr);
    assert_eq!(fs::read(dir.path().join(SEED_7)).unwrap(), before);
    fs::write(dir.path().join("mine.ron"), "precious").unwrap();
    let r = run(
        &["branch", SEED_7, "--at", "5", "--save", "mine.ron"],
        dir.path(),
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        fs::read_to_string(dir.path().join("mine.ron")).unwrap(),
        "precious"
    );
    let r = run(
        &[
            "branch", SEED_7, "--at", "5", "--save", "mine.ron", "--force",
        ],
        dir.path(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(run_words("verify mine.ron", dir.path()).code, 0);
}

#[test]
fn campaigns_with_impossible_values_are_refused() {
    let dir = TempDir::new().unwrap();
    let r = run_words("campaign new c.ron --seed 1", dir.path());
    if r.code != 0 {
        // The command's form is checked elsewhere; this test needs a campaign file.
        panic!("campaign new failed: {}", r.stderr);
    }
    let text = fs::read_to_string(dir.path().join("c.ron")).unwrap();
    let cases = [
        (
            "zero.ron",
            text.replacen("models: 1", "models: 0", 1),
            "models: 0",
        ),
        (
            "outposts.ron",
            text.replacen("outposts: 0", "outposts: 4294967295", 1),
            "outposts",
        ),
        (
            "note.ron",
            text.replacen("\n  seed: ", "\n  note: \"x\",\n  seed: ", 1),
            "note",
        ),
        // A Squad's unit name longer than any card's (under the 2000-character limit every
        // string of a file has): named at its place, quoted short.
        (
            "long-unit.ron",
            text.replacen("unit: \"", &format!("unit: \"{}", "W".repeat(300)), 1),
            "unit 1 unit card: `WWWW",
        ),
    ];
    for (name, edited, expect) in cases {
        assert_ne!(edited, text, "{name}: the edit did not apply");
        fs::write(dir.path().join(name), edited).unwrap();
        let r = run(&["campaign", "show", name], dir.path());
        assert_ne!(r.code, 0, "{name} was accepted: {}", r.stdout);
        assert!(r.stderr.contains(expect), "{name}: {}", r.stderr);
        assert!(
            r.stderr.contains(&format!("{name}:")),
            "{name}: {}",
            r.stderr
        );
    }
}

#[test]
fn verify_shows_the_fingerprint_and_checks_an_expected_one() {
    let dir = TempDir::new().unwrap();
    let name = "skirmish-learning-format4-seed-9.ron";
    golden(dir.path(), name);
    let r = run(&["verify", name], dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
    let fingerprint = r
        .stdout
        .split("fingerprint ")
        .nth(1)
        .and_then(|t| t.split_whitespace().next())
        .unwrap()
        .to_string();
    assert_eq!(fingerprint.len(), 9, "{}", r.stdout);
    let r = run(&["verify", name, "--expect", &fingerprint], dir.path());
    assert_eq!(r.code, 0, "{}", r.stderr);
    refused(
        &["verify", name, "--expect", "0123-4567"],
        dir.path(),
        1,
        &["not the expected 0123-4567"],
    );
    // The last entry deleted from the file: verify fails, naming the trailer.
    let text = fs::read_to_string(dir.path().join(name)).unwrap();
    let last = text.rfind("    Act(").unwrap();
    let end = text[last..].find("    ),\n").unwrap() + last + "    ),\n".len();
    fs::write(
        dir.path().join("cut.ron"),
        format!("{}{}", &text[..last], &text[end..]),
    )
    .unwrap();
    refused(&["verify", "cut.ron"], dir.path(), 1, &["trailer records"]);
}

#[test]
fn an_unknown_field_inside_an_action_is_refused() {
    let dir = TempDir::new().unwrap();
    let name = "skirmish-learning-format4-seed-9.ron";
    golden(dir.path(), name);
    let text = fs::read_to_string(dir.path().join(name)).unwrap();
    let edited = text.replacen(
        "        to: (37),\n      ),",
        "        to: (37),\n        note: \"I won\",\n      ),",
        1,
    );
    assert_ne!(edited, text);
    fs::write(dir.path().join("note.ron"), edited).unwrap();
    let r = run_words("verify note.ron", dir.path());
    assert_ne!(r.code, 0, "{}", r.stdout);
    assert!(r.stderr.contains("note"), "{}", r.stderr);
}

/// How many actions a save holds, from `verify`'s `ok: N actions` line (it must verify).
fn verified_actions(dir: &Path, save: &Path) -> usize {
    let r = run(&["verify", save.to_str().unwrap()], dir);
    assert_eq!(r.code, 0, "{}: {}", save.display(), r.stderr);
    r.stdout
        .strip_prefix("ok: ")
        .and_then(|t| t.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{}", r.stdout))
}

/// Waits until `child` has printed `count` prompts (`> `), so its actions are applied and
/// autosaved; returns what it printed.
fn wait_for_prompts(child: &mut std::process::Child, count: usize) {
    use std::io::Read;
    let out = child.stdout.as_mut().unwrap();
    let mut seen = Vec::new();
    let mut chunk = [0u8; 4096];
    while String::from_utf8_lossy(&seen).matches("\n> ").count() < count {
        let n = out.read(&mut chunk).unwrap();
        assert!(
            n > 0,
            "the game ended early:\n{}",
            String::from_utf8_lossy(&seen)
        );
        seen.extend_from_slice(&chunk[..n]);
    }
}

/// Issue 13 item 8, with two live programs: the same game (same scenario, seed and seats,
/// so the same autosave name) played twice at once on one data folder and one `--save` path.
/// The first program holds the game's autosave set; the second writes a set of its own; each
/// set ends on its own program's last action, and the shared `--save` file is always whole.
#[test]
fn the_same_game_played_twice_at_once_keeps_both_programs_autosaves() {
    let dir = TempDir::new().unwrap();
    let mut first = start_play(dir.path(), &["--save", "shared.ron"]);
    first.stdin.as_mut().unwrap().write_all(b"1\n").unwrap();
    first.stdin.as_mut().unwrap().flush().unwrap();
    // One action applied: the first program has claimed the game's autosaves.
    wait_for_prompts(&mut first, 2);
    let second = start_play(dir.path(), &["--save", "shared.ron"]);
    let second_pid = second.id();
    let mut second = second;
    second
        .stdin
        .as_mut()
        .unwrap()
        .write_all(b"1\n1\n1\nq\n")
        .unwrap();
    assert!(second.wait().unwrap().success());
    // The first program goes on after the second one ended, then quits.
    first.stdin.as_mut().unwrap().write_all(b"q\n").unwrap();
    assert!(first.wait().unwrap().success());

    let autosaves = dir.path().join("home/autosaves");
    let mut newest: Vec<PathBuf> = fs::read_dir(&autosaves)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with("-1.ron"))
        .collect();
    newest.sort();
    assert_eq!(newest.len(), 2, "{newest:?}");
    let (own, theirs): (Vec<&PathBuf>, Vec<&PathBuf>) = newest
        .iter()
        .partition(|p| !p.to_string_lossy().contains(&format!("-p{second_pid}-")));
    assert_eq!((own.len(), theirs.len()), (1, 1), "{newest:?}");
    // Each set ends on its own program's last action: the first played one, the second three
    // (each with the AI's reply after it).
    let first_actions = verified_actions(dir.path(), own[0]);
    let second_actions = verified_actions(dir.path(), theirs[0]);
    assert!(
        first_actions < second_actions,
        "first {first_actions}, second {second_actions}"
    );
    // The shared --save file is one program's whole save, and no temporary file is left.
    verified_actions(dir.path(), &dir.path().join("shared.ron"));
    for folder in [dir.path().to_path_buf(), autosaves] {
        for entry in fs::read_dir(folder).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            assert!(
                !name.ends_with(".tmp") && !name.ends_with(".pending"),
                "{name}"
            );
        }
    }
}

/// The full-screen UI under its supervisor, in a pseudo-terminal (util-linux `script`): a UI
/// process that dies where no code of its own runs (SIGKILL, as the out-of-memory killer
/// sends; SIGABRT, as an out-of-memory abort raises) still leaves the terminal as it was.
#[cfg(target_os = "linux")]
mod supervisor {
    use std::io::Read;
    use std::process::{Child, Command, Stdio};
    use std::sync::mpsc::{self, Receiver};
    use std::time::{Duration, Instant};
    use tempfile::TempDir;

    struct Session {
        child: Child,
        output: Receiver<Vec<u8>>,
        seen: Vec<u8>,
        _dir: TempDir,
    }

    impl Session {
        /// Runs `squadsight --ascii` (the menu) in a pseudo-terminal through a shell that
        /// afterwards prints its exit code and the terminal's settings; returns once the
        /// menu shows on the alternate screen.
        fn start() -> Session {
            let dir = TempDir::new().unwrap();
            let exe = assert_cmd::cargo::cargo_bin("squadsight");
            let inner = format!(
                "stty rows 30 cols 100; ulimit -c 0; {} --ascii; echo \"exit=$?\"; stty -a",
                exe.display()
            );
            let mut child = Command::new("script")
                .args(["-qfec", &inner, "/dev/null"])
                .current_dir(dir.path())
                .env("SQUADSIGHT_HOME", dir.path().join("home"))
                .env_remove("NO_COLOR")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .expect("util-linux `script` runs");
            let mut out = child.stdout.take().unwrap();
            let (tx, rx) = mpsc::channel();
            std::thread::spawn(move || {
                let mut chunk = [0u8; 4096];
                while let Ok(n) = out.read(&mut chunk) {
                    if n == 0 || tx.send(chunk[..n].to_vec()).is_err() {
                        break;
                    }
                }
            });
            let mut s = Session {
                child,
                output: rx,
                seen: Vec::new(),
                _dir: dir,
            };
            s.wait_for("\x1b[?1049h");
            s.wait_for("squadsight");
            s
        }

        fn wait_for(&mut self, text: &str) {
            let deadline = Instant::now() + Duration::from_secs(30);
            while !String::from_utf8_lossy(&self.seen).contains(text) {
                let left = deadline.saturating_duration_since(Instant::now());
                assert!(
                    !left.is_zero(),
                    "`{text:?}` never appeared: {:?}",
                    String::from_utf8_lossy(&self.seen)
                );
                if let Ok(chunk) = self.output.recv_timeout(left) {
                    self.seen.extend(chunk);
                }
            }
        }

        /// The process `depth` generations below `script` (1: the shell, 2: the supervisor,
        /// 3: the UI process), once it runs.
        fn descendant(&self, depth: usize) -> u32 {
            let deadline = Instant::now() + Duration::from_secs(20);
            loop {
                let mut pid = Some(self.child.id());
                for _ in 0..depth {
                    pid = pid.and_then(first_child);
                }
                if let Some(pid) = pid {
                    return pid;
                }
                assert!(Instant::now() < deadline, "no process at depth {depth}");
                std::thread::sleep(Duration::from_millis(20));
            }
        }

        fn finish(mut self) -> String {
            let deadline = Instant::now() + Duration::from_secs(30);
            while self.child.try_wait().unwrap().is_none() {
                assert!(Instant::now() < deadline, "the session did not end");
                std::thread::sleep(Duration::from_millis(20));
            }
            while let Ok(chunk) = self.output.recv_timeout(Duration::from_millis(300)) {
                self.seen.extend(chunk);
            }
            String::from_utf8_lossy(&self.seen).into_owned()
        }
    }

    fn first_child(pid: u32) -> Option<u32> {
        let text = std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children")).ok()?;
        text.split_whitespace().next().and_then(|p| p.parse().ok())
    }

    fn kill(signal: &str, pid: u32) {
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &pid.to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
    }

    /// After the last use of the alternate screen it was left, mouse reporting stopped and
    /// the cursor shown; the shell then found its terminal in line mode with echo on.
    fn assert_restored(out: &str) {
        let entered = out
            .rfind("\x1b[?1049h")
            .expect("the alternate screen was used");
        let after = &out[entered..];
        for (sequence, what) in [
            ("\x1b[?1049l", "the alternate screen was not left"),
            ("\x1b[?1000l", "mouse reporting was not stopped"),
            ("\x1b[?25h", "the cursor was not shown again"),
        ] {
            assert!(after.contains(sequence), "{what}: {after:?}");
        }
        let settings: Vec<&str> = after.split_whitespace().collect();
        for mode in ["icanon", "echo", "isig"] {
            assert!(
                settings.contains(&mode),
                "the terminal was left without {mode}: {after:?}"
            );
        }
    }

    /// Kills the UI process (not its supervisor) with `signal` while the menu shows.
    fn a_killed_ui_process_leaves_the_terminal_restored(signal: &str, number: i32) {
        let s = Session::start();
        let supervisor = s.descendant(2);
        let ui = s.descendant(3);
        assert_ne!(supervisor, ui);
        kill(signal, ui);
        let out = s.finish();
        assert!(out.contains(&format!("exit={}", 128 + number)), "{out:?}");
        assert!(
            out.contains(&format!("stopped by SIG{signal} (signal {number})")),
            "{out:?}"
        );
        assert_restored(&out);
    }

    #[test]
    fn a_ui_process_killed_with_sigkill_leaves_the_terminal_restored() {
        a_killed_ui_process_leaves_the_terminal_restored("KILL", 9);
    }

    #[test]
    fn a_ui_process_that_aborts_leaves_the_terminal_restored() {
        a_killed_ui_process_leaves_the_terminal_restored("ABRT", 6);
    }

    /// SIGTERM sent to the supervisor alone reaches the UI, which ends as it does on its own
    /// SIGTERM (exit 143), and the terminal is restored.
    #[test]
    fn sigterm_to_the_supervisor_is_forwarded_to_the_ui() {
        let s = Session::start();
        let supervisor = s.descendant(2);
        let _ui = s.descendant(3);
        kill("TERM", supervisor);
        let out = s.finish();
        assert!(out.contains("exit=143"), "{out:?}");
        assert!(!out.contains("stopped by"), "{out:?}");
        assert_restored(&out);
    }

    /// Keys reach the UI process straight from the terminal: `q y` quits the menu.
    #[test]
    fn the_ui_process_reads_the_terminal_itself() {
        let mut s = Session::start();
        let _ui = s.descendant(3);
        for key in [b"q", b"y"] {
            std::io::Write::write_all(s.child.stdin.as_mut().unwrap(), key).unwrap();
            std::io::Write::flush(s.child.stdin.as_mut().unwrap()).unwrap();
            std::thread::sleep(Duration::from_millis(200));
        }
        let out = s.finish();
        assert!(out.contains("exit=0"), "{out:?}");
        assert_restored(&out);
    }
}

/// Journal events refer to names (issue 13, item 2): a game's journal holds each name from a
/// file once, however many events mention it.
mod journal_names {
    use squadsight_core::data::parse_ron;
    use squadsight_core::journal::{Name, held_bytes};
    use squadsight_core::session::Session;
    use squadsight_core::{Event, Ruleset};
    use std::collections::BTreeMap;

    /// `actions` actions of a deterministic walk through the legal actions of the built-in
    /// scenario `id` (its text changed by `edit`), and the recording journal it left.
    fn journal<R: Ruleset>(
        ruleset: R,
        id: &str,
        edit: impl Fn(&str) -> String,
        actions: usize,
    ) -> Vec<Event> {
        let info = ruleset
            .scenarios()
            .iter()
            .find(|s| s.id == id)
            .unwrap_or_else(|| panic!("no scenario {id}"));
        let source = edit(info.source);
        let scenario: R::Scenario = parse_ron(source.as_bytes(), id).unwrap();
        let mut s = Session::start(ruleset, &scenario, &R::Options::default(), 17).unwrap();
        for i in 0..actions {
            let Some(seat) = s.to_act() else { break };
            let legal = s.legal(seat);
            let pick = legal[(i * 7919 + 3) % legal.len()].clone();
            s.act(seat, pick).unwrap();
        }
        s.events().to_vec()
    }

    /// Every name the events mention, with how many distinct allocations hold it.
    fn copies(events: &[Event]) -> BTreeMap<String, Vec<Name>> {
        let mut held: BTreeMap<String, Vec<Name>> = BTreeMap::new();
        let texts = events.iter().flat_map(|e| {
            [Some(&e.text), e.redacted.as_ref()]
                .into_iter()
                .flatten()
                .chain(
                    e.inputs
                        .iter()
                        .flat_map(|i| [&i.label, &i.value, &i.source]),
                )
        });
        for name in texts.flat_map(|t| t.names()) {
            let seen = held.entry(name.to_string()).or_default();
            if !seen.iter().any(|n| Name::same(n, name)) {
                seen.push(name.clone());
            }
        }
        for e in events {
            if let Some(c) = &e.card {
                let seen = held.entry(c.card.to_string()).or_default();
                if !seen.iter().any(|n| Name::same(n, &c.card)) {
                    seen.push(c.card.clone());
                }
            }
        }
        held
    }

    fn assert_held_once(ruleset: &str, events: &[Event]) {
        let held = copies(events);
        assert!(!held.is_empty(), "{ruleset}: no event mentions a name");
        for (name, allocations) in &held {
            assert_eq!(
                allocations.len(),
                1,
                "{ruleset}: `{name}` is held {} times",
                allocations.len()
            );
        }
        for e in events {
            let shown = e.text.to_string();
            assert!(
                !shown.contains(['\u{2}', '\u{3}']),
                "{ruleset}: marks shown: {shown:?}"
            );
        }
    }

    #[test]
    fn every_rulesets_journal_holds_each_name_once() {
        let same = |s: &str| s.to_string();
        assert_held_once(
            "skirmish",
            &journal(
                squadsight_skirmish::Skirmish::new().unwrap(),
                "learning",
                same,
                300,
            ),
        );
        assert_held_once(
            "commander",
            &journal(
                squadsight_commander::Commander::new().unwrap(),
                "battle-aliens",
                same,
                300,
            ),
        );
        assert_held_once(
            "tactical",
            &journal(
                squadsight_tactical::Tactical::new().unwrap(),
                "assault",
                same,
                300,
            ),
        );
        assert_held_once(
            "boardgame",
            &journal(
                squadsight_boardgame::Boardgame::new().unwrap(),
                "normal",
                same,
                300,
            ),
        );
    }

    /// Two names of 10 and 80 characters for one side: the journal grows by the 70 more
    /// characters once, not once per event that names the side.
    fn long_name_costs_once<R: Ruleset>(make: impl Fn() -> R, id: &str, field: &str) {
        let short = "S".repeat(10);
        let long = "L".repeat(80);
        let with = |name: &str| {
            let name = name.to_string();
            let field = field.to_string();
            move |s: &str| {
                let edited = s.replacen(&field, &format!("name: \"{name}\""), 1);
                assert_ne!(edited, s, "{field} is not in the scenario");
                edited
            }
        };
        let a = journal(make(), id, with(&short), 400);
        let b = journal(make(), id, with(&long), 400);
        let mentions: usize = b
            .iter()
            .map(|e| e.text.to_string().matches(long.as_str()).count())
            .sum();
        assert!(mentions >= 10, "{id}: only {mentions} events name the side");
        assert_eq!(a.len(), b.len(), "{id}: the two games differ");
        let (small, big) = (held_bytes(&a), held_bytes(&b));
        assert_eq!(
            big - small,
            70,
            "{id}: {mentions} mentions of an 80-character name cost {} more bytes than a \
             10-character one ({small} -> {big}); held once it costs 70",
            big - small
        );
    }

    #[test]
    fn a_long_side_name_costs_the_journal_once() {
        long_name_costs_once(
            || squadsight_skirmish::Skirmish::new().unwrap(),
            "learning",
            "name: \"X-Com\"",
        );
        long_name_costs_once(
            || squadsight_commander::Commander::new().unwrap(),
            "battle-aliens",
            "name: \"XCOM\"",
        );
    }
}
