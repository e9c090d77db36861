//! Carrying out AI mode in a game: reading the state into the planner's views, and the
//! planner's steps back into the engine's own actions (the same path a player's choices take,
//! so the AI can never do what a player could not).
//!
//! One call of [`activate`] makes one decision unit for the AI seat: answer the window it
//! faces (a scatter point, an Infiltrator reveal, a free attack), or run the rest of the
//! activation under way, or pick a model for the drawn die and run its whole activation. It
//! stops early when another seat has to decide (an Infiltrator reveal, a free attack); when
//! the AI seat gets the decision back it plans again with the actions left.

use super::plan::{Field, ModelView, ObjectiveView, Plan, Situation, Step, WeaponView, plan};
use super::target::Candidate;
use super::{card_for, choose_model, roll_card};
use crate::Commander;
use crate::action::Action;
use crate::board::{Cell, Distance};
use crate::catalog::{AiAction, AiEntry, StatTag, UnitRule, WeaponId};
use crate::state::{Method, ModelId, State, Trigger};
use squadsight_core::journal::mention;
use squadsight_core::{EventKind, GameRng, IllegalAction, Journal, Seat};
use std::cell::RefCell;

/// What one of the planner's weapon numbers stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arm {
    /// A weapon that can make attacks.
    Weapon(WeaponId),
    /// The model's [Mindspin].
    Mindspin,
}

/// Makes the AI seat's next decision (see the module doc). Errors only if the engine refuses
/// every way forward, which would be a rules bug; the state is then as far as it got.
pub(crate) fn activate(
    rules: &Commander,
    st: &mut State,
    seat: Seat,
    rng: &mut GameRng,
    j: &mut Journal,
) -> Result<(), IllegalAction> {
    let mut legal = Vec::new();
    rules.list_human(st, seat, &mut legal);
    if legal.is_empty() {
        return Err(IllegalAction::new(format!("{seat} has nothing to decide")));
    }
    if let Some(choice) = window_answer(rules, st, seat, &legal, j) {
        return rules.perform(st, seat, &choice, rng, j);
    }
    let picks: Vec<ModelId> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Activate(id) => Some(*id),
            _ => None,
        })
        .collect();
    let model = if picks.is_empty() {
        match st.activation() {
            Some(a) if a.seat == seat => a.model,
            _ => return rules.perform(st, seat, &legal[0], rng, j),
        }
    } else {
        let named: Vec<(u8, String)> = picks
            .iter()
            .map(|id| (id.0, rules.model_mention(st, *id)))
            .collect();
        let Some(id) = choose_model(&named, rng, j) else {
            return rules.perform(st, seat, &legal[0], rng, j);
        };
        rules.perform(st, seat, &Action::Activate(ModelId(id)), rng, j)?;
        ModelId(id)
    };
    run_activation(rules, st, seat, model, rng, j)
}

/// Answers a window the AI seat faces, if the legal actions are a window's.
fn window_answer(
    rules: &Commander,
    st: &State,
    seat: Seat,
    legal: &[Action],
    j: &mut Journal,
) -> Option<Action> {
    match legal.first()? {
        Action::ScatterTo(_) => {
            // The AI places the point as far from its own models as it can.
            let own: Vec<Cell> = st
                .on_table()
                .filter(|m| m.controller() == seat)
                .map(|m| m.cell)
                .collect();
            let best = legal
                .iter()
                .filter_map(|a| match a {
                    Action::ScatterTo(c) => Some(*c),
                    _ => None,
                })
                .max_by_key(|c| {
                    own.iter()
                        .map(|o| st.board.distance(*o, *c))
                        .min()
                        .unwrap_or(Distance::CONTACT)
                })?;
            j.note("cmd.sr.scatter", EventKind::Ai, || {
                "AI: places the scatter point as far from its own models as it can".into()
            });
            Some(Action::ScatterTo(best))
        }
        Action::Reveal(_) | Action::StayHidden => {
            let reveal = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Reveal(_)))?;
            j.note("cmd.sr.infiltrator", EventKind::Ai, || {
                "AI: its Infiltrator is seen, so it reveals itself to fight".into()
            });
            Some(reveal)
        }
        Action::FreeAttack(_) | Action::DeclineFreeAttack => {
            let take = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::FreeAttack(_)))
                .unwrap_or(Action::DeclineFreeAttack);
            let name = match st.activation() {
                Some(a) => rules.model_mention(st, a.model),
                None => "the fleeing model".into(),
            };
            j.note("cmd.melee.flee-free-attack", EventKind::Ai, || {
                if take == Action::DeclineFreeAttack {
                    format!("AI: no weapon can reach {name}; the free attack is let go")
                } else {
                    "AI: always takes a free attack on a fleeing model".to_string()
                }
            });
            Some(take)
        }
        _ => None,
    }
}

