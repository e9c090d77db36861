//! Combat rules, one test per clause (or more), with scripted dice and exact odds. Unit and
//! weapon numbers come from the embedded data files; comments give them for the arithmetic.

use crate::combat_support::{Scripted, attack, catalog, seed_with_faces, unit};
use squadsight_commander::board::Distance;
use squadsight_commander::combat::{
    self, AttackEnd, AttackKind, AttackResult, BlastCentre, Cover, Means, Refusal,
};
use squadsight_commander::mindspin::MindspinEffect;
use squadsight_commander::options::{DamageSequence, SniperModifiers};
use squadsight_commander::skill::{self, Modifier, SkillTest, TestDice};
use squadsight_core::dice::Target;
use squadsight_core::{GameRng, Journal, Ratio};

fn run(ctx: &combat::AttackContext, faces: &[u8]) -> (AttackResult, Scripted) {
    let mut dice = Scripted::new(faces);
    let mut journal = Journal::recording();
    let r = combat::resolve_with(ctx, &mut dice, &mut journal);
    (r, dice)
}

fn clauses(mods: &[Modifier]) -> Vec<&'static str> {
    mods.iter().map(|m| m.clause).collect()
}

// ---------------------------------------------------------------- skill tests

#[test]
/// Checks cmd.test.roll, cmd.gap.18.
fn cmd_test_roll_two_d6_at_or_under_with_exact_odds() {
    assert_eq!(skill::chance(7, TestDice::TwoD6), Ratio::new(21, 36));
    assert_eq!(skill::chance(2, TestDice::TwoD6), Ratio::new(1, 36));
    // cmd.gap.18: a value of 1 or less never passes, 12 or more always does.
    assert_eq!(skill::chance(1, TestDice::TwoD6), Ratio::ZERO);
    assert_eq!(skill::chance(-4, TestDice::TwoD6), Ratio::ZERO);
    assert_eq!(skill::chance(12, TestDice::TwoD6), Ratio::ONE);
    assert_eq!(skill::chance(15, TestDice::TwoD6), Ratio::ONE);
    let mut j = Journal::recording();
    let test = SkillTest::new(7);
    let pass = skill::perform(
        &mut Scripted::new(&[3, 4]),
        &test,
        "cmd.test.roll",
        &mut j,
        || "t".into(),
        Vec::new,
    );
    assert!(pass.success && pass.score == 7);
    let fail = skill::perform(
        &mut Scripted::new(&[4, 4]),
        &test,
        "cmd.test.roll",
        &mut j,
        || "t".into(),
        Vec::new,
    );
    assert!(!fail.success);
}

#[test]
/// Checks cmd.gap.18, cmd.mod.definition.
fn cmd_gap_18_modifiers_change_the_value_and_add_up() {
    let test = SkillTest {
        base: 7,
        modifiers: vec![
            Modifier::new("cmd.act.attack.one", "1 action", -1),
            Modifier::new("cmd.shoot.mod.hard-cover", "hard cover", -2),
            Modifier::new("cmd.shoot.mod.short-range", "short", 1),
        ],
        dice: TestDice::TwoD6,
    };
    assert_eq!(test.value(), 5);
    assert_eq!(test.chance(), Ratio::new(10, 36));
}

#[test]
/// Checks data: Scope (Item Card); cmd.test.roll.
fn scope_rolls_three_keeps_the_lowest_two_with_exact_odds() {
    // data: Scope — roll one extra die and drop the highest.
    assert_eq!(TestDice::ThreeKeepLowTwo.score(&[6, 1, 2]), 3);
    // Lowest two of 3D6 at most 7: 174 of 216 throws.
    assert_eq!(
        skill::chance(7, TestDice::ThreeKeepLowTwo),
        Ratio::new(174, 216)
    );
    let mut ctx = attack("Rookie", Some("Assault Rifle"), "ADVENT Trooper");
    ctx.attacker.scope = true;
    assert_eq!(combat::hit_test(&ctx).dice, TestDice::ThreeKeepLowTwo);
    // AIM 7 +1 short range = 8; faces 6,5,3 keep 5+3 = 8: a pass that plain 2D6 of the first
    // two (11) would miss.
    let (r, dice) = run(&ctx, &[6, 5, 3, 6, 6]);
    assert!(r.hit);
    assert_eq!(dice.used(), 5);
}

#[test]
/// Checks cmd.sr.unstable, cmd.gap.14.
fn cmd_sr_unstable_minus_two_on_psi_tests() {
    let ctx = attack("Psi Operative", None, "ADVENT Trooper");
    let t = combat::hit_test(&ctx);
    assert_eq!(t.base, 8, "PSI carries the [Mindspin] tag");
    assert!(clauses(&t.modifiers).contains(&"cmd.sr.unstable"));
    assert_eq!(t.value(), 6);
    // Not on a weapon shot.
    let gun = attack("Psi Operative", Some("Assault Rifle"), "ADVENT Trooper");
    assert!(!clauses(&combat::hit_test(&gun).modifiers).contains(&"cmd.sr.unstable"));
}

// ---------------------------------------------------------------- shooting

#[test]
/// Checks cmd.shoot.range-limit.
fn cmd_shoot_range_limit_fails_without_a_roll() {
    let mut ctx = attack("Rookie", Some("Assault Rifle"), "ADVENT Trooper");
    ctx.target.distance = Distance::whole(25); // Assault Rifle 12 / 24
    let (r, dice) = run(&ctx, &[]);
    assert_eq!(r.end, AttackEnd::OutOfRange);
    assert_eq!(dice.used(), 0);
    assert_eq!(combat::preview(&ctx).hit, Ratio::ZERO);
    ctx.target.distance = Distance::whole(24);
    let (r, dice) = run(&ctx, &[6, 6]);
    assert_eq!(r.end, AttackEnd::Missed);
    assert_eq!(dice.used(), 2);
}

