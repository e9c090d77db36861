//! The journal: every event of a game, each tied to the rule clause that caused it.
//!
//! Events that carry hidden information (a drawn card, a peeked hand) name the seats that may
//! see them; every other seat gets the redacted text, or nothing.
//!
//! Names that came from a file (sides, squads, units, cards, players) are held once: a ruleset
//! writes [`mention`]`(name)` where an event's text names one, and the journal keeps that name
//! in its table and the event a reference to it ([`Text`]), resolved when the text is shown.
//! A game of a thousand events about a unit with an 80-character name holds the name once.
//!
//! ```
//! use squadsight_core::journal::{mention, EventKind, Journal};
//! let mut j = Journal::recording();
//! let name = "Sergeant Rook";
//! j.note("x.move", EventKind::Move, || format!("{} moves", mention(name)));
//! j.note("x.move", EventKind::Move, || format!("{} stops", mention(name)));
//! assert_eq!(j.events()[1].text.to_string(), "Sergeant Rook stops");
//! assert_eq!(j.names().count(), 1);
//! ```

use crate::dice::Roll;
use crate::seat::{Seat, SeatSet};
use serde::{Serialize, Serializer};
use std::borrow::Borrow;
use std::collections::BTreeSet;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// Opens a mentioned name inside the text a journal closure formats, [`CLOSE`] ends it. Both
/// are control characters, which validation refuses in every name a data file gives, so they
/// cannot occur in a name, and the journal removes them before anything is shown.
const OPEN: char = '\u{2}';
/// Ends a mentioned name (see [`OPEN`]).
const CLOSE: char = '\u{3}';

/// A name that came from a file, held once and shared by every event that mentions it.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Name(Arc<str>);

impl Name {
    /// The name as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `a` and `b` are one allocation (a shared name), not two equal copies.
    pub fn same(a: &Name, b: &Name) -> bool {
        Arc::ptr_eq(&a.0, &b.0)
    }
}

impl std::ops::Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for Name {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl From<&str> for Name {
    fn from(s: &str) -> Name {
        Name(Arc::from(s))
    }
}

impl From<String> for Name {
    fn from(s: String) -> Name {
        Name(Arc::from(s))
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        &*self.0 == other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        &*self.0 == *other
    }
}

impl Serialize for Name {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

/// The indefinite article English puts before `name`: "an" before a vowel sound ("an Alien
/// Grenade", "an Elerium-115"), "a" before any other ("a High Explosive", "a Grenade"). It goes
/// by the first letter, minding the few spellings whose sound is not their letter: a long "u"
/// or "eu" and "one" take "a" ("a UFO", "a Universal Tool"), a silent "h" takes "an" ("an
/// hour").
pub fn article(name: &str) -> &'static str {
    let word: String = name
        .trim_start()
        .chars()
        .take(6)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    const SOUNDS_A: [&str; 9] = [
        "one", "once", "eu", "uni", "use", "usu", "uti", "ufo", "ura",
    ];
    const SOUNDS_AN: [&str; 4] = ["hour", "honest", "honou", "heir"];
    if SOUNDS_A.iter().any(|p| word.starts_with(p)) {
        "a"
    } else if SOUNDS_AN.iter().any(|p| word.starts_with(p))
        || word.starts_with(['a', 'e', 'i', 'o', 'u'])
    {
        "an"
    } else {
        "a"
    }
}

/// Writes `name` into a journal event's text as a reference: use it in the closure that
/// formats an event (`|| format!("{} fires", mention(&unit.name))`) for every name that came
/// from a file. The journal holds the name once however many events mention it. Use it only
/// in journal texts and inputs: elsewhere the marks around the name would show.
pub fn mention(name: &str) -> Mention<'_> {
    Mention(name)
}

/// A name as a journal text mentions it (see [`mention`]).
#[derive(Clone, Copy, Debug)]
pub struct Mention<'a>(&'a str);

impl fmt::Display for Mention<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        if self.0.contains([OPEN, CLOSE]) {
            // Never in a validated name; written as words, with the marks made visible, so the
            // text around it cannot be misread.
            for c in self.0.chars() {
                f.write_char(if c == OPEN || c == CLOSE {
                    '\u{fffd}'
                } else {
                    c
                })?;
            }
            return Ok(());
        }
        f.write_char(OPEN)?;
        f.write_str(self.0)?;
        f.write_char(CLOSE)
    }
}

