//! Rule tests for the components, the map, the cards and setup (PP-1 to PP-4), beyond the
//! test vectors: piece limits and the component-limit fallback, stacking, the borders of each
//! region as play offers them, impact icons in printed order, and the state after setup for
//! every player count.

use darbar::engine::{Game, Log, Snapshot};
use darbar::pax_pamir::Coalition::{Afghan, British, Russian};
use darbar::pax_pamir::Region::{Herat, Kabul, Kandahar, Persia, Punjab};
use darbar::pax_pamir::{
    Border, Coalition, DecisionKind, Error, EventEffect, GiftSlot, Options, PaxPamir, Piece, Slot,
    Suit,
};
use serde_json::Value;

use crate::scenario::{Scenario, card};

/// **PP-1.1, PP-1.2**: 12 blocks per coalition and 10 usable cylinders per player are hard
/// limits: a position with a 13th British block, or an 11th cylinder of one player in play, is
/// refused with the rule it breaks; 12 blocks and 10 cylinders load.
#[test]
fn pp_1_1_blocks_and_cylinders_are_hard_limits() {
    let blocks = |n: u8| {
        Scenario::new(3)
            .armies(British, Kabul, 6)
            .roads(British, Border::HeratKabul, n)
    };
    assert!(blocks(6).try_build().is_ok(), "12 blocks");
    let err = blocks(7).try_build().expect_err("13 British blocks");
    assert_eq!(err.rule().map(|r| r.0), Some("PP-1.1"));

    let cylinders = |n: u8| {
        Scenario::new(3)
            .tribes(0, Kabul, 5)
            .spies(13, 0, n)
            .court(1, &[13])
    };
    assert!(cylinders(5).try_build().is_ok(), "10 cylinders");
    let err = cylinders(6).try_build().expect_err("11 cylinders");
    assert_eq!(err.rule().map(|r| r.0), Some("PP-1.2"));
}

/// **PP-1.3, PP-10.1**: a block helps only the players loyal to its coalition. P (Afghan) rules
/// Kabul with a tribe and 2 Afghan armies; after playing a British patriot the same armies count
/// against P: 1 ruling piece is not more than 2 Afghan armies.
#[test]
fn pp_1_3_blocks_stop_helping_after_a_loyalty_change() {
    let p = 0;
    let mut t = Scenario::new(3)
        .loyalty(p, Afghan)
        .court(p, &[5])
        .tribes(p, Kabul, 1)
        .armies(Afghan, Kabul, 2)
        .hand(p, &[51])
        .table();
    assert_eq!(t.state.ruling_pieces(p, Kabul), 3);
    assert_eq!(t.state.ruler(Kabul), Some(p));
    t.act("play #51 right");
    assert_eq!(t.player(p).loyalty, Some(British));
    assert_eq!(
        t.state.armies(Afghan, Kabul),
        2,
        "the armies stay on the map (PP-9.3)"
    );
    assert_eq!(t.state.ruling_pieces(p, Kabul), 1);
    assert_eq!(t.state.ruler(Kabul), None);
}

/// **PP-1.4**: no stacking limit: a road icon may put a block on a border that already holds
/// roads of every coalition, its own included.
#[test]
fn pp_1_4_any_number_of_pieces_share_a_border() {
    let mut t = Scenario::new(3)
        .roads(Afghan, Border::KabulPunjab, 3)
        .roads(British, Border::KabulPunjab, 3)
        .roads(Russian, Border::KabulPunjab, 3)
        .hand(0, &[9])
        .table();
    t.act("play #9 left");
    t.expect(
        0,
        DecisionKind::RoadBorder,
        &[
            "road transcaspia-kabul",
            "road herat-kabul",
            "road kabul-kandahar",
            "road kabul-punjab",
        ],
    );
    t.act("road kabul-punjab");
    assert_eq!(t.state.roads(Afghan, Border::KabulPunjab), 4);
}

