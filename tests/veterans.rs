//! `squadsight carry` end to end (tac.squad.campaign, tac.gap.21): a finished Tactical save's
//! survivors written into the next scenario as veterans, the file checked and played; bad
//! saves, seats and outputs refused with a clear message.

use crate::support::{refused, run, succeeds};
use squadsight_tactical::scenario::{self, ScenarioDef};
use squadsight_tactical::{Tactical, squad::UnitPickDef};
use std::fs;
use std::path::{Path, PathBuf};
use tempfile::TempDir;

/// Four squads to round 12; the Sectoids' Cyberdisk (their fifth unit) was destroyed.
const TEAMS: &str = "tactical-teams-format4-seed-9.ron";
/// Two squads to round 12, every unit standing.
const ASSAULT: &str = "tactical-assault-format4-seed-9.ron";

/// A golden replay (see `tests/golden.rs`), copied into `dir`.
fn golden(dir: &Path, name: &str) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    let dst = dir.join(name);
    fs::copy(src, &dst).unwrap();
    dst
}

fn read_scenario(path: &Path) -> ScenarioDef {
    let bytes = fs::read(path).unwrap();
    scenario::parse(&bytes, &path.display().to_string()).unwrap_or_else(|e| panic!("{e}"))
}

fn builtin(id: &str) -> ScenarioDef {
    Tactical::new()
        .and_then(|t| t.scenario(id))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// `picks` as veterans.
fn as_veterans(picks: &[UnitPickDef]) -> Vec<UnitPickDef> {
    picks
        .iter()
        .map(|p| UnitPickDef {
            veteran: true,
            ..p.clone()
        })
        .collect()
}

#[test]
fn the_survivors_of_one_seat_join_its_squad_in_the_next_battle_and_it_plays() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    golden(d, TEAMS);
    let r = succeeds(
        &["carry", TEAMS, "--seat", "3", "-o", "next.ron"],
        d,
        &[
            "no winner (the round limit of 12 was reached)",
            "Sectoids (seat 3): 4 of 5 come back",
            "5. Cyberdisk — dead",
            "1. Sectoid — standing: comes back",
            "they join Sectoids (seat 3) of the next scenario",
            "each veteran's first 20 points of boosts are free",
            "squadsight play tactical --scenario next.ron",
        ],
    );
    assert!(!r.stdout.contains("X-Com Alpha"), "{}", r.stdout);
    // The save's own scenario, the Sectoids' squad holding its four survivors as veterans,
    // kit and boosts as bought; every other squad as it was.
    let played = builtin("teams");
    let next = read_scenario(&d.join("next.ron"));
    assert_eq!(
        next.squads[2].units,
        as_veterans(&played.squads[2].units[..4])
    );
    for s in [0, 1, 3] {
        assert_eq!(next.squads[s], played.squads[s]);
    }
    assert_eq!((&next.map, next.rounds), (&played.map, played.rounds));
    succeeds(
        &["check", "next.ron"],
        d,
        &["ok: tactical scenario with 4 seats"],
    );
    succeeds(
        &[
            "sim",
            "tactical",
            "--scenario",
            "next.ron",
            "--games",
            "1",
            "--seed",
            "2",
            "--ai",
            "random",
        ],
        d,
        &["1 games"],
    );
}

#[test]
fn veterans_go_into_another_scenario_and_every_seat_is_carried_by_default() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    golden(d, ASSAULT);
    // Into the Crashed UFO: X-Com's nine keep their boosts; the aliens stay the scenario's.
    succeeds(
        &[
            "carry",
            ASSAULT,
            "--seat",
            "1",
            "--into",
            "crashed-ufo",
            "--out",
            "crash.ron",
        ],
        d,
        &["X-Com (seat 1): 9 of 9 come back"],
    );
    let crash = read_scenario(&d.join("crash.ron"));
    let (assault, ufo) = (builtin("assault"), builtin("crashed-ufo"));
    assert_eq!(crash.squads[0].units, as_veterans(&assault.squads[0].units));
    assert_eq!(crash.squads[1], ufo.squads[1]);
    assert_eq!(crash.name, ufo.name);
    succeeds(&["check", "crash.ron"], d, &["ok: tactical scenario"]);
    // The aliens' survivors into seat 2 of a scenario file.
    succeeds(
        &[
            "carry",
            ASSAULT,
            "--seat",
            "2",
            "--to-seat",
            "2",
            "--into",
            "crash.ron",
            "-o",
            "both.ron",
        ],
        d,
        &["Aliens (seat 2): 11 of 11 come back"],
    );
    let both = read_scenario(&d.join("both.ron"));
    assert_eq!(both.squads[0], crash.squads[0]);
    assert_eq!(both.squads[1].units, as_veterans(&assault.squads[1].units));
    // No seat: every seat's survivors, written beside the save; not over an existing file.
    succeeds(
        &["carry", ASSAULT],
        d,
        &[
            "X-Com (seat 1): 9 of 9",
            "Aliens (seat 2): 11 of 11",
            "tactical-assault-format4-seed-9-veterans.ron",
        ],
    );
    let all = read_scenario(&d.join("tactical-assault-format4-seed-9-veterans.ron"));
    assert!(all.squads.iter().flat_map(|s| &s.units).all(|u| u.veteran));
    refused(&["carry", ASSAULT], d, 2, &["already exists", "--force"]);
    succeeds(&["carry", ASSAULT, "--force"], d, &["wrote"]);
}

