//! Information-set Monte Carlo tree search (single observer), after Cowling, Powley and
//! Whitehouse (2012).
//!
//! Each iteration samples a full state consistent with the observation, walks the shared
//! tree choosing by UCB1 among the actions legal in that sample (counting how often each was
//! available), adds one new action, plays the game on with a cheap policy until it ends or
//! the rollout depth runs out, and credits every action on the path with the result from the
//! point of view of the seat that took it. Opponents' choices, including out-of-turn ones,
//! are nodes of the same tree; chance is left to the sampled dice, so a node stands for every
//! outcome of the action leading to it.

use crate::tree::{Tree, edge_key};
use crate::value::value;
use crate::{Choice, Level, Player};
use squadsight_core::{Decision, GameRng, Journal, Ruleset, Seat, SeatSet, Stream};
use std::hash::Hash;
use std::time::{Duration, Instant};

/// Search budget and policy of one strength.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsSettings {
    /// Playouts per decision: the budget that normally ends the search, so that results do
    /// not depend on the machine.
    pub iterations: u32,
    /// Wall-clock limit per decision, a safety net on slow machines or huge action lists.
    pub time_cap: Duration,
    /// Actions played after leaving the tree before the state is scored by `evaluate`.
    pub rollout_depth: u32,
    /// Percent of rollout steps that pick the best of a few sampled actions by `evaluate`
    /// instead of a uniformly random one.
    pub greedy_percent: u32,
    /// How many sampled actions such a greedy step compares.
    pub greedy_sample: u32,
    /// UCB1 exploration constant (values are in 0..=1).
    pub exploration: f64,
}

impl MctsSettings {
    /// The settings of a search level; `None` for the levels that do not search.
    pub fn for_level(level: Level) -> Option<MctsSettings> {
        match level {
            Level::Random | Level::Greedy => None,
            Level::Easy => Some(MctsSettings::easy()),
            Level::Normal => Some(MctsSettings::normal()),
            Level::Hard => Some(MctsSettings::hard()),
        }
    }

    /// These settings without the wall-clock limit, so that results never depend on the
    /// machine's speed or load (for tests and measurements).
    pub fn uncapped(self) -> MctsSettings {
        MctsSettings {
            time_cap: Duration::MAX,
            ..self
        }
    }

    /// A quick search, for beginners.
    pub fn easy() -> MctsSettings {
        MctsSettings {
            iterations: 300,
            time_cap: Duration::from_millis(300),
            rollout_depth: 12,
            greedy_percent: 50,
            greedy_sample: 3,
            exploration: 0.7,
        }
    }

    /// About a second at most per decision.
    pub fn normal() -> MctsSettings {
        MctsSettings {
            iterations: 1500,
            time_cap: Duration::from_millis(900),
            rollout_depth: 20,
            greedy_percent: 50,
            greedy_sample: 3,
            exploration: 0.7,
        }
    }

    /// The largest budget.
    pub fn hard() -> MctsSettings {
        MctsSettings {
            iterations: 4000,
            time_cap: Duration::from_millis(3000),
            rollout_depth: 24,
            greedy_percent: 50,
            greedy_sample: 4,
            exploration: 0.7,
        }
    }
}

/// An information-set MCTS player. Its tree and buffers are kept between decisions so a
/// search allocates little once warmed up.
#[derive(Clone, Debug)]
pub struct MctsPlayer<A> {
    name: String,
    settings: MctsSettings,
    rng: GameRng,
    tree: Tree<A>,
    /// The acting seat's legal actions at the current step.
    legal: Vec<A>,
    /// For each legal action at a tree node, its edge (or `usize::MAX` if untried).
    found: Vec<usize>,
    /// The edges taken this iteration, as (node, edge index).
    path: Vec<(u32, usize)>,
}

/// What one search produced.
struct Searched {
    playouts: u32,
    root: u32,
    best: Option<usize>,
}

impl<A: Clone + Eq + Hash> MctsPlayer<A> {
    /// A player named `name` searching with `settings`; `seed` fixes its sampling.
    pub fn new(name: impl Into<String>, settings: MctsSettings, seed: u64) -> MctsPlayer<A> {
        MctsPlayer {
            name: name.into(),
            settings,
            rng: GameRng::new(seed),
            tree: Tree::new(),
            legal: Vec::new(),
            found: Vec::new(),
            path: Vec::new(),
        }
    }

