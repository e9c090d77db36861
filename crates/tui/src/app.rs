//! The app: which screen is up, and the loop that draws it and feeds it inputs. The loop is
//! generic over the ratatui backend and the input source, so tests run the whole app on
//! `TestBackend` with a key script.

use crate::draw;
use crate::game_screen::dialog;
use crate::help::{GAME_KEYS, Help};
use crate::input::{EventSource, Next};
use crate::keys::Input;
use crate::menu::{FormFlow, Item, MenuFlow, MenuScreen, NewGameForm, PickFlow, SavePicker};
use crate::registry::{GameSpec, Registry, ScenarioSource};
use crate::rules_ref::{RulesFlow, RulesScreen};
use crate::session::{Env, Flow, LeaveTo, Session};
use crate::settings::{Settings, SettingsFlow, SettingsScreen};
use crate::store::{SaveSlot, SaveStore};
use crate::theme::{Role, Theme};
use crate::view::KeyHelp;
use crossterm::event::{KeyCode, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use squadsight_core::game::SeatConfig;
use std::hash::BuildHasher;
use std::time::Duration;
use thiserror::Error;

/// The smallest terminal the screens are laid out for.
pub const MIN_WIDTH: u16 = 80;
/// The smallest terminal height the screens are laid out for.
pub const MIN_HEIGHT: u16 = 24;

/// How a run of the app ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// The player quit.
    Quit,
    /// A signal asked the program to stop (the number is the signal: 1 SIGHUP, 15 SIGTERM).
    Signal(i32),
    /// The input source ran dry (a finished key script).
    EndOfInput,
}

/// Something the terminal front-end could not do.
#[derive(Debug, Error)]
pub enum TuiError {
    /// Reading input or writing to the terminal failed.
    #[error("terminal: {0}")]
    Io(#[from] std::io::Error),
    /// The requested game, save or replay cannot be opened.
    #[error("{0}")]
    Start(String),
}

/// Where the app opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The main menu.
    Menu,
    /// Straight into a new game.
    Game(GameSpec),
    /// Straight into a save, to play on.
    Save {
        /// The save file's bytes.
        bytes: Vec<u8>,
        /// Its path, for messages.
        origin: String,
    },
    /// Straight into the replay viewer for a save.
    Replay {
        /// The save file's bytes.
        bytes: Vec<u8>,
        /// Its path, for messages.
        origin: String,
    },
    /// Straight into the campaign screen on a campaign file, written back after every change.
    Campaign {
        /// The campaign file's bytes.
        bytes: Vec<u8>,
        /// Where it was read from (and is written back to).
        slot: SaveSlot,
    },
}

/// How the app is set up.
pub struct AppConfig {
    /// The rulesets on offer.
    pub registry: Registry,
    /// Where saves and settings are kept.
    pub store: Box<dyn SaveStore>,
    /// The run's display limits: colour off under `NO_COLOR`, ASCII under `--ascii`.
    pub limits: Theme,
    /// Seeds for new games count up from this; `None` draws each at random.
    pub seed: Option<u64>,
}

impl AppConfig {
    /// The built-in rulesets, `store`, and display limits from the environment and
    /// `--ascii`.
    pub fn new(store: Box<dyn SaveStore>, ascii: bool) -> AppConfig {
        AppConfig {
            registry: Registry::builtin(),
            store,
            limits: Theme::from_env(ascii),
            seed: None,
        }
    }
}

enum Screen {
    Menu(MenuScreen),
    NewGame(NewGameForm),
    Pick(SavePicker),
    Rules(RulesScreen),
    Settings(SettingsScreen),
    Game(Box<dyn Session>),
}

/// The whole front-end.
pub struct App {
    registry: Registry,
    store: Box<dyn SaveStore>,
    settings: Settings,
    limits: Theme,
    seeds: Option<u64>,
    screen: Screen,
    /// The help overlay over a menu screen, when open.
    menu_help: Option<Help>,
    exit: Option<Exit>,
    dirty: bool,
    frames: u64,
    quick: Option<String>,
    /// Where leaving the first screen goes: the menu, or the shell for a game, replay or
    /// campaign a command opened.
    home: LeaveTo,
}

