//! Colours, text styles and glyphs, in one place so that `NO_COLOR` and `--ascii` are honoured
//! everywhere.
//!
//! Colour is only ever a second cue: every style that carries meaning also changes the text
//! (bold, reversed, underlined) or comes with a distinct glyph, so a monochrome terminal loses
//! nothing.

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

const ASCII_BORDER: BorderGlyphs = BorderGlyphs {
    corners: ["+", "+", "+", "+"],
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
