//! Drawing primitives that clip to an area and never index outside the buffer, so no screen
//! can panic at any terminal size. Every screen draws through these.

use crate::theme::{Role, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use std::fmt::Write as _;

/// `area` cut down to what the buffer really holds.
pub fn clip(buf: &Buffer, area: Rect) -> Rect {
    buf.area.intersection(area)
}

/// Writes `text` at `(x, y)`, clipped to `area`; returns the column after the last cell
/// written (or `x` when nothing fits).
pub fn text(buf: &mut Buffer, area: Rect, x: u16, y: u16, text: &str, style: Style) -> u16 {
    let area = clip(buf, area);
    if y < area.top() || y >= area.bottom() || x < area.left() || x >= area.right() {
        return x;
    }
    let room = usize::from(area.right() - x);
    buf.set_stringn(x, y, text, room, style).0
}

/// Writes a screen's key hint on the last row of `area`, dimmed: "Up/Down choose, Enter
/// open, Esc back". Where it does not fit, its comma-separated phrases are kept whole and
/// the ones that do not fit left out, as in the key bar.
pub fn footer(buf: &mut Buffer, area: Rect, hint: &str, theme: &Theme) {
    let y = area.bottom().saturating_sub(1);
    let style = theme.style(Role::Dim);
    let room = usize::from(clip(buf, area).width);
    if hint.chars().count() <= room {
        line(buf, area, y, hint, style);
        return;
    }
    let mut used = 0;
    let mut x = area.x;
    for phrase in hint.split(", ") {
        let sep = if used == 0 { "" } else { ", " };
        let need = sep.len() + phrase.chars().count();
        if used + need > room {
            continue;
        }
        x = text(buf, area, x, y, sep, style);
        x = text(buf, area, x, y, phrase, style);
        used += need;
    }
}

/// Writes a short note into the bottom border of a framed pane, right-aligned one cell in
/// from the corner ("1/25", "more: ]"), dimmed.
pub fn border_note(buf: &mut Buffer, area: Rect, note: &str, theme: &Theme) {
    let w = u16::try_from(note.chars().count()).unwrap_or(0);
    text(
        buf,
        area,
        area.right().saturating_sub(w + 1),
        area.bottom().saturating_sub(1),
        note,
        theme.style(Role::Dim),
    );
}

/// Writes a key bar along row `y` from `x`: each `(key, what)` entry as `key:what`, two
/// spaces apart, or one apart when that is what makes them all fit. An entry is written whole
/// or not at all. When they do not all fit, the last two (help and leaving, on every screen)
/// stay and the others are kept from the first while they fit whole (the help overlay lists
/// every key), so a key is never cut mid-word. Returns the column after the last cell written.
pub fn key_bar(
    buf: &mut Buffer,
    area: Rect,
    x: u16,
    y: u16,
    keys: &[(&str, &str)],
    theme: &Theme,
) -> u16 {
    let room = usize::from(clip(buf, area).right().saturating_sub(x));
    let width = |(key, what): &(&str, &str)| key.chars().count() + 1 + what.chars().count();
    let span = |keys: &[(&str, &str)], gap: usize| {
        keys.iter().map(width).sum::<usize>() + gap * keys.len().saturating_sub(1)
    };
    let gap = if span(keys, 2) <= room { 2 } else { 1 };
    // Which entries stand: all, or the last two and what fits of the rest before them (a
    // bar holds at most 16; no screen offers half as many).
    let mut keep = [true; 16];
    if span(keys, gap) > room {
        let tail = keys.len().saturating_sub(2);
        let mut used = span(&keys[tail..], gap);
        for (i, entry) in keys[..tail].iter().enumerate() {
            let need = width(entry) + gap;
            if let Some(k) = keep.get_mut(i) {
                *k = used + need <= room;
                if *k {
                    used += need;
                }
            }
        }
    }
    let mut at = x;
    let mut first = true;
    for (entry, _) in keys.iter().zip(keep).filter(|(_, k)| *k) {
        let need = if first { 0 } else { gap } + width(entry);
        if usize::from(clip(buf, area).right().saturating_sub(at)) < need {
            continue;
        }
        if !first {
            at = text(buf, area, at, y, &"  "[..gap], theme.style(Role::Text));
        }
        let (key, what) = entry;
        at = text(buf, area, at, y, key, theme.style(Role::Key));
        at = text(buf, area, at, y, ":", theme.style(Role::Dim));
        at = text(buf, area, at, y, what, theme.style(Role::Text));
        first = false;
    }
    at
}

/// Writes `text` at (`x`, `y`) like [`text`], but when it does not fit before the right
/// edge of `area` its last visible cell becomes `>`, so a cut never passes for the whole
/// text. Returns the column after the last cell written.
pub fn text_cut(buf: &mut Buffer, area: Rect, x: u16, y: u16, s: &str, style: Style) -> u16 {
    let clipped = clip(buf, area);
    if y < clipped.top() || y >= clipped.bottom() || x < clipped.left() || x >= clipped.right() {
        return x;
    }
    let room = usize::from(clipped.right() - x);
    let end = text(buf, area, x, y, s, style);
    if s.chars().count() > room {
        cell(buf, clipped, clipped.right() - 1, y, ">", style);
    }
    end
}

/// The note on a pane's last row that more text lies below it, the longest wording that
/// fits `width` columns: it always says that more is there and, where it fits, that a taller
/// terminal shows it.
pub fn more_below(width: u16) -> &'static str {
    const FORMS: [&str; 3] = [
        "v more below (taller terminal)",
        "v more in a taller terminal",
        "v more below",
    ];
    FORMS
        .into_iter()
        .find(|f| f.len() <= usize::from(width))
        .unwrap_or(FORMS[2])
}

