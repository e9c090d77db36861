//! Exact positions for tests and tutorials: a small table, terrain, models placed on chosen
//! cells, and the dice to come, built into a [`Session`] that plays on from there.
//!
//! ```
//! use squadsight_commander::action::Action;
//! use squadsight_commander::board::{Cell, TerrainKind};
//! use squadsight_commander::fixture::Fixture;
//!
//! // A Rookie faces an ADVENT Trooper across a low wall; XCOM (seat 0) holds the die.
//! let mut s = Fixture::new(16, 16)
//!     .terrain("wall", TerrainKind::HardCover, 0, &[(8, 4), (8, 5), (8, 6)])
//!     .model(0, "Rookie", 2, 5)
//!     .model(1, "ADVENT Trooper", 9, 5)
//!     .build()?;
//! let rookie = s.model_at(2, 5)?;
//! s.act(0, Action::Activate(rookie))?;
//! s.act(0, Action::Run { to: Cell::new(4, 5), actions: 1 })?;
//! assert_eq!(s.state().model(rookie).unwrap().cell, Cell::new(4, 5));
//! # Ok::<(), String>(())
//! ```
//!
//! How a fixture is set up: the table is square unless [`Fixture::hex`]; models get ids in the
//! order placed, carry their unit's AI loadout unless [`Fixture::weapons`] says otherwise, and
//! the first model of each seat is its Leader unless another is marked; the bag is filled for
//! round 1 and the die of seat [`Fixture::active`] (0 unless set) is in hand; [`Fixture::dice`]
//! picks a seed whose next six-sided rolls are the given faces.

use crate::Commander;
use crate::action::Action;
use crate::board::{Board, Cell, GridKind, Piece, TerrainKind};
use crate::catalog::Faction;
use crate::options::Options;
use crate::state::{Ending, Method, Model, ModelId, Objective, Presence, Side, State, Victory};
use squadsight_core::session::{Session as Play, seed_for_dice};
use squadsight_core::{Journal, Seat};
use std::ops::{Deref, DerefMut};

#[derive(Clone, Debug)]
struct Placed {
    seat: u8,
    unit: String,
    cell: (u8, u8),
    weapons: Option<Vec<String>>,
    leader: bool,
    hidden: bool,
    wounds: Option<u8>,
}

/// A position under construction (see the module docs).
#[derive(Clone, Debug)]
pub struct Fixture {
    width: u8,
    height: u8,
    grid: GridKind,
    pieces: Vec<Piece>,
    models: Vec<Placed>,
    objectives: Vec<Objective>,
    markers: Vec<(u8, u8)>,
    options: Options,
    active: u8,
    dice: Vec<u8>,
    victory: Victory,
    round_limit: u16,
}

impl Fixture {
    /// An empty `width × height` square table.
    pub fn new(width: u8, height: u8) -> Fixture {
        Fixture {
            width,
            height,
            grid: GridKind::Square,
            pieces: Vec::new(),
            models: Vec::new(),
            objectives: Vec::new(),
            markers: Vec::new(),
            options: Options::default(),
            active: 0,
            dice: Vec::new(),
            victory: Victory::Annihilation,
            round_limit: 6,
        }
    }

    /// Uses a hex table instead.
    pub fn hex(mut self) -> Fixture {
        self.grid = GridKind::Hex;
        self.options.grid = GridKind::Hex;
        self
    }

    /// Adds a terrain piece.
    pub fn terrain(
        mut self,
        name: &str,
        kind: TerrainKind,
        height: u8,
        cells: &[(u8, u8)],
    ) -> Fixture {
        self.pieces.push(Piece {
            name: name.into(),
            kind,
            height,
            indestructible: false,
            cells: cells.iter().map(|&(x, y)| Cell::new(x, y)).collect(),
            destroyed: false,
        });
        self
    }

