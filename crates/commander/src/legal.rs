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
use crate::movement::{self, MoveKind};
use crate::options::SpecialOrder;
use crate::state::{Activation, Method, ModelId, State, Window};
use squadsight_core::Seat;

/// Sniper weapons may not target anything within this many Range (cmd.sr.sniper, cmd.gap.46).
pub const SNIPER_MIN_RANGE: u32 = 12;
/// [Computer Use] reach for a Hacker (cmd.sr.hacker).
pub const HACKER_RANGE: u32 = 12;
/// [Mindspin] reach: the Psi Amp has no printed range, so the psionic attack uses the longest
/// rifle band (cmd.gap.42).
pub const MINDSPIN_RANGE: u32 = 24;

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
        out.clear();
        if let Some(w) = st.windows.first() {
            if w.seat() == seat {
                self.list_window(st, w, out);
            }
            return;
        }
        if let Some(a) = st.stack.last() {
            if a.seat == seat {
                self.list_activation(st, a, out);
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

    fn list_activation(&self, st: &State, a: &Activation, out: &mut Vec<Action>) {
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
                let mob = u32::from(self.mobility(st, a.model));
                let reach = movement::reachable(st, a.model, MoveKind::Run, mob * 2);
                for &(c, cost) in &reach {
                    if let Some(n) = self.run_form(st, a, true, c, cost) {
                        out.push(Action::Run { to: c, actions: n });
                    }
                }
                for c in self.climb_cells(st, a.model, &reach) {
                    out.push(Action::Climb { to: c, actions: 2 });
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
            let mob = u32::from(self.mobility(st, a.model));
            let budget = if left == 2 { mob * 2 } else { mob };
            let reach = movement::reachable(st, a.model, MoveKind::Run, budget);
            for &(c, cost) in &reach {
                if let Some(n) = self.run_form(st, a, false, c, cost) {
                    out.push(Action::Run { to: c, actions: n });
                }
            }
            for c in self.climb_cells(st, a.model, &reach) {
                out.push(Action::Climb { to: c, actions: 1 });
                if left == 2 {
                    out.push(Action::Climb { to: c, actions: 2 });
                }
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

    /// How many actions a Run to `c`, reached for `cost`, is offered with, if at all: a flee
    /// is always a 2-action Run (cmd.melee.engaged-counts-two); otherwise a Run within MOBILITY
    /// is a 1-action Run (which may end in contact to charge, cmd.gap.23) and a longer one a
    /// 2-action Run (cmd.act.run.one, cmd.act.run.two).
    fn run_form(
        &self,
        st: &State,
        a: &Activation,
        engaged: bool,
        c: Cell,
        cost: u32,
    ) -> Option<u8> {
        let mob = u32::from(self.mobility(st, a.model));
        if engaged {
            return movement::can_end(st, a.model, c, false).then_some(2);
        }
        if cost <= mob {
            let charger = a.spent == 0 && !a.attacked && self.has_close_combat(st, a.model);
            let ok = movement::can_end(st, a.model, c, false)
                || (charger && movement::can_end(st, a.model, c, true));
            ok.then_some(1)
        } else {
            (a.spent == 0 && movement::can_end(st, a.model, c, false)).then_some(2)
        }
    }

    /// Whether a Run is legal now, checked without listing every other choice; `None` when the
    /// full list must decide (a charge is pending).
    pub(crate) fn run_is_legal(
        &self,
        st: &State,
        seat: Seat,
        to: Cell,
        actions: u8,
    ) -> Option<bool> {
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
        let reach = movement::reachable(st, a.model, MoveKind::Run, budget);
        let target = st.board.index(to)?;
        let found = reach
            .binary_search_by(|(c, _)| st.board.index(*c).cmp(&Some(target)))
            .ok()
            .map(|i| reach[i].1);
        Some(found.and_then(|cost| self.run_form(st, a, engaged, to, cost)) == Some(actions))
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

    /// Cells a Climb can reach within MOBILITY that a Run of MOBILITY cannot, where the move
    /// may end (cmd.act.climb.one/two, cmd.gap.15).
    /// `run` is the model's Run reach, computed with a budget of at least MOBILITY.
    pub(crate) fn climb_cells(&self, st: &State, id: ModelId, run: &[(Cell, u32)]) -> Vec<Cell> {
        let mob = u32::from(self.mobility(st, id));
        // A Climb reaches more than a Run only across a change of level: with no tall piece
        // within reach (and the model on the ground) there is nothing to add.
        let Some(m) = st.model(id) else {
            return Vec::new();
        };
        let near_level = st.board.elevation(m.cell) > 0
            || st.board.pieces().iter().any(|p| {
                !p.destroyed
                    && p.height > 0
                    && p.cells.iter().any(|c| st.board.steps(*c, m.cell) <= mob)
            });
        if !near_level {
            return Vec::new();
        }
        let climb = movement::reachable(st, id, MoveKind::Climb, mob);
        if climb.is_empty() {
            return Vec::new();
        }
        let by_run = |c: Cell| {
            run.binary_search_by(|(r, _)| cmp_cell(st, *r, c))
                .is_ok_and(|i| run[i].1 <= mob)
        };
        climb
            .into_iter()
            .filter(|(c, _)| !by_run(*c))
            .filter(|(c, _)| movement::can_end(st, id, *c, false))
            .map(|(c, _)| c)
            .collect()
    }

    /// Weapon and target pairs the acting model may attack with now.
    pub(crate) fn attack_options(&self, st: &State, a: &Activation) -> Vec<(WeaponId, ModelId)> {
        let mut out = Vec::new();
        let Some(m) = st.model(a.model) else {
            return out;
        };
        for &w in &m.weapons {
            for t in st.on_table() {
                if self.can_attack(st, a.model, a.moved, w, t.id) {
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
        if !st.board.los(m.cell, t.cell) {
            return false; // cmd.gap.11
        }
        if sniper && (moved || range <= SNIPER_MIN_RANGE) {
            return false;
        }
        range <= u32::from(p.max_range) || self.squadsight(st, attacker, w, target)
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

    /// Targets of [Mindspin] for a model with the `[Mindspin]` tag: an enemy in sight within
    /// [`MINDSPIN_RANGE`] (cmd.sr.mindspin, cmd.gap.42).
    pub(crate) fn mindspin_targets(&self, st: &State, id: ModelId) -> Vec<ModelId> {
        let Some(m) = st.model(id) else {
            return Vec::new();
        };
        if self
            .catalog
            .unit(m.unit)
            .stat_for(StatTag::Mindspin)
            .is_none()
            || m.is_engaged()
        {
            return Vec::new();
        }
        st.on_table()
            .filter(|t| st.enemies(m, t))
            .filter(|t| {
                st.board.range(m.cell, t.cell) <= MINDSPIN_RANGE && st.board.los(m.cell, t.cell)
            })
            .map(|t| t.id)
            .collect()
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

    /// Cells exactly 3 Range from the target where a scatter point may go (cmd.sr.scatter).
    pub(crate) fn scatter_cells(&self, st: &State, target: ModelId) -> Vec<Cell> {
        let Some(t) = st.model(target) else {
            return Vec::new();
        };
        let b = &st.board;
        (0..b.cell_count())
            .map(|i| b.cell_at(i))
            .filter(|c| b.range(t.cell, *c) == 3)
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
            .filter(|(c, _)| st.board.adjacent(*c, t.cell))
            .filter(|(c, _)| movement::can_end(st, attacker, *c, true))
            .min_by_key(|(c, cost)| (*cost, c.y, c.x))
            .map(|(c, _)| c)
    }
}

/// Orders cells the way [`movement::reachable`] lists them (table order).
fn cmp_cell(st: &State, a: Cell, b: Cell) -> std::cmp::Ordering {
    st.board.index(a).cmp(&st.board.index(b))
}
