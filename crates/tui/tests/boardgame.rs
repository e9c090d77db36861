//! The board game's dashboard on `TestBackend`, driven by keys and a clock moved by hand (no
//! test sleeps): a whole game to its end, the countdown, expiries, pauses and the markers that
//! stand in for colour.

use crate::common::{app_with, quick_store, redraw, screen, terminal};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use squadsight_boardgame::data::ScenarioDef;
use squadsight_boardgame::options::Options;
use squadsight_boardgame::state::{Clock, Phase};
use squadsight_boardgame::{Action, Boardgame};
use squadsight_core::game::{Game, SeatConfig};
use squadsight_core::save;
use squadsight_tui::Start;
use squadsight_tui::boardgame::{Dashboard, ManualClock, finished};
use squadsight_tui::keys::parse_script;
use squadsight_tui::registry::Registry;
use squadsight_tui::session::{Env, Flow, Session};
use squadsight_tui::settings::Settings;
use squadsight_tui::store::MemoryStore;
use squadsight_tui::theme::Theme;
use std::sync::Arc;
use std::time::Duration;

struct Rig {
    dash: Dashboard,
    clock: ManualClock,
    store: MemoryStore,
    settings: Settings,
    term: Terminal<TestBackend>,
}

impl Rig {
    fn new(difficulty: &str, seed: u64, w: u16, h: u16) -> Rig {
        let app = Arc::new(Boardgame::new().unwrap());
        let scenario = ScenarioDef {
            name: difficulty.into(),
            difficulty: difficulty.into(),
            home_base: None,
        };
        let game = Game::new(
            app,
            scenario,
            Options::default(),
            seed,
            vec![SeatConfig::human(); 4],
        )
        .unwrap();
        let clock = ManualClock::new();
        let dash = Dashboard::new(game, Box::new(clock.clone()));
        let mut rig = Rig {
            dash,
            clock,
            store: MemoryStore::new(),
            settings: Settings::default(),
            term: terminal(w, h),
        };
        rig.draw();
        rig
    }

    fn draw(&mut self) -> String {
        let dash = &mut self.dash;
        self.term
            .draw(|f| {
                let area = f.area();
                dash.render(area, f.buffer_mut(), &Theme::PLAIN);
            })
            .unwrap();
        screen(&self.term)
    }

    /// Types a key script; returns the last flow.
    fn keys(&mut self, script: &str) -> Flow {
        let mut flow = Flow::Stay;
        for input in parse_script(script).unwrap() {
            let mut env = Env {
                store: &mut self.store,
                settings: &self.settings,
            };
            flow = self.dash.handle(&input, &mut env);
        }
        self.draw();
        flow
    }

    /// Moves the clock on by whole seconds, ticking as the app loop would; returns whether
    /// any tick asked for a redraw.
    fn wait(&mut self, secs: u64) -> bool {
        let mut redraw = false;
        for _ in 0..secs * 2 {
            self.clock.advance(Duration::from_millis(500));
            let mut env = Env {
                store: &mut self.store,
                settings: &self.settings,
            };
            if self.dash.tick(&mut env) {
                redraw = true;
                self.draw();
            }
        }
        redraw
    }

    fn state(&self) -> &squadsight_boardgame::state::State {
        self.dash.game().state()
    }
}

#[test]
fn a_whole_timed_game_plays_to_its_end_on_a_scripted_clock() {
    let mut rig = Rig::new("normal", 21, 80, 24);
    assert!(rig.draw().contains("Set up the table"));
    rig.keys("<Enter>");
    assert!(rig.draw().contains("budget is 12 credits"));
    rig.keys("<Enter>");
    let mut expired_xcom = false;
    let mut expired_alien = false;
    let mut paused = false;
    let mut steps = 0;
    while !finished(&rig.dash) {
        steps += 1;
        assert!(steps < 2_000, "the game did not end");
        let s = rig.state().clone();
        match s.phase {
            Phase::Timed if s.clock == Clock::Hold => {
                assert!(rig.draw().contains("EXPIRED"));
                rig.wait(2);
                rig.keys("<Enter>");
            }
            Phase::Timed => {
                let first = !s.plan.is_empty() && s.current == 0;
                if first && s.round == 1 {
                    // bg.app.pause: pausing stops the countdown; nothing redraws while paused.
                    rig.wait(2);
                    rig.keys("p");
                    assert!(rig.draw().contains("PAUSED"));
                    assert!(!rig.wait(5), "a paused screen redraws");
                    rig.keys("p");
                    paused = true;
                }
                if s.current == 2 && !expired_xcom && s.entry().is_some_and(|e| e.seconds == 20) {
                    rig.wait(21);
                    expired_xcom = true;
                } else if s.current == 1 && s.round == 2 && !expired_alien {
                    let secs = u64::from(s.remaining);
                    rig.wait(secs + 1);
                    expired_alien = rig.state().clock == Clock::Hold;
                    if !expired_alien {
                        continue;
                    }
                } else {
                    rig.wait(1);
                    rig.keys("<Enter>");
                }
            }
            Phase::Window => {
                rig.wait(1);
                rig.keys("<Enter>");
            }
            Phase::Resolution => {
                let shown = rig.draw();
                if shown.contains("Type a number") {
                    rig.keys("1 <Enter>");
                } else if shown.contains("Is the final mission complete?") {
                    rig.keys("y");
                } else if shown.contains("y yes") {
                    let yes = shown.contains("Was a mission completed");
                    rig.keys(if yes { "y" } else { "n" });
                } else {
                    rig.keys("<Enter>");
                }
            }
            Phase::Count => {
                let shown = rig.draw();
                if shown.contains("Type a number") {
                    rig.keys("0 <Enter>");
                } else {
                    rig.keys("<Enter>");
                }
            }
            Phase::Setup | Phase::Briefing => {
                rig.keys("<Enter>");
            }
            Phase::Over => break,
        }
    }
    assert!(
        paused && expired_xcom,
        "paused {paused}, expired an XCOM action {expired_xcom}"
    );
    let end = rig.draw();
    assert!(end.contains("XCOM WINS"), "{end}");
    assert!(end.contains("Final score: 100"), "{end}");
    // The log holds the clock's every reading: the save replays to the same game.
    let text = save::to_ron(rig.dash.game()).unwrap();
    let app = Arc::new(Boardgame::new().unwrap());
    let file = save::load(&*app, text.as_bytes(), "t.ron").unwrap();
    let again = save::replay(app, file, squadsight_core::Journal::off()).unwrap();
    assert_eq!(again.state_hash(), rig.dash.game().state_hash());
    let log: Vec<&Action> = rig.dash.game().actions().map(|(_, a)| a).collect();
    assert!(log.iter().any(|a| matches!(a, Action::Expire)));
    assert!(log.iter().any(|a| matches!(a, Action::Pause { .. })));
    assert!(!rig.store.autosaves().is_empty(), "autosaved as it went");
}

