//! The state as short `subject: facts` lines, for "what changed at this step" in replays and
//! `squadsight explain` (`Ruleset::state_lines`, `Ruleset::observation_lines`).
//!
//! Subjects never change during a game (a unit is named by its id, type and the side that
//! fielded it, not the side that controls it now), so a diff pairs the same things up.

use crate::Skirmish;
use crate::observe::Observation;
use crate::state::{Frame, Hand, Life, PanicEffect, Phase, State, Unit, UnitId};
use squadsight_core::{Decision, Ruleset};
use std::fmt::Write as _;

/// What a seat's view knows beyond its observed state.
struct Seen {
    seat: u8,
    other_hand: usize,
    deck_left: usize,
}

impl Skirmish {
    /// The referee's lines: hidden hands and positions included.
    pub(crate) fn lines(&self, st: &State) -> Vec<String> {
        self.lines_of(st, None)
    }

    /// One side's lines, built only from its observation.
    pub(crate) fn observed_lines(&self, obs: &Observation) -> Vec<String> {
        let seen = Seen {
            seat: obs.seat,
            other_hand: obs.other_hand,
            deck_left: obs.deck_left,
        };
        self.lines_of(&obs.state, Some(seen))
    }

    fn lines_of(&self, st: &State, seen: Option<Seen>) -> Vec<String> {
        let mut out = Vec::with_capacity(st.units.len() + 12);
        out.push(format!("turn: {}", st.turn));
        out.push(format!("active side: {}", st.board.side_name(st.active)));
        out.push(format!("phase: {}", phase_words(st.phase)));
        out.push(format!("to decide: {}", self.decision_words(st)));
        for (i, u) in st.units.iter().enumerate() {
            out.push(self.unit_line(st, UnitId(i as u8), u));
        }
        for side in 0..2u8 {
            let name = subject(st.board.side_name(side));
            let hand = st.hand(side);
            let line = match &seen {
                Some(v) if v.seat != side => {
                    let mut l = format!("hand {name}: {} cards", v.other_hand);
                    if !hand.is_empty() {
                        let _ = write!(l, " (seen: {})", self.hand_words(hand));
                    }
                    l
                }
                _ => format!(
                    "hand {name}: {} cards — {}",
                    hand.len(),
                    self.hand_words(hand)
                ),
            };
            out.push(line);
        }
        let deck_left = seen.as_ref().map_or(st.deck.remaining(), |v| v.deck_left);
        out.push(format!("deck: {deck_left} cards"));
        let discards = st.deck.discards();
        let top = discards
            .last()
            .map(|c| format!(" (top: {})", self.card_name(*c)))
            .unwrap_or_default();
        out.push(format!("discard pile: {} cards{top}", discards.len()));
        for side in 0..2u8 {
            let name = subject(st.board.side_name(side));
            out.push(format!("suppression tokens {name}: {}", st.tokens(side)));
            out.push(format!(
                "fewer cards next draw {name}: {}",
                st.friction(side)
            ));
        }
        if let Some(e) = st.ending {
            out.push(format!("result: {}", self.ending_text(st, e)));
        }
        out
    }

    fn unit_line(&self, st: &State, id: UnitId, u: &Unit) -> String {
        let kind = subject(self.catalog.unit(u.kind).map_or("?", |t| t.name.as_str()));
        let mut line = format!(
            "unit #{} {kind} ({}): ",
            id.0,
            subject(st.board.side_name(u.owner))
        );
        let at = self.hex_name(st, u.pos);
        match u.life {
            Life::OnMap => {
                let _ = write!(line, "hex {at} · {}/{} hits", u.hits, u.max_hits);
            }
            Life::Dead { turn } => {
                let _ = write!(line, "dead (turn {turn}), body at hex {at}");
                return line;
            }
            Life::Zombified => {
                line.push_str("dead, risen as a Zombie");
                return line;
            }
            Life::Routed => {
                line.push_str("fled the map");
                return line;
            }
        }
        let turn = st.turn;
        let mut flag = |text: &str| {
            line.push_str(" · ");
            line.push_str(text);
        };
        if u.controller != u.owner {
            flag(&format!(
                "controlled by {} until turn {}",
                st.board.side_name(u.controller),
                u.control_until
            ));
        }
        if u.hidden {
            flag("hidden");
        }
        if u.psi {
            flag("PSI");
        }
        if u.immobile_until >= turn && u.immobile_until > 0 {
            flag(&format!(
                "immobile turns {}–{}",
                u.immobile_from, u.immobile_until
            ));
        }
        if u.armor_off_until > turn {
            flag(&format!("no Armor until turn {}", u.armor_off_until));
        }
        if let Some((effect, when)) = u.panic_effect
            && when >= turn
        {
            let what = match effect {
                PanicEffect::Cower => "cowers",
                PanicEffect::Pinned => "pinned",
                PanicEffect::Berserk => "berserk",
            };
            flag(&format!("{what} in turn {when}"));
        }
        if u.panic_due {
            flag("panic roll due");
        }
        if u.free_moved {
            flag("free move used");
        }
        if u.card_moved {
            flag("card move used");
        }
        if u.attacks > 0 {
            flag(&format!("attacks this turn: {}", u.attacks));
        }
        if u.double_tap {
            flag("Double Tap ready");
        }
        line
    }

