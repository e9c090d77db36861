//! The journal pane: every event as the viewing seat may see it, with its clause ID, and for
//! rolls the dice, faces, target and exact chance; scrollable and filtered by kind. AI players'
//! one-line reasons are shown among the events they led to.

use crate::draw::{self, Scratch};
use crate::theme::{Role, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use squadsight_core::Seat;
use squadsight_core::journal::{Event, EventKind, Journal};

/// Which events the pane shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Filter {
    /// Everything.
    #[default]
    All,
    /// Dice rolls only.
    Rolls,
    /// Attacks, damage and the rolls they caused.
    Combat,
    /// Card draws, plays, discards, shuffles and reveals.
    Cards,
    /// Movement.
    Moves,
    /// Setup, turns, phases and the end of the game.
    Turns,
    /// AI players' choices and reasons.
    Ai,
}

impl Filter {
    const ORDER: [Filter; 7] = [
        Filter::All,
        Filter::Rolls,
        Filter::Combat,
        Filter::Cards,
        Filter::Moves,
        Filter::Turns,
        Filter::Ai,
    ];

    /// The next filter in the cycle.
    pub fn next(self) -> Filter {
        let i = Filter::ORDER.iter().position(|f| *f == self).unwrap_or(0);
        Filter::ORDER[(i + 1) % Filter::ORDER.len()]
    }

    /// Its name in the pane title.
    pub fn label(self) -> &'static str {
        match self {
            Filter::All => "all",
            Filter::Rolls => "rolls",
            Filter::Combat => "combat",
            Filter::Cards => "cards",
            Filter::Moves => "moves",
            Filter::Turns => "turns",
            Filter::Ai => "AI",
        }
    }

    fn accepts(self, kind: EventKind, has_roll: bool) -> bool {
        use EventKind as K;
        match self {
            Filter::All => true,
            Filter::Rolls => has_roll || kind == K::Roll,
            Filter::Combat => has_roll || matches!(kind, K::Attack | K::Damage | K::Roll),
            Filter::Cards => matches!(
                kind,
                K::Draw | K::Play | K::Discard | K::Shuffle | K::Reveal
            ),
            Filter::Moves => kind == K::Move,
            Filter::Turns => matches!(kind, K::Setup | K::Turn | K::End | K::Undo),
            Filter::Ai => kind == K::Ai,
        }
    }
}

/// An AI player's choice, shown before the events it caused.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Note {
    /// The journal length when the choice was made.
    at: usize,
    seat: Seat,
    text: String,
}

#[derive(Clone, Debug)]
enum Entry {
    Event(Box<Event>),
    Note(usize),
}

/// The journal pane's state.
#[derive(Debug, Default)]
pub struct JournalPane {
    entries: Vec<Entry>,
    /// Raw journal events already looked at.
    synced: usize,
    /// Notes already placed among the entries.
    placed: usize,
    /// Whose view the entries were built for (`Some(None)` is the referee's).
    viewer: Option<Option<Seat>>,
    notes: Vec<Note>,
    /// Entries (after filtering) hidden below the bottom of the pane.
    scroll: usize,
    /// The most `scroll` may be and still fill the pane (from the last drawing).
    max_scroll: usize,
    filter: Filter,
    /// The sequence number of the event drawn highlighted (the replay's selection).
    mark: Option<u32>,
    scratch: Scratch,
    roll_text: Scratch,
    title: Scratch,
}

impl JournalPane {
    /// Takes in new events, redacted for `viewer` (`None`: the referee, who sees all); a
    /// change of viewer rebuilds the list so nothing another seat could see stays on screen.
    /// A journal shorter than before (a replay stepped back) is read again from the start.
    pub fn sync(&mut self, journal: &Journal, viewer: Option<Seat>) {
        self.sync_events(journal.events(), viewer);
    }

    /// [`JournalPane::sync`] over a list of events, such as the replay's events up to its
    /// position.
    pub fn sync_events(&mut self, events: &[Event], viewer: Option<Seat>) {
        if self.viewer != Some(viewer) || events.len() < self.synced {
            self.viewer = Some(viewer);
            self.entries.clear();
            self.synced = 0;
            self.placed = 0;
            self.notes.retain(|n| n.at <= events.len());
        }
        while self.synced < events.len() {
            self.place_notes(self.synced);
            if let Some(e) = events[self.synced].view(viewer) {
                self.entries.push(Entry::Event(Box::new(e)));
            }
            self.synced += 1;
        }
        self.place_notes(self.synced);
    }

