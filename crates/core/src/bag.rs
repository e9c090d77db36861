//! A dice bag: one die per model, owned by seats, drawn blind one at a time to decide who
//! activates next (Commander's activation bag).

use crate::journal::{EventKind, Journal};
use crate::rng::{GameRng, Stream};
use crate::seat::Seat;

/// The dice still in the bag, by owning seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct DiceBag {
    counts: Vec<u16>,
}

impl DiceBag {
    /// A bag with `counts[s]` dice for seat `s`.
    pub fn new(counts: Vec<u16>) -> DiceBag {
        DiceBag { counts }
    }

    /// Dice left for `seat`.
    pub fn left(&self, seat: Seat) -> u16 {
        self.counts.get(seat.index()).copied().unwrap_or(0)
    }

    /// Dice left in all.
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|c| u32::from(*c)).sum()
    }

    /// Adds dice for a seat (e.g. a difficulty bonus).
    pub fn add(&mut self, seat: Seat, n: u16) {
        if self.counts.len() <= seat.index() {
            self.counts.resize(seat.index() + 1, 0);
        }
        self.counts[seat.index()] += n;
    }

    /// Takes one die for `seat` out without drawing (a model removed from play).
    pub fn remove(&mut self, seat: Seat) {
        if let Some(c) = self.counts.get_mut(seat.index()) {
            *c = c.saturating_sub(1);
        }
    }

    /// Draws one die uniformly from the whole bag and returns its owner; `None` when empty.
    pub fn draw(
        &mut self,
        rng: &mut GameRng,
        journal: &mut Journal,
        rule: &'static str,
    ) -> Option<Seat> {
        let total = self.total();
        if total == 0 {
            return None;
        }
        let mut pick = rng.below(Stream::Bag, total);
        for (i, c) in self.counts.iter_mut().enumerate() {
            let here = u32::from(*c);
            if pick < here {
                *c -= 1;
                let seat = Seat(u8::try_from(i).unwrap_or(u8::MAX));
                let left = total - 1;
                journal.note(rule, EventKind::Draw, || {
                    format!("a die of {seat} is drawn from the bag ({left} left)")
                });
                return Some(seat);
            }
            pick -= here;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_every_die_exactly_once() {
        let mut rng = GameRng::new(11);
        let mut j = Journal::recording();
        let mut bag = DiceBag::new(vec![3, 2]);
        let mut got = [0u16; 2];
        while let Some(s) = bag.draw(&mut rng, &mut j, "cmd.activation.bag") {
            got[s.index()] += 1;
        }
        assert_eq!(got, [3, 2]);
        assert_eq!(j.events().len(), 5);
        assert_eq!(bag.total(), 0);
    }
}
