//! The maps of Skirmish and Commander read at a glance (issue 15): snapshots of each map at
//! 80×24 and 120×40 in colour, with `--ascii` and under `NO_COLOR`, with assertions on what
//! the text and the styles carry in each; the zoom, the legend, the numbers overlay and the
//! choice overlays driven by keys.

use crate::common::{keys, quick_store, screen, terminal};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::{Color, Modifier};
use squadsight_core::game::SeatConfig;
use squadsight_tui::registry::Registry;
use squadsight_tui::theme::Theme;
use squadsight_tui::{App, AppConfig, GameSpec, ScenarioSource, Start};

/// The three ways a map is drawn.
const THEMES: [(&str, Theme); 3] = [
    (
        "colour",
        Theme {
            color: true,
            ascii: false,
        },
    ),
    (
        "ascii",
        Theme {
            color: true,
            ascii: true,
        },
    ),
    (
        "no_color",
        Theme {
            color: false,
            ascii: false,
        },
    ),
];

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

fn game(ruleset: &str, scenario: &str, theme: Theme) -> App {
    game_with(ruleset, scenario, theme, SeatConfig::human())
}

/// A game whose second seat is `second`.
fn game_with(ruleset: &str, scenario: &str, theme: Theme, second: SeatConfig) -> App {
    let options = if ruleset == "skirmish" {
        vec![("first_player".to_string(), "xcom".to_string())]
    } else {
        Vec::new()
    };
    let config = AppConfig {
        registry: Registry::builtin(),
        store: Box::new(quick_store()),
        limits: theme,
        seed: Some(7),
    };
    let start = Start::Game(GameSpec {
        ruleset: ruleset.into(),
        scenario: ScenarioSource::Builtin(scenario.into()),
        seed: 3,
        seats: vec![SeatConfig::human(), second],
        options,
    });
    App::new(config, start).expect("the app starts")
}

/// The map pane's inside: the first rows of the screen down to the pane's bottom edge,
/// as (x, y, symbol, style) of every cell left of the side panel.
fn map_cells(term: &Terminal<TestBackend>) -> Vec<(u16, u16, String, ratatui::style::Style)> {
    let buf = term.backend().buffer();
    let (w, h) = (buf.area.width, buf.area.height);
    let right = w - (w / 3).clamp(30, 60).min(w / 2);
    let mut out = Vec::new();
    // The game screen's layout: a status line, the map over the hand and actions (a third
    // of the body, 6 to 10 lines), two lines at the bottom.
    let body = h.saturating_sub(3);
    let map_h = body - (body / 3).clamp(6, 10);
    for y in 2..map_h {
        for x in 1..right.saturating_sub(1) {
            let c = &buf[(x, y)];
            out.push((x, y, c.symbol().to_string(), c.style()));
        }
    }
    out
}

/// The map pane's text, row by row.
fn map_text(term: &Terminal<TestBackend>) -> String {
    let mut out = String::new();
    let mut last = None;
    for (_, y, sym, _) in map_cells(term) {
        if last.is_some_and(|l| l != y) {
            out.push('\n');
        }
        last = Some(y);
        out.push_str(&sym);
    }
    out
}

/// What every theme must keep: ASCII only under `--ascii`, no colour at all under
/// `NO_COLOR`, and in colour the ground shaded.
fn check_theme(name: &str, theme: Theme, term: &Terminal<TestBackend>, text: &str) {
    let buf = term.backend().buffer();
    if theme.ascii {
        assert!(text.is_ascii(), "{name}: non-ASCII glyphs\n{text}");
    }
    if !theme.color {
        for c in buf.content() {
            let s = c.style();
            assert!(
                s.fg.is_none_or(|c| c == Color::Reset) && s.bg.is_none_or(|c| c == Color::Reset),
                "{name}: a colour under NO_COLOR: {s:?}"
            );
        }
    } else {
        let shaded = map_cells(term)
            .iter()
            .filter(|(_, _, _, s)| matches!(s.bg, Some(Color::Rgb(..))))
            .count();
        assert!(shaded > 50, "{name}: the ground is not shaded ({shaded})");
    }
}

/// The cells of the map that show a unit of `side` (its side's colour with colour on; bold
/// letters otherwise).
fn unit_cells(term: &Terminal<TestBackend>, theme: Theme, side: Color) -> usize {
    map_cells(term)
        .iter()
        .filter(|(_, _, sym, s)| {
            let letter = sym.chars().all(|c| c.is_ascii_alphabetic());
            letter
                && s.add_modifier.contains(Modifier::BOLD)
                && (!theme.color || s.fg == Some(side))
        })
        .count()
}

