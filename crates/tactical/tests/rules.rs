//! Rules of units, movement, fighting and turns checked on small hand-made battlefields, each
//! test named for the clause it checks.

// Other test files reach the shared fixtures through this module too.
pub(crate) use crate::support::{act, duel, legal, roll_of, tactical};

use crate::support::{attack, fly, p, start, step, try_apply, try_setup};
use squadsight_core::{Decision, GameRng, Journal, Ruleset, Seat};
use squadsight_tactical::Tactical;
use squadsight_tactical::action::Action;
use squadsight_tactical::data::Mode;
use squadsight_tactical::map::Facing;
use squadsight_tactical::options::Options;
use squadsight_tactical::state::{State, Status};

/// What one case of [`tac_move_costs`] does: prepares the trooper, then plays each action in
/// turn, checking the TUs spent so far and the facing after it.
struct MoveCase {
    name: &'static str,
    prep: fn(&mut State),
    moves: Vec<(Action, i16, Facing)>,
}

/// tac.move.tu, tac.move.walk-straight, tac.move.walk-diagonal, tac.move.turn-45,
/// tac.move.turn-90, tac.move.turn-180, tac.stat.tu, tac.gap.43, tac.move.encumbrance,
/// tac.crit.leg, tac.crit.cumulative: the TUs each move costs. The X-Com trooper stands at
/// (5, 10) facing north, the Sectoid far off at (5, 0) with its back turned, so nothing
/// reacts.
#[test]
fn tac_move_costs() {
    let turn = |facing| Action::Turn { unit: 0, facing };
    let cases = [
        MoveCase {
            // A straight step is 2 after turning about (turn-180: 2); a diagonal one 3 with a
            // free 45° turn; another 45° is free, but a second one straight after makes a 90°
            // turn from where the run began and costs 1 (tac.gap.43).
            name: "walk, turn about, diagonal, turns",
            prep: |st| st.units[0].facing = Facing::S,
            moves: vec![
                (step(0, p(5, 9, 0)), 2 + 2, Facing::N),
                (step(0, p(6, 8, 0)), 4 + 3, Facing::NE),
                (turn(Facing::E), 7, Facing::E),
                (turn(Facing::SE), 8, Facing::SE),
            ],
        },
        MoveCase {
            name: "encumbered: a straight step costs double",
            prep: |st| st.units[0].weight = 100, // far above STR 30
            moves: vec![(step(0, p(5, 9, 0)), 4, Facing::N)],
        },
        MoveCase {
            name: "two leg wounds: a straight step costs 2 × 2 × 2",
            prep: |st| st.units[0].legs = 2,
            moves: vec![(step(0, p(5, 9, 0)), 8, Facing::N)],
        },
    ];
    let t = tactical();
    for case in cases {
        let (mut st, x, _) = duel(&t, Options::default(), p(5, 10, 0), p(5, 0, 0));
        st.units[1].facing = Facing::N;
        (case.prep)(&mut st);
        let tu = st.units[x].tu;
        for (i, (action, spent, facing)) in case.moves.into_iter().enumerate() {
            act(&t, &mut st, action);
            let got = (tu - st.units[x].tu, st.units[x].facing);
            assert_eq!(got, (spent, facing), "{}: move {}", case.name, i + 1);
        }
    }
}

/// tac.move.kneel-stand, tac.move.kneel-immobile, tac.move.kneel-who
#[test]
fn tac_move_kneel_immobile_and_kneel_stand_cost() {
    let t = tactical();
    let (mut st, x, _) = duel(&t, Options::default(), p(5, 10, 0), p(5, 0, 0));
    st.units[1].facing = Facing::N;
    let tu = st.units[x].tu;
    act(&t, &mut st, Action::Kneel { unit: 0 });
    assert_eq!(st.units[x].tu, tu - 2);
    let l = legal(&t, &st, Seat(0));
    assert!(!l.iter().any(|a| matches!(a, Action::Step { .. })));
    assert!(l.contains(&Action::Stand { unit: 0 }));
}

