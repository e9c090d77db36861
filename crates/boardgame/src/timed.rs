//! The timed phase (bg.app.actions): one action at a time, the clock's presses and expiries as
//! the front end reports them, pause with its budget, the menu pause, forecasts, and the final
//! window. Nothing here reads a clock: every second the rules use arrives inside an action.

use crate::action::Action;
use crate::catalog::Catalog;
use crate::data::{Effect, Kind};
use crate::describe::targets_text;
use crate::state::{Clock, Ended, Forecast, Phase, State};
use squadsight_core::journal::mention;
use squadsight_core::{EventKind, IllegalAction, Input, Journal};

/// Applies an input during the timed phase or the final window (the caller has checked the
/// phase). On error nothing has changed.
pub fn apply(
    catalog: &Catalog,
    state: &mut State,
    action: &Action,
    journal: &mut Journal,
) -> Result<(), IllegalAction> {
    if state.menu {
        return match action {
            Action::MenuResume => {
                state.menu = false;
                journal.note("bg.app.menu-pause", EventKind::Turn, || {
                    "the menu closes; the clock runs on".into()
                });
                Ok(())
            }
            _ => Err(IllegalAction::new("the menu is open: close it first")),
        };
    }
    if state.phase == Phase::Window {
        return window(catalog, state, action, journal);
    }
    match state.clock {
        Clock::Running => running(catalog, state, action, journal),
        Clock::Paused => paused(state, action, journal),
        Clock::Hold => hold(catalog, state, action, journal),
    }
}

fn seconds_ok(state: &State, left: u32) -> Result<(), IllegalAction> {
    let most = if state.timed { state.remaining } else { 0 };
    if left > most {
        return Err(IllegalAction::new(format!(
            "the clock shows at most {most} s, not {left} s"
        )));
    }
    Ok(())
}

fn timed_only(state: &State) -> Result<(), IllegalAction> {
    if state.timed {
        Ok(())
    } else {
        Err(IllegalAction::new("this game is untimed (timer=off)"))
    }
}

fn running(
    catalog: &Catalog,
    state: &mut State,
    action: &Action,
    journal: &mut Journal,
) -> Result<(), IllegalAction> {
    let current = state.current;
    let Some(entry) = state.plan.get(current) else {
        return Err(IllegalAction::new("no action is showing"));
    };
    let info = &catalog.actions[entry.action];
    match action {
        Action::Done { left } => {
            seconds_ok(state, *left)?;
            let left = *left;
            match info.kind {
                Kind::Xcom => {
                    journal.note("bg.app.done", EventKind::Turn, || {
                        format!("{}: DONE with {left} s left", mention(&info.name))
                    });
                    early_bonus(catalog, state, left, journal);
                }
                Kind::Alien => journal.note("bg.app.alien-mandatory", EventKind::Turn, || {
                    format!(
                        "{}: carried out in full, DONE with {left} s left",
                        mention(&info.name)
                    )
                }),
            }
            end_entry(catalog, state, Ended::Done(left), journal);
            Ok(())
        }
        Action::Expire => {
            timed_only(state)?;
            match info.kind {
                Kind::Xcom => {
                    journal.note("bg.app.xcom-expiry", EventKind::Turn, || {
                        format!(
                            "{}: time is up; the action ends and the next one shows at once",
                            mention(&info.name)
                        )
                    });
                    end_entry(catalog, state, Ended::Expired, journal);
                }
                Kind::Alien => {
                    state.clock = Clock::Hold;
                    state.remaining = 0;
                    state.halve_next = true;
                    journal.note("bg.app.alien-expiry-hold", EventKind::Turn, || {
                        format!(
                            "{}: EXPIRED; nothing moves on until the Central Officer confirms DONE",
                            mention(&info.name)
                        )
                    });
                    if state.pause_left.is_some_and(|p| p > 0) {
                        journal.note("bg.app.alien-expiry-drain", EventKind::Effect, || {
                            "the pause reserve drains while the expired action waits".into()
                        });
                    }
                }
            }
            Ok(())
        }
        Action::Pause { left } => {
            timed_only(state)?;
            seconds_ok(state, *left)?;
            if state.pause_left == Some(0) {
                return Err(IllegalAction::new("no pause time is left this round"));
            }
            state.remaining = *left;
            state.clock = Clock::Paused;
            let reserve = reserve_text(state.pause_left);
            journal.note("bg.app.pause", EventKind::Turn, || {
                format!(
                    "paused with {left} s on {}; pause time left: {reserve}",
                    mention(&info.name)
                )
            });
            Ok(())
        }
        Action::Menu { left } => {
            timed_only(state)?;
            seconds_ok(state, *left)?;
            state.remaining = *left;
            state.menu = true;
            journal.note("bg.app.menu-pause", EventKind::Turn, || {
                format!(
                    "the menu opens with {left} s on {}; no pause time is used",
                    mention(&info.name)
                )
            });
            Ok(())
        }
        Action::Forecast => {
            if !entry.scanner || entry.forecast_asked {
                return Err(IllegalAction::new("the scanner is not lit"));
            }
            forecast(catalog, state, journal);
            Ok(())
        }
        _ => Err(IllegalAction::new(
            "an action is running: DONE, pause or menu",
        )),
    }
}

