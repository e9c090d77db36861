//! Colours, text styles and glyphs, in one place so that `NO_COLOR` and `--ascii` are honoured
//! everywhere.
//!
//! Colour is only ever a second cue: every style that carries meaning also changes the text
//! (bold, reversed, underlined) or comes with a distinct glyph, so a monochrome terminal loses
//! nothing.

use crate::cell::{Effect, Ground, Overlay, Token, UnitLook, UnitState};
use ratatui::style::{Color, Modifier, Style};

/// What a piece of text means, so that its style is chosen here and nowhere else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Ordinary text.
    Text,
    /// Less important text (hints, disabled entries).
    Dim,
    /// Pane and screen titles.
    Title,
    /// The border of the focused pane.
    Focus,
    /// The border of an unfocused pane.
    Border,
    /// The selected line of a list.
    Selected,
    /// The map cursor.
    Cursor,
    /// A key name in a key list ("Enter", "q").
    Key,
    /// Something that went wrong.
    Error,
    /// Good news (a success, a win).
    Good,
    /// Bad news (a failure, a loss).
    Bad,
    /// A unit or marker of seat `n` (0-based).
    Side(u8),
    /// A hex a selected unit may move to.
    Reach,
    /// A legal target.
    Target,
    /// The line of sight traced to the cursor.
    Sight,
    /// What blocks a line of sight.
    Blocker,
}

/// Display preferences of one run: colour on or off and box-drawing or plain ASCII glyphs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Whether colours are used (off under `NO_COLOR`).
    pub color: bool,
    /// Whether only ASCII glyphs are drawn (`--ascii`).
    pub ascii: bool,
}

/// The characters a frame is drawn with.
#[derive(Clone, Copy, Debug)]
pub struct BorderGlyphs {
    /// Corners: top-left, top-right, bottom-left, bottom-right.
    pub corners: [&'static str; 4],
    /// Horizontal line.
    pub horizontal: &'static str,
    /// Vertical line.
    pub vertical: &'static str,
}

const UNICODE_BORDER: BorderGlyphs = BorderGlyphs {
    corners: ["┌", "┐", "└", "┘"],
    horizontal: "─",
    vertical: "│",
};

const FOCUS_BORDER: BorderGlyphs = BorderGlyphs {
    corners: ["┏", "┓", "┗", "┛"],
    horizontal: "━",
    vertical: "┃",
};

// Rounded corners: a `+` corner would read as seat 1's side marker.
const ASCII_BORDER: BorderGlyphs = BorderGlyphs {
    corners: [".", ".", "'", "'"],
    horizontal: "-",
    vertical: "|",
};

const ASCII_FOCUS_BORDER: BorderGlyphs = BorderGlyphs {
    corners: ["#", "#", "#", "#"],
    horizontal: "=",
    vertical: "#",
};

impl Theme {
    /// Colour unless the `NO_COLOR` environment variable is set to anything non-empty
    /// (<https://no-color.org>); `ascii` from the `--ascii` option.
    pub fn from_env(ascii: bool) -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme {
            color: !no_color,
            ascii,
        }
    }

    /// Plain text and ASCII glyphs: what snapshot tests use, so they read the same anywhere.
    pub const PLAIN: Theme = Theme {
        color: false,
        ascii: true,
    };

