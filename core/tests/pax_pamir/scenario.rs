//! Positions for the test vectors of PP-17, built through the public snapshot format: the
//! state after setup and every loyalty choice (PP-4.6), edited as JSON and loaded back with
//! `State::from_snapshot`, which checks every invariant. So every scenario is a state the
//! engine accepts, and a scenario the rules call impossible fails with the rule it breaks.
//! A [`Table`] then plays on through the `Game` interface, keeping the log.

use std::collections::BTreeSet;

use darbar::engine::{Game, Log, Snapshot};
use darbar::pax_pamir::{
    Action, Border, CardData, CardId, Coalition, DecisionKind, GiftSlot, Options, PaxPamir, Piece,
    Player, Region, Slot, State, Suit,
};
use serde_json::{Value, json};

/// The seed every scenario starts from; the scenario then sets what the vector names.
const SEED: u64 = 1;

/// The standard card data with one card's rank changed: a fixture of the same fields
/// (PP-0.2), for vectors that name a rank no printed card with that action has.
pub fn with_rank(card: u8, rank: u8) -> CardData {
    let mut file: Value =
        serde_json::from_str(CardData::STANDARD_JSON).expect("the shipped data is JSON");
    let entry = file["court_cards"]
        .as_array_mut()
        .and_then(|cards| cards.iter_mut().find(|c| c["number"] == json!(card)))
        .expect("a court card of that number");
    entry["rank"] = json!(rank);
    CardData::from_json(&file.to_string()).expect("the fixture loads")
}

/// A position under construction: the snapshot of a state at the first player's action step,
/// edited field by field.
pub struct Scenario {
    game: PaxPamir,
    snapshot: Value,
    /// Slots the scenario set, which [`Scenario::build`] leaves as they are.
    explicit: [bool; Slot::COUNT],
    /// Whether [`Scenario::build`] leaves every empty slot empty.
    exact_market: bool,
}

impl Scenario {
    /// `players` seats with the default options.
    pub fn new(players: u8) -> Scenario {
        Scenario::with(Options {
            players,
            ..Options::default()
        })
    }

    /// A game with these options and the shipped cards.
    pub fn with(options: Options) -> Scenario {
        Scenario::with_cards(options, CardData::standard().clone())
    }

    /// A game with these options and card data. Every seat chooses Afghan; seat 0 takes the
    /// first turn and is active at its action step with 2 actions; no event is in the market
    /// (each is swapped with a court card of the deck).
    pub fn with_cards(options: Options, cards: CardData) -> Scenario {
        let game = PaxPamir::with_cards(options, cards).expect("a valid player count");
        let mut state = game.new_initial_state(SEED);
        while let Some(decision) = game.decision(&state) {
            if decision.kind != DecisionKind::Loyalty {
                break;
            }
            game.apply(
                &mut state,
                Action::Loyalty(Coalition::Afghan),
                &mut Log::silent(),
            )
            .expect("a loyalty choice");
        }
        let snapshot: Value = serde_json::from_str(&state.to_snapshot()).expect("snapshot JSON");
        let mut scenario = Scenario {
            game,
            snapshot,
            explicit: [false; Slot::COUNT],
            exact_market: false,
        }
        .first_player(0)
        .active(0);
        for index in 0..Slot::COUNT {
            let card = scenario.st()["market"][index].as_u64().unwrap_or(0);
            if card > 100 {
                let deck = scenario.st()["deck"].as_array_mut().expect("a deck");
                let at = deck
                    .iter()
                    .position(|c| c.as_u64().is_some_and(|n| n <= 100))
                    .expect("a court card");
                let court = deck[at].clone();
                deck[at] = json!(card);
                scenario.st()["market"][index] = court;
            }
        }
        scenario
    }

    /// A game with Wakhan at seat 0 (WK-10), `players` seats in all (2 or 3): every person
    /// chose Afghan, the last seat (who plays just before her) is active at its action step
    /// with 2 actions, so that ending it starts her turn. Her AI deck holds the 24 cards in
    /// number order, none drawn, until [`Scenario::ai_deck`] sets it.
    pub fn wakhan(players: u8) -> Scenario {
        Scenario::wakhan_with(Options {
            players,
            ..Options::default()
        })
    }

