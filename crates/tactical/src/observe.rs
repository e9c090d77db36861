//! What one seat may know (fog of war): its own and its allies' units in full, enemy units it
//! sees now, and the map. Enemy units it does not see are taken off the map in its
//! observation; [`Tactical::determinized`] deals them back onto squares the seat cannot see.
//!
//! What a seat may do is read from the same knowledge ("list by knowledge, resolve by truth",
//! our decision on `tac.gap.7` with `tac.los.obstruction`): a unit the seat cannot see never
//! counts as obstruction when its shots are listed or their odds previewed
//! ([`State::sees_knowing`], [`State::shot_sight_knowing`]); when a shot is fired, every unit
//! obstructs as it really stands (combat.rs).

use crate::engine::Tactical;
use crate::items::{FloorItem, Item};
use crate::map::{Body, Sight};
use crate::state::{MAX_UNITS, State, Status, Unit};
use squadsight_core::rng::Stream;
use squadsight_core::square::Pos;
use squadsight_core::{GameRng, Seat};

/// One seat's view of the game.
#[derive(Clone, Debug)]
pub struct Observation {
    /// The observing seat.
    pub seat: Seat,
    /// The game as the seat knows it: unseen enemy units are listed in `hidden` and stand
    /// nowhere. Their records are the units as they came into play (squad, type and kit as
    /// the scenario lists them, [`crate::state::Origin`]), for [`Tactical::determinized`]
    /// only: squad lists are private (docs/rules/tactical.md), so nothing shown to a player
    /// reads them.
    pub known: State,
    /// Indices of the units the seat cannot see.
    pub hidden: Vec<u8>,
}

/// Where hidden units are kept in an observation: off the map, so nothing traces to them.
const NOWHERE: Pos = Pos::new(-1000, -1000, 0);

/// What an observation shows in place of an item lying where the seat cannot see: one fixed
/// stand-in at [`NOWHERE`], the same whatever really lies there.
const UNSEEN_ITEM: Item = Item::PsiAmp;

/// Makes `u`, a unit the seat cannot see, what the seat knows of it: the unit as it came
/// into play ([`crate::state::Origin`]: its squad, type, profile and kit as its squad file
/// gave them), fresh (unhurt, full time units, standing, facing north, nothing pending),
/// at `pos`. A unit that came into play on the seat's own team keeps who fields and moves it
/// (`told`): its team is told when it loses one (tac.psi.mind-control, tac.zombie.convert).
fn unseen(u: &mut Unit, pos: Pos, told: bool) {
    let o = std::sync::Arc::clone(&u.origin);
    if !told {
        u.seat = o.seat;
        u.control = o.seat;
        u.controlled = false;
        u.control_until = 0;
        u.zombie = None;
    }
    u.kind = o.kind;
    u.pos = pos;
    u.facing = Default::default();
    u.size = o.size;
    u.flies = o.flies;
    u.stats = o.stats;
    u.arm = o.arm;
    u.susc = o.susc;
    u.tu = u.stat(0);
    u.damage = 0;
    u.stun = 0;
    u.status = Status::Active;
    u.kneeling = false;
    u.legs = 0;
    u.arms = 0;
    u.weapon = o.weapon;
    u.ammo = o.ammo;
    u.rounds = o.rounds;
    u.clips = o.clips;
    u.grenades.clone_from(&o.grenades);
    u.medikit = o.medikit;
    u.psi_amp = o.psi_amp;
    u.weight = o.weight;
    u.done = false;
    u.fired = None;
    u.turn_from = None;
    u.panic = None;
    u.seen = 0;
    u.primed = None;
    u.panic_from = None;
    u.frozen = None;
    u.lose_turn = false;
    u.launcher.clone_from(&o.launcher);
    u.born = o.born;
    u.second = o.second;
    u.second_rounds = o.second_rounds;
}

/// Whether one of `seat`'s (or its allies') units stands on square `p` or sees it (field of
/// view, range and line of sight, as for a body standing there; units hide nothing): what
/// the journal's witnesses of a square are ([`Tactical::square_seers`]).
fn square_seen(st: &State, seat: Seat, p: Pos) -> bool {
    st.units.iter().any(|u| {
        u.active()
            && st.allies(u.control, seat)
            && (u.covers(&st.bf, p)
                || st
                    .bf
                    .sees(u.body(), u.facing, Body::at(p), &st.sight, |_| false)
                    .clear)
    })
}

