//! The replay viewer and undo, through the whole front-end on `TestBackend`: a Skirmish game
//! played to its end with keys, replayed from the menu, stepped to a roll whose resolution
//! (clause, target, exact chance) is read off the screen, stepped back, and seen from one
//! seat with the other hand hidden; jumping, autoplay and the seed commitment; undo allowed
//! before a reveal and refused after one, and the recorded undo seen in the replay; Enter
//! on the map during a decision that wants no hex; and snapshots of the replay screen.

use crate::common::sk::{self, Screen, app, focus, game, greedy_save, play, play_to_the_end};
use crate::common::{keys, screen, terminal};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use squadsight_ai::{GreedyPlayer, Player};
use squadsight_core::{Decision, Ruleset, Seat, seed};
use squadsight_skirmish::action::Action;
use squadsight_tui::game_screen::{Focus, NoUndo};
use squadsight_tui::{App, Start};
use std::time::Duration;

/// The text of a rectangle of the screen, one line per row.
fn region(term: &Terminal<TestBackend>, x: u16, y: u16, w: u16, h: u16) -> String {
    let buf = term.backend().buffer();
    let mut out = String::new();
    for row in y..y + h {
        for col in x..x + w {
            out.push_str(buf[(col, row)].symbol());
        }
        out.push('\n');
    }
    out
}

/// Where the replay screen draws the hands at 120x40: below the map, left of "What changed".
fn hand_region(term: &Terminal<TestBackend>) -> String {
    region(term, 0, 24, 28, 14)
}

/// The replay's selected event, if any.
fn selected(app: &App) -> Option<squadsight_core::Event> {
    game(app)
        .replay_model()
        .expect("a replay is on screen")
        .selected()
        .cloned()
}

/// Steps forwards by events until the selected one is a roll with a target and odds.
fn step_to_a_roll(app: &mut App, term: &mut Terminal<TestBackend>) -> squadsight_core::Event {
    for _ in 0..5000 {
        keys(app, term, "<Right>");
        if let Some(e) = selected(app) {
            if e.roll.is_some_and(|r| r.p.is_some() && r.target.is_some()) {
                return e;
            }
        }
    }
    panic!("no roll with odds in the replay");
}

/// The names of the cards in `side`'s hand in the game on screen.
fn hand_names(app: &App, side: u8) -> Vec<String> {
    let g = game(app).game();
    g.state()
        .hand(side)
        .iter()
        .map(|(c, _)| g.ruleset().card_name(c).to_string())
        .collect()
}

/// Plays a game against the greedy AI to its end with keys and clicks, goes back to the
/// menu and opens the newest save (the final autosave) in the replay viewer.
fn finished_game_in_the_replay(seed: u64) -> (App, Terminal<TestBackend>, usize) {
    let mut app = app(sk::vs_greedy_with(seed, &[("range_mode", "max")]));
    app.leave_to_menu();
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "");
    play_to_the_end(&mut app, &mut term, 3000);
    let total = game(&app).game().log().len();
    keys(&mut app, &mut term, "x q y r <Enter>");
    assert_eq!(app.screen_name(), "game");
    assert!(
        game(&app).replay_model().is_some(),
        "the replay viewer is up"
    );
    (app, term, total)
}

