//! The table: a grid of cells (square by default, hexagonal as an option), the terrain pieces
//! standing on it, distances measured base to base, line of sight and cover.
//!
//! One cell is one Range, which is one inch of tabletop, the rulebook's default measure
//! (cmd.move.default-inches), and a model fills one cell (cmd.gap.20, cmd.gap.22). On squares a
//! distance is what a tape measure reads ([`Measure::Tape`], the default): from cell centre to
//! cell centre, less one base, so models in cells a row apart are at the number of cells
//! between them and a diagonal is √2 as long as a side; it is kept exact as a squared length
//! ([`Distance`]), never as a float. Two models in neighbouring cells (diagonals included) are
//! in base contact at distance 0 (cmd.move.attack-base-to-base). [`Measure::Steps`] counts cell
//! steps instead, a diagonal step as one; hexes always count hex steps (cmd.move.range-systems).
//!
//! Terrain comes in exactly four forms (cmd.terrain.four-forms). Every piece has a height in
//! levels: a piece of height 0 is low (a wall, a hedge, a crate) and is crossed on foot; a taller
//! cover piece is a building or a tower whose top can be reached only by climbing.
//!
//! Sight is height-aware (cmd.gap.11, see [`Board::los`]): a piece is solid from the ground up
//! to its top, and blocks a sight line only where it reaches the line's height there. Low
//! pieces never reach it (they give cover instead); Impassable terrain counts at least one level
//! tall, so it hides models standing on the ground behind it, but a model on a roof may see
//! over it.

use serde::{Deserialize, Serialize};
use squadsight_core::hex::{self, Hex};
use squadsight_core::los::Nudge;
use squadsight_core::square::{self, COMPASS, Crossing, Pos};

/// The largest table side, in cells.
pub const MAX_SIDE: u8 = 120;

/// A cell of the table: column `x` (west to east) and row `y` (north to south). On a hex table
/// this is the odd-r offset column and row.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
pub struct Cell {
    /// Column, west to east.
    pub x: u8,
    /// Row, north to south.
    pub y: u8,
}

impl Cell {
    /// The cell at column `x`, row `y`.
    pub const fn new(x: u8, y: u8) -> Cell {
        Cell { x, y }
    }
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// Which grid the table uses (cmd.move.range-systems).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GridKind {
    /// Squares, measured as [`Board::measure`] says.
    #[default]
    Square,
    /// Pointy-top hexes in odd-r offset rows.
    Hex,
}

/// How distances are measured on a square table (cmd.move.range-systems,
/// cmd.move.default-inches, cmd.gap.20). Hex tables always count hex steps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Measure {
    /// As a tape measure reads the table: between cell centres, a diagonal √2 as long as a
    /// side; moves cost the length of their path.
    #[default]
    Tape,
    /// Cell steps, a diagonal step counting one: a table that counts the squares of a printed
    /// grid.
    Steps,
}

impl Measure {
    /// The option value that names it.
    pub fn name(self) -> &'static str {
        match self {
            Measure::Tape => "tape",
            Measure::Steps => "steps",
        }
    }
}

/// The distance between two models' bases in Range, exact (cmd.move.attack-base-to-base).
///
/// It is kept as the squared length between the two cell centres in cells (a tape measure from
/// centre to centre); the bases' distance is that length less one, since a model fills its
/// cell. Models in neighbouring cells are in base contact, at 0. Distances compare exactly
/// (`Ord`), and every rule's question is answered in integers:
///
/// ```
/// use squadsight_commander::board::{Board, Cell, GridKind};
///
/// let b = Board::new(GridKind::Square, 20, 20).unwrap();
/// // Centres 5 columns and 5 rows apart: √50 ≈ 7.07 from centre to centre, 6.07 base to base.
/// let d = b.distance(Cell::new(0, 0), Cell::new(5, 5));
/// assert!(d.within(7) && !d.within(6));
/// assert_eq!(d.to_string(), "6.1");
/// assert_eq!(b.range(Cell::new(0, 0), Cell::new(5, 5)), 7);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Distance {
    /// The squared centre-to-centre length, in cells.
    centre_sq: u32,
}

impl Distance {
    /// Base contact.
    pub const CONTACT: Distance = Distance { centre_sq: 1 };

