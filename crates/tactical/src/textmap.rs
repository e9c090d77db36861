//! The map as one seat sees it, drawn in plain ASCII for line-by-line play (`map` in
//! `play tactical --plain`): a window of one level around the seat's units, with walls, doors,
//! windows and fences on the lines between squares, objects, slopes, fire and smoke in the
//! squares, every unit it may see as a letter, and a legend of the marks the window shows.
//!
//! It is built from the [`Observation`] alone, so an enemy the seat does not see is not drawn
//! (its observation keeps it off the map). No colour and no control bytes: the plain mode also
//! serves screen readers and pipes.
//!
//! The grid doubles each axis: a square sits on an odd column and row, the edge between two
//! squares on the even column or row between them, and an even column and row is a corner.

use crate::engine::Tactical;
use crate::map::{EdgeKind, Height};
use crate::observe::Observation;
use crate::state::{State, Status};
use squadsight_core::square::{Dir, Pos};

/// Squares across the window: 36 squares make 73 columns, 76 with the row numbers.
const WIDTH: i32 = 36;
/// Squares down the window: with its header and legend the map fits a 24-line terminal.
const HEIGHT: i32 = 7;
/// Where a legend line wraps.
const LINE: usize = 78;

/// Where the window sits: its level (0-based) and its north-west square.
struct Window {
    level: i32,
    x0: i32,
    y0: i32,
    width: i32,
    height: i32,
}

/// What the player typed after `map`: a level, a square, or both.
#[derive(Debug, PartialEq, Eq)]
struct Request {
    level: Option<i32>,
    centre: Option<(i32, i32)>,
}

/// Reads `2` (level 2), `10,20` (centre on that square) or `10,20,2`; levels are 1-based as
/// the action labels print them.
fn parse(request: &str) -> Result<Request, String> {
    let text = request.trim();
    let usage = || {
        format!(
            "`map {text}`: type map, map LEVEL (map 2), map X,Y to centre on a square \
             (map 10,20) or map X,Y,LEVEL"
        )
    };
    if text.is_empty() {
        return Ok(Request {
            level: None,
            centre: None,
        });
    }
    let parts: Vec<i32> = text
        .split(',')
        .map(|p| p.trim().parse::<i32>())
        .collect::<Result<_, _>>()
        .map_err(|_| usage())?;
    match parts[..] {
        [level] => Ok(Request {
            level: Some(level),
            centre: None,
        }),
        [x, y] => Ok(Request {
            level: None,
            centre: Some((x, y)),
        }),
        [x, y, level] => Ok(Request {
            level: Some(level),
            centre: Some((x, y)),
        }),
        _ => Err(usage()),
    }
}

/// One unit's mark: its letter, and whether it is the seat's own side.
struct Mark {
    letter: char,
    index: usize,
}

