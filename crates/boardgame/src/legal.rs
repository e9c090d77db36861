//! The Central Officer's legal inputs in each state, in a fixed order. Seconds in an input may
//! be anything from 0 to what the running clock had when it last started, so a replay accepts
//! exactly the presses a real clock could have produced.

use crate::action::{Action, Colour};
use crate::catalog::Catalog;
use crate::data::{Kind, Question};
use crate::state::{Asking, Clock, CountQuestion, Phase, State};

/// Appends every legal action of the Central Officer to `out`.
pub fn legal(catalog: &Catalog, state: &State, out: &mut Vec<Action>) {
    out.clear();
    if state.menu {
        out.push(Action::MenuResume);
        return;
    }
    match state.phase {
        Phase::Setup | Phase::Briefing => out.push(Action::Begin),
        Phase::Timed => timed(catalog, state, out),
        Phase::Window => {
            presses(state, out, Action::Done { left: 0 }, |left| Action::Done {
                left,
            });
            if state.timed {
                out.push(Action::Expire);
                out.extend((0..=state.remaining).map(|left| Action::Menu { left }));
            }
        }
        Phase::Resolution | Phase::Count => match asking(catalog, state) {
            None => out.push(Action::Next),
            Some(question) => answers(catalog, state, question, out),
        },
        Phase::Over => {}
    }
}

fn timed(catalog: &Catalog, state: &State, out: &mut Vec<Action>) {
    let Some(entry) = state.entry() else {
        return;
    };
    match state.clock {
        Clock::Running => {
            presses(state, out, Action::Done { left: 0 }, |left| Action::Done {
                left,
            });
            if state.timed {
                out.push(Action::Expire);
                if state.pause_left != Some(0) {
                    out.extend((0..=state.remaining).map(|left| Action::Pause { left }));
                }
                out.extend((0..=state.remaining).map(|left| Action::Menu { left }));
            }
            if entry.scanner && !entry.forecast_asked {
                out.push(Action::Forecast);
            }
        }
        Clock::Paused => match state.pause_left {
            Some(p) => out.extend((0..=p).map(|left| Action::Resume { left })),
            None => out.push(Action::Resume { left: 0 }),
        },
        Clock::Hold => {
            debug_assert_eq!(catalog.actions[entry.action].kind, Kind::Alien);
            match state.pause_left {
                Some(p) if p > 0 => {
                    out.extend((0..=p).map(|left| Action::Done { left }));
                    out.push(Action::Expire);
                }
                _ => out.push(Action::Done { left: 0 }),
            }
        }
    }
}

/// DONE at any second the running clock can show; only `untimed` in an untimed game.
fn presses(state: &State, out: &mut Vec<Action>, untimed: Action, at: impl Fn(u32) -> Action) {
    if state.timed {
        out.extend((0..=state.remaining).map(at));
    } else {
        out.push(untimed);
    }
}

fn answers(catalog: &Catalog, state: &State, question: Asking, out: &mut Vec<Action>) {
    let most = match question {
        Asking::Step(Question::Panic) | Asking::Count(CountQuestion::Panic) => {
            for (c, now) in state.colours.iter().enumerate() {
                for colour in Colour::ALL.into_iter().filter(|k| k != now) {
                    if let Ok(continent) = u8::try_from(c) {
                        out.push(Action::Panic { continent, colour });
                    }
                }
            }
            out.push(Action::Next);
            return;
        }
        Asking::Step(Question::UfosInOrbit) | Asking::Count(CountQuestion::Ufos) => catalog.ufos,
        Asking::Count(CountQuestion::Soldiers) => catalog.soldiers,
        Asking::Count(CountQuestion::Interceptors) => catalog.interceptors,
        Asking::Count(CountQuestion::BaseDamage) => catalog.base_overrun_at,
        Asking::Step(
            Question::BaseOverrun | Question::MissionCompleted | Question::FinalMissionCompleted,
        ) => 1,
    };
    out.extend((0..=most).map(Action::Answer));
}

/// The question the app waits on now, if any.
pub fn asking(catalog: &Catalog, state: &State) -> Option<Asking> {
    match state.phase {
        Phase::Resolution => Some(Asking::Step(catalog.steps.get(state.step)?.question?)),
        Phase::Count => CountQuestion::ALL
            .get(state.count.answers.len())
            .copied()
            .map(Asking::Count),
        _ => None,
    }
}
