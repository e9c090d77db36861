//! The Commander table on screen: one cell of the table is three columns of one row (four
//! on a hex table, whose odd rows are shifted half a cell east), panned over tables far
//! larger than the terminal.

use crate::draw;
use crate::theme::{Role, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use squadsight_commander::board::{Board, Cell, GridKind, TerrainKind};

/// Screen columns of one square cell.
pub const SQUARE_WIDTH: u16 = 3;
/// Screen columns of one hex cell (three glyphs and a gap).
pub const HEX_WIDTH: u16 = 4;

/// Where the table's cells fall on screen for one frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// The screen area the map is drawn in.
    pub area: Rect,
    /// The table cell drawn at the top-left corner.
    pub origin: (u8, u8),
    /// Cells shown across.
    pub cols: u8,
    /// Cells shown down.
    pub rows: u8,
    /// Whether the table is a hex grid.
    pub hex: bool,
}

impl Geometry {
    /// The cells of a `width × height` table that fit `area` from `origin`; the origin is
    /// pulled back so the view never runs past the table's far edges.
    pub fn fit(board: &Board, area: Rect, origin: (u8, u8)) -> Geometry {
        let hex = board.kind() == GridKind::Hex;
        let (cw, pad) = if hex {
            (HEX_WIDTH, 2)
        } else {
            (SQUARE_WIDTH, 0)
        };
        let cols = u8::try_from(area.width.saturating_sub(pad) / cw)
            .unwrap_or(u8::MAX)
            .min(board.width());
        let rows = u8::try_from(area.height)
            .unwrap_or(u8::MAX)
            .min(board.height());
        let ox = origin.0.min(board.width().saturating_sub(cols));
        let oy = origin.1.min(board.height().saturating_sub(rows));
        Geometry {
            area,
            origin: (ox, oy),
            cols,
            rows,
            hex,
        }
    }

    fn cell_width(&self) -> u16 {
        if self.hex { HEX_WIDTH } else { SQUARE_WIDTH }
    }

    /// The screen column and row of a cell's first glyph, if the cell is in view.
    pub fn cell_of(&self, c: Cell) -> Option<(u16, u16)> {
        let (ox, oy) = self.origin;
        if c.x < ox || c.y < oy || c.x - ox >= self.cols || c.y - oy >= self.rows {
            return None;
        }
        let shift = if self.hex && c.y % 2 == 1 { 2 } else { 0 };
        let x = self.area.x + u16::from(c.x - ox) * self.cell_width() + shift;
        Some((x, self.area.y + u16::from(c.y - oy)))
    }

    /// The cell drawn at a screen position, if any.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<Cell> {
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
        Some(Cell::new(self.origin.0.checked_add(col)?, cy))
    }

    /// Every cell in view, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let (ox, oy) = self.origin;
        (0..self.rows).flat_map(move |r| (0..self.cols).map(move |c| Cell::new(ox + c, oy + r)))
    }
}

/// Screen columns of the row numbers left of the table.
pub const RULER_WIDTH: u16 = 3;

/// How often the rulers number a column or row (the cursor's is always numbered).
const RULER_STEP: u8 = 5;

