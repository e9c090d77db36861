//! Race: a tiny two-seat ruleset written only to exercise the engine core from the outside.
//!
//! Each seat races a token to the goal. On your turn you step one or two spaces, roll a d6
//! (3+ moves you by the face), play the hidden card dealt to you at setup (moves you by its
//! value), or pass (the timer's expiry action). Rolling a 6 gives the opponent an out-of-turn
//! choice to block it. After `max_rounds` rounds the game is a draw.
//!
//! `RaceOptions::bug` plants one contract violation, so tests can show the conformance
//! harness catches it.

// Each test binary includes this module and uses a different part of it.

use serde::{Deserialize, Serialize};
use squadsight_core::deck::Deck;
use squadsight_core::dice::{Dice, Target, roll};
use squadsight_core::hash::hash_bytes;
use squadsight_core::journal::{CardNote, Visibility};
use squadsight_core::options::TableOptions;
use squadsight_core::ruleset::ScenarioFile;
use squadsight_core::{
    Decision, EventKind, GameRng, IllegalAction, Journal, Outcome, Ruleset, ScenarioInfo, Seat,
    SeatSet, SetupError, Stream, Timer,
};

/// The race's rules data, summarised.
pub const RULES: &str = "\
# Race

- `race.setup.deal` — Shuffle the cards and deal one face down to each seat.
- `race.step` — Move your token one or two spaces.
- `race.roll` — Roll a d6; on 3 or more move by the face.
- `race.block` — After a 6, the opponent may block it: the roll moves nothing and the blocker \
steps back one space.
- `race.play` — Reveal your card and move by its value.
- `race.pass` — Do nothing (what the timer plays when time runs out).
- `race.end` — The first token on the goal wins; after the last round it is a draw.
";

/// A race course.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RaceScenario {
    /// Spaces to the goal.
    pub goal: u8,
    /// The card values dealt from.
    pub cards: Vec<u8>,
    /// Rounds before a draw.
    pub max_rounds: u32,
}

/// A planted contract violation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Bug {
    /// Refusing an action first moves the round counter.
    DirtyRefusal,
    /// From round 3 the deciding seat has no legal actions.
    EmptyList,
    /// Step events carry a rule that is not a clause ID.
    BadRule,
    /// The goal and the round limit are ignored, so games never end.
    Endless,
    /// Any seat may act, whoever is to decide.
    AnySeat,
    /// `Play` is allowed only while the opponent's hidden card is 3 or more.
    PeekingLegal,
    /// Steps of any size are accepted, though only 1 and 2 are listed.
    AnyStep,
}

/// Table options.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RaceOptions {
    /// Seconds per decision (0: untimed).
    pub timer: u32,
    /// A planted bug.
    pub bug: Option<Bug>,
}

/// One decision.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RaceAction {
    /// Move 1 or 2 spaces.
    Step(u8),
    /// Roll a d6.
    Roll,
    /// Play your card.
    Play,
    /// Do nothing.
    Pass,
    /// Answer an opponent's 6: block it or let it stand.
    Block(bool),
}

/// The whole race.
#[derive(Clone, Debug, Hash)]
pub struct RaceState {
    goal: u8,
    max_rounds: u32,
    bug: Option<Bug>,
    timer: u32,
    pos: [u8; 2],
    hand: [Option<u8>; 2],
    /// Cards never dealt (hidden from both).
    undealt: Vec<u8>,
    turn: Seat,
    round: u32,
    /// A 6 waiting for the opponent's answer: (roller, face).
    pending: Option<(Seat, u8)>,
    winner: Option<Option<Seat>>,
}

/// What one seat knows.
#[derive(Clone, Debug)]
pub struct RaceView {
    seat: Seat,
    public: RaceState,
    /// Cards this seat has not seen: the opponent's (if held) and the undealt ones.
    unseen: Vec<u8>,
}

/// The ruleset.
pub struct Race {
    scenarios: [ScenarioInfo; 1],
}

impl Race {
    /// The ruleset with its one built-in course.
    pub fn new() -> Race {
        Race {
            scenarios: [ScenarioInfo {
                id: "sprint",
                title: "Sprint",
                source: "(goal: 12, cards: [1, 2, 3, 4], max_rounds: 30)",
            }],
        }
    }

    /// The built-in course.
    pub fn sprint() -> RaceScenario {
        RaceScenario {
            goal: 12,
            cards: vec![1, 2, 3, 4],
            max_rounds: 30,
        }
    }
}

fn other(seat: Seat) -> Seat {
    Seat(1 - seat.0)
}

impl RaceState {
    fn decider(&self) -> Option<Seat> {
        match (self.winner, self.pending) {
            (Some(_), _) => None,
            (None, Some((roller, _))) => Some(other(roller)),
            (None, None) => Some(self.turn),
        }
    }

