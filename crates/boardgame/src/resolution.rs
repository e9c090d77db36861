//! The resolution phase, the round's end and the game's end: the steps one at a time, each
//! naming its role (bg.round.resolution-steps); the Central Officer's answers (UFOs left in
//! orbit, base overrun, mission completed, final mission, panic colours); the summary with the
//! loss check, the budget and the final-mission unlock; and the score.

use crate::action::{Action, Colour};
use crate::catalog::Catalog;
use crate::data::Question;
use crate::legal::asking;
use crate::plan::Draws;
use crate::state::{Asking, CountQuestion, Phase, State};
use squadsight_core::journal::mention;
use squadsight_core::{EventKind, GameRng, IllegalAction, Input, Journal, Stream};

/// Continents fallen at a panic update that lose the game (bg.end.loss-panic: "at least two").
const FALLEN_TO_LOSE: u32 = 2;

/// Opens the resolution phase at its first step.
pub fn start(catalog: &Catalog, state: &mut State, journal: &mut Journal) {
    state.phase = Phase::Resolution;
    state.step = 0;
    state.remaining = 0;
    skip_locked(catalog, state);
    announce(catalog, state, journal);
}

fn skip_locked(catalog: &Catalog, state: &mut State) {
    while catalog
        .steps
        .get(state.step)
        .is_some_and(|s| s.only_after_unlock && !state.unlocked)
    {
        state.step += 1;
    }
}

fn announce(catalog: &Catalog, state: &State, journal: &mut Journal) {
    if let Some(step) = catalog.steps.get(state.step) {
        journal.note("bg.round.resolution-steps", EventKind::Turn, || {
            format!(
                "{} ({}): {}",
                mention(&step.name),
                step.role.name(),
                mention(&step.text)
            )
        });
    }
}

fn next_step(catalog: &Catalog, state: &mut State, journal: &mut Journal) {
    state.step += 1;
    skip_locked(catalog, state);
    announce(catalog, state, journal);
}

/// Applies an input in the resolution phase or the final count.
pub fn apply(
    catalog: &Catalog,
    state: &mut State,
    action: &Action,
    rng: &mut GameRng,
    journal: &mut Journal,
) -> Result<(), IllegalAction> {
    let question = asking(catalog, state);
    match (question, action) {
        (None, Action::Next) => {
            next_step(catalog, state, journal);
            Ok(())
        }
        (
            Some(Asking::Step(Question::Panic) | Asking::Count(CountQuestion::Panic)),
            Action::Panic { continent, colour },
        ) => {
            let c = usize::from(*continent);
            let Some(now) = state.colours.get(c).copied() else {
                return Err(IllegalAction::new(format!("no continent {continent}")));
            };
            if now == *colour {
                return Err(IllegalAction::new("that is its colour already"));
            }
            state.colours[c] = *colour;
            let name = mention(&catalog.continents[c]);
            journal.note("bg.panic.sections", EventKind::Effect, || {
                format!("{name} is {} (was {})", colour.name(), now.name())
            });
            Ok(())
        }
        (Some(Asking::Step(Question::Panic)), Action::Next) => {
            summary(catalog, state, rng, journal);
            Ok(())
        }
        (Some(Asking::Count(CountQuestion::Panic)), Action::Next) => {
            score(catalog, state, journal);
            Ok(())
        }
        (Some(Asking::Step(q)), Action::Answer(n)) => step_answer(catalog, state, q, *n, journal),
        (Some(Asking::Count(q)), Action::Answer(n)) => {
            let most = match q {
                CountQuestion::Ufos => catalog.ufos,
                CountQuestion::Soldiers => catalog.soldiers,
                CountQuestion::Interceptors => catalog.interceptors,
                CountQuestion::BaseDamage => catalog.base_overrun_at,
                CountQuestion::Panic => 0,
            };
            if *n > most || q == CountQuestion::Panic {
                return Err(IllegalAction::new(format!("the answer is 0 to {most}")));
            }
            state.count.answers.push(*n);
            journal.note("bg.app.game-over", EventKind::Effect, || {
                format!("for the score: {} {n}", count_label(q))
            });
            Ok(())
        }
        _ => Err(IllegalAction::new(match question {
            None => "this step is done with Next",
            Some(_) => "the app is waiting for an answer",
        })),
    }
}

