//! Whom [Mindspin] reaches, in both readings of the Psi Amp's Range `0` (cmd.sr.mindspin,
//! cmd.gap.42): by default any enemy in sight; under the table option
//! `mindspin_range=amp-contact` a model carrying a Psi Amp only an enemy in base contact.

use squadsight_commander::Commander;
use squadsight_commander::action::Action;
use squadsight_commander::board::Cell;
use squadsight_commander::fixture::{Fixture, Session};
use squadsight_commander::state::ModelId;
use squadsight_core::game::{Game, SeatConfig};
use squadsight_core::{Ruleset, Seat, save};
use std::sync::Arc;

/// The targets `seat`'s active model may Mindspin now.
fn mindspin_targets(s: &Session, seat: u8) -> Vec<ModelId> {
    let mut t: Vec<ModelId> = s
        .legal(seat)
        .iter()
        .filter_map(|a| match a {
            Action::Mindspin { target, .. } => Some(*target),
            _ => None,
        })
        .collect();
    t.dedup();
    t
}

/// A Psi Operative (Assault Rifle and Psi Amp, its AI loadout) on (2, 10), an ADVENT Trooper
/// beside it on (3, 10) and another far off in sight on (20, 10), under `reading`.
fn psi_operative(reading: Option<&str>) -> (Session, ModelId, ModelId, ModelId) {
    let mut f = Fixture::new(24, 24)
        .model(0, "Psi Operative", 2, 10)
        .model(1, "ADVENT Trooper", 3, 10)
        .model(1, "ADVENT Trooper", 20, 10);
    if let Some(value) = reading {
        f = f.option("mindspin_range", value);
    }
    let mut s = f.build().unwrap();
    let (psi, near, far) = (
        s.model_at(2, 10).unwrap(),
        s.model_at(3, 10).unwrap(),
        s.model_at(20, 10).unwrap(),
    );
    let amp = s.ruleset().catalog().weapon_id("Psi Amp").unwrap();
    assert!(
        s.state().model(psi).unwrap().weapons.contains(&amp),
        "the Psi Operative carries its Psi Amp"
    );
    s.act(0, Action::Activate(psi)).unwrap();
    (s, psi, near, far)
}

#[test]
fn by_default_mindspin_reaches_any_enemy_in_sight() {
    // cmd.gap.42 (mindspin_range=sight): Mindspin is used as a shooting action with no Range
    // of its own, so the Trooper 18 inches off is as good a target as the one beside it.
    let (s, _, near, far) = psi_operative(None);
    assert_eq!(mindspin_targets(&s, 0), vec![near, far]);
    let (s, _, near, far) = psi_operative(Some("sight"));
    assert_eq!(mindspin_targets(&s, 0), vec![near, far]);
}

#[test]
fn under_amp_contact_the_psi_amp_reaches_only_base_contact() {
    // cmd.gap.42 (mindspin_range=amp-contact): the Psi Amp's Range 0 makes Mindspin close
    // combat for the model that carries one: the Trooper in base contact only.
    let (s, _, near, _) = psi_operative(Some("amp-contact"));
    assert_eq!(mindspin_targets(&s, 0), vec![near]);
}

#[test]
fn under_amp_contact_a_model_without_a_psi_amp_keeps_its_sight_range() {
    // cmd.sr.mindspin, cmd.gap.42: the Sectoid has [Mindspin] and no Psi Amp, so the contact
    // reading does not touch it.
    let mut s = Fixture::new(24, 24)
        .model(0, "Sectoid", 2, 10)
        .model(1, "Rookie", 20, 10)
        .option("mindspin_range", "amp-contact")
        .build()
        .unwrap();
    let (sectoid, rookie) = (s.model_at(2, 10).unwrap(), s.model_at(20, 10).unwrap());
    s.act(0, Action::Activate(sectoid)).unwrap();
    assert_eq!(mindspin_targets(&s, 0), vec![rookie]);
}

#[test]
fn an_engaged_psi_operative_mindspins_its_partner_only_under_amp_contact() {
    // A Stun Lancer charges the Psi Operative (cmd.melee.engage-on-contact). By default an
    // engaged model has no Mindspin (it is a shooting action); under amp-contact it may use
    // it on the model it is engaged with, and like every engaged action that ends its turn
    // (cmd.melee.engaged-counts-two).
    let charged = |reading: &str| {
        let mut s = Fixture::new(24, 24)
            .model(0, "Psi Operative", 5, 10)
            .model(1, "ADVENT Stun Lancer", 12, 10)
            .option("mindspin_range", reading)
            .active(1)
            .dice(&[6, 6])
            .build()
            .unwrap();
        let (psi, lancer) = (s.model_at(5, 10).unwrap(), s.model_at(12, 10).unwrap());
        s.act(1, Action::Activate(lancer)).unwrap();
        s.act(
            1,
            Action::Run {
                to: Cell::new(6, 10),
                actions: 1,
            },
        )
        .unwrap();
        let charge = s.legal(1)[0];
        s.act(1, charge).unwrap();
        assert!(s.state().model(psi).unwrap().is_engaged());
        assert_eq!(s.state().die, Some(Seat(0)));
        s.act(0, Action::Activate(psi)).unwrap();
        (s, lancer)
    };
    let (s, _) = charged("sight");
    assert_eq!(mindspin_targets(&s, 0), vec![]);
    let (mut s, lancer) = charged("amp-contact");
    assert_eq!(mindspin_targets(&s, 0), vec![lancer]);
    s.act(
        0,
        Action::Mindspin {
            target: lancer,
            actions: 2,
        },
    )
    .unwrap();
    assert!(s.cited("cmd.sr.mindspin"));
    assert!(
        !s.legal(0)
            .iter()
            .any(|a| matches!(a, Action::Mindspin { .. } | Action::Attack { .. })),
        "the engaged Mindspin used both actions"
    );
}

#[test]
fn the_reading_is_recorded_in_the_save() {
    // cmd.gap.42: a table that plays the contact reading keeps it in the save (and its
    // header hash); the default is left out, so older saves read as they were written.
    let rules = Arc::new(Commander::new().unwrap());
    let scenario = rules.scenario("battle").unwrap();
    let save_of = |value: Option<&str>| {
        let mut options = squadsight_commander::options::Options::default();
        if let Some(v) = value {
            rules.set_option(&mut options, "mindspin_range", v).unwrap();
        }
        let seats = vec![SeatConfig::human(), SeatConfig::human()];
        let game = Game::new(Arc::clone(&rules), scenario.clone(), options, 5, seats).unwrap();
        (save::to_ron(&game).unwrap(), game.header_hash())
    };
    let (contact, contact_hash) = save_of(Some("amp-contact"));
    assert!(contact.contains("mindspin_range: AmpContact"), "{contact}");
    let loaded = save::load(&*rules, contact.as_bytes(), "contact.ron").unwrap();
    assert_eq!(
        loaded.options.mindspin_range,
        squadsight_commander::options::MindspinRange::AmpContact
    );
    let (sight, sight_hash) = save_of(None);
    assert!(!sight.contains("mindspin_range"), "{sight}");
    assert_ne!(contact_hash, sight_hash);
}
