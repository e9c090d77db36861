//! Commander 2.1 on screen: the table (square or hex) panned under a cursor, unit cards, the
//! dice bag, attack odds before every shot, the squad builder that opens before a battle and
//! the campaign screen.
//!
//! As with every ruleset, the view reads only the viewing seat's observation and the legal
//! actions the rules list; what it marks on the table (where a model may run, whom it may
//! attack) comes from those actions, and the odds come from the rules' own preview
//! (`Commander::attack_odds`, built exactly as the attack would be), so the screen never offers
//! or promises what the rules would refuse.

mod builder;
mod campaign_screen;
pub mod map;
mod offers;
mod panel;

pub use builder::SquadBuilder;
pub use campaign_screen::CampaignScreen;

use crate::draw::{self, Scratch};
use crate::map::grid::{self, Geometry};
use crate::map::legend::Item;
use crate::map::{Zoom, overview};
use crate::plugin::{GameSpec, Games, Prepared};
use crate::session::Session;
use crate::store::{SaveSlot, SaveStore};
use crate::theme::{Role, Theme};
use crate::view::{
    KeyHelp, MapControls, MapNav, OptionSpec, Reply, RulesAiSeat, RulesetUi, RulesetView, ViewCtx,
};
use crossterm::event::{KeyCode, KeyEvent, MouseEvent};
use map::Mark;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use squadsight_commander::Commander;
use squadsight_commander::action::Action;
use squadsight_commander::board::{Board, Cell};
use squadsight_commander::catalog::Catalog;
use squadsight_commander::combat::AttackOdds;
use squadsight_commander::observe::Observation;
use squadsight_commander::scenario::ScenarioDef;
use squadsight_commander::state::{Model, ModelId, Presence, State, Window};
use squadsight_core::data::parse_ron;
use squadsight_core::{Ruleset as _, Seat};
use std::rc::Rc;
use std::sync::Arc;

pub use crate::theme::SIDE_MARKERS;

/// The AI-mode difficulties a seat can be handed to (`off`: a person or the shell's AI).
const AI_MODE: &[&str] = &["off", "easy", "normal", "classic", "impossible"];

/// Where `classic` is in [`AI_MODE`] (the rules' own difficulty, ±0 activations).
const CLASSIC: usize = 3;

/// The table options (the rules' `Options::set` keys), their form labels and values (the
/// default first), and the seat an AI-mode option plays.
const OPTIONS: &[(&str, &str, &[&str], Option<usize>)] = &[
    ("ai_seat1", "Seat 1 AI mode", AI_MODE, Some(0)),
    ("ai_seat2", "Seat 2 AI mode", AI_MODE, Some(1)),
    ("grid", "Grid", &["square", "hex"], None),
    ("measure", "Measure", &["tape", "steps"], None),
    (
        "table",
        "Table (inches)",
        &["48", "24", "36", "60", "72"],
        None,
    ),
    (
        "round_limit",
        "Round limit",
        &["0", "3", "4", "5", "6", "8", "10", "12"],
        None,
    ),
    (
        "commanding_presence",
        "Cmd. Presence",
        &["rulebook", "files"],
        None,
    ),
    (
        "special_action_order",
        "[Action] order",
        &["action", "down"],
        None,
    ),
    (
        "damage_sequence",
        "Armour test",
        &["armour-save", "literal"],
        None,
    ),
    (
        "sniper_modifiers",
        "Sniper ignores",
        &["all", "table"],
        None,
    ),
    ("high_explosive", "High Explosive", &["damage", "hit"], None),
    (
        "mindspin_range",
        "Mindspin range",
        &["sight", "amp-contact"],
        None,
    ),
    (
        "ai_wounded",
        "AI wounded row",
        &["wounds-left", "wounded"],
        None,
    ),
];

/// Commander's plug-in.
#[derive(Clone)]
pub struct CommanderUi {
    ruleset: Arc<Commander>,
}

impl CommanderUi {
    /// The plug-in for the embedded rules data; an error if that data does not load.
    pub fn new() -> Result<CommanderUi, String> {
        let ruleset = Commander::new().map_err(|e| e.to_string())?;
        Ok(CommanderUi {
            ruleset: Arc::new(ruleset),
        })
    }

    /// The rules.
    pub fn rules(&self) -> &Commander {
        &self.ruleset
    }
}

impl RulesetUi for CommanderUi {
    type Rules = Commander;
    type View = CommanderView;

