//! Pointy-top hexes in odd-r offset rows (odd rows shifted half a hex east), with column
//! numbers along the top and row numbers down the left.
//!
//! In detail each hex is drawn in outline, two lines per row of hexes, so its shape shows
//! without colour:
//!
//! ```text
//!     /+\ / \        the apex over a unit: its side marker, v selected, . may act
//!  0 |Sq3|.-.|       content: a unit's letters and hits, or ground | height | ground
//!     \ / \ / \
//!  1   |   |===|
//!     / \ / \ /
//! ```
//!
//! The compact zoom gives each hex two characters on one line, for a whole map in a small
//! area. Either zoom scrolls when the map does not fit, with [`super::viewport`]'s marks.

use super::{CellLook, Zoom, content, number, put, unit_content, viewport};
use crate::draw;
use crate::theme::{Role, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// Columns of the row-number gutter.
const GUTTER: u16 = 3;

/// Where the hexes fall on screen for one frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    zoom: Zoom,
    /// The area the map (rulers and scroll bars included) is drawn in.
    area: Rect,
    /// First column and row on screen.
    pub origin: (u8, u8),
    /// Hex columns on screen.
    pub cols: u8,
    /// Hex rows on screen.
    pub rows: u8,
    width: u8,
    height: u8,
    /// Columns the hexes are moved right by to centre a map narrower than the area.
    inset: u16,
}

impl Zoom {
    /// Columns per hex.
    fn hex_width(self) -> u16 {
        match self {
            Zoom::Detail => 4,
            Zoom::Overview => 2,
        }
    }

    /// Lines per row of hexes.
    fn hex_height(self) -> u16 {
        match self {
            Zoom::Detail => 2,
            Zoom::Overview => 1,
        }
    }
}

impl Geometry {
    /// The hexes of a `width × height` map that fit `area` from `origin` (pulled back so
    /// the view never runs past the map's far edges). A map that does not fit leaves the
    /// last column and line of `area` to its scroll bars.
    pub fn fit(zoom: Zoom, width: u8, height: u8, area: Rect, origin: (u8, u8)) -> Geometry {
        let (cw, ch) = (zoom.hex_width(), zoom.hex_height());
        // The gutter, half a hex for the odd rows' shift and the last edge.
        let room = |w: u16| u8::try_from(w.saturating_sub(GUTTER + cw / 2 + 1) / cw);
        let lines = |h: u16| {
            // The ruler line, and a closing edge line in outline.
            let extra = 1 + u16::from(zoom == Zoom::Detail);
            u8::try_from(h.saturating_sub(extra) / ch)
        };
        let mut cols = room(area.width).unwrap_or(u8::MAX).min(width);
        let mut rows = lines(area.height).unwrap_or(u8::MAX).min(height);
        if cols < width || rows < height {
            cols = room(area.width.saturating_sub(1))
                .unwrap_or(u8::MAX)
                .min(width);
            rows = lines(area.height.saturating_sub(1))
                .unwrap_or(u8::MAX)
                .min(height);
        }
        let oc = origin.0.min(width.saturating_sub(cols));
        let or = origin.1.min(height.saturating_sub(rows));
        let used = GUTTER + u16::from(cols) * cw + cw / 2 + 1;
        let inset = if cols >= width {
            area.width.saturating_sub(used) / 2
        } else {
            0
        };
        Geometry {
            zoom,
            area,
            origin: (oc, or),
            cols,
            rows,
            width,
            height,
            inset,
        }
    }

    /// Whether the whole map is on screen.
    pub fn whole(&self) -> bool {
        self.cols >= self.width && self.rows >= self.height
    }

    /// The screen column of the left edge of hex (`col`, `row`), if it is on screen.
    fn left_of(&self, col: u8, row: u8) -> Option<u16> {
        let (oc, _) = self.origin;
        if col < oc || col >= oc.saturating_add(self.cols) {
            return None;
        }
        let cw = self.zoom.hex_width();
        let shift = if row % 2 == 1 { cw / 2 } else { 0 };
        Some(self.area.x + self.inset + GUTTER + u16::from(col - oc) * cw + shift)
    }

