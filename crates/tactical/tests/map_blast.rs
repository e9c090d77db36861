//! Splash, collateral damage and explosive objects (tac.splash.*, tac.collat.*,
//! tac.explosive.*, tac.smoke.source).

use super::map_support::{field, open, strip};
use crate::support::p;
use squadsight_core::journal::Journal;
use squadsight_core::square::{Dir, Pos};
use squadsight_tactical::map::{
    Blast, DamageType, EdgeRef, FloorKind, Item, ObjectKind, Size, StrengthClass,
};

/// An explosion of `damage` HE in the centre square, rated HE-`rating`.
fn he(damage: u32, rating: u8) -> Blast {
    Blast { damage, rating }
}

/// Clauses: tac.splash.example, tac.splash.units, tac.smoke.source.
#[test]
fn tac_splash_example_sixty_he1_gives_sixty_forty_twenty() {
    let mut bf = open(9, 9);
    let mut journal = Journal::recording();
    let report = bf.explode(p(4, 4, 0), he(60, 1), &mut journal);
    let area = &report.areas[0];
    assert_eq!(area.damage_at(p(4, 4, 0)), 60);
    assert_eq!(area.damage_at(p(5, 5, 0)), 40);
    assert_eq!(area.damage_at(p(2, 6, 0)), 20);
    assert_eq!(area.damage_at(p(1, 4, 0)), 0);
    // Three levels up too (a level counts as a square), over open ground.
    assert_eq!(area.damage_at(p(4, 4, 1)), 40);
    assert_eq!(area.damage_at(p(4, 4, 2)), 20);
    // 5 x 5 x 3 squares in all.
    assert_eq!(area.hits.len(), 25 * 3);
    assert!(
        journal
            .events()
            .iter()
            .any(|e| e.rule == "tac.splash.rating")
    );
    // tac.smoke.source: smoke over every square the blast reached, for 3 rounds.
    assert_eq!(bf.smoke_at(p(2, 6, 0)), Some(3));
    assert_eq!(bf.smoke_at(p(1, 4, 0)), None);
}

/// Clauses: tac.splash.rating: each ring out from the centre loses 20 (HE-1), 30 (HE-2) or
/// 40 (HE-3) of the damage.
#[test]
fn tac_splash_rating_he2_and_he3_lose_thirty_and_forty() {
    let cases = [
        (he(60, 1), [60, 40, 20, 0, 0]),
        (he(90, 2), [90, 60, 30, 0, 0]),
        (he(110, 3), [110, 70, 30, 0, 0]),
    ];
    for (blast, rings) in cases {
        let mut bf = open(9, 1);
        let report = bf.explode(p(0, 0, 0), blast, &mut Journal::off());
        let d: Vec<u32> = (0..5)
            .map(|x| report.areas[0].damage_at(p(x, 0, 0)))
            .collect();
        assert_eq!(d, rings, "{blast:?}");
    }
}

/// Clauses: tac.splash.large-units.
#[test]
fn tac_splash_large_units_take_the_damage_of_their_closest_square() {
    let mut bf = open(7, 7);
    let report = bf.explode(p(0, 0, 0), he(60, 1), &mut Journal::off());
    let tank: Vec<Pos> = Size::Two.cells(p(1, 1, 0)).collect();
    assert_eq!(report.areas[0].damage_to(tank.iter().copied()), 40);
    assert_eq!(report.damage_to(&tank), vec![(p(0, 0, 0), 40)]);
}

