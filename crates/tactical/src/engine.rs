//! The Tactical ruleset: setup from a scenario, the round and squad-turn structure, and the
//! resolution of every action. Legal actions are listed in `legal.rs`; attacks are resolved
//! in `combat.rs`; observations in `observe.rs`.
//!
//! A round (tac.game.rounds) opens with an initiative roll per squad (tac.game.initiative);
//! squads then take their turns in that order (tac.game.squad-order). In its squad's turn a
//! unit acts until it ends its turn or runs out of TUs, and no other unit of the squad may
//! act meanwhile (tac.game.one-active-unit). The only interruptions are reaction decisions of
//! other seats (tac.react.interrupt), which `to_act` hands to the reacting seat.

use crate::action::Action;
use crate::catalog::Catalog;
use crate::data::{Group, Side};
use crate::map::{Battlefield, Facing, MapFiles, MapPlan, SightRules, Size, TileSet, Vision};
use crate::options::{InitiativeDie, Options};
use crate::scenario::{self, ScenarioDef};
use crate::squad::{self, Loadout};
use crate::state::{SeatInfo, State, Status, Unit};
use squadsight_core::data::DataErrors;
use squadsight_core::dice::{Dice, Target, roll};
use squadsight_core::hash::stable_hash;
use squadsight_core::journal::mention;
use squadsight_core::options::TableOptions;
use squadsight_core::square::Pos;
use squadsight_core::{
    Decision, EventKind, GameRng, IllegalAction, Journal, Outcome, Ruleset, ScenarioInfo, Seat,
    SeatSet, SetupError,
};

pub use squadsight_core::RulesError;

/// The X-Com: Tactical ruleset (ID `tactical`).
#[derive(Clone, Debug)]
pub struct Tactical {
    pub(crate) catalog: &'static Catalog,
    pub(crate) tiles: &'static TileSet,
    /// The hash of every data file the rules read: the catalog's four and the tile set's
    /// (see [`Ruleset::data_hash`]).
    data_hash: u64,
}

/// Facings by index, clockwise from north.
pub(crate) fn facing_index(f: Facing) -> u8 {
    Facing::ALL.iter().position(|g| *g == f).unwrap_or(0) as u8
}

impl Tactical {
    /// The ruleset built from the embedded data.
    pub fn new() -> Result<Tactical, RulesError> {
        let data = |e: DataErrors| RulesError::new(Tactical::ID, e);
        let catalog = Catalog::builtin().map_err(data)?;
        Ok(Tactical {
            catalog,
            tiles: TileSet::builtin().map_err(data)?,
            data_hash: stable_hash(&(catalog.data_hash(), MapFiles::builtin().hash())),
        })
    }

