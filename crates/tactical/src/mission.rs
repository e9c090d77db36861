//! Scenario goals beyond Assault: the terror site's civilians (tac.scen.terror.goals), ship
//! boarding's confined map (tac.scen.boarding), bases (tac.scen.base.setup) and the secret
//! Missions variant (tac.scen.mission.*).
//!
//! Missions, in our words (tac.gap.18): every seat rolls a private d4 for its mission;
//! doubles are allowed. Before round 1's first action each seat whose mission names a
//! target writes it down (a decision only its own observation shows). A seat's "craft" is
//! the squares it deployed on. Whether a mission is done is checked at the end of every
//! squad turn, the seat whose turn ended first and then the others in initiative order; the
//! first seat found done wins with its team. A mission whose target is gone (the unit dead,
//! no enemy carrying the item) turns into plain elimination, which also still ends the game
//! as in Assault.

use crate::action::Action;
use crate::catalog::WeaponId;
use crate::engine::Tactical;
use crate::state::{State, Status};
use squadsight_core::dice::{Dice, Target, roll};
use squadsight_core::journal::{article, mention};
use squadsight_core::square::Pos;
use squadsight_core::{EventKind, GameRng, Journal, Outcome, Seat, SeatSet};

/// The four secret missions (tac.scen.mission.draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mission {
    /// 1: destroy an object inside the enemy craft (tac.scen.mission.sabotage).
    Sabotage(Option<Pos>),
    /// 2: bring a chosen enemy unit to the own craft, mind-controlled
    /// (tac.scen.mission.capture-unit).
    CaptureUnit(Option<u8>),
    /// 3: no enemy left in the enemy craft and a unit of one's own inside
    /// (tac.scen.mission.capture-ship).
    CaptureShip,
    /// 4: carry a chosen enemy weapon to the own craft (tac.scen.mission.capture-tech).
    CaptureTech(Option<WeaponId>),
    /// The target is gone: eliminate every enemy (tac.scen.mission.capture-tech-limits).
    Eliminate,
}

impl Mission {
    /// Whether the mission still waits for its holder to name a target.
    pub fn needs_target(&self) -> bool {
        matches!(
            self,
            Mission::Sabotage(None) | Mission::CaptureUnit(None) | Mission::CaptureTech(None)
        )
    }
}

/// Scenario rules in force beyond Assault.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct MissionState {
    /// A terror site: civilians on the map, who the aliens hunt (tac.scen.terror.goals).
    pub civilians: bool,
    /// Ship boarding: units may only stand inside the craft (tac.scen.boarding).
    pub confined: bool,
    /// Each seat's deployment squares: its craft, landing pads or base (tac.gap.70).
    pub homes: Vec<Vec<Pos>>,
    /// Each seat's secret mission (the Missions variant), empty otherwise. An observation
    /// keeps only the observer's own.
    pub secret: Vec<Option<Mission>>,
}

impl Tactical {
    /// Rolls each seat's secret mission on a private d4 (tac.scen.mission.draw, tac.gap.18).
    pub(crate) fn draw_missions(&self, st: &mut State, rng: &mut GameRng, journal: &mut Journal) {
        let seats = st.seats.len();
        st.mission.secret = vec![None; seats];
        for s in 0..seats {
            let r = roll(rng, Dice::Die { sides: 4 }, Some(Target::AtLeast(1)));
            let mission = match r.total {
                1 => Mission::Sabotage(None),
                2 => Mission::CaptureUnit(None),
                3 => Mission::CaptureShip,
                _ => Mission::CaptureTech(None),
            };
            let name = mention(&st.seats[s].name).to_string();
            let clause = mission_clause(&mission);
            journal.roll_private(
                "tac.scen.mission.draw",
                &r,
                SeatSet::NONE.with(Seat(s as u8)),
                || format!("{name} draws secret mission {} ({clause})", r.total),
                || Some(format!("{name} draws a secret mission")),
            );
            st.mission.secret[s] = Some(mission);
        }
        // tac.scen.mission.capture-tech-limits: with nothing to steal, eliminate instead; so
        // too, in our reading (tac.gap.18), a sabotage with no object in the enemy craft.
        let mut options = Vec::new();
        for s in 0..seats {
            let needs = st.mission.secret[s].is_some_and(|m| m.needs_target());
            options.clear();
            self.target_actions(st, Seat(s as u8), &mut options);
            if needs && options.is_empty() {
                let clause = st.mission.secret[s].map_or("tac.gap.18", |m| mission_clause(&m));
                st.mission.secret[s] = Some(Mission::Eliminate);
                let name = mention(&st.seats[s].name).to_string();
                journal.private(
                    "tac.scen.mission.capture-tech-limits",
                    EventKind::Setup,
                    SeatSet::NONE.with(Seat(s as u8)),
                    || format!("{name}: no target for its mission ({clause}): eliminate the enemy"),
                    || None,
                );
            }
        }
    }

