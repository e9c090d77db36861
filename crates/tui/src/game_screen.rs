//! The game screen, generic over the ruleset: status line, map and side panel (from the
//! ruleset's view), hand, action list, journal, message line and key bar; hot-seat hand-off;
//! AI turns on a worker thread; autosave after every action; undo; and the replay viewer.

use crate::ai::{AiWorker, Poll};
use crate::draw::{self, Scratch};
use crate::help::{GAME_KEYS, Help, REPLAY_KEYS};
use crate::journal_pane::JournalPane;
use crate::keys::Input;
use crate::replay::Replay;
use crate::session::{Env, Flow, LeaveTo, Session};
use crate::theme::{Role, Theme};
use crate::view::{KeyHelp, MAP_KEYS, Reply, RulesetUi, RulesetView, ViewCtx};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use squadsight_core::game::{Game, SeatConfig};
use squadsight_core::save::{self, SaveFile};
use squadsight_core::seed;
use squadsight_core::{Decision, EventKind, Journal, Outcome, Ruleset, Seat};
use std::any::Any;
use std::fmt::Write as _;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often the "thinking" spinner turns.
const SPIN: Duration = Duration::from_millis(150);

/// Which pane reads the arrow keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// The map (keys go to the ruleset's view).
    Map,
    /// The list of legal actions.
    Actions,
    /// The journal.
    Journal,
}

impl Focus {
    fn next(self, forward: bool) -> Focus {
        match (self, forward) {
            (Focus::Map, true) | (Focus::Journal, false) => Focus::Actions,
            (Focus::Actions, true) | (Focus::Map, false) => Focus::Journal,
            (Focus::Journal, true) | (Focus::Actions, false) => Focus::Map,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Overlay {
    None,
    Help,
    ConfirmLeave,
    /// Asking before an action that gives up the rest of a turn (`pending`).
    ConfirmAction,
    Outcome,
}

#[derive(Clone, Copy, Debug)]
enum AiState {
    /// No AI decision under way.
    Idle,
    /// Waiting for the worker's answer to `ticket`.
    Thinking { ticket: u64, since: Instant },
    /// Showing the last AI move before the next decision is asked for.
    Pause { until: Instant },
}

/// Where the panes were drawn last, for mouse hits.
#[derive(Clone, Copy, Debug, Default)]
struct Areas {
    map: Rect,
    panel: Rect,
    hand: Rect,
    actions: Rect,
    journal: Rect,
}

/// Why the viewer cannot undo now, if they cannot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoUndo {
    /// No action is in effect yet.
    Nothing,
    /// The last action in effect is another seat's (or the AI's).
    NotYours,
    /// The last action revealed a roll, a card or a hidden unit: it stands.
    Revealed,
}

impl NoUndo {
    /// The reason in a few words, for the key bar.
    pub fn short(self) -> &'static str {
        match self {
            NoUndo::Nothing => "nothing yet",
            NoUndo::NotYours => "not your action",
            NoUndo::Revealed => "past a reveal",
        }
    }

    /// The reason in a sentence, for the message line.
    pub fn explain(self) -> &'static str {
        match self {
            NoUndo::Nothing => "there is nothing to undo yet",
            NoUndo::NotYours => "the last action is not yours to undo",
            NoUndo::Revealed => {
                "the last action revealed a roll, a card or a hidden unit, so it stands"
            }
        }
    }
}

/// A running decision clock (`Ruleset::timer`): when it runs out, the ruleset's expiry
/// action is played for its seat and recorded like any other action, so replays never read
/// a clock.
struct Clock<A> {
    seat: Seat,
    action: A,
    deadline: Instant,
    /// The log length when the clock started: a new decision starts a new clock.
    at_log: usize,
}

/// What a view may be shown of the game, kept apart from the view itself so that a view
/// context can borrow it while the view is borrowed mutably.
struct Model<R: Ruleset> {
    ruleset: Arc<R>,
    game: Game<R>,
    viewer: Option<Seat>,
    /// The replay's referee view: `obs` hides nothing.
    referee: bool,
    obs: R::Observation,
    /// In the referee view, each seat's hand as the referee sees it.
    hands: Vec<R::Observation>,
    legal: Vec<R::Action>,
    /// Indices into `legal` of the actions the action list shows.
    shown: Vec<usize>,
    /// For each shown action, its group (an index into `groups`); the shown actions are
    /// ordered so that each group's stand together.
    group_of: Vec<usize>,
    /// The names of the action groups, in the order they are listed.
    groups: Vec<String>,
    cursor: usize,
}

impl<R: Ruleset> Model<R> {
    fn ctx<'a>(&'a self, theme: &'a Theme) -> ViewCtx<'a, R> {
        ViewCtx {
            ruleset: &self.ruleset,
            scenario: self.game.scenario(),
            viewer: self.viewer.unwrap_or(Seat(0)),
            referee: self.referee,
            obs: &self.obs,
            to_act: match self.game.to_act() {
                Decision::Act(s) => Some(s),
                Decision::Over(_) => None,
            },
            legal: &self.legal,
            highlighted: self.shown.get(self.cursor).and_then(|&i| self.legal.get(i)),
            theme,
        }
    }
}

/// A play that only opens a choice of target (a card whose target comes next), held while
/// the player picks the target: nothing is played until the target is confirmed, then both
/// are played back to back.
struct Aiming<R: Ruleset> {
    /// The seat aiming.
    seat: Seat,
    /// The play that needs the target.
    first: R::Action,
    /// Its label, for the action list's title.
    label: String,
    /// The state as it would be after `first`, from the rules' own `apply` on a copy: the
    /// map, panel and odds show the choice from it.
    state: R::State,
}

/// One game on screen.
pub struct GameScreen<U: RulesetUi> {
    m: Model<U::Rules>,
    view: U::View,
    title: String,
    /// Shorter forms of the title for narrow maps: without the ruleset's name, then the
    /// scenario alone.
    short_titles: [String; 2],
    seat_names: Vec<String>,
    humans: usize,
    handoff: Option<Seat>,
    labels: Vec<String>,
    list_top: usize,
    /// The shown action on each drawn row of the action list (`None` on a group heading),
    /// for mouse clicks.
    row_pos: Vec<Option<usize>>,
    focus: Focus,
    journal: JournalPane,
    ai: Option<AiWorker<U::Rules>>,
    ai_state: AiState,
    ticket: u64,
    ai_pause: Duration,
    /// The message line's report of the AI's last move, longest form first: with the AI's
    /// reason, then without it (the reason stays in the journal), then with a shorter lead-in.
    /// Empty once the move has been answered.
    last_ai: Vec<String>,
    message: Option<(String, Role)>,
    overlay: Overlay,
    areas: Areas,
    scratch: Scratch,
    line: String,
    turn: String,
    spin: usize,
    spun_at: Instant,
    replay: Option<Replay<U::Rules>>,
    clock: Option<Clock<<U::Rules as Ruleset>::Action>>,
    /// The countdown last shown, in whole seconds.
    clock_secs: Option<u128>,
    help: Help,
    /// Where leaving the game goes.
    leave_to: LeaveTo,
    /// Whether the game is autosaved, for the leave dialog.
    saved: Saved,
    /// The log's length when the screen was last brought up to date: when it changes, a
    /// new decision has started and the selection is dropped.
    seen_log: usize,
    /// The action waiting for the player's `y`, and the question asked.
    pending: Option<(Seat, <U::Rules as Ruleset>::Action, String)>,
    /// Why the last key did nothing, shown in the key bar until the next key.
    hint: Option<String>,
    /// A play waiting for its target (see [`RulesetView::composes`]).
    aiming: Option<Aiming<U::Rules>>,
    /// The one possible answer of a person's seat that holds nothing private: a pass
    /// ([`RulesetView::is_pass`]) played for it on the next tick instead of asking.
    forced: Option<(Seat, <U::Rules as Ruleset>::Action)>,
}

/// What the autosave last did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Saved {
    /// No action has been autosaved in this session.
    Nothing,
    /// The last action was autosaved.
    Kept,
    /// The last autosave failed.
    Failed,
}

impl<U: RulesetUi> GameScreen<U> {
    /// A screen for a game in progress. `ai` runs the game's AI seats (none in an all-human
    /// game); `ai_pause` is how long each AI move stays on screen before the next.
    pub fn new(
        ui: &U,
        game: Game<U::Rules>,
        ai: Option<AiWorker<U::Rules>>,
        ai_pause: Duration,
    ) -> GameScreen<U> {
        GameScreen::build(ui, game, ai, ai_pause, None)
    }