    /// The style for a role.
    pub fn style(&self, role: Role) -> Style {
        let base = Style::default();
        // The modifier half always applies; the colour half only with colour on.
        let (modifier, fg, bg) = match role {
            Role::Text => (Modifier::empty(), None, None),
            Role::Dim => (Modifier::DIM, Some(Color::DarkGray), None),
            Role::Title => (Modifier::BOLD, Some(Color::Cyan), None),
            Role::Focus => (Modifier::BOLD, Some(Color::Yellow), None),
            Role::Border => (Modifier::empty(), Some(Color::Gray), None),
            Role::Selected => (Modifier::REVERSED, None, None),
            Role::Cursor => (
                Modifier::REVERSED | Modifier::BOLD,
                Some(Color::Black),
                Some(Color::Yellow),
            ),
            Role::Key => (Modifier::BOLD, Some(Color::Yellow), None),
            Role::Error => (Modifier::BOLD, Some(Color::Red), None),
            Role::Good => (Modifier::BOLD, Some(Color::Green), None),
            Role::Bad => (Modifier::BOLD, Some(Color::Red), None),
            Role::Side(0) => (Modifier::BOLD, Some(Color::LightCyan), None),
            Role::Side(1) => (Modifier::BOLD, Some(Color::LightRed), None),
            Role::Side(_) => (Modifier::BOLD, Some(Color::LightMagenta), None),
            Role::Reach => (Modifier::UNDERLINED, None, Some(Color::Rgb(0, 60, 0))),
            Role::Target => (
                Modifier::BOLD | Modifier::UNDERLINED,
                None,
                Some(Color::Rgb(110, 0, 0)),
            ),
            Role::Sight => (Modifier::empty(), None, Some(Color::Rgb(40, 40, 90))),
            Role::Blocker => (Modifier::BOLD, Some(Color::LightRed), None),
        };
        let mut style = base.add_modifier(modifier);
        if self.color {
            if let Some(fg) = fg {
                style = style.fg(fg);
            }
            if let Some(bg) = bg {
                style = style.bg(bg);
            }
            // With colour on, dimming is done by the colour alone.
            if role == Role::Dim {
                style = style.remove_modifier(Modifier::DIM);
            }
        }
        style
    }

    /// A background shade for a level 1–5 (terrain or elevation); plain style without colour.
    pub fn shade(&self, level: u8) -> Style {
        if !self.color {
            return Style::default();
        }
        let v = 18 + 14 * level.min(5);
        Style::default().bg(Color::Rgb(v, v, v.saturating_sub(6)))
    }

    /// The frame glyphs for a pane, heavier when it has the focus.
    pub fn border(&self, focused: bool) -> BorderGlyphs {
        match (self.ascii, focused) {
            (true, false) => ASCII_BORDER,
            (true, true) => ASCII_FOCUS_BORDER,
            (false, false) => UNICODE_BORDER,
            (false, true) => FOCUS_BORDER,
        }
    }

    /// An arrow meaning "leads to".
    pub fn arrow(&self) -> &'static str {
        if self.ascii { "->" } else { "→" }
    }

    /// A bullet for lists.
    pub fn bullet(&self) -> &'static str {
        if self.ascii { "*" } else { "•" }
    }

    /// The marker of the selected list line.
    pub fn pointer(&self) -> &'static str {
        if self.ascii { ">" } else { "▶" }
    }

    /// The filled and empty cells of a bar.
    pub fn bar_cells(&self) -> (&'static str, &'static str) {
        if self.ascii {
            ("#", ".")
        } else {
            ("█", "░")
        }
    }

    /// One frame of the "thinking" spinner.
    pub fn spinner(&self, step: usize) -> &'static str {
        const UNICODE: [&str; 8] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧"];
        const ASCII: [&str; 4] = ["|", "/", "-", "\\"];
        if self.ascii {
            ASCII[step % ASCII.len()]
        } else {
            UNICODE[step % UNICODE.len()]
        }
    }

    /// "…" or "...".
    pub fn ellipsis(&self) -> &'static str {
        if self.ascii { "..." } else { "…" }
    }
}

/// The glyphs a map's cells are drawn with, Unicode or ASCII: one table, so every map of
/// every ruleset uses the same marks and the legend can explain them.
struct MapGlyphs {
    /// Indexed by [`Ground`] in [`Ground::ALL`] order.
    ground: [char; 7],
    /// Heights 1, 2, 3 and 4 or more.
    height: [char; 4],
    /// Range, a later effect's range, half range, sight line, 2-action reach, reach, pick,
    /// target, blocker.
    overlay: [char; 9],
    /// Objective, face-down marker.
    token: [char; 2],
    /// Fire, smoke.
    effect: [char; 2],
    /// Hex edges: rising, falling, upright.
    hex: [char; 3],
    /// The apex marks of a hex: selected, may still act.
    apex: [char; 2],
}

