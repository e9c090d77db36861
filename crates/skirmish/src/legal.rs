//! Listing the legal actions of the deciding side, in a fixed order.
//!
//! Design decision (hidden information): a Defense, Flush or reaction window opens whenever
//! the answering side holds at least one card and has a unit that could use one — both public
//! facts — not only when it holds a usable card. A window that opened only for a usable card
//! would tell the opponent something about the hand; this way the window itself reveals
//! nothing, and it always offers [`Action::Pass`].

use crate::Skirmish;
use crate::action::Action;
use crate::board::{Mover, Reach};
use crate::catalog::{CardId, TableId};
use crate::effects::{Alt, CardKind, HealTarget, Op, Timing, Window};
use crate::options::MoveMode;
use crate::state::{Aim, Frame, Hit, Phase, Source, State, Unit, UnitId};
use crate::view::{AttackTargetRef, View};

/// Row numbers [`Skirmish::main_rows_of`] keeps per unit type (Spec cards name rows 1–6).
pub(crate) const MAIN_ROW_SLOTS: usize = 8;

impl Skirmish {
    /// The side that decides now, if the game is not over.
    pub(crate) fn decider(&self, st: &State) -> Option<u8> {
        if st.ending.is_some() || st.phase == Phase::Over {
            return None;
        }
        Some(match st.top() {
            None => st.active,
            Some(f) => match *f {
                Frame::ChooseFirst { seat }
                | Frame::Discard { seat, .. }
                | Frame::Move { seat, .. }
                | Frame::Target { seat, .. }
                | Frame::Flush { seat }
                | Frame::Reaction { seat, .. } => seat,
                Frame::Hit(h) => st.unit(h.unit).map_or(st.active, |u| u.controller),
                Frame::Ranged { target, .. } => st.unit(target).map_or(st.active, |u| u.controller),
                Frame::Program(_) | Frame::Attack(_) => st.active,
            },
        })
    }

