//! Turning an AI card entry into concrete steps: which cells to run to, which weapon to fire at
//! whom, whether to overwatch, flee or work an Objective. Pure: the table is seen through the
//! [`Field`] trait (the engine implements it over the game state; tests over small fakes), and
//! the models through plain views.
//!
//! What each letter does is our reading of the card legend (cmd.gap.36, cmd.gap.37):
//! - `A` (cmd.ai.action.a): take the card's targets in priority order; for the first one it can
//!   hit this activation, attack with 2 actions from where it stands, or — unless it ignores
//!   cover — first step 1 action into cover from which it can still hit, then attack with 1;
//!   if it must move to hit, run 1 action and attack with 1. With no target in reach it runs
//!   its full 2-action allowance toward the first target.
//! - `D` (cmd.ai.action.d): pick a friend to protect — one that is wounded or engaged, ranked by
//!   the card's priorities, else the Leader, else the friend the priorities pick; attack an
//!   enemy engaged with it if it can; otherwise move beside it on the side of the nearest
//!   enemy and overwatch with the action left. With no enemy on the table there is nothing to
//!   protect it from, and `D` cannot be carried out.
//! - `F` (cmd.ai.action.f): run 2 actions away from the first target among the enemies that can
//!   see it (all enemies if none can), as far as it can get.
//! - `M` (cmd.ai.action.m): run 2 actions toward the first target (with no enemy on the table,
//!   toward where the enemy is expected: a pod's spot).
//! - `O` (cmd.ai.action.o): go for the nearest Objective it may complete (a Weak Minded model
//!   only searchable ones) and work it when beside it; with no Objective it moves as `M`.
//! - `*` (cmd.ai.flag.remain-engaged): an engaged model stays and fights. Without it an engaged
//!   model flees on `F` and `M` and fights on `A`, `D` and `O`.
//! - `!` (cmd.ai.flag.ignore-cover): movement disregards cover; without it, of the cells that
//!   serve the move nearly as well (within [`COVER_SLACK`] Range), one in cover is preferred.
//! - When the rolled letter cannot be carried out, the letters are tried in the action table's
//!   order A, D, F, M, O (cmd.ai.priority-order); with nothing possible the model hunkers down.

use super::target::{Candidate, explain, pick, ranked};
use crate::catalog::{AiAction, AiEntry, Preference, Priority};
use squadsight_core::journal::mention;
use std::fmt::Debug;

/// How much worse (in Range) a cell in cover may be than the best cell and still be preferred,
/// when the move does not ignore cover.
pub const COVER_SLACK: u32 = 2;

/// The table as the AI planner sees it, from the acting model's point of view.
pub trait Field {
    /// A place a model can stand.
    type Cell: Copy + Eq + Ord + Debug;
    /// Where the acting model stands.
    fn here(&self) -> Self::Cell;
    /// Where a model stands, if it is on the table.
    fn cell_of(&self, model: u8) -> Option<Self::Cell>;
    /// Range between two cells, base to base.
    fn distance(&self, a: Self::Cell, b: Self::Cell) -> u32;
    /// Cells where the acting model may end a Run of `actions` (1 or 2) actions, its own cell
    /// excluded, appended to `out`.
    fn run_cells(&self, actions: u8, out: &mut Vec<Self::Cell>);
    /// Whether a model at `at` is in cover from an attacker at `from`.
    fn in_cover(&self, at: Self::Cell, from: Self::Cell) -> bool;
    /// Whether a model at `from` can see `to`.
    fn sees(&self, from: Self::Cell, to: Self::Cell) -> bool;
    /// Whether the acting model, standing at `from` (having moved this activation if `moved`),
    /// may attack model `target` with its weapon number `weapon`.
    fn can_attack(&self, from: Self::Cell, moved: bool, weapon: usize, target: u8) -> bool;
    /// Whether the acting model at `from` is close enough to work Objective `objective`.
    fn can_work(&self, from: Self::Cell, objective: u8) -> bool;
    /// Where Objective `objective` is.
    fn objective_cell(&self, objective: u8) -> Option<Self::Cell>;
    /// Where the enemy is expected when none of its models is on the table (a pod's spot, a
    /// marker that brings one on), if anywhere.
    fn rally(&self) -> Option<Self::Cell>;
}