/// Whether `model`'s activation is still the one under way for `seat`.
fn still_acting(rules: &Commander, st: &State, seat: Seat, model: ModelId) -> bool {
    st.ending.is_none()
        && rules.decider(st) == Some(seat)
        && st
            .activation()
            .is_some_and(|a| a.model == model && a.seat == seat)
}

/// Reads the model's card, plans with the actions it has left and carries the plan out.
fn run_activation(
    rules: &Commander,
    st: &mut State,
    seat: Seat,
    model: ModelId,
    rng: &mut GameRng,
    j: &mut Journal,
) -> Result<(), IllegalAction> {
    if !still_acting(rules, st, seat, model) {
        return Ok(());
    }
    let catalog = &rules.catalog;
    let Some(m) = st.model(model).cloned() else {
        return end(rules, st, seat, model, rng, j);
    };
    let name = rules.model_mention(st, model);
    let spent = st.activation().map_or(0, |a| a.spent);
    if spent == 0 {
        command_first(rules, st, seat, model, rng, j)?;
        if !still_acting(rules, st, seat, model) {
            return Ok(());
        }
    }
    let entry = if spent == 0 {
        let officer_alive = st.models.iter().any(|o| {
            o.alive() && o.owner == m.owner && catalog.unit(o.unit).name == super::OFFICER
        });
        let (card_id, commanded) = card_for(catalog, m.unit, officer_alive);
        let card = catalog.ai_card(card_id);
        if commanded {
            j.note("cmd.sr.trooper-command", EventKind::Ai, || {
                format!(
                    "AI: {name} follows the ADVENT Officer's card ({}) while the Officer lives",
                    mention(&card.name)
                )
            });
        }
        let reading = roll_card(
            card,
            m.wounds,
            m.max_wounds,
            st.options.ai_wounded,
            rng,
            j,
            &name,
        );
        Some((reading.entry, card_id))
    } else {
        None
    };
    let card_id = match entry {
        Some((_, id)) => id,
        None => {
            let officer_alive = st.models.iter().any(|o| {
                o.alive() && o.owner == m.owner && catalog.unit(o.unit).name == super::OFFICER
            });
            card_for(catalog, m.unit, officer_alive).0
        }
    };
    let card = catalog.ai_card(card_id);
    // Carrying on after an interruption: the card was read at the start; with one action
    // left the model attacks if it can, else it overwatches or ends.
    let entry = entry.map_or(
        AiEntry {
            action: AiAction::A,
            remain_engaged: true,
            ignore_cover: true,
        },
        |(e, _)| e,
    );
    let (plan, arms) = {
        let view = View::new(rules, st, seat, model);
        let arms = view.arms.clone();
        let p = plan(
            &view,
            &view.situation(),
            entry,
            &card.priorities,
            card.preference,
        );
        (p, arms)
    };
    let rule = match plan.action {
        AiAction::A => "cmd.ai.action.a",
        AiAction::D => "cmd.ai.action.d",
        AiAction::F => "cmd.ai.action.f",
        AiAction::M => "cmd.ai.action.m",
        AiAction::O => "cmd.ai.action.o",
    };
    j.note(rule, EventKind::Ai, || {
        format!("AI: {name} ({}): {}", plan.action.letter(), plan.why)
    });
    carry_out(rules, st, seat, model, &plan, &arms, spent, rng, j)?;
    end(rules, st, seat, model, rng, j)
}

