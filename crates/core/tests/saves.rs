//! Saves: the envelope round trip, `verify`, tamper detection through the state hashes and the
//! hash chain, and refusal of other format versions, rulesets and rules data.

use std::sync::Arc;

use crate::toy::{Race, RaceAction, RaceOptions, RaceScenario};
use squadsight_core::game::{Game, LogEntry, SeatConfig};
use squadsight_core::save::{
    self, FORMAT_VERSION, Hash64, LoadError, VerifyError, load, read_header, verify,
};
use squadsight_core::{Decision, Journal, Seat};

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
        "format: 4,",
        "engine: \"",
        "ruleset: \"race\",",
        "data_hash: \"",
        "scenario: (",
        "goal: 200,",
        "options: (",
        "seed: 5,",
        "seed_commitment: \"04c70c8709f54d70\",",
        "seats: [",
        "kind: Ai(",
        "header_hash: \"",
        "log: [",
        "Act(",
        "seat: 0,",
        "action: Step(1),",
        "state: \"",
        "link: \"",
        "trailer: Some((",
        "entries: ",
        "seal: \"",
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
fn a_changed_seed_is_caught_by_the_seed_commitment() {
    let text = text_of(&scripted(5, 6));
    let tampered = text.replacen("seed: 5,", "seed: 6,", 1);
    let err = verify_text(&tampered).unwrap_err();
    assert!(
        matches!(err, VerifyError::SeedCommitment { seed: 6, .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("header field `seed`"), "{err}");
    // Changing the commitment instead is caught the same way.
    let c = squadsight_core::seed::commitment(5).to_string();
    let other = format!("{}{}", &c[..15], if c.ends_with('0') { '1' } else { '0' });
    let tampered = text.replacen(&c, &other, 1);
    assert_ne!(tampered, text);
    assert!(matches!(
        verify_text(&tampered),
        Err(VerifyError::SeedCommitment { seed: 5, .. })
    ));
    // Changing both consistently still breaks the header hash.
    let both = text.replacen("seed: 5,", "seed: 6,", 1).replacen(
        &c,
        &squadsight_core::seed::commitment(6).to_string(),
        1,
    );
    let err = verify_text(&both).unwrap_err();
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
fn the_seed_is_committed_at_the_start_and_revealed_at_the_end() {
    let mut game = scripted(5, 400);
    assert!(matches!(game.to_act(), Decision::Over(_)));
    let events = game.journal().events();
    assert_eq!(events[0].rule, squadsight_core::seed::COMMIT_RULE);
    let short = squadsight_core::seed::short(game.seed_commitment());
    assert!(events[0].text.contains(&short), "{}", events[0].text);
    let last = events.last().unwrap();
    assert_eq!(last.rule, squadsight_core::seed::REVEAL_RULE);
    assert!(last.text.contains("the seed was 5") && last.text.contains(&short));
    // Once the seed is out, the last action cannot be taken back.
    assert!(!game.can_undo());
    assert!(game.undo().is_err());
    let text = text_of(&game);
    assert!(text.contains(&format!("seed_commitment: \"{}\"", game.seed_commitment())));
    let header = read_header(text.as_bytes(), "t.ron").unwrap();
    assert_eq!(header.seed_commitment, Some(game.seed_commitment()));
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
    let future = text.replacen("format: 4,", "format: 5,", 1);
    let expected =
        "t.ron: this save uses format version 5, but this build reads only format versions 3 to 4";
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
    let alien = "(format: 5, log: \"compressed\", everything: [1, 2, 3])";
    let err = load(&race, alien.as_bytes(), "t.ron").unwrap_err();
    assert!(matches!(
        err,
        LoadError::Format {
            found: 5,
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
fn a_branch_records_its_parent_and_verifies() {
    let parent = scripted(5, 6);
    let race = Arc::new(Race::new());
    let file = load(&*race, text_of(&parent).as_bytes(), "first.ron").unwrap();
    let branch = save::branch(Arc::clone(&race), file, 3, "first.ron").unwrap();
    // The branch is the parent's first three entries, under its own header.
    assert_eq!(branch.log().len(), 3);
    assert_eq!(branch.state_hash(), parent.log()[2].state_hash());
    assert_ne!(branch.header_hash(), parent.header_hash());
    let p = branch.parent().unwrap();
    assert_eq!(
        (p.file.as_str(), p.action, p.link),
        ("first.ron", 3, parent.log()[2].link())
    );
    let text = text_of(&branch);
    assert!(
        text.contains("parent: Some((\n    file: \"first.ron\",\n    action: 3,"),
        "{text}"
    );
    let loaded = load(&*race, text.as_bytes(), "t.ron").unwrap();
    assert_eq!(loaded.to_ron().unwrap(), text);
    let replayed = save::replay(Arc::clone(&race), loaded, Journal::off()).unwrap();
    assert_eq!(replayed.parent().map(|p| p.action), Some(3));
    // The parent is covered by the header hash: changing the branch point is caught.
    let moved = text.replacen("action: 3,", "action: 2,", 1);
    assert!(matches!(
        verify_text(&moved),
        Err(VerifyError::BrokenLink { index: None, .. })
    ));
    // Branching before the first entry keeps nothing and links to the parent's header.
    let file = load(&*race, text_of(&parent).as_bytes(), "first.ron").unwrap();
    let root = save::branch(race, file, 0, "first.ron").unwrap();
    assert!(root.log().is_empty());
    assert_eq!(root.parent().unwrap().link, parent.header_hash());
}

#[test]
fn an_incompatible_engine_is_refused_naming_both_versions() {
    let text = text_of(&scripted(5, 2));
    let ours = squadsight_core::game::ENGINE_VERSION;
    let race = Race::new();
    let engine = format!("engine: \"{ours}\"");
    for other in ["99.0.0", "0.999.0", "garbage"] {
        let tampered = text.replacen(&engine, &format!("engine: \"{other}\""), 1);
        let err = load(&race, tampered.as_bytes(), "t.ron").unwrap_err();
        let m = err.to_string();
        assert!(matches!(err, LoadError::Engine { .. }), "{m}");
        assert!(m.contains(other) && m.contains(ours), "{m}");
    }
    assert!(save::engine_compatible("0.1.0", "0.1.9"));
    assert!(save::engine_compatible("1.2.0", "1.4.1"));
    assert!(!save::engine_compatible("1.2.0", "2.0.0"));
    assert!(!save::engine_compatible("0.1.0", "0.2.0"));
    assert!(!save::engine_compatible("0.1", "0.1.0"));
}

#[test]
fn audit_reports_the_first_broken_link_and_the_first_divergence_apart() {
    let game = scripted(5, 8);
    let text = text_of(&game);
    let race = Arc::new(Race::new());
    let audit = |t: &str| save::audit(Arc::clone(&race), load(&*race, t.as_bytes(), "t").unwrap());
    assert!(audit(&text).is_ok());
    // An edited link: the chain breaks at that entry, the game itself still replays.
    let link = game.log()[3].link().to_string();
    let other = Hash64(game.log()[3].link().0 ^ 1).to_string();
    let failure = audit(&text.replacen(&link, &other, 1)).unwrap_err();
    assert!(failure.divergence.is_none(), "{failure:?}");
    assert_eq!(
        failure.broken_link.as_ref().and_then(VerifyError::entry),
        Some(3)
    );
    // An edited state hash: that entry diverges; the chain (built from replayed states) holds.
    let state = game.log()[5].state_hash().to_string();
    let other = Hash64(game.log()[5].state_hash().0 ^ 1).to_string();
    let failure = audit(&text.replacen(&state, &other, 1)).unwrap_err();
    assert!(failure.broken_link.is_none(), "{failure:?}");
    assert!(matches!(
        failure.divergence,
        Some(VerifyError::StateMismatch { index: 5, .. })
    ));
    assert_eq!(failure.problems().len(), 1);
}

#[test]
fn a_trace_shows_one_entry_and_its_events() {
    let game = scripted(5, 8);
    let race = Arc::new(Race::new());
    let file = || load(&*race, text_of(&game).as_bytes(), "t").unwrap();
    let t = squadsight_core::trace::trace_entry(Arc::clone(&race), file(), 2, None).unwrap();
    assert_eq!(t.index, 2);
    assert_eq!(t.state, game.log()[2].state_hash());
    assert_eq!(t.link, game.log()[2].link());
    let LogEntry::Act { seat, action, .. } = &game.log()[2] else {
        panic!("entry 3 is an action")
    };
    assert_eq!(t.seat, Some(*seat));
    assert_eq!(t.action_ron, squadsight_core::game::canonical_ron(action));
    // Its events are exactly the journal's events between the entries before and after.
    let before = {
        // The first 2 entries, each checked (the trailer belongs to the whole log).
        let mut r = save::Replayer::start(Arc::clone(&race), file(), Journal::recording()).unwrap();
        while r.position() < 2 {
            r.step().unwrap().unwrap();
        }
        r.into_game()
    };
    let after = {
        // The first 3 entries, each checked (the trailer belongs to the whole log).
        let mut r = save::Replayer::start(Arc::clone(&race), file(), Journal::recording()).unwrap();
        while r.position() < 3 {
            r.step().unwrap().unwrap();
        }
        r.into_game()
    };
    let want = &after.journal().events()[before.journal().events().len()..];
    let got: Vec<_> = t.events.iter().map(|e| e.event.clone()).collect();
    assert_eq!(got, want);
    assert!(matches!(
        squadsight_core::trace::trace_entry(Arc::clone(&race), file(), 8, None),
        Err(squadsight_core::trace::TraceError::NoSuchEntry { number: 9, len: 8 })
    ));
}

#[test]
fn a_save_cut_short_no_longer_verifies() {
    let game = scripted(5, 8);
    let race = Arc::new(Race::new());
    let text = text_of(&game);
    let whole = load(&*race, text.as_bytes(), "t").unwrap();
    let report = verify(Arc::clone(&race), whole.clone()).unwrap();
    assert_eq!(report.fingerprint, save::fingerprint(&game));
    // The last entry, the last five, or all of them deleted: each is seen.
    for keep in [7, 3, 0] {
        let mut cut = whole.clone();
        cut.log.truncate(keep);
        let err = verify(Arc::clone(&race), cut).unwrap_err();
        assert!(
            matches!(err, VerifyError::Trailer { .. }),
            "keep {keep}: {err:?}"
        );
        assert!(err.to_string().contains("removed"), "{err}");
    }
    // The trailer deleted as well: still seen.
    let mut bare = whole.clone();
    bare.log.truncate(3);
    bare.trailer = None;
    let err = verify(Arc::clone(&race), bare).unwrap_err();
    assert!(err.to_string().contains("no trailer"), "{err}");
    // A trailer made up to fit the cut log without its seal recomputed: the link is wrong.
    let mut forged = whole.clone();
    forged.log.truncate(3);
    if let Some(t) = forged.trailer.as_mut() {
        t.entries = 3;
    }
    assert!(verify(Arc::clone(&race), forged).is_err());
    // A recomputed trailer (anyone can: the chain has no key) verifies, but its fingerprint
    // is another game's: that is what noting the fingerprint catches.
    let mut recut = whole.clone();
    recut.log.truncate(3);
    let link = recut.log[2].link();
    recut.trailer = Some(save::Trailer {
        entries: 3,
        link,
        seal: save::trailer_seal(3, link),
    });
    let other = verify(Arc::clone(&race), recut).unwrap();
    assert_ne!(other.fingerprint, report.fingerprint);
}
