//! The map plug-in's face (see [`crate::plugin`] for the plug-in's shape): a [`RulesetUi`]
//! tells the shell how to set a ruleset's games up and what screens it offers before and
//! between games, and its [`RulesetView`] draws the map, panel and hand and turns keys and
//! clicks into actions. Everything else (menus, the journal, hand-off, AI turns, saving) is
//! the shell's.
//!
//! A view never sees the game state, only the observation of the seat whose eyes the screen
//! currently shows, so a view cannot leak hidden information in hot-seat play.

use crate::plugin::{GameSpec, Games, Prepared, Seats};
pub use crate::plugin::{OptionSpec, RulesAiSeat};
use crate::session::Session;
use crate::store::{SaveSlot, SaveStore};
use crate::theme::Theme;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use squadsight_core::{Ruleset, ScenarioInfo, Seat};
use std::rc::Rc;
use std::sync::Arc;

/// What a view is given when it draws or reads input.
pub struct ViewCtx<'a, R: Ruleset> {
    /// The rules.
    pub ruleset: &'a R,
    /// The scenario being played.
    pub scenario: &'a R::Scenario,
    /// Whose eyes the screen shows.
    pub viewer: Seat,
    /// The replay viewer's referee view: `obs` hides nothing (the map shows every unit where
    /// it really is), and each seat's hand is drawn apart.
    pub referee: bool,
    /// What the viewer may see.
    pub obs: &'a R::Observation,
    /// Who decides now; `None` once the game is over.
    pub to_act: Option<Seat>,
    /// The viewer's legal actions when it is the viewer's decision and a person makes it;
    /// empty otherwise.
    pub legal: &'a [R::Action],
    /// The action under the cursor of the action list, if any (for previews such as odds).
    pub highlighted: Option<&'a R::Action>,
    /// Colours and glyphs.
    pub theme: &'a Theme,
}

/// What a view did with an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply<A> {
    /// Not used; the shell may act on it.
    Ignored,
    /// Used (the cursor moved, the selection changed); redraw.
    Handled,
    /// The selection now narrows the legal actions to a few: move the focus to the action
    /// list so the player can pick one.
    ShowActions,
    /// Play this action; it must be one of [`ViewCtx::legal`].
    Play(A),
    /// A key the view knows that does nothing now; the text says why, for the key bar.
    Refused(&'static str),
}

impl<A: PartialEq> Reply<A> {
    /// Plays `action` when it is among the `legal` ones (a key such as "end the turn");
    /// otherwise the key is refused with `why_not`, for the key bar.
    pub fn play_if_legal(legal: &[A], action: A, why_not: &'static str) -> Reply<A> {
        if legal.contains(&action) {
            Reply::Play(action)
        } else {
            Reply::Refused(why_not)
        }
    }
}

/// One key the view understands, for the help overlay and the key bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyHelp {
    /// The key as written in key scripts ("Enter", "+", "1-9").
    pub key: &'static str,
    /// What it does, in a few words.
    pub what: &'static str,
}

