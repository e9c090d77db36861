//! X-Com Skirmish through the whole front-end on `TestBackend`: the menu and screens as
//! snapshots, whole games played with keys and mouse clicks (hot-seat, and against the AI),
//! the hand-off for out-of-turn answers, undo, and the UI staying responsive while the AI
//! thinks.

use crate::common::sk::{self, app, focus, game, play, play_to_the_end, spec};
use crate::common::{app_with, keys, quick_store, screen, terminal};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use squadsight_ai::{GreedyPlayer, Player};
use squadsight_core::game::SeatConfig;
use squadsight_core::{Decision, Seat};
use squadsight_skirmish::action::Action;
use squadsight_skirmish::state::Frame;
use squadsight_tui::game_screen::Focus;
use squadsight_tui::registry::Registry;
use squadsight_tui::{App, Start};
use std::time::{Duration, Instant};

#[test]
fn the_menu_offers_skirmish_against_the_ai() {
    let mut app = app(Start::Menu);
    let mut term = terminal(80, 24);
    keys(&mut app, &mut term, "");
    insta::assert_snapshot!("skirmish_menu", screen(&term));
}

#[test]
fn the_new_game_form_shows_the_scenario_and_its_map() {
    let mut app = app(Start::Menu);
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "n");
    let text = screen(&term);
    insta::assert_snapshot!("skirmish_new_game", text);
    assert!(text.contains("Four fresh X-Com recruits"));
}

#[test]
fn the_game_screen_shows_map_panel_hand_actions_and_journal() {
    let mut app = sk::vs_greedy(3);
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "");
    insta::assert_snapshot!("skirmish_game", screen(&term));
}

#[test]
fn a_hot_seat_game_is_played_to_its_end_with_keys_and_clicks() {
    let mut app = app(spec(
        21,
        [SeatConfig::human(), SeatConfig::human()],
        &[("first_player", "xcom"), ("range_mode", "max")],
    ));
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "");
    insta::assert_snapshot!("skirmish_handoff", screen(&term));
    let (handoffs, out_of_turn) = play_to_the_end(&mut app, &mut term, 3000);
    assert!(handoffs > 2, "{handoffs} hand-offs");
    assert!(out_of_turn > 0, "no out-of-turn answer needed a hand-off");
    let text = screen(&term);
    assert!(text.contains("Game over"), "{text}");
}

#[test]
fn a_game_against_the_ai_is_played_to_its_end_with_keys_and_clicks() {
    let mut app = app(sk::vs_greedy_with(8, &[("range_mode", "max")]));
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "");
    let (handoffs, _) = play_to_the_end(&mut app, &mut term, 3000);
    assert_eq!(handoffs, 0, "one person needs no hand-off");
    let screen_text = screen(&term);
    assert!(screen_text.contains("Game over"));
    // The AI's moves are in the journal with their reasons.
    assert!(
        game(&app)
            .game()
            .journal()
            .events()
            .iter()
            .any(|e| e.seat == Some(Seat(1)))
    );
}

