//! What a ruleset's UI offers the shell, and the one shape every plug-in has.
//!
//! The shell (the app loop, the menu and new-game form, the registry, the map game screen)
//! holds each ruleset as one [`Plugin`]: its scenarios and options, the rows its new-game
//! form needs ([`Seats`]), the screen a new game opens on (the game itself, or first a
//! pre-game screen such as a squad builder), its campaign screen if it has one, and its
//! sessions. A plug-in chooses its layout by the face it writes:
//!
//! - **map, panel and hand**: a [`crate::view::RulesetUi`] with its
//!   [`crate::view::RulesetView`]; the shell turns it into a `Plugin` whose games run on the
//!   shell's game screen (Skirmish, Commander). Its pre-game screens are [`PreGame`]s that hand
//!   back the scenario and [`GameSpec`] to start; its campaign screen starts and resumes
//!   battles through [`Games`], the shell's game screen lent to it.
//! - **a full-area dashboard**: a `Plugin` written directly, whose sessions draw the whole
//!   screen (the board game's companion app).
//!
//! Plug-ins live below the shell: they use this module, [`crate::view`], [`crate::session`]
//! and the drawing, theme, key and store modules, and never the registry, the app, the menu
//! or the game screen.

use crate::keys::Input;
use crate::session::Session;
use crate::store::{SaveSlot, SaveStore};
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use squadsight_core::Ruleset;
use squadsight_core::game::{Game, SeatConfig};
use squadsight_core::save::SaveFile;
use std::any::Any;
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

/// One table option and its values, the default first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The key, as `--option KEY=VALUE` spells it.
    pub key: &'static str,
    /// Its name in the new-game form: a few words, at most 17 characters.
    pub label: &'static str,
    /// The values it takes, the default first.
    pub values: Vec<String>,
    /// Set when any value but the default hands a seat to the ruleset's own AI: the form then
    /// offers those values on that seat's row instead of a row of their own.
    pub seat: Option<RulesAiSeat>,
}

/// The seat an option hands to the ruleset's own AI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesAiSeat {
    /// The seat, 0-based.
    pub seat: usize,
    /// The value (an index into the option's values) the form gives an AI seat at first.
    pub ai_default: usize,
}

/// The seat rows a plug-in's games have in the new-game form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seats {
    /// One row per seat: a person, or the AI at a level.
    Choose,
    /// None: every seat is a person at the table, sharing one keyboard (the board game's
    /// roles, whose Central Officer works the app).
    AllPeople,
}

/// A ruleset as the shell holds it, behind one object-safe interface, so that menus and
/// saves can pick a ruleset at run time.
pub trait Plugin {
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
    /// The seat rows of the new-game form (default: a row per seat).
    fn seats(&self) -> Seats {
        Seats::Choose
    }
    /// Our own rules summary, by clause.
    fn rules(&self) -> &'static str;
    /// The title of the new-game form's preview pane (default: a map game's).
    fn preview_title(&self) -> &'static str {
        "Map preview"
    }
    /// Draws a shipped scenario's preview.
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
        seed: u64,
        ai_pause: Duration,
        store: &dyn SaveStore,
    ) -> Option<Box<dyn Session>> {
        let _ = (seed, ai_pause, store);
        None
    }
    /// The campaign screen on one campaign file (`bytes`, read from `slot`, where every change
    /// is written back), if the ruleset has a campaign mode.
    fn open_campaign(
        &self,
        slot: &SaveSlot,
        bytes: &[u8],
        ai_pause: Duration,
    ) -> Option<Result<Box<dyn Session>, String>> {
        let _ = (slot, bytes, ai_pause);
        None
    }
}

/// The shell's game screen for one ruleset, lent to a plug-in's own screens: a campaign
/// screen starts and takes up its battles through it, and reads how they stand, without
/// knowing the screen's type.
pub trait Games<R: Ruleset> {
    /// A new game of `scenario` with the seats, seed and options of `spec` (its scenario
    /// source is not read).
    fn start(&self, scenario: R::Scenario, spec: &GameSpec) -> Result<Box<dyn Session>, String>;
    /// Plays on from a loaded save, read from `origin`.
    fn resume(&self, file: SaveFile<R>, origin: &str) -> Result<Box<dyn Session>, String>;
    /// The game inside a session this made.
    fn game<'a>(&self, session: &'a dyn Session) -> Option<&'a Game<R>>;
}

/// What a pre-game screen asks of the shell after an input.
pub enum Ready<R: Ruleset> {
    /// Keep showing the screen.
    Stay,
    /// Leave it without starting a game (back where the player came from).
    Leave,
    /// Start this game: `scenario` as built on the screen, with the seats, seed and options
    /// of `spec`.
    Start {
        /// The scenario to play.
        scenario: R::Scenario,
        /// The rest of the game's starting inputs.
        spec: GameSpec,
    },
}

/// A screen a plug-in shows before a game starts (a squad builder, a setup form). The shell
/// hosts it and starts the game it hands back on the shell's game screen.
pub trait PreGame<R: Ruleset> {
    /// Draws the whole screen.
    fn render(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme);
    /// Reads one input.
    fn handle(&mut self, input: &Input) -> Ready<R>;
    /// The game it asked for could not start: `why` is to be shown on the screen.
    fn refused(&mut self, why: String);
    /// The screen as `Any`, so tests can look at it.
    fn as_any(&self) -> &dyn Any;
}

/// What a new game opens on, as a map plug-in's [`crate::view::RulesetUi::pre_game`] says.
pub enum Prepared<R: Ruleset> {
    /// The game itself, from this spec.
    Start(GameSpec),
    /// A pre-game screen first.
    Screen(Box<dyn PreGame<R>>),
}
