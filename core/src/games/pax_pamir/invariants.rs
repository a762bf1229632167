//! The invariants every reachable state keeps, checked by the simulation tests after every
//! step and by snapshot loading (a snapshot that breaks one is refused, naming the rule).

use crate::engine::{Rule, Snapshot, Violation};

use super::action::{MAX_BRIBE, Piece};
use super::frame::{BribeStage, Frame, Place, Purpose, Site};
use super::state::{BLOCKS, CYLINDERS, MAX_PLAYERS};
use super::{CardData, CardId, CardSet, Coalition, Options, State};

/// The most VP a player can hold: 5 from each of the first three Dominance Checks and 10 from
/// the final one (PP-13.3, PP-13.6).
const MAX_VP: u16 = 3 * 5 + 10;

/// The most turns a state may count: an engine limit, not a rule, far beyond any game (every
/// turn takes an action, and no checked game takes more than 50,000), that keeps the count
/// from overflowing.
const MAX_TURNS: u32 = 1_000_000;

fn broken(rule: &'static str, reason: String) -> Result<(), Violation> {
    Err(Violation {
        rule: Rule(rule),
        reason,
    })
}

/// Every invariant of `state` under the card data `cards`.
pub(crate) fn check(state: &State, cards: &CardData) -> Result<(), Violation> {
    let n = state.players();
    if !state.options.valid_players() {
        return broken("PP-4.1", format!("{} players", state.options.players));
    }
    for p in n..MAX_PLAYERS {
        if state.players[p] != Default::default()
            || state.tribes[p] != [0; 6]
            || state.spies.iter().any(|s| s[p] > 0)
        {
            return broken(
                "PP-4.1",
                format!("seat {p} is not at the table but holds something"),
            );
        }
    }
    if state.active() >= n || state.start_seat as usize >= n {
        return broken(
            "PP-4.6",
            "the active or starting seat is not at the table".into(),
        );
    }
    let setup = matches!(state.stack.first(), Some(Frame::ChooseLoyalty { .. }));
    if !setup && (0..n).any(|p| !state.is_wakhan(p) && state.players[p].loyalty.is_none()) {
        return broken("PP-4.6", "a seat has no loyalty after setup".into());
    }
    check_wakhan(state)?;
    check_cards(state, cards)?;
    check_pieces(state)?;
    for p in 0..n {
        let player = &state.players[p];
        if player.rupees < 0
            && state.options.leverage_timing == super::options::LeverageTiming::Immediate
        {
            return broken("PP-1.5", format!("seat {p} holds {} rupees", player.rupees));
        }
        for &card in player.court.as_slice() {
            if let Some(patriot) = cards.court(card).and_then(|c| c.patriot)
                && player.loyalty.is_some()
                && player.loyalty != Some(patriot)
                && state.outcome.is_none()
                && !in_cascade(state)
            {
                return broken(
                    "PP-3.7",
                    format!("seat {p}'s court holds {card}, a patriot of another coalition"),
                );
            }
        }
        if state.is_wakhan(p) {
            // Loyal to all, she holds patriots and prizes of every coalition (WK-11.5).
        } else if let Some(loyalty) = player.loyalty {
            for prize in player.prizes.iter() {
                if cards.court(prize).and_then(|c| c.prize) != Some(loyalty) {
                    return broken(
                        "PP-8.7",
                        format!("seat {p} keeps {prize}, not a prize of its loyalty"),
                    );
                }
            }
        } else if !player.prizes.is_empty() || !player.court.is_empty() {
            return broken("PP-4.6", format!("seat {p} has no loyalty but holds cards"));
        }
    }
    if let Some(target) = state.rumor {
        let held = (0..n).any(|p| {
            state.players[p].events.iter().any(|c| {
                cards
                    .event(c)
                    .is_some_and(|e| e.purchased == super::EventEffect::Rumor)
            })
        });
        if target as usize >= n || !held {
            return broken(
                "PP-14.1",
                "Rumor targets a seat without a held Rumor card".into(),
            );
        }
    }
    for slot in super::Slot::all() {
        let card = state.market_card(slot);
        if card.is_some_and(|c| super::state::is_public_withdrawal(cards, c))
            && state.market_rupees(slot) > 0
        {
            return broken(
                "PP-14.1",
                format!("rupees lie on Public Withdrawal at {slot}"),
            );
        }
    }
    // PP-1.5: rupees come from the bank only as the 4 of setup, 2 for each leveraged card
    // played (once each: nothing comes back from the discard pile) and the 3 of Backing of
    // Persian Aristocracy; every other move passes them between players, the market and the
    // bank. So the rupees in play never exceed that sum, and a debt never exceeds the leverage.
    let leveraged = cards.court_cards().iter().filter(|c| c.leveraged()).count() as i64;
    let ceiling = 4 * n as i64 + 2 * leveraged + 3;
    let held: i64 = (0..n)
        .map(|p| i64::from(state.players[p].rupees))
        .sum::<i64>()
        + state
            .market_rupees
            .iter()
            .map(|&r| i64::from(r))
            .sum::<i64>();
    if held > ceiling || (0..n).any(|p| i64::from(state.players[p].rupees) < -2 * leveraged) {
        return broken(
            "PP-1.5",
            format!("{held} rupees in play, more than the {ceiling} the bank can have paid out"),
        );
    }
    // PP-13: VP come only from the 4 Dominance Checks (PP-3.1), each resolved once: at most
    // 5 from each of the first three and 10 from the final one (PP-13.3, PP-13.6).
    if let Some(p) = (0..n).find(|&p| state.players[p].vp > MAX_VP) {
        return broken(
            "PP-13.3",
            format!(
                "seat {p} holds {} VP, more than the {MAX_VP} the Dominance Checks award",
                state.players[p].vp
            ),
        );
    }
    if state.turns > MAX_TURNS {
        return broken(
            "PP-6.1",
            format!(
                "{} turns, beyond the engine's limit of {MAX_TURNS}",
                state.turns
            ),
        );
    }
    let total: usize = state.piles.iter().map(|&s| s as usize).sum();
    if state.deck.len() > total || total != 40 + 6 * n {
        return broken(
            "PP-4.3",
            format!(
                "piles of {total} cards for {n} players, deck {}",
                state.deck.len()
            ),
        );
    }
    for &(owner, piece) in &state.turn.placed {
        let owners = match piece {
            Piece::Army(_) | Piece::Road(_) => 3,
            Piece::Tribe(_) | Piece::Gift(_) => n,
            Piece::Spy(card) => {
                if !card.is_court() {
                    return broken(
                        "PP-1.6",
                        format!("a spy marked placed on {card}, not a court card"),
                    );
                }
                n
            }
        };
        if owner as usize >= owners {
            return broken("PP-1.6", format!("a piece marked placed for owner {owner}"));
        }
        if state.placed_at(owner, piece) > state.count_at(owner, piece) {
            return broken(
                "PP-1.6",
                format!("more pieces marked placed at {piece} than there are"),
            );
        }
    }
    check_stack(state, cards)
}