#[test]
fn the_countdown_moves_with_the_clock_and_redraws_only_when_the_second_changes() {
    let mut rig = Rig::new("normal", 3, 80, 24);
    rig.keys("<Enter> <Enter>");
    let secs = rig.state().remaining;
    let before = rig.draw();
    assert!(before.contains(&format!("{secs:>3} s")), "{before}");
    // Half a second: the same second shows, no redraw.
    rig.clock.advance(Duration::from_millis(400));
    let mut env = Env {
        store: &mut rig.store,
        settings: &rig.settings,
    };
    assert!(!rig.dash.tick(&mut env));
    assert!(rig.wait(3));
    let after = rig.draw();
    assert!(after.contains(&format!("{:>3} s", secs - 3)), "{after}");
    // DONE is stamped with the seconds shown.
    rig.keys("<Enter>");
    let (_, last) = rig.dash.game().last_action().unwrap();
    assert_eq!(*last, Action::Done { left: secs - 3 });
}

#[test]
fn markers_stand_in_for_colour_and_the_screen_reads_at_80x24() {
    let mut rig = Rig::new("easy", 5, 80, 24);
    rig.keys("<Enter> <Enter>");
    let shown = rig.draw();
    assert!(
        shown.contains("[XCOM]") || shown.contains("[ALIEN]"),
        "no kind marker: {shown}"
    );
    assert!(shown.contains("This round") && shown.contains("Situation"));
    assert!(
        shown.contains("Enter DONE") && shown.contains("p pause") && shown.contains("f forecast")
    );
    assert!(shown.contains("pause: unlimited"));
    // bg.app.info: an action's instructions can be read; reading them pauses (Easy: freely).
    rig.keys("i");
    let read = rig.draw();
    assert!(read.contains("Any key: back"), "{read}");
    assert_eq!(rig.state().clock, Clock::Paused);
    rig.keys("x");
    assert_eq!(rig.state().clock, Clock::Running);
    rig.keys("?");
    assert!(rig.draw().contains("menu pause"));
    rig.keys("x");
    rig.keys("m");
    assert!(rig.draw().contains("MENU"));
    assert!(!rig.wait(3), "the menu stops the clock");
    rig.keys("m");
    assert_eq!(rig.keys("q"), Flow::Menu);
}

/// bg.app.setup: at 80x24 the setup instructions take the screen; nothing is drawn over them,
/// and the key line stands alone on its own row.
#[test]
fn the_setup_instructions_are_not_drawn_over_at_80x24() {
    let mut rig = Rig::new("normal", 3, 80, 24);
    let shown = rig.draw();
    let key_row = shown
        .lines()
        .find(|l| l.contains("Enter: setup done"))
        .unwrap_or_else(|| panic!("no key line: {shown}"));
    let after = key_row.split("Enter: setup done").nth(1).unwrap_or("");
    let after = after.trim_end_matches(['┃', '│', '#', '|', ' ']);
    assert!(
        after.is_empty() || after.contains("a taller terminal shows it all"),
        "text drawn into the key line: {key_row}"
    );
    assert!(
        shown.contains("first space"),
        "the instructions are cut: {shown}"
    );
}

#[test]
fn the_menu_offers_the_board_game() {
    let registry = Registry::builtin();
    assert!(registry.problems().is_empty(), "{:?}", registry.problems());
    let entry = registry
        .find("boardgame")
        .expect("the board game is on offer");
    assert_eq!(entry.scenarios().len(), 4);
    assert_eq!(entry.scenarios()[0].seats[0], "Central Officer");
    // The menu starts with it registered.
    let mut app = app_with(registry, quick_store(), Start::Menu);
    let mut term = terminal(80, 24);
    assert!(redraw(&mut app, &mut term).contains("New game"));
}
