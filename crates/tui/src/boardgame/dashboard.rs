//! The board game's companion-app screen: not a map but a dashboard. The current action large,
//! with its role, its colour (blue XCOM, red alien, yellow scrambled; a text marker always, so
//! `NO_COLOR` loses nothing) and a countdown bar; the round's actions so far; the pause time,
//! forecasts and the table's situation; in the resolution phase the step, its role, what to do
//! and the app's question.
//!
//! The clock lives here. When it runs out the screen plays the ruleset's timer action; a key
//! press is stamped with the seconds the clock shows (`Ruleset::stamp`), so the log holds
//! everything a replay needs. The screen redraws when the shown second changes, and not at all
//! while the game is paused or the menu is open.

use super::clock::TimeSource;
use crate::draw::{self, bar, frame, line, text, wrap_rows, wrapped};
use crate::keys::Input;
use crate::session::{Env, Flow, Session};
use crate::theme::{Role as Ui, Theme};
use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use squadsight_boardgame::catalog::Catalog;
use squadsight_boardgame::data::{Kind, Question};
use squadsight_boardgame::describe::{
    colour_marker, kind_marker, prompt, setup_instructions, showing, targets_text,
};
use squadsight_boardgame::state::{Clock, Ended, Phase, State};
use squadsight_boardgame::{Action, Boardgame, CENTRAL_OFFICER, Colour};
use squadsight_core::game::Game;
use squadsight_core::{Decision, Ruleset, save};
use std::any::Any;
use std::time::Duration;

/// The key bar's mark while the game is not saved.
const NOT_SAVED: &str = " NOT SAVED (s: save)";

/// The clock of the decision on screen, as it was started.
#[derive(Clone, Debug)]
struct Running {
    /// The log length when it started: a new action starts a new clock.
    at_log: usize,
    started: Duration,
    seconds: u32,
    action: Action,
}

/// What covers the dashboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Overlay {
    None,
    Help,
    /// The current action's instructions; `true` when opening them paused the game.
    Instructions(bool),
}

/// A board-game session on screen.
pub struct Dashboard {
    game: Game<Boardgame>,
    time: Box<dyn TimeSource>,
    running: Option<Running>,
    /// The seconds shown at the last draw, to redraw only when they change.
    shown: Option<u32>,
    overlay: Overlay,
    /// Digits typed for a count.
    typed: String,
    /// The continent picked in the panic report.
    pick: usize,
    message: String,
    autosave_failed: bool,
    legal: Vec<Action>,
    /// Shown by the replay viewer: no clock runs, no key is read, and the viewer draws its
    /// own message and key rows.
    replaying: bool,
}

impl Dashboard {
    /// The dashboard on a game, reading time from `time`.
    pub fn new(game: Game<Boardgame>, time: Box<dyn TimeSource>) -> Dashboard {
        let mut d = Dashboard {
            game,
            time,
            running: None,
            shown: None,
            overlay: Overlay::None,
            typed: String::new(),
            pick: 0,
            message: String::new(),
            autosave_failed: false,
            legal: Vec::new(),
            replaying: false,
        };
        d.sync();
        d
    }

    /// The dashboard on a game the replay viewer moves along its log.
    pub(super) fn replaying(game: Game<Boardgame>) -> Dashboard {
        let mut d = Dashboard::new(game, Box::new(super::WallClock::new()));
        d.replaying = true;
        d.sync();
        d
    }

    /// The game, for the replay viewer to move; [`Dashboard::resync`] after.
    pub(super) fn game_mut(&mut self) -> &mut Game<Boardgame> {
        &mut self.game
    }

    /// Catches up with a game the replay viewer moved.
    pub(super) fn resync(&mut self) {
        self.sync();
    }

    /// The game on screen.
    pub fn game(&self) -> &Game<Boardgame> {
        &self.game
    }

