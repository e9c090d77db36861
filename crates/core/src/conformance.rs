//! The conformance harness: random legal games of any [`Ruleset`], checking the contract every
//! game relies on. Run it from each ruleset's tests over many seeds.
//!
//! What it checks, per game:
//! - while a decision is pending, the deciding seat has legal actions, and each listed action
//!   applies (all of them, or a random sample when the list is long: [`Limits::apply_all_up_to`];
//!   this probe and the next two run at every step or a random share of them:
//!   [`Limits::probe_one_in`]);
//! - actions that are not legal now are refused and leave the state hash, randomness and journal
//!   untouched: the deciding seat's actions played by another seat, other seats' listed actions,
//!   and listed actions mutated through their RON text (a digit changed, `true`/`false`
//!   flipped, a name swapped for another name seen in the list);
//! - the deciding seat is public and its legal actions depend only on what it can see: a
//!   determinized copy of its observation gives the same seat and the same list;
//! - an undo, when allowed, restores the previous state hash and randomness, and redoing the
//!   action gives the same hash again;
//! - the game ends within the step cap (unless the caller allows hitting it);
//! - the journal has events, and every event's rule looks like a clause ID (`sk.attack.range`);
//! - save → load → save is byte-identical, and replaying the save reproduces every state hash
//!   and the same journal;
//! - the same seed played again with the same choices gives the same legal lists, the same
//!   journal and the same final hash.
//!
//! Choices come from a ChaCha generator seeded per game, separate from the game's own
//! randomness, so the harness never shifts a game's dice.

use crate::game::{Game, SeatConfig, canonical_ron};
use crate::hash::{stable_hash, word_hash};
use crate::journal::{Event, Journal};
use crate::rng::GameRng;
use crate::ruleset::{Decision, Ruleset};
use crate::save;
use crate::seat::Seat;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::collections::BTreeSet;
use std::fmt;
use std::sync::Arc;

/// How far the harness goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Actions per game before the game is cut off.
    pub steps: usize,
    /// Whether a game cut off at `steps` is acceptable (it is counted either way).
    pub allow_cap: bool,
    /// Legal lists up to this long have every action test-applied; longer ones a random
    /// sample of this many plus the first and last.
    pub apply_all_up_to: usize,
    /// The per-step probes (listed actions apply, illegal ones are refused, the decider's
    /// list survives determinization) run at a random one in this many steps; 1 probes every
    /// step. The walk itself, the undo round trips, the save and replay checks and the
    /// same-seed rerun always cover every step.
    pub probe_one_in: usize,
}

impl From<usize> for Limits {
    /// A strict step cap: every game must end within `steps` actions.
    fn from(steps: usize) -> Limits {
        Limits {
            steps,
            allow_cap: false,
            apply_all_up_to: 48,
            probe_one_in: 1,
        }
    }
}

/// What a passing run covered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConformanceReport {
    /// Games played.
    pub games: usize,
    /// Actions applied in all games (undos and redos not counted).
    pub actions: usize,
    /// The longest game, in actions.
    pub longest: usize,
    /// Games cut off at the step cap.
    pub hit_cap: usize,
    /// Wins per seat (a shared win counts for each winner).
    pub wins: Vec<usize>,
    /// Finished games without a winner.
    pub no_winner: usize,
    /// Listed actions test-applied.
    pub listed_checked: usize,
    /// Illegal actions tried and refused.
    pub illegal_checked: usize,
    /// Undo and redo round trips checked.
    pub undos_checked: usize,
}

/// The first contract violation found, with the seed and action index to reproduce it.
#[derive(Clone, PartialEq, Eq)]
pub struct Failure {
    /// The game's seed.
    pub seed: u64,
    /// The 0-based action index at which it happened, if during play.
    pub step: Option<usize>,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step {
            Some(step) => write!(f, "seed {}, action {}: {}", self.seed, step, self.message),
            None => write!(f, "seed {}: {}", self.seed, self.message),
        }
    }
}

/// Shown as the message, so `unwrap()` in a test prints something useful.
impl fmt::Debug for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for Failure {}

