//! Pax Pamir behind the one game interface ([`Game`]).

use std::sync::Arc;

use crate::engine::{
    Decision, Game, GameRng, LoadError, Log, Seat, SeatDecision, options_from_json,
};
use crate::games::GameEntry;

use super::action::{ACTION_COUNT, Action};
use super::frame::DecisionKind;
use super::pieces::Ctx;
use super::view::View;
use super::{CardData, Error, Options, State};

/// Pax Pamir's rules: the options and the card data they play with.
///
/// ```
/// use darbar::engine::{Game, Log};
/// use darbar::pax_pamir::{Options, PaxPamir};
///
/// let game = PaxPamir::new(Options { players: 4, ..Options::default() }).unwrap();
/// let mut state = game.new_initial_state(7);
/// assert_eq!(game.num_players(), 4);
/// let decision = game.decision(&state).unwrap(); // the first loyalty choice (PP-4.6)
/// game.apply(&mut state, decision.choices[0], &mut Log::silent()).unwrap();
/// ```
#[derive(Clone, Debug)]
pub struct PaxPamir {
    options: Options,
    cards: Arc<CardData>,
}

impl Default for PaxPamir {
    fn default() -> Self {
        PaxPamir {
            options: Options::default(),
            cards: Arc::new(CardData::standard().clone()),
        }
    }
}

impl PaxPamir {
    /// The game with the shipped card data; a player count outside 2–5 is refused (PP-4.1).
    pub fn new(options: Options) -> Result<PaxPamir, Error> {
        PaxPamir::with_cards(options, CardData::standard().clone())
    }

    /// The game with other card data of the same fields (PP-0.2): a fixture, say.
    pub fn with_cards(options: Options, cards: CardData) -> Result<PaxPamir, Error> {
        if !options.valid_players() {
            return Err(if options.wakhan {
                Error::WakhanPlayerCount(options.players)
            } else {
                Error::PlayerCount(options.players)
            });
        }
        Ok(PaxPamir {
            options,
            cards: Arc::new(cards),
        })
    }

    /// The card data.
    pub fn cards(&self) -> &CardData {
        &self.cards
    }

    /// Applies `f` to the state with the rules at hand, then runs the rules on to the next
    /// decision.
    pub(crate) fn work(&self, state: &mut State, log: &mut Log, f: impl FnOnce(&mut Ctx<'_>)) {
        let mut ctx = Ctx {
            s: state,
            cards: &self.cards,
            log,
        };
        f(&mut ctx);
        ctx.run();
    }

    pub(crate) fn entry() -> GameEntry {
        GameEntry::with_loader::<PaxPamir>(
            "Pax Pamir (2nd edition, Wehrlegig Games): intrigue in Afghanistan for 2-5 players",
            |options| {
                let options: Options = options_from_json("pax_pamir", options)?;
                PaxPamir::new(options).map_err(|e| LoadError::BadOptions {
                    game: "pax_pamir",
                    reason: e.to_string(),
                })
            },
        )
    }
}

impl PartialEq for PaxPamir {
    fn eq(&self, other: &Self) -> bool {
        self.options == other.options && *self.cards == *other.cards
    }
}

/// No bots of its own: Wakhan (WK) is a seat the rules play, not a bot.
impl crate::bots::GameBots for PaxPamir {}

impl Game for PaxPamir {
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
        self.options.players as usize
    }

    /// `P1` to `P5`; Wakhan's seat is `Wakhan` (WK-10).
    fn seat_name(&self, seat: Seat) -> String {
        if self.options.wakhan && seat == super::wakhan::WAKHAN_SEAT {
            "Wakhan".into()
        } else {
            super::words::seat_name(seat as u8)
        }
    }

    fn new_initial_state(&self, seed: u64) -> State {
        State::setup(&self.cards, self.options, seed)
    }

    fn seed(&self, state: &State) -> u64 {
        state.seed
    }

    fn options_of(state: &State) -> Options {
        state.options
    }

