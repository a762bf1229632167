//! Positions for the worked examples (TI-19) and the scenario tests (TC-18), built through the
//! public snapshot format: a real state after setup, edited as JSON into the test position TP
//! of TC-18 (or the variant a test names) and loaded back with `State::from_snapshot`, which
//! checks every invariant. So every position is one the engine accepts. A [`Table`] then plays
//! on through `Game::apply`, asserting that every step is legal and keeping the log.
//!
//! The stack of pending rules is built as the rules build it (`round.rs`): a round pushes
//! housekeeping, the round end, the Phase-4 loop, the auction, the events and the region
//! choice, each phase behind its `enter_phase` step; a decision frame is always on top.

use darbar::engine::{Game, Log, Snapshot};
use darbar::tycoon::content::MeritWindow;
use darbar::tycoon::{
    Action, ActionKind, CityId, Content, DecisionKind, Difficulty, Error, Options, Region,
    SeatState, Sector, State, Tycoon, View,
};
use serde_json::{Value, json};

/// The seed of the real state every position starts from.
const SEED: u64 = 1;
/// The phase counter of TP's Phase 4; a card given to a seat counts as drawn in phase 0, an
/// earlier phase, so it is playable (TC-18 TP, TC-12).
pub const PHASE_SERIAL: u16 = 10;

/// Seat numbers of TC-18's colours in turn order (TI-0.2, seat order is turn order).
pub const RED: usize = 0;
/// Blue, second in turn order.
pub const BLUE: usize = 1;
/// Green, third.
pub const GREEN: usize = 2;
/// Yellow, fourth.
pub const YELLOW: usize = 3;

/// The default content (TC-1 … TC-16).
pub fn content() -> &'static Content {
    Content::standard()
}

/// The content number of an item by its id, in a list of the content.
fn number<T>(items: &[T], id: &str, item_id: impl Fn(&T) -> &str) -> u8 {
    let at = items
        .iter()
        .position(|x| item_id(x) == id)
        .unwrap_or_else(|| panic!("{id} is not in the content"));
    u8::try_from(at).expect("a content number fits a byte")
}

/// An industry card's content number (TC-7).
pub fn industry(id: &str) -> u8 {
    number(&content().industries, id, |x| &x.id)
}

/// A policy card's content number (TC-8).
pub fn policy(id: &str) -> u8 {
    number(&content().policies, id, |x| &x.id)
}

/// A merit card's content number (TC-12).
pub fn merit(id: &str) -> u8 {
    number(&content().merits, id, |x| &x.id)
}

/// A conglomerate token's content number (TC-13).
pub fn conglomerate(id: &str) -> u8 {
    number(&content().conglomerates, id, |x| &x.id)
}

/// A planning commission card's content number (TC-9).
pub fn plan(id: &str) -> u8 {
    number(&content().plans, id, |x| &x.id)
}

/// A headline's content number (TC-10).
pub fn headline(id: &str) -> u8 {
    number(&content().headlines, id, |x| &x.id)
}

/// An agenda's content number (TC-11).
pub fn agenda(id: &str) -> u8 {
    number(&content().agendas, id, |x| &x.id)
}

/// A favour token's content number (TC-14).
pub fn favour(id: &str) -> u8 {
    number(&content().favours, id, |x| &x.id)
}

/// An automa card's content number (TC-16.6).
pub fn automa(id: &str) -> u8 {
    number(&content().automa, id, |x| &x.id)
}

/// An unmanaged strategy space's content number (TC-5).
fn unmanaged(id: &str) -> u8 {
    number(&content().board.unmanaged, id, |x| &x.id)
}

/// A city by its snake-case id (TC-2.2).
pub fn city(id: &str) -> CityId {
    content()
        .city(id)
        .unwrap_or_else(|| panic!("{id} is not a city"))
}

/// A Phase-4 action taken with a regular or Tycoon token (TI-8.1).
pub fn act(kind: ActionKind) -> Action {
    Action::Act(kind)
}

/// Where the position stands: which decision is on top of the stack.
#[derive(Clone, Debug)]
enum At {
    /// Phase 4, this seat's turn (its ACT merit window first if it has a playable card).
    Turn(usize),
    /// Phase 1: the Tycoon chooses the region.
    Region,
    /// Phase 2: the first sealed policy bid of the round.
    PolicyBid,
    /// Phase 2: this seat's NP turn (its NP merit window first if it has a playable card).
    NationalProject(usize),
}

