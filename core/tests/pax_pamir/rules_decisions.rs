//! Rule tests for the decision points (PP-16): each kind of decision, D1 to D16, offers exactly
//! its options; each option offered applies; an answer of the right kind that is not offered is
//! refused naming the decision's rule, and an answer to another kind of decision is refused as
//! such — both leaving the snapshot unchanged.

use darbar::engine::Game;
use darbar::pax_pamir::Coalition::{British, Russian};
use darbar::pax_pamir::Region::{Herat, Kabul, Kandahar, Punjab};
use darbar::pax_pamir::{
    BatchDiscard, Border, DecisionKind, Error, GiftSlot, Options, PaxPamir, RumorTarget,
};

use crate::scenario::{Scenario, Table};

/// Checks a decision: who and what, exactly `choices`; every choice applies; every text of
/// `unlisted` (of the right kind, not offered) is refused with the decision's rule; an answer
/// to another kind of decision is refused as a wrong decision, with the same rule.
#[track_caller]
fn check(t: &Table, seat: usize, kind: DecisionKind, choices: &[&str], unlisted: &[&str]) {
    t.expect(seat, kind, choices);
    for choice in choices {
        let mut next = t.clone();
        next.act(choice);
    }
    for text in unlisted {
        let mut next = t.clone();
        let err = next.refused(text);
        assert!(matches!(err, Error::NotLegal { .. }), "{text}: {err}");
        assert_eq!(err.rule(), kind.rule(), "{text}: {err}");
    }
    let wrong = if kind == DecisionKind::Action {
        "grant"
    } else {
        "end"
    };
    let mut next = t.clone();
    let err = next.refused(wrong);
    assert!(matches!(err, Error::WrongDecision { .. }), "{wrong}: {err}");
    assert_eq!(err.rule(), kind.rule());
}

/// **PP-16 D1, PP-4.6**: each player in choice order picks one of the three coalitions.
#[test]
fn pp_16_d1_loyalty() {
    let game = PaxPamir::new(Options::default()).unwrap();
    let state = game.new_initial_state(3);
    let seat = game.decision(&state).unwrap().player;
    let t = Table {
        game,
        state,
        log: Vec::new(),
    };
    check(
        &t,
        seat,
        DecisionKind::Loyalty,
        &["loyalty afghan", "loyalty british", "loyalty russian"],
        &[],
    );
}

/// **PP-16 D2, PP-15**: Blackmail: a spy on a card of the region with no spy, or skip.
#[test]
fn pp_16_d2_blackmail() {
    let mut t = Scenario::new(3)
        .court(0, &[47, 48])
        .spies(48, 0, 1)
        .court(1, &[43])
        .table();
    t.act("end");
    check(
        &t,
        1,
        DecisionKind::Blackmail,
        &["spy #47", "spy #43", "skip"],
        &["spy #48", "spy #61"],
    );
}

/// **PP-16 D3, PP-6.2**: the action step offers exactly the legal purchases, plays and
/// card-based actions, and the end.
#[test]
fn pp_16_d3_the_action_step() {
    let t = Scenario::new(3)
        .rupees(0, 1)
        .court(0, &[9])
        .hand(0, &[13])
        .market("top-3", Some(48), 1)
        .table();
    let choices = [
        "buy top-0",
        "buy bottom-0",
        "buy top-1",
        "buy bottom-1",
        "play #13 left",
        "play #13 right",
        "use #9 tax",
        "end",
    ];
    check(&t, 0, DecisionKind::Action, &choices, &[]);
}

/// **PP-16 D4, PP-7.2.3**: the bribe's three steps: the briber's offer, the receiver's answer,
/// the briber's reply to a counter.
#[test]
fn pp_16_d4_bribe() {
    let mut t = Scenario::new(3)
        .rupees(0, 4)
        .hand(0, &[9])
        .court(1, &[5])
        .tribes(1, Kabul, 3)
        .table();
    t.act("play #9 left");
    check(
        &t,
        0,
        DecisionKind::Bribe,
        &["pay", "ask 0", "ask 1", "ask 2", "withdraw"],
        &["ask 3", "decline", "grant"],
    );
    t.act("ask 1");
    check(
        &t,
        1,
        DecisionKind::Bribe,
        &["grant", "counter 2", "counter 3"],
        &["counter 1", "counter 4", "pay"],
    );
    t.act("counter 2");
    check(
        &t,
        0,
        DecisionKind::Bribe,
        &["pay", "withdraw"],
        &["ask 0", "grant"],
    );
}

/// **PP-16 D5, PP-7.3**: a road icon's border (the region's borders), a spy icon's card (court
/// cards of the region, in any court).
#[test]
fn pp_16_d5_impact_icon_targets() {
    let mut t = Scenario::new(3).hand(0, &[8]).court(1, &[5, 61]).table();
    t.act("play #8 left");
    let borders = [
        "road transcaspia-kabul",
        "road herat-kabul",
        "road kabul-kandahar",
        "road kabul-punjab",
    ];
    check(
        &t,
        0,
        DecisionKind::RoadBorder,
        &borders,
        &["road persia-herat"],
    );
    t.acts(&["road herat-kabul", "road herat-kabul"]);
    check(
        &t,
        0,
        DecisionKind::SpyTarget,
        &["spy #5", "spy #8"],
        &["spy #61"],
    );
}

