//! Reward draws: turning the cards of one draw into the rewards a player may choose from.
//!
//! A draw shows one or more cards and grants exactly one reward, however many cards it shows
//! (cmd.campaign.one-reward-per-draw). Within the draw, any single card is an `X` (Tier I,
//! cmd.campaign.tier-1), two number cards of one value an `X/X` (Tier II, cmd.campaign.tier-2)
//! and three of one value an `X/X/X` (Tier III, cmd.campaign.tier-3). A reward of a category
//! can only be taken from a group in which at least one card shows that category's suit
//! (cmd.campaign.suit-gate). The reward deck's rows (data reference §6) say which value range,
//! group size and suit unlock which reward; Kings add a Unique unit, Jacks and Queens a
//! non-Unique one, and a Joker is set aside and replaced by a fresh card (its "Redraw 1 Card").

use super::cards::{Card, Rank, full_deck};
use crate::catalog::{CardPattern, Catalog, FaceCard, Reward, RewardEntry};
use squadsight_core::deck::Deck;
use squadsight_core::journal::{CardNote, Visibility};
use squadsight_core::{EventKind, GameRng, Journal};

/// The tier of a group of `n` equal number cards: 1 → Tier I (cmd.campaign.tier-1),
/// 2 → Tier II (cmd.campaign.tier-2), 3 → Tier III (cmd.campaign.tier-3).
pub fn tier_of_group(n: usize) -> Option<u8> {
    match n {
        1..=3 => u8::try_from(n).ok(),
        _ => None,
    }
}

/// The tier written as Roman numerals.
pub fn tier_name(tier: u8) -> &'static str {
    match tier {
        1 => "Tier I",
        2 => "Tier II",
        3 => "Tier III",
        _ => "no tier",
    }
}

/// A reward a player may take from a draw, with the cards that unlock it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RewardOption {
    /// What it grants.
    pub reward: Reward,
    /// Its tier (the group size); unit rewards from face cards have none.
    pub tier: Option<u8>,
    /// Index of the reward-deck entry in [`Catalog::rewards`].
    pub entry: usize,
    /// The card of the draw whose suit opened the category (or the face card).
    pub key_card: Card,
}

impl RewardOption {
    /// "Magnetic Rifle (Tier II: 2/2 ♠ - Magnetic Rifle)".
    pub fn describe(&self, catalog: &Catalog) -> String {
        let label = catalog
            .rewards()
            .get(self.entry)
            .map_or("?", |e| e.label.as_str());
        let name = reward_name(catalog, self.reward);
        match self.tier {
            Some(t) => format!("{name} ({}: {label})", tier_name(t)),
            None => format!("{name} ({label})"),
        }
    }
}

/// A reward's name: the weapon, vest or item it grants, or what it does.
pub fn reward_name(catalog: &Catalog, reward: Reward) -> String {
    match reward {
        Reward::Weapon(w) => catalog.weapon(w).name.clone(),
        Reward::Vest(v) => catalog.vest(v).name.clone(),
        Reward::Item(i) => catalog.item(i).name.clone(),
        Reward::RankPromotion => "Rank Promotion".into(),
        Reward::UniqueUnit => "Unique Unit".into(),
        Reward::NonUniqueUnit => "Non-Unique Unit".into(),
        Reward::Redraw(n) => format!("Redraw {n} Card(s)"),
    }
}

/// Every reward the cards of one draw offer, sorted, without repeats. The player takes one
/// (cmd.campaign.one-reward-per-draw); in co-op every player takes one from the same list
/// (cmd.campaign.coop-rewards). The Joker's redraw is carried out while drawing, so it is
/// never offered here.
pub fn options(cards: &[Card], entries: &[RewardEntry]) -> Vec<RewardOption> {
    let mut out: Vec<RewardOption> = Vec::new();
    for (index, entry) in entries.iter().enumerate() {
        if matches!(entry.reward, Reward::Redraw(_)) {
            continue;
        }
        match &entry.pattern {
            CardPattern::Number {
                low,
                high,
                count,
                suit,
            } => {
                for value in *low..=*high {
                    let same = cards
                        .iter()
                        .filter(|c| c.pip_value() == Some(value))
                        .count();
                    // cmd.campaign.suit-gate: at least one card of the group shows the suit.
                    let Some(gate) = cards
                        .iter()
                        .copied()
                        .find(|c| c.pip_value() == Some(value) && c.suit() == Some(*suit))
                    else {
                        continue;
                    };
                    if same < usize::from(*count) {
                        continue;
                    }
                    push_unique(
                        &mut out,
                        RewardOption {
                            reward: entry.reward,
                            tier: tier_of_group(usize::from(*count)),
                            entry: index,
                            key_card: gate,
                        },
                    );
                }
            }
            CardPattern::Face(faces) => {
                for card in cards {
                    let hit = faces.iter().any(|f| {
                        matches!(
                            (f, card.rank()),
                            (FaceCard::King, Some(Rank::King))
                                | (FaceCard::Queen, Some(Rank::Queen))
                                | (FaceCard::Jack, Some(Rank::Jack))
                        )
                    });
                    if hit {
                        push_unique(
                            &mut out,
                            RewardOption {
                                reward: entry.reward,
                                tier: None,
                                entry: index,
                                key_card: *card,
                            },
                        );
                    }
                }
            }
        }
    }
    out.sort_by_key(|o| (o.entry, o.key_card));
    out
}

