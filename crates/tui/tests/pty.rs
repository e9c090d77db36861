//! Smoke tests of the real terminal path in a pseudo-terminal (util-linux `script`): the app
//! starts, opens a game, quits on `q y`, on Ctrl-C, on SIGTERM and on every other catchable
//! signal that ends a program (SIGQUIT, SIGUSR1, …), and every time puts the terminal back (leaves the alternate screen, stops mouse reporting, shows the cursor).

#![cfg(target_os = "linux")]

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// The example launcher built next to this test (`examples/tui.rs`). A plain `cargo test`
/// builds it; when only this test was asked for, it is built here.
fn launcher() -> PathBuf {
    let exe = std::env::current_exe().expect("test path");
    let debug = exe
        .parent()
        .and_then(|d| d.parent())
        .expect("target folder");
    let path = debug.join("examples").join("tui");
    if !path.exists() {
        let built = Command::new(env!("CARGO"))
            .args(["build", "-q", "-p", "squadsight-tui", "--example", "tui"])
            .status()
            .expect("cargo runs");
        assert!(built.success(), "the example launcher does not build");
    }
    path
}

struct Session {
    child: Child,
    output: Receiver<Vec<u8>>,
    seen: Vec<u8>,
    dir: PathBuf,
}

impl Session {
    fn start(tag: &str) -> Session {
        Session::start_in(tag, "")
    }

