//! The replay viewer's model: a save's log laid out as a timeline of actions and journal
//! events, a position in it, and what the replay panes show there — the position bar, the
//! selected event's full resolution (clause and our summary, inputs, dice, target, exact
//! chance, outcome) and what the step changed — from the referee's view or one seat's.
//!
//! The board itself is the game screen's: it shows the [`Game`] this model moves along the
//! log. Moving forwards applies log entries; moving backwards replays the save from the start
//! (with the journal off: the events were recorded once, when the replay was opened).

use crate::draw::{self, Scratch};
use crate::theme::{Role, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use squadsight_core::diff::{Change, diff_lines};
use squadsight_core::game::{Game, LogEntry};
use squadsight_core::journal::{Event, Visibility};
use squadsight_core::ruleset::view_lines;
use squadsight_core::save::{self, SaveFile};
use squadsight_core::trace;
use squadsight_core::{Journal, Ruleset, Seat};
use std::fmt::Write as _;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Autoplay speeds, slowest first: the pause between two steps and its label.
const SPEEDS: [(u64, &str); 5] = [
    (2000, "1 step/2s"),
    (1000, "1 step/s"),
    (500, "2 steps/s"),
    (250, "4 steps/s"),
    (100, "10 steps/s"),
];

/// The speed a replay starts at (an index into `SPEEDS`).
const DEFAULT_SPEED: usize = 2;

/// What one step (and autoplay) moves by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// One journal event the viewer may see.
    Event,
    /// One log entry: an action or an undo.
    Action,
}

/// The replay of one save.
pub struct Replay<R: Ruleset> {
    /// The save's starting inputs with an empty log, to rebuild the start from.
    start: SaveFile<R>,
    log: Vec<LogEntry<R::Action>>,
    seat_names: Vec<String>,
    /// Log entries applied so far.
    pos: usize,
    /// Every event of the game, as the referee saw it.
    events: Vec<Event>,
    /// Events written by the setup.
    setup_end: usize,
    /// Per log entry: the events written up to and including it.
    ends: Vec<usize>,
    /// Per position (0 ..= log length): the round the journal was in.
    rounds: Vec<u32>,
    /// The selected event (an index into `events`).
    sel: Option<usize>,
    /// Whose view: `None` for the referee.
    perspective: Option<Seat>,
    /// The state before the last entry applied, for "what changed".
    before: Option<R::State>,
    /// What the last step did, in a few words.
    step_label: String,
    changes: Vec<(Role, String)>,
    detail: Vec<(Role, String)>,
    step_by: Step,
    /// When autoplay takes its next step, while it runs.
    autoplay: Option<Instant>,
    speed: usize,
    /// The go-to prompt's text, while it is open.
    prompt: Option<String>,
    /// Lines of "what changed" scrolled past.
    changes_top: usize,
    /// Lines of the resolution scrolled past.
    detail_top: usize,
    scratch: Scratch,
}

/// Applies one log entry to a game.
fn apply_entry<R: Ruleset>(game: &mut Game<R>, entry: &LogEntry<R::Action>) -> Result<(), String> {
    match entry {
        LogEntry::Act { seat, action, .. } => {
            game.apply(*seat, action.clone()).map_err(|e| e.to_string())
        }
        LogEntry::Undo { .. } => game.undo().map_err(|e| e.to_string()),
    }
}

/// Whether `viewer` sees any form of `e` (in full, or redacted).
fn visible_to(e: &Event, viewer: Option<Seat>) -> bool {
    match (viewer, e.visibility) {
        (None, _) | (_, Visibility::Public) => true,
        (Some(s), Visibility::Seats(set)) => set.contains(s) || e.redacted.is_some(),
    }
}

