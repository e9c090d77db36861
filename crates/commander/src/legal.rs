//! The legal actions of a seat, in a fixed order.
//!
//! `apply` accepts exactly what these lists offer, so the lists are the rules' one statement of
//! what may be done now: the die-holder picks a model (cmd.round.activate-on-draw), the model
//! spends one or two actions from the action table (cmd.act.action-cost, cmd.gap.16: two action
//! points, at most one Attack), an engaged model may only fight an engaged enemy or flee
//! (cmd.melee.engaged-options), and a window (scatter point, Infiltrator reveal, free attack)
//! is answered by the seat it belongs to.

use crate::Commander;
use crate::action::Action;
use crate::board::Cell;
use crate::catalog::{StatTag, UnitRule, WeaponId, WeaponRule};
use crate::movement::{self, MoveKind, ReachMap};
use crate::options::{MindspinRange, SpecialOrder};
use crate::state::{Activation, Method, Model, ModelId, State, Window};
use squadsight_core::Seat;

/// Sniper weapons may not target anything within this many Range (cmd.sr.sniper, cmd.gap.46).
pub const SNIPER_MIN_RANGE: u32 = 12;
/// [Computer Use] reach for a Hacker (cmd.sr.hacker).
pub const HACKER_RANGE: u32 = 12;

impl Commander {
    /// Every legal action of `seat` now, appended to `out` after clearing it.
    pub(crate) fn list(&self, st: &State, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if st.ending.is_some() || self.decider(st) != Some(seat) {
            return;
        }
        if st.sides[seat.index()].ai.is_some() {
            out.push(Action::AiActivate);
            return;
        }
        self.list_human(st, seat, out);
    }

    /// The seat deciding now, if the game is not over.
    pub(crate) fn decider(&self, st: &State) -> Option<Seat> {
        if st.ending.is_some() {
            return None;
        }
        if let Some(w) = st.windows.first() {
            return Some(w.seat());
        }
        if let Some(a) = st.stack.last() {
            return Some(a.seat);
        }
        st.die
    }

    /// The actions a player could choose now, whatever plays the seat: the AI-mode driver
    /// picks among these too.
    pub(crate) fn list_human(&self, st: &State, seat: Seat, out: &mut Vec<Action>) {
        self.list_choices(st, seat, true, out);
    }

    /// Whether `action` is among the actions a player of `seat` could choose now: a Run is
    /// checked on its own, anything else against the list, which leaves out the moves unless
    /// the action is one.
    pub(crate) fn is_choice(&self, st: &State, seat: Seat, action: &Action) -> bool {
        if let Action::Run { to, actions } = *action
            && let Some(legal) = self.run_is_legal(st, seat, to, actions)
        {
            return legal;
        }
        let mut choices = Vec::new();
        let moves = matches!(action, Action::Run { .. } | Action::Climb { .. });
        self.list_choices(st, seat, moves, &mut choices);
        choices.contains(action)
    }

    /// [`Commander::list_human`], with the Runs and Climbs left out unless `moves`.
    fn list_choices(&self, st: &State, seat: Seat, moves: bool, out: &mut Vec<Action>) {
        out.clear();
        if let Some(w) = st.windows.first() {
            if w.seat() == seat {
                self.list_window(st, w, out);
            }
            return;
        }
        if let Some(a) = st.stack.last() {
            if a.seat == seat {
                self.list_activation(st, a, moves, out);
            }
            return;
        }
        if st.die == Some(seat) {
            for id in self.eligible(st, seat) {
                out.push(Action::Activate(id));
            }
        }
    }

    fn list_window(&self, st: &State, w: &Window, out: &mut Vec<Action>) {
        match w {
            Window::Scatter { shot, .. } => {
                for c in self.scatter_cells(st, shot.target) {
                    out.push(Action::ScatterTo(c));
                }
            }
            Window::Reveal {
                markers, forced, ..
            } => {
                for &k in markers {
                    out.push(Action::Reveal(k));
                }
                if !forced {
                    out.push(Action::StayHidden);
                }
            }
            Window::FreeAttack {
                attacker, target, ..
            } => {
                for w in self.free_attack_weapons(st, *attacker, *target) {
                    out.push(Action::FreeAttack(w));
                }
                out.push(Action::DeclineFreeAttack);
            }
        }
    }

