//! Tycoon behind the one game interface ([`Game`]).

use std::path::Path;
use std::sync::Arc;

use serde_json::Value;

use crate::engine::{
    Decision, Game, GameRng, LoadError, Log, Seat, SeatDecision, options_from_json,
};
use crate::games::GameEntry;

use super::action::{ACTION_COUNT, Action};
use super::content::Content;
use super::frame::DecisionKind;
use super::rules::Ctx;
use super::view::View;
use super::{Error, Options, State};

/// Tycoon's rules: the options and the content they play with.
///
/// ```
/// use darbar::engine::{Game, Log};
/// use darbar::tycoon::{Options, Tycoon};
///
/// let game = Tycoon::new(Options { players: 1, ..Options::default() }).unwrap();
/// assert_eq!(game.num_players(), 3); // one person and two automas (TC-16.1)
/// let mut state = game.new_initial_state(7);
/// while let Some(decision) = game.decision(&state) {
///     assert_eq!(decision.player, 0); // the automas decide inside the rules
///     let last = *decision.choices.last().unwrap(); // pass, decline, bid nothing
///     game.apply(&mut state, last, &mut Log::silent()).unwrap();
/// }
/// assert_eq!(state.round(), 8); // seven rounds, then the end (TI-16)
/// ```
#[derive(Clone, Debug)]
pub struct Tycoon {
    options: Options,
    content: Arc<Content>,
}

impl Default for Tycoon {
    fn default() -> Self {
        Tycoon {
            options: Options::default(),
            content: Arc::new(Content::standard().clone()),
        }
    }
}

impl Tycoon {
    /// The game with darbar's default content; seat counts other than 3 or 4 seats with at
    /// most 4 people are refused (TC-16.1).
    pub fn new(options: Options) -> Result<Tycoon, Error> {
        Tycoon::with_content(options, Content::standard().clone())
    }

    /// The game with other content of the same schema (a user's own files, TC-19).
    pub fn with_content(options: Options, content: Content) -> Result<Tycoon, Error> {
        if !options.valid_seats() {
            return Err(Error::SeatCount {
                players: options.players,
                automas: options.automa_seats(),
            });
        }
        Ok(Tycoon {
            options,
            content: Arc::new(content),
        })
    }

    /// The content the rules play with.
    pub fn content(&self) -> &Content {
        &self.content
    }

    /// An action in words, in the state it would be taken in: the card, city or seat its
    /// numbers name.
    pub fn describe(&self, state: &State, action: Action) -> String {
        super::words::describe(state, &self.content, action)
    }

    /// Applies `f` to the state with the rules at hand, then runs the rules on to the next
    /// decision.
    fn work(&self, state: &mut State, log: &mut Log, f: impl FnOnce(&mut Ctx<'_>)) {
        let mut ctx = Ctx {
            s: state,
            c: &self.content,
            log,
        };
        f(&mut ctx);
        ctx.run();
    }

    pub(crate) fn entry() -> GameEntry {
        GameEntry::with_loader::<Tycoon>(
            "Tycoon: India 1981 (Zenwood Games) for 1-4 people, with darbar's default content and automas",
            |options| {
                let mut options = options.clone();
                let dir = match &mut options {
                    Value::Object(map) => map.remove("content"),
                    _ => None,
                };
                let rules: Options = options_from_json("tycoon", &options)?;
                let content = match dir {
                    None | Some(Value::Null) => Content::standard().clone(),
                    Some(Value::String(dir)) => {
                        Content::from_dir(Path::new(&dir)).map_err(|e| LoadError::BadContent {
                            game: "tycoon",
                            reason: e.to_string(),
                        })?
                    }
                    Some(other) => {
                        return Err(LoadError::BadOptions {
                            game: "tycoon",
                            reason: format!("\"content\" must be a folder's path, not {other}"),
                        });
                    }
                };
                Tycoon::with_content(rules, content).map_err(|e| LoadError::BadOptions {
                    game: "tycoon",
                    reason: e.to_string(),
                })
            },
        )
    }
}

impl PartialEq for Tycoon {
    fn eq(&self, other: &Self) -> bool {
        self.options == other.options && *self.content == *other.content
    }
}

/// No bots of its own: the automas (TI-16) are seats the rules play, not bots.
impl crate::bots::GameBots for Tycoon {}

impl Game for Tycoon {
    type State = State;
    type Action = Action;
    type Kind = DecisionKind;
    type Error = Error;
    type Options = Options;
    type View = View;

    /// Every listed action applies: the rules have no fallible step.
    const LISTED_ACTIONS_NEVER_FAIL: bool = true;
    const ACTION_COUNT: usize = ACTION_COUNT;

    fn options(&self) -> &Options {
        &self.options
    }

    fn num_players(&self) -> usize {
        usize::from(self.options.seats())
    }

