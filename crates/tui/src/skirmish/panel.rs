//! The side panel (what is being decided, the selected unit, the hex under the cursor, line
//! of sight, attack odds), the hand, and the status line.

use super::{SIDE_MARKERS, Sight, SkirmishView};
use crate::draw::{self, Scratch, Writer};
use crate::map::Overlay;
use crate::theme::Role;
use crate::view::ViewCtx;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use squadsight_core::Ruleset as _;
use squadsight_core::dice::{Dice, Target};
use squadsight_skirmish::Skirmish;
use squadsight_skirmish::action::Action;
use squadsight_skirmish::catalog::CardId;
use squadsight_skirmish::observe::Observation;
use squadsight_skirmish::state::{Aim, DiscardWhy, Frame, HexId, Phase, State, UnitId};
use std::fmt::Write as _;

/// The suppression roll: 1D6, and 4–6 stops the attack (sk.suppression.roll). Only for the
/// preview; a test checks it against the rolls the rules journal.
pub const SUPPRESSION_STOPS: Target = Target::AtLeast(4);

/// A splash roll: 1D6, and 5–6 deals 1 Hit (sk.area.splash). Preview only, checked the same
/// way.
pub const SPLASH_HITS: Target = Target::AtLeast(5);

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Setup => "setup",
        Phase::Tactical => "tactical phase",
        Phase::MoveFire => "move and fire",
        Phase::End => "end phase",
        Phase::Over => "game over",
    }
}

/// How many cards `side` holds, as the observing seat knows it.
fn hand_size(obs: &Observation, side: u8) -> usize {
    if side == obs.seat {
        obs.hand().len()
    } else {
        obs.other_hand
    }
}

/// The status line's ruleset part: turn, phase, each side's tokens and hand size, the deck.
pub fn status(ctx: &ViewCtx<'_, Skirmish>, out: &mut String) {
    let obs = ctx.obs;
    let st = &obs.state;
    let board = st.board();
    let _ = write!(out, "turn {}, {}", st.turn(), phase_name(st.phase()));
    for side in 0..2u8 {
        let cards = hand_size(obs, side);
        let _ = write!(
            out,
            " | {}{} {} ST {} cards",
            board.side_name(side),
            SIDE_MARKERS[usize::from(side)],
            st.tokens(side),
            cards
        );
    }
    let _ = write!(
        out,
        " | deck {} discard {}",
        obs.deck_left,
        st.deck().discards().len()
    );
}

/// The status line's short form for a narrow screen: the same facts, each side named by
/// its marker ("T2 move+fire | +1ST 4c x0ST 5c | deck 30 disc 6").
pub fn status_short(ctx: &ViewCtx<'_, Skirmish>, out: &mut String) {
    let obs = ctx.obs;
    let st = &obs.state;
    let phase = match st.phase() {
        Phase::Setup => "setup",
        Phase::Tactical => "tactical",
        Phase::MoveFire => "move+fire",
        Phase::End => "end",
        Phase::Over => "over",
    };
    let _ = write!(out, "T{} {phase} |", st.turn());
    for side in 0..2u8 {
        let cards = hand_size(obs, side);
        let _ = write!(
            out,
            " {}{}ST {}c",
            SIDE_MARKERS[usize::from(side)],
            st.tokens(side),
            cards
        );
    }
    let _ = write!(
        out,
        " | deck {} disc {}",
        obs.deck_left,
        st.deck().discards().len()
    );
}