    /// [`Scenario::wakhan`] with these options (`wakhan` is set).
    pub fn wakhan_with(options: Options) -> Scenario {
        let n = options.players;
        let mut scenario = Scenario::with(Options {
            wakhan: false,
            ..options
        });
        let st = scenario.st();
        st["options"]["wakhan"] = json!(true);
        st["players"][0]["loyalty"] = Value::Null;
        st["start_seat"] = json!(n - 1);
        st["active"] = json!(n - 1);
        st["ai"] = json!({
            "deck": (1..=24).collect::<Vec<u8>>(),
            "len": 24,
            "discard": 0,
            "current": 0,
            "draws": 0,
        });
        scenario
    }

    /// Wakhan's AI deck (WK-1.2): these cards on top, in order (the first is drawn at her next
    /// turn, the second is then the next card whose back the arrows read), the others below
    /// in number order.
    pub fn ai_deck(mut self, top: &[u8]) -> Self {
        let current = self.st()["ai"]["current"].as_u64().unwrap_or(0) as u8;
        let discard = self.st()["ai"]["discard"].as_u64().unwrap_or(0) as u32;
        let mut deck: Vec<u8> = top.to_vec();
        deck.extend((1..=24u8).filter(|c| !top.contains(c) && discard & (1 << c) == 0));
        let _ = current;
        let len = deck.len();
        deck.resize(24, 0);
        self.st()["ai"]["deck"] = json!(deck);
        self.st()["ai"]["len"] = json!(len);
        self
    }

    /// Wakhan's current AI card is `card`, face up on the AI discard pile, as after her last
    /// turn (for what she decides during another seat's turn, WK-1.2 step 4); `next` on top of
    /// the deck.
    pub fn ai_current(mut self, card: u8, next: u8) -> Self {
        self.st()["ai"]["current"] = json!(card);
        self.st()["ai"]["discard"] = json!(1u32 << card);
        self.st()["ai"]["draws"] = json!(1);
        self.ai_deck(&[next])
    }

    /// Wakhan has drawn these AI cards since the last reshuffle (WK-1.2): all of them face up
    /// on the AI discard pile, `current` the last drawn; the deck holds the others in number
    /// order (for a deck about to run out).
    pub fn ai_discarded(mut self, drawn: &[u8], current: u8) -> Self {
        let discard = drawn.iter().fold(1u32 << current, |bits, &c| bits | 1 << c);
        self.st()["ai"]["current"] = json!(current);
        self.st()["ai"]["discard"] = json!(discard);
        self.st()["ai"]["draws"] = json!(discard.count_ones());
        self.ai_deck(&[])
    }

    /// Wakhan's AI deck holds exactly `deck`, top first; every other AI card is face up on the
    /// AI discard pile, `current` (one of them) her current card, as after
    /// `24 - deck.len()` draws (WK-1.2). (Used by the `wakhan_rules` tests only.)
    #[allow(dead_code)]
    pub fn ai_remaining(mut self, current: u8, deck: &[u8]) -> Self {
        let discard: u32 = (1..=24u8)
            .filter(|c| !deck.contains(c))
            .fold(0, |bits, c| bits | 1 << c);
        let mut cards = deck.to_vec();
        cards.resize(24, 0);
        let ai = &mut self.st()["ai"];
        ai["current"] = json!(current);
        ai["discard"] = json!(discard);
        ai["draws"] = json!(24 - deck.len());
        ai["deck"] = json!(cards);
        ai["len"] = json!(deck.len());
        self
    }

    fn st(&mut self) -> &mut Value {
        &mut self.snapshot["state"]
    }

    fn players(&mut self) -> usize {
        self.st()["options"]["players"].as_u64().unwrap_or(0) as usize
    }