/// A position under construction: the snapshot of a real state, edited field by field into
/// TP (TC-18) and then into what the test names.
pub struct Scenario {
    game: Tycoon,
    snapshot: Value,
    at: At,
    /// A decision frame put on top of the position's stack (a choice inside an action).
    pending: Option<Value>,
    /// The last stack stamp given: discs set later lie higher in their stacks (TI-0.4).
    stamp: u64,
}

impl Scenario {
    /// TC-18's test position TP: 4 people, Red the Tycoon; round 3, Phase 4, Red to act;
    /// every seat 100 Cr, 5 promoters, 5 in its pool; influence Red 10, Blue 11, Green 12,
    /// Yellow 13; no disc, factory, card, policy, merit card, agenda or note; full share stacks;
    /// no headline; every strategy space uncovered; the merit deck `M-01` … `M-30` in id order.
    pub fn tp() -> Scenario {
        Scenario::with(Options::default())
    }

    /// TP with these options (3 seats, automa seats, the Headline expansion).
    pub fn with(options: Options) -> Scenario {
        let game = Tycoon::new(options).expect("a valid seat layout");
        let mut state = game.new_initial_state(SEED);
        // Setup's decisions, each answered with its last choice, to round 1's first decision.
        while state.round() == 0 {
            let decision = game.decision(&state).expect("a setup decision");
            let last = *decision.choices.last().expect("a choice");
            game.apply(&mut state, last, &mut Log::silent())
                .expect("a listed setup answer");
        }
        let snapshot: Value = serde_json::from_str(&state.to_snapshot()).expect("snapshot JSON");
        let mut scenario = Scenario {
            game,
            snapshot,
            at: At::Turn(RED),
            pending: None,
            stamp: 0,
        };
        scenario.reset();
        scenario
    }

    /// TP's values over the state after setup.
    fn reset(&mut self) {
        let n = self.seats();
        let st = self.st();
        st["tycoon"] = json!(0);
        st["round"] = json!(3);
        st["phase"] = json!("actions");
        st["phase_serial"] = json!(PHASE_SERIAL);
        st["region"] = Value::Null;
        st["cities"] = json!(vec![Value::Null; content().map.cities.len()]);
        st["setup_policies"] = json!([]);
        st["merit_deck"] = json!((0..content().merits.len()).collect::<Vec<_>>());
        st["merit_known_tail"] = json!(0);
        st["headline"] = Value::Null;
        st["headline_deck"] = json!([]);
        st["headlines_past"] = json!([]);
        st["bids"] = json!(vec![Value::Null; n]);
        st["standing"] = json!(vec![Value::Null; n]);
        st["lap_one_passes"] = json!(0);
        st["opening"] = json!(0);
        st["top_bidder"] = Value::Null;
        st["auction_takers"] = json!(0);
        for space in st["spaces"].as_array_mut().expect("spaces") {
            space["cover"] = Value::Null;
        }
        for k in 0..n {
            let seat = &mut self.st()["seats"][k];
            seat["money"] = json!(100);
            seat["promoters"] = json!(5);
            seat["pool"] = json!(5);
            seat["support"] = json!(0);
            seat["levels"] = json!([0, 0, 0, 0, 0, 0]);
            seat["level_stamps"] = json!([0, 0, 0, 0, 0, 0]);
            seat["reserve"] = json!(9);
            seat["industries"] = json!([]);
            seat["shares_left"] = json!(9);
            seat["held"] = json!([0, 0, 0, 0]);
            seat["policies"] = json!([]);
            seat["merits"] = json!([]);
            seat["agenda"] = json!([]);
            seat["agenda_discarded"] = Value::Null;
            seat["notes"] = json!(0);
            seat["plus1"] = json!(0);
            seat["tokens"] = json!(2);
            seat["tycoon_token"] = json!(k == 0);
            seat["taken"] = json!(0);
            seat["out"] = json!(false);
            seat["automa_card"] = Value::Null;
        }
        for k in 0..n {
            self.set_influence(k, 10 + k as u32);
        }
    }

    fn set_influence(&mut self, seat: usize, n: u32) {
        let stamp = self.next_stamp();
        self.seat_mut(seat)["influence_stamp"] = json!(stamp);
        self.seat_mut(seat)["influence"] = json!(n);
    }

    fn st(&mut self) -> &mut Value {
        &mut self.snapshot["state"]
    }

    fn seat_mut(&mut self, seat: usize) -> &mut Value {
        &mut self.snapshot["state"]["seats"][seat]
    }