/// **PP-16 D6, PP-8.3**: Tax: a market slot with rupees or a taxable player, and stop after the
/// first rupee.
#[test]
fn pp_16_d6_tax() {
    let mut t = Scenario::new(3)
        .court(0, &[8, 6])
        .tribes(0, Kabul, 1)
        .court(1, &[9])
        .court(2, &[61])
        .market("top-3", Some(48), 1)
        .table();
    t.act("use #8 tax");
    check(
        &t,
        0,
        DecisionKind::Tax,
        &["tax top-3", "tax p2"],
        &["tax p3", "tax top-4", "stop", "tax p1"],
    );
    t.act("tax p2");
    check(
        &t,
        0,
        DecisionKind::Tax,
        &["tax top-3", "tax p2", "stop"],
        &["tax p3"],
    );
}

/// **PP-16 D7, PP-8.4**: Gift: the empty slots the player can pay.
#[test]
fn pp_16_d7_gift() {
    let mut t = Scenario::new(3)
        .rupees(0, 4)
        .court(0, &[4])
        .gifts(0, &[GiftSlot::Gift2])
        .table();
    t.act("use #4 gift");
    check(
        &t,
        0,
        DecisionKind::Gift,
        &["gift gift4"],
        &["gift gift2", "gift gift6"],
    );
}

/// **PP-16 D8, PP-8.5, PP-15**: Build: how many blocks, where each goes, Infrastructure's block.
#[test]
fn pp_16_d8_build() {
    let mut t = Scenario::new(3)
        .rupees(0, 4)
        .court(0, &[27, 78])
        .tribes(0, Punjab, 1)
        .table();
    t.act("use #78 build");
    check(
        &t,
        0,
        DecisionKind::BuildCount,
        &["blocks 1", "blocks 2"],
        &["blocks 3", "blocks 6"],
    );
    t.act("blocks 1");
    let spaces = ["army punjab", "road kabul-punjab", "road kandahar-punjab"];
    check(
        &t,
        0,
        DecisionKind::BuildBlock,
        &spaces,
        &["army kabul", "road persia-herat"],
    );
    t.act("army punjab");
    check(
        &t,
        0,
        DecisionKind::Infrastructure,
        &spaces,
        &["skip", "army herat"],
    );
}

/// **PP-16 D9, PP-8.6**: Move: a piece and its step (a spy picked, then its destination), and
/// stop after the first step.
#[test]
fn pp_16_d9_move() {
    let mut t = Scenario::new(3)
        .loyalty(0, British)
        .court(0, &[50, 45])
        .court(1, &[13])
        .spies(13, 0, 1)
        .armies(British, Kandahar, 1)
        .roads(British, Border::KabulKandahar, 1)
        .table();
    t.act("use #50 move");
    check(
        &t,
        0,
        DecisionKind::Move,
        &["move army kandahar kabul", "spy-from #13"],
        &["move army kandahar herat", "stop", "spy-from #45"],
    );
    t.act("spy-from #13");
    check(
        &t,
        0,
        DecisionKind::Move,
        &["spy-to #50", "spy-to #45"],
        &["spy-to #13", "stop"],
    );
    t.act("spy-to #50");
    check(
        &t,
        0,
        DecisionKind::Move,
        &["move army kandahar kabul", "spy-from #50", "stop"],
        &["spy-from #13"],
    );
}

/// **PP-16 D10, PP-8.7**: Betray: a card with the player's spy; then take or refuse its prize.
#[test]
fn pp_16_d10_betray() {
    let mut t = Scenario::new(3)
        .rupees(0, 2)
        .court(0, &[10])
        .court(1, &[13, 29])
        .spies(13, 0, 1)
        .table();
    t.act("use #10 betray");
    check(
        &t,
        0,
        DecisionKind::Betray,
        &["betray #13"],
        &["betray #29", "betray #10"],
    );
    t.act("betray #13");
    check(
        &t,
        0,
        DecisionKind::Prize,
        &["take-prize", "refuse-prize"],
        &[],
    );
}

/// **PP-16 D11, PP-8.8**: Battle: the site, then each piece to remove, and stop after the
/// first.
#[test]
fn pp_16_d11_battle() {
    let mut t = Scenario::new(3)
        .loyalty(0, Russian)
        .loyalty(1, British)
        .court(0, &[84])
        .armies(Russian, Herat, 2)
        .tribes(0, Herat, 1)
        .tribes(1, Herat, 1)
        .armies(British, Herat, 1)
        .table();
    t.act("use #84 battle");
    check(
        &t,
        0,
        DecisionKind::BattleSite,
        &["battle herat"],
        &["battle kabul", "battle #84"],
    );
    t.act("battle herat");
    check(
        &t,
        0,
        DecisionKind::Battle,
        &["remove tribe p2", "remove army british"],
        &["remove tribe p1", "remove army russian", "stop"],
    );
    t.act("remove army british");
    check(
        &t,
        0,
        DecisionKind::Battle,
        &["remove tribe p2", "stop"],
        &["remove army british"],
    );
}

