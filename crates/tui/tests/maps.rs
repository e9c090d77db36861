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

/// The first line of the screen.
fn top_line(term: &Terminal<TestBackend>) -> String {
    screen(term).lines().next().unwrap_or("").to_string()
}

/// At 80 columns the status line takes its short form and is not cut (no `>` at its end),
/// still naming whose decision it is, the turn or round and each side's numbers; at 120
/// columns the full form fits.
#[test]
fn the_status_line_fits_at_80_columns_in_its_short_form() {
    for ruleset in ["skirmish", "commander"] {
        let scenario = if ruleset == "skirmish" {
            "learning"
        } else {
            "battle"
        };
        for (w, h) in SIZES {
            let mut app = game(ruleset, scenario, Theme::PLAIN);
            let mut term = terminal(w, h);
            keys(&mut app, &mut term, "<Enter>");
            let top = top_line(&term);
            assert!(!top.trim_end().ends_with('>'), "{ruleset} {w}: cut: {top}");
            assert!(top.contains("to decide: you"), "{top}");
            let want: &[&str] = match (ruleset, w) {
                ("skirmish", 80) => &["T1 move+fire", "+0ST 5c", "x0ST 0c", "deck 46 disc 0"],
                ("skirmish", _) => &["turn 1, move and fire", "X-Com+ 0 ST 5 cards", "deck "],
                // Commander's full form fits 80 columns at the start.
                _ => &["Round 1/6", "bag: XCOM 3, ADVENT 3", "drawn: ADVENT's die"],
            };
            for part in want {
                assert!(top.contains(part), "{ruleset} {w}: {part:?} missing: {top}");
            }
            // A Commander model acting makes the line longer: at 80 columns its short form.
            if ruleset == "commander" {
                keys(&mut app, &mut term, "<Tab> <Enter>");
                let top = top_line(&term);
                assert!(!top.trim_end().ends_with('>'), "{w}: cut: {top}");
                let want = if w == 80 {
                    ["R1/6", "acting 0/2"]
                } else {
                    ["Round 1/6", "acting, 0 of 2 actions spent"]
                };
                for part in want {
                    assert!(top.contains(part), "{w}: {part:?} missing: {top}");
                }
            }
        }
    }
}

/// A map one row too tall for the outline at 120×40 opens in outline and scrolls (bars and
/// "more"), rather than compact in a pane left mostly empty; `z` switches the zoom from the
/// map and from the action list alike.
#[test]
fn skirmish_opens_in_outline_when_it_nearly_fits_and_z_works_from_any_pane() {
    let mut app = game("skirmish", "basic", Theme::PLAIN);
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "<Enter>");
    let outline = |t: &str| t.contains("/ \\ /") && t.contains("\\ / \\");
    let text = map_text(&term);
    assert!(outline(&text), "{text}");
    assert!(text.contains("more: v"), "{text}");
    keys(&mut app, &mut term, "z");
    let compact = map_text(&term);
    assert!(!outline(&compact), "{compact}");
    keys(&mut app, &mut term, "z");
    assert!(outline(&map_text(&term)));
    // From the action list: the zoom changes, and no "does nothing" hint.
    keys(&mut app, &mut term, "<Tab> z");
    let all = screen(&term);
    assert!(!outline(&map_text(&term)), "{all}");
    assert!(!all.contains("does nothing"), "{all}");
    keys(&mut app, &mut term, "z m");
    let all = screen(&term);
    assert!(outline(&map_text(&term)), "{all}");
    assert!(all.contains("Legend (m)"), "{all}");
}

