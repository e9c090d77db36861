//! The Tactical data checked against a second transcription of the source's data sheets,
//! typed again here from the rules text (not generated from the RON), so a typo in
//! `rulesets/tactical/*.ron` fails a test. Clauses: tac.unit.transcribe and the **Data** clauses.

use squadsight_tactical::catalog::{
    Catalog, DamageType, DataFiles, Payload, Susc, UnitTypeId, parse_payload,
};
use squadsight_tactical::data::{GrenadeKind, Group, Location, Mode, PanicEffect, Side};

fn cat() -> &'static Catalog {
    match Catalog::builtin() {
        Ok(c) => c,
        Err(e) => panic!("Tactical data does not load:\n{e}"),
    }
}

fn unit(name: &str) -> UnitTypeId {
    cat()
        .unit_id(name)
        .unwrap_or_else(|| panic!("no unit {name}"))
}

/// (name, points, TU, HTH, ACC, MAC, TAC, STR, RET, PSK, PST, ARM F/L/R/B/U); -1 stands for "-".
type Line = (&'static str, u16, [i16; 9], [i16; 5]);

#[rustfmt::skip]
const ROSTER: [Line; 18] = [
    // tac.unit.data.xcom-soldiers
    ("Troop", 100, [27, 35, 25, 75, 65, 30, 0, 15, 15], [2, 1, 1, 1, 1]),
    // tac.unit.data.hwp (STR "-": tac.gap.23)
    ("Tank Cannon", 200, [35, 90, 30, -1, -1, -1, 0, -1, -1], [90, 75, 75, 60, 60]),
    ("Tank Rocket Launcher", 240, [35, 90, 30, -1, -1, -1, 0, -1, -1], [90, 75, 75, 60, 60]),
    ("Tank Laser Cannon", 260, [35, 90, 30, -1, -1, -1, 0, -1, -1], [90, 75, 75, 60, 60]),
    ("Hovertank Plasma", 300, [50, 90, 30, -1, -1, -1, 0, -1, -1], [130, 130, 130, 130, 100]),
    ("Hovertank Fusion", 350, [50, 90, 30, -1, -1, -1, 0, -1, -1], [130, 130, 130, 130, 100]),
    // tac.unit.data.alien-soldiers
    ("Sectoid", 70, [27, 30, 25, 76, 60, 30, 15, 0, 0], [2, 1, 1, 1, 1]),
    ("Snakeman", 80, [20, 45, 30, 54, 65, 47, -5, 0, 0], [10, 9, 9, 8, 6]),
    ("Floater", 75, [25, 35, 25, 70, 58, 40, 0, 0, 0], [4, 3, 3, 2, 6]),
    ("Ethereal", 150, [34, 55, 40, 85, 80, 48, 25, 30, 30], [17, 17, 17, 17, 17]),
    ("Muton", 110, [28, 120, 25, 78, 62, 70, 10, 0, 0], [10, 10, 10, 10, 5]),
    // tac.unit.data.terror
    ("Silacoid", 120, [20, 115, -1, 80, -1, 70, -10, -1, -1], [25, 25, 25, 25, 25]),
    ("Chrysalid", 150, [55, 95, -1, 80, -1, 110, 20, -1, -1], [17, 17, 17, 17, 17]),
    ("Celatid", 160, [35, 70, -1, -1, 50, 70, -10, -1, -1], [10, 10, 10, 10, 10]),
    ("Reaper", 110, [31, 150, -1, 80, -1, 90, 15, -1, -1], [14, 14, 14, 14, 2]),
    ("Sectopod", 160, [31, 100, 30, 80, -1, 90, 15, -1, -1], [72, 65, 65, 50, 45]),
    ("Cyberdisk", 150, [31, 120, 30, 80, -1, 90, 15, -1, -1], [17, 17, 17, 17, 17]),
    // tac.unit.data.civilian (unprinted stats: tac.gap.68)
    ("Civilian", 0, [14, 17, -1, -1, -1, 0, -10, -1, 0], [2, 1, 1, 1, 1]),
];

fn dash(v: Option<i16>) -> i16 {
    v.unwrap_or(-1)
}

#[test]
fn tac_unit_transcribe_every_stat_line() {
    let c = cat();
    assert_eq!(c.units().len(), ROSTER.len());
    for (name, points, s, arm) in ROSTER {
        let u = c.unit(unit(name));
        let got = [
            u.stats.tu,
            u.stats.hth,
            dash(u.stats.acc),
            dash(u.stats.mac),
            dash(u.stats.tac),
            dash(u.stats.str),
            dash(u.stats.ret),
            dash(u.stats.psk),
            dash(u.stats.pst),
        ];
        assert_eq!((u.points, got, u.arm), (points, s, arm), "{name}");
    }
}

#[test]
fn tac_unit_size_and_flight() {
    // tac.unit.size with tac.gap.35; tac.unit.flight with tac.gap.36.
    let big = [
        "Tank Cannon",
        "Tank Rocket Launcher",
        "Tank Laser Cannon",
        "Hovertank Plasma",
        "Hovertank Fusion",
        "Reaper",
        "Sectopod",
        "Cyberdisk",
    ];
    let fliers = [
        "Floater",
        "Celatid",
        "Cyberdisk",
        "Hovertank Plasma",
        "Hovertank Fusion",
    ];
    for u in cat().units() {
        assert_eq!(u.size == 2, big.contains(&u.name.as_str()), "{}", u.name);
        assert_eq!(u.flies, fliers.contains(&u.name.as_str()), "{}", u.name);
    }
    assert_eq!(cat().unit(unit("Troop")).group, Group::XcomSoldier);
    assert_eq!(cat().unit(unit("Reaper")).group, Group::Terror);
}

fn susc(name: &str) -> [Susc; 8] {
    *cat()
        .susceptibility(name)
        .unwrap_or_else(|| panic!("no row {name}"))
}

#[test]
fn tac_susc_table_rows() {
    use Susc::{Add, Invulnerable as Inv};
    let z = Add(0);
    // Columns CC AC AP ST IN HE LB PB (tac.susc.table).
    let rows: [(&str, [Susc; 8]); 12] = [
        (
            "Unarmoured Human",
            [Add(10), Add(30), Add(10), z, z, z, z, z],
        ),
        (
            "Personal Armour",
            [z, Add(5), z, Add(-5), Add(-10), z, z, z],
        ),
        ("Power/Flying Suit", [z, z, z, Add(-10), Inv, z, z, z]),
        ("Tanks", [Add(-5), Add(-30), z, z, Add(-30), Add(-15), z, z]),
        ("Snakeman", [z, z, z, z, Add(-15), z, z, z]),
        ("Ethereal", [z, z, z, Add(-10), Add(-15), z, z, z]),
        ("Muton", [z, z, Add(-20), z, z, z, z, z]),
        ("Silacoid", [z, z, z, z, Inv, Add(15), z, z]),
        ("Chrysalid", [z, z, z, Add(-5), Add(-10), z, z, z]),
        ("Reaper", [z, z, z, z, Add(35), z, z, z]),
        ("Sectopod", [z, z, z, z, z, Add(-10), Add(25), Add(-10)]),
        ("Cyberdisk", [z, z, Add(-10), z, Add(-10), z, z, z]),
    ];
    for (name, row) in rows {
        assert_eq!(susc(name), row, "{name}");
    }
    // Which row each unit uses (tac.gap.25).
    for (u, row) in [
        ("Troop", "Unarmoured Human"),
        ("Civilian", "Unarmoured Human"),
        ("Sectoid", "Unarmoured Human"),
        ("Floater", "Unarmoured Human"),
        ("Celatid", "Unarmoured Human"),
        ("Tank Cannon", "Tanks"),
        ("Hovertank Fusion", "Tanks"),
        ("Muton", "Muton"),
        ("Cyberdisk", "Cyberdisk"),
    ] {
        assert_eq!(cat().unit(unit(u)).susc, susc(row), "{u}");
    }
}

/// (weapon, points, shots (mode, acc, TU), damages, clip points, rounds (0 = ∞), weight, clip weight)
type W = (
    &'static str,
    u16,
    &'static [(Mode, i16, u8)],
    &'static [&'static str],
    &'static [u16],
    u16,
    u8,
    u8,
);

