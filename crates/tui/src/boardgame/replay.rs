//! The replay viewer for board-game saves: the dashboard as it stood at each step of the log,
//! with the shared replay panes (the position bar, the resolution of the selected event and
//! what the step changed) below it. The clock does not run: a timed action shows the seconds
//! its clock held when it last started or stopped, as the log recorded them.

use super::dashboard::Dashboard;
use crate::draw::{self, text};
use crate::keys::Input;
use crate::replay::Replay;
use crate::session::{Env, Flow, LeaveTo, Session};
use crate::theme::{Role, Theme};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use squadsight_boardgame::Boardgame;
use squadsight_core::save::SaveFile;
use squadsight_core::{Ruleset, Seat};
use std::any::Any;
use std::sync::Arc;
use std::time::Duration;

/// The keys of the viewer, for its key bar.
const KEYS: &str = " Left Right: event | Enter , : action | Home End | g go to | a auto";

/// A board-game save being replayed.
pub struct DashboardReplay {
    dash: Dashboard,
    replay: Replay<Boardgame>,
    message: Option<(String, Role)>,
    leave_to: LeaveTo,
}

impl DashboardReplay {
    /// Opens `file` for replay: it is checked against its hashes first, then shown at its
    /// start.
    pub fn open(ruleset: Arc<Boardgame>, file: SaveFile<Boardgame>) -> Result<Self, String> {
        let count = ruleset.seat_count(&file.scenario);
        let names = (0..count)
            .map(|i| ruleset.seat_name(&file.scenario, Seat(i)))
            .collect();
        let (replay, game) = Replay::open(ruleset, file, names)?;
        Ok(DashboardReplay {
            dash: Dashboard::replaying(game),
            replay,
            message: None,
            leave_to: LeaveTo::Menu,
        })
    }

    /// The dashboard at the replay's position.
    pub fn dashboard(&self) -> &Dashboard {
        &self.dash
    }

    /// The replay model.
    pub fn replay(&self) -> &Replay<Boardgame> {
        &self.replay
    }

    /// Reads a key.
    fn key(&mut self, key: KeyEvent) -> Flow {
        let game = self.dash.game_mut();
        if self.replay.prompt().is_some() {
            let moved = match key.code {
                KeyCode::Esc => {
                    self.replay.close_prompt();
                    Ok(false)
                }
                KeyCode::Backspace => {
                    self.replay.prompt_char(None);
                    Ok(false)
                }
                KeyCode::Char(c) => {
                    self.replay.prompt_char(Some(c));
                    Ok(false)
                }
                KeyCode::Enter => self.replay.submit_prompt(game).map(|()| true),
                _ => Ok(false),
            };
            self.moved(moved, false);
            return Flow::Stay;
        }
        let shift = key.modifiers.contains(KeyModifiers::SHIFT);
        let moved = match key.code {
            KeyCode::Char('q') | KeyCode::Esc => return Flow::Menu,
            KeyCode::Right if shift => self.replay.next_action(game),
            KeyCode::Left if shift => self.replay.prev_action(game),
            KeyCode::Enter | KeyCode::Char('.' | '>') => self.replay.next_action(game),
            KeyCode::Char(',' | '<') => self.replay.prev_action(game),
            KeyCode::Right | KeyCode::Char('n' | ' ') => self.replay.next_event(game),
            KeyCode::Left | KeyCode::Char('p') => self.replay.prev_event(game),
            KeyCode::Home => self.replay.go_to_end(game, false).map(|()| true),
            KeyCode::End => self.replay.go_to_end(game, true).map(|()| true),
            KeyCode::Up | KeyCode::Char('k') => {
                self.replay.scroll_changes(-1);
                return Flow::Stay;
            }
            KeyCode::Down | KeyCode::Char('j') => {
                self.replay.scroll_changes(1);
                return Flow::Stay;
            }
            KeyCode::Char(c @ ('[' | ']')) => {
                self.replay.scroll_detail(if c == ']' { 1 } else { -1 });
                return Flow::Stay;
            }
            KeyCode::Char('g') => {
                self.replay.open_prompt();
                return Flow::Stay;
            }
            KeyCode::Char('a') => {
                let on = self.replay.toggle_autoplay();
                let note = if on {
                    "autoplay on (a: stop, + -: speed)"
                } else {
                    "autoplay stopped"
                };
                self.message = Some((note.into(), Role::Text));
                return Flow::Stay;
            }
            KeyCode::Char(c @ ('+' | '=' | '-')) => {
                self.replay.change_speed(c != '-');
                return Flow::Stay;
            }
            _ => {
                self.message = Some((
                    "That key does nothing in the replay (the key bar lists the keys).".into(),
                    Role::Error,
                ));
                return Flow::Stay;
            }
        };
        self.moved(moved, true);
        Flow::Stay
    }