    fn title(&self) -> &'static str {
        "Commander 2.1"
    }

    fn ruleset(&self) -> Arc<Commander> {
        Arc::clone(&self.ruleset)
    }

    fn parse_scenario(&self, bytes: &[u8], origin: &str) -> Result<ScenarioDef, String> {
        let def: ScenarioDef = parse_ron(bytes, origin).map_err(|e| e.to_string())?;
        // Checked here (on the default table) so that a bad file is reported before a game
        // starts.
        def.plan(
            self.ruleset.catalog(),
            squadsight_commander::board::GridKind::Square,
            48,
        )
        .map_err(|problems| format!("{origin}: {}", problems.join("; ")))?;
        Ok(def)
    }

    fn scenario_title(&self, scenario: &ScenarioDef) -> String {
        scenario.title.clone()
    }

    fn describe_scenario(&self, scenario: &ScenarioDef) -> String {
        let building = if is_battle(scenario) {
            " Starting it opens the squad builder for both sides."
        } else {
            ""
        };
        format!("{}{building}", scenario.description)
    }

    fn option_help(&self, key: &str) -> Option<&'static str> {
        Some(match key {
            "ai_seat1" | "ai_seat2" => {
                "Hands the seat to the rulebook's AI mode at a difficulty (cmd.ai.difficulty); off: a person or the shell's AI plays it."
            }
            "grid" => "Measure moves and ranges on squares or on hexes (cmd.move.range-systems).",
            "measure" => {
                "tape (default): on squares, distances and moves are measured between cell centres as a tape would. steps: a diagonal step counts as one (cmd.move.default-inches)."
            }
            "mindspin_range" => {
                "sight (default): Mindspin reaches any enemy in sight. amp-contact: a model with a Psi Amp (Range 0) reaches only an enemy in base contact (cmd.gap.42)."
            }
            "table" => "The side of the table in inches, for scenarios that do not fix their own.",
            "round_limit" => {
                "The last round of the battle; 0 keeps the round limit the scenario sets (cmd.gap.27)."
            }
            "commanding_presence" => {
                "rulebook: Commanding Presence as the rulebook words it; files: as the unit files word it (cmd.gap.48)."
            }
            "special_action_order" => {
                "When a model uses an [Action] ability on an objective: action first, or down first (cmd.gap.7)."
            }
            "damage_sequence" => {
                "armour-save (default): a landed hit is stopped by an [Armour] test at or under the tagged stat. literal: passing that test applies the damage (cmd.gap.4)."
            }
            "sniper_modifiers" => {
                "all (default): Sniper weapons ignore every to-hit modifier but Target is Down. table: they keep the 1-action, Laser Sight and Squad Tactics modifiers (cmd.sr.sniper)."
            }
            "high_explosive" => {
                "damage (default): High Explosive destroys terrain only when its damage is applied. hit: on every hit, even one Armour stopped (cmd.sr.high-explosive)."
            }
            "ai_wounded" => {
                "Which AI-card row a hurt model uses: by wounds left, or any wounded model (cmd.gap.38)."
            }
            _ => return None,
        })
    }

    fn options(&self) -> Vec<OptionSpec> {
        OPTIONS
            .iter()
            .map(|&(key, label, values, seat)| OptionSpec {
                key,
                label,
                values: values.iter().map(|v| (*v).to_string()).collect(),
                // An AI seat plays AI mode on Classic unless the form is told otherwise, as
                // `--seat 2=ai` does on the command line.
                seat: seat.map(|seat| RulesAiSeat {
                    seat,
                    ai_default: CLASSIC,
                }),
            })
            .collect()
    }

    fn view(&self, _scenario: &ScenarioDef) -> CommanderView {
        CommanderView::new(self.ruleset.catalog())
    }

    /// The whole state: nothing hidden (the hidden Infiltrator's loadout included).
    fn referee_observation(_ruleset: &Commander, state: &State, seat: Seat) -> Observation {
        Observation {
            seat,
            state: state.clone(),
        }
    }

    fn preview(&self, scenario: &ScenarioDef, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let catalog = self.ruleset.catalog();
        let Ok(plan) = scenario.plan(catalog, squadsight_commander::board::GridKind::Square, 48)
        else {
            return;
        };
        panel::preview(&plan, area, buf, theme);
    }

    fn pre_game(&self, spec: &GameSpec) -> Result<Prepared<Commander>, String> {
        offers::pre_game(self, spec)
    }

    fn campaign(
        &self,
        seed: u64,
        store: &dyn SaveStore,
        games: Rc<dyn Games<Commander>>,
    ) -> Option<Box<dyn Session>> {
        Some(offers::campaign(self, seed, store, games))
    }

    fn open_campaign(
        &self,
        slot: &SaveSlot,
        bytes: &[u8],
        games: Rc<dyn Games<Commander>>,
    ) -> Option<Result<Box<dyn Session>, String>> {
        Some(offers::open_campaign(self, slot, bytes, games))
    }
}

/// Whether a scenario is a pitched battle whose Squads the players build (no operation, both
/// sides with a Squad).
pub fn is_battle(scenario: &ScenarioDef) -> bool {
    scenario.operation.is_none() && scenario.sides.iter().all(|s| s.squad.is_some())
}

/// Two-letter abbreviations of the unit cards, unique ignoring case, so a Down model (drawn
/// in lower case) still reads as its unit.
pub fn abbreviations(catalog: &Catalog) -> Vec<[char; 2]> {
    crate::cell::abbreviations(catalog.units().iter().map(|u| u.name.as_str()))
}

/// The Commander view of one game.
pub struct CommanderView {
    abbrevs: Vec<[char; 2]>,
    cursor: Cell,
    /// The seat whose eyes the cursor was last placed for; another viewer (hot-seat)
    /// starts on its own models.
    placed_for: Option<Seat>,
    origin: (u8, u8),
    /// The zoom (the whole table, `Overview`, or its cells in detail), the legend, piece
    /// heights as numbers and where the map was drawn.
    map: MapControls,
    selected: Option<ModelId>,
    /// The cell the action list is narrowed to (several actions aim there).
    aimed: Option<Cell>,
    /// The weapon (index into the actor's weapons) whose ranges are overlaid.
    overlay: Option<usize>,
    /// The weapon of the attack highlighted in the action list: its ranges are overlaid
    /// while it is highlighted, unless `r` chose one.
    highlighted_weapon: Option<squadsight_commander::catalog::WeaponId>,
    marks: Vec<Mark>,
    /// From the actor to the cursor: sight, cover and distance.
    sight: Option<panel::SightInfo>,
    /// The highlighted attack, its label and its odds, kept until another action is
    /// highlighted.
    odds: Option<(Action, String, Option<AttackOdds>)>,
    /// Each model's name, by id, as of the last refresh.
    names: Vec<String>,
    /// A reusable line for lists drawn in the panel.
    line: String,
    geometry: Option<Geometry>,
    /// The overview's geometry, while it is shown.
    overview: Option<overview::Geometry>,
    scratch: Scratch,
}

impl CommanderView {
    /// A view using `catalog`'s unit names.
    pub fn new(catalog: &Catalog) -> CommanderView {
        CommanderView {
            abbrevs: abbreviations(catalog),
            cursor: Cell::new(0, 0),
            placed_for: None,
            origin: (0, 0),
            map: MapControls::default(),
            selected: None,
            aimed: None,
            overlay: None,
            highlighted_weapon: None,
            marks: Vec::new(),
            sight: None,
            odds: None,
            names: Vec::new(),
            line: String::new(),
            geometry: None,
            overview: None,
            scratch: Scratch::default(),
        }
    }

    /// The cell under the map cursor.
    pub fn cursor(&self) -> Cell {
        self.cursor
    }

    /// The selected model.
    pub fn selected(&self) -> Option<ModelId> {
        self.selected
    }

    /// What the map marks on a cell.
    pub fn mark(&self, board: &Board, c: Cell) -> Mark {
        board
            .index(c)
            .and_then(|i| self.marks.get(i))
            .copied()
            .unwrap_or_default()
    }

    /// The screen position of a cell's middle glyph when the map was last drawn, for tests
    /// and scripted clicks.
    pub fn screen_of(&self, c: Cell) -> Option<(u16, u16)> {
        if self.map.zoom == Zoom::Overview {
            return self.overview.as_ref()?.char_of((c.x, c.y));
        }
        self.geometry
            .as_ref()?
            .cell_of((c.x, c.y))
            .map(|(x, y)| (x.saturating_add(1), y))
    }

