//! `squadsight replay SAVE`: the full-screen replay viewer where this build has a view for the
//! save's ruleset and there is a terminal; otherwise (and with `--plain`) a line-by-line
//! replay that works for every ruleset through the generic [`Ruleset`] API.
//!
//! The line-by-line replay shows one action (log entry) at a time, numbered as `log`,
//! `explain --at` and `verify` number them (0 is the setup): who acted, what they did, and
//! every journal event it caused, each printed as `log` prints it (rule, dice, target and
//! exact odds). Lines typed on standard input step through it: Enter for the next action,
//! `b` back one, a number to jump there, `v` for the state at that point, `q` to quit. All
//! output passes through [`crate::out`], so no text from a save reaches the terminal raw.
//!
//! With `--seat N` it shows what that seat saw, as `log --seat N` does: only the journal
//! events the seat may read, its own actions in words (another seat's are counted, not
//! described, since a label can name what the seat never saw), and `v` is its view.

use super::{load_save, outcome_text, screen};
use crate::error::CliError;
use crate::events::line;
use crate::rulesets::{self, RulesetTask, with_ruleset};
use crate::store;
use squadsight_core::game::{Game, LogEntry};
use squadsight_core::ruleset::view_lines;
use squadsight_core::save::{Replayer, read_header};
use squadsight_core::{Decision, Journal, Ruleset, Seat};
use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;
use std::sync::Arc;

/// Replays the save at `path`: full screen when possible and not `plain`, else line by line.
/// `seat` (1-based) replays that seat's view, which only the line-by-line replay shows.
pub fn run(path: &Path, plain: bool, seat: Option<u8>, ascii: bool) -> Result<(), CliError> {
    let bytes = store::read_file(path)?;
    let origin = path.display().to_string();
    let header = read_header(&bytes, &origin).map_err(|e| CliError::input(e.to_string()))?;
    let id = rulesets::named(&header.ruleset)?;
    let mut notice = None;
    if !plain && seat.is_some() && screen::available() {
        notice = Some(
            "The full-screen replay viewer shows the referee's view only; replaying one seat's view line by line."
                .to_string(),
        );
    } else if !plain && screen::available() {
        if screen::has_view(id.as_str()) {
            return screen::replay(path, bytes, ascii);
        }
        notice = Some(format!(
            "The full-screen replay viewer has no {} view in this build yet; replaying line by line.",
            id.as_str()
        ));
    }
    with_ruleset(
        id,
        PlainReplay {
            bytes: &bytes,
            origin: &origin,
            notice,
            seat,
        },
    )
}

struct PlainReplay<'a> {
    bytes: &'a [u8],
    origin: &'a str,
    notice: Option<String>,
    seat: Option<u8>,
}

impl RulesetTask for PlainReplay<'_> {
    type Output = ();

    fn run<R: Ruleset>(self, ruleset: Arc<R>) -> Result<(), CliError> {
        let bad = |e: &dyn std::fmt::Display| CliError::invalid(format!("{}: {e}", self.origin));
        // The whole save is replayed (and so checked) once, noting each entry's seat, its
        // description and where its events end in the journal.
        let file = load_save(&*ruleset, self.bytes, self.origin)?;
        let seats = ruleset.seat_count(&file.scenario);
        let viewer = match self.seat {
            Some(n) if n > seats => {
                return Err(CliError::input(format!(
                    "--seat {n}: this game has {seats} seats"
                )));
            }
            Some(n) => Some(Seat(n - 1)),
            None => None,
        };
        let mut replayer = Replayer::start(Arc::clone(&ruleset), file, Journal::recording())
            .map_err(|e| bad(&e))?;
        let mut ends = vec![replayer.game().journal().len()];
        let mut entries = Vec::with_capacity(replayer.len());
        loop {
            let game = replayer.game();
            let entry = match replayer.peek() {
                Some(LogEntry::Act { seat, action, .. }) => Entry {
                    seat: Some(*seat),
                    action: game.describe(action),
                    round: game.journal().round(),
                },
                Some(_) => Entry {
                    seat: None,
                    action: "undo (takes back the action before)".to_string(),
                    round: game.journal().round(),
                },
                None => break,
            };
            match replayer.step() {
                Some(Ok(())) => {}
                Some(Err(e)) => return Err(bad(&e)),
                None => break,
            }
            entries.push(entry);
            ends.push(replayer.game().journal().len());
        }
        let game = replayer.into_game();
        let stdin = std::io::stdin();
        let mut viewer = Viewer {
            game,
            entries,
            ends,
            at: 0,
            viewer,
            bytes: self.bytes,
            origin: self.origin,
            cursor: None,
            echo: !std::io::stdin().is_terminal(),
            out: crate::out::stdout(),
        };
        if let Some(notice) = &self.notice {
            writeln!(viewer.out, "{notice}")?;
        }
        viewer.intro()?;
        viewer.show()?;
        viewer.run(&mut stdin.lock())
    }
}

