//! The table drawing, the side panel (the decision, a unit card, sight to the cursor, the
//! odds of the highlighted attack), the dice bag and the status line.

use super::map;
use super::{CommanderView, SIDE_MARKERS};
use crate::draw::{self, Writer};
use crate::map::{CellLook, Numbers, Overlay, Token, UnitLook, UnitState};
use crate::theme::{Role, Theme};
use crate::view::ViewCtx;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use squadsight_commander::Commander;
use squadsight_commander::action::Action;
use squadsight_commander::board::Cover;
use squadsight_commander::combat::AttackOdds;
use squadsight_commander::scenario::Plan;
use squadsight_commander::skill::{SkillTest, TestDice};
use squadsight_commander::state::{Model, ModelId, State, TOKEN, Window};
use squadsight_core::{Ratio, Seat};
use std::fmt::Write as _;

/// What the acting model sees of the cursor cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SightInfo {
    /// Whether the line of sight is clear.
    pub clear: bool,
    /// The cover a model on the cursor cell would have.
    pub cover: Option<Cover>,
    /// The distance in Range.
    pub range: u32,
    /// The cell that blocks the line, when it is blocked.
    pub blocker: Option<squadsight_commander::board::Cell>,
}

/// The operation's goal and its objectives with their state, so the player knows what
/// wins the battle (cmd.victory.*, cmd.sr.interact and the objective rules).
fn write_objectives(w: &mut Writer<'_>, s: &mut draw::Scratch, ctx: &ViewCtx<'_, Commander>) {
    use squadsight_commander::state::Victory;
    let st = &ctx.obs.state;
    let theme = ctx.theme;
    let seat_name = |seat: Seat| {
        st.sides
            .get(seat.index())
            .map_or("?", |side| side.name.as_str())
    };
    let rounds = st.round_limit;
    let goal = match st.victory {
        Victory::Annihilation => s.format(format_args!(
            "Goal: destroy every enemy model; after round {rounds}, more enemy Supplies destroyed wins"
        )),
        Victory::Gatecrasher { attacker } => s.format(format_args!(
            "Goal: {} destroys the monument with a charge; the defender wins if it stands after round {rounds}",
            seat_name(attacker)
        )),
        Victory::Clear { player } => s.format(format_args!(
            "Goal: {} completes every objective and destroys every enemy; the other side wins by holding out to round {rounds}",
            seat_name(player)
        )),
    };
    w.para(goal, theme.style(Role::Title));
    for o in &st.objectives {
        let who = o.for_seat.map_or("either side", |seat| seat_name(seat));
        let cell = o.cells.first().copied();
        let state = if o.done {
            "done"
        } else if o.planted.is_some() {
            "charge planted"
        } else {
            "open"
        };
        let text = match cell {
            Some(c) => s.format(format_args!(
                " O {} at {c}: {} by {who}, {state}",
                o.name,
                o.method.name()
            )),
            None => s.format(format_args!(
                " O {}: {} by {who}, {state}",
                o.name,
                o.method.name()
            )),
        };
        w.para(
            text,
            theme.style(if o.done { Role::Dim } else { Role::Text }),
        );
    }
}

