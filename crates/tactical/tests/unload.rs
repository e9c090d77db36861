//! Unloading a weapon (tac.move.special.unload): 4 TU, soldiers only; a full clip goes back
//! among the spares, a partly spent one is put aside, a Grenade Launcher's grenades go back
//! into the kit.

use crate::rules::{act, duel, legal, tactical};
use squadsight_core::Seat;
use squadsight_core::square::Pos;
use squadsight_tactical::action::Action;
use squadsight_tactical::map::Facing;
use squadsight_tactical::options::Options;

/// tac.move.special.unload, tac.move.special.load: a full clip comes out for 4 TU and is a
/// spare again; loading it back costs 8.
#[test]
fn tac_move_special_unload_full_clip_becomes_a_spare() {
    let t = tactical();
    let (mut st, x, a) = duel(
        &t,
        Options::default(),
        Pos::new(5, 10, 0),
        Pos::new(5, 0, 0),
    );
    st.units[a].facing = Facing::N;
    let rifle = st.units[x].weapon.unwrap_or_else(|| panic!("a rifleman"));
    let full = t.catalog().weapon(rifle).rounds;
    assert_eq!(st.units[x].rounds, full);
    let (tu, clips) = (st.units[x].tu, st.units[x].clips);
    assert!(legal(&t, &st, Seat(0)).contains(&Action::Unload { unit: 0 }));
    let j = act(&t, &mut st, Action::Unload { unit: 0 });
    assert!(
        j.events()
            .iter()
            .any(|e| e.rule == "tac.move.special.unload")
    );
    assert_eq!(st.units[x].tu, tu - 4);
    assert_eq!(
        (st.units[x].rounds, st.units[x].clips),
        (Some(0), clips + 1)
    );
    // Empty: nothing to unload, nothing to fire, and the clip can go back in.
    let list = legal(&t, &st, Seat(0));
    assert!(!list.contains(&Action::Unload { unit: 0 }));
    assert!(!list.iter().any(|l| matches!(l, Action::Attack { .. })));
    act(&t, &mut st, Action::Reload { unit: 0 });
    assert_eq!(st.units[x].tu, tu - 4 - 8);
    assert_eq!((st.units[x].rounds, st.units[x].clips), (full, clips));
}

/// tac.move.special.unload: a partly spent clip is put aside for good (spare clips count only
/// whole ones); without 4 TU there is no unloading.
#[test]
fn tac_move_special_unload_partial_clip_and_tu() {
    let t = tactical();
    let (mut st, x, a) = duel(
        &t,
        Options::default(),
        Pos::new(5, 10, 0),
        Pos::new(5, 0, 0),
    );
    st.units[a].facing = Facing::N;
    st.units[x].rounds = Some(3);
    let clips = st.units[x].clips;
    let j = act(&t, &mut st, Action::Unload { unit: 0 });
    assert!(
        j.events()
            .iter()
            .any(|e| e.rule == "tac.move.special.unload" && e.text.to_string().contains("3 round"))
    );
    assert_eq!((st.units[x].rounds, st.units[x].clips), (Some(0), clips));
    let (mut st, x, _) = duel(
        &t,
        Options::default(),
        Pos::new(5, 10, 0),
        Pos::new(5, 0, 0),
    );
    st.units[x].tu = 3;
    assert!(!legal(&t, &st, Seat(0)).contains(&Action::Unload { unit: 0 }));
    st.units[x].tu = 4;
    assert!(legal(&t, &st, Seat(0)).contains(&Action::Unload { unit: 0 }));
}

/// tac.move.special.unload, tac.equip.grenade-launcher: the launcher's grenades go back into
/// the soldier's kit, where they can be primed by hand or loaded again.
#[test]
fn tac_move_special_unload_launcher_grenades_back_to_the_kit() {
    let t = tactical();
    let (mut st, x, a) = duel(
        &t,
        Options::default(),
        Pos::new(5, 10, 0),
        Pos::new(5, 0, 0),
    );
    st.units[a].facing = Facing::N;
    let gl = t
        .catalog()
        .weapon_id("Grenade Launcher")
        .unwrap_or_else(|| panic!("Grenade Launcher"));
    let g = t
        .catalog()
        .grenade_id("Grenade")
        .unwrap_or_else(|| panic!("Grenade"));
    st.units[x].weapon = Some(gl);
    st.units[x].clips = 0;
    st.units[x].rounds = Some(0);
    st.units[x].grenades = vec![g; 2];
    st.units[x].tu = 80;
    // Empty launcher: nothing to unload.
    assert!(!legal(&t, &st, Seat(0)).contains(&Action::Unload { unit: 0 }));
    act(&t, &mut st, Action::Reload { unit: 0 });
    assert_eq!(
        (st.units[x].launcher.len(), st.units[x].grenades.len()),
        (2, 0)
    );
    act(&t, &mut st, Action::Unload { unit: 0 });
    assert_eq!(st.units[x].tu, 80 - 8 - 4);
    assert_eq!(
        (st.units[x].launcher.len(), st.units[x].grenades.len()),
        (0, 2)
    );
    assert_eq!(st.units[x].rounds, Some(0));
    assert!(
        legal(&t, &st, Seat(0))
            .iter()
            .any(|l| matches!(l, Action::Prime { unit: 0, .. }))
    );
}

/// tac.move.special.unload: only soldiers load and unload; a terror unit's built-in weapon
/// never comes out.
#[test]
fn tac_move_special_unload_soldiers_only() {
    let t = tactical();
    let list_of = |name: &str| {
        let (mut st, x, _) = duel(
            &t,
            Options::default(),
            Pos::new(5, 10, 0),
            Pos::new(5, 0, 0),
        );
        let kind = t
            .catalog()
            .unit_id(name)
            .unwrap_or_else(|| panic!("{name}"));
        st.units[x].kind = kind;
        legal(&t, &st, Seat(0))
    };
    assert!(list_of("Troop").contains(&Action::Unload { unit: 0 }));
    assert!(!list_of("Tank Cannon").contains(&Action::Unload { unit: 0 }));
}
