//! Turning command-line choices into what a game starts from: the scenario, the options, the
//! seats and the seed.

use crate::cli::SeatArg;
use crate::error::CliError;
use crate::rulesets::RulesetId;
use crate::store;
use squadsight_ai::Level;
use squadsight_core::Ruleset;
use squadsight_core::data::parse_ron;
use squadsight_core::game::{SeatConfig, SeatKind};
use squadsight_core::hash::StableHasher;
use std::hash::Hasher;
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

/// The scenario named by `--scenario`: a built-in ID, else a file path; none gives the
/// ruleset's first scenario. Returns it with a label for messages.
pub fn scenario<R: Ruleset>(
    ruleset: &R,
    choice: Option<&str>,
) -> Result<(R::Scenario, String), CliError> {
    let builtin = ruleset.scenarios();
    let info = match choice {
        None => builtin.first(),
        Some(name) => builtin.iter().find(|s| s.id == name),
    };
    if let Some(info) = info {
        let scenario = parse_ron(info.source.as_bytes(), info.id).map_err(|e| {
            CliError::invalid(format!(
                "the built-in scenario `{}` is broken: {e}",
                info.id
            ))
        })?;
        return Ok((scenario, info.id.to_string()));
    }
    let Some(name) = choice else {
        return Err(CliError::input(format!(
            "the {} ruleset has no built-in scenario",
            R::ID
        )));
    };
    let path = Path::new(name);
    if !path.exists() {
        let ids: Vec<&str> = builtin.iter().map(|s| s.id).collect();
        return Err(CliError::input(format!(
            "`{name}` is neither a built-in {} scenario ({}) nor a file",
            R::ID,
            ids.join(", ")
        )));
    }
    let bytes = store::read_file(path)?;
    let scenario = parse_ron(&bytes, name).map_err(|e| CliError::input(e.to_string()))?;
    // Control characters and huge strings are refused at their file:line:col for every
    // ruleset, before its own validation adds the tighter limits on names.
    let bad = squadsight_core::text::check_strings(name, &bytes);
    if !bad.is_empty() {
        let lines: Vec<String> = bad.iter().map(ToString::to_string).collect();
        return Err(CliError::input(lines.join("\n")));
    }
    Ok((scenario, name.to_string()))
}

/// Default options with each `--option KEY=VALUE` applied.
pub fn options<R: Ruleset>(
    ruleset: &R,
    pairs: &[(String, String)],
) -> Result<R::Options, CliError> {
    let mut options = R::Options::default();
    for (key, value) in pairs {
        ruleset
            .set_option(&mut options, key, value)
            .map_err(|e| CliError::input(format!("--option {key}={value}: {e}")))?;
    }
    Ok(options)
}

/// One config per seat: `default(seat_index)` unless a `--seat` names it.
pub fn seats(
    count: u8,
    given: &[SeatArg],
    default: impl Fn(u8) -> SeatConfig,
) -> Result<Vec<SeatConfig>, CliError> {
    let mut seats: Vec<SeatConfig> = (0..count).map(default).collect();
    for arg in given {
        let slot = seats.get_mut(usize::from(arg.number) - 1).ok_or_else(|| {
            CliError::input(format!(
                "--seat {}: this scenario has only {count} seats",
                arg.number
            ))
        })?;
        *slot = arg.config.clone();
    }
    Ok(seats)
}

/// Commander's rules include an AI mode: there `--seat N=ai:easy|normal|classic|impossible`
/// hands seat N to the rules' AI (the table option `ai_seatN`, recorded in the save), and the
/// seat's player — which is then only ever offered the one "AI activates" action — is the
/// random player. Seat 2 defaults to `ai:classic`. Other rulesets are left as they are.
pub fn rules_ai_seats(
    ruleset: RulesetId,
    seats: &mut Vec<SeatArg>,
    options: &mut Vec<(String, String)>,
) {
    if ruleset != RulesetId::Commander {
        return;
    }
    if !seats.iter().any(|s| s.number == 2) {
        seats.insert(
            0,
            SeatArg {
                number: 2,
                config: SeatConfig::ai("classic"),
            },
        );
    }
    for seat in seats.iter_mut() {
        let SeatKind::Ai { level } = &seat.config.kind else {
            continue;
        };
        let level = level.to_ascii_lowercase();
        if matches!(level.as_str(), "easy" | "normal" | "classic" | "impossible") {
            options.push((format!("ai_seat{}", seat.number), level));
            seat.config = SeatConfig::ai(Level::Random.as_str());
        }
    }
}

/// The AI level of a seat, if an AI plays it.
pub fn ai_level(seat: &SeatConfig) -> Result<Option<Level>, CliError> {
    match &seat.kind {
        squadsight_core::game::SeatKind::Human => Ok(None),
        squadsight_core::game::SeatKind::Ai { level } => level
            .parse::<Level>()
            .map(Some)
            .map_err(|e| CliError::input(e.to_string())),
    }
}

/// The seed an AI seat's player uses in a game: fixed by the game seed, different per seat.
pub fn ai_seed(game_seed: u64, seat: u8) -> u64 {
    let mut h = StableHasher::default();
    h.write(b"squadsight-ai");
    h.write_u64(game_seed);
    h.write_u8(seat);
    h.finish()
}

/// A fresh seed when none is given. Taken from the clock and process ID: it only picks which
/// game to play, and it is always shown so the game can be replayed.
pub fn random_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let mut h = StableHasher::default();
    h.write_u128(nanos);
    h.write_u32(std::process::id());
    // Keep seeds short enough to type.
    h.finish() % 1_000_000_000
}
