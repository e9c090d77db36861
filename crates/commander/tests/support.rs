//! What the Commander tests share: the built-in catalog and names looked up in it, a terrain
//! piece for a table, and the moves a session offers. Tests that drive the engine through the
//! `Ruleset` contract itself (not the fixture's `Session`) call it only through [`setup`] and
//! [`apply`], so a change to that contract is mended here alone.

use squadsight_commander::action::Action;
use squadsight_commander::board::{Cell, Piece, TerrainKind};
use squadsight_commander::catalog::{Catalog, UnitId, WeaponId};
use squadsight_commander::fixture::Session;
use squadsight_commander::state::ModelId;
use squadsight_core::{GameRng, IllegalAction, Journal, Ruleset, Seat, SetupError};

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

/// Opens a game through the `Ruleset` contract: the one call of `Ruleset::setup` in these
/// tests.
pub fn setup<G: Ruleset>(
    rules: &G,
    scenario: &G::Scenario,
    options: &G::Options,
    rng: &mut GameRng,
    journal: &mut Journal,
) -> Result<G::State, SetupError> {
    rules.setup(scenario, options, rng, journal)
}

/// Applies one action through the `Ruleset` contract: the one call of `Ruleset::apply` in
/// these tests.
pub fn apply<G: Ruleset>(
    rules: &G,
    state: &mut G::State,
    seat: Seat,
    action: &G::Action,
    rng: &mut GameRng,
    journal: &mut Journal,
) -> Result<(), IllegalAction> {
    rules.apply(state, seat, action, rng, journal)
}