/// What one table cell holds, for the shared canvases; `group` is the unit whose models
/// are underlined ([`CommanderView::group_of`], worked out once a frame).
pub fn cell_look(
    view: &CommanderView,
    ctx: &ViewCtx<'_, Commander>,
    group: Option<(Seat, squadsight_commander::catalog::UnitId)>,
    c: squadsight_commander::board::Cell,
) -> Option<CellLook> {
    let st = &ctx.obs.state;
    let board = &st.board;
    let i = board.index(c)?;
    let overlay = view.marks.get(i).copied().unwrap_or_default();
    let occupant = st.occupancy.get(i).copied().unwrap_or(0);
    let piece = board.piece_at(c).map(|(_, p)| p);
    let height = piece.map_or(0, |p| p.height);
    let token = if occupant == TOKEN {
        // A civilian marker (a hidden Infiltrator may be under it) or an objective marker.
        let civilian = st.markers.iter().any(|m| m.cell == c && !m.discovered);
        Some(if civilian {
            Token::Unknown
        } else {
            Token::Objective
        })
    } else {
        st.objectives
            .iter()
            .any(|o| !o.done && o.cells.contains(&c))
            .then_some(Token::Objective)
    };
    let unit = st.model_at(c).and_then(|id| st.model(id)).map(|m| {
        let state = if view.selected == Some(m.id) {
            UnitState::Selected
        } else if m.activated {
            UnitState::Done
        } else {
            // Any model not yet activated may still act this round: a drawn die of its
            // side may activate it (cmd.act.pick-model).
            UnitState::Ready
        };
        UnitLook {
            kind: view
                .abbrevs
                .get(m.unit.index())
                .copied()
                .unwrap_or(['?', '?']),
            side: m.controller().0.min(1),
            hits: None,
            wounded: m.wounds < m.max_wounds,
            state,
            low: m.down,
            last_seen: false,
            group: group.is_some_and(|g| g == (m.owner, m.unit)),
            extra: false,
        }
    });
    Some(CellLook {
        ground: map::ground(piece.map(|p| p.kind)),
        height,
        unit,
        token,
        overlay,
        cursor: c == view.cursor,
        numbers: if view.map.numbers && piece.is_some() {
            Numbers::One(height)
        } else {
            Numbers::Off
        },
        ..CellLook::default()
    })
}

/// The scenario's table in miniature for the new-game form: each character stands for a
/// block of cells and shows the strongest terrain in it; deployment zones carry the side
/// markers.
pub fn preview(plan: &Plan, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let board = &plan.board;
    if area.width == 0 || area.height == 0 {
        return;
    }
    let (w, h) = (u16::from(board.width()), u16::from(board.height()));
    // Cells per block, the same both ways; a block is two characters wide so the table
    // keeps its shape on a terminal's tall character cells.
    let step = (w * 2)
        .div_ceil(area.width.max(1))
        .max(h.div_ceil(area.height))
        .max(1);
    for sy in 0..h.div_ceil(step).min(area.height) {
        for sx in 0..w.div_ceil(step).min(area.width / 2) {
            let mut best: Option<squadsight_commander::board::TerrainKind> = None;
            let mut zone = None;
            for dy in 0..step {
                for dx in 0..step {
                    let (x, y) = (sx * step + dx, sy * step + dy);
                    let (Ok(x), Ok(y)) = (u8::try_from(x), u8::try_from(y)) else {
                        continue;
                    };
                    let c = squadsight_commander::board::Cell::new(x, y);
                    if let Some(k) = board.terrain(c) {
                        best = Some(
                            best.map_or(k, |b: squadsight_commander::board::TerrainKind| b.min(k)),
                        );
                    }
                    for (s, (_, _, (zx, zy, zw, zh))) in plan.sides.iter().enumerate() {
                        if x >= *zx
                            && x < zx.saturating_add(*zw)
                            && y >= *zy
                            && y < zy.saturating_add(*zh)
                        {
                            zone = Some(s);
                        }
                    }
                }
            }
            let (g, style) = match (zone, best) {
                (Some(s), None) => {
                    let side = u8::try_from(s.min(1)).unwrap_or(0);
                    (SIDE_MARKERS[s.min(1)], theme.style(Role::Side(side)))
                }
                (_, k) => {
                    let g = map::ground(k);
                    (theme.ground_glyph(g), theme.ground_style(g, 0))
                }
            };
            let mut tmp = [0u8; 4];
            let g = g.encode_utf8(&mut tmp);
            for dx in 0..2 {
                draw::cell(buf, area, area.x + sx * 2 + dx, area.y + sy, g, style);
            }
        }
    }
}

fn side_name(st: &State, seat: Seat) -> &str {
    st.sides.get(seat.index()).map_or("?", |s| s.name.as_str())
}

/// The status line: round, dice left per side, the drawn die.
pub fn status(view: &CommanderView, ctx: &ViewCtx<'_, Commander>, out: &mut String) {
    let st = &ctx.obs.state;
    let _ = write!(
        out,
        "Round {}/{} | bag: {} {}, {} {}",
        st.round,
        st.round_limit,
        side_name(st, Seat(0)),
        st.bag.left(Seat(0)),
        side_name(st, Seat(1)),
        st.bag.left(Seat(1)),
    );
    if let Some(seat) = st.die {
        let _ = write!(out, " | drawn: {}'s die", side_name(st, seat));
    } else if let Some(a) = st.activation() {
        let _ = write!(
            out,
            " | {} acting, {} of 2 actions spent",
            view.name(a.model),
            a.spent
        );
    }
}

