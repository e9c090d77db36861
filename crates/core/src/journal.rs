//! The journal: every event of a game, each tied to the rule clause that caused it.
//!
//! Events that carry hidden information (a drawn card, a peeked hand) name the seats that may
//! see them; every other seat gets the redacted text, or nothing.

use crate::dice::Roll;
use crate::seat::{Seat, SeatSet};
use serde::Serialize;

/// What sort of thing happened, for filtering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventKind {
    /// Game setup and deployment.
    Setup,
    /// A turn, round or phase began or ended.
    Turn,
    /// A unit moved.
    Move,
    /// An attack was declared or resolved.
    Attack,
    /// Damage, healing, death.
    Damage,
    /// A die roll.
    Roll,
    /// A card was drawn.
    Draw,
    /// A card was played.
    Play,
    /// A card was discarded.
    Discard,
    /// A deck was shuffled.
    Shuffle,
    /// Hidden information was shown to someone.
    Reveal,
    /// Any other rule effect (tokens, control, status).
    Effect,
    /// An AI player's choice and its reason.
    Ai,
    /// An undo was taken.
    Undo,
    /// The game ended.
    End,
}

/// Who may see an event in full.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Visibility {
    /// Everyone.
    Public,
    /// Only these seats; others see the redacted text, if any.
    Seats(SeatSet),
}

/// A card that moved, as the journal reports it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct CardNote {
    /// Which deck or pile.
    pub deck: &'static str,
    /// The card's name.
    pub card: String,
}

/// One value that went into resolving an event: a unit's attack value, a modifier, the range,
/// a line-of-sight result. The replay viewer and `squadsight explain` list them under the
/// event, so a player can see *why* a roll needed what it needed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Input {
    /// What the value is, in a few words: `attack`, `range`, `terrain cover`, `line of sight`.
    pub label: String,
    /// The value as shown: `3`, `+1`, `clear`, `blocked at hex 4,5`.
    pub value: String,
    /// Where it comes from: a clause ID (`sk.defense.terrain-spec`), a unit, card or hex
    /// (`Sectoid at 3,4`); empty when there is nothing more to say.
    pub source: String,
}

impl Input {
    /// An input with its label, value and source.
    pub fn new(label: impl Into<String>, value: impl ToString, source: impl Into<String>) -> Input {
        Input {
            label: label.into(),
            value: value.to_string(),
            source: source.into(),
        }
    }
}

impl std::fmt::Display for Input {
    /// `label: value (source)`, or `label: value` with no source.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.label, self.value)?;
        if !self.source.is_empty() {
            write!(f, " ({})", self.source)?;
        }
        Ok(())
    }
}

/// One journal entry.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Event {
    /// 0-based position in the journal.
    pub seq: u32,
    /// Round (or turn number) in which it happened.
    pub round: u32,
    /// The seat that acted, if a seat did.
    pub seat: Option<Seat>,
    /// The rule clause ID that called for it, e.g. `sk.suppression.roll`.
    pub rule: &'static str,
    /// What sort of event.
    pub kind: EventKind,
    /// A short description in our own words.
    pub text: String,
    /// The roll, for random events.
    pub roll: Option<Roll>,
    /// The card, for card events.
    pub card: Option<CardNote>,
    /// Who may see it in full.
    pub visibility: Visibility,
    /// What everyone else sees; `None` hides the event from them.
    pub redacted: Option<String>,
    /// The values that went into it and where each came from (empty for most events).
    /// Seats that only see the redacted form see no inputs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inputs: Vec<Input>,
}

impl Event {
    /// Whether this event revealed something random or hidden (undo may not go past it).
    pub fn is_reveal(&self) -> bool {
        reveals(self.kind, self.roll.is_some(), self.card.is_some())
    }

    /// The event as `viewer` may see it (`None` = referee, sees all), or `None` if hidden.
    pub fn view(&self, viewer: Option<Seat>) -> Option<Event> {
        match (viewer, self.visibility) {
            (None, _) | (_, Visibility::Public) => Some(self.clone()),
            (Some(s), Visibility::Seats(set)) if set.contains(s) => Some(self.clone()),
            (Some(_), Visibility::Seats(_)) => self.redacted.as_ref().map(|text| Event {
                text: text.clone(),
                card: self.card.as_ref().map(|c| CardNote {
                    deck: c.deck,
                    card: "hidden".into(),
                }),
                // Inputs may name what was hidden (a card's values), so they go too.
                inputs: Vec::new(),
                ..self.clone()
            }),
        }
    }
}

/// The journal of one game. A disabled journal (for simulations and AI search) keeps
/// nothing and never formats text.
#[derive(Clone, Debug, Default)]
pub struct Journal {
    events: Vec<Event>,
    enabled: bool,
    round: u32,
    seat: Option<Seat>,
    next_seq: u32,
    reveals: u32,
}