impl<R: Ruleset> Replay<R> {
    /// Opens a save for replay: checks it against its hashes while recording every event
    /// once, notes where each log entry's events end, and returns the model with the game at
    /// its starting position.
    pub fn open(
        ruleset: Arc<R>,
        file: SaveFile<R>,
        seat_names: Vec<String>,
    ) -> Result<(Replay<R>, Game<R>), String> {
        let full = save::replay(Arc::clone(&ruleset), file.clone(), Journal::recording())
            .map_err(|e| e.to_string())?;
        let (start, log) = file.take_log();
        let events = full.journal().events().to_vec();
        drop(full);
        let mut game = Replay::rebuild(&ruleset, &start)?;
        let setup_end = game.journal().len();
        let mut ends = Vec::with_capacity(log.len());
        let mut rounds = Vec::with_capacity(log.len() + 1);
        rounds.push(game.journal().round());
        for entry in &log {
            apply_entry(&mut game, entry)?;
            ends.push(game.journal().len());
            rounds.push(game.journal().round());
        }
        let game = Replay::rebuild(&ruleset, &start)?;
        let mut replay = Replay {
            start,
            log,
            seat_names,
            pos: 0,
            events,
            setup_end,
            ends,
            rounds,
            sel: None,
            perspective: None,
            before: None,
            step_label: String::new(),
            changes: Vec::new(),
            detail: Vec::new(),
            step_by: Step::Action,
            autoplay: None,
            speed: DEFAULT_SPEED,
            prompt: None,
            changes_top: 0,
            detail_top: 0,
            scratch: Scratch::default(),
        };
        replay.describe_step(&game);
        replay.explain(game.ruleset());
        Ok((replay, game))
    }

    /// The game at the start (the journal off: the replay already has every event).
    fn rebuild(ruleset: &Arc<R>, start: &SaveFile<R>) -> Result<Game<R>, String> {
        save::replay(Arc::clone(ruleset), start.clone(), Journal::off()).map_err(|e| e.to_string())
    }

    /// Log entries applied so far.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// The selected event, as the referee saw it.
    pub fn selected(&self) -> Option<&Event> {
        self.sel.and_then(|i| self.events.get(i))
    }

    /// Whose view the replay shows (`None`: the referee's).
    pub fn perspective(&self) -> Option<Seat> {
        self.perspective
    }

    /// The events shown at this position: up to the selected one, or to the end of the
    /// step's events when none is selected.
    pub fn shown_events(&self) -> &[Event] {
        let end = self.sel.map_or(self.end_of(self.pos), |s| s + 1);
        &self.events[..end.min(self.events.len())]
    }

    /// Whether autoplay runs.
    pub fn playing(&self) -> bool {
        self.autoplay.is_some()
    }

    /// How long until autoplay's next step, while it runs.
    pub fn wake_in(&self) -> Option<Duration> {
        self.autoplay
            .map(|at| at.saturating_duration_since(Instant::now()))
    }

    /// The go-to prompt's text, while it is open.
    pub fn prompt(&self) -> Option<&str> {
        self.prompt.as_deref()
    }

    /// What the last step did, in a few words.
    pub fn step_label(&self) -> &str {
        &self.step_label
    }

    /// The events written up to position `p` (the setup's at 0).
    fn end_of(&self, p: usize) -> usize {
        match p.checked_sub(1) {
            None => self.setup_end,
            Some(i) => self.ends.get(i).copied().unwrap_or(self.events.len()),
        }
    }

    /// The position at which event `e` has happened: after the log entry that wrote it.
    fn pos_of(&self, e: usize) -> usize {
        if e < self.setup_end {
            0
        } else {
            (self.ends.partition_point(|&end| end <= e) + 1).min(self.log.len())
        }
    }

    fn visible(&self, i: usize) -> bool {
        self.events
            .get(i)
            .is_some_and(|e| visible_to(e, self.perspective))
    }

    /// The first event of entry `p` (position `p`) the viewer may see.
    fn first_of(&self, p: usize) -> Option<usize> {
        if p == 0 {
            return None;
        }
        (self.end_of(p - 1)..self.end_of(p)).find(|&i| self.visible(i))
    }

    /// Moves the game to just after `target` log entries, keeping the state before the last
    /// one for "what changed". Forwards applies entries; backwards replays from the start.
    fn seek(&mut self, game: &mut Game<R>, target: usize) -> Result<(), String> {
        let target = target.min(self.log.len());
        if target == self.pos && (target == 0 || self.before.is_some()) {
            return Ok(());
        }
        let ruleset = game.ruleset_handle();
        if target == 0 {
            *game = Replay::rebuild(&ruleset, &self.start)?;
            self.pos = 0;
            self.before = None;
        } else {
            if target - 1 < self.pos {
                *game = Replay::rebuild(&ruleset, &self.start)?;
                self.pos = 0;
            }
            while self.pos < target - 1 {
                apply_entry(game, &self.log[self.pos])?;
                self.pos += 1;
            }
            self.before = Some(game.state().clone());
            apply_entry(game, &self.log[self.pos])?;
            self.pos += 1;
        }
        self.changes_top = 0;
        self.describe_step(game);
        Ok(())
    }

