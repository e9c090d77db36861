//! Weapons and alien attacks added late: the Grenade Launcher and the Celatid's spit fired
//! with the throwing rules, shots at an unconscious unit's square, the Cyberdisk's explosion
//! and Detonate, and Celatid cloning. Each test names the clauses it checks.

use crate::support::{act, act_with, attack, duel, fire_at, grenade, legal, tactical, weapon};
use squadsight_core::dice::Target;
use squadsight_core::square::Pos;
use squadsight_core::{Journal, Seat};
use squadsight_tactical::Tactical;
use squadsight_tactical::action::Action;
use squadsight_tactical::data::Mode;
use squadsight_tactical::map::Size;
use squadsight_tactical::options::Options;
use squadsight_tactical::squad::{UnitPickDef, price};
use squadsight_tactical::state::{State, Status};

fn p(x: i32, y: i32) -> Pos {
    Pos::new(x, y, 0)
}

/// Turns unit `i` into a fresh unit of type `name`: printed stats, armour, size and flight,
/// nothing carried.
pub(crate) fn become_(t: &Tactical, st: &mut State, i: usize, name: &str) {
    let k = t
        .catalog()
        .unit_id(name)
        .unwrap_or_else(|| panic!("{name}"));
    let ty = t.catalog().unit(k);
    let s = ty.stats;
    let u = &mut st.units[i];
    u.kind = k;
    u.stats = [
        Some(s.tu),
        Some(s.hth),
        s.acc,
        s.mac,
        s.tac,
        s.str,
        s.ret,
        s.psk,
        s.pst,
    ];
    u.arm = ty.arm;
    u.susc = ty.susc;
    u.size = if ty.size == 2 { Size::Two } else { Size::One };
    u.flies = ty.flies;
    u.weapon = None;
    u.rounds = None;
    u.grenades.clear();
    u.tu = s.tu;
    t.settle_sight(st);
}

fn rolls<'a>(j: &'a Journal, rule: &str) -> Vec<&'a squadsight_core::dice::Roll> {
    j.events()
        .iter()
        .filter(|e| e.rule == rule)
        .filter_map(|e| e.roll.as_ref())
        .collect()
}

/// Gives it to the alien's seat: the alien squad's turn.
fn alien_turn(st: &mut State) {
    st.order = vec![Seat(1), Seat(0)];
    st.turn = 0;
}

/// tac.unit.celatid-spit, tac.throw.as-throw, tac.stat.tac, tac.ranged.shot-types: the spit
/// uses TAC (50) plus the shot's bonus, with the throwing modifiers; the acid counts as
/// weight 5, so STR 70 reaches 14 squares and no further.
#[test]
fn tac_unit_celatid_spit_is_a_throw_reaching_str_over_five() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 19), p(5, 5));
    become_(&t, &mut st, a, "Celatid");
    alien_turn(&mut st);
    let spit = weapon(&t, "Celatid");
    assert_eq!(t.thrown_reach(&st, a, spit), Some(14));
    let fire = |mode| Action::FireAt {
        unit: a as u8,
        weapon: spit,
        mode,
        at: p(5, 19),
    };
    let list = legal(&t, &st, Seat(1));
    // tac.ranged.shot-types: the Celatid lists Snap and Aimed, never Auto.
    assert!(list.contains(&fire(Mode::Snap)), "{list:?}");
    assert!(list.contains(&fire(Mode::Aimed)));
    assert!(!list.contains(&fire(Mode::Auto)));
    // Its ACC is "-": it never fires at a unit the ranged way.
    assert!(!list.iter().any(|l| matches!(l, Action::Attack { .. })));
    // TAC 50, snap +15, range 14 × -1.
    let hit = t.thrown_to_hit(&st, a, spit, Mode::Snap, p(5, 19));
    assert_eq!(hit.base, ("TAC", 50));
    assert_eq!(hit.target, 50 + 15 - 14);
    // One square further is out of reach.
    st.units[x].pos = p(5, 20 - 1);
    st.units[a].pos = p(5, 4);
    t.settle_sight(&mut st);
    let list = legal(&t, &st, Seat(1));
    assert!(!list.iter().any(|l| matches!(l, Action::FireAt { .. })));
    // Back in reach: the roll is journaled on its rule with the exact target.
    st.units[a].pos = p(5, 5);
    t.settle_sight(&mut st);
    let before = st.units[x].damage;
    let mut hits = 0;
    for seed in 0..30 {
        let mut s = st.clone();
        let j = act_with(&t, &mut s, fire(Mode::Snap), seed);
        let r = rolls(&j, "tac.unit.celatid-spit");
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].target, Some(Target::AtMost(51)));
        assert_eq!(s.units[a].tu, st.units[a].tu - 10);
        if r[0].success == Some(true) {
            hits += 1;
            // 140 AC on an unarmoured soldier.
            assert!(s.units[x].damage > before || s.units[x].status == Status::Dead);
        }
    }
    assert!(hits > 0);
}

