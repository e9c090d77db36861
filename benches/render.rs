//! One full 120×40 frame of a Skirmish game in its middle (target: at most 0.5 ms), and of a
//! Commander battle at its start with the table in detail and zoomed out to the whole table.
//!
//! The game is played for 120 actions by two greedy players, saved, and opened in the app as
//! a person against the AI would see it. Each iteration draws the whole screen — status line,
//! hex map, unit panel, hand, action list and journal — into a reused buffer, the way a
//! terminal frame is drawn; a second run includes ratatui's diff against the previous frame
//! on the test backend.

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use squadsight_ai::{GreedyPlayer, Player};
use squadsight_core::game::{Game, SeatConfig};
use squadsight_core::{Decision, Ruleset, save};
use squadsight_skirmish::Skirmish;
use squadsight_tui::input::ScriptSource;
use squadsight_tui::registry::Registry;
use squadsight_tui::store::MemoryStore;
use squadsight_tui::theme::Theme;
use squadsight_tui::{App, AppConfig, GameSpec, ScenarioSource, Start};
use std::hint::black_box;
use std::sync::Arc;

/// A save of a learning-scenario game 120 actions in.
fn mid_game() -> String {
    let sk = Arc::new(Skirmish::new().expect("rules load"));
    let scenario = sk.scenario("learning").expect("scenario");
    let mut options = squadsight_skirmish::options::Options::default();
    sk.set_option(&mut options, "range_mode", "max")
        .expect("option");
    let seats = vec![SeatConfig::human(), SeatConfig::ai("greedy")];
    let mut game = Game::new(Arc::clone(&sk), scenario, options, 9, seats).expect("starts");
    let mut players = [GreedyPlayer::new(1), GreedyPlayer::new(2)];
    let mut legal = Vec::new();
    for _ in 0..120 {
        let Decision::Act(seat) = game.to_act() else {
            break;
        };
        game.legal_actions(seat, &mut legal);
        let obs = game.observe(seat);
        let choice = players[seat.index()].choose(sk.as_ref(), &obs, seat, &legal);
        game.apply(seat, choice.action).expect("legal");
    }
    save::to_ron(&game).expect("saves")
}

fn render(c: &mut Criterion) {
    let text = mid_game();
    let start = Start::Save {
        bytes: text.into_bytes(),
        origin: "bench".into(),
    };
    let mut app = App::new(config(), start).expect("the save opens");
    let area = Rect::new(0, 0, 120, 40);
    let mut group = c.benchmark_group("render");
    frame(&mut group, "skirmish mid-game 120x40 frame", &mut app, area);
    group.bench_function("skirmish mid-game 120x40 frame + terminal diff", |b| {
        let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("test backend");
        b.iter(|| app.draw(&mut terminal).expect("draws"));
    });
    for (name, script) in [
        ("commander start 120x40 frame, detail", "<Enter>"),
        ("commander start 120x40 frame, whole table", "<Enter> z"),
    ] {
        frame(&mut group, name, &mut commander_start(script), area);
    }
    group.finish();
}

/// Times drawing the whole screen of `app` into a reused buffer.
fn frame(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, app: &mut App, area: Rect) {
    group.bench_function(name, |b| {
        let mut buf = Buffer::empty(area);
        b.iter(|| {
            buf.reset();
            app.render(area, &mut buf);
            black_box(&buf);
        });
    });
}

/// The app's settings for a bench: built-in rulesets, nothing on disk, colour, seed 1.
fn config() -> AppConfig {
    AppConfig {
        registry: Registry::builtin(),
        store: Box::new(MemoryStore::new()),
        limits: Theme {
            color: true,
            ascii: false,
        },
        seed: Some(1),
    }
}

/// A Commander battle between two people, opened and driven by `script` (the hand-off, then
/// the zoom).
fn commander_start(script: &str) -> App {
    let start = Start::Game(GameSpec {
        ruleset: "commander".into(),
        scenario: ScenarioSource::Builtin("battle".into()),
        seed: 3,
        seats: vec![SeatConfig::human(), SeatConfig::human()],
        options: Vec::new(),
    });
    let mut app = App::new(config(), start).expect("the battle opens");
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("test backend");
    let mut keys = ScriptSource::parse(script).expect("a key script");
    app.run(&mut terminal, &mut keys).expect("the app runs");
    app
}

criterion_group!(benches, render);
criterion_main!(benches);
