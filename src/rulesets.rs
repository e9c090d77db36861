//! The rulesets this build knows by name, and running a command against one of them.

use crate::error::CliError;
use clap::ValueEnum;
use squadsight_core::Ruleset;
use std::sync::Arc;

/// A ruleset as named on the command line and in saves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesetId {
    /// Commander 2.1.
    Commander,
    /// X-Com: Tactical.
    Tactical,
    /// X-Com Skirmish.
    Skirmish,
    /// XCOM: The Board Game.
    Boardgame,
}

impl RulesetId {
    /// Every ruleset squadsight plays.
    pub const ALL: [RulesetId; 4] = [
        RulesetId::Commander,
        RulesetId::Tactical,
        RulesetId::Skirmish,
        RulesetId::Boardgame,
    ];

    /// The ID as written on the command line and in saves.
    pub fn as_str(self) -> &'static str {
        match self {
            RulesetId::Commander => "commander",
            RulesetId::Tactical => "tactical",
            RulesetId::Skirmish => "skirmish",
            RulesetId::Boardgame => "boardgame",
        }
    }

    /// The ID for a name, if it is one of the four.
    pub fn from_name(name: &str) -> Option<RulesetId> {
        RulesetId::ALL.into_iter().find(|r| r.as_str() == name)
    }
}

/// A command that works with any ruleset: `with_ruleset` builds the ruleset and calls `run`.
pub trait RulesetTask {
    /// What the command produces.
    type Output;
    /// Runs the command with the ruleset.
    fn run<R: Ruleset>(self, ruleset: Arc<R>) -> Result<Self::Output, CliError>;
}

/// Builds the named ruleset and runs `task` with it.
pub fn with_ruleset<T: RulesetTask>(id: RulesetId, task: T) -> Result<T::Output, CliError> {
    match id {
        RulesetId::Skirmish => {
            let ruleset = squadsight_skirmish::Skirmish::new().map_err(|e| {
                CliError::invalid(format!("the built-in skirmish rules data is broken:\n{e}"))
            })?;
            task.run(Arc::new(ruleset))
        }
        RulesetId::Commander => {
            let ruleset = squadsight_commander::Commander::new().map_err(|e| {
                CliError::invalid(format!("the built-in commander rules data is broken:\n{e}"))
            })?;
            task.run(Arc::new(ruleset))
        }
        RulesetId::Tactical => {
            let ruleset = squadsight_tactical::Tactical::new().map_err(|e| {
                CliError::invalid(format!("the built-in tactical rules data is broken:\n{e}"))
            })?;
            task.run(Arc::new(ruleset))
        }
        RulesetId::Boardgame => {
            let ruleset = squadsight_boardgame::Boardgame::new().map_err(|e| {
                CliError::invalid(format!("the built-in boardgame app data is broken:\n{e}"))
            })?;
            task.run(Arc::new(ruleset))
        }
    }
}

/// The ruleset named in a save or file, as a usage error when unknown.
pub fn named(name: &str) -> Result<RulesetId, CliError> {
    RulesetId::from_name(name).ok_or_else(|| {
        CliError::input(format!(
            "unknown ruleset `{name}` (squadsight knows commander, tactical, skirmish and boardgame)"
        ))
    })
}