    fn catalog(&self) -> &'static Catalog {
        self.game.ruleset().catalog()
    }

    fn state(&self) -> &State {
        self.game.state()
    }

    /// Starts the clock of a new timed decision, keeps the running one, or stops it.
    fn sync(&mut self) {
        self.game.legal_actions(CENTRAL_OFFICER, &mut self.legal);
        if self.replaying {
            self.running = None;
            return;
        }
        let at_log = self.game.log().len();
        self.running = match self.game.ruleset().timer(self.game.state()) {
            None => None,
            Some(_) if self.running.as_ref().is_some_and(|r| r.at_log == at_log) => {
                self.running.take()
            }
            Some(t) => Some(Running {
                at_log,
                started: self.time.now(),
                seconds: t.seconds,
                action: t.action,
            }),
        };
    }

    /// Milliseconds left on the running clock.
    fn left_ms(&self) -> Option<u64> {
        self.running.as_ref().map(|r| {
            let spent = self.time.now().saturating_sub(r.started).as_millis();
            let spent = u64::try_from(spent).unwrap_or(u64::MAX);
            (u64::from(r.seconds) * 1000).saturating_sub(spent)
        })
    }

    /// Whole seconds the clock shows (rounded up, so it shows 1 until it really runs out).
    fn left(&self) -> Option<u32> {
        if self.replaying {
            // The seconds the log recorded when the clock last started or stopped.
            let s = self.state();
            let timed = s.timed && matches!(s.phase, Phase::Timed | Phase::Window);
            return timed.then_some(s.remaining);
        }
        self.left_ms()
            .map(|ms| u32::try_from(ms.div_ceil(1000)).unwrap_or(u32::MAX))
    }

    /// Plays an input, stamped with the clock's reading if it carries one.
    fn play(&mut self, action: Action, env: &mut Env<'_>) {
        let action =
            self.game
                .ruleset()
                .stamp(self.game.state(), &action, self.left().unwrap_or(0));
        if !self.legal.contains(&action) {
            self.message = "That key does nothing now (? lists the keys).".into();
            return;
        }
        match self.game.apply(CENTRAL_OFFICER, action) {
            Ok(()) => {
                self.message.clear();
                self.typed.clear();
                self.autosave(env);
            }
            Err(e) => self.message = e.to_string(),
        }
        self.sync();
    }

    fn autosave(&mut self, env: &mut Env<'_>) {
        let game = crate::store::autosave_key(&self.game);
        let result = save::to_ron(&self.game)
            .map_err(|e| e.to_string())
            .and_then(|text| env.store.autosave(&game, &text));
        // A failure is said after every action until an autosave succeeds again.
        match result {
            Err(e) => {
                self.autosave_failed = true;
                self.message = format!("Autosave failed; play goes on: {e}");
            }
            Ok(_) if self.autosave_failed => {
                self.autosave_failed = false;
                self.message = "Autosaved again".to_string();
            }
            Ok(_) => {}
        }
    }

    fn question(&self) -> Option<Question> {
        let s = self.state();
        match s.phase {
            Phase::Resolution => self.catalog().steps.get(s.step).and_then(|st| st.question),
            _ => None,
        }
    }

    /// Whether the current step asks a yes-or-no question.
    fn yes_no(&self) -> bool {
        matches!(
            self.question(),
            Some(
                Question::BaseOverrun
                    | Question::MissionCompleted
                    | Question::FinalMissionCompleted
            )
        )
    }

    /// Whether the app waits for a typed number (the orbit count, the final count).
    fn counting(&self) -> bool {
        self.legal
            .iter()
            .any(|a| matches!(a, Action::Answer(n) if *n > 1))
    }

    fn panic_report(&self) -> bool {
        self.legal.iter().any(|a| matches!(a, Action::Panic { .. }))
    }

    /// Enter: whatever moves the app on.
    fn primary(&mut self, env: &mut Env<'_>) -> Flow {
        let s = self.state();
        let action = match (s.phase, s.clock) {
            (Phase::Over, _) => return Flow::Menu,
            (Phase::Setup | Phase::Briefing, _) => Action::Begin,
            _ if s.menu => Action::MenuResume,
            (Phase::Timed, Clock::Paused) => Action::Resume { left: 0 },
            (Phase::Timed | Phase::Window, _) => Action::Done { left: 0 },
            _ if self.counting() => match self.typed.parse::<u8>() {
                Ok(n) => Action::Answer(n),
                Err(_) => {
                    self.message = "Type the number, then Enter.".into();
                    return Flow::Stay;
                }
            },
            _ => Action::Next,
        };
        self.play(action, env);
        Flow::Stay
    }

    fn key(&mut self, key: KeyEvent, env: &mut Env<'_>) -> Flow {
        if self.overlay != Overlay::None {
            if let Overlay::Instructions(true) = self.overlay {
                self.play(Action::Resume { left: 0 }, env);
            }
            self.overlay = Overlay::None;
            return Flow::Stay;
        }
        let s = self.state();
        let yes_no = self.yes_no();
        match key.code {
            KeyCode::Char('q') => return Flow::Menu,
            KeyCode::Char('?') => self.overlay = Overlay::Help,
            KeyCode::Enter | KeyCode::Char(' ') | KeyCode::Char('d') => return self.primary(env),
            KeyCode::Char('p') if s.clock == Clock::Paused && !s.menu => {
                self.play(Action::Resume { left: 0 }, env);
            }
            KeyCode::Char('p') => self.play(Action::Pause { left: 0 }, env),
            KeyCode::Char('m') if s.menu => self.play(Action::MenuResume, env),
            KeyCode::Char('m') => self.play(Action::Menu { left: 0 }, env),
            KeyCode::Char('f') => self.play(Action::Forecast, env),
            KeyCode::Char('s') if self.autosave_failed => self.autosave(env),
            KeyCode::Char('i') if s.phase == Phase::Timed => {
                // bg.app.info: reading an action's instructions pauses, using pause time.
                let paused = s.clock == Clock::Running
                    && self.legal.iter().any(|a| matches!(a, Action::Pause { .. }));
                if paused {
                    self.play(Action::Pause { left: 0 }, env);
                }
                self.overlay = Overlay::Instructions(paused);
            }
            KeyCode::Char('i') if s.phase == Phase::Resolution => {
                // The step is untimed: reading it costs nothing.
                self.overlay = Overlay::Instructions(false);
            }
            KeyCode::Char('y') if yes_no => self.play(Action::Answer(1), env),
            KeyCode::Char('n') if yes_no => self.play(Action::Answer(0), env),
            KeyCode::Char(c @ ('y' | 'r' | 'x')) if self.panic_report() => {
                let colour = match c {
                    'y' => Colour::Yellow,
                    'r' => Colour::Red,
                    _ => Colour::Fallen,
                };
                let continent = u8::try_from(self.pick).unwrap_or(0);
                self.play(Action::Panic { continent, colour }, env);
            }
            KeyCode::Up if self.panic_report() => self.pick = self.pick.saturating_sub(1),
            KeyCode::Down if self.panic_report() => {
                self.pick = (self.pick + 1).min(self.catalog().continents.len() - 1);
            }
            KeyCode::Char(c) if c.is_ascii_digit() && self.panic_report() => {
                let n = c as usize - '0' as usize;
                if (1..=self.catalog().continents.len()).contains(&n) {
                    self.pick = n - 1;
                }
            }
            KeyCode::Char(c) if c.is_ascii_digit() && self.counting() => {
                if self.typed.len() < 3 {
                    self.typed.push(c);
                }
            }
            KeyCode::Backspace => {
                self.typed.pop();
            }
            _ => self.message = "That key does nothing here (? lists the keys).".into(),
        }
        Flow::Stay
    }
}