/// tac.equip.grenade-launcher, tac.throw.as-throw, tac.move.special.load, tac.ranged.mod.range:
/// loading up to six grenades is one 8 TU loading action; an Auto shot is a volley of three
/// grenades rolled on TAC with the throwing modifiers and no maximum range, and each goes off
/// where it comes down.
#[test]
fn tac_equip_grenade_launcher_loads_six_and_fires_a_volley() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(2, 19), p(2, 1));
    let gl = weapon(&t, "Grenade Launcher");
    let g = grenade(&t, "Grenade");
    st.units[x].weapon = Some(gl);
    st.units[x].rounds = Some(0);
    st.units[x].grenades = vec![g; 7];
    st.units[x].tu = 80;
    let list = legal(&t, &st, Seat(0));
    // Empty: nothing to fire, but it can be loaded.
    assert!(!list.iter().any(|l| matches!(l, Action::FireAt { .. })));
    assert!(list.contains(&Action::Reload { unit: 0 }));
    let j = act(&t, &mut st, Action::Reload { unit: 0 });
    assert!(
        j.events()
            .iter()
            .any(|e| e.rule == "tac.equip.grenade-launcher")
    );
    assert_eq!(st.units[x].launcher.len(), 6);
    assert_eq!(st.units[x].grenades.len(), 1);
    assert_eq!(st.units[x].tu, 80 - 8);
    // Full: no second loading.
    assert!(!legal(&t, &st, Seat(0)).contains(&Action::Reload { unit: 0 }));
    // Put down, the launcher is emptied into the kit.
    let mut put = st.clone();
    let drop = Action::Drop {
        unit: 0,
        item: squadsight_tactical::items::Carried::Weapon,
    };
    assert!(legal(&t, &put, Seat(0)).contains(&drop));
    act(&t, &mut put, drop);
    assert!(put.units[x].launcher.is_empty());
    assert_eq!(put.units[x].grenades.len(), 1 + 6);
    // 18 squares: far beyond any throw of a weight-3 grenade, but the launcher has no limit.
    let volley = fire_at(0, gl, Mode::Auto, p(2, 1));
    assert!(legal(&t, &st, Seat(0)).contains(&volley));
    let hit = t.thrown_to_hit(&st, x, gl, Mode::Auto, p(2, 1));
    let tac = st.units[x].stat(4);
    assert_eq!(hit.base, ("TAC", tac));
    assert_eq!(hit.target, (tac - 20 - 18).min(95));
    let j = act(&t, &mut st, volley);
    let r = rolls(&j, "tac.equip.grenade-launcher");
    assert_eq!(r.len(), 3);
    assert_eq!(st.units[x].launcher.len(), 3);
    assert_eq!(st.units[x].rounds, Some(3));
    assert_eq!(st.units[x].tu, 72 - 17);
    // Each grenade goes off where it lands: three bursts.
    let bursts = j
        .events()
        .iter()
        .filter(|e| e.rule == "tac.equip.grenade-launcher" && e.text.contains("goes off"))
        .count();
    assert_eq!(bursts, 3);
    let _ = a;
}

