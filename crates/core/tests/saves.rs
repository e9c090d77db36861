//! Saves: the envelope round trip, `verify`, tamper detection through the state hashes and the
//! hash chain, and refusal of other format versions, rulesets and rules data.

mod toy;

use std::sync::Arc;

use squadsight_core::game::{Game, LogEntry, SeatConfig};
use squadsight_core::save::{
    self, FORMAT_VERSION, Hash64, LoadError, VerifyError, load, read_header, verify,
};
use squadsight_core::{Decision, Journal, Seat};
use toy::{Race, RaceAction, RaceOptions, RaceScenario};

/// A course too long to finish, so scripts of any length fit (the round limit ends it).
fn marathon() -> RaceScenario {
    RaceScenario {
        goal: 200,
        cards: vec![1, 2, 3, 4],
        max_rounds: 50,
    }
}

fn new_game(seed: u64) -> Game<Race> {
    let seats = vec![SeatConfig::human(), SeatConfig::ai("random")];
    Game::new(
        Arc::new(Race::new()),
        marathon(),
        RaceOptions::default(),
        seed,
        seats,
    )
    .unwrap()
}

/// Plays a fixed script: each seat steps 1, then 2, then rolls, round after round, answering
/// any 6 by letting it stand, until the game ends or `n` actions are played.
fn scripted(seed: u64, n: usize) -> Game<Race> {
    let mut game = new_game(seed);
    let script = [RaceAction::Step(1), RaceAction::Step(2), RaceAction::Roll];
    for i in 0..n {
        let Decision::Act(seat) = game.to_act() else {
            break;
        };
        let mut legal = Vec::new();
        game.legal_actions(seat, &mut legal);
        let action = if legal.contains(&RaceAction::Block(false)) {
            RaceAction::Block(false)
        } else {
            script[(i / 2) % 3].clone()
        };
        game.apply(seat, action).unwrap();
    }
    game
}

fn text_of(game: &Game<Race>) -> String {
    save::to_ron(game).unwrap()
}

fn verify_text(text: &str) -> Result<save::VerifyReport, VerifyError> {
    let race = Race::new();
    let file = load(&race, text.as_bytes(), "t.ron").unwrap();
    verify(Arc::new(race), file)
}

/// The byte offset of the `n`th occurrence of `needle`.
fn nth(text: &str, needle: &str, n: usize) -> usize {
    text.match_indices(needle).nth(n).unwrap().0
}

#[test]
fn a_save_round_trips_byte_for_byte_and_verifies() {
    let game = scripted(5, 14);
    let text = text_of(&game);
    let race = Race::new();
    let file = load(&race, text.as_bytes(), "t.ron").unwrap();
    assert_eq!(file.to_ron().unwrap(), text);
    assert_eq!(file.log.len(), 14);
    let report = verify(Arc::new(race), file).unwrap();
    assert_eq!(report.actions, 14);
    assert_eq!(report.undos, 0);
    assert_eq!(report.final_hash, game.link());
    assert_eq!(report.final_state, game.state_hash());
}

#[test]
fn the_envelope_names_everything_needed_to_replay() {
    let text = text_of(&scripted(5, 3));
    for field in [
        "format: 1,",
        "engine: \"",
        "ruleset: \"race\",",
        "data_hash: \"",
        "scenario: (",
        "goal: 200,",
        "options: (",
        "seed: 5,",
        "seats: [",
        "kind: Ai(",
        "header_hash: \"",
        "log: [",
        "Act(",
        "seat: 0,",
        "action: Step(1),",
        "state: \"",
        "link: \"",
    ] {
        assert!(text.contains(field), "missing `{field}` in\n{text}");
    }
    assert!(!text.contains("parent"), "no parent unless branched");
}

#[test]
fn replay_rebuilds_the_same_journal() {
    let game = scripted(9, 30);
    let race = Race::new();
    let file = load(&race, text_of(&game).as_bytes(), "t.ron").unwrap();
    let again = save::replay(Arc::new(race), file, Journal::recording()).unwrap();
    assert_eq!(again.journal().events(), game.journal().events());
}