/// Recolours a frame's border cells (not its title) with `style`'s foreground; nothing
/// changes without colour, where the text markers say the kind (bg.app.actions-style).
fn tint_border(buf: &mut Buffer, area: Rect, style: Style, theme: &Theme) {
    let Some(fg) = style.fg.filter(|_| theme.color) else {
        return;
    };
    if area.width < 2 || area.height < 2 {
        return;
    }
    let area = area.intersection(buf.area);
    let is_border = |c: &str| {
        c.chars()
            .all(|ch| ('\u{2500}'..='\u{257f}').contains(&ch) || "+-|#=".contains(ch))
    };
    let mut tint = |x: u16, y: u16| {
        if let Some(cell) = buf.cell_mut((x, y))
            && !cell.symbol().is_empty()
            && is_border(cell.symbol())
        {
            cell.set_fg(fg);
        }
    };
    for x in area.left()..area.right() {
        tint(x, area.top());
        tint(x, area.bottom() - 1);
    }
    for y in area.top()..area.bottom() {
        tint(area.left(), y);
        tint(area.right() - 1, y);
    }
}

/// The style of an action's kind: blue XCOM, red alien, yellow scrambled (bg.app.actions-style).
fn kind_style(theme: &Theme, kind: Kind, scrambled: bool) -> Style {
    let style = Style::default().add_modifier(Modifier::BOLD);
    if !theme.color {
        return style;
    }
    let colour = match (kind, scrambled) {
        (Kind::Alien, _) => Color::Red,
        (Kind::Xcom, true) => Color::Yellow,
        (Kind::Xcom, false) => Color::LightBlue,
    };
    style.fg(colour)
}

