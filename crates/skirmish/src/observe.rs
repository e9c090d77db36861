//! What one side may know, sampling full states consistent with it, and a heuristic value.

use crate::Skirmish;
use crate::catalog::CardId;
use crate::effects::{Alt, CardKind, Window};
use crate::state::{Ending, Frame, Hand, MAX_CARD_TYPES, State};
use crate::view::seen_pos;
use squadsight_core::hex::{self, Hex};
use squadsight_core::{GameRng, Stream};

/// One side's knowledge of a game: every public fact, its own hand, how many cards the other
/// hand and the deck hold, and what it has been shown this turn (sk.deck.hidden-hands,
/// sk.effect.look-hand).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Observation {
    /// The observing side.
    pub seat: u8,
    /// The state with the hidden parts removed: the other hand holds only the cards this side
    /// has seen in it, the draw pile only the top cards it has seen (in order), and enemy
    /// Hidden units stand where they were last seen when positions are hidden.
    pub state: State,
    /// Cards really in the other hand.
    pub other_hand: usize,
    /// Cards really in the draw pile.
    pub deck_left: usize,
}

impl Observation {
    /// The observer's own hand.
    pub fn hand(&self) -> &Hand {
        self.state.hand(self.seat)
    }

    /// Cards of the other hand this side has seen this turn (a look-at-hand effect, or a card
    /// shown and taken back).
    pub fn known_other(&self) -> &Hand {
        self.state.hand(1 - (self.seat & 1))
    }
}

impl Skirmish {
    /// The observation of `seat`.
    pub(crate) fn observation(&self, st: &State, seat: u8) -> Observation {
        let seat = seat & 1;
        let other = usize::from(1 - seat);
        let mut view = st.clone();
        let other_hand = st.hands[other].len();
        let deck_left = st.deck.remaining();
        view.hands[other] = st.known[other];
        let top = usize::from(st.known_top[usize::from(seat)]).min(deck_left);
        let pile = st.deck.draw_pile();
        view.deck.set_draw_pile(pile[pile.len() - top..].to_vec());
        for u in &mut view.units {
            let p = seen_pos(st, u, seat);
            u.pos = p;
        }
        Observation {
            seat,
            state: view,
            other_hand,
            deck_left,
        }
    }

    /// A full state consistent with `obs`: the cards the observer cannot place are dealt at
    /// random (on the AI stream) into the other hand and under the known top of the deck.
    pub(crate) fn determinized(&self, obs: &Observation, rng: &mut GameRng) -> State {
        let mut st = obs.state.clone();
        let seat = usize::from(obs.seat & 1);
        let other = 1 - seat;
        // The whole deck list minus every card the observer can see somewhere.
        let mut unseen = [0u8; MAX_CARD_TYPES];
        for c in self.catalog.deck() {
            if let Some(n) = unseen.get_mut(c.index()) {
                *n += 1;
            }
        }
        let mut take = |c: CardId| {
            if let Some(n) = unseen.get_mut(c.index()) {
                *n = n.saturating_sub(1);
            }
        };
        st.hands[seat].cards().for_each(&mut take);
        st.hands[other].cards().for_each(&mut take);
        st.deck.discards().iter().copied().for_each(&mut take);
        st.deck.draw_pile().iter().copied().for_each(&mut take);
        for f in &st.stack {
            if let Frame::Program(p) = f {
                if let Some(c) = p.card {
                    take(c);
                }
            }
        }
        let mut pool: Vec<CardId> = unseen
            .iter()
            .enumerate()
            .flat_map(|(i, n)| std::iter::repeat_n(CardId(i as u8), usize::from(*n)))
            .collect();
        rng.shuffle(Stream::Ai, &mut pool);
        let need = obs.other_hand.saturating_sub(st.hands[other].len());
        for c in pool.drain(..need.min(pool.len())) {
            st.hands[other].add(c);
        }
        // The rest lie under the cards the observer saw on top (top = end of the vector).
        let known_top = st.deck.draw_pile();
        let under = obs
            .deck_left
            .saturating_sub(known_top.len())
            .min(pool.len());
        let mut pile = Vec::with_capacity(under + known_top.len());
        pile.extend_from_slice(&pool[..under]);
        pile.extend_from_slice(known_top);
        st.deck.set_draw_pile(pile);
        st
    }

