//! The rulesets the app offers, each one [`Plugin`], and the shell's side of the map
//! plug-ins: [`MapPlugin`] turns a [`RulesetUi`] into a `Plugin` whose games, pre-game screens
//! and campaign battles run on the shell's game screen.

use crate::ai::AiWorker;
use crate::game_screen::GameScreen;
use crate::keys::Input;
pub use crate::plugin::{GameSpec, Plugin, ScenarioCard, ScenarioSource};
use crate::plugin::{Games, OptionSpec, PreGame, Prepared, Ready, Seats};
use crate::session::{Env, Flow, LeaveTo, Session};
use crate::store::{SaveSlot, SaveStore};
use crate::theme::Theme;
use crate::view::RulesetUi;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use squadsight_ai::{Level, Player, make_player};
use squadsight_core::game::{Game, SeatConfig, SeatKind};
use squadsight_core::save;
use squadsight_core::{Journal, Ruleset, Seat};
use std::any::Any;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

/// A map plug-in (a [`RulesetUi`]) with its scenarios read once, as the shell holds it.
pub(crate) struct MapPlugin<U: RulesetUi> {
    ui: Rc<U>,
    ruleset: Arc<U::Rules>,
    cards: Vec<ScenarioCard>,
    scenarios: Vec<Option<<U::Rules as Ruleset>::Scenario>>,
    options: Vec<OptionSpec>,
}

impl<U: RulesetUi> MapPlugin<U> {
    /// Reads the plug-in's shipped scenarios and options.
    pub(crate) fn new(ui: U) -> MapPlugin<U> {
        let ruleset = ui.ruleset();
        let mut cards = Vec::new();
        let mut scenarios = Vec::new();
        for info in ui.builtin_scenarios() {
            match ui.parse_scenario(info.source.as_bytes(), info.id) {
                Ok(s) => {
                    let count = ruleset.seat_count(&s);
                    cards.push(ScenarioCard {
                        id: info.id.to_string(),
                        title: info.title.to_string(),
                        description: ui.describe_scenario(&s),
                        seats: (0..count).map(|i| ruleset.seat_name(&s, Seat(i))).collect(),
                        broken: false,
                    });
                    scenarios.push(Some(s));
                }
                Err(e) => {
                    cards.push(ScenarioCard {
                        id: info.id.to_string(),
                        title: info.title.to_string(),
                        description: format!("This scenario cannot be read: {e}"),
                        seats: Vec::new(),
                        broken: true,
                    });
                    scenarios.push(None);
                }
            }
        }
        let options = ui.options();
        MapPlugin {
            ui: Rc::new(ui),
            ruleset,
            cards,
            scenarios,
            options,
        }
    }
}

/// The AI worker for a game's AI seats (`None` when every seat is a person).
pub(crate) fn spawn_ai<R: Ruleset + 'static>(
    ruleset: &Arc<R>,
    seats: &[SeatConfig],
    seed: u64,
) -> Result<Option<AiWorker<R>>, String> {
    let mut players: BTreeMap<Seat, Box<dyn Player<R>>> = BTreeMap::new();
    for (i, s) in seats.iter().enumerate() {
        if let SeatKind::Ai { level } = &s.kind {
            let level: Level = level.parse().map_err(|e| format!("{e}"))?;
            let seat = Seat(u8::try_from(i).map_err(|_| "too many seats".to_string())?);
            players.insert(seat, make_player::<R>(level, ai_seed(seed, seat)));
        }
    }
    if players.is_empty() {
        return Ok(None);
    }
    AiWorker::spawn(Arc::clone(ruleset), players)
        .map(Some)
        .map_err(|e| format!("cannot start the AI thread: {e}"))
}

/// Starts a game of `scenario` on `ui`'s rules with the seats, seed and options of `spec`
/// (its scenario source is not read: `scenario` is the one played).
pub(crate) fn start_game<U: RulesetUi>(
    ui: &U,
    scenario: <U::Rules as Ruleset>::Scenario,
    spec: &GameSpec,
    ai_pause: Duration,
) -> Result<Box<dyn Session>, String> {
    let ruleset = ui.ruleset();
    let mut options = <U::Rules as Ruleset>::Options::default();
    for (k, v) in &spec.options {
        ruleset.set_option(&mut options, k, v)?;
    }
    let ai = spawn_ai(&ruleset, &spec.seats, spec.seed)?;
    let game = Game::new(ruleset, scenario, options, spec.seed, spec.seats.clone())
        .map_err(|e| e.to_string())?;
    Ok(Box::new(GameScreen::new(ui, game, ai, ai_pause)))
}

