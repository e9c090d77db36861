//! The odds of an attack before it is declared, from the rules' own `combat::preview`.
//!
//! `combat::preview` works on an `AttackContext`; the engine builds that context from the
//! state when an attack is carried out, but does not (yet) expose it. Until it does, the
//! context is built here the same way: the acting model (or the free attacker of a flee
//! window) against the target, with the kind and movement the engine uses for the action,
//! cover from the table, and Squadsight support from any friendly model in sight of the
//! target. A test plays random games and checks that every hit chance shown here is the
//! exact chance the engine journals when the attack is thrown.

use squadsight_commander::Commander;
use squadsight_commander::action::Action;
use squadsight_commander::board::Cover as BoardCover;
use squadsight_commander::catalog::{ItemKind, UnitRule, WeaponId, WeaponRule};
use squadsight_commander::combat::{
    self, AttackContext, AttackKind, AttackOdds, Attacker, Cover, Defender, Means,
};
use squadsight_commander::state::{ModelId, State, Window};

/// The exact odds of an attack action the deciding seat could choose now (`Attack`,
/// `Mindspin` or a flee window's `FreeAttack`); `None` for any other action.
pub fn attack_odds(rules: &Commander, st: &State, action: &Action) -> Option<AttackOdds> {
    let (attacker, weapon, target, kind, moved) = match *action {
        Action::Attack {
            weapon,
            target,
            actions,
        } => {
            let a = st.activation()?;
            let engaged = st.model(a.model)?.is_engaged();
            (
                a.model,
                Some(weapon),
                target,
                kind_of(actions, engaged),
                a.moved,
            )
        }
        Action::Mindspin { target, actions } => {
            let a = st.activation()?;
            (a.model, None, target, kind_of(actions, false), a.moved)
        }
        Action::FreeAttack(weapon) => match st.windows.first()? {
            Window::FreeAttack {
                attacker, target, ..
            } => (*attacker, Some(weapon), *target, AttackKind::Free, false),
            _ => return None,
        },
        _ => return None,
    };
    let ctx = context(rules, st, attacker, weapon, target, kind, moved)?;
    Some(combat::preview(&ctx))
}

/// An Attack of 2 actions, or any attack by an engaged model, has no 1-action penalty
/// (cmd.act.attack.two, cmd.melee.engaged-counts-two).
fn kind_of(actions: u8, engaged: bool) -> AttackKind {
    if actions >= 2 || engaged {
        AttackKind::TwoActions
    } else {
        AttackKind::OneAction
    }
}

/// Whether another model on the attacker's side sees the target, for a Sniper weapon of a
/// Squadsight unit (cmd.sr.squadsight).
fn squadsight(
    rules: &Commander,
    st: &State,
    attacker: ModelId,
    w: WeaponId,
    target: ModelId,
) -> bool {
    let catalog = rules.catalog();
    let (Some(m), Some(t)) = (st.model(attacker), st.model(target)) else {
        return false;
    };
    catalog.weapon(w).has(WeaponRule::Sniper)
        && catalog.unit(m.unit).has(UnitRule::Squadsight)
        && st.on_table().any(|f| {
            f.id != attacker && f.controller() == m.controller() && st.board.los(f.cell, t.cell)
        })
}

fn context<'a>(
    rules: &'a Commander,
    st: &State,
    attacker: ModelId,
    weapon: Option<WeaponId>,
    target: ModelId,
    kind: AttackKind,
    moved: bool,
) -> Option<AttackContext<'a>> {
    let catalog = rules.catalog();
    let (a, t) = (st.model(attacker)?, st.model(target)?);
    let has_item = |k: ItemKind| a.attachments.iter().any(|i| catalog.item(*i).kind == k);
    let means = match weapon {
        Some(w) => Means::Weapon(catalog.weapon(w)),
        None => Means::Mindspin,
    };
    let in_contact = st.board.adjacent(a.cell, t.cell);
    // Cover never counts against an attacker in base contact (cmd.gap.9).
    let cover = match st.board.cover(t.cell, a.cell) {
        _ if in_contact => Cover::None,
        Some(BoardCover::Hard) => Cover::Hard,
        Some(BoardCover::Soft) => Cover::Soft,
        None => Cover::None,
    };
    Some(AttackContext {
        attacker: Attacker {
            unit: catalog.unit(a.unit),
            laser_sight: has_item(ItemKind::LaserSight),
            scope: has_item(ItemKind::Scope),
            moved: moved && kind != AttackKind::Overwatch,
            engaged: a.is_engaged(),
            squadsight_support: weapon.is_some_and(|w| squadsight(rules, st, attacker, w, target)),
        },
        target: Defender {
            unit: catalog.unit(t.unit),
            vest_bonus: t.vest.map_or(0, |v| catalog.vest(v).armour_bonus),
            wounds: t.wounds,
            cover,
            down: t.down,
            distance: u16::try_from(st.board.range(a.cell, t.cell)).unwrap_or(u16::MAX),
            in_contact,
            hit_by_friend_this_round: st
                .hits_this_round
                .iter()
                .any(|(s, id)| *s == a.controller() && *id == target),
        },
        means,
        kind,
        resistance_test: st.options.resistance_test,
    })
}
