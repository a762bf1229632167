//! WK-TV-2 (the AI deck runs out, WK-1.2) and WK-TV-18 (seating and the red arrow between two
//! people, WK-10, WK-1.6).

use darbar::engine::{Game, Log};
use darbar::pax_pamir::{Action, Coalition, DecisionKind, Options, PaxPamir};

use super::positions::{closed, dump, line};
use crate::scenario::Scenario;

/// WK-TV-2 (WK-1.2 steps 2 and 3): after 23 turns the AI deck holds one card. On turn 24 that
/// card is drawn, the deck is empty, so the whole AI discard pile (the card just drawn
/// included) is shuffled into a new deck and a card is drawn again: 23 cards remain, and the
/// only face-up card is the one drawn last.
#[test]
fn wk_tv_2_the_24th_draw_reshuffles_the_whole_ai_discard_pile() {
    // 23 turns played: AI cards 1 to 23 drawn (23 the current one), card 24 alone in the deck.
    let drawn: Vec<u8> = (1..=23).collect();
    let mut t = Scenario::wakhan(2).ai_discarded(&drawn, 23).table();
    assert_eq!(t.state.ai_deck().expect("an AI deck").cards(), &[24]);
    t.act("end");
    let ai = t.state.ai_deck().expect("an AI deck");
    assert_eq!(ai.cards().len(), 23, "{}", dump(&t));
    let current = ai.current().expect("a current AI card");
    assert_eq!(
        ai.discard_pile(),
        vec![current],
        "only the card drawn again is face up"
    );
    let mut all: Vec<u8> = ai.cards().to_vec();
    all.push(current);
    all.sort_unstable();
    assert_eq!(
        all,
        (1..=24).collect::<Vec<u8>>(),
        "all 24 cards were reshuffled"
    );
    let reshuffle = line(&t, &["the AI deck is empty", "(WK-1.2)"]);
    let draw = line(&t, &["Wakhan draws AI card", "(WK-1.2)"]);
    assert!(
        reshuffle < draw,
        "the reshuffle comes before the draw that counts"
    );
}

/// WK-TV-2, the turn before (WK-1.2 step 3 only on an empty deck): with two cards left the
/// top one is drawn and nothing is reshuffled.
#[test]
fn wk_tv_2_no_reshuffle_while_a_next_card_remains() {
    let drawn: Vec<u8> = (1..=22).collect();
    let mut t = Scenario::wakhan(2).ai_discarded(&drawn, 22).table();
    t.act("end");
    let ai = t.state.ai_deck().expect("an AI deck");
    assert_eq!(ai.cards(), &[24]);
    assert_eq!(ai.current(), Some(23));
    assert_eq!(ai.discard_pile(), (1..=23).collect::<Vec<u8>>());
    line(&t, &["Wakhan draws AI card 23", "(WK-1.2)"]);
    assert!(!t.logged("the AI deck is empty"), "{}", dump(&t));
}

/// WK-TV-18 (WK-10): with two people, X chooses a loyalty first and Y last; Wakhan sits to
/// Y's right and takes the first turn, so the turn order is Wakhan, Y, X, Wakhan, …
#[test]
fn wk_tv_18_wakhan_plays_first_then_the_last_chooser_then_the_first() {
    let game = PaxPamir::new(Options {
        players: 3,
        wakhan: true,
        ..Options::default()
    })
    .expect("two people and Wakhan");
    let mut state = game.new_initial_state(7);
    let mut log = Log::recording();
    let chooser = |state: &_| {
        let d = game.decision(state).expect("a decision");
        (d.player, d.kind)
    };
    // X (seat 2) chooses first, Y (seat 1) last.
    let (x, y) = (2, 1);
    assert_eq!(chooser(&state), (x, DecisionKind::Loyalty));
    game.apply(&mut state, Action::Loyalty(Coalition::British), &mut log)
        .expect("X's loyalty");
    assert_eq!(chooser(&state), (y, DecisionKind::Loyalty));
    game.apply(&mut state, Action::Loyalty(Coalition::Russian), &mut log)
        .expect("Y's loyalty");
    // Her first turn is played at once; then Y, who plays right after her.
    let lines = log.take();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Wakhan draws AI card") && l.contains("(WK-1.2)")),
        "{lines:#?}"
    );
    assert_eq!(state.seats_in_turn_order(), vec![0, y, x]);
    assert_eq!(
        (state.active(), chooser(&state)),
        (y, (y, DecisionKind::Action))
    );
    let end: Action = "end".parse().expect("an action text");
    game.apply(&mut state, end, &mut log)
        .expect("Y ends the turn");
    assert_eq!((state.active(), chooser(&state).0), (x, x), "then X");
    game.apply(&mut state, end, &mut log)
        .expect("X ends the turn");
    // Wakhan's second turn, then Y again.
    let drawn = state.ai_deck().expect("an AI deck").discard_pile().len();
    assert_eq!(drawn, 2, "Wakhan played again after X");
    assert_eq!((state.active(), chooser(&state).0), (y, y));
}

/// WK-TV-18 (WK-1.6, `wakhan_red_arrow_players = ImplReading`, WK-11.8): with label T the red
/// arrow prefers X, the first chooser (who plays just before her, seat 2); with label B, Y
/// (seat 1). Shown by the Rumor she buys: she names the red arrow's opponent.
#[test]
fn wk_tv_18_the_red_arrow_prefers_x_for_t_and_y_for_b() {
    // AI8 (Tax / Betray / Radicalize): with an empty court both card lines are skipped, so
    // her first action is the plain Radicalize of WK-4.2, read from the arrows. AI8's red
    // arrow is lower, black arrow 4: over AI2 (back B,T / 4 5 0 1 2 3) it reads T, column 2;
    // over AI1 (back T,B / 3 4 5 0 1 2) it reads B, column 1. Either way the first card she
    // can buy from there leftwards is Rumor (#108) at (Top, 1) (the bottom row is empty).
    for (next, label, chosen) in [(2, "T", 2u8), (1, "B", 1u8)] {
        let mut t = closed(
            Scenario::wakhan(3)
                .loyalty(1, Coalition::Russian)
                .loyalty(2, Coalition::British)
                .ai_deck(&[8, next]),
            &[Some(29), Some(108)],
            &[],
        )
        .table();
        t.act("end");
        let name = format!("P{}", chosen + 1);
        line(&t, &["Wakhan chooses", &name, "Rumor", "(WK-11.8)"]);
        let view = t.game.view(&t.state, 0);
        assert_eq!(view.rumor, Some(chosen), "label {label}: {}", dump(&t));
    }
}