/// Plays one random game per seed and checks the contract (see the module docs).
pub fn check_ruleset<R: Ruleset>(
    ruleset: Arc<R>,
    scenario: &R::Scenario,
    options: &R::Options,
    seeds: impl IntoIterator<Item = u64>,
    limits: impl Into<Limits>,
) -> Result<ConformanceReport, Failure> {
    let limits = limits.into();
    let seats = usize::from(ruleset.seat_count(scenario));
    let mut report = ConformanceReport {
        wins: vec![0; seats],
        ..ConformanceReport::default()
    };
    for seed in seeds {
        let run = Run {
            ruleset: &ruleset,
            scenario,
            options,
            seed,
            limits,
        };
        run.check(&mut report)?;
    }
    Ok(report)
}

/// Salts that keep the harness's generators apart from each other and from the game seed.
const PICK_SALT: u64 = 0x5eed_c401_ce00_0001;
const PROBE_SALT: u64 = 0x5eed_c401_ce00_0002;

struct Run<'a, R: Ruleset> {
    ruleset: &'a Arc<R>,
    scenario: &'a R::Scenario,
    options: &'a R::Options,
    seed: u64,
    limits: Limits,
}

/// What one playthrough saw, for comparing two runs of the same seed.
struct Trace {
    /// The stable hash of each legal list offered, in order.
    lists: Vec<u64>,
    steps: usize,
    hit_cap: bool,
    undos: usize,
}

