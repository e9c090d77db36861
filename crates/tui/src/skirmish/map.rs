//! The hex map widget: pointy-top hexes in odd-r offset rows (odd rows shifted half a hex to
//! the east), column numbers along the top edge and row numbers down the left edge, two zoom
//! levels, panning, a cursor and per-hex marks.
//!
//! Detail zoom gives each hex two lines, 6 columns apart:
//!
//! ```text
//!  [Sq+ 3]      line 1: unit type, side marker (+ seat 1, x seat 2), unit number
//!  *1/2*        line 2: marks either side of terrain/elevation
//! ```
//!
//! Overview zoom gives each hex one line of 3 characters, 4 columns apart. Terrain is drawn
//! as a glyph as well as a background shade, so nothing depends on colour alone.

use crate::draw;
use crate::theme::{Role, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// Map zoom levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zoom {
    /// Two lines per hex: unit number and ratings visible.
    Detail,
    /// One line per hex: the whole map in less room.
    Overview,
}

impl Zoom {
    /// The other level.
    pub fn other(self) -> Zoom {
        match self {
            Zoom::Detail => Zoom::Overview,
            Zoom::Overview => Zoom::Detail,
        }
    }

    /// Columns per hex.
    fn width(self) -> u16 {
        match self {
            Zoom::Detail => 6,
            Zoom::Overview => 4,
        }
    }

    /// Lines per hex row.
    fn height(self) -> u16 {
        match self {
            Zoom::Detail => 2,
            Zoom::Overview => 1,
        }
    }
}

/// What the map marks on a hex, weakest first (a stronger mark wins where two meet).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// Nothing.
    None,
    /// On the sight line to the cursor.
    Sight,
    /// Blocks the sight line.
    Blocker,
    /// A legal move destination.
    Reach,
    /// A legal target.
    Target,
}

impl Mark {
    fn glyph(self) -> Option<char> {
        match self {
            Mark::None => None,
            Mark::Sight => Some('-'),
            Mark::Blocker => Some('#'),
            Mark::Reach => Some('*'),
            Mark::Target => Some('!'),
        }
    }

    fn role(self) -> Option<Role> {
        match self {
            Mark::None => None,
            Mark::Sight => Some(Role::Sight),
            Mark::Blocker => Some(Role::Blocker),
            Mark::Reach => Some(Role::Reach),
            Mark::Target => Some(Role::Target),
        }
    }
}

/// A unit as the map draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitLook {
    /// Its type's two letters.
    pub abbrev: [char; 2],
    /// Side marker.
    pub marker: char,
    /// Its number, when shown.
    pub id: Option<u8>,
    /// The side commanding it (for the colour).
    pub side: u8,
    /// Carries a Hidden Token: drawn in lower case.
    pub hidden: bool,
    /// Another unit shares the hex (a Flyer above).
    pub extra: bool,
}

/// One hex as the map draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    /// Terrain rating 1–5.
    pub terrain: u8,
    /// Elevation rating 1–5.
    pub elevation: u8,
    /// The unit shown there.
    pub unit: Option<UnitLook>,
    /// Its mark.
    pub mark: Mark,
    /// Whether the cursor is on it.
    pub cursor: bool,
}

/// Where the map is drawn: the zoom, the first hex column and row shown, and how many fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    zoom: Zoom,
    area: Rect,
    /// First column and row on screen.
    origin: (u8, u8),
    /// Hex columns that fit.
    pub cols: u8,
    /// Hex rows that fit.
    pub rows: u8,
    width: u8,
    height: u8,
}

/// Columns of the row-number gutter (the cursor-bracket column after it doubles as the
/// space between a row number and the first hex).
const GUTTER: u16 = 2;

impl Geometry {
    /// The geometry of a `width × height` map in `area`. With `origin` the view starts
    /// there (clamped so the map fills the area where it can); without, it starts at 0,0.
    pub fn fit(
        zoom: Zoom,
        width: u8,
        height: u8,
        area: Rect,
        origin: Option<(u8, u8)>,
    ) -> Geometry {
        let (cw, ch) = (zoom.width(), zoom.height());
        // One column for the cursor bracket and half a hex for the odd-row shift.
        let usable_w = area.width.saturating_sub(GUTTER + 1 + cw / 2);
        let usable_h = area.height.saturating_sub(1);
        let cols = u8::try_from(usable_w / cw).unwrap_or(u8::MAX).min(width);
        let rows = u8::try_from(usable_h / ch).unwrap_or(u8::MAX).min(height);
        let (oc, or) = origin.unwrap_or((0, 0));
        let oc = oc.min(width.saturating_sub(cols));
        let or = or.min(height.saturating_sub(rows));
        Geometry {
            zoom,
            area,
            origin: (oc, or),
            cols,
            rows,
            width,
            height,
        }
    }