    /// The screen line of the content of row `row`, if it is on screen.
    fn line_of(&self, row: u8) -> Option<u16> {
        let (_, or) = self.origin;
        if row < or || row >= or.saturating_add(self.rows) {
            return None;
        }
        let ch = self.zoom.hex_height();
        // Below the ruler, and below the first edge line in outline.
        Some(self.area.y + ch + u16::from(row - or) * ch)
    }

    /// The screen cell at the middle of a hex's content, for clicks and tests.
    pub fn cell_of(&self, col: u8, row: u8) -> Option<(u16, u16)> {
        let x = self.left_of(col, row)?;
        let y = self.line_of(row)?;
        Some(match self.zoom {
            Zoom::Detail => (x + 2, y),
            Zoom::Overview => (x, y),
        })
    }

    /// The hex (column, row) drawn at a screen cell: its content, or in outline the edge
    /// line above it.
    pub fn hex_at(&self, x: u16, y: u16) -> Option<(u8, u8)> {
        let (oc, or) = self.origin;
        let ch = self.zoom.hex_height();
        // Below the ruler: in outline the edge line above a row counts as that row.
        let top = self.area.y + 1;
        let dy = y.checked_sub(top)?;
        let row = or.checked_add(u8::try_from(dy / ch).ok()?)?;
        if row >= or.saturating_add(self.rows) {
            return None;
        }
        let cw = self.zoom.hex_width();
        let shift = if row % 2 == 1 { cw / 2 } else { 0 };
        let dx = x.checked_sub(self.area.x + self.inset + GUTTER + shift)?;
        let col = oc.checked_add(u8::try_from(dx / cw).ok()?)?;
        (col < oc.saturating_add(self.cols)).then_some((col, row))
    }

    /// The window the view shows, for the scroll bars.
    pub fn window(&self) -> viewport::Window {
        viewport::Window {
            x: (self.origin.0, self.cols, self.width),
            y: (self.origin.1, self.rows, self.height),
        }
    }

    /// The origin that brings (`col`, `row`) on screen, moving as little as it can.
    pub fn follow(&self, col: u8, row: u8) -> (u8, u8) {
        viewport::follow(self.origin, (self.cols, self.rows), (col, row))
    }
}

/// The zoom that suits a `width × height` map in `area`: hexes in outline when the whole
/// map fits, or when the outline still shows at least three quarters of its columns and of
/// its rows (it scrolls a little, with its scroll bars, rather than leave most of the pane
/// empty); otherwise compact, which shows four times as many hexes (and scrolls too when
/// even it does not fit).
pub fn best_zoom(width: u8, height: u8, area: Rect) -> Zoom {
    let detail = Geometry::fit(Zoom::Detail, width, height, area, (0, 0));
    let most = |shown: u8, all: u8| u16::from(shown) * 4 >= u16::from(all) * 3;
    if detail.whole() || (most(detail.cols, width) && most(detail.rows, height)) {
        Zoom::Detail
    } else {
        Zoom::Overview
    }
}

