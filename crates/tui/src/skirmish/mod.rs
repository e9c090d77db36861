//! X-Com Skirmish on screen: the hex map, the unit panel with line of sight and attack odds,
//! the hand, and the key and mouse mapping onto Skirmish actions.
//!
//! The view reads only the viewing side's observation and the legal actions the rules list;
//! what it highlights (where a unit may move, what it may target) comes from those actions,
//! so the screen can never offer something the rules refuse.

mod map;
mod panel;

use crate::draw;
use crate::map::hexes::{self, Geometry};
use crate::map::legend::Item;
use crate::map::{CellLook, Numbers, UnitLook, UnitState};
pub use crate::map::{Overlay as Mark, Zoom};
use crate::theme::Theme;
use crate::view::{
    KeyHelp, MapControls, MapNav, OptionSpec, Reply, RulesetUi, RulesetView, ViewCtx,
};
use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use squadsight_core::hex::{self, Hex};
use squadsight_core::los::{Los, Nudge};
use squadsight_core::{Ruleset as _, Seat};
use squadsight_skirmish::Skirmish;
use squadsight_skirmish::action::Action;
use squadsight_skirmish::board::{Board, FLYER_ELEVATION};
use squadsight_skirmish::catalog::{CardId, Catalog, Scenario};
use squadsight_skirmish::data::ScenarioDef;
use squadsight_skirmish::effects::{Alt, CardKind, Op, RangeSet};
use squadsight_skirmish::observe::Observation;
use squadsight_skirmish::options::OPTION_KEYS;
use squadsight_skirmish::state::{Aim, Frame, HexId, Source, State, Unit, UnitId};
use std::sync::Arc;

pub use crate::theme::SIDE_MARKERS;

/// X-Com Skirmish's plug-in.
pub struct SkirmishUi {
    ruleset: Arc<Skirmish>,
}

impl SkirmishUi {
    /// The plug-in for the embedded rules data; an error if that data does not load.
    pub fn new() -> Result<SkirmishUi, String> {
        let ruleset = Skirmish::new().map_err(|e| e.to_string())?;
        Ok(SkirmishUi {
            ruleset: Arc::new(ruleset),
        })
    }
}

impl RulesetUi for SkirmishUi {
    type Rules = Skirmish;
    type View = SkirmishView;

    fn title(&self) -> &'static str {
        "X-Com Skirmish"
    }

    fn ruleset(&self) -> Arc<Skirmish> {
        Arc::clone(&self.ruleset)
    }

    fn parse_scenario(&self, bytes: &[u8], origin: &str) -> Result<ScenarioDef, String> {
        let def = squadsight_skirmish::catalog::parse_scenario(bytes, origin)
            .map_err(|e| e.to_string())?;
        // Checked here so that a bad file is reported before a game starts.
        Scenario::validate(&def, self.ruleset.catalog())
            .map_err(|problems| format!("{origin}: {}", problems.join("; ")))?;
        Ok(def)
    }

    fn scenario_title(&self, scenario: &ScenarioDef) -> String {
        scenario.title.clone()
    }

    fn describe_scenario(&self, scenario: &ScenarioDef) -> String {
        scenario.description.clone()
    }

    fn option_help(&self, key: &str) -> Option<&'static str> {
        Some(match key {
            "range_mode" => {
                "exact (default): \"Attack = N\" reaches exactly N hexes; max: up to N (sk.gap.25)."
            }
            "move_mode" => {
                "up-to (default): Move N reaches any hex within N steps; exact: only hexes exactly N steps away (sk.gap.13)."
            }
            "attack_limit" => {
                "none (default): a unit attacks as often as its cards pay for; one-per-unit: one attack play a turn (sk.gap.16)."
            }
            "rapid_reaction" => {
                "draw-always (default): Defense or Move 1, and a card drawn either way; draw-with-move: the card only with the move (sk.gap.46)."
            }
            "sectopod_hits" => "The Sectopod's Hits, 1 to 9 (default 5; sk.gap.1).",
            "sectopod_cost" => "The Sectopod's Cost, 1 to 9 (default 5; sk.gap.1).",
            "first_player" => {
                "Who takes the first turn: a roll decides (default), or X-Com, or the aliens (sk.gap.3)."
            }
            "detection" => {
                "The optional Detection rules, off (default) or on (sk.detect.optional)."
            }
            "hidden_positions" => {
                "visible (default): Hidden units show where they stand, but aiming at one needs a Detection roll; hidden: hidden enemies stay off the map (sk.gap.69)."
            }
            "panic" => "The optional Panic rules, off (default) or on (sk.panic.optional).",
            "stalemate" => {
                "draw (default): when no unit can ever attack again the game ends as a draw; play-on: it goes on (sk.gap.8)."
            }
            "area_aim" => {
                "blast (default): an area attack on an empty hex is aimed at the foes around it for suppression and Detection; hex-only: only at foes in the hex (sk.gap.42)."
            }
            "detection_retry" => {
                "next-turn (default): after a failed Detection the unit may not attack that target again this turn; at-once: it may retry at once (sk.detect.card-fate)."
            }
            "reveal_roll" => {
                "when-made (default): a hidden attacker rolls to reveal itself only when its attack is made; on-declare: as soon as it declares (sk.gap.70)."
            }
            _ => return None,
        })
    }

    fn options(&self) -> Vec<OptionSpec> {
        OPTION_KEYS
            .iter()
            .map(|(key, values)| OptionSpec {
                key,
                label: option_label(key),
                values: option_values(values),
                seat: None,
            })
            .collect()
    }

    fn view(&self, _scenario: &ScenarioDef) -> SkirmishView {
        SkirmishView::new(self.ruleset.catalog())
    }

    /// The full state, with the seat's own hand as "its" hand and the true counts of the
    /// other hand and the deck.
    fn referee_observation(ruleset: &Skirmish, state: &State, seat: Seat) -> Observation {
        let own = ruleset.observe(state, seat);
        Observation {
            seat: own.seat,
            state: state.clone(),
            other_hand: own.other_hand,
            deck_left: own.deck_left,
        }
    }

    fn preview(&self, scenario: &ScenarioDef, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let catalog = self.ruleset.catalog();
        let Ok(s) = Scenario::validate(scenario, catalog) else {
            return;
        };
        let board = Board::new(&s);
        let names = Abbrevs::new(catalog);
        let mut units = vec![None; board.len()];
        for (side, placed) in s.sides.iter().enumerate() {
            for p in &placed.units {
                if let Some(h) = board.at(p.col, p.row) {
                    if let Some(slot) = units.get_mut(h.index()) {
                        *slot = Some((names.get(p.unit.index()), side));
                    }
                }
            }
        }
        let geo = Geometry::fit(Zoom::Overview, board.width(), board.height(), area, (0, 0));
        hexes::draw(buf, &geo, theme, |col, row| {
            let h = board.at(col, row)?;
            let unit = units
                .get(h.index())
                .copied()
                .flatten()
                .map(|(kind, side)| UnitLook::plain(kind, u8::try_from(side).unwrap_or(0)));
            Some(CellLook {
                ground: map::ground(board.terrain(h)),
                height: map::height(board.elevation(h)),
                unit,
                ..CellLook::default()
            })
        });
    }
}

