//! What the Tactical rules tests share: the rules, a game set up from a scenario and a seed,
//! actions applied with a seed, the small duel and arena fixtures, short ways to write the
//! common actions, and readings of a journal. Every test reaches `Ruleset::setup` and
//! `Ruleset::apply` through [`try_setup`] and [`try_apply`].

use crate::map_support::open;
use squadsight_core::dice::Roll;
use squadsight_core::square::Pos;
use squadsight_core::{Decision, GameRng, IllegalAction, Journal, Ruleset, Seat, SetupError};
use squadsight_tactical::Tactical;
use squadsight_tactical::action::Action;
use squadsight_tactical::catalog::{GrenadeId, WeaponId};
use squadsight_tactical::data::Mode;
use squadsight_tactical::map::Facing;
use squadsight_tactical::options::Options;
use squadsight_tactical::psi::PsiKind;
use squadsight_tactical::scenario::ScenarioDef;
use squadsight_tactical::state::{State, Status};

/// The built-in rules.
pub(crate) fn tactical() -> Tactical {
    Tactical::new().unwrap_or_else(|e| panic!("{e}"))
}

/// A square of the battlefield.
pub(crate) fn p(x: i32, y: i32, z: i32) -> Pos {
    Pos::new(x, y, z)
}

/// The opening state of `scenario` under `options`, its setup rolls drawn from `seed`.
pub(crate) fn try_setup(
    t: &Tactical,
    scenario: &ScenarioDef,
    options: &Options,
    seed: u64,
    journal: &mut Journal,
) -> Result<State, SetupError> {
    t.setup(scenario, options, &mut GameRng::new(seed), journal)
}

/// The opening state of the built-in scenario `id`, which must set up.
pub(crate) fn start(t: &Tactical, id: &str, options: &Options, seed: u64) -> State {
    let sc = t.scenario(id).unwrap_or_else(|e| panic!("{e}"));
    try_setup(t, &sc, options, seed, &mut Journal::off())
        .unwrap_or_else(|e| panic!("{id} seed {seed}: {e}"))
}

/// `seat` plays `action`, its rolls drawn from `seed`, its events noted in `journal`.
pub(crate) fn try_apply(
    t: &Tactical,
    st: &mut State,
    seat: Seat,
    action: &Action,
    seed: u64,
    journal: &mut Journal,
) -> Result<(), IllegalAction> {
    t.apply(st, seat, action, &mut GameRng::new(seed), journal)
}

/// The seat to act; the game must not be over.
pub(crate) fn seat_to_act(t: &Tactical, st: &State) -> Seat {
    match t.to_act(st) {
        Decision::Act(s) => s,
        Decision::Over(o) => panic!("game over: {}", o.reason),
    }
}

/// The seat to act plays `action`, which must be legal, with rolls from `seed`.
pub(crate) fn act_with(t: &Tactical, st: &mut State, action: Action, seed: u64) -> Journal {
    let mut j = Journal::recording();
    let seat = seat_to_act(t, st);
    try_apply(t, st, seat, &action, seed, &mut j).unwrap_or_else(|e| panic!("{e}"));
    j
}

/// [`act_with`] seed 9.
pub(crate) fn act(t: &Tactical, st: &mut State, action: Action) -> Journal {
    act_with(t, st, action, 9)
}

/// Every legal action of `seat`.
pub(crate) fn legal(t: &Tactical, st: &State, seat: Seat) -> Vec<Action> {
    let mut out = Vec::new();
    t.legal_actions(st, seat, &mut out);
    out
}

/// The Assault squads on an open 20x20 field: units 0 (an X-Com rifleman) and the first alien
/// (a Sectoid) placed where asked; every other unit is put out of the game.
pub(crate) fn duel(t: &Tactical, options: Options, xcom: Pos, alien: Pos) -> (State, usize, usize) {
    let mut st = start(t, "assault", &options, 1);
    st.bf = open(20, 20);
    let a = st
        .units
        .iter()
        .position(|u| u.seat == Seat(1))
        .unwrap_or_else(|| panic!("no alien"));
    for (i, u) in st.units.iter_mut().enumerate() {
        if i != 0 && i != a {
            u.status = Status::Dead;
            u.pos = Pos::new(19, (i % 20) as i32, 0);
        }
        u.done = false;
    }
    st.units[0].pos = xcom;
    st.units[0].facing = Facing::N;
    st.units[a].pos = alien;
    st.units[a].facing = Facing::S;
    st.order = vec![Seat(0), Seat(1)];
    st.turn = 0;
    st.active = None;
    t.settle_sight(&mut st);
    (st, 0, a)
}

