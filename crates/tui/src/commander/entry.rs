//! Commander in the registry: the usual plug-in entry, except that a new battle opens the
//! squad builder first and that the ruleset offers a campaign screen.

use super::{CampaignScreen, CommanderUi, SquadBuilder, is_battle};
use crate::registry::{Entry, GameSpec, PluginEntry, ScenarioCard, ScenarioSource};
use crate::session::Session;
use crate::store::{SaveSlot, SaveStore};
use crate::theme::Theme;
use crate::view::OptionSpec;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use squadsight_core::game::SeatConfig;
use std::time::Duration;

/// Commander's registry entry.
pub struct CommanderEntry {
    ui: CommanderUi,
    inner: PluginEntry<CommanderUi>,
}

impl CommanderEntry {
    /// The entry for `ui`.
    pub fn new(ui: CommanderUi) -> CommanderEntry {
        CommanderEntry {
            inner: PluginEntry::new(ui.clone()),
            ui,
        }
    }
}

impl Entry for CommanderEntry {
    fn id(&self) -> &'static str {
        self.inner.id()
    }

    fn title(&self) -> &'static str {
        self.inner.title()
    }

    fn scenarios(&self) -> &[ScenarioCard] {
        self.inner.scenarios()
    }

    fn options(&self) -> &[OptionSpec] {
        self.inner.options()
    }

    fn option_help(&self, key: &str) -> Option<&'static str> {
        self.inner.option_help(key)
    }

    fn rules(&self) -> &'static str {
        self.inner.rules()
    }

    fn preview(&self, scenario: usize, area: Rect, buf: &mut Buffer, theme: &Theme) {
        self.inner.preview(scenario, area, buf, theme);
    }

    fn start(&self, spec: &GameSpec, ai_pause: Duration) -> Result<Box<dyn Session>, String> {
        self.inner.start(spec, ai_pause)
    }

    fn open(
        &self,
        bytes: &[u8],
        origin: &str,
        replay: bool,
        ai_pause: Duration,
    ) -> Result<Box<dyn Session>, String> {
        self.inner.open(bytes, origin, replay, ai_pause)
    }

    /// A shipped battle scenario opens the squad builder, seeded with the scenario's own
    /// Squads; operations and scenario files start at once. A seat the form gave to AI mode
    /// (`ai_seat1`, `ai_seat2`) is played by the rules, so the shell only passes it its
    /// activations: such a seat left to a person is handed to the shell's AI.
    fn prepare(&self, spec: &GameSpec, ai_pause: Duration) -> Result<Box<dyn Session>, String> {
        let spec = &with_ai_mode_seats(spec);
        let ScenarioSource::Builtin(id) = &spec.scenario else {
            return self.start(spec, ai_pause);
        };
        let info = self.ui.rules().scenario(id).map_err(|e| e.to_string())?;
        if !is_battle(&info) {
            return self.start(spec, ai_pause);
        }
        let builder = SquadBuilder::new(self.ui.clone(), info, spec.clone(), ai_pause)?;
        Ok(Box::new(builder))
    }

    fn campaign(
        &self,
        seed: u64,
        ai_pause: Duration,
        store: &dyn SaveStore,
    ) -> Option<Box<dyn Session>> {
        Some(Box::new(CampaignScreen::new(
            self.ui.clone(),
            seed,
            ai_pause,
            store,
        )))
    }

    fn open_campaign(
        &self,
        slot: &SaveSlot,
        bytes: &[u8],
        ai_pause: Duration,
    ) -> Option<Result<Box<dyn Session>, String>> {
        Some(
            CampaignScreen::open(self.ui.clone(), ai_pause, slot.clone(), bytes)
                .map(|s| Box::new(s) as Box<dyn Session>),
        )
    }
}

/// `spec` with every seat whose AI-mode option is on played by the shell's AI (which can only
/// pass on the one action the rules offer such a seat).
fn with_ai_mode_seats(spec: &GameSpec) -> GameSpec {
    let mut spec = spec.clone();
    for (key, value) in &spec.options {
        let seat = match key.as_str() {
            "ai_seat1" => 0,
            "ai_seat2" => 1,
            _ => continue,
        };
        if value != "off" {
            if let Some(s) = spec.seats.get_mut(seat) {
                if s.is_human() {
                    *s = SeatConfig::ai("random");
                }
            }
        }
    }
    spec
}
