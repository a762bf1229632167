//! PP-17.1: the vectors from the rulebook's worked examples (PP-TV-1 to PP-TV-18).

use std::collections::BTreeSet;

use darbar::engine::{Game, Log, Snapshot};
use darbar::pax_pamir::Coalition::{Afghan, British, Russian};
use darbar::pax_pamir::Region::{Herat, Kabul, Kandahar, Punjab, Transcaspia};
use darbar::pax_pamir::{
    Border, DecisionKind, EndReason, Error, GiftSlot, Options, PaxPamir, Slot, Suit, award,
};
use serde_json::Value;

use crate::scenario::{Scenario, card, set};

/// **PP-TV-1** (PP-10.1, PP-10.2): an Afghan player with 1 tribe and 2 Afghan armies in
/// Kandahar rules it against 2 British and 2 Russian armies: 3 ruling pieces beat every other
/// player's 2 and every single coalition's 2 armies. A third British army (3 is not more than
/// 3) or no tribe leaves Kandahar without a ruler.
#[test]
fn pp_tv_1_ruling_against_armies_of_every_coalition() {
    let kandahar = |british: u8, tribes: u8| {
        Scenario::new(3)
            .loyalty(0, Afghan)
            .loyalty(1, British)
            .loyalty(2, Russian)
            .court(0, &[44])
            .tribes(0, Kandahar, tribes)
            .armies(Afghan, Kandahar, 2)
            .armies(British, Kandahar, british)
            .armies(Russian, Kandahar, 2)
    };
    let mut t = kandahar(2, 1).table();
    assert_eq!(t.state.ruling_pieces(0, Kandahar), 3);
    assert_eq!(
        t.state.ruling_pieces(1, Kandahar),
        2,
        "a British player: armies only"
    );
    assert_eq!(
        t.state.ruling_pieces(2, Kandahar),
        2,
        "a Russian player: armies only"
    );
    assert_eq!(t.state.ruler(Kandahar), Some(0));
    // Through play: ruling Kandahar opens Build there and on its borders (PP-10.4).
    t.acts(&["use #44 build", "blocks 1"]);
    assert_eq!(
        t.choices(),
        set(&[
            "army kandahar",
            "road herat-kandahar",
            "road kabul-kandahar",
            "road kandahar-punjab"
        ])
    );
    assert_eq!(
        kandahar(3, 1).build().ruler(Kandahar),
        None,
        "3 is not more than 3 British armies"
    );
    assert_eq!(
        kandahar(2, 0).build().ruler(Kandahar),
        None,
        "a ruler needs a tribe"
    );
}

/// **PP-TV-2** (PP-7.2.5, PP-9.3, PP-9.2): Blake, Afghan with a gift, a prize and an Afghan
/// patriot (influence 4), plays #51 Sir John Keane, a British patriot of Kandahar with an army
/// icon. His gift goes home, the prize and the Afghan patriot are discarded, he turns British,
/// a British army goes to Kandahar, and his influence is 2.
#[test]
fn pp_tv_2_playing_a_patriot_of_another_coalition_changes_loyalty() {
    let blake = 0;
    let mut t = Scenario::new(3)
        .loyalty(blake, Afghan)
        .gifts(blake, &[GiftSlot::Gift2])
        .prizes(blake, &[4])
        .court(blake, &[11])
        .hand(blake, &[51])
        .table();
    assert_eq!(t.influence(blake), 4);
    t.act("play #51 right");
    assert_eq!(t.player(blake).loyalty, Some(British));
    assert!(
        !t.state.gift(blake, GiftSlot::Gift2),
        "the gift returns to the supply"
    );
    assert_eq!(t.state.cylinders_in_supply(blake), 10);
    assert!(t.player(blake).prizes.is_empty());
    assert!(
        t.discarded(4) && t.discarded(11),
        "the prize and the Afghan patriot are discarded"
    );
    assert_eq!(t.court(blake), [51]);
    assert_eq!(t.state.armies(British, Kandahar), 1);
    assert_eq!(t.state.armies(Afghan, Kandahar), 0);
    assert_eq!(t.influence(blake), 2);
}

