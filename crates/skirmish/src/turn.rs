//! Setup and the turn cycle: first player, the Tactical draw, the Move and Fire phase, the
//! End phase discard, and the end of the game.

use crate::Skirmish;
use crate::board::Board;
use crate::catalog::Scenario;
use crate::options::{FirstPlayer, Options, Stalemate};
use crate::state::{DiscardWhy, Ending, Frame, Hand, Life, Phase, State, Unit};
use squadsight_core::deck::Deck;
use squadsight_core::dice::{Dice, Faces, Roll, Target, roll_on};
use squadsight_core::journal::EventKind;
use squadsight_core::journal::mention;
use squadsight_core::{GameRng, Input, Journal, Seat, Stream};
use std::sync::Arc;

/// Cards drawn in the Tactical phase, and the hand limit, for a side with `units` units
/// left: 5, 4 with two units, 3 with one (sk.turn.draw, sk.end.hand-limit).
pub fn cards_for(units: usize) -> u8 {
    match units {
        0 => 0,
        1 => 3,
        2 => 4,
        _ => 5,
    }
}

impl Skirmish {
    /// The opening state of a validated scenario: units placed, deck shuffled, hands empty
    /// (sk.gap.3), first player decided or about to be chosen.
    pub(crate) fn new_state(
        &self,
        scenario: &Scenario,
        options: &Options,
        rng: &mut GameRng,
        j: &mut Journal,
    ) -> State {
        let board = Arc::new(Board::new(scenario));
        let mut units = Vec::new();
        for (side, s) in scenario.sides.iter().enumerate() {
            for p in &s.units {
                let pos = board.at(p.col, p.row).unwrap_or(crate::state::HexId(0));
                let mut hits = self.rules.units.get(p.unit.index()).map_or(1, |u| u.hits);
                if Some(p.unit) == self.rules.sectopod {
                    // sk.gap.1: the Sectopod's Hits are an option.
                    hits = options.sectopod_hits;
                }
                units.push(Unit {
                    kind: p.unit,
                    owner: side as u8,
                    controller: side as u8,
                    pos,
                    hits,
                    max_hits: hits,
                    life: Life::OnMap,
                    psi: p.psi,
                    armed: p.armed,
                    // sk.detect.start-hidden: with Detection, every unit starts Hidden.
                    hidden: options.detection.on(),
                    seen_at: pos,
                    arrived: 0,
                    free_moved: false,
                    card_moved: false,
                    moved: false,
                    attacks: 0,
                    double_tap: false,
                    immobile_from: 0,
                    immobile_until: 0,
                    armor_off_until: 0,
                    control_until: 0,
                    attacked: 0,
                    panic_due: false,
                    panic_turn: u32::MAX,
                    panic_effect: None,
                    seen_types: 0,
                    rush_ready: false,
                    reacted: false,
                });
            }
        }
        // sk.deck.shared, sk.deck.list: one shared deck of every card copy, shuffled.
        let mut deck = Deck::new("action", self.catalog.deck().to_vec());
        deck.shuffle(rng, j, "sk.deck.shared");
        let mut st = State {
            board,
            options: *options,
            turn: 0,
            active: 0,
            first: 0,
            phase: Phase::Setup,
            units,
            hands: [Hand::new(); 2],
            deck,
            st: [0; 2],
            friction: [0; 2],
            known: [Hand::new(); 2],
            known_top: [0; 2],
            stack: Vec::new(),
            ending: None,
            foiled: Vec::new(),
        };
        j.note("sk.setup.players", EventKind::Setup, || {
            format!(
                "{} ({}) faces {} ({}) on a {}x{} map",
                mention(st.board.side_name(0)),
                Seat(0),
                mention(st.board.side_name(1)),
                Seat(1),
                st.board.width(),
                st.board.height()
            )
        });
        match options.first_player {
            FirstPlayer::Roll => {
                // sk.gap.3: each side rolls 1D6, ties are rolled again, the higher roller
                // chooses who goes first. The whole roll-off is one opposed roll and is
                // journaled once, when it is decided.
                let mut throws: Vec<(u32, u32)> = Vec::new();
                let winner = loop {
                    let a = roll_on(rng, Stream::Setup, Dice::D6, None).total;
                    let b = roll_on(rng, Stream::Setup, Dice::D6, None).total;
                    throws.push((a, b));
                    if a != b {
                        break u8::from(b > a);
                    }
                };
                let r = roll_off(winner == 0);
                let board = &st.board;
                let words = |t: &[(u32, u32)]| {
                    t.iter()
                        .map(|(a, b)| format!("{a} v {b}"))
                        .collect::<Vec<_>>()
                        .join(", then ")
                };
                j.roll_with(
                    "sk.gap.3",
                    &r,
                    || {
                        format!(
                            "roll-off for the first turn, {} v {}: {}: {} ({}) wins",
                            mention(board.side_name(0)),
                            mention(board.side_name(1)),
                            words(&throws),
                            mention(board.side_name(winner)),
                            Seat(winner)
                        )
                    },
                    || {
                        vec![
                            Input::new(
                                "throws",
                                format!(
                                    "{} v {}: {}",
                                    mention(board.side_name(0)),
                                    mention(board.side_name(1)),
                                    words(&throws)
                                ),
                                "one die each, the higher wins (sk.gap.3, sk.setup.dice)",
                            ),
                            Input::new("tie", "both sides roll again", "sk.gap.3"),
                            Input::new(
                                format!(
                                    "chance that {} wins the roll-off",
                                    mention(board.side_name(0))
                                ),
                                "1/2: each throw is won 15/36 by either side and tied 6/36, \
                                 and ties are thrown again",
                                "sk.gap.3",
                            ),
                        ]
                    },
                );
                st.stack.push(Frame::ChooseFirst { seat: winner });
            }
            FirstPlayer::Xcom | FirstPlayer::Aliens => {
                let want_alien = options.first_player == FirstPlayer::Aliens;
                let side = (0u8..2)
                    .find(|s| {
                        st.units.iter().filter(|u| u.owner == *s).any(|u| {
                            self.rules
                                .units
                                .get(u.kind.index())
                                .is_some_and(|i| i.alien == want_alien)
                        })
                    })
                    .unwrap_or(u8::from(want_alien));
                j.note("sk.gap.3", EventKind::Setup, || {
                    format!("{} takes the first turn (option first_player)", Seat(side))
                });
                self.start_turn(&mut st, side, rng, j);
            }
        }
        st
    }

