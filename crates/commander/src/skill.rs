//! Skill tests: 2D6 at or under a value (cmd.test.roll), with every modifier named and the
//! exact odds of success.
//!
//! Modifiers change the value tested, never the dice (cmd.gap.18): "+1 to hit" raises the
//! value by one, cover's "+2 against to hit rolls" lowers the shooter's value by two, "+1 to
//! the enemy's Armour skill test" raises the target's Armour value. All modifiers that apply
//! add up. There are no special faces: a value of 1 or less can never be met by two dice, and
//! a value of 12 or more always is.
//!
//! ```
//! use squadsight_commander::skill::{Modifier, SkillTest, TestDice};
//! use squadsight_core::Ratio;
//! let test = SkillTest {
//!     base: 7,
//!     modifiers: vec![Modifier::new("cmd.act.attack.one", "attack with 1 action", -1)],
//!     dice: TestDice::TwoD6,
//! };
//! assert_eq!(test.value(), 6);
//! assert_eq!(test.chance(), Ratio::new(15, 36));
//! ```

use serde::Serialize;
use squadsight_core::dice::{Dice, Roll, Target, roll_on};
use squadsight_core::journal::EventKind;
use squadsight_core::{GameRng, Input, Journal, Ratio, Stream};
use std::fmt;

/// One named change to a skill value: where it comes from and by how much (cmd.mod.definition).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Modifier {
    /// The clause (or gap decision) that grants it, e.g. `cmd.shoot.mod.hard-cover`.
    pub clause: &'static str,
    /// A short label for people, e.g. `target in hard cover`.
    pub label: &'static str,
    /// The change to the value tested.
    pub delta: i8,
}

impl Modifier {
    /// A modifier from its clause, label and change.
    pub const fn new(clause: &'static str, label: &'static str, delta: i8) -> Modifier {
        Modifier {
            clause,
            label,
            delta,
        }
    }
}

impl fmt::Display for Modifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:+} {} ({})", self.delta, self.label, self.clause)
    }
}

/// Which dice a skill test throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum TestDice {
    /// Two six-sided dice, summed (cmd.test.roll).
    TwoD6,
    /// Three six-sided dice, the highest dropped and the other two summed: the Scope
    /// attachment on a shot (data: Item Card "Scope").
    ThreeKeepLowTwo,
}

impl TestDice {
    /// How many dice are thrown.
    pub const fn count(self) -> u8 {
        match self {
            TestDice::TwoD6 => 2,
            TestDice::ThreeKeepLowTwo => 3,
        }
    }

    /// The total that counts: the sum of all faces, or of the lowest two with Scope.
    pub fn score(self, faces: &[u8]) -> u8 {
        let sum: u8 = faces.iter().fold(0u8, |a, f| a.saturating_add(*f));
        match self {
            TestDice::TwoD6 => sum,
            TestDice::ThreeKeepLowTwo => {
                sum.saturating_sub(faces.iter().copied().max().unwrap_or(0))
            }
        }
    }
}

impl fmt::Display for TestDice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TestDice::TwoD6 => "2D6",
            TestDice::ThreeKeepLowTwo => "3D6 keep lowest 2",
        })
    }
}

/// Of the 36 throws of 2D6, how many total at most `i` (index 0–12).
const TWO_D6_AT_MOST: [u64; 13] = [0, 0, 1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36];

/// Of the 216 throws of 3D6, how many have their lowest two faces summing to at most `i`.
const SCOPE_AT_MOST: [u64; 13] = scope_table();

