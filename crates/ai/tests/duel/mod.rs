//! The players and the arena on Duel, a small card game with hidden hands, dice and an
//! out-of-turn decision (see `duel/game.rs`).

mod game;

use crate::support::{self, arena, setup, uncapped};
use game::{Action, Card, Duel, Options, Scenario, State};
use squadsight_ai::arena::{STEP_CAP, run_arena};
use squadsight_ai::{Level, MctsPlayer, MctsSettings, Player, RandomPlayer};
use squadsight_core::{Decision, GameRng, Ruleset, Seat};

fn start(seed: u64) -> State {
    setup(
        &Duel,
        &Scenario::standard(),
        &Options::default(),
        &mut GameRng::new(seed),
    )
}

fn legal(state: &State) -> (Seat, Vec<Action>) {
    let Decision::Act(seat) = Duel.to_act(state) else {
        panic!("game over");
    };
    let mut out = Vec::new();
    Duel.legal_actions(state, seat, &mut out);
    (seat, out)
}

/// Plays `steps` actions with random players so that hands, deck and discard are mixed.
fn advance(mut state: State, steps: u32, seed: u64) -> State {
    support::advance(&Duel, &mut state, &mut GameRng::new(seed), steps, seed);
    state
}

#[test]
fn search_beats_random_over_fixed_seeds() {
    let mut seen = 0;
    let report = run_arena(
        &Duel,
        &Scenario::standard(),
        &Options::default(),
        Level::Easy,
        Level::Random,
        40,
        11,
        &mut |n| seen = n,
    );
    assert_eq!(seen, 40);
    assert_eq!(report.failed, 0, "{report}");
    assert_eq!(report.wins + report.losses + report.draws, 40);
    // Duel has a lot of luck: in release runs of 200-400 games, random wins 50% against
    // itself (7% are drawn) and easy wins 75% against random.
    assert!(
        report.wins >= 24,
        "easy should beat random clearly: {report}"
    );
    assert!(report.time_a.decisions > 0 && report.time_b.decisions > 0);
}

#[test]
fn arena_results_are_reproducible() {
    // Greedy and random have no clock in them, so two runs must agree exactly (the search
    // levels would too, unless a slow machine reached their time cap).
    let run = || {
        arena(
            &Duel,
            &Scenario::standard(),
            Level::Greedy,
            Level::Random,
            8,
            5,
        )
    };
    let (first, second) = (run(), run());
    assert_eq!(
        (first.wins, first.losses, first.draws, first.mean_length),
        (second.wins, second.losses, second.draws, second.mean_length)
    );
}

