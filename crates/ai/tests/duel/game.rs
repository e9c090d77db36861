//! Duel: a tiny two-seat card game with hidden hands, a shuffled deck, dice and an
//! out-of-turn decision, written only to exercise the players.
//!
//! Each seat starts with `hp` health and a hand of `hand` cards from a shared deck of Strike
//! cards (value 1–3) and Guard cards. On its turn a seat plays a Strike from its hand, or
//! draws a card (or passes when the deck is empty). A Strike asks the defender, out of turn,
//! to Guard (discarding a Guard card, nothing happens) or Take it (a d6 roll of `hit_on` or
//! more costs the defender the Strike's value in health). Health 0 loses; after
//! `turn_limit` turns the healthier seat wins, equal health is a draw.

use serde::{Deserialize, Serialize};
use squadsight_core::dice::{Dice, Target, roll};
use squadsight_core::options::TableOptions;
use squadsight_core::ruleset::ScenarioFile;
use squadsight_core::{
    Decision, GameRng, IllegalAction, Journal, Outcome, Ruleset, ScenarioInfo, Seat, SeatSet,
    SetupError, Stream,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Card {
    Strike(u8),
    Guard,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Scenario {
    pub hp: u8,
    pub hand: u8,
    /// (value, copies) of each Strike card.
    pub strikes: Vec<(u8, u8)>,
    pub guards: u8,
    pub turn_limit: u32,
    /// Health seat 2 starts without (to make one seat favoured in tests).
    pub handicap: u8,
}

impl Scenario {
    pub fn standard() -> Scenario {
        Scenario {
            hp: 6,
            hand: 3,
            strikes: vec![(1, 6), (2, 5), (3, 3)],
            guards: 6,
            turn_limit: 40,
            handicap: 0,
        }
    }

    fn cards(&self) -> Vec<Card> {
        let mut cards = Vec::new();
        for &(v, n) in &self.strikes {
            cards.extend(std::iter::repeat_n(Card::Strike(v), usize::from(n)));
        }
        cards.extend(std::iter::repeat_n(Card::Guard, usize::from(self.guards)));
        cards
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Options {
    pub hit_on: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options { hit_on: 3 }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    Strike(u8),
    Draw,
    Pass,
    Guard,
    Take,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub hp: [u8; 2],
    pub hands: [Vec<Card>; 2],
    /// Top of the deck is the end.
    pub deck: Vec<Card>,
    pub discard: Vec<Card>,
    pub all_cards: Vec<Card>,
    pub active: Seat,
    pub pending: Option<u8>,
    pub turn: u32,
    pub turn_limit: u32,
    pub hit_on: u32,
}

/// What one seat knows: everything but the other hand's cards and the deck's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    pub seat: Seat,
    pub hp: [u8; 2],
    pub own_hand: Vec<Card>,
    pub other_hand_len: usize,
    pub deck_len: usize,
    pub discard: Vec<Card>,
    pub all_cards: Vec<Card>,
    pub active: Seat,
    pub pending: Option<u8>,
    pub turn: u32,
    pub turn_limit: u32,
    pub hit_on: u32,
}

fn other(seat: Seat) -> Seat {
    Seat(1 - seat.0)
}

pub struct Duel;

impl Duel {
    fn play(state: &mut State, seat: Seat, card: Card) {
        let hand = &mut state.hands[seat.index()];
        if let Some(i) = hand.iter().position(|c| *c == card) {
            state.discard.push(hand.remove(i));
        }
    }

    fn end_turn(state: &mut State) {
        state.pending = None;
        state.active = other(state.active);
        state.turn += 1;
    }
}

impl TableOptions for Options {
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match (key, value.parse::<u32>()) {
            ("hit_on", Ok(v @ 1..=6)) => {
                self.hit_on = v;
                Ok(())
            }
            _ => Err(format!("bad option {key}={value}")),
        }
    }
}

impl ScenarioFile for Scenario {}

impl Ruleset for Duel {
    const ID: &'static str = "duel";
    type Scenario = Scenario;
    type Options = Options;
    type State = State;
    type Action = Action;
    type Observation = Observation;

    fn data_hash(&self) -> u64 {
        0
    }

    fn scenarios(&self) -> &[ScenarioInfo] {
        &[]
    }

    fn seat_count(&self, _scenario: &Scenario) -> u8 {
        2
    }

    fn seat_name(&self, _scenario: &Scenario, seat: Seat) -> String {
        format!("duellist {}", seat.0 + 1)
    }

    fn setup(
        &self,
        scenario: &Scenario,
        options: &Options,
        rng: &mut GameRng,
        _journal: &mut Journal,
    ) -> Result<State, SetupError> {
        let mut deck = scenario.cards();
        if deck.len() < 2 * usize::from(scenario.hand) {
            return Err(SetupError {
                problems: vec!["deck too small".into()],
            });
        }
        rng.shuffle(Stream::Decks, &mut deck);
        let mut hands = [Vec::new(), Vec::new()];
        for _ in 0..scenario.hand {
            for hand in &mut hands {
                hand.extend(deck.pop());
            }
        }
        for hand in &mut hands {
            hand.sort();
        }
        Ok(State {
            hp: [scenario.hp, scenario.hp.saturating_sub(scenario.handicap)],
            hands,
            deck,
            discard: Vec::new(),
            all_cards: scenario.cards(),
            active: Seat(u8::try_from(rng.below(Stream::Setup, 2)).unwrap_or(0)),
            pending: None,
            turn: 0,
            turn_limit: scenario.turn_limit,
            hit_on: options.hit_on,
        })
    }

    fn to_act(&self, state: &State) -> Decision {
        for s in 0..2u8 {
            if state.hp[usize::from(s)] == 0 {
                return Decision::Over(Outcome {
                    winners: SeatSet::only(other(Seat(s))),
                    reason: "out of health".into(),
                });
            }
        }
        if state.turn >= state.turn_limit {
            let winners = match state.hp[0].cmp(&state.hp[1]) {
                std::cmp::Ordering::Greater => SeatSet::only(Seat(0)),
                std::cmp::Ordering::Less => SeatSet::only(Seat(1)),
                std::cmp::Ordering::Equal => SeatSet::NONE,
            };
            return Decision::Over(Outcome {
                winners,
                reason: "time".into(),
            });
        }
        match state.pending {
            Some(_) => Decision::Act(other(state.active)),
            None => Decision::Act(state.active),
        }
    }

    fn legal_actions(&self, state: &State, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if self.to_act(state) != Decision::Act(seat) {
            return;
        }
        let hand = &state.hands[seat.index()];
        if state.pending.is_some() {
            if hand.contains(&Card::Guard) {
                out.push(Action::Guard);
            }
            out.push(Action::Take);
            return;
        }
        for v in 1..=3u8 {
            if hand.contains(&Card::Strike(v)) {
                out.push(Action::Strike(v));
            }
        }
        out.push(if state.deck.is_empty() {
            Action::Pass
        } else {
            Action::Draw
        });
    }

    fn apply(
        &self,
        state: &mut State,
        seat: Seat,
        action: &Action,
        rng: &mut GameRng,
        _journal: &mut Journal,
    ) -> Result<(), IllegalAction> {
        let mut legal = Vec::new();
        self.legal_actions(state, seat, &mut legal);
        if !legal.contains(action) {
            return Err(IllegalAction::new(format!("{action:?} is not legal now")));
        }
        match *action {
            Action::Strike(v) => {
                Duel::play(state, seat, Card::Strike(v));
                state.pending = Some(v);
            }
            Action::Guard => {
                Duel::play(state, seat, Card::Guard);
                Duel::end_turn(state);
            }
            Action::Take => {
                let v = state.pending.unwrap_or(0);
                let r = roll(rng, Dice::D6, Some(Target::AtLeast(state.hit_on)));
                if r.success == Some(true) {
                    let hp = &mut state.hp[seat.index()];
                    *hp = hp.saturating_sub(v);
                }
                Duel::end_turn(state);
            }
            Action::Draw => {
                let hand = &mut state.hands[seat.index()];
                hand.extend(state.deck.pop());
                hand.sort();
                Duel::end_turn(state);
            }
            Action::Pass => Duel::end_turn(state),
        }
        Ok(())
    }

    fn observe(&self, state: &State, seat: Seat) -> Observation {
        Observation {
            seat,
            hp: state.hp,
            own_hand: state.hands[seat.index()].clone(),
            other_hand_len: state.hands[other(seat).index()].len(),
            deck_len: state.deck.len(),
            discard: state.discard.clone(),
            all_cards: state.all_cards.clone(),
            active: state.active,
            pending: state.pending,
            turn: state.turn,
            turn_limit: state.turn_limit,
            hit_on: state.hit_on,
        }
    }

    fn determinize(&self, obs: &Observation, rng: &mut GameRng) -> State {
        let mut unseen = obs.all_cards.clone();
        for card in obs.own_hand.iter().chain(&obs.discard) {
            if let Some(i) = unseen.iter().position(|c| c == card) {
                unseen.swap_remove(i);
            }
        }
        unseen.sort();
        rng.shuffle(Stream::Decks, &mut unseen);
        let mut other_hand: Vec<Card> = unseen
            .drain(..obs.other_hand_len.min(unseen.len()))
            .collect();
        other_hand.sort();
        let mut hands = [Vec::new(), Vec::new()];
        hands[obs.seat.index()] = obs.own_hand.clone();
        hands[other(obs.seat).index()] = other_hand;
        State {
            hp: obs.hp,
            hands,
            deck: unseen,
            discard: obs.discard.clone(),
            all_cards: obs.all_cards.clone(),
            active: obs.active,
            pending: obs.pending,
            turn: obs.turn,
            turn_limit: obs.turn_limit,
            hit_on: obs.hit_on,
        }
    }

    fn evaluate(&self, state: &State, seat: Seat) -> i32 {
        let me = seat.index();
        let them = other(seat).index();
        let hp = i32::from(state.hp[me]) - i32::from(state.hp[them]);
        let power = |hand: &Vec<Card>| -> i32 {
            hand.iter()
                .map(|c| match c {
                    Card::Strike(v) => i32::from(*v),
                    Card::Guard => 2,
                })
                .sum()
        };
        // A Strike waiting for an answer is worth its expected damage to the attacker.
        let pending = match state.pending {
            Some(v) => {
                let hits = i32::try_from(7u32.saturating_sub(state.hit_on)).unwrap_or(0);
                let expected = i32::from(v) * 120 * hits / 6;
                if state.active == seat {
                    expected
                } else {
                    -expected
                }
            }
            None => 0,
        };
        let cards = power(&state.hands[me]) - power(&state.hands[them]);
        (hp * 120 + pending + cards * 15).clamp(-1000, 1000)
    }

    fn describe(&self, _state: &State, action: &Action) -> String {
        match action {
            Action::Strike(v) => format!("strike for {v}"),
            Action::Draw => "draw a card".into(),
            Action::Pass => "pass".into(),
            Action::Guard => "guard".into(),
            Action::Take => "take the blow".into(),
        }
    }

    fn rules_summary(&self) -> &'static str {
        "- `duel.turn` — strike, draw or pass; the defender guards or takes it"
    }
}
