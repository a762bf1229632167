//! The state as text: a readable board for the terminal and for logs of playthroughs. It shows
//! what is on the table and every hand (a position, not a seat's view: see
//! [`View`](super::View) for that).

use std::fmt;

use super::words::card_name;
use super::{Border, CardData, Coalition, Region, Slot, State, Suit};

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_board(f, &|_| true)
    }
}

impl State {
    /// The board as every seat sees it: each hand by its size only (unless the `open_hands`
    /// option shows them), for a person at the terminal.
    pub fn public_board(&self) -> String {
        self.board_showing(&|_| self.options.open_hands)
    }

    /// The board as `seat` sees it: its own hand and, with the `open_hands` option, every
    /// hand; the others' by their size only (PP-0.4).
    pub fn seat_board(&self, seat: usize) -> String {
        self.board_showing(&|p| p == seat || self.options.open_hands)
    }

    /// The board with the hands of the seats `shown` says, the others by their size.
    fn board_showing(&self, shown: &dyn Fn(usize) -> bool) -> String {
        struct Board<'a>(&'a State, &'a dyn Fn(usize) -> bool);
        impl fmt::Display for Board<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.write_board(f, self.1)
            }
        }
        Board(self, shown).to_string()
    }

    fn write_board(
        &self,
        f: &mut fmt::Formatter<'_>,
        shown: &dyn Fn(usize) -> bool,
    ) -> fmt::Result {
        let cards = CardData::standard();
        let counted = crate::engine::log::counted;
        let who = match self.stack.first() {
            // Before the first turn the board says who chooses, not whose turn it is (PP-4.6).
            Some(super::frame::Frame::ChooseLoyalty { seat, .. }) => {
                format!("setup, {} chooses a loyalty", self.name_of(*seat))
            }
            _ => format!(
                "turn {}: {} to act, {} left",
                self.turns,
                self.name_of(self.active),
                counted(i64::from(self.turn.actions_left), "action", "actions")
            ),
        };
        writeln!(
            f,
            "Pax Pamir{}, {} players, {who}; favored suit {}; deck {}",
            if self.ai.is_some() {
                " against Wakhan"
            } else {
                ""
            },
            self.players(),
            self.favored.title(),
            counted(self.deck.len() as i64, "card", "cards")
        )?;
        for row in super::Row::ALL {
            write!(f, "  market {row:<6}:")?;
            for col in 0..Slot::COLUMNS {
                let slot = Slot { row, col };
                match self.market_card(slot) {
                    Some(c) => write!(f, " [{}", card_name(cards, c))?,
                    None => write!(f, " [empty")?,
                }
                let rupees = self.market_rupees(slot);
                if rupees > 0 {
                    write!(f, " +{rupees}")?;
                }
                write!(f, "]")?;
            }
            writeln!(f)?;
        }
        for p in self.turn_order() {
            let player = &self.players[p];
            // Wakhan is loyal to all three coalitions, with an influence in each (WK-11.5);
            // her blocks take her pragmatic loyalty (WK-1.4).
            let (loyalty, influence) = if self.is_wakhan(p) {
                (
                    format!(
                        "loyal to all (pragmatic loyalty {})",
                        self.pragmatic_loyalty(cards).title()
                    ),
                    self.wakhan_influence_words(cards),
                )
            } else {
                (
                    player.loyalty.map_or("-".into(), Coalition::title),
                    self.influence(cards, p).to_string(),
                )
            };
            writeln!(
                f,
                "  {} {loyalty}: {} VP, {}, influence {influence}, cylinders in supply {}, gifts {}",
                self.name_of(p as u8),
                player.vp,
                counted(i64::from(player.rupees), "rupee", "rupees"),
                self.cylinders_in_supply(p),
                player.gifts.iter().filter(|&&g| g).count(),
            )?;
            let court: Vec<String> = player
                .court
                .as_slice()
                .iter()
                .map(|&c| {
                    let spies: Vec<String> = (0..self.players())
                        .filter(|&q| self.spies(c, q) > 0)
                        .map(|q| format!("{}×{}", self.name_of(q as u8), self.spies(c, q)))
                        .collect();
                    if spies.is_empty() {
                        card_name(cards, c)
                    } else {
                        format!("{} (spies {})", card_name(cards, c), spies.join(" "))
                    }
                })
                .collect();
            writeln!(
                f,
                "    court: {}",
                if court.is_empty() {
                    "-".into()
                } else {
                    court.join(", ")
                }
            )?;
            if shown(p) {
                let hand: Vec<String> = player.hand.iter().map(|c| card_name(cards, c)).collect();
                writeln!(
                    f,
                    "    hand: {}",
                    if hand.is_empty() {
                        "-".into()
                    } else {
                        hand.join(", ")
                    }
                )?;
            } else {
                writeln!(
                    f,
                    "    hand: {}",
                    crate::engine::log::counted(player.hand.len() as i64, "card", "cards")
                )?;
            }
            if !player.prizes.is_empty() || !player.events.is_empty() {
                let held: Vec<String> = player
                    .prizes
                    .iter()
                    .chain(player.events.iter())
                    .map(|c| card_name(cards, c))
                    .collect();
                writeln!(f, "    prizes and events: {}", held.join(", "))?;
            }
            if self.is_wakhan(p) {
                for line in self.wakhan_lines(cards) {
                    writeln!(f, "    {line}")?;
                }
            }
        }
        for r in Region::ALL {
            let tribes: Vec<String> = (0..self.players())
                .filter(|&p| self.tribes(p, r) > 0)
                .map(|p| format!("{} tribes {}", self.name_of(p as u8), self.tribes(p, r)))
                .collect();
            let armies: Vec<String> = Coalition::ALL
                .into_iter()
                .filter(|&k| self.armies(k, r) > 0)
                .map(|k| format!("{} armies {}", k.title(), self.armies(k, r)))
                .collect();
            let ruler = self.ruler(r).map_or("no ruler".into(), |p| {
                format!("ruled by {}", self.name_of(p as u8))
            });
            let pieces: Vec<String> = tribes.into_iter().chain(armies).collect();
            writeln!(
                f,
                "  {:<12} {ruler}; {}",
                r.title(),
                if pieces.is_empty() {
                    "empty".into()
                } else {
                    pieces.join(", ")
                }
            )?;
        }
        let roads: Vec<String> = Border::ALL
            .into_iter()
            .flat_map(|b| {
                Coalition::ALL
                    .into_iter()
                    .filter(move |&k| self.roads(k, b) > 0)
                    .map(move |k| format!("{} {}×{}", b.title(), k.title(), self.roads(k, b)))
            })
            .collect();
        if !roads.is_empty() {
            writeln!(f, "  roads: {}", roads.join(", "))?;
        }
        let blocks: Vec<String> = Coalition::ALL
            .iter()
            .map(|&k| format!("{} {}", k.title(), self.blocks_on_map(k)))
            .collect();
        write!(f, "  blocks on the map: {}", blocks.join(", "))?;
        let _ = Suit::ALL;
        if let Some(outcome) = self.outcome {
            let winners: Vec<String> = outcome.winners().map(|s| self.name_of(s as u8)).collect();
            write!(f, "\n  game over: {} won", winners.join(" and "))?;
        }
        writeln!(f)
    }
}