/// tac.equip.grenade-launcher, tac.squad.ammo: squads may buy the launcher; it takes the
/// grenades bought, never clips, and the first six start loaded.
#[test]
fn tac_equip_grenade_launcher_is_bought_with_grenades() {
    let t = tactical();
    let pick = UnitPickDef {
        unit: "Troop".into(),
        weapon: Some("Grenade Launcher".into()),
        grenades: vec!["Grenade".into(); 7],
        ..UnitPickDef::default()
    };
    let l = price(t.catalog(), &pick, 0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(l.grenades.len(), 7);
    let clips = UnitPickDef {
        clips: 1,
        ..pick.clone()
    };
    assert!(price(t.catalog(), &clips, 0).is_err());
}

/// tac.ranged.unconscious-target, tac.ranged.targets: an unconscious enemy is never a unit
/// target, but its square can be shot at, with the odds of a shot at it.
#[test]
fn tac_ranged_unconscious_target_fire_at_the_square() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 10), p(5, 6));
    st.units[a].status = Status::Unconscious;
    st.units[x].stats[2] = Some(200);
    t.settle_sight(&mut st);
    let list = legal(&t, &st, Seat(0));
    assert!(
        !list
            .iter()
            .any(|l| matches!(l, Action::Attack { target, .. } if usize::from(*target) == a))
    );
    let rifle = st.units[x].weapon.unwrap_or_else(|| panic!("a weapon"));
    let shot = fire_at(0, rifle, Mode::Snap, p(5, 6));
    assert!(list.contains(&shot), "{list:?}");
    let mut hit = false;
    for seed in 0..10 {
        let mut s = st.clone();
        let j = act_with(&t, &mut s, shot.clone(), seed);
        let r = rolls(&j, "tac.ranged.resolve");
        assert_eq!(r.len(), 1);
        if r[0].success == Some(true) {
            hit = true;
            assert!(s.units[a].damage > 0 || s.units[a].stun > 0);
            break;
        }
    }
    assert!(hit);
}

/// tac.unit.cyberdisk-explode: a destroyed Cyberdisk rolls d10 (journaled with p = 1/2);
/// on 6–10 it explodes with 90 HE-2 centred on itself, on 1–5 it does not.
#[test]
fn tac_unit_cyberdisk_explode_on_six_or_more() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 9), p(5, 7));
    become_(&t, &mut st, a, "Cyberdisk");
    st.units[a].damage = st.units[a].stat(1) - 1;
    st.units[x].stats[2] = Some(200);
    t.settle_sight(&mut st);
    let shot = legal(&t, &st, Seat(0))
        .into_iter()
        .find(|l| matches!(l, Action::Attack { target, mode: Mode::Snap, .. } if usize::from(*target) == a))
        .unwrap_or_else(|| panic!("a snap shot at the Cyberdisk"));
    let (mut boom, mut quiet) = (false, false);
    for seed in 0..60 {
        let mut s = st.clone();
        let j = act_with(&t, &mut s, shot.clone(), seed);
        if s.units[a].status != Status::Dead {
            continue;
        }
        let r = rolls(&j, "tac.unit.cyberdisk-explode");
        assert_eq!(r.len(), 1);
        let exploded = j.events().iter().any(|e| e.rule.starts_with("tac.splash."));
        if r[0].total > 5 {
            assert_eq!(r[0].target, Some(Target::Between(6, 10)));
            assert!(exploded, "6–10 explodes");
            boom = true;
        } else {
            assert_eq!(r[0].target, Some(Target::Between(1, 5)));
            assert!(!exploded, "1–5 does not");
            quiet = true;
        }
        assert_eq!(r[0].p.map(|p| (p.num(), p.den())), Some((1, 2)));
    }
    assert!(boom && quiet);
}