    /// `Sprint, Run ×2, Spec 3`, or `none`.
    fn hand_words(&self, hand: &Hand) -> String {
        if hand.is_empty() {
            return "none".to_string();
        }
        let words: Vec<String> = hand
            .iter()
            .map(|(c, n)| match n {
                1 => self.card_name(c).to_string(),
                n => format!("{} ×{n}", self.card_name(c)),
            })
            .collect();
        words.join(", ")
    }

    /// Who decides now and what about.
    fn decision_words(&self, st: &State) -> String {
        let seat = match self.to_act(st) {
            Decision::Over(_) => return "nobody (the game is over)".to_string(),
            Decision::Act(s) => st.board.side_name(s.0).to_string(),
        };
        let what = match st.top() {
            None => "play".to_string(),
            Some(Frame::ChooseFirst { .. }) => "who plays first".to_string(),
            Some(Frame::Discard { left, .. }) => format!("{left} card(s) to discard"),
            Some(Frame::Program(_)) => "the next step of a play".to_string(),
            Some(Frame::Move { unit, hexes, .. }) => {
                format!("where {} moves ({hexes} hexes)", self.unit_name(st, *unit))
            }
            Some(Frame::Target { unit, .. }) => {
                format!("a target for {}", self.unit_name(st, *unit))
            }
            Some(Frame::Attack(_)) => "an attack in resolution".to_string(),
            Some(Frame::Hit(h)) => {
                format!("an answer to the hit on {}", self.unit_name(st, h.unit))
            }
            Some(Frame::Flush { .. }) => "whether to Flush the Defense".to_string(),
            Some(Frame::Ranged { target, .. }) => {
                format!("an answer to the effect on {}", self.unit_name(st, *target))
            }
            Some(Frame::Reaction { .. }) => "whether to react".to_string(),
        };
        format!("{seat} — {what}")
    }
}

/// A name made fit for a line's subject, which never holds ": " (the diff splits there):
/// `Specialist: Support` becomes `Specialist Support`.
fn subject(name: &str) -> String {
    name.replace(": ", " ")
}

fn phase_words(p: Phase) -> &'static str {
    match p {
        Phase::Setup => "setup",
        Phase::Tactical => "Tactical",
        Phase::MoveFire => "Move and Fire",
        Phase::End => "End",
        Phase::Over => "game over",
    }
}

#[cfg(test)]
mod tests {
    use crate::Skirmish;
    use crate::options::Options;
    use squadsight_core::{GameRng, Journal, Ruleset, Seat};

    #[test]
    fn lines_have_unique_subjects_and_seats_see_only_their_hand() {
        let sk = Skirmish::new().unwrap();
        // The basic scenario's Specialists have ": " in their type names.
        let scenario = sk.scenario("basic").unwrap();
        let mut options = Options::default();
        sk.set_option(&mut options, "first_player", "xcom").unwrap();
        let mut rng = GameRng::new(3);
        let st = sk
            .setup(&scenario, &options, &mut rng, &mut Journal::off())
            .unwrap();
        let referee = sk.state_lines(&st);
        let mut subjects: Vec<&str> = referee
            .iter()
            .map(|l| l.split_once(": ").map_or(l.as_str(), |p| p.0))
            .collect();
        let n = subjects.len();
        subjects.sort_unstable();
        subjects.dedup();
        assert_eq!(subjects.len(), n, "{referee:#?}");
        // Each line splits into its subject at its first ": ", whatever the names hold.
        assert!(referee.iter().all(|l| l.contains(": ")), "{referee:#?}");
        assert!(
            referee
                .iter()
                .any(|l| l.starts_with("unit #0 Specialist Assault (X-Com): hex ")),
            "{referee:#?}"
        );
        let xcom = sk.observation_lines(&sk.observe(&st, Seat(0)));
        let aliens = sk.observation_lines(&sk.observe(&st, Seat(1)));
        // Same subjects for every viewer, so diffs line up.
        let subj = |ls: &[String]| -> Vec<String> {
            ls.iter()
                .map(|l| l.split_once(": ").map_or(l.clone(), |p| p.0.to_string()))
                .collect()
        };
        assert_eq!(subj(&xcom), subj(&referee));
        assert_eq!(subj(&aliens), subj(&referee));
        let hand = |ls: &[String], who: &str| {
            ls.iter()
                .find(|l| l.starts_with(&format!("hand {who}:")))
                .cloned()
                .unwrap()
        };
        // Each side sees its own hand's cards and only the size of the other.
        let side0 = st.board().side_name(0).to_string();
        let side1 = st.board().side_name(1).to_string();
        assert_eq!(hand(&xcom, &side0), hand(&referee, &side0));
        assert!(
            !hand(&xcom, &side1).contains('—'),
            "{}",
            hand(&xcom, &side1)
        );
        assert_eq!(hand(&aliens, &side1), hand(&referee, &side1));
    }
}