/// Writes a line of text starting at the left of row `y` of `area`.
pub fn line(buf: &mut Buffer, area: Rect, y: u16, s: &str, style: Style) -> u16 {
    text(buf, area, area.x, y, s, style)
}

/// Writes `s` centred on row `y` of `area`.
pub fn centered(buf: &mut Buffer, area: Rect, y: u16, s: &str, style: Style) {
    let width = u16::try_from(s.chars().count()).unwrap_or(u16::MAX);
    let x = area.x + area.width.saturating_sub(width) / 2;
    text(buf, area, x, y, s, style);
}

/// Sets the style of every cell of `area` (clipped).
pub fn fill(buf: &mut Buffer, area: Rect, style: Style) {
    let area = clip(buf, area);
    buf.set_style(area, style);
}

/// Blanks `area` (clipped) with spaces in `style`.
pub fn clear(buf: &mut Buffer, area: Rect, style: Style) {
    let area = clip(buf, area);
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            if let Some(cell) = buf.cell_mut(Position { x, y }) {
                cell.reset();
                cell.set_symbol(" ").set_style(style);
            }
        }
    }
}

/// Sets one cell's symbol and style, if it is inside `area` and the buffer.
pub fn cell(buf: &mut Buffer, area: Rect, x: u16, y: u16, symbol: &str, style: Style) {
    if x < area.left() || x >= area.right() || y < area.top() || y >= area.bottom() {
        return;
    }
    if let Some(cell) = buf.cell_mut(Position { x, y }) {
        cell.set_symbol(symbol).set_style(style);
    }
}

/// Adds `style` on top of one cell's style, if it is inside `area` and the buffer.
pub fn restyle(buf: &mut Buffer, area: Rect, x: u16, y: u16, style: Style) {
    if x < area.left() || x >= area.right() || y < area.top() || y >= area.bottom() {
        return;
    }
    if let Some(cell) = buf.cell_mut(Position { x, y }) {
        let merged = cell.style().patch(style);
        cell.set_style(merged);
    }
}

/// Draws a frame around `area` with `title` on its top edge and returns the inside. A frame
/// needs at least 2×2 cells; smaller areas are returned unframed.
pub fn frame(buf: &mut Buffer, area: Rect, title: &str, focused: bool, theme: &Theme) -> Rect {
    let area = clip(buf, area);
    if area.width < 2 || area.height < 2 {
        return area;
    }
    let g = theme.border(focused);
    let style = theme.style(if focused { Role::Focus } else { Role::Border });
    let (l, r, t, b) = (area.left(), area.right() - 1, area.top(), area.bottom() - 1);
    for x in l + 1..r {
        cell(buf, area, x, t, g.horizontal, style);
        cell(buf, area, x, b, g.horizontal, style);
    }
    for y in t + 1..b {
        cell(buf, area, l, y, g.vertical, style);
        cell(buf, area, r, y, g.vertical, style);
    }
    cell(buf, area, l, t, g.corners[0], style);
    cell(buf, area, r, t, g.corners[1], style);
    cell(buf, area, l, b, g.corners[2], style);
    cell(buf, area, r, b, g.corners[3], style);
    if !title.is_empty() && area.width > 4 {
        let top = Rect::new(l + 1, t, area.width - 2, 1);
        let x = text(buf, top, l + 1, t, " ", style);
        let x = text(buf, top, x, t, title, theme.style(Role::Title));
        text(buf, top, x, t, " ", style);
    }
    Rect::new(
        area.x + 1,
        area.y + 1,
        area.width.saturating_sub(2),
        area.height.saturating_sub(2),
    )
}

