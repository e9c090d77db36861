//! Names and short descriptions for the journal, menus and error messages.

use crate::Skirmish;
use crate::action::Action;
use crate::catalog::{CardId, TableId};
use crate::effects::Op;
use crate::state::{Aim, Frame, HexId, State, UnitId};
use squadsight_core::journal::{Mention, mention};

impl Skirmish {
    /// The kind of answer or special play an action is, for `sim` statistics: Defense,
    /// terrain cover, the negations, Flush, reactions (Overwatch cards and reaction rows) and
    /// revivals; `None` for everything else.
    pub(crate) fn play_kind(&self, st: &State, action: &Action) -> Option<&'static str> {
        let op_of = |card: CardId, table: TableId, alt: u8| {
            self.row_source(card, table)
                .and_then(|src| self.alt(src, alt))
                .map(|a| a.ops.clone())
                .unwrap_or_default()
        };
        match (st.top(), *action) {
            (_, Action::Pass | Action::EndTurn) => None,
            (Some(Frame::Hit(_)), Action::Card { .. }) => Some("defense"),
            (Some(Frame::Hit(_)), Action::Cover { .. }) => Some("terrain cover"),
            (
                Some(Frame::Hit(_)),
                Action::Spec {
                    card, table, alt, ..
                },
            ) => {
                let ops = op_of(card, table, alt);
                Some(if ops.contains(&Op::NegateAttack) {
                    "telekinetic field"
                } else if ops.contains(&Op::Reflect) {
                    "reflect"
                } else if ops.contains(&Op::NegatePsi) {
                    "iron will"
                } else {
                    "defense"
                })
            }
            (Some(Frame::Ranged { .. }), Action::Spec { .. }) => Some("iron will"),
            (Some(Frame::Flush { .. }), Action::Spec { .. }) => Some("flush"),
            (Some(Frame::Reaction { .. }), Action::Card { .. }) => Some("overwatch"),
            (Some(Frame::Reaction { .. }), Action::Spec { .. }) => Some("reaction row"),
            (
                None,
                Action::Spec {
                    card, table, alt, ..
                },
            ) if op_of(card, table, alt).contains(&Op::Revive) => Some("revive"),
            _ => None,
        }
    }

    /// A card type's printed name.
    pub fn card_name(&self, card: CardId) -> &str {
        self.catalog.card(card).map_or("?", |c| c.name.as_str())
    }

    /// A table's printed name.
    pub fn table_name(&self, table: TableId) -> &str {
        self.catalog.table(table).map_or("?", |t| t.name.as_str())
    }

    /// A table row's printed name.
    pub fn row_name(&self, table: TableId, n: u8) -> &str {
        self.catalog
            .table(table)
            .and_then(|t| t.row(n))
            .map_or("?", |r| r.name.as_str())
    }

    /// A unit as players see it: type, id and side, e.g. `Thin Man #6 (Aliens)`.
    pub fn unit_name(&self, st: &State, id: UnitId) -> String {
        match st.unit(id) {
            Some(u) => format!(
                "{} #{} ({})",
                self.catalog.unit(u.kind).map_or("?", |t| t.name.as_str()),
                id.0,
                st.board.side_name(u.controller)
            ),
            None => format!("unit #{}", id.0),
        }
    }

    /// A unit as the journal mentions it: [`Skirmish::unit_name`] with the unit type's and
    /// side's names held once by the journal ([`mention`]). Only for journal texts and inputs.
    pub(crate) fn unit_mention(&self, st: &State, id: UnitId) -> String {
        match st.unit(id) {
            Some(u) => format!(
                "{} #{} ({})",
                mention(self.catalog.unit(u.kind).map_or("?", |t| t.name.as_str())),
                id.0,
                mention(st.board.side_name(u.controller))
            ),
            None => format!("unit #{}", id.0),
        }
    }

    /// A card type's name as the journal mentions it ([`mention`]).
    pub(crate) fn card_mention(&self, card: CardId) -> Mention<'_> {
        mention(self.card_name(card))
    }

    /// A table's name as the journal mentions it ([`mention`]).
    pub(crate) fn table_mention(&self, table: TableId) -> Mention<'_> {
        mention(self.table_name(table))
    }

    /// A table row's name as the journal mentions it ([`mention`]).
    pub(crate) fn row_mention(&self, table: TableId, n: u8) -> Mention<'_> {
        mention(self.row_name(table, n))
    }

    /// A hex as `column,row`.
    pub fn hex_name(&self, st: &State, hex: HexId) -> String {
        let (c, r) = st.board.offset(hex);
        format!("{c},{r}")
    }

    /// A short label for an action in this state.
    pub(crate) fn describe_action(&self, st: &State, action: &Action) -> String {
        match *action {
            Action::FirstPlayer(s) => format!("{s} takes the first turn"),
            Action::Discard(c) => format!("discard {}", self.card_name(c)),
            Action::FreeMove { unit, to } => format!(
                "free move: {} to {}",
                self.unit_name(st, unit),
                self.hex_name(st, to)
            ),
            Action::Card { card, unit: None } => format!("play {}", self.card_name(card)),
            Action::Card {
                card,
                unit: Some(u),
            } => format!(
                "play {} for {}",
                self.card_name(card),
                self.unit_name(st, u)
            ),
            Action::Spec {
                card,
                unit,
                table,
                alt,
            } => {
                let n = match self.rules.cards.get(card.index()) {
                    Some(crate::effects::CardKind::Spec(n)) => *n,
                    _ => 0,
                };
                // Name the option picked on an "X or Y" row (sk.effect.either).
                let option = self
                    .rules
                    .row(table, n)
                    .filter(|r| r.alts.len() > 1)
                    .and_then(|r| r.alts.get(usize::from(alt)))
                    .map(|a| format!(" [{}]", alt_words(a)))
                    .unwrap_or_default();
                format!(
                    "{}: {} uses {}{option} ({})",
                    self.card_name(card),
                    self.unit_name(st, unit),
                    self.row_name(table, n),
                    self.table_name(table)
                )
            }
            Action::Cover { card, unit } => format!(
                "{}: {} takes cover in the terrain",
                self.card_name(card),
                self.unit_name(st, unit)
            ),
            Action::SelfDestruct { card, unit } => format!(
                "{}: make {} kill itself",
                self.card_name(card),
                self.unit_name(st, unit)
            ),
            Action::MoveTo(h) => match st.top() {
                Some(Frame::Move { unit, .. }) => format!(
                    "move {} to {}",
                    self.unit_name(st, *unit),
                    self.hex_name(st, h)
                ),
                _ => format!("move to {}", self.hex_name(st, h)),
            },
            Action::TargetUnit(t) => match st.top() {
                Some(Frame::Target {
                    aim: Aim::Attack(_),
                    ..
                }) => format!("attack {}", self.unit_name(st, t)),
                _ => format!("target {}", self.unit_name(st, t)),
            },
            Action::TargetHex(h) => match st.top() {
                Some(Frame::Target {
                    aim: Aim::Spawn(_), ..
                }) => format!("place the new unit at {}", self.hex_name(st, h)),
                _ => format!("attack hex {}", self.hex_name(st, h)),
            },
            Action::Pass => "pass".to_string(),
            Action::EndTurn => "end the Move and Fire phase".to_string(),
        }
    }
}

/// A few words for one option of a row.
fn alt_words(a: &crate::effects::Alt) -> String {
    use crate::effects::Op;
    let words: Vec<String> = a
        .ops
        .iter()
        .map(|op| match op {
            Op::Attack(_) => "attack".to_string(),
            Op::Move { hexes, .. } => format!("move {hexes}"),
            Op::Defense { times: 1, .. } => "defense".to_string(),
            Op::Defense { times, .. } => format!("defense x{times}"),
            Op::Draw(n) => format!("draw {n}"),
            Op::Discard(n) => format!("discard {n}"),
            Op::GainSt(n) => format!("gain {n} ST"),
            Op::NegatePsi => "cancel the Psi attack".to_string(),
            Op::NegateAttack => "cancel the attack".to_string(),
            Op::NegateDefense => "cancel the Defense".to_string(),
            Op::Reflect => "reflect".to_string(),
            _ => "effect".to_string(),
        })
        .collect();
    words.join(" + ")
}
