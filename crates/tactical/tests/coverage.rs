//! Rules that had code but no test of their own: squad building (technology level,
//! ammunition, notation, armour suits), stats, movement costs (flying, doors, uneven ground),
//! throwing modifiers, the second-weapon penalty, melee incapacity, prone units, arm wounds
//! and HWP fire. Each test names the clauses it checks.

use crate::map_support::{field, strip};
use crate::support::{act, attack, duel, fly, grenade, legal, step, tactical, try_setup, weapon};
use crate::weapons::become_;
use squadsight_core::square::Pos;
use squadsight_core::{Journal, Seat};
use squadsight_tactical::action::Action;
use squadsight_tactical::data::Mode;
use squadsight_tactical::map::Facing;
use squadsight_tactical::options::Options;
use squadsight_tactical::squad::{UnitPickDef, price};
use squadsight_tactical::state::Status;

fn p(x: i32, y: i32) -> Pos {
    Pos::new(x, y, 0)
}

fn pick(unit: &str, weapon: Option<&str>) -> UnitPickDef {
    UnitPickDef {
        unit: unit.into(),
        weapon: weapon.map(Into::into),
        ..UnitPickDef::default()
    }
}

/// tac.tech.level: at a technology level only what that level allows may be bought; 0 is no
/// restriction.
#[test]
fn tac_tech_level_limits_what_may_be_bought() {
    let t = tactical();
    let c = t.catalog();
    // The Laser Rifle is X-Com level 2.
    let laser = pick("Troop", Some("Laser Rifle"));
    assert!(price(c, &laser, 1).is_err());
    assert!(price(c, &laser, 2).is_ok());
    assert!(price(c, &laser, 0).is_ok());
    // The Rifle is level 1: always allowed.
    assert!(price(c, &pick("Troop", Some("Rifle")), 1).is_ok());
}

