//! The invariants of R-3 and §S (I1–I9), checked on every restored snapshot and after every
//! step of the random-simulation tests, and the invariants of the sequence of play: every
//! frame of the play stack where, and as, the rules put it (§2.2–§2.7, §3, §4), and a
//! decision waiting unless the game is over, each of whose listed actions applies.
//!
//! A snapshot is text anyone can edit, so loading one checks everything a state reached by
//! play satisfies: a state that passes can be played on by the rules, and every state the
//! rules reach from it passes again.

use super::action::{CommandKind, DecreeKind, TurnOption};
use super::combat::{Combat, CombatStep};
use super::command::{CommandScope, CommandState, Step, unit_pieces};
use super::deck::SUCCESSION_POSITIONS;
use super::decree::{DecreeGrant, DecreeState, DecreeStep};
use super::event::{EventHost, EventProgress};
use super::influence::{MAX_INFLUENCE, SLOT_SIZE, slot_levels, slot_piece};
use super::sequence::{Frame, Granted};
use super::state::{CAVALRY_TOKENS, MAX_RESOURCES};
use super::{
    Action, Card, Dynasty, Error, Faction, LastingEffects, Log, PieceKind, PlayOrderBox, Player,
    SpaceId, SpaceSet, State, SuccessionCard,
};
use crate::engine::{Rule, Snapshot, Violation};

/// A broken invariant inside the checks, before it becomes a [`Violation`].
type Broken = (Rule, String);

fn broken<T>(rule: &'static str, reason: String) -> Result<T, Broken> {
    Err((Rule(rule), reason))
}

/// Pieces removed in one battle: each side loses at most what the other's dice hit (C-2, C-6).
const MAX_ATTACKER_DICE: u8 = 4;
/// The defender always rolls 2 dice (C-2).
const DEFENDER_DICE: u8 = 2;
/// Lords of the Deccan: at most 3 shifts per faction (§2.5.3).
const LORDS_MAX_SHIFTS: u8 = 3;
/// Migrate moves at most 3 units (§3.3.2, §3.4.2).
const MIGRATE_MAX: u8 = 3;
/// Govern removes at most 2 Obedient units (§3.2.3).
const GOVERN_MAX_REMOVALS: u8 = 2;
/// Compel brings at most 2 Rajas (§4.4.3).
const COMPEL_MAX: u8 = 2;
/// Conspire targets at most 2 Provinces (§4.3.3).
const CONSPIRE_MAX: usize = 2;
/// A Campaign takes at most 3 steps (§4.2.2).
const CAMPAIGN_MAX_STEPS: usize = 3;
/// Plunder in Delhi removes 2 Troops, per Mongol under the OQ-44(b) option: 2 × 12 at most.
const PLUNDER_MAX_TROOPS: u8 = 24;
/// Support from adjacent spaces: at most 2 per structure space, 6 neighbours (OQ-34).
const MAX_SUPPORT: usize = 12;

impl State {
    /// Checks the invariants of the pieces and tracks (R-3, I1–I9); the first one broken is
    /// returned with its rule. They hold whatever the validated primitives do; a restored
    /// snapshot is checked further ([`Snapshot::validate`]): the play stack, and that play can
    /// go on.
    ///
    /// ```
    /// use darbar::vijayanagara::State;
    ///
    /// assert_eq!(State::new(5).check_invariants(), Ok(()));
    /// ```
    pub fn check_invariants(&self) -> Result<(), Violation> {
        Ok(self.check_board()?)
    }

    /// The invariants of the pieces and tracks.
    fn check_board(&self) -> Result<(), Broken> {
        // The deck comes first: the play-order check reads its layout.
        self.deck.validate()?;
        // The tracks and counts before the sums of the conservation check, which they bound.
        self.check_tracks()?;
        self.check_counts()?;
        self.check_conservation()?;
        self.check_spaces()?;
        self.check_play_order()
    }

    /// Every invariant of a state reached by play, the lookahead of [`State::check_live`]
    /// aside: those of the board, and every frame of the play stack where and as the rules put
    /// it, with its counters in range and the current card named (§2.2–§2.7, §3, §4).
    fn check_structure(&self) -> Result<(), Broken> {
        self.check_board()?;
        self.check_sequence()
    }

    /// Every count on the map at most the §1.2 total of its kind (R-3), before anything adds
    /// counts up.
    fn check_counts(&self) -> Result<(), Broken> {
        for space in SpaceId::ALL {
            let p = self.space(space);
            for (kind, n) in [
                (PieceKind::Troop, p.troops),
                (PieceKind::Governor, p.governors),
                (PieceKind::Amir, p.amirs.obedient),
                (PieceKind::Amir, p.amirs.rebelling),
                (PieceKind::Raja, p.rajas.obedient),
                (PieceKind::Raja, p.rajas.rebelling),
                (PieceKind::Mongol, p.mongols),
            ] {
                if n > kind.total() {
                    return broken(
                        "R-3",
                        format!(
                            "{n} {} in {space}, but the game has {}",
                            kind.name(2),
                            kind.total()
                        ),
                    );
                }
            }
        }
        for player in Player::ALL {
            if self.cavalry[player] > CAVALRY_TOKENS {
                return broken(
                    "1.10",
                    format!("{player} holds {} cavalry tokens", self.cavalry[player]),
                );
            }
        }
        if let Some(&die) = self.forced_dice.iter().find(|d| !(1..=6).contains(*d)) {
            return broken("3.X", format!("a die set to roll {die}"));
        }
        Ok(())
    }

    /// I1 (R-3): on the map + available + on the Influence tracks = the §1.2 total, per kind.
    /// I2: the cavalry held never exceeds the 10 tokens in play.
    fn check_conservation(&self) -> Result<(), Broken> {
        for kind in PieceKind::ALL {
            let on_tracks: u16 = Player::ALL
                .into_iter()
                .filter(|&p| slot_piece(p) == Some(kind))
                .filter_map(|p| self.influence_track(p))
                .map(|t| t.slots.iter().map(|&n| u16::from(n)).sum::<u16>())
                .sum();
            let on_map: u16 = SpaceId::ALL
                .iter()
                .map(|&s| u16::from(self.space(s).count(kind)))
                .sum();
            let counted = on_map + u16::from(self.available.get(kind)) + on_tracks;
            if counted != u16::from(kind.total()) {
                return Err((
                    Rule("R-3"),
                    format!(
                        "{counted} {} counted, but the game has {}",
                        kind.name(2),
                        kind.total()
                    ),
                ));
            }
        }
        let held: u16 = Player::ALL
            .iter()
            .map(|&p| u16::from(self.cavalry[p]))
            .sum();
        if held > u16::from(CAVALRY_TOKENS) {
            return Err((
                Rule("1.10"),
                format!("{held} cavalry tokens held, but only 10 exist"),
            ));
        }
        Ok(())
    }