    /// The screen column of hex column `col` in row `row` (its first content cell).
    fn x_of(&self, col: u8, row: u8) -> Option<u16> {
        let (oc, _) = self.origin;
        if col < oc || col >= oc.saturating_add(self.cols) {
            return None;
        }
        let cw = self.zoom.width();
        let shift = if row % 2 == 1 { cw / 2 } else { 0 };
        Some(self.area.x + GUTTER + 1 + u16::from(col - oc) * cw + shift)
    }

    fn y_of(&self, row: u8) -> Option<u16> {
        let (_, or) = self.origin;
        if row < or || row >= or.saturating_add(self.rows) {
            return None;
        }
        Some(self.area.y + 1 + u16::from(row - or) * self.zoom.height())
    }

    /// A screen cell inside the hex, for clicks: its first content cell.
    pub fn cell_of(&self, col: u8, row: u8) -> Option<(u16, u16)> {
        Some((self.x_of(col, row)?, self.y_of(row)?))
    }

    /// The hex (column, row) under a screen cell; the gap after a hex counts as that hex.
    pub fn hex_at(&self, x: u16, y: u16) -> Option<(u8, u8)> {
        let (oc, or) = self.origin;
        let top = self.area.y + 1;
        if y < top {
            return None;
        }
        let row = or.checked_add(u8::try_from((y - top) / self.zoom.height()).ok()?)?;
        if row >= or.saturating_add(self.rows) {
            return None;
        }
        let cw = self.zoom.width();
        let shift = if row % 2 == 1 { cw / 2 } else { 0 };
        let left = self.area.x + GUTTER + 1 + shift;
        if x < left {
            return None;
        }
        let col = oc.checked_add(u8::try_from((x - left) / cw).ok()?)?;
        (col < oc.saturating_add(self.cols) && col < self.width && row < self.height)
            .then_some((col, row))
    }
}

/// Terrain glyphs 1–5, ASCII and Unicode, from open ground to heavy cover.
const TERRAIN_ASCII: [char; 5] = [' ', '.', ':', '%', '#'];
const TERRAIN_UNICODE: [char; 5] = [' ', '·', '░', '▒', '▓'];

fn terrain_glyph(theme: &Theme, t: u8) -> char {
    let i = usize::from(t.clamp(1, 5) - 1);
    if theme.ascii {
        TERRAIN_ASCII[i]
    } else {
        TERRAIN_UNICODE[i]
    }
}

fn digit(n: u8) -> char {
    char::from(b'0' + n.min(9))
}

/// Draws the map: edges labelled, then every visible hex as `look(col, row)` describes it.
pub fn draw(
    buf: &mut Buffer,
    area: Rect,
    geo: &Geometry,
    theme: &Theme,
    mut look: impl FnMut(u8, u8) -> Option<Look>,
) {
    let area = draw::clip(buf, area);
    if area.width == 0 || area.height == 0 {
        return;
    }
    let dim = theme.style(Role::Dim);
    let (oc, or) = geo.origin;
    let mut digits = [0u8; 4];
    // Column numbers along the top, over the even rows' hexes.
    for c in oc..oc.saturating_add(geo.cols) {
        if let Some(x) = geo.x_of(c, or & !1) {
            let s = number(c, &mut digits);
            draw::text(buf, area, x + 1, area.y, s, dim);
        }
    }
    for r in or..or.saturating_add(geo.rows) {
        let Some(y) = geo.y_of(r) else { continue };
        let s = number(r, &mut digits);
        let w = u16::try_from(s.len()).unwrap_or(0);
        draw::text(buf, area, area.x + GUTTER.saturating_sub(w), y, s, dim);
        for c in oc..oc.saturating_add(geo.cols) {
            let (Some(x), Some(l)) = (geo.x_of(c, r), look(c, r)) else {
                continue;
            };
            draw_hex(buf, area, geo.zoom, x, y, &l, theme);
        }
    }
    draw_more(buf, area, geo, theme);
}

/// Where the map continues off screen, in the top-right corner: "more: <>^v" with the
/// directions that hold more hexes (the view pans with HJKL or the wheel).
fn draw_more(buf: &mut Buffer, area: Rect, geo: &Geometry, theme: &Theme) {
    let (oc, or) = geo.origin;
    let dirs = [
        (oc > 0, '<'),
        (oc.saturating_add(geo.cols) < geo.width, '>'),
        (or > 0, '^'),
        (or.saturating_add(geo.rows) < geo.height, 'v'),
    ];
    if dirs.iter().all(|(more, _)| !more) {
        return;
    }
    let mut text = [b' '; 10];
    text[..6].copy_from_slice(b"more: ");
    let mut n = 6;
    for (_, c) in dirs.iter().filter(|(more, _)| *more) {
        text[n] = *c as u8;
        n += 1;
    }
    let s = std::str::from_utf8(&text[..n]).unwrap_or("more");
    let w = u16::try_from(n).unwrap_or(0);
    let x = area.right().saturating_sub(w);
    draw::text(buf, area, x, area.y, s, theme.style(Role::Key));
}

