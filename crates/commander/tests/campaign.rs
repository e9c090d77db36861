//! Campaign mode: base loadouts, the campaign file, casualties carried over, operations in
//! order, reward draws and claims (cmd.campaign.*, cmd.gap.29, cmd.gap.32, cmd.gap.34).

use squadsight_commander::ai_mode::Difficulty;
use squadsight_commander::campaign::cards::Card;
use squadsight_commander::campaign::rewards::reward_name;
use squadsight_commander::campaign::{
    BattleRecord, BattleReport, BattleResult, Campaign, FORMAT, Loss, NewSquad, Recruit,
    apply_reward, default_squad,
};
use squadsight_commander::catalog::{Catalog, Faction, Reward};

fn catalog() -> &'static Catalog {
    Catalog::builtin().expect("the built-in data loads")
}

fn unit(c: &Catalog, name: &str, models: u8) -> Recruit {
    Recruit {
        unit: c.unit_id(name).unwrap(),
        models,
    }
}

fn xcom(c: &Catalog) -> NewSquad {
    NewSquad {
        name: "Alice".into(),
        faction: Faction::Xcom,
        units: vec![unit(c, "Grenadier", 1), unit(c, "Rookie", 2)],
        leader: c.unit_id("Grenadier").unwrap(),
    }
}

fn new_campaign(difficulty: Difficulty) -> Campaign {
    let c = catalog();
    Campaign::new(c, 7, difficulty, &[xcom(c)], 1000).unwrap()
}

fn cards(list: &[&str]) -> Vec<Card> {
    list.iter().map(|t| t.parse().unwrap()).collect()
}

/// A campaign whose last battle drew exactly these cards.
fn with_draw(mut camp: Campaign, drawn: &[&str]) -> Campaign {
    camp.history.push(BattleRecord {
        operation: "test".into(),
        report: BattleReport {
            result: BattleResult::Win,
            rounds: 4,
            losses: Vec::new(),
            supplies_found: Vec::new(),
        },
        cards: cards(drawn),
        secondary: false,
        claims: Vec::new(),
        draw_log: Vec::new(),
    });
    camp
}

#[test]
fn squads_start_at_the_ai_loadout_without_upgrades() {
    // cmd.campaign.base-loadout
    let camp = new_campaign(Difficulty::Classic);
    let p = &camp.players[0];
    let gren = &p.units[0];
    assert_eq!(gren.unit, "Grenadier");
    assert_eq!(gren.primary.as_deref(), Some("Cannon"));
    assert_eq!(gren.secondary.as_deref(), Some("Grenade Launcher"));
    assert!(gren.attachments.is_empty() && gren.vest.is_none());
    assert_eq!(gren.rank.as_deref(), Some("1) Squaddie"));
    assert_eq!(p.units[1].models, 2);
    assert_eq!(p.leader.as_deref(), Some("Grenadier"));
    assert!(!camp.finished());
    assert_eq!(camp.format, FORMAT);
}

#[test]
fn starting_squads_follow_the_building_rules() {
    // cmd.prep.single-faction, cmd.prep.two-squads-equal-points
    let c = catalog();
    let mut bad = xcom(c);
    bad.units.push(unit(c, "Viper", 1));
    let e = Campaign::new(c, 1, Difficulty::Classic, &[bad], 1000).unwrap_err();
    assert_eq!(e.clause, Some("cmd.sr.faction-xcom"), "{e}");
    let e = Campaign::new(c, 1, Difficulty::Classic, &[xcom(c)], 500).unwrap_err();
    assert!(e.to_string().contains("over the 500 spl limit"), "{e}");
    for faction in [Faction::Xcom, Faction::Advent] {
        let squad = default_squad(c, faction, "P").unwrap();
        assert!(
            Campaign::new(c, 1, Difficulty::Classic, &[squad], 500).is_ok(),
            "the default {faction:?} Squad fits 500 spl"
        );
    }
}

