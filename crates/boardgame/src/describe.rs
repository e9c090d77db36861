//! Text for people: action labels, UFO targets, setup instructions, the state as one-fact lines,
//! and the prompt for whatever the app is waiting on. The terminal UI and `--plain` show these.

use crate::action::{Action, Colour};
use crate::catalog::Catalog;
use crate::data::{Kind, Question, Role};
use crate::legal::asking;
use crate::resolution::count_label;
use crate::state::{Asking, Clock, CountQuestion, Ended, Phase, State, Target};

/// `Europe 2, Asia 1, orbit 1`; `no UFOs` for none.
pub fn targets_text(catalog: &Catalog, targets: &[(Target, u8)]) -> String {
    if targets.is_empty() {
        return "no UFOs".into();
    }
    targets
        .iter()
        .map(|(t, n)| match t {
            Target::Orbit => format!("orbit {n}"),
            Target::Continent(c) => format!(
                "{} {n}",
                catalog
                    .continents
                    .get(usize::from(*c))
                    .map_or("?", String::as_str)
            ),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A short label for an input in this state.
pub fn describe(catalog: &Catalog, state: &State, action: &Action) -> String {
    match action {
        Action::Begin => match state.phase {
            Phase::Setup => "setup done: start round 1".into(),
            _ => format!("start round {}'s timed phase", state.round),
        },
        Action::Done { left } => match (state.phase, state.clock) {
            (Phase::Window, _) => format!("DONE: end the timed phase ({left} s left)"),
            (_, Clock::Hold) => format!("DONE after expiry ({left} s of pause left)"),
            _ if !state.timed => "DONE".into(),
            _ => format!("DONE with {left} s left"),
        },
        Action::Expire => match state.clock {
            Clock::Hold => "the pause reserve runs dry".into(),
            _ => "time runs out".into(),
        },
        Action::Pause { left } => format!("pause at {left} s"),
        Action::Resume { left } => match state.pause_left {
            Some(_) => format!("resume ({left} s of pause left)"),
            None => "resume".into(),
        },
        Action::Menu { left } => format!("open the menu at {left} s"),
        Action::MenuResume => "close the menu".into(),
        Action::Forecast => "ask for a forecast".into(),
        Action::Next => match asking(catalog, state) {
            Some(Asking::Step(Question::Panic)) => "panic reported: end the round".into(),
            Some(Asking::Count(CountQuestion::Panic)) => "panic reported: show the score".into(),
            _ => "step done: next".into(),
        },
        Action::Answer(n) => match asking(catalog, state) {
            Some(Asking::Step(Question::UfosInOrbit)) => format!("{n} UFOs left in orbit"),
            Some(Asking::Step(Question::BaseOverrun)) => yes_no(*n, "the base is overrun"),
            Some(Asking::Step(Question::MissionCompleted)) => {
                yes_no(*n, "a mission was completed this round")
            }
            Some(Asking::Step(Question::FinalMissionCompleted)) => {
                yes_no(*n, "the final mission is complete")
            }
            Some(Asking::Count(q)) => format!("{} {n}", count_label(q)),
            _ => format!("answer {n}"),
        },
        Action::Panic { continent, colour } => format!(
            "{}: {}",
            catalog
                .continents
                .get(usize::from(*continent))
                .map_or("?", String::as_str),
            colour.name()
        ),
    }
}

fn yes_no(n: u8, what: &str) -> String {
    if n == 1 {
        format!("yes: {what}")
    } else {
        format!("no: not {what}")
    }
}

/// The question the app is asking, in words, if any.
pub fn prompt(catalog: &Catalog, state: &State) -> Option<String> {
    let text = match asking(catalog, state)? {
        Asking::Step(Question::UfosInOrbit) => "How many UFOs are left in orbit?",
        Asking::Step(Question::BaseOverrun) => {
            "Has the base damage reached the last space (base overrun)?"
        }
        Asking::Step(Question::MissionCompleted) => "Was a mission completed this round?",
        Asking::Step(Question::FinalMissionCompleted) => "Is the final mission complete?",
        Asking::Step(Question::Panic) | Asking::Count(CountQuestion::Panic) => {
            "Set each continent's panic colour (yellow, red, fallen), then confirm."
        }
        Asking::Count(CountQuestion::Ufos) => "For the score: how many UFOs are on the board?",
        Asking::Count(CountQuestion::Soldiers) => {
            "For the score: how many soldiers are in the recruitment pool?"
        }
        Asking::Count(CountQuestion::Interceptors) => {
            "For the score: how many interceptors are in the recruitment pool?"
        }
        Asking::Count(CountQuestion::BaseDamage) => "For the score: how much base damage?",
    };
    Some(text.to_string())
}

/// What the table sets up before round 1 (bg.app.setup), and who holds which role.
pub fn setup_instructions(catalog: &Catalog, state: &State) -> Vec<String> {
    let continent = |c: u8| {
        catalog
            .continents
            .get(usize::from(c))
            .map_or("?", String::as_str)
            .to_string()
    };
    let difficulty = &catalog.difficulties[state.difficulty];
    let mut lines = vec![
        format!("Difficulty: {}.", difficulty.name),
        format!(
            "Home base: {}. Give the Commander the {} continent asset and put the other continent assets back in the box.",
            continent(state.home_base),
            continent(state.home_base)
        ),
        format!(
            "Invasion plan: shuffle the {} plans face down and deal them in a row; take plan {} from the left, front side up.",
            catalog.invasion_plans, state.plan_card
        ),
    ];
    if state.raised.is_empty() {
        lines.push("Panic: every continent's token starts on the first space.".into());
    } else {
        let names: Vec<String> = state.raised.iter().map(|c| continent(*c)).collect();
        lines.push(format!(
            "Panic: {} start {} space(s) up; the others on the first space.",
            names.join(" and "),
            difficulty.panic_spaces
        ));
    }
    // bg.role.players-4, bg.role.players-fewer, bg.role.players-defaults, bg.role.players-1.
    lines.push(
        "Roles: one each with four players; with three, one player is Central Officer and Commander; with two, Commander + Chief Scientist and Central Officer + Squad Leader; alone, all four."
            .into(),
    );
    lines
}

/// Whose turn to act it is at the table now, and the colour class of what is showing.
pub fn showing(catalog: &Catalog, state: &State) -> Option<(Role, Kind, bool)> {
    match state.phase {
        Phase::Timed => state.entry().map(|e| {
            let info = &catalog.actions[e.action];
            (info.role, info.kind, e.scrambled)
        }),
        Phase::Resolution => catalog
            .steps
            .get(state.step)
            .map(|s| (s.role, Kind::Xcom, false)),
        _ => None,
    }
}

/// The state as one-fact lines (see `Ruleset::state_lines`).
pub fn state_lines(catalog: &Catalog, state: &State) -> Vec<String> {
    let mut lines = vec![
        format!("round: {}", state.round),
        format!("phase: {:?}", state.phase),
        format!("budget: {} credits", state.budget),
        format!(
            "pause: {}",
            state
                .pause_left
                .map_or_else(|| "unlimited".into(), |p| format!("{p} s"))
        ),
        format!("orbit: {} UFOs at the last count", state.orbit),
        format!("missions completed: {}", state.missions),
        format!(
            "final mission: {}",
            if state.unlocked { "unlocked" } else { "locked" }
        ),
    ];
    for (c, colour) in state.colours.iter().enumerate() {
        lines.push(format!(
            "panic {}: {}",
            catalog.continents[c],
            colour.name()
        ));
    }
    if matches!(state.phase, Phase::Timed | Phase::Window) {
        let clock = match (state.menu, state.clock) {
            (true, _) => "menu open",
            (_, Clock::Running) => "running",
            (_, Clock::Paused) => "paused",
            (_, Clock::Hold) => "EXPIRED, waiting for DONE",
        };
        lines.push(format!("clock: {clock}, {} s", state.remaining));
    }
    if let Some(entry) = state.entry() {
        let info = &catalog.actions[entry.action];
        lines.push(format!(
            "action: {} of {}: {}",
            state.current + 1,
            state.plan.len(),
            info.name
        ));
    }
    for (i, e) in state.plan.iter().enumerate().take(state.current) {
        lines.push(format!(
            "action {}: {} {}",
            i + 1,
            catalog.actions[e.action].name,
            ended_text(e.ended)
        ));
    }
    if state.phase == Phase::Resolution
        && let Some(step) = catalog.steps.get(state.step)
    {
        lines.push(format!("step: {}", step.name));
    }
    if let Some(score) = state.score {
        lines.push(format!("score: {score}"));
    }
    lines
}

/// How an action ended, in a few words.
pub fn ended_text(ended: Option<Ended>) -> String {
    match ended {
        None => "pending".into(),
        Some(Ended::Done(left)) => format!("done, {left} s left"),
        Some(Ended::Expired) => "expired".into(),
        Some(Ended::ExpiredHeld) => "expired, then done".into(),
    }
}

/// The colour marker for plain text and `NO_COLOR` (bg.app.actions-style).
pub fn kind_marker(kind: Kind, scrambled: bool) -> &'static str {
    match (kind, scrambled) {
        (Kind::Alien, _) => "[ALIEN]",
        (Kind::Xcom, true) => "[SCRAMBLED]",
        (Kind::Xcom, false) => "[XCOM]",
    }
}

/// A continent's colour marker for plain text.
pub fn colour_marker(colour: Colour) -> &'static str {
    match colour {
        Colour::Yellow => "Y",
        Colour::Red => "R",
        Colour::Fallen => "F",
    }
}