/// **PP-TV-3** (PP-1.6, PP-11.3): a player with no cylinder in supply must place a spy; their
/// cylinders in play are 2 Kabul tribes and 8 elsewhere. They take a Kabul tribe for the spy:
/// Kabul 2 → 1, no overthrow. Had it been their last Kabul tribe, rule A would have discarded
/// their Kabul political cards.
#[test]
fn pp_tv_3_a_spy_placed_from_an_empty_supply_takes_a_piece_in_play() {
    let p = 0;
    let position = |kabul: u8| {
        Scenario::new(3)
            .court(p, &[5])
            .hand(p, &[4])
            .tribes(p, Kabul, kabul)
            .tribes(p, Herat, 9 - kabul)
            .tribes(p, Punjab, 1)
            .table()
    };
    let mut t = position(2);
    assert_eq!(t.state.cylinders_in_supply(p), 0);
    t.act("play #4 right");
    assert_eq!(t.kind(), DecisionKind::SpyTarget);
    assert_eq!(t.choices(), set(&["spy #5", "spy #4"]));
    t.act("spy #5");
    assert_eq!(t.kind(), DecisionKind::Fallback);
    assert_eq!(
        t.choices(),
        set(&["take tribe kabul", "take tribe herat", "take tribe punjab"])
    );
    t.act("take tribe kabul");
    assert_eq!(t.state.tribes(p, Kabul), 1);
    assert_eq!(t.state.spies(card(5), p), 1);
    assert_eq!(t.court(p), [5, 4], "no overthrow");

    let mut t = position(1);
    t.acts(&["play #4 right", "spy #4", "take tribe kabul"]);
    assert_eq!(t.state.tribes(p, Kabul), 0);
    assert_eq!(
        t.court(p),
        [4],
        "the last Kabul tribe is gone: #5 is discarded (rule A)"
    );
    assert!(t.discarded(5));
    assert_eq!(t.state.spies(card(4), p), 1);
}

/// **PP-TV-4** (PP-7.1.1–7.1.4): Chas buys (Top, 2) for 2, a rupee on each of (Top, 0) and
/// (Top, 1); then #88 at (Top, 3) for 3, a rupee on (Top, 0), (Top, 1) and, (Top, 2) being
/// empty, (Bottom, 2). He takes the 2 rupees on #88 (net cost 1). The three paid cards cannot
/// be bought this turn.
#[test]
fn pp_tv_4_purchase_pays_each_column_to_the_left() {
    let chas = 0;
    let mut t = Scenario::new(3)
        .rupees(chas, 5)
        .market("top-0", Some(9), 0)
        .market("top-1", Some(29), 0)
        .market("top-2", Some(13), 0)
        .market("top-3", Some(88), 2)
        .market("bottom-2", Some(48), 0)
        .table();
    t.act("buy top-2");
    assert_eq!(t.rupees(chas), 3);
    assert_eq!(
        (t.slot("top-0"), t.slot("top-1")),
        ((Some(9), 1), (Some(29), 1))
    );
    assert_eq!(t.hand(chas), [13]);
    assert!(
        !t.offers("buy top-0") && !t.offers("buy top-1"),
        "paid cards are locked"
    );
    assert!(t.offers("buy bottom-0") && t.offers("buy bottom-1"));
    assert_eq!(t.refusal("buy top-1"), Error::PaidThisTurn(card(29)));
    t.act("buy top-3");
    assert_eq!(t.rupees(chas), 2, "3 paid, 2 taken from #88");
    assert_eq!(t.slot("top-0"), (Some(9), 2));
    assert_eq!(t.slot("top-1"), (Some(29), 2));
    assert_eq!(t.slot("top-2"), (None, 0));
    assert_eq!(t.slot("bottom-2"), (Some(48), 1));
    assert_eq!(t.slot("top-3"), (None, 0));
    assert_eq!(t.hand(chas), [13, 88]);
    assert_eq!(t.paid(), BTreeSet::from([9, 29, 48]));
}