#[test]
/// Checks cmd.shoot.hit-test.
fn cmd_shoot_hit_test_uses_the_weapon_slot_stat() {
    // Rookie: AIM 7 tagged [Primary Weapon]; Specialist's GREMLIN on HACK 8; Viper Tongue on
    // DODGE 6.
    let mut ctx = attack("Rookie", Some("Assault Rifle"), "ADVENT Trooper");
    ctx.target.distance = Distance::whole(12);
    assert_eq!(combat::hit_test(&ctx).base, 7);
    assert_eq!(
        combat::hit_test(&attack("Specialist", Some("GREMLIN"), "Rookie")).base,
        8
    );
    assert_eq!(
        combat::hit_test(&attack("Viper", Some("Viper Tongue"), "Rookie")).base,
        6
    );
    // 2D6 <= 7 - 1 (long range) = 6: faces 3+3 pass, 3+4 miss.
    assert!(run(&ctx, &[3, 3, 6, 6, 6, 6]).0.hit);
    assert_eq!(run(&ctx, &[3, 4]).0.end, AttackEnd::Missed);
}

#[test]
/// Checks cmd.shoot.mod.short-range, cmd.shoot.mod.long-range, cmd.shoot.modifier-table, cmd.gap.19.
fn cmd_shoot_mod_short_and_long_range_split_at_half() {
    let mut ctx = attack("Rookie", Some("Assault Rifle"), "ADVENT Trooper");
    ctx.target.distance = Distance::whole(11);
    assert_eq!(
        clauses(&combat::hit_modifiers(&ctx)),
        ["cmd.shoot.mod.short-range"]
    );
    assert_eq!(combat::hit_test(&ctx).value(), 8);
    // cmd.gap.19: exactly half is long range.
    ctx.target.distance = Distance::whole(12);
    assert_eq!(
        clauses(&combat::hit_modifiers(&ctx)),
        ["cmd.shoot.mod.long-range"]
    );
    assert_eq!(combat::hit_test(&ctx).value(), 6);
}

#[test]
/// Checks cmd.shoot.mod.moving, cmd.act.attack.one, cmd.gap.17.
fn cmd_shoot_mod_moving_minus_one() {
    let mut ctx = attack("Rookie", Some("Assault Rifle"), "ADVENT Trooper");
    ctx.attacker.moved = true;
    ctx.kind = AttackKind::OneAction;
    // cmd.gap.17: stacks with the 1-action penalty.
    assert_eq!(
        clauses(&combat::hit_modifiers(&ctx)),
        [
            "cmd.act.attack.one",
            "cmd.shoot.mod.short-range",
            "cmd.shoot.mod.moving"
        ]
    );
    assert_eq!(combat::hit_test(&ctx).value(), 6);
}

#[test]
/// Checks cmd.shoot.mod.soft-cover, cmd.shoot.mod.hard-cover, cmd.sr.soft-cover, cmd.sr.hard-cover, cmd.gap.9.
fn cmd_shoot_mod_soft_and_hard_cover() {
    let mut ctx = attack("Rookie", Some("Assault Rifle"), "ADVENT Trooper");
    ctx.target.cover = Cover::Soft;
    assert!(clauses(&combat::hit_modifiers(&ctx)).contains(&"cmd.shoot.mod.soft-cover"));
    assert_eq!(combat::hit_test(&ctx).value(), 7);
    ctx.target.cover = Cover::Hard;
    let m = combat::hit_modifiers(&ctx);
    assert!(clauses(&m).contains(&"cmd.shoot.mod.hard-cover"));
    // cmd.gap.9: cover counts once.
    assert_eq!(m.iter().filter(|m| m.clause.contains("cover")).count(), 1);
    assert_eq!(combat::hit_test(&ctx).value(), 6);
}

#[test]
/// Checks cmd.shoot.mod.target-down.
fn cmd_shoot_mod_target_down_minus_two() {
    let mut ctx = attack("Rookie", Some("Assault Rifle"), "ADVENT Trooper");
    ctx.target.down = true;
    assert!(clauses(&combat::hit_modifiers(&ctx)).contains(&"cmd.shoot.mod.target-down"));
    assert_eq!(combat::hit_test(&ctx).value(), 6);
}

#[test]
/// Checks cmd.act.attack.one, cmd.act.attack.two, cmd.melee.flee-free-attack.
fn cmd_act_attack_one_and_two_actions() {
    let mut ctx = attack("Rookie", Some("Assault Rifle"), "ADVENT Trooper");
    ctx.kind = AttackKind::OneAction;
    assert!(clauses(&combat::hit_modifiers(&ctx)).contains(&"cmd.act.attack.one"));
    ctx.kind = AttackKind::TwoActions;
    assert!(!clauses(&combat::hit_modifiers(&ctx)).contains(&"cmd.act.attack.one"));
    // cmd.melee.flee-free-attack: a free attack spends no action.
    ctx.kind = AttackKind::Free;
    assert_eq!(
        clauses(&combat::hit_modifiers(&ctx)),
        ["cmd.shoot.mod.short-range"]
    );
}