    /// The seat that must write down its mission's target now, if any.
    pub(crate) fn target_seat(&self, st: &State) -> Option<Seat> {
        if st.round > 1 || st.outcome.is_some() {
            return None;
        }
        st.mission
            .secret
            .iter()
            .position(|m| m.is_some_and(|m| m.needs_target()))
            .map(|s| Seat(s as u8))
    }

    /// Whether seat `s` and unit `u`'s owner are enemies.
    fn enemy_seat(st: &State, s: Seat, other: Seat) -> bool {
        !st.allies(s, other)
    }

    /// Squares of enemy crafts (homes of seats not on `s`'s team).
    fn enemy_home(st: &State, s: Seat) -> Vec<Pos> {
        let mut out = Vec::new();
        for (k, home) in st.mission.homes.iter().enumerate() {
            if Self::enemy_seat(st, s, Seat(k as u8)) {
                out.extend(home.iter().copied());
            }
        }
        out
    }

    /// Weapons carried by enemies that none of `s`'s own units brought in
    /// (tac.scen.mission.capture-tech-limits).
    fn tech_choices(&self, st: &State, s: Seat) -> Vec<WeaponId> {
        let mut own: Vec<WeaponId> = st
            .units
            .iter()
            .filter(|u| u.seat == s)
            .filter_map(|u| u.weapon)
            .collect();
        own.sort_unstable();
        let mut out: Vec<WeaponId> = st
            .units
            .iter()
            .filter(|u| Self::enemy_seat(st, s, u.seat) && u.status != Status::Dead)
            .filter_map(|u| u.weapon)
            .filter(|w| own.binary_search(w).is_err())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The targets seat `s` may write down (one action each).
    pub(crate) fn target_actions(&self, st: &State, s: Seat, out: &mut Vec<Action>) {
        let Some(Some(m)) = st.mission.secret.get(s.index()) else {
            return;
        };
        match m {
            Mission::Sabotage(None) => {
                // Every object within the bounds of an enemy's deployment squares (its craft),
                // on every level: the squares units start on hold none themselves.
                for (k, home) in st.mission.homes.iter().enumerate() {
                    if !Self::enemy_seat(st, s, Seat(k as u8)) || home.is_empty() {
                        continue;
                    }
                    let (x0, x1) = (
                        home.iter().map(|p| p.x).min().unwrap_or(0),
                        home.iter().map(|p| p.x).max().unwrap_or(-1),
                    );
                    let (y0, y1) = (
                        home.iter().map(|p| p.y).min().unwrap_or(0),
                        home.iter().map(|p| p.y).max().unwrap_or(-1),
                    );
                    for q in st.bf.positions() {
                        if (x0..=x1).contains(&q.x)
                            && (y0..=y1).contains(&q.y)
                            && st.bf.square(q).is_some_and(|sq| sq.object.is_some())
                        {
                            out.push(Action::MissionTarget {
                                square: Some(q),
                                unit: None,
                                weapon: None,
                            });
                        }
                    }
                }
            }
            Mission::CaptureUnit(None) => {
                for (j, u) in st.units.iter().enumerate() {
                    if Self::enemy_seat(st, s, u.seat) && u.active() && !self.is_civilian(u) {
                        out.push(Action::MissionTarget {
                            square: None,
                            unit: Some(j as u8),
                            weapon: None,
                        });
                    }
                }
            }
            Mission::CaptureTech(None) => {
                for w in self.tech_choices(st, s) {
                    out.push(Action::MissionTarget {
                        square: None,
                        unit: None,
                        weapon: Some(w),
                    });
                }
            }
            _ => {}
        }
        out.sort_by_key(|a| format!("{a:?}"));
        out.dedup();
    }

    /// Writes down a mission's target (tac.scen.mission.sabotage,
    /// tac.scen.mission.capture-unit, tac.scen.mission.capture-tech): only the seat itself
    /// learns which.
    pub(crate) fn choose_target(
        &self,
        st: &mut State,
        s: Seat,
        square: Option<Pos>,
        unit: Option<u8>,
        weapon: Option<WeaponId>,
        journal: &mut Journal,
    ) {
        let Some(Some(m)) = st.mission.secret.get_mut(s.index()) else {
            return;
        };
        let (new, text) = match (*m, square, unit, weapon) {
            (Mission::Sabotage(None), Some(p), _, _) => (
                Mission::Sabotage(Some(p)),
                format!("the object at {},{},{}", p.x, p.y, p.z + 1),
            ),
            (Mission::CaptureUnit(None), _, Some(u), _) => {
                (Mission::CaptureUnit(Some(u)), format!("unit #{}", u + 1))
            }
            (Mission::CaptureTech(None), _, _, Some(w)) => (Mission::CaptureTech(Some(w)), {
                let w = &self.catalog.weapon(w).name;
                format!("{} {w}", article(w))
            }),
            _ => return,
        };
        *m = new;
        let name = mention(&st.seats[s.index()].name).to_string();
        let clause = mission_clause(&new);
        journal.private(
            clause,
            EventKind::Setup,
            SeatSet::NONE.with(s),
            || format!("{name} writes down its target: {text}"),
            || Some(format!("{name} writes down its secret target")),
        );
    }

    /// Whether seat `s` has done its mission (checked at the end of a squad turn).
    fn mission_done(&self, st: &mut State, s: Seat, journal: &mut Journal) -> bool {
        let Some(Some(m)) = st.mission.secret.get(s.index()).copied() else {
            return false;
        };
        let home = st.mission.homes.get(s.index()).cloned().unwrap_or_default();
        let at_home = |p: Pos| home.iter().any(|h| h.x == p.x && h.y == p.y);
        match m {
            Mission::Sabotage(Some(p)) => st.bf.square(p).is_some_and(|q| q.object.is_none()),
            Mission::CaptureUnit(Some(t)) => {
                let Some(u) = st.units.get(usize::from(t)) else {
                    return false;
                };
                if u.status == Status::Dead || u.zombie.is_some() {
                    self.fall_back(st, s, journal);
                    return false;
                }
                u.active() && u.control == s && u.controlled && at_home(u.pos)
            }
            Mission::CaptureShip => {
                let enemy = Self::enemy_home(st, s);
                let inside = |p: Pos| enemy.iter().any(|h| h.x == p.x && h.y == p.y);
                let foes = st.units.iter().any(|u| {
                    u.active()
                        && Self::enemy_seat(st, s, u.control)
                        && !self.is_civilian(u)
                        && inside(u.pos)
                });
                let ours = st
                    .units
                    .iter()
                    .any(|u| u.active() && u.control == s && inside(u.pos));
                !foes && ours
            }
            Mission::CaptureTech(Some(w)) => {
                let done = st
                    .units
                    .iter()
                    .any(|u| u.active() && u.seat == s && u.weapon == Some(w) && at_home(u.pos));
                if !done {
                    let anywhere = st
                        .units
                        .iter()
                        .any(|u| u.status != Status::Dead && u.weapon == Some(w))
                        || st.floor.iter().any(
                            |f| matches!(f.item, crate::items::Item::Weapon { id, .. } if id == w),
                        );
                    if !anywhere {
                        self.fall_back(st, s, journal);
                    }
                }
                done
            }
            _ => false,
        }
    }

    /// A mission whose target is gone turns into elimination (tac.gap.18).
    fn fall_back(&self, st: &mut State, s: Seat, journal: &mut Journal) {
        if let Some(m) = st.mission.secret.get_mut(s.index()) {
            *m = Some(Mission::Eliminate);
            let name = mention(&st.seats[s.index()].name).to_string();
            journal.private(
                "tac.scen.mission.draw",
                EventKind::Effect,
                SeatSet::NONE.with(s),
                || format!("{name}'s target is gone: its mission is now to eliminate the enemy"),
                || None,
            );
        }
    }

    /// At the end of `ended`'s squad turn: the first seat found done wins
    /// (tac.scen.mission.draw, tac.gap.18).
    pub(crate) fn check_missions(&self, st: &mut State, ended: Seat, journal: &mut Journal) {
        if st.mission.secret.is_empty() || st.outcome.is_some() {
            return;
        }
        let mut order = vec![ended];
        order.extend(st.order.iter().copied().filter(|s| *s != ended));
        for s in 0..st.seats.len() as u8 {
            if !order.contains(&Seat(s)) {
                order.push(Seat(s));
            }
        }
        for s in order {
            if self.mission_done(st, s, journal) {
                let team = st.team(s);
                let mut winners = SeatSet::NONE;
                for (k, info) in st.seats.iter().enumerate() {
                    if info.team == team {
                        winners = winners.with(Seat(k as u8));
                    }
                }
                let m = st.mission.secret[s.index()].unwrap_or(Mission::Eliminate);
                let clause = mission_clause(&m);
                let name = &st.seats[s.index()].name;
                let reason = format!("{name} completed its secret mission ({clause})");
                journal.note(clause, EventKind::End, || {
                    format!("{} completed its secret mission ({clause})", mention(name))
                });
                st.outcome = Some(Outcome { winners, reason });
                return;
            }
        }
    }

    /// The terror-site ending (tac.scen.terror.goals, tac.gap.69): when every civilian is
    /// dead the aliens win. Returns whether the game ended.
    pub(crate) fn terror_over(&self, st: &mut State, journal: &mut Journal) -> bool {
        if !st.mission.civilians {
            return false;
        }
        let (alive, all) = self.civilians_left(st);
        if alive > 0 || all == 0 {
            return false;
        }
        let mut winners = SeatSet::NONE;
        for (k, s) in st.seats.iter().enumerate() {
            if s.side == crate::data::Side::Alien {
                winners = winners.with(Seat(k as u8));
            }
        }
        let reason = "every civilian is dead: the aliens' terror succeeds".to_string();
        journal.note("tac.scen.terror.goals", EventKind::End, || reason.clone());
        st.outcome = Some(Outcome { winners, reason });
        true
    }

    /// The civilians saved, for the end of a terror site (tac.gap.69).
    pub(crate) fn terror_score(&self, st: &State) -> Option<String> {
        if !st.mission.civilians {
            return None;
        }
        let (alive, all) = self.civilians_left(st);
        Some(format!("{alive} of {all} civilians alive"))
    }

    /// Whether a square is one a unit may stand on under ship boarding: inside one of the
    /// two craft's footprints or on the ring of squares right against them, the docking
    /// gangway (tac.scen.boarding).
    pub(crate) fn allowed_square(&self, st: &State, p: Pos) -> bool {
        !st.mission.confined
            || st.bf.crafts().iter().any(|c| {
                p.x >= c.origin.x - 1
                    && p.x <= c.origin.x + c.size.0 as i32
                    && p.y >= c.origin.y - 1
                    && p.y <= c.origin.y + c.size.1 as i32
            })
    }

    /// Hides every other seat's mission from `seat`'s observation.
    pub(crate) fn hide_missions(&self, st: &mut State, seat: Seat) {
        for (k, m) in st.mission.secret.iter_mut().enumerate() {
            if k != seat.index()
                && let Some(mission) = m
            {
                // Another seat's mission is unknown. The placeholder keeps only what the
                // table sees: whether that seat still has a target to write down.
                *mission = if mission.needs_target() {
                    Mission::Sabotage(None)
                } else {
                    Mission::Eliminate
                };
            }
        }
    }
}

/// The clause of a mission.
fn mission_clause(m: &Mission) -> &'static str {
    match m {
        Mission::Sabotage(_) => "tac.scen.mission.sabotage",
        Mission::CaptureUnit(_) => "tac.scen.mission.capture-unit",
        Mission::CaptureShip => "tac.scen.mission.capture-ship",
        Mission::CaptureTech(_) => "tac.scen.mission.capture-tech",
        Mission::Eliminate => "tac.scen.mission.capture-tech-limits",
    }
}