/// **PP-TV-5** (PP-7.1.2, PP-7.1.3): with Military favored, (Bottom, 3) costs 6, paid 2 on
/// each of (Bottom, 0), (Bottom, 1), (Bottom, 2); column 0 still costs 0.
#[test]
fn pp_tv_5_military_favored_doubles_the_cost() {
    let p = 0;
    let mut t = Scenario::new(3)
        .favored(Suit::Military)
        .rupees(p, 6)
        .market("bottom-0", Some(9), 0)
        .market("bottom-1", Some(29), 0)
        .market("bottom-2", Some(13), 0)
        .market("bottom-3", Some(48), 0)
        .table();
    let cost =
        |t: &crate::scenario::Table, slot: &str| t.state.cost(t.cards(), p, slot.parse().unwrap());
    assert_eq!(cost(&t, "bottom-3"), 6);
    assert_eq!(cost(&t, "bottom-0"), 0);
    assert_eq!(cost(&t, "top-0"), 0);
    t.act("buy bottom-3");
    assert_eq!(t.rupees(p), 0);
    for slot in ["bottom-0", "bottom-1", "bottom-2"] {
        assert_eq!(t.slot(slot).1, 2, "{slot}");
    }
}

/// **PP-TV-6** (PP-7.2.2, PP-7.2.3, PP-7.3): Cati (British) plays #30 Sikh Merchants in Lahore
/// (Punjab; road, spy, leverage) while Hope rules Punjab with 2 tribes: a bribe of 2, paid in
/// full. Then a British road on one of Punjab's two borders, a spy on a Punjab court card (one
/// of Hope's), and 2 rupees of leverage. Refusing to pay withdraws the play: nothing happens.
#[test]
fn pp_tv_6_play_with_a_bribe_then_the_impact_icons() {
    let (cati, hope) = (0, 1);
    let mut t = Scenario::new(3)
        .loyalty(cati, British)
        .rupees(cati, 4)
        .hand(cati, &[30])
        .court(hope, &[26, 29])
        .tribes(hope, Punjab, 2)
        .roads(Afghan, Border::KabulPunjab, 1)
        .roads(Russian, Border::KandaharPunjab, 1)
        .table();
    assert_eq!(t.state.ruler(Punjab), Some(hope));
    t.act("play #30 left");
    assert_eq!((t.decider(), t.kind()), (cati, DecisionKind::Bribe));
    assert_eq!(t.choices(), set(&["pay", "ask 0", "ask 1", "withdraw"]));

    let mut refused = t.clone();
    refused.act("withdraw");
    assert_eq!(refused.kind(), DecisionKind::Action);
    assert_eq!(refused.state.actions_left(), 2);
    assert_eq!(refused.hand(cati), [30]);
    assert_eq!((refused.rupees(cati), refused.rupees(hope)), (4, 4));

    t.act("pay");
    assert_eq!((t.rupees(cati), t.rupees(hope)), (2, 6));
    assert_eq!(t.kind(), DecisionKind::RoadBorder);
    assert_eq!(
        t.choices(),
        set(&["road kabul-punjab", "road kandahar-punjab"])
    );
    t.act("road kandahar-punjab");
    assert_eq!(t.state.roads(British, Border::KandaharPunjab), 1);
    assert_eq!(t.kind(), DecisionKind::SpyTarget);
    assert_eq!(t.choices(), set(&["spy #26", "spy #29", "spy #30"]));
    t.act("spy #26");
    assert_eq!(t.state.spies(card(26), cati), 1);
    assert_eq!(t.rupees(cati), 4, "leverage: +2");
    assert_eq!(t.court(cati), [30]);
    assert_eq!(t.kind(), DecisionKind::Action);
    assert_eq!(t.state.actions_left(), 1);
}