    fn seats(&self) -> usize {
        self.snapshot["state"]["seats"]
            .as_array()
            .map_or(0, Vec::len)
    }

    fn next_stamp(&mut self) -> u64 {
        self.stamp += 1;
        self.st()["stamp"] = json!(self.stamp);
        self.stamp
    }

    fn set(mut self, seat: usize, field: &str, value: Value) -> Self {
        self.seat_mut(seat)[field] = value;
        self
    }

    fn add(mut self, seat: usize, field: &str, n: i64) -> Self {
        let now = self.seat_mut(seat)[field].as_i64().unwrap_or(0);
        self.seat_mut(seat)[field] = json!(now + n);
        self
    }

    fn list(&mut self, field: &str) -> &mut Vec<Value> {
        self.st()[field].as_array_mut().expect("a list")
    }

    /// Takes a card out of a deck and a display (`promoters` slots), wherever it lies.
    fn take_card(&mut self, deck: &str, display: &str, card: u8) {
        self.list(deck).retain(|c| c != &json!(card));
        self.list(display).retain(|s| s["card"] != json!(card));
    }

    // ----- seats ------------------------------------------------------------------------

    /// A seat's Cr.
    pub fn money(self, seat: usize, cr: u32) -> Self {
        self.set(seat, "money", json!(cr))
    }

    /// A seat's promoters in its personal supply.
    pub fn promoters(self, seat: usize, n: u32) -> Self {
        self.set(seat, "promoters", json!(n))
    }

    /// A seat's promoters in its strategy pool.
    pub fn pool(self, seat: usize, n: u32) -> Self {
        self.set(seat, "pool", json!(n))
    }

    /// A seat's support tokens' worth.
    pub fn support(self, seat: usize, n: u32) -> Self {
        self.set(seat, "support", json!(n))
    }

    /// A seat's influence; its disc arrives now, on top of any disc already there (TI-0.4).
    pub fn influence(mut self, seat: usize, n: u32) -> Self {
        self.set_influence(seat, n);
        self
    }

    /// A seat's level on a sector track; its disc arrives now, on top of the stack there.
    pub fn level(mut self, seat: usize, sector: Sector, n: u8) -> Self {
        let stamp = if n == 0 { 0 } else { self.next_stamp() };
        let i = sector.index();
        self.seat_mut(seat)["levels"][i] = json!(n);
        self.seat_mut(seat)["level_stamps"][i] = json!(stamp);
        self
    }

    /// A seat's promissory notes.
    pub fn notes(self, seat: usize, n: u8) -> Self {
        self.set(seat, "notes", json!(n))
    }

    /// A seat's +1 action tokens.
    pub fn plus1(self, seat: usize, n: u32) -> Self {
        self.set(seat, "plus1", json!(n))
    }

    /// "`seat` holds `card`": the industry card in its area unbuilt, a reserve factory on it.
    pub fn holds(mut self, seat: usize, card: &str) -> Self {
        let card = industry(card);
        self.take_card("industry_deck", "industry_display", card);
        self.seat_mut(seat)["industries"]
            .as_array_mut()
            .expect("industries")
            .push(json!({"card": card, "city": null}));
        self.add(seat, "reserve", -1)
    }

    /// `seat` has built `card` in `city` (TI-8.3.3).
    pub fn built(mut self, seat: usize, card: &str, city_id: &str) -> Self {
        let (card, at) = (industry(card), city(city_id).index());
        assert!(
            self.st()["cities"][at].is_null(),
            "{city_id} already holds a factory"
        );
        self.take_card("industry_deck", "industry_display", card);
        self.seat_mut(seat)["industries"]
            .as_array_mut()
            .expect("industries")
            .push(json!({"card": card, "city": at}));
        self.st()["cities"][at] = json!({"owner": seat, "card": card});
        self.add(seat, "reserve", -1)
    }

    /// `seat` has an Office factory in `city` (TI-8.6).
    pub fn office(mut self, seat: usize, city_id: &str) -> Self {
        let at = city(city_id).index();
        assert!(
            self.st()["cities"][at].is_null(),
            "{city_id} already holds a factory"
        );
        self.st()["cities"][at] = json!({"owner": seat, "card": null});
        self.add(seat, "reserve", -1)
    }

    /// `seat` has no factory left in reserve: the rest of its 9 become Offices in the first
    /// empty cities.
    pub fn no_reserve(mut self, seat: usize) -> Self {
        while self.seat_mut(seat)["reserve"].as_u64().unwrap_or(0) > 0 {
            let empty = self.st()["cities"]
                .as_array()
                .and_then(|cities| cities.iter().position(Value::is_null))
                .expect("an empty city");
            let id = content().map.cities[empty].id.clone();
            self = self.office(seat, &id);
        }
        self
    }

