//! The help overlay (`?`): every key of the current screen, grouped.

use crate::draw;
use crate::map::legend::{self, Item};
use crate::theme::{Role, Theme};
use crate::view::KeyHelp;
use crossterm::event::KeyCode;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// Keys of the game screen that every ruleset shares.
pub const GAME_KEYS: &[KeyHelp] = &[
    KeyHelp {
        key: "?",
        what: "this help (any key closes it)",
    },
    KeyHelp {
        key: "Tab / S-Tab",
        what: "next / previous pane: map, actions, journal",
    },
    KeyHelp {
        key: "Enter",
        what: "in the action list: play the highlighted action; on the map when the decision wants no place on it: go to the action list",
    },
    KeyHelp {
        key: "Up/Down j/k",
        what: "in the action list or journal: move / scroll",
    },
    KeyHelp {
        key: "Esc",
        what: "clear the selection, back to the map",
    },
    KeyHelp {
        key: "PgUp/PgDn",
        what: "scroll the journal; Home/End in the journal: oldest/newest",
    },
    KeyHelp {
        key: "f",
        what: "journal filter: all, rolls, combat, cards, moves, turns, AI",
    },
    KeyHelp {
        key: "s",
        what: "save the game (it is also autosaved after every action)",
    },
    KeyHelp {
        key: "u",
        what: "undo your last action, back to the last reveal (a roll, card, peek or hidden unit shown); the key bar says when undo is not possible and why",
    },
    KeyHelp {
        key: "q",
        what: "leave the game (asks first)",
    },
    KeyHelp {
        key: "C-c",
        what: "quit at once (the game is autosaved)",
    },
    KeyHelp {
        key: "C-z",
        what: "suspend; `fg` in the shell brings the game back",
    },
    KeyHelp {
        key: "mouse",
        what: "click map cells, cards and actions; wheel scrolls journal and lists",
    },
];

/// Keys of the replay viewer.
pub const REPLAY_KEYS: &[KeyHelp] = &[
    KeyHelp {
        key: "Right / n / Space",
        what: "next event (one you may see from the chosen view)",
    },
    KeyHelp {
        key: "Left / p",
        what: "previous event",
    },
    KeyHelp {
        key: ". / S-Right",
        what: "next action (an undo in the log counts as one)",
    },
    KeyHelp {
        key: ", / S-Left",
        what: "previous action",
    },
    KeyHelp {
        key: "Home / End",
        what: "the start / the end of the game",
    },
    KeyHelp {
        key: "g",
        what: "go to: type an action number, or r and a round (r3), then Enter; Esc cancels",
    },
    KeyHelp {
        key: "a",
        what: "autoplay on / off (steps by what you stepped by last)",
    },
    KeyHelp {
        key: "+ / -",
        what: "autoplay faster / slower",
    },
    KeyHelp {
        key: "v",
        what: "view: referee (everything), then each seat as it saw the game",
    },
    KeyHelp {
        key: "[ / ]",
        what: "scroll the resolution up / down",
    },
    KeyHelp {
        key: "Tab, Up/Down",
        what: "in What changed: scroll the list of changes",
    },
    KeyHelp {
        key: "panes",
        what: "Resolution: the selected event's clause, our summary, inputs, dice, target, exact chance and outcome; What changed: the step's effect on the game",
    },
];

/// The help overlay's state: how far it is scrolled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Help {
    scroll: usize,
    /// The most it can scroll, from the last drawing.
    max: usize,
}

impl Help {
    /// Reads a key: the arrows and page keys scroll, anything else closes. Returns whether
    /// the overlay stays open.
    pub fn key(&mut self, code: KeyCode) -> bool {
        match code {
            KeyCode::Up | KeyCode::Char('k') => self.scroll = self.scroll.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => self.scroll = (self.scroll + 1).min(self.max),
            KeyCode::PageUp => self.scroll = self.scroll.saturating_sub(10),
            KeyCode::PageDown => self.scroll = (self.scroll + 10).min(self.max),
            _ => return false,
        }
        true
    }

    /// Draws the overlay centred on `area` with the given groups of keys; descriptions wrap,
    /// and a list taller than the screen scrolls.
    pub fn render(
        &mut self,
        buf: &mut Buffer,
        area: Rect,
        groups: &[(&str, &[KeyHelp])],
        theme: &Theme,
    ) {
        self.render_with_legend(buf, area, groups, &[], theme);
    }