/// One piece of an event's text.
#[derive(Clone)]
enum Part {
    /// Our own words, held by the event.
    Words(Box<str>),
    /// A name from a file, shared.
    Name(Name),
}

impl Part {
    fn as_str(&self) -> &str {
        match self {
            Part::Words(w) => w,
            Part::Name(n) => n,
        }
    }
}

/// The text of an event, or of an input: our words, with the names it mentions held by
/// reference ([`mention`]). It shows (`Display`, `to_string`) as the full text; two texts are
/// equal when they read the same.
#[derive(Clone, Default)]
pub struct Text {
    parts: Box<[Part]>,
}

impl Text {
    /// Splits `s` into words and mentioned names, each name taken from `intern`.
    fn parse(s: String, mut intern: impl FnMut(&str) -> Name) -> Text {
        if !s.contains(OPEN) {
            return if s.is_empty() {
                Text::default()
            } else {
                Text {
                    parts: Box::new([Part::Words(s.into_boxed_str())]),
                }
            };
        }
        let mut parts = Vec::new();
        let mut words = String::new();
        let mut rest = s.as_str();
        while let Some(open) = rest.find(OPEN) {
            let after = &rest[open + OPEN.len_utf8()..];
            match after.find([OPEN, CLOSE]) {
                Some(end) if after[end..].starts_with(CLOSE) => {
                    words.push_str(&rest[..open]);
                    if !words.is_empty() {
                        parts.push(Part::Words(std::mem::take(&mut words).into_boxed_str()));
                    }
                    parts.push(Part::Name(intern(&after[..end])));
                    rest = &after[end + CLOSE.len_utf8()..];
                }
                // An opening mark with no name after it is only a character.
                Some(end) => {
                    words.push_str(&rest[..open + OPEN.len_utf8() + end]);
                    rest = &after[end..];
                }
                None => break,
            }
        }
        words.push_str(rest);
        if !words.is_empty() {
            parts.push(Part::Words(words.into_boxed_str()));
        }
        Text {
            parts: parts.into_boxed_slice(),
        }
    }

    /// The same text with its names taken from `intern` (a journal's table).
    fn shared(self, mut intern: impl FnMut(&str) -> Name) -> Text {
        let mut parts = self.parts.into_vec();
        for part in &mut parts {
            if let Part::Name(n) = part {
                *n = intern(n);
            }
        }
        Text {
            parts: parts.into_boxed_slice(),
        }
    }

    /// The length of the full text in bytes.
    pub fn len(&self) -> usize {
        self.parts.iter().map(|p| p.as_str().len()).sum()
    }

    /// Whether the text is empty.
    pub fn is_empty(&self) -> bool {
        self.parts.iter().all(|p| p.as_str().is_empty())
    }

    /// Whether the full text contains `pattern`.
    pub fn contains(&self, pattern: &str) -> bool {
        match &*self.parts {
            [] => pattern.is_empty(),
            [one] => one.as_str().contains(pattern),
            _ => self.to_string().contains(pattern),
        }
    }

    /// The names the text mentions, in order.
    pub fn names(&self) -> impl Iterator<Item = &Name> {
        self.parts.iter().filter_map(|p| match p {
            Part::Name(n) => Some(n),
            Part::Words(_) => None,
        })
    }

    /// The bytes of our own words in the text (its names not counted).
    pub fn words_len(&self) -> usize {
        self.parts
            .iter()
            .map(|p| match p {
                Part::Words(w) => w.len(),
                Part::Name(_) => 0,
            })
            .sum()
    }

    fn bytes(&self) -> impl Iterator<Item = u8> + '_ {
        self.parts.iter().flat_map(|p| p.as_str().bytes())
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.parts.iter().try_for_each(|p| f.write_str(p.as_str()))
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.to_string(), f)
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        self.len() == other.len() && self.bytes().eq(other.bytes())
    }
}

impl Eq for Text {}