#[test]
fn bad_saves_seats_and_outputs_are_refused_and_nothing_is_written() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let save = golden(d, ASSAULT);
    golden(d, "skirmish-learning-seed-7.ron");
    refused(
        &["carry", "skirmish-learning-seed-7.ron"],
        d,
        2,
        &[
            "`skirmish` save, not a `tactical` save",
            "`carry` reads saves of X-Com: Tactical games",
        ],
    );
    refused(
        &["carry", ASSAULT, "--seat", "3"],
        d,
        2,
        &["--seat 3", "seats 1 to 2"],
    );
    refused(&["carry", ASSAULT, "--seat", "11"], d, 2, &["--seat"]);
    refused(&["carry", ASSAULT, "--to-seat", "2"], d, 2, &["--seat"]);
    refused(
        &["carry", ASSAULT, "--seat", "1", "--to-seat", "2"],
        d,
        2,
        &[
            "seat 2 of the next scenario (Aliens) is an alien squad, and the veterans are X-Com troops",
        ],
    );
    refused(
        &[
            "carry",
            ASSAULT,
            "--seat",
            "1",
            "--into",
            "teams",
            "--to-seat",
            "5",
        ],
        d,
        2,
        &["the next scenario has no seat 5 (it has 4)"],
    );
    refused(
        &["carry", ASSAULT, "--into", "no-such-scenario"],
        d,
        2,
        &["neither a built-in tactical scenario"],
    );
    // Nine veterans do not fit the 800 points of the free-for-all.
    refused(
        &[
            "carry",
            ASSAULT,
            "--seat",
            "1",
            "--into",
            "free-for-all",
            "-o",
            "ffa.ron",
        ],
        d,
        1,
        &["do not fit", "nothing was written", "it may spend 800"],
    );
    assert!(!d.join("ffa.ron").exists());
    refused(
        &["carry", ASSAULT, "-o", "no-such-folder/next.ron"],
        d,
        2,
        &["no-such-folder/next.ron: cannot write"],
    );
    // A broken save: where it breaks.
    let text = fs::read_to_string(&save).unwrap();
    fs::write(d.join("cut.ron"), &text[..text.len() / 2]).unwrap();
    refused(&["carry", "cut.ron"], d, 2, &["cut.ron:"]);
    // A tampered one: the replay names the action that diverges.
    let at = text.find("state: \"").unwrap() + "state: \"".len();
    let flipped = if text[at..].starts_with('0') {
        "1"
    } else {
        "0"
    };
    let tampered = format!("{}{flipped}{}", &text[..at], &text[at + 1..]);
    fs::write(d.join("tampered.ron"), tampered).unwrap();
    refused(
        &["carry", "tampered.ron"],
        d,
        1,
        &["tampered.ron: ", "diverges"],
    );
    // An unfinished game: its first ten actions.
    succeeds(
        &["branch", ASSAULT, "--at", "11", "--save", "part.ron"],
        d,
        &["wrote part.ron"],
    );
    refused(
        &["carry", "part.ron", "-o", "p.ron"],
        d,
        2,
        &["part.ron: the battle is not over"],
    );
    assert!(!d.join("p.ron").exists());
    let r = run(&["carry", "--help"], d);
    assert!(r.stdout.contains("Who comes back"), "{}", r.stdout);
}