#[test]
fn the_file_round_trips_and_bad_files_are_refused() {
    let c = catalog();
    let camp = new_campaign(Difficulty::Impossible);
    let text = camp.to_ron().unwrap();
    assert_eq!(
        Campaign::from_ron(text.as_bytes(), "c.ron", c),
        Ok(camp.clone())
    );
    let cases = [
        text.replace(FORMAT, "something-else"),
        text.replace("version: 1", "version: 99"),
        text.replace("\"Rookie\"", "\"Chryssalid\""),
        text.replace("\"Cannon\"", "\"Laser Cannon\""),
        "(format: \"x\",".to_string(),
        String::from_utf8_lossy(&[0xff, 0xfe]).into_owned(),
    ];
    for bad in cases {
        let e = Campaign::from_ron(bad.as_bytes(), "c.ron", c).unwrap_err();
        assert!(e.to_string().starts_with("c.ron"), "{e}");
    }
    let e = Campaign::from_ron(b"(\n format: 3)", "c.ron", c).unwrap_err();
    assert_eq!(e.line, 2, "syntax errors carry a line: {e}");
}

#[test]
fn an_unknown_name_in_a_campaign_file_is_reported_at_its_place() {
    let c = catalog();
    let text = new_campaign(Difficulty::Classic).to_ron().unwrap();
    let bad = text.replacen("\"Assault Rifle\"", "\"Laser Rifle\"", 1);
    let e = Campaign::from_ron(bad.as_bytes(), "c.ron", c).unwrap_err();
    let line = bad.lines().position(|l| l.contains("Laser Rifle")).unwrap() + 1;
    let col = bad.lines().nth(line - 1).unwrap().find('"').unwrap() + 1;
    assert_eq!((e.line, e.col), (line, col), "{e}");
    // Which player, which unit and which name.
    assert!(
        e.message.contains("player Alice")
            && e.message.contains("(`Rookie`)")
            && e.message.contains("no weapon card named `Laser Rifle`"),
        "{e}"
    );
}

#[test]
fn operations_are_played_in_order_and_casualties_are_lost_for_good() {
    // cmd.campaign.carry-over, cmd.campaign.same-squad, cmd.prep.campaign-persistent-squads,
    // cmd.gap.34, cmd.gap.29
    let c = catalog();
    let mut camp = new_campaign(Difficulty::Classic);
    let names: Vec<String> = c.operations().iter().map(|o| o.name.clone()).collect();
    let report = BattleReport {
        result: BattleResult::Win,
        rounds: 6,
        losses: vec![
            Loss {
                player: 0,
                unit: "Rookie".into(),
                models: 1,
            },
            Loss {
                player: 0,
                unit: "Grenadier".into(),
                models: 1,
            },
        ],
        supplies_found: vec![25],
    };
    camp.record_battle(c, report).unwrap();
    let p = &camp.players[0];
    assert_eq!(p.units.len(), 1, "the destroyed Grenadier is gone");
    assert_eq!((p.units[0].unit.as_str(), p.units[0].models), ("Rookie", 1));
    assert_eq!(p.leader.as_deref(), Some("Rookie"), "a new Leader steps up");
    assert_eq!(p.stores.supplies, 25);
    assert_eq!(camp.history[0].operation, names[0]);
    assert_eq!(camp.next_operation, 1);
    // The Squad carries over through the file.
    let again = Campaign::from_ron(camp.to_ron().unwrap().as_bytes(), "c", c).unwrap();
    assert_eq!(again.players, camp.players);
}

#[test]
fn losses_beyond_the_squad_are_refused_without_change() {
    let c = catalog();
    let mut camp = new_campaign(Difficulty::Classic);
    let before = camp.clone();
    let report = BattleReport {
        result: BattleResult::Loss,
        rounds: 3,
        losses: vec![Loss {
            player: 0,
            unit: "Rookie".into(),
            models: 3,
        }],
        supplies_found: Vec::new(),
    };
    assert!(camp.record_battle(c, report).is_err());
    assert_eq!(camp, before);
}

