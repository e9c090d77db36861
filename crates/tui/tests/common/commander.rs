//! Helpers for driving Commander 2.1 through the app: finding the game (alone or inside the
//! campaign screen) and the campaign screen, and playing a person's decisions with clicks and
//! keys until a battle ends.

use super::keys;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use squadsight_ai::{Player, RandomPlayer};
use squadsight_commander::Commander;
use squadsight_commander::action::Action;
use squadsight_commander::state::Window;
use squadsight_core::Decision;
use squadsight_tui::App;
use squadsight_tui::commander::{CampaignScreen, CommanderUi};
use squadsight_tui::game_screen::{Focus, GameScreen};

/// The Commander game screen.
pub type Screen = GameScreen<CommanderUi>;

/// The Commander game on screen, alone or as the campaign's battle.
pub fn game(app: &App) -> &Screen {
    let session = app.session().expect("a session is on screen");
    let any = session.as_any();
    any.downcast_ref::<Screen>()
        .or_else(|| {
            any.downcast_ref::<CampaignScreen>()
                .and_then(|c| c.battle())
                .and_then(|b| b.as_any().downcast_ref::<Screen>())
        })
        .expect("a Commander game is on screen")
}

/// The campaign screen.
pub fn campaign(app: &App) -> &CampaignScreen {
    app.session()
        .and_then(|s| s.as_any().downcast_ref::<CampaignScreen>())
        .expect("the campaign screen")
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

/// The cell an action is aimed at, as the map marks it.
pub fn cell_of(screen: &Screen, action: &Action) -> Option<squadsight_commander::board::Cell> {
    let st = screen.game().state();
    let model = |id: squadsight_commander::state::ModelId| st.model(id).map(|m| m.cell);
    match *action {
        Action::Activate(id) | Action::Command(id) => model(id),
        Action::Attack { target, .. } | Action::Mindspin { target, .. } => model(target),
        Action::Run { to, .. } | Action::Climb { to, .. } | Action::ScatterTo(to) => Some(to),
        Action::FreeAttack(_) => match st.windows.first() {
            Some(Window::FreeAttack { target, .. }) => model(*target),
            _ => None,
        },
        _ => None,
    }
}

/// Makes the person at the keyboard play `action`: a click on its cell when it has one on
/// screen (picking from the narrowed list when several actions aim there), else the list.
pub fn play(app: &mut App, term: &mut Terminal<TestBackend>, action: Action) {
    let before = game(app).game().log().len();
    let clicked = cell_of(game(app), &action).and_then(|c| game(app).view().screen_of(c));
    if let Some((x, y)) = clicked {
        focus(app, term, Focus::Map);
        keys(app, term, &format!("<Click {x},{y}>"));
        if game(app).game().log().len() > before {
            return;
        }
    }
    let listed = {
        let screen = game(app);
        let i = screen.legal().iter().position(|a| *a == action);
        i.is_some_and(|i| screen.shown().contains(&i))
    };
    if !listed || game(app).focus() != Focus::Actions {
        focus(app, term, Focus::Map);
        keys(app, term, "<Esc> <Esc> <Esc>");
        focus(app, term, Focus::Actions);
    }
    let screen = game(app);
    let pos = super::shown_position(screen, &action);
    keys(app, term, &format!("<Home> <Down>*{pos} <Enter>"));
    assert!(
        game(app).game().log().len() > before,
        "{action:?} was not played"
    );
}

/// Plays the battle on screen to its end, each person's decision chosen at random (attacks
/// first, so battles end) and entered with clicks and keys. Returns the decisions made.
pub fn play_to_the_end(app: &mut App, term: &mut Terminal<TestBackend>, max: usize) -> usize {
    play_to_the_end_with(app, term, max, &mut RandomPlayer::new(11))
}

/// Plays the battle on screen to its end as [`play_to_the_end`] does, with `brain` choosing
/// whenever no two-action attack is on offer.
pub fn play_to_the_end_with(
    app: &mut App,
    term: &mut Terminal<TestBackend>,
    max: usize,
    brain: &mut dyn Player<Commander>,
) -> usize {
    for n in 0..max {
        let screen = game(app);
        if screen.outcome().is_some() {
            return n;
        }
        if screen.handoff().is_some() {
            keys(app, term, "<Enter>");
            continue;
        }
        let Decision::Act(seat) = screen.game().to_act() else {
            return n;
        };
        if screen.legal().is_empty() {
            // The AI seat is deciding: let it.
            for _ in 0..200 {
                app.tick();
                if !app.busy() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
            keys(app, term, "");
            continue;
        }
        assert_eq!(
            screen.viewer(),
            Some(seat),
            "the person deciding sees the screen"
        );
        let legal = screen.legal().to_vec();
        let attacks: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Attack { actions: 2, .. } | Action::FreeAttack(_)))
            .collect();
        let choice = match attacks.first() {
            Some(a) => *a,
            None => {
                let obs = screen.game().observe(seat);
                brain
                    .choose(screen.game().ruleset(), &obs, seat, &legal)
                    .action
            }
        };
        play(app, term, choice);
    }
    panic!("the battle did not end within {max} decisions");
}

/// On the campaign's reward screen, claims the first reward for the first unit that can take
/// it, or takes nothing when none can.
pub fn claim_first_reward(app: &mut App, term: &mut Terminal<TestBackend>) {
    for _ in 0..8 {
        keys(app, term, "<Enter>");
        if !campaign(app).claiming() {
            return;
        }
        keys(app, term, "<Right>");
    }
    keys(app, term, "x");
}