    /// I3 (entry table §1.3), I4 (stacking §1.4(e): by construction), Tributary markers only on
    /// Provinces (§1.6), and I6 (R1/R2, §1.4(c)).
    fn check_spaces(&self) -> Result<(), Broken> {
        for space in SpaceId::ALL {
            let pieces = self.space(space);
            for kind in PieceKind::ALL {
                if pieces.count(kind) > 0 && !space.kind().admits(kind.owner()) {
                    return Err((Rule("1.3"), format!("a {kind} stands in {space}")));
                }
            }
            if self.is_tributary(space) && !space.is_province() {
                return Err((Rule("1.6"), format!("{space} carries a Tributary marker")));
            }
            if !self.rebellion_invariants_hold(space) {
                return Err((
                    Rule("1.4(c)"),
                    format!("Obedient units of the controlling faction in {space} (R1/R2)"),
                ));
            }
        }
        Ok(())
    }

    /// I7 (Resources 0..=24, Influence 0..=4) and I8 (slots empty at or below the marker, never
    /// over-full; a slot above the marker with fewer than 2 pieces is a refill in progress).
    fn check_tracks(&self) -> Result<(), Broken> {
        for player in Player::ALL {
            if self.resources[player] > MAX_RESOURCES {
                return Err((
                    Rule("1.8"),
                    format!("{player} has {} Resources", self.resources[player]),
                ));
            }
            let Some(track) = self.influence_track(player) else {
                continue;
            };
            if track.level > MAX_INFLUENCE {
                return Err((
                    Rule("1.9"),
                    format!("{player} Influence is {}", track.level),
                ));
            }
            for level in 1..=MAX_INFLUENCE {
                let held = track.slots[usize::from(level - 1)];
                let has_slot = slot_levels(player).contains(&level);
                let too_many = if !has_slot || track.level >= level {
                    0
                } else {
                    SLOT_SIZE
                };
                if held > too_many {
                    return Err((
                        Rule("1.9"),
                        format!(
                            "{player}'s track holds {held} pieces at level {level} with the \
                             marker at {}",
                            track.level
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Each branch box holds at most one cylinder (§2.3.3); outside an Event card every
    /// cylinder is Eligible or Ineligible (I9); a flipped cylinder (Stay Eligible) is in the
    /// Event or Command box of a card that says so (§2.3.4); and the Dynasty agrees with the
    /// Succession cards revealed (§2.7): Khalji before Zenith, Tughlaq once it is revealed.
    fn check_play_order(&self) -> Result<(), Broken> {
        let on_event_card = self
            .stack
            .iter()
            .any(|f| matches!(f, Frame::EventCard { .. }));
        if !on_event_card {
            for player in Player::ALL {
                let b = self.eligibility[player];
                if !matches!(b, PlayOrderBox::Eligible | PlayOrderBox::Ineligible) {
                    return Err((
                        Rule("2.3.7"),
                        format!("{player} is in the {b} box between Event cards"),
                    ));
                }
            }
        }
        for branch in [PlayOrderBox::CommandAndDecree, PlayOrderBox::EventOrCommand] {
            let taken = Player::ALL
                .iter()
                .filter(|&&p| self.eligibility[p] == branch)
                .count();
            if taken > 1 {
                return Err((
                    Rule("2.3.3"),
                    format!("{taken} factions in the {branch} box"),
                ));
            }
        }
        let stay_card = self
            .current_event()
            .is_some_and(|n| self.options.deck.stay_eligible(n));
        for player in Player::ALL {
            if self.stay_eligible[player]
                && !(self.options.events
                    && stay_card
                    && self.eligibility[player] == PlayOrderBox::EventOrCommand)
            {
                return broken(
                    "2.3.4",
                    format!("{player} stays eligible without carrying out a Stay Eligible Event"),
                );
            }
        }
        let revealed = self.deck.played().len();
        let zenith = SUCCESSION_POSITIONS[0];
        if revealed <= zenith && self.dynasty != Dynasty::Khalji {
            return Err((
                Rule("2.7"),
                "Tughlaq rules before Zenith is revealed".into(),
            ));
        }
        // Zenith's first step turns the Dynasty card at once, before anyone decides.
        if revealed > zenith && self.dynasty != Dynasty::Tughlaq {
            return Err((
                Rule("2.5.1"),
                "Khalji still rules after Zenith was revealed".into(),
            ));
        }
        Ok(())
    }

    // ----- the sequence of play -------------------------------------------------------------

    /// The deck's progress, the end of the game, lasting effects, and every frame of the play
    /// stack (§2.2–§2.7).
    fn check_sequence(&self) -> Result<(), Broken> {
        let played = self.deck.played();
        let Some(card) = self.deck.current() else {
            return broken("2.2", "no card has been revealed".into());
        };
        let timurids: Vec<usize> = played
            .iter()
            .enumerate()
            .filter(|(_, c)| matches!(c, Card::Timurid(_)))
            .map(|(i, _)| i)
            .collect();
        let timur = timurids.len() == 2;
        if self.first_card_unannounced && played.len() != 1 {
            return broken(
                "2.2",
                format!(
                    "the first card is still to be announced, but {} cards are revealed",
                    played.len()
                ),
            );
        }
        if timur && timurids[1] + 1 != played.len() {
            return broken(
                "2.2",
                "cards were revealed after the second Timurid card ended the game".into(),
            );
        }
        if self.over {
            if !timur {
                return broken(
                    "2.6",
                    "the game is over before the second Timurid card".into(),
                );
            }
            if !self.stack.is_empty() {
                return broken(
                    "2.2",
                    "the game is over, but a step of play is under way".into(),
                );
            }
            if let Some((player, level)) = self.pending_refill() {
                return broken(
                    "1.9",
                    format!("the game is over, but {player}'s slot at level {level} is owed"),
                );
            }
            return Ok(());
        }
        if timur && !matches!(self.stack.first(), Some(Frame::Timur { .. })) {
            return broken(
                "2.6",
                "the second Timurid card is revealed, but Timur's invasion is not under way".into(),
            );
        }
        let no_lasting = self.lasting == LastingEffects::default();
        if !no_lasting && !self.options.events {
            return broken(
                "deck C14",
                "a lasting effect of an event in a game without Event cards".into(),
            );
        }
        if !no_lasting && matches!(card, Card::Succession(_)) {
            return broken(
                "deck C14",
                "a lasting effect outlived the reveal of a Succession card".into(),
            );
        }
        // A gift under way stands on top of the decision point it was opened at (§1.5.2): the
        // frames beneath are checked as that decision point.
        let frames = match self.stack.split_last() {
            Some((
                &Frame::Transfer {
                    giver,
                    to,
                    resources,
                },
                rest,
            )) => {
                self.check_transfer(giver, to, resources)?;
                rest
            }
            _ => &self.stack[..],
        };
        if frames.is_empty() {
            // Only the Gift of Compromise ends a card with a refill owed (§2.4.2, §1.9); any
            // other card's frames stay until it is resolved, and then the next is revealed.
            if self.pending_refill().is_none() || !matches!(card, Card::MongolInvasion(_)) {
                return broken(
                    "2.2",
                    format!("no step of play is under way on {card}, and the game is not over"),
                );
            }
            return Ok(());
        }
        for (i, frame) in frames.iter().enumerate() {
            let parent = i.checked_sub(1).map(|j| &frames[j]);
            let child = frames.get(i + 1);
            self.check_frame(card, parent, frame, child)?;
        }
        Ok(())
    }

    /// A gift under way (§1.5.2, OQ-11): opened by `give…` where the decision beneath offers
    /// it to the giver, to another player faction, for no more than the giver holds, and at
    /// the step its answers so far lead to (no Resources held: none asked for; no cavalry
    /// tokens held: made at once with the Resources).
    fn check_transfer(
        &self,
        giver: Player,
        to: Option<Player>,
        resources: Option<u8>,
    ) -> Result<(), Broken> {
        let mut beneath = self.clone();
        beneath.stack.pop();
        let offered = beneath
            .decision()
            .is_some_and(|d| d.player == giver && d.choices.contains(&Action::Give));
        if !offered {
            return broken(
                "1.5.2",
                format!("{giver} is making a gift where no gift of {giver}'s is offered"),
            );
        }
        if to == Some(giver) {
            return broken("1.5.2", format!("{giver} is making a gift to itself"));
        }
        let (held, tokens) = (self.resources(giver), self.cavalry(giver));
        match (to, resources) {
            (None, Some(_)) => broken(
                "1.5.2",
                "a gift's Resources are counted before its receiver is chosen".into(),
            ),
            (Some(_), None) if held == 0 => broken(
                "1.5.2",
                format!("{giver} is asked how many Resources to give, holding none"),
            ),
            (Some(_), Some(n)) if n > held => broken(
                "1.5.2",
                format!("{giver} is giving {n} Resources, holding {held}"),
            ),
            (Some(_), Some(_)) if tokens == 0 => broken(
                "1.5.2",
                format!("{giver} is asked how many cavalry tokens to give, holding none"),
            ),
            _ => Ok(()),
        }
    }

    /// One frame: its fields, and that the frame beneath it (`parent`, `None` at the bottom)
    /// is where the rules start such a frame.
    fn check_frame(
        &self,
        card: Card,
        parent: Option<&Frame>,
        frame: &Frame,
        child: Option<&Frame>,
    ) -> Result<(), Broken> {
        let events = self.options.events;
        match frame {
            Frame::EventCard { number, eligible } => {
                if parent.is_some() || card != Card::Event(*number) {
                    return broken(
                        "2.3",
                        format!("Event card {number} is under way, but {card} is the current card"),
                    );
                }
                self.check_event_card(*number, eligible, child)
            }
            &Frame::FactionTurn {
                player,
                option,
                command_done,
                decree_done,
                free,
            } => {
                let turn = TurnFields {
                    player,
                    option,
                    command_done,
                    decree_done,
                    free,
                };
                self.check_faction_turn(card, parent, turn, child)
            }
            Frame::Command(cmd) => {
                self.check_command_place(parent, cmd)?;
                self.check_command(cmd, child)
            }
            Frame::Decree(decree) => {
                self.check_decree_place(parent, decree)?;
                self.check_decree(decree)
            }
            Frame::Combat(combat) => self.check_combat(parent, combat, child),
            &Frame::TakeCavalry { gainer, remaining } => {
                self.check_take_cavalry(card, parent, gainer, remaining, child)
            }
            &Frame::MongolInvasion {
                operator,
                commands_done,
            } => {
                let named = matches!(card, Card::MongolInvasion(m)
                    if self.options.deck.operator(m) == operator);
                if parent.is_some() || !named {
                    return broken(
                        "2.4",
                        format!("{operator} operates the Mongols, but {card} is the current card"),
                    );
                }
                if commands_done > 2 || (child.is_some() && commands_done == 0) {
                    return broken(
                        "2.4.1",
                        format!("{commands_done} Mongol commands carried out of 2"),
                    );
                }
                Ok(())
            }
            &Frame::Gift { operator } => {
                let named = matches!(card, Card::MongolInvasion(m)
                    if self.options.deck.operator(m) == operator);
                if parent.is_some() || !named {
                    return broken(
                        "2.4.2",
                        format!("{operator} is offered the Gift, but {card} is the current card"),
                    );
                }
                if self.influence(operator).unwrap_or(0) == 0 {
                    return broken(
                        "OQ-25",
                        format!("{operator} is offered the Gift with Influence 0"),
                    );
                }
                no_child(frame_name(frame), child)
            }
            &Frame::Succession {
                card: succession,
                step,
            } => {
                if parent.is_some() || card != Card::Succession(succession) {
                    return broken(
                        "2.5",
                        format!(
                            "{} is under way, but {card} is the current card",
                            succession.title()
                        ),
                    );
                }
                // The steps that wait for something above them; the others run at once.
                let waits = matches!(
                    (succession, step),
                    (SuccessionCard::ZenithOfTheSultanate, 3..=4)
                        | (SuccessionCard::RiseOfTheRebelSultans, 2..=5)
                        | (SuccessionCard::LordsOfTheDeccan, 2..=3)
                );
                if !waits {
                    return broken(
                        "2.5",
                        format!(
                            "{} is at step {step}, where nothing waits",
                            succession.title()
                        ),
                    );
                }
                Ok(())
            }
            Frame::SuccessionCampaign => {
                if !is_campaign_step(parent) {
                    return broken(
                        "2.5.1",
                        "the Succession Campaign is offered outside its Succession step".into(),
                    );
                }
                no_child(frame_name(frame), child)
            }
            &Frame::Lords { player, bought } => {
                let expected = match parent {
                    Some(Frame::Succession {
                        card: SuccessionCard::LordsOfTheDeccan,
                        step: 2,
                    }) => Some(Player::Sultanate),
                    Some(Frame::Succession {
                        card: SuccessionCard::LordsOfTheDeccan,
                        step: 3,
                    }) => Some(Player::Bahmani),
                    None if card == Card::Succession(SuccessionCard::LordsOfTheDeccan) => {
                        Some(Player::Vijayanagara)
                    }
                    _ => None,
                };
                if expected != Some(player) {
                    return broken(
                        "2.5.3",
                        format!("{player} buys Influence shifts out of the DS, BK, VN order"),
                    );
                }
                if bought > LORDS_MAX_SHIFTS {
                    return broken(
                        "2.5.3",
                        format!("{player} has bought {bought} Influence shifts, at most 3"),
                    );
                }
                no_child(frame_name(frame), child)
            }
            Frame::Event { run, chooser, .. } => {
                let executor_turn = matches!(parent, Some(&Frame::FactionTurn {
                    player,
                    option: Some(TurnOption::EventOrCommand),
                    command_done: true,
                    ..
                }) if player == run.executor);
                if !events || card != Card::Event(run.card) || !executor_turn {
                    return broken(
                        "2.3.4",
                        format!(
                            "{chooser} chooses in Event {}, which {} is not carrying out on {card}",
                            run.card, run.executor
                        ),
                    );
                }
                no_child(frame_name(frame), child)
            }
            Frame::Granted(granted) => {
                if !events || !is_event_turn(parent) {
                    return broken(
                        "3.1.3",
                        "an event's grant waits outside the turn of the event".into(),
                    );
                }
                match granted {
                    Granted::Command(kind, scope) => {
                        if !is_event_scope(scope) || !CommandKind::of(scope.faction).contains(kind)
                        {
                            return broken(
                                "3.1.3",
                                format!(
                                    "an event grants {} {} as it cannot",
                                    scope.faction,
                                    kind.name()
                                ),
                            );
                        }
                    }
                    Granted::Decree(player, kind, grant) => {
                        if !matches!(grant, DecreeGrant::Event { .. })
                            || !DecreeKind::of(*player).contains(kind)
                        {
                            return broken(
                                "3.1.3",
                                format!(
                                    "an event grants {player} the {} Decree as it cannot",
                                    kind.name()
                                ),
                            );
                        }
                    }
                    Granted::Lasting(_) => {}
                }
                Ok(())
            }
            Frame::Transfer { .. } => broken(
                "1.5.2",
                format!(
                    "a gift under way stands beneath a {}: a gift is the innermost step",
                    child.map_or("frame", frame_name)
                ),
            ),
            &Frame::Timur { step } => {
                // The second Timurid card is the one revealed last (§2.2, §2.6).
                let second = self
                    .deck
                    .played()
                    .iter()
                    .filter(|c| matches!(c, Card::Timurid(_)))
                    .count()
                    == 2;
                if parent.is_some() || !matches!(card, Card::Timurid(_)) || !second {
                    return broken(
                        "2.6",
                        format!(
                            "Timur invades Delhi with {card} the current card, and {} Timurid \
                             cards revealed",
                            if second { "both" } else { "not both" }
                        ),
                    );
                }
                if !matches!(step, 2 | 4 | 5) {
                    return broken(
                        "2.6",
                        format!("Timur's invasion is at step {step}, where nothing waits"),
                    );
                }
                Ok(())
            }
        }
    }

    /// The factions eligible at the reveal act one at a time in the card's order, and only
    /// they leave their boxes (§2.3.1, §2.3.2); the turn under way is the next one's.
    fn check_event_card(
        &self,
        number: u8,
        eligible: &super::PerPlayer<bool>,
        child: Option<&Frame>,
    ) -> Result<(), Broken> {
        for player in Player::ALL {
            let b = self.eligibility[player];
            if eligible[player] == (b == PlayOrderBox::Ineligible) {
                return broken(
                    "2.3.1",
                    format!(
                        "{player} is in the {b} box, but was {}eligible when Event {number} was \
                         revealed",
                        if eligible[player] { "" } else { "not " }
                    ),
                );
            }
        }
        let order: Vec<Player> = self
            .options
            .deck
            .order(number)
            .into_iter()
            .filter(|&p| eligible[p])
            .collect();
        let acted = order
            .iter()
            .take_while(|&&p| self.eligibility[p] != PlayOrderBox::Eligible)
            .count();
        if order[acted..]
            .iter()
            .any(|&p| self.eligibility[p] != PlayOrderBox::Eligible)
        {
            return broken(
                "2.3.2",
                format!("the factions act out of Event {number}'s order"),
            );
        }
        // The turn's own check reports a turn whose cylinder does not match its option.
        if let Some(&Frame::FactionTurn {
            player,
            option,
            free: false,
            ..
        }) = child
            && self.eligibility[player] == option.map_or(PlayOrderBox::Eligible, box_of)
        {
            let expected = match option {
                None => order.get(acted),
                Some(_) => acted.checked_sub(1).and_then(|i| order.get(i)),
            };
            if expected != Some(&player) {
                return broken(
                    "2.3.2",
                    format!("{player}'s turn is under way out of Event {number}'s order"),
                );
            }
        }
        Ok(())
    }

    /// A faction's turn on an Event card, or a free Limited Command of Rise of the Rebel
    /// Sultans (§2.3.3, §2.5.2).
    fn check_faction_turn(
        &self,
        card: Card,
        parent: Option<&Frame>,
        turn: TurnFields,
        child: Option<&Frame>,
    ) -> Result<(), Broken> {
        let TurnFields {
            player,
            option,
            command_done,
            decree_done,
            free,
        } = turn;
        if free {
            let rise = |step| {
                matches!(parent, Some(&Frame::Succession {
                    card: SuccessionCard::RiseOfTheRebelSultans,
                    step: s,
                }) if s == step)
            };
            let at_its_step = match player {
                Player::Bahmani => rise(3),
                Player::Vijayanagara => rise(5),
                Player::Sultanate => false,
            };
            if !at_its_step || option != Some(TurnOption::LimitedCommand) || decree_done {
                return broken(
                    "2.5.2",
                    format!(
                        "{player} has a free Limited Command outside Rise of the Rebel Sultans"
                    ),
                );
            }
        } else {
            if !matches!(parent, Some(Frame::EventCard { .. })) {
                return broken(
                    "2.3.3",
                    format!("{player}'s turn is under way outside an Event card ({card})"),
                );
            }
            let b = self.eligibility[player];
            let in_box = match option {
                None => b == PlayOrderBox::Eligible,
                Some(TurnOption::Pass) => false,
                Some(o) => b == box_of(o),
            };
            if !in_box {
                return broken(
                    "2.3.3",
                    format!("{player} takes {option:?} with its cylinder in the {b} box"),
                );
            }
        }
        match option {
            None if command_done || decree_done || child.is_some() => {
                broken("2.3.3", format!("{player} acts before choosing an option"))
            }
            Some(o) if decree_done && o != TurnOption::CommandAndDecree => {
                broken("2.3.3", format!("{player} made a Decree on a {o:?} turn"))
            }
            _ => Ok(()),
        }
    }

    /// Where a Command starts: on its faction's turn with the option's scope, from an event's
    /// grant, or on a Mongol Invasion card.
    fn check_command_place(
        &self,
        parent: Option<&Frame>,
        cmd: &CommandState,
    ) -> Result<(), Broken> {
        let scope = &cmd.scope;
        let placed = match parent {
            Some(&Frame::FactionTurn {
                player,
                option: Some(option),
                command_done: true,
                free,
                ..
            }) => {
                let turn_scope = match (option, free) {
                    (TurnOption::LimitedCommand, true) => CommandScope::free_limited(player),
                    (TurnOption::LimitedCommand, false) => CommandScope::limited(player),
                    _ => CommandScope::full(player),
                };
                *scope == turn_scope
                    || (option == TurnOption::EventOrCommand
                        && self.options.events
                        && is_event_scope(scope))
            }
            Some(Frame::Granted(_)) => self.options.events && is_event_scope(scope),
            Some(&Frame::MongolInvasion {
                operator,
                commands_done: 1..=2,
            }) => *scope == CommandScope::mongol(operator),
            _ => false,
        };
        if !placed || !CommandKind::of(scope.faction).contains(&cmd.kind) {
            return broken(
                "3.1",
                format!(
                    "{} {} is under way where no rule starts it",
                    scope.faction,
                    cmd.kind.name()
                ),
            );
        }
        Ok(())
    }

    /// A Command's spaces, used pieces, support and step (§3.1–§3.5).
    fn check_command(&self, cmd: &CommandState, child: Option<&Frame>) -> Result<(), Broken> {
        let scope = &cmd.scope;
        let faction = scope.faction;
        let rule = super::command::rule_of(faction, cmd.kind);
        let bad = |reason: String| Err((rule, reason));
        let name = cmd.kind.name();
        let selected = cmd.selected;
        let too_many = (scope.limited && selected.len() > 1)
            || scope
                .max_spaces
                .is_some_and(|max| selected.len() > usize::from(max))
            || scope
                .only
                .is_some_and(|only| selected.iter().any(|s| !only.contains(s)));
        if too_many {
            return bad(format!("{name} selected spaces beyond its scope"));
        }
        for space in SpaceId::ALL {
            let used = &cmd.used[space.index()];
            let over = [
                (used.troops, PieceKind::Troop),
                (used.governors, PieceKind::Governor),
                (used.amirs.obedient, PieceKind::Amir),
                (used.amirs.rebelling, PieceKind::Amir),
                (used.rajas.obedient, PieceKind::Raja),
                (used.rajas.rebelling, PieceKind::Raja),
                (used.mongols, PieceKind::Mongol),
            ]
            .into_iter()
            .any(|(n, kind)| n > kind.total());
            if over
                || used.structure.is_some()
                || (used.amirs.total() > 18 || used.rajas.total() > 22)
            {
                return Err((
                    Rule("3.1.2"),
                    format!("{name} used pieces in {space} that the game does not have"),
                ));
            }
        }
        let in_selected = |space: SpaceId| selected.contains(space);
        let step_space = match cmd.step {
            Step::Select => None,
            Step::Conscript(s) => Some((s, cmd.kind == CommandKind::Conscript)),
            Step::Move { dest, moved } => {
                let moving = matches!(cmd.kind, CommandKind::March | CommandKind::Migrate);
                let limit = if cmd.kind == CommandKind::Migrate {
                    MIGRATE_MAX
                } else {
                    u8::MAX
                };
                if moved > limit || moved > self.space(dest).units_of(faction) {
                    return bad(format!("{name} moved {moved} units into {dest}"));
                }
                Some((dest, moving))
            }
            Step::MigrateShift(s) => Some((s, cmd.kind == CommandKind::Migrate)),
            Step::Govern {
                space,
                removed,
                qasbah,
            } => {
                let qasbah_ok =
                    !qasbah || self.space(space).structure == Some(super::Structure::Qasbah);
                if removed > GOVERN_MAX_REMOVALS || !qasbah_ok {
                    return bad(format!("Govern in {space} removed {removed} units"));
                }
                Some((space, cmd.kind == CommandKind::Govern))
            }
            Step::Rally(s) => Some((s, cmd.kind == CommandKind::Rally)),
            Step::Defender(s) => Some((s, cmd.kind == CommandKind::Attack)),
            Step::Support { space, defender } => Some((
                space,
                cmd.kind == CommandKind::Attack && defender != faction,
            )),
            Step::Advance(from) => {
                let leg = from.is_none_or(|s| {
                    matches!(s, SpaceId::MountainPasses | SpaceId::Punjab)
                        && self.space(s).mongols > 0
                });
                if cmd.kind != CommandKind::Advance || !leg || !selected.is_empty() {
                    return bad(format!("{name} is at an Advance step"));
                }
                None
            }
            Step::Plunder(s) => {
                if !matches!(child, Some(Frame::Combat(_))) {
                    return bad(format!(
                        "{name} waits to Plunder {s} with no battle under way"
                    ));
                }
                Some((s, cmd.kind == CommandKind::AttackAndPlunder))
            }
            Step::PlunderTroops { space, remaining } => {
                if remaining > PLUNDER_MAX_TROOPS {
                    return bad(format!("Plunder owes {remaining} Troops"));
                }
                Some((space, cmd.kind == CommandKind::AttackAndPlunder))
            }
            // A battle starts, and a finished Command ends, before anyone decides again.
            Step::Battle { .. } | Step::Finished => {
                return bad(format!("{name} waits at a step that runs at once"));
            }
        };
        if let Some((space, fits)) = step_space
            && (!fits || !in_selected(space))
        {
            return bad(format!(
                "{name} resolves {space} at a step that is not its own"
            ));
        }
        // Amass takes effect at once (§3.5.1); Advance has steps of its own (§3.5.2).
        if cmd.kind == CommandKind::Amass
            || matches!(cmd.kind, CommandKind::Advance) != matches!(cmd.step, Step::Advance(_))
        {
            return bad(format!("{name} is at another Command's step"));
        }
        match cmd.step {
            Step::Support { space, .. } => {
                let units: Vec<_> = unit_pieces(faction).collect();
                let sourced = cmd.support.len() <= MAX_SUPPORT
                    && cmd.support.iter().all(|&(from, piece)| {
                        units.contains(&piece) && self.map().adjacent(from, space)
                    });
                if !sourced {
                    return bad(format!("{name} in {space} has support it cannot have"));
                }
            }
            _ if !cmd.support.is_empty() => {
                return bad(format!("{name} holds support outside its support step"));
            }
            _ => {}
        }
        if child.is_some() {
            // Only a battle stands above a Command: after Attack's space, before Plunder.
            let waits = match cmd.step {
                Step::Select => cmd.kind == CommandKind::Attack,
                Step::Plunder(_) => true,
                _ => false,
            };
            if !waits || !matches!(child, Some(Frame::Combat(_))) {
                return bad(format!("{name} waits beneath something it does not start"));
            }
        }
        Ok(())
    }

    /// Where a Decree starts: the Command & Decree option, a Succession Campaign, or an event.
    fn check_decree_place(
        &self,
        parent: Option<&Frame>,
        decree: &DecreeState,
    ) -> Result<(), Broken> {
        let placed = match decree.grant {
            DecreeGrant::Turn => matches!(parent, Some(&Frame::FactionTurn {
                player,
                option: Some(TurnOption::CommandAndDecree),
                decree_done: true,
                ..
            }) if player == decree.player),
            DecreeGrant::Succession => {
                is_campaign_step(parent)
                    && decree.kind == DecreeKind::Campaign
                    && decree.player == Player::Sultanate
            }
            DecreeGrant::Event { .. } => self.options.events && is_event_turn(parent),
        };
        if !placed || !DecreeKind::of(decree.player).contains(&decree.kind) {
            return broken(
                "4.1",
                format!(
                    "{}'s {} Decree is under way where no rule starts it",
                    decree.player,
                    decree.kind.name()
                ),
            );
        }
        Ok(())
    }

    /// A Decree's targets and step (§4.2–§4.4).
    fn check_decree(&self, decree: &DecreeState) -> Result<(), Broken> {
        let rule = super::decree::rule_of(decree.kind);
        let name = decree.kind.name();
        let bad = |reason: String| Err((rule, reason));
        let chosen = decree.chosen;
        if chosen.iter().any(|s| !s.is_province()) {
            return bad(format!("{name} targets a space that is not a Province"));
        }
        if let DecreeGrant::Event {
            only, max_spaces, ..
        } = decree.grant
        {
            let outside = only.is_some_and(|only| chosen.iter().any(|s| !only.contains(s)));
            let beyond = max_spaces.is_some_and(|max| chosen.len() > usize::from(max));
            if (outside || beyond) && decree.kind != DecreeKind::Campaign {
                return bad(format!("{name} targets spaces beyond the event's limits"));
            }
        }
        let only_space = |space: SpaceId| chosen == std::iter::once(space).collect::<SpaceSet>();
        let fits = match (&decree.step, decree.kind) {
            // These take effect at once, with no frame.
            (_, DecreeKind::CollectTribute | DecreeKind::Trade | DecreeKind::Tax) => false,
            (DecreeStep::Select, DecreeKind::DemandObedience) => {
                chosen.iter().all(|s| self.is_tributary(s))
            }
            (DecreeStep::Select, DecreeKind::Build | DecreeKind::Compel) => chosen.is_empty(),
            (DecreeStep::Select, DecreeKind::Conspire) => chosen.len() <= CONSPIRE_MAX,
            (DecreeStep::ConspireReplace { space }, DecreeKind::Conspire) => {
                chosen.contains(*space) && chosen.len() <= CONSPIRE_MAX
            }
            (DecreeStep::ConspireState { space, forced }, DecreeKind::Conspire) => {
                chosen.contains(*space)
                    && chosen.len() <= CONSPIRE_MAX
                    && *forced != Some(super::Loyalty::Obedient)
            }
            (
                &DecreeStep::Compel {
                    space,
                    placed,
                    moved,
                    source,
                },
                DecreeKind::Compel,
            ) => {
                let source_ok = match source {
                    None => moved == 0,
                    Some(from) => {
                        moved > 0 && from.is_province() && self.map().adjacent(from, space)
                    }
                };
                only_space(space)
                    && placed <= COMPEL_MAX
                    && moved <= COMPEL_MAX - placed
                    && source_ok
            }
            (&DecreeStep::CompelRemoval { space, placed }, DecreeKind::Compel) => {
                only_space(space) && placed <= COMPEL_MAX
            }
            (
                DecreeStep::Campaign {
                    path,
                    group,
                    settled,
                },
                DecreeKind::Campaign,
            ) => chosen.is_empty() && self.campaign_fits(decree.grant, path, *group, settled),
            _ => false,
        };
        if !fits {
            return bad(format!("{name} is at a step it cannot be at"));
        }
        Ok(())
    }

    /// A Campaign's path, moving group and settled pieces (§4.2.2, OQ-26, OQ-45).
    fn campaign_fits(
        &self,
        grant: DecreeGrant,
        path: &[SpaceId],
        group: (u8, u8),
        settled: &[(SpaceId, u8, u8)],
    ) -> bool {
        let Some(&here) = path.last() else {
            return group == (0, 0) && settled.is_empty();
        };
        let succession = grant == DecreeGrant::Succession;
        let allowed = |s: SpaceId| !succession || s == SpaceId::Delhi || s.is_province();
        let distinct = path.iter().enumerate().all(|(i, s)| !path[..i].contains(s));
        let adjacent = path.windows(2).all(|w| self.map().adjacent(w[0], w[1]));
        if path.len() > CAMPAIGN_MAX_STEPS + 1
            || !distinct
            || !adjacent
            || !path.iter().all(|&s| allowed(s))
        {
            return false;
        }
        let mut seen = SpaceSet::EMPTY;
        for &(space, troops, governors) in settled {
            let pieces = self.space(space);
            let moving = if space == here { group } else { (0, 0) };
            if seen.contains(space)
                || !path[1..].contains(&space)
                || u16::from(troops) + u16::from(moving.0) > u16::from(pieces.troops)
                || u16::from(governors) + u16::from(moving.1) > u16::from(pieces.governors)
            {
                return false;
            }
            seen.insert(space);
        }
        let pieces = self.space(here);
        group.0 <= pieces.troops && group.1 <= pieces.governors
    }

    /// A battle: where it is fought, its participants, dice and losses (§3.X).
    fn check_combat(
        &self,
        parent: Option<&Frame>,
        combat: &Combat,
        child: Option<&Frame>,
    ) -> Result<(), Broken> {
        let plan = &combat.plan;
        let bad = |reason: String| Err((Rule("3.X"), reason));
        let placed = match parent {
            Some(Frame::Command(cmd)) => {
                let waits = match cmd.step {
                    Step::Select => cmd.kind == CommandKind::Attack,
                    Step::Plunder(space) => {
                        space == plan.space && plan.defender == Faction::Sultanate
                    }
                    _ => false,
                };
                waits && cmd.scope.faction == plan.attacker && cmd.selected.contains(plan.space)
            }
            Some(&Frame::Timur { step }) => {
                let space = match step {
                    2 => Some(SpaceId::MountainPasses),
                    4 => Some(SpaceId::Punjab),
                    5 => Some(SpaceId::Delhi),
                    _ => None,
                };
                space == Some(plan.space)
                    && plan.attacker == Faction::Mongols
                    && plan.defender == Faction::Sultanate
            }
            _ => false,
        };
        if !placed || plan.attacker == plan.defender {
            return bad(format!("a battle in {} that no attack started", plan.space));
        }
        let kinds: Vec<PieceKind> = unit_pieces(plan.attacker).map(|p| p.kind()).collect();
        for (i, &(space, kind, n)) in plan.participants.iter().enumerate() {
            let twice = plan.participants[..i]
                .iter()
                .any(|&(s, k, _)| s == space && k == kind);
            let reach = space == plan.space || self.map().adjacent(space, plan.space);
            if twice || !reach || !kinds.contains(&kind) || n > self.space(space).count(kind) {
                return bad(format!(
                    "the attack in {} counts units it does not have",
                    plan.space
                ));
            }
        }
        let dice_ok = (3..=usize::from(MAX_ATTACKER_DICE)).contains(&combat.attacker_dice.len())
            && combat.defender_dice.len() == usize::from(DEFENDER_DICE)
            && combat
                .attacker_dice
                .iter()
                .chain(&combat.defender_dice)
                .all(|d| (1..=6).contains(&d.natural) && d.value <= d.natural);
        if !dice_ok {
            return bad(format!("the battle in {} has impossible dice", plan.space));
        }
        let (attacker_removed, defender_removed) = combat.removed;
        let losses_ok = match combat.step {
            // Rolling, counting hits and the Influence shift happen at once.
            CombatStep::Roll | CombatStep::Hits | CombatStep::Influence => false,
            CombatStep::AttackerCavalry | CombatStep::DefenderCavalry => {
                combat.removed == (0, 0) && combat.attacker_losses == 0 && combat.obedient_allowed
            }
            CombatStep::DefenderLosses { remaining } => {
                attacker_removed == 0
                    && u16::from(remaining) + u16::from(defender_removed)
                        <= u16::from(MAX_ATTACKER_DICE)
                    && combat.attacker_losses <= DEFENDER_DICE
            }
            CombatStep::AttackerLosses { remaining } => {
                u16::from(remaining) + u16::from(attacker_removed)
                    == u16::from(combat.attacker_losses)
                    && defender_removed <= MAX_ATTACKER_DICE
                    && combat.attacker_losses <= DEFENDER_DICE
            }
        };
        if !losses_ok {
            return bad(format!(
                "the battle in {} is at {:?} with {attacker_removed} and {defender_removed} \
                 pieces lost",
                plan.space, combat.step
            ));
        }
        no_child("battle", child)
    }

    /// A cavalry gain the pool could not cover (§1.10, OQ-19).
    fn check_take_cavalry(
        &self,
        card: Card,
        parent: Option<&Frame>,
        gainer: Player,
        remaining: u8,
        child: Option<&Frame>,
    ) -> Result<(), Broken> {
        let placed = match parent {
            // A Decree that takes effect at once: Collect Tribute or Trade.
            Some(&Frame::FactionTurn {
                player,
                option: Some(TurnOption::CommandAndDecree),
                decree_done: true,
                ..
            }) if player == gainer => true,
            Some(_) if self.options.events && is_event_turn(parent) => true,
            Some(Frame::Decree(decree)) => {
                decree.player == gainer && matches!(decree.step, DecreeStep::CompelRemoval { .. })
            }
            Some(&Frame::Succession {
                card: SuccessionCard::ZenithOfTheSultanate | SuccessionCard::RiseOfTheRebelSultans,
                step: 4,
            }) => gainer == Player::Bahmani,
            None => match card {
                Card::Succession(SuccessionCard::RiseOfTheRebelSultans) => {
                    gainer == Player::Vijayanagara
                }
                Card::MongolInvasion(m) => self.options.deck.operator(m) == gainer,
                _ => false,
            },
            _ => false,
        };
        if !placed {
            return broken(
                "1.10",
                format!("{gainer} takes cavalry where nothing gave it any"),
            );
        }
        let others: u8 = Player::ALL
            .into_iter()
            .filter(|&p| p != gainer)
            .map(|p| self.cavalry[p])
            .sum();
        if remaining == 0 || remaining > others || self.cavalry_pool() > 0 {
            return broken(
                "OQ-19",
                format!(
                    "{gainer} takes {remaining} cavalry from others holding {others}, with {} in \
                     the pool",
                    self.cavalry_pool()
                ),
            );
        }
        no_child("cavalry gain", child)
    }

    // ----- liveness -------------------------------------------------------------------------

    /// Unless the game is over, a decision with a choice; and every listed action applies
    /// (those that need the card host aside), to a state that passes [`State::check_structure`]
    /// and again waits for a decision unless the game is over.
    fn check_live(&self) -> Result<(), Broken> {
        let Some(decision) = self.decision() else {
            return self.not_stuck();
        };
        let in_event = matches!(self.stack.last(), Some(Frame::Event { .. }));
        for &action in &decision.choices {
            if in_event || matches!(action, Action::Event(_)) {
                continue;
            }
            let mut next = self.clone();
            next.play_listed(action, None, &mut Log::silent())
                .map_err(|e| {
                    (
                        e.rule(),
                        format!("the listed action {action} is refused: {e}"),
                    )
                })?;
            next.check_structure()
                .and_then(|()| next.not_stuck_after())
                .map_err(|(rule, reason)| {
                    (rule, format!("after the listed action {action}: {reason}"))
                })?;
        }
        Ok(())
    }

    /// The checks of a restored state that need the card host that runs the Event texts
    /// (§2.3.4), for a game played with Event cards: an Event waiting for a choice, replayed
    /// from its start with the answers given so far, asks that faction that question (the
    /// same choices); and the listed actions that run a card (an Event side, an answer to an
    /// Event) apply, leading to a state that passes the checks of [`Snapshot::validate`]'s
    /// lookahead. A side refused for changing nothing (deck C15) is a refusal the rules
    /// make, not a broken state. Without a host there is nothing to check.
    pub(crate) fn check_with_host(&self, host: Option<&dyn EventHost>) -> Result<(), Violation> {
        let Some(host) = host else {
            return Ok(());
        };
        if let Some(Frame::Event {
            run,
            chooser,
            choices,
            ..
        }) = self.stack.last()
        {
            let mut scratch = self.clone();
            let asks = matches!(host.run(&mut scratch, run), Ok(EventProgress::Choice {
                player,
                choices: offered,
                ..
            }) if player == *chooser && offered == *choices);
            if !asks {
                return Err(Violation {
                    rule: Rule("2.3.4"),
                    reason: format!(
                        "Event {}, replayed with the {} answers given, does not ask {chooser} \
                         this question",
                        run.card,
                        run.choices.len()
                    ),
                });
            }
        }
        let Some(decision) = self.decision() else {
            return Ok(());
        };
        let in_event = matches!(self.stack.last(), Some(Frame::Event { .. }));
        for &action in &decision.choices {
            if !in_event && !matches!(action, Action::Event(_)) {
                continue;
            }
            let mut next = self.clone();
            match next.play_listed(action, Some(host), &mut Log::silent()) {
                Ok(()) => {}
                Err(Error::EventWithoutEffect { .. }) => continue,
                Err(e) => {
                    return Err(Violation {
                        rule: e.rule(),
                        reason: format!("the listed action {action} is refused: {e}"),
                    });
                }
            }
            next.check_structure()
                .and_then(|()| next.not_stuck_after())
                .map_err(|(rule, reason)| Violation {
                    rule,
                    reason: format!("after the listed action {action}: {reason}"),
                })?;
        }
        Ok(())
    }

    /// No decision: only once the game is over.
    fn not_stuck(&self) -> Result<(), Broken> {
        if self.over {
            return Ok(());
        }
        broken(
            "2.2",
            "no one has a decision to make, but the game is not over".into(),
        )
    }

    fn not_stuck_after(&self) -> Result<(), Broken> {
        match self.decision() {
            Some(_) => Ok(()),
            None => self.not_stuck(),
        }
    }
}

/// The fields of a [`Frame::FactionTurn`].
#[derive(Clone, Copy)]
struct TurnFields {
    player: Player,
    option: Option<TurnOption>,
    command_done: bool,
    decree_done: bool,
    free: bool,
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

/// Whether `parent` is a Succession step that offers DS the Campaign (§2.5.1, §2.5.2).
fn is_campaign_step(parent: Option<&Frame>) -> bool {
    matches!(
        parent,
        Some(Frame::Succession {
            card: SuccessionCard::ZenithOfTheSultanate,
            step: 3
        }) | Some(Frame::Succession {
            card: SuccessionCard::RiseOfTheRebelSultans,
            step: 2
        })
    )
}

/// Whether `parent` is where an event's grants wait and start: the turn of the faction that
/// carried out the Event, or another grant (§2.3.4, §3.1.3).
fn is_event_turn(parent: Option<&Frame>) -> bool {
    matches!(
        parent,
        Some(Frame::FactionTurn {
            option: Some(TurnOption::EventOrCommand),
            command_done: true,
            ..
        }) | Some(Frame::Granted(_))
    )
}

/// Whether a Command's scope is one an event grants: free, of a player faction, chosen by it
/// (§3.1.3).
fn is_event_scope(scope: &CommandScope) -> bool {
    scope.free && scope.faction.player() == Some(scope.operator)
}

/// Frames that wait for their own decision have nothing above them.
fn no_child(frame: &str, child: Option<&Frame>) -> Result<(), Broken> {
    match child {
        None => Ok(()),
        Some(above) => broken(
            "2.2",
            format!(
                "a {} stands above a {frame} that waits for a decision",
                frame_name(above)
            ),
        ),
    }
}

fn frame_name(frame: &Frame) -> &'static str {
    match frame {
        Frame::EventCard { .. } => "card",
        Frame::FactionTurn { .. } => "turn",
        Frame::Command(_) => "Command",
        Frame::Decree(_) => "Decree",
        Frame::Combat(_) => "battle",
        Frame::TakeCavalry { .. } => "cavalry gain",
        Frame::MongolInvasion { .. } => "Mongol Invasion",
        Frame::Gift { .. } => "Gift of Compromise",
        Frame::Succession { .. } => "Succession card",
        Frame::SuccessionCampaign => "Succession Campaign",
        Frame::Lords { .. } => "purchase of Influence shifts",
        Frame::Event { .. } => "Event choice",
        Frame::Granted(_) => "grant",
        Frame::Timur { .. } => "Timur's invasion",
        Frame::Transfer { .. } => "gift",
    }
}

impl Snapshot for State {
    const GAME: &'static str = "vijayanagara";
    const VERSION: u32 = 1;

    /// Everything a state reached by play satisfies: the invariants of the board
    /// ([`State::check_invariants`]); every frame of the play stack where and as the rules put
    /// it, with its counters in range and the current card named; and that play goes on:
    /// unless the game is over someone has a decision, and every listed action applies,
    /// leading to a state that passes the same checks of the board and the stack and again
    /// has a decision unless the game is over. (An Event's own choices, and choosing an Event
    /// side, run card scripts on a host the state does not hold: those are not tried here.)
    ///
    /// ```
    /// use darbar::engine::{Rule, Snapshot};
    /// use darbar::vijayanagara::State;
    ///
    /// let state = State::new(5);
    /// assert_eq!(state.validate(), Ok(()));
    /// // The play stack emptied: no card under way, so no one can act.
    /// let mut value: serde_json::Value = serde_json::from_str(&state.to_snapshot()).unwrap();
    /// value["state"]["stack"] = serde_json::json!([]);
    /// let err = State::from_snapshot(&value.to_string()).unwrap_err();
    /// assert_eq!(err.rule(), Some(Rule("2.2")));
    /// ```
    fn validate(&self) -> Result<(), Violation> {
        self.check_structure()?;
        Ok(self.check_live()?)
    }
}