    fn build(
        ui: &U,
        game: Game<U::Rules>,
        ai: Option<AiWorker<U::Rules>>,
        ai_pause: Duration,
        replay: Option<Replay<U::Rules>>,
    ) -> GameScreen<U> {
        let ruleset = game.ruleset_handle();
        let scenario = game.scenario();
        let view = ui.view(scenario);
        let count = ruleset.seat_count(scenario);
        let seat_names = (0..count)
            .map(|i| ruleset.seat_name(scenario, Seat(i)))
            .collect();
        let humans = game.seats().iter().filter(|s| s.is_human()).count();
        // The seed commitment stays in the map's title all game: the seed itself is revealed
        // at the end, when anyone can check that it matches.
        let commitment = seed::short(game.seed_commitment());
        let title = format!(
            "{}: {} (seed commitment {commitment})",
            ui.title(),
            ui.scenario_title(scenario)
        );
        let short_titles = [
            format!("{} (commitment {commitment})", ui.scenario_title(scenario)),
            ui.scenario_title(scenario),
        ];
        // Until someone takes the keyboard, the screen shows the first human seat (or seat 1
        // when the AI plays both sides).
        let first = game
            .seats()
            .iter()
            .position(SeatConfig::is_human)
            .and_then(|i| u8::try_from(i).ok())
            .map_or(Seat(0), Seat);
        let obs = game.observe(first);
        let mut screen = GameScreen {
            m: Model {
                ruleset,
                game,
                viewer: (humans <= 1).then_some(first),
                referee: false,
                obs,
                hands: Vec::new(),
                legal: Vec::new(),
                shown: Vec::new(),
                group_of: Vec::new(),
                groups: Vec::new(),
                cursor: 0,
            },
            view,
            title,
            short_titles,
            seat_names,
            humans,
            handoff: None,
            labels: Vec::new(),
            list_top: 0,
            row_pos: Vec::new(),
            focus: Focus::Map,
            journal: JournalPane::default(),
            ai,
            ai_state: AiState::Idle,
            ticket: 0,
            ai_pause,
            last_ai: Vec::new(),
            message: None,
            overlay: Overlay::None,
            areas: Areas::default(),
            scratch: Scratch::default(),
            line: String::new(),
            turn: String::new(),
            spin: 0,
            spun_at: Instant::now(),
            replay,
            clock: None,
            clock_secs: None,
            help: Help::default(),
            leave_to: LeaveTo::Menu,
            saved: Saved::Nothing,
            seen_log: 0,
            pending: None,
            hint: None,
            aiming: None,
            forced: None,
        };
        screen.seen_log = screen.m.game.log().len();
        if screen.replay.is_none() && screen.m.game.log().is_empty() {
            screen.message = Some((
                format!(
                    "Seed commitment {commitment}: the seed is revealed when the game ends, so \
                     you can check the dice came from it."
                ),
                Role::Text,
            ));
        }
        screen.refresh();
        screen
    }

    /// A replay viewer for a save: the save is checked against its hashes, the game starts
    /// at its first position, and the viewer steps through the log from the referee's view.
    pub fn replay(ui: &U, file: SaveFile<U::Rules>) -> Result<GameScreen<U>, String> {
        let ruleset = ui.ruleset();
        let names = (0..ruleset.seat_count(&file.scenario))
            .map(|i| ruleset.seat_name(&file.scenario, Seat(i)))
            .collect();
        let (replay, game) = Replay::open(ruleset, file, names)?;
        Ok(GameScreen::build(
            ui,
            game,
            None,
            Duration::ZERO,
            Some(replay),
        ))
    }

    /// The replay being viewed, on a replay screen.
    pub fn replay_model(&self) -> Option<&Replay<U::Rules>> {
        self.replay.as_ref()
    }

    /// Whether the viewer may undo now, and if not, why not.
    pub fn undo_state(&self) -> Result<(), NoUndo> {
        let Some((seat, _)) = self.m.game.last_action() else {
            return Err(NoUndo::Nothing);
        };
        if self.m.viewer != Some(seat) || !self.is_human(seat) {
            return Err(NoUndo::NotYours);
        }
        if !self.m.game.can_undo() {
            return Err(NoUndo::Revealed);
        }
        Ok(())
    }

    /// The ruleset's view (cursor, selection).
    pub fn view(&self) -> &U::View {
        &self.view
    }

    /// The game being played.
    pub fn game(&self) -> &Game<U::Rules> {
        &self.m.game
    }

    /// The viewer's legal actions now, in the order of the ruleset (empty unless a person
    /// is to decide and no hand-off is pending).
    pub fn legal(&self) -> &[<U::Rules as Ruleset>::Action] {
        &self.m.legal
    }

    /// The indices into [`GameScreen::legal`] the action list shows, top to bottom.
    pub fn shown(&self) -> &[usize] {
        &self.m.shown
    }

    /// The highlighted line of the action list.
    pub fn cursor(&self) -> usize {
        self.m.cursor
    }

    /// Which pane has the focus.
    pub fn focus(&self) -> Focus {
        self.focus
    }

    /// The seat waiting behind the hand-off screen, if one is shown.
    pub fn handoff(&self) -> Option<Seat> {
        self.handoff
    }

    /// Whose eyes the screen shows.
    pub fn viewer(&self) -> Option<Seat> {
        self.m.viewer
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.m.game.to_act() {
            Decision::Over(o) => Some(o),
            Decision::Act(_) => None,
        }
    }

    /// Whether a play waits for its target (nothing of it is played yet).
    pub fn aiming(&self) -> bool {
        self.aiming.is_some()
    }

    /// What the screen shows the viewer: its observation, or while a target is chosen, the
    /// observation as it would be after the play that waits for it.
    pub fn observation(&self) -> &<U::Rules as Ruleset>::Observation {
        &self.m.obs
    }

    /// The message line (errors, "saved", the last AI move).
    pub fn message(&self) -> Option<&str> {
        self.message.as_ref().map(|(m, _)| m.as_str())
    }

    fn is_human(&self, seat: Seat) -> bool {
        self.m
            .game
            .seats()
            .get(seat.index())
            .is_some_and(SeatConfig::is_human)
    }

    fn seat_name(&self, seat: Seat) -> &str {
        self.seat_names
            .get(seat.index())
            .map_or("?", String::as_str)
    }

    /// Brings everything derived from the game up to date after it changed: who looks at
    /// the screen (hand-off), the viewer's observation and legal actions, the journal, the
    /// view, and an AI request when an AI seat is to decide.
    fn refresh(&mut self) {
        if self.replay.is_some() {
            self.refresh_replay();
            return;
        }
        let decision = self.m.game.to_act();
        // The action under the cursor, to keep the cursor on it when it is still offered.
        let kept = self.highlighted_action();
        let log_len = self.m.game.log().len();
        if log_len != self.seen_log {
            // A new decision starts with no selection: whatever was picked for the last
            // step must not hide this one's options.
            self.seen_log = log_len;
            self.view.clear_selection();
        }
        self.forced = None;
        if self.replay.is_none() {
            if let Decision::Act(seat) = decision {
                if self.is_human(seat) && !self.force_pass(seat) {
                    self.take_seat(seat);
                }
            }
        }
        let viewer = self.m.viewer.unwrap_or(Seat(0));
        self.m.obs = self.m.game.observe(viewer);
        self.m.legal.clear();
        let viewer_acts = decision == Decision::Act(viewer)
            && self.is_human(viewer)
            && self.handoff.is_none()
            && self.m.viewer.is_some()
            && self.replay.is_none();
        if viewer_acts {
            self.m.game.legal_actions(viewer, &mut self.m.legal);
        }
        self.labels.clear();
        if !viewer_acts || self.aiming.as_ref().is_some_and(|a| a.seat != viewer) {
            self.aiming = None;
        }
        match &self.aiming {
            // While a target is chosen, the screen shows the choice as the rules would
            // offer it after the first play (which is not played yet).
            Some(a) => {
                let rules = &self.m.ruleset;
                self.m.obs = rules.observe(&a.state, viewer);
                rules.legal_actions(&a.state, viewer, &mut self.m.legal);
                for t in &self.m.legal {
                    self.labels.push(rules.describe(&a.state, t));
                }
            }
            None => {
                for a in &self.m.legal {
                    self.labels.push(self.m.game.describe(a));
                }
            }
        }
        let journal_viewer = match decision {
            // A finished game shows the referee's journal.
            Decision::Over(_) => None,
            Decision::Act(_) => Some(viewer),
        };
        if self.handoff.is_none() {
            self.journal.sync(self.m.game.journal(), journal_viewer);
        }
        self.view.refresh(&self.m.ctx(&Theme::PLAIN));
        self.filter_actions_keeping(kept);
        if let Decision::Over(_) = decision {
            if self.overlay == Overlay::None && self.replay.is_none() {
                self.overlay = Overlay::Outcome;
            }
        }
        self.start_clock();
        self.ask_ai();
    }

    /// [`GameScreen::refresh`] for the replay viewer: the board, hands and journal as the
    /// chosen perspective saw them at the replay's position.
    fn refresh_replay(&mut self) {
        let Some(replay) = &self.replay else {
            return;
        };
        let perspective = replay.perspective();
        let seat = perspective.unwrap_or(Seat(0));
        let game = &self.m.game;
        self.m.viewer = Some(seat);
        self.m.referee = perspective.is_none();
        self.m.hands.clear();
        match perspective {
            Some(s) => self.m.obs = game.observe(s),
            None => {
                let count = u8::try_from(self.seat_names.len()).unwrap_or(u8::MAX);
                for s in 0..count {
                    let obs = U::referee_observation(game.ruleset(), game.state(), Seat(s));
                    self.m.hands.push(obs);
                }
                self.m.obs = match self.m.hands.first() {
                    Some(o) => o.clone(),
                    None => game.observe(seat),
                };
            }
        }
        self.m.legal.clear();
        self.labels.clear();
        self.journal.sync_events(replay.shown_events(), perspective);
        self.journal.mark(replay.selected().map(|e| e.seq));
        self.view.refresh(&self.m.ctx(&Theme::PLAIN));
        self.filter_actions();
        self.clock = None;
    }

    /// Starts the clock of a timed decision (or keeps the one already running for it).
    fn start_clock(&mut self) {
        let game = &self.m.game;
        let timer = match self.replay {
            Some(_) => None,
            None => game.ruleset().timer(game.state()),
        };
        let at_log = game.log().len();
        self.clock = match timer {
            None => None,
            Some(_) if self.clock.as_ref().is_some_and(|c| c.at_log == at_log) => self.clock.take(),
            Some(t) => Some(Clock {
                seat: t.seat,
                action: t.action,
                deadline: Instant::now() + Duration::from_secs(u64::from(t.seconds)),
                at_log,
            }),
        };
    }