#[test]
fn keys_are_answered_while_the_ai_thinks() {
    // The AI (hard level: thousands of playouts, up to a few seconds) takes the first turn.
    let mut app = app(spec(
        4,
        [SeatConfig::human(), SeatConfig::ai("hard")],
        &[("first_player", "aliens")],
    ));
    let mut term = terminal(120, 40);
    app.draw(&mut term).expect("draws");
    let mut times = Vec::new();
    let mut thinking_seen = false;
    for key in ["<Tab>", "<Down>", "f", "<Tab>", "<Up>", "?", "x"] {
        app.tick();
        if !app.busy() {
            break;
        }
        let start = Instant::now();
        for input in squadsight_tui::keys::parse_script(key).expect("script") {
            app.input(&input);
        }
        app.draw(&mut term).expect("draws");
        times.push(start.elapsed());
        thinking_seen |= screen(&term).contains("thinking");
    }
    assert!(thinking_seen, "the AI was never seen thinking");
    // The median, so that one sample delayed by a busy test machine does not decide.
    times.sort();
    let median = times[times.len() / 2];
    assert!(median < Duration::from_millis(50), "keys took {times:?}");
    // The AI's move arrives and is shown with its reason.
    let deadline = Instant::now() + Duration::from_secs(60);
    while game(&app).game().log().is_empty() && Instant::now() < deadline {
        app.tick();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(!game(&app).game().log().is_empty());
    app.draw(&mut term).expect("draws");
    assert!(
        screen(&term).contains("Last AI move, "),
        "{}",
        screen(&term)
    );
}

#[test]
fn a_free_move_can_be_undone() {
    let mut app = sk::vs_greedy(6);
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "");
    let free =
        sk::first_legal(&app, |a| matches!(a, Action::FreeMove { .. })).expect("a free move");
    let link = game(&app).game().link();
    play(&mut app, &mut term, free);
    assert_ne!(game(&app).game().link(), link);
    keys(&mut app, &mut term, "<Tab>*2 u");
    assert!(screen(&term).contains("undone"), "{}", screen(&term));
    assert_eq!(game(&app).game().state_hash(), {
        let mut fresh = app_with(
            Registry::builtin(),
            quick_store(),
            sk::vs_greedy_with(6, &[("first_player", "xcom")]),
        );
        let mut t = terminal(120, 40);
        keys(&mut fresh, &mut t, "");
        game(&fresh).game().state_hash()
    });
}

#[test]
fn selecting_a_unit_marks_where_it_may_move() {
    let mut app = sk::vs_greedy(6);
    let mut term = terminal(120, 40);
    // The cursor starts on the first X-Com unit; Enter selects it.
    keys(&mut app, &mut term, "<Enter>");
    let screen = game(&app);
    let unit = screen.view().selected().expect("a unit is selected");
    let moves: Vec<_> = screen
        .legal()
        .iter()
        .filter_map(|a| match a {
            Action::FreeMove { unit: u, to } if *u == unit => Some(*to),
            _ => None,
        })
        .collect();
    assert!(!moves.is_empty());
    for h in &moves {
        assert_eq!(
            screen.view().mark(*h),
            squadsight_tui::skirmish::Mark::Reach
        );
    }
    // Only that unit's actions are listed now.
    for &i in screen.shown() {
        match screen.legal()[i] {
            Action::FreeMove { unit: u, .. }
            | Action::Card { unit: Some(u), .. }
            | Action::Spec { unit: u, .. } => {
                assert_eq!(u, unit)
            }
            _ => {}
        }
    }
    // Enter on a marked hex moves there.
    let target = moves[0];
    let (x, y) = screen
        .view()
        .cell_of(target, screen.game().observe(Seat(0)).state.board())
        .expect("on screen");
    keys(&mut app, &mut term, &format!("<Click {x},{y}>"));
    assert!(matches!(
        game(&app).game().last_action(),
        Some((Seat(0), Action::FreeMove { to, .. })) if *to == target
    ));
}

#[test]
fn an_attack_shows_its_odds_before_it_is_confirmed() {
    // Play greedily until some person must pick an attack target, then look at the panel.
    let mut app = app(spec(
        12,
        [SeatConfig::human(), SeatConfig::human()],
        &[("first_player", "xcom"), ("range_mode", "max")],
    ));
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "z");
    let mut brain = GreedyPlayer::new(1);
    for _ in 0..2000 {
        let screen = game(&app);
        if screen.handoff().is_some() {
            keys(&mut app, &mut term, "<Enter>");
            continue;
        }
        // A card's target is chosen before the card is played: the screen shows the
        // choice from the rules' look ahead.
        let st = &screen.observation().state;
        let aiming = matches!(
            st.stack().last(),
            Some(Frame::Target {
                aim: squadsight_skirmish::state::Aim::Attack(_),
                ..
            })
        );
        let enemy_target = screen.legal().iter().position(|a| match a {
            Action::TargetUnit(u) => st
                .unit(*u)
                .is_some_and(|u| Some(Seat(u.controller)) != screen.viewer()),
            _ => false,
        });
        if let (true, Some(i)) = (aiming, enemy_target) {
            // Highlight that target in the action list: the panel shows the odds (Esc
            // would go back from the choice, so the list is reached with Tab alone).
            focus(&mut app, &mut term, Focus::Actions);
            let pos = game(&app)
                .shown()
                .iter()
                .position(|&j| j == i)
                .expect("listed");
            keys(&mut app, &mut term, &format!("<Home> <Down>*{pos}"));
            let text = screen_text(&mut app, &mut term);
            insta::assert_snapshot!("skirmish_odds", text);
            assert!(text.contains("Attack on "), "{text}");
            assert!(text.contains("Suppression:"), "{text}");
            assert!(text.contains("card(s) in hand to answer"), "{text}");
            return;
        }
        let Decision::Act(seat) = screen.game().to_act() else {
            break;
        };
        let legal = screen.legal().to_vec();
        let obs = screen.observation().clone();
        let choice = brain.choose(screen.game().ruleset(), &obs, seat, &legal);
        play(&mut app, &mut term, choice.action);
    }
    panic!("no attack target was ever chosen");
}

