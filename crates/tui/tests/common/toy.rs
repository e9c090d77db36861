//! A tiny two-seat card game used to test the shell apart from any real ruleset: hidden
//! hands, an out-of-turn response (block or allow), a journaled roll with its odds, and an
//! end. Its view draws scores and the hand.
//!
//! Rules (clause IDs `toy.*`): each seat is dealt `hand` cards numbered 1–9 in secret. On
//! your turn play a card or pass. The other seat answers a play: block it with a higher card
//! (both are lost) or allow it, and then the player rolls a d6 and scores the card's number
//! on `target` or more. The game ends when both hands are empty or both pass in a row; the
//! higher score wins.

use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use serde::{Deserialize, Serialize};
use squadsight_core::dice::{Dice, Target, roll};
use squadsight_core::journal::{CardNote, EventKind, Visibility};
use squadsight_core::options::TableOptions;
use squadsight_core::ruleset::ScenarioFile;
use squadsight_core::{
    Decision, GameRng, IllegalAction, Journal, Outcome, Ruleset, ScenarioInfo, Seat, SeatSet,
    SetupError, Stream, Timer,
};
use squadsight_tui::draw;
use squadsight_tui::theme::{Role, Theme};
use squadsight_tui::view::{KeyHelp, OptionSpec, Reply, RulesetUi, RulesetView, ViewCtx};
use std::sync::Arc;

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ToyScenario {
    pub id: String,
    pub title: String,
    pub hand: u8,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ToyOptions {
    pub target: Option<u8>,
    /// Seconds each play decision may take before the player passes (`clock`).
    pub clock: Option<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ToyAction {
    Play(u8),
    Pass,
    Allow,
    Block(u8),
}

#[derive(Clone, Debug, Hash)]
pub struct ToyState {
    hands: [Vec<u8>; 2],
    played: Vec<u8>,
    scores: [u32; 2],
    active: u8,
    pending: Option<u8>,
    passes: u8,
    round: u32,
    target: u8,
    clock: Option<u32>,
}

#[derive(Clone, Debug)]
pub struct ToyObs {
    pub seat: u8,
    pub hand: Vec<u8>,
    pub other: usize,
    pub state: ToyState,
}

pub struct Toy;

const SCENARIOS: [ScenarioInfo; 2] = [
    ScenarioInfo {
        id: "duel",
        title: "Duel",
        source: "(id: \"duel\", title: \"Duel\", hand: 3)",
    },
    ScenarioInfo {
        id: "long",
        title: "Long duel",
        source: "(id: \"long\", title: \"Long duel\", hand: 4)",
    },
];

const SUMMARY: &str = "# Toy rules\n## Turns\n- `toy.turn.play` — Play a card or pass.\n- `toy.turn.answer` — The other seat blocks with a higher card or allows the play.\n## Scoring\n- `toy.score.roll` — A d6 at or above the target scores the card.\n- `toy.end` — Both hands empty or two passes in a row end the game.\n";

impl ToyState {
    fn over(&self) -> bool {
        (self.hands[0].is_empty() && self.hands[1].is_empty() && self.pending.is_none())
            || self.passes >= 2
    }
}

impl TableOptions for ToyOptions {
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match (key, value.parse::<u8>()) {
            ("target", Ok(n)) if (1..=6).contains(&n) => {
                self.target = Some(n);
                Ok(())
            }
            ("clock", Ok(n)) if n > 0 => {
                self.clock = Some(u32::from(n));
                Ok(())
            }
            _ => Err(format!("bad option {key}={value}")),
        }
    }
}

impl ScenarioFile for ToyScenario {}

impl Ruleset for Toy {
    const ID: &'static str = "toy";
    type Scenario = ToyScenario;
    type Options = ToyOptions;
    type State = ToyState;
    type Action = ToyAction;
    type Observation = ToyObs;

    fn data_hash(&self) -> u64 {
        7
    }

    fn scenarios(&self) -> &[ScenarioInfo] {
        &SCENARIOS
    }

    fn seat_count(&self, _: &ToyScenario) -> u8 {
        2
    }

    fn seat_name(&self, _: &ToyScenario, seat: Seat) -> String {
        ["North", "South"]
            .get(seat.index())
            .unwrap_or(&"?")
            .to_string()
    }

    fn setup(
        &self,
        s: &ToyScenario,
        o: &ToyOptions,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> Result<ToyState, SetupError> {
        if s.hand == 0 || s.hand > 4 {
            return Err(SetupError {
                problems: vec!["hand must be 1-4".into()],
            });
        }
        let mut deck: Vec<u8> = (1..=9).collect();
        rng.shuffle(Stream::Setup, &mut deck);
        let mut hands = [Vec::new(), Vec::new()];
        for seat in 0..2u8 {
            for _ in 0..s.hand {
                let c = deck.pop().unwrap_or(1);
                hands[usize::from(seat)].push(c);
                journal.card(
                    "toy.setup.deal",
                    EventKind::Draw,
                    Visibility::Seats(SeatSet::only(Seat(seat))),
                    || CardNote {
                        deck: "cards",
                        card: c.to_string().into(),
                    },
                    || format!("seat {} is dealt a {c}", seat + 1),
                    || Some(format!("seat {} is dealt a card", seat + 1)),
                );
            }
            hands[usize::from(seat)].sort_unstable();
        }
        Ok(ToyState {
            hands,
            played: Vec::new(),
            scores: [0, 0],
            active: 0,
            pending: None,
            passes: 0,
            round: 1,
            target: o.target.unwrap_or(4),
            clock: o.clock,
        })
    }

    fn to_act(&self, st: &ToyState) -> Decision {
        if st.over() {
            let winners = match st.scores[0].cmp(&st.scores[1]) {
                std::cmp::Ordering::Greater => SeatSet::only(Seat(0)),
                std::cmp::Ordering::Less => SeatSet::only(Seat(1)),
                std::cmp::Ordering::Equal => SeatSet::NONE,
            };
            return Decision::Over(Outcome {
                winners,
                reason: format!("final score {} to {}", st.scores[0], st.scores[1]),
            });
        }
        match st.pending {
            Some(_) => Decision::Act(Seat(1 - st.active)),
            None => Decision::Act(Seat(st.active)),
        }
    }

    fn legal_actions(&self, st: &ToyState, seat: Seat, out: &mut Vec<ToyAction>) {
        out.clear();
        if self.to_act(st) != Decision::Act(seat) {
            return;
        }
        let hand = &st.hands[seat.index()];
        match st.pending {
            Some(card) => {
                out.push(ToyAction::Allow);
                out.extend(
                    hand.iter()
                        .filter(|c| **c > card)
                        .map(|c| ToyAction::Block(*c)),
                );
            }
            None => {
                out.extend(hand.iter().map(|c| ToyAction::Play(*c)));
                out.push(ToyAction::Pass);
            }
        }
    }

    fn apply(
        &self,
        st: &mut ToyState,
        seat: Seat,
        action: &ToyAction,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> Result<(), IllegalAction> {
        let mut legal = Vec::new();
        self.legal_actions(st, seat, &mut legal);
        if !legal.contains(action) {
            return Err(IllegalAction::new(format!("{action:?} is not legal now")));
        }
        journal.set_context(st.round, Some(seat));
        let me = seat.index();
        match *action {
            ToyAction::Play(c) => {
                st.hands[me].retain(|x| *x != c);
                st.played.push(c);
                st.pending = Some(c);
                st.passes = 0;
                journal.note("toy.turn.play", EventKind::Play, || format!("plays a {c}"));
            }
            ToyAction::Pass => {
                st.passes += 1;
                st.active = 1 - st.active;
                st.round += 1;
                journal.note("toy.turn.play", EventKind::Turn, || "passes".into());
            }
            ToyAction::Block(c) => {
                st.hands[me].retain(|x| *x != c);
                st.played.push(c);
                st.pending = None;
                st.active = 1 - st.active;
                st.round += 1;
                journal.note("toy.turn.answer", EventKind::Effect, || {
                    format!("blocks with a {c}")
                });
            }
            ToyAction::Allow => {
                let card = st.pending.take().unwrap_or(0);
                let player = usize::from(st.active);
                let r = roll(rng, Dice::D6, Some(Target::AtLeast(u32::from(st.target))));
                if r.success == Some(true) {
                    st.scores[player] += u32::from(card);
                }
                journal.roll("toy.score.roll", &r, || {
                    format!("rolls to score the {card}")
                });
                st.active = 1 - st.active;
                st.round += 1;
            }
        }
        if st.over() {
            journal.note("toy.end", EventKind::End, || "the game ends".into());
        }
        Ok(())
    }

    fn observe(&self, st: &ToyState, seat: Seat) -> ToyObs {
        ToyObs {
            seat: seat.0,
            hand: st.hands[seat.index()].clone(),
            other: st.hands[1 - seat.index()].len(),
            state: st.clone(),
        }
    }

    fn determinize(&self, obs: &ToyObs, rng: &mut GameRng) -> ToyState {
        let mut st = obs.state.clone();
        let other = 1 - usize::from(obs.seat);
        let mut unknown: Vec<u8> = (1..=9)
            .filter(|c| !obs.hand.contains(c) && !st.played.contains(c))
            .collect();
        rng.shuffle(Stream::Ai, &mut unknown);
        unknown.truncate(obs.other);
        unknown.sort_unstable();
        st.hands[other] = unknown;
        st
    }

    fn evaluate(&self, st: &ToyState, seat: Seat) -> i32 {
        let me = st.scores[seat.index()] as i32;
        let them = st.scores[1 - seat.index()] as i32;
        ((me - them) * 50).clamp(-1000, 1000)
    }

    fn describe(&self, _: &ToyState, action: &ToyAction) -> String {
        match action {
            ToyAction::Play(c) => format!("play the {c}"),
            ToyAction::Pass => "pass".into(),
            ToyAction::Allow => "allow the play".into(),
            ToyAction::Block(c) => format!("block with the {c}"),
        }
    }

    fn rules_summary(&self) -> &'static str {
        SUMMARY
    }

    /// With the `clock` option, a play decision that takes too long passes.
    fn timer(&self, st: &ToyState) -> Option<Timer<ToyAction>> {
        let seconds = st.clock?;
        (st.pending.is_none() && !st.over()).then_some(Timer {
            seconds,
            seat: Seat(st.active),
            action: ToyAction::Pass,
        })
    }
}

/// The toy's view: scores on the "map", the hand listed, digits play cards.
#[derive(Default)]
pub struct ToyView {
    hand_area: Rect,
}

impl RulesetView<Toy> for ToyView {
    fn refresh(&mut self, _: &ViewCtx<'_, Toy>) {}

    fn render_map(&mut self, ctx: &ViewCtx<'_, Toy>, area: Rect, buf: &mut Buffer) {
        let st = &ctx.obs.state;
        let mut s = draw::Scratch::default();
        let line = s.format(format_args!(
            "North {}  South {}  round {}",
            st.scores[0], st.scores[1], st.round
        ));
        draw::line(buf, area, area.y, line, ctx.theme.style(Role::Text));
        if let Some(c) = st.pending {
            let line = s.format(format_args!("card in play: {c}"));
            draw::line(buf, area, area.y + 1, line, ctx.theme.style(Role::Key));
        }
    }

    fn render_panel(&mut self, ctx: &ViewCtx<'_, Toy>, area: Rect, buf: &mut Buffer) {
        let mut s = draw::Scratch::default();
        let line = s.format(format_args!("other hand: {} cards", ctx.obs.other));
        draw::line(buf, area, area.y, line, ctx.theme.style(Role::Text));
    }

    fn render_hand(&mut self, ctx: &ViewCtx<'_, Toy>, area: Rect, buf: &mut Buffer) {
        self.hand_area = area;
        let mut s = draw::Scratch::default();
        for (i, c) in ctx.obs.hand.iter().enumerate() {
            let line = s.format(format_args!("{} card {c}", i + 1));
            draw::line(
                buf,
                area,
                area.y + i as u16,
                line,
                ctx.theme.style(Role::Text),
            );
        }
    }

    fn status(&self, ctx: &ViewCtx<'_, Toy>, out: &mut String) {
        out.push_str(&format!("round {}", ctx.obs.state.round));
    }

    fn has_private(&self, _: &Toy, obs: &ToyObs) -> bool {
        !obs.hand.is_empty()
    }

    fn key(&mut self, ctx: &ViewCtx<'_, Toy>, key: KeyEvent) -> Reply<ToyAction> {
        if let KeyCode::Char(d @ '1'..='9') = key.code {
            let i = usize::from(d as u8 - b'1');
            if let Some(&c) = ctx.obs.hand.get(i) {
                let play = ToyAction::Play(c);
                if ctx.legal.contains(&play) {
                    return Reply::Play(play);
                }
            }
            return Reply::Handled;
        }
        Reply::Ignored
    }

    fn mouse(&mut self, ctx: &ViewCtx<'_, Toy>, m: MouseEvent) -> Reply<ToyAction> {
        let at = Position::new(m.column, m.row);
        if m.kind == MouseEventKind::Down(MouseButton::Left) && self.hand_area.contains(at) {
            let i = usize::from(m.row - self.hand_area.y);
            if let Some(&c) = ctx.obs.hand.get(i) {
                return Reply::Play(ToyAction::Play(c));
            }
        }
        Reply::Ignored
    }

    fn relevant(&self, _: &ViewCtx<'_, Toy>, _: &ToyAction) -> bool {
        true
    }

    fn keys(&self) -> &'static [KeyHelp] {
        &[KeyHelp {
            key: "1-9",
            what: "play that card of your hand",
        }]
    }
}

pub struct ToyUi;

impl RulesetUi for ToyUi {
    type Rules = Toy;
    type View = ToyView;

    fn title(&self) -> &'static str {
        "Toy duel"
    }

    fn ruleset(&self) -> Arc<Toy> {
        Arc::new(Toy)
    }

    fn parse_scenario(&self, bytes: &[u8], origin: &str) -> Result<ToyScenario, String> {
        let text = std::str::from_utf8(bytes).map_err(|e| format!("{origin}: {e}"))?;
        ron::from_str(text).map_err(|e| format!("{origin}: {e}"))
    }

    fn scenario_title(&self, s: &ToyScenario) -> String {
        s.title.clone()
    }

    fn describe_scenario(&self, s: &ToyScenario) -> String {
        format!(
            "Each side gets {} secret cards. Highest score wins.",
            s.hand
        )
    }

    fn options(&self) -> Vec<OptionSpec> {
        vec![OptionSpec {
            key: "target",
            label: "Target score",
            values: ["4", "3", "5"].map(String::from).to_vec(),
            seat: None,
        }]
    }

    fn view(&self, _: &ToyScenario) -> ToyView {
        ToyView::default()
    }

    fn preview(&self, s: &ToyScenario, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let mut sc = draw::Scratch::default();
        let line = sc.format(format_args!("[{} cards each]", s.hand));
        draw::line(buf, area, area.y, line, theme.style(Role::Dim));
    }
}
