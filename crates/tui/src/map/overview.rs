//! A whole table in a small area. Each character stands for a block of cells one part wide
//! and two parts tall (a terminal character is about twice as tall as it is wide, so the
//! table keeps its shape); at 48×48 on a 120×40 screen a part is one cell, so every cell
//! of the table is on screen.
//!
//! In colour the two halves of a character are drawn apart with the upper-half block `▀`
//! (its ink the upper cells' colour, its paper the lower cells'); a unit shows as its first
//! letter in its side's colour, a marker as its glyph. Without colour or Unicode each
//! character shows the strongest mark in its block: a unit, a marker, an overlay, else the
//! heaviest ground. The part of the table the detail zoom shows is framed by its corners.

use super::{CellLook, Fog, base_style, put, unit_content, viewport};
use crate::draw;
use crate::theme::{Role, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// How the table maps onto the overview's characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Where the characters are drawn.
    pub area: Rect,
    /// Cells per part: a character is `step` cells wide and `2 × step` tall.
    pub step: u8,
    width: u8,
    height: u8,
}

impl Geometry {
    /// The smallest step at which the whole `width × height` table fits `area`, centred.
    pub fn fit(width: u8, height: u8, area: Rect) -> Geometry {
        let (w, h) = (u16::from(width), u16::from(height));
        let mut step: u16 = 1;
        while step < 255 && (w.div_ceil(step) > area.width || h.div_ceil(step * 2) > area.height) {
            step += 1;
        }
        let cols = w.div_ceil(step).min(area.width);
        let rows = h.div_ceil(step * 2).min(area.height);
        let area = Rect::new(
            area.x + (area.width - cols) / 2,
            area.y + (area.height - rows) / 2,
            cols,
            rows,
        );
        Geometry {
            area,
            step: u8::try_from(step).unwrap_or(u8::MAX),
            width,
            height,
        }
    }

    /// The character a cell falls in.
    pub fn char_of(&self, (x, y): (u8, u8)) -> Option<(u16, u16)> {
        let s = u16::from(self.step);
        let (cx, cy) = (
            self.area.x + u16::from(x) / s,
            self.area.y + u16::from(y) / (2 * s),
        );
        (cx < self.area.right() && cy < self.area.bottom()).then_some((cx, cy))
    }

    /// The cell in the middle of the block a character stands for.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<(u8, u8)> {
        if !(self.area.x..self.area.right()).contains(&x)
            || !(self.area.y..self.area.bottom()).contains(&y)
        {
            return None;
        }
        let s = u16::from(self.step);
        let cx = (x - self.area.x) * s + s / 2;
        let cy = (y - self.area.y) * 2 * s + s;
        let cx = u8::try_from(cx.min(u16::from(self.width).saturating_sub(1))).ok()?;
        let cy = u8::try_from(cy.min(u16::from(self.height).saturating_sub(1))).ok()?;
        Some((cx, cy))
    }

    /// The step in cells the cursor moves by: one character.
    pub fn cursor_step(&self) -> (i32, i32) {
        (i32::from(self.step), 2 * i32::from(self.step))
    }
}

/// What stands out most in a run of cells, and its strength (a higher number wins).
fn strength(l: &CellLook) -> u16 {
    let seen = l.fog == Fog::Seen;
    let unit = if seen && l.unit.is_some() { 512 } else { 0 };
    let token = if l.token.is_some() { 256 } else { 0 };
    unit + token + 16 * l.overlay as u16 + l.ground as u16
}

