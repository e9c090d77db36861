//! AI mode's decisions over a small fake table: what each card letter does with its `*` and
//! `!` marks, how targets follow the card's priorities and preference line, and the fallbacks
//! (cmd.ai.*, cmd.gap.36, cmd.gap.37).

use squadsight_commander::ai_mode::plan::{
    Field, ModelView, ObjectiveView, Plan, Situation, Step, WeaponView, plan,
};
use squadsight_commander::ai_mode::target::Candidate;
use squadsight_commander::catalog::{AiAction, AiEntry, Preference, Priority};
use std::collections::BTreeMap;
use std::collections::BTreeSet;

type Cell = (i32, i32);

/// A 21×21 open table with Chebyshev distances, a set of cells that count as in cover from
/// anywhere, weapons given by maximum range (0 = close combat, needs distance ≤ 1).
struct Table {
    here: Cell,
    mobility: i32,
    models: BTreeMap<u8, Cell>,
    cover: BTreeSet<Cell>,
    blind: BTreeSet<(Cell, Cell)>,
    ranges: Vec<u32>,
    objectives: BTreeMap<u8, Cell>,
    rally: Option<Cell>,
}

fn cheb(a: Cell, b: Cell) -> u32 {
    (a.0 - b.0).unsigned_abs().max((a.1 - b.1).unsigned_abs())
}

impl Table {
    fn new(here: Cell) -> Table {
        Table {
            here,
            mobility: 3,
            models: BTreeMap::new(),
            cover: BTreeSet::new(),
            blind: BTreeSet::new(),
            ranges: vec![8],
            objectives: BTreeMap::new(),
            rally: None,
        }
    }
}

impl Field for Table {
    type Cell = Cell;

    fn here(&self) -> Cell {
        self.here
    }

    fn cell_of(&self, model: u8) -> Option<Cell> {
        self.models.get(&model).copied()
    }

    fn distance(&self, a: Cell, b: Cell) -> u32 {
        cheb(a, b)
    }

    fn run_cells(&self, actions: u8, out: &mut Vec<Cell>) {
        let reach = self.mobility * i32::from(actions);
        for x in 0..=20 {
            for y in 0..=20 {
                let c = (x, y);
                if c != self.here
                    && cheb(c, self.here) <= reach.unsigned_abs()
                    && !self.models.values().any(|m| *m == c)
                {
                    out.push(c);
                }
            }
        }
    }

    fn in_cover(&self, at: Cell, _from: Cell) -> bool {
        self.cover.contains(&at)
    }

    fn sees(&self, from: Cell, to: Cell) -> bool {
        !self.blind.contains(&(from, to))
    }

    fn can_attack(&self, from: Cell, _moved: bool, weapon: usize, target: u8) -> bool {
        let (Some(range), Some(t)) = (self.ranges.get(weapon), self.cell_of(target)) else {
            return false;
        };
        let d = cheb(from, t);
        if *range == 0 { d <= 1 } else { d <= *range }
    }

    fn can_work(&self, from: Cell, objective: u8) -> bool {
        self.objectives
            .get(&objective)
            .is_some_and(|o| cheb(from, *o) <= 1)
    }

    fn objective_cell(&self, objective: u8) -> Option<Cell> {
        self.objectives.get(&objective).copied()
    }

    fn rally(&self) -> Option<Cell> {
        self.rally
    }
}

fn entry(action: AiAction, remain_engaged: bool, ignore_cover: bool) -> AiEntry {
    AiEntry {
        action,
        remain_engaged,
        ignore_cover,
    }
}

fn model(t: &Table, id: u8, wounds: u8, max: u8, strength: u32) -> ModelView {
    ModelView {
        name: format!("m{id}"),
        candidate: Candidate {
            id,
            distance: cheb(t.here, t.models[&id]),
            wounds,
            max_wounds: max,
            strength,
        },
        leader: false,
        engaged_with: Vec::new(),
    }
}

const RIFLE: WeaponView = WeaponView {
    secondary: false,
    mindspin: false,
    special: false,
};

struct Setup<'a> {
    weapons: &'a [WeaponView],
    engaged: &'a [u8],
    enemies: &'a [ModelView],
    friends: &'a [ModelView],
    objectives: &'a [ObjectiveView],
    weak_minded: bool,
}