/// **PP-1.5**: rupees move between players only through bribes and tax: a play bribe moves
/// exactly the amount agreed from the briber to the receiver, and the rupees of the players
/// and the market together are unchanged.
#[test]
fn pp_1_5_a_bribe_moves_rupees_between_two_players_only() {
    let mut t = Scenario::new(3)
        .rupees(0, 4)
        .hand(0, &[9])
        .court(1, &[5])
        .tribes(1, Kabul, 2)
        .table();
    let total = |t: &crate::scenario::Table| -> i16 {
        (0..3).map(|s| t.rupees(s)).sum::<i16>() + t.market_total() as i16
    };
    let before = total(&t);
    t.acts(&["play #9 left", "ask 1", "grant"]);
    assert_eq!([t.rupees(0), t.rupees(1), t.rupees(2)], [3, 5, 4]);
    assert_eq!(total(&t), before);
}

/// **PP-1.6** steps 1–3: an army icon with the coalition's supply empty takes a block of the
/// same coalition in play (not another coalition's), with every consequence of its removal:
/// taking the Afghan army from Herat ends P's rule there. A road may become an army.
#[test]
fn pp_1_6_a_block_from_an_empty_supply_is_taken_from_the_map() {
    let (p, q) = (0, 1);
    let position = || {
        Scenario::new(3)
            .loyalty(p, Afghan)
            .loyalty(q, British)
            .court(p, &[55])
            .tribes(p, Herat, 1)
            .armies(Afghan, Herat, 1)
            .tribes(q, Herat, 1)
            .roads(Afghan, Border::PersiaHerat, 11)
            .armies(British, Kandahar, 1)
            .hand(p, &[16])
            .table()
    };
    let mut t = position();
    assert_eq!(t.state.blocks_in_supply(Afghan), 0);
    assert_eq!(t.state.ruler(Herat), Some(p));
    t.act("play #16 right");
    t.expect(
        p,
        DecisionKind::Fallback,
        &["take army herat", "take road persia-herat"],
    );
    let mut road = t.clone();
    t.act("take army herat");
    assert_eq!(
        t.state.ruler(Herat),
        None,
        "the removal's consequence: P no longer rules Herat"
    );
    assert_eq!(
        (t.state.armies(Afghan, Herat), t.state.armies(Afghan, Kabul)),
        (0, 1)
    );
    road.act("take road persia-herat");
    assert_eq!(
        road.state.roads(Afghan, Border::PersiaHerat),
        10,
        "a road became an army"
    );
    assert_eq!(road.state.armies(Afghan, Kabul), 1);
    assert_eq!(road.state.ruler(Herat), Some(p));
}

/// **PP-1.6, PP-OQ-9**: "placed this turn" excludes pieces placed by anyone this turn, but a
/// piece that was only moved is not excluded: P moves a British army to Kabul, then the first
/// army icon may take that army; the second icon may not take the army it just placed.
#[test]
fn pp_1_6_a_moved_block_may_be_taken_but_not_a_placed_one() {
    let p = 0;
    let mut t = Scenario::new(3)
        .loyalty(p, British)
        .court(p, &[50])
        .armies(British, Herat, 1)
        .roads(British, Border::HeratKabul, 11)
        .hand(p, &[32])
        .table();
    t.acts(&["use #50 move", "move army herat kabul", "stop"]);
    t.act("play #32 right");
    t.expect(
        p,
        DecisionKind::Fallback,
        &["take army kabul", "take road herat-kabul"],
    );
    t.act("take army kabul");
    assert_eq!(t.state.armies(British, Punjab), 1);
    t.expect(p, DecisionKind::Fallback, &["take road herat-kabul"]);
}