    /// Writes the step label and "what changed" for the current position.
    fn describe_step(&mut self, game: &Game<R>) {
        self.step_label.clear();
        let i = self.pos.checked_sub(1);
        match (i.and_then(|i| self.log.get(i)), &self.before) {
            (Some(LogEntry::Act { seat, action, .. }), Some(before)) => {
                let name = self
                    .seat_names
                    .get(seat.index())
                    .map_or("?", String::as_str);
                let _ = write!(
                    self.step_label,
                    "{name}: {}",
                    game.ruleset().describe(before, action)
                );
            }
            (Some(LogEntry::Undo { .. }), _) => {
                self.step_label
                    .push_str("undo: the last action in effect was taken back");
            }
            _ => self.step_label.push_str("the game as set up"),
        }
        self.diff(game);
    }

    /// Recomputes "what changed" between the state before the last entry and now, as the
    /// viewer may see both.
    fn diff(&mut self, game: &Game<R>) {
        self.changes.clear();
        let Some(before) = &self.before else {
            return;
        };
        let ruleset = game.ruleset();
        let old = view_lines(ruleset, before, self.perspective);
        let new = view_lines(ruleset, game.state(), self.perspective);
        for c in diff_lines(&old, &new) {
            let role = match c {
                Change::Added { .. } => Role::Good,
                Change::Removed { .. } => Role::Bad,
                Change::Changed { .. } => Role::Text,
            };
            self.changes.push((role, c.to_string()));
        }
    }

    /// Writes the resolution pane's lines for the selected event as the viewer saw it.
    fn explain(&mut self, ruleset: &R) {
        self.detail.clear();
        self.detail_top = 0;
        let total = self.events.len();
        let Some(i) = self.sel else {
            let text = if self.pos == 0 {
                "The start of the game. Right: the next event; . : the next action."
            } else {
                "This step wrote no event you may see. Right: the next event."
            };
            self.detail.push((Role::Dim, text.to_string()));
            return;
        };
        let Some(raw) = self.events.get(i) else {
            return;
        };
        // The action that wrote the event, counted as the position bar, `log` and
        // `explain --at` count it (0: the setup).
        let action = self.pos_of(i);
        let mut head = format!(
            "Event {} of {total}, action {action}, round {}",
            i + 1,
            raw.round
        );
        if let Some(s) = raw.seat {
            let name = self.seat_names.get(s.index()).map_or("?", String::as_str);
            let _ = write!(head, ", {name}");
        }
        self.detail.push((Role::Dim, head));
        let Some(e) = raw.view(self.perspective) else {
            let who = self
                .perspective
                .and_then(|s| self.seat_names.get(s.index()))
                .map_or("this seat", String::as_str);
            self.detail
                .push((Role::Dim, format!("Hidden from {who}: it was private.")));
            return;
        };
        self.detail
            .push((Role::Title, format!("Clause {}", e.rule)));
        self.detail.push((Role::Text, e.text.to_string()));
        // The roll first, so the dice, target, chance and outcome stay in view in a small
        // pane; then why: our summary of the clause and the inputs.
        if let Some(r) = e.roll {
            self.detail.push((
                Role::Text,
                format!("Dice: {} showing {:?} = {}", r.dice, r.faces, r.total),
            ));
            match (r.target, r.p) {
                (Some(t), Some(p)) => {
                    self.detail
                        .push((Role::Text, format!("Target: {t}   Chance: {p}")));
                }
                (Some(t), None) => self.detail.push((Role::Text, format!("Target: {t}"))),
                (None, Some(p)) => self.detail.push((Role::Text, format!("Chance: {p}"))),
                (None, None) => {}
            }
            let outcome = match r.success {
                Some(true) => (Role::Good, "Outcome: success"),
                Some(false) => (Role::Bad, "Outcome: failure"),
                None => (Role::Text, "Outcome: rolled (no target)"),
            };
            self.detail.push((outcome.0, outcome.1.to_string()));
        }
        // The engine's own clauses (undo, the seed commitment) have summaries too.
        let summary = trace::summary_for(ruleset, e.rule).unwrap_or("(no summary of this clause)");
        self.detail.push((Role::Dim, format!("Rule: {summary}")));
        if let Some(c) = &e.card {
            self.detail
                .push((Role::Text, format!("Card: {} ({})", c.card, c.deck)));
        }
        if let (None, Visibility::Seats(set)) = (self.perspective, raw.visibility) {
            let mut who = String::new();
            for s in set.iter() {
                if !who.is_empty() {
                    who.push_str(", ");
                }
                who.push_str(self.seat_names.get(s.index()).map_or("?", String::as_str));
            }
            let others = raw
                .redacted
                .as_ref()
                .map_or_else(|| "nothing".to_string(), ToString::to_string);
            self.detail.push((
                Role::Dim,
                format!("Private to {who}; the others saw: {others}"),
            ));
        }
        if !e.inputs.is_empty() {
            self.detail.push((Role::Title, "Inputs".to_string()));
            for input in &e.inputs {
                self.detail.push((Role::Text, format!("  {input}")));
            }
        }
    }