/// The values of one option as `OPTION_KEYS` writes them: `a | b` lists them; `5 (1-9)` is
/// a number with its default first.
/// An option's name in the new-game form (the key itself for one this list does not know).
fn option_label(key: &'static str) -> &'static str {
    match key {
        "range_mode" => "Range",
        "move_mode" => "Movement",
        "attack_limit" => "Attack limit",
        "rapid_reaction" => "Rapid Reaction",
        "sectopod_hits" => "Sectopod hits",
        "sectopod_cost" => "Sectopod cost",
        "first_player" => "First player",
        "detection" => "Detection",
        "hidden_positions" => "Hidden positions",
        "panic" => "Panic",
        "stalemate" => "Stalemate",
        "area_aim" => "Area aim",
        "detection_retry" => "Detection retry",
        "reveal_roll" => "Reveal roll",
        other => other,
    }
}

fn option_values(spec: &str) -> Vec<String> {
    if let Some((default, range)) = spec.split_once(" (") {
        let range = range.trim_end_matches(')');
        if let Some((lo, hi)) = range.split_once('-') {
            if let (Ok(lo), Ok(hi), Ok(d)) = (
                lo.parse::<u32>(),
                hi.parse::<u32>(),
                default.trim().parse::<u32>(),
            ) {
                let mut values = vec![d.to_string()];
                values.extend((lo..=hi).filter(|v| *v != d).map(|v| v.to_string()));
                return values;
            }
        }
    }
    spec.split('|').map(|v| v.trim().to_string()).collect()
}

/// Two-letter abbreviations of the unit types, unique ignoring case, so a hidden unit
/// (drawn in lower case) still reads as its type.
#[derive(Clone, Debug, Default)]
pub struct Abbrevs(Vec<[char; 2]>);

impl Abbrevs {
    /// Abbreviations for every unit type of the catalog, in type order.
    pub fn new(catalog: &Catalog) -> Abbrevs {
        Abbrevs(crate::cell::abbreviations(
            catalog.units().iter().map(|t| t.name.as_str()),
        ))
    }

    /// The abbreviation of unit type `i`.
    pub fn get(&self, i: usize) -> [char; 2] {
        self.0.get(i).copied().unwrap_or(['?', '?'])
    }
}

/// Why sight from the selected unit to the cursor hex is blocked, or that it is clear.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sight {
    /// No unit to look from, or the cursor is on the unit itself.
    None,
    /// Nothing in the way.
    Clear,
    /// A hex stands higher than the viewer.
    Higher {
        /// The blocking hex.
        hex: HexId,
        /// Its elevation.
        elevation: u8,
        /// The viewer's elevation.
        from: u8,
    },
    /// A unit at the viewer's height or above stands in the way.
    Unit {
        /// The hex it stands in.
        hex: HexId,
        /// The unit.
        unit: UnitId,
    },
}

/// The Skirmish view of one game.
pub struct SkirmishView {
    abbrevs: Abbrevs,
    cursor: HexId,
    cursor_set: bool,
    /// The zoom (hexes in outline, `Detail`, or compact), the legend, the raw terrain and
    /// elevation ratings, and where the map was drawn.
    map: MapControls,
    /// Whether the player chose the zoom; until then [`hexes::best_zoom`] picks the one
    /// that fits the pane.
    zoom_chosen: bool,
    /// The zoom just changed: the next frame brings the cursor on screen.
    zoomed: bool,
    origin: (u8, u8),
    selected: Option<UnitId>,
    card: Option<CardId>,
    /// The viewer's units that some legal action lets act now.
    ready: Vec<UnitId>,
    /// Per hex: the units in it as the viewer sees them (ground first).
    occupants: Vec<[Option<UnitId>; 2]>,
    /// Per hex: what the legal actions and the sight line mark there.
    marks: Vec<Mark>,
    /// The card play highlighted in the action list, whose effects' ranges are overlaid
    /// while it stays highlighted.
    play: Option<Action>,
    /// The distinct ranges of the play being chosen, in the order of its effects, each with
    /// whether it passes over units (a grenade).
    ranges: Vec<(RangeSet, bool)>,
    sight: Sight,
    hand_area: Rect,
    geometry: Option<Geometry>,
    scratch: draw::Scratch,
}

impl SkirmishView {
    /// A view using `catalog`'s unit names.
    pub fn new(catalog: &Catalog) -> SkirmishView {
        SkirmishView {
            abbrevs: Abbrevs::new(catalog),
            cursor: HexId(0),
            cursor_set: false,
            map: MapControls::default(),
            zoom_chosen: false,
            zoomed: false,
            origin: (0, 0),
            selected: None,
            card: None,
            ready: Vec::new(),
            occupants: Vec::new(),
            marks: Vec::new(),
            play: None,
            ranges: Vec::new(),
            sight: Sight::None,
            hand_area: Rect::default(),
            geometry: None,
            scratch: draw::Scratch::default(),
        }
    }

    /// The hex under the map cursor.
    pub fn cursor(&self) -> HexId {
        self.cursor
    }

    /// The selected unit.
    pub fn selected(&self) -> Option<UnitId> {
        self.selected
    }

    /// The selected hand card.
    pub fn card(&self) -> Option<CardId> {
        self.card
    }

    /// The zoom level.
    pub fn zoom(&self) -> Zoom {
        self.map.zoom
    }

    /// The line of sight from the acting unit to the cursor, as last worked out.
    pub fn sight(&self) -> Sight {
        self.sight
    }

    /// What the map marks at `hex`.
    pub fn mark(&self, hex: HexId) -> Mark {
        self.marks.get(hex.index()).copied().unwrap_or(Mark::None)
    }

    /// The screen cell at the centre of `hex` when the map was last drawn, for tests and
    /// scripted clicks.
    pub fn cell_of(&self, hex: HexId, board: &Board) -> Option<(u16, u16)> {
        let (col, row) = board.offset(hex);
        self.geometry.as_ref()?.cell_of(col, row)
    }

    /// The unit the view acts for: the one a pending move or target belongs to, else the
    /// selected one.
    fn actor(&self, st: &State) -> Option<UnitId> {
        match st.stack().last() {
            Some(Frame::Move { unit, .. } | Frame::Target { unit, .. }) => Some(*unit),
            _ => self.selected,
        }
    }

    fn units_at(&self, hex: HexId) -> [Option<UnitId>; 2] {
        self.occupants
            .get(hex.index())
            .copied()
            .unwrap_or([None, None])
    }

