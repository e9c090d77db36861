//! X-Com: Tactical (2004) for squadsight: time units and percentile dice on a multi-level
//! square tile map for 2 to 10 players.
//!
//! [`Tactical`] implements the engine's [`squadsight_core::Ruleset`] contract.
//!
//! ```
//! use squadsight_core::{Decision, GameRng, Journal, Ruleset, Seat};
//! use squadsight_tactical::{Tactical, action::Action, options::Options};
//!
//! let t = Tactical::new()?;
//! let scenario = t.scenario("assault")?;
//! let mut rng = GameRng::new(7);
//! let mut journal = Journal::recording();
//! let mut state = t.setup(&scenario, &Options::default(), &mut rng, &mut journal)?;
//! let Decision::Act(seat) = t.to_act(&state) else { unreachable!() };
//! let mut legal = Vec::new();
//! t.legal_actions(&state, seat, &mut legal);
//! assert!(legal.contains(&Action::EndTurn));
//! t.apply(&mut state, seat, &Action::EndTurn, &mut rng, &mut journal)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod action;
mod akimbo;
pub mod alliance;
pub mod catalog;
pub mod civilians;
mod clone;
mod combat;
pub mod crash;
pub mod damage;
pub mod data;
mod describe;
mod engine;
mod environment;
mod explosion;
mod guided;
mod infection;
pub mod items;
mod launch;
mod legal;
pub mod map;
pub mod mission;
pub mod observe;
pub mod options;
mod play;
pub mod psi;
mod recovery;
pub mod rolls;
pub mod scenario;
pub mod squad;
pub mod state;
mod textmap;
pub mod throw;
pub mod veterans;
mod witness;

pub use combat::{Modifier, ToHit, range};
pub use engine::{RulesError, Tactical};