    /// Plays the expiry action of a clock that has run out; returns whether it did.
    fn run_clock(&mut self, env: &mut Env<'_>) -> bool {
        let expired = self
            .clock
            .as_ref()
            .is_some_and(|c| Instant::now() >= c.deadline);
        if !expired {
            return false;
        }
        if let Some(c) = self.clock.take() {
            self.play(c.seat, c.action, env);
            // An error from the expiry action stays on the message line instead.
            if self.message.is_none() {
                self.message = Some(("time ran out".into(), Role::Error));
            }
        }
        true
    }

    /// Whether `seat`'s decision has no possible answer but a pass and the seat holds
    /// nothing private: then it is not asked (no hand-off, nothing shown), and the pass is
    /// played for it on the next tick. A pass from a seat with a hand would tell the others
    /// that the hand holds no answer, so such a seat is always asked.
    fn force_pass(&mut self, seat: Seat) -> bool {
        let mut legal = Vec::new();
        self.m.game.legal_actions(seat, &mut legal);
        let [only] = legal.as_slice() else {
            return false;
        };
        if !self.view.is_pass(only)
            || self
                .view
                .has_private(&self.m.ruleset, &self.m.game.observe(seat))
        {
            return false;
        }
        self.forced = Some((seat, only.clone()));
        true
    }

    /// Plays the pass of a seat that was not asked (see [`GameScreen::force_pass`]);
    /// returns whether it did.
    fn play_forced(&mut self, env: &mut Env<'_>) -> bool {
        let Some((seat, action)) = self.forced.take() else {
            return false;
        };
        let label = self.m.game.describe(&action);
        let name = self.seat_name(seat).to_string();
        self.play(seat, action, env);
        if self.message.is_none() {
            self.message = Some((
                format!("{name} had no other answer, so it was played for them: {label}"),
                Role::Dim,
            ));
        }
        true
    }

    /// A human seat is to decide: show it the screen, through a hand-off screen when another
    /// person sat here and the new seat has something to hide.
    fn take_seat(&mut self, seat: Seat) {
        if self.m.viewer == Some(seat) || self.handoff == Some(seat) {
            return;
        }
        let private = self
            .view
            .has_private(&self.m.ruleset, &self.m.game.observe(seat));
        if self.humans > 1 && (private || self.m.viewer.is_none()) {
            self.handoff = Some(seat);
            self.focus = Focus::Map;
            self.overlay = Overlay::None;
        } else {
            self.m.viewer = Some(seat);
        }
    }

    /// The action under the action list's cursor.
    fn highlighted_action(&self) -> Option<<U::Rules as Ruleset>::Action> {
        self.m
            .shown
            .get(self.m.cursor)
            .and_then(|&i| self.m.legal.get(i))
            .cloned()
    }

    /// Recomputes which legal actions the list shows, the cursor staying on the action it
    /// was on.
    fn filter_actions(&mut self) {
        let kept = self.highlighted_action();
        self.filter_actions_keeping(kept);
    }

    /// Recomputes which legal actions the list shows; the cursor goes to `kept` when it is
    /// still listed, else to the first action (never to whatever took its place).
    fn filter_actions_keeping(&mut self, kept: Option<<U::Rules as Ruleset>::Action>) {
        // The list is built apart and put back, so the context can borrow the model.
        let mut shown = std::mem::take(&mut self.m.shown);
        shown.clear();
        {
            let ctx = self.m.ctx(&Theme::PLAIN);
            for (i, a) in self.m.legal.iter().enumerate() {
                if self.view.relevant(&ctx, a) {
                    shown.push(i);
                }
            }
        }
        // With nothing relevant to the selection, every action is listed.
        if shown.is_empty() {
            shown.extend(0..self.m.legal.len());
        }
        // Each group's actions stand together, groups in the order they first appear.
        let mut groups = std::mem::take(&mut self.m.groups);
        groups.clear();
        let mut keyed: Vec<(usize, usize)> = Vec::with_capacity(shown.len());
        {
            let ctx = self.m.ctx(&Theme::PLAIN);
            for &i in &shown {
                let g = match self.m.legal.get(i).and_then(|a| self.view.group(&ctx, a)) {
                    Some(label) => match groups.iter().position(|l| *l == label) {
                        Some(g) => g,
                        None => {
                            groups.push(label);
                            groups.len() - 1
                        }
                    },
                    None => 0,
                };
                keyed.push((g, i));
            }
        }
        keyed.sort_by_key(|&(g, _)| g);
        shown.clear();
        shown.extend(keyed.iter().map(|&(_, i)| i));
        self.m.group_of.clear();
        self.m.group_of.extend(keyed.iter().map(|&(g, _)| g));
        self.m.groups = groups;
        self.m.shown = shown;
        let legal = &self.m.legal;
        self.m.cursor = kept
            .and_then(|k| self.m.shown.iter().position(|&i| legal.get(i) == Some(&k)))
            .unwrap_or(0);
    }

    /// How many legal actions the selection hides from the list.
    pub fn hidden_by_filter(&self) -> usize {
        self.m.legal.len().saturating_sub(self.m.shown.len())
    }

    /// Drops the selection so that the list shows every legal action.
    fn clear_filter(&mut self) {
        let hidden = self.hidden_by_filter();
        self.view.clear_selection();
        self.view.refresh(&self.m.ctx(&Theme::PLAIN));
        self.filter_actions();
        self.message = Some((
            if hidden > 0 {
                format!(
                    "selection cleared: all {} actions listed",
                    self.m.legal.len()
                )
            } else {
                "selection cleared".to_string()
            },
            Role::Text,
        ));
    }

    fn ask_ai(&mut self) {
        if self.replay.is_some() || !matches!(self.ai_state, AiState::Idle) {
            return;
        }
        let Decision::Act(seat) = self.m.game.to_act() else {
            return;
        };
        if self.is_human(seat) {
            return;
        }
        let Some(worker) = &self.ai else {
            self.message = Some((format!("{} has no AI player", seat), Role::Error));
            return;
        };
        let mut legal = Vec::new();
        self.m.game.legal_actions(seat, &mut legal);
        self.ticket += 1;
        if worker.ask(self.ticket, seat, self.m.game.observe(seat), legal) {
            self.ai_state = AiState::Thinking {
                ticket: self.ticket,
                since: Instant::now(),
            };
        } else {
            self.message = Some(("the AI worker has stopped".into(), Role::Error));
        }
    }

    /// Applies `action` for `seat`, autosaves, and refreshes; errors go to the message line.
    fn play(&mut self, seat: Seat, action: <U::Rules as Ruleset>::Action, env: &mut Env<'_>) {
        match self.m.game.apply(seat, action) {
            Ok(()) => {
                self.message = None;
                // The AI's last move has been seen and answered.
                self.last_ai.clear();
                self.autosave(env);
                self.refresh();
            }
            Err(e) => self.message = Some((e.to_string(), Role::Error)),
        }
    }

    fn autosave(&mut self, env: &mut Env<'_>) {
        let game = crate::store::autosave_key(&self.m.game);
        let result = save::to_ron(&self.m.game)
            .map_err(|e| e.to_string())
            .and_then(|text| env.store.autosave(&game, &text));
        self.saved = Saved::Kept;
        if let Err(e) = result {
            self.saved = Saved::Failed;
            self.message = Some((format!("autosave failed: {e}"), Role::Error));
        }
    }

    fn save(&mut self, env: &mut Env<'_>) {
        let result = save::to_ron(&self.m.game)
            .map_err(|e| e.to_string())
            .and_then(|text| env.store.save(U::Rules::ID, &text));
        self.message = Some(match result {
            Ok(place) => (format!("saved: {place}"), Role::Good),
            Err(e) => (format!("save failed: {e}"), Role::Error),
        });
    }

    /// Takes back the viewer's last action when nothing has been revealed since; the undo
    /// is logged (the replay shows it) and autosaved.
    fn undo(&mut self, env: &mut Env<'_>) {
        if let Err(why) = self.undo_state() {
            self.message = Some((format!("cannot undo: {}", why.explain()), Role::Error));
            return;
        }
        match self.m.game.undo() {
            Ok(()) => {
                // The journal's undo event says what was taken back.
                let text = match self.m.game.journal().events().last() {
                    Some(e) if e.kind == squadsight_core::EventKind::Undo => {
                        format!("undone ({})", e.text)
                    }
                    _ => "undone".to_string(),
                };
                self.message = Some((text, Role::Good));
                self.autosave(env);
                self.refresh();
            }
            Err(e) => self.message = Some((e.to_string(), Role::Error)),
        }
    }

    fn play_highlighted(&mut self, env: &mut Env<'_>) {
        let Some(&i) = self.m.shown.get(self.m.cursor) else {
            return;
        };
        let (Some(action), Some(seat)) = (self.m.legal.get(i).cloned(), self.m.viewer) else {
            return;
        };
        self.choose(seat, action, env);
    }

