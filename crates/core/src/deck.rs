//! Card decks with a discard pile; every shuffle is journaled.
//!
//! The top of the draw pile is the end of its vector, so drawing is a `pop`.

use crate::journal::{EventKind, Journal};
use crate::rng::{GameRng, Stream};

/// A deck of cards `C` with its discard pile.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deck<C> {
    name: &'static str,
    draw: Vec<C>,
    discard: Vec<C>,
}

impl<C: Clone> Deck<C> {
    /// A deck with `cards` as its draw pile (last card on top) and an empty discard pile.
    pub fn new(name: &'static str, cards: Vec<C>) -> Deck<C> {
        Deck {
            name,
            draw: cards,
            discard: Vec::new(),
        }
    }

    /// The deck's name as the journal shows it.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Cards left to draw.
    pub fn remaining(&self) -> usize {
        self.draw.len()
    }

    /// The discard pile, oldest first.
    pub fn discards(&self) -> &[C] {
        &self.discard
    }

    /// The draw pile, bottom first (top is the last element). Hidden information.
    pub fn draw_pile(&self) -> &[C] {
        &self.draw
    }

    /// Shuffles the draw pile, journaling it under `rule`.
    pub fn shuffle(&mut self, rng: &mut GameRng, journal: &mut Journal, rule: &'static str) {
        rng.shuffle(Stream::Decks, &mut self.draw);
        let (name, n) = (self.name, self.draw.len());
        journal.note(rule, EventKind::Shuffle, || {
            format!("the {name} deck is shuffled ({n} cards)")
        });
    }

    /// Draws the top card. When the draw pile is empty, the discard pile is shuffled in to
    /// form a new one first (journaled under `reshuffle_rule`). `None` when both are empty.
    pub fn draw(
        &mut self,
        rng: &mut GameRng,
        journal: &mut Journal,
        reshuffle_rule: &'static str,
    ) -> Option<C> {
        if self.draw.is_empty() && !self.discard.is_empty() {
            self.draw.append(&mut self.discard);
            self.shuffle(rng, journal, reshuffle_rule);
        }
        self.draw.pop()
    }

    /// Up to `n` cards from the top, topmost first, without drawing them.
    pub fn peek(&self, n: usize) -> impl Iterator<Item = &C> {
        self.draw.iter().rev().take(n)
    }

    /// Puts a card on the discard pile.
    pub fn discard(&mut self, card: C) {
        self.discard.push(card);
    }

    /// Replaces the draw pile (used when an AI re-deals hidden cards it cannot know).
    pub fn set_draw_pile(&mut self, cards: Vec<C>) {
        self.draw = cards;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draw_reshuffles_discards_when_empty() {
        let mut rng = GameRng::new(5);
        let mut j = Journal::recording();
        let mut d = Deck::new("test", vec![1, 2]);
        assert_eq!(d.draw(&mut rng, &mut j, "r"), Some(2));
        assert_eq!(d.draw(&mut rng, &mut j, "r"), Some(1));
        assert_eq!(d.draw(&mut rng, &mut j, "r"), None);
        d.discard(7);
        d.discard(8);
        let a = d.draw(&mut rng, &mut j, "r");
        assert!(matches!(a, Some(7 | 8)));
        assert_eq!(d.remaining(), 1);
        assert!(d.discards().is_empty());
        assert_eq!(
            j.events()
                .iter()
                .filter(|e| e.kind == EventKind::Shuffle)
                .count(),
            1
        );
    }

    #[test]
    fn peek_shows_top_first() {
        let d = Deck::new("t", vec![1, 2, 3]);
        assert_eq!(d.peek(2).copied().collect::<Vec<_>>(), vec![3, 2]);
    }
}
