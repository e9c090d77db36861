//! The preview's odds equal what the resolver does: for random attack contexts built from the
//! real data, every distinct dice outcome is enumerated with its exact weight and the summed
//! frequencies are compared with `combat::preview`.

use crate::combat_support::{Frac, attack, catalog, enumerate};
use proptest::prelude::*;
use squadsight_commander::board::Distance;
use squadsight_commander::catalog::{UnitId, WeaponId};
use squadsight_commander::combat::{
    self, AttackContext, AttackEnd, AttackKind, AttackOdds, Cover, Means,
};
use squadsight_commander::mindspin::MindspinEffect;
use squadsight_commander::options::{DamageSequence, SniperModifiers};
use squadsight_core::{Journal, Ratio};

/// Frequencies of one context's outcomes, summed over every dice outcome.
#[derive(Debug, PartialEq, Eq)]
struct Tally {
    hit: Frac,
    scatter: Frac,
    lands: Frac,
    armour_stopped: Frac,
    damage: Frac,
    destroyed: Frac,
    expected_damage: Frac,
    mindspin: [Frac; 3],
    total: Frac,
}

fn tally(ctx: &AttackContext) -> Tally {
    let mut t = Tally {
        hit: Frac::ZERO,
        scatter: Frac::ZERO,
        lands: Frac::ZERO,
        armour_stopped: Frac::ZERO,
        damage: Frac::ZERO,
        destroyed: Frac::ZERO,
        expected_damage: Frac::ZERO,
        mindspin: [Frac::ZERO; 3],
        total: Frac::ZERO,
    };
    enumerate(
        |dice| combat::resolve_with(ctx, dice, &mut Journal::off()),
        |r, w| {
            t.total = t.total.add(w);
            if r.hit {
                t.hit = t.hit.add(w);
            }
            if r.end == AttackEnd::Scattered {
                t.scatter = t.scatter.add(w);
            }
            if r.landed {
                t.lands = t.lands.add(w);
            }
            if r.end == AttackEnd::ArmourStopped {
                t.armour_stopped = t.armour_stopped.add(w);
            }
            if r.damage > 0 {
                t.damage = t.damage.add(w);
                t.expected_damage = t.expected_damage.add(w.times(u128::from(r.damage)));
            }
            if r.destroyed {
                t.destroyed = t.destroyed.add(w);
            }
            if let Some(e) = r.mindspin {
                let i = MindspinEffect::ALL
                    .iter()
                    .position(|x| *x == e)
                    .unwrap_or(0);
                t.mindspin[i] = t.mindspin[i].add(w);
            }
        },
    );
    t
}

fn expected(odds: &AttackOdds) -> Tally {
    Tally {
        hit: Frac::of(odds.hit),
        scatter: Frac::of(odds.scatter),
        lands: Frac::of(odds.lands),
        armour_stopped: Frac::of(odds.lands).mul(Frac::of(odds.armour_stops)),
        damage: Frac::of(odds.damage_chance),
        destroyed: Frac::of(odds.destroy),
        expected_damage: Frac::new(
            u128::from(odds.expected_damage.num()),
            u128::from(odds.expected_damage.den()),
        ),
        mindspin: odds.mindspin.map(Frac::of),
        total: Frac::ONE,
    }
}

fn check(ctx: &AttackContext) -> Result<(), TestCaseError> {
    let odds = combat::preview(ctx);
    prop_assert_eq!(tally(ctx), expected(&odds), "context {:?}", ctx);
    Ok(())
}

#[test]
fn plain_shot_odds_are_exact() {
    // Rookie Assault Rifle (3 ⛨) at 6 Range: 2D6 <= 8 = 26/36; the Trooper's ⛨ 1 leaves 2
    // damage (cmd.pep.op-subtract). cmd.gap.4, default armour-save: its Armour test on HEALTH 4
    // saves 6/36 of landed hits.
    let ctx = attack("Rookie", Some("Assault Rifle"), "ADVENT Trooper");
    let odds = combat::preview(&ctx);
    assert_eq!(odds.hit, Ratio::new(26, 36));
    assert_eq!(odds.armour_stops, Ratio::new(6, 36));
    assert_eq!(odds.damage, 2);
    assert_eq!(odds.damage_chance, Ratio::new(26 * 30, 36 * 36));
    assert_eq!(
        odds.expected_damage.num() * 36 * 36,
        2 * 26 * 30 * odds.expected_damage.den()
    );
    if let Err(e) = check(&ctx) {
        panic!("{e}");
    }
    // literal: only a pass (6/36) lets the damage through.
    let mut literal = ctx;
    literal.rules.damage = DamageSequence::Literal;
    let odds = combat::preview(&literal);
    assert_eq!(odds.armour_stops, Ratio::new(30, 36));
    assert_eq!(odds.damage_chance, Ratio::new(26 * 6, 36 * 36));
    if let Err(e) = check(&literal) {
        panic!("{e}");
    }
}

