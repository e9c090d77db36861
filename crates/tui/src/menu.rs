//! The main menu, the new-game form and the save picker.

use crate::draw::{self, Scratch};
use crate::keys::Input;
use crate::plugin::{GameSpec, OptionSpec, ScenarioSource, Seats};
use crate::registry::Registry;
use crate::store::SaveSlot;
use crate::theme::{Role, Theme};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use squadsight_ai::Level;
use squadsight_core::game::SeatConfig;

/// A main-menu entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// Start at once against the AI on the first scenario.
    QuickPlay,
    /// The new-game form.
    NewGame,
    /// Resume the newest autosave.
    Continue,
    /// Pick a save to play on.
    Load,
    /// Pick a save to step through.
    Replay,
    /// Browse the rules by clause.
    Rules,
    /// Preferences.
    Settings,
    /// A ruleset's campaign screen (Commander): continue a saved campaign or start one.
    Campaign,
    /// Leave the program (asks first).
    Quit,
}

impl Item {
    const ALL: [Item; 9] = [
        Item::QuickPlay,
        Item::NewGame,
        Item::Continue,
        Item::Load,
        Item::Replay,
        Item::Rules,
        Item::Settings,
        Item::Campaign,
        Item::Quit,
    ];

    /// The entry's one-key shortcut.
    pub fn key(self) -> char {
        match self {
            Item::QuickPlay => 'p',
            Item::NewGame => 'n',
            Item::Continue => 'c',
            Item::Load => 'l',
            Item::Replay => 'r',
            Item::Rules => 'b',
            Item::Settings => 'o',
            Item::Campaign => 'm',
            Item::Quit => 'q',
        }
    }
}

/// What the menu asks of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuFlow {
    /// Nothing to do.
    Stay,
    /// Carry out an entry.
    Choose(Item),
    /// Quit (confirmed).
    Quit,
}

/// The main menu's state.
#[derive(Clone, Debug, Default)]
pub struct MenuScreen {
    cursor: usize,
    confirm_quit: bool,
    /// A notice or error from the last thing tried.
    pub message: Option<(String, Role)>,
    /// The first row of the item list when last drawn, for clicks.
    top: u16,
    scratch_label: String,
}

