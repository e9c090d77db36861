//! Resolution: applying a decision, then running every automatic step until the next
//! decision.
//!
//! The state keeps a stack of [`Frame`]s. A decision frame (a target to pick, a Defense window)
//! waits for an action; the other frames (a play in progress, an attack in progress) advance
//! by themselves. [`Skirmish::settle`] runs them until a decision is on top, or the stack is
//! empty in the Move and Fire phase (the active side's free choice), or the game is over.

use crate::Skirmish;
use crate::action::Action;
use crate::catalog::CardId;
use crate::effects::{CardKind, HealTarget, Op, Window};
use crate::options::RapidReaction;
use crate::state::{
    Aim, Attack, AttackStage, AttackTarget, DiscardWhy, Frame, Program, Source, State, UnitId,
};
use crate::view::View;
use squadsight_core::journal::{CardNote, EventKind, Visibility};
use squadsight_core::{GameRng, IllegalAction, Input, Journal, Seat, SeatSet, Stream};
use std::cell::RefCell;

thread_local! {
    /// Scratch list for validating an action against the legal list without allocating.
    static LEGAL: RefCell<Vec<Action>> = const { RefCell::new(Vec::new()) };
}

impl Skirmish {
    /// Validates and resolves one action, then runs on to the next decision.
    pub(crate) fn apply_action(
        &self,
        st: &mut State,
        seat: u8,
        action: Action,
        rng: &mut GameRng,
        j: &mut Journal,
    ) -> Result<(), IllegalAction> {
        let decider = self.decider(st);
        if decider != Some(seat) {
            return Err(IllegalAction::new(match decider {
                None => "the game is over".to_string(),
                Some(d) => format!("it is {}'s decision, not {}'s", Seat(d), Seat(seat)),
            }));
        }
        let legal = LEGAL.with(|buf| self.is_legal(st, seat, &action, &mut buf.borrow_mut()));
        if !legal {
            return Err(IllegalAction::new(format!(
                "{} is not one of the legal choices now",
                self.describe_action(st, &action)
            )));
        }
        j.set_context(st.turn, Some(Seat(seat)));
        self.perform(st, seat, action, rng, j);
        self.settle(st, rng, j);
        Ok(())
    }