/// Keys of the menu screens, for the help overlay.
const MENU_KEYS: &[KeyHelp] = &[
    KeyHelp {
        key: "Up/Down j/k",
        what: "move",
    },
    KeyHelp {
        key: "Enter",
        what: "choose",
    },
    KeyHelp {
        key: "p",
        what: "play against the AI at once",
    },
    KeyHelp {
        key: "n c l r b o m q",
        what: "the menu entries",
    },
    KeyHelp {
        key: "Esc",
        what: "back",
    },
    KeyHelp {
        key: "C-c",
        what: "quit at once",
    },
    KeyHelp {
        key: "?",
        what: "this help",
    },
];

impl App {
    /// Builds the app on its first screen. Fails (before the terminal is touched) when the
    /// requested game or save cannot be opened.
    pub fn new(config: AppConfig, start: Start) -> Result<App, TuiError> {
        let AppConfig {
            registry,
            store,
            limits,
            seed,
        } = config;
        let settings = store
            .settings()
            .map(|t| Settings::parse(&t))
            .unwrap_or_default();
        let quick = registry.entries().first().and_then(|e| {
            let card = e.scenarios().iter().find(|c| !c.broken)?;
            Some(format!(
                "{}, {} (AI {})",
                e.title(),
                card.title,
                settings.quick_level
            ))
        });
        let mut menu = MenuScreen::default();
        if !registry.problems().is_empty() {
            menu.message = Some((registry.problems().join("; "), Role::Error));
        }
        let mut app = App {
            registry,
            store,
            settings,
            limits,
            seeds: seed,
            screen: Screen::Menu(menu),
            menu_help: None,
            exit: None,
            dirty: true,
            frames: 0,
            quick,
            home: LeaveTo::Menu,
        };
        let pause = app.ai_pause();
        let session = match start {
            Start::Menu => None,
            Start::Game(spec) => Some(app.registry.start(&spec, pause)),
            Start::Save { bytes, origin } => Some(app.registry.open(&bytes, &origin, false, pause)),
            Start::Replay { bytes, origin } => {
                Some(app.registry.open(&bytes, &origin, true, pause))
            }
            Start::Campaign { bytes, slot } => {
                Some(app.registry.open_campaign(&slot, &bytes, pause))
            }
        };
        if let Some(s) = session {
            let mut s = s.map_err(TuiError::Start)?;
            // Started by a command: leaving goes back to the shell it came from.
            s.set_leave_to(LeaveTo::Shell);
            app.screen = Screen::Game(s);
            app.home = LeaveTo::Shell;
        }
        Ok(app)
    }

    /// Makes leaving the game a command opened go to the menu instead of ending the run, as
    /// if it had been started from the menu (for embedders that keep the menu up, and for
    /// scripted sessions that go on to the menu).
    pub fn leave_to_menu(&mut self) {
        self.home = LeaveTo::Menu;
        if let Screen::Game(s) = &mut self.screen {
            s.set_leave_to(LeaveTo::Menu);
        }
    }

    /// The theme in effect.
    pub fn theme(&self) -> Theme {
        self.settings.theme(&self.limits)
    }

    /// How many frames have been drawn (to check that an idle app draws nothing).
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// How the run ended, once it has.
    pub fn exit(&self) -> Option<Exit> {
        self.exit
    }

    /// The game on screen, if a game is up.
    pub fn session(&self) -> Option<&dyn Session> {
        match &self.screen {
            Screen::Game(s) => Some(s.as_ref()),
            _ => None,
        }
    }

