//! The Skirmish rules data and scenarios checked against the source text.
//!
//! Expected values below are transcribed independently from the source (and the clause index
//! that quotes it), so a typo in `rulesets/skirmish/rules.ron` fails here.

use crate::support::{R, setup};
use squadsight_core::data::{parse_ron, to_ron_pretty};
use squadsight_core::hash::hash_bytes;
use squadsight_core::{GameRng, Journal};
use squadsight_skirmish::Skirmish;
use squadsight_skirmish::catalog::{
    Catalog, DECK_SIZE, Scenario, TableId, builtin_scenarios, parse_scenario,
};
use squadsight_skirmish::data::{
    AttackDef, CostDef, DetectionOutcomeDef, DurationDef, EffectDef, Faction, HealTargetDef,
    PanicResultDef, RangeDef, Rank, RulesDef, ScenarioDef, TimingDef,
};
use squadsight_skirmish::options::Options;
use std::collections::BTreeSet;

const RULES_TEXT: &str = include_str!("../../../rulesets/skirmish/rules.ron");

fn catalog() -> Catalog {
    match Catalog::load() {
        Ok(c) => c,
        Err(e) => panic!("rules data does not load:\n{e}"),
    }
}

fn row<'a>(cat: &'a Catalog, table: &str, n: u8) -> &'a squadsight_skirmish::catalog::Row {
    let id = cat
        .table_id(table)
        .unwrap_or_else(|| panic!("no table {table}"));
    cat.table(id)
        .and_then(|t| t.row(n))
        .unwrap_or_else(|| panic!("no row {table}#{n}"))
}

// ---- effect builders, to write expected effects compactly ----

fn ex(n: u8) -> RangeDef {
    RangeDef::Exactly(n)
}

fn one_of(ns: &[u8]) -> RangeDef {
    RangeDef::OneOf(ns.to_vec())
}

fn atk(range: RangeDef) -> AttackDef {
    AttackDef {
        range,
        damage: 0,
        area: false,
        auto_kill: false,
        grenade: false,
        timing: TimingDef::OwnTurn,
        immobilize: None,
    }
}

/// Modifiers for an expected attack, so each expectation fits on one line.
trait AttackMods {
    fn dmg(self, n: u8) -> Self;
    fn area(self) -> Self;
    fn grenade(self) -> Self;
    fn auto_kill(self) -> Self;
    fn on(self, timing: TimingDef) -> Self;
}

impl AttackMods for AttackDef {
    fn dmg(self, damage: u8) -> Self {
        AttackDef { damage, ..self }
    }
    fn area(self) -> Self {
        AttackDef { area: true, ..self }
    }
    fn grenade(self) -> Self {
        AttackDef {
            grenade: true,
            ..self
        }
    }
    fn auto_kill(self) -> Self {
        AttackDef {
            auto_kill: true,
            ..self
        }
    }
    fn on(self, timing: TimingDef) -> Self {
        AttackDef { timing, ..self }
    }
}

fn a(attack: AttackDef) -> EffectDef {
    EffectDef::Attack(attack)
}

fn mv(hexes: u8) -> EffectDef {
    EffectDef::Move {
        hexes,
        timing: TimingDef::OwnTurn,
        jump: false,
    }
}

fn def(times: u8, armor: bool) -> EffectDef {
    EffectDef::Defense { times, armor }
}

fn then(parts: Vec<EffectDef>) -> EffectDef {
    EffectDef::Then(parts)
}

fn and(parts: Vec<EffectDef>) -> EffectDef {
    EffectDef::And(parts)
}

fn or(parts: Vec<EffectDef>) -> EffectDef {
    EffectDef::Or(parts)
}

/// Checks rows of the table named by a `sk.table.<id>` clause: printed name and encoded effect.
fn check_rows(cat: &Catalog, clause: &str, rows: Vec<(u8, &str, EffectDef)>) {
    let table = clause.strip_prefix("sk.table.").unwrap_or(clause);
    for (n, name, effect) in rows {
        let r = row(cat, table, n);
        assert_eq!(r.name, name, "{clause}: {table}#{n} name");
        assert_eq!(r.effect, effect, "{clause}: {table}#{n} ({name}) effect");
    }
}

/// Every attack inside an effect, however nested.
fn attacks(e: &EffectDef) -> Vec<&AttackDef> {
    match e {
        EffectDef::Attack(x) => vec![x],
        EffectDef::Attacks(xs) => xs.iter().collect(),
        EffectDef::Then(ps) | EffectDef::And(ps) | EffectDef::Or(ps) => {
            ps.iter().flat_map(attacks).collect()
        }
        _ => Vec::new(),
    }
}

/// Every (times, armor) Defense part inside an effect.
fn defenses(e: &EffectDef) -> Vec<(u8, bool)> {
    match e {
        EffectDef::Defense { times, armor } => vec![(*times, *armor)],
        EffectDef::Then(ps) | EffectDef::And(ps) | EffectDef::Or(ps) => {
            ps.iter().flat_map(defenses).collect()
        }
        _ => Vec::new(),
    }
}

/// `table#n` labels of every table row matching `pred`.
fn rows_where(cat: &Catalog, pred: impl Fn(&EffectDef) -> bool) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for t in cat.tables() {
        for r in &t.rows {
            if pred(&r.effect) {
                out.insert(format!("{}#{}", t.key, r.n));
            }
        }
    }
    out
}

/// A set of labels written as one space-separated string.
fn set(labels: &str) -> BTreeSet<String> {
    labels.split_whitespace().map(str::to_string).collect()
}

fn table_keys(cat: &Catalog, ids: impl Iterator<Item = TableId>) -> Vec<String> {
    ids.filter_map(|id| cat.table(id).map(|t| t.key.clone()))
        .collect()
}

fn unit_tables(cat: &Catalog, unit: &str, psi: bool) -> Vec<String> {
    let id = cat
        .unit_id(unit)
        .unwrap_or_else(|| panic!("no unit {unit}"));
    table_keys(cat, cat.usable_tables(id, psi))
}

// ---- the deck ----

#[test]
fn deck_has_every_card_type_with_its_count_sk_deck_list() {
    let cat = catalog();
    // sk.deck.list: name, copies, notes as printed.
    let expected: [(&str, u8, &str); 23] = [
        ("Maneuver", 4, "Move = 1"),
        ("Run", 3, "Move = 2"),
        ("Sprint", 2, "Move = 3"),
        ("Point Blank", 3, "Attack = 1"),
        ("Short Range", 3, "Attack = 2"),
        ("Medium Range", 3, "Attack = 3"),
        ("Long Range", 3, "Attack = 4"),
        ("Extreme Range", 2, "Attack = 5"),
        ("Full Cover", 1, "Defense x2"),
        ("Partial Cover", 1, "Defense"),
        ("Tough", 1, "Defense"),
        ("Evasion", 1, "Defense"),
        ("Tactics", 1, "Draw 2 Cards"),
        ("Diversion", 1, "Gain 2 ST"),
        (
            "Strategy",
            1,
            "Look at opponents hand and next 7 cards in deck",
        ),
        ("Friction", 1, "Opponent Draws 2 Less cards next turn"),
        ("Overwatch", 2, "Attack = 3 or 4 on Opponents turn"),
        ("Spec 1", 3, "Use Type 1 Table Ability"),
        ("Spec 2", 3, "Use Type 2 Table Ability"),
        ("Spec 3", 3, "Use Type 3 Table Ability"),
        ("Spec 4", 3, "Use Type 4 Table Ability"),
        ("Spec 5", 3, "Use Type 5 Table Ability"),
        ("Spec 6", 3, "Use Type 6 Table Ability"),
    ];
    assert_eq!(cat.cards().len(), 23, "sk.deck.list: 23 card types");
    for (card, (name, count, notes)) in cat.cards().iter().zip(expected) {
        assert_eq!(
            (card.name.as_str(), card.count, card.notes.as_str()),
            (name, count, notes)
        );
    }
    assert_eq!(DECK_SIZE, 51);
    assert_eq!(cat.deck().len(), 51, "sk.deck.list: 51 cards");
    for (i, card) in cat.cards().iter().enumerate() {
        let copies = cat.deck().iter().filter(|c| c.index() == i).count();
        assert_eq!(copies, usize::from(card.count), "copies of {}", card.name);
    }
}