#[rustfmt::skip]
const WEAPONS: &[W] = {
    use Mode::*;
    &[
        // tac.equip.data.small-arms
        ("Pistol", 5, &[(Snap, 0, 5), (Aimed, 20, 8)], &["26 AP"], &[1], 12, 5, 3),
        ("Rifle", 10, &[(Auto, -25, 9), (Snap, 0, 6), (Aimed, 50, 20)], &["30 AP"], &[1], 20, 8, 3),
        ("Sniper Rifle", 25, &[(Aimed, 60, 20)], &["75 AP"], &[1], 8, 12, 3),
        ("Laser Pistol", 15, &[(Auto, -30, 6), (Snap, -20, 5), (Aimed, 10, 14)], &["46 LB"], &[], 0, 7, 0),
        ("Laser Rifle", 20, &[(Auto, -15, 9), (Snap, 10, 6), (Aimed, 40, 13)], &["60 LB"], &[], 0, 8, 0),
        ("Heavy Laser", 25, &[(Snap, -10, 8), (Aimed, 25, 19)], &["85 LB"], &[], 0, 18, 0),
        ("Plasma Pistol", 15, &[(Auto, -10, 8), (Snap, 0, 8), (Aimed, 25, 15)], &["52 PB"], &[1], 14, 3, 3),
        ("Plasma Rifle", 25, &[(Auto, 0, 9), (Snap, 15, 8), (Aimed, 40, 15)], &["80 PB"], &[1], 28, 5, 3),
        ("Heavy Plasma", 40, &[(Auto, -10, 9), (Snap, 15, 8), (Aimed, 50, 15)], &["115 PB"], &[1], 35, 8, 3),
        // tac.equip.data.support
        ("Heavy Cannon", 25, &[(Snap, 0, 8), (Aimed, 30, 20)], &["56 AP", "52 HE-1", "60 IN"], &[3, 3, 3], 6, 18, 6),
        ("Auto Cannon", 20, &[(Auto, -30, 10), (Snap, 0, 8), (Aimed, 20, 20)], &["42 AP", "44 HE-1", "48 IN"], &[3, 3, 3], 14, 19, 5),
        ("Grenade Launcher", 20, &[(Auto, -20, 17), (Snap, 0, 15), (Aimed, 20, 20)], &["*"], &[], 6, 10, 6),
        ("Rocket Launcher", 30, &[(Snap, 0, 11), (Aimed, 50, 19)], &["75 HE-1", "100 HE-2", "90 IN"], &[3, 4, 4], 1, 10, 6),
        ("Blaster Launcher", 100, &[(Aimed, 60, 20)], &["200 HE-3"], &[5], 1, 16, 3),
        ("Small Launcher", 30, &[(Snap, 0, 10), (Aimed, 50, 19)], &["90 ST", "90 HE-2"], &[2, 4], 1, 5, 1),
        // tac.equip.data.misc
        ("Knives", 5, &[(Melee, 15, 10)], &["15 CC"], &[], 0, 1, 0),
        ("Stun Rod", 20, &[(Melee, 15, 10)], &["90 ST"], &[], 0, 6, 0),
        // tac.equip.data.internal
        ("Tank Cannon", 0, &[(Snap, 0, 8), (Aimed, 30, 20)], &["60 AP"], &[], 30, 0, 0),
        ("Tank Rocket Launcher", 0, &[(Snap, 0, 11), (Aimed, 50, 19)], &["85 HE-2"], &[], 8, 0, 0),
        ("Tank Laser", 0, &[(Snap, 10, 8), (Aimed, 25, 19)], &["110 LB"], &[], 0, 0, 0),
        ("HoverTank Plasma", 0, &[(Snap, 15, 8), (Aimed, 50, 15)], &["110 PB"], &[], 255, 0, 0),
        ("HoverTank Fusion", 0, &[(Aimed, 60, 20)], &["230 HE-3"], &[], 8, 0, 0),
        ("Cyberdisk", 0, &[(Snap, 15, 9), (Aimed, 50, 19)], &["130 PB"], &[], 255, 0, 0),
        ("Sectopod", 0, &[(Auto, -10, 11), (Snap, 15, 9), (Aimed, 50, 19)], &["100 LB"], &[], 255, 0, 0),
        ("Celatid", 0, &[(Snap, 15, 10), (Aimed, 50, 20)], &["140 AC"], &[], 0, 5, 0),
        ("Silacoid", 0, &[(Melee, 0, 10)], &["70 IN"], &[], 0, 0, 0),
        ("Chrysalid", 0, &[(Melee, 0, 10), (Implant, -40, 10)], &["110 CC"], &[], 0, 0, 0),
        ("Reaper", 0, &[(Melee, 0, 10)], &["90 CC"], &[], 0, 0, 0),
    ]
};