/// The one definition of a revealing event, shared by [`Event::is_reveal`] and the journal's
/// reveal counter (which must count even when nothing is recorded).
fn reveals(kind: EventKind, has_roll: bool, has_card: bool) -> bool {
    has_roll
        || has_card
        || matches!(
            kind,
            EventKind::Draw | EventKind::Shuffle | EventKind::Reveal
        )
}

impl Journal {
    /// A journal that records.
    pub fn recording() -> Journal {
        Journal {
            enabled: true,
            ..Journal::default()
        }
    }

    /// A journal that records nothing.
    pub fn off() -> Journal {
        Journal::default()
    }

    /// Whether events are kept.
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// Sets the round and acting seat stamped on following events.
    pub fn set_context(&mut self, round: u32, seat: Option<Seat>) {
        self.round = round;
        self.seat = seat;
    }

    /// The acting seat stamped on following events.
    pub fn seat(&self) -> Option<Seat> {
        self.seat
    }

    /// The round stamped on following events.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// How many events so far revealed something random or hidden ([`Event::is_reveal`]).
    /// Counts even when disabled, so undo limits work in quiet games too.
    pub fn reveals(&self) -> u32 {
        self.reveals
    }

    /// All events so far.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Number of events so far (counts even when disabled, so sequence numbers agree).
    pub fn len(&self) -> usize {
        self.next_seq as usize
    }

    /// Whether nothing has happened yet.
    pub fn is_empty(&self) -> bool {
        self.next_seq == 0
    }

    /// Records a public event. `text` is only called when the journal is recording.
    pub fn note(&mut self, rule: &'static str, kind: EventKind, text: impl FnOnce() -> String) {
        self.push(rule, kind, Visibility::Public, None, None, text, || None);
    }

    /// Records a roll with its target and odds.
    pub fn roll(&mut self, rule: &'static str, roll: &Roll, text: impl FnOnce() -> String) {
        self.push(
            rule,
            EventKind::Roll,
            Visibility::Public,
            Some(*roll),
            None,
            text,
            || None,
        );
    }

    /// Records a roll that only `who` may see in full (an empty set: only the referee);
    /// everyone else sees `redacted`, or nothing. A companion app that plans hidden events
    /// ahead (the board game's spawn targets, revealed by forecasts or when they happen)
    /// rolls this way.
    pub fn roll_private(
        &mut self,
        rule: &'static str,
        roll: &Roll,
        who: SeatSet,
        text: impl FnOnce() -> String,
        redacted: impl FnOnce() -> Option<String>,
    ) {
        self.push(
            rule,
            EventKind::Roll,
            Visibility::Seats(who),
            Some(*roll),
            None,
            text,
            redacted,
        );
    }

    /// Records a public event with the inputs that decided it. Neither closure runs when the
    /// journal is off.
    pub fn note_with(
        &mut self,
        rule: &'static str,
        kind: EventKind,
        text: impl FnOnce() -> String,
        inputs: impl FnOnce() -> Vec<Input>,
    ) {
        self.note(rule, kind, text);
        self.add_inputs(inputs);
    }

    /// Records a roll with its target, odds and the inputs that set them (unit values,
    /// modifiers and their sources, range, line of sight). Neither closure runs when the
    /// journal is off.
    pub fn roll_with(
        &mut self,
        rule: &'static str,
        roll: &Roll,
        text: impl FnOnce() -> String,
        inputs: impl FnOnce() -> Vec<Input>,
    ) {
        self.roll(rule, roll, text);
        self.add_inputs(inputs);
    }

    /// Appends inputs to the event recorded last. `inputs` runs only when the journal is
    /// recording (and there is an event), so quiet games pay nothing.
    pub fn add_inputs(&mut self, inputs: impl FnOnce() -> Vec<Input>) {
        if !self.enabled {
            return;
        }
        if let Some(last) = self.events.last_mut() {
            last.inputs.extend(inputs());
        }
    }

    /// Records a card event seen in full by `who`; others see `redacted` (or nothing).
    pub fn card(
        &mut self,
        rule: &'static str,
        kind: EventKind,
        who: Visibility,
        card: impl FnOnce() -> CardNote,
        text: impl FnOnce() -> String,
        redacted: impl FnOnce() -> Option<String>,
    ) {
        if !self.enabled {
            self.next_seq += 1;
            self.reveals += 1;
            return;
        }
        let card = card();
        self.push(rule, kind, who, None, Some(card), text, redacted);
    }

