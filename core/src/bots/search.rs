//! Monte Carlo tree search, written once over [`Game`]: UCT for any number of seats
//! ([`Mcts`]) and single-observer information-set MCTS ([`IsMcts`], Cowling, Powley and
//! Whitehouse 2012).
//!
//! Both search the same open-loop tree ([`super::tree`]): one node per sequence of actions from
//! the decision searched, a value per seat in each, the seat to move choosing by UCB1 on its
//! own value. Each iteration plays from a state the searching seat could be in, never the true
//! one: [`IsMcts`] draws a fresh one for every iteration ([`Game::resample`]), so its tree
//! holds what is good across everything the seat cannot see; [`Mcts`] draws one for the whole
//! decision (a determinization) and only its chance afresh for every iteration
//! ([`Game::reseed`]), so it plays as if its guess were right. Only
//! [`Sampling::Cheat`], asked for by name, searches the true state.
//!
//! Values are returns ([`Game::returns`], or [`GameBots::heuristic`] where a playout is cut
//! short), scaled for UCB1 to the range seen in the search so far, so one exploration
//! constant serves games scored 0/1 and games scored in points.

use std::time::{Duration, Instant};

use rand_core::Rng;

use super::tree::Tree;
use super::{Bot, GameBots, RandomRollout, Rollout};
use crate::engine::{Game, GameRng, Log, Seat, SeatDecision};

/// How much one decision's search may do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// This many iterations (playouts from the root).
    Iterations(u32),
    /// As many iterations as fit in this time (then the choices are not reproducible).
    Time(Duration),
}

/// Which state each iteration of a search plays from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sampling {
    /// One state resampled for the decision, its chance drawn afresh for every iteration
    /// (determinized MCTS: [`Mcts`]).
    PerDecision,
    /// A state resampled for every iteration (information-set MCTS: [`IsMcts`]).
    PerIteration,
    /// The true state, what the seat may not see and the future dice included: a cheat, for
    /// comparison only, and labelled so wherever it plays.
    Cheat,
}

/// The parameters of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// How much one decision's search may do.
    pub budget: Budget,
    /// UCB1's exploration constant, on values scaled to 0..1.
    pub exploration: f64,
    /// Actions a playout takes before it is valued (`None`: to the end of the game).
    pub rollout_depth: Option<u32>,
    /// Independent searches run on this many threads and their visits summed (root
    /// parallelism); at least 1.
    pub threads: usize,
    /// Whether the part of the tree the game moved into is kept for the next decision
    /// (with one thread, and when the bot is told every action: [`Bot::inform`]).
    pub keep_tree: bool,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            budget: Budget::Iterations(1_000),
            exploration: std::f64::consts::SQRT_2,
            rollout_depth: None,
            threads: 1,
            keep_tree: true,
        }
    }
}

/// What the last search found at its root: each action searched with its visits.
pub type Visits<A> = Vec<(A, u32)>;

/// The search shared by [`Mcts`] and [`IsMcts`].
#[derive(Clone, Debug)]
struct Search<G: Game, R> {
    config: SearchConfig,
    sampling: Sampling,
    rng: GameRng,
    rollout: R,
    /// The tree of the last search, kept for the next decision.
    tree: Option<Tree<G::Action>>,
    /// The actions told since the last search (`None`: one the seat could not see).
    since: Vec<Option<G::Action>>,
    visits: Visits<G::Action>,
}

/// The lowest and highest value seen in a search, to scale values to 0..1.
#[derive(Clone, Copy, Debug)]
struct Range {
    low: f64,
    high: f64,
}

impl Range {
    fn new() -> Self {
        Range {
            low: f64::INFINITY,
            high: f64::NEG_INFINITY,
        }
    }

    fn widen(&mut self, values: &[f64]) {
        for &v in values.iter().filter(|v| v.is_finite()) {
            self.low = self.low.min(v);
            self.high = self.high.max(v);
        }
    }

