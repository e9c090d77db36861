//! The full-screen UI's supervisor. A process that aborts (running out of memory does) or is
//! killed with SIGKILL runs no code on the way out, so it cannot put the terminal back, and
//! `unsafe` code that could step in is forbidden here. So the full-screen UI runs in a child
//! process: this program starts itself again with the same arguments and a marker in the
//! environment ([`MARKER`]), and the parent only waits. The child inherits the terminal
//! directly (standard input, output and error are not piped) and is in the same process group,
//! so keys, resizes and the terminal's own signals reach it as if it ran alone.
//!
//! The parent:
//! - forwards the signals sent to it alone (SIGTERM, SIGHUP, SIGUSR1, …, SIGTSTP, SIGCONT) to
//!   the child, which ends or suspends cleanly as it does without a supervisor;
//! - ignores SIGINT and SIGQUIT: they come from the keyboard, and the keyboard's signals reach
//!   the whole foreground process group, the child included (in raw mode Ctrl-C is a key and
//!   raises no signal at all);
//! - stops itself when the child stops (Ctrl-Z), so the shell sees the job stopped, and wakes
//!   the child when it is continued;
//! - when the child has ended: if it was killed by a signal (SIGKILL, SIGABRT from an
//!   out-of-memory abort, SIGSEGV), or left the terminal in another mode than it found it,
//!   restores the terminal settings saved before the child started, leaves the alternate
//!   screen, stops mouse reporting and shows the cursor; after a kill it prints one line
//!   saying what happened; it then ends with the child's exit code (128 + the signal's number
//!   after a kill).
//!
//! On Linux the child also asks to receive SIGHUP if the parent dies, so that a parent killed
//! with SIGKILL does not leave a game running in a terminal the shell has taken back.

use crate::error::CliError;
use rustix::process::{Pid, Signal, WaitOptions};
use rustix::termios::{OptionalActions, Termios};
use signal_hook::consts::signal::{
    SIGALRM, SIGCONT, SIGHUP, SIGINT, SIGPROF, SIGQUIT, SIGTERM, SIGTSTP, SIGUSR1, SIGUSR2,
    SIGVTALRM, SIGXCPU, SIGXFSZ,
};
use std::io::Write;
use std::process::Command;
use std::time::Duration;

/// The environment variable that marks the supervised child; its value is the parent's
/// process id.
pub const MARKER: &str = "SQUADSIGHT_SUPERVISOR";

/// How often the parent looks at the child and at its own signals.
const POLL: Duration = Duration::from_millis(20);

/// Runs the full-screen UI under a supervisor. Returns `None` in the supervised child, which
/// goes on to run the UI itself, and when no child can be started (this program's file is
/// gone): then the UI runs in this process, unsupervised. In the parent, returns how the
/// child ended once it has.
pub fn supervise() -> Option<Result<(), CliError>> {
    match std::env::var(MARKER) {
        Ok(parent) => {
            child_setup(&parent);
            None
        }
        Err(_) => parent(),
    }
}

/// In the child: a SIGHUP when the parent dies (Linux), so the game ends and restores the
/// terminal instead of fighting the shell for it.
fn child_setup(parent: &str) {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        let _ = rustix::process::set_parent_process_death_signal(Some(Signal::HUP));
        // The parent may have died before the request was made: then no SIGHUP will come.
        let alive = rustix::process::getppid().is_some_and(|p| {
            parent
                .parse::<i32>()
                .is_ok_and(|q| p.as_raw_nonzero().get() == q)
        });
        if !alive {
            let _ = signal_hook::low_level::raise(SIGHUP);
        }
    }
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    let _ = parent;
}

fn parent() -> Option<Result<(), CliError>> {
    let exe = std::env::current_exe().ok()?;
    // The terminal as the shell left it, to put back if the child cannot.
    let saved = rustix::termios::tcgetattr(std::io::stdin()).ok();
    let child = Command::new(exe)
        .args(std::env::args_os().skip(1))
        .env(
            MARKER,
            rustix::process::getpid().as_raw_nonzero().to_string(),
        )
        .spawn()
        .ok()?;
    Some(wait(&child, saved.as_ref()))
}