    /// The name of the screen that is up: `menu`, `new-game`, `saves`, `rules`, `settings`
    /// or `game`.
    pub fn screen_name(&self) -> &'static str {
        match self.screen {
            Screen::Menu(_) => "menu",
            Screen::NewGame(_) => "new-game",
            Screen::Pick(_) => "saves",
            Screen::Rules(_) => "rules",
            Screen::Settings(_) => "settings",
            Screen::Game(_) => "game",
        }
    }

    /// The message the menu shows (errors from the last thing tried).
    pub fn menu_message(&self) -> Option<&str> {
        match &self.screen {
            Screen::Menu(m) => m.message.as_ref().map(|(t, _)| t.as_str()),
            Screen::Pick(p) => p.message.as_deref(),
            _ => None,
        }
    }

    /// The settings in effect.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    fn ai_pause(&self) -> Duration {
        Duration::from_millis(u64::from(self.settings.ai_pause_ms))
    }

    fn new_seed(seeds: &mut Option<u64>) -> u64 {
        match seeds {
            Some(s) => {
                let seed = *s;
                *s = s.wrapping_add(1);
                seed
            }
            None => std::collections::hash_map::RandomState::new()
                .hash_one(std::time::SystemTime::now()),
        }
    }

    /// Whether background work is under way.
    pub fn busy(&self) -> bool {
        match &self.screen {
            Screen::Game(s) => s.busy(),
            _ => false,
        }
    }

    /// Runs until the player quits, a signal arrives or the input ends.
    pub fn run<B: Backend, E: EventSource>(
        &mut self,
        terminal: &mut Terminal<B>,
        events: &mut E,
    ) -> Result<Exit, TuiError>
    where
        B::Error: Send + Sync + 'static,
    {
        self.exit = None;
        loop {
            if self.dirty {
                self.draw(terminal)?;
            }
            if let Some(exit) = self.exit {
                return Ok(exit);
            }
            let wake = match &self.screen {
                Screen::Game(s) => s.wake_in(),
                _ => None,
            };
            match events.next(wake, self.busy())? {
                Next::Input(Input::Redraw) => {
                    full_redraw(terminal)?;
                    self.dirty = true;
                }
                Next::Input(input) => {
                    if self.input(&input) == Flow::Suspend {
                        events.suspend()?;
                        full_redraw(terminal)?;
                        self.dirty = true;
                    }
                }
                Next::Timeout => {}
                Next::End => {
                    self.exit = Some(Exit::EndOfInput);
                }
            }
            if self.tick() {
                self.dirty = true;
            }
        }
    }

    /// Draws one frame.
    pub fn draw<B: Backend>(&mut self, terminal: &mut Terminal<B>) -> Result<(), TuiError>
    where
        B::Error: Send + Sync + 'static,
    {
        terminal
            .draw(|f| {
                let area = f.area();
                self.render(area, f.buffer_mut());
            })
            .map_err(backend_error)?;
        self.frames += 1;
        self.dirty = false;
        Ok(())
    }

    /// Makes background progress; returns whether anything changed on screen.
    pub fn tick(&mut self) -> bool {
        let Screen::Game(s) = &mut self.screen else {
            return false;
        };
        let mut env = Env {
            store: self.store.as_mut(),
            settings: &self.settings,
        };
        s.tick(&mut env)
    }

    /// Handles one input; returns `Flow::Suspend` when the program should stop for Ctrl-Z.
    pub fn input(&mut self, input: &Input) -> Flow {
        self.dirty = true;
        match input {
            Input::Terminate(sig) => {
                self.exit = Some(Exit::Signal(*sig));
                return Flow::Quit;
            }
            Input::Resize(..) | Input::Redraw => return Flow::Stay,
            Input::Key(k) if k.modifiers.contains(KeyModifiers::CONTROL) => match k.code {
                KeyCode::Char('c') => {
                    self.exit = Some(Exit::Quit);
                    return Flow::Quit;
                }
                KeyCode::Char('z') => return Flow::Suspend,
                _ => {}
            },
            _ => {}
        }
        let flow = match &mut self.screen {
            Screen::Game(s) => {
                let mut env = Env {
                    store: self.store.as_mut(),
                    settings: &self.settings,
                };
                s.handle(input, &mut env)
            }
            _ => self.menu_input(input),
        };
        match flow {
            Flow::Menu if self.home == LeaveTo::Shell => self.exit = Some(Exit::Quit),
            Flow::Menu => self.screen = Screen::Menu(MenuScreen::default()),
            Flow::Quit => self.exit = Some(Exit::Quit),
            Flow::Stay | Flow::Suspend => {}
        }
        flow
    }

    fn menu_input(&mut self, input: &Input) -> Flow {
        if let Some(help) = &mut self.menu_help {
            let open = match input {
                Input::Key(k) => help.key(k.code),
                Input::Mouse(_) => false,
                _ => true,
            };
            if !open {
                self.menu_help = None;
            }
            return Flow::Stay;
        }
        if let Input::Key(k) = input {
            if k.code == KeyCode::Char('?') && !matches!(self.screen, Screen::Rules(_)) {
                self.menu_help = Some(Help::default());
                return Flow::Stay;
            }
        }
        let level = self.settings.quick_level;
        let pause = self.ai_pause();
        match &mut self.screen {
            Screen::Menu(menu) => match menu.handle(input) {
                MenuFlow::Stay => {}
                MenuFlow::Quit => return Flow::Quit,
                MenuFlow::Choose(item) => self.choose(item),
            },
            Screen::NewGame(form) => {
                let seeds = &mut self.seeds;
                match form.handle(input, &self.registry, level, &mut || App::new_seed(seeds)) {
                    FormFlow::Stay => {}
                    FormFlow::Back => self.screen = Screen::Menu(MenuScreen::default()),
                    FormFlow::Start(spec) => self.prepare(&spec),
                }
            }
            Screen::Pick(picker) => match picker.handle(input) {
                PickFlow::Stay => {}
                PickFlow::Back => self.screen = Screen::Menu(MenuScreen::default()),
                PickFlow::Open(slot) => {
                    let replay = picker.replay;
                    let opened = self
                        .store
                        .read(&slot)
                        .and_then(|bytes| self.registry.open(&bytes, &slot.origin, replay, pause));
                    match opened {
                        Ok(s) => self.screen = Screen::Game(s),
                        Err(e) => picker.message = Some(e),
                    }
                }
            },
            Screen::Rules(rules) => {
                if rules.handle(input) == RulesFlow::Back {
                    self.screen = Screen::Menu(MenuScreen::default());
                }
            }
            Screen::Settings(screen) => {
                if screen.handle(input, &mut self.settings) == SettingsFlow::Back {
                    if let Err(e) = self.store.write_settings(&self.settings.to_text()) {
                        let mut menu = MenuScreen::default();
                        menu.message = Some((format!("settings not kept: {e}"), Role::Error));
                        self.screen = Screen::Menu(menu);
                    } else {
                        self.screen = Screen::Menu(MenuScreen::default());
                    }
                }
            }
            Screen::Game(_) => {}
        }
        Flow::Stay
    }

    fn start(&mut self, spec: &GameSpec) {
        match self.registry.start(spec, self.ai_pause()) {
            Ok(s) => self.screen = Screen::Game(s),
            Err(e) => self.fail(e),
        }
    }

    /// Opens what the new-game form asked for: the game, or the screen its ruleset needs
    /// first (Commander's squad builder).
    fn prepare(&mut self, spec: &GameSpec) {
        match self.registry.prepare(spec, self.ai_pause()) {
            Ok(s) => self.screen = Screen::Game(s),
            Err(e) => self.fail(e),
        }
    }

    fn fail(&mut self, message: String) {
        let mut menu = MenuScreen::default();
        menu.message = Some((message, Role::Error));
        self.screen = Screen::Menu(menu);
    }

    fn choose(&mut self, item: Item) {
        match item {
            Item::QuickPlay => {
                let Some(spec) = self.quick_spec() else {
                    return self.fail("no scenario can be played".into());
                };
                self.start(&spec);
            }
            Item::NewGame => {
                let seed = App::new_seed(&mut self.seeds);
                let form = NewGameForm::new(&self.registry, seed, self.settings.quick_level);
                self.screen = Screen::NewGame(form);
            }
            Item::Continue => match self.store.last_autosave() {
                None => self.fail("there is no autosave yet".into()),
                Some(slot) => {
                    let pause = self.ai_pause();
                    let opened = self
                        .store
                        .read(&slot)
                        .and_then(|b| self.registry.open(&b, &slot.origin, false, pause));
                    match opened {
                        Ok(s) => self.screen = Screen::Game(s),
                        Err(e) => self.fail(e),
                    }
                }
            },
            Item::Load | Item::Replay => {
                let picker = SavePicker::new(self.store.list(), item == Item::Replay);
                self.screen = Screen::Pick(picker);
            }
            Item::Rules => match self.registry.entries().first() {
                Some(e) => self.screen = Screen::Rules(RulesScreen::new(e.title(), e.rules())),
                None => self.fail("no ruleset is available".into()),
            },
            Item::Settings => self.screen = Screen::Settings(SettingsScreen::default()),
            Item::Campaign => {
                let seed = App::new_seed(&mut self.seeds);
                match self
                    .registry
                    .campaign(seed, self.ai_pause(), self.store.as_ref())
                {
                    Ok(s) => self.screen = Screen::Game(s),
                    Err(e) => self.fail(e),
                }
            }
            Item::Quit => self.exit = Some(Exit::Quit),
        }
    }

    /// The quick-play game: the first playable scenario of the first ruleset, seat 1 a
    /// person, every other seat the AI at the quick-play level.
    fn quick_spec(&mut self) -> Option<GameSpec> {
        let entry = self.registry.entries().first()?;
        let card = entry.scenarios().iter().find(|c| !c.broken)?;
        let level = self.settings.quick_level.as_str();
        let seats = (0..card.seats.len())
            .map(|i| {
                if i == 0 {
                    SeatConfig::human()
                } else {
                    SeatConfig::ai(level)
                }
            })
            .collect();
        let spec = GameSpec {
            ruleset: entry.id().to_string(),
            scenario: ScenarioSource::Builtin(card.id.clone()),
            seed: 0,
            seats,
            options: Vec::new(),
        };
        Some(GameSpec {
            seed: App::new_seed(&mut self.seeds),
            ..spec
        })
    }

    /// Draws the current screen into `buf`.
    pub fn render(&mut self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme();
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            too_small(buf, area, &theme);
            return;
        }
        let has_autosave = self.store.last_autosave().is_some();
        match &mut self.screen {
            Screen::Menu(m) => m.render(area, buf, &theme, self.quick.as_deref(), has_autosave),
            Screen::NewGame(f) => f.render(&self.registry, area, buf, &theme),
            Screen::Pick(p) => p.render(area, buf, &theme),
            Screen::Rules(r) => r.render(area, buf, &theme),
            Screen::Settings(s) => s.render(&self.settings, &self.limits, area, buf, &theme),
            Screen::Game(g) => g.render(area, buf, &theme),
        }
        if let Some(help) = &mut self.menu_help {
            if !matches!(self.screen, Screen::Game(_)) {
                let groups: [(&str, &[KeyHelp]); 2] =
                    [("Menus", MENU_KEYS), ("In a game", GAME_KEYS)];
                help.render(buf, area, &groups, &theme);
            }
        }
    }
}

