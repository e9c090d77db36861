//! The generic game screen with the toy ruleset: hot-seat hand-off (also for out-of-turn
//! answers), the journal redacted per seat, a game against the AI played to its end by keys,
//! saving, continuing and the replay viewer.

use crate::common::toy::{ToyAction, ToyUi};
use crate::common::{app_with, keys, quick_store, screen, terminal, text_of, toy_app, toy_menu};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use squadsight_core::Seat;
use squadsight_core::game::SeatConfig;
use squadsight_tui::game_screen::{Focus, GameScreen};
use squadsight_tui::journal_pane::JournalPane;
use squadsight_tui::registry::Registry;
use squadsight_tui::theme::Theme;
use squadsight_tui::{App, GameSpec, ScenarioSource, Start};

type ToyScreen = GameScreen<ToyUi>;

fn hot_seat(seed: u64) -> Start {
    Start::Game(GameSpec {
        ruleset: "toy".into(),
        scenario: ScenarioSource::Builtin("duel".into()),
        seed,
        seats: vec![SeatConfig::human(), SeatConfig::human()],
        options: Vec::new(),
    })
}

fn toy(app: &App) -> &ToyScreen {
    app.session()
        .and_then(|s| s.as_any().downcast_ref::<ToyScreen>())
        .expect("a toy game is on screen")
}

/// The cards of a seat's hand, read through the referee's state.
fn hand_of(app: &App, seat: u8) -> Vec<u8> {
    toy(app).game().observe(Seat(seat)).hand
}

fn hand_lines(hand: &[u8]) -> Vec<String> {
    hand.iter()
        .enumerate()
        .map(|(i, c)| format!("{} card {c}", i + 1))
        .collect()
}

#[test]
fn hot_seat_hides_each_hand_behind_a_hand_off_screen() {
    let mut app = toy_app(hot_seat(3));
    // Wide enough that no journal line wraps.
    let mut term = terminal(160, 40);
    keys(&mut app, &mut term, "");
    let north = hand_of(&app, 0);
    let south = hand_of(&app, 1);
    // Before anyone takes the keyboard, nothing private is on screen.
    let text = screen(&term);
    insta::assert_snapshot!("toy_handoff_first", text);
    for line in hand_lines(&north).iter().chain(&hand_lines(&south)) {
        assert!(
            !text.contains(line.as_str()),
            "{line} shows before the hand-off"
        );
    }
    assert!(!text.contains("dealt"), "the journal is hidden too");
    assert_eq!(toy(&app).handoff(), Some(Seat(0)));

    // North takes the keyboard and sees only North's hand.
    keys(&mut app, &mut term, "<Enter>");
    let text = screen(&term);
    for line in hand_lines(&north) {
        assert!(text.contains(line.as_str()), "{line} missing for North");
    }
    assert!(text.contains(&format!("seat 1 is dealt a {}", north[0])));
    assert!(
        text.contains("seat 2 is dealt a card"),
        "South's cards are redacted"
    );

    // North plays its first card; South must answer out of turn: a hand-off again.
    keys(&mut app, &mut term, "1");
    assert_eq!(toy(&app).handoff(), Some(Seat(1)));
    let text = screen(&term);
    assert!(text.contains("South (seat 2) must decide now."));
    for line in hand_lines(&north) {
        assert!(
            !text.contains(line.as_str()),
            "North's {line} is left on screen"
        );
    }

    // South answers: the action list offers allowing or blocking with a higher card.
    keys(&mut app, &mut term, "<Enter>");
    let text = screen(&term);
    assert!(text.contains("allow the play"), "{text}");
    assert!(text.contains(&format!("seat 2 is dealt a {}", south[0])));
    assert!(text.contains("seat 1 is dealt a card"));
    assert!(!text.contains(&format!("seat 1 is dealt a {}", north[1])));
}

#[test]
fn journal_pane_shows_clauses_rolls_with_odds_and_redacts_per_seat() {
    // A short hot-seat game: North plays, South allows, and the roll is journaled.
    let mut app = toy_app(hot_seat(5));
    let mut term = terminal(100, 30);
    keys(&mut app, &mut term, "<Enter> 1 <Enter> <Tab> <Enter>");
    let game = toy(&app).game();
    assert!(game.journal().events().iter().any(|e| e.roll.is_some()));
    let mut pane = JournalPane::default();
    for (seat, name) in [
        (Some(Seat(0)), "toy_journal_north"),
        (Some(Seat(1)), "toy_journal_south"),
        (None, "toy_journal_referee"),
    ] {
        pane.sync(game.journal(), seat);
        let mut buf = Buffer::empty(Rect::new(0, 0, 48, 14));
        pane.render(buf.area, &mut buf, false, &Theme::PLAIN);
        insta::assert_snapshot!(name, text_of(&buf));
    }
    // Filtering to rolls leaves only the roll and its odds.
    pane.cycle_filter();
    let mut buf = Buffer::empty(Rect::new(0, 0, 64, 6));
    pane.render(buf.area, &mut buf, false, &Theme::PLAIN);
    let text = text_of(&buf);
    assert!(
        text.contains("Journal [rolls]") && text.contains("toy.score.roll"),
        "{text}"
    );
    assert!(text.contains("chance 50.0% (1/2)"), "{text}");
    assert!(!text.contains("toy.setup.deal"), "{text}");
}