    /// Carries out a legal action.
    fn perform(
        &self,
        st: &mut State,
        seat: u8,
        action: Action,
        rng: &mut GameRng,
        j: &mut Journal,
    ) {
        let top = st.top().copied();
        match (top, action) {
            (Some(Frame::ChooseFirst { .. }), Action::FirstPlayer(first)) => {
                st.stack.pop();
                j.note("sk.gap.3", EventKind::Setup, || {
                    format!("{} chooses {} to take the first turn", Seat(seat), first)
                });
                self.start_turn(st, first.0 & 1, rng, j);
            }
            (Some(Frame::Discard { seat: s, left, why }), Action::Discard(card)) => {
                if let Some(Frame::Discard { left: l, .. }) = st.stack.last_mut() {
                    *l = left.saturating_sub(1);
                }
                let rule = match why {
                    DiscardWhy::Tactical => "sk.turn.tactical-discard",
                    DiscardWhy::End => "sk.end.hand-limit",
                    DiscardWhy::Own => "sk.effect.draw-discard",
                    DiscardWhy::Opponent => "sk.effect.opp-discard",
                };
                self.discard_from_hand(st, s, card, rule, j);
            }
            (None, Action::FreeMove { unit, to }) => {
                if let Some(u) = st.unit_mut(unit) {
                    u.free_moved = true;
                }
                j.note("sk.move.free", EventKind::Move, || {
                    format!("{} takes its free move", self.unit_mention(st, unit))
                });
                self.move_unit(st, unit, to, false, rng, j);
            }
            (None, Action::Card { card, unit }) => {
                self.start_play(st, seat, card, unit, Source::Card(card), 0, false, j);
            }
            (
                None,
                Action::Spec {
                    card,
                    unit,
                    table,
                    alt,
                },
            ) => {
                if let Some(source) = self.row_source(card, table) {
                    self.start_play(st, seat, card, Some(unit), source, alt, false, j);
                }
            }
            (None, Action::SelfDestruct { card, unit }) => {
                self.self_destruct(st, seat, card, unit, j)
            }
            (None, Action::EndTurn) => self.end_turn(st, rng, j),
            (Some(Frame::Move { unit, .. }), Action::MoveTo(to)) => {
                st.stack.pop();
                self.advance(st);
                self.move_unit(st, unit, to, true, rng, j);
            }
            (
                Some(Frame::Target { seat, unit, aim }),
                Action::TargetUnit(_) | Action::TargetHex(_),
            ) => {
                let op = self.pending_op(st);
                st.stack.pop();
                let program = self.advance(st);
                self.aim(st, seat, unit, aim, op, program, action, rng, j);
            }
            (Some(Frame::Hit(_)), Action::Pass) => {
                if let Some(Frame::Hit(h)) = st.stack.last_mut() {
                    h.open = false;
                }
                j.note("sk.defense.play", EventKind::Attack, || {
                    format!("{} plays no more Defense", Seat(seat))
                });
            }
            (Some(Frame::Hit(h)), Action::Card { card, .. }) => {
                self.play_defense(st, seat, card, h.unit, Source::Card(card), 0, rng, j);
            }
            (Some(Frame::Hit(h)), Action::Cover { card, .. }) => {
                self.play_cover(st, seat, card, h.unit, j);
            }
            (
                Some(Frame::Hit(h)),
                Action::Spec {
                    card,
                    unit,
                    table,
                    alt,
                },
            ) => {
                let Some(source) = self.row_source(card, table) else {
                    return;
                };
                let window = self.alt(source, alt).map(|a| a.window);
                if window == Some(Window::Negation) {
                    self.play_negation(st, seat, card, unit, source, alt, j);
                } else {
                    self.play_defense(st, seat, card, h.unit, source, alt, rng, j);
                }
            }
            (Some(Frame::Flush { .. }), Action::Pass) => {
                st.stack.pop();
            }
            (Some(Frame::Flush { .. }), Action::Spec { card, unit, .. }) => {
                self.play_flush(st, seat, card, unit, j);
            }
            (Some(Frame::Reaction { .. }), Action::Pass) => {
                st.stack.pop();
                self.close_reactions(st);
            }
            (Some(Frame::Reaction { .. }), Action::Card { card, unit }) => {
                // sk.effect.reaction: a reaction play on the opponent's turn.
                self.start_play(st, seat, card, unit, Source::Card(card), 0, true, j);
            }
            (
                Some(Frame::Reaction { .. }),
                Action::Spec {
                    card,
                    unit,
                    table,
                    alt,
                },
            ) => {
                if let Some(source) = self.row_source(card, table) {
                    self.start_play(st, seat, card, Some(unit), source, alt, true, j);
                }
            }
            (Some(Frame::Ranged { .. }), Action::Pass) => {
                if let Some(Frame::Ranged { open, .. }) = st.stack.last_mut() {
                    *open = false;
                }
            }
            (Some(Frame::Ranged { target, .. }), Action::Spec { card, .. }) => {
                // sk.effect.negate-psi: Iron Will cancels the Psi effect on the Hero itself,
                // with the rest of that play (sk.gap.57).
                st.stack.pop();
                self.drop_rest_of_play(st);
                self.spend_card(st, seat, card, "sk.effect.negate-psi", j);
                j.note("sk.effect.negate-psi", EventKind::Effect, || {
                    format!(
                        "{} uses Iron Will: the Psi effect on it is cancelled",
                        self.unit_mention(st, target)
                    )
                });
            }
            _ => {}
        }
    }

    /// Runs automatic steps until a decision is needed or the game ends.
    pub(crate) fn settle(&self, st: &mut State, rng: &mut GameRng, j: &mut Journal) {
        loop {
            if st.ending.is_some() {
                st.stack.clear();
                return;
            }
            let Some(top) = st.top().copied() else {
                if self.ended(st, j) {
                    continue;
                }
                return;
            };
            match top {
                Frame::ChooseFirst { .. } | Frame::Move { .. } | Frame::Target { .. } => {
                    if self.ended(st, j) {
                        continue;
                    }
                    return;
                }
                Frame::Discard { seat, left, why } => {
                    if left > 0 && !st.hand(seat).is_empty() {
                        if self.ended(st, j) {
                            continue;
                        }
                        return;
                    }
                    st.stack.pop();
                    self.after_discard(st, why, rng, j);
                }
                Frame::Program(p) => self.step_program(st, p, rng, j),
                Frame::Attack(a) => self.step_attack(st, a, rng, j),
                Frame::Hit(h) => {
                    if h.open && self.defense_window(st, &h) {
                        if self.ended(st, j) {
                            continue;
                        }
                        return;
                    }
                    st.stack.pop();
                    self.resolve_hit(st, h, j);
                }
                Frame::Flush { seat } => {
                    if self.flush_window(st, seat) {
                        if self.ended(st, j) {
                            continue;
                        }
                        return;
                    }
                    st.stack.pop();
                }
                Frame::Reaction { seat, after_move } => {
                    if self.reaction_window(st, seat, after_move) {
                        if self.ended(st, j) {
                            continue;
                        }
                        return;
                    }
                    st.stack.pop();
                    self.close_reactions(st);
                }
                Frame::Ranged {
                    seat,
                    actor,
                    target,
                    kind,
                    open,
                    psi,
                } => {
                    if open && self.iron_will_window(st, target, psi) {
                        if self.ended(st, j) {
                            continue;
                        }
                        return;
                    }
                    st.stack.pop();
                    self.apply_ranged(st, seat, actor, target, kind, rng, j);
                }
            }
        }
    }

