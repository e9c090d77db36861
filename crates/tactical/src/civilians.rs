//! Civilians (tac.civ.*) and runs: a civilian stands still until an alien comes into its
//! sight, then rolls its RET against the alien's (tac.civ.reaction). Winning, it runs at
//! once from that alien with all its TUs (tac.civ.flee); losing, it is frozen until the
//! start of the next round and runs then (tac.civ.freeze). A panicked unit runs the same
//! way from its attacker (tac.psi.panic-flee).
//!
//! A run is a decision of the seat that steers it: the X-Com seat that protects the
//! civilians, or the panicked unit's own seat. Each step must take the runner straight
//! away from the one it flees (the steps that leave it farthest from it) or out of that
//! unit's sight; the run ends when no such step is left or its TUs are spent
//! (tac.gap.68, tac.gap.32).

use crate::action::Action;
use crate::data::{Group, Side};
use crate::engine::Tactical;
use crate::legal::{step_base, step_facing};
use crate::map::{Body, Locomotion};
use crate::rolls::opposed;
use crate::state::{State, Status, Unit};
use squadsight_core::journal::mention;
use squadsight_core::square::Pos;
use squadsight_core::{EventKind, GameRng, Input, Journal, Seat};

/// Why a unit runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlightCause {
    /// A civilian that saw an alien (tac.civ.flee, tac.civ.freeze).
    Civilian,
    /// A unit that panicked (tac.psi.panic-flee).
    Panic,
}

/// A run waiting for its steering seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Flight {
    /// The runner.
    pub unit: u8,
    /// The unit it runs from.
    pub from: u8,
    /// The seat that steers the run.
    pub seat: Seat,
    /// Why it runs.
    pub cause: FlightCause,
}

/// Squared distance on the map, a level counting as one square (tac.gap.6).
fn dist2(a: Pos, b: Pos) -> i32 {
    let (dx, dy, dz) = (a.x - b.x, a.y - b.y, a.z - b.z);
    dx * dx + dy * dy + dz * dz
}

impl Tactical {
    /// Whether a unit is a civilian (tac.civ.autonomous): civilians belong to no squad's
    /// turn and act only when they run.
    pub(crate) fn is_civilian(&self, u: &Unit) -> bool {
        self.catalog.unit(u.kind).group == Group::Civilian && u.zombie.is_none()
    }

    /// Whether unit `u` fights for the aliens (its controller's side).
    fn alien(&self, st: &State, u: &Unit) -> bool {
        st.seats
            .get(u.control.index())
            .is_some_and(|s| s.side == Side::Alien)
    }

    /// The seat whose decision a pending run is, when no reaction comes first.
    pub(crate) fn flight_seat(&self, st: &State) -> Option<Seat> {
        if !st.reactions.is_empty() {
            return None;
        }
        st.flights.first().map(|f| f.seat)
    }

    /// The steps the first pending run may take: straight away from the unit it flees,
    /// or out of that unit's sight (tac.civ.flee, tac.gap.68).
    pub(crate) fn flight_steps(&self, st: &State, f: &Flight, out: &mut Vec<Action>) {
        let (i, from) = (usize::from(f.unit), usize::from(f.from));
        let (Some(u), Some(threat)) = (st.units.get(i), st.units.get(from)) else {
            return;
        };
        if !u.active() {
            return;
        }
        let here = dist2(u.pos, threat.pos);
        let mut options: Vec<(Pos, i32, bool)> = Vec::new();
        for (to, kind) in st.bf.steps(u.pos, u.size, Locomotion::Walk) {
            let turn = step_facing(u.pos, to).map_or(0, |g| crate::legal::turn_now(self, u, g));
            let cost = step_base(self, kind) * crate::legal::move_factor(u) + turn;
            if cost > u.tu {
                continue;
            }
            // Only units the steering seat knows of bar a square (tac.gap.7, our fog-of-war
            // reading): a hidden one is found in the way by flee_step.
            let taken = st.bf.footprint(to, u.size).into_iter().any(|c| {
                st.units.iter().enumerate().any(|(j, o)| {
                    j != i
                        && o.active()
                        && o.covers(&st.bf, c)
                        && (j == from || st.seat_sees(f.seat, j))
                })
            });
            if taken {
                continue;
            }
            let body = Body {
                pos: to,
                size: u.size,
                kneeling: false,
            };
            let hidden = !st
                .bf
                .line_of_sight(threat.body(), body, &st.sight, |_| false)
                .clear;
            options.push((to, dist2(to, threat.pos), hidden));
        }
        let best = options.iter().filter(|o| o.1 > here).map(|o| o.1).max();
        for (to, d, hidden) in options {
            if Some(d) == best || (hidden && d >= here) {
                out.push(Action::Flee { unit: f.unit, to });
            }
        }
    }