/// Plays the game on screen to its end with the keyboard: the action list's first entry each
/// time the person is to decide.
fn play_to_the_end(app: &mut App, term: &mut ratatui::Terminal<ratatui::backend::TestBackend>) {
    keys(app, term, "<Tab>");
    assert_eq!(toy(app).focus(), Focus::Actions);
    for _ in 0..200 {
        if toy(app).outcome().is_some() {
            return;
        }
        keys(app, term, "<Enter>");
    }
    panic!("the game did not end");
}

#[test]
fn a_game_against_the_ai_is_played_to_the_end_with_keys() {
    let (mut app, mut term, _) = toy_menu(100, 30, "<Enter>");
    play_to_the_end(&mut app, &mut term);
    let text = screen(&term);
    assert!(text.contains("Game over"), "{text}");
    assert!(text.contains("final score"), "{text}");
    // The seed is revealed and checked against the commitment shown at the start.
    let commitment = squadsight_core::seed::short(toy(&app).game().seed_commitment());
    assert!(
        text.contains(&format!("matches commitment {commitment}")),
        "{text}"
    );
    // After the outcome box, the board and journal stay readable; q goes to the menu.
    keys(&mut app, &mut term, "x");
    let text = screen(&term);
    assert!(!text.contains("Game over"));
    assert!(text.contains("The game is over."));
    // The AI's reasons are in the journal, one per AI decision.
    let notes = text.matches("AI s2:").count();
    assert!(notes >= 1, "{text}");
    keys(&mut app, &mut term, "q y");
    assert_eq!(app.screen_name(), "menu");
}

#[test]
fn the_game_over_box_shows_the_fingerprint_and_offers_to_save() {
    let (mut app, mut term, _) = toy_menu(100, 30, "<Enter>");
    play_to_the_end(&mut app, &mut term);
    let text = screen(&term);
    let fingerprint = squadsight_core::save::fingerprint(toy(&app).game());
    assert!(
        text.contains(&format!("Fingerprint: {fingerprint}")),
        "{text}"
    );
    assert!(text.contains("s: save this game"), "{text}");
    // `s` saves the finished game and says where; the box stays up.
    keys(&mut app, &mut term, "s");
    let text = screen(&term);
    assert!(text.contains("Game over"), "{text}");
    assert!(text.contains("saved: toy-1"), "{text}");
    // The finished game is listed for loading and replaying from the menu.
    keys(&mut app, &mut term, "q");
    assert_eq!(app.screen_name(), "menu");
    keys(&mut app, &mut term, "r");
    let text = screen(&term);
    assert!(text.contains("toy-1"), "{text}");
}

#[test]
fn the_same_seed_and_keys_give_the_same_game() {
    let mut links = Vec::new();
    for _ in 0..2 {
        let (mut app, mut term, _) = toy_menu(100, 30, "<Enter>");
        play_to_the_end(&mut app, &mut term);
        links.push(toy(&app).game().link());
    }
    assert_eq!(links[0], links[1]);
}

#[test]
fn saved_and_continued_games_resume_exactly() {
    let mut app = toy_app(hot_seat(11));
    // As if opened from the menu: leaving goes back to it.
    app.leave_to_menu();
    let mut term = terminal(100, 30);
    keys(&mut app, &mut term, "<Enter> 1 <Enter> s");
    let link = toy(&app).game().link();
    assert!(screen(&term).contains("saved: toy-1"));
    keys(&mut app, &mut term, "q");
    assert!(
        screen(&term).contains("go back to the menu?"),
        "{}",
        screen(&term)
    );
    keys(&mut app, &mut term, "y");
    assert_eq!(app.screen_name(), "menu");
    assert!(screen(&term).contains("Continue the last game (autosave)"));
    keys(&mut app, &mut term, "c");
    assert_eq!(app.screen_name(), "game");
    assert_eq!(toy(&app).game().link(), link);
    // Resuming a hot-seat game starts behind the hand-off screen.
    assert_eq!(toy(&app).handoff(), Some(Seat(1)));
    // The named save loads the same game from the save list.
    keys(&mut app, &mut term, "q y l <Enter>");
    assert_eq!(app.screen_name(), "game");
    assert_eq!(toy(&app).game().link(), link);
}

#[test]
fn a_broken_save_is_reported_not_opened() {
    let mut store = quick_store();
    squadsight_tui::store::SaveStore::save(&mut store, "toy", "(format: 1, not a save")
        .expect("stored");
    let mut app = app_with(Registry::new().with(ToyUi), store, Start::Menu);
    let mut term = terminal(100, 30);
    keys(&mut app, &mut term, "l <Enter>");
    assert_eq!(app.screen_name(), "saves");
    let message = app.menu_message().expect("an error is shown").to_string();
    assert!(message.contains("toy-1"), "{message}");
    assert!(screen(&term).contains("toy-1"));
}

