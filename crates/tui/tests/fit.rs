//! What the screen shows at the smallest comfortable size (80x24) and in `--ascii`: the key
//! bar holds whole keys, the highlighted action is never cut, the other actions keep what
//! tells them apart, every card in hand and the AI's last move read whole (a card picked
//! below a full hand pane comes into sight), the Details pane says whole that more lies
//! below, the heaviest Skirmish cover is a calm glyph that the legend explains, and no frame
//! corner reads as a unit.

use crate::common::sk::{self, game, spec};
use crate::common::{app_with, game_spec, keys, quick_store, redraw, screen, terminal};
use squadsight_core::game::{LogEntry, SeatConfig};
use squadsight_core::{Decision, Seat};
use squadsight_skirmish::action::Action;
use squadsight_tui::game_screen::Focus;
use squadsight_tui::registry::Registry;
use squadsight_tui::theme::{SIDE_MARKERS, Theme};
use squadsight_tui::{App, AppConfig, Start};

/// Every key the game screen's bar may offer, as `key:what`.
const ENTRIES: &[&str] = &[
    "Enter:act",
    "Enter:play",
    "x:show all",
    "Tab:panes",
    "?:help",
    "s:save",
    "u:undo",
    "u:no undo (past a reveal)",
    "f:filter log",
    "f:filter",
    "q:leave",
    "Up/Down:choose",
    "Up/Down:scroll",
    "End:newest",
    "Esc:map",
];

/// Every key named in `bar` stands whole: where an entry's `key:` begins, its text follows
/// in full, and the bar ends on the end of an entry, never on a cut word.
fn assert_whole(bar: &str) {
    let bar = bar.trim_end();
    for (at, _) in bar.match_indices(':') {
        let start = bar[..at].rfind(' ').map_or(0, |s| s + 1);
        let rest = &bar[start..];
        assert!(
            ENTRIES.iter().any(|e| rest.starts_with(e)),
            "a cut or unknown key at {start}: {bar:?}"
        );
    }
    assert!(
        ENTRIES.iter().any(|e| bar.ends_with(e)),
        "the bar ends mid-entry: {bar:?}"
    );
    assert!(!bar.ends_with('>') && !bar.contains('…'), "{bar:?}");
}

/// The key bar at 80 columns: in every pane, with a selection and with undo offered, each key
/// is whole, and help and leaving are always among them.
#[test]
fn the_key_bar_holds_whole_keys_at_80_columns() {
    let mut app = sk::vs_greedy(3);
    let mut term = terminal(80, 24);
    let mut bars = Vec::new();
    // A move played (undo is offered), then the unit selected again (x: show all).
    for script in [
        "",
        "<Enter>",
        "<Enter> <Enter>",
        "<Esc> <Enter>",
        "<Tab>",
        "<Tab>",
        "n",
    ] {
        keys(&mut app, &mut term, script);
        let text = redraw(&mut app, &mut term);
        let bar = text.lines().last().unwrap_or("").to_string();
        assert_whole(&bar);
        assert!(bar.contains("?:help") && bar.contains("q:leave"), "{text}");
        bars.push(bar);
    }
    // The longest of them is longer than a two-space bar fits: the test saw a tight bar.
    let tight = bars
        .iter()
        .any(|b| b.contains("u:") && b.contains("x:show all"));
    assert!(tight, "no bar with both undo and show all: {bars:#?}");
}

/// The highlighted entry of the Actions pane: its row from after the pointer to the pane's
/// right edge, and the rows wrapped under it, joined with spaces.
fn highlighted_text(text: &str, pointer: char) -> String {
    let rows: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let (y, x) = rows
        .iter()
        .enumerate()
        .find_map(|(y, r)| {
            r.windows(3)
                .position(|w| matches!(w[0], '|' | '#') && w[1] == pointer && w[2] == ' ')
                .map(|x| (y, x + 1))
        })
        .expect("the highlighted action");
    // The pane's right edge: a border in this row and in the next (a border or a corner).
    let border = rows[y][x - 1];
    let right = (x + 2..rows[y].len())
        .find(|&c| {
            let after = rows[y].get(c + 1).copied().unwrap_or(' ');
            rows[y][c] == border
                && !after.is_alphanumeric()
                && matches!(rows[y + 1][c], '|' | '#' | '\'')
        })
        .expect("the pane's edge");
    let mut out: Vec<String> = vec![rows[y][x + 2..right].iter().collect()];
    // Its further rows are indented two more than an entry.
    for row in &rows[y + 1..] {
        let indent = row[x..x + 4].iter().filter(|&&c| c == ' ').count();
        if indent < 4 || row[x + 4] == ' ' {
            break;
        }
        out.push(row[x + 4..right].iter().collect());
    }
    let out: Vec<&str> = out.iter().map(|s| s.trim()).collect();
    out.join(" ")
}