#[test]
fn a_finished_game_replays_with_each_roll_explained_and_each_seat_redacted() {
    let (mut app, mut term, total) = finished_game_in_the_replay(8);
    let text = screen(&term);
    assert!(text.contains(&format!("Action 0 of {total}")), "{text}");
    assert!(text.contains("view: referee"), "{text}");

    // Step to a roll: the resolution pane gives its clause, our summary of the clause, the
    // dice, the target and the exact chance as a fraction and a percentage.
    let roll = step_to_a_roll(&mut app, &mut term);
    let r = roll.roll.expect("a roll");
    let text = screen(&term);
    assert!(text.contains(&format!("Clause {}", roll.rule)), "{text}");
    let summary = game(&app)
        .game()
        .ruleset()
        .clause_summary(roll.rule)
        .expect("every journaled clause has a summary");
    let words: String = summary.chars().take(20).collect();
    assert!(text.contains(&words), "summary {words:?} missing:\n{text}");
    let target = r.target.expect("target");
    assert!(text.contains(&format!("Target: {target}")), "{text}");
    // Our summary of the clause and the inputs follow, scrolled to with ].
    keys(&mut app, &mut term, "]");
    assert!(screen(&term).contains("Resolution (from line 2)"));
    keys(&mut app, &mut term, "[");
    let p = r.p.expect("odds");
    let chance = format!("Chance: {p}");
    assert!(text.contains(&chance), "{chance} missing:\n{text}");
    assert!(
        chance.contains(&format!("({}/{})", p.num(), p.den())) && chance.contains('%'),
        "{chance}"
    );
    let outcome = if r.success == Some(true) {
        "Outcome: success"
    } else {
        "Outcome: failure"
    };
    assert!(text.contains(outcome), "{text}");
    // The board is the game as it was: the replay has applied just the actions up to the
    // roll's, and the journal pane ends with the roll.
    let pos = game(&app).replay_model().expect("replay").pos();
    assert!(pos > 0 && pos <= total);
    assert_eq!(game(&app).game().log().len(), pos);

    // One step back selects the event before the roll.
    keys(&mut app, &mut term, "<Left>");
    let back = selected(&app).expect("an event before the roll");
    assert_eq!(back.seq + 1, roll.seq);
    if back.roll.is_none() {
        assert!(
            !screen(&term).contains(&chance),
            "the roll is no longer explained"
        );
    }

    // The referee sees both hands; each seat's view shows only its own.
    let short = |names: Vec<String>| -> Vec<String> {
        names.iter().map(|n| n.chars().take(12).collect()).collect()
    };
    let aliens = short(hand_names(&app, 1));
    let xcom = short(hand_names(&app, 0));
    assert!(
        !(aliens.is_empty() && xcom.is_empty()),
        "some hand holds cards"
    );
    let hands = hand_region(&term);
    assert!(
        hands.contains("Hand: X-Com") && hands.contains("Hand: Aliens"),
        "{hands}"
    );
    for name in aliens.iter().chain(&xcom) {
        assert!(hands.contains(name.as_str()), "{name} missing:\n{hands}");
    }
    keys(&mut app, &mut term, "v");
    assert_eq!(
        game(&app).replay_model().expect("replay").perspective(),
        Some(Seat(0))
    );
    assert!(screen(&term).contains("view: X-Com"));
    let hands = hand_region(&term);
    assert!(!hands.contains("Aliens"), "{hands}");
    for name in aliens.iter().filter(|n| !xcom.contains(n)) {
        assert!(!hands.contains(name.as_str()), "{name} shows:\n{hands}");
    }
    keys(&mut app, &mut term, "v");
    assert!(screen(&term).contains("view: Aliens"));
    let hands = hand_region(&term);
    assert!(!hands.contains("X-Com"), "{hands}");
    for name in xcom.iter().filter(|n| !aliens.contains(n)) {
        assert!(!hands.contains(name.as_str()), "{name} shows:\n{hands}");
    }
    // The other side's draws reach this seat's journal only in their redacted form.
    let text = screen(&term);
    for e in game(&app).replay_model().expect("replay").shown_events() {
        if let (Some(card), Some(Seat(0))) = (&e.card, e.seat) {
            if e.kind == squadsight_core::EventKind::Draw {
                assert!(
                    !text.contains(&e.text.to_string()),
                    "{} shows:\n{text}",
                    e.text
                );
                assert_ne!(card.card, "hidden");
            }
        }
    }
    keys(&mut app, &mut term, "v");
    assert!(screen(&term).contains("view: referee"));

    // At the end, the seed is revealed in the journal and matches the commitment that the
    // map's title showed all along.
    keys(&mut app, &mut term, "<End>");
    let g = game(&app).game();
    let short = seed::short(g.seed_commitment());
    let text = screen(&term);
    assert!(text.contains(&format!("seed commitment {short}")), "{text}");
    assert!(
        text.contains(&format!("Action {total} of {total}")),
        "{text}"
    );
    let shown = game(&app).replay_model().expect("replay").shown_events();
    assert!(
        shown
            .iter()
            .any(|e| e.rule == seed::REVEAL_RULE && e.text.contains(&g.seed().to_string())),
        "the seed is revealed at the end"
    );
    keys(&mut app, &mut term, "q");
    assert_eq!(app.screen_name(), "menu");
}

fn replay_of(text: String) -> App {
    app(Start::Replay {
        bytes: text.into_bytes(),
        origin: "test".into(),
    })
}