/// Each AI seat's own seed, fixed by the game's seed, so a game against the AI plays out the
/// same way every time it is replayed from the same inputs.
pub fn ai_seed(game_seed: u64, seat: Seat) -> u64 {
    game_seed ^ (0x9e37_79b9_7f4a_7c15u64.wrapping_mul(u64::from(seat.0) + 1))
}

impl<U: RulesetUi> Plugin for MapPlugin<U> {
    fn id(&self) -> &'static str {
        U::Rules::ID
    }

    fn title(&self) -> &'static str {
        self.ui.title()
    }

    fn scenarios(&self) -> &[ScenarioCard] {
        &self.cards
    }

    fn options(&self) -> &[OptionSpec] {
        &self.options
    }

    fn option_help(&self, key: &str) -> Option<&'static str> {
        self.ui.option_help(key)
    }

    fn seats(&self) -> Seats {
        self.ui.seats()
    }

    fn rules(&self) -> &'static str {
        self.ruleset.rules_summary()
    }

    fn preview(&self, scenario: usize, area: Rect, buf: &mut Buffer, theme: &Theme) {
        if let Some(Some(s)) = self.scenarios.get(scenario) {
            self.ui.preview(s, area, buf, theme);
        }
    }

    fn start(&self, spec: &GameSpec, ai_pause: Duration) -> Result<Box<dyn Session>, String> {
        let scenario = match &spec.scenario {
            ScenarioSource::Builtin(id) => {
                let i = self.cards.iter().position(|c| c.id == *id).ok_or_else(|| {
                    let known: Vec<&str> = self.cards.iter().map(|c| c.id.as_str()).collect();
                    format!(
                        "{} has no scenario `{id}`; it has: {}",
                        U::Rules::ID,
                        known.join(", ")
                    )
                })?;
                match &self.scenarios[i] {
                    Some(s) => s.clone(),
                    None => return Err(self.cards[i].description.clone()),
                }
            }
            ScenarioSource::File { bytes, origin } => self.ui.parse_scenario(bytes, origin)?,
        };
        start_game(&*self.ui, scenario, spec, ai_pause)
    }

    fn open(
        &self,
        bytes: &[u8],
        origin: &str,
        replay: bool,
        ai_pause: Duration,
    ) -> Result<Box<dyn Session>, String> {
        let file =
            save::load::<U::Rules>(&self.ruleset, bytes, origin).map_err(|e| e.to_string())?;
        if replay {
            return Ok(Box::new(GameScreen::replay(&*self.ui, file)?));
        }
        resume_game(&*self.ui, file, origin, ai_pause)
    }

    fn prepare(&self, spec: &GameSpec, ai_pause: Duration) -> Result<Box<dyn Session>, String> {
        match self.ui.pre_game(spec)? {
            Prepared::Start(spec) => self.start(&spec, ai_pause),
            Prepared::Screen(screen) => Ok(Box::new(Preparing {
                ui: Rc::clone(&self.ui),
                ai_pause,
                leave_to: LeaveTo::Menu,
                stage: Stage::Screen(screen),
            })),
        }
    }

    fn campaign(
        &self,
        seed: u64,
        ai_pause: Duration,
        store: &dyn SaveStore,
    ) -> Option<Box<dyn Session>> {
        self.ui.campaign(seed, store, self.games(ai_pause))
    }

    fn open_campaign(
        &self,
        slot: &SaveSlot,
        bytes: &[u8],
        ai_pause: Duration,
    ) -> Option<Result<Box<dyn Session>, String>> {
        self.ui.open_campaign(slot, bytes, self.games(ai_pause))
    }
}

impl<U: RulesetUi> MapPlugin<U> {
    /// The shell's game screen for this ruleset, to lend to its campaign screen.
    fn games(&self, ai_pause: Duration) -> Rc<dyn Games<U::Rules>> {
        Rc::new(ScreenGames {
            ui: Rc::clone(&self.ui),
            ai_pause,
        })
    }
}

/// [`Games`] on the shell's game screen.
struct ScreenGames<U: RulesetUi> {
    ui: Rc<U>,
    ai_pause: Duration,
}

