//! Fog of war and obstruction: a seat's legal shots and their previewed odds are read from
//! what the seat sees, and the shot is resolved against every unit where it really stands
//! ("list by knowledge, resolve by truth": tac.gap.7 with tac.los.obstruction,
//! tac.ranged.mod.obstruction, tac.ranged.los, tac.gap.41; docs/rules/tactical.md).
//!
//! The situation: on one row, an X-Com rifleman fires west at a Sectoid eleven squares away.
//! Between them stand three X-Com soldiers (three squares of obstruction the seat knows of)
//! and a second alien, kneeling between two slopes two thirds of a level high, so that no
//! X-Com unit sees it (tac.los.partial-level). It is the fourth square of obstruction: the
//! line is really blocked (tac.los.obstruction), but X-Com cannot know that.

use crate::map_support::field;
use crate::rules::tactical;
use squadsight_core::square::Pos;
use squadsight_core::{Decision, GameRng, Journal, Ruleset, Seat};
use squadsight_tactical::Tactical;
use squadsight_tactical::action::Action;
use squadsight_tactical::data::Mode;
use squadsight_tactical::map::{Battlefield, Body, Facing, SightBlock, SightRules};
use squadsight_tactical::options::Options;
use squadsight_tactical::state::{State, Status};

const ROW: i32 = 10;

fn p(x: i32) -> Pos {
    Pos::new(x, ROW, 0)
}

/// A 20 × 20 field of grass with slopes two thirds high at (7,10) and (9,10).
fn ground() -> Battlefield {
    let (w, h) = (20usize, 20usize);
    let corners: String = "+ ".repeat(w) + "+";
    let mut rows = Vec::new();
    for y in 0..h {
        rows.push(corners.clone());
        let mut cells: Vec<char> = (" .".repeat(w) + " ").chars().collect();
        if y == ROW as usize {
            cells[2 * 7 + 1] = '2';
            cells[2 * 9 + 1] = '2';
        }
        rows.push(cells.into_iter().collect());
    }
    rows.push(corners);
    let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
    field(&[&refs])
}

/// The units of the situation, by index into `State::units`.
struct Cast {
    shooter: usize,
    target: usize,
    hidden: usize,
    friends: [usize; 3],
}