    fn place_notes(&mut self, upto: usize) {
        while let Some(n) = self.notes.get(self.placed) {
            if n.at > upto {
                break;
            }
            self.entries.push(Entry::Note(self.placed));
            self.placed += 1;
        }
    }

    /// Highlights the event with sequence number `seq` (none: no highlight).
    pub fn mark(&mut self, seq: Option<u32>) {
        self.mark = seq;
    }

    /// Records an AI player's choice, made when the journal had `at` events.
    pub fn note(&mut self, at: usize, seat: Seat, text: String) {
        self.notes.push(Note { at, seat, text });
    }

    /// Shows the next kind of events.
    pub fn cycle_filter(&mut self) {
        self.filter = self.filter.next();
        self.scroll = 0;
    }

    fn shown(&self) -> usize {
        self.entries.iter().filter(|e| self.accepts(e)).count()
    }

    fn accepts(&self, entry: &Entry) -> bool {
        match entry {
            Entry::Event(e) => self.filter.accepts(e.kind, e.roll.is_some()),
            Entry::Note(_) => matches!(self.filter, Filter::All | Filter::Ai),
        }
    }

    /// Scrolls towards older events (positive) or newer ones (negative).
    pub fn scroll_by(&mut self, delta: isize) {
        let max = self.shown().saturating_sub(1).min(self.max_scroll);
        self.scroll = self.scroll.saturating_add_signed(delta).min(max);
    }

    /// Jumps to the oldest event.
    pub fn scroll_to_oldest(&mut self) {
        self.scroll = self.shown().saturating_sub(1).min(self.max_scroll);
    }

    /// Jumps back to the newest event.
    pub fn scroll_to_newest(&mut self) {
        self.scroll = 0;
    }

    /// Draws the pane, framed, newest events at the bottom.
    pub fn render(&mut self, area: Rect, buf: &mut Buffer, focused: bool, theme: &Theme) {
        let title = self.title.format(format_args!(
            "Journal [{}]{}",
            self.filter.label(),
            if self.scroll > 0 {
                " older; End: newest"
            } else {
                ""
            },
        ));
        let inner = draw::frame(buf, area, title, focused, theme);
        if inner.width == 0 || inner.height == 0 {
            return;
        }
        // Never scroll so far that the oldest entries leave the pane half empty.
        self.max_scroll = self.fill_limit(inner);
        self.scroll = self.scroll.min(self.max_scroll);
        let mut bottom = inner.bottom();
        let mut skipped = 0;
        for i in (0..self.entries.len()).rev() {
            if bottom <= inner.top() {
                break;
            }
            if !self.accepts(&self.entries[i]) {
                continue;
            }
            if skipped < self.scroll {
                skipped += 1;
                continue;
            }
            bottom = self.render_entry(i, inner, bottom, buf, theme);
        }
        if self.entries.is_empty() {
            draw::line(
                buf,
                inner,
                inner.y,
                "Nothing has happened yet.",
                theme.style(Role::Dim),
            );
        }
    }

    /// The largest scroll that still fills the pane: the shown entries minus the oldest ones
    /// that together fill it.
    fn fill_limit(&mut self, inner: Rect) -> usize {
        let mut rows = 0usize;
        let mut fit = 0usize;
        let mut shown = 0usize;
        for i in 0..self.entries.len() {
            if !self.accepts(&self.entries[i]) {
                continue;
            }
            shown += 1;
            if rows < usize::from(inner.height) {
                let (head_rows, roll_rows, _) = self.measure(i, inner.width);
                rows += head_rows + roll_rows;
                fit += 1;
            }
        }
        shown.saturating_sub(fit.max(1))
    }

    /// Formats entry `i` into the scratch buffers (`scratch`: the head line, `roll_text`:
    /// the roll) and returns where the highlighted part of the head is, the head's role, and
    /// the roll's outcome word and role.
    fn format_entry(&mut self, i: usize) -> Option<Formatted> {
        match &self.entries[i] {
            Entry::Event(e) => {
                let text = self.scratch.format(format_args!(
                    "R{} {} {} {}",
                    e.round,
                    SeatTag(e.seat),
                    e.rule,
                    e.text
                ));
                let rule_start = text.len() - e.text.len() - 1 - e.rule.len();
                let highlight = (text[..rule_start].chars().count(), e.rule.chars().count());
                // A roll gets a second paragraph: the outcome first, then dice, faces,
                // target and odds.
                let outcome = e.roll.map(|r| {
                    let outcome = match r.success {
                        Some(true) => ("success", Role::Good),
                        Some(false) => ("failure", Role::Bad),
                        None => ("rolled", Role::Text),
                    };
                    match (r.target, r.p) {
                        (Some(t), Some(p)) => self.roll_text.format(format_args!(
                            "{}: {} {:?} = {}, needs {}, chance {}",
                            outcome.0, r.dice, r.faces, r.total, t, p
                        )),
                        _ => self.roll_text.format(format_args!(
                            "{}: {} {:?} = {}",
                            outcome.0, r.dice, r.faces, r.total
                        )),
                    };
                    outcome
                });
                Some(Formatted {
                    highlight,
                    role: if self.mark == Some(e.seq) {
                        Role::Selected
                    } else {
                        Role::Text
                    },
                    outcome,
                })
            }
            Entry::Note(n) => {
                let note = self.notes.get(*n)?;
                self.scratch.format(format_args!(
                    "AI s{}: {}",
                    u16::from(note.seat.0) + 1,
                    note.text
                ));
                Some(Formatted {
                    highlight: (0, 2),
                    role: Role::Dim,
                    outcome: None,
                })
            }
        }
    }