/// What the deciding side is asked now, in a few words.
fn decision(sk: &Skirmish, st: &State, out: &mut Scratch) -> Option<String> {
    let frame = st.stack().last()?;
    let name = |u: UnitId| sk.unit_name(st, u);
    Some(match *frame {
        Frame::ChooseFirst { .. } => "choose who takes the first turn".to_string(),
        Frame::Discard { left, why, .. } => {
            let why = match why {
                DiscardWhy::Tactical | DiscardWhy::End => "down to the hand limit",
                DiscardWhy::Own => "for the row just played",
                DiscardWhy::Opponent => "as the opponent's effect demands",
            };
            out.format(format_args!("discard {left} card(s) {why}"))
                .to_string()
        }
        Frame::Move { unit, hexes, .. } => format!("move {} up to {hexes} hex(es)", name(unit)),
        Frame::Target { unit, aim, .. } => match aim {
            Aim::Attack(_) => format!("choose what {} attacks", name(unit)),
            Aim::Effect => format!("choose the target of {}'s effect", name(unit)),
            Aim::Spawn(_) => "choose where the new unit appears".to_string(),
        },
        Frame::Hit(h) => match h.amount.saturating_sub(h.negated) {
            0 => format!(
                "{} is attacked, every Hit already stopped: defend or pass",
                name(h.unit)
            ),
            1 => format!("{} takes 1 Hit: defend or pass", name(h.unit)),
            n => format!("{} takes {n} Hits: defend or pass", name(h.unit)),
        },
        Frame::Flush { .. } => "cancel the Defense just played (Flush), or pass".to_string(),
        Frame::Ranged { target, .. } => format!("answer the effect aimed at {}", name(target)),
        Frame::Reaction { .. } => "react on the opponent's turn, or pass".to_string(),
        Frame::Program(_) | Frame::Attack(_) => return None,
    })
}

/// What the deciding side is asked now, in a few words, from public facts only (the
/// hand-off screen shows it to whoever is at the keyboard).
pub(super) fn decision_text(sk: &Skirmish, st: &State) -> Option<String> {
    decision(sk, st, &mut Scratch::default()).or_else(|| match st.phase() {
        Phase::MoveFire => Some("their Move and Fire phase: move and attack".to_string()),
        Phase::Over => None,
        p => Some(format!("their {}", phase_name(p))),
    })
}

/// The attack the player is about to confirm: the highlighted target action, else the
/// target under the map cursor.
fn pending_attack(
    view: &SkirmishView,
    ctx: &ViewCtx<'_, Skirmish>,
) -> Option<(UnitId, u16, Action)> {
    let st = &ctx.obs.state;
    let Some(Frame::Target {
        unit,
        aim: Aim::Attack(atk),
        ..
    }) = st.stack().last().copied()
    else {
        return None;
    };
    let aimed = |a: &Action| match *a {
        Action::TargetHex(h) => h == view.cursor,
        Action::TargetUnit(u) => st.unit(u).is_some_and(|u| u.pos == view.cursor),
        _ => false,
    };
    let chosen = match ctx.highlighted {
        Some(a @ (Action::TargetHex(_) | Action::TargetUnit(_))) => Some(*a),
        _ => ctx.legal.iter().find(|a| aimed(a)).copied(),
    }?;
    Some((unit, atk, chosen))
}

fn target_hex(st: &State, a: Action) -> Option<HexId> {
    match a {
        Action::TargetHex(h) => Some(h),
        Action::TargetUnit(u) => st.unit(u).map(|u| u.pos),
        _ => None,
    }
}