    /// Exactly `n` Range, base to base.
    pub fn whole(n: u32) -> Distance {
        let c = n.saturating_add(1);
        Distance {
            centre_sq: c.saturating_mul(c),
        }
    }

    /// The squared length from centre to centre, in cells.
    pub fn centre_squared(self) -> u32 {
        self.centre_sq
    }

    /// Whether the bases are within `n` Range: `√c − 1 ≤ n`, i.e. `c ≤ (n + 1)²`.
    pub fn within(self, n: u32) -> bool {
        u64::from(self.centre_sq) <= square(n)
    }

    /// Whether the bases are less than `n` Range apart: `c < (n + 1)²` (cmd.gap.19's "below
    /// half Range value").
    pub fn below(self, n: u32) -> bool {
        u64::from(self.centre_sq) < square(n)
    }

    /// Whether the bases are at least `n` Range apart (cmd.move.min-spacing).
    pub fn at_least(self, n: u32) -> bool {
        !self.below(n)
    }

    /// The smallest whole number of Range the bases are within, so `ceil() <= n` exactly when
    /// [`Distance::within`]`(n)`.
    pub fn ceil(self) -> u32 {
        ceil_sqrt(u64::from(self.centre_sq)).saturating_sub(1)
    }

    /// The nearest whole number of Range, halves rounded up.
    pub fn rounded(self) -> u32 {
        round_sqrt(u64::from(self.centre_sq)).saturating_sub(1)
    }

    /// The distance in tenths of a Range, to the nearest tenth (for display).
    pub fn tenths(self) -> u32 {
        round_sqrt(100 * u64::from(self.centre_sq)).saturating_sub(10)
    }
}

impl std::fmt::Display for Distance {
    /// Whole Range as a number (`12`), anything else to the nearest tenth (`8.9`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let c = u64::from(self.centre_sq);
        let r = c.isqrt();
        if r * r == c {
            write!(f, "{}", r.saturating_sub(1))
        } else {
            let t = self.tenths();
            write!(f, "{}.{}", t / 10, t % 10)
        }
    }
}

/// `(n + 1)²`, the squared centre length of a distance of `n` Range.
fn square(n: u32) -> u64 {
    let c = u64::from(n) + 1;
    c * c
}

/// `⌈√n⌉`.
fn ceil_sqrt(n: u64) -> u32 {
    let r = n.isqrt();
    u32::try_from(if r * r < n { r + 1 } else { r }).unwrap_or(u32::MAX)
}

/// `√n` to the nearest integer, halves up: `r + 1` when `(r + ½)² ≤ n`, i.e. `n ≥ r² + r + 1`.
fn round_sqrt(n: u64) -> u32 {
    let r = n.isqrt();
    u32::try_from(if n > r * r + r { r + 1 } else { r }).unwrap_or(u32::MAX)
}

/// The four forms of terrain (cmd.terrain.four-forms).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TerrainKind {
    /// −2 to hit a model behind it; crossed on a Run (cmd.sr.hard-cover).
    HardCover,
    /// −1 to hit a model behind it (cmd.sr.soft-cover).
    SoftCover,
    /// Crossed on a Run at half speed; a move may not end in it (cmd.sr.obstacle).
    Obstacle,
    /// Never crossed; blocks line of sight (cmd.sr.impassable, cmd.gap.11).
    Impassable,
}

impl TerrainKind {
    /// The form's name as players say it.
    pub fn name(self) -> &'static str {
        match self {
            TerrainKind::HardCover => "hard cover",
            TerrainKind::SoftCover => "soft cover",
            TerrainKind::Obstacle => "obstacle",
            TerrainKind::Impassable => "impassable",
        }
    }
}

/// Cover a target has against one shooter (cmd.shoot.mod.soft-cover, cmd.shoot.mod.hard-cover).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Cover {
    /// Soft cover: −1 to hit.
    Soft,
    /// Hard cover: −2 to hit.
    Hard,
}

/// One terrain piece on the table.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Name shown to players ("low wall", "Eldar monument").
    pub name: String,
    /// Its form.
    pub kind: TerrainKind,
    /// Height in levels: 0 is low and crossed on foot; above 0 it has to be climbed.
    pub height: u8,
    /// Whether High Explosive cannot remove it (a scenario's objective piece).
    pub indestructible: bool,
    /// The cells it covers.
    pub cells: Vec<Cell>,
    /// Whether it has been destroyed (cmd.sr.high-explosive).
    pub destroyed: bool,
}