    /// Before a decision is asked for: whether the game just ended. sk.gap.7: victory is
    /// checked once every effect has resolved; an attack with its splash is one effect, so
    /// nothing is checked while one is in progress.
    fn ended(&self, st: &mut State, j: &mut Journal) -> bool {
        if st.stack.iter().any(|f| matches!(f, Frame::Attack(_))) {
            return false;
        }
        self.check_end(st, j);
        st.ending.is_some()
    }

    /// Moves the play on top of the stack (or just under a finished decision) one step on,
    /// returning it as it now stands.
    pub(crate) fn advance(&self, st: &mut State) -> Option<Program> {
        match st.stack.last_mut() {
            Some(Frame::Program(p)) => {
                p.pc = p.pc.saturating_add(1);
                Some(*p)
            }
            _ => None,
        }
    }

    /// Takes a card from a hand and journals the play (the card is public from now on).
    pub(crate) fn take_card(
        &self,
        st: &mut State,
        seat: u8,
        card: CardId,
        rule: &'static str,
        j: &mut Journal,
    ) {
        let s = usize::from(seat & 1);
        st.hands[s].remove(card);
        let hand = st.hands[s];
        st.known[s].clamp_to(&hand);
        j.card(
            rule,
            EventKind::Play,
            Visibility::Public,
            || CardNote {
                deck: "action",
                card: self.card_name(card).into(),
            },
            || format!("{} plays {}", Seat(seat), self.card_mention(card)),
            || None,
        );
    }

    /// Plays a card straight onto the discard pile.
    pub(crate) fn spend_card(
        &self,
        st: &mut State,
        seat: u8,
        card: CardId,
        rule: &'static str,
        j: &mut Journal,
    ) {
        self.take_card(st, seat, card, rule, j);
        st.deck.discard(card);
    }

    /// Discards a card from a hand (sk.deck.shared: onto the shared discard pile, face up).
    pub(crate) fn discard_from_hand(
        &self,
        st: &mut State,
        seat: u8,
        card: CardId,
        rule: &'static str,
        j: &mut Journal,
    ) {
        let s = usize::from(seat & 1);
        if !st.hands[s].remove(card) {
            return;
        }
        let hand = st.hands[s];
        st.known[s].clamp_to(&hand);
        st.deck.discard(card);
        j.card(
            rule,
            EventKind::Discard,
            Visibility::Public,
            || CardNote {
                deck: "action",
                card: self.card_name(card).into(),
            },
            || format!("{} discards {}", Seat(seat), self.card_mention(card)),
            || None,
        );
    }

    /// Draws `n` cards for a side (sk.turn.reshuffle on every draw, sk.gap.20); the drawer
    /// sees them, the other side only learns that a card was drawn.
    pub(crate) fn draw(
        &self,
        st: &mut State,
        seat: u8,
        n: u8,
        rule: &'static str,
        rng: &mut GameRng,
        j: &mut Journal,
    ) {
        let s = usize::from(seat & 1);
        for _ in 0..n {
            if st.deck.remaining() == 0 {
                // A reshuffle makes any seen top cards meaningless.
                st.known_top = [0; 2];
            }
            let Some(card) = st.deck.draw(rng, j, "sk.turn.reshuffle") else {
                j.note("sk.gap.20", EventKind::Draw, || {
                    "the deck and the discard pile are both empty: no card to draw".to_string()
                });
                return;
            };
            for k in &mut st.known_top {
                *k = k.saturating_sub(1);
            }
            st.hands[s].add(card);
            j.card(
                rule,
                EventKind::Draw,
                Visibility::Seats(SeatSet::only(Seat(seat))),
                || CardNote {
                    deck: "action",
                    card: self.card_name(card).into(),
                },
                || format!("{} draws {}", Seat(seat), self.card_mention(card)),
                || Some(format!("{} draws a card", Seat(seat))),
            );
        }
    }

