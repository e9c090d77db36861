//! Explosives and the environment in play: HE and IN rounds, splash on units, priming and
//! throwing grenades, fuses, falls, smoke and fire at the end of a round. Each test names the
//! clauses it checks; the battlefields are small hand-drawn ones.

use crate::map_support::{drawn, field, rows};
use crate::support::{
    act, attack, duel, grenade, legal, p, prime, roll_of, tactical, texts, try_setup, weapon,
};
use squadsight_core::square::Pos;
use squadsight_core::{Journal, Seat};
use squadsight_tactical::Tactical;
use squadsight_tactical::action::Action;
use squadsight_tactical::data::Mode;
use squadsight_tactical::map::Battlefield;
use squadsight_tactical::map::{CloudKind, Facing};
use squadsight_tactical::options::Options;
use squadsight_tactical::state::{State, Status};
use squadsight_tactical::throw::Fuse;

/// Gives unit `i` a weapon loaded with its `ammo`-th round and a sure aim (95, the cap).
fn arm(t: &Tactical, st: &mut State, i: usize, name: &str, ammo: u8) {
    let w = weapon(t, name);
    let u = &mut st.units[i];
    u.weapon = Some(w);
    u.ammo = ammo;
    u.rounds = t.catalog().weapon(w).rounds;
    u.stats[2] = Some(200);
}

/// Gives unit `i` these grenades and plenty of TUs.
fn grenades(t: &Tactical, st: &mut State, i: usize, names: &[&str]) {
    st.units[i].grenades = names.iter().map(|n| grenade(t, n)).collect();
    st.units[i].tu = 80;
}

/// Brings another alien back into the game at `at`, facing `facing`.
fn second_alien(st: &mut State, a: usize, at: Pos, facing: Facing) -> usize {
    let b = (0..st.units.len())
        .find(|&k| k != a && st.units[k].seat == Seat(1))
        .unwrap_or_else(|| panic!("a second alien"));
    st.units[b].status = Status::Active;
    st.units[b].pos = at;
    st.units[b].facing = facing;
    b
}

/// A 5×5 field three levels high: open ground, open air, and on level 2 one floor square,
/// (1, 0), to fall from.
fn ledge() -> Battlefield {
    let mut top = rows(5, 5, ' ');
    top[1] = "   _       ".into();
    drawn(&[rows(5, 5, '.'), rows(5, 5, ' '), top])
}

/// Both squads end their turns: the round ends.
fn end_round(t: &Tactical, st: &mut State) -> Journal {
    let mut all = Journal::recording();
    for _ in 0..2 {
        let j = act(t, st, Action::EndTurn);
        for e in j.events() {
            all.note(e.rule, e.kind, || e.text.to_string());
        }
    }
    all
}

/// tac.dmgtype.area-structures, tac.splash.units, tac.splash.facing, tac.splash.rating,
/// tac.gap.59: a 75 HE-1 rocket that hits bursts on its target's square; the target takes
/// 75 on its Under armour, a unit next to it 55 on the side that faces the burst.
#[test]
fn tac_splash_units_an_he_round_bursts_on_its_target() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 12, 0), p(5, 5, 0));
    let b = second_alien(&mut st, a, p(6, 5, 0), Facing::S);
    t.settle_sight(&mut st);
    arm(&t, &mut st, x, "Rocket Launcher", 0);
    let w = st.units[x].weapon.unwrap_or_else(|| panic!("weapon"));
    let j = act(&t, &mut st, attack(x as u8, w, Mode::Aimed, a as u8));
    let hit = j
        .events()
        .iter()
        .find(|e| e.rule == "tac.ranged.resolve")
        .and_then(|e| e.roll)
        .and_then(|r| r.success);
    assert_eq!(hit, Some(true), "the seed gives a hit at 95");
    assert!(texts(&j, "tac.dmgtype.area-structures")[0].contains("75 HE-1 round bursts"));
    let splash = texts(&j, "tac.splash.units");
    let name_a = format!("#{} is caught in the blast: 75 HE on its under", a + 1);
    let name_b = format!("#{} is caught in the blast: 55 HE on its right", b + 1);
    assert!(splash.iter().any(|s| s.contains(&name_a)), "{splash:?}");
    assert!(splash.iter().any(|s| s.contains(&name_b)), "{splash:?}");
    // tac.smoke.source: the blast leaves smoke where it reached.
    assert!(st.bf.smoke_at(p(5, 5, 0)).is_some());
}