/// Draws the side panel.
pub fn render_panel(
    view: &mut SkirmishView,
    ctx: &ViewCtx<'_, Skirmish>,
    area: Rect,
    buf: &mut Buffer,
) {
    let sk = ctx.ruleset;
    let st = &ctx.obs.state;
    let board = st.board();
    let theme = ctx.theme;
    let mut s = std::mem::take(&mut view.scratch);
    let mut w = Writer::new(buf, area);
    if let Some(d) = decision(sk, st, &mut s) {
        let text = s.format(format_args!("Now: {d}"));
        w.para(text, theme.style(Role::Key));
    }
    // An attack about to be confirmed comes first: its odds matter most now.
    if let Some((attacker, atk, action)) = pending_attack(view, ctx) {
        odds(&mut w, &mut s, view, ctx, attacker, atk, action);
    }
    // While a card play for a unit is highlighted, before anything is spent: every enemy
    // in view with its range in hexes from that unit and whether it is in sight.
    if let Some(Action::Card { unit: Some(u), .. } | Action::Spec { unit: u, .. }) =
        ctx.highlighted.copied()
    {
        foes_in_view(&mut w, &mut s, view, ctx, u);
    }
    // The unit: the selected one, else the one under the cursor.
    let here = view.units_at(view.cursor);
    let shown = view.actor(st).or(here[0]);
    if let Some((id, u)) = shown.and_then(|id| st.unit(id).map(|u| (id, u))) {
        let ab = view.abbrevs.get(u.kind.index());
        let text = s.format(format_args!(
            "{}{}{}{} {}  Hits {}/{}",
            ab[0],
            ab[1],
            SIDE_MARKERS[usize::from(u.controller & 1)],
            id.0,
            sk.unit_name(st, id),
            u.hits,
            u.max_hits
        ));
        w.para(
            text,
            theme
                .style(Role::Side(u.controller))
                .patch(theme.style(Role::Text)),
        );
        let (c, r) = board.offset(u.pos);
        let mut tokens = String::new();
        unit_tokens(st, u, &mut tokens, board.side_name(u.owner));
        let text = s.format(format_args!(
            " at {c},{r}: terrain {}, elevation {}{}",
            board.terrain(u.pos),
            board.elevation(u.pos),
            tokens
        ));
        w.para(text, theme.style(Role::Text));
        let mut tables = String::new();
        for (i, t) in sk.catalog().usable_tables(u.kind, u.psi).enumerate() {
            if i > 0 {
                tables.push_str(", ");
            }
            tables.push_str(sk.table_name(t));
        }
        let text = s.format(format_args!(
            " tables: {}",
            if tables.is_empty() { "none" } else { &tables }
        ));
        w.para(text, theme.style(Role::Dim));
    }
    // The hex under the cursor.
    if board.contains(view.cursor) {
        let (c, r) = board.offset(view.cursor);
        let who = here
            .iter()
            .flatten()
            .map(|&u| sk.unit_name(st, u))
            .collect::<Vec<_>>()
            .join(", ");
        // The range from the unit acting (or selected) to the cursor, in hexes.
        let range = view
            .actor(st)
            .and_then(|id| st.unit(id).map(|u| (id, u)))
            .filter(|(_, u)| u.on_map() && u.pos != view.cursor)
            .map(|(id, u)| {
                let n = board.distance(u.pos, view.cursor);
                format!(
                    "; range {n} hex{} from {}",
                    if n == 1 { "" } else { "es" },
                    sk.unit_name(st, id)
                )
            })
            .unwrap_or_default();
        let text = s.format(format_args!(
            "Cursor {c},{r}: terrain {}, elevation {}{}{}{range}",
            board.terrain(view.cursor),
            board.elevation(view.cursor),
            if who.is_empty() { "" } else { "; " },
            who
        ));
        w.para(text, theme.style(Role::Text));
    }
    match view.sight {
        Sight::None => {}
        Sight::Clear => w.para("Sight to the cursor: clear", theme.style(Role::Good)),
        Sight::Higher {
            hex,
            elevation,
            from,
        } => {
            let (c, r) = board.offset(hex);
            let mark = theme.overlay_glyph(Overlay::Blocker).unwrap_or('#');
            let text = s.format(format_args!(
                "Sight to the cursor: blocked at {c},{r} ({mark}), which stands higher: elevation {elevation} above {from}"
            ));
            w.para(text, theme.style(Role::Bad));
        }
        Sight::Unit { hex, unit } => {
            let (c, r) = board.offset(hex);
            let mark = theme.overlay_glyph(Overlay::Blocker).unwrap_or('#');
            let text = s.format(format_args!(
                "Sight to the cursor: blocked at {c},{r} ({mark}) by {}",
                sk.unit_name(st, unit)
            ));
            w.para(text, theme.style(Role::Bad));
        }
    }
    // Whatever did not fit is marked as off screen.
    w.finish(theme.style(Role::Dim));
    view.scratch = s;
}

