//! Helpers for driving X-Com Skirmish through the app: starting a game, finding the game
//! screen, and playing a person's decisions with keys and clicks.

use super::{app_with, game_spec, keys, quick_store};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use squadsight_ai::{GreedyPlayer, Player};
use squadsight_core::game::{Game, SeatConfig};
use squadsight_core::{Decision, Seat};
use squadsight_core::{Ruleset, save};
use squadsight_skirmish::Skirmish;
use squadsight_skirmish::action::Action;
use squadsight_tui::game_screen::{Focus, GameScreen};
use squadsight_tui::registry::Registry;
use squadsight_tui::skirmish::SkirmishUi;
use squadsight_tui::{App, Start};
use std::sync::Arc;

/// The Skirmish game screen.
pub type Screen = GameScreen<SkirmishUi>;

/// A learning-scenario game with these seats and options.
pub fn spec(seed: u64, seats: [SeatConfig; 2], options: &[(&str, &str)]) -> Start {
    Start::Game(game_spec("skirmish", "learning", seed, &seats, options))
}

/// A learning-scenario game of the person (seat 1) against the greedy AI, with these options.
pub fn vs_greedy_with(seed: u64, options: &[(&str, &str)]) -> Start {
    spec(
        seed,
        [SeatConfig::human(), SeatConfig::ai("greedy")],
        options,
    )
}

/// The person against the greedy AI, X-Com (the person) first: where most screen tests start.
pub fn vs_greedy(seed: u64) -> App {
    app(vs_greedy_with(seed, &[("first_player", "xcom")]))
}

/// The first legal action of the game on screen that `wanted` accepts.
pub fn first_legal(app: &App, wanted: impl Fn(&Action) -> bool) -> Option<Action> {
    game(app).legal().iter().copied().find(|a| wanted(a))
}

/// The built-in registry's app.
pub fn app(start: Start) -> App {
    app_with(Registry::builtin(), quick_store(), start)
}

/// The Skirmish game on screen.
pub fn game(app: &App) -> &Screen {
    app.session()
        .and_then(|s| s.as_any().downcast_ref::<Screen>())
        .expect("a Skirmish game is on screen")
}

/// Presses the keys (or clicks) that make the person at the keyboard play `action`.
pub fn play(app: &mut App, term: &mut Terminal<TestBackend>, action: Action) {
    let before = game(app).game().log().len();
    // Map actions are clicked on the map when their hex is on screen.
    let hex = match action {
        Action::MoveTo(h) | Action::TargetHex(h) => Some(h),
        Action::TargetUnit(u) => game(app)
            .game()
            .observe(game(app).viewer().unwrap_or(Seat(0)))
            .state
            .unit(u)
            .map(|u| u.pos),
        _ => None,
    };
    if let Some(h) = hex {
        let screen = game(app);
        let obs = screen.game().observe(screen.viewer().unwrap_or(Seat(0)));
        if let Some((x, y)) = screen.view().cell_of(h, obs.state.board()) {
            keys(app, term, &format!("<Click {x},{y}>"));
            if game(app).game().log().len() > before {
                return;
            }
        }
    }
    // Otherwise pick it from the action list, clearing any map selection first.
    focus(app, term, Focus::Map);
    keys(app, term, "<Esc> <Esc>");
    focus(app, term, Focus::Actions);
    let screen = game(app);
    let pos = super::shown_position(screen, &action);
    let n = screen.shown().len();
    let script = if pos <= n / 2 {
        format!("<Home> <Down>*{pos} <Enter>")
    } else {
        format!("<End> <Up>*{} <Enter>", n - 1 - pos)
    };
    keys(app, term, &script);
    // A card play that needs a target waits for it (nothing is spent before the target).
    assert!(
        game(app).game().log().len() > before || game(app).aiming(),
        "{action:?} was not played"
    );
}

/// Tabs to a pane.
pub fn focus(app: &mut App, term: &mut Terminal<TestBackend>, pane: Focus) {
    for _ in 0..3 {
        if game(app).focus() == pane {
            return;
        }
        keys(app, term, "<Tab>");
    }
}

/// Plays the game on screen to its end: each person's decision is made by a greedy player
/// and entered with keys and clicks; hand-off screens are passed with Enter. Returns how
/// many hand-offs there were and how many of them came out of turn.
pub fn play_to_the_end(
    app: &mut App,
    term: &mut Terminal<TestBackend>,
    max: usize,
) -> (usize, usize) {
    let mut brain = GreedyPlayer::new(5);
    let mut handoffs = (0, 0);
    let mut zoomed = false;
    for _ in 0..max {
        let screen = game(app);
        if screen.outcome().is_some() {
            return handoffs;
        }
        if !zoomed && screen.handoff().is_none() {
            // The overview zoom shows the whole learning map, so every hex can be clicked.
            focus(app, term, Focus::Map);
            keys(app, term, "z");
            zoomed = true;
            continue;
        }
        if let Some(seat) = screen.handoff() {
            handoffs.0 += 1;
            let st = screen.game().state();
            if st.active() != seat.0 {
                handoffs.1 += 1;
            }
            // Nothing of either hand is on screen while the hand-off shows.
            assert!(
                !super::screen(term).contains("Hand"),
                "a pane shows behind the hand-off"
            );
            keys(app, term, "<Enter>");
            continue;
        }
        let Decision::Act(seat) = screen.game().to_act() else {
            continue;
        };
        assert_eq!(
            screen.viewer(),
            Some(seat),
            "the person deciding sees the screen"
        );
        // While a card waits for its target, the choice is made on the screen's look ahead.
        let obs = screen.observation().clone();
        let legal = screen.legal().to_vec();
        assert!(!legal.is_empty());
        let choice = brain.choose(screen.game().ruleset(), &obs, seat, &legal);
        play(app, term, choice.action);
    }
    panic!("the game did not end within {max} decisions");
}

/// A save of a learning-scenario game `actions` actions in, both sides played by greedy
/// players.
pub fn greedy_save(seed: u64, actions: usize) -> String {
    let sk = Arc::new(Skirmish::new().expect("rules load"));
    let scenario = sk.scenario("learning").expect("scenario");
    let mut options = squadsight_skirmish::options::Options::default();
    sk.set_option(&mut options, "range_mode", "max")
        .expect("option");
    let seats = vec![SeatConfig::human(), SeatConfig::human()];
    let mut game = Game::new(Arc::clone(&sk), scenario, options, seed, seats).expect("starts");
    let mut players = [GreedyPlayer::new(1), GreedyPlayer::new(2)];
    let mut legal = Vec::new();
    for _ in 0..actions {
        let Decision::Act(seat) = game.to_act() else {
            break;
        };
        game.legal_actions(seat, &mut legal);
        let obs = game.observe(seat);
        let choice = players[seat.index()].choose(sk.as_ref(), &obs, seat, &legal);
        game.apply(seat, choice.action).expect("legal");
    }
    save::to_ron(&game).expect("saves")
}