/// tac.gap.13, tac.collat.normal, tac.collat.super-tough, tac.equip.multi-ammo: a standing
/// hull wall stops the splash, which reaches the unit behind it a ring later over the top; a
/// normal wall is blown away and lets the splash through at its ring's full damage. The
/// Rocket Launcher fires the round it is loaded with: its second, 100 HE-2.
#[test]
fn tac_gap_13_splash_behind_walls() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(1, 6, 0), p(1, 1, 0));
    // Column 2 is walled off from column 1: a hull (H) on row 1, a normal wall (|) on row 2.
    st.bf = field(&[&[
        "+ + + + + + +",
        " . . . . . . ",
        "+ + + + + + +",
        " . .H. . . . ",
        "+ + + + + + +",
        " . .|. . . . ",
        "+ + + + + + +",
        " . . . . . . ",
        "+ + + + + + +",
        " . . . . . . ",
        "+ + + + + + +",
        " . . . . . . ",
        "+ + + + + + +",
        " . . . . . . ",
        "+ + + + + + +",
    ]]);
    st.units[a].pos = p(1, 1, 0);
    let b = second_alien(&mut st, a, p(2, 1, 0), Facing::S);
    t.settle_sight(&mut st);
    arm(&t, &mut st, x, "Rocket Launcher", 1); // 100 HE-2
    let w = st.units[x].weapon.unwrap_or_else(|| panic!("weapon"));
    let j = act(&t, &mut st, attack(x as u8, w, Mode::Aimed, a as u8));
    let splash = texts(&j, "tac.splash.units");
    // Behind the hull: 100 - 2 × 30, round the broken wall below or over the hull.
    let behind = format!("#{} is caught in the blast: 40 HE", b + 1);
    assert!(splash.iter().any(|s| s.contains(&behind)), "{splash:?}");
    assert!(j.events().iter().any(|e| e.rule == "tac.collat.trigger"
        && e.inputs.iter().any(|i| i.source == "tac.collat.normal")));
    assert!(
        st.bf
            .edge(p(1, 1, 0), squadsight_core::square::Dir::East)
            .is_some_and(|e| e.kind == squadsight_tactical::map::EdgeKind::Wall
                && e.class == squadsight_tactical::map::StrengthClass::SuperTough)
    );
}

/// tac.move.special.prime, tac.throw.prime, tac.throw.resolve, tac.move.special.throw,
/// tac.throw.target, tac.gap.50, tac.gap.14: priming costs 12 TU and offers delays 0 to 5; a
/// throw costs 6; a grenade with delay 1 lies on the map until the end of the round, then
/// goes off.
#[test]
fn tac_throw_prime_delay_one_goes_off_at_the_end_of_the_round() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 10, 0), p(5, 5, 0));
    grenades(&t, &mut st, x, &["Grenade"]);
    let moves = legal(&t, &st, Seat(0));
    for delay in 0..=5 {
        assert!(moves.contains(&Action::Prime {
            unit: 0,
            slot: 0,
            delay
        }));
    }
    assert!(!moves.iter().any(|m| matches!(m, Action::Throw { .. })));
    act(&t, &mut st, prime(0, 0, 1));
    assert_eq!(st.units[x].tu, 80 - 12);
    assert!(st.units[x].grenades.is_empty() && st.units[x].primed.is_some());
    let target = st.units[a].pos;
    assert!(legal(&t, &st, Seat(0)).contains(&Action::Throw {
        unit: 0,
        to: target
    }));
    let j = act(
        &t,
        &mut st,
        Action::Throw {
            unit: 0,
            to: target,
        },
    );
    assert_eq!(st.units[x].tu, 80 - 12 - 6);
    let roll = roll_of(&j, "tac.throw.resolve");
    // TAC 65, -5 for the range: 60.
    assert_eq!(roll.p.map(|p| p.to_string()), Some("60.0% (3/5)".into()));
    assert_eq!(st.live.len(), 1);
    assert_eq!(st.live[0].fuse, Fuse::Rounds(1));
    // Nothing happens when X-Com's squad turn ends; it goes off as the round ends.
    let j = act(&t, &mut st, Action::EndTurn);
    assert!(texts(&j, "tac.throw.prime").is_empty());
    assert_eq!(st.live.len(), 1);
    let j = act(&t, &mut st, Action::EndTurn);
    assert!(
        texts(&j, "tac.throw.prime")
            .iter()
            .any(|s| s.contains("goes off"))
    );
    assert!(!texts(&j, "tac.splash.rating").is_empty());
    assert!(st.live.is_empty());
}