    /// Starts choosing the target of `first` without playing it, when the rules' own `apply`
    /// on a copy of the game shows that `first` only opens a choice of target for the same
    /// seat (every action offered next [`RulesetView::composes`] with it) and reveals
    /// nothing: no die is rolled, no card drawn or shown, so looking ahead tells the player
    /// nothing the play itself would not. Returns whether aiming started.
    fn start_aiming(&mut self, seat: Seat, first: &<U::Rules as Ruleset>::Action) -> bool {
        let game = &self.m.game;
        let rules = game.ruleset();
        let mut state = game.state().clone();
        let mut rng = game.rng().clone();
        let mut journal = Journal::recording();
        if rules
            .apply(&mut state, seat, first, &mut rng, &mut journal)
            .is_err()
        {
            return false;
        }
        let revealing = journal.events().iter().any(|e| {
            e.roll.is_some()
                || matches!(
                    e.kind,
                    EventKind::Draw | EventKind::Shuffle | EventKind::Reveal
                )
        });
        if revealing || rng != *game.rng() || rules.to_act(&state) != Decision::Act(seat) {
            return false;
        }
        let mut then = Vec::new();
        rules.legal_actions(&state, seat, &mut then);
        if then.is_empty() || !then.iter().all(|t| self.view.composes(first, t)) {
            return false;
        }
        let label = game.describe(first);
        self.aiming = Some(Aiming {
            seat,
            first: first.clone(),
            label,
            state,
        });
        self.refresh();
        self.m.cursor = 0;
        self.list_top = 0;
        self.focus = Focus::Actions;
        self.message = Some((
            "choose the target: nothing is played until you confirm it (Esc: back)".into(),
            Role::Key,
        ));
        true
    }

    /// Leaves target choice without playing anything.
    fn cancel_aiming(&mut self) {
        if let Some(a) = self.aiming.take() {
            self.message = Some((format!("not played: {}", a.label), Role::Dim));
            self.refresh();
        }
    }

    /// The player chose `action`: it is played at once, unless it gives up the rest of a
    /// turn and the settings ask first; then a dialog asks, and `y` plays it. A play that
    /// needs a target first opens the choice of target; the target plays both.
    fn choose(&mut self, seat: Seat, action: <U::Rules as Ruleset>::Action, env: &mut Env<'_>) {
        if let Some(a) = self.aiming.take() {
            let before = self.m.game.log().len();
            self.play(seat, a.first, env);
            if self.m.game.log().len() > before {
                self.play(seat, action, env);
            }
            return;
        }
        if self.start_aiming(seat, &action) {
            return;
        }
        if env.settings.confirm_turn_end {
            if let Some(question) = self.view.confirm(&self.m.ctx(&Theme::PLAIN), &action) {
                self.pending = Some((seat, action, question));
                self.overlay = Overlay::ConfirmAction;
                return;
            }
        }
        self.play(seat, action, env);
    }

    /// Why `key` did nothing in the focused pane, for the key bar.
    fn why_unused(&self, key: KeyEvent) -> String {
        let name = match key.code {
            KeyCode::Char(c) => c.to_string(),
            KeyCode::F(n) => format!("F{n}"),
            other => format!("{other:?}"),
        };
        let digit = matches!(key.code, KeyCode::Char('0'..='9'));
        if self.m.legal.is_empty() {
            return match self.m.game.to_act() {
                Decision::Over(_) => format!("{name}: the game is over (q leaves, ? help)"),
                Decision::Act(_) => {
                    format!("{name}: it is not your decision now, so there is nothing to play")
                }
            };
        }
        match self.focus {
            Focus::Actions | Focus::Journal if digit => format!(
                "{name}: digits pick cards in the map pane: Esc goes back to it, then {name}"
            ),
            Focus::Map => format!("{name} does nothing on the map (? lists the keys)"),
            Focus::Actions => format!(
                "{name} does nothing in the action list: Up/Down choose, Enter plays, Esc map"
            ),
            Focus::Journal => {
                format!("{name} does nothing in the journal: Up/Down scroll, f filters, Esc map")
            }
        }
    }

    fn view_reply(&mut self, reply: Reply<<U::Rules as Ruleset>::Action>, env: &mut Env<'_>) {
        match reply {
            Reply::Ignored | Reply::Handled => self.filter_actions(),
            Reply::ShowActions => {
                self.filter_actions();
                self.m.cursor = 0;
                self.list_top = 0;
                self.focus = Focus::Actions;
            }
            Reply::Refused(why) => {
                self.filter_actions();
                self.hint = Some(why.to_string());
            }
            Reply::Play(action) => {
                if let Some(seat) = self.m.viewer {
                    if self.m.legal.contains(&action) {
                        self.choose(seat, action, env);
                    } else {
                        self.message = Some(("that is not possible now".into(), Role::Error));
                    }
                }
            }
        }
    }