#[test]
/// Checks cmd.act.overwatch.one, cmd.gap.12, cmd.gap.17.
fn cmd_act_overwatch_one_shot_is_minus_one_and_never_moving() {
    let mut ctx = attack("Rookie", Some("Assault Rifle"), "ADVENT Trooper");
    ctx.kind = AttackKind::Overwatch;
    ctx.attacker.moved = true;
    assert_eq!(
        clauses(&combat::hit_modifiers(&ctx)),
        ["cmd.act.overwatch.one", "cmd.shoot.mod.short-range"]
    );
}

// ---------------------------------------------------------------- damage steps

#[test]
/// Checks cmd.gap.3, cmd.shoot.hit-test, cmd.sr.armour, cmd.dmg.resistance-test, cmd.dmg.amount, cmd.dmg.reduce-wounds, cmd.pep.op-subtract.
fn cmd_gap_3_order_hit_one_armour_test_then_damage() {
    // Rookie Assault Rifle (3 ⛨) at 6 Range: 2D6 <= 8. Trooper: [Armour] on HEALTH 4, typed
    // Armour ⛨ 1, 4 Wounds. One test between the hit and the damage (cmd.gap.4): no second
    // "Resistance" roll, so two dice for the hit and two for the Armour test are all.
    let ctx = attack("Rookie", Some("Assault Rifle"), "ADVENT Trooper");
    let (r, dice) = run(&ctx, &[3, 4, 4, 4]);
    assert!(dice.exhausted());
    assert!(r.hit && r.landed);
    assert_eq!(r.hit_tests[0].map(|t| t.value), Some(8));
    assert_eq!(r.armour.map(|t| (t.value, t.success)), Some((4, false)));
    // cmd.dmg.amount: Physical against ⛨ 1 subtracts: 3 - 1 = 2.
    assert_eq!(r.damage, 2);
    assert_eq!(r.wounds_left, 2);
    assert_eq!(r.end, AttackEnd::Damaged);
}

#[test]
/// Checks cmd.sr.armour, cmd.gap.3, cmd.gap.4.
fn cmd_sr_armour_pass_saves_the_hit_by_default() {
    let ctx = attack("Rookie", Some("Assault Rifle"), "ADVENT Trooper");
    let (r, dice) = run(&ctx, &[1, 1, 2, 2]);
    assert!(dice.exhausted());
    assert_eq!(r.end, AttackEnd::ArmourStopped);
    assert_eq!(r.damage, 0);
    assert_eq!(r.wounds_left, 4);
}

#[test]
/// Checks cmd.dmg.resistance-test, cmd.sr.armour, cmd.gap.4: the literal reading of the
/// rulebook ("on the Resistance skill value or below, Damage is applied") and the author's
/// files ([Armour] on HEALTH, rolled when a hit lands): the same one test, a pass applies damage.
fn cmd_gap_4_literal_a_passed_armour_test_applies_the_damage() {
    let mut ctx = attack("Rookie", Some("Assault Rifle"), "ADVENT Trooper");
    ctx.rules.damage = DamageSequence::Literal;
    let (r, dice) = run(&ctx, &[1, 1, 2, 2]);
    assert!(dice.exhausted());
    assert_eq!((r.end, r.damage, r.wounds_left), (AttackEnd::Damaged, 2, 2));
    let (r, _) = run(&ctx, &[1, 1, 4, 4]);
    assert_eq!((r.end, r.damage), (AttackEnd::ArmourStopped, 0));
    // HEALTH 4: 6/36 of landed hits hurt.
    assert_eq!(combat::preview(&ctx).armour_stops, Ratio::new(30, 36));
}

#[test]
/// Checks cmd.sr.armour, cmd.gap.4.
fn cmd_sr_armour_value_comes_from_the_armour_tag() {
    // Viper rolls Armour on DODGE 6; the Psi Operative's card has no [Armour] tag, so it has
    // nothing to roll on: no test, and a landed hit goes straight to the damage.
    let viper = attack("Rookie", Some("Assault Rifle"), "Viper");
    assert_eq!(combat::armour_test(&viper).map(|t| t.value()), Some(6));
    let psi = attack("Rookie", Some("Assault Rifle"), "Psi Operative");
    assert!(combat::armour_test(&psi).is_none());
    let (r, dice) = run(&psi, &[1, 1]);
    assert!(dice.exhausted());
    assert_eq!(r.end, AttackEnd::Damaged);
}

#[test]
/// Checks cmd.gap.4, cmd.dmg.resistance-test, cmd.mod.confusion-fallback: the default (where
/// the texts pull both ways) is armour-save, and the typed
/// Armour never makes a second roll (today's code rolled 2D6 against the `T X` value).
fn cmd_gap_4_armour_save_is_the_default_and_there_is_no_second_test() {
    assert_eq!(DamageSequence::default(), DamageSequence::ArmourSave);
    assert_eq!(
        squadsight_commander::options::Options::default().damage_sequence,
        DamageSequence::ArmourSave
    );
    // Faceless: [Armour] on HEALTH 7 (saves 21/36), typed Armour ⚛ 3.
    let ctx = attack("Rookie", Some("Assault Rifle"), "Faceless");
    let (r, dice) = run(&ctx, &[1, 1, 4, 4]);
    assert!(dice.exhausted());
    // cmd.pep.op-add: Physical against Plasma Armour adds: 3 + 3 = 6.
    assert_eq!((r.end, r.damage), (AttackEnd::Damaged, 6));
    assert_eq!(combat::preview(&ctx).armour_stops, Ratio::new(21, 36));
}

