//! The hidden-information test: nothing a seat may not see reaches anything shown to it.
//!
//! A seat cannot tell apart two positions that it sees alike, so whatever is shown to it
//! (its view, its observation, its board, the log the table reads, the table's picture) must
//! not tell them apart either. Along a seeded random game, at every step and for every seat,
//! three kinds of twin are made and compared:
//!
//! 1. the position and one resampled for the seat ([`Game::resample`]): the same view, the same
//!    observation, the same board, the same picture;
//! 2. the step's action taken in both twins: where nothing came to light on the way (no die
//!    rolled, no card turned up: [`Game::revealed`]) and the seat still sees the two results
//!    alike, the log lines of the action, the seat's board and the picture captioned with the
//!    action are the same;
//! 3. another seat's action and another it could have taken in its place, alike in the words
//!    the table reads of them ([`Game::action_in_public`]): where, again, nothing came to light
//!    and the seat sees the two results alike (a sealed bid of 3 or of 5, an agenda kept face down), again the log
//!    lines, the board and the captioned picture are the same.
//!
//!
//! And what search reads ([`crate::bots`]): a resample is drawn from what the seat sees
//! alone, so resampling the position and its twin with the same generator gives the same
//! state; what the seat cannot see does vary from one resample to the next; and every search
//! bot, seeded alike, chooses alike in the position and its twin (every
//! [`SEARCH_EVERY`]th step, for the seat to decide).
//!
//! The test is as strong as the game's `resample` and its views: a leak through a view is
//! caught by the first kind, a leak through a log line, a board or a caption by the others.

use serde_json::Value;

use rand_core::Rng;

use super::{Failure, bot_seed};
use crate::bots::{
    Bot, Budget, GameBots, IsMcts, Mcts, RandomBot, RandomRollout, RolloutBot, SearchConfig,
};
use crate::engine::game::LastAction;
use crate::engine::{Game, GameRng, Log, Seat};

/// What one game of the hidden-information test compared.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HiddenReport {
    /// Steps played.
    pub steps: usize,
    /// Positions compared with one resampled for a seat (kind 1).
    pub resampled: usize,
    /// Actions compared across twins a seat sees alike (kinds 2 and 3).
    pub actions: usize,
    /// Resampled positions that differ from the real one: what the seat cannot see varied.
    pub varied: usize,
    /// Choices of the search bots compared across twins.
    pub searched: usize,
}

impl HiddenReport {
    /// Adds the counts of `other` (another game's) to these.
    pub fn add(&mut self, other: &HiddenReport) {
        self.steps += other.steps;
        self.resampled += other.resampled;
        self.actions += other.actions;
        self.varied += other.varied;
        self.searched += other.searched;
    }
}

/// The search bots are compared on a position and its twin every this many steps.
pub const SEARCH_EVERY: usize = 40;

/// Iterations of each search compared.
const SEARCH_ITERATIONS: u32 = 24;

/// Everything shown to `seat` of a position: its view, its observation, its board and the
/// table's picture (captioned with `last` when given).
#[derive(PartialEq)]
struct Shown {
    view: Value,
    observation: Vec<u32>,
    board: String,
    picture: Option<String>,
}

fn shown<G: Game>(
    game: &G,
    state: &G::State,
    seat: Seat,
    last: Option<(&G::State, G::Action)>,
) -> Shown {
    Shown {
        view: serde_json::to_value(game.view(state, seat)).unwrap_or(Value::Null),
        observation: game
            .observation(state, seat)
            .iter()
            .map(|x| x.to_bits())
            .collect(),
        board: game.board(state, seat),
        picture: game.to_svg(
            state,
            last.map(|(before, action)| LastAction { before, action }),
        ),
    }
}

/// Every search bot, seeded alike, chooses alike in `state` and `twin`, which `seat` sees
/// alike.
fn compare_searches<G: GameBots>(
    game: &G,
    state: &G::State,
    twin: &G::State,
    seat: Seat,
) -> Result<(), String> {
    let (Some(decision), Some(twin_decision)) = (game.decision(state), game.decision(twin)) else {
        return Err("the twin of a position with a decision has none".into());
    };
    let config = SearchConfig {
        budget: Budget::Iterations(SEARCH_ITERATIONS),
        ..SearchConfig::default()
    };
    let bots = || -> [(&str, Box<dyn Bot<G>>); 3] {
        [
            ("mcts", Box::new(Mcts::new(config.clone(), 7))),
            ("ismcts", Box::new(IsMcts::new(config.clone(), 7))),
            ("rollout", Box::new(RolloutBot::new(7, 2, RandomRollout))),
        ]
    };
    for ((name, mut a), (_, mut b)) in bots().into_iter().zip(bots()) {
        let (x, y) = (
            a.choose(game, state, &decision),
            b.choose(game, twin, &twin_decision),
        );
        if x != y {
            return Err(format!(
                "the {name} bot of seat {seat} chooses {x:?} in the position and {y:?} in one \
                 resampled for the seat: it reads what the seat cannot see"
            ));
        }
    }
    Ok(())
}