    fn list_activation(&self, st: &State, a: &Activation, moves: bool, out: &mut Vec<Action>) {
        let Some(m) = st.model(a.model) else {
            out.push(Action::EndActivation);
            return;
        };
        let left = 2u8.saturating_sub(a.spent);
        // A model that ran into contact to charge must now make the charge (cmd.gap.23).
        if a.charging {
            for (w, t) in self.attack_options(st, a) {
                if self.catalog.weapon(w).is_close_combat() {
                    out.push(Action::Attack {
                        weapon: w,
                        target: t,
                        actions: left.max(1),
                    });
                }
            }
            if !out.is_empty() {
                return;
            }
        }
        if m.is_engaged() {
            // cmd.melee.engaged-options, cmd.melee.engaged-counts-two: every action is a 2-action
            // use, so only a fresh activation can take one.
            if a.spent == 0 {
                for (w, t) in self.attack_options(st, a) {
                    out.push(Action::Attack {
                        weapon: w,
                        target: t,
                        actions: 2,
                    });
                }
                // Only a contact Mindspin (mindspin_range=amp-contact) reaches an engaged
                // partner (cmd.gap.42).
                for t in self.mindspin_targets(st, a.model) {
                    out.push(Action::Mindspin {
                        target: t,
                        actions: 2,
                    });
                }
                if moves {
                    let mob = u32::from(self.mobility(st, a.model));
                    let forms = self.run_forms(st, a, true);
                    movement::with_reach(st, a.model, MoveKind::Run, mob * 2, |reach| {
                        forms.push_runs(st, reach, out);
                        self.climb_cells(st, a.model, reach, |c| {
                            out.push(Action::Climb { to: c, actions: 2 });
                        });
                    });
                }
            }
            out.push(Action::EndActivation);
            return;
        }
        if a.spent == 0 && a.commands_left > 0 {
            for t in self.command_targets(st, a.model) {
                out.push(Action::Command(t));
            }
        }
        if left >= 1 && !a.attacked {
            for (w, t) in self.attack_options(st, a) {
                out.push(Action::Attack {
                    weapon: w,
                    target: t,
                    actions: 1,
                });
                if left == 2 {
                    out.push(Action::Attack {
                        weapon: w,
                        target: t,
                        actions: 2,
                    });
                }
            }
            for t in self.mindspin_targets(st, a.model) {
                out.push(Action::Mindspin {
                    target: t,
                    actions: 1,
                });
                if left == 2 {
                    out.push(Action::Mindspin {
                        target: t,
                        actions: 2,
                    });
                }
            }
        }
        if left >= 1 {
            if moves {
                let mob = u32::from(self.mobility(st, a.model));
                let budget = if left == 2 { mob * 2 } else { mob };
                let forms = self.run_forms(st, a, false);
                movement::with_reach(st, a.model, MoveKind::Run, budget, |reach| {
                    forms.push_runs(st, reach, out);
                    self.climb_cells(st, a.model, reach, |c| {
                        out.push(Action::Climb { to: c, actions: 1 });
                        if left == 2 {
                            out.push(Action::Climb { to: c, actions: 2 });
                        }
                    });
                });
            }
            // cmd.act.overwatch.one: 1 action; cmd.act.overwatch.two: no 2-action form exists,
            // so the choice carries no action count.
            if m.overwatch.is_none() {
                for &w in &m.weapons {
                    if self.overwatch_weapon(w) {
                        out.push(Action::Overwatch(w));
                    }
                }
            }
        }
        // cmd.act.hunker-down.two only: there is no 1-action form (cmd.act.hunker-down.one).
        if left == 2 {
            out.push(Action::HunkerDown);
        }
        for (method, k) in self.special_options(st, a.model) {
            let down_only = st.options.special_action_order == SpecialOrder::Down;
            if left >= 1 && !down_only {
                out.push(Action::Special {
                    method,
                    objective: k,
                    actions: 1,
                });
            }
            if left == 2 {
                out.push(Action::Special {
                    method,
                    objective: k,
                    actions: 2,
                });
            }
        }
        out.push(Action::EndActivation);
    }

    /// How many actions a Run to a reached cell is offered with, if at all (see
    /// [`RunForms::actions`]), for the model acting in `a`.
    fn run_forms(&self, st: &State, a: &Activation, engaged: bool) -> RunForms {
        RunForms {
            mobility: u32::from(self.mobility(st, a.model)),
            engaged,
            fresh: a.spent == 0,
            charger: a.spent == 0 && !a.attacked && self.has_close_combat(st, a.model),
            model: a.model,
        }
    }