fn screen_text(app: &mut App, term: &mut Terminal<TestBackend>) -> String {
    app.draw(term).expect("draws");
    screen(term)
}

#[test]
fn leaving_and_continuing_resumes_the_autosave_exactly() {
    let mut app = sk::vs_greedy(6);
    app.leave_to_menu();
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "");
    let free = sk::first_legal(&app, |a| matches!(a, Action::FreeMove { .. })).expect("a move");
    play(&mut app, &mut term, free);
    let link = game(&app).game().link();
    keys(&mut app, &mut term, "q y");
    assert_eq!(app.screen_name(), "menu");
    keys(&mut app, &mut term, "c");
    assert_eq!(game(&app).game().link(), link);
}

#[test]
fn digits_pick_cards_arrows_move_the_cursor_and_z_zooms() {
    let mut app = sk::vs_greedy(6);
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "");
    let first = game(&app)
        .game()
        .observe(Seat(0))
        .hand()
        .iter()
        .next()
        .map(|(c, _)| c)
        .expect("a card");
    keys(&mut app, &mut term, "1");
    let screen = game(&app);
    assert_eq!(screen.view().card(), Some(first));
    assert_eq!(
        screen.focus(),
        Focus::Actions,
        "the card's plays are listed"
    );
    for &i in screen.shown() {
        match screen.legal()[i] {
            Action::Card { card, .. } | Action::Spec { card, .. } => assert_eq!(card, first),
            Action::EndTurn | Action::Pass => {}
            other => panic!("{other:?} does not play the selected card"),
        }
    }
    // Esc leaves the list, a second Esc drops the card.
    keys(&mut app, &mut term, "<Esc> <Esc>");
    assert_eq!(game(&app).focus(), Focus::Map);
    assert_eq!(game(&app).view().card(), None);
    let board = game(&app).game().observe(Seat(0)).state.board().clone();
    let (c, r) = board.offset(game(&app).view().cursor());
    keys(&mut app, &mut term, "<Right> <Down>");
    let (c2, r2) = board.offset(game(&app).view().cursor());
    assert_eq!((c2, r2), (c + 1, r + 1));
    assert_eq!(
        game(&app).view().zoom(),
        squadsight_tui::skirmish::Zoom::Detail
    );
    keys(&mut app, &mut term, "z");
    assert_eq!(
        game(&app).view().zoom(),
        squadsight_tui::skirmish::Zoom::Overview
    );
    assert!(screen_text(&mut app, &mut term).contains("Sq+"));
}

#[test]
fn the_help_overlay_wraps_and_scrolls_on_a_small_terminal() {
    let mut app = sk::vs_greedy(6);
    let mut term = terminal(80, 24);
    keys(&mut app, &mut term, "?");
    let text = screen(&term);
    assert!(
        text.contains("Help: keys") && text.contains("Up/Down: scroll"),
        "{text}"
    );
    assert!(!text.contains("numbers on edges"), "{text}");
    keys(&mut app, &mut term, "<PageDown>*3");
    let text = screen(&term);
    assert!(
        text.contains("numbers on edges") && text.contains("Help: keys"),
        "{text}"
    );
    keys(&mut app, &mut term, "x");
    assert!(!screen(&term).contains("Help: keys"));
}