    /// Says, on the map's last line, how many enemy models are off screen and which way,
    /// so a battle's start never hides the enemy without a word.
    fn draw_off_screen(
        &mut self,
        ctx: &ViewCtx<'_, Commander>,
        geo: &Geometry,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let st = &ctx.obs.state;
        let w = geo.window();
        let (mut count, mut dirs) = (0usize, [false; 4]);
        for m in st.on_table() {
            if m.controller() == ctx.viewer || geo.cell_of((m.cell.x, m.cell.y)).is_some() {
                continue;
            }
            count += 1;
            dirs[0] |= m.cell.x < w.x.0;
            dirs[1] |= m.cell.x >= w.x.0.saturating_add(w.x.1);
            dirs[2] |= m.cell.y < w.y.0;
            dirs[3] |= m.cell.y >= w.y.0.saturating_add(w.y.1);
        }
        if count == 0 {
            return;
        }
        let mut way = [b' '; 4];
        let mut n = 0;
        for (on, c) in dirs.iter().zip(*b"<>^v") {
            if *on {
                way[n] = c;
                n += 1;
            }
        }
        let way = std::str::from_utf8(&way[..n]).unwrap_or("");
        let text = self.scratch.format(format_args!(
            " {count} enemy off screen {way} (z: whole table) "
        ));
        let y = area.bottom().saturating_sub(1);
        draw::text_cut(buf, area, area.x, y, text, ctx.theme.style(Role::Bad));
    }

    /// The zoom of the map.
    pub fn zoom(&self) -> Zoom {
        self.map.zoom
    }

    /// The unit (owner and profile) whose models the map underlines: that of the model
    /// under the cursor, else of the acting or selected one.
    pub(crate) fn group_of(
        &self,
        st: &State,
    ) -> Option<(Seat, squadsight_commander::catalog::UnitId)> {
        self.card_model(st).map(|m| (m.owner, m.unit))
    }

    /// The model the view acts for: the acting model, the free attacker, else the selection.
    fn actor(&self, st: &State) -> Option<ModelId> {
        if let Some(Window::FreeAttack { attacker, .. }) = st.windows.first() {
            return Some(*attacker);
        }
        st.activation().map(|a| a.model).or(self.selected)
    }

