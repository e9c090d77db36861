//! The state of a Tactical game: the battlefield, every unit, the round and squad order, the
//! unit whose turn is running, pending reaction decisions, and sight between units.

use crate::catalog::{GrenadeId, SuscRow, UnitTypeId, WeaponId};
use crate::data::{PanicEffect, Side};
use crate::map::{Battlefield, Body, Facing, Footprint, Looker, SightRules, Size, Vision};
use crate::options::Options;
use squadsight_core::square::Pos;
use squadsight_core::{Outcome, Seat};
use std::sync::Arc;

/// Most units a game may hold (sight masks are one `u64` per unit).
pub const MAX_UNITS: usize = 64;

/// Whether a unit can act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Up and fighting.
    Active,
    /// Unconscious, prone on the floor (tac.dmg.unconscious).
    Unconscious,
    /// Destroyed (tac.dmg.death).
    Dead,
}

/// One unit on the battlefield.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    /// Its type.
    pub kind: UnitTypeId,
    /// The seat that fields it.
    pub seat: Seat,
    /// The seat that controls it now (mind control: tac.psi.mind-control).
    pub control: Seat,
    /// North-west square of its footprint.
    pub pos: Pos,
    /// Which way it faces (tac.gap.4).
    pub facing: Facing,
    /// One square or 2x2 (tac.unit.size).
    pub size: Size,
    /// Can fly (tac.unit.flight, or a Flying Suit).
    pub flies: bool,
    /// Stats after boosts and suit: TU HTH ACC MAC TAC STR RET PSK PST (`None` = "-").
    pub stats: [Option<i16>; 9],
    /// Remaining armour by location (tac.dmg.armour-ablative).
    pub arm: [i16; 5],
    /// Susceptibilities in force (the suit's row replaces the natural one, tac.gap.26).
    pub susc: SuscRow,
    /// Time units left this turn.
    pub tu: i16,
    /// Lethal damage taken.
    pub damage: i16,
    /// Stun damage taken.
    pub stun: i16,
    /// Whether it can act.
    pub status: Status,
    /// Kneeling (tac.move.kneel-effects).
    pub kneeling: bool,
    /// Leg critical hits (tac.crit.leg).
    pub legs: u8,
    /// Arm critical hits (tac.crit.arm).
    pub arms: u8,
    /// The weapon in its hands.
    pub weapon: Option<WeaponId>,
    /// Which of that weapon's rounds is loaded.
    pub ammo: u8,
    /// Rounds left in the loaded clip; `None` for weapons that never run out.
    pub rounds: Option<u16>,
    /// Spare clips.
    pub clips: u8,
    /// Grenades carried.
    pub grenades: Vec<GrenadeId>,
    /// Medikit charges left (0: none).
    pub medikit: u8,
    /// Carries a psi amp.
    pub psi_amp: bool,
    /// Weight carried.
    pub weight: u32,
    /// Has had its turn this round (tac.game.unit-turn).
    pub done: bool,
    /// The first weapon it fired this turn (tac.ranged.mod.second-weapon).
    pub fired: Option<WeaponId>,
    /// The facing before a run of turns with no step between (tac.gap.43).
    pub turn_from: Option<Facing>,
    /// A panic result waiting for its next turn (tac.gap.32).
    pub panic: Option<PanicEffect>,
    /// Mind-controlled: control reverts when its turn ends in this round or later
    /// (tac.gap.33).
    pub controlled: bool,
    /// The units it saw after the last motion, as a bit mask (tac.react.trigger fires on new
    /// sight only, tac.gap.5).
    pub seen: u64,
    /// The grenade in its hand, primed and not yet thrown (tac.throw.prime).
    pub primed: Option<crate::throw::Primed>,
    /// The unit whose panic attack it is running from (tac.psi.panic-flee).
    pub panic_from: Option<u8>,
    /// Mind control lasts until the controller's squad turn of this round ends
    /// (tac.psi.mind-control, tac.gap.33).
    pub control_until: u32,
    /// A zombie: the round it was implanted in (tac.zombie.convert, tac.gap.34).
    pub zombie: Option<u32>,
    /// A civilian frozen with fear of this alien: it runs at the start of the next round
    /// (tac.civ.freeze).
    pub frozen: Option<u8>,
    /// Woke far from its square and loses its next turn (tac.dmg.wake-displace).
    pub lose_turn: bool,
    /// Grenades loaded in its Grenade Launcher, next shot first
    /// (tac.equip.grenade-launcher).
    pub launcher: Vec<GrenadeId>,
    /// The round it came into play (tac.unit.celatid-clone counts from it).
    pub born: u32,
    /// A second small arm in its other hand, fired only akimbo (tac.ranged.akimbo).
    pub second: Option<WeaponId>,
    /// Rounds left in the second weapon's clip.
    pub second_rounds: Option<u16>,
    /// The unit as it came into play: what a seat knows of it while it cannot see it.
    pub origin: Arc<Origin>,
}