    /// The rules data.
    pub fn catalog(&self) -> &'static Catalog {
        self.catalog
    }

    /// A built-in scenario by id.
    pub fn scenario(&self, id: &str) -> Result<ScenarioDef, RulesError> {
        self.builtin_scenario(id)
    }

    /// Prices every squad (tac.squad.budget, tac.squad.*) and reports every problem.
    fn squads(
        &self,
        sc: &ScenarioDef,
        options: &Options,
    ) -> Result<Vec<Vec<Loadout>>, Vec<String>> {
        let mut problems = Vec::new();
        let seats = sc.squads.len();
        if !(2..=usize::from(SeatSet::MAX)).contains(&seats) {
            // tac.game.players
            problems.push(format!("{seats} squads; a game has 2 to 10"));
        }
        let mut out = Vec::new();
        let mut units = 0;
        for sq in &sc.squads {
            // A squad starts in its craft or deploys without one (tac.scen.base.setup).
            if sq.craft().is_some() == sq.deploy.is_some() {
                problems.push(format!(
                    "{}: give the squad either a craft or a deploy area, not {}",
                    sq.name,
                    if sq.craft().is_some() {
                        "both"
                    } else {
                        "neither"
                    }
                ));
            }
            let mut list = Vec::new();
            let mut points = 0u32;
            for pick in &sq.units {
                match squad::price(self.catalog, pick, options.tech_level) {
                    Ok(l) => {
                        let side = self.catalog.unit(l.unit).side();
                        if side != Some(sq.side) {
                            problems.push(format!(
                                "{}: `{}` does not fight for {:?}",
                                sq.name, pick.unit, sq.side
                            ));
                        }
                        points += l.points;
                        list.push(l);
                    }
                    Err(e) => problems.push(format!("{}: {e}", sq.name)),
                }
            }
            // tac.scen.crash.setup: a crashed squad spends 80% of its budget.
            let allowed = if sq.craft.crashed {
                sq.points * u32::from(self.catalog.rules().crash.budget_percent) / 100
            } else {
                sq.points
            };
            if points > allowed {
                problems.push(format!(
                    "{}: the squad costs {points} points; it may spend {allowed}",
                    sq.name
                ));
            }
            // tac.squad.alien-alliances: the `alliances` option may hold species apart.
            if options.alliances == crate::options::Alliances::Source
                && let Err(species) = crate::alliance::check(self.catalog, &list)
            {
                problems.push(format!(
                    "{}: {} do not fight together (option alliances=source)",
                    sq.name,
                    species.join(", ")
                ));
            }
            if list.is_empty() && !sq.units.is_empty() {
                // Problems already listed.
            } else if sq.units.is_empty() {
                problems.push(format!("{}: a squad needs at least one unit", sq.name));
            }
            units += list.len();
            out.push(list);
        }
        if units > crate::state::MAX_UNITS {
            problems.push(format!(
                "{units} units; a game holds at most {}",
                crate::state::MAX_UNITS
            ));
        }
        if sc.rounds == 0 {
            problems.push("the round limit must be at least 1".into());
        }
        if problems.is_empty() {
            Ok(out)
        } else {
            Err(problems)
        }
    }

    /// Builds the map: tiles dealt from the seed (tac.map.build), then each squad's craft at
    /// its place or the nearest free place (tac.map.craft-placement).
    fn battlefield(
        &self,
        sc: &ScenarioDef,
        big: &[bool],
        options: &Options,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> Result<(Battlefield, Vec<usize>), String> {
        // A deal on which some craft finds no room is dealt again (ours: the source assumes
        // the players lay the tiles so that the craft fit), up to a limit.
        let mut last = String::new();
        for _ in 0..20 {
            match self.try_battlefield(sc, big, options, rng, journal)? {
                Ok(done) => return Ok(done),
                Err(why) => {
                    journal.note("tac.map.craft-placement", EventKind::Setup, || {
                        format!("{why}: the tiles are dealt again")
                    });
                    last = why;
                }
            }
        }
        Err(last)
    }

    /// One deal of the map and the craft placed on it; the inner error says which craft found
    /// no room.
    #[allow(clippy::type_complexity)]
    fn try_battlefield(
        &self,
        sc: &ScenarioDef,
        big: &[bool],
        options: &Options,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> Result<Result<(Battlefield, Vec<usize>), String>, String> {
        let mut plan = MapPlan::new();
        let mut pool = self.tiles.pool(&sc.map.terrain);
        if !sc.map.only.is_empty() {
            let mut keep = Vec::new();
            for name in &sc.map.only {
                match self.tiles.tile_index(name) {
                    Some(i) if pool.contains(&i) => keep.push(i),
                    _ => return Err(format!("map: no tile `{name}` among its terrains")),
                }
            }
            keep.sort_unstable();
            pool = keep;
        }
        self.lay_tiles(sc, &pool, &mut plan, journal)?;
        plan.deal(self.tiles, &pool, rng, journal)
            .map_err(|e| e.to_string())?;
        let mut bf = plan.build(self.tiles).map_err(|e| e.to_string())?;
        let mut crafts = vec![usize::MAX; sc.squads.len()];
        let mut stale = false;
        // Crashed craft come down first, and their power sources blow up before anyone else
        // lands (tac.scen.crash.engine-blast, tac.gap.16).
        let crashed_first = (0..sc.squads.len())
            .filter(|&s| sc.squads[s].craft.crashed)
            .chain((0..sc.squads.len()).filter(|&s| !sc.squads[s].craft.crashed));
        for s in crashed_first {
            let sq = &sc.squads[s];
            // Squads that deploy without a craft (bases) keep a placeholder index.
            let Some(c) = sq.craft() else {
                continue;
            };
            let mut placed = None;
            // Spiral out from the wanted corner until the craft fits.
            'search: for r in 0i32..50 {
                for dy in -r..=r {
                    for dx in -r..=r {
                        if dx.abs().max(dy.abs()) != r {
                            continue;
                        }
                        // tac.scen.boarding: the two craft dock exactly where the scenario
                        // puts them, or the tiles are dealt again.
                        if sc.boarding && r > 0 {
                            break 'search;
                        }
                        let mut trial = bf.clone();
                        let Ok(i) = trial.stamp_craft(
                            self.tiles,
                            &c.name,
                            c.x + dx,
                            c.y + dy,
                            c.rotation,
                            c.crashed,
                        ) else {
                            continue;
                        };
                        // tac.map.craft-placement, tac.gap.39: a place where the squad could
                        // not walk out (its door against a wall, a fence or the map's edge)
                        // is no place for it; the docked craft of a boarding are exempt.
                        let sizes: &[Size] = if big.get(s).copied().unwrap_or(false) {
                            &[Size::One, Size::Two]
                        } else {
                            &[Size::One]
                        };
                        if sc.boarding || sizes.iter().all(|&z| trial.craft_way_out(i, z)) {
                            bf = trial;
                            placed = Some(i);
                            break 'search;
                        }
                    }
                }
            }
            let Some(i) = placed else {
                return Ok(Err(format!("{}: the {} fits nowhere", sq.name, c.name)));
            };
            journal.note("tac.map.craft-placement", EventKind::Setup, || {
                format!("{} lands its {}", mention(&sq.name), mention(&c.name))
            });
            crafts[s] = i;
            // The derived map data is refreshed once, before a crash blast reads it or after
            // the last craft lands, rather than after every placement.
            stale = true;
            if c.crashed {
                bf.refresh_derived();
                stale = false;
                self.crash_site(&mut bf, i, options, rng, journal);
            }
        }
        if stale {
            bf.refresh_derived();
        }
        Ok(Ok((bf, crafts)))
    }

    /// Lays the tiles the players placed, in turn in squad order (tac.map.build); each must
    /// be one of the tiles the scenario deals from.
    fn lay_tiles(
        &self,
        sc: &ScenarioDef,
        pool: &[usize],
        plan: &mut MapPlan,
        journal: &mut Journal,
    ) -> Result<(), String> {
        for (k, p) in sc.map.placed.iter().enumerate() {
            let at = format!("map: tile {} (row {}, column {})", k + 1, p.row, p.column);
            let tile = self
                .tiles
                .tile_index(&p.tile)
                .filter(|i| pool.contains(i))
                .ok_or_else(|| format!("{at}: no tile `{}` among its terrains", p.tile))?;
            if !(1..=5).contains(&p.row) || !(1..=5).contains(&p.column) {
                return Err(format!("{at}: rows and columns run from 1 to 5"));
            }
            let slot = usize::from(p.row - 1) * crate::map::GRID + usize::from(p.column - 1);
            let pick = crate::map::TilePick {
                tile: u16::try_from(tile).unwrap_or(u16::MAX),
                rotation: p.rotation,
            };
            plan.place(self.tiles, slot, pick)
                .map_err(|e| format!("{at}: {e}"))?;
            let who = sc
                .squads
                .get(k % sc.squads.len().max(1))
                .map_or("", |q| &q.name);
            journal.note("tac.map.build", EventKind::Setup, || {
                format!(
                    "{} lays \"{}\" at row {} column {}, turned {}°",
                    mention(who),
                    p.tile,
                    p.row,
                    p.column,
                    u32::from(p.rotation) * 90
                )
            });
        }
        Ok(())
    }

    /// A unit fresh from its loadout.
    pub(crate) fn unit(&self, l: &Loadout, seat: Seat, pos: Pos, facing: Facing) -> Unit {
        let t = self.catalog.unit(l.unit);
        let susc = match l.armour {
            Some(a) => self.catalog.armour(a).susc,
            None => t.susc,
        };
        let flies = t.flies || l.armour.is_some_and(|a| self.catalog.armour(a).flying);
        let rounds = l.weapon.and_then(|w| self.catalog.weapon(w).rounds);
        // tac.equip.grenade-launcher: the first grenades bought (up to six) start loaded.
        let mut grenades = l.grenades.clone();
        let mut launcher = Vec::new();
        if let Some(w) = l.weapon.filter(|&w| self.is_launcher(w)) {
            let n = self.launcher_size(w).min(grenades.len());
            launcher = grenades.drain(..n).collect();
        }
        let rounds = if launcher.is_empty() && l.weapon.is_some_and(|w| self.is_launcher(w)) {
            Some(0)
        } else if launcher.is_empty() {
            rounds
        } else {
            Some(u16::try_from(launcher.len()).unwrap_or(0))
        };
        let size = if t.size == 2 { Size::Two } else { Size::One };
        let medikit = if l.medikit {
            self.catalog.medikit().uses
        } else {
            0
        };
        let second_rounds = l.second.and_then(|w| self.catalog.weapon(w).rounds);
        let origin = crate::state::Origin {
            kind: l.unit,
            seat,
            size,
            flies,
            stats: l.stats,
            arm: l.arm,
            susc,
            weapon: l.weapon,
            ammo: l.ammo,
            rounds,
            clips: l.clips,
            grenades: grenades.clone(),
            medikit,
            psi_amp: l.psi_amp,
            weight: l.weight,
            launcher: launcher.clone(),
            born: 1,
            second: l.second,
            second_rounds,
        };
        Unit {
            kind: l.unit,
            seat,
            control: seat,
            pos,
            facing,
            size,
            flies,
            stats: l.stats,
            arm: l.arm,
            susc,
            tu: l.stats[0].unwrap_or(0),
            damage: 0,
            stun: 0,
            status: Status::Active,
            kneeling: false,
            legs: 0,
            arms: 0,
            weapon: l.weapon,
            ammo: l.ammo,
            rounds,
            clips: l.clips,
            grenades,
            medikit,
            psi_amp: l.psi_amp,
            weight: l.weight,
            done: false,
            fired: None,
            turn_from: None,
            panic: None,
            controlled: false,
            seen: 0,
            primed: None,
            panic_from: None,
            control_until: 0,
            zombie: None,
            frozen: None,
            lose_turn: false,
            launcher,
            born: 1,
            second: l.second,
            second_rounds,
            origin: std::sync::Arc::new(origin),
        }
    }

    /// Sets up a validated scenario.
    fn start(
        &self,
        sc: &ScenarioDef,
        options: &Options,
        squads: Vec<Vec<Loadout>>,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> Result<State, Vec<String>> {
        // Squads with a 2 x 2 unit need a craft a 2 x 2 walker can leave.
        let big: Vec<bool> = squads
            .iter()
            .map(|list| list.iter().any(|l| self.catalog.unit(l.unit).size == 2))
            .collect();
        let (bf, crafts) = self
            .battlefield(sc, &big, options, rng, journal)
            .map_err(|e| vec![e])?;
        let mut crashed = SeatSet::NONE;
        for (s, sq) in sc.squads.iter().enumerate() {
            if sq.craft.crashed {
                crashed = crashed.with(Seat(s as u8));
            }
        }
        let mut units: Vec<Unit> = Vec::new();
        let mut homes = Vec::new();
        let mut problems = Vec::new();
        for (s, (sq, list)) in sc.squads.iter().zip(&squads).enumerate() {
            let seat = Seat(s as u8);
            let cells = match sq.deploy {
                Some(d) => self.deploy_squares(&bf, d, &units),
                None => crate::crash::deploy_cells(&bf, crafts[s], sq.craft.crashed),
            };
            homes.push(cells.clone());
            let centre = Pos::new(bf.width() as i32 / 2, bf.height() as i32 / 2, 0);
            for l in list {
                let size = if self.catalog.unit(l.unit).size == 2 {
                    Size::Two
                } else {
                    Size::One
                };
                // tac.map.wall-multi: a 2 x 2 unit never starts across a wall.
                let free = cells.iter().copied().find(|&p| {
                    bf.room_for(p, size)
                        && size
                            .cells(p)
                            .all(|c| cells.contains(&c) && !units.iter().any(|u| u.covers(&bf, c)))
                });
                match free {
                    Some(p) => {
                        // Face the middle of the map.
                        let f = crate::damage::octant(p, centre).unwrap_or(0);
                        let facing = Facing::ALL[usize::from(f)];
                        units.push(self.unit(l, seat, p, facing));
                        let name = mention(&self.catalog.unit(l.unit).name);
                        // Where a squad deploys is its team's to know (fog of war).
                        let team = (0..sc.squads.len())
                            .filter(|&o| sc.squads[o].team == sq.team)
                            .fold(SeatSet::NONE, |w, o| w.with(Seat(o as u8)));
                        self.note_seen(
                            journal,
                            "tac.scen.assault.goal",
                            EventKind::Setup,
                            team,
                            || {
                                let squad = mention(&sq.name);
                                format!("{squad}: {name} deploys at {},{},{}", p.x, p.y, p.z + 1)
                            },
                        );
                    }
                    None => problems.push(format!(
                        "{}: no room in the {} for every unit",
                        sq.name,
                        sq.craft().map_or("deployment area", |c| c.name.as_str())
                    )),
                }
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let sight = SightRules::default();
        let lookers: Vec<_> = units.iter().map(Unit::looker).collect();
        let vision = Vision::new(&bf, &lookers, &sight);
        let seats = sc
            .squads
            .iter()
            .map(|s| SeatInfo {
                name: s.name.clone(),
                side: s.side,
                team: s.team,
            })
            .collect();
        let mut st = State {
            bf,
            units,
            seats,
            options: *options,
            sight,
            vision,
            lookers,
            round: 0,
            round_limit: sc.rounds,
            order: Vec::new(),
            turn: 0,
            active: None,
            reactions: Vec::new(),
            outcome: None,
            live: Vec::new(),
            lit: Vec::new(),
            head_start: 0,
            crashed,
            flights: Vec::new(),
            floor: Vec::new(),
            mission: crate::mission::MissionState {
                civilians: sc.civilians.is_some(),
                confined: sc.boarding,
                homes,
                secret: Vec::new(),
            },
        };
        self.add_civilians(sc, &mut st, rng, journal)?;
        if sc.missions {
            self.draw_missions(&mut st, rng, journal);
        }
        if !crashed.is_empty() {
            // tac.scen.crash.head-start (tac.gap.17): extra rounds for the crashed side alone,
            // added to the round limit.
            st.head_start = u32::from(self.catalog.rules().crash.head_start);
            st.round_limit += st.head_start;
            journal.note("tac.scen.crash.head-start", EventKind::Setup, || {
                format!(
                    "the crashed side has {} rounds to itself before the battle",
                    st.head_start
                )
            });
        }
        self.remember_sight(&mut st);
        self.new_round(&mut st, rng, journal);
        Ok(st)
    }

    /// Opens the next round: TUs back (tac.game.tu-regain), initiative (tac.game.initiative).
    pub(crate) fn new_round(&self, st: &mut State, rng: &mut GameRng, journal: &mut Journal) {
        st.round += 1;
        journal.set_context(st.round, None);
        if st.round > st.round_limit {
            st.outcome = Some(Outcome {
                winners: SeatSet::NONE,
                reason: format!("the round limit of {} was reached", st.round_limit),
            });
            journal.note("tac.game.victory", EventKind::End, || {
                "the scenario's round limit is reached: a draw".into()
            });
            return;
        }
        journal.note("tac.game.rounds", EventKind::Turn, || {
            format!("round {} begins", st.round)
        });
        for u in st.units.iter_mut() {
            u.done = false;
            u.fired = None;
            u.turn_from = None;
            if u.status == Status::Active {
                u.tu = u.stat(0);
            }
        }
        // Panic comes due (tac.psi.panic-*, tac.gap.32); civilians keep out of the squad
        // turns and the frozen ones run (tac.civ.autonomous, tac.civ.freeze).
        self.lost_turns(st, journal);
        self.panic_effects(st, rng, journal);
        self.civilians_round(st, journal);
        self.celatid_clones(st, journal);
        // tac.game.initiative with tac.gap.15: each squad with units standing rolls; higher
        // goes first; tied squads roll again among themselves.
        let mut seats: Vec<Seat> = (0..st.seats.len() as u8)
            .map(Seat)
            .filter(|s| st.units.iter().any(|u| u.control == *s && u.active()))
            // tac.scen.crash.head-start: only the crashed seats act in the first rounds.
            .filter(|s| st.round > st.head_start || st.crashed.contains(*s))
            .collect();
        let dice = match st.options.initiative {
            InitiativeDie::D100 => Dice::D100,
            InitiativeDie::D10 => Dice::D10,
        };
        let mut order = Vec::new();
        self.initiative(&mut seats, dice, &mut order, rng, journal, st);
        st.order = order;
        st.turn = 0;
        st.active = None;
        journal.note("tac.game.squad-order", EventKind::Turn, || {
            let names: Vec<String> = st
                .order
                .iter()
                .map(|s| mention(&st.seats[s.index()].name).to_string())
                .collect();
            format!("squad order this round: {}", names.join(", "))
        });
        self.skip_spent_squads(st, rng, journal);
    }

    fn initiative(
        &self,
        seats: &mut Vec<Seat>,
        dice: Dice,
        order: &mut Vec<Seat>,
        rng: &mut GameRng,
        journal: &mut Journal,
        st: &State,
    ) {
        if seats.len() <= 1 {
            order.append(seats);
            return;
        }
        // Each roll's target is to beat the best so far (the first leads whatever it rolls),
        // so every die carries the exact chance of taking the lead.
        let mut rolls: Vec<(u32, Seat)> = Vec::new();
        let mut best = 0u32;
        for &s in seats.iter() {
            let r = roll(rng, dice, Some(Target::AtLeast(best + 1)));
            let first = best == 0;
            journal.roll("tac.game.initiative", &r, || {
                format!(
                    "{} rolls {} for initiative ({})",
                    mention(&st.seats[s.index()].name),
                    r.total,
                    if first {
                        "the first roll leads"
                    } else {
                        "to lead it must beat the best so far"
                    }
                )
            });
            best = best.max(r.total);
            rolls.push((r.total, s));
        }
        rolls.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut i = 0;
        while i < rolls.len() {
            let mut j = i + 1;
            while j < rolls.len() && rolls[j].0 == rolls[i].0 {
                j += 1;
            }
            let mut tied: Vec<Seat> = rolls[i..j].iter().map(|r| r.1).collect();
            if tied.len() == 1 {
                order.push(tied[0]);
            } else {
                self.initiative(&mut tied, dice, order, rng, journal, st);
            }
            i = j;
        }
    }

    /// Whether a seat has a unit that may still take its turn.
    pub(crate) fn can_move(st: &State, seat: Seat) -> bool {
        st.units
            .iter()
            .any(|u| u.control == seat && u.active() && !u.done)
    }

    /// Passes over squads with nothing left to do, ending the round after the last.
    pub(crate) fn skip_spent_squads(
        &self,
        st: &mut State,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        while st.outcome.is_none()
            && st.turn < st.order.len()
            && !Self::can_move(st, st.turn_seat())
        {
            st.turn += 1;
        }
        if st.outcome.is_none() && st.turn >= st.order.len() {
            self.end_round(st, rng, journal);
        } else {
            journal.set_context(st.round, Some(st.turn_seat()));
        }
    }

    /// The end of a squad's turn: its doors close (tac.map.door with tac.gap.66).
    pub(crate) fn end_squad_turn(&self, st: &mut State, rng: &mut GameRng, journal: &mut Journal) {
        let seat = st.turn_seat();
        for u in st.units.iter_mut().filter(|u| u.control == seat) {
            u.done = true;
            u.turn_from = None;
        }
        st.active = None;
        let closed = st.bf.close_all_doors();
        if !closed.is_empty() {
            journal.note("tac.map.door", EventKind::Effect, || {
                format!(
                    "{} door(s) swing shut at the end of the squad's turn",
                    closed.len()
                )
            });
            st.resight_all();
        }
        // Mind control ends when the controlled unit's turn has ended (tac.psi.mind-control).
        // A unit captured under mind control counts before control reverts
        // (tac.scen.mission.capture-unit).
        self.check_missions(st, seat, journal);
        self.release_control(st, seat, journal);
        // Grenades thrown with a delay of 0 go off as the squad's turn ends (throw.rs).
        self.fuses_at_squad_end(st, seat, rng, journal);
        self.settle_floor(st);
        st.turn += 1;
        self.skip_spent_squads(st, rng, journal);
    }

    /// The end of a round: stun wears off (tac.dmg.stun-recovery), then the next round.
    fn end_round(&self, st: &mut State, rng: &mut GameRng, journal: &mut Journal) {
        // Smoke, fire and grenade fuses first (environment.rs).
        self.environment_round_end(st, rng, journal);
        let recovery = self.catalog.rules().stun_recovery;
        let mut changed = false;
        for i in 0..st.units.len() {
            let u = &mut st.units[i];
            if u.stun > 0 && u.status != Status::Dead {
                u.stun = (u.stun - recovery).max(0);
                if u.status == Status::Unconscious
                    && crate::damage::condition(u.stat(1), u.damage, u.stun)
                        == crate::damage::Condition::Fine
                {
                    u.status = Status::Active;
                    u.kneeling = false;
                    changed = true;
                    let name = self.name(st, i);
                    // Read by the unit's witnesses only, as its fall was.
                    let prev = self.widen(st, journal, i);
                    journal.note("tac.dmg.stun-recovery", EventKind::Effect, || {
                        format!("{name} comes round")
                    });
                    self.wake_displace(st, i, journal);
                    journal.set_audience(prev);
                }
            }
        }
        if changed {
            st.resight_all();
        }
        self.hatch_due(st, journal);
        self.check_victory(st, journal);
        if st.outcome.is_none() {
            self.new_round(st, rng, journal);
        }
    }

    /// Recomputes sight after units or the map were changed by hand (test fixtures, scenario
    /// tools): every pair is retraced and reactions count from what is seen now.
    pub fn settle_sight(&self, st: &mut State) {
        st.resight_all();
        self.remember_sight(st);
    }

    /// A unit's name for the journal: seat and type, each held once by the journal
    /// ([`mention`]). Only for journal texts and inputs; menus use [`Tactical::plain_name`].
    pub(crate) fn name(&self, st: &State, i: usize) -> String {
        self.unit_words(st, i, |n| mention(n).to_string())
    }

    /// A unit's name for menus and state lines: seat and type.
    pub(crate) fn plain_name(&self, st: &State, i: usize) -> String {
        self.unit_words(st, i, str::to_string)
    }

    fn unit_words(&self, st: &State, i: usize, name: impl Fn(&str) -> String) -> String {
        st.units.get(i).map_or_else(String::new, |u| {
            format!(
                "{} {} #{}",
                name(st.seats.get(u.seat.index()).map_or("", |s| s.name.as_str())),
                name(&self.catalog.unit(u.kind).name),
                i + 1
            )
        })
    }

    /// tac.game.victory: when at most one team has units standing, it wins (none: a draw).
    pub(crate) fn check_victory(&self, st: &mut State, journal: &mut Journal) {
        if st.outcome.is_some() || self.terror_over(st, journal) {
            return;
        }
        // Civilians fight for nobody (tac.civ.autonomous).
        let mut teams: Vec<u8> = st
            .units
            .iter()
            .filter(|u| u.active() && !self.is_civilian(u))
            .map(|u| st.team(u.seat))
            .collect();
        teams.sort_unstable();
        teams.dedup();
        if teams.len() > 1 {
            return;
        }
        let mut winners = SeatSet::NONE;
        if let Some(&team) = teams.first() {
            for (i, s) in st.seats.iter().enumerate() {
                if s.team == team {
                    winners = winners.with(Seat(i as u8));
                }
            }
        }
        // The outcome keeps the names as words; the journal mentions them (held once).
        let reason_with = |name: &dyn Fn(&str) -> String| {
            let mut reason = if winners.is_empty() {
                "no unit is left standing: a draw".to_string()
            } else {
                let names: Vec<String> = winners
                    .iter()
                    .map(|s| name(&st.seats[s.index()].name))
                    .collect();
                format!("{} eliminated every opposing unit", names.join(" and "))
            };
            if let Some(score) = self.terror_score(st) {
                // tac.gap.69: the civilians saved are the X-Com score.
                reason = format!("{reason} ({score})");
            }
            reason
        };
        let reason = reason_with(&|n| n.to_string());
        journal.note("tac.game.victory", EventKind::End, || {
            reason_with(&|n| mention(n).to_string())
        });
        st.outcome = Some(Outcome { winners, reason });
    }

    /// Whether a unit is a soldier that needs reloading (tac.move.special.load).
    pub(crate) fn reloads(&self, u: &Unit) -> bool {
        matches!(
            self.catalog.unit(u.kind).group,
            Group::XcomSoldier | Group::AlienSoldier
        )
    }

    /// Whether a unit belongs to the human side (night penalty, tac.ranged.mod.night).
    pub(crate) fn human(&self, st: &State, u: &Unit) -> bool {
        st.seats
            .get(u.seat.index())
            .is_some_and(|s| s.side == Side::Xcom)
    }
}

impl TableOptions for Options {
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        Options::set(self, key, value)
    }
}

impl Ruleset for Tactical {
    const ID: &'static str = "tactical";
    type Scenario = ScenarioDef;
    type Options = Options;
    type State = State;
    type Action = Action;
    type Observation = crate::observe::Observation;

    fn data_hash(&self) -> u64 {
        self.data_hash
    }

    fn scenarios(&self) -> &[ScenarioInfo] {
        scenario::builtin()
    }

    fn setup(
        &self,
        scenario: &ScenarioDef,
        options: &Options,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> Result<State, SetupError> {
        options
            .validate()
            .map_err(|e| SetupError { problems: vec![e] })?;
        let squads = self
            .squads(scenario, options)
            .map_err(|problems| SetupError { problems })?;
        self.start(scenario, options, squads, rng, journal)
            .map_err(|problems| SetupError { problems })
    }

    fn to_act(&self, st: &State) -> Decision {
        if let Some(o) = &st.outcome {
            return Decision::Over(o.clone());
        }
        if let Some(r) = st.reactions.first() {
            let seat = st
                .units
                .get(usize::from(r.reactor))
                .map_or(Seat(0), |u| u.control);
            return Decision::Act(seat);
        }
        if let Some(seat) = self.flight_seat(st).or_else(|| self.target_seat(st)) {
            return Decision::Act(seat);
        }
        Decision::Act(st.turn_seat())
    }

    fn legal_actions(&self, st: &State, seat: Seat, out: &mut Vec<Action>) {
        self.legal(st, seat, out);
    }

    fn apply(
        &self,
        st: &mut State,
        seat: Seat,
        action: &Action,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> Result<(), IllegalAction> {
        if Decision::Act(seat) != self.to_act(st) {
            return Err(IllegalAction::new(format!("it is not {seat}'s decision")));
        }
        let mut legal = Vec::new();
        self.legal(st, seat, &mut legal);
        if !legal.contains(action) {
            return Err(IllegalAction::new(format!(
                "{} is not possible now",
                self.describe(st, action)
            )));
        }
        journal.set_context(st.round, Some(seat));
        self.resolve(st, action, rng, journal);
        Ok(())
    }

    fn observe(&self, st: &State, seat: Seat) -> crate::observe::Observation {
        self.observation(st, seat)
    }

    fn determinize(&self, obs: &crate::observe::Observation, rng: &mut GameRng) -> State {
        self.determinized(obs, rng)
    }

    fn evaluate(&self, st: &State, seat: Seat) -> i32 {
        self.value(st, seat)
    }

    fn describe(&self, st: &State, action: &Action) -> String {
        self.describe_action(st, action)
    }

    fn rules_summary(&self) -> &'static str {
        include_str!("../../../docs/rules/tactical.md")
    }

    fn state_lines(&self, st: &State) -> Vec<String> {
        self.lines(st)
    }

    fn observation_lines(&self, obs: &crate::observe::Observation) -> Vec<String> {
        self.lines_for(obs)
    }

    fn text_map(
        &self,
        obs: &crate::observe::Observation,
        request: &str,
    ) -> Option<Result<Vec<String>, String>> {
        Some(self.text_map_lines(obs, request))
    }
}
