//! Squad building: pricing and every building rule, each test citing its clause.

use crate::support::{catalog, unit_id, weapon_id};
use squadsight_commander::catalog::{Faction, ItemId, Slot, UnitId, VestId, WeaponId};
use squadsight_commander::scenario::{ScenarioDef, builtin_scenarios};
use squadsight_commander::squad::{
    self, LARGE_LIMIT, STANDARD_LIMIT, SquadDef, SquadError, SquadSpec, UnitPick, UnitPickDef,
    ai_loadout_pick, ai_loadout_squad, cheapest_pick, model_price, price, validate,
};
use squadsight_core::data::{parse_ron, to_ron_pretty};

fn item(name: &str) -> ItemId {
    catalog()
        .item_id(name)
        .unwrap_or_else(|| panic!("no item {name}"))
}

fn vest(name: &str) -> VestId {
    catalog()
        .vest_id(name)
        .unwrap_or_else(|| panic!("no vest {name}"))
}

/// A unit with its AI loadout, one model.
fn pick(name: &str) -> UnitPick {
    ai_loadout_pick(catalog(), unit_id(name), 1)
}

fn squad(faction: Faction, units: Vec<UnitPick>) -> SquadSpec {
    SquadSpec {
        faction,
        leader: 0,
        units,
        free_trooper: false,
    }
}

/// The 500 spl XCOM Squad used as a legal base: Ranger 180, Grenadier 209, Colonel Rookie 63.
fn legal_xcom() -> SquadSpec {
    let mut rookie = pick("Rookie");
    rookie.rank = catalog().rank_id("7) Colonel").unwrap_or_else(|| panic!());
    squad(
        Faction::Xcom,
        vec![pick("Ranger"), pick("Grenadier"), rookie],
    )
}

fn errors(spec: &SquadSpec, limit: u32) -> Vec<SquadError> {
    match validate(catalog(), spec, limit) {
        Ok(()) => Vec::new(),
        Err(e) => e,
    }
}

fn clauses(spec: &SquadSpec, limit: u32) -> Vec<&'static str> {
    errors(spec, limit).iter().map(SquadError::clause).collect()
}

// ---- pricing ----

#[test]
fn price_adds_base_weapons_attachments_vest_and_rank() {
    // cmd.prep.points-supplies; commander-data.md §9c's worked example: a Rookie with Assault
    // Rifle and Pistol is 96 + 39 + 28 = 163 spl; with a Laser Sight and a Nanoscale Vest 208.
    let c = catalog();
    let mut rookie = pick("Rookie");
    assert_eq!(model_price(c, &rookie), 163);
    rookie.attachments.push(item("Laser Sight"));
    rookie.vest = Some(vest("Nanoscale Vest"));
    assert_eq!(model_price(c, &rookie), 208);
    // Ranks cost what the files say, negative (7) Colonel −100).
    rookie.rank = c.rank_id("7) Colonel").unwrap_or_else(|| panic!());
    assert_eq!(model_price(c, &rookie), 108);
}

#[test]
fn ai_loadout_and_cheapest_builds_match_the_reference() {
    // commander-data.md §1c derived columns: AI-loadout total and cheapest legal build.
    let want = [
        ("Rookie", 163, 163),
        ("Ranger", 180, 180),
        ("Grenadier", 209, 209),
        ("ADVENT Trooper", 140, 135),
        ("ADVENT Stun Lancer", 196, 191),
        ("ADVENT Officer", 146, 141),
        ("Sharpshooter", 181, 181),
        ("Specialist", 181, 181),
        ("Sectoid", 143, 133),
        ("Faceless", 194, 194),
        ("Viper", 192, 182),
        ("Psi Operative", 169, 169),
        ("ADVENT General", 149, 144),
        ("The Commander", 138, 133),
    ];
    let c = catalog();
    for (name, ai, cheapest) in want {
        assert_eq!(model_price(c, &pick(name)), ai, "{name} AI loadout");
        assert_eq!(
            model_price(c, &cheapest_pick(c, unit_id(name))),
            cheapest,
            "{name} cheapest"
        );
    }
}

