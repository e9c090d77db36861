//! The optional Detection rules: Hidden Tokens, the reveal roll, the Detection Table and
//! hiding again (sk.detect.optional).

use crate::Skirmish;
use crate::data::DetectionOutcomeDef;
use crate::state::{HexId, State, UnitId};
use squadsight_core::dice::{Dice, Target, roll};
use squadsight_core::journal::EventKind;
use squadsight_core::journal::mention;
use squadsight_core::{GameRng, Input, Journal};

impl Skirmish {
    /// The reveal roll of a Hidden unit that moves or attacks: 1D6, its Hidden Token goes on
    /// 4+ (sk.detect.reveal-roll).
    pub(crate) fn reveal_roll(
        &self,
        st: &mut State,
        id: UnitId,
        rng: &mut GameRng,
        j: &mut Journal,
    ) {
        if !st.options.detection.on() || !st.unit(id).is_some_and(|u| u.hidden) {
            return;
        }
        let r = roll(rng, Dice::D6, Some(Target::AtLeast(4)));
        let revealed = r.success == Some(true);
        if revealed {
            if let Some(u) = st.unit_mut(id) {
                u.hidden = false;
                u.seen_at = u.pos;
            }
        }
        if revealed {
            // sk.panic.trigger-new-alien: a revealed alien may be a type someone sees first.
            self.note_sightings(st);
        }
        j.roll_with(
            "sk.detect.reveal-roll",
            &r,
            || {
                format!(
                    "{} rolls {} to stay hidden: {}",
                    self.unit_mention(st, id),
                    r.total,
                    if revealed { "revealed" } else { "still hidden" }
                )
            },
            || {
                vec![
                    Input::new(
                        "unit",
                        self.unit_value(st, id),
                        "carries a Hidden Token (sk.detect.start-hidden)",
                    ),
                    Input::new(
                        "needs",
                        "4, 5 or 6 on one die removes its Hidden Token",
                        "sk.detect.reveal-roll, sk.gap.70",
                    ),
                ]
            },
        );
    }

    /// The Detection roll before a hostile act on Hidden units (sk.detect.flush,
    /// sk.detect.table): 1D6, +1 when the target is within 3 hexes (sk.detect.close-bonus).
    /// The journaled target is "detected" (a modified 4 or more). Returns what happens to the
    /// attack; the Hidden Tokens are removed here when the row says so.
    pub(crate) fn detection_roll(
        &self,
        st: &mut State,
        actor: UnitId,
        target: Option<HexId>,
        hidden: &[UnitId],
        rng: &mut GameRng,
        j: &mut Journal,
    ) -> DetectionOutcomeDef {
        let distance = match (st.unit(actor), target) {
            (Some(a), Some(t)) => Some(st.board.distance(a.pos, t)),
            _ => None,
        };
        let close = distance.is_some_and(|d| d <= 3);
        let bonus = u32::from(close);
        let r = roll(rng, Dice::D6, Some(Target::AtLeast(4 - bonus)));
        let modified = (r.total + bonus).min(u32::from(u8::MAX)) as u8;
        let row = self.catalog.detection_row(modified);
        j.roll_with(
            "sk.detect.table",
            &r,
            || {
                format!(
                    "Detection roll {}{} = {}: {}",
                    r.total,
                    if close { " +1 (within 3 hexes)" } else { "" },
                    modified,
                    mention(&row.name)
                )
            },
            || {
                let mut v = vec![Input::new("acting unit", self.unit_value(st, actor), "")];
                for h in hidden {
                    v.push(Input::new(
                        "Hidden target",
                        self.unit_value(st, *h),
                        "sk.detect.flush",
                    ));
                }
                v.push(Input::new(
                    "distance",
                    distance.map_or_else(|| "none".to_string(), |d| format!("{d} hex(es)")),
                    "",
                ));
                v.push(Input::new(
                    "modifier",
                    if close {
                        "+1 (target within 3 hexes)"
                    } else {
                        "+0 (target farther than 3 hexes)"
                    },
                    "sk.detect.close-bonus",
                ));
                v.push(Input::new(
                    "result",
                    format!("{} + {bonus} = {modified}: {}", r.total, mention(&row.name)),
                    "sk.detect.table",
                ));
                v.push(Input::new(
                    "journaled target",
                    "a modified 4 or more detects",
                    "sk.detect.table",
                ));
                v
            },
        );
        if close {
            j.note("sk.detect.close-bonus", EventKind::Roll, || {
                "the target is within 3 hexes: +1".to_string()
            });
        }
        if row.reveal {
            for id in hidden {
                if let Some(u) = st.unit_mut(*id) {
                    u.hidden = false;
                    u.seen_at = u.pos;
                }
            }
            // sk.panic.trigger-new-alien: a detected alien may be a type someone sees first.
            self.note_sightings(st);
        }
        let outcome = row.outcome;
        j.note("sk.detect.card-fate", EventKind::Attack, || match outcome {
            DetectionOutcomeDef::NotAllowed => "the attack may not be made".to_string(),
            DetectionOutcomeDef::Miss => "the attack misses".to_string(),
            DetectionOutcomeDef::Attack => "the attack goes ahead".to_string(),
        });
        outcome
    }

    /// Hiding: a detected unit that ends a move 5 or more hexes from every foe, and 6 or more
    /// from every foe Sniper or Flyer, takes a Hidden Token again (sk.detect.hiding, sk.gap.73).
    pub(crate) fn hide_check(&self, st: &mut State, id: UnitId, j: &mut Journal) {
        if !st.options.detection.on() {
            return;
        }
        let Some(u) = st.unit(id).copied() else {
            return;
        };
        if u.hidden || !u.on_map() {
            return;
        }
        let far = st
            .units
            .iter()
            .filter(|w| w.on_map() && w.controller != u.controller)
            .all(|w| {
                let info = self.info(w);
                let need = if info.sniper || info.flyer { 6 } else { 5 };
                st.board.distance(u.pos, w.pos) >= need
            });
        if far {
            if let Some(m) = st.unit_mut(id) {
                m.hidden = true;
            }
            j.note("sk.detect.hiding", EventKind::Effect, || {
                format!(
                    "{} slips out of sight and is Hidden again",
                    self.unit_mention(st, id)
                )
            });
        }
    }
}
