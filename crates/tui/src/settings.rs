//! Player preferences and the settings screen.

use crate::draw;
use crate::keys::Input;
use crate::theme::{Role, Theme};
use crossterm::event::{KeyCode, MouseButton, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use serde::{Deserialize, Serialize};
use squadsight_ai::Level;

/// Preferences kept between runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Colours on (the `NO_COLOR` environment variable still wins).
    pub color: bool,
    /// Plain ASCII glyphs only (`--ascii` still wins).
    pub ascii: bool,
    /// Pause after each AI move so it can be followed, in milliseconds.
    pub ai_pause_ms: u32,
    /// The AI level of the quick "Play vs AI" entry.
    pub quick_level: Level,
    /// Ask before an action that gives up the rest of a turn or hands the keyboard over
    /// (ending a phase or an activation early, passing).
    pub confirm_turn_end: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            color: true,
            ascii: false,
            ai_pause_ms: 600,
            quick_level: Level::Normal,
            confirm_turn_end: true,
        }
    }
}

/// The pauses offered on the settings screen.
const PAUSES: [u32; 5] = [0, 300, 600, 1000, 2000];

/// The levels offered for quick play.
const QUICK_LEVELS: [Level; 4] = [Level::Greedy, Level::Easy, Level::Normal, Level::Hard];

impl Settings {
    /// Reads stored settings; anything unreadable falls back to the defaults.
    pub fn parse(text: &str) -> Settings {
        ron::from_str(text).unwrap_or_default()
    }

    /// The settings as RON text for storing.
    pub fn to_text(&self) -> String {
        ron::to_string(self).unwrap_or_default()
    }

    /// The theme these settings give, with the run's limits applied (`NO_COLOR`, `--ascii`).
    pub fn theme(&self, limits: &Theme) -> Theme {
        Theme {
            color: self.color && limits.color,
            ascii: self.ascii || limits.ascii,
        }
    }
}

/// What the settings screen asks of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingsFlow {
    /// Stay on the screen.
    Stay,
    /// Go back to the menu (store the settings).
    Back,
}

/// The settings screen: one line per setting, Left/Right to change it.
#[derive(Clone, Debug, Default)]
pub struct SettingsScreen {
    cursor: usize,
    /// Where each line was drawn, for mouse clicks.
    top: u16,
}

const LINES: usize = 5;

impl SettingsScreen {
    /// Reads one input.
    pub fn handle(&mut self, input: &Input, settings: &mut Settings) -> SettingsFlow {
        match input {
            Input::Key(k) => match k.code {
                KeyCode::Esc | KeyCode::Char('q') | KeyCode::Enter => return SettingsFlow::Back,
                KeyCode::Up | KeyCode::Char('k') => self.cursor = self.cursor.saturating_sub(1),
                KeyCode::Down | KeyCode::Char('j') => {
                    self.cursor = (self.cursor + 1).min(LINES - 1)
                }
                KeyCode::Left | KeyCode::Char('h') => change(settings, self.cursor, false),
                KeyCode::Right | KeyCode::Char('l') | KeyCode::Char(' ') => {
                    change(settings, self.cursor, true)
                }
                _ => {}
            },
            Input::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                let line = usize::from(m.row.saturating_sub(self.top));
                if m.row >= self.top && line < LINES {
                    self.cursor = line;
                    change(settings, line, true);
                }
            }
            _ => {}
        }
        SettingsFlow::Stay
    }

    /// Draws the screen.
    pub fn render(
        &mut self,
        settings: &Settings,
        limits: &Theme,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
    ) {
        let inner = draw::frame(buf, area, "Settings", true, theme);
        let mut s = draw::Scratch::default();
        self.top = inner.y.saturating_add(1);
        let on_off = |b: bool| if b { "on" } else { "off" };
        for i in 0..LINES {
            let text = match i {
                0 => s.format(format_args!(
                    "Colours              < {} >{}",
                    on_off(settings.color),
                    if limits.color {
                        ""
                    } else {
                        "  (NO_COLOR is set: off)"
                    }
                )),
                1 => s.format(format_args!(
                    "ASCII glyphs only    < {} >{}",
                    on_off(settings.ascii),
                    if limits.ascii {
                        "  (--ascii given: on)"
                    } else {
                        ""
                    }
                )),
                2 => s.format(format_args!(
                    "Pause after AI moves < {} ms >",
                    settings.ai_pause_ms
                )),
                3 => s.format(format_args!(
                    "Quick-play AI level  < {} >",
                    settings.quick_level
                )),
                _ => s.format(format_args!(
                    "Ask before ending a turn or activation early < {} >",
                    on_off(settings.confirm_turn_end)
                )),
            };
            let y = self
                .top
                .saturating_add(u16::try_from(i).unwrap_or(u16::MAX));
            let selected = i == self.cursor;
            let role = if selected { Role::Selected } else { Role::Text };
            let x = draw::text(
                buf,
                inner,
                inner.x.saturating_add(1),
                y,
                if selected { theme.pointer() } else { " " },
                theme.style(Role::Key),
            );
            draw::text(buf, inner, x.saturating_add(1), y, text, theme.style(role));
        }
        let help_y = self
            .top
            .saturating_add(u16::try_from(LINES + 1).unwrap_or(0));
        draw::line(
            buf,
            inner,
            help_y,
            " Up/Down choose, Left/Right change, Esc back (settings are kept)",
            theme.style(Role::Dim),
        );
    }
}

fn cycle<T: Copy + PartialEq>(list: &[T], now: T, forward: bool) -> T {
    let i = list.iter().position(|x| *x == now).unwrap_or(0);
    let n = list.len();
    let j = if forward {
        (i + 1) % n
    } else {
        (i + n - 1) % n
    };
    list[j]
}

fn change(settings: &mut Settings, line: usize, forward: bool) {
    match line {
        0 => settings.color = !settings.color,
        1 => settings.ascii = !settings.ascii,
        2 => settings.ai_pause_ms = cycle(&PAUSES, settings.ai_pause_ms, forward),
        3 => settings.quick_level = cycle(&QUICK_LEVELS, settings.quick_level, forward),
        _ => settings.confirm_turn_end = !settings.confirm_turn_end,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::parse_script;

    #[test]
    fn keys_change_settings_and_they_round_trip_as_text() {
        let mut s = Settings::default();
        let mut screen = SettingsScreen::default();
        for input in parse_script("<Right> <Down> <Right> <Down> <Right> <Down> <Left>").unwrap() {
            assert_eq!(screen.handle(&input, &mut s), SettingsFlow::Stay);
        }
        assert!(!s.color && s.ascii);
        assert_eq!(s.ai_pause_ms, 1000);
        assert_eq!(s.quick_level, Level::Easy);
        assert_eq!(Settings::parse(&s.to_text()), s);
        assert_eq!(Settings::parse("garbage"), Settings::default());
        let back = parse_script("<Esc>").unwrap();
        assert_eq!(screen.handle(&back[0], &mut s), SettingsFlow::Back);
    }

    #[test]
    fn run_limits_win_over_settings() {
        let s = Settings::default();
        let limits = Theme {
            color: false,
            ascii: true,
        };
        assert_eq!(s.theme(&limits), limits);
    }
}