/// A weapon of the acting model, as the planner needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WeaponView {
    /// It sits in the Secondary slot.
    pub secondary: bool,
    /// It casts [Mindspin].
    pub mindspin: bool,
    /// It carries weapon special rules.
    pub special: bool,
}

/// Another model, as the planner needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelView {
    /// Its name, for the journal.
    pub name: String,
    /// Number, distance, wounds and worth, for the priorities.
    pub candidate: Candidate,
    /// It is its Squad's Leader.
    pub leader: bool,
    /// The models it is engaged with.
    pub engaged_with: Vec<u8>,
}

/// An Objective on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectiveView {
    /// Its name, for the journal.
    pub name: String,
    /// Its number.
    pub id: u8,
    /// Completed with [Search] (a Weak Minded model may only complete these).
    pub searchable: bool,
}

/// Everything the planner knows about the acting model and the others.
#[derive(Clone, Debug)]
pub struct Situation<'a> {
    /// The acting model's number.
    pub actor: u8,
    /// Its weapons, in card order (primary first).
    pub weapons: &'a [WeaponView],
    /// The enemy models it is engaged with.
    pub engaged_with: &'a [u8],
    /// Enemy models on the table.
    pub enemies: &'a [ModelView],
    /// Friendly models on the table, the actor excluded.
    pub friends: &'a [ModelView],
    /// Objectives still open.
    pub objectives: &'a [ObjectiveView],
    /// It is Weak Minded (cmd.sr.weak-minded).
    pub weak_minded: bool,
}

/// One thing the AI model does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<C> {
    /// Run to a cell with 1 or 2 actions.
    Run {
        /// Where to.
        to: C,
        /// Actions spent.
        actions: u8,
    },
    /// Flee an engagement to a cell (always the 2-action form, cmd.melee.engaged-counts-two).
    Flee {
        /// Where to.
        to: C,
    },
    /// Attack a model with a weapon.
    Attack {
        /// The weapon's number among the model's weapons.
        weapon: usize,
        /// The target model.
        target: u8,
        /// Actions spent.
        actions: u8,
    },
    /// Go on Overwatch (1 action).
    Overwatch,
    /// Hunker Down (2 actions).
    HunkerDown,
    /// Work an Objective ([Interact], [Search] or [Computer Use]).
    Objective {
        /// The Objective.
        id: u8,
        /// Actions spent.
        actions: u8,
    },
}

/// What the AI model will do and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan<C> {
    /// The letter carried out (the rolled one, or the fallback taken).
    pub action: AiAction,
    /// The steps, in order.
    pub steps: Vec<Step<C>>,
    /// Why, in a sentence.
    pub why: String,
}

/// The table's order of AI actions, used for fallbacks (cmd.ai.priority-order).
pub const ACTION_ORDER: [AiAction; 5] = [
    AiAction::A,
    AiAction::D,
    AiAction::F,
    AiAction::M,
    AiAction::O,
];

/// Plans one AI activation for the card entry `entry`, the card's `priorities` and preference
/// line (cmd.ai.action.*, cmd.ai.flag.*, cmd.ai.priority-order).
pub fn plan<F: Field>(
    field: &F,
    s: &Situation<'_>,
    entry: AiEntry,
    priorities: &[Priority],
    preference: Option<Preference>,
) -> Plan<F::Cell> {
    // "Will never take cover." reads as a permanent `!` (cmd.ai.flag.ignore-cover).
    let ignore_cover = entry.ignore_cover || preference == Some(Preference::NeverTakeCover);
    let p = Planner {
        field,
        s,
        priorities,
        preference,
        ignore_cover,
    };
    if !s.engaged_with.is_empty() {
        return p.engaged(entry);
    }
    let mut tried = vec![entry.action];
    // cmd.gap.36: O with no Objective moves as M.
    if entry.action == AiAction::O {
        tried.push(AiAction::M);
    }
    for a in ACTION_ORDER {
        if !tried.contains(&a) {
            tried.push(a);
        }
    }
    for (n, action) in tried.iter().enumerate() {
        if let Some(mut plan) = p.letter(*action) {
            if n > 0 {
                plan.why = format!(
                    "{} cannot be carried out, so {}: {}",
                    entry.action.letter(),
                    action.letter(),
                    plan.why
                );
            }
            return plan;
        }
    }
    Plan {
        action: entry.action,
        steps: vec![Step::HunkerDown],
        why: "nothing on its card can be carried out, so it hunkers down".into(),
    }
}