#[test]
fn enumeration_visits_every_distinct_outcome() {
    // 2D6 <= 8 passes on 7 of the 11 totals; each hit then meets one Armour test (11 totals);
    // there is no second test (cmd.gap.4).
    let ctx = attack("Rookie", Some("Assault Rifle"), "ADVENT Trooper");
    let mut leaves = 0;
    let mut total = Frac::ZERO;
    enumerate(
        |dice| combat::resolve_with(&ctx, dice, &mut Journal::off()),
        |_, w| {
            leaves += 1;
            total = total.add(w);
        },
    );
    assert_eq!(leaves, 4 + 7 * 11);
    assert_eq!(total, Frac::ONE);
}

#[test]
fn mindspin_odds_are_exact() {
    let ctx = attack("Sectoid", None, "Rookie");
    let odds = combat::preview(&ctx);
    assert_eq!(odds.hit, Ratio::new(26, 36));
    assert_eq!(odds.mindspin[2], Ratio::new(26, 36).and(Ratio::new(3, 36)));
    if let Err(e) = check(&ctx) {
        panic!("{e}");
    }
}

/// The weapons a unit may carry, plus Mindspin (`None`).
fn means_of(unit: UnitId) -> Vec<Option<WeaponId>> {
    let u = catalog().unit(unit);
    let mut v: Vec<Option<WeaponId>> = u
        .primary_options
        .iter()
        .chain(u.secondary_options.iter())
        .map(|w| Some(*w))
        .collect();
    v.push(None);
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn preview_equals_exhaustive_resolution(
        attacker in 0usize..14,
        means_pick in 0usize..16,
        target in 0usize..14,
        flags in proptest::collection::vec(any::<bool>(), 10),
        friends in 0u8..3,
        distance in 0u16..45,
        cover in 0u8..3,
        kind in 0u8..4,
        vest in 0u8..5,
        wounds in 1u8..9,
    ) {
        let c = catalog();
        let (Some(a), Some(t)) = (UnitId::from_index(attacker), UnitId::from_index(target)) else {
            return Ok(());
        };
        let options = means_of(a);
        let means = match options[means_pick % options.len()] {
            Some(w) => Means::Weapon(c.weapon(w)),
            None => Means::Mindspin,
        };
        let mut ctx = attack("Rookie", None, "Rookie");
        ctx.attacker.unit = c.unit(a);
        ctx.target.unit = c.unit(t);
        ctx.means = means;
        ctx.attacker.laser_sight = flags[0];
        ctx.attacker.scope = flags[1];
        ctx.attacker.moved = flags[2];
        ctx.attacker.engaged = flags[3];
        ctx.attacker.squadsight_support = flags[4];
        ctx.target.down = flags[5];
        ctx.target.in_contact = flags[6];
        ctx.target.friends_hit_this_round = if flags[7] { friends } else { 0 };
        ctx.rules.damage = if flags[8] {
            DamageSequence::Literal
        } else {
            DamageSequence::ArmourSave
        };
        ctx.rules.sniper = if flags[9] {
            SniperModifiers::Table
        } else {
            SniperModifiers::All
        };
        ctx.target.distance = Distance::whole(u32::from(distance));
        ctx.target.cover = [Cover::None, Cover::Soft, Cover::Hard][usize::from(cover)];
        ctx.kind = [
            AttackKind::OneAction,
            AttackKind::TwoActions,
            AttackKind::Overwatch,
            AttackKind::Free,
        ][usize::from(kind)];
        ctx.target.vest_bonus = vest;
        ctx.target.wounds = wounds;
        check(&ctx)?;
    }
}