    /// The model whose card the panel shows: the one under the cursor, else the actor.
    fn card_model<'s>(&self, st: &'s State) -> Option<&'s Model> {
        st.model_at(self.cursor)
            .or_else(|| self.actor(st))
            .and_then(|id| st.model(id))
    }

    /// The cell an action is aimed at, if any.
    fn target_cell(st: &State, a: &Action) -> Option<Cell> {
        let model_cell = |id: ModelId| st.model(id).filter(|m| m.on_table()).map(|m| m.cell);
        match *a {
            Action::Activate(id) | Action::Command(id) => model_cell(id),
            Action::Attack { target, .. } | Action::Mindspin { target, .. } => model_cell(target),
            Action::Run { to, .. } | Action::Climb { to, .. } | Action::ScatterTo(to) => Some(to),
            Action::Reveal(k) => st.markers.get(usize::from(k)).map(|m| m.cell),
            Action::FreeAttack(_) => match st.windows.first() {
                Some(Window::FreeAttack { target, .. }) => model_cell(*target),
                _ => None,
            },
            _ => None,
        }
    }

    /// Recomputes the marks, the sight line to the cursor and the range overlay.
    fn recompute(&mut self, ctx: &ViewCtx<'_, Commander>) {
        let st = &ctx.obs.state;
        let board = &st.board;
        self.marks.clear();
        self.marks.resize(board.cell_count(), Mark::None);
        let actor = self
            .actor(st)
            .and_then(|id| st.model(id))
            .filter(|m| m.on_table());
        let chosen = self
            .overlay
            .and_then(|w| actor.and_then(|a| a.weapons.get(w)).copied())
            .or(self.highlighted_weapon);
        if let (Some(a), Some(w)) = (actor, chosen) {
            let weapon = ctx.ruleset.catalog().weapon(w);
            let half = weapon.half_range.map(u32::from);
            let max = u32::from(weapon.max_range);
            for (i, m) in self.marks.iter_mut().enumerate() {
                let c = board.cell_at(i);
                // The same measure as the rules' shot: within maximum Range
                // (cmd.shoot.range-limit); short range strictly closer than half the Range
                // value (cmd.shoot.mod.short-range, cmd.gap.19), so a target at exactly
                // half is long range.
                let d = board.distance(a.cell, c);
                if c != a.cell && d.within(max) && board.los(a.cell, c) {
                    *m = if half.is_some_and(|h| d.below(h)) {
                        Mark::HalfRange
                    } else {
                        Mark::Range
                    };
                }
            }
        }
        if let Some(a) = actor {
            for o in st.on_table() {
                if st.enemies(a, o) && board.los(a.cell, o.cell) {
                    self.raise(board, o.cell, Mark::Seen);
                }
            }
        }
        for a in ctx.legal {
            let mark = match a {
                Action::Activate(_) | Action::Command(_) => Mark::Pick,
                Action::Attack { .. } | Action::Mindspin { .. } | Action::FreeAttack(_) => {
                    Mark::Target
                }
                Action::Run { actions: 1, .. } | Action::Climb { actions: 1, .. } => Mark::Reach,
                Action::Run { .. } | Action::Climb { .. } => Mark::Reach2,
                Action::ScatterTo(_) | Action::Reveal(_) => Mark::Reach,
                _ => continue,
            };
            if let Some(c) = CommanderView::target_cell(st, a) {
                self.raise(board, c, mark);
            }
        }
        self.sight = actor.and_then(|a| {
            (a.cell != self.cursor && board.contains(self.cursor)).then(|| panel::SightInfo {
                clear: board.los(a.cell, self.cursor),
                cover: board.cover(self.cursor, a.cell),
                range: board.range(a.cell, self.cursor),
                blocker: None,
            })
        });
        // The sight line itself, with what blocks it (cmd.los.*): + on the line, # on
        // the blocker.
        if let (Some(a), Some(sight)) = (actor, self.sight.as_mut()) {
            let (line, blocker) = board.sight_trace(a.cell, self.cursor);
            sight.blocker = blocker;
            let clear = sight.clear;
            for c in line {
                self.raise(board, c, Mark::Line);
            }
            match blocker {
                Some(b) if !clear => self.raise(board, b, Mark::Blocker),
                _ if !clear => self.raise(board, self.cursor, Mark::Blocker),
                _ => {}
            }
        }
    }

    fn raise(&mut self, board: &Board, c: Cell, mark: Mark) {
        if let Some(m) = board.index(c).and_then(|i| self.marks.get_mut(i)) {
            *m = (*m).max(mark);
        }
    }

    fn move_cursor(&mut self, board: &Board, dx: i32, dy: i32) {
        // In the overview the cursor moves a character at a time.
        let (dx, dy) = match (self.map.zoom, &self.overview) {
            (Zoom::Overview, Some(ov)) => {
                let (sx, sy) = ov.cursor_step();
                (dx * sx, dy * sy)
            }
            _ => (dx, dy),
        };
        let x = (i32::from(self.cursor.x) + dx).clamp(0, (i32::from(board.width()) - 1).max(0));
        let y = (i32::from(self.cursor.y) + dy).clamp(0, (i32::from(board.height()) - 1).max(0));
        self.cursor = Cell::new(u8::try_from(x).unwrap_or(0), u8::try_from(y).unwrap_or(0));
        self.aimed = None;
        self.follow();
    }

    /// Pans so that the cursor is on screen.
    fn follow(&mut self) {
        let Some(geo) = &self.geometry else {
            return;
        };
        self.origin = geo.follow((self.cursor.x, self.cursor.y));
    }

    fn pan(&mut self, board: &Board, dx: i32, dy: i32) {
        let (ox, oy) = self.geometry.map_or(self.origin, |g| g.origin);
        let x = (i32::from(ox) + dx * 4).clamp(0, (i32::from(board.width()) - 1).max(0));
        let y = (i32::from(oy) + dy * 4).clamp(0, (i32::from(board.height()) - 1).max(0));
        self.origin = (u8::try_from(x).unwrap_or(0), u8::try_from(y).unwrap_or(0));
    }

    /// Enter (or a click) on the cursor cell: let an AI-mode seat act, play the one legal
    /// action aimed there, narrow the list when several are, or select the viewer's model.
    fn activate(&mut self, ctx: &ViewCtx<'_, Commander>) -> Reply<Action> {
        if ctx.legal.contains(&Action::AiActivate) {
            return Reply::Play(Action::AiActivate);
        }
        let st = &ctx.obs.state;
        let cursor = self.cursor;
        let mut aimed = ctx
            .legal
            .iter()
            .filter(|a| CommanderView::target_cell(st, a) == Some(cursor));
        if let Some(first) = aimed.next() {
            return match aimed.next() {
                None => Reply::Play(*first),
                Some(_) => {
                    self.aimed = Some(cursor);
                    Reply::ShowActions
                }
            };
        }
        let mine = st
            .model_at(cursor)
            .filter(|id| st.model(*id).is_some_and(|m| m.controller() == ctx.viewer));
        match mine {
            Some(id) if self.selected == Some(id) => Reply::ShowActions,
            Some(id) => {
                self.selected = Some(id);
                self.overlay = None;
                self.recompute(ctx);
                Reply::Handled
            }
            None if self.selected.is_some() => {
                self.selected = None;
                self.recompute(ctx);
                Reply::Handled
            }
            None => Reply::ShowActions,
        }
    }

    fn cycle_model(&mut self, ctx: &ViewCtx<'_, Commander>, forward: bool) {
        let st = &ctx.obs.state;
        let mine = || st.on_table().filter(|m| m.controller() == ctx.viewer);
        let count = mine().count();
        if count == 0 {
            return;
        }
        let at = self.selected.and_then(|s| mine().position(|m| m.id == s));
        let next = match (at, forward) {
            (None, _) => 0,
            (Some(i), true) => (i + 1) % count,
            (Some(i), false) => (i + count - 1) % count,
        };
        if let Some(m) = mine().nth(next) {
            self.selected = Some(m.id);
            self.cursor = m.cell;
            self.overlay = None;
            self.aimed = None;
            self.follow();
        }
    }

    /// Cycles the range overlay through the actor's weapons, then off.
    fn cycle_overlay(&mut self, ctx: &ViewCtx<'_, Commander>) {
        let st = &ctx.obs.state;
        let count = self
            .actor(st)
            .and_then(|id| st.model(id))
            .map_or(0, |m| m.weapons.len());
        self.overlay = match self.overlay {
            _ if count == 0 => None,
            None => Some(0),
            Some(i) if i + 1 < count => Some(i + 1),
            Some(_) => None,
        };
    }

    /// Works the odds of the highlighted attack out once per highlighted action, and drops
    /// them when something else is highlighted.
    fn update_odds(&mut self, ctx: &ViewCtx<'_, Commander>) {
        let action = ctx.highlighted.copied().filter(|a| {
            matches!(
                a,
                Action::Attack { .. } | Action::Mindspin { .. } | Action::FreeAttack(_)
            )
        });
        let Some(action) = action else {
            self.odds = None;
            return;
        };
        if self.odds.as_ref().is_none_or(|(a, _, _)| *a != action) {
            let st = &ctx.obs.state;
            let odds = ctx.ruleset.attack_odds(st, &action);
            self.odds = Some((action, ctx.ruleset.describe(st, &action), odds));
        }
    }

    /// A model's name as of the last refresh.
    /// Does what a map key or mouse event asks (read by the shell's [`MapControls`]).
    fn navigate(&mut self, ctx: &ViewCtx<'_, Commander>, nav: MapNav) -> Reply<Action> {
        let board = &ctx.obs.state.board;
        match nav {
            MapNav::Cursor(dx, dy) => self.move_cursor(board, dx, dy),
            MapNav::Pan(dx, dy) => self.pan(board, dx, dy),
            MapNav::Zoom => {
                if self.map.zoom == Zoom::Detail {
                    self.follow();
                }
            }
            MapNav::Toggled => {}
            MapNav::Activate if self.map.zoom == Zoom::Overview => {
                // Enter in the overview zooms in on the cursor.
                self.map.zoom = Zoom::Detail;
                self.follow();
            }
            MapNav::Activate => return self.activate(ctx),
            MapNav::Click(x, y) if self.map.zoom == Zoom::Overview => {
                // A click in the overview zooms in there.
                if let Some((x, y)) = self.overview.and_then(|o| o.cell_at(x, y)) {
                    self.cursor = Cell::new(x, y);
                    self.map.zoom = Zoom::Detail;
                    self.aimed = None;
                    self.follow();
                }
            }
            MapNav::Click(x, y) => {
                let cell = self.geometry.and_then(|g| g.cell_at(x, y));
                if let Some((x, y)) = cell {
                    self.cursor = Cell::new(x, y);
                    self.aimed = None;
                    self.recompute(ctx);
                    return self.activate(ctx);
                }
            }
            MapNav::Clear => {
                self.selected = None;
                self.aimed = None;
                self.overlay = None;
            }
        }
        self.recompute(ctx);
        Reply::Handled
    }

    fn name(&self, id: ModelId) -> &str {
        self.names.get(id.index()).map_or("?", String::as_str)
    }
}