const MAP_UNICODE: MapGlyphs = MapGlyphs {
    // Heavy cover is a double bar (a parapet) and the heaviest a crossed one (a fortified
    // wall, as `#` in ASCII), not checkered shades: a block of either stays calm.
    ground: [' ', '·', '░', '═', '╬', '≈', '█'],
    height: ['▂', '▄', '▆', '▇'],
    overlay: ['∙', '◦', '•', '+', '◇', '◆', '?', '!', '×'],
    token: ['◎', '?'],
    effect: ['¤', '∴'],
    hex: ['╱', '╲', '│'],
    apex: ['▼', '•'],
};

const MAP_ASCII: MapGlyphs = MapGlyphs {
    ground: [' ', '.', ':', '=', '#', '~', 'X'],
    height: ['_', '-', '"', '^'],
    overlay: [',', '\'', ';', '+', 'o', '*', '?', '!', '&'],
    token: ['O', '?'],
    effect: ['$', '`'],
    hex: ['/', '\\', '|'],
    apex: ['v', '.'],
};

/// The side markers of seats 1, 2 and any further seat: sides differ by glyph, not only by
/// colour.
pub const SIDE_MARKERS: [char; 3] = ['+', 'x', '*'];

/// The marker of an enemy unit shown only where it was last seen.
pub const LAST_SEEN_MARKER: char = '?';

