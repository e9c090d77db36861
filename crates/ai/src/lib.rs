//! squadsight players: a uniform random player, a one-ply greedy player and an
//! information-set Monte Carlo tree search at three strengths, all working through the
//! [`Ruleset`] contract and seeing only their seat's observation.
//!
//! A player never receives the game's state. It gets `R::Observation` and, when it wants to
//! look ahead, samples full states consistent with it through [`Ruleset::determinize`], using
//! its own random generator (seeded from its seed, separate from the game's), so thinking
//! never changes a game's dice.
//!
//! ```
//! use squadsight_ai::Level;
//! let level: Level = "hard".parse().unwrap();
//! assert_eq!(level, Level::Hard);
//! assert_eq!(level.to_string(), "hard");
//! assert!("expert".parse::<Level>().is_err());
//! ```

pub mod arena;
mod greedy;
mod level;
mod mcts;
mod random;
mod tree;
mod value;

pub use greedy::GreedyPlayer;
pub use level::{Level, ParseLevelError};
pub use mcts::{MctsPlayer, MctsSettings};
pub use random::RandomPlayer;

use squadsight_core::{GameRng, Ruleset, Seat, Stream};

/// One seat's decision maker.
pub trait Player<R: Ruleset>: Send {
    /// A short name for menus and reports, e.g. `mcts-hard`.
    fn name(&self) -> String;

    /// Picks one of `legal` using only what `seat` may observe.
    ///
    /// `legal` must be the non-empty list the ruleset gives for `seat` (the contract
    /// guarantees one while that seat is to act); an empty list is a caller bug and panics.
    fn choose(
        &mut self,
        ruleset: &R,
        obs: &R::Observation,
        seat: Seat,
        legal: &[R::Action],
    ) -> Choice<R::Action>;
}

/// A player's pick and why it made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice<A> {
    /// The chosen action, one of the legal actions offered.
    pub action: A,
    /// One line in our own words for the UI and the journal.
    pub reason: String,
}

/// A boxed player of the given level; `seed` fixes all of its randomness.
pub fn make_player<R: Ruleset>(level: Level, seed: u64) -> Box<dyn Player<R>> {
    match (level, MctsSettings::for_level(level)) {
        (_, Some(settings)) => Box::new(MctsPlayer::new(format!("mcts-{level}"), settings, seed)),
        (Level::Greedy, None) => Box::new(GreedyPlayer::new(seed)),
        (_, None) => Box::new(RandomPlayer::new(seed)),
    }
}

/// A new generator seeded from the AI stream of `rng`, for simulations whose draws must not
/// overlap the ones that come after them.
fn split_rng(rng: &mut GameRng) -> GameRng {
    let high = u64::from(rng.next_u32(Stream::Ai));
    let low = u64::from(rng.next_u32(Stream::Ai));
    GameRng::new(high << 32 | low)
}