    /// The tables a unit may pick a Spec row from: its type's, plus the PSI table for a PSI
    /// soldier (sk.unit.psi, sk.spec.activate, sk.special.heavy-floater). A soldier's type
    /// picks its Specialist and Advanced tables (sk.unit.soldier-type), so a PSI Hero Sniper
    /// has five (sk.spec.access-example); Civilians and Military have none and play only deck
    /// cards (sk.unit.military, sk.gap.4).
    pub(crate) fn tables_of<'a>(&'a self, u: &Unit) -> impl Iterator<Item = TableId> + 'a {
        let info = self.info(u);
        let psi = (u.psi && info.psi_capable).then_some(self.rules.psi_table);
        info.tables.iter().copied().chain(psi)
    }

    /// The table rows with a reaction option among the tables `u` may use, worked out once
    /// per unit type (sk.effect.reaction).
    pub(crate) fn reaction_rows_of(&self, u: &Unit) -> &[(TableId, u8)] {
        let info = self.info(u);
        let i = u.kind.index().min(self.rules.units.len().saturating_sub(1));
        let psi = usize::from(u.psi && info.psi_capable);
        self.reaction_rows
            .get(i * 2 + psi)
            .map_or(&[], Vec::as_slice)
    }

    /// The Move and Fire options of row `n` (as table and option) among the tables `u` may
    /// use, in table order, worked out once per unit type (sk.spec.activate).
    pub(crate) fn main_rows_of(&self, u: &Unit, n: u8) -> &[(TableId, u8)] {
        let info = self.info(u);
        let i = u.kind.index().min(self.rules.units.len().saturating_sub(1));
        let psi = usize::from(u.psi && info.psi_capable);
        if usize::from(n) >= MAIN_ROW_SLOTS {
            return &[];
        }
        let slot = (i * 2 + psi) * MAIN_ROW_SLOTS + usize::from(n);
        self.main_rows.get(slot).map_or(&[], Vec::as_slice)
    }

    /// Every legal action of `seat` now, in a deterministic order.
    pub(crate) fn list(&self, st: &State, seat: u8, out: &mut Vec<Action>) {
        out.clear();
        if self.decider(st) != Some(seat) {
            return;
        }
        let top = st.top().copied();
        match top {
            None if st.phase != Phase::MoveFire => return,
            Some(Frame::ChooseFirst { .. }) => {
                out.push(Action::FirstPlayer(squadsight_core::Seat(0)));
                out.push(Action::FirstPlayer(squadsight_core::Seat(1)));
                return;
            }
            Some(Frame::Discard { seat, .. }) => {
                out.extend(st.hand(seat).iter().map(|(c, _)| Action::Discard(c)));
                return;
            }
            Some(Frame::Program(_) | Frame::Attack(_)) => return,
            _ => {}
        }
        // The decisions below depend on where units stand as this side knows it.
        let v = View::new(self, st, seat);
        match top {
            None => self.list_main(&v, out),
            Some(Frame::Move {
                unit,
                hexes,
                jump,
                stay,
                ..
            }) => self.list_moves(&v, unit, hexes, jump, stay, out),
            Some(Frame::Target { unit, aim, .. }) => self.list_targets(&v, unit, aim, out),
            Some(Frame::Hit(h)) => self.list_defense(&v, &h, out),
            Some(Frame::Flush { .. }) => self.list_flush(&v, out),
            Some(Frame::Reaction { after_move, .. }) => self.list_reactions(&v, after_move, out),
            Some(Frame::Ranged { target, psi, .. }) => self.list_iron_will(&v, target, psi, out),
            Some(
                Frame::ChooseFirst { .. }
                | Frame::Discard { .. }
                | Frame::Program(_)
                | Frame::Attack(_),
            ) => {}
        }
    }

    fn list_main(&self, v: &View, out: &mut Vec<Action>) {
        let st = v.st;
        // The units that may act this turn, worked out once for all the cards.
        let mut actors = [0u8; crate::state::MAX_UNITS];
        let mut n_actors = 0;
        for (i, u) in st.units.iter().enumerate() {
            if v.can_act(u) && n_actors < actors.len() {
                actors[n_actors] = i as u8;
                n_actors += 1;
            }
        }
        let actors = &actors[..n_actors];
        self.list_free_moves(v, out);
        self.list_cards(v, actors, out);
        if self.may_end_turn(v) {
            out.push(Action::EndTurn);
        }
    }

    /// The free moves of the Move and Fire phase.
    fn list_free_moves(&self, v: &View, out: &mut Vec<Action>) {
        let st = v.st;
        // sk.move.free: one free 1-hex move per unit.
        for (i, u) in st.units.iter().enumerate() {
            if !v.may_free_move(u) {
                continue;
            }
            let mover = Mover {
                flyer: v.info(u).flyer,
                jump: false,
            };
            for n in st.board.neighbours(v.pos(u)) {
                if mover.can_end(&v.occ, n) && v.berserk_ok(u, n) {
                    out.push(Action::FreeMove {
                        unit: UnitId(i as u8),
                        to: n,
                    });
                }
            }
        }
    }

    /// The card plays of the Move and Fire phase, for the units in `actors` (indexes of
    /// units that may act).
    fn list_cards(&self, v: &View, actors: &[u8], out: &mut Vec<Action>) {
        let st = v.st;
        let acting = || {
            actors
                .iter()
                .filter_map(|i| st.units.get(usize::from(*i)).map(|u| (UnitId(*i), u)))
        };
        let hand = st.hand(v.seat);
        for (card, _) in hand.iter() {
            match self.rules.cards.get(card.index()) {
                Some(CardKind::Printed(ab)) => {
                    let Some(alt) = ab.alts.iter().find(|a| a.window == Window::Main) else {
                        continue;
                    };
                    if !alt.needs_unit {
                        out.push(Action::Card { card, unit: None });
                        continue;
                    }
                    for (id, u) in acting() {
                        if self.playable(v, id, u, Source::Card(card), alt) {
                            out.push(Action::Card {
                                card,
                                unit: Some(id),
                            });
                        }
                    }
                }
                Some(CardKind::Spec(n)) => {
                    let n = *n;
                    for (id, u) in acting() {
                        for &(table, ai) in self.main_rows_of(u, n) {
                            let Some(alt) = self
                                .rules
                                .row(table, n)
                                .and_then(|row| row.alts.get(usize::from(ai)))
                            else {
                                continue;
                            };
                            if self.playable(v, id, u, Source::Row(table, n), alt) {
                                out.push(Action::Spec {
                                    card,
                                    unit: id,
                                    table,
                                    alt: ai,
                                });
                            }
                        }
                    }
                    // sk.special.mind-control-kill: Spec 5 or 6 on a controlled enemy unit.
                    if n == 5 || n == 6 {
                        for (i, u) in st.units.iter().enumerate() {
                            if u.on_map()
                                && u.controller == v.seat
                                && u.owner != v.seat
                                && !u.immobile(st.turn)
                            {
                                out.push(Action::SelfDestruct {
                                    card,
                                    unit: UnitId(i as u8),
                                });
                            }
                        }
                    }
                }
                None => {}
            }
        }
    }

    /// sk.panic.berserk, sk.gap.80: a Berserk unit must take its free move towards the
    /// nearest foe before the turn may end, when such a move exists.
    pub(crate) fn may_end_turn(&self, v: &View) -> bool {
        let st = v.st;
        !st.units.iter().any(|u| {
            u.berserk(st.turn)
                && v.may_free_move(u)
                && v.nearest_foe(v.pos(u)).is_some_and(|d| d > 1)
                && {
                    let mover = Mover {
                        flyer: v.info(u).flyer,
                        jump: false,
                    };
                    st.board
                        .neighbours(v.pos(u))
                        .any(|n| mover.can_end(&v.occ, n) && v.berserk_ok(u, n))
                }
        })
    }

    /// Whether an alternative may be played for `u` in its own Move and Fire phase
    /// (sk.deck.timing, sk.gap.24: a row that cannot be used may not be played).
    pub(crate) fn playable(
        &self,
        v: &View,
        id: UnitId,
        u: &Unit,
        source: Source,
        alt: &Alt,
    ) -> bool {
        let own_turn = !matches!(source, Source::Grant(_));
        // sk.deck.dual-cards: a play with a move and an attack is both a Move and an Attack play.
        if own_turn && alt.moves && !v.may_card_move(u) {
            return false;
        }
        if alt.attacks && !v.may_attack(u) {
            return false;
        }
        match alt.first_unit_step {
            Some((Op::Attack(_), _)) => self.any_attack_possible(v, id, u, source, alt),
            Some((op, more)) => self.first_step_possible(v, id, u, source, op, more),
            None => true,
        }
    }

    /// Whether a play that opens with attacks can make at least one of them: a row listing
    /// several attacks (Light Machine Gun, Bullet Swarm) is playable when any listed attack
    /// has a legal target, and each attack without one is skipped (sk.effect.multi-attack,
    /// sk.gap.30).
    fn any_attack_possible(
        &self,
        v: &View,
        id: UnitId,
        u: &Unit,
        source: Source,
        alt: &Alt,
    ) -> bool {
        alt.ops
            .iter()
            .skip_while(|o| o.player_only())
            .map_while(|o| match o {
                Op::Attack(a) => Some(*a),
                _ => None,
            })
            .any(|a| v.has_attack_target(id, u, v.effective_attack(u, source, a)))
    }

    /// Whether the first unit step of a play can be carried out.
    fn first_step_possible(
        &self,
        v: &View,
        id: UnitId,
        u: &Unit,
        source: Source,
        op: Op,
        more: bool,
    ) -> bool {
        match op {
            Op::Move { hexes, jump, .. } => {
                (self.may_stay(v, u, more)) || v.can_reach_any(u, hexes, jump)
            }
            Op::Attack(a) => v.has_attack_target(id, u, v.effective_attack(u, source, a)),
            Op::Heal(HealTarget::SelfUnit) => u.hits < u.max_hits,
            Op::Heal(HealTarget::Adjacent) | Op::Revive | Op::Ranged { .. } | Op::Boost { .. } => {
                v.has_effect_target(id, op)
            }
            Op::Spawn(_) | Op::Transform(_) => true,
            Op::DoubleTap => v.info(u).sniper && v.may_attack(u),
            _ => false,
        }
    }

    /// A move step followed by more steps of the same play may end where it started, under
    /// `move_mode = up-to` (so "Move then Attack" can attack from where the unit stands).
    pub(crate) fn may_stay(&self, v: &View, u: &Unit, more: bool) -> bool {
        more && v.st.options.move_mode == MoveMode::UpTo && v.berserk_ok(u, v.pos(u))
    }

    fn list_moves(
        &self,
        v: &View,
        unit: UnitId,
        hexes: u8,
        jump: bool,
        stay: bool,
        out: &mut Vec<Action>,
    ) {
        let Some(u) = v.st.unit(unit) else { return };
        if stay {
            out.push(Action::MoveTo(v.pos(u)));
        }
        let mut r = Reach::default();
        v.reach(u, hexes, jump, &mut r);
        for (h, s) in r.iter() {
            if v.dest_ok(u, h, s, hexes) {
                out.push(Action::MoveTo(h));
            }
        }
    }

    fn list_targets(&self, v: &View, unit: UnitId, aim: Aim, out: &mut Vec<Action>) {
        let Some(u) = v.st.unit(unit) else { return };
        match aim {
            Aim::Attack(a) => {
                if let Some(spec) = self.rules.attack(a) {
                    v.attack_targets_of(unit, u, spec, |t| {
                        out.push(match t {
                            AttackTargetRef::Unit(id) => Action::TargetUnit(id),
                            AttackTargetRef::Hex(h) => Action::TargetHex(h),
                        });
                        true
                    });
                }
            }
            Aim::Effect => {
                if let Some(op) = self.pending_op(v.st) {
                    v.effect_targets(unit, op, |id| {
                        out.push(Action::TargetUnit(id));
                        true
                    });
                }
            }
            Aim::Spawn(_) => out.extend(v.free_neighbours(u).map(Action::TargetHex)),
        }
    }

    /// The step a Target frame is choosing for: the current step of the play below it.
    pub(crate) fn pending_op(&self, st: &State) -> Option<Op> {
        let n = st.stack.len();
        let Some(Frame::Program(p)) = st.stack.get(n.checked_sub(2)?) else {
            return None;
        };
        self.alt(p.source, p.alt)?
            .ops
            .get(usize::from(p.pc))
            .copied()
    }

    /// The alternative a play resolves.
    pub(crate) fn alt(&self, source: Source, alt: u8) -> Option<&Alt> {
        let alts = match source {
            Source::Card(c) => match self.rules.cards.get(c.index())? {
                CardKind::Printed(ab) => &ab.alts,
                CardKind::Spec(_) => return None,
            },
            Source::Row(t, n) => &self.rules.row(t, n)?.alts,
            Source::Grant(g) => return self.rules.grants.get(usize::from(g)),
        };
        alts.get(usize::from(alt))
    }

    /// Whether a unit may be given Defense: on the map and not immobilised
    /// (sk.special.immobilized; Pinned units may still defend, sk.gap.80).
    pub(crate) fn can_defend(&self, st: &State, u: &Unit) -> bool {
        u.on_map() && !u.immobile(st.turn)
    }

    /// Whether an Armor Defense row is barred for `u` now (sk.effect.destroy-armor, sk.gap.54).
    fn armor_barred(&self, st: &State, u: &Unit, alt: &Alt) -> bool {
        st.turn < u.armor_off_until
            && alt
                .ops
                .iter()
                .any(|o| matches!(o, Op::Defense { armor: true, .. }))
    }

    /// The attack a primary hit belongs to.
    pub(crate) fn attack_of(&self, st: &State) -> Option<crate::state::Attack> {
        st.stack.iter().rev().find_map(|f| match f {
            Frame::Attack(a) => Some(*a),
            _ => None,
        })
    }

    /// Whether the defending side gets a window against a hit (see the module note).
    pub(crate) fn defense_window(&self, st: &State, h: &Hit) -> bool {
        let Some(u) = st.unit(h.unit) else {
            return false;
        };
        let seat = u.controller;
        if st.hand(seat).is_empty() || !u.on_map() {
            return false;
        }
        self.can_defend(st, u) || (h.primary && !h.defended && self.has_negator(st, seat))
    }

    /// Whether `seat` has a unit able to cancel an attack on another unit (Telekinetic Field,
    /// only on the opponent's turn, sk.gap.56) — judged from unit types, which are public.
    fn has_negator(&self, st: &State, seat: u8) -> bool {
        seat != st.active
            && st.units.iter().any(|w| {
                w.on_map()
                    && w.controller == seat
                    && !w.immobile(st.turn)
                    && self.tables_of(w).any(|t| {
                        self.rules.tables.get(t.index()).is_some_and(|rows| {
                            rows.iter()
                                .any(|r| r.alts.iter().any(|a| a.ops.contains(&Op::NegateAttack)))
                        })
                    })
            })
    }

    fn list_defense(&self, v: &View, h: &Hit, out: &mut Vec<Action>) {
        out.push(Action::Pass);
        let st = v.st;
        let Some(target) = st.unit(h.unit) else {
            return;
        };
        let hand = st.hand(v.seat);
        if self.can_defend(st, target) {
            for (card, _) in hand.iter() {
                match self.rules.cards.get(card.index()) {
                    // sk.defense.play: a deck Defense card for the unit under attack.
                    Some(CardKind::Printed(ab))
                        if ab.alts.iter().any(|a| a.window == Window::Defense) =>
                    {
                        out.push(Action::Card {
                            card,
                            unit: Some(h.unit),
                        });
                    }
                    Some(CardKind::Spec(n)) => {
                        let n = *n;
                        for table in self.tables_of(target) {
                            let Some(row) = self.rules.row(table, n) else {
                                continue;
                            };
                            for (ai, alt) in row.alts.iter().enumerate() {
                                if alt.window == Window::Defense
                                    && !self.armor_barred(st, target, alt)
                                {
                                    out.push(Action::Spec {
                                        card,
                                        unit: h.unit,
                                        table,
                                        alt: ai as u8,
                                    });
                                }
                            }
                        }
                        // sk.defense.terrain-spec, sk.gap.38: Spec N as cover in terrain
                        // rated N or more; Flyers are above the terrain.
                        if !v.info(target).flyer && n <= st.board.terrain(target.pos) {
                            out.push(Action::Cover { card, unit: h.unit });
                        }
                    }
                    Some(CardKind::Printed(_)) | None => {}
                }
            }
        }
        if !h.primary || h.defended {
            return;
        }
        let Some(attack) = self.attack_of(st) else {
            return;
        };
        // sk.gap.32 step 4: negations before any Defense.
        for (card, _) in hand.iter() {
            let Some(CardKind::Spec(n)) = self.rules.cards.get(card.index()) else {
                continue;
            };
            let n = *n;
            for (i, w) in st.units.iter().enumerate() {
                let id = UnitId(i as u8);
                if !w.on_map() || w.controller != v.seat || w.immobile(st.turn) {
                    continue;
                }
                for table in self.tables_of(w) {
                    let Some(row) = self.rules.row(table, n) else {
                        continue;
                    };
                    for (ai, alt) in row.alts.iter().enumerate() {
                        if alt.window != Window::Negation {
                            continue;
                        }
                        let ok = alt.ops.iter().any(|o| match o {
                            // sk.effect.negate-attack, sk.gap.56: on the opponent's turn.
                            Op::NegateAttack => v.seat != st.active,
                            // sk.effect.negate-psi, sk.gap.57: a Psi attack on this unit.
                            Op::NegatePsi => id == h.unit && attack.psi,
                            // sk.special.reflect, sk.gap.64: once per attack.
                            Op::Reflect => id == h.unit && !attack.reflected,
                            _ => false,
                        });
                        if ok {
                            out.push(Action::Spec {
                                card,
                                unit: id,
                                table,
                                alt: ai as u8,
                            });
                        }
                    }
                }
            }
        }
    }

    /// Whether the attacker may answer a Defense with Flush: the active side holds a card and
    /// has an able unit with a Flush row (sk.effect.negate-defense, sk.gap.55).
    pub(crate) fn flush_window(&self, st: &State, seat: u8) -> bool {
        !st.hand(seat).is_empty() && {
            let v = View::new(self, st, seat);
            st.units
                .iter()
                .any(|w| v.can_act(w) && self.has_window_row(w, Window::Flush))
        }
    }

    fn has_window_row(&self, u: &Unit, window: Window) -> bool {
        self.tables_of(u).any(|t| {
            self.rules.tables.get(t.index()).is_some_and(|rows| {
                rows.iter()
                    .any(|r| r.alts.iter().any(|a| a.window == window))
            })
        })
    }

    fn list_flush(&self, v: &View, out: &mut Vec<Action>) {
        out.push(Action::Pass);
        self.list_spec_rows(v, out, |_, _, _, alt| alt.window == Window::Flush);
    }

    /// Pushes a Spec action for every able unit, table and row option that `ok` accepts.
    fn list_spec_rows(
        &self,
        v: &View,
        out: &mut Vec<Action>,
        ok: impl Fn(UnitId, &Unit, Source, &Alt) -> bool,
    ) {
        let st = v.st;
        for (card, _) in st.hand(v.seat).iter() {
            let Some(CardKind::Spec(n)) = self.rules.cards.get(card.index()) else {
                continue;
            };
            let n = *n;
            for (i, u) in st.units.iter().enumerate() {
                let id = UnitId(i as u8);
                if !v.can_act(u) {
                    continue;
                }
                for table in self.tables_of(u) {
                    let Some(row) = self.rules.row(table, n) else {
                        continue;
                    };
                    for (ai, alt) in row.alts.iter().enumerate() {
                        if ok(id, u, Source::Row(table, n), alt) {
                            out.push(Action::Spec {
                                card,
                                unit: id,
                                table,
                                alt: ai as u8,
                            });
                        }
                    }
                }
            }
        }
    }

    /// Whether the non-active side gets a reaction window (see the module note; sk.gap.22):
    /// it holds a card and has an able unit for which some reaction — a deck card such as
    /// Overwatch, or a reaction row of one of its tables — has a legal target now. Unit
    /// types and positions are public, so this says nothing about the hand.
    pub(crate) fn reaction_window(&self, st: &State, seat: u8, after_move: bool) -> bool {
        if st.hand(seat).is_empty() {
            return false;
        }
        let v = View::new(self, st, seat);
        // With hidden positions the other side may not know where this side's Hidden units
        // stand, so whether one of them has a target must not decide the window: any able
        // unit opens it.
        let broad = st.options.hidden_positions == crate::options::HiddenPositions::Hidden;
        st.units.iter().enumerate().any(|(i, u)| {
            let id = UnitId(i as u8);
            v.can_act(u)
                && !u.reacted
                && (broad
                    || self.reaction_cards.iter().any(|(c, alt)| {
                        Self::reaction_fits(alt, after_move, u)
                            && self.reaction_possible(&v, id, u, Source::Card(*c), alt)
                    })
                    || self.reaction_rows_of(u).iter().any(|&(t, n)| {
                        self.rules.row(t, n).is_some_and(|row| {
                            row.alts.iter().any(|alt| {
                                Self::reaction_fits(alt, after_move, u)
                                    && self.reaction_possible(&v, id, u, Source::Row(t, n), alt)
                            })
                        })
                    }))
        })
    }

    /// Whether a reaction alternative fits the trigger (sk.gap.22, sk.gap.68).
    fn reaction_fits(alt: &Alt, after_move: bool, u: &Unit) -> bool {
        match alt.window {
            Window::Reaction(Timing::Reaction) => true,
            Window::Reaction(Timing::AfterMove) => after_move,
            Window::Reaction(Timing::AfterHit) => u.rush_ready,
            _ => false,
        }
    }

    /// Whether a reaction's first unit step can be carried out.
    fn reaction_possible(&self, v: &View, id: UnitId, u: &Unit, source: Source, alt: &Alt) -> bool {
        if u.reacted {
            return false;
        }
        match alt.ops.iter().find(|o| !o.player_only()) {
            Some(Op::Attack(_)) => {
                // Unarmed Civilians never attack (sk.unit.civilian-unarmed).
                let info = v.info(u);
                if info.civilian && !u.armed {
                    return false;
                }
                self.any_attack_possible(v, id, u, source, alt)
            }
            Some(Op::Move { hexes, jump, .. }) => v.can_reach_any(u, *hexes, *jump),
            _ => false,
        }
    }

    fn list_reactions(&self, v: &View, after_move: bool, out: &mut Vec<Action>) {
        out.push(Action::Pass);
        let st = v.st;
        for (card, _) in st.hand(v.seat).iter() {
            if let Some(CardKind::Printed(ab)) = self.rules.cards.get(card.index()) {
                for (i, u) in st.units.iter().enumerate() {
                    if !v.can_act(u) {
                        continue;
                    }
                    let source = Source::Card(card);
                    let id = UnitId(i as u8);
                    if ab.alts.iter().any(|alt| {
                        Self::reaction_fits(alt, after_move, u)
                            && self.reaction_possible(v, id, u, source, alt)
                    }) {
                        out.push(Action::Card {
                            card,
                            unit: Some(UnitId(i as u8)),
                        });
                    }
                }
            }
        }
        self.list_spec_rows(v, out, |id, u, source, alt| {
            Self::reaction_fits(alt, after_move, u) && self.reaction_possible(v, id, u, source, alt)
        });
    }

    /// The row a Spec card activates on a table.
    pub(crate) fn row_source(&self, card: CardId, table: TableId) -> Option<Source> {
        match self.rules.cards.get(card.index())? {
            CardKind::Spec(n) => Some(Source::Row(table, *n)),
            CardKind::Printed(_) => None,
        }
    }

    /// Whether the target of a Psi ranged effect may answer with Iron Will (sk.gap.57).
    pub(crate) fn iron_will_window(&self, st: &State, target: UnitId, psi: bool) -> bool {
        psi && st.unit(target).is_some_and(|u| {
            self.can_defend(st, u)
                && !st.hand(u.controller).is_empty()
                && self.tables_of(u).any(|t| {
                    self.rules.tables.get(t.index()).is_some_and(|rows| {
                        rows.iter()
                            .any(|r| r.alts.iter().any(|a| a.ops.contains(&Op::NegatePsi)))
                    })
                })
        })
    }

    fn list_iron_will(&self, v: &View, target: UnitId, psi: bool, out: &mut Vec<Action>) {
        out.push(Action::Pass);
        if !psi {
            return;
        }
        let Some(u) = v.st.unit(target) else { return };
        if !self.can_defend(v.st, u) {
            return;
        }
        for (card, _) in v.st.hand(v.seat).iter() {
            let Some(CardKind::Spec(n)) = self.rules.cards.get(card.index()) else {
                continue;
            };
            for table in self.tables_of(u) {
                let Some(row) = self.rules.row(table, *n) else {
                    continue;
                };
                for (ai, alt) in row.alts.iter().enumerate() {
                    if alt.ops.contains(&Op::NegatePsi) {
                        out.push(Action::Spec {
                            card,
                            unit: target,
                            table,
                            alt: ai as u8,
                        });
                    }
                }
            }
        }
    }
}

