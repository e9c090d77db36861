//! XCOM: The Board Game in the shell. Its game is not a map but an app-like dashboard, so it
//! takes the full-area layout: it is a [`Plugin`] whose sessions are [`Dashboard`]s (and,
//! for a replay, a [`DashboardReplay`]), rather than a [`crate::view::RulesetView`] inside
//! the map screen. The menu, the new-game form (with no seat rows: the four roles are people
//! at the table) and the save store are the shell's as for every ruleset.

mod clock;
mod dashboard;
mod replay;

pub use clock::{ManualClock, TimeSource, WallClock};
pub use dashboard::{Dashboard, finished};
pub use replay::DashboardReplay;

use crate::draw::wrapped;
use crate::plugin::{GameSpec, OptionSpec, Plugin, ScenarioCard, ScenarioSource, Seats};
use crate::session::Session;
use crate::theme::{Role as Ui, Theme};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use squadsight_boardgame::Boardgame;
use squadsight_boardgame::data::ScenarioDef;
use squadsight_core::data::parse_ron;
use squadsight_core::game::{Game, SeatConfig};
use squadsight_core::{Journal, Ruleset, Seat, save};
use std::sync::Arc;
use std::time::Duration;

/// The board game's plug-in.
pub struct BoardgamePlugin {
    ruleset: Arc<Boardgame>,
    cards: Vec<ScenarioCard>,
    scenarios: Vec<ScenarioDef>,
    options: Vec<OptionSpec>,
}

impl BoardgamePlugin {
    /// The plug-in over the built-in app data.
    pub fn new() -> Result<BoardgamePlugin, String> {
        let ruleset = Arc::new(Boardgame::new().map_err(|e| e.to_string())?);
        let mut cards = Vec::new();
        let mut scenarios = Vec::new();
        for info in ruleset.scenarios() {
            let s: ScenarioDef =
                parse_ron(info.source.as_bytes(), info.id).map_err(|e| e.to_string())?;
            cards.push(ScenarioCard {
                id: info.id.to_string(),
                title: info.title.to_string(),
                description: describe(&ruleset, &s),
                seats: (0..4).map(|i| ruleset.seat_name(&s, Seat(i))).collect(),
                broken: false,
            });
            scenarios.push(s);
        }
        let option = |key, label, values: &[&str]| OptionSpec {
            key,
            label,
            values: values.iter().map(|v| v.to_string()).collect(),
            seat: None,
        };
        let options = vec![
            option("timer", "Timer", &["on", "off"]),
            option("red_budget", "Red budget cut", &["rule", "chance"]),
            option("scramble", "Scrambled actions", &["earlier", "anywhere"]),
        ];
        Ok(BoardgamePlugin {
            ruleset,
            cards,
            scenarios,
            options,
        })
    }

    fn session(&self, game: Game<Boardgame>) -> Box<dyn Session> {
        Box::new(Dashboard::new(game, Box::new(WallClock::new())))
    }
}

fn describe(ruleset: &Boardgame, s: &ScenarioDef) -> String {
    let catalog = ruleset.catalog();
    let Some(d) = catalog
        .difficulty(&s.difficulty)
        .map(|i| &catalog.difficulties[i])
    else {
        return format!("Unknown difficulty `{}`.", s.difficulty);
    };
    let pause = d.pause_seconds.map_or_else(
        || "unlimited pause".to_string(),
        |p| format!("{p} s of pause a round"),
    );
    format!(
        "squadsight as the companion app for the printed game: XCOM actions of {} s, alien actions of {} s, {pause}. The Central Officer works the keyboard; the other roles play at the table.",
        d.xcom_seconds, d.alien_seconds
    )
}

impl Plugin for BoardgamePlugin {
    fn id(&self) -> &'static str {
        Boardgame::ID
    }

    fn title(&self) -> &'static str {
        "XCOM: The Board Game (app)"
    }

    fn scenarios(&self) -> &[ScenarioCard] {
        &self.cards
    }

    fn options(&self) -> &[OptionSpec] {
        &self.options
    }

    fn seats(&self) -> Seats {
        Seats::AllPeople
    }

    fn rules(&self) -> &'static str {
        self.ruleset.rules_summary()
    }

    fn preview_title(&self) -> &'static str {
        "The app's numbers"
    }

    /// The difficulty's other numbers (ours, from `rulesets/boardgame/app.ron`), one to a
    /// line.
    fn preview(&self, scenario: usize, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let Some(s) = self.scenarios.get(scenario) else {
            return;
        };
        let catalog = self.ruleset.catalog();
        let Some(d) = catalog
            .difficulty(&s.difficulty)
            .map(|i| &catalog.difficulties[i])
        else {
            return;
        };
        // The action times and the pause are in the scenario's description above.
        let lines = [
            format!("Final window {} s", d.final_window_seconds),
            format!(
                "An XCOM action done early adds {}% of its time left to the pause, at most {} s",
                d.bonus_percent, d.bonus_cap
            ),
            format!(
                "Scramble chance {}% per UFO in orbit, at most {}%",
                d.scramble_per_ufo, d.scramble_cap
            ),
            format!(
                "Final mission may unlock from round {} ({}% then)",
                d.unlock_from, d.unlock_base
            ),
            "These numbers are ours (docs/rules/boardgame.md); a table may change them in rulesets/boardgame/app.ron.".to_string(),
        ];
        let mut y = 0u16;
        for l in &lines {
            let rows = wrapped(buf, area, y, 0, l, theme.style(Ui::Text));
            y = y.saturating_add(u16::try_from(rows).unwrap_or(u16::MAX));
        }
    }

    fn start(&self, spec: &GameSpec, _ai_pause: Duration) -> Result<Box<dyn Session>, String> {
        let scenario = match &spec.scenario {
            ScenarioSource::Builtin(id) => self
                .cards
                .iter()
                .position(|c| c.id == *id)
                .map(|i| self.scenarios[i].clone())
                .ok_or_else(|| format!("boardgame has no scenario `{id}`"))?,
            ScenarioSource::File { bytes, origin } => {
                parse_ron(bytes, origin).map_err(|e| e.to_string())?
            }
        };
        let mut options = squadsight_boardgame::options::Options::default();
        for (k, v) in &spec.options {
            self.ruleset.set_option(&mut options, k, v)?;
        }
        // The four roles are one team at the table: every seat is a person.
        let seats = vec![SeatConfig::human(); 4];
        let game = Game::new(
            Arc::clone(&self.ruleset),
            scenario,
            options,
            spec.seed,
            seats,
        )
        .map_err(|e| e.to_string())?;
        Ok(self.session(game))
    }

    fn open(
        &self,
        bytes: &[u8],
        origin: &str,
        replay: bool,
        _ai_pause: Duration,
    ) -> Result<Box<dyn Session>, String> {
        let file = save::load(&*self.ruleset, bytes, origin).map_err(|e| e.to_string())?;
        if replay {
            let viewer = DashboardReplay::open(Arc::clone(&self.ruleset), file)
                .map_err(|e| format!("{origin}: {e}"))?;
            return Ok(Box::new(viewer));
        }
        let game = save::replay(Arc::clone(&self.ruleset), file, Journal::recording())
            .map_err(|e| format!("{origin}: {e}"))?;
        Ok(self.session(game))
    }
}
