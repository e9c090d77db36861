//! The real terminal: raw mode and the alternate screen, restored on every way out (normal
//! exit, panic, and every signal whose default would end the program and that a program may
//! catch: Ctrl-C, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
//! SIGXCPU, SIGXFSZ, SIGSYS), suspended and resumed around Ctrl-Z, and the
//! crossterm event source. A terminal that goes away ends the program even when no SIGHUP
//! comes: crossterm reads through its `/dev/tty` source (feature `use-dev-tty`), which reports
//! a dead terminal instead of looping on it, and [`CrosstermSource`] checks that the terminal
//! is still one.

use crate::ai::AI_THREAD;
use crate::input::{EventSource, Next};
use crate::keys::Input;
use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind};
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use crossterm::{cursor, execute, terminal};
use std::io::{self, IsTerminal, Write};
use std::sync::Arc;
use std::sync::Once;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

/// The longest the event loop sleeps before looking at signal flags again.
const SIGNAL_CHECK: Duration = Duration::from_millis(100);

/// The signal number reported when the terminal went away without a SIGHUP.
const HANG_UP: i32 = 1;

/// Puts the terminal back as the shell expects it. Safe to call more than once and when the
/// terminal was never set up; errors are ignored because there is nothing left to do about
/// them on the way out.
pub fn restore() {
    let _ = terminal::disable_raw_mode();
    let mut out = io::stdout();
    let _ = execute!(out, DisableMouseCapture, LeaveAlternateScreen, cursor::Show);
    let _ = out.flush();
}

fn enter() -> io::Result<()> {
    terminal::enable_raw_mode()?;
    let mut out = io::stdout();
    execute!(out, EnterAlternateScreen, EnableMouseCapture, cursor::Hide)?;
    out.flush()
}

/// Restores the terminal before the default panic message is printed, so the message is
/// readable and the shell usable. Installed once per process.
pub fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // An AI worker's panic is caught and shown on screen; the game goes on.
            if std::thread::current().name() == Some(AI_THREAD) {
                return;
            }
            restore();
            previous(info);
        }));
    });
}

/// Raw mode and the alternate screen for as long as it lives.
#[derive(Debug)]
pub struct TerminalGuard {
    active: bool,
}

impl TerminalGuard {
    /// Enters raw mode, the alternate screen and mouse capture, and installs the panic hook.
    pub fn enter() -> io::Result<TerminalGuard> {
        install_panic_hook();
        if let Err(e) = enter() {
            restore();
            return Err(e);
        }
        Ok(TerminalGuard { active: true })
    }

    /// Restores the terminal now (also done on drop).
    pub fn leave(&mut self) {
        if self.active {
            restore();
            self.active = false;
        }
    }

    /// Sets the terminal up again after [`TerminalGuard::leave`] or a stop.
    pub fn resume(&mut self) -> io::Result<()> {
        enter()?;
        self.active = true;
        Ok(())
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        self.leave();
    }
}

/// Signals the loop must notice: a request to stop and a continue after a stop.
#[derive(Debug, Default)]
struct Signals {
    /// The number of a pending terminating signal, 0 if none.
    terminate: Arc<AtomicUsize>,
    /// Set when the process should stop itself (SIGTSTP from outside).
    stop: Arc<AtomicBool>,
    /// Set when the process was continued (SIGCONT).
    cont: Arc<AtomicBool>,
}

