//! Commander 2.1 through the whole front-end on `TestBackend`: the game screen and the squad
//! builder as snapshots, two Squads built with keys and a battle played to its end hot-seat
//! and against AI mode, the campaign screen, and the too-small terminal.

use crate::common::commander::{campaign, claim_first_reward, game, play_to_the_end};
use crate::common::{app_with, game_spec, keys, quick_store, redraw, screen, terminal};
use squadsight_commander::action::Action;
use squadsight_core::Seat;
use squadsight_core::game::SeatConfig;
use squadsight_tui::commander::{CommanderUi, SquadBuilder};
use squadsight_tui::registry::Registry;
use squadsight_tui::{App, GameSpec, Start};

/// A Commander battle with these seats and options.
fn spec(seed: u64, seats: [SeatConfig; 2], options: &[(&str, &str)]) -> GameSpec {
    game_spec("commander", "battle", seed, &seats, options)
}

/// A Commander battle on screen.
fn battle(seed: u64, seats: [SeatConfig; 2], options: &[(&str, &str)]) -> App {
    app(Start::Game(spec(seed, seats, options)))
}

/// A hot-seat Commander battle with the default options.
fn hot_seat(seed: u64) -> App {
    battle(seed, [SeatConfig::human(), SeatConfig::human()], &[])
}

fn app(start: Start) -> App {
    app_with(Registry::builtin(), quick_store(), start)
}

fn builder(app: &App) -> &SquadBuilder {
    app.session()
        .and_then(|s| s.as_any().downcast_ref::<SquadBuilder>())
        .expect("the squad builder is on screen")
}

#[test]
fn the_commander_game_screen_shows_table_cards_dice_bag_and_actions() {
    let mut app = hot_seat(3);
    let mut term = terminal(120, 40);
    // Two people: the first seat to decide is handed the keyboard.
    keys(&mut app, &mut term, "<Enter>");
    let text = screen(&term);
    insta::assert_snapshot!("commander_game", text);
    assert!(text.contains("Dice bag"), "{text}");
    assert!(text.contains("XCOM"), "{text}");
}

#[test]
fn the_squad_builder_opens_from_the_new_game_form_and_prices_live() {
    let mut app = app(Start::Menu);
    let mut term = terminal(120, 40);
    // New game, ruleset row: Commander is the second ruleset.
    keys(&mut app, &mut term, "n <Right> <Enter>");
    let text = redraw(&mut app, &mut term);
    insta::assert_snapshot!("commander_builder", text);
    assert!(text.contains("Squad builder"), "{text}");
    let b = builder(&app);
    assert!(b.errors(0).is_empty() && b.errors(1).is_empty());
    let before = squadsight_commander::squad::price(
        CommanderUi::new().expect("rules").rules().catalog(),
        b.squad(0).expect("side 1"),
    );
    // A second Grenadier model makes the Squad dearer; over the limit it is refused.
    keys(&mut app, &mut term, "<Home> +");
    let b = builder(&app);
    let catalog = CommanderUi::new().expect("rules");
    let after =
        squadsight_commander::squad::price(catalog.rules().catalog(), b.squad(0).expect("side 1"));
    assert!(after > before, "{before} -> {after}");
    // Three more models, then try to start: over 500 spl it cannot.
    keys(&mut app, &mut term, "+ + + g");
    // Still the builder: no battle started.
    let b = builder(&app);
    assert!(
        b.errors(0).iter().any(|e| e.contains("cmd.gap.58")),
        "{:?}",
        b.errors(0)
    );
    assert!(redraw(&mut app, &mut term).contains("breaks the building rules"));
}

