//! AI mode: the rules' own opponent for solo and co-operative play (cmd.ai.availability).
//!
//! An AI-mode Squad activates through the same dice bag as a player (cmd.ai.same-activation);
//! when one of its dice is drawn, one of its models that has not acted is picked at random
//! (cmd.gap.36), a D6 picks the row of that model's AI card (cmd.ai.d6-action,
//! cmd.ai.per-unit-behaviour), its Wounds pick the `(3+)` or `(1-2)` entry
//! (cmd.ai.wounded-behaviour, option `ai_wounded`), and [`plan`] turns the entry into steps the
//! engine carries out. ADVENT Troopers read the ADVENT Officer's card while an Officer of their
//! Squad is alive (cmd.sr.trooper-command, cmd.gap.49). Every roll and choice is journaled with
//! its reason.

pub mod difficulty;
mod driver;
pub mod plan;
pub mod target;

pub use difficulty::{Difficulty, WoundedRule};
pub(crate) use driver::activate;

use crate::catalog::{AiCard, AiCardId, AiEntry, AiRowName, Catalog, UnitId};
use squadsight_core::dice::{Dice, roll};
use squadsight_core::journal::mention;
use squadsight_core::{EventKind, GameRng, Journal, Stream};

/// The unit whose AI card ADVENT Troopers follow (cmd.sr.trooper-command).
pub const OFFICER: &str = "ADVENT Officer";
/// The unit that follows the Officer's card (cmd.sr.trooper-command).
pub const TROOPER: &str = "ADVENT Trooper";

/// The AI card a model of `unit` reads, and whether Trooper Command chose it: an ADVENT
/// Trooper uses the ADVENT Officer's card while `officer_alive` (a living ADVENT Officer in
/// its own Squad), otherwise every unit uses its own (cmd.sr.trooper-command, cmd.gap.49).
pub fn card_for(catalog: &Catalog, unit: UnitId, officer_alive: bool) -> (AiCardId, bool) {
    let own = catalog.unit(unit).ai_card;
    if officer_alive
        && catalog.unit(unit).name == TROOPER
        && let Some(officer) = catalog.unit_id(OFFICER)
    {
        return (catalog.unit(officer).ai_card, true);
    }
    (own, false)
}

/// What one D6 read off an AI card gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardReading {
    /// The D6.
    pub roll: u8,
    /// The row it picked.
    pub row: AiRowName,
    /// Whether the `(1-2)` entry was read.
    pub wounded: bool,
    /// The entry read.
    pub entry: AiEntry,
}

/// Reads a card for a D6 result: the row (1 Omega, 2–3 Delta, 4–5 Bravo, 6 Alpha;
/// cmd.ai.d6-action) and the healthy or wounded entry (cmd.ai.wounded-behaviour).
pub fn read_card(card: &AiCard, d6: u8, wounded: bool) -> Option<CardReading> {
    let (row, entries) = card.row_for_roll(d6)?;
    Some(CardReading {
        roll: d6,
        row,
        wounded,
        entry: if wounded {
            entries.wounded
        } else {
            entries.healthy
        },
    })
}

/// Rolls the D6 for an AI model and reads its card, journaling the roll, the row and the
/// entry. `who` names the model in the journal.
pub fn roll_card(
    card: &AiCard,
    wounds: u8,
    max_wounds: u8,
    rule: WoundedRule,
    rng: &mut GameRng,
    journal: &mut Journal,
    who: &str,
) -> CardReading {
    let r = roll(rng, Dice::D6, None);
    let d6 = u8::try_from(r.total).unwrap_or(1).clamp(1, 6);
    journal.roll("cmd.ai.d6-action", &r, || {
        format!(
            "AI: {who} rolls a D6 for its card ({}): {d6}",
            mention(&card.name)
        )
    });
    let wounded = rule.is_wounded(wounds, max_wounds);
    // A D6 is always 1–6, so the card always has the row; Omega is only a formal fallback.
    let reading = read_card(card, d6, wounded).unwrap_or(CardReading {
        roll: d6,
        row: AiRowName::Omega,
        wounded,
        entry: if wounded {
            card.rows[0].wounded
        } else {
            card.rows[0].healthy
        },
    });
    journal.note("cmd.ai.wounded-behaviour", EventKind::Ai, || {
        format!(
            "AI: {who} reads row {} and its {} entry ({wounds} of {max_wounds} Wounds left, {}): {}",
            reading.row.label(),
            if wounded { "(1-2)" } else { "(3+)" },
            match rule {
                WoundedRule::WoundsLeft => "split by Wounds left",
                WoundedRule::Wounded => "split by any lost Wound",
            },
            reading.entry
        )
    });
    reading
}