#[test]
/// Checks cmd.dmg.amount, cmd.pep.matrix, cmd.pep.op-add, cmd.pep.op-subtract, cmd.pep.op-ignore.
fn cmd_dmg_amount_uses_the_pep_matrix() {
    // cmd.pep.op-subtract: Plasma Rifle 5 ⚛ against Faceless ⚛ 3 = 2.
    assert_eq!(
        combat::damage_amount(&attack("Rookie", Some("Plasma Rifle"), "Faceless")),
        2
    );
    // cmd.pep.op-add: Assault Rifle 3 ⛨ against ⚛ 3 = 6.
    assert_eq!(
        combat::damage_amount(&attack("Rookie", Some("Assault Rifle"), "Faceless")),
        6
    );
    // cmd.pep.op-ignore: GREMLIN 2 ⚡ against ⛨ 1 = 2.
    assert_eq!(
        combat::damage_amount(&attack("Specialist", Some("GREMLIN"), "Rookie")),
        2
    );
}

#[test]
/// Checks cmd.gap.5, cmd.pep.op-subtract.
fn cmd_gap_5_zero_damage_is_no_damage() {
    // Pistol 2 ⛨ against the ADVENT General's ⛨ 2: 0, floored, and counts as no damage.
    let ctx = attack("Rookie", Some("Pistol"), "ADVENT General");
    let (r, dice) = run(&ctx, &[1, 1, 6, 6]);
    assert!(dice.exhausted());
    assert_eq!(r.end, AttackEnd::NoDamage);
    assert_eq!((r.damage, r.wounds_left), (0, 3));
    assert_eq!(combat::preview(&ctx).damage_chance, Ratio::ZERO);
}

#[test]
/// Checks cmd.dmg.reduce-wounds, cmd.dmg.destroyed-at-zero, cmd.sr.wounds, cmd.gap.8.
fn cmd_dmg_reduce_wounds_and_destroyed_at_zero() {
    let mut ctx = attack("Rookie", Some("Assault Rifle"), "Faceless");
    ctx.target.wounds = 6;
    let (r, _) = run(&ctx, &[1, 1, 4, 4]);
    // cmd.sr.wounds, cmd.gap.8: Wounds run out -> destroyed.
    assert_eq!(r.end, AttackEnd::Destroyed);
    assert!(r.destroyed);
    assert_eq!(r.wounds_left, 0);
    assert_eq!(r.damage, 6);
}

#[test]
/// Checks data: weapon Critical field `/-`.
fn critical_field_is_empty_for_every_weapon_so_no_critical_hits() {
    // The files print Critical `/-` for every weapon and the rulebook has no critical rule:
    // we read `/-` as "none" and resolve no critical hits.
    assert!(catalog().weapons().iter().all(|w| w.critical.is_none()));
}

// ---------------------------------------------------------------- close combat

#[test]
/// Checks cmd.melee.charge.
fn cmd_melee_charge_needs_base_contact() {
    let mut ctx = attack("Ranger", Some("Sword"), "ADVENT Trooper");
    assert_eq!(combat::check(&ctx), Err(Refusal::ChargeNeedsContact));
    let (r, dice) = run(&ctx, &[]);
    assert_eq!(r.end, AttackEnd::Refused(Refusal::ChargeNeedsContact));
    assert_eq!(dice.used(), 0);
    ctx.target.in_contact = true;
    assert_eq!(combat::check(&ctx), Ok(()));
}

#[test]
/// Checks cmd.melee.no-shooting-modifiers, cmd.melee.charge-steps, cmd.gap.23.
fn cmd_melee_no_shooting_modifiers_on_a_charge() {
    let mut ctx = attack("Ranger", Some("Sword"), "ADVENT Trooper");
    ctx.target.in_contact = true;
    ctx.target.cover = Cover::Hard;
    ctx.attacker.moved = true;
    ctx.kind = AttackKind::OneAction;
    // cmd.melee.charge-steps: the action penalty still applies; the shooting table does not.
    assert_eq!(
        clauses(&combat::hit_modifiers(&ctx)),
        ["cmd.act.attack.one"]
    );
    assert_eq!(combat::hit_test(&ctx).value(), 7);
    let (r, _) = run(&ctx, &[3, 4, 6, 6, 6, 6]);
    assert!(r.close_combat && r.hit);
}

#[test]
/// Checks cmd.melee.mod.target-down.
fn cmd_melee_mod_target_down_plus_two() {
    let mut ctx = attack("Ranger", Some("Sword"), "ADVENT Trooper");
    ctx.target.in_contact = true;
    ctx.target.down = true;
    assert_eq!(
        clauses(&combat::hit_modifiers(&ctx)),
        ["cmd.melee.mod.target-down"]
    );
    assert_eq!(combat::hit_test(&ctx).value(), 10);
}

#[test]
/// Checks cmd.melee.ranged-weapon-allowed, cmd.melee.ranged-weapon-hit-penalty, cmd.melee.ranged-weapon-armour-bonus, cmd.melee.ranged-weapon-damage, cmd.gap.24.
fn cmd_melee_ranged_weapon_penalty_armour_bonus_and_damage_two() {
    let mut ctx = attack("Rookie", Some("Assault Rifle"), "ADVENT Trooper");
    ctx.target.in_contact = true;
    ctx.target.cover = Cover::Soft;
    // cmd.melee.ranged-weapon-allowed and -hit-penalty: 7 - 2 = 5.
    assert_eq!(
        clauses(&combat::hit_modifiers(&ctx)),
        ["cmd.melee.ranged-weapon-hit-penalty"]
    );
    assert_eq!(combat::hit_test(&ctx).value(), 5);
    // cmd.melee.ranged-weapon-armour-bonus: Trooper's Armour 4 + 1.
    let armour = combat::armour_test(&ctx);
    assert_eq!(armour.as_ref().map(SkillTest::value), Some(5));
    // cmd.melee.ranged-weapon-damage, cmd.gap.24: min(3, 2) = 2, then ⛨ 1 subtracts: 1.
    assert_eq!(combat::damage_amount(&ctx), 1);
}

