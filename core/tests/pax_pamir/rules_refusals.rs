//! Typed refusals: an illegal action returns the error of the rule it breaks — `rule()` names
//! the PP section, and so does the message — and leaves the state's snapshot unchanged byte for
//! byte. (Refusals inside the other decisions: `rules_decisions`.)

use darbar::engine::{Game, Log, Rule, Snapshot};
use darbar::pax_pamir::Region::Kabul;
use darbar::pax_pamir::{CardAction, Error, GiftSlot, Slot};

use crate::scenario::{Scenario, Table, card};

/// Refuses `text` (snapshot unchanged) and checks the error's rule, which its message names.
#[track_caller]
fn refused(t: &mut Table, text: &str, rule: &'static str) -> Error {
    let err = t.refused(text);
    assert_eq!(err.rule(), Rule(rule), "{text}: {err}");
    assert!(
        err.to_string().contains(rule),
        "{text}: the message names {rule}: {err}"
    );
    err
}

/// **PP-7.1.1, PP-6.2, PP-14.1**: each purchase condition has its error: an empty slot, Public
/// Withdrawal, a card paid this turn, a cost above the rupees held, no action left.
#[test]
fn pp_7_1_1_purchase_refusals() {
    let mut t = Scenario::new(3)
        .rupees(0, 2)
        .market("top-2", None, 0)
        .market("top-4", Some(111), 0)
        .table();
    let slot = |s: &str| s.parse::<Slot>().unwrap();
    assert_eq!(
        refused(&mut t, "buy top-2", "PP-7.1.1"),
        Error::EmptySlot(slot("top-2"))
    );
    assert_eq!(
        refused(&mut t, "buy top-4", "PP-14.1"),
        Error::PublicWithdrawal
    );
    assert_eq!(
        refused(&mut t, "buy top-3", "PP-7.1.1"),
        Error::CannotAfford {
            cost: 3,
            rupees: 2,
            rule: Rule("PP-7.1.1")
        }
    );
    t.act("buy top-1");
    let top_0 = t.slot("top-0").0.unwrap();
    assert_eq!(
        refused(&mut t, "buy top-0", "PP-7.1.1"),
        Error::PaidThisTurn(card(top_0))
    );
    t.act("buy bottom-0");
    assert_eq!(
        refused(&mut t, "buy bottom-1", "PP-6.2"),
        Error::NoActionsLeft
    );
}

/// **PP-7.2.1, PP-7.2.4, PP-6.2**: a play needs the card in hand (not the court, not the
/// market), an action left, and into an empty court the left side.
#[test]
fn pp_7_2_1_play_refusals() {
    let mut t = Scenario::new(3).hand(0, &[9, 13]).court(1, &[61]).table();
    let top_0 = t.slot("top-0").0.unwrap();
    assert_eq!(
        refused(&mut t, &format!("play #{top_0} left"), "PP-7.2.1"),
        Error::NotInHand(card(top_0))
    );
    assert_eq!(
        refused(&mut t, "play #61 left", "PP-7.2.1"),
        Error::NotInHand(card(61))
    );
    assert!(matches!(
        refused(&mut t, "play #9 right", "PP-7.2.4"),
        Error::NotLegal { .. }
    ));
    t.acts(&["play #9 left", "road kabul-punjab"]);
    t.act("buy top-0");
    assert_eq!(
        refused(&mut t, "play #13 right", "PP-6.2"),
        Error::NoActionsLeft
    );
}

/// **PP-8.1.1, PP-6.4, PP-6.2, PP-8.4**: each condition of a card-based action has its error: the
/// card in the player's court (not in the hand, not another's court), its icon, unused, an
/// action left or favored, the minimum cost, a free gift slot, a legal effect.
#[test]
fn pp_8_1_1_card_action_refusals() {
    let mut t = Scenario::new(3)
        .rupees(0, 1)
        .court(0, &[9, 10, 4])
        .hand(0, &[29])
        .court(1, &[13])
        .market("top-3", Some(48), 2)
        .table();
    assert_eq!(
        refused(&mut t, "use #29 tax", "PP-8.1.1"),
        Error::NotInCourt(card(29))
    );
    assert_eq!(
        refused(&mut t, "use #13 tax", "PP-8.1.1"),
        Error::NotInCourt(card(13))
    );
    assert_eq!(
        refused(&mut t, "use #9 gift", "PP-8.1.1"),
        Error::NoSuchAction {
            card: card(9),
            action: CardAction::Gift
        }
    );
    assert_eq!(
        refused(&mut t, "use #10 build", "PP-8.1.1"),
        Error::CannotAfford {
            cost: 2,
            rupees: 1,
            rule: Rule("PP-8.1.1")
        }
    );
    assert_eq!(
        refused(&mut t, "use #9 move", "PP-8.1.1"),
        Error::NoEffect {
            card: card(9),
            action: CardAction::Move
        }
    );
    t.acts(&["use #9 tax", "tax top-3"]);
    assert_eq!(
        refused(&mut t, "use #9 tax", "PP-6.4"),
        Error::CardUsed(card(9))
    );
    t.act("buy bottom-0");
    assert_eq!(
        refused(&mut t, "use #4 move", "PP-6.2"),
        Error::NoActionsLeft
    );

    let mut t = Scenario::new(3)
        .rupees(0, 6)
        .court(0, &[4])
        .gifts(0, &GiftSlot::ALL)
        .table();
    assert!(matches!(
        refused(&mut t, "use #4 gift", "PP-8.4"),
        Error::NotLegal { .. }
    ));
}