impl Tactical {
    /// The map `obs`'s seat sees, as lines of plain ASCII, or why `request` cannot be drawn.
    pub(crate) fn text_map_lines(
        &self,
        obs: &Observation,
        request: &str,
    ) -> Result<Vec<String>, String> {
        let st = &obs.known;
        let request = parse(request)?;
        let (w, h, levels) = (
            st.bf.width() as i32,
            st.bf.height() as i32,
            st.bf.levels() as i32,
        );
        let marks = self.marks(obs);
        let on_map =
            |i: usize| st.units[i].status == Status::Active && !obs.hidden.contains(&(i as u8));
        // The unit the view follows: the one acting if it is the seat's, else its first.
        let focus = st
            .active
            .map(usize::from)
            .filter(|&i| i < st.units.len() && st.units[i].control == obs.seat && on_map(i))
            .or_else(|| {
                (0..st.units.len()).find(|&i| st.units[i].control == obs.seat && on_map(i))
            });
        let home = focus.map_or(Pos::new(w / 2, h / 2, 0), |i| st.units[i].pos);
        let level = match request.level {
            Some(l) if (1..=levels).contains(&l) => l - 1,
            Some(l) => {
                return Err(format!(
                    "there is no level {l}: this map has levels 1 to {levels}"
                ));
            }
            None => home.z,
        };
        let (cx, cy) = match request.centre {
            Some((x, y)) if (0..w).contains(&x) && (0..h).contains(&y) => (x, y),
            Some((x, y)) => {
                return Err(format!(
                    "{x},{y} is off the map: columns run 0 to {} and rows 0 to {}",
                    w - 1,
                    h - 1
                ));
            }
            None => (home.x, home.y),
        };
        let (width, height) = (WIDTH.min(w), HEIGHT.min(h));
        let win = Window {
            level,
            x0: (cx - width / 2).clamp(0, w - width),
            y0: (cy - height / 2).clamp(0, h - height),
            width,
            height,
        };
        let mut out = vec![format!(
            "Level {} of {levels}, x {}-{}, y {}-{} of {w}x{h}, north up; map N or map X,Y \
             moves it",
            level + 1,
            win.x0,
            win.x0 + width - 1,
            win.y0,
            win.y0 + height - 1
        )];
        let mut used = Vec::new();
        out.extend(self.grid(st, &win, &marks, &on_map, &mut used));
        out.extend(wrap("Marks:", legend(&used)));
        let mut here = Vec::new();
        let mut elsewhere = Vec::new();
        for m in &marks {
            let u = &st.units[m.index];
            let name = self.short_name(obs, m.index);
            if !on_map(m.index) {
                continue;
            }
            let inside = u.cells(&st.bf).into_iter().any(|c| {
                c.z == level
                    && (win.x0..win.x0 + width).contains(&c.x)
                    && (win.y0..win.y0 + height).contains(&c.y)
            });
            let kneel = if u.kneeling { " kneeling" } else { "" };
            if inside && !st.seat_sees(obs.seat, m.index) {
                // Where it is, and nothing else (its facing is not known).
                here.push(format!("{} {name}", m.letter));
            } else if inside {
                here.push(format!("{} {name} {:?}{kneel}", m.letter, u.facing));
            } else {
                elsewhere.push(m.letter.to_string());
            }
        }
        let own = self.seat_label(st, obs);
        out.extend(wrap(&format!("Units, facing ({own} lower case):"), here));
        if !elsewhere.is_empty() {
            out.push(format!(
                "Elsewhere: {} (units lists where)",
                elsewhere.join(" ")
            ));
        }
        Ok(out)
    }

    /// "X-Com": the name of the seat's side, for the legend.
    fn seat_label(&self, st: &State, obs: &Observation) -> String {
        st.seats
            .get(obs.seat.index())
            .map_or_else(|| "yours".to_string(), |s| format!("{} and allies", s.name))
    }

    /// "Sectoid #13": a unit's type and number, the side being told by the letter's case; of
    /// a unit the seat knows the square of without seeing it (one a run flees from), only
    /// its side and number.
    fn short_name(&self, obs: &Observation, i: usize) -> String {
        let st = &obs.known;
        if st.seat_sees(obs.seat, i) {
            format!("{} #{}", self.catalog.unit(st.units[i].kind).name, i + 1)
        } else {
            format!(
                "{} #{} (unseen; a run flees from it)",
                self.side_name(st, i),
                i + 1
            )
        }
    }

    /// A letter for every unit the seat may see standing: its own side's (and allies')
    /// lower case, every other upper case, each in the order of the unit list; `?` once
    /// a case's 26 letters are used.
    fn marks(&self, obs: &Observation) -> Vec<Mark> {
        let st = &obs.known;
        let (mut own, mut other) = (0u8, 0u8);
        let mut out = Vec::new();
        for (i, u) in st.units.iter().enumerate() {
            if obs.hidden.contains(&(i as u8)) || u.status != Status::Active {
                continue;
            }
            let (base, n) = if st.allies(u.control, obs.seat) {
                (b'a', &mut own)
            } else {
                (b'A', &mut other)
            };
            let letter = if *n < 26 { char::from(base + *n) } else { '?' };
            *n = n.saturating_add(1);
            out.push(Mark { letter, index: i });
        }
        out
    }