/// A unit as it came into play, from its squad file's pick or from the rule that brought it
/// in (a Celatid's clone, a civilian of a terror site): its squad, type, profile and kit. It
/// never changes, and a hatching Chrysalid takes over its zombie's. A seat that cannot see a
/// unit knows it only as this (docs/rules/tactical.md, "Squad lists are private").
///
/// It is fixed when the unit is made, from what the game's start and its actions already fix,
/// so it adds nothing to the state hash: its `Hash` writes nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// Its type.
    pub kind: UnitTypeId,
    /// The seat that fielded it.
    pub seat: Seat,
    /// One square or 2x2.
    pub size: Size,
    /// Can fly.
    pub flies: bool,
    /// Stats after boosts and suit.
    pub stats: [Option<i16>; 9],
    /// Armour by location, whole.
    pub arm: [i16; 5],
    /// Susceptibilities in force.
    pub susc: SuscRow,
    /// The weapon in its hands.
    pub weapon: Option<WeaponId>,
    /// Which of that weapon's rounds is loaded.
    pub ammo: u8,
    /// Rounds in the loaded clip.
    pub rounds: Option<u16>,
    /// Spare clips.
    pub clips: u8,
    /// Grenades carried.
    pub grenades: Vec<GrenadeId>,
    /// Medikit charges.
    pub medikit: u8,
    /// Carries a psi amp.
    pub psi_amp: bool,
    /// Weight carried.
    pub weight: u32,
    /// Grenades loaded in its Grenade Launcher.
    pub launcher: Vec<GrenadeId>,
    /// The round it came into play.
    pub born: u32,
    /// A second small arm.
    pub second: Option<WeaponId>,
    /// Rounds in the second weapon's clip.
    pub second_rounds: Option<u16>,
}

impl std::hash::Hash for Origin {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl Origin {
    /// What `u` is now, as its origin.
    pub fn of(u: &Unit) -> Origin {
        Origin {
            kind: u.kind,
            seat: u.seat,
            size: u.size,
            flies: u.flies,
            stats: u.stats,
            arm: u.arm,
            susc: u.susc,
            weapon: u.weapon,
            ammo: u.ammo,
            rounds: u.rounds,
            clips: u.clips,
            grenades: u.grenades.clone(),
            medikit: u.medikit,
            psi_amp: u.psi_amp,
            weight: u.weight,
            launcher: u.launcher.clone(),
            born: u.born,
            second: u.second,
            second_rounds: u.second_rounds,
        }
    }
}

impl Unit {
    /// Whether it is up and fighting.
    pub fn active(&self) -> bool {
        self.status == Status::Active
    }

    /// Whether it already saw unit `j` after the last motion.
    pub fn seen_before(&self, j: usize) -> bool {
        j < MAX_UNITS && self.seen & (1 << j) != 0
    }

    /// A stat, with "-" as 0.
    pub fn stat(&self, i: usize) -> i16 {
        self.stats.get(i).copied().flatten().unwrap_or(0)
    }

    /// Its sight body.
    pub fn body(&self) -> Body {
        Body {
            pos: self.pos,
            size: self.size,
            kneeling: self.kneeling,
        }
    }

    /// Its entry for sight: prone units do not obstruct (tac.dmg.prone).
    pub fn looker(&self) -> Looker {
        Looker {
            body: self.body(),
            facing: self.facing,
            obstructs: self.status != Status::Dead && self.status != Status::Unconscious,
        }
    }

    /// The squares it stands on, each on its own level: a 2 × 2 unit across the break of a
    /// ramp stands with part of its block on the ramp's top, a level below `pos`
    /// (`tac.unit.size`, `tac.map.slope`; [`Battlefield::footprint`]). Every rule that asks
    /// where a unit is (who is in the way, sight, blasts, fire, melee reach) reads this.
    pub fn cells(&self, bf: &Battlefield) -> Footprint {
        bf.footprint(self.pos, self.size)
    }

    /// The first of [`Unit::cells`], its north-west one: `pos`, or the ramp's top below it
    /// when its block lies across the break there. What is aimed at the unit's square (a
    /// burst, a throw, a guided round's last leg) aims here.
    pub fn square(&self, bf: &Battlefield) -> Pos {
        self.cells(bf).into_iter().next().unwrap_or(self.pos)
    }

    /// Whether it stands on `p` (one of [`Unit::cells`]).
    pub fn covers(&self, bf: &Battlefield, p: Pos) -> bool {
        let n = self.size.side();
        // Only squares of its block's columns, on its level or the one below, can be its
        // own; most asks end here without reading the map.
        if p.x < self.pos.x
            || p.x >= self.pos.x + n
            || p.y < self.pos.y
            || p.y >= self.pos.y + n
            || (p.z != self.pos.z && p.z + 1 != self.pos.z)
        {
            return false;
        }
        match self.size {
            Size::One => p == self.pos,
            Size::Two => self.cells(bf).contains(p),
        }
    }
}

/// One seat at the table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SeatInfo {
    /// Its name.
    pub name: String,
    /// Its side.
    pub side: Side,
    /// Its team; seats of one team are allies (tac.game.victory).
    pub team: u8,
}

