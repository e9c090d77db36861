//! Explosions and damage to the map: splash (`tac.splash.*`), collateral damage
//! (`tac.collat.*`) and explosive objects (`tac.explosive.*`).
//!
//! Splash spreads out from the centre square one ring per step, in three dimensions (a level
//! counts as one square), losing the rating's step each ring (`tac.splash.rating`), so on
//! open ground the ring of a square is its Chebyshev distance from the centre and 60 HE-1
//! gives 60, 40, 20 (`tac.splash.example`). Intact walls, windows, closed doors and floors stop
//! it (`tac.gap.13`); every such structure on the boundary of a square the blast reaches is
//! struck with that square's damage, tested once, and lets the blast through if destroyed. A
//! diagonal step needs an open way round the corner it passes (either order of its unit
//! steps). Objects in reached squares are struck with their square's damage. Each hit is
//! tested on its own, never added up (`tac.gap.62`). A destroyed explosive object detonates
//! with the table's blast centred on its square (`tac.explosive.detonate`, `tac.gap.64`), and
//! that blast may destroy further explosive objects in turn.
//!
//! Everything here is deterministic: no dice. The report says which squares took how much,
//! which items were destroyed and which floors are gone; the rules apply damage to units.

use super::battlefield::{Battlefield, Change, EdgeRef, SEE_FLOOR, Side, sight_bits};
use super::terrain::{Blast, DamageType, FloorKind, StrengthClass};
use super::tile::EdgeKind;
use serde::{Deserialize, Serialize};
use squadsight_core::journal::{EventKind, Input, Journal};
use squadsight_core::square::{Dir, Pos};
use std::collections::BTreeSet;
use std::sync::Arc;

/// An item on the map that can be struck (`tac.collat.trigger`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Item {
    /// The object in a square.
    Object(Pos),
    /// The floor under a square.
    Floor(Pos),
    /// A wall, window, fence or door edge.
    Edge(EdgeRef),
}

/// Names an item for the journal: "the object at 4,5,1", "the floor at 4,5,2", "the edge
/// east of 4,5,1" (levels counted from 1, as on screen).
impl std::fmt::Display for Item {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Item::Object(p) => write!(f, "the object at {},{},{}", p.x, p.y, p.z + 1),
            Item::Floor(p) => write!(f, "the floor at {},{},{}", p.x, p.y, p.z + 1),
            Item::Edge(e) => write!(
                f,
                "the edge {} of {},{},{}",
                if e.east { "east" } else { "south" },
                e.cell.x,
                e.cell.y,
                e.cell.z + 1
            ),
        }
    }
}

/// A square reached by an explosion and the damage arriving there (`tac.splash.units`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hit {
    /// The square.
    pub pos: Pos,
    /// Damage arriving in it.
    pub damage: u32,
}

/// An item destroyed, and what it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Destroyed {
    /// The item.
    pub item: Item,
    /// Its class.
    pub class: StrengthClass,
    /// Whether it was explosive (and so detonated).
    pub explosive: bool,
}

/// One explosion's area.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Area {
    /// The centre square.
    pub centre: Pos,
    /// Damage and rating.
    pub blast: Blast,
    /// Every square reached with damage above 0, in the order reached (ring by ring).
    pub hits: Vec<Hit>,
}

impl Area {
    /// The damage arriving in a square (0 if not reached).
    pub fn damage_at(&self, pos: Pos) -> u32 {
        self.hits
            .iter()
            .find(|h| h.pos == pos)
            .map_or(0, |h| h.damage)
    }

    /// The damage a unit covering `cells` takes: that of its square closest to the centre,
    /// which is the most (`tac.splash.large-units`).
    pub fn damage_to(&self, cells: impl IntoIterator<Item = Pos>) -> u32 {
        cells
            .into_iter()
            .map(|c| self.damage_at(c))
            .max()
            .unwrap_or(0)
    }
}

/// What an explosion or a strike did to the map.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BlastReport {
    /// The explosion first, then each explosive object it set off, in order
    /// (`tac.explosive.detonate`).
    pub areas: Vec<Area>,
    /// Every item destroyed, in order.
    pub destroyed: Vec<Destroyed>,
    /// Squares whose floor is gone (units there may fall: `tac.collat.remove`,
    /// `tac.fall.trigger`); ground floors become dirt instead and are not listed.
    pub floors_gone: Vec<Pos>,
    /// Squares set on fire (`tac.fire.objects`).
    pub ignited: Vec<Pos>,
}

