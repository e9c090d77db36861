//! The shell's map widgets: every ruleset's map is drawn with them, so terrain, units,
//! overlays and the legend read the same in every game.
//!
//! A view says only what each cell holds ([`CellLook`]); the canvases choose glyphs and
//! colours through the [`Theme`]:
//!
//! - [`hexes`] — odd-r offset hexes, in outline (each hex drawn with its edges) or compact;
//! - [`grid`] — a cell per three (square) or four (hex) columns, for large tables;
//! - [`overview`] — a whole table in a small area, two cells per character with half-block
//!   glyphs in colour, the strongest mark of each block otherwise;
//! - [`viewport`] — where the view sits on the whole map: scroll bars and "more: <>^v";
//! - [`legend`] — what every mark means, drawn from the same glyph tables.
//!
//! Colour is never the only cue: ground kinds, heights, overlays and sides all have glyphs,
//! so `--ascii` and `NO_COLOR` maps carry the same meaning.

pub mod grid;
pub mod hexes;
pub mod legend;
pub mod overview;
pub mod viewport;

pub use crate::cell::{
    CellLook, Effect, Fog, Ground, Numbers, Overlay, Token, UnitLook, UnitState,
};

use crate::draw;
use crate::theme::{LAST_SEEN_MARKER, Role, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// The zoom of a map: every cell drawn with its details, or the whole map at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Zoom {
    /// Every cell with its glyphs (the map scrolls when it does not fit).
    #[default]
    Detail,
    /// The whole map, or as much as fits, in few characters.
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
}

/// A digit for a small number (9 and above show as 9).
pub fn digit(n: u8) -> char {
    char::from(b'0' + n.min(9))
}

/// The glyph a cell shows in its middle when no unit stands there: a token, fire or smoke,
/// the overlay, the height, else the ground.
fn centre(theme: &Theme, look: &CellLook) -> (char, Option<Style>) {
    if let Some(t) = look.token {
        return (theme.token_glyph(t), Some(theme.style(Role::Key)));
    }
    if let Some(e) = look.effect {
        let (g, s) = theme.effect_look(e);
        return (g, Some(s));
    }
    if let Some(g) = theme.overlay_glyph(look.overlay) {
        return (g, None);
    }
    (
        theme
            .height_glyph(look.height)
            .unwrap_or_else(|| theme.ground_glyph(look.ground)),
        None,
    )
}

/// The background of a cell: its ground, tinted by its overlay, dimmed when remembered.
pub fn base_style(theme: &Theme, look: &CellLook) -> Style {
    let mut s = theme.ground_style(look.ground, look.height);
    if let Some(o) = theme.overlay_style(look.overlay) {
        s = s.patch(o);
    }
    if look.fog == Fog::Remembered {
        s = s.add_modifier(Modifier::DIM);
    }
    s
}

/// The three glyphs of a cell's content, with their styles: a unit's two letters and its
/// hits (or side marker), or the ground either side of the centre glyph.
pub fn content(theme: &Theme, look: &CellLook) -> [(char, Style); 3] {
    if look.fog == Fog::Unknown {
        let s = theme.style(Role::Dim);
        return [(' ', s); 3];
    }
    let base = base_style(theme, look);
    let mut out = match look.unit.filter(|_| look.fog == Fog::Seen) {
        Some(u) => unit_content(theme, base, &u),
        None => {
            let g = theme.ground_glyph(look.ground);
            let (c, accent) = centre(theme, look);
            let cell = match look.numbers {
                Numbers::Two(a, b) => [digit(a), '/', digit(b)],
                Numbers::One(a) => [g, digit(a), g],
                Numbers::Off => [g, c, g],
            };
            let mid = match (look.numbers, accent) {
                (Numbers::Off, Some(s)) => base.patch(s),
                _ => base,
            };
            [(cell[0], base), (cell[1], mid), (cell[2], base)]
        }
    };
    if look.cursor {
        let cur = theme.style(Role::Cursor);
        for (_, s) in &mut out {
            *s = s.patch(cur);
        }
    }
    out
}

fn unit_content(theme: &Theme, base: Style, u: &UnitLook) -> [(char, Style); 3] {
    let s = base.patch(theme.unit_style(u));
    let low = |c: char| {
        if u.low { c.to_ascii_lowercase() } else { c }
    };
    let third = match u.hits {
        Some(h) => digit(h),
        None if u.last_seen => LAST_SEEN_MARKER,
        None => theme.side_marker(u.side),
    };
    let mut third_style = if u.wounded {
        s.patch(theme.style(Role::Bad))
            .add_modifier(Modifier::UNDERLINED)
    } else {
        s
    };
    if u.state == UnitState::Ready {
        third_style = theme.ready_style(third_style);
    }
    [
        (low(u.kind[0]), s),
        (low(u.kind[1]), s),
        (third, third_style),
    ]
}

