//! `squadsight carry SAVE [--seat N] [--into SCENARIO] [--out PATH]`: a finished Tactical
//! battle's survivors, written into the next battle's scenario as veterans (tac.squad.campaign,
//! tac.gap.21).
//!
//! Which units come back and how their squad entries read is `squadsight_tactical::veterans`;
//! this command replays and checks the save, picks the next scenario, checks that the new
//! scenario sets up, and writes it atomically through `store`.

use super::load_save;
use crate::cli::CarryArgs;
use crate::error::CliError;
use crate::{setup, store};
use squadsight_core::data::to_ron_pretty;
use squadsight_core::save::{self, read_header};
use squadsight_core::{GameRng, Journal, Ruleset, Seat};
use squadsight_tactical::Tactical;
use squadsight_tactical::options::Options;
use squadsight_tactical::scenario::ScenarioDef;
use squadsight_tactical::squad::price;
use squadsight_tactical::veterans::{self, UnitFate};
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Writes the next scenario and says who came back.
pub fn run(args: &CarryArgs) -> Result<(), CliError> {
    let tactical = Tactical::new().map_err(|e| {
        CliError::invalid(format!("the built-in tactical rules data is broken:\n{e}"))
    })?;
    let target = args.out.clone().unwrap_or_else(|| default_path(&args.save));
    if !args.force && std::fs::symlink_metadata(&target).is_ok() {
        return Err(CliError::input(format!(
            "{} already exists; choose another --out PATH, or add --force to overwrite it",
            target.display()
        )));
    }
    let bytes = store::read_file(&args.save)?;
    let origin = args.save.display().to_string();
    let header = read_header(&bytes, &origin).map_err(|e| CliError::input(e.to_string()))?;
    if header.ruleset != Tactical::ID {
        return Err(CliError::input(format!(
            "{origin}: this is a `{}` save, not a `{}` save: `carry` reads saves of X-Com: \
             Tactical games",
            header.ruleset,
            Tactical::ID
        )));
    }
    let file = load_save(&tactical, &bytes, &origin)?;
    let played = file.scenario.clone();
    let game = save::replay(Arc::new(tactical.clone()), file, Journal::off())
        .map_err(|e| CliError::invalid(format!("{origin}: {e}")))?;
    let state = game.state();
    let outcome = state.outcome.as_ref().ok_or_else(|| {
        CliError::input(format!(
            "{origin}: {}; play it to its end (the round limit ends it too)",
            veterans::CarryError::NotOver
        ))
    })?;
    let (mut next, next_label) = match &args.into {
        Some(choice) => setup::scenario(&tactical, Some(choice))?,
        None => (played.clone(), format!("{origin}'s own scenario")),
    };
    let seats = played.squads.len();
    let pairs: Vec<(Seat, Seat)> = match args.seat {
        Some(n) => {
            let from = usize::from(n) - 1;
            if from >= seats {
                return Err(CliError::input(format!(
                    "--seat {n}: {origin} has seats 1 to {seats}"
                )));
            }
            let to = args.to_seat.map_or(from, |m| usize::from(m) - 1);
            vec![(Seat(from as u8), Seat(to as u8))]
        }
        None => (0..seats).map(|s| (Seat(s as u8), Seat(s as u8))).collect(),
    };
    let catalog = tactical.catalog();
    let mut report = String::new();
    let _ = writeln!(
        report,
        "{origin}: {}",
        super::outcome_text(&tactical, &played, outcome)
    );
    for (from, into) in pairs {
        let squad = &played.squads[from.index()];
        let fates = veterans::fates(catalog, &played, state, from)
            .map_err(|e| CliError::invalid(format!("{origin}: {e}")))?;
        let back = veterans::returning(&played, from, &fates);
        let _ = writeln!(
            report,
            "{} (seat {}): {} of {} come back",
            squad.name,
            from.0 + 1,
            back.len(),
            fates.len()
        );
        list_fates(&mut report, &fates);
        if back.is_empty() {
            if args.seat.is_some() {
                return Err(CliError::input(format!(
                    "{origin}: {} (seat {}) has no survivors to carry",
                    squad.name,
                    from.0 + 1
                )));
            }
            let _ = writeln!(
                report,
                "  (nobody to carry: seat {} keeps the next scenario's squad)",
                into.0 + 1
            );
            continue;
        }
        next = veterans::carry(&next, into, squad.side, back)
            .map_err(|e| CliError::input(format!("{next_label}: {e}")))?;
        let joined = &next.squads[into.index()];
        let cost: u32 = joined
            .units
            .iter()
            .filter_map(|p| price(catalog, p, 0).ok())
            .map(|l| l.points)
            .sum();
        let _ = writeln!(
            report,
            "  they join {} (seat {}) of the next scenario: {cost} of its {} points",
            joined.name,
            into.0 + 1,
            joined.points
        );
    }
    check(&tactical, &next, &next_label)?;
    let text = to_ron_pretty(&next)
        .map_err(|e| CliError::invalid(format!("cannot write the scenario: {e}")))?;
    store::write_atomic(&target, text.as_bytes())?;
    let _ = writeln!(
        report,
        "wrote {}: {} with the veterans; each veteran's first {} points of boosts are free \
         (add boosts in the file to spend them)\nplay it: squadsight play tactical --scenario {}",
        target.display(),
        next.name,
        catalog.rules().boost.veteran,
        target.display()
    );
    write!(crate::out::stdout(), "{report}")?;
    Ok(())
}

/// `NAME-veterans.ron` beside the save.
fn default_path(save: &Path) -> PathBuf {
    let stem = save
        .file_stem()
        .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
    save.with_file_name(format!("{stem}-veterans.ron"))
}

/// One line per unit the squad bought: what became of it.
fn list_fates(report: &mut String, fates: &[UnitFate]) {
    for f in fates {
        let _ = writeln!(report, "  {}. {} — {}", f.pick + 1, f.unit, f.fate);
    }
}

/// The new scenario must set up as any scenario file must (points, sides, room in the craft).
fn check(tactical: &Tactical, next: &ScenarioDef, label: &str) -> Result<(), CliError> {
    tactical
        .setup(
            next,
            &Options::default(),
            &mut GameRng::new(0),
            &mut Journal::off(),
        )
        .map(drop)
        .map_err(|e| {
            CliError::invalid(format!(
                "the veterans do not fit into {label}; nothing was written:\n{}",
                e.problems.join("\n")
            ))
        })
}