/// Draws the whole table, and frames the part of it the detail zoom shows (`window`).
pub fn draw(
    buf: &mut Buffer,
    geo: &Geometry,
    window: Option<&viewport::Window>,
    theme: &Theme,
    mut look: impl FnMut(u8, u8) -> Option<CellLook>,
) {
    let area = draw::clip(buf, geo.area);
    let s = u16::from(geo.step);
    let half = theme.half_block();
    for cy in 0..geo.area.height {
        for cx in 0..geo.area.width {
            // The strongest cell of the upper and of the lower half, and of the block.
            let mut halves: [Option<(u16, CellLook)>; 2] = [None, None];
            let mut cursor = false;
            for (i, part) in halves.iter_mut().enumerate() {
                let y0 = (cy * 2 + u16::try_from(i).unwrap_or(0)) * s;
                for y in y0..y0 + s {
                    for x in cx * s..cx * s + s {
                        let (Ok(x), Ok(y)) = (u8::try_from(x), u8::try_from(y)) else {
                            continue;
                        };
                        if x >= geo.width || y >= geo.height {
                            continue;
                        }
                        let Some(l) = look(x, y) else { continue };
                        cursor |= l.cursor;
                        let k = strength(&l);
                        if part.is_none_or(|(best, _)| k > best) {
                            *part = Some((k, l));
                        }
                    }
                }
            }
            let block = match halves {
                [Some(a), Some(b)] => Some(if b.0 > a.0 { b } else { a }),
                [a, b] => a.or(b),
            };
            let Some((_, top)) = block else { continue };
            let (x, y) = (geo.area.x + cx, geo.area.y + cy);
            let (glyph, mut style) = match (top.unit.filter(|_| top.fog == Fog::Seen), half) {
                (Some(u), _) => {
                    let [a, _, _] = unit_content(theme, base_style(theme, &top), &u);
                    a
                }
                (None, _) if top.token.is_some() => {
                    let [_, c, _] = super::content(
                        theme,
                        &CellLook {
                            cursor: false,
                            ..top
                        },
                    );
                    c
                }
                (None, Some(block_glyph)) => {
                    let paper = |p: &Option<(u16, CellLook)>| {
                        p.as_ref().and_then(|(_, l)| base_style(theme, l).bg)
                    };
                    let mut st = Style::default();
                    if let Some(c) = paper(&halves[0]) {
                        st = st.fg(c);
                    }
                    if let Some(c) = paper(&halves[1]).or(st.fg) {
                        st = st.bg(c);
                    }
                    (block_glyph.chars().next().unwrap_or(' '), st)
                }
                (None, None) => {
                    let [_, c, _] = super::content(
                        theme,
                        &CellLook {
                            cursor: false,
                            ..top
                        },
                    );
                    c
                }
            };
            if cursor {
                style = style.patch(theme.style(Role::Cursor));
            }
            put(buf, area, x, y, glyph, style);
        }
    }
    if let Some(w) = window.filter(|w| !w.whole()) {
        frame_window(buf, geo, w, theme);
    }
}

/// Marks the corners of the part of the table the detail zoom shows.
fn frame_window(buf: &mut Buffer, geo: &Geometry, w: &viewport::Window, theme: &Theme) {
    let last = |(first, shown, _): (u8, u8, u8)| first.saturating_add(shown.max(1) - 1);
    let (x0, y0) = (w.x.0, w.y.0);
    let (x1, y1) = (last(w.x), last(w.y));
    let corners = theme.window_corners();
    let style = theme.style(Role::Focus);
    for ((cx, cy), g) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
        .into_iter()
        .zip(corners)
    {
        if let Some((x, y)) = geo.char_of((cx, cy)) {
            put(buf, geo.area, x, y, g, style);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::{Ground, UnitLook};

    #[test]
    fn the_whole_table_fits_at_the_smallest_step() {
        let geo = Geometry::fit(48, 48, Rect::new(0, 0, 78, 26));
        assert_eq!(geo.step, 1);
        assert_eq!((geo.area.width, geo.area.height), (48, 24));
        let geo = Geometry::fit(48, 48, Rect::new(0, 0, 48, 13));
        assert_eq!(geo.step, 2);
        assert_eq!((geo.area.width, geo.area.height), (24, 12));
        for (x, y) in [(0u8, 0u8), (47, 47), (20, 31)] {
            let (sx, sy) = geo.char_of((x, y)).expect("on screen");
            let (bx, by) = geo.cell_at(sx, sy).expect("a cell");
            assert_eq!((bx / 2, by / 4), (x / 2, y / 4));
        }
    }

    #[test]
    fn without_colour_each_character_shows_the_strongest_mark_of_its_block() {
        let geo = Geometry::fit(4, 4, Rect::new(0, 0, 4, 2));
        let mut buf = Buffer::empty(Rect::new(0, 0, 4, 2));
        let window = viewport::Window {
            x: (0, 2, 4),
            y: (0, 2, 4),
        };
        draw(&mut buf, &geo, Some(&window), &Theme::PLAIN, |x, y| {
            Some(CellLook {
                ground: if x == 3 { Ground::Heavy } else { Ground::Open },
                unit: (x == 2 && y == 3).then_some(UnitLook::plain(['T', 'M'], 1)),
                ..CellLook::default()
            })
        });
        let row = |y: u16| -> String { (0..4).map(|x| buf[(x, y)].symbol()).collect() };
        // The detail window's corners frame columns 0-1, rows 0-1 (one character line).
        assert_eq!(row(0), "[] =");
        assert_eq!(row(1), "  T=");
    }
}