/// The enemies `unit` could aim at, nearest first: range in hexes and sight (the same sight
/// test as the map's sight line).
fn foes_in_view(
    w: &mut Writer<'_>,
    s: &mut Scratch,
    view: &SkirmishView,
    ctx: &ViewCtx<'_, Skirmish>,
    unit: UnitId,
) {
    let st = &ctx.obs.state;
    let board = st.board();
    let theme = ctx.theme;
    let Some(me) = st.unit(unit).filter(|u| u.on_map()) else {
        return;
    };
    let mut foes: Vec<(u32, UnitId)> = st
        .on_map()
        .filter(|(_, f)| f.controller != me.controller)
        .map(|(id, f)| (board.distance(me.pos, f.pos), id))
        .collect();
    foes.sort_unstable();
    if foes.is_empty() {
        return;
    }
    let text = s.format(format_args!(
        "Foes from {} (range, sight):",
        ctx.ruleset.unit_name(st, unit)
    ));
    w.para(text, theme.style(Role::Title));
    for (range, id) in foes {
        let Some(pos) = st.unit(id).map(|f| f.pos) else {
            continue;
        };
        let seen = matches!(view.sight_to(ctx, unit, pos), Sight::Clear);
        let text = s.format(format_args!(
            " {} {range} hex{}, {}",
            ctx.ruleset.unit_name(st, id),
            if range == 1 { "" } else { "es" },
            if seen { "in sight" } else { "out of sight" }
        ));
        w.para(text, theme.style(if seen { Role::Text } else { Role::Dim }));
    }
}

fn unit_tokens(st: &State, u: &squadsight_skirmish::state::Unit, out: &mut String, owner: &str) {
    let t = st.turn();
    let flags = [
        (u.hidden, "hidden (HT)"),
        // Turn 0 (before the first turn) never counts: the rules store "no immobility" as
        // the range 0..=0.
        (t > 0 && u.immobile(t), "immobilised"),
        (u.pinned(t), "pinned"),
        (u.berserk(t), "berserk"),
        (u.free_moved, "free move used"),
        (u.card_moved, "move card used"),
        (u.attacks > 0, "has attacked"),
    ];
    for (_, what) in flags.iter().filter(|(on, _)| *on) {
        out.push_str("; ");
        out.push_str(what);
    }
    if u.controller != u.owner {
        out.push_str("; mind-controlled, owned by ");
        out.push_str(owner);
    }
}

#[allow(clippy::too_many_arguments)]
fn odds(
    w: &mut Writer<'_>,
    s: &mut Scratch,
    view: &SkirmishView,
    ctx: &ViewCtx<'_, Skirmish>,
    attacker: UnitId,
    atk: u16,
    action: Action,
) {
    let sk = ctx.ruleset;
    let st = &ctx.obs.state;
    let board = st.board();
    let theme = ctx.theme;
    let Some(spec) = sk.rules().attack(atk) else {
        return;
    };
    let Some(hex) = target_hex(st, action) else {
        return;
    };
    let victims = view.units_at(hex);
    let defender = victims
        .iter()
        .flatten()
        .filter_map(|&u| st.unit(u))
        .map(|u| u.controller)
        .find(|&c| Some(c) != st.unit(attacker).map(|a| a.controller))
        .or_else(|| {
            victims
                .iter()
                .flatten()
                .filter_map(|&u| st.unit(u))
                .map(|u| u.controller)
                .next()
        });
    let (c, r) = board.offset(hex);
    // The range in hexes from the attacker to the target.
    let range = st.unit(attacker).map_or(0, |a| board.distance(a.pos, hex));
    let text = s.format(format_args!(
        "Attack on {c},{r} at range {range}: {} Hit{}{}{}",
        1 + spec.damage,
        if spec.damage == 0 { "" } else { "s" },
        if spec.area { ", area" } else { "" },
        if spec.auto_kill { ", auto-kill" } else { "" },
    ));
    w.para(text, theme.style(Role::Title));
    let text = match view.sight_to(ctx, attacker, hex) {
        Sight::Clear | Sight::None => s.format(format_args!("Sight: clear")),
        Sight::Higher {
            hex,
            elevation,
            from,
        } => {
            let (c, r) = board.offset(hex);
            s.format(format_args!(
                "Sight: blocked at {c},{r}, elevation {elevation} above {from}"
            ))
        }
        Sight::Unit { hex, unit } => {
            let (c, r) = board.offset(hex);
            s.format(format_args!(
                "Sight: blocked at {c},{r} by {}",
                sk.unit_name(st, unit)
            ))
        }
    };
    w.para(text, theme.style(Role::Text));
    if let Some(def) = defender {
        let name = board.side_name(def);
        let tokens = st.tokens(def);
        if tokens > 0 {
            // sk.suppression.roll: while the defender holds a token, the attack is stopped
            // on 4–6.
            let through = Dice::D6.chance(SUPPRESSION_STOPS).complement();
            let text = s.format(format_args!(
                "Suppression ({name}: {tokens} ST): gets through {through}"
            ));
            w.chance(text, through, theme);
        } else {
            let text = s.format(format_args!("Suppression: {name} have no ST, no roll"));
            w.para(text, theme.style(Role::Dim));
        }
        if def != ctx.obs.seat {
            let text = s.format(format_args!(
                "{name}: {} card(s) in hand to answer with (Defense, cover)",
                ctx.obs.other_hand
            ));
            w.para(text, theme.style(Role::Text));
        }
        if victims
            .iter()
            .flatten()
            .any(|&u| st.unit(u).is_some_and(|u| u.hidden))
        {
            w.para(
                "The target is hidden: a Detection roll comes first",
                theme.style(Role::Text),
            );
        }
    }
    if spec.area {
        // sk.area.splash: each neighbouring unit, friend or foe, takes 1 Hit on 5–6.
        let p = Dice::D6.chance(SPLASH_HITS);
        let mut any = false;
        for n in board.neighbours(hex) {
            for u in view.units_at(n).into_iter().flatten() {
                let Some(unit) = st.unit(u) else { continue };
                any = true;
                let (c, r) = board.offset(n);
                let ab = view.abbrevs.get(unit.kind.index());
                let text = s.format(format_args!(
                    "Splash {}{}{}{} at {c},{r}: 1 Hit, {p}",
                    ab[0],
                    ab[1],
                    SIDE_MARKERS[usize::from(unit.controller & 1)],
                    u.0
                ));
                w.chance(text, p, theme);
            }
        }
        if !any {
            w.para(
                "Splash: no unit next to the target hex",
                theme.style(Role::Dim),
            );
        }
    }
}