/// The table and its terrain.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    kind: GridKind,
    measure: Measure,
    width: u8,
    height: u8,
    /// Per cell: 0 for open ground, else 1 + the index of the piece standing there.
    terrain: Vec<u8>,
    /// Per cell, what movement needs to know, packed (see [`Board::info`]).
    info: Vec<u8>,
    /// Per cell, the level the solid body of the piece standing there reaches, for sight
    /// ([`sight_top`]); 0 where nothing can block a sight line.
    sight: Vec<u8>,
    pieces: Vec<Piece>,
}

/// [`Board::info`] bits: the level a model stands at (0–15).
pub const INFO_LEVEL: u8 = 0x0f;
/// [`Board::info`] bit: Impassable.
pub const INFO_IMPASSABLE: u8 = 0x10;
/// [`Board::info`] bit: Obstacle.
pub const INFO_OBSTACLE: u8 = 0x20;
/// [`Board::info`] bit: a move may end here.
pub const INFO_STANDABLE: u8 = 0x40;

/// Why a table could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError(pub String);

impl std::fmt::Display for BoardError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Board {
    /// An empty `width × height` table.
    pub fn new(kind: GridKind, width: u8, height: u8) -> Result<Board, BoardError> {
        if width < 4 || height < 4 || width > MAX_SIDE || height > MAX_SIDE {
            return Err(BoardError(format!(
                "a {width}×{height} table is not allowed (each side 4 to {MAX_SIDE})"
            )));
        }
        Ok(Board {
            kind,
            measure: Measure::Tape,
            width,
            height,
            terrain: vec![0; usize::from(width) * usize::from(height)],
            info: vec![INFO_STANDABLE; usize::from(width) * usize::from(height)],
            sight: vec![0; usize::from(width) * usize::from(height)],
            pieces: Vec::new(),
        })
    }

    /// Places a piece; every cell must be on the table and free of other terrain.
    pub fn add_piece(&mut self, piece: Piece) -> Result<(), BoardError> {
        if self.pieces.len() >= 250 {
            return Err(BoardError("more than 250 terrain pieces".into()));
        }
        if piece.cells.is_empty() {
            return Err(BoardError(format!(
                "terrain `{}` covers no cell",
                piece.name
            )));
        }
        for c in &piece.cells {
            match self.index(*c) {
                None => {
                    return Err(BoardError(format!(
                        "terrain `{}` has cell {c} off the {}×{} table",
                        piece.name, self.width, self.height
                    )));
                }
                Some(i) if self.terrain[i] != 0 => {
                    return Err(BoardError(format!(
                        "terrain `{}` overlaps another piece at {c}",
                        piece.name
                    )));
                }
                Some(_) => {}
            }
        }
        let id = self.pieces.len() as u8 + 1;
        let info = piece_info(&piece);
        let top = sight_top(&piece);
        for c in &piece.cells {
            if let Some(i) = self.index(*c) {
                self.terrain[i] = id;
                self.info[i] = info;
                self.sight[i] = top;
            }
        }
        self.pieces.push(piece);
        Ok(())
    }

    /// Per cell in row-major order: the level a model stands at ([`INFO_LEVEL`]) and whether
    /// the cell is Impassable, an Obstacle or standable. Movement's hot loop reads this.
    pub fn info(&self) -> &[u8] {
        &self.info
    }

    /// The grid kind.
    pub fn kind(&self) -> GridKind {
        self.kind
    }

    /// How distances are measured: [`Measure::Tape`] (the default) or [`Measure::Steps`] on
    /// squares; hex tables count hex steps whatever this says.
    pub fn measure(&self) -> Measure {
        self.measure
    }

    /// Sets how distances are measured (the `measure` table option).
    pub fn set_measure(&mut self, measure: Measure) {
        self.measure = measure;
    }

    /// Whether distances and moves are measured with a tape (squares under [`Measure::Tape`])
    /// rather than counted in cell steps.
    pub fn tape(&self) -> bool {
        self.kind == GridKind::Square && self.measure == Measure::Tape
    }

    /// Columns.
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Number of cells.
    pub fn cell_count(&self) -> usize {
        self.terrain.len()
    }