/// One log entry, as the replay shows it.
struct Entry {
    /// Who acted (`None` for an undo).
    seat: Option<Seat>,
    /// The action in words.
    action: String,
    /// The round it was taken in.
    round: u32,
}

/// A key typed at the prompt.
#[derive(Debug, PartialEq, Eq)]
enum Key {
    Next,
    Back,
    Jump(usize),
    State,
    Quit,
    Help,
    Unknown,
}

fn parse_key(text: &str) -> Key {
    match text.trim() {
        "" | "n" | "next" => Key::Next,
        "b" | "back" => Key::Back,
        "v" | "view" | "state" => Key::State,
        "q" | "quit" => Key::Quit,
        "?" | "h" | "help" => Key::Help,
        n => n.parse().map_or(Key::Unknown, Key::Jump),
    }
}

struct Viewer<'a, R: Ruleset, W: Write> {
    /// The whole game, replayed: its journal holds every event.
    game: Game<R>,
    entries: Vec<Entry>,
    /// Where the events of the setup (index 0) and of each entry end in the journal.
    ends: Vec<usize>,
    /// The action shown, 0 for the setup.
    at: usize,
    /// The seat whose view is shown; `None` for the referee's (everything).
    viewer: Option<Seat>,
    bytes: &'a [u8],
    origin: &'a str,
    /// A replay kept at some action, so `v` need not start over each time.
    cursor: Option<Replayer<R>>,
    /// Whether to end the prompt's line (input does not come from a terminal that echoes it).
    echo: bool,
    out: W,
}