    /// Takes a card from wherever it is (deck, market, a pile, a hand, a court, prizes,
    /// events), leaving nothing in its place.
    fn take(&mut self, card: u8) {
        let n = json!(card);
        let st = self.st();
        for list in ["deck", "discard", "removed", "global_events"] {
            if let Some(items) = st[list].as_array_mut() {
                items.retain(|c| *c != n);
            }
        }
        if let Some(market) = st["market"].as_array_mut() {
            for slot in market.iter_mut().filter(|c| **c == n) {
                *slot = Value::Null;
            }
        }
        if let Some(players) = st["players"].as_array_mut() {
            for player in players {
                for list in ["hand", "court", "prizes", "events"] {
                    if let Some(items) = player[list].as_array_mut() {
                        items.retain(|c| *c != n);
                    }
                }
            }
        }
    }

    /// Sets a list of cards (of a player, or of the state with `seat = None`): the cards it
    /// held go out of the game, the new ones are taken from wherever they are.
    fn set_cards(&mut self, seat: Option<usize>, list: &str, cards: &[u8]) {
        let old: Vec<Value> = self
            .list(seat, list)
            .as_array()
            .cloned()
            .unwrap_or_default();
        *self.list(seat, list) = json!([]);
        if let Some(removed) = self.st()["removed"].as_array_mut() {
            removed.extend(old);
        }
        for &card in cards {
            self.take(card);
            if let Some(items) = self.list(seat, list).as_array_mut() {
                items.push(json!(card));
            }
        }
    }

    /// Puts a card taken from a slot out of the game (nothing for an empty slot).
    fn out_of_game(&mut self, card: Value) {
        if let (false, Some(removed)) = (card.is_null(), self.st()["removed"].as_array_mut()) {
            removed.push(card);
        }
    }

    fn list(&mut self, seat: Option<usize>, list: &str) -> &mut Value {
        match seat {
            Some(seat) => &mut self.st()["players"][seat][list],
            None => &mut self.st()[list],
        }
    }

    /// Seat `seat` is loyal to `coalition`.
    pub fn loyalty(mut self, seat: usize, coalition: Coalition) -> Self {
        self.st()["players"][seat]["loyalty"] = json!(coalition);
        self
    }

    /// Seat `seat` holds `n` rupees.
    pub fn rupees(mut self, seat: usize, n: i16) -> Self {
        self.st()["players"][seat]["rupees"] = json!(n);
        self
    }

    /// Seat `seat` has `n` VP.
    pub fn vp(mut self, seat: usize, n: u16) -> Self {
        self.st()["players"][seat]["vp"] = json!(n);
        self
    }

    /// Seat `seat`'s court, left to right.
    pub fn court(mut self, seat: usize, cards: &[u8]) -> Self {
        self.set_cards(Some(seat), "court", cards);
        self
    }

    /// Seat `seat`'s hand.
    pub fn hand(mut self, seat: usize, cards: &[u8]) -> Self {
        self.set_cards(Some(seat), "hand", cards);
        self
    }

    /// Seat `seat`'s prizes.
    pub fn prizes(mut self, seat: usize, cards: &[u8]) -> Self {
        self.set_cards(Some(seat), "prizes", cards);
        self
    }

    /// The purchased events seat `seat` holds for their lasting effect (PP-14.2).
    pub fn events(mut self, seat: usize, cards: &[u8]) -> Self {
        self.set_cards(Some(seat), "events", cards);
        self
    }

    /// An event whose global effect lasts (PP-14.2), by the map.
    pub fn global_event(mut self, card: u8) -> Self {
        self.take(card);
        if let Some(items) = self.st()["global_events"].as_array_mut() {
            items.push(json!(card));
        }
        self
    }

    /// Cards in the discard pile (added to it).
    pub fn discarded(mut self, cards: &[u8]) -> Self {
        for &card in cards {
            self.take(card);
            if let Some(items) = self.st()["discard"].as_array_mut() {
                items.push(json!(card));
            }
        }
        self
    }