impl<'a> Setup<'a> {
    /// One enemy list, a rifle, and nothing else: no engagement, friends or objectives.
    fn against(enemies: &'a [ModelView]) -> Setup<'a> {
        Setup {
            weapons: &[RIFLE],
            engaged: &[],
            enemies,
            friends: &[],
            objectives: &[],
            weak_minded: false,
        }
    }

    fn situation(&self) -> Situation<'_> {
        Situation {
            actor: 0,
            weapons: self.weapons,
            engaged_with: self.engaged,
            enemies: self.enemies,
            friends: self.friends,
            objectives: self.objectives,
            weak_minded: self.weak_minded,
        }
    }
}

fn run(
    t: &Table,
    s: &Setup<'_>,
    e: AiEntry,
    pr: &[Priority],
    pref: Option<Preference>,
) -> Plan<Cell> {
    plan(t, &s.situation(), e, pr, pref)
}

const ORDER: [Priority; 3] = [Priority::Closest, Priority::Weakest, Priority::Wounded];

/// The plan for card row `e` with a rifle, the usual priorities and one enemy: model 5, at
/// full Wounds (4), wherever the table puts it.
/// The target and the weapon of a plan's first step, which must be an attack.
fn first_attack(p: &Plan<Cell>) -> (u8, usize) {
    match p.steps.first() {
        Some(Step::Attack { target, weapon, .. }) => (*target, *weapon),
        _ => panic!("the plan does not open with an attack: {p:?}"),
    }
}

fn against_one(t: &Table, e: AiEntry) -> Plan<Cell> {
    let enemies = [model(t, 5, 4, 4, 160)];
    run(t, &Setup::against(&enemies), e, &ORDER, None)
}

#[test]
fn attack_steps_into_cover_then_fires() {
    // cmd.ai.action.a; without `!` the model prefers cover (cmd.ai.flag.ignore-cover).
    let mut t = Table::new((10, 10));
    t.models.insert(5, (10, 16));
    t.cover.insert((11, 11));
    let p = against_one(&t, entry(AiAction::A, false, false));
    assert_eq!(
        p.steps,
        vec![
            Step::Run {
                to: (11, 11),
                actions: 1
            },
            Step::Attack {
                weapon: 0,
                target: 5,
                actions: 1
            }
        ]
    );
    assert!(p.why.contains("cover"), "{}", p.why);
}

#[test]
fn attack_with_ignore_cover_fires_with_both_actions() {
    // cmd.ai.flag.ignore-cover: `A!` disregards cover and makes the full 2-action attack.
    let mut t = Table::new((10, 10));
    t.models.insert(5, (10, 16));
    t.cover.insert((11, 11));
    let p = against_one(&t, entry(AiAction::A, false, true));
    assert_eq!(
        p.steps,
        vec![Step::Attack {
            weapon: 0,
            target: 5,
            actions: 2
        }]
    );
}

#[test]
fn attack_moves_into_range_or_closes_in() {
    // cmd.ai.action.a: Attack and Climb/Move.
    let mut t = Table::new((0, 0));
    t.models.insert(5, (0, 10));
    let enemies = [model(&t, 5, 4, 4, 160)];
    let s = Setup::against(&enemies);
    let p = run(&t, &s, entry(AiAction::A, false, true), &ORDER, None);
    assert!(matches!(p.steps[0], Step::Run { actions: 1, to } if cheb(to, (0, 10)) <= 8));
    assert!(matches!(
        p.steps[1],
        Step::Attack {
            target: 5,
            actions: 1,
            ..
        }
    ));
    // Out of reach even after a run: a 2-action run toward it.
    t.models.insert(5, (0, 20));
    let enemies = [model(&t, 5, 4, 4, 160)];
    let s = Setup {
        enemies: &enemies,
        ..s
    };
    let p = run(&t, &s, entry(AiAction::A, false, true), &ORDER, None);
    assert_eq!(p.steps.len(), 1);
    assert!(matches!(p.steps[0], Step::Run { actions: 2, to } if cheb(to, (0, 20)) == 14));
}