    /// Recomputes occupants, marks and the sight line.
    fn recompute(&mut self, ctx: &ViewCtx<'_, Skirmish>) {
        let st = &ctx.obs.state;
        let board = st.board();
        self.occupants.clear();
        self.occupants.resize(board.len(), [None, None]);
        let catalog = ctx.ruleset.catalog();
        for (id, u) in st.on_map() {
            if let Some(slot) = self.occupants.get_mut(u.pos.index()) {
                match slot {
                    [None, _] => slot[0] = Some(id),
                    [Some(_), None] => slot[1] = Some(id),
                    [Some(_), Some(_)] => {}
                }
                // A ground unit is listed before a Flyer hovering over it.
                let is_flyer = |u: Option<UnitId>| {
                    u.and_then(|u| st.unit(u))
                        .is_some_and(|u| flyer(catalog, u))
                };
                if is_flyer(slot[0]) && slot[1].is_some() && !is_flyer(slot[1]) {
                    slot.swap(0, 1);
                }
            }
        }
        self.marks.clear();
        self.marks.resize(board.len(), Mark::None);
        self.ready.clear();
        for a in ctx.legal {
            if let Action::Card {
                unit: Some(unit), ..
            }
            | Action::Spec { unit, .. }
            | Action::FreeMove { unit, .. }
            | Action::Cover { unit, .. }
            | Action::SelfDestruct { unit, .. } = *a
            {
                if !self.ready.contains(&unit) {
                    self.ready.push(unit);
                }
            }
        }
        self.mark_ranges(ctx);
        let sel = self.selected;
        for a in ctx.legal {
            let (hex, mark) = match *a {
                Action::MoveTo(h) => (Some(h), Mark::Reach),
                Action::FreeMove { unit, to } if Some(unit) == sel => (Some(to), Mark::Reach),
                Action::TargetHex(h) => (Some(h), Mark::Target),
                Action::TargetUnit(u) => (st.unit(u).map(|u| u.pos), Mark::Target),
                _ => (None, Mark::None),
            };
            if let Some(m) = hex.and_then(|h| self.marks.get_mut(h.index())) {
                *m = (*m).max(mark);
            }
        }
        self.sight = self.trace_sight(ctx);
    }

    /// Marks the hexes the play being chosen reaches: the attack or ranged effect a target
    /// is being picked for, else every attack and ranged effect of the card play highlighted
    /// in the action list, else of the selected card played by the selected unit. Hexes at a distance the effect allows (sk.attack.range, under
    /// `range_mode`, sk.gap.25; sk.effect.ranged) and in sight for it (sk.los.elevation-block,
    /// sk.los.through-units; a grenade passes over units, sk.gap.36) are marked: those the
    /// first effect reaches as [`Mark::Range`], those only a later one reaches as
    /// [`Mark::RangeAlt`].
    fn mark_ranges(&mut self, ctx: &ViewCtx<'_, Skirmish>) {
        let st = &ctx.obs.state;
        let sk = ctx.ruleset;
        let rules = sk.rules();
        self.ranges.clear();
        let add = |ranges: &mut Vec<(RangeSet, bool)>, r: (RangeSet, bool)| {
            if !ranges.contains(&r) {
                ranges.push(r);
            }
        };
        let actor = match st.stack().last().copied() {
            Some(Frame::Target { unit, aim, .. }) => {
                match aim {
                    Aim::Attack(atk) => {
                        if let Some(a) = rules.attack(atk) {
                            add(&mut self.ranges, (a.ranges, a.grenade));
                        }
                    }
                    Aim::Effect => {
                        let below = st.stack().len().checked_sub(2);
                        if let Some(Frame::Program(p)) = below.and_then(|i| st.stack().get(i)) {
                            let op = play_alt(sk, p.source, p.alt)
                                .and_then(|alt| alt.ops.get(usize::from(p.pc)));
                            if let Some(&Op::Ranged { ranges, .. }) = op {
                                add(&mut self.ranges, (ranges, false));
                            }
                        }
                    }
                    Aim::Spawn(_) => {}
                }
                Some(unit)
            }
            _ => {
                // The highlighted play, else the selected card for the selected unit (its
                // reach shows even when no target is in it yet; a Spec card's row N of each
                // of the unit's tables, sk.spec.activate).
                let mut plays: Vec<(Source, u8)> = Vec::new();
                let unit = match (self.play, self.card, self.selected) {
                    (
                        Some(Action::Card {
                            card,
                            unit: Some(unit),
                        }),
                        _,
                        _,
                    ) => {
                        plays.push((Source::Card(card), 0));
                        unit
                    }
                    (
                        Some(Action::Spec {
                            card,
                            unit,
                            table,
                            alt,
                        }),
                        _,
                        _,
                    ) => {
                        if let Some(&CardKind::Spec(n)) = rules.cards.get(card.index()) {
                            plays.push((Source::Row(table, n), alt));
                        }
                        unit
                    }
                    (None, Some(card), Some(unit)) => {
                        match rules.cards.get(card.index()) {
                            Some(CardKind::Printed(_)) => plays.push((Source::Card(card), 0)),
                            Some(&CardKind::Spec(n)) => {
                                let tables = st.unit(unit).map(|u| sk.usable_tables(u));
                                for t in tables.into_iter().flatten() {
                                    let alts = rules.row(t, n).map_or(0, |r| r.alts.len());
                                    for alt in 0..u8::try_from(alts).unwrap_or(0) {
                                        plays.push((Source::Row(t, n), alt));
                                    }
                                }
                            }
                            None => {}
                        }
                        unit
                    }
                    _ => return,
                };
                let as_one = st
                    .unit(unit)
                    .and_then(|u| rules.units.get(u.kind.index()))
                    .is_some_and(|t| t.attack_as_one);
                for (source, alt) in plays {
                    for op in play_alt(sk, source, alt).map_or(&[][..], |a| a.ops.as_slice()) {
                        match *op {
                            Op::Attack(atk) => {
                                // Deck Attack cards played by attack-as-one types reach 1
                                // hex (sk.special.attack-as-one).
                                let atk = match source {
                                    Source::Card(_) if as_one => rules.as_one,
                                    _ => atk,
                                };
                                if let Some(a) = rules.attack(atk) {
                                    add(&mut self.ranges, (a.ranges, a.grenade));
                                }
                            }
                            Op::Ranged { ranges, .. } => add(&mut self.ranges, (ranges, false)),
                            _ => {}
                        }
                    }
                }
                Some(unit)
            }
        };
        let Some((actor, from)) =
            actor.and_then(|id| st.unit(id).filter(|u| u.on_map()).map(|u| (id, u.pos)))
        else {
            return;
        };
        if self.ranges.is_empty() {
            return;
        }
        let board = st.board();
        let mode = st.options().range_mode;
        for i in 0..board.len() {
            let Ok(n) = u16::try_from(i) else { break };
            let hex = HexId(n);
            let d = board.distance(from, hex);
            let Some(k) = self.ranges.iter().position(|(r, _)| r.allows(d, mode)) else {
                continue;
            };
            // Sight for the first effect that reaches the hex (a grenade's passes over units).
            let over_units =
                self.ranges[k].1 && !self.ranges.iter().any(|(r, g)| !*g && r.allows(d, mode));
            if self.sight_over(ctx, actor, hex, over_units) != Sight::Clear {
                continue;
            }
            if let Some(m) = self.marks.get_mut(i) {
                *m = if k == 0 { Mark::Range } else { Mark::RangeAlt };
            }
        }
    }