    /// The grid's lines: two rows of column numbers, then the squares and edges.
    fn grid(
        &self,
        st: &State,
        win: &Window,
        marks: &[Mark],
        on_map: &dyn Fn(usize) -> bool,
        used: &mut Vec<Glyph>,
    ) -> Vec<String> {
        let cols = (2 * win.width + 1) as usize;
        let rows = (2 * win.height + 1) as usize;
        let mut cells = vec![vec![' '; cols]; rows];
        let mut note = |g: Glyph| {
            if !used.contains(&g) {
                used.push(g);
            }
            g.ch()
        };
        for dy in 0..win.height {
            for dx in 0..win.width {
                let p = Pos::new(win.x0 + dx, win.y0 + dy, win.level);
                let (c, r) = ((2 * dx + 1) as usize, (2 * dy + 1) as usize);
                let unit = marks
                    .iter()
                    .find(|m| on_map(m.index) && st.units[m.index].covers(&st.bf, p));
                cells[r][c] = match unit {
                    Some(m) => m.letter,
                    None => note(self.square_glyph(st, p)),
                };
                // The east and south edges of the square, and the west and north ones along
                // the window's border.
                cells[r][c + 1] = note(edge_glyph(st, p, Dir::East, true));
                cells[r + 1][c] = note(edge_glyph(st, p, Dir::South, false));
                if dx == 0 {
                    cells[r][0] = note(edge_glyph(st, p, Dir::West, true));
                }
                if dy == 0 {
                    cells[0][c] = note(edge_glyph(st, p, Dir::North, false));
                }
            }
        }
        // Corners join the edges around them.
        for r in (0..rows).step_by(2) {
            for c in (0..cols).step_by(2) {
                let across = |ch: char| !matches!(ch, ' ' | '|');
                let horizontal =
                    (c > 0 && across(cells[r][c - 1])) || (c + 1 < cols && across(cells[r][c + 1]));
                let down = |ch: char| ch != ' ';
                let vertical =
                    (r > 0 && down(cells[r - 1][c])) || (r + 1 < rows && down(cells[r + 1][c]));
                cells[r][c] = match (horizontal, vertical) {
                    (true, true) => '+',
                    (true, false) => '-',
                    (false, true) => '|',
                    (false, false) => ' ',
                };
            }
        }
        let mut tens = String::from("   ");
        let mut ones = String::from("   ");
        for c in 0..cols {
            if c % 2 == 1 {
                let x = win.x0 + (c as i32 - 1) / 2;
                tens.push(if x >= 10 { digit(x / 10 % 10) } else { ' ' });
                ones.push(digit(x % 10));
            } else {
                tens.push(' ');
                ones.push(' ');
            }
        }
        let mut out = vec![tens.trim_end().to_string(), ones.trim_end().to_string()];
        for (r, row) in cells.iter().enumerate() {
            let label = if r % 2 == 1 {
                format!("{:>2} ", win.y0 + (r as i32 - 1) / 2)
            } else {
                "   ".to_string()
            };
            let line: String = row.iter().collect();
            out.push(format!("{label}{line}").trim_end().to_string());
        }
        out
    }

    /// What a square shows without a unit: fire, smoke, an object, a slope, its floor.
    fn square_glyph(&self, st: &State, p: Pos) -> Glyph {
        if st.bf.fire_at(p).is_some() {
            return Glyph::Fire;
        }
        if st.bf.smoke_at(p).is_some() {
            return Glyph::Smoke;
        }
        let Some(sq) = st.bf.square(p) else {
            return Glyph::Air;
        };
        let terrain = st.bf.terrain();
        if let Some(o) = sq.object {
            let info = terrain.object(o);
            return if info.explosive {
                Glyph::Explosive
            } else if info.height == Height::Full {
                Glyph::Solid
            } else {
                Glyph::Low
            };
        }
        match sq.floor {
            None => Glyph::Air,
            Some(_) if sq.slope > 0 => Glyph::Slope,
            Some(crate::map::FloorKind::Elevator) => Glyph::Elevator,
            Some(f) if terrain.floor(f).uneven || sq.rubble => Glyph::Rough,
            Some(_) => Glyph::Floor,
        }
    }
}