fn payload(text: &str) -> Payload {
    parse_payload(text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn tac_equip_fields_every_weapon() {
    let c = cat();
    assert_eq!(c.weapons().len(), WEAPONS.len());
    for &(name, points, shots, damage, clips, rounds, weight, clip_weight) in WEAPONS {
        let id = c
            .weapon_id(name)
            .unwrap_or_else(|| panic!("no weapon {name}"));
        let w = c.weapon(id);
        let got: Vec<(Mode, i16, u8)> = w
            .shots
            .iter()
            .filter(|s| s.mode != Mode::Detonate)
            .map(|s| (s.mode, s.accuracy.unwrap_or(-999), s.tu))
            .collect();
        assert_eq!(got, shots, "{name} shots");
        let dmg: Vec<Payload> = w.ammo.iter().map(|a| a.payload).collect();
        let want: Vec<Payload> = damage.iter().map(|d| payload(d)).collect();
        assert_eq!(dmg, want, "{name} damage");
        let cp: Vec<u16> = w.ammo.iter().filter_map(|a| a.clip_points).collect();
        assert_eq!(cp, clips, "{name} clip prices");
        assert_eq!(w.points, points, "{name} points");
        assert_eq!(w.rounds.unwrap_or(0), rounds, "{name} rounds");
        assert_eq!(
            (w.weight, w.clip_weight.unwrap_or(0)),
            (weight, clip_weight),
            "{name}"
        );
    }
    // The per-shot damages: Cyberdisk Detonate 0 TU 90 HE-2 (tac.unit.cyberdisk-detonate),
    // Chrysalid Implant Zombify (tac.zombie.implant).
    let disk = c.weapon(
        c.weapon_id("Cyberdisk")
            .unwrap_or_else(|| panic!("Cyberdisk")),
    );
    let det = disk
        .shot(Mode::Detonate)
        .unwrap_or_else(|| panic!("Detonate"));
    assert_eq!(
        (det.accuracy, det.tu, det.payload),
        (None, 0, Some(payload("90 HE-2")))
    );
    let chr = c.weapon(
        c.weapon_id("Chrysalid")
            .unwrap_or_else(|| panic!("Chrysalid")),
    );
    let imp = chr.shot(Mode::Implant).unwrap_or_else(|| panic!("Implant"));
    assert_eq!(imp.payload, Some(Payload::Zombify));
}

#[test]
fn tac_equip_data_armour_grenades_and_misc() {
    let c = cat();
    // tac.equip.data.armour
    let suits: [(&str, u16, [i16; 5], i16, bool); 3] = [
        ("Personal Armour", 15, [50, 40, 40, 30, 30], 0, false),
        ("Power Suit", 30, [100, 80, 80, 70, 60], 15, false),
        ("Flying Suit", 40, [110, 90, 90, 80, 70], 10, true),
    ];
    assert_eq!(c.armours().len(), 3);
    for (name, points, arm, str_bonus, flying) in suits {
        let a = c.armour(c.armour_id(name).unwrap_or_else(|| panic!("{name}")));
        assert_eq!(
            (a.points, a.arm, a.str_bonus, a.flying),
            (points, arm, str_bonus, flying)
        );
    }
    // tac.equip.data.grenades
    let grenades: [(&str, u16, &str, u8, GrenadeKind); 6] = [
        ("Grenade", 3, "50 HE-1", 3, GrenadeKind::Timed),
        ("Smoke Grenade", 2, "60 ST", 3, GrenadeKind::Smoke),
        ("Proximity Grenade", 4, "70 HE-2", 3, GrenadeKind::Proximity),
        ("High Explosive", 6, "110 HE-3", 6, GrenadeKind::Timed),
        ("Electro Flare", 1, "0", 3, GrenadeKind::Flare),
        ("Alien Grenade", 4, "90 HE-2", 3, GrenadeKind::Timed),
    ];
    assert_eq!(c.grenades().len(), 6);
    for (name, points, dmg, weight, kind) in grenades {
        let g = c.grenade(c.grenade_id(name).unwrap_or_else(|| panic!("{name}")));
        assert_eq!(
            (g.points, g.payload, g.weight, g.kind),
            (points, payload(dmg), weight, kind)
        );
    }
    // tac.equip.data.misc
    let p = c.psi_amp();
    assert_eq!(
        (p.points, p.tu, p.damage.as_str(), p.weight),
        (15, 10, "6", 8)
    );
    let m = c.medikit();
    assert_eq!(
        (
            m.points,
            m.chance,
            m.tu,
            m.heal,
            m.uses,
            m.weight,
            m.criticals_removed
        ),
        (10, 70, 10, 10, 10, 5, 1)
    );
}

#[test]
fn tac_move_cost_tables() {
    let r = cat().rules();
    let m = r.movement;
    // Movement Cost Table (tac.move.*)
    assert_eq!(
        [
            m.walk_straight,
            m.walk_diagonal,
            m.walk_up,
            m.walk_down,
            m.uneven,
            m.turn_45,
            m.turn_90,
            m.turn_180,
            m.kneel_stand,
            m.fly_straight,
            m.fly_diagonal,
            m.hover_vertical
        ],
        [2, 3, 3, 2, 1, 0, 1, 2, 2, 2, 3, 4]
    );
    // Special Movement (tac.move.special.*)
    let s = r.special;
    assert_eq!(
        [s.load, s.unload, s.open_door, s.prime, s.throw],
        [8, 4, 2, 12, 6]
    );
    assert_eq!(r.melee_tu, 20); // tac.melee.cost
    // Ranged Attack/Throwing Modifiers (tac.ranged.mod.*), tac.ranged.cap
    let d = r.modifiers;
    assert_eq!(
        [
            d.range_per_square,
            d.obstruction,
            d.night,
            d.kneeling_attack,
            d.kneeling_defence,
            d.spotter,
            d.no_los,
            d.waypoint,
            d.akimbo_pistols,
            d.akimbo_rifles,
            d.second_weapon,
            d.cap
        ],
        [-1, -5, -15, 15, -5, -10, -20, -5, -5, -15, -20, 95]
    );
    assert_eq!(d.obstruction_blocks, 4);
}

#[test]
fn tac_crit_and_psi_tables() {
    let r = cat().rules();
    use Location::*;
    // tac.crit.head / torso / arm / leg: d10 1-3 legs, 4-5 arms, 6-9 torso, 10 head.
    assert_eq!(
        r.criticals,
        [
            Legs, Legs, Legs, Arms, Arms, Torso, Torso, Torso, Torso, Head
        ]
    );
    assert_eq!(r.arm_penalty, 10);
    // tac.psi.probe +10, tac.psi.panic +0, tac.psi.mind-control -25
    assert_eq!((r.psi_probe, r.psi_panic, r.psi_mind_control), (10, 0, -25));
    use PanicEffect::*;
    assert_eq!(
        r.panic,
        [
            Paralysed, Paralysed, Paralysed, Paralysed, Flee, Flee, Flee, Berserk, Berserk, Berserk
        ]
    );
    // tac.squad.boost-soldier, tac.squad.boost-heavy, tac.squad.boost-cap, tac.squad.boost-armour
    let b = r.boost;
    assert_eq!(
        (b.basic, b.bonus, b.heavy_factor, b.alien_armour, b.cap),
        (1, 2, 2, 2, 20)
    );
    assert_eq!(r.squad_points, 1600); // tac.squad.budget
    assert_eq!(r.stun_recovery, 5); // tac.dmg.stun-recovery
    assert_eq!(r.fall_per_level, 10); // tac.fall.damage
    // tac.squad.craft
    let craft: Vec<(&str, u8)> = r.craft.iter().map(|(n, c)| (n.as_str(), *c)).collect();
    assert_eq!(
        craft,
        [("Skyranger", 14), ("Lightning", 12), ("Avenger", 28)]
    );
}

#[test]
fn tac_tech_table_levels() {
    // tac.tech.table: the level at which each entry first appears.
    let c = cat();
    for (u, lvl) in [
        ("Troop", 1),
        ("Tank Cannon", 1),
        ("Tank Rocket Launcher", 1),
        ("Tank Laser Cannon", 2),
        ("Hovertank Plasma", 3),
        ("Hovertank Fusion", 4),
        ("Sectoid", 1),
        ("Snakeman", 1),
        ("Floater", 1),
        ("Reaper", 1),
        ("Ethereal", 2),
        ("Muton", 2),
        ("Celatid", 2),
        ("Silacoid", 2),
        ("Cyberdisk", 2),
        ("Chrysalid", 3),
        ("Sectopod", 3),
    ] {
        assert_eq!(c.unit(unit(u)).tech, lvl, "{u}");
    }
    for (w, side, lvl) in [
        ("Knives", Side::Xcom, 1),
        ("Pistol", Side::Xcom, 1),
        ("Rifle", Side::Xcom, 1),
        ("Heavy Cannon", Side::Xcom, 1),
        ("Auto Cannon", Side::Xcom, 1),
        ("Rocket Launcher", Side::Xcom, 1),
        ("Stun Rod", Side::Xcom, 1),
        ("Sniper Rifle", Side::Xcom, 2),
        ("Grenade Launcher", Side::Xcom, 2),
        ("Laser Pistol", Side::Xcom, 2),
        ("Laser Rifle", Side::Xcom, 2),
        ("Heavy Laser", Side::Xcom, 3),
        ("Plasma Pistol", Side::Alien, 1),
        ("Plasma Rifle", Side::Alien, 2),
        ("Small Launcher", Side::Alien, 2),
        ("Heavy Plasma", Side::Alien, 3),
        ("Blaster Launcher", Side::Alien, 3),
    ] {
        let id = c.weapon_id(w).unwrap_or_else(|| panic!("{w}"));
        assert_eq!(c.weapon(id).tech, (side, lvl), "{w}");
    }
    for (a, lvl) in [
        ("Personal Armour", 1),
        ("Power Suit", 2),
        ("Flying Suit", 3),
    ] {
        let id = c.armour_id(a).unwrap_or_else(|| panic!("{a}"));
        assert_eq!(c.armour(id).tech, (Side::Xcom, lvl), "{a}");
    }
    for (g, side) in [
        ("Grenade", Side::Xcom),
        ("Smoke Grenade", Side::Xcom),
        ("Proximity Grenade", Side::Xcom),
        ("High Explosive", Side::Xcom),
        ("Electro Flare", Side::Xcom),
        ("Alien Grenade", Side::Alien),
    ] {
        let id = c.grenade_id(g).unwrap_or_else(|| panic!("{g}"));
        assert_eq!(c.grenade(id).tech, (side, 1), "{g}");
    }
    assert_eq!(c.medikit().tech, (Side::Xcom, 1));
    assert_eq!(c.psi_amp().tech, (Side::Xcom, 2));
}

fn broken(units: &str, weapons: &str, rules: &str) -> String {
    let b = DataFiles::builtin();
    let files = DataFiles {
        units,
        weapons,
        equipment: b.equipment,
        rules,
    };
    match Catalog::parse(&files) {
        Ok(_) => panic!("broken data was accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn validation_rejects_unknown_fields_and_wrong_values_with_positions() {
    let b = DataFiles::builtin();
    // An unknown field is refused by the parser, at its line and column.
    let u = b
        .units
        .replacen("flies: false,", "flies: false, morale: 3,", 1);
    let e = broken(&u, b.weapons, b.rules);
    assert!(e.contains("units.ron:") && e.contains("morale"), "{e}");
    // A wrong value is refused by validation, at the entry's line.
    let u = b.units.replacen(
        "susceptibility: \"Snakeman\"",
        "susceptibility: \"Snakemen\"",
        1,
    );
    let e = broken(&u, b.weapons, b.rules);
    let line = b
        .units
        .lines()
        .position(|l| l.contains("susceptibility: \"Snakeman\""))
        .map(|i| i + 1);
    assert!(
        e.contains(&format!("units.ron:{}:", line.unwrap_or(0))),
        "{e}"
    );
    assert!(e.contains("no susceptibility row `Snakemen`"), "{e}");
    let w = b.weapons.replacen("\"26 AP\"", "\"26 XP\"", 1);
    let e = broken(b.units, &w, b.rules);
    assert!(
        e.contains("weapons.ron:") && e.contains("unknown type `XP`"),
        "{e}"
    );
    let r = b.rules.replacen(
        "(from: 10, to: 10, location: Head)",
        "(from: 9, to: 10, location: Head)",
        1,
    );
    let e = broken(b.units, b.weapons, &r);
    assert!(
        e.contains("rules.ron:") && e.contains("result 9 is listed twice"),
        "{e}"
    );
    // Damage types are the eight of tac.dmgtype.list.
    assert_eq!(DamageType::ALL.len(), 8);
}
