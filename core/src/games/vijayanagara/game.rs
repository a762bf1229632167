//! Vijayanagara behind the one game interface ([`Game`]), with the card host that runs its
//! Event texts as part of the rules value.

use std::fmt;
use std::sync::Arc;

use rand_core::Rng;

use serde::Serialize;

use super::observation::{OBSERVATION_LAYOUT, OBSERVATION_SIZE};
use super::{ACTION_COUNT, Action, DecisionKind, Error, EventHost, Options, Player, State};
use crate::engine::{
    Cites, Decision, Game, GameRng, LoadError, Log, Rule, ScriptFailure, Seat, SeatDecision,
    options_from_json,
};
use crate::games::GameEntry;

/// Vijayanagara's rules: the rule options and, to play Event cards, the host that runs their
/// texts (§2.3.4). Seats are 0 = DS, 1 = BK, 2 = VN.
///
/// The published game is played with its Event cards, which are scripts this crate cannot
/// run: `darbar_lua::vijayanagara(options)` gives the rules with the darbar default deck, and
/// [`Vijayanagara::with_cards`] the rules with any other [`EventHost`]. There is no `Default`,
/// so that a game without Event cards is never made by accident: it is
/// [`Vijayanagara::without_events`], which says so.
///
/// The host is shared (`Arc`) and must be usable from any thread: a host whose script engine
/// is bound to one thread (Lua's) keeps one engine per thread behind this handle (the
/// `darbar-lua` crate's `Cards`). Without a host the Event option is not offered.
///
/// ```
/// use darbar::engine::{Game, Log};
/// use darbar::vijayanagara::{Action, EventSide, Options, TurnOption, Vijayanagara};
///
/// let game = Vijayanagara::without_events(Options::default());
/// let mut state = game.new_initial_state(7);
/// // Event or Command is a full Command: no Event is offered (§2.3.4).
/// game.apply(&mut state, Action::Option(TurnOption::EventOrCommand), &mut Log::silent()).unwrap();
/// assert!(!game.legal_actions(&state).contains(&Action::Event(EventSide::Unshaded)));
/// assert_eq!(game.num_players(), 3);
/// assert_eq!(game.seat_name(1), "Bahmani Kingdom");
/// ```
#[derive(Clone)]
pub struct Vijayanagara {
    options: Options,
    cards: Option<Arc<dyn EventHost + Send + Sync>>,
}

impl fmt::Debug for Vijayanagara {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Vijayanagara")
            .field("options", &self.options)
            .field("cards", &self.cards.as_ref().map(|_| "a card host"))
            .finish()
    }
}

impl Vijayanagara {
    /// The rules without Event cards: the Event option is never offered, whatever
    /// `options.events` says, and Event or Command means a full Command (§2.3.4). Not the
    /// published game: for that, `darbar_lua::vijayanagara` or [`Vijayanagara::with_cards`].
    pub fn without_events(options: Options) -> Vijayanagara {
        Vijayanagara {
            options: Options {
                events: false,
                ..options
            },
            cards: None,
        }
    }

    /// The rules with Event cards run on `cards` (the options' `events` is turned on; their
    /// `deck` must be the host's deck rules).
    pub fn with_cards(options: Options, cards: Arc<dyn EventHost + Send + Sync>) -> Vijayanagara {
        Vijayanagara {
            options: Options {
                events: true,
                ..options
            },
            cards: Some(cards),
        }
    }

    /// The card host, if Event cards are played.
    pub fn cards(&self) -> Option<&Arc<dyn EventHost + Send + Sync>> {
        self.cards.as_ref()
    }

    fn host(&self) -> Option<&dyn EventHost> {
        self.cards.as_deref().map(|h| h as &dyn EventHost)
    }

    /// The registry entry of the crate alone: no card host, so options asking for Event cards
    /// are refused (the `darbar-lua` registry replaces this entry by one that plays them).
    pub(crate) fn entry() -> GameEntry {
        GameEntry::with_loader::<Vijayanagara>(SUMMARY, |options| {
            let options: Options = options_from_json("vijayanagara", options)?;
            if options.events {
                return Err(LoadError::Content(
                    "Event cards need a card host: load the game through darbar-lua's registry"
                        .into(),
                ));
            }
            Ok(Vijayanagara::without_events(options))
        })
    }
}

/// The rules the crate's own tests play: without Event cards, whose scripts need a host.
#[cfg(test)]
pub(crate) fn game() -> Vijayanagara {
    Vijayanagara::without_events(Options::default())
}