/// bg.app.pause-early-bonus: an XCOM action finished early adds part of its unused time to the
/// pause reserve (bg.gap.8: a share of it, capped).
fn early_bonus(catalog: &Catalog, state: &mut State, left: u32, journal: &mut Journal) {
    let Some(reserve) = state.pause_left else {
        return;
    };
    let difficulty = &catalog.difficulties[state.difficulty];
    let bonus = (left * difficulty.bonus_percent / 100).min(difficulty.bonus_cap);
    if bonus == 0 {
        return;
    }
    state.pause_left = Some(reserve + bonus);
    journal.note_with(
        "bg.app.pause-early-bonus",
        EventKind::Effect,
        || {
            format!(
                "finished early: +{bonus} s of pause time ({} s now)",
                reserve + bonus
            )
        },
        || {
            vec![
                Input::new("seconds left", left, "the DONE press"),
                Input::new(
                    "share",
                    format!("{}%", difficulty.bonus_percent),
                    "bg.gap.8",
                ),
                Input::new("cap", format!("{} s", difficulty.bonus_cap), "bg.gap.8"),
            ]
        },
    );
}

fn paused(state: &mut State, action: &Action, journal: &mut Journal) -> Result<(), IllegalAction> {
    let Action::Resume { left } = action else {
        return Err(IllegalAction::new("paused: resume first"));
    };
    let most = state.pause_left.unwrap_or(0);
    if *left > most {
        return Err(IllegalAction::new(format!(
            "only {most} s of pause time were left, not {left} s"
        )));
    }
    let used = state.pause_left.map(|p| p - left);
    if state.pause_left.is_some() {
        state.pause_left = Some(*left);
    }
    state.clock = Clock::Running;
    let remaining = state.remaining;
    journal.note("bg.app.pause", EventKind::Turn, || match used {
        Some(used) => format!(
            "resumed after {used} s of pause ({left} s of pause left); {remaining} s on the action"
        ),
        None => format!("resumed (pause is unlimited); {remaining} s on the action"),
    });
    Ok(())
}

