//! The sequence of play (§2.2–§2.7): revealing cards, eligible factions acting in the card's
//! order, the four options, eligibility, Mongol Invasion, Succession and Timurid cards, and the
//! end of the game.
//!
//! The game is a stack of frames, innermost last. The innermost frame either owes a player
//! decision or takes an automatic step. [`State::advance`] takes automatic steps until a
//! decision is owed or the game is over, so after setup and after every action the state is
//! waiting for a player, or finished. A frame whose decision would have no legal choice takes
//! its automatic step instead ("as much as possible", §2.3.4), so play never reaches a dead end.

use serde::{Deserialize, Serialize};

use super::action::{CommandKind, DecreeKind, TurnOption};
use super::cards::CardSet;
use super::combat::Combat;
use super::command::{CommandScope, CommandState};
use super::decree::{DecreeGrant, DecreeState};
use super::event::{EventHost, EventRun};
use super::words;
use super::{
    Action, Card, DecisionKind, Dynasty, Error, Faction, Lasting, Log, MAX_INFLUENCE, PerPlayer,
    PieceKind, PlayOrderBox, Player, SpaceId, State, SuccessionCard, VijayanagaraDecision,
};
use crate::engine::Decision;

/// A step of the sequence of play that is under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Frame {
    /// An Event card: the factions eligible at its reveal act in its order (§2.3.1, §2.3.2).
    EventCard {
        /// The card's number.
        number: u8,
        /// Who was eligible when it was revealed.
        eligible: PerPlayer<bool>,
    },
    /// One faction's turn on an Event card (§2.3.3), or a free Limited Command granted by a
    /// Succession card (§2.5.2).
    FactionTurn {
        /// Who acts.
        player: Player,
        /// The option taken, once chosen.
        option: Option<TurnOption>,
        /// Whether its Command (or Event) is done.
        command_done: bool,
        /// Whether its Decree is done (Command & Decree only).
        decree_done: bool,
        /// A free Limited Command granted by a card: no option, no eligibility change.
        free: bool,
    },
    /// A Command being carried out (§3).
    Command(Box<CommandState>),
    /// A Decree being carried out (§4).
    Decree(Box<DecreeState>),
    /// A battle (§3.X).
    Combat(Box<Combat>),
    /// A player takes the rest of a cavalry gain from other holders (§1.10, OQ-19).
    TakeCavalry {
        /// Who gains.
        gainer: Player,
        /// Tokens still to take.
        remaining: u8,
    },
    /// A Mongol Invasion card: two Mongol commands, then the Gift (§2.4).
    MongolInvasion {
        /// The faction named on the card.
        operator: Player,
        /// Commands carried out so far.
        commands_done: u8,
    },
    /// Gift of Compromise (§2.4.2).
    Gift {
        /// The faction named on the card.
        operator: Player,
    },
    /// A Succession card, step by step (§2.5).
    Succession {
        /// The card.
        card: SuccessionCard,
        /// The next step to carry out, from 1.
        step: u8,
    },
    /// DS may carry out a Succession card's Campaign (§2.5.1, §2.5.2).
    SuccessionCampaign,
    /// Lords of the Deccan: a faction buys Influence shifts (§2.5.3).
    Lords {
        /// Who buys.
        player: Player,
        /// Shifts bought so far (at most 3).
        bought: u8,
    },
    /// An event waiting for a choice (§2.3.4); it runs again from its start with the answer.
    Event {
        /// The event and the choices made so far.
        run: EventRun,
        /// Who chooses now.
        chooser: Player,
        /// The legal answers.
        choices: Vec<Action>,
        /// The question, for whoever chooses.
        #[serde(default)]
        prompt: String,
    },
    /// Something an event granted, to be started next (§3.1.3).
    Granted(Granted),
    /// A gift under way (§1.5.2, OQ-11), opened by `give…` at a decision point of the giver,
    /// which stays beneath it; always the innermost frame.
    Transfer {
        /// Who gives.
        giver: Player,
        /// Who receives, once chosen.
        to: Option<Player>,
        /// The Resources given, once chosen.
        resources: Option<u8>,
    },
    /// Timur's Invasion of Delhi (§2.6), at the step given.
    Timur {
        /// 1 battle in Mountain Passes, 2 move on to Punjab, 3 battle in Punjab, 4 move on to
        /// Delhi, 5 battles in Delhi, 6 the Resource loss and the end.
        step: u8,
    },
}