    /// Traces sight from the acting unit to the cursor and marks the line on the map.
    fn trace_sight(&mut self, ctx: &ViewCtx<'_, Skirmish>) -> Sight {
        let st = &ctx.obs.state;
        let board = st.board();
        let Some(actor) = self.actor(st) else {
            return Sight::None;
        };
        let Some(unit) = st.unit(actor).filter(|u| u.on_map()) else {
            return Sight::None;
        };
        if unit.pos == self.cursor || !board.contains(self.cursor) {
            return Sight::None;
        }
        for h in hex::line(board.hex(unit.pos), board.hex(self.cursor), Nudge::Plus) {
            if let Some(m) = board.id_of(h).and_then(|id| self.marks.get_mut(id.index())) {
                *m = (*m).max(Mark::Line);
            }
        }
        let sight = self.sight_to(ctx, actor, self.cursor);
        if let Sight::Higher { hex, .. } | Sight::Unit { hex, .. } = sight {
            if let Some(m) = self.marks.get_mut(hex.index()) {
                *m = (*m).max(Mark::Blocker);
            }
        }
        sight
    }

    /// Whether `actor` sees `to` for a direct (non-grenade) attack, and what blocks it.
    ///
    /// The blocking test mirrors the rules' attack sight: a hex higher than the viewer
    /// blocks (sk.los.elevation-block), and so does a unit at the viewer's height or above
    /// (sk.los.through-units); Flyers look from elevation 6 (sk.los.flyer-elevation); range 1
    /// is never blocked. The trace itself is the engine's symmetric hex line (sk.gap.33). A
    /// test checks that every unit the rules let a unit attack directly is seen here.
    pub fn sight_to(&self, ctx: &ViewCtx<'_, Skirmish>, actor: UnitId, to: HexId) -> Sight {
        self.sight_over(ctx, actor, to, false)
    }

    /// Sight as [`SkirmishView::sight_to`] traces it; `over_units` for a grenade, whose
    /// path passes over units (sk.gap.36): only higher hexes block it.
    fn sight_over(
        &self,
        ctx: &ViewCtx<'_, Skirmish>,
        actor: UnitId,
        to: HexId,
        over_units: bool,
    ) -> Sight {
        let st = &ctx.obs.state;
        let board = st.board();
        let catalog = ctx.ruleset.catalog();
        let Some(unit) = st.unit(actor).filter(|u| u.on_map()) else {
            return Sight::None;
        };
        if unit.pos == to || !board.contains(to) {
            return Sight::None;
        }
        if board.distance(unit.pos, to) <= 1 {
            return Sight::Clear;
        }
        let from = if flyer(catalog, unit) {
            FLYER_ELEVATION
        } else {
            board.elevation(unit.pos)
        };
        let occupants = &self.occupants;
        let blocks = |h: Hex| -> bool {
            let Some(id) = board.id_of(h) else {
                return false;
            };
            let e = board.elevation(id);
            let here = occupants.get(id.index()).copied().unwrap_or([None, None]);
            let unit_blocks = !over_units
                && here.iter().flatten().any(|&u| {
                    st.unit(u).is_some_and(|u| {
                        let ue = if flyer(catalog, u) {
                            FLYER_ELEVATION
                        } else {
                            e
                        };
                        ue >= from
                    })
                });
            e > from || unit_blocks
        };
        match hex::los(board.hex(unit.pos), board.hex(to), blocks) {
            Los::Clear => Sight::Clear,
            Los::Blocked { by } => {
                let Some(hex) = board.id_of(by) else {
                    return Sight::Clear;
                };
                let e = board.elevation(hex);
                match self.units_at(hex) {
                    _ if e > from => Sight::Higher {
                        hex,
                        elevation: e,
                        from,
                    },
                    [Some(u), _] | [None, Some(u)] => Sight::Unit { hex, unit: u },
                    [None, None] => Sight::Higher {
                        hex,
                        elevation: e,
                        from,
                    },
                }
            }
        }
    }

    fn move_cursor(&mut self, board: &Board, dc: i32, dr: i32) {
        let (c, r) = board.offset(self.cursor);
        let col = (i32::from(c) + dc).clamp(0, i32::from(board.width().saturating_sub(1)));
        let row = (i32::from(r) + dr).clamp(0, i32::from(board.height().saturating_sub(1)));
        if let Some(h) = board.at(col as u8, row as u8) {
            self.cursor = h;
        }
        self.follow(board);
    }

    /// Pans so that the cursor is on screen.
    fn follow(&mut self, board: &Board) {
        let Some(geo) = &self.geometry else {
            return;
        };
        let (c, r) = board.offset(self.cursor);
        self.origin = geo.follow(c, r);
    }

    fn pan(&mut self, board: &Board, dc: i32, dr: i32) {
        let (oc, or) = self.origin;
        let col = (i32::from(oc) + dc).clamp(0, i32::from(board.width().saturating_sub(1)));
        let row = (i32::from(or) + dr).clamp(0, i32::from(board.height().saturating_sub(1)));
        self.origin = (col as u8, row as u8);
    }

    /// Enter (or a click) on the cursor hex: play the one legal action aimed there, narrow
    /// the list when several are, or select the viewer's unit standing there.
    fn activate(&mut self, ctx: &ViewCtx<'_, Skirmish>) -> Reply<Action> {
        let st = &ctx.obs.state;
        let here = self.units_at(self.cursor);
        let mut aimed = ctx.legal.iter().filter(|a| self.aims_here(st, a, here));
        if let Some(first) = aimed.next() {
            return match aimed.next() {
                None => Reply::Play(*first),
                Some(_) => Reply::ShowActions,
            };
        }
        // A decision that wants no hex or unit (who goes first, a discard, a Defense
        // window) is answered in the action list: selecting the unit under the cursor would
        // change nothing the player can act on.
        if !ctx.legal.is_empty() && !ctx.legal.iter().any(wants_map) {
            return Reply::ShowActions;
        }
        let mine = here
            .into_iter()
            .flatten()
            .find(|&u| st.unit(u).is_some_and(|u| u.controller == ctx.viewer.0));
        match mine {
            Some(u) if self.selected == Some(u) => Reply::ShowActions,
            Some(u) => {
                self.selected = Some(u);
                self.recompute(ctx);
                Reply::Handled
            }
            // On an empty hex, Enter first drops the selection, then opens the action list
            // (where choices that have nothing to do with the map are made).
            None if self.selected.is_some() => {
                self.selected = None;
                self.recompute(ctx);
                Reply::Handled
            }
            None => Reply::ShowActions,
        }
    }

    /// Whether an action is aimed at the cursor hex (a move there, a target there).
    fn aims_here(&self, st: &State, a: &Action, here: [Option<UnitId>; 2]) -> bool {
        match *a {
            Action::MoveTo(h) | Action::TargetHex(h) => h == self.cursor,
            Action::FreeMove { unit, to } => to == self.cursor && Some(unit) == self.selected,
            Action::TargetUnit(u) => {
                here.contains(&Some(u)) || st.unit(u).is_some_and(|x| x.pos == self.cursor)
            }
            _ => false,
        }
    }

    fn select_card(&mut self, ctx: &ViewCtx<'_, Skirmish>, index: usize) -> Reply<Action> {
        let hand = ctx.obs.hand();
        match hand.iter().nth(index) {
            Some((card, _)) => {
                self.card = if self.card == Some(card) {
                    None
                } else {
                    Some(card)
                };
                self.recompute(ctx);
                if self.card.is_some() {
                    Reply::ShowActions
                } else {
                    Reply::Handled
                }
            }
            None => Reply::Handled,
        }
    }

