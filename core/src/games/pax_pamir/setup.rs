//! Setup (PP-4): the deck of six piles, the market, the players' pieces and rupees, and the
//! loyalty choices in order from a random seat.

use crate::engine::GameRng;

use super::frame::{Frame, Turn};
use super::state::{MAX_PLAYERS, Player, State};
use super::{CardData, CardId, CardList, CardSet, Options, Slot, Suit};

impl State {
    /// The position after setup (PP-4.7), waiting for the first loyalty choice. Every random
    /// draw comes from the generator seeded with `seed`. A player count outside 2–5 is
    /// clamped into it; [`PaxPamir::new`](super::PaxPamir::new) refuses one.
    pub(crate) fn setup(cards: &CardData, options: Options, seed: u64) -> State {
        let mut options = options;
        options.players = if options.wakhan {
            options.players.clamp(2, 3)
        } else {
            options
                .players
                .clamp(Options::MIN_PLAYERS, Options::MAX_PLAYERS)
        };
        let n = options.players as usize;
        let mut rng = GameRng::from_seed_u64(seed);

        // PP-4.3: the court cards dealt into six piles of 5 + N, the rest out of the game.
        let mut court: Vec<CardId> = cards
            .court_cards()
            .iter()
            .map(|c| CardId(c.number))
            .collect();
        rng.shuffle(&mut court);
        let per = 5 + n;
        let mut removed: CardSet = court[6 * per..].iter().copied().collect();
        let events: Vec<CardId> = cards
            .event_cards()
            .iter()
            .map(|e| CardId(e.number))
            .collect();
        let mut checks: Vec<CardId> = events
            .iter()
            .copied()
            .filter(|c| c.is_dominance_check())
            .collect();
        let mut others: Vec<CardId> = events
            .iter()
            .copied()
            .filter(|c| !c.is_dominance_check())
            .collect();
        rng.shuffle(&mut checks);
        rng.shuffle(&mut others);
        let mut piles: Vec<Vec<CardId>> = (0..6)
            .map(|i| court[i * per..(i + 1) * per].to_vec())
            .collect();
        for (i, &dc) in checks.iter().take(4).enumerate() {
            piles[2 + i].push(dc);
        }
        let mut others = others.into_iter();
        piles[1].extend(others.by_ref().take(2));
        for pile in piles.iter_mut().skip(2) {
            pile.extend(others.by_ref().take(1));
        }
        for card in others {
            removed.insert(card);
        }
        let mut sizes = [0u8; 6];
        let mut deck = CardList::default();
        for (i, pile) in piles.iter_mut().enumerate() {
            rng.shuffle(pile);
            sizes[i] = pile.len() as u8;
            for &card in pile.iter() {
                deck.push(card);
            }
        }

        // PP-4.4: twelve cards into the market, column by column, top before bottom.
        let mut market = [None; Slot::COUNT];
        for slot in market.iter_mut() {
            *slot = deck.pop_front();
        }

        // PP-4.5, PP-4.6: pieces and 4 rupees each; loyalties chosen from a random seat.
        let mut players: [Player; MAX_PLAYERS] = Default::default();
        for player in players.iter_mut().take(n) {
            player.rupees = 4;
        }
        // With Wakhan at seat 0 the people choose from the last seat on, so that the last to
        // choose sits just after her (WK-10); otherwise a random seat starts (PP-4.6).
        let start_seat = if options.wakhan {
            (n - 1) as u8
        } else {
            rng.below(n as u32) as u8
        };
        let ai = options
            .wakhan
            .then(|| super::wakhan::AiDeck::shuffled(&mut rng));
        State {
            options,
            seed,
            rng,
            players,
            start_seat,
            active: start_seat,
            favored: Suit::Political,
            market,
            market_rupees: [0; Slot::COUNT],
            deck,
            piles: sizes,
            discard: CardSet::EMPTY,
            removed,
            global_events: CardSet::EMPTY,
            rumor: None,
            armies: [[0; 6]; 3],
            roads: [[0; 9]; 3],
            tribes: [[0; 6]; MAX_PLAYERS],
            spies: [[0; MAX_PLAYERS]; 101],
            turn: Turn::default(),
            turns: 0,
            stack: vec![Frame::ChooseLoyalty {
                seat: start_seat,
                position: 0,
            }],
            outcome: None,
            ai,
        }
    }
}