#[test]
fn every_model_is_paid_for() {
    // cmd.prep.unit-models: a unit of two Rookies costs twice one.
    let mut rookies = pick("Rookie");
    rookies.models = 2;
    let spec = squad(Faction::Xcom, vec![pick("Ranger"), rookies]);
    assert_eq!(price(catalog(), &spec), 180 + 2 * 163);
}

#[test]
fn free_advent_trooper_is_outside_the_total() {
    // cmd.sr.faction-advent, cmd.gap.30, cmd.gap.58: the free Trooper costs nothing.
    let mut spec = squad(
        Faction::Advent,
        vec![pick("ADVENT Officer"), pick("ADVENT Stun Lancer")],
    );
    let before = price(catalog(), &spec);
    spec.free_trooper = true;
    assert_eq!(price(catalog(), &spec), before);
    assert_eq!(before, 146 + 196);
    assert_eq!(errors(&spec, STANDARD_LIMIT), vec![]);
}

#[test]
fn battle_mode_buys_any_listed_upgrade_at_its_cost() {
    // cmd.battle.free-build, cmd.gap.35: Battle mode may buy any upgrade the data lists.
    let c = catalog();
    let mut rookie = pick("Rookie");
    rookie.primary = Some(weapon_id("Plasma Rifle"));
    rookie.secondary = Some(weapon_id("Beam Pistol"));
    rookie.attachments = vec![item("Scope"), item("Laser Sight")];
    rookie.vest = Some(vest("Plated Nanoscale Vest"));
    assert_eq!(model_price(c, &rookie), 96 + 49 + 38 + 25 + 25 + 40);
    let spec = squad(Faction::Xcom, vec![rookie]);
    assert_eq!(errors(&spec, STANDARD_LIMIT), vec![]);
}

#[test]
fn remaining_points() {
    let spec = legal_xcom();
    assert_eq!(price(catalog(), &spec), 180 + 209 + 63);
    assert_eq!(
        squad::remaining(catalog(), &spec, STANDARD_LIMIT),
        500 - 452
    );
    assert_eq!(
        squad::remaining(
            catalog(),
            &squad(Faction::Xcom, vec![pick("Grenadier"); 3]),
            500
        ),
        -127
    );
}

// ---- validation, rule by rule ----

#[test]
fn a_legal_squad_passes() {
    assert_eq!(errors(&legal_xcom(), STANDARD_LIMIT), vec![]);
}

#[test]
fn empty_and_modelless_units_are_refused() {
    // cmd.prep.unit-models: a Squad has units, a unit has at least one model.
    let empty = squad(Faction::Xcom, vec![]);
    assert_eq!(errors(&empty, STANDARD_LIMIT), vec![SquadError::Empty]);
    let mut spec = legal_xcom();
    spec.units[1].models = 0;
    assert_eq!(
        errors(&spec, STANDARD_LIMIT),
        vec![SquadError::NoModels { index: 1 }]
    );
    assert_eq!(clauses(&spec, STANDARD_LIMIT), ["cmd.prep.unit-models"]);
}

#[test]
fn one_faction_only() {
    // cmd.prep.single-faction, cmd.prep.faction-rule with cmd.sr.faction-xcom: no ADVENT unit
    // in an XCOM Squad.
    let mut spec = legal_xcom();
    spec.units[2] = pick("Viper");
    let e = errors(&spec, LARGE_LIMIT);
    assert_eq!(
        e,
        vec![SquadError::WrongFaction {
            index: 2,
            unit: "Viper".into(),
            squad: Faction::Xcom
        }]
    );
    assert_eq!(e[0].clause(), "cmd.sr.faction-xcom");
    // cmd.sr.faction-advent: no XCOM unit in an ADVENT Squad.
    let spec = squad(
        Faction::Advent,
        vec![pick("ADVENT Officer"), pick("Rookie")],
    );
    assert_eq!(clauses(&spec, STANDARD_LIMIT), ["cmd.sr.faction-advent"]);
}