/// The status line's short form for a narrow screen: the same facts, each side named by
/// its marker ("R2/6 | bag +3 x4 | Heavy #2 acting 1/2").
pub fn status_short(view: &CommanderView, ctx: &ViewCtx<'_, Commander>, out: &mut String) {
    let st = &ctx.obs.state;
    let _ = write!(
        out,
        "R{}/{} | bag {}{} {}{}",
        st.round,
        st.round_limit,
        SIDE_MARKERS[0],
        st.bag.left(Seat(0)),
        SIDE_MARKERS[1],
        st.bag.left(Seat(1)),
    );
    if let Some(seat) = st.die {
        let _ = write!(out, " | {} die drawn", SIDE_MARKERS[seat.index().min(1)]);
    } else if let Some(a) = st.activation() {
        let _ = write!(out, " | {} acting {}/2", view.name(a.model), a.spent);
    }
}

/// The dice bag and each side's models, in the box under the map.
pub fn render_bag(
    view: &mut CommanderView,
    ctx: &ViewCtx<'_, Commander>,
    area: Rect,
    buf: &mut Buffer,
) {
    let st = &ctx.obs.state;
    let theme = ctx.theme;
    let mut w = Writer::new(buf, area);
    let text = view.scratch.format(format_args!(
        "Dice bag, round {} of {}:",
        st.round, st.round_limit
    ));
    w.para(text, theme.style(Role::Title));
    for seat in [Seat(0), Seat(1)] {
        let left = st.bag.left(seat);
        let on = st.on_table().filter(|m| m.owner == seat).count();
        let ready = st
            .on_table()
            .filter(|m| m.controller() == seat && !m.activated)
            .count();
        let text = view.scratch.format(format_args!(
            "{} {}: {} dice left, {} of {} models yet to act{}",
            SIDE_MARKERS[seat.index().min(1)],
            side_name(st, seat),
            left,
            ready,
            on,
            match st.sides.get(seat.index()).and_then(|s| s.ai) {
                Some(d) => match d {
                    squadsight_commander::ai_mode::Difficulty::Easy => " (AI mode, easy)",
                    squadsight_commander::ai_mode::Difficulty::Normal => " (AI mode, normal)",
                    squadsight_commander::ai_mode::Difficulty::Classic => " (AI mode, classic)",
                    squadsight_commander::ai_mode::Difficulty::Impossible => {
                        " (AI mode, impossible)"
                    }
                },
                None => "",
            }
        ));
        w.para(text, theme.style(Role::Side(seat.0.min(1))));
    }
    let text = match (st.die, st.activation()) {
        (Some(seat), _) => view.scratch.format(format_args!(
            "Drawn: {}'s die. Pick a model that has not acted.",
            side_name(st, seat)
        )),
        (None, Some(a)) => view.scratch.format(format_args!(
            "Acting: {} ({} of 2 actions spent{}{})",
            view.names.get(a.model.index()).map_or("?", String::as_str),
            a.spent,
            if a.moved { ", moved" } else { "" },
            if a.commanded { ", commanded" } else { "" }
        )),
        (None, None) => view.scratch.format(format_args!("No die is out.")),
    };
    w.para(text, theme.style(Role::Text));
    // The viewer's models, one per line, as far as there is room.
    for m in st
        .models
        .iter()
        .filter(|m| m.owner == ctx.viewer && m.alive())
    {
        let text = view.scratch.format(format_args!(
            "{}{} {}/{}W{}{}{}",
            if view.selected == Some(m.id) {
                "> "
            } else {
                "  "
            },
            view.names.get(m.id.index()).map_or("?", String::as_str),
            m.wounds,
            m.max_wounds,
            if m.leader { " Leader" } else { "" },
            if m.activated { " acted" } else { "" },
            if m.down { " Down" } else { "" },
        ));
        w.para(text, theme.style(Role::Dim));
    }
}

fn dice_name(d: TestDice) -> &'static str {
    match d {
        TestDice::TwoD6 => "2D6",
        TestDice::ThreeKeepLowTwo => "3D6 drop the highest (Scope)",
    }
}