/// tac.move.special.prime, tac.throw.resolve: the action's label and the journal name a grenade
/// with the article its name takes, "an Alien Grenade" but "a High Explosive".
#[test]
fn tac_throw_texts_give_the_grenade_its_article() {
    use squadsight_core::Ruleset;
    let t = tactical();
    for (name, article) in [("Alien Grenade", "an"), ("High Explosive", "a")] {
        let (mut st, x, a) = duel(&t, Options::default(), p(5, 10, 0), p(5, 7, 0));
        grenades(&t, &mut st, x, &[name]);
        let label = t.describe(&st, &prime(0, 0, 1));
        assert!(
            label.contains(&format!("primes {article} {name} (delay 1)")),
            "{label}"
        );
        let j = act(&t, &mut st, prime(0, 0, 1));
        let primed = texts(&j, "tac.move.special.prime");
        let want = format!("primes {article} {name} (12 TU)");
        assert!(primed.iter().any(|s| s.contains(&want)), "{primed:?}");
        let to = st.units[a].pos;
        let j = act(&t, &mut st, Action::Throw { unit: 0, to });
        let thrown = texts(&j, "tac.throw.resolve");
        let want = format!("throws {article} {name} at 5,7,1");
        assert!(thrown.iter().any(|s| s.contains(&want)), "{thrown:?}");
    }
}

/// tac.throw.prime, tac.gap.50: delay 0 goes off as the thrower's squad ends its turn, before
/// the enemy moves.
#[test]
fn tac_throw_prime_delay_zero_goes_off_at_the_end_of_the_squad_turn() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 10, 0), p(5, 5, 0));
    grenades(&t, &mut st, x, &["Grenade"]);
    act(&t, &mut st, prime(0, 0, 0));
    let to = st.units[a].pos;
    act(&t, &mut st, Action::Throw { unit: 0, to });
    assert_eq!(st.live[0].fuse, Fuse::SquadEnd(Seat(0)));
    let j = act(&t, &mut st, Action::EndTurn);
    assert!(
        texts(&j, "tac.throw.prime")
            .iter()
            .any(|s| s.contains("goes off"))
    );
    assert!(st.live.is_empty());
}

/// tac.throw.range, tac.gap.8, tac.throw.incapable: STR 30 throws a weight-6 High Explosive
/// 5 squares, not 6; a unit with TAC "-" cannot prime at all.
#[test]
fn tac_throw_range_is_strength_over_weight() {
    let t = tactical();
    for (dist, offered) in [(5, true), (6, false)] {
        let (mut st, x, _) = duel(&t, Options::default(), p(5, 10, 0), p(5, 10 - dist, 0));
        grenades(&t, &mut st, x, &["High Explosive"]);
        act(&t, &mut st, prime(0, 0, 2));
        let throws = legal(&t, &st, Seat(0))
            .iter()
            .any(|m| matches!(m, Action::Throw { .. }));
        assert_eq!(throws, offered, "at {dist} squares");
    }
    let (mut st, x, _) = duel(&t, Options::default(), p(5, 10, 0), p(5, 5, 0));
    grenades(&t, &mut st, x, &["Grenade"]);
    st.units[x].stats[4] = None;
    assert!(
        !legal(&t, &st, Seat(0))
            .iter()
            .any(|m| matches!(m, Action::Prime { .. }))
    );
}