/// Draws the map: the rulers, every hex on screen as `look(col, row)` describes it, and
/// the scroll bars when the map does not fit.
pub fn draw(
    buf: &mut Buffer,
    geo: &Geometry,
    theme: &Theme,
    mut look: impl FnMut(u8, u8) -> Option<CellLook>,
) {
    let area = draw::clip(buf, geo.area);
    if area.width == 0 || area.height == 0 {
        return;
    }
    draw_rulers(buf, area, geo, theme);
    let (oc, or) = geo.origin;
    match geo.zoom {
        Zoom::Detail => {
            let edge = theme.style(Role::Border);
            let [up, down, side] = theme.hex_edges();
            let mut cursor = None;
            for r in or..or.saturating_add(geo.rows) {
                let Some(y) = geo.line_of(r) else { continue };
                for c in oc..oc.saturating_add(geo.cols) {
                    let (Some(x), Some(l)) = (geo.left_of(c, r), look(c, r)) else {
                        continue;
                    };
                    let cells = content(theme, &l);
                    if l.cursor {
                        cursor = Some((x, y));
                    }
                    put(buf, area, x, y, side, edge);
                    for (i, (g, s)) in (1u16..).zip(cells) {
                        put(buf, area, x + i, y, g, s);
                    }
                    put(buf, area, x + 4, y, side, edge);
                    // The edges above and below, and the apexes, which carry the hex's
                    // ground so the shape shows in colour, and its unit's marks.
                    let fill = super::base_style(theme, &l);
                    put(buf, area, x + 1, y - 1, up, edge);
                    put(buf, area, x + 3, y - 1, down, edge);
                    put(buf, area, x + 1, y + 1, down, edge);
                    put(buf, area, x + 3, y + 1, up, edge);
                    let (top, bottom) = apexes(theme, &l);
                    put(buf, area, x + 2, y - 1, top.0, fill.patch(top.1));
                    put(buf, area, x + 2, y + 1, bottom, fill);
                }
            }
            // The cursor's brackets replace the edges either side, which its neighbours
            // drew too.
            if let Some((x, y)) = cursor {
                let cur = theme.style(Role::Cursor);
                put(buf, area, x, y, '[', cur);
                put(buf, area, x + 4, y, ']', cur);
            }
        }
        Zoom::Overview => {
            for r in or..or.saturating_add(geo.rows) {
                let Some(y) = geo.line_of(r) else { continue };
                for c in oc..oc.saturating_add(geo.cols) {
                    let (Some(x), Some(l)) = (geo.left_of(c, r), look(c, r)) else {
                        continue;
                    };
                    let [a, b] = compact(theme, &l);
                    put(buf, area, x, y, a.0, a.1);
                    put(buf, area, x + 1, y, b.0, b.1);
                }
            }
        }
    }
    viewport::draw(buf, area, &geo.window(), theme);
}

/// Marks, on a compact map, the corners of the part of it the outline shows (`window`),
/// as the overview of a large table does; nothing when the outline shows it all. A corner
/// on a hex for which `keep(col, row)` holds (a unit stands there) is left out rather than
/// hide it.
pub fn frame_window(
    buf: &mut Buffer,
    geo: &Geometry,
    window: &viewport::Window,
    theme: &Theme,
    keep: impl Fn(u8, u8) -> bool,
) {
    if window.whole() || geo.zoom != Zoom::Overview {
        return;
    }
    let last = |(first, shown, _): (u8, u8, u8)| first.saturating_add(shown.max(1) - 1);
    let (c0, r0, c1, r1) = (window.x.0, window.y.0, last(window.x), last(window.y));
    let corners = theme.window_corners();
    let style = theme.style(Role::Focus);
    let area = draw::clip(buf, geo.area);
    // The left corners on a hex's first character, the right ones on its second.
    for ((c, r, right), g) in [(c0, r0, 0), (c1, r0, 1), (c0, r1, 0), (c1, r1, 1)]
        .into_iter()
        .zip(corners)
    {
        if keep(c, r) {
            continue;
        }
        if let Some((x, y)) = geo.cell_of(c, r) {
            put(buf, area, x + right, y, g, style);
        }
    }
}

/// The glyphs over and under a hex's content: over a unit its side marker, or the
/// selected / may-act mark; under it a second unit sharing the hex (`^`, a Flyer above).
fn apexes(theme: &Theme, l: &CellLook) -> ((char, Style), char) {
    let Some(u) = l.unit.filter(|_| l.fog == super::Fog::Seen) else {
        return ((' ', Style::default()), ' ');
    };
    let side = theme.unit_style(&super::UnitLook {
        state: super::UnitState::Idle,
        group: false,
        ..u
    });
    let top = match (u.state, on_unit(theme, l.overlay)) {
        (super::UnitState::Selected, _) | (_, None) => match theme.apex(u.state) {
            Some(g) => (g, side),
            None if u.last_seen => (crate::theme::LAST_SEEN_MARKER, side),
            None => (theme.side_marker(u.side), side),
        },
        (_, Some(mark)) => mark,
    };
    (top, if u.extra { '^' } else { ' ' })
}

/// The mark an overlay puts over a unit (a target, a blocker, a unit to pick), which its
/// letters would otherwise hide.
fn on_unit(theme: &Theme, overlay: super::Overlay) -> Option<(char, Style)> {
    use super::Overlay::{Blocker, Pick, Target};
    matches!(overlay, Target | Blocker | Pick)
        .then(|| {
            theme
                .overlay_glyph(overlay)
                .zip(theme.overlay_style(overlay))
        })
        .flatten()
}

