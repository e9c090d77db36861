//! Veterans (tac.squad.campaign, tac.gap.21): which units of a finished battle come back,
//! and the next scenario with them in a seat's squad. A pure reading of the final state; the
//! binary's `carry` command reads the save and writes the file.
//!
//! Who comes back (our decision, tac.gap.21; the source only says "surviving units"):
//! - a unit on its feet at the end, even one an enemy mind-controls whose own team won
//!   (the control lapses, tac.gap.33);
//! - an unconscious unit, unless an enemy team won: its own side carries it off the field
//!   (tac.dmg.unconscious);
//! - not the dead (tac.dmg.death), not a unit turned zombie or hatched into a Chrysalid
//!   (tac.zombie.convert, tac.zombie.hatch), not an unconscious unit left to a winning enemy,
//!   not a unit still under enemy control when its team did not win (captured, as in
//!   tac.scen.mission.capture-unit);
//! - only what the squad bought: Celatid clones (tac.unit.celatid-clone) and civilians are
//!   not in the squad file and are not carried.
//!
//! A unit comes back as the squad file bought it, boosts and kit alike, at full health: the
//! source prices a carried unit as it was priced before, so its ammunition, grenades and
//! medikit charges are bought again, and wounds and used-up armour do not carry.
//!
//! ```
//! use squadsight_core::{GameRng, Journal, Outcome, Ruleset, Seat, SeatSet};
//! use squadsight_tactical::{Tactical, options::Options, state::Status, veterans};
//!
//! let t = Tactical::new()?;
//! let sc = t.scenario("assault")?;
//! let mut st = t.setup(&sc, &Options::default(), &mut GameRng::new(7), &mut Journal::off())?;
//! st.units[0].status = Status::Dead;
//! st.outcome = Some(Outcome { winners: SeatSet::NONE, reason: "a draw".into() });
//! let fates = veterans::fates(t.catalog(), &sc, &st, Seat(0))?;
//! let back = veterans::returning(&sc, Seat(0), &fates);
//! assert_eq!(back.len(), sc.squads[0].units.len() - 1);
//! assert!(back.iter().all(|pick| pick.veteran));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::catalog::Catalog;
use crate::data::Side;
use crate::scenario::ScenarioDef;
use crate::squad::UnitPickDef;
use crate::state::{State, Status};
use squadsight_core::Seat;
use std::fmt;

/// What became of one unit a squad bought, when the battle ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// On its feet: it comes back.
    Standing,
    /// Unconscious, and no enemy team won: its side carried it off; it comes back.
    Recovered,
    /// Destroyed (tac.dmg.death).
    Dead,
    /// Implanted by a Chrysalid: a zombie, or already hatched (tac.zombie.convert).
    Implanted,
    /// Unconscious when an enemy team won: left in the enemy's hands.
    LeftBehind,
    /// Mind-controlled by an enemy at the end, and its own team did not win: taken.
    Captured,
}

impl Fate {
    /// Whether the unit comes back for the next battle.
    pub fn returns(self) -> bool {
        matches!(self, Fate::Standing | Fate::Recovered)
    }
}

impl fmt::Display for Fate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Fate::Standing => "standing: comes back",
            Fate::Recovered => "unconscious, carried off by its side: comes back",
            Fate::Dead => "dead",
            Fate::Implanted => "lost to a Chrysalid's implant",
            Fate::LeftBehind => "unconscious on a field the enemy holds: left behind",
            Fate::Captured => "under enemy control at the end: captured",
        })
    }
}

/// One unit of a seat's squad and what became of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitFate {
    /// Its place in the squad's `units` list (from 0).
    pub pick: usize,
    /// Its unit type, as the squad file names it.
    pub unit: String,
    /// What became of it.
    pub fate: Fate,
}

/// Why survivors cannot be read or carried.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CarryError {
    /// The battle has no outcome yet.
    #[error("the battle is not over: survivors are counted at its end")]
    NotOver,
    /// No such seat.
    #[error("{what} has no seat {seat} (it has {seats})", seat = .seat + 1)]
    NoSeat {
        /// Which scenario: "the battle" or "the next scenario".
        what: &'static str,
        /// The seat, from 0.
        seat: usize,
        /// How many it has.
        seats: usize,
    },
    /// The state does not hold the squads the scenario bought (not this scenario's game).
    #[error("the game does not match its scenario: {0}")]
    Mismatch(String),
    /// The veterans' side differs from the squad they would join.
    #[error(
        "seat {} of the next scenario ({squad}) is {} squad, and the veterans are {}",
        .seat + 1,
        side_words(*.to).0,
        side_words(*.from).1
    )]
    WrongSide {
        /// The seat in the next scenario, from 0.
        seat: usize,
        /// Its squad's name.
        squad: String,
        /// The veterans' side.
        from: Side,
        /// The squad's side.
        to: Side,
    },
}