impl<R: Ruleset, W: Write> Viewer<'_, R, W> {
    fn seat_words(&self, seat: Seat) -> String {
        format!(
            "{seat} ({})",
            self.game.ruleset().seat_name(self.game.scenario(), seat)
        )
    }

    fn intro(&mut self) -> Result<(), CliError> {
        writeln!(
            self.out,
            "Replay of {} - {}, seed {}, {} actions.",
            self.origin,
            R::ID,
            self.game.seed(),
            self.entries.len()
        )?;
        if let Some(seat) = self.viewer {
            writeln!(
                self.out,
                "As {} saw it: only what that seat may see is shown.",
                self.seat_words(seat)
            )?;
        }
        let count = self.game.seats().len();
        for s in 0..count {
            let seat = Seat(u8::try_from(s).unwrap_or(u8::MAX));
            writeln!(self.out, "  {}", self.seat_words(seat))?;
        }
        self.help()
    }

    fn help(&mut self) -> Result<(), CliError> {
        writeln!(
            self.out,
            "Enter: next action; b: back one; a number: jump to that action (0 the setup); v: the state here; q: quit"
        )?;
        Ok(())
    }

    /// The action at `self.at` and every event it caused.
    fn show(&mut self) -> Result<(), CliError> {
        let total = self.entries.len();
        let (from, to) = match self.at {
            0 => (0, self.ends[0]),
            n => (self.ends[n - 1], self.ends[n]),
        };
        if self.at == 0 {
            writeln!(self.out, "action 0 of {total} - the setup")?;
        } else {
            let entry = &self.entries[self.at - 1];
            let who = entry
                .seat
                .map_or_else(|| "undo".to_string(), |s| self.seat_words(s));
            writeln!(
                self.out,
                "action {} of {total} - round {} - {who}",
                self.at, entry.round
            )?;
            match (self.viewer, entry.seat) {
                (Some(viewer), Some(seat)) if viewer != seat => {
                    writeln!(self.out, "  (an action of {})", self.seat_words(seat))?;
                }
                _ => writeln!(self.out, "  {}", entry.action)?,
            }
        }
        let events = &self.game.journal().events()[from..to];
        let mut shown = 0;
        for event in events {
            if let Some(seen) = event.view(self.viewer) {
                writeln!(self.out, "  {}", line(&seen))?;
                shown += 1;
            }
        }
        if events.is_empty() {
            writeln!(self.out, "  (no events)")?;
        } else if shown == 0 {
            writeln!(self.out, "  (nothing of it is seen from this seat)")?;
        }
        Ok(())
    }

    /// The referee's view of the state after the action shown.
    fn state(&mut self) -> Result<(), CliError> {
        let bad = |e: &dyn std::fmt::Display| CliError::invalid(format!("{}: {e}", self.origin));
        let reuse = self
            .cursor
            .as_ref()
            .is_some_and(|c| c.position() <= self.at);
        let mut cursor = match self.cursor.take() {
            Some(cursor) if reuse => cursor,
            _ => {
                let file = load_save(self.game.ruleset(), self.bytes, self.origin)?;
                Replayer::start(self.game.ruleset_handle(), file, Journal::off())
                    .map_err(|e| bad(&e))?
            }
        };
        while cursor.position() < self.at {
            match cursor.step() {
                Some(Ok(())) => {}
                Some(Err(e)) => return Err(bad(&e)),
                None => break,
            }
        }
        let lines = view_lines(self.game.ruleset(), cursor.game().state(), self.viewer);
        self.cursor = Some(cursor);
        let whose = self.viewer.map_or(String::new(), |s| {
            format!(" as {} saw it", self.seat_words(s))
        });
        match self.at {
            0 => writeln!(self.out, "the state after the setup{whose}:")?,
            n => writeln!(self.out, "the state after action {n}{whose}:")?,
        }
        if lines.is_empty() {
            writeln!(self.out, "  (this ruleset lists no state lines)")?;
        }
        for l in lines {
            writeln!(self.out, "  {l}")?;
        }
        Ok(())
    }

    fn end_words(&self) -> String {
        match self.game.to_act() {
            Decision::Over(outcome) => format!(
                "the game ended: {}",
                outcome_text(self.game.ruleset(), self.game.scenario(), &outcome)
            ),
            Decision::Act(seat) => {
                format!("the game was still going, {} to act", self.seat_words(seat))
            }
        }
    }

    fn run(&mut self, input: &mut dyn BufRead) -> Result<(), CliError> {
        let total = self.entries.len();
        let mut typed = String::new();
        loop {
            write!(self.out, "[{}/{total}] > ", self.at)?;
            if self.echo {
                writeln!(self.out)?;
            }
            self.out.flush()?;
            typed.clear();
            if input.read_line(&mut typed)? == 0 {
                return Ok(());
            }
            match parse_key(&typed) {
                Key::Next if self.at < total => {
                    self.at += 1;
                    self.show()?;
                }
                Key::Next => {
                    let words = self.end_words();
                    let was = if total == 0 {
                        "This save holds no actions"
                    } else {
                        "That was the last action"
                    };
                    writeln!(
                        self.out,
                        "{was}; {words}. b goes back, a number jumps, q quits."
                    )?;
                }
                Key::Back if self.at > 0 => {
                    self.at -= 1;
                    self.show()?;
                }
                Key::Back => writeln!(self.out, "This is the setup; there is nothing before it.")?,
                Key::Jump(n) if n <= total => {
                    self.at = n;
                    self.show()?;
                }
                Key::Jump(n) => writeln!(
                    self.out,
                    "There is no action {n}; this save has actions 0 (the setup) to {total}."
                )?,
                Key::State => self.state()?,
                Key::Quit => return Ok(()),
                Key::Help => self.help()?,
                Key::Unknown => {
                    writeln!(self.out, "Unknown key `{}`.", typed.trim())?;
                    self.help()?;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Key, parse_key};

    #[test]
    fn keys_are_read_from_whole_lines() {
        assert_eq!(parse_key("\n"), Key::Next);
        assert_eq!(parse_key(" b \n"), Key::Back);
        assert_eq!(parse_key("12\n"), Key::Jump(12));
        assert_eq!(parse_key("v"), Key::State);
        assert_eq!(parse_key("q"), Key::Quit);
        assert_eq!(parse_key("-3"), Key::Unknown);
        assert_eq!(parse_key("x"), Key::Unknown);
    }
}
