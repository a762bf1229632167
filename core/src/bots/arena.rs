//! The arena: bots play many games against each other, seats rotated, and the results are
//! tallied per bot and per seat, with 95% intervals and ratings (OpenSpiel's
//! `evaluate_bots`, with the tables a comparison needs).
//!
//! Written over the erased interface, so the command line (`darbar arena`) and Python
//! (`darbar.evaluate`) run the same games from the same seeds. With seats rotated, each deal
//! (a seed) is played once in every rotation, so every bot meets the same luck in every seat.

use serde::Serialize;

use super::DynBot;
use crate::engine::{DynGame, Seat};

/// How an evaluation is run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaConfig {
    /// Games played (with seats rotated, best a multiple of the seats).
    pub games: u64,
    /// The first deal's seed; game `g` deals `seed + g / seats` with seats rotated, else
    /// `seed + g`.
    pub seed: u64,
    /// Threads the games are shared among (the results do not depend on them).
    pub threads: usize,
    /// Whether the bots change seats from game to game.
    pub rotate_seats: bool,
}

impl Default for ArenaConfig {
    fn default() -> Self {
        ArenaConfig {
            games: 100,
            seed: 0,
            threads: 1,
            rotate_seats: true,
        }
    }
}

/// Makes the bot of an entrant (by index) for one seat of one game, from a seed.
pub type MakeBot<'a> = dyn Fn(usize, u64) -> Result<Box<dyn DynBot>, String> + Sync + 'a;

/// One game of an evaluation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Played {
    /// The deal's seed.
    pub seed: u64,
    /// The entrant (by index) in each seat.
    pub seating: Vec<usize>,
    /// What each seat got.
    pub returns: Vec<f64>,
    /// Actions taken.
    pub length: usize,
    /// Whether each seat decided anything: a seat the rules play (Tycoon's automas, Pax
    /// Pamir's Wakhan) never does, and counts for no bot.
    pub decided: Vec<bool>,
}

/// A mean with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Interval {
    /// The estimate.
    pub mean: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// How one entrant did, over all its seats or in one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// The entrant's spec.
    pub bot: String,
    /// Seat-games played.
    pub games: u64,
    /// Wins, a win shared among the seats tied for the best return, the seats the rules play
    /// included among those to beat (none in a game of one seat).
    pub wins: f64,
    /// The share of games won with its Wilson 95% interval (`None` for a game of one seat,
    /// where there is nobody to beat).
    pub win_rate: Option<Interval>,
    /// The mean return with its 95% interval (normal approximation).
    pub mean_return: Interval,
}

/// Everything an evaluation played, and its tallies.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Evaluation {
    /// The game's name.
    pub game: String,
    /// The seats' names.
    pub seats: Vec<String>,
    /// The entrants' specs, in the order given.
    pub bots: Vec<String>,
    /// Every game, in order.
    pub played: Vec<Played>,
}

/// Plays `config.games` games of `game` among `bots` (one per seat, or one for every seat),
/// each bot made by `make` for its seat, and calls `on_game` after each game (a progress
/// bar). Every bot is told every action as its seat saw it ([`DynBot::inform`]).
///
/// ```
/// use darbar::bots::{ArenaConfig, evaluate};
/// use darbar::games::Registry;
///
/// let registry = Registry::standard();
/// let game = registry.load("raid", &serde_json::Value::Null).unwrap();
/// let bots = ["greedy".to_owned()];
/// let make = |i: usize, seed: u64| {
///     registry.bot(&*game, &bots[i], seed).map_err(|e| e.to_string())
/// };
/// let config = ArenaConfig { games: 4, ..ArenaConfig::default() };
/// let evaluation = evaluate(&*game, &bots, &make, &config, &|| ()).unwrap();
/// assert_eq!(evaluation.played.len(), 4);
/// assert_eq!(evaluation.by_bot()[0].games, 4);
/// ```
pub fn evaluate(
    game: &dyn DynGame,
    bots: &[String],
    make: &MakeBot<'_>,
    config: &ArenaConfig,
    on_game: &(dyn Fn() + Sync),
) -> Result<Evaluation, String> {
    let seats = game.num_players();
    if bots.len() != seats && bots.len() != 1 {
        return Err(format!(
            "{} seats {seats}: give one bot for every seat or one for each ({seats}), not {}",
            game.name(),
            bots.len()
        ));
    }
    let one = |g: u64| {
        let result = play_one(game, bots.len(), make, config, g);
        on_game();
        result
    };
    let run = || {
        use rayon::prelude::*;
        (0..config.games)
            .into_par_iter()
            .map(one)
            .collect::<Vec<_>>()
    };
    let results = match rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads.clamp(1, super::MAX_SEARCH_THREADS))
        .build()
    {
        Ok(pool) => pool.install(run),
        Err(_) => (0..config.games).map(one).collect(),
    };
    Ok(Evaluation {
        game: game.name().to_owned(),
        seats: (0..seats).map(|s| game.seat_name(s)).collect(),
        bots: bots.to_vec(),
        played: results.into_iter().collect::<Result<_, _>>()?,
    })
}