/// **PP-1.6, PP-OQ-9**: with every usable piece of the kind placed this turn, the placement is
/// skipped: ten tribes placed this turn, and a tribe icon places nothing (and asks nothing).
/// Twelve Afghan blocks placed this turn: an army icon is skipped too.
#[test]
fn pp_1_6_with_no_piece_to_take_the_placement_is_skipped() {
    let p = 0;
    let mut s = Scenario::new(3).tribes(p, Kabul, 10).hand(p, &[5]);
    for _ in 0..10 {
        s = s.placed(p, Piece::Tribe(Kabul));
    }
    let mut t = s.table();
    t.act("play #5 left");
    assert_eq!(t.kind(), DecisionKind::Action);
    assert_eq!(t.state.tribes(p, Kabul), 10);
    assert!(t.logged("the placement is skipped"));

    let mut s = Scenario::new(3).armies(Afghan, Herat, 12).hand(p, &[16]);
    for _ in 0..12 {
        s = s.placed(Afghan.index(), Piece::Army(Herat));
    }
    let mut t = s.table();
    t.act("play #16 left");
    assert_eq!(t.kind(), DecisionKind::Action);
    assert_eq!(
        (t.state.armies(Afghan, Herat), t.state.armies(Afghan, Kabul)),
        (12, 0)
    );
}

/// **PP-1.6**: a gift placed from an empty supply takes a cylinder in play; a gift already on
/// another slot qualifies (the VP marker never does: only tribes, spies and gifts are offered).
#[test]
fn pp_1_6_a_gift_from_an_empty_supply() {
    let p = 0;
    let mut t = Scenario::new(3)
        .court(p, &[4])
        .rupees(p, 4)
        .tribes(p, Punjab, 9)
        .gifts(p, &[GiftSlot::Gift2])
        .table();
    assert_eq!(t.state.cylinders_in_supply(p), 0);
    t.acts(&["use #4 gift", "gift gift4"]);
    t.expect(
        p,
        DecisionKind::Fallback,
        &["take tribe punjab", "take gift gift2"],
    );
    t.act("take gift gift2");
    assert!(t.state.gift(p, GiftSlot::Gift4) && !t.state.gift(p, GiftSlot::Gift2));
    assert_eq!(t.state.cylinders_in_play(p), 10);
}

/// **PP-2.1, PP-2.2**: a road icon offers exactly the borders of the card's region: Persia 2,
/// Transcaspia 3, Herat 4, Kabul 4, Kandahar 3, Punjab 2.
#[test]
fn pp_2_1_each_region_has_its_borders() {
    let cases: [(u8, &[&str]); 6] = [
        (79, &["road persia-transcaspia", "road persia-herat"]),
        (
            96,
            &[
                "road persia-transcaspia",
                "road transcaspia-herat",
                "road transcaspia-kabul",
            ],
        ),
        (
            61,
            &[
                "road persia-herat",
                "road transcaspia-herat",
                "road herat-kabul",
                "road herat-kandahar",
            ],
        ),
        (
            9,
            &[
                "road transcaspia-kabul",
                "road herat-kabul",
                "road kabul-kandahar",
                "road kabul-punjab",
            ],
        ),
        (
            48,
            &[
                "road herat-kandahar",
                "road kabul-kandahar",
                "road kandahar-punjab",
            ],
        ),
        (29, &["road kabul-punjab", "road kandahar-punjab"]),
    ];
    for (n, borders) in cases {
        let mut t = Scenario::new(3).hand(0, &[n]).table();
        t.act(&format!("play #{n} left"));
        t.expect(0, DecisionKind::RoadBorder, borders);
    }
}