#[test]
/// Checks cmd.melee.engaged-counts-two.
fn cmd_melee_engaged_counts_two_no_action_penalty() {
    let mut ctx = attack("Ranger", Some("Sword"), "ADVENT Trooper");
    ctx.target.in_contact = true;
    ctx.attacker.engaged = true;
    ctx.kind = AttackKind::OneAction;
    assert!(combat::hit_modifiers(&ctx).is_empty());
}

// ---------------------------------------------------------------- special rules

#[test]
/// Checks cmd.sr.shredding.
fn cmd_sr_shredding_two_hit_tests_and_no_armour() {
    // Grenadier Cannon (AIM 7, 15 / 30, 4 ⛨) at 6 Range: 2D6 <= 8, twice.
    let ctx = attack("Grenadier", Some("Cannon"), "ADVENT Trooper");
    assert!(combat::armour_test(&ctx).is_none());
    let (r, dice) = run(&ctx, &[1, 1, 2, 2]);
    assert!(dice.exhausted());
    assert!(r.hit_tests.iter().all(|t| t.is_some_and(|t| t.success)));
    assert!(r.armour.is_none());
    assert_eq!(r.damage, 3);
    let (r, dice) = run(&ctx, &[1, 1, 6, 6]);
    assert!(dice.exhausted());
    assert_eq!(r.end, AttackEnd::Missed);
    assert_eq!(
        combat::preview(&ctx).hit,
        Ratio::new(26, 36).and(Ratio::new(26, 36))
    );
}

#[test]
/// Checks cmd.gap.45, cmd.sr.shredding.
fn cmd_gap_45_shredding_in_close_combat_is_an_ordinary_attack() {
    let mut ctx = attack("Grenadier", Some("Cannon"), "ADVENT Trooper");
    ctx.target.in_contact = true;
    assert!(combat::armour_test(&ctx).is_some());
    assert_eq!(combat::preview(&ctx).hit_tests, 1);
}

#[test]
/// Checks cmd.sr.sniper, cmd.gap.46.
fn cmd_sr_sniper_limits() {
    let mut ctx = attack("Sharpshooter", Some("Sniper Rifle"), "ADVENT Trooper");
    ctx.target.distance = Distance::whole(12);
    assert_eq!(combat::check(&ctx), Err(Refusal::SniperTooClose));
    ctx.target.distance = Distance::whole(13);
    assert_eq!(combat::check(&ctx), Ok(()));
    ctx.attacker.moved = true;
    assert_eq!(combat::check(&ctx), Err(Refusal::SniperMoved));
    ctx.attacker.moved = false;
    ctx.kind = AttackKind::Overwatch;
    assert_eq!(combat::check(&ctx), Err(Refusal::SniperReaction));
    let (r, dice) = run(&ctx, &[]);
    assert_eq!(r.end, AttackEnd::Refused(Refusal::SniperReaction));
    assert_eq!(dice.used(), 0);
    // In base contact it is refused too, and a refused attack engages nobody.
    ctx.kind = AttackKind::TwoActions;
    ctx.target.in_contact = true;
    let (r, _) = run(&ctx, &[]);
    assert_eq!(r.end, AttackEnd::Refused(Refusal::SniperTooClose));
    assert!(!r.close_combat);
}

#[test]
/// Checks cmd.sr.sniper, cmd.gap.46: "ignores all to hit modifiers (except Target is Down)":
/// the 1-action −1, a Laser Sight and Squad Tactics go with the range band and cover.
fn cmd_sr_sniper_ignores_every_modifier_except_target_down() {
    let mut ctx = attack("Sharpshooter", Some("Sniper Rifle"), "ADVENT Trooper");
    ctx.target.distance = Distance::whole(20);
    ctx.target.cover = Cover::Hard;
    ctx.target.down = true;
    ctx.kind = AttackKind::OneAction;
    ctx.attacker.laser_sight = true;
    ctx.target.friends_hit_this_round = 2;
    assert_eq!(
        clauses(&combat::hit_modifiers(&ctx)),
        ["cmd.shoot.mod.target-down"]
    );
    assert_eq!(combat::hit_test(&ctx).value(), 7);
    ctx.target.down = false;
    assert!(combat::hit_modifiers(&ctx).is_empty());
    // The other reading, option sniper_modifiers=table: only the shooting table goes.
    ctx.target.down = true;
    ctx.rules.sniper = SniperModifiers::Table;
    assert_eq!(
        clauses(&combat::hit_modifiers(&ctx)),
        [
            "cmd.act.attack.one",
            "cmd.shoot.mod.target-down",
            "data:Laser Sight"
        ]
    );
}

#[test]
/// Checks cmd.sr.squadsight, cmd.gap.47.
fn cmd_sr_squadsight_lifts_maximum_range_with_a_friends_sight() {
    let mut ctx = attack("Sharpshooter", Some("Sniper Rifle"), "ADVENT Trooper");
    ctx.target.distance = Distance::whole(40); // Sniper Rifle 18 / 36
    assert_eq!(run(&ctx, &[]).0.end, AttackEnd::OutOfRange);
    ctx.attacker.squadsight_support = true;
    assert!(!ctx.out_of_range());
    let (r, _) = run(&ctx, &[1, 1, 6, 6, 6, 6]);
    assert!(r.hit);
}