impl<U: RulesetUi> Games<U::Rules> for ScreenGames<U> {
    fn start(
        &self,
        scenario: <U::Rules as Ruleset>::Scenario,
        spec: &GameSpec,
    ) -> Result<Box<dyn Session>, String> {
        start_game(&*self.ui, scenario, spec, self.ai_pause)
    }

    fn resume(
        &self,
        file: save::SaveFile<U::Rules>,
        origin: &str,
    ) -> Result<Box<dyn Session>, String> {
        resume_game(&*self.ui, file, origin, self.ai_pause)
    }

    fn game<'a>(&self, session: &'a dyn Session) -> Option<&'a Game<U::Rules>> {
        session
            .as_any()
            .downcast_ref::<GameScreen<U>>()
            .map(GameScreen::game)
    }
}

/// Where a [`Preparing`] session is.
enum Stage<R: Ruleset> {
    /// The plug-in's pre-game screen.
    Screen(Box<dyn PreGame<R>>),
    /// The game it started.
    Game(Box<dyn Session>),
}

/// A map plug-in's pre-game screen, and then the game it asked for on the shell's game
/// screen.
struct Preparing<U: RulesetUi> {
    ui: Rc<U>,
    ai_pause: Duration,
    leave_to: LeaveTo,
    stage: Stage<U::Rules>,
}

impl<U: RulesetUi> Session for Preparing<U> {
    fn render(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        match &mut self.stage {
            Stage::Screen(s) => s.render(area, buf, theme),
            Stage::Game(g) => g.render(area, buf, theme),
        }
    }

    fn handle(&mut self, input: &Input, env: &mut Env<'_>) -> Flow {
        let screen = match &mut self.stage {
            Stage::Game(g) => return g.handle(input, env),
            Stage::Screen(s) => s,
        };
        match screen.handle(input) {
            Ready::Stay => {}
            Ready::Leave => return Flow::Menu,
            Ready::Start { scenario, spec } => {
                match start_game(&*self.ui, scenario, &spec, self.ai_pause) {
                    Ok(mut game) => {
                        game.set_leave_to(self.leave_to);
                        self.stage = Stage::Game(game);
                    }
                    Err(e) => screen.refused(e),
                }
            }
        }
        Flow::Stay
    }

    fn tick(&mut self, env: &mut Env<'_>) -> bool {
        match &mut self.stage {
            Stage::Game(g) => g.tick(env),
            Stage::Screen(_) => false,
        }
    }

    fn wake_in(&self) -> Option<Duration> {
        match &self.stage {
            Stage::Game(g) => g.wake_in(),
            Stage::Screen(_) => None,
        }
    }

    fn busy(&self) -> bool {
        match &self.stage {
            Stage::Game(g) => g.busy(),
            Stage::Screen(_) => false,
        }
    }

    fn set_leave_to(&mut self, to: LeaveTo) {
        self.leave_to = to;
        if let Stage::Game(g) = &mut self.stage {
            g.set_leave_to(to);
        }
    }

    /// The pre-game screen before the game starts, the game after (so tests reach each).
    fn as_any(&self) -> &dyn Any {
        match &self.stage {
            Stage::Screen(s) => s.as_any(),
            Stage::Game(g) => g.as_any(),
        }
    }
}

/// Plays on from a loaded save (read from `origin`): the game replayed to where it stopped,
/// with its AI seats thinking again.
pub(crate) fn resume_game<U: RulesetUi>(
    ui: &U,
    file: save::SaveFile<U::Rules>,
    origin: &str,
    ai_pause: Duration,
) -> Result<Box<dyn Session>, String> {
    let ruleset = ui.ruleset();
    let ai = spawn_ai(&ruleset, &file.seats, file.seed)?;
    let game =
        save::replay(ruleset, file, Journal::recording()).map_err(|e| format!("{origin}: {e}"))?;
    Ok(Box::new(GameScreen::new(ui, game, ai, ai_pause)))
}

/// The rulesets on offer.
#[derive(Default)]
pub struct Registry {
    entries: Vec<Box<dyn Plugin>>,
    problems: Vec<String>,
}

impl Registry {
    /// No rulesets.
    pub fn new() -> Registry {
        Registry::default()
    }