    /// After unit `i` moved: every civilian that sees it, an alien, for the first time rolls
    /// its RET against the alien's (tac.civ.reaction, tac.stat.ret). The winner runs at once
    /// (tac.civ.flee), the loser freezes (tac.civ.freeze).
    pub(crate) fn check_civilians(
        &self,
        st: &mut State,
        i: usize,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        if !st.units[i].active() || !self.alien(st, &st.units[i]) || !st.mission.civilians {
            return;
        }
        for c in 0..st.units.len() {
            let civ = &st.units[c];
            if c == i
                || !civ.active()
                || !self.is_civilian(civ)
                // A civilian under an alien's mind control does not run from its masters.
                || civ.controlled
                || civ.frozen.is_some()
                || st.flights.iter().any(|f| usize::from(f.unit) == c)
                || civ.seen_before(i)
                || !st.sees(c, i)
            {
                continue;
            }
            let (cn, an) = (self.name(st, c), self.name(st, i));
            let (ret, alien_ret) = (civ.stat(6), st.units[i].stat(6));
            journal.note_with(
                "tac.civ.autonomous",
                EventKind::Effect,
                || format!("{cn} sees {an}"),
                || {
                    vec![
                        Input::new("civilian RET", ret, "tac.unit.data.civilian"),
                        Input::new("alien RET", alien_ret, "tac.gap.68"),
                    ]
                },
            );
            let won = opposed(
                rng,
                journal,
                "tac.civ.reaction",
                ret,
                alien_ret,
                &|| cn.clone(),
                &|| an.clone(),
            );
            if won {
                let seat = st.units[c].control;
                st.flights.push(Flight {
                    unit: c as u8,
                    from: i as u8,
                    seat,
                    cause: FlightCause::Civilian,
                });
                let steer = mention(&st.seats[seat.index()].name).to_string();
                journal.note("tac.civ.flee", EventKind::Effect, || {
                    format!("{cn} runs from {an}; {steer} steers the run")
                });
            } else {
                st.units[c].frozen = Some(i as u8);
                journal.note("tac.civ.freeze", EventKind::Effect, || {
                    format!("{cn} is frozen to the spot with fear")
                });
            }
        }
        self.settle_flights(st, journal);
    }

    /// At the start of a round, frozen civilians that are still alive run, before any
    /// squad acts (tac.civ.freeze, tac.gap.68); civilians never take a squad turn
    /// (tac.civ.autonomous).
    pub(crate) fn civilians_round(&self, st: &mut State, journal: &mut Journal) {
        for c in 0..st.units.len() {
            if !self.is_civilian(&st.units[c]) {
                continue;
            }
            st.units[c].done = true;
            let Some(from) = st.units[c].frozen.take() else {
                continue;
            };
            if !st.units[c].active() {
                continue;
            }
            let seat = st.units[c].control;
            st.flights.push(Flight {
                unit: c as u8,
                from,
                seat,
                cause: FlightCause::Civilian,
            });
            let cn = self.name(st, c);
            journal.note("tac.civ.freeze", EventKind::Effect, || {
                format!("{cn} is still alive and runs")
            });
        }
        self.settle_flights(st, journal);
    }