/// A skill test's modifiers, one line each.
fn write_test(
    w: &mut Writer<'_>,
    scratch: &mut crate::draw::Scratch,
    test: &SkillTest,
    theme: &Theme,
) {
    let text = scratch.format(format_args!(
        "  {} at or under {} (base {})",
        dice_name(test.dice),
        test.value(),
        test.base
    ));
    w.para(text, theme.style(Role::Dim));
    for m in &test.modifiers {
        let text = scratch.format(format_args!("  {:+} {} [{}]", m.delta, m.label, m.clause));
        w.para(text, theme.style(Role::Dim));
    }
}

fn write_odds(
    w: &mut Writer<'_>,
    scratch: &mut crate::draw::Scratch,
    odds: &AttackOdds,
    theme: &Theme,
) {
    if let Some(r) = odds.refused {
        let text = scratch.format(format_args!("Not allowed: {r} [{}]", r.clause()));
        w.para(text, theme.style(Role::Error));
        return;
    }
    if odds.out_of_range {
        w.para(
            "Past maximum range: an automatic miss.",
            theme.style(Role::Error),
        );
        return;
    }
    let text = if odds.hit_tests == 2 {
        scratch.format(format_args!("Hit (two tests, Shredding): {}", odds.hit))
    } else {
        scratch.format(format_args!("Hit: {}", odds.hit))
    };
    w.chance(text, odds.hit, theme);
    write_test(w, scratch, &odds.hit_test, theme);
    if odds.scatter != Ratio::ZERO {
        let text = scratch.format(format_args!("Scatters instead: {}", odds.scatter));
        w.para(text, theme.style(Role::Text));
    }
    if odds.mindspin != [Ratio::ZERO; 3] {
        let text = scratch.format(format_args!(
            "Panic {}, disorientation {}, mind control {}",
            odds.mindspin[0], odds.mindspin[1], odds.mindspin[2]
        ));
        w.para(text, theme.style(Role::Text));
        return;
    }
    match &odds.armour_test {
        Some(t) => {
            let text = scratch.format(format_args!(
                "Armour test stops a hit: {}",
                odds.armour_stops
            ));
            w.chance(text, odds.armour_stops, theme);
            write_test(w, scratch, t, theme);
        }
        None => w.para("No Armour test.", theme.style(Role::Dim)),
    }
    let text = scratch.format(format_args!(
        "Damage {} if it gets through ({} overall); expected {}",
        odds.damage, odds.damage_chance, odds.expected_damage
    ));
    w.para(text, theme.style(Role::Text));
    if odds.destroy != Ratio::ZERO {
        let text = scratch.format(format_args!("Destroys the target: {}", odds.destroy));
        w.chance(text, odds.destroy, theme);
    }
}