    fn handle_key(&mut self, key: KeyEvent, env: &mut Env<'_>) -> Flow {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match (key.code, ctrl) {
            (KeyCode::Char('c'), true) => return Flow::Quit,
            (KeyCode::Char('z'), true) => return Flow::Suspend,
            _ => {}
        }
        self.hint = None;
        match self.overlay {
            Overlay::ConfirmAction => {
                self.overlay = Overlay::None;
                let pending = self.pending.take();
                match (key.code, pending) {
                    (KeyCode::Char('y') | KeyCode::Char('Y'), Some((seat, action, _))) => {
                        self.play(seat, action, env);
                    }
                    _ => self.message = Some(("not played".into(), Role::Dim)),
                }
                return Flow::Stay;
            }
            Overlay::Help => {
                if !self.help.key(key.code) {
                    self.overlay = Overlay::None;
                }
                return Flow::Stay;
            }
            Overlay::ConfirmLeave => {
                self.overlay = Overlay::None;
                return match key.code {
                    KeyCode::Char('y') | KeyCode::Char('Y') | KeyCode::Enter => Flow::Menu,
                    _ => Flow::Stay,
                };
            }
            Overlay::Outcome => {
                // `s` keeps the finished game under saves/ (the menu's Load and Replay list it).
                if key.code == KeyCode::Char('s') {
                    self.save(env);
                    return Flow::Stay;
                }
                self.overlay = Overlay::None;
                if key.code == KeyCode::Char('q') {
                    return Flow::Menu;
                }
                return Flow::Stay;
            }
            Overlay::None => {}
        }
        if self.replay.as_ref().is_some_and(|r| r.prompt().is_some()) {
            self.prompt_key(key);
            return Flow::Stay;
        }
        match key.code {
            KeyCode::Char('?') => {
                self.overlay = Overlay::Help;
                self.help = Help::default();
                return Flow::Stay;
            }
            KeyCode::Char('q') => {
                if self.replay.is_some() {
                    return Flow::Menu;
                }
                self.overlay = Overlay::ConfirmLeave;
                return Flow::Stay;
            }
            _ => {}
        }
        if let Some(seat) = self.handoff {
            if matches!(key.code, KeyCode::Enter | KeyCode::Char(' ')) {
                self.handoff = None;
                self.m.viewer = Some(seat);
                self.refresh();
            }
            return Flow::Stay;
        }
        if self.replay.is_some() && self.replay_key(key) {
            return Flow::Stay;
        }
        if self.aiming.is_some() && matches!(key.code, KeyCode::Esc | KeyCode::Char('u')) {
            self.cancel_aiming();
            return Flow::Stay;
        }
        match key.code {
            KeyCode::Tab => {
                self.focus = self.focus.next(true);
                return Flow::Stay;
            }
            KeyCode::BackTab => {
                self.focus = self.focus.next(false);
                return Flow::Stay;
            }
            _ => {}
        }
        let used = match self.focus {
            Focus::Map => {
                let reply = self.view.key(&self.m.ctx(&Theme::PLAIN), key);
                let used = reply != Reply::Ignored;
                self.view_reply(reply, env);
                used
            }
            Focus::Actions => self.actions_key(key, env),
            Focus::Journal => self.journal_key(key),
        };
        if used {
            return Flow::Stay;
        }
        // The map's display keys (zoom, legend, raw numbers) change only what the map
        // shows, so they work whichever pane has the focus.
        if self.focus != Focus::Map && is_map_display_key(key.code) {
            let reply = self.view.key(&self.m.ctx(&Theme::PLAIN), key);
            if reply == Reply::Handled {
                self.view_reply(reply, env);
                return Flow::Stay;
            }
        }
        match key.code {
            KeyCode::Esc => self.focus = Focus::Map,
            KeyCode::Char('s') if self.replay.is_none() => self.save(env),
            KeyCode::Char('u') if self.replay.is_none() => self.undo(env),
            KeyCode::Char('f') => self.journal.cycle_filter(),
            KeyCode::Char('x') if self.replay.is_none() => self.clear_filter(),
            KeyCode::PageUp => self.journal.scroll_by(5),
            KeyCode::PageDown => self.journal.scroll_by(-5),
            _ if self.replay.is_none() => self.hint = Some(self.why_unused(key)),
            _ => {}
        }
        Flow::Stay
    }

    fn actions_key(&mut self, key: KeyEvent, env: &mut Env<'_>) -> bool {
        let last = self.m.shown.len().saturating_sub(1);
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => self.m.cursor = self.m.cursor.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => self.m.cursor = (self.m.cursor + 1).min(last),
            KeyCode::Home => self.m.cursor = 0,
            KeyCode::End => self.m.cursor = last,
            // Between groups: the first action of the next or previous group.
            KeyCode::PageDown if self.m.groups.len() > 1 => {
                let g = self.m.group_of.get(self.m.cursor).copied().unwrap_or(0);
                if let Some(p) = self.m.group_of.iter().position(|&x| x > g) {
                    self.m.cursor = p;
                }
            }
            KeyCode::PageUp if self.m.groups.len() > 1 => {
                let g = self.m.group_of.get(self.m.cursor).copied().unwrap_or(0);
                let start = self.m.group_of.iter().position(|&x| x == g).unwrap_or(0);
                let target = if self.m.cursor > start || g == 0 {
                    g
                } else {
                    g - 1
                };
                self.m.cursor = self
                    .m
                    .group_of
                    .iter()
                    .position(|&x| x == target)
                    .unwrap_or(0);
            }
            KeyCode::Enter | KeyCode::Char(' ') => self.play_highlighted(env),
            _ => return false,
        }
        true
    }

    fn journal_key(&mut self, key: KeyEvent) -> bool {
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => self.journal.scroll_by(1),
            KeyCode::Down | KeyCode::Char('j') => self.journal.scroll_by(-1),
            KeyCode::Home => self.journal.scroll_to_oldest(),
            KeyCode::End => self.journal.scroll_to_newest(),
            _ => return false,
        }
        true
    }

    /// Replay keys; returns whether the key was used.
    fn replay_key(&mut self, key: KeyEvent) -> bool {
        let Some(replay) = &mut self.replay else {
            return false;
        };
        let game = &mut self.m.game;
        let shift = key.modifiers.contains(KeyModifiers::SHIFT);
        let moved = match key.code {
            KeyCode::Right if shift => replay.next_action(game),
            KeyCode::Left if shift => replay.prev_action(game),
            KeyCode::Char('.') | KeyCode::Char('>') => replay.next_action(game),
            KeyCode::Char(',') | KeyCode::Char('<') => replay.prev_action(game),
            KeyCode::Right | KeyCode::Char('n') | KeyCode::Char(' ') => replay.next_event(game),
            KeyCode::Left | KeyCode::Char('p') => replay.prev_event(game),
            KeyCode::Home if self.focus != Focus::Journal => {
                replay.go_to_end(game, false).map(|()| true)
            }
            KeyCode::End if self.focus != Focus::Journal => {
                replay.go_to_end(game, true).map(|()| true)
            }
            KeyCode::Up | KeyCode::Char('k') if self.focus == Focus::Actions => {
                replay.scroll_changes(-1);
                return true;
            }
            KeyCode::Down | KeyCode::Char('j') if self.focus == Focus::Actions => {
                replay.scroll_changes(1);
                return true;
            }
            KeyCode::Char('g') => {
                replay.open_prompt();
                return true;
            }
            KeyCode::Char(c @ ('[' | ']')) => {
                replay.scroll_detail(if c == ']' { 1 } else { -1 });
                return true;
            }
            KeyCode::Char('a') => {
                let on = replay.toggle_autoplay();
                self.message = Some((
                    if on {
                        "autoplay on (a: stop, + -: speed)".into()
                    } else {
                        "autoplay stopped".into()
                    },
                    Role::Text,
                ));
                return true;
            }
            KeyCode::Char('+') | KeyCode::Char('=') | KeyCode::Char('-') => {
                replay.change_speed(key.code != KeyCode::Char('-'));
                return true;
            }
            KeyCode::Char('v') => {
                let next = replay.next_perspective();
                replay.set_perspective(game, next);
                self.refresh();
                return true;
            }
            _ => return false,
        };
        self.message = match moved {
            Ok(true) => None,
            Ok(false) => Some(("no further step that way".into(), Role::Dim)),
            Err(e) => Some((e, Role::Error)),
        };
        self.refresh();
        true
    }

    /// Keys while the replay's go-to prompt is open.
    fn prompt_key(&mut self, key: KeyEvent) {
        let Some(replay) = &mut self.replay else {
            return;
        };
        match key.code {
            KeyCode::Esc => replay.close_prompt(),
            KeyCode::Backspace => replay.prompt_char(None),
            KeyCode::Char(c) => replay.prompt_char(Some(c)),
            KeyCode::Enter => {
                self.message = replay
                    .submit_prompt(&mut self.m.game)
                    .err()
                    .map(|e| (e, Role::Error));
                self.refresh();
            }
            _ => {}
        }
    }

    fn handle_mouse(&mut self, m: MouseEvent, env: &mut Env<'_>) -> Flow {
        if self.overlay != Overlay::None {
            if matches!(m.kind, MouseEventKind::Down(_)) {
                self.overlay = Overlay::None;
            }
            return Flow::Stay;
        }
        if self.handoff.is_some() {
            return Flow::Stay;
        }
        let at = Position {
            x: m.column,
            y: m.row,
        };
        let a = self.areas;
        let click = m.kind == MouseEventKind::Down(MouseButton::Left);
        if a.journal.contains(at) {
            match m.kind {
                MouseEventKind::ScrollUp => self.journal.scroll_by(1),
                MouseEventKind::ScrollDown => self.journal.scroll_by(-1),
                _ if click => self.focus = Focus::Journal,
                _ => {}
            }
        } else if a.actions.contains(at) && self.replay.is_some() {
            // In the replay this pane is "what changed": the wheel scrolls it.
            if let Some(replay) = &mut self.replay {
                match m.kind {
                    MouseEventKind::ScrollUp => replay.scroll_changes(-1),
                    MouseEventKind::ScrollDown => replay.scroll_changes(1),
                    _ if click => self.focus = Focus::Actions,
                    _ => {}
                }
            }
        } else if a.actions.contains(at) {
            match m.kind {
                MouseEventKind::ScrollUp => self.m.cursor = self.m.cursor.saturating_sub(1),
                MouseEventKind::ScrollDown => {
                    self.m.cursor = (self.m.cursor + 1).min(self.m.shown.len().saturating_sub(1))
                }
                _ if click => {
                    self.focus = Focus::Actions;
                    // The list starts one row below the frame's top edge.
                    let row = usize::from(m.row.saturating_sub(a.actions.y + 1));
                    let pos = self.row_pos.get(row).copied().flatten();
                    if let (true, Some(pos)) = (m.row > a.actions.y, pos) {
                        self.m.cursor = pos;
                        self.play_highlighted(env);
                    }
                }
                _ => {}
            }
        } else if a.map.contains(at) || a.panel.contains(at) || a.hand.contains(at) {
            if click && a.map.contains(at) {
                self.focus = Focus::Map;
            }
            let reply = self.view.mouse(&self.m.ctx(&Theme::PLAIN), m);
            self.view_reply(reply, env);
        }
        Flow::Stay
    }

    fn on_answer(
        &mut self,
        answer: crate::ai::Answer<<U::Rules as Ruleset>::Action>,
        env: &mut Env<'_>,
    ) {
        let AiState::Thinking { ticket, .. } = self.ai_state else {
            return;
        };
        if answer.ticket != ticket {
            return;
        }
        self.ai_state = AiState::Idle;
        let seat = answer.seat;
        let choice = match answer.choice {
            Ok(c) => c,
            Err(e) => {
                self.message = Some((e, Role::Error));
                return;
            }
        };
        let label = self.m.game.describe(&choice.action);
        // The reason often names the move itself; then it is said once.
        let note = if choice.reason.contains(&label) {
            choice.reason.clone()
        } else {
            format!("{label} ({})", choice.reason)
        };
        self.journal
            .note(self.m.game.journal().events().len(), seat, note.clone());
        match self.m.game.apply(seat, choice.action) {
            Ok(()) => {
                // The AI's move replaces any earlier notice on the message line.
                self.message = None;
                let name = self.seat_name(seat);
                self.last_ai = vec![
                    format!("Last AI move, {name}: {note}"),
                    format!("Last AI move, {name}: {label}"),
                    format!("{name} (AI): {label}"),
                ];
                self.autosave(env);
                if !self.ai_pause.is_zero() {
                    self.ai_state = AiState::Pause {
                        until: Instant::now() + self.ai_pause,
                    };
                }
                self.refresh();
            }
            Err(e) => {
                self.message = Some((
                    format!("the AI chose an illegal action ({label}): {e}"),
                    Role::Error,
                ));
            }
        }
    }

    // ---- drawing ----

    fn render_game(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let replaying = self.replay.is_some();
        // The replay viewer has a position bar under the status line, a wider right column
        // for the resolution, and "what changed" where the action list would be.
        let top = if replaying { 2 } else { 1 };
        let body = Rect::new(
            area.x,
            area.y + top,
            area.width,
            area.height.saturating_sub(2 + top),
        );
        let right_w = if replaying {
            (area.width * 2 / 5).clamp(30, 64)
        } else {
            (area.width / 3).clamp(30, 60)
        }
        .min(area.width / 2);
        let left = Rect::new(body.x, body.y, body.width - right_w, body.height);
        let right = Rect::new(left.right(), body.y, right_w, body.height);
        let bottom_h = if replaying {
            (left.height * 2 / 5).clamp(6, 14)
        } else {
            (left.height / 3).clamp(6, 10)
        };
        let map = Rect::new(
            left.x,
            left.y,
            left.width,
            left.height.saturating_sub(bottom_h),
        );
        // Two fifths, but at least a card's name and what it does in short words (24).
        let hand_w = (left.width * 2 / 5).max(24).min(left.width / 2);
        let hand = Rect::new(left.x, map.bottom(), hand_w, bottom_h);
        let actions = Rect::new(hand.right(), map.bottom(), left.width - hand_w, bottom_h);
        // The replay's resolution gets the larger share of the right column.
        let panel_h = if replaying {
            right.height * 3 / 5
        } else {
            right.height / 2
        }
        .max(6);
        let panel = Rect::new(right.x, right.y, right.width, panel_h.min(right.height));
        let journal = Rect::new(
            right.x,
            panel.bottom(),
            right.width,
            right.height - panel.height,
        );
        self.areas = Areas {
            map,
            panel,
            hand,
            actions,
            journal,
        };

        let decision = self.m.game.to_act();
        // "Who decides" first: it needs the whole screen, the view context only the model.
        self.turn.clear();
        self.whose_turn(&decision, theme, false);
        let width = usize::from(area.width);
        let fits =
            |turn: &str, line: &str| turn.chars().count() + 3 + line.chars().count() <= width;
        {
            let ctx = self.m.ctx(theme);
            // Status line: whose decision it is first (it must never be cut off), then the
            // ruleset's part; on a narrow screen the ruleset's short form, then the short
            // form of who decides, before anything is cut.
            self.line.clear();
            self.view.status(&ctx, &mut self.line);
            if !fits(&self.turn, &self.line) {
                self.line.clear();
                self.view.status_short(&ctx, &mut self.line);
            }
        }
        if !fits(&self.turn, &self.line) {
            self.turn.clear();
            self.whose_turn(&decision, theme, true);
        }
        {
            let ctx = self.m.ctx(theme);
            let x = draw::text(
                buf,
                area,
                area.x,
                area.y,
                &self.turn,
                theme.style(Role::Key),
            );
            let x = draw::text(buf, area, x, area.y, " | ", theme.style(Role::Dim));
            draw::text_cut(buf, area, x, area.y, &self.line, theme.style(Role::Title));

            // The longest title that fits the frame's top edge.
            let room = usize::from(map.width.saturating_sub(8));
            let title = std::iter::once(&self.title)
                .chain(&self.short_titles)
                .find(|t| t.chars().count() <= room)
                .map_or("", String::as_str);
            let map_title = self.scratch.format(format_args!("Map: {title}"));
            let map_inner = draw::frame(buf, map, map_title, self.focus == Focus::Map, theme);
            self.view.render_map(&ctx, map_inner, buf);
            if !replaying {
                let panel_inner = draw::frame(buf, panel, "Details", false, theme);
                self.view.render_panel(&ctx, panel_inner, buf);
            }
            if self.m.hands.is_empty() {
                let hand_inner = draw::frame(buf, hand, "Hand", false, theme);
                self.view.render_hand(&ctx, hand_inner, buf);
            } else {
                // The referee sees every hand, each in its own box.
                let count = u16::try_from(self.m.hands.len()).unwrap_or(u16::MAX);
                let each = hand.height / count.max(1);
                for (i, obs) in self.m.hands.iter().enumerate() {
                    let i16 = u16::try_from(i).unwrap_or(u16::MAX);
                    let h = if i + 1 == self.m.hands.len() {
                        hand.height.saturating_sub(each * i16)
                    } else {
                        each
                    };
                    let rect = Rect::new(hand.x, hand.y + each * i16, hand.width, h);
                    let name = self.seat_names.get(i).map_or("?", String::as_str);
                    let title = self.scratch.format(format_args!("Hand: {name}"));
                    let inner = draw::frame(buf, rect, title, false, theme);
                    let mut seat_ctx = self.m.ctx(theme);
                    seat_ctx.obs = obs;
                    seat_ctx.viewer = Seat(u8::try_from(i).unwrap_or(u8::MAX));
                    self.view.render_hand(&seat_ctx, inner, buf);
                }
            }
        }
        if let Some(replay) = &mut self.replay {
            replay.render_bar(area, area.y + 1, buf, theme);
            replay.render_detail(panel, buf, theme);
            replay.render_changes(actions, buf, self.focus == Focus::Actions, theme);
        } else {
            self.render_actions(actions, buf, theme, &decision);
        }
        self.journal
            .render(journal, buf, self.focus == Focus::Journal, theme);

        // Message line: an error or notice, else the go-to prompt or what the replay step
        // did, else the last AI move.
        let msg_y = area.bottom().saturating_sub(2);
        let replay_line = self.replay.as_ref().map(|r| match r.prompt() {
            Some(p) => (true, p),
            None => (false, r.step_label()),
        });
        // In the action list, a highlighted action too long for its line is shown whole here.
        let whole = (self.focus == Focus::Actions && self.replay.is_none())
            .then(|| {
                let &i = self.m.shown.get(self.m.cursor)?;
                let label = self.labels.get(i)?;
                let room = usize::from(self.areas.actions.width.saturating_sub(4));
                (label.chars().count() > room).then_some(label.as_str())
            })
            .flatten();
        // The AI's move in the longest form that fits the line (the move itself is kept).
        let fitting = self
            .last_ai
            .iter()
            .find(|l| l.chars().count() <= usize::from(area.width))
            .or(self.last_ai.last());
        let last_ai = whole.or(fitting.map(String::as_str));
        match (&self.message, replay_line, last_ai) {
            (Some((m, role)), _, _) => {
                draw::text_cut(buf, area, area.x, msg_y, m, theme.style(*role));
            }
            (None, Some((true, typed)), _) => {
                let x = draw::text(
                    buf,
                    area,
                    area.x,
                    msg_y,
                    "Go to action number, or r and a round (Enter: go, Esc: cancel): ",
                    theme.style(Role::Key),
                );
                let x = draw::text(buf, area, x, msg_y, typed, theme.style(Role::Text));
                draw::text(buf, area, x, msg_y, "_", theme.style(Role::Key));
            }
            (None, Some((false, label)), _) => {
                draw::text_cut(buf, area, area.x, msg_y, label, theme.style(Role::Text));
            }
            (None, None, Some(ai)) => {
                draw::text_cut(buf, area, area.x, msg_y, ai, theme.style(Role::Text));
            }
            (None, None, None) => {}
        }
        self.render_key_bar(area, buf, theme);
    }

    /// Writes "who decides now" into `self.turn`.
    fn whose_turn(&mut self, decision: &Decision, theme: &Theme, short: bool) {
        // Taken out and put back so the rest of the screen can be read meanwhile.
        let mut text = std::mem::take(&mut self.turn);
        let line = &mut text;
        match decision {
            Decision::Over(o) => {
                let _ = write!(line, "game over: {}", o.reason);
            }
            Decision::Act(seat) => {
                let name = self
                    .seat_names
                    .get(seat.index())
                    .map_or("?", String::as_str);
                let _ = write!(line, "{name}");
                // The short forms drop "to decide" (and the ellipsis): the name, then who or
                // what it is, still say whose decision it is.
                let to_decide = if short { "" } else { " to decide" };
                if self.replay.is_some() {
                    let _ = write!(line, "{to_decide}");
                } else if !self.is_human(*seat) {
                    match self.ai_state {
                        AiState::Thinking { since, .. } => {
                            let _ = write!(
                                line,
                                " thinking{} {} {}s",
                                if short { "" } else { theme.ellipsis() },
                                theme.spinner(self.spin),
                                since.elapsed().as_secs()
                            );
                        }
                        _ => {
                            let _ = write!(line, " (AI){to_decide}");
                        }
                    }
                } else if Some(*seat) == self.m.viewer && self.handoff.is_none() {
                    let _ = write!(line, "{to_decide}: you");
                } else {
                    let _ = write!(line, "{to_decide}");
                }
            }
        }
        if let Some(c) = &self.clock {
            let left = c.deadline.saturating_duration_since(Instant::now());
            // Rounded up, so the clock shows 1s until it really runs out.
            let secs = left.as_millis().div_ceil(1000);
            let _ = if short {
                write!(line, " | {secs}s left")
            } else {
                write!(line, " | time left {secs}s")
            };
        }
        self.turn = text;
    }

    fn render_actions(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme, decision: &Decision) {
        // A selection that hides some of the options says so in the title, with the key
        // that shows them all.
        let hidden = self.hidden_by_filter();
        let title = if let Some(a) = &self.aiming {
            self.scratch.format(format_args!(
                "Not played yet, Esc: back. Target for {}",
                a.label
            ))
        } else if hidden > 0 {
            let (shown, all) = (self.m.shown.len(), self.m.legal.len());
            let long = self
                .scratch
                .format(format_args!("Actions: {shown} of {all} (x: all)"));
            // A narrow pane's frame holds the short form.
            if long.chars().count() + 4 <= usize::from(area.width) {
                long
            } else {
                self.scratch
                    .format(format_args!("Actions {shown}/{all} (x: all)"))
            }
        } else {
            "Actions"
        };
        let inner = draw::frame(buf, area, title, self.focus == Focus::Actions, theme);
        if inner.height == 0 {
            return;
        }
        if self.m.legal.is_empty() {
            let text = match decision {
                Decision::Over(_) => match self.leave_to {
                    LeaveTo::Menu => "The game is over. q: back to the menu",
                    LeaveTo::Shell => "The game is over. q: back to the shell",
                    LeaveTo::Campaign => "The game is over. q: back to the campaign",
                },
                Decision::Act(s) if !self.is_human(*s) => "Waiting for the AI.",
                _ if self.handoff.is_some() => "",
                _ => "Waiting for the other player.",
            };
            draw::wrapped(buf, inner, 0, 0, text, theme.style(Role::Dim));
            return;
        }
        let rows = usize::from(inner.height);
        // A list longer than its pane is shown in its groups, each under its name.
        let grouped = self.m.groups.len() > 1 && self.m.shown.len() > rows;
        let group = |pos: usize| self.m.group_of.get(pos).copied().unwrap_or(0);
        // Screen rows count the group headings before an entry when grouped.
        let vrow = |pos: usize| if grouped { pos + group(pos) + 1 } else { pos };
        let cur = vrow(self.m.cursor);
        // The first entry of a group brings its heading into view with it.
        let first_in_group =
            grouped && (self.m.cursor == 0 || group(self.m.cursor - 1) != group(self.m.cursor));
        let want_top = if first_in_group { cur - 1 } else { cur };
        // The cursor's entry is never cut: it wraps onto the rows below it (as many as the
        // pane has), and the list scrolls to show all of them.
        let indent = u16::from(grouped) + 2;
        let label_width = inner.width.saturating_sub(indent);
        let cursor_label = self
            .m
            .shown
            .get(self.m.cursor)
            .and_then(|&i| self.labels.get(i))
            .map_or("", String::as_str);
        // Its rows after the first are indented two more, so they do not read as entries.
        let extra = draw::wrap_rows(cursor_label, label_width.saturating_sub(2))
            .max(1)
            .min(rows.saturating_sub(usize::from(first_in_group)).max(1))
            - 1;
        if want_top < self.list_top {
            self.list_top = want_top;
        } else if cur + extra >= self.list_top + rows {
            self.list_top = cur + extra + 1 - rows;
        }
        self.row_pos.clear();
        let mut v = 0usize;
        for (pos, &i) in self.m.shown.iter().enumerate() {
            if v >= self.list_top + rows {
                break;
            }
            if grouped && (pos == 0 || group(pos - 1) != group(pos)) {
                if v >= self.list_top {
                    let y = inner.y + u16::try_from(v - self.list_top).unwrap_or(0);
                    let name = self.m.groups.get(group(pos)).map_or("", String::as_str);
                    // A narrow pane drops who acts ("Grenadier: "): its entries name it.
                    let name = match name.split_once(": ") {
                        Some((_, what)) if name.chars().count() > usize::from(inner.width) => what,
                        _ => name,
                    };
                    draw::text_cut(buf, inner, inner.x, y, name, theme.style(Role::Title));
                    self.row_pos.push(None);
                }
                v += 1;
            }
            if v >= self.list_top && v < self.list_top + rows {
                let y = inner.y + u16::try_from(v - self.list_top).unwrap_or(0);
                let selected = pos == self.m.cursor;
                let role = if selected && self.focus == Focus::Actions {
                    Role::Selected
                } else {
                    Role::Text
                };
                let marker = if selected { theme.pointer() } else { " " };
                let x = draw::text(buf, inner, inner.x, y, marker, theme.style(Role::Key));
                let label = self.labels.get(i).map_or("", String::as_str);
                // Under a heading that names the group, its entries are indented.
                let x = if grouped { x + 1 } else { x };
                if selected {
                    let below = inner.bottom().saturating_sub(y);
                    let spans = u16::try_from(extra + 1).unwrap_or(1).min(below);
                    let w = label_width.saturating_sub(2);
                    let style = theme.style(role);
                    draw::wrapped(buf, Rect::new(x + 1, y, w, 1), 0, 0, label, style);
                    let rest = Rect::new(x + 3, y + 1, w, spans - 1);
                    draw::wrapped(buf, rest, 0, 1, label, style);
                    for _ in 0..spans {
                        self.row_pos.push(Some(pos));
                    }
                    v += usize::from(spans);
                    continue;
                }
                // A label too long for its row keeps what tells it from the entry above (the
                // first entry: below): the words the two share lead it are folded into an
                // ellipsis.
                let room = usize::from(inner.right().saturating_sub(x + 1));
                let prev = pos
                    .checked_sub(1)
                    .unwrap_or(pos + 1)
                    .min(self.m.shown.len().saturating_sub(1));
                let prev = (prev != pos)
                    .then(|| self.m.shown.get(prev))
                    .flatten()
                    .and_then(|&p| self.labels.get(p));
                let ellipsis = theme.ellipsis().chars().count();
                let fold =
                    prev.and_then(|p| after_shared_words(label, p, room - ellipsis.min(room)));
                match fold {
                    Some(rest) if label.chars().count() > room => {
                        let x = draw::text(
                            buf,
                            inner,
                            x + 1,
                            y,
                            theme.ellipsis(),
                            theme.style(Role::Dim),
                        );
                        draw::text_cut(buf, inner, x, y, rest, theme.style(role));
                    }
                    _ => {
                        draw::text_cut(buf, inner, x + 1, y, label, theme.style(role));
                    }
                }
                self.row_pos.push(Some(pos));
            }
            v += 1;
        }
        if self.m.shown.len() > rows {
            let g = self.m.group_of.get(self.m.cursor).copied().unwrap_or(0);
            let long = self.scratch.format(format_args!(
                " group {}/{} (PgUp/PgDn) | {}/{} ",
                g + 1,
                self.m.groups.len(),
                self.m.cursor + 1,
                self.m.shown.len()
            ));
            let fits = grouped && usize::from(area.width) > long.len() + 4;
            let more = if fits {
                long
            } else {
                self.scratch.format(format_args!(
                    " {}/{} ",
                    self.m.cursor + 1,
                    self.m.shown.len()
                ))
            };
            draw::border_note(buf, area, more, theme);
        }
    }

    fn render_key_bar(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let y = area.bottom().saturating_sub(1);
        let mut x = area.x;
        // A failed autosave stays in sight until one succeeds (other messages may replace
        // the message line meanwhile).
        if matches!(self.saved, Saved::Failed) {
            x = draw::text(
                buf,
                area,
                x,
                y,
                "NOT SAVED (s: save)  ",
                theme.style(Role::Error),
            );
        }
        if let Some(hint) = &self.hint {
            // Why the last key did nothing, in place of the keys until the next key.
            draw::text(buf, area, x, y, hint, theme.style(Role::Error));
            return;
        }
        let leave = if self.replay.is_some() {
            self.leave_to.short()
        } else {
            "leave"
        };
        let mine = !self.m.legal.is_empty();
        let filtered = self.hidden_by_filter() > 0;
        // Undo is offered when it works, and said to be refused past a reveal (the one
        // refusal a player needs to know before acting); otherwise it is not offered.
        let (undo_what, undo) = match self.undo_state() {
            Ok(()) => ("undo", true),
            Err(NoUndo::Revealed) => ("no undo (past a reveal)", true),
            Err(_) => ("undo", false),
        };
        // Each key with whether it does something now: keys that would do nothing are not
        // offered (u only when there is something to undo, Enter only on your decision).
        let keys: &[(&str, &str, bool)] = if self.replay.is_some() {
            &[
                ("Left/Right", "event", true),
                (", .", "action", true),
                ("g", "go to", true),
                ("a", "autoplay", true),
                ("v", "view", true),
                ("?", "help", true),
                ("q", leave, true),
            ]
        } else if self.aiming.is_some() {
            // Choosing a target: Esc goes back without playing anything, in any pane.
            &[
                ("Up/Down", "target", self.focus == Focus::Actions),
                ("Enter", "play with this target", true),
                ("Esc", "back, nothing played", true),
                ("Tab", "panes", true),
                ("?", "help", true),
            ]
        } else {
            match self.focus {
                Focus::Map => &[
                    ("Enter", "act", mine),
                    ("x", "show all", filtered),
                    ("Tab", "panes", true),
                    ("?", "help", true),
                    ("s", "save", true),
                    ("u", undo_what, undo),
                    ("f", "filter log", true),
                    ("q", leave, true),
                ],
                Focus::Actions => &[
                    ("Up/Down", "choose", mine),
                    ("Enter", "play", mine),
                    ("x", "show all", filtered),
                    ("Esc", "map", true),
                    ("Tab", "panes", true),
                    ("?", "help", true),
                    ("q", leave, true),
                ],
                Focus::Journal => &[
                    ("Up/Down", "scroll", true),
                    ("End", "newest", true),
                    ("f", "filter", true),
                    ("Tab", "panes", true),
                    ("?", "help", true),
                    ("q", leave, true),
                ],
            }
        };
        if !mine && self.replay.is_none() && !matches!(self.m.game.to_act(), Decision::Over(_)) {
            let waiting = match self.m.game.to_act() {
                Decision::Act(s) if !self.is_human(s) => "AI's turn  ",
                _ => "not your decision  ",
            };
            x = draw::text(buf, area, x, y, waiting, theme.style(Role::Dim));
        }
        let mut shown = [("", ""); 8];
        let mut n = 0;
        for (key, what, _) in keys.iter().filter(|k| k.2) {
            if let Some(slot) = shown.get_mut(n) {
                *slot = (key, what);
                n += 1;
            }
        }
        draw::key_bar(buf, area, x, y, &shown[..n], theme);
    }

    fn render_handoff(&mut self, seat: Seat, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let name = self.seat_name(seat).to_string();
        // Why the keyboard passes: what the seat is asked, from public facts only (the
        // leaving seat's observation; the waiting seat's own is not read here).
        let asked = self.view.prompt(&self.m.ruleset, &self.m.obs);
        let w = area.width.saturating_sub(4).min(72);
        let h = 11.min(area.height);
        let rect = Rect::new(
            area.x + area.width.saturating_sub(w) / 2,
            area.y + area.height.saturating_sub(h) / 2,
            w,
            h,
        );
        draw::clear(buf, rect, theme.style(Role::Text));
        let inner = draw::frame(buf, rect, "Hot-seat hand-off", true, theme);
        let line1 = self
            .scratch
            .format(format_args!("{name} ({seat}) must decide now."));
        draw::centered(buf, inner, inner.y + 1, line1, theme.style(Role::Title));
        let why = match &asked {
            Some(p) => format!("Asked: {p}."),
            None => "It is their decision.".to_string(),
        };
        let why_rect = Rect::new(inner.x + 1, inner.y + 2, inner.width.saturating_sub(2), 2);
        let rows = draw::wrap_rows(&why, why_rect.width);
        if rows <= 1 {
            draw::centered(buf, inner, inner.y + 2, &why, theme.style(Role::Text));
        } else {
            draw::wrapped(buf, why_rect, 0, 0, &why, theme.style(Role::Text));
        }
        draw::centered(
            buf,
            inner,
            inner.y + 4,
            "Everything private is hidden until they are ready.",
            theme.style(Role::Text),
        );
        let line3 = self.scratch.format(format_args!(
            "Pass the keyboard to {name}, then press Enter."
        ));
        draw::centered(buf, inner, inner.y + 6, line3, theme.style(Role::Key));
        draw::centered(
            buf,
            inner,
            inner.y + 8,
            "q: leave the game   ?: help",
            theme.style(Role::Dim),
        );
    }

    fn render_overlay(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        match self.overlay {
            Overlay::None => {}
            Overlay::Help => {
                let view_keys: &[KeyHelp] = self.view.keys();
                // The replay viewer's own keys come first: they are the ones it reads.
                // Every map's own keys (the shell's `MapControls`), then this game's.
                let groups: Vec<(&str, &[KeyHelp])> = if self.replay.is_some() {
                    vec![
                        ("Replay", REPLAY_KEYS),
                        ("Game", GAME_KEYS),
                        ("Map", MAP_KEYS),
                        ("On the map", view_keys),
                    ]
                } else {
                    vec![
                        ("Game", GAME_KEYS),
                        ("Map", MAP_KEYS),
                        ("On the map", view_keys),
                    ]
                };
                // The map's legend (map widgets, issue 15) follows the keys.
                self.help
                    .render_with_legend(buf, area, &groups, self.view.legend(), theme);
            }
            Overlay::ConfirmAction => {
                if let Some((_, _, question)) = &self.pending {
                    // The question's lines, then how to turn it off and the keys.
                    let mut lines: Vec<&str> = question.lines().collect();
                    lines.push("(Settings: \"Ask before ending...\" turns this off.)");
                    lines.push("y: yes, play it   any other key: no");
                    dialog(buf, area, "Are you sure?", &lines, theme);
                }
            }
            Overlay::ConfirmLeave => {
                let question = format!("Leave this game and go back to {}?", self.leave_to.place());
                let kept = match (self.saved, self.leave_to) {
                    (_, LeaveTo::Campaign) => "The campaign keeps the battle to take up again.",
                    (Saved::Nothing, _) if self.m.game.log().is_empty() => {
                        "No action has been played, so nothing is saved."
                    }
                    (Saved::Nothing, _) => "Nothing has changed since it was opened.",
                    (Saved::Failed, _) => "The last autosave FAILED: press n, then s to save.",
                    (Saved::Kept, LeaveTo::Menu) => {
                        "It is autosaved after every action: Continue resumes it."
                    }
                    (Saved::Kept, LeaveTo::Shell) => {
                        "It is autosaved: `squadsight`, then Continue, resumes it."
                    }
                };
                let lines = [question.as_str(), kept, "y: leave   n: stay"];
                dialog(buf, area, "Leave the game", &lines, theme);
            }
            Overlay::Outcome => {
                if let Decision::Over(o) = self.m.game.to_act() {
                    let winners: Vec<&str> = o.winners.iter().map(|s| self.seat_name(s)).collect();
                    let head = if winners.is_empty() {
                        "No winner.".to_string()
                    } else {
                        format!("{} won.", winners.join(" and "))
                    };
                    let game = &self.m.game;
                    let commitment = game.seed_commitment();
                    let check = if seed::matches(game.seed(), commitment) {
                        "matches"
                    } else {
                        "does NOT match"
                    };
                    let seed_line = format!(
                        "Seed: {}, {check} commitment {}",
                        game.seed(),
                        seed::short(commitment)
                    );
                    // The fingerprint names the whole game and its length: noted by both
                    // players, `squadsight verify --expect` checks a save against it.
                    let print_line = format!("Fingerprint: {}", save::fingerprint(game));
                    let saved = match &self.message {
                        Some((m, _)) if m.starts_with("save") => m.clone(),
                        _ => "s: save this game (Load and Replay list it)".to_string(),
                    };
                    let lines = [
                        head.as_str(),
                        o.reason.as_str(),
                        seed_line.as_str(),
                        print_line.as_str(),
                        saved.as_str(),
                        match self.leave_to {
                            LeaveTo::Menu => "Any key: look at the board and journal   q: menu",
                            LeaveTo::Shell => "Any key: look at the board and journal   q: shell",
                            LeaveTo::Campaign => {
                                "Any key: look at the board and journal   q: campaign"
                            }
                        },
                    ];
                    dialog(buf, area, "Game over", &lines, theme);
                }
            }
        }
    }
}