/// **PP-TV-7** (PP-8.2, PP-7.2.3): a card in Hope's court holds 2 spies of Cati and 1 of
/// Hope: Cati holds it hostage, and Hope must bribe her with full 2 (Cati may grant less) to
/// use it. With 1 spy each there is no hostage.
#[test]
fn pp_tv_7_a_hostage_card_needs_a_bribe() {
    let (cati, hope) = (0, 1);
    let position = |cati_spies: u8| {
        Scenario::new(3)
            .court(hope, &[29])
            .spies(29, cati, cati_spies)
            .spies(29, hope, 1)
            .rupees(hope, 3)
            .market("top-1", Some(9), 1)
            .active(hope)
            .table()
    };
    let mut t = position(2);
    assert_eq!(t.state.hostage_holder(hope, card(29)), Some(cati));
    t.act("use #29 tax");
    assert_eq!((t.decider(), t.kind()), (hope, DecisionKind::Bribe));
    assert_eq!(t.choices(), set(&["pay", "ask 0", "ask 1", "withdraw"]));
    t.act("ask 1");
    assert_eq!(t.decider(), cati);
    assert_eq!(t.choices(), set(&["grant", "counter 2"]));
    t.act("grant");
    assert_eq!((t.rupees(hope), t.rupees(cati)), (2, 5));
    assert_eq!((t.decider(), t.kind()), (hope, DecisionKind::Tax));

    let mut t = position(1);
    assert_eq!(t.state.hostage_holder(hope, card(29)), None);
    t.act("use #29 tax");
    assert_eq!(t.kind(), DecisionKind::Tax, "no bribe");
}

/// **PP-TV-8** (PP-8.3): Cati rules Kabul and taxes with a rank-2 card. Brooke has 3 rupees
/// and #14 Money Lenders (Kabul, Economic 2): shelter 2, so 1 rupee is taxable. Cati takes 1
/// from Brooke and 1 from a market card: Cati +2, Brooke 3 → 2.
#[test]
fn pp_tv_8_tax_above_the_shelter() {
    let (cati, brooke) = (0, 1);
    let mut t = Scenario::new(3)
        .loyalty(cati, British)
        .rupees(cati, 0)
        .court(cati, &[7, 8])
        .tribes(cati, Kabul, 1)
        .court(brooke, &[14])
        .rupees(brooke, 3)
        .market("top-1", Some(9), 1)
        .table();
    assert_eq!(t.state.tax_shelter(t.cards(), brooke), 2);
    t.act("use #8 tax");
    assert_eq!(t.choices(), set(&["tax top-1", "tax p2"]));
    t.act("tax p2");
    assert_eq!(
        t.choices(),
        set(&["tax top-1", "stop"]),
        "Brooke is down to the shelter"
    );
    t.act("tax top-1");
    assert_eq!(t.kind(), DecisionKind::Action, "rank 2: two rupees");
    assert_eq!((t.rupees(cati), t.rupees(brooke)), (2, 2));
    assert_eq!(t.slot("top-1"), (Some(9), 0));
}

/// **PP-TV-9** (PP-8.5, PP-8.1.3): Cati (British) rules only Kabul and builds 2 armies there
/// (she could have built up to 3 blocks, roads on Kabul's 4 borders too). Cost 4 with a full
/// market: a rupee each on (Top, 5), (Top, 4), (Bottom, 5), (Bottom, 4), now paid cards.
#[test]
fn pp_tv_9_build_and_its_cost_to_the_market() {
    let cati = 0;
    let mut t = Scenario::new(3)
        .loyalty(cati, British)
        .rupees(cati, 6)
        .court(cati, &[7, 10])
        .tribes(cati, Kabul, 1)
        .table();
    let paid_slots = ["top-5", "top-4", "bottom-5", "bottom-4"];
    let expected: BTreeSet<u8> = paid_slots.iter().map(|s| t.slot(s).0.unwrap()).collect();
    t.act("use #10 build");
    assert_eq!(t.choices(), set(&["blocks 1", "blocks 2", "blocks 3"]));
    t.act("blocks 2");
    assert_eq!(
        t.choices(),
        set(&[
            "army kabul",
            "road transcaspia-kabul",
            "road herat-kabul",
            "road kabul-kandahar",
            "road kabul-punjab"
        ])
    );
    t.acts(&["army kabul", "army kabul"]);
    assert_eq!(t.state.armies(British, Kabul), 2);
    assert_eq!(t.rupees(cati), 2);
    for slot in Slot::all() {
        let on = if paid_slots.contains(&slot.to_string().as_str()) {
            1
        } else {
            0
        };
        assert_eq!(t.state.market_rupees(slot), on, "{slot}");
    }
    assert_eq!(t.paid(), expected);
    let top_4 = t.slot("top-4").0.unwrap();
    assert_eq!(t.refusal("buy top-4"), Error::PaidThisTurn(card(top_4)));
    assert!(t.offers("buy top-2"));
}