#[test]
fn a_named_unit_is_bought_once() {
    // cmd.prep.named-unit-once, cmd.prep.same-name-one-unit: more Rookies are more models of
    // the one Rookie unit, never a second unit; reported once however often it repeats.
    let spec = squad(
        Faction::Xcom,
        vec![
            pick("Ranger"),
            pick("Rookie"),
            pick("Rookie"),
            pick("Rookie"),
        ],
    );
    assert_eq!(
        errors(&spec, LARGE_LIMIT),
        vec![SquadError::NamedUnitTwice {
            unit: "Rookie".into()
        }]
    );
    assert_eq!(clauses(&spec, LARGE_LIMIT), ["cmd.prep.named-unit-once"]);
    let mut one_unit = pick("Rookie");
    one_unit.models = 3;
    assert_eq!(
        errors(
            &squad(Faction::Xcom, vec![pick("Ranger"), one_unit]),
            LARGE_LIMIT
        ),
        vec![]
    );
}

#[test]
fn the_leader_is_one_of_the_squad() {
    // cmd.prep.leader-choice: the Leader index must name a unit of the Squad.
    let mut spec = legal_xcom();
    spec.leader = 3;
    assert_eq!(
        errors(&spec, STANDARD_LIMIT),
        vec![SquadError::NoLeader { index: 3 }]
    );
    assert_eq!(clauses(&spec, STANDARD_LIMIT), ["cmd.prep.leader-choice"]);
    // cmd.gap.29: every unit of the faction may lead.
    assert!(catalog().units().iter().all(|u| u.leader_eligible));
}

#[test]
fn the_leader_is_a_single_model() {
    // cmd.prep.leader-single-model: the Leader's unit is just the Leader.
    let mut spec = legal_xcom();
    spec.leader = 2;
    spec.units[2].models = 2;
    assert_eq!(
        errors(&spec, LARGE_LIMIT),
        vec![SquadError::LeaderNotSingle { models: 2 }]
    );
    assert_eq!(
        clauses(&spec, LARGE_LIMIT),
        ["cmd.prep.leader-single-model"]
    );
    assert_eq!(squad::max_models(catalog(), &spec, 2), 1);
    assert_eq!(squad::max_models(catalog(), &spec, 1), u8::MAX);
}

#[test]
fn the_leader_uses_its_units_one_choice() {
    // cmd.prep.leader-uses-unit-choice: the Leader is that unit's one selection; a second
    // Ranger beside a Ranger Leader is refused.
    let mut spec = legal_xcom();
    spec.units.push(pick("Ranger"));
    assert_eq!(
        errors(&spec, LARGE_LIMIT),
        vec![SquadError::NamedUnitTwice {
            unit: "Ranger".into()
        }]
    );
}

#[test]
fn unique_units_are_single_models() {
    // cmd.sr.unique, cmd.gap.30: the ADVENT General is one model in the whole force.
    let mut general = pick("ADVENT General");
    general.models = 2;
    let spec = squad(Faction::Advent, vec![pick("ADVENT Officer"), general]);
    assert_eq!(
        errors(&spec, LARGE_LIMIT),
        vec![SquadError::UniqueNotSingle {
            unit: "ADVENT General".into(),
            models: 2
        }]
    );
    assert_eq!(clauses(&spec, LARGE_LIMIT), ["cmd.sr.unique"]);
    assert_eq!(squad::max_models(catalog(), &spec, 1), 1);
}

#[test]
fn weapon_slots_take_only_their_options() {
    // commander-data.md §1d: every slot filled, from that slot's options only.
    let mut rookie = pick("Rookie");
    rookie.secondary = None;
    rookie.primary = Some(weapon_id("Shotgun"));
    let e = errors(&squad(Faction::Xcom, vec![rookie]), STANDARD_LIMIT);
    assert_eq!(
        e,
        vec![
            SquadError::WeaponNotAllowed {
                unit: "Rookie".into(),
                slot: Slot::Primary,
                weapon: "Shotgun".into()
            },
            SquadError::MissingWeapon {
                unit: "Rookie".into(),
                slot: Slot::Secondary
            },
        ]
    );
    assert!(e.iter().all(|x| x.clause() == "cmd.gap.35"));
    // The ADVENT Trooper has no Secondary slot at all.
    let mut trooper = pick("ADVENT Trooper");
    trooper.secondary = Some(weapon_id("Pistol"));
    assert_eq!(
        errors(&squad(Faction::Advent, vec![trooper]), STANDARD_LIMIT),
        vec![SquadError::WeaponNotAllowed {
            unit: "ADVENT Trooper".into(),
            slot: Slot::Secondary,
            weapon: "Pistol".into()
        }]
    );
}