impl MenuScreen {
    /// Reads one input.
    pub fn handle(&mut self, input: &Input) -> MenuFlow {
        if self.confirm_quit {
            self.confirm_quit = false;
            if let Input::Key(k) = input {
                if matches!(
                    k.code,
                    KeyCode::Char('y') | KeyCode::Char('Y') | KeyCode::Enter
                ) {
                    return MenuFlow::Quit;
                }
            }
            return MenuFlow::Stay;
        }
        let chosen = match input {
            Input::Key(k) => self.key(*k),
            Input::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                let row = usize::from(m.row.saturating_sub(self.top));
                (m.row >= self.top && row < Item::ALL.len()).then(|| {
                    self.cursor = row;
                    Item::ALL[row]
                })
            }
            Input::Mouse(m) if m.kind == MouseEventKind::ScrollDown => {
                self.cursor = (self.cursor + 1).min(Item::ALL.len() - 1);
                None
            }
            Input::Mouse(m) if m.kind == MouseEventKind::ScrollUp => {
                self.cursor = self.cursor.saturating_sub(1);
                None
            }
            _ => None,
        };
        match chosen {
            Some(Item::Quit) => {
                self.confirm_quit = true;
                MenuFlow::Stay
            }
            Some(item) => {
                self.message = None;
                MenuFlow::Choose(item)
            }
            None => MenuFlow::Stay,
        }
    }

    fn key(&mut self, k: KeyEvent) -> Option<Item> {
        if k.modifiers.contains(KeyModifiers::CONTROL) {
            return None;
        }
        match k.code {
            KeyCode::Up | KeyCode::Char('k') => self.cursor = self.cursor.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => {
                self.cursor = (self.cursor + 1).min(Item::ALL.len() - 1)
            }
            KeyCode::Home => self.cursor = 0,
            KeyCode::End => self.cursor = Item::ALL.len() - 1,
            KeyCode::Enter | KeyCode::Char(' ') => return Some(Item::ALL[self.cursor]),
            KeyCode::Esc => return Some(Item::Quit),
            KeyCode::Char(c) => {
                let i = Item::ALL.iter().position(|it| it.key() == c)?;
                self.cursor = i;
                return Some(Item::ALL[i]);
            }
            _ => {}
        }
        None
    }

    /// Draws the menu. `quick` describes the quick-play game (`None`: nothing to play).
    pub fn render(
        &mut self,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
        quick: Option<&str>,
        autosave: bool,
    ) {
        let w = area.width.min(72);
        let h = area.height.min(20);
        let rect = Rect::new(
            area.x + (area.width - w) / 2,
            area.y + (area.height - h) / 2,
            w,
            h,
        );
        let inner = draw::frame(buf, rect, "squadsight", true, theme);
        draw::centered(
            buf,
            inner,
            inner.y,
            "Tabletop tactics in the terminal",
            theme.style(Role::Title),
        );
        self.top = inner.y.saturating_add(2);
        for (i, item) in Item::ALL.iter().enumerate() {
            let y = self.top.saturating_add(u16::try_from(i).unwrap_or(0));
            let (label, enabled) = match item {
                Item::QuickPlay => match quick {
                    Some(q) => {
                        self.scratch_label.clear();
                        self.scratch_label.push_str("Play vs AI: ");
                        self.scratch_label.push_str(q);
                        (self.scratch_label.as_str(), true)
                    }
                    None => ("Play vs AI (no scenario available)", false),
                },
                Item::NewGame => ("New game (ruleset, scenario, seats, seed, options)", true),
                Item::Continue => {
                    if autosave {
                        ("Continue the last game (autosave)", true)
                    } else {
                        ("Continue the last game (no autosave yet)", false)
                    }
                }
                Item::Load => ("Load a save", true),
                Item::Replay => ("Replay a save, action by action", true),
                Item::Rules => ("Rules reference, by clause", true),
                Item::Settings => ("Settings", true),
                Item::Campaign => (
                    "Commander campaign: one Squad kept from battle to battle",
                    true,
                ),
                Item::Quit => ("Quit", true),
            };
            let selected = i == self.cursor;
            let x = inner.x.saturating_add(2);
            let marker = if selected { theme.pointer() } else { " " };
            let x = draw::text(buf, inner, x, y, marker, theme.style(Role::Key));
            let mut key = [0u8; 4];
            let x = draw::text(
                buf,
                inner,
                x.saturating_add(1),
                y,
                "[",
                theme.style(Role::Dim),
            );
            let x = draw::text(
                buf,
                inner,
                x,
                y,
                item.key().encode_utf8(&mut key),
                theme.style(Role::Key),
            );
            let x = draw::text(buf, inner, x, y, "] ", theme.style(Role::Dim));
            let role = match (selected, enabled) {
                (true, _) => Role::Selected,
                (false, true) => Role::Text,
                (false, false) => Role::Dim,
            };
            draw::text(buf, inner, x, y, label, theme.style(role));
        }
        let hint_y = inner.bottom().saturating_sub(1);
        if self.confirm_quit {
            draw::centered(
                buf,
                inner,
                hint_y,
                "Quit squadsight? y: quit   n: stay",
                theme.style(Role::Key),
            );
        } else if let Some((m, role)) = &self.message {
            draw::wrapped(
                buf,
                Rect::new(inner.x, hint_y.saturating_sub(1), inner.width, 2),
                0,
                0,
                m,
                theme.style(*role),
            );
        } else {
            draw::centered(
                buf,
                inner,
                hint_y,
                "Up/Down and Enter, or the key in brackets",
                theme.style(Role::Dim),
            );
        }
    }
}