    fn cycle_unit(&mut self, ctx: &ViewCtx<'_, Skirmish>, forward: bool) -> Reply<Action> {
        let st = &ctx.obs.state;
        let mine: Vec<UnitId> = st
            .on_map()
            .filter(|(_, u)| u.controller == ctx.viewer.0)
            .map(|(id, _)| id)
            .collect();
        if mine.is_empty() {
            return Reply::Handled;
        }
        let at = self
            .selected
            .and_then(|s| mine.iter().position(|&u| u == s));
        let next = match (at, forward) {
            (None, _) => 0,
            (Some(i), true) => (i + 1) % mine.len(),
            (Some(i), false) => (i + mine.len() - 1) % mine.len(),
        };
        self.selected = Some(mine[next]);
        if let Some(u) = st.unit(mine[next]) {
            self.cursor = u.pos;
            self.follow(st.board());
        }
        self.recompute(ctx);
        Reply::Handled
    }

    /// Does what a map key or mouse event asks (read by the shell's [`MapControls`]).
    fn navigate(&mut self, ctx: &ViewCtx<'_, Skirmish>, nav: MapNav) -> Reply<Action> {
        let board = ctx.obs.state.board();
        match nav {
            MapNav::Cursor(dc, dr) => self.move_cursor(board, dc, dr),
            MapNav::Pan(dc, dr) => self.pan(board, dc, dr),
            MapNav::Zoom => {
                self.zoom_chosen = true;
                self.zoomed = true;
            }
            MapNav::Toggled => {}
            MapNav::Activate => return self.activate(ctx),
            MapNav::Click(x, y) => {
                let hex = self
                    .geometry
                    .as_ref()
                    .and_then(|g| g.hex_at(x, y))
                    .and_then(|(c, r)| board.at(c, r));
                if let Some(h) = hex {
                    self.cursor = h;
                    self.recompute(ctx);
                    return self.activate(ctx);
                }
            }
            MapNav::Clear => {
                self.selected = None;
                self.card = None;
            }
        }
        self.recompute(ctx);
        Reply::Handled
    }
}

/// Whether an action is chosen on the map: a hex or unit to aim at, a free move, or the
/// Move and Fire phase (where selecting a unit is how its plays are found).
fn wants_map(a: &Action) -> bool {
    matches!(
        a,
        Action::MoveTo(_)
            | Action::TargetHex(_)
            | Action::TargetUnit(_)
            | Action::FreeMove { .. }
            | Action::EndTurn
    )
}

/// The alternative a play resolves: a card's printed effect, a table row, or a Boost grant.
fn play_alt(sk: &Skirmish, source: Source, alt: u8) -> Option<&Alt> {
    let rules = sk.rules();
    let alts = match source {
        Source::Card(c) => match rules.cards.get(c.index())? {
            CardKind::Printed(ab) => &ab.alts,
            CardKind::Spec(_) => return None,
        },
        Source::Row(t, n) => &rules.row(t, n)?.alts,
        Source::Grant(g) => return rules.grants.get(usize::from(g)),
    };
    alts.get(usize::from(alt))
}

/// The highlighted action when it is a card play for a unit, whose ranges the map shows.
fn card_play(highlighted: Option<&Action>) -> Option<Action> {
    highlighted
        .copied()
        .filter(|a| matches!(a, Action::Card { unit: Some(_), .. } | Action::Spec { .. }))
}

fn flyer(catalog: &Catalog, u: &Unit) -> bool {
    catalog.unit(u.kind).is_some_and(|t| t.flyer)
}

impl RulesetView<Skirmish> for SkirmishView {
    fn refresh(&mut self, ctx: &ViewCtx<'_, Skirmish>) {
        let st = &ctx.obs.state;
        let board = st.board();
        if !board.contains(self.cursor) {
            self.cursor = HexId(0);
        }
        // A selection that no longer makes sense is dropped.
        if let Some(u) = self.selected {
            if !st
                .unit(u)
                .is_some_and(|u| u.on_map() && u.controller == ctx.viewer.0)
            {
                self.selected = None;
            }
        }
        if let Some(c) = self.card {
            if !ctx.obs.hand().has(c) {
                self.card = None;
            }
        }
        if !self.cursor_set {
            // Start on the viewer's first unit.
            if let Some((_, u)) = st.on_map().find(|(_, u)| u.controller == ctx.viewer.0) {
                self.cursor = u.pos;
            }
            self.cursor_set = true;
        }
        self.play = card_play(ctx.highlighted);
        self.recompute(ctx);
    }

    fn render_map(&mut self, ctx: &ViewCtx<'_, Skirmish>, area: Rect, buf: &mut Buffer) {
        // A card play highlighted in the action list overlays its effects' ranges; they go
        // when it is no longer highlighted.
        let play = card_play(ctx.highlighted);
        if play != self.play {
            self.play = play;
            self.recompute(ctx);
        }
        let st = &ctx.obs.state;
        let board = st.board();
        self.map.area = area;
        if !self.zoom_chosen {
            self.map.zoom = hexes::best_zoom(board.width(), board.height(), area);
        }
        let (w, h) = (board.width(), board.height());
        let (cc, cr) = board.offset(self.cursor);
        let mut geo = Geometry::fit(self.map.zoom, w, h, area, self.origin);
        if self.zoomed {
            // A new zoom brings the cursor on screen.
            geo = Geometry::fit(self.map.zoom, w, h, area, geo.follow(cc, cr));
            self.zoomed = false;
        }
        self.origin = geo.origin;
        // In the compact zoom, the part of the map the outline would show (around the
        // cursor) is framed, so `z` holds no surprise.
        let detail = (self.map.zoom == Zoom::Overview).then(|| {
            let d = Geometry::fit(Zoom::Detail, w, h, area, self.origin);
            Geometry::fit(Zoom::Detail, w, h, area, d.follow(cc, cr)).window()
        });
        let cursor = self.cursor;
        let hidden_positions =
            st.options().hidden_positions == squadsight_skirmish::options::HiddenPositions::Hidden;
        let viewer = ctx.viewer.0;
        let referee = ctx.referee;
        hexes::draw(buf, &geo, ctx.theme, |col, row| {
            let h = board.at(col, row)?;
            let here = self
                .occupants
                .get(h.index())
                .copied()
                .unwrap_or([None, None]);
            let unit = here[0]
                .and_then(|id| st.unit(id).map(|u| (id, u)))
                .map(|(id, u)| {
                    // The referee's map shows every unit where it really is.
                    let enemy_hidden =
                        u.hidden && u.controller != viewer && hidden_positions && !referee;
                    let state = if self.selected == Some(id) {
                        UnitState::Selected
                    } else if self.ready.contains(&id) {
                        UnitState::Ready
                    } else {
                        UnitState::Idle
                    };
                    UnitLook {
                        kind: self.abbrevs.get(u.kind.index()),
                        side: u.controller,
                        hits: (!enemy_hidden).then_some(u.hits),
                        wounded: !enemy_hidden && u.hits < u.max_hits,
                        state,
                        low: u.hidden,
                        last_seen: enemy_hidden,
                        group: false,
                        extra: here[1].is_some(),
                    }
                });
            Some(CellLook {
                ground: map::ground(board.terrain(h)),
                height: map::height(board.elevation(h)),
                unit,
                overlay: self.marks.get(h.index()).copied().unwrap_or(Mark::None),
                cursor: h == cursor,
                numbers: if self.map.numbers {
                    Numbers::Two(board.terrain(h), board.elevation(h))
                } else {
                    Numbers::Off
                },
                ..CellLook::default()
            })
        });
        if let Some(window) = detail {
            let occupied = |c, r| {
                board
                    .at(c, r)
                    .is_some_and(|h| self.units_at(h).iter().any(Option::is_some))
            };
            hexes::frame_window(buf, &geo, &window, ctx.theme, occupied);
        }
        self.geometry = Some(geo);
        self.map.draw_legend(buf, map::LEGEND, ctx.theme);
    }

