//! Tiles laid by the players (tac.map.build): a scenario lists the tiles its table laid, in
//! the order they were laid, the squads taking turns; the slots left are dealt from the seed.

use crate::rules::tactical;
use squadsight_core::{GameRng, Journal, Ruleset};
use squadsight_tactical::options::Options;
use squadsight_tactical::scenario::PlacedTileDef;

fn laid(row: u8, column: u8, tile: &str, rotation: u8) -> PlacedTileDef {
    PlacedTileDef {
        row,
        column,
        tile: tile.into(),
        rotation,
    }
}

/// tac.map.build: two laid tiles stand where they were laid, each named with the squad that
/// laid it in turn; the other 23 slots are dealt.
#[test]
fn tac_map_build_laid_tiles_and_the_rest_dealt() {
    let t = tactical();
    let mut sc = t.scenario("assault").unwrap_or_else(|e| panic!("{e}"));
    sc.map.placed = vec![laid(1, 1, "farm-barn", 1), laid(5, 5, "farm-house", 2)];
    let mut j = Journal::recording();
    t.setup(&sc, &Options::default(), &mut GameRng::new(4), &mut j)
        .unwrap_or_else(|e| panic!("{e}"));
    let texts: Vec<String> = j
        .events()
        .iter()
        .filter(|e| e.rule == "tac.map.build")
        .map(|e| e.text.to_string())
        .collect();
    assert_eq!(texts.len(), 25, "{texts:?}");
    assert_eq!(
        texts[0],
        "X-Com lays \"farm-barn\" at row 1 column 1, turned 90°"
    );
    assert_eq!(
        texts[1],
        "Aliens lays \"farm-house\" at row 5 column 5, turned 180°"
    );
    let dealt: Vec<&String> = texts.iter().filter(|t| t.starts_with("Tile row")).collect();
    assert_eq!(dealt.len(), 23);
    assert!(!dealt.iter().any(|t| t.starts_with("Tile row 1 column 1:")));
    assert!(!dealt.iter().any(|t| t.starts_with("Tile row 5 column 5:")));
}

/// tac.map.build: a tile laid twice in one slot, off the grid, turned too far or not among
/// the scenario's terrains stops setup with a message that names it.
#[test]
fn tac_map_build_bad_laid_tiles_are_refused() {
    let t = tactical();
    for (placed, says) in [
        (
            vec![laid(2, 2, "farm-barn", 0), laid(2, 2, "farm-house", 0)],
            "already holds a tile",
        ),
        (vec![laid(6, 1, "farm-barn", 0)], "1 to 5"),
        (vec![laid(1, 1, "farm-barn", 4)], "quarter turns"),
        (vec![laid(1, 1, "base-hangar", 0)], "no tile `base-hangar`"),
    ] {
        let mut sc = t.scenario("assault").unwrap_or_else(|e| panic!("{e}"));
        sc.map.placed = placed;
        match t.setup(
            &sc,
            &Options::default(),
            &mut GameRng::new(4),
            &mut Journal::off(),
        ) {
            Ok(_) => panic!("accepted: {says}"),
            Err(e) => assert!(e.to_string().contains(says), "{e}"),
        }
    }
}