#[test]
fn attachments_two_at_most_one_of_each_and_vests_where_allowed() {
    // commander-data.md §1d and §3: attachments max 2, each once; vest max 1; the Faceless has
    // neither group.
    let mut rookie = pick("Rookie");
    rookie.attachments = vec![item("Scope"), item("Scope"), item("Laser Sight")];
    assert_eq!(
        errors(&squad(Faction::Xcom, vec![rookie]), STANDARD_LIMIT),
        vec![
            SquadError::TooManyAttachments {
                unit: "Rookie".into(),
                count: 3
            },
            SquadError::DuplicateAttachment {
                unit: "Rookie".into(),
                item: "Scope".into()
            },
        ]
    );
    let mut faceless = pick("Faceless");
    faceless.attachments = vec![item("Scope")];
    faceless.vest = Some(vest("Plated Vest"));
    assert_eq!(
        errors(
            &squad(Faction::Advent, vec![faceless.clone()]),
            STANDARD_LIMIT
        ),
        vec![
            SquadError::AttachmentsNotAllowed {
                unit: "Faceless".into()
            },
            SquadError::VestNotAllowed {
                unit: "Faceless".into()
            },
        ]
    );
    assert!(squad::addable_attachments(catalog(), &faceless).is_empty());
    assert!(squad::allowed_vests(catalog(), &faceless).is_empty());
    let mut sectoid = pick("Sectoid");
    assert_eq!(squad::addable_attachments(catalog(), &sectoid).len(), 2);
    sectoid.attachments = vec![item("Scope")];
    assert_eq!(
        squad::addable_attachments(catalog(), &sectoid),
        vec![item("Laser Sight")]
    );
    assert_eq!(squad::allowed_vests(catalog(), &sectoid).len(), 3);
}

#[test]
fn only_advent_gets_the_free_trooper() {
    // cmd.sr.faction-advent.
    let mut spec = legal_xcom();
    spec.free_trooper = true;
    assert_eq!(
        errors(&spec, STANDARD_LIMIT),
        vec![SquadError::FreeTrooperNotAdvent]
    );
    assert_eq!(clauses(&spec, STANDARD_LIMIT), ["cmd.sr.faction-advent"]);
}

#[test]
fn any_limit_is_allowed_and_the_two_named_sizes_are_named() {
    // cmd.prep.size-standard (500 is "a standard game"), cmd.prep.size-large (1000+ is "a large
    // warzone"): the rulebook names two sizes and forbids none, so 750 is a legal agreed limit
    // (cmd.gap.58); only a 0 spl limit is refused.
    use squadsight_commander::squad::GameSize;
    let spec = legal_xcom();
    assert_eq!(errors(&spec, 500), vec![]);
    assert_eq!(errors(&spec, 750), vec![]);
    assert_eq!(errors(&spec, 1000), vec![]);
    assert_eq!(errors(&spec, 1750), vec![]);
    assert_eq!(
        clauses(&spec, 0),
        ["cmd.prep.points-supplies", "cmd.gap.58"]
    );
    assert_eq!(GameSize::of(500), GameSize::Standard);
    assert_eq!(GameSize::of(1000), GameSize::LargeWarzone);
    assert_eq!(GameSize::of(2000), GameSize::LargeWarzone);
    assert_eq!(GameSize::of(750), GameSize::Agreed);
    assert_eq!(GameSize::of(500).to_string(), "standard game");
    assert_eq!(GameSize::of(1200).to_string(), "large warzone");
    assert!(squad::is_game_size(750) && squad::is_game_size(499) && !squad::is_game_size(0));
}