    /// Starts a play in the Move and Fire phase.
    #[allow(clippy::too_many_arguments)]
    fn start_play(
        &self,
        st: &mut State,
        seat: u8,
        card: CardId,
        unit: Option<UnitId>,
        source: Source,
        alt: u8,
        reaction: bool,
        j: &mut Journal,
    ) {
        let rule = match source {
            Source::Row(..) => "sk.spec.activate",
            _ if reaction => "sk.effect.reaction",
            _ => "sk.deck.timing",
        };
        self.take_card(st, seat, card, rule, j);
        if let (Some(id), Source::Row(t, n)) = (unit, source) {
            j.note("sk.spec.activate", EventKind::Play, || {
                format!(
                    "{} uses {} (row {n} of the {})",
                    self.unit_mention(st, id),
                    self.row_mention(t, n),
                    self.table_mention(t)
                )
            });
        }
        if let (Some(id), Some(a)) = (unit, self.alt(source, alt)) {
            let moves = a.ops.iter().any(|o| matches!(o, Op::Move { .. }));
            let attacks = a.ops.iter().any(|o| matches!(o, Op::Attack(_)));
            if let Some(u) = st.unit_mut(id) {
                if reaction {
                    u.reacted = true;
                } else {
                    // sk.move.card-limit, sk.gap.14: every card move on your own turn uses the
                    // unit's one Move card; sk.gap.16: attack plays are counted.
                    if moves {
                        u.card_moved = true;
                    }
                    if attacks {
                        u.attacks = u.attacks.saturating_add(1);
                    }
                }
            }
        }
        st.stack.push(Frame::Program(Program {
            seat,
            unit,
            source,
            alt,
            pc: 0,
            card: Some(card),
            reaction,
            keep_card: false,
        }));
    }

    /// Closes the reaction window: reactions and Rush chances end with it.
    fn close_reactions(&self, st: &mut State) {
        for u in &mut st.units {
            u.reacted = false;
            u.rush_ready = false;
        }
    }

    /// Ends a play: the card goes to the discard pile, or back to the hand when the Detection
    /// roll forbade its only attack (sk.detect.card-fate).
    fn finish_program(&self, st: &mut State, p: Program, j: &mut Journal) {
        st.stack.pop();
        let Some(card) = p.card else { return };
        if p.keep_card {
            let s = usize::from(p.seat & 1);
            st.hands[s].add(card);
            // The card was shown: the opponent knows it is back in that hand.
            st.known[s].add(card);
            j.note("sk.detect.card-fate", EventKind::Effect, || {
                format!(
                    "{} takes {} back into the hand",
                    Seat(p.seat),
                    self.card_mention(card)
                )
            });
        } else {
            st.deck.discard(card);
        }
    }