/// Draws column numbers on the row above the geometry's area and row numbers in the
/// [`RULER_WIDTH`] columns left of it (both inside `area`): every [`RULER_STEP`]th, and the
/// cursor's column and row highlighted, so a place named in the journal can be found.
pub fn draw_rulers(geo: &Geometry, area: Rect, cursor: Cell, theme: &Theme, buf: &mut Buffer) {
    let dim = theme.style(Role::Dim);
    let top = Rect::new(area.x, area.y, area.width, 1);
    let left = Rect::new(area.x, area.y, RULER_WIDTH.min(area.width), area.height);
    draw::clear(buf, top, dim);
    draw::clear(buf, left, dim);
    let (ox, oy) = geo.origin;
    let mut digits = [0u8; 3];
    for col in 0..geo.cols {
        let x = ox.saturating_add(col);
        let is_cursor = x == cursor.x;
        if x % RULER_STEP != 0 && !is_cursor {
            continue;
        }
        // The column's place on an unshifted row (a hex table shifts its odd rows).
        let row = oy.saturating_add(oy % 2);
        if let Some((sx, _)) = geo.cell_of(Cell::new(x, row)) {
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
        let is_cursor = y == cursor.y;
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

/// `n` in decimal, written into `digits` (no allocation).
fn number(n: u8, digits: &mut [u8; 3]) -> &str {
    let mut len = 0;
    if n >= 100 {
        digits[len] = b'0' + n / 100;
        len += 1;
    }
    if n >= 10 {
        digits[len] = b'0' + n / 10 % 10;
        len += 1;
    }
    digits[len] = b'0' + n % 10;
    len += 1;
    std::str::from_utf8(&digits[..len]).unwrap_or("?")
}

/// What the rules and the selection mark on a cell, weakest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// Nothing.
    #[default]
    None,
    /// On the sight line from the acting model to the cursor.
    Line,
    /// Within the overlaid weapon's maximum range and in sight.
    Range,
    /// Within the overlaid weapon's half range and in sight.
    HalfRange,
    /// An enemy the acting model sees.
    Seen,
    /// Reached by a 2-action Run or Climb.
    Reach2,
    /// Reached by a 1-action Run or Climb (or a place the decision asks for).
    Reach,
    /// A model the drawn die may activate.
    Pick,
    /// A legal target of an attack.
    Target,
    /// What blocks the sight line from the acting model to the cursor.
    Blocker,
}

/// The three glyphs of a terrain cell: open ground, or the piece's form with its height in
/// the middle when it stands above the ground.
pub fn terrain_glyphs(kind: Option<TerrainKind>, height: u8) -> [char; 3] {
    let mid = |c: char| {
        if height > 0 {
            char::from_digit(u32::from(height.min(9)), 10).unwrap_or(c)
        } else {
            c
        }
    };
    match kind {
        None => [' ', '.', ' '],
        Some(TerrainKind::HardCover) => ['#', mid('#'), '#'],
        Some(TerrainKind::SoftCover) => [':', mid(':'), ':'],
        Some(TerrainKind::Obstacle) => ['~', mid('~'), '~'],
        Some(TerrainKind::Impassable) => ['X', 'X', 'X'],
    }
}

/// The background shade of a terrain form (colour only; the glyphs carry the meaning).
pub fn terrain_style(theme: &Theme, kind: Option<TerrainKind>) -> Style {
    match kind {
        None => theme.style(Role::Dim),
        Some(TerrainKind::SoftCover) => theme.shade(1),
        Some(TerrainKind::Obstacle) => theme.shade(2),
        Some(TerrainKind::HardCover) => theme.shade(3),
        Some(TerrainKind::Impassable) => theme.shade(5),
    }
}

/// The style a mark lays over a cell.
pub fn mark_style(theme: &Theme, mark: Mark) -> Option<Style> {
    match mark {
        Mark::None => None,
        Mark::Line | Mark::Range | Mark::HalfRange | Mark::Seen => Some(theme.style(Role::Sight)),
        Mark::Reach | Mark::Reach2 => Some(theme.style(Role::Reach)),
        Mark::Pick => Some(theme.style(Role::Key)),
        Mark::Target => Some(theme.style(Role::Target)),
        Mark::Blocker => Some(theme.style(Role::Blocker)),
    }
}

/// The middle glyph a mark puts on an empty cell, if any.
pub fn mark_glyph(mark: Mark) -> Option<char> {
    match mark {
        Mark::Line => Some('+'),
        Mark::Reach => Some('*'),
        Mark::Reach2 => Some('o'),
        Mark::HalfRange => Some('-'),
        Mark::Range => Some('='),
        Mark::Blocker => Some('#'),
        _ => None,
    }
}

/// Writes three glyphs at `(x, y)` in `style`, clipped to `area`, without allocating.
pub fn put3(buf: &mut Buffer, area: Rect, x: u16, y: u16, glyphs: [char; 3], style: Style) {
    for (i, g) in glyphs.iter().enumerate() {
        let mut tmp = [0u8; 4];
        let s = g.encode_utf8(&mut tmp);
        draw::cell(
            buf,
            area,
            x.saturating_add(u16::try_from(i).unwrap_or(0)),
            y,
            s,
            style,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screen_positions_and_cells_round_trip_on_both_grids() {
        for kind in [GridKind::Square, GridKind::Hex] {
            let board = Board::new(kind, 48, 48).expect("board");
            let geo = Geometry::fit(&board, Rect::new(2, 3, 60, 20), (10, 40));
            // Pulled back so the last rows of the table fill the view.
            assert_eq!(geo.origin.1, 28);
            for c in geo.cells() {
                let (x, y) = geo.cell_of(c).expect("in view");
                assert_eq!(geo.cell_at(x, y), Some(c), "{kind:?} {c}");
                assert_eq!(geo.cell_at(x + 2, y), Some(c), "{kind:?} {c}");
            }
            assert_eq!(geo.cell_of(Cell::new(0, 0)), None);
        }
    }

    /// The text of screen row `y` between columns `x0` and `x1`.
    fn row_text(buf: &Buffer, y: u16, x0: u16, x1: u16) -> String {
        (x0..x1).map(|x| buf[(x, y)].symbol()).collect()
    }

    #[test]
    fn rulers_number_every_fifth_column_and_row_and_the_cursors() {
        for kind in [GridKind::Square, GridKind::Hex] {
            let board = Board::new(kind, 48, 48).expect("board");
            let area = Rect::new(0, 0, 64, 22);
            let grid = Rect::new(RULER_WIDTH, 1, 61, 21);
            let geo = Geometry::fit(&board, grid, (8, 12));
            let mut buf = Buffer::empty(area);
            let theme = Theme::from_env(true);
            draw_rulers(&geo, area, Cell::new(13, 21), &theme, &mut buf);
            // The top ruler: 10, 13 (the cursor's column), 15 and 20 over their cells.
            let top = row_text(&buf, 0, 0, 64);
            for x in [10u8, 13, 15, 20] {
                let (sx, _) = geo.cell_of(Cell::new(x, 12)).expect("in view");
                let at = usize::from(sx);
                assert_eq!(&top[at..at + 2], x.to_string(), "{kind:?} {top:?}");
            }
            assert!(!top.contains("11") && !top.contains("12"), "{top:?}");
            // The left ruler: 15, 20 and 21 (the cursor's row), right-aligned.
            for y in [15u8, 20, 21, 25] {
                let sy = 1 + u16::from(y - 12);
                assert_eq!(row_text(&buf, sy, 0, 3), format!("{y} "), "{kind:?}");
            }
            assert_eq!(row_text(&buf, 1 + 4, 0, 3), "   ");
        }
        let mut d = [0u8; 3];
        assert_eq!(number(0, &mut d), "0");
        assert_eq!(number(47, &mut d), "47");
        assert_eq!(number(255, &mut d), "255");
    }
}