impl<R: Ruleset> Run<'_, R> {
    fn fail(&self, step: Option<usize>, message: impl Into<String>) -> Failure {
        Failure {
            seed: self.seed,
            step,
            message: message.into(),
        }
    }

    fn new_game(&self) -> Result<Game<R>, Failure> {
        let seats = vec![SeatConfig::human(); usize::from(self.ruleset.seat_count(self.scenario))];
        Game::new(
            Arc::clone(self.ruleset),
            self.scenario.clone(),
            self.options.clone(),
            self.seed,
            seats,
        )
        .map_err(|e| self.fail(None, format!("setup failed: {e}")))
    }

    fn check(&self, report: &mut ConformanceReport) -> Result<(), Failure> {
        let mut game = self.new_game()?;
        let mut probe = ChaCha8Rng::seed_from_u64(self.seed ^ PROBE_SALT);
        let mut checks = Checks::default();
        let one_in = self.limits.probe_one_in.max(1);
        let trace = self.play(&mut game, |game, seat, legal, step| {
            if one_in == 1 || below(&mut probe, one_in) == 0 {
                self.check_step(game, seat, legal, step, &mut probe, &mut checks)?;
            }
            Ok(())
        })?;
        report.games += 1;
        report.actions += trace.steps;
        report.longest = report.longest.max(trace.steps);
        report.listed_checked += checks.listed;
        report.illegal_checked += checks.illegal;
        report.undos_checked += trace.undos;
        if trace.hit_cap {
            report.hit_cap += 1;
            if !self.limits.allow_cap {
                return Err(self.fail(
                    Some(trace.steps),
                    format!("the game did not end within {} actions", self.limits.steps),
                ));
            }
        } else if let Decision::Over(outcome) = game.to_act() {
            if outcome.winners.is_empty() {
                report.no_winner += 1;
            }
            for w in outcome.winners.iter() {
                if let Some(n) = report.wins.get_mut(w.index()) {
                    *n += 1;
                }
            }
        }
        self.check_journal(game.journal().events())?;
        self.check_save(&game)?;
        self.check_same_seed(&game, &trace)
    }

    /// Plays to the end or the cap, calling `checks` before each choice. Choices and undo
    /// round trips come from a generator seeded only by the game seed, so a second run makes
    /// the same choices whatever `checks` does.
    fn play(
        &self,
        game: &mut Game<R>,
        mut checks: impl FnMut(&Game<R>, Seat, &[R::Action], usize) -> Result<(), Failure>,
    ) -> Result<Trace, Failure> {
        let mut pick = ChaCha8Rng::seed_from_u64(self.seed ^ PICK_SALT);
        let mut legal = Vec::new();
        let mut trace = Trace {
            lists: Vec::new(),
            steps: 0,
            hit_cap: false,
            undos: 0,
        };
        while let Decision::Act(seat) = game.to_act() {
            let step = trace.steps;
            if step >= self.limits.steps {
                trace.hit_cap = true;
                break;
            }
            game.legal_actions(seat, &mut legal);
            if legal.is_empty() {
                return Err(self.fail(
                    Some(step),
                    format!("{seat} is to decide but has no legal actions"),
                ));
            }
            trace.lists.push(stable_hash(&legal));
            checks(game, seat, &legal, step)?;
            let chosen = legal[below(&mut pick, legal.len())].clone();
            // One action in eight is undone and redone when the rules allow it.
            let try_undo = below(&mut pick, 8) == 0;
            let before = try_undo.then(|| (game.state_hash(), game.rng().clone()));
            let label = game.describe(&chosen);
            if let Err(e) = game.apply(seat, chosen.clone()) {
                return Err(self.fail(
                    Some(step),
                    format!("the chosen listed action `{label}` was refused: {e}"),
                ));
            }
            if let Some((hash_before, rng_before)) = before
                && game.can_undo()
            {
                let hash_after = game.state_hash();
                if let Err(e) = game.undo() {
                    return Err(self.fail(Some(step), format!("an allowed undo failed: {e}")));
                }
                if game.state_hash() != hash_before || *game.rng() != rng_before {
                    return Err(self.fail(
                        Some(step),
                        format!("undoing `{label}` did not restore the state and randomness"),
                    ));
                }
                if let Err(e) = game.apply(seat, chosen) {
                    return Err(self.fail(
                        Some(step),
                        format!("`{label}` was refused when redone after an undo: {e}"),
                    ));
                }
                if game.state_hash() != hash_after {
                    return Err(self.fail(
                        Some(step),
                        format!("redoing `{label}` after an undo gave a different state"),
                    ));
                }
                trace.undos += 1;
            }
            trace.steps += 1;
        }
        Ok(trace)
    }

    fn check_step(
        &self,
        game: &Game<R>,
        seat: Seat,
        legal: &[R::Action],
        step: usize,
        probe: &mut ChaCha8Rng,
        checks: &mut Checks,
    ) -> Result<(), Failure> {
        let ruleset = game.ruleset();
        let here = Here {
            game,
            hash: game.state_hash().0,
            step,
        };
        // Every listed action applies (all, or a sample of long lists).
        let sample = self.limits.apply_all_up_to;
        let try_listed = |i: usize, checks: &mut Checks| -> Result<(), Failure> {
            let action = &legal[i];
            let (mut state, mut rng) = (game.state().clone(), game.rng().clone());
            checks.listed += 1;
            ruleset
                .apply(&mut state, seat, action, &mut rng, &mut Journal::off())
                .map_err(|e| {
                    self.fail(
                        Some(step),
                        format!(
                            "listed action {i} `{}` ({}) is refused: {e}",
                            game.describe(action),
                            canonical_ron(action)
                        ),
                    )
                })
        };
        if legal.len() <= sample {
            for i in 0..legal.len() {
                try_listed(i, checks)?;
            }
        } else {
            try_listed(0, checks)?;
            try_listed(legal.len() - 1, checks)?;
            for _ in 0..sample {
                try_listed(below(probe, legal.len()), checks)?;
            }
        }
        // Illegal actions are refused and change nothing.
        let seat_count = ruleset.seat_count(game.scenario());
        let mut others = Vec::new();
        for other in (0..seat_count).map(Seat).filter(|s| *s != seat) {
            for action in legal.iter().take(4) {
                self.check_refused(&here, other, action, "as another seat", checks)?;
            }
            ruleset.legal_actions(game.state(), other, &mut others);
            for action in others.iter().filter(|a| !legal.contains(a)) {
                self.check_refused(&here, seat, action, "another seat's action", checks)?;
            }
        }
        for mutant in mutants(legal, probe, 4) {
            self.check_refused(&here, seat, &mutant, "mutated action", checks)?;
        }
        // Who decides is public, and the decider's choices depend only on what it sees.
        if below(probe, 8) == 0 {
            for s in (0..seat_count).map(Seat) {
                let _ = game.observe(s);
            }
            let observation = game.observe(seat);
            let mut det_rng = GameRng::new(probe.next_u64());
            let det = ruleset.determinize(&observation, &mut det_rng);
            if ruleset.to_act(&det) != Decision::Act(seat) {
                return Err(self.fail(
                    Some(step),
                    format!("a determinized copy of {seat}'s observation has another seat to act"),
                ));
            }
            let mut det_legal = Vec::new();
            ruleset.legal_actions(&det, seat, &mut det_legal);
            if det_legal != legal {
                // Name a few actions on each side, so the leak can be found.
                let only = |a: &[R::Action], b: &[R::Action]| {
                    let v: Vec<&R::Action> = a.iter().filter(|x| !b.contains(x)).take(3).collect();
                    format!("{v:?}")
                };
                return Err(self.fail(
                    Some(step),
                    format!(
                        "{seat}'s legal actions differ in a determinized copy of its observation \
                         ({} listed, {} in the copy; only listed: {}, only in the copy: {}): \
                         they must depend only on what it can see",
                        legal.len(),
                        det_legal.len(),
                        only(legal, &det_legal),
                        only(&det_legal, legal)
                    ),
                ));
            }
        }
        Ok(())
    }

    fn check_refused(
        &self,
        here: &Here<'_, R>,
        seat: Seat,
        action: &R::Action,
        what: &str,
        checks: &mut Checks,
    ) -> Result<(), Failure> {
        let (game, step) = (here.game, here.step);
        let (mut state, mut rng) = (game.state().clone(), game.rng().clone());
        let mut journal = Journal::off();
        let result = game
            .ruleset()
            .apply(&mut state, seat, action, &mut rng, &mut journal);
        let ron = canonical_ron(action);
        if result.is_ok() {
            return Err(self.fail(
                Some(step),
                format!("an illegal action ({what}, {seat}: {ron}) was accepted"),
            ));
        }
        if word_hash(&state) != here.hash || rng != *game.rng() || !journal.is_empty() {
            return Err(self.fail(
                Some(step),
                format!(
                    "refusing an illegal action ({what}, {seat}: {ron}) changed the state, \
                     randomness or journal"
                ),
            ));
        }
        checks.illegal += 1;
        Ok(())
    }

    fn check_journal(&self, events: &[Event]) -> Result<(), Failure> {
        if events.is_empty() {
            return Err(self.fail(None, "the journal is empty"));
        }
        match events.iter().find(|e| !looks_like_clause(e.rule)) {
            Some(e) => Err(self.fail(
                None,
                format!(
                    "journal event {} (`{}`) has rule `{}`, which is not a clause ID",
                    e.seq, e.text, e.rule
                ),
            )),
            None => Ok(()),
        }
    }

    fn check_save(&self, game: &Game<R>) -> Result<(), Failure> {
        let fail = |m: String| self.fail(None, m);
        let first = save::to_ron(game).map_err(|e| fail(e.to_string()))?;
        let origin = format!("seed-{}.ron", self.seed);
        let file = save::load(game.ruleset(), first.as_bytes(), &origin)
            .map_err(|e| fail(format!("the save does not load: {e}")))?;
        let again = file.to_ron().map_err(|e| fail(e.to_string()))?;
        if again != first {
            return Err(fail(format!(
                "save → load → save is not byte-identical (first difference at byte {})",
                first_difference(&first, &again)
            )));
        }
        let replayed = save::replay(Arc::clone(self.ruleset), file, Journal::recording())
            .map_err(|e| fail(format!("the save does not replay: {e}")))?;
        let third = save::to_ron(&replayed).map_err(|e| fail(e.to_string()))?;
        if third != first {
            return Err(fail(format!(
                "the replayed game saves differently (first difference at byte {})",
                first_difference(&first, &third)
            )));
        }
        compare_journals(game.journal().events(), replayed.journal().events())
            .map_err(|m| fail(format!("the replay's journal differs: {m}")))
    }

    fn check_same_seed(&self, first: &Game<R>, first_trace: &Trace) -> Result<(), Failure> {
        let mut game = self.new_game()?;
        let trace = self.play(&mut game, |_, _, _, _| Ok(()))?;
        if let Some(step) = (0..first_trace.lists.len().max(trace.lists.len()))
            .find(|&i| first_trace.lists.get(i) != trace.lists.get(i))
        {
            return Err(self.fail(
                Some(step),
                "the same seed and choices gave a different legal action list the second time",
            ));
        }
        compare_journals(first.journal().events(), game.journal().events())
            .map_err(|m| self.fail(None, format!("the same seed gave a different journal: {m}")))?;
        if first.link() != game.link() {
            return Err(self.fail(None, "the same seed gave a different final hash"));
        }
        Ok(())
    }
}