/// The seat choices of the new-game form: a person, or the AI at a level.
const SEAT_CHOICES: [Option<Level>; 6] = [
    None,
    Some(Level::Random),
    Some(Level::Greedy),
    Some(Level::Easy),
    Some(Level::Normal),
    Some(Level::Hard),
];

/// What the new-game form asks of the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormFlow {
    /// Stay on the form.
    Stay,
    /// Back to the menu.
    Back,
    /// Start this game.
    Start(GameSpec),
}

/// The new-game form: ruleset, scenario, seats, seed and options on one screen, top to bottom
/// in that order.
#[derive(Clone, Debug)]
pub struct NewGameForm {
    ruleset: usize,
    scenario: usize,
    /// Per seat, an index into [`SEAT_CHOICES`] followed by the non-default values of the
    /// option that hands the seat to the ruleset's own AI, if it has one.
    seats: Vec<usize>,
    seed: u64,
    /// Index into each option's values.
    options: Vec<usize>,
    /// The options with a row of their own (not played on a seat's row), in order.
    visible: Vec<usize>,
    row: usize,
    /// True once a digit was typed on the seed row (the next digits append).
    typing_seed: bool,
    scratch: Scratch,
    top: u16,
}

/// Rows before the seats: ruleset and scenario.
const HEAD_ROWS: usize = 2;

impl NewGameForm {
    /// A form on the first ruleset and scenario: seat 1 a person, the others the AI at
    /// `level`, with `seed`.
    pub fn new(registry: &Registry, seed: u64, level: Level) -> NewGameForm {
        let mut form = NewGameForm {
            ruleset: 0,
            scenario: 0,
            seats: Vec::new(),
            seed,
            options: Vec::new(),
            visible: Vec::new(),
            row: 0,
            typing_seed: false,
            scratch: Scratch::default(),
            top: 0,
        };
        form.reset_seats(registry, level);
        form
    }

    fn reset_seats(&mut self, registry: &Registry, level: Level) {
        let entry = registry.entries().get(self.ruleset);
        let count = entry
            .and_then(|e| e.scenarios().get(self.scenario))
            .map_or(0, |s| s.seats.len());
        let ai = SEAT_CHOICES
            .iter()
            .position(|c| *c == Some(level))
            .unwrap_or(4);
        let options: &[OptionSpec] = entry.map_or(&[], |e| e.options());
        self.options.clear();
        self.options.resize(options.len(), 0);
        // The plug-in says whether its games have seat rows at all.
        let rows = match entry.map(|e| e.seats()) {
            Some(Seats::Choose) => count,
            Some(Seats::AllPeople) | None => 0,
        };
        self.seats = (0..rows).map(|i| if i == 0 { 0 } else { ai }).collect();
        // A seat the ruleset's own AI can play is given to it (on its stated value) at first.
        for (o, spec) in options.iter().enumerate() {
            let Some(rules_ai) = spec.seat else { continue };
            if rules_ai.seat > 0 && rules_ai.ai_default > 0 {
                if let Some(s) = self.seats.get_mut(rules_ai.seat) {
                    *s = SEAT_CHOICES.len() + rules_ai.ai_default - 1;
                    if let Some(v) = self.options.get_mut(o) {
                        *v = rules_ai.ai_default;
                    }
                }
            }
        }
        self.visible = (0..options.len())
            .filter(|&o| options[o].seat.is_none())
            .collect();
    }

    fn seed_row(&self) -> usize {
        HEAD_ROWS + self.seats.len()
    }

    fn start_row(&self) -> usize {
        self.seed_row() + 1 + self.visible.len()
    }

    /// The option (its index and spec) that hands `seat` to the ruleset's own AI.
    fn rules_ai_option(options: &[OptionSpec], seat: usize) -> Option<(usize, &OptionSpec)> {
        options
            .iter()
            .enumerate()
            .find(|(_, o)| o.seat.is_some_and(|s| s.seat == seat))
    }

