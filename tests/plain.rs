//! Line-by-line play and replay of X-Com: Tactical (`play tactical --plain`, `replay --plain`):
//! the drawn map, fog of war in what is printed (our squad-list decision in
//! docs/rules/tactical.md), `q` or the end of input stopping AI play, and a seat's replay.

use crate::support::{plays, run, typed, typed_words};
use std::path::{Path, PathBuf};
use tempfile::TempDir;

/// Seed 3: the Aliens (an AI picking at random) lead round 1, then X-Com (seat 1, typed)
/// moves; its 105th choice ends its squad's turn, and the Aliens lead round 2.
const GAME: &str = "play tactical --plain --seed 3 --seat 2=ai:random --save t.ron";
const END_TURN: &str = "105\n";
const STOPPED: &str =
    "Stopped before Aliens (seat 2)'s next action; the game is saved as it stands.";

fn golden(dir: &Path, name: &str) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    let dst = dir.join(name);
    std::fs::copy(src, &dst).unwrap();
    dst
}

/// The lines printed in answer to the `nth` line typed (up to the next prompt).
fn answer(stdout: &str, nth: usize) -> Vec<&str> {
    let mut parts = stdout.split("\n> ").skip(1);
    let part = parts
        .nth(nth)
        .unwrap_or_else(|| panic!("no answer {nth}: {stdout}"));
    part.lines().collect()
}

/// tac.map.wall, tac.map.door, tac.los.see-through, tac.map.levels: `map` draws the level as
/// text, walls and windows included, in plain ASCII that fits 80 columns; `map X,Y,LEVEL`
/// moves it, and a level the map lacks is refused in words.
#[test]
fn map_draws_terrain_in_plain_ascii() {
    let dir = TempDir::new().unwrap();
    let r = plays(GAME, dir.path(), "map\nmap 30,30,2\nmap 9\nunits\nq\n", &[]);
    let first = answer(&r.stdout, 0);
    assert!(first[0].starts_with("Level 2 of 4"), "{first:#?}");
    assert!(first.iter().any(|l| l.starts_with("Marks: ")), "{first:#?}");
    assert!(
        first.iter().any(|l| l.contains("a Troop #1 ")),
        "{first:#?}"
    );
    let upstairs = answer(&r.stdout, 1);
    assert!(
        upstairs[0].starts_with("Level 2 of 4, x 12-47, y 27-33"),
        "{upstairs:#?}"
    );
    let marks = upstairs.iter().find(|l| l.starts_with("Marks: ")).unwrap();
    for mark in ["- | + wall", "= window", ". floor"] {
        assert!(marks.contains(mark), "{marks}");
    }
    assert!(upstairs.iter().any(|l| l.contains("+---")), "{upstairs:#?}");
    for l in first.iter().chain(&upstairs) {
        assert!(l.len() <= 80, "{l:?}");
        assert!(l.bytes().all(|b| (b' '..=b'~').contains(&b)), "{l:?}");
    }
    assert!(
        answer(&r.stdout, 2)[0].starts_with("there is no level 9: this map has levels 1 to 4"),
        "{}",
        r.stdout
    );
    // `units` keeps the one-fact-a-line list.
    assert!(
        r.stdout.contains("\n  unit 1 X-Com Troop #1: "),
        "{}",
        r.stdout
    );
}

/// Squad lists are private (docs/rules/tactical.md, with tac.psi.probe): an enemy out of
/// sight is listed by side and number, never by type, in play, in `log --seat` and in the
/// replay of that seat.
#[test]
fn unseen_enemies_are_not_named_by_type() {
    let dir = TempDir::new().unwrap();
    let r = plays(
        GAME,
        dir.path(),
        "units\nq\n",
        &["unit 10 Aliens #10: not in sight"],
    );
    for kind in ["Sectoid", "Snakeman", "Muton", "Reaper", "Chrysalid"] {
        assert!(!r.stdout.contains(&format!(": {kind}")), "{}", r.stdout);
        assert!(
            !r.stdout.contains(&format!("Aliens {kind} #")),
            "{kind}: {}",
            r.stdout
        );
    }
    let log = run(&["log", "t.ron", "--seat", "1"], dir.path());
    assert_eq!(log.code, 0, "{}", log.stderr);
    assert!(
        !log.stdout.contains("Aliens: Sectoid deploys"),
        "{}",
        log.stdout
    );
    let referee = run(&["log", "t.ron"], dir.path());
    assert!(
        referee.stdout.contains("Aliens: Sectoid deploys"),
        "{}",
        referee.stdout
    );
}

