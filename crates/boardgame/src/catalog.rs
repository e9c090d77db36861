//! The app data, checked: `rulesets/boardgame/app.ron` parsed into [`crate::data`]'s raw
//! definitions and validated into a [`Catalog`]. Every problem is reported, each at the text it
//! is about (`app.ron:212:13: …`).

use crate::data::{
    ActionDef, AppDef, BudgetDef, ComponentsDef, Effect, Kind, Question, Role, ScoreDef, StepDef,
};
use squadsight_core::DataCheck;
use squadsight_core::data::{DataError, DataErrors, cached, located, parse_ron};
use squadsight_core::hash::StableHasher;
use std::hash::Hasher;
use std::sync::OnceLock;

/// The name errors in the built-in data file are reported under.
pub const APP_ORIGIN: &str = "rulesets/boardgame/app.ron";

/// The built-in data file's text.
pub const APP_SOURCE: &str = include_str!("../../../rulesets/boardgame/app.ron");

/// One action of the catalogue, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionInfo {
    /// Stable ID.
    pub id: String,
    /// Name as shown.
    pub name: String,
    /// Whose action it is.
    pub role: Role,
    /// XCOM or alien.
    pub kind: Kind,
    /// What the app works out for it.
    pub effect: Effect,
    /// Must follow the first UFOs Detected! of the round.
    pub after_first_contact: bool,
    /// How to carry it out.
    pub how: String,
}

/// One resolution step, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepInfo {
    /// Stable ID.
    pub id: String,
    /// Name as shown.
    pub name: String,
    /// Whose step it is.
    pub role: Role,
    /// What to do.
    pub text: String,
    /// What the app asks, if anything.
    pub question: Option<Question>,
    /// Only once the final mission is unlocked.
    pub only_after_unlock: bool,
}

/// A difficulty level's numbers, validated; alien counts refer to catalogue indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difficulty {
    /// Stable ID.
    pub id: String,
    /// Name as shown.
    pub name: String,
    /// An XCOM action's seconds.
    pub xcom_seconds: u32,
    /// An alien action's seconds.
    pub alien_seconds: u32,
    /// The final window's base seconds.
    pub final_window_seconds: u32,
    /// Pause seconds per round; `None` is unlimited.
    pub pause_seconds: Option<u32>,
    /// Early-finish bonus percent of the unused time.
    pub bonus_percent: u32,
    /// Early-finish bonus cap.
    pub bonus_cap: u32,
    /// (action index, fewest, most) for each alien action mixed into a round.
    pub aliens: Vec<(usize, u32, u32)>,
    /// UFOs in round 1.
    pub ufo_base: u32,
    /// One more every this many rounds.
    pub ufo_rounds_per_extra: u32,
    /// Extra UFOs every round.
    pub ufo_extra: u32,
    /// Chance (percent) that a UFO appears in orbit.
    pub orbit_percent: u32,
    /// Scramble chance per UFO in orbit (percent).
    pub scramble_per_ufo: u32,
    /// Scramble chance cap (percent).
    pub scramble_cap: u32,
    /// Fewest places a scrambled action moves up.
    pub shift_min: u32,
    /// Most places.
    pub shift_max: u32,
    /// Forecasts with an empty orbit.
    pub forecast_base: u32,
    /// One fewer per this many UFOs in orbit.
    pub forecast_per_fewer: u32,
    /// First round that may unlock the final mission.
    pub unlock_from: u32,
    /// Unlock chance at that round (percent).
    pub unlock_base: u32,
    /// Added per completed mission.
    pub unlock_per_mission: u32,
    /// Added per round after the first.
    pub unlock_per_round: u32,
    /// Forced at this round's summary.
    pub unlock_forced: u32,
    /// Continents starting above the first panic space.
    pub panic_continents: u32,
    /// How far above.
    pub panic_spaces: u32,
}

impl Difficulty {
    /// The round's UFO total: base, one more every few rounds, plus the level's extra
    /// (bg.gap.12).
    pub fn ufos_in_round(&self, round: u32) -> u32 {
        self.ufo_base + round / self.ufo_rounds_per_extra.max(1) + self.ufo_extra
    }