/// Writes one character at `(x, y)` in `style`, clipped to `area`, without allocating.
pub fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, c: char, style: Style) {
    let mut tmp = [0u8; 4];
    draw::cell(buf, area, x, y, c.encode_utf8(&mut tmp), style);
}

/// `n` in decimal, written into `digits` (no allocation).
pub fn number(n: u8, digits: &mut [u8; 3]) -> &str {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(side: u8) -> UnitLook {
        UnitLook::plain(['S', 'q'], side)
    }

    fn text(cells: [(char, Style); 3]) -> String {
        cells.iter().map(|(c, _)| *c).collect()
    }

    #[test]
    fn sides_differ_by_glyph_and_hits_replace_the_marker() {
        let t = Theme::PLAIN;
        let mut look = CellLook {
            unit: Some(unit(0)),
            ..CellLook::default()
        };
        assert_eq!(text(content(&t, &look)), "Sq+");
        look.unit = Some(unit(1));
        assert_eq!(text(content(&t, &look)), "Sqx");
        look.unit = Some(UnitLook {
            hits: Some(2),
            wounded: true,
            low: true,
            ..unit(1)
        });
        let c = content(&t, &look);
        assert_eq!(text(c), "sq2");
        assert!(c[2].1.add_modifier.contains(Modifier::UNDERLINED));
    }

    /// A unit that may still act, one that has acted, the selected one and one with nothing
    /// to say differ in every theme: by a reversed badge, dimming and reverse video, which
    /// need no colour and no Unicode.
    #[test]
    fn unit_states_differ_in_every_theme() {
        for (color, ascii) in [(true, false), (true, true), (false, false), (false, true)] {
            let t = Theme { color, ascii };
            let look = |state| CellLook {
                unit: Some(UnitLook { state, ..unit(0) }),
                ..CellLook::default()
            };
            let states = [
                UnitState::Idle,
                UnitState::Ready,
                UnitState::Done,
                UnitState::Selected,
            ];
            let cells: Vec<_> = states.iter().map(|&s| content(&t, &look(s))).collect();
            for (i, a) in cells.iter().enumerate() {
                for (j, b) in cells.iter().enumerate().skip(i + 1) {
                    let mods = |c: &[(char, Style); 3]| c.map(|(_, s)| s);
                    assert_ne!(
                        mods(a),
                        mods(b),
                        "{:?} and {:?} look alike ({color} {ascii})",
                        states[i],
                        states[j]
                    );
                }
            }
            // Reverse video: the attribute without colour, the side's colour as paper with
            // it (light cyan for seat 1).
            let reversed = |s: &Style| {
                if color {
                    s.bg == Some(ratatui::style::Color::LightCyan)
                } else {
                    s.add_modifier.contains(Modifier::REVERSED)
                }
            };
            let ready = &cells[1];
            assert!(reversed(&ready[2].1), "{:?}", ready[2]);
            assert!(!reversed(&ready[0].1));
            let done = &cells[2];
            assert!(done[0].1.add_modifier.contains(Modifier::DIM));
            let selected = &cells[3];
            assert!(selected.iter().all(|(_, s)| reversed(s)), "{selected:?}");
        }
    }

    #[test]
    fn fog_hides_units_and_unknown_cells_are_blank() {
        let t = Theme::PLAIN;
        let mut look = CellLook {
            ground: Ground::Heavy,
            unit: Some(unit(1)),
            fog: Fog::Remembered,
            ..CellLook::default()
        };
        assert_eq!(text(content(&t, &look)), "===");
        look.fog = Fog::Unknown;
        assert_eq!(text(content(&t, &look)), "   ");
    }

    #[test]
    fn the_centre_shows_token_then_effect_then_overlay_then_height() {
        let t = Theme::PLAIN;
        let mut look = CellLook {
            ground: Ground::Light,
            height: 2,
            ..CellLook::default()
        };
        assert_eq!(text(content(&t, &look)), ".-.");
        look.overlay = Overlay::Reach;
        assert_eq!(text(content(&t, &look)), ".*.");
        look.effect = Some(Effect::Smoke);
        assert_eq!(text(content(&t, &look)), ".`.");
        look.token = Some(Token::Objective);
        assert_eq!(text(content(&t, &look)), ".O.");
        look.numbers = Numbers::Two(3, 2);
        assert_eq!(text(content(&t, &look)), "3/2");
    }
}