impl Hash for Text {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // As the full string hashes, so equal texts hash equal however they are split.
        self.to_string().hash(state);
    }
}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.len() == other.len() && self.bytes().eq(other.bytes())
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        *self == **other
    }
}

impl PartialEq<String> for Text {
    fn eq(&self, other: &String) -> bool {
        *self == **other
    }
}

impl From<String> for Text {
    /// A text on its own: mentioned names are read, each held by this text alone until a
    /// journal shares it.
    fn from(s: String) -> Text {
        Text::parse(s, |n| Name::from(n))
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text::from(s.to_string())
    }
}

impl Serialize for Text {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

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
    pub card: Name,
}

/// One value that went into resolving an event: a unit's attack value, a modifier, the range,
/// a line-of-sight result. The replay viewer and `squadsight explain` list them under the
/// event, so a player can see *why* a roll needed what it needed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Input {
    /// What the value is, in a few words: `attack`, `range`, `terrain cover`, `line of sight`.
    pub label: Text,
    /// The value as shown: `3`, `+1`, `clear`, `blocked at hex 4,5`.
    pub value: Text,
    /// Where it comes from: a clause ID (`sk.defense.terrain-spec`), a unit, card or hex
    /// (`Sectoid at 3,4`); empty when there is nothing more to say.
    pub source: Text,
}

impl Input {
    /// An input with its label, value and source; names in them are written with
    /// [`mention`].
    pub fn new(label: impl Into<String>, value: impl ToString, source: impl Into<String>) -> Input {
        Input {
            label: Text::from(label.into()),
            value: Text::from(value.to_string()),
            source: Text::from(source.into()),
        }
    }

    fn shared(self, mut intern: impl FnMut(&str) -> Name) -> Input {
        Input {
            label: self.label.shared(&mut intern),
            value: self.value.shared(&mut intern),
            source: self.source.shared(&mut intern),
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
    /// A short description in our own words; names in it are shared ([`mention`]).
    pub text: Text,
    /// The roll, for random events.
    pub roll: Option<Roll>,
    /// The card, for card events.
    pub card: Option<CardNote>,
    /// Who may see it in full.
    pub visibility: Visibility,
    /// What everyone else sees; `None` hides the event from them.
    pub redacted: Option<Text>,
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
                    card: Name::from("hidden"),
                }),
                // Inputs may name what was hidden (a card's values), so they go too.
                inputs: Vec::new(),
                ..self.clone()
            }),
        }
    }
}

/// The bytes of text `events` hold: each event's own words (text, redacted text, inputs) and
/// each distinct name once, however many events share it. A name copied into events instead
/// of shared would count once per copy.
pub fn held_bytes(events: &[Event]) -> usize {
    let mut seen: BTreeSet<*const u8> = BTreeSet::new();
    let mut name = |n: &Name| if seen.insert(n.as_ptr()) { n.len() } else { 0 };
    let mut bytes = 0;
    for e in events {
        let texts = [Some(&e.text), e.redacted.as_ref()]
            .into_iter()
            .flatten()
            .chain(
                e.inputs
                    .iter()
                    .flat_map(|i| [&i.label, &i.value, &i.source]),
            );
        for t in texts {
            bytes += t.words_len() + t.names().map(&mut name).sum::<usize>();
        }
        bytes += e.card.as_ref().map_or(0, |c| name(&c.card));
    }
    bytes
}

/// The journal of one game. A disabled journal (for simulations and AI search) keeps
/// nothing and never formats text.
#[derive(Clone, Debug, Default)]
pub struct Journal {
    events: Vec<Event>,
    /// Every name an event mentions, once.
    names: BTreeSet<Name>,
    enabled: bool,
    round: u32,
    seat: Option<Seat>,
    next_seq: u32,
    reveals: u32,
    /// While set, events recorded as public go to these seats only (fog of war).
    audience: Option<SeatSet>,
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

