//! Exact positions for tests, tutorials and puzzles: a tiny map picture, a unit list, hands,
//! the top of the deck and the dice to come, built into a [`Session`] that plays on from
//! there.
//!
//! ```
//! use squadsight_skirmish::fixture::Fixture;
//! use squadsight_skirmish::action::Action;
//!
//! // Two hexes apart on a small flat map; X-Com (side 0) to move, holding Short Range.
//! let mut s = Fixture::new(&["11 11 11 11 11", "11 11 11 11 11"])
//!     .unit(0, "squaddie", 0, 0)
//!     .unit(1, "thin-man", 2, 0)
//!     .hand(0, &["short-range"])
//!     .build()?;
//! let (us, them) = (s.unit_at(0, 0)?, s.unit_at(2, 0)?);
//! s.act(0, Action::Card { card: s.card("short-range")?, unit: Some(us) })?;
//! s.act(0, Action::TargetUnit(them))?;
//! assert!(!s.state().unit(them).unwrap().on_map());
//! # Ok::<(), String>(())
//! ```
//!
//! How a fixture is set up:
//! - the map rows use the scenario format (`"TE"` per hex: Terrain then Elevation, 1–5);
//! - units are placed in the order given and get ids 0, 1, 2… in that order;
//! - side `active` (0 unless [`Fixture::active`]) is in its Move and Fire phase of turn 1
//!   with an empty decision stack;
//! - hands hold exactly the listed cards; the named deck-top cards come next, top first, and
//!   the rest of the 51-card deck lies beneath them in a fixed order; the discard pile is
//!   empty;
//! - [`Fixture::dice`] picks a seed whose next six-sided rolls are the given faces, so a test
//!   states exactly what the dice will show.

use crate::Skirmish;
use crate::action::Action;
use crate::catalog::{CardId, TableId};
use crate::data::{MapDef, PlacementDef, ScenarioDef, SideDef};
use crate::options::Options;
use crate::state::{Frame, Hand, HexId, Phase, Unit, UnitId};
use squadsight_core::session::{Session as Play, seed_for_dice};
use squadsight_core::{GameRng, Journal, Ruleset};
use std::ops::{Deref, DerefMut};

/// One unit to place.
#[derive(Clone, Debug)]
struct Placed {
    side: u8,
    kind: String,
    col: u8,
    row: u8,
    psi: bool,
    armed: bool,
    tweak: Vec<Tweak>,
}

/// A change to a placed unit after setup.
#[derive(Clone, Copy, Debug)]
enum Tweak {
    Hits(u8),
    Hidden(bool),
}

/// A position under construction (see the module docs).
#[derive(Clone, Debug)]
pub struct Fixture {
    rows: Vec<String>,
    units: Vec<Placed>,
    hands: [Vec<String>; 2],
    deck_top: Vec<String>,
    pile_only: bool,
    tokens: [u16; 2],
    active: u8,
    options: Options,
    dice: Vec<u8>,
    seed: u64,
}

impl Fixture {
    /// A fixture on this map (rows of `"TE"` cells, row 0 first).
    pub fn new(rows: &[&str]) -> Fixture {
        Fixture {
            rows: rows.iter().map(|r| (*r).to_string()).collect(),
            units: Vec::new(),
            hands: [Vec::new(), Vec::new()],
            deck_top: Vec::new(),
            pile_only: false,
            tokens: [0; 2],
            active: 0,
            options: Options::default(),
            dice: Vec::new(),
            seed: 0,
        }
    }

    /// A flat `width × height` map rated 1/1 everywhere.
    pub fn flat(width: u8, height: u8) -> Fixture {
        let row = vec!["11"; usize::from(width)].join(" ");
        let rows: Vec<&str> = (0..height).map(|_| row.as_str()).collect();
        Fixture::new(&rows)
    }