    /// Runs the next step of the play on top of the stack.
    fn step_program(&self, st: &mut State, p: Program, rng: &mut GameRng, j: &mut Journal) {
        let Some(alt) = self.alt(p.source, p.alt) else {
            self.finish_program(st, p, j);
            return;
        };
        let Some(&op) = alt.ops.get(usize::from(p.pc)) else {
            self.finish_program(st, p, j);
            return;
        };
        let more = usize::from(p.pc) + 1 < alt.ops.len();
        // Unit steps need the unit still on the map and still under this side's command.
        let actor = p.unit.filter(|id| {
            st.unit(*id)
                .is_some_and(|u| u.on_map() && u.controller == p.seat)
        });
        let opp = 1 - (p.seat & 1);
        match op {
            Op::Attack(a) => {
                if let Some(id) = actor {
                    let v = View::new(self, st, p.seat);
                    let found = st.unit(id).and_then(|u| {
                        let a = v.effective_attack(u, p.source, a);
                        v.has_attack_target(id, u, a).then_some(a)
                    });
                    if let Some(a) = found {
                        st.stack.push(Frame::Target {
                            seat: p.seat,
                            unit: id,
                            aim: Aim::Attack(a),
                        });
                        return;
                    }
                    j.note("sk.attack.range", EventKind::Attack, || {
                        format!(
                            "{} has no target in range and sight",
                            self.unit_mention(st, id)
                        )
                    });
                }
                self.advance(st);
            }
            Op::Move { hexes, jump, .. } => {
                if let Some(id) = actor {
                    let v = View::new(self, st, p.seat);
                    let (stay, any) = st.unit(id).map_or((false, false), |u| {
                        (self.may_stay(&v, u, more), v.can_reach_any(u, hexes, jump))
                    });
                    if stay || any {
                        st.stack.push(Frame::Move {
                            seat: p.seat,
                            unit: id,
                            hexes,
                            jump,
                            stay,
                        });
                        return;
                    }
                }
                self.advance(st);
            }
            Op::Draw(n) => {
                self.advance(st);
                // sk.gap.46: under `draw-with-move`, Rapid Reaction's Defense option draws nothing.
                if !(alt.draw_needs_move
                    && st.options.rapid_reaction == RapidReaction::DrawWithMove)
                {
                    self.draw(st, p.seat, n, "sk.effect.combined", rng, j);
                }
            }
            Op::Discard(n) => {
                self.advance(st);
                if !st.hand(p.seat).is_empty() {
                    st.stack.push(Frame::Discard {
                        seat: p.seat,
                        left: n,
                        why: DiscardWhy::Own,
                    });
                }
            }
            Op::GainSt(n) => {
                self.advance(st);
                let s = usize::from(p.seat & 1);
                st.st[s] = st.st[s].saturating_add(u16::from(n));
                j.note("sk.effect.gain-st", EventKind::Effect, || {
                    format!(
                        "{} gains {n} suppression token(s), now {}",
                        Seat(p.seat),
                        st.st[s]
                    )
                });
            }
            Op::OppDiscard { random } => {
                self.advance(st);
                self.opponent_discards(st, opp, random, rng, j);
            }
            Op::LookHand => {
                self.advance(st);
                self.look_at_hand(st, p.seat, j);
            }
            Op::LookDeck(n) => {
                self.advance(st);
                self.look_at_deck(st, p.seat, n, j);
            }
            Op::DrawPenalty(n) => {
                self.advance(st);
                let o = usize::from(opp);
                st.friction[o] = st.friction[o].saturating_add(n);
                j.note("sk.effect.draw-penalty", EventKind::Effect, || {
                    format!(
                        "{} will draw {} card(s) fewer in the next Tactical phase",
                        Seat(opp),
                        st.friction[o]
                    )
                });
            }
            Op::Heal(HealTarget::SelfUnit) => {
                self.advance(st);
                if let Some(id) = actor {
                    self.heal(st, id, j);
                }
            }
            Op::Heal(HealTarget::Adjacent) | Op::Revive | Op::Ranged { .. } | Op::Boost { .. } => {
                if let Some(id) = actor {
                    let v = View::new(self, st, p.seat);
                    if v.has_effect_target(id, op) {
                        st.stack.push(Frame::Target {
                            seat: p.seat,
                            unit: id,
                            aim: Aim::Effect,
                        });
                        return;
                    }
                    j.note("sk.gap.24", EventKind::Effect, || {
                        format!("{} finds no one to use it on", self.unit_mention(st, id))
                    });
                }
                self.advance(st);
            }
            Op::Spawn(kind) => {
                if let Some(id) = actor {
                    let v = View::new(self, st, p.seat);
                    let room = st
                        .unit(id)
                        .is_some_and(|u| v.free_neighbours(u).next().is_some());
                    if room && st.units.len() < crate::state::MAX_UNITS {
                        st.stack.push(Frame::Target {
                            seat: p.seat,
                            unit: id,
                            aim: Aim::Spawn(kind),
                        });
                        return;
                    }
                    j.note("sk.gap.60", EventKind::Effect, || {
                        "no free adjacent hex: nothing appears".to_string()
                    });
                }
                self.advance(st);
            }
            Op::Transform(kind) => {
                self.advance(st);
                if let Some(id) = actor {
                    self.transform(st, id, kind, j);
                }
            }
            Op::DoubleTap => {
                self.advance(st);
                if let Some(u) = actor.and_then(|id| st.unit_mut(id)) {
                    u.double_tap = true;
                }
                if let Some(id) = actor {
                    j.note("sk.effect.double-tap", EventKind::Effect, || {
                        format!(
                            "{}'s next attack this turn has Auto-Kill",
                            self.unit_mention(st, id)
                        )
                    });
                }
            }
            Op::Defense { .. }
            | Op::NegateDefense
            | Op::NegateAttack
            | Op::NegatePsi
            | Op::Reflect => {
                self.advance(st);
            }
        }
    }