/// tac.throw.over, tac.gap.52: a throw goes over a window-wall under open sky, but not when a
/// roof covers it.
#[test]
fn tac_throw_over_walls_only_under_open_sky() {
    let t = tactical();
    // A window-wall between the squares (2, 1) and (2, 2); the roof covers x 1..=3, y 1..=2.
    let mut ground = rows(5, 4, '.');
    ground[4] = "+ + +w+ + +".into();
    let mut roof = rows(5, 4, ' ');
    roof[3] = "   _ _ _   ".into();
    roof[5] = "   _ _ _   ".into();
    for (covered, offered) in [(false, true), (true, false)] {
        let (mut st, x, a) = duel(&t, Options::default(), p(2, 3, 0), p(2, 0, 0));
        st.bf = if covered {
            drawn(&[ground.clone(), roof.clone()])
        } else {
            drawn(&[ground.clone()])
        };
        st.units[a].pos = p(2, 0, 0);
        st.units[x].pos = p(2, 3, 0);
        t.settle_sight(&mut st);
        assert!(st.sees(x, a), "the window lets sight through");
        grenades(&t, &mut st, x, &["Grenade"]);
        act(&t, &mut st, prime(0, 0, 1));
        let throws = legal(&t, &st, Seat(0)).contains(&Action::Throw {
            unit: 0,
            to: p(2, 0, 0),
        });
        assert_eq!(throws, offered, "roof: {covered}");
    }
}

/// tac.throw.proximity, tac.gap.51: a proximity grenade that lands on a unit waits; the unit
/// sets it off when it moves.
#[test]
fn tac_throw_proximity_goes_off_when_the_unit_moves() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 10, 0), p(5, 5, 0));
    grenades(&t, &mut st, x, &["Proximity Grenade"]);
    let moves = legal(&t, &st, Seat(0));
    assert!(moves.contains(&prime(0, 0, 0)));
    assert!(!moves.contains(&prime(0, 0, 1)));
    act(&t, &mut st, prime(0, 0, 0));
    let to = st.units[a].pos;
    act(&t, &mut st, Action::Throw { unit: 0, to });
    let landed = st.live[0].pos;
    assert_eq!(st.live[0].fuse, Fuse::Proximity);
    // Land it where the alien stands, whatever the throw did, and give the aliens the turn.
    st.live[0].pos = to;
    act(&t, &mut st, Action::EndTurn);
    assert_eq!(st.live.len(), 1, "it landed at {landed:?} and waits");
    let step = legal(&t, &st, Seat(1))
        .into_iter()
        .find(|m| matches!(m, Action::Step { .. }))
        .unwrap_or_else(|| panic!("a step"));
    let j = act(&t, &mut st, step);
    assert!(!texts(&j, "tac.throw.proximity").is_empty());
    assert!(st.live.is_empty());
    assert!(
        texts(&j, "tac.splash.units")
            .iter()
            .any(|s| s.contains(&format!("#{}", a + 1)))
    );
}

/// tac.throw.premature: a blast reaching a primed grenade lying on the map sets it off early.
#[test]
fn tac_throw_premature_a_blast_sets_off_a_lying_grenade() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 10, 0), p(5, 5, 0));
    grenades(&t, &mut st, x, &["Grenade", "Alien Grenade"]);
    let to = st.units[a].pos;
    act(&t, &mut st, prime(0, 0, 5));
    act(&t, &mut st, Action::Throw { unit: 0, to });
    act(&t, &mut st, prime(0, 0, 0));
    act(&t, &mut st, Action::Throw { unit: 0, to });
    // Both landed within a few squares of each other; put them side by side to be sure.
    st.live[0].pos = to;
    st.live[1].pos = p(to.x + 1, to.y, 0);
    let j = act(&t, &mut st, Action::EndTurn);
    assert!(!texts(&j, "tac.throw.premature").is_empty());
    assert!(st.live.is_empty());
}