#[test]
fn deck_card_effects_sk_deck_list() {
    let cat = catalog();
    let eff = |key: &str| {
        let id = cat.card_id(key).unwrap_or_else(|| panic!("no card {key}"));
        cat.card(id).map(|c| c.effect.clone())
    };
    assert_eq!(eff("sprint"), Some(mv(3)));
    assert_eq!(eff("extreme-range"), Some(a(atk(ex(5)))));
    assert_eq!(
        eff("full-cover"),
        Some(def(2, false)),
        "sk.effect.defense-multi"
    );
    assert_eq!(eff("tough"), Some(def(1, false)));
    assert_eq!(eff("tactics"), Some(EffectDef::Draw(2)));
    assert_eq!(
        eff("diversion"),
        Some(EffectDef::GainSt(2)),
        "sk.effect.gain-st"
    );
    assert_eq!(
        eff("strategy"),
        Some(EffectDef::And(vec![
            EffectDef::LookAtHand,
            EffectDef::LookAtDeck(7)
        ])),
        "sk.effect.look-hand"
    );
    assert_eq!(
        eff("friction"),
        Some(EffectDef::DrawPenalty(2)),
        "sk.effect.draw-penalty"
    );
    assert_eq!(
        eff("overwatch"),
        Some(a(AttackDef {
            timing: TimingDef::OpponentTurn,
            ..atk(one_of(&[3, 4]))
        })),
        "sk.effect.reaction"
    );
    for n in 1..=6u8 {
        assert_eq!(
            eff(&format!("spec-{n}")),
            Some(EffectDef::Spec(n)),
            "sk.spec.activate"
        );
    }
}

// ---- tables ----

#[test]
fn twenty_eight_tables_of_six_rows_sk_table_format() {
    let cat = catalog();
    let ids: Vec<&str> = cat.tables().iter().map(|t| t.key.as_str()).collect();
    assert_eq!(
        ids,
        [
            "squaddie",
            "spec-assault",
            "spec-heavy",
            "spec-sniper",
            "spec-support",
            "adv-assault",
            "adv-heavy",
            "adv-sniper",
            "adv-support",
            "shiv",
            "psi",
            "hero",
            "sectoid",
            "thin-man",
            "outsider",
            "floater",
            "sectoid-commander",
            "muton",
            "chryssalid",
            "hatchling",
            "zombie",
            "heavy-floater",
            "cyberdisc",
            "drone",
            "muton-elite",
            "muton-berserker",
            "sectopod",
            "ethereal",
        ]
    );
    let mut rows = 0;
    for t in cat.tables() {
        for (i, r) in t.rows.iter().enumerate() {
            assert_eq!(usize::from(r.n), i + 1, "{} numbering", t.key);
            rows += 1;
        }
        assert!(t.row(0).is_none() && t.row(7).is_none());
    }
    assert_eq!(rows, 168);
}

#[test]
fn every_row_name_as_printed_sk_table_format() {
    let cat = catalog();
    #[rustfmt::skip]
    let names: [(&str, [&str; 6]); 28] = [
        ("squaddie", ["Body Armor", "Pistol", "Maneuver", "Marksmanship", "Frag Grenade", "Take Cover"]),
        ("spec-assault", ["Shotgun", "Body Armor", "Run & Gun", "Aggression", "Close Combat", "Pistol"]),
        ("spec-heavy", ["Light Machine Gun", "Rocket Launcher", "Suppressive Fire", "Heavy Laser", "Skeleton Suit", "Mayhem"]),
        ("spec-sniper", ["Pistol", "Sniper Rifle", "Head Shot", "SCOPE", "Snap Shot", "Squad Sight"]),
        ("spec-support", ["Smoke Grenade", "Frag Grenade", "Assault Rifle", "Medkit", "Nano Fiber Vest", "Covering Fire"]),
        ("adv-assault", ["Alloy Cannon", "Ghost Armor", "Killer Instinct", "Flush", "Tactical Sense", "Scatter Laser"]),
        ("adv-heavy", ["Blaster Launcher", "Titan Armor", "Shredder Rockets", "Bullet Swarm", "Will to Survive", "Rapid Reaction"]),
        ("adv-sniper", ["Archangel Armor", "Plasma Sniper Rifle", "Precision Laser", "Double Tap", "Damn Good Ground", "Opportunist"]),
        ("adv-support", ["Sprinter", "Combat Drugs", "Carapace Armor", "Arc Thrower", "Field Medic", "Smoke Screen"]),
        ("shiv", ["Armor", "Heavy Armor", "Heavy Beam", "Rocket Launcher", "Alloy Armor", "Hover"]),
        ("psi", ["Mindfray", "Mind Control", "Panic", "Inspiration", "Telekinetic Field", "Psi Armor"]),
        ("hero", ["Don’t Die on Me!", "Executioner", "Rapid Recovery", "Lead by Example", "Iron Will", "Wet Work"]),
        ("sectoid", ["Hide", "Creep", "Plasma Pistol", "Light Plasma Rifle", "Alert", "Boost"]),
        ("thin-man", ["Poison Attack", "Dodge", "Destroy Armor", "Jump", "Plasma Pistol", "Hand to Hand"]),
        ("outsider", ["Plasma Weapons", "Guard", "Energy Being", "Absorb Energy", "Spawn", "Look Tough"]),
        ("floater", ["Float", "Flight", "Swerve", "Flank", "Plasma Rifle", "Hard to Hit"]),
        ("sectoid-commander", ["Plasma Pistol", "Mind Control", "Panic", "Mindfray", "Alert", "Boost"]),
        ("muton", ["Alien Grenade", "Blood Call", "Heavy Armor", "Hand to Hand", "Intimidate", "Plasma Rifle"]),
        ("chryssalid", ["Bite", "Dodge", "Poison", "Fast", "Very Fast", "Super-Fast"]),
        ("hatchling", ["Grow", "Dodge", "Scurry", "Fast", "Very Fast", "Super-Fast"]),
        ("zombie", ["Insensate", "Bite", "Claw", "Erupt", "Shamble", "Unfeeling"]),
        ("heavy-floater", ["Heavy Armor", "Heavy Plasma Rifle", "Alien Grenade", "Suppression", "Aggressive", "Highly Mobile"]),
        ("cyberdisc", ["Mobility", "Hardened", "Alien Grenade", "Saucer Form", "Volley Attack", "Forward Cannons"]),
        ("drone", ["Repair", "Quick Repair", "Minor Attack", "Escort", "Flight", "Evade"]),
        ("muton-elite", ["Alien Grenade", "Blood Call", "Heavier Armor", "Toe to Toe", "Intimidate", "Heavy Plasma Rifle"]),
        ("muton-berserker", ["Bullrush", "Blood Call", "Heavier Armor", "Claws", "Intimidate", "Rush"]),
        ("sectopod", ["Fusion Lance", "Hulk", "Plasma Weapons", "Overwatch", "Stomp", "Fusion Barrage"]),
        ("ethereal", ["Reflect", "Mind Control", "Psi Lance", "Mindfray", "Psi Drain", "Rift"]),
    ];
    for (table, rows) in names {
        for (i, name) in rows.iter().enumerate() {
            let n = u8::try_from(i + 1).unwrap_or(0);
            assert_eq!(row(&cat, table, n).name, *name, "{table}#{n}");
        }
    }
    // Notes are data shown to players: a few transcribed as printed.
    assert_eq!(
        row(&cat, "spec-heavy", 6).notes,
        "Attack = 3 and Opp Dsc 1 Rnd card"
    );
    assert_eq!(
        row(&cat, "muton-berserker", 6).notes,
        "Move = 2 (Can be on Opp turn if Hit)"
    );
    assert_eq!(
        row(&cat, "hero", 1).notes,
        "Heal 1 Hit to adj Unit killed last turn"
    );
}

// One test per ability table: a sample of rows, each checked for name and effect.

#[test]
fn table_squaddie_sk_table_squaddie() {
    check_rows(
        &catalog(),
        "sk.table.squaddie",
        vec![
            (1, "Body Armor", def(1, true)),
            (2, "Pistol", a(atk(ex(2)))),
            (3, "Maneuver", mv(1)),
            (5, "Frag Grenade", a(atk(ex(3)).area().grenade())),
            (6, "Take Cover", def(1, false)),
        ],
    );
}