impl BlastReport {
    /// The damage each explosion deals to a unit covering `cells`, one entry per area that
    /// reaches it.
    pub fn damage_to(&self, cells: &[Pos]) -> Vec<(Pos, u32)> {
        self.areas
            .iter()
            .map(|a| (a.centre, a.damage_to(cells.iter().copied())))
            .filter(|&(_, d)| d > 0)
            .collect()
    }
}

impl Battlefield {
    /// The class and explosiveness of an item, if it is there.
    pub fn item(&self, item: Item) -> Option<(StrengthClass, bool)> {
        match item {
            Item::Object(p) => {
                let o = self.square(p)?.object?;
                let info = self.terrain.object(o);
                Some((info.class, info.explosive))
            }
            Item::Floor(p) => {
                let f = self.square(p)?.floor?;
                let info = self.terrain.floor(f);
                // tac.collat.indestructible, tac.gap.63: dirt on the ground never goes.
                let class = if p.z == 0 && f == FloorKind::Dirt {
                    StrengthClass::Indestructible
                } else {
                    info.class
                };
                Some((class, info.explosive))
            }
            Item::Edge(e) => {
                let side = self.edge_side(e)?;
                (side.kind != EdgeKind::Open).then_some((side.class, false))
            }
        }
    }

    fn edge_side(&self, e: EdgeRef) -> Option<Side> {
        self.s
            .side(e.cell, if e.east { Dir::East } else { Dir::South })
    }

    /// One hit of `amount` damage of type `kind` on an item (`tac.collat.trigger`): tests it
    /// against its class and removes it if destroyed (`tac.collat.remove`; a ground floor
    /// becomes dirt, `tac.collat.ground-floor`); IN sets a normal item alight
    /// (`tac.fire.objects`). A destroyed explosive object detonates, and so on down the
    /// chain. Journaled with the clauses.
    pub fn strike(
        &mut self,
        item: Item,
        kind: DamageType,
        amount: u32,
        journal: &mut Journal,
    ) -> BlastReport {
        let mut report = BlastReport::default();
        let mut pending = Vec::new();
        self.test_item(item, kind, amount, true, &mut report, &mut pending, journal);
        self.run_chain(pending, &mut report, journal);
        self.settle(&report);
        report
    }

    /// After items were removed: if floors above the ground went, the distances to the
    /// edges of the levels (`tac.los.elevation`) are recomputed, once.
    pub(crate) fn settle(&mut self, report: &BlastReport) {
        if !report.floors_gone.is_empty() {
            Arc::make_mut(&mut self.s).recompute_edge_dist();
        }
    }

    /// An explosion of `blast` centred on `centre` (`tac.splash.*`), with its collateral
    /// damage, the smoke it leaves (`tac.smoke.source`: every square it reached, for
    /// `smoke_rounds`) and any chain of explosive objects.
    pub fn explode(&mut self, centre: Pos, blast: Blast, journal: &mut Journal) -> BlastReport {
        let mut report = BlastReport::default();
        self.run_chain(vec![(centre, blast)], &mut report, journal);
        self.settle(&report);
        report
    }

    fn run_chain(
        &mut self,
        mut pending: Vec<(Pos, Blast)>,
        report: &mut BlastReport,
        journal: &mut Journal,
    ) {
        let mut next = 0;
        while next < pending.len() {
            let (centre, blast) = pending[next];
            next += 1;
            let first = report.destroyed.len();
            let area = self.spread(false, centre, blast, report, &mut pending, journal);
            let rounds = self.terrain.smoke_rounds;
            for h in &area.hits {
                self.add_cloud(super::clouds::CloudKind::Smoke, h.pos, rounds);
            }
            // A blast is loud: every seat reads where it went off and how big it was.
            crate::witness::heard(journal, "tac.splash.rating", || {
                format!(
                    "Explosion of {} HE-{} at {},{},{}: {} squares reached",
                    blast.damage,
                    blast.rating,
                    centre.x,
                    centre.y,
                    centre.z + 1,
                    area.hits.len()
                )
            });
            note_destroyed(centre, &report.destroyed[first..], journal);
            report.areas.push(area);
        }
    }