#[test]
fn the_replay_screen_at_a_roll_snapshot() {
    let mut app = replay_of(greedy_save(9, 80));
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "");
    insta::assert_snapshot!("replay_start", screen(&term));
    step_to_a_roll(&mut app, &mut term);
    insta::assert_snapshot!("replay_roll", screen(&term));
    keys(&mut app, &mut term, "v");
    insta::assert_snapshot!("replay_roll_seat1", screen(&term));
}

#[test]
fn the_replay_screen_fits_the_smallest_terminal() {
    let mut app = replay_of(greedy_save(9, 80));
    let mut term = terminal(80, 24);
    keys(&mut app, &mut term, "");
    step_to_a_roll(&mut app, &mut term);
    let text = screen(&term);
    insta::assert_snapshot!("replay_roll_80x24", text);
    assert!(text.contains("Resolution") && text.contains("What changed"));
}

#[test]
fn jumps_go_to_an_action_or_a_round_and_bad_numbers_are_refused() {
    let mut app = replay_of(greedy_save(9, 80));
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "g 12 <Enter>");
    assert_eq!(game(&app).replay_model().expect("replay").pos(), 12);
    assert_eq!(game(&app).game().log().len(), 12);
    assert!(screen(&term).contains("Action 12 of 80"));
    // The prompt shows what is typed; Backspace edits and Esc cancels.
    keys(&mut app, &mut term, "g 45");
    assert!(
        screen(&term).contains("Go to action number"),
        "prompt shown"
    );
    assert!(screen(&term).contains("45_"));
    keys(&mut app, &mut term, "<Backspace> <Esc>");
    assert_eq!(game(&app).replay_model().expect("replay").pos(), 12);
    // r and a round: the first step in that round.
    keys(&mut app, &mut term, "g r2 <Enter>");
    let pos = game(&app).replay_model().expect("replay").pos();
    let round = game(&app).game().journal().round();
    assert_eq!(round, 2, "at action {pos}");
    assert!(screen(&term).contains("round 2"));
    keys(&mut app, &mut term, "g 999 <Enter>");
    assert!(screen(&term).contains("there are only 80 actions"));
    assert_eq!(game(&app).replay_model().expect("replay").pos(), pos);
    keys(&mut app, &mut term, "g r99 <Enter>");
    assert!(screen(&term).contains("the game ended in round"));
    // Action steps: . and , (and Shift with the arrows).
    keys(&mut app, &mut term, "g 5 <Enter> . . <S-Right>");
    assert_eq!(game(&app).replay_model().expect("replay").pos(), 8);
    keys(&mut app, &mut term, ", <S-Left>");
    assert_eq!(game(&app).replay_model().expect("replay").pos(), 6);
    keys(&mut app, &mut term, "<Home>");
    assert_eq!(game(&app).game().log().len(), 0);
}

#[test]
fn autoplay_steps_on_its_own_at_the_chosen_speed_until_stopped() {
    let mut app = replay_of(greedy_save(9, 40));
    let mut term = terminal(120, 40);
    // The fastest speed, then autoplay on.
    keys(&mut app, &mut term, "+ + + + + a");
    assert!(screen(&term).contains("autoplay 10 steps/s"));
    let wake = app
        .session()
        .and_then(|s| s.wake_in())
        .expect("autoplay asks to be woken");
    assert!(wake <= Duration::from_millis(100));
    let before = game(&app).replay_model().expect("replay").pos();
    for _ in 0..3 {
        std::thread::sleep(Duration::from_millis(110));
        assert!(app.tick(), "a due step changes the screen");
    }
    let after = game(&app).replay_model().expect("replay").pos();
    assert_eq!(after, before + 3, "autoplay steps by action");
    keys(&mut app, &mut term, "a");
    assert!(!game(&app).replay_model().expect("replay").playing());
    std::thread::sleep(Duration::from_millis(110));
    assert!(!app.tick());
    assert_eq!(game(&app).replay_model().expect("replay").pos(), after);
    // Slower: the pause grows.
    keys(&mut app, &mut term, "- - - - a");
    let wake = app.session().and_then(|s| s.wake_in()).expect("woken");
    assert!(wake > Duration::from_millis(1000), "{wake:?}");
}

