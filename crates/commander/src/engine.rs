//! The `Commander` ruleset: setup, carrying out actions, attacks and their aftermath, windows,
//! objectives and the end of the game.
//!
//! # Operations for AI mode (`crate::ai_mode`)
//!
//! An AI-mode seat is offered only [`Action::AiActivate`]; applying it calls
//! `crate::ai_mode::activate(&Commander, &mut State, Seat, &mut GameRng, &mut Journal)`, which
//! decides for that seat through these crate-visible operations, the same code path a player's
//! choices take:
//! - [`Commander::list_human`]`(state, seat, &mut out)` — the actions a player of `seat` could
//!   choose now (model picks, attacks with their weapon, Run/Climb cells, Overwatch, Hunker Down,
//!   [Action]s on objectives, window answers), in a fixed order;
//! - [`Commander::perform`]`(state, seat, &action, rng, journal)` — validates one of those and
//!   carries it out (resolving attacks, Overwatch fire, flee free attacks, pods, markers, the end
//!   of the activation and the next die draw);
//! - [`Commander::eligible`] (models that may take the drawn die), [`Commander::can_attack`]
//!   and [`Commander::attack_options`], [`Commander::special_options`],
//!   [`Commander::in_cover`], [`Commander::visible_enemies`], [`Commander::mobility`],
//!   [`Commander::model_name`], and `crate::movement::{reachable, can_end}` for where a Run or
//!   Climb may go.
//!
//! `activate` must leave the state where another seat decides, or where the AI seat's next
//! decision is a fresh one; the engine calls it once per `AiActivate`.

use crate::action::Action;
use crate::ai_mode;
use crate::board::{Cell, Cover as BoardCover};
use crate::catalog::{Catalog, ItemKind, StatTag, UnitRule};
use crate::combat::{
    self, AttackContext, AttackKind, AttackResult, Attacker, BlastCentre, CombatRules, Cover,
    Defender, Means,
};
use crate::mindspin::MindspinEffect;
use crate::movement::{self, MoveKind};
use crate::options::{Options, SpecialOrder};
use crate::scenario::{ScenarioDef, builtin_scenarios};
use crate::skill::{self, Modifier, SkillTest};
use crate::state::{
    Control, Ending, Marker, Method, Model, ModelId, Objective, Pod, Presence, ScatterShot, Side,
    State, Trigger, Victory, Window,
};
use crate::summary::{RULES_PAGE, Summaries};
use squadsight_core::dice::{Dice, roll};
use squadsight_core::journal::EventKind;
use squadsight_core::journal::mention;
use squadsight_core::options::TableOptions;
use squadsight_core::{
    DataCheck, Decision, GameRng, IllegalAction, Journal, Outcome, Ruleset, ScenarioInfo, Seat,
    SeatSet, SetupError, Stream,
};
use std::sync::Arc;

pub use squadsight_core::RulesError;

/// The Commander 2.1 ruleset (ID `commander`).
#[derive(Clone, Debug)]
pub struct Commander {
    pub(crate) catalog: Catalog,
    /// Our one-line summary of each clause, from the rules page.
    summaries: Summaries,
}

/// Infiltrator markers placed per hidden model (cmd.sr.infiltrator).
const MARKERS_PER_INFILTRATOR: usize = 3;

/// A game longer than this many actions is stopped as a draw: a safety net, far above any
/// real game (round limits end games long before).
const MAX_STEPS: u32 = 50_000;

impl Commander {
    /// The ruleset built from the embedded rules data.
    pub fn new() -> Result<Commander, RulesError> {
        let catalog = Catalog::builtin().map_err(|e| RulesError::new(Commander::ID, e))?;
        Ok(Commander {
            catalog: catalog.clone(),
            summaries: Summaries::parse(RULES_PAGE),
        })
    }

    /// The rules data.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// A built-in scenario by id.
    pub fn scenario(&self, id: &str) -> Result<ScenarioDef, RulesError> {
        self.builtin_scenario(id)
    }

    /// [`Commander::model_name`] for journal text only: empty, and free, when the journal
    /// records nothing (the hot path of simulations and AI search).
    pub(crate) fn journal_name(&self, j: &Journal, st: &State, id: ModelId) -> String {
        if j.enabled() {
            self.model_mention(st, id)
        } else {
            String::new()
        }
    }

    /// A model's name for people: its unit, numbered when the unit has several models.
    pub fn model_name(&self, st: &State, id: ModelId) -> String {
        self.model_words(st, id, str::to_string)
    }

    /// [`Commander::model_name`] as the journal mentions it: the unit's name held once by
    /// the journal ([`mention`]). Only for journal texts and inputs.
    pub(crate) fn model_mention(&self, st: &State, id: ModelId) -> String {
        self.model_words(st, id, |n| mention(n).to_string())
    }

    /// A model's name with its unit's name as `unit` writes it.
    fn model_words(&self, st: &State, id: ModelId, unit: impl Fn(&str) -> String) -> String {
        match st.model(id) {
            Some(m) => {
                let unit = unit(&self.catalog.unit(m.unit).name);
                let several = st
                    .models
                    .iter()
                    .filter(|o| o.owner == m.owner && o.unit == m.unit)
                    .count()
                    > 1;
                if several {
                    format!("{unit} {}", m.number)
                } else {
                    unit
                }
            }
            None => format!("model {}", id.0),
        }
    }

    /// Whether a model on `at` is in cover against a shooter on `from` (cmd.gap.10).
    pub fn in_cover(&self, st: &State, at: Cell, from: Cell) -> bool {
        st.board.cover(at, from).is_some()
    }

    /// Enemy models on the table that `id` can see.
    pub fn visible_enemies(&self, st: &State, id: ModelId) -> Vec<ModelId> {
        let Some(m) = st.model(id) else {
            return Vec::new();
        };
        st.on_table()
            .filter(|o| st.enemies(m, o) && st.board.los(m.cell, o.cell))
            .map(|o| o.id)
            .collect()
    }

    /// Validates a player's action and carries it out; the state is untouched on error.
    pub fn perform(
        &self,
        st: &mut State,
        seat: Seat,
        action: &Action,
        rng: &mut GameRng,
        j: &mut Journal,
    ) -> Result<(), IllegalAction> {
        if !self.is_choice(st, seat, action) {
            return Err(IllegalAction::new(format!(
                "{} is not a legal choice for {seat} now",
                self.describe_action(st, action)
            )));
        }
        st.steps = st.steps.saturating_add(1);
        self.execute(st, seat, *action, rng, j);
        self.settle(st, rng, j);
        Ok(())
    }

    fn spend(st: &mut State, actions: u8) {
        if let Some(a) = st.stack.last_mut() {
            a.spent = a.spent.saturating_add(actions).min(2);
        }
    }