/// The registry's line about the game.
const SUMMARY: &str =
    "Vijayanagara (GMT): the Delhi Sultanate, the Bahmani Kingdom and the Vijayanagara Empire";

/// What one faction sees (Vijayanagara hides only the order of the deck, and the future dice):
/// the public facts of the board that matter for a decision, and that faction's own decision.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// The seat.
    pub player: Seat,
    /// The faction's abbreviation.
    pub faction: &'static str,
    /// Whether the decision now is this faction's.
    pub is_my_turn: bool,
    /// What is being decided now, by whoever decides it.
    pub deciding: Option<String>,
    /// The question of an Event choice, if one is pending.
    pub prompt: Option<String>,
    /// The legal actions as text, if the decision is this faction's; empty otherwise.
    pub legal_actions: Vec<String>,
    /// The faction's Resources.
    pub resources: u8,
    /// The cavalry tokens it holds.
    pub cavalry: u8,
    /// Its Deccan Influence (`None` for the Sultanate, which has no track).
    pub influence: Option<u8>,
    /// Its Victory Points as they stand.
    pub victory_points: i32,
    /// The card revealed last.
    pub current_card: Option<String>,
}

impl Cites for Error {
    fn rule(&self) -> Rule {
        Error::rule(self)
    }
}

impl Cites for DecisionKind {
    fn rule(&self) -> Rule {
        DecisionKind::rule(*self)
    }
}

/// No bots of its own yet: the generic ones play it.
impl crate::bots::GameBots for Vijayanagara {}

impl Game for Vijayanagara {
    type State = State;
    type Action = Action;
    type Kind = DecisionKind;
    type Error = Error;
    type Options = Options;
    type View = View;

    const ACTION_COUNT: usize = ACTION_COUNT;

    fn options(&self) -> &Options {
        &self.options
    }

    fn num_players(&self) -> usize {
        Player::ALL.len()
    }

    fn seat_name(&self, seat: Seat) -> String {
        Player::ALL
            .get(seat)
            .map_or_else(|| format!("seat {seat}"), ToString::to_string)
    }

    fn new_initial_state(&self, seed: u64) -> State {
        State::with_options(seed, self.options)
    }

    fn seed(&self, state: &State) -> u64 {
        state.seed()
    }

    fn options_of(state: &State) -> Options {
        *state.options()
    }

    fn decision(&self, state: &State) -> Option<SeatDecision<Self>> {
        state.decision().map(|d| Decision {
            player: d.player as Seat,
            kind: d.kind,
            choices: d.choices,
        })
    }

    fn apply_unchecked(
        &self,
        state: &mut State,
        action: Action,
        log: &mut Log,
    ) -> Result<(), Error> {
        state.play_listed(action, self.host(), log)
    }

    fn refusal(&self, state: &State, action: Action) -> Error {
        // A gift of nothing, or of more than is held, says so (§1.5.2).
        if let Some(error) = state.gift_refusal(action) {
            return error;
        }
        match state.decision() {
            Some(decision) => Error::IllegalAction {
                action: action.to_string(),
                rule: decision.kind.rule(),
            },
            None => Error::GameOver,
        }
    }

    fn wrong_seat(&self, state: &State, seat: Seat, expected: Seat) -> Error {
        let rule = state.decision().map_or(Rule("2.2"), |d| d.kind.rule());
        match (Player::ALL.get(expected), Player::ALL.get(seat)) {
            (Some(&expected), Some(&actual)) => Error::NotYourDecision {
                expected,
                actual,
                rule,
            },
            _ => Error::NoSuchSeat { seat },
        }
    }

    /// Once the game is over, 1 for a winner (1/k each for a win shared by k factions, OQ-49)
    /// and 0 for the others; 0 for all before.
    fn returns(&self, state: &State) -> Vec<f64> {
        let mut returns = vec![0.0; Player::ALL.len()];
        if state.is_over() {
            let winners = state.outcome().winners;
            let share = 1.0 / winners.len().max(1) as f64;
            for winner in winners {
                returns[winner as usize] = share;
            }
        }
        returns
    }

    /// The table, all of it public but the seed (§2.3).
    fn board(&self, state: &State, _seat: Seat) -> String {
        state.public_board()
    }