/// Draws the hand's cards from the `from`th on, starting `top` rows down `area`: each card
/// whole (in full, in short words, or wrapped), those that do not fit counted on the last
/// row with their keys. Returns the row after the last one drawn, and the first card counted
/// instead of drawn.
#[allow(clippy::too_many_arguments)]
fn hand_rows(
    ctx: &ViewCtx<'_, Skirmish>,
    picked: Option<CardId>,
    area: Rect,
    buf: &mut Buffer,
    s: &mut Scratch,
    short: &mut String,
    from: usize,
    top: u16,
) -> (u16, Option<usize>) {
    let sk = ctx.ruleset;
    let theme = ctx.theme;
    let hand = ctx.obs.hand();
    let any_card = ctx.legal.iter().any(|a| card_of(a).is_some());
    let mut row = top;
    let cards = hand.iter().count();
    let width = usize::from(area.width);
    for (i, (card, count)) in hand.iter().enumerate().skip(from) {
        if row >= area.height {
            break;
        }
        let notes = sk.catalog().card(card).map_or("", |c| c.notes.as_str());
        let selected = picked == Some(card);
        // A card with no play while others have one is dimmed (the selected card says why).
        let playable = ctx.legal.iter().any(|a| card_of(a) == Some(card));
        let role = if selected {
            Role::Selected
        } else if any_card && !playable {
            Role::Dim
        } else {
            Role::Text
        };
        let name = sk.card_name(card);
        let text = s.format(format_args!("{} {name}{} {notes}", i + 1, CountTag(count)));
        short.clear();
        let _ = write!(short, "{} {name}{} ", i + 1, CountTag(count));
        short_notes(notes, short);
        // The card's row in full when it fits; else its notes in short words; else wrapped
        // (full, then short) onto rows the later cards leave free; else wrapped short.
        let rows_left = usize::from(area.height - row);
        let later = cards - i - 1;
        let free = rows_left.saturating_sub(later);
        let wraps = |t: &str| draw::wrap_rows(t, area.width.saturating_sub(2));
        let (t, rows) = if text.chars().count() <= width {
            (text, 1)
        } else if short.chars().count() <= width {
            (short.as_str(), 1)
        } else if wraps(text) <= free {
            (text, wraps(text))
        } else {
            (short.as_str(), wraps(short))
        };
        // A card is shown whole or not at all: those that do not fit are counted on the
        // last row with the keys that still pick (and explain) them.
        if rows > rows_left || (later > 0 && rows >= rows_left) {
            let text = if later == 0 {
                s.format(format_args!("v 1 more: key {}", i + 1))
            } else {
                s.format(format_args!(
                    "v {} more: keys {}-{}",
                    cards - i,
                    i + 1,
                    cards
                ))
            };
            draw::text_cut(
                buf,
                area,
                area.x,
                area.y + row,
                text,
                theme.style(Role::Dim),
            );
            return (row + 1, Some(i));
        }
        let style = theme.style(role);
        let y = area.y + row;
        let h = u16::try_from(rows).unwrap_or(1);
        if h == 1 {
            draw::text(buf, area, area.x, y, t, style);
        } else {
            // Its further rows are indented, so they do not read as cards.
            let w = area.width.saturating_sub(2);
            draw::wrapped(buf, Rect::new(area.x, y, w, 1), 0, 0, t, style);
            draw::wrapped(buf, Rect::new(area.x + 2, y + 1, w, h - 1), 0, 1, t, style);
        }
        row += h;
    }
    (row, None)
}

