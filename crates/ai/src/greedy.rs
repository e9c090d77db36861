//! One-ply lookahead: try every legal action on a few sampled states and keep the best.

use crate::value::value;
use crate::{Choice, Player, split_rng};
use squadsight_core::{GameRng, Journal, Ruleset, Seat};

/// Scores each legal action by the mean value of the state right after it, over a few
/// determinizations, and picks the best (the first on ties).
///
/// Every action is tried on the same sampled states with the same random draws, so their
/// scores differ by the action and not by luck.
#[derive(Clone, Debug)]
pub struct GreedyPlayer {
    rng: GameRng,
}

impl GreedyPlayer {
    /// How many determinizations each decision averages over.
    pub const SAMPLES: u32 = 8;

    /// A greedy player whose sampling is fixed by `seed`.
    pub fn new(seed: u64) -> GreedyPlayer {
        GreedyPlayer {
            rng: GameRng::new(seed),
        }
    }
}

impl<R: Ruleset> Player<R> for GreedyPlayer {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(
        &mut self,
        ruleset: &R,
        obs: &R::Observation,
        seat: Seat,
        legal: &[R::Action],
    ) -> Choice<R::Action> {
        let mut totals = vec![0.0f64; legal.len()];
        let mut journal = Journal::off();
        let mut shown = None;
        for _ in 0..GreedyPlayer::SAMPLES {
            let sampled = ruleset.determinize(obs, &mut self.rng);
            // Each action gets the same dice: one fresh generator per sample, cloned per action.
            let dice = split_rng(&mut self.rng);
            // One trial state, copied over for each action so its memory is reused.
            let mut state = sampled.clone();
            for (k, (total, action)) in totals.iter_mut().zip(legal).enumerate() {
                if k > 0 {
                    state.clone_from(&sampled);
                }
                let mut rng = dice.clone();
                *total += match ruleset.apply(&mut state, seat, action, &mut rng, &mut journal) {
                    Ok(()) => value(ruleset, &state, seat),
                    // The sample disagrees with the offered list; rank the action last.
                    Err(_) => -1.0,
                };
            }
            shown.get_or_insert(sampled);
        }
        let mut best = 0;
        for (i, total) in totals.iter().enumerate() {
            if *total > totals[best] {
                best = i;
            }
        }
        let action = legal[best].clone();
        let mean = totals[best] / f64::from(GreedyPlayer::SAMPLES.max(1));
        let label = match &shown {
            Some(state) => ruleset.describe(state, &action),
            None => format!("{action:?}"),
        };
        let reason = format!(
            "one-ply lookahead over {} samples: {label}, {:.0}% expected",
            GreedyPlayer::SAMPLES,
            mean.max(0.0) * 100.0
        );
        Choice { action, reason }
    }
}