impl Theme {
    fn map_glyphs(&self) -> &'static MapGlyphs {
        if self.ascii { &MAP_ASCII } else { &MAP_UNICODE }
    }

    /// The glyph that fills a cell of `ground`.
    pub fn ground_glyph(&self, ground: Ground) -> char {
        self.map_glyphs().ground[ground as usize]
    }

    /// The colours of a cell of `ground` at `height` (raised ground is lighter); plain
    /// without colour, where the glyphs carry the meaning.
    pub fn ground_style(&self, ground: Ground, height: u8) -> Style {
        if !self.color {
            return Style::default();
        }
        let (bg, fg) = match ground {
            Ground::Open => ((22, 30, 22), (90, 110, 90)),
            Ground::Light => ((28, 46, 24), (130, 170, 90)),
            Ground::Medium => ((46, 52, 24), (175, 170, 90)),
            Ground::Heavy => ((60, 46, 30), (195, 150, 100)),
            Ground::Solid => ((64, 64, 70), (205, 205, 215)),
            Ground::Obstacle => ((24, 38, 62), (110, 150, 210)),
            Ground::Wall => ((88, 88, 94), (230, 230, 235)),
        };
        let lift = 9 * height.min(5);
        let up = |(r, g, b): (u8, u8, u8)| {
            Color::Rgb(
                r.saturating_add(lift),
                g.saturating_add(lift),
                b.saturating_add(lift),
            )
        };
        Style::default().bg(up(bg)).fg(up(fg))
    }

    /// The glyph of a height or level above ground (none at ground level).
    pub fn height_glyph(&self, height: u8) -> Option<char> {
        let i = usize::from(height.min(4)).checked_sub(1)?;
        Some(self.map_glyphs().height[i])
    }

    /// The glyph an overlay puts in the middle of a cell without a unit.
    pub fn overlay_glyph(&self, overlay: Overlay) -> Option<char> {
        let g = &self.map_glyphs().overlay;
        Some(match overlay {
            Overlay::None => return None,
            Overlay::Range => g[0],
            Overlay::RangeAlt => g[1],
            Overlay::HalfRange => g[2],
            Overlay::Line => g[3],
            // Only units are seen, and a unit hides the middle glyph.
            Overlay::Seen => return None,
            Overlay::Reach2 => g[4],
            Overlay::Reach => g[5],
            Overlay::Pick => g[6],
            Overlay::Target => g[7],
            Overlay::Blocker => g[8],
        })
    }

    /// The style an overlay lays over a cell.
    pub fn overlay_style(&self, overlay: Overlay) -> Option<Style> {
        let tint = |r, g, b| {
            if self.color {
                Style::default().bg(Color::Rgb(r, g, b))
            } else {
                Style::default()
            }
        };
        Some(match overlay {
            Overlay::None => return None,
            Overlay::Range => tint(34, 34, 64),
            Overlay::RangeAlt => tint(58, 30, 62),
            Overlay::HalfRange => tint(48, 48, 96),
            Overlay::Line => self.style(Role::Sight),
            Overlay::Seen => self.style(Role::Sight).add_modifier(Modifier::BOLD),
            Overlay::Reach2 => tint(20, 52, 20).add_modifier(Modifier::UNDERLINED),
            Overlay::Reach => self.style(Role::Reach),
            Overlay::Pick => self.style(Role::Key),
            Overlay::Target => self.style(Role::Target),
            Overlay::Blocker => self.style(Role::Blocker),
        })
    }

    /// The glyph of a marker that is not a unit.
    pub fn token_glyph(&self, token: Token) -> char {
        let g = &self.map_glyphs().token;
        match token {
            Token::Objective => g[0],
            Token::Unknown => g[1],
        }
    }

    /// The glyph and style of fire or smoke.
    pub fn effect_look(&self, effect: Effect) -> (char, Style) {
        let g = &self.map_glyphs().effect;
        match effect {
            Effect::Fire => (g[0], self.style(Role::Bad)),
            Effect::Smoke => (g[1], self.style(Role::Dim)),
        }
    }

    /// The edges of a hex drawn in outline: rising (`/`), falling (`\`) and upright (`|`).
    pub fn hex_edges(&self) -> [char; 3] {
        self.map_glyphs().hex
    }

    /// The mark over a hex's unit: selected, or may still act.
    pub fn apex(&self, state: UnitState) -> Option<char> {
        let g = &self.map_glyphs().apex;
        match state {
            UnitState::Selected => Some(g[0]),
            UnitState::Ready => Some(g[1]),
            UnitState::Idle | UnitState::Done => None,
        }
    }

    /// The corners that mark, on a zoomed-out map, the part the detail zoom shows:
    /// top-left, top-right, bottom-left, bottom-right. In ASCII they are brackets, which no
    /// unit, ground or overlay of a map is drawn with.
    pub fn window_corners(&self) -> [char; 4] {
        if self.ascii {
            ['[', ']', '[', ']']
        } else {
            ['┌', '┐', '└', '┘']
        }
    }

    /// The marker of a side (seat `side`, 0-based).
    pub fn side_marker(&self, side: u8) -> char {
        SIDE_MARKERS[usize::from(side.min(2))]
    }

    /// The style of a unit's letters: its side's colour, bold, dim and in a duller colour
    /// once it has acted, reversed when selected, underlined with the rest of its unit,
    /// italic when hidden or down. (A unit that may still act also has its marker reversed:
    /// see [`Theme::ready_style`].)
    pub fn unit_style(&self, unit: &UnitLook) -> Style {
        let mut s = self.style(Role::Side(unit.side));
        match unit.state {
            UnitState::Idle | UnitState::Ready => {}
            UnitState::Done => {
                s = s
                    .remove_modifier(Modifier::BOLD)
                    .add_modifier(Modifier::DIM);
                if self.color {
                    let dull = match unit.side {
                        0 => Color::Rgb(70, 120, 130),
                        1 => Color::Rgb(140, 75, 75),
                        _ => Color::Rgb(125, 80, 125),
                    };
                    s = s.fg(dull);
                }
            }
            UnitState::Selected => s = self.inverse(s),
        }
        if unit.group {
            s = s.add_modifier(Modifier::UNDERLINED);
        }
        if unit.low {
            s = s.add_modifier(Modifier::ITALIC);
        }
        s
    }

    /// The badge of a unit that may still act: its marker (or hits) in reverse video, a
    /// block of its side's colour in colour, and still a mark of its own without colour.
    pub fn ready_style(&self, unit_style: Style) -> Style {
        self.inverse(unit_style).add_modifier(Modifier::BOLD)
    }

    /// `style` in reverse video: with colour its ink and paper swapped outright (so the
    /// badge reads the same on every terminal and in a picture of the screen), without
    /// colour the reversed attribute.
    pub fn inverse(&self, style: Style) -> Style {
        if !self.color {
            return style.add_modifier(Modifier::REVERSED);
        }
        let ink = style.fg.unwrap_or(Color::White);
        let paper = style.bg.unwrap_or(Color::Black);
        style.fg(paper).bg(ink)
    }

    /// The upper-half block that draws two map cells in one character (colour only).
    pub fn half_block(&self) -> Option<&'static str> {
        (self.color && !self.ascii).then_some("▀")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_colour_meaningful_roles_still_differ_from_plain_text() {
        let t = Theme {
            color: false,
            ascii: false,
        };
        for role in [
            Role::Selected,
            Role::Cursor,
            Role::Key,
            Role::Error,
            Role::Reach,
            Role::Target,
            Role::Side(0),
            Role::Title,
        ] {
            let s = t.style(role);
            assert!(s.fg.is_none() && s.bg.is_none(), "{role:?} uses colour");
            assert!(!s.add_modifier.is_empty(), "{role:?} looks like plain text");
        }
        assert_eq!(t.shade(3), Style::default());
    }

    /// Heavy and the heaviest cover are calm marks, not checkered shades, and every ground
    /// kind keeps a glyph of its own in both glyph sets (the legend tells them apart).
    #[test]
    fn heavy_cover_is_calm_and_ground_glyphs_are_distinct() {
        for ascii in [false, true] {
            let t = Theme { color: true, ascii };
            for kind in [Ground::Heavy, Ground::Solid] {
                let g = t.ground_glyph(kind);
                assert!(!['░', '▒', '▓', '%'].contains(&g), "{kind:?}: {g}");
            }
            let all: Vec<char> = Ground::ALL.iter().map(|&g| t.ground_glyph(g)).collect();
            for (i, g) in all.iter().enumerate() {
                assert!(!all[i + 1..].contains(g), "{g} twice in {all:?}");
                let height = (1..=4).filter_map(|h| t.height_glyph(h));
                assert!(*g == ' ' || !height.clone().any(|h| h == *g), "{g}");
            }
        }
        assert_eq!(Theme::PLAIN.ground_glyph(Ground::Heavy), '=');
    }

    /// No frame corner, of a pane or of the zoomed-in window on a map, can be read as a
    /// unit: it is no side marker and no letter or digit.
    #[test]
    fn frame_corners_are_no_side_markers() {
        for ascii in [false, true] {
            let t = Theme {
                color: false,
                ascii,
            };
            let mut corners: Vec<char> = t.window_corners().to_vec();
            for focused in [false, true] {
                corners.extend(t.border(focused).corners.iter().flat_map(|s| s.chars()));
            }
            for c in corners {
                assert!(!SIDE_MARKERS.contains(&c), "{c} is a side marker");
                assert!(!c.is_alphanumeric() && c != LAST_SEEN_MARKER, "{c}");
            }
        }
    }

    #[test]
    fn ascii_glyphs_are_ascii() {
        let t = Theme::PLAIN;
        let b = t.border(true);
        let mut all = String::new();
        for s in b.corners {
            all.push_str(s);
        }
        all.push_str(b.horizontal);
        all.push_str(b.vertical);
        all.push_str(t.arrow());
        all.push_str(t.bullet());
        all.push_str(t.pointer());
        all.push_str(t.bar_cells().0);
        all.push_str(t.bar_cells().1);
        all.push_str(t.ellipsis());
        for i in 0..8 {
            all.push_str(t.spinner(i));
        }
        assert!(all.is_ascii(), "{all}");
    }
}