    /// The index of a cell in row-major order, or `None` off the table.
    pub fn index(&self, c: Cell) -> Option<usize> {
        (c.x < self.width && c.y < self.height)
            .then(|| usize::from(c.y) * usize::from(self.width) + usize::from(c.x))
    }

    /// The cell at a row-major index.
    pub fn cell_at(&self, i: usize) -> Cell {
        let w = usize::from(self.width.max(1));
        Cell::new((i % w) as u8, (i / w) as u8)
    }

    /// Whether the cell is on the table.
    pub fn contains(&self, c: Cell) -> bool {
        self.index(c).is_some()
    }

    /// Every piece, destroyed ones included.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The standing piece on a cell, with its index.
    pub fn piece_at(&self, c: Cell) -> Option<(usize, &Piece)> {
        let i = self.index(c)?;
        let id = usize::from(self.terrain[i]).checked_sub(1)?;
        self.pieces.get(id).map(|p| (id, p))
    }

    /// The terrain form on a cell, if any piece stands there.
    pub fn terrain(&self, c: Cell) -> Option<TerrainKind> {
        self.piece_at(c).map(|(_, p)| p.kind)
    }

    /// The level a model standing on this cell is at: the top of a tall cover piece, else the
    /// ground (0).
    pub fn elevation(&self, c: Cell) -> u8 {
        match self.piece_at(c) {
            Some((_, p)) if p.height > 0 && climbable(p.kind) => p.height,
            _ => 0,
        }
    }

    /// Whether a model may end a move on this cell: open ground or the top of a tall cover
    /// piece. Low pieces are crossed, never stood in; an Obstacle must be left wholly
    /// (cmd.sr.obstacle); Impassable terrain is never entered (cmd.sr.impassable).
    pub fn standable(&self, c: Cell) -> bool {
        if !self.contains(c) {
            return false;
        }
        match self.piece_at(c) {
            None => true,
            Some((_, p)) => p.height > 0 && climbable(p.kind),
        }
    }

    /// Destroys a piece (cmd.sr.high-explosive); indestructible pieces stay. Returns whether it
    /// was removed.
    pub fn destroy_piece(&mut self, id: usize) -> bool {
        let Some(p) = self.pieces.get_mut(id) else {
            return false;
        };
        if p.indestructible || p.destroyed {
            return false;
        }
        p.destroyed = true;
        let cells = p.cells.clone();
        for c in cells {
            if let Some(i) = self.index(c) {
                self.terrain[i] = 0;
                self.info[i] = INFO_STANDABLE;
                self.sight[i] = 0;
            }
        }
        true
    }