    /// The scramble chance in percent with `orbit` UFOs left in orbit (bg.app.scramble-orbit).
    pub fn scramble_percent(&self, orbit: u32) -> u32 {
        (self.scramble_per_ufo * orbit).min(self.scramble_cap)
    }

    /// Forecasts in a round with `orbit` UFOs in orbit: fewer the more there are
    /// (bg.app.forecast).
    pub fn forecasts(&self, orbit: u32) -> u32 {
        self.forecast_base
            .saturating_sub(orbit / self.forecast_per_fewer.max(1))
    }

    /// The final-mission unlock chance in percent at `round`'s summary with `missions`
    /// completed, capped at 100; 100 from the forced round on (bg.app.final-unlock).
    pub fn unlock_percent(&self, round: u32, missions: u32) -> u32 {
        if round < self.unlock_from {
            return 0;
        }
        if round >= self.unlock_forced {
            return 100;
        }
        let chance = self.unlock_base
            + self.unlock_per_mission * missions
            + self.unlock_per_round * (round - self.unlock_from);
        chance.min(100)
    }
}

/// The validated app data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalog {
    /// Continent names.
    pub continents: Vec<String>,
    /// UFO figures.
    pub ufos: u8,
    /// Soldier figures.
    pub soldiers: u8,
    /// Interceptor figures.
    pub interceptors: u8,
    /// Invasion plan cards.
    pub invasion_plans: u8,
    /// Base damage that overruns the base.
    pub base_overrun_at: u8,
    /// The action catalogue; XCOM actions in their canonical order.
    pub actions: Vec<ActionInfo>,
    /// Resolution steps in order.
    pub steps: Vec<StepInfo>,
    /// Budget per colour.
    pub budget: (u32, u32, u32),
    /// Red-chance percent.
    pub red_chance_percent: u32,
    /// Score weights.
    pub score: ScoreWeights,
    /// Difficulty levels.
    pub difficulties: Vec<Difficulty>,
    /// The descent action's index.
    pub descend: usize,
    data_hash: u64,
}

/// Score weights (bg.gap.42).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreWeights {
    /// For a win.
    pub win: i32,
    /// Per UFO on the board.
    pub per_ufo: i32,
    /// Per soldier in the recruitment pool.
    pub per_soldier_lost: i32,
    /// Per interceptor in the recruitment pool.
    pub per_interceptor_lost: i32,
    /// Per continent in red.
    pub per_red: i32,
    /// Per point of base damage.
    pub per_base_damage: i32,
    /// Per fallen continent.
    pub per_fallen: i32,
}

impl Catalog {
    /// The built-in data, parsed and checked once.
    pub fn builtin() -> Result<&'static Catalog, DataErrors> {
        static BUILTIN: OnceLock<Result<Catalog, DataErrors>> = OnceLock::new();
        cached(&BUILTIN, || Catalog::parse(APP_SOURCE, APP_ORIGIN))
    }

    /// Reads a file as the app data (`rulesets/boardgame/app.ron`) and validates it
    /// ([`squadsight_core::Ruleset::check_data`]).
    pub fn check_file(bytes: &[u8], origin: &str) -> DataCheck {
        if let Err(e) = parse_ron::<AppDef>(bytes, origin) {
            return DataCheck::NotThis(e);
        }
        let text = String::from_utf8_lossy(bytes);
        match Catalog::parse(&text, origin) {
            Ok(_) => DataCheck::Valid("boardgame app data".to_string()),
            Err(errors) => DataCheck::Invalid(errors),
        }
    }

    /// Parses and validates an app data file, reporting every problem.
    pub fn parse(text: &str, origin: &str) -> Result<Catalog, DataErrors> {
        let def: AppDef = parse_ron(text.as_bytes(), origin)?;
        let mut check = Check {
            origin,
            text,
            errors: Vec::new(),
        };
        let catalog = check.catalog(def);
        if check.errors.is_empty() {
            let mut h = StableHasher::default();
            h.write(text.as_bytes());
            Ok(Catalog {
                data_hash: h.finish(),
                ..catalog
            })
        } else {
            Err(DataErrors(check.errors))
        }
    }

    /// A stable hash of the data text, recorded in saves.
    pub fn data_hash(&self) -> u64 {
        self.data_hash
    }

    /// The difficulty with this ID.
    pub fn difficulty(&self, id: &str) -> Option<usize> {
        self.difficulties.iter().position(|d| d.id == id)
    }

    /// The XCOM actions' indices in canonical order.
    pub fn xcom_actions(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.actions.len()).filter(|&i| self.actions[i].kind == Kind::Xcom)
    }
}