#[test]
/// Checks cmd.sr.scatter, cmd.gap.43.
fn cmd_sr_scatter_four_plus_misses_and_reports_the_point() {
    // Grenade Launcher (AIM 7, 15 / 30, 6 💥, High Explosive, Scatter) at 6 Range: 2D6 <= 8.
    let ctx = attack("Grenadier", Some("Grenade Launcher"), "ADVENT Trooper");
    let (r, dice) = run(&ctx, &[1, 1, 4]);
    assert!(dice.exhausted());
    assert_eq!(r.end, AttackEnd::Scattered);
    assert!(r.hit && !r.landed);
    assert_eq!(r.scatter.map(|s| s.distance), Some(3));
    assert_eq!(r.blast.map(|b| b.at), Some(BlastCentre::ScatterPoint));
    let (r, _) = run(&ctx, &[1, 1, 3, 6, 6, 6, 6]);
    assert!(r.landed && r.scatter.is_none());
    let odds = combat::preview(&ctx);
    assert_eq!(odds.scatter, Ratio::new(13, 36));
    assert_eq!(odds.lands, Ratio::new(13, 36));
}

#[test]
/// Checks cmd.gap.43, cmd.sr.scatter.
fn cmd_gap_43_scatter_blast_hits_the_model_under_the_point_without_a_hit_test() {
    let ctx = attack("Grenadier", Some("Grenade Launcher"), "Rookie");
    let mut dice = Scripted::new(&[6, 6]);
    let r = combat::resolve_scatter_blast(&ctx, &mut dice, &mut Journal::off());
    assert!(dice.exhausted(), "the Armour test only");
    // cmd.pep.op-add: 6 💥 against ⛨ 1 and XCOM's ⛨ 1 = 8: the Rookie's 4 Wounds are gone.
    assert_eq!(r.damage, 8);
    assert!(r.destroyed);
}

#[test]
/// Checks cmd.sr.high-explosive, cmd.gap.44: "Damage destroys any terrain within 2 Range of
/// the target": a hit the Armour test keeps the damage off destroys nothing.
fn cmd_sr_high_explosive_blasts_terrain_when_damage_is_applied() {
    let mut ctx = attack("Grenadier", Some("Grenade Launcher"), "ADVENT Trooper");
    let (r, _) = run(&ctx, &[1, 1, 3, 1, 1]);
    assert_eq!(r.end, AttackEnd::ArmourStopped);
    assert!(r.blast.is_none());
    let (r, _) = run(&ctx, &[1, 1, 3, 6, 6]);
    assert!(r.damage > 0);
    assert_eq!(
        r.blast.map(|b| (b.at, b.radius)),
        Some((BlastCentre::Target, 2))
    );
    let (miss, _) = run(&ctx, &[6, 6]);
    assert!(miss.blast.is_none());
    // The other reading, option high_explosive=hit: every landed hit blasts.
    ctx.rules.high_explosive = squadsight_commander::options::HighExplosive::Hit;
    let (r, _) = run(&ctx, &[1, 1, 3, 1, 1]);
    assert_eq!(r.end, AttackEnd::ArmourStopped);
    assert!(r.blast.is_some());
}

#[test]
/// Checks cmd.sr.lasso.
fn cmd_sr_lasso_pulls_on_a_hit_even_if_armour_stops_it() {
    // Viper Tongue on DODGE 6, 18 / 36, at 6 Range: 2D6 <= 6 + 1 short + 1 Deadeye = 8.
    // Rookie Armour on HEALTH 4.
    let ctx = attack("Viper", Some("Viper Tongue"), "Rookie");
    let (r, _) = run(&ctx, &[3, 4, 1, 1]);
    assert_eq!(r.end, AttackEnd::ArmourStopped);
    assert!(r.lasso);
    let (r, _) = run(&ctx, &[4, 5]);
    assert!(!r.lasso);
}

#[test]
/// Checks cmd.sr.zapper, cmd.gap.50, cmd.gap.5.
fn cmd_sr_zapper_down_and_activation_spent_when_damage_applies() {
    // GREMLIN (HACK 8, 2 ⚡) against a Trooper: ⛨ 1 is ignored by Electric, 2 damage.
    let ctx = attack("Specialist", Some("GREMLIN"), "ADVENT Trooper");
    let (r, _) = run(&ctx, &[1, 1, 6, 6]);
    assert_eq!(r.end, AttackEnd::Damaged);
    assert!(r.goes_down && r.activation_spent);
    // No damage, no zap.
    let (r, _) = run(&ctx, &[1, 1, 1, 1]);
    assert!(!r.goes_down && !r.activation_spent);
    // Shock Lance (Stun = Zapper) in contact: 5 ⚡ destroys a 4-Wound Rookie; nothing to zap.
    let mut lance = attack("ADVENT Stun Lancer", Some("Shock Lance"), "Rookie");
    lance.target.in_contact = true;
    let (r, _) = run(&lance, &[1, 1, 6, 6]);
    assert!(r.destroyed && !r.goes_down);
}

#[test]
/// Checks cmd.sr.deadeye.
fn cmd_sr_deadeye_plus_one_when_not_moved() {
    let mut ctx = attack("Viper", Some("Plasma Rifle"), "Rookie");
    assert!(clauses(&combat::hit_modifiers(&ctx)).contains(&"cmd.sr.deadeye"));
    ctx.attacker.moved = true;
    let m = clauses(&combat::hit_modifiers(&ctx));
    assert!(!m.contains(&"cmd.sr.deadeye"));
    assert!(m.contains(&"cmd.shoot.mod.moving"));
}