/// The two characters of a hex in the compact zoom: a unit's first letter and its side
/// marker, or the centre glyph and the ground.
fn compact(theme: &Theme, l: &CellLook) -> [(char, Style); 2] {
    let base = super::base_style(theme, l);
    let mut out = match l.unit.filter(|_| l.fog == super::Fog::Seen) {
        Some(u) => {
            let [a, _, _] = unit_content(theme, base, &super::UnitLook { hits: None, ..u });
            let marker = match (theme.apex(u.state), on_unit(theme, l.overlay)) {
                (Some(g), _) if u.state == super::UnitState::Selected => (g, a.1),
                (_, Some(mark)) => (mark.0, a.1.patch(mark.1)),
                _ if u.last_seen => (crate::theme::LAST_SEEN_MARKER, a.1),
                // The may-act badge, as on the outlined hexes.
                _ if u.state == super::UnitState::Ready => {
                    (theme.side_marker(u.side), theme.ready_style(a.1))
                }
                _ => (theme.side_marker(u.side), a.1),
            };
            [a, marker]
        }
        None => {
            let [g, c, _] = content(
                theme,
                &CellLook {
                    cursor: false,
                    ..*l
                },
            );
            [c, g]
        }
    };
    if l.cursor {
        for (_, s) in &mut out {
            *s = s.patch(theme.style(Role::Cursor));
        }
    }
    out
}