    /// Recomputes everything the viewer's eyes decide.
    fn reexplain(&mut self, game: &Game<R>) {
        self.diff(game);
        self.explain(game.ruleset());
    }

    /// Selects event `e` and moves the board to it.
    fn select(&mut self, game: &mut Game<R>, e: Option<usize>, pos: usize) -> Result<(), String> {
        self.sel = e;
        let r = self.seek(game, pos);
        self.explain(game.ruleset());
        r
    }

    /// Steps forwards by one event the viewer may see; returns false at the end.
    pub fn next_event(&mut self, game: &mut Game<R>) -> Result<bool, String> {
        self.step_by = Step::Event;
        let from = self.sel.map_or(self.end_of(self.pos), |s| s + 1);
        match (from..self.events.len()).find(|&i| self.visible(i)) {
            Some(i) => self.select(game, Some(i), self.pos_of(i)).map(|()| true),
            None if self.pos < self.log.len() => {
                self.select(game, None, self.log.len()).map(|()| true)
            }
            None => Ok(false),
        }
    }

    /// Steps back by one event the viewer may see; returns false at the start.
    pub fn prev_event(&mut self, game: &mut Game<R>) -> Result<bool, String> {
        self.step_by = Step::Event;
        let to = self.sel.unwrap_or(self.end_of(self.pos));
        match (0..to).rev().find(|&i| self.visible(i)) {
            Some(i) => self.select(game, Some(i), self.pos_of(i)).map(|()| true),
            None if self.pos > 0 || self.sel.is_some() => self.select(game, None, 0).map(|()| true),
            None => Ok(false),
        }
    }

    /// Steps forwards by one log entry; returns false at the end.
    pub fn next_action(&mut self, game: &mut Game<R>) -> Result<bool, String> {
        self.step_by = Step::Action;
        if self.pos >= self.log.len() {
            return Ok(false);
        }
        self.go_to_action(game, self.pos + 1).map(|()| true)
    }

    /// Steps back by one log entry; returns false at the start.
    pub fn prev_action(&mut self, game: &mut Game<R>) -> Result<bool, String> {
        self.step_by = Step::Action;
        if self.pos == 0 && self.sel.is_none() {
            return Ok(false);
        }
        self.go_to_action(game, self.pos.saturating_sub(1))
            .map(|()| true)
    }

    /// Goes to just after log entry `k` (1-based; 0 is the start), selecting its first
    /// event the viewer may see.
    pub fn go_to_action(&mut self, game: &mut Game<R>, k: usize) -> Result<(), String> {
        let k = k.min(self.log.len());
        self.select(game, self.first_of(k), k)
    }

    /// Goes to the first step of round `r`.
    pub fn go_to_round(&mut self, game: &mut Game<R>, r: u32) -> Result<(), String> {
        let Some(p) = self.rounds.iter().position(|&x| x >= r) else {
            let last = self.rounds.last().copied().unwrap_or(0);
            return Err(format!("the game ended in round {last}"));
        };
        self.go_to_action(game, p)
    }