#[test]
/// Checks data: Squad Tactics ("+1 ... marked as stacking"): +1 for each other friendly model
/// that hit the target this round.
fn squad_tactics_plus_one_for_each_friend_that_hit_and_it_stacks() {
    // data: Squad Tactics (Rookie, ADVENT Trooper).
    let mut ctx = attack("Rookie", Some("Assault Rifle"), "ADVENT Trooper");
    let base = combat::hit_test(&ctx).value();
    ctx.target.friends_hit_this_round = 1;
    assert!(clauses(&combat::hit_modifiers(&ctx)).contains(&"data:Squad Tactics"));
    assert_eq!(combat::hit_test(&ctx).value(), base + 1);
    ctx.target.friends_hit_this_round = 2;
    assert_eq!(combat::hit_test(&ctx).value(), base + 2);
    let mut ranger = attack("Ranger", Some("Shotgun"), "ADVENT Trooper");
    ranger.target.friends_hit_this_round = 2;
    assert!(!clauses(&combat::hit_modifiers(&ranger)).contains(&"data:Squad Tactics"));
}

#[test]
/// Checks data: Laser Sight (Item Card).
fn laser_sight_plus_one_on_the_fitted_weapon_when_shooting() {
    // data: Laser Sight; the Rookie's attachments sit under the Primary weapon.
    let mut ctx = attack("Rookie", Some("Assault Rifle"), "ADVENT Trooper");
    ctx.attacker.laser_sight = true;
    assert!(clauses(&combat::hit_modifiers(&ctx)).contains(&"data:Laser Sight"));
    let mut pistol = ctx;
    pistol.means = Means::Weapon(crate::combat_support::weapon("Pistol"));
    assert!(!clauses(&combat::hit_modifiers(&pistol)).contains(&"data:Laser Sight"));
    ctx.target.in_contact = true;
    assert!(!clauses(&combat::hit_modifiers(&ctx)).contains(&"data:Laser Sight"));
}

#[test]
/// Checks cmd.gap.54, cmd.sr.faction-xcom, cmd.sr.blast-padding, cmd.dmg.amount: the typed
/// Armour bonuses (XCOM `⛨ 1`, Blast Padding `💥 2`) are Damage Resistance for the PEP-EP
/// matrix, not plain numbers on the Armour test.
fn typed_armour_bonuses_meet_the_damage_matrix() {
    // Grenadier: card ⛨ 1, XCOM ⛨ 1, Blast Padding 💥 2; [Armour] on HEALTH 5, unchanged.
    let mut ctx = attack("ADVENT Trooper", Some("Assault Rifle"), "Grenadier");
    let t = combat::armour_test(&ctx);
    assert_eq!(t.as_ref().map(SkillTest::value), Some(5));
    assert!(t.is_some_and(|t| t.modifiers.is_empty()));
    let r = combat::resistances(&ctx);
    assert_eq!(
        r.iter().map(ToString::to_string).collect::<Vec<_>>(),
        ["⛨ 2", "💥 2"]
    );
    // Assault Rifle 3 ⛨: −2 for ⛨ 2 (cmd.pep.op-subtract), 💥 ignored by Physical: 1.
    assert_eq!(combat::damage_amount(&ctx), 1);
    // Grenade Launcher 6 💥: −2 for 💥 2, +2 for ⛨ 2 (cmd.pep.op-add): 6.
    ctx.means = Means::Weapon(crate::combat_support::weapon("Grenade Launcher"));
    assert_eq!(combat::damage_amount(&ctx), 6);
    // A vest names no type: a Plated Nanoscale Vest (+4) raises the card's own ⛨.
    ctx.means = Means::Weapon(crate::combat_support::weapon("Assault Rifle"));
    ctx.target.vest_bonus = 4;
    assert_eq!(combat::resistances(&ctx)[0].to_string(), "⛨ 6");
    assert_eq!(combat::damage_amount(&ctx), 0);
}

#[test]
/// Checks cmd.sr.cautious, cmd.gap.10, cmd.mod.when-indicated.
fn cmd_sr_cautious_adds_physical_armour_in_cover() {
    // Sectoid: card ⚛ 1; Cautious adds ⛨ 1 in cover against the shooter.
    let mut ctx = attack("Rookie", Some("Assault Rifle"), "Sectoid");
    assert_eq!(combat::armour_test(&ctx).map(|t| t.value()), Some(3));
    // 3 ⛨ against ⚛ 1: Physical beats Plasma, +1 (cmd.pep.op-add).
    assert_eq!(combat::damage_amount(&ctx), 4);
    ctx.target.cover = Cover::Soft;
    assert_eq!(combat::armour_test(&ctx).map(|t| t.value()), Some(3));
    assert_eq!(combat::damage_amount(&ctx), 3);
}

#[test]
/// Checks cmd.sr.mindspin, cmd.sr.mindspin.panic, cmd.sr.mindspin.disorientation, cmd.sr.mindspin.mind-control, cmd.gap.42.
fn cmd_sr_mindspin_hits_then_rolls_the_table_without_armour_or_damage() {
    // Sectoid PSI 8 carries [Mindspin]; no range bands: 2D6 <= 8.
    let ctx = attack("Sectoid", None, "Rookie");
    assert_eq!(combat::hit_test(&ctx).value(), 8);
    for (faces, effect) in [
        ([2u8, 3u8], MindspinEffect::Panic),
        ([3, 3], MindspinEffect::Disorientation),
        ([5, 6], MindspinEffect::MindControl),
    ] {
        let (r, dice) = run(&ctx, &[2, 2, faces[0], faces[1]]);
        assert!(dice.exhausted(), "no Armour test");
        assert_eq!(r.end, AttackEnd::Mindspin(effect));
        assert_eq!(r.mindspin, Some(effect));
        assert!(r.armour.is_none() && r.damage == 0);
        // cmd.sr.mindspin.disorientation: the target goes Down.
        assert_eq!(r.goes_down, effect == MindspinEffect::Disorientation);
    }
    let (r, dice) = run(&ctx, &[5, 5]);
    assert_eq!((r.end, dice.used()), (AttackEnd::Missed, 2));
}

