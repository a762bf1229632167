//! Negotiation (§1.5.2, OQ-11): Resources and cavalry tokens may be given to another faction at
//! a decision point of the giver. The gift is one entry, `give…`, that opens a decision of its
//! own: to whom, how many Resources, how many cavalry tokens (not both zero); the receiver is
//! capped at 24 and the excess is lost; then play returns to the decision point.

use super::common::game;
use darbar::engine::{Game, Log, Rule, Seat, Snapshot};
use darbar::vijayanagara::{
    Action, DecisionKind, Error, Options, Player, State, VijayanagaraDecision,
};

use crate::common::{act, action, acts, opening, set_resources};
use crate::events::{choose_event, first_event};

/// The `give…` entries of the decision now.
fn gifts(state: &State) -> usize {
    state
        .legal_actions()
        .iter()
        .filter(|&&a| a == Action::Give)
        .count()
}

/// A game at its first decision, the decider holding `resources` and `cavalry`; the decider and
/// the two others.
fn giver_holding(resources: u8, cavalry: u8) -> (State, Player, [Player; 2]) {
    let mut state = opening(Player::Vijayanagara);
    let giver = state.current_player().unwrap();
    set_resources(&mut state, giver, resources);
    let held = state.cavalry(giver);
    state.return_cavalry(giver, held).unwrap();
    state.gain_cavalry_from_pool(giver, cavalry);
    let others = [Player::Sultanate, Player::Bahmani];
    (state, giver, others)
}

fn counts(range: std::ops::RangeInclusive<u8>) -> Vec<Action> {
    range.map(Action::Count).collect()
}

/// Applies `text` with a recording log and returns the lines.
fn logged(state: &mut State, text: &str) -> Vec<String> {
    let mut log = Log::recording();
    game().apply(state, action(text), &mut log).unwrap();
    log.take()
}

#[test]
fn rule_1_5_2_one_give_entry_at_a_decision_point() {
    let (state, giver, _) = giver_holding(7, 2);
    let decision = state.decision().unwrap();
    assert_eq!(decision.player, giver);
    assert!(matches!(decision.kind, DecisionKind::TurnOption { .. }));
    assert_eq!(gifts(&state), 1);
    assert_eq!(decision.choices.last(), Some(&Action::Give));
    assert_eq!(Action::Give.to_string(), "give…");
    for text in ["give…", "give...", "give"] {
        assert_eq!(text.parse::<Action>(), Ok(Action::Give), "{text}");
    }
}

#[test]
fn rule_1_5_2_the_gift_asks_whom_then_resources_then_cavalry_and_returns() {
    let (mut state, giver, [ds, bk]) = giver_holding(5, 2);
    let before: VijayanagaraDecision = state.decision().unwrap();
    let (bk_resources, bk_cavalry) = (state.resources(bk), state.cavalry(bk));
    act(&mut state, "give…");
    let whom = state.decision().unwrap();
    assert_eq!(whom.player, giver);
    assert_eq!(
        whom.kind,
        DecisionKind::Transfer {
            to: None,
            resources: None
        }
    );
    assert_eq!(whom.kind.rule(), Rule("1.5.2"));
    assert_eq!(whom.choices, [Action::Faction(ds), Action::Faction(bk)]);
    act(&mut state, "faction BK");
    let how_many = state.decision().unwrap();
    assert_eq!(
        how_many.kind,
        DecisionKind::Transfer {
            to: Some(bk),
            resources: None
        }
    );
    // A counted choice: 0 to all 5 Resources held.
    assert_eq!(how_many.choices, counts(0..=5));
    act(&mut state, "count 3");
    let tokens = state.decision().unwrap();
    assert_eq!(
        tokens.kind,
        DecisionKind::Transfer {
            to: Some(bk),
            resources: Some(3)
        }
    );
    assert_eq!(tokens.choices, counts(0..=2));
    // Nothing is given before the last answer.
    assert_eq!(state.resources(giver), 5);
    let lines = logged(&mut state, "count 1");
    assert_eq!(lines, ["VN gives 3 Resources and 1 cavalry token to BK"]);
    assert_eq!(state.resources(giver), 2);
    assert_eq!(state.cavalry(giver), 1);
    assert_eq!(state.resources(bk), bk_resources + 3);
    assert_eq!(state.cavalry(bk), bk_cavalry + 1);
    // Back at the same decision point: the same question, the same answers.
    assert_eq!(state.decision().unwrap(), before);
}