    /// Goes to the start or the end of the log.
    pub fn go_to_end(&mut self, game: &mut Game<R>, end: bool) -> Result<(), String> {
        let k = if end { self.log.len() } else { 0 };
        self.select(game, None, k)
    }

    /// Shows the game as the referee (`None`) or one seat saw it.
    pub fn set_perspective(&mut self, game: &Game<R>, viewer: Option<Seat>) {
        self.perspective = viewer;
        self.reexplain(game);
    }

    /// The next perspective in the cycle referee, seat 1, seat 2, …, referee.
    pub fn next_perspective(&self) -> Option<Seat> {
        let count = u8::try_from(self.seat_names.len()).unwrap_or(u8::MAX);
        match self.perspective {
            None if count > 0 => Some(Seat(0)),
            Some(s) if s.0 + 1 < count => Some(Seat(s.0 + 1)),
            _ => None,
        }
    }

    /// Starts or stops autoplay; returns whether it now runs.
    pub fn toggle_autoplay(&mut self) -> bool {
        self.autoplay = match self.autoplay {
            Some(_) => None,
            None => Some(Instant::now() + self.interval()),
        };
        self.autoplay.is_some()
    }

    /// Autoplay faster (`true`) or slower.
    pub fn change_speed(&mut self, faster: bool) {
        self.speed = if faster {
            (self.speed + 1).min(SPEEDS.len() - 1)
        } else {
            self.speed.saturating_sub(1)
        };
    }

    fn interval(&self) -> Duration {
        Duration::from_millis(SPEEDS[self.speed.min(SPEEDS.len() - 1)].0)
    }

    /// Takes autoplay's next step when it is due; returns whether anything changed.
    pub fn tick(&mut self, game: &mut Game<R>) -> Result<bool, String> {
        let Some(at) = self.autoplay else {
            return Ok(false);
        };
        if Instant::now() < at {
            return Ok(false);
        }
        let moved = match self.step_by {
            Step::Event => self.next_event(game),
            Step::Action => self.next_action(game),
        };
        match moved {
            Ok(true) => self.autoplay = Some(Instant::now() + self.interval()),
            _ => self.autoplay = None,
        }
        moved.map(|_| true)
    }

    /// Opens the go-to prompt.
    pub fn open_prompt(&mut self) {
        self.prompt = Some(String::new());
    }

    /// Closes the go-to prompt without going anywhere.
    pub fn close_prompt(&mut self) {
        self.prompt = None;
    }

    /// Types into the go-to prompt (digits and `r`; Backspace deletes).
    pub fn prompt_char(&mut self, c: Option<char>) {
        if let Some(p) = &mut self.prompt {
            match c {
                Some(c @ ('0'..='9' | 'r' | 'R')) if p.len() < 12 => p.push(c),
                None => {
                    p.pop();
                }
                Some(_) => {}
            }
        }
    }