/// tac.unit.cyberdisk-detonate: Detonate costs 0 TU and rolls nothing; the Cyberdisk is
/// destroyed and its 90 HE-2 blast goes off on itself, catching the soldier next to it.
#[test]
fn tac_unit_cyberdisk_detonate_destroys_itself_in_a_blast() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 9), p(5, 7));
    become_(&t, &mut st, a, "Cyberdisk");
    alien_turn(&mut st);
    let det = attack(a as u8, weapon(&t, "Cyberdisk"), Mode::Detonate, a as u8);
    assert!(legal(&t, &st, Seat(1)).contains(&det));
    let arm: i16 = st.units[x].arm.iter().sum();
    let j = act(&t, &mut st, det);
    assert_eq!(st.units[a].status, Status::Dead);
    assert!(j.events().iter().any(|e| e.rule == "tac.splash.units"));
    assert!(
        j.events()
            .iter()
            .any(|e| e.rule == "tac.unit.cyberdisk-detonate")
    );
    assert!(rolls(&j, "tac.unit.cyberdisk-explode").is_empty());
    let after: i16 = st.units[x].arm.iter().sum();
    assert!(st.units[x].damage > 0 || after < arm || st.units[x].status != Status::Active);
}

/// tac.unit.celatid-clone, tac.gap.37: every fourth round a surviving Celatid brings a new
/// one into play next to it, for its seat.
#[test]
fn tac_unit_celatid_clone_every_four_rounds() {
    let t = tactical();
    let (mut st, _, a) = duel(&t, Options::default(), p(1, 19), p(10, 5));
    become_(&t, &mut st, a, "Celatid");
    let n = st.units.len();
    let celatid = st.units[a].kind;
    let mut rounds = Vec::new();
    for _ in 0..9 {
        let r = st.round;
        for _ in 0..4 {
            if st.round != r {
                break;
            }
            act(&t, &mut st, Action::EndTurn);
        }
        let count = st
            .units
            .iter()
            .filter(|u| u.kind == celatid && u.active())
            .count();
        rounds.push((st.round, count));
    }
    // Round 5: a second Celatid; round 9: the first clones again (the second is 4 rounds old
    // only at round 9 too, so two new ones).
    let at = |r: u32| rounds.iter().find(|x| x.0 == r).map(|x| x.1);
    assert_eq!(at(4), Some(1));
    assert_eq!(at(5), Some(2));
    assert_eq!(at(8), Some(2));
    assert_eq!(at(9), Some(4));
    let child = &st.units[n];
    assert_eq!(child.seat, Seat(1));
    assert_eq!(child.born, 5);
    let d = (child.pos.x - 10).abs().max((child.pos.y - 5).abs());
    assert!(d <= 1, "next to its parent: {:?}", child.pos);
}

/// Puts a weapon in unit `i`'s hand, loaded, and optionally a second one.
fn hands(t: &Tactical, st: &mut State, i: usize, main: &str, second: Option<&str>) {
    let w = weapon(t, main);
    let u = &mut st.units[i];
    u.weapon = Some(w);
    u.ammo = 0;
    u.rounds = t.catalog().weapon(w).rounds;
    u.second = second.map(|s| weapon(t, s));
    u.second_rounds = u.second.and_then(|s| t.catalog().weapon(s).rounds);
}