    /// Whether a Run is legal now, checked without listing every other choice; `None` when the
    /// full list must decide (a charge is pending).
    fn run_is_legal(&self, st: &State, seat: Seat, to: Cell, actions: u8) -> Option<bool> {
        if !st.windows.is_empty() || st.ending.is_some() {
            return Some(false);
        }
        let Some(a) = st.stack.last() else {
            return Some(false);
        };
        if a.seat != seat {
            return Some(false);
        }
        if a.charging {
            return None;
        }
        let Some(m) = st.model(a.model) else {
            return Some(false);
        };
        let engaged = m.is_engaged();
        let left = 2u8.saturating_sub(a.spent);
        if left == 0 || (engaged && a.spent != 0) {
            return Some(false);
        }
        let mob = u32::from(self.mobility(st, a.model));
        let budget = if engaged || left == 2 { mob * 2 } else { mob };
        let forms = self.run_forms(st, a, engaged);
        let offered = movement::with_reach(st, a.model, MoveKind::Run, budget, |reach| {
            forms.actions_at(st, reach, to)
        });
        Some(offered == Some(actions))
    }

    /// A model's MOBILITY.
    pub(crate) fn mobility(&self, st: &State, id: ModelId) -> u8 {
        st.model(id)
            .map_or(0, |m| self.catalog.unit(m.unit).stats.mobility)
    }

    fn has_close_combat(&self, st: &State, id: ModelId) -> bool {
        st.model(id).is_some_and(|m| {
            m.weapons.iter().any(|&w| {
                let p = self.catalog.weapon(w);
                p.is_close_combat() && p.damage.is_some()
            })
        })
    }

    /// Whether a weapon can hold Overwatch: a shooting weapon without Sniper (cmd.sr.sniper).
    pub(crate) fn overwatch_weapon(&self, w: WeaponId) -> bool {
        let p = self.catalog.weapon(w);
        p.max_range > 0 && p.damage.is_some() && !p.has(WeaponRule::Sniper)
    }

    /// Calls `found` with each cell a Climb can reach within MOBILITY that a Run of MOBILITY
    /// cannot, where the move may end (cmd.act.climb.one/two, cmd.gap.15), in table order.
    /// `run` is the model's Run reach, computed with a budget of at least MOBILITY.
    pub(crate) fn climb_cells(
        &self,
        st: &State,
        id: ModelId,
        run: &ReachMap,
        mut found: impl FnMut(Cell),
    ) {
        let mob = u32::from(self.mobility(st, id));
        // A Climb reaches more than a Run only across a change of level: with every cell it
        // could reach on the model's own level there is nothing to add.
        let Some(m) = st.model(id) else {
            return;
        };
        if !movement::level_changes_near(st, m.cell, mob) {
            return;
        }
        movement::with_reach(st, id, MoveKind::Climb, mob, |climb| {
            for y in climb.rows() {
                let mut bits = climb.ends(y) & !run.within(mob, y);
                while bits != 0 {
                    let x = bits.trailing_zeros();
                    bits &= bits - 1;
                    found(Cell::new(x as u8, y as u8));
                }
            }
        });
    }

    /// Weapon and target pairs the acting model may attack with now. Line of sight to each
    /// target is traced at most once, however many weapons ask.
    pub(crate) fn attack_options(&self, st: &State, a: &Activation) -> Vec<(WeaponId, ModelId)> {
        let mut out = Vec::new();
        let Some(m) = st.model(a.model) else {
            return out;
        };
        // Per target: 0 not yet traced, 1 in sight, 2 not.
        let mut sight = [0u8; 256];
        for &w in &m.weapons {
            for t in st.on_table() {
                let seen = &mut sight[t.id.index()];
                let los = || {
                    if *seen == 0 {
                        *seen = if st.board.los(m.cell, t.cell) { 1 } else { 2 };
                    }
                    *seen == 1
                };
                if self.attack_allowed(st, a.model, a.moved, w, t.id, los) {
                    out.push((w, t.id));
                }
            }
        }
        out
    }

