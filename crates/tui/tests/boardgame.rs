//! The board game's dashboard on `TestBackend`, driven by keys and a clock moved by hand (no
//! test sleeps): a whole game to its end, the countdown, expiries, pauses and the markers that
//! stand in for colour.

use crate::common::{app_with, keys, quick_store, redraw, screen, terminal};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use squadsight_boardgame::data::ScenarioDef;
use squadsight_boardgame::options::Options;
use squadsight_boardgame::state::{Clock, Phase};
use squadsight_boardgame::{Action, Boardgame};
use squadsight_core::game::{Game, SeatConfig};
use squadsight_core::save;
use squadsight_tui::boardgame::{Dashboard, ManualClock, finished};
use squadsight_tui::keys::parse_script;
use squadsight_tui::registry::Registry;
use squadsight_tui::session::{Env, Flow, Session};
use squadsight_tui::settings::Settings;
use squadsight_tui::store::{DirStore, MemoryStore};
use squadsight_tui::theme::Theme;
use squadsight_tui::{Exit, Start};
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
        shown.contains("Enter:DONE") && shown.contains("p:pause") && shown.contains("f:forecast")
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

/// A failed autosave is marked in the key bar after every action until a save succeeds,
/// whatever the message line says meanwhile; `s` saves again.
#[test]
fn a_failed_autosave_is_marked_in_the_key_bar_until_a_save_succeeds() {
    let dir = std::env::temp_dir().join(format!("squadsight-bg-not-saved-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // A file where the autosave folder should be: every autosave fails.
    std::fs::write(dir.join("autosaves"), "in the way").unwrap();
    let mut store = DirStore::new(&dir);
    let settings = Settings::default();
    let mut rig = Rig::new("normal", 3, 80, 24);
    let mut press = |rig: &mut Rig, script: &str| {
        for input in parse_script(script).unwrap() {
            let mut env = Env {
                store: &mut store,
                settings: &settings,
            };
            rig.dash.handle(&input, &mut env);
        }
        rig.draw()
    };
    assert!(!rig.draw().contains("NOT SAVED"));
    // Setup done: the action is logged, its autosave fails.
    let shown = press(&mut rig, "<Enter>");
    assert_eq!(rig.dash.game().log().len(), 1);
    let keys = shown.lines().last().unwrap_or("");
    assert!(keys.contains("NOT SAVED (s: save)"), "{shown}");
    assert!(!keys.contains("(autosaved)"), "{shown}");
    // A refused key's note takes the message line; the mark stays in the key bar.
    let shown = press(&mut rig, "z");
    assert!(shown.contains("That key does nothing"), "{shown}");
    assert!(shown.contains("NOT SAVED"), "{shown}");
    // The next action fails to save too.
    let shown = press(&mut rig, "<Enter>");
    assert_eq!(rig.dash.game().log().len(), 2);
    assert!(shown.contains("NOT SAVED"), "{shown}");
    // Once the folder can be written, `s` saves and the mark goes.
    std::fs::remove_file(dir.join("autosaves")).unwrap();
    let shown = press(&mut rig, "s");
    assert!(!shown.contains("NOT SAVED"), "{shown}");
    assert!(shown.contains("Autosaved again"), "{shown}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `squadsight replay` on a board-game save: the dashboard as it stood at each step, stepped
/// through the log with the replay panes below it (bg.app.setup, bg.round.budget).
#[test]
fn the_replay_viewer_steps_a_board_game_save_through_its_dashboard() {
    let mut rig = Rig::new("normal", 21, 80, 24);
    rig.keys("<Enter> <Enter>");
    rig.wait(3);
    rig.keys("<Enter>");
    let played = rig.dash.game().log().len();
    assert_eq!(played, 3, "setup, briefing and one DONE");
    let text = save::to_ron(rig.dash.game()).unwrap();
    let start = Start::Replay {
        bytes: text.into_bytes(),
        origin: "bg.ron".into(),
    };
    let mut app = app_with(Registry::builtin(), quick_store(), start);
    for (w, h) in [(80, 24), (120, 40)] {
        let mut term = terminal(w, h);
        let shown = redraw(&mut app, &mut term);
        assert!(shown.contains("Set up the table"), "{shown}");
        assert!(shown.contains("Action 0 of 3"), "{shown}");
        assert!(shown.contains("Resolution") && shown.contains("What changed"));
    }
    let mut term = terminal(80, 24);
    // One action on: the setup is done and the briefing shows the round's budget.
    keys(&mut app, &mut term, "<Enter>");
    let shown = screen(&term);
    assert!(shown.contains("Action 1 of 3"), "{shown}");
    assert!(shown.contains("budget is 12 credits"), "{shown}");
    // Past the briefing: the timed phase's first action, with the clock's recorded seconds.
    keys(&mut app, &mut term, "<Enter>");
    let shown = screen(&term);
    assert!(shown.contains("Action 2 of 3"), "{shown}");
    assert!(shown.contains("action 1 of"), "{shown}");
    // At 80x24 the current action keeps the box it has in play: 9 rows under the title
    // line, so the round's list starts on row 11.
    let rows: Vec<&str> = shown.lines().collect();
    assert!(rows[10].contains("This round"), "{shown}");
    assert!(
        shown.contains("[XCOM]") || shown.contains("[ALIEN]"),
        "{shown}"
    );
    // The end, then back to the start; past the end nothing moves.
    keys(&mut app, &mut term, "<End>");
    assert!(screen(&term).contains("Action 3 of 3"), "{}", screen(&term));
    keys(&mut app, &mut term, ".");
    assert!(
        screen(&term).contains("no further step"),
        "{}",
        screen(&term)
    );
    keys(&mut app, &mut term, "<Home>");
    assert!(
        screen(&term).contains("Set up the table"),
        "{}",
        screen(&term)
    );
    // The go-to prompt takes an action number.
    keys(&mut app, &mut term, "g 2 <Enter>");
    assert!(screen(&term).contains("Action 2 of 3"), "{}", screen(&term));
    // Leaving goes back to where the replay was opened from.
    assert_eq!(keys(&mut app, &mut term, "q"), Exit::Quit);
}

/// The new-game form shows seat rows only for a plug-in whose games have them: the board
/// game's four roles are people at the table, so its form has none.
#[test]
fn the_new_game_form_shows_seat_rows_only_where_the_plugin_has_them() {
    let mut app = app_with(Registry::builtin(), quick_store(), Start::Menu);
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "n");
    let skirmish = screen(&term);
    assert!(skirmish.contains("Seat 1"), "{skirmish}");
    // The ruleset row: the board game is the third.
    keys(&mut app, &mut term, "<Right> <Right>");
    let board = screen(&term);
    assert!(board.contains("XCOM: The Board Game"), "{board}");
    assert!(!board.contains("Seat 1"), "{board}");
    assert!(board.contains("Timer"), "{board}");
    // Its preview is no map but the difficulty's numbers.
    assert!(board.contains("The app's numbers"), "{board}");
    assert!(board.contains("Final window"), "{board}");
    assert!(!board.contains("Map preview"), "{board}");
    assert!(skirmish.contains("Map preview"), "{skirmish}");
    // Starting it opens the dashboard on the setup, every seat a person.
    keys(&mut app, &mut term, "<Enter>");
    assert!(
        screen(&term).contains("Set up the table"),
        "{}",
        screen(&term)
    );
    let dash = app
        .session()
        .and_then(|s| s.as_any().downcast_ref::<Dashboard>())
        .expect("the dashboard");
    assert!(dash.game().seats().iter().all(|s| s.is_human()));
    assert_eq!(dash.game().seats().len(), 4);
}

/// bg.app.actions-style: in colour, the current action's whole box (its border and its
/// countdown bar, not only its name) is red for an alien action and blue for an XCOM action,
/// yellow when scrambled.
#[test]
fn the_action_box_and_its_bar_take_the_actions_colour() {
    use ratatui::style::Color;
    let colour = Theme {
        color: true,
        ascii: false,
    };
    let mut rig = Rig::new("normal", 21, 80, 24);
    rig.keys("<Enter> <Enter>");
    let mut seen = Vec::new();
    while rig.state().phase == Phase::Timed && seen.len() < 40 {
        let s = rig.state().clone();
        let entry = s.entry().unwrap().clone();
        let kind = Boardgame::new().unwrap().catalog().actions[entry.action].kind;
        let dash = &mut rig.dash;
        rig.term
            .draw(|f| {
                let area = f.area();
                dash.render(area, f.buffer_mut(), &colour);
            })
            .unwrap();
        let buf = rig.term.backend().buffer().clone();
        let want = match (kind, entry.scrambled) {
            (squadsight_boardgame::data::Kind::Alien, _) => Color::Red,
            (_, true) => Color::Yellow,
            _ => Color::LightBlue,
        };
        // The box's corner and its left border, and the bar's first (full) cell.
        assert_eq!(buf[(0, 1)].fg, want, "corner of {entry:?}");
        assert_eq!(buf[(0, 5)].fg, want, "left border of {entry:?}");
        assert_eq!(buf[(1, 4)].fg, want, "countdown bar of {entry:?}");
        seen.push((kind, entry.scrambled));
        rig.keys("<Enter>");
        if rig.state().clock == Clock::Hold {
            rig.keys("<Enter>");
        }
    }
    assert!(
        seen.iter()
            .any(|(k, _)| *k == squadsight_boardgame::data::Kind::Alien)
    );
    assert!(
        seen.iter()
            .any(|(k, _)| *k == squadsight_boardgame::data::Kind::Xcom)
    );
}

/// Plays seed 21 on Normal at `w`x`h` through its timed phase, then walks the resolution steps,
/// handing each drawn step's screen to `check` (with the rig, to press keys of its own) before
/// answering it; returns how many steps were seen.
fn walk_resolution(w: u16, h: u16, mut check: impl FnMut(&mut Rig, &str)) -> usize {
    let mut rig = Rig::new("normal", 21, w, h);
    rig.keys("<Enter> <Enter>");
    while matches!(rig.state().phase, Phase::Timed | Phase::Window) {
        rig.keys("<Enter>");
    }
    let mut steps = 0;
    while rig.state().phase == Phase::Resolution {
        let shown = rig.draw();
        check(&mut rig, &shown);
        steps += 1;
        if shown.contains("Type a number") {
            rig.keys("0 <Enter>");
        } else if shown.contains("y yes") {
            rig.keys("n");
        } else if shown.contains("1-6 pick") {
            break;
        } else {
            rig.keys("<Enter>");
        }
    }
    steps
}

/// bg.round.resolution-steps at 80x24: every step's box holds its question and key line;
/// instructions too long for the box end in a mark, and `i` shows the whole step (untimed, so
/// nothing is paused).
#[test]
fn each_resolution_step_shows_its_question_and_the_whole_step_is_one_key_away_at_80x24() {
    let catalog = Boardgame::new().unwrap().catalog();
    let steps = walk_resolution(80, 24, |rig, shown| {
        let step = &catalog.steps[rig.state().step];
        let prompt =
            squadsight_boardgame::describe::prompt(catalog, rig.state()).unwrap_or_default();
        assert!(
            shown.contains(&prompt),
            "{}: question cut:\n{shown}",
            step.id
        );
        // The text's last word (wrapping never splits a word that fits a row).
        let last_words = step.text.split_whitespace().last().unwrap_or_default();
        let whole = shown.contains(last_words);
        assert!(
            whole || shown.contains("(i: read the whole step)"),
            "{}: instructions cut without a mark:\n{shown}",
            step.id
        );
        assert!(shown.contains("i:whole step"), "{shown}");
        assert_eq!(
            shown.contains("y/n:answer"),
            shown.contains("y yes"),
            "{}: y/n offered without its question, or missing from it:\n{shown}",
            step.id
        );
        rig.keys("i");
        let read = rig.draw();
        assert!(
            read.contains(last_words),
            "{}: `i` does not show it all:\n{read}",
            step.id
        );
        assert!(read.contains("Any key: back"));
        rig.keys("x");
    });
    assert!(steps >= 12, "{steps} steps seen");
}

/// bg.round.resolution-steps: while the steps are resolved, "This round" keeps the rows its
/// actions need, however long the step's text: at 120x40 every action of the round is
/// listed (number and name); at 80x24 the step's box gives way down to its nine rows, the
/// latest actions fill the ten rows left, and the title says how many of how many are shown.
#[test]
fn this_round_keeps_its_rows_through_resolution() {
    let catalog = Boardgame::new().unwrap().catalog();
    for (w, h, rows) in [(120, 40, usize::MAX), (80, 24, 10)] {
        let mut most = 0;
        let steps = walk_resolution(w, h, |rig, shown| {
            let plan = &rig.state().plan;
            most = most.max(plan.len());
            let first = plan.len().saturating_sub(rows);
            for (i, entry) in plan.iter().enumerate().skip(first) {
                let name = &catalog.actions[entry.action].name;
                let first_word = name.split_whitespace().next().unwrap_or_default();
                let number = format!("|{:>2} ", i + 1);
                assert!(
                    shown
                        .lines()
                        .any(|l| l.starts_with(&number) && l.contains(first_word)),
                    "{w}x{h}: action {} ({name}) not listed:\n{shown}",
                    i + 1
                );
            }
            let note = format!("This round (latest {rows} of {})", plan.len());
            assert_eq!(shown.contains(&note), first > 0, "{w}x{h}:\n{shown}");
        });
        assert!(steps >= 12, "{steps} steps seen");
        assert!(
            most > rows.min(10),
            "a round of {most} actions tells nothing"
        );
    }
}

/// `--option timer=off`: the round's list says an action is done, not that it had 0 s left.
#[test]
fn an_untimed_game_lists_actions_as_done() {
    let app = Arc::new(Boardgame::new().unwrap());
    let mut options = Options::default();
    squadsight_core::Ruleset::set_option(&*app, &mut options, "timer", "off").unwrap();
    let scenario = ScenarioDef {
        name: "easy".into(),
        difficulty: "easy".into(),
        home_base: None,
    };
    let game = Game::new(app, scenario, options, 4, vec![SeatConfig::human(); 4]).unwrap();
    let clock = ManualClock::new();
    let mut rig = Rig {
        dash: Dashboard::new(game, Box::new(clock.clone())),
        clock,
        store: MemoryStore::new(),
        settings: Settings::default(),
        term: terminal(80, 24),
    };
    rig.keys("<Enter> <Enter> <Enter> <Enter>");
    let shown = rig.draw();
    assert!(shown.contains("untimed"), "{shown}");
    assert!(shown.contains(" 1 ") && shown.contains("done"), "{shown}");
    assert!(!shown.contains("0s left"), "{shown}");
}

/// The key bar offers only what the screen answers: no "y/n" while setup or the briefing asks
/// nothing, and the header names a budget only once a briefing has announced one
/// (bg.app.budget).
#[test]
fn setup_offers_no_answer_keys_and_no_budget_before_the_briefing() {
    let mut rig = Rig::new("normal", 3, 120, 40);
    let setup = rig.draw();
    assert_eq!(rig.state().phase, Phase::Setup);
    assert!(!setup.contains("y/n"), "{setup}");
    assert!(!setup.contains("budget"), "{setup}");
    rig.keys("<Enter>");
    let briefing = rig.draw();
    assert_eq!(rig.state().phase, Phase::Briefing);
    assert!(!briefing.contains("y/n"), "{briefing}");
    let budget = format!("budget {}", rig.state().budget);
    assert!(briefing.contains(&budget), "{briefing}");
}
