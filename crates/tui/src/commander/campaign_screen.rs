//! The Commander campaign screen: start a campaign or continue a saved one, see the Squad as
//! it stands (models lost, equipment, ranks, stores), play the next operation against AI
//! mode, and claim the rewards its draw offers before the Squad moves on.
//!
//! Every campaign step is the rules crate's (`Campaign::new`, `next_battle`,
//! `report_from_state`, `record_battle`, `claim`, `pass`); the screen only chooses and shows.
//! The battle itself is an ordinary game screen (saves, autosaves and replays included),
//! with the opposing side played by AI mode at the campaign's difficulty.
//!
//! The campaign persists (cmd.prep.campaign-persistent-squads, cmd.campaign.carry-over): it
//! is written to its slot in the store — the same campaign file `squadsight campaign` uses —
//! after every change (started, battle recorded with its reward draw, reward claimed or
//! passed). The battle in progress is kept beside it after every action, so a battle left
//! unfinished — or cut short by quitting — is taken up where it stopped rather than replayed
//! (cmd.campaign.carry-over). A file that cannot be read is listed with the reason and never
//! written over.

use super::CommanderUi;
use crate::draw::{self, Scratch};
use crate::keys::Input;
use crate::plugin::{GameSpec, Games, ScenarioSource};
use crate::session::{Env, Flow, LeaveTo, Session};
use crate::store::{SaveSlot, SaveStore};
use crate::theme::{Role, Theme};
use crossterm::event::{KeyCode, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use squadsight_commander::Commander;
use squadsight_commander::ai_mode::Difficulty;
use squadsight_commander::campaign::battle::{next_battle, report_from_state};
use squadsight_commander::campaign::{Campaign, default_squad};
use squadsight_commander::catalog::{Faction, Reward};
use squadsight_core::game::SeatConfig;
use squadsight_core::save::{self, Hash64};
use squadsight_core::{Decision, Seat};
use std::any::Any;
use std::rc::Rc;
use std::time::Duration;

/// Where the campaign screen is.
enum Stage {
    /// Choosing a saved campaign to continue, or the faction and difficulty of a new one.
    Setup,
    /// The campaign between battles.
    Overview,
    /// A battle in progress; the campaign Squad plays `seat`. `kept` is the chain link of
    /// the game as last written to the store.
    Battle {
        game: Box<dyn Session>,
        seat: Seat,
        kept: Option<Hash64>,
    },
    /// Claiming a reward from the last battle's draw.
    Rewards,
}

/// A saved campaign as the opening page lists it.
struct Saved {
    slot: SaveSlot,
    /// The campaign, or why its file cannot be read.
    campaign: Result<Campaign, String>,
    /// Whether a battle of it was left unfinished (it resumes where it stopped).
    in_battle: bool,
}

/// The campaign screen.
pub struct CampaignScreen {
    ui: CommanderUi,
    /// The shell's game screen, where battles are played.
    games: Rc<dyn Games<Commander>>,
    seed: u64,
    faction: Faction,
    difficulty: Difficulty,
    campaign: Option<Campaign>,
    /// Where the campaign is kept.
    slot: Option<SaveSlot>,
    /// The saved campaigns, newest first (the first rows of the opening page).
    saved: Vec<Saved>,
    stage: Stage,
    /// Setup: the row (saved campaigns, then faction and difficulty); rewards: the option.
    row: usize,
    /// Rewards: the unit the reward goes to.
    unit: usize,
    message: Option<(String, Role)>,
    scratch: Scratch,
    line: String,
}

impl CampaignScreen {
    /// A campaign screen offering the campaigns saved in `store` (newest first) and a new
    /// one; new campaigns draw their rewards from `seed`.
    pub fn new(
        ui: CommanderUi,
        seed: u64,
        games: Rc<dyn Games<Commander>>,
        store: &dyn SaveStore,
    ) -> CampaignScreen {
        let catalog = ui.rules().catalog();
        let saved = store
            .campaigns()
            .into_iter()
            .map(|slot| {
                let campaign = store.read(&slot).and_then(|bytes| {
                    Campaign::from_ron(&bytes, &slot.origin, catalog).map_err(|e| e.to_string())
                });
                let in_battle = store.campaign_battle(&slot).is_some();
                Saved {
                    slot,
                    campaign,
                    in_battle,
                }
            })
            .collect();
        CampaignScreen::with(ui, seed, games, saved)
    }

    /// A campaign screen on the campaign file `bytes`, kept at `slot` (a campaign made with
    /// `squadsight campaign new`, say): every change is written back there. Fails, naming
    /// the file and the place in it, when the file is not a campaign this build can read.
    pub fn open(
        ui: CommanderUi,
        games: Rc<dyn Games<Commander>>,
        slot: SaveSlot,
        bytes: &[u8],
    ) -> Result<CampaignScreen, String> {
        let campaign = Campaign::from_ron(bytes, &slot.origin, ui.rules().catalog())
            .map_err(|e| e.to_string())?;
        let mut screen = CampaignScreen::with(ui, campaign.seed, games, Vec::new());
        screen.resume(campaign, slot);
        Ok(screen)
    }

    /// The screen on its opening page with `saved` listed.
    fn with(
        ui: CommanderUi,
        seed: u64,
        games: Rc<dyn Games<Commander>>,
        saved: Vec<Saved>,
    ) -> CampaignScreen {
        CampaignScreen {
            ui,
            games,
            seed,
            faction: Faction::Xcom,
            difficulty: Difficulty::Classic,
            campaign: None,
            slot: None,
            saved,
            stage: Stage::Setup,
            row: 0,
            unit: 0,
            message: None,
            scratch: Scratch::default(),
            line: String::new(),
        }
    }

    /// The campaign, once started.
    pub fn campaign(&self) -> Option<&Campaign> {
        self.campaign.as_ref()
    }

    /// Where the campaign is kept, once started or opened.
    pub fn slot(&self) -> Option<&SaveSlot> {
        self.slot.as_ref()
    }

    /// The saved campaigns offered on the opening page, newest first: each slot, and the
    /// error when its file cannot be read.
    pub fn saved(&self) -> impl Iterator<Item = (&SaveSlot, Option<&str>)> {
        self.saved
            .iter()
            .map(|s| (&s.slot, s.campaign.as_ref().err().map(String::as_str)))
    }

    /// Whether a battle is being played.
    pub fn in_battle(&self) -> bool {
        matches!(self.stage, Stage::Battle { .. })
    }

    /// The battle on screen, if one is being played.
    pub fn battle(&self) -> Option<&dyn Session> {
        match &self.stage {
            Stage::Battle { game, .. } => Some(game.as_ref()),
            _ => None,
        }
    }

    /// Whether the screen waits for a reward to be claimed.
    pub fn claiming(&self) -> bool {
        matches!(self.stage, Stage::Rewards)
    }

    /// Writes the campaign to its slot; a failure is shown, and the campaign stays on
    /// screen so nothing is lost while the program runs.
    fn persist(&mut self, store: &mut dyn SaveStore) {
        let (Some(c), Some(slot)) = (&self.campaign, &self.slot) else {
            return;
        };
        if let Err(e) = c
            .to_ron()
            .and_then(|text| store.write_campaign(slot, &text))
        {
            self.message = Some((format!("The campaign was not saved: {e}"), Role::Error));
        }
    }

    /// Takes up `campaign`, kept at `slot`: its reward draw if one is waiting, else the
    /// overview.
    fn resume(&mut self, campaign: Campaign, slot: SaveSlot) {
        self.message = Some((format!("Saved as {}", slot.origin), Role::Text));
        self.campaign = Some(campaign);
        self.slot = Some(slot);
        self.between_battles();
    }

    /// Shows the reward draw waiting, if there is one, else the overview.
    fn between_battles(&mut self) {
        self.row = 0;
        self.unit = 0;
        let pending = self
            .campaign
            .as_ref()
            .is_some_and(|c| c.pending().is_some());
        self.stage = if pending {
            Stage::Rewards
        } else {
            Stage::Overview
        };
    }

    /// Continues the saved campaign on row `i`, unless its file cannot be read.
    fn continue_saved(&mut self, i: usize) {
        let Some(saved) = self.saved.get(i) else {
            return;
        };
        match &saved.campaign {
            Ok(c) => {
                let (c, slot) = (c.clone(), saved.slot.clone());
                self.resume(c, slot);
            }
            Err(e) => self.message = Some((e.clone(), Role::Error)),
        }
    }

    /// Starts a new campaign (cmd.campaign.base-loadout) and saves it in a slot of its own.
    fn begin(&mut self, store: &mut dyn SaveStore) {
        let catalog = self.ui.rules().catalog();
        let Some(squad) = default_squad(catalog, self.faction, "Commander") else {
            self.message = Some(("no starting Squad for that faction".into(), Role::Error));
            return;
        };
        match Campaign::new(
            catalog,
            self.seed,
            self.difficulty,
            &[squad],
            squadsight_commander::squad::STANDARD_LIMIT,
        ) {
            Ok(c) => {
                let name = format!("{}-{}", self.faction.name(), self.difficulty.as_str());
                let slot = store.new_campaign_slot(&name);
                self.resume(c, slot);
                self.persist(store);
            }
            Err(e) => self.message = Some((e.to_string(), Role::Error)),
        }
    }

    /// Starts the next operation's battle: the campaign Squad is a person, the other side
    /// AI mode at the campaign's difficulty.
    ///
    /// A battle of this operation left unfinished is taken up where it stopped instead: its
    /// outcome belongs to the campaign (cmd.campaign.carry-over), so it cannot be started over.
    fn play_next(&mut self, store: &mut dyn SaveStore) {
        let Some(c) = &self.campaign else { return };
        let battle = match next_battle(self.ui.rules().catalog(), c, 0) {
            Ok(b) => b,
            Err(e) => {
                self.message = Some((e.to_string(), Role::Error));
                return;
            }
        };
        if let Some(game) = self.unfinished_battle(store, &battle.scenario) {
            self.message = None;
            let mut game = game;
            game.set_leave_to(LeaveTo::Campaign);
            self.stage = Stage::Battle {
                game,
                seat: battle.seat,
                kept: None,
            };
            return;
        }
        let other = 1 - battle.seat.index().min(1);
        let mut seats = vec![SeatConfig::human(), SeatConfig::human()];
        // The rules play the other side (AI mode); the shell's AI only passes it the one
        // action the rules offer it.
        seats[other] = SeatConfig::ai("random");
        let spec = GameSpec {
            ruleset: "commander".into(),
            scenario: ScenarioSource::Builtin(battle.base.to_string()),
            seed: c.seed ^ (c.history.len() as u64 + 1),
            seats,
            options: vec![(
                format!("ai_seat{}", other + 1),
                c.difficulty.as_str().to_string(),
            )],
        };
        match self.games.start(battle.scenario, &spec) {
            Ok(game) => {
                self.message = None;
                let mut game = game;
                game.set_leave_to(LeaveTo::Campaign);
                self.stage = Stage::Battle {
                    game,
                    seat: battle.seat,
                    kept: None,
                };
            }
            Err(e) => self.message = Some((e, Role::Error)),
        }
    }

    /// The kept battle of this campaign, played on, when it is the battle `scenario` (the
    /// same operation, Squad and battle number).
    fn unfinished_battle(
        &self,
        store: &dyn SaveStore,
        scenario: &squadsight_commander::scenario::ScenarioDef,
    ) -> Option<Box<dyn Session>> {
        let slot = self.slot.as_ref()?;
        let bytes = store.campaign_battle(slot)?;
        let origin = format!("{} (battle in progress)", slot.origin);
        let file = save::load(self.ui.rules(), &bytes, &origin).ok()?;
        if file.scenario != *scenario {
            return None;
        }
        self.games.resume(file, &origin).ok()
    }

    /// Writes the battle on screen to the store whenever it has changed since last written.
    fn keep_battle(&mut self, store: &mut dyn SaveStore) {
        let Some(slot) = &self.slot else { return };
        let Stage::Battle { game, kept, .. } = &mut self.stage else {
            return;
        };
        let Some(played) = self.games.game(game.as_ref()) else {
            return;
        };
        let link = played.link();
        if *kept == Some(link) {
            return;
        }
        let written = save::to_ron(played)
            .map_err(|e| e.to_string())
            .and_then(|text| store.write_campaign_battle(slot, Some(&text)));
        match written {
            Ok(()) => *kept = Some(link),
            Err(e) => {
                self.message = Some((format!("The battle was not kept: {e}"), Role::Error));
            }
        }
    }

    /// Whether the battle on screen is over.
    fn battle_over(games: &dyn Games<Commander>, game: &dyn Session) -> bool {
        games
            .game(game)
            .is_some_and(|g| matches!(g.to_act(), Decision::Over(_)))
    }

    /// Records the finished battle in the campaign, draws its rewards and saves the
    /// campaign (cmd.campaign.carry-over, cmd.campaign.reward-draw).
    fn record(&mut self, store: &mut dyn SaveStore) {
        let Stage::Battle { game, seat, .. } = &self.stage else {
            return;
        };
        let Some(played) = self.games.game(game.as_ref()) else {
            return;
        };
        let catalog = self.ui.rules().catalog();
        let report = match report_from_state(catalog, played.state(), *seat, 0) {
            Ok(r) => r,
            Err(e) => {
                self.message = Some((e.to_string(), Role::Error));
                return;
            }
        };
        let Some(c) = &mut self.campaign else { return };
        let result = report.result;
        match c.record_battle(catalog, report) {
            Ok(()) => {
                let cards = c.history.last().map_or(0, |b| b.cards.len());
                self.message = Some((
                    format!("Battle recorded: a {result}; {cards} Reward Card(s) drawn."),
                    Role::Good,
                ));
                self.between_battles();
                self.persist(store);
                if let Some(slot) = &self.slot {
                    // The battle is in the campaign now; its kept copy has done its work.
                    if let Err(e) = store.write_campaign_battle(slot, None) {
                        self.message = Some((e, Role::Error));
                    }
                }
            }
            Err(e) => {
                self.message = Some((e.to_string(), Role::Error));
                self.stage = Stage::Overview;
            }
        }
    }

    /// The units a reward may go to: the Squad's units, or for a new unit every unit card
    /// of the Squad's faction.
    fn reward_units(&self, reward: Option<Reward>) -> Vec<String> {
        let Some(c) = &self.campaign else {
            return Vec::new();
        };
        let catalog = self.ui.rules().catalog();
        let Some(p) = c.players.first() else {
            return Vec::new();
        };
        match reward {
            Some(Reward::UniqueUnit | Reward::NonUniqueUnit) => catalog
                .units()
                .iter()
                .filter(|u| u.faction == p.faction)
                .map(|u| u.name.clone())
                .collect(),
            _ => p.units.iter().map(|u| u.unit.clone()).collect(),
        }
    }

    /// Claims the chosen reward for the chosen unit (cmd.campaign.one-reward-per-draw,
    /// cmd.campaign.reward-any-unit) and saves the campaign.
    fn claim(&mut self, store: &mut dyn SaveStore) {
        let catalog = self.ui.rules().catalog();
        let Some(c) = &self.campaign else { return };
        let options = c.reward_options(catalog);
        let reward = options.get(self.row).map(|o| o.reward);
        let units = self.reward_units(reward);
        let Some(unit) = units.get(self.unit).cloned() else {
            return;
        };
        let Some(c) = &mut self.campaign else { return };
        match c.claim(catalog, 0, self.row, &unit) {
            Ok(text) => {
                self.message = Some((text, Role::Good));
                if c.pending().is_none() {
                    self.stage = Stage::Overview;
                }
                self.persist(store);
            }
            Err(e) => self.message = Some((e.to_string(), Role::Error)),
        }
    }

    /// Takes nothing from the draw and saves the campaign.
    fn pass(&mut self, store: &mut dyn SaveStore) {
        let Some(c) = &mut self.campaign else { return };
        match c.pass(0) {
            Ok(()) => {
                self.message = Some(("No reward taken.".into(), Role::Text));
                self.stage = Stage::Overview;
                self.persist(store);
            }
            Err(e) => self.message = Some((e.to_string(), Role::Error)),
        }
    }

    /// Rows of the opening page: the saved campaigns, then faction and difficulty.
    fn setup_rows(&self) -> usize {
        self.saved.len() + 2
    }

    fn key(&mut self, code: KeyCode, store: &mut dyn SaveStore) -> Flow {
        let faction_row = self.saved.len();
        match (&self.stage, code) {
            (_, KeyCode::Esc) | (Stage::Overview | Stage::Setup, KeyCode::Char('q')) => {
                return Flow::Menu;
            }
            (Stage::Setup, KeyCode::Up | KeyCode::Char('k')) => {
                self.row = self.row.saturating_sub(1);
            }
            (Stage::Setup, KeyCode::Down | KeyCode::Char('j')) => {
                self.row = (self.row + 1).min(self.setup_rows() - 1);
            }
            (Stage::Setup, KeyCode::Left | KeyCode::Right | KeyCode::Char(' '))
                if self.row >= faction_row =>
            {
                if self.row == faction_row {
                    self.faction = self.faction.other();
                } else {
                    let all = Difficulty::ALL;
                    let i = all.iter().position(|d| *d == self.difficulty).unwrap_or(2);
                    let step = if code == KeyCode::Left {
                        all.len() - 1
                    } else {
                        1
                    };
                    self.difficulty = all[(i + step) % all.len()];
                }
            }
            (Stage::Setup, KeyCode::Enter) if self.row < faction_row => {
                self.continue_saved(self.row);
            }
            (Stage::Setup, KeyCode::Enter) => self.begin(store),
            (Stage::Overview, KeyCode::Enter | KeyCode::Char('p')) => self.play_next(store),
            (Stage::Rewards, KeyCode::Up | KeyCode::Char('k')) => {
                self.row = self.row.saturating_sub(1);
                self.unit = 0;
            }
            (Stage::Rewards, KeyCode::Down | KeyCode::Char('j')) => {
                let n = self
                    .campaign
                    .as_ref()
                    .map_or(0, |c| c.reward_options(self.ui.rules().catalog()).len());
                self.row = (self.row + 1).min(n.saturating_sub(1));
                self.unit = 0;
            }
            (Stage::Rewards, KeyCode::Left | KeyCode::Char('h')) => {
                self.unit = self.unit.saturating_sub(1);
            }
            (Stage::Rewards, KeyCode::Right | KeyCode::Char('l')) => self.unit += 1,
            (Stage::Rewards, KeyCode::Enter) => self.claim(store),
            (Stage::Rewards, KeyCode::Char('x')) => self.pass(store),
            _ => {}
        }
        // Keep the unit choice within the list.
        if let Stage::Rewards = self.stage {
            let catalog = self.ui.rules().catalog();
            let reward = self
                .campaign
                .as_ref()
                .and_then(|c| c.reward_options(catalog).get(self.row).map(|o| o.reward));
            let n = self.reward_units(reward).len();
            self.unit = self.unit.min(n.saturating_sub(1));
        }
        Flow::Stay
    }

    fn render_setup(&mut self, inner: Rect, buf: &mut Buffer, theme: &Theme) {
        let catalog = self.ui.rules().catalog();
        let used = draw::wrapped(
            buf,
            inner,
            0,
            0,
            "A campaign keeps one Squad from operation to operation: models destroyed are lost for good, and each battle's reward draw brings new equipment, ranks or units. The operations are played in order against AI mode. Campaigns are saved after every change.",
            theme.style(Role::Text),
        );
        let mut y = inner.y + u16::try_from(used + 1).unwrap_or(u16::MAX);
        let row_at = |buf: &mut Buffer, y: u16, selected: bool, label: &str| {
            let pointer = if selected { theme.pointer() } else { " " };
            let x = draw::text(buf, inner, inner.x, y, pointer, theme.style(Role::Key));
            let role = if selected { Role::Selected } else { Role::Text };
            draw::text(buf, inner, x + 1, y, label, theme.style(role));
        };
        if !self.saved.is_empty() {
            draw::line(
                buf,
                inner,
                y,
                "Continue a saved campaign (newest first):",
                theme.style(Role::Title),
            );
            y += 1;
            // Room for the list above the new-campaign rows and the key line.
            let room = usize::from(inner.bottom().saturating_sub(y).saturating_sub(5)).max(1);
            let first = self.row.min(self.saved.len()).saturating_sub(room - 1);
            for (i, saved) in self.saved.iter().enumerate().skip(first).take(room) {
                row_at(buf, y, i == self.row, &saved.slot.name);
                let x = inner.x + 24;
                match &saved.campaign {
                    Ok(c) => {
                        let next = c
                            .next_operation()
                            .map_or("complete", |o| catalog.operation(o).name.as_str());
                        let waiting = if saved.in_battle {
                            " (battle in progress)"
                        } else if c.pending().is_some() {
                            " (rewards waiting)"
                        } else {
                            ""
                        };
                        let text = self.scratch.format(format_args!(
                            "{}, {}: {} battle(s), next {next}{waiting}",
                            c.players.first().map_or("?", |p| p.faction.name()),
                            c.difficulty.as_str(),
                            c.history.len(),
                        ));
                        draw::text(buf, inner, x, y, text, theme.style(Role::Dim));
                    }
                    Err(e) => {
                        let text = self.scratch.format(format_args!("cannot be read: {e}"));
                        draw::text(buf, inner, x, y, text, theme.style(Role::Error));
                    }
                }
                y += 1;
            }
            y += 1;
        }
        draw::line(buf, inner, y, "New campaign:", theme.style(Role::Title));
        y += 1;
        let faction_row = self.saved.len();
        let rows = [
            ("Faction", self.faction.name()),
            ("AI difficulty", self.difficulty.as_str()),
        ];
        for (i, (label, value)) in rows.iter().enumerate() {
            let selected = faction_row + i == self.row;
            row_at(buf, y, selected, label);
            let role = if selected { Role::Selected } else { Role::Text };
            draw::text(buf, inner, inner.x + 24, y, value, theme.style(role));
            y += 1;
        }
        draw::footer(
            buf,
            inner,
            "Up/Down choose, Left/Right change, Enter continue or start a campaign, Esc back",
            theme,
        );
    }

    fn render_overview(&mut self, inner: Rect, buf: &mut Buffer, theme: &Theme) {
        let Some(c) = &self.campaign else { return };
        let catalog = self.ui.rules().catalog();
        let mut y = inner.y;
        let put = |buf: &mut Buffer, text: &str, role: Role, y: &mut u16| {
            draw::line(buf, inner, *y, text, theme.style(role));
            *y += 1;
        };
        let next = c
            .next_operation()
            .map_or("every operation has been played", |o| {
                catalog.operation(o).name.as_str()
            });
        let text = self.scratch.format(format_args!(
            "Difficulty {}, {} battle(s) played, {} outpost(s). Next: {next}",
            c.difficulty.as_str(),
            c.history.len(),
            c.outposts
        ));
        put(buf, text, Role::Title, &mut y);
        for (i, op) in catalog.operations().iter().enumerate() {
            let mark = match i.cmp(&c.next_operation) {
                std::cmp::Ordering::Less => "done ",
                std::cmp::Ordering::Equal => "next ",
                std::cmp::Ordering::Greater => "     ",
            };
            let text = self.scratch.format(format_args!("  {mark}{}", op.name));
            put(buf, text, Role::Dim, &mut y);
        }
        for p in &c.players {
            let text = self.scratch.format(format_args!(
                "{} ({}), Leader: {}",
                p.name,
                p.faction,
                p.leader.as_deref().unwrap_or("none")
            ));
            put(buf, text, Role::Key, &mut y);
            for u in &p.units {
                self.line.clear();
                self.line.push_str("  ");
                super::builder::write_pick(
                    &mut self.line,
                    &u.unit,
                    u.models,
                    u.primary.iter().chain(&u.secondary).map(String::as_str),
                    u.attachments.iter().map(String::as_str),
                    u.vest.as_deref(),
                    u.rank.as_deref().unwrap_or("first rank"),
                );
                put(buf, &self.line, Role::Text, &mut y);
            }
            let s = &p.stores;
            let text = self.scratch.format(format_args!(
                "  Stores: {} spl, {} weapon(s), {} attachment(s), {} vest(s)",
                s.supplies,
                s.weapons.len(),
                s.items.len(),
                s.vests.len()
            ));
            put(buf, text, Role::Dim, &mut y);
        }
        for b in c.history.iter().rev().take(3) {
            let lost: u32 = b.report.losses.iter().map(|l| u32::from(l.models)).sum();
            let text = self.scratch.format(format_args!(
                "{}: {} in {} round(s), {lost} model(s) lost, {} card(s)",
                b.operation,
                b.report.result,
                b.report.rounds,
                b.cards.len()
            ));
            put(buf, text, Role::Text, &mut y);
            for claim in &b.claims {
                let text = self
                    .scratch
                    .format(format_args!("  took {} ({})", claim.reward, claim.unit));
                put(buf, text, Role::Dim, &mut y);
            }
        }
        draw::footer(
            buf,
            inner,
            "Enter play the next operation, Esc back to the menu",
            theme,
        );
    }

    fn render_rewards(&mut self, inner: Rect, buf: &mut Buffer, theme: &Theme) {
        let Some(c) = &self.campaign else { return };
        let catalog = self.ui.rules().catalog();
        let mut y = inner.y;
        if let Some(b) = c.history.last() {
            let text = self.scratch.format(format_args!(
                "Reward draw after {} ({}):",
                b.operation, b.report.result
            ));
            draw::line(buf, inner, y, text, theme.style(Role::Title));
            y += 1;
            for l in b.draw_log.iter().take(6) {
                draw::line(buf, inner, y, l, theme.style(Role::Dim));
                y += 1;
            }
        }
        y += 1;
        let options = c.reward_options(catalog);
        for (i, o) in options.iter().enumerate() {
            let selected = i == self.row;
            let pointer = if selected { theme.pointer() } else { " " };
            let x = draw::text(buf, inner, inner.x, y, pointer, theme.style(Role::Key));
            let role = if selected { Role::Selected } else { Role::Text };
            draw::text(
                buf,
                inner,
                x + 1,
                y,
                &o.describe(catalog),
                theme.style(role),
            );
            y += 1;
        }
        y += 1;
        let units = self.reward_units(options.get(self.row).map(|o| o.reward));
        let unit = units.get(self.unit).map_or("-", String::as_str);
        let text = self.scratch.format(format_args!(
            "Goes to: < {unit} >  ({} of {})",
            self.unit + 1,
            units.len()
        ));
        draw::line(buf, inner, y, text, theme.style(Role::Key));
        draw::footer(
            buf,
            inner,
            "Up/Down reward, Left/Right unit, Enter claim, x take nothing, Esc menu",
            theme,
        );
    }
}

impl Session for CampaignScreen {
    fn render(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        if let Stage::Battle { game, .. } = &mut self.stage {
            game.render(area, buf, theme);
            if CampaignScreen::battle_over(&*self.games, game.as_ref()) {
                let y = area.bottom().saturating_sub(1);
                draw::clear(
                    buf,
                    Rect::new(area.x, y, area.width, 1),
                    theme.style(Role::Key),
                );
                draw::line(
                    buf,
                    area,
                    y,
                    "The battle is over: press c to record it in the campaign and draw rewards.",
                    theme.style(Role::Key),
                );
            }
            return;
        }
        draw::clear(buf, area, theme.style(Role::Text));
        let inner = draw::frame(buf, area, "Commander campaign", true, theme);
        let body = Rect::new(
            inner.x,
            inner.y,
            inner.width,
            inner.height.saturating_sub(2),
        );
        match self.stage {
            Stage::Setup => self.render_setup(body, buf, theme),
            Stage::Overview => self.render_overview(body, buf, theme),
            Stage::Rewards => self.render_rewards(body, buf, theme),
            Stage::Battle { .. } => {}
        }
        if let Some((m, role)) = &self.message {
            draw::line(
                buf,
                inner,
                inner.bottom().saturating_sub(1),
                m,
                theme.style(*role),
            );
        }
    }

    fn handle(&mut self, input: &Input, env: &mut Env<'_>) -> Flow {
        if let Stage::Battle { game, .. } = &mut self.stage {
            let over = CampaignScreen::battle_over(&*self.games, game.as_ref());
            if over && matches!(input, Input::Key(k) if k.code == KeyCode::Char('c')) {
                self.record(env.store);
                return Flow::Stay;
            }
            let flow = game.handle(input, env);
            self.keep_battle(env.store);
            return match flow {
                // Leaving a battle returns to the campaign: a finished one is recorded, an
                // unfinished one is kept to be taken up again.
                Flow::Menu if over => {
                    self.record(env.store);
                    Flow::Stay
                }
                Flow::Menu => {
                    self.stage = Stage::Overview;
                    self.message = Some((
                        "The battle was left unfinished and is kept: Enter takes it up again."
                            .into(),
                        Role::Text,
                    ));
                    Flow::Stay
                }
                flow => flow,
            };
        }
        match input {
            Input::Key(k) if !k.modifiers.contains(KeyModifiers::CONTROL) => {
                self.message = None;
                self.key(k.code, env.store)
            }
            _ => Flow::Stay,
        }
    }

    fn tick(&mut self, env: &mut Env<'_>) -> bool {
        let changed = match &mut self.stage {
            Stage::Battle { game, .. } => game.tick(env),
            _ => false,
        };
        if changed {
            self.keep_battle(env.store);
        }
        changed
    }

    fn wake_in(&self) -> Option<Duration> {
        match &self.stage {
            Stage::Battle { game, .. } => game.wake_in(),
            _ => None,
        }
    }

    fn busy(&self) -> bool {
        match &self.stage {
            Stage::Battle { game, .. } => game.busy(),
            _ => false,
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