    fn advance(&mut self, seat: Seat, by: u8, journal: &mut Journal) {
        let p = &mut self.pos[seat.index()];
        *p = p.saturating_add(by);
        if self.bug != Some(Bug::Endless) && *p >= self.goal {
            self.winner = Some(Some(seat));
            journal.note("race.end", EventKind::End, || {
                format!("{seat} reaches the goal")
            });
        }
    }

    fn end_turn(&mut self, journal: &mut Journal) {
        if self.winner.is_some() {
            return;
        }
        self.turn = other(self.turn);
        if self.turn == Seat(0) {
            self.round += 1;
            if self.bug != Some(Bug::Endless) && self.round > self.max_rounds {
                self.winner = Some(None);
                journal.note("race.end", EventKind::End, || "time is up: a draw".into());
            }
        }
    }
}

fn can_play(state: &RaceState, seat: Seat) -> bool {
    let mine = state.hand[seat.index()].is_some();
    match state.bug {
        Some(Bug::PeekingLegal) => mine && state.hand[other(seat).index()].is_some_and(|c| c >= 3),
        _ => mine,
    }
}

impl TableOptions for RaceOptions {
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "timer" => {
                self.timer = value
                    .parse()
                    .map_err(|_| format!("timer must be a number of seconds, not `{value}`"))?;
                Ok(())
            }
            _ => Err(format!("unknown option `{key}`")),
        }
    }
}

impl ScenarioFile for RaceScenario {}

impl Ruleset for Race {
    const ID: &'static str = "race";
    type Scenario = RaceScenario;
    type Options = RaceOptions;
    type State = RaceState;
    type Action = RaceAction;
    type Observation = RaceView;

    fn data_hash(&self) -> u64 {
        hash_bytes(RULES.as_bytes())
    }

    fn scenarios(&self) -> &[ScenarioInfo] {
        &self.scenarios
    }

    fn seat_count(&self, _: &RaceScenario) -> u8 {
        2
    }

    fn seat_name(&self, _: &RaceScenario, seat: Seat) -> String {
        if seat == Seat(0) { "Red" } else { "Blue" }.to_string()
    }

