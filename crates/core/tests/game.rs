//! `Game`: seats and turns, the action log and hash chain, and undo — allowed back to the last
//! reveal of something random or hidden, recorded in the log and honoured by replays.

use std::sync::Arc;

use crate::toy::{Race, RaceAction, RaceOptions, RaceScenario};
use squadsight_core::game::{Game, LogEntry, SeatConfig, UNDO_RULE, UndoError};
use squadsight_core::save::{self, Hash64};
use squadsight_core::{Decision, EventKind, Journal, Seat};

fn course() -> RaceScenario {
    RaceScenario {
        goal: 200,
        cards: vec![1, 2, 3, 4],
        max_rounds: 50,
    }
}

fn new_game() -> Game<Race> {
    let seats = vec![SeatConfig::human(), SeatConfig::human()];
    Game::new(
        Arc::new(Race::new()),
        course(),
        RaceOptions::default(),
        11,
        seats,
    )
    .unwrap()
}

fn seat_to_act(game: &Game<Race>) -> Seat {
    match game.to_act() {
        Decision::Act(seat) => seat,
        Decision::Over(o) => panic!("game over: {o:?}"),
    }
}

fn play(game: &mut Game<Race>, action: RaceAction) {
    let seat = seat_to_act(game);
    game.apply(seat, action).unwrap();
}

#[test]
fn the_seat_count_must_match_the_scenario() {
    let one = vec![SeatConfig::human()];
    let err = Game::new(
        Arc::new(Race::new()),
        course(),
        RaceOptions::default(),
        1,
        one,
    )
    .err();
    assert_eq!(
        err.map(|e| e.to_string()),
        Some("cannot set up the game: the scenario has 2 seats but 1 were configured".into())
    );
}

#[test]
fn only_the_deciding_seat_may_act_and_a_refusal_changes_nothing() {
    let mut game = new_game();
    let (hash, rng, events) = (game.state_hash(), game.rng().clone(), game.journal().len());
    let err = game.apply(Seat(1), RaceAction::Step(1)).unwrap_err();
    assert_eq!(err.reason, "seat 1 is to decide now, not seat 2");
    let err = game.apply(Seat(0), RaceAction::Step(3)).unwrap_err();
    assert_eq!(err.reason, "steps are 1 or 2");
    assert_eq!(
        (game.state_hash(), game.rng(), game.journal().len()),
        (hash, &rng, events)
    );
    assert!(game.log().is_empty());
    assert_eq!(game.link(), game.header_hash());
}

#[test]
fn each_action_extends_the_chain() {
    let mut game = new_game();
    play(&mut game, RaceAction::Step(1));
    play(&mut game, RaceAction::Step(2));
    let links: Vec<Hash64> = game.log().iter().map(LogEntry::link).collect();
    assert_eq!(links.len(), 2);
    assert_ne!(links[0], game.header_hash());
    assert_ne!(links[0], links[1]);
    assert_eq!(game.link(), links[1]);
    assert_eq!(game.log()[1].state_hash(), game.state_hash());
}

#[test]
fn the_same_seed_and_actions_give_the_same_hashes() {
    let run = || {
        let mut game = new_game();
        for a in [RaceAction::Roll, RaceAction::Step(2), RaceAction::Roll] {
            if let Decision::Act(seat) = game.to_act() {
                let mut legal = Vec::new();
                game.legal_actions(seat, &mut legal);
                let a = if legal.contains(&a) {
                    a
                } else {
                    legal[0].clone()
                };
                game.apply(seat, a).unwrap();
            }
        }
        (game.link(), game.journal().events().to_vec())
    };
    assert_eq!(run(), run());
}

#[test]
fn a_step_reveals_nothing_and_can_be_undone() {
    let mut game = new_game();
    let before = (game.state_hash(), game.rng().clone());
    play(&mut game, RaceAction::Step(2));
    assert!(game.can_undo());
    game.undo().unwrap();
    assert_eq!((game.state_hash(), game.rng().clone()), before);
    assert_eq!(seat_to_act(&game), Seat(0));
    assert_eq!(game.actions().count(), 0);
    // The undo is recorded: in the log (with its own link) and in the journal.
    assert_eq!(game.log().len(), 2);
    assert!(matches!(game.log()[1], LogEntry::Undo { .. }));
    assert_eq!(game.log()[1].state_hash(), before.0);
    let last = game.journal().events().last().unwrap();
    assert_eq!((last.rule, last.kind), (UNDO_RULE, EventKind::Undo));
    assert_eq!(last.text, "seat 1 takes back: step 2");
}

#[test]
fn a_roll_reveals_randomness_and_cannot_be_undone() {
    let mut game = new_game();
    play(&mut game, RaceAction::Step(1));
    play(&mut game, RaceAction::Roll);
    assert!(!game.can_undo());
    assert_eq!(game.undo(), Err(UndoError::PastReveal));
}