/// What differs between two [`Shown`], in words, for a failure: which of them, and the first
/// line of text that differs.
fn difference(a: &Shown, b: &Shown) -> String {
    let text = |x: &Shown| -> [String; 4] {
        [
            serde_json::to_string_pretty(&x.view).unwrap_or_default(),
            format!("{:?}", x.observation),
            x.board.clone(),
            x.picture.clone().unwrap_or_default(),
        ]
    };
    let names = ["the view", "the observation", "the board", "the picture"];
    let (a, b) = (text(a), text(b));
    let Some(k) = (0..4).find(|&k| a[k] != b[k]) else {
        return "nothing".into();
    };
    let line = a[k]
        .lines()
        .zip(b[k].lines())
        .find(|(x, y)| x != y)
        .map_or_else(String::new, |(x, y)| format!(": {x:?} / {y:?}"));
    format!("{}{line}", names[k])
}

/// `action` applied to a copy of `state` with the table's log: the position after it and the
/// lines; `None` if the rules refuse it there, or if something came to light on the way (a
/// die rolled, a card turned up: [`Game::revealed`]), which the seat may well tell apart.
fn taken<G: Game>(
    game: &G,
    state: &G::State,
    action: G::Action,
) -> Option<(G::State, Vec<String>)> {
    let mut after = state.clone();
    let mut log = Log::recording();
    game.apply(&mut after, action, &mut log).ok()?;
    (game.revealed(&after) == game.revealed(state)).then(|| (after, log.take()))
}

/// Compares what `seat` is shown of `action` taken in `a` and of `other` taken in `b`, where
/// the seat sees the two results alike; `Ok(false)` where it does not (nothing to compare).
fn compare_taken<G: Game>(
    game: &G,
    seat: Seat,
    (a, action): (&G::State, G::Action),
    (b, other): (&G::State, G::Action),
    twins: &str,
) -> Result<bool, String> {
    let (Some((after_a, log_a)), Some((after_b, log_b))) =
        (taken(game, a, action), taken(game, b, other))
    else {
        return Ok(false);
    };
    let view = |s: &G::State| serde_json::to_value(game.view(s, seat)).unwrap_or(Value::Null);
    if view(&after_a) != view(&after_b) {
        return Ok(false);
    }
    if log_a != log_b {
        return Err(format!(
            "seat {seat} sees {twins} alike, but the log tells them apart: {log_a:?} / {log_b:?}"
        ));
    }
    let shown_a = shown(game, &after_a, seat, Some((a, action)));
    let shown_b = shown(game, &after_b, seat, Some((b, other)));
    if shown_a != shown_b {
        return Err(format!(
            "seat {seat} sees {twins} alike, but {} tells them apart",
            difference(&shown_a, &shown_b)
        ));
    }
    Ok(true)
}

/// Plays one random game of `game` from `seed` and makes, at every step and for every seat,
/// the comparisons of the [module documentation](self).
///
/// ```
/// use darbar::raid::Raid;
/// use darbar::testing::check_hidden_information;
///
/// let report = check_hidden_information(&Raid::default(), 3).unwrap();
/// assert!(report.resampled >= report.steps);
/// ```
pub fn check_hidden_information<G: GameBots>(game: &G, seed: u64) -> Result<HiddenReport, Failure> {
    let mut state = game.new_initial_state(seed);
    let mut bot = RandomBot::new(bot_seed(seed));
    let mut noise = GameRng::from_seed_u64(seed ^ 0x5eed_0f5e_c7e7);
    let mut report = HiddenReport::default();
    while let Some(decision) = game.decision(&state) {
        let fail = |what: String| Failure {
            seed,
            step: report.steps,
            what,
        };
        if report.steps >= super::STEP_CAP {
            return Err(fail("the game does not end".into()));
        }
        let Some(action) = bot.choose(game, &state, &decision) else {
            return Err(fail("the bot found no action".into()));
        };
        for seat in 0..game.num_players() {
            let twin = game.resample(&state, seat, &mut noise);
            let (real, resampled) = (
                shown(game, &state, seat, None),
                shown(game, &twin, seat, None),
            );
            if real != resampled {
                return Err(fail(format!(
                    "{} of seat {seat} tells its position from one resampled for it",
                    difference(&real, &resampled)
                )));
            }
            report.resampled += 1;
            // A resample reads only what the seat sees: the twin resamples as the position.
            let draw = noise.next_u64();
            let again = |s: &G::State| game.resample(s, seat, &mut GameRng::from_seed_u64(draw));
            if again(&state) != again(&twin) {
                return Err(fail(format!(
                    "a resample for seat {seat} reads what the seat cannot see: the position \
                     and one resampled for it resample differently with one generator"
                )));
            }
            report.varied += usize::from(twin != state);
            if seat == decision.player && report.steps % SEARCH_EVERY == 0 {
                compare_searches(game, &state, &twin, seat).map_err(fail)?;
                report.searched += 1;
            }
            let same_action = compare_taken(
                game,
                seat,
                (&state, action),
                (&twin, action),
                format!("{action} taken in its position and in one resampled for it").as_str(),
            )
            .map_err(fail)?;
            report.actions += usize::from(same_action);
            if decision.player == seat || decision.choices.len() < 2 {
                continue;
            }
            let other = decision.choices[noise.below(decision.choices.len() as u32) as usize];
            if other != action
                && game.action_in_public(&state, other) == game.action_in_public(&state, action)
            {
                let by = decision.player;
                let twins = format!("seat {by}'s {action} and {other}");
                let compared = compare_taken(game, seat, (&state, action), (&state, other), &twins)
                    .map_err(fail)?;
                report.actions += usize::from(compared);
            }
        }
        game.apply(&mut state, action, &mut Log::silent())
            .map_err(|e| fail(format!("listed action {action} was refused: {e}")))?;
        report.steps += 1;
    }
    Ok(report)
}