    /// The game the form describes.
    pub fn spec(&self, registry: &Registry) -> Option<GameSpec> {
        let entry = registry.entries().get(self.ruleset)?;
        let card = entry.scenarios().get(self.scenario)?;
        let seats = match entry.seats() {
            Seats::AllPeople => vec![SeatConfig::human(); card.seats.len()],
            Seats::Choose => self.chosen_seats(),
        };
        let options = entry
            .options()
            .iter()
            .zip(&self.options)
            .map(|(o, &i)| {
                (
                    o.key.to_string(),
                    o.values.get(i).cloned().unwrap_or_default(),
                )
            })
            .collect();
        Some(GameSpec {
            ruleset: entry.id().to_string(),
            scenario: ScenarioSource::Builtin(card.id.clone()),
            seed: self.seed,
            seats,
            options,
        })
    }

    /// Who plays each seat, as the seat rows say.
    fn chosen_seats(&self) -> Vec<SeatConfig> {
        self.seats
            .iter()
            .map(|&c| match SEAT_CHOICES.get(c).copied().flatten() {
                // Past the shell's own choices the seat is the rules' AI; the shell's random
                // player only passes it the one action the rules offer it.
                None if c >= SEAT_CHOICES.len() => SeatConfig::ai(Level::Random.as_str()),
                None => SeatConfig::human(),
                Some(level) => SeatConfig::ai(level.as_str()),
            })
            .collect()
    }