    /// The pieces with any cell within `range` Range of `c` (base to base, so a piece in a
    /// neighbouring cell is at 0), in index order.
    pub fn pieces_within(&self, c: Cell, range: u32) -> Vec<usize> {
        self.pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.destroyed)
            .filter(|(_, p)| p.cells.iter().any(|pc| self.distance(c, *pc).within(range)))
            .map(|(i, _)| i)
            .collect()
    }

    /// Cell steps between two cells (neighbours are 1 apart).
    pub fn steps(&self, a: Cell, b: Cell) -> u32 {
        match self.kind {
            GridKind::Square => {
                let dx = u32::from(a.x.abs_diff(b.x));
                let dy = u32::from(a.y.abs_diff(b.y));
                dx.max(dy)
            }
            GridKind::Hex => hex::distance(to_hex(a), to_hex(b)),
        }
    }

    /// The squared length between two cell centres in cells, as the table measures it: a
    /// tape's `dx² + dy²` on squares ([`Measure::Tape`]), else the square of the cell steps.
    /// Ordering cells by it orders them by distance.
    pub fn centre_squared(&self, a: Cell, b: Cell) -> u32 {
        if self.tape() {
            let dx = u32::from(a.x.abs_diff(b.x));
            let dy = u32::from(a.y.abs_diff(b.y));
            dx * dx + dy * dy
        } else {
            let s = self.steps(a, b);
            s.saturating_mul(s)
        }
    }

    /// The exact distance between two models' bases (cmd.move.attack-base-to-base,
    /// cmd.gap.20, cmd.gap.22): the centre-to-centre length less one; neighbouring cells
    /// (diagonals included) are in base contact at 0.
    pub fn distance(&self, a: Cell, b: Cell) -> Distance {
        if self.steps(a, b) <= 1 {
            return Distance::CONTACT;
        }
        Distance {
            centre_sq: self.centre_squared(a, b),
        }
    }

    /// The distance between two models' bases in whole Range, rounded up
    /// ([`Distance::ceil`]): `range(a, b) <= n` exactly when the bases are within `n` Range.
    /// Base contact is 0. Use [`Board::distance`] for "at least" and "less than".
    pub fn range(&self, a: Cell, b: Cell) -> u32 {
        self.distance(a, b).ceil()
    }

    /// Whether a straight move from the centre of `a` to the centre of `b` is at most `n`
    /// Range long, as the table measures (cmd.move.default-inches).
    pub fn centre_within(&self, a: Cell, b: Cell, n: u32) -> bool {
        u64::from(self.centre_squared(a, b)) <= u64::from(n) * u64::from(n)
    }

    /// Whether two cells are in base contact (neighbours).
    pub fn adjacent(&self, a: Cell, b: Cell) -> bool {
        self.steps(a, b) == 1
    }

    /// The neighbouring cells on the table, in a fixed order.
    pub fn neighbours(&self, c: Cell) -> impl Iterator<Item = Cell> + '_ {
        let (w, h) = (i16::from(self.width), i16::from(self.height));
        let offsets: &'static [(i8, i8)] = match self.kind {
            GridKind::Square => &COMPASS,
            GridKind::Hex => {
                if c.y % 2 == 0 {
                    &HEX_EVEN
                } else {
                    &HEX_ODD
                }
            }
        };
        offsets.iter().filter_map(move |&(dx, dy)| {
            let (x, y) = (
                i16::from(c.x) + i16::from(dx),
                i16::from(c.y) + i16::from(dy),
            );
            (x >= 0 && y >= 0 && x < w && y < h).then(|| Cell::new(x as u8, y as u8))
        })
    }

    /// Whether a straight step from `a` to its neighbour `b` squeezes diagonally between two
    /// Impassable cells (never on hexes, whose neighbours share an edge).
    pub fn squeezes(&self, a: Cell, b: Cell) -> bool {
        if self.kind == GridKind::Hex || a.x == b.x || a.y == b.y {
            return false;
        }
        let side1 = Cell::new(b.x, a.y);
        let side2 = Cell::new(a.x, b.y);
        self.terrain(side1) == Some(TerrainKind::Impassable)
            && self.terrain(side2) == Some(TerrainKind::Impassable)
    }

    /// Whether a model on `a` sees a model on `b` (cmd.gap.11). Symmetric.
    ///
    /// The line joins the two cell centres on the map, traced twice, nudged a hair to either
    /// side where it grazes a corner; sight is clear if either copy gets through. Heights: a
    /// model's eyes are half a level above the level it stands on ([`Board::elevation`]), and
    /// the line's height over a crossed cell is taken where that cell's centre falls along the
    /// line (its projection, in exact integers). A crossed cell blocks when the solid body of
    /// its piece reaches that height ([`sight_top`]): between two models on the ground that is
    /// any Impassable cell or building and nothing lower; from a roof, only what rises to the
    /// line.
    pub fn los(&self, a: Cell, b: Cell) -> bool {
        if a == b {
            return true;
        }
        let line = SightLine::new(self.kind, a, b, self.elevation(a), self.elevation(b));
        let blocked = |c: Cell| {
            self.index(c).is_some_and(|i| {
                let top = self.sight[i];
                top > 0 && line.reached_by(self.kind, c, top)
            })
        };
        match self.kind {
            GridKind::Square => Nudge::BOTH.iter().any(|&nudge| {
                !square::line(pos(a), pos(b), nudge).any(|x| match x {
                    Crossing::Cell(p) => from_pos(p).is_some_and(blocked),
                    _ => false,
                })
            }),
            GridKind::Hex => hex::los(to_hex(a), to_hex(b), |h| {
                from_hex(h).is_some_and(|c| self.contains(c) && blocked(c))
            })
            .is_clear(),
        }
    }

    /// The cells strictly between `a` and `b` that the sight line crosses, and the first of
    /// them that blocks it when sight is blocked (the same test as [`Board::los`]), for
    /// drawing the line on screen. With several traced lines (a square grid tries both
    /// nudges), the first clear one is returned, else the first traced one.
    pub fn sight_trace(&self, a: Cell, b: Cell) -> (Vec<Cell>, Option<Cell>) {
        if a == b {
            return (Vec::new(), None);
        }
        let line = SightLine::new(self.kind, a, b, self.elevation(a), self.elevation(b));
        let blocked = |c: Cell| {
            self.index(c).is_some_and(|i| {
                let top = self.sight[i];
                top > 0 && line.reached_by(self.kind, c, top)
            })
        };
        let mut first: Option<(Vec<Cell>, Option<Cell>)> = None;
        for nudge in Nudge::BOTH {
            let cells: Vec<Cell> = match self.kind {
                GridKind::Square => square::line(pos(a), pos(b), nudge)
                    .filter_map(|x| match x {
                        Crossing::Cell(p) => from_pos(p),
                        _ => None,
                    })
                    .collect(),
                GridKind::Hex => hex::line(to_hex(a), to_hex(b), nudge)
                    .filter_map(from_hex)
                    .filter(|c| *c != a && *c != b && self.contains(*c))
                    .collect(),
            };
            let blocker = cells.iter().copied().find(|&c| blocked(c));
            if blocker.is_none() {
                return (cells, None);
            }
            first.get_or_insert((cells, blocker));
        }
        first.unwrap_or_default()
    }

    /// The cover a model on `target` has against a shooter on `shooter` (cmd.gap.10): it must
    /// be within 1 Range of a cover piece (in a neighbouring cell) and wholly covered by it, so
    /// both nudged sight lines from the shooter must pass through a neighbouring Hard Cover,
    /// Soft Cover or Impassable cell at least as tall as the target stands. The weaker of the
    /// two lines' cover counts; several qualifying pieces give only the best (cmd.gap.9).
    /// A shooter in base contact gets no cover against it.
    pub fn cover(&self, target: Cell, shooter: Cell) -> Option<Cover> {
        if self.steps(target, shooter) <= 1 {
            return None;
        }
        let level = self.elevation(target);
        let mut worst: Option<Cover> = Some(Cover::Hard);
        for nudge in Nudge::BOTH {
            let mut best: Option<Cover> = None;
            let mut consider = |c: Cell| {
                if self.steps(c, target) != 1 {
                    return;
                }
                let Some((_, p)) = self.piece_at(c) else {
                    return;
                };
                if p.height < level {
                    return;
                }
                let cover = match p.kind {
                    TerrainKind::HardCover | TerrainKind::Impassable => Some(Cover::Hard),
                    TerrainKind::SoftCover => Some(Cover::Soft),
                    TerrainKind::Obstacle => None,
                };
                best = best.max(cover);
            };
            match self.kind {
                GridKind::Square => {
                    for x in square::line(pos(shooter), pos(target), nudge) {
                        if let Crossing::Cell(p) = x
                            && let Some(c) = from_pos(p)
                        {
                            consider(c);
                        }
                    }
                }
                GridKind::Hex => {
                    for h in hex::line(to_hex(shooter), to_hex(target), nudge) {
                        if let Some(c) = from_hex(h) {
                            consider(c);
                        }
                    }
                }
            }
            worst = worst.min(best);
        }
        worst
    }

    /// Whether a cell is within 1 Range of any cover piece (Cautious outside an attack,
    /// cmd.gap.10).
    pub fn near_cover(&self, c: Cell) -> bool {
        self.neighbours(c).any(|n| {
            matches!(
                self.terrain(n),
                Some(TerrainKind::HardCover | TerrainKind::SoftCover)
            )
        })
    }
}

