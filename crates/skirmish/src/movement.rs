//! Carrying out a move: the reveal roll, bumping into an unseen enemy, hiding again, new
//! sightings for Panic, and the reaction window that follows an enemy move.

use crate::Skirmish;
use crate::options::HiddenPositions;
use crate::state::{Frame, HexId, Phase, State, UnitId};
use crate::view::seen_pos;
use squadsight_core::journal::EventKind;
use squadsight_core::{GameRng, Journal, Seat, SeatSet};

impl Skirmish {
    /// Moves a unit to `to` (a free move or a card move, sk.move.free,
    /// sk.move.card-distance). Staying put is no move at all.
    pub(crate) fn move_unit(
        &self,
        st: &mut State,
        id: UnitId,
        to: HexId,
        card: bool,
        rng: &mut GameRng,
        j: &mut Journal,
    ) {
        let Some(u) = st.unit(id).copied() else {
            return;
        };
        if !u.on_map() {
            return;
        }
        if u.pos == to {
            j.note("sk.gap.13", EventKind::Move, || {
                format!("{} stays where it is", self.unit_mention(st, id))
            });
            return;
        }
        // sk.detect.reveal-roll, sk.gap.70: each move of a Hidden unit may reveal it.
        self.reveal_roll(st, id, rng, j);
        if let Some(b) = self.hidden_blocker(st, id, to) {
            self.bump(st, b, j);
            return;
        }
        if let Some(m) = st.unit_mut(id) {
            m.pos = to;
            m.moved = true;
            if !m.hidden {
                m.seen_at = to;
            }
        }
        let rule = if card {
            "sk.move.card-distance"
        } else {
            "sk.move.free"
        };
        let text = || {
            format!(
                "{} moves from {} to {}",
                self.unit_mention(st, id),
                self.hex_name(st, u.pos),
                self.hex_name(st, to)
            )
        };
        let unseen = st.options.hidden_positions == HiddenPositions::Hidden
            && st.unit(id).is_some_and(|m| m.hidden);
        if unseen {
            // sk.gap.69: only the mover's side learns where a Hidden unit went.
            j.private(
                rule,
                EventKind::Move,
                SeatSet::only(Seat(u.controller)),
                text,
                || Some("a Hidden unit moves".to_string()),
            );
        } else {
            j.note(rule, EventKind::Move, text);
        }
        self.hide_check(st, id, j);
        self.check_sightings(st, rng, j);
        // sk.gap.22: after a move step of the active side, the other side may react.
        let mover = st.unit(id).map_or(st.active, |m| m.controller);
        if mover == st.active && st.phase == Phase::MoveFire {
            st.stack.push(Frame::Reaction {
                seat: 1 - (st.active & 1),
                after_move: true,
            });
        }
    }

    /// With `hidden_positions = hidden`, a Hidden enemy the mover could not see may really
    /// stand where it wants to end: it returns that unit (sk.gap.69).
    pub(crate) fn hidden_blocker(&self, st: &State, id: UnitId, to: HexId) -> Option<UnitId> {
        let u = st.unit(id)?;
        self.blocker_at(st, u.controller, self.info(u).flyer, to)
    }

    /// A Hidden enemy of `side` whose real hex `to` clashes with a unit ending there, when the
    /// side could not know it was there.
    pub(crate) fn blocker_at(
        &self,
        st: &State,
        side: u8,
        flyer: bool,
        to: HexId,
    ) -> Option<UnitId> {
        st.units.iter().enumerate().find_map(|(i, w)| {
            let clash = w.on_map()
                && w.pos == to
                && w.controller != side
                && seen_pos(st, w, side) != to
                && (!flyer || self.info(w).flyer);
            clash.then_some(UnitId(i as u8))
        })
    }

    /// Bumping into an unseen enemy: it is revealed and the move does not happen.
    pub(crate) fn bump(&self, st: &mut State, b: UnitId, j: &mut Journal) {
        if let Some(w) = st.unit_mut(b) {
            w.hidden = false;
            w.seen_at = w.pos;
        }
        j.note("sk.gap.69", EventKind::Effect, || {
            format!(
                "{} was hiding there: it is revealed and the move is blocked",
                self.unit_mention(st, b)
            )
        });
    }
}