/// Wakhan's seat and AI deck (WK-1.2, WK-10): she is there exactly when the option says so,
/// has no loyalty dial, and her 24 AI cards are each in the deck or the discard pile once.
fn check_wakhan(state: &State) -> Result<(), Violation> {
    let Some(ai) = &state.ai else {
        if state.options.wakhan {
            return broken(
                "WK-10",
                "the options seat Wakhan but there is no AI deck".into(),
            );
        }
        return Ok(());
    };
    if !state.options.wakhan {
        return broken("WK-10", "an AI deck in a game without Wakhan".into());
    }
    if state.players[super::wakhan::WAKHAN_SEAT].loyalty.is_some() {
        return broken(
            "WK-11.5",
            "Wakhan has a loyalty: she is loyal to all".into(),
        );
    }
    let count = super::wakhan::AI_CARDS;
    if usize::from(ai.len) > count
        || ai.deck[usize::from(ai.len).min(count)..]
            .iter()
            .any(|&c| c != 0)
    {
        return broken("WK-1.2", format!("an AI deck of {} cards", ai.len));
    }
    let mut seen = 0u32;
    for &c in ai.cards() {
        if c == 0 || usize::from(c) > count || seen & (1 << c) != 0 {
            return broken(
                "WK-1.2",
                format!("AI card {c} in the deck is not a card or twice"),
            );
        }
        seen |= 1 << c;
    }
    if seen & ai.discard != 0 || ai.discard & 1 != 0 || ai.discard >> (count + 1) != 0 {
        return broken("WK-1.2", "an AI card both in the deck and discarded".into());
    }
    if (seen | ai.discard).count_ones() as usize != count {
        return broken(
            "WK-1.2",
            "not every AI card is in the deck or the discard pile".into(),
        );
    }
    if ai.len == 0 {
        return broken("WK-1.2", "the AI deck is empty after a draw".into());
    }
    // At most two draws a turn of hers: the draw, and after a reshuffle the draw again; so at
    // most twice the engine's limit of turns (PP-6.1), which keeps the count from overflowing.
    // (Positions set up for a test may have drawn more than their turn count says.)
    if ai.draws > 2 * MAX_TURNS {
        return broken(
            "WK-1.2",
            format!(
                "{} AI cards drawn, more than two a turn for the engine's limit of {MAX_TURNS} turns",
                ai.draws
            ),
        );
    }
    let current_ok = match ai.current() {
        None => ai.discard == 0 && ai.draws == 0,
        Some(c) => usize::from(c) <= count && ai.discard & (1 << c) != 0 && ai.draws > 0,
    };
    if !current_ok {
        return broken(
            "WK-1.2",
            "the current AI card is not face up on the discard pile".into(),
        );
    }
    Ok(())
}