#[test]
fn the_replay_viewer_steps_through_a_finished_game() {
    let (mut app, mut term, _) = toy_menu(100, 30, "<Enter>");
    play_to_the_end(&mut app, &mut term);
    let total = toy(&app).game().log().len();
    let link = toy(&app).game().link();
    keys(&mut app, &mut term, "x q y r <Enter>");
    assert_eq!(app.screen_name(), "game", "{:?}", app.menu_message());
    assert!(screen(&term).contains(&format!("Action 0 of {total}")));
    assert!(toy(&app).game().log().is_empty());
    keys(&mut app, &mut term, ". .");
    assert!(screen(&term).contains(&format!("Action 2 of {total}")));
    keys(&mut app, &mut term, "<End>");
    assert_eq!(toy(&app).game().link(), link);
    keys(&mut app, &mut term, ",");
    assert_eq!(toy(&app).game().log().len(), total - 1);
    keys(&mut app, &mut term, "<Home>");
    assert!(screen(&term).contains(&format!("Action 0 of {total}")));
    keys(&mut app, &mut term, "q");
    assert_eq!(app.screen_name(), "menu");
}

#[test]
fn clicking_an_action_plays_it() {
    let mut app = toy_app(hot_seat(3));
    let mut term = terminal(100, 30);
    keys(&mut app, &mut term, "<Enter>");
    let before = toy(&app).game().log().len();
    // Find the first action line on screen and click it.
    let text = screen(&term);
    let (row, col) = text
        .lines()
        .enumerate()
        .find_map(|(r, l)| l.find("play the ").map(|c| (r, c)))
        .expect("an action line");
    keys(&mut app, &mut term, &format!("<Click {col},{row}>"));
    assert_eq!(toy(&app).game().log().len(), before + 1);
    assert!(matches!(
        toy(&app).game().last_action(),
        Some((Seat(0), ToyAction::Play(_)))
    ));
}

#[test]
fn a_timed_decision_plays_its_expiry_action_when_the_clock_runs_out() {
    let start = Start::Game(GameSpec {
        ruleset: "toy".into(),
        scenario: ScenarioSource::Builtin("duel".into()),
        seed: 4,
        seats: vec![SeatConfig::human(), SeatConfig::human()],
        options: vec![("clock".into(), "1".into())],
    });
    let mut app = toy_app(start);
    let mut term = terminal(100, 30);
    keys(&mut app, &mut term, "<Enter>");
    assert!(screen(&term).contains("time left 1s"), "{}", screen(&term));
    assert!(toy(&app).game().log().is_empty());
    std::thread::sleep(std::time::Duration::from_millis(1100));
    assert!(app.tick(), "the expiry redraws the screen");
    // The pass is an ordinary logged action: a replay needs no clock.
    assert_eq!(
        toy(&app).game().last_action(),
        Some((Seat(0), &ToyAction::Pass))
    );
    assert_eq!(toy(&app).message(), Some("time ran out"));
    // South's turn is a new decision with a fresh clock.
    keys(&mut app, &mut term, "<Enter>");
    assert!(screen(&term).contains("time left 1s"), "{}", screen(&term));
}

/// A failed autosave is shown in the key bar after every action until one succeeds, however
/// the message line changes meanwhile; then the mark goes.
#[test]
fn a_failed_autosave_stays_on_screen_until_a_save_succeeds() {
    let dir = std::env::temp_dir().join(format!("squadsight-not-saved-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // A file where the autosave folder should be: every autosave fails.
    std::fs::write(dir.join("autosaves"), "in the way").unwrap();
    let config = squadsight_tui::AppConfig {
        registry: Registry::new().with(ToyUi),
        store: Box::new(squadsight_tui::store::DirStore::new(&dir)),
        limits: Theme::PLAIN,
        seed: Some(7),
    };
    let mut app = App::new(config, hot_seat(3)).unwrap();
    let mut term = terminal(100, 30);
    // North plays; past the hand-off, South sees that nothing was saved.
    keys(&mut app, &mut term, "<Enter> 1 <Enter>");
    assert!(!toy(&app).game().log().is_empty(), "an action was played");
    assert!(
        screen(&term).contains("NOT SAVED (s: save)"),
        "{}",
        screen(&term)
    );
    // Still there whatever the message line says (a refused key's note included).
    keys(&mut app, &mut term, "<Enter>");
    assert!(screen(&term).contains("NOT SAVED"), "{}", screen(&term));
    // Once the folder can be written again, the next action is autosaved and the mark goes.
    std::fs::remove_file(dir.join("autosaves")).unwrap();
    let played = toy(&app).game().log().len();
    keys(&mut app, &mut term, "<Tab> <Enter>");
    if toy(&app).handoff().is_some() {
        keys(&mut app, &mut term, "<Enter>");
    }
    assert!(toy(&app).game().log().len() > played, "South answered");
    assert!(!screen(&term).contains("NOT SAVED"), "{}", screen(&term));
    let _ = std::fs::remove_dir_all(&dir);
}
