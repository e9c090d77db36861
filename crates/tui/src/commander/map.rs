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

/// What the rules and the selection mark on a cell, weakest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// Nothing.
    #[default]
    None,
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
    /// The cursor cannot be seen from the acting model.
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
        Mark::Range | Mark::HalfRange | Mark::Seen => Some(theme.style(Role::Sight)),
        Mark::Reach | Mark::Reach2 => Some(theme.style(Role::Reach)),
        Mark::Pick => Some(theme.style(Role::Key)),
        Mark::Target => Some(theme.style(Role::Target)),
        Mark::Blocker => Some(theme.style(Role::Blocker)),
    }
}

/// The middle glyph a mark puts on an empty cell, if any.
pub fn mark_glyph(mark: Mark) -> Option<char> {
    match mark {
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
}