/// A side as "an X-Com" squad, and its units as "X-Com troops".
fn side_words(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::Xcom => ("an X-Com", "X-Com troops"),
        Side::Alien => ("an alien", "aliens"),
    }
}

/// What became of every unit `seat` bought in `scenario`, read from the battle's final
/// state. Setup deploys the squads' units first, in squad order, so the state's unit `k`
/// of the seat's run is the squad's pick `k`; a Chrysalid there where the squad bought
/// something else hatched from it (tac.zombie.hatch).
pub fn fates(
    catalog: &Catalog,
    scenario: &ScenarioDef,
    state: &State,
    seat: Seat,
) -> Result<Vec<UnitFate>, CarryError> {
    let outcome = state.outcome.as_ref().ok_or(CarryError::NotOver)?;
    let squad = scenario
        .squads
        .get(seat.index())
        .ok_or(CarryError::NoSeat {
            what: "the battle",
            seat: seat.index(),
            seats: scenario.squads.len(),
        })?;
    let same_table = state.seats.len() == scenario.squads.len()
        && state
            .seats
            .iter()
            .zip(&scenario.squads)
            .all(|(a, b)| a.name == b.name);
    if !same_table {
        return Err(CarryError::Mismatch("its squads differ".into()));
    }
    let first: usize = scenario.squads[..seat.index()]
        .iter()
        .map(|s| s.units.len())
        .sum();
    // The field is held by the winners; with no winner, every side carries its own off.
    let team_won = outcome.winners.iter().any(|w| state.allies(w, seat));
    let enemy_won = !outcome.winners.is_empty() && !team_won;
    let mut out = Vec::with_capacity(squad.units.len());
    for (k, pick) in squad.units.iter().enumerate() {
        let index = first + k;
        let mismatch = || {
            CarryError::Mismatch(format!(
                "unit {} is not the squad's {}",
                index + 1,
                pick.unit
            ))
        };
        let u = state.units.get(index).ok_or_else(mismatch)?;
        let bought = catalog.unit_id(&pick.unit).ok_or_else(mismatch)?;
        // A zombie hatches in place into a Chrysalid (tac.zombie.hatch); any other type
        // there means the state is another game's.
        let hatched = u.kind != bought;
        if hatched && catalog.unit_id("Chrysalid") != Some(u.kind) {
            return Err(mismatch());
        }
        let fate = if hatched || u.zombie.is_some() || u.seat != seat {
            Fate::Implanted
        } else if u.status == Status::Dead {
            Fate::Dead
        } else if !state.allies(u.control, seat) && !team_won {
            Fate::Captured
        } else if u.status == Status::Unconscious {
            if enemy_won {
                Fate::LeftBehind
            } else {
                Fate::Recovered
            }
        } else {
            Fate::Standing
        };
        out.push(UnitFate {
            pick: k,
            unit: pick.unit.clone(),
            fate,
        });
    }
    Ok(out)
}

/// The squad entries of the units that come back: each as `seat`'s squad in `scenario`
/// bought it, boosts and kit kept, marked `veteran` (its first boost points are then free,
/// tac.squad.campaign).
pub fn returning(scenario: &ScenarioDef, seat: Seat, fates: &[UnitFate]) -> Vec<UnitPickDef> {
    let Some(squad) = scenario.squads.get(seat.index()) else {
        return Vec::new();
    };
    fates
        .iter()
        .filter(|f| f.fate.returns())
        .filter_map(|f| squad.units.get(f.pick))
        .map(|pick| UnitPickDef {
            veteran: true,
            ..pick.clone()
        })
        .collect()
}

/// `next` with the squad of seat `into` holding `veterans` in place of its own units; the
/// rest of the scenario (map, craft, points, the other squads) stays as it was. The points
/// and everything else are checked when the scenario is set up, as for any scenario file.
pub fn carry(
    next: &ScenarioDef,
    into: Seat,
    side: Side,
    veterans: Vec<UnitPickDef>,
) -> Result<ScenarioDef, CarryError> {
    let mut out = next.clone();
    let seats = out.squads.len();
    let squad = out.squads.get_mut(into.index()).ok_or(CarryError::NoSeat {
        what: "the next scenario",
        seat: into.index(),
        seats,
    })?;
    if squad.side != side {
        return Err(CarryError::WrongSide {
            seat: into.index(),
            squad: squad.name.clone(),
            from: side,
            to: squad.side,
        });
    }
    squad.units = veterans;
    Ok(out)
}