impl Tactical {
    /// Deployment squares without a craft (tac.scen.base.setup, tac.gap.70): landing pads
    /// (packed earth on a base map) or any free ground square, nearest to the point first.
    pub(crate) fn deploy_squares(
        &self,
        bf: &crate::map::Battlefield,
        deploy: crate::scenario::DeployDef,
        units: &[crate::state::Unit],
    ) -> Vec<Pos> {
        use crate::scenario::DeployDef;
        let (x, y, pads) = match deploy {
            DeployDef::LandingPads { x, y } => (x, y, true),
            DeployDef::Anywhere { x, y } => (x, y, false),
        };
        let mut cells: Vec<Pos> = bf
            .positions()
            .filter(|p| p.z == 0 && bf.standable(*p))
            .filter(|p| {
                let floor = bf.square(*p).and_then(|s| s.floor);
                if pads {
                    floor == Some(crate::map::FloorKind::Dirt)
                } else {
                    floor != Some(crate::map::FloorKind::Dirt)
                }
            })
            .filter(|p| !units.iter().any(|u| u.covers(bf, *p)))
            .collect();
        if cells.is_empty() && pads {
            // A deal without a hangar: the attackers land on the ground nearest the point.
            return self.deploy_squares(bf, DeployDef::Anywhere { x, y }, units);
        }
        cells.sort_by_key(|p| ((p.x - x).pow(2) + (p.y - y).pow(2), p.y, p.x));
        cells
    }