impl Session for Dashboard {
    fn render(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        self.shown = self.left();
        draw::clear(buf, area, Style::default());
        if area.width < 20 || area.height < 8 {
            return;
        }
        let catalog = self.catalog();
        let s = self.state();
        let level = &catalog.difficulties[s.difficulty].name;
        let phase = match s.phase {
            Phase::Setup => "Setup",
            Phase::Briefing => "Briefing",
            Phase::Timed => "Timed phase",
            Phase::Window => "Final window",
            Phase::Resolution => "Resolution",
            Phase::Count | Phase::Over => "Game over",
        };
        let head = format!(
            " XCOM: The Board Game | {level} | Round {} | {phase}",
            s.round
        );
        line(buf, area, area.y, &head, theme.style(Ui::Title));
        let pause = match s.pause_left {
            _ if !s.timed => "untimed".to_string(),
            None => "pause: unlimited".to_string(),
            Some(p) => format!("pause: {p} s"),
        };
        // The budget is announced with each round's briefing; during setup there is none yet.
        let right = match s.phase {
            Phase::Setup => format!("{pause} "),
            _ => format!("budget {} | {pause} ", s.budget),
        };
        let rx = area.right().saturating_sub(right.len() as u16);
        text(buf, area, rx, area.y, &right, theme.style(Ui::Text));

        // Setup has nothing to show below its instructions, so they get the whole screen.
        let main_h = match s.phase {
            Phase::Setup => area.height.saturating_sub(3),
            // A resolution step's instructions are the table's rules for it: the box grows to
            // hold them and the question, but the round's actions and the situation below keep
            // the rows they need (a cut step says so, and `i` shows it whole).
            Phase::Resolution => {
                let below = self.lower_rows().saturating_add(2 + 1 + 2);
                self.step_rows(area.width)
                    .clamp(9, area.height.saturating_sub(below).max(9))
                    .min(area.height.saturating_sub(6))
            }
            _ => 9.min(area.height.saturating_sub(6)),
        };
        let main = Rect::new(area.x, area.y + 1, area.width, main_h);
        self.render_main(main, buf, theme);

        let low_y = main.bottom();
        // The message and key rows (the replay viewer draws its own below the dashboard).
        let rows = if self.replaying { 0 } else { 2 };
        let low_h = area.bottom().saturating_sub(low_y + rows);
        let left_w = area.width / 2;
        // A round longer than the pane shows its latest actions, and the title says so.
        let listed = (s.current + 1).min(s.plan.len());
        let fits = usize::from(low_h.saturating_sub(2));
        let title = if listed > fits {
            format!("This round (latest {fits} of {listed})")
        } else {
            "This round".to_string()
        };
        let list = frame(
            buf,
            Rect::new(area.x, low_y, left_w, low_h),
            &title,
            false,
            theme,
        );
        self.render_list(list, buf, theme);
        let side = frame(
            buf,
            Rect::new(area.x + left_w, low_y, area.width - left_w, low_h),
            "Situation",
            false,
            theme,
        );
        self.render_situation(side, buf, theme);

        if self.replaying {
            return;
        }
        let msg_y = area.bottom().saturating_sub(2);
        if !self.message.is_empty() {
            line(
                buf,
                area,
                msg_y,
                &format!(" {}", self.message),
                theme.style(Ui::Error),
            );
        }
        let keys = self.key_bar();
        let y = area.bottom() - 1;
        let mut x = area.x;
        // A failed autosave stays in sight until one succeeds, whatever the message line
        // says meanwhile.
        if self.autosave_failed {
            x = text(buf, area, x, y, NOT_SAVED, theme.style(Ui::Error));
        }
        draw::key_bar(buf, area, x.saturating_add(1), y, &keys, theme);
        match self.overlay {
            Overlay::None => {}
            Overlay::Help => self.render_help(area, buf, theme),
            Overlay::Instructions(_) => self.render_instructions(area, buf, theme),
        }
    }

    fn handle(&mut self, input: &Input, env: &mut Env<'_>) -> Flow {
        match input {
            Input::Key(key) => self.key(*key, env),
            _ => Flow::Stay,
        }
    }

    fn tick(&mut self, env: &mut Env<'_>) -> bool {
        if let Some(r) = &self.running
            && self.left_ms() == Some(0)
        {
            // The clock ran out: the ruleset's timer action enters the log.
            let action = r.action.clone();
            self.play(action, env);
            return true;
        }
        let s = self.state();
        if s.clock == Clock::Paused && s.phase == Phase::Timed {
            // Nothing redraws while paused.
            return false;
        }
        self.left() != self.shown
    }

    fn wake_in(&self) -> Option<Duration> {
        let ms = self.left_ms()?;
        if self.state().clock == Clock::Paused {
            return Some(Duration::from_millis(ms));
        }
        // Wake when the shown second changes.
        let to_next = match ms % 1000 {
            0 => 1000,
            r => r,
        };
        Some(Duration::from_millis(to_next.min(ms.max(1))))
    }