/// tac.ranged.mod.kneeling, tac.ranged.mod.weapon, tac.ranged.mod.range, tac.ranged.cap,
/// tac.stat.acc, tac.move.kneel-effects
#[test]
fn tac_ranged_mod_kneeling_both_ways_and_range() {
    // Dispute: a shot at a kneeling target takes -5; a kneeling firer gets +15.
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 10, 0), p(5, 0, 0));
    let rifle = st.units[x].weapon.unwrap_or_else(|| panic!("rifle"));
    let plain = t.to_hit(&st, x, rifle, Mode::Aimed, a);
    // ACC 25 + 20 boost, Aimed +50, range -10 (tac.ranged.mod.range).
    assert_eq!(plain.target, 45 + 50 - 10);
    st.units[a].kneeling = true;
    assert_eq!(
        t.to_hit(&st, x, rifle, Mode::Aimed, a).target,
        plain.target - 5
    );
    st.units[x].kneeling = true;
    // 85 - 5 + 15 = 95: the cap (tac.ranged.cap) holds it there.
    assert_eq!(t.to_hit(&st, x, rifle, Mode::Aimed, a).target, 95);
    assert_eq!(squadsight_tactical::range(p(0, 0, 0), p(3, 4, 0)), 5);
    assert_eq!(squadsight_tactical::range(p(0, 0, 0), p(1, 1, 0)), 1);
}

/// tac.ranged.resolve, tac.ranged.ammo, tac.ranged.repeat, tac.ranged.los, tac.ranged.targets
#[test]
fn tac_ranged_resolve_journals_target_and_exact_odds() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 10, 0), p(5, 4, 0));
    let rifle = st.units[x].weapon.unwrap_or_else(|| panic!("rifle"));
    let j = act(&t, &mut st, attack(0, rifle, Mode::Snap, a as u8));
    let roll = roll_of(&j, "tac.ranged.resolve");
    // ACC 45 + snap 0 - range 6 = 39, d100 at or under (tac.gap.29).
    assert_eq!(roll.p.map(|p| p.to_string()), Some("39.0% (39/100)".into()));
    // tac.ranged.ammo: one round used; tac.ranged.repeat: 6 TU paid.
    assert_eq!(st.units[x].rounds, Some(19));
    assert_eq!(st.units[x].tu, 27 - 6);
}

/// Moves the X-Com unit one step into the Sectoid's view until a reaction roll is won.
fn reaction_won(t: &Tactical, options: Options) -> Option<(State, Journal)> {
    for seed in 0..60 {
        let (mut st, _, a) = duel(t, options, p(5, 12, 0), p(5, 2, 0));
        // The Sectoid did not see the X-Com unit before this step (tac.gap.5: new sight).
        st.units[a].seen = 0;
        let mut j = Journal::recording();
        try_apply(t, &mut st, Seat(0), &step(0, p(5, 11, 0)), seed, &mut j)
            .unwrap_or_else(|e| panic!("{e}"));
        if !st.reactions.is_empty() || j.events().iter().any(|e| e.rule == "tac.react.interrupt") {
            return Some((st, j));
        }
    }
    None
}

/// tac.react.trigger, tac.react.roll, tac.react.interrupt, tac.react.repeat, tac.stat.ret
#[test]
fn tac_react_roll_is_the_reacting_seats_decision() {
    let t = tactical();
    let (st, j) = reaction_won(&t, Options::default()).unwrap_or_else(|| panic!("no reaction"));
    assert!(j.events().iter().any(|e| e.rule == "tac.react.trigger"));
    assert!(
        j.events()
            .iter()
            .any(|e| e.rule == "tac.react.roll" && e.roll.is_some())
    );
    // tac.react.interrupt: the alien seat decides out of turn: shoot or hold.
    assert_eq!(t.to_act(&st), Decision::Act(Seat(1)));
    let l = legal(&t, &st, Seat(1));
    assert_eq!(l.len(), 2);
    assert!(l.contains(&Action::Hold));
    let mut st2 = st.clone();
    act(&t, &mut st2, Action::Hold);
    assert_eq!(t.to_act(&st2), Decision::Act(Seat(0)));
    let mut st3 = st;
    let reactor = match l[0] {
        Action::React { reactor } => usize::from(reactor),
        _ => panic!("React first"),
    };
    let tu = st3.units[reactor].tu;
    let j = act(&t, &mut st3, l[0].clone());
    // The snap shot's TUs come from the reactor (tac.gap.5).
    assert!(st3.units[reactor].tu < tu);
    assert!(j.events().iter().any(|e| e.rule == "tac.react.interrupt"));
}