    fn scale(&self, value: f64) -> f64 {
        if self.high > self.low {
            (value - self.low) / (self.high - self.low)
        } else {
            0.5
        }
    }
}

impl<G: GameBots, R: Rollout<G> + Clone> Search<G, R> {
    fn new(config: SearchConfig, sampling: Sampling, seed: u64, rollout: R) -> Self {
        Search {
            config,
            sampling,
            rng: GameRng::from_seed_u64(seed),
            rollout,
            tree: None,
            since: Vec::new(),
            visits: Vec::new(),
        }
    }

    /// The tree to start from: the kept one moved on by the actions told since, if every
    /// one of them is known and was searched, else a new one.
    fn start_tree(&mut self, game: &G, seat: Seat) -> Tree<G::Action> {
        let since = std::mem::take(&mut self.since);
        let kept = self
            .tree
            .take()
            .filter(|_| self.config.keep_tree && self.config.threads <= 1 && !since.is_empty());
        let moved = kept.and_then(|tree| {
            let mut node = Tree::<G::Action>::ROOT;
            for action in &since {
                node = tree.child(node, (*action)?)?;
            }
            Some(tree.subtree(node))
        });
        // A kept tree serves only the seat it was searched for: its root's children were
        // that seat's choices.
        moved
            .filter(|t| {
                t.children(Tree::<G::Action>::ROOT)
                    .next()
                    .is_none_or(|c| t.node(c).seat == seat)
            })
            .unwrap_or_else(|| Tree::new(game.num_players()))
    }

    fn choose(
        &mut self,
        game: &G,
        state: &G::State,
        decision: &SeatDecision<G>,
    ) -> Option<G::Action> {
        if decision.choices.len() <= 1 {
            self.tree = None;
            self.since.clear();
            self.visits = decision.choices.iter().map(|&a| (a, 0)).collect();
            return decision.choices.first().copied();
        }
        let seat = decision.player;
        let threads = self.config.threads.max(1);
        let mut totals: Visits<G::Action> = decision.choices.iter().map(|&a| (a, 0)).collect();
        if threads == 1 {
            let mut tree = self.start_tree(game, seat);
            let seed = self.rng.next_u64();
            self.run(game, state, seat, &mut tree, seed);
            add_root_visits(&tree, &mut totals);
            self.tree = Some(tree);
        } else {
            self.tree = None;
            self.since.clear();
            let seeds: Vec<u64> = (0..threads).map(|_| self.rng.next_u64()).collect();
            let trees: Vec<Tree<G::Action>> = std::thread::scope(|scope| {
                let handles: Vec<_> = seeds
                    .iter()
                    .map(|&seed| {
                        let mut worker = self.clone();
                        scope.spawn(move || {
                            let mut tree = Tree::new(game.num_players());
                            worker.run(game, state, seat, &mut tree, seed);
                            tree
                        })
                    })
                    .collect();
                handles.into_iter().filter_map(|h| h.join().ok()).collect()
            });
            for tree in &trees {
                add_root_visits(tree, &mut totals);
            }
        }
        let best = totals
            .iter()
            .enumerate()
            .max_by_key(|&(i, &(_, visits))| (visits, std::cmp::Reverse(i)))
            .map(|(_, &(action, _))| action);
        self.visits = totals;
        best
    }

    /// Iterates on `tree` within the budget, from states drawn with `seed`.
    fn run(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        tree: &mut Tree<G::Action>,
        seed: u64,
    ) {
        let mut rng = GameRng::from_seed_u64(seed);
        let guess = match self.sampling {
            Sampling::PerDecision => game.resample(state, seat, &mut rng),
            Sampling::PerIteration | Sampling::Cheat => state.clone(),
        };
        let mut range = Range::new();
        let start = Instant::now();
        let mut done: u32 = 0;
        loop {
            match self.config.budget {
                Budget::Iterations(n) if done >= n => break,
                Budget::Time(limit) if start.elapsed() >= limit => break,
                _ => {}
            }
            let mut line = match self.sampling {
                Sampling::PerDecision => {
                    let mut line = guess.clone();
                    game.reseed(&mut line, &mut rng);
                    line
                }
                Sampling::PerIteration => game.resample(state, seat, &mut rng),
                Sampling::Cheat => state.clone(),
            };
            self.iterate(game, tree, &mut line, &mut rng, &mut range);
            done = done.saturating_add(1);
        }
    }

