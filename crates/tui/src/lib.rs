//! squadsight's terminal front-end: the main menu, the game screen with each ruleset's map
//! view, the journal, hot-seat hand-off, AI turns on a worker thread, saves and replays.
//!
//! The front-end holds no rules: it shows observations, lists legal actions and sends the
//! chosen one to the engine. Rulesets plug in as one [`plugin::Plugin`] each: a map game
//! through [`view::RulesetUi`] and [`view::RulesetView`], a full-area dashboard directly. The app loop ([`App::run`]) is generic over the ratatui backend and
//! the input source, so the same code runs on a real terminal and, in tests, on
//! `TestBackend` with a key script:
//!
//! ```
//! use ratatui::{Terminal, backend::TestBackend};
//! use squadsight_tui::{App, AppConfig, Exit, Registry, Start, input::ScriptSource};
//! use squadsight_tui::{store::MemoryStore, theme::Theme};
//!
//! let config = AppConfig {
//!     registry: Registry::new(),
//!     store: Box::new(MemoryStore::new()),
//!     limits: Theme::PLAIN,
//!     seed: Some(1),
//! };
//! let mut app = App::new(config, Start::Menu).unwrap();
//! let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
//! let mut keys = ScriptSource::parse("<Down> <Down> q y").unwrap();
//! assert_eq!(app.run(&mut terminal, &mut keys).unwrap(), Exit::Quit);
//! ```
//!
//! The binary calls [`run_app`], which sets the real terminal up, restores it on every way
//! out (quit, panic, Ctrl-C, SIGTERM, SIGHUP) and handles Ctrl-Z:
//!
//! ```no_run
//! use squadsight_tui::{AppConfig, Exit, Start, run_app, store::DirStore};
//! // `squadsight` with no command: the menu, saves in a folder the binary chooses.
//! let config = AppConfig::new(Box::new(DirStore::new("saves")), false);
//! match run_app(config, Start::Menu) {
//!     Ok(Exit::Signal(sig)) => std::process::exit(128 + sig),
//!     Ok(_) => {}
//!     Err(e) => eprintln!("error: {e}"),
//! }
//! ```
//!
//! `squadsight play` passes [`Start::Game`] with a [`GameSpec`]; a save file to play on or to
//! replay goes in as [`Start::Save`] or [`Start::Replay`], and `squadsight campaign play` opens
//! a Commander campaign file as [`Start::Campaign`]. Bad specs, unreadable saves and broken
//! campaign files are refused with [`TuiError::Start`] before the terminal is touched.

pub mod ai;
mod app;
pub mod boardgame;
pub mod cell;
pub mod commander;
pub mod draw;
pub mod game_screen;
pub mod help;
pub mod input;
pub mod journal_pane;
pub mod keys;
pub mod map;
pub mod menu;
pub mod plugin;
pub mod registry;
pub mod replay;
pub mod rules_ref;
pub mod session;
pub mod settings;
pub mod skirmish;
pub mod store;
pub mod terminal;
#[cfg(test)]
mod test_support;
pub mod theme;
pub mod view;

pub use app::{App, AppConfig, Exit, MIN_HEIGHT, MIN_WIDTH, Start, TuiError};
pub use plugin::{GameSpec, ScenarioSource};
pub use registry::Registry;

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

/// Runs the front-end on the real terminal until the player quits or a signal arrives.
///
/// The requested game or save is opened before the terminal is touched, so a bad scenario,
/// option or save is reported as [`TuiError::Start`] on a normal screen. The terminal is
/// restored however the run ends; [`Exit::Signal`] tells the caller to exit with
/// `128 + signal`.
pub fn run_app(config: AppConfig, start: Start) -> Result<Exit, TuiError> {
    let mut app = App::new(config, start)?;
    let mut events = terminal::CrosstermSource::new()?;
    let result = (|| {
        let mut term = Terminal::new(CrosstermBackend::new(std::io::stdout()))?;
        app::full_redraw(&mut term)?;
        app.run(&mut term, &mut events)
    })();
    events.leave();
    result
}