/// Clauses: tac.dmgtype.area-structures, tac.collat.super-tough, tac.collat.normal.
#[test]
fn tac_gap_13_walls_stop_splash_unless_destroyed() {
    // A super-tough hull wall (H) and a normal wall (|) between the blast and the far side.
    let walls = [
        "+ + + + + + +",
        " . .H. . . . ",
        "+ + + + + + +",
        " . .|. . . . ",
        "+ + + + + + +",
    ];
    let mut bf = field(&[&walls]);
    let mut journal = Journal::recording();
    let report = bf.explode(p(1, 0, 0), he(90, 2), &mut journal);
    let area = &report.areas[0];
    // The hull stands (90 < 160 HE): nothing reaches (2, 0) straight through it...
    assert_eq!(
        bf.edge(p(1, 0, 0), Dir::East).map(|e| e.class),
        Some(StrengthClass::SuperTough)
    );
    // ...but the normal wall below is destroyed (any HE), so the blast goes round that way.
    assert!(report.destroyed.iter().any(|d| d.item
        == Item::Edge(EdgeRef {
            cell: p(1, 1, 0),
            east: true
        })));
    assert_eq!(area.damage_at(p(2, 1, 0)), 60);
    // Behind the standing hull, the blast arrives a ring later, round its end or over it.
    assert_eq!(area.damage_at(p(2, 0, 0)), 30);
    // tac.collat.trigger: the blast's destruction is one event, its clauses in the inputs.
    assert!(
        journal
            .events()
            .iter()
            .any(|e| e.rule == "tac.collat.trigger"
                && e.inputs.iter().any(|i| i.source == "tac.collat.normal"))
    );
    // With both walls super-tough, nothing is destroyed and the far side only gets what
    // comes over the top (walls are one level high), a ring later.
    let mut shut = field(&[&[
        "+ + + + + + +",
        " . .H. . . . ",
        "+ + + + + + +",
        " . .H. . . . ",
        "+ + + + + + +",
    ]]);
    let report = shut.explode(p(1, 0, 0), he(90, 2), &mut Journal::off());
    assert_eq!(report.areas[0].damage_at(p(2, 0, 0)), 30);
    assert_eq!(report.areas[0].damage_at(p(2, 1, 0)), 30);
    assert_eq!(report.areas[0].damage_at(p(2, 0, 1)), 60);
    assert!(
        report
            .destroyed
            .iter()
            .all(|d| !matches!(d.item, Item::Edge(_)))
    );
}

/// Clauses: tac.collat.trigger, tac.collat.normal, tac.collat.hardened, tac.collat.remove.
#[test]
fn tac_collat_trigger_each_hit_is_tested_on_its_own() {
    let mut bf = field(&[&["+ + + +", " . .|. ", "+ + + +", " . .I. ", "+ + + +"]]);
    let wall = Item::Edge(EdgeRef {
        cell: p(1, 0, 0),
        east: true,
    });
    let base_wall = Item::Edge(EdgeRef {
        cell: p(1, 1, 0),
        east: true,
    });
    // tac.collat.normal: 39 AP twice does nothing (no adding up), 40 AP destroys;
    // tac.collat.hardened: 69 PB does nothing, 70 PB destroys.
    let strikes = [
        (wall, DamageType::AP, 39, 0),
        (wall, DamageType::AP, 39, 0),
        (wall, DamageType::AP, 40, 1),
        (base_wall, DamageType::PB, 69, 0),
        (base_wall, DamageType::PB, 70, 1),
    ];
    let mut j = Journal::recording();
    for (i, (item, kind, damage, destroyed)) in strikes.into_iter().enumerate() {
        let got = bf.strike(item, kind, damage, &mut j).destroyed.len();
        assert_eq!(
            got,
            destroyed,
            "strike {}: {damage} {kind:?} on {item:?}",
            i + 1
        );
    }
    // tac.collat.remove: the wall is gone; sight and movement pass.
    assert!(!bf.edge_blocks_movement(p(1, 0, 0), Dir::East));
    assert_eq!(bf.item(wall), None);
    assert!(j.events().iter().any(|e| e.rule == "tac.collat.hardened"));
}

/// Clauses: tac.collat.ground-floor, tac.collat.indestructible, tac.collat.remove, tac.fall.trigger.
#[test]
fn tac_collat_ground_floor_becomes_dirt_and_dirt_is_indestructible() {
    let mut bf = strip(&["%,", "_ "]);
    let mut j = Journal::off();
    let crops = bf.strike(Item::Floor(p(0, 0, 0)), DamageType::HE, 10, &mut j);
    assert_eq!(crops.destroyed.len(), 1);
    assert!(crops.floors_gone.is_empty());
    assert_eq!(
        bf.square(p(0, 0, 0)).and_then(|s| s.floor),
        Some(FloorKind::Dirt)
    );
    assert!(!bf.uneven(p(0, 0, 0)));
    // tac.collat.indestructible: dirt on the ground.
    assert_eq!(
        bf.item(Item::Floor(p(1, 0, 0))),
        Some((StrengthClass::Indestructible, false))
    );
    assert!(
        bf.strike(Item::Floor(p(1, 0, 0)), DamageType::HE, 5000, &mut j)
            .destroyed
            .is_empty()
    );
    // An upper floor goes, and a unit on it falls to the ground (tac.fall.trigger).
    assert_eq!(bf.fall(p(0, 0, 1), Size::One), None);
    let upper = bf.strike(Item::Floor(p(0, 0, 1)), DamageType::HE, 10, &mut j);
    assert_eq!(upper.floors_gone, vec![p(0, 0, 1)]);
    assert_eq!(bf.fall(p(0, 0, 1), Size::One), Some((p(0, 0, 0), 1)));
}