    /// Starts the program in a pseudo-terminal, behind `wrapper` (a command prefix).
    fn start_in(tag: &str, wrapper: &str) -> Session {
        let dir = std::env::temp_dir().join(format!("squadsight-pty-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let exe = launcher();
        // `script` gives the program a pseudo-terminal; `stty` gives that terminal a size.
        let inner = format!(
            "stty rows 30 cols 100; exec {wrapper}{} --ascii {}",
            exe.display(),
            dir.display()
        );
        let mut child = Command::new("script")
            .args(["-qfec", &inner, "/dev/null"])
            .env_remove("NO_COLOR")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("util-linux `script` runs");
        let mut out = child.stdout.take().expect("stdout");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            while let Ok(n) = out.read(&mut chunk) {
                if n == 0 || tx.send(chunk[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            output: rx,
            seen: Vec::new(),
            dir,
        }
    }

    /// Waits until the output holds `text`.
    fn wait_for(&mut self, text: &str) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while !String::from_utf8_lossy(&self.seen).contains(text) {
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "`{text}` never appeared");
            if let Ok(chunk) = self.output.recv_timeout(left) {
                self.seen.extend(chunk);
            }
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        let stdin = self.child.stdin.as_mut().expect("stdin");
        stdin.write_all(bytes).expect("keys sent");
        stdin.flush().expect("keys sent");
        // Let each key arrive on its own, as typed.
        std::thread::sleep(Duration::from_millis(150));
    }

    /// Waits for the program to end; returns its exit code and everything it wrote.
    fn finish(mut self) -> (i32, String) {
        let deadline = Instant::now() + Duration::from_secs(20);
        let code = loop {
            if let Some(status) = self.child.try_wait().expect("waits") {
                break status.code().unwrap_or(-1);
            }
            assert!(Instant::now() < deadline, "the program did not end");
            std::thread::sleep(Duration::from_millis(20));
        };
        while let Ok(chunk) = self.output.recv_timeout(Duration::from_millis(200)) {
            self.seen.extend(chunk);
        }
        let _ = std::fs::remove_dir_all(&self.dir);
        (code, String::from_utf8_lossy(&self.seen).into_owned())
    }

    /// The process id of the program inside `script`.
    fn program_pid(&self) -> u32 {
        first_child(self.child.id()).expect("the program runs under script")
    }
}

/// The first child process of `pid`, if it has one.
fn first_child(pid: u32) -> Option<u32> {
    let children = format!("/proc/{pid}/task/{pid}/children");
    let text = std::fs::read_to_string(children).ok()?;
    text.split_whitespace().next().and_then(|p| p.parse().ok())
}

/// Whether process `pid` has ended (gone, or a zombie waiting to be reaped).
fn ended(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state follows the command name in brackets: `123 (tui) Z ...`.
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| rest.starts_with('Z')),
        Err(_) => true,
    }
}

/// The terminal was handed back: after the last use of the alternate screen, it was left,
/// mouse reporting stopped and the cursor shown again.
fn assert_restored(out: &str) {
    let entered = out
        .rfind("\x1b[?1049h")
        .expect("the alternate screen was used");
    let after = &out[entered..];
    assert!(
        after.contains("\x1b[?1049l"),
        "the alternate screen was not left"
    );
    assert!(
        after.contains("\x1b[?1000l"),
        "mouse reporting was not stopped"
    );
    assert!(
        after.contains("\x1b[?25h"),
        "the cursor was not shown again"
    );
}

/// A session in a game: the menu's quick play (`p`) opened it.
fn in_a_game(tag: &str) -> Session {
    let mut s = Session::start(tag);
    s.wait_for("squadsight");
    s.send(b"p");
    s.wait_for("Journal");
    s
}

/// Waits for the session to end, and checks it ended with `code` and put the terminal back.
fn ends_restored(s: Session, code: i32, what: &str) {
    let (got, out) = s.finish();
    assert_eq!(got, code, "{what}: {out}");
    assert_restored(&out);
}

#[test]
fn quitting_from_a_game_restores_the_terminal() {
    let mut s = in_a_game("quit");
    s.send(b"q");
    s.send(b"y");
    s.wait_for("squadsight");
    s.send(b"q");
    s.send(b"y");
    ends_restored(s, 0, "q y");
}

/// A session on the menu's new-game form.
fn in_the_new_game_form(tag: &str) -> Session {
    let mut s = Session::start(tag);
    s.wait_for("squadsight");
    s.send(b"n");
    s.wait_for("Seed");
    s
}

#[test]
fn ctrl_c_quits_and_restores_the_terminal() {
    let mut s = in_the_new_game_form("ctrlc");
    s.send(b"\x03");
    ends_restored(s, 0, "Ctrl-C");
}

#[test]
fn sigterm_ends_the_program_and_restores_the_terminal() {
    a_signal_ends_the_program_and_restores_the_terminal("TERM", 15);
}

/// Sends `signal` to the program in a game and checks it ends with 128 + `number` and puts
/// the terminal back.
fn a_signal_ends_the_program_and_restores_the_terminal(signal: &str, number: i32) {
    let s = in_a_game(&format!("sig{number}"));
    let pid = s.program_pid();
    let killed = Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    ends_restored(s, 128 + number, signal);
}

#[test]
fn sigquit_ends_the_program_and_restores_the_terminal() {
    a_signal_ends_the_program_and_restores_the_terminal("QUIT", 3);
}

#[test]
fn sigusr1_ends_the_program_and_restores_the_terminal() {
    a_signal_ends_the_program_and_restores_the_terminal("USR1", 10);
}

#[test]
fn other_ending_signals_restore_the_terminal_too() {
    for (signal, number) in [
        ("USR2", 12),
        ("ALRM", 14),
        ("VTALRM", 26),
        ("PROF", 27),
        ("XCPU", 24),
        ("XFSZ", 25),
        ("SYS", 31),
    ] {
        a_signal_ends_the_program_and_restores_the_terminal(signal, number);
    }
}

#[test]
fn a_terminal_that_goes_away_without_a_hangup_signal_ends_the_program() {
    // In a session of its own (`setsid`) the program is not the terminal's controlling
    // process, so when the terminal closes no SIGHUP reaches it: it sees only a terminal that
    // reads as end-of-file. It must end, not spin on it.
    let mut s = Session::start_in("gone", "setsid -w ");
    s.wait_for("squadsight");
    let deadline = Instant::now() + Duration::from_secs(10);
    let program = loop {
        if let Some(pid) = first_child(s.program_pid()) {
            break pid;
        }
        assert!(Instant::now() < deadline, "the program did not start");
        std::thread::sleep(Duration::from_millis(20));
    };
    // Closing `script` closes the terminal's other end.
    s.child.kill().expect("script is stopped");
    let _ = s.child.wait();
    let deadline = Instant::now() + Duration::from_secs(10);
    while !ended(program) {
        if Instant::now() > deadline {
            let _ = Command::new("kill")
                .args(["-KILL", &program.to_string()])
                .status();
            panic!("the program kept running after its terminal went away");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = std::fs::remove_dir_all(&s.dir);
}

/// The board game's dashboard on a real terminal: its countdown moves with the wall clock.
#[test]
fn the_board_games_countdown_moves_on_a_real_terminal() {
    let mut s = in_the_new_game_form("boardgame");
    // The ruleset row: Skirmish, Commander, then the board game.
    s.send(b"l");
    s.send(b"l");
    s.wait_for("Board Game");
    s.send(b"\r");
    s.wait_for("Set up the table");
    // The briefing, then the first action. Only changed cells are redrawn, so the new texts
    // need not arrive in one piece: give the screen a moment instead of waiting for them.
    s.send(b"\r");
    s.send(b"\r");
    while let Ok(chunk) = s.output.recv_timeout(Duration::from_millis(300)) {
        s.seen.extend(chunk);
    }
    assert!(printed(&String::from_utf8_lossy(&s.seen)).contains("DONE"));
    let start = s.seen.len();
    // A full timed action shows its seconds; within a few seconds a lower reading is drawn.
    let deadline = Instant::now() + Duration::from_secs(10);
    let moved = loop {
        if let Ok(chunk) = s.output.recv_timeout(Duration::from_millis(200)) {
            s.seen.extend(chunk);
        }
        let later = printed(&String::from_utf8_lossy(&s.seen[start..]));
        // Only the changed cells are redrawn: the countdown's digits (the full frame, with
        // the starting 20 or 10, came before `start`).
        if later.chars().any(|c| c.is_ascii_digit()) {
            break true;
        }
        if Instant::now() > deadline {
            break false;
        }
    };
    assert!(moved, "the countdown never moved");
    s.send(b"q");
    s.wait_for("squadsight");
    s.send(b"q");
    s.send(b"y");
    ends_restored(s, 0, "q y");
}

/// The printed text of terminal output, without its escape sequences (cursor moves carry
/// digits of their own).
fn printed(out: &str) -> String {
    let mut text = String::new();
    let mut chars = out.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            if chars.peek() == Some(&'[') {
                chars.next();
                // Parameters and intermediates, then one final byte in @..=~.
                for d in chars.by_ref() {
                    if ('@'..='~').contains(&d) {
                        break;
                    }
                }
            } else {
                chars.next();
            }
        } else if !c.is_control() {
            text.push(c);
        }
    }
    text
}
