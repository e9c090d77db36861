//! XCOM Enemy Eternal – Commander 2.1 for squadsight: a 2D6 roll-under wargame with dice-bag
//! activation, typed (PEP-EP) damage, AI cards for solo play, battles and campaigns.

pub mod action;
pub mod ai_mode;
pub mod board;
pub mod campaign;
pub mod catalog;
pub mod data;
mod describe;
mod engine;
pub mod fixture;
mod legal;
mod lines;
pub mod movement;
pub mod observe;
pub mod options;
pub mod pep;
pub mod scenario;
pub mod squad;
pub mod state;
mod summary;
mod turn;

pub use engine::{Commander, RulesError};
pub mod combat;
pub mod mindspin;
pub mod skill;