#[test]
fn targets_follow_the_card_priorities() {
    // cmd.ai.priority-order: the Sniper card picks the furthest target first.
    let mut t = Table::new((10, 10));
    t.models.insert(5, (10, 12));
    t.models.insert(6, (10, 17));
    let enemies = [model(&t, 5, 4, 4, 160), model(&t, 6, 4, 4, 160)];
    let s = Setup::against(&enemies);
    let sniper = [Priority::Furthest, Priority::Wounded, Priority::Weakest];
    let p = run(&t, &s, entry(AiAction::A, false, true), &sniper, None);
    assert_eq!(first_attack(&p).0, 6, "target");
    assert!(p.why.contains("furthest"), "{}", p.why);
    let p = run(&t, &s, entry(AiAction::A, false, true), &ORDER, None);
    assert_eq!(first_attack(&p).0, 5, "target");
}

#[test]
fn secondary_weapon_preference_is_used_first() {
    // Tackler card: "[Secondary Weapon] preference."
    let mut t = Table::new((10, 10));
    t.models.insert(5, (10, 11));
    t.ranges = vec![8, 0];
    let sword = WeaponView {
        secondary: true,
        ..RIFLE
    };
    let enemies = [model(&t, 5, 4, 4, 160)];
    let s = Setup {
        weapons: &[RIFLE, sword],
        ..Setup::against(&enemies)
    };
    let p = run(
        &t,
        &s,
        entry(AiAction::A, false, true),
        &ORDER,
        Some(Preference::SecondaryWeapon),
    );
    assert_eq!(first_attack(&p).1, 1, "weapon");
    let p = run(&t, &s, entry(AiAction::A, false, true), &ORDER, None);
    assert_eq!(first_attack(&p).1, 0, "weapon");
}

#[test]
fn defend_moves_beside_a_wounded_friend_and_overwatches() {
    // cmd.ai.action.d
    let mut t = Table::new((0, 0));
    t.mobility = 6;
    t.models.insert(3, (5, 0));
    t.models.insert(5, (15, 0));
    let friends = [model(&t, 3, 1, 4, 140)];
    let enemies = [model(&t, 5, 4, 4, 160)];
    let s = Setup {
        friends: &friends,
        ..Setup::against(&enemies)
    };
    let p = run(&t, &s, entry(AiAction::D, false, true), &ORDER, None);
    assert_eq!(p.action, AiAction::D);
    let Step::Run { to, actions: 1 } = p.steps[0] else {
        panic!("{p:?}")
    };
    assert!(cheb(to, (5, 0)) <= 2);
    assert!(
        to.0 > 5,
        "it stands on the enemy's side of its friend: {to:?}"
    );
    assert_eq!(p.steps[1], Step::Overwatch);
}

#[test]
fn defend_attacks_an_enemy_engaged_with_the_friend() {
    // cmd.ai.action.d, cmd.gap.36
    let mut t = Table::new((0, 0));
    t.models.insert(3, (5, 0));
    t.models.insert(5, (6, 0));
    let mut friend = model(&t, 3, 4, 4, 140);
    friend.engaged_with = vec![5];
    let friends = [friend];
    let enemies = [model(&t, 5, 4, 4, 160)];
    let s = Setup {
        friends: &friends,
        ..Setup::against(&enemies)
    };
    let p = run(&t, &s, entry(AiAction::D, false, false), &ORDER, None);
    assert!(
        matches!(
            p.steps[0],
            Step::Attack {
                target: 5,
                actions: 2,
                ..
            }
        ),
        "{p:?}"
    );
}

#[test]
fn fall_back_gets_further_away_and_prefers_cover() {
    // cmd.ai.action.f
    let mut t = Table::new((10, 10));
    t.models.insert(5, (10, 14));
    t.cover.insert((9, 5));
    let enemies = [model(&t, 5, 4, 4, 160)];
    let s = Setup::against(&enemies);
    let p = run(&t, &s, entry(AiAction::F, false, false), &ORDER, None);
    assert_eq!(
        p.steps,
        vec![Step::Run {
            to: (9, 5),
            actions: 2
        }],
        "{}",
        p.why
    );
    let p = run(&t, &s, entry(AiAction::F, false, true), &ORDER, None);
    let Step::Run { to, actions: 2 } = p.steps[0] else {
        panic!("{p:?}")
    };
    assert_eq!(cheb(to, (10, 14)), 10, "with ! it only maximises distance");
}