impl RulesetView<Commander> for CommanderView {
    fn refresh(&mut self, ctx: &ViewCtx<'_, Commander>) {
        let st = &ctx.obs.state;
        if !st.board.contains(self.cursor) {
            self.cursor = Cell::new(0, 0);
        }
        if let Some(id) = self.selected {
            if !st
                .model(id)
                .is_some_and(|m| m.on_table() && m.controller() == ctx.viewer)
            {
                self.selected = None;
            }
        }
        // A new decision forgets the narrowing and the cached odds.
        self.aimed = None;
        self.odds = None;
        self.names.clear();
        for m in &st.models {
            self.names.push(ctx.ruleset.model_name(st, m.id));
        }
        let acting = st.activation().map(|a| a.model);
        if let Some(id) = acting.filter(|id| {
            st.model(*id)
                .is_some_and(|m| m.controller() == ctx.viewer && m.presence == Presence::OnTable)
        }) {
            if self.selected != Some(id) {
                self.selected = Some(id);
                if let Some(m) = st.model(id) {
                    self.cursor = m.cell;
                    self.follow();
                }
            }
        }
        if self.placed_for != Some(ctx.viewer) {
            // Start on the acting model, else the viewer's first model.
            let start = st
                .activation()
                .and_then(|a| st.model(a.model))
                .filter(|m| m.on_table())
                .or_else(|| st.on_table().find(|m| m.controller() == ctx.viewer));
            if let Some(m) = start {
                self.cursor = m.cell;
                self.origin = (m.cell.x.saturating_sub(8), m.cell.y.saturating_sub(6));
            }
            self.placed_for = Some(ctx.viewer);
        }
        self.recompute(ctx);
    }

    fn render_map(&mut self, ctx: &ViewCtx<'_, Commander>, area: Rect, buf: &mut Buffer) {
        self.map.area = area;
        // An attack highlighted in the action list overlays its weapon's half and full
        // range; the overlay goes when it is no longer highlighted.
        let weapon = match ctx.highlighted {
            Some(Action::Attack { weapon, .. }) => Some(*weapon),
            _ => None,
        };
        if weapon != self.highlighted_weapon {
            self.highlighted_weapon = weapon;
            self.recompute(ctx);
        }
        let board = &ctx.obs.state.board;
        let hex = board.kind() == squadsight_commander::board::GridKind::Hex;
        let geo = Geometry::fit(board.width(), board.height(), hex, area, self.origin);
        self.origin = geo.origin;
        self.geometry = Some(geo);
        let cursor = (self.cursor.x, self.cursor.y);
        match self.map.zoom {
            Zoom::Detail => {
                self.overview = None;
                // The cursor never leaves the cells on screen: after a pan (or a smaller
                // terminal) it is pulled to the nearest visible cell.
                let (ox, oy) = geo.origin;
                let last = |o: u8, n: u8| o.saturating_add(n.max(1) - 1);
                let cx = self.cursor.x.clamp(ox, last(ox, geo.cols));
                let cy = self.cursor.y.clamp(oy, last(oy, geo.rows));
                if (cx, cy) != cursor {
                    self.cursor = Cell::new(cx, cy);
                    self.aimed = None;
                    self.recompute(ctx);
                }
                let view = &*self;
                let group = view.group_of(&ctx.obs.state);
                grid::draw(buf, &geo, (cx, cy), ctx.theme, |x, y| {
                    panel::cell_look(view, ctx, group, Cell::new(x, y))
                });
                self.draw_off_screen(ctx, &geo, area, buf);
            }
            Zoom::Overview => {
                draw::clear(buf, area, ctx.theme.style(Role::Text));
                // The last line says what is shown and how to zoom in, unless the table
                // needs it; a smaller step only if the whole table cannot fit otherwise.
                let table = Rect::new(area.x, area.y, area.width, area.height.saturating_sub(1));
                let full = overview::Geometry::fit(board.width(), board.height(), area);
                let short = overview::Geometry::fit(board.width(), board.height(), table);
                let ov = if short.step <= full.step { short } else { full };
                self.overview = Some(ov);
                let view = &*self;
                let group = view.group_of(&ctx.obs.state);
                overview::draw(buf, &ov, Some(&geo.window()), ctx.theme, |x, y| {
                    panel::cell_look(view, ctx, group, Cell::new(x, y))
                });
                let note = if ov.step == 1 {
                    "whole table, two cells a character; corners mark the zoomed-in view; z: zoom in"
                } else {
                    "whole table; corners mark the zoomed-in view; z: zoom in"
                };
                let y = area.bottom().saturating_sub(1);
                if ov.area.bottom() <= y {
                    draw::text_cut(buf, area, area.x, y, note, ctx.theme.style(Role::Dim));
                }
            }
        }
        self.map.draw_legend(buf, map::LEGEND, ctx.theme);
    }

    fn render_panel(&mut self, ctx: &ViewCtx<'_, Commander>, area: Rect, buf: &mut Buffer) {
        panel::render_panel(self, ctx, area, buf);
    }

    fn render_hand(&mut self, ctx: &ViewCtx<'_, Commander>, area: Rect, buf: &mut Buffer) {
        panel::render_bag(self, ctx, area, buf);
    }

    fn status(&self, ctx: &ViewCtx<'_, Commander>, out: &mut String) {
        panel::status(self, ctx, out);
    }

    fn status_short(&self, ctx: &ViewCtx<'_, Commander>, out: &mut String) {
        panel::status_short(self, ctx, out);
    }

    fn has_private(&self, _ruleset: &Commander, obs: &Observation) -> bool {
        // Only a hidden Infiltrator's owner knows its loadout.
        obs.state
            .models
            .iter()
            .any(|m| m.owner == obs.seat && m.presence == Presence::Hidden)
    }

    fn key(&mut self, ctx: &ViewCtx<'_, Commander>, key: KeyEvent) -> Reply<Action> {
        if let Some(nav) = self.map.key(key) {
            return self.navigate(ctx, nav);
        }
        let reply = match key.code {
            KeyCode::Char('n') => {
                self.cycle_model(ctx, true);
                Reply::Handled
            }
            KeyCode::Char('N') => {
                self.cycle_model(ctx, false);
                Reply::Handled
            }
            KeyCode::Char('r') => {
                self.cycle_overlay(ctx);
                Reply::Handled
            }
            KeyCode::Char('e') => {
                return Reply::play_if_legal(
                    ctx.legal,
                    Action::EndActivation,
                    "e ends an activation: none of yours is under way",
                );
            }
            KeyCode::Char('a') => {
                return Reply::play_if_legal(
                    ctx.legal,
                    Action::AiActivate,
                    "a lets the rules' AI act only when an AI-mode seat is to decide",
                );
            }
            KeyCode::Char('c') => {
                let st = &ctx.obs.state;
                if let Some(m) = self.actor(st).and_then(|id| st.model(id)) {
                    self.cursor = m.cell;
                    self.follow();
                }
                Reply::Handled
            }
            KeyCode::Esc if self.aimed.is_some() || self.selected.is_some() => {
                if self.aimed.take().is_none() {
                    self.selected = None;
                    self.overlay = None;
                }
                Reply::Handled
            }
            _ => return Reply::Ignored,
        };
        self.recompute(ctx);
        reply
    }

