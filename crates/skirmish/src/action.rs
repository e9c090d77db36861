//! The decisions a Skirmish player makes.
//!
//! Plays name cards by type ([`CardId`]), never by hand position, so two copies of a card
//! give one action. A play that needs a destination or a target is two decisions: the play
//! itself, then [`Action::MoveTo`] or a target — this keeps every list short.

use crate::catalog::{CardId, TableId};
use crate::state::{HexId, UnitId};
use serde::{Deserialize, Serialize};
use squadsight_core::Seat;

/// One decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
// A save may carry nothing the hash chain does not cover: unknown fields are refused.
#[serde(deny_unknown_fields)]
pub enum Action {
    /// The winner of the first-player roll names the seat that takes the first turn (sk.gap.3).
    FirstPlayer(Seat),
    /// Discard one card of this type: down to the hand limit, for a draw-then-discard row, or
    /// the card the opponent's Mindfray makes you discard.
    Discard(CardId),
    /// A unit's free 1-hex move (sk.move.free).
    FreeMove {
        /// The unit.
        unit: UnitId,
        /// The adjacent hex.
        to: HexId,
    },
    /// Play a deck card's printed effect, for a unit (move, attack, Defense, Overwatch) or
    /// for no unit (Tactics, Diversion, Strategy, Friction).
    Card {
        /// The card type.
        card: CardId,
        /// The acting unit, if the effect needs one.
        unit: Option<UnitId>,
    },
    /// Play a Spec card to use row N of one of the unit's tables (sk.spec.activate); `alt`
    /// picks the option of an "X or Y" row (sk.effect.either).
    Spec {
        /// The Spec card type.
        card: CardId,
        /// The unit using the ability.
        unit: UnitId,
        /// Which of its tables.
        table: TableId,
        /// Which option of the row (0 for rows without a choice).
        alt: u8,
    },
    /// Play a Spec card as terrain cover for the unit under attack (sk.defense.terrain-spec).
    Cover {
        /// The Spec card type.
        card: CardId,
        /// The unit taking cover.
        unit: UnitId,
    },
    /// Make a mind-controlled enemy unit kill itself: Spec 5, or with a grenade Spec 6
    /// (sk.special.mind-control-kill).
    SelfDestruct {
        /// The Spec 5 or Spec 6 card type.
        card: CardId,
        /// The controlled unit.
        unit: UnitId,
    },
    /// Where the moving unit goes.
    MoveTo(HexId),
    /// The unit a step aims at (attack, ranged effect, heal, revive, boost).
    TargetUnit(UnitId),
    /// The hex a step aims at (Area Affect attack, spawn).
    TargetHex(HexId),
    /// Decline: close a Defense, Flush or reaction window.
    Pass,
    /// End the Move and Fire phase.
    EndTurn,
}
