//! Bots by their spec: a name and its parameters, as the command line and Python write them,
//! `mcts:iterations=1000`, `ismcts:iterations=2000:c=1:depth=40`, `random`, `greedy`.

use std::time::Duration;

use thiserror::Error;

use super::{
    Bot, Budget, CheatingMcts, GameBot, GameBots, IsMcts, Mcts, RandomBot, RandomRollout, Rollout,
    RolloutBot, SearchConfig,
};
use crate::engine::{Game, GameRng, SeatDecision};

/// Playouts per action of the `rollout` bot unless its spec says otherwise.
pub const ROLLOUT_PLAYOUTS: u32 = 16;

/// The most threads one search runs on.
pub const MAX_SEARCH_THREADS: usize = 256;

/// The bots every game has, by name.
pub const GENERIC_BOTS: [&str; 5] = ["random", "rollout", "mcts", "ismcts", "cheat-mcts"];

/// The parameters of the search bots, with what each takes.
const SEARCH_PARAMETERS: &str = "iterations=N, time=MILLISECONDS, c=NUMBER (exploration), \
    depth=N (playout actions), threads=N, keep=true|false, rollout=random|<a bot of the game>";

/// Why a bot spec names no bot.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SpecError {
    /// No bot of the game has this name.
    #[error("unknown bot {name:?}: the bots are {known}")]
    UnknownBot {
        /// The name asked for.
        name: String,
        /// The bots there are.
        known: String,
    },
    /// The bot has no such parameter.
    #[error("the {bot} bot has no parameter {parameter:?}; it takes {known}")]
    UnknownParameter {
        /// The bot.
        bot: String,
        /// The parameter asked for.
        parameter: String,
        /// The parameters it takes.
        known: String,
    },
    /// A parameter's value does not read.
    #[error("the {bot} bot's {parameter} takes {expected}, not {value:?}")]
    BadValue {
        /// The bot.
        bot: String,
        /// The parameter.
        parameter: String,
        /// The value given.
        value: String,
        /// What it takes.
        expected: &'static str,
    },
}

/// A bot's name and its parameters, as written: `name:key=value:key=value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotSpec {
    /// The bot's name.
    pub name: String,
    /// Its parameters, in the order written.
    pub parameters: Vec<(String, String)>,
}

impl BotSpec {
    /// Reads `name:key=value:...`; a parameter without `=` is refused.
    ///
    /// ```
    /// use darbar::bots::BotSpec;
    ///
    /// let spec = BotSpec::parse("mcts:iterations=500:c=1.0").unwrap();
    /// assert_eq!(spec.name, "mcts");
    /// assert_eq!(spec.parameters[0], ("iterations".to_owned(), "500".to_owned()));
    /// assert!(BotSpec::parse("mcts:500").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<BotSpec, SpecError> {
        let mut parts = text.trim().split(':');
        let name = parts.next().unwrap_or_default().trim().to_owned();
        let mut parameters = Vec::new();
        for part in parts {
            let Some((key, value)) = part.split_once('=') else {
                return Err(SpecError::BadValue {
                    bot: name,
                    parameter: part.to_owned(),
                    value: String::new(),
                    expected: "the form key=value",
                });
            };
            parameters.push((key.trim().to_owned(), value.trim().to_owned()));
        }
        Ok(BotSpec { name, parameters })
    }
}

/// The names of the bots of `G`: those every game has ([`GENERIC_BOTS`]), then the game's own.
///
/// ```
/// use darbar::raid::Raid;
///
/// assert_eq!(
///     darbar::bots::names::<Raid>(),
///     ["random", "rollout", "mcts", "ismcts", "cheat-mcts", "greedy"]
/// );
/// ```
pub fn names<G: GameBots>() -> Vec<&'static str> {
    let mut names = GENERIC_BOTS.to_vec();
    names.extend(G::own_bots().iter().map(|b| b.name));
    names
}

/// The bot of `G` that `spec` names ([`BotSpec::parse`]), seeded with `seed`.
///
/// ```
/// use darbar::bots::{Bot, SpecError, by_spec};
/// use darbar::engine::Game;
/// use darbar::raid::Raid;
///
/// let game = Raid::default();
/// let state = game.new_initial_state(1);
/// let mut bot = by_spec(&game, "mcts:iterations=40:rollout=greedy", 1).unwrap();
/// let decision = game.decision(&state).unwrap();
/// assert!(decision.allows(&bot.choose(&game, &state, &decision).unwrap()));
/// assert!(matches!(by_spec(&game, "oracle", 1), Err(SpecError::UnknownBot { .. })));
/// assert!(matches!(by_spec(&game, "mcts:iterations=lots", 1), Err(SpecError::BadValue { .. })));
/// ```
pub fn by_spec<G: GameBots>(game: &G, spec: &str, seed: u64) -> Result<Box<dyn Bot<G>>, SpecError> {
    let spec = BotSpec::parse(spec)?;
    let name = spec.name.as_str();
    let no_parameters = |known: &str| match spec.parameters.first() {
        Some((parameter, _)) => Err(SpecError::UnknownParameter {
            bot: name.to_owned(),
            parameter: parameter.clone(),
            known: known.to_owned(),
        }),
        None => Ok(()),
    };
    match name {
        "random" => {
            no_parameters("none")?;
            Ok(Box::new(RandomBot::new(seed)))
        }
        "rollout" => {
            let mut playouts = ROLLOUT_PLAYOUTS;
            for (key, value) in &spec.parameters {
                match key.as_str() {
                    "playouts" => playouts = number(name, key, value)?,
                    _ => {
                        return Err(SpecError::UnknownParameter {
                            bot: name.to_owned(),
                            parameter: key.clone(),
                            known: "playouts=N".into(),
                        });
                    }
                }
            }
            Ok(Box::new(RolloutBot::new(seed, playouts, RandomRollout)))
        }
        "mcts" | "ismcts" | "cheat-mcts" => search(&spec, seed),
        other => match G::own_bots().iter().find(|b| b.name == other) {
            Some(bot) => {
                no_parameters("none")?;
                Ok((bot.make)(game, seed))
            }
            None => Err(SpecError::UnknownBot {
                name: other.to_owned(),
                known: names::<G>().join(", "),
            }),
        },
    }
}

