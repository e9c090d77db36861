//! How good a state is for a seat, as a number in 0..=1 that search can average.
//!
//! A finished game is worth 1 to a winner, 0 to a loser and ½ to everyone when nobody won.
//! An unfinished one maps the ruleset's `evaluate` (−1000..=1000) linearly into 0.05..=0.95,
//! so that a real win always counts for more than any heuristic guess.

use squadsight_core::{Decision, Outcome, Ruleset, Seat};

/// The value of `state` for `seat`, in 0..=1.
pub(crate) fn value<R: Ruleset>(ruleset: &R, state: &R::State, seat: Seat) -> f64 {
    match ruleset.to_act(state) {
        Decision::Over(outcome) => outcome_value(&outcome, seat),
        Decision::Act(_) => heuristic_value(ruleset.evaluate(state, seat)),
    }
}

/// A finished game's value for `seat`.
pub(crate) fn outcome_value(outcome: &Outcome, seat: Seat) -> f64 {
    if outcome.winners.contains(seat) {
        1.0
    } else if outcome.winners.is_empty() {
        0.5
    } else {
        0.0
    }
}

/// `evaluate`'s score squeezed into 0.05..=0.95.
pub(crate) fn heuristic_value(score: i32) -> f64 {
    let clamped = f64::from(score.clamp(-1000, 1000));
    0.5 + clamped * 0.00045
}

#[cfg(test)]
mod tests {
    use super::*;
    use squadsight_core::SeatSet;

    #[test]
    fn outcomes_rank_above_any_heuristic() {
        let won = Outcome {
            winners: SeatSet::only(Seat(1)),
            reason: "test".into(),
        };
        assert_eq!(outcome_value(&won, Seat(1)), 1.0);
        assert_eq!(outcome_value(&won, Seat(0)), 0.0);
        let drawn = Outcome {
            winners: SeatSet::NONE,
            reason: "test".into(),
        };
        assert_eq!(outcome_value(&drawn, Seat(0)), 0.5);
        assert!((heuristic_value(1000) - 0.95).abs() < 1e-9);
        assert!((heuristic_value(-1000) - 0.05).abs() < 1e-9);
        assert!((heuristic_value(i32::MAX) - 0.95).abs() < 1e-9);
        assert_eq!(heuristic_value(0), 0.5);
    }
}
