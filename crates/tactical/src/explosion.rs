//! Explosions and their aftermath on units: where a round lands (HE rounds burst, IN rounds
//! set the ground alight: tac.dmgtype.area-structures, tac.dmgtype.incendiary), splash damage
//! to every unit an explosion reaches (tac.splash.*), stray shots that strike the map
//! (tac.collat.trigger, tac.miss.explosive), units left without a floor (tac.fall.*) and
//! buildings that come down (tac.collapse.*).
//!
//! The map half (`map/blast.rs`, `map/collapse.rs`) decides which squares an explosion
//! reaches with how much damage, what it destroys and which levels fall; this half turns its
//! report into damage to units with the rules' own armour, susceptibility and knockout code
//! (`combat.rs`, `damage.rs`). After every blast, grenades lying in its area go off early
//! (tac.throw.premature, tac.throw.proximity) and sight is retraced.

use crate::catalog::{Damage, DamageType};
use crate::damage::{Facing as Location, struck_location};
use crate::engine::{Tactical, facing_index};
use crate::map::sight::SightBlock;
use crate::map::{Blast, BlastReport, EdgeRef, Faller, Footprint, Item};
use crate::state::{State, Status};
use squadsight_core::square::Pos;
use squadsight_core::{EventKind, GameRng, Input, Journal};

impl Tactical {
    /// A round or strike that hit unit `j`: HE bursts on the unit's square (the unit takes
    /// the centre's damage like everyone there, tac.splash.units); IN deals its damage and
    /// sets the squares around alight (tac.fire.ignite); every other type is a plain hit.
    pub(crate) fn shot_lands(
        &self,
        st: &mut State,
        j: usize,
        dmg: Damage,
        from: Pos,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let at = st.units[j].square(&st.bf);
        match dmg.kind {
            DamageType::HE if dmg.rating > 0 => {
                journal.note("tac.dmgtype.area-structures", EventKind::Attack, || {
                    format!("the {dmg} round bursts on {},{},{}", at.x, at.y, at.z + 1)
                });
                self.blast(st, at, blast_of(dmg), rng, journal);
            }
            DamageType::IN => {
                self.damage_unit(st, j, dmg, from, true, rng, journal);
                journal.note("tac.dmgtype.incendiary", EventKind::Attack, || {
                    format!("the {dmg} round sets {},{},{} alight", at.x, at.y, at.z + 1)
                });
                st.bf.ignite(at, journal);
                st.resight_all();
            }
            _ => self.damage_unit(st, j, dmg, from, true, rng, journal),
        }
    }

    /// A stray shot stopped by the map at `block`, having flown clear as far as `last`: it
    /// strikes what stopped it (tac.collat.trigger). An HE round bursts in the last clear
    /// square and may still catch the original target (tac.miss.explosive); an IN round sets
    /// it alight.
    pub(crate) fn stray_strikes_map(
        &self,
        st: &mut State,
        last: Pos,
        block: Option<SightBlock>,
        dmg: Damage,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        if dmg.kind == DamageType::HE && dmg.rating > 0 {
            journal.note("tac.miss.explosive", EventKind::Attack, || {
                format!(
                    "the stray {dmg} round bursts at {},{},{}",
                    last.x,
                    last.y,
                    last.z + 1
                )
            });
            self.blast(st, last, blast_of(dmg), rng, journal);
            return;
        }
        let item = match block {
            Some(SightBlock::Edge(p, dir)) => Some(Item::Edge(EdgeRef::new(p, dir))),
            Some(SightBlock::Floor(p)) => Some(Item::Floor(p)),
            Some(SightBlock::Object(p)) => Some(Item::Object(p)),
            _ => None,
        };
        if let Some(item) = item {
            journal.note("tac.collat.trigger", EventKind::Attack, || {
                format!("the stray {dmg} strikes {item}")
            });
            let amount = u32::try_from(dmg.amount).unwrap_or(0);
            let stood = footprints(st);
            let report = st.bf.strike(item, dmg.kind, amount, journal);
            self.after_blast(st, &report, &stood, rng, journal);
        } else {
            journal.note("tac.miss.path", EventKind::Attack, || {
                "the stray shot hits nothing that matters".into()
            });
        }
        if dmg.kind == DamageType::IN {
            st.bf.ignite(last, journal);
            st.resight_all();
        }
    }

    /// An explosion of `blast` centred on `centre`: the map's splash, collateral damage and
    /// chain of explosive objects, then everything that does to units.
    pub(crate) fn blast(
        &self,
        st: &mut State,
        centre: Pos,
        blast: Blast,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        // Every seat hears the blast (map/blast.rs); what it does is read by the seats
        // that see its centre, on top of whoever reads its cause, and by each unit's
        // witnesses as it is caught (docs/rules/tactical.md, "The journal and fog of war").
        let prev = self.widen_square(st, journal, centre);
        let stood = footprints(st);
        let report = st.bf.explode(centre, blast, journal);
        self.after_blast(st, &report, &stood, rng, journal);
        journal.set_audience(prev);
    }