    /// Places a unit of type `kind` (catalog id, e.g. `thin-man`) for `side` at column `col`,
    /// row `row`.
    pub fn unit(mut self, side: u8, kind: &str, col: u8, row: u8) -> Fixture {
        self.units.push(Placed {
            side,
            kind: kind.to_string(),
            col,
            row,
            psi: false,
            armed: false,
            tweak: Vec::new(),
        });
        self
    }

    /// Makes the last placed unit a PSI soldier.
    pub fn psi(mut self) -> Fixture {
        if let Some(u) = self.units.last_mut() {
            u.psi = true;
        }
        self
    }

    /// Arms the last placed unit (Civilians).
    pub fn armed(mut self) -> Fixture {
        if let Some(u) = self.units.last_mut() {
            u.armed = true;
        }
        self
    }

    /// Sets the last placed unit's remaining Hits.
    pub fn hits(mut self, hits: u8) -> Fixture {
        if let Some(u) = self.units.last_mut() {
            u.tweak.push(Tweak::Hits(hits));
        }
        self
    }

    /// Sets whether the last placed unit carries a Hidden Token.
    pub fn hidden(mut self, hidden: bool) -> Fixture {
        if let Some(u) = self.units.last_mut() {
            u.tweak.push(Tweak::Hidden(hidden));
        }
        self
    }

    /// A side's hand, by card id (`point-blank`, `spec-5`…).
    pub fn hand(mut self, side: u8, cards: &[&str]) -> Fixture {
        self.hands[usize::from(side & 1)] = cards.iter().map(|c| (*c).to_string()).collect();
        self
    }

    /// The next cards of the deck, top first.
    pub fn deck_top(mut self, cards: &[&str]) -> Fixture {
        self.deck_top = cards.iter().map(|c| (*c).to_string()).collect();
        self
    }

    /// The draw pile holds only these cards (top first); every other card that is in no hand
    /// lies on the discard pile, ready to be reshuffled.
    pub fn draw_pile(mut self, cards: &[&str]) -> Fixture {
        self.deck_top = cards.iter().map(|c| (*c).to_string()).collect();
        self.pile_only = true;
        self
    }

    /// A side's suppression tokens.
    pub fn tokens(mut self, side: u8, n: u16) -> Fixture {
        self.tokens[usize::from(side & 1)] = n;
        self
    }

    /// The side whose turn it is (0 by default).
    pub fn active(mut self, side: u8) -> Fixture {
        self.active = side & 1;
        self
    }

    /// Changes the options.
    pub fn options(mut self, f: impl FnOnce(&mut Options)) -> Fixture {
        f(&mut self.options);
        self
    }

    /// Sets one option as on the command line.
    pub fn option(mut self, key: &str, value: &str) -> Result<Fixture, String> {
        self.options.set(key, value)?;
        Ok(self)
    }

    /// The faces the next six-sided rolls will show, in order.
    pub fn dice(mut self, faces: &[u8]) -> Fixture {
        self.dice = faces.to_vec();
        self
    }

    /// The game seed when no dice are fixed.
    pub fn seed(mut self, seed: u64) -> Fixture {
        self.seed = seed;
        self
    }

    /// Builds the position with the built-in rules.
    pub fn build(self) -> Result<Session, String> {
        let sk = Skirmish::new().map_err(|e| e.to_string())?;
        self.build_with(sk)
    }