    /// Reads one input; `new_seed` gives a fresh random seed for the `r` key.
    pub fn handle(
        &mut self,
        input: &Input,
        registry: &Registry,
        level: Level,
        new_seed: &mut dyn FnMut() -> u64,
    ) -> FormFlow {
        let key = match input {
            Input::Key(k) => *k,
            Input::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                let row = usize::from(m.row.saturating_sub(self.top));
                if m.row >= self.top && row <= self.start_row() {
                    self.row = row;
                    if row == self.start_row() {
                        return self.start(registry);
                    }
                    self.change(registry, level, true);
                }
                return FormFlow::Stay;
            }
            _ => return FormFlow::Stay,
        };
        let on_seed = self.row == self.seed_row();
        match key.code {
            KeyCode::Esc => return FormFlow::Back,
            KeyCode::Enter => return self.start(registry),
            KeyCode::Up | KeyCode::Char('k') => {
                self.row = self.row.saturating_sub(1);
                self.typing_seed = false;
            }
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => {
                self.row = (self.row + 1).min(self.start_row());
                self.typing_seed = false;
            }
            KeyCode::Left | KeyCode::Char('h') => self.change(registry, level, false),
            KeyCode::Right | KeyCode::Char('l') | KeyCode::Char(' ') => {
                self.change(registry, level, true)
            }
            KeyCode::Char(c @ '0'..='9') if on_seed => {
                let digit = u64::from(c as u8 - b'0');
                let base = if self.typing_seed { self.seed } else { 0 };
                self.seed = base
                    .checked_mul(10)
                    .and_then(|s| s.checked_add(digit))
                    .unwrap_or(self.seed);
                self.typing_seed = true;
            }
            KeyCode::Backspace if on_seed => {
                self.seed /= 10;
                self.typing_seed = true;
            }
            KeyCode::Char('r') if on_seed => {
                self.seed = new_seed();
                self.typing_seed = false;
            }
            _ => {}
        }
        FormFlow::Stay
    }

    fn start(&self, registry: &Registry) -> FormFlow {
        match self.spec(registry) {
            Some(spec) => FormFlow::Start(spec),
            None => FormFlow::Stay,
        }
    }

    fn change(&mut self, registry: &Registry, level: Level, forward: bool) {
        let step = |i: usize, n: usize| {
            if n == 0 {
                0
            } else if forward {
                (i + 1) % n
            } else {
                (i + n - 1) % n
            }
        };
        let rulesets = registry.entries().len();
        match self.row {
            0 => {
                self.ruleset = step(self.ruleset, rulesets);
                self.scenario = 0;
                self.reset_seats(registry, level);
            }
            1 => {
                let n = registry
                    .entries()
                    .get(self.ruleset)
                    .map_or(0, |e| e.scenarios().len());
                self.scenario = step(self.scenario, n);
                self.reset_seats(registry, level);
            }
            r if r < self.seed_row() => {
                let seat = r - HEAD_ROWS;
                let options: &[OptionSpec] = registry
                    .entries()
                    .get(self.ruleset)
                    .map_or(&[], |e| e.options());
                let rules_ai = Self::rules_ai_option(options, seat);
                let extra = rules_ai.map_or(0, |(_, o)| o.values.len().saturating_sub(1));
                if let Some(s) = self.seats.get_mut(seat) {
                    *s = step(*s, SEAT_CHOICES.len() + extra);
                    if let Some((o, _)) = rules_ai {
                        // The seat's choices past the shell's own are the option's values.
                        if let Some(v) = self.options.get_mut(o) {
                            *v = (*s + 1).saturating_sub(SEAT_CHOICES.len());
                        }
                    }
                }
            }
            r if r > self.seed_row() && r < self.start_row() => {
                let Some(&i) = self.visible.get(r - self.seed_row() - 1) else {
                    return;
                };
                let n = registry
                    .entries()
                    .get(self.ruleset)
                    .and_then(|e| e.options().get(i))
                    .map_or(0, |o| o.values.len());
                if let Some(o) = self.options.get_mut(i) {
                    *o = step(*o, n);
                }
            }
            _ => {}
        }
    }

    /// Draws the form, the scenario description and the map preview.
    pub fn render(&mut self, registry: &Registry, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let Some(entry) = registry.entries().get(self.ruleset) else {
            let inner = draw::frame(buf, area, "New game", true, theme);
            draw::line(
                buf,
                inner,
                inner.y,
                "No ruleset is available in this build.",
                theme.style(Role::Error),
            );
            return;
        };
        let form_w = (area.width / 2).max(area.width.min(44));
        let form = Rect::new(area.x, area.y, form_w.min(area.width), area.height);
        let side = Rect::new(form.right(), area.y, area.width - form.width, area.height);
        let inner = draw::frame(buf, form, "New game", true, theme);
        self.top = inner.y;
        let card = entry.scenarios().get(self.scenario);
        let mut y = inner.y;
        let mut row = 0;
        let current = self.row;
        let put = |buf: &mut Buffer, label: &str, value: &str, y: u16, row: usize| {
            let selected = row == current;
            let marker = if selected { theme.pointer() } else { " " };
            let x = draw::text(buf, inner, inner.x, y, marker, theme.style(Role::Key));
            let x = draw::text(
                buf,
                inner,
                x.saturating_add(1),
                y,
                label,
                theme.style(Role::Text),
            );
            let x = inner.x.saturating_add(19).max(x.saturating_add(1));
            let role = if selected { Role::Selected } else { Role::Text };
            draw::text(buf, inner, x, y, value, theme.style(role));
        };
        put(buf, "Ruleset", entry.title(), y, row);
        y += 1;
        row += 1;
        let title = card.map_or("-", |c| c.title.as_str());
        put(buf, "Scenario", title, y, row);
        y += 1;
        row += 1;
        for i in 0..self.seats.len() {
            let name = card
                .and_then(|c| c.seats.get(i))
                .map_or("?", String::as_str);
            let rules_ai = Self::rules_ai_option(entry.options(), i)
                .and_then(|(o, spec)| spec.values.get(*self.options.get(o)?))
                .filter(|_| self.seats[i] >= SEAT_CHOICES.len());
            let choice = match (rules_ai, SEAT_CHOICES.get(self.seats[i]).copied().flatten()) {
                (Some(value), _) => self.scratch.format(format_args!("rules AI mode, {value}")),
                (None, None) => "human",
                (None, Some(Level::Random)) => "AI random",
                (None, Some(Level::Greedy)) => "AI greedy",
                (None, Some(Level::Easy)) => "AI easy",
                (None, Some(Level::Normal)) => "AI normal",
                (None, Some(Level::Hard)) => "AI hard",
            };
            let mut label = [0u8; 64];
            let label = seat_label(&mut label, i, name);
            put(buf, label, choice, y, row);
            y += 1;
            row += 1;
        }
        let mut digits = [0u8; 20];
        let seed = u64_text(self.seed, &mut digits);
        put(buf, "Seed", seed, y, row);
        if self.row == self.seed_row() {
            draw::text(
                buf,
                inner,
                inner.x.saturating_add(40),
                y,
                "digits, r: random",
                theme.style(Role::Dim),
            );
        }
        y += 1;
        row += 1;
        for &i in &self.visible {
            let Some(o) = entry.options().get(i) else {
                continue;
            };
            let value = self
                .options
                .get(i)
                .and_then(|&v| o.values.get(v))
                .map_or("", String::as_str);
            put(buf, o.label, value, y, row);
            y += 1;
            row += 1;
        }
        put(buf, "", "[ Start the game ]", y, row);
        // The selected option explains itself under the form.
        let first_option = self.seed_row() + 1;
        let help = self
            .row
            .checked_sub(first_option)
            .and_then(|k| self.visible.get(k))
            .and_then(|&i| entry.options().get(i))
            .and_then(|o| entry.option_help(o.key));
        if let Some(help) = help {
            let top = y.saturating_add(2);
            let bottom = inner.bottom().saturating_sub(1);
            if top < bottom {
                let rect = Rect::new(
                    inner.x.saturating_add(1),
                    top,
                    inner.width.saturating_sub(2),
                    bottom - top,
                );
                draw::wrapped(buf, rect, 0, 0, help, theme.style(Role::Dim));
            }
        }
        draw::footer(
            buf,
            inner,
            "Up/Down choose, Left/Right change, Enter start, Esc back",
            theme,
        );

        // The side: description, seats and the map preview.
        let desc_h = (side.height / 2).max(5).min(side.height);
        let desc = Rect::new(side.x, side.y, side.width, desc_h);
        let dinner = draw::frame(buf, desc, "Scenario", false, theme);
        if let Some(card) = card {
            let role = if card.broken { Role::Error } else { Role::Text };
            let used = draw::wrapped(buf, dinner, 0, 0, &card.description, theme.style(role));
            let seats = self
                .scratch
                .format(format_args!("Sides: {}", Joined(&card.seats)));
            let sy = dinner
                .y
                .saturating_add(u16::try_from(used + 1).unwrap_or(u16::MAX));
            draw::text(buf, dinner, dinner.x, sy, seats, theme.style(Role::Dim));
        }
        let prev = Rect::new(side.x, desc.bottom(), side.width, side.height - desc.height);
        let pinner = draw::frame(buf, prev, entry.preview_title(), false, theme);
        entry.preview(self.scenario, pinner, buf, theme);
    }
}