/// The mark of the edge on side `dir` of `p`; `upright` for an edge between two squares of a
/// row (drawn in a column of its own).
fn edge_glyph(st: &State, p: Pos, dir: Dir, upright: bool) -> Glyph {
    let Some(edge) = st.bf.edge(p, dir) else {
        return Glyph::Open;
    };
    match edge.kind {
        EdgeKind::Open => Glyph::Open,
        EdgeKind::Wall if upright => Glyph::WallUpright,
        EdgeKind::Wall => Glyph::WallAcross,
        EdgeKind::Window => Glyph::Window,
        EdgeKind::Fence => Glyph::Fence,
        EdgeKind::Door => match st.bf.door_at(p, dir) {
            Some(d) if st.bf.door_open(d) => Glyph::OpenDoor,
            _ => Glyph::Door,
        },
    }
}

fn digit(n: i32) -> char {
    char::from_digit(n.unsigned_abs(), 10).unwrap_or('?')
}

/// Every mark the grid draws besides unit letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Glyph {
    Floor,
    Rough,
    Elevator,
    Slope,
    Air,
    Solid,
    Low,
    Explosive,
    Fire,
    Smoke,
    Open,
    WallUpright,
    WallAcross,
    Window,
    Fence,
    Door,
    OpenDoor,
}

impl Glyph {
    /// In the order the legend lists them.
    const ALL: [Glyph; 17] = [
        Glyph::WallAcross,
        Glyph::WallUpright,
        Glyph::Door,
        Glyph::OpenDoor,
        Glyph::Window,
        Glyph::Fence,
        Glyph::Floor,
        Glyph::Rough,
        Glyph::Slope,
        Glyph::Elevator,
        Glyph::Air,
        Glyph::Solid,
        Glyph::Low,
        Glyph::Explosive,
        Glyph::Fire,
        Glyph::Smoke,
        Glyph::Open,
    ];

    const fn ch(self) -> char {
        match self {
            Glyph::Floor => '.',
            Glyph::Rough => ',',
            Glyph::Elevator => '_',
            Glyph::Slope => '^',
            Glyph::Air => ' ',
            Glyph::Solid => '0',
            Glyph::Low => '&',
            Glyph::Explosive => '!',
            Glyph::Fire => '*',
            Glyph::Smoke => '~',
            Glyph::Open => ' ',
            Glyph::WallUpright => '|',
            Glyph::WallAcross => '-',
            Glyph::Window => '=',
            Glyph::Fence => ':',
            Glyph::Door => '#',
            Glyph::OpenDoor => '/',
        }
    }

    /// What the mark means; `None` for blanks between squares, which need no word.
    const fn words(self) -> Option<&'static str> {
        Some(match self {
            Glyph::Floor => "floor",
            Glyph::Rough => "rough ground",
            Glyph::Elevator => "elevator",
            Glyph::Slope => "slope",
            Glyph::Air => "blank open air",
            Glyph::Solid => "solid object",
            Glyph::Low => "low object",
            Glyph::Explosive => "explosive object",
            Glyph::Fire => "fire",
            Glyph::Smoke => "smoke",
            Glyph::WallUpright | Glyph::WallAcross => "wall",
            Glyph::Window => "window",
            Glyph::Fence => "fence",
            Glyph::Door => "closed door",
            Glyph::OpenDoor => "open door",
            Glyph::Open => return None,
        })
    }
}

/// The legend's entries for the marks used, in a fixed order; the wall's two marks share one.
fn legend(used: &[Glyph]) -> Vec<String> {
    let mut out = Vec::new();
    let wall = used.contains(&Glyph::WallAcross) || used.contains(&Glyph::WallUpright);
    if wall {
        out.push("- | + wall".to_string());
    }
    for g in Glyph::ALL {
        if matches!(g, Glyph::WallAcross | Glyph::WallUpright) || !used.contains(&g) {
            continue;
        }
        if let Some(words) = g.words() {
            if g == Glyph::Air {
                out.push(words.to_string());
            } else {
                out.push(format!("{} {words}", g.ch()));
            }
        }
    }
    out
}

