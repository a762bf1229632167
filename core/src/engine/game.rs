//! The one game interface: what *a game* is, so that everything above the rules (bots, the
//! random-simulation checker, replays, playthroughs, the Python classes, the Lua host, the
//! command line) is written once.
//!
//! The shape follows OpenSpiel's `Game`/`State` pair and shakmaty's `Position`: a [`Game`] is
//! a game's rules together with their options (an OpenSpiel `Game`), and its states are plain
//! values (`Game::State`) that the rules read and change. A game implements the handful of
//! methods that are its own (the decision, the unchecked apply, the most specific refusal,
//! returns, views, the action numbering); the rest (the checked and atomic apply, legal
//! actions, the current player, replays) are provided here, once, for every game.
//!
//! Why the rules are a value and not only the state's type: options are per game, not per
//! state (Pax Pamir is 2–5 players, Tycoon 1–4), and some games carry collaborators that are
//! not state, such as the Vijayanagara card host that runs Event texts. Keeping them in the
//! rules value means no `apply` takes an extra argument, and a state stays a plain,
//! serializable value.
//!
//! ```
//! use darbar::engine::{Game, Log};
//! use darbar::raid::Raid;
//!
//! let game = Raid::default();
//! let mut state = game.new_initial_state(7);
//! while let Some(decision) = game.decision(&state) {
//!     let last = *decision.choices.last().unwrap(); // end each phase at once
//!     game.apply(&mut state, last, &mut Log::silent()).unwrap();
//! }
//! assert!(game.is_terminal(&state));
//! assert_eq!(game.returns(&state).len(), game.num_players());
//! ```

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{Decision, GameRng, Log, Replay, ReplayError, Rule, Snapshot};

/// A seat at the table: `0..num_players`. Each game keeps its own typed player inside its
/// rules (a faction, the raider) and numbers its seats at this boundary, as OpenSpiel does.
pub type Seat = usize;

/// Something that names the rule it enforces: every error of every game, and every kind of
/// decision (the rule that says what is legal in it).
pub trait Cites {
    /// The section of the game's specification.
    fn rule(&self) -> Rule;
}

/// A decision of any game, with seats as players.
pub type SeatDecision<G> = Decision<Seat, <G as Game>::Kind, <G as Game>::Action>;

/// The replay record of a game.
pub type ReplayOf<G> = Replay<<G as Game>::Options, <G as Game>::Action>;

/// The last action of a game and the position it was taken in: what [`Game::to_svg`] needs
/// to highlight what the action touched. `before` with `action` applied is the position drawn.
pub struct LastAction<'a, G: Game> {
    /// The position the action was taken in.
    pub before: &'a G::State,
    /// The action.
    pub action: G::Action,
}