    fn busy(&self) -> bool {
        false
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl Dashboard {
    fn render_main(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let catalog = self.catalog();
        let s = self.state();
        let title = match showing(catalog, s) {
            Some((role, _, _)) => role.name().to_uppercase(),
            None => String::new(),
        };
        let inner = frame(buf, area, &title, true, theme);
        if inner.height == 0 {
            return;
        }
        if s.phase == Phase::Timed
            && let Some((_, kind, scrambled)) = showing(catalog, s)
        {
            // bg.app.actions-style: the whole action box takes the action's colour, so the
            // table sees blue, red or yellow from across the room.
            tint_border(buf, area, kind_style(theme, kind, scrambled), theme);
        }
        let text_style = theme.style(Ui::Text);
        match s.phase {
            Phase::Setup => {
                line(
                    buf,
                    inner,
                    inner.y,
                    "Set up the table:",
                    theme.style(Ui::Title),
                );
                // The last row is the key line; instructions that do not fit end in a mark.
                let body = Rect {
                    height: inner.height.saturating_sub(1),
                    ..inner
                };
                let mut y = 1;
                for l in setup_instructions(catalog, s) {
                    let rows = wrapped(buf, body, y, 0, &format!("- {l}"), text_style);
                    y = y.saturating_add(rows as u16);
                }
                let key = if y > body.height {
                    "Enter: setup done   (more below: a taller terminal shows it all)"
                } else {
                    "Enter: setup done"
                };
                line(buf, inner, inner.bottom() - 1, key, theme.style(Ui::Key));
            }
            Phase::Briefing => {
                let big = format!(
                    "Round {}: the Commander's budget is {} credits",
                    s.round, s.budget
                );
                line(buf, inner, inner.y, &big, theme.style(Ui::Title));
                if s.unlocked {
                    line(
                        buf,
                        inner,
                        inner.y + 2,
                        "The final mission is unlocked.",
                        theme.style(Ui::Good),
                    );
                }
                line(
                    buf,
                    inner,
                    inner.bottom() - 1,
                    "Enter: start the timed phase",
                    theme.style(Ui::Key),
                );
            }
            Phase::Timed => self.render_action(inner, buf, theme),
            Phase::Window => {
                line(
                    buf,
                    inner,
                    inner.y,
                    "FINAL WINDOW: use timed-phase assets and tech",
                    theme.style(Ui::Title),
                );
                self.render_countdown(inner, inner.y + 2, buf, theme);
                line(
                    buf,
                    inner,
                    inner.bottom() - 1,
                    "Enter: end the timed phase",
                    theme.style(Ui::Key),
                );
            }
            Phase::Resolution => {
                if let Some(step) = catalog.steps.get(s.step) {
                    let head = format!(
                        "Step {} of {}: {}",
                        s.step + 1,
                        catalog.steps.len(),
                        step.name
                    );
                    line(buf, inner, inner.y, &head, theme.style(Ui::Title));
                    // The question keeps its rows at the bottom; the instructions get the rest,
                    // and say so when they are cut (i shows them whole).
                    let room = inner.height.saturating_sub(1 + self.question_rows());
                    let body = Rect::new(inner.x, inner.y + 1, inner.width, room);
                    let rows = u16::try_from(wrap_rows(&step.text, body.width)).unwrap_or(u16::MAX);
                    let cut = rows > room && room > 0;
                    // A cut text leaves its last row to the mark alone.
                    let text_rows = if cut { room - 1 } else { room };
                    let shown = Rect::new(body.x, body.y, body.width, text_rows);
                    wrapped(buf, shown, 0, 0, &step.text, text_style);
                    if cut {
                        line(
                            buf,
                            body,
                            body.bottom() - 1,
                            "... (i: read the whole step)",
                            theme.style(Ui::Key),
                        );
                    }
                    self.render_question(inner, 1 + rows.min(room), buf, theme);
                }
            }
            Phase::Count | Phase::Over => {
                let verdict = match s.won {
                    Some(true) => ("XCOM WINS", Ui::Good),
                    _ => ("XCOM LOSES", Ui::Bad),
                };
                line(
                    buf,
                    inner,
                    inner.y,
                    &format!("{}: {}", verdict.0, s.reason),
                    theme.style(verdict.1),
                );
                if let Some(score) = s.score {
                    line(
                        buf,
                        inner,
                        inner.y + 2,
                        &format!("Final score: {score}"),
                        theme.style(Ui::Title),
                    );
                    line(
                        buf,
                        inner,
                        inner.bottom() - 1,
                        "Enter or q: back to the menu",
                        theme.style(Ui::Key),
                    );
                } else {
                    self.render_question(inner, 2, buf, theme);
                }
            }
        }
    }

    fn render_action(&self, inner: Rect, buf: &mut Buffer, theme: &Theme) {
        let catalog = self.catalog();
        let s = self.state();
        let Some(entry) = s.entry() else {
            return;
        };
        let info = &catalog.actions[entry.action];
        let style = kind_style(theme, info.kind, entry.scrambled);
        let marker = kind_marker(info.kind, entry.scrambled);
        let x = text(buf, inner, inner.x, inner.y, marker, style);
        let x = text(buf, inner, x + 1, inner.y, &info.name.to_uppercase(), style);
        let n = format!("  action {} of {}", s.current + 1, s.plan.len());
        text(buf, inner, x, inner.y, &n, theme.style(Ui::Dim));
        self.render_countdown(inner, inner.y + 2, buf, theme);
        let ufos = !entry.targets.is_empty();
        let scanner = entry.scanner && !entry.forecast_asked;
        // The UFO and scanner lines keep their rows at the bottom; the instructions get what
        // is left above them (the whole text is one key away: i).
        let below = u16::from(ufos) + u16::from(scanner);
        let how = Rect {
            height: inner.height.saturating_sub(below),
            ..inner
        };
        let rows = wrapped(buf, how, 4, 0, &info.how, theme.style(Ui::Text));
        let mut y = (inner.y + 4 + rows as u16).min(inner.bottom().saturating_sub(below));
        if ufos {
            let t = format!("UFOs: {}", targets_text(catalog, &entry.targets));
            line(buf, inner, y, &t, style);
            y += 1;
        }
        if scanner {
            line(
                buf,
                inner,
                y,
                "SCANNER LIT: f for a forecast",
                theme.style(Ui::Key),
            );
        }
    }

    /// The countdown bar, or what stopped it.
    fn render_countdown(&self, inner: Rect, y: u16, buf: &mut Buffer, theme: &Theme) {
        let s = self.state();
        if !s.timed {
            line(
                buf,
                inner,
                y,
                "untimed: Enter when done",
                theme.style(Ui::Dim),
            );
            return;
        }
        if s.menu {
            line(
                buf,
                inner,
                y,
                "MENU: the clock is stopped (m to go on; no pause time used)",
                theme.style(Ui::Focus),
            );
            return;
        }
        match s.clock {
            Clock::Paused => {
                let t = format!("PAUSED at {} s: p to go on", s.remaining);
                line(buf, inner, y, &t, theme.style(Ui::Focus));
            }
            Clock::Hold if s.phase == Phase::Timed => {
                let style = theme.style(Ui::Bad).add_modifier(Modifier::SLOW_BLINK);
                let left = self
                    .left()
                    .map_or_else(String::new, |l| format!(" (pause draining: {l} s)"));
                line(
                    buf,
                    inner,
                    y,
                    &format!("EXPIRED: finish it, then Enter{left}"),
                    style,
                );
            }
            _ => {
                let left = self.left().unwrap_or(0);
                let full = match s.phase {
                    Phase::Timed => s.entry().map_or(left, |e| e.seconds.max(1)),
                    _ => s.remaining.max(1),
                };
                let width = inner.width.saturating_sub(12).min(50);
                // bg.app.actions-style: the bar runs down in the action's colour.
                let bar_style = match showing(self.catalog(), s) {
                    Some((_, kind, scrambled)) if theme.color => {
                        kind_style(theme, kind, scrambled).remove_modifier(Modifier::BOLD)
                    }
                    _ => theme.style(Ui::Focus),
                };
                let x = bar(
                    buf,
                    inner,
                    inner.x,
                    y,
                    width,
                    u64::from(left),
                    u64::from(full),
                    bar_style,
                    theme,
                );
                text(
                    buf,
                    inner,
                    x + 1,
                    y,
                    &format!("{left:>3} s"),
                    theme.style(Ui::Title),
                );
            }
        }
    }

    /// The rows the question of the current step takes at the bottom of its box: the asking
    /// line, the continents for the panic report, and the key hint (or just the key line).
    fn question_rows(&self) -> u16 {
        match prompt(self.catalog(), self.state()) {
            None => 1,
            Some(_) if self.panic_report() => 3,
            Some(_) => 2,
        }
    }

    /// The height the current resolution step's box needs at `width` columns: borders, its
    /// heading, its instructions and its question.
    fn step_rows(&self, width: u16) -> u16 {
        let text = self
            .catalog()
            .steps
            .get(self.state().step)
            .map_or(0, |step| wrap_rows(&step.text, width.saturating_sub(2)));
        let text = u16::try_from(text).unwrap_or(u16::MAX);
        text.saturating_add(3 + self.question_rows())
    }

    fn render_question(&self, inner: Rect, row: u16, buf: &mut Buffer, theme: &Theme) {
        let catalog = self.catalog();
        let s = self.state();
        let y = inner.y + row;
        let Some(ask) = prompt(catalog, s) else {
            line(
                buf,
                inner,
                inner.bottom() - 1,
                "Enter: step done",
                theme.style(Ui::Key),
            );
            return;
        };
        line(
            buf,
            inner,
            y.min(inner.bottom() - 1),
            &ask,
            theme.style(Ui::Focus),
        );
        let hint = if self.panic_report() {
            let names: Vec<String> = catalog
                .continents
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let mark = if i == self.pick { ">" } else { " " };
                    format!(
                        "{mark}{} {}:{}",
                        i + 1,
                        short(c),
                        colour_marker(s.colours[i])
                    )
                })
                .collect();
            line(
                buf,
                inner,
                (y + 1).min(inner.bottom() - 1),
                &names.join(" "),
                theme.style(Ui::Text),
            );
            "1-6 pick, y yellow, r red, x fallen, Enter confirm".to_string()
        } else if self.counting() {
            format!("Type a number: {}_   Enter to answer", self.typed)
        } else {
            "y yes   n no".to_string()
        };
        line(buf, inner, inner.bottom() - 1, &hint, theme.style(Ui::Key));
    }