/// `head` then the items, comma-separated, wrapped at [`LINE`] columns (continuation lines
/// indented); nothing when there are no items.
fn wrap(head: &str, items: Vec<String>) -> Vec<String> {
    if items.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut line = head.to_string();
    let count = items.len();
    for (k, item) in items.into_iter().enumerate() {
        let piece = if k + 1 < count {
            format!("{item},")
        } else {
            item
        };
        if line.len() + 1 + piece.len() > LINE && line.len() > 2 {
            out.push(line);
            line = format!("  {piece}");
        } else {
            line.push(' ');
            line.push_str(&piece);
        }
    }
    out.push(line);
    out
}

#[cfg(test)]
mod tests {
    use super::{Request, parse, wrap};
    use crate::Tactical;
    use crate::options::Options;
    use crate::state::State;
    use squadsight_core::square::Pos;
    use squadsight_core::{GameRng, Journal, Ruleset, Seat};

    fn assault() -> (Tactical, State) {
        let t = Tactical::new().unwrap();
        let scenario = t.scenario("assault").unwrap();
        let mut rng = GameRng::new(3);
        let st = t
            .setup(
                &scenario,
                &Options::default(),
                &mut rng,
                &mut Journal::off(),
            )
            .unwrap();
        (t, st)
    }

    /// The grid's rows (those with a row number), without the number.
    fn grid_rows(lines: &[String]) -> Vec<String> {
        lines
            .iter()
            .filter(|l| l.len() > 3 && l[..3].trim().parse::<u32>().is_ok())
            .map(|l| l[3..].to_string())
            .collect()
    }

    /// Fog (tac.los.*, our squad-list decision): an enemy the seat does not see is neither
    /// drawn nor named; once one of its units sees it, it is drawn by an upper-case letter
    /// and named in the legend.
    #[test]
    fn the_map_draws_seen_enemies_only() {
        let (t, mut st) = assault();
        let enemy = (0..st.units.len())
            .find(|&j| !st.allies(st.units[j].seat, Seat(0)))
            .unwrap();
        let name = t.catalog.unit(st.units[enemy].kind).name.clone();
        let obs = t.observation(&st, Seat(0));
        assert!(obs.hidden.contains(&(enemy as u8)), "seen at the start");
        let lines = t.text_map_lines(&obs, "").unwrap();
        assert!(
            grid_rows(&lines)
                .iter()
                .all(|r| !r.contains(|c: char| c.is_ascii_uppercase())),
            "{lines:#?}"
        );
        assert!(!lines.iter().any(|l| l.contains(&name)), "{lines:#?}");
        // Put the enemy on a free square next to the first X-Com unit, in its sight.
        let eye = st.units[0].pos;
        let spot = (-2..=2)
            .flat_map(|dy| (-2..=2).map(move |dx| Pos::new(eye.x + dx, eye.y + dy, eye.z)))
            .find(|&p| {
                let mut trial = st.clone();
                trial.units[enemy].pos = p;
                trial.resight_all();
                trial.bf.standable(p)
                    && !st.units.iter().any(|u| u.covers(&st.bf, p))
                    && trial.seat_sees(Seat(0), enemy)
            })
            .expect("a free square in sight next to the first unit");
        st.units[enemy].pos = spot;
        st.resight_all();
        let obs = t.observation(&st, Seat(0));
        let lines = t.text_map_lines(&obs, "").unwrap();
        let rows = grid_rows(&lines);
        let row = usize::try_from(spot.y).unwrap()
            - lines[0]
                .split(" y ")
                .nth(1)
                .and_then(|s| s.split('-').next())
                .and_then(|s| s.parse::<usize>().ok())
                .unwrap();
        assert!(rows[row].contains('A'), "{lines:#?}");
        assert!(
            lines
                .iter()
                .any(|l| l.contains(&format!("A {name} #{}", enemy + 1))),
            "{lines:#?}"
        );
        // Plain ASCII, no control bytes, and it fits 80 columns.
        for l in &lines {
            assert!(
                l.len() <= 80 && l.bytes().all(|b| (b' '..=b'~').contains(&b)),
                "{l:?}"
            );
        }
    }

