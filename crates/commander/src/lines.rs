//! The state as stable one-fact lines (`subject: facts`, one subject per line, in a fixed
//! order) for "what changed" in `squadsight explain` and the replay viewer. A subject never
//! contains ": ", so the core diff pairs a model's line before and after a step.

use crate::engine::Commander;
use crate::state::{Presence, State};
use squadsight_core::Seat;
use std::fmt::Write;

impl Commander {
    /// The lines of `st` as `viewer` may know them (`None`: the referee, who sees all).
    pub(crate) fn lines(&self, st: &State, viewer: Option<Seat>) -> Vec<String> {
        let mut out = Vec::with_capacity(st.models.len() + st.objectives.len() + 4);
        out.push(format!("round: {} of {}", st.round, st.round_limit));
        for (i, side) in st.sides.iter().enumerate() {
            let seat = Seat(u8::try_from(i).unwrap_or(u8::MAX));
            out.push(format!(
                "bag {}: {} dice left",
                side.name,
                st.bag.left(seat)
            ));
        }
        let die = st
            .die
            .and_then(|s| st.sides.get(s.index()))
            .map_or("none", |side| side.name.as_str());
        out.push(format!("drawn die: {die}"));
        for m in &st.models {
            let side = st
                .sides
                .get(m.owner.index())
                .map_or("?", |s| s.name.as_str());
            let mut line = format!("model {} {} ({side}): ", m.id.0, self.model_name(st, m.id));
            let foe_hidden = viewer.is_some_and(|v| v != m.owner);
            match m.presence {
                Presence::Destroyed => line.push_str("destroyed"),
                Presence::Reserve => line.push_str("not yet on the table"),
                Presence::Hidden if foe_hidden => line.push_str("hidden"),
                Presence::OnTable | Presence::Hidden => {
                    let _ = write!(line, "{} · {}/{} wounds", m.cell, m.wounds, m.max_wounds);
                    let flags = [
                        (m.presence == Presence::Hidden, "hidden"),
                        (m.leader, "leader"),
                        (m.activated, "activated"),
                        (m.down, "down"),
                        (m.overwatch.is_some(), "overwatch"),
                        (m.control.is_some(), "mind-controlled"),
                    ];
                    for (on, flag) in flags {
                        if on {
                            line.push_str(" · ");
                            line.push_str(flag);
                        }
                    }
                    if !m.engaged.is_empty() {
                        line.push_str(" · engaged with");
                        for e in &m.engaged {
                            let _ = write!(line, " {}", e.0);
                        }
                    }
                }
            }
            out.push(line);
        }
        for o in &st.objectives {
            let state = if o.done {
                "done"
            } else if o.planted.is_some() {
                "charge planted"
            } else {
                "open"
            };
            out.push(format!("objective {}: {state}", o.name.replace(": ", " ")));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Commander;
    use squadsight_core::{GameRng, Journal, Ruleset, Seat, diff::diff_lines};

    /// cmd.round.draw-die, cmd.act.run.one: a step's lines change only where the state did, and
    /// a model keeps its subject so the diff shows one changed line per model.
    #[test]
    fn lines_are_stable_and_pair_models_across_a_step() {
        let rules = Commander::new().unwrap();
        let scenario = rules.scenario("battle").unwrap();
        let options = Default::default();
        let mut rng = GameRng::new(3);
        let mut journal = Journal::off();
        let mut st = rules
            .setup(&scenario, &options, &mut rng, &mut journal)
            .unwrap();
        let before = rules.state_lines(&st);
        assert_eq!(before, rules.state_lines(&st));
        assert!(
            before.iter().all(|l| l.matches(": ").count() == 1),
            "{before:?}"
        );
        let seat = match rules.to_act(&st) {
            squadsight_core::Decision::Act(s) => s,
            other => panic!("{other:?}"),
        };
        let mut legal = Vec::new();
        rules.legal_actions(&st, seat, &mut legal);
        rules
            .apply(&mut st, seat, &legal[0], &mut rng, &mut journal)
            .unwrap();
        let after = rules.state_lines(&st);
        assert_eq!(before.len(), after.len());
        assert!(!diff_lines(&before, &after).is_empty());
        let seen = rules.observation_lines(&rules.observe(&st, Seat(0)));
        assert_eq!(seen.len(), after.len());
    }
}