    /// Draws the overlay like [`Help::render`], then the map's legend: each mark drawn as
    /// the map draws it, with what it means.
    pub fn render_with_legend(
        &mut self,
        buf: &mut Buffer,
        area: Rect,
        groups: &[(&str, &[KeyHelp])],
        marks: &[Item],
        theme: &Theme,
    ) {
        let width = area.width.saturating_sub(4).min(90);
        // The frame takes a column each side and the key column starts one in: the
        // descriptions end one column inside the right border.
        let desc_width = width.saturating_sub(3 + KEY_COLUMN);
        let total: usize = groups
            .iter()
            .map(|(_, keys)| {
                2 + keys
                    .iter()
                    .map(|k| draw::wrap_rows(k.what, desc_width))
                    .sum::<usize>()
            })
            .sum::<usize>()
            + if marks.is_empty() {
                0
            } else {
                1 + marks
                    .iter()
                    .map(|m| draw::wrap_rows(m.what, desc_width))
                    .sum::<usize>()
            };
        let height = u16::try_from(total + 3)
            .unwrap_or(u16::MAX)
            .min(area.height.saturating_sub(2));
        let rect = Rect::new(
            area.x + area.width.saturating_sub(width) / 2,
            area.y + area.height.saturating_sub(height) / 2,
            width,
            height,
        );
        draw::clear(buf, rect, theme.style(Role::Text));
        let inner = draw::frame(buf, rect, "Help: keys", true, theme);
        let visible = usize::from(inner.height.saturating_sub(1));
        self.max = total.saturating_sub(visible);
        self.scroll = self.scroll.min(self.max);
        // Rows are numbered over the whole list; only those in the window are drawn.
        let mut row = 0usize;
        let window = self.scroll..self.scroll + visible;
        let y_of = |row: usize| inner.y + u16::try_from(row - self.scroll).unwrap_or(0);
        for (title, keys) in groups {
            if window.contains(&row) {
                draw::line(buf, inner, y_of(row), title, theme.style(Role::Title));
            }
            row += 1;
            for k in *keys {
                let rows = draw::wrap_rows(k.what, desc_width);
                if window.contains(&row) {
                    let x = inner.x.saturating_add(1);
                    draw::text(buf, inner, x, y_of(row), k.key, theme.style(Role::Key));
                }
                // The description starts beside its key and may carry on below it.
                let first = row.max(self.scroll);
                if first < row + rows && first < window.end {
                    let skip = first - row;
                    let y = y_of(first);
                    let bottom = inner.y + u16::try_from(visible).unwrap_or(0);
                    let desc = Rect::new(
                        inner.x.saturating_add(1 + KEY_COLUMN),
                        y,
                        desc_width,
                        bottom.saturating_sub(y),
                    );
                    draw::wrapped(buf, desc, 0, skip, k.what, theme.style(Role::Text));
                }
                row += rows;
            }
            row += 1;
        }
        if !marks.is_empty() {
            if window.contains(&row) {
                draw::line(
                    buf,
                    inner,
                    y_of(row),
                    "Map legend",
                    theme.style(Role::Title),
                );
            }
            row += 1;
            for m in marks {
                let rows = draw::wrap_rows(m.what, desc_width);
                if window.contains(&row) {
                    let x = inner.x.saturating_add(1);
                    legend::draw_sample(buf, inner, x, y_of(row), m.sample, theme);
                }
                let first = row.max(self.scroll);
                if first < row + rows && first < window.end {
                    let y = y_of(first);
                    let bottom = inner.y + u16::try_from(visible).unwrap_or(0);
                    let desc = Rect::new(
                        inner.x.saturating_add(1 + KEY_COLUMN),
                        y,
                        desc_width,
                        bottom.saturating_sub(y),
                    );
                    let skip = first - row;
                    draw::wrapped(buf, desc, 0, skip, m.what, theme.style(Role::Text));
                }
                row += rows;
            }
        }
        let footer = if self.max > 0 {
            "Up/Down: scroll; any other key closes."
        } else {
            "Press any key to close."
        };
        draw::footer(buf, inner, footer, theme);
    }
}

/// Columns for the key names.
const KEY_COLUMN: u16 = 20;