/// Plays the person's decisions with a greedy player until `stop` says so.
fn play_until(
    app: &mut App,
    term: &mut Terminal<TestBackend>,
    mut stop: impl FnMut(&Screen) -> bool,
) {
    let mut brain = GreedyPlayer::new(3);
    for _ in 0..2000 {
        let s = game(app);
        if stop(s) {
            return;
        }
        let Decision::Act(seat) = s.game().to_act() else {
            panic!("the game ended first");
        };
        let legal = s.legal().to_vec();
        if legal.is_empty() {
            keys(app, term, "");
            continue;
        }
        let obs = s.game().observe(seat);
        let choice = brain.choose(s.game().ruleset(), &obs, seat, &legal);
        play(app, term, choice.action);
    }
    panic!("never stopped");
}

#[test]
fn undo_is_offered_before_a_reveal_refused_after_one_and_shown_in_the_replay() {
    let mut app = sk::vs_greedy(6);
    app.leave_to_menu();
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "");
    // Nothing to undo at the start: the key bar does not offer it, and u says why.
    assert_eq!(game(&app).undo_state(), Err(NoUndo::Nothing));
    let text = screen(&term);
    let bar = text.lines().last().expect("a key bar");
    assert!(!bar.contains("u:"), "{bar}");
    keys(&mut app, &mut term, "u");
    assert!(
        screen(&term).contains("cannot undo: there is nothing to undo yet"),
        "{}",
        screen(&term)
    );
    // A free move reveals nothing: undo is offered and works.
    let free =
        sk::first_legal(&app, |a| matches!(a, Action::FreeMove { .. })).expect("a free move");
    let hash = game(&app).game().state_hash();
    play(&mut app, &mut term, free);
    focus(&mut app, &mut term, Focus::Map);
    assert_eq!(game(&app).undo_state(), Ok(()));
    assert!(screen(&term).contains("u:undo "), "{}", screen(&term));
    keys(&mut app, &mut term, "u");
    assert!(screen(&term).contains("undone"), "{}", screen(&term));
    assert_eq!(game(&app).game().state_hash(), hash);
    let undos = game(&app).game().log().len();
    assert_eq!(undos, 2, "the move and its undo are both in the log");

    // Play on until the person's own last action revealed something (a roll, a draw).
    play_until(&mut app, &mut term, |s| {
        let g = s.game();
        let mine = g.last_action().is_some_and(|(seat, _)| seat == Seat(0));
        mine && !g.can_undo() && !s.legal().is_empty()
    });
    focus(&mut app, &mut term, Focus::Map);
    assert_eq!(game(&app).undo_state(), Err(NoUndo::Revealed));
    assert!(screen(&term).contains("u:no undo (past a reveal)"));
    let link = game(&app).game().link();
    keys(&mut app, &mut term, "u");
    assert!(
        screen(&term).contains("cannot undo: the last action revealed"),
        "{}",
        screen(&term)
    );
    assert_eq!(
        game(&app).game().link(),
        link,
        "a refused undo changes nothing"
    );

    // The undo is in the replay: stepping by actions reaches it.
    keys(&mut app, &mut term, "q y r <Enter>");
    assert!(game(&app).replay_model().is_some());
    keys(&mut app, &mut term, ". .");
    let text = screen(&term);
    assert!(
        text.contains("undo: the last action in effect was taken back"),
        "{text}"
    );
    assert!(
        text.contains("core.undo"),
        "the journal shows the undo:\n{text}"
    );
}

#[test]
fn enter_on_the_map_answers_a_decision_that_wants_no_hex() {
    // Who goes first is rolled for, and the winner names the first player: a decision with
    // nothing on the map. Enter must open the action list, not select the unit under the
    // cursor (which starts on the person's own unit).
    for seed in 0..20 {
        let mut app = app(sk::vs_greedy_with(seed, &[("first_player", "roll")]));
        let mut term = terminal(120, 40);
        keys(&mut app, &mut term, "");
        let s = game(&app);
        if !s
            .legal()
            .iter()
            .any(|a| matches!(a, Action::FirstPlayer(_)))
        {
            continue;
        }
        assert_eq!(s.focus(), Focus::Map);
        keys(&mut app, &mut term, "<Enter>");
        assert_eq!(game(&app).focus(), Focus::Actions);
        assert_eq!(game(&app).view().selected(), None);
        // Enter again plays the highlighted choice.
        let before = game(&app).game().log().len();
        keys(&mut app, &mut term, "<Enter>");
        assert!(game(&app).game().log().len() > before);
        return;
    }
    panic!("the person never won the first-player roll");
}
