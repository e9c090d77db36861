//! The ruleset-agnostic shell, driven by key scripts on `TestBackend` with a toy ruleset:
//! menu navigation, quitting, help, settings, the rules browser, saves and the too-small
//! notice.

use crate::common::{keys, redraw, screen, terminal, toy_app, toy_menu};
use squadsight_tui::game_screen::GameScreen;
use squadsight_tui::{Exit, Start};

type ToyScreen = GameScreen<crate::common::toy::ToyUi>;

#[test]
fn menu_lists_every_entry_with_its_key() {
    let mut app = toy_app(Start::Menu);
    let mut term = terminal(80, 24);
    assert_eq!(keys(&mut app, &mut term, ""), Exit::EndOfInput);
    insta::assert_snapshot!("toy_menu", screen(&term));
}

#[test]
fn quitting_asks_first_and_no_keeps_the_menu() {
    let mut app = toy_app(Start::Menu);
    let mut term = terminal(80, 24);
    assert_eq!(keys(&mut app, &mut term, "q"), Exit::EndOfInput);
    assert!(screen(&term).contains("Quit squadsight? y: quit   n: stay"));
    assert_eq!(keys(&mut app, &mut term, "n"), Exit::EndOfInput);
    assert_eq!(app.screen_name(), "menu");
    assert!(!screen(&term).contains("Quit squadsight?"));
    assert_eq!(keys(&mut app, &mut term, "<End> <Enter> y"), Exit::Quit);
}

#[test]
fn ctrl_c_quits_from_anywhere() {
    let mut app = toy_app(Start::Menu);
    let mut term = terminal(80, 24);
    assert_eq!(keys(&mut app, &mut term, "n <C-c>"), Exit::Quit);
}

#[test]
fn arrows_and_enter_reach_each_screen_and_escape_comes_back() {
    let mut app = toy_app(Start::Menu);
    let mut term = terminal(100, 30);
    for (script, name) in [
        ("<Down> <Enter>", "new-game"),
        ("<Down>*3 <Enter>", "saves"),
        ("<Down>*4 <Enter>", "saves"),
        ("<Down>*5 <Enter>", "rules"),
        ("<Down>*6 <Enter>", "settings"),
    ] {
        keys(&mut app, &mut term, script);
        assert_eq!(app.screen_name(), name, "after {script}");
        keys(&mut app, &mut term, "<Esc>");
        assert_eq!(app.screen_name(), "menu", "back from {name}");
        // The menu keeps no cursor between visits: start from the top each time.
        keys(&mut app, &mut term, "<Home>");
    }
}

#[test]
fn continue_without_an_autosave_says_so() {
    let (app, _, _) = toy_menu(80, 24, "c");
    assert_eq!(app.screen_name(), "menu");
    assert_eq!(app.menu_message(), Some("there is no autosave yet"));
}

#[test]
fn a_game_against_the_ai_is_one_key_from_launch() {
    let (app, mut term, _) = toy_menu(100, 30, "<Enter>");
    assert_eq!(app.screen_name(), "game");
    let text = screen(&term);
    assert!(text.contains("Toy duel: Duel"), "{text}");
    assert!(text.contains("to decide: you"), "{text}");
    // The shortcut does the same from anywhere in the menu.
    let mut app = toy_app(Start::Menu);
    keys(&mut app, &mut term, "<Down>*3 p");
    assert_eq!(app.screen_name(), "game");
}

#[test]
fn help_overlay_opens_and_any_key_closes_it() {
    let (mut app, mut term, text) = toy_menu(100, 30, "?");
    assert!(text.contains("Help: keys") && text.contains("play against the AI at once"));
    keys(&mut app, &mut term, "x");
    assert!(!screen(&term).contains("Help: keys"));
    assert_eq!(app.screen_name(), "menu");
    // In a game the overlay lists the game keys, every map's keys and the view's own keys
    // (on its next page).
    keys(&mut app, &mut term, "p ?");
    let mut text = screen(&term);
    keys(&mut app, &mut term, "<PageDown>");
    text.push_str(&screen(&term));
    assert!(
        text.contains("journal filter")
            && text.contains("pan the map")
            && text.contains("play that card"),
        "{text}"
    );
}