/// **PP-TV-10** (PP-8.6): Blake (Russian) moves with a rank-3 card: his spy takes 2 steps
/// counter-clockwise along the ring, crossing into a neighbouring court, then a Russian army
/// crosses a border holding a Russian road. Three steps, then the Move is over.
#[test]
fn pp_tv_10_move_spies_along_the_ring_and_armies_along_roads() {
    let blake = 0;
    let mut t = Scenario::new(3)
        .loyalty(blake, Russian)
        .court(blake, &[63])
        .court(1, &[13])
        .court(2, &[48, 61])
        .spies(13, blake, 1)
        .armies(Russian, Herat, 1)
        .roads(Russian, Border::HeratKabul, 1)
        .roads(British, Border::PersiaHerat, 1)
        .table();
    t.act("use #63 move");
    assert_eq!(t.choices(), set(&["spy-from #13", "move army herat kabul"]));
    t.act("spy-from #13");
    assert_eq!(t.choices(), set(&["spy-to #63", "spy-to #48"]));
    t.act("spy-to #63");
    t.act("spy-from #63");
    assert_eq!(
        t.choices(),
        set(&["spy-to #61", "spy-to #13"]),
        "the ring closes"
    );
    t.act("spy-to #61");
    assert_eq!(
        t.choices(),
        set(&["spy-from #61", "move army herat kabul", "stop"])
    );
    t.act("move army herat kabul");
    assert_eq!(t.kind(), DecisionKind::Action, "3 steps: the Move is over");
    assert_eq!(t.state.spies(card(61), blake), 1);
    assert_eq!(t.state.spies(card(13), blake), 0);
    assert_eq!(
        (
            t.state.armies(Russian, Herat),
            t.state.armies(Russian, Kabul)
        ),
        (0, 1)
    );
}

/// **PP-TV-11** (PP-8.8): Cati (British), rank-2 battle, 1 British army in Kandahar, where
/// there are a tribe of Hope (also British), a Russian army and a Russian road on a border.
/// Strength 1: she removes exactly one piece, the army or the road; Hope's tribe is safe.
#[test]
fn pp_tv_11_battle_in_a_region_is_limited_by_strength() {
    let (cati, hope) = (0, 1);
    let mut t = Scenario::new(3)
        .loyalty(cati, British)
        .loyalty(hope, British)
        .court(cati, &[50])
        .court(hope, &[45])
        .armies(British, Kandahar, 1)
        .tribes(hope, Kandahar, 1)
        .armies(Russian, Kandahar, 1)
        .roads(Russian, Border::KabulKandahar, 1)
        .table();
    t.act("use #50 battle");
    assert_eq!(t.choices(), set(&["battle kandahar"]));
    t.act("battle kandahar");
    assert_eq!(
        t.choices(),
        set(&["remove army russian", "remove road russian kabul-kandahar"])
    );
    let mut road = t.clone();
    t.act("remove army russian");
    assert_eq!(t.kind(), DecisionKind::Action, "strength 1: one removal");
    assert_eq!(t.state.armies(Russian, Kandahar), 0);
    assert_eq!(t.state.roads(Russian, Border::KabulKandahar), 1);
    assert_eq!(t.state.tribes(hope, Kandahar), 1);
    road.act("remove road russian kabul-kandahar");
    assert_eq!(road.kind(), DecisionKind::Action);
    assert_eq!(road.state.roads(Russian, Border::KabulKandahar), 0);
    assert_eq!(road.state.armies(Russian, Kandahar), 1);
}