    /// Puts a terror site's civilians on the map for their guardian seat
    /// (tac.scen.terror.goals, tac.civ.autonomous).
    pub(crate) fn add_civilians(
        &self,
        sc: &crate::scenario::ScenarioDef,
        st: &mut State,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> Result<(), Vec<String>> {
        let Some(c) = sc.civilians else {
            return Ok(());
        };
        let guardian = usize::from(c.guardian);
        if guardian == 0 || guardian > st.seats.len() {
            return Err(vec![format!(
                "civilians: guardian seat {guardian} is not one of the {} squads",
                st.seats.len()
            )]);
        }
        if st.units.len() + usize::from(c.count) > crate::state::MAX_UNITS {
            return Err(vec![format!(
                "{} units and {} civilians; a game holds at most {}",
                st.units.len(),
                c.count,
                crate::state::MAX_UNITS
            )]);
        }
        // Civilians are never bought (tac.unit.data.civilian): their stat line as printed.
        let id = self
            .catalog
            .unit_id("Civilian")
            .ok_or_else(|| vec!["the rules data has no Civilian".to_string()])?;
        let t = self.catalog.unit(id);
        let loadout = crate::squad::Loadout {
            unit: id,
            stats: crate::squad::stat_array(t),
            arm: t.arm,
            armour: None,
            weapon: None,
            second: None,
            ammo: 0,
            clips: 0,
            grenades: Vec::new(),
            medikit: false,
            psi_amp: false,
            points: 0,
            weight: 0,
        };
        let seat = Seat(u8::try_from(guardian - 1).unwrap_or(0));
        let squares = self.civilian_squares(st, usize::from(c.count), rng);
        if squares.len() < usize::from(c.count) {
            return Err(vec![format!(
                "no room on the map for {} civilians",
                c.count
            )]);
        }
        for p in squares {
            let f = crate::damage::octant(p, Pos::new(25, 25, 0)).unwrap_or(0);
            let mut u = self.unit(&loadout, seat, p, crate::map::Facing::ALL[usize::from(f)]);
            u.done = true;
            st.units.push(u);
            let name = self.name(st, st.units.len() - 1);
            journal.note("tac.civ.autonomous", EventKind::Setup, || {
                format!(
                    "{name} is out on the streets at {},{},{}",
                    p.x,
                    p.y,
                    p.z + 1
                )
            });
        }
        // Sight between units is sized for the units there are: build it anew.
        st.lookers = st.units.iter().map(crate::state::Unit::looker).collect();
        st.vision = crate::map::Vision::new(&st.bf, &st.lookers, &st.sight);
        Ok(())
    }
}
