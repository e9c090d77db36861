//! The campaign's playing cards: a standard 52-card deck plus two Jokers (54 cards), as the
//! reward deck uses them (cmd.gap.32). Aces are written `1`, as the data files do.
//!
//! Cards are written `7♠`, `10♦`, `J♥`, `Q♣`, `K♠` and `Jk`; the letters `S C H D` are accepted
//! in place of the suit glyphs when reading.

use crate::catalog::Suit;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The suit for a glyph or its letter (`S`, `C`, `H`, `D`, either case).
fn suit_from_char(c: char) -> Option<Suit> {
    match c {
        'S' | 's' => Some(Suit::Spades),
        'C' | 'c' => Some(Suit::Clubs),
        'H' | 'h' => Some(Suit::Hearts),
        'D' | 'd' => Some(Suit::Diamonds),
        other => Suit::from_glyph(other.encode_utf8(&mut [0; 4])),
    }
}

/// A card's rank. Number cards run 1 (the Ace) to 10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    /// A number card, 1–10.
    Pip(u8),
    /// Jack.
    Jack,
    /// Queen.
    Queen,
    /// King.
    King,
}

/// One card of the reward deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Card {
    /// A suited card.
    Suited {
        /// Its rank.
        rank: Rank,
        /// Its suit.
        suit: Suit,
    },
    /// One of the two Jokers.
    Joker,
}

impl Card {
    /// A number card (`rank` 1–10).
    pub fn pip(rank: u8, suit: Suit) -> Card {
        Card::Suited {
            rank: Rank::Pip(rank),
            suit,
        }
    }

    /// The suit, if the card has one (a Joker has none).
    pub fn suit(self) -> Option<Suit> {
        match self {
            Card::Suited { suit, .. } => Some(suit),
            Card::Joker => None,
        }
    }

    /// The rank, if the card has one (a Joker has none).
    pub fn rank(self) -> Option<Rank> {
        match self {
            Card::Suited { rank, .. } => Some(rank),
            Card::Joker => None,
        }
    }

    /// The number value of a number card.
    pub fn pip_value(self) -> Option<u8> {
        match self.rank() {
            Some(Rank::Pip(n)) => Some(n),
            _ => None,
        }
    }
}

/// The full reward deck in a fixed order: 1–10, J, Q, K of each suit, then two Jokers —
/// 54 cards (cmd.gap.32).
pub fn full_deck() -> Vec<Card> {
    let mut cards = Vec::with_capacity(54);
    for suit in Suit::ALL {
        for n in 1..=10 {
            cards.push(Card::pip(n, suit));
        }
        for rank in [Rank::Jack, Rank::Queen, Rank::King] {
            cards.push(Card::Suited { rank, suit });
        }
    }
    cards.push(Card::Joker);
    cards.push(Card::Joker);
    cards
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Card::Joker => f.write_str("Jk"),
            Card::Suited { rank, suit } => {
                match rank {
                    Rank::Pip(n) => write!(f, "{n}")?,
                    Rank::Jack => f.write_str("J")?,
                    Rank::Queen => f.write_str("Q")?,
                    Rank::King => f.write_str("K")?,
                }
                f.write_str(suit.glyph())
            }
        }
    }
}

impl FromStr for Card {
    type Err = String;

    fn from_str(text: &str) -> Result<Card, String> {
        let t = text.trim();
        let bad = || format!("`{text}` is not a card (write e.g. 7♠, 10♦, K♥ or Jk)");
        if t.eq_ignore_ascii_case("jk") || t.eq_ignore_ascii_case("joker") {
            return Ok(Card::Joker);
        }
        let last = t.chars().last().ok_or_else(bad)?;
        let suit = suit_from_char(last).ok_or_else(bad)?;
        let head = &t[..t.len() - last.len_utf8()];
        let rank = match head {
            "J" | "j" => Rank::Jack,
            "Q" | "q" => Rank::Queen,
            "K" | "k" => Rank::King,
            "A" | "a" => Rank::Pip(1),
            n => match n.parse::<u8>() {
                Ok(v @ 1..=10) => Rank::Pip(v),
                _ => return Err(bad()),
            },
        };
        Ok(Card::Suited { rank, suit })
    }
}

impl TryFrom<String> for Card {
    type Error = String;

    fn try_from(text: String) -> Result<Card, String> {
        text.parse()
    }
}

impl From<Card> for String {
    fn from(card: Card) -> String {
        card.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_has_54_cards_with_two_jokers() {
        let deck = full_deck();
        assert_eq!(deck.len(), 54);
        assert_eq!(deck.iter().filter(|c| **c == Card::Joker).count(), 2);
        for suit in Suit::ALL {
            assert_eq!(deck.iter().filter(|c| c.suit() == Some(suit)).count(), 13);
        }
    }

    #[test]
    fn cards_round_trip_through_text() {
        for card in full_deck() {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
        assert_eq!("10D".parse::<Card>(), Ok(Card::pip(10, Suit::Diamonds)));
        assert_eq!("as".parse::<Card>(), Ok(Card::pip(1, Suit::Spades)));
        for bad in ["", "11♠", "0♥", "K", "♠", "Zz", "1X"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }
}