/// Names joined with commas, without building a new string.
struct Joined<'a>(&'a [String]);

impl std::fmt::Display for Joined<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, s) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(s)?;
        }
        Ok(())
    }
}

fn seat_label<'a>(buf: &'a mut [u8; 64], i: usize, name: &str) -> &'a str {
    use std::io::Write as _;
    let mut cursor = std::io::Cursor::new(&mut buf[..]);
    let _ = write!(cursor, "Seat {} {}", i + 1, name);
    let len = usize::try_from(cursor.position()).unwrap_or(0);
    let mut end = len.min(64);
    while std::str::from_utf8(&buf[..end]).is_err() {
        end -= 1;
    }
    std::str::from_utf8(&buf[..end]).unwrap_or("Seat")
}

fn u64_text(mut n: u64, buf: &mut [u8; 20]) -> &str {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    std::str::from_utf8(&buf[i..]).unwrap_or("0")
}

/// What the save picker asks of the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PickFlow {
    /// Stay.
    Stay,
    /// Back to the menu.
    Back,
    /// Open this save.
    Open(SaveSlot),
}

/// A list of saves to load or replay.
#[derive(Clone, Debug)]
pub struct SavePicker {
    slots: Vec<SaveSlot>,
    cursor: usize,
    /// True to replay rather than play on.
    pub replay: bool,
    /// Why the last save could not be opened.
    pub message: Option<String>,
    /// Where the list was drawn last: its first row and the index shown there.
    list_y: u16,
    first: usize,
}

