//! A table of cells, one per three columns of one line (four on a hex table, whose odd rows
//! are shifted half a cell east), panned over tables far larger than the terminal, with
//! rulers numbering every fifth column and row and the cursor's.

use super::{CellLook, content, number, put, viewport};
use crate::draw;
use crate::theme::{Role, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// Screen columns of one square cell.
pub const SQUARE_WIDTH: u16 = 3;
/// Screen columns of one hex cell (three glyphs and a gap).
pub const HEX_WIDTH: u16 = 4;
/// Screen columns of the row numbers left of the table.
pub const RULER_WIDTH: u16 = 3;
/// How often the rulers number a column or row (the cursor's is always numbered).
const RULER_STEP: u8 = 5;

/// Where the table's cells fall on screen for one frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// The whole map area: rulers, cells and scroll bars.
    pub outer: Rect,
    /// The area the cells are drawn in.
    pub area: Rect,
    /// The cell drawn at the top-left corner.
    pub origin: (u8, u8),
    /// Cells shown across.
    pub cols: u8,
    /// Cells shown down.
    pub rows: u8,
    /// Whether the table is a hex grid.
    pub hex: bool,
    width: u8,
    height: u8,
    ruled: bool,
}

impl Geometry {
    /// The cells of a `width × height` table that fit `outer` from `origin`; the origin is
    /// pulled back so the view never runs past the table's far edges. Rulers take the top
    /// line and the left columns when there is room; a table that does not fit leaves the
    /// last line and column to its scroll bars.
    pub fn fit(width: u8, height: u8, hex: bool, outer: Rect, origin: (u8, u8)) -> Geometry {
        let ruled = outer.width >= 16 && outer.height >= 6;
        let grid = if ruled {
            Rect::new(
                outer.x + RULER_WIDTH,
                outer.y + 1,
                outer.width - RULER_WIDTH,
                outer.height - 1,
            )
        } else {
            outer
        };
        let (cw, pad) = if hex {
            (HEX_WIDTH, 2)
        } else {
            (SQUARE_WIDTH, 0)
        };
        let fit = |w: u16, h: u16| {
            (
                u8::try_from(w.saturating_sub(pad) / cw)
                    .unwrap_or(u8::MAX)
                    .min(width),
                u8::try_from(h).unwrap_or(u8::MAX).min(height),
            )
        };
        let (mut cols, mut rows) = fit(grid.width, grid.height);
        let mut area = grid;
        if cols < width || rows < height {
            area = Rect::new(
                grid.x,
                grid.y,
                grid.width.saturating_sub(1),
                grid.height.saturating_sub(1),
            );
            (cols, rows) = fit(area.width, area.height);
        }
        let ox = origin.0.min(width.saturating_sub(cols));
        let oy = origin.1.min(height.saturating_sub(rows));
        Geometry {
            outer,
            area,
            origin: (ox, oy),
            cols,
            rows,
            hex,
            width,
            height,
            ruled,
        }
    }

    fn cell_width(&self) -> u16 {
        if self.hex { HEX_WIDTH } else { SQUARE_WIDTH }
    }

    /// The screen column and row of a cell's first glyph, if the cell is in view.
    pub fn cell_of(&self, (x, y): (u8, u8)) -> Option<(u16, u16)> {
        let (ox, oy) = self.origin;
        if x < ox || y < oy || x - ox >= self.cols || y - oy >= self.rows {
            return None;
        }
        let shift = if self.hex && y % 2 == 1 { 2 } else { 0 };
        let sx = self.area.x + u16::from(x - ox) * self.cell_width() + shift;
        Some((sx, self.area.y + u16::from(y - oy)))
    }

    /// The cell drawn at a screen position, if any.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<(u8, u8)> {
        if y < self.area.y || x < self.area.x {
            return None;
        }
        let row = u8::try_from(y - self.area.y).ok()?;
        if row >= self.rows {
            return None;
        }
        let cy = self.origin.1.checked_add(row)?;
        let shift = if self.hex && cy % 2 == 1 { 2 } else { 0 };
        let dx = (x - self.area.x).checked_sub(shift)?;
        let col = u8::try_from(dx / self.cell_width()).ok()?;
        if col >= self.cols {
            return None;
        }
        Some((self.origin.0.checked_add(col)?, cy))
    }

    /// Every cell in view, row by row.
    pub fn cells(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        let (ox, oy) = self.origin;
        (0..self.rows).flat_map(move |r| (0..self.cols).map(move |c| (ox + c, oy + r)))
    }

    /// The window the view shows, for the scroll bars and the overview's frame.
    pub fn window(&self) -> viewport::Window {
        viewport::Window {
            x: (self.origin.0, self.cols, self.width),
            y: (self.origin.1, self.rows, self.height),
        }
    }

    /// The origin that brings `cell` on screen, moving as little as it can.
    pub fn follow(&self, cell: (u8, u8)) -> (u8, u8) {
        viewport::follow(self.origin, (self.cols, self.rows), cell)
    }
}