/// Whether a cascade is under way (a loyalty change discards its patriots through frames
/// under `batch_discard = OneByOne`).
fn in_cascade(state: &State) -> bool {
    state
        .stack
        .iter()
        .any(|f| matches!(f, Frame::DiscardInOrder { .. }))
}

/// Every card is in exactly one place.
fn check_cards(state: &State, cards: &CardData) -> Result<(), Violation> {
    let mut seen = CardSet::EMPTY;
    let mut place = |card: CardId, what: &str| -> Result<(), Violation> {
        if card.index() == 0 || card.0 > CardId::MAX {
            return broken("PP-3.1", format!("no card {card} ({what})"));
        }
        if seen.contains(card) {
            return broken("PP-3.1", format!("{card} is in two places (one is {what})"));
        }
        seen.insert(card);
        Ok(())
    };
    for &c in state.deck.as_slice() {
        place(c, "the deck")?;
    }
    for c in state.market.iter().flatten() {
        place(*c, "the market")?;
    }
    for c in state.discard.iter() {
        place(c, "the discard pile")?;
    }
    for c in state.removed.iter() {
        place(c, "out of the game")?;
    }
    for c in state.global_events.iter() {
        if !c.is_event() {
            return broken("PP-14.2", format!("{c} by the map is not an event"));
        }
        place(c, "by the map")?;
    }
    for player in &state.players {
        for c in player.hand.iter() {
            if !c.is_court() {
                return broken("PP-3.1", format!("{c} is an event in a hand"));
            }
            place(c, "a hand")?;
        }
        for &c in player.court.as_slice() {
            if !c.is_court() {
                return broken("PP-3.1", format!("{c} is an event in a court"));
            }
            place(c, "a court")?;
        }
        for c in player.prizes.iter() {
            if !c.is_court() || cards.court(c).is_some_and(|f| f.prize.is_none()) {
                return broken("PP-3.8", format!("{c} kept as a prize has no prize strip"));
            }
            place(c, "the prizes")?;
        }
        for c in player.events.iter() {
            if !c.is_event() {
                return broken("PP-14.2", format!("{c} held as an event is not one"));
            }
            place(c, "a player's events")?;
        }
    }
    let all = cards.court_cards().len() + cards.event_cards().len();
    if seen.len() != all {
        return broken(
            "PP-3.1",
            format!("{} of the {all} cards are somewhere", seen.len()),
        );
    }
    Ok(())
}