struct Planner<'a, 'b, F: Field> {
    field: &'a F,
    s: &'a Situation<'b>,
    priorities: &'a [Priority],
    preference: Option<Preference>,
    ignore_cover: bool,
}

impl<F: Field> Planner<'_, '_, F> {
    /// A model's name for the journal.
    fn name(&self, id: u8) -> &str {
        self.s
            .enemies
            .iter()
            .chain(self.s.friends)
            .find(|m| m.candidate.id == id)
            .map_or("a model", |m| m.name.as_str())
    }

    fn letter(&self, action: AiAction) -> Option<Plan<F::Cell>> {
        match action {
            AiAction::A => self.attack(),
            AiAction::D => self.defend(),
            AiAction::F => self.fall_back(),
            AiAction::M => self.advance(),
            AiAction::O => self.objective(),
        }
    }

    fn candidates(models: &[ModelView]) -> Vec<Candidate> {
        models.iter().map(|m| m.candidate).collect()
    }

    /// The weapons in the order the card's preference line asks for.
    fn weapon_order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.s.weapons.len()).collect();
        let first = |w: &WeaponView| match self.preference {
            Some(Preference::SecondaryWeapon) => w.secondary,
            Some(Preference::Mindspin) => w.mindspin,
            Some(Preference::SpecialRules) => w.special,
            _ => false,
        };
        order.sort_by_key(|i| !first(&self.s.weapons[*i]));
        order
    }

    fn run_cells(&self, actions: u8) -> Vec<F::Cell> {
        let mut cells = Vec::new();
        self.field.run_cells(actions, &mut cells);
        cells
    }

    /// The best cell by `score` (lower is better); unless cover is ignored, a cell in cover
    /// from `threat` within [`COVER_SLACK`] of the best score wins. Ties go to the lower cell.
    fn choose(
        &self,
        cells: &[F::Cell],
        threat: Option<F::Cell>,
        score: impl Fn(F::Cell) -> i64,
    ) -> Option<F::Cell> {
        let best = cells.iter().map(|c| score(*c)).min()?;
        let slack = if self.ignore_cover {
            0
        } else {
            i64::from(COVER_SLACK)
        };
        let covered =
            |c: F::Cell| !self.ignore_cover && threat.is_some_and(|t| self.field.in_cover(c, t));
        cells
            .iter()
            .copied()
            .filter(|c| score(*c) <= best + slack)
            .min_by_key(|c| (!covered(*c), score(*c), *c))
    }

    fn dist(&self, a: F::Cell, b: F::Cell) -> i64 {
        i64::from(self.field.distance(a, b))
    }

    /// `A`: attack the first target in priority order that can be hit this activation.
    fn attack(&self) -> Option<Plan<F::Cell>> {
        let cands = Self::candidates(self.s.enemies);
        if cands.is_empty() {
            return None;
        }
        let order = ranked(&cands, self.priorities);
        let weapons = self.weapon_order();
        let here = self.field.here();
        let one = self.run_cells(1);
        for &i in &order {
            let target = cands[i].id;
            let Some(tcell) = self.field.cell_of(target) else {
                continue;
            };
            let why_target = self.why_target(&cands, &order, i);
            for &w in &weapons {
                if self.field.can_attack(here, false, w, target) {
                    if !self.ignore_cover && !self.field.in_cover(here, tcell) {
                        let cover: Vec<F::Cell> = one
                            .iter()
                            .copied()
                            .filter(|c| {
                                self.field.in_cover(*c, tcell)
                                    && self.field.can_attack(*c, true, w, target)
                            })
                            .collect();
                        if let Some(to) = cover
                            .iter()
                            .copied()
                            .min_by_key(|c| (self.dist(here, *c), *c))
                        {
                            return Some(Plan {
                                action: AiAction::A,
                                steps: vec![
                                    Step::Run { to, actions: 1 },
                                    Step::Attack {
                                        weapon: w,
                                        target,
                                        actions: 1,
                                    },
                                ],
                                why: format!(
                                    "target {}: {why_target}; steps into cover first, then attacks",
                                    self.name(target)
                                ),
                            });
                        }
                    }
                    return Some(Plan {
                        action: AiAction::A,
                        steps: vec![Step::Attack {
                            weapon: w,
                            target,
                            actions: 2,
                        }],
                        why: format!(
                            "target {}: {why_target}; attacks from where it stands",
                            self.name(target)
                        ),
                    });
                }
            }
            for &w in &weapons {
                let spots: Vec<F::Cell> = one
                    .iter()
                    .copied()
                    .filter(|c| self.field.can_attack(*c, true, w, target))
                    .collect();
                if let Some(to) = self.choose(&spots, Some(tcell), |c| self.dist(here, c)) {
                    return Some(Plan {
                        action: AiAction::A,
                        steps: vec![
                            Step::Run { to, actions: 1 },
                            Step::Attack {
                                weapon: w,
                                target,
                                actions: 1,
                            },
                        ],
                        why: format!(
                            "target {}: {why_target}; moves into reach and attacks",
                            self.name(target)
                        ),
                    });
                }
            }
        }
        // Nothing in reach: close in on the first target.
        let first = cands[*order.first()?].id;
        let tcell = self.field.cell_of(first)?;
        let to = self.choose(&self.run_cells(2), Some(tcell), |c| self.dist(c, tcell))?;
        Some(Plan {
            action: AiAction::A,
            steps: vec![Step::Run { to, actions: 2 }],
            why: format!(
                "no target in reach this activation; closes in on {}: {}",
                self.name(first),
                self.why_target(&cands, &order, order[0])
            ),
        })
    }

    fn why_target(&self, cands: &[Candidate], order: &[usize], i: usize) -> String {
        if order.first() == Some(&i) {
            pick(cands, self.priorities).map_or_else(String::new, |p| explain(cands, p))
        } else {
            "the better-ranked targets are out of reach".into()
        }
    }

    /// `D`: protect a friend.
    fn defend(&self) -> Option<Plan<F::Cell>> {
        let friends = self.s.friends;
        // With no enemy on the table there is nothing to protect a friend from.
        if friends.is_empty() || self.s.enemies.is_empty() {
            return None;
        }
        let needy: Vec<&ModelView> = friends
            .iter()
            .filter(|f| f.candidate.wounds < f.candidate.max_wounds || !f.engaged_with.is_empty())
            .collect();
        let (friend, reason) = if !needy.is_empty() {
            let cands: Vec<Candidate> = needy.iter().map(|f| f.candidate).collect();
            let p = pick(&cands, self.priorities)?;
            (
                needy[p.index],
                format!("needs help ({})", explain(&cands, p)),
            )
        } else if let Some(leader) = friends.iter().find(|f| f.leader) {
            (leader, "its Leader".to_string())
        } else {
            let cands = Self::candidates(friends);
            let p = pick(&cands, self.priorities)?;
            (&friends[p.index], explain(&cands, p))
        };
        let fid = friend.candidate.id;
        let fname = friend.name.as_str();
        let fcell = self.field.cell_of(fid)?;
        let here = self.field.here();
        // An enemy engaged with the friend is attacked if the model can reach it.
        for &enemy in &friend.engaged_with {
            for w in self.weapon_order() {
                if self.field.can_attack(here, false, w, enemy) {
                    return Some(Plan {
                        action: AiAction::D,
                        steps: vec![Step::Attack {
                            weapon: w,
                            target: enemy,
                            actions: 2,
                        }],
                        why: format!(
                            "protects {fname} ({reason}) by attacking {}, engaged with it",
                            self.name(enemy)
                        ),
                    });
                }
                let spots: Vec<F::Cell> = self
                    .run_cells(1)
                    .into_iter()
                    .filter(|c| self.field.can_attack(*c, true, w, enemy))
                    .collect();
                if let Some(to) = spots
                    .iter()
                    .copied()
                    .min_by_key(|c| (self.dist(here, *c), *c))
                {
                    return Some(Plan {
                        action: AiAction::D,
                        steps: vec![
                            Step::Run { to, actions: 1 },
                            Step::Attack {
                                weapon: w,
                                target: enemy,
                                actions: 1,
                            },
                        ],
                        why: format!(
                            "protects {fname} ({reason}) by attacking {}, engaged with it",
                            self.name(enemy)
                        ),
                    });
                }
            }
        }
        // Otherwise stand beside it, on the side of the nearest enemy.
        let threat = self
            .s
            .enemies
            .iter()
            .filter_map(|e| self.field.cell_of(e.candidate.id))
            .min_by_key(|c| (self.dist(fcell, *c), *c));
        let score = |c: F::Cell| {
            let beside = self.dist(c, fcell) * 4;
            beside + threat.map_or(0, |t| self.dist(c, t))
        };
        if self.field.distance(here, fcell) <= 2 {
            return Some(Plan {
                action: AiAction::D,
                steps: vec![Step::Overwatch],
                why: format!("already beside {fname} ({reason}); overwatches to cover it"),
            });
        }
        let one = self.run_cells(1);
        if let Some(to) = self.choose(&one, threat, score)
            && self.field.distance(to, fcell) <= 2
        {
            return Some(Plan {
                action: AiAction::D,
                steps: vec![Step::Run { to, actions: 1 }, Step::Overwatch],
                why: format!("moves beside {fname} ({reason}) and overwatches"),
            });
        }
        let to = self.choose(&self.run_cells(2), threat, score)?;
        Some(Plan {
            action: AiAction::D,
            steps: vec![Step::Run { to, actions: 2 }],
            why: format!("hurries toward {fname} ({reason}) to protect it"),
        })
    }

    /// `F`: get away from the first target among the enemies that can see it.
    fn fall_back(&self) -> Option<Plan<F::Cell>> {
        let here = self.field.here();
        let watching: Vec<ModelView> = self
            .s
            .enemies
            .iter()
            .filter(|e| {
                self.field
                    .cell_of(e.candidate.id)
                    .is_some_and(|c| self.field.sees(c, here))
            })
            .cloned()
            .collect();
        let pool = if watching.is_empty() {
            self.s.enemies
        } else {
            watching.as_slice()
        };
        let cands = Self::candidates(pool);
        let p = pick(&cands, self.priorities)?;
        let threat_id = cands[p.index].id;
        let tcell = self.field.cell_of(threat_id)?;
        let to = self.choose(&self.run_cells(2), Some(tcell), |c| -self.dist(c, tcell))?;
        if self.field.distance(to, tcell) <= self.field.distance(here, tcell) {
            return None;
        }
        Some(Plan {
            action: AiAction::F,
            steps: vec![Step::Run { to, actions: 2 }],
            why: format!(
                "falls back from {} ({}{})",
                self.name(threat_id),
                explain(&cands, p),
                if watching.is_empty() {
                    ""
                } else {
                    ", which sees it"
                }
            ),
        })
    }

    /// `M`: move toward the first target; with no enemy on the table, toward where the enemy
    /// is expected.
    fn advance(&self) -> Option<Plan<F::Cell>> {
        let here = self.field.here();
        if self.s.enemies.is_empty() {
            let spot = self.field.rally()?;
            let to = self.choose(&self.run_cells(2), Some(spot), |c| self.dist(c, spot))?;
            if self.field.distance(to, spot) >= self.field.distance(here, spot) {
                return None;
            }
            return Some(Plan {
                action: AiAction::M,
                steps: vec![Step::Run { to, actions: 2 }],
                why: "no enemy in sight; it advances toward where the enemy is expected".into(),
            });
        }
        let cands = Self::candidates(self.s.enemies);
        let p = pick(&cands, self.priorities)?;
        let id = cands[p.index].id;
        let tcell = self.field.cell_of(id)?;
        let to = self.choose(&self.run_cells(2), Some(tcell), |c| self.dist(c, tcell))?;
        if self.field.distance(to, tcell) > self.field.distance(here, tcell) {
            return None;
        }
        Some(Plan {
            action: AiAction::M,
            steps: vec![Step::Run { to, actions: 2 }],
            why: format!("moves toward {} ({})", self.name(id), explain(&cands, p)),
        })
    }

    /// `O`: work the nearest Objective it may complete.
    fn objective(&self) -> Option<Plan<F::Cell>> {
        let here = self.field.here();
        let open: Vec<&ObjectiveView> = self
            .s
            .objectives
            .iter()
            // cmd.sr.weak-minded: only searchable Objectives.
            .filter(|o| !self.s.weak_minded || o.searchable)
            .collect();
        if open.is_empty() {
            return None;
        }
        for o in &open {
            if self.field.can_work(here, o.id) {
                return Some(Plan {
                    action: AiAction::O,
                    steps: vec![Step::Objective {
                        id: o.id,
                        actions: 2,
                    }],
                    why: format!("works {} beside it", mention(&o.name)),
                });
            }
        }
        let one = self.run_cells(1);
        for o in &open {
            if let Some(to) = one
                .iter()
                .copied()
                .filter(|c| self.field.can_work(*c, o.id))
                .min_by_key(|c| (self.dist(here, *c), *c))
            {
                return Some(Plan {
                    action: AiAction::O,
                    steps: vec![
                        Step::Run { to, actions: 1 },
                        Step::Objective {
                            id: o.id,
                            actions: 1,
                        },
                    ],
                    why: format!("moves to {} and works it", mention(&o.name)),
                });
            }
        }
        // Head for the Objective that a 2-action run gets closest to.
        let two = self.run_cells(2);
        let mut best: Option<(i64, F::Cell, usize)> = None;
        for (k, o) in open.iter().enumerate() {
            for c in &two {
                let d = self.distance_to_objective(*c, o.id);
                if best.is_none_or(|(bd, bc, _)| (d, *c) < (bd, bc)) {
                    best = Some((d, *c, k));
                }
            }
        }
        let (_, to, k) = best?;
        Some(Plan {
            action: AiAction::O,
            steps: vec![Step::Run { to, actions: 2 }],
            why: format!("heads for {}", mention(&open[k].name)),
        })
    }

    /// How far a cell is from being able to work an Objective: 0 when it can, else its
    /// distance to the Objective.
    fn distance_to_objective(&self, c: F::Cell, id: u8) -> i64 {
        if self.field.can_work(c, id) {
            return 0;
        }
        self.field
            .objective_cell(id)
            .map_or(i64::MAX / 2, |o| self.dist(c, o))
    }

    /// An engaged model: fight (with `*`, or on A, D, O) or flee (F, M without `*`).
    fn engaged(&self, entry: AiEntry) -> Plan<F::Cell> {
        let here = self.field.here();
        let stay =
            entry.remain_engaged || matches!(entry.action, AiAction::A | AiAction::D | AiAction::O);
        let foes: Vec<Candidate> = self
            .s
            .enemies
            .iter()
            .filter(|e| self.s.engaged_with.contains(&e.candidate.id))
            .map(|e| e.candidate)
            .collect();
        if stay {
            for i in ranked(&foes, self.priorities) {
                for w in self.weapon_order() {
                    if self.field.can_attack(here, false, w, foes[i].id) {
                        // cmd.melee.engaged-counts-two: the attack is the whole activation.
                        return Plan {
                            action: entry.action,
                            steps: vec![Step::Attack {
                                weapon: w,
                                target: foes[i].id,
                                actions: 2,
                            }],
                            why: format!(
                                "engaged; {} so it fights {}",
                                if entry.remain_engaged {
                                    "its entry says remain engaged (*)"
                                } else {
                                    "its action keeps it in the fight"
                                },
                                self.name(foes[i].id)
                            ),
                        };
                    }
                }
            }
        }
        let foe_cells: Vec<F::Cell> = foes
            .iter()
            .filter_map(|f| self.field.cell_of(f.id))
            .collect();
        let away = |c: F::Cell| {
            -foe_cells
                .iter()
                .map(|f| self.dist(c, *f))
                .min()
                .unwrap_or(0)
        };
        if let Some(to) = self.run_cells(2).into_iter().min_by_key(|c| (away(*c), *c)) {
            return Plan {
                action: entry.action,
                steps: vec![Step::Flee { to }],
                why: if stay {
                    "engaged but no weapon can strike, so it flees".into()
                } else {
                    format!(
                        "engaged, and {} without * breaks off: it flees",
                        entry.action.letter()
                    )
                },
            };
        }
        Plan {
            action: entry.action,
            steps: Vec::new(),
            why: "engaged, with no attack and nowhere to flee".into(),
        }
    }
}
