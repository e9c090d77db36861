//! The squad builder that opens before a Commander battle: both sides' Squads, priced live
//! against the agreed Supplies limit (500 standard, 1000 large), every building rule the
//! rules check listed with its clause, and the battle started from the built Squads.
//!
//! The pricing and the checks are the rules crate's (`squad::price`, `squad::validate`);
//! this screen only edits a `SquadSpec` per side. It is a pre-game screen: when both Squads
//! are legal it hands the built scenario back to the shell, which starts the battle.

use super::CommanderUi;
use crate::draw::{self, Scratch};
use crate::keys::Input;
use crate::plugin::{GameSpec, PreGame, Ready};
use crate::theme::{Role, Theme};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use squadsight_commander::Commander;
use squadsight_commander::catalog::{Catalog, Faction, ItemId, RankId, Slot, UnitId};
use squadsight_commander::scenario::ScenarioDef;
use squadsight_commander::squad::{
    self, LARGE_LIMIT, STANDARD_LIMIT, SquadDef, SquadSpec, UnitPick,
};
use std::any::Any;

/// One row of a side's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Row {
    /// A unit of the Squad, by index.
    Unit(usize),
    /// A unit card that can still be added.
    Add(UnitId),
    /// Start the battle.
    Start,
}

/// The squad builder.
pub struct SquadBuilder {
    ui: CommanderUi,
    scenario: ScenarioDef,
    spec: GameSpec,
    squads: [SquadSpec; 2],
    limit: u32,
    side: usize,
    row: usize,
    rows: Vec<Row>,
    errors: [Vec<String>; 2],
    message: Option<(String, Role)>,
    /// Below 100 columns the unit card has no room beside the list: `c` shows it in the
    /// list's place, and `c` or Esc goes back.
    card: bool,
    scratch: Scratch,
    line: String,
}

impl SquadBuilder {
    /// A builder for `scenario`, starting from the Squads it ships with; `spec` gives the
    /// seats, seed and options of the battle it will start.
    pub fn new(
        ui: CommanderUi,
        scenario: ScenarioDef,
        spec: GameSpec,
    ) -> Result<SquadBuilder, String> {
        let catalog = ui.rules().catalog();
        let mut squads = Vec::with_capacity(2);
        for (i, side) in scenario.sides.iter().enumerate().take(2) {
            let spec = match &side.squad {
                Some(def) => def.resolve(catalog).map_err(|e| {
                    format!("the scenario's squad for side {}: {}", i + 1, e.join("; "))
                })?,
                None => SquadSpec {
                    faction: side.faction,
                    leader: 0,
                    units: Vec::new(),
                    free_trooper: false,
                },
            };
            squads.push(spec);
        }
        let (Some(b), Some(a)) = (squads.pop(), squads.pop()) else {
            return Err("a battle has two sides".into());
        };
        let limit = if squad::is_game_size(scenario.points) {
            scenario.points
        } else {
            STANDARD_LIMIT
        };
        let mut builder = SquadBuilder {
            ui,
            scenario,
            spec,
            squads: [a, b],
            limit,
            side: 0,
            row: 0,
            rows: Vec::new(),
            errors: [Vec::new(), Vec::new()],
            message: None,
            card: false,
            scratch: Scratch::default(),
            line: String::new(),
        };
        builder.update();
        Ok(builder)
    }

    fn catalog(&self) -> &Catalog {
        self.ui.rules().catalog()
    }

    /// The Squad of side `i` (0 or 1) as built so far.
    pub fn squad(&self, i: usize) -> Option<&SquadSpec> {
        self.squads.get(i)
    }

    /// The agreed Supplies limit.
    pub fn limit(&self) -> u32 {
        self.limit
    }

    /// Every broken building rule of side `i`, with its clause.
    pub fn errors(&self, i: usize) -> &[String] {
        self.errors.get(i).map_or(&[], Vec::as_slice)
    }