/// While a card is being chosen, the hexes its attack reaches are drawn (`,` in ASCII;
/// Medium Range is Attack = 3, exactly three hexes under the default `range_mode`,
/// sk.attack.range, sk.gap.25), even before any enemy is in reach, and they go with the
/// card.
#[test]
fn a_card_being_chosen_shows_its_range_and_it_goes_afterwards() {
    let mut app = game("skirmish", "learning", Theme::PLAIN);
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "<Enter>");
    assert!(!map_text(&term).contains(','), "{}", screen(&term));
    // Enter selects the Squaddie under the cursor; card 3 of the hand is Medium Range.
    keys(&mut app, &mut term, "<Enter> 3");
    let chosen = screen(&term);
    assert!(chosen.contains("Medium Range"), "{chosen}");
    let marked = map_text(&term).matches(',').count();
    assert!(marked >= 6, "{marked} hexes marked\n{chosen}");
    // Back to the map, then Esc drops the card: the range goes with it.
    keys(&mut app, &mut term, "<Esc> <Esc>");
    let after = screen(&term);
    assert!(!map_text(&term).contains(','), "{after}");
}

/// Commander: every model that may still act this round (cmd.act.pick-model) has its
/// marker in reverse video, in colour, `--ascii` and `NO_COLOR` alike.
#[test]
fn commander_models_that_may_act_carry_a_reversed_badge_in_every_theme() {
    for (name, theme) in THEMES {
        let mut app = game("commander", "battle", theme);
        let mut term = terminal(120, 40);
        keys(&mut app, &mut term, "<Enter>");
        let cells = map_cells(&term);
        // A model's letters then its marker: the marker's cell is reversed.
        let markers: Vec<_> = cells
            .iter()
            .filter(|(_, _, sym, _)| sym == "+" || sym == "x")
            .filter(|(x, y, _, _)| {
                cells.iter().any(|(x2, y2, s2, _)| {
                    *y2 == *y && *x2 + 1 == *x && s2.chars().all(|c| c.is_ascii_alphabetic())
                })
            })
            .collect();
        assert!(markers.len() >= 3, "{name}: {} markers", markers.len());
        // (The cursor's cell is drawn in the cursor's colours.)
        let cursor = Theme::style(&theme, squadsight_tui::theme::Role::Cursor);
        for (x, y, _, s) in markers
            .iter()
            .filter(|(_, _, _, s)| s.bg != cursor.bg || !theme.color)
        {
            // Reverse video: the side's colour as paper in colour, the attribute without.
            let reversed = if theme.color {
                matches!(s.bg, Some(Color::LightCyan | Color::LightRed))
            } else {
                s.add_modifier.contains(Modifier::REVERSED)
            };
            assert!(
                reversed,
                "{name}: the marker at {x},{y} is not reversed: {s:?}"
            );
        }
    }
}

/// Skirmish at 80×24: the whole map fits compact, with the part the outline shows framed
/// by its corners; `z` shows that part in outline, with scroll bars and "more".
#[test]
fn the_compact_skirmish_map_frames_what_the_outline_shows() {
    let (_, theme) = THEMES[0];
    let mut app = game("skirmish", "learning", theme);
    let mut term = terminal(80, 24);
    keys(&mut app, &mut term, "<Enter>");
    let compact = map_text(&term);
    // A corner on a unit is left out (the cursor's Squaddie holds the first here).
    let corners = ['┌', '┐', '└', '┘'];
    let shown = corners.iter().filter(|c| compact.contains(**c)).count();
    assert!(shown >= 3, "{compact}");
    assert!(!compact.contains("more:"), "{compact}");
    keys(&mut app, &mut term, "z");
    let outline = map_text(&term);
    assert!(
        outline.contains("╱ ╲") && outline.contains("more: "),
        "{outline}"
    );
    assert!(!outline.contains('┌'), "{outline}");
}

/// Commander: a terrain piece's height shows as a number only with `#` on (and again off
/// with `#`); without it the height is a glyph (cmd.terrain.*).
#[test]
fn commander_heights_show_as_numbers_only_with_the_numbers_overlay() {
    let mut app = game("commander", "battle", Theme::PLAIN);
    let mut term = terminal(120, 40);
    keys(&mut app, &mut term, "<Enter>");
    let digits = |t: &str| t.chars().filter(char::is_ascii_digit).count();
    let before = digits(&map_text(&term));
    keys(&mut app, &mut term, "<hash>");
    let on = map_text(&term);
    assert!(digits(&on) >= before + 6, "{before}\n{on}");
    keys(&mut app, &mut term, "<hash>");
    assert_eq!(digits(&map_text(&term)), before);
}