/// The [`Board::info`] byte of a piece's cells.
fn piece_info(p: &Piece) -> u8 {
    let tall = p.height > 0 && climbable(p.kind);
    let mut info = if tall {
        p.height.min(INFO_LEVEL) | INFO_STANDABLE
    } else {
        0
    };
    match p.kind {
        TerrainKind::Impassable => info |= INFO_IMPASSABLE,
        TerrainKind::Obstacle => info |= INFO_OBSTACLE,
        TerrainKind::HardCover | TerrainKind::SoftCover => {}
    }
    info
}

/// The level a piece's solid body reaches, for sight (cmd.gap.11): its height, so low pieces
/// (height 0) never block a sight line; Impassable terrain counts at least one level tall.
fn sight_top(p: &Piece) -> u8 {
    match p.kind {
        TerrainKind::Impassable => p.height.max(1),
        TerrainKind::HardCover | TerrainKind::SoftCover | TerrainKind::Obstacle => p.height,
    }
}

/// One sight line's heights: from eyes half a level above `za` at `a` to half a level above
/// `zb` at `b`, all in integers (doubled heights over the squared length).
#[derive(Clone, Copy, Debug)]
struct SightLine {
    /// `a` in the grid's plane coordinates (square: column, row; hex: axial).
    from: (i64, i64),
    /// `b - a` in the same coordinates.
    span: (i64, i64),
    /// The span's squared length under the grid's metric ([`plane_dot`]).
    len: i64,
    /// The level `a` stands on.
    za: i64,
    /// The rise from `a` to `b` in levels.
    rise: i64,
}