/// tac.squad.ammo, tac.equip.notation, tac.gap.48: a small arm's price includes one clip and
/// each spare "(n)" costs n; a support weapon pays for its loaded clip too. Weights read
/// "w (c)": weapon w, each spare clip c.
#[test]
fn tac_squad_ammo_and_tac_equip_notation() {
    let t = tactical();
    let c = t.catalog();
    let troop = price(c, &pick("Troop", None), 0)
        .unwrap_or_else(|e| panic!("{e}"))
        .points;
    let rifle = price(c, &pick("Troop", Some("Rifle")), 0).unwrap_or_else(|e| panic!("{e}"));
    // Rifle 10 (1): the loaded clip comes with the weapon.
    assert_eq!(rifle.points, troop + 10);
    assert_eq!(rifle.weight, 8);
    let spares = UnitPickDef {
        clips: 2,
        ..pick("Troop", Some("Rifle"))
    };
    let spares = price(c, &spares, 0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(spares.points, troop + 10 + 2);
    // Weight 8 (3): two spare clips add 6.
    assert_eq!(spares.weight, 8 + 2 * 3);
    // Heavy Cannon 25 (3) is a support weapon: its loaded AP clip is paid for as well.
    let cannon =
        price(c, &pick("Troop", Some("Heavy Cannon")), 0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(cannon.points, troop + 25 + 3);
    // "(-)": the Laser Pistol needs no clip and takes none.
    let laser = UnitPickDef {
        clips: 1,
        ..pick("Troop", Some("Laser Pistol"))
    };
    assert!(price(c, &laser, 0).is_err());
}

/// tac.equip.armour-effects, tac.stat.str: a Power Suit adds 15 STR, a Flying Suit 10 and
/// flight; the suit's armour protects the wearer.
#[test]
fn tac_equip_armour_effects_strength_and_flight() {
    let t = tactical();
    let c = t.catalog();
    let bare = price(c, &pick("Troop", None), 0).unwrap_or_else(|e| panic!("{e}"));
    let suit = |name: &str| {
        let p = UnitPickDef {
            armour: Some(name.into()),
            ..pick("Troop", None)
        };
        price(c, &p, 0).unwrap_or_else(|e| panic!("{e}"))
    };
    let power = suit("Power Suit");
    let flying = suit("Flying Suit");
    let str = |l: &squadsight_tactical::squad::Loadout| l.stats[5].unwrap_or(0);
    assert_eq!(str(&power), str(&bare) + 15);
    assert_eq!(str(&flying), str(&bare) + 10);
    assert_eq!(power.arm, [100, 80, 80, 70, 60]);
    let flier = c.armour(flying.armour.unwrap_or_else(|| panic!("a suit")));
    assert!(flier.flying);
    assert!(
        !c.armour(power.armour.unwrap_or_else(|| panic!("a suit")))
            .flying
    );
}

/// tac.stat.str, tac.stat.tac, tac.throw.range: STR sets how far a unit throws (STR ÷
/// weight) and how much it carries before it is encumbered (tac.move.encumbrance).
#[test]
fn tac_stat_str_sets_throw_range_and_load() {
    let t = tactical();
    let (mut st, x, _) = duel(&t, Options::default(), p(5, 10), p(5, 0));
    let g = grenade(&t, "Grenade");
    st.units[x].stats[5] = Some(30);
    assert_eq!(t.throw_range(&st, x, g), Some(10));
    st.units[x].stats[5] = Some(60);
    assert_eq!(t.throw_range(&st, x, g), Some(20));
    // Over STR: every step costs double.
    st.units[x].weight = 61;
    st.units[x].facing = Facing::S;
    let tu = st.units[x].tu;
    act(&t, &mut st, step(0, p(5, 11)));
    assert_eq!(st.units[x].tu, tu - 2 * 2);
}

/// tac.move.fly-diagonal, tac.move.terrain-walk-only: flying a square diagonally costs 3 TU;
/// flying over crops costs no surcharge, walking onto them does.
#[test]
fn tac_move_fly_diagonal_and_terrain_walk_only() {
    let t = tactical();
    let (mut st, x, _) = duel(&t, Options::default(), p(1, 0), p(5, 0));
    st.bf = strip(&[".%%%%."]);
    st.units[x].pos = p(0, 0);
    st.units[x].facing = Facing::E;
    st.units[x].flies = true;
    st.units[1].pos = p(5, 0);
    t.settle_sight(&mut st);
    let tu = st.units[x].tu;
    // Onto crops on foot: 2 + 1 surcharge (tac.move.uneven).
    act(&t, &mut st, step(0, p(1, 0)));
    assert_eq!(st.units[x].tu, tu - 3);
    // Flying on over crops: 2, no surcharge.
    act(&t, &mut st, fly(0, p(2, 0)));
    assert_eq!(st.units[x].tu, tu - 5);
    // Diagonal flight on an open field: 3 (after a free 45° turn).
    let (mut st, x, _) = duel(&t, Options::default(), p(5, 10), p(15, 0));
    st.units[x].flies = true;
    st.units[x].facing = Facing::NE;
    let tu = st.units[x].tu;
    act(&t, &mut st, fly(0, p(6, 9)));
    assert_eq!(st.units[x].tu, tu - 3);
}

/// tac.move.special.open-door, tac.map.door: opening a door costs 2 TU and lets the unit
/// through.
#[test]
fn tac_move_special_open_door_costs_two() {
    let t = tactical();
    let (mut st, x, _) = duel(&t, Options::default(), p(1, 0), p(2, 1));
    st.bf = field(&[&["+ + + +", " . .d. ", "+ + + +", " . . . ", "+ + + +"]]);
    st.units[x].pos = p(1, 0);
    st.units[x].facing = Facing::E;
    st.units[1].pos = p(0, 1);
    st.units[1].status = Status::Dead;
    t.settle_sight(&mut st);
    let through = step(0, p(2, 0));
    let list = legal(&t, &st, Seat(0));
    assert!(!list.contains(&through));
    let door = list
        .iter()
        .find_map(|a| match a {
            Action::OpenDoor { door, .. } => Some(*door),
            _ => None,
        })
        .unwrap_or_else(|| panic!("a door to open: {list:?}"));
    let tu = st.units[x].tu;
    let j = act(&t, &mut st, Action::OpenDoor { unit: 0, door });
    assert!(
        j.events()
            .iter()
            .any(|e| e.rule == "tac.move.special.open-door")
    );
    assert_eq!(st.units[x].tu, tu - 2);
    assert!(legal(&t, &st, Seat(0)).contains(&through));
}

/// tac.move.special.unload: the special-movement table lists unloading at 4 TU (loading is
/// 8). Our units never unload by hand (a clip is swapped by loading), so the table value is
/// what the data holds.
#[test]
fn tac_move_special_unload_is_four_in_the_table() {
    let t = tactical();
    let s = t.catalog().rules().special;
    assert_eq!((s.unload, s.load, s.open_door), (4, 8, 2));
}

/// tac.ranged.mod.spotter, tac.ranged.mod.no-los, tac.gap.41: a throw at a square the thrower
/// cannot see takes -10 when a friend sees it and -20 when nobody on its side does.
#[test]
fn tac_ranged_mod_spotter_and_no_los_for_throws() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 10), p(5, 6));
    let label = |st: &squadsight_tactical::state::State| {
        t.throw_to_hit(st, x, p(5, 6))
            .modifiers
            .iter()
            .map(|m| (m.label, m.value, m.clause))
            .collect::<Vec<_>>()
    };
    // In sight: neither.
    assert!(
        !label(&st)
            .iter()
            .any(|m| m.0 == "spotter" || m.0 == "no line of sight")
    );
    // Out of sight range: nobody sees the target.
    st.sight.range = Some(3);
    t.settle_sight(&mut st);
    assert!(!st.sees(x, a));
    assert!(label(&st).contains(&("no line of sight", -20, "tac.ranged.mod.no-los")));
    // A friend looking at it: a spotter.
    let f = (0..st.units.len())
        .find(|&k| k != x && st.units[k].seat == Seat(0))
        .unwrap_or_else(|| panic!("a friend"));
    st.units[f].status = Status::Active;
    st.units[f].pos = p(6, 8);
    st.units[f].facing = Facing::N;
    t.settle_sight(&mut st);
    assert!(st.sees(f, a));
    assert!(label(&st).contains(&("spotter", -10, "tac.ranged.mod.spotter")));
}