    /// Places a model of `unit` for seat `seat` on `(x, y)`.
    pub fn model(mut self, seat: u8, unit: &str, x: u8, y: u8) -> Fixture {
        self.models.push(Placed {
            seat,
            unit: unit.into(),
            cell: (x, y),
            weapons: None,
            leader: false,
            hidden: false,
            wounds: None,
        });
        self
    }

    /// Gives the last placed model these weapons instead of its AI loadout.
    pub fn weapons(mut self, names: &[&str]) -> Fixture {
        if let Some(m) = self.models.last_mut() {
            m.weapons = Some(names.iter().map(|n| (*n).to_string()).collect());
        }
        self
    }

    /// Makes the last placed model its Squad's Leader.
    pub fn leader(mut self) -> Fixture {
        if let Some(m) = self.models.last_mut() {
            m.leader = true;
        }
        self
    }

    /// Sets the last placed model's Wounds.
    pub fn wounds(mut self, n: u8) -> Fixture {
        if let Some(m) = self.models.last_mut() {
            m.wounds = Some(n);
        }
        self
    }

    /// Keeps the last placed model hidden as an Infiltrator, with civilian markers at `cells`.
    pub fn hidden(mut self, cells: &[(u8, u8)]) -> Fixture {
        if let Some(m) = self.models.last_mut() {
            m.hidden = true;
        }
        self.markers.extend_from_slice(cells);
        self
    }

    /// Adds an objective on a cell.
    pub fn objective(mut self, name: &str, method: Method, x: u8, y: u8) -> Fixture {
        self.objectives.push(Objective {
            name: name.into(),
            method,
            cells: vec![Cell::new(x, y)],
            for_seat: None,
            done: false,
            planted: None,
        });
        self
    }

    /// Sets an option.
    pub fn option(mut self, key: &str, value: &str) -> Fixture {
        // Fixtures are written by tests; an unknown key shows up as a failing build().
        if self.options.set(key, value).is_err() {
            self.options.table = 0;
        }
        self
    }

    /// Which seat holds the first die.
    pub fn active(mut self, seat: u8) -> Fixture {
        self.active = seat;
        self
    }

    /// The next six-sided rolls on the dice stream.
    pub fn dice(mut self, faces: &[u8]) -> Fixture {
        self.dice = faces.to_vec();
        self
    }

    /// How the game is won.
    pub fn victory(mut self, victory: Victory) -> Fixture {
        self.victory = victory;
        self
    }

    /// The last round.
    pub fn round_limit(mut self, n: u16) -> Fixture {
        self.round_limit = n;
        self
    }