    /// The names events mention, each once, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(Name::as_str)
    }

    /// Number of events so far (counts even when disabled, so sequence numbers agree).
    pub fn len(&self) -> usize {
        self.next_seq as usize
    }

    /// Whether nothing has happened yet.
    pub fn is_empty(&self) -> bool {
        self.next_seq == 0
    }

    /// Narrows every event recorded as public from now on to `who` (others see nothing),
    /// or lifts that with `None`; returns the setting it replaced, to be put back. A
    /// ruleset with fog of war scopes what follows from an action this way (Tactical: an
    /// attack is read by the seats that see it). Events with their own visibility keep it.
    pub fn set_audience(&mut self, who: Option<SeatSet>) -> Option<SeatSet> {
        std::mem::replace(&mut self.audience, who)
    }

    /// The seats public events are narrowed to now, if any ([`Journal::set_audience`]).
    pub fn audience(&self) -> Option<SeatSet> {
        self.audience
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
            let names = &mut self.names;
            last.inputs
                .extend(inputs().into_iter().map(|i| i.shared(|n| intern(names, n))));
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
        let mut card = card();
        card.card = intern(&mut self.names, &card.card);
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
        let visibility = match (visibility, self.audience) {
            (Visibility::Public, Some(who)) => Visibility::Seats(who),
            (v, _) => v,
        };
        let names = &mut self.names;
        let text = Text::parse(text(), |n| intern(names, n));
        let redacted = redacted().map(|r| Text::parse(r, |n| intern(names, n)));
        self.events.push(Event {
            seq,
            round: self.round,
            seat: self.seat,
            rule,
            kind,
            text,
            roll,
            card,
            visibility,
            redacted,
            inputs: Vec::new(),
        });
    }
}

/// `name` from the table, added if it is new.
fn intern(names: &mut BTreeSet<Name>, name: &str) -> Name {
    if let Some(held) = names.get(name) {
        return held.clone();
    }
    let held = Name::from(name);
    names.insert(held.clone());
    held
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn article_follows_the_sound() {
        for (name, want) in [
            ("Alien Grenade", "an"),
            ("Elerium-115", "an"),
            ("Incendiary Rocket", "an"),
            ("Officer", "an"),
            ("Unfeeling", "an"),
            ("High Explosive", "a"),
            ("Grenade", "a"),
            ("Small Launcher", "a"),
            ("UFO Power Source", "a"),
            ("Universal Tool", "a"),
            ("hour", "an"),
            ("", "a"),
        ] {
            assert_eq!(article(name), want, "{name}");
        }
    }

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
    fn mentioned_names_are_held_once_and_shown_in_full() {
        let long = "L".repeat(80);
        let mut j = Journal::recording();
        for i in 0..50 {
            j.note_with(
                "x.attack",
                EventKind::Attack,
                || format!("{} shoots {} ({i})", mention(&long), mention("Sectoid")),
                || vec![Input::new("attacker", mention(&long), "")],
            );
        }
        let e = &j.events()[49];
        assert_eq!(e.text.to_string(), format!("{long} shoots Sectoid (49)"));
        assert_eq!(e.inputs[0].value, long.as_str());
        assert!(!e.text.to_string().contains([OPEN, CLOSE]));
        assert_eq!(j.names().collect::<Vec<_>>(), [long.as_str(), "Sectoid"]);
        let first = j.events()[0].text.names().next().unwrap();
        let last = j.events()[49].inputs[0].value.names().next().unwrap();
        assert!(Name::same(first, last), "one allocation, not a copy");
        // 50 events' own words, and the two names once.
        let words: usize = j
            .events()
            .iter()
            .map(|e| e.text.words_len() + e.inputs[0].label.len())
            .sum();
        assert_eq!(held_bytes(j.events()), words + 80 + 7);
    }

    #[test]
    fn marks_that_are_not_a_mention_stay_characters() {
        let t = Text::from(format!("a{OPEN}b{OPEN}c{CLOSE}d{OPEN}"));
        assert_eq!(t.to_string(), format!("a{OPEN}bcd{OPEN}"));
        assert_eq!(t.names().count(), 1);
        // A name holding a mark (never a validated one) is written as words.
        let odd = format!("x{CLOSE}y");
        let t = Text::from(mention(&odd).to_string());
        assert_eq!(
            (t.to_string().as_str(), t.names().count()),
            ("x\u{fffd}y", 0)
        );
        assert_eq!(
            Text::from("same"),
            Text::from(format!("{}", mention("same")))
        );
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