    /// One iteration: down the tree by UCB1 to a new action, a playout, and its values
    /// added along the path.
    fn iterate(
        &mut self,
        game: &G,
        tree: &mut Tree<G::Action>,
        line: &mut G::State,
        rng: &mut GameRng,
        range: &mut Range,
    ) {
        let mut log = Log::silent();
        let mut path = vec![Tree::<G::Action>::ROOT];
        let mut node = Tree::<G::Action>::ROOT;
        let mut expanded = false;
        while !expanded {
            let Some(decision) = game.decision(line) else {
                break;
            };
            let mover = decision.player;
            let mut untried = Vec::new();
            let mut best: Option<(f64, usize)> = None;
            for &action in &decision.choices {
                let Some(child) = tree.child(node, action) else {
                    untried.push(action);
                    continue;
                };
                if tree.node(child).refused {
                    continue;
                }
                let n = tree.node_mut(child);
                n.available = n.available.saturating_add(1);
                let score = self.ucb(tree, child, mover, range);
                if best.is_none_or(|(b, _)| score > b) {
                    best = Some((score, child));
                }
            }
            let child = if untried.is_empty() {
                match best {
                    Some((_, child)) => child,
                    None => return, // every legal action was refused: nothing to learn here
                }
            } else {
                let action = untried[rng.below(untried.len() as u32) as usize];
                let child = tree.add_child(node, action, mover);
                tree.node_mut(child).available = 1;
                expanded = true;
                child
            };
            let Some(action) = tree.node(child).action else {
                return;
            };
            if game.apply_unchecked(line, action, &mut log).is_err() {
                // A listed action the rules refused after all (a card script that failed).
                tree.node_mut(child).refused = true;
                return;
            }
            path.push(child);
            node = child;
        }
        let values = self.play_out(game, line, rng);
        range.widen(&values);
        for &n in &path {
            tree.record(n, &values);
        }
    }

    /// UCB1 of `child` for `mover`: its value scaled to 0..1 and an exploration bonus
    /// against the passes in which it could have been chosen.
    fn ucb(&self, tree: &Tree<G::Action>, child: usize, mover: Seat, range: &Range) -> f64 {
        let node = tree.node(child);
        if node.visits == 0 {
            return f64::INFINITY;
        }
        let mean = range.scale(tree.mean(child, mover));
        let available = f64::from(node.available.max(1));
        mean + self.config.exploration * (available.ln() / f64::from(node.visits)).sqrt()
    }

    /// Plays `line` on by the rollout policy to the end or the depth asked, and values it.
    fn play_out(&mut self, game: &G, line: &mut G::State, rng: &mut GameRng) -> Vec<f64> {
        let depth = self.config.rollout_depth.map_or(usize::MAX, |d| d as usize);
        let start = line.clone();
        self.rollout.play_on(game, &start, line, rng, depth);
        let mut values = if game.is_terminal(line) {
            game.returns(line)
        } else {
            game.heuristic(line).unwrap_or_else(|| game.returns(line))
        };
        values.resize(game.num_players(), 0.0);
        values
    }
}

/// Adds the visits of `tree`'s root children to `totals`, by action.
fn add_root_visits<A: Copy + PartialEq>(tree: &Tree<A>, totals: &mut Visits<A>) {
    for child in tree.children(Tree::<A>::ROOT) {
        let node = tree.node(child);
        if node.refused {
            continue;
        }
        if let Some((_, visits)) = totals.iter_mut().find(|(a, _)| Some(*a) == node.action) {
            *visits = visits.saturating_add(node.visits);
        }
    }
}