/// An action too long for its row is shown whole when highlighted: it wraps onto the rows
/// below it instead of ending in `>`, at 80x24 and 120x40, whichever action the cursor is on.
#[test]
fn the_highlighted_action_is_shown_whole() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut app = sk::vs_greedy(3);
        let mut term = terminal(w, h);
        sk::focus(&mut app, &mut term, Focus::Actions);
        let mut wrapped = false;
        for step in 0..6 {
            let text = redraw(&mut app, &mut term);
            let g = game(&app);
            let action = g.legal()[g.shown()[g.cursor()]];
            let label = g.game().describe(&action);
            let shown = highlighted_text(&text, '>');
            assert!(
                shown.starts_with(&label),
                "{w}x{h}, step {step}: {label:?} shown as {shown:?}\n{text}"
            );
            wrapped |= label.len() > usize::from(w) / 3;
            keys(&mut app, &mut term, "<Down>");
        }
        assert!(wrapped || w > 80, "no long action at {w}x{h}");
    }
}

/// An app with the built-in rulesets drawn with `theme`.
fn themed(theme: Theme, start: Start) -> App {
    App::new(
        AppConfig {
            registry: Registry::builtin(),
            store: Box::new(quick_store()),
            limits: theme,
            seed: Some(7),
        },
        start,
    )
    .expect("the app starts")
}

/// sk.map.terrain: the heaviest cover (terrain 5) is drawn with the calm crossed bar the
/// legend shows for it, never a shade, in colour and in `--ascii`.
#[test]
fn terrain_5_is_drawn_with_the_legends_calm_glyph() {
    for ascii in [false, true] {
        let theme = Theme { color: true, ascii };
        let glyph = theme.ground_glyph(squadsight_tui::map::Ground::Solid);
        assert_eq!(glyph, if ascii { '#' } else { '╬' });
        let start = spec(
            3,
            [SeatConfig::human(), SeatConfig::human()],
            &[("first_player", "xcom")],
        );
        let mut app = themed(theme, start);
        let mut term = terminal(120, 40);
        // Past the hand-off, then the legend.
        keys(&mut app, &mut term, "<Enter> m");
        let text = screen(&term);
        let row = text
            .lines()
            .find(|l| l.contains("terrain 5"))
            .unwrap_or_else(|| panic!("terrain 5 in the legend:\n{text}"));
        assert!(row.contains(glyph), "{row}");
        for shade in ['░', '▒', '▓'].into_iter().filter(|_| !ascii) {
            assert!(!row.contains(shade), "{row}");
        }
        assert!(!text.contains('▓') && !text.contains('▒'), "{text}");
    }
}

/// `--ascii` frames: no pane corner and no zoomed-in window corner is seat 1's `+` (or any
/// other side marker); the frames are still drawn.
#[test]
fn ascii_frame_corners_are_not_side_markers() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut app = sk::vs_greedy(3);
        let mut term = terminal(w, h);
        let text = redraw(&mut app, &mut term);
        let rows: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
        let mut corners = 0;
        for (y, row) in rows.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                // A corner: a horizontal border on one side and a vertical one below or above.
                let horizontal = |dx: isize| {
                    x.checked_add_signed(dx)
                        .and_then(|x| row.get(x))
                        .is_some_and(|&h| h == '-')
                };
                let vertical = |dy: isize| {
                    y.checked_add_signed(dy)
                        .and_then(|y| rows.get(y))
                        .and_then(|r| r.get(x))
                        .is_some_and(|&v| v == '|')
                };
                if (horizontal(-1) || horizontal(1)) && (vertical(-1) || vertical(1)) {
                    corners += 1;
                    assert!(!SIDE_MARKERS.contains(&c), "{w}x{h}: corner {c} at {x},{y}");
                }
            }
        }
        assert!(corners >= 8, "{w}x{h}: frames drawn\n{text}");
    }
}