/// A game's rules with their options (OpenSpiel's `Game`). Its states are plain values of
/// [`Game::State`], cheap to clone.
///
/// Required methods are the game's own; the provided ones are written here once and are not
/// meant to be overridden (shakmaty's "final" methods): they are what makes every game
/// strict and atomic in the same way.
pub trait Game: Clone + Send + Sync + 'static {
    /// A position of the game.
    type State: Clone + PartialEq + Debug + Display + Snapshot + Send + Sync + 'static;
    /// One answer to a decision. Its `Display` form parses back with `FromStr`.
    type Action: Copy
        + Eq
        + Hash
        + Debug
        + Display
        + FromStr<Err = String>
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// What a decision is about; cites the rule that says what is legal in it.
    type Kind: Copy + Debug + Display + Cites + Send + Sync + 'static;
    /// Why an action or operation was refused; names the rule broken.
    type Error: std::error::Error + Cites + Send + Sync + 'static;
    /// The rule options, every one with its default (the rulings).
    type Options: Clone
        + Debug
        + Default
        + PartialEq
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// What one seat may see (architecture principle 9): never a hidden hand, the deck order,
    /// a sealed bid or a future die.
    type View: Serialize;

    /// The game's name, as in snapshots, replays and the registry: `Snapshot::GAME`.
    const NAME: &'static str = <Self::State as Snapshot>::GAME;
    /// Whether [`Game::apply_unchecked`] always succeeds on a listed action (no card script or
    /// other fallible step): then [`Game::apply`] applies a listed action in place, with no
    /// copy of the state, and stays atomic because nothing can fail half-way.
    const LISTED_ACTIONS_NEVER_FAIL: bool = false;
    /// How many distinct actions there are: [`Game::action_index`] is below this in every
    /// state (OpenSpiel's `NumDistinctActions`).
    const ACTION_COUNT: usize;

    /// The rule options.
    fn options(&self) -> &Self::Options;

    /// The number of seats in this game (a property of the instance: Pax Pamir seats 2–5).
    fn num_players(&self) -> usize;

    /// The name of a seat, as the game's text calls it (`"DS"`, `"the raider"`).
    fn seat_name(&self, seat: Seat) -> String;

    /// The position at the start of a game, every random draw made by the generator seeded
    /// from `seed`.
    fn new_initial_state(&self, seed: u64) -> Self::State;

    /// The seed a state's game was created from (for replay records).
    fn seed(&self, state: &Self::State) -> u64;

    /// The rule options a state was created with (a snapshot carries them).
    fn options_of(state: &Self::State) -> Self::Options;

    /// Who must decide now, what, and the legal answers in a stable order; `None` once the
    /// game is over.
    fn decision(&self, state: &Self::State) -> Option<SeatDecision<Self>>;

    /// Applies an action that must be one of the listed choices, without checking that it is:
    /// the fast path for bots. An unlisted action may leave the state inconsistent. A game
    /// whose rules can still refuse a listed action (a card script that fails) returns the
    /// error, and the state may then be half-changed: [`Game::apply`] works on a copy.
    fn apply_unchecked(
        &self,
        state: &mut Self::State,
        action: Self::Action,
        log: &mut Log,
    ) -> Result<(), Self::Error>;

    /// The most specific error for an action that is not among the listed choices (or for
    /// any action once the game is over). Called only on the refusal path, so it may be slow.
    fn refusal(&self, state: &Self::State, action: Self::Action) -> Self::Error;

    /// The error for an action sent by `seat` while the decision is `expected`'s.
    fn wrong_seat(&self, state: &Self::State, seat: Seat, expected: Seat) -> Self::Error;

    /// What each seat gets from the game as it stands: 0 for all before the end.
    fn returns(&self, state: &Self::State) -> Vec<f64>;

    /// What `seat` may see.
    fn view(&self, state: &Self::State, seat: Seat) -> Self::View;

    /// The action's fixed number, below [`Game::ACTION_COUNT`].
    fn action_index(action: Self::Action) -> usize;

    /// The action numbered `index`, if any.
    fn action_from_index(index: usize) -> Option<Self::Action>;

    /// `action`, taken in `before`, in the words every seat may read: what the table's log and
    /// a picture's caption may say of it. The default is the action's text; a game whose
    /// actions keep something behind a seat's screen (the amount of a sealed bid, which of two
    /// cards is kept face down) says less, and the hidden-information test
    /// ([`check_hidden_information`](crate::testing::check_hidden_information)) holds it to it.
    fn action_in_public(&self, _before: &Self::State, action: Self::Action) -> String {
        action.to_string()
    }

    /// `action`, taken in `before` by the seat to move, as `seat` saw it: the action itself
    /// when it was the seat's own or the table reads it whole ([`Game::action_in_public`]),
    /// `None` when the seat could not tell which it was (another's sealed bid). What a bot is
    /// told of each action at the table.
    fn action_seen_by(
        &self,
        before: &Self::State,
        action: Self::Action,
        seat: Seat,
    ) -> Option<Self::Action> {
        let own = self.current_player(before) == Some(seat);
        (own || self.action_in_public(before, action) == action.to_string()).then_some(action)
    }

    /// The board in text as `seat` sees it: what PettingZoo's text render returns and what a
    /// person at that seat may be shown. Drawn only from what the seat may see, unlike the
    /// state's `Display`, which is the whole position for whoever checks the rules. The
    /// default writes the seat's [`Game::view`] out ([`view_text`](super::view_text)); a game
    /// with a board of its own overrides it.
    ///
    /// ```
    /// use darbar::engine::Game;
    /// use darbar::tycoon::Tycoon;
    ///
    /// let game = Tycoon::default();
    /// let state = game.new_initial_state(3);
    /// let board = game.board(&state, 1);
    /// assert!(board.starts_with("cities:"));
    /// assert!(board.contains("seat: 1"));
    /// ```
    fn board(&self, state: &Self::State, seat: Seat) -> String {
        super::view_text(&serde_json::to_value(self.view(state, seat)).unwrap_or_default())
    }

    /// The observation tensor of `seat`: a flat vector of [`Game::observation_len`] numbers
    /// built only from what the seat may see. Empty for a game that has none.
    fn observation(&self, _state: &Self::State, _seat: Seat) -> Vec<f32> {
        Vec::new()
    }

    /// The length of every observation.
    fn observation_len(&self) -> usize {
        self.observation_layout().iter().map(|b| b.2).sum()
    }

    /// The observation's blocks by name, `(name, start, length)` in order.
    fn observation_layout(&self) -> Vec<(&'static str, usize, usize)> {
        Vec::new()
    }

    /// A state consistent with everything `seat` knows, with what it does not know drawn
    /// afresh from `rng` (OpenSpiel's `ResampleFromInfostate`): the raid site values the
    /// player has not seen, a Pax Pamir hand, a sealed bid. Search over hidden information
    /// plays on these; a game with hidden information, the future dice in its generator
    /// included, overrides it. The default, for a game that hides nothing, is the state itself.
    fn resample(&self, state: &Self::State, _seat: Seat, _rng: &mut GameRng) -> Self::State {
        state.clone()
    }

    /// `state` with its chance drawn afresh from `rng`: the generator that rolls its future
    /// dice and shuffles its future reshuffles, and any die already fixed for a test. What
    /// [`Game::resample`] does besides redealing what a seat cannot see; a search that keeps
    /// one redeal for a whole decision reseeds each of its playouts. The default, for a game
    /// without chance, changes nothing.
    fn reseed(&self, _state: &mut Self::State, _rng: &mut GameRng) {}

    /// A picture of the state as SVG text, for games that draw one. With `last`, the action
    /// that led to `state` and the position it was taken in, the picture highlights what that
    /// action touched (the spaces or sites, outlined) and writes `Last: <action>`; without it
    /// (the first position, a position restored from a snapshot) nothing is highlighted.
    /// [`DynState::to_svg`](super::DynState::to_svg) passes the last action of its history.
    fn to_svg(&self, _state: &Self::State, _last: Option<LastAction<'_, Self>>) -> Option<String> {
        None
    }

    /// The colours of the game's pictures, by name, in a stable order: a faction's colour by
    /// its seat's name (`"DS"`), and the colours every picture uses (`"ink"`, `"board"`,
    /// `"highlight"`, …). Plots of the game use these, so a chart and the board agree. Empty
    /// for a game that draws no picture.
    fn palette(&self) -> Vec<(&'static str, &'static str)> {
        Vec::new()
    }

    /// The script failure an error reports, for games whose rules run card scripts.
    fn script_failure(_error: &Self::Error) -> Option<super::ScriptFailure> {
        None
    }

    /// The event prompt or other question shown with the current decision, if the game has one.
    fn prompt<'s>(&self, _state: &'s Self::State) -> Option<&'s str> {
        None
    }

    /// The card in play, in the words of the deck these rules loaded (so a deck of one's own
    /// shows its own titles and texts); `None` for a game without cards, before the first card
    /// and once the game is over.
    fn current_card(&self, _state: &Self::State) -> Option<super::CardText> {
        None
    }

    /// Card `number` of the deck these rules loaded, in its words; `None` for a game without
    /// cards or a number the deck does not have.
    fn card(&self, _number: u32) -> Option<super::CardText> {
        None
    }

    /// The deck these rules play, named in every replay record
    /// ([`Game::replay_record`]); `None`, the default, for a game without one.
    fn deck(&self) -> Option<super::DeckId> {
        None
    }

    /// The loader option, and the command-line flag of the same name, that gives these rules
    /// a folder of one's own for their [`Game::deck`]: `deck` (Vijayanagara's Event cards) by
    /// default; a game whose folder holds more than cards names its own (Tycoon's `content`).
    /// What a record played with another deck advises ([`ReplayError::OtherDeck`]).
    fn deck_option(&self) -> &'static str {
        "deck"
    }

    /// What only the rules value can check of a restored state, beyond
    /// [`Snapshot::validate`], which sees the state alone: for a game whose rules run card
    /// scripts, that the question a script is waiting on is the one the script asks. Called
    /// by [`Game::validate_state`]. The default has nothing to add.
    fn validate_with_rules(&self, _state: &Self::State) -> Result<(), super::Violation> {
        Ok(())
    }

    /// Every invariant of `state` under these rules: what restoring a snapshot, the
    /// simulation checker and `check_invariants` check. The default is
    /// [`Snapshot::validate`], then [`Game::validate_with_rules`]. A game whose tables are
    /// loaded content (a user's own map and cards) overrides it to check against the content
    /// these rules loaded alone, since [`Snapshot::validate`] can only know the default one.
    fn validate_state(&self, state: &Self::State) -> Result<(), super::Violation> {
        state.validate()?;
        self.validate_with_rules(state)
    }

    /// A count that rises at the points where a playthrough shows the whole position again
    /// (Vijayanagara: the cards revealed; raid: the turn). The default never rises.
    fn milestone(&self, _state: &Self::State) -> u64 {
        0
    }

    /// A mark of what chance has decided and what hidden information has come to light so
    /// far: it changes whenever a die is rolled, a card is revealed or a hidden value is shown,
    /// and stays the same otherwise, so two positions of one game with the same mark have
    /// nothing revealed between them. A person may take back the choices made since the last
    /// position whose mark is the mark of now, and no further (the terminal's `undo`). `None`,
    /// the default, for a game that does not say: then nothing is taken back.
    ///
    /// ```
    /// use darbar::engine::{Game, Log};
    /// use darbar::raid::{Action, Raid};
    ///
    /// let game = Raid::default();
    /// let mut state = game.new_initial_state(3);
    /// let start = game.revealed(&state);
    /// game.apply(&mut state, Action::SkipScout, &mut Log::silent()).unwrap();
    /// assert_eq!(game.revealed(&state), start); // no die rolled, nothing seen
    /// game.apply(&mut state, "raid village-1".parse().unwrap(), &mut Log::silent()).unwrap();
    /// assert_ne!(game.revealed(&state), start); // the GM rolled the site and the battle
    /// ```
    fn revealed(&self, _state: &Self::State) -> Option<u64> {
        None
    }

    // ----- provided, written once ----------------------------------------------------------

    /// The legal actions now, in a stable order (empty once the game is over).
    fn legal_actions(&self, state: &Self::State) -> Vec<Self::Action> {
        self.decision(state).map(|d| d.choices).unwrap_or_default()
    }

    /// The seat that must decide now; `None` once the game is over.
    fn current_player(&self, state: &Self::State) -> Option<Seat> {
        self.decision(state).map(|d| d.player)
    }

    /// Whether the game is over.
    fn is_terminal(&self, state: &Self::State) -> bool {
        self.decision(state).is_none()
    }

    /// Applies a legal action. Anything else is refused with an error naming the rule, and the
    /// state is left exactly as it was: the action is applied to a copy that replaces the
    /// state only if everything succeeds.
    fn apply(
        &self,
        state: &mut Self::State,
        action: Self::Action,
        log: &mut Log,
    ) -> Result<(), Self::Error> {
        let listed = self.decision(state).is_some_and(|d| d.allows(&action));
        self.apply_listed(state, listed, action, log)
    }

    /// Applies an action on behalf of `seat`, refusing it if the decision is another seat's.
    fn apply_as(
        &self,
        state: &mut Self::State,
        seat: Seat,
        action: Self::Action,
        log: &mut Log,
    ) -> Result<(), Self::Error> {
        let decision = self.decision(state);
        match &decision {
            Some(d) if d.player != seat => Err(self.wrong_seat(state, seat, d.player)),
            _ => {
                let listed = decision.is_some_and(|d| d.allows(&action));
                self.apply_listed(state, listed, action, log)
            }
        }
    }

    /// The second half of [`Game::apply`], for a caller that has already looked the action up
    /// in the state's current decision (so the legal list is built once per step): refuses an
    /// unlisted action, and applies a listed one atomically.
    fn apply_listed(
        &self,
        state: &mut Self::State,
        listed: bool,
        action: Self::Action,
        log: &mut Log,
    ) -> Result<(), Self::Error> {
        if !listed {
            return Err(self.refusal(state, action));
        }
        if Self::LISTED_ACTIONS_NEVER_FAIL {
            return self.apply_unchecked(state, action, log);
        }
        let mut next = state.clone();
        self.apply_unchecked(&mut next, action, log)?;
        *state = next;
        Ok(())
    }

    /// The replay record of a game that started from `seed` with these rules and took
    /// `actions`.
    fn replay_record(&self, seed: u64, actions: Vec<Self::Action>) -> ReplayOf<Self> {
        Replay {
            game: Self::NAME.to_owned(),
            options: self.options().clone(),
            seed,
            actions,
            deck: self.deck(),
        }
    }

    /// Rebuilds a game from its replay record: set up from the record's seed, then every
    /// action applied in order, checked. The record must be of this game, with this deck if it
    /// names one ([`Replay::check_deck`]), and with these options.
    fn replay(&self, record: &ReplayOf<Self>) -> Result<Self::State, ReplayError> {
        self.replay_logged(record, &mut Log::silent())
    }

    /// [`Game::replay`], writing what happened to `log`.
    fn replay_logged(
        &self,
        record: &ReplayOf<Self>,
        log: &mut Log,
    ) -> Result<Self::State, ReplayError> {
        if record.game != Self::NAME {
            return Err(ReplayError::WrongGame {
                expected: Self::NAME,
                found: record.game.clone(),
            });
        }
        record.check_deck(self.deck().as_ref(), self.deck_option())?;
        if record.options != *self.options() {
            return Err(ReplayError::OtherOptions);
        }
        let mut state = self.new_initial_state(record.seed);
        for (index, &action) in record.actions.iter().enumerate() {
            self.apply(&mut state, action, log)
                .map_err(|e| ReplayError::IllegalAction {
                    index,
                    action: action.to_string(),
                    reason: e.to_string(),
                    rule: Some(e.rule()),
                })?;
        }
        Ok(state)
    }
}