    fn mouse(&mut self, ctx: &ViewCtx<'_, Commander>, m: MouseEvent) -> Reply<Action> {
        match self.map.mouse(m) {
            Some(nav) => self.navigate(ctx, nav),
            None => Reply::Ignored,
        }
    }

    fn relevant(&self, ctx: &ViewCtx<'_, Commander>, action: &Action) -> bool {
        let st = &ctx.obs.state;
        if let Some(c) = self.aimed {
            return CommanderView::target_cell(st, action) == Some(c);
        }
        match *action {
            Action::Activate(id) => self.selected.is_none_or(|s| s == id),
            _ => true,
        }
    }

    fn clear_selection(&mut self) {
        self.selected = None;
        self.aimed = None;
        self.overlay = None;
    }

    fn is_pass(&self, action: &Action) -> bool {
        matches!(action, Action::DeclineFreeAttack | Action::StayHidden)
    }

    /// By model, then by order: the acting model's runs, climbs, attacks (per weapon) and
    /// other orders each make a group.
    fn group(&self, ctx: &ViewCtx<'_, Commander>, action: &Action) -> Option<String> {
        let st = &ctx.obs.state;
        let actor = st.activation().map_or("", |a| self.name(a.model));
        let catalog = ctx.ruleset.catalog();
        let weapon = |w: &squadsight_commander::catalog::WeaponId| catalog.weapon(*w).name.as_str();
        let plural = |n: u8| if n == 1 { "1 action" } else { "2 actions" };
        Some(match action {
            Action::Activate(_) => "activate a model".to_string(),
            Action::Command(_) => "Commanding Presence".to_string(),
            Action::Run { actions, .. } => format!("{actor}: run, {}", plural(*actions)),
            Action::Climb { actions, .. } => format!("{actor}: climb, {}", plural(*actions)),
            Action::Attack {
                weapon: w, actions, ..
            } => format!("{actor}: attack with {}, {}", weapon(w), plural(*actions)),
            Action::Mindspin { actions, .. } => {
                format!("{actor}: Mindspin, {}", plural(*actions))
            }
            Action::Overwatch(_) => format!("{actor}: Overwatch"),
            Action::Special { .. } => format!("{actor}: objective abilities"),
            _ => format!("{actor}: other orders"),
        })
    }

    fn prompt(&self, ruleset: &Commander, obs: &Observation) -> Option<String> {
        let st = &obs.state;
        let name = |id: ModelId| ruleset.model_name(st, id);
        Some(match st.windows.first() {
            Some(Window::Scatter { .. }) => "place the point of a scattering shot".to_string(),
            Some(Window::Reveal { .. }) => {
                "reveal the Infiltrator at a found civilian marker, or not".to_string()
            }
            Some(Window::FreeAttack { target, .. }) => {
                format!(
                    "take the free attack on the fleeing {}, or not",
                    name(*target)
                )
            }
            None => match st.activation() {
                Some(a) => format!("the rest of {}'s activation", name(a.model)),
                None => "pick a model to activate with the drawn die".to_string(),
            },
        })
    }

    fn confirm(&self, ctx: &ViewCtx<'_, Commander>, action: &Action) -> Option<String> {
        let st = &ctx.obs.state;
        match action {
            Action::EndActivation => {
                let a = st.activation()?;
                let left = 2u8.saturating_sub(a.spent);
                (left > 0).then(|| {
                    format!(
                        "End {}'s activation?\n{left} action(s) of it are still unused.",
                        self.name(a.model)
                    )
                })
            }
            Action::DeclineFreeAttack => Some("Let the free attack go?".to_string()),
            _ => None,
        }
    }