    /// Recomputes the rows and the errors after a change.
    fn update(&mut self) {
        let catalog = self.ui.rules().catalog();
        for (i, spec) in self.squads.iter().enumerate() {
            self.errors[i] = match squad::validate(catalog, spec, self.limit) {
                Ok(()) => Vec::new(),
                Err(errors) => errors
                    .iter()
                    .map(|e| format!("{e} ({})", e.clause()))
                    .collect(),
            };
        }
        let spec = &self.squads[self.side];
        self.rows.clear();
        self.rows.extend((0..spec.units.len()).map(Row::Unit));
        self.rows.extend(
            squad::addable_units(catalog, spec)
                .into_iter()
                .map(Row::Add),
        );
        self.rows.push(Row::Start);
        self.row = self.row.min(self.rows.len().saturating_sub(1));
    }

    fn current_unit(&mut self) -> Option<(usize, &mut UnitPick)> {
        match self.rows.get(self.row) {
            Some(Row::Unit(i)) => {
                let i = *i;
                self.squads[self.side].units.get_mut(i).map(|p| (i, p))
            }
            _ => None,
        }
    }

    /// Steps through a slot's weapon options.
    fn cycle_weapon(&mut self, slot: Slot) {
        let catalog = self.ui.rules().catalog().clone();
        if let Some((_, pick)) = self.current_unit() {
            let options = catalog.unit(pick.unit).options(slot).to_vec();
            if options.is_empty() {
                return;
            }
            let now = pick.weapon(slot);
            let at = now.and_then(|w| options.iter().position(|o| *o == w));
            let next = options[at.map_or(0, |i| (i + 1) % options.len())];
            match slot {
                Slot::Primary => pick.primary = Some(next),
                Slot::Secondary => pick.secondary = Some(next),
            }
        }
    }

    /// Steps through the attachment sets the unit may carry: none, each one alone, both.
    fn cycle_attachments(&mut self) {
        let catalog = self.ui.rules().catalog().clone();
        if let Some((_, pick)) = self.current_unit() {
            if !catalog.unit(pick.unit).attachments {
                return;
            }
            let items: Vec<ItemId> = ItemId::all().collect();
            let mut sets: Vec<Vec<ItemId>> = vec![Vec::new()];
            sets.extend(items.iter().map(|i| vec![*i]));
            if items.len() >= squad::MAX_ATTACHMENTS {
                sets.push(items.iter().take(squad::MAX_ATTACHMENTS).copied().collect());
            }
            let at = sets.iter().position(|s| *s == pick.attachments);
            pick.attachments = sets[at.map_or(0, |i| (i + 1) % sets.len())].clone();
        }
    }

    fn cycle_vest(&mut self) {
        let catalog = self.ui.rules().catalog().clone();
        if let Some((_, pick)) = self.current_unit() {
            let vests = squad::allowed_vests(&catalog, pick);
            if vests.is_empty() {
                return;
            }
            pick.vest = match pick.vest.and_then(|v| vests.iter().position(|x| *x == v)) {
                None => vests.first().copied(),
                Some(i) => vests.get(i + 1).copied(),
            };
        }
    }

    fn cycle_rank(&mut self) {
        if let Some((_, pick)) = self.current_unit() {
            let ranks: Vec<RankId> = RankId::all().collect();
            let at = ranks.iter().position(|r| *r == pick.rank);
            if let Some(next) = ranks.get(at.map_or(0, |i| (i + 1) % ranks.len())) {
                pick.rank = *next;
            }
        }
    }

    fn change_models(&mut self, up: bool) {
        let catalog = self.ui.rules().catalog().clone();
        let side = self.side;
        let Some(Row::Unit(i)) = self.rows.get(self.row).copied() else {
            return;
        };
        let max = squad::max_models(&catalog, &self.squads[side], i).max(1);
        if let Some(pick) = self.squads[side].units.get_mut(i) {
            pick.models = if up {
                pick.models.saturating_add(1).min(max)
            } else {
                pick.models.saturating_sub(1).max(1)
            };
        }
    }

