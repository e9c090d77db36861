//! What the binary's end-to-end tests share: running `squadsight` in a folder of the test's
//! own, with a data folder of its own too, and refusing any run that panicked.

use assert_cmd::Command;
use std::path::Path;

/// The `squadsight` binary this package built.
pub fn squadsight() -> Command {
    Command::cargo_bin("squadsight").unwrap()
}

/// One finished run: exit code and both outputs.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `squadsight ARGS` in `dir`, with `dir/home` as its data folder (never the real one)
/// and no standard input.
pub fn run(args: &[&str], dir: &Path) -> Run {
    typed(args, dir, "")
}

/// [`run`] with `input` typed on standard input (a `--plain` game's choices).
pub fn typed(args: &[&str], dir: &Path, input: &str) -> Run {
    let out = squadsight()
        .args(args)
        .current_dir(dir)
        .env("SQUADSIGHT_HOME", dir.join("home"))
        .write_stdin(input)
        .output()
        .unwrap();
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

/// [`run`] with the arguments written as one line, split at spaces (none of them holds one).
pub fn run_words(line: &str, dir: &Path) -> Run {
    typed_words(line, dir, "")
}

/// [`typed`] with the arguments written as one line, split at spaces.
pub fn typed_words(line: &str, dir: &Path, input: &str) -> Run {
    let args: Vec<&str> = line.split_whitespace().collect();
    typed(&args, dir, input)
}

/// [`run`], which must exit with `code` and say each of `says` on standard error.
pub fn refused(args: &[&str], dir: &Path, code: i32, says: &[&str]) -> Run {
    let r = run(args, dir);
    checked(&format!("{args:?}"), &r, code, &r.stderr, says);
    r
}

/// [`run`], which must exit 0 and print each of `says` on standard output.
pub fn succeeds(args: &[&str], dir: &Path, says: &[&str]) -> Run {
    let r = run(args, dir);
    checked(&format!("{args:?}"), &r, 0, &r.stdout, says);
    r
}

/// [`typed_words`], which must exit 0 and print each of `says` on standard output.
pub fn plays(line: &str, dir: &Path, input: &str, says: &[&str]) -> Run {
    let r = typed_words(line, dir, input);
    checked(line, &r, 0, &r.stdout, says);
    r
}

/// The run of `squadsight ARGS` (`what`) exited with `code` and `out` holds each of `says`.
fn checked(what: &str, r: &Run, code: i32, out: &str, says: &[&str]) {
    assert_eq!(r.code, code, "squadsight {what}: {}{}", r.stdout, r.stderr);
    for needle in says {
        assert!(
            out.contains(needle),
            "squadsight {what} does not say {needle:?}: {out}"
        );
    }
}