/// The Assault squads with six units placed on row 10 (every other unit put out of the
/// game): the shooter at 12, the hidden alien kneeling at 8 between the slopes, three X-Com
/// soldiers at 5, 4 and 3, the target Sectoid at 1. X-Com's turn.
fn situation(t: &Tactical) -> (State, Cast) {
    let sc = t.scenario("assault").unwrap_or_else(|e| panic!("{e}"));
    let mut st = t
        .setup(
            &sc,
            &Options::default(),
            &mut GameRng::new(1),
            &mut Journal::off(),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    st.bf = ground();
    let of = |seat: Seat| -> Vec<usize> {
        (0..st.units.len())
            .filter(|&i| st.units[i].seat == seat)
            .collect()
    };
    let (xcom, aliens) = (of(Seat(0)), of(Seat(1)));
    assert!(xcom.len() >= 4 && aliens.len() >= 2, "the Assault squads");
    let cast = Cast {
        shooter: xcom[0],
        target: aliens[0],
        hidden: aliens[1],
        friends: [xcom[1], xcom[2], xcom[3]],
    };
    let placed = [
        (cast.shooter, 12, Facing::W),
        (cast.hidden, 8, Facing::E),
        (cast.friends[0], 5, Facing::W),
        (cast.friends[1], 4, Facing::W),
        (cast.friends[2], 3, Facing::W),
        (cast.target, 1, Facing::E),
    ];
    for (i, u) in st.units.iter_mut().enumerate() {
        u.done = false;
        match placed.iter().find(|(k, ..)| *k == i) {
            Some(&(_, x, f)) => {
                u.pos = p(x);
                u.facing = f;
            }
            None => {
                u.status = Status::Dead;
                u.pos = Pos::new(19, (i % 9) as i32, 0);
            }
        }
    }
    st.units[cast.hidden].kneeling = true;
    st.order = vec![Seat(0), Seat(1)];
    st.turn = 0;
    st.active = None;
    t.settle_sight(&mut st);
    (st, cast)
}

/// The same situation without the hidden alien (out of the game: it obstructs nothing).
fn without_hidden(t: &Tactical, st: &State, c: &Cast) -> State {
    let mut st = st.clone();
    st.units[c.hidden].status = Status::Dead;
    st.units[c.hidden].kneeling = false;
    st.units[c.hidden].pos = Pos::new(19, 9, 0);
    t.settle_sight(&mut st);
    st
}

fn legal(t: &Tactical, st: &State, seat: Seat) -> Vec<Action> {
    let mut out = Vec::new();
    t.legal_actions(st, seat, &mut out);
    out
}

/// The shooter's snap shot at the target with the rifle it holds.
fn snap(st: &State, c: &Cast) -> Action {
    Action::Attack {
        unit: c.shooter as u8,
        weapon: st.units[c.shooter]
            .weapon
            .unwrap_or_else(|| panic!("a rifle")),
        mode: Mode::Snap,
        target: c.target as u8,
    }
}

/// The situation is what it claims: X-Com sees the target (through a friend) but not the
/// kneeling alien, and the shooter's real line is stopped by four squares of obstruction
/// while the line as X-Com knows it holds three (tac.los.obstruction, tac.los.partial-level,
/// tac.gap.7).
#[test]
fn tac_gap_7_the_situation_hides_the_fourth_obstructer() {
    let t = tactical();
    let (st, c) = situation(&t);
    assert!(st.seat_sees(Seat(0), c.target));
    assert!(!st.seat_sees(Seat(0), c.hidden));
    assert!(st.sees(c.friends[0], c.target));
    // The truth: four squares of obstruction, so the shooter does not see the target.
    assert!(!st.sees(c.shooter, c.target));
    let truth = st
        .vision
        .shot_sight(&st.bf, &st.lookers, &st.sight, c.shooter, c.target)
        .unwrap_or_else(|| panic!("both on the map"));
    assert!(!truth.clear);
    assert_eq!(truth.blocked_by, Some(SightBlock::Obstruction));
    assert_eq!(truth.obstruction, 4);
    // What X-Com knows: three, a clear line.
    let known = st
        .shot_sight_knowing(Seat(0), c.shooter, c.target)
        .unwrap_or_else(|| panic!("both on the map"));
    assert!(known.clear);
    assert_eq!(known.obstruction, 3);
    assert!(st.sees_knowing(Seat(0), c.shooter, c.target));
}

/// tac.gap.7, tac.ranged.los, tac.gap.41: X-Com's legal actions are the same whether the
/// hidden alien stands in the line or is not there at all, and the same in every
/// determinized copy of X-Com's observation; the shot at the Sectoid is listed in each.
#[test]
fn tac_gap_7_a_hidden_unit_does_not_change_the_seats_legal_actions() {
    let t = tactical();
    let (st, c) = situation(&t);
    let bare = without_hidden(&t, &st, &c);
    assert_eq!(t.to_act(&st), Decision::Act(Seat(0)));
    let listed = legal(&t, &st, Seat(0));
    assert!(listed.contains(&snap(&st, &c)));
    assert_eq!(listed, legal(&t, &bare, Seat(0)));
    let obs = t.observe(&st, Seat(0));
    for seed in 0..16 {
        let det = t.determinize(&obs, &mut GameRng::new(seed));
        assert_eq!(
            legal(&t, &det, Seat(0)),
            listed,
            "determinized with seed {seed}"
        );
    }
}

/// tac.ranged.mod.obstruction, tac.gap.7: the odds X-Com is shown count the three squares of
/// obstruction it knows of (-15), with or without the hidden alien.
#[test]
fn tac_ranged_mod_obstruction_the_preview_counts_what_the_seat_sees() {
    let t = tactical();
    let (st, c) = situation(&t);
    let bare = without_hidden(&t, &st, &c);
    let w = st.units[c.shooter]
        .weapon
        .unwrap_or_else(|| panic!("a rifle"));
    let shown = t.to_hit(&st, c.shooter, w, Mode::Snap, c.target);
    assert_eq!(shown, t.to_hit(&bare, c.shooter, w, Mode::Snap, c.target));
    assert!(shown.blocked.is_none());
    let obstruction: Vec<i16> = shown
        .modifiers
        .iter()
        .filter(|m| m.clause == "tac.ranged.mod.obstruction")
        .map(|m| m.value)
        .collect();
    assert_eq!(obstruction, [-15]);
    // The roll's own reading counts the hidden alien: four squares, a blocked line.
    let real = t.true_to_hit(&st, c.shooter, w, Mode::Snap, c.target);
    assert_eq!(real.blocked, Some(4));
    assert_eq!(real.target, 0);
    assert!(
        real.modifiers
            .iter()
            .any(|m| m.clause == "tac.ranged.mod.obstruction" && m.value == -20)
    );
    // Without it, the roll is the preview.
    assert_eq!(
        t.true_to_hit(&bare, c.shooter, w, Mode::Snap, c.target),
        shown
    );
}

/// Applies X-Com's snap shot with the game's dice from `seed`.
fn fire(t: &Tactical, st: &mut State, c: &Cast, seed: u64) -> Journal {
    let shot = snap(st, c);
    let mut j = Journal::recording();
    t.apply(st, Seat(0), &shot, &mut GameRng::new(seed), &mut j)
        .unwrap_or_else(|e| panic!("{e}"));
    j
}

/// tac.los.obstruction, tac.ranged.mod.obstruction, tac.gap.7, tac.gap.61, tac.miss.path,
/// tac.miss.always-hits: fired, the shot meets the hidden alien for real. The roll journals
/// all four squares (-20) and the blocked line, with a target of 0 and p exactly 0; the TUs
/// and the round are spent; the round flies on as a missed shot, and on some dice it strikes
/// the hidden alien.
#[test]
fn tac_gap_7_the_shot_is_resolved_against_the_real_obstruction() {
    let t = tactical();
    let (st, c) = situation(&t);
    let w = st.units[c.shooter]
        .weapon
        .unwrap_or_else(|| panic!("a rifle"));
    // The shooter already faces the target: no turn to pay (tac.gap.43).
    let snap_tu = t
        .catalog()
        .weapon(w)
        .shot(Mode::Snap)
        .map(|s| i16::from(s.tu))
        .unwrap_or_else(|| panic!("a snap shot"));
    let mut struck = 0;
    for seed in 0..60 {
        let mut st = st.clone();
        let (tu, rounds) = (st.units[c.shooter].tu, st.units[c.shooter].rounds);
        let j = fire(&t, &mut st, &c, seed);
        let events = j.events();
        let roll = events
            .iter()
            .find(|e| e.rule == "tac.ranged.resolve")
            .unwrap_or_else(|| panic!("seed {seed}: no to-hit roll"));
        let r = roll.roll.unwrap_or_else(|| panic!("a roll"));
        assert_eq!(r.p.map(|p| (p.num(), p.den())), Some((0, 1)), "p = 0");
        assert_eq!(r.success, Some(false));
        let has = |label: &str, value: &str, source: &str| {
            roll.inputs
                .iter()
                .any(|i| i.label == label && i.value == value && i.source == source)
        };
        assert!(has("obstruction", "-20", "tac.ranged.mod.obstruction"));
        assert!(has(
            "line blocked",
            "4 squares of obstruction",
            "tac.los.obstruction"
        ));
        assert!(has("target", "0", "tac.gap.7"));
        // tac.ranged.repeat: the shot's TUs are paid; tac.ranged.ammo: a round is used.
        assert_eq!(st.units[c.shooter].tu, tu - snap_tu);
        assert_eq!(st.units[c.shooter].rounds, rounds.map(|n| n - 1));
        // tac.miss.direction: it flies as a missed shot.
        assert!(events.iter().any(|e| e.rule == "tac.miss.direction"));
        // The target is never hit (tac.miss.not-target).
        assert_eq!(st.units[c.target].damage, 0);
        let hidden = &st.units[c.hidden];
        if hidden.damage > 0 || hidden.stun > 0 || hidden.status != Status::Active {
            assert!(events.iter().any(|e| e.rule == "tac.miss.always-hits"));
            struck += 1;
        }
    }
    assert!(
        struck > 0,
        "a stray shot along the row strikes the hidden alien"
    );
}

/// tac.ranged.resolve, tac.ranged.mod.obstruction: with no hidden unit in the way, the same
/// shot rolls against the previewed target, three squares of obstruction, exact p.
#[test]
fn tac_ranged_mod_obstruction_without_the_hidden_unit_the_roll_is_the_preview() {
    let t = tactical();
    let (st, c) = situation(&t);
    let mut bare = without_hidden(&t, &st, &c);
    let w = bare.units[c.shooter]
        .weapon
        .unwrap_or_else(|| panic!("a rifle"));
    let shown = t.to_hit(&bare, c.shooter, w, Mode::Snap, c.target);
    assert!(shown.target > 0);
    let j = fire(&t, &mut bare, &c, 3);
    let roll = j
        .events()
        .iter()
        .find(|e| e.rule == "tac.ranged.resolve")
        .unwrap_or_else(|| panic!("no to-hit roll"));
    let r = roll.roll.unwrap_or_else(|| panic!("a roll"));
    let want = u64::try_from(shown.target).unwrap_or(0);
    let g = (1..=100)
        .rev()
        .find(|d| want % d == 0 && 100 % d == 0)
        .unwrap_or(1);
    assert_eq!(r.p.map(|p| (p.num(), p.den())), Some((want / g, 100 / g)));
    assert!(
        roll.inputs
            .iter()
            .any(|i| i.label == "obstruction" && i.value == "-15")
    );
    assert!(!roll.inputs.iter().any(|i| i.label == "line blocked"));
}

/// tac.gap.43, tac.move.tu: a step is listed by what the seat sees, so a step into the
/// square of a unit it cannot see is offered; taken, the unit turns, pays the step's TUs,
/// stays where it was and finds the other in the way (journaled). With the original X-COM's
/// 90° field of view, a soldier does not see an alien kneeling right behind it.
#[test]
fn tac_gap_43_a_step_into_an_unseen_unit_is_offered_and_bumps() {
    let t = tactical();
    let (mut st, c) = situation(&t);
    st.sight = SightRules::XCOM;
    let f = c.friends[0];
    st.units[c.hidden].pos = p(6);
    st.units[c.shooter].facing = Facing::E;
    t.settle_sight(&mut st);
    assert!(!st.seat_sees(Seat(0), c.hidden));
    let into = Action::Step {
        unit: f as u8,
        to: p(6),
        fly: false,
    };
    assert!(legal(&t, &st, Seat(0)).contains(&into));
    let tu = st.units[f].tu;
    let mut j = Journal::recording();
    t.apply(&mut st, Seat(0), &into, &mut GameRng::new(1), &mut j)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(st.units[f].pos, p(5));
    assert_eq!(st.units[f].facing, Facing::E);
    // A 180° turn (tac.move.turn-180) and a straight step (tac.move.walk-straight).
    let m = t.catalog().rules().movement;
    assert_eq!(
        st.units[f].tu,
        tu - i16::from(m.turn_180) - i16::from(m.walk_straight)
    );
    assert!(j.events().iter().any(|e| e.text.contains("in the way")));
    // Facing it now, the soldier sees it.
    assert!(st.seat_sees(Seat(0), c.hidden));
}

/// tac.psi.panic-flee, tac.civ.flee, tac.gap.43: a run's steps are barred only by units the
/// steering seat sees. A panicked X-Com soldier runs from the Sectoid; the farthest square
/// holds an alien nobody on X-Com's side sees (the original X-COM's 90° field of view), so
/// that step is offered; taken, the soldier pays for it, stays, and finds the alien in the
/// way.
#[test]
fn tac_psi_panic_flee_a_run_into_an_unseen_unit_is_offered_and_bumps() {
    use squadsight_tactical::civilians::{Flight, FlightCause};
    let t = tactical();
    let (mut st, c) = situation(&t);
    st.sight = SightRules::XCOM;
    let f = c.friends[0];
    st.units[c.target].pos = Pos::new(1, ROW - 1, 0);
    st.units[c.hidden].pos = Pos::new(6, ROW + 1, 0);
    st.units[c.hidden].kneeling = false;
    st.units[c.shooter].facing = Facing::E;
    st.flights.push(Flight {
        unit: f as u8,
        from: c.target as u8,
        seat: Seat(0),
        cause: FlightCause::Panic,
    });
    t.settle_sight(&mut st);
    assert!(!st.seat_sees(Seat(0), c.hidden));
    assert_eq!(t.to_act(&st), Decision::Act(Seat(0)));
    // The step straight away from the Sectoid at (1,9) that gains the most: (6,11).
    let run = Action::Flee {
        unit: f as u8,
        to: Pos::new(6, ROW + 1, 0),
    };
    let listed = legal(&t, &st, Seat(0));
    assert!(listed.contains(&run), "{listed:?}");
    // The same list with the alien elsewhere, out of everyone's sight.
    let mut away = st.clone();
    away.units[c.hidden].pos = Pos::new(18, 18, 0);
    t.settle_sight(&mut away);
    assert!(!away.seat_sees(Seat(0), c.hidden));
    assert_eq!(legal(&t, &away, Seat(0)), listed);
    // Out of sight, the Sectoid it runs from is known where it stands, and nothing more.
    let mut hurt = st.clone();
    hurt.units[c.target].pos = Pos::new(18, 18, 0);
    hurt.units[c.target].damage = 7;
    hurt.units[c.target].tu = 3;
    t.settle_sight(&mut hurt);
    assert!(!hurt.seat_sees(Seat(0), c.target));
    let seen = &t.observe(&hurt, Seat(0)).known.units[c.target];
    assert_eq!(seen.pos, hurt.units[c.target].pos);
    assert_eq!((seen.damage, seen.tu), (0, seen.stat(0)));
    let tu = st.units[f].tu;
    let mut j = Journal::recording();
    t.apply(&mut st, Seat(0), &run, &mut GameRng::new(1), &mut j)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(st.units[f].pos, p(5));
    assert!(st.units[f].tu < tu);
    assert!(
        j.events()
            .iter()
            .any(|e| e.rule == "tac.psi.panic-flee" && e.text.contains("in the way"))
    );
}

/// tac.ranged.mod.spotter, tac.ranged.mod.no-los, tac.throw.over, tac.gap.41: a throw's odds
/// ask whether the thrower itself sees the target, read from what its seat sees, so the
/// hidden alien in the line changes nothing: no spotter modifier either way.
#[test]
fn tac_ranged_mod_spotter_a_hidden_unit_changes_no_throws_odds() {
    let t = tactical();
    let (st, c) = situation(&t);
    let bare = without_hidden(&t, &st, &c);
    let to = st.units[c.target].pos;
    let with = t.throw_to_hit(&st, c.shooter, to);
    assert_eq!(with, t.throw_to_hit(&bare, c.shooter, to));
    assert!(
        !with.modifiers.iter().any(|m| {
            m.clause == "tac.ranged.mod.spotter" || m.clause == "tac.ranged.mod.no-los"
        })
    );
}

/// Moves hidden unit `h` of `st` to another square where `seat` still cannot see it and
/// where everything the seat sees stays as it was; `None` if no such square is found.
fn elsewhere(st: &State, seat: Seat, h: usize, rng: &mut GameRng) -> Option<State> {
    let cells = u32::try_from(st.bf.cell_count()).unwrap_or(1);
    for _ in 0..400 {
        let to = st
            .bf
            .pos_at(rng.below(squadsight_core::Stream::Ai, cells) as usize);
        let size = st.units[h].size;
        let free = size.cells(to).all(|c| {
            st.bf.standable(c)
                && !st
                    .units
                    .iter()
                    .enumerate()
                    .any(|(k, u)| k != h && u.active() && u.covers(&st.bf, c))
        });
        if !free || to == st.units[h].pos {
            continue;
        }
        let mut moved = st.clone();
        moved.units[h].pos = to;
        moved.resight_all();
        if moved.known_mask(seat) == st.known_mask(seat) {
            return Some(moved);
        }
    }
    None
}

/// `observe()` carries fog of war and nothing else (tac.los.basic, tac.gap.7): two games
/// that differ only in where a unit the seat cannot see stands give the seat the very same
/// observation. Checked over random games of the Assault, the 3-seat free-for-all and the
/// terror site, at every 7th position, for every seat and every unit hidden from it. (The
/// observation once kept every unit's sight entry, square included, and the sight table
/// between units, so an unseen unit's square could be read back from it.)
#[test]
fn tac_gap_7_an_unseen_units_square_does_not_reach_the_observation() {
    let t = tactical();
    let checked = each_hidden_unit(&t, [3, 5, 8], |st, seat, h, obs, rng, at| {
        let Some(moved) = elsewhere(st, seat, h, rng) else {
            return false;
        };
        let other = t.observe(&moved, seat);
        assert_eq!(other.hidden, obs.hidden, "{at}");
        assert!(
            other.known == obs.known,
            "{at}: seat {} can tell where unit {h} stands",
            seat.0
        );
        true
    });
    assert!(checked > 100, "only {checked} hidden units were moved");
}

/// Plays a random game of the Assault, the 3-seat free-for-all and the terror site, from the
/// three `seeds`; at every 7th position, for every seat and every standing unit hidden from
/// it, calls `check(state, seat, unit, the seat's observation, rng, where)`, which says
/// whether it could check that unit. Returns how many it checked.
fn each_hidden_unit(
    t: &Tactical,
    seeds: [u64; 3],
    mut check: impl FnMut(
        &State,
        Seat,
        usize,
        &squadsight_tactical::observe::Observation,
        &mut GameRng,
        &str,
    ) -> bool,
) -> usize {
    let mut checked = 0;
    for (scenario, seed) in ["assault", "free-for-all", "terror"].into_iter().zip(seeds) {
        let mut st = crate::support::start(t, scenario, &Options::default(), seed);
        let mut rng = GameRng::new(seed);
        for n in 0..400 {
            let Decision::Act(mover) = t.to_act(&st) else {
                break;
            };
            if n % 7 == 0 {
                let at = format!("{scenario} action {n}");
                for s in 0..st.seats.len() {
                    let seat = Seat(u8::try_from(s).unwrap_or(0));
                    let obs = t.observe(&st, seat);
                    for &h in &obs.hidden {
                        let h = usize::from(h);
                        if st.units[h].active() && check(&st, seat, h, &obs, &mut rng, &at) {
                            checked += 1;
                        }
                    }
                }
            }
            let legal = legal(t, &st, mover);
            let k = rng.below(
                squadsight_core::Stream::Ai,
                u32::try_from(legal.len()).unwrap_or(1),
            );
            let a = legal[k as usize].clone();
            t.apply(&mut st, mover, &a, &mut rng, &mut Journal::off())
                .unwrap_or_else(|e| panic!("{e}"));
        }
    }
    checked
}

/// Whether one of `seat`'s (or its allies') active units stands on `p` or sees it, units
/// hiding nothing: the squares whose floor a seat's observation shows.
fn square_seen(st: &State, seat: Seat, p: Pos) -> bool {
    st.units.iter().any(|u| {
        u.active()
            && st.allies(u.control, seat)
            && (u.covers(&st.bf, p)
                || st
                    .bf
                    .sees(u.body(), u.facing, Body::at(p), &st.sight, |_| false)
                    .clear)
    })
}

/// Everything about unit `h` that a seat which cannot see it may not know, changed at once:
/// time units, wounds, stun, criticals, armour, facing, its stats, a pending panic, a fear,
/// a lost turn, a zombie's implant, mind control by a seat other than `seat`'s team (unless
/// the unit came into play on `seat`'s team, which is told), its turn, its sight bits, and
/// its kit: the weapon put down on its square, a grenade thrown out of sight (or one picked
/// up), the launcher emptied, the second weapon gone, clips, medikit, psi amp, weight, a
/// primed grenade in its hand. `k` varies the changes. Returns the square of the weapon put
/// down, if it was (how many items lie on the floor is public, docs/rules/tactical.md).
fn everything_else(t: &Tactical, st: &mut State, seat: Seat, h: usize, k: u32) -> Option<Pos> {
    use squadsight_tactical::data::PanicEffect;
    use squadsight_tactical::items::{FloorItem, Item};
    use squadsight_tactical::throw::{Fuse, Live, Primed};
    let grenade = t
        .catalog()
        .grenade_id("Grenade")
        .unwrap_or_else(|| panic!("a Grenade"));
    let other = (0..st.seats.len())
        .map(|s| Seat(u8::try_from(s).unwrap_or(0)))
        .find(|&s| !st.allies(s, seat) && s != st.units[h].control);
    let told = st.allies(st.units[h].origin.seat, seat);
    let pos = st.units[h].pos;
    let unseen_square = !square_seen(st, seat, pos);
    let round = st.round;
    let u = &mut st.units[h];
    u.tu = (u.tu + 1 + k as i16) % 7;
    u.damage += 1 + (k % 3) as i16;
    u.stun += 2;
    u.legs += 1;
    u.arms += 1;
    u.arm = u.arm.map(|a| (a - 3).max(0));
    u.stats[2] = u.stats[2].map(|a| a + 4);
    u.facing = Facing::ALL[(Facing::ALL.iter().position(|&f| f == u.facing).unwrap_or(0) + 3) % 8];
    u.panic = Some(PanicEffect::Berserk);
    u.panic_from = Some(0);
    u.frozen = Some(0);
    u.lose_turn = true;
    u.zombie = Some(round);
    u.done = !u.done;
    u.fired = u.weapon;
    u.turn_from = Some(Facing::S);
    u.seen = !u.seen;
    u.clips = u.clips.wrapping_add(2);
    u.medikit = if u.medikit > 0 { 0 } else { 3 };
    u.psi_amp = !u.psi_amp;
    u.weight += 9;
    u.launcher.clear();
    u.second = None;
    u.second_rounds = Some(1);
    u.primed = Some(Primed { grenade, delay: 1 });
    if !told && let Some(o) = other {
        u.control = o;
        u.controlled = true;
        u.control_until = round;
    }
    let weapon = u.weapon.take();
    let rounds = u.rounds.take();
    let thrown = if u.grenades.is_empty() {
        u.grenades.push(grenade);
        None
    } else {
        u.grenades.pop()
    };
    let mut put = None;
    if unseen_square {
        if let Some(id) = weapon {
            put = Some(pos);
            st.floor.push(FloorItem {
                pos,
                item: Item::Weapon {
                    id,
                    ammo: 0,
                    rounds,
                    clips: 1,
                },
                fresh: true,
            });
        }
        if let Some(g) = thrown {
            st.live.push(Live {
                pos,
                grenade: g,
                fuse: Fuse::Rounds(2),
            });
        }
    }
    st.resight_all();
    put
}

/// `observe()` carries fog of war and nothing else (tac.gap.7, tac.los.basic; squad lists
/// are private, docs/rules/tactical.md): two games that differ only in what a unit the seat
/// cannot see has left, what it carries and what it is doing (its weapon put down and a
/// grenade thrown where the seat does not look, wounds, time units, mind control, a panic,
/// everything of [`everything_else`]) give the seat the very same observation: it knows the
/// unit as it came into play. Checked over random games of the Assault, the 3-seat
/// free-for-all and the terror site, at every 7th position, for every seat and every unit
/// hidden from it. (The observation once kept an unseen unit's kit as it was now.)
#[test]
fn tac_gap_7_an_unseen_units_kit_and_state_do_not_reach_the_observation() {
    use squadsight_tactical::items::{FloorItem, Item};
    let t = tactical();
    let mut n = 0;
    let checked = each_hidden_unit(&t, [4, 6, 9], |st, seat, h, obs, _, at| {
        n += 1;
        let mut other = st.clone();
        let put = everything_else(&t, &mut other, seat, h, n);
        if other.known_mask(seat) != st.known_mask(seat) {
            return false;
        }
        // The same count of items on the floor: in the first game the unit put down a
        // medikit where the seat does not see, not its weapon.
        let mut obs = obs.clone();
        if let Some(pos) = put {
            let mut base = st.clone();
            base.floor.push(FloorItem {
                pos,
                item: Item::Medikit(1),
                fresh: false,
            });
            obs = t.observe(&base, seat);
        }
        let seen = t.observe(&other, seat);
        assert_eq!(seen.hidden, obs.hidden, "{at}");
        assert!(
            seen.known == obs.known,
            "{at}: seat {} can tell what unit {h} carries or how it is",
            seat.0
        );
        true
    });
    assert!(checked > 100, "only {checked} hidden units were changed");
}

/// tac.psi.panic-flee, tac.gap.7, tac.los.obstruction: the unit a run flees from is known
/// where it stands and nothing more, even when, with the units the seat cannot see left out,
/// the map alone would show it. A panicked X-Com soldier runs from the Sectoid; X-Com's only
/// eye on it (the rifleman, the others face away under the original X-COM's field of view)
/// is stopped by four squares of obstruction, the fourth the kneeling alien X-Com cannot see.
/// In the observation the Sectoid is not seen: no unit line or map label names its type, and
/// its time units, wounds and kneeling stay unknown.
#[test]
fn tac_psi_panic_flee_the_unit_run_from_is_not_seen_in_the_observation() {
    use squadsight_tactical::civilians::{Flight, FlightCause};
    let t = tactical();
    let (mut st, c) = situation(&t);
    st.sight = SightRules::XCOM;
    for f in c.friends {
        st.units[f].facing = Facing::E;
    }
    st.flights.push(Flight {
        unit: c.friends[0] as u8,
        from: c.target as u8,
        seat: Seat(0),
        cause: FlightCause::Panic,
    });
    t.settle_sight(&mut st);
    assert!(!st.seat_sees(Seat(0), c.hidden));
    assert!(!st.seat_sees(Seat(0), c.target));
    assert_eq!(t.to_act(&st), Decision::Act(Seat(0)));
    // Without the hidden alien in the line the rifleman would see the Sectoid.
    let mut bare = without_hidden(&t, &st, &c);
    bare.flights.clear();
    assert!(bare.seat_sees(Seat(0), c.target));
    let obs = t.observe(&st, Seat(0));
    assert!(obs.hidden.contains(&(c.hidden as u8)));
    assert!(!obs.hidden.contains(&(c.target as u8)));
    assert_eq!(obs.known.units[c.target].pos, st.units[c.target].pos);
    assert!(!obs.known.seat_sees(Seat(0), c.target));
    assert_eq!(
        obs.known.known_mask(Seat(0)),
        st.known_mask(Seat(0)),
        "the observation sees what the seat sees"
    );
    let kind = &t.catalog().unit(st.units[c.target].kind).name;
    let lines = t.observation_lines(&obs);
    let line = format!("unit {} ", c.target + 1);
    let listed = lines
        .iter()
        .find(|l| l.starts_with(&line))
        .unwrap_or_else(|| panic!("{lines:#?}"));
    assert!(listed.contains("not in sight, last known"), "{listed}");
    assert!(!listed.contains(kind.as_str()), "{listed}");
    let p = st.units[c.target].pos;
    let drawn = t
        .text_map(&obs, &format!("{},{},{}", p.x, p.y, p.z + 1))
        .unwrap_or_else(|| panic!("a text map"))
        .unwrap_or_else(|e| panic!("{e}"));
    let label = drawn
        .iter()
        .find(|l| l.contains("a run flees from it"))
        .unwrap_or_else(|| panic!("{drawn:#?}"));
    assert!(!label.contains(kind.as_str()), "{label}");
    // What the Sectoid is doing does not reach the observation; only its square does.
    let mut other = st.clone();
    everything_else(&t, &mut other, Seat(0), c.target, 1);
    other.units[c.target].kneeling = true;
    t.settle_sight(&mut other);
    assert!(!other.seat_sees(Seat(0), c.target));
    assert!(t.observe(&other, Seat(0)).known == obs.known);
}
