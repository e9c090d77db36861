//! What the Commander tests share: the built-in catalog and names looked up in it, a terrain
//! piece for a table, and the moves a session offers. Tests that drive the engine through the
//! `Ruleset` contract itself (not the fixture's `Session`) call it only through [`setup`] and
//! [`play`] of the contract driver the Skirmish tests share with these.

pub use crate::contract::{play, setup};
use squadsight_commander::action::Action;
use squadsight_commander::board::{Cell, Piece, TerrainKind};
use squadsight_commander::catalog::{Catalog, UnitId, WeaponId};
use squadsight_commander::fixture::Session;
use squadsight_commander::state::ModelId;

/// The built-in catalog (the one every `Fixture` session plays with).
pub fn catalog() -> &'static Catalog {
    match Catalog::builtin() {
        Ok(c) => c,
        Err(e) => panic!("Commander data does not load:\n{e}"),
    }
}

/// A unit of the built-in catalog by name.
pub fn unit_id(name: &str) -> UnitId {
    catalog()
        .unit_id(name)
        .unwrap_or_else(|| panic!("no unit {name}"))
}

/// A weapon of the built-in catalog by name.
pub fn weapon_id(name: &str) -> WeaponId {
    catalog()
        .weapon_id(name)
        .unwrap_or_else(|| panic!("no weapon {name}"))
}

/// A destructible terrain piece of `kind` and `height` over `cells`.
pub fn piece(kind: TerrainKind, height: u8, cells: &[(u8, u8)]) -> Piece {
    Piece {
        name: "test piece".into(),
        kind,
        height,
        indestructible: false,
        cells: cells.iter().map(|&(x, y)| Cell::new(x, y)).collect(),
        destroyed: false,
    }
}

/// Activates the model standing on (`x`, `y`) for `seat` and returns it.
pub fn activate(s: &mut Session, seat: u8, x: u8, y: u8) -> ModelId {
    let m = s
        .model_at(x, y)
        .unwrap_or_else(|e| panic!("no model at ({x}, {y}): {e}"));
    if let Err(e) = s.act(seat, Action::Activate(m)) {
        panic!("the model at ({x}, {y}) may not activate: {e}");
    }
    m
}

/// Has the active model of `seat` attack `target` with `weapon`, spending `actions` actions.
pub fn attack(s: &mut Session, seat: u8, weapon: WeaponId, target: ModelId, actions: u8) {
    let a = Action::Attack {
        weapon,
        target,
        actions,
    };
    if let Err(e) = s.act(seat, a) {
        panic!("{a:?} is refused: {e}");
    }
}

/// The cells a Run reaches for `seat` now, with its action count.
pub fn runs(s: &Session, seat: u8) -> Vec<(Cell, u8)> {
    s.legal(seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::Run { to, actions } => Some((to, actions)),
            _ => None,
        })
        .collect()
}

/// Has the active model of `seat` Run to (`x`, `y`), spending `actions` actions.
pub fn run_to(s: &mut Session, seat: u8, x: u8, y: u8, actions: u8) {
    let a = Action::Run {
        to: Cell::new(x, y),
        actions,
    };
    if let Err(e) = s.act(seat, a) {
        panic!("{a:?} is refused: {e}");
    }
}