#[test]
fn settings_change_and_are_kept_for_the_next_visit() {
    let (mut app, mut term, _) = toy_menu(100, 30, "o <Down>*3 <Right> <Esc>");
    assert_eq!(app.screen_name(), "menu");
    // The test store starts at greedy; Right is the next level up.
    assert_eq!(app.settings().quick_level.as_str(), "easy");
    // The quick-play entry is built at start-up, so the new level shows after a restart;
    // the setting itself was stored.
    keys(&mut app, &mut term, "o");
    assert!(screen(&term).contains("Quick-play AI level  < easy >"));
}

#[test]
fn rules_browser_searches_clauses() {
    let (_, _, text) = toy_menu(100, 30, "b / r o l l <Enter>");
    assert!(text.contains("toy.score.roll"), "{text}");
    assert!(
        text.contains("A d6 at or above the target scores the card."),
        "{text}"
    );
    assert!(!text.contains("toy.turn.play"), "{text}");
}

#[test]
fn the_new_game_form_starts_what_it_shows() {
    let mut app = toy_app(Start::Menu);
    let mut term = terminal(100, 30);
    // Scenario: the long duel; seat 2: a person (from the greedy AI, two steps left); seed
    // 42; target option 3.
    keys(
        &mut app,
        &mut term,
        "n <Down> <Right> <Down>*2 <Left>*2 <Down> 4 2 <Down> <Right> <Enter>",
    );
    assert_eq!(app.screen_name(), "game");
    let game = app
        .session()
        .and_then(|s| s.as_any().downcast_ref::<ToyScreen>())
        .expect("a toy game");
    assert_eq!(game.game().seed(), 42);
    assert!(game.game().seats().iter().all(|s| s.is_human()));
    assert_eq!(game.game().scenario().id, "long");
    assert_eq!(game.game().options().target, Some(3));
    // Two people: the first decision waits behind the hand-off screen.
    assert!(screen(&term).contains("Hot-seat hand-off"));
}

#[test]
fn too_small_terminals_get_a_notice_and_resizing_brings_the_screen_back() {
    let (mut app, mut term, text) = toy_menu(60, 20, "");
    assert!(text.contains("Terminal too small") && text.contains("need 80x24, have 60x20"));
    term.backend_mut().resize(80, 24);
    keys(&mut app, &mut term, "<Resize 80x24>");
    assert!(screen(&term).contains("Play vs AI"));
}

#[test]
fn nothing_is_drawn_while_idle() {
    let (mut app, mut term, _) = toy_menu(80, 24, "");
    let frames = app.frames();
    // An idle menu wakes for nothing: with no input, no frame is drawn.
    assert!(!app.busy());
    assert!(!app.tick());
    assert_eq!(app.frames(), frames);
    // One frame per input.
    keys(&mut app, &mut term, "<Down> <Down> <Up>");
    assert_eq!(app.frames(), frames + 3);
    let _ = redraw(&mut app, &mut term);
}

#[test]
fn ctrl_z_suspends_and_redraws() {
    let mut app = toy_app(Start::Menu);
    let mut term = terminal(80, 24);
    let mut source = squadsight_tui::input::ScriptSource::parse("<C-z>").expect("script");
    app.run(&mut term, &mut source).expect("runs");
    assert_eq!(source.suspends(), 1);
    assert!(screen(&term).contains("Play vs AI"));
}

#[test]
fn a_signal_ends_the_run_with_its_number() {
    let mut app = toy_app(Start::Menu);
    let mut term = terminal(80, 24);
    let mut source =
        squadsight_tui::input::ScriptSource::new([squadsight_tui::keys::Input::Terminate(15)]);
    assert_eq!(
        app.run(&mut term, &mut source).expect("runs"),
        Exit::Signal(15)
    );
}