    /// The settings this player searches with.
    pub fn settings(&self) -> &MctsSettings {
        &self.settings
    }

    fn search<R: Ruleset<Action = A>>(
        &mut self,
        ruleset: &R,
        obs: &R::Observation,
        seat: Seat,
        legal: &[A],
    ) -> Searched {
        let start = Instant::now();
        let root = self.tree.reset();
        let mut journal = Journal::off();
        let mut playouts = 0;
        for _ in 0..self.settings.iterations {
            if start.elapsed() >= self.settings.time_cap {
                break;
            }
            playouts += 1;
            let mut state = ruleset.determinize(obs, &mut self.rng);
            self.path.clear();
            let mut node = root;
            let mut at_root = true;
            let mut failed = false;
            loop {
                let acting = if at_root {
                    // The root is our decision whatever the sample says; the offered list is
                    // what we may do.
                    self.legal.clear();
                    self.legal.extend_from_slice(legal);
                    seat
                } else {
                    match ruleset.to_act(&state) {
                        Decision::Over(_) => break,
                        Decision::Act(s) => {
                            ruleset.legal_actions(&state, s, &mut self.legal);
                            s
                        }
                    }
                };
                at_root = false;
                if self.legal.is_empty() {
                    break;
                }
                let (edge, expanded) = self.select(node, acting);
                let step = &self.tree.node(node).edges[edge];
                let child = step.child;
                let applied = ruleset.apply(
                    &mut state,
                    acting,
                    &step.action,
                    &mut self.rng,
                    &mut journal,
                );
                if applied.is_err() {
                    // The sample disagrees with the rules' own list (a ruleset bug): count a
                    // lost playout on that edge so the search steers away from it.
                    self.tree.edge_mut(node, edge).visits += 1;
                    failed = true;
                    break;
                }
                self.path.push((node, edge));
                node = child;
                if expanded {
                    break;
                }
            }
            if failed {
                continue;
            }
            self.rollout(ruleset, &mut state, &mut journal);
            self.backpropagate(ruleset, &state);
        }
        // The most played action is the most trusted; the better mean breaks ties.
        let mut best: Option<usize> = None;
        for (i, e) in self.tree.node(root).edges.iter().enumerate() {
            if e.seat != seat {
                continue;
            }
            let better = best.is_none_or(|b| {
                let cur = &self.tree.node(root).edges[b];
                e.visits > cur.visits || (e.visits == cur.visits && e.mean() > cur.mean())
            });
            if better {
                best = Some(i);
            }
        }
        Searched {
            playouts,
            root,
            best,
        }
    }

    /// Picks the edge to follow from `node` for `seat`, whose legal actions are in
    /// `self.legal`: an untried action if there is one (at random), otherwise the best by
    /// UCB1 over the available edges. Returns the edge and whether it is new.
    fn select(&mut self, node: u32, seat: Seat) -> (usize, bool) {
        self.found.clear();
        let mut untried = 0u32;
        for action in &self.legal {
            let key = edge_key(seat, action);
            match self.tree.find(node, seat, action, key) {
                Some(e) => {
                    self.tree.edge_mut(node, e).available += 1;
                    self.found.push(e);
                }
                None => {
                    untried += 1;
                    self.found.push(usize::MAX);
                }
            }
        }
        if untried > 0 {
            let mut pick = self.rng.below(Stream::Ai, untried);
            for (i, e) in self.found.iter().enumerate() {
                if *e != usize::MAX {
                    continue;
                }
                if pick == 0 {
                    let action = self.legal[i].clone();
                    let key = edge_key(seat, &action);
                    return (self.tree.add(node, seat, action, key), true);
                }
                pick -= 1;
            }
        }
        let c = self.settings.exploration;
        let edges = &self.tree.node(node).edges;
        let mut best = (f64::NEG_INFINITY, 0);
        for &e in &self.found {
            let edge = &edges[e];
            let score = if edge.visits == 0 {
                f64::INFINITY
            } else {
                let n = f64::from(edge.visits);
                edge.mean() + c * (f64::from(edge.available).ln() / n).sqrt()
            };
            if score > best.0 {
                best = (score, e);
            }
        }
        (best.1, false)
    }