    /// Whether `attacker` (having moved this activation if `moved`) may attack `target` with
    /// `w`: an enemy on the table in its line of sight; a 0 Range weapon needs base contact
    /// (cmd.melee.charge); a shooting weapon needs the target within its maximum Range
    /// (cmd.shoot.range-limit) unless Squadsight lifts it (cmd.sr.squadsight); Sniper weapons
    /// cannot fire after moving, at anything within 12 Range, or in close combat (cmd.sr.sniper);
    /// an engaged model may only attack a model it is engaged with (cmd.melee.engaged-options).
    pub(crate) fn can_attack(
        &self,
        st: &State,
        attacker: ModelId,
        moved: bool,
        w: WeaponId,
        target: ModelId,
    ) -> bool {
        let los = || match (st.model(attacker), st.model(target)) {
            (Some(m), Some(t)) => st.board.los(m.cell, t.cell),
            _ => false,
        };
        self.attack_allowed(st, attacker, moved, w, target, los)
    }

    /// [`Commander::can_attack`], with line of sight from the attacker to the target asked of
    /// `los`, and only once every cheaper test has passed.
    fn attack_allowed(
        &self,
        st: &State,
        attacker: ModelId,
        moved: bool,
        w: WeaponId,
        target: ModelId,
        los: impl FnOnce() -> bool,
    ) -> bool {
        let (Some(m), Some(t)) = (st.model(attacker), st.model(target)) else {
            return false;
        };
        if !m.on_table() || !t.on_table() || !st.enemies(m, t) || !m.weapons.contains(&w) {
            return false;
        }
        if m.is_engaged() && !m.engaged.contains(&target) {
            return false;
        }
        let p = self.catalog.weapon(w);
        if p.damage.is_none() {
            return false; // the Psi Amp carries [Mindspin], not an attack
        }
        let range = st.board.range(m.cell, t.cell);
        if p.is_close_combat() {
            return range == 0;
        }
        let sniper = p.has(WeaponRule::Sniper);
        if range == 0 {
            // cmd.melee.ranged-weapon-allowed; Sniper weapons cannot (cmd.gap.46).
            return !sniper;
        }
        if sniper && (moved || range <= SNIPER_MIN_RANGE) {
            return false;
        }
        let in_range = range <= u32::from(p.max_range);
        // Squadsight can only lift the limit for a Sniper weapon in the hands of a model with
        // Squadsight; test that before tracing any line.
        let squadsight_may_help = sniper && self.catalog.unit(m.unit).has(UnitRule::Squadsight);
        if !in_range && !squadsight_may_help {
            return false;
        }
        if !los() {
            return false; // cmd.gap.11
        }
        in_range || self.squadsight(st, attacker, w, target)
    }

    /// Whether Squadsight lets `attacker` fire `w` at `target` beyond its maximum Range: a
    /// Sniper weapon, the firer with Squadsight, and another friendly model seeing the target
    /// (cmd.sr.squadsight, cmd.gap.47).
    pub(crate) fn squadsight(
        &self,
        st: &State,
        attacker: ModelId,
        w: WeaponId,
        target: ModelId,
    ) -> bool {
        let (Some(m), Some(t)) = (st.model(attacker), st.model(target)) else {
            return false;
        };
        self.catalog.weapon(w).has(WeaponRule::Sniper)
            && self.catalog.unit(m.unit).has(UnitRule::Squadsight)
            && st.on_table().any(|f| {
                f.id != attacker && f.controller() == m.controller() && st.board.los(f.cell, t.cell)
            })
    }

    /// Targets of [Mindspin] for a model with the `[Mindspin]` tag: any enemy in sight, since
    /// Mindspin has no Range of its own (cmd.sr.mindspin, cmd.gap.42: the Psi Amp's printed 0
    /// is read as "not a weapon", and the Sectoid has the ability with no Psi Amp at all).
    /// Under `mindspin_range=amp-contact` a model carrying a Psi Amp reaches only the enemies
    /// in base contact with it, engaged or not.
    pub(crate) fn mindspin_targets(&self, st: &State, id: ModelId) -> Vec<ModelId> {
        let Some(m) = st.model(id) else {
            return Vec::new();
        };
        if self
            .catalog
            .unit(m.unit)
            .stat_for(StatTag::Mindspin)
            .is_none()
        {
            return Vec::new();
        }
        let contact = self.mindspin_in_contact(st, m);
        if m.is_engaged() && !contact {
            return Vec::new();
        }
        st.on_table()
            .filter(|t| st.enemies(m, t))
            .filter(|t| {
                if contact {
                    st.board.adjacent(m.cell, t.cell)
                } else {
                    st.board.los(m.cell, t.cell)
                }
            })
            .map(|t| t.id)
            .collect()
    }