#[test]
fn squads_spend_up_to_the_agreed_limit() {
    // cmd.prep.two-squads-equal-points with cmd.gap.58: each Squad spends up to the limit.
    let mut spec = legal_xcom();
    spec.units[2].rank = catalog().first_rank();
    assert_eq!(price(catalog(), &spec), 552);
    assert_eq!(
        errors(&spec, 500),
        vec![SquadError::OverLimit {
            price: 552,
            limit: 500
        }]
    );
    assert_eq!(clauses(&spec, 500), ["cmd.gap.58"]);
    assert_eq!(errors(&spec, 1000), vec![]);
    // Exactly at the limit is fine.
    let mut sharpshooter = pick("Sharpshooter");
    sharpshooter.vest = Some(vest("Plated Vest"));
    sharpshooter.rank = catalog().rank_id("7) Colonel").unwrap_or_else(|| panic!());
    let spec = squad(
        Faction::Xcom,
        vec![pick("Ranger"), pick("Grenadier"), sharpshooter],
    );
    assert_eq!(price(catalog(), &spec), 180 + 209 + (181 + 30 - 100));
    assert_eq!(price(catalog(), &spec), 500);
    assert_eq!(errors(&spec, 500), vec![]);
}

#[test]
fn every_error_is_reported_at_once() {
    let mut spec = squad(Faction::Xcom, vec![pick("Viper"), pick("Viper")]);
    spec.leader = 5;
    spec.free_trooper = true;
    let got = clauses(&spec, 0);
    assert_eq!(
        got,
        [
            "cmd.prep.points-supplies",
            "cmd.sr.faction-xcom",
            "cmd.sr.faction-xcom",
            "cmd.prep.named-unit-once",
            "cmd.prep.leader-choice",
            "cmd.sr.faction-advent",
            "cmd.gap.58",
        ]
    );
    for e in errors(&spec, 0) {
        assert!(!e.to_string().is_empty());
    }
}

// ---- builder helpers ----

#[test]
fn builder_offers_unbought_units_of_the_faction() {
    // cmd.prep.single-faction, cmd.prep.named-unit-once.
    let spec = legal_xcom();
    let names: Vec<&str> = squad::addable_units(catalog(), &spec)
        .iter()
        .map(|u| catalog().unit(*u).name.as_str())
        .collect();
    assert_eq!(
        names,
        [
            "Sharpshooter",
            "Specialist",
            "Psi Operative",
            "The Commander"
        ]
    );
    // 48 spl left: no unbought XCOM unit fits (the cheapest build, The Commander's, is 133);
    // under a 1000 spl limit all four do (cmd.gap.58).
    assert!(squad::affordable_units(catalog(), &spec, STANDARD_LIMIT).is_empty());
    assert_eq!(
        squad::affordable_units(catalog(), &spec, LARGE_LIMIT).len(),
        4
    );
    let small = squad(Faction::Xcom, vec![pick("Ranger"), pick("Grenadier")]);
    let fits: Vec<&str> = squad::affordable_units(catalog(), &small, STANDARD_LIMIT)
        .iter()
        .map(|u| catalog().unit(*u).name.as_str())
        .collect();
    // 111 spl left is still under 133.
    assert!(fits.is_empty());
    let one = squad(Faction::Xcom, vec![pick("Grenadier")]);
    let fits: Vec<&str> = squad::affordable_units(catalog(), &one, STANDARD_LIMIT)
        .iter()
        .map(|u| catalog().unit(*u).name.as_str())
        .collect();
    // 291 spl left: every other XCOM unit's cheapest build fits.
    assert_eq!(
        fits,
        [
            "Rookie",
            "Ranger",
            "Sharpshooter",
            "Specialist",
            "Psi Operative",
            "The Commander"
        ]
    );
    let mut two = legal_xcom();
    two.units[1].models = 2;
    assert_eq!(squad::leader_candidates(catalog(), &two), vec![0, 2]);
}

// ---- campaign base loadouts ----