/// tac.smoke.damage, tac.fire.damage, tac.fire.flyers, tac.dmg.stun-sources: at the end of a
/// round smoke gives 10 ST (5 through Personal Armour's -5) and fire 20 IN; a flyer takes
/// no fire.
#[test]
fn tac_smoke_and_fire_damage_at_the_end_of_the_round() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 10, 0), p(5, 5, 0));
    st.units[x].facing = Facing::S;
    st.units[a].facing = Facing::N;
    let (xp, ap) = (st.units[x].pos, st.units[a].pos);
    st.bf.add_cloud(CloudKind::Fire, xp, 3);
    st.bf.add_cloud(CloudKind::Fire, ap, 3);
    st.units[a].flies = true;
    let j = end_round(&t, &mut st);
    // The X-Com troop wears Personal Armour: 10 ST - 5 = 5 stun (which wears off again as
    // the round ends, tac.dmg.stun-recovery).
    assert!(!texts(&j, "tac.smoke.damage").is_empty());
    let stun = texts(&j, "tac.dmg.stun-total");
    assert!(
        stun.iter().any(|s| s.contains("#1 takes 5 stun")),
        "{stun:?}"
    );
    assert_eq!(texts(&j, "tac.fire.damage").len(), 1);
    assert_eq!(texts(&j, "tac.fire.flyers").len(), 1);
    // tac.fire.ignite: three rounds, the one it started in counting.
    assert_eq!(st.bf.fire_at(xp), Some(2));
}

/// tac.fall.trigger, tac.fall.damage, tac.collat.remove: a rocket bursting on a unit that
/// stands on an upper floor destroys the floor; the unit drops two levels and takes 10 CC.
#[test]
fn tac_fall_damage_when_the_floor_is_blown_away() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(2, 4, 0), p(2, 0, 2));
    st.bf = ledge();
    st.units[a].pos = p(1, 0, 2);
    st.units[a].stats[1] = Some(500); // it must live through the blast to fall
    st.units[x].pos = p(1, 4, 0);
    t.settle_sight(&mut st);
    assert!(st.sees(x, a));
    arm(&t, &mut st, x, "Rocket Launcher", 0);
    let w = st.units[x].weapon.unwrap_or_else(|| panic!("weapon"));
    let j = act(&t, &mut st, attack(x as u8, w, Mode::Aimed, a as u8));
    assert_eq!(st.units[a].pos, p(1, 0, 0));
    assert!(texts(&j, "tac.fall.trigger")[0].contains("falls 2 level(s)"));
    assert!(texts(&j, "tac.fall.damage")[0].contains("10 CC"));
}

/// tac.dmgtype.list: one damage type serves the rules and the map.
#[test]
fn tac_dmgtype_list_one_type_for_rules_and_map() {
    let kind: squadsight_tactical::map::DamageType = squadsight_tactical::catalog::DamageType::HE;
    assert_eq!(kind.name(), "HE");
    assert_eq!(kind.index(), 5);
}