    fn remove(&mut self) {
        let Some(Row::Unit(i)) = self.rows.get(self.row).copied() else {
            return;
        };
        let spec = &mut self.squads[self.side];
        spec.units.remove(i);
        if spec.leader == i {
            let catalog = self.ui.rules().catalog();
            spec.leader = squad::leader_candidates(catalog, spec)
                .first()
                .copied()
                .unwrap_or(0);
        } else if spec.leader > i {
            spec.leader -= 1;
        }
    }

    fn add(&mut self, unit: UnitId) {
        let pick = squad::cheapest_pick(self.ui.rules().catalog(), unit);
        let spec = &mut self.squads[self.side];
        spec.units.push(pick);
        if spec.units.len() == 1 {
            spec.leader = 0;
        }
        // The cursor stays on the new unit, ready for its loadout.
        self.row = spec.units.len() - 1;
    }

    /// The scenario with the built Squads and the agreed limit.
    pub fn built_scenario(&self) -> ScenarioDef {
        let catalog = self.catalog();
        let mut def = self.scenario.clone();
        def.points = self.limit;
        for (side, spec) in def.sides.iter_mut().zip(&self.squads) {
            side.squad = Some(SquadDef::from_spec(catalog, spec));
        }
        def
    }

    /// The battle to start, when both Squads are legal.
    fn start(&mut self) -> Ready<Commander> {
        if let Some(i) = self.errors.iter().position(|e| !e.is_empty()) {
            self.side = i;
            self.update();
            self.message = Some((
                format!(
                    "Side {}'s Squad breaks the building rules listed below.",
                    i + 1
                ),
                Role::Error,
            ));
            return Ready::Stay;
        }
        Ready::Start {
            scenario: self.built_scenario(),
            spec: self.spec.clone(),
        }
    }

    fn key(&mut self, k: KeyEvent) -> Ready<Commander> {
        if k.modifiers.contains(KeyModifiers::CONTROL) {
            return Ready::Stay;
        }
        self.message = None;
        let last = self.rows.len().saturating_sub(1);
        match k.code {
            KeyCode::Esc if self.card => self.card = false,
            KeyCode::Esc => return Ready::Leave,
            KeyCode::Char('c') => self.card = !self.card,
            KeyCode::Up | KeyCode::Char('k') => self.row = self.row.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => self.row = (self.row + 1).min(last),
            KeyCode::Home => self.row = 0,
            KeyCode::End => self.row = last,
            KeyCode::Tab | KeyCode::BackTab | KeyCode::Left | KeyCode::Right => {
                self.side = 1 - self.side;
                self.row = 0;
            }
            KeyCode::Enter | KeyCode::Char(' ') => match self.rows.get(self.row).copied() {
                Some(Row::Add(u)) => self.add(u),
                Some(Row::Start) => return self.start(),
                Some(Row::Unit(_)) | None => {}
            },
            KeyCode::Char('g') => return self.start(),
            KeyCode::Char('p') => self.cycle_weapon(Slot::Primary),
            KeyCode::Char('o') => self.cycle_weapon(Slot::Secondary),
            KeyCode::Char('a') => self.cycle_attachments(),
            KeyCode::Char('v') => self.cycle_vest(),
            KeyCode::Char('r') => self.cycle_rank(),
            KeyCode::Char('+') | KeyCode::Char('=') => self.change_models(true),
            KeyCode::Char('-') => self.change_models(false),
            KeyCode::Char('L') => {
                if let Some(Row::Unit(i)) = self.rows.get(self.row).copied() {
                    self.squads[self.side].leader = i;
                }
            }
            KeyCode::Char('x') | KeyCode::Delete => self.remove(),
            KeyCode::Char('f') => {
                let spec = &mut self.squads[self.side];
                spec.free_trooper = !spec.free_trooper && spec.faction == Faction::Advent;
            }
            KeyCode::Char('m') => {
                self.limit = if self.limit == STANDARD_LIMIT {
                    LARGE_LIMIT
                } else {
                    STANDARD_LIMIT
                };
            }
            _ => return Ready::Stay,
        }
        self.update();
        Ready::Stay
    }