    /// The deck exactly, top first: the cards it held go out of the game.
    pub fn deck(mut self, cards: &[u8]) -> Self {
        self.set_cards(None, "deck", cards);
        self
    }

    /// Rumor targets `seat` (its card must be held by someone, [`Scenario::events`]).
    pub fn rumor(mut self, seat: usize) -> Self {
        self.st()["rumor"] = json!(seat);
        self
    }

    /// Seat `seat` has gifts on these slots.
    pub fn gifts(mut self, seat: usize, slots: &[GiftSlot]) -> Self {
        let gifts: Vec<bool> = GiftSlot::ALL.iter().map(|g| slots.contains(g)).collect();
        self.st()["players"][seat]["gifts"] = json!(gifts);
        self
    }

    /// Seat `seat` has `n` tribes in `region`.
    pub fn tribes(mut self, seat: usize, region: Region, n: u8) -> Self {
        self.st()["tribes"][seat][region.index()] = json!(n);
        self
    }

    /// `n` armies of `coalition` in `region`.
    pub fn armies(mut self, coalition: Coalition, region: Region, n: u8) -> Self {
        self.st()["armies"][coalition.index()][region.index()] = json!(n);
        self
    }

    /// `n` roads of `coalition` on `border`.
    pub fn roads(mut self, coalition: Coalition, border: Border, n: u8) -> Self {
        self.st()["roads"][coalition.index()][border.index()] = json!(n);
        self
    }

    /// `n` spies of seat `seat` on court card `card`.
    pub fn spies(mut self, card: u8, seat: usize, n: u8) -> Self {
        self.st()["spies"][card as usize][seat] = json!(n);
        self
    }

    /// The card in a market slot (`None`: empty) and the rupees on the slot. The card that
    /// was there goes out of the game.
    pub fn market(mut self, slot: &str, card: Option<u8>, rupees: u16) -> Self {
        let slot: Slot = slot.parse().expect("a market slot");
        let index = slot.index();
        let old = self.st()["market"][index].take();
        self.out_of_game(old);
        if let Some(card) = card {
            self.take(card);
            self.st()["market"][index] = json!(card);
        }
        self.st()["market_rupees"][index] = json!(rupees);
        self.explicit[index] = true;
        self
    }

    /// Every market slot not set by [`Scenario::market`] is empty.
    pub fn exact_market(mut self) -> Self {
        let explicit = self.explicit;
        for index in (0..Slot::COUNT).filter(|&i| !explicit[i]) {
            let old = self.st()["market"][index].take();
            self.out_of_game(old);
            self.st()["market_rupees"][index] = json!(0);
        }
        self.exact_market = true;
        self
    }

    /// The favored suit.
    pub fn favored(mut self, suit: Suit) -> Self {
        self.st()["favored"] = json!(suit);
        self
    }

    /// Seat `seat` takes the first turn: the turn order (and the spy ring) starts with it
    /// (PP-4.6: the last to choose a loyalty, one seat before the first chooser).
    pub fn first_player(mut self, seat: usize) -> Self {
        let n = self.players();
        self.st()["start_seat"] = json!((seat + 1) % n);
        self
    }

    /// Seat `seat` is active, at its action step.
    pub fn active(mut self, seat: usize) -> Self {
        self.st()["active"] = json!(seat);
        self
    }

    /// Actions left this turn.
    pub fn actions_left(mut self, n: u8) -> Self {
        self.st()["turn"]["actions_left"] = json!(n);
        self
    }

    /// A piece marked placed this turn (PP-1.6): `owner` is a seat for a cylinder, a
    /// coalition index for a block.
    pub fn placed(mut self, owner: usize, piece: Piece) -> Self {
        if let Some(placed) = self.st()["turn"]["placed"].as_array_mut() {
            placed.push(json!([owner, piece]));
        }
        self
    }