/// The position being probed: the game before the step's choice, and its state hash.
struct Here<'g, R: Ruleset> {
    game: &'g Game<R>,
    hash: u64,
    step: usize,
}

#[derive(Default)]
struct Checks {
    listed: usize,
    illegal: usize,
}

/// A uniform-enough index in `0..n` for test choices (not rules).
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize
}

/// Whether a rule ID looks like a clause ID: at least two dot-separated lowercase words
/// (letters, digits, hyphens), starting with a letter: `sk.attack.range`, `sk.gap.25`.
pub fn looks_like_clause(rule: &str) -> bool {
    let word = |w: &str| {
        !w.is_empty()
            && w.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    };
    rule.starts_with(|c: char| c.is_ascii_lowercase())
        && rule.split('.').count() >= 2
        && rule.split('.').all(word)
}

fn compare_journals(a: &[Event], b: &[Event]) -> Result<(), String> {
    match a.iter().zip(b).find(|(x, y)| x != y) {
        Some((x, y)) => Err(format!(
            "event {} is `{}` ({}) one time and `{}` ({}) the other",
            x.seq, x.text, x.rule, y.text, y.rule
        )),
        None if a.len() != b.len() => Err(format!("{} events against {}", a.len(), b.len())),
        None => Ok(()),
    }
}

