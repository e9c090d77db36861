//! Target choice by an AI card's priorities (cmd.ai.priority-order): the candidates are ranked
//! by the first priority, ties go to the second, then the third; a tie on every priority goes
//! to the model listed first, so the choice never needs a die.

use crate::catalog::Priority;
use std::cmp::Ordering;

/// One model an AI model might pick as its target (or protect), as the ranking sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The model's number in the game.
    pub id: u8,
    /// Range from the deciding model, base to base.
    pub distance: u32,
    /// Wounds left.
    pub wounds: u8,
    /// Wounds at full health.
    pub max_wounds: u8,
    /// How strong the model is: its supplies value (profile, weapons and gear), the game's own
    /// measure of a model's worth (Strongest / Weakest).
    pub strength: u32,
}

impl Candidate {
    fn lost(&self) -> u8 {
        self.max_wounds.saturating_sub(self.wounds)
    }

    /// How `self` compares with `other` on one priority: `Less` means `self` is preferred.
    pub fn compare(&self, other: &Candidate, priority: Priority) -> Ordering {
        match priority {
            Priority::Closest => self.distance.cmp(&other.distance),
            Priority::Furthest => other.distance.cmp(&self.distance),
            Priority::Weakest => self.strength.cmp(&other.strength),
            Priority::Strongest => other.strength.cmp(&self.strength),
            Priority::Wounded => other.lost().cmp(&self.lost()),
            Priority::Healthiest => other.wounds.cmp(&self.wounds),
        }
    }

    /// The value a priority looks at, for the journal.
    pub fn describe(&self, priority: Priority) -> String {
        match priority {
            Priority::Closest | Priority::Furthest => format!("{} Range away", self.distance),
            Priority::Weakest | Priority::Strongest => format!("worth {} spl", self.strength),
            Priority::Wounded => format!("{} Wound(s) lost", self.lost()),
            Priority::Healthiest => format!("{} Wound(s) left", self.wounds),
        }
    }
}

/// Compares two candidates on every priority in order, then by model number.
pub fn by_priorities(a: &Candidate, b: &Candidate, priorities: &[Priority]) -> Ordering {
    priorities
        .iter()
        .map(|p| a.compare(b, *p))
        .find(|o| o.is_ne())
        .unwrap_or_else(|| a.id.cmp(&b.id))
}

/// The winner of a ranking and the priority that separated it from the runner-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pick {
    /// Index into the candidates.
    pub index: usize,
    /// The first priority on which the winner beat the runner-up; `None` when it was the only
    /// candidate or every priority tied (then the one first in the model list won).
    pub decided_by: Option<Priority>,
}

/// The best candidate by `priorities` (cmd.ai.priority-order), or `None` if there is none.
pub fn pick(candidates: &[Candidate], priorities: &[Priority]) -> Option<Pick> {
    let mut best: Option<usize> = None;
    let mut second: Option<usize> = None;
    for (i, c) in candidates.iter().enumerate() {
        match best {
            None => best = Some(i),
            Some(b) if by_priorities(c, &candidates[b], priorities).is_lt() => {
                second = best;
                best = Some(i);
            }
            Some(_) => {
                if second.is_none_or(|s| by_priorities(c, &candidates[s], priorities).is_lt()) {
                    second = Some(i);
                }
            }
        }
    }
    let index = best?;
    let decided_by = second.and_then(|s| {
        priorities
            .iter()
            .copied()
            .find(|p| candidates[index].compare(&candidates[s], *p).is_ne())
    });
    Some(Pick { index, decided_by })
}

/// Candidate indices sorted best first.
pub fn ranked(candidates: &[Candidate], priorities: &[Priority]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    order.sort_by(|a, b| by_priorities(&candidates[*a], &candidates[*b], priorities));
    order
}

/// A short explanation of a pick, e.g. "closest (4 Range away)".
pub fn explain(candidates: &[Candidate], pick: Pick) -> String {
    let c = &candidates[pick.index];
    match pick.decided_by {
        Some(p) => format!("{} ({})", priority_word(p), c.describe(p)),
        None if candidates.len() == 1 => "the only candidate".to_string(),
        None => "tied on every priority; first in the model list".to_string(),
    }
}

/// The word for a priority in the journal.
pub fn priority_word(p: Priority) -> &'static str {
    match p {
        Priority::Closest => "closest",
        Priority::Furthest => "furthest",
        Priority::Weakest => "weakest",
        Priority::Strongest => "strongest",
        Priority::Wounded => "most wounded",
        Priority::Healthiest => "healthiest",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(id: u8, distance: u32, wounds: u8, max_wounds: u8, strength: u32) -> Candidate {
        Candidate {
            id,
            distance,
            wounds,
            max_wounds,
            strength,
        }
    }

    #[test]
    fn priorities_apply_in_order() {
        // cmd.ai.priority-order: Tackler card, 1. Closest 2. Weakest 3. Wounded
        let order = [Priority::Closest, Priority::Weakest, Priority::Wounded];
        let cands = [c(1, 6, 4, 4, 160), c(2, 4, 4, 4, 200), c(3, 4, 4, 4, 150)];
        let p = pick(&cands, &order).unwrap();
        assert_eq!(cands[p.index].id, 3);
        assert_eq!(p.decided_by, Some(Priority::Weakest));
        assert_eq!(explain(&cands, p), "weakest (worth 150 spl)");
        assert_eq!(ranked(&cands, &order), vec![2, 1, 0]);
    }

    #[test]
    fn each_priority_prefers_the_right_end() {
        let a = c(1, 3, 1, 4, 100);
        let b = c(2, 9, 4, 4, 300);
        let first = |p| pick(&[a, b], &[p]).map(|p| p.index);
        assert_eq!(first(Priority::Closest), Some(0));
        assert_eq!(first(Priority::Furthest), Some(1));
        assert_eq!(first(Priority::Weakest), Some(0));
        assert_eq!(first(Priority::Strongest), Some(1));
        assert_eq!(first(Priority::Wounded), Some(0));
        assert_eq!(first(Priority::Healthiest), Some(1));
    }

    #[test]
    fn full_ties_go_to_the_lower_model_number() {
        let cands = [c(7, 5, 3, 3, 100), c(4, 5, 3, 3, 100)];
        let p = pick(&cands, &[Priority::Closest]).unwrap();
        assert_eq!((cands[p.index].id, p.decided_by), (4, None));
        assert!(pick(&[], &[Priority::Closest]).is_none());
    }
}