impl Tactical {
    /// The seat's observation (fog of war).
    pub(crate) fn observation(&self, st: &State, seat: Seat) -> Observation {
        let mut known = st.clone();
        let mut hidden = Vec::new();
        // A seat steering a run knows where the unit it runs from stands, seen or not: the
        // run is steered away from it (tac.psi.panic-flee, tac.civ.flee, tac.gap.32).
        let threat = st
            .flights
            .first()
            .filter(|f| f.seat == seat)
            .map(|f| usize::from(f.from))
            .filter(|&t| t < st.units.len() && !st.seat_sees(seat, t));
        for j in 0..st.units.len() {
            if st.seat_sees(seat, j) {
                continue;
            }
            // The unit a run flees from keeps its square, and only that.
            if threat != Some(j) {
                hidden.push(j as u8);
            }
            let pos = if threat == Some(j) {
                st.units[j].pos
            } else {
                NOWHERE
            };
            let told = st.allies(st.units[j].origin.seat, seat);
            unseen(&mut known.units[j], pos, told);
        }
        // Sight bits of hidden units would tell where they are: keep only the seat's own.
        for (k, u) in known.units.iter_mut().enumerate() {
            if !st.allies(st.units[k].control, seat) {
                u.seen = 0;
            }
        }
        // Which unit is taking its turn, when the seat cannot see it.
        if known
            .active
            .is_some_and(|a| hidden.contains(&a) || threat == Some(usize::from(a)))
        {
            known.active = None;
        }
        // Reaction decisions of other seats name units the seat may not see.
        known.reactions.retain(|r| {
            st.units
                .get(usize::from(r.reactor))
                .is_some_and(|u| u.control == seat)
        });
        if let Some(r) = st.reactions.first()
            && known.reactions.first() != Some(r)
        {
            // Someone else decides first; keep the queue's head as public knowledge of who.
            known.reactions.insert(0, *r);
        }
        // Runs steered by other seats name units the seat may not see; keep the head only.
        let head = st.flights.first().copied();
        known.flights.retain(|f| f.seat == seat);
        if let Some(f) = head
            && known.flights.first() != Some(&f)
        {
            known.flights.insert(0, f);
        }
        // Only its own secret mission (tac.scen.mission.draw).
        self.hide_missions(&mut known, seat);
        // What lies on squares the seat does not see now: primed grenades are left out; items
        // keep their place in the list (pick-ups name them by it) but neither where they lie
        // nor what they are.
        known.live.retain(|l| square_seen(st, seat, l.pos));
        for f in known.floor.iter_mut() {
            if !square_seen(st, seat, f.pos) {
                *f = FloorItem {
                    pos: NOWHERE,
                    item: UNSEEN_ITEM,
                    fresh: false,
                };
            }
        }
        // The sight entries and the sight table were the truth's: they hold every unit's
        // square and who sees whom. Drawn again from what the seat knows, they tell it
        // nothing more (hidden units stand nowhere and see nothing). The unit a run flees
        // from stands where it is but is not seen (with the hidden units gone from the line,
        // or its kneeling forgotten, the map alone might show it) and, as for the seat's
        // listed shots, closes no line (tac.gap.7).
        known.lookers.clear();
        known.lookers.extend(known.units.iter().map(Unit::looker));
        if let Some(t) = threat {
            known.lookers[t].obstructs = false;
        }
        known
            .vision
            .refresh(&known.bf, &known.lookers, &known.sight);
        if let Some(t) = threat {
            known.vision.blind(t);
        }
        Observation {
            seat,
            known,
            hidden,
        }
    }

    /// A full state consistent with the observation: each hidden unit is dealt onto a free
    /// square that none of the seat's units can see, and
    /// the seat still sees every enemy it saw (a dealt unit may not close a line of sight by
    /// being a fourth square of obstruction: tac.los.obstruction). A deal that breaks that
    /// is dealt again; after a few tries, dealt units are taken off the map for this sample
    /// until it holds.
    pub(crate) fn determinized(&self, obs: &Observation, rng: &mut GameRng) -> State {
        let seat = obs.seat;
        let threat = obs
            .known
            .flights
            .first()
            .filter(|f| f.seat == seat)
            .map(|f| usize::from(f.from));
        let must_see: Vec<usize> = (0..obs.known.units.len())
            .filter(|&k| {
                let u = &obs.known.units[k];
                !obs.hidden.contains(&(k as u8))
                    && threat != Some(k)
                    && u.status != Status::Dead
                    && !obs.known.allies(u.control, seat)
            })
            .collect();
        let holds = |st: &State| must_see.iter().all(|&k| st.seat_sees(seat, k));
        for _ in 0..8 {
            let st = self.deal(obs, rng);
            if holds(&st) {
                return st;
            }
        }
        let mut st = self.deal(obs, rng);
        for &h in &obs.hidden {
            if holds(&st) {
                break;
            }
            st.units[usize::from(h)].status = Status::Dead;
            st.resight_all();
        }
        st
    }

