//! The Crashed UFO/Skyranger scenario (tac.scen.crash.*): one side starts in a downed craft
//! with a smaller budget and two rounds to itself, and the craft's power sources may have
//! blown up on impact.
//!
//! Our readings (`docs/rules/tactical.md`): a power source is a group of Skyranger Engines or
//! UFO Power Source squares touching side by side inside the crashed craft's footprint; each
//! group rolls d100 once on the setup stream and explodes on 85 or less, centred on its first
//! square in map order, before anyone deploys (tac.gap.16). The blast is 100 × (2d10) HE-3, or
//! 100 + 2d10 with the `crash_blast=plus` option; the reading is recorded in the save with the
//! other options. The crashed side deploys on whatever floor is left in its craft's
//! footprint. A grounded craft's engines are ordinary explosive objects (90 HE-2,
//! tac.scen.crash.grounded-engine), which `map/blast.rs` handles.

use crate::engine::Tactical;
use crate::map::{Battlefield, Blast, ObjectKind};
use crate::options::{CrashBlast, Options};
use squadsight_core::dice::{Dice, Target, roll_on};
use squadsight_core::rng::Stream;
use squadsight_core::square::{Dir, Pos};
use squadsight_core::{EventKind, GameRng, Input, Journal};

/// Whether an object kind is a craft's power source (tac.scen.crash.engine-roll).
fn power_source(kind: ObjectKind) -> bool {
    matches!(
        kind,
        ObjectKind::SkyrangerEngines | ObjectKind::UfoPowerSource
    )
}

/// Whether `p` lies in the footprint of craft `craft`.
fn in_footprint(bf: &Battlefield, craft: usize, p: Pos) -> bool {
    bf.crafts().get(craft).is_some_and(|c| {
        p.x >= c.origin.x
            && p.x < c.origin.x + c.size.0 as i32
            && p.y >= c.origin.y
            && p.y < c.origin.y + c.size.1 as i32
    })
}

/// The power sources of a craft: groups of power-source squares joined side by side, each
/// listed in map order, the groups in the order of their first square.
pub fn power_sources(bf: &Battlefield, craft: usize) -> Vec<Vec<Pos>> {
    let cells: Vec<Pos> = bf
        .positions()
        .filter(|&p| {
            in_footprint(bf, craft, p)
                && bf
                    .square(p)
                    .and_then(|s| s.object)
                    .is_some_and(power_source)
        })
        .collect();
    let mut seen = vec![false; cells.len()];
    let mut groups = Vec::new();
    for start in 0..cells.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut group = vec![cells[start]];
        let mut k = 0;
        while k < group.len() {
            let here = group[k];
            for dir in Dir::ALL {
                let there = here.step(dir);
                if let Some(i) = cells.iter().position(|&c| c == there)
                    && !seen[i]
                {
                    seen[i] = true;
                    group.push(there);
                }
            }
            k += 1;
        }
        group.sort_unstable();
        groups.push(group);
    }
    groups
}

/// The squares the units of craft `craft` deploy on: the craft's floors, or, for a crashed
/// craft, any floor left in its footprint (the crash may have blown the hull away).
pub(crate) fn deploy_cells(bf: &Battlefield, craft: usize, crashed: bool) -> Vec<Pos> {
    if !crashed {
        return bf.deploy_cells(craft);
    }
    bf.positions()
        .filter(|&p| in_footprint(bf, craft, p) && bf.standable(p))
        .collect()
}

impl Tactical {
    /// The crash roll for every power source of the crashed craft (tac.scen.crash.engine-roll)
    /// and the blast of each that exploded (tac.scen.crash.engine-blast), before deployment.
    pub(crate) fn crash_site(
        &self,
        bf: &mut Battlefield,
        craft: usize,
        options: &Options,
        rng: &mut GameRng,
        journal: &mut Journal,
    ) {
        let c = self.catalog.rules().crash;
        for group in power_sources(bf, craft) {
            let at = group[0];
            let r = roll_on(
                rng,
                Stream::Setup,
                Dice::D100,
                Some(Target::AtMost(u32::from(c.engine_chance))),
            );
            journal.roll_with(
                "tac.scen.crash.engine-roll",
                &r,
                || {
                    format!(
                        "the power source at {},{},{} ({} squares): d100 {}, {}",
                        at.x,
                        at.y,
                        at.z + 1,
                        group.len(),
                        r.total,
                        if r.success == Some(true) {
                            "it exploded in the crash"
                        } else {
                            "it held"
                        }
                    )
                },
                || {
                    vec![Input::new(
                        "chance",
                        format!("{}%", c.engine_chance),
                        "tac.scen.crash.engine-roll",
                    )]
                },
            );
            if r.success != Some(true) {
                continue;
            }
            // 2d10: any faces do; the roll's odds that matter are the engine roll's.
            let mut sum = 0u32;
            for _ in 0..2 {
                let d = roll_on(rng, Stream::Setup, Dice::D10, Some(Target::AtLeast(1)));
                journal.roll("tac.scen.crash.engine-blast", &d, || {
                    format!("d10 {} for the size of the blast", d.total)
                });
                sum += d.total;
            }
            let (damage, reading) = match options.crash_blast {
                CrashBlast::Times => (c.blast_base * sum, "100 x 2d10"),
                CrashBlast::Plus => (c.blast_base + sum, "100 + 2d10"),
            };
            journal.note_with(
                "tac.scen.crash.engine-blast",
                EventKind::Setup,
                || format!("the power source blows up: {damage} HE-{}", c.blast_rating),
                || {
                    vec![
                        Input::new("2d10", sum, "tac.scen.crash.engine-blast"),
                        Input::new("reading", reading, "tac.gap.16"),
                    ]
                },
            );
            bf.explode(
                at,
                Blast {
                    damage,
                    rating: c.blast_rating,
                },
                journal,
            );
        }
    }
}