/// tac.scen.crash.setup, tac.scen.crash.head-start, tac.scen.crash.engine-roll,
/// tac.scen.crash.engine-blast, tac.scen.types, tac.gap.16, tac.gap.17: the crashed squad
/// spends 80% of its points, its power source rolls d100 against 85, an exploded one blows
/// 100 × 2d10 (or 100 + 2d10) HE-3, and only the crashed side acts in the first two rounds.
#[test]
fn tac_scen_crash_engine_roll_blast_and_head_start() {
    use squadsight_core::Ruleset;
    let t = tactical();
    let sc = t.scenario("crashed-ufo").unwrap_or_else(|e| panic!("{e}"));
    let aliens = Seat(1);
    let mut exploded = 0;
    for (seed, reading) in [(1u64, "times"), (2, "plus"), (3, "times"), (4, "plus")] {
        let mut o = Options::default();
        t.set_option(&mut o, "crash_blast", reading)
            .unwrap_or_else(|e| panic!("{e}"));
        let mut j = Journal::recording();
        let st = try_setup(&t, &sc, &o, seed, &mut j).unwrap_or_else(|e| panic!("{e}"));
        let roll = roll_of(&j, "tac.scen.crash.engine-roll");
        assert_eq!(roll.p.map(|p| p.to_string()), Some("85.0% (17/20)".into()));
        let blast = j
            .events()
            .iter()
            .filter(|e| e.rule == "tac.scen.crash.engine-blast" && e.roll.is_none())
            .map(|e| (e.text.clone(), e.inputs.clone()))
            .next();
        assert_eq!(blast.is_some(), roll.success == Some(true));
        if let Some((text, inputs)) = blast {
            exploded += 1;
            let sum: u32 = inputs[0]
                .value
                .to_string()
                .parse()
                .unwrap_or_else(|e| panic!("{e}"));
            let want = if reading == "times" {
                100 * sum
            } else {
                100 + sum
            };
            assert!(text.contains(&format!("{want} HE-3")), "{text}");
            assert!(j.events().iter().any(|e| e.rule == "tac.splash.rating"));
        }
        // tac.scen.crash.head-start: rounds 1 and 2 belong to the aliens alone.
        assert_eq!(st.order, vec![aliens]);
        assert_eq!(st.head_start, 2);
        assert_eq!(st.round_limit, 14 + 2);
        assert!(st.crashed.contains(aliens));
    }
    assert!(exploded > 0, "an 85% roll came up in four tries");
    // tac.scen.crash.setup: a crashed squad may spend 80% of its points (here 400 of 500).
    let mut dear = sc.clone();
    dear.squads[1].points = 500;
    let err = try_setup(&t, &dear, &Options::default(), 1, &mut Journal::off())
        .err()
        .unwrap_or_else(|| panic!("too dear"));
    let text = err.to_string();
    assert!(text.contains("it may spend 400"), "{text}");
    // A budget exactly the squad's cost is still too little when crashed.
    let cost: u32 = text
        .split("costs ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    dear.squads[1].points = cost;
    let err = try_setup(&t, &dear, &Options::default(), 1, &mut Journal::off())
        .err()
        .unwrap_or_else(|| panic!("too dear at full cost"));
    assert!(
        err.to_string()
            .contains(&format!("it may spend {}", cost * 4 / 5))
    );
    dear.squads[1].points = cost * 5 / 4 + 1;
    assert!(try_setup(&t, &dear, &Options::default(), 1, &mut Journal::off()).is_ok());
}

/// tac.scen.crash.grounded-engine, tac.explosive.detonate: a landed craft's engine is an
/// explosive object: destroyed (super-tough: 160 HE), it goes off as 90 HE-2, not as a
/// crash blast.
#[test]
fn tac_scen_crash_grounded_engine_is_an_ordinary_explosive() {
    let mut bf = field(&[&["+ + + + + +", " . E . . . ", "+ + + + + +"]]);
    let mut j = Journal::recording();
    let report = bf.strike(
        squadsight_tactical::map::Item::Object(p(1, 0, 0)),
        squadsight_tactical::map::DamageType::HE,
        160,
        &mut j,
    );
    assert_eq!(report.areas.len(), 1);
    assert_eq!(report.areas[0].blast.damage, 90);
    assert_eq!(report.areas[0].blast.rating, 2);
}

/// tac.miss.scope, tac.miss.direction, tac.miss.mof, tac.miss.offset, tac.miss.path,
/// tac.miss.not-target, tac.miss.always-hits: a shot that cannot hit rolls its direction on
/// the d10 table, goes one square off per 10 of the margin, rounded up, and never strikes
/// its target.
#[test]
fn tac_miss_a_missed_shot_deviates_and_spares_the_target() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(10, 15, 0), p(10, 10, 0));
    second_alien(&mut st, a, p(11, 5, 0), Facing::S);
    t.settle_sight(&mut st);
    arm(&t, &mut st, x, "Rifle", 0);
    st.units[x].stats[2] = Some(1); // 1 + 0 (snap) - 5 (range): always misses
    let w = st.units[x].weapon.unwrap_or_else(|| panic!("weapon"));
    let before = (st.units[a].damage, st.units[a].arm);
    let j = act(&t, &mut st, attack(x as u8, w, Mode::Snap, a as u8));
    let shot = roll_of(&j, "tac.ranged.resolve");
    assert_eq!(shot.success, Some(false));
    let dir = roll_of(&j, "tac.miss.direction");
    assert!(dir.p.is_some());
    let offset = j
        .events()
        .iter()
        .find(|e| e.rule == "tac.miss.offset")
        .unwrap_or_else(|| panic!("an offset"));
    let mof = shot.total as i32 + 4;
    let want = ((mof + 9) / 10).max(1);
    assert_eq!(offset.inputs[0].value, mof.to_string());
    assert_eq!(offset.inputs[1].value, want.to_string());
    // Whatever the stray round did, the target is untouched (tac.miss.not-target).
    assert_eq!((st.units[a].damage, st.units[a].arm), before);
    let ended = !texts(&j, "tac.miss.path").is_empty()
        || !texts(&j, "tac.miss.always-hits").is_empty()
        || !texts(&j, "tac.collat.trigger").is_empty();
    assert!(ended, "the stray round ends somewhere");
}