/// **PP-3.5, PP-7.3**: impact icons resolve strictly in printed order. #8 Kabul Bazaar (road,
/// road, spy, favored Political): two road decisions, then the spy, and the favored suit
/// changes only after the spy. #7 Dost Mohammad (tribe, tribe, army, spy): when the spy is
/// asked, both tribes and the army are already placed. #30 (road, spy, leverage): the leverage
/// rupees come after the spy.
#[test]
fn pp_3_5_impact_icons_in_printed_order() {
    let p = 0;
    let mut t = Scenario::new(3)
        .favored(Suit::Economic)
        .hand(p, &[8])
        .table();
    t.act("play #8 left");
    assert_eq!(t.kind(), DecisionKind::RoadBorder);
    t.act("road kabul-punjab");
    assert_eq!(t.kind(), DecisionKind::RoadBorder);
    t.act("road kabul-punjab");
    t.expect(p, DecisionKind::SpyTarget, &["spy #8"]);
    assert_eq!(
        t.state.favored_suit(),
        Suit::Economic,
        "the suit icon is last"
    );
    t.act("spy #8");
    assert_eq!(t.state.favored_suit(), Suit::Political);

    let mut t = Scenario::new(3).hand(p, &[7]).table();
    t.act("play #7 left");
    assert_eq!(t.kind(), DecisionKind::SpyTarget);
    assert_eq!(
        (t.state.tribes(p, Kabul), t.state.armies(Afghan, Kabul)),
        (2, 1)
    );

    let mut t = Scenario::new(3).rupees(p, 0).hand(p, &[30]).table();
    t.acts(&["play #30 left", "road kabul-punjab"]);
    assert_eq!(t.kind(), DecisionKind::SpyTarget);
    assert_eq!(t.rupees(p), 0, "the leverage icon comes after the spy");
    t.act("spy #30");
    assert_eq!(t.rupees(p), 2);
}

/// **PP-3.6**: #7 Dost Mohammad and #76 Fath-Ali Shah have no action: no card-based action is
/// offered with them, and one declared is refused (PP-8.1.1).
#[test]
fn pp_3_6_cards_without_actions() {
    let mut t = Scenario::new(3)
        .rupees(0, 6)
        .court(0, &[7, 76])
        .tribes(0, Kabul, 1)
        .table();
    assert!(
        t.choices().iter().all(|c| !c.starts_with("use")),
        "{:?}",
        t.choices()
    );
    for text in ["use #7 build", "use #76 tax"] {
        let err = t.refused(text);
        assert!(matches!(err, Error::NoSuchAction { .. }), "{err}");
        assert_eq!(err.rule().0, "PP-8.1.1");
    }
}

/// **PP-3.8, PP-9.2**: a prize is kept with the dial, not in the court, and is worth 1
/// influence; #42 Barakzai Sadars is both an Afghan patriot and an Afghan prize.
#[test]
fn pp_3_8_a_prize_is_worth_one_influence() {
    let facts = darbar::pax_pamir::CardData::standard()
        .court(card(42))
        .expect("#42")
        .clone();
    assert_eq!((facts.patriot, facts.prize), (Some(Afghan), Some(Afghan)));
    let t = Scenario::new(3)
        .loyalty(0, Afghan)
        .prizes(0, &[42, 4])
        .table();
    assert_eq!(t.influence(0), 3);
    assert!(t.court(0).is_empty());
}

/// **PP-3.9, PP-11.2**: a leveraged card gives 2 rupees when played and costs its owner 2 when
/// it leaves the court by any discard: here a betrayal takes 2 of the owner's 3 rupees.
#[test]
fn pp_3_9_leverage_is_repaid_when_the_card_is_betrayed() {
    let (q, p) = (0, 1);
    let mut t = Scenario::new(3)
        .court(q, &[18])
        .rupees(q, 2)
        .court(p, &[14])
        .rupees(p, 3)
        .spies(14, q, 1)
        .table();
    t.acts(&["use #18 betray", "betray #14"]);
    assert_eq!(t.rupees(p), 1);
    assert_eq!(t.kind(), DecisionKind::Action);
}

/// **PP-3.10, PP-8.2**: a special ability is never held hostage: #51 Sir John Keane (Indian
/// Supplies), held hostage by Q, still lets its owner's armies move without roads.
#[test]
fn pp_3_10_a_hostage_card_keeps_its_special_ability() {
    let (p, q) = (0, 1);
    let mut t = Scenario::new(3)
        .loyalty(p, British)
        .court(p, &[51, 50])
        .spies(51, q, 2)
        .armies(British, Persia, 1)
        .table();
    assert_eq!(t.state.hostage_holder(p, card(51)), Some(q));
    t.act("use #50 move");
    t.expect(
        p,
        DecisionKind::Move,
        &["move army persia transcaspia", "move army persia herat"],
    );
}