/// A small centred box with a few lines of text.
pub(crate) fn dialog(buf: &mut Buffer, area: Rect, title: &str, lines: &[&str], theme: &Theme) {
    let longest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let w = u16::try_from(longest + 6)
        .unwrap_or(u16::MAX)
        .min(area.width);
    let h = u16::try_from(lines.len() + 4)
        .unwrap_or(u16::MAX)
        .min(area.height);
    let rect = Rect::new(
        area.x + area.width.saturating_sub(w) / 2,
        area.y + area.height.saturating_sub(h) / 2,
        w,
        h,
    );
    draw::clear(buf, rect, theme.style(Role::Text));
    let inner = draw::frame(buf, rect, title, true, theme);
    for (i, l) in lines.iter().enumerate() {
        let y = inner.y + 1 + u16::try_from(i).unwrap_or(0);
        let role = if i + 1 == lines.len() {
            Role::Key
        } else {
            Role::Text
        };
        draw::centered(buf, inner, y, l, theme.style(role));
    }
}

impl<U: RulesetUi> Session for GameScreen<U> {
    fn render(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        if let Some(seat) = self.handoff {
            self.render_handoff(seat, area, buf, theme);
        } else {
            self.render_game(area, buf, theme);
        }
        self.render_overlay(area, buf, theme);
    }