    fn render_builder(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        draw::clear(buf, area, theme.style(Role::Text));
        let title = self
            .scratch
            .format(format_args!("Squad builder: {}", self.scenario.title));
        let inner = draw::frame(buf, area, title, true, theme);
        let wide = inner.width >= 100;
        if !wide && self.card {
            self.render_detail(inner, buf, theme, "Unit card (c or Esc: back to the list)");
            return;
        }
        let list_w = if wide {
            inner.width * 3 / 5
        } else {
            inner.width
        };
        let list = Rect::new(inner.x, inner.y, list_w, inner.height);
        let detail = Rect::new(
            inner.x + list_w,
            inner.y,
            inner.width - list_w,
            inner.height,
        );
        let catalog = self.ui.rules().catalog();
        let mut y = list.y;
        // The side tabs and the points.
        let mut x = list.x;
        for (i, side) in self.scenario.sides.iter().enumerate().take(2) {
            let label = self
                .scratch
                .format(format_args!(" Side {}: {} ", i + 1, side.name));
            let role = if i == self.side {
                Role::Selected
            } else {
                Role::Dim
            };
            x = draw::text(buf, list, x, y, label, theme.style(role));
            x = x.saturating_add(1);
        }
        let spec = &self.squads[self.side];
        let price = squad::price(catalog, spec);
        let left = squad::remaining(catalog, spec, self.limit);
        y += 1;
        let text = self.scratch.format(format_args!(
            "Price {price} spl of {} ({} {}){}",
            self.limit,
            left.abs(),
            if left >= 0 { "left" } else { "over" },
            if spec.free_trooper {
                ", free ADVENT Trooper"
            } else {
                ""
            }
        ));
        let role = if left >= 0 { Role::Good } else { Role::Error };
        draw::line(buf, list, y, text, theme.style(role));
        y += 1;
        let footer = 3 + u16::try_from(self.errors[self.side].len().min(4)).unwrap_or(4);
        let rows_h = usize::from(list.bottom().saturating_sub(y).saturating_sub(footer));
        let first = self.row.saturating_sub(rows_h.saturating_sub(1));
        for (n, row) in self.rows.iter().enumerate().skip(first).take(rows_h) {
            let selected = n == self.row;
            let pointer = if selected { theme.pointer() } else { " " };
            let mut x = draw::text(buf, list, list.x, y, pointer, theme.style(Role::Key));
            x = x.saturating_add(1);
            let role = if selected { Role::Selected } else { Role::Text };
            match *row {
                Row::Unit(i) => {
                    let Some(p) = spec.units.get(i) else { continue };
                    self.line.clear();
                    unit_line(&mut self.line, catalog, p, i == spec.leader);
                    let cost = squad::unit_price(catalog, p);
                    let text = self.scratch.format(format_args!("{} = {cost}", self.line));
                    draw::text(buf, list, x, y, text, theme.style(role));
                }
                Row::Add(u) => {
                    let base = squad::model_price(catalog, &squad::cheapest_pick(catalog, u));
                    let text = self.scratch.format(format_args!(
                        "+ add {} (from {base} spl)",
                        catalog.unit(u).name
                    ));
                    let role = if selected { Role::Selected } else { Role::Dim };
                    draw::text(buf, list, x, y, text, theme.style(role));
                }
                Row::Start => {
                    draw::text(buf, list, x, y, "[ Start the battle ]", theme.style(role));
                }
            }
            y += 1;
        }
        // The errors and the message, then the keys.
        let mut ey = list.bottom().saturating_sub(footer);
        if let Some((m, role)) = &self.message {
            draw::line(buf, list, ey, m, theme.style(*role));
        } else if self.errors[self.side].is_empty() {
            draw::line(
                buf,
                list,
                ey,
                "This Squad follows every building rule.",
                theme.style(Role::Good),
            );
        } else {
            draw::line(buf, list, ey, "Not yet legal:", theme.style(Role::Error));
        }
        ey += 1;
        for e in self.errors[self.side].iter().take(4) {
            let text = self.scratch.format(format_args!(" - {e}"));
            draw::line(buf, list, ey, text, theme.style(Role::Error));
            ey += 1;
        }
        // The keys, on lines short enough for an 80-column terminal beside nothing.
        let keys = [
            "Tab side  Enter add/start  g start  Esc back  m limit 500/1000",
            "p/o weapon  a attach  v vest  r rank  +/- models",
            if wide {
                "L leader  x remove  f free Trooper"
            } else {
                "L leader  x remove  f free Trooper  c unit card"
            },
        ];
        for (i, k) in keys.iter().enumerate() {
            let from_bottom = u16::try_from(keys.len() - i).unwrap_or(1);
            let y = list.bottom().saturating_sub(from_bottom);
            draw::text_cut(buf, list, list.x, y, k, theme.style(Role::Dim));
        }
        if wide {
            self.render_detail(detail, buf, theme, "Unit card");
        }
    }