/// tac.ranged.mod.second-weapon, tac.gap.46: -20 on a shot with a weapon other than the
/// first one fired this turn; the first weapon fires without it.
#[test]
fn tac_ranged_mod_second_weapon_is_minus_twenty() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 10), p(5, 6));
    let rifle = st.units[x].weapon.unwrap_or_else(|| panic!("a weapon"));
    let pistol = weapon(&t, "Pistol");
    let second = |st: &squadsight_tactical::state::State, w| {
        t.to_hit(st, x, w, Mode::Snap, a)
            .modifiers
            .iter()
            .any(|m| m.clause == "tac.ranged.mod.second-weapon" && m.value == -20)
    };
    assert!(!second(&st, rifle));
    // Fire the rifle once.
    let shot = attack(0, rifle, Mode::Snap, a as u8);
    act(&t, &mut st, shot);
    assert_eq!(st.units[x].fired, Some(rifle));
    assert!(!second(&st, rifle));
    // A switch to the pistol in the same turn takes -20.
    st.units[x].weapon = Some(pistol);
    assert!(second(&st, pistol));
}

/// tac.melee.incapable, tac.equip.melee-only: a unit with MAC "-" makes no melee attack;
/// knives only strike, never fire.
#[test]
fn tac_melee_incapable_and_melee_only_weapons() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 10), p(5, 9));
    let knives = weapon(&t, "Knives");
    st.units[x].weapon = Some(knives);
    st.units[x].rounds = None;
    let strikes = |st: &squadsight_tactical::state::State| {
        legal(&t, st, Seat(0))
            .into_iter()
            .filter(|l| matches!(l, Action::Attack { weapon, .. } if *weapon == knives))
            .map(|l| match l {
                Action::Attack { mode, .. } => mode,
                _ => unreachable!(),
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(strikes(&st), vec![Mode::Melee]);
    st.units[x].stats[3] = None;
    assert!(strikes(&st).is_empty());
    let _ = a;
}

/// tac.dmg.prone, tac.dmg.unconscious: an unconscious unit does not hold its square: others
/// may step onto it, and it obstructs no line of fire.
#[test]
fn tac_dmg_prone_units_neither_block_nor_obstruct() {
    let t = tactical();
    let (mut st, _, a) = duel(&t, Options::default(), p(5, 10), p(5, 9));
    let onto = step(0, p(5, 9));
    assert!(!legal(&t, &st, Seat(0)).contains(&onto));
    st.units[a].status = Status::Unconscious;
    t.settle_sight(&mut st);
    assert!(!st.units[a].looker().obstructs);
    assert!(legal(&t, &st, Seat(0)).contains(&onto));
}

/// tac.crit.arm, tac.stat.acc, tac.gap.54: each arm wound takes 10 from ACC (and MAC, TAC),
/// never below 0; the to-hit base shows it.
#[test]
fn tac_crit_arm_costs_ten_accuracy() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 10), p(5, 6));
    let rifle = st.units[x].weapon.unwrap_or_else(|| panic!("a weapon"));
    let acc = st.units[x].stat(2);
    let tac = st.units[x].stat(4);
    st.units[x].arms = 1;
    assert_eq!(
        t.to_hit(&st, x, rifle, Mode::Snap, a).base,
        ("ACC", acc - 10)
    );
    assert_eq!(t.throw_to_hit(&st, x, p(5, 6)).base, ("TAC", tac - 10));
    st.units[x].arms = 20;
    assert_eq!(t.to_hit(&st, x, rifle, Mode::Snap, a).base, ("ACC", 0));
}