/// Clauses: tac.explosive.detonate, tac.explosive.class.
#[test]
fn tac_explosive_detonate_a_destroyed_explosive_object_chains() {
    // Two pieces of alien equipment (normal, explosive) three squares apart, a power source
    // (hardened, explosive) beyond.
    let mut bf = strip(&["ccA.A.Xc"]);
    let mut j = Journal::recording();
    let report = bf.strike(Item::Object(p(4, 0, 0)), DamageType::PB, 1, &mut j);
    // The first goes (any PB), its 90 HE-2 reaches the other at 2 squares (30 HE), which
    // goes too; the power source, also 2 squares from the first, gets 30 HE: not enough
    // for a hardened item (70), and the second blast does not reach it.
    let centres: Vec<Pos> = report.areas.iter().map(|a| a.centre).collect();
    assert_eq!(centres, vec![p(4, 0, 0), p(2, 0, 0)]);
    assert_eq!(bf.square(p(2, 0, 0)).and_then(|s| s.object), None);
    assert_eq!(
        bf.square(p(6, 0, 0)).and_then(|s| s.object),
        Some(ObjectKind::UfoPowerSource)
    );
    assert!(
        j.events()
            .iter()
            .filter(|e| e.rule == "tac.explosive.detonate")
            .count()
            == 2
    );
    // An explosion strong enough sets the power source off as well (tac.explosive.class).
    let report = bf.explode(p(7, 0, 0), he(110, 3), &mut j);
    assert_eq!(report.areas.len(), 2);
    assert_eq!(report.areas[1].centre, p(6, 0, 0));
}

/// Clauses: tac.fire.objects, tac.dmgtype.incendiary.
#[test]
fn tac_fire_objects_incendiary_sets_normal_items_alight() {
    let mut bf = strip(&[".T.o."]);
    let mut j = Journal::off();
    let r = bf.strike(Item::Object(p(1, 0, 0)), DamageType::IN, 1, &mut j);
    assert_eq!(r.ignited, vec![p(1, 0, 0)]);
    assert_eq!(bf.fire_at(p(1, 0, 0)), Some(3));
    // Rocks are hardened: not set alight.
    let r = bf.strike(Item::Object(p(3, 0, 0)), DamageType::IN, 100, &mut j);
    assert!(r.ignited.is_empty());
}

/// Clauses: tac.collat.trigger, tac.collat.ground-floor, tac.splash.rating. A blast on
/// open ground turns every crop square it reaches to dirt; the journal holds one event for
/// the lot, with the count and the squares in compact rows, not one event per square.
#[test]
fn tac_collat_ground_floor_one_event_per_blast() {
    let mut bf = open(9, 9);
    let mut journal = Journal::recording();
    let report = bf.explode(p(4, 4, 0), he(60, 1), &mut journal);
    let dirt = report
        .destroyed
        .iter()
        .filter(|d| matches!(d.item, Item::Floor(q) if q.z == 0))
        .count();
    assert_eq!(dirt, 25, "every ground square of the 5 x 5 reached");
    let events: Vec<_> = journal
        .events()
        .iter()
        .filter(|e| e.rule.starts_with("tac.collat."))
        .collect();
    assert_eq!(events.len(), 1, "{events:?}");
    let e = events[0];
    assert_eq!(e.rule, "tac.collat.trigger");
    assert!(
        e.text
            .contains("The blast at 4,4,1 destroys 25 items: 25 ground floors turned to dirt"),
        "{}",
        e.text
    );
    let input = e
        .inputs
        .iter()
        .find(|i| i.source == "tac.collat.ground-floor")
        .unwrap_or_else(|| panic!("{:?}", e.inputs));
    assert_eq!(input.value, "25: L1 y2:2-6 y3:2-6 y4:2-6 y5:2-6 y6:2-6");
}