impl State {
    /// Wakhan's influence in each coalition, in words (WK-11.5): `Afghan 1, British 2,
    /// Russian 1`; she is loyal to all three, so one number would not say it.
    pub fn wakhan_influence_words(&self, cards: &CardData) -> String {
        let each: Vec<String> = Coalition::ALL
            .iter()
            .map(|&k| format!("{} {}", k.title(), self.wakhan_influence(cards, k)))
            .collect();
        each.join(", ")
    }

    /// What the table sees of Wakhan's AI deck, as lines for a board, so that a person can
    /// follow her: the current AI card's three lines, pragmatic-loyalty order and region order
    /// (WK-1.1, WK-1.4, WK-1.5), the next card's back and what the arrows read on it (WK-1.3),
    /// and how many cards the AI deck and its discard pile hold. Of the next card only its
    /// back is shown, and never the deck's order (WK-1.2). Empty in a game without her.
    pub fn wakhan_lines(&self, cards: &CardData) -> Vec<String> {
        let Some(deck) = self.ai_deck() else {
            return Vec::new();
        };
        let mut lines = Vec::new();
        match self.current_ai_card(cards) {
            Some(card) => {
                lines.push(format!(
                    "AI card {} (WK-1.2): top {}; middle {}; bottom {}",
                    card.number, card.actions[0], card.actions[1], card.actions[2]
                ));
                let loyalty: Vec<String> =
                    card.pragmatic_loyalty.iter().map(|k| k.title()).collect();
                let regions: Vec<String> = card.region_order.iter().map(|r| r.title()).collect();
                lines.push(format!(
                    "pragmatic loyalty order {} (WK-1.4); region order {} (WK-1.5)",
                    loyalty.join(", "),
                    regions.join(", ")
                ));
            }
            None => lines
                .push("no AI card yet: she draws one at the start of her turn (WK-1.2)".to_owned()),
        }
        if let Some(next) = self.next_ai_back(cards) {
            let numbers: Vec<String> = next.numbers.iter().map(u8::to_string).collect();
            lines.push(format!(
                "next AI card's back: {} above {}, numbers {} (WK-1.2)",
                label_word(next.labels[0]),
                label_word(next.labels[1]),
                numbers.join(" ")
            ));
        }
        if let (Some(card), Some(arrows)) = (self.current_ai_card(cards), self.arrows(cards)) {
            let red = match card.red_arrow {
                super::RedArrow::Upper => "upper",
                super::RedArrow::Lower => "lower",
            };
            lines.push(format!(
                "the arrows read {} row, column {}, {} of her court (WK-1.3): the red arrow \
                 points at the {red} label, {}; the black arrow at number {} in place {}",
                arrows.label.row(),
                arrows.column,
                arrows.label.side(),
                label_word(arrows.label),
                arrows.column,
                card.black_arrow + 1
            ));
        }
        let discards: Vec<String> = deck.discard_pile().iter().map(u8::to_string).collect();
        lines.push(format!(
            "AI deck {}; AI discard pile {}",
            crate::engine::log::counted(deck.cards().len() as i64, "card", "cards"),
            if discards.is_empty() {
                "empty".to_owned()
            } else {
                discards.join(", ")
            }
        ));
        lines
    }
}