    fn legend(&self) -> &'static [Item] {
        map::LEGEND
    }

    fn keys(&self) -> &'static [KeyHelp] {
        &[
            KeyHelp {
                key: "Enter / click",
                what: "on a marked cell: activate, run, climb or attack there (several choices: the action list); on your model: select it; an AI-mode seat: let the AI act; on the zoomed-out table: zoom in there",
            },
            KeyHelp {
                key: "n / N",
                what: "select your next / previous model",
            },
            KeyHelp {
                key: "r",
                what: "overlay the acting model's weapon ranges (each weapon, then off)",
            },
            KeyHelp {
                key: "c",
                what: "centre the cursor on the acting model",
            },
            KeyHelp {
                key: "e",
                what: "end the activation",
            },
            KeyHelp {
                key: "a",
                what: "let an AI-mode seat take its activation",
            },
            KeyHelp {
                key: "Esc / right click",
                what: "clear the narrowing, then the selection",
            },
            KeyHelp {
                key: "numbers on edges",
                what: "every fifth column and row, and the cursor's, are numbered",
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::UnitState;
    use crate::test_support::seat_ctx;
    use squadsight_ai::{Player, RandomPlayer};
    use squadsight_core::game::{Game, SeatConfig};
    use squadsight_core::{Decision, Ruleset};

    #[test]
    fn options_are_the_rules_keys_with_labels_that_fit() {
        let ui = CommanderUi::new().expect("rules");
        let mut options = squadsight_commander::options::Options::default();
        for o in ui.options() {
            assert!(o.label.chars().count() <= 17, "{}", o.label);
            // Every value is one the rules take (cmd.ai.difficulty for the AI-mode seats).
            for v in &o.values {
                assert!(options.set(o.key, v).is_ok(), "{}={v}", o.key);
            }
        }
        // The form's first value is the rules' default: a game from the menu plays the
        // same table as one from the command line (cmd.gap.4: damage-on-fail).
        for o in ui.options().iter().filter(|o| o.seat.is_none()) {
            let mut set = squadsight_commander::options::Options::default();
            set.set(o.key, &o.values[0]).expect("a value");
            assert_eq!(
                set,
                squadsight_commander::options::Options::default(),
                "{}",
                o.key
            );
            assert!(ui.option_help(o.key).is_some(), "{} is explained", o.key);
        }
        // Every table option the rules take has a row on the form (measure and
        // mindspin_range were once missing).
        for key in squadsight_commander::options::KEYS {
            assert!(ui.options().iter().any(|o| o.key == *key), "{key}");
        }
        let seats: Vec<_> = ui.options().iter().filter_map(|o| o.seat).collect();
        assert_eq!(seats.len(), 2);
        assert!(seats.iter().all(|s| AI_MODE[s.ai_default] == "classic"));
    }

    #[test]
    fn abbreviations_are_unique_ignoring_case() {
        let ui = CommanderUi::new().expect("rules");
        let a = abbreviations(ui.rules().catalog());
        let all: Vec<String> = a
            .iter()
            .map(|x| x.iter().collect::<String>().to_lowercase())
            .collect();
        for (i, x) in all.iter().enumerate() {
            assert!(!all[i + 1..].contains(x), "{x} twice in {all:?}");
        }
    }

    /// Random games of every shipped scenario (square and hex), stopping at each decision.
    fn random_games(visit: impl FnMut(&Game<Commander>, Seat, &[Action])) {
        let ui = CommanderUi::new().expect("rules");
        let runs: [(u64, &[(&str, &str)]); 2] = [
            (1, &[("grid", "square"), ("round_limit", "4")]),
            (2, &[("grid", "hex"), ("round_limit", "4")]),
        ];
        crate::test_support::random_games(&ui, &runs, 400, visit);
    }

    /// Every cell a legal action aims at is marked on the map, and the map, panel and bag
    /// draw at a small size without trouble.
    #[test]
    fn the_map_marks_every_cell_the_legal_actions_aim_at() {
        let mut checked = 0;
        random_games(|game, seat, legal| {
            let obs = game.observe(seat);
            let mut view = CommanderView::new(game.ruleset().catalog());
            let ctx = ViewCtx {
                ruleset: game.ruleset(),
                scenario: game.scenario(),
                viewer: seat,
                referee: false,
                obs: &obs,
                to_act: Some(seat),
                legal,
                highlighted: legal.first(),
                theme: &Theme::PLAIN,
            };
            view.refresh(&ctx);
            let board = &obs.state.board;
            for a in legal {
                let Some(c) = CommanderView::target_cell(&obs.state, a) else {
                    continue;
                };
                assert_ne!(view.mark(board, c), Mark::None, "{a:?} at {c}");
                checked += 1;
            }
            let mut buf = Buffer::empty(Rect::new(0, 0, 50, 16));
            view.render_map(&ctx, Rect::new(0, 0, 30, 16), &mut buf);
            view.render_panel(&ctx, Rect::new(30, 0, 20, 10), &mut buf);
            view.render_hand(&ctx, Rect::new(30, 10, 20, 6), &mut buf);
        });
        assert!(checked > 100, "only {checked} actions checked");
    }

    /// Each model is drawn as what it is: one that may still act this round as Ready (a
    /// drawn die of its side may pick it, cmd.act.pick-model), one that has activated as
    /// Done, the selected one as Selected; and the models of the unit under the cursor are
    /// grouped (underlined), the others not.
    #[test]
    fn models_are_drawn_ready_done_selected_and_grouped_by_unit() {
        let mut checked = [0; 3];
        random_games(|game, seat, legal| {
            let obs = game.observe(seat);
            let st = &obs.state;
            let mut view = CommanderView::new(game.ruleset().catalog());
            let ctx = seat_ctx(game, seat, &obs, legal);
            view.refresh(&ctx);
            // The cursor on a model with another of its unit on the table, if any.
            let siblings = |a: &Model| {
                st.on_table()
                    .any(|b| b.id != a.id && b.owner == a.owner && b.unit == a.unit)
            };
            let Some(first) = st.on_table().find(|m| siblings(m)).or(st.on_table().next()) else {
                return;
            };
            view.cursor = first.cell;
            let group = view.group_of(st);
            for m in st.on_table() {
                let look = panel::cell_look(&view, &ctx, group, m.cell).expect("on the table");
                let u = look.unit.expect("a model");
                let want = if view.selected == Some(m.id) {
                    UnitState::Selected
                } else if m.activated {
                    UnitState::Done
                } else {
                    UnitState::Ready
                };
                assert_eq!(u.state, want, "{}", view.name(m.id));
                checked[usize::from(m.activated)] += 1;
                let same = m.owner == first.owner && m.unit == first.unit;
                assert_eq!(u.group, same, "{}", view.name(m.id));
                if same && m.id != first.id {
                    let cells = crate::map::content(&Theme::PLAIN, &look);
                    assert!(
                        cells[0]
                            .1
                            .add_modifier
                            .contains(ratatui::style::Modifier::UNDERLINED)
                    );
                    checked[2] += 1;
                }
            }
        });
        assert!(checked.iter().all(|&n| n > 10), "{checked:?}");
    }

    /// Enter on a cell that exactly one legal action aims at plays that action; several
    /// narrow the action list to them.
    #[test]
    fn enter_on_a_marked_cell_plays_or_narrows_to_the_actions_aimed_there() {
        let mut seen = [0, 0];
        random_games(|game, seat, legal| {
            let obs = game.observe(seat);
            let ctx = seat_ctx(game, seat, &obs, legal);
            for a in legal.iter().take(3) {
                let Some(c) = CommanderView::target_cell(&obs.state, a) else {
                    continue;
                };
                let mut view = CommanderView::new(game.ruleset().catalog());
                view.refresh(&ctx);
                view.cursor = c;
                let aimed: Vec<&Action> = legal
                    .iter()
                    .filter(|x| CommanderView::target_cell(&obs.state, x) == Some(c))
                    .collect();
                match view.activate(&ctx) {
                    Reply::Play(p) => {
                        assert_eq!(aimed, vec![&p]);
                        seen[0] += 1;
                    }
                    Reply::ShowActions => {
                        assert!(aimed.len() > 1);
                        assert!(
                            legal.iter().filter(|x| view.relevant(&ctx, x)).count() == aimed.len()
                        );
                        seen[1] += 1;
                    }
                    other => panic!("{other:?} for {a:?}"),
                }
            }
        });
        assert!(seen[0] > 10 && seen[1] > 10, "{seen:?}");
    }

    /// With an attack highlighted, the panel shows the rules' own odds before it is taken:
    /// the chance to hit with every modifier and its clause, the chance the Armour test
    /// stops it, and the expected damage.
    #[test]
    fn the_panel_shows_the_odds_of_the_highlighted_attack_with_every_modifier() {
        let mut shown = 0;
        random_games(|game, seat, legal| {
            let obs = game.observe(seat);
            for a in legal {
                if !matches!(a, Action::Attack { .. }) || shown > 40 {
                    continue;
                }
                let Some(odds) = game.ruleset().attack_odds(&obs.state, a) else {
                    continue;
                };
                let mut view = CommanderView::new(game.ruleset().catalog());
                let ctx = ViewCtx {
                    ruleset: game.ruleset(),
                    scenario: game.scenario(),
                    viewer: seat,
                    referee: false,
                    obs: &obs,
                    to_act: Some(seat),
                    legal,
                    highlighted: Some(a),
                    theme: &Theme::PLAIN,
                };
                view.refresh(&ctx);
                let mut buf = Buffer::empty(Rect::new(0, 0, 200, 60));
                view.render_panel(&ctx, buf.area, &mut buf);
                let text: String = buf
                    .content()
                    .chunks(200)
                    .map(|row| row.iter().map(|c| c.symbol()).collect::<String>() + "\n")
                    .collect();
                if odds.refused.is_some() || odds.out_of_range {
                    continue;
                }
                assert!(
                    text.contains(&format!("Hit: {}", odds.hit))
                        || text.contains(&format!("Shredding): {}", odds.hit)),
                    "{text}"
                );
                for m in &odds.hit_test.modifiers {
                    assert!(text.contains(m.clause), "{} missing in {text}", m.clause);
                }
                if odds.armour_test.is_some() {
                    assert!(
                        text.contains(&format!("Armour test stops a hit: {}", odds.armour_stops)),
                        "{text}"
                    );
                }
                assert!(
                    text.contains(&format!("expected {}", odds.expected_damage)),
                    "{text}"
                );
                shown += 1;
            }
        });
        assert!(shown > 5, "only {shown} attacks previewed");
    }

    /// While an attack is highlighted its weapon's short and full range are drawn on the
    /// map: cells in sight strictly closer than half the Range value
    /// (cmd.shoot.mod.short-range, cmd.gap.19; a cell at exactly half is long range), then
    /// cells within maximum Range (cmd.shoot.range-limit); they go when something else is
    /// highlighted.
    #[test]
    fn a_highlighted_attack_overlays_its_weapons_ranges_until_it_is_not() {
        let mut shown = 0;
        let mut exactly_half = 0;
        random_games(|game, seat, legal| {
            let Some(attack) = legal
                .iter()
                .find(|a| matches!(a, Action::Attack { .. }))
                .filter(|_| shown < 20)
            else {
                return;
            };
            let Action::Attack { weapon, .. } = *attack else {
                return;
            };
            let obs = game.observe(seat);
            let st = &obs.state;
            let Some(actor) = st.activation().and_then(|a| st.model(a.model)) else {
                return;
            };
            let w = game.ruleset().catalog().weapon(weapon);
            let mut view = CommanderView::new(game.ruleset().catalog());
            let mut ctx = ViewCtx {
                ruleset: game.ruleset(),
                scenario: game.scenario(),
                viewer: seat,
                referee: false,
                obs: &obs,
                to_act: Some(seat),
                legal,
                highlighted: Some(attack),
                theme: &Theme::PLAIN,
            };
            view.refresh(&ctx);
            let mut buf = Buffer::empty(Rect::new(0, 0, 60, 20));
            view.render_map(&ctx, buf.area, &mut buf);
            let board = &st.board;
            let mut ranged = 0;
            for i in 0..board.cell_count() {
                let c = board.cell_at(i);
                let d = board.distance(actor.cell, c);
                let r = board.range(actor.cell, c);
                let mark = view.mark(board, c);
                // Short range is strictly below half the Range value
                // (cmd.shoot.mod.short-range, cmd.gap.19): a cell at exactly half is long.
                let short = w.half_range.is_some_and(|h| d.below(u32::from(h)));
                let in_sight = c != actor.cell && board.los(actor.cell, c);
                let in_range = in_sight && d.within(u32::from(w.max_range));
                if mark == Mark::HalfRange {
                    assert!(short, "{c} at {r} marked short");
                    ranged += 1;
                }
                if mark == Mark::Range {
                    assert!(in_range && !short, "{c} at {r} marked long");
                    ranged += 1;
                }
                // Every cell in range and sight carries a band (a stronger mark, such as a
                // target or the sight line, may be drawn over it).
                assert!(!in_range || mark >= Mark::Range, "{c} at {r} unmarked");
                let at_half = w
                    .half_range
                    .is_some_and(|h| d.within(u32::from(h)) && !d.below(u32::from(h)));
                if in_range && at_half && mark == Mark::Range {
                    exactly_half += 1;
                }
            }
            assert!(ranged > 0, "no range drawn for {attack:?}");
            ctx.highlighted = None;
            view.render_map(&ctx, buf.area, &mut buf);
            for i in 0..board.cell_count() {
                let mark = view.mark(board, board.cell_at(i));
                assert!(!matches!(mark, Mark::HalfRange | Mark::Range));
            }
            shown += 1;
        });
        assert!(shown > 5, "only {shown} attacks overlaid");
        assert!(exactly_half > 0, "no cell at exactly half range was drawn");
    }

    /// The hit chance shown before an attack is the exact chance the rules journal when
    /// they throw its hit test.
    #[test]
    fn the_odds_shown_are_the_odds_the_rules_throw() {
        let ui = CommanderUi::new().expect("rules");
        let rules = ui.ruleset();
        let mut compared = 0;
        for info in rules.scenarios() {
            let scenario = ui
                .parse_scenario(info.source.as_bytes(), info.id)
                .expect("scenario");
            for seed in 0..3u64 {
                let seats = vec![SeatConfig::human(), SeatConfig::human()];
                let options = squadsight_commander::options::Options::default();
                let Ok(mut game) =
                    Game::new(Arc::clone(&rules), scenario.clone(), options, seed, seats)
                else {
                    continue;
                };
                let mut player = RandomPlayer::new(seed + 101);
                let mut legal = Vec::new();
                for _ in 0..1500 {
                    let Decision::Act(seat) = game.to_act() else {
                        break;
                    };
                    game.legal_actions(seat, &mut legal);
                    // Attacks first, so that many are thrown.
                    let attack = legal
                        .iter()
                        .copied()
                        .find(|a| matches!(a, Action::Attack { .. } | Action::FreeAttack(_)));
                    let action = match attack {
                        Some(a) => a,
                        None => {
                            let obs = game.observe(seat);
                            player.choose(rules.as_ref(), &obs, seat, &legal).action
                        }
                    };
                    let predicted = rules.attack_odds(game.state(), &action);
                    let before = game.journal().events().len();
                    game.apply(seat, action).expect("legal action applies");
                    let Some(o) = predicted.filter(|o| o.refused.is_none() && !o.out_of_range)
                    else {
                        continue;
                    };
                    let thrown = game.journal().events()[before..]
                        .iter()
                        .find_map(|e| e.roll.as_ref().and_then(|r| r.p));
                    if let Some(p) = thrown {
                        assert_eq!(p, o.hit_test.chance(), "{action:?}");
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 20, "only {compared} attacks compared");
    }
}
