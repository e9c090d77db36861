//! X-Com: Tactical (2004) for squadsight: time units and percentile dice on a multi-level
//! square tile map for 2 to 10 players.

pub mod catalog;
pub mod damage;
pub mod data;
pub mod map;
pub mod options;
pub mod rolls;
pub mod squad;