/// The squads of `scenario` on an open 20x20 field with only the listed units in play,
/// placed and facing as asked; X-Com's squad turn, round 1.
pub(crate) fn arena(t: &Tactical, scenario: &str, keep: &[(usize, (Pos, Facing))]) -> State {
    let mut st = start(t, scenario, &Options::default(), 1);
    st.bf = open(20, 20);
    for (i, u) in st.units.iter_mut().enumerate() {
        u.done = false;
        u.tu = u.stat(0);
        match keep.iter().find(|k| k.0 == i) {
            Some(&(_, (p, f))) => {
                u.pos = p;
                u.facing = f;
            }
            None => {
                u.status = Status::Dead;
                u.pos = Pos::new(19, (i % 20) as i32, 0);
            }
        }
    }
    st.order = vec![Seat(0), Seat(1)];
    st.turn = 0;
    st.round = 1;
    st.active = None;
    st.reactions.clear();
    st.flights.clear();
    t.settle_sight(&mut st);
    st
}

/// Ground-level square (x, y), facing north.
pub(crate) fn north(x: i32, y: i32) -> (Pos, Facing) {
    (p(x, y, 0), Facing::N)
}

/// Ground-level square (x, y), facing south.
pub(crate) fn south(x: i32, y: i32) -> (Pos, Facing) {
    (p(x, y, 0), Facing::S)
}

/// [`arena`] with only unit 0 (an X-Com trooper) and the first unit of type `name` in play,
/// each at its square and facing; returns the state and that unit's index.
pub(crate) fn face_off(
    t: &Tactical,
    scenario: &str,
    name: &str,
    xcom: (Pos, Facing),
    other: (Pos, Facing),
) -> (State, usize) {
    let [i] = units_of(t, scenario, [name]);
    let st = arena(t, scenario, &[(0, xcom), (i, other)]);
    (st, i)
}

/// The index of the first unit of each type in `scenario`'s opening state.
pub(crate) fn units_of<const N: usize>(
    t: &Tactical,
    scenario: &str,
    names: [&str; N],
) -> [usize; N] {
    let st = start(t, scenario, &Options::default(), 1);
    names.map(|name| find(t, &st, name))
}

/// The index of the first unit of a type.
pub(crate) fn find(t: &Tactical, st: &State, name: &str) -> usize {
    st.units
        .iter()
        .position(|u| t.catalog().unit(u.kind).name == name)
        .unwrap_or_else(|| panic!("no {name}"))
}

/// A weapon of the catalog, by name.
pub(crate) fn weapon(t: &Tactical, name: &str) -> WeaponId {
    t.catalog()
        .weapon_id(name)
        .unwrap_or_else(|| panic!("{name}"))
}

/// A grenade of the catalog, by name.
pub(crate) fn grenade(t: &Tactical, name: &str) -> GrenadeId {
    t.catalog()
        .grenade_id(name)
        .unwrap_or_else(|| panic!("{name}"))
}

/// A walking step.
pub(crate) fn step(unit: u8, to: Pos) -> Action {
    Action::Step {
        unit,
        to,
        fly: false,
    }
}

/// A flying step.
pub(crate) fn fly(unit: u8, to: Pos) -> Action {
    Action::Step {
        unit,
        to,
        fly: true,
    }
}

/// A shot or a blow at a unit.
pub(crate) fn attack(unit: u8, weapon: WeaponId, mode: Mode, target: u8) -> Action {
    Action::Attack {
        unit,
        weapon,
        mode,
        target,
    }
}

/// A shot at a square.
pub(crate) fn fire_at(unit: u8, weapon: WeaponId, mode: Mode, at: Pos) -> Action {
    Action::FireAt {
        unit,
        weapon,
        mode,
        at,
    }
}

/// Priming the grenade in `slot` with `delay`.
pub(crate) fn prime(unit: u8, slot: u8, delay: u8) -> Action {
    Action::Prime { unit, slot, delay }
}

/// A psi attack.
pub(crate) fn psi(unit: u8, target: u8, kind: PsiKind) -> Action {
    Action::Psi { unit, target, kind }
}

/// The texts of the events citing `rule`.
pub(crate) fn texts(j: &Journal, rule: &str) -> Vec<String> {
    j.events()
        .iter()
        .filter(|e| e.rule == rule)
        .map(|e| e.text.to_string())
        .collect()
}

/// The first roll journaled under `rule`.
pub(crate) fn roll_of(j: &Journal, rule: &str) -> Roll {
    j.events()
        .iter()
        .find_map(|e| e.roll.filter(|_| e.rule == rule))
        .unwrap_or_else(|| panic!("no {rule} roll"))
}

/// The rule of every event, in order.
pub(crate) fn rules_in(j: &Journal) -> Vec<&'static str> {
    j.events().iter().map(|e| e.rule).collect()
}
