//! Resolving one legal action: movement, turning, kneeling, doors, reloading, medikits, the
//! end of a unit's or squad's turn, and reaction decisions. Attacks are in `combat.rs`.

use crate::action::Action;
use crate::engine::Tactical;
use crate::legal::{move_factor, step_base, step_facing, turn_now};
use crate::map::{DoorId, Locomotion};
use crate::rolls::percentile;
use crate::state::{State, Status};
use squadsight_core::journal::mention;
use squadsight_core::{EventKind, GameRng, Input, Journal};

impl Tactical {
    /// Resolves an action already checked against the legal list.
    pub(crate) fn resolve(
        &self,
        st: &mut State,
        action: &Action,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        match *action {
            Action::Step { unit, to, fly } => {
                self.step(st, usize::from(unit), to, fly, rng, journal)
            }
            Action::Turn { unit, facing } => {
                let i = usize::from(unit);
                let before = st.units[i].facing;
                let cost = turn_now(self, &st.units[i], facing);
                self.begin(st, i);
                let u = &mut st.units[i];
                u.turn_from.get_or_insert(before);
                u.facing = facing;
                u.tu -= cost;
                let name = self.name(st, i);
                let who = self.witnesses(st, i);
                self.note_seen(journal, "tac.move.turn-90", EventKind::Move, who, || {
                    format!("{name} turns to face {facing:?} ({cost} TU)")
                });
                self.after_motion(st, i, rng, journal);
            }
            Action::Kneel { unit } | Action::Stand { unit } => {
                let i = usize::from(unit);
                self.begin(st, i);
                let cost = i16::from(self.catalog.rules().movement.kneel_stand)
                    * move_factor(&st.units[i]);
                let u = &mut st.units[i];
                u.kneeling = matches!(action, Action::Kneel { .. });
                u.tu -= cost;
                u.turn_from = None;
                let (name, k) = (self.name(st, i), st.units[i].kneeling);
                let who = self.witnesses(st, i);
                self.note_seen(
                    journal,
                    "tac.move.kneel-stand",
                    EventKind::Move,
                    who,
                    || {
                        format!(
                            "{name} {} ({cost} TU)",
                            if k { "kneels" } else { "stands up" }
                        )
                    },
                );
                self.proximity_motion(st, i, rng, journal);
                self.after_motion(st, i, rng, journal);
            }
            Action::OpenDoor { unit, door } => {
                let i = usize::from(unit);
                self.begin(st, i);
                let cost = i16::from(self.catalog.rules().special.open_door);
                st.units[i].tu -= cost;
                st.bf.open_door(DoorId(door));
                let name = self.name(st, i);
                let before = self.witnesses(st, i);
                st.resight_all();
                let who = crate::witness::union(before, self.witnesses(st, i));
                self.note_seen(
                    journal,
                    "tac.move.special.open-door",
                    EventKind::Move,
                    who,
                    || format!("{name} opens a door ({cost} TU)"),
                );
                self.after_motion(st, i, rng, journal);
            }
            Action::Attack {
                unit,
                weapon,
                mode,
                target,
            } => {
                let i = usize::from(unit);
                self.begin(st, i);
                let prev = self.attack_scope(st, journal, i, Some(usize::from(target)));
                self.attack(
                    st,
                    i,
                    weapon,
                    mode,
                    usize::from(target),
                    false,
                    rng,
                    journal,
                );
                journal.set_audience(prev);
                self.after_action(st, i, rng, journal);
            }
            Action::Akimbo { unit, mode, target } => {
                let i = usize::from(unit);
                self.begin(st, i);
                let prev = self.attack_scope(st, journal, i, Some(usize::from(target)));
                self.akimbo(st, i, mode, usize::from(target), false, rng, journal);
                journal.set_audience(prev);
                self.after_action(st, i, rng, journal);
            }
            Action::Guided {
                unit,
                weapon,
                via,
                target,
            } => {
                let i = usize::from(unit);
                self.begin(st, i);
                let prev = self.attack_scope(st, journal, i, Some(usize::from(target)));
                self.guided(st, i, weapon, via, usize::from(target), rng, journal);
                journal.set_audience(prev);
                self.after_action(st, i, rng, journal);
            }
            Action::ReactAkimbo { reactor } => {
                let r = st.reactions.remove(0);
                let (e, t) = (usize::from(reactor), usize::from(r.target));
                if st.units[t].active() {
                    let prev = self.attack_scope(st, journal, e, Some(t));
                    self.akimbo(st, e, crate::data::Mode::Snap, t, true, rng, journal);
                    journal.set_audience(prev);
                    self.remember_sight(st);
                    self.check_victory(st, journal);
                }
                self.settle_reactions(st, rng, journal);
            }
            Action::FireAt {
                unit,
                weapon,
                mode,
                at,
            } => {
                let i = usize::from(unit);
                self.begin(st, i);
                let prev = self.attack_scope(st, journal, i, st.standing_at(at));
                self.fire_at(st, i, weapon, mode, at, rng, journal);
                journal.set_audience(prev);
                self.after_action(st, i, rng, journal);
            }
            Action::Reload { unit } => {
                let i = usize::from(unit);
                self.begin(st, i);
                let cost = i16::from(self.catalog.rules().special.load);
                st.units[i].tu -= cost;
                let name = self.name(st, i);
                let who = self.witnesses(st, i);
                if st.units[i].weapon.is_some_and(|w| self.is_launcher(w)) {
                    // tac.equip.grenade-launcher: up to six grenades, one loading action.
                    let n = self.load_launcher(st, i);
                    self.note_seen(
                        journal,
                        "tac.equip.grenade-launcher",
                        EventKind::Effect,
                        who,
                        || format!("{name} loads {n} grenade(s) into its launcher ({cost} TU)"),
                    );
                } else {
                    let u = &mut st.units[i];
                    u.clips -= 1;
                    u.rounds = u.weapon.and_then(|w| self.catalog.weapon(w).rounds);
                    self.note_seen(
                        journal,
                        "tac.move.special.load",
                        EventKind::Effect,
                        who,
                        || format!("{name} loads a fresh clip ({cost} TU)"),
                    );
                }
                self.after_action(st, i, rng, journal);
            }
            Action::Unload { unit } => {
                let i = usize::from(unit);
                self.begin(st, i);
                self.unload(st, i, journal);
                self.after_action(st, i, rng, journal);
            }
            Action::Heal { unit, target } => {
                let (i, j) = (usize::from(unit), usize::from(target));
                self.begin(st, i);
                self.heal(st, i, j, rng, journal);
                self.after_action(st, i, rng, journal);
            }
            Action::EndUnit { unit } => {
                let i = usize::from(unit);
                self.end_unit(st, i, journal);
                self.after_unit(st, rng, journal);
            }
            Action::EndTurn => {
                let name = mention(&st.seats[st.turn_seat().index()].name).to_string();
                journal.note("tac.game.squad-order", EventKind::Turn, || {
                    format!("{name} ends its squad's turn")
                });
                self.end_squad_turn(st, rng, journal);
            }
            Action::React { reactor } => {
                let r = st.reactions.remove(0);
                let i = usize::from(reactor);
                self.reaction_shot(st, i, usize::from(r.target), rng, journal);
                self.settle_reactions(st, rng, journal);
            }
            Action::Hold => {
                let r = st.reactions.remove(0);
                let name = self.name(st, usize::from(r.reactor));
                journal.note("tac.react.roll", EventKind::Effect, || {
                    format!("{name} holds its fire")
                });
                self.settle_reactions(st, rng, journal);
            }
            Action::Prime { unit, slot, delay } => {
                let i = usize::from(unit);
                self.begin(st, i);
                self.prime(st, i, slot, delay, journal);
                self.after_action(st, i, rng, journal);
            }
            Action::Throw { unit, to } => {
                let i = usize::from(unit);
                self.begin(st, i);
                let prev = self.attack_scope(st, journal, i, st.standing_at(to));
                self.throw(st, i, to, rng, journal);
                journal.set_audience(prev);
                self.after_action(st, i, rng, journal);
            }
            Action::Psi { unit, target, kind } => {
                let i = usize::from(unit);
                self.begin(st, i);
                self.psi_attack(st, i, usize::from(target), kind, rng, journal);
                self.after_action(st, i, rng, journal);
            }
            Action::Flee { unit, to } => {
                self.flee_step(st, unit, to, rng, journal);
                self.settle_reactions(st, rng, journal);
            }
            Action::PickUp { unit, item } => {
                let i = usize::from(unit);
                self.begin(st, i);
                self.pick_up(st, i, usize::from(item), journal);
            }
            Action::Drop { unit, item } => {
                let i = usize::from(unit);
                self.begin(st, i);
                self.drop_item(st, i, item, journal);
            }
            Action::MissionTarget {
                square,
                unit,
                weapon,
            } => {
                let seat = self.target_seat(st).unwrap_or(st.turn_seat());
                self.choose_target(st, seat, square, unit, weapon, journal);
            }
        }
        self.check_victory(st, journal);
    }