/// Makes the next frame redraw every cell. Unlike `Terminal::clear` this does not ask the
/// terminal where its cursor is, which some terminals never answer.
pub(crate) fn full_redraw<B: Backend>(terminal: &mut Terminal<B>) -> Result<(), TuiError>
where
    B::Error: Send + Sync + 'static,
{
    let size = terminal.size().map_err(backend_error)?;
    terminal
        .resize(Rect::new(0, 0, size.width, size.height))
        .map_err(backend_error)
}

fn backend_error<E: std::error::Error + Send + Sync + 'static>(e: E) -> TuiError {
    TuiError::Io(std::io::Error::other(e))
}

/// The notice shown instead of any screen when the terminal is below the minimum size. On
/// a narrow terminal the sizes go on lines of their own, so neither is cut.
fn too_small(buf: &mut Buffer, area: Rect, theme: &Theme) {
    draw::clear(buf, area, theme.style(Role::Text));
    let mut s = draw::Scratch::default();
    let need = format!("need {MIN_WIDTH}x{MIN_HEIGHT}");
    let have = s.format(format_args!("have {}x{}", area.width, area.height));
    if area.height >= 6 && area.width >= 30 {
        let both = format!("{need}, {have}");
        dialog(
            buf,
            area,
            "squadsight",
            &["Terminal too small", both.as_str()],
            theme,
        );
    } else {
        let title = if area.width >= 18 {
            "Terminal too small"
        } else {
            "Too small"
        };
        let lines = [
            (title, Role::Error),
            (need.as_str(), Role::Text),
            (have, Role::Text),
        ];
        let rows = u16::try_from(lines.len()).unwrap_or(3).min(area.height);
        let top = area.y + area.height.saturating_sub(rows) / 2;
        for (i, (line, role)) in lines.iter().take(usize::from(rows)).enumerate() {
            let y = top + u16::try_from(i).unwrap_or(0);
            draw::centered(buf, area, y, line, theme.style(*role));
        }
    }
}