/// tac.miss.explosive: a stray HE round that hits the map bursts in the last square it
/// crossed; in a small walled yard the blast still catches the target next to the wall.
#[test]
fn tac_miss_explosive_a_stray_rocket_still_bursts() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(2, 4, 0), p(2, 1, 0));
    // A yard of super-tough walls, 5 x 5 inside a 7 x 7 field.
    st.bf = field(&[&[
        "+ + + + + + + +",
        " . . . . . . . ",
        "+ +#+#+#+#+#+ +",
        " .H. . . . .H. ",
        "+ + + + + + + +",
        " .H. . . . .H. ",
        "+ + + + + + + +",
        " .H. . . . .H. ",
        "+ + + + + + + +",
        " .H. . . . .H. ",
        "+ + + + + + + +",
        " .H. . . . .H. ",
        "+ +#+#+#+#+#+ +",
        " . . . . . . . ",
        "+ + + + + + + +",
    ]]);
    st.units[a].pos = p(3, 1, 0);
    st.units[x].pos = p(3, 5, 0);
    t.settle_sight(&mut st);
    arm(&t, &mut st, x, "Rocket Launcher", 1); // 100 HE-2
    st.units[x].stats[2] = Some(1); // a snap shot at -3: always misses
    let w = st.units[x].weapon.unwrap_or_else(|| panic!("weapon"));
    let j = act(&t, &mut st, attack(x as u8, w, Mode::Snap, a as u8));
    assert!(
        !texts(&j, "tac.miss.explosive").is_empty(),
        "{:?}",
        texts(&j, "tac.miss.path")
    );
    // Every square of the yard is within two rings of any other on its row and column...
    // and 100 HE-2 reaches two rings: the target took splash.
    let splash = texts(&j, "tac.splash.units");
    assert!(!splash.is_empty());
}