    fn setup(
        &self,
        scenario: &RaceScenario,
        options: &RaceOptions,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> Result<RaceState, SetupError> {
        if scenario.cards.len() < 2 || scenario.goal == 0 {
            return Err(SetupError {
                problems: vec!["a race needs a goal and at least two cards".into()],
            });
        }
        let mut deck = Deck::new("race", scenario.cards.clone());
        deck.shuffle(rng, journal, "race.setup.deal");
        let mut hand = [None; 2];
        for seat in [Seat(0), Seat(1)] {
            let card = deck.draw(rng, journal, "race.setup.deal");
            hand[seat.index()] = card;
            journal.set_context(1, Some(seat));
            journal.card(
                "race.setup.deal",
                EventKind::Draw,
                Visibility::Seats(SeatSet::only(seat)),
                || CardNote {
                    deck: "race",
                    card: card.map_or("none".into(), |c| c.to_string().into()),
                },
                || format!("{seat} is dealt a {}", card.unwrap_or(0)),
                || Some(format!("{seat} is dealt a card")),
            );
        }
        let mut undealt = deck.draw_pile().to_vec();
        undealt.sort_unstable();
        Ok(RaceState {
            goal: scenario.goal,
            max_rounds: scenario.max_rounds,
            bug: options.bug,
            timer: options.timer,
            pos: [0, 0],
            hand,
            undealt,
            turn: Seat(0),
            round: 1,
            pending: None,
            winner: None,
        })
    }

    fn to_act(&self, state: &RaceState) -> Decision {
        match (state.decider(), state.winner) {
            (Some(seat), _) => Decision::Act(seat),
            (None, w) => Decision::Over(Outcome {
                winners: w.flatten().map_or(SeatSet::NONE, SeatSet::only),
                reason: match w.flatten() {
                    Some(_) => "reached the goal".into(),
                    None => "out of rounds".into(),
                },
            }),
        }
    }

    fn legal_actions(&self, state: &RaceState, seat: Seat, out: &mut Vec<RaceAction>) {
        out.clear();
        if state.decider() != Some(seat) {
            return;
        }
        if state.bug == Some(Bug::EmptyList) && state.round >= 3 {
            return;
        }
        if state.pending.is_some() {
            out.extend([RaceAction::Block(true), RaceAction::Block(false)]);
            return;
        }
        out.extend([RaceAction::Step(1), RaceAction::Step(2), RaceAction::Roll]);
        if can_play(state, seat) {
            out.push(RaceAction::Play);
        }
        out.push(RaceAction::Pass);
    }

    fn apply(
        &self,
        state: &mut RaceState,
        seat: Seat,
        action: &RaceAction,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> Result<(), IllegalAction> {
        let refuse = |state: &mut RaceState, why: &str| {
            if state.bug == Some(Bug::DirtyRefusal) {
                state.round += 1;
            }
            Err(IllegalAction::new(why))
        };
        if state.bug != Some(Bug::AnySeat) && state.decider() != Some(seat) {
            return refuse(state, "not this seat's decision");
        }
        let pending = state.pending;
        let step_ok = |n: u8| state.bug == Some(Bug::AnyStep) || n == 1 || n == 2;
        match (action, pending) {
            (RaceAction::Block(_), None) => return refuse(state, "nothing to block"),
            (RaceAction::Block(_), Some(_)) => {}
            (_, Some(_)) => return refuse(state, "a 6 must be answered first"),
            (RaceAction::Step(n), None) if !step_ok(*n) => {
                return refuse(state, "steps are 1 or 2");
            }
            (RaceAction::Play, None) if !can_play(state, seat) => {
                return refuse(state, "no card to play");
            }
            _ => {}
        }
        journal.set_context(state.round, Some(seat));
        match *action {
            RaceAction::Step(n) => {
                let rule = if state.bug == Some(Bug::BadRule) {
                    "Step"
                } else {
                    "race.step"
                };
                journal.note(rule, EventKind::Move, || format!("{seat} steps {n}"));
                state.advance(seat, n, journal);
                state.end_turn(journal);
            }
            RaceAction::Roll => {
                let r = roll(rng, Dice::D6, Some(Target::AtLeast(3)));
                journal.roll("race.roll", &r, || format!("{seat} rolls {}", r.total));
                let face = u8::try_from(r.total).unwrap_or(0);
                if face == 6 {
                    state.pending = Some((seat, face));
                } else {
                    if r.success == Some(true) {
                        state.advance(seat, face, journal);
                    }
                    state.end_turn(journal);
                }
            }
            RaceAction::Block(block) => {
                let Some((roller, face)) = state.pending.take() else {
                    return Err(IllegalAction::new("nothing to block"));
                };
                if block {
                    let p = &mut state.pos[seat.index()];
                    *p = p.saturating_sub(1);
                    journal.note("race.block", EventKind::Effect, || {
                        format!("{seat} blocks the 6 and steps back")
                    });
                } else {
                    journal.note("race.block", EventKind::Effect, || {
                        format!("{seat} lets the 6 stand")
                    });
                    state.advance(roller, face, journal);
                }
                state.end_turn(journal);
            }
            RaceAction::Play => {
                let card = state.hand[seat.index()].take().unwrap_or(0);
                journal.card(
                    "race.play",
                    EventKind::Play,
                    Visibility::Public,
                    || CardNote {
                        deck: "race",
                        card: card.to_string().into(),
                    },
                    || format!("{seat} plays a {card}"),
                    || None,
                );
                state.advance(seat, card, journal);
                state.end_turn(journal);
            }
            RaceAction::Pass => {
                journal.note("race.pass", EventKind::Turn, || format!("{seat} passes"));
                state.end_turn(journal);
            }
        }
        Ok(())
    }

    fn observe(&self, state: &RaceState, seat: Seat) -> RaceView {
        let mut public = state.clone();
        let mut unseen = std::mem::take(&mut public.undealt);
        if let Some(card) = public.hand[other(seat).index()].take() {
            unseen.push(card);
            // Keep "holds a card" visible without its value.
            public.hand[other(seat).index()] = Some(0);
        }
        unseen.sort_unstable();
        RaceView {
            seat,
            public,
            unseen,
        }
    }

    fn determinize(&self, view: &RaceView, rng: &mut GameRng) -> RaceState {
        let mut state = view.public.clone();
        let mut unseen = view.unseen.clone();
        rng.shuffle(Stream::Ai, &mut unseen);
        let theirs = other(view.seat).index();
        if state.hand[theirs].is_some() {
            state.hand[theirs] = unseen.pop();
        }
        unseen.sort_unstable();
        state.undealt = unseen;
        state
    }

    fn evaluate(&self, state: &RaceState, seat: Seat) -> i32 {
        let mine = i32::from(state.pos[seat.index()]);
        let theirs = i32::from(state.pos[other(seat).index()]);
        ((mine - theirs) * 50).clamp(-1000, 1000)
    }

    fn describe(&self, _: &RaceState, action: &RaceAction) -> String {
        match action {
            RaceAction::Step(n) => format!("step {n}"),
            RaceAction::Roll => "roll a die (3+ moves)".into(),
            RaceAction::Play => "play your card".into(),
            RaceAction::Pass => "pass".into(),
            RaceAction::Block(true) => "block the 6".into(),
            RaceAction::Block(false) => "let the 6 stand".into(),
        }
    }

    fn timer(&self, state: &RaceState) -> Option<Timer<RaceAction>> {
        match (state.timer, state.decider(), state.pending) {
            (0, _, _) | (_, None, _) | (_, _, Some(_)) => None,
            (seconds, Some(seat), None) => Some(Timer {
                seconds,
                seat,
                action: RaceAction::Pass,
            }),
        }
    }

    fn rules_summary(&self) -> &'static str {
        RULES
    }
}