#[test]
fn table_spec_assault_sk_table_spec_assault() {
    check_rows(
        &catalog(),
        "sk.table.spec-assault",
        vec![
            (1, "Shotgun", a(atk(ex(3)).dmg(1))),
            (3, "Run & Gun", then(vec![mv(2), a(atk(ex(2)))])),
            (5, "Close Combat", then(vec![mv(1), a(atk(ex(1)))])),
        ],
    );
}

#[test]
fn table_spec_heavy_sk_table_spec_heavy() {
    check_rows(
        &catalog(),
        "sk.table.spec-heavy",
        vec![
            (
                1,
                "Light Machine Gun",
                EffectDef::Attacks(vec![atk(ex(3)), atk(ex(4))]),
            ),
            (2, "Rocket Launcher", a(atk(ex(6)).area().dmg(1))),
            (3, "Suppressive Fire", EffectDef::GainSt(2)),
            (5, "Skeleton Suit", or(vec![def(1, false), mv(3)])),
            (
                6,
                "Mayhem",
                and(vec![
                    a(atk(ex(3))),
                    EffectDef::OpponentDiscards { random: true },
                ]),
            ),
        ],
    );
}

#[test]
fn table_spec_sniper_sk_table_spec_sniper() {
    check_rows(
        &catalog(),
        "sk.table.spec-sniper",
        vec![
            (1, "Pistol", a(atk(one_of(&[2, 3])))),
            (3, "Head Shot", a(atk(ex(4)).auto_kill())),
            (
                5,
                "Snap Shot",
                a(atk(one_of(&[3, 4])).on(TimingDef::OpponentTurn)),
            ),
            (6, "Squad Sight", EffectDef::Draw(2)),
        ],
    );
}

#[test]
fn table_spec_support_sk_table_spec_support() {
    check_rows(
        &catalog(),
        "sk.table.spec-support",
        vec![
            (1, "Smoke Grenade", EffectDef::GainSt(2)),
            (2, "Frag Grenade", a(atk(ex(3)).area().grenade())),
            (4, "Medkit", EffectDef::Heal(HealTargetDef::Adjacent)),
            (5, "Nano Fiber Vest", def(1, false)),
            (
                6,
                "Covering Fire",
                and(vec![a(atk(ex(4))), EffectDef::GainSt(1)]),
            ),
        ],
    );
}

#[test]
fn table_adv_assault_sk_table_adv_assault() {
    check_rows(
        &catalog(),
        "sk.table.adv-assault",
        vec![
            (1, "Alloy Cannon", a(atk(ex(3)).dmg(3))),
            (2, "Ghost Armor", or(vec![def(2, true), mv(3)])),
            (4, "Flush", EffectDef::NegateDefense),
            (5, "Tactical Sense", and(vec![mv(2), EffectDef::Draw(2)])),
            (6, "Scatter Laser", a(atk(one_of(&[2, 3])).dmg(2))),
        ],
    );
}

#[test]
fn table_adv_heavy_sk_table_adv_heavy() {
    check_rows(
        &catalog(),
        "sk.table.adv-heavy",
        vec![
            (1, "Blaster Launcher", a(atk(ex(7)).area().dmg(2))),
            (2, "Titan Armor", def(3, true)),
            (
                4,
                "Bullet Swarm",
                EffectDef::Attacks(vec![atk(ex(2)), atk(ex(3)), atk(ex(4))]),
            ),
            (
                5,
                "Will to Survive",
                and(vec![def(1, false), EffectDef::Draw(1)]),
            ),
            // sk.gap.46: Defense or Move 1, and draw 1 either way.
            (
                6,
                "Rapid Reaction",
                and(vec![or(vec![def(1, false), mv(1)]), EffectDef::Draw(1)]),
            ),
        ],
    );
}

#[test]
fn table_adv_sniper_sk_table_adv_sniper() {
    check_rows(
        &catalog(),
        "sk.table.adv-sniper",
        vec![
            (1, "Archangel Armor", or(vec![def(2, true), mv(2)])),
            (3, "Precision Laser", a(atk(RangeDef::Span(4, 7)))),
            (4, "Double Tap", EffectDef::DoubleTap),
            (
                5,
                "Damn Good Ground",
                and(vec![a(atk(RangeDef::Span(6, 8))), EffectDef::Draw(1)]),
            ),
            (
                6,
                "Opportunist",
                a(atk(one_of(&[4, 5])).on(TimingDef::OpponentTurn)),
            ),
        ],
    );
}

#[test]
fn table_adv_support_sk_table_adv_support() {
    // sk.gap.52: Arc Thrower lasts like "this and next Turn".
    let arc = EffectDef::Immobilize {
        range: ex(2),
        duration: DurationDef::ThisAndNext,
    };
    check_rows(
        &catalog(),
        "sk.table.adv-support",
        vec![
            (1, "Sprinter", mv(3)),
            (
                2,
                "Combat Drugs",
                and(vec![EffectDef::Draw(4), EffectDef::Discard(2)]),
            ),
            (4, "Arc Thrower", arc),
            (
                5,
                "Field Medic",
                and(vec![mv(1), EffectDef::Heal(HealTargetDef::Adjacent)]),
            ),
            (6, "Smoke Screen", EffectDef::GainSt(3)),
        ],
    );
}

#[test]
fn table_shiv_sk_table_shiv() {
    check_rows(
        &catalog(),
        "sk.table.shiv",
        vec![
            (1, "Armor", def(1, true)),
            (2, "Heavy Armor", def(2, true)),
            (3, "Heavy Beam", a(atk(ex(4)).dmg(1))),
            (4, "Rocket Launcher", a(atk(ex(6)).area().dmg(1))),
            (6, "Hover", mv(2)),
        ],
    );
}

#[test]
fn table_psi_sk_table_psi() {
    let panic = EffectDef::Immobilize {
        range: ex(3),
        duration: DurationDef::ThisAndNext,
    };
    check_rows(
        &catalog(),
        "sk.table.psi",
        vec![
            (
                1,
                "Mindfray",
                and(vec![
                    a(atk(ex(5))),
                    EffectDef::OpponentDiscards { random: false },
                ]),
            ),
            (2, "Mind Control", EffectDef::MindControl { range: ex(4) }),
            (3, "Panic", panic),
            (
                4,
                "Inspiration",
                and(vec![EffectDef::Draw(3), EffectDef::Discard(1)]),
            ),
            (5, "Telekinetic Field", EffectDef::NegateAttack),
            (6, "Psi Armor", def(3, true)),
        ],
    );
}

#[test]
fn table_hero_sk_table_hero() {
    check_rows(
        &catalog(),
        "sk.table.hero",
        vec![
            (1, "Don’t Die on Me!", EffectDef::Revive),
            (2, "Executioner", a(atk(one_of(&[1, 2])).auto_kill())),
            (
                3,
                "Rapid Recovery",
                EffectDef::Heal(HealTargetDef::SelfUnit),
            ),
            (4, "Lead by Example", and(vec![mv(2), EffectDef::Draw(1)])),
            (
                5,
                "Iron Will",
                or(vec![def(1, false), EffectDef::NegatePsi]),
            ),
            (6, "Wet Work", a(atk(RangeDef::Span(1, 5)))),
        ],
    );
}

fn boost(hexes: u8) -> EffectDef {
    EffectDef::Boost {
        unit: "sectoid".into(),
        within: 3,
        hexes,
        attack: 2,
    }
}

#[test]
fn table_sectoid_sk_table_sectoid() {
    check_rows(
        &catalog(),
        "sk.table.sectoid",
        vec![
            (1, "Hide", def(1, false)),
            (2, "Creep", and(vec![mv(2), EffectDef::GainSt(1)])),
            (4, "Light Plasma Rifle", a(atk(ex(4)))),
            (5, "Alert", EffectDef::LookAtHand),
            (6, "Boost", boost(1)),
        ],
    );
}