#[test]
fn rule_1_5_2_a_gift_is_never_of_nothing() {
    // Resources 0 asks for at least one token; no tokens asks for at least one Resource.
    let (mut state, _, _) = giver_holding(4, 2);
    acts(&mut state, &["give…", "faction DS", "count 0"]);
    assert_eq!(state.legal_actions(), counts(1..=2));
    let (mut state, _, _) = giver_holding(4, 0);
    acts(&mut state, &["give…", "faction DS"]);
    assert_eq!(state.legal_actions(), counts(1..=4));
    // A giver with no Resources is not asked for any.
    let (mut state, _, [ds, _]) = giver_holding(0, 2);
    acts(&mut state, &["give…", "faction DS"]);
    assert_eq!(
        state.decision().unwrap().kind,
        DecisionKind::Transfer {
            to: Some(ds),
            resources: Some(0)
        }
    );
    assert_eq!(state.legal_actions(), counts(1..=2));
    let lines = logged(&mut state, "count 2");
    assert_eq!(lines, ["VN gives 2 cavalry tokens to DS"]);
    // Holding nothing, a faction is offered no gift.
    assert_eq!(gifts(&state), 0);
    let (state, _, _) = giver_holding(0, 0);
    assert_eq!(gifts(&state), 0);
}

#[test]
fn rule_1_5_2_a_gift_of_nothing_or_of_more_than_is_held_is_refused() {
    let (mut state, giver, _) = giver_holding(4, 0);
    acts(&mut state, &["give…", "faction BK"]);
    let before = state.clone();
    let err = game()
        .apply(&mut state, Action::Count(0), &mut Log::silent())
        .unwrap_err();
    assert_eq!(err, Error::EmptyGift { giver });
    assert_eq!(err.rule(), Rule("1.5.2"));
    assert_eq!(state, before);
    let err = game()
        .apply(&mut state, Action::Count(9), &mut Log::silent())
        .unwrap_err();
    assert_eq!(
        err,
        Error::GiftBeyondHoldings {
            giver,
            wanted: 9,
            has: 4,
            cavalry: false
        }
    );
    assert_eq!(
        err.to_string(),
        format!("{giver} holds 4 Resources, and cannot give 9 (§1.5.2)")
    );
    assert_eq!(state, before);
    // To oneself: not a choice.
    let err = game()
        .apply(&mut state, Action::Faction(giver), &mut Log::silent())
        .unwrap_err();
    assert_eq!(err.rule(), Rule("1.5.2"));
    assert_eq!(state, before);

    let (mut state, giver, _) = giver_holding(4, 1);
    acts(&mut state, &["give…", "faction BK", "count 0"]);
    let before = state.clone();
    assert_eq!(
        game().apply(&mut state, Action::Count(0), &mut Log::silent()),
        Err(Error::EmptyGift { giver })
    );
    assert_eq!(
        game().apply(&mut state, Action::Count(2), &mut Log::silent()),
        Err(Error::GiftBeyondHoldings {
            giver,
            wanted: 2,
            has: 1,
            cavalry: true
        })
    );
    assert_eq!(state, before);
}

#[test]
fn rule_1_5_2_oq_11_the_receiver_is_capped_at_24_and_the_excess_is_lost() {
    let (mut state, giver, [_, bk]) = giver_holding(6, 0);
    set_resources(&mut state, bk, 22);
    acts(&mut state, &["give…", "faction BK"]);
    let lines = logged(&mut state, "count 5");
    assert_eq!(
        lines,
        ["VN gives 5 Resources to BK (BK at 24: 3 Resources lost, §1.5.2)"]
    );
    assert_eq!(state.resources(bk), 24);
    assert_eq!(state.resources(giver), 1, "the giver pays all it gave");
}