#[test]
/// Checks cmd.sr.mindspin, cmd.gap.14.
fn cmd_sr_mindspin_needs_the_ability() {
    assert_eq!(
        combat::check(&attack("Rookie", None, "Sectoid")),
        Err(Refusal::NoMindspin)
    );
    // The Psi Amp deals no damage: its use is Mindspin.
    assert_eq!(
        combat::check(&attack("Psi Operative", Some("Psi Amp"), "Sectoid")),
        Err(Refusal::NoDamage)
    );
}

// ---------------------------------------------------------------- journal

#[test]
/// Checks cmd.test.roll, cmd.shoot.hit-test, cmd.sr.armour.
fn every_roll_is_journaled_with_clause_target_and_exact_odds() {
    // Seeded dice: hit 1+1, Armour 6+6.
    let seed = seed_with_faces(&[1, 1, 6, 6]);
    let ctx = attack("Rookie", Some("Assault Rifle"), "ADVENT Trooper");
    let mut rng = GameRng::new(seed);
    let mut journal = Journal::recording();
    let r = combat::resolve_attack(&ctx, &mut rng, &mut journal);
    assert_eq!(r.end, AttackEnd::Damaged);
    let rolls: Vec<_> = journal
        .events()
        .iter()
        .filter(|e| e.roll.is_some())
        .collect();
    let rules: Vec<&str> = rolls.iter().map(|e| e.rule).collect();
    assert_eq!(rules, ["cmd.shoot.hit-test", "cmd.sr.armour"]);
    let hit = rolls[0]
        .roll
        .as_ref()
        .map(|r| (r.faces.as_slice().to_vec(), r.target, r.p));
    assert_eq!(
        hit,
        Some((
            vec![1, 1],
            Some(Target::AtMost(8)),
            Some(Ratio::new(26, 36))
        ))
    );
    assert_eq!(rolls[1].roll.and_then(|r| r.p), Some(Ratio::new(6, 36)));
    // Structured inputs: the modifier with its source, and the range.
    let inputs = &rolls[0].inputs;
    assert!(
        inputs
            .iter()
            .any(|i| i.source == "cmd.shoot.mod.short-range" && i.value == "+1")
    );
    assert!(inputs.iter().any(|i| i.label == "range" && i.value == "6"));
    assert!(
        journal
            .events()
            .iter()
            .any(|e| e.rule == "cmd.dmg.reduce-wounds")
    );
}

#[test]
fn a_sample_of_units_loads_for_combat() {
    // The fixtures above rely on these values from the data files.
    let rookie = unit("Rookie");
    assert_eq!((rookie.stats.aim, rookie.stats.health), (7, 4));
    assert_eq!(unit("Faceless").resistance.value, 3);
}

#[test]
/// Checks cmd.test.roll with a Scope and cmd.sr.mindspin.panic: the journal keeps all three
/// faces and the exact odds of the kept pair, and the Mindspin table roll its band's odds.
fn scope_and_mindspin_rolls_are_journaled_with_their_own_odds() {
    let mut ctx = attack("Rookie", Some("Assault Rifle"), "ADVENT Trooper");
    ctx.attacker.scope = true;
    let mut journal = Journal::recording();
    combat::resolve_attack(
        &ctx,
        &mut GameRng::new(seed_with_faces(&[6, 6, 6])),
        &mut journal,
    );
    let hit = journal.events().iter().find_map(|e| e.roll);
    assert_eq!(hit.map(|r| r.faces.as_slice().len()), Some(3));
    assert_eq!(
        hit.and_then(|r| r.p),
        Some(skill::chance(8, TestDice::ThreeKeepLowTwo))
    );
    assert_eq!(hit.and_then(|r| r.success), Some(false));

    let spin = attack("Sectoid", None, "Rookie");
    let mut journal = Journal::recording();
    let seed = seed_with_faces(&[1, 1, 2, 3]);
    let r = combat::resolve_attack(&spin, &mut GameRng::new(seed), &mut journal);
    assert_eq!(r.mindspin, Some(MindspinEffect::Panic));
    let table = journal
        .events()
        .iter()
        .find(|e| e.rule == "cmd.sr.mindspin.panic")
        .and_then(|e| e.roll);
    assert_eq!(table.and_then(|r| r.p), Some(Ratio::new(10, 36)));
}

#[test]
/// Checks the preview's expected damage (cmd.dmg.amount): an exact fraction that may exceed 1.
fn expected_damage_is_exact_and_ordered() {
    let e = combat::Expected::of(Ratio::new(5, 6), 2);
    assert_eq!((e.num(), e.den()), (5, 3));
    assert_eq!(e.to_string(), "1.67 (5/3)");
    assert!(combat::Expected::of(Ratio::new(1, 2), 4) > e);
    assert!(combat::Expected::of(Ratio::new(1, 2), 3) < e);
    assert!(combat::Expected::of(Ratio::new(1, 2), 3) > combat::Expected::of(Ratio::ONE, 1));
}