fn hold(
    catalog: &Catalog,
    state: &mut State,
    action: &Action,
    journal: &mut Journal,
) -> Result<(), IllegalAction> {
    let reserve = state.pause_left.unwrap_or(0);
    match action {
        Action::Done { left } => {
            if *left > reserve {
                return Err(IllegalAction::new(format!(
                    "only {reserve} s of pause time were left, not {left} s"
                )));
            }
            let left = *left;
            if state.pause_left.is_some() {
                state.pause_left = Some(left);
            }
            let name = mention(
                state
                    .entry()
                    .map_or("the action", |e| catalog.actions[e.action].name.as_str()),
            );
            journal.note_with(
                "bg.app.alien-expiry-drain",
                EventKind::Turn,
                || format!("{name}: confirmed DONE after expiring; {left} s of pause time left"),
                || {
                    vec![Input::new(
                        "pause drained",
                        format!("{} s", reserve - left),
                        "",
                    )]
                },
            );
            end_entry(catalog, state, Ended::ExpiredHeld, journal);
            Ok(())
        }
        Action::Expire if reserve > 0 => {
            state.pause_left = Some(0);
            journal.note("bg.app.alien-expiry-drain", EventKind::Effect, || {
                "the expired action has drained the whole pause reserve".into()
            });
            Ok(())
        }
        _ => Err(IllegalAction::new("an expired alien action waits for DONE")),
    }
}

fn window(
    catalog: &Catalog,
    state: &mut State,
    action: &Action,
    journal: &mut Journal,
) -> Result<(), IllegalAction> {
    match action {
        Action::Done { left } => {
            seconds_ok(state, *left)?;
            let left = *left;
            journal.note("bg.round.end-timed-early", EventKind::Turn, || {
                format!("the Central Officer ends the timed phase with {left} s left")
            });
        }
        Action::Expire => {
            timed_only(state)?;
            journal.note("bg.round.final-window", EventKind::Turn, || {
                "the final window closes".into()
            });
        }
        Action::Menu { left } => {
            timed_only(state)?;
            seconds_ok(state, *left)?;
            state.remaining = *left;
            state.menu = true;
            journal.note("bg.app.menu-pause", EventKind::Turn, || {
                format!("the menu opens with {left} s left in the final window")
            });
            return Ok(());
        }
        _ => return Err(IllegalAction::new("the final window: DONE or menu")),
    }
    crate::resolution::start(catalog, state, journal);
    Ok(())
}

/// bg.app.forecast: shows the targets of the next UFOs Detected! that no forecast has shown
/// yet, exactly as planned (bg.app.forecast-truthful).
fn forecast(catalog: &Catalog, state: &mut State, journal: &mut Journal) {
    let asked_at = state.current;
    if let Some(entry) = state.plan.get_mut(asked_at) {
        entry.forecast_asked = true;
    }
    let shown: Vec<usize> = state.forecasts.iter().filter_map(|f| f.entry).collect();
    let next = (asked_at + 1..state.plan.len()).find(|&i| {
        catalog.actions[state.plan[i].action].effect == Effect::Detected && !shown.contains(&i)
    });
    let targets = next
        .map(|i| state.plan[i].targets.clone())
        .unwrap_or_default();
    let text = match next {
        Some(_) => format!(
            "forecast: the next UFO contact will be {}",
            targets_text(catalog, &targets)
        ),
        None => "forecast: no further UFO contact this round".into(),
    };
    journal.note("bg.app.forecast", EventKind::Reveal, || text);
    state.forecasts.push(Forecast {
        asked_at,
        entry: next,
        targets,
    });
}

/// Ends the current action and shows the next, or opens the final window after the last.
fn end_entry(catalog: &Catalog, state: &mut State, ended: Ended, journal: &mut Journal) {
    if let Some(entry) = state.plan.get_mut(state.current) {
        entry.ended = Some(ended);
    }
    state.current += 1;
    state.clock = Clock::Running;
    if state.current < state.plan.len() {
        issue(catalog, state, journal);
    } else {
        open_window(catalog, state, journal);
    }
}

