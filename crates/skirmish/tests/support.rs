//! What the Skirmish tests share beyond the fixture: building a card or Spec play by name,
//! reading a unit, listing what the deciding side may do, ending a turn, and checking that a
//! refused action changes nothing. Tests that drive the engine through the `Ruleset` contract
//! itself (not the fixture's `Session`) open and play games only through `contract.rs`
//! ([`setup`], [`apply`], [`play_random`]), which the Commander tests share.

pub use crate::contract::{apply, play_random, setup};
use squadsight_core::{GameRng, Journal};
use squadsight_skirmish::Skirmish;
use squadsight_skirmish::action::Action;
use squadsight_skirmish::fixture::Session;
use squadsight_skirmish::options::Options;
use squadsight_skirmish::state::{Frame, HexId, State, UnitId};
use std::collections::BTreeSet;

/// A test that fails with a message.
pub type R = Result<(), String>;

/// A Spec N play of row N of `table` (option `alt`) for `unit`.
pub fn spec(s: &Session, n: u8, unit: UnitId, table: &str, alt: u8) -> Result<Action, String> {
    Ok(Action::Spec {
        card: s.card(&format!("spec-{n}"))?,
        unit,
        table: s.table(table)?,
        alt,
    })
}

/// Whether a Spec N play of row N of `table` (option `alt`) for `by` is offered to `side` now.
pub fn spec_listed(
    s: &Session,
    side: u8,
    n: u8,
    by: UnitId,
    table: &str,
    alt: u8,
) -> Result<bool, String> {
    Ok(s.legal(side).contains(&spec(s, n, by, table, alt)?))
}

/// Plays Spec N on row N of `table` (option `alt`) for `by`, as `side`.
pub fn play_spec(s: &mut Session, side: u8, n: u8, by: UnitId, table: &str, alt: u8) -> R {
    let a = spec(s, n, by, table, alt)?;
    s.act(side, a)
}

/// A deck card's printed effect for `unit`.
pub fn card(s: &Session, name: &str, unit: UnitId) -> Result<Action, String> {
    Ok(Action::Card {
        card: s.card(name)?,
        unit: Some(unit),
    })
}

/// Whether deck card `name` may be played for `unit` by `side` now.
pub fn can_play(s: &Session, side: u8, name: &str, unit: UnitId) -> Result<bool, String> {
    Ok(s.legal(side).contains(&card(s, name, unit)?))
}

/// Plays deck card `name` for `by` and aims it at `at`, as `side`.
pub fn shoot(s: &mut Session, side: u8, name: &str, by: UnitId, at: UnitId) -> R {
    s.play_card(side, name, by)?;
    s.act(side, Action::TargetUnit(at))
}

/// A unit's Hits.
pub fn hits(s: &Session, id: UnitId) -> Result<u8, String> {
    Ok(s.unit(id)?.hits)
}

/// Whether a unit is on the map (not killed or removed).
pub fn on_map(s: &Session, id: UnitId) -> Result<bool, String> {
    Ok(s.unit(id)?.on_map())
}

/// The (col, row) of a hex.
pub fn at(s: &Session, h: HexId) -> (u8, u8) {
    s.state().board().offset(h)
}

/// The destinations listed for the move in progress, as (col, row).
pub fn destinations(s: &Session, side: u8) -> BTreeSet<(u8, u8)> {
    s.legal(side)
        .iter()
        .filter_map(|a| match a {
            Action::MoveTo(h) => Some(at(s, *h)),
            _ => None,
        })
        .collect()
}

/// Every hex `lo..=hi` steps from the hex at `from` that holds no unit, as (col, row).
pub fn ring(s: &Session, from: (u8, u8), lo: u32, hi: u32) -> Result<BTreeSet<(u8, u8)>, String> {
    let b = s.state().board();
    let from = s.hex(from.0, from.1)?;
    Ok((0..b.len() as u16)
        .map(HexId)
        .filter(|h| (lo..=hi).contains(&b.distance(from, *h)))
        .filter(|h| !s.state().on_map().any(|(_, u)| u.pos == *h))
        .map(|h| b.offset(h))
        .collect())
}

/// How many free moves `side` may make with `unit` now.
pub fn free_moves(s: &Session, side: u8, unit: UnitId) -> usize {
    s.legal(side)
        .iter()
        .filter(|a| matches!(a, Action::FreeMove { unit: u, .. } if *u == unit))
        .count()
}

/// The units the deciding side may aim at now.
pub fn unit_targets(s: &Session, side: u8) -> BTreeSet<UnitId> {
    s.legal(side)
        .into_iter()
        .filter_map(|a| match a {
            Action::TargetUnit(u) => Some(u),
            _ => None,
        })
        .collect()
}

/// The tables offered for Spec `n` on `unit` in the deciding side's current list.
pub fn spec_tables(s: &Session, side: u8, n: u8, unit: UnitId) -> Result<BTreeSet<String>, String> {
    let c = s.card(&format!("spec-{n}"))?;
    Ok(s.legal(side)
        .into_iter()
        .filter_map(|a| match a {
            Action::Spec {
                card,
                unit: u,
                table,
                ..
            } if card == c && u == unit => {
                s.ruleset().catalog().table(table).map(|t| t.key.clone())
            }
            _ => None,
        })
        .collect())
}

/// Whether any legal action of `side` names `unit` as the acting unit.
pub fn acts_for(s: &Session, side: u8, unit: UnitId) -> bool {
    s.legal(side).into_iter().any(|a| match a {
        Action::FreeMove { unit: u, .. }
        | Action::Spec { unit: u, .. }
        | Action::SelfDestruct { unit: u, .. } => u == unit,
        Action::Card { unit: Some(u), .. } => u == unit,
        _ => false,
    })
}

/// Ends the active side's turn and runs on to the next side's free choice, discarding the
/// first listed card whenever a hand-limit discard is asked for.
pub fn end_turn(s: &mut Session) -> R {
    let side = s.to_act().ok_or("game over")?;
    s.act(side, Action::EndTurn)?;
    while let Some(Frame::Discard { seat, .. }) = s.state().stack().last().copied() {
        let first = s.legal(seat).first().copied().ok_or("nothing to discard")?;
        s.act(seat, first)?;
    }
    Ok(())
}

/// Asserts that an action is refused and leaves the state and the journal untouched.
pub fn rejected(s: &mut Session, side: u8, action: Action) {
    let before = s.state().clone();
    let events = s.events().len();
    assert!(s.act(side, action).is_err(), "{action:?} should be illegal");
    assert_eq!(s.state(), &before, "a refused {action:?} changed the state");
    assert_eq!(
        s.events().len(),
        events,
        "a refused {action:?} was journaled"
    );
}

/// A new game of built-in scenario `id` with `options` set from `KEY=VALUE` pairs, a
/// recording journal and the table's own rng.
pub fn new_game(
    id: &str,
    options: &[(&str, &str)],
    seed: u64,
) -> Result<(Skirmish, State, GameRng, Journal), String> {
    let sk = Skirmish::new().map_err(|e| e.to_string())?;
    let scenario = sk.scenario(id).map_err(|e| e.to_string())?;
    let mut o = Options::default();
    for (k, v) in options {
        o.set(k, v)?;
    }
    let mut rng = GameRng::new(seed);
    let mut j = Journal::recording();
    let st = setup(&sk, &scenario, &o, &mut rng, &mut j).map_err(|e| format!("{e:?}"))?;
    Ok((sk, st, rng, j))
}