    /// Every ruleset this build ships with a view for. A ruleset whose rules data fails to
    /// load is left out, and [`Registry::problems`] says why.
    pub fn builtin() -> Registry {
        let mut registry = Registry::new();
        match crate::skirmish::SkirmishUi::new() {
            Ok(skirmish) => registry = registry.with(skirmish),
            Err(e) => registry
                .problems
                .push(format!("X-Com Skirmish is unavailable: {e}")),
        }
        match crate::commander::CommanderUi::new() {
            Ok(commander) => registry = registry.with(commander),
            Err(e) => registry
                .problems
                .push(format!("Commander 2.1 is unavailable: {e}")),
        }
        match crate::boardgame::BoardgamePlugin::new() {
            Ok(plugin) => registry = registry.with_plugin(Box::new(plugin)),
            Err(e) => registry
                .problems
                .push(format!("XCOM: The Board Game is unavailable: {e}")),
        }
        registry
    }

    /// Rulesets that could not be offered, and why.
    pub fn problems(&self) -> &[String] {
        &self.problems
    }

    /// Adds a ruleset whose games have the map, panel and hand layout of the shell's game
    /// screen.
    pub fn with<U: RulesetUi>(mut self, ui: U) -> Registry {
        self.entries.push(Box::new(MapPlugin::new(ui)));
        self
    }

    /// Adds a ruleset whose sessions draw the whole screen themselves (a dashboard).
    pub fn with_plugin(mut self, plugin: Box<dyn Plugin>) -> Registry {
        self.entries.push(plugin);
        self
    }

    /// Every ruleset, in menu order.
    pub fn entries(&self) -> &[Box<dyn Plugin>] {
        &self.entries
    }

    /// The ruleset with this ID.
    pub fn find(&self, id: &str) -> Option<&dyn Plugin> {
        self.entries
            .iter()
            .find(|e| e.id() == id)
            .map(|e| e.as_ref())
    }

    /// Starts a new game.
    pub fn start(&self, spec: &GameSpec, ai_pause: Duration) -> Result<Box<dyn Session>, String> {
        let entry = self
            .find(&spec.ruleset)
            .ok_or_else(|| self.unknown(&spec.ruleset))?;
        entry.start(spec, ai_pause)
    }

    /// What the new-game form opens for `spec`: the game, or first the screen its ruleset
    /// needs (Commander's squad builder).
    pub fn prepare(&self, spec: &GameSpec, ai_pause: Duration) -> Result<Box<dyn Session>, String> {
        let entry = self
            .find(&spec.ruleset)
            .ok_or_else(|| self.unknown(&spec.ruleset))?;
        entry.prepare(spec, ai_pause)
    }

    /// The campaign screen of the first ruleset that has a campaign mode, offering the
    /// campaigns saved in `store`.
    pub fn campaign(
        &self,
        seed: u64,
        ai_pause: Duration,
        store: &dyn SaveStore,
    ) -> Result<Box<dyn Session>, String> {
        self.entries
            .iter()
            .find_map(|e| e.campaign(seed, ai_pause, store))
            .ok_or_else(|| "no ruleset in this build has a campaign mode".to_string())
    }

    /// The campaign screen on the campaign file `bytes` read from `slot`.
    pub fn open_campaign(
        &self,
        slot: &SaveSlot,
        bytes: &[u8],
        ai_pause: Duration,
    ) -> Result<Box<dyn Session>, String> {
        self.entries
            .iter()
            .find_map(|e| e.open_campaign(slot, bytes, ai_pause))
            .unwrap_or_else(|| Err("no ruleset in this build has a campaign mode".to_string()))
    }

    /// Opens a save of any ruleset on offer (its header names the ruleset).
    pub fn open(
        &self,
        bytes: &[u8],
        origin: &str,
        replay: bool,
        ai_pause: Duration,
    ) -> Result<Box<dyn Session>, String> {
        let header = save::read_header(bytes, origin).map_err(|e| e.to_string())?;
        let entry = self
            .find(&header.ruleset)
            .ok_or_else(|| self.unknown(&header.ruleset))?;
        entry.open(bytes, origin, replay, ai_pause)
    }

    fn unknown(&self, id: &str) -> String {
        let known: Vec<&str> = self.entries.iter().map(|e| e.id()).collect();
        format!(
            "unknown ruleset `{id}`; this build has: {}",
            known.join(", ")
        )
    }
}