    /// Applies what the map reports to units: splash from every area in the report
    /// (tac.splash.units, tac.splash.large-units, tac.splash.facing) on the squares each
    /// unit stood on when it went off (`stood`, from [`footprints`]), then falls where floors
    /// went (tac.fall.*), then collapses (tac.collapse.*); grenades on the map that an area
    /// reached go off (tac.throw.premature, tac.throw.proximity).
    pub(crate) fn after_blast(
        &self,
        st: &mut State,
        report: &BlastReport,
        stood: &[Footprint],
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        for area in &report.areas {
            for j in 0..st.units.len() {
                if st.units[j].status == Status::Dead {
                    continue;
                }
                // tac.splash.large-units: the unit's square closest to the centre, which
                // took the most.
                let squares = stood
                    .get(j)
                    .copied()
                    .unwrap_or_else(|| st.units[j].cells(&st.bf));
                let Some((cell, amount)) = squares
                    .into_iter()
                    .map(|c| (c, area.damage_at(c)))
                    .max_by_key(|&(c, d)| (d, std::cmp::Reverse(c)))
                    .filter(|&(_, d)| d > 0)
                else {
                    continue;
                };
                // tac.splash.facing: the armour facing the centre; in the centre square
                // itself, or from straight below, the Under armour (tac.gap.59).
                let loc = struck_location(cell, facing_index(st.units[j].facing), area.centre);
                let dmg = Damage {
                    amount: i16::try_from(amount).unwrap_or(i16::MAX),
                    kind: DamageType::HE,
                    rating: area.blast.rating,
                };
                let name = self.name(st, j);
                let c = area.centre;
                journal.note_with(
                    "tac.splash.units",
                    EventKind::Damage,
                    || {
                        format!(
                            "{name} is caught in the blast: {amount} HE on its {}",
                            loc.name()
                        )
                    },
                    || {
                        vec![
                            Input::new(
                                "blast",
                                format!("{} HE-{}", area.blast.damage, area.blast.rating),
                                "tac.splash.rating",
                            ),
                            Input::new(
                                "centre",
                                format!("{},{},{}", c.x, c.y, c.z + 1),
                                "tac.splash.rating",
                            ),
                            Input::new(
                                "nearest square",
                                format!("{},{},{}", cell.x, cell.y, cell.z + 1),
                                "tac.splash.large-units",
                            ),
                            Input::new("damage there", amount, "tac.splash.units"),
                            Input::new("armour location", loc.name(), "tac.splash.facing"),
                        ]
                    },
                );
                // tac.gap.54: splash is a lethal weapon hit and may wound critically.
                self.damage_unit_at(st, j, dmg, loc, true, rng, journal);
            }
        }
        if !report.floors_gone.is_empty() {
            for j in 0..st.units.len() {
                self.fall_unit(st, j, rng, journal);
            }
        }
        if report
            .destroyed
            .iter()
            .any(|d| matches!(d.item, Item::Edge(_)))
        {
            self.collapse(st, rng, journal);
        }
        st.resight_all();
        self.remember_sight(st);
        self.grenades_in_blast(st, report, rng, journal);
        self.check_victory(st, journal);
    }

    /// A unit with no floor under it drops to the highest floor below and takes 10 CC on its
    /// Under armour for each level after the first (tac.fall.trigger, tac.fall.damage).
    /// Flyers hover where they are. A unit it lands on is knocked down (tac.fall.onto-unit).
    pub(crate) fn fall_unit(
        &self,
        st: &mut State,
        j: usize,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let u = &st.units[j];
        if u.status == Status::Dead || (u.flies && u.active()) {
            return;
        }
        let Some((to, levels)) = st.bf.fall(u.pos, u.size) else {
            return;
        };
        self.drop_unit(st, j, to, levels, rng, journal);
    }

