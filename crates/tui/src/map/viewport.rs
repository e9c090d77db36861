//! Where the view sits on the whole map: scroll bars along the bottom and right edges of a
//! map that does not fit, and "more: <>^v" in the top-right corner naming the directions
//! that hold more of it.

use crate::draw;
use crate::theme::{Role, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// The part of a map on screen, each way: (first shown, how many shown, how many in all).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// Columns.
    pub x: (u8, u8, u8),
    /// Rows.
    pub y: (u8, u8, u8),
}

impl Window {
    /// Whether the whole map is on screen.
    pub fn whole(&self) -> bool {
        self.x.1 >= self.x.2 && self.y.1 >= self.y.2
    }
}

/// The origin that brings `at` into a view of `size` cells from `origin`, moving as little
/// as it can.
pub fn follow(origin: (u8, u8), size: (u8, u8), at: (u8, u8)) -> (u8, u8) {
    let one = |o: u8, n: u8, c: u8| {
        let n = n.max(1);
        if c < o {
            c
        } else if c >= o.saturating_add(n) {
            c.saturating_sub(n - 1)
        } else {
            o
        }
    };
    (one(origin.0, size.0, at.0), one(origin.1, size.1, at.1))
}

/// The thumb of a scroll bar `len` cells long: its first cell and its length.
fn thumb(len: u16, (first, shown, total): (u8, u8, u8)) -> (u16, u16) {
    let total = u16::from(total.max(1));
    let size = (u16::from(shown) * len / total).clamp(1, len.max(1));
    let start = (u16::from(first) * len / total).min(len.saturating_sub(size));
    (start, size)
}

/// Draws the scroll bars of the axes that do not fit (the last line and column of `area`)
/// and the "more" note.
pub fn draw(buf: &mut Buffer, area: Rect, w: &Window, theme: &Theme) {
    if w.whole() || area.width < 2 || area.height < 2 {
        return;
    }
    let (full, empty) = theme.bar_cells();
    let track = theme.style(Role::Dim);
    let knob = theme.style(Role::Key);
    if w.x.1 < w.x.2 {
        let y = area.bottom() - 1;
        let len = area.width - 1;
        let (start, size) = thumb(len, w.x);
        for i in 0..len {
            let on = (start..start + size).contains(&i);
            let (g, s) = if on { (full, knob) } else { (empty, track) };
            draw::cell(buf, area, area.x + i, y, g, s);
        }
    }
    if w.y.1 < w.y.2 {
        let x = area.right() - 1;
        let len = area.height - 1;
        let (start, size) = thumb(len, w.y);
        for i in 0..len {
            let on = (start..start + size).contains(&i);
            let (g, s) = if on { (full, knob) } else { (empty, track) };
            draw::cell(buf, area, x, area.y + i, g, s);
        }
    }
    let ((x0, xn, xt), (y0, yn, yt)) = (w.x, w.y);
    let dirs = [
        (x0 > 0, b'<'),
        (u16::from(x0) + u16::from(xn) < u16::from(xt), b'>'),
        (y0 > 0, b'^'),
        (u16::from(y0) + u16::from(yn) < u16::from(yt), b'v'),
    ];
    let mut text = *b"more: <>^v";
    let mut n = 6;
    for (_, c) in dirs.iter().filter(|(more, _)| *more) {
        text[n] = *c;
        n += 1;
    }
    let s = std::str::from_utf8(&text[..n]).unwrap_or("more");
    let width = u16::try_from(n).unwrap_or(0);
    let x = area.right().saturating_sub(width);
    draw::text(buf, area, x, area.y, s, theme.style(Role::Key));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_thumb_shows_the_share_and_place_of_the_view() {
        assert_eq!(thumb(20, (0, 10, 40)), (0, 5));
        assert_eq!(thumb(20, (30, 10, 40)), (15, 5));
        assert_eq!(thumb(20, (39, 1, 40)), (19, 1));
    }

    #[test]
    fn follow_moves_the_least() {
        assert_eq!(follow((0, 0), (10, 5), (3, 3)), (0, 0));
        assert_eq!(follow((0, 0), (10, 5), (12, 7)), (3, 3));
        assert_eq!(follow((8, 8), (10, 5), (2, 9)), (2, 8));
    }

    #[test]
    fn bars_and_more_note_mark_where_the_view_sits() {
        let area = Rect::new(0, 0, 21, 11);
        let mut buf = Buffer::empty(area);
        let w = Window {
            x: (10, 10, 40),
            y: (0, 10, 10),
        };
        draw(&mut buf, area, &w, &Theme::PLAIN);
        let bottom: String = (0..20).map(|x| buf[(x, 10)].symbol()).collect();
        assert_eq!(bottom, ".....#####..........");
        let top: String = (0..21).map(|x| buf[(x, 0)].symbol()).collect();
        assert!(top.ends_with("more: <>"), "{top}");
        // Rows fit: no bar on the right.
        assert_eq!(buf[(20, 5)].symbol(), " ");
    }
}