/// A reaction decision waiting for its seat (tac.react.*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reaction {
    /// The unit that won the reaction roll.
    pub reactor: u8,
    /// The unit that came into its sight.
    pub target: u8,
}

/// Everything about a game in progress.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The map and its environment.
    pub bf: Battlefield,
    /// Every unit, in deployment order.
    pub units: Vec<Unit>,
    /// The seats.
    pub seats: Vec<SeatInfo>,
    /// The table options in force.
    pub options: Options,
    /// Sight settings.
    pub sight: SightRules,
    /// Sight between units.
    pub vision: Vision,
    /// Every unit's sight entry, parallel to `units`.
    pub lookers: Vec<Looker>,
    /// The round, from 1.
    pub round: u32,
    /// The last round before the game is called a draw (a scenario setting).
    pub round_limit: u32,
    /// This round's squad order (tac.game.initiative).
    pub order: Vec<Seat>,
    /// Index into `order` of the squad whose turn it is.
    pub turn: usize,
    /// The unit whose turn is running (tac.game.one-active-unit).
    pub active: Option<u8>,
    /// Reaction decisions waiting, first first.
    pub reactions: Vec<Reaction>,
    /// How the game ended.
    pub outcome: Option<Outcome>,
    /// Grenades lying on the map, primed, in the order they landed (tac.throw.*).
    pub live: Vec<crate::throw::Live>,
    /// Squares lit by Electro Flares, sorted (tac.equip.flare).
    pub lit: Vec<Pos>,
    /// Rounds at the start in which only the crashed seats act (tac.scen.crash.head-start).
    pub head_start: u32,
    /// The seats that start in a crashed craft (tac.scen.crash.setup).
    pub crashed: squadsight_core::SeatSet,
    /// Runs waiting for their steering seat: fleeing civilians (tac.civ.flee) and panicked
    /// units (tac.psi.panic-flee), first first.
    pub flights: Vec<crate::civilians::Flight>,
    /// Items lying on the floor (tac.dmg.drop-on-death, tac.dmg.pickup).
    pub floor: Vec<crate::items::FloorItem>,
    /// Scenario rules beyond Assault: civilians to protect, a confined map, secret missions.
    pub mission: crate::mission::MissionState,
}

impl State {
    /// The seat whose squad turn it is.
    pub fn turn_seat(&self) -> Seat {
        self.order.get(self.turn).copied().unwrap_or(Seat(0))
    }

    /// The team of a seat.
    pub fn team(&self, seat: Seat) -> u8 {
        self.seats.get(seat.index()).map_or(u8::MAX, |s| s.team)
    }

    /// Whether two seats are on one team.
    pub fn allies(&self, a: Seat, b: Seat) -> bool {
        self.team(a) == self.team(b)
    }

    /// Whether unit `i` sees unit `j` (line of sight, field of view and range).
    pub fn sees(&self, i: usize, j: usize) -> bool {
        self.vision.sees(&self.lookers, &self.sight, i, j)
    }

    /// Whether `seat` sees unit `j`: its own or allied units, or any unit it controls,
    /// see it (fog of war).
    pub fn seat_sees(&self, seat: Seat, j: usize) -> bool {
        let Some(u) = self.units.get(j) else {
            return false;
        };
        if self.allies(u.control, seat) || u.status == Status::Dead {
            return true;
        }
        self.units
            .iter()
            .enumerate()
            .any(|(i, e)| e.active() && self.allies(e.control, seat) && self.sees(i, j))
    }

    /// The unit standing (not prone) on `p`, if any.
    pub fn standing_at(&self, p: Pos) -> Option<usize> {
        self.units
            .iter()
            .position(|u| u.active() && u.covers(&self.bf, p))
    }

    /// Re-reads a unit's sight entry after it moved, turned or knelt, and retraces the
    /// pairs it may have changed.
    pub fn resight(&mut self, i: usize) {
        let Some(u) = self.units.get(i) else { return };
        let before = self.lookers[i].body;
        self.lookers[i] = u.looker();
        self.vision
            .moved(&self.bf, &self.lookers, &self.sight, i, before);
    }

    /// Retraces every pair (after the map or a unit's state changed).
    pub fn resight_all(&mut self) {
        self.lookers = self.units.iter().map(Unit::looker).collect();
        self.vision.refresh(&self.bf, &self.lookers, &self.sight);
    }

    /// Which units (by index) `i` sees, as a bit mask.
    pub fn seen_mask(&self, i: usize) -> u64 {
        let mut m = 0u64;
        for j in 0..self.units.len().min(MAX_UNITS) {
            if j != i && self.units[j].status != Status::Dead && self.sees(i, j) {
                m |= 1 << j;
            }
        }
        m
    }
}