/// Game `g` of an evaluation.
fn play_one(
    game: &dyn DynGame,
    entrants: usize,
    make: &MakeBot<'_>,
    config: &ArenaConfig,
    g: u64,
) -> Result<Played, String> {
    let seats = game.num_players();
    let n = seats as u64;
    let (seed, turn) = if config.rotate_seats && entrants > 1 {
        (config.seed.wrapping_add(g / n), (g % n) as usize)
    } else {
        (config.seed.wrapping_add(g), 0)
    };
    let seating: Vec<usize> = (0..seats)
        .map(|s| {
            if entrants == 1 {
                0
            } else {
                (s + turn) % entrants
            }
        })
        .collect();
    let mut bots = Vec::with_capacity(seats);
    for (seat, &entrant) in seating.iter().enumerate() {
        let bot_seed = seed
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(g.wrapping_mul(1_000_003))
            .wrapping_add(seat as u64);
        bots.push(make(entrant, bot_seed)?);
    }
    let mut state = game.new_initial_state(seed);
    let mut decided = vec![false; seats];
    while let Some(seat) = state.current_player() {
        if let Some(d) = decided.get_mut(seat) {
            *d = true;
        }
        let id = bots
            .get_mut(seat)
            .and_then(|bot| bot.choose(&*state))
            .ok_or_else(|| format!("seed {seed}: the bot of seat {seat} chose nothing"))?;
        for (other, bot) in bots.iter_mut().enumerate() {
            bot.inform(state.action_seen_by(id, other));
        }
        state
            .apply(id)
            .map_err(|e| format!("seed {seed}: the bot's action was refused: {e}"))?;
    }
    Ok(Played {
        seed,
        seating,
        returns: state.returns(),
        length: state.history().len(),
        decided,
    })
}

/// Each seat's share of the win: shared among the seats tied for the best return.
fn win_shares(returns: &[f64]) -> Vec<f64> {
    let best = returns.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let tied = returns.iter().filter(|&&r| r == best).count().max(1);
    returns
        .iter()
        .map(|&r| if r == best { 1.0 / tied as f64 } else { 0.0 })
        .collect()
}

