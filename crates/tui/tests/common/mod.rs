//! Helpers shared by the integration tests: an app on `TestBackend`, key scripts, and the
//! screen as text.

pub mod commander;
pub mod sk;
pub mod toy;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use squadsight_core::Ruleset;
use squadsight_core::game::SeatConfig;
use squadsight_tui::game_screen::GameScreen;
use squadsight_tui::input::ScriptSource;
use squadsight_tui::registry::Registry;
use squadsight_tui::settings::Settings;
use squadsight_tui::store::{MemoryStore, SaveStore};
use squadsight_tui::theme::Theme;
use squadsight_tui::view::RulesetUi;
use squadsight_tui::{App, AppConfig, Exit, GameSpec, ScenarioSource, Start};

/// A memory store whose settings make AI moves follow each other without a pause, with a
/// quick-play AI that needs no clock (the search levels stop at a time limit on slow
/// machines, which would make replays of a test differ).
pub fn quick_store() -> MemoryStore {
    let mut store = MemoryStore::new();
    let settings = Settings {
        ai_pause_ms: 0,
        quick_level: squadsight_ai::Level::Greedy,
        // Scripted games play turn ends straight away; the question is tested apart.
        confirm_turn_end: false,
        ..Settings::default()
    };
    store
        .write_settings(&settings.to_text())
        .expect("memory store");
    store
}

/// An app on `registry`, plain theme, fixed seeds from 7.
pub fn app_with(registry: Registry, store: MemoryStore, start: Start) -> App {
    let config = AppConfig {
        registry,
        store: Box::new(store),
        limits: Theme::PLAIN,
        seed: Some(7),
    };
    App::new(config, start).expect("the app starts")
}

/// The toy ruleset's app.
pub fn toy_app(start: Start) -> App {
    app_with(Registry::new().with(toy::ToyUi), quick_store(), start)
}

/// The toy app on its menu at `w`x`h` with `script` typed: the app, its terminal and the
/// screen then.
pub fn toy_menu(w: u16, h: u16, script: &str) -> (App, Terminal<TestBackend>, String) {
    let mut app = toy_app(Start::Menu);
    let mut term = terminal(w, h);
    keys(&mut app, &mut term, script);
    let text = screen(&term);
    (app, term, text)
}

/// A test terminal.
pub fn terminal(w: u16, h: u16) -> Terminal<TestBackend> {
    Terminal::new(TestBackend::new(w, h)).expect("test backend")
}

/// Feeds a key script to the app and runs it until the script ends (or the app exits).
pub fn keys(app: &mut App, term: &mut Terminal<TestBackend>, script: &str) -> Exit {
    let mut source = ScriptSource::parse(script).expect("a valid key script");
    app.run(term, &mut source).expect("the app runs")
}

/// The screen's text, one line per row, trailing spaces kept.
pub fn screen(term: &Terminal<TestBackend>) -> String {
    text_of(term.backend().buffer())
}

/// A buffer's text, one line per row, trailing spaces kept.
pub fn text_of(buf: &ratatui::buffer::Buffer) -> String {
    let w = usize::from(buf.area.width.max(1));
    let mut out = String::new();
    for row in buf.content().chunks(w) {
        for c in row {
            out.push_str(c.symbol());
        }
        out.push('\n');
    }
    out
}

/// A game of `ruleset`'s built-in `scenario` with these seats and options.
pub fn game_spec(
    ruleset: &str,
    scenario: &str,
    seed: u64,
    seats: &[SeatConfig],
    options: &[(&str, &str)],
) -> GameSpec {
    GameSpec {
        ruleset: ruleset.into(),
        scenario: ScenarioSource::Builtin(scenario.into()),
        seed,
        seats: seats.to_vec(),
        options: options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

/// Draws the current screen once more and returns it.
pub fn redraw(app: &mut App, term: &mut Terminal<TestBackend>) -> String {
    app.draw(term).expect("draws");
    screen(term)
}

/// Where a legal `action` stands in the action list as shown (filtered and ordered).
pub fn shown_position<U: RulesetUi>(
    screen: &GameScreen<U>,
    action: &<U::Rules as Ruleset>::Action,
) -> usize {
    let i = screen
        .legal()
        .iter()
        .position(|a| a == action)
        .expect("a legal action");
    screen.shown().iter().position(|&j| j == i).expect("listed")
}