struct Check<'a> {
    origin: &'a str,
    text: &'a str,
    errors: Vec<DataError>,
}

impl Check<'_> {
    fn err(&mut self, anchors: &[&str], message: impl Into<String>) {
        self.errors
            .push(located(self.origin, self.text, anchors, message));
    }

    fn catalog(&mut self, def: AppDef) -> Catalog {
        if def.continents.len() < 3 || def.continents.len() > 16 {
            self.err(&["continents"], "list between 3 and 16 continents");
        }
        for (i, c) in def.continents.iter().enumerate() {
            if c.trim().is_empty() || def.continents[..i].contains(c) {
                self.err(
                    &["continents", &format!("\"{c}\"")],
                    format!("continent `{c}` is empty or listed twice"),
                );
            }
        }
        self.components(&def.components);
        let actions = self.actions(&def.actions);
        let steps = self.steps(&def.steps);
        let budget = self.budget(&def.budget);
        let score = score(&def.score);
        let difficulties: Vec<Difficulty> = def
            .difficulties
            .iter()
            .map(|d| self.difficulty(d, &actions))
            .collect();
        if difficulties.is_empty() {
            self.err(&["difficulties"], "list at least one difficulty");
        }
        for (i, d) in difficulties.iter().enumerate() {
            if difficulties[..i].iter().any(|o| o.id == d.id) {
                self.err(
                    &["difficulties", &format!("id: \"{}\"", d.id)],
                    format!("difficulty `{}` is listed twice", d.id),
                );
            }
        }
        let descend = actions
            .iter()
            .position(|a| a.effect == Effect::Descend)
            .unwrap_or(0);
        Catalog {
            continents: def.continents,
            ufos: def.components.ufos,
            soldiers: def.components.soldiers,
            interceptors: def.components.interceptors,
            invasion_plans: def.components.invasion_plans,
            base_overrun_at: def.components.base_overrun_at,
            actions,
            steps,
            budget,
            red_chance_percent: u32::from(def.budget.red_chance_percent),
            score,
            difficulties,
            descend,
            data_hash: 0,
        }
    }

    fn components(&mut self, c: &ComponentsDef) {
        for (name, value) in [
            ("ufos", c.ufos),
            ("soldiers", c.soldiers),
            ("interceptors", c.interceptors),
            ("invasion_plans", c.invasion_plans),
            ("base_overrun_at", c.base_overrun_at),
        ] {
            if value == 0 {
                self.err(
                    &["components", name],
                    format!("`{name}` must be at least 1"),
                );
            }
        }
    }

    fn actions(&mut self, defs: &[ActionDef]) -> Vec<ActionInfo> {
        let mut out: Vec<ActionInfo> = Vec::new();
        for a in defs {
            let at = format!("id: \"{}\"", a.id);
            if a.id.is_empty() || out.iter().any(|o| o.id == a.id) {
                self.err(
                    &["actions", &at],
                    format!("action `{}` is empty or listed twice", a.id),
                );
            }
            if a.name.trim().is_empty() || a.how.trim().is_empty() {
                self.err(
                    &["actions", &at],
                    format!("action `{}` needs a name and a `how`", a.id),
                );
            }
            if a.effect != Effect::Plain && a.kind != Kind::Alien {
                self.err(
                    &["actions", &at, "effect"],
                    format!("action `{}`: only alien actions move UFOs", a.id),
                );
            }
            out.push(ActionInfo {
                id: a.id.clone(),
                name: a.name.clone(),
                role: a.role,
                kind: a.kind,
                effect: a.effect,
                after_first_contact: a.after_first_contact,
                how: a.how.clone(),
            });
        }
        for (effect, name) in [
            (Effect::Descend, "UFOs Descending"),
            (Effect::Detected, "UFOs Detected"),
        ] {
            if out.iter().filter(|a| a.effect == effect).count() != 1 {
                self.err(
                    &["actions"],
                    format!("exactly one action must have the {name} effect ({effect:?})"),
                );
            }
        }
        if !out.iter().any(|a| a.kind == Kind::Xcom) {
            self.err(&["actions"], "list at least one XCOM action");
        }
        out
    }

    fn steps(&mut self, defs: &[StepDef]) -> Vec<StepInfo> {
        let mut out: Vec<StepInfo> = Vec::new();
        for s in defs {
            let at = format!("id: \"{}\"", s.id);
            if s.id.is_empty() || out.iter().any(|o| o.id == s.id) {
                self.err(
                    &["steps", &at],
                    format!("step `{}` is empty or listed twice", s.id),
                );
            }
            if s.name.trim().is_empty() || s.text.trim().is_empty() {
                self.err(
                    &["steps", &at],
                    format!("step `{}` needs a name and a text", s.id),
                );
            }
            out.push(StepInfo {
                id: s.id.clone(),
                name: s.name.clone(),
                role: s.role,
                text: s.text.clone(),
                question: s.question,
                only_after_unlock: s.only_after_unlock,
            });
        }
        // The game can only end, and the next round can only be planned, if the app asks
        // these once each.
        for q in [
            Question::UfosInOrbit,
            Question::BaseOverrun,
            Question::MissionCompleted,
            Question::FinalMissionCompleted,
            Question::Panic,
        ] {
            if out.iter().filter(|s| s.question == Some(q)).count() != 1 {
                self.err(&["steps"], format!("exactly one step must ask {q:?}"));
            }
        }
        if out.last().map(|s| s.question) != Some(Some(Question::Panic)) {
            self.err(
                &["steps"],
                "the last step must be the summary that asks Panic",
            );
        }
        out
    }

    fn budget(&mut self, b: &BudgetDef) -> (u32, u32, u32) {
        if b.red_chance_percent > 100 {
            self.err(&["budget", "red_chance_percent"], "a chance is at most 100");
        }
        (u32::from(b.yellow), u32::from(b.red), u32::from(b.fallen))
    }

    fn difficulty(&mut self, d: &crate::data::DifficultyDef, actions: &[ActionInfo]) -> Difficulty {
        let at = format!("id: \"{}\"", d.id);
        let bad = |check: &mut Check<'_>, field: &str, message: String| {
            check.err(&["difficulties", &at, field], message);
        };
        for (field, secs) in [
            ("xcom_seconds", d.xcom_seconds),
            ("alien_seconds", d.alien_seconds),
            ("final_window_seconds", d.final_window_seconds),
        ] {
            if !(2..=600).contains(&secs) {
                bad(self, field, format!("`{field}` must be 2 to 600 seconds"));
            }
        }
        if d.pause_seconds.is_some_and(|p| p > 3600) {
            bad(self, "pause_seconds", "at most 3600 seconds".into());
        }
        if d.early_bonus.percent > 100 {
            bad(self, "early_bonus", "a percent is at most 100".into());
        }
        let mut aliens = Vec::new();
        for a in &d.aliens {
            match actions.iter().position(|x| x.id == a.action) {
                Some(i)
                    if actions[i].kind == Kind::Alien && actions[i].effect != Effect::Descend =>
                {
                    if a.min > a.max || a.max > 8 {
                        bad(
                            self,
                            &format!("\"{}\"", a.action),
                            format!("`{}`: min must not exceed max, max at most 8", a.action),
                        );
                    }
                    aliens.push((i, u32::from(a.min), u32::from(a.max)));
                }
                _ => bad(
                    self,
                    &format!("\"{}\"", a.action),
                    format!(
                        "`{}` is not an alien action of the catalogue (the descent is issued on its own)",
                        a.action
                    ),
                ),
            }
        }
        let detected = actions.iter().position(|a| a.effect == Effect::Detected);
        if !aliens
            .iter()
            .any(|(i, min, _)| Some(*i) == detected && *min >= 1)
        {
            bad(
                self,
                "aliens",
                "a round needs at least one UFOs Detected!".into(),
            );
        }
        if d.ufos.orbit_percent > 100 || d.ufos.rounds_per_extra == 0 || d.ufos.base == 0 {
            bad(
                self,
                "ufos",
                "`base` and `rounds_per_extra` must be at least 1, `orbit_percent` at most 100"
                    .into(),
            );
        }
        let s = &d.scramble;
        if s.cap_percent > 100 || s.min_shift == 0 || s.min_shift > s.max_shift {
            bad(
                self,
                "scramble",
                "`cap_percent` at most 100, and 1 <= `min_shift` <= `max_shift`".into(),
            );
        }
        if d.forecasts.ufos_per_fewer == 0 {
            bad(
                self,
                "forecasts",
                "`ufos_per_fewer` must be at least 1".into(),
            );
        }
        let u = &d.unlock;
        if u.from_round == 0 || u.forced_round < u.from_round {
            bad(
                self,
                "unlock",
                "`from_round` at least 1 and `forced_round` not before it (the unlock must come)"
                    .into(),
            );
        }
        Difficulty {
            id: d.id.clone(),
            name: d.name.clone(),
            xcom_seconds: u32::from(d.xcom_seconds),
            alien_seconds: u32::from(d.alien_seconds),
            final_window_seconds: u32::from(d.final_window_seconds),
            pause_seconds: d.pause_seconds.map(u32::from),
            bonus_percent: u32::from(d.early_bonus.percent),
            bonus_cap: u32::from(d.early_bonus.cap_seconds),
            aliens,
            ufo_base: u32::from(d.ufos.base),
            ufo_rounds_per_extra: u32::from(d.ufos.rounds_per_extra),
            ufo_extra: u32::from(d.ufos.extra),
            orbit_percent: u32::from(d.ufos.orbit_percent),
            scramble_per_ufo: u32::from(s.percent_per_ufo),
            scramble_cap: u32::from(s.cap_percent),
            shift_min: u32::from(s.min_shift),
            shift_max: u32::from(s.max_shift),
            forecast_base: u32::from(d.forecasts.base),
            forecast_per_fewer: u32::from(d.forecasts.ufos_per_fewer),
            unlock_from: u32::from(u.from_round),
            unlock_base: u32::from(u.base_percent),
            unlock_per_mission: u32::from(u.per_mission_percent),
            unlock_per_round: u32::from(u.per_round_percent),
            unlock_forced: u32::from(u.forced_round),
            panic_continents: u32::from(d.starting_panic.continents),
            panic_spaces: u32::from(d.starting_panic.spaces),
        }
    }
}

