//! The five damage types (PEP-EP) and how a weapon's damage meets a target's typed resistance.
//!
//! Weapon damage is written `X T` (value, then type) and resistance `T X` (type, then value)
//! (cmd.pep.weapon-notation, cmd.pep.resistance-notation). The data files and the plain-text
//! rulebook use different glyphs for the same types; both sets parse, and the data-file set is
//! the one we print.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the five damage types (cmd.pep.types).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum DamageType {
    /// Plasma: data glyph ⚛, rulebook glyph ☢.
    Plasma,
    /// Explosive: data glyph 💥, rulebook glyph 💣.
    Explosive,
    /// Physical: data glyph ⛨, rulebook glyph 🔪.
    Physical,
    /// Electric: ⚡ in both.
    Electric,
    /// Poison: data glyph ☣, rulebook glyph ☠.
    Poison,
}

impl DamageType {
    /// All five, in the matrix's row and column order (cmd.pep.matrix).
    pub const ALL: [DamageType; 5] = [
        DamageType::Plasma,
        DamageType::Explosive,
        DamageType::Physical,
        DamageType::Electric,
        DamageType::Poison,
    ];

    /// The glyph the data files use (the one we print).
    pub fn glyph(self) -> &'static str {
        match self {
            DamageType::Plasma => "⚛",
            DamageType::Explosive => "💥",
            DamageType::Physical => "⛨",
            DamageType::Electric => "⚡",
            DamageType::Poison => "☣",
        }
    }

    /// The glyph the plain-text rulebook uses.
    pub fn rulebook_glyph(self) -> &'static str {
        match self {
            DamageType::Plasma => "☢",
            DamageType::Explosive => "💣",
            DamageType::Physical => "🔪",
            DamageType::Electric => "⚡",
            DamageType::Poison => "☠",
        }
    }

    /// The type's name.
    pub fn name(self) -> &'static str {
        match self {
            DamageType::Plasma => "Plasma",
            DamageType::Explosive => "Explosive",
            DamageType::Physical => "Physical",
            DamageType::Electric => "Electric",
            DamageType::Poison => "Poison",
        }
    }

    /// The type a glyph stands for, from either glyph set. Variation selectors (U+FE0F) that
    /// some editors add after a symbol are ignored.
    pub fn from_glyph(glyph: &str) -> Option<DamageType> {
        let g = glyph.trim().trim_end_matches('\u{fe0f}');
        DamageType::ALL
            .into_iter()
            .find(|t| g == t.glyph() || g == t.rulebook_glyph())
    }

    fn index(self) -> usize {
        match self {
            DamageType::Plasma => 0,
            DamageType::Explosive => 1,
            DamageType::Physical => 2,
            DamageType::Electric => 3,
            DamageType::Poison => 4,
        }
    }
}

impl fmt::Display for DamageType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.glyph())
    }
}

/// What a resistance does to the damage (one cell of the matrix).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Op {
    /// `+`: the resistance value is added to the damage (cmd.pep.op-add).
    Add,
    /// `-`: the resistance value is taken off the damage (cmd.pep.op-subtract).
    Subtract,
    /// `/-`: the resistance does not matter (cmd.pep.op-ignore).
    Ignore,
}

impl Op {
    /// The cell as the rulebook prints it.
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Subtract => "-",
            Op::Ignore => "/-",
        }
    }
}

/// The damage-type matrix, row = weapon type, column = resistance type, both in
/// [`DamageType::ALL`] order (cmd.pep.matrix). Plasma, Explosive and Physical form a cycle
/// (cmd.pep.cycle); Electric and Poison counter each other (cmd.pep.ep-mutual); a type meeting
/// its own resistance is reduced.
const MATRIX: [[Op; 5]; 5] = {
    use Op::{Add as A, Ignore as I, Subtract as S};
    [
        [S, A, I, I, I], // Plasma
        [I, S, A, I, I], // Explosive
        [A, I, S, I, I], // Physical
        [I, I, I, S, A], // Electric
        [I, I, I, A, S], // Poison
    ]
};

/// The operator for a weapon of type `weapon` hitting a resistance of type `armour`
/// (cmd.pep.matrix).
pub fn op(weapon: DamageType, armour: DamageType) -> Op {
    MATRIX[weapon.index()][armour.index()]
}

/// A typed resistance, written `T X` (cmd.pep.resistance-notation): the files' "Armour" field
/// of a unit card, e.g. `⛨ 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Resistance {
    /// The type.
    pub kind: DamageType,
    /// The value.
    pub value: u8,
}

impl fmt::Display for Resistance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind.glyph(), self.value)
    }
}

/// The damage dealt by `value` damage of type `weapon_type` against `resistance`
/// (cmd.dmg.amount): added, subtracted or unchanged as the matrix says, never below 0
/// (cmd.gap.5) and never above 255.
pub fn damage(value: u8, weapon_type: DamageType, resistance: Resistance) -> u8 {
    match op(weapon_type, resistance.kind) {
        Op::Add => value.saturating_add(resistance.value),
        Op::Subtract => value.saturating_sub(resistance.value),
        Op::Ignore => value,
    }
}

/// The damage dealt by `value` damage of type `weapon_type` against several typed resistances
/// (cmd.dmg.amount, cmd.gap.54): each adds, subtracts or is ignored as the matrix says; the sum
/// is never below 0 (cmd.gap.5) and never above 255.
pub fn damage_against(value: u8, weapon_type: DamageType, resistances: &[Resistance]) -> u8 {
    let mut total = i32::from(value);
    for r in resistances {
        match op(weapon_type, r.kind) {
            Op::Add => total += i32::from(r.value),
            Op::Subtract => total -= i32::from(r.value),
            Op::Ignore => {}
        }
    }
    u8::try_from(total.clamp(0, 255)).unwrap_or(u8::MAX)
}

/// Parses weapon damage `X T`, e.g. `3 ⛨` or `3 🔪` (cmd.pep.weapon-notation).
pub fn parse_damage(text: &str) -> Result<(u8, DamageType), String> {
    let mut parts = text.split_whitespace();
    let (Some(x), Some(t), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(format!(
            "damage `{text}` is not written `X T` (value, then type glyph)"
        ));
    };
    let value = x
        .parse::<u8>()
        .map_err(|_| format!("damage `{text}`: `{x}` is not a whole number 0–255"))?;
    let kind = DamageType::from_glyph(t)
        .ok_or_else(|| format!("damage `{text}`: `{t}` is not a damage-type glyph"))?;
    Ok((value, kind))
}

/// Parses a resistance `T X`, e.g. `⛨ 1` or `🔪 1` (cmd.pep.resistance-notation).
pub fn parse_resistance(text: &str) -> Result<Resistance, String> {
    let mut parts = text.split_whitespace();
    let (Some(t), Some(x), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(format!(
            "resistance `{text}` is not written `T X` (type glyph, then value)"
        ));
    };
    let kind = DamageType::from_glyph(t)
        .ok_or_else(|| format!("resistance `{text}`: `{t}` is not a damage-type glyph"))?;
    let value = x
        .parse::<u8>()
        .map_err(|_| format!("resistance `{text}`: `{x}` is not a whole number 0–255"))?;
    Ok(Resistance { kind, value })
}