    /// Tests one item against its class; an explosive object is destroyed by what destroys
    /// its table class (`tac.explosive.class`) and then queues its detonation. A single
    /// strike journals what it destroys (`note`); a blast destroys hundreds of items (every
    /// crop square it reaches turns to dirt), so it journals them once, summed up, when it
    /// is done ([`note_destroyed`]).
    #[allow(clippy::too_many_arguments)]
    fn test_item(
        &mut self,
        item: Item,
        kind: DamageType,
        amount: u32,
        note: bool,
        report: &mut BlastReport,
        pending: &mut Vec<(Pos, Blast)>,
        journal: &mut Journal,
    ) -> bool {
        let Some((class, explosive)) = self.item(item) else {
            return false;
        };
        if kind == DamageType::IN
            && amount > 0
            && self.terrain.set_alight(class)
            && let Item::Object(p) = item
            && self.fire_at(p).is_none()
        {
            // tac.fire.objects, tac.gap.60: a burning object burns as a fire square.
            self.add_cloud(super::clouds::CloudKind::Fire, p, self.terrain.fire_rounds);
            report.ignited.push(p);
            journal.note("tac.fire.objects", EventKind::Effect, || {
                format!("{amount} IN sets the object at {p:?} alight")
            });
        }
        if !self.terrain.destroys(class, kind, amount) {
            return false;
        }
        let rule = match class {
            StrengthClass::Normal => "tac.collat.normal",
            StrengthClass::Hardened => "tac.collat.hardened",
            StrengthClass::SuperTough => "tac.collat.super-tough",
            StrengthClass::Indestructible => "tac.collat.indestructible",
        };
        if note {
            journal.note(rule, EventKind::Effect, || {
                format!("{amount} {kind:?} destroys {item} ({class:?})")
            });
        }
        self.remove_item(item, report);
        report.destroyed.push(Destroyed {
            item,
            class,
            explosive,
        });
        if explosive && let Item::Object(p) = item {
            let blast = self.terrain.explosive_blast;
            journal.note("tac.explosive.detonate", EventKind::Effect, || {
                format!(
                    "The destroyed object at {p:?} detonates: {} HE-{}",
                    blast.damage, blast.rating
                )
            });
            pending.push((p, blast));
        }
        true
    }

    /// Removes a destroyed item (`tac.collat.remove`, `tac.collat.ground-floor`). A floor
    /// above the ground that goes is listed in `report.floors_gone`; the caller then
    /// recomputes the distances to the edges of the levels once ([`Self::settle`]).
    pub(crate) fn remove_item(&mut self, item: Item, report: &mut BlastReport) {
        let terrain = Arc::clone(&self.terrain);
        let s = Arc::make_mut(&mut self.s);
        match item {
            Item::Object(p) => {
                if let Some(i) = s.index(p) {
                    s.squares[i].object = None;
                    s.sight[i] = sight_bits(&terrain, s.squares[i]);
                    s.changes.push(Change::Object(p));
                }
            }
            Item::Floor(p) => {
                if let Some(i) = s.index(p) {
                    if p.z == 0 {
                        s.squares[i].floor = Some(FloorKind::Dirt);
                        s.squares[i].slope = 0;
                        s.squares[i].rubble = false;
                    } else {
                        s.squares[i].floor = None;
                        s.squares[i].slope = 0;
                        report.floors_gone.push(p);
                    }
                    s.sight[i] = sight_bits(&terrain, s.squares[i]);
                    s.changes.push(Change::Floor(p));
                }
            }
            Item::Edge(e) => {
                let dir = if e.east { Dir::East } else { Dir::South };
                if let Some(side) = s.side_mut(e.cell, dir) {
                    *side = Side::default();
                    s.changes.push(Change::Edge(e));
                }
            }
        }
    }

    /// Whether a boundary between two squares stops the blast; if it is a structure, it is
    /// struck first (with `damage`) and stops the blast only if it stands.
    #[allow(clippy::too_many_arguments)]
    fn boundary_open(
        &mut self,
        dry: bool,
        from: Pos,
        to: Pos,
        damage: u32,
        report: &mut BlastReport,
        pending: &mut Vec<(Pos, Blast)>,
        struck: &mut BTreeSet<Item>,
        journal: &mut Journal,
    ) -> bool {
        let item = if from.z != to.z {
            let upper = if to.z > from.z { to } else { from };
            match self.index(upper) {
                Some(i) if self.s.sight[i] & SEE_FLOOR != 0 => Item::Floor(upper),
                Some(i) if self.s.squares[i].floor == Some(FloorKind::Elevator) => {
                    Item::Floor(upper)
                }
                _ => return true,
            }
        } else {
            let dir = match (to.x - from.x, to.y - from.y) {
                (1, 0) => Dir::East,
                (-1, 0) => Dir::West,
                (0, 1) => Dir::South,
                _ => Dir::North,
            };
            let Some(side) = self.s.side(from, dir) else {
                return true;
            };
            if !stops_blast(self, side) {
                let e = Item::Edge(EdgeRef::new(from, dir));
                if !dry && side.kind == EdgeKind::Fence && struck.insert(e) {
                    self.test_item(e, DamageType::HE, damage, false, report, pending, journal);
                }
                return true;
            }
            Item::Edge(EdgeRef::new(from, dir))
        };
        if !dry && struck.insert(item) {
            self.test_item(
                item,
                DamageType::HE,
                damage,
                false,
                report,
                pending,
                journal,
            );
        }
        self.item(item).is_none()
            || match item {
                Item::Edge(e) => self.edge_side(e).is_none_or(|s| !stops_blast(self, s)),
                Item::Floor(p) => self.index(p).is_some_and(|i| {
                    self.s.sight[i] & SEE_FLOOR == 0
                        && self.s.squares[i].floor != Some(FloorKind::Elevator)
                }),
                Item::Object(_) => true,
            }
    }

