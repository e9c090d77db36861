//! Helpers shared by the crate's own unit tests.

use squadsight_ai::{Player, RandomPlayer};
use squadsight_core::game::Game;
use squadsight_core::{Decision, Ruleset, Seat};

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