    /// Builds the position with the given rules.
    pub fn build_with(self, sk: Skirmish) -> Result<Session, String> {
        let width = self
            .rows
            .first()
            .map_or(0, |r| r.split_whitespace().count());
        let width = u8::try_from(width).map_err(|_| "map too wide".to_string())?;
        let height = u8::try_from(self.rows.len()).map_err(|_| "map too tall".to_string())?;
        let side = |s: u8| SideDef {
            name: if s == 0 { "X-Com" } else { "Aliens" }.to_string(),
            units: self
                .units
                .iter()
                .filter(|u| u.side == s)
                .map(|u| PlacementDef {
                    unit: u.kind.clone(),
                    col: u.col,
                    row: u.row,
                    psi: u.psi,
                    armed: u.armed,
                })
                .collect(),
        };
        let scenario = ScenarioDef {
            id: "fixture".to_string(),
            title: "Fixture".to_string(),
            description: "A test position.".to_string(),
            map: MapDef {
                width,
                height,
                rows: self.rows.clone(),
            },
            sides: vec![side(0), side(1)],
            costs: vec![("civilian".to_string(), 1), ("military".to_string(), 1)]
                .into_iter()
                .filter(|(k, _)| self.units.iter().any(|u| &u.kind == k))
                .collect(),
            budget: None,
        };
        let mut options = self.options;
        // Panic rolls at the start would disturb the position: it is switched on afterwards.
        options.panic = crate::options::Switch::Off;
        options.first_player = if self.active == 0 {
            crate::options::FirstPlayer::Xcom
        } else {
            crate::options::FirstPlayer::Aliens
        };
        let mut rng = GameRng::new(self.seed);
        let mut journal = Journal::off();
        let mut st = sk
            .setup(&scenario, &options, &mut rng, &mut journal)
            .map_err(|e| e.to_string())?;
        st.options = self.options;

        // Units in the order given: setup places side 0 first, so map ids back.
        let mut order: Vec<usize> = (0..self.units.len()).collect();
        order.sort_by_key(|i| self.units[*i].side);
        let placed: Vec<Unit> = st.units.clone();
        let mut units = vec![placed[0]; placed.len()];
        for (k, i) in order.iter().enumerate() {
            units[*i] = placed[k];
        }
        for (u, p) in units.iter_mut().zip(&self.units) {
            for t in &p.tweak {
                match *t {
                    Tweak::Hits(h) => u.hits = h,
                    Tweak::Hidden(h) => u.hidden = h,
                }
            }
        }
        st.units = units;

        // Hands and deck exactly as stated.
        let card = |name: &str| -> Result<CardId, String> {
            sk.catalog
                .card_id(name)
                .ok_or_else(|| format!("no card `{name}`"))
        };
        let mut rest: Vec<CardId> = sk.catalog.deck().to_vec();
        let mut take = |c: CardId| -> Result<(), String> {
            let i = rest
                .iter()
                .position(|x| *x == c)
                .ok_or_else(|| format!("more copies of {c:?} than the deck holds"))?;
            rest.remove(i);
            Ok(())
        };
        for s in 0..2 {
            let mut h = Hand::new();
            for name in &self.hands[s] {
                let c = card(name)?;
                take(c)?;
                h.add(c);
            }
            st.hands[s] = h;
        }
        let mut top = Vec::new();
        for name in &self.deck_top {
            let c = card(name)?;
            take(c)?;
            top.push(c);
        }
        // The draw pile's top is the end of the vector.
        top.reverse();
        if self.pile_only {
            st.deck = squadsight_core::deck::Deck::new("action", top);
            for c in rest {
                st.deck.discard(c);
            }
        } else {
            rest.extend(top);
            st.deck = squadsight_core::deck::Deck::new("action", rest);
        }
        st.st = self.tokens;
        st.turn = 1;
        st.first = self.active;
        st.active = self.active;
        st.phase = Phase::MoveFire;
        st.stack.clear();
        st.ending = None;
        for u in &mut st.units {
            u.seen_at = u.pos;
        }

        let seed = if self.dice.is_empty() {
            self.seed
        } else {
            seed_for_dice(&self.dice).ok_or("no seed gives those dice")?
        };
        Ok(Session {
            play: Play::from_state(sk, st, seed, Journal::recording()),
        })
    }
}

/// A game in progress from a fixture: the ruleset-generic [`Play`] (apply actions, read the
/// state and the journal), plus Skirmish's own look-ups by name and place.
#[derive(Clone, Debug)]
pub struct Session {
    play: Play<Skirmish>,
}

impl Deref for Session {
    type Target = Play<Skirmish>;

    fn deref(&self) -> &Play<Skirmish> {
        &self.play
    }
}