    /// `seat` owns the policy `card` (acquired earlier: a Liberal `NOW` does not resolve).
    pub fn policy(mut self, seat: usize, card: &str) -> Self {
        let card = policy(card);
        self.take_card("policy_deck", "policy_display", card);
        self.seat_mut(seat)["policies"]
            .as_array_mut()
            .expect("policies")
            .push(json!(card));
        self
    }

    /// `seat` holds the merit card `card`, drawn in an earlier phase (TC-18 TP, TC-12); it
    /// leaves the merit deck.
    pub fn merit(mut self, seat: usize, card: &str) -> Self {
        let card = merit(card);
        self.list("merit_deck").retain(|c| c != &json!(card));
        self.seat_mut(seat)["merits"]
            .as_array_mut()
            .expect("merits")
            .push(json!({"card": card, "drawn": 0}));
        self
    }

    /// `seat`'s corporate agenda (TI-15).
    pub fn agenda(self, seat: usize, card: &str) -> Self {
        self.set(seat, "agenda", json!([agenda(card)]))
    }

    /// `holder` holds `n` more shares of `colour` (TI-8.4): they leave the top of its stack.
    pub fn shares(mut self, holder: usize, colour: usize, n: u8) -> Self {
        let held = self.seat_mut(holder)["held"][colour].as_u64().unwrap_or(0);
        self.seat_mut(holder)["held"][colour] = json!(held + u64::from(n));
        self.add(colour, "shares_left", -i64::from(n))
    }

    /// `seat` has covered the unmanaged space `space` (`SU-nn`) with its lowest share (TI-8.6).
    pub fn covers(mut self, seat: usize, space: &str) -> Self {
        let left = self.seat_mut(seat)["shares_left"].as_u64().unwrap_or(0);
        let value = 30 + 5 * (9 - left);
        let number = unmanaged(space);
        let spaces = self.list("spaces");
        let k = spaces
            .iter()
            .position(|s| s["space"] == json!(number))
            .unwrap_or_else(|| panic!("{space} is not in play"));
        spaces[k]["cover"] = json!([seat, value]);
        self.add(seat, "shares_left", -1)
    }

    /// `seat`'s action tokens this Phase 4: regular tokens left, whether the Tycoon token is
    /// still to be used, and the actions already taken (TI-8.1).
    pub fn tokens(mut self, seat: usize, regular: u8, tycoon: bool, taken: &[ActionKind]) -> Self {
        let bits: u8 = taken.iter().map(|k| k.bit()).fold(0, |a, b| a | b);
        self.seat_mut(seat)["tokens"] = json!(regular);
        self.seat_mut(seat)["tycoon_token"] = json!(tycoon);
        self.set(seat, "taken", json!(bits))
    }

    /// `seat` has left this Phase 4's loop (a pass, TI-8.2).
    pub fn out(self, seat: usize) -> Self {
        self.set(seat, "out", json!(true))
    }

    /// The automa at `seat` has turned up `card` this round (TC-16.3).
    pub fn automa_card(self, seat: usize, card: &str) -> Self {
        self.set(seat, "automa_card", json!(automa(card)))
    }

    // ----- the table ----------------------------------------------------------------------

    /// The Tycoon (TI-2.9): it holds the Tycoon token this Phase 4, the others do not.
    pub fn tycoon(mut self, seat: usize) -> Self {
        self.st()["tycoon"] = json!(seat);
        for k in 0..self.seats() {
            self.seat_mut(k)["tycoon_token"] = json!(k == seat);
        }
        if let At::Turn(_) = self.at {
            self.at = At::Turn(seat);
        }
        self
    }

    /// The round (TI-4).
    pub fn round(mut self, round: u8) -> Self {
        self.st()["round"] = json!(round);
        self
    }

    /// The active region (TI-5).
    pub fn region(mut self, region: Region) -> Self {
        self.st()["region"] = json!(region);
        self
    }

    /// The industry display, front first, with the promoters on each card (TI-2.7).
    pub fn industry_display(mut self, cards: &[(&str, u32)]) -> Self {
        let mut row = Vec::new();
        for &(id, promoters) in cards {
            let card = industry(id);
            self.take_card("industry_deck", "industry_display", card);
            row.push(json!({"card": card, "promoters": promoters}));
        }
        self.st()["industry_display"] = json!(row);
        self
    }