#[test]
fn skirmish_map_snapshots_in_every_theme_and_size() {
    for (name, theme) in THEMES {
        for (w, h) in SIZES {
            let mut app = game("skirmish", "learning", theme);
            let mut term = terminal(w, h);
            keys(&mut app, &mut term, "<Enter>");
            let text = screen(&term);
            insta::assert_snapshot!(format!("skirmish_map_{name}_{w}x{h}"), text);
            check_theme(name, theme, &term, &text);
            // Hexes in outline at 120×40 (the whole map fits), compact at 80×24.
            let edges = if theme.ascii {
                ["/ \\", "\\ /"]
            } else {
                ["╱ ╲", "╲ ╱"]
            };
            if w == 120 {
                assert!(text.contains(edges[0]) && text.contains(edges[1]), "{text}");
            } else {
                assert!(!text.contains(edges[0]), "{text}");
            }
            // No raw ratings on the map: "1/1" only comes with the numbers overlay.
            assert!(!map_text(&term).contains("1/1"), "{text}");
            // Both sides on screen: four Squaddies (seat 1, + and light cyan) and four Thin
            // Men (seat 2, x and light red); their letters are bold.
            let ours = unit_cells(&term, theme, Color::LightCyan);
            let theirs = unit_cells(&term, theme, Color::LightRed);
            // (The cursor's unit is drawn in the cursor's colours.)
            if theme.color {
                assert!(ours >= 3 && theirs >= 4, "{name} {w}x{h}: {ours} {theirs}");
            } else {
                assert!(ours + theirs >= 8, "{name} {w}x{h}: {ours} {theirs}");
            }
        }
    }
}

#[test]
fn commander_map_snapshots_in_every_theme_and_size() {
    for (name, theme) in THEMES {
        for (w, h) in SIZES {
            let mut app = game("commander", "battle", theme);
            let mut term = terminal(w, h);
            keys(&mut app, &mut term, "<Enter>");
            let text = screen(&term);
            insta::assert_snapshot!(format!("commander_map_{name}_{w}x{h}"), text);
            check_theme(name, theme, &term, &text);
            // The table is larger than the view: scroll bars and "more", and the enemy
            // off screen is counted, with the way to it.
            assert!(text.contains("more: "), "{text}");
            assert!(text.contains("enemy off screen"), "{text}");
            // Zoomed out, the whole table and both Squads are on screen.
            keys(&mut app, &mut term, "z");
            let whole = screen(&term);
            insta::assert_snapshot!(format!("commander_overview_{name}_{w}x{h}"), whole);
            check_theme(name, theme, &term, &whole);
            // At 80×24 the table takes every line, the note none.
            if w == 120 {
                assert!(whole.contains("whole table"), "{whole}");
            }
            assert!(!whole.contains("enemy off screen"), "{whole}");
            let xcom = unit_cells(&term, theme, Color::LightCyan);
            let advent = unit_cells(&term, theme, Color::LightRed);
            if theme.color {
                assert!(xcom >= 1 && advent >= 1, "{name} {w}x{h}: {xcom} {advent}");
            } else {
                assert!(xcom + advent >= 2, "{name} {w}x{h}: {xcom} {advent}");
            }
        }
    }
}

#[test]
fn the_legend_toggles_and_the_help_explains_every_mark() {
    for ruleset in ["skirmish", "commander"] {
        let scenario = if ruleset == "skirmish" {
            "learning"
        } else {
            "battle"
        };
        let mut app = game(ruleset, scenario, Theme::PLAIN);
        let mut term = terminal(120, 40);
        keys(&mut app, &mut term, "<Enter>");
        assert!(!screen(&term).contains("Legend (m)"));
        keys(&mut app, &mut term, "m");
        let text = screen(&term);
        assert!(text.contains("Legend (m)"), "{text}");
        assert!(
            text.contains("the map cursor") || text.contains("more under ?"),
            "{text}"
        );
        keys(&mut app, &mut term, "m");
        assert!(!screen(&term).contains("Legend (m)"));
        // `?` lists the legend after the keys, each mark drawn as on the map.
        keys(&mut app, &mut term, "? <PageDown>*9");
        let help = screen(&term);
        assert!(help.contains("Help: keys"), "{help}");
        assert!(help.contains("line of sight to the cursor"), "{help}");
        keys(&mut app, &mut term, "x");
    }
}

#[test]
fn raw_ratings_show_only_with_the_numbers_overlay() {
    let mut app = game("skirmish", "learning", Theme::PLAIN);
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "<Enter>");
    assert!(!map_text(&term).contains("1/1"));
    keys(&mut app, &mut term, "<hash>");
    let text = screen(&term);
    // The learning map: open fields (1/1) with copses (2/1) and a wall (3/1) (sk.map.ratings).
    assert!(text.contains("|1/1|") && text.contains("3/1"), "{text}");
    keys(&mut app, &mut term, "<hash>");
    assert!(!map_text(&term).contains("1/1"));
}

#[test]
fn reach_and_sight_overlays_come_with_a_choice_and_go_with_it() {
    let ai = SeatConfig::ai("greedy");
    let mut app = game_with("skirmish", "learning", Theme::PLAIN, ai);
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "");
    // Nothing is chosen yet: no reach, no sight line.
    let before = map_text(&term);
    assert!(!before.contains('*') && !before.contains('+'), "{before}");
    // Enter on the first Squaddie selects it: the hexes its free move reaches are marked
    // (sk.move.free), and it is marked selected (v over it).
    keys(&mut app, &mut term, "<Enter>");
    let chosen = map_text(&term);
    assert!(chosen.matches('*').count() >= 2, "{chosen}");
    assert!(chosen.contains("/v\\"), "{chosen}");
    // The cursor moved off it: the sight line from it to the cursor is drawn (+).
    keys(&mut app, &mut term, "l l l l l l");
    let aimed = map_text(&term);
    assert!(aimed.contains('+'), "{aimed}");
    // Esc drops the selection: the marks go with it.
    keys(&mut app, &mut term, "<Esc>");
    let after = map_text(&term);
    assert!(!after.contains('*') && !after.contains('+'), "{after}");
}