    /// Ends the runs at the head of the queue that have no step left.
    pub(crate) fn settle_flights(&self, st: &mut State, journal: &mut Journal) {
        let mut steps = Vec::new();
        while let Some(f) = st.flights.first().copied() {
            steps.clear();
            self.flight_steps(st, &f, &mut steps);
            if !steps.is_empty() {
                return;
            }
            st.flights.remove(0);
            let i = usize::from(f.unit);
            let name = self.name(st, i);
            if let Some(u) = st.units.get_mut(i)
                && u.status == Status::Active
            {
                // The run used the TUs it had (tac.civ.flee, tac.psi.panic-flee).
                u.tu = 0;
                if f.cause == FlightCause::Panic {
                    u.done = true;
                }
            }
            journal.note(
                match f.cause {
                    FlightCause::Civilian => "tac.civ.flee",
                    FlightCause::Panic => "tac.psi.panic-flee",
                },
                EventKind::Move,
                || format!("{name}'s run is over"),
            );
        }
    }

    /// One step of a run (tac.civ.flee, tac.psi.panic-flee): the runner turns, pays and
    /// moves; enemies that see it may react (tac.react.trigger).
    pub(crate) fn flee_step(
        &self,
        st: &mut State,
        unit: u8,
        to: Pos,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let i = usize::from(unit);
        let u = &st.units[i];
        let Ok(kind) = st.bf.step(u.pos, to, u.size, Locomotion::Walk) else {
            return;
        };
        let face = step_facing(u.pos, to);
        let turn = face.map_or(0, |g| crate::legal::turn_now(self, u, g));
        let cost = step_base(self, kind) * crate::legal::move_factor(u) + turn;
        // A unit the steering seat could not see may stand there: the runner pays the step
        // and stays (tac.gap.43, as for any step).
        let blocker = st.bf.footprint(to, u.size).into_iter().find_map(|c| {
            (0..st.units.len())
                .find(|&j| j != i && st.units[j].active() && st.units[j].covers(&st.bf, c))
        });
        let u = &mut st.units[i];
        if let Some(g) = face {
            u.facing = g;
        }
        if blocker.is_none() {
            u.pos = to;
        }
        u.tu -= cost;
        u.turn_from = None;
        let name = self.name(st, i);
        let rule = match st.flights.first().map(|f| f.cause) {
            Some(FlightCause::Panic) => "tac.psi.panic-flee",
            _ => "tac.civ.flee",
        };
        match blocker {
            Some(j) => {
                let other = self.name(st, j);
                journal.note(rule, EventKind::Move, || {
                    format!("{name} finds {other} in the way ({cost} TU)")
                });
            }
            None => journal.note(rule, EventKind::Move, || {
                format!("{name} runs to {},{},{} ({cost} TU)", to.x, to.y, to.z + 1)
            }),
        }
        st.resight(i);
        self.settle_flights(st, journal);
        self.check_reactions(st, i, rng, journal);
    }

    /// Where a scenario's civilians stand: free ground squares outside every craft, dealt
    /// from the seed (tac.scen.terror.goals; the source leaves placement to the table).
    pub(crate) fn civilian_squares(&self, st: &State, count: usize, rng: &mut GameRng) -> Vec<Pos> {
        let crafts: Vec<_> = st.bf.crafts().to_vec();
        let inside = |p: Pos| {
            crafts.iter().any(|c| {
                p.x >= c.origin.x
                    && p.x < c.origin.x + c.size.0 as i32
                    && p.y >= c.origin.y
                    && p.y < c.origin.y + c.size.1 as i32
            })
        };
        let mut free: Vec<Pos> = st
            .bf
            .positions()
            .filter(|p| p.z == 0 && st.bf.standable(*p) && !inside(*p))
            .filter(|p| !st.units.iter().any(|u| u.covers(&st.bf, *p)))
            .collect();
        let mut out = Vec::new();
        while out.len() < count && !free.is_empty() {
            let k = rng.below(
                squadsight_core::rng::Stream::Setup,
                u32::try_from(free.len()).unwrap_or(1),
            ) as usize;
            out.push(free.swap_remove(k.min(free.len() - 1)));
        }
        out
    }

    /// The terror-site ending (tac.scen.terror.goals, tac.gap.69): the aliens win when no
    /// civilian is left alive; the count of civilians alive is the X-Com score.
    pub(crate) fn civilians_left(&self, st: &State) -> (usize, usize) {
        let all = st
            .units
            .iter()
            .filter(|u| self.catalog.unit(u.kind).group == Group::Civilian)
            .count();
        let alive = st
            .units
            .iter()
            .filter(|u| self.is_civilian(u) && u.status != Status::Dead)
            .count();
        (alive, all)
    }
}