/// Commanding Presence in AI mode (cmd.ai.same-activation: an AI Squad activates under the
/// player's rules, and the rule belongs to them; cmd.sr.commanding-presence, cmd.gap.48).
/// Before the giver reads its own card it commands, while it may, the model that
/// [`presence_pick`] names; each commanded model runs its whole activation on its own card
/// first. Every use and every refusal is journaled with its reason.
fn command_first(
    rules: &Commander,
    st: &mut State,
    seat: Seat,
    giver: ModelId,
    rng: &mut GameRng,
    j: &mut Journal,
) -> Result<(), IllegalAction> {
    let mut legal = Vec::new();
    // Commanding Presence II gives at most two commands; the bound only guards the loop.
    for _ in 0..4 {
        if !still_acting(rules, st, seat, giver) {
            return Ok(());
        }
        rules.list_human(st, seat, &mut legal);
        let offered: Vec<ModelId> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Command(t) => Some(*t),
                _ => None,
            })
            .collect();
        if offered.is_empty() {
            return Ok(());
        }
        let g = rules.model_mention(st, giver);
        let Some((target, nearest)) = presence_pick(st, &offered) else {
            j.note("cmd.ai.same-activation", EventKind::Ai, || {
                format!(
                    "AI: {g} keeps its Commanding Presence: every model it could command still \
                     has its own activation to come this round, so a command would only move it \
                     earlier"
                )
            });
            return Ok(());
        };
        let t = rules.model_mention(st, target);
        j.note("cmd.ai.same-activation", EventKind::Ai, || {
            let near = nearest.map_or_else(
                || "no enemy is on the table".to_string(),
                |r| format!("of those it is the nearest to an enemy ({r} Range)"),
            );
            format!(
                "AI: {g} uses Commanding Presence on {t}: it has already acted this round, so \
                 the command gains an activation; {near}"
            )
        });
        rules.perform(st, seat, &Action::Command(target), rng, j)?;
        run_activation(rules, st, seat, target, rng, j)?;
    }
    Ok(())
}

/// The model an AI-mode giver commands (cmd.sr.commanding-presence): only one that has already
/// activated this round gains an activation, so only those count; among them the one nearest
/// to an enemy model on the table, then the lower model number. Returns it with that distance,
/// or `None` when no offered model has acted yet.
fn presence_pick(st: &State, offered: &[ModelId]) -> Option<(ModelId, Option<Distance>)> {
    offered
        .iter()
        .filter_map(|id| st.model(*id))
        .filter(|m| m.activated)
        .map(|m| {
            let nearest = st
                .on_table()
                .filter(|o| st.enemies(m, o))
                .map(|o| st.board.distance(m.cell, o.cell))
                .min();
            (m.id, nearest)
        })
        .min_by_key(|(id, nearest)| (nearest.is_none(), *nearest, *id))
}

/// Ends the activation if it is still under way. When ending is not offered (a model that
/// ran into base contact must make its charge, cmd.gap.23), it takes the first action the
/// rules demand instead.
fn end(
    rules: &Commander,
    st: &mut State,
    seat: Seat,
    model: ModelId,
    rng: &mut GameRng,
    j: &mut Journal,
) -> Result<(), IllegalAction> {
    let mut legal = Vec::new();
    for _ in 0..8 {
        if !still_acting(rules, st, seat, model) {
            return Ok(());
        }
        rules.list_human(st, seat, &mut legal);
        if legal.contains(&Action::EndActivation) {
            return rules.perform(st, seat, &Action::EndActivation, rng, j);
        }
        let Some(forced) = legal.first().copied() else {
            return Ok(());
        };
        j.note("cmd.melee.charge", EventKind::Ai, || {
            "AI: in base contact after its move, it must make the charge".into()
        });
        rules.perform(st, seat, &forced, rng, j)?;
    }
    Ok(())
}

/// Performs the plan's steps, each as the engine's own action; a step the engine does not
/// offer now is skipped (and journaled), and the rest stop as soon as another seat decides.
#[allow(clippy::too_many_arguments)]
fn carry_out(
    rules: &Commander,
    st: &mut State,
    seat: Seat,
    model: ModelId,
    plan: &Plan<Cell>,
    arms: &[Arm],
    spent: u8,
    rng: &mut GameRng,
    j: &mut Journal,
) -> Result<(), IllegalAction> {
    let mut legal = Vec::new();
    let mut budget = 2u8.saturating_sub(spent);
    for step in &plan.steps {
        if !still_acting(rules, st, seat, model) || budget == 0 {
            break;
        }
        rules.list_human(st, seat, &mut legal);
        let choice = to_action(st, model, *step, arms, budget, &legal);
        match choice {
            Some(action) => {
                rules.perform(st, seat, &action, rng, j)?;
                budget = budget.saturating_sub(cost(&action));
            }
            None => j.note("cmd.general.common-sense", EventKind::Ai, || {
                "AI: a planned step is not possible now, so it is skipped".into()
            }),
        }
    }
    Ok(())
}

/// Actions an action spends.
fn cost(action: &Action) -> u8 {
    match action {
        Action::Attack { actions, .. }
        | Action::Mindspin { actions, .. }
        | Action::Run { actions, .. }
        | Action::Climb { actions, .. }
        | Action::Special { actions, .. } => *actions,
        Action::Overwatch(_) => 1,
        Action::HunkerDown => 2,
        _ => 0,
    }
}