    fn render_list(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let catalog = self.catalog();
        let s = self.state();
        let upto = (s.current + 1).min(s.plan.len());
        if !matches!(s.phase, Phase::Timed | Phase::Window) && s.plan.is_empty() {
            line(
                buf,
                area,
                area.y,
                "No actions yet this round.",
                theme.style(Ui::Dim),
            );
            return;
        }
        let rows = usize::from(area.height);
        let first = upto.saturating_sub(rows);
        for (row, i) in (first..upto).enumerate() {
            let e = &s.plan[i];
            let info = &catalog.actions[e.action];
            let mark = match info.kind {
                Kind::Alien => "A",
                Kind::Xcom if e.scrambled => "S",
                Kind::Xcom => "X",
            };
            let status = match e.ended {
                _ if i == s.current && s.phase == Phase::Timed => "now".to_string(),
                Some(Ended::Done(_)) if !s.timed => "done".into(),
                Some(Ended::Done(left)) => format!("{left}s left"),
                Some(Ended::Expired) => "expired".into(),
                Some(Ended::ExpiredHeld) => "expired!".into(),
                None => String::new(),
            };
            let l = format!("{:>2} {mark} {status:<9} {}", i + 1, info.name);
            let style = if i == s.current && s.phase == Phase::Timed {
                theme.style(Ui::Selected)
            } else {
                kind_style(theme, info.kind, e.scrambled).remove_modifier(Modifier::BOLD)
            };
            line(buf, area, area.y + row as u16, &l, style);
        }
    }