    /// Records a private event (a peek, a reveal to one seat) with an optional redacted form.
    pub fn private(
        &mut self,
        rule: &'static str,
        kind: EventKind,
        who: SeatSet,
        text: impl FnOnce() -> String,
        redacted: impl FnOnce() -> Option<String>,
    ) {
        self.push(
            rule,
            kind,
            Visibility::Seats(who),
            None,
            None,
            text,
            redacted,
        );
    }

    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        rule: &'static str,
        kind: EventKind,
        visibility: Visibility,
        roll: Option<Roll>,
        card: Option<CardNote>,
        text: impl FnOnce() -> String,
        redacted: impl FnOnce() -> Option<String>,
    ) {
        let seq = self.next_seq;
        self.next_seq += 1;
        if reveals(kind, roll.is_some(), card.is_some()) {
            self.reveals += 1;
        }
        if !self.enabled {
            return;
        }
        self.events.push(Event {
            seq,
            round: self.round,
            seat: self.seat,
            rule,
            kind,
            text: text(),
            roll,
            card,
            visibility,
            redacted: redacted(),
            inputs: Vec::new(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redaction_per_seat() {
        let mut j = Journal::recording();
        j.set_context(1, Some(Seat(0)));
        j.card(
            "sk.turn.draw",
            EventKind::Draw,
            Visibility::Seats(SeatSet::only(Seat(0))),
            || CardNote {
                deck: "action",
                card: "Sprint".into(),
            },
            || "draws Sprint".into(),
            || Some("draws a card".into()),
        );
        j.private(
            "sk.effect.look-hand",
            EventKind::Reveal,
            SeatSet::only(Seat(0)),
            || "sees".into(),
            || None,
        );
        let e = &j.events()[0];
        assert_eq!(
            e.view(Some(Seat(0))).map(|e| e.text),
            Some("draws Sprint".into())
        );
        let other = e.view(Some(Seat(1))).expect("redacted form exists");
        assert_eq!(other.text, "draws a card");
        assert_eq!(other.card.map(|c| c.card), Some("hidden".into()));
        assert!(j.events()[1].view(Some(Seat(1))).is_none());
        assert!(j.events()[1].view(None).is_some());
    }

    #[test]
    fn inputs_attach_to_the_last_event_and_are_redacted_with_it() {
        let mut j = Journal::recording();
        j.note_with(
            "x.attack",
            EventKind::Attack,
            || "shoots".into(),
            || vec![Input::new("attack", 3, "Sectoid at 2,3")],
        );
        j.private(
            "x.peek",
            EventKind::Reveal,
            SeatSet::only(Seat(0)),
            || "sees Sprint".into(),
            || Some("looks at a hand".into()),
        );
        j.add_inputs(|| vec![Input::new("card", "Sprint", "")]);
        assert_eq!(
            j.events()[0].inputs[0].to_string(),
            "attack: 3 (Sectoid at 2,3)"
        );
        assert_eq!(j.events()[1].inputs[0].to_string(), "card: Sprint");
        assert_eq!(j.events()[1].view(Some(Seat(0))).unwrap().inputs.len(), 1);
        assert!(j.events()[1].view(Some(Seat(1))).unwrap().inputs.is_empty());
    }

    #[test]
    fn disabled_journal_never_builds_inputs() {
        let mut j = Journal::off();
        let mut rng = crate::GameRng::new(1);
        let r = crate::dice::roll(&mut rng, crate::dice::Dice::D6, None);
        j.roll_with(
            "x.roll",
            &r,
            || unreachable!("text is not formatted when off"),
            || unreachable!("inputs are not built when off"),
        );
        j.add_inputs(|| unreachable!("inputs are not built when off"));
        assert_eq!((j.len(), j.reveals()), (1, 1));
    }

    #[test]
    fn disabled_journal_counts_but_keeps_nothing() {
        let mut j = Journal::off();
        j.note("x", EventKind::Effect, || {
            unreachable!("text is not formatted when off")
        });
        assert_eq!(j.len(), 1);
        assert!(j.events().is_empty());
    }

    #[test]
    fn reveals_are_counted_whether_recording_or_not() {
        for mut j in [Journal::recording(), Journal::off()] {
            j.note("x.move", EventKind::Move, || "moves".into());
            assert_eq!(j.reveals(), 0);
            j.private(
                "x.peek",
                EventKind::Reveal,
                SeatSet::only(Seat(0)),
                || "sees".into(),
                || None,
            );
            j.card(
                "x.draw",
                EventKind::Play,
                Visibility::Public,
                || CardNote {
                    deck: "d",
                    card: "c".into(),
                },
                || "plays".into(),
                || None,
            );
            assert_eq!(j.reveals(), 2);
            if j.enabled() {
                let flags: Vec<bool> = j.events().iter().map(Event::is_reveal).collect();
                assert_eq!(flags, [false, true, true]);
            }
        }
    }
}