    fn render_panel(&mut self, ctx: &ViewCtx<'_, Skirmish>, area: Rect, buf: &mut Buffer) {
        panel::render_panel(self, ctx, area, buf);
    }

    fn render_hand(&mut self, ctx: &ViewCtx<'_, Skirmish>, area: Rect, buf: &mut Buffer) {
        self.hand_area = area;
        panel::render_hand(self, ctx, area, buf);
    }

    fn status(&self, ctx: &ViewCtx<'_, Skirmish>, out: &mut String) {
        panel::status(ctx, out);
    }

    fn status_short(&self, ctx: &ViewCtx<'_, Skirmish>, out: &mut String) {
        panel::status_short(ctx, out);
    }

    fn has_private(&self, _ruleset: &Skirmish, obs: &Observation) -> bool {
        // A hand is private; so is what a side was shown of the other hand or the deck.
        !obs.hand().is_empty() || !obs.known_other().is_empty()
    }

    fn prompt(&self, ruleset: &Skirmish, obs: &Observation) -> Option<String> {
        panel::decision_text(ruleset, &obs.state)
    }

    /// A card or Spec play for a unit composes with the target it then aims at: the player
    /// sees the targets, range, sight and odds before the card is spent.
    fn composes(&self, first: &Action, then: &Action) -> bool {
        matches!(
            first,
            Action::Card { unit: Some(_), .. } | Action::Spec { .. }
        ) && matches!(then, Action::TargetUnit(_) | Action::TargetHex(_))
    }

    fn key(&mut self, ctx: &ViewCtx<'_, Skirmish>, key: KeyEvent) -> Reply<Action> {
        if let Some(nav) = self.map.key(key) {
            return self.navigate(ctx, nav);
        }
        let board = ctx.obs.state.board();
        let reply = match key.code {
            KeyCode::Char(d @ '1'..='9') => {
                return self.select_card(ctx, usize::from(d as u8 - b'1'));
            }
            KeyCode::Char('n') => return self.cycle_unit(ctx, true),
            KeyCode::Char('N') => return self.cycle_unit(ctx, false),
            KeyCode::Char('e') => {
                return Reply::play_if_legal(
                    ctx.legal,
                    Action::EndTurn,
                    "e ends your Move and Fire phase: it is not yours to end now",
                );
            }
            KeyCode::Char('p') => {
                return Reply::play_if_legal(
                    ctx.legal,
                    Action::Pass,
                    "p passes only when a Defense, Flush or reaction is offered to you",
                );
            }
            KeyCode::Char('c') => {
                if let Some(u) = self.selected.and_then(|u| ctx.obs.state.unit(u)) {
                    self.cursor = u.pos;
                    self.follow(board);
                }
                Reply::Handled
            }
            KeyCode::Esc if self.card.is_some() || self.selected.is_some() => {
                // The card goes first, then the unit.
                if self.card.take().is_none() {
                    self.selected = None;
                }
                Reply::Handled
            }
            _ => return Reply::Ignored,
        };
        self.recompute(ctx);
        reply
    }

    fn mouse(&mut self, ctx: &ViewCtx<'_, Skirmish>, m: MouseEvent) -> Reply<Action> {
        if let Some(nav) = self.map.mouse(m) {
            return self.navigate(ctx, nav);
        }
        let at = Position::new(m.column, m.row);
        if self.hand_area.contains(at) && m.kind == MouseEventKind::Down(MouseButton::Left) {
            let row = usize::from(m.row - self.hand_area.y);
            return self.select_card(ctx, row);
        }
        Reply::Ignored
    }

    fn relevant(&self, _ctx: &ViewCtx<'_, Skirmish>, action: &Action) -> bool {
        let (card, unit) = match *action {
            Action::Discard(c) => (Some(c), None),
            Action::FreeMove { unit, .. } => (None, Some(unit)),
            Action::Card { card, unit } => (Some(card), unit),
            Action::Spec { card, unit, .. }
            | Action::Cover { card, unit }
            | Action::SelfDestruct { card, unit } => (Some(card), Some(unit)),
            // Answers to a pending step, and turn-level choices, are always listed.
            Action::FirstPlayer(_)
            | Action::MoveTo(_)
            | Action::TargetUnit(_)
            | Action::TargetHex(_)
            | Action::Pass
            | Action::EndTurn => return true,
        };
        let card_ok = self.card.is_none() || card == self.card;
        let unit_ok = self.selected.is_none() || unit.is_none() || unit == self.selected;
        card_ok && unit_ok
    }

    fn clear_selection(&mut self) {
        self.selected = None;
        self.card = None;
    }