    /// Begins a side's turn with its Tactical phase (sk.turn.alternate, sk.turn.phases).
    pub(crate) fn start_turn(&self, st: &mut State, side: u8, rng: &mut GameRng, j: &mut Journal) {
        if st.turn == 0 {
            st.first = side;
            // sk.gap.76: new alien types are first checked at the start of the game.
            self.check_sightings(st, rng, j);
        }
        st.turn += 1;
        st.active = side;
        st.phase = Phase::Tactical;
        st.foiled.clear();
        for u in &mut st.units {
            u.free_moved = false;
            u.card_moved = false;
            u.moved = false;
            u.attacks = 0;
            u.double_tap = false;
            u.attacked = 0;
            u.reacted = false;
            u.rush_ready = false;
        }
        j.set_context(st.turn, Some(Seat(side)));
        j.note("sk.turn.alternate", EventKind::Turn, || {
            format!(
                "turn {} begins: {} ({})",
                st.turn,
                mention(st.board.side_name(side)),
                Seat(side)
            )
        });
        j.note("sk.turn.phases", EventKind::Turn, || {
            "Tactical phase".to_string()
        });
        let s = usize::from(side & 1);
        let units = st.units_left(side);
        // sk.turn.draw, sk.effect.draw-penalty, sk.gap.49: Friction lowers this draw, to no
        // fewer than 0 cards; the penalty is then used up.
        let n = cards_for(units).saturating_sub(st.friction[s]);
        st.friction[s] = 0;
        self.draw(st, side, n, "sk.turn.draw", rng, j);
        let limit = usize::from(cards_for(units));
        let held = st.hands[s].len();
        if held > limit {
            // sk.turn.tactical-discard, sk.gap.17: down to the limit, the player's choice.
            st.stack.push(Frame::Discard {
                seat: side,
                left: (held - limit) as u8,
                why: DiscardWhy::Tactical,
            });
        } else {
            self.enter_move_fire(st, j);
        }
    }

    fn enter_move_fire(&self, st: &mut State, j: &mut Journal) {
        st.phase = Phase::MoveFire;
        j.note("sk.turn.activation", EventKind::Turn, || {
            "Move and Fire phase: units act in any order".to_string()
        });
    }

    /// Ends the Move and Fire phase: the End phase discard comes next (sk.end.hand-limit).
    pub(crate) fn end_turn(&self, st: &mut State, rng: &mut GameRng, j: &mut Journal) {
        st.phase = Phase::End;
        j.note("sk.turn.phases", EventKind::Turn, || {
            "End phase".to_string()
        });
        let side = st.active;
        let limit = usize::from(cards_for(st.units_left(side)));
        let held = st.hand(side).len();
        if held > limit {
            st.stack.push(Frame::Discard {
                seat: side,
                left: (held - limit) as u8,
                why: DiscardWhy::End,
            });
        } else {
            self.finish_turn(st, rng, j);
        }
    }

