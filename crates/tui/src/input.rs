//! Where inputs come from: the real terminal in production ([`crate::terminal::CrosstermSource`]),
//! a scripted list in tests ([`ScriptSource`]).

use crate::keys::{Input, ScriptError, parse_script};
use std::collections::VecDeque;
use std::io;
use std::time::Duration;

/// What waiting for input gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// An input arrived.
    Input(Input),
    /// The wait timed out with nothing to report.
    Timeout,
    /// No input will ever come again (a script ran out).
    End,
}

/// A source of inputs for the app loop.
pub trait EventSource {
    /// Waits at most `timeout` (`None`: until something happens) for the next input. `busy`
    /// tells the source that the app is waiting on background work, such as an AI thinking,
    /// and will want to be asked again soon.
    fn next(&mut self, timeout: Option<Duration>, busy: bool) -> io::Result<Next>;

    /// Hands the terminal back to the shell and stops the process until it is continued
    /// (Ctrl-Z, then `fg`). Returns once the process runs again.
    fn suspend(&mut self) -> io::Result<()>;
}

/// Inputs from a key script, delivered only while the app is not busy, so a scripted test
/// sees the same screens whatever the speed of the machine: an AI always finishes its move
/// before the next scripted key arrives.
#[derive(Clone, Debug, Default)]
pub struct ScriptSource {
    queue: VecDeque<Input>,
    suspended: u32,
}

impl ScriptSource {
    /// A source delivering `inputs` in order.
    pub fn new(inputs: impl IntoIterator<Item = Input>) -> ScriptSource {
        ScriptSource {
            queue: inputs.into_iter().collect(),
            suspended: 0,
        }
    }

    /// A source delivering the inputs of a key script (see [`crate::keys`]).
    pub fn parse(script: &str) -> Result<ScriptSource, ScriptError> {
        parse_script(script).map(ScriptSource::new)
    }

    /// Appends more inputs after those still queued.
    pub fn push(&mut self, inputs: impl IntoIterator<Item = Input>) {
        self.queue.extend(inputs);
    }

    /// Inputs not delivered yet.
    pub fn remaining(&self) -> usize {
        self.queue.len()
    }

    /// How many times the app asked to suspend (Ctrl-Z).
    pub fn suspends(&self) -> u32 {
        self.suspended
    }
}

impl EventSource for ScriptSource {
    fn next(&mut self, timeout: Option<Duration>, busy: bool) -> io::Result<Next> {
        if busy {
            // Let the background work progress; a short nap keeps a waiting test cheap.
            let nap = timeout.unwrap_or(Duration::from_millis(5));
            std::thread::sleep(nap.min(Duration::from_millis(5)));
            return Ok(Next::Timeout);
        }
        Ok(match self.queue.pop_front() {
            Some(input) => Next::Input(input),
            None => Next::End,
        })
    }

    fn suspend(&mut self) -> io::Result<()> {
        self.suspended += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::KeyCode;

    #[test]
    fn scripts_wait_while_busy_and_end_when_empty() {
        let mut s = ScriptSource::parse("q").unwrap();
        assert_eq!(s.next(None, true).unwrap(), Next::Timeout);
        assert_eq!(
            s.next(None, false).unwrap(),
            Next::Input(Input::key_code(KeyCode::Char('q')))
        );
        assert_eq!(s.next(None, false).unwrap(), Next::End);
        s.push([Input::Redraw]);
        assert_eq!(s.remaining(), 1);
        s.suspend().unwrap();
        assert_eq!(s.suspends(), 1);
    }
}
