//! Bots for the raid game: a greedy player that maximises the expected score one turn ahead.
//!
//! [`GreedyBot`] is the generic flat Monte Carlo bot of [`crate::bots`] with the raid game's
//! own [`TurnRollout`]: playouts to the end of the current turn by a fixed policy, valued by
//! the score. It draws from its own seeded generator, never from the game's.

use super::state::Phase;
use super::{Action, Ending, Raid, State, Talent, Trade};
use crate::bots::{Bot, GameBot, GameBots, Rollout, RolloutBot};
use crate::engine::{GameRng, Seat, SeatDecision};

/// `greedy`: [`GreedyBot`], the best score one turn ahead.
impl GameBots for Raid {
    fn own_bots() -> &'static [GameBot<Raid>] {
        &[GameBot {
            name: "greedy",
            about: "the best expected score at the end of the turn (RG-10)",
            make: |_, seed| Box::new(GreedyBot::new(seed)),
        }]
    }

    /// The score so far (RG-10, ruling 26), 0 once dead or overthrown: [`turn_value`].
    fn heuristic(&self, state: &State) -> Option<Vec<f64>> {
        Some(vec![turn_value(state)])
    }
}

/// The value of a position at the end of a turn (RG-10, ruling 26): the score of
/// [`State::score`] while the game goes on or after the Empire arrives, 0 after death or a
/// rebellion (the endings without a score).
///
/// ```
/// use darbar::raid::State;
/// use darbar::raid::bots::turn_value;
///
/// let state = State::new(1);
/// assert_eq!(turn_value(&state), f64::from(state.score()));
/// ```
pub fn turn_value(state: &State) -> f64 {
    match state.ending() {
        Some(Ending::Death | Ending::Rebellion { .. }) => 0.0,
        Some(Ending::EmpireArrives) | None => f64::from(state.score()),
    }
}

/// A greedy player: at every decision it picks the legal action with the highest expected
/// score at the end of the current turn (RG-10, ruling 26, through [`turn_value`]).
///
/// **Method.** For each legal action it plays [`GreedyBot::rollouts`] rollouts. A rollout
/// starts from a copy of the state made from what the player knows (RG-9): every revealed site
/// gets the values last seen, moved by a sampled drift of `1d3 − 2` per resource for each
/// settlement since (RG-7.6); unrevealed sites stay unrevealed, so a scout or raid of one
/// generates it afresh. The copy's generator is reseeded from the bot's own generator, so the
/// game's future dice are never seen. The action is applied with the engine's rules, then the
/// rest of the turn is played by a fixed policy (see below) until the next turn begins or the
/// game ends, and the position is valued by [`turn_value`]. Rollout `j` of every action
/// shares its determinised sites and dice seed (common random numbers), so actions are compared
/// on the same luck. Ties go to the action listed first.
///
/// **Rollout policy.** Scout nothing; raid the known, raidable site with the most loot among
/// those the player's next-raid strength beats by a margin (its power, walls included, plus 1,
/// plus 1 more against 〈Elite〉), else end the raids; stop any plunder; take the first talent
/// offered; in settlement buy food (selling slaves, then weapons, for funds if needed) while
/// upkeep exceeds food, then end the settlement.
///
/// **Parameters.** [`GreedyBot::DEFAULT_ROLLOUTS`] rollouts per action (change with
/// [`GreedyBot::with_rollouts`]); at most [`GreedyBot::MAX_TRADES`] trades in one settlement,
/// after which it follows the rollout policy, so noisy estimates cannot trade forever.
///
/// ```
/// use darbar::engine::{Game, Log};
/// use darbar::raid::Raid;
/// use darbar::raid::bots::GreedyBot;
///
/// let game = Raid::default();
/// let mut state = game.new_initial_state(7);
/// let mut bot = GreedyBot::new(7);
/// while let Some(action) = bot.choose(&state) {
///     game.apply(&mut state, action, &mut Log::silent()).unwrap();
/// }
/// println!("{:?} {:?}", state.ending(), state.final_score());
/// ```
#[derive(Clone, Debug)]
pub struct GreedyBot {
    search: RolloutBot<TurnRollout>,
    trades: TradesThisTurn,
}

/// How many trades the bot has made in the settlement of `turn`.
#[derive(Clone, Copy, Debug, Default)]
struct TradesThisTurn {
    turn: u32,
    count: u32,
}

impl GreedyBot {
    /// Rollouts per action by default.
    pub const DEFAULT_ROLLOUTS: u32 = 16;
    /// Trades in one settlement after which the bot follows the rollout policy.
    pub const MAX_TRADES: u32 = 40;

    /// A bot seeded with `seed`, with [`GreedyBot::DEFAULT_ROLLOUTS`].
    pub fn new(seed: u64) -> Self {
        GreedyBot::with_rollouts(seed, GreedyBot::DEFAULT_ROLLOUTS)
    }

    /// A bot seeded with `seed` that plays `rollouts` rollouts per action (at least 1).
    pub fn with_rollouts(seed: u64, rollouts: u32) -> Self {
        GreedyBot {
            search: RolloutBot::new(seed ^ 0x6772_6565_6479, rollouts, TurnRollout),
            trades: TradesThisTurn::default(),
        }
    }