/// What each count question asks.
pub fn count_label(q: CountQuestion) -> &'static str {
    match q {
        CountQuestion::Ufos => "UFOs on the board:",
        CountQuestion::Soldiers => "soldiers in the recruitment pool:",
        CountQuestion::Interceptors => "interceptors in the recruitment pool:",
        CountQuestion::BaseDamage => "base damage:",
        CountQuestion::Panic => "panic colours",
    }
}

fn step_answer(
    catalog: &Catalog,
    state: &mut State,
    question: Question,
    n: u8,
    journal: &mut Journal,
) -> Result<(), IllegalAction> {
    let most = match question {
        Question::UfosInOrbit => catalog.ufos,
        _ => 1,
    };
    if n > most {
        return Err(IllegalAction::new(format!("the answer is 0 to {most}")));
    }
    let yes = n == 1;
    match question {
        Question::UfosInOrbit => {
            state.orbit = u32::from(n);
            let difficulty = &catalog.difficulties[state.difficulty];
            let (scramble, forecasts) = (
                difficulty.scramble_percent(state.orbit),
                difficulty.forecasts(state.orbit),
            );
            journal.note_with(
                "bg.app.scramble-orbit",
                EventKind::Effect,
                || format!("{n} UFOs left in orbit"),
                || {
                    vec![
                        Input::new(
                            "next round's scramble chance",
                            format!("{scramble}%"),
                            "bg.gap.11",
                        ),
                        Input::new("next round's forecasts", forecasts, "bg.gap.14"),
                    ]
                },
            );
        }
        Question::BaseOverrun => {
            if yes {
                decide(
                    state,
                    false,
                    "the base is overrun",
                    "bg.end.loss-base",
                    journal,
                );
                return Ok(());
            }
            journal.note("bg.end.loss-base", EventKind::Effect, || {
                "the base holds".into()
            });
        }
        Question::MissionCompleted => {
            state.mission_this_round = yes;
            if yes {
                state.missions += 1;
            }
            let missions = state.missions;
            journal.note("bg.round.mission-check", EventKind::Effect, || {
                if yes {
                    format!("a mission was completed this round ({missions} in all)")
                } else {
                    "no mission was completed this round".into()
                }
            });
        }
        Question::FinalMissionCompleted => {
            if yes {
                decide(
                    state,
                    true,
                    "the final mission is complete",
                    "bg.end.win",
                    journal,
                );
                return Ok(());
            }
            journal.note("bg.end.win", EventKind::Effect, || {
                "the final mission is not complete yet".into()
            });
        }
        Question::Panic => return Err(IllegalAction::new("report panic colours, then Next")),
    }
    next_step(catalog, state, journal);
    Ok(())
}

/// bg.round.summary: the round's snapshot of panic colours; the loss check; the budget cut
/// chance; the final-mission unlock; then the next round's briefing.
fn summary(catalog: &Catalog, state: &mut State, rng: &mut GameRng, journal: &mut Journal) {
    // bg.panic.fallen: a continent on the last space has fallen.
    let (red, fallen) = (
        state.colour_count(Colour::Red),
        state.colour_count(Colour::Fallen),
    );
    journal.note("bg.round.summary", EventKind::Turn, || {
        format!(
            "round {} summary: {} yellow, {red} red, {fallen} fallen",
            state.round,
            state.colour_count(Colour::Yellow)
        )
    });
    if fallen >= FALLEN_TO_LOSE {
        decide(
            state,
            false,
            "two continents have fallen into panic",
            "bg.end.loss-panic",
            journal,
        );
        return;
    }
    if fallen > 0 {
        journal.note("bg.panic.fallen-ufos", EventKind::Effect, || {
            "the UFOs over a fallen continent move into orbit; they descend with the next count"
                .into()
        });
    }
    let mut draws = Draws {
        rng,
        journal,
        hidden: false,
        stream: Stream::Dice,
    };
    // bg.round.summary-red: a continent newly in red may cut next round's budget.
    for c in 0..state.colours.len() {
        let newly_red = state.colours[c] == Colour::Red && state.previous[c] == Colour::Yellow;
        state.delayed[c] = false;
        if newly_red && state.red_chance {
            let name = mention(&catalog.continents[c]);
            let now = draws.chance("bg.round.summary-red", catalog.red_chance_percent, |hit| {
                format!(
                    "{name} is newly red: the budget cut {}",
                    if hit {
                        "starts next round"
                    } else {
                        "waits a round"
                    }
                )
            });
            state.delayed[c] = !now;
        }
    }
    // bg.app.final-unlock.
    if !state.unlocked {
        let difficulty = &catalog.difficulties[state.difficulty];
        let percent = difficulty.unlock_percent(state.round, state.missions);
        let missions = state.missions;
        let unlocked = draws.chance("bg.app.final-unlock", percent, |hit| {
            format!(
                "final mission: {}",
                if hit { "unlocked" } else { "still locked" }
            )
        });
        draws.journal.add_inputs(|| {
            vec![
                Input::new("missions completed", missions, "bg.round.mission-check"),
                Input::new("chance", format!("{percent}%"), "bg.gap.16"),
            ]
        });
        if unlocked {
            state.unlocked = true;
            draws.journal.note("bg.app.final-unlock", EventKind::Reveal, || {
                "the final mission is unlocked: the Squad Leader flips the invasion plan to its final-mission side"
                    .into()
            });
        }
    }
    state.previous = state.colours.clone();
    state.mission_this_round = false;
    state.round += 1;
    state.phase = Phase::Briefing;
    brief(catalog, state, journal);
}

