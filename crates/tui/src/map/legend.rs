//! What every mark on a map means: each ruleset's view lists its entries (a [`Sample`] of
//! the mark and a few words); the samples are drawn with the same theme and glyph tables
//! as the map, so the legend always shows what the screen shows, in colour, `--ascii` or
//! `NO_COLOR`.

use super::{CellLook, Ground, Overlay, Token, UnitLook, UnitState, content, put};
use crate::draw;
use crate::theme::{Role, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// A mark as the legend shows it: three cells, drawn like the map's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sample {
    /// A cell of this ground.
    Ground(Ground),
    /// A cell at this height.
    Height(u8),
    /// An empty cell under this overlay.
    Overlay(Overlay),
    /// A marker.
    Token(Token),
    /// A unit of this side, with hits shown (`true`) or the side marker.
    Unit(u8, bool),
    /// A unit in this state (selected, may act, has acted).
    State(UnitState),
    /// A wounded unit of side 0.
    Wounded,
    /// A model of the same unit as the selected one.
    Group,
    /// An enemy where it was last seen.
    LastSeen,
    /// The cursor on an empty cell.
    Cursor,
    /// Fixed text in the key style (a key, or the numbers overlay).
    Text(&'static str),
}

/// One line of a legend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    /// The mark.
    pub sample: Sample,
    /// What it means, in a few words.
    pub what: &'static str,
}

fn unit(side: u8, hits: Option<u8>) -> UnitLook {
    UnitLook {
        hits,
        ..UnitLook::plain(['S', 'q'], side)
    }
}

/// Draws a sample at (`x`, `y`), clipped to `area`; returns the column after it.
pub fn draw_sample(
    buf: &mut Buffer,
    area: Rect,
    x: u16,
    y: u16,
    sample: Sample,
    theme: &Theme,
) -> u16 {
    let look = match sample {
        Sample::Text(t) => return draw::text(buf, area, x, y, t, theme.style(Role::Key)),
        Sample::Ground(ground) => CellLook {
            ground,
            ..CellLook::default()
        },
        Sample::Height(height) => CellLook {
            height,
            ..CellLook::default()
        },
        Sample::Overlay(overlay) => CellLook {
            overlay,
            ..CellLook::default()
        },
        Sample::Token(t) => CellLook {
            token: Some(t),
            ..CellLook::default()
        },
        Sample::Unit(side, hits) => CellLook {
            unit: Some(unit(side, hits.then_some(3))),
            ..CellLook::default()
        },
        Sample::State(state) => CellLook {
            unit: Some(UnitLook {
                state,
                ..unit(0, None)
            }),
            ..CellLook::default()
        },
        Sample::Wounded => CellLook {
            unit: Some(UnitLook {
                wounded: true,
                ..unit(0, None)
            }),
            ..CellLook::default()
        },
        Sample::Group => CellLook {
            unit: Some(UnitLook {
                group: true,
                ..unit(0, None)
            }),
            ..CellLook::default()
        },
        Sample::LastSeen => CellLook {
            unit: Some(UnitLook {
                last_seen: true,
                low: true,
                ..unit(1, None)
            }),
            ..CellLook::default()
        },
        Sample::Cursor => CellLook {
            cursor: true,
            ..CellLook::default()
        },
    };
    let mut cells = content(theme, &look);
    if sample == Sample::Cursor {
        cells[0].0 = '[';
        cells[2].0 = ']';
    }
    for (i, (g, s)) in (0u16..).zip(cells) {
        put(buf, area, x + i, y, g, s);
    }
    x + 3
}

/// The width of the legend box for `items` (the longest line and the frame), at most
/// `max`.
pub fn width(items: &[Item], max: u16) -> u16 {
    let longest = items
        .iter()
        .map(|i| i.what.chars().count() + 4)
        .max()
        .unwrap_or(0);
    // Room for the title and for the note that more is listed under `?`.
    u16::try_from(longest + 2)
        .unwrap_or(u16::MAX)
        .max(26)
        .min(max)
}

/// Draws the legend in a framed box in the top-right corner of `area`: as many items as fit,
/// the last line saying how many more the help (`?`) lists.
pub fn draw(buf: &mut Buffer, area: Rect, items: &[Item], theme: &Theme) {
    let w = width(items, area.width);
    let h = u16::try_from(items.len() + 2)
        .unwrap_or(u16::MAX)
        .min(area.height);
    if w < 8 || h < 3 {
        return;
    }
    let rect = Rect::new(area.right() - w, area.y, w, h);
    draw::clear(buf, rect, theme.style(Role::Text));
    let inner = draw::frame(buf, rect, "Legend (m)", true, theme);
    let rows = usize::from(inner.height);
    let cut = items.len() > rows;
    for (i, item) in items.iter().take(rows).enumerate() {
        let y = inner.y + u16::try_from(i).unwrap_or(0);
        if cut && i + 1 == rows {
            draw::text_cut(
                buf,
                inner,
                inner.x,
                y,
                "... more under ? (help)",
                theme.style(Role::Dim),
            );
            break;
        }
        let x = draw_sample(buf, inner, inner.x, y, item.sample, theme);
        draw::text_cut(buf, inner, x + 1, y, item.what, theme.style(Role::Text));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_are_drawn_like_the_map() {
        let area = Rect::new(0, 0, 30, 6);
        let mut buf = Buffer::empty(area);
        let items = [
            Item {
                sample: Sample::Ground(Ground::Heavy),
                what: "heavy cover",
            },
            Item {
                sample: Sample::Overlay(Overlay::Reach),
                what: "can move here",
            },
            Item {
                sample: Sample::Unit(1, false),
                what: "seat 2",
            },
            Item {
                sample: Sample::Cursor,
                what: "cursor",
            },
        ];
        draw(&mut buf, area, &items, &Theme::PLAIN);
        let row = |y: u16| -> String { (0..30).map(|x| buf[(x, y)].symbol()).collect() };
        assert!(row(0).contains("Legend (m)"), "{}", row(0));
        assert!(row(1).contains("=== heavy cover"), "{}", row(1));
        assert!(row(2).contains(" *  can move here"), "{}", row(2));
        assert!(row(3).contains("Sqx seat 2"), "{}", row(3));
        assert!(row(4).contains("[ ] cursor"), "{}", row(4));
    }

    #[test]
    fn a_legend_taller_than_its_room_says_where_the_rest_is() {
        let area = Rect::new(0, 0, 40, 4);
        let mut buf = Buffer::empty(area);
        let item = Item {
            sample: Sample::Height(2),
            what: "raised",
        };
        draw(&mut buf, area, &[item; 5], &Theme::PLAIN);
        let row = |y: u16| -> String { (0..40).map(|x| buf[(x, y)].symbol()).collect() };
        assert!(row(1).contains(" -  raised"), "{}", row(1));
        assert!(row(2).contains("more under ?"), "{}", row(2));
    }
}