    /// Whether `m`'s Mindspin is close combat: the table reads the Psi Amp's Range 0 as base
    /// contact and `m` carries a Psi Amp (a weapon with Range 0 and no damage), cmd.gap.42.
    pub(crate) fn mindspin_in_contact(&self, st: &State, m: &Model) -> bool {
        st.options.mindspin_range == MindspinRange::AmpContact
            && m.weapons.iter().any(|&w| {
                let w = self.catalog.weapon(w);
                w.is_close_combat() && w.damage.is_none()
            })
    }

    /// The [Action] abilities a model may use now on an objective: it has the ability's tag,
    /// stands beside the objective (a Hacker's [Computer Use] reaches 12 Range in sight), the
    /// objective is open to its seat, and a Weak Minded model only searches
    /// (cmd.sr.interact, cmd.sr.search, cmd.sr.computer-use, cmd.sr.hacker, cmd.sr.weak-minded).
    pub(crate) fn special_options(&self, st: &State, id: ModelId) -> Vec<(Method, u8)> {
        let mut out = Vec::new();
        let Some(m) = st.model(id) else {
            return out;
        };
        if m.is_engaged() {
            return out;
        }
        let unit = self.catalog.unit(m.unit);
        for (k, o) in st.objectives.iter().enumerate() {
            let Ok(k) = u8::try_from(k) else { break };
            if o.done || o.for_seat.is_some_and(|s| s != m.controller()) {
                continue;
            }
            let method = self.method_for(st, k, m.controller());
            let Some(method) = method else { continue };
            let tag = match method {
                Method::Interact => StatTag::Interact,
                Method::Search => StatTag::Search,
                Method::Hack => StatTag::ComputerUse,
                Method::Reach => continue,
            };
            if unit.stat_for(tag).is_none()
                && !(method == Method::Hack && unit.has(UnitRule::Hacker))
            {
                continue;
            }
            if unit.has(UnitRule::WeakMinded) && method != Method::Search {
                continue; // cmd.sr.weak-minded
            }
            let near = o.cells.iter().any(|c| st.board.adjacent(m.cell, *c));
            let hacked_from_afar = method == Method::Hack
                && unit.has(UnitRule::Hacker)
                && o.cells.iter().any(|c| {
                    st.board.range(m.cell, *c) <= HACKER_RANGE && st.board.los(m.cell, *c)
                });
            if near || hacked_from_afar {
                out.push((method, k));
            }
        }
        out
    }

    /// Cells 3 Range from the target where a scatter point may go (cmd.sr.scatter, cmd.gap.43):
    /// those whose distance rounds to 3 (within half a Range of it), as a tape would place the
    /// point.
    pub(crate) fn scatter_cells(&self, st: &State, target: ModelId) -> Vec<Cell> {
        let Some(t) = st.model(target) else {
            return Vec::new();
        };
        let b = &st.board;
        (0..b.cell_count())
            .map(|i| b.cell_at(i))
            .filter(|c| !b.adjacent(t.cell, *c) && b.distance(t.cell, *c).rounded() == 3)
            .collect()
    }

    /// Weapons a model may use for its free attack on a fleeing model: a shooting weapon that
    /// can reach it now, or a 0 Range weapon when it can run into base contact
    /// (cmd.melee.free-attack-form).
    pub(crate) fn free_attack_weapons(
        &self,
        st: &State,
        attacker: ModelId,
        target: ModelId,
    ) -> Vec<WeaponId> {
        let Some(m) = st.model(attacker) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for &w in &m.weapons {
            let p = self.catalog.weapon(w);
            if p.damage.is_none() {
                continue;
            }
            let ok = if p.is_close_combat() {
                self.charge_cell(st, attacker, target).is_some()
            } else {
                self.can_attack_free(st, attacker, w, target)
            };
            if ok {
                out.push(w);
            }
        }
        out
    }