/// The snapshot JSON of a state.
fn json(state: &darbar::pax_pamir::State) -> Value {
    serde_json::from_str(&state.to_snapshot()).expect("snapshot JSON")
}

/// The card numbers of a list in the snapshot.
fn numbers(v: &Value) -> Vec<u64> {
    v.as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default()
}

/// **PP-4.1**: 2 to 5 players; 1 or 6 are refused, naming PP-4.1.
#[test]
fn pp_4_1_two_to_five_players() {
    for players in 2..=5u8 {
        assert!(
            PaxPamir::new(Options {
                players,
                ..Options::default()
            })
            .is_ok()
        );
    }
    for players in [0u8, 1, 6] {
        let err = PaxPamir::new(Options {
            players,
            ..Options::default()
        })
        .expect_err("refused");
        assert_eq!(err, Error::PlayerCount(players));
        assert_eq!(err.rule().0, "PP-4.1");
    }
}

/// **PP-4.2, PP-4.5, PP-4.7**: for every player count, after setup and the loyalty choices: the
/// favored suit is Political; the deck holds 28 + 6N cards; the market 12 cards and no
/// rupees; each player 4 rupees, 10 cylinders in supply, 0 VP, no hand, court, prizes or
/// gifts; every block in supply; no lasting effect.
#[test]
fn pp_4_7_the_state_after_setup() {
    for players in 2..=5u8 {
        let n = players as usize;
        let game = PaxPamir::new(Options {
            players,
            ..Options::default()
        })
        .unwrap();
        for seed in 0..10 {
            let mut state = game.new_initial_state(seed);
            while let Some(d) = game
                .decision(&state)
                .filter(|d| d.kind == DecisionKind::Loyalty)
            {
                game.apply(&mut state, d.choices[1], &mut Log::silent())
                    .unwrap();
            }
            assert_eq!(state.favored_suit(), Suit::Political);
            assert_eq!(state.deck_len(), 28 + 6 * n, "{players} players");
            for slot in Slot::all() {
                assert!(state.market_card(slot).is_some(), "{slot}");
                assert_eq!(state.market_rupees(slot), 0);
            }
            for seat in 0..n {
                let p = state.player(seat).unwrap();
                assert_eq!((p.rupees, p.vp), (4, 0));
                assert_eq!(p.loyalty, Some(British), "each chose the second coalition");
                assert!(p.hand.is_empty() && p.court.is_empty() && p.prizes.is_empty());
                assert_eq!(p.gifts, [false; 3]);
                assert!(p.events.is_empty());
                assert_eq!(state.cylinders_in_supply(seat), 10);
            }
            for k in Coalition::ALL {
                assert_eq!(state.blocks_in_supply(k), 12);
            }
            let cards = game.cards();
            for effect in [
                EventEffect::EmbarrassmentOfRiches,
                EventEffect::DisregardForCustoms,
                EventEffect::ConflictFatigue,
                EventEffect::PashtunwaliValues,
            ] {
                assert!(!state.global_effect(cards, effect));
            }
            assert_eq!(game.decision(&state).unwrap().kind, DecisionKind::Action);
        }
    }
}