/// tac.ranged.akimbo, tac.ranged.mod.akimbo-pistols, tac.ranged.mod.second-weapon, tac.gap.46:
/// two pistols fire together in Snap (never Aimed) for the higher TU cost, each shot rolled on
/// its own at -5 and without the second-weapon penalty.
#[test]
fn tac_ranged_akimbo_two_pistols() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 10), p(5, 5));
    hands(&t, &mut st, x, "Pistol", Some("Pistol"));
    let list = legal(&t, &st, Seat(0));
    let akimbo = |mode| Action::Akimbo {
        unit: 0,
        mode,
        target: a as u8,
    };
    assert!(list.contains(&akimbo(Mode::Snap)), "{list:?}");
    assert!(!list.contains(&akimbo(Mode::Aimed)));
    // The Pistol has no Auto row.
    assert!(!list.contains(&akimbo(Mode::Auto)));
    let pistol = weapon(&t, "Pistol");
    st.units[x].fired = Some(weapon(&t, "Rifle"));
    let hit = t.akimbo_to_hit(&st, x, pistol, Mode::Snap, a);
    let clauses: Vec<_> = hit.modifiers.iter().map(|m| (m.clause, m.value)).collect();
    assert!(clauses.contains(&("tac.ranged.mod.akimbo-pistols", -5)));
    assert!(
        !clauses
            .iter()
            .any(|c| c.0 == "tac.ranged.mod.second-weapon")
    );
    // Alone, the switch costs -20.
    assert!(
        t.to_hit(&st, x, pistol, Mode::Snap, a)
            .modifiers
            .iter()
            .any(|m| m.clause == "tac.ranged.mod.second-weapon")
    );
    st.units[x].fired = None;
    let tu = st.units[x].tu;
    let j = act(&t, &mut st, akimbo(Mode::Snap));
    assert!(j.events().iter().any(|e| e.rule == "tac.ranged.akimbo"));
    assert_eq!(st.units[x].tu, tu - 5);
    let shots = rolls(&j, "tac.ranged.resolve");
    assert!(!shots.is_empty() && shots.len() <= 2);
    assert_eq!(st.units[x].rounds, Some(11));
    if st.units[a].active() {
        assert_eq!(shots.len(), 2);
        assert_eq!(st.units[x].second_rounds, Some(11));
    }
}

/// tac.ranged.akimbo, tac.ranged.mod.akimbo-rifles: a rifle with a pistol takes -15 on each
/// shot and costs the higher TU (6); support weapons never fire akimbo and cannot be bought
/// as a second weapon.
#[test]
fn tac_ranged_akimbo_with_a_rifle_and_never_support() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 10), p(5, 5));
    hands(&t, &mut st, x, "Rifle", Some("Pistol"));
    let rifle = weapon(&t, "Rifle");
    let hit = t.akimbo_to_hit(&st, x, rifle, Mode::Snap, a);
    assert!(
        hit.modifiers
            .iter()
            .any(|m| m.clause == "tac.ranged.mod.akimbo-rifles" && m.value == -15)
    );
    let list = legal(&t, &st, Seat(0));
    let snap = Action::Akimbo {
        unit: 0,
        mode: Mode::Snap,
        target: a as u8,
    };
    assert!(list.contains(&snap));
    let tu = st.units[x].tu;
    act(&t, &mut st, snap);
    assert_eq!(st.units[x].tu, tu - 6);
    // A support weapon in hand: no akimbo.
    let (mut st, x, _) = duel(&t, Options::default(), p(5, 10), p(5, 5));
    hands(&t, &mut st, x, "Heavy Cannon", Some("Pistol"));
    assert!(
        !legal(&t, &st, Seat(0))
            .iter()
            .any(|l| matches!(l, Action::Akimbo { .. }))
    );
    let bad = UnitPickDef {
        unit: "Troop".into(),
        weapon: Some("Pistol".into()),
        second: Some("Heavy Cannon".into()),
        ..UnitPickDef::default()
    };
    assert!(price(t.catalog(), &bad, 0).is_err());
    let good = UnitPickDef {
        second: Some("Pistol".into()),
        ..bad
    };
    let l = price(t.catalog(), &good, 0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(l.second, Some(weapon(&t, "Pistol")));
}