#[test]
fn table_thin_man_sk_table_thin_man() {
    // sk.gap.10: Jump passes through occupied hexes.
    let jump = EffectDef::Move {
        hexes: 3,
        timing: TimingDef::OwnTurn,
        jump: true,
    };
    check_rows(
        &catalog(),
        "sk.table.thin-man",
        vec![
            (1, "Poison Attack", a(atk(ex(2)).area())),
            (3, "Destroy Armor", EffectDef::DestroyArmor { range: ex(2) }),
            (4, "Jump", jump),
            (6, "Hand to Hand", a(atk(ex(1)))),
        ],
    );
}

#[test]
fn table_outsider_sk_table_outsider() {
    check_rows(
        &catalog(),
        "sk.table.outsider",
        vec![
            (2, "Guard", and(vec![mv(1), EffectDef::Draw(1)])),
            (3, "Energy Being", then(vec![mv(1), a(atk(ex(2)))])),
            (5, "Spawn", EffectDef::Spawn("outsider".into())),
            (
                6,
                "Look Tough",
                EffectDef::OpponentDiscards { random: true },
            ),
        ],
    );
}

#[test]
fn table_floater_sk_table_floater() {
    check_rows(
        &catalog(),
        "sk.table.floater",
        vec![
            (1, "Float", mv(1)),
            (3, "Swerve", def(1, false)),
            (4, "Flank", mv(3)),
            (5, "Plasma Rifle", a(atk(one_of(&[4, 5])))),
        ],
    );
}

#[test]
fn table_sectoid_commander_sk_table_sectoid_commander() {
    check_rows(
        &catalog(),
        "sk.table.sectoid-commander",
        vec![
            (1, "Plasma Pistol", a(atk(ex(3)))),
            (2, "Mind Control", EffectDef::MindControl { range: ex(4) }),
            (
                4,
                "Mindfray",
                and(vec![
                    a(atk(ex(5))),
                    EffectDef::OpponentDiscards { random: false },
                ]),
            ),
            (6, "Boost", boost(3)),
        ],
    );
}

#[test]
fn table_muton_sk_table_muton() {
    let intimidate = EffectDef::Immobilize {
        range: one_of(&[2, 3]),
        duration: DurationDef::NextTurn,
    };
    check_rows(
        &catalog(),
        "sk.table.muton",
        vec![
            (1, "Alien Grenade", a(atk(ex(3)).area().grenade().dmg(1))),
            (
                2,
                "Blood Call",
                and(vec![
                    EffectDef::Draw(1),
                    EffectDef::OpponentDiscards { random: true },
                ]),
            ),
            (3, "Heavy Armor", def(2, true)),
            (5, "Intimidate", intimidate),
            (6, "Plasma Rifle", a(atk(one_of(&[4, 5])))),
        ],
    );
}

#[test]
fn table_chryssalid_sk_table_chryssalid() {
    check_rows(
        &catalog(),
        "sk.table.chryssalid",
        vec![
            (1, "Bite", a(atk(ex(1)))),
            (2, "Dodge", def(2, false)),
            (6, "Super-Fast", or(vec![mv(3), def(1, false)])),
        ],
    );
}

#[test]
fn table_hatchling_sk_table_hatchling() {
    check_rows(
        &catalog(),
        "sk.table.hatchling",
        vec![
            (1, "Grow", EffectDef::Transform("chryssalid".into())),
            (3, "Scurry", def(1, false)),
            (5, "Very Fast", mv(2)),
        ],
    );
}

#[test]
fn table_zombie_sk_table_zombie() {
    check_rows(
        &catalog(),
        "sk.table.zombie",
        vec![
            (3, "Claw", a(atk(ex(1)))),
            (4, "Erupt", EffectDef::Transform("hatchling".into())),
            (5, "Shamble", mv(1)),
        ],
    );
}

#[test]
fn table_heavy_floater_sk_table_heavy_floater() {
    check_rows(
        &catalog(),
        "sk.table.heavy-floater",
        vec![
            (1, "Heavy Armor", def(2, true)),
            (3, "Alien Grenade", a(atk(ex(3)).area().grenade().dmg(1))),
            (4, "Suppression", EffectDef::GainSt(2)),
            (5, "Aggressive", then(vec![mv(2), a(atk(ex(3)))])),
        ],
    );
}

#[test]
fn table_cyberdisc_sk_table_cyberdisc() {
    check_rows(
        &catalog(),
        "sk.table.cyberdisc",
        vec![
            (2, "Hardened", def(2, false)),
            (4, "Saucer Form", or(vec![mv(4), def(1, false)])),
            (5, "Volley Attack", a(atk(one_of(&[5, 6])).dmg(1))),
            (6, "Forward Cannons", a(atk(one_of(&[7, 8])).dmg(1))),
        ],
    );
}

#[test]
fn table_drone_sk_table_drone() {
    check_rows(
        &catalog(),
        "sk.table.drone",
        vec![
            (1, "Repair", EffectDef::Heal(HealTargetDef::Adjacent)),
            (
                2,
                "Quick Repair",
                then(vec![mv(2), EffectDef::Heal(HealTargetDef::Adjacent)]),
            ),
            (5, "Flight", or(vec![mv(2), def(1, false)])),
            (6, "Evade", def(2, false)),
        ],
    );
}

#[test]
fn table_muton_elite_sk_table_muton_elite() {
    check_rows(
        &catalog(),
        "sk.table.muton-elite",
        vec![
            (3, "Heavier Armor", def(3, true)),
            (4, "Toe to Toe", a(atk(ex(1)).dmg(1))),
            (6, "Heavy Plasma Rifle", a(atk(one_of(&[4, 5])).dmg(1))),
        ],
    );
}

#[test]
fn table_muton_berserker_sk_table_muton_berserker() {
    // sk.gap.68: Rush is an own-turn Move 2, and may also follow a hit on the opponent's turn.
    let rush = or(vec![
        mv(2),
        EffectDef::Move {
            hexes: 2,
            timing: TimingDef::AfterHit,
            jump: false,
        },
    ]);
    check_rows(
        &catalog(),
        "sk.table.muton-berserker",
        vec![
            (1, "Bullrush", then(vec![mv(2), a(atk(ex(1)).dmg(1))])),
            (4, "Claws", a(atk(ex(1)).dmg(2))),
            (6, "Rush", rush),
        ],
    );
}

#[test]
fn table_sectopod_sk_table_sectopod() {
    check_rows(
        &catalog(),
        "sk.table.sectopod",
        vec![
            (1, "Fusion Lance", a(atk(one_of(&[7, 8])).dmg(3))),
            (2, "Hulk", def(3, false)),
            (4, "Overwatch", a(atk(ex(6)).on(TimingDef::OpponentMove))),
            (5, "Stomp", then(vec![mv(1), a(atk(ex(1)))])),
            (6, "Fusion Barrage", a(atk(ex(6)).area().dmg(2))),
        ],
    );
}

#[test]
fn table_ethereal_sk_table_ethereal() {
    let drain = AttackDef {
        immobilize: Some(DurationDef::ThisAndNext),
        ..atk(ex(3))
    };
    check_rows(
        &catalog(),
        "sk.table.ethereal",
        vec![
            (1, "Reflect", EffectDef::Reflect),
            (3, "Psi Lance", a(atk(ex(5)).dmg(3))),
            (
                4,
                "Mindfray",
                and(vec![
                    a(atk(ex(6))),
                    EffectDef::OpponentDiscards { random: false },
                ]),
            ),
            (5, "Psi Drain", a(drain)),
            (6, "Rift", a(atk(ex(4)).area().dmg(2))),
        ],
    );
}

#[test]
fn area_rows_sk_effect_area() {
    let cat = catalog();
    let area = rows_where(&cat, |e| attacks(e).iter().any(|x| x.area));
    assert_eq!(
        area,
        set(
            "squaddie#5 spec-heavy#2 spec-support#2 adv-heavy#1 adv-heavy#3 shiv#4 thin-man#1 muton#1 heavy-floater#3 cyberdisc#3 muton-elite#1 sectopod#6 ethereal#6"
        )
    );
}

#[test]
fn grenade_rows_sk_gap_36() {
    let cat = catalog();
    let grenades = rows_where(&cat, |e| attacks(e).iter().any(|x| x.grenade));
    assert_eq!(
        grenades,
        set("squaddie#5 spec-support#2 muton#1 heavy-floater#3 cyberdisc#3 muton-elite#1")
    );
}