/// Piece limits, and spies only on cards in courts.
fn check_pieces(state: &State) -> Result<(), Violation> {
    for p in 0..state.players() {
        if state.cylinders_in_play(p) > CYLINDERS {
            return broken(
                "PP-1.2",
                format!(
                    "seat {p} has {} cylinders in play",
                    state.cylinders_in_play(p)
                ),
            );
        }
    }
    for k in Coalition::ALL {
        if state.blocks_on_map(k) > BLOCKS {
            return broken(
                "PP-1.1",
                format!("{} {k} blocks on the map", state.blocks_on_map(k)),
            );
        }
    }
    for (c, spies) in state.spies.iter().enumerate() {
        let card = CardId(c as u8);
        if spies.iter().any(|&s| s > 0) && (c == 0 || state.court_owner(card).is_none()) {
            return broken("PP-1.2", format!("spies on {card}, which is in no court"));
        }
    }
    Ok(())
}

/// The stack is one the rules build: a decision waits unless the game is over.
fn check_stack(state: &State, cards: &CardData) -> Result<(), Violation> {
    let n = state.players() as u8;
    if state.outcome.is_some() {
        if !state.stack.is_empty() {
            return broken(
                "PP-13.9",
                "the game is over but decisions are pending".into(),
            );
        }
        return Ok(());
    }
    for frame in &state.stack {
        let seats: &[u8] = match frame {
            Frame::ChooseLoyalty { seat, .. } => &[*seat],
            Frame::Bribe {
                briber, receiver, ..
            } => &[*briber, *receiver],
            Frame::SafeHouse { owner, .. } => &[*owner],
            Frame::Icons { player, .. }
            | Frame::RoadBorder { player, .. }
            | Frame::SpyTarget { player, .. }
            | Frame::Place { player, .. }
            | Frame::Fallback { player, .. }
            | Frame::Tax { player, .. }
            | Frame::Gift { player }
            | Frame::BuildCount { player }
            | Frame::BuildBlock { player, .. }
            | Frame::Infrastructure { player }
            | Frame::Move { player, .. }
            | Frame::BetrayTarget { player }
            | Frame::Prize { player, .. }
            | Frame::BattleSite { player, .. }
            | Frame::Battle { player, .. }
            | Frame::Repay { player }
            | Frame::Shortfall { player, .. }
            | Frame::DiscardInOrder { player, .. }
            | Frame::Overthrow { player, .. }
            | Frame::RumorTarget { player }
            | Frame::Persuade { player }
            | Frame::Pashtunwali { player }
            | Frame::RebukeRegion { player }
            | Frame::ConfidenceFailure { player } => std::slice::from_ref(player),
            _ => &[],
        };
        if seats.iter().any(|&s| s >= n) {
            return broken(
                "PP-16",
                format!("a pending {frame:?} names a seat not at the table"),
            );
        }
    }
    for (depth, frame) in state.stack.iter().enumerate() {
        check_frame(state, cards, depth, *frame)?;
    }
    check_frames_once(state)?;
    let setup = matches!(state.stack.first(), Some(Frame::ChooseLoyalty { .. }));
    let in_turn = matches!(
        state.stack.first(),
        Some(Frame::Actions | Frame::Blackmail { .. } | Frame::EndTurn | Frame::WakhanLoop { .. })
    );
    if !setup && !in_turn {
        return broken(
            "PP-6.1",
            format!(
                "the pending decisions do not start from a turn: {:?}",
                state.stack.first()
            ),
        );
    }
    match state.pending(cards) {
        None => {
            return broken(
                "PP-16",
                "no decision is waiting and the game is not over".into(),
            );
        }
        Some(p) if state.is_wakhan(usize::from(p.player)) => {
            return broken(
                "WK-8",
                "a decision waits for Wakhan: the rules answer hers themselves".into(),
            );
        }
        Some(_) => {}
    }
    let _ = Options::default();
    Ok(())
}