    /// The unit under the cursor: its card and what each choice costs.
    fn render_detail(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme, title: &str) {
        let inner = draw::frame(buf, area, title, false, theme);
        let catalog = self.ui.rules().catalog();
        let spec = &self.squads[self.side];
        let unit = match self.rows.get(self.row) {
            Some(Row::Unit(i)) => spec.units.get(*i).map(|p| p.unit),
            Some(Row::Add(u)) => Some(*u),
            _ => None,
        };
        let Some(u) = unit else {
            draw::wrapped(
                buf,
                inner,
                0,
                0,
                "Both Squads are checked when the battle starts. Seats, seed and table options come from the new-game form.",
                theme.style(Role::Dim),
            );
            return;
        };
        let p = catalog.unit(u);
        let mut y = inner.y;
        // Lines wrap (a continuation indented), so nothing on the card is cut off.
        // Whether some of the card did not fit: its last row then says so.
        let mut cut = false;
        let mut put = |buf: &mut Buffer, text: &str, role: Role| {
            if y >= inner.bottom() {
                cut = true;
                return;
            }
            // A line that starts with a space (an entry under a heading) stays indented.
            let indent = u16::from(text.starts_with(' '));
            let rest = Rect::new(
                inner.x + indent,
                y,
                inner.width.saturating_sub(indent),
                inner.bottom() - y,
            );
            let rows = draw::wrapped(buf, rest, 0, 0, text.trim_start(), theme.style(role));
            cut |= rows > usize::from(rest.height);
            y = y.saturating_add(u16::try_from(rows.max(1)).unwrap_or(1));
        };
        let text = self.scratch.format(format_args!(
            "{} ({}), base {} spl",
            p.name, p.faction, p.base_cost
        ));
        put(buf, text, Role::Title);
        let s = p.stats;
        let text = self.scratch.format(format_args!(
            "AIM {} HEALTH {} MOB {} HACK {} WILL {} DODGE {} PSI {}",
            s.aim, s.health, s.mobility, s.hack, s.will, s.dodge, s.psi
        ));
        put(buf, text, Role::Text);
        let text = self.scratch.format(format_args!(
            "Armour {} {}{}{}",
            p.resistance.kind.name(),
            p.resistance.value,
            if p.leader_eligible { ", may lead" } else { "" },
            if p.vest { ", takes a vest" } else { "" }
        ));
        put(buf, text, Role::Text);
        for slot in [Slot::Primary, Slot::Secondary] {
            if !p.has_slot(slot) {
                continue;
            }
            put(
                buf,
                if slot == Slot::Primary {
                    "Primary (p):"
                } else {
                    "Secondary (o):"
                },
                Role::Key,
            );
            for w in p.options(slot) {
                let wp = catalog.weapon(*w);
                let (d, k) = wp.damage.map_or((0, "-"), |(d, k)| (d, k.name()));
                let text = self.scratch.format(format_args!(
                    " {} {} spl, {}/{} dmg {d} {k}",
                    wp.name,
                    wp.cost,
                    wp.half_range.unwrap_or(0),
                    wp.max_range
                ));
                put(buf, text, Role::Text);
            }
        }
        if p.attachments {
            put(buf, "Attachments (a):", Role::Key);
            for i in catalog.items() {
                let text = self
                    .scratch
                    .format(format_args!(" {} {} spl", i.name, i.cost));
                put(buf, text, Role::Text);
            }
        }
        if p.vest {
            put(buf, "Vests (v):", Role::Key);
            for v in catalog.vests() {
                let text = self.scratch.format(format_args!(
                    " {} +{} Armour, {} spl",
                    v.name, v.armour_bonus, v.cost
                ));
                put(buf, text, Role::Text);
            }
        }
        put(buf, "Ranks (r):", Role::Key);
        for r in catalog.ranks() {
            let text = self
                .scratch
                .format(format_args!(" {} {} spl", r.name, r.cost));
            put(buf, text, Role::Text);
        }
        // Why a promotion lowers the price (docs/rules/commander.md, data decisions).
        put(buf, " A rank changes no stat; the data", Role::Dim);
        put(buf, " files price it at 0 or less, so a", Role::Dim);
        put(buf, " promotion frees Supplies.", Role::Dim);
        if cut && inner.height > 0 {
            let last = Rect::new(inner.x, inner.bottom() - 1, inner.width, 1);
            draw::clear(buf, last, theme.style(Role::Dim));
            draw::text_cut(
                buf,
                last,
                last.x,
                last.y,
                draw::more_below(last.width),
                theme.style(Role::Dim),
            );
        }
    }
}

