//! What Commander offers the shell beyond its map view: a shipped battle opens the squad
//! builder first, and the ruleset has a campaign screen. The shell hosts both; neither
//! reaches back into it (battles run on the [`Games`] the shell lends).

use super::{CampaignScreen, CommanderUi, SquadBuilder, is_battle};
use crate::plugin::{GameSpec, Games, Prepared, ScenarioSource};
use crate::session::Session;
use crate::store::{SaveSlot, SaveStore};
use squadsight_commander::Commander;
use squadsight_core::game::SeatConfig;
use std::rc::Rc;

/// A shipped battle scenario opens the squad builder, seeded with the scenario's own Squads;
/// operations and scenario files start at once. A seat the form gave to AI mode (`ai_seat1`,
/// `ai_seat2`) is played by the rules, so the shell only passes it its activations: such a
/// seat left to a person is handed to the shell's AI.
pub(super) fn pre_game(ui: &CommanderUi, spec: &GameSpec) -> Result<Prepared<Commander>, String> {
    let spec = with_ai_mode_seats(spec);
    let ScenarioSource::Builtin(id) = &spec.scenario else {
        return Ok(Prepared::Start(spec));
    };
    let info = ui.rules().scenario(id).map_err(|e| e.to_string())?;
    if !is_battle(&info) {
        return Ok(Prepared::Start(spec));
    }
    let builder = SquadBuilder::new(ui.clone(), info, spec)?;
    Ok(Prepared::Screen(Box::new(builder)))
}

/// The campaign screen, offering the campaigns saved in `store`.
pub(super) fn campaign(
    ui: &CommanderUi,
    seed: u64,
    store: &dyn SaveStore,
    games: Rc<dyn Games<Commander>>,
) -> Box<dyn Session> {
    Box::new(CampaignScreen::new(ui.clone(), seed, games, store))
}

/// The campaign screen on one campaign file.
pub(super) fn open_campaign(
    ui: &CommanderUi,
    slot: &SaveSlot,
    bytes: &[u8],
    games: Rc<dyn Games<Commander>>,
) -> Result<Box<dyn Session>, String> {
    CampaignScreen::open(ui.clone(), games, slot.clone(), bytes)
        .map(|s| Box::new(s) as Box<dyn Session>)
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