    fn view(&self, state: &State, seat: Seat) -> View {
        let me = Player::ALL.get(seat).copied().unwrap_or(Player::Sultanate);
        let decision = state.decision();
        let mine = decision.as_ref().is_some_and(|d| d.player == me);
        View {
            player: me as Seat,
            faction: me.faction().abbreviation(),
            is_my_turn: mine,
            deciding: decision.as_ref().map(|d| d.kind.to_string()),
            prompt: state.event_prompt().map(str::to_owned),
            legal_actions: match &decision {
                Some(d) if mine => d.choices.iter().map(ToString::to_string).collect(),
                _ => Vec::new(),
            },
            resources: state.resources(me),
            cavalry: state.cavalry(me),
            influence: state.influence(me),
            victory_points: state.victory_points(me),
            current_card: state.deck().current().map(|c| c.to_string()),
        }
    }

    fn action_index(action: Action) -> usize {
        action.index()
    }

    fn action_from_index(index: usize) -> Option<Action> {
        Action::from_index(index)
    }

    fn observation(&self, state: &State, seat: Seat) -> Vec<f32> {
        let me = Player::ALL.get(seat).copied().unwrap_or(Player::Sultanate);
        state.observation(me)
    }

    fn observation_len(&self) -> usize {
        OBSERVATION_SIZE
    }

    fn observation_layout(&self) -> Vec<(&'static str, usize, usize)> {
        OBSERVATION_LAYOUT.to_vec()
    }

    /// Every faction sees the whole board; hidden are the cards still to come (their order,
    /// and which are out of the game) and the future dice, so those are drawn afresh.
    fn resample(&self, state: &State, _seat: Seat, rng: &mut GameRng) -> State {
        let mut copy = state.clone();
        copy.deck = state.deck.resample(rng);
        self.reseed(&mut copy, rng);
        copy
    }

    /// The dice of battles and Event cards not yet rolled.
    fn reseed(&self, state: &mut State, rng: &mut GameRng) {
        state.rng = GameRng::from_seed_u64(rng.next_u64());
        state.forced_dice.clear();
    }

    fn to_svg(
        &self,
        state: &State,
        last: Option<crate::engine::game::LastAction<'_, Self>>,
    ) -> Option<String> {
        // The current card in the loaded deck's words (a deck of one's own shows its own).
        let card = state.current_card_text(self.host());
        Some(state.to_svg_with(card.as_ref(), last.map(|l| (l.before, l.action))))
    }

    fn palette(&self) -> Vec<(&'static str, &'static str)> {
        super::svg::palette()
    }

    /// With Event cards, an Event waiting for a choice is replayed on the card host with the
    /// answers given so far: it must ask that question of that faction (§2.3.4); and the
    /// listed actions that run a card (an Event side, an answer) apply.
    fn validate_with_rules(&self, state: &State) -> Result<(), crate::engine::Violation> {
        state.check_with_host(self.host())
    }

    fn milestone(&self, state: &State) -> u64 {
        state.deck().played().len() as u64
    }

    /// Vijayanagara hides the order of the deck and the dice to come: the mark changes with
    /// every card revealed (§2.1) and every die rolled, by combat (§3.X) or a card's script
    /// (both draw on the state's generator, or on the dice a test forced).
    fn revealed(&self, state: &State) -> Option<u64> {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::hash::DefaultHasher::new();
        let next = state.rng().clone().next_u64();
        (next, state.forced_dice().len(), state.deck().played().len()).hash(&mut hasher);
        Some(hasher.finish())
    }

    fn prompt<'s>(&self, state: &'s State) -> Option<&'s str> {
        state.event_prompt()
    }

    /// The card revealed last (§2.2), in the words of the loaded deck: the card host's for a
    /// deck of its own, the default deck's otherwise; both sides of an Event card (§2.3.4),
    /// the text of a Mongol Invasion card (§2.4), the rule of a Succession or Timurid card
    /// (§2.5, §2.6). `None` once the game is over.
    fn current_card(&self, state: &State) -> Option<crate::engine::CardText> {
        state.current_card_text(self.host())
    }

    /// The card host's deck ([`EventHost::deck`]); `None` without Event cards.
    fn deck(&self) -> Option<crate::engine::DeckId> {
        self.host().and_then(EventHost::deck)
    }

    /// Card `number` (1–44) in the loaded deck's words ([`State::card_text`]).
    fn card(&self, number: u32) -> Option<crate::engine::CardText> {
        let number = u8::try_from(number).ok()?;
        super::event::deck_card_text(&self.options.deck, number, self.host())
    }

    fn script_failure(error: &Error) -> Option<ScriptFailure> {
        match error {
            Error::Event {
                card,
                message,
                file,
                line,
            } => Some(ScriptFailure {
                card: Some(u32::from(*card)),
                file: file.clone(),
                line: *line,
                message: message.clone(),
            }),
            _ => None,
        }
    }
}