#[test]
fn tac_react_automatic_answers_for_listed_seats() {
    let t = tactical();
    let mut o = Options::default();
    o.set("auto_react", "2").unwrap_or_else(|e| panic!("{e}"));
    let (st, j) = reaction_won(&t, o).unwrap_or_else(|| panic!("no reaction"));
    assert!(st.reactions.is_empty());
    assert!(j.events().iter().any(|e| e.rule == "tac.react.interrupt"));
}

/// tac.game.victory, tac.scen.assault.goal
#[test]
fn tac_game_victory_when_one_team_is_left() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 10, 0), p(5, 8, 0));
    st.units[a].damage = st.units[a].stats[1].unwrap_or(0);
    st.units[a].status = Status::Unconscious;
    act(&t, &mut st, Action::EndUnit { unit: x as u8 });
    match t.to_act(&st) {
        Decision::Over(o) => assert!(o.winners.contains(Seat(0))),
        d => panic!("{d:?}"),
    }
}

/// tac.game.one-active-unit, tac.game.unit-turn
#[test]
fn tac_game_one_active_unit_and_unit_turn() {
    let t = tactical();
    let (mut st, x, _) = duel(&t, Options::default(), p(5, 10, 0), p(15, 0, 0));
    st.units[2].status = Status::Active; // a second X-Com unit
    st.units[2].pos = p(8, 10, 0);
    t.settle_sight(&mut st);
    act(&t, &mut st, Action::Kneel { unit: x as u8 });
    // Only the unit that started may act until its turn ends.
    let l = legal(&t, &st, Seat(0));
    assert!(
        l.iter()
            .all(|a| !matches!(a, Action::Kneel { unit: 2 } | Action::Step { unit: 2, .. }))
    );
    act(&t, &mut st, Action::EndUnit { unit: x as u8 });
    let l = legal(&t, &st, Seat(0));
    assert!(l.iter().any(|a| matches!(a, Action::Step { unit: 2, .. })));
    assert!(!l.iter().any(|a| matches!(a, Action::Step { unit: 0, .. })));
}

#[test]
fn fog_of_war_hides_unseen_enemies() {
    // The Assault map at the start: the crafts stand far apart behind their hulls.
    let t = tactical();
    let st = start(&t, "assault", &Options::default(), 4);
    let obs = t.observe(&st, Seat(0));
    assert!(!obs.hidden.is_empty());
    for &h in &obs.hidden {
        let h = usize::from(h);
        assert_eq!(st.units[h].seat, Seat(1));
        assert!(!st.seat_sees(Seat(0), h));
        assert_ne!(obs.known.units[h].pos, st.units[h].pos);
    }
    let lines = t.observation_lines(&obs);
    assert!(lines.iter().any(|l| l.contains("not in sight")));
    // determinize deals them back onto squares the seat cannot see.
    let mut r = GameRng::new(5);
    let d = t.determinize(&obs, &mut r);
    for &h in &obs.hidden {
        assert!(
            !d.seat_sees(Seat(0), usize::from(h)) || d.units[usize::from(h)].status == Status::Dead
        );
    }
}