/// **PP-4.3**: the cards of the deck and market are 6 × (5 + N) court cards, the 4 Dominance
/// Checks and 6 of the 12 other events; every other card is out of the game, unseen.
#[test]
fn pp_4_3_the_deck_holds_six_piles_worth_of_cards() {
    for players in 2..=5u8 {
        let n = players as u64;
        let game = PaxPamir::new(Options {
            players,
            ..Options::default()
        })
        .unwrap();
        for seed in 0..10 {
            let state = game.new_initial_state(seed);
            let snapshot = json(&state);
            let mut dealt = numbers(&snapshot["state"]["deck"]);
            dealt.extend(
                Slot::all()
                    .filter_map(|s| state.market_card(s))
                    .map(|c| u64::from(c.0)),
            );
            let removed = numbers(&snapshot["state"]["removed"]);
            assert_eq!(
                dealt.iter().filter(|&&c| c <= 100).count() as u64,
                6 * (5 + n)
            );
            assert_eq!(
                dealt.iter().filter(|&&c| (101..=104).contains(&c)).count(),
                4
            );
            assert_eq!(dealt.iter().filter(|&&c| c > 104).count(), 6);
            let mut all: Vec<u64> = dealt.iter().chain(&removed).copied().collect();
            all.sort_unstable();
            assert_eq!(
                all,
                (1..=116).collect::<Vec<u64>>(),
                "every card once, dealt or out"
            );
        }
    }
}

/// **PP-4.4**: the market is drawn column by column, top before bottom: the first 5 + N slots
/// in that order come from pile 1 and hold court cards only, and no Dominance Check is in the
/// starting market, for every player count.
#[test]
fn pp_4_4_the_starting_market_comes_from_the_top_piles() {
    for players in 2..=5u8 {
        let n = players as usize;
        let game = PaxPamir::new(Options {
            players,
            ..Options::default()
        })
        .unwrap();
        let mut event_seen = false;
        for seed in 0..60 {
            let state = game.new_initial_state(seed);
            let fill: Vec<u8> = Slot::all()
                .map(|s| state.market_card(s).expect("full").0)
                .collect();
            assert!(
                fill[..5 + n].iter().all(|&c| c <= 100),
                "{players} players, seed {seed}: {fill:?}"
            );
            assert!(fill.iter().all(|&c| !(101..=104).contains(&c)));
            event_seen |= fill.iter().any(|&c| c > 104);
        }
        if n <= 4 {
            assert!(
                event_seen,
                "{players} players: pile 2's events reach the market in some game"
            );
        }
    }
}

/// **PP-4.6, PP-16 D1**: for 2, 3 and 5 players and every start seat: the loyalty choices go
/// clockwise from the start seat, each offering the three coalitions (several players may
/// choose the same), and the last to choose takes the first turn.
#[test]
fn pp_4_6_loyalty_order_and_first_turn() {
    for players in [2u8, 3, 5] {
        let n = players as usize;
        let game = PaxPamir::new(Options {
            players,
            ..Options::default()
        })
        .unwrap();
        let mut starts = std::collections::BTreeSet::new();
        for seed in 0..200 {
            let mut state = game.new_initial_state(seed);
            let start = game.decision(&state).unwrap().player;
            if !starts.insert(start) {
                continue;
            }
            let mut choosers = Vec::new();
            while let Some(d) = game
                .decision(&state)
                .filter(|d| d.kind == DecisionKind::Loyalty)
            {
                let offered: Vec<String> = d.choices.iter().map(ToString::to_string).collect();
                assert_eq!(
                    offered,
                    ["loyalty afghan", "loyalty british", "loyalty russian"]
                );
                choosers.push(d.player);
                game.apply(
                    &mut state,
                    "loyalty russian".parse().unwrap(),
                    &mut Log::silent(),
                )
                .unwrap();
            }
            let expected: Vec<usize> = (0..n).map(|i| (start + i) % n).collect();
            assert_eq!(choosers, expected);
            let first = (start + n - 1) % n;
            assert_eq!(state.active(), first);
            assert_eq!(
                state.seats_in_turn_order(),
                (0..n).map(|i| (first + i) % n).collect::<Vec<_>>()
            );
            assert!((0..n).all(|s| state.player(s).unwrap().loyalty == Some(Russian)));
        }
        assert_eq!(
            starts.len(),
            n,
            "{players} players: every start seat occurs"
        );
    }
}