/// Waits for the UI process `child`, forwarding signals, and restores the terminal to `saved`
/// if it must.
fn wait(child: &std::process::Child, saved: Option<&Termios>) -> Result<(), CliError> {
    // Without signal handlers (they could not be set up) the parent still waits and restores.
    let mut signals = signal_hook::iterator::Signals::new([
        SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
        SIGXFSZ, SIGTSTP, SIGCONT,
    ])
    .ok();
    let pid = Pid::from_child(child);
    let status = loop {
        for sig in signals.iter_mut().flat_map(|s| s.pending()) {
            match sig {
                // From the keyboard: the child got it too.
                SIGINT | SIGQUIT => {}
                other => forward(pid, other),
            }
        }
        match rustix::process::waitpid(Some(pid), WaitOptions::NOHANG | WaitOptions::UNTRACED) {
            Ok(Some((_, status))) if status.stopped() => {
                // The child suspended itself (Ctrl-Z): stop too, so the shell sees the job
                // stopped; `fg` continues the whole group, and the child once more in case
                // only this process was continued.
                let _ = rustix::process::kill_process(rustix::process::getpid(), Signal::STOP);
                forward(pid, SIGCONT);
            }
            Ok(Some((_, status))) => break status,
            Ok(None) => std::thread::sleep(POLL),
            Err(rustix::io::Errno::INTR) => {}
            Err(e) => {
                // Not our child any more (it cannot happen); nothing to wait for.
                return Err(CliError::input(format!("lost the full-screen UI: {e}")));
            }
        }
    };
    if let Some(sig) = status.terminating_signal() {
        put_back(saved);
        let autosaves = crate::store::data_dir().join("autosaves");
        let data = squadsight_core::text::escape(&autosaves.display().to_string()).into_owned();
        // Not `eprintln!`: a terminal that went away must not turn into a panic.
        let _ = writeln!(std::io::stderr(), "{}", killed_message(sig, &data));
        return Err(CliError {
            code: u8::try_from(128 + sig).unwrap_or(1),
            message: String::new(),
        });
    }
    if let Some(saved) = saved
        && rustix::termios::tcgetattr(std::io::stdin())
            .is_ok_and(|now| now.local_modes != saved.local_modes)
    {
        // The child ended without restoring the terminal (a second signal ends it at once).
        put_back(Some(saved));
    }
    match status.exit_status().unwrap_or(1) {
        0 => Ok(()),
        code => Err(CliError {
            code: u8::try_from(code).unwrap_or(1),
            message: String::new(),
        }),
    }
}

/// Sends signal `sig` to the child; it may have ended already, which is no error.
fn forward(pid: Pid, sig: i32) {
    if let Some(signal) = Signal::from_named_raw(sig) {
        let _ = rustix::process::kill_process(pid, signal);
    }
}

/// Puts the terminal back: the settings saved before the child started, then the normal
/// screen, no mouse reporting and a visible cursor.
fn put_back(saved: Option<&Termios>) {
    if let Some(saved) = saved {
        let _ = rustix::termios::tcsetattr(std::io::stdin(), OptionalActions::Now, saved);
    }
    squadsight_tui::terminal::restore();
}

/// The one line printed after the child was killed by signal `sig`.
fn killed_message(sig: i32, data: &str) -> String {
    let name = match sig {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        5 => "SIGTRAP",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        15 => "SIGTERM",
        _ => "",
    };
    let label = if name.is_empty() {
        format!("signal {sig}")
    } else {
        format!("{name} (signal {sig})")
    };
    // Running out of memory ends a program with an abort, or the kernel kills it.
    let why = if sig == 6 || sig == 9 {
        "; running out of memory ends a program this way"
    } else {
        ""
    };
    format!(
        "squadsight: the game was stopped by {label}{why}; the terminal was put back. Autosaves are in {data}."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_names_the_signal() {
        let m = killed_message(9, "/d");
        assert!(
            m.contains("by SIGKILL (signal 9); running out of memory"),
            "{m}"
        );
        assert!(killed_message(11, "/d").contains("by SIGSEGV (signal 11);"));
        assert!(killed_message(40, "/d").contains("by signal 40;"));
    }
}