#[test]
fn damage_bonus_rows_sk_effect_damage_bonus() {
    let cat = catalog();
    let with = |d: u8| rows_where(&cat, |e| attacks(e).iter().any(|x| x.damage == d));
    assert_eq!(
        with(1),
        set(
            "spec-assault#1 spec-heavy#2 spec-heavy#4 adv-sniper#2 shiv#3 shiv#4 muton#1 heavy-floater#2 heavy-floater#3 cyberdisc#3 cyberdisc#5 cyberdisc#6 muton-elite#1 muton-elite#4 muton-elite#6 muton-berserker#1 sectopod#3"
        )
    );
    assert_eq!(
        with(2),
        set("adv-assault#6 adv-heavy#1 adv-heavy#3 muton-berserker#4 sectopod#6 ethereal#6")
    );
    assert_eq!(with(3), set("adv-assault#1 sectopod#1 ethereal#3"));
    assert!(with(4).is_empty());
}

#[test]
fn auto_kill_choice_and_span_rows() {
    let cat = catalog();
    // sk.effect.auto-kill
    assert_eq!(
        rows_where(&cat, |e| attacks(e).iter().any(|x| x.auto_kill)),
        set("spec-sniper#3 adv-assault#3 hero#2")
    );
    // sk.effect.attack-choice (table rows; deck Overwatch is checked with the deck)
    assert_eq!(
        rows_where(&cat, |e| attacks(e)
            .iter()
            .any(|x| matches!(x.range, RangeDef::OneOf(_)))),
        set(
            "spec-sniper#1 spec-sniper#2 spec-sniper#4 spec-sniper#5 spec-support#3 adv-assault#6 adv-sniper#2 adv-sniper#6 hero#2 floater#5 muton#6 cyberdisc#5 cyberdisc#6 muton-elite#6 sectopod#1"
        )
    );
    // sk.effect.attack-span
    assert_eq!(
        rows_where(&cat, |e| attacks(e)
            .iter()
            .any(|x| matches!(x.range, RangeDef::Span(..)))),
        set("adv-sniper#3 adv-sniper#5 hero#6")
    );
    // sk.effect.multi-attack
    assert_eq!(
        rows_where(&cat, |e| matches!(e, EffectDef::Attacks(_))),
        set("spec-heavy#1 adv-heavy#4")
    );
}

#[test]
fn reaction_timings_sk_effect_reaction() {
    let cat = catalog();
    assert_eq!(
        rows_where(&cat, |e| attacks(e)
            .iter()
            .any(|x| x.timing == TimingDef::OpponentTurn)),
        set("spec-sniper#5 adv-sniper#6")
    );
    assert_eq!(
        rows_where(&cat, |e| attacks(e)
            .iter()
            .any(|x| x.timing == TimingDef::OpponentMove)),
        set("sectopod#4")
    );
    assert_eq!(
        rows_where(&cat, |e| {
            let after_hit = |e: &EffectDef| {
                matches!(
                    e,
                    EffectDef::Move {
                        timing: TimingDef::AfterHit,
                        ..
                    }
                )
            };
            after_hit(e) || matches!(e, EffectDef::Or(parts) if parts.iter().any(after_hit))
        }),
        set("muton-berserker#6")
    );
}

#[test]
fn defense_multipliers_sk_effect_defense_multi() {
    let cat = catalog();
    let times = |n: u8| rows_where(&cat, |e| defenses(e).iter().any(|(t, _)| *t == n));
    assert_eq!(
        times(2),
        set(
            "adv-assault#2 adv-sniper#1 adv-support#3 shiv#2 muton#3 chryssalid#2 hatchling#2 heavy-floater#1 cyberdisc#2 drone#6"
        )
    );
    assert_eq!(
        times(3),
        set("adv-heavy#2 psi#6 muton-elite#3 muton-berserker#3 sectopod#2")
    );
}