#[test]
fn campaign_squads_start_from_ai_loadouts() {
    // cmd.campaign.base-loadout: AI-loadout weapons, no attachments, no vest, first rank.
    let c = catalog();
    let spec = match ai_loadout_squad(
        c,
        Faction::Xcom,
        &[
            (unit_id("Ranger"), 1),
            (unit_id("Grenadier"), 1),
            (unit_id("Rookie"), 2),
        ],
        0,
    ) {
        Ok(s) => s,
        Err(e) => panic!("{e:?}"),
    };
    for p in &spec.units {
        let weapons: Vec<WeaponId> = p.weapons().collect();
        let mut loadout = c.unit(p.unit).ai_loadout.clone();
        loadout.sort_by_key(|w| c.weapon(*w).slot);
        assert_eq!(weapons, loadout, "{}", c.unit(p.unit).name);
        assert!(p.attachments.is_empty() && p.vest.is_none());
        assert_eq!(p.rank, c.first_rank());
    }
    assert_eq!(price(c, &spec), 180 + 209 + 2 * 163);
    // The Viper's loadout lists the secondary first; it still lands in the right slots.
    let viper = pick("Viper");
    assert_eq!(viper.primary, Some(weapon_id("Plasma Rifle")));
    assert_eq!(viper.secondary, Some(weapon_id("Viper Tongue")));
    // An ADVENT campaign Squad fields the free Trooper; a bad Leader is refused.
    let advent = ai_loadout_squad(c, Faction::Advent, &[(unit_id("ADVENT Officer"), 1)], 0);
    assert_eq!(advent.map(|s| s.free_trooper), Ok(true));
    assert_eq!(
        ai_loadout_squad(c, Faction::Xcom, &[(unit_id("Rookie"), 2)], 0),
        Err(vec![SquadError::LeaderNotSingle { models: 2 }])
    );
}

// ---- one Squad file form: scenarios, the squad builder and campaign files ----

fn parse(text: &str) -> SquadDef {
    match parse_ron(text.as_bytes(), "squad.ron") {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    }
}

const SQUAD_TEXT: &str = r#"(
    faction: Xcom,
    leader: "Ranger",
    units: [
        (unit: "Rookie", primary: Some("Assault Rifle"), secondary: Some("Pistol"), models: 2,
            attachments: ["Scope"], vest: Some("Plated Vest"), rank: Some("2) Corporal")),
        (unit: "Ranger", primary: Some("Shotgun"), secondary: Some("Sword")),
    ],
)"#;

#[test]
fn squads_read_and_write_names() {
    let def = parse(SQUAD_TEXT);
    let spec = match def.resolve(catalog()) {
        Ok(s) => s,
        Err(e) => panic!("{e:?}"),
    };
    assert_eq!(spec.leader, 1);
    assert_eq!(spec.units[0].models, 2);
    assert_eq!(spec.units[0].attachments, vec![item("Scope")]);
    assert_eq!(spec.units[0].vest, Some(vest("Plated Vest")));
    assert_eq!(spec.units[1].rank, catalog().first_rank());
    assert_eq!(spec.units[1].models, 1);
    assert_eq!(errors(&spec, 1000), vec![]);
    // Written back with every choice spelled out, it reads as the same Squad.
    let written = SquadDef::from_spec(catalog(), &spec);
    assert_eq!(written.leader, "Ranger");
    assert_eq!(written.units[1].rank.as_deref(), Some("1) Squaddie"));
    let text = match to_ron_pretty(&written) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(parse(&text).resolve(catalog()), Ok(spec));
}

#[test]
fn every_unknown_name_is_reported_with_its_unit() {
    let bad = SQUAD_TEXT
        .replace("\"Sword\"", "\"Sabre\"")
        .replace("\"Scope\"", "\"Telescope\"")
        .replace("2) Corporal", "Private")
        .replace("Plated Vest", "Tin Vest");
    let problems = parse(&bad).resolve(catalog()).err().unwrap_or_default();
    assert_eq!(
        problems,
        vec![
            "unit 1 (`Rookie`): no item card named `Telescope`",
            "unit 1 (`Rookie`): no vest named `Tin Vest`",
            "unit 1 (`Rookie`): no rank named `Private`",
            "unit 2 (`Ranger`): no weapon card named `Sabre`",
        ]
    );
    let bad = SQUAD_TEXT.replace("unit: \"Rookie\"", "unit: \"Rokie\"");
    let problems = parse(&bad).resolve(catalog()).err().unwrap_or_default();
    assert_eq!(problems, vec!["unit 1: no unit card named `Rokie`"]);
    // cmd.prep.leader-choice: the Leader must be one of the Squad's units.
    let bad = SQUAD_TEXT.replace("leader: \"Ranger\"", "leader: \"Sharpshooter\"");
    let problems = parse(&bad).resolve(catalog()).err().unwrap_or_default();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("`Sharpshooter`") && problems[0].contains("cmd.prep.leader-choice"),
        "{problems:?}"
    );
}

