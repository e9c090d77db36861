//! Helpers shared by the crate's own unit tests.

use crate::theme::Theme;
use crate::view::{RulesetUi, ViewCtx};
use squadsight_ai::{Player, RandomPlayer};
use squadsight_core::game::{Game, SeatConfig};
use squadsight_core::{Decision, Ruleset, Seat};
use std::sync::Arc;

/// Plays `game` with a random player seeded by `seed` for at most `steps` actions, showing
/// `visit` each position (with its legal actions) before an action is picked there.
pub fn play_randomly<R: Ruleset>(
    game: &mut Game<R>,
    seed: u64,
    steps: usize,
    visit: &mut impl FnMut(&Game<R>, Seat, &[R::Action]),
) {
    let mut player = RandomPlayer::new(seed);
    let mut legal = Vec::new();
    for _ in 0..steps {
        let Decision::Act(seat) = game.to_act() else {
            break;
        };
        game.legal_actions(seat, &mut legal);
        visit(game, seat, &legal);
        let obs = game.observe(seat);
        let choice = player.choose(game.ruleset(), &obs, seat, &legal);
        game.apply(seat, choice.action)
            .expect("a listed action applies");
    }
}

/// Random two-person games of every built-in scenario of `ui`'s ruleset, one per
/// `(seed, options)` run, each played for at most `steps` actions with `visit` shown every
/// position (see [`play_randomly`]). A game whose scenario and options do not start is passed
/// over; returns how many games were played, for the caller to hold to what it expects.
pub fn random_games<U: RulesetUi>(
    ui: &U,
    runs: &[(u64, &[(&str, &str)])],
    steps: usize,
    mut visit: impl FnMut(&Game<U::Rules>, Seat, &[<U::Rules as Ruleset>::Action]),
) -> usize {
    let rules = ui.ruleset();
    let mut played = 0;
    for (n, info) in rules.scenarios().iter().enumerate() {
        let scenario = ui
            .parse_scenario(info.source.as_bytes(), info.id)
            .expect("a built-in scenario parses");
        for &(seed, settings) in runs {
            let mut options = <U::Rules as Ruleset>::Options::default();
            for (key, value) in settings {
                rules
                    .set_option(&mut options, key, value)
                    .expect("a known option");
            }
            let seats = vec![SeatConfig::human(), SeatConfig::human()];
            let Ok(mut game) =
                Game::new(Arc::clone(&rules), scenario.clone(), options, seed, seats)
            else {
                continue;
            };
            play_randomly(&mut game, seed * 31 + n as u64, steps, &mut visit);
            played += 1;
        }
    }
    played
}

/// The view context of `seat` deciding in `game` (plain theme, no highlight), as a person at
/// the screen would have it.
pub fn seat_ctx<'a, R: Ruleset>(
    game: &'a Game<R>,
    seat: Seat,
    obs: &'a R::Observation,
    legal: &'a [R::Action],
) -> ViewCtx<'a, R> {
    ViewCtx {
        ruleset: game.ruleset(),
        scenario: game.scenario(),
        viewer: seat,
        referee: false,
        obs,
        to_act: Some(seat),
        legal,
        highlighted: None,
        theme: &Theme::PLAIN,
    }
}