    /// Rollouts per action.
    pub fn rollouts(&self) -> u32 {
        self.search.rollouts()
    }

    /// The action to take, or `None` once the game is over.
    pub fn choose(&mut self, state: &State) -> Option<Action> {
        let legal = state.legal_actions();
        if legal.len() <= 1 {
            return legal.first().copied();
        }
        if state.phase() == Phase::Settlement {
            if self.trades.turn != state.turn() {
                self.trades = TradesThisTurn {
                    turn: state.turn(),
                    count: 0,
                };
            }
            if self.trades.count >= GreedyBot::MAX_TRADES {
                return Some(rollout_policy(state, &legal));
            }
        }
        let values = self.values(state, &legal);
        let mut best = 0;
        for (i, &value) in values.iter().enumerate() {
            if value > values[best] {
                best = i;
            }
        }
        let action = legal.get(best).copied()?;
        if matches!(action, Action::Trade(_)) {
            self.trades.count += 1;
        }
        Some(action)
    }

    /// The expected [`turn_value`] of every legal action, in the order of
    /// [`State::legal_actions`].
    ///
    /// ```
    /// use darbar::raid::State;
    /// use darbar::raid::bots::GreedyBot;
    ///
    /// let state = State::new(2);
    /// let values = GreedyBot::new(2).evaluate(&state);
    /// assert_eq!(values.len(), state.legal_actions().len());
    /// ```
    pub fn evaluate(&mut self, state: &State) -> Vec<(Action, f64)> {
        let legal = state.legal_actions();
        let values = self.values(state, &legal);
        legal.into_iter().zip(values).collect()
    }

    fn values(&mut self, state: &State, legal: &[Action]) -> Vec<f64> {
        self.search
            .evaluate(&Raid::new(*state.options()), state, 0, legal)
    }
}

impl Bot<Raid> for GreedyBot {
    fn choose(
        &mut self,
        _game: &Raid,
        state: &State,
        _decision: &SeatDecision<Raid>,
    ) -> Option<Action> {
        GreedyBot::choose(self, state)
    }
}

/// The raid game's rollout for [`RolloutBot`]: the fixed policy of [`GreedyBot`], played until
/// the turn it began in is over, valued by [`turn_value`].
#[derive(Clone, Copy, Debug, Default)]
pub struct TurnRollout;

impl Rollout<Raid> for TurnRollout {
    fn policy(
        &mut self,
        _game: &Raid,
        state: &State,
        decision: &SeatDecision<Raid>,
        _rng: &mut GameRng,
    ) -> Option<Action> {
        (!decision.choices.is_empty()).then(|| rollout_policy(state, &decision.choices))
    }

    fn stop(&self, _game: &Raid, start: &State, state: &State) -> bool {
        state.turn() != start.turn()
    }

    fn value(&self, _game: &Raid, state: &State, _seat: Seat) -> f64 {
        turn_value(state)
    }
}

/// The fixed policy of the rollouts (see [`GreedyBot`]); always one of `legal`.
fn rollout_policy(state: &State, legal: &[Action]) -> Action {
    let pick = |wanted: Action| legal.contains(&wanted).then_some(wanted);
    let chosen = match state.phase() {
        Phase::Scout => pick(Action::SkipScout),
        Phase::Raid => best_known_raid(state, legal).or_else(|| pick(Action::EndRaids)),
        Phase::Plunder => pick(Action::StopPlunder),
        Phase::Settlement => {
            if state.pending_talents() > 0 {
                legal.first().copied()
            } else {
                let p = state.player();
                let upkeep = if state.has_talent(Talent::Logistics) {
                    p.soldiers / 2
                } else {
                    p.soldiers.div_ceil(2)
                };
                if upkeep > p.food {
                    pick(Action::Trade(Trade::BuyFood))
                        .or_else(|| pick(Action::Trade(Trade::SellSlave)))
                        .or_else(|| pick(Action::Trade(Trade::SellWeapons)))
                        .or_else(|| pick(Action::EndSettlement))
                } else {
                    pick(Action::EndSettlement)
                }
            }
        }
        Phase::Over => None,
    };
    chosen.unwrap_or(legal[legal.len() - 1])
}

/// The known, raidable site with the most loot that the next raid beats by a margin.
fn best_known_raid(state: &State, legal: &[Action]) -> Option<Action> {
    let power = state.next_raid_power();
    let mut best: Option<(u32, Action)> = None;
    for &action in legal {
        let Action::Raid(site) = action else {
            continue;
        };
        let Some(seen) = state.known_site(site) else {
            continue;
        };
        let talents = state.site_talents(site);
        let wall = if talents.contains(Talent::CastleWall) {
            2
        } else {
            u32::from(talents.contains(Talent::Rampart))
        };
        let defence = seen.resources.strength() + wall;
        let needed = defence + 1 + u32::from(talents.contains(Talent::Elite));
        if power < needed {
            continue;
        }
        let r = seen.resources;
        let loot = r.funds + r.food / 2 + r.weapons + r.slaves + 2 + 5 * seen.units.len() as u32;
        if best.is_none_or(|(l, _)| loot > l) {
            best = Some((loot, action));
        }
    }
    best.map(|(_, action)| action)
}
