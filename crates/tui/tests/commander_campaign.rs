//! Commander campaigns that persist in the terminal: a campaign started in the menu is saved
//! after every step in the data folder, survives quitting, and is continued after a restart
//! with its casualties, rewards and next operation; a campaign file made elsewhere (by
//! `squadsight campaign new`) opens in the same screen and is written back; a broken file is
//! reported with its place and left alone (cmd.prep.campaign-persistent-squads,
//! cmd.campaign.carry-over, cmd.campaign.reward-draw).

use crate::common::commander::{campaign, claim_first_reward, game, play, play_to_the_end};
use crate::common::{keys, redraw, terminal};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use squadsight_commander::ai_mode::Difficulty;
use squadsight_commander::campaign::{BattleReport, BattleResult, Campaign, Loss, default_squad};
use squadsight_commander::catalog::{Catalog, Faction};
use squadsight_tui::registry::Registry;
use squadsight_tui::settings::Settings;
use squadsight_tui::store::{DirStore, SaveSlot, SaveStore};
use squadsight_tui::theme::Theme;
use squadsight_tui::{App, AppConfig, Start};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// A fresh data folder for one test.
fn data_dir(tag: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("squadsight-campaign-{tag}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

/// The app as the binary builds it: the built-in rulesets on a folder store (AI moves without
/// a pause), new seeds counting from `seed`, starting at `start`.
fn start_app(dir: &Path, seed: u64, start: Start) -> Result<App, String> {
    let mut store = DirStore::new(dir);
    let settings = Settings {
        ai_pause_ms: 0,
        quick_level: squadsight_ai::Level::Greedy,
        ..Settings::default()
    };
    store.write_settings(&settings.to_text())?;
    let config = AppConfig {
        registry: Registry::builtin(),
        store: Box::new(store),
        limits: Theme::PLAIN,
        seed: Some(seed),
    };
    App::new(config, start).map_err(|e| e.to_string())
}

fn menu_app(dir: &Path, seed: u64) -> App {
    start_app(dir, seed, Start::Menu).expect("the app starts")
}

fn catalog() -> &'static Catalog {
    Catalog::builtin().expect("the Commander data loads")
}

/// The campaign file as `squadsight campaign show` reads it.
fn read_campaign(path: &Path) -> Campaign {
    let bytes = fs::read(path).expect("the campaign file is there");
    Campaign::from_ron(&bytes, &path.display().to_string(), catalog())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The campaign on screen.
fn on_screen(app: &App) -> Campaign {
    campaign(app).campaign().cloned().expect("a campaign")
}

/// A new ADVENT campaign at Classic, started from the menu with new seeds counting from
/// `seed`, saved at once; then Operation Gatecrasher played to its end with clicks and keys
/// and recorded. Returns the app on the campaign screen and the campaign file.
fn first_battle(dir: &Path, seed: u64) -> (App, Terminal<TestBackend>, PathBuf) {
    let file = dir.join("campaigns").join("advent-classic.ron");
    let mut app = menu_app(dir, seed);
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "m");
    let text = redraw(&mut app, &mut term);
    assert!(text.contains("New campaign:"), "{text}");
    assert!(!text.contains("Continue a saved campaign"), "{text}");
    keys(&mut app, &mut term, "<Right> <Enter>");
    assert_eq!(read_campaign(&file), on_screen(&app));
    assert_eq!(
        campaign(&app).slot().map(|s| s.origin.clone()),
        Some(file.display().to_string())
    );
    keys(&mut app, &mut term, "<Enter>");
    assert!(campaign(&app).in_battle());
    play_to_the_end(&mut app, &mut term, 4000);
    keys(&mut app, &mut term, "c");
    (app, term, file)
}

#[test]
fn a_campaign_is_saved_after_every_step_and_continued_after_a_restart() {
    let dir = data_dir("restart");
    // The first seed whose battle the campaign Squad wins (the opponent is the rules' AI, the
    // Squad is played by a random player, so some battles are lost).
    let (mut app, mut term, file) = (1..=12)
        .find_map(|seed| {
            let _ = fs::remove_dir_all(&dir);
            let (app, term, file) = first_battle(&dir, seed);
            let won = on_screen(&app).pending().is_some();
            won.then_some((app, term, file))
        })
        .expect("a battle won within 12 seeds");
    // The file holds the battle, its losses and its reward draw (cmd.campaign.carry-over,
    // cmd.campaign.reward-draw).
    let recorded = read_campaign(&file);
    assert_eq!(recorded, on_screen(&app));
    assert_eq!(recorded.next_operation, 1);
    let battle = recorded.history.last().cloned().expect("one battle");
    assert_eq!(battle.report.result, BattleResult::Win, "{battle:?}");
    assert!(!battle.cards.is_empty(), "{battle:?}");
    // Claim the first reward for the first unit that can take it (or pass): saved too
    // (cmd.campaign.one-reward-per-draw).
    assert!(campaign(&app).claiming());
    let text = redraw(&mut app, &mut term);
    assert!(text.contains("Reward draw after"), "{text}");
    claim_first_reward(&mut app, &mut term);
    let claimed = read_campaign(&file);
    assert_eq!(claimed, on_screen(&app));
    let claim = claimed.history[0].claims.first().cloned().expect("a claim");
    if !claim.unit.is_empty() {
        assert_ne!(
            claimed.players, recorded.players,
            "the reward is in the Squad"
        );
    }
    // Quit the program from the menu.
    keys(&mut app, &mut term, "q q y");
    assert!(app.exit().is_some(), "the app quit");
    drop(app);

    // A new run on the same data folder offers the campaign first and continues it.
    let mut app = menu_app(&dir, 40);
    keys(&mut app, &mut term, "m");
    let text = redraw(&mut app, &mut term);
    assert!(text.contains("Continue a saved campaign"), "{text}");
    assert!(text.contains("advent-classic"), "{text}");
    assert!(text.contains("1 battle(s), next"), "{text}");
    let listed: Vec<String> = campaign(&app)
        .saved()
        .map(|(s, _)| s.name.clone())
        .collect();
    assert_eq!(listed, ["advent-classic"]);
    keys(&mut app, &mut term, "<Enter>");
    assert_eq!(on_screen(&app), claimed);
    let text = redraw(&mut app, &mut term);
    let next = &catalog().operations()[1].name;
    assert!(text.contains("1 battle(s) played"), "{text}");
    assert!(text.contains(&format!("Next: {next}")), "{text}");
    let lost: u32 = battle
        .report
        .losses
        .iter()
        .map(|l| u32::from(l.models))
        .sum();
    assert!(
        text.contains(&format!(
            "win in {} round(s), {lost} model(s) lost",
            battle.report.rounds
        )),
        "the casualties are shown: {text}"
    );
    if !claim.unit.is_empty() {
        assert!(
            text.contains(&format!("took {} ({})", claim.reward, claim.unit)),
            "{text}"
        );
    }
    // The Squad as it stands goes into the next operation: every model still in the
    // campaign Squad is on the table and no model lost is (cmd.campaign.carry-over,
    // cmd.campaign.same-squad).
    keys(&mut app, &mut term, "<Enter>");
    assert!(
        campaign(&app).in_battle(),
        "{}",
        redraw(&mut app, &mut term)
    );
    let squad_models: usize = claimed.players[0]
        .units
        .iter()
        .map(|u| usize::from(u.models))
        .sum();
    let st = game(&app).game().state();
    let fielded = st
        .models
        .iter()
        .filter(|m| m.owner == squadsight_core::Seat(0) && !m.free_trooper)
        .count();
    assert_eq!(fielded, squad_models);
    // Starting a battle changes nothing in the file; only its result will.
    assert_eq!(read_campaign(&file), claimed);
    let _ = fs::remove_dir_all(&dir);
}

/// A campaign as `squadsight campaign new` and `campaign record --result win` leave it: one
/// battle won, its rewards waiting.
fn cli_campaign_with_rewards_waiting() -> Campaign {
    let c = catalog();
    let squad = default_squad(c, Faction::Xcom, "Player 1").expect("a starting Squad");
    let mut camp = Campaign::new(c, 9, Difficulty::Classic, &[squad], 500).expect("a new campaign");
    let report = BattleReport {
        result: BattleResult::Win,
        rounds: 3,
        losses: vec![Loss {
            player: 0,
            unit: "Rookie".into(),
            models: 1,
        }],
        supplies_found: vec![20],
    };
    camp.record_battle(c, report).expect("recorded");
    camp
}

#[test]
fn a_campaign_file_from_the_command_line_opens_and_is_written_back() {
    let dir = data_dir("cli-file");
    fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("my.campaign");
    let camp = cli_campaign_with_rewards_waiting();
    assert!(camp.pending().is_some(), "the draw offers a reward");
    fs::write(&path, camp.to_ron().expect("text")).expect("written");
    let slot = SaveSlot {
        name: "my".into(),
        origin: path.display().to_string(),
    };
    let bytes = fs::read(&path).expect("read");
    let mut app = start_app(&dir, 7, Start::Campaign { bytes, slot }).expect("opens");
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "");
    let text = redraw(&mut app, &mut term);
    assert!(campaign(&app).claiming(), "{text}");
    assert!(text.contains("Reward draw after"), "{text}");
    // Take nothing: the claim is written back to the command line's file.
    keys(&mut app, &mut term, "x");
    let after = read_campaign(&path);
    assert_eq!(after.history[0].claims.len(), 1);
    assert_eq!(after, on_screen(&app));
    let text = redraw(&mut app, &mut term);
    assert!(text.contains("1 battle(s) played"), "{text}");
    // The Rookie lost in the recorded battle stays lost (cmd.campaign.carry-over).
    let rookies = read_campaign(&path).players[0]
        .units
        .iter()
        .find(|u| u.unit == "Rookie")
        .map(|u| u.models);
    assert_eq!(rookies, Some(1));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_campaign_file_is_reported_with_its_place_and_left_alone() {
    let dir = data_dir("broken");
    let folder = dir.join("campaigns");
    fs::create_dir_all(&folder).expect("a folder");
    let good = cli_campaign_with_rewards_waiting().to_ron().expect("text");
    // Line 3 loses its closing quote: a syntax error with a line and column.
    let broken_text = good.replacen("difficulty: Classic", "difficulty: \"Classic", 1);
    assert_ne!(broken_text, good);
    let broken = folder.join("broken.ron");
    let fine = folder.join("fine.ron");
    fs::write(&fine, &good).expect("written");
    fs::write(&broken, &broken_text).expect("written");
    // The broken one is the newer, so it is listed first.
    let set = |path: &Path, secs: u64| {
        let f = fs::File::options().write(true).open(path).expect("open");
        f.set_modified(SystemTime::UNIX_EPOCH + Duration::from_secs(secs))
            .expect("mtime");
    };
    set(&fine, 1_000_000);
    set(&broken, 2_000_000);

    let mut app = menu_app(&dir, 7);
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "m");
    let saved: Vec<(String, Option<String>)> = campaign(&app)
        .saved()
        .map(|(s, e)| (s.name.clone(), e.map(str::to_string)))
        .collect();
    assert_eq!(saved.len(), 2);
    assert_eq!(saved[0].0, "broken");
    assert_eq!(saved[1], ("fine".to_string(), None));
    let error = saved[0].1.clone().expect("the broken file's error");
    let line = broken_text
        .lines()
        .position(|l| l.contains("\"Classic"))
        .expect("the damaged line")
        + 1;
    assert!(
        error.starts_with(&format!("{}:{line}:", broken.display())),
        "file:line:col first: {error}"
    );
    let text = redraw(&mut app, &mut term);
    assert!(text.contains("cannot be read"), "{text}");
    // Choosing it only says why; nothing is opened and the file is not touched.
    keys(&mut app, &mut term, "<Enter>");
    assert!(campaign(&app).campaign().is_none());
    let text = redraw(&mut app, &mut term);
    assert!(text.contains(&format!(":{line}:")), "{text}");
    // The next one opens.
    keys(&mut app, &mut term, "<Down> <Enter>");
    assert!(campaign(&app).campaign().is_some());
    keys(&mut app, &mut term, "<Esc> q y");
    drop(app);
    assert_eq!(
        fs::read_to_string(&broken).expect("still there"),
        broken_text
    );

    // Opened directly (as `squadsight campaign play` does), it is refused before any screen.
    let slot = SaveSlot {
        name: "broken".into(),
        origin: broken.display().to_string(),
    };
    let bytes = fs::read(&broken).expect("read");
    let refused = start_app(&dir, 7, Start::Campaign { bytes, slot })
        .err()
        .expect("refused");
    assert!(
        refused.contains(&format!("{}:{line}:", broken.display())),
        "{refused}"
    );
    assert_eq!(
        fs::read_to_string(&broken).expect("still there"),
        broken_text
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_battle_cut_short_is_taken_up_again_not_replayed() {
    // cmd.campaign.carry-over: every outcome of a battle counts, so quitting in the middle of
    // one must not give the Squad a fresh start.
    let dir = data_dir("cut-short");
    let mut app = menu_app(&dir, 5);
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "m <Right> <Enter> <Enter>");
    assert!(campaign(&app).in_battle());
    for _ in 0..40 {
        if game(&app).game().log().len() >= 6 {
            break;
        }
        match game(&app).legal().first().copied() {
            Some(action) => play(&mut app, &mut term, action),
            None => {
                app.tick();
                keys(&mut app, &mut term, "");
            }
        }
    }
    let played = game(&app).game().log().len();
    let link = game(&app).game().link();
    assert!(played >= 6, "{played} actions");
    // The program ends without leaving the battle (as when the terminal is closed).
    drop(app);
    let kept = dir.join("campaigns").join("advent-classic.ron.battle");
    assert!(
        kept.exists(),
        "the battle in progress is kept beside the campaign"
    );

    let mut app = menu_app(&dir, 50);
    keys(&mut app, &mut term, "m");
    // The list says which campaign has a battle waiting.
    let text = redraw(&mut app, &mut term);
    assert!(text.contains("0 battle(s), next X2.1"), "{text}");
    assert!(text.contains("(battle in progress)"), "{text}");
    keys(&mut app, &mut term, "<Enter>");
    assert_eq!(on_screen(&app).history.len(), 0);
    keys(&mut app, &mut term, "<Enter>");
    assert!(campaign(&app).in_battle());
    assert_eq!(game(&app).game().log().len(), played);
    assert_eq!(game(&app).game().link(), link);
    // Once recorded, the kept battle is gone and the next operation starts afresh.
    play_to_the_end(&mut app, &mut term, 4000);
    keys(&mut app, &mut term, "c");
    assert_eq!(on_screen(&app).history.len(), 1);
    assert!(!kept.exists(), "the kept battle is dropped once recorded");
    let _ = fs::remove_dir_all(&dir);
}