/// tac.game.rounds, tac.game.initiative, tac.game.squad-order, tac.game.tu-regain
#[test]
fn rounds_open_with_initiative_and_give_tus_back() {
    let t = tactical();
    let sc = t.scenario("assault").unwrap_or_else(|e| panic!("{e}"));
    let mut j = Journal::recording();
    let mut st =
        try_setup(&t, &sc, &Options::default(), 11, &mut j).unwrap_or_else(|e| panic!("{e}"));
    let inits: Vec<_> = j
        .events()
        .iter()
        .filter(|e| e.rule == "tac.game.initiative")
        .collect();
    assert!(inits.len() >= 2);
    // Every initiative die carries a target and its exact odds.
    assert!(inits.iter().all(|e| e.roll.is_some_and(|r| r.p.is_some())));
    assert!(j.events().iter().any(|e| e.rule == "tac.game.squad-order"));
    let first = st.turn_seat();
    assert_eq!(st.order.len(), 2);
    // A unit of the first squad spends TUs; both squads end their turns; round 2 gives the
    // TUs back.
    let unit = st.units.iter().position(|u| u.seat == first).unwrap_or(0);
    let kneel = legal(&t, &st, first)
        .into_iter()
        .find(|a| matches!(a, Action::Kneel { unit: u } if usize::from(*u) == unit));
    if let Some(k) = kneel {
        act(&t, &mut st, k);
        assert!(st.units[unit].tu < st.units[unit].stats[0].unwrap_or(0));
    }
    act(&t, &mut st, Action::EndTurn);
    act(&t, &mut st, Action::EndTurn);
    assert_eq!(st.round, 2);
    assert_eq!(st.units[unit].tu, st.units[unit].stats[0].unwrap_or(0));
}

/// tac.scen.assault.budget, tac.squad.budget: a squad over its points is refused at setup.
#[test]
fn squads_over_budget_are_refused() {
    let t = tactical();
    let mut sc = t.scenario("assault").unwrap_or_else(|e| panic!("{e}"));
    sc.squads[0].points = 500;
    let e = try_setup(&t, &sc, &Options::default(), 1, &mut Journal::off())
        .err()
        .unwrap_or_else(|| panic!("accepted"));
    assert!(e.to_string().contains("points"), "{e}");
}

/// tac.move.special.load: a soldier with a spare clip reloads for 8 TU.
#[test]
fn reloading_costs_eight_and_uses_a_clip() {
    let t = tactical();
    let (mut st, x, _) = duel(&t, Options::default(), p(5, 10, 0), p(5, 0, 0));
    st.units[1].facing = Facing::N;
    st.units[x].rounds = Some(0);
    let clips = st.units[x].clips;
    assert!(
        !legal(&t, &st, Seat(0))
            .iter()
            .any(|a| matches!(a, Action::Attack { .. }))
    );
    act(&t, &mut st, Action::Reload { unit: 0 });
    assert_eq!(st.units[x].tu, 27 - 8);
    assert_eq!(
        (st.units[x].rounds, st.units[x].clips),
        (Some(20), clips - 1)
    );
}

/// tac.melee.cost, tac.melee.resolve, tac.stat.mac, tac.equip.melee-only; the table option of
/// tac.gap.27.
#[test]
fn melee_costs_twenty_or_the_table_and_rolls_against_mac() {
    let t = tactical();
    for (opt, tu) in [("rule", 20), ("table", 10)] {
        let mut o = Options::default();
        o.set("melee_tu", opt).unwrap_or_else(|e| panic!("{e}"));
        let (mut st, _, a) = duel(&t, o, p(5, 10, 0), p(5, 9, 0));
        // The Stun Rod trooper (unit 7) steps in for the rifleman.
        st.units[0].status = Status::Dead;
        st.units[0].pos = p(0, 0, 0);
        st.units[6].status = Status::Active;
        st.units[6].pos = p(5, 10, 0);
        st.units[6].facing = Facing::N;
        t.settle_sight(&mut st);
        let rod = st.units[6].weapon.unwrap_or_else(|| panic!("stun rod"));
        let strike = attack(6, rod, Mode::Melee, a as u8);
        assert!(legal(&t, &st, Seat(0)).contains(&strike));
        // A melee weapon has no ranged shot.
        assert!(!legal(&t, &st, Seat(0)).iter().any(|x| matches!(
            x,
            Action::Attack {
                unit: 6,
                mode: Mode::Snap,
                ..
            }
        )));
        let full = st.units[6].tu;
        let j = act(&t, &mut st, strike);
        assert_eq!(st.units[6].tu, full - tu);
        let r = roll_of(&j, "tac.melee.resolve");
        // MAC 75 + Stun Rod +15 = 90.
        assert_eq!(r.p.map(|p| p.to_string()), Some("90.0% (9/10)".into()));
    }
}