impl Skirmish {
    /// Whether `action` is in [`Skirmish::list`]'s answer, checked without listing when the
    /// lists are long (the Move and Fire phase, destinations, targets). Uses the same
    /// predicates as the listing, so the two always agree.
    pub(crate) fn is_legal(
        &self,
        st: &State,
        seat: u8,
        action: &Action,
        scratch: &mut Vec<Action>,
    ) -> bool {
        if self.decider(st) != Some(seat) {
            return false;
        }
        match (st.top().copied(), *action) {
            (None, a) if st.phase == Phase::MoveFire => {
                let v = View::new(self, st, seat);
                self.main_legal(&v, a)
            }
            (
                Some(Frame::Move {
                    unit,
                    hexes,
                    jump,
                    stay,
                    ..
                }),
                Action::MoveTo(to),
            ) => {
                let v = View::new(self, st, seat);
                let Some(u) = st.unit(unit) else {
                    return false;
                };
                if stay && to == v.pos(u) {
                    return true;
                }
                let mut r = Reach::default();
                v.reach_until(u, hexes, jump, Some(to), &mut r);
                r.steps_to(to).is_some_and(|s| v.dest_ok(u, to, s, hexes))
            }
            (
                Some(Frame::Target { unit, aim, .. }),
                Action::TargetUnit(_) | Action::TargetHex(_),
            ) => {
                let v = View::new(self, st, seat);
                let mut found = false;
                match aim {
                    Aim::Attack(a) => {
                        if let (Some(u), Some(spec)) = (st.unit(unit), self.rules.attack(a)) {
                            v.attack_targets_of(unit, u, spec, |t| {
                                found = match t {
                                    AttackTargetRef::Unit(id) => *action == Action::TargetUnit(id),
                                    AttackTargetRef::Hex(h) => *action == Action::TargetHex(h),
                                };
                                !found
                            });
                        }
                    }
                    Aim::Effect => {
                        if let Some(op) = self.pending_op(st) {
                            v.effect_targets(unit, op, |id| {
                                found = *action == Action::TargetUnit(id);
                                !found
                            });
                        }
                    }
                    Aim::Spawn(_) => {
                        found = st.unit(unit).is_some_and(|u| {
                            v.free_neighbours(u)
                                .any(|h| *action == Action::TargetHex(h))
                        });
                    }
                }
                found
            }
            (Some(Frame::Discard { seat: s, .. }), Action::Discard(c)) => st.hand(s).has(c),
            _ => {
                self.list(st, seat, scratch);
                scratch.contains(action)
            }
        }
    }