/// Draws the table: every cell in view as `look` describes it, the rulers (the cursor's
/// column and row highlighted) and the scroll bars.
pub fn draw(
    buf: &mut Buffer,
    geo: &Geometry,
    cursor: (u8, u8),
    theme: &Theme,
    mut look: impl FnMut(u8, u8) -> Option<CellLook>,
) {
    draw::clear(buf, geo.outer, theme.style(Role::Text));
    for (cx, cy) in geo.cells() {
        let (Some((x, y)), Some(l)) = (geo.cell_of((cx, cy)), look(cx, cy)) else {
            continue;
        };
        let mut cells = content(theme, &l);
        // The cursor on an empty cell shows as brackets, so it reads without colour.
        if l.cursor && l.unit.is_none() && l.token.is_none() && l.numbers == super::Numbers::Off {
            cells[0].0 = '[';
            cells[2].0 = ']';
        }
        for (i, (g, s)) in (0u16..).zip(cells) {
            put(buf, geo.area, x + i, y, g, s);
        }
    }
    if geo.ruled {
        draw_rulers(geo, cursor, theme, buf);
    }
    viewport::draw(buf, geo.outer, &geo.window(), theme);
}

/// Column numbers on the line above the cells and row numbers in the [`RULER_WIDTH`]
/// columns left of them: every [`RULER_STEP`]th, and the cursor's column and row
/// highlighted, so a place named in the journal can be found.
fn draw_rulers(geo: &Geometry, cursor: (u8, u8), theme: &Theme, buf: &mut Buffer) {
    let dim = theme.style(Role::Dim);
    let area = geo.outer;
    let top = Rect::new(area.x, area.y, area.width, 1);
    let left = Rect::new(area.x, area.y, RULER_WIDTH.min(area.width), area.height);
    let (ox, oy) = geo.origin;
    let mut digits = [0u8; 3];
    for col in 0..geo.cols {
        let x = ox.saturating_add(col);
        let is_cursor = x == cursor.0;
        if x % RULER_STEP != 0 && !is_cursor {
            continue;
        }
        // The column's place on an unshifted row (a hex table shifts its odd rows).
        let row = oy.saturating_add(oy % 2);
        if let Some((sx, _)) = geo.cell_of((x, row)) {
            let style = if is_cursor {
                theme.style(Role::Key)
            } else {
                dim
            };
            draw::text(buf, top, sx, area.y, number(x, &mut digits), style);
        }
    }
    for row in 0..geo.rows {
        let y = oy.saturating_add(row);
        let is_cursor = y == cursor.1;
        if y % RULER_STEP != 0 && !is_cursor {
            continue;
        }
        let text = number(y, &mut digits);
        // Right-aligned before the table, one column clear of it.
        let width = u16::try_from(text.len()).unwrap_or(RULER_WIDTH);
        let sx = area.x + (RULER_WIDTH - 1).saturating_sub(width);
        let style = if is_cursor {
            theme.style(Role::Key)
        } else {
            dim
        };
        draw::text(buf, left, sx, geo.area.y + u16::from(row), text, style);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screen_positions_and_cells_round_trip_on_both_grids() {
        for hex in [false, true] {
            let geo = Geometry::fit(48, 48, hex, Rect::new(2, 3, 60, 20), (10, 40));
            // Pulled back so the last rows of the table fill the view (less the scroll
            // bar's line and the ruler's).
            assert_eq!(geo.origin.1, 48 - geo.rows);
            for c in geo.cells() {
                let (x, y) = geo.cell_of(c).expect("in view");
                assert_eq!(geo.cell_at(x, y), Some(c), "{hex} {c:?}");
                assert_eq!(geo.cell_at(x + 2, y), Some(c), "{hex} {c:?}");
            }
            assert_eq!(geo.cell_of((0, 0)), None);
        }
    }

    /// The text of screen row `y` between columns `x0` and `x1`.
    fn row_text(buf: &Buffer, y: u16, x0: u16, x1: u16) -> String {
        (x0..x1).map(|x| buf[(x, y)].symbol()).collect()
    }

    #[test]
    fn rulers_number_every_fifth_column_and_row_and_the_cursors() {
        for hex in [false, true] {
            let area = Rect::new(0, 0, 64, 22);
            let geo = Geometry::fit(48, 48, hex, area, (8, 12));
            let mut buf = Buffer::empty(area);
            let theme = Theme::PLAIN;
            draw(&mut buf, &geo, (13, 21), &theme, |_, _| {
                Some(CellLook::default())
            });
            // The top ruler: 10, 13 (the cursor's column), 15 and 20 over their cells.
            let top = row_text(&buf, 0, 0, 64);
            for x in [10u8, 13, 15, 20] {
                let (sx, _) = geo.cell_of((x, 12)).expect("in view");
                let at = usize::from(sx);
                assert_eq!(&top[at..at + 2], x.to_string(), "{hex} {top:?}");
            }
            assert!(!top.contains("11") && !top.contains("12"), "{top:?}");
            // The left ruler: 15, 20 and 21 (the cursor's row), right-aligned.
            for y in [15u8, 20, 21, 25] {
                let sy = 1 + u16::from(y - 12);
                assert_eq!(row_text(&buf, sy, 0, 3), format!("{y} "), "{hex}");
            }
            assert_eq!(row_text(&buf, 1 + 4, 0, 3), "   ");
        }
    }
}