/// "* Ranger x1: Shotgun, Sword | Laser Sight | Plated Vest | 2) Corporal" (`*` marks the
/// Leader).
fn unit_line(out: &mut String, catalog: &Catalog, p: &UnitPick, leader: bool) {
    out.push_str(if leader { "* " } else { "  " });
    write_pick(
        out,
        &catalog.unit(p.unit).name,
        p.models,
        p.weapons().map(|w| catalog.weapon(w).name.as_str()),
        p.attachments.iter().map(|a| catalog.item(*a).name.as_str()),
        p.vest.map(|v| catalog.vest(v).name.as_str()),
        &catalog.rank(p.rank).name,
    );
}

/// One unit of a Squad as the builder and the campaign screen show it:
/// `Ranger x1: Shotgun, Sword | Scope | Plated Vest | 2) Corporal`.
pub(crate) fn write_pick<'a>(
    out: &mut String,
    unit: &str,
    models: u8,
    weapons: impl Iterator<Item = &'a str>,
    attachments: impl Iterator<Item = &'a str>,
    vest: Option<&str>,
    rank: &str,
) {
    use std::fmt::Write as _;
    let _ = write!(out, "{unit} x{models}:");
    for (i, w) in weapons.enumerate() {
        out.push_str(if i == 0 { " " } else { ", " });
        out.push_str(w);
    }
    for (i, a) in attachments.enumerate() {
        out.push_str(if i == 0 { " | " } else { ", " });
        out.push_str(a);
    }
    if let Some(v) = vest {
        out.push_str(" | ");
        out.push_str(v);
    }
    out.push_str(" | ");
    out.push_str(rank);
}

impl PreGame<Commander> for SquadBuilder {
    fn render(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        self.render_builder(area, buf, theme);
    }

    fn handle(&mut self, input: &Input) -> Ready<Commander> {
        match input {
            Input::Key(k) => self.key(*k),
            _ => Ready::Stay,
        }
    }

    fn refused(&mut self, why: String) {
        self.message = Some((why, Role::Error));
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_units_line_separates_its_weapons_and_attachments() {
        let mut out = String::new();
        write_pick(
            &mut out,
            "Rookie",
            2,
            ["Assault Rifle", "Pistol"].into_iter(),
            ["Laser Sight", "Scope"].into_iter(),
            Some("Plated Vest"),
            "1) Squaddie",
        );
        assert_eq!(
            out,
            "Rookie x2: Assault Rifle, Pistol | Laser Sight, Scope | Plated Vest | 1) Squaddie"
        );
    }
}
