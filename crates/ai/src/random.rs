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
        _ruleset: &R,
        _obs: &R::Observation,
        _seat: Seat,
        legal: &[R::Action],
    ) -> Choice<R::Action> {
        let n = u32::try_from(legal.len()).unwrap_or(u32::MAX);
        let pick = self.rng.below(Stream::Ai, n) as usize;
        let action = legal[pick.min(legal.len() - 1)].clone();
        // The caller describes the action itself; the reason only says how it was picked.
        let reason = match legal.len() {
            1 => "the only legal action".to_string(),
            n => format!("random pick among {n} actions"),
        };
        Choice { action, reason }
    }
}