#[test]
fn armor_defenses_are_the_rows_named_armor_sk_gap_54() {
    let cat = catalog();
    let mut armor_rows = BTreeSet::new();
    for t in cat.tables() {
        for r in &t.rows {
            for (_, armor) in defenses(&r.effect) {
                assert_eq!(
                    armor,
                    r.name.contains("Armor"),
                    "{}#{} {}",
                    t.key,
                    r.n,
                    r.name
                );
                if armor {
                    armor_rows.insert(r.name.clone());
                }
            }
        }
    }
    let expected: BTreeSet<String> = [
        "Body Armor",
        "Ghost Armor",
        "Titan Armor",
        "Archangel Armor",
        "Carapace Armor",
        "Armor",
        "Heavy Armor",
        "Alloy Armor",
        "Psi Armor",
        "Heavier Armor",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(armor_rows, expected);
    for c in cat.cards() {
        assert!(
            defenses(&c.effect).iter().all(|(_, armor)| !armor),
            "deck {}",
            c.name
        );
    }
}

#[test]
fn psi_rows_sk_gap_57() {
    let cat = catalog();
    let mut psi = BTreeSet::new();
    for t in cat.tables() {
        for r in &t.rows {
            if r.psi {
                psi.insert(format!("{}#{}", t.key, r.n));
            }
        }
    }
    assert_eq!(
        psi,
        set(
            "psi#1 psi#2 psi#3 psi#4 psi#5 psi#6 sectoid-commander#2 sectoid-commander#3 sectoid-commander#4 ethereal#2 ethereal#3 ethereal#4 ethereal#5 ethereal#6"
        )
    );
}

#[test]
fn immobilize_sources_sk_special_immobilize_sources() {
    let cat = catalog();
    let imm = rows_where(&cat, |e| {
        matches!(e, EffectDef::Immobilize { .. })
            || attacks(e).iter().any(|x| x.immobilize.is_some())
    });
    assert_eq!(
        imm,
        set(
            "adv-support#4 psi#3 sectoid-commander#3 ethereal#5 muton#5 muton-elite#5 muton-berserker#5"
        )
    );
    // sk.special.mind-control
    assert_eq!(
        rows_where(&cat, |e| matches!(
            e,
            EffectDef::MindControl {
                range: RangeDef::Exactly(4)
            }
        )),
        set("psi#2 sectoid-commander#2 ethereal#2")
    );
}

// ---- units ----

/// (id, printed name, hits, cost) for every row of both unit tables.
fn roster(cat: &Catalog, rows: &[(&str, &str, u8, CostDef)], faction: Faction) {
    for (id, name, hits, cost) in rows {
        let u = cat
            .unit_id(id)
            .and_then(|i| cat.unit(i))
            .unwrap_or_else(|| panic!("no unit {id}"));
        assert_eq!(
            (u.name.as_str(), u.hits, u.cost, u.faction),
            (*name, *hits, *cost, faction),
            "{id}"
        );
    }
}

#[test]
fn xcom_roster_hits_and_costs_sk_unit_xcom_roster() {
    use CostDef::{Fixed, Scenario};
    let cat = catalog();
    let rows = [
        ("civilian", "Civilian", 1, Scenario),
        ("military", "Military", 1, Scenario),
        ("squaddie", "Squaddie", 1, Fixed(1)),
        ("specialist-assault", "Specialist: Assault", 2, Fixed(2)),
        ("specialist-heavy", "Specialist: Heavy", 2, Fixed(2)),
        ("specialist-sniper", "Specialist: Sniper", 2, Fixed(2)),
        ("specialist-support", "Specialist: Support", 2, Fixed(2)),
        ("officer-assault", "Officer: Assault", 3, Fixed(3)),
        ("officer-heavy", "Officer: Heavy", 3, Fixed(3)),
        ("officer-sniper", "Officer: Sniper", 3, Fixed(3)),
        ("officer-support", "Officer: Support", 3, Fixed(3)),
        ("hero-assault", "Hero: Assault", 4, Fixed(4)),
        ("hero-heavy", "Hero: Heavy", 4, Fixed(4)),
        ("hero-sniper", "Hero: Sniper", 4, Fixed(4)),
        ("hero-support", "Hero: Support", 4, Fixed(4)),
        ("shiv", "SHIV Robot", 4, Fixed(4)),
    ];
    roster(&cat, &rows, Faction::XCom);
    assert_eq!(
        cat.units()
            .iter()
            .filter(|u| u.faction == Faction::XCom)
            .count(),
        16
    );
}

#[test]
fn alien_roster_hits_and_costs_sk_unit_alien_roster() {
    use CostDef::{DefaultOr, Fixed};
    let cat = catalog();
    let rows = [
        ("sectoid", "Sectoid", 1, Fixed(1)),
        ("thin-man", "Thin Man", 1, Fixed(1)),
        ("outsider", "Outsider", 1, Fixed(1)),
        ("floater", "Floater", 2, Fixed(2)),
        ("sectoid-commander", "Sectoid Commander", 2, Fixed(2)),
        ("muton", "Muton", 3, Fixed(3)),
        ("chryssalid", "Chryssalid", 2, Fixed(3)),
        ("hatchling", "Hatchling", 1, DefaultOr(1)),
        ("zombie", "Zombie", 1, DefaultOr(1)),
        ("heavy-floater", "Heavy Floater", 3, Fixed(3)),
        ("cyberdisc", "Cyberdisc", 4, Fixed(4)),
        ("drone", "Drone", 1, Fixed(1)),
        ("muton-elite", "Muton Elite", 4, Fixed(4)),
        ("muton-berserker", "Muton Berserker", 5, Fixed(4)),
        ("ethereal", "Ethereal", 4, Fixed(5)),
        // sk.gap.1: no roster row; 5/5 are data defaults the options override.
        ("sectopod", "Sectopod", 5, Fixed(5)),
    ];
    roster(&cat, &rows, Faction::Alien);
    assert_eq!(
        cat.units()
            .iter()
            .filter(|u| u.faction == Faction::Alien)
            .count(),
        16
    );
}

fn keys_where(
    cat: &Catalog,
    pred: impl Fn(&squadsight_skirmish::catalog::UnitType) -> bool,
) -> BTreeSet<String> {
    cat.units()
        .iter()
        .filter(|u| pred(u))
        .map(|u| u.key.clone())
        .collect()
}

#[test]
fn flyers_are_exactly_the_four_marked_types_sk_special_flyers() {
    let cat = catalog();
    assert_eq!(
        keys_where(&cat, |u| u.flyer),
        set("cyberdisc drone floater heavy-floater")
    );
}

#[test]
fn unit_flags_match_the_gap_defaults() {
    let cat = catalog();
    // sk.gap.74: Human units.
    assert_eq!(
        keys_where(&cat, |u| u.human),
        set(
            "civilian military squaddie specialist-assault specialist-heavy specialist-sniper specialist-support officer-assault officer-heavy officer-sniper officer-support hero-assault hero-heavy hero-sniper hero-support"
        )
    );
    // sk.gap.62: mechanical units never become Zombies.
    assert_eq!(
        keys_where(&cat, |u| u.mechanical),
        set("cyberdisc drone sectopod shiv")
    );
    // sk.special.attack-as-one and sk.special.zombify
    assert_eq!(
        keys_where(&cat, |u| u.attack_as_one),
        set("chryssalid hatchling muton-berserker zombie")
    );
    assert_eq!(
        keys_where(&cat, |u| u.zombifies),
        set("chryssalid hatchling zombie")
    );
    // sk.unit.psi: Specialists, Officers and Heroes.
    assert_eq!(
        keys_where(&cat, |u| u.psi_capable),
        keys_where(&cat, |u| matches!(
            u.rank,
            Some(Rank::Specialist | Rank::Officer | Rank::Hero)
        ))
    );
    assert_eq!(keys_where(&cat, |u| u.psi_capable).len(), 12);
    assert_eq!(
        keys_where(&cat, |u| u.sniper),
        set("hero-sniper officer-sniper specialist-sniper")
    );
    // sk.unit.civilian-unarmed
    assert_eq!(keys_where(&cat, |u| u.civilian), set("civilian"));
}

#[test]
fn table_access_by_rank() {
    let cat = catalog();
    // sk.unit.squaddie
    assert_eq!(unit_tables(&cat, "squaddie", false), ["squaddie"]);
    // sk.unit.specialist
    assert_eq!(
        unit_tables(&cat, "specialist-heavy", false),
        ["squaddie", "spec-heavy"]
    );
    assert_eq!(
        unit_tables(&cat, "specialist-support", false),
        ["squaddie", "spec-support"]
    );
    // sk.unit.officer
    assert_eq!(
        unit_tables(&cat, "officer-assault", false),
        ["squaddie", "spec-assault", "adv-assault"]
    );
    // sk.unit.hero
    assert_eq!(
        unit_tables(&cat, "hero-support", false),
        ["squaddie", "spec-support", "adv-support", "hero"]
    );
    // sk.unit.shiv
    assert_eq!(unit_tables(&cat, "shiv", false), ["shiv"]);
    // sk.gap.4 / sk.unit.military: no ability table.
    assert!(unit_tables(&cat, "civilian", false).is_empty());
    assert!(unit_tables(&cat, "military", false).is_empty());
    // sk.unit.psi: the flag adds the PSI table only to psi-capable types.
    assert_eq!(
        unit_tables(&cat, "specialist-heavy", true),
        ["squaddie", "spec-heavy", "psi"]
    );
    assert_eq!(unit_tables(&cat, "squaddie", true), ["squaddie"]);
}

#[test]
fn every_alien_uses_its_own_table_sk_unit_alien_tables() {
    let cat = catalog();
    for u in cat.units().iter().filter(|u| u.faction == Faction::Alien) {
        let tables = table_keys(&cat, u.tables.iter().copied());
        if u.key == "heavy-floater" {
            // sk.special.heavy-floater
            assert_eq!(tables, ["heavy-floater", "floater"]);
        } else {
            assert_eq!(tables, std::slice::from_ref(&u.key));
        }
    }
}

#[test]
fn psi_hero_sniper_may_use_five_tables_sk_spec_access_example() {
    let cat = catalog();
    let tables: BTreeSet<String> = unit_tables(&cat, "hero-sniper", true).into_iter().collect();
    assert_eq!(tables, set("squaddie spec-sniper adv-sniper hero psi"));
    // With a Spec 1 card, row 1 of each of them.
    let firsts: BTreeSet<&str> = tables
        .iter()
        .map(|t| row(&cat, t, 1).name.as_str())
        .collect();
    let expected = [
        "Body Armor",
        "Pistol",
        "Archangel Armor",
        "Don’t Die on Me!",
        "Mindfray",
    ];
    assert_eq!(firsts, expected.into_iter().collect());
}

// ---- detection and panic ----

#[test]
fn detection_table_sk_detect_table() {
    use DetectionOutcomeDef::{Attack, Miss, NotAllowed};
    let cat = catalog();
    let expected = [
        ("Undetected", false, NotAllowed),
        ("Wasted Attack", false, Miss),
        ("Shot in the Dark", false, Attack),
        ("Wild Shot", true, Miss),
        ("Detected", true, NotAllowed),
        ("Detect and Attack", true, Attack),
    ];
    for (i, (r, (name, reveal, outcome))) in cat.detection().iter().zip(expected).enumerate() {
        assert_eq!(usize::from(r.roll), i + 1);
        assert_eq!(
            (r.name.as_str(), r.reveal, r.outcome),
            (name, reveal, outcome)
        );
    }
    // sk.detect.close-bonus: a modified 7 reads as row 6.
    assert_eq!(cat.detection_row(7).name, "Detect and Attack");
    assert_eq!(cat.detection_row(1).name, "Undetected");
}

#[test]
fn panic_table_and_rank_modifiers_sk_panic_table_sk_panic_modifiers() {
    use PanicResultDef::{Berserk, Cower, KeepCool, Pinned, Rout};
    let cat = catalog();
    let expected = [
        (1, "Rout", Rout),
        (2, "Cower", Cower),
        (3, "Pinned", Pinned),
        (4, "Berserk", Berserk),
        (5, "Keep Cool", KeepCool),
    ];
    for (r, (roll, name, result)) in cat.panic_rows().iter().zip(expected) {
        assert_eq!((r.roll, r.name.as_str(), r.result), (roll, name, result));
    }
    assert_eq!(cat.panic_modifier(Some(Rank::Squaddie)), -1);
    assert_eq!(cat.panic_modifier(Some(Rank::Hero)), 1);
    assert_eq!(cat.panic_modifier(Some(Rank::Specialist)), 0);
    assert_eq!(cat.panic_modifier(Some(Rank::Officer)), 0);
    assert_eq!(cat.panic_modifier(None), 0);
    // 1 or less is Rout, 5 or more Keep Cool.
    assert_eq!(cat.panic_result(0).result, Rout);
    assert_eq!(cat.panic_result(4).result, Berserk);
    assert_eq!(cat.panic_result(6).result, KeepCool);
}

// ---- loading, hashing, validation ----

#[test]
fn data_hash_is_the_hash_of_the_file_text() {
    let cat = catalog();
    assert_eq!(cat.data_hash(), hash_bytes(RULES_TEXT.as_bytes()));
    assert_eq!(
        Catalog::builtin().map(Catalog::data_hash),
        Ok(cat.data_hash())
    );
}

#[test]
fn rules_data_round_trips_through_ron() {
    let def: RulesDef = parse_ron(RULES_TEXT.as_bytes(), "rules.ron").expect("parses");
    let text = to_ron_pretty(&def).expect("serialises");
    let back: RulesDef = parse_ron(text.as_bytes(), "again").expect("parses again");
    assert_eq!(back, def);
    let a = Catalog::from_def(def, "a").expect("valid");
    let b = Catalog::from_def(back, "b").expect("valid");
    assert_eq!(a.data_hash(), b.data_hash());
}

#[test]
fn broken_rules_data_reports_every_problem() {
    let mut def: RulesDef = parse_ron(RULES_TEXT.as_bytes(), "rules.ron").expect("parses");
    def.units[1].id = def.units[0].id.clone(); // duplicate unit id
    def.units[2].tables.push("no-such-table".into());
    def.tables[3].rows.pop(); // a table with 5 rows
    def.tables[4].rows[1].effect = EffectDef::Attack(atk(ex(0)));
    def.tables[5].rows[2].effect = EffectDef::Or(Vec::new());
    def.tables[12].rows[5].effect = EffectDef::Boost {
        unit: "grey".into(),
        within: 3,
        hexes: 1,
        attack: 2,
    };
    def.deck[0].count += 1; // 52 cards
    def.detection.pop();
    let errors = Catalog::from_def(def, "broken.ron")
        .expect_err("must fail")
        .0;
    let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
    for needle in [
        "unit id `civilian` is used twice",
        "unknown table `no-such-table`",
        "5 rows; every table has 6",
        "range 0 outside",
        "at least two parts",
        "unknown unit type `grey`",
        "the deck has 52 cards",
        "detection table has 5 rows",
    ] {
        assert!(
            text.iter()
                .any(|t| t.contains(needle) && t.starts_with("broken.ron: ")),
            "missing `{needle}` in {text:#?}"
        );
    }
}

// ---- scenarios ----

fn load_scenario(source: &str, origin: &str) -> (ScenarioDef, Scenario) {
    let cat = catalog();
    let def = parse_scenario(source.as_bytes(), origin).unwrap_or_else(|e| panic!("{e}"));
    let sc = Scenario::validate(&def, &cat).unwrap_or_else(|e| panic!("{origin}: {e:#?}"));
    (def, sc)
}

fn side_units(cat: &Catalog, sc: &Scenario, side: usize) -> BTreeSet<(String, usize)> {
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    for p in &sc.sides[side].units {
        let key = cat.unit(p.unit).map(|u| u.key.clone()).unwrap_or_default();
        *counts.entry(key).or_default() += 1;
    }
    counts.into_iter().collect()
}

fn builtin(id: &str) -> &'static str {
    builtin_scenarios()
        .iter()
        .find(|s| s.id == id)
        .map(|s| s.source)
        .unwrap_or_else(|| panic!("no built-in scenario {id}"))
}