/// Draws the hand: one line per card type, numbered for the digit keys.
pub fn render_hand(
    view: &mut SkirmishView,
    ctx: &ViewCtx<'_, Skirmish>,
    area: Rect,
    buf: &mut Buffer,
) {
    let sk = ctx.ruleset;
    let theme = ctx.theme;
    let hand = ctx.obs.hand();
    let mut s = std::mem::take(&mut view.scratch);
    // On the viewer's decision, a card nothing can be done with now says so.
    let deciding = !ctx.legal.is_empty();
    let any_card = ctx.legal.iter().any(|a| card_of(a).is_some());
    let mut short = String::new();
    let (mut row, hidden) = hand_rows(ctx, view.card, area, buf, &mut s, &mut short, 0, 0);
    // A card picked by its key among those counted below the rows is brought into sight:
    // the cards before it are counted above it instead.
    let picked = view
        .card
        .and_then(|c| hand.iter().position(|(h, _)| h == c));
    if let (Some(from), Some(picked)) = (hidden, picked) {
        if picked >= from && picked > 0 && area.height > 1 {
            draw::clear(buf, area, theme.style(Role::Text));
            let text = if picked == 1 {
                s.format(format_args!("^ 1 more: key 1"))
            } else {
                s.format(format_args!("^ {picked} more: keys 1-{picked}"))
            };
            draw::text_cut(buf, area, area.x, area.y, text, theme.style(Role::Dim));
            row = hand_rows(ctx, view.card, area, buf, &mut s, &mut short, picked, 1).0;
        }
    }
    // The selected card (or the card of the highlighted play) explains itself: what it
    // does for each of the viewer's units that can play it.
    let focus = view
        .card
        .or_else(|| ctx.highlighted.and_then(card_of))
        .filter(|c| hand.has(*c));
    if let Some(card) = focus {
        let plays: Vec<&Action> = ctx
            .legal
            .iter()
            .filter(|a| card_of(a) == Some(card))
            .collect();
        // A Spec card names the row it reaches on each of the viewer's units' tables
        // (sk.spec.activate), whether or not it can be played now.
        if let Some(squadsight_skirmish::effects::CardKind::Spec(n)) =
            sk.rules().cards.get(card.index())
        {
            let st = &ctx.obs.state;
            for (id, u) in st.on_map().filter(|(_, u)| u.controller == ctx.viewer.0) {
                if row >= area.height {
                    break;
                }
                let mut rows = String::new();
                for (i, t) in sk.catalog().usable_tables(u.kind, u.psi).enumerate() {
                    if i > 0 {
                        rows.push_str(", ");
                    }
                    rows.push_str(sk.row_name(t, *n));
                }
                let kind = sk.catalog().unit(u.kind).map_or("?", |t| t.name.as_str());
                let text = s.format(format_args!(
                    " #{} {kind} -> {}",
                    id.0,
                    if rows.is_empty() { "no table" } else { &rows }
                ));
                draw::text_cut(
                    buf,
                    area,
                    area.x,
                    area.y + row,
                    text,
                    theme.style(Role::Text),
                );
                row += 1;
            }
        }
        if plays.is_empty() && deciding && row < area.height {
            let why = if any_card {
                "no unit of yours can use it now"
            } else {
                "this decision takes no card"
            };
            let text = s.format(format_args!("{}: no play ({why})", sk.card_name(card)));
            let rest = Rect::new(area.x, area.y + row, area.width, area.height - row);
            row += u16::try_from(draw::wrapped(buf, rest, 0, 0, text, theme.style(Role::Dim)))
                .unwrap_or(0);
        }
        if !plays.is_empty() && row < area.height {
            let text = s.format(format_args!("{} can:", sk.card_name(card)));
            draw::line(buf, area, area.y + row, text, theme.style(Role::Title));
            row += 1;
            let room = usize::from(area.height - row);
            for (n, a) in plays.iter().enumerate() {
                if row >= area.height {
                    break;
                }
                let text = if n + 1 == room && plays.len() > room {
                    s.format(format_args!(" ... and {} more", plays.len() - n))
                } else {
                    s.format(format_args!(" {}", sk.describe(&ctx.obs.state, a)))
                };
                draw::line(buf, area, area.y + row, text, theme.style(Role::Text));
                row += 1;
            }
        }
    }
    if hand.is_empty() && area.height > 0 {
        draw::line(
            buf,
            area,
            area.y,
            "No cards in hand.",
            theme.style(Role::Dim),
        );
        row = 1;
    }
    // The referee's view draws each hand apart, so the other hand is not repeated here.
    let known = ctx.obs.known_other();
    if !ctx.referee && !known.is_empty() && row + 1 < area.height {
        let mut names = String::new();
        for (i, c) in known.cards().enumerate() {
            if i > 0 {
                names.push_str(", ");
            }
            names.push_str(sk.card_name(c));
        }
        let text = s.format(format_args!("Seen in the other hand: {names}"));
        let rest = Rect::new(area.x, area.y + row + 1, area.width, area.height - row - 1);
        draw::wrapped(buf, rest, 0, 0, text, theme.style(Role::Dim));
    }
    view.scratch = s;
}

