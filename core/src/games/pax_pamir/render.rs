//! The state as text: a readable board for the terminal and for logs of playthroughs. It shows
//! what is on the table and every hand (a position, not a seat's view: see
//! [`View`](super::View) for that).

use std::fmt;

use super::words::card_name;
use super::{Border, CardData, Coalition, Region, Slot, State, Suit};

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_board(f, true)
    }
}

impl State {
    /// The board as every seat sees it: each hand by its size only (unless the `open_hands`
    /// option shows them), for a person at the terminal.
    pub fn public_board(&self) -> String {
        struct Public<'a>(&'a State);
        impl fmt::Display for Public<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.write_board(f, self.0.options.open_hands)
            }
        }
        Public(self).to_string()
    }

    fn write_board(&self, f: &mut fmt::Formatter<'_>, hands: bool) -> fmt::Result {
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
            "Pax Pamir, {} players, {who}; favored suit {}; deck {}",
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
            let loyalty = player.loyalty.map_or("-".into(), Coalition::title);
            writeln!(
                f,
                "  {} {loyalty}: {} VP, {}, influence {}, cylinders in supply {}, gifts {}",
                self.name_of(p as u8),
                player.vp,
                counted(i64::from(player.rupees), "rupee", "rupees"),
                self.influence(cards, p),
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
            if hands {
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