    /// Carries out a chosen target for the step that asked for it.
    #[allow(clippy::too_many_arguments)]
    fn aim(
        &self,
        st: &mut State,
        seat: u8,
        unit: UnitId,
        aim: Aim,
        op: Option<Op>,
        program: Option<Program>,
        action: Action,
        rng: &mut GameRng,
        j: &mut Journal,
    ) {
        match (aim, action) {
            (Aim::Attack(a), Action::TargetUnit(t)) => {
                self.declare_attack(st, seat, unit, a, AttackTarget::Unit(t), program, j);
            }
            (Aim::Attack(a), Action::TargetHex(h)) => {
                self.declare_attack(st, seat, unit, a, AttackTarget::Hex(h), program, j);
            }
            (Aim::Spawn(kind), Action::TargetHex(h)) => self.spawn(st, seat, unit, kind, h, j),
            (Aim::Effect, Action::TargetUnit(t)) => match op {
                Some(Op::Heal(_)) => self.heal(st, t, j),
                Some(Op::Revive) => self.revive(st, unit, t, j),
                Some(Op::Boost { grant, .. }) => {
                    j.note("sk.effect.boost", EventKind::Effect, || {
                        format!(
                            "{} boosts {}: it moves and attacks at once",
                            self.unit_mention(st, unit),
                            self.unit_mention(st, t)
                        )
                    });
                    st.stack.push(Frame::Program(Program {
                        seat,
                        unit: Some(t),
                        source: Source::Grant(grant),
                        alt: 0,
                        pc: 0,
                        card: None,
                        reaction: false,
                        keep_card: false,
                    }));
                }
                Some(Op::Ranged { kind, .. }) => {
                    let psi = program.is_some_and(|p| self.is_psi(p.source));
                    self.start_ranged(st, seat, unit, t, kind, psi, rng, j);
                }
                _ => {}
            },
            _ => {}
        }
    }

    /// Whether a play's source is a Psi row (sk.gap.57).
    pub(crate) fn is_psi(&self, source: Source) -> bool {
        match source {
            Source::Row(t, n) => self.rules.row(t, n).is_some_and(|r| r.psi),
            _ => false,
        }
    }

    /// Plays a Defense card or row for the unit under attack (sk.defense.play,
    /// sk.defense.stacking); the attacker may answer with Flush.
    #[allow(clippy::too_many_arguments)]
    fn play_defense(
        &self,
        st: &mut State,
        seat: u8,
        card: CardId,
        unit: UnitId,
        source: Source,
        alt: u8,
        rng: &mut GameRng,
        j: &mut Journal,
    ) {
        self.spend_card(st, seat, card, "sk.defense.play", j);
        let Some(a) = self.alt(source, alt) else {
            return;
        };
        let mut negate = 0u8;
        for op in &a.ops {
            if let Op::Defense { times, .. } = op {
                negate = negate.saturating_add(*times);
            }
        }
        self.add_defense(st, unit, negate, j);
        j.add_inputs(|| {
            vec![Input::new(
                "Defense from",
                self.source_words(source),
                "sk.defense.play",
            )]
        });
        for op in &a.ops {
            if let Op::Draw(n) = op {
                // sk.gap.46: Rapid Reaction's Defense option draws only under `draw-always`.
                if !(a.draw_needs_move && st.options.rapid_reaction == RapidReaction::DrawWithMove)
                {
                    self.draw(st, seat, *n, "sk.effect.combined", rng, j);
                }
            }
        }
        self.offer_flush(st, seat);
    }

    /// Terrain cover: a Spec card at or below the hex's Terrain rating as one Defense
    /// (sk.defense.terrain-spec, sk.gap.38).
    fn play_cover(&self, st: &mut State, seat: u8, card: CardId, unit: UnitId, j: &mut Journal) {
        self.spend_card(st, seat, card, "sk.defense.terrain-spec", j);
        j.note("sk.defense.terrain-spec", EventKind::Effect, || {
            format!("{} takes cover in the terrain", self.unit_mention(st, unit))
        });
        self.add_defense(st, unit, 1, j);
        j.add_inputs(|| {
            let terrain = st.unit(unit).map_or(0, |u| st.board.terrain(u.pos));
            vec![Input::new(
                "Defense from",
                format!(
                    "{} played as cover on Terrain {terrain}",
                    self.card_mention(card)
                ),
                "sk.defense.terrain-spec, sk.gap.38",
            )]
        });
        self.offer_flush(st, seat);
    }

    fn add_defense(&self, st: &mut State, unit: UnitId, negate: u8, j: &mut Journal) {
        if let Some(Frame::Hit(h)) = st.stack.last_mut() {
            h.negated = h.negated.saturating_add(negate);
            h.last_defense = negate;
            h.defended = true;
        }
        // sk.defense.value, sk.effect.defense-multi: one Defense negates N Hits of this attack.
        j.note_with(
            "sk.defense.value",
            EventKind::Attack,
            || {
                format!(
                    "{} is shielded from {negate} Hit(s)",
                    self.unit_mention(st, unit)
                )
            },
            || {
                let mut v = vec![
                    Input::new("defending unit", self.unit_value(st, unit), ""),
                    Input::new(
                        "this Defense",
                        format!("negates {negate} Hit(s)"),
                        "sk.defense.value, sk.effect.defense-multi",
                    ),
                ];
                if let Some(Frame::Hit(h)) = st.stack.last() {
                    v.push(Input::new("incoming", format!("{} Hit(s)", h.amount), ""));
                    v.push(Input::new(
                        "negated so far",
                        format!("{} Hit(s)", h.negated),
                        "sk.defense.stacking",
                    ));
                }
                v
            },
        );
    }