    /// The seat's colour, with `(automa)` for an automa seat (TC-16).
    fn seat_name(&self, seat: Seat) -> String {
        let colour = super::state::seat_colour(seat);
        if self.options.automa_of(seat).is_some() {
            format!("{colour} (automa)")
        } else {
            colour.to_owned()
        }
    }

    fn new_initial_state(&self, seed: u64) -> State {
        State::setup(&self.content, self.options, seed, &mut Log::silent())
    }

    fn seed(&self, state: &State) -> u64 {
        state.seed
    }

    fn options_of(state: &State) -> Options {
        state.options
    }

    fn decision(&self, state: &State) -> Option<SeatDecision<Self>> {
        state.pending(&self.content).map(|p| Decision {
            player: usize::from(p.seat),
            kind: p.kind,
            choices: p.choices,
        })
    }

    fn apply_unchecked(
        &self,
        state: &mut State,
        action: Action,
        log: &mut Log,
    ) -> Result<(), Error> {
        self.work(state, log, |ctx| ctx.answer(action));
        Ok(())
    }

    fn refusal(&self, state: &State, action: Action) -> Error {
        super::refusal::refusal(state, &self.content, action)
    }

    fn wrong_seat(&self, state: &State, seat: Seat, expected: Seat) -> Error {
        if seat >= state.seat_count() {
            Error::NoSuchSeat {
                seat,
                seats: state.seat_count(),
            }
        } else {
            Error::NotYourDecision { seat, expected }
        }
    }

    /// 1 for each winner and 0 for the others once the game is over (a shared victory gives
    /// each sharer 1, TI-16.4); 0 for all before.
    fn returns(&self, state: &State) -> Vec<f64> {
        let mut returns = vec![0.0; state.seat_count()];
        if let Some(outcome) = &state.outcome {
            for &seat in &outcome.winners {
                if let Some(r) = returns.get_mut(usize::from(seat)) {
                    *r = 1.0;
                }
            }
        }
        returns
    }

    fn view(&self, state: &State, seat: Seat) -> View {
        View::of(state, &self.content, seat)
    }

    fn action_index(action: Action) -> usize {
        action.index()
    }

    fn action_from_index(index: usize) -> Option<Action> {
        Action::from_index(index)
    }

    /// The state as `seat` knows it, what it cannot see dealt anew (TI-2.6): the order of
    /// every deck, the others' merit cards and agendas (from the cards it has not seen), and
    /// the sealed bids not yet revealed.
    fn resample(&self, state: &State, seat: Seat, rng: &mut GameRng) -> State {
        super::view::resample(state, &self.content, seat, rng)
    }

    /// Counts what has come to light: every card drawn from a deck, every reveal of the
    /// sealed bids.
    fn revealed(&self, state: &State) -> Option<u64> {
        Some(state.reveals)
    }

    /// The observation of `seat`, from its view only (TI-2.6): seats relative to it, its own
    /// merit cards and agenda, never another's money behind a screen nor a sealed bid.
    fn observation(&self, state: &State, seat: Seat) -> Vec<f32> {
        super::observation::observation(state, &self.content, seat)
    }

    fn observation_len(&self) -> usize {
        super::observation::Sizes::of(&self.content).total()
    }

    fn observation_layout(&self) -> Vec<(&'static str, usize, usize)> {
        super::observation::Sizes::of(&self.content).layout()
    }

    /// The table: map, tracks, round tracker, displays, strategy board and every seat's
    /// holdings, merit cards and agendas by their number only; with the last action, what it
    /// touched outlined and captioned in words.
    fn to_svg(
        &self,
        state: &State,
        last: Option<crate::engine::game::LastAction<'_, Self>>,
    ) -> Option<String> {
        Some(super::svg::picture(
            state,
            &self.content,
            last.map(|l| (l.before, l.action)),
        ))
    }

    /// What the table reads of an action: never an agenda kept face down (TI-2.6) nor a
    /// sealed bid's amount (TI-21.19).
    fn action_in_public(&self, before: &State, action: Action) -> String {
        super::words::describe_in_public(before, &self.content, action)
    }

    fn palette(&self) -> Vec<(&'static str, &'static str)> {
        super::svg::palette()
    }

    fn milestone(&self, state: &State) -> u64 {
        u64::from(state.round)
    }

    /// The content the rules play, named in every replay record (TC-19).
    fn deck(&self) -> Option<crate::engine::DeckId> {
        Some(self.content.deck.clone())
    }

    /// A folder of one's own content is the `content` option, `--content DIR` (TC-19).
    fn deck_option(&self) -> &'static str {
        "content"
    }

    fn validate_with_rules(&self, state: &State) -> Result<(), crate::engine::Violation> {
        super::invariants::check(state, &self.content)
    }

    /// Every invariant under the content these rules loaded, the default or a user's own
    /// (TC-19): the state's own check knows only the default content.
    fn validate_state(&self, state: &State) -> Result<(), crate::engine::Violation> {
        self.validate_with_rules(state)
    }
}