/// tac.ranged.hwp, tac.unit.hwp-rules: an HWP fires its built-in weapon like any other ranged
/// attack: ACC plus the shot's bonus, range and the rest.
#[test]
fn tac_ranged_hwp_fires_its_built_in_weapon() {
    let t = tactical();
    let (mut st, x, a) = duel(&t, Options::default(), p(5, 12), p(5, 6));
    become_(&t, &mut st, x, "Tank Cannon");
    let cannon = weapon(&t, "Tank Cannon");
    let list = legal(&t, &st, Seat(0));
    let aimed = attack(0, cannon, Mode::Aimed, a as u8);
    assert!(list.contains(&aimed), "{list:?}");
    let hit = t.to_hit(&st, x, cannon, Mode::Aimed, a);
    let acc = st.units[x].stat(2);
    assert_eq!(hit.base, ("ACC", acc));
    let d = squadsight_tactical::range(st.units[x].pos, st.units[a].pos);
    assert_eq!(hit.target, (acc + 30 - d).min(95));
    let j: Journal = act(&t, &mut st, aimed);
    assert!(j.events().iter().any(|e| e.rule == "tac.ranged.resolve"));
}

/// tac.squad.alien-alliances, tac.gap.38: species mix freely by default; with
/// `alliances=source` an alien squad keeps to one species (or Ethereals with Mutons) and
/// terror units to the species they are linked to. The option is recorded with the game.
#[test]
fn tac_squad_alien_alliances_as_a_table_option() {
    use squadsight_tactical::alliance::check;
    let t = tactical();
    let c = t.catalog();
    let squad = |names: &[&str]| {
        names
            .iter()
            .map(|n| price(c, &pick(n, None), 0).unwrap_or_else(|e| panic!("{e}")))
            .collect::<Vec<_>>()
    };
    assert!(check(c, &squad(&["Sectoid", "Sectoid", "Cyberdisk"])).is_ok());
    assert!(check(c, &squad(&["Ethereal", "Muton", "Sectopod", "Celatid"])).is_ok());
    assert_eq!(
        check(c, &squad(&["Sectoid", "Chrysalid"])),
        Err(vec!["Sectoid".to_string(), "Snakeman".to_string()])
    );
    assert!(check(c, &squad(&["Floater", "Snakeman"])).is_err());
    // The Assault aliens mix Sectoids, Snakemen and Mutons: fine by default, refused by the
    // source reading.
    let sc = t.scenario("assault").unwrap_or_else(|e| panic!("{e}"));
    let mut o = Options::default();
    assert!(try_setup(&t, &sc, &o, 1, &mut Journal::off()).is_ok());
    o.set("alliances", "source")
        .unwrap_or_else(|e| panic!("{e}"));
    let err = try_setup(&t, &sc, &o, 1, &mut Journal::off())
        .err()
        .unwrap_or_else(|| panic!("refused"));
    assert!(format!("{err}").contains("do not fight together"), "{err}");
    assert!(o.set("alliances", "sometimes").is_err());
}

/// tac.squad.campaign, tac.gap.21: a unit carried over from an earlier mission gets 20 free
/// boost points; boosts beyond them are paid as usual.
#[test]
fn tac_squad_campaign_veterans_boost_twenty_points_free() {
    let t = tactical();
    let c = t.catalog();
    let mut p = pick("Troop", None);
    p.boosts.insert("ACC".into(), 15);
    let fresh = price(c, &p, 0).unwrap_or_else(|e| panic!("{e}")).points;
    let base = price(c, &pick("Troop", None), 0)
        .unwrap_or_else(|e| panic!("{e}"))
        .points;
    assert_eq!(fresh, base + 15);
    p.veteran = true;
    assert_eq!(price(c, &p, 0).map(|l| l.points), Ok(base));
    // 15 ACC + 5 RET (2 each) = 25 points of boosts: 5 to pay.
    p.boosts.insert("RET".into(), 5);
    let l = price(c, &p, 0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(l.points, base + 5);
    assert_eq!(
        l.stats[2],
        Some(
            price(c, &pick("Troop", None), 0)
                .map(|b| b.stats[2].unwrap_or(0))
                .unwrap_or(0)
                + 15
        )
    );
}