    fn decision(&self, state: &State) -> Option<SeatDecision<Self>> {
        state.pending(&self.cards).map(|p| Decision {
            player: p.player as usize,
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
        super::refusal::refusal(state, &self.cards, action)
    }

    fn wrong_seat(&self, state: &State, seat: Seat, expected: Seat) -> Error {
        if seat >= state.players() {
            Error::NoSuchSeat {
                seat,
                players: state.players(),
            }
        } else {
            Error::NotYourDecision { seat, expected }
        }
    }

    /// 1 for each winner and 0 for the others once the game is over (a shared win gives each
    /// sharer 1, PP-OQ-29); 0 for all before.
    fn returns(&self, state: &State) -> Vec<f64> {
        let mut returns = vec![0.0; state.players()];
        if let Some(outcome) = state.outcome {
            for seat in outcome.winners() {
                if let Some(r) = returns.get_mut(seat) {
                    *r = 1.0;
                }
            }
        }
        returns
    }

    /// The table with the seat's own hand, the others' by their size (PP-0.4).
    fn board(&self, state: &State, seat: Seat) -> String {
        state.seat_board(seat)
    }

    fn view(&self, state: &State, seat: Seat) -> View {
        View::of(state, &self.cards, seat)
    }

    fn action_index(action: Action) -> usize {
        action.index()
    }

    fn action_from_index(index: usize) -> Option<Action> {
        Action::from_index(index)
    }

    fn observation(&self, state: &State, seat: Seat) -> Vec<f32> {
        super::observation::observation(state, &self.cards, seat)
    }

    fn observation_len(&self) -> usize {
        super::observation::OBSERVATION_SIZE
    }

    fn observation_layout(&self) -> Vec<(&'static str, usize, usize)> {
        super::observation::layout()
    }

    /// The state as `seat` knows it: the deck redealt from the cards the seat has not seen,
    /// each pile keeping the court cards, Dominance Checks and other events it still holds
    /// (which the seat can count from the piles' sizes and the cards drawn), and the cards
    /// out of the game drawn from the same unseen cards. Hands stay: every card in a hand
    /// came there by an open purchase (PP-7.1), so a seat that remembers the game knows them.
    fn resample(&self, state: &State, seat: Seat, rng: &mut GameRng) -> State {
        let mut copy = super::view::resample(state, seat, rng);
        self.reseed(&mut copy, rng);
        copy
    }

    /// Wakhan's future reshuffles of her AI deck (WK-1.2).
    fn reseed(&self, state: &mut State, rng: &mut GameRng) {
        state.rng = GameRng::from_seed_u64(rand_core::Rng::next_u64(rng));
    }

    fn revealed(&self, state: &State) -> Option<u64> {
        // Only the decks are hidden after setup: the mark is how far they have been drawn.
        let ai = state.ai.as_ref().map_or(0, |a| u64::from(a.draws));
        Some(state.deck.len() as u64 + 100 * ai)
    }

    fn milestone(&self, state: &State) -> u64 {
        u64::from(state.turns)
    }

    /// The table: map, market and every player's holdings and court, hands by their size
    /// only; with the last action, what it touched outlined and captioned.
    fn to_svg(
        &self,
        state: &State,
        last: Option<crate::engine::game::LastAction<'_, Self>>,
    ) -> Option<String> {
        Some(super::svg::picture(
            state,
            &self.cards,
            last.map(|l| (l.before, l.action)),
        ))
    }

    fn palette(&self) -> Vec<(&'static str, &'static str)> {
        super::svg::palette()
    }

    fn validate_with_rules(&self, state: &State) -> Result<(), crate::engine::Violation> {
        super::invariants::check(state, &self.cards)
    }

    /// Every invariant under the card data these rules loaded: the state's own check knows
    /// only the shipped data.
    fn validate_state(&self, state: &State) -> Result<(), crate::engine::Violation> {
        self.validate_with_rules(state)
    }

    /// A court card's facts or an event's two halves, in words, from the loaded card data.
    fn card(&self, number: u32) -> Option<crate::engine::CardText> {
        let card = super::CardId::new(u8::try_from(number).ok()?)?;
        super::words::card_text(&self.cards, card)
    }
}