impl SavePicker {
    /// A picker over `slots` (newest first).
    pub fn new(slots: Vec<SaveSlot>, replay: bool) -> SavePicker {
        SavePicker {
            slots,
            cursor: 0,
            replay,
            message: None,
            list_y: 0,
            first: 0,
        }
    }

    /// Reads one input.
    pub fn handle(&mut self, input: &Input) -> PickFlow {
        let last = self.slots.len().saturating_sub(1);
        match input {
            Input::Key(k) => match k.code {
                KeyCode::Esc | KeyCode::Char('q') => return PickFlow::Back,
                KeyCode::Up | KeyCode::Char('k') => self.cursor = self.cursor.saturating_sub(1),
                KeyCode::Down | KeyCode::Char('j') => self.cursor = (self.cursor + 1).min(last),
                KeyCode::Home => self.cursor = 0,
                KeyCode::End => self.cursor = last,
                KeyCode::Enter => {
                    if let Some(s) = self.slots.get(self.cursor) {
                        return PickFlow::Open(s.clone());
                    }
                }
                _ => {}
            },
            Input::Mouse(m)
                if m.kind == MouseEventKind::Down(MouseButton::Left) && m.row >= self.list_y =>
            {
                let i = self.first + usize::from(m.row - self.list_y);
                if let Some(s) = self.slots.get(i) {
                    self.cursor = i;
                    return PickFlow::Open(s.clone());
                }
            }
            _ => {}
        }
        PickFlow::Stay
    }

    /// Draws the list.
    pub fn render(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let title = if self.replay {
            "Replay a save"
        } else {
            "Load a save"
        };
        let inner = draw::frame(buf, area, title, true, theme);
        let list_h = usize::from(inner.height.saturating_sub(3));
        let first = self.cursor.saturating_sub(list_h.saturating_sub(1));
        self.list_y = inner.y;
        self.first = first;
        if self.slots.is_empty() {
            draw::line(
                buf,
                inner,
                inner.y,
                "There are no saves yet.",
                theme.style(Role::Dim),
            );
        }
        for (i, slot) in self.slots.iter().enumerate().skip(first).take(list_h) {
            let y = inner.y + u16::try_from(i - first).unwrap_or(0);
            let selected = i == self.cursor;
            let marker = if selected { theme.pointer() } else { " " };
            let x = draw::text(buf, inner, inner.x, y, marker, theme.style(Role::Key));
            let role = if selected { Role::Selected } else { Role::Text };
            let x = draw::text(
                buf,
                inner,
                x.saturating_add(1),
                y,
                &slot.name,
                theme.style(role),
            );
            draw::text(
                buf,
                inner,
                x.saturating_add(2),
                y,
                &slot.origin,
                theme.style(Role::Dim),
            );
        }
        let y = inner.bottom().saturating_sub(2);
        if let Some(m) = &self.message {
            draw::line(buf, inner, y, m, theme.style(Role::Error));
        }
        draw::footer(buf, inner, "Up/Down choose, Enter open, Esc back", theme);
    }
}
