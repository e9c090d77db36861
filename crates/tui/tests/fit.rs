//! What the screen shows at the smallest comfortable size (80x24) and in `--ascii`: the key
//! bar holds whole keys, the highlighted action is never cut, the heaviest Skirmish cover is
//! a calm glyph that the legend explains, and no frame corner reads as a unit.

use crate::common::sk::{self, game, spec};
use crate::common::{keys, quick_store, redraw, screen, terminal};
use squadsight_core::game::SeatConfig;
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