    fn confirm(&self, ctx: &ViewCtx<'_, Skirmish>, action: &Action) -> Option<String> {
        match action {
            Action::EndTurn => {
                let plays = ctx
                    .legal
                    .iter()
                    .filter(|a| !matches!(a, Action::EndTurn))
                    .count();
                Some(format!(
                    "End your Move and Fire phase?\n{plays} other play(s) are still open; the turn passes on."
                ))
            }
            Action::Pass if ctx.legal.len() > 1 => Some(format!(
                "Pass?\n{} other answer(s) are offered: a card, a Defense or a reaction.",
                ctx.legal.len() - 1
            )),
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
                what: "on your unit: select it (again: its actions); on a marked hex: move or attack there; elsewhere, or when the decision wants no hex (first player, discard, Defense): the action list",
            },
            KeyHelp {
                key: "1-9 / click card",
                what: "select that card of your hand and list its plays",
            },
            KeyHelp {
                key: "n / N",
                what: "select your next / previous unit",
            },
            KeyHelp {
                key: "c",
                what: "centre the cursor on the selected unit",
            },
            KeyHelp {
                key: "e",
                what: "end your Move and Fire phase",
            },
            KeyHelp {
                key: "p",
                what: "pass (decline a Defense, Flush or reaction)",
            },
            KeyHelp {
                key: "Esc / right click",
                what: "clear the card, then the unit selection",
            },
            KeyHelp {
                key: "numbers on edges",
                what: "column numbers along the top, row numbers down the left: the panel names hexes column,row",
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::seat_ctx;

    #[test]
    fn abbreviations_are_unique_ignoring_case() {
        let catalog = Catalog::builtin().expect("catalog");
        let a = Abbrevs::new(catalog);
        let all: Vec<String> = (0..catalog.units().len())
            .map(|i| a.get(i).iter().collect::<String>().to_lowercase())
            .collect();
        for (i, x) in all.iter().enumerate() {
            assert!(!all[i + 1..].contains(x), "{x} twice in {all:?}");
        }
        let thin = catalog.unit_id("thin-man").expect("thin man");
        assert_eq!(a.get(thin.index()), ['T', 'M']);
        let squaddie = catalog.unit_id("squaddie").expect("squaddie");
        assert_eq!(a.get(squaddie.index()), ['S', 'q']);
    }

    use squadsight_core::game::{Game, SeatConfig};
    use squadsight_core::{Decision, Ruleset, Seat};
    use squadsight_skirmish::state::Aim;

    /// Random games of every shipped scenario, stopping at each decision with `visit`.
    fn random_games(visit: impl FnMut(&Game<Skirmish>, Seat, &[Action])) {
        let ui = SkirmishUi::new().expect("rules load");
        let runs: Vec<(u64, &[(&str, &str)])> = (0..6)
            .map(|seed| (seed, &[("range_mode", "max")][..]))
            .collect();
        let played = crate::test_support::random_games(&ui, &runs, 600, visit);
        // Every scenario starts with every seed.
        assert_eq!(played, 6 * ui.ruleset().scenarios().len());
    }

    /// The preview's sight line agrees with the rules: every unit the rules let a unit aim
    /// a direct attack at is in sight (sk.los.elevation-block, sk.los.through-units).
    #[test]
    fn sight_preview_sees_every_legal_direct_target() {
        let mut checked = 0;
        random_games(|game, seat, legal| {
            let st = game.state();
            let Some(Frame::Target {
                unit,
                aim: Aim::Attack(atk),
                ..
            }) = st.stack().last().copied()
            else {
                return;
            };
            let sk = game.ruleset();
            if sk.rules().attack(atk).is_none_or(|a| a.grenade || a.area) {
                return;
            }
            let obs = game.observe(seat);
            let mut view = SkirmishView::new(sk.catalog());
            let ctx = seat_ctx(game, seat, &obs, legal);
            view.refresh(&ctx);
            for a in legal {
                if let Action::TargetUnit(t) = a {
                    let pos = obs.state.unit(*t).expect("target").pos;
                    assert_eq!(
                        view.sight_to(&ctx, unit, pos),
                        Sight::Clear,
                        "{a:?} in {st:?}"
                    );
                    checked += 1;
                }
            }
        });
        assert!(checked > 20, "only {checked} targets checked");
    }

    /// A view of `obs` for `seat` with `highlighted`, drawn once so it is up to date.
    fn drawn_view<'a>(
        sk: &'a Skirmish,
        game: &'a Game<Skirmish>,
        obs: &'a Observation,
        seat: Seat,
        legal: &'a [Action],
        highlighted: Option<&'a Action>,
    ) -> SkirmishView {
        let mut view = SkirmishView::new(sk.catalog());
        let ctx = ViewCtx {
            ruleset: sk,
            scenario: game.scenario(),
            viewer: seat,
            referee: false,
            obs,
            to_act: Some(seat),
            legal,
            highlighted,
            theme: &Theme::PLAIN,
        };
        view.refresh(&ctx);
        let mut buf = Buffer::empty(Rect::new(0, 0, 80, 30));
        view.render_map(&ctx, buf.area, &mut buf);
        view
    }

    fn ranged(m: Mark) -> bool {
        matches!(m, Mark::Range | Mark::RangeAlt)
    }

    /// While a card play for a unit is highlighted, the hexes its attacks and ranged
    /// effects reach are overlaid: every target the rules then offer for its first step
    /// lies in a marked hex (sk.attack.range, sk.effect.ranged, under `range_mode`,
    /// sk.gap.25), every marked hex is at a distance one of its effects allows, and the
    /// marks go when nothing is highlighted. While the target is being picked, the same
    /// holds for the attack being aimed.
    #[test]
    fn a_highlighted_card_overlays_the_ranges_of_its_effects() {
        let mut covered = 0;
        let mut two_ranges = 0;
        random_games(|game, seat, legal| {
            let sk = game.ruleset();
            let obs = game.observe(seat);
            let st = &obs.state;
            let board = st.board();
            let mode = st.options().range_mode;
            // Aiming: the attack's range covers every target offered.
            if let Some(Frame::Target {
                unit,
                aim: Aim::Attack(atk),
                ..
            }) = st.stack().last().copied()
            {
                let view = drawn_view(sk, game, &obs, seat, legal, None);
                let spec = sk.rules().attack(atk).expect("attack");
                let from = st.unit(unit).expect("attacker").pos;
                for a in legal {
                    let hex = match *a {
                        Action::TargetUnit(u) => st.unit(u).map(|u| u.pos),
                        Action::TargetHex(h) => Some(h),
                        _ => None,
                    };
                    if let Some(h) = hex {
                        assert!(spec.ranges.allows(board.distance(from, h), mode));
                    }
                }
                for i in 0..board.len() {
                    let h = HexId(i as u16);
                    if view.mark(h) == Mark::Range {
                        assert!(spec.ranges.allows(board.distance(from, h), mode), "{h:?}");
                    }
                }
                return;
            }
            if st.stack().last().is_some() || (covered > 300 && two_ranges > 0) {
                return;
            }
            let plain = drawn_view(sk, game, &obs, seat, legal, None);
            for i in 0..board.len() {
                assert!(
                    !ranged(plain.mark(HexId(i as u16))),
                    "a range with nothing chosen"
                );
            }
            for play in legal {
                let (Action::Card {
                    unit: Some(unit), ..
                }
                | Action::Spec { unit, .. }) = *play
                else {
                    continue;
                };
                let view = drawn_view(sk, game, &obs, seat, legal, Some(play));
                let from = st.unit(unit).expect("actor").pos;
                if view.ranges.len() > 1 {
                    two_ranges += 1;
                }
                for i in 0..board.len() {
                    let h = HexId(i as u16);
                    if ranged(view.mark(h)) {
                        let d = board.distance(from, h);
                        assert!(
                            view.ranges.iter().any(|(r, _)| r.allows(d, mode)),
                            "{play:?}: {h:?} at {d}"
                        );
                    }
                }
                // What the rules offer once the play is made: its targets are marked.
                let mut state = game.state().clone();
                let mut rng = game.rng().clone();
                let mut journal = squadsight_core::Journal::recording();
                if sk
                    .apply(&mut state, seat, play, &mut rng, &mut journal)
                    .is_err()
                {
                    continue;
                }
                // Only an attack or a ranged effect has a range (a heal, a revive or a
                // boost reaches a friend by its own rule).
                let stack = state.stack();
                let ranged_step = match stack.last() {
                    Some(Frame::Target {
                        aim: Aim::Attack(_),
                        ..
                    }) => true,
                    Some(Frame::Target {
                        aim: Aim::Effect, ..
                    }) => match stack.len().checked_sub(2).and_then(|i| stack.get(i)) {
                        Some(Frame::Program(p)) => play_alt(sk, p.source, p.alt)
                            .and_then(|alt| alt.ops.get(usize::from(p.pc)))
                            .is_some_and(|op| matches!(op, Op::Ranged { .. })),
                        _ => false,
                    },
                    _ => false,
                };
                if !ranged_step {
                    continue;
                }
                let Decision::Act(next) = sk.to_act(&state) else {
                    continue;
                };
                let mut then = Vec::new();
                sk.legal_actions(&state, next, &mut then);
                for a in &then {
                    let hex = match *a {
                        Action::TargetUnit(u) => state.unit(u).map(|u| u.pos),
                        Action::TargetHex(h) => Some(h),
                        _ => None,
                    };
                    let Some(h) = hex else { continue };
                    // A stronger mark (the sight line to the cursor) may cover the range.
                    assert!(
                        view.mark(h) >= Mark::Range,
                        "{play:?} then {a:?}: {h:?} unmarked ({:?})",
                        view.mark(h)
                    );
                    covered += 1;
                }
            }
        });
        assert!(covered > 20, "only {covered} targets checked");
        assert!(two_ranges > 0, "no play with two different ranges seen");
    }

    /// A Heavy with Spec 1 chosen (two attacks, at ranges 3 and 4: spec-heavy#1,
    /// sk.effect.multi-attack) shows both reaches apart even with no enemy in either: hexes
    /// 3 away as the first effect's, hexes 4 away as only the second's (under the default
    /// exact `range_mode`, sk.gap.25), in sight.
    #[test]
    fn a_chosen_spec_card_shows_each_of_its_attacks_reach() {
        let ui = SkirmishUi::new().expect("rules load");
        let sk = ui.ruleset();
        let info = sk
            .scenarios()
            .iter()
            .find(|s| s.id == "basic")
            .expect("basic");
        let scenario = ui
            .parse_scenario(info.source.as_bytes(), info.id)
            .expect("scenario");
        let options = squadsight_skirmish::options::Options::default();
        let seats = vec![SeatConfig::human(), SeatConfig::human()];
        let game = Game::new(Arc::clone(&sk), scenario, options, 1, seats).expect("starts");
        let seat = Seat(0);
        let obs = game.observe(seat);
        let st = &obs.state;
        let heavy_type = sk.catalog().unit_id("specialist-heavy").expect("heavy");
        let (heavy, unit) = st
            .on_map()
            .find(|(_, u)| u.kind == heavy_type)
            .expect("a Heavy on the map");
        let mut view = SkirmishView::new(sk.catalog());
        let ctx = ViewCtx {
            ruleset: sk.as_ref(),
            scenario: game.scenario(),
            viewer: seat,
            referee: false,
            obs: &obs,
            to_act: None,
            legal: &[],
            highlighted: None,
            theme: &Theme::PLAIN,
        };
        view.refresh(&ctx);
        view.selected = Some(heavy);
        view.card = sk.catalog().card_id("spec-1");
        view.recompute(&ctx);
        let board = st.board();
        let mut seen = [0, 0];
        for i in 0..board.len() {
            let h = HexId(i as u16);
            let d = board.distance(unit.pos, h);
            match view.mark(h) {
                Mark::Range => {
                    assert_eq!(d, 3, "{h:?}");
                    seen[0] += 1;
                }
                Mark::RangeAlt => {
                    assert_eq!(d, 4, "{h:?}");
                    seen[1] += 1;
                }
                _ => {}
            }
        }
        assert!(seen[0] >= 4 && seen[1] >= 4, "{seen:?}");
        // Without the card, no reach is drawn.
        view.card = None;
        view.recompute(&ctx);
        assert!((0..board.len()).all(|i| !ranged(view.mark(HexId(i as u16)))));
    }

    /// The odds preview uses the same dice targets as the rolls the rules journal
    /// (sk.suppression.roll, sk.area.splash).
    #[test]
    fn odds_preview_targets_match_the_journaled_rolls() {
        let mut seen = [0, 0];
        random_games(|game, _, _| {
            for e in game.journal().events() {
                let want = match e.rule {
                    "sk.suppression.roll" => (0, panel::SUPPRESSION_STOPS),
                    "sk.area.splash" => (1, panel::SPLASH_HITS),
                    _ => continue,
                };
                assert_eq!(e.roll.and_then(|r| r.target), Some(want.1), "{e:?}");
                seen[want.0] += 1;
            }
        });
        assert!(seen[0] > 0 && seen[1] > 0, "rolls seen: {seen:?}");
    }

    /// With the defender holding suppression tokens, the panel shows the chance to get
    /// through as a number and a bar, and how many cards the defender holds (not which).
    #[test]
    fn the_odds_preview_shows_suppression_splash_and_the_defenders_hand_size() {
        let mut shown = [false, false];
        random_games(|game, seat, legal| {
            let st = game.state();
            let Some(Frame::Target {
                aim: Aim::Attack(atk),
                ..
            }) = st.stack().last().copied()
            else {
                return;
            };
            let sk = game.ruleset();
            let area = sk.rules().attack(atk).is_some_and(|a| a.area);
            let obs = game.observe(seat);
            for a in legal {
                let hex = match *a {
                    Action::TargetUnit(u) => obs.state.unit(u).map(|u| u.pos),
                    Action::TargetHex(h) => Some(h),
                    _ => None,
                };
                let Some(hex) = hex else { continue };
                let defender = obs
                    .state
                    .on_map()
                    .find(|(_, u)| u.pos == hex)
                    .map(|(_, u)| u.controller);
                let Some(def) = defender.filter(|d| *d != seat.0) else {
                    continue;
                };
                let tokens = obs.state.tokens(def) > 0;
                let splash = area
                    && obs
                        .state
                        .board()
                        .neighbours(hex)
                        .any(|n| obs.state.on_map().any(|(_, u)| u.pos == n));
                if (tokens && !shown[0]) || (splash && !shown[1]) {
                    let mut view = SkirmishView::new(sk.catalog());
                    let ctx = ViewCtx {
                        ruleset: sk,
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
                    let mut buf = Buffer::empty(Rect::new(0, 0, 60, 30));
                    view.render_panel(&ctx, buf.area, &mut buf);
                    let text: String = buf.content().iter().map(|c| c.symbol()).collect();
                    let hand = format!("{} card(s) in hand", obs.other_hand);
                    assert!(text.contains(&hand), "{text}");
                    if tokens {
                        assert!(text.contains("gets through 50.0% (1/2)"), "{text}");
                        assert!(text.contains("##########.........."), "{text}");
                        shown[0] = true;
                    }
                    if splash {
                        assert!(text.contains("1 Hit, 33.3% (1/3)"), "{text}");
                        shown[1] = true;
                    }
                }
            }
        });
        assert_eq!(shown, [true, true], "suppression and splash previews seen");
    }

    #[test]
    fn every_option_has_a_form_label_that_fits() {
        let ui = SkirmishUi::new().expect("rules");
        for (key, _) in OPTION_KEYS {
            assert!(ui.option_help(key).is_some(), "{key} is explained");
            let label = option_label(key);
            assert_ne!(label, *key, "{key} has no label of its own");
            assert!(label.chars().count() <= 17, "{label}");
        }
    }

    #[test]
    fn option_values_list_the_default_first() {
        assert_eq!(option_values("exact | max"), ["exact", "max"]);
        let v = option_values("5 (1-9)");
        assert_eq!(v[0], "5");
        assert_eq!(v.len(), 9);
    }
}