#[test]
fn rule_1_5_2_one_resource_reads_singular() {
    let (mut state, _, _) = giver_holding(3, 0);
    acts(&mut state, &["give…", "faction DS"]);
    assert_eq!(logged(&mut state, "count 1"), ["VN gives 1 Resource to DS"]);
}

#[test]
fn rule_1_5_2_no_gift_in_the_middle_of_a_command() {
    let (mut state, _, _) = giver_holding(7, 1);
    act(&mut state, "option Limited Command");
    assert_eq!(gifts(&state), 1, "choosing the Command is a decision point");
    act(&mut state, "command Rally");
    // Selecting the spaces and counting the pieces are steps of the one Command.
    assert!(matches!(
        state.decision().unwrap().kind,
        DecisionKind::Command { .. }
    ));
    assert_eq!(gifts(&state), 0);
}

#[test]
fn rule_1_5_2_no_gift_while_an_event_waits_for_an_answer() {
    let (me, mut state) = first_event(true);
    state.gain_cavalry_from_pool(me, 1);
    choose_event(&mut state);
    assert!(matches!(
        state.decision().unwrap().kind,
        DecisionKind::Event { .. }
    ));
    assert!(state.resources(me) > 0);
    assert_eq!(gifts(&state), 0);
    // A snapshot of the position offers no gift either.
    let restored = State::from_snapshot(&state.to_snapshot()).unwrap();
    assert_eq!(gifts(&restored), 0);
}

#[test]
fn rule_1_5_2_only_the_deciding_faction_gives() {
    let (mut state, giver, [ds, _]) = giver_holding(5, 0);
    let before = state.clone();
    let err = game()
        .apply_as(&mut state, ds as Seat, Action::Give, &mut Log::silent())
        .unwrap_err();
    assert!(
        matches!(err, Error::NotYourDecision { expected, actual, .. } if expected == giver && actual == ds),
        "{err}"
    );
    assert_eq!(state, before);
}

#[test]
fn rule_1_5_2_a_gift_under_way_survives_a_snapshot() {
    let (mut state, _, _) = giver_holding(5, 2);
    acts(&mut state, &["give…", "faction BK", "count 2"]);
    let text = state.to_snapshot();
    let restored = State::from_snapshot(&text).unwrap();
    assert_eq!(restored, state);
    let mut a = state.clone();
    let mut b = restored;
    act(&mut a, "count 1");
    act(&mut b, "count 1");
    assert_eq!(a, b);
    // A gift under way where its giver has no decision point is refused on loading.
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let stack = value["state"]["stack"].as_array_mut().unwrap();
    let gift = stack.last_mut().unwrap();
    assert!(gift.get("Transfer").is_some(), "{gift}");
    gift["Transfer"]["giver"] = serde_json::json!("Sultanate");
    gift["Transfer"]["to"] = serde_json::json!("Bahmani");
    let err = State::from_snapshot(&value.to_string()).unwrap_err();
    assert_eq!(err.rule(), Some(Rule("1.5.2")), "{err}");
    // More Resources than the giver holds.
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let stack = value["state"]["stack"].as_array_mut().unwrap();
    stack.last_mut().unwrap()["Transfer"]["resources"] = serde_json::json!(9);
    let err = State::from_snapshot(&value.to_string()).unwrap_err();
    assert_eq!(err.rule(), Some(Rule("1.5.2")), "{err}");
}

#[test]
fn rule_1_5_2_transfers_can_be_switched_off() {
    let options = Options {
        transfers: false,
        ..Options::default()
    };
    let state = State::with_options(4, options);
    assert_eq!(gifts(&state), 0);
}