fn score(s: &ScoreDef) -> ScoreWeights {
    ScoreWeights {
        win: s.win,
        per_ufo: s.per_ufo,
        per_soldier_lost: s.per_soldier_lost,
        per_interceptor_lost: s.per_interceptor_lost,
        per_red: s.per_red,
        per_base_damage: s.per_base_damage,
        per_fallen: s.per_fallen,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_data_is_valid() {
        let c = Catalog::builtin().unwrap();
        assert_eq!(c.continents.len(), 6);
        assert_eq!(c.difficulties.len(), 4);
        // bg.app.pause-difficulty: Easy has unlimited pause, the harder levels a budget.
        let easy = &c.difficulties[c.difficulty("easy").unwrap()];
        assert_eq!(easy.pause_seconds, None);
        let normal = &c.difficulties[c.difficulty("normal").unwrap()];
        assert!(normal.pause_seconds.is_some());
    }

    #[test]
    fn errors_point_at_the_offending_field() {
        let broken = APP_SOURCE.replacen("pause_seconds: Some(30)", "pause_seconds: Some(9999)", 1);
        let e = Catalog::parse(&broken, "app.ron").unwrap_err();
        let text = e.to_string();
        let line = broken
            .lines()
            .position(|l| l.contains("Some(9999)"))
            .unwrap()
            + 1;
        assert!(text.starts_with(&format!("app.ron:{line}:")), "{text}");
        let unknown = APP_SOURCE.replacen("xcom_seconds: 40,", "xcom_seconds: 40, colour: 3,", 1);
        assert!(Catalog::parse(&unknown, "app.ron").is_err());
    }

    #[test]
    fn unlock_chance_grows_and_is_forced() {
        // bg.app.final-unlock: each completed mission raises the chance; it comes eventually.
        let c = Catalog::builtin().unwrap();
        let d = &c.difficulties[c.difficulty("normal").unwrap()];
        assert_eq!(d.unlock_percent(1, 5), 0);
        assert!(d.unlock_percent(4, 1) > d.unlock_percent(4, 0));
        assert_eq!(d.unlock_percent(d.unlock_forced, 0), 100);
    }
}
