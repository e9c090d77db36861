//! `squadsight explain SAVE --at N [--json] [--seat N]`: the full resolution of one action:
//! who played what, every event it caused with the rule clause and our one-line summary of
//! it, the inputs behind each roll, the dice, target and exact odds, the outcome, and what
//! changed in the state.

use super::load_save;
use crate::cli::ExplainArgs;
use crate::error::CliError;
use crate::events::JsonEvent;
use crate::rulesets::{self, RulesetTask, with_ruleset};
use crate::store;
use serde::Serialize;
use squadsight_core::diff::Change;
use squadsight_core::save::read_header;
use squadsight_core::trace::{EntryTrace, TraceError, trace_entry};
use squadsight_core::{Ruleset, Seat};
use std::fmt::Write as _;
use std::io::Write;
use std::sync::Arc;

/// Prints the trace of one log entry.
pub fn run(args: &ExplainArgs) -> Result<(), CliError> {
    let bytes = store::read_file(&args.save)?;
    let origin = args.save.display().to_string();
    let header = read_header(&bytes, &origin).map_err(|e| CliError::input(e.to_string()))?;
    let id = rulesets::named(&header.ruleset)?;
    let text = with_ruleset(
        id,
        Explain {
            bytes: &bytes,
            origin: &origin,
            args,
        },
    )?;
    let mut out = if args.json {
        crate::out::stdout_json()
    } else {
        crate::out::stdout()
    };
    out.write_all(text.as_bytes())?;
    Ok(())
}

struct Explain<'a> {
    bytes: &'a [u8],
    origin: &'a str,
    args: &'a ExplainArgs,
}

impl RulesetTask for Explain<'_> {
    type Output = String;

    fn run<R: Ruleset>(self, ruleset: Arc<R>) -> Result<String, CliError> {
        let file = load_save(&*ruleset, self.bytes, self.origin)?;
        let seats = ruleset.seat_count(&file.scenario);
        let viewer = match self.args.seat {
            Some(n) if n > seats => {
                return Err(CliError::input(format!(
                    "--seat {n}: this game has {seats} seats"
                )));
            }
            Some(n) => Some(Seat(n - 1)),
            None => None,
        };
        let entries = file.log.len();
        let names: Vec<String> = (0..seats)
            .map(|s| ruleset.seat_name(&file.scenario, Seat(s)))
            .collect();
        let index = usize::try_from(self.args.at)
            .unwrap_or(usize::MAX)
            .saturating_sub(1);
        let trace = trace_entry(ruleset, file, index, viewer).map_err(|e| match e {
            TraceError::NoSuchEntry { .. } => CliError::input(format!("{}: {e}", self.origin)),
            TraceError::Verify(e) => CliError::invalid(format!("{}: {e}", self.origin)),
        })?;
        let view = Shown {
            trace: &trace,
            entries,
            names: &names,
            viewer,
        };
        if self.args.json {
            let mut text = serde_json::to_string_pretty(&view.json())
                .map_err(|e| CliError::from(std::io::Error::from(e)))?;
            text.push('\n');
            Ok(text)
        } else {
            Ok(view.text())
        }
    }
}

/// A trace with what is needed to show it.
struct Shown<'a> {
    trace: &'a EntryTrace,
    entries: usize,
    names: &'a [String],
    viewer: Option<Seat>,
}