#[test]
fn card_counts_follow_the_operation_and_difficulty() {
    // cmd.campaign.reward-draw; the operations' reward lines (data reference §7a)
    let c = catalog();
    let outpost = c
        .operation_id("SE1.1*")
        .or_else(|| c.operation_id("SE1.1"))
        .unwrap();
    let win = |rounds| BattleReport {
        result: BattleResult::Win,
        rounds,
        losses: Vec::new(),
        supplies_found: Vec::new(),
    };
    let loss = BattleReport {
        result: BattleResult::Loss,
        ..win(9)
    };
    let count = |d, r: &BattleReport| new_campaign(d).cards_earned(c, outpost, r);
    assert_eq!(count(Difficulty::Easy, &win(9)), (1, false));
    assert_eq!(count(Difficulty::Classic, &win(9)), (2, false));
    assert_eq!(count(Difficulty::Impossible, &win(9)), (3, false));
    assert_eq!(
        count(Difficulty::Classic, &win(5)),
        (3, true),
        "Secondary: win within 5"
    );
    assert_eq!(count(Difficulty::Classic, &loss), (1, false));
}

#[test]
fn a_battle_draws_its_cards_deterministically() {
    // cmd.campaign.reward-draw, cmd.gap.32
    let c = catalog();
    let report = BattleReport {
        result: BattleResult::Win,
        rounds: 6,
        losses: Vec::new(),
        supplies_found: Vec::new(),
    };
    let mut a = new_campaign(Difficulty::Classic);
    let mut b = new_campaign(Difficulty::Classic);
    a.record_battle(c, report.clone()).unwrap();
    b.record_battle(c, report.clone()).unwrap();
    let drawn = &a.history[0].cards;
    assert_eq!(drawn.len(), 2, "Gatecrasher: one draw of two cards");
    assert_eq!(drawn, &b.history[0].cards);
    assert!(
        a.history[0]
            .draw_log
            .iter()
            .any(|l| l.contains("cmd.campaign.reward-draw"))
    );
    assert!(!drawn.contains(&Card::Joker));
    // A second battle waits until the rewards are claimed.
    assert!(a.pending().is_some());
    assert!(a.record_battle(c, report).is_err());
}

#[test]
fn one_reward_per_player_from_the_shared_draw() {
    // cmd.campaign.one-reward-per-draw, cmd.campaign.coop-rewards
    let c = catalog();
    let mut bob = default_squad(c, Faction::Xcom, "Bob").unwrap();
    bob.name = "Bob".into();
    let camp = Campaign::new(c, 3, Difficulty::Classic, &[xcom(c), bob], 1000).unwrap();
    let mut camp = with_draw(camp, &["2♠", "2♥"]);
    let options = camp.reward_options(c);
    let mag = options
        .iter()
        .position(|o| reward_name(c, o.reward) == "Magnetic Rifle")
        .unwrap();
    let text = camp.claim(c, 0, mag, "Rookie").unwrap();
    assert!(text.contains("Magnetic Rifle"), "{text}");
    assert_eq!(
        camp.players[0].units[1].primary.as_deref(),
        Some("Magnetic Rifle")
    );
    assert_eq!(camp.players[0].stores.weapons, ["Assault Rifle"]);
    let e = camp.claim(c, 0, mag, "Rookie").unwrap_err();
    assert_eq!(e.clause, Some("cmd.campaign.one-reward-per-draw"));
    // The second player takes a reward from the same cards.
    assert!(camp.pending().is_some());
    camp.claim(c, 1, mag, "Rookie").unwrap();
    assert!(camp.pending().is_none(), "every player has claimed");
}