    /// Moves unit `j` down `levels` onto `to` and deals the falling damage.
    fn drop_unit(
        &self,
        st: &mut State,
        j: usize,
        to: Pos,
        levels: u32,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let name = self.name(st, j);
        let size = st.units[j].size;
        // tac.fall.onto-unit (tac.gap.57, ours): a standing unit landed on is knocked down
        // and loses the TUs it has left this round; the faller ends beside it, in the
        // nearest free square of that level (or on top of it if there is none).
        let under = st.bf.footprint(to, size).into_iter().find_map(|c| {
            st.units
                .iter()
                .enumerate()
                .position(|(k, o)| k != j && o.active() && o.covers(&st.bf, c))
        });
        let mut land = to;
        if let Some(k) = under {
            let other = self.name(st, k);
            st.units[k].tu = 0;
            journal.note("tac.fall.onto-unit", EventKind::Damage, || {
                format!("{name} lands on {other}, who is knocked down and loses its TUs")
            });
            if let Some(p) = self.free_square_near(st, j, to) {
                land = p;
            }
        }
        st.units[j].pos = land;
        st.units[j].kneeling = false;
        journal.note_with(
            "tac.fall.trigger",
            EventKind::Move,
            || {
                format!(
                    "{name} falls {levels} level(s) to {},{},{}",
                    land.x,
                    land.y,
                    land.z + 1
                )
            },
            || vec![Input::new("levels", levels, "tac.fall.trigger")],
        );
        let per = self.catalog.rules().fall_per_level;
        let amount = per * i16::try_from(levels.saturating_sub(1)).unwrap_or(i16::MAX / per);
        if amount > 0 {
            let dmg = Damage {
                amount,
                kind: DamageType::CC,
                rating: 0,
            };
            journal.note_with(
                "tac.fall.damage",
                EventKind::Damage,
                || format!("{name} takes {amount} CC from the fall"),
                || {
                    vec![
                        Input::new("levels fallen", levels, "tac.fall.damage"),
                        Input::new("per level after the first", per, "tac.fall.damage"),
                    ]
                },
            );
            // tac.gap.54: falling never wounds critically.
            self.damage_unit_at(st, j, dmg, Location::Under, false, rng, journal);
        }
    }

    /// The nearest square of `near`'s level where unit `j` could stand, no other unit
    /// standing there, searched ring by ring in map order.
    fn free_square_near(&self, st: &State, j: usize, near: Pos) -> Option<Pos> {
        let size = st.units[j].size;
        for r in 1..=4i32 {
            for dy in -r..=r {
                for dx in -r..=r {
                    if dx.abs().max(dy.abs()) != r {
                        continue;
                    }
                    let p = Pos::new(near.x + dx, near.y + dy, near.z);
                    let free = size.cells(p).all(|c| {
                        st.bf.standable(c)
                            && !st.units.iter().enumerate().any(|(k, o)| {
                                k != j && o.status != Status::Dead && o.covers(&st.bf, c)
                            })
                    });
                    if free {
                        return Some(p);
                    }
                }
            }
        }
        None
    }

    /// Buildings that lost too many walls come down (tac.collapse.trigger): units under the
    /// fallen levels take 20 CC a level on their Front (tac.collapse.crush), units on them
    /// drop to the level that stands (tac.collapse.fall).
    fn collapse(&self, st: &mut State, rng: &mut GameRng, journal: &mut Journal) {
        let fell = st.bf.check_collapse(journal);
        for c in &fell {
            for j in 0..st.units.len() {
                let u = &st.units[j];
                if u.status == Status::Dead {
                    continue;
                }
                match c.effect_on(u.pos, u.size) {
                    Some(Faller::Crushed { cc }) if cc > 0 => {
                        let name = self.name(st, j);
                        journal.note_with(
                            "tac.collapse.crush",
                            EventKind::Damage,
                            || format!("{name} is buried under the falling floors: {cc} CC"),
                            || {
                                vec![
                                    Input::new(
                                        "levels fallen",
                                        c.levels_fallen,
                                        "tac.collapse.crush",
                                    ),
                                    Input::new("per level", c.cc_per_level, "tac.collapse.crush"),
                                ]
                            },
                        );
                        let dmg = Damage {
                            amount: i16::try_from(cc).unwrap_or(i16::MAX),
                            kind: DamageType::CC,
                            rating: 0,
                        };
                        self.damage_unit_at(st, j, dmg, Location::Front, false, rng, journal);
                    }
                    Some(Faller::Falls { to, levels }) => {
                        journal.note("tac.collapse.fall", EventKind::Move, || {
                            "the floor gives way under it".into()
                        });
                        self.drop_unit(st, j, to, levels, rng, journal);
                    }
                    _ => {}
                }
            }
        }
    }
}

/// The squares every unit stands on, by index, read before something changes the map: a
/// blast catches a unit where it stood when it went off, though the blast itself may flatten
/// the ramp's top a 2 × 2 unit stood across (`tac.unit.size`, `tac.collat.ground-floor`).
pub(crate) fn footprints(st: &State) -> Vec<Footprint> {
    st.units.iter().map(|u| u.cells(&st.bf)).collect()
}

/// The explosion of an HE round or grenade.
pub(crate) fn blast_of(dmg: Damage) -> Blast {
    Blast {
        damage: u32::try_from(dmg.amount).unwrap_or(0),
        rating: dmg.rating.max(1),
    }
}