/// A label of an AI card's back as printed (WK-1.1): `T` (top, left) or `B` (bottom, right).
fn label_word(label: super::Label) -> &'static str {
    match label {
        super::Label::T => "T",
        super::Label::B => "B",
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{Game, GameRng, Log};
    use crate::pax_pamir::{Options, PaxPamir, State};

    /// A game with Wakhan after `turns` turns of random people.
    fn wakhan_game(players: u8, seed: u64, turns: u32) -> (PaxPamir, State) {
        let game = PaxPamir::new(Options {
            players,
            wakhan: true,
            ..Options::default()
        })
        .unwrap();
        let mut state = game.new_initial_state(seed);
        let mut rng = GameRng::from_seed_u64(seed);
        while state.turns() < turns {
            let Some(decision) = game.decision(&state) else {
                break;
            };
            let choice = decision.choices[rng.below(decision.choices.len() as u32) as usize];
            game.apply(&mut state, choice, &mut Log::silent()).unwrap();
        }
        (game, state)
    }

    /// WK-1.4, WK-11.5: her row says Wakhan, loyal to all with her pragmatic loyalty, and her
    /// influence in each coalition; WK-1.2, WK-1.3: her current AI card, the next card's back
    /// and the arrows' reading follow it. The header says whom the game is against.
    #[test]
    fn wk_11_5_the_board_names_wakhan_loyal_to_all_with_her_ai_card() {
        for players in [2, 3] {
            let (game, state) = wakhan_game(players, 11, 4);
            let cards = game.cards();
            let text = state.to_string();
            assert!(text.starts_with("Pax Pamir against Wakhan, "), "{text}");
            let row = format!(
                "  Wakhan loyal to all (pragmatic loyalty {}): ",
                state.pragmatic_loyalty(cards).title()
            );
            assert!(text.contains(&row), "{text}");
            assert!(
                text.contains(&format!(
                    ", influence {}, ",
                    state.wakhan_influence_words(cards)
                )),
                "{text}"
            );
            assert!(!text.contains("  P1 "), "{text}");
            let card = state.current_ai_card(cards).unwrap();
            assert!(
                text.contains(&format!(
                    "    AI card {} (WK-1.2): top {}; middle {}; bottom {}\n",
                    card.number, card.actions[0], card.actions[1], card.actions[2]
                )),
                "{text}"
            );
            let next = state.next_ai_back(cards).unwrap();
            let numbers: Vec<String> = next.numbers.iter().map(u8::to_string).collect();
            assert!(
                text.contains(&format!("numbers {} (WK-1.2)", numbers.join(" "))),
                "{text}"
            );
            let arrows = state.arrows(cards).unwrap();
            assert!(
                text.contains(&format!(
                    "    the arrows read {} row, column {}, {} of her court (WK-1.3)",
                    arrows.label.row(),
                    arrows.column,
                    arrows.label.side()
                )),
                "{text}"
            );
            assert_eq!(state.public_board().lines().count(), text.lines().count());
        }
    }

    /// WK-1.2: the board never shows the AI deck's order: swapping two cards below its top
    /// changes nothing drawn.
    #[test]
    fn wk_1_2_the_board_hides_the_ai_decks_order() {
        let (_, state) = wakhan_game(3, 2, 3);
        let mut other = state.clone();
        if let Some(deck) = other.ai.as_mut() {
            let len = usize::from(deck.len);
            assert!(len >= 3);
            deck.deck.swap(1, len - 1);
        }
        assert_ne!(other, state);
        assert_eq!(other.to_string(), state.to_string());
    }

    /// Without Wakhan nothing of hers is shown.
    #[test]
    fn wk_10_a_game_without_her_shows_nothing_of_hers() {
        let game = PaxPamir::default();
        let text = game.new_initial_state(1).to_string();
        assert!(text.starts_with("Pax Pamir, 3 players, "), "{text}");
        assert!(
            !text.contains("Wakhan") && !text.contains("AI card"),
            "{text}"
        );
    }
}
