//! The rulesets the app offers, each behind one object-safe [`Entry`] so that menus and saves
//! can pick a ruleset at run time.

use crate::ai::AiWorker;
use crate::game_screen::GameScreen;
use crate::session::Session;
use crate::store::{SaveSlot, SaveStore};
use crate::theme::Theme;
use crate::view::{OptionSpec, RulesetUi};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use squadsight_ai::{Level, Player, make_player};
use squadsight_core::game::{Game, SeatConfig, SeatKind};
use squadsight_core::save;
use squadsight_core::{Journal, Ruleset, Seat};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

/// Where a new game's scenario comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScenarioSource {
    /// A scenario shipped with the ruleset, by ID (`learning`).
    Builtin(String),
    /// A scenario file's contents, with its name for error messages.
    File {
        /// The file's bytes.
        bytes: Vec<u8>,
        /// Its path or name.
        origin: String,
    },
}

/// Everything needed to start a new game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSpec {
    /// The ruleset ID (`skirmish`).
    pub ruleset: String,
    /// The scenario.
    pub scenario: ScenarioSource,
    /// The game's seed.
    pub seed: u64,
    /// Who plays each seat; AI levels as `squadsight_ai::Level` spells them.
    pub seats: Vec<SeatConfig>,
    /// Table options as `KEY=VALUE` pairs.
    pub options: Vec<(String, String)>,
}

/// A shipped scenario as the menu shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioCard {
    /// Its ID.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its description, or why it cannot be played.
    pub description: String,
    /// The seat names, in seat order.
    pub seats: Vec<String>,
    /// Whether it failed to load (then `description` says why).
    pub broken: bool,
}

/// A ruleset, with its scenarios read once, behind an object-safe interface.
pub trait Entry {
    /// The ruleset ID.
    fn id(&self) -> &'static str;
    /// Its name in menus.
    fn title(&self) -> &'static str;
    /// The shipped scenarios.
    fn scenarios(&self) -> &[ScenarioCard];
    /// The table options.
    fn options(&self) -> &[OptionSpec];
    /// What an option does and what each value means, for the new-game form.
    fn option_help(&self, key: &str) -> Option<&'static str> {
        let _ = key;
        None
    }
    /// Our own rules summary, by clause.
    fn rules(&self) -> &'static str;
    /// Draws a shipped scenario's map preview.
    fn preview(&self, scenario: usize, area: Rect, buf: &mut Buffer, theme: &Theme);
    /// Starts a new game.
    fn start(&self, spec: &GameSpec, ai_pause: Duration) -> Result<Box<dyn Session>, String>;
    /// Opens a save of this ruleset: to play on, or (`replay`) to step through.
    fn open(
        &self,
        bytes: &[u8],
        origin: &str,
        replay: bool,
        ai_pause: Duration,
    ) -> Result<Box<dyn Session>, String>;
    /// What the new-game form opens: by default the game itself; a ruleset whose games need
    /// more setting up first (Commander's squad builder) opens that screen, which starts the
    /// game when it is done.
    fn prepare(&self, spec: &GameSpec, ai_pause: Duration) -> Result<Box<dyn Session>, String> {
        self.start(spec, ai_pause)
    }
    /// The ruleset's campaign screen, if it has a campaign mode, offering the campaigns saved
    /// in `store`; new campaigns use `seed`.
    fn campaign(
        &self,
        _seed: u64,
        _ai_pause: Duration,
        _store: &dyn SaveStore,
    ) -> Option<Box<dyn Session>> {
        None
    }
    /// The campaign screen on one campaign file (`bytes`, read from `slot`, where every change
    /// is written back), if the ruleset has a campaign mode.
    fn open_campaign(
        &self,
        _slot: &SaveSlot,
        _bytes: &[u8],
        _ai_pause: Duration,
    ) -> Option<Result<Box<dyn Session>, String>> {
        None
    }
}

/// A ruleset plug-in with its scenarios read once: the usual [`Entry`].
pub(crate) struct PluginEntry<U: RulesetUi> {
    ui: U,
    ruleset: Arc<U::Rules>,
    cards: Vec<ScenarioCard>,
    scenarios: Vec<Option<<U::Rules as Ruleset>::Scenario>>,
    options: Vec<OptionSpec>,
}

impl<U: RulesetUi> PluginEntry<U> {
    /// Reads the plug-in's shipped scenarios and options.
    pub(crate) fn new(ui: U) -> PluginEntry<U> {
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
        PluginEntry {
            ui,
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

impl<U: RulesetUi> Entry for PluginEntry<U> {
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
        start_game(&self.ui, scenario, spec, ai_pause)
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
            return Ok(Box::new(GameScreen::replay(&self.ui, file)?));
        }
        resume_game(&self.ui, file, origin, ai_pause)
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
    entries: Vec<Box<dyn Entry>>,
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
            Ok(commander) => registry
                .entries
                .push(Box::new(crate::commander::CommanderEntry::new(commander))),
            Err(e) => registry
                .problems
                .push(format!("Commander 2.1 is unavailable: {e}")),
        }
        match crate::boardgame::BoardgameEntry::new() {
            Ok(entry) => registry.entries.push(Box::new(entry)),
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

    /// Adds a ruleset.
    pub fn with<U: RulesetUi>(mut self, ui: U) -> Registry {
        self.entries.push(Box::new(PluginEntry::new(ui)));
        self
    }

    /// Every ruleset, in menu order.
    pub fn entries(&self) -> &[Box<dyn Entry>] {
        &self.entries
    }

    /// The ruleset with this ID.
    pub fn find(&self, id: &str) -> Option<&dyn Entry> {
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
