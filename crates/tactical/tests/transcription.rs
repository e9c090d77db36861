//! The numbers of the rules data that the main second transcription (`data.rs`,
//! `map_tiles.rs`) does not read back: the Crashed UFO's (source §2.3), the veteran's free
//! boost points (tac.squad.campaign), the number of technology levels (tac.tech.table), smoke
//! and fire damage (source §7.4), and our own missed-shot direction table (tac.gap.1), each
//! written here a second time, independently of `rulesets/tactical/*.ron`.

use squadsight_tactical::catalog::Catalog;
use squadsight_tactical::map::TileSet;

fn rules() -> &'static squadsight_tactical::catalog::Rules {
    Catalog::builtin().unwrap_or_else(|e| panic!("{e}")).rules()
}

/// tac.scen.crash.setup (80% of the points), tac.scen.crash.head-start (two extra turns),
/// tac.scen.crash.engine-roll (85%), tac.scen.crash.engine-blast (100 x 2d10 HE-3).
#[test]
fn tac_scen_crash_numbers() {
    let c = rules().crash;
    assert_eq!(
        (
            c.budget_percent,
            c.head_start,
            c.engine_chance,
            c.blast_base,
            c.blast_rating
        ),
        (80, 2, 85, 100, 3)
    );
}

/// tac.squad.campaign: 20 bonus points; tac.tech.level: levels 1 to 4.
#[test]
fn tac_squad_campaign_and_tech_levels() {
    assert_eq!(rules().boost.veteran, 20);
    assert_eq!(rules().tech_levels, 4);
}

/// tac.smoke.damage (10 ST), tac.fire.damage (20 IN).
#[test]
fn tac_smoke_and_fire_damage() {
    let t = &TileSet::builtin().unwrap_or_else(|e| panic!("{e}")).terrain;
    assert_eq!((t.smoke_stun, t.fire_damage), (10, 20));
}

/// tac.gap.1 (ours): 1-2 left, 3 short-left, 4 long-left, 5 short, 6 long, 7 long-right,
/// 8 short-right, 9-10 right; turns in eighths of a circle.
#[test]
fn tac_gap_1_miss_direction_table() {
    assert_eq!(
        rules().miss,
        [
            (-2, false),
            (-2, false),
            (-1, true),
            (-1, false),
            (0, true),
            (0, false),
            (1, false),
            (1, true),
            (2, false),
            (2, false),
        ]
    );
}