impl SightLine {
    fn new(kind: GridKind, a: Cell, b: Cell, za: u8, zb: u8) -> SightLine {
        let (from, to) = (plane(kind, a), plane(kind, b));
        let span = (to.0 - from.0, to.1 - from.1);
        SightLine {
            from,
            span,
            len: plane_dot(kind, span, span),
            za: i64::from(za),
            rise: i64::from(zb) - i64::from(za),
        }
    }

    /// Whether a body reaching level `top` on cell `c` reaches the line over that cell.
    fn reached_by(&self, kind: GridKind, c: Cell, top: u8) -> bool {
        let top = i64::from(top);
        if self.rise == 0 {
            // Level line at za + 1/2: whatever rises above the level it runs on blocks it.
            return top > self.za;
        }
        let p = plane(kind, c);
        // The centre's projection along the line, as a fraction along/len of the way from a,
        // kept within the segment; (len - along) is the same fraction measured from b, so the
        // test is the same whichever end the line is traced from.
        let along =
            plane_dot(kind, (p.0 - self.from.0, p.1 - self.from.1), self.span).clamp(0, self.len);
        // top >= za + 1/2 + rise * along / len, times 2 * len (len > 0 since a != b).
        2 * top * self.len >= (2 * self.za + 1) * self.len + 2 * self.rise * along
    }
}

/// A cell's position in the plane coordinates [`plane_dot`] measures: column and row on
/// squares, axial coordinates on hexes.
fn plane(kind: GridKind, c: Cell) -> (i64, i64) {
    match kind {
        GridKind::Square => (i64::from(c.x), i64::from(c.y)),
        GridKind::Hex => {
            let h = to_hex(c);
            (i64::from(h.x), i64::from(h.y))
        }
    }
}

/// The dot product of two plane vectors, up to a constant factor that cancels in
/// [`SightLine`]: Euclidean on squares; on hexes, axial vectors meet at 60°, so
/// `u·v ∝ 2·u.q·v.q + 2·u.r·v.r + u.q·v.r + u.r·v.q`.
fn plane_dot(kind: GridKind, u: (i64, i64), v: (i64, i64)) -> i64 {
    match kind {
        GridKind::Square => u.0 * v.0 + u.1 * v.1,
        GridKind::Hex => 2 * u.0 * v.0 + 2 * u.1 * v.1 + u.0 * v.1 + u.1 * v.0,
    }
}

/// Whether a tall piece of this form can be climbed onto.
fn climbable(kind: TerrainKind) -> bool {
    matches!(kind, TerrainKind::HardCover | TerrainKind::SoftCover)
}

/// Hex neighbour offsets for even rows (odd-r layout): E, NE, NW, W, SW, SE.
const HEX_EVEN: [(i8, i8); 6] = [(1, 0), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1)];
/// Hex neighbour offsets for odd rows (shifted half a hex east).
const HEX_ODD: [(i8, i8); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (0, 1), (1, 1)];

fn pos(c: Cell) -> Pos {
    Pos::new(i32::from(c.x), i32::from(c.y), 0)
}

fn from_pos(p: Pos) -> Option<Cell> {
    Some(Cell::new(u8::try_from(p.x).ok()?, u8::try_from(p.y).ok()?))
}

fn to_hex(c: Cell) -> Hex {
    hex::offset_to_hex(i32::from(c.x), i32::from(c.y))
}

