//! Short labels for actions, the state as one-fact lines, and a heuristic value.

use crate::action::Action;
use crate::engine::Tactical;
use crate::items::Carried;
use crate::legal::{move_factor, step_base, step_facing, turn_now};
use crate::map::Locomotion;
use crate::observe::Observation;
use crate::state::{State, Status};
use squadsight_core::square::Pos;
use squadsight_core::{Seat, article};

impl Tactical {
    /// A short label for an action.
    pub(crate) fn describe_action(&self, st: &State, action: &Action) -> String {
        let name = |i: u8| self.plain_name(st, usize::from(i));
        match action {
            Action::Step { unit, to, fly } => format!(
                "{} {} to {},{},{}{}",
                name(*unit),
                if *fly { "flies" } else { "walks" },
                to.x,
                to.y,
                to.z + 1,
                self.step_tu(st, usize::from(*unit), *to, *fly)
                    .map_or(String::new(), |tu| format!(" ({tu} TU)"))
            ),
            Action::Turn { unit, facing } => match st.units.get(usize::from(*unit)) {
                Some(u) => format!(
                    "{} turns {facing:?} ({} TU)",
                    name(*unit),
                    turn_now(self, u, *facing)
                ),
                None => format!("{} turns {facing:?}", name(*unit)),
            },
            Action::Kneel { unit } => format!("{} kneels", name(*unit)),
            Action::Stand { unit } => format!("{} stands", name(*unit)),
            Action::OpenDoor { unit, door } => format!("{} opens door {door}", name(*unit)),
            Action::Attack {
                unit,
                weapon,
                mode,
                target,
            } => {
                let odds = if usize::from(*unit) < st.units.len()
                    && usize::from(*target) < st.units.len()
                {
                    self.to_hit(st, usize::from(*unit), *weapon, *mode, usize::from(*target))
                        .target
                        .clamp(0, 100)
                } else {
                    0
                };
                format!(
                    "{} {mode:?} {} at {} ({odds}%)",
                    name(*unit),
                    self.catalog.weapon(*weapon).name,
                    name(*target)
                )
            }
            Action::FireAt {
                unit,
                weapon,
                mode,
                at,
            } => {
                let (i, w) = (usize::from(*unit), self.catalog.weapon(*weapon));
                let odds = if i < st.units.len() && w.thrown {
                    self.thrown_to_hit(st, i, *weapon, *mode, *at).target
                } else if i < st.units.len() {
                    st.units
                        .iter()
                        .position(|o| o.status == Status::Unconscious && o.covers(&st.bf, *at))
                        .map_or(0, |j| self.to_hit(st, i, *weapon, *mode, j).target)
                } else {
                    0
                };
                format!(
                    "{} {mode:?} {} at {},{},{} ({}%)",
                    name(*unit),
                    w.name,
                    at.x,
                    at.y,
                    at.z + 1,
                    odds.clamp(0, 100)
                )
            }
            Action::Akimbo { unit, mode, target } => {
                let (i, j) = (usize::from(*unit), usize::from(*target));
                let odds = match st.units.get(i).and_then(|u| u.weapon) {
                    Some(w) if j < st.units.len() => {
                        self.akimbo_to_hit(st, i, w, *mode, j).target.clamp(0, 100)
                    }
                    _ => 0,
                };
                format!(
                    "{} {mode:?} akimbo at {} ({odds}% each)",
                    name(*unit),
                    name(*target)
                )
            }
            Action::Guided {
                unit,
                weapon,
                via,
                target,
            } => format!(
                "{} guides its {} via {},{},{} to {}",
                name(*unit),
                self.catalog.weapon(*weapon).name,
                via.x,
                via.y,
                via.z + 1,
                name(*target)
            ),
            Action::ReactAkimbo { reactor } => {
                format!("{} takes the reaction shot akimbo", name(*reactor))
            }
            Action::Reload { unit } => format!("{} reloads", name(*unit)),
            Action::Unload { unit } => format!("{} unloads its weapon", name(*unit)),
            Action::Heal { unit, target } => {
                format!("{} uses a medikit on {}", name(*unit), name(*target))
            }
            Action::EndUnit { unit } => format!("{} ends its turn", name(*unit)),
            Action::EndTurn => "end the squad's turn".into(),
            Action::React { reactor } => format!("{} takes the reaction shot", name(*reactor)),
            Action::Hold => "hold fire".into(),
            Action::Prime { unit, slot, delay } => {
                let g = st
                    .units
                    .get(usize::from(*unit))
                    .and_then(|u| u.grenades.get(usize::from(*slot)))
                    .map_or("grenade", |&g| self.catalog.grenade(g).name.as_str());
                format!("{} primes {} {g} (delay {delay})", name(*unit), article(g))
            }
            Action::Throw { unit, to } => {
                let odds = if usize::from(*unit) < st.units.len() {
                    self.throw_to_hit(st, usize::from(*unit), *to)
                        .target
                        .clamp(0, 100)
                } else {
                    0
                };
                format!(
                    "{} throws at {},{},{} ({odds}%)",
                    name(*unit),
                    to.x,
                    to.y,
                    to.z + 1
                )
            }
            Action::Psi { unit, target, kind } => {
                format!("{} {kind:?} psi attack on {}", name(*unit), name(*target))
            }
            Action::Flee { unit, to } => {
                format!("{} runs to {},{},{}", name(*unit), to.x, to.y, to.z + 1)
            }
            Action::PickUp { unit, item } => {
                let what = st
                    .floor
                    .get(usize::from(*item))
                    .map_or_else(|| "an item".to_string(), |f| self.item_name(&f.item));
                format!("{} picks up the {what}", name(*unit))
            }
            Action::Drop { unit, item } => {
                let u = st.units.get(usize::from(*unit));
                let what = match item {
                    Carried::Weapon => u
                        .and_then(|u| u.weapon)
                        .map_or("weapon", |w| self.catalog.weapon(w).name.as_str()),
                    Carried::Grenade(k) => u
                        .and_then(|u| u.grenades.get(usize::from(*k)))
                        .map_or("grenade", |&g| self.catalog.grenade(g).name.as_str()),
                    Carried::Medikit => "medikit",
                    Carried::PsiAmp => "Psi Amp",
                };
                format!("{} puts down its {what}", name(*unit))
            }
            // A secret: the label names no target (tac.scen.mission.draw).
            Action::MissionTarget { .. } => "write down the mission's secret target".into(),
        }
    }