/// The legal action a step stands for, if there is one now.
fn to_action(
    st: &State,
    model: ModelId,
    step: Step<Cell>,
    arms: &[Arm],
    budget: u8,
    legal: &[Action],
) -> Option<Action> {
    let offered = |a: &Action| legal.contains(a);
    let first = |candidates: &[Action]| candidates.iter().copied().find(|a| offered(a));
    match step {
        Step::Run { to, actions } => first(&[
            Action::Run { to, actions },
            Action::Run {
                to,
                actions: 3 - actions,
            },
            Action::Climb { to, actions },
            Action::Climb { to, actions: 2 },
        ]),
        Step::Flee { to } => first(&[
            Action::Run { to, actions: 2 },
            Action::Climb { to, actions: 2 },
        ]),
        Step::Attack {
            weapon,
            target,
            actions,
        } => {
            let target = ModelId(target);
            let actions = actions.min(budget).max(1);
            match arms.get(weapon)? {
                Arm::Weapon(w) => first(&[
                    Action::Attack {
                        weapon: *w,
                        target,
                        actions,
                    },
                    Action::Attack {
                        weapon: *w,
                        target,
                        actions: 1,
                    },
                ]),
                Arm::Mindspin => first(&[
                    Action::Mindspin { target, actions },
                    Action::Mindspin { target, actions: 1 },
                ]),
            }
        }
        Step::Overwatch => {
            let m = st.model(model)?;
            m.weapons
                .iter()
                .map(|w| Action::Overwatch(*w))
                .find(|a| offered(a))
        }
        Step::HunkerDown => first(&[Action::HunkerDown]),
        Step::Objective { id, actions } => legal.iter().copied().find(|a| {
            matches!(a, Action::Special { objective, actions: n, .. }
                if *objective == id && (*n == actions.min(budget) || *n == budget))
        }),
    }
}

/// The planner's window on the game, for one acting model.
struct View<'a> {
    rules: &'a Commander,
    st: &'a State,
    model: ModelId,
    here: Cell,
    /// A copy of the state the acting model is moved around in, to ask "what could it do
    /// from there" with the engine's own checks.
    scratch: RefCell<State>,
    arms: Vec<Arm>,
    weapons: Vec<WeaponView>,
    engaged: Vec<u8>,
    enemies: Vec<ModelView>,
    friends: Vec<ModelView>,
    objectives: Vec<ObjectiveView>,
    weak_minded: bool,
    run1: Vec<Cell>,
    run2: Vec<Cell>,
}