    /// tac.psi.panic-flee, tac.gap.32: the seat steering a run knows the square of the unit it
    /// runs from, seen or not; the map draws it there but names only its side and number
    /// (squad lists are private), and the unit list says the same.
    #[test]
    fn a_unit_a_run_flees_from_is_drawn_without_its_type() {
        let (t, mut st) = assault();
        let enemy = (0..st.units.len())
            .find(|&j| !st.allies(st.units[j].seat, Seat(0)))
            .unwrap();
        assert!(!st.seat_sees(Seat(0), enemy));
        st.flights.insert(
            0,
            crate::civilians::Flight {
                unit: 0,
                from: enemy as u8,
                seat: Seat(0),
                cause: crate::civilians::FlightCause::Panic,
            },
        );
        let name = t.catalog.unit(st.units[enemy].kind).name.clone();
        let p = st.units[enemy].pos;
        let obs = t.observation(&st, Seat(0));
        assert!(!obs.hidden.contains(&(enemy as u8)));
        let lines = t
            .text_map_lines(&obs, &format!("{},{},{}", p.x, p.y, p.z + 1))
            .unwrap();
        assert!(
            grid_rows(&lines).iter().any(|r| r.contains('A')),
            "{lines:#?}"
        );
        let side = t.side_name(&st, enemy).to_string();
        let unseen = format!("A {side} #{} (unseen; a run flees from it)", enemy + 1);
        assert!(lines.iter().any(|l| l.contains(&unseen)), "{lines:#?}");
        assert!(!lines.iter().any(|l| l.contains(&name)), "{lines:#?}");
        let listed = t.lines_for(&obs);
        let line = format!(
            "unit {} {side} #{}: not in sight, last known at {},{},{}",
            enemy + 1,
            enemy + 1,
            p.x,
            p.y,
            p.z + 1
        );
        assert!(listed.iter().any(|l| l.starts_with(&line)), "{listed:#?}");
        assert!(!listed.iter().any(|l| l.contains(&name)), "{listed:#?}");
    }

    /// tac.map.levels: a level outside 1 to 4 or a square off the map is refused in words.
    #[test]
    fn a_map_request_off_the_map_is_refused() {
        let (t, st) = assault();
        let obs = t.observation(&st, Seat(0));
        let levels = st.bf.levels();
        assert!(t.text_map_lines(&obs, &format!("{}", levels + 1)).is_err());
        assert!(t.text_map_lines(&obs, "0").is_err());
        assert!(t.text_map_lines(&obs, "-1,5").is_err());
        assert!(t.text_map_lines(&obs, "500,5").is_err());
        let drawn = t.text_map_lines(&obs, "25,25,1").unwrap();
        assert!(drawn[0].starts_with("Level 1 of"), "{drawn:#?}");
    }

    #[test]
    fn requests_name_a_level_a_square_or_both() {
        assert_eq!(
            parse(" "),
            Ok(Request {
                level: None,
                centre: None
            })
        );
        assert_eq!(
            parse("2"),
            Ok(Request {
                level: Some(2),
                centre: None
            })
        );
        assert_eq!(
            parse("10, 20"),
            Ok(Request {
                level: None,
                centre: Some((10, 20))
            })
        );
        assert_eq!(
            parse("10,20,3"),
            Ok(Request {
                level: Some(3),
                centre: Some((10, 20))
            })
        );
        for bad in ["x", "1,2,3,4", "1,,2", "level 2"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn legend_lines_wrap_before_78_columns() {
        let items: Vec<String> = (0..30).map(|i| format!("item number {i}")).collect();
        let lines = wrap("Head:", items);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| l.len() <= 78), "{lines:?}");
        assert!(lines[0].starts_with("Head: item number 0,"));
        assert!(wrap("Head:", Vec::new()).is_empty());
    }
}