const fn scope_table() -> [u64; 13] {
    let mut exact = [0u64; 13];
    let mut a = 1;
    while a <= 6 {
        let mut b = 1;
        while b <= 6 {
            let mut c = 1;
            while c <= 6 {
                let hi = if a >= b && a >= c {
                    a
                } else if b >= c {
                    b
                } else {
                    c
                };
                exact[a + b + c - hi] += 1;
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    let mut cumulative = [0u64; 13];
    let mut running = 0;
    let mut i = 0;
    while i < 13 {
        running += exact[i];
        cumulative[i] = running;
        i += 1;
    }
    cumulative
}

/// The exact chance that `dice` score at or under `value` (cmd.test.roll, cmd.gap.18).
pub fn chance(value: i16, dice: TestDice) -> Ratio {
    let index = value.clamp(0, 12) as usize;
    match dice {
        TestDice::TwoD6 => Ratio::new(TWO_D6_AT_MOST[index], 36),
        TestDice::ThreeKeepLowTwo => Ratio::new(SCOPE_AT_MOST[index], 216),
    }
}

/// A skill test before it is rolled: the stat, the modifiers and the dice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SkillTest {
    /// The unmodified skill value (a stat such as AIM, or an Armour or Resistance value).
    pub base: u8,
    /// Every modifier that applies, in the order they were found.
    pub modifiers: Vec<Modifier>,
    /// The dice thrown.
    pub dice: TestDice,
}

impl SkillTest {
    /// A plain 2D6 test against `base` with no modifiers yet.
    pub fn new(base: u8) -> SkillTest {
        SkillTest {
            base,
            modifiers: Vec::new(),
            dice: TestDice::TwoD6,
        }
    }

    /// The value the dice must meet: the base plus every modifier (cmd.gap.18).
    pub fn value(&self) -> i16 {
        self.modifiers
            .iter()
            .fold(i16::from(self.base), |v, m| v + i16::from(m.delta))
    }

    /// The exact chance the test succeeds.
    pub fn chance(&self) -> Ratio {
        chance(self.value(), self.dice)
    }

    /// The test and its modifiers in one line, e.g. `2D6 <= 6 (7, -1 attack with 1 action (...))`.
    pub fn describe(&self) -> String {
        let mut s = format!("{} <= {} (base {}", self.dice, self.value(), self.base);
        for m in &self.modifiers {
            s.push_str(", ");
            s.push_str(&m.to_string());
        }
        s.push(')');
        s
    }
}

/// The faces of one throw and, when the throw came from the game's dice, the journal's
/// record of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Throw {
    faces: [u8; 3],
    count: u8,
    /// The game-dice record, completed with target and odds before it is journaled.
    pub roll: Option<Roll>,
}

impl Throw {
    /// A throw of the given faces (1–3 of them; extra faces are ignored, faces outside 1–6 are
    /// clamped into it) with no game-dice record: for scripted dice and exhaustive analysis.
    pub fn of(faces: &[u8]) -> Throw {
        let mut out = [0u8; 3];
        let count = faces.len().min(3);
        for (slot, f) in out.iter_mut().zip(faces.iter().take(3)) {
            *slot = (*f).clamp(1, 6);
        }
        Throw {
            faces: out,
            count: count as u8,
            roll: None,
        }
    }

    /// The faces thrown.
    pub fn faces(&self) -> &[u8] {
        &self.faces[..usize::from(self.count)]
    }
}

/// Where dice come from: the game's seeded dice, or a scripted or enumerating source used by
/// tests and odds analysis. Every combat roll goes through one of these.
pub trait DieSource {
    /// Throws `count` (1–3) six-sided dice.
    fn throw(&mut self, count: u8) -> Throw;
}

impl DieSource for GameRng {
    fn throw(&mut self, count: u8) -> Throw {
        let roll = roll_on(self, Stream::Dice, Dice::nd6(count.clamp(1, 3)), None);
        let mut t = Throw::of(roll.faces.as_slice());
        t.roll = Some(roll);
        t
    }
}

/// A rolled skill test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TestResult {
    /// The value the dice had to meet.
    pub value: i16,
    /// The score: the sum of the dice (the lowest two with Scope).
    pub score: u8,
    /// The exact chance of success before the throw.
    pub p: Ratio,
    /// Whether the score was at or under the value.
    pub success: bool,
}

/// Throws a skill test and journals it under `clause`; `what` says whose test it is and
/// against what (e.g. `Rookie hits ADVENT Trooper`), `context` adds the inputs that are not
/// modifiers (range, cover, line of sight). The base value and every modifier with its source
/// are recorded as inputs too. No closure runs when the journal is off.
pub fn perform(
    dice: &mut impl DieSource,
    test: &SkillTest,
    clause: &'static str,
    journal: &mut Journal,
    what: impl FnOnce() -> String,
    context: impl FnOnce() -> Vec<Input>,
) -> TestResult {
    let value = test.value();
    let p = test.chance();
    let throw = dice.throw(test.dice.count());
    let score = test.dice.score(throw.faces());
    // cmd.test.roll: at or under the modified value succeeds.
    let success = i16::from(score) <= value;
    let text = || {
        format!(
            "{}: {}, rolled {:?} = {} -> {}",
            what(),
            test.describe(),
            throw.faces(),
            score,
            if success { "pass" } else { "fail" }
        )
    };
    let inputs = || {
        let mut v = vec![
            Input::new("skill value", test.base, ""),
            Input::new("dice", test.dice, ""),
        ];
        v.extend(
            test.modifiers
                .iter()
                .map(|m| Input::new(m.label, format!("{:+}", m.delta), m.clause)),
        );
        v.push(Input::new("value tested", value, "cmd.gap.18"));
        v.extend(context());
        v
    };
    match throw.roll {
        Some(mut roll) => {
            roll.total = u32::from(score);
            roll.target = Some(Target::AtMost(value.max(0) as u32));
            roll.p = Some(p);
            roll.success = Some(success);
            journal.roll_with(clause, &roll, text, inputs);
        }
        None => journal.note_with(clause, EventKind::Roll, text, inputs),
    }
    TestResult {
        value,
        score,
        p,
        success,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_d6_table_matches_core_dice() {
        for v in -3i16..=15 {
            let core = Dice::nd6(2).chance(Target::AtMost(v.max(0) as u32));
            assert_eq!(chance(v, TestDice::TwoD6), core, "value {v}");
        }
    }

    #[test]
    fn scope_table_matches_brute_force() {
        for v in 0..=12u8 {
            let mut ways = 0;
            for a in 1..=6u8 {
                for b in 1..=6u8 {
                    for c in 1..=6u8 {
                        if TestDice::ThreeKeepLowTwo.score(&[a, b, c]) <= v {
                            ways += 1;
                        }
                    }
                }
            }
            assert_eq!(
                chance(i16::from(v), TestDice::ThreeKeepLowTwo),
                Ratio::new(ways, 216)
            );
        }
    }
}
