//! squadsight engine core: the [`Ruleset`] contract, seeded randomness, dice, decks, the
//! journal, saves and replays, and the grids the rulesets play on. No IO, no UI.
//!
//! ```
//! use squadsight_core::{GameRng, Journal, dice::{Dice, Target, roll}};
//! let mut rng = GameRng::new(42);
//! let mut journal = Journal::recording();
//! let r = roll(&mut rng, Dice::D6, Some(Target::AtLeast(4)));
//! journal.roll("sk.suppression.roll", &r, || format!("suppression roll {}", r.total));
//! assert_eq!(journal.events()[0].roll.unwrap().p.unwrap().to_string(), "50.0% (1/2)");
//! ```

pub mod bag;
pub mod check;
pub mod conformance;
pub mod data;
pub mod deck;
pub mod dice;
pub mod diff;
pub mod game;
pub mod hash;
pub mod hex;
pub mod journal;
pub mod los;
pub mod options;
mod path;
pub mod ratio;
pub mod rng;
pub mod ruleset;
pub mod save;
pub mod seat;
pub mod seed;
pub mod session;
pub mod square;
pub mod text;
pub mod trace;

pub use journal::{Event, EventKind, Input, Journal, article, mention};
pub use ratio::Ratio;
pub use rng::{GameRng, Stream};
pub use ruleset::{
    DataCheck, Decision, IllegalAction, Outcome, RulesError, Ruleset, ScenarioFile, ScenarioInfo,
    SetupError, Timer,
};
pub use seat::{Seat, SeatSet};