    /// Builds the position.
    pub fn build(self) -> Result<Session, String> {
        let rules = Commander::new().map_err(|e| e.to_string())?;
        self.options.validate()?;
        let mut board = Board::new(self.grid, self.width, self.height).map_err(|e| e.0)?;
        board.set_measure(self.options.measure);
        for p in self.pieces {
            board.add_piece(p).map_err(|e| e.0)?;
        }
        let factions = [Faction::Xcom, Faction::Advent];
        let sides = [0usize, 1].map(|i| Side {
            name: ["XCOM", "ADVENT"][i].into(),
            faction: factions[i],
            ai: self.options.ai(Seat(i as u8)),
            leader_lost: false,
            points: 0,
        });
        let cells = board.cell_count();
        let mut st = State {
            board: std::sync::Arc::new(board),
            models: Vec::new(),
            occupancy: vec![0; cells],
            sides,
            round: 0,
            round_limit: self.round_limit,
            bag: Default::default(),
            die: None,
            stack: Vec::new(),
            windows: Vec::new(),
            objectives: self.objectives,
            markers: Vec::new(),
            pods: Vec::new(),
            hits_this_round: Vec::new(),
            victory: self.victory,
            ending: None::<Ending>,
            options: self.options,
            steps: 0,
        };
        let mut leaders = [false; 2];
        for p in &self.models {
            if p.leader {
                leaders[usize::from(p.seat.min(1))] = true;
            }
        }
        for p in &self.models {
            let unit = rules
                .catalog
                .unit_id(&p.unit)
                .ok_or_else(|| format!("no unit `{}`", p.unit))?;
            let profile = rules.catalog.unit(unit);
            let weapons = match &p.weapons {
                Some(names) => names
                    .iter()
                    .map(|n| {
                        rules
                            .catalog
                            .weapon_id(n)
                            .ok_or_else(|| format!("no weapon `{n}`"))
                    })
                    .collect::<Result<Vec<_>, _>>()?,
                None => profile.ai_loadout.clone(),
            };
            let seat = Seat(p.seat.min(1));
            let id = ModelId(st.models.len() as u8);
            let first = !st.models.iter().any(|m| m.owner == seat);
            let number = st
                .models
                .iter()
                .filter(|m| m.owner == seat && m.unit == unit)
                .count() as u8
                + 1;
            st.models.push(Model {
                id,
                owner: seat,
                unit,
                number,
                weapons,
                attachments: Vec::new(),
                vest: None,
                rank: rules.catalog.first_rank(),
                wounds: p.wounds.unwrap_or(profile.stats.health),
                max_wounds: profile.stats.health,
                cell: Cell::new(p.cell.0, p.cell.1),
                presence: Presence::Reserve,
                activated: false,
                down: false,
                overwatch: None,
                engaged: Vec::new(),
                leader: p.leader || (first && !leaders[seat.index()]),
                will_penalty: 0,
                control: None,
                hit_since_activation: false,
                free_trooper: false,
                presence_used: false,
            });
            let c = Cell::new(p.cell.0, p.cell.1);
            if p.hidden {
                st.models[id.index()].presence = Presence::Hidden;
            } else {
                if !st.board.contains(c) || !st.free(c) {
                    return Err(format!("cannot place {} on {c}", p.unit));
                }
                st.put(id, c);
            }
        }
        if let Some(hidden) = st.models.iter().find(|m| m.presence == Presence::Hidden) {
            let (id, owner) = (hidden.id, hidden.owner);
            for &(x, y) in &self.markers {
                let c = Cell::new(x, y);
                st.markers.push(crate::state::Marker {
                    cell: c,
                    owner,
                    model: id,
                    discovered: false,
                });
                st.set_token(c, true);
            }
        }
        for o in st.objectives.clone() {
            st.set_token(o.cells[0], true);
        }
        let mut journal = Journal::recording();
        rules.start_round(&mut st, &mut journal);
        let seat = Seat(self.active.min(1));
        st.bag.remove(seat);
        st.die = Some(seat);
        Ok(Session {
            play: Play::from_state(rules, st, seed_for(&self.dice), journal),
        })
    }
}

/// A seed whose dice stream starts with `faces` (1 when no dice are fixed).
fn seed_for(faces: &[u8]) -> u64 {
    if faces.is_empty() {
        return 1;
    }
    seed_for_dice(faces).unwrap_or(0)
}

/// A game in progress built from a [`Fixture`]: the ruleset-generic [`Play`] (apply actions,
/// read the state and the journal), plus Commander's own look-ups.
#[derive(Debug)]
pub struct Session {
    play: Play<Commander>,
}

impl Deref for Session {
    type Target = Play<Commander>;

    fn deref(&self) -> &Play<Commander> {
        &self.play
    }
}

impl DerefMut for Session {
    fn deref_mut(&mut self) -> &mut Play<Commander> {
        &mut self.play
    }
}

impl Session {
    /// Applies an action for `seat` ([`Play::act`]); an inherent method, so the action may be
    /// built from the session itself (`s.act(0, Action::MoveTo(s.hex(1, 0)?))`).
    pub fn act(&mut self, seat: u8, action: Action) -> Result<(), String> {
        self.play.act(seat, action)
    }

    /// The model on `(x, y)`.
    pub fn model_at(&self, x: u8, y: u8) -> Result<ModelId, String> {
        self.state()
            .model_at(Cell::new(x, y))
            .ok_or_else(|| format!("no model on ({x},{y})"))
    }
}