/// Picks which of the AI Squad's eligible models (by number) activates on its die: one at
/// random, each equally likely (cmd.gap.36), journaled with the odds. `None` when none is
/// eligible.
pub fn choose_model(
    eligible: &[(u8, String)],
    rng: &mut GameRng,
    journal: &mut Journal,
) -> Option<u8> {
    let n = u32::try_from(eligible.len()).ok().filter(|n| *n > 0)?;
    let i = if n == 1 {
        0
    } else {
        rng.below(Stream::Dice, n)
    };
    let (id, name) = eligible.get(usize::try_from(i).ok()?)?;
    journal.note("cmd.gap.36", EventKind::Ai, || {
        if n == 1 {
            format!("AI: {name} is the only model that can activate")
        } else {
            format!("AI: {name} is picked at random to activate (1 in {n} of the models that have not acted)")
        }
    });
    Some(*id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::AiAction;

    #[test]
    fn rows_follow_the_d6() {
        // cmd.ai.d6-action: 1 Omega, 2-3 Delta, 4-5 Bravo, 6 Alpha
        let c = Catalog::builtin().unwrap();
        let card = c.ai_card(c.ai_card_id("Heavy-Focused (AI)").unwrap());
        let rows: Vec<AiRowName> = (1..=6)
            .map(|d| read_card(card, d, false).unwrap().row)
            .collect();
        assert_eq!(
            rows,
            [
                AiRowName::Omega,
                AiRowName::Delta,
                AiRowName::Delta,
                AiRowName::Bravo,
                AiRowName::Bravo,
                AiRowName::Alpha
            ]
        );
        assert!(read_card(card, 0, false).is_none());
        assert!(read_card(card, 7, false).is_none());
    }

    #[test]
    fn wounded_models_read_the_second_entry() {
        // cmd.ai.wounded-behaviour: Heavy-Focused Delta is `O! (3+)` / `O* (1-2)`.
        let c = Catalog::builtin().unwrap();
        let card = c.ai_card(c.ai_card_id("Heavy-Focused (AI)").unwrap());
        let healthy = read_card(card, 2, false).unwrap().entry;
        let hurt = read_card(card, 2, true).unwrap().entry;
        assert_eq!(
            (healthy.action, healthy.ignore_cover, healthy.remain_engaged),
            (AiAction::O, true, false)
        );
        assert_eq!(
            (hurt.action, hurt.ignore_cover, hurt.remain_engaged),
            (AiAction::O, false, true)
        );
    }

    #[test]
    fn the_roll_is_journaled_with_row_and_entry() {
        // cmd.ai.d6-action
        let c = Catalog::builtin().unwrap();
        let card = c.ai_card(c.ai_card_id("Trooper-Focused (AI)").unwrap());
        let mut j = Journal::recording();
        let reading = roll_card(
            card,
            1,
            4,
            WoundedRule::WoundsLeft,
            &mut GameRng::new(3),
            &mut j,
            "Rookie #2",
        );
        assert!(reading.wounded);
        let e = &j.events()[0];
        assert_eq!(e.rule, "cmd.ai.d6-action");
        assert!(e.roll.is_some());
        assert!(
            j.events()[1].text.contains("(1-2)"),
            "{}",
            j.events()[1].text
        );
    }

    #[test]
    fn each_unit_reads_its_own_card() {
        // cmd.ai.per-unit-behaviour
        let c = Catalog::builtin().unwrap();
        let card = |unit: &str| {
            let id = c.unit_id(unit).unwrap();
            c.ai_card(card_for(c, id, false).0).name.clone()
        };
        assert_eq!(card("Ranger"), "Tackler-Focused (AI)");
        assert_eq!(card("Grenadier"), "Heavy-Focused (AI)");
        assert_eq!(card("Sharpshooter"), "Sniper-Focused (AI)");
        assert_eq!(card("Faceless"), "Faceless (AI)");
    }

    #[test]
    fn troopers_follow_a_living_officer() {
        // cmd.sr.trooper-command, cmd.gap.49
        let c = Catalog::builtin().unwrap();
        let trooper = c.unit_id(TROOPER).unwrap();
        let officer = c.unit_id(OFFICER).unwrap();
        let rookie = c.unit_id("Rookie").unwrap();
        assert_eq!(card_for(c, trooper, true), (c.unit(officer).ai_card, true));
        assert_eq!(
            card_for(c, trooper, false),
            (c.unit(trooper).ai_card, false)
        );
        assert_eq!(card_for(c, rookie, true), (c.unit(rookie).ai_card, false));
    }

    #[test]
    fn model_choice_is_random_and_journaled() {
        // cmd.gap.36
        let eligible: Vec<(u8, String)> = (0..4).map(|i| (i, format!("m{i}"))).collect();
        let mut seen = [false; 4];
        for seed in 0..64 {
            let mut j = Journal::recording();
            let id = choose_model(&eligible, &mut GameRng::new(seed), &mut j).unwrap();
            seen[usize::from(id)] = true;
            assert!(j.events()[0].text.contains("1 in 4"));
        }
        assert!(seen.iter().all(|s| *s));
        assert!(choose_model(&[], &mut GameRng::new(1), &mut Journal::off()).is_none());
    }
}
