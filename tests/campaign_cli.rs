//! `squadsight campaign` end to end, and `--seat N=ai:<difficulty>` for Commander: start a
//! campaign, play its next operation against the rules AI, record the battle from the save,
//! draw and claim rewards, and see the Squad carry over; bad files and misuse exit 2.

use crate::support::run;
use std::fs;
use std::path::Path;
use tempfile::TempDir;

fn ok(args: &[&str], dir: &Path) -> String {
    let r = run(args, dir);
    assert_eq!(r.code, 0, "squadsight {args:?}:\n{}{}", r.stdout, r.stderr);
    r.stdout
}

#[test]
fn a_campaign_battle_is_played_recorded_and_carried_over() {
    // cmd.campaign.mode, cmd.campaign.carry-over, cmd.campaign.reward-draw
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let out = ok(&["campaign", "new", "c.ron", "--seed", "9"], d);
    assert!(out.contains("The Commander ×1"), "{out}");
    assert!(out.contains("X2.1 - Operation Gatecrasher"), "{out}");
    let out = ok(&["campaign", "next", "c.ron"], d);
    assert!(out.contains("--seat 2=ai:classic"), "{out}");
    assert!(d.join("c-next-battle.ron").exists());
    // Both sides played by the rules' AI mode, to the end.
    let out = ok(
        &[
            "play",
            "commander",
            "--scenario",
            "c-next-battle.ron",
            "--seat",
            "1=ai:classic",
            "--seat",
            "2=ai:classic",
            "--seed",
            "4",
            "--save",
            "c-battle.ron",
            "--plain",
        ],
        d,
    );
    assert!(out.contains("Game over"), "{out}");
    assert!(
        out.contains("cmd.ai.d6-action"),
        "the AI's rolls are in the journal"
    );
    let out = ok(
        &["campaign", "record", "c.ron", "--save", "c-battle.ron"],
        d,
    );
    assert!(
        out.contains("Recorded X2.1 - Operation Gatecrasher"),
        "{out}"
    );
    let text = fs::read_to_string(d.join("c.ron")).unwrap();
    assert!(text.contains("history"), "{text}");
    // The next operation is the second one, and the Squad is what survived.
    let out = ok(&["campaign", "show", "c.ron"], d);
    assert!(
        out.contains("1 of 3 operations played"),
        "operations are played in order: {out}"
    );
    // Recording the same operation again is not possible: the campaign has moved on.
    let again = run(
        &["campaign", "record", "c.ron", "--save", "c-battle.ron"],
        d,
    );
    assert_eq!(again.code, 2, "{}", again.stdout);
}

#[test]
fn rewards_are_drawn_claimed_once_and_kept() {
    // cmd.campaign.one-reward-per-draw, cmd.campaign.reward-any-unit, cmd.campaign.same-squad
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    ok(
        &[
            "campaign",
            "new",
            "c.ron",
            "--seed",
            "21",
            "--unit",
            "Grenadier",
            "--unit",
            "Rookie:2",
            "--limit",
            "1000",
        ],
        d,
    );
    let out = ok(
        &[
            "campaign", "record", "c.ron", "--result", "win", "--rounds", "5", "--lost", "Rookie:1",
        ],
        d,
    );
    assert!(out.contains("reward card"), "the draw is journaled: {out}");
    assert!(
        out.contains("Rookie ×1"),
        "the lost Rookie stays lost: {out}"
    );
    assert!(out.contains("Rewards waiting"), "{out}");
    // Claim the first option for whichever unit can use it, else pass.
    let claimed = ["Rookie", "Grenadier"].iter().any(|unit| {
        run(
            &[
                "campaign", "reward", "c.ron", "--choice", "1", "--unit", unit,
            ],
            d,
        )
        .code
            == 0
    });
    if !claimed {
        ok(&["campaign", "reward", "c.ron", "--pass"], d);
    }
    let out = ok(&["campaign", "show", "c.ron"], d);
    assert!(out.contains("took"), "{out}");
    assert!(!out.contains("Rewards waiting"), "{out}");
    let twice = run(&["campaign", "reward", "c.ron", "--pass"], d);
    assert_eq!(twice.code, 2, "one reward per draw: {}", twice.stdout);
    assert!(twice.stderr.contains("no reward draw"), "{}", twice.stderr);
}