    /// Fills every empty slot not set by the scenario with the deck's next court card (unless
    /// [`Scenario::exact_market`]), then loads the snapshot, which checks every invariant.
    pub fn build(mut self) -> State {
        if !self.exact_market {
            let explicit = self.explicit;
            for index in (0..Slot::COUNT).filter(|&i| !explicit[i]) {
                if self.st()["market"][index].is_null() {
                    let deck = self.st()["deck"].as_array_mut().expect("a deck");
                    if let Some(at) = deck
                        .iter()
                        .position(|c| c.as_u64().is_some_and(|n| n <= 100))
                    {
                        let card = deck.remove(at);
                        self.st()["market"][index] = card;
                    }
                }
            }
        }
        let text = serde_json::to_string(&self.snapshot).expect("JSON");
        State::from_snapshot(&text)
            .unwrap_or_else(|e| panic!("the scenario is not a legal state: {e}"))
    }

    /// The built position with the rules, ready to play.
    pub fn table(self) -> Table {
        let game = self.game.clone();
        Table {
            game,
            state: self.build(),
            log: Vec::new(),
        }
    }
}

/// A position and its rules, played through the `Game` interface.
#[derive(Clone)]
pub struct Table {
    /// The rules.
    pub game: PaxPamir,
    /// The position.
    pub state: State,
    /// Every log line of the actions applied so far.
    pub log: Vec<String>,
}

/// A set of action texts.
pub fn set(texts: &[&str]) -> BTreeSet<String> {
    texts.iter().map(|t| t.to_string()).collect()
}

/// A card number as a card.
pub fn card(n: u8) -> CardId {
    CardId(n)
}

impl Table {
    /// The card data the rules play with.
    pub fn cards(&self) -> &CardData {
        self.game.cards()
    }

    /// Who decides now, and what.
    pub fn decision(&self) -> Option<(usize, DecisionKind)> {
        self.game.decision(&self.state).map(|d| (d.player, d.kind))
    }

    /// The seat that decides now.
    #[track_caller]
    pub fn decider(&self) -> usize {
        self.decision().expect("a decision").0
    }

    /// What is decided now.
    #[track_caller]
    pub fn kind(&self) -> DecisionKind {
        self.decision().expect("a decision").1
    }