    /// The rows the panes below the main box want: the round's actions so far, or the
    /// situation's lines, whichever is longer.
    fn lower_rows(&self) -> u16 {
        let s = self.state();
        let actions = (s.current + 1).min(s.plan.len()).max(1);
        let rows = actions.max(self.situation_lines().len());
        u16::try_from(rows).unwrap_or(u16::MAX)
    }

    fn render_situation(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        for (row, l) in self
            .situation_lines()
            .iter()
            .enumerate()
            .take(usize::from(area.height))
        {
            line(buf, area, area.y + row as u16, l, theme.style(Ui::Text));
        }
    }

    /// The situation pane's lines: orbit, missions, panic and the forecasts.
    fn situation_lines(&self) -> Vec<String> {
        let catalog = self.catalog();
        let s = self.state();
        let mut lines = vec![
            format!("UFOs in orbit (last count): {}", s.orbit),
            format!(
                "Missions: {} | final mission {}",
                s.missions,
                if s.unlocked { "UNLOCKED" } else { "locked" }
            ),
        ];
        let panic: Vec<String> = catalog
            .continents
            .iter()
            .zip(&s.colours)
            .map(|(c, k)| format!("{}:{}", short(c), colour_marker(*k)))
            .collect();
        for (row, chunk) in panic.chunks(3).enumerate() {
            let head = if row == 0 { "Panic" } else { "     " };
            lines.push(format!("{head} {}", chunk.join(" ")));
        }
        for f in &s.forecasts {
            lines.push(match f.entry {
                Some(at) => format!(
                    "Forecast: action {} -> {}",
                    at + 1,
                    targets_text(catalog, &f.targets)
                ),
                None => "Forecast: no more contacts".into(),
            });
        }
        lines
    }