    /// Floods one explosion ring by ring.
    pub(crate) fn spread(
        &mut self,
        dry: bool,
        centre: Pos,
        blast: Blast,
        report: &mut BlastReport,
        pending: &mut Vec<(Pos, Blast)>,
        journal: &mut Journal,
    ) -> Area {
        let step = self.terrain.splash_step(blast.rating).max(1);
        let mut area = Area {
            centre,
            blast,
            hits: Vec::new(),
        };
        let Some(start) = self.index(centre) else {
            return area;
        };
        let mut seen = vec![false; self.cell_count()];
        seen[start] = true;
        let mut ring = vec![centre];
        let mut struck: BTreeSet<Item> = BTreeSet::new();
        let mut r = 0u32;
        while !ring.is_empty() {
            let damage = blast.damage.saturating_sub(step.saturating_mul(r));
            if damage == 0 {
                break;
            }
            // Hit everything in this ring first, then open the way to the next.
            for &p in &ring {
                area.hits.push(Hit { pos: p, damage });
                // The object in the square, and on the ground the ground floor itself
                // (crops and rough ground become dirt: tac.collat.ground-floor).
                let mut items = Vec::with_capacity(2);
                if self.square(p).and_then(|s| s.object).is_some() {
                    items.push(Item::Object(p));
                }
                if p.z == 0 {
                    items.push(Item::Floor(p));
                }
                for item in items {
                    if !dry && struck.insert(item) {
                        self.test_item(
                            item,
                            DamageType::HE,
                            damage,
                            false,
                            report,
                            pending,
                            journal,
                        );
                    }
                }
            }
            let mut next = Vec::new();
            for &p in &ring {
                for dz in -1..=1 {
                    for dy in -1..=1 {
                        for dx in -1..=1 {
                            let to = Pos::new(p.x + dx, p.y + dy, p.z + dz);
                            let Some(j) = self.index(to) else { continue };
                            if seen[j] {
                                continue;
                            }
                            if self.way_open(
                                dry,
                                p,
                                (dx, dy, dz),
                                damage,
                                report,
                                pending,
                                &mut struck,
                                journal,
                            ) {
                                seen[j] = true;
                                next.push(to);
                            }
                        }
                    }
                }
            }
            next.sort_unstable();
            ring = next;
            r += 1;
        }
        area
    }

    /// Whether a king step from `p` by `d` is open: some order of its unit steps crosses only
    /// open boundaries (structures met are struck on the way).
    #[allow(clippy::too_many_arguments)]
    fn way_open(
        &mut self,
        dry: bool,
        p: Pos,
        d: (i32, i32, i32),
        damage: u32,
        report: &mut BlastReport,
        pending: &mut Vec<(Pos, Blast)>,
        struck: &mut BTreeSet<Item>,
        journal: &mut Journal,
    ) -> bool {
        let axes: Vec<(i32, i32, i32)> = [(d.0, 0, 0), (0, d.1, 0), (0, 0, d.2)]
            .into_iter()
            .filter(|&a| a != (0, 0, 0))
            .collect();
        let orders: &[&[usize]] = match axes.len() {
            1 => &[&[0]],
            2 => &[&[0, 1], &[1, 0]],
            _ => &[
                &[0, 1, 2],
                &[0, 2, 1],
                &[1, 0, 2],
                &[1, 2, 0],
                &[2, 0, 1],
                &[2, 1, 0],
            ],
        };
        for order in orders {
            let mut at = p;
            let mut ok = true;
            for &k in *order {
                let (ax, ay, az) = axes[k];
                let to = Pos::new(at.x + ax, at.y + ay, at.z + az);
                if !self.contains(to)
                    || !self.boundary_open(dry, at, to, damage, report, pending, struck, journal)
                {
                    ok = false;
                    break;
                }
                at = to;
            }
            if ok {
                return true;
            }
        }
        false
    }
}

