//! Negotiation (§1.5.2, OQ-11): gifts of Resources and cavalry tokens from one player faction
//! to another, made at a decision point of the giver.
//!
//! A gift is one entry, `give…` ([`Action::Give`]), among the giver's choices. Taking it opens
//! a small decision of its own, a frame on top of the play stack: to whom
//! ([`Action::Faction`]), how many Resources (0 to all it holds) and how many cavalry tokens
//! (0 to all it holds), each a counted choice ([`Action::Count`]), not both zero. The gift is
//! made once both amounts are known, in one step: the receiver's Resources are capped at 24
//! and the excess is lost. Then play returns to the decision point the gift was made at.
//!
//! An opened gift is not abandoned half-way: a cancel would let a player open and close the
//! same gift forever without changing anything, and a gift of 0 and 0 is no gift. Changing
//! one's mind is the undo of the interface, not a rule.

use super::sequence::Frame;
use super::words::{self, cavalry_tokens};
use super::{Action, DecisionKind, Error, Log, Player, State, VijayanagaraDecision};
use crate::engine::Rule;

impl State {
    /// Whether `give…` is offered in `decision` (§1.5.2, OQ-11: "a transfer action at any
    /// decision point of the giver").
    ///
    /// The decision points of this reading are those where a faction starts something or a
    /// gift can change what it may do: its choice of an option on an Event card, of the next
    /// part of its turn (a Command, a Decree, the Event), a cavalry window of a battle, the
    /// Mongol command it chooses as operator, and the Gift of Compromise. The middle steps of
    /// compound choices (the spaces of a Command, the pieces and counts inside a space, losses,
    /// refills) are one action being carried out, and a deal binds only within one action
    /// (§1.5.2): a gift there is the same gift made a step earlier. Never while an event's
    /// effect waits for an answer: the effect is one step of play (§2.3.4) that runs again from
    /// its start with each answer, on the position it started from. Off with the `transfers`
    /// option, and only for a giver holding a Resource or a cavalry token.
    pub(crate) fn gift_offered(&self, decision: &VijayanagaraDecision) -> bool {
        let giver = decision.player;
        let point = match decision.kind {
            DecisionKind::TurnOption { .. }
            | DecisionKind::TurnPart
            | DecisionKind::MongolCommand
            | DecisionKind::GiftOfCompromise => true,
            DecisionKind::Combat { .. } => decision
                .choices
                .iter()
                .any(|a| matches!(a, Action::Charge(_) | Action::Screen(_))),
            _ => false,
        };
        point
            && self.options.transfers
            && !matches!(self.stack.last(), Some(Frame::Event { .. }))
            && (self.resources(giver) > 0 || self.cavalry(giver) > 0)
    }

    /// The choices of a gift under way (§1.5.2): the receiver, then the Resources, then the
    /// cavalry tokens. A gift of nothing is never offered while the giver holds something.
    /// Play cannot change the giver's holdings while its gift is under way, but the board
    /// primitives can: a gift is of what the giver holds when it is made (see
    /// `still_held`), and one left with nothing to give offers `count 0`, which ends
    /// it without a gift, so that every listed answer applies.
    pub(crate) fn transfer_choices(
        &self,
        giver: Player,
        to: Option<Player>,
        resources: Option<u8>,
    ) -> Vec<Action> {
        let counts = |from: u8, to: u8| (from..=to).map(Action::Count).collect();
        match (to, resources) {
            (None, _) => Player::ALL
                .into_iter()
                .filter(|&p| p != giver)
                .map(Action::Faction)
                .collect(),
            (Some(_), None) => {
                // Nothing to give in tokens: at least one Resource.
                let least = u8::from(self.cavalry(giver) == 0);
                counts(least.min(self.resources(giver)), self.resources(giver))
            }
            (Some(_), Some(given)) => {
                let given = self.still_held(giver, given);
                let cavalry = self.cavalry(giver);
                counts(u8::from(given == 0).min(cavalry), cavalry)
            }
        }
    }

    /// Opens a gift of the faction deciding now (§1.5.2): the decision point stays beneath it.
    pub(crate) fn begin_transfer(&mut self) -> Result<(), Error> {
        let giver = self.current_player().ok_or(Error::GameOver)?;
        self.stack.push(Frame::Transfer {
            giver,
            to: None,
            resources: None,
        });
        Ok(())
    }