    /// Deals every hidden unit onto a free square none of the seat's units can see.
    fn deal(&self, obs: &Observation, rng: &mut GameRng) -> State {
        let mut st = obs.known.clone();
        let eyes: Vec<Body> = st
            .units
            .iter()
            .enumerate()
            .filter(|(k, u)| {
                u.active() && !obs.hidden.contains(&(*k as u8)) && st.allies(u.control, obs.seat)
            })
            .map(|(_, u)| u.body())
            .collect();
        let cells = st.bf.cell_count();
        for &h in &obs.hidden {
            let h = usize::from(h);
            let size = st.units[h].size;
            let mut placed = None;
            for _ in 0..200 {
                let i = rng.below(Stream::Ai, u32::try_from(cells).unwrap_or(1)) as usize;
                let p = st.bf.pos_at(i);
                let fits = size.cells(p).all(|c| {
                    st.bf.standable(c)
                        && !st
                            .units
                            .iter()
                            .any(|u| u.pos != NOWHERE && u.covers(&st.bf, c))
                });
                if !fits {
                    continue;
                }
                let body = Body {
                    pos: p,
                    size,
                    kneeling: false,
                };
                let seen = eyes
                    .iter()
                    .any(|e| st.bf.line_of_sight(*e, body, &st.sight, |_| false).clear);
                if !seen {
                    placed = Some(p);
                    break;
                }
            }
            match placed {
                Some(p) => st.units[h].pos = p,
                // Nowhere unseen to put it: it stays off the map for this sample.
                None => st.units[h].status = Status::Dead,
            }
        }
        st.resight_all();
        st
    }
}

impl State {
    /// The units `seat` sees, as a bit mask by index: exactly those [`State::seat_sees`]
    /// admits (its own and allied units, the dead, and every unit one of them sees).
    pub fn known_mask(&self, seat: Seat) -> u64 {
        let n = self.units.len().min(MAX_UNITS);
        let eyes: Vec<usize> = (0..n)
            .filter(|&i| self.units[i].active() && self.allies(self.units[i].control, seat))
            .collect();
        (0..n).fold(0u64, |m, j| {
            let u = &self.units[j];
            let known = self.allies(u.control, seat)
                || u.status == Status::Dead
                || eyes.iter().any(|&i| self.sees(i, j));
            if known { m | 1 << j } else { m }
        })
    }

    /// Whether unit `i`, one of `seat`'s, has sight of unit `j` as the seat knows the field
    /// (`tac.ranged.los`, `tac.gap.41`, `tac.gap.7`): the seat sees `j`, and `i` would see it
    /// with only the units the seat sees counted as obstruction. This is what a seat's legal
    /// shots are listed by; a hidden unit may still stand in the way when the shot is fired.
    pub fn sees_knowing(&self, seat: Seat, i: usize, j: usize) -> bool {
        if self.sees(i, j) {
            // Fewer obstructers never block more.
            return true;
        }
        if !self.vision.obstructed(&self.lookers, &self.sight, i, j) || !self.seat_sees(seat, j) {
            return false;
        }
        self.shot_sight_knowing(seat, i, j).is_some_and(|s| s.clear)
    }

    /// The line of sight from unit `i` to unit `j` with only the units `seat` sees counted as
    /// obstruction (its count is what `seat` is shown as the obstruction modifier,
    /// `tac.ranged.mod.obstruction`). `None` for a unit that is not there.
    pub fn shot_sight_knowing(&self, seat: Seat, i: usize, j: usize) -> Option<Sight> {
        let known = self.known_mask(seat);
        self.vision
            .shot_sight_among(&self.bf, &self.lookers, &self.sight, i, j, |k| {
                k < MAX_UNITS && known >> k & 1 == 1
            })
    }
}