impl<'a> View<'a> {
    fn new(rules: &'a Commander, st: &'a State, seat: Seat, model: ModelId) -> View<'a> {
        let catalog = &rules.catalog;
        let m = st.model(model);
        let here = m.map_or(Cell::new(0, 0), |m| m.cell);
        let unit = m.map(|m| catalog.unit(m.unit));
        let mut arms = Vec::new();
        let mut weapons = Vec::new();
        for &w in m.map_or(&[][..], |m| m.weapons.as_slice()) {
            let p = catalog.weapon(w);
            if p.damage.is_some() {
                arms.push(Arm::Weapon(w));
                weapons.push(WeaponView {
                    secondary: p.slot == crate::catalog::Slot::Secondary,
                    mindspin: false,
                    special: !p.rules.is_empty(),
                });
            }
        }
        if unit.is_some_and(|u| u.stat_for(StatTag::Mindspin).is_some()) {
            arms.push(Arm::Mindspin);
            weapons.push(WeaponView {
                secondary: true,
                mindspin: true,
                special: true,
            });
        }
        let me = m.map(|m| m.controller()).unwrap_or(seat);
        let view_of = |o: &crate::state::Model| ModelView {
            name: rules.model_mention(st, o.id),
            candidate: Candidate {
                id: o.id.0,
                distance: st.board.range(here, o.cell),
                wounds: o.wounds,
                max_wounds: o.max_wounds,
                strength: rules.model_worth(o),
            },
            leader: o.leader,
            engaged_with: o.engaged.iter().map(|e| e.0).collect(),
        };
        let enemies = st
            .on_table()
            .filter(|o| o.controller() != me)
            .map(view_of)
            .collect();
        let friends = st
            .on_table()
            .filter(|o| o.controller() == me && o.id != model)
            .map(view_of)
            .collect();
        let objectives = st
            .objectives
            .iter()
            .enumerate()
            .filter(|(_, o)| !o.done && o.for_seat.is_none_or(|s| s == me))
            .filter(|(_, o)| o.method != Method::Reach || !o.cells.is_empty())
            .filter_map(|(k, o)| {
                Some(ObjectiveView {
                    name: o.name.clone(),
                    id: u8::try_from(k).ok()?,
                    searchable: o.method == Method::Search,
                })
            })
            .collect();
        let mut legal = Vec::new();
        rules.list_human(st, me, &mut legal);
        let mut run1 = Vec::new();
        let mut run2 = Vec::new();
        for a in &legal {
            if let Action::Run { to, actions } | Action::Climb { to, actions } = a {
                if *actions == 1 {
                    run1.push(*to);
                }
                run2.push(*to);
            }
        }
        for list in [&mut run1, &mut run2] {
            list.sort_by_key(|c| (c.y, c.x));
            list.dedup();
        }
        View {
            rules,
            st,
            model,
            here,
            scratch: RefCell::new(st.clone()),
            arms,
            weapons,
            engaged: m.map_or_else(Vec::new, |m| m.engaged.iter().map(|e| e.0).collect()),
            enemies,
            friends,
            objectives,
            weak_minded: unit.is_some_and(|u| u.has(UnitRule::WeakMinded)),
            run1,
            run2,
        }
    }

    fn situation(&self) -> Situation<'_> {
        Situation {
            actor: self.model.0,
            weapons: &self.weapons,
            engaged_with: &self.engaged,
            enemies: &self.enemies,
            friends: &self.friends,
            objectives: &self.objectives,
            weak_minded: self.weak_minded,
        }
    }

    /// Runs `f` on the scratch state with the acting model standing on `at`.
    fn from<T>(&self, at: Cell, f: impl FnOnce(&State) -> T) -> T {
        if at == self.here {
            return f(self.st);
        }
        let mut scratch = self.scratch.borrow_mut();
        scratch.relocate(self.model, at);
        let out = f(&scratch);
        scratch.relocate(self.model, self.here);
        out
    }
}

impl Field for View<'_> {
    type Cell = Cell;

    fn here(&self) -> Cell {
        self.here
    }

    fn cell_of(&self, model: u8) -> Option<Cell> {
        self.st
            .model(ModelId(model))
            .filter(|m| m.on_table())
            .map(|m| m.cell)
    }

    fn distance(&self, a: Cell, b: Cell) -> u32 {
        self.st.board.range(a, b)
    }

    fn run_cells(&self, actions: u8, out: &mut Vec<Cell>) {
        out.extend_from_slice(if actions >= 2 { &self.run2 } else { &self.run1 });
    }

    fn in_cover(&self, at: Cell, from: Cell) -> bool {
        self.rules.in_cover(self.st, at, from)
    }

    fn sees(&self, from: Cell, to: Cell) -> bool {
        self.st.board.los(from, to)
    }

    fn can_attack(&self, from: Cell, moved: bool, weapon: usize, target: u8) -> bool {
        let target = ModelId(target);
        match self.arms.get(weapon) {
            Some(Arm::Weapon(w)) => self.from(from, |st| {
                self.rules.can_attack(st, self.model, moved, *w, target)
            }),
            Some(Arm::Mindspin) => self.from(from, |st| {
                self.rules
                    .mindspin_targets(st, self.model)
                    .contains(&target)
            }),
            None => false,
        }
    }

    fn can_work(&self, from: Cell, objective: u8) -> bool {
        self.from(from, |st| {
            self.rules
                .special_options(st, self.model)
                .iter()
                .any(|(_, k)| *k == objective)
        })
    }

    fn objective_cell(&self, objective: u8) -> Option<Cell> {
        self.st
            .objectives
            .get(usize::from(objective))
            .and_then(|o| o.cells.first().copied())
    }

    fn rally(&self) -> Option<Cell> {
        let me = self.st.model(self.model)?.controller();
        self.st
            .pods
            .iter()
            .filter(|p| !p.appeared)
            .filter(|p| {
                p.models
                    .iter()
                    .any(|m| self.st.model(*m).is_some_and(|m| m.controller() != me))
            })
            .filter_map(|p| match p.trigger {
                Trigger::Near { cell, .. } => Some(cell),
                Trigger::Sight { objective } => self.objective_cell(objective),
            })
            .min_by_key(|c| (self.st.board.distance(self.here, *c), c.y, c.x))
    }
}