    /// The keys this screen answers now, for the shell's key bar.
    fn key_bar(&self) -> Vec<(&'static str, &'static str)> {
        let s = self.state();
        match s.phase {
            Phase::Timed | Phase::Window => vec![
                ("Enter", "DONE"),
                ("p", "pause"),
                ("m", "menu"),
                ("f", "forecast"),
                ("i", "instructions"),
                ("?", "help"),
                ("q", "leave"),
            ],
            Phase::Over => vec![("Enter/q", "back to the menu"), ("?", "help")],
            _ => {
                // Only the keys this screen answers: a question's keys while it is asked, the
                // whole-step view during resolution.
                let mut bar = vec![("Enter", "next")];
                if self.yes_no() {
                    bar.push(("y/n", "answer"));
                }
                if self.counting() {
                    bar.push(("0-9", "type the number"));
                }
                if self.panic_report() {
                    bar.push(("y/r/x", "panic"));
                }
                if s.phase == Phase::Resolution {
                    bar.push(("i", "whole step"));
                }
                bar.push(("?", "help"));
                // Leaving is said to keep the game only while autosaves succeed.
                bar.push(if self.autosave_failed {
                    ("q", "leave")
                } else {
                    ("q", "leave (autosaved)")
                });
                bar
            }
        }
    }

    fn render_help(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let w = area.width.min(70);
        let h = area.height.min(16);
        let r = Rect::new(
            area.x + (area.width - w) / 2,
            area.y + (area.height - h) / 2,
            w,
            h,
        );
        draw::clear(buf, r, Style::default());
        let inner = frame(buf, r, "Keys", true, theme);
        let help = [
            "Enter, Space, d  DONE / begin / next step / confirm",
            "p                pause and resume (spends the round's pause time)",
            "m                menu pause: stops the clock, spends no pause time",
            "f                forecast, while the scanner is lit",
            "i                the action's instructions (pauses), or the whole step",
            "y / n            answer yes or no",
            "0-9, Enter       type a count",
            "1-6 y r x        panic report: pick a continent, set its colour",
            "q                back to the menu (the game is autosaved)",
            "s                save again, after an autosave failed",
            "",
            "Colours: [XCOM] blue, [ALIEN] red, [SCRAMBLED] yellow.",
            "Any key closes this.",
        ];
        for (i, l) in help.iter().enumerate().take(usize::from(inner.height)) {
            line(buf, inner, inner.y + i as u16, l, theme.style(Ui::Text));
        }
    }

    fn render_instructions(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let catalog = self.catalog();
        let s = self.state();
        let (name, who, how) = match s.phase {
            Phase::Resolution => match catalog.steps.get(s.step) {
                Some(step) => (&step.name, step.role.name().to_string(), &step.text),
                None => return,
            },
            _ => match s.entry() {
                Some(entry) => {
                    let info = &catalog.actions[entry.action];
                    let who = format!(
                        "{} ({})",
                        info.role.name(),
                        kind_marker(info.kind, entry.scrambled)
                    );
                    (&info.name, who, &info.how)
                }
                None => return,
            },
        };
        let w = area.width.min(70);
        let h = (wrap_rows(how, w.saturating_sub(2)) as u16 + 5).clamp(12, area.height);
        let r = Rect::new(
            area.x + (area.width - w) / 2,
            area.y + (area.height - h) / 2,
            w,
            h,
        );
        draw::clear(buf, r, Style::default());
        let inner = frame(buf, r, name, true, theme);
        line(buf, inner, inner.y, &who, theme.style(Ui::Title));
        let body = Rect {
            height: inner.height.saturating_sub(1),
            ..inner
        };
        wrapped(buf, body, 2, 0, how, theme.style(Ui::Text));
        let back = match self.overlay {
            Overlay::Instructions(true) => "Any key: back (and resume)",
            _ => "Any key: back",
        };
        line(buf, inner, inner.bottom() - 1, back, theme.style(Ui::Key));
    }
}

/// A continent's short name for narrow lines: initials of several words, else three letters.
fn short(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    if words.len() > 1 {
        words.iter().filter_map(|w| w.chars().next()).collect()
    } else {
        name.chars().take(3).collect()
    }
}

/// Whether the game on screen is over.
pub fn finished(d: &Dashboard) -> bool {
    matches!(d.game.to_act(), Decision::Over(_))
}
