//! Rule tests of setup (TI-3, TI-17.1, TI-21.10, TC-5, TC-16.1), played from
//! `new_initial_state` through the `Game` interface.

use darbar::engine::{Game, Log, Snapshot};
use darbar::tycoon::content::PlanType;
use darbar::tycoon::{Action, DecisionKind, Era, Options, State, Tycoon};
use serde_json::Value;

use crate::scenario::content;

/// A deck of the snapshot, top last, as content numbers.
fn deck(state: &State, field: &str) -> Vec<usize> {
    let snapshot: Value = serde_json::from_str(&state.to_snapshot()).expect("JSON");
    snapshot["state"][field]
        .as_array()
        .expect("a deck")
        .iter()
        .filter_map(Value::as_u64)
        .map(|c| c as usize)
        .collect()
}

/// The eras of a deck from its top down.
fn eras(cards: &[usize], era: impl Fn(usize) -> Era) -> Vec<Era> {
    cards.iter().rev().map(|&c| era(c)).collect()
}

fn game(options: Options) -> Tycoon {
    Tycoon::new(options).expect("a seat layout")
}

/// Applies `action`, which must be legal.
#[track_caller]
fn apply(game: &Tycoon, state: &mut State, action: Action) {
    game.apply(state, action, &mut Log::silent())
        .unwrap_or_else(|e| panic!("{action}: {e}"));
}

/// **TI-3 steps 11–17, TI-21.10**: 150 Cr each, 130 for the Tycoon; starting influence in
/// reverse order (the seat on the Tycoon's right first), each of spaces 1–4 taken once, with
/// `7 − space` promoters; the starting policies drawn one per seat and picked in reverse order,
/// the Tycoon last taking the remaining card; then each seat keeps 1 of 2 agendas in turn
/// order; round 1 begins with the Tycoon choosing any of the 4 regions.
#[test]
fn ti_3_starting_money_influence_policies_and_agendas() {
    for seed in [1, 2, 3, 4] {
        let game = game(Options::default());
        let mut state = game.new_initial_state(seed);
        let tycoon = state.tycoon();
        let turn = |k: usize| (tycoon + k) % 4;
        for seat in 0..4 {
            let money = state.seat(seat).expect("a seat").money;
            assert_eq!(money, if seat == tycoon { 130 } else { 150 });
        }
        let mut free = vec![1u8, 2, 3, 4];
        for (k, space) in [(3, 2), (2, 4), (1, 1), (0, 3)] {
            let d = game.decision(&state).expect("a decision");
            assert_eq!((d.player, d.kind), (turn(k), DecisionKind::StartInfluence));
            let offered: Vec<u8> = d
                .choices
                .iter()
                .filter_map(|a| match a {
                    Action::Influence(n) => Some(*n),
                    _ => None,
                })
                .collect();
            assert_eq!(offered, free, "each space once");
            apply(&game, &mut state, Action::Influence(space));
            free.retain(|&n| n != space);
            let me = state.seat(turn(k)).expect("a seat");
            assert_eq!(
                (me.influence, me.promoters),
                (u32::from(space), 7 - u32::from(space))
            );
        }
        for (k, cards) in [(3, 4), (2, 3), (1, 2)] {
            let d = game.decision(&state).expect("a decision");
            assert_eq!((d.player, d.kind), (turn(k), DecisionKind::StartPolicy));
            let offered = d
                .choices
                .iter()
                .filter(|a| matches!(a, Action::Policy(_)))
                .count();
            assert_eq!(offered, cards);
            apply(&game, &mut state, Action::Policy(0));
        }
        for seat in 0..4 {
            let policies = &state.seat(seat).expect("a seat").policies;
            assert_eq!(policies.len(), 1, "seat {seat}: one starting policy");
            assert_eq!(content().policies[usize::from(policies[0])].era, Era::I);
        }
        for k in 0..4 {
            let d = game.decision(&state).expect("a decision");
            assert_eq!((d.player, d.kind), (turn(k), DecisionKind::Agenda));
            let view = game.view(&state, turn(k));
            assert_eq!(view.seats[turn(k)].agenda.as_ref().map(Vec::len), Some(2));
            assert_eq!(view.seats[turn(k + 1)].agenda, None, "hidden");
            apply(&game, &mut state, Action::Agenda(1));
            assert_eq!(state.seat(turn(k)).expect("a seat").agenda.len(), 1);
        }
        let d = game.decision(&state).expect("a decision");
        assert_eq!((d.player, d.kind), (tycoon, DecisionKind::Region));
        assert_eq!(d.choices.len(), 1 + 4, "any region in round 1 (TI-5.1)");
        assert_eq!(state.round(), 1);
    }
}

