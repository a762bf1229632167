//! [`ScriptBot`]: a player of any [`LuaGame`] whose choices a Lua script makes.

use std::cell::RefCell;
use std::fmt;
use std::marker::PhantomData;

use darbar::bots::Bot;
use darbar::engine::{GameRng, Log, SeatDecision};

use crate::host::Returned;
use crate::{Host, Limits, LuaGame, ScriptError, ScriptValue};

thread_local! {
    /// The Lua state the script bots of this thread run in. A bot is `Send` (the [`Bot`]
    /// trait asks it), a Lua state is not, so a bot keeps its script and generator and borrows
    /// its thread's host for each choice.
    static HOST: RefCell<Option<Host>> = const { RefCell::new(None) };
}

/// A bot whose choices a Lua script makes, for any game with a Lua `game` object.
///
/// The script returns a function; each choice runs the script in a fresh sandbox and calls
/// that function with `game` ([`crate::game`] and the game's own methods). The function returns
/// the text of one of `game:legal_actions()` (a script may also return the text directly).
/// `math.random` draws from the bot's own generator, seeded by [`ScriptBot::with_seed`]: a copy
/// of the game's generator would let a script foresee the dice.
///
/// ```
/// use darbar::engine::Game;
/// use darbar::raid::Raid;
/// use darbar_lua::ScriptBot;
///
/// let mut bot = ScriptBot::<Raid>::new(r#"
///     return function(game)
///         local legal = game:legal_actions()
///         return legal[#legal]  -- always the last choice: end each phase
///     end
/// "#)?;
/// let game = Raid::default();
/// let mut state = game.new_initial_state(5);
/// while !game.is_terminal(&state) {
///     let action = bot.choose(&game, &state)?;
///     game.apply(&mut state, action, &mut darbar::engine::Log::silent()).unwrap();
/// }
/// # Ok::<(), darbar_lua::ScriptError>(())
/// ```
///
/// As a [`Bot`], a choice the script fails to make is `None`, and [`ScriptBot::last_error`]
/// says why.
pub struct ScriptBot<G> {
    source: String,
    rng: GameRng,
    limits: Limits,
    log: Vec<String>,
    error: Option<ScriptError>,
    game: PhantomData<fn() -> G>,
}

impl<G> fmt::Debug for ScriptBot<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScriptBot")
            .field("limits", &self.limits)
            .field("last_error", &self.error)
            .finish_non_exhaustive()
    }
}

impl<G: LuaGame> ScriptBot<G> {
    /// A bot running `source`, its generator seeded with 0. A syntax error is refused here.
    pub fn new(source: &str) -> Result<ScriptBot<G>, ScriptError> {
        ScriptBot::with_seed(source, 0)
    }

    /// A bot running `source`, with `math.random` drawing from a generator seeded with `seed`.
    ///
    /// ```
    /// use darbar::raid::Raid;
    /// use darbar_lua::{ScriptBot, ScriptError};
    ///
    /// let refused = ScriptBot::<Raid>::with_seed("return function(game", 1).unwrap_err();
    /// assert!(matches!(refused, ScriptError::Syntax { line: Some(1), .. }));
    /// ```
    pub fn with_seed(source: &str, seed: u64) -> Result<ScriptBot<G>, ScriptError> {
        let bot = ScriptBot {
            source: source.to_owned(),
            rng: GameRng::from_seed_u64(seed),
            limits: Limits::DEFAULT,
            log: Vec::new(),
            error: None,
            game: PhantomData,
        };
        Self::with_host(|host, chunk| host.compile(&bot.source, chunk))?;
        Ok(bot)
    }

    /// The limits each choice runs under.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Changes the limits for later choices.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// What the script printed during the last choice.
    pub fn last_log(&self) -> &[String] {
        &self.log
    }

    /// Why the last choice failed, if it did.
    pub fn last_error(&self) -> Option<&ScriptError> {
        self.error.as_ref()
    }

    /// The script's choice for `state`: one of `game.legal_actions(state)`. A script that
    /// fails, returns something other than a string, or names an action that is not legal now
    /// gives a [`ScriptError`]; so does a game that is over. The state is never changed.
    pub fn choose(&mut self, game: &G, state: &G::State) -> Result<G::Action, ScriptError> {
        let decision = game.decision(state);
        let result = match &decision {
            Some(decision) => self.choose_in(game, state, decision),
            None => Err(refuse(
                "the game is over: there is nothing to choose".into(),
            )),
        };
        self.error = result.as_ref().err().cloned();
        result
    }

    /// Plays `state` with the bot's choices until the game ends or `max_actions` actions have
    /// been applied, and returns how many were applied.
    pub fn play(
        &mut self,
        game: &G,
        state: &mut G::State,
        max_actions: usize,
    ) -> Result<usize, ScriptError> {
        for applied in 0..max_actions {
            if game.is_terminal(state) {
                return Ok(applied);
            }
            let action = self.choose(game, state)?;
            // A legal action applies unless the rules fail (a card script, say).
            game.apply(state, action, &mut Log::silent())
                .map_err(|e| refuse(e.to_string()))?;
        }
        Ok(max_actions)
    }

    /// The choice among `decision`'s, the decision of `state`.
    fn choose_in(
        &mut self,
        game: &G,
        state: &G::State,
        decision: &SeatDecision<G>,
    ) -> Result<G::Action, ScriptError> {
        self.log.clear();
        let run = Self::with_host(|host, chunk| {
            host.set_limits(self.limits);
            host.run_lent(
                game,
                state,
                &mut self.rng,
                &self.source,
                chunk,
                Returned::CalledWithGame,
            )
        })?;
        self.log = run.log;
        let ScriptValue::String(text) = &run.value else {
            return Err(refuse(format!(
                "the bot returned {}, not the text of an action",
                run.value
            )));
        };
        let action: G::Action = text
            .parse()
            .map_err(|e| refuse(format!("the bot returned {text:?}: {e}")))?;
        if !decision.allows(&action) {
            let listed: Vec<String> = decision.choices.iter().map(ToString::to_string).collect();
            return Err(refuse(format!(
                "the bot chose {text:?}, which is not legal now (the legal actions: {})",
                listed.join(", ")
            )));
        }
        Ok(action)
    }

    /// Runs `f` with this thread's host and the bot's chunk name (one per game, so error
    /// messages and the compiled-chunk cache stay small; a bot with another script recompiles).
    fn with_host<T>(f: impl FnOnce(&mut Host, &str) -> T) -> T {
        let chunk = format!("{} bot", G::NAME);
        // Taken out for the call: a bot used while another is choosing gets a host of its own.
        let mut host = HOST
            .with(|cell| cell.borrow_mut().take())
            .unwrap_or_default();
        let result = f(&mut host, &chunk);
        HOST.with(|cell| *cell.borrow_mut() = Some(host));
        result
    }
}

impl<G: LuaGame> Bot<G> for ScriptBot<G> {
    fn choose(
        &mut self,
        game: &G,
        state: &G::State,
        decision: &SeatDecision<G>,
    ) -> Option<G::Action> {
        let result = self.choose_in(game, state, decision);
        self.error = result.as_ref().err().cloned();
        result.ok()
    }
}

/// A bot's answer refused: not a script failure with a line, but what the bot returned.
fn refuse(message: String) -> ScriptError {
    ScriptError::Runtime {
        message,
        line: None,
    }
}