#[test]
fn two_squads_are_built_with_keys_and_a_battle_is_played_to_its_end_hot_seat() {
    let mut app = app(Start::Menu);
    let mut term = terminal(120, 40);
    // New game: Commander, both seats people (seat 2 from AI mode on Classic on to a
    // person), a three-round battle. Rows: ruleset, scenario, seat 1, seat 2, seed, then the
    // options with a row of their own (the AI-mode ones are on the seat rows): grid,
    // measure, table, round limit.
    keys(&mut app, &mut term, "n <Right> <Down>*3 <Right>*2");
    keys(&mut app, &mut term, "<Down>*5 <Right>");
    keys(&mut app, &mut term, "<Enter>");
    // Side 1: the Specialist (third unit) takes a vest and the Grenadier is removed; side 2:
    // the Trooper is promoted.
    keys(&mut app, &mut term, "<Home> <Down>*2 v <Home> x");
    keys(&mut app, &mut term, "<Tab> <Home> <Down>*2 r");
    {
        let b = builder(&app);
        let s1 = b.squad(0).expect("side 1");
        assert_eq!(s1.units.len(), 2, "{s1:?}");
        assert!(s1.units.iter().any(|u| u.vest.is_some()), "{s1:?}");
        let catalog = CommanderUi::new().expect("rules");
        let first = catalog.rules().catalog().first_rank();
        assert_ne!(b.squad(1).expect("side 2").units[2].rank, first);
        assert!(b.errors(0).is_empty(), "{:?}", b.errors(0));
        assert!(b.errors(1).is_empty(), "{:?}", b.errors(1));
    }
    keys(&mut app, &mut term, "g");
    let screen_now = game(&app);
    assert!(screen_now.game().seats().iter().all(SeatConfig::is_human));
    let st = screen_now.game().state();
    assert_eq!(st.round_limit, 3, "round limit option applied");
    assert_eq!(
        st.models.iter().filter(|m| m.owner == Seat(0)).count(),
        2,
        "the built Squad is on the table"
    );
    let decisions = play_to_the_end(&mut app, &mut term, 3000);
    assert!(decisions > 10, "{decisions} decisions");
    let text = redraw(&mut app, &mut term);
    assert!(text.contains("Game over"), "{text}");
    // The save (with the built Squads in its scenario) opens in the replay viewer, which
    // steps through the battle.
    let save = squadsight_core::save::to_ron(game(&app).game()).expect("saves");
    let mut replay = self::app(Start::Replay {
        bytes: save.clone().into_bytes(),
        origin: "hot-seat.ron".into(),
    });
    keys(&mut replay, &mut term, ". . . . <End> <Home> .");
    let text = redraw(&mut replay, &mut term);
    assert!(text.contains("Dice bag"), "{text}");
    // And it opens to play on (a finished game shows its outcome).
    let resumed = self::app(Start::Save {
        bytes: save.into_bytes(),
        origin: "hot-seat.ron".into(),
    });
    assert!(game(&resumed).outcome().is_some());
}

#[test]
fn a_battle_against_ai_mode_is_played_to_its_end_and_the_journal_explains_the_ai() {
    let mut app = battle(
        5,
        [SeatConfig::human(), SeatConfig::ai("random")],
        &[("ai_seat2", "classic"), ("round_limit", "2")],
    );
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "");
    play_to_the_end(&mut app, &mut term, 3000);
    let journal = game(&app).game().journal();
    assert!(
        journal
            .events()
            .iter()
            .any(|e| e.rule.starts_with("cmd.ai.") && e.seat == Some(Seat(1))),
        "the AI's choices are journaled with their clauses"
    );
}

#[test]
fn an_ai_mode_seat_played_by_a_person_takes_its_activation_with_enter() {
    let mut app = battle(
        9,
        [SeatConfig::human(), SeatConfig::human()],
        &[("ai_seat1", "classic"), ("ai_seat2", "classic")],
    );
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "<Enter>");
    assert_eq!(game(&app).legal(), &[Action::AiActivate]);
    assert!(screen(&term).contains("AI mode"));
    keys(&mut app, &mut term, "<Enter> <Enter> <Enter>");
    assert!(game(&app).game().log().len() >= 3);
}

#[test]
fn a_campaign_battle_is_won_or_lost_recorded_rewarded_and_the_squad_carries_on() {
    let mut app = app(Start::Menu);
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "m");
    let text = redraw(&mut app, &mut term);
    assert!(text.contains("Commander campaign"), "{text}");
    // XCOM at Classic, then the first operation.
    keys(&mut app, &mut term, "<Enter>");
    let text = redraw(&mut app, &mut term);
    assert!(text.contains("Next:"), "{text}");
    assert_eq!(campaign(&app).campaign().map(|c| c.history.len()), Some(0));
    keys(&mut app, &mut term, "<Enter>");
    assert!(
        campaign(&app).in_battle(),
        "{}",
        redraw(&mut app, &mut term)
    );
    play_to_the_end(&mut app, &mut term, 4000);
    assert!(redraw(&mut app, &mut term).contains("press c to record"));
    keys(&mut app, &mut term, "c");
    let c = campaign(&app);
    assert!(!c.in_battle());
    let record = c
        .campaign()
        .and_then(|c| c.history.last())
        .cloned()
        .expect("recorded");
    assert_eq!(c.campaign().map(|c| c.next_operation), Some(1));
    let claiming = c.claiming();
    let text = redraw(&mut app, &mut term);
    if claiming {
        assert!(text.contains("Reward draw after"), "{text}");
        // Take the first reward for the first unit that can use it, or nothing.
        claim_first_reward(&mut app, &mut term);
    } else {
        assert!(
            record.claims.len() == 1 || record.cards.is_empty(),
            "{record:?}"
        );
    }
    assert!(!campaign(&app).claiming());
    let text = redraw(&mut app, &mut term);
    assert!(text.contains("1 battle(s) played"), "{text}");
    // The Squad as it stands goes into the next operation.
    keys(&mut app, &mut term, "<Enter>");
    assert!(
        campaign(&app).in_battle(),
        "{}",
        redraw(&mut app, &mut term)
    );
}