/// A grant of an event, waiting its turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Granted {
    /// A free Command.
    Command(CommandKind, CommandScope),
    /// A Decree, within the event's limits.
    Decree(Player, DecreeKind, DecreeGrant),
    /// A lasting effect, recorded now (deck C14).
    Lasting(Lasting),
}

/// What one Influence shift costs on Lords of the Deccan (§2.5.3).
pub(crate) const LORDS_SHIFT_COST: u8 = 3;
/// Shifts a faction may buy on Lords of the Deccan (§2.5.3).
const LORDS_MAX_SHIFTS: u8 = 3;

/// Pass income: DS +3, BK +1, VN +1 (§2.3.6).
fn pass_income(player: Player) -> u8 {
    match player {
        Player::Sultanate => 3,
        Player::Bahmani | Player::Vijayanagara => 1,
    }
}

/// The box an option puts the cylinder in (§2.3.3).
fn box_of(option: TurnOption) -> PlayOrderBox {
    match option {
        TurnOption::CommandAndDecree => PlayOrderBox::CommandAndDecree,
        TurnOption::EventOrCommand => PlayOrderBox::EventOrCommand,
        TurnOption::LimitedCommand => PlayOrderBox::LimitedCommand,
        TurnOption::Pass => PlayOrderBox::Pass,
    }
}

