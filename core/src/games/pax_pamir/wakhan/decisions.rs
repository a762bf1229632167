//! The base decisions that fall to Wakhan's seat (PP-16), each answered by its WK rule: she
//! never waits for anybody to choose for her (WK-8).

use super::super::action::Action;
use super::super::frame::{BribeStage, Frame, Purpose, Site};
use super::super::pieces::Ctx;
use super::super::words::{card_name, seat_name};
use super::super::{CardId, Region, State};
use super::WAKHAN_SEAT;

impl Ctx<'_> {
    /// Answers the decision `frame` of her seat with one of `choices`, saying why.
    pub(crate) fn wakhan_decide(&mut self, frame: Frame, choices: &[Action]) -> Action {
        let explain = self.log.is_recording();
        let (action, why) = self.s.wakhan_choice(self.cards, frame, choices, explain);
        // Every answer is one of the listed choices; should a rule ever find none, the first
        // listed keeps the game going and says so.
        let action = if choices.contains(&action) {
            action
        } else {
            choices[0]
        };
        if !why.is_empty() {
            self.log.say(|| why);
        }
        action
    }
}

impl State {
    fn wakhan_choice(
        &self,
        cards: &super::super::CardData,
        frame: Frame,
        choices: &[Action],
        explain: bool,
    ) -> (Action, String) {
        let say = |s: String| if explain { s } else { String::new() };
        let first = choices.first().copied().unwrap_or(Action::Skip);
        let opponents = self.red_arrow_opponents(cards);
        let red_arrow_pick = |what: &str| {
            let q = opponents.first().copied().unwrap_or(1);
            (
                Action::Player(q as u8),
                say(format!(
                    "Wakhan chooses {} for {what}: the red arrow's opponent (WK-11.8)",
                    seat_name(q as u8)
                )),
            )
        };
        match frame {
            Frame::Blackmail { .. } => {
                // Herat before Kandahar (WK-11.2): the regions in the order of the map.
                for region in [Region::Herat, Region::Kandahar] {
                    let candidates: Vec<CardId> = choices
                        .iter()
                        .filter_map(|&a| match a {
                            Action::SpyOn(c)
                                if cards.court(c).is_some_and(|f| f.region == region) =>
                            {
                                Some(c)
                            }
                            _ => None,
                        })
                        .collect();
                    if let Some(pick) = self.card_priority(cards, &candidates) {
                        let text = say(format!(
                            "Wakhan uses Blackmail in {}: her spy goes on {} ({}, WK-11.2)",
                            region.title(),
                            card_name(cards, pick.card),
                            pick.reason("WK-3.2")
                        ));
                        return (Action::SpyOn(pick.card), text);
                    }
                }
                (Action::Skip, String::new())
            }
            Frame::Bribe {
                briber,
                full,
                stage,
                purpose,
                ..
            } => match stage {
                BribeStage::Answer { asked } if usize::from(briber) != WAKHAN_SEAT => {
                    // She never lowers a bribe she receives (WK-11.4).
                    if asked >= full {
                        (Action::Grant, String::new())
                    } else {
                        (
                            Action::Counter(full),
                            say(format!(
                                "Wakhan never lowers a bribe: she asks for all {full} (WK-11.4)"
                            )),
                        )
                    }
                }
                BribeStage::Countered { amount } => {
                    if choices.contains(&Action::Pay) {
                        (
                            Action::Pay,
                            say(format!("Wakhan pays the {amount} asked (WK-11.4)")),
                        )
                    } else {
                        let text = match purpose {
                            Purpose::Play(..) => String::new(),
                            Purpose::Hostage(..) => {
                                say("Wakhan cannot pay: she withdraws the action (WK-11.4)".into())
                            }
                        };
                        (Action::Withdraw, text)
                    }
                }
                // She never opens a negotiation (her bribes start at the receiver's answer),
                // and under Courtly Manners owes none.
                _ => {
                    if choices.contains(&Action::Decline) {
                        (Action::Decline, String::new())
                    } else if choices.contains(&Action::Pay) {
                        (Action::Pay, String::new())
                    } else {
                        (Action::Withdraw, String::new())
                    }
                }
            },
            Frame::Prize { card, .. } => (
                Action::TakePrize,
                say(format!(
                    "Wakhan always takes {} as a prize, whatever its coalition (WK-6.3, WK-11.5)",
                    card_name(cards, card)
                )),
            ),
            Frame::SafeHouse { from, .. } => {
                let houses = self.safe_house_cards(cards, WAKHAN_SEAT, from);
                match self.card_priority(cards, &houses) {
                    Some(pick) => (
                        Action::SafeHouse(pick.card),
                        say(format!(
                            "Wakhan always keeps her spy: on {} ({}, WK-11.2)",
                            card_name(cards, pick.card),
                            pick.reason("WK-3.2")
                        )),
                    ),
                    None => (Action::ReturnSpy, String::new()),
                }
            }
            Frame::Battle { site, .. } => {
                let targets = match site {
                    Site::Region(r) => self.region_targets(cards, r),
                    Site::Card(_) => opponents
                        .iter()
                        .map(|&q| Action::RemoveSpy(q as u8))
                        .collect(),
                };
                match targets.into_iter().find(|a| choices.contains(a)) {
                    Some(a) => (
                        a,
                        say("Wakhan removes tribes, then armies, then roads, the red arrow's opponent first (WK-6.4)".into()),
                    ),
                    None => (
                        Action::Stop,
                        say("Wakhan has no more pieces she battles (WK-6.4)".into()),
                    ),
                }
            }
            Frame::CourtLimit
            | Frame::DiscardInOrder { .. }
            | Frame::HandLimit
            | Frame::ConfidenceFailure { .. }
            | Frame::Shortfall { .. } => {
                let offered: Vec<CardId> = choices
                    .iter()
                    .filter_map(|&a| match a {
                        Action::Discard(c) => Some(c),
                        _ => None,
                    })
                    .collect();
                // Her court by the discard sieve (WK-3.1), her hand by the same (WK-3.3).
                let from_hand = matches!(frame, Frame::HandLimit | Frame::ConfidenceFailure { .. });
                match self.discard_priority(cards, &offered) {
                    Some(pick) => {
                        let whence = if from_hand { " from her hand" } else { "" };
                        let rule = if from_hand { ", WK-3.3" } else { "" };
                        (
                            Action::Discard(pick.card),
                            say(format!(
                                "Wakhan discards {}{whence} ({}{rule})",
                                card_name(cards, pick.card),
                                pick.reason("WK-3.1")
                            )),
                        )
                    }
                    None => (first, String::new()),
                }
            }
            Frame::RumorTarget { .. } => red_arrow_pick("Rumor"),
            Frame::Persuade { .. } => red_arrow_pick("swapping hands"),
            Frame::Pashtunwali { .. } => (
                Action::Suit(self.favored),
                say(format!(
                    "Wakhan names the favored suit, {} (WK-11.3)",
                    self.favored.title()
                )),
            ),
            Frame::RebukeRegion { .. } => {
                let region = self
                    .current_ai_card(cards)
                    .map_or(Region::Persia, |c| c.region_order[0]);
                (
                    Action::Rebuke(region),
                    say(format!(
                        "Wakhan rebukes {}, the first region of her region order (WK-11.8)",
                        region.title()
                    )),
                )
            }
            Frame::Fallback { place, .. } => match self.wakhan_fallback(cards, place) {
                Some(piece) => (Action::Take(piece), String::new()),
                None => (first, String::new()),
            },
            // Her own actions never open these base decisions (WK-4, WK-5, WK-6 decide them
            // whole); a snapshot cannot put one on her seat either (the invariants refuse it).
            _ => (first, String::new()),
        }
    }
}