/// A search bot of `spec`.
fn search<G: GameBots>(spec: &BotSpec, seed: u64) -> Result<Box<dyn Bot<G>>, SpecError> {
    let name = spec.name.as_str();
    let mut config = SearchConfig::default();
    let mut rollout: Option<&'static GameBot<G>> = None;
    for (key, value) in &spec.parameters {
        match key.as_str() {
            "iterations" => config.budget = Budget::Iterations(number(name, key, value)?),
            "time" => {
                config.budget = Budget::Time(Duration::from_millis(number(name, key, value)?));
            }
            "c" => {
                config.exploration = value
                    .parse::<f64>()
                    .ok()
                    .filter(|c| c.is_finite() && *c >= 0.0)
                    .ok_or_else(|| bad(name, key, value, "a number of 0 or more"))?;
            }
            "depth" => config.rollout_depth = Some(number(name, key, value)?),
            "threads" => {
                config.threads = number::<usize>(name, key, value)?.clamp(1, MAX_SEARCH_THREADS);
            }
            "keep" => {
                config.keep_tree = value
                    .parse::<bool>()
                    .map_err(|_| bad(name, key, value, "true or false"))?;
            }
            "rollout" if value == "random" => rollout = None,
            "rollout" => {
                rollout = Some(G::own_bots().iter().find(|b| b.name == value).ok_or_else(
                    || bad(name, key, value, "random or one of the game's own bots"),
                )?);
            }
            _ => {
                return Err(SpecError::UnknownParameter {
                    bot: name.to_owned(),
                    parameter: key.clone(),
                    known: SEARCH_PARAMETERS.into(),
                });
            }
        }
    }
    Ok(match (name, rollout) {
        ("mcts", None) => Box::new(Mcts::new(config, seed)),
        ("ismcts", None) => Box::new(IsMcts::new(config, seed)),
        (_, None) => Box::new(CheatingMcts::new(config, seed)),
        ("mcts", Some(bot)) => {
            Box::new(Mcts::with_rollout(config, seed, BotRollout::new(bot, seed)))
        }
        ("ismcts", Some(bot)) => Box::new(IsMcts::with_rollout(
            config,
            seed,
            BotRollout::new(bot, seed),
        )),
        (_, Some(bot)) => Box::new(CheatingMcts::with_rollout(
            config,
            seed,
            BotRollout::new(bot, seed),
        )),
    })
}

fn bad(bot: &str, parameter: &str, value: &str, expected: &'static str) -> SpecError {
    SpecError::BadValue {
        bot: bot.to_owned(),
        parameter: parameter.to_owned(),
        value: value.to_owned(),
        expected,
    }
}

fn number<N: std::str::FromStr>(bot: &str, parameter: &str, value: &str) -> Result<N, SpecError> {
    value
        .parse::<N>()
        .map_err(|_| bad(bot, parameter, value, "a whole number"))
}

/// Playouts that follow one of a game's own bots, made when first asked (a copy, for another
/// thread of a search, makes its own).
pub struct BotRollout<G: Game> {
    maker: &'static GameBot<G>,
    seed: u64,
    bot: Option<Box<dyn Bot<G>>>,
}

impl<G: Game> BotRollout<G> {
    /// Playouts by `maker`'s bot, seeded with `seed`.
    pub fn new(maker: &'static GameBot<G>, seed: u64) -> Self {
        BotRollout {
            maker,
            seed,
            bot: None,
        }
    }
}

impl<G: Game> Clone for BotRollout<G> {
    fn clone(&self) -> Self {
        BotRollout::new(self.maker, self.seed)
    }
}

impl<G: Game> std::fmt::Debug for BotRollout<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotRollout")
            .field("bot", &self.maker.name)
            .finish_non_exhaustive()
    }
}

impl<G: Game> Rollout<G> for BotRollout<G> {
    fn policy(
        &mut self,
        game: &G,
        state: &G::State,
        decision: &SeatDecision<G>,
        _rng: &mut GameRng,
    ) -> Option<G::Action> {
        let (maker, seed) = (self.maker, self.seed);
        self.bot
            .get_or_insert_with(|| (maker.make)(game, seed))
            .choose(game, state, decision)
    }
}