/// Draws a bar `width` cells wide, filled in proportion `num / den`, followed by nothing.
/// Returns the column after it.
#[allow(clippy::too_many_arguments)]
pub fn bar(
    buf: &mut Buffer,
    area: Rect,
    x: u16,
    y: u16,
    width: u16,
    num: u64,
    den: u64,
    style: Style,
    theme: &Theme,
) -> u16 {
    let filled = if den == 0 {
        0
    } else {
        // Round to the nearest cell; the bar is presentation only.
        u16::try_from(
            (u128::from(num.min(den)) * u128::from(width) * 2 + u128::from(den))
                / (2 * u128::from(den)),
        )
        .unwrap_or(width)
    };
    let (full, empty) = theme.bar_cells();
    for i in 0..width {
        let (symbol, s) = if i < filled {
            (full, style)
        } else {
            (empty, theme.style(Role::Dim))
        };
        cell(buf, area, x.saturating_add(i), y, symbol, s);
    }
    x.saturating_add(width)
}

/// Word-wraps `s` into rows of `area` starting at row `first` (relative), skipping the first
/// `skip` wrapped rows; returns how many rows the whole text takes at this width.
pub fn wrapped(
    buf: &mut Buffer,
    area: Rect,
    first: u16,
    skip: usize,
    s: &str,
    style: Style,
) -> usize {
    wrap(s, area.width, |row, col, piece| {
        if row < skip {
            return;
        }
        let (Ok(r), Ok(c)) = (u16::try_from(row - skip), u16::try_from(col)) else {
            return;
        };
        let y = area.y.saturating_add(first).saturating_add(r);
        text(buf, area, area.x.saturating_add(c), y, piece, style);
    })
}

/// How many rows [`wrapped`] would take for `s` at `width` columns.
pub fn wrap_rows(s: &str, width: u16) -> usize {
    wrap(s, width, |_, _, _| {})
}

/// The word-wrapping shared by [`wrapped`] and [`wrap_rows`]: calls `emit(row, col, piece)`
/// for each piece of text placed and returns the number of rows. Words longer than a row are
/// cut over several rows.
fn wrap(s: &str, width: u16, mut emit: impl FnMut(usize, usize, &str)) -> usize {
    let width = usize::from(width.max(1));
    let mut row = 0usize;
    let mut col = 0usize;
    for paragraph in s.split('\n') {
        for word in paragraph.split(' ') {
            let len = word.chars().count();
            if col > 0 && col + 1 + len > width {
                row += 1;
                col = 0;
            }
            if col > 0 {
                col += 1;
            }
            let mut rest = word;
            loop {
                let (head, tail) = split_at_chars(rest, width - col);
                if !head.is_empty() {
                    emit(row, col, head);
                }
                col += head.chars().count();
                if tail.is_empty() {
                    break;
                }
                rest = tail;
                row += 1;
                col = 0;
            }
        }
        row += 1;
        col = 0;
    }
    row
}

fn split_at_chars(s: &str, n: usize) -> (&str, &str) {
    match s.char_indices().nth(n) {
        Some((i, _)) => s.split_at(i),
        None => (s, ""),
    }
}

/// A reusable text buffer for formatting without allocating on every frame.
#[derive(Clone, Default, Debug)]
pub struct Scratch(String);

impl Scratch {
    /// Clears the buffer and formats `args` into it.
    pub fn format(&mut self, args: std::fmt::Arguments<'_>) -> &str {
        self.0.clear();
        // Writing into a String cannot fail.
        let _ = self.0.write_fmt(args);
        &self.0
    }

    /// What was last formatted.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Writes successive word-wrapped paragraphs down an area (the side panels' cards and odds).
pub struct Writer<'a> {
    buf: &'a mut Buffer,
    area: Rect,
    row: u16,
    /// Whether some text did not fit.
    cut: bool,
}

