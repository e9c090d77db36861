//! The values behind a journal event, for replays and `squadsight explain`: who attacked what
//! from where, the range and line of sight, the modifiers and the clauses they come from.
//!
//! Everything here runs only inside `Journal::*_with` / `add_inputs` closures, that is only
//! when the journal records, so simulations and AI search never pay for it.

use crate::Skirmish;
use crate::board::FLYER_ELEVATION;
use crate::effects::{AttackSpec, RangeSet};
use crate::options::{HiddenPositions, RangeMode};
use crate::state::{AttackTarget, HexId, Source, State, UnitId};
use crate::view::View;
use squadsight_core::Input;

impl Skirmish {
    /// A unit as an input value: `Thin Man #6 (Aliens) at 3,4, 1/1 Hits`. Inputs go with
    /// public events, so a Hidden unit whose position is hidden (`hidden_positions = hidden`,
    /// sk.gap.69) is shown where it was last seen, never where it is.
    pub(crate) fn unit_value(&self, st: &State, id: UnitId) -> String {
        let Some(u) = st.unit(id) else {
            return self.unit_mention(st, id);
        };
        let at = if st.options.hidden_positions == HiddenPositions::Hidden && u.hidden {
            format!(
                "a hidden hex (last seen at {})",
                self.hex_name(st, u.seen_at)
            )
        } else {
            self.hex_name(st, u.pos)
        };
        format!(
            "{} at {at}, {}/{} Hits",
            self.unit_mention(st, id),
            u.hits,
            u.max_hits
        )
    }

    /// Where a play comes from, in words: `the Long Range card`, `Snap Shot (Sniper
    /// Specialist table, row 3)`, `a Boost`.
    pub(crate) fn source_words(&self, source: Source) -> String {
        match source {
            Source::Card(c) => format!("the {} card", self.card_mention(c)),
            Source::Row(t, n) => {
                format!(
                    "{} ({}, row {n})",
                    self.row_mention(t, n),
                    self.table_mention(t)
                )
            }
            Source::Grant(_) => "a Boost (sk.effect.boost)".to_string(),
        }
    }

    /// The inputs of an attack as declared: attacker, target, where the attack comes from,
    /// range against what the attack reaches, line of sight, damage and its riders.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn attack_inputs(
        &self,
        st: &State,
        seat: u8,
        attacker: UnitId,
        spec: &AttackSpec,
        target: AttackTarget,
        source: Option<Source>,
        double_tap: bool,
    ) -> Vec<Input> {
        let mut out = Vec::with_capacity(9);
        let Some(u) = st.unit(attacker) else {
            return out;
        };
        let view = View::new(self, st, seat);
        let elevation = view.elevation(u);
        out.push(Input::new(
            "attacker",
            self.unit_value(st, attacker),
            if self.info(u).flyer {
                format!("flies: sees from elevation {FLYER_ELEVATION} (sk.los.flyer-elevation)")
            } else {
                format!("stands at elevation {elevation}")
            },
        ));
        let to = match target {
            AttackTarget::Unit(t) => {
                out.push(Input::new("target", self.unit_value(st, t), ""));
                st.unit(t).map_or(u.pos, |t| view.pos(t))
            }
            AttackTarget::Hex(h) => {
                out.push(Input::new(
                    "target",
                    format!("hex {}", self.hex_name(st, h)),
                    "Area Affect attacks aim at a hex (sk.gap.31)",
                ));
                h
            }
        };
        if let Some(source) = source {
            out.push(Input::new(
                "attack from",
                self.source_words(source),
                "sk.attack.play",
            ));
        }
        let d = st.board.distance(view.pos(u), to);
        let mode = st.options.range_mode;
        out.push(Input::new(
            "range",
            format!(
                "{d} hex(es); this attack reaches {} ({})",
                range_words(spec.ranges, mode),
                if spec.ranges.allows(d, mode) {
                    "in range"
                } else {
                    "out of range"
                }
            ),
            match mode {
                RangeMode::Exact => "sk.attack.range; option range_mode=exact (sk.gap.25)",
                RangeMode::Max => "sk.attack.range; option range_mode=max (sk.gap.25)",
            },
        ));
        out.push(self.sight_input(&view, attacker, to, spec.grenade));
        out.push(Input::new(
            "damage",
            format!("1 Hit + {} = {}", spec.damage, 1 + u32::from(spec.damage)),
            "sk.attack.base-damage, sk.effect.damage-bonus",
        ));
        if spec.auto_kill || double_tap {
            out.push(Input::new(
                "Auto-Kill",
                "yes",
                if double_tap {
                    "Double Tap played earlier this turn (sk.effect.double-tap, sk.gap.44)"
                } else {
                    "printed on the attack (sk.effect.auto-kill)"
                },
            ));
        }
        if spec.area {
            out.push(Input::new(
                "Area Affect",
                "every unit in the hex is hit; each hex around it rolls for splash",
                "sk.effect.area, sk.area.target, sk.area.splash",
            ));
        }
        out.push(Input::new(
            "roll to hit",
            "none: a legal attack lands unless something stops it",
            "sk.attack.no-roll",
        ));
        out
    }

    /// The line of sight from a unit to a hex, as the attack rules judge it.
    pub(crate) fn sight_input(
        &self,
        view: &View<'_>,
        from: UnitId,
        to: HexId,
        grenade: bool,
    ) -> Input {
        let Some(u) = view.st.unit(from) else {
            return Input::new("line of sight", "unknown", "");
        };
        let at = view.pos(u);
        let clear = view.sight(u, to, grenade);
        let value = if view.st.board.distance(at, to) <= 1 {
            "clear (adjacent hexes always see each other)".to_string()
        } else if clear {
            "clear".to_string()
        } else {
            "blocked".to_string()
        };
        let source = if grenade {
            "higher hexes block; a grenade passes over units (sk.los.elevation-block, sk.gap.36)"
        } else {
            "higher hexes block, and units not lower than the attacker (sk.los.elevation-block, sk.los.through-units, sk.gap.34, sk.gap.35)"
        };
        Input::new("line of sight", value, source)
    }
}

/// The distances of a range set: `2`, `3 or 4`, `1–5`, and `up to N` under `range_mode = max`.
pub(crate) fn range_words(ranges: RangeSet, mode: RangeMode) -> String {
    if mode == RangeMode::Max {
        return format!("up to {}", ranges.max());
    }
    let list: Vec<u32> = (1..32).filter(|d| ranges.0 & (1 << d) != 0).collect();
    match list.as_slice() {
        [] => "nothing".to_string(),
        [one] => one.to_string(),
        [first, .., last] if list.len() as u32 == last - first + 1 => format!("{first}–{last}"),
        _ => {
            let words: Vec<String> = list.iter().map(u32::to_string).collect();
            words.join(" or ")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_words_read_naturally() {
        assert_eq!(range_words(RangeSet::only(3), RangeMode::Exact), "3");
        assert_eq!(range_words(RangeSet(0b11000), RangeMode::Exact), "3–4");
        assert_eq!(range_words(RangeSet(0b10100), RangeMode::Exact), "2 or 4");
        assert_eq!(range_words(RangeSet(0b111110), RangeMode::Exact), "1–5");
        assert_eq!(range_words(RangeSet(0b10100), RangeMode::Max), "up to 4");
    }
}
