//! Helpers shared by the rule tests (`rules_*.rs`): parsing and applying actions through the
//! public decision API, setting up positions with the validated board primitives, and finding
//! seeds and driving the game to a wanted card.

use darbar::engine::{Game, Log, Rule};
use darbar::vijayanagara::{
    Action, Card, DecisionKind, Loyalty, Piece, Player, SpaceId, State, Vijayanagara,
};

/// Delhi Sultanate.
pub const DS: Player = Player::Sultanate;
/// Bahmani Kingdom.
pub const BK: Player = Player::Bahmani;
/// Vijayanagara Empire.
pub const VN: Player = Player::Vijayanagara;

/// An Obedient Amir (BK unit).
pub const OBEDIENT_AMIR: Piece = Piece::Amir(Loyalty::Obedient);
/// An Obedient Raja (VN unit).
pub const OBEDIENT_RAJA: Piece = Piece::Raja(Loyalty::Obedient);

/// The rules the tests play: the core's, without Event cards (their scripts need a card host;
/// the tests of Event cards give theirs).
pub fn game() -> Vijayanagara {
    Vijayanagara::without_events(darbar::vijayanagara::Options::default())
}

/// Parses `text` as an action, panicking with the parse error if it is not one.
pub fn action(text: &str) -> Action {
    text.parse()
        .unwrap_or_else(|e| panic!("{text:?} does not parse: {e}"))
}

/// The legal actions now, as text (for readable assertions and failure messages), without the
/// gifts of §1.5.2 that every decision point offers: the rule under test is about the rest.
pub fn legal(state: &State) -> Vec<String> {
    state
        .legal_actions()
        .iter()
        .filter(|a| !matches!(a, Action::Give))
        .map(ToString::to_string)
        .collect()
}

/// Whether the action `text` is among the legal actions now.
pub fn offers(state: &State, text: &str) -> bool {
    state.legal_actions().contains(&action(text))
}

/// Applies `text`, which must be accepted; on refusal, panics with the reason and the legal
/// actions.
#[track_caller]
pub fn act(state: &mut State, text: &str) {
    if let Err(e) = game().apply(state, action(text), &mut Log::silent()) {
        panic!("{text:?} refused: {e}; legal now: {:?}", legal(state));
    }
}

/// Applies each of `texts` in turn with [`act`].
#[track_caller]
pub fn acts(state: &mut State, texts: &[&str]) {
    for text in texts {
        act(state, text);
    }
}

/// Applies `text`, which must be refused citing `rule`, leaving the state unchanged.
#[track_caller]
pub fn refused(state: &mut State, text: &str, rule: &'static str) {
    let before = state.clone();
    let err = game()
        .apply(state, action(text), &mut Log::silent())
        .expect_err("the action must be refused");
    assert_eq!(err.rule(), Rule(rule), "{text}: {err}");
    assert_eq!(*state, before, "a refused action changes nothing");
}

/// Sets `player`'s Resources to exactly `n` (down to 0 first, then up).
pub fn set_resources(state: &mut State, player: Player, n: u8) {
    state.lose_resources(player, 24);
    state.gain_resources(player, n);
}

/// Every cavalry token back to the pool.
pub fn pool_all_cavalry(state: &mut State) {
    for p in Player::ALL {
        let n = state.cavalry(p);
        state.return_cavalry(p, n).unwrap();
    }
}

/// Removes every piece from `space`, asserting that it ends up empty.
pub fn clear_space(state: &mut State, space: SpaceId) {
    // Counts are read afresh: a removal may change who controls the space, and R1/R2 with it.
    for piece in [
        Piece::Troop,
        Piece::Governor,
        Piece::Amir(Loyalty::Obedient),
        Piece::Amir(Loyalty::Rebelling),
        Piece::Raja(Loyalty::Obedient),
        Piece::Raja(Loyalty::Rebelling),
        Piece::Mongol,
        Piece::Qasbah,
        Piece::Fort,
        Piece::Temple,
        Piece::Amir(Loyalty::Obedient),
        Piece::Amir(Loyalty::Rebelling),
        Piece::Raja(Loyalty::Obedient),
        Piece::Raja(Loyalty::Rebelling),
    ] {
        let n = state.space(space).count_piece(piece);
        if n > 0 {
            state.remove(space, piece, n).unwrap();
        }
    }
    assert!(state.space(space).is_empty());
}

/// Removes every piece from the map (see [`clear_space`]).
pub fn clear_board(state: &mut State) {
    for space in SpaceId::ALL {
        clear_space(state, space);
    }
}

/// The faction whose decision is pending (panics if none is).
pub fn player_to_decide(state: &State) -> Player {
    state.current_player().expect("a decision is pending")
}

/// Whether the pending decision is a faction's choice of option on an Event card.
pub fn is_turn_option(state: &State) -> bool {
    matches!(
        state.decision().map(|d| d.kind),
        Some(DecisionKind::TurnOption { .. })
    )
}

/// The first seed whose deck satisfies `pred`.
pub fn seed_where(pred: impl Fn(&[Card]) -> bool) -> u64 {
    (0..5000)
        .find(|&seed| pred(State::new(seed).deck().cards()))
        .expect("some seed fits")
}

/// A new game whose first card is an Event card whose order starts with `first`.
pub fn opening(first: Player) -> State {
    (0..1000)
        .map(State::new)
        .find(|s| is_turn_option(s) && player_to_decide(s) == first)
        .expect("some seed opens with this faction")
}

/// Answers every decision neutrally (Pass, No, Done, else the first legal action) until `stop`.
pub fn play_until(state: &mut State, stop: impl Fn(&State) -> bool) {
    for _ in 0..20_000 {
        if stop(state) {
            return;
        }
        let choices = state.legal_actions();
        assert!(!choices.is_empty(), "the game ended first");
        let pick = [action("option Pass"), Action::No, Action::Done]
            .into_iter()
            .find(|a| choices.contains(a))
            .unwrap_or(choices[0]);
        game().apply(state, pick, &mut Log::silent()).unwrap();
    }
    panic!("position never reached");
}

/// Plays until the card at `index` (from the top, 0-based) is the card in play.
pub fn play_to_card(state: &mut State, index: usize) {
    play_until(state, |s| s.deck().played().len() == index + 1);
}

/// A game at the first decision of a Mongol Invasion card that is the second card of the deck,
/// after an Event card (with the first such seed it is operated by BK), with the map and the
/// MI box as at setup except that no Mongol is on the map.
pub fn invasion() -> State {
    let seed =
        seed_where(|c| matches!(c[0], Card::Event(_)) && matches!(c[1], Card::MongolInvasion(_)));
    let mut state = State::new(seed);
    play_to_card(&mut state, 1);
    assert_eq!(state.decision().unwrap().kind, DecisionKind::MongolCommand);
    state
}