/// **TI-3 steps 4–8, 18, TC-5**: the decks and the table after setup. The policy deck has 20
/// cards, 8 Era I on top of 12 Era II; the industry deck 27, 9 Era I on top of 18 Era II; after
/// the starting policies (one per seat) and the displays (2 policies, 3 industries) the rest
/// are in the decks, Era I still on top. 30 merit cards; 3 conglomerate tokens with 4 seats,
/// 2 with 3; 2 favour tokens; 1 A and 2 B planning cards; 14 unmanaged spaces with 4 seats, 9
/// with 3.
#[test]
fn ti_3_decks_and_tokens() {
    for (players, tokens, spaces) in [(4u8, 3, 14), (3, 2, 9)] {
        for include_kickstarter in [false, true] {
            let game = game(Options {
                players,
                include_kickstarter,
                ..Options::default()
            });
            let mut state = game.new_initial_state(9);
            while state.round() == 0 {
                let last = *game.legal_actions(&state).last().expect("a choice");
                apply(&game, &mut state, last);
            }
            let seats = usize::from(players);
            let view = game.view(&state, 0);
            let policies = deck(&state, "policy_deck");
            assert_eq!(policies.len() + seats + 2, 20);
            assert_eq!(view.policy_deck, 20 - seats - 2);
            let policy_era = |p: usize| content().policies[p].era;
            let era_i_left = 8 - seats - 2;
            let expected: Vec<Era> = std::iter::repeat_n(Era::I, era_i_left)
                .chain(std::iter::repeat_n(Era::II, 12))
                .collect();
            assert_eq!(eras(&policies, policy_era), expected);
            assert!(view.policy_display.iter().all(|s| s.id.starts_with("P1-")));
            let industries = deck(&state, "industry_deck");
            assert_eq!(industries.len() + 3, 27);
            let industry_era = |c: usize| content().industries[c].era;
            let expected: Vec<Era> = std::iter::repeat_n(Era::I, 6)
                .chain(std::iter::repeat_n(Era::II, 18))
                .collect();
            assert_eq!(eras(&industries, industry_era), expected);
            assert!(
                view.industry_display
                    .iter()
                    .all(|s| s.id.starts_with("I1-"))
            );
            if !include_kickstarter {
                assert!(
                    industries
                        .iter()
                        .all(|&c| !content().industries[c].kickstarter)
                );
            }
            assert_eq!(view.merit_deck, 30);
            assert_eq!(view.conglomerates.len(), tokens);
            assert_eq!(view.favours.len(), 2);
            assert_eq!(view.spaces.len(), spaces);
            assert!(view.spaces.iter().all(|s| s.covered_by.is_none()));
            let kinds: Vec<PlanType> = deck(&state, "plans")
                .into_iter()
                .map(|p| content().plans[p].kind)
                .collect();
            assert_eq!(kinds, [PlanType::A, PlanType::B, PlanType::B]);
            for seat in &view.seats {
                assert_eq!(
                    (seat.reserve, seat.shares_left, seat.next_share),
                    (9, 9, Some(30))
                );
                assert_eq!(seat.levels, [0; 6]);
            }
        }
    }
}

/// **TI-17.1, TI-17.2**: with the Headline expansion, 1 A and 1 B planning card, and a deck of
/// 4 Era I over 3 Era II headlines; round 1 turns the first, an Era I card, face up.
#[test]
fn ti_17_1_headline_setup() {
    let game = game(Options {
        headline_expansion: true,
        ..Options::default()
    });
    let mut state = game.new_initial_state(4);
    let headlines = deck(&state, "headline_deck");
    let era = |h: usize| content().headlines[h].era;
    assert_eq!(
        eras(&headlines, era),
        [Era::I, Era::I, Era::I, Era::I, Era::II, Era::II, Era::II]
    );
    let plans: Vec<PlanType> = deck(&state, "plans")
        .into_iter()
        .map(|p| content().plans[p].kind)
        .collect();
    assert_eq!(plans, [PlanType::A, PlanType::B]);
    while state.round() == 0 {
        let last = *game.legal_actions(&state).last().expect("a choice");
        apply(&game, &mut state, last);
    }
    let view = game.view(&state, 0);
    let shown = view.headline.expect("the round's headline");
    assert!(shown.starts_with("H1-"));
    assert_eq!(view.headline_deck, 6);
}

/// **TC-16.1, TC-16.2 item 5**: one person plays with two automas (3 seats, the 3-seat
/// layout); the automas decide inside the rules, so every decision is the person's; an
/// automa keeps one agenda without choosing.
#[test]
fn tc_16_1_one_person_and_two_automas() {
    let game = game(Options {
        players: 1,
        ..Options::default()
    });
    assert_eq!(game.num_players(), 3);
    let mut state = game.new_initial_state(2);
    while state.round() == 0 {
        let d = game.decision(&state).expect("a decision");
        assert_eq!(d.player, 0);
        let last = *d.choices.last().expect("a choice");
        apply(&game, &mut state, last);
    }
    for seat in 1..3 {
        let me = state.seat(seat).expect("a seat");
        assert!(me.is_automa());
        assert_eq!(me.agenda.len(), 1);
        assert_eq!(me.policies.len(), 1);
        assert!((1..=4).contains(&me.influence));
    }
    let view = game.view(&state, 0);
    assert_eq!((view.spaces.len(), view.conglomerates.len()), (9, 2));
}