fn number(n: u8, buf: &mut [u8; 4]) -> &str {
    let mut i = buf.len();
    let mut n = n;
    loop {
        i -= 1;
        buf[i] = b'0' + n % 10;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    std::str::from_utf8(&buf[i..]).unwrap_or("?")
}

fn draw_hex(buf: &mut Buffer, area: Rect, zoom: Zoom, x: u16, y: u16, l: &Look, theme: &Theme) {
    let shade = theme.shade(l.elevation);
    let mark_style = l.mark.role().map(|r| theme.style(r));
    let base = mark_style.map_or(shade, |m| shade.patch(m));
    let tg = terrain_glyph(theme, l.terrain);
    let mut put = |dx: u16, dy: u16, c: char, style: Style| {
        let mut tmp = [0u8; 4];
        draw::cell(buf, area, x + dx, y + dy, c.encode_utf8(&mut tmp), style);
    };
    let unit_style = |u: &UnitLook| {
        let s = base.patch(theme.style(Role::Side(u.side)));
        if u.hidden {
            s.add_modifier(Modifier::ITALIC)
        } else {
            s
        }
    };
    let abbrev = |u: &UnitLook| {
        if u.hidden {
            [
                u.abbrev[0].to_ascii_lowercase(),
                u.abbrev[1].to_ascii_lowercase(),
            ]
        } else {
            u.abbrev
        }
    };
    let mark = l.mark.glyph();
    let content = match zoom {
        Zoom::Detail => 5,
        Zoom::Overview => 3,
    };
    match zoom {
        Zoom::Detail => {
            match &l.unit {
                Some(u) => {
                    let s = unit_style(u);
                    let [a, b] = abbrev(u);
                    put(0, 0, a, s);
                    put(1, 0, b, s);
                    put(2, 0, u.marker, s);
                    let (tens, ones) = match u.id {
                        Some(id) if id >= 10 => (digit(id / 10 % 10), digit(id % 10)),
                        Some(id) => (' ', digit(id)),
                        None => (' ', ' '),
                    };
                    put(3, 0, tens, s);
                    put(4, 0, ones, s);
                }
                None => {
                    for dx in 0..5 {
                        put(dx, 0, tg, base);
                    }
                }
            }
            let m = mark.unwrap_or(' ');
            put(0, 1, m, base);
            put(1, 1, digit(l.terrain), base);
            // A second unit in the hex (a Flyer above) shows as `^` between the ratings.
            let sep = if l.unit.is_some_and(|u| u.extra) {
                '^'
            } else {
                '/'
            };
            put(2, 1, sep, base);
            put(3, 1, digit(l.elevation), base);
            put(4, 1, m, base);
        }
        Zoom::Overview => match &l.unit {
            Some(u) => {
                let s = unit_style(u);
                let [a, b] = abbrev(u);
                put(0, 0, a, s);
                // A mark on a unit replaces its second letter, so targets show without colour.
                put(1, 0, mark.unwrap_or(b), s);
                put(2, 0, u.marker, s);
            }
            None => {
                let m = mark.unwrap_or(tg);
                put(0, 0, m, base);
                put(1, 0, digit(l.elevation), base);
                put(2, 0, m, base);
            }
        },
    }
    if l.cursor {
        // Brackets either side and reversed content: the cursor shows without colour.
        let cur = theme.style(Role::Cursor);
        let reversed = Style::default().add_modifier(Modifier::REVERSED);
        for dy in 0..zoom.height() {
            draw::cell(buf, area, x.saturating_sub(1), y + dy, "[", cur);
            draw::cell(buf, area, x + content, y + dy, "]", cur);
            for dx in 0..content {
                draw::restyle(buf, area, x + dx, y + dy, reversed);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_find_the_hex_drawn_there() {
        for zoom in [Zoom::Detail, Zoom::Overview] {
            let geo = Geometry::fit(zoom, 40, 30, Rect::new(5, 2, 90, 30), Some((1, 1)));
            assert_eq!(geo.origin, (1, 1));
            let (oc, or) = geo.origin;
            for r in or..or + geo.rows {
                for c in oc..oc + geo.cols {
                    let (x, y) = geo.cell_of(c, r).expect("visible");
                    assert_eq!(geo.hex_at(x, y), Some((c, r)), "{zoom:?} {c},{r}");
                    assert_eq!(
                        geo.hex_at(x + zoom.width() - 1, y + zoom.height() - 1),
                        Some((c, r))
                    );
                }
            }
            assert_eq!(geo.hex_at(5, 2), None);
        }
    }

    #[test]
    fn the_origin_is_clamped_so_the_map_fills_the_view() {
        let geo = Geometry::fit(Zoom::Detail, 12, 10, Rect::new(0, 0, 40, 12), Some((11, 9)));
        assert_eq!(geo.cols, 5);
        assert_eq!(geo.rows, 5);
        assert_eq!(geo.origin, (7, 5));
    }
}
