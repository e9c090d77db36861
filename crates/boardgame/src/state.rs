//! The app's state: where the game is in its rounds, the round's action sequence, the clock as
//! far as the rules know it, and what the Central Officer has reported about the table.

use crate::action::Colour;
use crate::data::Question;

/// Where the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Setup instructions are shown (bg.app.setup).
    Setup,
    /// The round's budget is announced (bg.app.budget); the timed phase starts on Begin.
    Briefing,
    /// The timed phase: one action at a time (bg.app.actions).
    Timed,
    /// The final window after the last action (bg.round.final-window).
    Window,
    /// The resolution phase, one step at a time (bg.round.resolution-steps).
    Resolution,
    /// The game is decided; the app asks what the score needs (bg.gap.42).
    Count,
    /// The game is over.
    Over,
}

/// Where a UFO goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Target {
    /// Into orbit.
    Orbit,
    /// Over a continent (index).
    Continent(u8),
}

/// How an action of the round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ended {
    /// DONE with this many seconds left.
    Done(u32),
    /// An XCOM action's time ran out (bg.app.xcom-expiry).
    Expired,
    /// An alien action's time ran out and it was then confirmed (bg.app.alien-expiry-hold).
    ExpiredHeld,
}

/// One action of the round's sequence.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// Index into the catalogue's actions.
    pub action: usize,
    /// Moved from its normal place (bg.app.scramble).
    pub scrambled: bool,
    /// The scanner is lit during it (bg.app.forecast).
    pub scanner: bool,
    /// A forecast was asked during it.
    pub forecast_asked: bool,
    /// UFO counts per target, for spawns and descents.
    pub targets: Vec<(Target, u8)>,
    /// Seconds it was given when it came up (0 before, and in an untimed game).
    pub seconds: u32,
    /// How it ended, once it has.
    pub ended: Option<Ended>,
}

/// The clock of the current action, as far as the rules know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Clock {
    /// Counting down from `State::remaining`.
    Running,
    /// Paused: the action's clock is frozen at `State::remaining`, pause time runs.
    Paused,
    /// An alien action expired and waits for DONE, draining pause time
    /// (bg.app.alien-expiry-hold, bg.app.alien-expiry-drain).
    Hold,
}

/// A forecast given (bg.app.forecast).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Forecast {
    /// The entry during which it was asked.
    pub asked_at: usize,
    /// The forecast spawn's entry, or `None` when no contact was left to forecast.
    pub entry: Option<usize>,
    /// What it showed.
    pub targets: Vec<(Target, u8)>,
}

/// What the end-of-game count has gathered (bg.gap.42).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Count {
    /// Answers so far: UFOs on the board, soldiers and interceptors in the recruitment pool,
    /// base damage.
    pub answers: Vec<u8>,
}

/// A game in progress.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Difficulty index in the catalogue.
    pub difficulty: usize,
    /// Whether actions are timed (`--option timer=off` is an untimed learning game).
    pub timed: bool,
    /// Whether a newly red continent's budget cut is a chance (bg.round.summary-red).
    pub red_chance: bool,
    /// Whether a scrambled action may also move later (bg.gap.11's second reading).
    pub scramble_anywhere: bool,
    /// The round, from 1.
    pub round: u32,
    /// Where the game is.
    pub phase: Phase,
    /// The home-base continent (bg.app.setup).
    pub home_base: u8,
    /// Which invasion plan card, counted from 1 (bg.app.setup).
    pub plan_card: u8,
    /// Continents that start above the first panic space.
    pub raised: Vec<u8>,
    /// Each continent's colour as last reported.
    pub colours: Vec<Colour>,
    /// The colours at the summary before the last.
    pub previous: Vec<Colour>,
    /// Continents whose red budget cut waits a round (chance reading only).
    pub delayed: Vec<bool>,
    /// This round's budget.
    pub budget: u32,
    /// UFOs left in orbit, as last reported (bg.app.scramble-orbit).
    pub orbit: u32,
    /// Missions completed in the game (bg.round.mission-check).
    pub missions: u32,
    /// Whether a mission was completed this round.
    pub mission_this_round: bool,
    /// Whether the final mission is unlocked (bg.app.final-unlock).
    pub unlocked: bool,
    /// Pause seconds left this round; `None` is unlimited.
    pub pause_left: Option<u32>,
    /// The round's action sequence.
    pub plan: Vec<Entry>,
    /// The current entry (equal to `plan.len()` in the final window).
    pub current: usize,
    /// The clock's mode.
    pub clock: Clock,
    /// The menu is open (bg.app.menu-pause).
    pub menu: bool,
    /// Seconds left on the current action or the final window when its clock last started or
    /// stopped.
    pub remaining: u32,
    /// The next XCOM action gets half its time (bg.app.alien-expiry-halve).
    pub halve_next: bool,
    /// Forecasts given this round.
    pub forecasts: Vec<Forecast>,
    /// The current resolution step.
    pub step: usize,
    /// How the game was decided: `Some(true)` won, `Some(false)` lost.
    pub won: Option<bool>,
    /// Why.
    pub reason: String,
    /// The end-of-game count.
    pub count: Count,
    /// The final score.
    pub score: Option<i32>,
}

impl State {
    /// The current entry of the round, if an action is showing.
    pub fn entry(&self) -> Option<&Entry> {
        matches!(self.phase, Phase::Timed)
            .then(|| self.plan.get(self.current))
            .flatten()
    }

    /// Continents that have not fallen.
    pub fn standing(&self) -> Vec<u8> {
        (0..self.colours.len())
            .filter(|&c| self.colours[c] != Colour::Fallen)
            .filter_map(|c| u8::try_from(c).ok())
            .collect()
    }

    /// How many continents have this colour.
    pub fn colour_count(&self, colour: Colour) -> u32 {
        self.colours.iter().filter(|c| **c == colour).count() as u32
    }
}

/// What a question asks, for the count at the end (bg.gap.42).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountQuestion {
    /// UFOs on the board.
    Ufos,
    /// Soldiers in the recruitment pool.
    Soldiers,
    /// Interceptors in the recruitment pool.
    Interceptors,
    /// Base damage.
    BaseDamage,
    /// Panic colours.
    Panic,
}

impl CountQuestion {
    /// The count's questions in order.
    pub const ALL: [CountQuestion; 5] = [
        CountQuestion::Ufos,
        CountQuestion::Soldiers,
        CountQuestion::Interceptors,
        CountQuestion::BaseDamage,
        CountQuestion::Panic,
    ];
}

/// The question the app is waiting on, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asking {
    /// A resolution step's question.
    Step(Question),
    /// One of the final count's.
    Count(CountQuestion),
}