    fn execute(
        &self,
        st: &mut State,
        seat: Seat,
        action: Action,
        rng: &mut GameRng,
        j: &mut Journal,
    ) {
        match action {
            Action::AiActivate => {}
            Action::Activate(id) => {
                st.die = None;
                self.begin_activation(st, id, seat, false, j);
            }
            Action::Command(id) => {
                if let Some(a) = st.stack.last_mut() {
                    a.commands_left = a.commands_left.saturating_sub(1);
                }
                let giver = st.stack.last().map(|a| a.model).unwrap_or_default();
                // cmd.sr.commanding-presence: once per game round for each model that has it.
                if let Some(g) = st.model_mut(giver) {
                    g.presence_used = true;
                }
                let (g, t) = (self.model_mention(st, giver), self.model_mention(st, id));
                j.note("cmd.sr.commanding-presence", EventKind::Turn, || {
                    format!("{g} commands {t} to act first")
                });
                self.begin_activation(st, id, seat, true, j);
            }
            Action::Attack {
                weapon,
                target,
                actions,
            } => {
                let Some(a) = st.stack.last().copied() else {
                    return;
                };
                let engaged = st.model(a.model).is_some_and(Model::is_engaged);
                // cmd.melee.engaged-counts-two: an engaged model's action ends its turn.
                Self::spend(st, if engaged { 2 } else { actions });
                if let Some(top) = st.stack.last_mut() {
                    top.attacked = true;
                    top.charging = false;
                }
                let kind = if actions >= 2 || engaged {
                    AttackKind::TwoActions
                } else {
                    AttackKind::OneAction
                };
                self.attack(st, a.model, Some(weapon), target, kind, a.moved, rng, j);
            }
            Action::Mindspin { target, actions } => {
                let Some(a) = st.stack.last().copied() else {
                    return;
                };
                // Only a contact Mindspin (mindspin_range=amp-contact) is made engaged; like
                // any engaged action it ends the turn (cmd.melee.engaged-counts-two).
                let engaged = st.model(a.model).is_some_and(Model::is_engaged);
                Self::spend(st, if engaged { 2 } else { actions });
                if let Some(top) = st.stack.last_mut() {
                    top.attacked = true;
                }
                let kind = if actions >= 2 || engaged {
                    AttackKind::TwoActions
                } else {
                    AttackKind::OneAction
                };
                self.attack(st, a.model, None, target, kind, a.moved, rng, j);
            }
            Action::Run { to, actions } => self.move_model(st, MoveKind::Run, to, actions, rng, j),
            Action::Climb { to, actions } => {
                self.move_model(st, MoveKind::Climb, to, actions, rng, j)
            }
            Action::Overwatch(w) => {
                let Some(a) = st.stack.last().copied() else {
                    return;
                };
                Self::spend(st, 1);
                if let Some(m) = st.model_mut(a.model) {
                    m.overwatch = Some(w);
                }
                let (n, wn) = (
                    self.model_mention(st, a.model),
                    mention(&self.catalog.weapon(w).name).to_string(),
                );
                j.note("cmd.act.overwatch.one", EventKind::Effect, || {
                    format!("{n} goes on Overwatch with the {wn}")
                });
            }
            Action::HunkerDown => {
                let Some(a) = st.stack.last().copied() else {
                    return;
                };
                Self::spend(st, 2);
                if let Some(m) = st.model_mut(a.model) {
                    m.down = true;
                }
                let n = self.model_mention(st, a.model);
                j.note("cmd.act.hunker-down.two", EventKind::Effect, || {
                    format!("{n} hunkers down and goes Down")
                });
            }
            Action::Special {
                method,
                objective,
                actions,
            } => self.special(st, method, objective, actions, rng, j),
            Action::EndActivation => self.end_activation(st, rng, j),
            Action::ScatterTo(c) => self.scatter_to(st, c, rng, j),
            Action::Reveal(k) => self.reveal(st, Some(k), j),
            Action::StayHidden => self.reveal(st, None, j),
            Action::FreeAttack(w) => self.free_attack(st, Some(w), rng, j),
            Action::DeclineFreeAttack => self.free_attack(st, None, rng, j),
        }
    }

    /// A Run or Climb of the acting model (cmd.act.run.*, cmd.act.climb.*); for an engaged
    /// model it is a flee (cmd.melee.flee-free-attack).
    fn move_model(
        &self,
        st: &mut State,
        kind: MoveKind,
        to: Cell,
        actions: u8,
        rng: &mut GameRng,
        j: &mut Journal,
    ) {
        let Some(a) = st.stack.last().copied() else {
            return;
        };
        let id = a.model;
        let Some(m) = st.model(id) else { return };
        let fled_from = m.engaged.clone();
        let fleeing = !fled_from.is_empty();
        let from = m.cell;
        Self::spend(st, if fleeing { 2 } else { actions });
        let name = self.journal_name(j, st, id);
        if kind == MoveKind::Climb && actions == 1 && !fleeing {
            // cmd.act.climb.one, cmd.gap.15: a skill test against MOBILITY; a failure leaves the
            // model where it was and spends the action.
            let test = SkillTest {
                base: self.mobility(st, id),
                modifiers: Vec::new(),
                dice: skill::TestDice::TwoD6,
            };
            let r = skill::perform(
                rng,
                &test,
                "cmd.act.climb.one",
                j,
                || format!("{name} climbs with one action"),
                Vec::new,
            );
            if !r.success {
                j.note("cmd.gap.15", EventKind::Move, || {
                    format!("{name} fails to climb and stays at {from}")
                });
                return;
            }
        }
        st.relocate(id, to);
        // A Run that ends in base contact sets up a charge (cmd.gap.23).
        let charging = !fleeing && !movement::enemies_in_contact(st, id).is_empty();
        if let Some(top) = st.stack.last_mut() {
            top.moved = true;
            top.charging = charging;
        }
        let clause = match (kind, fleeing, actions) {
            (_, true, _) => "cmd.melee.engaged-options",
            (MoveKind::Run, _, 1) => "cmd.act.run.one",
            (MoveKind::Run, _, _) => "cmd.act.run.two",
            (MoveKind::Climb, _, 1) => "cmd.act.climb.one",
            (MoveKind::Climb, _, _) => "cmd.act.climb.two",
        };
        j.note(clause, EventKind::Move, || {
            let how = match kind {
                MoveKind::Run => "runs",
                MoveKind::Climb => "climbs",
            };
            let flee = if fleeing {
                " fleeing its engagement"
            } else {
                ""
            };
            format!("{name} {how} from {from} to {to}{flee}")
        });
        if fleeing {
            self.flee(st, id, &fled_from, j);
        }
        self.react_to_move(st, id, rng, j);
    }

    /// A model left its engagement: it ends, and each model it fled from that is not still
    /// engaged with another enemy is offered a free attack (cmd.melee.flee-free-attack,
    /// cmd.gap.25).
    fn flee(&self, st: &mut State, id: ModelId, partners: &[ModelId], j: &mut Journal) {
        for &p in partners {
            if let Some(pm) = st.model_mut(p) {
                pm.engaged.retain(|e| *e != id);
            }
        }
        if let Some(m) = st.model_mut(id) {
            m.engaged.clear();
        }
        let queue: Vec<ModelId> = partners
            .iter()
            .copied()
            .filter(|p| {
                st.model(*p)
                    .is_some_and(|pm| pm.on_table() && pm.engaged.is_empty())
            })
            .collect();
        let name = self.model_mention(st, id);
        j.note("cmd.melee.flee-free-attack", EventKind::Effect, || {
            format!(
                "{name} flees; {} model(s) it fled from may make a free attack",
                queue.len()
            )
        });
        self.offer_free_attack(st, id, queue);
    }

    fn offer_free_attack(&self, st: &mut State, target: ModelId, mut queue: Vec<ModelId>) {
        while !queue.is_empty() {
            let attacker = queue.remove(0);
            let Some(am) = st.model(attacker) else {
                continue;
            };
            if !am.on_table() || !st.model(target).is_some_and(Model::on_table) {
                continue;
            }
            st.windows.push(Window::FreeAttack {
                seat: am.controller(),
                attacker,
                target,
                queue,
            });
            return;
        }
    }

    fn free_attack(
        &self,
        st: &mut State,
        weapon: Option<crate::catalog::WeaponId>,
        rng: &mut GameRng,
        j: &mut Journal,
    ) {
        if st.windows.is_empty() {
            return;
        }
        let Window::FreeAttack {
            attacker,
            target,
            queue,
            ..
        } = st.windows.remove(0)
        else {
            return;
        };
        if let Some(w) = weapon {
            let mut moved = false;
            if self.catalog.weapon(w).is_close_combat() {
                // cmd.melee.free-attack-form: a charging free attack is a move then an attack.
                if let Some(c) = self.charge_cell(st, attacker, target)
                    && st.model(attacker).is_some_and(|m| m.cell != c)
                {
                    let n = self.model_mention(st, attacker);
                    j.note("cmd.melee.free-attack-form", EventKind::Move, || {
                        format!("{n} runs to {c} to make its free charge")
                    });
                    st.relocate(attacker, c);
                    moved = true;
                    // cmd.melee.free-attack-form: the charge's move is a Move/Climb, and
                    // Overwatch answers a target's movement (cmd.act.overwatch.one,
                    // cmd.gap.12), so enemies on Overwatch fire at the end of it, before the
                    // attack.
                    self.react_to_move(st, attacker, rng, j);
                }
            }
            // Reaction fire may have destroyed the charger or pulled it away (Lasso); then
            // the free attack is lost (cmd.gap.25).
            let can_strike = st.model(attacker).is_some_and(Model::on_table)
                && st.model(target).is_some_and(Model::on_table)
                && (!moved
                    || st
                        .model(attacker)
                        .zip(st.model(target))
                        .is_some_and(|(a, t)| st.board.adjacent(a.cell, t.cell)));
            if !can_strike {
                let n = self.model_mention(st, attacker);
                j.note("cmd.melee.free-attack-form", EventKind::Effect, || {
                    format!("{n} cannot make its free attack after the reaction fire")
                });
                self.offer_free_attack(st, target, queue);
                return;
            }
            self.attack(
                st,
                attacker,
                Some(w),
                target,
                AttackKind::Free,
                moved,
                rng,
                j,
            );
        } else {
            let n = self.model_mention(st, attacker);
            j.note("cmd.melee.flee-free-attack", EventKind::Effect, || {
                format!("{n} lets its free attack go")
            });
        }
        self.offer_free_attack(st, target, queue);
    }