/// tac.react.akimbo: a reaction won by a soldier with two pistols may be taken akimbo, in
/// Snap, for the higher snap cost; with a rifle it may not.
#[test]
fn tac_react_akimbo_with_two_pistols() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 10), p(5, 5));
    hands(&t, &mut st, x, "Pistol", Some("Pistol"));
    alien_turn(&mut st);
    st.reactions.push(squadsight_tactical::state::Reaction {
        reactor: x as u8,
        target: a as u8,
    });
    let list = legal(&t, &st, Seat(0));
    assert_eq!(
        list,
        vec![
            Action::React { reactor: 0 },
            Action::ReactAkimbo { reactor: 0 },
            Action::Hold
        ]
    );
    let tu = st.units[x].tu;
    let j = act(&t, &mut st, Action::ReactAkimbo { reactor: 0 });
    assert!(j.events().iter().any(|e| e.rule == "tac.react.akimbo"));
    assert_eq!(st.units[x].tu, tu - 5);
    assert!(!rolls(&j, "tac.ranged.resolve").is_empty());
    // A rifle and a pistol: no akimbo reaction.
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 10), p(5, 5));
    hands(&t, &mut st, x, "Rifle", Some("Pistol"));
    alien_turn(&mut st);
    st.reactions.push(squadsight_tactical::state::Reaction {
        reactor: x as u8,
        target: a as u8,
    });
    assert!(!legal(&t, &st, Seat(0)).contains(&Action::ReactAkimbo { reactor: 0 }));
}

/// tac.ranged.targeted, tac.ranged.mod.waypoint, tac.gap.47: a targeted weapon never takes the
/// range penalty; a path via a friend's square rolls once per waypoint, +0 then -5.
#[test]
fn tac_ranged_targeted_waypoints_and_no_range_penalty() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 18), p(5, 2));
    hands(&t, &mut st, x, "Blaster Launcher", None);
    st.units[x].stats[2] = Some(20);
    let blaster = weapon(&t, "Blaster Launcher");
    // Straight at the target: one waypoint, 20 + 60, no range.
    let hit = t.to_hit(&st, x, blaster, Mode::Aimed, a);
    assert_eq!(hit.target, 80);
    assert!(
        hit.modifiers
            .iter()
            .any(|m| m.clause == "tac.ranged.mod.waypoint" && m.value == 0)
    );
    assert!(
        !hit.modifiers
            .iter()
            .any(|m| m.clause == "tac.ranged.mod.range")
    );
    assert_eq!(t.waypoint_to_hit(&st, x, blaster, 2, a).target, 75);
    // A friend at 10,10 gives a waypoint.
    let f = (0..st.units.len())
        .find(|&k| k != x && st.units[k].seat == Seat(0))
        .unwrap_or_else(|| panic!("a friend"));
    st.units[f].status = Status::Active;
    st.units[f].pos = p(10, 10);
    t.settle_sight(&mut st);
    let path = Action::Guided {
        unit: 0,
        weapon: blaster,
        via: p(10, 10),
        target: a as u8,
    };
    assert!(legal(&t, &st, Seat(0)).contains(&path));
    let (mut through, mut astray) = (false, false);
    for seed in 0..40 {
        let mut s = st.clone();
        let j = act_with(&t, &mut s, path.clone(), seed);
        let r = rolls(&j, "tac.ranged.targeted");
        assert_eq!(r[0].target, Some(Target::AtMost(80)));
        if r[0].success == Some(true) {
            assert_eq!(r[1].target, Some(Target::AtMost(75)));
            if r[1].success == Some(true) {
                through = true;
                assert_ne!(s.units[a].status, Status::Active);
            }
        } else {
            // tac.ranged.targeted-fail, tac.miss.targeted: it flies on as a missed shot
            // from the firer towards the first waypoint; the second is never rolled.
            astray = true;
            assert_eq!(r.len(), 1);
            assert!(j.events().iter().any(|e| e.rule == "tac.miss.targeted"));
            assert!(j.events().iter().any(|e| e.rule == "tac.miss.offset"));
        }
        assert_eq!(s.units[x].rounds, Some(0));
    }
    assert!(through && astray);
}