/// Adds an option unless the same reward at the same tier is already offered.
fn push_unique(out: &mut Vec<RewardOption>, option: RewardOption) {
    if !out
        .iter()
        .any(|o| o.reward == option.reward && o.tier == option.tier)
    {
        out.push(option);
    }
}

/// The deck name in the journal.
pub const DECK_NAME: &str = "reward";

/// Draws `count` cards from a freshly shuffled 54-card reward deck (cmd.campaign.reward-draw;
/// cmd.gap.32: every draw starts from the whole deck). A Joker is set aside and replaced by
/// the next card (its "Redraw 1 Card" row). Every shuffle and card is journaled.
pub fn draw(count: u8, rng: &mut GameRng, journal: &mut Journal) -> Vec<Card> {
    if count == 0 {
        return Vec::new();
    }
    let mut deck = Deck::new(DECK_NAME, full_deck());
    deck.shuffle(rng, journal, "cmd.campaign.reward-draw");
    let mut cards = Vec::with_capacity(usize::from(count));
    while cards.len() < usize::from(count) {
        let Some(card) = deck.draw(rng, journal, "cmd.campaign.reward-draw") else {
            break;
        };
        journal.card(
            "cmd.campaign.reward-draw",
            EventKind::Draw,
            Visibility::Public,
            || CardNote {
                deck: DECK_NAME,
                card: card.to_string().into(),
            },
            || match card {
                Card::Joker => {
                    "a Joker is drawn: it is set aside and one card is drawn in its place"
                        .to_string()
                }
                _ => format!("reward card {card} is drawn"),
            },
            || None,
        );
        if card != Card::Joker {
            cards.push(card);
        }
    }
    cards
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(t: &str) -> Card {
        t.parse().unwrap()
    }

    fn names(o: &[RewardOption], catalog: &Catalog) -> Vec<String> {
        o.iter().map(|o| reward_name(catalog, o.reward)).collect()
    }

    fn catalog() -> &'static Catalog {
        Catalog::builtin().unwrap()
    }

    #[test]
    fn single_card_gives_tier_one() {
        // cmd.campaign.tier-1
        let c = catalog();
        let o = options(&[card("2♠")], c.rewards());
        assert_eq!(names(&o, c), ["Assault Rifle"]);
        assert_eq!(o[0].tier, Some(1));
    }

    #[test]
    fn a_pair_gives_tier_two_when_one_card_has_the_suit() {
        // cmd.campaign.tier-2, cmd.campaign.suit-gate
        let c = catalog();
        let o = options(&[card("2♥"), card("2♠")], c.rewards());
        let n = names(&o, c);
        for want in ["Magnetic Rifle", "Assault Rifle", "Laser Sight"] {
            assert!(n.iter().any(|x| x == want), "{n:?}");
        }
        let mag = o
            .iter()
            .find(|o| reward_name(c, o.reward) == "Magnetic Rifle")
            .unwrap();
        assert_eq!((mag.tier, mag.key_card), (Some(2), card("2♠")));
        assert!(mag.describe(c).contains("Tier II"));
    }

    #[test]
    fn three_of_a_kind_gives_tier_three() {
        // cmd.campaign.tier-3
        let c = catalog();
        let o = options(&[card("2♦"), card("2♠"), card("2♣")], c.rewards());
        assert!(
            o.iter()
                .any(|o| reward_name(c, o.reward) == "Plasma Rifle" && o.tier == Some(3))
        );
    }

    #[test]
    fn no_card_of_the_suit_means_no_reward_of_that_category() {
        // cmd.campaign.suit-gate
        let c = catalog();
        let o = options(&[card("2♥"), card("2♦")], c.rewards());
        assert!(
            o.iter().all(|o| !matches!(o.reward, Reward::Weapon(_))),
            "{o:?}"
        );
        assert!(o.iter().any(|o| o.reward == Reward::RankPromotion));
        // A pair without a spade does not unlock the Tier II weapon either.
        let o = options(&[card("8♥"), card("8♦")], c.rewards());
        assert!(o.iter().all(|o| o.tier == Some(1)), "{o:?}");
    }

    #[test]
    fn face_cards_add_units() {
        let c = catalog();
        let o = options(&[card("K♥"), card("Q♣")], c.rewards());
        let rewards: Vec<Reward> = o.iter().map(|o| o.reward).collect();
        assert!(rewards.contains(&Reward::UniqueUnit));
        assert!(rewards.contains(&Reward::NonUniqueUnit));
        assert_eq!(rewards.len(), 2);
    }

    #[test]
    fn draws_are_journaled_and_never_keep_jokers() {
        // cmd.campaign.reward-draw
        for seed in 0..200 {
            let mut rng = GameRng::new(seed);
            let mut j = Journal::recording();
            let cards = draw(3, &mut rng, &mut j);
            assert_eq!(cards.len(), 3);
            assert!(!cards.contains(&Card::Joker));
            let drawn = j.events().iter().filter(|e| e.card.is_some()).count();
            let jokers = j
                .events()
                .iter()
                .filter(|e| e.text.contains("Joker"))
                .count();
            assert_eq!(drawn, 3 + jokers);
        }
        let a = draw(2, &mut GameRng::new(9), &mut Journal::off());
        let b = draw(2, &mut GameRng::new(9), &mut Journal::off());
        assert_eq!(a, b, "the same seed draws the same cards");
    }
}