#[test]
fn rewards_go_to_any_unit_that_can_use_them() {
    // cmd.campaign.reward-any-unit, cmd.campaign.reward-kinds,
    // cmd.campaign.upgrade-by-reward-only
    let c = catalog();
    let mut p = new_campaign(Difficulty::Classic).players[0].clone();
    let w = |n| Reward::Weapon(c.weapon_id(n).unwrap());
    assert!(
        apply_reward(c, &mut p, w("Shard Gun"), "Rookie").is_err(),
        "no shotguns for Rookies"
    );
    assert!(
        apply_reward(c, &mut p, w("Mag Cannon"), "Ranger").is_err(),
        "no Ranger in the Squad"
    );
    // The texts give each name its article: "an Arc Blade", "a Mag Cannon".
    let refused = apply_reward(c, &mut p, w("Arc Blade"), "Rookie").unwrap_err();
    assert!(
        refused.to_string().contains("cannot carry an Arc Blade"),
        "{refused}"
    );
    let took = apply_reward(c, &mut p, w("Mag Cannon"), "Grenadier").unwrap();
    assert!(took.ends_with(" for a Mag Cannon"), "{took}");
    assert_eq!(p.units[0].primary.as_deref(), Some("Mag Cannon"));
    let vest = Reward::Vest(c.vest_id("Plated Vest").unwrap());
    apply_reward(c, &mut p, vest, "Rookie").unwrap();
    assert_eq!(p.units[1].vest.as_deref(), Some("Plated Vest"));
    let sight = Reward::Item(c.item_id("Laser Sight").unwrap());
    apply_reward(c, &mut p, sight, "Rookie").unwrap();
    apply_reward(c, &mut p, sight, "Rookie").unwrap();
    assert_eq!(p.units[1].attachments, ["Laser Sight"]);
    assert_eq!(
        p.stores.items,
        ["Laser Sight"],
        "a second one goes to the stores"
    );
    apply_reward(c, &mut p, Reward::RankPromotion, "Rookie").unwrap();
    assert_eq!(p.units[1].rank.as_deref(), Some("2) Corporal"));
}

#[test]
fn face_cards_add_units_of_the_squad_faction() {
    let c = catalog();
    let mut p = new_campaign(Difficulty::Classic).players[0].clone();
    assert!(
        apply_reward(c, &mut p, Reward::UniqueUnit, "Ranger").is_err(),
        "not Unique"
    );
    assert!(
        apply_reward(c, &mut p, Reward::NonUniqueUnit, "Viper").is_err(),
        "wrong faction"
    );
    apply_reward(c, &mut p, Reward::UniqueUnit, "The Commander").unwrap();
    assert!(apply_reward(c, &mut p, Reward::UniqueUnit, "The Commander").is_err());
    apply_reward(c, &mut p, Reward::NonUniqueUnit, "Rookie").unwrap();
    assert_eq!(
        p.units[1].models, 3,
        "a Jack or Queen may add a model to a unit"
    );
    apply_reward(c, &mut p, Reward::NonUniqueUnit, "Sharpshooter").unwrap();
    let sharp = p.units.iter().find(|u| u.unit == "Sharpshooter").unwrap();
    assert_eq!(
        sharp.primary.as_deref(),
        Some("Sniper Rifle"),
        "joins at base loadout"
    );
    assert!(p.squad(c).is_ok());
}

#[test]
fn the_campaign_ends_after_the_last_operation() {
    let c = catalog();
    let mut camp = new_campaign(Difficulty::Classic);
    let report = BattleReport {
        result: BattleResult::Loss,
        rounds: 6,
        losses: Vec::new(),
        supplies_found: Vec::new(),
    };
    while !camp.finished() {
        camp.record_battle(c, report.clone()).unwrap();
        while camp.pending().is_some() {
            let n = camp.history.len();
            let options = camp.reward_options(c);
            // Claim something every unit can take, else clear the draw by hand.
            let ok = (0..options.len()).any(|i| {
                ["Rookie", "Grenadier"]
                    .iter()
                    .any(|u| camp.claim(c, 0, i, u).is_ok())
            });
            if !ok {
                camp.pass(0).unwrap();
            }
            assert_eq!(camp.history.len(), n);
        }
    }
    assert_eq!(camp.history.len(), c.operations().len());
    assert!(camp.record_battle(c, report).is_err());
}