    /// These industry cards on top of the deck, the first on top.
    pub fn industry_deck_top(mut self, cards: &[&str]) -> Self {
        for &id in cards.iter().rev() {
            let card = industry(id);
            self.take_card("industry_deck", "industry_display", card);
            self.list("industry_deck").push(json!(card));
        }
        self
    }

    /// The industry deck holds exactly these cards, the first on top.
    pub fn industry_deck(mut self, cards: &[&str]) -> Self {
        self.st()["industry_deck"] = json!([]);
        self.industry_deck_top(cards)
    }

    /// The policy display, front first, with the promoters on each card (TI-2.7).
    pub fn policy_display(mut self, cards: &[(&str, u32)]) -> Self {
        let mut row = Vec::new();
        for &(id, promoters) in cards {
            let card = policy(id);
            self.take_card("policy_deck", "policy_display", card);
            row.push(json!({"card": card, "promoters": promoters}));
        }
        self.st()["policy_display"] = json!(row);
        self
    }

    /// These policies on top of the deck, the first on top.
    pub fn policy_deck_top(mut self, cards: &[&str]) -> Self {
        for &id in cards.iter().rev() {
            let card = policy(id);
            self.take_card("policy_deck", "policy_display", card);
            self.list("policy_deck").push(json!(card));
        }
        self
    }

    /// The policy deck holds exactly these cards, the first on top.
    pub fn policy_deck(mut self, cards: &[&str]) -> Self {
        self.st()["policy_deck"] = json!([]);
        self.policy_deck_top(cards)
    }

    /// The merit deck holds exactly these cards, the first on top.
    pub fn merit_deck(mut self, cards: &[&str]) -> Self {
        let cards: Vec<u8> = cards.iter().map(|&id| merit(id)).collect();
        self.st()["merit_deck"] = json!(cards);
        self
    }

    /// The conglomerate tokens still available (TI-11).
    pub fn conglomerates(mut self, tokens: &[&str]) -> Self {
        let tokens: Vec<u8> = tokens.iter().map(|&id| conglomerate(id)).collect();
        self.st()["conglomerates"] = json!(tokens);
        self
    }

    /// The two favoured sectors' tokens (TI-12).
    pub fn favours(mut self, tokens: &[&str]) -> Self {
        let tokens: Vec<u8> = tokens.iter().map(|&id| favour(id)).collect();
        self.st()["favours"] = json!(tokens);
        self
    }

    /// The planning commission cards in play (TI-14).
    pub fn plans(mut self, cards: &[&str]) -> Self {
        let cards: Vec<u8> = cards.iter().map(|&id| plan(id)).collect();
        self.st()["plans"] = json!(cards);
        self
    }

    /// The headline of the round (TI-17), with the expansion on.
    pub fn headline(mut self, card: &str) -> Self {
        self.st()["options"]["headline_expansion"] = json!(true);
        self.st()["headline"] = json!(headline(card));
        self
    }

    /// The next round's headline on top of the headline deck, with the expansion on.
    pub fn next_headline(mut self, card: &str) -> Self {
        self.st()["options"]["headline_expansion"] = json!(true);
        self.st()["headline_deck"] = json!([headline(card)]);
        self
    }

    /// The top of an automa deck (TC-16.1): its next card.
    pub fn automa_deck_top(mut self, level: Difficulty, card: &str) -> Self {
        let card = json!(automa(card));
        let deck = self.st()["automa_decks"][level.index()]
            .as_array_mut()
            .expect("an automa deck");
        deck.retain(|c| c != &card);
        deck.push(card);
        self
    }

    /// This round's highest industry bidder, the next Tycoon (TI-4.2).
    pub fn top_bidder(mut self, seat: usize) -> Self {
        self.st()["top_bidder"] = json!(seat);
        self
    }

    // ----- where the position stands -------------------------------------------------------

    /// Phase 4, `seat` to act (its ACT merit window first if it holds a playable card).
    pub fn acting(mut self, seat: usize) -> Self {
        self.st()["phase"] = json!("actions");
        self.at = At::Turn(seat);
        self
    }

    /// Phase 4 with every seat but `seat` out of the loop, `seat` to act: its pass ends the
    /// Phase 4 and the round (TI-8.2, TI-4.2).
    pub fn last_to_act(mut self, seat: usize) -> Self {
        for k in (0..self.seats()).filter(|&k| k != seat) {
            self = self.out(k);
        }
        self.acting(seat)
    }