    /// Overwatch fire at a model that just moved (cmd.act.overwatch.one, cmd.gap.12): every
    /// enemy holding Overwatch that sees it within its weapon's Range fires once, in model
    /// order; a Phantom never triggers it (cmd.sr.phantom).
    fn react_to_move(&self, st: &mut State, mover: ModelId, rng: &mut GameRng, j: &mut Journal) {
        let Some(m) = st.model(mover) else { return };
        if self.catalog.unit(m.unit).has(UnitRule::Phantom) {
            let n = self.journal_name(j, st, mover);
            if st
                .models
                .iter()
                .any(|o| o.on_table() && o.overwatch.is_some() && st.enemies(o, m))
            {
                j.note("cmd.sr.phantom", EventKind::Effect, || {
                    format!("{n} is a Phantom: its move triggers no reaction fire")
                });
            }
            return;
        }
        for i in 0..st.models.len() {
            let Some(mm) = st.model(mover) else { return };
            if !mm.on_table() {
                return;
            }
            let o = &st.models[i];
            let Some(w) = o.overwatch else { continue };
            if !o.on_table() || o.is_engaged() || !st.enemies(o, mm) {
                continue;
            }
            let range = st.board.range(o.cell, mm.cell);
            if range == 0
                || range > u32::from(self.catalog.weapon(w).max_range)
                || !st.board.los(o.cell, mm.cell)
            {
                continue;
            }
            let shooter = o.id;
            st.models[i].overwatch = None;
            let (a, b) = (
                self.model_mention(st, shooter),
                self.model_mention(st, mover),
            );
            j.note("cmd.act.overwatch.one", EventKind::Attack, || {
                format!("{a} reacts from Overwatch to {b}'s move")
            });
            self.attack(
                st,
                shooter,
                Some(w),
                mover,
                AttackKind::Overwatch,
                false,
                rng,
                j,
            );
        }
    }

    /// Builds the attack's context from the state.
    /// The exact odds of an attack the deciding seat could choose now — an `Attack`, a
    /// `Mindspin` or a flee window's `FreeAttack` — built exactly as carrying it out would
    /// build it (kind, movement, a free charge's move into contact, cover, Squadsight
    /// support), for the UI to show before the attack is declared (cmd.shoot.modifier-table,
    /// cmd.sr.armour, cmd.dmg.resistance-test). `None` for any other action.
    pub fn attack_odds(&self, st: &State, action: &Action) -> Option<combat::AttackOdds> {
        let ctx = match *action {
            Action::Attack {
                weapon,
                target,
                actions,
            } => {
                let a = st.stack.last().copied()?;
                let engaged = st.model(a.model).is_some_and(Model::is_engaged);
                let kind = if actions >= 2 || engaged {
                    AttackKind::TwoActions
                } else {
                    AttackKind::OneAction
                };
                self.context(st, a.model, Some(weapon), target, kind, a.moved)?
            }
            Action::Mindspin { target, actions } => {
                let a = st.stack.last().copied()?;
                let engaged = st.model(a.model).is_some_and(Model::is_engaged);
                let kind = if actions >= 2 || engaged {
                    AttackKind::TwoActions
                } else {
                    AttackKind::OneAction
                };
                self.context(st, a.model, None, target, kind, a.moved)?
            }
            Action::FreeAttack(w) => {
                let Some(Window::FreeAttack {
                    attacker, target, ..
                }) = st.windows.first()
                else {
                    return None;
                };
                let (attacker, target) = (*attacker, *target);
                // cmd.melee.free-attack-form: a charging free attack moves into contact first.
                if self.catalog.weapon(w).is_close_combat()
                    && let Some(c) = self.charge_cell(st, attacker, target)
                    && st.model(attacker).is_some_and(|m| m.cell != c)
                {
                    let mut charged = st.clone();
                    charged.relocate(attacker, c);
                    let ctx =
                        self.context(&charged, attacker, Some(w), target, AttackKind::Free, true)?;
                    return Some(combat::preview(&ctx));
                }
                self.context(st, attacker, Some(w), target, AttackKind::Free, false)?
            }
            _ => return None,
        };
        Some(combat::preview(&ctx))
    }

