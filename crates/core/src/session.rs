//! A game played by hand from a position: "this scenario, this seed, these actions" for any
//! ruleset, in a few lines. Rule tests, fixtures (a ruleset's `fixture::Fixture` builds the
//! position, this plays on from it), tutorials and puzzles use it; unlike [`crate::game::Game`]
//! it keeps no log, no hash chain and no seats, only the state, the randomness and a recording
//! journal to read back.
//!
//! The state after [`Session::start`] is exactly the one a [`crate::game::Game`] with the same
//! scenario, options and seed starts from.

use crate::journal::{Event, Journal};
use crate::rng::{GameRng, Stream};
use crate::ruleset::{Decision, Outcome, Ruleset, SetupError};
use crate::seat::Seat;

/// A ruleset, a state, its randomness and a recording journal. Seats are 0-based numbers.
#[derive(Clone, Debug)]
pub struct Session<R: Ruleset> {
    ruleset: R,
    state: R::State,
    rng: GameRng,
    journal: Journal,
}

impl<R: Ruleset> Session<R> {
    /// Sets up `scenario` with `options` from `seed`, as a game does.
    pub fn start(
        ruleset: R,
        scenario: &R::Scenario,
        options: &R::Options,
        seed: u64,
    ) -> Result<Session<R>, SetupError> {
        let mut rng = GameRng::new(seed);
        let mut journal = Journal::recording();
        let state = ruleset.setup(scenario, options, &mut rng, &mut journal)?;
        Ok(Session {
            ruleset,
            state,
            rng,
            journal,
        })
    }

    /// Plays on from a position built by hand, with the randomness of `seed` and `journal`
    /// (what building the position journaled, or a fresh recording one).
    pub fn from_state(ruleset: R, state: R::State, seed: u64, journal: Journal) -> Session<R> {
        Session {
            ruleset,
            state,
            rng: GameRng::new(seed),
            journal,
        }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &R {
        &self.ruleset
    }

    /// The state.
    pub fn state(&self) -> &R::State {
        &self.state
    }

    /// The state, to adjust a position by hand.
    pub fn state_mut(&mut self) -> &mut R::State {
        &mut self.state
    }

    /// Everything journaled so far.
    pub fn events(&self) -> &[Event] {
        self.journal.events()
    }

    /// Whether any event cites `rule`.
    pub fn cited(&self, rule: &str) -> bool {
        self.events().iter().any(|e| e.rule == rule)
    }

    /// The rolls journaled under `rule`, as totals.
    pub fn rolls(&self, rule: &str) -> Vec<u32> {
        self.events()
            .iter()
            .filter(|e| e.rule == rule)
            .filter_map(|e| e.roll.map(|r| r.total))
            .collect()
    }

    /// Who decides now (`None` when the game is over).
    pub fn to_act(&self) -> Option<u8> {
        match self.ruleset.to_act(&self.state) {
            Decision::Act(s) => Some(s.0),
            Decision::Over(_) => None,
        }
    }

    /// The game's result, if it is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.ruleset.to_act(&self.state) {
            Decision::Over(o) => Some(o),
            Decision::Act(_) => None,
        }
    }

    /// The legal actions of `seat` now.
    pub fn legal(&self, seat: u8) -> Vec<R::Action> {
        let mut out = Vec::new();
        self.ruleset
            .legal_actions(&self.state, Seat(seat), &mut out);
        out
    }

    /// Applies an action for `seat`; an illegal one is an error and changes nothing.
    pub fn act(&mut self, seat: u8, action: R::Action) -> Result<(), String> {
        self.ruleset
            .apply(
                &mut self.state,
                Seat(seat),
                &action,
                &mut self.rng,
                &mut self.journal,
            )
            .map_err(|e| e.to_string())
    }

    /// Applies a list of actions, each for whoever decides at that moment.
    pub fn play(&mut self, actions: &[R::Action]) -> Result<(), String> {
        for a in actions {
            let seat = self.to_act().ok_or("the game is over")?;
            self.act(seat, a.clone())?;
        }
        Ok(())
    }
}

/// The first seed below five million whose six-sided rolls on the dice stream start with
/// `faces`, so a test can say exactly what the dice will show; `None` when none does.
pub fn seed_for_dice(faces: &[u8]) -> Option<u64> {
    (0..5_000_000u64).find(|&seed| {
        let mut rng = GameRng::new(seed);
        faces
            .iter()
            .all(|&f| rng.die(Stream::Dice, 6) == u32::from(f))
    })
}

#[cfg(test)]
mod tests {
    use super::seed_for_dice;
    use crate::rng::{GameRng, Stream};

    #[test]
    fn the_seed_found_rolls_the_faces_asked_for() {
        let seed = seed_for_dice(&[6, 1, 6]).expect("a seed exists");
        let mut rng = GameRng::new(seed);
        let faces: Vec<u32> = (0..3).map(|_| rng.die(Stream::Dice, 6)).collect();
        assert_eq!(faces, [6, 1, 6]);
        assert_eq!(seed_for_dice(&[]), Some(0));
    }
}