/// Journals what one blast destroyed as one event (`tac.collat.trigger`): how many items of
/// each kind went, with the clause that decided them, and where, as compact square lists in
/// the inputs. Nothing is noted when nothing was destroyed.
fn note_destroyed(centre: Pos, destroyed: &[Destroyed], journal: &mut Journal) {
    if destroyed.is_empty() || !journal.enabled() {
        return;
    }
    // (label, clause) → the squares (edges by their west or north cell).
    let mut groups: Vec<(&'static str, &'static str, Vec<Pos>)> = Vec::new();
    for d in destroyed {
        let (label, pos) = match d.item {
            Item::Floor(p) if p.z == 0 => ("ground floors turned to dirt", p),
            Item::Floor(p) => ("floors gone", p),
            Item::Object(p) if d.explosive => ("explosive objects", p),
            Item::Object(p) => ("objects", p),
            Item::Edge(e) if e.east => ("east edges", e.cell),
            Item::Edge(e) => ("south edges", e.cell),
        };
        let clause = match (d.item, d.class) {
            (Item::Floor(p), _) if p.z == 0 => "tac.collat.ground-floor",
            (_, StrengthClass::Normal) => "tac.collat.normal",
            (_, StrengthClass::Hardened) => "tac.collat.hardened",
            (_, StrengthClass::SuperTough) => "tac.collat.super-tough",
            (_, StrengthClass::Indestructible) => "tac.collat.indestructible",
        };
        match groups
            .iter_mut()
            .find(|(l, c, _)| *l == label && *c == clause)
        {
            Some((_, _, squares)) => squares.push(pos),
            None => groups.push((label, clause, vec![pos])),
        }
    }
    journal.note_with(
        "tac.collat.trigger",
        EventKind::Effect,
        || {
            let parts: Vec<String> = groups
                .iter()
                .map(|(label, _, sq)| format!("{} {label}", sq.len()))
                .collect();
            format!(
                "The blast at {},{},{} destroys {} items: {}",
                centre.x,
                centre.y,
                centre.z + 1,
                destroyed.len(),
                parts.join(", ")
            )
        },
        || {
            groups
                .iter()
                .map(|(label, clause, sq)| {
                    Input::new(
                        *label,
                        format!("{}: {}", sq.len(), compact_squares(sq)),
                        *clause,
                    )
                })
                .collect()
        },
    );
}

/// Squares in a compact form, level by level and row by row, runs of columns joined:
/// `L1 y12:3-17,20 y13:4; L2 y5:1` (levels counted from 1, as the rules do; then each row
/// `y` with its runs of `x`).
pub(crate) fn compact_squares(squares: &[Pos]) -> String {
    let mut sorted: Vec<(i32, i32, i32)> = squares.iter().map(|p| (p.z, p.y, p.x)).collect();
    sorted.sort_unstable();
    sorted.dedup();
    let mut out = String::new();
    let mut i = 0;
    let mut level = None;
    while i < sorted.len() {
        let (z, y, _) = sorted[i];
        if level != Some(z) {
            if level.is_some() {
                out.push_str("; ");
            }
            out.push_str(&format!("L{} y{y}:", z + 1));
            level = Some(z);
        } else {
            out.push_str(&format!(" y{y}:"));
        }
        let mut first = true;
        while i < sorted.len() && sorted[i].0 == z && sorted[i].1 == y {
            let start = sorted[i].2;
            let mut end = start;
            while i + 1 < sorted.len()
                && sorted[i + 1].0 == z
                && sorted[i + 1].1 == y
                && sorted[i + 1].2 == end + 1
            {
                i += 1;
                end += 1;
            }
            i += 1;
            if !first {
                out.push(',');
            }
            first = false;
            if start == end {
                out.push_str(&start.to_string());
            } else {
                out.push_str(&format!("{start}-{end}"));
            }
        }
    }
    out
}

/// Whether an edge stops splash: walls, windows and closed doors do; fences and open doors
/// do not (`tac.gap.13`, `tac.gap.63`: a window is a wall that lets sight through).
fn stops_blast(bf: &Battlefield, side: Side) -> bool {
    match side.kind {
        EdgeKind::Wall | EdgeKind::Window => true,
        EdgeKind::Door => bf.side_blocks_movement(side),
        EdgeKind::Open | EdgeKind::Fence => false,
    }
}