fn first_difference(a: &str, b: &str) -> usize {
    a.bytes()
        .zip(b.bytes())
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()))
}

/// Up to `want` actions made by editing the RON of listed actions that parse but are not in
/// the list (so, by the contract that the list is complete, are illegal now).
fn mutants<A: Serialize + DeserializeOwned + PartialEq>(
    legal: &[A],
    probe: &mut ChaCha8Rng,
    want: usize,
) -> Vec<A> {
    let texts: Vec<String> = (0..4)
        .map(|_| canonical_ron(&legal[below(probe, legal.len())]))
        .collect();
    let mut names = BTreeSet::new();
    for text in &texts {
        names.extend(tokens(text).filter_map(|(start, end)| {
            let word = &text[start..end];
            word.starts_with(|c: char| c.is_ascii_alphabetic())
                .then_some(word)
        }));
    }
    let names: Vec<&str> = names.into_iter().collect();
    let mut out = Vec::new();
    for _ in 0..want * 4 {
        if out.len() >= want {
            break;
        }
        let text = &texts[below(probe, texts.len())];
        let Some(edited) = mutate(text, &names, probe) else {
            continue;
        };
        if let Ok(action) = ron::from_str::<A>(&edited)
            && !legal.contains(&action)
            && !out.contains(&action)
        {
            out.push(action);
        }
    }
    out
}

/// The byte ranges of the words and numbers in a RON text.
fn tokens(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let bytes = text.as_bytes();
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() && !is_word(bytes[i]) {
            i += 1;
        }
        if i >= bytes.len() {
            return None;
        }
        let start = i;
        while i < bytes.len() && is_word(bytes[i]) {
            i += 1;
        }
        Some((start, i))
    })
}

/// One random edit of a RON text: a digit changed, `true`/`false` flipped, or a name
/// swapped for another name seen in the legal list.
fn mutate(text: &str, names: &[&str], probe: &mut ChaCha8Rng) -> Option<String> {
    let spots: Vec<(usize, usize)> = tokens(text).collect();
    if spots.is_empty() {
        return None;
    }
    let (start, end) = spots[below(probe, spots.len())];
    let word = &text[start..end];
    let replacement = if word.bytes().all(|b| b.is_ascii_digit()) {
        let at = start + below(probe, word.len());
        let old = text.as_bytes()[at] - b'0';
        let new = (old + 1 + u8::try_from(below(probe, 9)).unwrap_or(0)) % 10;
        return Some(format!("{}{}{}", &text[..at], new, &text[at + 1..]));
    } else if word == "true" {
        "false"
    } else if word == "false" {
        "true"
    } else if names.is_empty() {
        return None;
    } else {
        names[below(probe, names.len())]
    };
    (replacement != word).then(|| format!("{}{}{}", &text[..start], replacement, &text[end..]))
}