/// The Wilson score interval (95%) of `wins` out of `n`.
fn wilson(wins: f64, n: f64) -> Interval {
    if n <= 0.0 {
        return Interval {
            mean: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let z = 1.96_f64;
    let p = wins / n;
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    Interval {
        mean: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// The mean of `values` with its 95% interval (normal approximation).
fn mean_interval(values: &[f64]) -> Interval {
    let n = values.len() as f64;
    if values.is_empty() {
        return Interval {
            mean: 0.0,
            low: 0.0,
            high: 0.0,
        };
    }
    let mean = values.iter().sum::<f64>() / n;
    let variance = if values.len() > 1 {
        values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let half = 1.96 * (variance / n).sqrt();
    Interval {
        mean,
        low: mean - half,
        high: mean + half,
    }
}

impl Evaluation {
    /// The kinds of bot that played: the specs given, each once, in order (two seats given
    /// the same spec are one kind).
    pub fn kinds(&self) -> Vec<String> {
        let mut kinds: Vec<String> = Vec::new();
        for bot in &self.bots {
            if !kinds.contains(bot) {
                kinds.push(bot.clone());
            }
        }
        kinds
    }

    /// The kind (by index into [`Evaluation::kinds`]) of each entrant.
    fn kind_of_entrants(&self) -> Vec<usize> {
        let kinds = self.kinds();
        self.bots
            .iter()
            .map(|b| kinds.iter().position(|k| k == b).unwrap_or(0))
            .collect()
    }

    /// The standing of the kind of bot `kind` over the seats `seat` allows (`None`: all).
    fn standing(&self, kind: usize, seat: Option<Seat>) -> Standing {
        let kind_of = self.kind_of_entrants();
        let mut returns = Vec::new();
        let mut wins = 0.0;
        for played in &self.played {
            let shares = win_shares(&played.returns);
            for (s, &entrant) in played.seating.iter().enumerate() {
                let decided = played.decided.get(s).copied().unwrap_or(true);
                if decided
                    && kind_of.get(entrant) == Some(&kind)
                    && seat.is_none_or(|only| only == s)
                {
                    returns.push(played.returns.get(s).copied().unwrap_or(0.0));
                    wins += shares.get(s).copied().unwrap_or(0.0);
                }
            }
        }
        let games = returns.len() as u64;
        let contest = self.seats.len() > 1;
        Standing {
            bot: self.kinds().get(kind).cloned().unwrap_or_default(),
            games,
            wins: if contest { wins } else { 0.0 },
            win_rate: contest.then(|| wilson(wins, games as f64)),
            mean_return: mean_interval(&returns),
        }
    }

    /// How each kind of bot did over all its seats ([`Evaluation::kinds`] order).
    pub fn by_bot(&self) -> Vec<Standing> {
        (0..self.kinds().len())
            .map(|b| self.standing(b, None))
            .collect()
    }

    /// How each kind of bot did in each seat: `[seat][kind]`, kinds that never sat there
    /// left out.
    pub fn by_seat(&self) -> Vec<Vec<Standing>> {
        (0..self.seats.len())
            .map(|seat| {
                (0..self.kinds().len())
                    .map(|b| self.standing(b, Some(seat)))
                    .filter(|s| s.games > 0)
                    .collect()
            })
            .collect()
    }

    /// The mean number of actions a game took.
    pub fn mean_length(&self) -> f64 {
        let n = self.played.len().max(1) as f64;
        self.played.iter().map(|p| p.length as f64).sum::<f64>() / n
    }

    /// Bradley-Terry ratings on the Elo scale (400 points: ten to one odds), mean 0, from
    /// every pair of seats held by different kinds of bot in a game (the better return wins
    /// the pair, a tie halves it), in [`Evaluation::kinds`] order; `None` unless more than two
    /// kinds played.
    pub fn ratings(&self) -> Option<Vec<f64>> {
        let kind_of = self.kind_of_entrants();
        let k = self.kinds().len();
        if k <= 2 {
            return None;
        }
        let mut wins = vec![0.0; k];
        let mut meetings = vec![vec![0.0; k]; k];
        for played in &self.played {
            for a in 0..played.seating.len() {
                for b in a + 1..played.seating.len() {
                    let (i, j) = (kind_of[played.seating[a]], kind_of[played.seating[b]]);
                    let counts = |seat: usize| played.decided.get(seat).copied().unwrap_or(true);
                    if i == j || !counts(a) || !counts(b) {
                        continue;
                    }
                    let (ra, rb) = (played.returns[a], played.returns[b]);
                    let share = if ra > rb {
                        1.0
                    } else if ra < rb {
                        0.0
                    } else {
                        0.5
                    };
                    wins[i] += share;
                    wins[j] += 1.0 - share;
                    meetings[i][j] += 1.0;
                    meetings[j][i] += 1.0;
                }
            }
        }
        // Minorisation-maximisation (Hunter 2004), with half a win and half a loss against
        // a virtual equal so that a bot that always wins or always loses has a finite rating.
        let mut strength = vec![1.0_f64; k];
        for _ in 0..200 {
            let next: Vec<f64> = (0..k)
                .map(|i| {
                    let mut denominator = 1.0 / (strength[i] + 1.0);
                    for j in (0..k).filter(|&j| j != i) {
                        denominator += meetings[i][j] / (strength[i] + strength[j]);
                    }
                    (wins[i] + 0.5) / denominator
                })
                .collect();
            strength = next;
        }
        let logs: Vec<f64> = strength.iter().map(|s| 400.0 * s.log10()).collect();
        let mean = logs.iter().sum::<f64>() / k as f64;
        Some(logs.iter().map(|l| l - mean).collect())
    }

    /// The tables in text: per bot, per seat, and the ratings.
    pub fn table(&self) -> String {
        let mut text = String::new();
        let percent = |i: &Option<Interval>| match i {
            Some(i) => format!(
                "{:5.1}% [{:5.1}, {:5.1}]",
                100.0 * i.mean,
                100.0 * i.low,
                100.0 * i.high
            ),
            None => "           -          ".to_owned(),
        };
        let score = |i: &Interval| format!("{:9.2} [{:.2}, {:.2}]", i.mean, i.low, i.high);
        let width = self.bots.iter().map(String::len).max().unwrap_or(3).max(3);
        text += &format!(
            "{:width$}  {:>6}  {:^22}  {}\n",
            "bot", "games", "win rate [95%]", "mean return [95%]"
        );
        for s in self.by_bot() {
            text += &format!(
                "{:width$}  {:>6}  {}  {}\n",
                s.bot,
                s.games,
                percent(&s.win_rate),
                score(&s.mean_return)
            );
        }
        if self.seats.len() > 1 && self.kinds().len() > 1 {
            text += "\nBy seat:\n";
            let seat_width = self.seats.iter().map(String::len).max().unwrap_or(4);
            for (seat, standings) in self.seats.iter().zip(self.by_seat()) {
                for s in standings {
                    text += &format!(
                        "{seat:seat_width$}  {:width$}  {:>6}  {}  {}\n",
                        s.bot,
                        s.games,
                        percent(&s.win_rate),
                        score(&s.mean_return)
                    );
                }
            }
        }
        if let Some(ratings) = self.ratings() {
            text += "\nRatings (Bradley-Terry, Elo scale, mean 0):\n";
            for (bot, rating) in self.kinds().iter().zip(ratings) {
                text += &format!("{bot:width$}  {rating:+7.0}\n");
            }
        }
        text += &format!("\nMean game length: {:.1} actions.\n", self.mean_length());
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tie_for_the_best_return_shares_the_win() {
        assert_eq!(win_shares(&[1.0, 1.0, 0.0]), [0.5, 0.5, 0.0]);
        assert_eq!(win_shares(&[2.0, 1.0, 0.0]), [1.0, 0.0, 0.0]);
    }

    #[test]
    fn the_wilson_interval_holds_the_rate_and_stays_within_0_and_1() {
        let i = wilson(90.0, 100.0);
        assert!(i.low < 0.9 && 0.9 < i.high && i.high <= 1.0);
        let all = wilson(10.0, 10.0);
        assert!(all.high <= 1.0 && all.low > 0.6);
    }

    #[test]
    fn ratings_order_bots_by_their_pairwise_wins() {
        let played = |seating: Vec<usize>, returns: Vec<f64>| Played {
            seed: 0,
            seating,
            returns,
            length: 1,
            decided: vec![true; 3],
        };
        let evaluation = Evaluation {
            game: "test".into(),
            seats: vec!["a".into(), "b".into(), "c".into()],
            bots: vec!["strong".into(), "middle".into(), "weak".into()],
            played: (0..30)
                .map(|g| {
                    let turn = g % 3;
                    let seating: Vec<usize> = (0..3).map(|s| (s + turn) % 3).collect();
                    let returns = seating.iter().map(|&b| 3.0 - b as f64).collect();
                    played(seating, returns)
                })
                .collect(),
        };
        let ratings = evaluation.ratings().unwrap();
        assert!(ratings[0] > ratings[1] && ratings[1] > ratings[2]);
        assert!(ratings.iter().sum::<f64>().abs() < 1e-6);
    }
}