    /// After a Defense on the opponent's side, the active side may Flush it (sk.gap.55).
    fn offer_flush(&self, st: &mut State, defender: u8) {
        let active = st.active;
        if defender != active && self.flush_window(st, active) {
            st.stack.push(Frame::Flush { seat: active });
        }
    }

    /// Flush cancels the Defense just played (sk.effect.negate-defense, sk.gap.37: one Flush
    /// cancels all of a Defense xN).
    fn play_flush(&self, st: &mut State, seat: u8, card: CardId, unit: UnitId, j: &mut Journal) {
        st.stack.pop();
        self.spend_card(st, seat, card, "sk.effect.negate-defense", j);
        let mut cancelled = 0;
        if let Some(Frame::Hit(h)) = st.stack.last_mut() {
            cancelled = h.last_defense;
            h.negated = h.negated.saturating_sub(h.last_defense);
            h.last_defense = 0;
        }
        j.note_with(
            "sk.effect.negate-defense",
            EventKind::Effect,
            || {
                format!(
                    "{} flushes the target out: that Defense ({cancelled} Hit(s)) is cancelled",
                    self.unit_mention(st, unit)
                )
            },
            || {
                let mut v = vec![
                    Input::new("flushing unit", self.unit_value(st, unit), ""),
                    Input::new(
                        "Defense cancelled",
                        format!("{cancelled} Hit(s)"),
                        "one Flush cancels a whole Defense xN (sk.gap.37)",
                    ),
                ];
                if let Some(Frame::Hit(h)) = st.stack.last() {
                    v.push(Input::new(
                        "still negated",
                        format!("{} Hit(s)", h.negated),
                        "sk.defense.stacking",
                    ));
                }
                v
            },
        );
    }

    /// Reflect, Telekinetic Field or Iron Will against the attack in progress
    /// (sk.gap.32 step 4).
    #[allow(clippy::too_many_arguments)]
    fn play_negation(
        &self,
        st: &mut State,
        seat: u8,
        card: CardId,
        unit: UnitId,
        source: Source,
        alt: u8,
        j: &mut Journal,
    ) {
        self.spend_card(st, seat, card, "sk.gap.32", j);
        let Some(a) = self.alt(source, alt) else {
            return;
        };
        let op = a
            .ops
            .iter()
            .copied()
            .find(|o| matches!(o, Op::NegateAttack | Op::NegatePsi | Op::Reflect));
        // Drop every pending hit of this attack: it is cancelled or redirected as a whole.
        let Some(at) = st.stack.iter().rposition(|f| matches!(f, Frame::Attack(_))) else {
            return;
        };
        st.stack.truncate(at + 1);
        let Some(Frame::Attack(atk)) = st.stack.last_mut() else {
            return;
        };
        match op {
            Some(Op::Reflect) => {
                // sk.special.reflect, sk.gap.64: the whole attack turns on its attacker.
                atk.reflected = true;
                atk.stage = AttackStage::Declared;
                let attacker = atk.attacker;
                let area = self.rules.attack(atk.atk).is_some_and(|s| s.area);
                let pos = st.unit(attacker).map(|u| u.pos);
                if let (Some(Frame::Attack(atk)), Some(pos)) = (st.stack.last_mut(), pos) {
                    atk.target = if area {
                        AttackTarget::Hex(pos)
                    } else {
                        AttackTarget::Unit(attacker)
                    };
                }
                j.note("sk.special.reflect", EventKind::Effect, || {
                    format!(
                        "{} reflects the attack back at {}",
                        self.unit_mention(st, unit),
                        self.unit_mention(st, attacker)
                    )
                });
            }
            Some(o) => {
                atk.cancelled = true;
                atk.stage = AttackStage::Done;
                let rule = if o == Op::NegatePsi {
                    // sk.gap.57: Iron Will stops the whole Psi effect, riders included, so
                    // the rest of that play is dropped too.
                    self.drop_rest_of_play(st);
                    "sk.effect.negate-psi"
                } else {
                    "sk.effect.negate-attack"
                };
                j.note(rule, EventKind::Effect, || {
                    format!("{} cancels the attack", self.unit_mention(st, unit))
                });
            }
            None => {}
        }
    }