    /// The unit's turn starts with its first action (tac.game.one-active-unit).
    fn begin(&self, st: &mut State, i: usize) {
        st.active = Some(i as u8);
    }

    /// A unit's turn ends (tac.game.unit-turn).
    fn end_unit(&self, st: &mut State, i: usize, journal: &mut Journal) {
        let name = self.name(st, i);
        let u = &mut st.units[i];
        u.done = true;
        u.turn_from = None;
        st.active = None;
        let who = self.witnesses(st, i);
        self.note_seen(journal, "tac.game.unit-turn", EventKind::Turn, who, || {
            format!("{name} ends its turn")
        });
    }

    /// After any action of the active unit: it ends its turn when out of TUs or out of
    /// action (tac.game.unit-turn); the squad's turn ends when no unit is left to move.
    fn after_action(&self, st: &mut State, i: usize, rng: &mut GameRng, journal: &mut Journal) {
        if st.outcome.is_some() || !st.reactions.is_empty() || !st.flights.is_empty() {
            return;
        }
        let u = &st.units[i];
        if st.active == Some(i as u8) && (!u.active() || u.tu <= 0 || u.control != st.turn_seat()) {
            if u.active() {
                self.end_unit(st, i, journal);
            } else {
                st.units[i].done = true;
                st.active = None;
            }
        }
        self.after_unit(st, rng, journal);
    }

