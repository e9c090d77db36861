//! Fire and smoke on the map (`tac.smoke.*`, `tac.fire.*`): where they start, how long they
//! last, and what each round's end does.
//!
//! Durations count rounds (`tac.gap.14`): a cloud made during round R with 3 rounds lasts to
//! the end of round R + 2 (`tac.smoke.duration`). At the end of every round the rules damage
//! the units in the squares [`Battlefield::end_round`] lists, then the clouds count down.
//! Where clouds overlap the longer time left is kept (`tac.gap.60`). A fire square is a
//! smoke square too (`tac.fire.damage`: 20 IN as well as the 10 ST). A burning object burns
//! out with its fire and is destroyed (`tac.gap.60`).
//!
//! Our addition, a table option: fire may spread. With a spread chance, at the end of each
//! round every fire square rolls d100 for each of its four neighbours on its level that has
//! something to burn (a normal object, crops or hay) and is not already burning, across no
//! wall; a roll at or under the chance sets it alight.

use super::battlefield::{Battlefield, Cloud};
use super::blast::{BlastReport, Item};
use super::terrain::{Blast, FloorKind, StrengthClass};
use super::tile::EdgeKind;
use serde::{Deserialize, Serialize};
use squadsight_core::dice::{Dice, Target, roll};
use squadsight_core::journal::{EventKind, Journal};
use squadsight_core::rng::GameRng;
use squadsight_core::square::{Dir, Pos};

/// Smoke or fire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CloudKind {
    /// Obscuring smoke (`tac.smoke.*`).
    Smoke,
    /// Fire (`tac.fire.*`).
    Fire,
}

/// What the end of a round does on the map.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RoundEffects {
    /// Squares in smoke this round: units there take 10 ST (`tac.smoke.damage`).
    pub smoke: Vec<Pos>,
    /// Squares on fire this round: units there not flying take 20 IN (`tac.fire.damage`,
    /// `tac.fire.flyers`).
    pub fire: Vec<Pos>,
    /// Squares newly set alight by spreading fire (the option).
    pub spread: Vec<Pos>,
    /// Objects that burned out and are gone, with any explosions they set off.
    pub burned_out: BlastReport,
    /// Squares whose smoke or fire ended.
    pub cleared: Vec<Pos>,
}

impl Battlefield {
    /// Adds smoke or fire to a square for `rounds`, keeping the longer time if it already
    /// has some (fire also brings smoke).
    pub fn add_cloud(&mut self, kind: CloudKind, pos: Pos, rounds: u8) {
        if !self.contains(pos) || rounds == 0 {
            return;
        }
        let list = match kind {
            CloudKind::Smoke => &mut self.smoke,
            CloudKind::Fire => &mut self.fire,
        };
        match list.binary_search_by(|c| c.pos.cmp(&pos)) {
            Ok(i) => list[i].rounds = list[i].rounds.max(rounds),
            Err(i) => list.insert(i, Cloud { pos, rounds }),
        }
        if kind == CloudKind::Fire {
            self.add_cloud(CloudKind::Smoke, pos, rounds);
        }
    }

    /// The squares around `centre` on its level within `radius` (Chebyshev), reached without
    /// crossing a wall, window or closed door, in map order.
    fn patch(&self, centre: Pos, radius: i32) -> Vec<Pos> {
        let mut found = vec![centre];
        let mut frontier = vec![centre];
        while let Some(p) = frontier.pop() {
            for dir in Dir::ALL {
                let q = p.step(dir);
                if !self.contains(q)
                    || (q.x - centre.x).abs() > radius
                    || (q.y - centre.y).abs() > radius
                    || found.contains(&q)
                {
                    continue;
                }
                let blocked = self
                    .edge(p, dir)
                    .is_some_and(|e| matches!(e.kind, EdgeKind::Wall | EdgeKind::Window))
                    || (self.edge(p, dir).is_some_and(|e| e.kind == EdgeKind::Door)
                        && self.edge_blocks_movement(p, dir));
                if !blocked {
                    found.push(q);
                    frontier.push(q);
                }
            }
        }
        found.sort_unstable();
        found
    }

    /// An incendiary impact at `centre` (`tac.fire.ignite`, `tac.smoke.source`): fire and
    /// smoke on the 3 × 3 squares around it on its level that the fire can reach
    /// (`tac.gap.60`), for the table's rounds; normal objects there are set alight
    /// (`tac.fire.objects`). Returns the squares set burning, in map order.
    pub fn ignite(&mut self, centre: Pos, journal: &mut Journal) -> Vec<Pos> {
        if !self.contains(centre) {
            return Vec::new();
        }
        let squares = self.patch(centre, 1);
        let rounds = self.terrain.fire_rounds;
        for &p in &squares {
            self.add_cloud(CloudKind::Fire, p, rounds);
        }
        journal.note("tac.fire.ignite", EventKind::Effect, || {
            format!(
                "Incendiary at {centre:?}: {} squares burn for {rounds} rounds",
                squares.len()
            )
        });
        squares
    }