/// **PP-8.2, PP-7.2.3, PP-OQ-10**: a hostage bribe that cannot be paid refuses the action
/// (PP-8.2): a renewed negotiation offers no ask, and 1 rupee cannot pay 2. Two withdrawals
/// close that card and action for the turn (PP-OQ-10); the same card's other action, a new
/// declaration, negotiates afresh.
#[test]
fn pp_8_2_hostage_bribe_refusals() {
    let (p, q) = (0, 1);
    let position = |rupees: i16| {
        Scenario::new(3)
            .rupees(p, rupees)
            .court(p, &[29, 63])
            .spies(29, q, 2)
            .court(q, &[61])
            .spies(61, p, 1)
            .market("top-3", Some(48), 1)
            .table()
    };
    let mut t = position(1);
    t.acts(&["use #29 tax", "withdraw"]);
    assert!(!t.offers("use #29 tax"));
    assert!(matches!(
        refused(&mut t, "use #29 tax", "PP-8.2"),
        Error::NotLegal { .. }
    ));

    let mut t = position(4);
    t.acts(&["use #29 tax", "withdraw", "use #29 tax", "withdraw"]);
    assert!(!t.offers("use #29 tax"));
    assert!(matches!(
        refused(&mut t, "use #29 tax", "PP-OQ-10"),
        Error::NotLegal { .. }
    ));
    assert_eq!(t.state.actions_left(), 2);
    t.act("use #29 move");
    t.expect(
        p,
        darbar::pax_pamir::DecisionKind::Bribe,
        &["pay", "ask 0", "ask 1", "withdraw"],
    );
}

/// **PP-13.9, PP-OQ-26**: once the game is over every action is refused (PP-13.9) and nothing
/// changes.
#[test]
fn pp_13_9_after_the_end_every_action_is_refused() {
    let mut t = Scenario::new(3)
        .vp(0, 20)
        .tribes(0, Kabul, 1)
        .market("bottom-0", Some(101), 0)
        .table();
    t.act("buy bottom-0");
    assert!(t.state.outcome().is_some() && t.decision().is_none());
    for text in ["end", "buy top-1", "loyalty afghan", "pay"] {
        assert_eq!(refused(&mut t, text, "PP-13.9"), Error::GameOver);
    }
}

/// **PP-16, PP-4.1**: an action sent by a seat whose decision it is not is refused (PP-16), and
/// one sent by a seat not at the table names PP-4.1; the snapshot stays the same.
#[test]
fn pp_16_an_action_from_the_wrong_seat_is_refused() {
    let t = Scenario::new(3).table();
    let mut state = t.state.clone();
    let before = state.to_snapshot();
    let end = "end".parse().unwrap();
    let err = t
        .game
        .apply_as(&mut state, 1, end, &mut Log::silent())
        .expect_err("seat 1 waits");
    assert_eq!(
        err,
        Error::NotYourDecision {
            seat: 1,
            expected: 0
        }
    );
    assert_eq!(err.rule(), Rule("PP-16"));
    let err = t
        .game
        .apply_as(&mut state, 7, end, &mut Log::silent())
        .expect_err("no seat 7");
    assert_eq!(
        err,
        Error::NoSuchSeat {
            seat: 7,
            players: 3
        }
    );
    assert_eq!(err.rule(), Rule("PP-4.1"));
    assert_eq!(state.to_snapshot(), before);
    assert!(
        t.game
            .apply_as(&mut state, 0, end, &mut Log::silent())
            .is_ok()
    );
}
