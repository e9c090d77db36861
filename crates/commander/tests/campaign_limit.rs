//! A campaign Squad that its rewards grew past an operation's points limit still plays that
//! operation (cmd.campaign.upgrade-by-reward-only, cmd.campaign.carry-over): the battle's
//! scenario raises the operation's limit to the Squad's price, and only a scenario that does
//! so is accepted.

use crate::support::{catalog, unit_id};
use squadsight_commander::ai_mode::Difficulty;
use squadsight_commander::board::GridKind;
use squadsight_commander::campaign::battle::next_battle;
use squadsight_commander::campaign::{Campaign, NewSquad, Recruit, apply_reward};
use squadsight_commander::catalog::{Catalog, Faction, Reward};
use squadsight_commander::squad::price;

/// A campaign (seed 7, Classic) of one X-Com Squad named `name`: a Grenadier leading
/// `rookies` Rookies, bought within `limit` spl.
fn one_squad_campaign(c: &Catalog, name: &str, rookies: u8, limit: u32) -> Campaign {
    let recruit = |name: &str, models| Recruit {
        unit: unit_id(name),
        models,
    };
    let squad = NewSquad {
        name: name.into(),
        faction: Faction::Xcom,
        units: vec![recruit("Grenadier", 1), recruit("Rookie", rookies)],
        leader: unit_id("Grenadier"),
    };
    Campaign::new(c, 7, Difficulty::Classic, &[squad], limit).unwrap()
}

/// A campaign whose one Squad a few rewards have grown well past the first operation's
/// 500 spl limit.
fn grown_campaign(c: &Catalog) -> (Campaign, u32) {
    let mut camp = one_squad_campaign(c, "Alice", 2, 1000);
    // cmd.campaign.reward-kinds: face cards add models and units, number cards equipment.
    let p = &mut camp.players[0];
    for (reward, unit) in [
        (Reward::NonUniqueUnit, "Rookie"),
        (Reward::NonUniqueUnit, "Rookie"),
        (Reward::NonUniqueUnit, "Sharpshooter"),
        (Reward::NonUniqueUnit, "Ranger"),
        (Reward::UniqueUnit, "The Commander"),
    ] {
        apply_reward(c, p, reward, unit).unwrap();
    }
    let grown = price(c, &p.squad(c).unwrap());
    (camp, grown)
}

#[test]
fn a_squad_grown_by_rewards_plays_an_operation_whose_limit_it_passed() {
    // cmd.campaign.upgrade-by-reward-only: rewards are earned, not bought, so they may take
    // a Squad past the limit; cmd.campaign.same-squad: it is still that Squad that plays.
    let c = catalog();
    let (camp, grown) = grown_campaign(c);
    let op = camp.next_operation().expect("the first operation is next");
    let limit = u32::from(c.operation(op).points_limit);
    assert!(grown > limit, "{grown} spl is past the {limit} spl limit");
    let battle = next_battle(c, &camp, 0).expect("the grown Squad gets its battle");
    assert_eq!(
        battle.scenario.points, grown,
        "the battle's limit is raised to the Squad's price"
    );
    let plan = battle.scenario.plan(c, GridKind::Square, 48);
    assert!(plan.is_ok(), "{:?}", plan.err());

    // Without the raise the same scenario breaks the operation's limit: the raise is what
    // lets it play, not a check that accepts anything.
    let mut kept = battle.scenario.clone();
    kept.points = limit;
    let problems = kept
        .plan(c, GridKind::Square, 48)
        .expect_err("a Squad past the operation's limit is refused");
    assert!(
        problems.iter().any(|p| p.contains(&grown.to_string())),
        "{problems:?}"
    );
}

#[test]
fn a_squad_inside_the_limit_keeps_the_operations_limit() {
    // cmd.campaign.upgrade-by-reward-only: the raise is only for a Squad rewards grew; one
    // inside the card's limit plays under that limit, unchanged.
    let c = catalog();
    let camp = one_squad_campaign(c, "Bob", 1, 500);
    let spec = camp.players[0].squad(c).unwrap();
    assert!(price(c, &spec) <= 500, "{}", price(c, &spec));
    let op = camp.next_operation().unwrap();
    let limit = u32::from(c.operation(op).points_limit);
    let battle = next_battle(c, &camp, 0).unwrap();
    assert!(
        battle.scenario.points <= limit,
        "{}",
        battle.scenario.points
    );
    assert!(battle.scenario.plan(c, GridKind::Square, 48).is_ok());
}
