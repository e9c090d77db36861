//! One-ply lookahead: try every legal action on a few sampled states and keep the best.

use crate::value::value;
use crate::{Choice, Player, split_rng};
use squadsight_core::{Decision, GameRng, Journal, Ruleset, Seat};

/// Scores each legal action by the mean value of the state right after it, over a few
/// determinizations, and picks the best (the first on ties).
///
/// Every action is tried on the same sampled states with the same random draws, so their
/// scores differ by the action and not by luck.
///
/// When an action leaves the same seat a small follow-up decision (a target to pick for the
/// card just played, at most [`GreedyPlayer::FOLLOW_UP`] choices), the action is scored by
/// its best follow-up instead: a play whose effect only comes with that choice — an
/// Overwatch shot, an attack card — is not judged by the card it costs alone.
#[derive(Clone, Debug)]
pub struct GreedyPlayer {
    rng: GameRng,
}

impl GreedyPlayer {
    /// How many determinizations each decision averages over.
    pub const SAMPLES: u32 = 8;

    /// The most choices a follow-up decision may offer to be looked through.
    pub const FOLLOW_UP: usize = 8;

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
        let mut follow = Vec::new();
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
                    Ok(()) => {
                        follow_up_value(ruleset, &state, seat, &rng, &mut journal, &mut follow)
                    }
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

/// The value of `state` for `seat`, or, when `seat` must next make a small follow-up decision
/// (at most [`GreedyPlayer::FOLLOW_UP`] choices), the value after its best choice there.
fn follow_up_value<R: Ruleset>(
    ruleset: &R,
    state: &R::State,
    seat: Seat,
    rng: &GameRng,
    journal: &mut Journal,
    legal: &mut Vec<R::Action>,
) -> f64 {
    if ruleset.to_act(state) != Decision::Act(seat) {
        return value(ruleset, state, seat);
    }
    ruleset.legal_actions(state, seat, legal);
    if legal.is_empty() || legal.len() > GreedyPlayer::FOLLOW_UP {
        return value(ruleset, state, seat);
    }
    let mut best = f64::MIN;
    let mut trial = state.clone();
    for (k, action) in legal.iter().enumerate() {
        if k > 0 {
            trial.clone_from(state);
        }
        let mut r = rng.clone();
        let v = match ruleset.apply(&mut trial, seat, action, &mut r, journal) {
            Ok(()) => value(ruleset, &trial, seat),
            Err(_) => -1.0,
        };
        best = best.max(v);
    }
    best
}
