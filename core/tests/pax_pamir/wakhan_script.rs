//! A scripted game against Wakhan (WK-10, seed 5, one person playing British) through her first
//! five turns, every decision of hers asserted from her AI cards and the market by hand, in the
//! order the log gives them. The comments are the working: which line of which AI card, what the
//! arrows read on the next card's back (WK-1.3), which card the rule picks and why.

use darbar::engine::{Game, Log};
use darbar::pax_pamir::{CardData, Coalition, Options, PaxPamir, Region, State};

/// Applies the person's actions, by text, and returns the log lines of all of them.
fn play(game: &PaxPamir, state: &mut State, actions: &[&str]) -> Vec<String> {
    let mut log = Log::recording();
    for text in actions {
        let action = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        game.apply(state, action, &mut log)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    log.take()
}

/// Asserts that `expected` appear in `lines` in this order (other lines may come between).
fn in_order(lines: &[String], expected: &[&str]) {
    let mut at = 0;
    for want in expected {
        match lines[at..].iter().position(|l| l == want) {
            Some(i) => at += i + 1,
            None => panic!(
                "expected, in order: {want:?}\nafter line {at} of:\n{}",
                lines.join("\n")
            ),
        }
    }
}

#[test]
fn wk_scripted_game_her_first_five_turns_follow_her_ai_cards() {
    let game = PaxPamir::new(Options {
        players: 2,
        wakhan: true,
        ..Options::default()
    })
    .unwrap();
    let cards = CardData::standard();
    let mut state = game.new_initial_state(5);
    assert_eq!(
        game.decision(&state).unwrap().player,
        1,
        "the person chooses (WK-10)"
    );

    // Turn 1. AI card 6: "R:any Int card / Move / Radicalize", region order Herat, Persia,
    // Transcaspia, Kabul, Punjab, Kandahar; pragmatic order British > Russian > Afghan, and the
    // person is British, so Russian (WK-1.4). The market holds Intelligence cards #18 (top-2,
    // cost 2) and #41 (top-4, cost 4): the cheapest is #18 (WK-12). Its one spy icon has one
    // Punjab card to go on, itself (WK-5.1). Move: no card of hers shows Move, skipped. Radicalize: no
    // Dominance Check in the market, so the arrows: AI6's red arrow (upper) reads the next
    // card's upper label B, its black arrow (slot 0) the number 0: bottom row, column 0, #6
    // (cost 0) (WK-4.2), played to the right (WK-4.3). #6's tribe, army and spy go to Kabul;
    // the army is Russian although #6 is an Afghan patriot (WK-5.3). Two actions done; #6 is Political, the favored suit, and unused: the sweep builds
    // with it (WK-2.3), 1 army (2 of her 2 rupees) in Kabul, the first region of the order she
    // rules (WK-6.2).
    let lines = play(&game, &mut state, &["loyalty british"]);
    in_order(
        &lines,
        &[
            "Wakhan draws AI card 6: radicalize any Intelligence card / Move / Radicalize (WK-1.2); region order Herat, Persia, Transcaspia, Kabul, Punjab, Kandahar (WK-1.5)",
            "her pragmatic loyalty is Russian (WK-1.4); the arrows read bottom row, column 0, right of her court (WK-1.3)",
            "Wakhan radicalizes: #18 Harry Flashman: the cheapest Intelligence card (WK-12)",
            "Wakhan buys #18 Harry Flashman from top-2 for 2",
            "Wakhan places a spy on #18 Harry Flashman",
            "Wakhan's middle line, Move, cannot be done now: skipped (WK-2.2)",
            "Wakhan radicalizes: red arrow Bottom, black arrow 0 → market bottom row column 0: #6 Aminullah Khan Logari (WK-4.2)",
            "Wakhan plays #6 Aminullah Khan Logari to the right of the court",
            "Wakhan places a tribe in Kabul",
            "Wakhan places a Russian army in Kabul",
            "Wakhan places a spy on #6 Aminullah Khan Logari",
            "Wakhan's action loop ends: two actions done (WK-2.2)",
            "bonus sweep (WK-2.3): #6 Aminullah Khan Logari is favored and unused, its first possible action is build",
            "Wakhan builds 1 Russian army in Kabul, the first region of the region order she rules, for 2 rupees (WK-6.2)",
        ],
    );
    assert_eq!(state.armies(Coalition::Russian, Region::Kabul), 2);
    assert!(
        state.rules(0, Region::Kabul),
        "1 tribe + 2 armies of one coalition (WK-7.1)"
    );
    assert_eq!(state.player(0).unwrap().rupees, 0);

    // Turn 3, after the person buys #41 and ends. AI card 22: "Betray / card battle /
    // Radicalize"; pragmatic British > Afghan > Russian → Afghan. No card of hers carries a
    // prize with her spy (Betray), and no card has a spy of the person (the card battle):
    // both skipped. She has 0 rupees: the arrows name bottom row column 5; leftwards only
    // bottom-0 costs nothing, #99 (WK-4.2); its Afghan army and spy go to Transcaspia. On the
    // next pass the lines are skipped again and the bottom row has nothing she can pay for, so
    // the top row from column 5: top-0, #91, with its 2 rupees. The sweep: #6 is still favored
    // and unused, and builds an Afghan army in Kabul with those 2 rupees.
    let lines = play(&game, &mut state, &["buy top-3", "end"]);
    in_order(
        &lines,
        &[
            "Wakhan draws AI card 22: Betray / battle on the card with the most spies where she has a spy / Radicalize (WK-1.2); region order Kabul, Herat, Punjab, Transcaspia, Persia, Kandahar (WK-1.5)",
            "her pragmatic loyalty is Afghan (WK-1.4); the arrows read bottom row, column 5, right of her court (WK-1.3)",
            "Wakhan's top line, Betray, cannot be done now: skipped (WK-2.2)",
            "Wakhan's middle line, battle on the card with the most spies where she has a spy, cannot be done now: skipped (WK-2.2)",
            "Wakhan radicalizes: red arrow Bottom, black arrow 5 → market bottom row column 5; the first card she can buy from there leftwards is at bottom row column 0: #99 Cossacks (WK-4.2)",
            "Wakhan places an Afghan army in Transcaspia",
            "Wakhan radicalizes: red arrow Bottom, black arrow 5 → market bottom row column 5; the first card she can buy from there leftwards of the other row is at top row column 0: #91 Allah Quli Bahadur (WK-4.2)",
            "Wakhan buys #91 Allah Quli Bahadur from top-0 for 0 and takes the 2 rupees on it",
            "Wakhan builds 1 Afghan army in Kabul, the first region of the region order she rules, for 2 rupees (WK-6.2)",
        ],
    );
    assert_eq!(state.armies(Coalition::Afghan, Region::Kabul), 1);

    // Turn 5. AI card 9: "R:most army+road icons / R:ifNoDominant→most spy+tribe icons /
    // Radicalize"; pragmatic Russian > British > Afghan → Russian. The purchasable card with the
    // most army and road icons is #32 (three armies), at top-0 (WK-12): three Russian armies
    // in Punjab. No coalition is dominant (Russian 5 blocks, Afghan 3: a margin of 2 < 4), so
    // the middle line: the most spy and tribe icons among what she can pay, #26 (WK-12).
    let lines = play(
        &game,
        &mut state,
        &["play #41 left", "spy #41", "spy #41", "buy bottom-0", "end"],
    );
    in_order(
        &lines,
        &[
            "Wakhan draws AI card 9: radicalize the card with the most army and road icons / if no coalition is dominant, radicalize the card with the most spy and tribe icons / Radicalize (WK-1.2); region order Kabul, Punjab, Kandahar, Persia, Herat, Transcaspia (WK-1.5)",
            "Wakhan radicalizes: #32 Army of the Indus: the most army and road icons (WK-12)",
            "Wakhan places a Russian army in Punjab",
            "Wakhan radicalizes: #26 Paolo Avitabile: no coalition is dominant, the most spy and tribe icons (WK-12)",
            "Wakhan places a tribe in Punjab",
            "Wakhan's action loop ends: two actions done (WK-2.2)",
        ],
    );
    assert_eq!(state.armies(Coalition::Russian, Region::Punjab), 4);
    assert_eq!(state.dominant_coalition(cards), None);

    // Turn 7. AI card 2: "R:ifPolFav→top-rank Eco / R:top-rank Pol / Radicalize"; pragmatic
    // Afghan. Political is favored but no Economic card is for sale that she can pay, nor a
    // Political one: both skipped. The arrows: bottom row, column 4; leftwards the first she
    // can buy is the event at bottom-1 (events are valid picks, WK-OQ-46): Nationalism is hers
    // until the next check. Then the top row: #31 at top-1. At cleanup her court is over its
    // limit: #31 is the card the discard sieve leaves, at criterion 4 (the only card where the
    // opponents' spies minus hers is not negative) (WK-2.4, WK-3.1).
    let lines = play(&game, &mut state, &["end"]);
    in_order(
        &lines,
        &[
            "Wakhan draws AI card 2: if Political is favored, radicalize the top-rank Economic card / radicalize the top-rank Political card / Radicalize (WK-1.2); region order Persia, Punjab, Kandahar, Herat, Transcaspia, Kabul (WK-1.5)",
            "Wakhan's top line, if Political is favored, radicalize the top-rank Economic card, cannot be done now: skipped (WK-2.2)",
            "Wakhan's middle line, radicalize the top-rank Political card, cannot be done now: skipped (WK-2.2)",
            "Wakhan buys #110 Riots in Herat / Nationalism from bottom-1 for 1 and takes the 1 rupee on it",
            "Wakhan buys #31 Company Weapons from top-1 for 1 and takes the 1 rupee on it",
            "Wakhan discards #31 Company Weapons (sieve WK-3.1 step 4: the most opponent spies over hers)",
        ],
    );

    // Turn 9, after the person plays #55 into Herat. AI card 19: "Build / Move / Radicalize";
    // pragmatic Russian > Afghan > British → Russian. Build: she rules Kabul and Punjab but has
    // under 2 rupees: skipped. Move with #32 (her only Move card): in the region order
    // (Kandahar, Herat, Punjab, Transcaspia, Kabul, Persia) the first origin with a Russian army
    // and a neighbour holding the person's tribe where tribes outnumber her armies is Kabul →
    // Herat (Punjab's neighbours hold no opponent tribe); then Herat has 1 tribe and 1 Russian
    // army: no second step (WK-6.6). A Dominance Check is now in the market and no coalition is
    // dominant: the most spy and tribe icons, #7 (three) (WK-4.1). The sweep: #99 (always
    // favored, Irregulars) battles in Herat, the first region of the order where she has a
    // Russian army and the person a piece: the person's tribe, and with it #55 (WK-6.4, PP-11.3).
    let lines = play(&game, &mut state, &["buy bottom-1", "play #55 left", "end"]);
    in_order(
        &lines,
        &[
            "Wakhan draws AI card 19: Build / Move / Radicalize (WK-1.2); region order Kandahar, Herat, Punjab, Transcaspia, Kabul, Persia (WK-1.5)",
            "Wakhan's top line, Build, cannot be done now: skipped (WK-2.2)",
            "Wakhan acts with #32 Army of the Indus (the only candidate, WK-2.6)",
            "Wakhan moves a Russian army from Kabul to Herat",
            "Wakhan has no further move step (WK-6.6)",
            "Wakhan radicalizes: #7 Dost Mohammad: a Dominance Check is in the market and no coalition is dominant: the most spy and tribe icons (3), then the cheapest (WK-4.1)",
            "bonus sweep (WK-2.3): #99 Cossacks is favored and unused, its first possible action is battle",
            "Wakhan battles in Herat with strength 1 (WK-6.4)",
            "Wakhan removes a tribe of P2 in Herat",
            "P2 discards #55 Hazara Chiefs from the court",
        ],
    );
    assert_eq!(state.tribes(1, Region::Herat), 0);
    assert_eq!(game.decision(&state).unwrap().player, 1);
}