/// The body rows of the pane titled `title` (its first frame): the text between its side
/// borders, row by row, trailing spaces dropped.
fn pane_rows(text: &str, title: &str) -> Vec<String> {
    let rows: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let key: Vec<char> = format!(" {title} ").chars().collect();
    let (y, left) = rows
        .iter()
        .enumerate()
        .find_map(|(y, r)| {
            r.windows(key.len())
                .position(|w| w == key.as_slice())
                .map(|x| (y, x - 1))
        })
        .unwrap_or_else(|| panic!("no pane {title:?}\n{text}"));
    // The top border runs on after the title to the pane's right corner.
    let right = (left + 1 + key.len()..rows[y].len())
        .find(|&x| !matches!(rows[y][x], '-' | '=' | '─' | '━'))
        .unwrap_or(rows[y].len() - 1);
    let mut out = Vec::new();
    for r in &rows[y + 1..] {
        let side = matches!(r.get(left), Some('|' | '#' | '│' | '┃'));
        if !side || matches!(r.get(left + 1), Some('-' | '=' | '─' | '━')) {
            break;
        }
        let body: String = r[left + 1..right].iter().collect();
        out.push(body.trim_end().to_string());
    }
    out
}

/// At 80x24 the action list's other entries are too long for their rows; each keeps what
/// tells it from the entry above it (the first entry: below it); the words they share are
/// folded into an ellipsis, never cut with `>`: a newcomer choosing between "free move ...
/// to 1,2" and "... to 0,2" sees both destinations.
#[test]
fn the_other_actions_keep_what_tells_them_apart_at_80x24() {
    let mut app = sk::vs_greedy(3);
    let mut term = terminal(80, 24);
    sk::focus(&mut app, &mut term, Focus::Actions);
    for step in 0..3 {
        let text = redraw(&mut app, &mut term);
        let g = game(&app);
        let labels: Vec<String> = g
            .shown()
            .iter()
            .map(|&i| g.game().describe(&g.legal()[i]))
            .collect();
        let rows = pane_rows(&text, "Actions");
        // The highlighted entry starts with the pointer, its further rows with four spaces,
        // every other entry with two.
        let at = rows
            .iter()
            .position(|r| r.starts_with("> "))
            .expect("the highlighted entry");
        // Entry rows by list position: those above the highlighted one lead up to it.
        let mut entries: Vec<(usize, &str)> = Vec::new();
        let above: Vec<&String> = rows[..at].iter().filter(|r| !r.is_empty()).collect();
        for (k, row) in above.iter().enumerate() {
            entries.push((g.cursor() - (above.len() - k), row));
        }
        let mut pos = g.cursor();
        for row in &rows[at + 1..] {
            if row.starts_with("    ") || row.is_empty() {
                continue;
            }
            pos += 1;
            entries.push((pos, row));
        }
        let mut others = 0;
        for (pos, row) in entries {
            let shown = row.trim();
            assert!(!shown.ends_with('>'), "step {step}: cut {shown:?}\n{text}");
            let label = &labels[pos];
            let tail = shown.strip_prefix("...").unwrap_or(shown);
            assert!(label.ends_with(tail), "{shown:?} is not {label:?}\n{text}");
            // What was folded away is shared with the entry above (or below), word for word.
            let folded = &label[..label.len() - tail.len()];
            let next = if pos == 0 { 1 } else { pos - 1 };
            assert!(
                labels[next].starts_with(folded),
                "{label:?} lost {folded:?}, which {:?} does not share\n{text}",
                labels[next]
            );
            others += 1;
        }
        assert!(others >= 2, "step {step}: entries below the cursor\n{text}");
        keys(&mut app, &mut term, "<Down>");
    }
}

/// At 80x24 every card in the (narrow) hand pane reads whole: its number and name, then
/// what it does with every number kept (in shorter words, or wrapped onto a free row),
/// never cut with `>`.
#[test]
fn every_card_in_hand_reads_whole_at_80x24() {
    let mut app = sk::vs_greedy(6);
    let mut term = terminal(80, 24);
    keys(&mut app, &mut term, "");
    let text = redraw(&mut app, &mut term);
    let g = game(&app);
    let obs = g.game().observe(Seat(0));
    let rules = g.game().ruleset();
    let rows = pane_rows(&text, "Hand");
    let mut cut = false;
    for (i, (card, _)) in obs.hand().iter().enumerate() {
        let lead = format!("{} {}", i + 1, rules.card_name(card));
        let at = rows
            .iter()
            .position(|r| r.starts_with(&lead))
            .unwrap_or_else(|| panic!("card {lead:?} is not in the hand\n{text}"));
        // The card's row, and the indented rows it wraps onto.
        let mut shown = rows[at].clone();
        for more in rows[at + 1..].iter().take_while(|r| r.starts_with("  ")) {
            shown.push(' ');
            shown.push_str(more.trim());
        }
        assert!(!shown.ends_with('>'), "{shown:?}\n{text}");
        let notes = rules.catalog().card(card).map_or("", |c| c.notes.as_str());
        let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
        let after = &shown[lead.len()..];
        assert!(
            digits(after).ends_with(&digits(notes)),
            "{shown:?} lost a number of {notes:?}\n{text}"
        );
        cut |= format!("{lead} {notes}").len() > 18;
    }
    assert!(cut, "no card too long for its row at 80 columns\n{text}");
}