#[test]
fn every_builtin_scenario_validates() {
    let cat = catalog();
    let ids: Vec<&str> = builtin_scenarios().iter().map(|s| s.id).collect();
    assert_eq!(
        ids,
        [
            "learning",
            "basic",
            "terror-site",
            "floater-ridge",
            "points-battle"
        ]
    );
    for info in builtin_scenarios() {
        let (def, sc) = load_scenario(info.source, info.id);
        assert_eq!((def.id.as_str(), def.title.as_str()), (info.id, info.title));
        assert!(def.description.len() > 40, "{}: describe it", info.id);
        assert!(
            (12..=18).contains(&sc.width) && (10..=16).contains(&sc.height),
            "{}",
            info.id
        );
        // sk.gap.2: side 0 starts on the left short edge, side 1 on the right; Civilians are
        // placed where the scenario puts them.
        for p in &sc.sides[0].units {
            let civilian = cat.unit(p.unit).is_some_and(|u| u.civilian);
            assert!(
                civilian || p.col <= 1,
                "{}: side 0 unit at {},{}",
                info.id,
                p.col,
                p.row
            );
        }
        for p in &sc.sides[1].units {
            assert!(
                p.col + 2 >= sc.width,
                "{}: side 1 unit at {},{}",
                info.id,
                p.col,
                p.row
            );
        }
        // Every side's cost is known.
        assert!(sc.side_cost(&cat, 0).is_some() && sc.side_cost(&cat, 1).is_some());
        // No built-in scenario fields the Sectopod (sk.gap.1).
        let sectopod = cat.unit_id("sectopod");
        assert!(
            sc.sides
                .iter()
                .all(|s| s.units.iter().all(|p| Some(p.unit) != sectopod))
        );
    }
}

#[test]
fn battle_maps_use_cover_and_high_ground() {
    for id in ["basic", "terror-site", "floater-ridge", "points-battle"] {
        let (_, sc) = load_scenario(builtin(id), id);
        assert!(sc.hexes.iter().any(|h| h.terrain >= 3), "{id}: cover");
        assert!(
            sc.hexes.iter().any(|h| h.elevation >= 3),
            "{id}: high ground"
        );
        assert!(
            sc.hexes.iter().any(|h| h.terrain == 1 && h.elevation == 1),
            "{id}: open ground"
        );
    }
    let (_, ridge) = load_scenario(builtin("floater-ridge"), "floater-ridge");
    assert!(ridge.hexes.iter().any(|h| h.elevation == 5));
}

#[test]
fn learning_roster_sk_setup_learning() {
    let cat = catalog();
    let (_, sc) = load_scenario(builtin("learning"), "learning");
    assert_eq!(
        side_units(&cat, &sc, 0),
        [("squaddie".to_string(), 4)].into_iter().collect()
    );
    assert_eq!(
        side_units(&cat, &sc, 1),
        [("thin-man".to_string(), 4)].into_iter().collect()
    );
    // sk.gap.6: 4 points a side.
    assert_eq!(
        (sc.side_cost(&cat, 0), sc.side_cost(&cat, 1)),
        (Some(4), Some(4))
    );
}

#[test]
fn basic_roster_sk_setup_basic() {
    let cat = catalog();
    let (_, sc) = load_scenario(builtin("basic"), "basic");
    let xcom: BTreeSet<(String, usize)> = [
        "specialist-assault",
        "specialist-heavy",
        "specialist-sniper",
        "specialist-support",
    ]
    .iter()
    .map(|k| (k.to_string(), 1))
    .collect();
    assert_eq!(side_units(&cat, &sc, 0), xcom);
    assert_eq!(
        side_units(&cat, &sc, 1),
        [
            ("sectoid".to_string(), 6),
            ("sectoid-commander".to_string(), 1)
        ]
        .into_iter()
        .collect()
    );
    // sk.gap.6: 8 points a side.
    assert_eq!(
        (sc.side_cost(&cat, 0), sc.side_cost(&cat, 1)),
        (Some(8), Some(8))
    );
}

#[test]
fn points_battle_sides_spend_the_same_budget_sk_gap_6() {
    let cat = catalog();
    let (def, sc) = load_scenario(builtin("points-battle"), "points-battle");
    assert_eq!(sc.side_cost(&cat, 0), Some(12));
    assert_eq!(sc.side_cost(&cat, 1), Some(12));
    assert!(def.description.contains("12 points"));
}