    /// What follows a finished discard.
    pub(crate) fn after_discard(
        &self,
        st: &mut State,
        why: DiscardWhy,
        rng: &mut GameRng,
        j: &mut Journal,
    ) {
        match why {
            DiscardWhy::Tactical => self.enter_move_fire(st, j),
            DiscardWhy::End => self.finish_turn(st, rng, j),
            DiscardWhy::Own | DiscardWhy::Opponent => {}
        }
    }

    /// Ends the turn and starts the other side's.
    fn finish_turn(&self, st: &mut State, rng: &mut GameRng, j: &mut Journal) {
        let turn = st.turn;
        for i in 0..st.units.len() {
            let u = st.units[i];
            if u.control_until != 0 && u.control_until <= turn {
                // sk.gap.66: control returns to the owner when the controller's next turn
                // ends; damage taken stays.
                st.units[i].controller = u.owner;
                st.units[i].control_until = 0;
                if u.on_map() {
                    j.note("sk.special.mind-control", EventKind::Effect, || {
                        format!(
                            "{} shakes off the mind control",
                            self.unit_mention(st, crate::state::UnitId(i as u8))
                        )
                    });
                }
            }
        }
        // What was seen of hands and deck is only known for that turn.
        st.known = [Hand::new(); 2];
        st.known_top = [0; 2];
        self.check_end(st, j);
        if st.ending.is_none() {
            self.start_turn(st, 1 - (st.active & 1), rng, j);
        }
    }

    /// Ends the game when a side has no units left (sk.victory.annihilation, sk.gap.7,
    /// sk.gap.8), or, under `stalemate = draw`, when neither side can ever deal damage: only
    /// an unarmed Civilian can never play an Attack card.
    pub(crate) fn check_end(&self, st: &mut State, j: &mut Journal) {
        if st.ending.is_some() {
            return;
        }
        // One pass: units each side still owns, and whether each side can still attack. It
        // stops as soon as the game is sure to go on.
        let draw_possible = st.options.stalemate == Stalemate::Draw;
        let mut left = [0usize; 2];
        let mut fight = [false; 2];
        for u in st.units.iter().filter(|u| u.on_map()) {
            left[usize::from(u.owner & 1)] += 1;
            if draw_possible
                && self
                    .rules
                    .units
                    .get(u.kind.index())
                    .is_some_and(|i| !i.civilian || u.armed)
            {
                fight[usize::from(u.controller & 1)] = true;
            }
            if left[0] > 0 && left[1] > 0 && (!draw_possible || fight[0] || fight[1]) {
                return;
            }
        }
        let ending = match (left[0], left[1]) {
            (0, 0) => Some(Ending::BothWiped),
            (0, _) => Some(Ending::Won(1)),
            (_, 0) => Some(Ending::Won(0)),
            _ if st.options.stalemate == Stalemate::Draw && !fight[0] && !fight[1] => {
                Some(Ending::Stalemate)
            }
            _ => None,
        };
        let Some(e) = ending else { return };
        st.ending = Some(e);
        st.phase = Phase::Over;
        st.stack.clear();
        let rule = match e {
            Ending::Won(_) => "sk.victory.annihilation",
            Ending::BothWiped => "sk.gap.8",
            Ending::Stalemate => "sk.gap.7",
        };
        j.note(rule, EventKind::End, || {
            self.ending_words(st, e, |n| mention(n).to_string())
        });
    }

    /// The outcome in words.
    pub(crate) fn ending_text(&self, st: &State, e: Ending) -> String {
        self.ending_words(st, e, str::to_string)
    }

    /// The outcome in words, with the winning side's name as `name` writes it (the journal
    /// mentions it).
    fn ending_words(&self, st: &State, e: Ending, name: impl Fn(&str) -> String) -> String {
        match e {
            Ending::Won(s) => format!(
                "{} ({}) wins: every enemy unit is destroyed",
                name(st.board.side_name(s)),
                Seat(s)
            ),
            Ending::BothWiped => "both sides lost their last unit at once: a draw".to_string(),
            Ending::Stalemate => {
                "neither side can ever damage the other: a draw (option stalemate)".to_string()
            }
        }
    }
}

/// The first-player roll-off as one opposed roll (sk.gap.3): a fair contest between the two
/// sides, since ties are thrown again, recorded as one throw of a two-faced "roll-off" die
/// whose success face means seat 1 won. Its target and exact chance (1/2) are those of the
/// whole roll-off; the single dice are in the event's text and inputs.
fn roll_off(seat1_wins: bool) -> Roll {
    let dice = Dice::Custom {
        name: "roll-off",
        count: 1,
        sides: 2,
        successes: 1,
    };
    let target = Target::AtLeast(1);
    let faces = Faces::from_slice(&[if seat1_wins { 2 } else { 1 }]);
    let total = u32::from(seat1_wins);
    Roll {
        dice,
        faces,
        total,
        target: Some(target),
        p: Some(dice.chance(target)),
        success: Some(target.met_by(total)),
    }
}