/// The rule by which a frame of this kind stands on the stack at most once, if it does. One
/// action is declared and carried out to its end at a time (PP-6.5), so its bribe, its card's
/// icons and each of its choices are one each; Wakhan's sweep and Move are steps of her one
/// action at a time (WK-2.2, WK-2.3); each cleanup step runs once a turn (PP-12); and each
/// event card is in the game once (PP-14.1), so is its choice. Several seats may owe a
/// leverage discard or a Confidence Failure discard at once, both rows' events may wait, and
/// placements may queue: those kinds may repeat.
fn stands_once(frame: Frame) -> Option<&'static str> {
    match frame {
        Frame::Bribe { .. }
        | Frame::Icons { .. }
        | Frame::RoadBorder { .. }
        | Frame::SpyTarget { .. }
        | Frame::Tax { .. }
        | Frame::Gift { .. }
        | Frame::BuildCount { .. }
        | Frame::BuildBlock { .. }
        | Frame::Infrastructure { .. }
        | Frame::Move { .. }
        | Frame::BetrayTarget { .. }
        | Frame::Prize { .. }
        | Frame::BattleSite { .. }
        | Frame::Battle { .. }
        | Frame::SafeHouse { .. } => Some("PP-6.5"),
        Frame::WakhanSweep { .. } | Frame::WakhanMove { .. } => Some("WK-2.2"),
        Frame::CourtLimit | Frame::HandLimit | Frame::Refill => Some("PP-12"),
        Frame::RumorTarget { .. }
        | Frame::Persuade { .. }
        | Frame::Pashtunwali { .. }
        | Frame::RebukeRegion { .. } => Some("PP-14.1"),
        _ => None,
    }
}

/// No frame of a kind that [`stands_once`] stands twice on the stack.
fn check_frames_once(state: &State) -> Result<(), Violation> {
    for (depth, &frame) in state.stack.iter().enumerate() {
        let Some(rule) = stands_once(frame) else {
            continue;
        };
        let kind = std::mem::discriminant(&frame);
        if state.stack[depth + 1..]
            .iter()
            .any(|other| std::mem::discriminant(other) == kind)
        {
            return broken(
                rule,
                format!("a pending {frame:?} stands twice on the stack, where it stands once"),
            );
        }
    }
    Ok(())
}

impl Snapshot for State {
    const GAME: &'static str = "pax_pamir";
    const VERSION: u32 = 1;

    /// Every invariant under the shipped card data. A game on other card data checks its
    /// states with its own (`Game::validate_state`).
    fn validate(&self) -> Result<(), Violation> {
        check(self, CardData::standard())
    }
}