impl Signals {
    #[cfg(unix)]
    fn register() -> io::Result<Signals> {
        use signal_hook::consts::signal::{
            SIGALRM, SIGPROF, SIGQUIT, SIGSYS, SIGUSR1, SIGUSR2, SIGVTALRM, SIGXCPU, SIGXFSZ,
        };
        use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGTERM, SIGTSTP};
        use signal_hook::flag;
        let s = Signals::default();
        let armed = Arc::new(AtomicBool::new(false));
        // Every catchable signal whose default action ends the process. (SIGKILL cannot be
        // caught; an abort, such as running out of memory, ends the process before any
        // handler could restore the terminal: see docs/ARCHITECTURE.md.)
        for sig in [
            SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
            SIGXCPU, SIGXFSZ, SIGSYS,
        ] {
            // A second signal while the first is still being handled ends the process at
            // once, in case the loop is stuck; the terminal is then restored by the shell.
            flag::register_conditional_shutdown(sig, 128 + sig, Arc::clone(&armed))?;
            flag::register(sig, Arc::clone(&armed))?;
            flag::register_usize(sig, Arc::clone(&s.terminate), sig as usize)?;
        }
        flag::register(SIGTSTP, Arc::clone(&s.stop))?;
        flag::register(SIGCONT, Arc::clone(&s.cont))?;
        Ok(s)
    }

    #[cfg(not(unix))]
    fn register() -> io::Result<Signals> {
        Ok(Signals::default())
    }
}

/// Inputs from the real terminal, with signals turned into inputs.
#[derive(Debug)]
pub struct CrosstermSource {
    guard: TerminalGuard,
    signals: Signals,
    /// Whether standard input was a terminal at the start (see [`CrosstermSource::hung_up`]).
    tty_input: bool,
}

impl CrosstermSource {
    /// Sets the terminal up (see [`TerminalGuard::enter`]) and starts watching signals.
    pub fn new() -> io::Result<CrosstermSource> {
        let signals = Signals::register()?;
        let guard = TerminalGuard::enter()?;
        Ok(CrosstermSource {
            guard,
            signals,
            tty_input: io::stdin().is_terminal(),
        })
    }

    /// Whether the terminal has gone away (its window closed, the connection dropped) without
    /// a SIGHUP reaching us, as when the program is not the terminal's controlling process: a
    /// hung-up terminal reads as endless end-of-file and is no longer a terminal. Without this
    /// check the loop would spin on it forever.
    fn hung_up(&self) -> bool {
        self.tty_input && !io::stdin().is_terminal()
    }

    /// Restores the terminal now.
    pub fn leave(&mut self) {
        self.guard.leave();
    }

    fn pending_signal(&mut self) -> io::Result<Option<Input>> {
        let sig = self.signals.terminate.swap(0, Ordering::SeqCst);
        if sig != 0 {
            self.guard.leave();
            return Ok(Some(Input::Terminate(i32::try_from(sig).unwrap_or(15))));
        }
        if self.signals.stop.swap(false, Ordering::SeqCst) {
            self.suspend()?;
            return Ok(Some(Input::Redraw));
        }
        if self.signals.cont.swap(false, Ordering::SeqCst) {
            // Continued after a stop we did not see coming: set the terminal up again.
            self.guard.resume()?;
            return Ok(Some(Input::Redraw));
        }
        Ok(None)
    }
}

impl EventSource for CrosstermSource {
    fn next(&mut self, timeout: Option<Duration>, _busy: bool) -> io::Result<Next> {
        if let Some(input) = self.pending_signal()? {
            return Ok(Next::Input(input));
        }
        let wait = timeout.map_or(SIGNAL_CHECK, |t| t.min(SIGNAL_CHECK));
        if !event::poll(wait)? {
            return Ok(match self.pending_signal()? {
                Some(input) => Next::Input(input),
                None if self.hung_up() => {
                    self.guard.leave();
                    Next::Input(Input::Terminate(HANG_UP))
                }
                None => Next::Timeout,
            });
        }
        Ok(match event::read()? {
            // Windows also reports releases; only presses and repeats are keys.
            Event::Key(k) if k.kind != KeyEventKind::Release => Next::Input(Input::Key(k)),
            Event::Mouse(m) => Next::Input(Input::Mouse(m)),
            Event::Resize(w, h) => Next::Input(Input::Resize(w, h)),
            Event::FocusGained => Next::Input(Input::Redraw),
            _ => Next::Timeout,
        })
    }

    fn suspend(&mut self) -> io::Result<()> {
        self.guard.leave();
        #[cfg(unix)]
        signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP)?;
        // Running again: the SIGCONT that woke us is handled here, not as a surprise later.
        self.signals.cont.store(false, Ordering::SeqCst);
        self.guard.resume()
    }
}