    fn handle(&mut self, input: &Input, env: &mut Env<'_>) -> Flow {
        match input {
            Input::Key(k) => self.handle_key(*k, env),
            Input::Mouse(m) => self.handle_mouse(*m, env),
            _ => Flow::Stay,
        }
    }

    fn tick(&mut self, env: &mut Env<'_>) -> bool {
        if let Some(replay) = &mut self.replay {
            return match replay.tick(&mut self.m.game) {
                Ok(false) => false,
                Ok(true) => {
                    self.refresh();
                    true
                }
                Err(e) => {
                    self.message = Some((e, Role::Error));
                    true
                }
            };
        }
        let forced = self.play_forced(env);
        let clock = self.run_clock(env);
        let ai = self.tick_ai(env);
        // A running clock's countdown is redrawn when its whole seconds change.
        let secs = self.clock.as_ref().map(|c| {
            c.deadline
                .saturating_duration_since(Instant::now())
                .as_millis()
                .div_ceil(1000)
        });
        let countdown = secs != self.clock_secs;
        self.clock_secs = secs;
        forced || clock || ai || countdown
    }

    fn wake_in(&self) -> Option<Duration> {
        if let Some(replay) = &self.replay {
            return replay.wake_in();
        }
        if self.forced.is_some() {
            return Some(Duration::ZERO);
        }
        let ai = match self.ai_state {
            AiState::Idle => None,
            AiState::Thinking { .. } => Some(Duration::from_millis(20)),
            AiState::Pause { until } => Some(until.saturating_duration_since(Instant::now())),
        };
        let clock = self.clock.as_ref().map(|c| {
            let left = c.deadline.saturating_duration_since(Instant::now());
            // Wake at the next whole second of the countdown (or at the deadline).
            let sub = Duration::from_millis(u64::try_from(left.as_millis() % 1000).unwrap_or(0));
            if sub.is_zero() {
                left.min(Duration::from_secs(1))
            } else {
                sub
            }
        });
        match (ai, clock) {
            (Some(a), Some(c)) => Some(a.min(c)),
            (a, c) => a.or(c),
        }
    }