    /// Rows entry `i` takes at `width`: the head, the roll, and the formatting details.
    fn measure(&mut self, i: usize, width: u16) -> (usize, usize, Option<Formatted>) {
        let Some(f) = self.format_entry(i) else {
            return (0, 0, None);
        };
        let head_rows = draw::wrap_rows(self.scratch.as_str(), width);
        let roll_rows = if f.outcome.is_some() {
            draw::wrap_rows(self.roll_text.as_str(), width - indent(width))
        } else {
            0
        };
        (head_rows, roll_rows, Some(f))
    }

    /// Draws entry `i` so that it ends just above row `bottom`; returns its top row.
    fn render_entry(
        &mut self,
        i: usize,
        inner: Rect,
        bottom: u16,
        buf: &mut Buffer,
        theme: &Theme,
    ) -> u16 {
        let (head_rows, roll_rows, Some(f)) = self.measure(i, inner.width) else {
            return bottom;
        };
        let height = u16::try_from(head_rows + roll_rows).unwrap_or(u16::MAX);
        let top = bottom.saturating_sub(height);
        // Rows above the pane are skipped, not drawn.
        let hidden = usize::from(inner.top().saturating_sub(top));
        let y = top.max(inner.top());
        let area = Rect::new(inner.x, y, inner.width, bottom.saturating_sub(y));
        draw::wrapped(
            buf,
            area,
            0,
            hidden,
            self.scratch.as_str(),
            theme.style(f.role),
        );
        if hidden == 0 {
            // The clause ID (or the AI marker) stands out; its place is on the first row.
            let (start, len) = f.highlight;
            restyle_run(buf, area, y, start, len, theme.style(Role::Title));
        }
        if let Some(outcome) = f.outcome {
            let first = head_rows.saturating_sub(hidden);
            let skip = hidden.saturating_sub(head_rows);
            let first = u16::try_from(first).unwrap_or(u16::MAX);
            let ind = indent(inner.width);
            let area = Rect::new(area.x + ind, area.y, area.width - ind, area.height);
            draw::wrapped(
                buf,
                area,
                first,
                skip,
                self.roll_text.as_str(),
                theme.style(Role::Dim),
            );
            if skip == 0 {
                let row = y.saturating_add(first);
                restyle_run(buf, area, row, 0, outcome.0.len(), theme.style(outcome.1));
            }
        }
        top
    }
}

/// How an entry was formatted (the text itself is in the pane's scratch buffers).
#[derive(Clone, Copy, Debug)]
struct Formatted {
    /// Start and length, in characters, of the part of the head drawn as a title.
    highlight: (usize, usize),
    /// The head's role.
    role: Role,
    /// For a roll: its outcome word and role.
    outcome: Option<(&'static str, Role)>,
}

/// The roll paragraph's indent: two columns when there is room.
fn indent(width: u16) -> u16 {
    2.min(width.saturating_sub(1))
}

/// Adds `style` to `len` cells of row `y` starting `from` cells into `area`.
fn restyle_run(
    buf: &mut Buffer,
    area: Rect,
    y: u16,
    from: usize,
    len: usize,
    style: ratatui::style::Style,
) {
    for c in from..from + len {
        let x = area.x.saturating_add(u16::try_from(c).unwrap_or(u16::MAX));
        draw::restyle(buf, area, x, y, style);
    }
}

/// A seat as the journal shows it: `s1`, `s2`…, or `--` for events no seat caused.
struct SeatTag(Option<Seat>);

impl std::fmt::Display for SeatTag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(s) => write!(f, "s{}", u16::from(s.0) + 1),
            None => f.write_str("--"),
        }
    }
}