#[test]
fn a_hex_table_is_drawn_with_its_odd_rows_shifted() {
    let mut app = battle(
        3,
        [SeatConfig::human(), SeatConfig::ai("random")],
        &[("grid", "hex"), ("ai_seat2", "classic")],
    );
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "");
    let screen_now = game(&app);
    assert_eq!(
        screen_now.game().state().board.kind(),
        squadsight_commander::board::GridKind::Hex
    );
    let text = redraw(&mut app, &mut term);
    // Rows alternate between starting at the frame and two columns in.
    let rows: Vec<&str> = text.lines().skip(2).take(6).collect();
    let starts: Vec<usize> = rows
        .iter()
        .map(|r| r.chars().skip(1).take_while(|c| *c == ' ').count())
        .collect();
    assert!(starts.windows(2).any(|w| w[0] != w[1]), "{text}");
}

#[test]
fn a_commander_game_on_a_too_small_terminal_says_so() {
    let mut app = hot_seat(3);
    let mut term = terminal(70, 20);
    keys(&mut app, &mut term, "");
    let text = screen(&term);
    assert!(text.contains("Terminal too small"), "{text}");
    // Growing the terminal brings the game back.
    term.backend_mut().resize(80, 24);
    keys(&mut app, &mut term, "<Enter>");
    let text = redraw(&mut app, &mut term);
    assert!(text.contains("Dice bag"), "{text}");
}

#[test]
fn the_new_game_form_previews_the_commander_table_and_says_the_builder_comes_next() {
    let mut app = app(Start::Menu);
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "n <Right>");
    let text = redraw(&mut app, &mut term);
    assert!(text.contains("Commander 2.1"), "{text}");
    assert!(text.contains("squad builder"), "{text}");
    // The deployment zones carry the side markers in the preview.
    let preview: String = text.lines().skip(20).collect();
    assert!(preview.contains('+') && preview.contains('x'), "{text}");
}

#[test]
fn solo_against_ai_mode_on_classic_from_the_menu() {
    let mut app = app(Start::Menu);
    let mut term = terminal(120, 40);
    // Seat 2 starts as the rules' AI mode on Classic (as `--seat 2=ai` does); the seat row
    // cycles through the shell's AIs, a person and the AI-mode difficulties.
    keys(&mut app, &mut term, "n <Right>");
    let text = redraw(&mut app, &mut term);
    assert!(text.contains("rules AI mode, classic"), "{text}");
    assert!(!text.contains("ai_seat2"), "on the seat row: {text}");
    keys(&mut app, &mut term, "<Down>*3 <Left>");
    assert!(redraw(&mut app, &mut term).contains("rules AI mode, normal"));
    keys(&mut app, &mut term, "<Right>*2");
    assert!(redraw(&mut app, &mut term).contains("rules AI mode, impossible"));
    // Back to Classic, and a three-round battle.
    keys(&mut app, &mut term, "<Left> <Down>*4 <Right> <Enter> g");
    let g = game(&app);
    assert!(!g.game().seats()[1].is_human(), "the rules play seat 2");
    assert_eq!(
        g.game().state().options.ai(Seat(1)),
        Some(squadsight_commander::ai_mode::Difficulty::Classic)
    );
    play_to_the_end(&mut app, &mut term, 3000);
    let text = redraw(&mut app, &mut term);
    assert!(text.contains("Game over"), "{text}");
    // The journal says, for each AI activation, what was rolled and why.
    let events = game(&app).game().journal().events();
    assert!(
        events
            .iter()
            .any(|e| e.rule == "cmd.ai.d6-action" && e.seat == Some(Seat(1))),
        "no AI roll journaled"
    );
}

/// The squad builder is a pre-game screen the shell hosts: Esc leaves it for the menu with no
/// battle started, and a legal pair of Squads hands the battle to the shell's game screen,
/// whose Esc-and-leave goes back to the menu too.
#[test]
fn the_squad_builder_hands_its_battle_to_the_shell_or_leaves_for_the_menu() {
    let mut app = app(Start::Menu);
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "n <Right> <Enter>");
    assert!(redraw(&mut app, &mut term).contains("Squad builder"));
    keys(&mut app, &mut term, "<Esc>");
    let shown = redraw(&mut app, &mut term);
    assert!(app.session().is_none(), "back on the menu");
    assert!(shown.contains("New game"), "{shown}");
    // Again, and start the battle with the scenario's own Squads.
    keys(&mut app, &mut term, "n <Right> <Enter> g");
    let battle = game(&app);
    assert_eq!(
        battle.game().seats().len(),
        2,
        "the battle is on the game screen"
    );
    assert!(!redraw(&mut app, &mut term).contains("Squad builder"));
}