    /// Applies an answer to a gift under way; the gift is made once both amounts are known.
    /// A giver with no Resources gives none without being asked; one with no tokens, none.
    pub(crate) fn transfer_apply(
        &mut self,
        giver: Player,
        to: Option<Player>,
        resources: Option<u8>,
        action: Action,
        log: &mut Log,
    ) -> Result<(), Error> {
        match (to, resources, action) {
            (None, _, Action::Faction(to)) => {
                let resources = (self.resources(giver) == 0).then_some(0);
                self.stack.push(Frame::Transfer {
                    giver,
                    to: Some(to),
                    resources,
                });
            }
            (Some(to), None, Action::Count(n)) if self.cavalry(giver) == 0 => {
                self.transfer(giver, to, n, 0, log)?;
            }
            (Some(to), None, Action::Count(n)) => self.stack.push(Frame::Transfer {
                giver,
                to: Some(to),
                resources: Some(n),
            }),
            (Some(to), Some(n), Action::Count(cavalry)) => {
                let n = self.still_held(giver, n);
                if n == 0 && cavalry == 0 && self.cavalry(giver) == 0 {
                    // The Resources were settled at none and no token is left: the gift
                    // ends without one, whatever Resources the giver has gained since.
                    return Ok(());
                }
                self.transfer(giver, to, n, cavalry, log)?;
            }
            (to, resources, action) => {
                self.stack.push(Frame::Transfer {
                    giver,
                    to,
                    resources,
                });
                return Err(self.unexpected(action));
            }
        }
        Ok(())
    }

    /// The Resources of a gift's chosen `amount` that `giver` still holds.
    fn still_held(&self, giver: Player, amount: u8) -> u8 {
        amount.min(self.resources(giver))
    }

    /// `Transfer { from, to, resources, cavalry }` (§1.5.2, OQ-11): the receiver's Resources
    /// are capped at 24 and the excess is lost. One line of the log says it all.
    fn transfer(
        &mut self,
        from: Player,
        to: Player,
        resources: u8,
        cavalry: u8,
        log: &mut Log,
    ) -> Result<(), Error> {
        if resources == 0 && cavalry == 0 {
            if self.resources(from) > 0 || self.cavalry(from) > 0 {
                return Err(Error::EmptyGift { giver: from });
            }
            // Nothing left to give (see `transfer_choices`): the gift ends without one.
            return Ok(());
        }
        self.pay(from, resources)?;
        let gained = self.gain_resources(to, resources);
        self.take_cavalry(from, to, cavalry)?;
        log.say(|| gift_line(from, to, resources, cavalry, resources - gained));
        Ok(())
    }

    /// The most specific refusal of an unlisted answer to a gift under way: a gift of nothing,
    /// or more than the giver holds (§1.5.2); `None` when no gift is under way or another
    /// refusal says it better.
    pub(crate) fn gift_refusal(&self, action: Action) -> Option<Error> {
        let &Frame::Transfer {
            giver, resources, ..
        } = self.stack.last()?
        else {
            return None;
        };
        let Action::Count(n) = action else {
            return None;
        };
        let (has, tokens) = match resources {
            None => (self.resources(giver), false),
            Some(_) => (self.cavalry(giver), true),
        };
        if n > has {
            return Some(Error::GiftBeyondHoldings {
                giver,
                wanted: n,
                has,
                cavalry: tokens,
            });
        }
        let empty = n == 0
            && match resources {
                None => self.cavalry(giver) == 0,
                Some(given) => self.still_held(giver, given) == 0,
            };
        empty.then_some(Error::EmptyGift { giver })
    }
}

/// "DS gives 3 Resources and 1 cavalry token to BK", and what the cap of 24 took (§1.5.2).
fn gift_line(from: Player, to: Player, given: u8, cavalry: u8, lost: u8) -> String {
    let what = match (given, cavalry) {
        (0, c) => cavalry_tokens(c),
        (r, 0) => words::resources(r),
        (r, c) => format!("{} and {}", words::resources(r), cavalry_tokens(c)),
    };
    let mut line = format!(
        "{} gives {what} to {}",
        from.abbreviation(),
        to.abbreviation()
    );
    if lost > 0 {
        line += &format!(
            " ({} at 24: {} lost, §1.5.2)",
            to.abbreviation(),
            words::resources(lost)
        );
    }
    line
}

/// The rule of a gift's decision.
pub(crate) const RULE: Rule = Rule("1.5.2");