/// bg.app.budget: the round's budget from the last snapshot, announced with the round
/// (bg.budget.gain).
pub fn brief(catalog: &Catalog, state: &mut State, journal: &mut Journal) {
    journal.set_context(state.round, Some(crate::CENTRAL_OFFICER));
    let (yellow, red, fallen) = catalog.budget;
    let mut budget = 0;
    for (c, colour) in state.colours.iter().enumerate() {
        budget += match colour {
            Colour::Yellow => yellow,
            Colour::Red if state.delayed.get(c) == Some(&true) => yellow,
            Colour::Red => red,
            Colour::Fallen => fallen,
        };
    }
    state.budget = budget;
    let round = state.round;
    journal.note_with(
        "bg.app.budget",
        EventKind::Turn,
        || format!("round {round}: the Commander receives a budget of {budget} credits"),
        || {
            vec![
                Input::new("per yellow continent", yellow, "bg.gap.15"),
                Input::new("per red continent", red, "bg.gap.15"),
                Input::new("per fallen continent", fallen, "bg.gap.15"),
            ]
        },
    );
}

/// The game is decided; the final count for the score follows (bg.app.game-over).
fn decide(state: &mut State, won: bool, why: &str, rule: &'static str, journal: &mut Journal) {
    state.won = Some(won);
    state.reason = why.to_string();
    state.phase = Phase::Count;
    state.count.answers.clear();
    journal.note(rule, EventKind::End, || {
        format!("{}: {why}", if won { "XCOM wins" } else { "XCOM loses" })
    });
    journal.note("bg.app.game-over", EventKind::End, || {
        "count the board for the score".into()
    });
}

/// bg.gap.42: the score, shown whether the game was won or lost.
fn score(catalog: &Catalog, state: &mut State, journal: &mut Journal) {
    let w = catalog.score;
    let answer = |i: usize| i32::from(state.count.answers.get(i).copied().unwrap_or(0));
    let red = state.colour_count(Colour::Red) as i32;
    let fallen = state.colour_count(Colour::Fallen) as i32;
    let won = state.won == Some(true);
    let parts = [
        ("win", if won { w.win } else { 0 }),
        ("UFOs on the board", w.per_ufo * answer(0)),
        ("soldiers lost", w.per_soldier_lost * answer(1)),
        ("interceptors lost", w.per_interceptor_lost * answer(2)),
        ("base damage", w.per_base_damage * answer(3)),
        ("continents in red", w.per_red * red),
        ("continents fallen", w.per_fallen * fallen),
    ];
    let total: i32 = parts.iter().map(|(_, v)| v).sum();
    state.score = Some(total);
    state.phase = Phase::Over;
    journal.note_with(
        "bg.app.game-over",
        EventKind::End,
        || format!("final score: {total}"),
        || {
            parts
                .iter()
                .map(|(label, v)| Input::new(*label, v, "bg.gap.42"))
                .collect()
        },
    );
}