    /// Ends the squad's turn when none of its units can still act.
    fn after_unit(&self, st: &mut State, rng: &mut GameRng, journal: &mut Journal) {
        if st.outcome.is_some() || !st.reactions.is_empty() || !st.flights.is_empty() {
            return;
        }
        self.check_victory(st, journal);
        if st.outcome.is_none() && st.active.is_none() && !Self::can_move(st, st.turn_seat()) {
            self.end_squad_turn(st, rng, journal);
        }
    }

    /// One step (tac.move.*): the unit turns to face the step, pays its TUs and moves; a unit
    /// it could not see in the way stops it.
    fn step(
        &self,
        st: &mut State,
        i: usize,
        to: squadsight_core::square::Pos,
        fly: bool,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        self.begin(st, i);
        let how = if fly {
            Locomotion::Fly
        } else {
            Locomotion::Walk
        };
        let u = &st.units[i];
        let Ok(kind) = st.bf.step(u.pos, to, u.size, how) else {
            return;
        };
        let face = step_facing(u.pos, to);
        let turn = face.map_or(0, |f| turn_now(self, u, f));
        let cost = step_base(self, kind) * move_factor(u) + turn;
        let blocker = st.bf.footprint(to, u.size).into_iter().find_map(|c| {
            st.units
                .iter()
                .enumerate()
                .position(|(j, o)| j != i && o.active() && o.covers(&st.bf, c))
        });
        let name = self.name(st, i);
        if let Some(j) = blocker {
            // A unit the seat could not see stands there: the step is not taken.
            // It spends the step's TUs finding the way barred, so bumping is never free.
            let u = &mut st.units[i];
            if let Some(f) = face {
                u.facing = f;
            }
            u.tu -= cost;
            u.turn_from = None;
            let other = self.name(st, j);
            st.resight(i);
            let who = self.witnesses(st, i);
            self.note_seen(journal, "tac.move.tu", EventKind::Move, who, || {
                format!("{name} finds {other} in the way")
            });
            self.after_motion(st, i, rng, journal);
            return;
        }
        let from = st.units[i].pos;
        let before = self.witnesses(st, i);
        let u = &mut st.units[i];
        if let Some(f) = face {
            u.facing = f;
        }
        u.pos = to;
        u.tu -= cost;
        u.turn_from = None;
        let factor = move_factor(u);
        // Seen leaving or seen arriving: the seats that saw either read the step.
        st.resight(i);
        let who = crate::witness::union(before, self.witnesses(st, i));
        self.note_seen(
            journal,
            if fly {
                "tac.move.fly-straight"
            } else {
                "tac.move.walk-straight"
            },
            EventKind::Move,
            who,
            || format!("{name} moves to {},{},{} ({cost} TU)", to.x, to.y, to.z + 1),
        );
        journal.add_inputs(|| {
            vec![
                Input::new("step", format!("{kind:?}"), "tac.move.tu"),
                Input::new("turn", turn, "tac.gap.43"),
                Input::new(
                    "multiplier",
                    format!("x{factor}"),
                    "tac.crit.leg, tac.move.encumbrance",
                ),
                Input::new("from", format!("{},{},{}", from.x, from.y, from.z + 1), ""),
            ]
        });
        self.proximity_motion(st, i, rng, journal);
        self.after_motion(st, i, rng, journal);
    }