    /// What a step costs unit `i` now, turning to face it included (tac.move.tu,
    /// tac.gap.43), as the legal list prices it.
    fn step_tu(&self, st: &State, i: usize, to: Pos, fly: bool) -> Option<i16> {
        let u = st.units.get(i)?;
        let how = if fly {
            Locomotion::Fly
        } else {
            Locomotion::Walk
        };
        let (_, kind) = st
            .bf
            .steps(u.pos, u.size, how)
            .into_iter()
            .find(|(p, _)| *p == to)?;
        let turn = step_facing(u.pos, to).map_or(0, |f| turn_now(self, u, f));
        Some(step_base(self, kind) * move_factor(u) + turn)
    }

    /// The state as one-fact lines (referee view).
    pub(crate) fn lines(&self, st: &State) -> Vec<String> {
        let mut out = vec![
            format!("round: {} of at most {}", st.round, st.round_limit),
            format!(
                "squad turn: {}",
                st.seats
                    .get(st.turn_seat().index())
                    .map_or("", |s| s.name.as_str())
            ),
        ];
        for i in 0..st.units.len() {
            out.push(self.unit_line(st, i));
        }
        out
    }

    fn unit_line(&self, st: &State, i: usize) -> String {
        let u = &st.units[i];
        let status = match u.status {
            Status::Active => "",
            Status::Unconscious => ", unconscious",
            Status::Dead => ", dead",
        };
        format!(
            "unit {} {}: {},{},{} facing {:?}, {} TU, {}/{} HTH, stun {}, ARM {:?}{}{}",
            i + 1,
            self.plain_name(st, i),
            u.pos.x,
            u.pos.y,
            u.pos.z + 1,
            u.facing,
            u.tu,
            u.stat(1) - u.damage,
            u.stat(1),
            u.stun,
            u.arm,
            if u.kneeling { ", kneeling" } else { "" },
            status
        ) + &self.unit_marks(u)
    }