/// bg.round.final-window: the extra time after the last action, lengthened by the pause time
/// left (bg.app.pause-to-extra).
fn open_window(catalog: &Catalog, state: &mut State, journal: &mut Journal) {
    state.phase = Phase::Window;
    state.halve_next = false;
    let base = catalog.difficulties[state.difficulty].final_window_seconds;
    let leftover = state.pause_left.unwrap_or(0);
    if state.pause_left.is_some() {
        state.pause_left = Some(0);
    }
    state.remaining = if state.timed { base + leftover } else { 0 };
    let total = state.remaining;
    journal.note_with(
        "bg.round.final-window",
        EventKind::Turn,
        || {
            if total > 0 {
                format!("final window: {total} s to use timed-phase assets and tech")
            } else {
                "final window: use timed-phase assets and tech, then DONE".into()
            }
        },
        || {
            vec![
                Input::new("base", format!("{base} s"), "bg.gap.7"),
                Input::new(
                    "leftover pause",
                    format!("{leftover} s"),
                    "bg.app.pause-to-extra",
                ),
            ]
        },
    );
}

/// Shows the current entry: its time (halved after an alien expiry), and what the app worked
/// out for it.
pub fn issue(catalog: &Catalog, state: &mut State, journal: &mut Journal) {
    let difficulty = &catalog.difficulties[state.difficulty];
    let number = state.current + 1;
    let Some(entry) = state.plan.get_mut(state.current) else {
        return;
    };
    let info = &catalog.actions[entry.action];
    let full = match info.kind {
        Kind::Xcom => difficulty.xcom_seconds,
        Kind::Alien => difficulty.alien_seconds,
    };
    let halved = info.kind == Kind::Xcom && state.halve_next;
    let seconds = match (state.timed, halved) {
        (false, _) => 0,
        (true, true) => full.div_ceil(2),
        (true, false) => full,
    };
    if halved {
        state.halve_next = false;
    }
    entry.seconds = seconds;
    state.remaining = seconds;
    state.clock = Clock::Running;
    let kind = match (info.kind, entry.scrambled) {
        (Kind::Alien, _) => "alien",
        (Kind::Xcom, true) => "scrambled XCOM",
        (Kind::Xcom, false) => "XCOM",
    };
    journal.note("bg.app.actions", EventKind::Turn, || {
        let time = if seconds > 0 {
            format!(", {seconds} s")
        } else {
            String::new()
        };
        format!(
            "action {number}: {} ({}, {kind}{time})",
            mention(&info.name),
            info.role.name()
        )
    });
    if entry.scrambled {
        journal.note("bg.app.scramble", EventKind::Effect, || {
            format!(
                "{} is scrambled: it comes out of its usual place",
                mention(&info.name)
            )
        });
    }
    if halved {
        journal.note_with(
            "bg.app.alien-expiry-halve",
            EventKind::Effect,
            || {
                format!(
                    "{} gets half its time ({seconds} s) after an alien action expired",
                    mention(&info.name)
                )
            },
            || vec![Input::new("normal time", format!("{full} s"), "bg.gap.7")],
        );
    }
    let targets = entry.targets.clone();
    match info.effect {
        Effect::Plain => {}
        Effect::Descend => journal.note("bg.app.ufo-descend", EventKind::Effect, || {
            format!(
                "UFOs descend from orbit: {}",
                targets_text(catalog, &targets)
            )
        }),
        Effect::Detected => {
            let forecast = state
                .forecasts
                .iter()
                .find(|f| f.entry == Some(state.current))
                .map(|f| f.asked_at + 1);
            journal.note("bg.app.ufo-spawn", EventKind::Effect, || {
                format!("UFOs detected: {}", targets_text(catalog, &targets))
            });
            if let Some(asked) = forecast {
                journal.note_with(
                    "bg.app.forecast-truthful",
                    EventKind::Effect,
                    || {
                        format!(
                            "as forecast during action {asked}: {}",
                            targets_text(catalog, &targets)
                        )
                    },
                    || {
                        vec![Input::new(
                            "forecast asked during action",
                            asked,
                            "bg.app.forecast",
                        )]
                    },
                );
            }
        }
    }
}

fn reserve_text(reserve: Option<u32>) -> String {
    reserve.map_or_else(|| "unlimited".into(), |p| format!("{p} s"))
}