    /// The start of the round, Phase 1: the Tycoon chooses the region (TI-5.1).
    pub fn region_choice(mut self) -> Self {
        self.st()["phase"] = json!("region");
        self.at = At::Region;
        self
    }

    /// Phase 2's sealed policy bid (TI-6.2), the Tycoon asked first (TI-21.19).
    pub fn policy_bid(mut self) -> Self {
        self.st()["phase"] = json!("events");
        self.at = At::PolicyBid;
        self
    }

    /// Phase 2's National Project, `seat`'s turn (TI-6.4; its NP merit window first if it
    /// holds a playable card).
    pub fn np_turn(mut self, seat: usize) -> Self {
        self.st()["phase"] = json!("events");
        self.at = At::NationalProject(seat);
        self
    }

    /// A decision inside the current action on top of the position: the frame as the
    /// snapshot writes it, e.g. `{"conglomerate": {"seat": 0}}`.
    pub fn pending(mut self, frame: Value) -> Self {
        self.pending = Some(frame);
        self
    }

    // ----- building ---------------------------------------------------------------------

    fn turn_offset(&self, seat: usize) -> usize {
        let n = self.seats();
        let tycoon = self.snapshot["state"]["tycoon"].as_u64().unwrap_or(0) as usize;
        (seat + n - tycoon) % n
    }

