//! No screen panics at any terminal size from 1×1 to 300×100, and below the minimum size a
//! notice replaces the screen.

use crate::common::{keys, terminal, toy_app};
use proptest::prelude::*;
use squadsight_core::game::SeatConfig;
use squadsight_tui::registry::Registry;
use squadsight_tui::{App, GameSpec, MIN_HEIGHT, MIN_WIDTH, ScenarioSource, Start};
use std::cell::RefCell;

/// Key scripts that bring up each toy screen, starting from the menu.
const TOY: [&str; 10] = [
    "",
    "?",
    "n",
    "n <Down>*4",
    "b",
    "o",
    "l",
    "<Enter>",
    "<Enter> ? ",
    "<Enter> <Tab> <Tab> f",
];

/// Skirmish screens: a game against the AI (both zooms, an overlay, a selected unit, the
/// action list), a hot-seat hand-off and the board after it, the new-game form with its map
/// preview.
const SKIRMISH: [(&str, bool); 7] = [
    ("<Enter>", false),
    ("<Enter> z", false),
    ("<Enter> <Enter> <Tab> ?", false),
    ("<Enter> <Enter> <Enter>", false),
    ("n", false),
    ("", true),
    ("<Enter>", true),
];

fn hot_seat(ruleset: &str, scenario: &str) -> Start {
    Start::Game(GameSpec {
        ruleset: ruleset.into(),
        scenario: ScenarioSource::Builtin(scenario.into()),
        seed: 2,
        seats: vec![SeatConfig::human(), SeatConfig::human()],
        options: if ruleset == "skirmish" {
            vec![("first_player".into(), "xcom".into())]
        } else {
            Vec::new()
        },
    })
}

/// Every screen, reached once at a comfortable size; the tests then draw them at other
/// sizes.
fn screens() -> Vec<App> {
    let mut apps = Vec::new();
    for script in TOY {
        let mut app = toy_app(Start::Menu);
        keys(&mut app, &mut terminal(120, 40), script);
        apps.push(app);
    }
    let mut app = toy_app(hot_seat("toy", "duel"));
    keys(&mut app, &mut terminal(120, 40), "");
    apps.push(app);
    for (script, hot) in SKIRMISH {
        let start = if hot {
            hot_seat("skirmish", "learning")
        } else {
            Start::Menu
        };
        let mut app =
            crate::common::app_with(Registry::builtin(), crate::common::quick_store(), start);
        keys(&mut app, &mut terminal(120, 40), script);
        apps.push(app);
    }
    // The replay viewer: its start, a step with a roll, a seat's view, the go-to prompt and
    // its help.
    let save = crate::common::sk::greedy_save(9, 60);
    for script in ["", "<Right>*30", "<Right>*30 v", "g 1", "?"] {
        let start = Start::Replay {
            bytes: save.clone().into_bytes(),
            origin: "sizes".into(),
        };
        let mut app =
            crate::common::app_with(Registry::builtin(), crate::common::quick_store(), start);
        keys(&mut app, &mut terminal(120, 40), script);
        apps.push(app);
    }
    apps
}

thread_local! {
    static SCREENS: RefCell<Vec<App>> = RefCell::new(screens());
}

fn draw_at(screen: usize, w: u16, h: u16) -> String {
    SCREENS.with(|apps| {
        let mut apps = apps.borrow_mut();
        let n = apps.len();
        let app = &mut apps[screen % n];
        let mut term = terminal(w, h);
        app.draw(&mut term).expect("draws");
        crate::common::screen(&term)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_screen_draws_at_every_size(w in 1u16..=300, h in 1u16..=100, screen in 0usize..64) {
        let text = draw_at(screen, w, h);
        if w < MIN_WIDTH || h < MIN_HEIGHT {
            prop_assert!(!text.contains("Play vs AI") && !text.contains("Journal"));
        }
    }
}

#[test]
fn the_corners_of_the_range_draw() {
    let n = SCREENS.with(|apps| apps.borrow().len());
    for screen in 0..n {
        for (w, h) in [
            (1, 1),
            (1, 100),
            (300, 1),
            (300, 100),
            (MIN_WIDTH, MIN_HEIGHT),
            (MIN_WIDTH - 1, MIN_HEIGHT),
            (MIN_WIDTH, 100),
            (300, MIN_HEIGHT),
        ] {
            draw_at(screen, w, h);
        }
    }
}