    fn context<'a>(
        &'a self,
        st: &State,
        attacker: ModelId,
        weapon: Option<crate::catalog::WeaponId>,
        target: ModelId,
        kind: AttackKind,
        moved: bool,
    ) -> Option<AttackContext<'a>> {
        let (a, t) = (st.model(attacker)?, st.model(target)?);
        let aunit = self.catalog.unit(a.unit);
        let tunit = self.catalog.unit(t.unit);
        let has_item = |k: ItemKind| {
            a.attachments
                .iter()
                .any(|i| self.catalog.item(*i).kind == k)
        };
        let means = match weapon {
            Some(w) => Means::Weapon(self.catalog.weapon(w)),
            None => Means::Mindspin,
        };
        let in_contact = st.board.adjacent(a.cell, t.cell);
        let cover = match st.board.cover(t.cell, a.cell) {
            _ if in_contact => Cover::None,
            Some(BoardCover::Hard) => Cover::Hard,
            Some(BoardCover::Soft) => Cover::Soft,
            None => Cover::None,
        };
        let support = weapon.is_some_and(|w| self.squadsight(st, attacker, w, target));
        Some(AttackContext {
            attacker: Attacker {
                unit: aunit,
                laser_sight: has_item(ItemKind::LaserSight),
                scope: has_item(ItemKind::Scope),
                moved: moved && kind != AttackKind::Overwatch,
                engaged: a.is_engaged(),
                squadsight_support: support,
            },
            target: Defender {
                unit: tunit,
                vest_bonus: t.vest.map_or(0, |v| self.catalog.vest(v).armour_bonus),
                wounds: t.wounds,
                cover,
                down: t.down,
                distance: st.board.distance(a.cell, t.cell),
                in_contact,
                // Squad Tactics: each other friendly model that hit it this round.
                friends_hit_this_round: u8::try_from(
                    st.hits_this_round
                        .iter()
                        .filter(|(s, by, id)| {
                            *s == a.controller() && *by != attacker && *id == target
                        })
                        .count(),
                )
                .unwrap_or(u8::MAX),
            },
            means,
            kind,
            rules: CombatRules {
                damage: st.options.damage_sequence,
                sniper: st.options.sniper_modifiers,
                high_explosive: st.options.high_explosive,
            },
        })
    }

    /// Resolves one attack through the combat pipeline and applies its result
    /// (cmd.shoot.*, cmd.melee.*, cmd.dmg.*).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn attack(
        &self,
        st: &mut State,
        attacker: ModelId,
        weapon: Option<crate::catalog::WeaponId>,
        target: ModelId,
        kind: AttackKind,
        moved: bool,
        rng: &mut GameRng,
        j: &mut Journal,
    ) {
        let Some(ctx) = self.context(st, attacker, weapon, target, kind, moved) else {
            return;
        };
        let r = combat::resolve_attack(&ctx, rng, j);
        self.apply_result(st, attacker, target, &r, j);
        if r.close_combat {
            // cmd.melee.engage-on-contact: in base contact after a charge, hit or miss; after
            // the damage, so a target the charge destroyed is not engaged.
            self.engage(st, attacker, target, j);
        }
        if let Some(b) = r.blast
            && b.at == BlastCentre::Target
            && let Some(t) = st.model(target)
        {
            let c = t.cell;
            self.blast(st, c, u32::from(b.radius), j);
        }
        if r.scatter.is_some()
            && let (Some(w), Some(t)) = (weapon, st.model(target))
        {
            // cmd.sr.scatter: the targeted player places the point.
            st.windows.push(Window::Scatter {
                seat: t.controller(),
                shot: ScatterShot {
                    attacker,
                    weapon: w,
                    target,
                    kind,
                    moved,
                    blast: r.blast.is_some(),
                },
            });
        }
        if r.lasso {
            self.lasso(st, attacker, target, j);
        }
        if let Some(effect) = r.mindspin {
            self.mindspin(st, attacker, target, effect, rng, j);
        }
    }

    /// Wounds, destruction, Down and a spent activation from an attack's result.
    fn apply_result(
        &self,
        st: &mut State,
        attacker: ModelId,
        target: ModelId,
        r: &AttackResult,
        j: &mut Journal,
    ) {
        let by = st.model(attacker).map_or(Seat(0), Model::controller);
        if r.landed {
            if !st.hits_this_round.contains(&(by, attacker, target)) {
                st.hits_this_round.push((by, attacker, target));
            }
            if let Some(t) = st.model_mut(target) {
                t.hit_since_activation = true;
            }
        }
        let Some(t) = st.model_mut(target) else {
            return;
        };
        t.wounds = r.wounds_left.min(t.wounds); // cmd.dmg.reduce-wounds
        if r.goes_down {
            t.down = true; // cmd.sr.zapper, cmd.sr.mindspin.disorientation
        }
        if r.activation_spent {
            t.activated = true; // cmd.gap.50
        }
        if r.destroyed || t.wounds == 0 {
            self.destroy(st, target, j);
        }
    }

    /// Removes a destroyed model (cmd.dmg.destroyed-at-zero); a Leader's loss costs every other
    /// model of its Squad 1 WILL for the battle (cmd.prep.leader-loss-will).
    pub(crate) fn destroy(&self, st: &mut State, id: ModelId, j: &mut Journal) {
        st.lift(id);
        let Some(m) = st.model_mut(id) else { return };
        m.presence = Presence::Destroyed;
        m.wounds = 0;
        m.engaged.clear();
        m.overwatch = None;
        m.down = false;
        let (owner, leader) = (m.owner, m.leader);
        for o in &mut st.models {
            o.engaged.retain(|e| *e != id);
        }
        if leader && !st.sides[owner.index()].leader_lost {
            st.sides[owner.index()].leader_lost = true;
            for o in &mut st.models {
                if o.owner == owner && o.id != id && o.alive() {
                    o.will_penalty = o.will_penalty.saturating_add(1);
                }
            }
            let side = mention(&st.sides[owner.index()].name).to_string();
            j.note("cmd.prep.leader-loss-will", EventKind::Effect, || {
                format!("{side}'s Leader is destroyed: every other model of the Squad has -1 WILL for the battle")
            });
        }
    }

    /// Marks two models in base contact as engaged with each other, and the attacker with every
    /// other enemy touching it (cmd.melee.engage-on-contact).
    fn engage(&self, st: &mut State, attacker: ModelId, target: ModelId, j: &mut Journal) {
        let mut pairs = vec![(attacker, target)];
        for e in movement::enemies_in_contact(st, attacker) {
            if e != target {
                pairs.push((attacker, e));
            }
        }
        for (a, b) in pairs {
            let (Some(am), Some(bm)) = (st.model(a), st.model(b)) else {
                continue;
            };
            // A model the attack destroyed is off the table: destruction ends contact, so it
            // engages nobody (cmd.melee.engage-on-contact, cmd.gap.25).
            if !am.on_table()
                || !bm.on_table()
                || !st.board.adjacent(am.cell, bm.cell)
                || am.engaged.contains(&b)
            {
                continue;
            }
            if let Some(m) = st.model_mut(a) {
                m.engaged.push(b);
            }
            if let Some(m) = st.model_mut(b) {
                m.engaged.push(a);
            }
            let (x, y) = (self.model_mention(st, a), self.model_mention(st, b));
            j.note("cmd.melee.engage-on-contact", EventKind::Effect, || {
                format!("{x} and {y} are engaged")
            });
        }
    }

    /// Drops engagements that no longer hold: a partner gone, out of contact, or now a friend.
    pub(crate) fn prune_engagements(&self, st: &mut State) {
        for i in 0..st.models.len() {
            let mut keep = st.models[i].engaged.clone();
            let me = &st.models[i];
            keep.retain(|e| {
                st.model(*e).is_some_and(|o| {
                    me.on_table()
                        && o.on_table()
                        && st.board.adjacent(me.cell, o.cell)
                        && st.enemies(me, o)
                })
            });
            st.models[i].engaged = keep;
        }
    }

    /// Removes terrain within `radius` Range of `at` (cmd.sr.high-explosive, cmd.gap.44).
    fn blast(&self, st: &mut State, at: Cell, radius: u32, j: &mut Journal) {
        for id in st.board.pieces_within(at, radius) {
            if Arc::make_mut(&mut st.board).destroy_piece(id) {
                let name = mention(&st.board.pieces()[id].name).to_string();
                j.note("cmd.sr.high-explosive", EventKind::Effect, || {
                    format!("the blast destroys the {name}")
                });
            }
        }
    }

    /// Lasso: the target moves in a straight line toward the firer until in base contact,
    /// stopped by anything it cannot cross; in contact, the two are engaged (cmd.sr.lasso,
    /// cmd.gap.51). The pull triggers no Overwatch and ignores the spacing rule.
    fn lasso(&self, st: &mut State, attacker: ModelId, target: ModelId, j: &mut Journal) {
        let (Some(a), Some(t)) = (st.model(attacker), st.model(target)) else {
            return;
        };
        if !t.on_table() || !a.on_table() {
            return;
        }
        let (to, from) = (a.cell, t.cell);
        let mut at = from;
        for _ in 0..200 {
            if st.board.adjacent(at, to) {
                break;
            }
            // One step toward the firer, the neighbour closest to it as the table measures
            // (cmd.move.default-inches: the cell nearest the straight line of the pull).
            let Some(next) = st
                .board
                .neighbours(at)
                .filter(|n| {
                    st.free(*n)
                        && st.board.terrain(*n) != Some(crate::board::TerrainKind::Impassable)
                        && st.board.standable(*n)
                })
                .min_by_key(|n| (st.board.centre_squared(*n, to), n.y, n.x))
            else {
                break;
            };
            if st.board.centre_squared(next, to) >= st.board.centre_squared(at, to) {
                break;
            }
            at = next;
        }
        if at != from {
            st.relocate(target, at);
            let n = self.model_mention(st, target);
            j.note("cmd.sr.lasso", EventKind::Move, || {
                format!("{n} is dragged from {from} to {at}")
            });
        }
        if st.board.adjacent(at, to) {
            self.engage(st, attacker, target, j);
        }
    }

    /// Carries out a Mindspin band (cmd.sr.mindspin.*, cmd.gap.42).
    fn mindspin(
        &self,
        st: &mut State,
        caster: ModelId,
        target: ModelId,
        effect: MindspinEffect,
        _rng: &mut GameRng,
        j: &mut Journal,
    ) {
        let Some(c) = st.model(caster).map(|m| (m.cell, m.controller())) else {
            return;
        };
        let name = self.model_mention(st, target);
        match effect {
            MindspinEffect::Panic => {
                // cmd.sr.mindspin.panic: it runs up to its MOBILITY straight away from the caster.
                let steps = u32::from(self.mobility(st, target));
                let partners = st
                    .model(target)
                    .map(|m| m.engaged.clone())
                    .unwrap_or_default();
                if let Some(to) = movement::flee_line(st, target, c.0, steps) {
                    st.relocate(target, to);
                    j.note("cmd.sr.mindspin.panic", EventKind::Move, || {
                        format!("{name} panics and runs to {to}")
                    });
                    if !partners.is_empty() {
                        self.flee(st, target, &partners, j);
                    }
                } else {
                    j.note("cmd.sr.mindspin.panic", EventKind::Move, || {
                        format!("{name} panics but has nowhere to run")
                    });
                }
            }
            MindspinEffect::Disorientation => {
                if let Some(t) = st.model_mut(target) {
                    t.down = true;
                }
            }
            MindspinEffect::MindControl => {
                let round = st.round;
                if let Some(t) = st.model_mut(target) {
                    t.control = Some(Control {
                        by: c.1,
                        caster,
                        until_round: round.saturating_add(1),
                    });
                    t.overwatch = None;
                }
                self.prune_engagements(st);
                j.note("cmd.sr.mindspin.mind-control", EventKind::Effect, || {
                    format!(
                        "{name} is Mind Controlled until the end of game round {}; its caster cannot act meanwhile",
                        round.saturating_add(1)
                    )
                });
            }
        }
    }

    /// The targeted player's scatter point: the blast lands there (cmd.sr.scatter, cmd.gap.43).
    fn scatter_to(&self, st: &mut State, at: Cell, rng: &mut GameRng, j: &mut Journal) {
        if st.windows.is_empty() {
            return;
        }
        let Window::Scatter { shot, .. } = st.windows.remove(0) else {
            return;
        };
        j.note("cmd.sr.scatter", EventKind::Effect, || {
            format!("the scatter point is placed at {at}")
        });
        if shot.blast {
            self.blast(st, at, u32::from(combat::BLAST_RADIUS), j);
        }
        let Some(under) = st.model_at(at) else { return };
        let Some(mut ctx) = self.context(
            st,
            shot.attacker,
            Some(shot.weapon),
            under,
            shot.kind,
            shot.moved,
        ) else {
            return;
        };
        ctx.target.in_contact = false;
        let r = combat::resolve_scatter_blast(&ctx, rng, j);
        self.apply_result(st, shot.attacker, under, &r, j);
    }

    /// An [Action] ability on an objective (cmd.act.special-action.one/two): a skill test on the
    /// stat tagged for it, −1 with one action; success completes its effect. Under the `down`
    /// option, or as the rulebook's "Down order", the model is left Down (cmd.gap.7).
    fn special(
        &self,
        st: &mut State,
        method: Method,
        k: u8,
        actions: u8,
        rng: &mut GameRng,
        j: &mut Journal,
    ) {
        let Some(a) = st.stack.last().copied() else {
            return;
        };
        Self::spend(st, actions);
        let Some(m) = st.model(a.model) else { return };
        let unit = self.catalog.unit(m.unit);
        let tag = match method {
            Method::Interact => StatTag::Interact,
            Method::Search => StatTag::Search,
            Method::Hack | Method::Reach => StatTag::ComputerUse,
        };
        let stat = unit
            .stat_for(tag)
            .or_else(|| (method == Method::Hack).then_some(crate::catalog::Stat::Hack));
        let base = stat.map_or(12, |s| unit.stats.get(s));
        let mut test = SkillTest::new(base);
        let clause = if actions == 1 {
            // cmd.act.special-action.one: −1 to the ability's test.
            test.modifiers.push(Modifier::new(
                "cmd.act.special-action.one",
                "one action",
                -1,
            ));
            "cmd.act.special-action.one"
        } else {
            "cmd.act.special-action.two"
        };
        let name = self.model_mention(st, a.model);
        let oname = st
            .objectives
            .get(usize::from(k))
            .map(|o| mention(&o.name).to_string())
            .unwrap_or_default();
        let r = skill::perform(
            rng,
            &test,
            clause,
            j,
            || format!("{name} uses {} on the {oname}", method.name()),
            Vec::new,
        );
        if st.options.special_action_order == SpecialOrder::Down {
            if let Some(mm) = st.model_mut(a.model) {
                mm.down = true;
            }
            j.note("cmd.gap.7", EventKind::Effect, || {
                format!("{name} is Down after its order")
            });
        }
        if r.success {
            self.complete(st, a.model, method, k, j);
        }
    }

    /// The method a seat may use on objective `k` now, if any.
    pub(crate) fn method_for(&self, st: &State, k: u8, seat: Seat) -> Option<Method> {
        let o = st.objectives.get(usize::from(k))?;
        if o.done {
            return None;
        }
        if let Victory::Gatecrasher { attacker } = st.victory
            && k == 0
        {
            // The attacker plants a charge; the defender can only remove one.
            return match (seat == attacker, o.planted) {
                (true, None) | (false, Some(_)) => Some(Method::Interact),
                _ => None,
            };
        }
        (o.method != Method::Reach).then_some(o.method)
    }

    fn complete(&self, st: &mut State, by: ModelId, method: Method, k: u8, j: &mut Journal) {
        let seat = st.model(by).map_or(Seat(0), Model::controller);
        let name = self.model_mention(st, by);
        let gatecrasher =
            matches!(st.victory, Victory::Gatecrasher { attacker } if attacker == seat);
        let Some(o) = st.objectives.get_mut(usize::from(k)) else {
            return;
        };
        let oname = mention(&o.name).to_string();
        let clause = match method {
            Method::Interact => "cmd.sr.interact",
            Method::Search => "cmd.sr.search",
            Method::Hack | Method::Reach => "cmd.sr.computer-use",
        };
        if matches!(st.victory, Victory::Gatecrasher { .. }) && k == 0 {
            if gatecrasher {
                o.planted = Some(by);
                j.note(clause, EventKind::Effect, || {
                    format!("{name} plants an X4 charge on the {oname}")
                });
            } else {
                o.planted = None;
                j.note(clause, EventKind::Effect, || {
                    format!("{name} removes the charge from the {oname}")
                });
            }
            return;
        }
        o.done = true;
        let marker = o.cells.len() == 1 && st.board.terrain(o.cells[0]).is_none();
        let cell = o.cells.first().copied();
        j.note(clause, EventKind::Effect, || {
            format!("{name} completes the {oname} with {}", method.name())
        });
        if marker && let Some(c) = cell {
            st.set_token(c, false);
        }
    }

    /// Gatecrasher: a charge planted by `id` goes off when it next activates unhurt; if it was
    /// hit meanwhile, the charge is lost.
    pub(crate) fn detonate_charge(
        &self,
        st: &mut State,
        id: ModelId,
        unhurt: bool,
        j: &mut Journal,
    ) {
        for o in &mut st.objectives {
            if o.planted != Some(id) {
                continue;
            }
            o.planted = None;
            let oname = mention(&o.name).to_string();
            if unhurt {
                o.done = true;
                j.note("cmd.sr.interact", EventKind::Effect, || {
                    format!("the charge on the {oname} goes off: it is destroyed")
                });
            } else {
                j.note("cmd.sr.interact", EventKind::Effect, || {
                    format!(
                        "the model that planted the charge on the {oname} was hit: the charge fails"
                    )
                });
            }
        }
    }

    /// The infiltrating player's answer at discovered markers (cmd.sr.infiltrator, cmd.gap.52).
    fn reveal(&self, st: &mut State, marker: Option<u8>, j: &mut Journal) {
        if st.windows.is_empty() {
            return;
        }
        let Window::Reveal { model, markers, .. } = st.windows.remove(0) else {
            return;
        };
        let name = self.model_mention(st, model);
        match marker {
            Some(k) => {
                let Some(cell) = st.markers.get(usize::from(k)).map(|m| m.cell) else {
                    return;
                };
                // Every marker of this model goes; the model stands where the chosen one was.
                for mk in st.markers.iter_mut().filter(|m| m.model == model) {
                    mk.discovered = true;
                }
                let cells: Vec<Cell> = st
                    .markers
                    .iter()
                    .filter(|m| m.model == model)
                    .map(|m| m.cell)
                    .collect();
                for c in cells {
                    st.set_token(c, false);
                }
                st.put(model, cell);
                if let Some(m) = st.model_mut(model) {
                    m.down = false;
                }
                j.note("cmd.sr.infiltrator", EventKind::Reveal, || {
                    format!("the civilian at {cell} was {name} all along")
                });
            }
            None => {
                for k in markers {
                    if let Some(c) = st.markers.get(usize::from(k)).map(|m| m.cell) {
                        st.set_token(c, false);
                    }
                }
                j.note("cmd.sr.infiltrator", EventKind::Reveal, || {
                    "the discovered civilians are only civilians; they leave the table".to_string()
                });
            }
        }
    }

    /// Everything that follows an action: engagements, discovered markers, pods, reached
    /// objectives, the end of the game, a finished activation and the next die.
    pub(crate) fn settle(&self, st: &mut State, rng: &mut GameRng, j: &mut Journal) {
        for _ in 0..64 {
            self.prune_engagements(st);
            self.discover(st);
            self.trigger_pods(st, rng, j);
            self.reach(st, j);
            self.check_end(st, j);
            if st.ending.is_some() {
                st.windows.clear();
                st.stack.clear();
                st.die = None;
                return;
            }
            if st.steps > MAX_STEPS {
                st.ending = Some(Ending {
                    winner: None,
                    reason: "the game ran past its step limit".into(),
                });
                return;
            }
            // Windows of models no longer on the table close.
            let open: Vec<bool> = st
                .windows
                .iter()
                .map(|w| match w {
                    Window::FreeAttack {
                        attacker, target, ..
                    } => {
                        st.model(*attacker).is_some_and(Model::on_table)
                            && st.model(*target).is_some_and(Model::on_table)
                    }
                    Window::Scatter { .. } | Window::Reveal { .. } => true,
                })
                .collect();
            let mut flags = open.into_iter();
            st.windows.retain(|_| flags.next().unwrap_or(true));
            if !st.windows.is_empty() {
                return;
            }
            if let Some(a) = st.stack.last().copied() {
                let gone = !st.model(a.model).is_some_and(Model::on_table)
                    || st.model(a.model).is_some_and(|m| m.controller() != a.seat);
                if gone || a.spent >= 2 {
                    self.end_activation(st, rng, j);
                    continue;
                }
                return;
            }
            if st.die.is_none() {
                self.draw_next(st, rng, j);
                continue;
            }
            return;
        }
    }

    /// Infiltrator markers an enemy now sees are discovered; their owner is asked whether the
    /// model appears there (cmd.sr.infiltrator, cmd.gap.52).
    fn discover(&self, st: &mut State) {
        for k in 0..st.markers.len() {
            let mk = st.markers[k];
            if mk.discovered
                || !st
                    .model(mk.model)
                    .is_some_and(|m| m.presence == Presence::Hidden)
            {
                continue;
            }
            let seen = st
                .on_table()
                .any(|m| m.controller() != mk.owner && st.board.los(m.cell, mk.cell));
            if !seen {
                continue;
            }
            st.markers[k].discovered = true;
            let left = st
                .markers
                .iter()
                .filter(|m| m.model == mk.model && !m.discovered)
                .count();
            let k8 = u8::try_from(k).unwrap_or(u8::MAX);
            let existing = st.windows.iter_mut().find_map(|w| match w {
                Window::Reveal {
                    model,
                    markers,
                    forced,
                    ..
                } if *model == mk.model => Some((markers, forced)),
                _ => None,
            });
            match existing {
                Some((markers, forced)) => {
                    markers.push(k8);
                    *forced = left == 0;
                }
                None => st.windows.push(Window::Reveal {
                    seat: mk.owner,
                    model: mk.model,
                    markers: vec![k8],
                    forced: left == 0,
                }),
            }
        }
    }

    /// Pods whose trigger is met appear (operation deployment).
    fn trigger_pods(&self, st: &mut State, rng: &mut GameRng, j: &mut Journal) {
        for p in 0..st.pods.len() {
            if st.pods[p].appeared {
                continue;
            }
            let Some(seat) = st.pods[p]
                .models
                .first()
                .and_then(|id| st.model(*id))
                .map(|m| m.owner)
            else {
                continue;
            };
            let anchor = match st.pods[p].trigger {
                Trigger::Near { cell, range } => {
                    let near = st.on_table().any(|m| {
                        m.owner != seat && st.board.range(m.cell, cell) <= u32::from(range)
                    });
                    if !near {
                        continue;
                    }
                    cell
                }
                Trigger::Sight { objective } => {
                    let Some(cell) = st
                        .objectives
                        .get(usize::from(objective))
                        .and_then(|o| o.cells.first().copied())
                    else {
                        continue;
                    };
                    let seen = st
                        .on_table()
                        .any(|m| m.owner != seat && st.board.los(m.cell, cell));
                    if !seen {
                        continue;
                    }
                    let r = roll(rng, Dice::nd6(2), None);
                    let d = r.total;
                    j.roll("cmd.gap.27", &r, || {
                        format!("a pod appears within {d} Range of the marker at {cell}")
                    });
                    // The pod gathers on the free cells nearest the spot the 2D6 picks: `d`
                    // Range from the marker, toward the table's centre.
                    self.pod_spot(st, cell, d)
                }
            };
            st.pods[p].appeared = true;
            let ids = st.pods[p].models.clone();
            for id in ids {
                if let Some(c) = self.nearest_free(st, anchor) {
                    st.put(id, c);
                    if let Some(m) = st.model_mut(id) {
                        m.activated = true;
                    }
                    let n = self.model_mention(st, id);
                    j.note("cmd.gap.27", EventKind::Setup, || {
                        format!("{n} appears at {c}")
                    });
                }
            }
        }
    }

    /// The cell up to `d` Range from `marker` (centre to centre, as the table measures) on the
    /// way to the table's centre.
    fn pod_spot(&self, st: &State, marker: Cell, d: u32) -> Cell {
        let b = &st.board;
        let centre = Cell::new(b.width() / 2, b.height() / 2);
        let mut at = marker;
        // Each step is one cell step further from the marker, so 2·d steps always suffice.
        for _ in 0..2 * d {
            match b
                .neighbours(at)
                .min_by_key(|n| (b.centre_squared(*n, centre), n.y, n.x))
            {
                Some(n)
                    if b.centre_squared(n, centre) < b.centre_squared(at, centre)
                        && b.centre_within(marker, n, d) =>
                {
                    at = n
                }
                _ => break,
            }
        }
        at
    }

    /// The free cell nearest `anchor` (table order among equals) where a model may be placed.
    fn nearest_free(&self, st: &State, anchor: Cell) -> Option<Cell> {
        let b = &st.board;
        let placeable = |c: Cell| {
            b.standable(c) && st.free(c) && b.neighbours(c).all(|n| st.model_at(n).is_none())
        };
        (0..b.cell_count())
            .map(|i| b.cell_at(i))
            .filter(|c| placeable(*c))
            .min_by_key(|c| (b.centre_squared(*c, anchor), c.y, c.x))
    }

    /// Objectives reached by standing beside them (the Outpost marker).
    fn reach(&self, st: &mut State, j: &mut Journal) {
        for k in 0..st.objectives.len() {
            let o = &st.objectives[k];
            if o.done || o.method != Method::Reach {
                continue;
            }
            let who = st.on_table().find(|m| {
                o.for_seat.is_none_or(|s| s == m.controller())
                    && o.cells.iter().any(|c| st.board.adjacent(m.cell, *c))
            });
            if let Some(m) = who.map(|m| m.id) {
                st.objectives[k].done = true;
                let (n, on) = (
                    self.model_mention(st, m),
                    mention(&st.objectives[k].name).to_string(),
                );
                j.note("cmd.gap.28", EventKind::Effect, || {
                    format!("{n} reaches the {on}")
                });
            }
        }
    }

    /// A model's worth in Supplies: its unit's base cost, weapons, attachments and vest
    /// (cmd.prep.points-supplies). Ranks are left out: the files price them at 0 or less, and
    /// a promoted model should not be worth less to destroy. The free Faction – ADVENT Trooper
    /// is worth what the same model would cost to buy (cmd.gap.27, cmd.gap.30).
    pub(crate) fn model_worth(&self, m: &Model) -> u32 {
        let c = &self.catalog;
        let weapons: u32 = m.weapons.iter().map(|w| u32::from(c.weapon(*w).cost)).sum();
        let items: u32 = m
            .attachments
            .iter()
            .map(|i| u32::from(c.item(*i).cost))
            .sum();
        let vest = m.vest.map_or(0, |v| u32::from(c.vest(v).cost));
        u32::from(c.unit(m.unit).base_cost) + weapons + items + vest
    }

    /// The Supplies' worth of `seat`'s models destroyed so far (the round-limit tiebreak,
    /// cmd.gap.27).
    pub fn supplies_lost(&self, st: &State, seat: Seat) -> u32 {
        st.models
            .iter()
            .filter(|m| m.owner == seat && m.presence == Presence::Destroyed)
            .map(|m| self.model_worth(m))
            .sum()
    }

    /// Ends the game when a side is wiped out or an operation's goal is met (cmd.gap.27).
    pub(crate) fn check_end(&self, st: &mut State, j: &mut Journal) {
        if st.ending.is_some() {
            return;
        }
        let alive = [st.alive_count(Seat(0)), st.alive_count(Seat(1))];
        let name = |s: usize| st.sides[s].name.clone();
        let ending = match st.victory {
            Victory::Gatecrasher { attacker } if st.objectives.first().is_some_and(|o| o.done) => {
                Some(Ending {
                    winner: Some(attacker),
                    reason: format!("{} destroyed the monument", name(attacker.index())),
                })
            }
            Victory::Clear { player } => {
                let enemy = State::opponent(player);
                if alive[player.index()] == 0 {
                    Some(Ending {
                        winner: Some(enemy),
                        reason: format!("{}'s Squad was destroyed", name(player.index())),
                    })
                } else if alive[enemy.index()] == 0 && st.objectives.iter().all(|o| o.done) {
                    Some(Ending {
                        winner: Some(player),
                        reason: format!(
                            "{} completed every objective and cleared the enemy",
                            name(player.index())
                        ),
                    })
                } else {
                    None
                }
            }
            _ => match alive {
                [0, 0] => Some(Ending {
                    winner: None,
                    reason: "both Squads were destroyed".into(),
                }),
                [0, _] => Some(Ending {
                    winner: Some(Seat(1)),
                    reason: format!("{} destroyed every enemy model", name(1)),
                }),
                [_, 0] => Some(Ending {
                    winner: Some(Seat(0)),
                    reason: format!("{} destroyed every enemy model", name(0)),
                }),
                _ => None,
            },
        };
        if let Some(e) = ending {
            let reason = e.reason.clone();
            j.note("cmd.gap.27", EventKind::End, || {
                format!("the game ends: {}", mention_sides(st, &reason))
            });
            st.ending = Some(e);
        }
    }

    /// The game reached its last round (cmd.gap.27).
    pub(crate) fn decide_at_limit(&self, st: &mut State, j: &mut Journal) {
        if st.ending.is_some() {
            return;
        }
        let limit = st.round_limit;
        let e = match st.victory {
            Victory::Gatecrasher { attacker } => {
                let d = State::opponent(attacker);
                Ending {
                    winner: Some(d),
                    reason: format!(
                        "the monument still stands after round {limit}: {} holds",
                        st.sides[d.index()].name
                    ),
                }
            }
            Victory::Clear { player } => {
                let e = State::opponent(player);
                Ending {
                    winner: Some(e),
                    reason: format!(
                        "{} did not complete the operation within {limit} rounds",
                        st.sides[player.index()].name
                    ),
                }
            }
            Victory::Annihilation => {
                // cmd.gap.27: the Squad that destroyed more of the enemy's Supplies wins, i.e.
                // the one that lost less; models still standing do not count, so an extra free
                // model adds nothing by merely surviving. Equal losses are a draw.
                let lost = [
                    self.supplies_lost(st, Seat(0)),
                    self.supplies_lost(st, Seat(1)),
                ];
                let winner = match lost[0].cmp(&lost[1]) {
                    std::cmp::Ordering::Less => Some(Seat(0)),
                    std::cmp::Ordering::Greater => Some(Seat(1)),
                    std::cmp::Ordering::Equal => None,
                };
                Ending {
                    winner,
                    reason: format!(
                        "round {limit} is over: {} lost {} spl of models, {} lost {} spl",
                        st.sides[0].name, lost[0], st.sides[1].name, lost[1]
                    ),
                }
            }
        };
        let reason = e.reason.clone();
        j.note("cmd.gap.27", EventKind::End, || {
            format!("the game ends: {}", mention_sides(st, &reason))
        });
        st.ending = Some(e);
    }

    /// Builds the opening state. Everything comes from the scenario and options alone, so a
    /// Battle carries nothing over from any earlier game (cmd.battle.no-persistence).
    pub fn setup_state(
        &self,
        def: &ScenarioDef,
        options: &Options,
        rng: &mut GameRng,
        j: &mut Journal,
    ) -> Result<State, SetupError> {
        let mut problems = Vec::new();
        if let Err(e) = options.validate() {
            problems.push(e);
        }
        let mut plan = match def.plan(&self.catalog, options.grid, options.table) {
            Ok(p) => p,
            Err(mut e) => {
                problems.append(&mut e);
                return Err(SetupError { problems });
            }
        };
        if !problems.is_empty() {
            return Err(SetupError { problems });
        }
        // cmd.move.default-inches, cmd.gap.20: the table measures as the options say.
        plan.board.set_measure(options.measure);
        let cells = plan.board.cell_count();
        let sides = [0, 1].map(|i| Side {
            name: plan.sides[i].0.clone(),
            faction: plan.sides[i].1,
            ai: options.ai(Seat(i as u8)),
            leader_lost: false,
            points: plan.squads[i].1,
        });
        let round_limit = if options.round_limit > 0 {
            u16::from(options.round_limit)
        } else {
            plan.round_limit
        };
        let mut st = State {
            board: Arc::new(plan.board.clone()),
            models: Vec::new(),
            occupancy: vec![0; cells],
            sides,
            round: 0,
            round_limit,
            bag: Default::default(),
            die: None,
            stack: Vec::new(),
            windows: Vec::new(),
            objectives: Vec::new(),
            markers: Vec::new(),
            pods: Vec::new(),
            hits_this_round: Vec::new(),
            victory: plan.victory,
            ending: None,
            options: options.clone(),
            steps: 0,
        };
        j.set_context(0, None);
        // Objectives first: their markers take cells before anyone deploys.
        for o in &plan.objectives {
            st.objectives.push(Objective {
                name: o.name.clone(),
                method: o.method,
                cells: o.cells.clone(),
                for_seat: o.for_side.map(Seat),
                done: false,
                planted: None,
            });
        }
        self.place_random_markers(&mut st, &plan, rng, j);
        for o in &st.objectives.clone() {
            if o.cells.len() == 1 && st.board.terrain(o.cells[0]).is_none() {
                st.set_token(o.cells[0], true);
            }
        }
        // Squads.
        for (side, (deploy, _)) in plan.squads.iter().enumerate() {
            let seat = Seat(side as u8);
            for d in deploy {
                let unit = self.catalog.unit(d.pick.unit);
                let already = st
                    .models
                    .iter()
                    .filter(|m| m.owner == seat && m.unit == d.pick.unit)
                    .count() as u8;
                for n in 0..d.pick.models {
                    let id = ModelId(st.models.len() as u8);
                    st.models.push(Model {
                        id,
                        owner: seat,
                        unit: d.pick.unit,
                        number: already + n + 1,
                        weapons: d.pick.weapons().collect(),
                        attachments: d.pick.attachments.clone(),
                        vest: d.pick.vest,
                        rank: d.pick.rank,
                        wounds: unit.stats.health,
                        max_wounds: unit.stats.health,
                        cell: Cell::default(),
                        presence: if unit.has(UnitRule::Infiltrator) {
                            Presence::Hidden
                        } else {
                            Presence::Reserve
                        },
                        activated: false,
                        down: false,
                        overwatch: None,
                        engaged: Vec::new(),
                        leader: d.leader && n == 0,
                        will_penalty: 0,
                        control: None,
                        hit_since_activation: false,
                        free_trooper: d.free,
                        presence_used: false,
                    });
                }
            }
        }
        // Pods wait off the table.
        for pod in &plan.pods {
            let seat = Seat(pod.side);
            let mut ids = Vec::new();
            for pick in &pod.units {
                let unit = self.catalog.unit(pick.unit);
                for _ in 0..pick.models {
                    let id = ModelId(st.models.len() as u8);
                    let number = st
                        .models
                        .iter()
                        .filter(|m| m.owner == seat && m.unit == pick.unit)
                        .count() as u8
                        + 1;
                    st.models.push(Model {
                        id,
                        owner: seat,
                        unit: pick.unit,
                        number,
                        weapons: pick.weapons().collect(),
                        attachments: Vec::new(),
                        vest: None,
                        rank: pick.rank,
                        wounds: unit.stats.health,
                        max_wounds: unit.stats.health,
                        cell: Cell::default(),
                        presence: Presence::Reserve,
                        activated: false,
                        down: false,
                        overwatch: None,
                        engaged: Vec::new(),
                        leader: false,
                        will_penalty: 0,
                        control: None,
                        hit_since_activation: false,
                        free_trooper: false,
                        presence_used: false,
                    });
                    ids.push(id);
                }
            }
            st.pods.push(Pod {
                models: ids,
                trigger: pod.trigger,
                appeared: false,
            });
        }
        // Deploy each Squad in its zone, one empty cell between models.
        let pod_models: Vec<ModelId> = st.pods.iter().flat_map(|p| p.models.clone()).collect();
        for side in 0..2 {
            let zone = plan.sides[side].2;
            let ids: Vec<ModelId> = st
                .models
                .iter()
                .filter(|m| {
                    m.owner == Seat(side as u8)
                        && m.presence == Presence::Reserve
                        && !pod_models.contains(&m.id)
                })
                .map(|m| m.id)
                .collect();
            for id in ids {
                match self.zone_cell(&st, zone) {
                    Some(c) => st.put(id, c),
                    None => {
                        problems.push(format!(
                            "side {side}'s deployment zone has no room for {}",
                            self.model_name(&st, id)
                        ));
                        return Err(SetupError { problems });
                    }
                }
            }
        }
        self.place_infiltrators(&mut st, rng, j);
        for (i, s) in st.sides.iter().enumerate() {
            let (name, pts, n) = (
                mention(&s.name).to_string(),
                s.points,
                st.models
                    .iter()
                    .filter(|m| m.owner == Seat(i as u8))
                    .count(),
            );
            // cmd.gap.58: Squads need not cost the same; a built Squad spends up to the agreed
            // limit, while an operation's preset Squad and AI pods are priced but not limited.
            let built = def.sides.get(i).is_some_and(|d| d.squad.is_some());
            let limit = def.points;
            j.note("cmd.gap.58", EventKind::Setup, || {
                if built {
                    format!(
                        "{name} fields {n} models for {pts} spl, within the {limit} spl each \
                         Squad may spend (the totals need not be equal)"
                    )
                } else if pts > 0 {
                    format!(
                        "{name} fields the operation's preset Squad, {n} models priced at \
                         {pts} spl (not held to the {limit} spl limit)"
                    )
                } else {
                    format!("{name} fields {n} models in AI pods (no Squad to price)")
                }
            });
        }
        self.start_round(&mut st, j);
        self.draw_next(&mut st, rng, j);
        self.settle(&mut st, rng, j);
        Ok(st)
    }

    /// The first free cell of a zone, row by row, keeping one empty cell to every model.
    fn zone_cell(&self, st: &State, zone: (u8, u8, u8, u8)) -> Option<Cell> {
        let (x, y, w, h) = zone;
        for dy in 0..h {
            for dx in 0..w {
                let c = Cell::new(x.saturating_add(dx), y.saturating_add(dy));
                if st.board.standable(c)
                    && st.free(c)
                    && st.board.neighbours(c).all(|n| st.model_at(n).is_none())
                {
                    return Some(c);
                }
            }
        }
        None
    }

    /// Operation markers placed at random, each at least the spacing from the others and from
    /// the table's centre (SE1.2), drawn on the setup stream and journaled.
    fn place_random_markers(
        &self,
        st: &mut State,
        plan: &crate::scenario::Plan,
        rng: &mut GameRng,
        j: &mut Journal,
    ) {
        let b = st.board.clone();
        let centre = Cell::new(b.width() / 2, b.height() / 2);
        for k in 0..st.objectives.len() {
            if !st.objectives[k].cells.is_empty() {
                continue;
            }
            let spacing = u32::from(plan.marker_spacing);
            let taken: Vec<Cell> = st.objectives.iter().flat_map(|o| o.cells.clone()).collect();
            let mut spacing_now = spacing;
            let candidates = loop {
                let c: Vec<Cell> = (0..b.cell_count())
                    .map(|i| b.cell_at(i))
                    .filter(|c| b.standable(*c))
                    .filter(|c| b.distance(*c, centre).at_least(spacing_now))
                    .filter(|c| {
                        taken
                            .iter()
                            .all(|t| b.distance(*c, *t).at_least(spacing_now))
                    })
                    .collect();
                if !c.is_empty() || spacing_now == 0 {
                    break c;
                }
                spacing_now /= 2;
            };
            if candidates.is_empty() {
                continue;
            }
            let n = candidates.len() as u32;
            let pick = candidates[rng.below(Stream::Setup, n) as usize];
            st.objectives[k].cells = vec![pick];
            let name = mention(&st.objectives[k].name).to_string();
            j.note("cmd.gap.28", EventKind::Setup, || {
                format!("the {name} is placed at random at {pick} (1 of {n} cells)")
            });
        }
    }

    /// Three civilian markers per hidden Infiltrator, at random cells no enemy model can see,
    /// at least 1 Range from every model and marker (cmd.sr.infiltrator, cmd.gap.52).
    fn place_infiltrators(&self, st: &mut State, rng: &mut GameRng, j: &mut Journal) {
        let hidden: Vec<(ModelId, Seat)> = st
            .models
            .iter()
            .filter(|m| m.presence == Presence::Hidden)
            .map(|m| (m.id, m.owner))
            .collect();
        for (id, owner) in hidden {
            for _ in 0..MARKERS_PER_INFILTRATOR {
                let b = &st.board;
                let candidates: Vec<Cell> = (0..b.cell_count())
                    .map(|i| b.cell_at(i))
                    .filter(|c| b.standable(*c) && st.free(*c))
                    .filter(|c| b.neighbours(*c).all(|n| st.free(n)))
                    .filter(|c| {
                        st.on_table()
                            .all(|m| m.owner == owner || !b.los(m.cell, *c))
                    })
                    .collect();
                if candidates.is_empty() {
                    break;
                }
                let n = candidates.len() as u32;
                let c = candidates[rng.below(Stream::Setup, n) as usize];
                st.markers.push(Marker {
                    cell: c,
                    owner,
                    model: id,
                    discovered: false,
                });
                st.set_token(c, true);
                j.note("cmd.sr.infiltrator", EventKind::Setup, || {
                    format!("a civilian marker is placed at {c} (1 of {n} hidden cells)")
                });
            }
            if !st.markers.iter().any(|m| m.model == id) {
                // Nowhere to hide: the model deploys as usual.
                if let Some(m) = st.model_mut(id) {
                    m.presence = Presence::Reserve;
                }
                let zone_seat = owner.index();
                let c = (0..st.board.cell_count())
                    .map(|i| st.board.cell_at(i))
                    .find(|c| {
                        st.board.standable(*c)
                            && st.free(*c)
                            && st.board.neighbours(*c).all(|n| st.model_at(n).is_none())
                            && st.on_table().any(|m| m.owner.index() == zone_seat)
                    });
                if let Some(c) = c {
                    st.put(id, c);
                }
            }
        }
    }

    /// How good the state is for `seat`: Wounds left weighted by unit cost, plus objectives.
    pub(crate) fn value(&self, st: &State, seat: Seat) -> i32 {
        if let Some(e) = &st.ending {
            return match e.winner {
                Some(w) if w == seat => 1000,
                Some(_) => -1000,
                None => 0,
            };
        }
        let worth = |s: Seat| -> i64 {
            st.models
                .iter()
                .filter(|m| m.owner == s && m.alive())
                .map(|m| {
                    let cost = i64::from(self.catalog.unit(m.unit).base_cost);
                    cost * i64::from(m.wounds) / i64::from(m.max_wounds.max(1))
                })
                .sum()
        };
        let (me, them) = (worth(seat), worth(State::opponent(seat)));
        let total = (me + them).max(1);
        let objectives = st.objectives.iter().filter(|o| o.done).count() as i64 * 50;
        let v = (me - them) * 900 / total + objectives;
        v.clamp(-999, 999) as i32
    }
}

