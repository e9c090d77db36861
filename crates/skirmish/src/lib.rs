//! X-Com Skirmish for squadsight: a hex map, a shared action deck, hidden hands and unit ability
//! tables triggered by Spec cards.

pub mod data;