#[test]
fn playing_a_hidden_card_cannot_be_undone() {
    let mut game = new_game();
    play(&mut game, RaceAction::Play);
    assert_eq!(game.undo(), Err(UndoError::PastReveal));
}

#[test]
fn undo_goes_back_to_the_last_reveal_and_no_further() {
    let mut game = new_game();
    play(&mut game, RaceAction::Step(1));
    play(&mut game, RaceAction::Roll);
    let at_reveal = game.state_hash();
    let mut plain = 0;
    // A 6 asks seat 1 to answer; the answer itself reveals nothing.
    if seat_to_act(&game) == Seat(0) {
        play(&mut game, RaceAction::Block(false));
        plain += 1;
    }
    play(&mut game, RaceAction::Step(2));
    let middle = game.state_hash();
    play(&mut game, RaceAction::Step(1));
    plain += 2;
    game.undo().unwrap();
    assert_eq!(game.state_hash(), middle);
    let mut undone = 1;
    while game.undo().is_ok() {
        undone += 1;
    }
    assert_eq!(undone, plain);
    assert_eq!(game.state_hash(), at_reveal);
    assert_eq!(game.undo(), Err(UndoError::PastReveal));
    assert_eq!(game.actions().count(), 2);
}

#[test]
fn nothing_to_undo_at_the_start() {
    let mut game = new_game();
    assert!(!game.can_undo());
    assert_eq!(game.undo(), Err(UndoError::NothingToUndo));
}

#[test]
fn replays_honour_undos() {
    let mut game = new_game();
    play(&mut game, RaceAction::Step(1));
    game.undo().unwrap();
    play(&mut game, RaceAction::Step(2));
    play(&mut game, RaceAction::Step(1));
    play(&mut game, RaceAction::Step(2));
    game.undo().unwrap();
    game.undo().unwrap();
    play(&mut game, RaceAction::Roll);
    let text = save::to_ron(&game).unwrap();
    assert_eq!(text.matches("Undo(").count(), 3);
    let race = Race::new();
    let file = save::load(&race, text.as_bytes(), "u.ron").unwrap();
    let replayed = save::replay(Arc::new(race), file, Journal::recording()).unwrap();
    assert_eq!(replayed.link(), game.link());
    assert_eq!(replayed.state_hash(), game.state_hash());
    assert_eq!(replayed.journal().events(), game.journal().events());
    let report = save::report(&replayed);
    assert_eq!((report.actions, report.undos), (5, 3));
}

#[test]
fn an_undo_past_a_reveal_in_a_save_is_refused_by_verify() {
    let mut game = new_game();
    play(&mut game, RaceAction::Step(1));
    play(&mut game, RaceAction::Roll);
    let text = save::to_ron(&game).unwrap();
    let race = Race::new();
    let mut file = save::load(&race, text.as_bytes(), "u.ron").unwrap();
    // An undo entry forged after the roll is refused before its hashes are even compared.
    file.log.push(LogEntry::Undo {
        state: Hash64(0),
        link: Hash64(0),
    });
    let err = save::verify(Arc::new(race), file).unwrap_err();
    assert_eq!(
        err.to_string(),
        "entry 3 (undo) is not allowed: the last action revealed something random or hidden, \
         so it cannot be undone"
    );
}

#[test]
fn a_finished_game_takes_no_more_actions() {
    let short = RaceScenario {
        goal: 1,
        cards: vec![1, 2],
        max_rounds: 5,
    };
    let seats = vec![SeatConfig::human(), SeatConfig::human()];
    let mut game = Game::new(
        Arc::new(Race::new()),
        short,
        RaceOptions::default(),
        3,
        seats,
    )
    .unwrap();
    play(&mut game, RaceAction::Step(1));
    let Decision::Over(outcome) = game.to_act() else {
        panic!("the goal was reached");
    };
    assert!(outcome.winners.contains(Seat(0)));
    let err = game.apply(Seat(1), RaceAction::Step(1)).unwrap_err();
    assert_eq!(err.reason, "the game is over");
}

#[test]
fn observations_hide_the_other_hand() {
    let game = new_game();
    let mine = format!("{:?}", game.observe(Seat(0)));
    let referee = format!("{:?}", game.state());
    assert_ne!(mine, referee);
    let dealt: Vec<_> = game
        .journal()
        .events()
        .iter()
        .filter(|e| e.kind == EventKind::Draw)
        .collect();
    assert_eq!(dealt.len(), 2);
    assert_eq!(
        dealt[1].view(Some(Seat(0))).unwrap().text,
        "seat 2 is dealt a card"
    );
}