impl TableOptions for Options {
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        Options::set(self, key, value)
    }
}

impl Ruleset for Commander {
    const ID: &'static str = "commander";
    type Scenario = ScenarioDef;
    type Options = Options;
    type State = State;
    type Action = Action;
    type Observation = crate::observe::Observation;

    fn data_hash(&self) -> u64 {
        self.catalog.data_hash()
    }

    fn scenarios(&self) -> &[ScenarioInfo] {
        builtin_scenarios()
    }

    fn setup(
        &self,
        scenario: &ScenarioDef,
        options: &Options,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> Result<State, SetupError> {
        self.setup_state(scenario, options, rng, journal)
    }

    fn to_act(&self, state: &State) -> Decision {
        if let Some(e) = &state.ending {
            return Decision::Over(Outcome {
                winners: e.winner.map_or(SeatSet::NONE, SeatSet::only),
                reason: e.reason.clone(),
            });
        }
        match self.decider(state) {
            Some(s) => Decision::Act(s),
            // Settling always leaves a decider or an ending; this is only a formal fallback.
            None => Decision::Over(Outcome {
                winners: SeatSet::NONE,
                reason: "no one is left to act".into(),
            }),
        }
    }

    fn legal_actions(&self, state: &State, seat: Seat, out: &mut Vec<Action>) {
        self.list(state, seat, out);
    }

    fn apply(
        &self,
        state: &mut State,
        seat: Seat,
        action: &Action,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> Result<(), IllegalAction> {
        if seat.0 > 1 {
            return Err(IllegalAction::new(format!("Commander has no {seat}")));
        }
        if state.ending.is_some() || self.decider(state) != Some(seat) {
            return Err(IllegalAction::new(format!("it is not {seat}'s decision")));
        }
        let ai = state.sides[seat.index()].ai.is_some();
        match (action, ai) {
            (Action::AiActivate, true) => {
                // A dry run first, so a refused AI step leaves state, dice and journal untouched.
                let (mut work, mut r) = (state.clone(), rng.clone());
                ai_mode::activate(self, &mut work, seat, &mut r, &mut Journal::off())?;
                ai_mode::activate(self, state, seat, rng, journal)?;
                self.settle(state, rng, journal);
                Ok(())
            }
            (Action::AiActivate, false) => Err(IllegalAction::new(format!(
                "{seat} is not played by AI mode"
            ))),
            (_, true) => Err(IllegalAction::new(format!(
                "{seat} is played by AI mode: its only choice is to let the AI act"
            ))),
            (_, false) => self.perform(state, seat, action, rng, journal),
        }
    }

    fn observe(&self, state: &State, seat: Seat) -> crate::observe::Observation {
        self.observation(state, seat)
    }

    fn determinize(&self, observation: &crate::observe::Observation, _rng: &mut GameRng) -> State {
        self.determinized(observation)
    }

    fn evaluate(&self, state: &State, seat: Seat) -> i32 {
        self.value(state, seat)
    }

    fn describe(&self, state: &State, action: &Action) -> String {
        self.describe_action(state, action)
    }

    fn check_data(&self, bytes: &[u8], origin: &str) -> DataCheck {
        Catalog::check_file(bytes, origin)
    }

    fn rules_summary(&self) -> &'static str {
        RULES_PAGE
    }

    fn clause_summary(&self, clause: &str) -> Option<&str> {
        self.summaries.get(clause)
    }

    fn state_lines(&self, state: &State) -> Vec<String> {
        self.lines(state, None)
    }

    fn observation_lines(&self, observation: &crate::observe::Observation) -> Vec<String> {
        self.lines(&observation.state, Some(observation.seat))
    }
}

/// `text` with the sides' names in it mentioned ([`mention`]), for a text the state keeps as
/// words too (an ending's reason): the journal then holds those names once. It reads the same;
/// one left-to-right pass, longest name first, so mentions never nest.
fn mention_sides(st: &State, text: &str) -> String {
    let mut names: Vec<&str> = st
        .sides
        .iter()
        .map(|s| s.name.as_str())
        .filter(|n| !n.is_empty())
        .collect();
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    let mut out = String::with_capacity(text.len() + 8);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some(name) = names.iter().find(|n| rest.starts_with(**n as &str)) {
            out.push_str(&mention(name).to_string());
            rest = &rest[name.len()..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}