#[test]
fn omitted_weapons_are_the_ai_loadout_and_omitted_ranks_the_first() {
    // cmd.campaign.base-loadout: a unit written with its name alone carries its AI loadout.
    for u in UnitId::all() {
        let name = catalog().unit(u).name.clone();
        let def = SquadDef {
            faction: catalog().unit(u).faction,
            leader: name.clone(),
            units: vec![UnitPickDef {
                unit: name,
                primary: None,
                secondary: None,
                attachments: Vec::new(),
                vest: None,
                rank: None,
                models: 1,
            }],
            free_trooper: false,
        };
        let spec = match def.resolve(catalog()) {
            Ok(s) => s,
            Err(e) => panic!("{e:?}"),
        };
        assert_eq!(spec.units, vec![pick(&def.leader)]);
        for slot in [Slot::Primary, Slot::Secondary] {
            assert_eq!(
                spec.units[0].weapon(slot),
                squad::ai_loadout_weapon(catalog(), u, slot)
            );
        }
    }
}

#[test]
fn the_shipped_scenarios_squads_survive_a_round_trip() {
    for info in builtin_scenarios() {
        let def: ScenarioDef = match parse_ron(info.source.as_bytes(), info.id) {
            Ok(d) => d,
            Err(e) => panic!("{e}"),
        };
        for side in &def.sides {
            let Some(squad) = &side.squad else { continue };
            let spec = match squad.resolve(catalog()) {
                Ok(s) => s,
                Err(e) => panic!("{}: {e:?}", info.id),
            };
            let again = SquadDef::from_spec(catalog(), &spec).resolve(catalog());
            assert_eq!(again, Ok(spec), "{}", info.id);
        }
    }
}

// ---- robustness ----

mod random_specs {
    use super::*;
    use proptest::prelude::*;
    use squadsight_commander::catalog::RankId;

    fn any_pick() -> impl Strategy<Value = UnitPick> {
        (
            0usize..14,
            proptest::option::of(0usize..27),
            proptest::option::of(0usize..27),
            proptest::collection::vec(0usize..2, 0..4),
            proptest::option::of(0usize..3),
            0usize..6,
            0u8..4,
        )
            .prop_map(|(u, p, s, a, v, r, models)| UnitPick {
                unit: UnitId::from_index(u).unwrap_or_else(|| panic!()),
                primary: p.and_then(WeaponId::from_index),
                secondary: s.and_then(WeaponId::from_index),
                attachments: a.into_iter().filter_map(ItemId::from_index).collect(),
                vest: v.and_then(VestId::from_index),
                rank: RankId::from_index(r).unwrap_or_else(|| panic!()),
                models,
            })
    }

    proptest! {
        /// Any combination of catalog ids validates without panicking, the price is the sum of
        /// the units' prices, and a Squad that passes really keeps every rule checked above.
        #[test]
        fn validation_is_total_and_consistent(
            units in proptest::collection::vec(any_pick(), 0..6),
            leader in 0usize..7,
            advent in any::<bool>(),
            free in any::<bool>(),
            limit in prop_oneof![Just(0u32), Just(500u32), Just(700u32), Just(1000u32), Just(2000u32)],
        ) {
            let faction = if advent { Faction::Advent } else { Faction::Xcom };
            let spec = SquadSpec { faction, leader, units, free_trooper: free };
            let c = catalog();
            let total: i64 = spec.units.iter().map(|u| squad::unit_price(c, u)).sum();
            prop_assert_eq!(i64::from(price(c, &spec)), total.max(0));
            match validate(c, &spec, limit) {
                Ok(()) => {
                    prop_assert!(squad::is_game_size(limit));
                    prop_assert!(price(c, &spec) <= limit);
                    prop_assert!(spec.units.iter().all(|u| c.unit(u.unit).faction == faction));
                    prop_assert_eq!(spec.units.get(leader).map(|u| u.models), Some(1));
                    prop_assert!(spec.units.iter().all(|u| u.models >= 1 && u.attachments.len() <= 2));
                }
                Err(errors) => {
                    prop_assert!(!errors.is_empty());
                    for e in errors {
                        prop_assert!(e.clause().starts_with("cmd."));
                    }
                }
            }
        }
    }
}