#[test]
fn terror_site_civilians_fight_for_xcom_at_a_scenario_cost_sk_unit_cost() {
    let cat = catalog();
    let (_, sc) = load_scenario(builtin("terror-site"), "terror-site");
    let civilian = cat.unit_id("civilian");
    let civilians: Vec<_> = sc.sides[0]
        .units
        .iter()
        .filter(|p| Some(p.unit) == civilian)
        .collect();
    assert_eq!(civilians.len(), 3);
    assert!(sc.sides[1].units.iter().all(|p| Some(p.unit) != civilian));
    assert_eq!(civilian.and_then(|c| sc.unit_cost(&cat, c)), Some(1));
    assert_eq!(civilians.iter().filter(|p| p.armed).count(), 1);
    let zombifiers = sc.sides[1]
        .units
        .iter()
        .filter(|p| cat.unit(p.unit).is_some_and(|u| u.zombifies))
        .count();
    assert_eq!(zombifiers, sc.sides[1].units.len());
}

#[test]
fn floater_ridge_has_flyers_and_a_psi_soldier() {
    let cat = catalog();
    let (_, sc) = load_scenario(builtin("floater-ridge"), "floater-ridge");
    let flyers = sc.sides[1]
        .units
        .iter()
        .filter(|p| cat.unit(p.unit).is_some_and(|u| u.flyer))
        .count();
    assert!(flyers >= 5);
    assert!(sc.sides[0].units.iter().any(|p| p.psi));
    assert_eq!(sc.side_cost(&cat, 0), sc.side_cost(&cat, 1));
}

const BROKEN: &str = r#"(
    id: "broken",
    title: "Broken",
    description: "Every kind of mistake at once.",
    map: (
        width: 4,
        height: 3,
        rows: [
            "11 11 11 11",
            "11 71 11",
            "11 11 11 1x",
        ],
    ),
    sides: [
        (name: "X-Com", units: [
            (unit: "squaddie", col: 0, row: 0, psi: true),
            (unit: "grey-alien", col: 1, row: 0),
            (unit: "civilian", col: 2, row: 2),
            (unit: "squaddie", col: 9, row: 1, armed: true),
        ]),
        (name: "Aliens", units: [
            (unit: "sectoid", col: 0, row: 0),
        ]),
    ],
    costs: [("squaddie", 3)],
)"#;

#[test]
fn broken_scenario_reports_every_problem() {
    let cat = catalog();
    let def = parse_scenario(BROKEN.as_bytes(), "broken.ron").expect("syntax is fine");
    let errors = Scenario::validate(&def, &cat).expect_err("must fail");
    for needle in [
        "terrain 7 outside 1–5 (sk.map.ratings)", // bad rating
        "map row 1 has 3 cells",                  // short row
        "`1x` is not two digits",
        "unknown unit type",    // grey-alien
        "(sk.map.stack-limit)", // two units in hex 0,0
        "off the 4×3 map",      // col 9
        "cannot be a PSI soldier (sk.unit.psi)",
        "only Civilians take the armed flag",
        "gives no cost for it (sk.unit.cost)", // civilian without cost
        "a scenario may not change it",        // squaddie has a printed cost
    ] {
        assert!(
            errors.iter().any(|e| e.contains(needle)),
            "missing `{needle}` in {errors:#?}"
        );
    }
    assert!(errors.len() >= 10);
}

#[test]
fn scenario_needs_exactly_two_sides_sk_setup_players() {
    let cat = catalog();
    let mut def = parse_scenario(builtin("learning").as_bytes(), "learning").expect("parses");
    def.sides.pop();
    let errors = Scenario::validate(&def, &cat).expect_err("one side");
    assert!(
        errors.iter().any(|e| e.contains("exactly 2")),
        "{errors:#?}"
    );
}

#[test]
fn ron_syntax_error_reports_line_and_column() {
    let text = "(\n    id: \"x\",\n    title: \"y\" oops,\n)";
    let e = parse_scenario(text.as_bytes(), "bad.ron").expect_err("syntax error");
    assert_eq!(e.line, 3);
    assert!(e.col > 0);
    assert!(e.to_string().starts_with("bad.ron:3:"), "{e}");
}

#[test]
fn scenario_hex_lookup_and_costs() {
    let cat = catalog();
    let (_, sc) = load_scenario(builtin("basic"), "basic");
    // The farmhouse at 10,8 is cover 5 on elevation 2.
    let farm = sc.hex(10, 8).expect("on map");
    assert_eq!((farm.terrain, farm.elevation), (5, 2));
    assert!(sc.hex(sc.width, 0).is_none() && sc.hex(0, sc.height).is_none());
    let zombie = cat.unit_id("zombie").expect("zombie");
    assert_eq!(
        sc.unit_cost(&cat, zombie),
        Some(1),
        "sk.unit.cost: default 1"
    );
}

const SCENARIO: &str = r#"(
    id: "tiny",
    title: "Tiny",
    description: "Two units.",
    map: (width: 4, height: 2, rows: ["11 11 11 11", "11 11 11 11"]),
    sides: [
        (name: "X-Com", units: [(unit: "specialist-heavy", col: 0, row: 0)]),
        (name: "Aliens", units: [(unit: "thin-man", col: 3, row: 1)]),
    ],
    costs: [],
    BUDGET
)"#;

#[test]
fn sk_gap_6_a_scenario_budget_is_enforced() -> R {
    // sk.gap.6: a scenario may name a points budget; a side that costs more is refused.
    let sk = Skirmish::new().map_err(|e| e.to_string())?;
    let setup = |budget: &str| {
        let text = SCENARIO.replace("BUDGET", budget);
        let def = parse_scenario(text.as_bytes(), "tiny.ron").map_err(|e| e.to_string())?;
        let mut rng = GameRng::new(1);
        setup(
            &sk,
            &def,
            &Options::default(),
            &mut rng,
            &mut Journal::off(),
        )
        .map(|_| ())
        .map_err(|e| e.to_string())
    };
    setup("budget: Some(2),")?;
    setup("")?;
    let e = setup("budget: Some(1),").expect_err("over budget");
    assert!(
        e.contains("costs 2 points") && e.contains("budget is 1"),
        "{e}"
    );
    // The shipped points battle names its budget and keeps it.
    let pb = sk.scenario("points-battle").map_err(|e| e.to_string())?;
    assert_eq!(pb.budget, Some(12));
    Ok(())
}

#[test]
fn skirmish_ron_files_reject_unknown_fields_with_place_and_choices() -> R {
    // Issue 12 item 3: a field the program does not know is an error at file:line:col that
    // lists the accepted fields — in a scenario, in the rules data and in saved options.
    let text = SCENARIO.replace("BUDGET", "points: 1,");
    let e = parse_scenario(text.as_bytes(), "tiny.ron").expect_err("unknown field");
    let shown = e.to_string();
    assert!(shown.contains("tiny.ron:11:"), "{shown}");
    assert!(shown.contains("points"), "{shown}");
    assert!(
        shown.contains("budget") && shown.contains("costs"),
        "{shown}"
    );
    // A placement with a misspelt flag.
    let text = SCENARIO
        .replace("BUDGET", "")
        .replace("col: 0, row: 0)", "col: 0, row: 0, pis: true)");
    let e = parse_scenario(text.as_bytes(), "tiny.ron").expect_err("unknown field");
    assert!(e.to_string().contains("psi"), "{e}");
    // The rules data.
    let rules = include_str!("../../../rulesets/skirmish/rules.ron").replacen(
        "hits: 5, cost: Fixed(5),",
        "hits: 5, cost: Fixed(5), speed: 3,",
        1,
    );
    let e = Catalog::parse(rules.as_bytes(), "rules.ron").expect_err("unknown field");
    let shown = e.to_string();
    assert!(
        shown.contains("rules.ron:") && shown.contains("speed"),
        "{shown}"
    );
    assert!(shown.contains("flyer"), "{shown}");
    // Options as a save stores them.
    let bad: Result<Options, _> = ron::from_str("(range_mode: max, colour: 1)");
    assert!(bad.is_err());
    let good: Result<Options, _> = ron::from_str("(range_mode: max)");
    assert!(good.is_ok());
    Ok(())
}
