//! [Mindspin]: a psionic shot that must hit and never meets an Armour test; a hit rolls 2D6 on
//! a three-band table (cmd.sr.mindspin).
//!
//! The hit test is built by [`crate::combat::hit_test`] from the stat tagged `[Mindspin]`
//! (PSI), with the shooting modifiers except range bands and Unstable's −2 (cmd.sr.unstable,
//! cmd.gap.14, cmd.gap.42). There is no Resistance test and no damage. The result names the
//! band; the engine carries it out: Psi Panic moves the target directly away from the caster,
//! Psi Disorientation sets it Down, Mind Control hands it to the caster's player for the next
//! game round (cmd.gap.42).

use crate::combat::{AttackContext, AttackEnd, AttackResult};
use crate::skill::DieSource;
use serde::Serialize;
use squadsight_core::journal::EventKind;
use squadsight_core::journal::mention;
use squadsight_core::{Input, Journal, Ratio};
use std::fmt;

/// One band of the Mindspin table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum MindspinEffect {
    /// 2–5: the target runs directly away from the caster (cmd.sr.mindspin.panic).
    Panic,
    /// 6–10: the target goes Down (cmd.sr.mindspin.disorientation).
    Disorientation,
    /// 11–12: the caster's player controls the target (cmd.sr.mindspin.mind-control).
    MindControl,
}

impl MindspinEffect {
    /// The bands in table order.
    pub const ALL: [MindspinEffect; 3] = [
        MindspinEffect::Panic,
        MindspinEffect::Disorientation,
        MindspinEffect::MindControl,
    ];

    /// The band a 2D6 total falls in; `None` outside 2–12.
    pub fn for_total(total: u8) -> Option<MindspinEffect> {
        match total {
            2..=5 => Some(MindspinEffect::Panic),
            6..=10 => Some(MindspinEffect::Disorientation),
            11..=12 => Some(MindspinEffect::MindControl),
            _ => None,
        }
    }

    /// The lowest and highest total of the band.
    pub fn band(self) -> (u8, u8) {
        match self {
            MindspinEffect::Panic => (2, 5),
            MindspinEffect::Disorientation => (6, 10),
            MindspinEffect::MindControl => (11, 12),
        }
    }

    /// The exact chance a 2D6 roll falls in the band.
    pub fn chance(self) -> Ratio {
        let (lo, hi) = self.band();
        let ways: u64 = (lo..=hi).map(|t| 6 - u64::from(t.abs_diff(7))).sum();
        Ratio::new(ways, 36)
    }

    /// The clause of the band.
    pub fn clause(self) -> &'static str {
        match self {
            MindspinEffect::Panic => "cmd.sr.mindspin.panic",
            MindspinEffect::Disorientation => "cmd.sr.mindspin.disorientation",
            MindspinEffect::MindControl => "cmd.sr.mindspin.mind-control",
        }
    }
}

impl fmt::Display for MindspinEffect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MindspinEffect::Panic => "Psi Panic",
            MindspinEffect::Disorientation => "Psi Disorientation",
            MindspinEffect::MindControl => "Mind Control",
        })
    }
}

/// After Mindspin's hit test passed: rolls the table and reports the band. No Armour test
/// (cmd.sr.mindspin), no Resistance test, no damage (cmd.gap.42).
pub(crate) fn after_hit(
    ctx: &AttackContext,
    mut r: AttackResult,
    dice: &mut impl DieSource,
    journal: &mut Journal,
) -> AttackResult {
    r.landed = true;
    let throw = dice.throw(2);
    let total: u8 = throw.faces().iter().sum();
    // Two dice always total 2–12, so the band exists; Disorientation is only a fallback.
    let effect = MindspinEffect::for_total(total).unwrap_or(MindspinEffect::Disorientation);
    let p = effect.chance();
    let text = || {
        format!(
            "Mindspin table for {}: {:?} = {} -> {} (chance of this band {})",
            mention(&ctx.target.unit.name),
            throw.faces(),
            total,
            effect,
            p
        )
    };
    let inputs = || {
        let (lo, hi) = effect.band();
        vec![
            Input::new("caster", mention(&ctx.attacker.unit.name), ""),
            Input::new("target", mention(&ctx.target.unit.name), ""),
            Input::new("band", format!("{lo}-{hi}"), effect.clause()),
        ]
    };
    match throw.roll {
        Some(mut roll) => {
            // The roll has no pass/fail target; its odds are those of the band it fell in.
            roll.p = Some(p);
            journal.roll_with(effect.clause(), &roll, text, inputs);
        }
        None => journal.note_with(effect.clause(), EventKind::Roll, text, inputs),
    }
    r.mindspin = Some(effect);
    r.end = AttackEnd::Mindspin(effect);
    // cmd.sr.mindspin.disorientation: the target goes Down.
    r.goes_down = effect == MindspinEffect::Disorientation;
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_cover_every_total_once() {
        let total: u64 = MindspinEffect::ALL
            .iter()
            .map(|e| {
                let p = e.chance();
                p.num() * 36 / p.den()
            })
            .sum();
        assert_eq!(total, 36);
        assert_eq!(MindspinEffect::Panic.chance(), Ratio::new(10, 36));
        assert_eq!(MindspinEffect::Disorientation.chance(), Ratio::new(23, 36));
        assert_eq!(MindspinEffect::MindControl.chance(), Ratio::new(3, 36));
    }
}