    /// The lines one seat may see.
    pub(crate) fn lines_for(&self, obs: &Observation) -> Vec<String> {
        let st = &obs.known;
        let mut out = vec![format!("round: {} of at most {}", st.round, st.round_limit)];
        if let Some(Some(m)) = st.mission.secret.get(obs.seat.index()) {
            out.push(format!("your secret mission: {}", self.mission_text(st, m)));
        }
        for i in 0..st.units.len() {
            if obs.hidden.contains(&(i as u8)) {
                // A squad's list is its own: of an enemy out of sight the seat knows its
                // side and number, not its type (our decision, docs/rules/tactical.md, fog).
                let side = self.side_name(st, i);
                out.push(format!("unit {} {side} #{}: not in sight", i + 1, i + 1));
            } else if !st.seat_sees(obs.seat, i) {
                // The unit a run steered by this seat flees from: its square, nothing else.
                let (u, side) = (&st.units[i], self.side_name(st, i));
                out.push(format!(
                    "unit {} {side} #{}: not in sight, last known at {},{},{} (a run flees from it)",
                    i + 1,
                    i + 1,
                    u.pos.x,
                    u.pos.y,
                    u.pos.z + 1
                ));
            } else {
                out.push(self.unit_line(st, i));
            }
        }
        out
    }

    /// The name of the side that fields unit `i` ("Aliens").
    pub(crate) fn side_name<'a>(&self, st: &'a State, i: usize) -> &'a str {
        st.units
            .get(i)
            .and_then(|u| st.seats.get(u.seat.index()))
            .map_or("", |s| s.name.as_str())
    }

    /// What else a unit line shows: zombie, mind control, a panic to come, a civilian.
    fn unit_marks(&self, u: &crate::state::Unit) -> String {
        let mut s = String::new();
        if u.zombie.is_some() {
            s.push_str(", zombie");
        }
        if u.controlled {
            s.push_str(", mind-controlled");
        }
        if u.panic.is_some() {
            s.push_str(", panicked");
        }
        if u.frozen.is_some() {
            s.push_str(", frozen with fear");
        }
        s
    }

    /// A secret mission in words.
    fn mission_text(&self, st: &State, m: &crate::mission::Mission) -> String {
        use crate::mission::Mission;
        match *m {
            Mission::Sabotage(None) => "sabotage (target not written down yet)".into(),
            Mission::Sabotage(Some(p)) => {
                format!(
                    "sabotage: destroy the object at {},{},{}",
                    p.x,
                    p.y,
                    p.z + 1
                )
            }
            Mission::CaptureUnit(None) => "capture a unit (target not written down yet)".into(),
            Mission::CaptureUnit(Some(u)) => format!(
                "capture {} by mind control and bring it to your craft",
                self.plain_name(st, usize::from(u))
            ),
            Mission::CaptureShip => "capture the enemy craft".into(),
            Mission::CaptureTech(None) => "capture technology (target not written down yet)".into(),
            Mission::CaptureTech(Some(w)) => {
                let w = &self.catalog.weapon(w).name;
                format!("bring {} {w} back to your craft", article(w))
            }
            Mission::Eliminate => "eliminate every enemy unit".into(),
        }
    }

    /// Heuristic value for `seat`: the health standing on its team against the others'.
    pub(crate) fn value(&self, st: &State, seat: Seat) -> i32 {
        let (mut mine, mut theirs) = (0i32, 0i32);
        for u in &st.units {
            let hp = if u.active() {
                i32::from(u.stat(1) - u.damage).max(0) + 20
            } else {
                0
            };
            if st.allies(u.seat, seat) {
                mine += hp;
            } else {
                theirs += hp;
            }
        }
        let total = (mine + theirs).max(1);
        ((mine - theirs) * 1000 / total).clamp(-1000, 1000)
    }
}