    /// A heuristic value for `seat` in -1000..=1000: remaining strength (Hits and cost of the
    /// units each side owns), cards in hand, suppression tokens, and how close the side's
    /// units stand to a foe.
    pub(crate) fn value(&self, st: &State, seat: u8) -> i32 {
        let seat = seat & 1;
        match st.ending {
            Some(Ending::Won(w)) => return if w == seat { 1000 } else { -1000 },
            Some(Ending::BothWiped | Ending::Stalemate) => return 0,
            None => {}
        }
        let mut strength = [0i64; 2];
        for (i, u) in st.units.iter().enumerate().filter(|(_, u)| u.on_map()) {
            let info = self.info(u);
            let cost = if Some(u.kind) == self.rules.sectopod {
                st.options.sectopod_cost
            } else {
                info.cost
            };
            // Hits in progress count as landed, less the Defense already played against them
            // (AI guidance, not a rule): so a Defense is worth the damage it stops, and an
            // attack whose target must still answer is worth the damage it will do.
            let mut hits = u.hits;
            for f in &st.stack {
                if let Frame::Hit(h) = f {
                    if h.unit.index() == i {
                        let dmg = h.amount.saturating_sub(h.negated);
                        hits = if h.auto_kill && dmg > 0 {
                            0
                        } else {
                            hits.saturating_sub(dmg)
                        };
                    }
                }
            }
            if hits == 0 {
                continue;
            }
            let worth = i64::from(cost) * 10 + i64::from(hits) * 6;
            // A unit under enemy control fights for them until it returns.
            let side = if u.controller != u.owner {
                usize::from(u.controller & 1)
            } else {
                usize::from(u.owner & 1)
            };
            strength[side] += worth;
        }
        let (mine, theirs) = (strength[usize::from(seat)], strength[usize::from(1 - seat)]);
        let total = (mine + theirs).max(1);
        let material = (mine - theirs) * 850 / total;
        let cards =
            st.hands[usize::from(seat)].len() as i64 - st.hands[usize::from(1 - seat)].len() as i64;
        let tokens = i64::from(st.st[usize::from(seat)]) - i64::from(st.st[usize::from(1 - seat)]);
        // Closing in (AI guidance, not a rule): each of the side's units earns up to 5 points
        // for standing within reach of a foe (5 at 2 hexes or less, none from 7). The term is
        // the side's own, not a difference, so both sides' searches engage instead of
        // waiting out of range, which stalls games between two cautious players for
        // thousands of actions.
        let mut closing = 0i64;
        // The foes' hexes once, rather than once per unit of the side.
        let board = &st.board;
        let mut foes = [Hex::ZERO; 16];
        let mut n_foes = 0;
        let mut listed = true;
        for e in st
            .units
            .iter()
            .filter(|e| e.on_map() && e.controller & 1 != seat)
        {
            match foes.get_mut(n_foes) {
                Some(slot) => {
                    *slot = board.hex(e.pos);
                    n_foes += 1;
                }
                None => listed = false,
            }
        }
        for u in st
            .units
            .iter()
            .filter(|u| u.on_map() && u.controller & 1 == seat)
        {
            let nearest = if listed {
                let from = board.hex(u.pos);
                foes[..n_foes].iter().map(|f| hex::distance(from, *f)).min()
            } else {
                st.units
                    .iter()
                    .filter(|e| e.on_map() && e.controller & 1 != seat)
                    .map(|e| board.distance(u.pos, e.pos))
                    .min()
            }
            .unwrap_or(u32::MAX);
            closing += i64::from(7u32.saturating_sub(nearest).min(5));
        }
        // Answers in hand (AI guidance, not a rule): a card that can be played on the other
        // side's turn — a Defense, an Overwatch, or a Spec card one of the side's units can
        // use as a Defense, a negation (Telekinetic Field, Reflect, Iron Will) or a reaction —
        // is worth more held than a card that cannot, so a one-ply search does not spend it
        // on a small gain of its own turn and then meet the enemy's attacks empty-handed.
        let answers = self.answers_held(st, seat) - self.answers_held(st, 1 - seat);
        let v = material + cards * 12 + answers * 8 + tokens.clamp(-5, 5) * 8 + closing * 3;
        v.clamp(-999, 999) as i32
    }

    /// How many cards of `side`'s hand could be played on the other side's turn: deck cards
    /// with a Defense or reaction use, and Spec cards whose row on a table of one of the
    /// side's units on the map is a Defense, a negation or a reaction (AI guidance).
    fn answers_held(&self, st: &State, side: u8) -> i64 {
        let answers = |alts: &[Alt]| {
            alts.iter().any(|a| {
                matches!(
                    a.window,
                    Window::Defense | Window::Negation | Window::Reaction(_)
                )
            })
        };
        st.hands[usize::from(side)]
            .iter()
            .filter(|&(card, _)| match self.rules.cards.get(card.index()) {
                Some(CardKind::Printed(ab)) => answers(&ab.alts),
                Some(CardKind::Spec(n)) => st
                    .units
                    .iter()
                    .filter(|u| u.on_map() && u.controller & 1 == side)
                    .any(|u| {
                        self.tables_of(u)
                            .any(|t| self.rules.row(t, *n).is_some_and(|r| answers(&r.alts)))
                    }),
                None => false,
            })
            .map(|(_, count)| i64::from(count))
            .sum()
    }
}
