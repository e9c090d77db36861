//! The baseline: a uniformly random legal action.

use crate::{Choice, Player};
use squadsight_core::{GameRng, Ruleset, Seat, Stream};

/// Picks uniformly among the legal actions, from its own seeded generator.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: GameRng,
}

impl RandomPlayer {
    /// A random player whose picks are fixed by `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: GameRng::new(seed),
        }
    }
}

impl<R: Ruleset> Player<R> for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(
        &mut self,
        ruleset: &R,
        obs: &R::Observation,
        _seat: Seat,
        legal: &[R::Action],
    ) -> Choice<R::Action> {
        let n = u32::try_from(legal.len()).unwrap_or(u32::MAX);
        let pick = self.rng.below(Stream::Ai, n) as usize;
        let action = legal[pick.min(legal.len() - 1)].clone();
        // Describing needs a state; a sampled one is enough because a label only uses what
        // the chooser can see.
        let shown = ruleset.determinize(obs, &mut self.rng);
        let reason = format!(
            "random pick among {} actions: {}",
            legal.len(),
            ruleset.describe(&shown, &action)
        );
        Choice { action, reason }
    }
}