/// A `q` typed while the AI plays stops the game at the next action boundary (the game is
/// saved as it stands, and verifies); nothing more is played.
#[test]
fn q_typed_during_ai_play_stops_it() {
    let dir = TempDir::new().unwrap();
    let r = plays(
        GAME,
        dir.path(),
        &format!("{END_TURN}q\n"),
        &[STOPPED, "Saved to t.ron."],
    );
    let (_, after) = r.stdout.split_once("X-Com ends its squad's turn").unwrap();
    assert!(!after.contains(" is playing "), "{after}");
    let verify = run(&["verify", "t.ron"], dir.path());
    assert_eq!(verify.code, 0, "{}", verify.stderr);
}

/// The end of the input stops AI play too, in a game with a human seat.
#[test]
fn end_of_input_during_ai_play_stops_it() {
    let dir = TempDir::new().unwrap();
    let r = plays(GAME, dir.path(), END_TURN, &[STOPPED]);
    let (_, after) = r.stdout.split_once("X-Com ends its squad's turn").unwrap();
    assert!(!after.contains(" is playing "), "{after}");
}

/// A game of AI seats only needs no input: it plays to its end with none.
#[test]
fn ai_only_play_needs_no_input() {
    let dir = TempDir::new().unwrap();
    let r = typed_words(
        "play skirmish --plain --seed 9 --seat 1=ai:random --seat 2=ai:random",
        dir.path(),
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("Game over: "), "{}", r.stdout);
    assert!(!r.stdout.contains("Stopped before"), "{}", r.stdout);
}

/// `replay --plain --seat N` shows that seat's view, as `log --seat N` does: in the Assault
/// golden, action 48 is an Aliens' Muton walking where X-Com cannot see it
/// (tac.move.walk-straight, the journal's fog); X-Com's replay says only that the Aliens
/// acted, the referee's and the Aliens' show the step.
#[test]
fn a_seats_replay_hides_the_enemys_unseen_move() {
    let dir = TempDir::new().unwrap();
    let save = golden(dir.path(), "tactical-assault-format4-seed-9.ron");
    let save = save.to_str().unwrap();
    let step = "Muton #18 moves to 23,22,1";
    let replay = |seat: Option<&str>| {
        let mut args = vec!["replay", save, "--plain"];
        if let Some(s) = seat {
            args.extend(["--seat", s]);
        }
        let r = typed(&args, dir.path(), "48\nv\nq\n");
        assert_eq!(r.code, 0, "{}", r.stderr);
        r.stdout
    };
    let x_com = replay(Some("1"));
    assert!(x_com.contains("As seat 1 (X-Com) saw it"), "{x_com}");
    assert!(x_com.contains("action 48 of 318"), "{x_com}");
    assert!(
        x_com.contains("  (an action of seat 2 (Aliens))"),
        "{x_com}"
    );
    assert!(
        x_com.contains("(nothing of it is seen from this seat)"),
        "{x_com}"
    );
    assert!(!x_com.contains("Muton #18"), "{x_com}");
    assert!(
        x_com.contains("the state after action 48 as seat 1 (X-Com) saw it:"),
        "{x_com}"
    );
    assert!(
        x_com.contains("unit 18 Aliens #18: not in sight"),
        "{x_com}"
    );
    let referee = replay(None);
    assert!(referee.contains(step), "{referee}");
    assert!(referee.contains("unit 18 Aliens Muton #18: "), "{referee}");
    let aliens = replay(Some("2"));
    assert!(aliens.contains(step), "{aliens}");
    // A seat the game does not have is refused.
    let r = typed(&["replay", save, "--plain", "--seat", "3"], dir.path(), "");
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stderr.contains("--seat 3: this game has 2 seats"),
        "{}",
        r.stderr
    );
}

/// The same in a terminal (a pseudo-terminal made by util-linux `script`): the `q` typed while
/// the AI plays stops the game at the next action, and the terminal gets no control bytes
/// from the map.
#[cfg(target_os = "linux")]
#[test]
fn in_a_terminal_q_stops_ai_play() {
    let dir = TempDir::new().unwrap();
    let bin = assert_cmd::cargo::cargo_bin("squadsight");
    let args = GAME.replace(" --plain", "");
    let out = assert_cmd::Command::new("script")
        .args(["-qec", &format!("{} {args}", bin.display()), "/dev/null"])
        .current_dir(dir.path())
        .env("SQUADSIGHT_HOME", dir.path().join("home"))
        .timeout(std::time::Duration::from_secs(120))
        .write_stdin(format!("map\n{END_TURN}q\n"))
        .output()
        .expect("util-linux `script` runs the binary in a pseudo-terminal");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains(STOPPED), "{text}");
    let (_, map) = text
        .split_once("Level 2 of 4")
        .unwrap_or_else(|| panic!("{text}"));
    let (map, _) = map.split_once("\n> ").unwrap_or((map, ""));
    assert!(!map.contains('\u{1b}'), "{map}");
    let verify = run(&["verify", "t.ron"], dir.path());
    assert_eq!(verify.code, 0, "{}", verify.stderr);
}