    fn busy(&self) -> bool {
        self.forced.is_some() || !matches!(self.ai_state, AiState::Idle)
    }

    fn set_leave_to(&mut self, to: LeaveTo) {
        self.leave_to = to;
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// The keys every map view reads to change only what it shows: zoom (`z + = -`), the
/// legend (`m`) and the raw numbers (`#`).
fn is_map_display_key(code: KeyCode) -> bool {
    matches!(code, KeyCode::Char('z' | '+' | '=' | '-' | 'm' | '#'))
}

impl<U: RulesetUi> GameScreen<U> {
    /// AI progress: an answer, the end of the pause after a move, the spinner.
    fn tick_ai(&mut self, env: &mut Env<'_>) -> bool {
        match self.ai_state {
            AiState::Idle => false,
            AiState::Pause { until } => {
                if Instant::now() < until {
                    return false;
                }
                self.ai_state = AiState::Idle;
                self.refresh();
                true
            }
            AiState::Thinking { .. } => {
                let Some(worker) = &self.ai else {
                    return false;
                };
                match worker.poll() {
                    Poll::Answer(a) => {
                        self.on_answer(a, env);
                        true
                    }
                    Poll::Gone => {
                        self.ai_state = AiState::Idle;
                        self.message = Some(("the AI worker has stopped".into(), Role::Error));
                        true
                    }
                    Poll::Waiting => {
                        if self.spun_at.elapsed() >= SPIN {
                            self.spun_at = Instant::now();
                            self.spin = self.spin.wrapping_add(1);
                            return true;
                        }
                        false
                    }
                }
            }
        }
    }
}

/// The end of `label` after as few of the whole words it shares with `prev` (a word ends
/// at a space) as must go for the rest to fit `room` columns, or after all of them when
/// nothing shorter fits; `None` when the two share no whole word. It is the part of a long
/// action label that tells it from the entry listed above it ("#1 (X-Com) to 1,6" after
/// "free move: Squaddie #0 (X-Com) to 0,4").
fn after_shared_words<'a>(label: &'a str, prev: &str, room: usize) -> Option<&'a str> {
    let mut last = None;
    for ((i, a), b) in label.char_indices().zip(prev.chars()) {
        if a != b {
            break;
        }
        if a == ' ' {
            let rest = &label[i + 1..];
            if rest.is_empty() {
                break;
            }
            last = Some(rest);
            if rest.chars().count() <= room {
                break;
            }
        }
    }
    last
}