/// The hand card an action plays, if it plays one.
fn card_of(a: &Action) -> Option<CardId> {
    match *a {
        Action::Discard(c)
        | Action::Card { card: c, .. }
        | Action::Spec { card: c, .. }
        | Action::Cover { card: c, .. }
        | Action::SelfDestruct { card: c, .. } => Some(c),
        _ => None,
    }
}

/// " x2" after a card name held twice; nothing for a single copy.
struct CountTag(u8);

/// Writes a card's printed notes in shorter words for a narrow hand ("Attack = 3 or 4 on
/// Opponents turn" as "atk 3/4 their turn"); the selected card's details and the rules
/// reference keep the printed wording.
fn short_notes(notes: &str, out: &mut String) {
    const SHORTER: [(&str, &str); 16] = [
        ("Attack = ", "atk "),
        ("Move = ", "mv "),
        ("Range = ", "rng "),
        ("Defense", "def"),
        (" on Opponents turn", " their turn"),
        (" on Opponents Turn", " their turn"),
        ("Use Type ", "table "),
        (" Table Ability", ""),
        (" with Damage +", " dmg+"),
        (" and Damage +", " dmg+"),
        (" Area Affect", " area"),
        ("Draw ", "draw "),
        (" Cards", ""),
        (" cards", ""),
        (" or ", "/"),
        ("Gain ", "+"),
    ];
    let start = out.len();
    out.push_str(notes);
    for (long, short) in SHORTER {
        while let Some(at) = out[start..].find(long) {
            let at = start + at;
            out.replace_range(at..at + long.len(), short);
        }
    }
}

impl std::fmt::Display for CountTag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0 > 1 {
            write!(f, " x{}", self.0)
        } else {
            Ok(())
        }
    }
}