/// A unit card: name, side, stats, Armour, weapons, attachments, status. `line` is a
/// reusable buffer for the lists.
fn write_card(
    w: &mut Writer<'_>,
    scratch: &mut crate::draw::Scratch,
    line: &mut String,
    names: &[String],
    ctx: &ViewCtx<'_, Commander>,
    m: &Model,
) {
    let st = &ctx.obs.state;
    let theme = ctx.theme;
    let catalog = ctx.ruleset.catalog();
    let unit = catalog.unit(m.unit);
    let name_of = |id: ModelId| names.get(id.index()).map_or("?", String::as_str);
    let text = scratch.format(format_args!(
        "{} {} ({}){}",
        SIDE_MARKERS[m.owner.index().min(1)],
        name_of(m.id),
        side_name(st, m.owner),
        if m.leader { ", Leader" } else { "" }
    ));
    w.para(text, theme.style(Role::Side(m.owner.0.min(1))));
    let s = unit.stats;
    let text = scratch.format(format_args!(
        "Wounds {}/{}  {}  Armour {} {}{}",
        m.wounds,
        m.max_wounds,
        catalog.rank(m.rank).name,
        unit.resistance.kind.name(),
        unit.resistance.value,
        match m.vest {
            Some(v) => scratch_vest(catalog.vest(v).armour_bonus),
            None => "",
        }
    ));
    w.para(text, theme.style(Role::Text));
    let text = scratch.format(format_args!(
        "AIM {} HEALTH {} MOB {} HACK {} WILL {}{} DODGE {} PSI {}",
        s.aim,
        s.health,
        s.mobility,
        s.hack,
        s.will,
        if m.will_penalty > 0 { "(-)" } else { "" },
        s.dodge,
        s.psi
    ));
    w.para(text, theme.style(Role::Text));
    for wid in &m.weapons {
        let wp = catalog.weapon(*wid);
        let range = match wp.half_range {
            Some(h) => ScratchRange::Band(h, wp.max_range),
            None => ScratchRange::Close,
        };
        let (dmg, kind) = wp.damage.map_or((0, "no damage"), |(d, k)| (d, k.name()));
        let text = scratch.format(format_args!(
            " {}: {} dmg {} {}{}",
            wp.name,
            range,
            dmg,
            kind,
            if m.overwatch == Some(*wid) {
                " (Overwatch)"
            } else {
                ""
            }
        ));
        w.para(text, theme.style(Role::Text));
        if !wp.rules.is_empty() {
            line.clear();
            line.push_str("   ");
            join(line, wp.rules.iter().map(|r| r.name()));
            w.para(line, theme.style(Role::Dim));
        }
    }
    if !m.attachments.is_empty() {
        line.clear();
        line.push_str(" Attachments: ");
        join(
            line,
            m.attachments.iter().map(|a| catalog.item(*a).name.as_str()),
        );
        w.para(line, theme.style(Role::Text));
    }
    if !unit.rules.is_empty() {
        line.clear();
        line.push_str(" Rules: ");
        join(line, unit.rules.iter().map(|r| r.name()));
        w.para(line, theme.style(Role::Dim));
    }
    line.clear();
    line.push_str("Status:");
    let empty = line.len();
    let add = |line: &mut String, s: &str| {
        if line.len() > empty {
            line.push(',');
        }
        line.push(' ');
        line.push_str(s);
    };
    if m.activated {
        add(line, "activated this round");
    }
    if m.down {
        add(line, "Down");
    }
    if let Some(wid) = m.overwatch {
        add(line, "on Overwatch with the");
        line.push(' ');
        line.push_str(&catalog.weapon(wid).name);
    }
    if m.is_engaged() {
        add(line, "engaged with");
        line.push(' ');
        join(line, m.engaged.iter().map(|e| name_of(*e)));
    }
    if let Some(c) = m.control {
        add(line, "mind-controlled by");
        line.push(' ');
        line.push_str(side_name(st, c.by));
    }
    if m.will_penalty > 0 {
        add(line, "WILL lowered (Leader lost)");
    }
    if line.len() > empty {
        w.para(line, theme.style(Role::Key));
    }
}

/// Appends `items` to `line`, comma-separated.
fn join<'a>(line: &mut String, items: impl Iterator<Item = &'a str>) {
    for (i, item) in items.enumerate() {
        if i > 0 {
            line.push_str(", ");
        }
        line.push_str(item);
    }
}

/// " +N vest" without allocating (the bonus is one digit in the data).
fn scratch_vest(bonus: u8) -> &'static str {
    match bonus {
        0 => " +0 vest",
        1 => " +1 vest",
        2 => " +2 vest",
        3 => " +3 vest",
        _ => " + vest",
    }
}

/// A weapon's range, written as `half/max` or `close combat`.
enum ScratchRange {
    Band(u8, u8),
    Close,
}

impl std::fmt::Display for ScratchRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScratchRange::Band(h, m) => write!(f, "range {h}/{m}"),
            ScratchRange::Close => f.write_str("close combat"),
        }
    }
}