    /// The events of the round (TC-6).
    fn round_events(&self) -> Vec<String> {
        let round = self.snapshot["state"]["round"].as_u64().unwrap_or(1) as usize;
        let plan: Value =
            serde_json::to_value(&content().board.rounds[round - 1]).expect("a round's JSON");
        plan["events"]
            .as_array()
            .map(|events| {
                events
                    .iter()
                    .filter_map(|e| e.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Whether `seat` holds a merit card it may play in `window` now (TC-12).
    fn has_playable(&self, seat: usize, window: MeritWindow) -> bool {
        let me = &self.snapshot["state"]["seats"][seat];
        let notes = me["notes"].as_u64().unwrap_or(0);
        me["merits"].as_array().is_some_and(|cards| {
            cards.iter().any(|m| {
                let card = &content().merits[m["card"].as_u64().unwrap_or(0) as usize];
                let more_notes = card
                    .effects
                    .iter()
                    .filter(|e| matches!(e, darbar::tycoon::content::Effect::Note { .. }))
                    .count() as u64;
                card.window == window && notes + more_notes <= 10
            })
        })
    }

    /// The stack for the position, bottom first.
    fn stack(&self) -> Vec<Value> {
        let n = self.seats();
        let mut stack = vec![json!("housekeeping"), json!("round_end")];
        let before_phase_4 = [
            json!({"actions": {"next": 0}}),
            json!({"enter_phase": {"phase": "actions"}}),
            json!("auction"),
            json!({"enter_phase": {"phase": "auction"}}),
        ];
        let events = self.round_events();
        match self.at {
            At::Turn(seat) => {
                let k = self.turn_offset(seat);
                stack.push(json!({"actions": {"next": (k + 1) % n}}));
                stack.push(json!({"turn": {"seat": seat}}));
                if self.has_playable(seat, MeritWindow::Act) {
                    stack.push(json!({"merit_window": {"seat": seat, "window": "act"}}));
                }
            }
            At::Region => {
                stack.extend(before_phase_4);
                stack.push(json!({"events": {"next": 0}}));
                stack.push(json!({"enter_phase": {"phase": "events"}}));
                stack.push(json!("region"));
            }
            At::PolicyBid => {
                let i = events
                    .iter()
                    .position(|e| e == "policy_bid")
                    .expect("a round with a policy bid");
                stack.extend(before_phase_4);
                stack.push(json!({"events": {"next": i + 1}}));
                stack.push(json!({"policy_bid": {"asked": 0}}));
            }
            At::NationalProject(seat) => {
                let i = events
                    .iter()
                    .position(|e| e == "national_project")
                    .expect("a round with an NP event");
                let k = self.turn_offset(seat);
                stack.extend(before_phase_4);
                stack.push(json!({"events": {"next": i + 1}}));
                stack.push(json!({"national_project": {"asked": k + 1}}));
                stack.push(json!({"np_buy": {"seat": seat, "bought": 0}}));
                if self.has_playable(seat, MeritWindow::NationalProject) {
                    stack.push(
                        json!({"merit_window": {"seat": seat, "window": "national_project"}}),
                    );
                }
            }
        }
        stack.extend(self.pending.clone());
        stack
    }

    /// Loads the snapshot without panicking: the invariant a position breaks, if any.
    pub fn try_build(mut self) -> Result<State, darbar::engine::SnapshotError> {
        let stack = self.stack();
        self.st()["stack"] = json!(stack);
        let text = serde_json::to_string(&self.snapshot).expect("JSON");
        State::from_snapshot(&text)
    }

    /// The position, which must be a legal state.
    #[track_caller]
    pub fn build(self) -> State {
        self.try_build()
            .unwrap_or_else(|e| panic!("the scenario is not a legal state: {e}"))
    }

    /// The position with its rules, ready to play.
    #[track_caller]
    pub fn table(self) -> Table {
        let game = self.game.clone();
        Table {
            game,
            state: self.build(),
            log: Vec::new(),
        }
    }

    /// Phase 3 of the round, the Tycoon's first bid to make: the position is the last NP turn
    /// of Phase 2 (a round whose last event is the NP, TC-6), which the table ends with
    /// `done`; the rules then open the auction and work out its opening minimum (TI-7.2).
    #[track_caller]
    pub fn auction(self) -> Table {
        let n = self.seats();
        let tycoon = self.snapshot["state"]["tycoon"].as_u64().unwrap_or(0) as usize;
        let last = (tycoon + n - 1) % n;
        let mut table = self.np_turn(last).table();
        table.act(Action::Done);
        assert_eq!(table.kind(), DecisionKind::IndustryBid, "Phase 3 has begun");
        table
    }
}

/// A position and its rules, played through the `Game` interface.
#[derive(Clone)]
pub struct Table {
    /// The rules.
    pub game: Tycoon,
    /// The position.
    pub state: State,
    /// Every log line of the actions applied so far.
    pub log: Vec<String>,
}

impl Table {
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

    /// The legal actions now.
    pub fn choices(&self) -> Vec<Action> {
        self.game.legal_actions(&self.state)
    }

    /// Whether `action` is legal now.
    pub fn offers(&self, action: Action) -> bool {
        self.choices().contains(&action)
    }

    /// Applies `action`, which must be legal; the log lines are kept.
    #[track_caller]
    pub fn act(&mut self, action: Action) {
        let mut log = Log::recording();
        if let Err(e) = self.game.apply(&mut self.state, action, &mut log) {
            panic!(
                "{action} refused: {e}; {:?} legal now: {:?}",
                self.decision(),
                self.choices()
            );
        }
        self.log.extend(log.take());
    }

    /// Applies each action in turn, each one legal.
    #[track_caller]
    pub fn play(&mut self, actions: &[Action]) {
        for &action in actions {
            self.act(action);
        }
    }

    /// Answers every decision with its last choice (pass, done, decline, a bid of 0, the last
    /// slot: TC-17's always-legal answers) while `until` is false.
    #[track_caller]
    pub fn defaults_until(&mut self, until: impl Fn(&Table) -> bool) {
        let mut steps = 0;
        while !until(self) {
            let last = *self.choices().last().expect("a decision before the stop");
            self.act(last);
            steps += 1;
            assert!(steps < 1_000, "no stop after 1,000 default answers");
        }
    }

    /// The error `action` is refused with; the state's snapshot is the same byte for byte.
    #[track_caller]
    pub fn refused(&mut self, action: Action) -> Error {
        let before = self.state.to_snapshot();
        let err = self
            .game
            .apply(&mut self.state, action, &mut Log::silent())
            .expect_err("the action must be refused");
        assert_eq!(
            self.state.to_snapshot(),
            before,
            "a refused action changes nothing"
        );
        err
    }

    /// A seat's holdings.
    #[track_caller]
    pub fn seat(&self, seat: usize) -> &SeatState {
        self.state.seat(seat).expect("a seat at the table")
    }

    /// A seat's view (TI-2.6).
    pub fn view(&self, seat: usize) -> View {
        self.game.view(&self.state, seat)
    }

    /// The merit cards a seat holds, by id.
    pub fn merits(&self, seat: usize) -> Vec<String> {
        self.seat(seat)
            .merits
            .iter()
            .map(|m| content().merits[usize::from(m.card)].id.clone())
            .collect()
    }

    /// The policies a seat owns, by id.
    pub fn policies(&self, seat: usize) -> Vec<String> {
        self.seat(seat)
            .policies
            .iter()
            .map(|&p| content().policies[usize::from(p)].id.clone())
            .collect()
    }

    /// The industry cards a seat owns, by id, with the city of each built one.
    pub fn industries(&self, seat: usize) -> Vec<(String, Option<String>)> {
        self.seat(seat)
            .industries
            .iter()
            .map(|h| {
                (
                    content().industries[usize::from(h.card)].id.clone(),
                    h.city.map(|c| content().map.cities[c.index()].id.clone()),
                )
            })
            .collect()
    }

    /// The industry display, front first, as (id, promoters on it).
    pub fn industry_display(&self) -> Vec<(String, u32)> {
        self.view(0)
            .industry_display
            .into_iter()
            .map(|s| (s.id, s.promoters))
            .collect()
    }

    /// The policy display, front first, as (id, promoters on it).
    pub fn policy_display(&self) -> Vec<(String, u32)> {
        self.view(0)
            .policy_display
            .into_iter()
            .map(|s| (s.id, s.promoters))
            .collect()
    }

    /// A field of the state as the snapshot writes it (decks and other hidden parts a test
    /// that built them knows).
    pub fn snapshot_field(&self, field: &str) -> Value {
        let snapshot: Value = serde_json::from_str(&self.state.to_snapshot()).expect("JSON");
        snapshot["state"][field].clone()
    }

    /// The merit deck, top first, by id.
    pub fn merit_deck(&self) -> Vec<String> {
        self.snapshot_field("merit_deck")
            .as_array()
            .map(|cards| {
                cards
                    .iter()
                    .filter_map(Value::as_u64)
                    .map(|c| content().merits[c as usize].id.clone())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The [`Action::Space`] of a strategy space: `SM-1`, `SM-2`, or an unmanaged space in
    /// play by its id (TC-5).
    #[track_caller]
    pub fn space(&self, id: &str) -> Action {
        match id {
            "SM-1" => Action::Space(0),
            "SM-2" => Action::Space(1),
            _ => {
                let k = self
                    .view(0)
                    .spaces
                    .iter()
                    .position(|s| s.id == id)
                    .unwrap_or_else(|| panic!("{id} is not in play"));
                Action::Space(2 + k as u8)
            }
        }
    }

    /// Who covers a strategy space (TI-8.6).
    pub fn covered_by(&self, id: &str) -> Option<usize> {
        self.view(0)
            .spaces
            .iter()
            .find(|s| s.id == id)
            .and_then(|s| s.covered_by)
    }

    /// The Build action, played to its end (TI-8.3): `card` in `city`, with these merit cards
    /// played in its BUILD window.
    #[track_caller]
    pub fn build(&mut self, card: &str, city_id: &str, merits: &[&str]) {
        self.play(&[
            act(ActionKind::Build),
            Action::Card(industry(card)),
            Action::City(city(city_id)),
        ]);
        for &m in merits {
            self.act(Action::Merit(merit(m)));
        }
        self.act(Action::Done);
    }

    /// Whether a log line contains `text`.
    pub fn logged(&self, text: &str) -> bool {
        self.log.iter().any(|line| line.contains(text))
    }
}

/// The index of a sector's level in [`SeatState::levels`].
pub fn lv(sector: Sector) -> usize {
    sector.index()
}

/// A seat's holdings after an action: `before` with `edit` applied, everything else the same
/// (the stack stamps of discs that moved excepted: they only order a stack, TI-0.4).
#[track_caller]
pub fn assert_seat(before: &SeatState, after: &SeatState, edit: impl FnOnce(&mut SeatState)) {
    let mut expected = before.clone();
    expected.influence_stamp = after.influence_stamp;
    expected.level_stamps = after.level_stamps;
    edit(&mut expected);
    assert_eq!(after, &expected, "the seat's holdings");
}

/// `seat` has used a regular token for `kind` (TI-8.1).
pub fn used_token(seat: &mut SeatState, kind: ActionKind) {
    seat.tokens -= 1;
    seat.taken |= kind.bit();
}

impl Table {
    /// Asserts `seat` holds what it held in `before` with `edit` applied, nothing else changed.
    #[track_caller]
    pub fn assert_seat(&self, before: &Table, seat: usize, edit: impl FnOnce(&mut SeatState)) {
        assert_seat(before.seat(seat), self.seat(seat), edit);
    }

    /// Asserts that these seats hold exactly what they held in `before`.
    #[track_caller]
    pub fn assert_unchanged(&self, before: &Table, seats: &[usize]) {
        for &seat in seats {
            assert_eq!(
                self.seat(seat),
                before.seat(seat),
                "seat {seat} is unchanged"
            );
        }
    }
}