/// Column numbers along the top (over the even rows' hexes, every other one in the compact
/// zoom) and row numbers down the left.
fn draw_rulers(buf: &mut Buffer, area: Rect, geo: &Geometry, theme: &Theme) {
    let dim = theme.style(Role::Dim);
    let (oc, or) = geo.origin;
    let mut digits = [0u8; 3];
    let even = or & !1;
    for c in oc..oc.saturating_add(geo.cols) {
        if geo.zoom == Zoom::Overview && c % 2 == 1 {
            continue;
        }
        if let Some(x) = geo.left_of(c, even) {
            let x = if geo.zoom == Zoom::Detail { x + 1 } else { x };
            draw::text(buf, area, x, area.y, number(c, &mut digits), dim);
        }
    }
    for r in or..or.saturating_add(geo.rows) {
        let Some(y) = geo.line_of(r) else { continue };
        let s = number(r, &mut digits);
        let w = u16::try_from(s.len()).unwrap_or(0);
        let x = area.x + geo.inset + (GUTTER - 1).saturating_sub(w);
        draw::text(buf, area, x, y, s, dim);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_find_the_hex_drawn_there() {
        for zoom in [Zoom::Detail, Zoom::Overview] {
            let geo = Geometry::fit(zoom, 60, 40, Rect::new(5, 2, 90, 30), (1, 1));
            assert_eq!(geo.origin, (1, 1));
            let (oc, or) = geo.origin;
            for r in or..or + geo.rows {
                for c in oc..oc + geo.cols {
                    let (x, y) = geo.cell_of(c, r).expect("visible");
                    assert_eq!(geo.hex_at(x, y), Some((c, r)), "{zoom:?} {c},{r}");
                }
            }
            assert_eq!(geo.hex_at(5, 2), None);
        }
    }

    #[test]
    fn a_map_that_fits_has_no_scroll_bars_and_one_that_does_not_is_pulled_back() {
        let geo = Geometry::fit(Zoom::Detail, 12, 10, Rect::new(0, 0, 78, 26), (3, 3));
        assert!(geo.whole());
        assert_eq!(geo.origin, (0, 0));
        let geo = Geometry::fit(Zoom::Detail, 12, 10, Rect::new(0, 0, 40, 12), (11, 9));
        assert!(!geo.whole());
        // 40 columns less the scroll bar, the gutter, half a hex and the last edge.
        assert_eq!(geo.cols, 8);
        // 12 lines less the scroll bar, the ruler and the closing edge, two per row.
        assert_eq!(geo.rows, 4);
        assert_eq!(geo.origin, (4, 6));
    }

    #[test]
    fn the_outline_is_chosen_when_it_shows_most_of_the_map() {
        // The 120×40 game screen's map pane (78×25 inside its frame).
        let pane = Rect::new(1, 2, 78, 25);
        // 12×10 fits whole in outline.
        assert_eq!(best_zoom(12, 10, pane), Zoom::Detail);
        // 16×12 misses one row of 12 in outline: it scrolls rather than go compact.
        let geo = Geometry::fit(Zoom::Detail, 16, 12, pane, (0, 0));
        assert!(!geo.whole());
        assert_eq!((geo.cols, geo.rows), (16, 11));
        assert_eq!(best_zoom(16, 12, pane), Zoom::Detail);
        assert_eq!(best_zoom(16, 14, pane), Zoom::Detail);
        // The 80×24 pane (48×12): the outline shows 4 rows of 10, so compact, which fits.
        assert_eq!(best_zoom(12, 10, Rect::new(1, 2, 48, 12)), Zoom::Overview);
        // 16×12 there: compact, though it scrolls by a row, rather than 4 rows in outline.
        assert_eq!(best_zoom(16, 12, Rect::new(1, 2, 48, 12)), Zoom::Overview);
    }

    #[test]
    fn the_compact_zoom_keeps_the_may_act_badge() {
        let unit = |state| super::super::UnitLook {
            kind: ['S', 'q'],
            side: 0,
            hits: Some(2),
            wounded: false,
            state,
            low: false,
            last_seen: false,
            group: false,
            extra: false,
        };
        let look = |state| CellLook {
            unit: Some(unit(state)),
            ..CellLook::default()
        };
        let t = Theme {
            color: false,
            ascii: true,
        };
        let ready = compact(&t, &look(super::super::UnitState::Ready));
        let idle = compact(&t, &look(super::super::UnitState::Idle));
        assert_eq!((ready[0].0, ready[1].0), ('S', '+'));
        assert!(
            ready[1]
                .1
                .add_modifier
                .contains(ratatui::style::Modifier::REVERSED)
        );
        assert!(
            !idle[1]
                .1
                .add_modifier
                .contains(ratatui::style::Modifier::REVERSED)
        );
    }

    #[test]
    fn the_compact_zoom_frames_the_window_of_the_outline() {
        let area = Rect::new(0, 0, 40, 14);
        let geo = Geometry::fit(Zoom::Overview, 12, 10, area, (0, 0));
        assert!(geo.whole());
        let mut buf = Buffer::empty(area);
        let window = viewport::Window {
            x: (2, 5, 12),
            y: (3, 4, 10),
        };
        // A unit stands on the bottom-right corner's hex: that corner is left out.
        frame_window(&mut buf, &geo, &window, &Theme::PLAIN, |c, r| {
            (c, r) == (6, 6)
        });
        let at = |c, r, right| {
            let (x, y) = geo.cell_of(c, r).expect("on screen");
            buf[(x + right, y)].symbol().to_string()
        };
        for (c, r, right, g) in [(2, 3, 0, "["), (6, 3, 1, "]"), (2, 6, 0, "[")] {
            assert_eq!(at(c, r, right), g, "{c},{r}");
        }
        let marked = buf
            .content()
            .iter()
            .filter(|c| matches!(c.symbol(), "[" | "]"))
            .count();
        assert_eq!(marked, 3);
    }

    #[test]
    fn outlined_hexes_share_their_edges() {
        // Exactly as wide as the map: no centring.
        let geo = Geometry::fit(Zoom::Detail, 3, 2, Rect::new(0, 0, 18, 6), (0, 0));
        let mut buf = Buffer::empty(Rect::new(0, 0, 18, 6));
        draw(&mut buf, &geo, &Theme::PLAIN, |_, _| {
            Some(CellLook::default())
        });
        let row = |y: u16| -> String { (0..18).map(|x| buf[(x, y)].symbol()).collect() };
        assert_eq!(row(1).trim_end(), "    / \\ / \\ / \\");
        assert_eq!(row(2).trim_end(), " 0 |   |   |   |");
        assert_eq!(row(3).trim_end(), "    \\ / \\ / \\ / \\");
        assert_eq!(row(4).trim_end(), " 1   |   |   |   |");
        assert_eq!(row(5).trim_end(), "      \\ / \\ / \\ /");
    }
}