    /// Whether an action is legal as the active side's free choice (see [`Skirmish::list_main`]).
    fn main_legal(&self, v: &View, action: Action) -> bool {
        let st = v.st;
        let hand = st.hand(v.seat);
        match action {
            Action::FreeMove { unit, to } => st.unit(unit).is_some_and(|u| {
                let mover = Mover {
                    flyer: v.info(u).flyer,
                    jump: false,
                };
                v.may_free_move(u)
                    && st.board.neighbours(v.pos(u)).any(|n| n == to)
                    && mover.can_end(&v.occ, to)
                    && v.berserk_ok(u, to)
            }),
            Action::Card { card, unit } => {
                if !hand.has(card) {
                    return false;
                }
                let Some(CardKind::Printed(ab)) = self.rules.cards.get(card.index()) else {
                    return false;
                };
                let Some(alt) = ab.alts.iter().find(|a| a.window == Window::Main) else {
                    return false;
                };
                match unit {
                    None => !alt.needs_unit,
                    Some(id) => {
                        alt.needs_unit
                            && st.unit(id).is_some_and(|u| {
                                v.can_act(u) && self.playable(v, id, u, Source::Card(card), alt)
                            })
                    }
                }
            }
            Action::Spec {
                card,
                unit,
                table,
                alt,
            } => {
                if !hand.has(card) {
                    return false;
                }
                let Some(CardKind::Spec(n)) = self.rules.cards.get(card.index()) else {
                    return false;
                };
                let Some(u) = st.unit(unit) else {
                    return false;
                };
                let Some(a) = self
                    .rules
                    .row(table, *n)
                    .and_then(|r| r.alts.get(usize::from(alt)))
                else {
                    return false;
                };
                v.can_act(u)
                    && self.tables_of(u).any(|t| t == table)
                    && a.window == Window::Main
                    && self.playable(v, unit, u, Source::Row(table, *n), a)
            }
            Action::SelfDestruct { card, unit } => {
                hand.has(card)
                    && matches!(
                        self.rules.cards.get(card.index()),
                        Some(CardKind::Spec(5 | 6))
                    )
                    && st.unit(unit).is_some_and(|u| {
                        u.on_map()
                            && u.controller == v.seat
                            && u.owner != v.seat
                            && !u.immobile(st.turn)
                    })
            }
            Action::EndTurn => self.may_end_turn(v),
            _ => false,
        }
    }
}