/// tac.ranged.incapable: a unit with ACC "-" lists no ranged attack (the Reaper).
#[test]
fn units_without_acc_cannot_shoot() {
    let t = tactical();
    let (mut st, _, _) = duel(&t, Options::default(), p(5, 10, 0), p(5, 5, 0));
    let reaper = st
        .units
        .iter()
        .position(|u| t.catalog().unit(u.kind).name == "Reaper")
        .unwrap_or_else(|| panic!("a Reaper"));
    assert_eq!(st.units[reaper].stats[2], None);
    st.units[reaper].status = Status::Active;
    st.units[reaper].pos = p(10, 5, 0);
    st.order = vec![Seat(1), Seat(0)];
    t.settle_sight(&mut st);
    let l = legal(&t, &st, Seat(1));
    assert!(
        !l.iter()
            .any(|a| matches!(a, Action::Attack { unit, .. } if usize::from(*unit) == reaper))
    );
}

/// tac.medikit.use, tac.medikit.heal: 10 TU, a 70% roll, 10 HTH back on success.
#[test]
fn medikit_heals_ten_on_a_seventy_percent_roll() {
    let t = tactical();
    let mut healed = false;
    for seed in 0..20 {
        let (mut st, _, _) = duel(&t, Options::default(), p(5, 10, 0), p(15, 0, 0));
        st.units[1].facing = Facing::N;
        st.units[7].status = Status::Active;
        st.units[7].pos = p(6, 10, 0);
        st.units[0].damage = 15;
        t.settle_sight(&mut st);
        let mut j = Journal::recording();
        let heal = Action::Heal { unit: 7, target: 0 };
        try_apply(&t, &mut st, Seat(0), &heal, seed, &mut j).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(st.units[7].tu, 27 - 10);
        let r = roll_of(&j, "tac.medikit.use");
        assert_eq!(r.p.map(|p| p.to_string()), Some("70.0% (7/10)".into()));
        if r.success == Some(true) {
            assert_eq!(st.units[0].damage, 5);
            healed = true;
        } else {
            assert_eq!(st.units[0].damage, 15);
        }
    }
    assert!(healed);
}

/// tac.move.fly-straight, tac.move.hover-vertical, tac.move.flyer-walk: a flier may walk or
/// fly; flying a square costs 2, rising a level 4.
#[test]
fn fliers_fly_or_walk_at_the_table_costs() {
    let t = tactical();
    let (mut st, x, _) = duel(&t, Options::default(), p(5, 10, 0), p(5, 0, 0));
    st.units[1].facing = Facing::N;
    st.units[x].flies = true; // as if in a Flying Suit (tac.unit.flight)
    let l = legal(&t, &st, Seat(0));
    assert!(l.contains(&fly(0, p(5, 9, 0))));
    assert!(l.contains(&step(0, p(5, 9, 0))));
    let up = fly(0, p(5, 10, 1));
    assert!(l.contains(&up));
    let tu = st.units[x].tu;
    act(&t, &mut st, up);
    assert_eq!(st.units[x].tu, tu - 4);
    act(&t, &mut st, fly(0, p(5, 9, 1)));
    assert_eq!(st.units[x].tu, tu - 6);
}