macro_rules! search_bot {
    ($(#[$doc:meta])* $name:ident, $sampling:expr) => {
        $(#[$doc])*
        #[derive(Clone, Debug)]
        pub struct $name<G: Game, R = RandomRollout>(Search<G, R>);

        impl<G: GameBots> $name<G, RandomRollout> {
            /// A search with random playouts, seeded with `seed`.
            pub fn new(config: SearchConfig, seed: u64) -> Self {
                Self::with_rollout(config, seed, RandomRollout)
            }
        }

        impl<G: GameBots, R: Rollout<G> + Clone> $name<G, R> {
            /// A search whose playouts follow `rollout`, seeded with `seed`.
            pub fn with_rollout(config: SearchConfig, seed: u64, rollout: R) -> Self {
                $name(Search::new(config, $sampling, seed, rollout))
            }

            /// The parameters.
            pub fn config(&self) -> &SearchConfig {
                &self.0.config
            }

            /// The visits of each choice of the last decision searched (the search's policy,
            /// for training records).
            pub fn visits(&self) -> &[(G::Action, u32)] {
                &self.0.visits
            }
        }

        impl<G: GameBots, R: Rollout<G> + Clone> Bot<G> for $name<G, R> {
            fn choose(
                &mut self,
                game: &G,
                state: &G::State,
                decision: &SeatDecision<G>,
            ) -> Option<G::Action> {
                self.0.choose(game, state, decision)
            }

            fn inform(&mut self, action: Option<G::Action>) {
                self.0.since.push(action);
            }

            fn restart(&mut self) {
                self.0.tree = None;
                self.0.since.clear();
                self.0.visits.clear();
            }
        }
    };
}

search_bot!(
    /// UCT over a determinization: one state resampled from what the deciding seat knows
    /// for each decision ([`Sampling::PerDecision`]), its chance drawn afresh for every
    /// iteration, the tree over sequences of actions with a value per seat.
    ///
    /// ```
    /// use darbar::bots::{Bot, Budget, Mcts, SearchConfig};
    /// use darbar::engine::Game;
    /// use darbar::raid::Raid;
    ///
    /// let game = Raid::default();
    /// let state = game.new_initial_state(3);
    /// let config = SearchConfig { budget: Budget::Iterations(50), ..SearchConfig::default() };
    /// let mut bot = Mcts::new(config, 3);
    /// let decision = game.decision(&state).unwrap();
    /// let action = bot.choose(&game, &state, &decision).unwrap();
    /// assert!(decision.allows(&action));
    /// assert_eq!(bot.visits().iter().map(|(_, n)| n).sum::<u32>(), 50);
    /// ```
    Mcts,
    Sampling::PerDecision
);

search_bot!(
    /// Single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012): every
    /// iteration plays from a fresh state resampled from what the deciding seat knows
    /// ([`Sampling::PerIteration`]), and each action is weighed against the iterations in
    /// which it was legal.
    ///
    /// ```
    /// use darbar::bots::{Bot, Budget, IsMcts, SearchConfig};
    /// use darbar::engine::Game;
    /// use darbar::pax_pamir::PaxPamir;
    ///
    /// let game = PaxPamir::default();
    /// let state = game.new_initial_state(3);
    /// let config = SearchConfig { budget: Budget::Iterations(20), ..SearchConfig::default() };
    /// let mut bot = IsMcts::new(config, 3);
    /// let decision = game.decision(&state).unwrap();
    /// assert!(decision.allows(&bot.choose(&game, &state, &decision).unwrap()));
    /// ```
    IsMcts,
    Sampling::PerIteration
);

search_bot!(
    /// UCT on the true state, what the deciding seat may not see and the future dice
    /// included ([`Sampling::Cheat`]): a yardstick for the honest searches, never a
    /// player; every table it appears in says `cheat`.
    CheatingMcts,
    Sampling::Cheat
);