    /// Ends the play under the current resolution early: its remaining steps are skipped.
    fn drop_rest_of_play(&self, st: &mut State) {
        let ops = |p: &Program| self.alt(p.source, p.alt).map_or(0, |a| a.ops.len());
        if let Some(Frame::Program(p)) = st
            .stack
            .iter_mut()
            .rev()
            .find(|f| matches!(f, Frame::Program(_)))
        {
            p.pc = u8::try_from(ops(p)).unwrap_or(u8::MAX);
        }
    }

    /// The opponent discards one card: at random (Stream::Decks) or of their choice
    /// (sk.effect.opp-discard, sk.gap.47). Nothing happens to an empty hand.
    fn opponent_discards(
        &self,
        st: &mut State,
        opp: u8,
        random: bool,
        rng: &mut GameRng,
        j: &mut Journal,
    ) {
        let hand = *st.hand(opp);
        if hand.is_empty() {
            j.note("sk.gap.47", EventKind::Effect, || {
                format!("{} has no card to discard", Seat(opp))
            });
            return;
        }
        if random {
            let n = u32::try_from(hand.len()).unwrap_or(1);
            let i = rng.below(Stream::Decks, n);
            j.note("sk.effect.opp-discard", EventKind::Effect, || {
                format!("a card is picked at random from {}'s {n} cards", Seat(opp))
            });
            if let Some(card) = hand.nth(i as usize) {
                self.discard_from_hand(st, opp, card, "sk.effect.opp-discard", j);
            }
        } else {
            st.stack.push(Frame::Discard {
                seat: opp,
                left: 1,
                why: DiscardWhy::Opponent,
            });
        }
    }

    /// Shows the opponent's hand to `seat` alone (sk.effect.look-hand, sk.deck.hidden-hands).
    fn look_at_hand(&self, st: &mut State, seat: u8, j: &mut Journal) {
        let opp = usize::from(1 - (seat & 1));
        st.known[opp] = st.hands[opp];
        let hand = st.hands[opp];
        j.private(
            "sk.effect.look-hand",
            EventKind::Reveal,
            SeatSet::only(Seat(seat)),
            || {
                let names: Vec<String> = hand
                    .cards()
                    .map(|c| self.card_mention(c).to_string())
                    .collect();
                format!(
                    "{} sees the other hand: {}",
                    Seat(seat),
                    if names.is_empty() {
                        "empty".to_string()
                    } else {
                        names.join(", ")
                    }
                )
            },
            || Some(format!("{} looks at the other hand", Seat(seat))),
        );
    }

    /// Shows the next `n` cards of the deck to `seat` alone, without reordering and without a
    /// reshuffle when fewer are left (sk.gap.48).
    fn look_at_deck(&self, st: &mut State, seat: u8, n: u8, j: &mut Journal) {
        let shown = st.deck.remaining().min(usize::from(n));
        st.known_top[usize::from(seat & 1)] = shown as u8;
        j.private(
            "sk.effect.look-hand",
            EventKind::Reveal,
            SeatSet::only(Seat(seat)),
            || {
                let names: Vec<String> = st
                    .deck
                    .peek(shown)
                    .map(|c| self.card_mention(*c).to_string())
                    .collect();
                format!(
                    "{} sees the next {shown} card(s): {}",
                    Seat(seat),
                    names.join(", ")
                )
            },
            || Some(format!("{} looks at the top of the deck", Seat(seat))),
        );
    }

    /// Mind-Control kill: Spec 5 kills the controlled unit, Spec 6 with a grenade that
    /// splashes its neighbours (sk.special.mind-control-kill, sk.gap.67).
    fn self_destruct(&self, st: &mut State, seat: u8, card: CardId, unit: UnitId, j: &mut Journal) {
        self.spend_card(st, seat, card, "sk.special.mind-control-kill", j);
        let grenade = matches!(self.rules.cards.get(card.index()), Some(CardKind::Spec(6)));
        let Some(pos) = st.unit(unit).map(|u| u.pos) else {
            return;
        };
        j.note("sk.special.mind-control-kill", EventKind::Damage, || {
            if grenade {
                format!(
                    "{} is made to blow itself up with a grenade",
                    self.unit_mention(st, unit)
                )
            } else {
                format!("{} is made to kill itself", self.unit_mention(st, unit))
            }
        });
        self.kill(st, unit, None, j);
        if grenade {
            st.stack.push(Frame::Attack(Attack {
                seat,
                attacker: unit,
                atk: self.rules.blast,
                target: AttackTarget::Hex(pos),
                stage: AttackStage::Splash(0),
                auto_kill: false,
                psi: false,
                reflected: false,
                missed: false,
                reaction: true,
                cancelled: false,
            }));
        }
    }
}