    /// Goes where the prompt says: an action number, or `r` and a round number.
    pub fn submit_prompt(&mut self, game: &mut Game<R>) -> Result<(), String> {
        let Some(text) = self.prompt.take() else {
            return Ok(());
        };
        let text = text.trim();
        let (round, digits) = match text.strip_prefix(['r', 'R']) {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let n: u64 = digits
            .parse()
            .map_err(|_| format!("`{text}` is not an action number or r and a round"))?;
        if round {
            self.go_to_round(game, u32::try_from(n).unwrap_or(u32::MAX))
        } else {
            let total = self.log.len();
            match usize::try_from(n) {
                Ok(k) if k <= total => self.go_to_action(game, k),
                _ => Err(format!("there are only {total} actions")),
            }
        }
    }

    /// Scrolls "what changed" by `delta` rows.
    pub fn scroll_changes(&mut self, delta: isize) {
        let max = self.changes.len().saturating_sub(1);
        self.changes_top = self.changes_top.saturating_add_signed(delta).min(max);
    }

    /// Scrolls the resolution by `delta` lines.
    pub fn scroll_detail(&mut self, delta: isize) {
        let max = self.detail.len().saturating_sub(1);
        self.detail_top = self.detail_top.saturating_add_signed(delta).min(max);
    }

    // ---- drawing ----

    /// Draws the position bar on row `y`: where the replay is, whose view, autoplay, and a
    /// bar of the way through the log.
    pub fn render_bar(&mut self, area: Rect, y: u16, buf: &mut Buffer, theme: &Theme) {
        let round = self.rounds.get(self.pos).copied().unwrap_or(0);
        let view = match self.perspective {
            None => "referee",
            Some(s) => self.seat_names.get(s.index()).map_or("?", String::as_str),
        };
        let total = self.events.len();
        let shown = self.sel.map_or(self.end_of(self.pos), |s| s + 1);
        let text = self.scratch.format(format_args!(
            "Action {} of {} | round {round} | event {shown}/{total} | view: {view}",
            self.pos,
            self.log.len(),
        ));
        let mut x = draw::text(buf, area, area.x, y, text, theme.style(Role::Key));
        if self.autoplay.is_some() {
            let speed = SPEEDS[self.speed.min(SPEEDS.len() - 1)].1;
            let text = self.scratch.format(format_args!(" | autoplay {speed}"));
            x = draw::text(buf, area, x, y, text, theme.style(Role::Good));
        }
        let room = area.right().saturating_sub(x + 2);
        if room >= 6 {
            let width = room.min(30);
            let x = area.right().saturating_sub(width);
            let den = u64::try_from(self.log.len()).unwrap_or(u64::MAX).max(1);
            let num = u64::try_from(self.pos).unwrap_or(0);
            draw::bar(
                buf,
                area,
                x,
                y,
                width,
                num,
                den,
                theme.style(Role::Key),
                theme,
            );
        }
    }

    /// Draws the resolution pane.
    pub fn render_detail(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let title = if self.detail_top > 0 {
            self.scratch.format(format_args!(
                "Resolution (from line {})",
                self.detail_top + 1
            ))
        } else {
            "Resolution"
        };
        let inner = draw::frame(buf, area, title, false, theme);
        let used = draw_lines(buf, inner, &self.detail, self.detail_top, theme);
        if used < self.detail.len() {
            let more = " more: ] ";
            draw::border_note(buf, area, more, theme);
        }
    }

    /// Draws "what changed".
    pub fn render_changes(&mut self, area: Rect, buf: &mut Buffer, focused: bool, theme: &Theme) {
        let title = if self.changes_top > 0 {
            self.scratch
                .format(format_args!("What changed (from {})", self.changes_top + 1))
        } else {
            "What changed"
        };
        let inner = draw::frame(buf, area, title, focused, theme);
        if self.changes.is_empty() {
            let text = match (&self.before, self.pos) {
                (_, 0) => "Nothing yet: this is the game as set up.",
                (None, _) => "",
                (Some(_), _) => "Nothing this view shows changed.",
            };
            draw::wrapped(buf, inner, 0, 0, text, theme.style(Role::Dim));
            return;
        }
        let used = draw_lines(buf, inner, &self.changes, self.changes_top, theme);
        if used < self.changes.len() {
            let left = self.changes.len() - used;
            // Unfocused, the keys that reach them: in words where the border has room.
            let wide = usize::from(area.width) >= 29 + left.to_string().len();
            let more = if focused {
                self.scratch.format(format_args!(" {left} more: Down "))
            } else if wide {
                self.scratch
                    .format(format_args!(" {left} more, Tab here and Down "))
            } else {
                self.scratch
                    .format(format_args!(" {left} more: Tab, Down "))
            };
            draw::border_note(buf, area, more, theme);
        }
    }
}

/// Draws word-wrapped lines down `area` from line `skip`; returns the index after the last
/// line drawn in full.
fn draw_lines(
    buf: &mut Buffer,
    area: Rect,
    lines: &[(Role, String)],
    skip: usize,
    theme: &Theme,
) -> usize {
    let mut row = 0u16;
    for (i, (role, text)) in lines.iter().enumerate().skip(skip) {
        if row >= area.height {
            return i;
        }
        let rest = Rect::new(area.x, area.y + row, area.width, area.height - row);
        let rows = draw::wrapped(buf, rest, 0, 0, text, theme.style(*role));
        row = row.saturating_add(u16::try_from(rows).unwrap_or(u16::MAX));
        if row > area.height {
            return i;
        }
    }
    lines.len()
}