#[test]
fn changing_one_byte_of_an_action_names_that_action() {
    let game = scripted(5, 14);
    let text = text_of(&game);
    // The fifth `Step(1)` in the log is log entry 9 (seat 0 and 1 alternate Step(1), Step(2),
    // Roll); make it `Step(2)`.
    let at = nth(&text, "Step(1)", 4) + "Step(".len();
    let entry = text[..at].matches("Act(").count() - 1;
    let mut tampered = text.clone().into_bytes();
    tampered[at] = b'2';
    let tampered = String::from_utf8(tampered).unwrap();
    let err = verify_text(&tampered).unwrap_err();
    match &err {
        VerifyError::StateMismatch {
            index,
            action,
            seat,
            expected,
            got,
        } => {
            assert_eq!(*index, entry);
            assert_eq!(action, "Step(2)");
            assert!(seat.is_some());
            assert_ne!(expected, got);
        }
        other => panic!("expected a state mismatch, got {other:?}"),
    }
    assert!(
        err.to_string()
            .starts_with(&format!("action {} (seat ", entry + 1)),
        "{err}"
    );
}

#[test]
fn an_action_made_illegal_is_named() {
    let text = text_of(&scripted(5, 14));
    let at = nth(&text, "Step(2)", 2) + "Step(".len();
    let mut tampered = text.into_bytes();
    tampered[at] = b'7';
    let err = verify_text(&String::from_utf8(tampered).unwrap()).unwrap_err();
    assert!(
        matches!(&err, VerifyError::Illegal { action, reason, .. }
            if action == "Step(7)" && reason == "steps are 1 or 2"),
        "{err:?}"
    );
    assert!(err.to_string().contains("Step(7)"), "{err}");
}

#[test]
fn a_changed_state_hash_is_reported_with_both_values() {
    let game = scripted(5, 6);
    let text = text_of(&game);
    let LogEntry::Act { state, .. } = &game.log()[3] else {
        panic!("an action");
    };
    let forged = Hash64(state.0 ^ 1);
    let tampered = text.replacen(&state.to_string(), &forged.to_string(), 1);
    let err = verify_text(&tampered).unwrap_err();
    assert_eq!(
        err,
        VerifyError::StateMismatch {
            index: 3,
            seat: Some(Seat(1)),
            action: "Step(2)".into(),
            expected: forged,
            got: *state,
        }
    );
}

#[test]
fn a_changed_link_breaks_the_chain_there() {
    let game = scripted(5, 6);
    let text = text_of(&game);
    let link = game.log()[2].link();
    let tampered = text.replacen(&link.to_string(), &Hash64(link.0 ^ 0x10).to_string(), 1);
    let err = verify_text(&tampered).unwrap_err();
    assert!(
        matches!(err, VerifyError::BrokenLink { index: Some(2), stored, computed }
            if computed == link && stored != link),
        "{err:?}"
    );
}

#[test]
fn a_changed_seed_breaks_the_first_link_the_header() {
    let text = text_of(&scripted(5, 6));
    let tampered = text.replacen("seed: 5,", "seed: 6,", 1);
    let err = verify_text(&tampered).unwrap_err();
    assert!(
        matches!(err, VerifyError::BrokenLink { index: None, .. }),
        "{err:?}"
    );
    assert!(
        err.to_string().contains("header hash does not match"),
        "{err}"
    );
}

#[test]
fn a_changed_option_or_scenario_breaks_the_header_too() {
    let text = text_of(&scripted(5, 6));
    for tampered in [
        text.replacen("timer: 0,", "timer: 9,", 1),
        text.replacen("goal: 200,", "goal: 13,", 1),
        text.replacen("kind: Human", "kind: Ai(level: \"hard\")", 1),
    ] {
        assert_ne!(tampered, text);
        let err = verify_text(&tampered).unwrap_err();
        assert!(
            matches!(err, VerifyError::BrokenLink { index: None, .. }),
            "{err:?}"
        );
    }
}

#[test]
fn a_dropped_entry_is_caught() {
    let game = scripted(5, 6);
    let race = Race::new();
    let mut file = load(&race, text_of(&game).as_bytes(), "t.ron").unwrap();
    file.log.remove(1);
    let err = verify(Arc::new(race), file).unwrap_err();
    assert!(
        matches!(
            err,
            VerifyError::StateMismatch { index: 1, .. } | VerifyError::Illegal { index: 1, .. }
        ),
        "{err:?}"
    );
}