    /// Shows the board where a step left it, or why it did not move.
    fn moved(&mut self, moved: Result<bool, String>, step: bool) {
        self.message = match moved {
            Ok(false) if step => Some(("no further step that way".into(), Role::Dim)),
            Ok(_) => None,
            Err(e) => Some((e, Role::Error)),
        };
        self.dash.resync();
    }
}

impl Session for DashboardReplay {
    fn render(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        draw::clear(buf, area, Style::default());
        if area.width < 20 || area.height < 16 {
            draw::line(
                buf,
                area,
                area.y,
                "Too small for the replay",
                theme.style(Role::Error),
            );
            return;
        }
        // The dashboard above (15 rows keep its current action whole), the replay panes
        // below, then the message and key rows.
        let panes = area.height.saturating_sub(18).clamp(5, 12);
        let board_h = area.height - panes - 3;
        self.dash
            .render(Rect::new(area.x, area.y, area.width, board_h), buf, theme);
        let bar_y = area.y + board_h;
        self.replay.render_bar(area, bar_y, buf, theme);
        let half = area.width / 2;
        let low = Rect::new(area.x, bar_y + 1, half, panes);
        self.replay.render_detail(low, buf, theme);
        let right = Rect::new(area.x + half, bar_y + 1, area.width - half, panes);
        // Up and Down always scroll what changed: it has the focus.
        self.replay.render_changes(right, buf, true, theme);
        let msg_y = area.bottom() - 2;
        match (self.replay.prompt(), &self.message) {
            (Some(typed), _) => {
                let p =
                    format!(" Go to action N, or rN for round N: {typed}_  (Enter go, Esc cancel)");
                draw::line(buf, area, msg_y, &p, theme.style(Role::Focus));
            }
            (None, Some((m, role))) => {
                draw::line(buf, area, msg_y, &format!(" {m}"), theme.style(*role));
            }
            (None, None) => {
                let label = format!(" {}", self.replay.step_label());
                draw::line(buf, area, msg_y, &label, theme.style(Role::Text));
            }
        }
        let y = area.bottom() - 1;
        let x = text(buf, area, area.x, y, KEYS, theme.style(Role::Key));
        let leave = format!(" | q {}", self.leave_to.short());
        text(buf, area, x, y, &leave, theme.style(Role::Key));
    }

    fn handle(&mut self, input: &Input, _env: &mut Env<'_>) -> Flow {
        match input {
            Input::Key(k) if !k.modifiers.contains(KeyModifiers::CONTROL) => self.key(*k),
            _ => Flow::Stay,
        }
    }

    fn tick(&mut self, _env: &mut Env<'_>) -> bool {
        let moved = self.replay.tick(self.dash.game_mut());
        let changed = !matches!(moved, Ok(false));
        if changed {
            self.moved(moved, false);
        }
        changed
    }

    fn wake_in(&self) -> Option<Duration> {
        self.replay.wake_in()
    }

    fn busy(&self) -> bool {
        false
    }

    fn set_leave_to(&mut self, to: LeaveTo) {
        self.leave_to = to;
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