/// **PP-TV-12** (PP-8.8, PP-8.2): Cati (British, rank 2) battles on a card of Hope's (also
/// British) holding 2 spies of each: she removes both of Hope's spies, and then holds the card
/// hostage (2 against 0).
#[test]
fn pp_tv_12_battle_on_a_card_makes_a_hostage() {
    let (cati, hope) = (0, 1);
    let mut t = Scenario::new(3)
        .loyalty(cati, British)
        .loyalty(hope, British)
        .court(cati, &[50])
        .court(hope, &[45])
        .spies(45, cati, 2)
        .spies(45, hope, 2)
        .table();
    assert_eq!(t.state.hostage_holder(hope, card(45)), None);
    t.act("use #50 battle");
    assert_eq!(t.choices(), set(&["battle #45"]));
    t.act("battle #45");
    assert_eq!(
        t.choices(),
        set(&["remove spy p2"]),
        "spies of a player of the same loyalty"
    );
    t.act("remove spy p2");
    assert_eq!(t.choices(), set(&["remove spy p2", "stop"]));
    t.act("remove spy p2");
    assert_eq!(t.kind(), DecisionKind::Action);
    assert_eq!(t.state.spies(card(45), hope), 0);
    assert_eq!(t.state.hostage_holder(hope, card(45)), Some(cati));
}

/// **PP-TV-13** (PP-13.2, PP-13.3): British 8, Russian 4, Afghan 4 blocks: British dominant
/// (8 ≥ 4 + 4 against each). British 8, Russian 5, Afghan 4: nobody. Through play, a
/// purchased Dominance Check then scores influence and clears the map, or scores cylinders
/// and leaves the blocks.
#[test]
fn pp_tv_13_the_success_test_needs_four_more_than_each_other_coalition() {
    let position = |russian_roads: u8| {
        Scenario::new(3)
            .loyalty(0, British)
            .loyalty(1, Russian)
            .armies(British, Kabul, 5)
            .roads(British, Border::KabulPunjab, 3)
            .armies(Russian, Herat, 4)
            .roads(Russian, Border::PersiaHerat, russian_roads)
            .armies(Afghan, Kandahar, 4)
            .tribes(2, Punjab, 1)
            // VP that no gain of this check turns into a lead of 4 (PP-13.8).
            .vp(1, 4)
            .vp(2, 4)
            .market("bottom-0", Some(101), 0)
            .table()
    };
    let mut t = position(0);
    assert_eq!(t.state.dominant_coalition(t.cards()), Some(British));
    t.act("buy bottom-0");
    assert!(t.logged("the British coalition is dominant"));
    assert_eq!(t.player(0).vp, 5, "the only British player: first place");
    assert_eq!(
        t.state.blocks_on_map(British) + t.state.blocks_on_map(Russian),
        0
    );
    assert_eq!(
        t.state.blocks_on_map(Afghan),
        0,
        "every block leaves the map"
    );

    let mut t = position(1);
    assert_eq!(t.state.dominant_coalition(t.cards()), None);
    t.act("buy bottom-0");
    assert!(t.logged("no coalition is dominant"));
    assert_eq!(t.player(2).vp, 7, "the only cylinder in play");
    assert_eq!(t.state.blocks_on_map(British), 8, "blocks stay");
}

/// **PP-TV-14** (PP-13.4, PP-13.5): two players tie for the most cylinders in play in an
/// unsuccessful check: each gets floor((3 + 1) / 2) = 2.
#[test]
fn pp_tv_14_a_tie_shares_the_places_it_takes() {
    assert_eq!(
        award(&[3, 1], &[(0, 4), (1, 4), (2, 1)]),
        [(0, 2), (1, 2), (2, 0)]
    );
    let mut t = Scenario::new(3)
        .tribes(0, Kabul, 2)
        .tribes(1, Herat, 2)
        .tribes(2, Punjab, 1)
        .market("bottom-0", Some(101), 0)
        .table();
    t.act("buy bottom-0");
    assert_eq!([0, 1, 2].map(|s| t.player(s).vp), [2, 2, 0]);
}

