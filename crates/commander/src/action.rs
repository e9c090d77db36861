//! The decisions a seat can make in Commander.

use crate::board::Cell;
use crate::catalog::WeaponId;
use crate::state::{Method, ModelId};
use serde::{Deserialize, Serialize};

/// One decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
// A save may carry nothing the hash chain does not cover: unknown fields are refused.
#[serde(deny_unknown_fields)]
pub enum Action {
    /// An AI-mode seat is to decide: the rules' AI makes its choices (cmd.ai.same-activation).
    AiActivate,
    /// Activate this model with the drawn die (cmd.round.activate-on-draw, cmd.act.pick-model).
    Activate(ModelId),
    /// Give an immediate activation to this model before acting (cmd.sr.commanding-presence).
    Command(ModelId),
    /// Attack `target` with `weapon`, spending 1 or 2 actions (cmd.act.attack.one/two).
    Attack {
        /// The weapon used (cmd.gap.56).
        weapon: WeaponId,
        /// The target.
        target: ModelId,
        /// 1 or 2.
        actions: u8,
    },
    /// [Mindspin] at `target` as a shooting action (cmd.sr.mindspin).
    Mindspin {
        /// The target.
        target: ModelId,
        /// 1 or 2.
        actions: u8,
    },
    /// Run to a cell: up to MOBILITY for 1 action, 2 × MOBILITY for 2 (cmd.act.run.one/two).
    Run {
        /// The destination.
        to: Cell,
        /// 1 or 2.
        actions: u8,
    },
    /// Climb to a cell within MOBILITY: 1 action with a skill test, 2 without
    /// (cmd.act.climb.one/two).
    Climb {
        /// The destination.
        to: Cell,
        /// 1 or 2.
        actions: u8,
    },
    /// Set Overwatch with a weapon (cmd.act.overwatch.one).
    Overwatch(WeaponId),
    /// Hunker Down: 2 actions, the model goes Down (cmd.act.hunker-down.two).
    HunkerDown,
    /// Use an [Action] ability on an objective (cmd.act.special-action.one/two).
    Special {
        /// Which ability.
        method: Method,
        /// Index of the objective.
        objective: u8,
        /// 1 or 2.
        actions: u8,
    },
    /// End the activation.
    EndActivation,
    /// Place the scatter point of a shot at your model (cmd.sr.scatter).
    ScatterTo(Cell),
    /// Reveal the hidden Infiltrator at a discovered marker (cmd.sr.infiltrator).
    Reveal(u8),
    /// Keep the Infiltrator hidden.
    StayHidden,
    /// Take the free attack on a fleeing model with this weapon (cmd.melee.flee-free-attack).
    FreeAttack(WeaponId),
    /// Let the free attack go.
    DeclineFreeAttack,
}
