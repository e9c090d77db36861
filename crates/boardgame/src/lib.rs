//! XCOM: The Board Game for squadsight, part 1: squadsight as the game's companion app.
//!
//! The table plays the printed game; [`Boardgame`] does the app's job as an ordinary
//! [`squadsight_core::Ruleset`]: setup, the round's budget, the timed phase's action sequence
//! with its timers, pause and forecasts, UFO spawns and descents, scrambles, the resolution
//! phase step by step, the Central Officer's answers, the final-mission unlock, the end and the
//! score. The clock lives in the front end; presses and expiries arrive as actions carrying the
//! seconds the rules need, so a timed game replays exactly.
//!
//! ```
//! use squadsight_boardgame::{Action, Boardgame};
//! use squadsight_core::{GameRng, Journal, Ruleset, Seat};
//! let app = Boardgame::new().unwrap();
//! let scenario = squadsight_core::data::parse_ron(app.scenarios()[0].source.as_bytes(), "normal").unwrap();
//! let (mut rng, mut journal) = (GameRng::new(7), Journal::recording());
//! let mut state = app.setup(&scenario, &Default::default(), &mut rng, &mut journal).unwrap();
//! app.apply(&mut state, Seat(0), &Action::Begin, &mut rng, &mut journal).unwrap(); // setup done
//! app.apply(&mut state, Seat(0), &Action::Begin, &mut rng, &mut journal).unwrap(); // round 1
//! let timer = app.timer(&state).unwrap();
//! assert_eq!(timer.action, Action::Expire);
//! ```

pub mod action;
pub mod catalog;
pub mod data;
pub mod describe;
mod engine;
mod legal;
pub mod options;
mod plan;
mod resolution;
pub mod state;
mod timed;

pub use action::{Action, Colour};
pub use engine::{Boardgame, RulesError};

/// The Central Officer's seat: the one that works the app (bg.role.central-officer).
pub const CENTRAL_OFFICER: squadsight_core::Seat = squadsight_core::Seat(0);