    /// After a step, turn or kneel: enemies that see the unit for the first time may react
    /// (tac.react.trigger), then the turn goes on.
    fn after_motion(&self, st: &mut State, i: usize, rng: &mut GameRng, journal: &mut Journal) {
        // Civilians who see an alien first roll to run (tac.civ.reaction).
        self.check_civilians(st, i, rng, journal);
        self.check_reactions(st, i, rng, journal);
        self.after_action(st, i, rng, journal);
    }

    /// A medikit use (tac.medikit.*, tac.gap.58): a 70% roll; on success 10 HTH back, or the
    /// effect of one critical hit removed when the patient has no wounds to heal.
    fn heal(&self, st: &mut State, i: usize, j: usize, rng: &mut GameRng, journal: &mut Journal) {
        let m = self.catalog.medikit();
        st.units[i].tu -= i16::from(m.tu);
        let (medic, patient) = (self.name(st, i), self.name(st, j));
        let r = percentile(
            rng,
            journal,
            "tac.medikit.use",
            i16::from(m.chance),
            |r| format!("{medic} works on {patient}: d100 {}", r.total),
            || {
                vec![Input::new(
                    "chance",
                    format!("{}%", m.chance),
                    "tac.medikit.use",
                )]
            },
        );
        if r.success != Some(true) {
            return;
        }
        st.units[i].medikit -= 1;
        let p = &mut st.units[j];
        if p.damage > 0 {
            let healed = m.heal.min(p.damage);
            p.damage -= healed;
            journal.note("tac.medikit.heal", EventKind::Damage, || {
                format!("{patient} recovers {healed} HTH")
            });
        } else if p.legs > 0 {
            p.legs -= 1;
            journal.note("tac.medikit.critical", EventKind::Damage, || {
                format!("{patient}'s leg wound is treated")
            });
        } else if p.arms > 0 {
            p.arms -= 1;
            journal.note("tac.medikit.critical", EventKind::Damage, || {
                format!("{patient}'s arm wound is treated")
            });
        }
        // tac.gap.53: a unit knocked out by wounds wakes once they are below HTH and its
        // stun below what HTH is left.
        let p = &mut st.units[j];
        if p.status == Status::Unconscious
            && crate::damage::condition(p.stat(1), p.damage, p.stun)
                == crate::damage::Condition::Fine
        {
            p.status = Status::Active;
            journal.note("tac.gap.53", EventKind::Effect, || {
                format!("{patient} comes round")
            });
            self.wake_displace(st, j, journal);
            st.resight_all();
        }
    }
}