impl State {
    /// The cards of the deck in play (the darbar default deck).
    pub fn cards(&self) -> &'static CardSet {
        CardSet::standard()
    }

    /// The number of the Event card being played, if the current card is an Event card.
    pub fn current_event(&self) -> Option<u8> {
        match self.deck.current()? {
            Card::Event(n) => Some(n),
            _ => None,
        }
    }

    /// The decision of the innermost frame, if it owes one with at least one legal choice.
    pub(crate) fn frame_decision(&self) -> Option<VijayanagaraDecision> {
        let (player, kind, choices) = match self.stack.last()? {
            Frame::EventCard { .. }
            | Frame::Succession { .. }
            | Frame::Timur { .. }
            | Frame::Granted(_) => {
                return None;
            }
            Frame::Event {
                run,
                chooser,
                choices,
                ..
            } => (
                *chooser,
                DecisionKind::Event { card: run.card },
                choices.clone(),
            ),
            &Frame::FactionTurn {
                player,
                option,
                command_done,
                decree_done,
                free,
            } => {
                let kind = match option {
                    None => DecisionKind::TurnOption {
                        card: self.current_event().unwrap_or(0),
                    },
                    Some(_) => DecisionKind::TurnPart,
                };
                (
                    player,
                    kind,
                    self.turn_choices(player, option, command_done, decree_done, free),
                )
            }
            Frame::Command(command) => return self.command_decision(command),
            Frame::Decree(decree) => return self.decree_decision(decree),
            Frame::Combat(combat) => return self.combat_decision(combat),
            &Frame::TakeCavalry { gainer, .. } => {
                let choices = Player::ALL
                    .into_iter()
                    .filter(|&p| p != gainer && self.cavalry(p) > 0)
                    .map(Action::TakeCavalry)
                    .collect();
                (gainer, DecisionKind::TakeCavalry, choices)
            }
            &Frame::MongolInvasion {
                operator,
                commands_done,
            } => {
                let choices = if commands_done < 2 {
                    CommandKind::of(Faction::Mongols)
                        .iter()
                        .filter(|&&kind| {
                            self.command_is_possible(kind, &CommandScope::mongol(operator))
                        })
                        .map(|&kind| Action::Command(kind))
                        .collect()
                } else {
                    Vec::new()
                };
                (operator, DecisionKind::MongolCommand, choices)
            }
            &Frame::Gift { operator } => (
                operator,
                DecisionKind::GiftOfCompromise,
                vec![Action::Yes, Action::No],
            ),
            Frame::SuccessionCampaign => (
                Player::Sultanate,
                DecisionKind::SuccessionCampaign,
                vec![Action::Yes, Action::No],
            ),
            &Frame::Lords { player, bought } => (
                player,
                DecisionKind::LordsOfTheDeccan,
                self.lords_choices(player, bought),
            ),
            &Frame::Transfer {
                giver,
                to,
                resources,
            } => (
                giver,
                DecisionKind::Transfer { to, resources },
                self.transfer_choices(giver, to, resources),
            ),
        };
        Decision::new(player, kind, choices)
    }

    /// What a faction may do next on its turn (§2.3.3–§2.3.6, §4.1). Options are offered only
    /// when something can be done with them; Pass always can.
    fn turn_choices(
        &self,
        player: Player,
        option: Option<TurnOption>,
        command_done: bool,
        decree_done: bool,
        free: bool,
    ) -> Vec<Action> {
        let commands = |scope: CommandScope| -> Vec<Action> {
            CommandKind::of(player.faction())
                .iter()
                .filter(|&&kind| self.command_is_possible(kind, &scope))
                .map(|&kind| Action::Command(kind))
                .collect()
        };
        let full = CommandScope::full(player);
        let limited = if free {
            CommandScope::free_limited(player)
        } else {
            CommandScope::limited(player)
        };
        match option {
            None => {
                let taken = |b: PlayOrderBox| Player::ALL.iter().any(|&p| self.eligibility(p) == b);
                // Before any space is selected, a full and a Limited Command can start in the
                // same spaces (§2.3.5): one test serves both.
                let can_command = CommandKind::of(player.faction())
                    .iter()
                    .any(|&kind| self.command_is_possible(kind, &full));
                let mut choices = Vec::new();
                // OQ-23: a full Command selects at least one space, so a branch is offered only
                // when a Command is possible; the Decree may be a no-op.
                if !taken(PlayOrderBox::CommandAndDecree) && can_command {
                    choices.push(Action::Option(TurnOption::CommandAndDecree));
                }
                if !taken(PlayOrderBox::EventOrCommand)
                    && (can_command || self.event_is_possible(player))
                {
                    choices.push(Action::Option(TurnOption::EventOrCommand));
                }
                if can_command {
                    choices.push(Action::Option(TurnOption::LimitedCommand));
                }
                choices.push(Action::Option(TurnOption::Pass));
                choices
            }
            Some(TurnOption::CommandAndDecree) => {
                let mut choices = if command_done {
                    Vec::new()
                } else {
                    commands(full)
                };
                if !decree_done {
                    choices.extend(
                        DecreeKind::of(player)
                            .iter()
                            .filter(|&&d| self.decree_is_possible(player, d))
                            .map(|&d| Action::Decree(d)),
                    );
                }
                choices
            }
            Some(TurnOption::EventOrCommand) if !command_done => {
                let mut choices = self.event_choices(player);
                choices.extend(commands(full));
                choices
            }
            Some(TurnOption::LimitedCommand) if !command_done => commands(limited),
            Some(_) => Vec::new(),
        }
    }

    fn lords_choices(&self, player: Player, bought: u8) -> Vec<Action> {
        let mut choices = Vec::new();
        if bought < LORDS_MAX_SHIFTS && self.resources(player) >= LORDS_SHIFT_COST {
            for track in [Player::Bahmani, Player::Vijayanagara] {
                let level = self.influence(track).unwrap_or(0);
                // OQ-29: a shift that would be ignored at a track end may not be bought.
                if level < MAX_INFLUENCE {
                    choices.push(Action::Shift { track, up: true });
                }
                if level > 0 {
                    choices.push(Action::Shift { track, up: false });
                }
            }
        }
        choices.push(Action::Done);
        choices
    }

    /// Applies an action to the innermost frame. The action is one of its legal choices.
    pub(crate) fn frame_apply(
        &mut self,
        action: Action,
        host: Option<&dyn EventHost>,
        log: &mut Log,
    ) -> Result<(), Error> {
        let frame = self.stack.pop().ok_or(Error::GameOver)?;
        match (frame, action) {
            (
                Frame::FactionTurn {
                    player,
                    option: None,
                    ..
                },
                Action::Option(option),
            ) => {
                self.take_option(player, option, log);
            }
            (
                Frame::FactionTurn {
                    player,
                    option: Some(option),
                    command_done,
                    decree_done,
                    free,
                },
                action,
            ) => {
                let (command_done, decree_done) = match action {
                    Action::Decree(_) => (command_done, true),
                    _ => (true, decree_done),
                };
                // The turn stays beneath the part it starts and resumes when that part ends.
                self.stack.push(Frame::FactionTurn {
                    player,
                    option: Some(option),
                    command_done,
                    decree_done,
                    free,
                });
                match action {
                    Action::Command(kind) => {
                        let scope = match (option, free) {
                            (TurnOption::LimitedCommand, true) => {
                                CommandScope::free_limited(player)
                            }
                            (TurnOption::LimitedCommand, false) => CommandScope::limited(player),
                            _ => CommandScope::full(player),
                        };
                        self.begin_command(kind, scope, log)?;
                    }
                    Action::Decree(kind) => {
                        self.begin_decree(player, kind, DecreeGrant::Turn, log)?
                    }
                    Action::Event(side) => self.begin_event(player, side, host, log)?,
                    other => return Err(self.unexpected(other)),
                }
            }
            (Frame::Event { run, .. }, action) => self.event_apply(run, action, host, log)?,
            (Frame::Command(command), action) => self.command_apply(*command, action, log)?,
            (Frame::Decree(decree), action) => self.decree_apply(*decree, action, log)?,
            (Frame::Combat(combat), action) => self.combat_apply(*combat, action, log)?,
            (Frame::TakeCavalry { gainer, remaining }, Action::TakeCavalry(from)) => {
                self.take_cavalry(from, gainer, 1)?;
                log.say(|| {
                    format!(
                        "{} takes 1 cavalry token from {}",
                        gainer.abbreviation(),
                        from.abbreviation()
                    )
                });
                if remaining > 1 {
                    self.stack.push(Frame::TakeCavalry {
                        gainer,
                        remaining: remaining - 1,
                    });
                }
            }
            (
                Frame::MongolInvasion {
                    operator,
                    commands_done,
                },
                Action::Command(kind),
            ) => {
                self.stack.push(Frame::MongolInvasion {
                    operator,
                    commands_done: commands_done + 1,
                });
                self.begin_command(kind, CommandScope::mongol(operator), log)?;
            }
            (Frame::Gift { operator }, Action::Yes) => {
                // §2.4.2: Influence −1 (with its refill, §1.9) for 2 Resources and 2 cavalry.
                self.shift_influence(operator, -1)?;
                let gained = self.gain_resources(operator, 2);
                log.say(|| {
                    format!(
                        "{} takes the Gift of Compromise: Influence -1, +{}",
                        operator.abbreviation(),
                        words::resources(gained)
                    )
                });
                self.gain_cavalry(operator, 2, log);
            }
            (Frame::Gift { operator }, Action::No) => {
                log.say(|| {
                    format!(
                        "{} declines the Gift of Compromise",
                        operator.abbreviation()
                    )
                });
            }
            (Frame::SuccessionCampaign, Action::Yes) => {
                self.begin_decree(
                    Player::Sultanate,
                    DecreeKind::Campaign,
                    DecreeGrant::Succession,
                    log,
                )?;
            }
            (Frame::SuccessionCampaign, Action::No) => {
                log.say(|| "DS makes no Campaign".to_owned());
            }
            (Frame::Lords { player, bought }, Action::Shift { track, up }) => {
                self.pay(player, LORDS_SHIFT_COST)?;
                let level = self.shift_influence(track, if up { 1 } else { -1 })?;
                log.say(|| {
                    format!(
                        "{} pays 3 Resources: {} Influence to {level}",
                        player.abbreviation(),
                        track.abbreviation()
                    )
                });
                self.stack.push(Frame::Lords {
                    player,
                    bought: bought + 1,
                });
            }
            (Frame::Lords { .. }, Action::Done) => {}
            (
                Frame::Transfer {
                    giver,
                    to,
                    resources,
                },
                action,
            ) => self.transfer_apply(giver, to, resources, action, log)?,
            (frame, action) => {
                self.stack.push(frame);
                return Err(self.unexpected(action));
            }
        }
        Ok(())
    }

    /// The error for an action the innermost frame does not take (only reachable through
    /// [`Game::apply_unchecked`](crate::engine::Game::apply_unchecked) with an unlisted action).
    pub(crate) fn unexpected(&self, action: Action) -> Error {
        Error::IllegalAction {
            action: action.to_string(),
            rule: self
                .decision()
                .map_or(crate::engine::Rule("2.2"), |d| d.kind.rule()),
        }
    }

    /// Takes automatic steps until a player must decide or the game is over; `host` gives
    /// the titles of the deck in play for the cards revealed.
    pub(crate) fn advance(
        &mut self,
        host: Option<&dyn EventHost>,
        log: &mut Log,
    ) -> Result<(), Error> {
        while !self.over && self.pending_refill().is_none() {
            if self.stack.is_empty() {
                self.reveal_next_card(host, log)?;
                continue;
            }
            if self.frame_decision().is_some() {
                return Ok(());
            }
            if let Some(frame) = self.stack.pop() {
                self.step(frame, log)?;
            }
        }
        Ok(())
    }

    /// One automatic step of a frame that owes no decision.
    fn step(&mut self, frame: Frame, log: &mut Log) -> Result<(), Error> {
        match frame {
            Frame::EventCard { number, eligible } => {
                let order = self.options.deck.order(number);
                let next = order
                    .into_iter()
                    .find(|&p| eligible[p] && self.eligibility(p) == PlayOrderBox::Eligible);
                match next {
                    Some(player) => {
                        self.stack.push(Frame::EventCard { number, eligible });
                        self.stack.push(Frame::FactionTurn {
                            player,
                            option: None,
                            command_done: false,
                            decree_done: false,
                            free: false,
                        });
                    }
                    None => self.adjust_eligibility(log),
                }
            }
            Frame::Command(command) => self.command_step(*command, log)?,
            Frame::Decree(decree) => self.decree_step(*decree, log)?,
            Frame::Combat(combat) => self.combat_step(*combat, log)?,
            Frame::MongolInvasion { operator, .. } => {
                // §2.4.2, OQ-25: the Gift needs Influence ≥ 1.
                if self.influence(operator).unwrap_or(0) >= 1 {
                    self.stack.push(Frame::Gift { operator });
                }
            }
            Frame::Succession { card, step } => self.succession_step(card, step, log)?,
            Frame::Timur { step } => self.timur_step(step, log)?,
            Frame::Granted(Granted::Command(kind, scope)) => {
                if self.command_is_possible(kind, &scope) {
                    self.begin_command(kind, scope, log)?;
                } else {
                    log.say(|| {
                        format!(
                            "The granted {} is not possible: nothing happens (§2.3.4)",
                            kind.name()
                        )
                    });
                }
            }
            Frame::Granted(Granted::Decree(player, kind, limits)) => {
                self.begin_decree(player, kind, limits, log)?
            }
            Frame::Granted(Granted::Lasting(effect)) => {
                self.add_lasting(effect);
                log.say(|| {
                    format!(
                        "Lasting effect {} until the next Succession card",
                        effect.id()
                    )
                });
            }
            // A turn, a cavalry gain or a purchase with nothing left to do is over.
            Frame::FactionTurn { .. }
            | Frame::TakeCavalry { .. }
            | Frame::Gift { .. }
            | Frame::SuccessionCampaign
            | Frame::Lords { .. }
            | Frame::Transfer { .. }
            | Frame::Event { .. } => {}
        }
        Ok(())
    }

    /// Reveals the next card and starts it (§2.2).
    fn reveal_next_card(
        &mut self,
        host: Option<&dyn EventHost>,
        log: &mut Log,
    ) -> Result<(), Error> {
        let Some(card) = self.deck.draw() else {
            // The second Timurid card always ends the game first (§2.2), so this is unreachable
            // in a valid state; ending is the only safe answer.
            self.over = true;
            return Ok(());
        };
        self.announce_card(host, log);
        match card {
            Card::Event(number) => {
                let eligible =
                    PerPlayer::from_fn(|p| self.eligibility(p) == PlayOrderBox::Eligible);
                self.stack.push(Frame::EventCard { number, eligible });
            }
            Card::MongolInvasion(number) => {
                let operator = self.options.deck.operator(number);
                self.stack.push(Frame::MongolInvasion {
                    operator,
                    commands_done: 0,
                });
            }
            Card::Succession(card) => {
                self.lasting.clear();
                self.stack.push(Frame::Succession { card, step: 1 });
            }
            Card::Timurid(_) => {
                let seen = self
                    .deck
                    .played()
                    .iter()
                    .filter(|c| matches!(c, Card::Timurid(_)))
                    .count();
                if seen == 1 {
                    // §2.6: ⌊available / 2⌋ Mongols to Mountain Passes, no cascade, no cap.
                    let n = self.available().mongols / 2;
                    self.place(SpaceId::MountainPasses, super::Piece::Mongol, n)?;
                    log.say(|| {
                        format!(
                            "Timur gathers: {} enter the Mountain Passes (§2.6)",
                            words::pieces(n, PieceKind::Mongol)
                        )
                    });
                } else {
                    log.say(|| "Timur invades Delhi (§2.6)".to_owned());
                    self.stack.push(Frame::Timur { step: 1 });
                }
            }
        }
        Ok(())
    }

    /// The lines that announce the card revealed last (§2.2): its number in the deck and its
    /// name, then an Event card's title and faction order, or the faction a Mongol Invasion
    /// card names as the Mongols' operator (§2.4).
    pub(crate) fn announce_card(&self, host: Option<&dyn EventHost>, log: &mut Log) {
        let Some(card) = self.deck.current() else {
            return;
        };
        log.say(|| format!("— Card {}: {card} —", self.deck.played().len()));
        match card {
            Card::Event(number) => {
                // The title of the deck in play: the host's own cards, or the default deck's.
                let order = order_text(self.options.deck.order(number));
                match self.card_text(number, host) {
                    Some(info) => log.say(|| format!("{} (order {order})", info.title)),
                    None => log.say(|| format!("Order {order}")),
                }
            }
            Card::MongolInvasion(number) => {
                let operator = self.options.deck.operator(number);
                log.say(|| format!("{} operates MI (§2.4)", operator.abbreviation()));
            }
            Card::Succession(_) | Card::Timurid(_) => {}
        }
    }

    /// A faction takes an option (§2.3.3) and moves its cylinder.
    fn take_option(&mut self, player: Player, option: TurnOption, log: &mut Log) {
        self.eligibility[player] = box_of(option);
        if option == TurnOption::Pass {
            let gained = self.gain_resources(player, pass_income(player));
            log.say(|| {
                format!(
                    "{} passes: +{}",
                    player.abbreviation(),
                    words::resources(gained)
                )
            });
            return;
        }
        log.say(|| {
            format!(
                "{} takes {}",
                player.abbreviation(),
                Action::Option(option)
                    .to_string()
                    .trim_start_matches("option ")
            )
        });
        self.stack.push(Frame::FactionTurn {
            player,
            option: Some(option),
            command_done: false,
            decree_done: false,
            free: false,
        });
    }

    /// Adjusts eligibility after an Event card (§2.3.7).
    fn adjust_eligibility(&mut self, log: &mut Log) {
        for player in Player::ALL {
            self.eligibility[player] = match self.eligibility[player] {
                PlayOrderBox::CommandAndDecree => PlayOrderBox::Ineligible,
                PlayOrderBox::EventOrCommand if !self.stay_eligible[player] => {
                    PlayOrderBox::Ineligible
                }
                _ => PlayOrderBox::Eligible,
            };
            self.stay_eligible[player] = false;
        }
        log.say(|| {
            let ineligible: Vec<&str> = Player::ALL
                .into_iter()
                .filter(|&p| self.eligibility[p] == PlayOrderBox::Ineligible)
                .map(|p| p.faction().abbreviation())
                .collect();
            if ineligible.is_empty() {
                "Everyone is eligible for the next card".to_owned()
            } else {
                format!("Ineligible for the next card: {}", ineligible.join(", "))
            }
        });
    }

    /// The next step of a Succession card (§2.5).
    fn succession_step(
        &mut self,
        card: SuccessionCard,
        step: u8,
        log: &mut Log,
    ) -> Result<(), Error> {
        let next = |state: &mut State| {
            state.stack.push(Frame::Succession {
                card,
                step: step + 1,
            })
        };
        match (card, step) {
            (SuccessionCard::ZenithOfTheSultanate, 1) => {
                self.dynasty = Dynasty::Tughlaq;
                log.say(|| "Power struggle in Delhi: the Tughlaq dynasty rules; Rebel is now legal (§2.5.1)".to_owned());
                next(self);
            }
            (SuccessionCard::RiseOfTheRebelSultans, 1)
            | (SuccessionCard::ZenithOfTheSultanate, 2) => {
                next(self);
                self.stack.push(Frame::SuccessionCampaign);
            }
            (SuccessionCard::ZenithOfTheSultanate, 3) => {
                next(self);
                let bahmani = Player::Bahmani;
                let n = self.influence(bahmani).unwrap_or(0) + self.on_map(PieceKind::Fort);
                log.say(|| {
                    format!(
                        "Military labour market booms: BK gains {}",
                        words::cavalry_tokens(n)
                    )
                });
                self.gain_cavalry(bahmani, n, log);
            }
            (SuccessionCard::ZenithOfTheSultanate, 4) => {
                let vn = Player::Vijayanagara;
                let n = self.influence(vn).unwrap_or(0) + self.on_map(PieceKind::Temple);
                let gained = self.gain_resources(vn, n);
                log.say(|| format!("New temple towns: VN gains {}", words::resources(gained)));
            }
            (SuccessionCard::RiseOfTheRebelSultans, 2 | 4) => {
                let player = if step == 2 {
                    Player::Bahmani
                } else {
                    Player::Vijayanagara
                };
                next(self);
                log.say(|| {
                    format!(
                        "{} carries out a free Limited Command (§2.5.2)",
                        player.abbreviation()
                    )
                });
                self.stack.push(Frame::FactionTurn {
                    player,
                    option: Some(TurnOption::LimitedCommand),
                    command_done: false,
                    decree_done: false,
                    free: true,
                });
            }
            (SuccessionCard::RiseOfTheRebelSultans, 3 | 5) => {
                let player = if step == 3 {
                    Player::Bahmani
                } else {
                    Player::Vijayanagara
                };
                if step == 3 {
                    next(self);
                }
                let x: u8 = self
                    .controlled_by(player)
                    .map(|s| self.map().prosperity(s))
                    .sum();
                let resources = if self.options.succession_caps_resources {
                    x.min(3)
                } else {
                    x
                };
                let gained = self.gain_resources(player, resources);
                log.say(|| {
                    format!(
                        "{} gains {} and {} (§2.5.2)",
                        player.abbreviation(),
                        words::resources(gained),
                        words::cavalry_tokens(x.min(3))
                    )
                });
                self.gain_cavalry(player, x.min(3), log);
            }
            (SuccessionCard::LordsOfTheDeccan, 1..=3) => {
                let player = Player::ALL[usize::from(step - 1)];
                if step < 3 {
                    next(self);
                }
                self.stack.push(Frame::Lords { player, bought: 0 });
            }
            _ => {}
        }
        Ok(())
    }

    /// The next step of Timur's Invasion of Delhi (§2.6, OQ-30).
    fn timur_step(&mut self, step: u8, log: &mut Log) -> Result<(), Error> {
        let both_there = |state: &State, space: SpaceId| {
            state.space(space).mongols > 0 && state.space(space).pieces_of(Faction::Sultanate) > 0
        };
        match step {
            1 | 3 => {
                let space = if step == 1 {
                    SpaceId::MountainPasses
                } else {
                    SpaceId::Punjab
                };
                self.stack.push(Frame::Timur { step: step + 1 });
                if both_there(self, space) {
                    self.begin_mongol_combat(space, log);
                }
            }
            2 | 4 => {
                let (from, to) = if step == 2 {
                    (SpaceId::MountainPasses, SpaceId::Punjab)
                } else {
                    (SpaceId::Punjab, SpaceId::Delhi)
                };
                // All Mongols and all DS units move on; structures stay (OQ-30).
                let pieces = *self.space(from);
                for (piece, n) in [
                    (super::Piece::Mongol, pieces.mongols),
                    (super::Piece::Troop, pieces.troops),
                    (super::Piece::Governor, pieces.governors),
                ] {
                    if n > 0 {
                        self.move_units(from, to, piece, n)?;
                    }
                }
                log.say(|| {
                    let mut moving = vec![words::pieces(pieces.mongols, PieceKind::Mongol)];
                    for (kind, n) in [
                        (PieceKind::Troop, pieces.troops),
                        (PieceKind::Governor, pieces.governors),
                    ] {
                        if n > 0 {
                            moving.push(format!("DS's {}", words::pieces(n, kind)));
                        }
                    }
                    format!(
                        "{} move on from {from} to {to} (§2.6)",
                        moving.join(" and ")
                    )
                });
                self.stack.push(Frame::Timur { step: step + 1 });
            }
            5 => {
                let delhi = self.space(SpaceId::Delhi);
                if delhi.mongols > 0 && delhi.units_of(Faction::Sultanate) > 0 {
                    self.stack.push(Frame::Timur { step: 5 });
                    self.begin_mongol_combat(SpaceId::Delhi, log);
                } else {
                    self.stack.push(Frame::Timur { step: 6 });
                }
            }
            _ => {
                let mongols = self.space(SpaceId::Delhi).mongols;
                let lost = self.lose_resources(Player::Sultanate, mongols);
                log.say(|| {
                    format!(
                        "{} in Delhi: DS loses {} (§2.6)",
                        words::pieces(mongols, PieceKind::Mongol),
                        words::resources(lost)
                    )
                });
                self.over = true;
                if log.is_recording() {
                    for line in self.final_report() {
                        log.say(|| line);
                    }
                }
            }
        }
        Ok(())
    }

    /// Gains `n` cavalry tokens: from the pool, then the shortfall from other holders of the
    /// gainer's choice (§1.10, OQ-19); what no one holds is lost.
    pub(crate) fn gain_cavalry(&mut self, player: Player, n: u8, log: &mut Log) {
        let from_pool = self.gain_cavalry_from_pool(player, n);
        if from_pool > 0 {
            log.say(|| {
                format!(
                    "{} takes {} from the pool",
                    player.abbreviation(),
                    words::cavalry_tokens(from_pool)
                )
            });
        }
        let others: u8 = Player::ALL
            .iter()
            .filter(|&&p| p != player)
            .map(|&p| self.cavalry(p))
            .sum();
        let remaining = (n - from_pool).min(others);
        if remaining > 0 {
            self.stack.push(Frame::TakeCavalry {
                gainer: player,
                remaining,
            });
        }
    }
}

/// "D B V" for a card's faction order.
fn order_text(order: [Player; 3]) -> String {
    order.map(|p| &p.faction().abbreviation()[..1]).join(" ")
}