    /// The legal actions now, as texts.
    pub fn choices(&self) -> BTreeSet<String> {
        self.game
            .legal_actions(&self.state)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// Whether `text` is a legal action now.
    pub fn offers(&self, text: &str) -> bool {
        self.choices().contains(text)
    }

    /// Applies `text`, which must be legal; the log lines are kept.
    #[track_caller]
    pub fn act(&mut self, text: &str) {
        let action: Action = text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let mut log = Log::recording();
        if let Err(e) = self.game.apply(&mut self.state, action, &mut log) {
            panic!("{text:?} refused: {e}; legal now: {:?}", self.choices());
        }
        self.log.extend(log.take());
    }

    /// Applies each text in turn.
    #[track_caller]
    pub fn acts(&mut self, texts: &[&str]) {
        for text in texts {
            self.act(text);
        }
    }

    /// The error `text` is refused with (it must be refused, leaving the state unchanged).
    #[track_caller]
    pub fn refusal(&mut self, text: &str) -> darbar::pax_pamir::Error {
        let action: Action = text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let before = self.state.clone();
        let err = self
            .game
            .apply(&mut self.state, action, &mut Log::silent())
            .expect_err("the action must be refused");
        assert_eq!(self.state, before, "a refused action changes nothing");
        err
    }

    /// A seat's holdings.
    pub fn player(&self, seat: usize) -> &Player {
        self.state.player(seat).expect("a seat at the table")
    }

    /// A seat's rupees.
    pub fn rupees(&self, seat: usize) -> i16 {
        self.player(seat).rupees
    }

    /// A seat's court, left to right, as card numbers.
    pub fn court(&self, seat: usize) -> Vec<u8> {
        self.player(seat)
            .court
            .as_slice()
            .iter()
            .map(|c| c.0)
            .collect()
    }

    /// A seat's hand, as card numbers.
    pub fn hand(&self, seat: usize) -> Vec<u8> {
        self.player(seat).hand.iter().map(|c| c.0).collect()
    }

    /// Whether the card is in the discard pile.
    pub fn discarded(&self, n: u8) -> bool {
        self.state.discard_pile().contains(card(n))
    }

    /// The card and rupees of a market slot.
    pub fn slot(&self, slot: &str) -> (Option<u8>, u16) {
        let slot: Slot = slot.parse().expect("a market slot");
        (
            self.state.market_card(slot).map(|c| c.0),
            self.state.market_rupees(slot),
        )
    }

    /// The cards that received a rupee this turn (PP-5 `paid_cards`), from the snapshot.
    pub fn paid(&self) -> BTreeSet<u8> {
        let snapshot: Value = serde_json::from_str(&self.state.to_snapshot()).expect("JSON");
        snapshot["state"]["turn"]["paid"]
            .as_array()
            .map(|cards| {
                cards
                    .iter()
                    .filter_map(|c| c.as_u64())
                    .map(|c| c as u8)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The deck, top first, from the snapshot (a test knows the deck it built).
    pub fn deck(&self) -> Vec<u8> {
        let snapshot: Value = serde_json::from_str(&self.state.to_snapshot()).expect("JSON");
        snapshot["state"]["deck"]
            .as_array()
            .map(|cards| {
                cards
                    .iter()
                    .filter_map(|c| c.as_u64())
                    .map(|c| c as u8)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The influence of a seat (PP-9.2).
    pub fn influence(&self, seat: usize) -> u16 {
        self.state.influence(self.cards(), seat)
    }

    /// Whether a log line contains `text`.
    pub fn logged(&self, text: &str) -> bool {
        self.log.iter().any(|line| line.contains(text))
    }

    /// The index of the first log line containing `text`.
    #[track_caller]
    pub fn log_index(&self, text: &str) -> usize {
        self.log
            .iter()
            .position(|line| line.contains(text))
            .unwrap_or_else(|| panic!("no log line with {text:?} in {:#?}", self.log))
    }
}

// ----- helpers for the rule tests (`rules_*`) ----------------------------------------------

impl Scenario {
    /// Loads the snapshot without panicking: the rule a position breaks, if it breaks one.
    pub fn try_build(self) -> Result<State, darbar::engine::SnapshotError> {
        let text = serde_json::to_string(&self.snapshot).expect("JSON");
        State::from_snapshot(&text)
    }
}

impl Table {
    /// The error `text` is refused with; the state's snapshot is the same byte for byte after.
    #[track_caller]
    pub fn refused(&mut self, text: &str) -> darbar::pax_pamir::Error {
        let before = self.state.to_snapshot();
        let err = self.refusal(text);
        assert_eq!(
            self.state.to_snapshot(),
            before,
            "a refused action changes no byte of the snapshot"
        );
        err
    }

    /// Asserts who decides, what, and exactly which choices are offered.
    #[track_caller]
    pub fn expect(&self, seat: usize, kind: DecisionKind, texts: &[&str]) {
        assert_eq!(
            (self.decider(), self.kind()),
            (seat, kind),
            "choices now: {:?}",
            self.choices()
        );
        assert_eq!(self.choices(), set(texts), "the choices of {kind:?}");
    }

    /// Whether a lasting global effect is active (PP-14.2).
    pub fn global(&self, effect: darbar::pax_pamir::EventEffect) -> bool {
        self.state.global_effect(self.cards(), effect)
    }

    /// Whether a seat holds a purchased lasting effect (PP-14.2).
    pub fn holds(&self, seat: usize, effect: darbar::pax_pamir::EventEffect) -> bool {
        self.state.has_effect(self.cards(), seat, effect)
    }

    /// The VP of every seat, in seat order.
    pub fn vps(&self) -> Vec<u16> {
        (0..self.state.players())
            .map(|s| self.player(s).vp)
            .collect()
    }

    /// Every market slot's rupees, in fill order.
    pub fn market_total(&self) -> u16 {
        Slot::all().map(|s| self.state.market_rupees(s)).sum()
    }
}