impl Shown<'_> {
    fn seat_words(&self, seat: Option<Seat>) -> String {
        match seat {
            Some(s) => match self.names.get(s.index()) {
                Some(name) => format!("{s} ({name})"),
                None => s.to_string(),
            },
            None => "the game".to_string(),
        }
    }

    fn text(&self) -> String {
        let t = self.trace;
        let mut out = String::new();
        let who = match t.seat {
            Some(_) => self.seat_words(t.seat),
            None => "undo".to_string(),
        };
        let _ = writeln!(
            out,
            "action {} of {} · round {} · {who}",
            t.index + 1,
            self.entries,
            t.round
        );
        let _ = writeln!(out, "  {}", t.action);
        let _ = writeln!(out, "  as recorded: {}", t.action_ron);
        let _ = writeln!(out, "  state after: {} · chain link: {}", t.state, t.link);
        if let Some(v) = self.viewer {
            let _ = writeln!(
                out,
                "  seen as {} (hidden information left out)",
                self.seat_words(Some(v))
            );
        }
        let _ = writeln!(out);
        if t.events.is_empty() {
            let _ = writeln!(out, "events: none");
        } else {
            let _ = writeln!(out, "events:");
        }
        for traced in &t.events {
            let e = &traced.event;
            let _ = writeln!(
                out,
                "  #{} {} [{}] {}",
                e.seq,
                e.rule,
                kind_word(e.kind),
                e.text
            );
            if let Some(summary) = &traced.summary {
                let _ = writeln!(out, "      rule: {summary}");
            }
            for input in &e.inputs {
                let _ = writeln!(out, "      · {input}");
            }
            if let Some(roll) = &e.roll {
                let faces: Vec<String> = roll.faces.as_slice().iter().map(u8::to_string).collect();
                let _ = writeln!(
                    out,
                    "      dice: {}, faces {}, total {}",
                    roll.dice,
                    faces.join(" "),
                    roll.total
                );
                let outcome = match roll.success {
                    Some(true) => "success",
                    Some(false) => "failure",
                    None => "no target",
                };
                match (roll.target, roll.p) {
                    (Some(target), Some(p)) => {
                        let _ = writeln!(
                            out,
                            "      target {target}: chance {}/{} = {} · outcome: {outcome}",
                            p.num(),
                            p.den(),
                            percent(p.num(), p.den())
                        );
                    }
                    _ => {
                        let _ = writeln!(out, "      outcome: {outcome}");
                    }
                }
            }
            if let Some(card) = &e.card {
                let _ = writeln!(out, "      card: {} ({})", card.card, card.deck);
            }
        }
        let _ = writeln!(out);
        if t.changes.is_empty() {
            let _ = writeln!(out, "what changed: nothing visible");
        } else {
            let _ = writeln!(out, "what changed:");
            for c in &t.changes {
                let _ = writeln!(out, "  {c}");
            }
        }
        out
    }

    fn json(&self) -> JsonTrace<'_> {
        let t = self.trace;
        JsonTrace {
            action_number: t.index + 1,
            actions: self.entries,
            round: t.round,
            seat: t.seat.map(|s| u16::from(s.0) + 1),
            seat_name: t
                .seat
                .and_then(|s| self.names.get(s.index()))
                .map(String::as_str),
            viewer: self.viewer.map(|s| u16::from(s.0) + 1),
            action: &t.action,
            action_ron: &t.action_ron,
            state: t.state.to_string(),
            link: t.link.to_string(),
            events: t
                .events
                .iter()
                .map(|e| JsonTraced {
                    event: JsonEvent::new(&e.event),
                    summary: e.summary.as_deref(),
                    percent: e
                        .event
                        .roll
                        .and_then(|r| r.p)
                        .map(|p| percent(p.num(), p.den())),
                })
                .collect(),
            changes: &t.changes,
        }
    }
}

/// `33.3%`, from the exact fraction (display only).
fn percent(num: u64, den: u64) -> String {
    // Tenths of a percent, rounded half up, in integers.
    let tenths = (u128::from(num) * 2000 + u128::from(den)) / (u128::from(den) * 2);
    format!("{}.{}%", tenths / 10, tenths % 10)
}

fn kind_word(kind: squadsight_core::EventKind) -> String {
    serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

#[derive(Serialize)]
struct JsonTrace<'a> {
    action_number: usize,
    actions: usize,
    round: u32,
    seat: Option<u16>,
    seat_name: Option<&'a str>,
    viewer: Option<u16>,
    action: &'a str,
    action_ron: &'a str,
    state: String,
    link: String,
    events: Vec<JsonTraced<'a>>,
    changes: &'a [Change],
}

#[derive(Serialize)]
struct JsonTraced<'a> {
    #[serde(flatten)]
    event: JsonEvent<'a>,
    summary: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    percent: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::percent;

    #[test]
    fn percentages_round_half_up_in_integers() {
        assert_eq!(percent(1, 3), "33.3%");
        assert_eq!(percent(2, 3), "66.7%");
        assert_eq!(percent(1, 2), "50.0%");
        assert_eq!(percent(0, 1), "0.0%");
        assert_eq!(percent(1, 1), "100.0%");
        assert_eq!(percent(13, 18), "72.2%");
    }
}