/// **PP-TV-15** (PP-13.3–13.6, PP-13.9): (a) the third Dominance Check, purchased, not final:
/// Russian dominant, Cati and Blake Russian, Hope not, Cati with more influence: Cati +5,
/// Blake +3, Hope +0, and all blocks leave the map. (b) the fourth, final, nobody dominant, no
/// spies or gifts: Blake has the most cylinders, Cati and Hope tie for second: 6/2 points, so
/// Blake +6 and Cati and Hope floor((2 + 0) / 2) = +1 each; the game ends.
#[test]
fn pp_tv_15_a_successful_and_a_final_check() {
    let (cati, blake, hope) = (0, 1, 2);
    let mut t = Scenario::new(3)
        .loyalty(cati, Russian)
        .loyalty(blake, Russian)
        .loyalty(hope, British)
        .court(cati, &[86])
        .armies(Russian, Transcaspia, 5)
        .roads(British, Border::KabulPunjab, 1)
        .discarded(&[101, 102])
        .market("bottom-0", Some(103), 0)
        .table();
    assert!(t.influence(cati) > t.influence(blake));
    t.act("buy bottom-0");
    assert_eq!([cati, blake, hope].map(|s| t.player(s).vp), [5, 3, 0]);
    assert_eq!(
        t.state.blocks_on_map(Russian) + t.state.blocks_on_map(British),
        0
    );
    assert_eq!(
        t.state.outcome(),
        None,
        "not final: #104 is still in the deck"
    );

    let mut t = Scenario::new(3)
        .vp(cati, 5)
        .vp(blake, 3)
        .tribes(blake, Kabul, 3)
        .tribes(cati, Herat, 1)
        .tribes(hope, Punjab, 1)
        .discarded(&[101, 102, 103])
        .market("bottom-0", Some(104), 0)
        .table();
    t.act("buy bottom-0");
    assert!(t.logged("final Dominance Check"));
    assert_eq!([cati, blake, hope].map(|s| t.player(s).vp), [6, 9, 1]);
    let outcome = t.state.outcome().expect("the game is over");
    assert_eq!(outcome.reason, EndReason::FinalCheck);
    assert_eq!(outcome.winners().collect::<Vec<_>>(), [blake]);
    assert!(t.decision().is_none());
}

/// The setup of `players` seats from `seed` as snapshot JSON: market (in fill order) then deck
/// is the whole stack of piles.
fn setup_stack(players: u8, seed: u64) -> (Vec<u64>, Value) {
    let game = PaxPamir::new(Options {
        players,
        ..Options::default()
    })
    .unwrap();
    let state = game.new_initial_state(seed);
    let fill = ["top", "bottom"];
    let mut stack: Vec<u64> = (0..6u8)
        .flat_map(|col| fill.map(|row| format!("{row}-{col}")))
        .map(|s| {
            u64::from(
                state
                    .market_card(s.parse::<Slot>().unwrap())
                    .expect("a full market")
                    .0,
            )
        })
        .collect();
    let snapshot: Value = serde_json::from_str(&state.to_snapshot()).unwrap();
    stack.extend(
        snapshot["state"]["deck"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap()),
    );
    (stack, snapshot)
}

/// **PP-TV-16** (PP-4.3): N = 3 gives piles of 8, 10, 10, 10, 10, 10, a deck of 58, 52 court
/// cards and 6 events out of the game; N = 5 piles of 10, 12 × 5, a deck of 70, 40 court
/// cards out. Pile 1 holds court cards only; pile 2 two other events; piles 3–6 one Dominance
/// Check and one other event each; no Dominance Check before deck position 13 + 2N.
#[test]
fn pp_tv_16_the_deck_is_six_piles() {
    for players in 2..=5u8 {
        let n = players as usize;
        for seed in 0..20 {
            let (stack, snapshot) = setup_stack(players, seed);
            let piles: Vec<usize> = snapshot["state"]["piles"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_u64().unwrap() as usize)
                .collect();
            let mut sizes = vec![7 + n; 6];
            sizes[0] = 5 + n;
            assert_eq!(piles, sizes);
            assert_eq!(stack.len(), 40 + 6 * n);
            let removed: Vec<u64> = snapshot["state"]["removed"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_u64().unwrap())
                .collect();
            assert_eq!(
                removed.iter().filter(|&&c| c <= 100).count(),
                100 - 6 * (5 + n)
            );
            assert_eq!(removed.iter().filter(|&&c| c > 100).count(), 6);
            assert!(removed.iter().all(|&c| !(101..=104).contains(&c)));
            let mut at = 0;
            for (i, &size) in sizes.iter().enumerate() {
                let pile = &stack[at..at + size];
                let checks = pile.iter().filter(|&&c| (101..=104).contains(&c)).count();
                let others = pile.iter().filter(|&&c| c > 104).count();
                let expected = match i {
                    0 => (0, 0),
                    1 => (0, 2),
                    _ => (1, 1),
                };
                assert_eq!(
                    (checks, others),
                    expected,
                    "{players} players, seed {seed}, pile {}",
                    i + 1
                );
                at += size;
            }
            let first_check = stack
                .iter()
                .position(|&c| (101..=104).contains(&c))
                .unwrap()
                + 1;
            assert!(
                first_check >= 13 + 2 * n,
                "first Dominance Check at position {first_check}"
            );
        }
    }
    let (stack, snapshot) = setup_stack(3, 7);
    assert_eq!(stack.len(), 58);
    assert_eq!(
        snapshot["state"]["removed"].as_array().unwrap().len(),
        52 + 6
    );
    let (stack, _) = setup_stack(5, 7);
    assert_eq!(stack.len(), 70);
}