    /// A smoke grenade going off at `centre` (`tac.equip.smoke-grenade`,
    /// `tac.smoke.grenade-duration`): smoke over the area a 60 HE-1 blast would reach
    /// (`tac.gap.60`), for the grenade's rounds, with no damage. Returns the squares.
    pub fn smoke_grenade(&mut self, centre: Pos, journal: &mut Journal) -> Vec<Pos> {
        let blast = Blast {
            damage: 60,
            rating: 1,
        };
        let squares = self.reach(centre, blast);
        let rounds = self.terrain.grenade_smoke_rounds;
        for &p in &squares {
            self.add_cloud(CloudKind::Smoke, p, rounds);
        }
        journal.note("tac.smoke.grenade-duration", EventKind::Effect, || {
            format!(
                "Smoke grenade at {centre:?}: {} squares of smoke for {rounds} rounds",
                squares.len()
            )
        });
        squares
    }

    /// The squares an explosion of `blast` at `centre` would reach, without damaging
    /// anything (walls, windows, closed doors and floors stop it), in map order. Used for the
    /// smoke grenade's cloud and the Electro Flare's lit area (`tac.equip.flare`).
    pub fn reach(&self, centre: Pos, blast: Blast) -> Vec<Pos> {
        // A dry run on a copy: structures are looked at, never struck.
        let mut probe = self.clone();
        let area = probe.spread(
            true,
            centre,
            blast,
            &mut BlastReport::default(),
            &mut Vec::new(),
            &mut Journal::off(),
        );
        let mut out: Vec<Pos> = area.hits.iter().map(|h| h.pos).collect();
        out.sort_unstable();
        out
    }

    /// End of round (`tac.gap.14`): lists the squares in smoke and fire (for the rules to
    /// damage the units there), spreads fire if the table allows (`spread_percent`), then
    /// counts every cloud down, clearing finished ones and destroying objects that burned
    /// out (`tac.gap.60`).
    pub fn end_round(
        &mut self,
        spread_percent: Option<u32>,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) -> RoundEffects {
        let mut fx = RoundEffects {
            smoke: self.smoke.iter().map(|c| c.pos).collect(),
            fire: self.fire.iter().map(|c| c.pos).collect(),
            ..RoundEffects::default()
        };
        if let Some(chance) = spread_percent.filter(|&c| c > 0) {
            let burning: Vec<Pos> = fx.fire.clone();
            for p in burning {
                for dir in Dir::ALL {
                    let q = p.step(dir);
                    if !self.flammable(q)
                        || self.fire_at(q).is_some()
                        || self.edge_blocks_movement(p, dir)
                            && self.edge(p, dir).is_some_and(|e| e.kind != EdgeKind::Fence)
                    {
                        continue;
                    }
                    let r = roll(rng, Dice::D100, Some(Target::AtMost(chance)));
                    journal.roll("tac.fire.ignite", &r, || {
                        format!("Fire at {p:?} spreads to {q:?}? needs {chance} or less")
                    });
                    if r.success == Some(true) {
                        let rounds = self.terrain.fire_rounds;
                        self.add_cloud(CloudKind::Fire, q, rounds);
                        fx.spread.push(q);
                    }
                }
            }
        }
        let mut burned = Vec::new();
        for c in &mut self.fire {
            c.rounds = c.rounds.saturating_sub(1);
            if c.rounds == 0 {
                fx.cleared.push(c.pos);
                burned.push(c.pos);
            }
        }
        self.fire.retain(|c| c.rounds > 0);
        for c in &mut self.smoke {
            c.rounds = c.rounds.saturating_sub(1);
            if c.rounds == 0 && !fx.cleared.contains(&c.pos) {
                fx.cleared.push(c.pos);
            }
        }
        self.smoke.retain(|c| c.rounds > 0);
        fx.cleared.sort_unstable();
        for p in burned {
            let burns = self
                .square(p)
                .and_then(|s| s.object)
                .is_some_and(|o| self.terrain.object(o).class == StrengthClass::Normal);
            if burns {
                journal.note("tac.fire.objects", EventKind::Effect, || {
                    format!("The object at {p:?} has burned out and is gone")
                });
                let explosive = self
                    .square(p)
                    .and_then(|s| s.object)
                    .is_some_and(|o| self.terrain.object(o).explosive);
                self.remove_item(Item::Object(p), &mut fx.burned_out);
                fx.burned_out.destroyed.push(super::blast::Destroyed {
                    item: Item::Object(p),
                    class: StrengthClass::Normal,
                    explosive,
                });
                if explosive {
                    let blast = self.terrain.explosive_blast;
                    let more = self.explode(p, blast, journal);
                    fx.burned_out.areas.extend(more.areas);
                    fx.burned_out.destroyed.extend(more.destroyed);
                    fx.burned_out.floors_gone.extend(more.floors_gone);
                    fx.burned_out.ignited.extend(more.ignited);
                }
            }
        }
        self.settle(&fx.burned_out);
        fx
    }

    /// Whether a square has something fire can take hold of: a normal-class object, or crops
    /// or hay underfoot.
    fn flammable(&self, p: Pos) -> bool {
        self.square(p).is_some_and(|s| {
            s.object
                .is_some_and(|o| self.terrain.object(o).class == StrengthClass::Normal)
                || matches!(s.floor, Some(FloorKind::TallGrass | FloorKind::Hay))
        })
    }
}