/// tac.miss.throw-elevation, tac.gap.61: a scattered throw comes down at the foot of an
/// object in its way, and at the edge of the map if it would fly off.
#[test]
fn tac_miss_throw_elevation_lands_at_the_foot() {
    use squadsight_tactical::map::SightRules;
    use squadsight_tactical::throw::scatter_landing;
    let bf = field(&[&["+ + + + + + + +", " . . . Q . . . ", "+ + + + + + + +"]]);
    let rules = SightRules::default();
    // A rock column at (3, 0): a throw going wide towards (5, 0) stops at (2, 0).
    assert_eq!(
        scatter_landing(&bf, &rules, p(0, 0, 0), p(5, 0, 0)),
        p(2, 0, 0)
    );
    // Off the map's east edge: the last square on the map, before the column.
    let open_row = field(&[&["+ + + +", " . . . ", "+ + + +"]]);
    assert_eq!(
        scatter_landing(&open_row, &rules, p(0, 0, 0), p(9, 0, 0)),
        p(2, 0, 0)
    );
}

/// tac.equip.flare, tac.ranged.mod.night, tac.gap.40: at night a flare lights the squares
/// around where it lands; shots at a unit in its light take no night penalty.
#[test]
fn tac_equip_flare_lights_the_night() {
    let t = tactical();
    let mut o = Options::default();
    o.set("light", "night").unwrap_or_else(|e| panic!("{e}"));
    let (mut st, x, a) = duel(&t, o, p(5, 10, 0), p(5, 5, 0));
    let w = st.units[x].weapon.unwrap_or_else(|| panic!("weapon"));
    let night = |st: &State| {
        t.to_hit(st, x, w, Mode::Snap, a)
            .modifiers
            .iter()
            .any(|m| m.clause == "tac.ranged.mod.night")
    };
    assert!(night(&st));
    grenades(&t, &mut st, x, &["Electro Flare"]);
    act(&t, &mut st, prime(0, 0, 0));
    let j = act(
        &t,
        &mut st,
        Action::Throw {
            unit: 0,
            to: p(5, 5, 0),
        },
    );
    assert!(!texts(&j, "tac.equip.flare").is_empty());
    assert!(st.live.is_empty(), "a flare never goes off");
    // 90 HE-2 reaches rings 0 to 2 (90, 60, 30): 5 x 5 squares on the ground and in the air
    // on each of the two levels above.
    assert_eq!(st.lit.len(), 75);
    let lit = st.lit.binary_search(&p(5, 5, 0)).is_ok();
    assert_eq!(night(&st), !lit);
}

/// tac.fall.onto-unit, tac.gap.57: a unit that falls onto another knocks it down (it loses
/// its TUs) and ends in the nearest free square.
#[test]
fn tac_fall_onto_unit_knocks_it_down() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(2, 4, 0), p(2, 0, 2));
    st.bf = ledge();
    st.units[a].pos = p(1, 0, 2);
    st.units[a].stats[1] = Some(500);
    let b = second_alien(&mut st, a, p(1, 0, 0), Facing::S);
    st.units[b].stats[1] = Some(500);
    st.units[x].pos = p(1, 4, 0);
    t.settle_sight(&mut st);
    arm(&t, &mut st, x, "Rocket Launcher", 0);
    let w = st.units[x].weapon.unwrap_or_else(|| panic!("weapon"));
    let j = act(&t, &mut st, attack(x as u8, w, Mode::Aimed, a as u8));
    assert!(!texts(&j, "tac.fall.onto-unit").is_empty());
    assert_eq!(st.units[b].tu, 0);
    assert_eq!(st.units[b].pos, p(1, 0, 0));
    assert_eq!(st.units[a].pos, p(0, 0, 0));
}

/// tac.dmgtype.stun, tac.dmg.stun-sources: smoke's stun knocks a unit out but never kills it.
#[test]
fn tac_dmgtype_stun_smoke_knocks_out_never_kills() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 10, 0), p(5, 5, 0));
    st.units[x].facing = Facing::S;
    st.units[a].facing = Facing::N;
    let ap = st.units[a].pos;
    st.bf.add_cloud(CloudKind::Smoke, ap, 3);
    st.units[a].stun = st.units[a].stat(1) - 2;
    end_round(&t, &mut st);
    assert_eq!(st.units[a].status, Status::Unconscious);
}
