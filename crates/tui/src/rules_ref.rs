//! The rules reference: a ruleset's own summary (`Ruleset::rules_summary`), browsed clause by
//! clause, with a search.

use crate::draw::{self, Scratch};
use crate::keys::Input;
use crate::theme::{Role, Theme};
use crossterm::event::{KeyCode, MouseButton, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// One line of the summary: a section heading, a clause, or loose text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clause {
    /// The section it is under.
    pub section: &'static str,
    /// The clause ID, if the line has one.
    pub id: Option<&'static str>,
    /// The text after the ID (or the whole line).
    pub text: &'static str,
    /// Whether this is a section heading.
    pub heading: bool,
}

/// Splits a Markdown summary into headings and clauses. A clause line looks like
/// ``- `sk.attack.range` — text``; headings start with `#`.
pub fn parse(summary: &'static str) -> Vec<Clause> {
    let mut out = Vec::new();
    let mut section = "";
    for line in summary.lines() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(h) = line.strip_prefix('#') {
            section = h.trim_start_matches('#').trim();
            out.push(Clause {
                section,
                id: None,
                text: section,
                heading: true,
            });
            continue;
        }
        let body = line.strip_prefix("- ").unwrap_or(line);
        let clause = body.strip_prefix('`').and_then(|rest| {
            let (id, after) = rest.split_once('`')?;
            let text = after
                .trim_start()
                .trim_start_matches(['—', '-', ':'])
                .trim_start();
            Some((id, text))
        });
        let (id, text) = match clause {
            Some((id, text)) => (Some(id), text),
            None => (None, body),
        };
        out.push(Clause {
            section,
            id,
            text,
            heading: false,
        });
    }
    out
}

/// What the browser asks of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesFlow {
    /// Stay.
    Stay,
    /// Back to the menu.
    Back,
}

/// The rules browser for one ruleset.
#[derive(Clone, Debug)]
pub struct RulesScreen {
    title: &'static str,
    clauses: Vec<Clause>,
    /// Indices into `clauses` that match the search.
    shown: Vec<usize>,
    cursor: usize,
    search: String,
    typing: bool,
    list_y: u16,
    first: usize,
    list: Rect,
    scratch: Scratch,
}

impl RulesScreen {
    /// A browser over `summary`, titled with the ruleset's name.
    pub fn new(title: &'static str, summary: &'static str) -> RulesScreen {
        let clauses = parse(summary);
        let shown = (0..clauses.len()).collect();
        RulesScreen {
            title,
            clauses,
            shown,
            cursor: 0,
            search: String::new(),
            typing: false,
            list_y: 0,
            first: 0,
            list: Rect::default(),
            scratch: Scratch::default(),
        }
    }

    /// The clause under the cursor.
    pub fn selected(&self) -> Option<&Clause> {
        self.clauses.get(*self.shown.get(self.cursor)?)
    }

    fn apply_search(&mut self) {
        let needle = self.search.to_lowercase();
        self.shown.clear();
        for (i, c) in self.clauses.iter().enumerate() {
            let hit = needle.is_empty()
                || c.id.is_some_and(|id| id.to_lowercase().contains(&needle))
                || c.text.to_lowercase().contains(&needle);
            if hit {
                self.shown.push(i);
            }
        }
        self.cursor = 0;
    }