#[test]
fn another_format_version_is_refused_naming_both() {
    let text = text_of(&scripted(5, 2));
    let future = text.replacen("format: 1,", "format: 2,", 1);
    let expected =
        "t.ron: this save uses format version 2, but this build reads only format version 1";
    let race = Race::new();
    let err = load(&race, future.as_bytes(), "t.ron").unwrap_err();
    assert_eq!(err.to_string(), expected);
    assert_eq!(
        read_header(future.as_bytes(), "t.ron")
            .unwrap_err()
            .to_string(),
        expected
    );
    // A future format may look nothing like this one; the version is still what is reported.
    let alien = "(format: 3, log: \"compressed\", everything: [1, 2, 3])";
    let err = load(&race, alien.as_bytes(), "t.ron").unwrap_err();
    assert!(matches!(
        err,
        LoadError::Format {
            found: 3,
            supported: FORMAT_VERSION,
            ..
        }
    ));
}

#[test]
fn other_rules_data_is_refused_naming_both_hashes() {
    let text = text_of(&scripted(5, 2));
    let race = Race::new();
    let ours = Hash64(squadsight_core::Ruleset::data_hash(&race));
    let theirs = Hash64(ours.0.wrapping_add(1));
    let other = text.replacen(&ours.to_string(), &theirs.to_string(), 1);
    let err = load(&race, other.as_bytes(), "t.ron").unwrap_err();
    let m = err.to_string();
    assert!(
        m.contains(&theirs.to_string()) && m.contains(&ours.to_string()),
        "{m}"
    );
}

#[test]
fn a_save_of_another_ruleset_is_refused() {
    let text = text_of(&scripted(5, 2)).replacen("ruleset: \"race\"", "ruleset: \"skirmish\"", 1);
    let header = read_header(text.as_bytes(), "t.ron").unwrap();
    assert_eq!(header.ruleset, "skirmish");
    let err = load(&Race::new(), text.as_bytes(), "t.ron").unwrap_err();
    assert_eq!(
        err.to_string(),
        "t.ron: this is a `skirmish` save, not a `race` save"
    );
}

#[test]
fn the_header_is_readable_without_the_ruleset() {
    let text = text_of(&scripted(5, 2));
    let header = read_header(text.as_bytes(), "t.ron").unwrap();
    assert_eq!(header.format, FORMAT_VERSION);
    assert_eq!(header.ruleset, "race");
    assert_eq!(header.engine, squadsight_core::game::ENGINE_VERSION);
}

#[test]
fn unreadable_saves_give_file_line_and_column() {
    let text = text_of(&scripted(5, 4));
    let race = Race::new();
    let truncated = &text[..text.len() / 2];
    let err = load(&race, truncated.as_bytes(), "t.ron").unwrap_err();
    let LoadError::Parse(e) = &err else {
        panic!("{err:?}")
    };
    assert!(e.line > 1 && e.col > 0, "{e}");
    assert!(
        err.to_string()
            .starts_with(&format!("t.ron:{}:{}: ", e.line, e.col))
    );
    for junk in [
        &b"\xff\xfe\x00garbage"[..],
        "[".repeat(10_000).as_bytes(),
        b"",
    ] {
        assert!(matches!(
            load(&race, junk, "j.ron"),
            Err(LoadError::Parse(_))
        ));
        assert!(read_header(junk, "j.ron").is_err());
    }
    let bad_hash = text.replacen("state: \"", "state: \"zz", 1);
    let err = load(&race, bad_hash.as_bytes(), "t.ron").unwrap_err();
    assert!(
        err.to_string().contains("is not a hash of 16 hex digits"),
        "{err}"
    );
}

#[test]
fn the_parent_survives_a_round_trip() {
    let mut game = scripted(5, 2);
    game.set_parent(Some(save::Parent {
        file: "first.ron".into(),
        action: 2,
    }));
    let text = text_of(&game);
    assert!(
        text.contains("parent: Some((\n    file: \"first.ron\",\n    action: 2,"),
        "{text}"
    );
    let race = Race::new();
    let file = load(&race, text.as_bytes(), "t.ron").unwrap();
    assert_eq!(file.to_ron().unwrap(), text);
    let replayed = save::replay(Arc::new(race), file, Journal::off()).unwrap();
    assert_eq!(replayed.parent().map(|p| p.action), Some(2));
}
