//! Journal events as text lines and as JSON lines (the format is in `docs/FORMATS.md`).

use serde::Serialize;
use squadsight_core::dice::Roll;
use squadsight_core::journal::{CardNote, Text};
use squadsight_core::{Event, EventKind, Input};
use std::fmt::Write as _;

/// One event as a line of text: sequence number, round, seat, rule and text, then any roll or
/// card.
pub fn line(e: &Event) -> String {
    let seat = e
        .seat
        .map_or_else(|| "-".to_string(), |s| (s.0 + 1).to_string());
    let mut out = format!(
        "{:>5}  r{:<3} s{:<2} {:<28} {}",
        e.seq, e.round, seat, e.rule, e.text
    );
    if let Some(roll) = &e.roll {
        let _ = write!(out, "  [{}]", roll_text(roll));
    }
    if let Some(card) = &e.card {
        let _ = write!(out, "  [{}: {}]", card.deck, card.card);
    }
    out
}

/// A roll in words: `2d6: 3+5 = 8, needs <=8 (72.2% (13/18)): success`.
pub fn roll_text(roll: &Roll) -> String {
    let faces: Vec<String> = roll.faces.as_slice().iter().map(u8::to_string).collect();
    let mut out = format!("{}: {} = {}", roll.dice, faces.join("+"), roll.total);
    if let (Some(target), Some(p)) = (roll.target, roll.p) {
        let _ = write!(out, ", needs {target} ({p})");
    }
    match roll.success {
        Some(true) => out.push_str(": success"),
        Some(false) => out.push_str(": failure"),
        None => {}
    }
    out
}

/// One event as a JSON object (see `docs/FORMATS.md`). Seats are 1-based, as on the command
/// line.
#[derive(Serialize)]
pub struct JsonEvent<'a> {
    /// The action (log entry, from 1; 0 the setup) that caused the event, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    action: Option<usize>,
    seq: u32,
    round: u32,
    seat: Option<u16>,
    rule: &'a str,
    kind: EventKind,
    text: &'a Text,
    #[serde(flatten)]
    roll: Option<JsonRoll>,
    #[serde(flatten)]
    card: Option<JsonCard<'a>>,
    /// The values behind the event (left out when there are none).
    #[serde(skip_serializing_if = "<[Input]>::is_empty")]
    inputs: &'a [Input],
}

#[derive(Serialize)]
struct JsonRoll {
    dice: String,
    faces: Vec<u8>,
    total: u32,
    target: Option<String>,
    p: Option<f64>,
    p_exact: Option<String>,
    success: Option<bool>,
}

#[derive(Serialize)]
struct JsonCard<'a> {
    deck: &'a str,
    card: &'a str,
}

impl<'a> JsonEvent<'a> {
    /// The JSON form of an event (already redacted for the viewer).
    pub fn new(e: &'a Event) -> JsonEvent<'a> {
        JsonEvent {
            action: None,
            seq: e.seq,
            round: e.round,
            seat: e.seat.map(|s| u16::from(s.0) + 1),
            rule: e.rule,
            kind: e.kind,
            text: &e.text,
            roll: e.roll.as_ref().map(|r| JsonRoll {
                dice: r.dice.to_string(),
                faces: r.faces.as_slice().to_vec(),
                total: r.total,
                target: r.target.map(|t| t.to_string()),
                // Presentation only: the exact value is `p_exact`.
                p: r.p.map(|p| p.to_display_f64()),
                p_exact: r.p.map(|p| format!("{}/{}", p.num(), p.den())),
                success: r.success,
            }),
            card: e
                .card
                .as_ref()
                .map(|CardNote { deck, card }| JsonCard { deck, card }),
            inputs: &e.inputs,
        }
    }

    /// The same event, numbered with the action (log entry) that caused it.
    pub fn with_action(self, action: usize) -> JsonEvent<'a> {
        JsonEvent {
            action: Some(action),
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use squadsight_core::dice::{Dice, Target, roll};
    use squadsight_core::journal::Visibility;
    use squadsight_core::{GameRng, Journal, Seat, SeatSet};

    #[test]
    fn rolls_and_cards_in_json() {
        let mut rng = GameRng::new(42);
        let mut j = Journal::recording();
        j.set_context(2, Some(Seat(1)));
        let r = roll(&mut rng, Dice::nd6(2), Some(Target::AtMost(8)));
        j.roll("sk.attack.roll", &r, || "shoots".into());
        j.card(
            "sk.turn.draw",
            EventKind::Draw,
            Visibility::Seats(SeatSet::only(Seat(1))),
            || CardNote {
                deck: "action",
                card: "Sprint".into(),
            },
            || "draws Sprint".into(),
            || Some("draws a card".into()),
        );
        let roll_json = serde_json::to_value(JsonEvent::new(&j.events()[0])).unwrap();
        assert_eq!(roll_json["seat"], 2);
        assert_eq!(roll_json["kind"], "roll");
        assert_eq!(roll_json["dice"], "2d6");
        assert_eq!(roll_json["target"], "<=8");
        assert_eq!(roll_json["p_exact"], "13/18");
        assert!((roll_json["p"].as_f64().unwrap() - 13.0 / 18.0).abs() < 1e-12);
        assert_eq!(roll_json["total"], r.total);
        assert_eq!(roll_json["success"], r.total <= 8);
        assert!(roll_json.get("deck").is_none());
        let hidden = j.events()[1].view(Some(Seat(0))).unwrap();
        let card_json = serde_json::to_value(JsonEvent::new(&hidden)).unwrap();
        assert_eq!(card_json["card"], "hidden");
        assert_eq!(card_json["text"], "draws a card");
        assert!(card_json.get("dice").is_none());
        assert!(line(&j.events()[0]).contains(&format!(
            "2d6: {}+{} = {}",
            r.faces.as_slice()[0],
            r.faces.as_slice()[1],
            r.total
        )));
    }
}