    /// Reads one input.
    pub fn handle(&mut self, input: &Input) -> RulesFlow {
        let last = self.shown.len().saturating_sub(1);
        match input {
            Input::Key(k) if self.typing => match k.code {
                KeyCode::Enter => self.typing = false,
                KeyCode::Esc => {
                    self.typing = false;
                    self.search.clear();
                    self.apply_search();
                }
                KeyCode::Backspace => {
                    self.search.pop();
                    self.apply_search();
                }
                KeyCode::Char(c) => {
                    self.search.push(c);
                    self.apply_search();
                }
                _ => {}
            },
            Input::Key(k) => match k.code {
                KeyCode::Esc | KeyCode::Char('q') => {
                    if self.search.is_empty() {
                        return RulesFlow::Back;
                    }
                    self.search.clear();
                    self.apply_search();
                }
                KeyCode::Char('/') => self.typing = true,
                KeyCode::Up | KeyCode::Char('k') => self.cursor = self.cursor.saturating_sub(1),
                KeyCode::Down | KeyCode::Char('j') => self.cursor = (self.cursor + 1).min(last),
                KeyCode::PageUp => self.cursor = self.cursor.saturating_sub(10),
                KeyCode::PageDown => self.cursor = (self.cursor + 10).min(last),
                KeyCode::Home => self.cursor = 0,
                KeyCode::End => self.cursor = last,
                _ => {}
            },
            Input::Mouse(m) => {
                let inside = m.column >= self.list.x && m.column < self.list.right();
                match m.kind {
                    MouseEventKind::ScrollUp => self.cursor = self.cursor.saturating_sub(3),
                    MouseEventKind::ScrollDown => self.cursor = (self.cursor + 3).min(last),
                    MouseEventKind::Down(MouseButton::Left) if inside && m.row >= self.list_y => {
                        let i = self.first + usize::from(m.row - self.list_y);
                        if i < self.shown.len() {
                            self.cursor = i;
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
        RulesFlow::Stay
    }

    /// Draws the list of clauses and the selected one in full.
    pub fn render(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let list_w = (area.width * 2 / 5).max(area.width.min(30));
        let list = Rect::new(area.x, area.y, list_w.min(area.width), area.height);
        let text = Rect::new(list.right(), area.y, area.width - list.width, area.height);
        let title = self.scratch.format(format_args!("Rules: {}", self.title));
        let inner = draw::frame(buf, list, title, true, theme);
        self.list = inner;
        let search_row = u16::from(self.typing || !self.search.is_empty());
        if search_row == 1 {
            let s = self.scratch.format(format_args!(
                "/{}{}",
                self.search,
                if self.typing { "_" } else { "" }
            ));
            draw::line(buf, inner, inner.y, s, theme.style(Role::Key));
        }
        let rows = usize::from(inner.height.saturating_sub(search_row));
        self.list_y = inner.y + search_row;
        if self.cursor >= self.first + rows {
            self.first = self.cursor + 1 - rows.max(1);
        }
        if self.cursor < self.first {
            self.first = self.cursor;
        }
        for (row, &i) in self.shown.iter().skip(self.first).take(rows).enumerate() {
            let c = &self.clauses[i];
            let y = self.list_y + u16::try_from(row).unwrap_or(0);
            let selected = self.first + row == self.cursor;
            let (label, role) = match (c.heading, c.id) {
                (true, _) => (c.text, Role::Title),
                (false, Some(id)) => (id, Role::Text),
                (false, None) => (c.text, Role::Dim),
            };
            let role = if selected { Role::Selected } else { role };
            draw::line(buf, inner, y, label, theme.style(role));
        }
        if self.shown.is_empty() {
            draw::line(
                buf,
                inner,
                self.list_y,
                "No clause matches.",
                theme.style(Role::Dim),
            );
        }
        let tinner = draw::frame(buf, text, "Clause", false, theme);
        if let Some(c) = self.selected().copied() {
            let mut y = 0u16;
            if !c.section.is_empty() && !c.heading {
                draw::line(buf, tinner, tinner.y, c.section, theme.style(Role::Dim));
                y += 2;
            }
            if let Some(id) = c.id {
                draw::line(buf, tinner, tinner.y + y, id, theme.style(Role::Title));
                y += 2;
            }
            let body = Rect::new(
                tinner.x,
                tinner.y.saturating_add(y),
                tinner.width,
                tinner.height.saturating_sub(y),
            );
            draw::wrapped(buf, body, 0, 0, c.text, theme.style(Role::Text));
        }
        draw::footer(buf, tinner, "Up/Down browse, / search, Esc back", theme);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::parse_script;

    const SUMMARY: &str = "# Toy rules\n\n## Turns\n- `toy.turn.order` — Players alternate.\n- `toy.turn.pass` — You may pass.\nLoose text.\n## Dice\n- `toy.dice.roll` - Roll a d6; 4+ scores.\n";

    #[test]
    fn parses_headings_clauses_and_loose_text() {
        let c = parse(SUMMARY);
        assert_eq!(c.len(), 7);
        assert!(c[0].heading && c[1].heading);
        assert_eq!(c[2].id, Some("toy.turn.order"));
        assert_eq!(c[2].text, "Players alternate.");
        assert_eq!(c[2].section, "Turns");
        assert_eq!(c[4].id, None);
        assert_eq!(c[6].text, "Roll a d6; 4+ scores.");
    }

    #[test]
    fn search_narrows_and_escape_goes_back() {
        let mut r = RulesScreen::new("Toy", SUMMARY);
        for i in parse_script("/ d i c e <Enter> <Down>").unwrap() {
            assert_eq!(r.handle(&i), RulesFlow::Stay);
        }
        assert_eq!(r.selected().and_then(|c| c.id), Some("toy.dice.roll"));
        let esc = parse_script("<Esc> <Esc>").unwrap();
        assert_eq!(r.handle(&esc[0]), RulesFlow::Stay);
        assert_eq!(r.handle(&esc[1]), RulesFlow::Back);
    }
}
