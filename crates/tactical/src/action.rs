//! What a seat can decide.

use crate::catalog::WeaponId;
use crate::data::Mode;
use crate::map::Facing;
use serde::{Deserialize, Serialize};
use squadsight_core::square::Pos;

/// One decision. Units are named by their index in the state's unit list.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Move one square (or one level): walking, or flying for units that can
    /// (tac.move.*). The unit first turns to face the step (tac.gap.43).
    Step {
        /// The unit.
        unit: u8,
        /// Where its north-west square ends up.
        to: Pos,
        /// Fly rather than walk.
        fly: bool,
    },
    /// Turn to a facing (tac.move.turn-45, tac.move.turn-90, tac.move.turn-180).
    Turn {
        /// The unit.
        unit: u8,
        /// The new facing.
        facing: Facing,
    },
    /// Kneel down (tac.move.kneel-stand).
    Kneel {
        /// The unit.
        unit: u8,
    },
    /// Stand up (tac.move.kneel-stand).
    Stand {
        /// The unit.
        unit: u8,
    },
    /// Open a door on an edge of the unit's squares (tac.move.special.open-door).
    OpenDoor {
        /// The unit.
        unit: u8,
        /// The door.
        door: u16,
    },
    /// Fire or strike at a unit with one of its weapons in one mode (tac.ranged.*,
    /// tac.melee.*).
    Attack {
        /// The attacker.
        unit: u8,
        /// The weapon: the one in its hands or a built-in one.
        weapon: WeaponId,
        /// Shot mode.
        mode: Mode,
        /// The target unit.
        target: u8,
    },
    /// Fire at a square rather than a unit (tac.ranged.targets): a thrown attack (the
    /// Grenade Launcher, the Celatid's spit: tac.throw.as-throw) at a square where an enemy
    /// lies or stands, or a shot at the square of an unconscious enemy, which cannot be
    /// targeted as a unit (tac.ranged.unconscious-target).
    FireAt {
        /// The attacker.
        unit: u8,
        /// The weapon.
        weapon: WeaponId,
        /// Shot mode.
        mode: Mode,
        /// The square aimed at.
        at: Pos,
    },
    /// Fire both weapons at once, "akimbo", in Snap or Auto mode (tac.ranged.akimbo).
    Akimbo {
        /// The attacker.
        unit: u8,
        /// Snap or Auto.
        mode: Mode,
        /// The target unit.
        target: u8,
    },
    /// A targeted weapon's shot along a path of two waypoints: `via`, then the target
    /// (tac.ranged.targeted).
    Guided {
        /// The attacker.
        unit: u8,
        /// The targeted weapon.
        weapon: WeaponId,
        /// The first waypoint.
        via: Pos,
        /// The target unit, the last waypoint.
        target: u8,
    },
    /// Load a fresh clip (tac.move.special.load).
    Reload {
        /// The unit.
        unit: u8,
    },
    /// Use a medikit on itself or an adjacent unit (tac.medikit.*).
    Heal {
        /// The medic.
        unit: u8,
        /// The patient.
        target: u8,
    },
    /// The unit's turn is over (tac.game.unit-turn).
    EndUnit {
        /// The unit.
        unit: u8,
    },
    /// The squad's turn is over: every unit that has not had its turn ends it.
    EndTurn,
    /// Take the reaction snap shot that was won (tac.react.roll).
    React {
        /// The reacting unit.
        reactor: u8,
    },
    /// Take the reaction shot that was won akimbo, with two pistols (tac.react.akimbo).
    ReactAkimbo {
        /// The reacting unit.
        reactor: u8,
    },
    /// Let the reaction shot go.
    Hold,
    /// Prime a grenade and take it in hand (tac.throw.prime, tac.move.special.prime).
    Prime {
        /// The unit.
        unit: u8,
        /// Which of its grenades (index into its list).
        slot: u8,
        /// Rounds of delay, 0 to 5 (tac.gap.50).
        delay: u8,
    },
    /// Throw the primed grenade at a square (tac.throw.*, tac.move.special.throw).
    Throw {
        /// The thrower.
        unit: u8,
        /// The square aimed at.
        to: Pos,
    },
    /// A psi attack on a unit the seat sees (tac.psi.*).
    Psi {
        /// The attacker.
        unit: u8,
        /// The target.
        target: u8,
        /// Which attack.
        kind: crate::psi::PsiKind,
    },
    /// One step of a run the seat steers: a civilian's flight (tac.civ.flee) or a
    /// panicked unit's (tac.psi.panic-flee).
    Flee {
        /// The runner.
        unit: u8,
        /// Where it steps.
        to: Pos,
    },
    /// Pick up an item lying on the unit's square (tac.dmg.pickup).
    PickUp {
        /// The unit.
        unit: u8,
        /// Index into the floor's items.
        item: u16,
    },
    /// Put down something carried (tac.gap.55).
    Drop {
        /// The unit.
        unit: u8,
        /// What.
        item: crate::items::Carried,
    },
    /// Write down the secret mission's target (tac.scen.mission.*): an object's square, an
    /// enemy unit or a weapon type.
    MissionTarget {
        /// The object to destroy (tac.scen.mission.sabotage).
        square: Option<Pos>,
        /// The unit to capture (tac.scen.mission.capture-unit).
        unit: Option<u8>,
        /// The weapon to steal (tac.scen.mission.capture-tech).
        weapon: Option<WeaponId>,
    },
    /// Take the loaded clip out of the weapon in hand, or the grenades out of a Grenade
    /// Launcher (tac.move.special.unload). Last in the list so the
    /// variants before it keep the hashes that chain older saves' links.
    Unload {
        /// The unit.
        unit: u8,
    },
}