fn from_hex(h: Hex) -> Option<Cell> {
    let (x, y) = hex::hex_to_offset(h);
    Some(Cell::new(u8::try_from(x).ok()?, u8::try_from(y).ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(kind: TerrainKind, height: u8, cells: &[(u8, u8)]) -> Piece {
        Piece {
            name: "test".into(),
            kind,
            height,
            indestructible: false,
            cells: cells.iter().map(|&(x, y)| Cell::new(x, y)).collect(),
            destroyed: false,
        }
    }

    #[test]
    fn hex_neighbours_match_core() {
        let b = Board::new(GridKind::Hex, 10, 10).unwrap();
        for c in [Cell::new(4, 4), Cell::new(4, 5)] {
            for n in b.neighbours(c) {
                assert_eq!(b.steps(c, n), 1, "{c} -> {n}");
            }
            assert_eq!(b.neighbours(c).count(), 6);
        }
    }

    /// A board with pieces of every form and a spread of heights, placed from `seed`.
    fn scattered(kind: GridKind, seed: u64) -> Board {
        use squadsight_core::{GameRng, Stream};
        let mut rng = GameRng::new(seed);
        let mut b = Board::new(kind, 16, 16).unwrap();
        let kinds = [
            TerrainKind::HardCover,
            TerrainKind::SoftCover,
            TerrainKind::Obstacle,
            TerrainKind::Impassable,
        ];
        for _ in 0..24 {
            let (x, y) = (rng.below(Stream::Setup, 16), rng.below(Stream::Setup, 16));
            let kind = kinds[rng.below(Stream::Setup, 4) as usize];
            let height = rng.below(Stream::Setup, 4) as u8;
            // Overlaps are refused; the rest of the pieces still make a varied table.
            let _ = b.add_piece(piece(kind, height, &[(x as u8, y as u8)]));
        }
        b
    }

    #[test]
    fn los_with_heights_is_symmetric() {
        // cmd.gap.11: sight from a to b is sight from b to a, on both grids, whatever the
        // levels the two stand on.
        for kind in [GridKind::Square, GridKind::Hex] {
            for seed in 0..6 {
                let b = scattered(kind, seed);
                let cells: Vec<Cell> = (0..b.cell_count()).map(|i| b.cell_at(i)).collect();
                let mut blocked = 0;
                for (i, &a) in cells.iter().enumerate().step_by(3) {
                    for &c in cells.iter().skip(i).step_by(5) {
                        let ab = b.los(a, c);
                        assert_eq!(ab, b.los(c, a), "{kind:?} seed {seed}: {a} / {c}");
                        blocked += usize::from(!ab);
                    }
                }
                assert!(
                    blocked > 0,
                    "{kind:?} seed {seed}: the pieces block something"
                );
            }
        }
    }

    #[test]
    fn flat_ground_sight_matches_solid_pieces() {
        // cmd.gap.11: between two models on the ground, exactly the Impassable cells and the
        // buildings (height 1 or more) block; low cover and low Obstacles never do.
        for (kind, height, blocks) in [
            (TerrainKind::Impassable, 0, true),
            (TerrainKind::HardCover, 2, true),
            (TerrainKind::SoftCover, 1, true),
            (TerrainKind::HardCover, 0, false),
            (TerrainKind::SoftCover, 0, false),
            (TerrainKind::Obstacle, 0, false),
        ] {
            for grid in [GridKind::Square, GridKind::Hex] {
                let mut b = Board::new(grid, 12, 12).unwrap();
                b.add_piece(piece(kind, height, &[(5, 4), (5, 5), (5, 6)]))
                    .unwrap();
                assert_eq!(
                    !b.los(Cell::new(1, 5), Cell::new(9, 5)),
                    blocks,
                    "{grid:?} {kind:?} height {height}"
                );
            }
        }
    }

    #[test]
    fn cover_needs_a_piece_between() {
        let mut b = Board::new(GridKind::Square, 20, 20).unwrap();
        b.add_piece(piece(
            TerrainKind::HardCover,
            0,
            &[(10, 9), (10, 10), (10, 11)],
        ))
        .unwrap();
        let target = Cell::new(11, 10);
        assert_eq!(b.cover(target, Cell::new(2, 10)), Some(Cover::Hard));
        assert_eq!(b.cover(target, Cell::new(18, 10)), None);
    }
}