/// **PP-16 D12, PP-15**: Safe House: which Safe House card, or return the spy.
#[test]
fn pp_16_d12_safe_house() {
    let mut t = Scenario::new(3)
        .court(0, &[35])
        .court(1, &[13, 41])
        .spies(13, 0, 1)
        .spies(13, 1, 1)
        .table();
    t.acts(&["use #35 battle", "battle #13", "remove spy p2"]);
    check(
        &t,
        1,
        DecisionKind::SafeHouse,
        &["safe-house #41", "return-spy"],
        &["safe-house #13", "safe-house #72"],
    );
}

/// **PP-16 D13, PP-11.2, PP-11.1**: a leverage shortfall: any card of the owing player's hand or
/// court; under `batch_discard = OneByOne`, the next card of the batch.
#[test]
fn pp_16_d13_leverage_and_discard_order() {
    let mut t = Scenario::new(3)
        .rupees(0, 0)
        .hand(0, &[9, 13])
        .court(0, &[14, 29, 8, 61])
        .table();
    t.acts(&["end", "discard #14"]);
    check(
        &t,
        0,
        DecisionKind::Leverage,
        &[
            "discard #9",
            "discard #13",
            "discard #29",
            "discard #8",
            "discard #61",
        ],
        &["discard #14", "discard #48"],
    );

    let mut t = Scenario::with(Options {
        batch_discard: BatchDiscard::OneByOne,
        ..Options::default()
    })
    .loyalty(0, British)
    .court(0, &[40, 80, 19])
    .hand(0, &[86])
    .table();
    t.act("play #86 left");
    check(
        &t,
        0,
        DecisionKind::DiscardOrder,
        &["discard #40", "discard #80", "discard #19"],
        &["discard #86"],
    );
}

/// **PP-16 D14, PP-12.1, PP-12.2**: cleanup: a court card to discard, then a hand card.
#[test]
fn pp_16_d14_court_and_hand_limits() {
    let mut t = Scenario::new(3)
        .court(0, &[9, 13, 29, 61])
        .hand(0, &[62, 63, 64])
        .table();
    t.act("end");
    check(
        &t,
        0,
        DecisionKind::CourtLimit,
        &["discard #9", "discard #13", "discard #29", "discard #61"],
        &["discard #62"],
    );
    t.act("discard #9");
    check(
        &t,
        0,
        DecisionKind::HandLimit,
        &["discard #62", "discard #63", "discard #64"],
        &["discard #13"],
    );
}

/// **PP-16 D15, PP-14**: the event decisions: Rumor's target, Other Persuasive Methods'
/// partner, Pashtunwali Values' suit, Rebuke's region, Confidence Failure's hand card.
#[test]
fn pp_16_d15_event_decisions() {
    let buy = |s: Scenario, event: u8| {
        let mut t = s.market("bottom-0", Some(event), 0).table();
        t.act("buy bottom-0");
        t
    };
    let other = Scenario::with(Options {
        rumor_target: RumorTarget::OtherPlayer,
        ..Options::default()
    });
    check(
        &buy(other, 108),
        0,
        DecisionKind::Rumor,
        &["player p2", "player p3"],
        &["player p1"],
    );
    check(
        &buy(Scenario::new(3), 114),
        0,
        DecisionKind::Persuade,
        &["player p2", "player p3"],
        &["player p1"],
    );
    let suits = [
        "suit political",
        "suit intelligence",
        "suit economic",
        "suit military",
    ];
    check(
        &buy(Scenario::new(3), 115),
        0,
        DecisionKind::Pashtunwali,
        &suits,
        &[],
    );
    let regions = [
        "rebuke persia",
        "rebuke transcaspia",
        "rebuke herat",
        "rebuke kabul",
        "rebuke kandahar",
        "rebuke punjab",
    ];
    check(
        &buy(Scenario::new(3), 116),
        0,
        DecisionKind::Rebuke,
        &regions,
        &[],
    );

    let mut t = Scenario::new(3)
        .hand(0, &[9, 13])
        .market("top-0", Some(114), 0)
        .table();
    t.act("end");
    check(
        &t,
        0,
        DecisionKind::ConfidenceFailure,
        &["discard #9", "discard #13"],
        &["discard #29"],
    );
}

/// **PP-16 D16, PP-1.6**: a placement from an empty supply: the pieces in play of the kind not
/// placed this turn.
#[test]
fn pp_16_d16_fallback() {
    let mut t = Scenario::new(3)
        .tribes(0, Herat, 6)
        .tribes(0, Punjab, 4)
        .hand(0, &[5])
        .table();
    t.act("play #5 left");
    check(
        &t,
        0,
        DecisionKind::Fallback,
        &["take tribe herat", "take tribe punjab"],
        &["take tribe kabul", "take gift gift2"],
    );
}