#[test]
fn move_closes_on_the_first_target() {
    // cmd.ai.action.m
    let mut t = Table::new((0, 0));
    t.models.insert(5, (0, 20));
    let p = against_one(&t, entry(AiAction::M, false, true));
    assert!(matches!(p.steps[..], [Step::Run { actions: 2, to }] if cheb(to, (0, 20)) == 14));
}

#[test]
fn objectives_are_worked_and_weak_minded_models_search_only() {
    // cmd.ai.action.o, cmd.sr.weak-minded, cmd.gap.36 (no Objective: move as M)
    let mut t = Table::new((10, 10));
    t.models.insert(5, (10, 20));
    t.objectives.insert(1, (11, 10));
    let enemies = [model(&t, 5, 4, 4, 160)];
    let objectives = [ObjectiveView {
        name: "the terminal".into(),
        id: 1,
        searchable: false,
    }];
    let s = Setup {
        objectives: &objectives,
        ..Setup::against(&enemies)
    };
    let p = run(&t, &s, entry(AiAction::O, false, false), &ORDER, None);
    assert_eq!(p.steps, vec![Step::Objective { id: 1, actions: 2 }]);
    let weak = Setup {
        weak_minded: true,
        ..s
    };
    let p = run(&t, &weak, entry(AiAction::O, false, false), &ORDER, None);
    assert_eq!(p.action, AiAction::M, "{}", p.why);
    assert!(p.why.starts_with("O cannot be carried out"), "{}", p.why);
}

#[test]
fn engaged_models_stay_with_star_and_flee_without() {
    // cmd.ai.flag.remain-engaged, cmd.gap.37
    let mut t = Table::new((10, 10));
    t.models.insert(5, (10, 11));
    t.ranges = vec![0];
    let enemies = [model(&t, 5, 4, 4, 160)];
    let s = Setup {
        engaged: &[5],
        ..Setup::against(&enemies)
    };
    let p = run(&t, &s, entry(AiAction::M, true, false), &ORDER, None);
    assert_eq!(
        p.steps,
        vec![Step::Attack {
            weapon: 0,
            target: 5,
            actions: 2
        }]
    );
    let p = run(&t, &s, entry(AiAction::M, false, false), &ORDER, None);
    let Step::Flee { to } = p.steps[0] else {
        panic!("{p:?}")
    };
    assert!(cheb(to, (10, 11)) > 1);
    // A, D and O keep fighting even without `*`.
    let p = run(&t, &s, entry(AiAction::O, false, false), &ORDER, None);
    assert!(matches!(p.steps[0], Step::Attack { .. }));
}

#[test]
fn impossible_letters_fall_back_in_table_order() {
    // cmd.ai.priority-order: D with no friend falls back to A.
    let mut t = Table::new((10, 10));
    t.models.insert(5, (10, 14));
    let enemies = [model(&t, 5, 4, 4, 160)];
    let s = Setup::against(&enemies);
    let p = run(&t, &s, entry(AiAction::D, false, true), &ORDER, None);
    assert_eq!(p.action, AiAction::A);
    // Nobody else on the table: it hunkers down.
    let empty = Setup { enemies: &[], ..s };
    let p = run(&t, &empty, entry(AiAction::A, false, true), &ORDER, None);
    assert_eq!(p.steps, vec![Step::HunkerDown]);
}

#[test]
fn never_take_cover_acts_as_ignore_cover() {
    // Faceless card: "Will never take cover."
    let mut t = Table::new((10, 10));
    t.models.insert(5, (10, 16));
    t.cover.insert((11, 11));
    let enemies = [model(&t, 5, 4, 4, 160)];
    let s = Setup::against(&enemies);
    let p = run(
        &t,
        &s,
        entry(AiAction::A, false, false),
        &ORDER,
        Some(Preference::NeverTakeCover),
    );
    assert_eq!(p.steps.len(), 1, "{p:?}");
}

#[test]
fn with_no_enemy_in_sight_it_advances_on_the_expected_enemy() {
    // cmd.ai.action.m, cmd.gap.36: A and D fall back to M toward a pod's spot.
    let mut t = Table::new((10, 0));
    t.rally = Some((10, 20));
    let s = Setup::against(&[]);
    let p = run(&t, &s, entry(AiAction::A, false, true), &ORDER, None);
    assert_eq!(p.action, AiAction::M, "{}", p.why);
    assert!(matches!(p.steps[..], [Step::Run { actions: 2, to }] if cheb(to, (10, 20)) == 14));
}
