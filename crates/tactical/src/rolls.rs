//! Percentile rolls: a plain test against a target (tac.gap.29: d100 read 1–100, success at or
//! under the target, so the chance is exactly the target in percent) and opposed rolls
//! (reaction, psi, initiative), where both sides roll d100 and add a bonus and ties are
//! rerolled. Every die is journaled with its clause, target and exact odds.

use squadsight_core::dice::{Dice, Roll, Target, roll};
use squadsight_core::{GameRng, Input, Journal};

/// A percentile test: d100 at or under `target` succeeds. The target is journaled as given;
/// a target of 0 or less always fails, 100 or more always succeeds.
pub fn percentile(
    rng: &mut GameRng,
    journal: &mut Journal,
    rule: &'static str,
    target: i16,
    text: impl FnOnce(&Roll) -> String,
    inputs: impl FnOnce() -> Vec<Input>,
) -> Roll {
    let t = u32::try_from(target.clamp(0, 100)).unwrap_or(0);
    let r = roll(rng, Dice::D100, Some(Target::AtMost(t)));
    journal.roll_with(rule, &r, || text(&r), inputs);
    r
}

/// A die read off a table (d10 critical location, panic effect, miss direction). The event
/// carries, as its target, the row of the table the face fell in (`<=3` for legs on the
/// critical table), so its `p` is the exact chance of that row.
pub fn table_die(
    rng: &mut GameRng,
    journal: &mut Journal,
    rule: &'static str,
    dice: Dice,
    row: impl Fn(u32) -> (u32, u32),
    text: impl FnOnce(u32) -> String,
) -> u32 {
    let mut r = roll(rng, dice, None);
    let (lo, hi) = row(r.total);
    let target = Target::Between(lo, hi);
    r.target = Some(target);
    r.p = Some(dice.chance(target));
    r.success = Some(true);
    journal.roll(rule, &r, || text(r.total));
    r.total
}

/// An opposed percentile roll: the defender rolls d100 + `defence` (journaled as the number
/// to beat, target `>=1`), then the attacker rolls d100 + `attack` and needs to beat
/// it; the attacker's roll is journaled with the exact target that wins and its odds. A tie
/// is rerolled by both (tac.react.roll, tac.psi.resolve). Returns whether the attacker won.
#[allow(clippy::too_many_arguments)]
pub fn opposed(
    rng: &mut GameRng,
    journal: &mut Journal,
    rule: &'static str,
    attack: i16,
    defence: i16,
    who_attacks: &dyn Fn() -> String,
    who_defends: &dyn Fn() -> String,
) -> bool {
    // Ties are rare (about 1 in 100); a hard cap keeps a pathological generator finite.
    for _ in 0..1000 {
        // The defender's roll only sets the number to beat: any face does that, so its
        // target is ">=1" with p = 1; the odds that matter are on the attacker's roll.
        let d = roll(rng, Dice::D100, Some(Target::AtLeast(1)));
        let dt = i32::try_from(d.total).unwrap_or(0) + i32::from(defence);
        journal.roll(rule, &d, || {
            format!(
                "{} rolls {} {:+} = {dt} to resist",
                who_defends(),
                d.total,
                defence
            )
        });
        // The attacker wins with d100 + attack > dt, i.e. d100 >= dt - attack + 1.
        let need = (dt - i32::from(attack) + 1).clamp(1, 101);
        let target = Target::AtLeast(u32::try_from(need).unwrap_or(1));
        let a = roll(rng, Dice::D100, Some(target));
        let at = i32::try_from(a.total).unwrap_or(0) + i32::from(attack);
        let tie = at == dt;
        journal.roll(rule, &a, || {
            let how = if tie {
                "a tie: both roll again"
            } else if at > dt {
                "wins"
            } else {
                "loses"
            };
            format!(
                "{} rolls {} {:+} = {at} against {dt}: {how}",
                who_attacks(),
                a.total,
                attack
            )
        });
        if !tie {
            return at > dt;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tac_gap_29_percentile_chance_is_the_target() {
        let mut rng = GameRng::new(1);
        let mut j = Journal::recording();
        let r = percentile(
            &mut rng,
            &mut j,
            "tac.ranged.resolve",
            65,
            |_| "x".into(),
            Vec::new,
        );
        assert_eq!(r.p.map(|p| p.to_string()), Some("65.0% (13/20)".into()));
        let r = percentile(
            &mut rng,
            &mut j,
            "tac.ranged.resolve",
            -20,
            |_| "x".into(),
            Vec::new,
        );
        assert_eq!(r.success, Some(false));
    }

    #[test]
    fn tac_react_roll_opposed_rolls_reroll_ties_and_record_exact_odds() {
        let mut wins = 0;
        for seed in 0..400 {
            let mut rng = GameRng::new(seed);
            let mut j = Journal::recording();
            let won = opposed(
                &mut rng,
                &mut j,
                "tac.react.roll",
                50,
                0,
                &|| "a".into(),
                &|| "d".into(),
            );
            wins += usize::from(won);
            let ev = j.events();
            assert!(ev.len() >= 2 && ev.len() % 2 == 0);
            let last = &ev[ev.len() - 1];
            assert_eq!(last.roll.and_then(|r| r.success), Some(won));
        }
        // +50 against +0 wins far more often than not.
        assert!(wins > 300, "{wins}");
    }
}