impl DerefMut for Session {
    fn deref_mut(&mut self) -> &mut Play<Skirmish> {
        &mut self.play
    }
}

impl Session {
    /// Applies an action for `side` ([`Play::act`]); an inherent method, so the action may be
    /// built from the session itself (`s.act(0, Action::MoveTo(s.hex(1, 0)?))`).
    pub fn act(&mut self, side: u8, action: Action) -> Result<(), String> {
        self.play.act(side, action)
    }

    /// Plays deck card `name` for `unit`, as `side` (its target, if any, comes next).
    pub fn play_card(&mut self, side: u8, name: &str, unit: UnitId) -> Result<(), String> {
        let card = self.card(name)?;
        self.act(
            side,
            Action::Card {
                card,
                unit: Some(unit),
            },
        )
    }

    /// Moves `unit` its one free hex to column `col`, row `row`, as `side`.
    pub fn free_move(&mut self, side: u8, unit: UnitId, col: u8, row: u8) -> Result<(), String> {
        let to = self.hex(col, row)?;
        self.act(side, Action::FreeMove { unit, to })
    }

    /// Passes every open window until `side` decides freely again (empty stack) or the game
    /// ends; fails if any other decision comes up.
    pub fn pass_all(&mut self) -> Result<(), String> {
        while let Some(side) = self.to_act() {
            match self.state().top() {
                Some(
                    Frame::Hit(_)
                    | Frame::Flush { .. }
                    | Frame::Reaction { .. }
                    | Frame::Ranged { .. },
                ) => {
                    self.act(side, Action::Pass)?;
                }
                _ => return Ok(()),
            }
        }
        Ok(())
    }

    /// Passes Defense, Flush and Iron Will windows but stops at a reaction window.
    pub fn pass_all_but_reactions(&mut self) -> Result<(), String> {
        while let Some(side) = self.to_act() {
            match self.state().top() {
                Some(Frame::Hit(_) | Frame::Flush { .. } | Frame::Ranged { .. }) => {
                    self.act(side, Action::Pass)?;
                }
                _ => return Ok(()),
            }
        }
        Ok(())
    }

    /// A card type by id.
    pub fn card(&self, name: &str) -> Result<CardId, String> {
        self.ruleset()
            .catalog
            .card_id(name)
            .ok_or_else(|| format!("no card `{name}`"))
    }

    /// A table by id.
    pub fn table(&self, name: &str) -> Result<TableId, String> {
        self.ruleset()
            .catalog
            .table_id(name)
            .ok_or_else(|| format!("no table `{name}`"))
    }

    /// The hex at column `col`, row `row`.
    pub fn hex(&self, col: u8, row: u8) -> Result<HexId, String> {
        self.state()
            .board
            .at(col, row)
            .ok_or_else(|| format!("no hex {col},{row}"))
    }

    /// The unit on the map at column `col`, row `row` (the ground unit if a Flyer hovers too).
    pub fn unit_at(&self, col: u8, row: u8) -> Result<UnitId, String> {
        let h = self.hex(col, row)?;
        let on: Vec<(UnitId, &Unit)> = self.state().on_map().filter(|(_, u)| u.pos == h).collect();
        on.iter()
            .find(|(_, u)| !self.ruleset().info(u).flyer)
            .or(on.first())
            .map(|(id, _)| *id)
            .ok_or_else(|| format!("no unit at {col},{row}"))
    }

    /// A unit.
    pub fn unit(&self, id: UnitId) -> Result<&Unit, String> {
        self.state()
            .unit(id)
            .ok_or_else(|| format!("no unit {id:?}"))
    }

    /// A unit, to adjust a position by hand (control, damage, statuses).
    pub fn unit_mut(&mut self, id: UnitId) -> Result<&mut Unit, String> {
        self.state_mut()
            .unit_mut(id)
            .ok_or_else(|| format!("no unit {id:?}"))
    }

    /// A side's hand.
    pub fn hand(&self, side: u8) -> &Hand {
        self.state().hand(side)
    }
}