#[test]
fn hidden_cards_do_not_change_any_choice() {
    // Two games that differ only in what seat 0 cannot see: the other hand and the deck
    // order are reshuffled among themselves.
    for seed in 0..4 {
        let state = advance(start(seed), 7, seed);
        let Decision::Act(seat) = Duel.to_act(&state) else {
            continue;
        };
        let them = 1 - seat.index();
        let mut variant = state.clone();
        let mut pool: Vec<Card> = variant.hands[them].drain(..).collect();
        pool.append(&mut variant.deck);
        pool.reverse();
        let turn = seed as usize % pool.len().max(1);
        pool.rotate_left(turn);
        let n = state.hands[them].len();
        variant.hands[them] = pool.drain(..n).collect();
        variant.hands[them].sort();
        variant.deck = pool;
        assert_eq!(Duel.observe(&state, seat), Duel.observe(&variant, seat));
        let (_, actions) = legal(&state);
        let (_, variant_actions) = legal(&variant);
        assert_eq!(actions, variant_actions);
        for level in Level::ALL {
            let mut p = uncapped::<Duel>(level, 99 + seed);
            let mut q = uncapped::<Duel>(level, 99 + seed);
            let a = p.choose(&Duel, &Duel.observe(&state, seat), seat, &actions);
            let b = q.choose(&Duel, &Duel.observe(&variant, seat), seat, &actions);
            assert_eq!(a, b, "{level} at seed {seed}");
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_choice() {
    let state = advance(start(3), 4, 3);
    let (seat, actions) = legal(&state);
    let obs = Duel.observe(&state, seat);
    for level in Level::ALL {
        let a = uncapped::<Duel>(level, 7).choose(&Duel, &obs, seat, &actions);
        let b = uncapped::<Duel>(level, 7).choose(&Duel, &obs, seat, &actions);
        assert_eq!(a, b, "{level}");
        assert!(actions.contains(&a.action));
    }
}

/// A defender on 3 health facing a Strike of 3 with a Guard in hand: taking it loses the
/// game two times in three, guarding costs a card. Every thinking level must guard.
#[test]
fn defender_guards_a_lethal_strike() {
    let mut state = start(1);
    state.hp = [3, 6];
    state.hands = [
        vec![Card::Strike(1), Card::Guard],
        vec![Card::Strike(1), Card::Strike(2)],
    ];
    state.active = Seat(1);
    state.pending = Some(3);
    let (seat, actions) = legal(&state);
    assert_eq!(seat, Seat(0));
    assert_eq!(actions, vec![Action::Guard, Action::Take]);
    let obs = Duel.observe(&state, seat);
    for level in [Level::Greedy, Level::Easy, Level::Normal, Level::Hard] {
        for seed in 0..3 {
            let choice = uncapped::<Duel>(level, seed).choose(&Duel, &obs, seat, &actions);
            assert_eq!(choice.action, Action::Guard, "{level}: {}", choice.reason);
        }
    }
}

/// With the opponent on 1 health and no card to guard with, a Strike wins two times in
/// three; drawing hands them a turn and maybe a Guard.
#[test]
fn attacker_strikes_when_one_hit_wins() {
    let mut state = start(2);
    state.hp = [2, 1];
    state.hands[0] = vec![Card::Strike(1), Card::Guard];
    state.hands[1].clear();
    state.active = Seat(0);
    state.pending = None;
    let (seat, actions) = legal(&state);
    assert_eq!(actions, vec![Action::Strike(1), Action::Draw]);
    let obs = Duel.observe(&state, seat);
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        let choice = uncapped::<Duel>(level, 5).choose(&Duel, &obs, seat, &actions);
        assert_eq!(
            choice.action,
            Action::Strike(1),
            "{level}: {}",
            choice.reason
        );
    }
}

#[test]
fn reasons_name_the_search_and_the_action() {
    let state = advance(start(4), 2, 4);
    let (seat, actions) = legal(&state);
    let obs = Duel.observe(&state, seat);
    let choice = uncapped::<Duel>(Level::Easy, 1).choose(&Duel, &obs, seat, &actions);
    assert!(
        choice.reason.starts_with("looked ahead "),
        "{}",
        choice.reason
    );
    assert!(choice.reason.contains("games"), "{}", choice.reason);
    assert!(
        choice
            .reason
            .contains(&Duel.describe(&state, &choice.action)),
        "{}",
        choice.reason
    );
    assert!(!choice.reason.contains('\n'));
    let only = uncapped::<Duel>(Level::Hard, 1).choose(&Duel, &obs, seat, &actions[..1]);
    assert_eq!(only.action, actions[0]);
    assert!(only.reason.contains("only legal action"), "{}", only.reason);
    // The random player says how it picked; the caller describes the action itself.
    let mut random = RandomPlayer::new(3);
    let pick = random.choose(&Duel, &obs, seat, &actions);
    assert_eq!(
        pick.reason,
        format!("random pick among {} actions", actions.len())
    );
    let only = random.choose(&Duel, &obs, seat, &actions[..1]);
    assert_eq!(only.reason, "the only legal action");
}

#[test]
fn a_zero_time_cap_still_returns_a_legal_action() {
    let state = advance(start(6), 3, 6);
    let (seat, actions) = legal(&state);
    let obs = Duel.observe(&state, seat);
    let settings = MctsSettings {
        time_cap: std::time::Duration::ZERO,
        ..MctsSettings::easy()
    };
    let mut player = MctsPlayer::new("instant", settings, 1);
    let choice = Player::<Duel>::choose(&mut player, &Duel, &obs, seat, &actions);
    assert!(actions.contains(&choice.action));
    assert!(
        choice.reason.contains("looked ahead 0 games"),
        "{}",
        choice.reason
    );
}

#[test]
fn endless_games_are_stopped_and_counted() {
    let scenario = Scenario {
        strikes: Vec::new(),
        turn_limit: u32::MAX,
        ..Scenario::standard()
    };
    let report = arena(&Duel, &scenario, Level::Random, Level::Random, 2, 1);
    assert_eq!((report.capped, report.draws, report.failed), (2, 2, 0));
    assert_eq!(report.mean_length, f64::from(STEP_CAP));
    assert!(report.to_string().contains("2 stopped at"));
}

#[test]
fn games_that_cannot_start_are_reported_not_scored() {
    let scenario = Scenario {
        strikes: Vec::new(),
        guards: 1,
        ..Scenario::standard()
    };
    let report = arena(&Duel, &scenario, Level::Easy, Level::Random, 3, 1);
    assert_eq!(report.failed, 3);
    assert_eq!(report.wins + report.losses + report.draws, 0);
    let why = report.first_failure.as_deref().unwrap_or("");
    assert!(why.contains("deck too small"), "{why}");
    assert!(report.to_string().contains("first failure"));
}

#[test]
fn levels_alternate_seats() {
    // A game over before it starts, always won by seat 1: the measured level must win
    // exactly the games in which it sat there.
    let scenario = Scenario {
        turn_limit: 0,
        handicap: 1,
        ..Scenario::standard()
    };
    let report = arena(&Duel, &scenario, Level::Hard, Level::Random, 9, 3);
    assert_eq!(
        (report.wins, report.losses, report.failed),
        (5, 4, 0),
        "{report}"
    );
    assert_eq!(report.mean_length, 0.0);
}