/// What is being decided, when it is more than picking an action from the list.
fn decision_line(
    ctx: &ViewCtx<'_, Commander>,
    names: &[String],
    scratch: &mut crate::draw::Scratch,
) -> Option<(Role, usize)> {
    let st = &ctx.obs.state;
    let _ = scratch.format(format_args!(""));
    let role = if let Some(e) = &st.ending {
        match e.winner {
            Some(s) => scratch.format(format_args!(
                "Game over: {} wins. {}",
                side_name(st, s),
                e.reason
            )),
            None => scratch.format(format_args!("Game over: a draw. {}", e.reason)),
        };
        Role::Good
    } else if ctx.legal.contains(&Action::AiActivate) {
        scratch.format(format_args!(
            "This side is played by AI mode: Enter (or a) lets it take its activation; the \
             journal says what it rolled and why it chose as it did."
        ));
        Role::Key
    } else {
        match st.windows.first() {
            Some(Window::Scatter { .. }) => {
                scratch.format(format_args!(
                    "A shot scatters: place its point (marked *) 3 Range from the target."
                ));
            }
            Some(Window::Reveal { .. }) => {
                scratch.format(format_args!(
                    "A civilian marker was found: reveal the Infiltrator there, or not."
                ));
            }
            Some(Window::FreeAttack { target, .. }) => {
                scratch.format(format_args!(
                    "{} flees: take the free attack?",
                    names.get(target.index()).map_or("?", String::as_str)
                ));
            }
            None => return None,
        }
        Role::Key
    };
    Some((role, scratch.as_str().len()))
}

/// The side panel: what is being decided, the odds of the highlighted attack, the card of the
/// model under the cursor (or the acting one), and what the acting model sees there.
pub fn render_panel(
    view: &mut CommanderView,
    ctx: &ViewCtx<'_, Commander>,
    area: Rect,
    buf: &mut Buffer,
) {
    let theme = ctx.theme;
    let st = &ctx.obs.state;
    view.update_odds(ctx);
    // Taken out and put back, so the writer can use them beside the view.
    let odds = view.odds.take();
    let mut scratch = std::mem::take(&mut view.scratch);
    let mut line = std::mem::take(&mut view.line);
    {
        let mut w = Writer::new(buf, area);
        if let Some((role, _)) = decision_line(ctx, &view.names, &mut scratch) {
            w.para(scratch.as_str(), theme.style(role));
        }
        // The odds of the highlighted attack come first: they are what is being decided.
        if let Some((_, label, Some(o))) = &odds {
            w.para(label, theme.style(Role::Title));
            write_odds(&mut w, &mut scratch, o, theme);
        }
        if let Some(m) = view.card_model(st) {
            write_card(&mut w, &mut scratch, &mut line, &view.names, ctx, m);
        }
        let c = view.cursor;
        let piece = st.board.piece_at(c).map(|(_, p)| p);
        let text = match piece {
            Some(p) => scratch.format(format_args!(
                "Cursor {c}: {} ({}, height {})",
                p.name,
                p.kind.name(),
                p.height
            )),
            None => scratch.format(format_args!("Cursor {c}: open ground")),
        };
        w.para(text, theme.style(Role::Dim));
        if let Some(s) = view.sight {
            let text = scratch.format(format_args!(
                "From the acting model: {} Range, {}{}",
                s.range,
                if s.clear {
                    "line of sight clear"
                } else {
                    "no line of sight"
                },
                match s.cover {
                    Some(Cover::Hard) => ", hard cover there",
                    Some(Cover::Soft) => ", soft cover there",
                    None => "",
                }
            ));
            w.para(
                text,
                theme.style(if s.clear { Role::Text } else { Role::Blocker }),
            );
            if let Some(b) = s.blocker.filter(|_| !s.clear) {
                let what = st
                    .board
                    .piece_at(b)
                    .map_or("terrain", |(_, p)| p.name.as_str());
                let blocker = theme.overlay_glyph(Overlay::Blocker).unwrap_or('#');
                let line = theme.overlay_glyph(Overlay::Line).unwrap_or('+');
                let text = scratch.format(format_args!(
                    "Sight blocked at {b} ({blocker}) by {what}; {line} marks the line"
                ));
                w.para(text, theme.style(Role::Blocker));
            }
        }
        if let Some(i) = view.overlay {
            let actor = view.actor(st).and_then(|id| st.model(id));
            if let Some(wid) = actor.and_then(|m| m.weapons.get(i)) {
                let text = scratch.format(format_args!(
                    "Ranges shown: {} (- half, = full, in sight)",
                    ctx.ruleset.catalog().weapon(*wid).name
                ));
                w.para(text, theme.style(Role::Dim));
            }
        }
        // Last: what wins the battle (read when there is room, never above the decision).
        write_objectives(&mut w, &mut scratch, ctx);
        // Whatever did not fit is marked as off screen.
        w.finish(theme.style(Role::Dim));
    }
    view.odds = odds;
    view.scratch = scratch;
    view.line = line;
}