impl<'a> Writer<'a> {
    /// A writer at the top of `area`.
    pub fn new(buf: &'a mut Buffer, area: Rect) -> Writer<'a> {
        Writer {
            buf,
            area,
            row: 0,
            cut: false,
        }
    }

    /// One paragraph, wrapped to the area's width; nothing once the area is full.
    pub fn para(&mut self, text: &str, style: Style) {
        if self.row >= self.area.height {
            self.cut = true;
            return;
        }
        let rest = Rect::new(
            self.area.x,
            self.area.y + self.row,
            self.area.width,
            self.area.height - self.row,
        );
        let used = wrapped(self.buf, rest, 0, 0, text, style);
        if used > usize::from(rest.height) {
            self.cut = true;
        }
        self.row = self
            .row
            .saturating_add(u16::try_from(used).unwrap_or(u16::MAX));
    }

    /// Ends the writing: when some text did not fit, the area's last row says so, so that
    /// nothing is cut off without a mark.
    pub fn finish(self, style: Style) {
        if !self.cut || self.area.height == 0 {
            return;
        }
        let y = self.area.bottom() - 1;
        let blank = Rect::new(self.area.x, y, self.area.width, 1);
        clear(self.buf, blank, style);
        let hint = more_below(self.area.width);
        text_cut(self.buf, self.area, self.area.x, y, hint, style);
    }

    /// A labelled chance: the text, then a bar of the probability.
    pub fn chance(&mut self, text: &str, p: squadsight_core::Ratio, theme: &Theme) {
        self.para(text, theme.style(Role::Text));
        if self.row >= self.area.height {
            self.cut = true;
            return;
        }
        let y = self.area.y + self.row;
        let width = self.area.width.saturating_sub(4).min(20);
        bar(
            self.buf,
            self.area,
            self.area.x + 2,
            y,
            width,
            p.num(),
            p.den(),
            theme.style(Role::Good),
            theme,
        );
        self.row += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The buffer's text, row by row, without styles.
    fn rows(buf: &Buffer) -> Vec<String> {
        let w = usize::from(buf.area.width);
        buf.content()
            .chunks(w.max(1))
            .map(|row| row.iter().map(|c| c.symbol()).collect())
            .collect()
    }

    #[test]
    fn writes_outside_the_buffer_are_ignored() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 3, 2));
        text(
            &mut buf,
            Rect::new(0, 0, 50, 50),
            1,
            5,
            "hello",
            Style::default(),
        );
        text(
            &mut buf,
            Rect::new(0, 0, 50, 50),
            1,
            1,
            "hello",
            Style::default(),
        );
        cell(&mut buf, Rect::new(0, 0, 9, 9), 7, 7, "x", Style::default());
        let inner = frame(&mut buf, Rect::new(2, 1, 10, 10), "t", true, &Theme::PLAIN);
        assert_eq!(inner, Rect::new(2, 1, 1, 1));
        assert_eq!(rows(&buf), ["   ", " he"]);
    }

    #[test]
    fn frames_titles_and_bars() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 12, 3));
        let all = buf.area;
        let inner = frame(&mut buf, all, "Map", false, &Theme::PLAIN);
        bar(
            &mut buf,
            inner,
            inner.x,
            inner.y,
            8,
            1,
            2,
            Style::default(),
            &Theme::PLAIN,
        );
        assert_eq!(inner, Rect::new(1, 1, 10, 1));
        assert_eq!(rows(&buf), [". Map -----.", "|####....  |", "'----------'"]);
    }

    /// A key bar or footer too long for its row keeps whole entries and leaves the others
    /// out; one that fits is written as it is.
    #[test]
    fn key_bars_and_footers_keep_whole_entries() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 24, 2));
        let all = buf.area;
        let keys = [
            ("Enter", "act"),
            ("f", "filter log"),
            ("?", "help"),
            ("q", "leave"),
        ];
        key_bar(&mut buf, all, 0, 0, &keys, &Theme::PLAIN);
        footer(
            &mut buf,
            all,
            "Up/Down choose, Enter open, Esc back",
            &Theme::PLAIN,
        );
        assert_eq!(
            rows(&buf),
            ["Enter:act ?:help q:leave", "Up/Down choose, Esc back"],
        );
        let mut buf = Buffer::empty(Rect::new(0, 0, 30, 1));
        let all = buf.area;
        key_bar(&mut buf, all, 0, 0, &keys[2..], &Theme::PLAIN);
        assert_eq!(rows(&buf), ["?:help  q:leave               "]);
    }

    #[test]
    fn wrapping_counts_rows_and_cuts_long_words() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 6, 4));
        let all = buf.area;
        let used = wrapped(&mut buf, all, 0, 0, "ab cd efghijkl", Style::default());
        assert_eq!(used, 3);
        assert_eq!(rows(&buf), ["ab cd ", "efghij", "kl    ", "      "]);
        let mut buf = Buffer::empty(Rect::new(0, 0, 6, 1));
        let all = buf.area;
        wrapped(&mut buf, all, 0, 1, "ab cd efghijkl", Style::default());
        assert_eq!(rows(&buf), ["efghij"]);
    }
}