    /// A shooting free attack: the usual limits, as if the attacker had not moved and were not
    /// engaged (the engagement has just ended).
    fn can_attack_free(&self, st: &State, attacker: ModelId, w: WeaponId, target: ModelId) -> bool {
        let (Some(m), Some(t)) = (st.model(attacker), st.model(target)) else {
            return false;
        };
        let p = self.catalog.weapon(w);
        let range = st.board.range(m.cell, t.cell);
        let sniper = p.has(WeaponRule::Sniper);
        m.on_table()
            && t.on_table()
            && st.board.los(m.cell, t.cell)
            && !(sniper && range <= SNIPER_MIN_RANGE)
            && (range <= u32::from(p.max_range) || self.squadsight(st, attacker, w, target))
    }

    /// Where `attacker` would run (within MOBILITY) to charge `target`: the cheapest cell in base
    /// contact with it, first in table order among equals.
    pub(crate) fn charge_cell(
        &self,
        st: &State,
        attacker: ModelId,
        target: ModelId,
    ) -> Option<Cell> {
        let t = st.model(target)?;
        let mob = u32::from(self.mobility(st, attacker));
        let m = st.model(attacker)?;
        if st.board.adjacent(m.cell, t.cell) {
            return Some(m.cell);
        }
        movement::reachable(st, attacker, MoveKind::Run, mob)
            .into_iter()
            .filter(|r| st.board.adjacent(r.cell, t.cell))
            .filter(|r| movement::can_end(st, attacker, r.cell, true))
            .min_by_key(|r| (r.cost, r.cell.y, r.cell.x))
            .map(|r| r.cell)
    }
}

/// What decides the forms a Run of the acting model is offered in.
struct RunForms {
    mobility: u32,
    /// The model is engaged: any move is a flee.
    engaged: bool,
    /// No action spent yet this activation.
    fresh: bool,
    /// It could still charge: fresh, no attack made, and a close combat weapon.
    charger: bool,
    model: ModelId,
}

impl RunForms {
    /// The cells of table row `y` a Run is offered to, as 1-action and 2-action Runs: a flee
    /// is always a 2-action Run (cmd.melee.engaged-counts-two); otherwise a Run within
    /// MOBILITY is a 1-action Run (which may end in contact to charge, cmd.gap.23) and a
    /// longer one a 2-action Run (cmd.act.run.one, cmd.act.run.two).
    fn row(&self, st: &State, reach: &ReachMap, y: usize) -> (u128, u128) {
        let ends = reach.ends(y);
        if self.engaged {
            return (0, ends);
        }
        let near = reach.within(self.mobility, y);
        let mut one = near & ends;
        if self.charger {
            // Free cells next to a model: a charge may end there in contact with enemies.
            let mut contact = near & reach.stand(y) & !ends;
            while contact != 0 {
                let x = contact.trailing_zeros();
                contact &= contact - 1;
                if movement::can_end(st, self.model, Cell::new(x as u8, y as u8), true) {
                    one |= 1 << x;
                }
            }
        }
        let two = if self.fresh { ends & !near } else { 0 };
        (one, two)
    }

    /// Appends every Run offered, in table order.
    fn push_runs(&self, st: &State, reach: &ReachMap, out: &mut Vec<Action>) {
        for y in reach.rows() {
            if reach.reached(y) == 0 {
                continue;
            }
            let (one, two) = self.row(st, reach, y);
            out.reserve((one | two).count_ones() as usize);
            // A word at a time: the bit tests stay cheap on 64-bit words.
            for half in 0..2u32 {
                let (one, two) = ((one >> (64 * half)) as u64, (two >> (64 * half)) as u64);
                let mut bits = one | two;
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    bits ^= bit;
                    out.push(Action::Run {
                        to: Cell::new((bit.trailing_zeros() + 64 * half) as u8, y as u8),
                        actions: if one & bit != 0 { 1 } else { 2 },
                    });
                }
            }
        }
    }

    /// How many actions a Run to `to` is offered with, if at all.
    fn actions_at(&self, st: &State, reach: &ReachMap, to: Cell) -> Option<u8> {
        let (x, y) = (u32::from(to.x), usize::from(to.y));
        if x >= 128 || reach.reached(y) & (1 << x) == 0 {
            return None;
        }
        let (one, two) = self.row(st, reach, y);
        if one & (1 << x) != 0 {
            Some(1)
        } else if two & (1 << x) != 0 {
            Some(2)
        } else {
            None
        }
    }
}