/// At 80x24 the line saying what the AI just did holds the move whole (the AI's reasoning,
/// which does not fit, stays in the journal), never cut with `>`.
#[test]
fn the_last_ai_move_reads_whole_at_80x24() {
    let mut app = sk::app(sk::vs_greedy_with(3, &[("first_player", "aliens")]));
    let mut term = terminal(80, 24);
    keys(&mut app, &mut term, "");
    let text = redraw(&mut app, &mut term);
    let g = game(&app);
    assert_eq!(g.game().to_act(), Decision::Act(Seat(0)), "{text}");
    let Some(LogEntry::Act { action, .. }) = g.game().log().last() else {
        panic!("the AI moved\n{text}");
    };
    let label = g.game().describe(action);
    let line = text.lines().nth(22).unwrap_or("").trim_end();
    assert!(line.contains("Aliens"), "{line:?}\n{text}");
    assert!(line.ends_with(&label), "{line:?} is not {label:?}\n{text}");
    assert!(!line.ends_with('>'), "{line:?}");
}

/// At 80x24 in `--ascii` a Details pane with more than it can hold says so whole on its
/// last row (here Commander's, the selected model's card running past it).
#[test]
fn the_details_pane_says_whole_that_more_lies_below_at_80x24() {
    let seats = [SeatConfig::human(), SeatConfig::human()];
    let start = Start::Game(game_spec("commander", "battle", 3, &seats, &[]));
    let mut app = app_with(Registry::builtin(), quick_store(), start);
    let mut term = terminal(80, 24);
    // Past the hand-off screen.
    keys(&mut app, &mut term, "<Enter>");
    let text = redraw(&mut app, &mut term);
    let rows = pane_rows(&text, "Details");
    let last = rows.last().map_or("", String::as_str).trim();
    assert!(last.starts_with("v more"), "{rows:#?}\n{text}");
    assert!(!last.ends_with('>'), "{last:?}");
    assert!(last.contains("taller terminal"), "{last:?}");
}

/// At 80x24 a hand with more cards than the pane has rows counts the rest with their keys;
/// a card picked by its key among them is brought into sight, the cards before it counted
/// above it.
#[test]
fn a_card_picked_below_the_hand_pane_comes_into_sight_at_80x24() {
    let mut app = sk::vs_greedy(3);
    let mut term = terminal(80, 24);
    keys(&mut app, &mut term, "");
    // X-Com ends its phases until it holds more kinds of card than the pane has rows.
    for _ in 0..40 {
        let g = game(&app);
        if g.game().observe(Seat(0)).hand().iter().count() > 5 && !g.legal().is_empty() {
            break;
        }
        let legal = g.legal().to_vec();
        let step = legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::EndTurn | Action::Pass))
            .or_else(|| legal.first().copied());
        match step {
            Some(a) => sk::play(&mut app, &mut term, a),
            None => {
                keys(&mut app, &mut term, "");
            }
        }
    }
    let g = game(&app);
    let kinds = g.game().observe(Seat(0)).hand().iter().count();
    assert!(kinds > 5, "a full hand");
    sk::focus(&mut app, &mut term, Focus::Map);
    let text = redraw(&mut app, &mut term);
    let rows = pane_rows(&text, "Hand");
    let below = rows.last().map_or("", String::as_str);
    assert!(
        below.starts_with("v ") && below.contains("more: keys"),
        "{text}"
    );
    keys(&mut app, &mut term, &kinds.to_string());
    let text = redraw(&mut app, &mut term);
    let rows = pane_rows(&text, "Hand");
    assert!(
        rows[0].starts_with("^ ") && rows[0].contains("more: keys 1-"),
        "{text}"
    );
    let g = game(&app);
    let obs = g.game().observe(Seat(0));
    let (last, _) = obs.hand().iter().last().expect("a card");
    let lead = format!("{kinds} {}", g.game().ruleset().card_name(last));
    assert!(
        rows.iter().any(|r| r.starts_with(&lead)),
        "{lead:?}\n{text}"
    );
}