/// **PP-TV-17** (PP-4.4, PP-12.4): the first 12 deck cards go to (Top, 0), (Bottom, 0),
/// (Top, 1), (Bottom, 1), …, (Bottom, 5). At setup, read in that order the market continues
/// the pile structure (pile 1 of 5 + N court cards, then pile 2 with its 2 events); an empty
/// market refills from a known deck in the same order.
#[test]
fn pp_tv_17_the_market_fills_column_by_column_top_first() {
    let order: Vec<String> = Slot::all().map(|s| s.to_string()).collect();
    assert_eq!(order[..4], ["top-0", "bottom-0", "top-1", "bottom-1"]);
    assert_eq!(order[11], "bottom-5");
    for seed in 0..100 {
        let (stack, _) = setup_stack(2, seed);
        assert!(
            stack[..7].iter().all(|&c| c <= 100),
            "seed {seed}: pile 1 is court cards"
        );
        assert_eq!(
            stack[7..16].iter().filter(|&&c| c > 100).count(),
            2,
            "seed {seed}: pile 2"
        );
    }
    let deck: Vec<u8> = vec![9, 29, 13, 48, 61, 62, 8, 10, 16, 18, 20, 22, 31, 33];
    let mut t = Scenario::new(3).exact_market().deck(&deck).table();
    t.act("end");
    let expected = [
        "top-0", "bottom-0", "top-1", "bottom-1", "top-2", "bottom-2", "top-3", "bottom-3",
        "top-4", "bottom-4", "top-5", "bottom-5",
    ];
    for (slot, &d) in expected.iter().zip(&deck) {
        assert_eq!(t.slot(slot).0, Some(d), "{slot}");
    }
    assert_eq!(t.deck(), [31, 33]);
}

/// **PP-TV-18** (PP-4.6): 4 players, random start seat 2: loyalties are chosen by seats
/// 2, 3, 0, 1; the last to choose, seat 1, takes the first turn, then 2, 3, 0.
#[test]
fn pp_tv_18_the_last_to_choose_a_loyalty_plays_first() {
    let game = PaxPamir::new(Options {
        players: 4,
        ..Options::default()
    })
    .unwrap();
    let seed = (0..100)
        .find(|&seed| game.decision(&game.new_initial_state(seed)).unwrap().player == 2)
        .expect("a seed whose random start seat is 2");
    let mut state = game.new_initial_state(seed);
    let mut choosers = Vec::new();
    while let Some(d) = game
        .decision(&state)
        .filter(|d| d.kind == DecisionKind::Loyalty)
    {
        choosers.push(d.player);
        game.apply(&mut state, d.choices[0], &mut Log::silent())
            .unwrap();
    }
    assert_eq!(choosers, [2, 3, 0, 1]);
    assert_eq!(state.active(), 1);
    assert_eq!(state.seats_in_turn_order(), [1, 2, 3, 0]);
    let mut turns = vec![state.active()];
    for _ in 0..3 {
        // End the action step, then answer any cleanup question with its first choice.
        game.apply(&mut state, "end".parse().unwrap(), &mut Log::silent())
            .unwrap();
        while let Some(d) = game
            .decision(&state)
            .filter(|d| d.kind != DecisionKind::Action)
        {
            game.apply(&mut state, d.choices[0], &mut Log::silent())
                .unwrap();
        }
        turns.push(state.active());
    }
    assert_eq!(turns, [1, 2, 3, 0]);
}