    /// Plays on from a new node: mostly random, sometimes the best of a few sampled actions
    /// by `evaluate`, for at most `rollout_depth` actions.
    fn rollout<R: Ruleset<Action = A>>(
        &mut self,
        ruleset: &R,
        state: &mut R::State,
        journal: &mut Journal,
    ) {
        for _ in 0..self.settings.rollout_depth {
            let seat = match ruleset.to_act(state) {
                Decision::Over(_) => return,
                Decision::Act(s) => s,
            };
            ruleset.legal_actions(state, seat, &mut self.legal);
            let n = u32::try_from(self.legal.len()).unwrap_or(u32::MAX);
            if n == 0 {
                return;
            }
            let greedy = n > 1
                && self.settings.greedy_sample > 1
                && self.rng.below(Stream::Ai, 100) < self.settings.greedy_percent;
            let pick = if greedy {
                self.greedy_pick(ruleset, state, seat, journal)
            } else {
                self.rng.below(Stream::Ai, n) as usize
            };
            if ruleset
                .apply(state, seat, &self.legal[pick], &mut self.rng, journal)
                .is_err()
            {
                return;
            }
        }
    }

    /// The best by one-ply value of `greedy_sample` actions drawn from `self.legal`.
    fn greedy_pick<R: Ruleset<Action = A>>(
        &mut self,
        ruleset: &R,
        state: &R::State,
        seat: Seat,
        journal: &mut Journal,
    ) -> usize {
        let n = u32::try_from(self.legal.len()).unwrap_or(u32::MAX);
        let mut best = (f64::NEG_INFINITY, 0);
        // One trial state, copied over for each sample so its memory is reused.
        let mut trial: Option<R::State> = None;
        for _ in 0..self.settings.greedy_sample {
            let i = self.rng.below(Stream::Ai, n) as usize;
            let trial = match &mut trial {
                Some(t) => {
                    t.clone_from(state);
                    t
                }
                None => trial.insert(state.clone()),
            };
            // The trial's dice are thrown away: the chosen action is then played with fresh
            // ones, so a rollout does not favour actions that merely got lucky.
            if ruleset
                .apply(trial, seat, &self.legal[i], &mut self.rng, journal)
                .is_ok()
            {
                let v = value(ruleset, trial, seat);
                if v > best.0 {
                    best = (v, i);
                }
            }
        }
        best.1
    }

    /// Credits the playout's final state to every edge on the path, from its seat's view.
    fn backpropagate<R: Ruleset<Action = A>>(&mut self, ruleset: &R, state: &R::State) {
        let mut scored = SeatSet::NONE;
        let mut values = [0.0f64; 16];
        for &(node, edge) in &self.path {
            let seat = self.tree.node(node).edges[edge].seat;
            if seat.index() >= values.len() {
                continue;
            }
            if !scored.contains(seat) {
                values[seat.index()] = value(ruleset, state, seat);
                scored = scored.with(seat);
            }
            let e = self.tree.edge_mut(node, edge);
            e.visits += 1;
            e.reward += values[seat.index()];
        }
    }
}

impl<R: Ruleset> Player<R> for MctsPlayer<R::Action> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(
        &mut self,
        ruleset: &R,
        obs: &R::Observation,
        seat: Seat,
        legal: &[R::Action],
    ) -> Choice<R::Action> {
        if legal.len() == 1 {
            let action = legal[0].clone();
            let shown = ruleset.determinize(obs, &mut self.rng);
            let reason = format!(
                "the only legal action: {}",
                ruleset.describe(&shown, &action)
            );
            return Choice { action, reason };
        }
        let searched = self.search(ruleset, obs, seat, legal);
        let (action, mean, visits) = match searched.best {
            Some(e) => {
                let edge = &self.tree.node(searched.root).edges[e];
                (edge.action.clone(), edge.mean(), edge.visits)
            }
            None => (legal[0].clone(), 0.5, 0),
        };
        let shown = ruleset.determinize(obs, &mut self.rng);
        // Said for players: how many games the AI played out in its head, and how this
        // move fared in the ones that tried it.
        let reason = format!(
            "looked ahead {} games: {} won {:.0}% of the {} that tried it",
            searched.playouts,
            ruleset.describe(&shown, &action),
            mean * 100.0,
            visits
        );
        Choice { action, reason }
    }
}