/// One frame's contents make sense: its cards are of the right kind and where the frame needs
/// them, its counts within what its rule allows, and it stands where the rules put it.
fn check_frame(
    state: &State,
    cards: &CardData,
    depth: usize,
    frame: Frame,
) -> Result<(), Violation> {
    let n = state.players();
    let bad = |rule: &'static str, what: &str| broken(rule, format!("a pending {frame:?}: {what}"));
    let court = |card: CardId| card.is_court() && cards.court(card).is_some();
    let bottom_only = matches!(
        frame,
        Frame::ChooseLoyalty { .. }
            | Frame::Actions
            | Frame::Blackmail { .. }
            | Frame::EndTurn
            | Frame::WakhanLoop { .. }
    );
    if bottom_only && depth != 0 {
        return bad("PP-6.1", "not at the bottom of the stack");
    }
    let hers = matches!(
        frame,
        Frame::WakhanLoop { .. } | Frame::WakhanSweep { .. } | Frame::WakhanMove { .. }
    );
    let wakhan_active = state.is_wakhan(state.active());
    if hers != (wakhan_active && hers) || (frame == Frame::Actions && wakhan_active) {
        return bad("WK-2", "not a step of the seat whose turn it is");
    }
    match frame {
        Frame::ChooseLoyalty { position, seat } => {
            let chosen = (0..n)
                .filter(|&p| state.players[p].loyalty.is_some())
                .count();
            // The people choose in seat order from the starting seat; Wakhan does not (WK-10).
            let choosers: Vec<usize> = state
                .order_from(state.start_seat as usize)
                .filter(|&p| !state.is_wakhan(p))
                .collect();
            let position = position as usize;
            if position >= choosers.len()
                || chosen != position
                || seat as usize != choosers[position]
                || choosers[..position]
                    .iter()
                    .any(|&p| state.players[p].loyalty.is_none())
            {
                return bad("PP-4.6", "not the next loyalty choice");
            }
        }
        // A used Blackmail card may have left the court since: its spy's fallback can take
        // the last tribe of its region and so discard it (PP-1.6, PP-11.3).
        Frame::Blackmail { used }
            if used.iter().any(|c| {
                cards.court(c).and_then(|c| c.special_ability) != Some(super::Ability::Blackmail)
            }) =>
        {
            return bad("PP-15", "a used Blackmail card that has no Blackmail");
        }
        Frame::Bribe {
            briber,
            receiver,
            full,
            stage,
            purpose,
        } => {
            if briber != state.active || receiver == briber || full == 0 || full > MAX_BRIBE {
                return bad("PP-7.2.3", "not a bribe the rules open");
            }
            let amount_ok = match stage {
                BribeStage::Offer { .. } => true,
                // An amount asked is one the briber can pay (PP-7.2.3): a grant settles it.
                BribeStage::Answer { asked } => {
                    asked < full && i16::from(asked) <= state.bribe_budget(briber as usize, purpose)
                }
                BribeStage::Countered { amount } => amount > 0 && amount <= full,
            };
            let card_ok = match purpose {
                Purpose::Play(card, _) => {
                    court(card) && state.players[briber as usize].hand.contains(card)
                }
                Purpose::Hostage(card, _) => {
                    court(card) && state.players[briber as usize].court.contains(card)
                }
            };
            if !amount_ok || !card_ok {
                return bad("PP-7.2.3", "an amount or card out of place");
            }
        }
        Frame::Icons { card, next, .. }
            if (!court(card)
                || next as usize > cards.court(card).map_or(0, |c| c.impact_icons.len())) =>
        {
            return bad("PP-7.3", "not a played card's icons");
        }
        Frame::Place { place, .. } | Frame::Fallback { place, .. } => {
            if let Place::Spy(card) = place
                && !court(card)
            {
                return bad("PP-7.3", "a spy for a card that is not a court card");
            }
        }
        Frame::Tax { left, taken, .. } if (left > 3 || taken > 3 || left + taken > 3) => {
            return bad("PP-8.3", "more than a rank allows");
        }
        Frame::BuildBlock { left, .. } if (left == 0 || left > 6) => {
            return bad("PP-8.5", "more blocks than a Build places");
        }
        Frame::Move {
            player,
            left,
            moved,
            spy,
        } => {
            let spy_ok = spy.is_none_or(|c| court(c) && state.spies(c, player as usize) > 0);
            if left > 3 || moved > 3 || left + moved > 3 || !spy_ok || (spy.is_some() && left == 0)
            {
                return bad(
                    "PP-8.6",
                    "more steps than a rank allows, or a spy not there",
                );
            }
        }
        Frame::Prize { card, .. }
            if (!court(card)
                || !state.discard.contains(card)
                || cards.court(card).is_some_and(|c| c.prize.is_none())) =>
        {
            return bad("PP-8.7", "not a betrayed card with a prize");
        }
        Frame::BattleSite { rank, .. } if !(1..=3).contains(&rank) => {
            return bad("PP-8.8", "a rank out of 1-3");
        }
        Frame::Battle {
            site,
            left,
            removed,
            ..
        } => {
            let site_ok = match site {
                Site::Region(_) => true,
                Site::Card(c) => court(c) && state.court_owner(c).is_some(),
            };
            if !site_ok || left > 3 || removed > 3 || left + removed > 3 {
                return bad("PP-8.8", "not a battle the rules start");
            }
        }
        Frame::SafeHouse { from, .. } if !court(from) => {
            return bad(
                "PP-15",
                "a Safe House spy from a card that is not a court card",
            );
        }
        Frame::DiscardInOrder { batch, .. } if batch.iter().any(|c| !court(c)) => {
            return bad("PP-11.1", "a batch with a card that is not a court card");
        }
        _ => {}
    }
    Ok(())
}