#[test]
fn bad_campaign_files_and_misuse_exit_2() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    fs::write(d.join("junk.ron"), [0xff, 0xfe, 0x00]).unwrap();
    fs::write(
        d.join("broken.ron"),
        "(\n  format: \"squadsight-commander-campaign\",\n  version: [",
    )
    .unwrap();
    for file in ["junk.ron", "broken.ron", "missing.ron"] {
        let r = run(&["campaign", "show", file], d);
        assert_eq!(r.code, 2, "{file}: {}", r.stdout);
        assert!(r.stderr.contains(file), "{file}: {}", r.stderr);
    }
    let r = run(&["campaign", "show", "broken.ron"], d);
    assert!(
        r.stderr.contains("broken.ron:3:"),
        "line and column: {}",
        r.stderr
    );
    ok(&["campaign", "new", "c.ron", "--seed", "1"], d);
    let text = fs::read_to_string(d.join("c.ron")).unwrap();
    fs::write(d.join("v9.ron"), text.replace("version: 1", "version: 9")).unwrap();
    let r = run(&["campaign", "show", "v9.ron"], d);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("version 9"), "{}", r.stderr);
    for args in [
        &["campaign", "new", "c.ron"][..],
        &["campaign", "new", "x.ron", "--faction", "aliens"],
        &["campaign", "new", "x.ron", "--unit", "Viper"],
        &["campaign", "new", "x.ron", "--difficulty", "hard"],
        &[
            "campaign", "reward", "c.ron", "--choice", "1", "--unit", "Rookie",
        ],
        &["campaign", "record", "c.ron"],
        &["campaign", "next", "c.ron", "--player", "3"],
    ] {
        let r = run(args, d);
        assert!(
            r.code == 2 || r.code == 1,
            "{args:?}: {} {}",
            r.code,
            r.stdout
        );
        assert!(!r.stderr.trim().is_empty(), "{args:?} says nothing");
    }
    assert!(
        !d.join("x.ron").exists(),
        "a refused campaign writes nothing"
    );
}

#[test]
fn the_terminal_ui_and_the_command_line_share_campaign_files() {
    // cmd.prep.campaign-persistent-squads: one campaign file form for both front ends.
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let out = ok(&["campaign", "list"], d);
    assert!(out.contains("No campaigns saved"), "{out}");
    // The full-screen UI keeps its campaigns in the data folder's `campaigns/`; a file there
    // is an ordinary campaign file (here one made by `campaign new`).
    let saved = d.join("home").join("campaigns");
    fs::create_dir_all(&saved).unwrap();
    ok(
        &[
            "campaign",
            "new",
            "home/campaigns/xcom-classic.ron",
            "--seed",
            "3",
        ],
        d,
    );
    fs::write(saved.join("broken.ron"), "(\n  format: [").unwrap();
    let out = ok(&["campaign", "list"], d);
    assert!(
        out.contains("xcom-classic.ron  0 battle(s), classic, next X2.1"),
        "{out}"
    );
    assert!(!out.contains("in progress"), "{out}");
    assert!(out.contains("broken.ron  cannot be read: "), "{out}");
    // A battle the UI left unfinished is kept beside the campaign, and the list says so.
    fs::write(saved.join("xcom-classic.ron.battle"), "(format: 2)").unwrap();
    let out = ok(&["campaign", "list"], d);
    assert!(
        out.contains(
            "0 battle(s), classic, next X2.1 - Operation Gatecrasher, a battle in progress"
        ),
        "{out}"
    );
    assert!(out.contains("broken.ron:2:"), "line and column: {out}");
    let out = ok(&["campaign", "show", "home/campaigns/xcom-classic.ron"], d);
    assert!(out.contains("The Commander ×1"), "{out}");
    // `campaign play` opens the file in the full-screen UI: a broken file is refused first,
    // with its place, and left as it was; without a terminal it says what to use instead.
    let before = fs::read(saved.join("broken.ron")).unwrap();
    let r = run(&["campaign", "play", "home/campaigns/broken.ron"], d);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("broken.ron:2:"), "{}", r.stderr);
    assert_eq!(fs::read(saved.join("broken.ron")).unwrap(), before);
    let r = run(&["campaign", "play", "home/campaigns/xcom-classic.ron"], d);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("needs a terminal"), "{}", r.stderr);
}

#[test]
fn commander_seats_take_the_ai_difficulties() {
    // cmd.ai.difficulty: `--seat 2=ai:impossible` turns on AI mode for that seat.
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let out = ok(
        &[
            "play",
            "commander",
            "--seat",
            "1=ai:easy",
            "--seat",
            "2=ai:impossible",
            "--seed",
            "2",
            "--save",
            "g.ron",
            "--plain",
        ],
        d,
    );
    assert!(out.contains("Game over"), "{out}");
    let save = fs::read_to_string(d.join("g.ron")).unwrap();
    assert!(
        save.contains("Impossible") || save.contains("impossible"),
        "the option is saved"
    );
    let r = ok(&["verify", "g.ron"], d);
    assert!(r.starts_with("ok"), "{r}");
    // The rules' difficulties mean nothing to Skirmish.
    let r = run(
        &["play", "skirmish", "--seat", "2=ai:classic", "--plain"],
        d,
    );
    assert_eq!(r.code, 2, "{}", r.stdout);
}