/// A ruleset's map, panels and input mapping, for one game. The shell calls
/// [`RulesetView::refresh`] whenever the observation, the viewer or the legal actions change,
/// then draws as often as it needs to: drawing should not allocate.
pub trait RulesetView<R: Ruleset> {
    /// Brings the view's own state (cursor, selection, cached ranges) up to date.
    fn refresh(&mut self, ctx: &ViewCtx<'_, R>);

    /// Draws the map or board into `area`.
    fn render_map(&mut self, ctx: &ViewCtx<'_, R>, area: Rect, buf: &mut Buffer);

    /// Draws the side panel (the selected unit, previews) into `area`.
    fn render_panel(&mut self, ctx: &ViewCtx<'_, R>, area: Rect, buf: &mut Buffer);

    /// Draws the viewer's hand (or other private holdings) into `area`.
    fn render_hand(&mut self, ctx: &ViewCtx<'_, R>, area: Rect, buf: &mut Buffer);

    /// Writes the ruleset part of the status line (round, phase, deck and discard counts).
    fn status(&self, ctx: &ViewCtx<'_, R>, out: &mut String);

    /// A shorter form of [`RulesetView::status`] for a narrow screen, keeping what matters
    /// most (abbreviated, not dropped). The default is the full form.
    fn status_short(&self, ctx: &ViewCtx<'_, R>, out: &mut String) {
        self.status(ctx, out);
    }

    /// Whether the observation holds something the other seats must not see (a hand); a
    /// change of the deciding seat to such a seat gets a hand-off screen in hot-seat play.
    fn has_private(&self, ruleset: &R, obs: &R::Observation) -> bool;

    /// What the deciding seat is asked now, in words every seat may read ("Squaddie #3 takes
    /// 1 Hit: defend or pass"), for the hot-seat hand-off screen. `obs` may be any seat's
    /// observation, so the text must come from public facts only. The default says nothing.
    fn prompt(&self, ruleset: &R, obs: &R::Observation) -> Option<String> {
        let _ = (ruleset, obs);
        None
    }

    /// The group `action` belongs to in a long action list ("Grenadier: run, 1 action"):
    /// the shell lists each group together, under its name, when the list is longer than
    /// its pane; a narrow pane shows only what follows the name's first ": " (so "who: what"
    /// names should say "who" in every entry too). The default puts every action in one
    /// unnamed group (no headings).
    fn group(&self, ctx: &ViewCtx<'_, R>, action: &R::Action) -> Option<String> {
        let _ = (ctx, action);
        None
    }

    /// Whether `action` only declines something offered (a pass). A person's seat whose one
    /// legal action is such a pass, and that holds nothing private
    /// ([`RulesetView::has_private`]), is not asked: the pass is played for it, since it
    /// reveals nothing. The default is `false` (every decision is asked).
    fn is_pass(&self, action: &R::Action) -> bool {
        let _ = action;
        false
    }

    /// Whether `then`, offered right after `first`, only picks what `first` aims at (the
    /// target of a card's attack). When every action offered after `first` composes with
    /// it, and playing `first` reveals nothing, the shell lets the player choose the target
    /// with its preview before anything is played, and plays both only on the target. The
    /// default composes nothing.
    fn composes(&self, first: &R::Action, then: &R::Action) -> bool {
        let _ = (first, then);
        false
    }

    /// Reads a key while the map has the focus.
    fn key(&mut self, ctx: &ViewCtx<'_, R>, key: KeyEvent) -> Reply<R::Action>;

    /// Reads a mouse event anywhere on the map, panel or hand (the view knows where it drew
    /// them).
    fn mouse(&mut self, ctx: &ViewCtx<'_, R>, event: MouseEvent) -> Reply<R::Action>;

    /// Whether an action belongs in the action list under the current selection.
    fn relevant(&self, ctx: &ViewCtx<'_, R>, action: &R::Action) -> bool;

    /// The keys the view reads, for the help overlay.
    fn keys(&self) -> &'static [KeyHelp];

    /// What every mark of the view's map means, for the help overlay's legend (the view may
    /// also show it over the map). The default has none.
    fn legend(&self) -> &'static [crate::map::legend::Item] {
        &[]
    }

    /// Forgets the selection that narrows the action list (a unit, a card, an aimed cell).
    /// The shell calls it when a new decision starts, so a selection made for an earlier
    /// step never hides a later decision's options, and when the player clears the filter.
    /// A view whose [`RulesetView::relevant`] narrows by a selection must override it.
    fn clear_selection(&mut self) {}

    /// When `action` gives up the rest of a turn or an activation, or passes on an offer,
    /// the question to ask before playing it ("End your Move and Fire phase?"), with what
    /// is given up. The shell asks it (unless the player's settings say not to) and plays
    /// the action only on `y`.
    fn confirm(&self, ctx: &ViewCtx<'_, R>, action: &R::Action) -> Option<String> {
        let _ = (ctx, action);
        None
    }
}

/// How a ruleset plugs into the shell.
pub trait RulesetUi: 'static {
    /// The rules.
    type Rules: Ruleset;
    /// Its view.
    type View: RulesetView<Self::Rules> + 'static;

    /// The ruleset's name in menus ("X-Com Skirmish").
    fn title(&self) -> &'static str;

    /// A shared handle to the rules.
    fn ruleset(&self) -> Arc<Self::Rules>;

    /// Reads a scenario file; the message says what is wrong, with line and column.
    fn parse_scenario(
        &self,
        bytes: &[u8],
        origin: &str,
    ) -> Result<<Self::Rules as Ruleset>::Scenario, String>;

    /// The scenario's title, for the status line of a loaded game.
    fn scenario_title(&self, scenario: &<Self::Rules as Ruleset>::Scenario) -> String;

    /// The scenario's menu description, in a few sentences.
    fn describe_scenario(&self, scenario: &<Self::Rules as Ruleset>::Scenario) -> String;

    /// The table options, each with its values.
    fn options(&self) -> Vec<OptionSpec>;

    /// What the option `key` does and what its values mean, in a sentence or two, for the
    /// new-game form (shown while the option is selected). The default says nothing.
    fn option_help(&self, key: &str) -> Option<&'static str> {
        let _ = key;
        None
    }

    /// A view for one game of `scenario`.
    fn view(&self, scenario: &<Self::Rules as Ruleset>::Scenario) -> Self::View;

    /// Draws a small preview of the scenario's map for the new-game screen.
    fn preview(
        &self,
        scenario: &<Self::Rules as Ruleset>::Scenario,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
    );

    /// What the referee sees from `seat`'s chair, for the replay viewer: `seat`'s
    /// observation with nothing hidden (every unit where it really is, every hand, the deck
    /// counts). The default is `seat`'s own observation, which suits rulesets that hide
    /// nothing on the board.
    fn referee_observation(
        ruleset: &Self::Rules,
        state: &<Self::Rules as Ruleset>::State,
        seat: Seat,
    ) -> <Self::Rules as Ruleset>::Observation
    where
        Self: Sized,
    {
        ruleset.observe(state, seat)
    }

    /// The scenarios shipped with the ruleset (default: the ruleset's own list).
    fn builtin_scenarios(&self) -> Vec<ScenarioInfo> {
        self.ruleset().scenarios().to_vec()
    }

    /// The seat rows of the new-game form (default: a person or an AI level per seat).
    fn seats(&self) -> Seats {
        Seats::Choose
    }

    /// What the new-game form's `spec` opens on: by default the game itself; a ruleset whose
    /// games need setting up first offers a pre-game screen (Commander's squad builder),
    /// which hands the scenario it built back to the shell.
    fn pre_game(&self, spec: &GameSpec) -> Result<Prepared<Self::Rules>, String> {
        Ok(Prepared::Start(spec.clone()))
    }

    /// The ruleset's campaign screen, if it has a campaign mode, offering the campaigns saved
    /// in `store`; new campaigns use `seed`. Its battles run on `games`, the shell's game
    /// screen. The default has none.
    fn campaign(
        &self,
        seed: u64,
        store: &dyn SaveStore,
        games: Rc<dyn Games<Self::Rules>>,
    ) -> Option<Box<dyn Session>> {
        let _ = (seed, store, games);
        None
    }

    /// The campaign screen on one campaign file (`bytes`, read from `slot`, where every
    /// change is written back), if the ruleset has a campaign mode.
    fn open_campaign(
        &self,
        slot: &SaveSlot,
        bytes: &[u8],
        games: Rc<dyn Games<Self::Rules>>,
    ) -> Option<Result<Box<dyn Session>, String>> {
        let _ = (slot, bytes, games);
        None
    }
}

/// A map key or mouse event every view reads the same way: the arrows or `hjkl` move the
/// cursor, Shift with an arrow, `HJKL` or the wheel pans the map, `z + = -` switch the zoom,
/// Enter or Space acts on the cursor, a click acts on a cell and a right click clears the
/// selection. Views read them through [`MapControls`], so the keys are the same in every
/// ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapNav {
    /// Move the cursor by (columns, rows).
    Cursor(i32, i32),
    /// Pan the map by (columns, rows).
    Pan(i32, i32),
    /// The zoom was switched (already done in [`MapControls::zoom`]).
    Zoom,
    /// The legend or the raw numbers were shown or hidden (already done).
    Toggled,
    /// Act on the cell under the cursor (Enter, Space).
    Activate,
    /// A left click at this screen position, inside the map.
    Click(u16, u16),
    /// A right click inside the map: clear the selection.
    Clear,
}

impl MapNav {
    /// The navigation `key` asks for, if it is a map key.
    pub fn from_key(key: KeyEvent) -> Option<MapNav> {
        let shift = key.modifiers.contains(KeyModifiers::SHIFT);
        let (dx, dy, pan) = match key.code {
            KeyCode::Left => (-1, 0, shift),
            KeyCode::Right => (1, 0, shift),
            KeyCode::Up => (0, -1, shift),
            KeyCode::Down => (0, 1, shift),
            KeyCode::Char('h') if !shift => (-1, 0, false),
            KeyCode::Char('l') if !shift => (1, 0, false),
            KeyCode::Char('k') if !shift => (0, -1, false),
            KeyCode::Char('j') if !shift => (0, 1, false),
            KeyCode::Char('H') => (-1, 0, true),
            KeyCode::Char('L') => (1, 0, true),
            KeyCode::Char('K') => (0, -1, true),
            KeyCode::Char('J') => (0, 1, true),
            KeyCode::Char('z' | '+' | '=' | '-') => return Some(MapNav::Zoom),
            KeyCode::Enter | KeyCode::Char(' ') => return Some(MapNav::Activate),
            _ => return None,
        };
        Some(if pan {
            MapNav::Pan(dx, dy)
        } else {
            MapNav::Cursor(dx, dy)
        })
    }
}

/// The keys every map reads the same way ([`MapControls`]), for the help overlay: a view's
/// own [`RulesetView::keys`] follow them.
pub const MAP_KEYS: &[KeyHelp] = &[
    KeyHelp {
        key: "arrows / hjkl",
        what: "move the map cursor",
    },
    KeyHelp {
        key: "HJKL / wheel",
        what: "pan the map",
    },
    KeyHelp {
        key: "z + -",
        what: "switch between the detailed map and a compact one of the whole; a map that does not fit scrolls, with scroll bars and 'more: <>^v' saying where",
    },
    KeyHelp {
        key: "m",
        what: "show or hide the map legend (every mark is also listed below)",
    },
    KeyHelp {
        key: "#",
        what: "show or hide raw numbers on every cell (the panel always gives them for the cell under the cursor)",
    },
];

/// What every map view keeps the same way: the zoom, whether the legend and the raw numbers
/// are shown, and where the map was last drawn (which mouse events are the map's). A view
/// holds one and reads its keys and mouse events through it, then does what is its own.
#[derive(Clone, Copy, Debug, Default)]
pub struct MapControls {
    /// The zoom level.
    pub zoom: crate::map::Zoom,
    /// Whether the legend is drawn over the map (`m`).
    pub legend: bool,
    /// Whether raw numbers are drawn on every cell (`#`).
    pub numbers: bool,
    /// Where the map was last drawn.
    pub area: Rect,
}

impl MapControls {
    /// Reads a key: the legend and numbers toggles and the zoom are switched here and
    /// reported; moves, pans and Enter are returned for the view; `None` for a key that is
    /// not the map's.
    pub fn key(&mut self, key: KeyEvent) -> Option<MapNav> {
        match key.code {
            KeyCode::Char('m') => {
                self.legend = !self.legend;
                return Some(MapNav::Toggled);
            }
            KeyCode::Char('#') => {
                self.numbers = !self.numbers;
                return Some(MapNav::Toggled);
            }
            _ => {}
        }
        let nav = MapNav::from_key(key)?;
        if nav == MapNav::Zoom {
            self.zoom = self.zoom.other();
        }
        Some(nav)
    }

    /// Reads a mouse event inside the map (`None` elsewhere, or for one the map ignores):
    /// the wheel pans, a left click is a cell's, a right click clears.
    pub fn mouse(&self, m: MouseEvent) -> Option<MapNav> {
        if !self.area.contains(Position::new(m.column, m.row)) {
            return None;
        }
        Some(match m.kind {
            MouseEventKind::ScrollUp => MapNav::Pan(0, -1),
            MouseEventKind::ScrollDown => MapNav::Pan(0, 1),
            MouseEventKind::ScrollLeft => MapNav::Pan(-1, 0),
            MouseEventKind::ScrollRight => MapNav::Pan(1, 0),
            MouseEventKind::Down(MouseButton::Left) => MapNav::Click(m.column, m.row),
            MouseEventKind::Down(MouseButton::Right) => MapNav::Clear,
            _ => return None,
        })
    }

    /// Draws `items` over the map as its legend when `m` has turned it on.
    pub fn draw_legend(&self, buf: &mut Buffer, items: &[crate::map::legend::Item], theme: &Theme) {
        if self.legend {
            crate::map::legend::draw(buf, self.area, items, theme);
        }
    }
}

#[cfg(test)]
mod map_nav_tests {
    use super::{MapControls, MapNav};
    use crate::map::Zoom;
    use crossterm::event::{
        KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
    };
    use ratatui::layout::Rect;

    #[test]
    fn arrows_and_hjkl_move_shift_and_capitals_pan() {
        let key = |code, m| MapNav::from_key(KeyEvent::new(code, m));
        assert_eq!(
            key(KeyCode::Left, KeyModifiers::NONE),
            Some(MapNav::Cursor(-1, 0))
        );
        assert_eq!(
            key(KeyCode::Char('j'), KeyModifiers::NONE),
            Some(MapNav::Cursor(0, 1))
        );
        assert_eq!(
            key(KeyCode::Up, KeyModifiers::SHIFT),
            Some(MapNav::Pan(0, -1))
        );
        assert_eq!(
            key(KeyCode::Char('L'), KeyModifiers::SHIFT),
            Some(MapNav::Pan(1, 0))
        );
        assert_eq!(key(KeyCode::Char('h'), KeyModifiers::SHIFT), None);
        assert_eq!(
            key(KeyCode::Enter, KeyModifiers::NONE),
            Some(MapNav::Activate)
        );
        assert_eq!(key(KeyCode::Char('q'), KeyModifiers::NONE), None);
    }

    #[test]
    fn the_controls_switch_zoom_legend_and_numbers_and_read_the_mouse_on_the_map_only() {
        let mut c = MapControls {
            area: Rect::new(2, 1, 10, 5),
            ..MapControls::default()
        };
        let press =
            |c: &mut MapControls, ch| c.key(KeyEvent::new(KeyCode::Char(ch), KeyModifiers::NONE));
        assert_eq!(press(&mut c, 'z'), Some(MapNav::Zoom));
        assert_eq!(c.zoom, Zoom::Overview);
        assert_eq!(press(&mut c, '-'), Some(MapNav::Zoom));
        assert_eq!(c.zoom, Zoom::Detail);
        assert_eq!(press(&mut c, 'm'), Some(MapNav::Toggled));
        assert_eq!(press(&mut c, '#'), Some(MapNav::Toggled));
        assert!(c.legend && c.numbers);
        assert_eq!(press(&mut c, 'x'), None);
        let mouse = |kind, column, row| MouseEvent {
            kind,
            column,
            row,
            modifiers: KeyModifiers::NONE,
        };
        let left = MouseEventKind::Down(MouseButton::Left);
        assert_eq!(c.mouse(mouse(left, 3, 2)), Some(MapNav::Click(3, 2)));
        assert_eq!(c.mouse(mouse(left, 12, 2)), None);
        assert_eq!(
            c.mouse(mouse(MouseEventKind::ScrollDown, 2, 1)),
            Some(MapNav::Pan(0, 1))
        );
        assert_eq!(
            c.mouse(mouse(MouseEventKind::Down(MouseButton::Right), 11, 5)),
            Some(MapNav::Clear)
        );
    }
}
